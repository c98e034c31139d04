#pragma once
// FaultPlan: the `tpbench serve --fault SPEC` failures, parsed once and decided per request (or,
// for the connection-level kinds, per accepted connection). Pure (no Asio, no sockets),
// thread-safe and deterministic for a given seed: request number i (in the order the server sees
// requests, over all connections) draws the same faults on every run; connection number j (in
// accept order) likewise. Unit-tested in tests/unit/server/fault_plan_test.cpp; grammar and
// semantics in docs/usage.md ("Rehearsing failures").
//
//   SPEC  := KIND[=ARG][:RATE][@count=K]
//   KIND  := status=429|500|503 | drop-after-results=N | drop-after-bytes=N
//          | stall-after-head[=SECONDS] | stall-mid-stream[=SECONDS]
//          | corrupt=length|type|utf8 | request-id=unknown|duplicate          (per request)
//          | slow-read[=MS] | refuse-handshake[=close|STATUS]                  (per connection)
//   RATE  := fraction of requests (connections) in [0,1] (default 1: every one)
//   K     := at most K requests (connections) get this fault (default unbounded)
//
// Several specs: the first one (in the order given) that fires for a request wins (and likewise
// for a connection). request-id=… applies to ws37 only: http4 requests never draw it.
#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>
#include <tpbench/model/value.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::server::detail {

enum class CorruptKind : std::uint8_t { none, length, type, utf8 };
enum class StallKind : std::uint8_t { none, after_head, mid_stream };
enum class RequestIdFault : std::uint8_t { none, unknown, duplicate };

struct FaultSpec {
    enum class Kind : std::uint8_t {
        status,
        drop_after_results,
        drop_after_bytes,
        stall_after_head,
        stall_mid_stream,
        corrupt,
        request_id,
        slow_read,
        refuse_handshake,
    };
    Kind kind = Kind::status;
    // status code | N results | N bytes | stall bound in seconds | CorruptKind | RequestIdFault |
    // slow-read pause in ms | refuse status (0 = close the TCP connection)
    std::int64_t arg = 0;
    double rate = 1.0;                   // fraction of requests (connections)
    std::optional<std::uint64_t> count;  // at most this many requests (connections)
    std::string text;                    // the spec as given (messages)

    // Decided once per accepted connection instead of per request.
    bool per_connection() const noexcept { return kind == Kind::slow_read || kind == Kind::refuse_handshake; }
};

// What happens to one request. Default: nothing.
struct FaultDecision {
    int status = 0;                           // answer this status instead of evaluating (0 = no)
    std::int64_t drop_after_results = -1;     // close the connection once N results were sent (-1 = no)
    std::int64_t drop_after_bytes = -1;       // close the connection after N response bytes (-1 = no)
    StallKind stall = StallKind::none;        // stop sending this response (and the connection)
    std::chrono::seconds stall_bound{0};      // ... until the client goes away or this passes
    CorruptKind corrupt = CorruptKind::none;  // answer with a corrupted response
    RequestIdFault request_id = RequestIdFault::none;  // ws37: answer under another requestId
    bool any() const noexcept {
        return status != 0 || drop_after_results >= 0 || drop_after_bytes >= 0 || stall != StallKind::none ||
               corrupt != CorruptKind::none || request_id != RequestIdFault::none;
    }
    // Faults the connection's writer carries out (on the response's bytes).
    bool in_writer() const noexcept {
        return drop_after_bytes >= 0 || stall != StallKind::none || corrupt == CorruptKind::length;
    }
};

// What happens to one accepted connection. Default: nothing.
struct ConnectionFault {
    bool refuse = false;    // refuse the handshake (ws37 upgrade / first http4 request)
    int refuse_status = 0;  // ... with this HTTP status; 0 = close the TCP connection at once
    std::chrono::milliseconds slow_read{0};  // > 0: read requests slowly (pause before each read)
};

// Parses one SPEC; throws std::invalid_argument naming the spec and what is wrong.
FaultSpec parse_fault_spec(std::string_view spec);

class FaultPlan {
public:
    // http3 (the 3.x HTTP endpoint) draws only status and drop-after-results, the kinds it carries out.
    enum class Protocol : std::uint8_t { ws37, http4, http3 };

    // Throws std::invalid_argument for a bad spec (see parse_fault_spec).
    FaultPlan(const std::vector<std::string>& specs, std::uint64_t seed);
    FaultPlan(const FaultPlan&) = delete;
    FaultPlan& operator=(const FaultPlan&) = delete;

    // Draws the next request's faults (thread-safe). Connection-level specs never fire here;
    // ws37-only ones (request-id) never fire for http4.
    FaultDecision next(Protocol p = Protocol::ws37);
    // Draws the next accepted connection's faults (thread-safe); only connection-level specs.
    ConnectionFault next_connection();
    // True when some spec is connection-level (the accept path checks this first).
    bool has_connection_faults() const noexcept { return has_connection_faults_; }
    // The decision for number `index` of the spec `spec_index`'s draw, ignoring counts (pure;
    // what next() and next_connection() use).
    bool draws(std::size_t spec_index, std::uint64_t index) const noexcept;

    const std::vector<FaultSpec>& specs() const noexcept { return specs_; }
    // Requests (connections) that got spec i so far.
    std::uint64_t fired(std::size_t i) const noexcept { return fired_[i].load(std::memory_order_relaxed); }

private:
    bool claim(std::size_t i);
    std::vector<FaultSpec> specs_;
    std::uint64_t seed_;
    bool has_connection_faults_ = false;
    std::atomic<std::uint64_t> requests_{0};
    std::atomic<std::uint64_t> connections_{0};
    std::unique_ptr<std::atomic<std::uint64_t>[]> fired_;
};

// The messages of an injected status, per protocol.
std::string fault_status_message(int status);

// ---- corrupted responses (corrupt=length|type|utf8) -------------------------------------------
// ws37: one complete ResponseMessage frame payload for `id` in format `f`, status 200 with one
// result, corrupted: type = the result's type code (GraphBinary) / "@type" (GraphSON) is not a
// type; utf8 = the result string is not valid UTF-8; length = a well-formed payload (the writer
// sends it in a WebSocket frame with a non-canonical length, see ws_corrupt_frame_header).
std::string ws37_corrupt_response(io::ws37::Format f, const model::Uuid& id, CorruptKind kind);
// The header of a WebSocket frame (FIN, `binary` or text) carrying `payload_size` bytes, with a
// 64-bit length even when the size fits in 7 or 16 bits: RFC 6455 5.2 requires the minimal
// encoding, so a conforming client fails the connection.
std::string ws_corrupt_frame_header(std::size_t payload_size, bool binary);
// The header of a WebSocket frame with the canonical length (raw writes of a partial frame).
std::string ws_frame_header(std::size_t payload_size, bool binary);
// http4: a complete chunked response (head included) with one result, corrupted: length = the
// chunk's size line is smaller than the data that follows; type/utf8 as for ws37.
std::string http4_corrupt_response(io::http4::ResponseFormat f, std::string_view content_type,
                                   std::uint8_t version, CorruptKind kind, bool keep_alive);

}  // namespace tpbench::server::detail
