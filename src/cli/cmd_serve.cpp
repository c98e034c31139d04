// `tpbench serve` — runs the embedded reference server (every protocol the registry marks as
// served, on one port) until SIGINT
// or SIGTERM. Knobs: gremlin-server.yaml keys via --config, overridden by flags. TLS with
// --tls-cert/--tls-key (or the yaml's ssl section), users with --credentials (or the yaml's
// authentication section); a file that asks for TLS or authentication without usable material
// makes serve refuse to start (never plaintext or open by surprise). Passwords are never printed.
#include "commands.hpp"
#include "run_command.hpp"

#include <tpbench/backends/registry.hpp>
#include <tpbench/server/server.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <pthread.h>
#include <sstream>
#include <vector>
#include <stdexcept>
#include <thread>

namespace {

using Mechanism = tpbench::engine::AuthOptions::Mechanism;

// "ws37, http4 and http3": the protocols the embedded server speaks (the registry's served rows).
std::string served_names() {
    const auto rows = tpbench::backends::served_backends();
    std::string out;
    for (std::size_t i = 0; i < rows.size(); ++i)
        out += fmt::format("{}{}", i == 0 ? "" : i + 1 == rows.size() ? " and " : ", ", rows[i]->name);
    return out;
}

// "ws37 ws://H:P: WebSocket upgrade on /gremlin; http4 http://H:P: POST /gremlin; ...": each served
// protocol with its URL scheme (the row's plain / TLS scheme; HTTP for a row without one).
std::string served_routes(const std::string& host, unsigned port, bool tls) {
    std::string out;
    for (const auto* b : tpbench::backends::served_backends()) {
        std::string_view scheme = tls ? "https" : "http";
        if (!b->schemes.empty()) scheme = tls && b->schemes.size() > 1 ? b->schemes[1] : b->schemes[0];
        out += fmt::format("{}{} {}://{}:{}: {}", out.empty() ? "" : "; ", b->name, scheme, host, port,
                           b->served_as);
    }
    return out;
}

// How --credentials is checked per protocol, from each row's user mechanism:
// "SASL PLAIN on ws37, HTTP Basic on http4 and http3".
std::string served_auth() {
    std::string out;
    for (Mechanism m : {Mechanism::sasl_plain, Mechanism::basic}) {
        std::vector<std::string_view> names;
        for (const auto* b : tpbench::backends::served_backends())
            if (b->user_auth == m) names.push_back(b->name);
        if (names.empty()) continue;
        std::string list;
        for (std::size_t i = 0; i < names.size(); ++i)
            list += fmt::format("{}{}", i == 0 ? "" : i + 1 == names.size() ? " and " : ", ", names[i]);
        out += fmt::format("{}{} on {}", out.empty() ? "" : ", ",
                           m == Mechanism::sasl_plain ? "SASL PLAIN" : "HTTP Basic", list);
    }
    return out;
}

struct ServeArgs {
    std::string config_file;
    std::string host = "127.0.0.1";
    unsigned port = 8182;
    unsigned thread_pool_worker = 1;
    unsigned gremlin_pool = 0;
    std::size_t max_work_queue_size = 8192;
    long long evaluation_timeout = 30000;
    int result_iteration_batch_size = 64;
    std::size_t write_buffer_high_water_mark = 65536;
    std::size_t write_buffer_low_water_mark = 32768;
    std::size_t max_content_length = 10 * 1024 * 1024;
    long long idle_connection_timeout = 0;
    long long request_read_timeout = 30000;
    long long shutdown_grace = 5000;
    bool int_ids = false;
    std::string graph_file;
    std::string version_byte = "0x84";
    std::string http4_language;
    std::string tls_cert;
    std::string tls_key;
    std::string credentials_file;
    std::vector<std::string> faults;
    std::uint64_t fault_seed = 1;
    std::string memory_budget;
    std::string tcp_congestion = "auto";
    long long session_timeout = 28800000;
    long long transaction_idle_timeout = 60000;
    long long transaction_max_lifetime = 600000;
    std::size_t max_concurrent_transactions = 1000;
};

// --memory-budget: bytes, optionally with a binary suffix K, M or G (e.g. 512M); 0 = unlimited.
std::size_t parse_memory_budget(const std::string& s) {
    std::size_t pos = 0;
    unsigned long long v = 0;
    try {
        v = std::stoull(s, &pos, 10);
    } catch (const std::exception&) {
        pos = 0;
    }
    unsigned shift = 0;
    if (pos > 0 && pos + 1 == s.size()) {
        switch (s[pos]) {
            case 'K':
            case 'k':
                shift = 10;
                break;
            case 'M':
            case 'm':
                shift = 20;
                break;
            case 'G':
            case 'g':
                shift = 30;
                break;
            default:
                pos = 0;
        }
        if (pos != 0) ++pos;
    }
    if (pos == 0 || pos != s.size() || s[0] == '-' || (shift && v > (~0ull >> shift)))
        throw CLI::ValidationError(
            "--memory-budget",
            "must be a number of bytes, optionally with K, M or G (e.g. 512M), got '" + s + "'");
    return static_cast<std::size_t>(v << shift);
}

int run_serve(const ServeArgs& a, const CLI::App& sub) {
    tpbench::server::ServerConfig cfg;
    if (!a.config_file.empty()) {
        std::ifstream in(a.config_file);
        if (!in) throw std::runtime_error("cannot read config file '" + a.config_file + "'");
        std::stringstream ss;
        ss << in.rdbuf();
        std::vector<std::string> warnings;
        tpbench::server::apply_yaml_config(cfg, ss.str(), &warnings);
        for (const auto& w : warnings)
            fmt::print(stderr, "tpbench serve: warning: {}: {}\n", a.config_file, w);
    }
    // Flags given on the command line win over the config file.
    auto given = [&](const char* name) { return sub.get_option(name)->count() > 0; };
    if (given("--host")) cfg.host = a.host;
    if (given("--port")) cfg.port = static_cast<std::uint16_t>(a.port);
    if (given("--threadPoolWorker")) cfg.thread_pool_worker = a.thread_pool_worker;
    if (given("--gremlinPool")) cfg.gremlin_pool = a.gremlin_pool;
    if (given("--maxWorkQueueSize")) cfg.max_work_queue_size = a.max_work_queue_size;
    if (given("--evaluationTimeout"))
        cfg.evaluation_timeout = std::chrono::milliseconds(a.evaluation_timeout);
    if (given("--resultIterationBatchSize")) cfg.result_iteration_batch_size = a.result_iteration_batch_size;
    if (given("--writeBufferHighWaterMark"))
        cfg.write_buffer_high_water_mark = a.write_buffer_high_water_mark;
    if (given("--writeBufferLowWaterMark")) cfg.write_buffer_low_water_mark = a.write_buffer_low_water_mark;
    if (given("--maxContentLength")) cfg.max_content_length = a.max_content_length;
    if (given("--idleConnectionTimeout"))
        cfg.idle_connection_timeout = std::chrono::milliseconds(a.idle_connection_timeout);
    cfg.request_read_timeout = std::chrono::milliseconds(a.request_read_timeout);
    cfg.shutdown_grace = std::chrono::milliseconds(a.shutdown_grace);
    cfg.int_vertex_ids = a.int_ids;
    if (!a.graph_file.empty()) cfg.graph_file = a.graph_file;
    if (given("--http4-language")) cfg.http4_default_language = a.http4_language;
    // TLS and authentication: flags win over the file's ssl / authentication sections.
    if (given("--tls-cert") || given("--tls-key")) {
        cfg.tls.cert_file = a.tls_cert;
        cfg.tls.key_file = a.tls_key;
        cfg.tls.pkcs12_file.clear();
        cfg.tls.pkcs12_password.clear();
    }
    if (given("--credentials"))
        cfg.credentials = tpbench::server::load_credentials_file(a.credentials_file);
    else if (!cfg.credentials_file.empty())
        cfg.credentials = tpbench::server::load_credentials_file(cfg.credentials_file);
    if (cfg.credentials) cfg.authentication_required = true;
    cfg.faults = a.faults;
    cfg.fault_seed = a.fault_seed;
    if (given("--memory-budget")) cfg.memory_budget = parse_memory_budget(a.memory_budget);
    cfg.tcp_congestion = a.tcp_congestion;
    cfg.session_timeout = std::chrono::milliseconds(a.session_timeout);
    cfg.transaction_idle_timeout = std::chrono::milliseconds(a.transaction_idle_timeout);
    cfg.transaction_max_lifetime = std::chrono::milliseconds(a.transaction_max_lifetime);
    cfg.max_concurrent_transactions = a.max_concurrent_transactions;
    {
        std::size_t pos = 0;
        unsigned long v = std::stoul(a.version_byte, &pos, 0);
        if (pos != a.version_byte.size() || v < 0x80 || v > 0xff)
            throw std::runtime_error(
                "--version-byte must be a byte with the top bit set (0x80..0xff), got '" + a.version_byte +
                "'");
        cfg.http4_version_byte = static_cast<std::uint8_t>(v);
    }

    // Block the stop signals in every thread (the server's threads inherit this mask) and wait for
    // them here: no work in a signal handler.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);

    const auto t_start = std::chrono::steady_clock::now();
    auto server = tpbench::server::start(cfg);
    if (cfg.graph_file)
        fmt::print("tpbench serve: loaded {} in {:.2f} s\n", *cfg.graph_file,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count());
    const auto& h = server->host();
    auto p = server->port();
    bool tls = cfg.tls.enabled();
    fmt::print(
        "tpbench serve: listening on {}:{} ({}){}{}\n", h, p, served_routes(h, p, tls), tls ? ", TLS" : "",
        cfg.credentials
            ? fmt::format(", authentication: {} user(s) ({})", cfg.credentials->users.size(), served_auth())
            : std::string());
    if (const auto cc = server->tcp_congestion(), sys = tpbench::server::system_tcp_congestion();
        !cc.empty() && !sys.empty() && cc != sys)
        fmt::print(
            "tpbench serve: TCP congestion control {} on this listener (the system default {} paces every "
            "send with a kernel timer on loopback; --tcp-congestion system keeps it)\n",
            cc, sys);
    if (!cfg.faults.empty()) {
        std::string list;
        for (const auto& f : cfg.faults) list += (list.empty() ? "" : ", ") + f;
        fmt::print("tpbench serve: FAULT INJECTION on (seed {}): {}\n", cfg.fault_seed, list);
    }
    std::fflush(stdout);
    int sig = 0;
    sigwait(&set, &sig);
    fmt::print(stderr,
               "tpbench serve: {} received, shutting down (grace {} ms; a second signal exits at once)\n",
               sig == SIGINT ? "SIGINT" : "SIGTERM", cfg.shutdown_grace.count());
    // A second signal during the graceful shutdown: exit at once (no destructors, no waiting).
    std::thread([set] {
        int again = 0;
        sigset_t s = set;
        sigwait(&s, &again);
        fmt::print(stderr, "tpbench serve: second {} received, exiting at once\n",
                   again == SIGINT ? "SIGINT" : "SIGTERM");
        std::fflush(stderr);
        std::_Exit(128 + again);
    }).detach();
    server->shutdown();
    const auto stats = server->stats();
    if (stats.memory_budget_refused > 0)
        fmt::print(stderr,
                   "tpbench serve: {} request(s) were refused over the memory budget of {} bytes ({} of them "
                   "while their body or fragmented message was being read)\n",
                   stats.memory_budget_refused, stats.memory_budget, stats.memory_budget_refused_reads);
    if (stats.request_read_timeouts > 0)
        fmt::print(stderr, "tpbench serve: {} request(s) ended by --request-read-timeout\n",
                   stats.request_read_timeouts);
    return 0;
}

}  // namespace

void register_serve(CLI::App& app) {
    auto args = std::make_shared<ServeArgs>();
    auto* sub = app.add_subcommand(
        "serve", fmt::format("Run the embedded reference Gremlin Server ({} on one port, modern graph)",
                             served_names()));
    sub->add_option("--config", args->config_file, "gremlin-server.yaml style file (top-level keys)")
        ->check(CLI::ExistingFile);
    sub->add_option("--host", args->host, "address to bind (default 127.0.0.1)");
    sub->add_option("--port", args->port, "port (default 8182; 0 = ephemeral, printed)")
        ->check(CLI::Range(0, 65535));
    sub->add_option("--threadPoolWorker", args->thread_pool_worker, "I/O threads (default 1)")
        ->check(CLI::Range(1, 1024));
    sub->add_option("--gremlinPool", args->gremlin_pool, "evaluation threads (default 0 = cores)")
        ->check(CLI::Range(0, 4096));
    sub->add_option("--maxWorkQueueSize", args->max_work_queue_size,
                    "queued requests before 429 (default 8192)");
    sub->add_option("--evaluationTimeout", args->evaluation_timeout, "ms, 0 = none (default 30000)")
        ->check(CLI::Range(0LL, 1LL << 40));
    sub->add_option("--resultIterationBatchSize", args->result_iteration_batch_size,
                    "results per message/chunk (64)")
        ->check(CLI::Range(1, 1 << 30));
    sub->add_option("--writeBufferHighWaterMark", args->write_buffer_high_water_mark,
                    "bytes (default 65536)");
    sub->add_option("--writeBufferLowWaterMark", args->write_buffer_low_water_mark, "bytes (default 32768)");
    sub->add_option("--maxContentLength", args->max_content_length,
                    "max request/frame bytes (default 10485760)");
    sub->add_option("--idleConnectionTimeout", args->idle_connection_timeout, "ms, 0 = disabled (default)")
        ->check(CLI::Range(0LL, 1LL << 40));
    sub->add_option("--request-read-timeout", args->request_read_timeout,
                    "ms within which a request body (or a fragmented ws37 message) must arrive once "
                    "started, else the connection closes; 0 = none (default 30000)")
        ->check(CLI::Range(0LL, 1LL << 40));
    sub->add_option("--shutdown-grace", args->shutdown_grace,
                    "ms SIGTERM/SIGINT lets requests in progress finish before their responses end with "
                    "an error (http4 503 trailer, ws37 596, then close 1001); a second signal exits at once "
                    "(default 5000)")
        ->check(CLI::Range(0LL, 1LL << 40));
    sub->add_flag("--int-ids", args->int_ids,
                  "Int vertex ids (createModern) instead of the stock server's Long ids");
    sub->add_option("--graph", args->graph_file,
                    "GraphSON 3.0 adjacency file to load instead of the modern graph")
        ->check(CLI::ExistingFile);
    sub->add_option("--version-byte", args->version_byte,
                    "http4 GraphBinary response version byte (default 0x84)");
    sub->add_option(
        "--http4-language", args->http4_language,
        "http4 language when a request names none (default: gremlin-lang for 0x84, else gremlin-groovy)");
    sub->add_option("--tls-cert", args->tls_cert,
                    "PEM certificate chain: serve both protocols over TLS on the port (wss://, https://)")
        ->check(CLI::ExistingFile);
    sub->add_option("--tls-key", args->tls_key, "PEM private key (unencrypted) of --tls-cert")
        ->check(CLI::ExistingFile);
    sub->add_option("--credentials", args->credentials_file,
                    fmt::format("users file, one user:password per line: {}", served_auth()))
        ->check(CLI::ExistingFile);
    sub->add_option(
        "--fault", args->faults,
        "inject a failure, repeatable: status=429|500|503, drop-after-results=N, "
        "drop-after-bytes=N, stall-after-head[=S], stall-mid-stream[=S], corrupt=length|type|utf8, "
        "request-id=unknown|duplicate (ws37), slow-read[=MS], refuse-handshake[=close|STATUS]; "
        "then optional :RATE (fraction 0..1) and @count=K (see docs/usage.md, Rehearsing failures)");
    sub->add_option("--fault-seed", args->fault_seed, "seed of the --fault RATE draws (default 1)");
    sub->add_option("--memory-budget", args->memory_budget,
                    "bytes (K/M/G suffix ok) the requests in progress and the responses buffered for "
                    "their readers may claim together, each request charged 64 KiB + 3x its size, each "
                    "queued response byte while it waits; over it a request is refused (ws37 596, http4 "
                    "503). 0 = unlimited (default 1G)");
    sub->add_option("--tcp-congestion", args->tcp_congestion,
                    "the listener's TCP congestion control: auto (default: CUBIC, else Reno, on a loopback "
                    "listener when the system default is BBR, whose pacing costs a kernel timer per send "
                    "there; otherwise the system default), system, or a name (cubic, reno, bbr, ...)");
    // Sessions and transactions (docs/usage.md "Sessions and transactions").
    sub->add_option("--sessionTimeout", args->session_timeout,
                    "ms a ws37 session may stay unused before it is closed (default 28800000)")
        ->check(CLI::Range(1LL, 1LL << 40));
    sub->add_option("--idleTransactionTimeout", args->transaction_idle_timeout,
                    "ms an http4 transaction may stay idle before it is rolled back (default 60000)")
        ->check(CLI::Range(1LL, 1LL << 40));
    sub->add_option("--maxTransactionLifetime", args->transaction_max_lifetime,
                    "ms an http4 transaction may live; later requests get 504 (default 600000)")
        ->check(CLI::Range(1LL, 1LL << 40));
    sub->add_option("--maxConcurrentTransactions", args->max_concurrent_transactions,
                    "open http4 transactions at most; a begin beyond gets 503 (default 1000)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30));
    // Every failure to start (bad config, port in use) is exit 2.
    sub->callback([args, sub] {
        tpbench::cli::run_command(
            "tpbench serve", [&] { return run_serve(*args, *sub); }, tpbench::cli::exit_bad_args);
    });
}
