#pragma once
// ws37 SASL PLAIN authentication as Gremlin Server 3.7's SaslAuthenticationHandler does it, as a
// pure per-connection state machine (no Asio; unit-tested in tests/unit/server/auth_gate_test.cpp):
//
//   first request (any op)      -> stored, answered 407 (same requestId, empty message/attributes)
//   other requests meanwhile    -> deferred (answered 401 once a new one arrives after 5 s, or
//                                  beyond 1024 requests / 16 MiB of frames)
//   `authentication` op, `sasl` = base64("authzid\0user\0password")
//       good credentials        -> the stored request, then the deferred ones, run normally
//       bad credentials         -> 401 "Username and/or password are incorrect" to the stored and
//                                  deferred requests (3.7 never answers the auth message itself;
//                                  here it is answered too when its requestId differs from the
//                                  stored one, so no request is left waiting)
//       no `sasl` argument      -> 401 "Failed to authenticate"
//       `sasl` not a String     -> 499 "Incorrect type for : sasl - base64 encoded String is expected"
//       undecodable SASL PLAIN  -> 401 "Authentication ID must not be null"
//   after success               -> everything passes through (authentication is per connection)
//
// One deliberate difference: after a failure 3.7 keeps its negotiator (so a later request is
// deferred silently and a later good `authentication` replays the already-answered request); here
// the gate starts over, so the client's next request gets a fresh 407.
#include <tpbench/io/ws37.hpp>
#include <tpbench/server/server.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tpbench::server::detail {

// A decoded request with the framing its responses must use.
struct GatedRequest {
    io::ws37::RequestMessage message;
    io::ws37::Format format = io::ws37::Format::graphbinary_v1;
    bool text = false;
    std::size_t frame_bytes = 0;  // size of the frame it came in (bounds what the gate stores)
};

// A status-only response the session must queue.
struct GateReply {
    model::Uuid request_id{};
    io::ws37::Format format = io::ws37::Format::graphbinary_v1;
    bool text = false;
    std::int32_t code = 0;
    std::string message;
};

struct GateOutput {
    std::vector<GateReply> replies;  // send these first, in order
    std::vector<GatedRequest> run;   // then process these requests normally, in order
};

class Ws37AuthGate {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::chrono::seconds max_deferral{5};  // MAX_REQUEST_DEFERRABLE_DURATION
    // Bounds on what an unauthenticated client can make the server hold (3.7 has none): beyond
    // either, the negotiation ends with 401 for everything stored.
    static constexpr std::size_t max_deferred = 1024;
    static constexpr std::size_t max_deferred_bytes = 16u << 20;

    // `creds` must outlive the gate (it lives in the server state).
    explicit Ws37AuthGate(const Credentials& creds) noexcept : creds_(&creds) {}

    // True once the connection authenticated: requests then bypass the gate.
    bool authenticated() const noexcept { return state_ == State::authenticated; }

    // Feeds one decoded request; returns what to answer and what to run. Never throws except
    // std::bad_alloc. Runs on the connection's I/O thread.
    GateOutput on_request(GatedRequest r, Clock::time_point now);

    // The authenticated user name ("" before success). Not a secret; the password is never kept.
    const std::string& user() const noexcept { return user_; }

private:
    enum class State : std::uint8_t { fresh, negotiating, authenticated };
    void fail_all(GateOutput& out, const GatedRequest& current, std::int32_t code,
                  const std::string& message);

    const Credentials* creds_;
    State state_ = State::fresh;
    std::optional<GatedRequest> stored_;
    std::vector<GatedRequest> deferred_;
    std::optional<Clock::time_point> deferred_since_;
    std::size_t deferred_bytes_ = 0;
    std::string user_;
};

// http4 HTTP Basic as Gremlin Server 4.0's HttpBasicAuthenticationHandler: nullopt when the
// Authorization header value carries a known user's password, else the 401 JSON message —
// "Missing or incorrect credentials" (no header, not Basic, undecodable) or "Username and/or
// password are incorrect". The password may contain ':' (RFC 7617; the Java server rejects it).
std::optional<std::string> http4_basic_auth_failure(const Credentials& creds,
                                                    std::optional<std::string_view> authorization);

}  // namespace tpbench::server::detail
