#pragma once
// Byte helpers of the tests: bytes <-> lower-case hex text, a number in hex (HTTP chunk sizes) and
// whole-file reads. Test code only; header-only, no dependencies.
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace tpbench::test {

// "81 00 fd" / "8100FD" -> bytes. The input is trusted test text: pairs of hex digits; any other
// character (spaces, newlines) is skipped, and a trailing odd digit is dropped.
inline std::string unhex(std::string_view h) {
    std::string out;
    out.reserve(h.size() / 2);
    int hi = -1;
    for (const char c : h) {
        int v;
        if (c >= '0' && c <= '9')
            v = c - '0';
        else if (c >= 'a' && c <= 'f')
            v = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v = c - 'A' + 10;
        else
            continue;
        if (hi < 0) {
            hi = v;
        } else {
            out.push_back(static_cast<char>(hi * 16 + v));
            hi = -1;
        }
    }
    return out;
}

// bytes -> lower-case hex, for readable failure messages and expected-bytes checks.
inline std::string hex(std::string_view bytes) {
    static constexpr const char* digits = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (const unsigned char c : bytes) {
        out.push_back(digits[c >> 4]);
        out.push_back(digits[c & 15]);
    }
    return out;
}

// A number in lower-case hex without leading zeros ("1f"), e.g. an HTTP/1.1 chunk size.
inline std::string hex_size(std::size_t n) {
    char b[32];
    std::snprintf(b, sizeof b, "%zx", n);
    return b;
}

// The whole file ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

}  // namespace tpbench::test
