// The explicit backend registry (h2load's closed switch): a plain table, no static
// self-registration. Adding a transport = one new backend library + one row here (see
// include/tpbench/backends/registry.hpp for what each field means).
#include <tpbench/backends/registry.hpp>

#include <tpbench/backends/http3.hpp>
#include <tpbench/backends/http4.hpp>
#include <tpbench/backends/ws37.hpp>

#include <algorithm>

namespace tpbench::backends {

using Mechanism = engine::AuthOptions::Mechanism;

namespace {

std::string option_value(const Options& o, const char* key) {
    auto it = o.find(key);
    return it == o.end() ? std::string() : it->second;
}

// ---- ws37: TinkerPop 3.7 WebSocket

engine::Generation ws37_generation(const Options&) { return engine::Generation::v3_7; }

std::string ws37_serializer(std::string_view name) {
    if (name == "GRAPHSON") return "graphson-v3";
    return java_serializer_spelling(name);
}

// ---- http4: TinkerPop 4 HTTP/1.1

// The branch the seed benchmark compared against, unless the side names the 4.0 dialect.
engine::Generation http4_generation(const Options& o) {
    return option_value(o, "dialect") == "4.0" ? engine::Generation::v4_0 : engine::Generation::master_http;
}

std::string http4_serializer(std::string_view name) {
    if (name == "GRAPHSON") return "graphson-v4";
    return java_serializer_spelling(name);
}

}  // namespace

const std::vector<BackendInfo>& registry() {
    static const std::vector<BackendInfo> table = {
        {
            .name = "ws37",
            .description = "TinkerPop 3.7 WebSocket: GraphBinary 1.0 / GraphSON 3.0, requests multiplexed "
                           "per connection",
            .default_serializer = ws37::default_serializer,
            .factory = &ws37::make_session,
            .check_config = &ws37::check_config,
            .concurrency = Concurrency::multiplexed,
            .default_in_flight = 64,
            .default_generation = &ws37_generation,
            .map_serializer = &ws37_serializer,
            .options = {{"compression", "true|false"}, {"sasl", "eager|lazy"}, {"memo", "on|off"}},
            .schemes = {"ws", "wss"},
            .user_auth = Mechanism::sasl_plain,
            .auth_mechanisms = {Mechanism::none, Mechanism::sasl_plain, Mechanism::sigv4},
            .default_side = true,
            .served_as = "WebSocket upgrade on /gremlin",
        },
        {
            .name = "http4",
            .description =
                "TinkerPop 4 HTTP/1.1: POST /gremlin, GraphBinary 4 / GraphSON 4 streamed chunk by "
                "chunk",
            .default_serializer = http4::default_serializer,
            .factory = &http4::make_session,
            .check_config = &http4::check_config,
            .concurrency = Concurrency::one_per_connection,
            .default_in_flight = 1,
            .default_generation = &http4_generation,
            .map_serializer = &http4_serializer,
            .options = {{"dialect", "auto|master-http|4.0-beta.1|4.0"},
                        {"body", "graphbinary|json|graphson"},
                        {"language", ""},
                        {"compression", "true|false"},
                        {"bulkResults", "true|false"},
                        {"g", ""},
                        {"memo", "on|off"}},
            .schemes = {"http", "https"},
            .user_auth = Mechanism::basic,
            .auth_mechanisms = {Mechanism::none, Mechanism::basic, Mechanism::sigv4},
            .default_side = true,
            .served_as = "POST /gremlin",
        },
        {
            .name = "http3",
            .description =
                "TinkerPop 3.x HTTP endpoint (HttpChannelizer / WsAndHttpChannelizer): POST of a script, "
                "whole GraphBinary 1.0 / GraphSON 3.0 response",
            .default_serializer = http3::default_serializer,
            .factory = &http3::make_session,
            .check_config = &http3::check_config,
            .concurrency = Concurrency::one_per_connection,
            .default_in_flight = 1,
            .default_generation = &ws37_generation,
            .map_serializer = &ws37_serializer,
            .options = {{"body", "json|serialized"},
                        {"method", "post|get"},
                        {"language", ""},
                        {"alias", ""},
                        {"maxResponseBytes", ""},
                        {"memo", "on|off"}},
            .schemes = {},
            .user_auth = Mechanism::basic,
            .auth_mechanisms = {Mechanism::none, Mechanism::basic},
            .default_side = false,
            .served_as = "GET /?gremlin=..., or POST with a 3.x serializer in Content-Type/Accept",
        },
    };
    return table;
}

const BackendInfo* find_backend(std::string_view name) {
    for (const auto& b : registry())
        if (b.name == name) return &b;
    return nullptr;
}

const BackendInfo& default_backend() { return registry().front(); }

const BackendInfo* backend_for_scheme(std::string_view scheme) {
    for (const auto& b : registry())
        if (std::find(b.schemes.begin(), b.schemes.end(), scheme) != b.schemes.end()) return &b;
    return nullptr;
}

std::string backend_names(std::string_view sep) {
    std::string out;
    for (const auto& b : registry()) {
        if (!out.empty()) out += sep;
        out += b.name;
    }
    return out;
}

std::vector<const BackendInfo*> served_backends() {
    std::vector<const BackendInfo*> out;
    for (const auto& b : registry())
        if (!b.served_as.empty()) out.push_back(&b);
    return out;
}

std::string java_serializer_spelling(std::string_view name) {
    std::string out;
    for (char c : name)
        out.push_back(c == '_' ? '-' : (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
    return out;
}

bool BackendInfo::knows_option(std::string_view key) const noexcept {
    return std::any_of(options.begin(), options.end(), [&](const OptionKey& o) { return o.key == key; });
}

bool BackendInfo::accepts_auth(Mechanism m) const noexcept {
    return std::find(auth_mechanisms.begin(), auth_mechanisms.end(), m) != auth_mechanisms.end();
}

std::string BackendInfo::options_text() const {
    std::string out;
    for (const auto& o : options) {
        if (!out.empty()) out += ", ";
        out += o.key;
        if (!o.values.empty()) {
            out += '=';
            out += o.values;
        }
    }
    return out;
}

void BackendInfo::validate(const engine::SessionConfig& cfg) const {
    // Each backend checks what a configuration can get wrong (serializer, option values, TLS files)
    // with the same code its factory runs, without building a session.
    check_config(cfg);
}

}  // namespace tpbench::backends
