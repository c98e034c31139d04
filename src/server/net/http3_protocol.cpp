// The embedded server's TinkerPop 3.x HTTP endpoint rules (http3_protocol.hpp). Pure.
#include "http3_protocol.hpp"

#include <tpbench/io/graphson.hpp>

#include <algorithm>
#include <vector>

namespace tpbench::server::detail {
namespace {

constexpr std::string_view kGraphBinaryV1 = "application/vnd.graphbinary-v1.0";
constexpr std::string_view kGraphSonV3 = "application/vnd.gremlin-v3.0+json";
constexpr std::string_view kGraphSonV3Untyped = "application/vnd.gremlin-v3.0+json;types=false";

// The 3.x serializer mime types a request may name in Content-Type (a serialized RequestMessage).
bool is_3x_request_mime(std::string_view ct) noexcept {
    return ct == kGraphBinaryV1 || ct == kGraphSonV3 || ct == kGraphSonV3Untyped ||
           ct == "application/vnd.gremlin-v2.0+json" || ct == "application/vnd.gremlin-v1.0+json";
}

int hex_digit(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Netty QueryStringDecoder: '+' is a space, %XX a byte. `s` is a component of `target` (the whole
// request target); an escape that is not %XX fails the request with Netty's message, naming the
// index in `target` (3.7.5 answers 400 with it, whichever parameter holds the escape).
std::optional<std::string> url_decode(std::string_view target, std::string_view s, std::string& out) {
    out.clear();
    out.reserve(s.size());
    const std::size_t base = static_cast<std::size_t>(s.data() - target.data());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+') {
            out.push_back(' ');
        } else if (s[i] == '%') {
            if (i + 3 > s.size())
                return "unterminated escape sequence at index " + std::to_string(base + i) +
                       " of: " + std::string(target);
            const int hi = hex_digit(s[i + 1]), lo = hex_digit(s[i + 2]);
            if (hi < 0 || lo < 0)
                return "invalid hex byte '" + std::string(s.substr(i + 1, 2)) + "' at index " +
                       std::to_string(base + i + 1) + " of '" + std::string(target) + "'";
            out.push_back(static_cast<char>(hi * 16 + lo));
            i += 2;
        } else {
            out.push_back(s[i]);
        }
    }
    return std::nullopt;
}

std::optional<Http3Reject> reject(std::string message, std::optional<model::Uuid> id = std::nullopt) {
    return Http3Reject{400, std::move(message), id};
}

// An empty binding name: 3.7.5 fails the evaluation with 500 "key can not be empty" (the script
// engine's bindings refuse it). `kv`: name, value, name, value, …
std::optional<Http3Reject> check_binding_keys(const std::vector<model::Value>& kv,
                                              const std::optional<model::Uuid>& id) {
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2)
        if (kv[i].type() == model::Type::string && kv[i].str().empty())
            return Http3Reject{500, "key can not be empty", id};
    return std::nullopt;
}

// Aliases: the embedded server has one traversal source, g (and the graph, "graph").
std::optional<Http3Reject> check_aliases(const model::Value& aliases, const std::optional<model::Uuid>& id) {
    const auto& kv = aliases.kids();
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2) {
        const std::string name = kv[i].type() == model::Type::string ? kv[i].str() : kv[i].to_string();
        const std::string target =
            kv[i + 1].type() == model::Type::string ? kv[i + 1].str() : kv[i + 1].to_string();
        if (target != "g" && target != "graph")
            return reject("Could not rebind [" + name + "] to [" + target + "] as [" + target +
                              "] not in the Graph or TraversalSource global bindings",
                          id);
    }
    return std::nullopt;
}

std::string as_text(const model::Value& v) {
    return v.type() == model::Type::string ? v.str() : v.to_string();
}

}  // namespace

bool is_http3_post(std::string_view content_type, std::string_view accept) noexcept {
    if (is_3x_request_mime(content_type)) return true;
    if (accept.find("-v4.0") != std::string_view::npos) return false;
    return accept.find(kGraphBinaryV1) != std::string_view::npos ||
           accept.find("application/vnd.gremlin-v3.0+json") != std::string_view::npos ||
           accept.find("application/vnd.gremlin-v2.0+json") != std::string_view::npos ||
           accept.find("application/vnd.gremlin-v1.0+json") != std::string_view::npos;
}

bool is_http3_get(std::string_view target) noexcept {
    const std::size_t qm = target.find('?');
    if (qm == std::string_view::npos) return false;
    const std::string_view q = target.substr(qm + 1);
    return q.rfind("gremlin=", 0) == 0 || q.find("&gremlin=") != std::string_view::npos;
}

std::optional<Http3Accept> negotiate_http3_accept(std::string_view accept) {
    if (accept.empty()) accept = "application/json";
    std::vector<std::string_view> types;
    while (true) {
        const std::size_t comma = accept.find(',');
        std::string_view entry = accept.substr(0, comma);
        // "(.*);q=(.*)": the media type is what precedes the last ";q=".
        if (const std::size_t q = entry.rfind(";q="); q != std::string_view::npos) entry = entry.substr(0, q);
        types.push_back(entry);
        if (comma == std::string_view::npos) break;
        accept.remove_prefix(comma + 1);
    }
    std::stable_sort(types.begin(), types.end(),
                     [](std::string_view a, std::string_view b) { return b < a; });
    for (std::string_view t : types) {
        if (t == "*/*") t = "application/json";
        if (t == "application/json" || t == kGraphSonV3)
            return Http3Accept{io::ws37::Format::graphson_v3, std::string(t)};
        if (t == kGraphSonV3Untyped)
            return Http3Accept{io::ws37::Format::graphson_v3_untyped, std::string(t)};
        if (t == kGraphBinaryV1) return Http3Accept{io::ws37::Format::graphbinary_v1, std::string(t)};
    }
    return std::nullopt;
}

std::optional<Http3Reject> read_http3_request(bool get, std::string_view target,
                                              std::string_view content_type, std::string_view body,
                                              Http3Request& out, std::size_t max_parameters) {
    out = Http3Request{};
    Ws37Plan& plan = out.plan;
    plan.kind = Ws37Plan::Kind::eval;
    plan.language = "gremlin-groovy";
    if (get) {
        const std::size_t qm = target.find('?');
        std::string_view query = qm == std::string_view::npos ? std::string_view() : target.substr(qm + 1);
        std::optional<std::string> script;
        std::vector<model::Value> bindings, aliases;
        std::vector<std::string> seen;  // the first instance of a key only
        while (!query.empty()) {
            const std::size_t amp = query.find('&');
            const std::string_view pair = query.substr(0, amp);
            query.remove_prefix(amp == std::string_view::npos ? query.size() : amp + 1);
            if (pair.empty()) continue;
            const std::size_t eq = pair.find('=');
            std::string key, value;
            if (auto bad = url_decode(target, pair.substr(0, eq), key)) return reject(std::move(*bad));
            if (eq != std::string_view::npos)
                if (auto bad = url_decode(target, pair.substr(eq + 1), value)) return reject(std::move(*bad));
            if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
            seen.push_back(key);
            if (key == "gremlin") {
                script = value;
            } else if (key == "language") {
                plan.language = value;
            } else if (key == "requestId") {
                model::Uuid u{};
                if (!model::uuid_from_string(value, u)) return reject("Invalid UUID string: " + value);
                out.request_id = u;
            } else if (key.rfind("bindings.", 0) == 0) {
                bindings.push_back(model::Value::string(key.substr(9)));
                bindings.push_back(model::Value::string(value));
            } else if (key.rfind("aliases.", 0) == 0) {
                aliases.push_back(model::Value::string(key.substr(8)));
                aliases.push_back(model::Value::string(value));
            }
        }
        if (!script || script->empty()) return reject("no gremlin script supplied", out.request_id);
        if (auto why = script_text_problem(*script)) return reject(std::move(*why), out.request_id);
        if (auto r = check_binding_keys(bindings, out.request_id)) return r;
        plan.script = std::move(*script);
        plan.bindings = model::Value::map(std::move(bindings));
        return check_aliases(model::Value::map(std::move(aliases)), out.request_id);
    }

    if (is_3x_request_mime(content_type) && content_type != "application/json") {
        // A serialized RequestMessage. "payload can be plain json or can start with additional
        // header with content type": a first byte other than '{' is the mime prefix's length.
        const bool text = !body.empty() && body[0] == '{';
        if (!text && !body.empty()) {
            const auto n = static_cast<unsigned char>(body[0]);
            if (body.size() < 1 + std::size_t{n} || body.substr(1, n) != content_type)
                return reject(
                    "Mime type mismatch. Value in content-type header is not equal payload header.");
        }
        if (text && content_type == kGraphBinaryV1)
            return reject("Mime type mismatch. Value in content-type header is not equal payload header.");
        auto decoded = io::ws37::decode_request(body, text);
        if (!decoded) return reject("Unable to deserialize the request: " + decoded.error().to_string());
        out.request_id = decoded.value().message.request_id;
        if (auto r = plan_ws37_request(decoded.value().message, plan, max_parameters))
            return reject(std::move(r->message), out.request_id);
        if (plan.kind == Ws37Plan::Kind::eval)
            if (auto why = script_text_problem(plan.script)) return reject(std::move(*why), out.request_id);
        return std::nullopt;
    }

    io::GsOptions o;
    o.version = io::GsVersion::v3;
    o.typed = false;
    auto parsed = io::gs_read(body, o);
    if (!parsed || parsed.value().type() != model::Type::map) return reject("body could not be parsed");
    const model::Value& m = parsed.value();
    if (const auto* id = m.find("requestId"); id && !id->is_null()) {
        model::Uuid u{};
        if (!model::uuid_from_string(as_text(*id), u)) return reject("Invalid UUID string: " + as_text(*id));
        out.request_id = u;
    }
    const auto* g = m.find("gremlin");
    if (g == nullptr) return reject("no gremlin script supplied", out.request_id);
    plan.script = g->is_null() ? std::string("null") : as_text(*g);
    if (auto why = script_text_problem(plan.script)) return reject(std::move(*why), out.request_id);
    if (const auto* b = m.find("bindings")) {
        // A JSON null is not a Map either (3.7.5: 400).
        if (b->type() != model::Type::map) return reject("bindings must be a Map", out.request_id);
        if (auto r = check_binding_keys(b->kids(), out.request_id)) return r;
        plan.bindings = *b;
    }
    if (const auto* a = m.find("aliases"); a && !a->is_null()) {
        if (a->type() != model::Type::map) return reject("aliases must be a Map", out.request_id);
        if (auto r = check_aliases(*a, out.request_id)) return r;
    }
    if (const auto* l = m.find("language"); l && !l->is_null()) plan.language = as_text(*l);
    return std::nullopt;
}

std::string http3_error_body(std::string_view message, std::string_view exception,
                             const std::optional<model::Uuid>& request_id) {
    std::string out = "{\"message\":";
    io::write_json_string(out, message);
    if (!exception.empty()) {
        out += ",\"Exception-Class\":";
        io::write_json_string(out, exception);
        out += ",\"exceptions\":[";
        io::write_json_string(out, exception);
        out += "],\"stackTrace\":";
        std::string trace(exception);
        trace += ": ";
        trace += message;
        trace += "\n\tat tpbench.server.gremlin(embedded)\n";
        io::write_json_string(out, trace);
    }
    if (request_id) {
        out += ",\"requestId\":";
        io::write_json_string(out, model::uuid_to_string(*request_id));
    }
    out += '}';
    return out;
}

std::string http3_rejected_message(std::size_t queue_size) {
    return "Task tpbench.server.Http3Job rejected from tpbench gremlinPool[Running, queued tasks = " +
           std::to_string(queue_size) + "]";
}

}  // namespace tpbench::server::detail
