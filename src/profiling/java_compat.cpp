#include <tpbench/profiling/java_compat.hpp>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <system_error>

namespace tpbench::engine {

namespace {

constexpr std::uint64_t multiplier = 0x5DEECE66DULL;
constexpr std::uint64_t addend = 0xBULL;
constexpr std::uint64_t mask48 = (std::uint64_t{1} << 48) - 1;

// Decimal digits and exponent of a finite non-zero |d|: value = 0.d1d2...dn * 10^(exp10 + 1),
// i.e. d1.d2...dn * 10^exp10.
struct Decimal {
    std::string digits;
    int exp10 = 0;
};

// Splits to_chars scientific output ("d.ddde-05") into digits and exponent.
Decimal split_scientific(const char* first, const char* last) {
    Decimal out;
    const char* p = first;
    for (; p != last && *p != 'e'; ++p)
        if (*p >= '0' && *p <= '9') out.digits.push_back(*p);
    if (p != last) {
        ++p;  // 'e'
        bool neg = false;
        if (p != last && (*p == '+' || *p == '-')) neg = (*p++ == '-');
        int e = 0;
        std::from_chars(p, last, e);
        out.exp10 = neg ? -e : e;
    }
    while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
    return out;
}

// The decimal Java 19+ prints for a finite, positive d.
Decimal shortest_decimal(double d) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    Decimal best = split_scientific(buf, r.ptr);
    if (best.digits.size() == 1) {
        // Java considers two-digit candidates too when the shortest has one digit and prints the
        // closest: the correctly rounded two-digit decimal, if it still reads back as d.
        auto r2 = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific, 1);
        *r2.ptr = '\0';
        if (std::strtod(buf, nullptr) == d) {
            Decimal two = split_scientific(buf, r2.ptr);
            if (two.digits.size() == 2) best = two;
        }
    }
    return best;
}

}  // namespace

JavaRandom::JavaRandom(std::int64_t seed) noexcept
    : seed_((static_cast<std::uint64_t>(seed) ^ multiplier) & mask48) {}

std::int32_t JavaRandom::next(int bits) noexcept {
    seed_ = (seed_ * multiplier + addend) & mask48;
    // Java: (int)(seed >>> (48 - bits)) — keep the low 32 bits, reinterpret as signed.
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(seed_ >> (48 - bits)));
}

std::int32_t JavaRandom::next_int(std::int32_t bound) {
    if (bound <= 0) throw std::invalid_argument("JavaRandom::next_int: bound must be positive");
    std::int32_t r = next(31);
    const std::int32_t m = bound - 1;
    if ((bound & m) == 0) return static_cast<std::int32_t>((static_cast<std::int64_t>(bound) * r) >> 31);
    // Java's `u - r + m < 0` relies on int overflow: reject when the sum exceeds INT32_MAX.
    for (std::int32_t u = r;
         static_cast<std::int64_t>(u) - (r = u % bound) + m > std::numeric_limits<std::int32_t>::max();
         u = next(31)) {
    }
    return r;
}

std::string java_double_to_string(double d) {
    if (std::isnan(d)) return "NaN";
    if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
    if (d == 0.0) return std::signbit(d) ? "-0.0" : "0.0";
    std::string out = std::signbit(d) ? "-" : "";
    const double a = std::fabs(d);
    const Decimal dec = shortest_decimal(a);
    const std::string& digits = dec.digits;
    if (a >= 1e-3 && a < 1e7) {
        if (dec.exp10 >= 0) {
            const auto int_len = static_cast<std::size_t>(dec.exp10) + 1;
            if (digits.size() <= int_len) {
                out += digits;
                out.append(int_len - digits.size(), '0');
                out += ".0";
            } else {
                out += digits.substr(0, int_len);
                out += '.';
                out += digits.substr(int_len);
            }
        } else {
            out += "0.";
            out.append(static_cast<std::size_t>(-dec.exp10 - 1), '0');
            out += digits;
        }
        return out;
    }
    out += digits[0];
    out += '.';
    out += digits.size() > 1 ? digits.substr(1) : std::string("0");
    out += 'E';
    out += std::to_string(dec.exp10);
    return out;
}

std::string right_pad(std::string_view s, std::size_t size) {
    std::string out(s);
    if (out.size() < size) out.append(size - out.size(), ' ');
    return out;
}

std::optional<std::int32_t> java_parse_int(std::string_view s) noexcept {
    if (s.empty()) return std::nullopt;
    std::size_t i = 0;
    bool neg = false;
    if (s[0] == '-' || s[0] == '+') {
        neg = s[0] == '-';
        i = 1;
        if (s.size() == 1) return std::nullopt;
    }
    std::int64_t v = 0;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return std::nullopt;
        v = v * 10 + (s[i] - '0');
        if (v > std::int64_t{1} << 31) return std::nullopt;
    }
    if (neg) v = -v;
    if (v > std::numeric_limits<std::int32_t>::max() || v < std::numeric_limits<std::int32_t>::min())
        return std::nullopt;
    return static_cast<std::int32_t>(v);
}

bool java_parse_boolean(std::string_view s) noexcept {
    if (s.size() != 4) return false;
    constexpr std::string_view t = "true";
    for (std::size_t i = 0; i < 4; ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != t[i]) return false;
    }
    return true;
}

}  // namespace tpbench::engine
