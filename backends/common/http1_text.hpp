#pragma once
// HTTP/1.1 text helpers shared by the http3 and http4 protocol cores (pure: no I/O, no Asio):
// case-insensitive comparison, header-value tokens, printable excerpts for error messages and the
// chunk-size line of the chunked transfer coding (RFC 9112 §7.1).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tpbench::backends::http1 {

inline char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

inline bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

inline bool contains_ci(std::string_view hay, std::string_view needle) noexcept {
    if (needle.size() > hay.size()) return false;
    for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i)
        if (iequals(hay.substr(i, needle.size()), needle)) return true;
    return false;
}

inline std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// RFC 9110 token characters (header field names).
inline bool is_tchar(char c) noexcept {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

// Whether a comma-separated header value lists `token` (case-insensitive).
inline bool lists_token(std::string_view value, std::string_view token) noexcept {
    while (!value.empty()) {
        const std::size_t comma = value.find(',');
        if (iequals(trim(value.substr(0, comma)), token)) return true;
        if (comma == std::string_view::npos) break;
        value.remove_prefix(comma + 1);
    }
    return false;
}

// The last coding of a Transfer-Encoding value.
inline std::string_view last_coding(std::string_view value) noexcept {
    const std::size_t comma = value.rfind(',');
    return trim(comma == std::string_view::npos ? value : value.substr(comma + 1));
}

// At most `max` bytes of `s` for an error message, non-printable bytes as '?'.
inline std::string printable(std::string_view s, std::size_t max = 80) {
    std::string out;
    for (char c : s.substr(0, max)) out.push_back(c >= 0x20 && c < 0x7f ? c : '?');
    if (s.size() > max) out += "...";
    return out;
}

// A chunk-size line without its CRLF: chunk-size [ ; chunk-ext ]. On ok, `size` holds the size.
enum class ChunkLine { ok, too_big, malformed };
inline ChunkLine parse_chunk_size(std::string_view line, std::uint64_t max, std::uint64_t& size) noexcept {
    std::uint64_t n = 0;
    std::size_t i = 0;
    for (; i < line.size(); ++i) {
        const char c = line[i];
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            break;
        n = n * 16 + static_cast<std::uint64_t>(d);
        if (n > max) return ChunkLine::too_big;
    }
    const std::string_view rest = trim(line.substr(i));
    if (i == 0 || (!rest.empty() && rest.front() != ';')) return ChunkLine::malformed;
    size = n;
    return ChunkLine::ok;
}

}  // namespace tpbench::backends::http1
