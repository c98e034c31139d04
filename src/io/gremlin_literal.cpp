// gremlin-lang map literals (the 4.0 "parameters" String of http4 request bodies):
// detail/gremlin_literal.hpp.
#include "detail/gremlin_literal.hpp"

#include "detail/json_lexer.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

namespace tpbench::io::http4_detail {

namespace {

namespace json = detail::json;
using model::Type;
using model::Value;

bool is_ident_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }

// Parses the subset of gremlin-lang literals that parameter maps use: numbers (with the b/s/i/l/n
// and f/d/m suffixes), quoted strings, true/false/null, NaN/Infinity, lists and maps ("[:]" empty).
class LiteralParser {
public:
    explicit LiteralParser(std::string_view s) : s_(s) {}

    Result<Value> parse_document() {
        auto v = value(0);
        if (!v) return v;
        ws();
        if (p_ != s_.size()) return err(errc::trailing_bytes, "characters after the parameters literal");
        return v;
    }

private:
    std::string_view s_;
    std::size_t p_ = 0;
    static constexpr std::size_t kMaxDepth = 64;

    Error err(errc c, std::string msg) const { return Error{c, p_, "parameters: " + std::move(msg)}; }
    void ws() {
        while (p_ < s_.size() && json::is_ws(s_[p_])) ++p_;
    }

    Result<Value> value(std::size_t depth) {
        ws();
        if (p_ >= s_.size()) return err(errc::truncated, "literal ends early");
        const char c = s_[p_];
        if (c == '[') return collection(depth);
        if (c == '\'' || c == '"') return string();
        if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) return number();
        if (is_ident_start(c)) {
            const std::string_view id = ident();
            if (id == "true") return Value::boolean(true);
            if (id == "false") return Value::boolean(false);
            if (id == "null") return Value::null();
            if (id == "NaN") return Value::double_(std::numeric_limits<double>::quiet_NaN());
            if (id == "Infinity") return Value::double_(std::numeric_limits<double>::infinity());
            p_ -= id.size();
            return err(errc::bad_value, "unsupported literal '" + std::string(id) + "'");
        }
        return err(errc::bad_value, std::string("unexpected character '") + c + "'");
    }

    std::string_view ident() {
        const std::size_t b = p_;
        while (p_ < s_.size() && is_ident_char(s_[p_])) ++p_;
        return s_.substr(b, p_ - b);
    }

    Result<Value> string() {
        const char q = s_[p_++];
        std::string out;
        while (p_ < s_.size() && s_[p_] != q) {
            char c = s_[p_++];
            if (c == '\\') {
                if (p_ >= s_.size()) break;
                const char e = s_[p_++];
                switch (e) {
                    case 'n':
                        c = '\n';
                        break;
                    case 't':
                        c = '\t';
                        break;
                    case 'r':
                        c = '\r';
                        break;
                    case 'b':
                        c = '\b';
                        break;
                    case 'f':
                        c = '\f';
                        break;
                    case 'u': {
                        if (p_ + 4 > s_.size()) return err(errc::truncated, "\\u escape ends early");
                        std::uint32_t cp = 0;
                        for (int k = 0; k < 4; ++k) {
                            const int h = json::hex_digit(s_[p_ + static_cast<std::size_t>(k)]);
                            if (h < 0) return err(errc::bad_value, "bad \\u escape");
                            cp = cp * 16 + static_cast<std::uint32_t>(h);
                        }
                        p_ += 4;
                        detail::append_utf8(out, cp);
                        continue;
                    }
                    default:
                        c = e;
                        break;
                }
            }
            out.push_back(c);
        }
        if (p_ >= s_.size()) return err(errc::truncated, "unterminated string");
        ++p_;
        return Value::string(std::move(out));
    }

    Result<Value> number() {
        const std::size_t b = p_;
        if (s_[p_] == '-' || s_[p_] == '+') ++p_;
        bool real = false;
        while (p_ < s_.size()) {
            const char c = s_[p_];
            if (c >= '0' && c <= '9') {
                ++p_;
            } else if (c == '.' || c == 'e' || c == 'E') {
                real = true;
                ++p_;
                if ((c == 'e' || c == 'E') && p_ < s_.size() && (s_[p_] == '-' || s_[p_] == '+')) ++p_;
            } else {
                break;
            }
        }
        std::string text(s_.substr(b, p_ - b));
        if (!text.empty() && text[0] == '+') text.erase(0, 1);
        char suffix = 0;
        if (p_ < s_.size() && is_ident_start(s_[p_])) {
            suffix = static_cast<char>(s_[p_] | 0x20);
            ++p_;
            if (p_ < s_.size() && is_ident_char(s_[p_])) return err(errc::bad_value, "bad number suffix");
        }
        if (text.empty() || text == "-") return err(errc::bad_value, "bad number");
        if (real || suffix == 'f' || suffix == 'd' || suffix == 'm') {
            char* end = nullptr;
            const double d = std::strtod(text.c_str(), &end);
            if (end != text.c_str() + text.size()) return err(errc::bad_value, "bad number '" + text + "'");
            if (suffix == 'f') return Value::float_(static_cast<float>(d));
            if (suffix == 0 || suffix == 'd' || suffix == 'm') return Value::double_(d);
            return err(errc::bad_value, "integer suffix on a real number");
        }
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || ptr != text.data() + text.size()) {
            return err(errc::bad_value, "integer '" + text + "' out of range");
        }
        switch (suffix) {
            case 'b':
                if (v < -128 || v > 127) return err(errc::bad_value, "byte out of range");
                return Value::byte(static_cast<std::int8_t>(v));
            case 's':
                if (v < INT16_MIN || v > INT16_MAX) return err(errc::bad_value, "short out of range");
                return Value::short_(static_cast<std::int16_t>(v));
            case 'i':
                if (v < INT32_MIN || v > INT32_MAX) return err(errc::bad_value, "int out of range");
                return Value::int_(static_cast<std::int32_t>(v));
            case 'l':
            case 'n':
                return Value::long_(v);
            case 0:
                if (v >= INT32_MIN && v <= INT32_MAX) return Value::int_(static_cast<std::int32_t>(v));
                return Value::long_(v);
            default:
                return err(errc::bad_value, std::string("unknown number suffix '") + suffix + "'");
        }
    }

    // '[' … ']': list, map, or "[:]".
    Result<Value> collection(std::size_t depth) {
        if (depth >= kMaxDepth) return err(errc::too_deep, "literal nested too deep");
        ++p_;
        ws();
        if (p_ >= s_.size()) return err(errc::truncated, "literal ends early");
        if (s_[p_] == ']') {
            ++p_;
            return Value::list();
        }
        if (s_[p_] == ':') {
            ++p_;
            ws();
            if (p_ >= s_.size() || s_[p_] != ']') return err(errc::bad_value, "expected ']' after '[:'");
            ++p_;
            return Value::map();
        }
        std::vector<Value> items;
        int is_map = -1;
        for (;;) {
            ws();
            if (p_ >= s_.size()) return err(errc::truncated, "literal ends early");
            // A bare identifier followed by ':' is a String key.
            Value first;
            const std::size_t save = p_;
            bool have = false;
            if (is_ident_start(s_[p_])) {
                const std::string_view id = ident();
                std::size_t q = p_;
                while (q < s_.size() && json::is_ws(s_[q])) ++q;
                if (q < s_.size() && s_[q] == ':') {
                    first = Value::string(std::string(id));
                    have = true;
                } else {
                    p_ = save;
                }
            }
            if (!have) {
                auto v = value(depth + 1);
                if (!v) return v;
                first = std::move(v).value();
            }
            ws();
            const bool entry = p_ < s_.size() && s_[p_] == ':';
            if (is_map == -1) is_map = entry ? 1 : 0;
            if (entry != (is_map == 1)) return err(errc::bad_value, "mixed list and map entries");
            items.push_back(std::move(first));
            if (entry) {
                ++p_;
                auto v = value(depth + 1);
                if (!v) return v;
                items.push_back(std::move(v).value());
            }
            ws();
            if (p_ >= s_.size()) return err(errc::truncated, "literal ends early");
            if (s_[p_] == ',') {
                ++p_;
                continue;
            }
            if (s_[p_] == ']') {
                ++p_;
                break;
            }
            return err(errc::bad_value, "expected ',' or ']'");
        }
        return is_map == 1 ? Value::map(std::move(items)) : Value::list(std::move(items));
    }
};

void write_lit_string(std::string& out, std::string_view s) {
    out.push_back('\'');
    for (char c : s) {
        switch (c) {
            case '\'':
                out += "\\'";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                out.push_back(c);
        }
    }
    out.push_back('\'');
}

}  // namespace

std::string double_text(double d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    std::string s(buf);
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
}

// Renders a value as a gremlin-lang literal (the inverse of LiteralParser).
void write_gremlin_literal(std::string& out, const Value& v) {
    switch (v.type()) {
        case Type::null:
            out += "null";
            break;
        case Type::boolean:
            out += v.as_bool() ? "true" : "false";
            break;
        case Type::byte:
            out += std::to_string(v.as_int()) + "b";
            break;
        case Type::short_:
            out += std::to_string(v.as_int()) + "s";
            break;
        case Type::int_:
            out += std::to_string(v.as_int());
            break;
        case Type::long_:
            out += std::to_string(v.as_int()) + "L";
            break;
        case Type::float_:
        case Type::double_: {
            const double d = v.as_double();
            if (std::isnan(d))
                out += "NaN";
            else if (std::isinf(d))
                out += d > 0 ? "Infinity" : "-Infinity";
            else
                out += double_text(d) + (v.type() == Type::float_ ? "f" : "d");
            break;
        }
        case Type::string:
        case Type::char_:
            write_lit_string(out, v.str());
            break;
        case Type::list:
        case Type::set: {
            out.push_back('[');
            for (std::size_t i = 0; i < v.size(); ++i) {
                if (i) out += ", ";
                write_gremlin_literal(out, v[i]);
            }
            out.push_back(']');
            break;
        }
        case Type::map: {
            if (v.size() == 0) {
                out += "[:]";
                break;
            }
            out.push_back('[');
            for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                if (i) out += ", ";
                const Value& k = v[i];
                bool bare = k.type() == Type::string && !k.str().empty() && is_ident_start(k.str()[0]) &&
                            k.str() != "true" && k.str() != "false" && k.str() != "null";
                for (char c : k.str()) bare = bare && is_ident_char(c);
                if (bare)
                    out += k.str();
                else
                    write_gremlin_literal(out, k);
                out.push_back(':');
                write_gremlin_literal(out, v[i + 1]);
            }
            out.push_back(']');
            break;
        }
        default:
            write_lit_string(out, v.to_string());
            break;
    }
}

Result<model::Value> parse_gremlin_literal(std::string_view s) { return LiteralParser(s).parse_document(); }

}  // namespace tpbench::io::http4_detail
