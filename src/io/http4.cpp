// TinkerPop 4 HTTP message bodies: request bodies in GraphBinary 4, plain JSON and GraphSON 4
// (master-http and 4.0 field dialects), the streamed response writer and the incremental response
// decoder. Layouts: ../shared/spec/http-protocol-4.0.md §3, §5, §7, §12, §13.
#include <tpbench/io/http4.hpp>

#include "detail/gb_wire.hpp"
#include "detail/json_envelope.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace tpbench::io::http4 {

namespace {

using detail::gbw::Reader;
namespace json = detail::json;
using model::Type;
using model::Value;

constexpr std::string_view kMimeGb4 = "application/vnd.graphbinary-v4.0";
constexpr std::string_view kMimeJson = "application/json";
constexpr std::string_view kMimeGs4 = "application/vnd.gremlin-v4.0+json";
constexpr std::string_view kMimeGs4Untyped = "application/vnd.gremlin-v4.0+json;types=false";

// Error texts of the real server's 400 bodies (§3.3).
constexpr std::string_view kNoGremlin = "no gremlin script supplied";
constexpr std::string_view kBindingsNotMap = "bindings must be a Map";
constexpr std::string_view kNotParsed = "body could not be parsed";

GsOptions gs4(bool typed) {
    GsOptions o;
    o.version = GsVersion::v4;
    o.typed = typed;
    return o;
}

Error rebase(Error e, std::size_t base) {
    e.offset += base;
    return e;
}

// ---- gremlin-lang map literals (the 4.0 "parameters" String) ---------------------------------

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

std::string double_text(double d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    std::string s(buf);
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
}

// Renders a value as a gremlin-lang literal (the inverse of LiteralParser).
void write_literal(std::string& out, const Value& v) {
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
                write_literal(out, v[i]);
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
                    write_literal(out, k);
                out.push_back(':');
                write_literal(out, v[i + 1]);
            }
            out.push_back(']');
            break;
        }
        default:
            write_lit_string(out, v.to_string());
            break;
    }
}

// Plain JSON rendering of binding values (§3.3 bodies carry no type information).
void write_plain_json(std::string& out, const Value& v) {
    switch (v.type()) {
        case Type::null:
            out += "null";
            break;
        case Type::boolean:
            out += v.as_bool() ? "true" : "false";
            break;
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
            out += std::to_string(v.as_int());
            break;
        case Type::float_:
        case Type::double_: {
            const double d = v.as_double();
            if (std::isfinite(d))
                out += double_text(d);
            else
                out += "null";
            break;
        }
        case Type::string:
        case Type::char_:
            json::write_string(out, v.str());
            break;
        case Type::list:
        case Type::set: {
            out.push_back('[');
            for (std::size_t i = 0; i < v.size(); ++i) {
                if (i) out.push_back(',');
                write_plain_json(out, v[i]);
            }
            out.push_back(']');
            break;
        }
        case Type::map: {
            out.push_back('{');
            for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                if (i) out.push_back(',');
                json::write_string(out, v[i].type() == Type::string ? v[i].str() : v[i].to_string());
                out.push_back(':');
                write_plain_json(out, v[i + 1]);
            }
            out.push_back('}');
            break;
        }
        default:
            gs_write(out, v, gs4(false));
            break;
    }
}

// ---- request field interpretation (shared by the three body formats) -------------------------

bool is_true_string(std::string_view s) {
    return s.size() == 4 && (s[0] | 0x20) == 't' && (s[1] | 0x20) == 'r' && (s[2] | 0x20) == 'u' &&
           (s[3] | 0x20) == 'e';
}

std::optional<Error> apply_field(Request& r, std::string_view key, Value v, std::size_t at,
                                 bool& have_gremlin) {
    auto want_string = [&](std::optional<std::string>& dst, std::string_view name) -> std::optional<Error> {
        if (v.is_null()) {
            dst.reset();
            return std::nullopt;
        }
        if (v.type() != Type::string)
            return Error{errc::bad_value, at, std::string(name) + " must be a String"};
        dst = v.str();
        return std::nullopt;
    };
    if (key == "gremlin") {
        if (v.is_null()) return std::nullopt;
        if (v.type() != Type::string) return Error{errc::bad_value, at, "gremlin must be a String"};
        r.gremlin = v.str();
        have_gremlin = true;
    } else if (key == "language") {
        return want_string(r.language, "language");
    } else if (key == "g") {
        return want_string(r.g, "g");
    } else if (key == "transactionId") {
        return want_string(r.transaction_id, "transactionId");
    } else if (key == "materializeProperties") {
        return want_string(r.materialize_properties, "materializeProperties");
    } else if (key == "bindings") {
        if (v.is_null()) return std::nullopt;
        if (v.type() != Type::map) return Error{errc::bad_value, at, std::string(kBindingsNotMap)};
        for (auto& x : v.kids()) r.bindings.push_back(std::move(x));
    } else if (key == "parameters") {
        if (v.is_null()) return std::nullopt;
        if (v.type() == Type::map) {
            for (auto& x : v.kids()) r.bindings.push_back(std::move(x));
        } else if (v.type() == Type::string) {
            auto m = LiteralParser(v.str()).parse_document();
            if (!m)
                return Error{m.error().code, at,
                             m.error().message + " (at character " + std::to_string(m.error().offset) + ")"};
            if (m->type() != Type::map) return Error{errc::bad_value, at, "parameters must be a map literal"};
            for (auto& x : m->kids()) r.bindings.push_back(std::move(x));
            r.parameters_literal = v.str();
        } else {
            return Error{errc::bad_value, at, "parameters must be a String or a Map"};
        }
    } else if (key == "batchSize") {
        if (v.is_null()) return std::nullopt;
        if (!v.is_number()) return Error{errc::bad_value, at, "batchSize must be a number"};
        const std::int64_t n = v.to_int64();
        if (n < INT32_MIN || n > INT32_MAX) return Error{errc::bad_value, at, "batchSize out of Int range"};
        r.batch_size = static_cast<std::int32_t>(n);
    } else if (key == "timeoutMs" || key == "timeoutMillis") {
        if (v.is_null()) return std::nullopt;
        if (!v.is_number()) return Error{errc::bad_value, at, std::string(key) + " must be a number"};
        r.timeout_ms = v.to_int64();
    } else if (key == "bulked" || key == "bulkResults") {
        if (v.is_null()) return std::nullopt;
        if (v.type() == Type::boolean)
            r.bulk_results = v.as_bool();
        else if (v.type() == Type::string)
            r.bulk_results = is_true_string(v.str());
        else
            return Error{errc::bad_value, at, std::string(key) + " must be a String or a Boolean"};
    }
    // Unknown fields are ignored, as the server does.
    return std::nullopt;
}

Result<Request> decode_gb_request(std::string_view body) {
    Request r;
    Reader rd{body, 0};
    std::uint8_t version = 0;
    if (auto e = rd.u8(version, "version")) return *e;
    if (version < 0x80)
        return Error{errc::bad_version, 0,
                     "unsupported GraphBinary request version byte " + std::to_string(version)};
    std::int32_t n = 0;
    if (auto e = rd.count(n, "fields count", 4)) return *e;
    bool have_gremlin = false;
    for (std::int32_t i = 0; i < n; ++i) {
        const std::size_t at = rd.pos;
        Value k, v;
        if (auto e = rd.value(k, GbVersion::v4)) return *e;
        if (k.type() != Type::string) return Error{errc::bad_value, at, "request field name is not a String"};
        const std::size_t vat = rd.pos;
        if (auto e = rd.value(v, GbVersion::v4)) return *e;
        if (k.str() == "gremlin") continue;  // positional below
        if (auto e = apply_field(r, k.str(), std::move(v), vat, have_gremlin)) return *e;
    }
    if (rd.left() == 0) return Error{errc::bad_value, rd.pos, std::string(kNoGremlin)};
    if (auto e = rd.string(r.gremlin, "gremlin String")) return *e;
    if (rd.left() != 0)
        return rd.fail(errc::trailing_bytes, std::to_string(rd.left()) + " bytes after the request");
    return r;
}

Result<Request> decode_json_request(std::string_view body, bool graphson) {
    Request r;
    bool have_gremlin = false;
    const GsOptions opt = gs4(true);
    std::size_t pos = 0;
    auto err = json::for_each_member(
        body, pos, opt.max_depth, "request",
        [&](std::string_view key, std::size_t b, std::size_t e) -> std::optional<Error> {
            // Plain JSON: integers are Long (§3.3); GraphSON: typed members go to gs_read.
            auto v = json::read_loose(body, b, e, opt, !graphson, graphson);
            if (!v) return v.error();
            return apply_field(r, key, std::move(v).value(), b, have_gremlin);
        });
    if (!err) {
        json::skip_ws(body, pos);
        if (pos != body.size()) err = Error{errc::trailing_bytes, pos, "bytes after the request object"};
    }
    if (err) {
        // JSON that does not parse gets the server's fixed messages; field errors keep theirs.
        if (err->code == errc::bad_json || err->code == errc::truncated ||
            err->code == errc::trailing_bytes || err->code == errc::too_deep) {
            if (graphson)
                err->message = "Unable to deserialize request using: " + std::string(kMimeGs4) + " (" +
                               err->message + ")";
            else
                err->message = std::string(kNotParsed) + " (" + err->message + ")";
        }
        return *err;
    }
    if (!have_gremlin) return Error{errc::bad_value, 0, std::string(kNoGremlin)};
    return r;
}

void put_field_key(std::string& out, std::string_view k) {
    gb_write(out, Value::string(std::string(k)), GbVersion::v4);
}

std::string literal_of(const Request& r) {
    if (r.parameters_literal) return *r.parameters_literal;
    std::string s;
    write_literal(s, r.bindings.type() == Type::map ? r.bindings : Value::map());
    return s;
}

bool has_bindings(const Request& r) { return r.bindings.type() == Type::map && r.bindings.size() > 0; }

}  // namespace

std::string_view dialect_name(Dialect d) noexcept {
    switch (d) {
        case Dialect::master_http:
            return "master-http";
        case Dialect::v4_0_beta1:
            return "4.0-beta.1";
        case Dialect::v4_0:
            return "4.0";
    }
    return "4.0";
}

std::optional<Dialect> parse_dialect(std::string_view n) noexcept {
    if (n == "master-http") return Dialect::master_http;
    if (n == "4.0-beta.1" || n == "beta.1" || n == "4.0.0-beta.1" || n == "4.0-beta.2" || n == "beta.2" ||
        n == "4.0.0-beta.2")
        return Dialect::v4_0_beta1;
    if (n == "4.0" || n == "beta.3" || n == "4.0-beta.3" || n == "4.0.0-beta.3" || n == "master")
        return Dialect::v4_0;
    return std::nullopt;
}

std::string_view default_language(Dialect d) noexcept {
    return d == Dialect::master_http ? "gremlin-groovy" : "gremlin-lang";
}

std::string_view bulk_field(Dialect d) noexcept {
    return d == Dialect::master_http ? "bulked" : "bulkResults";
}

std::optional<std::string_view> gremlin_lang_equivalent(std::string_view script) noexcept {
    // TinkerFactory.generateModern(graph): the same vertex ids (1-6, Integer as generateModern
    // passes them), labels, edges and property values. Edge ids (generateModern: 7-12) and
    // vertex-property ids (0-11) are left to the server: no built-in workload reads them, and the
    // embedded server takes neither addE().property(T.id, n) nor meta-property key/values.
    static constexpr std::string_view kModern =
        "g.addV('person').property(T.id,1).property('name','marko').property('age',29).as('marko')"
        ".addV('person').property(T.id,2).property('name','vadas').property('age',27).as('vadas')"
        ".addV('software').property(T.id,3).property('name','lop').property('lang','java').as('lop')"
        ".addV('person').property(T.id,4).property('name','josh').property('age',32).as('josh')"
        ".addV('software').property(T.id,5).property('name','ripple').property('lang','java').as('ripple')"
        ".addV('person').property(T.id,6).property('name','peter').property('age',35).as('peter')"
        ".addE('knows').from('marko').to('vadas').property('weight',0.5d)"
        ".addE('knows').from('marko').to('josh').property('weight',1.0d)"
        ".addE('created').from('marko').to('lop').property('weight',0.4d)"
        ".addE('created').from('josh').to('ripple').property('weight',1.0d)"
        ".addE('created').from('josh').to('lop').property('weight',0.4d)"
        ".addE('created').from('peter').to('lop').property('weight',0.2d)";
    if (script == "1+1") return std::string_view("g.inject(2)");
    if (script == "graph.clear()") return std::string_view("g.V().drop()");
    if (script == "TinkerFactory.generateModern(graph)") return kModern;
    return std::nullopt;
}

std::string_view content_type(BodyFormat f) noexcept {
    switch (f) {
        case BodyFormat::graphbinary_v4:
            return kMimeGb4;
        case BodyFormat::json:
            return kMimeJson;
        case BodyFormat::graphson_v4:
            return kMimeGs4;
    }
    return kMimeJson;
}

std::optional<BodyFormat> body_format_from_content_type(std::string_view ct) noexcept {
    // Media type only: drop parameters and surrounding spaces; compare case-insensitively.
    const std::size_t semi = ct.find(';');
    std::string_view m = ct.substr(0, semi);
    while (!m.empty() && (m.front() == ' ' || m.front() == '\t')) m.remove_prefix(1);
    while (!m.empty() && (m.back() == ' ' || m.back() == '\t')) m.remove_suffix(1);
    auto eq = [&](std::string_view want) {
        if (m.size() != want.size()) return false;
        for (std::size_t i = 0; i < m.size(); ++i) {
            char c = m[i];
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
            if (c != want[i]) return false;
        }
        return true;
    };
    if (m.empty() || eq(kMimeJson)) return BodyFormat::json;
    if (eq(kMimeGb4)) return BodyFormat::graphbinary_v4;
    if (eq(kMimeGs4)) return BodyFormat::graphson_v4;
    return std::nullopt;
}

std::string_view mime_type(ResponseFormat f) noexcept {
    switch (f) {
        case ResponseFormat::graphbinary_v4:
            return kMimeGb4;
        case ResponseFormat::graphson_v4:
            return kMimeGs4;
        case ResponseFormat::graphson_v4_untyped:
            return kMimeGs4Untyped;
    }
    return kMimeGb4;
}

void encode_request(std::string& out, const Request& r, BodyFormat f, Dialect d) {
    using namespace detail::gbw;
    const bool master = d == Dialect::master_http;
    // beta.1/beta.2 and master-http carry script variables as a "bindings" Map; beta.3+ as a
    // "parameters" String holding a gremlin-lang map literal.
    const bool map_bindings = d != Dialect::v4_0;
    const std::string_view timeout_key = d == Dialect::v4_0 ? "timeoutMillis" : "timeoutMs";
    const std::string_view bulk_key = bulk_field(d);
    const Value& bindings = r.bindings.type() == Type::map ? r.bindings : Value::map();
    // master-http always sends bindings (Java HashMap order: bindings, language, batchSize);
    // the beta dialects send "bindings" / "parameters" only when there are any.
    const bool send_map = master || (map_bindings && has_bindings(r));
    const bool send_params = !map_bindings && (has_bindings(r) || r.parameters_literal.has_value());

    if (f == BodyFormat::graphbinary_v4) {
        put_u8(out, d == Dialect::v4_0 ? 0x84 : 0x81);
        std::int32_t n = (send_map || send_params ? 1 : 0) + (r.language ? 1 : 0) + (r.batch_size ? 1 : 0) +
                         (r.g ? 1 : 0) + (r.timeout_ms ? 1 : 0) + (r.materialize_properties ? 1 : 0) +
                         (r.bulk_results ? 1 : 0) + (r.transaction_id ? 1 : 0);
        put_i32(out, n);
        if (send_map) {
            put_field_key(out, "bindings");
            gb_write(out, bindings, GbVersion::v4);
        } else if (send_params) {
            put_field_key(out, "parameters");
            gb_write(out, Value::string(literal_of(r)), GbVersion::v4);
        }
        if (r.language) {
            put_field_key(out, "language");
            gb_write(out, Value::string(*r.language), GbVersion::v4);
        }
        if (r.batch_size) {
            put_field_key(out, "batchSize");
            gb_write(out, Value::int_(*r.batch_size), GbVersion::v4);
        }
        if (r.g) {
            put_field_key(out, "g");
            gb_write(out, Value::string(*r.g), GbVersion::v4);
        }
        if (r.timeout_ms) {
            put_field_key(out, timeout_key);
            gb_write(out, Value::long_(*r.timeout_ms), GbVersion::v4);
        }
        if (r.materialize_properties) {
            put_field_key(out, "materializeProperties");
            gb_write(out, Value::string(*r.materialize_properties), GbVersion::v4);
        }
        if (r.bulk_results) {
            put_field_key(out, bulk_key);
            gb_write(out, Value::string(*r.bulk_results ? "true" : "false"), GbVersion::v4);
        }
        if (r.transaction_id) {
            put_field_key(out, "transactionId");
            gb_write(out, Value::string(*r.transaction_id), GbVersion::v4);
        }
        put_string(out, r.gremlin);
        return;
    }

    const bool gs = f == BodyFormat::graphson_v4;
    const GsOptions opt = gs4(true);
    out += "{\"gremlin\":";
    json::write_string(out, r.gremlin);
    auto key = [&](std::string_view k) {
        out += ",\"";
        out += k;
        out += "\":";
    };
    if (map_bindings ? has_bindings(r) || (gs && master) : send_params) {
        if (map_bindings) {
            key("bindings");
            if (gs)
                gs_write(out, bindings, opt);
            else
                write_plain_json(out, bindings);
        } else {
            key("parameters");
            json::write_string(out, literal_of(r));
        }
    }
    if (r.language) {
        key("language");
        json::write_string(out, *r.language);
    }
    if (r.batch_size) {
        key("batchSize");
        if (gs)
            gs_write(out, Value::int_(*r.batch_size), opt);
        else
            out += std::to_string(*r.batch_size);
    }
    if (r.g) {
        key("g");
        json::write_string(out, *r.g);
    }
    if (r.timeout_ms) {
        key(timeout_key);
        if (gs)
            gs_write(out, Value::long_(*r.timeout_ms), opt);
        else
            out += std::to_string(*r.timeout_ms);
    }
    if (r.materialize_properties) {
        key("materializeProperties");
        json::write_string(out, *r.materialize_properties);
    }
    if (r.bulk_results) {
        key(bulk_key);
        out += *r.bulk_results ? "\"true\"" : "\"false\"";
    }
    if (r.transaction_id) {
        key("transactionId");
        json::write_string(out, *r.transaction_id);
    }
    out.push_back('}');
}

Result<Request> decode_request(std::string_view body, BodyFormat f) {
    switch (f) {
        case BodyFormat::graphbinary_v4:
            return decode_gb_request(body);
        case BodyFormat::json:
            return decode_json_request(body, false);
        case BodyFormat::graphson_v4:
            return decode_json_request(body, true);
    }
    return Error{errc::bad_value, 0, std::string(kNotParsed)};
}

// ---- response writer ----------------------------------------------------------------------------

void write_response_start(std::string& out, ResponseFormat f, bool bulked, std::uint8_t version) {
    switch (f) {
        case ResponseFormat::graphbinary_v4:
            detail::gbw::put_u8(out, version);
            detail::gbw::put_u8(out, bulked ? 0x01 : 0x00);
            break;
        case ResponseFormat::graphson_v4:
            out += "{\"result\":{\"data\":{\"@type\":\"g:List\",\"@value\":[";
            break;
        case ResponseFormat::graphson_v4_untyped:
            out += "{\"result\":{\"data\":[";
            break;
    }
}

void write_response_item(std::string& out, ResponseFormat f, const model::Value& v, bool first,
                         std::optional<std::int64_t> bulk) {
    if (f == ResponseFormat::graphbinary_v4) {
        gb_write(out, v, GbVersion::v4);
        if (bulk) {
            detail::gbw::put_u8(out, 0x02);
            detail::gbw::put_u8(out, 0x00);
            detail::gbw::put_i64(out, *bulk);
        }
        return;
    }
    if (!first) out.push_back(',');
    gs_write(out, v, gs4(f == ResponseFormat::graphson_v4));
}

void write_response_end(std::string& out, ResponseFormat f, std::int32_t code,
                        const std::optional<std::string>& message,
                        const std::optional<std::string>& exception) {
    if (f == ResponseFormat::graphbinary_v4) {
        static constexpr char kMarker[3] = {static_cast<char>(0xfd), 0x00, 0x00};
        out.append(kMarker, 3);
        detail::gbw::put_i32(out, code);
        detail::gbw::put_nullable_string(out, message);
        detail::gbw::put_nullable_string(out, exception);
        return;
    }
    out += f == ResponseFormat::graphson_v4 ? "]}},\"status\":{\"code\":" : "]},\"status\":{\"code\":";
    out += std::to_string(code);
    if (message) {
        out += ",\"message\":";
        json::write_string(out, *message);
    }
    if (exception) {
        out += ",\"exception\":";
        json::write_string(out, *exception);
    }
    out += "}}";
}

// ---- incremental response decoder ---------------------------------------------------------------

namespace {

enum class Step : std::uint8_t { consumed, need_more, failed };

// GraphSON stream states (§5.4): {"result":{"data":{"@type":"g:List","@value":[ items ]}},"status":{…}}
enum class GsState : std::uint8_t {
    top_open,
    top_first,
    top_key,
    top_sep,
    result_open,
    result_first,
    result_key,
    result_sep,
    data_start,
    typed_first,
    typed_key,
    typed_sep,
    items_first,
    items_next,
    item,
    done,
};

enum class GbState : std::uint8_t { header, item, bulk, footer, done };

// JSON nesting accepted in a streamed GraphSON value.
constexpr std::size_t kMaxJsonDepth = 64;

// A status message/exception longer than this is malformed, not merely incomplete.
constexpr std::size_t kMaxFooterString = std::size_t{1} << 24;

}  // namespace

struct ResponseDecoder::Impl {
    ResponseFormat format;
    DecodeMode mode;
    std::function<void(model::Value&&, std::int64_t)> on_item;

    std::string buf;  // bytes of the token/value in progress (only)
    std::uint64_t consumed = 0;
    std::uint64_t items = 0;
    std::uint64_t results = 0;
    std::int32_t code = 0;
    std::optional<std::string> message;
    std::optional<std::string> exception;
    bool is_bulked = false;
    bool finished = false;
    std::optional<Error> error;

    GbState gb = GbState::header;
    GsState gs = GsState::top_open;
    bool data_typed = false;
    bool have_status = false;
    Value pending;  // materialised item waiting for its bulk

    Impl(ResponseFormat f, DecodeMode m, std::function<void(model::Value&&, std::int64_t)> cb)
        : format(f), mode(m), on_item(std::move(cb)) {}

    bool is_done() const noexcept {
        return format == ResponseFormat::graphbinary_v4 ? gb == GbState::done : gs == GsState::done;
    }

    Step fail(Error e) {
        error = std::move(e);
        return Step::failed;
    }

    void emit(Value&& v, std::int64_t bulk) {
        ++items;
        results += static_cast<std::uint64_t>(bulk);
        if (on_item) on_item(std::move(v), bulk);
    }

    // ---- GraphBinary 4 ----
    Step gb_step(std::string_view s, std::size_t& p) {
        const std::size_t left = s.size() - p;
        const auto* u = reinterpret_cast<const unsigned char*>(s.data());
        switch (gb) {
            case GbState::header: {
                if (left < 2) return Step::need_more;
                if ((u[p] & 0x80) == 0)
                    return fail({errc::bad_version, consumed + p,
                                 "bad GraphBinary response version byte " + std::to_string(u[p]) +
                                     " (needs >= 0x80)"});
                if (u[p + 1] > 1)
                    return fail(
                        {errc::bad_value, consumed + p + 1, "bad bulked byte " + std::to_string(u[p + 1])});
                is_bulked = u[p + 1] == 1;
                p += 2;
                gb = GbState::item;
                return Step::consumed;
            }
            case GbState::item: {
                if (left < 1) return Step::need_more;
                if (u[p] == 0xfd) {
                    if (left < 3) return Step::need_more;
                    if (u[p + 1] != 0x00 || u[p + 2] != 0x00)
                        return fail({errc::bad_value, consumed + p, "bad end-of-stream marker"});
                    p += 3;
                    gb = GbState::footer;
                    return Step::consumed;
                }
                if (mode == DecodeMode::count) {
                    auto r = gb_skip(s, p, GbVersion::v4);
                    if (!r) return gb_error(r.error());
                    p = *r;
                    if (is_bulked)
                        gb = GbState::bulk;
                    else
                        emit_counted();
                    return Step::consumed;
                }
                std::size_t q = p;
                auto r = gb_read(s, q, GbVersion::v4);
                if (!r) return gb_error(r.error());
                p = q;
                if (is_bulked) {
                    pending = std::move(r).value();
                    gb = GbState::bulk;
                } else {
                    emit(std::move(r).value(), 1);
                }
                return Step::consumed;
            }
            case GbState::bulk: {
                if (left < 10) return Step::need_more;
                if (u[p] != 0x02 || u[p + 1] != 0x00)
                    return fail({errc::bad_value, consumed + p, "bulk of a bulked result is not a Long"});
                const std::int64_t bulk = detail::gbw::get_i64(s.data() + p + 2);
                if (bulk < 0)
                    return fail({errc::bad_value, consumed + p, "negative bulk " + std::to_string(bulk)});
                p += 10;
                gb = GbState::item;
                if (mode == DecodeMode::count) {
                    ++items;
                    results += static_cast<std::uint64_t>(bulk);
                } else {
                    emit(std::move(pending), bulk);
                    pending = Value();
                }
                return Step::consumed;
            }
            case GbState::footer: {
                Reader rd{s, p};
                rd.max_len = kMaxFooterString;
                std::int32_t c = 0;
                std::optional<std::string> msg, exc;
                std::optional<Error> e = rd.i32(c, "status code");
                if (!e) e = rd.nullable_string(msg, "status message");
                if (!e) e = rd.nullable_string(exc, "status exception");
                if (e) {
                    if (e->code == errc::truncated) return Step::need_more;
                    e->offset += consumed;
                    return fail(std::move(*e));
                }
                code = c;
                message = std::move(msg);
                exception = std::move(exc);
                p = rd.pos;
                gb = GbState::done;
                return Step::consumed;
            }
            case GbState::done:
                return fail({errc::trailing_bytes, consumed + p, "bytes after the status footer"});
        }
        return Step::need_more;
    }

    void emit_counted() {
        ++items;
        ++results;
    }

    Step gb_error(Error e) {
        if (e.code == errc::truncated) return Step::need_more;
        e.offset += consumed;
        return fail(std::move(e));
    }

    // ---- GraphSON 4 ----
    // Reads `"key"` ws `:` as one token.
    Step gs_key(std::string_view s, std::size_t& p, std::string& key) {
        std::size_t q = p;
        if (s[q] != '"') return fail({errc::bad_json, consumed + q, "expected a member name"});
        const json::Scan r = json::parse_string(s, q, key);
        if (r == json::Scan::truncated) return Step::need_more;
        if (r == json::Scan::bad) return fail({errc::bad_json, consumed + q, "bad member name"});
        json::skip_ws(s, q);
        if (q >= s.size()) return Step::need_more;
        if (s[q] != ':') return fail({errc::bad_json, consumed + q, "expected ':'"});
        p = q + 1;
        return Step::consumed;
    }

    // Bounds of a whole JSON value at p (not at end of input: a bare number needs its terminator).
    Step gs_value(std::string_view s, std::size_t& p, std::size_t& b, std::size_t& e) {
        auto r = gs_skip(s, p, kMaxJsonDepth);
        if (!r) {
            if (r.error().code == errc::truncated) return Step::need_more;
            return fail(rebase(r.error(), consumed));
        }
        // A value running to the end of the bytes at hand may continue (a number) — and in a
        // well-formed stream it is always followed by ',', ']' or '}': wait for that byte.
        if (*r >= s.size()) return Step::need_more;
        b = p;
        e = *r;
        p = *r;
        return Step::consumed;
    }

    std::optional<Error> read_status(std::string_view s, std::size_t b, std::size_t e) {
        const GsOptions opt = gs4(true);
        std::size_t p = b;
        bool have_code = false;
        auto err = json::for_each_member(
            s.substr(0, e), p, opt.max_depth, "status",
            [&](std::string_view k, std::size_t x, std::size_t y) -> std::optional<Error> {
                auto v = json::read_loose(s, x, y, opt, false, true);
                if (!v) return v.error();
                if (k == "code") {
                    if (!v->is_number()) return Error{errc::bad_value, x, "status.code is not a number"};
                    code = static_cast<std::int32_t>(v->to_int64());
                    have_code = true;
                } else if (k == "message" || k == "exception") {
                    auto& dst = k == "message" ? message : exception;
                    if (v->is_null())
                        dst.reset();
                    else if (v->type() == Type::string)
                        dst = v->str();
                    else
                        return Error{errc::bad_value, x, "status." + std::string(k) + " is not a string"};
                }
                return std::nullopt;
            });
        if (err) return rebase(*err, consumed);
        if (!have_code) return Error{errc::bad_value, consumed + b, "status has no code"};
        have_status = true;
        return std::nullopt;
    }

    Step gs_item(std::string_view s, std::size_t& p) {
        std::size_t b = 0, e = 0;
        const Step st = gs_value(s, p, b, e);
        if (st != Step::consumed) return st;
        if (mode == DecodeMode::count) {
            emit_counted();
        } else {
            auto v = gs_read(s.substr(b, e - b), gs4(format == ResponseFormat::graphson_v4));
            if (!v) return fail(rebase(v.error(), consumed + b));
            emit(std::move(v).value(), 1);
        }
        gs = GsState::items_next;
        return Step::consumed;
    }

    Step gs_step(std::string_view s, std::size_t& p) {
        json::skip_ws(s, p);
        if (p >= s.size()) return Step::need_more;
        const char c = s[p];
        std::string key;
        auto expect = [&](char want, GsState next, const char* what) {
            if (c != want) return fail({errc::bad_json, consumed + p, std::string("expected ") + what});
            ++p;
            gs = next;
            return Step::consumed;
        };
        switch (gs) {
            case GsState::top_open:
                return expect('{', GsState::top_first, "'{' opening the response");
            case GsState::top_first:
                if (c == '}') return finish_top(p);
                [[fallthrough]];
            case GsState::top_key: {
                std::size_t q = p;
                const Step st = gs_key(s, q, key);
                if (st != Step::consumed) return st;
                if (key == "result") {
                    p = q;
                    gs = GsState::result_open;
                    return Step::consumed;
                }
                std::size_t b = 0, e = 0;
                json::skip_ws(s, q);
                if (q >= s.size()) return Step::need_more;
                const Step sv = gs_value(s, q, b, e);
                if (sv != Step::consumed) return sv;
                if (key == "status") {
                    if (auto err = read_status(s, b, e)) return fail(std::move(*err));
                }
                p = q;
                gs = GsState::top_sep;
                return Step::consumed;
            }
            case GsState::top_sep:
                if (c == ',') {
                    ++p;
                    gs = GsState::top_key;
                    return Step::consumed;
                }
                if (c == '}') return finish_top(p);
                return fail({errc::bad_json, consumed + p, "expected ',' or '}' in the response object"});
            case GsState::result_open:
                return expect('{', GsState::result_first, "'{' opening result");
            case GsState::result_first:
                if (c == '}') {
                    ++p;
                    gs = GsState::top_sep;
                    return Step::consumed;
                }
                [[fallthrough]];
            case GsState::result_key: {
                std::size_t q = p;
                const Step st = gs_key(s, q, key);
                if (st != Step::consumed) return st;
                if (key == "data") {
                    p = q;
                    gs = GsState::data_start;
                    return Step::consumed;
                }
                std::size_t b = 0, e = 0;
                json::skip_ws(s, q);
                if (q >= s.size()) return Step::need_more;
                const Step sv = gs_value(s, q, b, e);
                if (sv != Step::consumed) return sv;
                p = q;
                gs = GsState::result_sep;
                return Step::consumed;
            }
            case GsState::result_sep:
                if (c == ',') {
                    ++p;
                    gs = GsState::result_key;
                    return Step::consumed;
                }
                if (c == '}') {
                    ++p;
                    gs = GsState::top_sep;
                    return Step::consumed;
                }
                return fail({errc::bad_json, consumed + p, "expected ',' or '}' in result"});
            case GsState::data_start:
                if (c == '[') {
                    ++p;
                    data_typed = false;
                    gs = GsState::items_first;
                    return Step::consumed;
                }
                if (c == '{') {
                    ++p;
                    data_typed = true;
                    gs = GsState::typed_first;
                    return Step::consumed;
                }
                if (c == 'n') {
                    const json::Scan r = json::skip_literal(s, p, "null");
                    if (r == json::Scan::truncated) return Step::need_more;
                    if (r == json::Scan::bad)
                        return fail({errc::bad_json, consumed + p, "invalid result.data"});
                    gs = GsState::result_sep;
                    return Step::consumed;
                }
                return fail({errc::bad_json, consumed + p, "result.data is not a list"});
            case GsState::typed_first:
            case GsState::typed_key: {
                std::size_t q = p;
                const Step st = gs_key(s, q, key);
                if (st != Step::consumed) return st;
                if (key == "@value") {
                    json::skip_ws(s, q);
                    if (q >= s.size()) return Step::need_more;
                    if (s[q] != '[')
                        return fail({errc::bad_json, consumed + q, "result.data @value is not an array"});
                    p = q + 1;
                    gs = GsState::items_first;
                    return Step::consumed;
                }
                std::size_t b = 0, e = 0;
                json::skip_ws(s, q);
                if (q >= s.size()) return Step::need_more;
                const Step sv = gs_value(s, q, b, e);
                if (sv != Step::consumed) return sv;
                if (key == "@type") {
                    std::string tn;
                    std::size_t t = b;
                    if (s[t] != '"' || json::parse_string(s, t, tn) != json::Scan::ok ||
                        (tn != "g:List" && tn != "g:BulkSet"))
                        return fail({errc::bad_value, consumed + b, "result.data is not a g:List"});
                }
                p = q;
                gs = GsState::typed_sep;
                return Step::consumed;
            }
            case GsState::typed_sep:
                if (c == ',') {
                    ++p;
                    gs = GsState::typed_key;
                    return Step::consumed;
                }
                if (c == '}') {
                    ++p;
                    gs = GsState::result_sep;
                    return Step::consumed;
                }
                return fail({errc::bad_json, consumed + p, "expected ',' or '}' in result.data"});
            case GsState::items_first:
                if (c == ']') return close_items(p);
                gs = GsState::item;
                return gs_item(s, p);
            case GsState::items_next:
                if (c == ',') {
                    ++p;
                    gs = GsState::item;
                    return Step::consumed;
                }
                if (c == ']') return close_items(p);
                return fail({errc::bad_json, consumed + p, "expected ',' or ']' after a result"});
            case GsState::item:
                return gs_item(s, p);
            case GsState::done:
                return fail({errc::trailing_bytes, consumed + p, "bytes after the response object"});
        }
        return Step::need_more;
    }

    Step close_items(std::size_t& p) {
        ++p;
        gs = data_typed ? GsState::typed_sep : GsState::result_sep;
        return Step::consumed;
    }

    Step finish_top(std::size_t& p) {
        if (!have_status) return fail({errc::bad_value, consumed + p, "response has no status"});
        ++p;
        gs = GsState::done;
        return Step::consumed;
    }

    // Runs steps over `s`; returns the number of bytes consumed (whole tokens only).
    std::size_t process(std::string_view s) {
        std::size_t p = 0;
        const bool gbf = format == ResponseFormat::graphbinary_v4;
        for (;;) {
            if (gbf && gb == GbState::done) {
                if (p < s.size()) fail({errc::trailing_bytes, consumed + p, "bytes after the status footer"});
                break;
            }
            if (!gbf && gs == GsState::done) {
                json::skip_ws(s, p);
                if (p < s.size())
                    fail({errc::trailing_bytes, consumed + p, "bytes after the response object"});
                break;
            }
            std::size_t q = p;
            const Step st = gbf ? gb_step(s, q) : gs_step(s, q);
            if (st == Step::failed) break;
            if (st == Step::need_more) {
                // Whitespace skipped before an incomplete token is consumed too.
                if (!gbf) {
                    json::skip_ws(s, p);
                }
                break;
            }
            p = q;
        }
        consumed += p;
        return p;
    }

    Result<bool> feed(std::string_view in) {
        if (error) return *error;
        while (!in.empty() && !error) {
            if (buf.empty()) {
                const std::size_t n = process(in);
                if (error) return *error;
                in.remove_prefix(n);
                buf.assign(in.data(), in.size());
                return true;
            }
            // A value is in progress: append a growing slice (so a big chunk is not copied whole)
            // until it completes, then continue on the caller's bytes directly.
            const std::size_t old = buf.size();
            const std::size_t take = std::min(in.size(), std::max<std::size_t>(old, 256));
            buf.append(in.data(), take);
            in.remove_prefix(take);
            const std::size_t n = process(buf);
            if (error) return *error;
            if (n >= old) {
                const std::size_t back = buf.size() - n;  // bytes of the chunk not yet consumed
                in = std::string_view(in.data() - back, in.size() + back);
                buf.clear();
            } else {
                buf.erase(0, n);
            }
        }
        if (error) return *error;
        return true;
    }

    Result<bool> finish_stream() {
        if (error) return *error;
        if (is_done()) return true;
        const char* where = "response body";
        if (format == ResponseFormat::graphbinary_v4) {
            switch (gb) {
                case GbState::header:
                    where = "response header";
                    break;
                case GbState::item:
                    where = "result item";
                    break;
                case GbState::bulk:
                    where = "bulk Long";
                    break;
                case GbState::footer:
                    where = "status footer";
                    break;
                case GbState::done:
                    break;
            }
        } else if (gs == GsState::item || gs == GsState::items_first || gs == GsState::items_next) {
            where = "result item";
        }
        Error e{errc::truncated, consumed + buf.size(),
                std::string("truncated ") + where + ": the body ended before the status footer (" +
                    std::to_string(buf.size()) + " bytes of an incomplete value buffered)"};
        error = e;
        return e;
    }
};

ResponseDecoder::ResponseDecoder(ResponseFormat f, DecodeMode mode,
                                 std::function<void(model::Value&&, std::int64_t bulk)> on_item)
    : impl_(new Impl(f, mode, std::move(on_item))) {}

ResponseDecoder::~ResponseDecoder() { delete impl_; }

ResponseDecoder::ResponseDecoder(ResponseDecoder&& o) noexcept : impl_(o.impl_) { o.impl_ = nullptr; }

ResponseDecoder& ResponseDecoder::operator=(ResponseDecoder&& o) noexcept {
    if (this != &o) {
        delete impl_;
        impl_ = o.impl_;
        o.impl_ = nullptr;
    }
    return *this;
}

void ResponseDecoder::reset(ResponseFormat f, DecodeMode mode,
                            std::function<void(model::Value&&, std::int64_t bulk)> on_item) {
    if (!impl_) {
        impl_ = new Impl(f, mode, std::move(on_item));
        return;
    }
    std::string buf = std::move(impl_->buf);
    buf.clear();
    *impl_ = Impl(f, mode, std::move(on_item));
    impl_->buf = std::move(buf);
}

Result<bool> ResponseDecoder::feed(std::string_view bytes) { return impl_->feed(bytes); }
Result<bool> ResponseDecoder::finish() { return impl_->finish_stream(); }
bool ResponseDecoder::done() const noexcept { return impl_->is_done() && !impl_->error; }
bool ResponseDecoder::bulked() const noexcept { return impl_->is_bulked; }
std::uint64_t ResponseDecoder::item_count() const noexcept { return impl_->items; }
std::uint64_t ResponseDecoder::result_count() const noexcept { return impl_->results; }
std::int32_t ResponseDecoder::status_code() const noexcept { return impl_->code; }
const std::optional<std::string>& ResponseDecoder::status_message() const noexcept { return impl_->message; }
const std::optional<std::string>& ResponseDecoder::status_exception() const noexcept {
    return impl_->exception;
}
std::uint64_t ResponseDecoder::bytes_consumed() const noexcept { return impl_->consumed; }
std::size_t ResponseDecoder::buffered_bytes() const noexcept { return impl_->buf.size(); }

}  // namespace tpbench::io::http4
