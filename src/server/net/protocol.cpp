#include "protocol.hpp"

#include <tpbench/io/graphson.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <random>
#include <vector>

namespace tpbench::server::detail {
namespace {

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string lower(std::string_view s) {
    std::string r(s);
    for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return r;
}

bool icontains(std::string_view hay, std::string_view needle) noexcept {
    if (needle.size() > hay.size()) return false;
    for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i) {
        bool eq = true;
        for (std::size_t j = 0; j < needle.size() && eq; ++j)
            eq = std::tolower(static_cast<unsigned char>(hay[i + j])) ==
                 std::tolower(static_cast<unsigned char>(needle[j]));
        if (eq) return true;
    }
    return false;
}

std::optional<std::int64_t> as_number(const model::Value* v) {
    if (v == nullptr || !v->is_number()) return std::nullopt;
    return v->to_int64();
}

}  // namespace

// ---- http4 ----------------------------------------------------------------------------------------

std::optional<AcceptChoice> negotiate_accept(std::string_view accept) {
    using io::http4::ResponseFormat;
    accept = trim(accept);
    if (accept.empty()) return AcceptChoice{ResponseFormat::graphson_v4, "application/json"};
    struct Range {
        std::string name;  // lower-case media type, ";types=false" kept
    };
    std::vector<Range> ranges;
    std::size_t start = 0;
    while (start <= accept.size()) {
        auto comma = accept.find(',', start);
        auto part = trim(
            accept.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        start = comma == std::string_view::npos ? accept.size() + 1 : comma + 1;
        if (part.empty()) continue;
        auto semi = part.find(';');
        std::string name = lower(trim(part.substr(0, semi)));
        bool untyped = false;
        bool refused = false;
        while (semi != std::string_view::npos) {
            auto next = part.find(';', semi + 1);
            auto param = lower(trim(part.substr(
                semi + 1, next == std::string_view::npos ? std::string_view::npos : next - semi - 1)));
            std::string compact;
            for (char c : param)
                if (c != ' ') compact += c;
            if (compact == "types=false") untyped = true;
            if (compact.rfind("q=", 0) == 0) {
                char* end = nullptr;
                double q = std::strtod(compact.c_str() + 2, &end);
                if (end != compact.c_str() + 2 && q <= 0.0) refused = true;
            }
            semi = next;
        }
        if (refused) continue;
        if (untyped) name += ";types=false";
        ranges.push_back({std::move(name)});
    }
    // Gremlin Server sorts by media-type name, descending, then takes the first it has.
    std::stable_sort(ranges.begin(), ranges.end(),
                     [](const Range& a, const Range& b) { return a.name > b.name; });
    for (const auto& r : ranges) {
        if (r.name == "application/vnd.graphbinary-v4.0")
            return AcceptChoice{ResponseFormat::graphbinary_v4, "application/vnd.graphbinary-v4.0"};
        if (r.name == "application/vnd.gremlin-v4.0+json")
            return AcceptChoice{ResponseFormat::graphson_v4, "application/vnd.gremlin-v4.0+json"};
        if (r.name == "application/vnd.gremlin-v4.0+json;types=false")
            return AcceptChoice{ResponseFormat::graphson_v4_untyped,
                                "application/vnd.gremlin-v4.0+json;types=false"};
        if (r.name == "application/json" || r.name == "*/*" || r.name == "application/*")
            return AcceptChoice{ResponseFormat::graphson_v4, "application/json"};
    }
    return std::nullopt;
}

bool accepts_deflate(std::string_view accept_encoding) noexcept {
    return icontains(accept_encoding, "deflate");
}

bool header_is_true(std::string_view v) noexcept {
    v = trim(v);
    return v.size() == 4 && icontains(v, "true");
}

std::optional<std::string> script_text_problem(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned char c = p[i];
        if (c == 0)
            return "Failed to interpret Gremlin query: the script contains a NUL character (U+0000) at "
                   "offset " +
                   std::to_string(i);
        if (c < 0x80) {
            ++i;
            continue;
        }
        // A well-formed UTF-8 sequence (RFC 3629): no overlong forms, no surrogates, <= U+10FFFF.
        std::size_t len = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        }
        bool ok = len != 0 && i + len <= n && p[i + 1] >= lo && p[i + 1] <= hi;
        for (std::size_t k = 2; ok && k < len; ++k) ok = p[i + k] >= 0x80 && p[i + k] <= 0xBF;
        if (!ok)
            return "Failed to interpret Gremlin query: the script is not valid UTF-8 (at byte offset " +
                   std::to_string(i) + ")";
        i += len;
    }
    return std::nullopt;
}

std::string bounded_error_message(std::string message) {
    if (message.size() <= kMaxErrorMessageBytes) return message;
    const std::size_t total = message.size();
    std::size_t cut = kMaxErrorMessageBytes;
    // Not inside a UTF-8 sequence: back up over continuation bytes (10xxxxxx).
    while (cut > 0 && (static_cast<unsigned char>(message[cut]) & 0xC0) == 0x80) --cut;
    message.resize(cut);
    message += "... (error message truncated: " + std::to_string(total) + " bytes in all)";
    return message;
}

std::string json_error_body(std::string_view message) {
    std::string out = "{\"message\":";
    if (message.size() > kMaxErrorMessageBytes) {
        io::write_json_string(out, bounded_error_message(std::string(message)));
        out += "}";
        return out;
    }
    io::write_json_string(out, message);
    out += "}";
    return out;
}

void append_chunk(std::string& out, std::string_view data) {
    if (data.empty()) return;
    char buf[24];
    int n = std::snprintf(buf, sizeof buf, "%zx\r\n", data.size());
    out.append(buf, static_cast<std::size_t>(n));
    out.append(data);
    out += "\r\n";
}

void append_last_chunk(std::string& out, std::int32_t code, std::string_view exception) {
    out += "0\r\ncode: ";
    out += std::to_string(code);
    out += "\r\n";
    if (!exception.empty()) {
        out += "exception: ";
        out += exception;
        out += "\r\n";
    }
    out += "\r\n";
}

std::string_view reason_phrase(int status) noexcept {
    switch (status) {
        case 200:
            return "OK";
        case 204:
            return "No Content";
        case 400:
            return "Bad Request";
        case 401:
            return "Unauthorized";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 408:
            return "Request Timeout";
        case 413:
            return "Request Entity Too Large";
        case 415:
            return "Unsupported Media Type";
        case 429:
            return "Too Many Requests";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 503:
            return "Service Unavailable";
        case 504:
            return "Gateway Timeout";
        case 505:
            return "HTTP Version Not Supported";
        default:
            return "Unknown";
    }
}

std::string simple_response(int status, std::string_view reason, std::string_view content_type,
                            std::string_view body, bool keep_alive) {
    std::string out;
    out.reserve(160 + body.size());
    out += "HTTP/1.1 ";
    out += std::to_string(status);
    out += ' ';
    out += reason;
    out += "\r\nContent-Type: ";
    out += content_type;
    out += "\r\nContent-Length: ";
    out += std::to_string(body.size());
    out += "\r\nAccess-Control-Allow-Origin: *\r\n";
    if (!keep_alive) out += "Connection: close\r\n";
    out += "\r\n";
    out += body;
    return out;
}

std::string http4_timeout_message(std::string_view request_text) {
    std::string m = "A timeout occurred during traversal evaluation of [";
    m += request_text;
    m += "] - consider increasing the limit given to evaluationTimeout";
    return m;
}

// ---- ws37 -------------------------------------------------------------------------------------------

std::optional<std::string> check_bindings(const model::Value& bindings, std::string_view op,
                                          std::size_t max_parameters) {
    // Names Gremlin Server refuses as binding keys: they would shadow the T and enum tokens the
    // script engine imports.
    static constexpr std::array<std::string_view, 20> reserved = {
        "id",  "label", "key",     "value", "T.id",  "T.label", "T.key", "T.value", "keys", "values",
        "asc", "desc",  "shuffle", "sum",   "local", "global",  "first", "last",    "all",  "mixed"};
    if (bindings.is_null()) return std::nullopt;
    if (bindings.type() != model::Type::map) return std::string("bindings must be a Map");
    std::string bad;
    const auto& kv = bindings.kids();
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2) {
        if (kv[i].type() != model::Type::string)
            return "The [" + std::string(op) +
                   "] message is using one or more invalid binding keys - they must be of type "
                   "String and cannot be null";
        if (std::find(reserved.begin(), reserved.end(), kv[i].str()) != reserved.end()) {
            if (!bad.empty()) bad += ", ";
            bad += kv[i].str();
        }
    }
    if (!bad.empty())
        return "The [" + std::string(op) + "] message supplies one or more invalid parameters key of [" +
               bad + "] - these are reserved names.";
    std::size_t n = kv.size() / 2;
    if (n > max_parameters)
        return "The [" + std::string(op) + "] message contains " + std::to_string(n) +
               " bindings which is more than is allowed by the server " + std::to_string(max_parameters) +
               " configuration";
    return std::nullopt;
}

std::optional<Ws37Reject> plan_ws37_request(const io::ws37::RequestMessage& m, Ws37Plan& plan,
                                            std::size_t max_parameters) {
    const auto& args = m.args;
    auto arg = [&](std::string_view k) -> const model::Value* {
        return args.type() == model::Type::map ? args.find(k) : nullptr;
    };
    auto common = [&]() -> std::optional<Ws37Reject> {
        if (auto b = as_number(arg("batchSize"))) {
            if (*b <= 0 || *b > 0x7fffffff)
                return Ws37Reject{499, "The [batchSize] argument must be a positive Int"};
            plan.batch_size = static_cast<std::int32_t>(*b);
        }
        if (auto t = as_number(arg("evaluationTimeout"))) plan.timeout_ms = *t;
        if (const auto* mp = arg("materializeProperties"); mp && mp->type() == model::Type::string)
            plan.materialize_tokens = mp->str() == "tokens";
        return std::nullopt;
    };
    auto check_aliases = [&](bool required) -> std::optional<Ws37Reject> {
        const auto* al = arg("aliases");
        if (al == nullptr || al->is_null()) {
            if (required)
                return Ws37Reject{499,
                                  "A message with [bytecode] op code requires the [aliases] argument "
                                  "to be a Map containing one alias assignment named 'g'."};
            return std::nullopt;
        }
        if (al->type() != model::Type::map) return Ws37Reject{499, "The [aliases] argument must be a Map"};
        const auto& kv = al->kids();
        if (required && (kv.size() != 2 || kv[0].type() != model::Type::string || kv[0].str() != "g"))
            return Ws37Reject{499,
                              "A message with [bytecode] op code requires the [aliases] argument "
                              "to be a Map containing one alias assignment named 'g'."};
        for (std::size_t i = 0; i + 1 < kv.size(); i += 2) {
            std::string target =
                kv[i + 1].type() == model::Type::string ? kv[i + 1].str() : kv[i + 1].to_string();
            std::string name = kv[i].type() == model::Type::string ? kv[i].str() : kv[i].to_string();
            bool ok = required ? target == "g" : (target == "g" || target == "graph");
            if (!ok) {
                if (required)
                    return Ws37Reject{499, "The traversal source [" + target + "] for alias [" + name +
                                               "] is not configured on the server."};
                return Ws37Reject{499, "Could not alias [" + name + "] to [" + target + "] as [" + target +
                                           "] not in the Graph or TraversalSource global bindings"};
            }
        }
        return std::nullopt;
    };

    const std::string& proc = m.processor;
    if (proc == "traversal") {
        if (m.op != "bytecode")
            return Ws37Reject{498, "Message with op code [" + m.op + "] is not recognized."};
        const auto* g = arg("gremlin");
        if (g == nullptr || g->type() != model::Type::bytecode)
            return Ws37Reject{499,
                              "A message with [bytecode] op code requires the [gremlin] argument "
                              "to be of type Bytecode."};
        if (auto r = check_aliases(true)) return r;
        plan.kind = Ws37Plan::Kind::bytecode;
        plan.bytecode = *g;
        return common();
    }
    if (proc.empty() || proc == "session") {
        if (proc == "session" && m.op == "close") {
            plan.kind = Ws37Plan::Kind::session_close;
            return std::nullopt;
        }
        if (m.op != "eval") return Ws37Reject{498, "Message with op code [" + m.op + "] is not recognized."};
        const auto* g = arg("gremlin");
        if (g == nullptr || g->type() != model::Type::string)
            return Ws37Reject{499, "A message with an [eval] op code requires a [gremlin] argument."};
        plan.kind = Ws37Plan::Kind::eval;
        plan.script = g->str();
        if (const auto* b = arg("bindings"); b && !b->is_null()) {
            if (auto why = check_bindings(*b, "eval", max_parameters)) return Ws37Reject{499, *why};
            plan.bindings = *b;
        }
        if (const auto* l = arg("language"); l && l->type() == model::Type::string) plan.language = l->str();
        if (auto r = check_aliases(false)) return r;
        return common();
    }
    return Ws37Reject{499, "Invalid OpProcessor requested [" + proc + "]"};
}

std::string ws37_script_timeout_message(std::int64_t timeout_ms, std::string_view script) {
    return "Evaluation exceeded the configured 'evaluationTimeout' threshold of " +
           std::to_string(timeout_ms) + " ms or evaluation was otherwise cancelled directly for request [" +
           std::string(script) + "]";
}

std::string ws37_bytecode_timeout_message(std::string_view request_text) {
    return "A timeout occurred during traversal evaluation of [" + std::string(request_text) +
           "] - consider increasing the limit given to evaluationTimeout";
}

io::ws37::Format guess_frame_format(std::string_view frame, bool text_frame) noexcept {
    if (text_frame) return io::ws37::Format::graphson_v3;
    if (frame.empty()) return io::ws37::Format::graphbinary_v1;
    auto n = static_cast<std::int8_t>(frame[0]);
    if (n <= 0 || frame.size() < 1 + static_cast<std::size_t>(n)) return io::ws37::Format::graphbinary_v1;
    return io::ws37::format_from_mime(frame.substr(1, static_cast<std::size_t>(n)));
}

std::string java_host(std::string_view address, std::uint16_t port) {
    std::string s = "/";
    s += address;
    s += ':';
    s += std::to_string(port);
    return s;
}

std::string random_uuid_text() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    std::uint64_t a = rng(), b = rng();
    model::Uuid u{};
    for (int i = 0; i < 8; ++i) {
        u[i] = static_cast<std::uint8_t>(a >> (56 - 8 * i));
        u[8 + i] = static_cast<std::uint8_t>(b >> (56 - 8 * i));
    }
    u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | 0x40);
    u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);
    return model::uuid_to_string(u);
}

}  // namespace tpbench::server::detail
