#pragma once
// Private JSON lexer and writer of every src/io codec (GraphSON 3.0/4.0 and the ws37/http4 JSON
// envelopes): a cursor over the input that reads strings (escapes, UTF-8 validation), numbers and
// literals and records the first error with its byte offset; the position-based helpers the
// envelope and streaming decoders use (skip_ws, skip_literal, parse_string: the same string rules);
// and the one JSON string writer (write_string, also io::write_json_string). The invalid-UTF-8
// policy is detail/bytes.hpp's: bad_utf8 on read, U+FFFD on write. Header-only so the hot loops
// inline. Not a public header.
#include "bytes.hpp"

#include <tpbench/io/result.hpp>

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace tpbench::io::detail::json {

inline bool is_ws(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

inline int hex_digit(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// High bit set in each of the 8 bytes (memory order = little-endian significance) that may be
// < 0x20, '"', '\\' or >= 0x80 (SWAR test). Borrows can only mark bytes after a truly special one,
// so the lowest set bit always marks the first special byte.
inline std::uint64_t special_mask8(const char* p) noexcept {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const auto has_zero = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
    const std::uint64_t lt20 = (x - ones * 0x20) & ~x & highs;
    return (has_zero(x ^ (ones * '"')) | has_zero(x ^ (ones * '\\')) | lt20 | x) & highs;
}
inline bool has_special8(const char* p) noexcept { return special_mask8(p) != 0; }

// True when `s` equals the string literal `lit` (length known at compile time, so the comparison
// inlines).
template <std::size_t N>
inline bool eq(std::string_view s, const char (&lit)[N]) noexcept {
    return s.size() == N - 1 && std::memcmp(s.data(), lit, N - 1) == 0;
}

// A number token: its text and shape.
struct NumTok {
    std::string_view text;
    bool integer = true;  // no fraction, no exponent
    bool negative = false;
};

// Cursor over JSON text. Every reading method returns false after recording the error (first one
// wins) with the offset of the offending byte.
class Cursor {
public:
    Cursor(std::string_view in) noexcept : b_(in.data()), p_(in.data()), e_(in.data() + in.size()) {}

    const char* begin() const noexcept { return b_; }
    const char* pos() const noexcept { return p_; }
    const char* end() const noexcept { return e_; }
    void set_pos(const char* p) noexcept { p_ = p; }
    std::size_t offset() const noexcept { return static_cast<std::size_t>(p_ - b_); }
    bool at_end() const noexcept { return p_ >= e_; }
    char peek() const noexcept { return *p_; }
    void bump() noexcept { ++p_; }
    Error& error() noexcept { return err_; }

    bool fail_at(const char* at, errc code, const char* msg) {
        if (err_.code == errc::ok) {
            err_.code = code;
            err_.offset = static_cast<std::size_t>(at - b_);
            err_.message = msg;
        }
        return false;
    }
    bool fail(errc code, const char* msg) { return fail_at(p_, code, msg); }
    bool fail_msg(errc code, std::string msg) {
        if (err_.code == errc::ok) {
            err_.code = code;
            err_.offset = offset();
            err_.message = std::move(msg);
        }
        return false;
    }
    bool truncated() { return fail_at(e_, errc::truncated, "JSON input ends inside a value"); }

    void ws() noexcept {
        while (p_ < e_ && is_ws(*p_)) ++p_;
    }
    // Skips whitespace; false (truncated) at the end of input.
    bool ws_more() {
        ws();
        return p_ < e_ || truncated();
    }
    // Skips whitespace and consumes `c`.
    bool expect(char c) {
        if (!ws_more()) return false;
        if (*p_ != c)
            return fail(errc::bad_json, c == ':'   ? "expected ':'"
                                        : c == ',' ? "expected ','"
                                        : c == '}' ? "expected '}'"
                                        : c == ']' ? "expected ']'"
                                        : c == '{' ? "expected '{'"
                                        : c == '[' ? "expected '['"
                                                   : "unexpected character");
        ++p_;
        return true;
    }
    // Consumes the literal at the cursor (true/false/null) of length n.
    bool literal(const char* lit, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            if (p_ + i >= e_) return truncated();
            if (p_[i] != lit[i]) return fail_at(p_ + i, errc::bad_json, "invalid literal");
        }
        p_ += n;
        return true;
    }

    // Reads the string at the cursor (which is at '"'). If it has no escapes, `out` views the input;
    // otherwise the decoded text is built in `scratch` and `out` views that.
    bool string(std::string_view& out, std::string& scratch) {
        const char* start = ++p_;
        if (!scan_plain()) return false;
        if (*p_ == '"') {
            out = std::string_view(start, static_cast<std::size_t>(p_ - start));
            ++p_;
            return true;
        }
        scratch.assign(start, p_);
        if (!string_slow(scratch)) return false;
        out = scratch;
        return true;
    }
    // Reads the string at the cursor into `out` (replacing its content).
    bool string_into(std::string& out) {
        const char* start = ++p_;
        if (!scan_plain()) return false;
        if (*p_ == '"') {
            out.assign(start, p_);
            ++p_;
            return true;
        }
        out.assign(start, p_);
        return string_slow(out);
    }
    // Skips the string at the cursor, validating it.
    bool skip_string() {
        ++p_;
        for (;;) {
            if (!scan_plain()) return false;
            if (*p_ == '"') {
                ++p_;
                return true;
            }
            if (!escape(nullptr)) return false;
        }
    }

    // Reads a number token at the cursor. `stream`: a number that reaches the end of input is
    // reported as truncated (more digits may follow).
    bool number(NumTok& t, bool stream = false) {
        const char* s = p_;
        t.negative = false;
        t.integer = true;
        if (*p_ == '-') {
            t.negative = true;
            ++p_;
        }
        if (p_ >= e_) return truncated();
        if (*p_ == '0') {
            ++p_;
        } else if (*p_ >= '1' && *p_ <= '9') {
            while (p_ < e_ && *p_ >= '0' && *p_ <= '9') ++p_;
        } else {
            return fail(errc::bad_json, "invalid number");
        }
        if (p_ < e_ && *p_ == '.') {
            t.integer = false;
            ++p_;
            if (p_ >= e_) return truncated();
            if (*p_ < '0' || *p_ > '9')
                return fail(errc::bad_json, "invalid number: digit expected after '.'");
            while (p_ < e_ && *p_ >= '0' && *p_ <= '9') ++p_;
        }
        if (p_ < e_ && (*p_ == 'e' || *p_ == 'E')) {
            t.integer = false;
            ++p_;
            if (p_ < e_ && (*p_ == '+' || *p_ == '-')) ++p_;
            if (p_ >= e_) return truncated();
            if (*p_ < '0' || *p_ > '9')
                return fail(errc::bad_json, "invalid number: digit expected in exponent");
            while (p_ < e_ && *p_ >= '0' && *p_ <= '9') ++p_;
        }
        if (stream && p_ >= e_) return truncated();
        t.text = std::string_view(s, static_cast<std::size_t>(p_ - s));
        return true;
    }

private:
    // Advances over bytes that need no decoding (validating UTF-8); stops at '"' or '\\'.
    bool scan_plain() {
        for (;;) {
            // Jump to the first byte that may need attention, 8 bytes per step.
            if (e_ - p_ >= 8) {
                const std::uint64_t m = special_mask8(p_);
                if (m == 0) {
                    p_ += 8;
                    continue;
                }
                p_ += __builtin_ctzll(m) >> 3;
            }
            if (p_ >= e_) return truncated();
            const auto c = static_cast<unsigned char>(*p_);
            if (c == '"' || c == '\\') return true;
            if (c < 0x20) return fail(errc::bad_json, "control character in string");
            if (c < 0x80) {
                ++p_;
                continue;
            }
            const int n = utf8_sequence_at(reinterpret_cast<const unsigned char*>(p_),
                                           reinterpret_cast<const unsigned char*>(e_));
            if (n < 0) return truncated();
            if (n == 0) return fail(errc::bad_utf8, "invalid UTF-8 in string");
            p_ += n;
        }
    }
    // Decodes the escape at the cursor ('\\') into `out` (or only validates when null).
    bool escape(std::string* out) {
        const char* at = p_;
        if (++p_ >= e_) return truncated();
        char c = *p_++;
        char r;
        switch (c) {
            case '"':
                r = '"';
                break;
            case '\\':
                r = '\\';
                break;
            case '/':
                r = '/';
                break;
            case 'b':
                r = '\b';
                break;
            case 'f':
                r = '\f';
                break;
            case 'n':
                r = '\n';
                break;
            case 'r':
                r = '\r';
                break;
            case 't':
                r = '\t';
                break;
            case 'u': {
                std::uint32_t cp;
                if (!hex4(cp)) return false;
                if (cp >= 0xdc00 && cp <= 0xdfff)
                    return fail_at(at, errc::bad_utf8, "lone low surrogate escape");
                if (cp >= 0xd800 && cp <= 0xdbff) {
                    if (p_ < e_ && p_[0] != '\\')
                        return fail_at(at, errc::bad_utf8, "lone high surrogate escape");
                    if (e_ - p_ < 2) return truncated();
                    if (p_[1] != 'u') return fail_at(at, errc::bad_utf8, "lone high surrogate escape");
                    p_ += 2;
                    std::uint32_t lo;
                    if (!hex4(lo)) return false;
                    if (lo < 0xdc00 || lo > 0xdfff)
                        return fail_at(at, errc::bad_utf8, "invalid surrogate pair escape");
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                }
                if (out) append_utf8(*out, cp);
                return true;
            }
            default:
                return fail_at(at, errc::bad_json, "invalid escape in string");
        }
        if (out) out->push_back(r);
        return true;
    }
    bool hex4(std::uint32_t& cp) {
        cp = 0;
        for (int i = 0; i < 4; ++i) {
            if (p_ >= e_) return truncated();
            const int h = hex_digit(*p_);
            if (h < 0) return fail(errc::bad_json, "invalid \\u escape");
            cp = (cp << 4) | static_cast<std::uint32_t>(h);
            ++p_;
        }
        return true;
    }
    bool string_slow(std::string& out) {
        for (;;) {
            if (*p_ == '"') {
                ++p_;
                return true;
            }
            if (!escape(&out)) return false;
            const char* s = p_;
            if (!scan_plain()) return false;
            out.append(s, p_);
        }
    }

    const char* b_;
    const char* p_;
    const char* e_;
    Error err_;
};

// ---- writing ------------------------------------------------------------------------------

// The one JSON string writer: appends `s` as a JSON string literal, quotes included (RFC 8259
// escapes \" \\ \n \r \t \b \f, other control characters as \u00XX, well-formed UTF-8 verbatim;
// each byte that does not start a well-formed UTF-8 sequence becomes U+FFFD).
inline void write_string(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out.push_back('"');
    const char* p = s.data();
    const char* e = p + s.size();
    while (p < e) {
        const char* run = p;
        while (e - p >= 8 && !has_special8(p)) p += 8;
        while (p < e) {
            const auto c = static_cast<unsigned char>(*p);
            if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) break;
            ++p;
        }
        out.append(run, p);
        if (p >= e) break;
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x80) {
            const int n = utf8_sequence_at(reinterpret_cast<const unsigned char*>(p),
                                           reinterpret_cast<const unsigned char*>(e));
            if (n > 0) {
                out.append(p, static_cast<std::size_t>(n));
                p += n;
            } else {
                out.append(utf8_replacement);
                ++p;
            }
            continue;
        }
        ++p;
        switch (c) {
            case '"':
                out.append("\\\"");
                break;
            case '\\':
                out.append("\\\\");
                break;
            case '\n':
                out.append("\\n");
                break;
            case '\r':
                out.append("\\r");
                break;
            case '\t':
                out.append("\\t");
                break;
            case '\b':
                out.append("\\b");
                break;
            case '\f':
                out.append("\\f");
                break;
            default: {
                const char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                out.append(esc, 6);
            }
        }
    }
    out.push_back('"');
}

// ---- position-based scanning (envelopes, streaming decoders) --------------------------------------

// Outcome of a scanning step. `truncated` means the input ended inside the item (a streaming caller
// may retry with more bytes); `bad` means the bytes are not JSON (or not well-formed UTF-8).
enum class Scan : std::uint8_t { ok, truncated, bad };

inline void skip_ws(std::string_view s, std::size_t& pos) noexcept {
    while (pos < s.size() && is_ws(s[pos])) ++pos;
}

inline Scan skip_literal(std::string_view s, std::size_t& pos, std::string_view lit) noexcept {
    const std::size_t avail = s.size() - pos;
    const std::size_t k = avail < lit.size() ? avail : lit.size();
    for (std::size_t i = 0; i < k; ++i) {
        if (s[pos + i] != lit[i]) {
            pos += i;
            return Scan::bad;
        }
    }
    if (k < lit.size()) return Scan::truncated;
    pos += lit.size();
    return Scan::ok;
}

// Parses the JSON string at `pos` (the opening quote) into `out` with Cursor's rules (escapes,
// UTF-8 validation, surrogate pairs). ok: `pos` is past the closing quote. bad: `pos` is the
// offending byte and `*bad_code` (if given) says bad_json or bad_utf8. truncated: `pos` is unchanged.
inline Scan parse_string(std::string_view s, std::size_t& pos, std::string& out, errc* bad_code = nullptr) {
    Cursor c(s);
    c.set_pos(s.data() + pos);
    if (c.string_into(out)) {
        pos = c.offset();
        return Scan::ok;
    }
    if (c.error().code == errc::truncated) return Scan::truncated;
    pos = c.error().offset;
    if (bad_code != nullptr) *bad_code = c.error().code;
    return Scan::bad;
}

inline void write_int(std::string& out, std::int64_t v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

}  // namespace tpbench::io::detail::json
