#pragma once
// Private helpers of the ws37/http4 envelope codecs for GraphBinary envelope fields (value form):
// the envelope reader (on the GraphBinary cursor of gb_cursor.hpp; every failure is an io::Error
// with the absolute offset), and the field writers (big-endian and UTF-8 primitives from
// bytes.hpp). Not a public header.
#include "bytes.hpp"
#include "gb_cursor.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <climits>
#include <cstring>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::io::detail::gbw {

inline void put_u8(std::string& out, std::uint8_t v) { out.push_back(static_cast<char>(v)); }
inline void put_u32(std::string& out, std::uint32_t v) { append_be32(out, v); }
inline void put_i32(std::string& out, std::int32_t v) { append_be32(out, static_cast<std::uint32_t>(v)); }
inline void put_i64(std::string& out, std::int64_t v) { append_be64(out, static_cast<std::uint64_t>(v)); }
// String value form (Int length + UTF-8); invalid UTF-8 is written as U+FFFD (bytes.hpp's policy).
inline void put_string(std::string& out, std::string_view s) {
    if (valid_utf8(s)) [[likely]] {
        put_i32(out, static_cast<std::int32_t>(s.size()));
        out.append(s.data(), s.size());
        return;
    }
    put_i32(out, static_cast<std::int32_t>(utf8_replaced_size(s)));
    append_utf8_replacing(out, s);
}
inline void put_nullable_string(std::string& out, const std::optional<std::string>& s) {
    if (!s) {
        put_u8(out, 0x01);
        return;
    }
    put_u8(out, 0x00);
    put_string(out, *s);
}
inline std::uint32_t get_u32(const char* p) noexcept { return load_be32(p); }
inline std::int64_t get_i64(const char* p) noexcept { return static_cast<std::int64_t>(load_be64(p)); }

// Writes a Map value (Int count + FQ key/value pairs) of a model map; a non-map writes as empty.
inline void put_map_value(std::string& out, const model::Value& m, GbVersion ver) {
    if (m.type() != model::Type::map) {
        put_i32(out, 0);
        return;
    }
    const auto& kv = m.kids();
    put_i32(out, static_cast<std::int32_t>(kv.size() / 2));
    for (const auto& x : kv) gb_write(out, x, ver);
}

// The envelope reader: walks a whole message field by field. Its position is an index (`pos`, which
// the envelope walkers read and move between fields); each field is read by the one GraphBinary
// cursor (gb_detail::ByteCursor, gb_cursor.hpp) at that position, and values by the value codec
// (gb_read/gb_skip, on the same cursor). Error model: each field returns std::optional<Error>; a
// refused Int/Long/Byte/UUID/count/String leaves the position at its start (a composite field —
// nullable String, map — may have moved past its parts that were read). Offsets in errors are
// absolute in `in`.
struct Reader {
    using ByteCursor = gb_detail::ByteCursor;

    std::string_view in;
    std::size_t pos = 0;
    std::size_t max_len = static_cast<std::size_t>(INT32_MAX);  // longest String accepted

    ByteCursor cursor() const noexcept { return ByteCursor{in, pos}; }
    std::size_t left() const noexcept { return in.size() - pos; }

    Error fail(errc code, std::string msg) const { return Error{code, pos, std::move(msg)}; }
    std::optional<Error> need(std::size_t n, std::string_view what) const {
        const ByteCursor c = cursor();
        if (c.has(n)) [[likely]]
            return std::nullopt;
        return truncated(c, n, what);
    }
    std::optional<Error> u8(std::uint8_t& v, std::string_view what) {
        const ByteCursor c = cursor();
        if (!c.has(1)) [[unlikely]]
            return truncated(c, 1, what);
        v = c.u8();
        pos += 1;
        return std::nullopt;
    }
    std::optional<Error> i32(std::int32_t& v, std::string_view what) {
        const ByteCursor c = cursor();
        if (!c.has(4)) [[unlikely]]
            return truncated(c, 4, what);
        v = static_cast<std::int32_t>(c.be32());
        pos += 4;
        return std::nullopt;
    }
    std::optional<Error> i64(std::int64_t& v, std::string_view what) {
        const ByteCursor c = cursor();
        if (!c.has(8)) [[unlikely]]
            return truncated(c, 8, what);
        v = static_cast<std::int64_t>(c.be64());
        pos += 8;
        return std::nullopt;
    }
    // Int length/count that must be >= 0 and, at `min_each` bytes per unit, fit in what is left.
    std::optional<Error> count(std::int32_t& n, std::string_view what, std::size_t min_each) {
        ByteCursor c = cursor();
        if (!c.has(4)) [[unlikely]]
            return truncated(c, 4, what);
        n = static_cast<std::int32_t>(c.be32());
        c.advance(4);
        if (n < 0)
            return Error{errc::bad_length, pos, "negative " + std::string(what) + " " + std::to_string(n)};
        if (static_cast<std::uint64_t>(n) * min_each > c.left())
            return Error{errc::bad_length, pos,
                         std::string(what) + " " + std::to_string(n) + " exceeds the " +
                             std::to_string(c.left()) + " bytes left"};
        pos = c.pos();
        return std::nullopt;
    }
    std::optional<Error> string(std::string& s, std::string_view what) {
        ByteCursor c = cursor();
        if (!c.has(4)) [[unlikely]]
            return truncated(c, 4, what);
        const auto n = static_cast<std::int32_t>(c.be32());
        if (n < 0)
            return Error{errc::bad_length, pos,
                         "negative length " + std::to_string(n) + " of " + std::string(what)};
        if (static_cast<std::size_t>(n) > max_len)
            return Error{errc::bad_length, pos,
                         "length " + std::to_string(n) + " of " + std::string(what) + " is too large"};
        c.advance(4);
        const auto len = static_cast<std::size_t>(n);
        if (!c.has(len)) return Error{errc::truncated, pos, ByteCursor::truncated_text(what, len, c.left())};
        if (!c.utf8(len)) [[unlikely]]
            return c.error_at(errc::bad_utf8, c.ptr(), ByteCursor::bad_utf8_text(what, len));
        s.assign(reinterpret_cast<const char*>(c.ptr()), len);
        pos = c.pos() + len;
        return std::nullopt;
    }
    std::optional<Error> nullable_string(std::optional<std::string>& s, std::string_view what) {
        std::uint8_t flag = 0;
        const std::size_t at = pos;
        if (auto e = u8(flag, what)) return e;
        if (flag == 0x01) {
            s.reset();
            return std::nullopt;
        }
        if (flag != 0x00) return Error{errc::bad_value, at, "bad value flag of " + std::string(what)};
        s.emplace();
        return string(*s, what);
    }
    std::optional<Error> uuid(model::Uuid& u, std::string_view what) {
        const ByteCursor c = cursor();
        if (!c.has(u.size())) [[unlikely]]
            return truncated(c, u.size(), what);
        std::memcpy(u.data(), c.ptr(), u.size());
        pos += u.size();
        return std::nullopt;
    }
    [[gnu::cold, gnu::noinline]] static Error truncated(const ByteCursor& c, std::size_t n,
                                                        std::string_view what) {
        return c.error_at(errc::truncated, c.ptr(), ByteCursor::truncated_text(what, n, c.left()));
    }
    // The message is complete: an oversized length/count is bad_length, not truncated.
    static GbLimits complete_limits() {
        GbLimits l;
        l.complete_input = true;
        return l;
    }
    std::optional<Error> value(model::Value& v, GbVersion ver) {
        auto r = gb_read(in, pos, ver, complete_limits());
        if (!r) return r.error();
        v = std::move(r).value();
        return std::nullopt;
    }
    std::optional<Error> skip(GbVersion ver) {
        auto r = gb_skip(in, pos, ver, complete_limits());
        if (!r) return r.error();
        pos = *r;
        return std::nullopt;
    }
    // Validates and skips a map value (Int count, then count x (FQ key, FQ value)) without
    // building it: the count path's way through the response header.
    std::optional<Error> skip_map_value(GbVersion ver, std::string_view what) {
        std::int32_t n = 0;
        if (auto e = count(n, what, 4)) return e;
        for (std::int32_t i = 0; i < 2 * n; ++i)
            if (auto e = skip(ver)) return e;
        return std::nullopt;
    }
    // Map value: Int count, then count × (FQ key, FQ value).
    std::optional<Error> map_value(model::Value& m, GbVersion ver, std::string_view what) {
        std::int32_t n = 0;
        if (auto e = count(n, what, 4)) return e;
        std::vector<model::Value> kv;
        kv.reserve(static_cast<std::size_t>(n) * 2);
        for (std::int32_t i = 0; i < 2 * n; ++i) {
            model::Value x;
            if (auto e = value(x, ver)) return e;
            kv.push_back(std::move(x));
        }
        m = model::Value::map(std::move(kv));
        return std::nullopt;
    }
};

}  // namespace tpbench::io::detail::gbw
