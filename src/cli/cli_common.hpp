#pragma once
// Shared pieces of the load-generating subcommands (run, ab, profile and the default A/B):
// ProfilingApplication options as long flags, side specifications, the embedded server, and
// turning a side into an engine Endpoint. Runs on the main thread only.
#include "report_adapter.hpp"
#include "run_command.hpp"
#include "security.hpp"

#include <tpbench/backends/registry.hpp>
#include <tpbench/profiling/scenario.hpp>
#include <tpbench/report/report.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}
namespace tpbench::server {
class ServerHandle;
}

namespace tpbench::cli {

// Every ProfilingApplication key as a long flag (--testType, --requests, ...), stored as text and
// applied with ProfilingApplication's own parsing rules.
class ProfilingFlags {
public:
    // Adds the flags to `app`.
    void add_to(CLI::App& app);
    // Applies the flags the user gave onto `o`. Throws engine::ConfigError for bad values.
    void apply(engine::ProfilingOptions& o) const;
    // The flags the user gave, as key/value pairs (for side specs and reports).
    std::vector<std::pair<std::string, std::string>> given() const;

private:
    std::map<std::string, std::string> values_;
    std::map<std::string, const CLI::App*> owners_;
    CLI::App* app_ = nullptr;
};

// One side of a comparison: backend + target + options.
// Text form: `BACKEND[@HOST[:PORT]] [key=value ...]`, e.g. `ws37`,
// `http4@127.0.0.1:8182 maxConnectionPoolSize=5000 dialect=4.0`. Keys: any ProfilingApplication
// key; `generation` (3.7.3 | 3.7 | master-http | 4.0); `serializer`; `label`; `path`; the TLS and
// credential keys of SecurityFlags without the dashes (`tls=true`, `tls-ca=FILE`, `user=bob`,
// `password-env=VAR`, `auth=sigv4`, `aws-region=us-east-1`, ...); `connect-timeout=MS` (as
// --connect-timeout); anything else must be a known
// option of the backend (Target::options, e.g. dialect, compression, bulkResults). HOST may be a
// URL: `ws37@wss://db.example.com:8182/gremlin` (the scheme turns TLS on, the path sets `path`).
struct SideSpec {
    std::string label;                // shown in tables (the backend name, or label=)
    std::string backend;              // a backends::registry() name
    std::optional<std::string> host;  // none = the embedded server
    std::uint16_t port = 8182;
    std::string path = "/gremlin";
    std::string serializer;                        // backend spelling or Java enum name; "" = default
    std::optional<engine::Generation> generation;  // none = derived from backend + dialect
    std::vector<std::pair<std::string, std::string>> profiling;  // ProfilingApplication overrides
    std::map<std::string, std::string> backend_options;
    std::map<std::string, std::string> security;  // TLS/credential keys as given (resolved below)
    engine::TlsOptions tls;                       // resolved by finish_security()
    engine::AuthOptions auth;                     // resolved by finish_security(); secrets registered
    // --connect-timeout / connect-timeout=MS: the bound on opening one connection (TCP, TLS and the
    // protocol handshake together); none = the session default (3000 ms).
    std::optional<std::chrono::milliseconds> connect_timeout;
    // The user allowed tpbench to write to this side's server (--allow-writes): the exercise
    // initialisation resets the graph of a server tpbench did not start only with it. The embedded
    // server (no host) is tpbench's own and always may be written.
    bool allow_writes = false;

    // The generation this side follows.
    engine::Generation effective_generation() const;
};

// Parses a side spec (and resolves its TLS/credential keys with finish_security). Throws
// engine::ConfigError naming the problem (unknown backend, bad port, malformed key=value, unknown
// backend option, missing credentials).
SideSpec parse_side(std::string_view text);

// Resolves side.security into side.tls / side.auth, registers the secrets for redaction and prints
// the warnings (insecure TLS, --password, clear-text credentials) on stderr once each. Throws
// engine::ConfigError.
void finish_security(SideSpec& side);

// The largest --connect-timeout / connect-timeout= (10 minutes).
inline constexpr std::int64_t max_connect_timeout_ms = 600000;
// The bound a side spec's or --connect-timeout's MS text gives (1..600000 ms). Throws
// engine::ConfigError naming `what`.
std::chrono::milliseconds parse_connect_timeout(std::string_view what, std::string_view ms);
// Adds --connect-timeout to `app`, stored in `ms` (0 = not given).
void add_connect_timeout_flag(CLI::App& app, std::int64_t& ms);

// Checks, before anything is sent, that an output file named by `flag` (--report, --hgrm, --hlog,
// --store, ...) can be written: not a directory, its directory exists, permission. A file that
// did not exist is not left behind. "" is not checked. Throws engine::ConfigError naming the flag.
void check_output_path(std::string_view flag, const std::string& path);

// Adds --allow-writes to `app`, stored in `allow`.
void add_allow_writes_flag(CLI::App& app, bool& allow);

// Why the scenario `o` may not run on `side` (one line, naming --allow-writes): its exercise
// initialisation (graph.clear(), TinkerFactory.generateModern(graph)) would reset the graph of a
// server tpbench did not start, and the user did not allow writes. "" when it may run (no
// exercise, the embedded server, or --allow-writes).
std::string write_refusal(const SideSpec& side, const engine::ProfilingOptions& o);

// Throws engine::ConfigError when `key` is not an option `backend` knows.
void check_backend_option(std::string_view backend, std::string_view key);

// Target flags shared by run/profile (--backend, --host, --port, --serializer, --generation,
// --path, --option key=value).
struct TargetFlags {
    std::string backend{backends::default_backend().name};
    std::string host;  // "" = embedded server
    int port = 8182;
    std::string serializer;
    std::string generation;
    std::string path = "/gremlin";
    std::vector<std::string> options;     // key=value backend options
    SecurityFlags security;               // --tls, --auth, --user, ...
    std::int64_t connect_timeout_ms = 0;  // --connect-timeout (0 = not given: the default)

    void add_to(CLI::App& app);
    // The side these flags describe. Throws engine::ConfigError.
    SideSpec side() const;

private:
    CLI::App* app_ = nullptr;
};

// Owns the embedded server (started on first use, on 127.0.0.1 port 0) and builds endpoints.
class Targets {
public:
    Targets();
    ~Targets();
    // Endpoint for a side; starts the embedded server when the side has no host. Throws
    // engine::ConfigError for an unknown backend or serializer, std::runtime_error when the
    // embedded server cannot start.
    engine::Endpoint endpoint(const SideSpec& side);
    // "127.0.0.1:PORT (embedded)" or "HOST:PORT".
    std::string describe(const SideSpec& side);
    bool embedded_running() const noexcept { return server_ != nullptr; }

private:
    std::unique_ptr<server::ServerHandle> server_;
};

// Builds a side's ProfilingOptions: the generation's defaults, then `base` flags, then the
// side's own overrides. Throws engine::ConfigError.
engine::ProfilingOptions side_options(const SideSpec& side, const ProfilingFlags* base,
                                      const std::vector<std::pair<std::string, std::string>>& extra = {});

// The pool knobs that give a side of an A/B comparison its equal share of effective concurrency
// (256 outstanding requests; latency: one connection), from its backend's concurrency model in the
// registry: multiplexed -> 256 / default_in_flight connections x default_in_flight (ws37: 4 x 64),
// one request per connection -> 256 connections. As ProfilingApplication key/value pairs.
std::vector<std::pair<std::string, std::string>> concurrency_defaults(const SideSpec& side, bool latency);

// Prints a compact summary of a profiling report (latency percentiles, errors by class, bytes,
// effective concurrency) to stdout.
void print_summary(const engine::ProfilingReport& rep, const std::string& label, const std::string& target);

// The report form (through the one adapter, report_adapter.hpp) of a closed-loop (ProfilingApplication
// scenario) run on `side`: the merged figures of its test executions; a non-empty `failure` adds a "FAILED:
// ..." note.
report::Side profiling_side(const engine::ProfilingReport& rep, const SideSpec& side,
                            const engine::ProfilingOptions& o, const std::string& target,
                            const std::string& name, const std::string& failure = {});

// The pool knobs a side ran with (SideConfig::extra, what --baseline compares before the first
// request): "maxConnectionPoolSize=N minConnectionPoolSize=N maxInProcessPerConnection=N
// maxSimultaneousUsagePerConnection=N" of the options the run used.
inline constexpr std::string_view pool_options_key = "pool_options";
std::string pool_options_text(const engine::ProfilingOptions& o);

// CPU seconds (user + system) this process has used so far (getrusage; 0 when unavailable).
double process_cpu_seconds();

// The report's client CPU per request (SideConfig::extra, what --baseline compares): the tpbench
// process's CPU over the measured executions / their requests, in ns. With the embedded server
// the process is the server too.
inline constexpr std::string_view client_cpu_key = "client_cpu_ns_per_request";
// Sets it on `s` from `cpu_s` seconds over `requests` requests (nothing when either is 0).
void set_client_cpu(report::Side& s, double cpu_s, std::uint64_t requests);

// "ws37 4 connections x 64 in flight = 256" style description of the concurrency a report used.
std::string concurrency_text(const engine::ProfilingReport& rep);

// "master-http", or "master-http, dialect 4.0" when the sessions reported the dialect they sent
// (http4: detected by its probe or configured) — what a summary line or the Branch column shows.
std::string generation_text(const engine::ProfilingReport& rep);

}  // namespace tpbench::cli
