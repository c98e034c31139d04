#pragma once
// HTTP/1.1 text helpers shared by the http3 and http4 protocol cores (pure: no I/O, no Asio):
// case-insensitive comparison, header-value tokens, printable excerpts for error messages and the
// chunk-size line of the chunked transfer coding (RFC 9112 §7.1).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    const char* b = s.data();
    const char* e = b + s.size();
    // (A byte above ' ' ends it at once: the usual value starts and ends with one.)
    while (b != e && static_cast<unsigned char>(*b) <= ' ' && (*b == ' ' || *b == '\t')) ++b;
    while (e != b && static_cast<unsigned char>(e[-1]) <= ' ' && (e[-1] == ' ' || e[-1] == '\t')) --e;
    return {b, static_cast<std::size_t>(e - b)};
}

namespace detail {
inline constexpr auto kTchar = [] {
    std::array<bool, 256> t{};
    for (int c = '0'; c <= '9'; ++c) t[c] = true;
    for (int c = 'a'; c <= 'z'; ++c) t[c] = true;
    for (int c = 'A'; c <= 'Z'; ++c) t[c] = true;
    for (char c : std::string_view("!#$%&'*+-.^_`|~")) t[static_cast<unsigned char>(c)] = true;
    return t;
}();
}  // namespace detail

// RFC 9110 token characters (header field names).
inline bool is_tchar(char c) noexcept { return detail::kTchar[static_cast<unsigned char>(c)]; }

// Whether every character of `s` is a token character.
inline bool is_token(std::string_view s) noexcept {
    bool ok = true;
    for (char c : s) ok &= detail::kTchar[static_cast<unsigned char>(c)];
    return ok;
}

#if defined(__SSE2__)
namespace detail {
// Bit i set: byte i of `x` is NOT a token character. Token characters are the printable 0x21..0x7e
// minus the delimiters DQUOTE and "(),/:;<=>?@[\]{}" (RFC 9110 §5.6.2): 0x22, 0x28-0x29, 0x2c,
// 0x2f, 0x3a-0x40, 0x5b-0x5d, 0x7b, 0x7d. Signed byte compares: bytes >= 0x80 are negative, so
// they fall below 0x21.
inline std::uint32_t non_token_mask16(__m128i x) noexcept {
    auto above = [x](char c) { return _mm_cmpgt_epi8(x, _mm_set1_epi8(c)); };  // x > c
    auto range = [&above](char lo, char hi) {
        return _mm_andnot_si128(above(hi), above(static_cast<char>(lo - 1)));
    };
    auto is = [x](char c) { return _mm_cmpeq_epi8(x, _mm_set1_epi8(c)); };
    const __m128i delim =
        _mm_or_si128(_mm_or_si128(_mm_or_si128(range(0x3a, 0x40), range(0x5b, 0x5d)),
                                  _mm_or_si128(range(0x28, 0x29), is(0x22))),
                     _mm_or_si128(_mm_or_si128(is(0x2c), is(0x2f)), _mm_or_si128(is(0x7b), is(0x7d))));
    const __m128i ok = _mm_andnot_si128(delim, range(0x21, 0x7e));
    return ~static_cast<std::uint32_t>(_mm_movemask_epi8(ok)) & 0xffffU;
}
inline __m128i load16(const char* p) noexcept {
    __m128i x;
    std::memcpy(&x, p, 16);  // an unaligned load
    return x;
}
// Bit i set: byte i of `x` is not a letter, digit or '-' (what nearly every field name is made
// of): a superset of non_token_mask16, in half the instructions.
inline std::uint32_t uncommon_mask16(__m128i x) noexcept {
    const __m128i l = _mm_or_si128(x, _mm_set1_epi8(0x20));  // a letter in lower case
    const __m128i alpha =
        _mm_andnot_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('z')), _mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)));
    const __m128i digit =
        _mm_andnot_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('9')), _mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)));
    const __m128i common = _mm_or_si128(_mm_or_si128(alpha, digit), _mm_cmpeq_epi8(x, _mm_set1_epi8('-')));
    return ~static_cast<std::uint32_t>(_mm_movemask_epi8(common)) & 0xffffU;
}
// The offset of the first byte at or after `skip` of the 16 at `p` that is not a token
// character, or 16.
inline unsigned first_non_token16(const char* p, unsigned skip) noexcept {
    const __m128i x = load16(p);
    const std::uint32_t odd = uncommon_mask16(x) >> skip;
    if (odd == 0) return 16;
    const unsigned at = skip + static_cast<unsigned>(__builtin_ctz(odd));
    if (!kTchar[static_cast<unsigned char>(p[at])]) return at;  // the usual case: the colon
    const std::uint32_t bad = non_token_mask16(x) >> skip;      // a rarer token character came first
    return bad ? skip + static_cast<unsigned>(__builtin_ctz(bad)) : 16;
}
}  // namespace detail
#endif

// The first byte of [p, end) that is not a token character, or `end`. Reads only [p, end); with
// SSE2 (x86-64 always) 16 bytes per step, the last step overlapping the one before.
inline const char* token_end(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
    if (end - p >= 16) {
        const char* q = p;
        for (; end - q >= 16; q += 16)
            if (const unsigned at = detail::first_non_token16(q, 0); at < 16) return q + at;
        if (q == end) return end;
        // The last 16 bytes; those before q were checked already.
        const auto seen = static_cast<unsigned>(16 - (end - q));
        const unsigned at = detail::first_non_token16(end - 16, seen);
        return at < 16 ? end - 16 + at : end;
    }
#endif
    while (p != end && detail::kTchar[static_cast<unsigned char>(*p)]) ++p;
    return p;
}

// How many token characters `s` starts with.
inline std::size_t token_length(std::string_view s) noexcept {
    return static_cast<std::size_t>(token_end(s.data(), s.data() + s.size()) - s.data());
}

// iequals(a, lower) for a TOKEN `a` (is_token) and a `lower` made of lower-case letters, digits
// and '-' only: 8 bytes per step (for a token, c | 0x20 equals such a character only when c is
// that character in either case). When `lower` is letters only, `a` may be any bytes (c | 0x20
// equals a lower-case letter only when c is that letter in either case).
inline bool token_equals_lower(std::string_view a, std::string_view lower) noexcept {
    const std::size_t n = a.size();
    if (n != lower.size()) return false;
    if (n < 8) {
        if (n >= 4) {
            auto load4 = [](const char* p) {
                std::uint32_t v;
                std::memcpy(&v, p, 4);
                return v;
            };
            constexpr std::uint32_t kCase4 = 0x20202020U;
            return (((load4(a.data()) | kCase4) ^ load4(lower.data())) |
                    ((load4(a.data() + n - 4) | kCase4) ^ load4(lower.data() + n - 4))) == 0;
        }
        for (std::size_t i = 0; i < n; ++i)
            if ((a[i] | 0x20) != lower[i]) return false;
        return true;
    }
    constexpr std::uint64_t kCase = 0x2020202020202020ULL;
    auto load = [](const char* p) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
    };
    std::uint64_t diff = 0;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) diff |= (load(a.data() + i) | kCase) ^ load(lower.data() + i);
    if (i < n) diff |= (load(a.data() + n - 8) | kCase) ^ load(lower.data() + n - 8);
    return diff == 0;
}

// RFC 9110: a control character (other than HTAB) or DEL, which no field value or reason phrase
// may contain.
// 8 bytes per step: a block with no byte below 0x20 and no 0x7f has none (the common case); a
// block that has one (a tab, say) is checked byte by byte.
inline bool has_ctl(std::string_view s) noexcept {
    auto ctl = [](unsigned char u) { return (u < 0x20 && u != '\t') || u == 0x7f; };
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
    const char* p = s.data();
    std::size_t n = s.size();
    for (; n >= 8; p += 8, n -= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        const std::uint64_t below = (v - kOnes * 0x20) & ~v & kHigh;  // some byte < 0x20
        const std::uint64_t d = v ^ (kOnes * 0x7f);
        const std::uint64_t del = (d - kOnes) & ~d & kHigh;  // some byte == 0x7f
        if ((below | del) == 0) continue;
        for (int i = 0; i < 8; ++i)
            if (ctl(static_cast<unsigned char>(p[i]))) return true;
    }
    for (; n > 0; ++p, --n)
        if (ctl(static_cast<unsigned char>(*p))) return true;
    return false;
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
