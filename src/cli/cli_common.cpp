#include "cli_common.hpp"
#include "run_hooks.hpp"

#include <tpbench/backends/registry.hpp>
#include <tpbench/profiling/java_compat.hpp>
#include <tpbench/report/render.hpp>
#include <tpbench/server/server.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sys/resource.h>

namespace tpbench::cli {

using engine::ConfigError;

namespace {

// Help text per ProfilingApplication key.
const std::vector<std::pair<std::string_view, std::string_view>> flag_help = {
    {"testType", "0 = latency, 1 = throughput (value % 2); default 1"},
    {"parallelism", "ProfilingApplication result-consumer threads (reported; see docs/usage.md); default 16"},
    {"requests", "requests per test execution (throughput); default 10000"},
    {"executions", "test executions; default 10"},
    {"warmups", "warm-up executions; default 5"},
    {"warmupRequests", "requests per warm-up execution (Java: fixed 1000)"},
    {"minExpectedRps", "warm-up req/sec threshold; default 1000"},
    {"timeout", "test-cycle budget in ms; default 1200000"},
    {"pauseBetweenRuns", "sleep after each execution in ms; default 1000"},
    {"suppressStackTraces", "accepted for parity (failures are counted, never printed as traces)"},
    {"tooSlowThreshold", "ms from write to last result before a request counts as too slow; default 125"},
    {"exercise", "reset the graph to the modern graph and send the exercise mix (true/false)"},
    {"script", "Gremlin script to send; default 1+1 (g.inject(1) for generation 4.0)"},
    {"store", "append a TSV result row to this file (throughput)"},
    {"noExit", "accepted for parity"},
    {"channelizer", "accepted for parity (the backend decides the protocol)"},
    {"nioPoolSize", "engine worker threads (one io_context each); default 1"},
    {"workerPoolSize", "accepted and reported (decoding runs on the worker threads)"},
    {"minConnectionPoolSize", "connections opened before timing (ws37); default 256"},
    {"maxConnectionPoolSize", "maximum connections; default 256"},
    {"minSimultaneousUsagePerConnection", "accepted for parity (ws37)"},
    {"maxSimultaneousUsagePerConnection", "max borrows per connection (ws37); default 32"},
    {"minInProcessPerConnection", "accepted for parity (ws37)"},
    {"maxInProcessPerConnection", "max requests in flight per connection (ws37); default 64"},
    {"maxWaitForConnection", "ms to wait for pool capacity before pool_exhausted; default 3000"},
    {"batchSize", "results per response message (resultIterationBatchSize); default 64"},
    {"requestTimeout", "client deadline per throughput request in ms; default 30000"},
};

bool is_boolean_key(std::string_view k) {
    return k == "exercise" || k == "noExit" || k == "suppressStackTraces";
}

bool is_profiling_key(std::string_view k) {
    const auto& keys = engine::profiling_keys(engine::Generation::v3_7);
    return std::find(keys.begin(), keys.end(), k) != keys.end();
}

}  // namespace

void ProfilingFlags::add_to(CLI::App& app) {
    app_ = &app;
    for (const auto& [key, help] : flag_help) {
        auto* opt = app.add_option("--" + std::string(key), values_[std::string(key)], std::string(help));
        opt->group("ProfilingApplication options");
        if (is_boolean_key(key)) opt->expected(0, 1);
    }
}

std::vector<std::pair<std::string, std::string>> ProfilingFlags::given() const {
    std::vector<std::pair<std::string, std::string>> out;
    if (!app_) return out;
    for (const auto& [key, help] : flag_help) {
        const auto* opt = app_->get_option("--" + std::string(key));
        if (opt->count() == 0) continue;
        std::string v = values_.at(std::string(key));
        if (is_boolean_key(key) && v.empty()) v = "true";
        out.emplace_back(std::string(key), v);
    }
    return out;
}

void ProfilingFlags::apply(engine::ProfilingOptions& o) const {
    for (const auto& [k, v] : given()) engine::apply_profiling_option(o, k, v);
}

engine::Generation SideSpec::effective_generation() const {
    if (generation) return *generation;
    const backends::BackendInfo* info = backends::find_backend(backend);
    if (!info)
        throw ConfigError(
            fmt::format("unknown backend '{}' (known: {})", backend, backends::backend_names()));
    return info->default_generation(backend_options);
}

SideSpec parse_side(std::string_view text) {
    SideSpec s;
    std::vector<std::string> words;
    std::string cur;
    for (char c : text) {
        if (c == ' ' || c == '\t') {
            if (!cur.empty()) words.push_back(std::move(cur));
            cur.clear();
        } else {
            cur.push_back(c);
        }
    }
    if (!cur.empty()) words.push_back(std::move(cur));
    if (words.empty()) throw ConfigError("empty side specification");

    std::string head = words[0];
    const auto at = head.find('@');
    s.backend = head.substr(0, at);
    // Backend names are matched case-insensitively (`--backend HTTP4`, `WS37@host`).
    std::transform(s.backend.begin(), s.backend.end(), s.backend.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    if (!backends::find_backend(s.backend))
        throw ConfigError(fmt::format("side '{}': unknown backend '{}' (known: {})", text, s.backend,
                                      backends::backend_names()));
    if (at != std::string::npos) {
        HostUrl u;
        try {
            u = parse_host(head.substr(at + 1));
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("side '{}': {}", text, e.what()));
        }
        s.host = u.host;
        if (u.port) s.port = *u.port;
        if (!u.path.empty()) s.path = u.path;
        if (u.tls()) s.security["tls"] = "true";
    }
    s.label = s.backend;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const auto eq = words[i].find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError(fmt::format("side '{}': expected key=value, got '{}'", text, words[i]));
        std::string key = words[i].substr(0, eq), value = words[i].substr(eq + 1);
        if (key == "label")
            s.label = value;
        else if (key == "serializer")
            s.serializer = value;
        else if (key == "path")
            s.path = value;
        else if (key == "generation") {
            s.generation = engine::parse_generation(value);
            if (!s.generation)
                throw ConfigError(fmt::format(
                    "side '{}': unknown generation '{}' (3.7.3, 3.7, master-http, 4.0)", text, value));
        } else if (key == "connect-timeout") {
            s.connect_timeout = parse_connect_timeout(fmt::format("side '{}': connect-timeout", text), value);
        } else if (key == "host" || key == "port") {
            throw ConfigError(fmt::format("side '{}': give the target as BACKEND@HOST:PORT", text));
        } else if (is_profiling_key(key)) {
            s.profiling.emplace_back(key, value);
        } else if (is_security_key(key)) {
            s.security[key] = value;
        } else {
            try {
                check_backend_option(s.backend, key);
            } catch (const ConfigError& e) {
                throw ConfigError(fmt::format("side '{}': {}", text, e.what()));
            }
            s.backend_options[key] = value;
        }
    }
    finish_security(s);
    return s;
}

std::chrono::milliseconds parse_connect_timeout(std::string_view what, std::string_view ms) {
    std::int64_t v = 0;
    const auto* end = ms.data() + ms.size();
    const auto r = std::from_chars(ms.data(), end, v);
    if (ms.empty() || r.ec != std::errc() || r.ptr != end || v < 1 || v > max_connect_timeout_ms)
        throw ConfigError(
            fmt::format("{}: expected milliseconds, 1..{}, got '{}'", what, max_connect_timeout_ms, ms));
    return std::chrono::milliseconds(v);
}

void add_connect_timeout_flag(CLI::App& app, std::int64_t& ms) {
    app.add_option("--connect-timeout", ms,
                   fmt::format("ms to open one connection: TCP connect, TLS and the protocol handshake "
                               "(WebSocket upgrade, SASL) together (default {}; 1..{})",
                               engine::SessionConfig{}.connect_timeout.count(), max_connect_timeout_ms))
        ->check(CLI::Range(std::int64_t{1}, max_connect_timeout_ms));
}

void check_output_path(std::string_view flag, const std::string& path) {
    // The followers of a distributed run (tpbench-mpi) write no files: only the root checks.
    if (path.empty() || run_hooks.follower) return;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw ConfigError(fmt::format("{} {}: is a directory, not a file", flag, path));
    const bool existed = std::filesystem::exists(path, ec);
    // Open for appending: an existing file is not truncated before the run has anything to write.
    std::FILE* f = std::fopen(path.c_str(), "a");
    if (!f) throw ConfigError(fmt::format("{} {}: cannot write it ({})", flag, path, std::strerror(errno)));
    std::fclose(f);
    if (!existed) std::filesystem::remove(path, ec);
}

void add_allow_writes_flag(CLI::App& app, bool& allow) {
    app.add_flag("--allow-writes", allow,
                 "allow tpbench to change the graph of a server it did not start: the exercise scenario "
                 "first resets it (graph.clear(), TinkerFactory.generateModern(graph)); without this flag "
                 "that scenario is refused (run, ab) or skipped (the default A/B) on such a server");
}

std::string pool_options_text(const engine::ProfilingOptions& o) {
    return fmt::format(
        "maxConnectionPoolSize={} minConnectionPoolSize={} maxInProcessPerConnection={} "
        "maxSimultaneousUsagePerConnection={}",
        o.max_connection_pool_size, o.min_connection_pool_size, o.max_in_process_per_connection,
        o.max_simultaneous_usage_per_connection);
}

double process_cpu_seconds() {
    rusage u{};
    if (::getrusage(RUSAGE_SELF, &u) != 0) return 0;
    const auto sec = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return sec(u.ru_utime) + sec(u.ru_stime);
}

void set_client_cpu(report::Side& s, double cpu_s, std::uint64_t requests) {
    if (requests == 0 || cpu_s <= 0) return;
    s.config.extra[std::string(client_cpu_key)] =
        fmt::format("{:.1f}", cpu_s * 1e9 / static_cast<double>(requests));
}

std::string write_refusal(const SideSpec& side, const engine::ProfilingOptions& o) {
    if (!o.exercise || !side.host || side.allow_writes) return {};
    return fmt::format(
        "{}: the exercise scenario first resets the graph of {}:{} ({}, {}), a server tpbench did not "
        "start; pass --allow-writes to allow that write",
        side.label, *side.host, side.port, engine::init_clear_script, engine::init_load_script);
}

void check_backend_option(std::string_view backend, std::string_view key) {
    // The keys each backend reads from Target::options are a fact of its registry row.
    const backends::BackendInfo* info = backends::find_backend(backend);
    if (!info)
        throw ConfigError(
            fmt::format("unknown backend '{}' (known: {})", backend, backends::backend_names()));
    if (info->knows_option(key)) return;
    std::string list;
    for (const auto& o : info->options) list += fmt::format("{}{}", list.empty() ? "" : ", ", o.key);
    throw ConfigError(fmt::format("unknown {} option '{}' (known: {})", backend, key, list));
}

void finish_security(SideSpec& side) {
    Security sec = resolve_security(side.security, side.backend, side.host.value_or(""));
    side.tls = sec.tls;
    side.auth = sec.auth;
    add_secrets(side.auth);
    // Each warning once per process, however many sides or rounds use the same settings.
    static std::vector<std::string> shown;
    for (const auto& w : sec.warnings) {
        if (std::find(shown.begin(), shown.end(), w) != shown.end()) continue;
        shown.push_back(w);
        say(stderr, "tpbench: {}\n", w);
    }
}

void TargetFlags::add_to(CLI::App& app) {
    app_ = &app;
    std::string schemes;
    for (const auto& b : backends::registry())
        for (auto sc : b.schemes) schemes += fmt::format("{}{}://", schemes.empty() ? "" : " ", sc);
    app.add_option("--backend", backend,
                   fmt::format("protocol backend: {} (default {}, or as a URL scheme of --host implies: {})",
                               backends::backend_names(" | "), backends::default_backend().name, schemes))
        ->capture_default_str();
    app.add_option(
        "--host", host,
        "Gremlin Server host, HOST or a URL ws[s]://HOST[:PORT][/PATH] | http[s]://...; wss/https turn on "
        "TLS (default: start the embedded server on 127.0.0.1, ephemeral port)");
    app.add_option("--port", port, "Gremlin Server port (a port in a --host URL wins)")
        ->capture_default_str()
        ->check(CLI::Range(1, 65535));
    app.add_option("--serializer", serializer,
                   "serializer (graphbinary-v1, graphson-v3, graphbinary-v4, ... or GRAPHBINARY_V1 style)");
    app.add_option("--generation", generation,
                   "ProfilingApplication generation: 3.7.3 | 3.7 | master-http | 4.0");
    app.add_option("--path", path, "endpoint path")->capture_default_str();
    std::string per_backend;
    for (const auto& b : backends::registry())
        per_backend += fmt::format("{}{}: {}", per_backend.empty() ? "" : "; ", b.name, b.options_text());
    app.add_option("--option", options,
                   fmt::format("backend option key=value ({}); repeatable", per_backend));
    add_connect_timeout_flag(app, connect_timeout_ms);
    security.add_to(app);
}

SideSpec TargetFlags::side() const {
    std::optional<HostUrl> url;
    if (!host.empty()) url = parse_host(host);
    std::string b = backend;
    std::transform(b.begin(), b.end(), b.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    // A URL scheme picks the backend unless --backend was given.
    const bool backend_given = app_ && app_->get_option("--backend")->count() > 0;
    if (url && !url->backend().empty() && !backend_given) b = url->backend();
    if (url && !url->backend().empty() && backend_given && url->backend() != b)
        say(stderr, "tpbench: note: --host scheme {}:// with --backend {}\n", url->scheme, b);
    SideSpec s = parse_side(b);
    s.serializer = serializer;
    s.path = path;
    if (url) {
        s.host = url->host;
        s.port = url->port ? *url->port : static_cast<std::uint16_t>(port);
        const bool path_given = app_ && app_->get_option("--path")->count() > 0;
        if (!url->path.empty() && !path_given) s.path = url->path;
    }
    if (!generation.empty()) {
        s.generation = engine::parse_generation(generation);
        if (!s.generation)
            throw ConfigError(
                fmt::format("unknown generation '{}' (3.7.3, 3.7, master-http, 4.0)", generation));
    }
    for (const auto& kv : options) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError(fmt::format("--option expects key=value, got '{}'", kv));
        check_backend_option(s.backend, kv.substr(0, eq));
        s.backend_options[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    s.security = security.given();
    if (url && url->tls() && !s.security.count("tls")) s.security["tls"] = "true";
    if (connect_timeout_ms > 0) s.connect_timeout = std::chrono::milliseconds(connect_timeout_ms);
    finish_security(s);
    return s;
}

Targets::Targets() = default;
Targets::~Targets() {
    if (server_) server_->stop();
}

engine::Endpoint Targets::endpoint(const SideSpec& side) {
    const backends::BackendInfo* info = backends::find_backend(side.backend);
    if (!info)
        throw ConfigError(
            fmt::format("unknown backend '{}' (known: {})", side.backend, backends::backend_names()));
    engine::Endpoint ep;
    ep.backend = side.label;
    ep.factory = info->factory;
    ep.session.target.path = side.path;
    ep.session.target.options = side.backend_options;
    ep.session.target.serializer = info->map_serializer(side.serializer);
    ep.session.target.tls = side.tls;
    ep.session.target.auth = side.auth;
    if (side.connect_timeout) ep.session.connect_timeout = *side.connect_timeout;
    // tpbench writes (the exercise reset) only to its own embedded server, or where the user said so.
    ep.may_write = !side.host || side.allow_writes;
    if (!side.host && side.tls.enabled)
        throw ConfigError(
            fmt::format("{}: TLS needs --host (the embedded server speaks plaintext; run `tpbench serve` "
                        "with a certificate and point --host at it)",
                        side.label));
    if (side.host) {
        ep.session.target.host = *side.host;
        ep.session.target.port = side.port;
    } else {
        if (!server_) {
            server::ServerConfig cfg;
            cfg.host = "127.0.0.1";
            cfg.port = 0;
            // The seed benchmark's server settings (../shared/seed): evaluationTimeout 30000000 ms
            // and maxWorkQueueSize 65536, so times(18) (--full) is not cut off by the stock 30 s.
            cfg.evaluation_timeout = std::chrono::milliseconds(30'000'000);
            cfg.max_work_queue_size = 65536;
            server_ = server::start(cfg);
        }
        ep.session.target.host = "127.0.0.1";
        ep.session.target.port = server_->port();
    }
    // Let the backend reject an unknown serializer or option now, as a configuration error.
    try {
        info->validate(ep.session);
    } catch (const std::invalid_argument& e) {
        throw ConfigError(fmt::format("{}: {}", side.label, e.what()));
    }
    return ep;
}

std::string Targets::describe(const SideSpec& side) {
    using M = engine::AuthOptions::Mechanism;
    std::string extra;
    if (side.tls.enabled) extra += side.tls.insecure ? " TLS (NOT verified)" : " TLS";
    switch (side.auth.mechanism) {
        case M::sasl_plain:
            extra += " SASL PLAIN as " + side.auth.username;
            break;
        case M::basic:
            extra += " Basic as " + side.auth.username;
            break;
        case M::sigv4:
            extra += " SigV4 " + side.auth.region + "/" + side.auth.service;
            break;
        case M::none:
            break;
    }
    if (side.host) return fmt::format("{}:{}{}", *side.host, side.port, extra);
    return server_ ? fmt::format("127.0.0.1:{} (embedded){}", server_->port(), extra) : "embedded" + extra;
}

// Equal effective concurrency (256 outstanding requests): a multiplexed backend carries its default
// in-flight count on each of 256 / that many connections (ws37: 4 x 64); a one-request-per-
// connection backend needs 256 connections. The backend's concurrency model is a registry fact;
// multiplexing also needs a generation with the WebSocket pool knobs.
std::vector<std::pair<std::string, std::string>> concurrency_defaults(const SideSpec& side, bool latency) {
    const backends::BackendInfo* info = backends::find_backend(side.backend);
    const bool mux = info && info->multiplexed() && engine::is_ws_generation(side.effective_generation());
    constexpr std::size_t outstanding = 256;
    if (latency) {
        if (mux) return {{"minConnectionPoolSize", "1"}, {"maxConnectionPoolSize", "1"}};
        return {{"maxConnectionPoolSize", "1"}};
    }
    if (mux) {
        const std::size_t per = std::max<std::size_t>(1, info->default_in_flight);
        const std::string conns = std::to_string(std::max<std::size_t>(1, outstanding / per));
        return {{"minConnectionPoolSize", conns},
                {"maxConnectionPoolSize", conns},
                {"maxInProcessPerConnection", std::to_string(per)},
                {"maxSimultaneousUsagePerConnection", std::to_string(per)}};
    }
    return {{"maxConnectionPoolSize", std::to_string(outstanding)}};
}

engine::ProfilingOptions side_options(const SideSpec& side, const ProfilingFlags* base,
                                      const std::vector<std::pair<std::string, std::string>>& extra) {
    const engine::Generation g = side.effective_generation();
    engine::ProfilingOptions o = engine::ProfilingOptions::defaults(g);
    for (const auto& [k, v] : extra) engine::apply_profiling_option(o, k, v);
    if (base) base->apply(o);
    for (const auto& [k, v] : side.profiling) engine::apply_profiling_option(o, k, v);
    // A maximum the user lowered below the default minimum (`--maxConnectionPoolSize 64` against the
    // default 256) lowers the minimum with it; only a minimum the user gave too is a contradiction.
    auto user_gave = [&](std::string_view key) {
        for (const auto& kv : side.profiling)
            if (kv.first == key) return true;
        if (base)
            for (const auto& kv : base->given())
                if (kv.first == key) return true;
        return false;
    };
    if (o.min_connection_pool_size > o.max_connection_pool_size && !user_gave("minConnectionPoolSize"))
        o.min_connection_pool_size = o.max_connection_pool_size;
    const backends::BackendInfo* info = backends::find_backend(side.backend);
    if (!engine::is_ws_generation(g) || (info && !info->multiplexed())) {
        // One request per connection (HTTP/1.1: the HTTP drivers' model, whatever the generation's
        // ProfilingApplication defaults say), no minimum pool.
        o.min_connection_pool_size = 0;
        o.max_in_process_per_connection = 1;
        o.max_simultaneous_usage_per_connection = 1;
    }
    o.validate();
    return o;
}

report::Side profiling_side(const engine::ProfilingReport& rep, const SideSpec& side,
                            const engine::ProfilingOptions& o, const std::string& target,
                            const std::string& name, const std::string& failure) {
    const auto& m = rep.measured;
    SideInput in;
    in.name = name;
    in.backend = side.backend;
    in.backend_options = &side.backend_options;
    in.serializer = o.serializer;
    in.workers = o.nio_pool_size;
    in.target = target;
    in.capacity = rep.capacity;
    in.per_connection = rep.per_connection;
    report::Side s = to_report_side(in, m, rep.errors_by_class, rep.connect, rep.counters);
    s.config.extra["generation"] = std::string(engine::generation_name(rep.generation));
    if (rep.latency) {
        // A latency execution sends one request at a time, whatever the pool could carry.
        s.config.effective_concurrency = 1;
        s.config.in_flight_per_connection = 1;
        s.config.connections = rep.connections > 0 ? rep.connections : 1;  // the pool it had open
        s.config.extra["concurrency"] = "latency: one request at a time";
    }
    s.config.extra["pauseBetweenRuns"] = std::to_string(o.pause_between_runs_ms);
    s.config.extra[std::string(pool_options_key)] = pool_options_text(o);
    for (const auto& t : rep.tests) s.duration_s += t.seconds;
    for (const auto* list : {&rep.warmups, &rep.tests})
        for (const auto& e : *list)
            if (e.failed) ++s.failed_executions;
    s.throughput_rps = s.duration_s > 0 ? static_cast<double>(m.completed) / s.duration_s : 0;
    s.config.achieved_rps = s.throughput_rps;
    if (!failure.empty()) s.notes = "FAILED: " + failure;
    return s;
}

std::string concurrency_text(const engine::ProfilingReport& rep) {
    const std::size_t per = std::max<std::size_t>(1, rep.per_connection);
    return fmt::format("{} connection{} x {} in flight = {}", rep.capacity / per,
                       rep.capacity / per == 1 ? "" : "s", per, rep.capacity);
}

std::string generation_text(const engine::ProfilingReport& rep) {
    std::string s(engine::generation_name(rep.generation));
    if (!rep.connect.dialect.empty()) s += ", dialect " + rep.connect.dialect;
    return s;
}

void print_summary(const engine::ProfilingReport& rep, const std::string& label, const std::string& target) {
    const auto& m = rep.measured;
    auto ms = [](std::int64_t ns) { return fmt::format("{:.3f}", static_cast<double>(ns) / 1e6); };
    say(stdout, "--- tpbench summary: {} (generation {}) -> {}\n", label, generation_text(rep), target);
    // A latency execution sends one request at a time, whatever the pool could carry.
    say(stdout, "effective concurrency: {}\n",
        rep.latency ? std::string("1 (latency: one request at a time)") : concurrency_text(rep));
    // A wrong result count is a failed request, as in every report format (schema tpbench.report/2).
    const std::uint64_t wrong = std::min(m.result_mismatches, m.completed);
    say(stdout, "requests: {} issued, {} completed, {} failed, {} too slow, {} wrong result count\n",
        m.issued, m.completed - wrong, m.failed + wrong, m.too_slow, wrong);
    if (m.latency.count() > 0) {
        say(stdout, "latency ms: p50 {} | p90 {} | p99 {} | p99.9 {} | max {}\n",
            ms(m.latency.value_at_percentile(50)), ms(m.latency.value_at_percentile(90)),
            ms(m.latency.value_at_percentile(99)), ms(m.latency.value_at_percentile(99.9)),
            ms(m.latency.max()));
        say(stdout, "time to first result ms: p50 {} | p99 {}\n", ms(m.ttfr.value_at_percentile(50)),
            ms(m.ttfr.value_at_percentile(99)));
    }
    say(stdout, "results: {} | bytes out: {} | bytes in: {}\n", m.results, m.bytes_out, m.bytes_in);
    if (m.tx.started > 0) {
        std::string line =
            fmt::format("transactions: {} started, {} committed, {} rolled back, {} failed ({} requests)",
                        m.tx.started, m.tx.committed, m.tx.rolled_back, m.tx.failed, m.tx.requests);
        if (m.tx.latency.count() > 0)
            line += fmt::format(" | latency ms: p50 {} | p99 {} | max {}",
                                ms(m.tx.latency.value_at_percentile(50)),
                                ms(m.tx.latency.value_at_percentile(99)), ms(m.tx.latency.max()));
        say(stdout, "{}\n", line);
    }
    // Connection opening is reported apart from request latency (a TLS handshake per connection).
    const auto& c = rep.connect;
    if (c.connections > 0 || c.failures > 0) {
        std::string line =
            fmt::format("connections: {} opened, {} failed | TCP connect ms: p50 {} p99 {}", c.connections,
                        c.failures, ms(c.tcp.value_at_percentile(50)), ms(c.tcp.value_at_percentile(99)));
        if (c.tls_handshakes > 0)
            line += fmt::format(" | TLS handshake ms: p50 {} p99 {} max {} ({} resumed)",
                                ms(c.tls.value_at_percentile(50)), ms(c.tls.value_at_percentile(99)),
                                ms(c.tls.max()), c.tls_resumed);
        if (c.protocol.count() > 0)
            line +=
                fmt::format(" | protocol handshake ms: p50 {} p99 {}", ms(c.protocol.value_at_percentile(50)),
                            ms(c.protocol.value_at_percentile(99)));
        say(stdout, "{}\n", line);
    }
    std::string errs;
    for (std::size_t i = 0; i < engine::errc_slots; ++i)
        if (rep.errors_by_class[i])
            errs += fmt::format("{}{} {}", errs.empty() ? "" : ", ", engine::errc_name(static_cast<errc>(i)),
                                rep.errors_by_class[i]);
    if (wrong > 0) errs += fmt::format("{}{} {}", errs.empty() ? "" : ", ", report::kWrongResultClass, wrong);
    std::uint64_t failed_executions = 0;
    for (const auto* list : {&rep.warmups, &rep.tests})
        for (const auto& e : *list)
            if (e.failed) ++failed_executions;
    // "none" only when nothing failed: failed connection attempts and executions are failures too,
    // even when no request was lost to them.
    std::string also;
    if (c.failures > 0) also += fmt::format("{} failed connection attempt(s)", c.failures);
    if (failed_executions > 0)
        also += fmt::format("{}{} failed execution(s)", also.empty() ? "" : ", ", failed_executions);
    if (errs.empty())
        say(stdout, "errors: {}\n", also.empty() ? std::string("none") : "no failed request; " + also);
    else
        say(stdout, "errors: {}{}\n", errs, also.empty() ? std::string() : "; " + also);
    // Every failure explains itself: each class's first distinct messages.
    for (std::size_t i = 0; i < engine::errc_slots; ++i)
        if (rep.errors_by_class[i])
            for (const auto& msg : m.error_messages_of(static_cast<errc>(i)))
                say(stdout, "  {}: {}\n", engine::errc_name(static_cast<errc>(i)), msg);
    // Executions that could not run at all (e.g. no connection) are outcomes too.
    for (const auto* list : {&rep.warmups, &rep.tests})
        for (const auto& e : *list)
            if (e.failed) say(stdout, "failed execution: {}: {}\n", e.name, e.failure);
    if (rep.aborted) say(stdout, "aborted: {}\n", rep.abort_reason);
    // Workload lines / exercise queries: the ten that took the most time.
    if (!m.queries.empty()) {
        report::Side s;
        s.name = label;
        for (const auto& t : rep.tests) s.duration_s += t.seconds;
        s.queries = query_breakdown(m);
        say(stdout, "{}", report::render_queries_text(s, 10));
    }
}

}  // namespace tpbench::cli
