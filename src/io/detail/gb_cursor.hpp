#pragma once
// Private bounds-checked reader of GraphBinary bytes. ByteCursor is the one cursor of every
// GraphBinary reader: the value codec (Cursor below, shared by Reader in graphbinary_read.cpp and
// Skipper in graphbinary_skip.cpp, which must accept exactly the same inputs) and the ws37/http4
// envelope reader (gbw::Reader, gb_wire.hpp) both build on it. Not a public header.
#include "bytes.hpp"
#include "gb_tables.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/result.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tpbench::io::gb_detail {

using detail::load_be16;
using detail::load_be32;
using detail::load_be64;

// A position in one whole input: bounds, big-endian loads, UTF-8 (bytes.hpp), offsets and the error
// texts every GraphBinary layer shares (a truncated field, invalid UTF-8). It holds no error state:
// each layer keeps its own error model on top (Cursor: bool plus the member `err`; gbw::Reader:
// std::optional<Error> per field). Offsets in errors are absolute in the input.
class ByteCursor {
public:
    ByteCursor(std::string_view in, std::size_t pos) noexcept
        : base_(reinterpret_cast<const unsigned char*>(in.data())),
          p_(base_ + pos),
          end_(base_ + in.size()) {}

    std::size_t pos() const noexcept { return static_cast<std::size_t>(p_ - base_); }
    std::size_t left() const noexcept { return static_cast<std::size_t>(end_ - p_); }
    bool has(std::size_t n) const noexcept { return left() >= n; }
    const unsigned char* ptr() const noexcept { return p_; }
    std::size_t offset_of(const unsigned char* at) const noexcept {
        return static_cast<std::size_t>(at - base_);
    }
    void advance(std::size_t n) noexcept { p_ += n; }

    // Loads at the position; the caller has checked has(1/4/8).
    std::uint8_t u8() const noexcept { return *p_; }
    std::uint32_t be32() const noexcept { return load_be32(p_); }
    std::uint64_t be64() const noexcept { return load_be64(p_); }
    // True if the next n bytes (has(n) checked) are well-formed UTF-8.
    bool utf8(std::size_t n) const noexcept { return detail::valid_utf8(p_, n); }

    Error error_at(errc c, const unsigned char* at, std::string msg) const {
        return Error{c, offset_of(at), std::move(msg)};
    }
    // "truncated WHAT: needs N bytes, LEFT left"
    [[gnu::cold, gnu::noinline]] static std::string truncated_text(std::string_view what, std::size_t n,
                                                                   std::size_t left) {
        return std::string("truncated ").append(what) + ": needs " + std::to_string(n) + " bytes, " +
               std::to_string(left) + " left";
    }
    // "WHAT of N bytes is not valid UTF-8"
    [[gnu::cold, gnu::noinline]] static std::string bad_utf8_text(std::string_view what, std::size_t n) {
        return std::string(what).append(" of ") + std::to_string(n) + " bytes is not valid UTF-8";
    }

protected:
    const unsigned char* base_;
    const unsigned char* p_;
    const unsigned char* end_;
};

// The value codec's cursor: lengths, counts, depth and the error construction shared by Reader
// (materialises) and Skipper (validates only). Errors: the first failure is recorded in `err` and
// every step returns false.
class Cursor : public ByteCursor {
public:
    Cursor(std::string_view in, std::size_t pos, GbVersion ver, const GbLimits& lim)
        : ByteCursor(in, pos),
          v4_(ver == GbVersion::v4),
          max_depth_(std::min(lim.max_depth, kHardMaxDepth)),
          max_len_(lim.max_length),
          complete_(lim.complete_input),
          valid_(v4_ ? kCodes.v4.data() : kCodes.v1.data()),
          fixed_(v4_ ? kFixedV4.data() : kFixedV1.data()) {}

    Error err;

protected:
    [[gnu::cold, gnu::noinline]] bool fail(errc c, const unsigned char* at, std::string msg) {
        err.code = c;
        err.offset = offset_of(at);
        err.message = std::move(msg);
        return false;
    }

    [[gnu::cold, gnu::noinline]] bool fail_truncated(std::size_t n, const char* what) {
        return fail(errc::truncated, p_, truncated_text(what, n, left()));
    }

    bool need(std::size_t n, const char* what) {
        if (has(n)) [[likely]]
            return true;
        return fail_truncated(n, what);
    }

    [[gnu::cold, gnu::noinline]] bool fail_length(std::int32_t v, std::size_t unit, std::size_t avail,
                                                  const char* what, const char* noun) {
        const std::string head = std::string(what) + " " + noun + " " + std::to_string(v);
        if (v < 0) return fail(errc::bad_length, p_, head + " is negative");
        const std::size_t n = static_cast<std::size_t>(v);
        const std::size_t bytes = n * unit;
        if (bytes > avail) {
            const std::string tail = unit == 1 ? " exceeds the " + std::to_string(avail) + " bytes left"
                                               : " needs at least " + std::to_string(bytes) + " bytes but " +
                                                     std::to_string(avail) + " are left";
            if (complete_ || n > max_len_) return fail(errc::bad_length, p_, head + tail);
            return fail(errc::truncated, p_, "truncated " + head + ":" + tail);
        }
        return fail(errc::bad_length, p_, head + " exceeds the limit of " + std::to_string(max_len_));
    }

    // Reads an Int length or count and checks it against the limits and the bytes left (each
    // element needs at least `unit` bytes). Negative or above max_length -> bad_length; past the
    // end -> truncated (bad_length with complete_input). The error offset is the Int's.
    bool length(std::size_t& n, std::size_t unit, const char* what, const char* noun = "length") {
        if (!need(4, what)) return false;
        const std::int32_t v = static_cast<std::int32_t>(be32());
        const std::size_t avail = left() - 4;
        if (v < 0 || static_cast<std::size_t>(v) > max_len_ || static_cast<std::size_t>(v) * unit > avail)
            [[unlikely]] {
            return fail_length(v, unit, avail, what, noun);
        }
        p_ += 4;
        n = static_cast<std::size_t>(v);
        return true;
    }

    bool count(std::size_t& n, std::size_t unit, const char* what) { return length(n, unit, what, "count"); }

    bool enter(std::size_t depth, std::uint8_t c) {
        if (depth < max_depth_) [[likely]]
            return true;
        return fail_deep(c);
    }

    [[gnu::cold, gnu::noinline]] bool fail_deep(std::uint8_t c) {
        return fail(errc::too_deep, p_,
                    std::string(code_name(c, v4_)) + " nested deeper than the limit of " +
                        std::to_string(max_depth_) + " levels");
    }

    bool check_utf8(const unsigned char* s, std::size_t n, const char* what) {
        if (detail::valid_utf8(s, n)) [[likely]]
            return true;
        return fail_utf8(s, n, what);
    }

    [[gnu::cold, gnu::noinline]] bool fail_utf8(const unsigned char* s, std::size_t n, const char* what) {
        return fail(errc::bad_utf8, s, bad_utf8_text(what, n));
    }

    [[gnu::cold, gnu::noinline]] bool fail_flag(const unsigned char* at, std::uint8_t c, std::uint8_t flag) {
        const bool bulk_ok = v4_ && (c == code::list || c == code::map);
        return fail(errc::bad_value, at,
                    std::string(code_name(c, v4_)) + " value_flag " + hex2(flag) +
                        " is invalid (expected 0x00" + (bulk_ok ? ", 0x01 or 0x02)" : " or 0x01)"));
    }

    [[gnu::cold, gnu::noinline]] bool fail_unknown(const unsigned char* at, std::uint8_t c) {
        std::string msg = "unknown type code " + hex2(c) + " for GraphBinary " + (v4_ ? "4.0" : "1.0");
        if (v4_ && kCodes.v1[c]) msg += std::string(" (") + code_name(c, false) + " exists only in 1.0)";
        return fail(errc::unknown_type, at, std::move(msg));
    }

    // Char: 1..4 bytes, one UTF-8 character.
    bool char_length(std::size_t& n) {
        if (!need(1, "Char")) return false;
        n = detail::utf8_sequence_length(*p_);
        if (n == 0)
            return fail(errc::bad_utf8, p_,
                        "Char lead byte " + hex2(*p_) + " cannot start a UTF-8 character");
        if (!need(n, "Char")) return false;
        return check_utf8(p_, n, "Char");
    }

    // Custom 0x00: name String, type info ByteBuffer, value flag, Int-length blob. p_ is past the
    // type code on entry; on success p_ is past the value.
    bool skip_custom() {
        std::size_t n = 0;
        if (!length(n, 1, "Custom type name")) return false;
        if (!check_utf8(p_, n, "Custom type name")) return false;
        p_ += n;
        if (!length(n, 1, "Custom type info")) return false;
        p_ += n;
        if (!need(1, "Custom value_flag")) return false;
        const std::uint8_t flag = *p_;
        if (flag > 1)
            return fail(errc::bad_value, p_,
                        "Custom value_flag " + hex2(flag) + " is invalid (expected 0x00 or 0x01)");
        ++p_;
        if (flag == 0) {
            if (!length(n, 1, "Custom value")) return false;
            p_ += n;
        }
        return true;
    }

    bool v4_;
    std::size_t max_depth_;
    std::size_t max_len_;
    bool complete_;
    const bool* valid_;
    const std::uint8_t* fixed_;
};

}  // namespace tpbench::io::gb_detail
