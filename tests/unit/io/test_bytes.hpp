#pragma once
// Byte helpers shared by the envelope tests: hex <-> bytes and whole-file reads.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace tpbench::test {

// "8100fd" -> bytes; the input is trusted test text (pairs of hex digits).
inline std::string unhex(std::string_view h) {
    std::string out;
    auto nib = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
    for (std::size_t i = 0; i + 1 < h.size(); i += 2)
        out.push_back(static_cast<char>(nib(h[i]) * 16 + nib(h[i + 1])));
    return out;
}

// bytes -> lower-case hex, for readable failure messages.
inline std::string hex(std::string_view b) {
    static const char* d = "0123456789abcdef";
    std::string out;
    for (unsigned char c : b) {
        out.push_back(d[c >> 4]);
        out.push_back(d[c & 15]);
    }
    return out;
}

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

}  // namespace tpbench::test
