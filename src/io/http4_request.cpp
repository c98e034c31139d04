// TinkerPop 4 HTTP request bodies (include/tpbench/io/http4.hpp): GraphBinary 4, plain JSON and
// GraphSON 4 in the master-http and 4.0 field dialects, field interpretation shared by the three
// formats, and the dialect / content-type names. Layouts: ../shared/spec/http-protocol-4.0.md §3,
// §12, §13.
#include <tpbench/io/http4.hpp>

#include "detail/gb_wire.hpp"
#include "detail/gremlin_literal.hpp"
#include "detail/http4_common.hpp"
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
using namespace http4_detail;

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
            auto m = parse_gremlin_literal(v.str());
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
    write_gremlin_literal(s, r.bindings.type() == Type::map ? r.bindings : Value::map());
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

}  // namespace tpbench::io::http4
