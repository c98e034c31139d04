#include "gherkin.hpp"

#include "../realserver/differential.hpp"

#include <tpbench/model/utf8.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>
#include <sstream>
#include <stdexcept>

namespace tpbench::features {

using model::Type;
using model::Value;

namespace {

std::string trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::vector<std::string> table_cells(const std::string& line) {
    // "| a | b |" → {"a", "b"}; "\|" is a literal pipe, "\\" a backslash, "\n" a newline.
    std::vector<std::string> cells;
    std::string cur;
    bool open = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (c == '\\' && i + 1 < line.size()) {
            char n = line[i + 1];
            if (n == '|' || n == '\\') {
                cur += n;
                ++i;
                continue;
            }
            if (n == 'n') {
                cur += '\n';
                ++i;
                continue;
            }
        }
        if (c == '|') {
            if (open) cells.push_back(trim(cur));
            cur.clear();
            open = true;
            continue;
        }
        cur += c;
    }
    return cells;
}

}  // namespace

Feature parse_feature(const std::string& file, const std::string& text) {
    Feature f;
    f.file = file;
    std::vector<std::string> lines;
    {
        std::istringstream in(text);
        std::string l;
        while (std::getline(in, l)) {
            if (!l.empty() && l.back() == '\r') l.pop_back();
            lines.push_back(l);
        }
    }
    std::vector<std::string> pending_tags, feature_tags;
    Scenario* sc = nullptr;
    auto err = [&](std::size_t i, const std::string& why) {
        throw std::runtime_error(file + ":" + std::to_string(i + 1) + ": " + why);
    };
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string t = trim(lines[i]);
        if (t.empty() || t[0] == '#') continue;
        if (t[0] == '@') {
            std::istringstream ts(t);
            std::string tag;
            while (ts >> tag) pending_tags.push_back(tag);
            continue;
        }
        if (starts_with(t, "Feature:")) {
            f.name = trim(t.substr(8));
            feature_tags = pending_tags;
            pending_tags.clear();
            continue;
        }
        if (starts_with(t, "Scenario:") || starts_with(t, "Scenario Outline:")) {
            f.scenarios.emplace_back();
            sc = &f.scenarios.back();
            sc->name = trim(t.substr(t.find(':') + 1));
            sc->line = static_cast<int>(i + 1);
            sc->tags = feature_tags;
            sc->tags.insert(sc->tags.end(), pending_tags.begin(), pending_tags.end());
            pending_tags.clear();
            continue;
        }
        if (!sc) err(i, "step outside a scenario: " + t);
        if (starts_with(t, "\"\"\"")) {
            if (sc->steps.empty()) err(i, "doc string before any step");
            std::size_t indent = lines[i].find("\"\"\"");
            std::string doc;
            std::size_t j = i + 1;
            for (; j < lines.size(); ++j) {
                if (trim(lines[j]) == "\"\"\"") break;
                std::string l = lines[j];
                std::size_t k = 0;
                while (k < indent && k < l.size() && l[k] == ' ') ++k;
                if (!doc.empty()) doc += "\n";
                doc += l.substr(k);
            }
            if (j == lines.size()) err(i, "unterminated doc string");
            sc->steps.back().doc = doc;
            i = j;
            continue;
        }
        if (t[0] == '|') {
            if (sc->steps.empty()) err(i, "table before any step");
            sc->steps.back().table.push_back(table_cells(t));
            continue;
        }
        Step st;
        st.line = static_cast<int>(i + 1);
        for (const char* kw : {"Given ", "When ", "Then ", "And ", "But "}) {
            if (starts_with(t, kw)) {
                st.keyword = trim(kw);
                st.text = trim(t.substr(std::string_view(kw).size()));
                break;
            }
        }
        if (st.keyword.empty()) err(i, "not a step: " + t);
        sc->steps.push_back(std::move(st));
    }
    return f;
}

// ---- notation ------------------------------------------------------------------------------------

namespace {

// Decimal digits (optionally signed) → minimal two's-complement big-endian bytes.
std::string twos_complement(const std::string& dec) {
    bool neg = !dec.empty() && dec[0] == '-';
    std::string digits = dec.substr(neg || (!dec.empty() && dec[0] == '+') ? 1 : 0);
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), ::isdigit))
        throw std::runtime_error("not an integer: " + dec);
    std::vector<unsigned char> mag{0};  // big-endian magnitude
    for (char c : digits) {
        int carry = c - '0';
        for (auto it = mag.rbegin(); it != mag.rend(); ++it) {
            int v = *it * 10 + carry;
            *it = static_cast<unsigned char>(v & 0xff);
            carry = v >> 8;
        }
        while (carry) {
            mag.insert(mag.begin(), static_cast<unsigned char>(carry & 0xff));
            carry >>= 8;
        }
    }
    if (neg) {  // two's complement: invert and add one
        for (auto& b : mag) b = static_cast<unsigned char>(~b);
        for (auto it = mag.rbegin(); it != mag.rend(); ++it) {
            if (++*it != 0) break;
        }
        if (!(mag[0] & 0x80)) mag.insert(mag.begin(), 0xff);
    } else if (mag[0] & 0x80) {
        mag.insert(mag.begin(), 0);
    }
    std::string out(mag.begin(), mag.end());
    // minimal form
    while (out.size() > 1 && ((out[0] == 0 && !(out[1] & 0x80)) ||
                              (static_cast<unsigned char>(out[0]) == 0xff && (out[1] & 0x80))))
        out.erase(0, 1);
    return out;
}

std::string minimal(std::string b) {
    if (b.empty()) return std::string(1, '\0');
    while (b.size() > 1 &&
           ((b[0] == 0 && !(b[1] & 0x80)) || (static_cast<unsigned char>(b[0]) == 0xff && (b[1] & 0x80))))
        b.erase(0, 1);
    return b;
}

Value big_decimal(const std::string& s) {
    std::string m = s;
    std::int32_t scale = 0;
    std::size_t e = m.find_first_of("eE");
    std::int32_t exp = 0;
    if (e != std::string::npos) {
        exp = std::stoi(m.substr(e + 1));
        m = m.substr(0, e);
    }
    std::size_t dot = m.find('.');
    if (dot != std::string::npos) {
        scale = static_cast<std::int32_t>(m.size() - dot - 1);
        m.erase(dot, 1);
    }
    scale -= exp;
    return Value::big_decimal(scale, twos_complement(m));
}

std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

// ISO-8601 date-time (2023-08-01T00:00:00Z, with optional fraction and offset) → epoch ms.
std::int64_t parse_datetime(const std::string& s) {
    int Y = 0, M = 0, D = 0, h = 0, mi = 0, se = 0;
    int n = 0;
    if (std::sscanf(s.c_str(), "%d-%d-%d%n", &Y, &M, &D, &n) < 3) throw std::runtime_error("bad date " + s);
    std::size_t p = static_cast<std::size_t>(n);
    double frac = 0;
    if (p < s.size() && (s[p] == 'T' || s[p] == ' ')) {
        int k = 0;
        if (std::sscanf(s.c_str() + p + 1, "%d:%d%n", &h, &mi, &k) < 2)
            throw std::runtime_error("bad time " + s);
        p += 1 + static_cast<std::size_t>(k);
        if (p < s.size() && s[p] == ':') {
            std::sscanf(s.c_str() + p + 1, "%d%n", &se, &k);
            p += 1 + static_cast<std::size_t>(k);
        }
        if (p < s.size() && s[p] == '.') {
            std::size_t q = p + 1;
            while (q < s.size() && std::isdigit(static_cast<unsigned char>(s[q]))) ++q;
            frac = std::strtod(("0" + s.substr(p, q - p)).c_str(), nullptr);
            p = q;
        }
    }
    std::int64_t off = 0;
    if (p < s.size() && (s[p] == '+' || s[p] == '-')) {
        int oh = 0, om = 0;
        std::sscanf(s.c_str() + p + 1, "%d:%d", &oh, &om);
        off = (oh * 60 + om) * 60 * (s[p] == '-' ? -1 : 1);
    }
    std::int64_t secs = days_from_civil(Y, static_cast<unsigned>(M), static_cast<unsigned>(D)) * 86400 +
                        h * 3600 + mi * 60 + se - off;
    return secs * 1000 + static_cast<std::int64_t>(std::llround(frac * 1000));
}

// Splits "a,b,l[c,d],e" at top-level commas.
std::vector<std::string> split_items(const std::string& s) {
    std::vector<std::string> out;
    int depth = 0;
    std::string cur;
    for (char c : s) {
        if (c == '[' || c == '{') ++depth;
        if (c == ']' || c == '}') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(trim(cur));
            cur.clear();
            continue;
        }
        cur += c;
    }
    out.push_back(trim(cur));
    return out;
}

// ---- a small JSON reader for m[...] --------------------------------------------------------------

struct Json {
    struct Field;  // an object member (defined below, where Json is complete)
    enum K { null, boolean, integer, decimal, string, array, object } k = null;
    bool b = false;
    std::string s;  // string / number text
    std::vector<Json> items;
    std::vector<Field> fields;
};
struct Json::Field {
    std::string first;
    Json second;
};

class JsonReader {
public:
    explicit JsonReader(const std::string& t) : t_(t) {}
    Json read() {
        Json j = value();
        ws();
        if (p_ != t_.size()) bad();
        return j;
    }

private:
    [[noreturn]] void bad() {
        throw std::runtime_error("bad JSON in m[...] at " + std::to_string(p_) + ": " + t_);
    }
    void ws() {
        while (p_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[p_]))) ++p_;
    }
    std::string str() {
        if (t_[p_] != '"') bad();
        ++p_;
        std::string out;
        while (p_ < t_.size() && t_[p_] != '"') {
            char c = t_[p_++];
            if (c == '\\' && p_ < t_.size()) {
                char e = t_[p_++];
                switch (e) {
                    case 'n':
                        out += '\n';
                        break;
                    case 't':
                        out += '\t';
                        break;
                    case 'u': {
                        unsigned cp = static_cast<unsigned>(std::stoul(t_.substr(p_, 4), nullptr, 16));
                        p_ += 4;
                        tpbench::model::append_utf8(out, cp);
                        break;
                    }
                    default:
                        out += e;
                }
            } else {
                out += c;
            }
        }
        if (p_ >= t_.size()) bad();
        ++p_;
        return out;
    }
    Json value() {
        ws();
        if (p_ >= t_.size()) bad();
        Json j;
        char c = t_[p_];
        if (c == '{') {
            j.k = Json::object;
            ++p_;
            ws();
            if (p_ < t_.size() && t_[p_] == '}') {
                ++p_;
                return j;
            }
            for (;;) {
                ws();
                std::string k = str();
                ws();
                if (p_ >= t_.size() || t_[p_] != ':') bad();
                ++p_;
                j.fields.push_back({k, value()});
                ws();
                if (p_ < t_.size() && t_[p_] == ',') {
                    ++p_;
                    continue;
                }
                if (p_ < t_.size() && t_[p_] == '}') {
                    ++p_;
                    return j;
                }
                bad();
            }
        }
        if (c == '[') {
            j.k = Json::array;
            ++p_;
            ws();
            if (p_ < t_.size() && t_[p_] == ']') {
                ++p_;
                return j;
            }
            for (;;) {
                j.items.push_back(value());
                ws();
                if (p_ < t_.size() && t_[p_] == ',') {
                    ++p_;
                    continue;
                }
                if (p_ < t_.size() && t_[p_] == ']') {
                    ++p_;
                    return j;
                }
                bad();
            }
        }
        if (c == '"') {
            j.k = Json::string;
            j.s = str();
            return j;
        }
        if (t_.compare(p_, 4, "null") == 0) {
            p_ += 4;
            return j;
        }
        if (t_.compare(p_, 4, "true") == 0) {
            p_ += 4;
            j.k = Json::boolean;
            j.b = true;
            return j;
        }
        if (t_.compare(p_, 5, "false") == 0) {
            p_ += 5;
            j.k = Json::boolean;
            return j;
        }
        std::size_t b = p_;
        while (p_ < t_.size() && (std::isdigit(static_cast<unsigned char>(t_[p_])) || t_[p_] == '-' ||
                                  t_[p_] == '+' || t_[p_] == '.' || t_[p_] == 'e' || t_[p_] == 'E'))
            ++p_;
        if (b == p_) bad();
        j.s = t_.substr(b, p_ - b);
        j.k = j.s.find_first_of(".eE") == std::string::npos ? Json::integer : Json::decimal;
        return j;
    }
    const std::string& t_;
    std::size_t p_ = 0;
};

Value from_json(const Json& j, const Resolver& r) {
    switch (j.k) {
        case Json::null:
            return Value();
        case Json::boolean:
            return Value::boolean(j.b);
        case Json::integer: {
            long long v = std::stoll(j.s);
            if (v >= INT32_MIN && v <= INT32_MAX) return Value::int_(static_cast<std::int32_t>(v));
            return Value::long_(v);
        }
        case Json::decimal:
            return Value::double_(std::strtod(j.s.c_str(), nullptr));
        case Json::string:
            return convert(j.s, r);
        case Json::array: {
            std::vector<Value> xs;
            for (const auto& x : j.items) xs.push_back(from_json(x, r));
            return Value::list(std::move(xs));
        }
        case Json::object: {
            std::vector<Value> kv;
            for (const auto& [k, v] : j.fields) {
                kv.push_back(convert(k, r));
                kv.push_back(from_json(v, r));
            }
            return Value::map(std::move(kv));
        }
    }
    return Value();
}

bool wrapped(const std::string& s, const char* prefix) {
    std::size_t n = std::char_traits<char>::length(prefix);
    return s.size() > n && s.compare(0, n, prefix) == 0 && s.back() == ']';
}

// Standard base64 (RFC 4648, padding optional): bin[…] values.
std::string base64_decode(const std::string& in) {
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : in) {
        int v = c >= 'A' && c <= 'Z'   ? c - 'A'
                : c >= 'a' && c <= 'z' ? c - 'a' + 26
                : c >= '0' && c <= '9' ? c - '0' + 52
                : c == '+'             ? 62
                : c == '/'             ? 63
                                       : -1;
        if (c == '=') break;
        if (v < 0) throw std::runtime_error("bad base64: " + in);
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xff);
        }
    }
    return out;
}

Value resolved(const Resolver& r, Lookup::Kind k, const std::string& key, const std::string& text) {
    auto v = r(Lookup{k, key});
    if (!v) throw std::runtime_error("no such element in the graph: " + text);
    return *v;
}

}  // namespace

Value convert(const std::string& s, const Resolver& r) {
    using K = Lookup::Kind;
    if (s == "null") return Value();
    if (s == "true") return Value::boolean(true);
    if (s == "false") return Value::boolean(false);
    if (wrapped(s, "str[")) return Value::string(s.substr(4, s.size() - 5));
    if (wrapped(s, "m[")) {
        std::string json = s.substr(2, s.size() - 3);
        JsonReader jr(json);
        return from_json(jr.read(), r);
    }
    if (s == "l[]") return Value::list();
    if (wrapped(s, "l[")) {
        std::vector<Value> xs;
        for (const auto& x : split_items(s.substr(2, s.size() - 3))) xs.push_back(convert(x, r));
        return Value::list(std::move(xs));
    }
    if (s == "s[]") return Value::set();
    if (wrapped(s, "s[")) {
        std::vector<Value> xs;
        for (const auto& x : split_items(s.substr(2, s.size() - 3))) xs.push_back(convert(x, r));
        return Value::set(std::move(xs));
    }
    if (wrapped(s, "p[")) {
        std::vector<Value> xs, ls;
        for (const auto& x : split_items(s.substr(2, s.size() - 3))) {
            xs.push_back(convert(x, r));
            ls.push_back(Value::set());
        }
        return Value::path(Value::list(std::move(ls)), Value::list(std::move(xs)));
    }
    if (wrapped(s, "dt[")) return Value::date(parse_datetime(s.substr(3, s.size() - 4)));
    // master's notations (feature_steps.py's _convert): uuid[…], char[x], dur[seconds,nanos[,positive]],
    // bin[base64], prop[key,value] (a property compared by key and value only)
    if (wrapped(s, "uuid[")) {
        model::Uuid u{};
        if (!model::uuid_from_string(s.substr(5, s.size() - 6), u))
            throw std::runtime_error("bad uuid: " + s);
        return Value::uuid(u);
    }
    if (wrapped(s, "char[")) return Value::char_(s.substr(5, s.size() - 6));
    if (wrapped(s, "dur[")) {
        auto parts = split_items(s.substr(4, s.size() - 5));
        if (parts.size() < 2) throw std::runtime_error("bad duration: " + s);
        std::int64_t secs = std::stoll(parts[0]);
        std::int32_t nanos = static_cast<std::int32_t>(std::stol(parts[1]));
        if (parts.size() > 2 && trim(parts[2]) == "false") {
            // Java's Duration.negated(): -(secs + nanos/1e9) as (seconds, 0 <= nanos < 1e9)
            secs = -secs;
            if (nanos != 0) {
                secs -= 1;
                nanos = 1000000000 - nanos;
            }
        }
        return Value::duration(secs, nanos);
    }
    if (wrapped(s, "bin[")) return Value::binary(base64_decode(s.substr(4, s.size() - 5)));
    if (wrapped(s, "prop[")) {
        std::string inner = s.substr(5, s.size() - 6);
        std::size_t comma = inner.find(',');
        if (comma == std::string::npos) throw std::runtime_error("bad property: " + s);
        return Value::property(inner.substr(0, comma), convert(inner.substr(comma + 1), r));
    }
    if (s == "d[NaN]") return Value::double_(std::nan(""));
    if (s == "d[Infinity]") return Value::double_(HUGE_VAL);
    if (s == "d[-Infinity]") return Value::double_(-HUGE_VAL);
    if (s.size() > 5 && s.compare(0, 2, "d[") == 0 && s[s.size() - 3] == ']' && s[s.size() - 2] == '.') {
        std::string n = s.substr(2, s.size() - 5);
        switch (s.back()) {
            case 'b':
                return Value::byte(static_cast<std::int8_t>(std::stoi(n)));
            case 's':
                return Value::short_(static_cast<std::int16_t>(std::stoi(n)));
            case 'i':
                return Value::int_(static_cast<std::int32_t>(std::stol(n)));
            case 'l':
                return Value::long_(std::stoll(n));
            case 'f':
                return Value::float_(std::strtof(n.c_str(), nullptr));
            case 'd':
                return Value::double_(std::strtod(n.c_str(), nullptr));
            case 'm':
                return big_decimal(n);
            case 'n':
                return Value::big_integer(twos_complement(n));
            default:
                break;
        }
    }
    auto ends = [&](const char* suffix) {
        std::size_t n = std::char_traits<char>::length(suffix);
        return s.size() > n && s.compare(s.size() - n, n, suffix) == 0;
    };
    if (s.compare(0, 2, "v[") == 0) {
        if (ends("].id")) return resolved(r, K::vertex_id, s.substr(2, s.size() - 6), s);
        if (ends("].sid")) return resolved(r, K::vertex_sid, s.substr(2, s.size() - 7), s);
        if (s.back() == ']') return resolved(r, K::vertex, s.substr(2, s.size() - 3), s);
    }
    if (s.compare(0, 2, "e[") == 0) {
        if (ends("].id")) return resolved(r, K::edge_id, s.substr(2, s.size() - 6), s);
        if (ends("].sid")) return resolved(r, K::edge_sid, s.substr(2, s.size() - 7), s);
        if (s.back() == ']') return resolved(r, K::edge, s.substr(2, s.size() - 3), s);
    }
    if (wrapped(s, "vp[")) return resolved(r, K::vertex_property, s.substr(3, s.size() - 4), s);
    if (wrapped(s, "t[")) return Value::enum_(model::EnumKind::t, s.substr(2, s.size() - 3));
    if (wrapped(s, "D[")) return Value::enum_(model::EnumKind::direction, s.substr(2, s.size() - 3));
    if (wrapped(s, "M[")) return Value::enum_(model::EnumKind::merge, s.substr(2, s.size() - 3));
    if (wrapped(s, "c[")) throw Unsupported{"uses a lambda (" + s + ")"};
    return Value::string(s);
}

// ---- comparison ----------------------------------------------------------------------------------

namespace {

bool is_number(Type t) {
    switch (t) {
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
        case Type::float_:
        case Type::double_:
        case Type::big_integer:
        case Type::big_decimal:
            return true;
        default:
            return false;
    }
}

std::vector<Value> items_of(const Value& v) {
    std::vector<Value> out;
    if (v.type() == Type::bulk_set) {
        for (std::size_t i = 0; i + 1 < v.size(); i += 2)
            for (std::int64_t b = 0; b < v[i + 1].as_int(); ++b) out.push_back(v[i]);
        return out;
    }
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(v[i]);
    return out;
}

bool same_multiset(const std::vector<Value>& a, const std::vector<Value>& b) {
    if (a.size() != b.size()) return false;
    std::vector<bool> used(b.size(), false);
    for (const auto& x : a) {
        bool found = false;
        for (std::size_t i = 0; i < b.size(); ++i) {
            if (!used[i] && equal(x, b[i])) {
                used[i] = true;
                found = true;
                break;
            }
        }
        if (!found) return false;
    }
    return true;
}

}  // namespace

bool equal(const Value& e, const Value& a) {
    Type et = e.type(), at = a.type();
    if (et == Type::null) return at == Type::null;
    if (is_number(et)) {
        if (et != at) return false;
        switch (et) {
            case Type::float_:
            case Type::double_: {
                double x = e.as_double(), y = a.as_double();
                return (std::isnan(x) && std::isnan(y)) || x == y;
            }
            case Type::big_integer:
                return minimal(e.str()) == minimal(a.str());
            case Type::big_decimal:
                return e.as_int() == a.as_int() && minimal(e.str()) == minimal(a.str());
            default:
                return e.as_int() == a.as_int();
        }
    }
    switch (et) {
        case Type::boolean:
            return at == Type::boolean && e.as_bool() == a.as_bool();
        case Type::string:
            return at == Type::string && e.str() == a.str();
        case Type::enum_:
            return at == Type::enum_ && e.str() == a.str();
        case Type::date:
        case Type::timestamp: {
            if (at == Type::date || at == Type::timestamp) return e.as_int() == a.as_int();
            // 4.0 carries dates as DateTime (OffsetDateTime): [y, m, d, nanoOfDay, offsetSec]
            using model::TemporalKind;
            if (at != Type::temporal || a.size() < 5 ||
                (a.temporal_kind() != TemporalKind::datetime4 &&
                 a.temporal_kind() != TemporalKind::offset_date_time))
                return false;
            std::int64_t ms = days_from_civil(a[0].to_int64(), static_cast<unsigned>(a[1].to_int64()),
                                              static_cast<unsigned>(a[2].to_int64())) *
                                  86400000 +
                              a[3].to_int64() / 1000000 - a[4].to_int64() * 1000;
            return ms == e.as_int();
        }
        case Type::list: {
            if (at != Type::list && at != Type::bulk_set) return false;
            auto xs = items_of(e), ys = items_of(a);
            if (xs.size() != ys.size()) return false;
            for (std::size_t i = 0; i < xs.size(); ++i)
                if (!equal(xs[i], ys[i])) return false;
            return true;
        }
        case Type::set:
            if (at != Type::set && at != Type::bulk_set) return false;
            return same_multiset(items_of(e), items_of(a));
        case Type::map: {
            if (at != Type::map && at != Type::tree) return false;
            if (e.size() != a.size()) return false;
            for (std::size_t i = 0; i + 1 < e.size(); i += 2) {
                bool found = false;
                for (std::size_t j = 0; j + 1 < a.size(); j += 2) {
                    if (equal(e[i], a[j])) {
                        if (!equal(e[i + 1], a[j + 1])) return false;
                        found = true;
                        break;
                    }
                }
                if (!found) return false;
            }
            return true;
        }
        case Type::vertex:
        case Type::edge:
        case Type::vertex_property:
            return at == et && equal(e[0], a[0]);
        case Type::path: {
            if (at != Type::path) return false;
            return equal(e[1], a[1]);
        }
        case Type::property:  // prop[key,value]: key and value, the parent element ignored
            return at == Type::property && equal(e[0], a[0]) && equal(e[1], a[1]);
        default:
            return differential::canon(e) == differential::canon(a);
    }
}

std::string show(const Value& v) {
    std::string s = differential::canon(v);
    if (s.size() > 300) s = s.substr(0, 300) + "…";
    return s;
}

namespace {
std::string show_all(const std::vector<Value>& xs) {
    std::string out = "[";
    for (std::size_t i = 0; i < xs.size() && i < 20; ++i) {
        if (i) out += ", ";
        out += show(xs[i]);
    }
    if (xs.size() > 20) out += ", … (" + std::to_string(xs.size()) + " in all)";
    return out + "]";
}
}  // namespace

std::string check_ordered(const std::vector<Value>& expected, const std::vector<Value>& actual) {
    bool ok = expected.size() == actual.size();
    for (std::size_t i = 0; ok && i < expected.size(); ++i) ok = equal(expected[i], actual[i]);
    if (ok) return "";
    return "expected (ordered) " + show_all(expected) + "\n      got " + show_all(actual);
}

std::string check_unordered(const std::vector<Value>& expected, const std::vector<Value>& actual) {
    if (same_multiset(expected, actual)) return "";
    return "expected (unordered) " + show_all(expected) + "\n      got " + show_all(actual);
}

std::string check_of(const std::vector<Value>& expected, const std::vector<Value>& actual) {
    for (const auto& a : actual) {
        bool in = false;
        for (const auto& e : expected)
            if (equal(e, a)) {
                in = true;
                break;
            }
        if (!in) return "result " + show(a) + " is none of " + show_all(expected);
    }
    return "";
}

std::map<std::string, Unsupp> parse_unsupported(const std::string& text) {
    std::map<std::string, Unsupp> out;
    std::istringstream in(text);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (trim(line).empty() || trim(line)[0] == '#') continue;
        std::size_t t1 = line.find('\t');
        std::size_t t2 = t1 == std::string::npos ? t1 : line.find('\t', t1 + 1);
        if (t2 == std::string::npos || trim(line.substr(t2 + 1)).empty())
            throw std::runtime_error("unsupported list line " + std::to_string(n) +
                                     ": expected file<TAB>scenario<TAB>reason");
        std::string key = scenario_key(line.substr(0, t1), line.substr(t1 + 1, t2 - t1 - 1));
        if (out.count(key))
            throw std::runtime_error("unsupported list line " + std::to_string(n) + ": duplicate");
        out[key] = Unsupp{trim(line.substr(t2 + 1)), false};
    }
    return out;
}

}  // namespace tpbench::features
