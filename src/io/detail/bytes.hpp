#pragma once
// Private byte and UTF-8 primitives of every src/io codec (GraphBinary values and envelopes,
// GraphSON, the ws37/http4 JSON envelopes): big-endian loads/stores, UTF-8 validation, encoding and
// the one invalid-UTF-8 policy. Header-only so the hot loops inline; not part of the public API.
//
// The invalid-UTF-8 policy of src/io (one for every codec):
//   - reading: a string that is not well-formed UTF-8 (bad lead or continuation byte, overlong form,
//     UTF-16 surrogate, above U+10FFFF, sequence cut short; in JSON also a lone surrogate \u escape)
//     is errc::bad_utf8, never passed on;
//   - writing: every writer emits well-formed UTF-8 only; each byte that does not start a
//     well-formed sequence is written as U+FFFD (append_utf8_replacing), as the GraphSON writer
//     always did.
#include <tpbench/model/utf8.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace tpbench::io::detail {

// ---- big-endian -------------------------------------------------------------------------------

inline std::uint16_t load_be16(const unsigned char* p) noexcept {
    std::uint16_t v;
    std::memcpy(&v, p, sizeof v);
    return __builtin_bswap16(v);
}
inline std::uint32_t load_be32(const unsigned char* p) noexcept {
    std::uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return __builtin_bswap32(v);
}
inline std::uint64_t load_be64(const unsigned char* p) noexcept {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return __builtin_bswap64(v);
}
inline std::uint32_t load_be32(const char* p) noexcept {
    return load_be32(reinterpret_cast<const unsigned char*>(p));
}
inline std::uint64_t load_be64(const char* p) noexcept {
    return load_be64(reinterpret_cast<const unsigned char*>(p));
}

inline void append_be16(std::string& out, std::uint16_t v) {
    v = __builtin_bswap16(v);
    char b[2];
    std::memcpy(b, &v, 2);
    out.append(b, 2);
}
inline void append_be32(std::string& out, std::uint32_t v) {
    v = __builtin_bswap32(v);
    char b[4];
    std::memcpy(b, &v, 4);
    out.append(b, 4);
}
inline void append_be64(std::string& out, std::uint64_t v) {
    v = __builtin_bswap64(v);
    char b[8];
    std::memcpy(b, &v, 8);
    out.append(b, 8);
}

// ---- UTF-8 ------------------------------------------------------------------------------------

// Number of bytes of the UTF-8 sequence that lead byte `c` starts; 0 if `c` cannot start one.
inline unsigned utf8_sequence_length(unsigned char c) noexcept {
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) return 2;
    if (c >= 0xe0 && c <= 0xef) return 3;
    if (c >= 0xf0 && c <= 0xf4) return 4;
    return 0;
}

// The one definition of a well-formed UTF-8 sequence (RFC 3629): length of the sequence starting at
// p (p < e, first byte >= 0x80), 0 if it is not well-formed, -1 if the input ends inside a sequence
// that is well-formed so far (a streaming caller may wait for more bytes).
inline int utf8_sequence_at(const unsigned char* p, const unsigned char* e) noexcept {
    const unsigned c0 = p[0];
    int n;
    unsigned lo = 0x80, hi = 0xbf;
    if (c0 < 0xc2) return 0;
    if (c0 < 0xe0) {
        n = 2;
    } else if (c0 < 0xf0) {
        n = 3;
        if (c0 == 0xe0) lo = 0xa0;  // overlong
        if (c0 == 0xed) hi = 0x9f;  // no UTF-16 surrogates
    } else if (c0 < 0xf5) {
        n = 4;
        if (c0 == 0xf0) lo = 0x90;  // overlong
        if (c0 == 0xf4) hi = 0x8f;  // nothing above U+10FFFF
    } else {
        return 0;
    }
    for (int i = 1; i < n; ++i) {
        if (p + i >= e) return -1;
        const unsigned c = p[i];
        if (i == 1 ? (c < lo || c > hi) : (c < 0x80 || c > 0xbf)) return 0;
    }
    return n;
}

// True if [p, p + n) is well-formed UTF-8 (utf8_sequence_at, no truncated sequence). ASCII runs are
// checked 8 bytes at a time.
inline bool valid_utf8(const unsigned char* p, std::size_t n) noexcept {
    const unsigned char* end = p + n;
    while (p < end) {
        while (end - p >= 8) {
            std::uint64_t w;
            std::memcpy(&w, p, 8);
            if (w & 0x8080808080808080ULL) break;
            p += 8;
        }
        if (p == end) break;
        if (end - p < 8) {
            // Short tail (most labels and keys): one OR over the bytes decides the all-ASCII case.
            unsigned acc = 0;
            for (const unsigned char* q = p; q < end; ++q) acc |= *q;
            if (acc < 0x80) return true;
        }
        if (*p < 0x80) {
            ++p;
            continue;
        }
        const int len = utf8_sequence_at(p, end);
        if (len <= 0) return false;
        p += len;
    }
    return true;
}
inline bool valid_utf8(std::string_view s) noexcept {
    return valid_utf8(reinterpret_cast<const unsigned char*>(s.data()), s.size());
}

// Appends code point `cp` (<= U+10FFFF, not a surrogate) as UTF-8: the model's encoder, shared
// with the script lexer (tpbench/model/utf8.hpp).
using model::append_utf8;

// U+FFFD REPLACEMENT CHARACTER, UTF-8 encoded: what a writer puts for a byte that does not start a
// well-formed sequence.
inline constexpr std::string_view utf8_replacement = "\xef\xbf\xbd";

// Length of `s` after append_utf8_replacing (each bad byte grows from 1 to 3 bytes).
inline std::size_t utf8_replaced_size(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* e = p + s.size();
    std::size_t n = 0;
    while (p < e) {
        if (*p < 0x80) {
            ++p;
            ++n;
            continue;
        }
        const int len = utf8_sequence_at(p, e);
        if (len > 0) {
            p += len;
            n += static_cast<std::size_t>(len);
        } else {
            ++p;
            n += utf8_replacement.size();
        }
    }
    return n;
}

// Appends `s` with every byte that does not start a well-formed sequence replaced by U+FFFD.
inline void append_utf8_replacing(std::string& out, std::string_view s) {
    const auto* b = reinterpret_cast<const unsigned char*>(s.data());
    const auto* p = b;
    const auto* e = p + s.size();
    const auto* run = p;
    while (p < e) {
        if (*p < 0x80) {
            ++p;
            continue;
        }
        const int len = utf8_sequence_at(p, e);
        if (len > 0) {
            p += len;
            continue;
        }
        out.append(s.data() + (run - b), static_cast<std::size_t>(p - run));
        out.append(utf8_replacement);
        run = ++p;
    }
    out.append(s.data() + (run - b), static_cast<std::size_t>(p - run));
}

}  // namespace tpbench::io::detail
