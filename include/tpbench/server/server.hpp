#pragma once
// tpbench serve — the embedded reference server: TinkerPop 3.7 WebSocket (ws37) and TinkerPop 4
// HTTP (http4) on one port over an in-memory graph. Usable in-process: start() runs it on its own
// threads and returns a handle; the handle's destructor (or stop()) shuts it down cleanly.
// Depends on io + model + gremlin only — never on the load engine or backends.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::server {

// TLS for the one listening port (both protocols). Disabled while no key material is set.
// Key material is either a PEM certificate chain + PEM key, or a PKCS#12 keystore (the
// `ssl.keyStore` of gremlin-server.yaml with keyStoreType PKCS12).
struct TlsConfig {
    std::string cert_file;        // PEM: leaf first, then intermediates
    std::string key_file;         // PEM private key (unencrypted)
    std::string pkcs12_file;      // alternative to cert_file/key_file
    std::string pkcs12_password;  // never printed
    // Allowed protocol versions ("TLSv1.2", "TLSv1.3"); empty = TLS 1.2 and 1.3.
    std::vector<std::string> protocols;
    bool enabled() const noexcept { return !cert_file.empty() || !key_file.empty() || !pkcs12_file.empty(); }
};

// SimpleAuthenticator-style users: name -> password. Passwords are never printed or logged.
struct Credentials {
    std::map<std::string, std::string, std::less<>> users;
    // True when `user` exists with exactly `password` (constant-time comparison of the password).
    bool check(std::string_view user, std::string_view password) const noexcept;
};

// Parses a credentials file: one `user:password` per line (the password is everything after the
// first ':' and may contain ':'); blank lines and lines starting with '#' are ignored; a trailing
// CR is dropped. Throws std::runtime_error naming the line number (never its content) for a line
// without ':', an empty user name, a duplicate user, or a file with no user.
Credentials parse_credentials(std::string_view text);
// Reads and parses a credentials file; throws std::runtime_error naming the file.
Credentials load_credentials_file(const std::string& path);

// Knobs with Gremlin Server's defaults (profiling-application.md §8).
struct ServerConfig {
    std::string host = "127.0.0.1";                       // binding elsewhere is an explicit choice
    std::uint16_t port = 8182;                            // 0 = ephemeral (see ServerHandle::port())
    unsigned thread_pool_worker = 1;                      // I/O threads
    unsigned gremlin_pool = 0;                            // evaluation workers, 0 = hardware cores
    std::size_t max_work_queue_size = 8192;               // full -> 429
    std::chrono::milliseconds evaluation_timeout{30000};  // 0 = none
    std::int32_t result_iteration_batch_size = 64;        // per-request batchSize wins
    std::size_t write_buffer_high_water_mark = 65536;     // bytes queued per connection
    std::size_t write_buffer_low_water_mark = 32768;
    std::size_t max_content_length = 10 * 1024 * 1024;     // request / frame limit
    std::chrono::milliseconds idle_connection_timeout{0};  // 0 = disabled
    // `--request-read-timeout`: once a request's body (http4/http3) or a fragmented WebSocket
    // message (ws37) has started, all of it must arrive within this long, else the connection is
    // closed and counted — a body trickling forever holds no memory past it. 0 = none.
    std::chrono::milliseconds request_read_timeout{30000};
    // `--shutdown-grace`: how long a graceful shutdown (ServerHandle::shutdown) lets the requests
    // in progress finish before it ends their responses with an error.
    std::chrono::milliseconds shutdown_grace{5000};
    bool int_vertex_ids = false;             // true: createModern() Int ids instead of stock Long ids
    bool load_modern = true;                 // start with the modern graph loaded
    std::optional<std::string> graph_file;   // GraphSON 3.0 adjacency file to load instead
    std::uint8_t http4_version_byte = 0x84;  // GraphBinary 4 response version byte (0x81 for master-http)
    // http4 script language when a request names none: "" = by generation (gremlin-lang for
    // version byte >= 0x84 as in 4.0.0-beta.1+, gremlin-groovy for 0x81 / master-http).
    std::string http4_default_language;
    std::size_t max_parameters = 16;  // script bindings per request (maxParameters)
    TlsConfig tls;                    // TLS on the port when tls.enabled()
    // Authentication when set: ws37 SASL PLAIN (407 challenge), http4 HTTP Basic (401 JSON).
    std::optional<Credentials> credentials;
    // From gremlin-server.yaml `authentication.config.credentialsFile` (tpbench's key): loaded by
    // the CLI into `credentials` unless --credentials is given.
    std::string credentials_file;
    // Set by apply_yaml_config when the yaml enables authentication (SimpleAuthenticator) but names
    // no credentials tpbench can read: start() refuses unless `credentials` is set by then.
    bool authentication_required = false;
    // Set by apply_yaml_config for `ssl: {enabled: true}`: start() refuses unless `tls` has key
    // material by then (never plaintext when the file asks for TLS).
    bool tls_required = false;
    // `tpbench serve --fault SPEC` (docs/usage.md "Rehearsing failures"): injected failures, none
    // by default. Bad specs make validate_config()/start() throw. `fault_seed` makes the per-request
    // draws of a RATE repeatable.
    std::vector<std::string> faults;
    std::uint64_t fault_seed = 1;
    // Sessions and transactions (docs/usage.md "Sessions and transactions"). ws37 `session`
    // processor: a session unused this long is closed and its open transaction rolled back
    // (SessionOpProcessor sessionTimeout, default 8 h). 4.0 HTTP transactions: idle timeout (60 s),
    // lifetime cap (600 s; a later request gets 504) and the most open at once (1000; 503 on begin).
    std::chrono::milliseconds session_timeout{28800000};
    std::chrono::milliseconds transaction_idle_timeout{60000};
    std::chrono::milliseconds transaction_max_lifetime{600000};
    std::size_t max_concurrent_transactions = 1000;
    // `--memory-budget`: bytes the requests in progress (queued or evaluating) and the responses
    // buffered for their readers may claim together. Each request is charged an estimate from its
    // size when admitted (64 KiB + 3 x the request), each queued response byte while it waits; a
    // request over the budget is refused at once (ws37 596, http4 503) and counted, and while the
    // budget is exhausted a response whose connection still has bytes queued waits for them to
    // drain (the total passes the budget by at most one batch per response in progress).
    // 0 = unlimited.
    std::size_t memory_budget = std::size_t{1} << 30;
    // `--tcp-congestion`: the listening socket's TCP congestion control, inherited by every
    // accepted connection. "auto": on a loopback listener whose system default paces each send
    // (bbr), CUBIC (else Reno) — pacing on loopback buys nothing and costs a kernel timer per paced
    // send (docs/performance.md, session 8); elsewhere the system default. "system": never touch
    // it. A name: that algorithm, or start() fails naming the OS reason.
    std::string tcp_congestion = "auto";
};

// Counters of a running server (ServerHandle::stats()).
struct ServerStats {
    std::size_t memory_budget = 0;            // the configured budget (0 = unlimited)
    std::size_t memory_budget_in_use = 0;     // claimed now: requests in progress + buffered bytes
    std::size_t memory_budget_buffered = 0;   // of which response bytes queued for their readers
    std::size_t memory_budget_peak = 0;       // the most ever claimed at once
    std::uint64_t memory_budget_refused = 0;  // requests refused over the budget
    // of which requests refused while their body / fragmented message was being read (the bytes
    // buffered so far are charged as they arrive: http4 503 + close, ws37 close 1013)
    std::uint64_t memory_budget_refused_reads = 0;
    std::uint64_t request_read_timeouts = 0;  // connections closed by request_read_timeout
    std::uint64_t ws37_writes = 0;            // ws37 response writes started (one socket write each)
    std::uint64_t ws37_frames = 0;            // ws37 response frames those writes carry
};

// Applies gremlin-server.yaml keys that matter here (host, port, threadPoolWorker, gremlinPool,
// maxWorkQueueSize, evaluationTimeout/timeoutMillis, resultIterationBatchSize,
// writeBufferHighWaterMark, writeBufferLowWaterMark, maxContentLength/maxRequestContentLength,
// idleConnectionTimeout) and the `ssl:` and `authentication:` sections (block or flow style; see
// docs/usage.md). Throws std::runtime_error naming the key on a bad value, and on any `ssl` /
// `authentication` field this server cannot honour — it never silently serves plaintext or
// unauthenticated what the file asks to secure.
// When `warnings` is given it receives one line per thing the file asks for that this server does
// not do: an unknown top-level key (a typo such as `evaluationTimout`, with "did you mean" the
// nearest known key) and each `graphs:` entry (this server serves one graph, not the file's).
void apply_yaml_config(ServerConfig& cfg, const std::string& yaml_text,
                       std::vector<std::string>* warnings = nullptr);

// Checks the knobs for consistency (batch size >= 1, low <= high water mark, TLS cert without key,
// authentication required without credentials, …). Throws std::runtime_error naming the knob.
// start() calls it too.
void validate_config(const ServerConfig& cfg);

class ServerHandle {
public:
    virtual ~ServerHandle() = default;
    virtual std::uint16_t port() const noexcept = 0;  // the bound port (ephemeral resolved)
    virtual const std::string& host() const noexcept = 0;
    // Stops accepting, closes connections, joins threads. Idempotent.
    virtual void stop() = 0;
    // Graceful shutdown (SIGTERM/SIGINT of `tpbench serve`): stops accepting and refuses new
    // requests (ws37 596, http4 503), lets the requests in progress finish within
    // ServerConfig::shutdown_grace, then ends the streams still running with an error (http4: 503
    // in the footer and trailers of a terminating chunk; ws37: a final 596), closes WebSockets with
    // 1001 (going away) and stops. Blocks for at most the grace period plus a few seconds.
    virtual void shutdown() { stop(); }
    // Blocks until stop() is called from another thread or a signal handler asked to stop.
    virtual void wait() = 0;
    // Counters (thread-safe; valid until the handle is destroyed).
    virtual ServerStats stats() const noexcept { return {}; }
    // The listener's TCP congestion control in effect ("" where the system cannot tell).
    virtual std::string tcp_congestion() const { return {}; }
};

// The system's default TCP congestion control (Linux: /proc/sys/net/ipv4/tcp_congestion_control),
// "" when unknown.
std::string system_tcp_congestion();

// Binds and starts serving on background threads (thread_pool_worker I/O threads, each with its
// own io_context, plus gremlin_pool evaluation threads). Loads the graph (modern or graph_file).
// Throws std::runtime_error (with the address) when the port cannot be bound, and on a bad config,
// unreadable/malformed graph file, or unusable TLS key material (message names the file, never a
// password).
std::unique_ptr<ServerHandle> start(const ServerConfig& cfg);

}  // namespace tpbench::server
