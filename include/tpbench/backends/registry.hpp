#pragma once
// The explicit backend registry (h2load's closed switch): one row per transport in
// backends/registry.cpp, no static self-registration. Every fact about a backend that the CLI or
// the ProfilingApplication layer needs lives in its row — the engine and the CLI name no backend.
// Adding a transport = one new backend library + one row in backends/registry.cpp.
//
// Target tpbench::backends (links every backend). Pure data and pure functions: usable on any
// thread; validate() runs the backend's check_config (no session is built).
#include <tpbench/engine/backend.hpp>
#include <tpbench/profiling/profiling.hpp>

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::backends {

// How a backend carries concurrent requests.
enum class Concurrency {
    multiplexed,         // many requests in flight per connection (by request id)
    one_per_connection,  // one request per connection at a time (HTTP/1.1 keep-alive)
};

// One Target::options key a backend reads.
struct OptionKey {
    std::string_view key;
    std::string_view values;  // for help text, e.g. "true|false" ("" = free text)
};

using Options = std::map<std::string, std::string>;

struct BackendInfo {
    std::string_view name;         // as given to --backend and in side specs
    std::string_view description;  // one line for --help
    std::string_view default_serializer;
    engine::SessionFactory factory;
    // Throws std::invalid_argument for what `factory` would refuse, without building a session.
    void (*check_config)(const engine::SessionConfig& cfg) = nullptr;

    // Concurrency model. For a multiplexed backend, default_in_flight is the requests in flight per
    // connection a comparison gives it by default (ProfilingApplication maxInProcessPerConnection).
    Concurrency concurrency = Concurrency::one_per_connection;
    std::size_t default_in_flight = 1;

    // The ProfilingApplication generation a side on this backend follows when none is given; may
    // depend on the side's backend options (e.g. http4 dialect=4.0 -> 4.0).
    engine::Generation (*default_generation)(const Options& options) = nullptr;

    // ProfilingApplication's Java serializer enum name (GRAPHBINARY_V1, GRAPHSON, ...) or a backend
    // spelling -> the backend's spelling in Target::serializer ("" stays "" = the default).
    std::string (*map_serializer)(std::string_view name) = nullptr;

    // The Target::options keys the backend reads (anything else is refused as unknown).
    std::vector<OptionKey> options;

    // URL schemes that imply this backend (--host ws://...); the first row claiming a scheme wins.
    std::vector<std::string_view> schemes;

    // Authentication: the mechanism used when only --user is given, and every mechanism accepted.
    engine::AuthOptions::Mechanism user_auth = engine::AuthOptions::Mechanism::none;
    std::vector<engine::AuthOptions::Mechanism> auth_mechanisms;

    // Part of the default A/B (`tpbench`, `tpbench ab` without --side), in registry order.
    bool default_side = false;

    // How `tpbench serve` (the embedded server, every protocol on one port) tells this protocol's
    // requests apart, for its help and start-up line, e.g. "WebSocket upgrade on /gremlin";
    // "" = the embedded server does not speak it.
    std::string_view served_as;

    // True when `key` is one of `options`.
    bool knows_option(std::string_view key) const noexcept;
    bool accepts_auth(engine::AuthOptions::Mechanism m) const noexcept;
    bool multiplexed() const noexcept { return concurrency == Concurrency::multiplexed; }
    // "compression, sasl=eager|lazy" for help and error text.
    std::string options_text() const;
    // Lets the backend reject an unknown serializer, a bad option value or unreadable TLS files
    // now, as a configuration error: throws std::invalid_argument with the backend's message.
    void validate(const engine::SessionConfig& cfg) const;
};

// Every backend, in a fixed order (the first is the default backend).
const std::vector<BackendInfo>& registry();
// The row named `name`, or nullptr.
const BackendInfo* find_backend(std::string_view name);
// The default backend (the first row).
const BackendInfo& default_backend();
// The first backend claiming the URL scheme `scheme` ("ws", "https", ...), or nullptr.
const BackendInfo* backend_for_scheme(std::string_view scheme);
// The names, joined: "ws37, http4" (sep ", ") or "ws37 | http4" (sep " | ").
std::string backend_names(std::string_view sep = ", ");
// The rows the embedded server speaks (served_as not empty), in registry order.
std::vector<const BackendInfo*> served_backends();
// ProfilingApplication's Java serializer enum spelling in lower-case kebab form:
// GRAPHBINARY_V1 -> graphbinary-v1 ("" stays ""); backend spellings pass through unchanged.
std::string java_serializer_spelling(std::string_view name);

}  // namespace tpbench::backends
