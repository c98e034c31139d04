#pragma once
// The backend seam (modelled on h2load's Session): a backend speaks one protocol over one
// connection; the engine measures. A session never touches stats or globals and holds no pointer
// back to its runner — it returns an Outcome per request.
//
// Threading: a Session lives on one worker thread's io_context and is only used from coroutines
// running on that io_context. Factories are called on the worker thread that will own the session.
#include <tpbench/engine/request.hpp>
#include <tpbench/model/error.hpp>
#include <tpbench/model/value.hpp>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace tpbench::engine {

// TLS for a target (wss:// / https://). Verification is on by default: the peer's chain must lead
// to a trusted CA (the system store, or ca_file) and its certificate must match the host name
// (or server_name). insecure = true skips both (the CLI prints a loud warning).
struct TlsOptions {
    bool enabled = false;
    std::string ca_file;      // PEM bundle; "" = the system default trust store
    bool insecure = false;    // skip chain and host-name verification
    std::string cert_file;    // client certificate (PEM), "" = none
    std::string key_file;     // its private key (PEM)
    std::string server_name;  // SNI and verification name; "" = Target::host
};

// Credentials for a target. Secrets are held here only; nothing that prints, logs or serialises a
// Target may show `password`, `secret_access_key` or `session_token` (use redacted()).
struct AuthOptions {
    enum class Mechanism { none, sasl_plain, basic, sigv4 };
    Mechanism mechanism = Mechanism::none;
    std::string username;  // sasl_plain / basic
    std::string password;  // sasl_plain / basic (secret)
    std::string authzid;   // sasl_plain: optional authorization identity
    // AWS Signature V4 (Amazon Neptune shape): signs the WebSocket upgrade / each HTTP request.
    std::string region;  // e.g. us-east-1
    std::string service = "neptune-db";
    std::string access_key_id;
    std::string secret_access_key;  // secret
    std::string session_token;      // secret, optional (temporary credentials)
};

// Time spent opening one connection, by stage (zero where a stage does not apply). Reported
// separately from request latency.
struct ConnectTimings {
    std::chrono::nanoseconds tcp{0};       // resolve + TCP connect
    std::chrono::nanoseconds tls{0};       // TLS handshake
    std::chrono::nanoseconds protocol{0};  // WebSocket upgrade / SASL exchange
    bool tls_resumed = false;              // the TLS session was resumed
};

// Where to connect and how to speak. Backend-specific options are plain key/value strings
// (e.g. "dialect" = "master-http", "compression" = "true", "bulkResults" = "true") so the CLI and
// scenario files can pass them through without the engine knowing them.
struct Target {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8182;
    std::string path = "/gremlin";
    std::string serializer;                      // backend-specific name; "" = backend default
    std::map<std::string, std::string> options;  // backend-specific knobs
    TlsOptions tls;                              // TLS when tls.enabled
    AuthOptions auth;                            // credentials, if any
};

// Where a request started with Session::start_execute ends: engine-owned (one per lane, reused
// for every request), so a request costs no coroutine frame and no allocation. The session calls
// complete() exactly once per accepted start_execute — final response, error, deadline,
// connection loss or close — always from a handler of its own on its executor, never from inside
// start_execute (the engine resumes the waiting lane inside complete()).
class ExecuteSlot {
public:
    virtual void complete(Outcome&& out) noexcept = 0;

protected:
    ExecuteSlot() = default;
    ExecuteSlot(const ExecuteSlot&) = default;
    ExecuteSlot& operator=(const ExecuteSlot&) = default;
    ~ExecuteSlot() = default;
};

// Named event counts of sessions (Session::add_counters), summed per run.
using Counters = std::map<std::string, std::uint64_t>;

// One connection speaking one protocol.
class Session {
public:
    virtual ~Session() = default;
    // Opens the connection (TCP + WebSocket handshake / HTTP keep-alive). Errors are returned,
    // not thrown: errc::connect_failed wraps the cause.
    virtual boost::asio::awaitable<std::error_code> async_connect() = 0;
    // Executes one request and consumes all its results. May be called concurrently (from several
    // coroutines on the session's executor) up to max_in_flight() times.
    virtual boost::asio::awaitable<Outcome> async_execute(const Request& req) = 0;
    // The same request without a coroutine: starts `req` and returns true when the session will
    // end it through slot.complete() (see ExecuteSlot; the slot must stay valid until then, `req`
    // is read only during the call, and Request::deadline is honoured as by async_execute).
    // false = nothing was started: the session has no such path, or cannot take the request now
    // (not connected, no room); the caller uses async_execute, which says why. Default: false.
    virtual bool start_execute(const Request& req, ExecuteSlot& slot) {
        (void)req;
        (void)slot;
        return false;
    }
    // Closes gracefully (WebSocket close / TCP shutdown). Never throws.
    virtual boost::asio::awaitable<void> async_close() = 0;
    // How many requests this session can carry at once (ws37: maxInProcessPerConnection; http4: 1).
    virtual std::size_t max_in_flight() const noexcept = 0;
    virtual bool is_open() const noexcept = 0;
    virtual std::string_view name() const noexcept = 0;
    // Stage timings of the last successful async_connect (zeros before one).
    virtual ConnectTimings connect_timings() const noexcept { return {}; }
    // Why the last async_connect failed, for the user: the OS reason (refused, DNS, timeout), the
    // TLS verification error, the HTTP status of a refused WebSocket upgrade, the server's
    // authentication message. Never contains a secret. "" after a success, or when the backend
    // has nothing to add to the error code.
    virtual std::string connect_error_message() const { return {}; }
    // Adds the session's own event counts, by name, to `out` (summed over every session of a run
    // into the report's side `diagnostics`; e.g. "memo.response_hits", docs/backends.md
    // "Shortcuts"). Counts of every connection the session opened. Default: none.
    virtual void add_counters(Counters& out) const { (void)out; }
    // The protocol dialect this session speaks, in the names of its backend's `dialect` option
    // (e.g. "master-http", "4.0-beta.1", "4.0"), once known (detected on connect or configured);
    // "" when the backend has a single dialect or has not settled on one yet. Reports name it so
    // a result says what was actually sent.
    virtual std::string_view dialect() const noexcept { return {}; }
};

// Per-backend configuration derived from the CLI (pool knobs that affect the protocol layer).
struct SessionConfig {
    Target target;
    std::size_t max_in_process_per_connection = 64;  // ws37 multiplexing limit
    std::chrono::milliseconds connect_timeout{3000};
};

using SessionFactory =
    std::function<std::unique_ptr<Session>(boost::asio::any_io_executor ex, const SessionConfig& cfg)>;

// The backend table (names, factories and every per-backend fact the CLI needs) is not part of the
// engine: it is include/tpbench/backends/registry.hpp (target tpbench::backends). The engine only
// ever sees a SessionFactory (engine::Endpoint).

}  // namespace tpbench::engine
