#pragma once
// Private helpers of the ws37/http4 envelope codecs for GraphBinary envelope fields (value form):
// a bounds-checked reader that turns every failure into an io::Error with the absolute offset, and
// the field writers (big-endian and UTF-8 primitives from bytes.hpp). Not a public header.
#include "bytes.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <climits>
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

// Bounds-checked reader over a whole message; offsets in errors are absolute in `in`.
struct Reader {
    std::string_view in;
    std::size_t pos = 0;
    std::size_t max_len = static_cast<std::size_t>(INT32_MAX);  // longest String accepted

    std::size_t left() const noexcept { return in.size() - pos; }

    Error fail(errc code, std::string msg) const { return Error{code, pos, std::move(msg)}; }
    std::optional<Error> need(std::size_t n, std::string_view what) const {
        if (left() >= n) return std::nullopt;
        return Error{errc::truncated, pos,
                     "truncated " + std::string(what) + ": needs " + std::to_string(n) + " bytes, " +
                         std::to_string(left()) + " left"};
    }
    std::optional<Error> u8(std::uint8_t& v, std::string_view what) {
        if (auto e = need(1, what)) return e;
        v = static_cast<std::uint8_t>(in[pos++]);
        return std::nullopt;
    }
    std::optional<Error> i32(std::int32_t& v, std::string_view what) {
        if (auto e = need(4, what)) return e;
        v = static_cast<std::int32_t>(get_u32(in.data() + pos));
        pos += 4;
        return std::nullopt;
    }
    std::optional<Error> i64(std::int64_t& v, std::string_view what) {
        if (auto e = need(8, what)) return e;
        v = get_i64(in.data() + pos);
        pos += 8;
        return std::nullopt;
    }
    // Int length/count that must be >= 0 and, at `min_each` bytes per unit, fit in what is left.
    std::optional<Error> count(std::int32_t& n, std::string_view what, std::size_t min_each) {
        const std::size_t at = pos;
        if (auto e = i32(n, what)) return e;
        if (n < 0)
            return Error{errc::bad_length, at, "negative " + std::string(what) + " " + std::to_string(n)};
        if (static_cast<std::uint64_t>(n) * min_each > left())
            return Error{errc::bad_length, at,
                         std::string(what) + " " + std::to_string(n) + " exceeds the " +
                             std::to_string(left()) + " bytes left"};
        return std::nullopt;
    }
    std::optional<Error> string(std::string& s, std::string_view what) {
        const std::size_t at = pos;
        if (auto e = need(4, what)) return e;
        const auto n = static_cast<std::int32_t>(get_u32(in.data() + pos));
        if (n < 0)
            return Error{errc::bad_length, at,
                         "negative length " + std::to_string(n) + " of " + std::string(what)};
        if (static_cast<std::size_t>(n) > max_len)
            return Error{errc::bad_length, at,
                         "length " + std::to_string(n) + " of " + std::string(what) + " is too large"};
        if (static_cast<std::size_t>(n) > left() - 4)
            return Error{errc::truncated, at,
                         "truncated " + std::string(what) + ": needs " + std::to_string(n) + " bytes, " +
                             std::to_string(left() - 4) + " left"};
        const std::string_view text(in.data() + pos + 4, static_cast<std::size_t>(n));
        if (!valid_utf8(text)) [[unlikely]]
            return Error{errc::bad_utf8, pos + 4,
                         std::string(what) + " of " + std::to_string(n) + " bytes is not valid UTF-8"};
        s.assign(text);
        pos += 4 + static_cast<std::size_t>(n);
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
        if (auto e = need(16, what)) return e;
        for (std::size_t i = 0; i < 16; ++i) u[i] = static_cast<std::uint8_t>(in[pos + i]);
        pos += 16;
        return std::nullopt;
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
