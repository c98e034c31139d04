// Text conversions of the GraphSON codec (see gs_text.hpp).
#include "detail/gs_text.hpp"

#include "detail/json_lexer.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace tpbench::io::gs_detail {

using detail::json::write_int;

using model::TemporalKind;
using model::Value;

namespace {

constexpr std::int64_t nanos_per_second = 1'000'000'000;
constexpr std::int64_t nanos_per_day = 86'400 * nanos_per_second;
constexpr std::int64_t max_year = 999'999'999;
__extension__ typedef __int128 i128;

// ---- calendar arithmetic (proleptic Gregorian, H. Hinnant's algorithms) -------------------------

std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
}

bool is_leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

unsigned days_in_month(std::int64_t y, unsigned m) {
    static constexpr unsigned dm[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap(y) ? 29 : dm[m - 1];
}

// ---- small text scanner ----------------------------------------------------------------------

struct Scan {
    const char* p;
    const char* e;
    bool done() const { return p >= e; }
    bool eat(char c) {
        if (p < e && *p == c) {
            ++p;
            return true;
        }
        return false;
    }
    // Exactly n digits.
    bool fixed(int n, std::int64_t& v) {
        v = 0;
        for (int i = 0; i < n; ++i) {
            if (p >= e || *p < '0' || *p > '9') return false;
            v = v * 10 + (*p++ - '0');
        }
        return true;
    }
    // 1..max_digits digits.
    bool digits(int max_digits, std::int64_t& v, int* count = nullptr) {
        v = 0;
        int n = 0;
        while (p < e && *p >= '0' && *p <= '9') {
            if (++n > max_digits) return false;
            v = v * 10 + (*p++ - '0');
        }
        if (count) *count = n;
        return n > 0;
    }
};

// [+-]yyyy (4..9 digits) — java.time's ISO year.
bool scan_year(Scan& s, std::int64_t& y) {
    bool neg = false;
    if (s.eat('-'))
        neg = true;
    else
        s.eat('+');
    int n = 0;
    if (!s.digits(9, y, &n) || n < 4) return false;
    if (neg) y = -y;
    return y >= -max_year && y <= max_year;
}

bool scan_date(Scan& s, std::int64_t& y, std::int64_t& m, std::int64_t& d) {
    if (!scan_year(s, y) || !s.eat('-') || !s.fixed(2, m) || !s.eat('-') || !s.fixed(2, d)) return false;
    return m >= 1 && m <= 12 && d >= 1 && d <= days_in_month(y, static_cast<unsigned>(m));
}

// HH:mm[:ss[.fffffffff]] -> nano of day.
bool scan_time(Scan& s, std::int64_t& nod) {
    std::int64_t h, mi, sec = 0, frac = 0;
    if (!s.fixed(2, h) || !s.eat(':') || !s.fixed(2, mi)) return false;
    if (s.eat(':')) {
        if (!s.fixed(2, sec)) return false;
        if (s.eat('.')) {
            int n = 0;
            if (!s.digits(9, frac, &n)) return false;
            for (; n < 9; ++n) frac *= 10;
        }
    }
    if (h > 23 || mi > 59 || sec > 59) return false;
    nod = ((h * 60 + mi) * 60 + sec) * nanos_per_second + frac;
    return true;
}

// Z | ±HH | ±HH:MM | ±HH:MM:SS -> seconds (|offset| <= 18 h).
bool scan_offset(Scan& s, std::int64_t& off) {
    if (s.eat('Z')) {
        off = 0;
        return true;
    }
    int sign;
    if (s.eat('+'))
        sign = 1;
    else if (s.eat('-'))
        sign = -1;
    else
        return false;
    std::int64_t h, m = 0, sec = 0;
    if (!s.fixed(2, h)) return false;
    if (s.eat(':')) {
        if (!s.fixed(2, m)) return false;
        if (s.eat(':') && !s.fixed(2, sec)) return false;
    }
    if (h > 18 || m > 59 || sec > 59) return false;
    off = sign * (h * 3600 + m * 60 + sec);
    return off >= -18 * 3600 && off <= 18 * 3600;
}

void put2(std::string& out, std::int64_t v) {
    out.push_back(static_cast<char>('0' + v / 10 % 10));
    out.push_back(static_cast<char>('0' + v % 10));
}

// LocalDate.toString year rule: |y| < 1000 padded to 4 digits; > 9999 gets '+'.
void put_year(std::string& out, std::int64_t y) {
    const std::int64_t a = y < 0 ? -y : y;
    if (a < 1000) {
        if (y < 0) out.push_back('-');
        out.push_back(static_cast<char>('0' + a / 1000));
        out.push_back(static_cast<char>('0' + a / 100 % 10));
        put2(out, a);
    } else {
        if (y > 9999) out.push_back('+');
        write_int(out, y);
    }
}

void put_date(std::string& out, std::int64_t y, std::int64_t m, std::int64_t d) {
    put_year(out, y);
    out.push_back('-');
    put2(out, m);
    out.push_back('-');
    put2(out, d);
}

void put_fraction(std::string& out, std::int64_t nano) {
    char buf[10];
    if (nano % 1'000'000 == 0) {
        std::snprintf(buf, sizeof buf, "%03d", static_cast<int>(nano / 1'000'000));
    } else if (nano % 1000 == 0) {
        std::snprintf(buf, sizeof buf, "%06d", static_cast<int>(nano / 1000));
    } else {
        std::snprintf(buf, sizeof buf, "%09d", static_cast<int>(nano));
    }
    out.push_back('.');
    out.append(buf);
}

// LocalTime.toString (seconds omitted when zero; `force_seconds` for Instant).
void put_time(std::string& out, std::int64_t nod, bool force_seconds = false) {
    if (nod < 0 || nod >= nanos_per_day) nod = ((nod % nanos_per_day) + nanos_per_day) % nanos_per_day;
    const std::int64_t secs = nod / nanos_per_second, nano = nod % nanos_per_second;
    put2(out, secs / 3600);
    out.push_back(':');
    put2(out, secs / 60 % 60);
    if (force_seconds || secs % 60 != 0 || nano != 0) {
        out.push_back(':');
        put2(out, secs % 60);
        if (nano != 0) put_fraction(out, nano);
    }
}

void put_offset(std::string& out, std::int64_t off) {
    if (off == 0) {
        out.push_back('Z');
        return;
    }
    const std::int64_t a = off < 0 ? -off : off;
    out.push_back(off < 0 ? '-' : '+');
    put2(out, a / 3600 % 100);
    out.push_back(':');
    put2(out, a / 60 % 60);
    if (a % 60 != 0) {
        out.push_back(':');
        put2(out, a % 60);
    }
}

std::int64_t field(const Value& v, std::size_t i) { return i < v.size() ? v[i].to_int64() : 0; }

// Signed decimal with optional sign, at most 18 digits.
bool scan_signed(Scan& s, std::int64_t& v, bool& negative) {
    negative = false;
    if (s.eat('-'))
        negative = true;
    else
        s.eat('+');
    if (!s.digits(18, v)) return false;
    if (negative) v = -v;
    return true;
}

}  // namespace

bool parse_temporal(TemporalKind kind, std::string_view text, std::vector<Value>& f, std::string& zone) {
    Scan s{text.data(), text.data() + text.size()};
    std::int64_t y = 0, m = 0, d = 0, nod = 0, off = 0;
    f.clear();
    zone.clear();
    switch (kind) {
        case TemporalKind::instant: {
            if (!scan_date(s, y, m, d) || !s.eat('T') || !scan_time(s, nod) || !scan_offset(s, off))
                return false;
            const std::int64_t days = days_from_civil(y, static_cast<unsigned>(m), static_cast<unsigned>(d));
            std::int64_t sec = days * 86400 + nod / nanos_per_second - off;
            f.push_back(Value::long_(sec));
            f.push_back(Value::int_(static_cast<std::int32_t>(nod % nanos_per_second)));
            break;
        }
        case TemporalKind::local_date:
            if (!scan_date(s, y, m, d)) return false;
            f = {Value::int_(static_cast<std::int32_t>(y)), Value::byte(static_cast<std::int8_t>(m)),
                 Value::byte(static_cast<std::int8_t>(d))};
            break;
        case TemporalKind::local_date_time:
            if (!scan_date(s, y, m, d) || !s.eat('T') || !scan_time(s, nod)) return false;
            f = {Value::int_(static_cast<std::int32_t>(y)), Value::byte(static_cast<std::int8_t>(m)),
                 Value::byte(static_cast<std::int8_t>(d)), Value::long_(nod)};
            break;
        case TemporalKind::local_time:
            if (!scan_time(s, nod)) return false;
            f = {Value::long_(nod)};
            break;
        case TemporalKind::month_day:
            if (!s.eat('-') || !s.eat('-') || !s.fixed(2, m) || !s.eat('-') || !s.fixed(2, d)) return false;
            if (m < 1 || m > 12 || d < 1 || d > days_in_month(2000, static_cast<unsigned>(m))) return false;
            f = {Value::byte(static_cast<std::int8_t>(m)), Value::byte(static_cast<std::int8_t>(d))};
            break;
        case TemporalKind::offset_date_time:
        case TemporalKind::zoned_date_time:
        case TemporalKind::datetime4:
            if (!scan_date(s, y, m, d) || !s.eat('T') || !scan_time(s, nod) || !scan_offset(s, off))
                return false;
            if (kind == TemporalKind::zoned_date_time && s.eat('[')) {
                const char* z = s.p;
                while (s.p < s.e && *s.p != ']') {
                    const auto c = static_cast<unsigned char>(*s.p);
                    if (c < 0x21 || c > 0x7e) return false;
                    ++s.p;
                }
                const char* z_end = s.p;
                if (z_end == z || !s.eat(']')) return false;
                zone.assign(z, z_end);
            }
            f = {Value::int_(static_cast<std::int32_t>(y)), Value::byte(static_cast<std::int8_t>(m)),
                 Value::byte(static_cast<std::int8_t>(d)), Value::long_(nod),
                 Value::int_(static_cast<std::int32_t>(off))};
            break;
        case TemporalKind::offset_time:
            if (!scan_time(s, nod) || !scan_offset(s, off)) return false;
            f = {Value::long_(nod), Value::int_(static_cast<std::int32_t>(off))};
            break;
        case TemporalKind::period: {
            // [+-]P[nY][nM][nW][nD], every n optionally signed.
            bool neg_all = false;
            if (s.eat('-'))
                neg_all = true;
            else
                s.eat('+');
            if (!s.eat('P') && !s.eat('p')) return false;
            std::int64_t parts[4] = {0, 0, 0, 0};
            const char units[4] = {'Y', 'M', 'W', 'D'};
            int next = 0;
            bool any = false;
            while (!s.done()) {
                std::int64_t v;
                bool neg;
                if (!scan_signed(s, v, neg)) return false;
                if (s.done()) return false;
                const char u = static_cast<char>(*s.p & ~0x20);
                int idx = next;
                while (idx < 4 && units[idx] != u) ++idx;
                if (idx == 4) return false;
                ++s.p;
                parts[idx] = v;
                next = idx + 1;
                any = true;
            }
            if (!any) return false;
            std::int64_t days = parts[2] * 7 + parts[3];
            std::int64_t ys = parts[0], ms = parts[1];
            if (neg_all) {
                ys = -ys;
                ms = -ms;
                days = -days;
            }
            const auto fits = [](std::int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; };
            if (!fits(ys) || !fits(ms) || !fits(days)) return false;
            f = {Value::int_(static_cast<std::int32_t>(ys)), Value::int_(static_cast<std::int32_t>(ms)),
                 Value::int_(static_cast<std::int32_t>(days))};
            return true;
        }
        case TemporalKind::year: {
            bool neg = false;
            if (s.eat('-'))
                neg = true;
            else
                s.eat('+');
            if (!s.digits(9, y)) return false;
            f = {Value::int_(static_cast<std::int32_t>(neg ? -y : y))};
            break;
        }
        case TemporalKind::year_month:
            if (!scan_year(s, y) || !s.eat('-') || !s.fixed(2, m) || m < 1 || m > 12) return false;
            f = {Value::int_(static_cast<std::int32_t>(y)), Value::byte(static_cast<std::int8_t>(m))};
            break;
        case TemporalKind::zone_offset:
            if (!scan_offset(s, off)) return false;
            f = {Value::int_(static_cast<std::int32_t>(off))};
            break;
        default:
            return false;
    }
    return s.done();
}

void format_temporal(std::string& out, const Value& v) {
    switch (v.temporal_kind()) {
        case TemporalKind::instant: {
            const std::int64_t sec = field(v, 0);
            std::int64_t nano = field(v, 1);
            if (nano < 0 || nano >= nanos_per_second) nano = 0;
            std::int64_t days = sec / 86400, rem = sec % 86400;
            if (rem < 0) {
                rem += 86400;
                --days;
            }
            std::int64_t y;
            unsigned m, d;
            civil_from_days(days, y, m, d);
            put_date(out, y, m, d);
            out.push_back('T');
            put_time(out, rem * nanos_per_second + nano, true);
            out.push_back('Z');
            break;
        }
        case TemporalKind::local_date:
            put_date(out, field(v, 0), field(v, 1), field(v, 2));
            break;
        case TemporalKind::local_date_time:
            put_date(out, field(v, 0), field(v, 1), field(v, 2));
            out.push_back('T');
            put_time(out, field(v, 3));
            break;
        case TemporalKind::local_time:
            put_time(out, field(v, 0));
            break;
        case TemporalKind::month_day:
            out.append("--");
            put2(out, field(v, 0));
            out.push_back('-');
            put2(out, field(v, 1));
            break;
        case TemporalKind::offset_date_time:
        case TemporalKind::zoned_date_time:
        case TemporalKind::datetime4:
            put_date(out, field(v, 0), field(v, 1), field(v, 2));
            out.push_back('T');
            put_time(out, field(v, 3));
            put_offset(out, field(v, 4));
            if (v.temporal_kind() == TemporalKind::zoned_date_time && !v.str().empty()) {
                out.push_back('[');
                out.append(v.str());
                out.push_back(']');
            }
            break;
        case TemporalKind::offset_time:
            put_time(out, field(v, 0));
            put_offset(out, field(v, 1));
            break;
        case TemporalKind::period: {
            const std::int64_t y = field(v, 0), m = field(v, 1), d = field(v, 2);
            out.push_back('P');
            if (y == 0 && m == 0 && d == 0) {
                out.append("0D");
                break;
            }
            if (y != 0) {
                write_int(out, y);
                out.push_back('Y');
            }
            if (m != 0) {
                write_int(out, m);
                out.push_back('M');
            }
            if (d != 0) {
                write_int(out, d);
                out.push_back('D');
            }
            break;
        }
        case TemporalKind::year:
            write_int(out, field(v, 0));
            break;
        case TemporalKind::year_month:
            put_year(out, field(v, 0));
            out.push_back('-');
            put2(out, field(v, 1));
            break;
        case TemporalKind::zone_offset:
            put_offset(out, field(v, 0));
            break;
    }
}

bool parse_duration(std::string_view text, std::int64_t& seconds, std::int32_t& nanos) {
    Scan s{text.data(), text.data() + text.size()};
    bool neg_all = false;
    if (s.eat('-'))
        neg_all = true;
    else
        s.eat('+');
    if (!s.eat('P') && !s.eat('p')) return false;
    i128 total = 0;  // nanoseconds
    bool any = false, in_time = false;
    int next = 0;  // order: D, then (after T) H, M, S
    while (!s.done()) {
        if (!in_time && (*s.p == 'T' || *s.p == 't')) {
            ++s.p;
            in_time = true;
            if (s.done()) return false;
            continue;
        }
        bool neg;
        std::int64_t v;
        if (!scan_signed(s, v, neg)) return false;
        std::int64_t frac = 0;
        bool has_frac = false;
        if (s.eat('.') || s.eat(',')) {
            int n = 0;
            if (!s.digits(9, frac, &n)) return false;
            for (; n < 9; ++n) frac *= 10;
            has_frac = true;
        }
        if (s.done()) return false;
        const char u = static_cast<char>(*s.p++ & ~0x20);
        i128 unit;
        int idx;
        if (!in_time && u == 'D') {
            unit = nanos_per_day;
            idx = 0;
        } else if (in_time && u == 'H') {
            unit = 3600 * nanos_per_second;
            idx = 1;
        } else if (in_time && u == 'M') {
            unit = 60 * nanos_per_second;
            idx = 2;
        } else if (in_time && u == 'S') {
            unit = nanos_per_second;
            idx = 3;
        } else
            return false;
        if (idx < next || (has_frac && u != 'S')) return false;
        next = idx + 1;
        total += static_cast<i128>(v) * unit;
        // The fraction carries the sign of its seconds ("-0.5S" is minus half a second).
        total += neg ? -frac : frac;
        any = true;
    }
    if (!any) return false;
    if (neg_all) total = -total;
    i128 sec = total / nanos_per_second, rem = total % nanos_per_second;
    if (rem < 0) {
        rem += nanos_per_second;
        sec -= 1;
    }
    if (sec > INT64_MAX || sec < INT64_MIN) return false;
    seconds = static_cast<std::int64_t>(sec);
    nanos = static_cast<std::int32_t>(rem);
    return true;
}

void format_duration(std::string& out, std::int64_t seconds, std::int32_t nanos) {
    // java.time.Duration.toString.
    if (nanos < 0 || nanos >= nanos_per_second) nanos = 0;
    if (seconds == 0 && nanos == 0) {
        out.append("PT0S");
        return;
    }
    std::int64_t eff = seconds;
    if (seconds < 0 && nanos > 0) ++eff;
    const std::int64_t hours = eff / 3600;
    const int minutes = static_cast<int>((eff % 3600) / 60);
    const int secs = static_cast<int>(eff % 60);
    const std::size_t start = out.size();
    out.append("PT");
    if (hours != 0) {
        write_int(out, hours);
        out.push_back('H');
    }
    if (minutes != 0) {
        write_int(out, minutes);
        out.push_back('M');
    }
    if (secs == 0 && nanos == 0 && out.size() > start + 2) return;
    if (seconds < 0 && nanos > 0 && secs == 0)
        out.append("-0");
    else
        write_int(out, secs);
    if (nanos > 0) {
        const std::size_t pos = out.size();
        if (seconds < 0)
            write_int(out, 2 * nanos_per_second - nanos);
        else
            write_int(out, nanos + nanos_per_second);
        while (out.back() == '0') out.pop_back();
        out[pos] = '.';
    }
    out.push_back('S');
}

// ---- big numbers ------------------------------------------------------------------------------

namespace {

// Magnitude bytes (big-endian) from decimal digits.
void digits_to_magnitude(std::string_view digits, std::string& be) {
    std::vector<std::uint32_t> limbs;  // little-endian base 2^32
    std::size_t i = 0;
    while (i < digits.size()) {
        const std::size_t n = std::min<std::size_t>(9, digits.size() - i);
        std::uint32_t chunk = 0, mul = 1;
        for (std::size_t k = 0; k < n; ++k) {
            chunk = chunk * 10 + static_cast<std::uint32_t>(digits[i + k] - '0');
            mul *= 10;
        }
        i += n;
        std::uint64_t carry = chunk;
        for (auto& l : limbs) {
            const std::uint64_t t = static_cast<std::uint64_t>(l) * mul + carry;
            l = static_cast<std::uint32_t>(t);
            carry = t >> 32;
        }
        if (carry) limbs.push_back(static_cast<std::uint32_t>(carry));
    }
    be.clear();
    for (std::size_t k = limbs.size(); k-- > 0;)
        for (int sh = 24; sh >= 0; sh -= 8) be.push_back(static_cast<char>((limbs[k] >> sh) & 0xff));
}

// Minimal two's complement of a magnitude (big-endian) with a sign.
void magnitude_to_twos(std::string mag, bool negative, std::string& out) {
    mag.insert(mag.begin(), '\0');
    if (negative) {
        for (auto& c : mag) c = static_cast<char>(~c);
        for (std::size_t k = mag.size(); k-- > 0;) {
            const auto u = static_cast<unsigned char>(mag[k]);
            mag[k] = static_cast<char>(u + 1);
            if (u != 0xff) break;
        }
    }
    std::size_t s = 0;
    while (mag.size() - s > 1) {
        const auto b0 = static_cast<unsigned char>(mag[s]), b1 = static_cast<unsigned char>(mag[s + 1]);
        if ((b0 == 0x00 && !(b1 & 0x80)) || (b0 == 0xff && (b1 & 0x80)))
            ++s;
        else
            break;
    }
    out.assign(mag, s, std::string::npos);
}

}  // namespace

bool decimal_to_twos(std::string_view text, std::string& out) {
    bool neg = false;
    if (!text.empty() && text[0] == '-') {
        neg = true;
        text.remove_prefix(1);
    }
    if (text.empty() || text.size() > max_big_digits) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    std::string mag;
    digits_to_magnitude(text, mag);
    magnitude_to_twos(std::move(mag), neg, out);
    return true;
}

void twos_to_decimal(std::string_view bytes, std::string& out) {
    if (bytes.empty()) {
        out.push_back('0');
        return;
    }
    std::string mag(bytes);
    const bool neg = (static_cast<unsigned char>(mag[0]) & 0x80) != 0;
    if (neg) {
        for (auto& c : mag) c = static_cast<char>(~c);
        for (std::size_t k = mag.size(); k-- > 0;) {
            const auto u = static_cast<unsigned char>(mag[k]);
            mag[k] = static_cast<char>(u + 1);
            if (u != 0xff) break;
        }
    }
    std::vector<std::uint32_t> limbs;  // little-endian base 1e9
    for (char ch : mag) {
        std::uint64_t carry = static_cast<unsigned char>(ch);
        for (auto& l : limbs) {
            const std::uint64_t t = static_cast<std::uint64_t>(l) * 256 + carry;
            l = static_cast<std::uint32_t>(t % 1'000'000'000);
            carry = t / 1'000'000'000;
        }
        while (carry) {
            limbs.push_back(static_cast<std::uint32_t>(carry % 1'000'000'000));
            carry /= 1'000'000'000;
        }
    }
    while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
    if (limbs.empty()) {
        out.push_back('0');
        return;
    }
    if (neg) out.push_back('-');
    write_int(out, limbs.back());
    char buf[16];
    for (std::size_t k = limbs.size() - 1; k-- > 0;) {
        std::snprintf(buf, sizeof buf, "%09u", static_cast<unsigned>(limbs[k]));
        out.append(buf, 9);
    }
}

bool parse_big_decimal(std::string_view text, std::int32_t& scale, std::string& unscaled) {
    std::size_t i = 0;
    bool neg = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) neg = text[i++] == '-';
    std::string digits;
    std::int64_t frac_len = 0;
    bool seen_digit = false, in_frac = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            seen_digit = true;
            if (!(digits.empty() && c == '0')) digits.push_back(c);
            if (in_frac) ++frac_len;
            if (digits.size() > max_big_digits) return false;
        } else if (c == '.' && !in_frac) {
            in_frac = true;
        } else {
            break;
        }
    }
    if (!seen_digit) return false;
    std::int64_t exp = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool eneg = false;
        if (i < text.size() && (text[i] == '-' || text[i] == '+')) eneg = text[i++] == '-';
        if (i >= text.size()) return false;
        for (; i < text.size(); ++i) {
            if (text[i] < '0' || text[i] > '9') return false;
            exp = exp * 10 + (text[i] - '0');
            if (exp > 10'000'000'000LL) return false;
        }
        if (eneg) exp = -exp;
    }
    if (i != text.size()) return false;
    const std::int64_t sc = frac_len - exp;
    if (sc < INT32_MIN || sc > INT32_MAX) return false;
    scale = static_cast<std::int32_t>(sc);
    if (digits.empty()) digits.push_back('0');
    std::string mag;
    digits_to_magnitude(digits, mag);
    magnitude_to_twos(std::move(mag), neg && digits != "0", unscaled);
    return true;
}

void format_big_decimal(std::string& out, std::int32_t scale, std::string_view unscaled) {
    std::string coeff;
    twos_to_decimal(unscaled, coeff);
    const bool neg = coeff[0] == '-';
    if (neg) coeff.erase(0, 1);
    if (neg) out.push_back('-');
    if (scale == 0) {
        out.append(coeff);
        return;
    }
    const auto len = static_cast<std::int64_t>(coeff.size());
    const std::int64_t adjusted = -static_cast<std::int64_t>(scale) + (len - 1);
    if (scale > 0 && adjusted >= -6) {
        const std::int64_t pad = scale - len;
        if (pad >= 0) {
            out.append("0.");
            out.append(static_cast<std::size_t>(pad), '0');
            out.append(coeff);
        } else {
            out.append(coeff, 0, static_cast<std::size_t>(len - scale));
            out.push_back('.');
            out.append(coeff, static_cast<std::size_t>(len - scale), std::string::npos);
        }
        return;
    }
    out.push_back(coeff[0]);
    if (len > 1) {
        out.push_back('.');
        out.append(coeff, 1, std::string::npos);
    }
    if (adjusted != 0) {
        out.push_back('E');
        if (adjusted > 0) out.push_back('+');
        write_int(out, adjusted);
    }
}

// ---- base64 -------------------------------------------------------------------------------------

void base64_encode(std::string& out, std::string_view in) {
    static constexpr char tbl[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::size_t i = 0;
    for (; i + 3 <= in.size(); i += 3) {
        const std::uint32_t v = (static_cast<unsigned char>(in[i]) << 16) |
                                (static_cast<unsigned char>(in[i + 1]) << 8) |
                                static_cast<unsigned char>(in[i + 2]);
        const char q[4] = {tbl[v >> 18], tbl[(v >> 12) & 63], tbl[(v >> 6) & 63], tbl[v & 63]};
        out.append(q, 4);
    }
    const std::size_t rem = in.size() - i;
    if (rem == 1) {
        const std::uint32_t v = static_cast<unsigned char>(in[i]) << 16;
        const char q[4] = {tbl[v >> 18], tbl[(v >> 12) & 63], '=', '='};
        out.append(q, 4);
    } else if (rem == 2) {
        const std::uint32_t v =
            (static_cast<unsigned char>(in[i]) << 16) | (static_cast<unsigned char>(in[i + 1]) << 8);
        const char q[4] = {tbl[v >> 18], tbl[(v >> 12) & 63], tbl[(v >> 6) & 63], '='};
        out.append(q, 4);
    }
}

bool base64_decode(std::string_view in, std::string& out) {
    const auto val = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    std::size_t n = in.size();
    std::size_t pad = 0;
    while (n > 0 && in[n - 1] == '=' && pad < 2) {
        --n;
        ++pad;
    }
    if (pad && (n + pad) % 4 != 0) return false;
    if (n % 4 == 1) return false;
    out.clear();
    out.reserve(n * 3 / 4);
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const int v = val(in[i]);
        if (v < 0) return false;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xff));
        }
    }
    // Leftover bits must be zero (canonical encoding), so decode/encode round-trips.
    return (acc & ((1u << bits) - 1)) == 0;
}

// ---- InetAddress --------------------------------------------------------------------------------

namespace {

bool parse_ipv4(std::string_view t, std::string& out) {
    Scan s{t.data(), t.data() + t.size()};
    std::string b;
    for (int i = 0; i < 4; ++i) {
        if (i && !s.eat('.')) return false;
        std::int64_t v;
        int n = 0;
        if (!s.digits(3, v, &n) || v > 255) return false;
        b.push_back(static_cast<char>(v));
    }
    if (!s.done()) return false;
    out += b;
    return true;
}

}  // namespace

bool parse_inet(std::string_view t, std::string& out) {
    out.clear();
    if (t.find(':') == std::string_view::npos) return parse_ipv4(t, out);
    // IPv6: up to 8 groups, one "::", optional dotted IPv4 tail.
    std::uint16_t head[8], tail[8];
    int nh = 0, nt = 0;
    bool gap = false;
    std::size_t i = 0;
    if (t.substr(0, 2) == "::") {
        gap = true;
        i = 2;
    } else if (!t.empty() && t[0] == ':') {
        return false;
    }
    std::string v4;
    while (i < t.size()) {
        const std::size_t j = t.find(':', i);
        const std::string_view part =
            t.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
        if (part.find('.') != std::string_view::npos) {
            if (j != std::string_view::npos || !parse_ipv4(part, v4)) return false;
            const std::uint16_t g1 = static_cast<std::uint16_t>((static_cast<unsigned char>(v4[0]) << 8) |
                                                                static_cast<unsigned char>(v4[1]));
            const std::uint16_t g2 = static_cast<std::uint16_t>((static_cast<unsigned char>(v4[2]) << 8) |
                                                                static_cast<unsigned char>(v4[3]));
            for (std::uint16_t g : {g1, g2}) {
                if (nh + nt >= 8) return false;
                (gap ? tail[nt++] : head[nh++]) = g;
            }
            i = t.size();
            break;
        }
        if (part.empty() || part.size() > 4) return false;
        std::uint32_t g = 0;
        for (char c : part) {
            const int h = detail::json::hex_digit(c);
            if (h < 0) return false;
            g = (g << 4) | static_cast<std::uint32_t>(h);
        }
        if (nh + nt >= 8) return false;
        (gap ? tail[nt++] : head[nh++]) = static_cast<std::uint16_t>(g);
        if (j == std::string_view::npos) {
            i = t.size();
            break;
        }
        i = j + 1;
        if (i < t.size() && t[i] == ':') {
            if (gap) return false;
            gap = true;
            ++i;
        } else if (i >= t.size()) {
            return false;  // trailing single ':'
        }
    }
    if (gap ? nh + nt > 7 : nh != 8) return false;
    std::uint16_t all[8] = {};
    for (int k = 0; k < nh; ++k) all[k] = head[k];
    for (int k = 0; k < nt; ++k) all[8 - nt + k] = tail[k];
    for (std::uint16_t g : all) {
        out.push_back(static_cast<char>(g >> 8));
        out.push_back(static_cast<char>(g & 0xff));
    }
    return true;
}

void format_inet(std::string& out, std::string_view b) {
    if (b.size() == 16) {
        char buf[8];
        for (int k = 0; k < 8; ++k) {
            if (k) out.push_back(':');
            const unsigned g =
                (static_cast<unsigned char>(b[2 * k]) << 8) | static_cast<unsigned char>(b[2 * k + 1]);
            std::snprintf(buf, sizeof buf, "%x", g);
            out.append(buf);
        }
        return;
    }
    for (std::size_t k = 0; k < b.size(); ++k) {
        if (k) out.push_back('.');
        write_int(out, static_cast<unsigned char>(b[k]));
    }
}

}  // namespace tpbench::io::gs_detail
