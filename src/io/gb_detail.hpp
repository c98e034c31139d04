#pragma once
// Private helpers of the GraphBinary codec: big-endian loads/stores and UTF-8 validation. Header-only
// so the hot loops inline; not part of the public API (src/io only).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace tpbench::io::detail {

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
// Type code + value flag in one append.
inline void append_header(std::string& out, std::uint8_t code, std::uint8_t flag) {
    const char b[2] = {static_cast<char>(code), static_cast<char>(flag)};
    out.append(b, 2);
}

// Number of bytes of the UTF-8 sequence that lead byte `c` starts; 0 if `c` cannot start one.
inline unsigned utf8_sequence_length(unsigned char c) noexcept {
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) return 2;
    if (c >= 0xe0 && c <= 0xef) return 3;
    if (c >= 0xf0 && c <= 0xf4) return 4;
    return 0;
}

// True if [p, p + n) is well-formed UTF-8: no overlong forms, no surrogates, nothing above
// U+10FFFF, no truncated sequence. ASCII runs are checked 8 bytes at a time.
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
        const unsigned char c = *p;
        if (c < 0x80) {
            ++p;
            continue;
        }
        const std::size_t left = static_cast<std::size_t>(end - p);
        const unsigned len = utf8_sequence_length(c);
        if (len == 0 || left < len) return false;
        for (unsigned i = 1; i < len; ++i)
            if ((p[i] & 0xc0) != 0x80) return false;
        if (len == 3) {
            if (c == 0xe0 && p[1] < 0xa0) return false;  // overlong
            if (c == 0xed && p[1] > 0x9f) return false;  // UTF-16 surrogate
        } else if (len == 4) {
            if (c == 0xf0 && p[1] < 0x90) return false;  // overlong
            if (c == 0xf4 && p[1] > 0x8f) return false;  // above U+10FFFF
        }
        p += len;
    }
    return true;
}

}  // namespace tpbench::io::detail
