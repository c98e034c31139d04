#pragma once
// The ws37 backend: TinkerPop 3.7 Gremlin Server over WebSocket (ws:// or wss://), many requests
// multiplexed per connection by requestId, SASL PLAIN or SigV4 authentication. Implementation:
// backends/ws37/client_protocol.* (pure protocol core), backends/ws37/pending_table.* (pure state
// machine), backends/ws37/ws_codec.* and deflate.* (the WebSocket framing and permessage-deflate, pure),
// backends/ws37/session.cpp (the handshake and two I/O loops over backends/common's AnyStream).
#include <tpbench/engine/backend.hpp>

#include <memory>
#include <string_view>

namespace tpbench::ws37 {

// Serializer names accepted in engine::Target::serializer ("" = the default).
inline constexpr std::string_view default_serializer = "graphbinary-v1";
// "graphbinary-v1" | "graphson-v3" | "graphson-v3-untyped"

// Creates one unconnected ws37 session on `ex` (call async_connect next). Target::options read:
//   "compression" = "true" | "false"  offers permessage-deflate
//   "sasl"        = "eager" (default) | "lazy"  SASL PLAIN during async_connect, or on the server's
//                   407 challenge to the first request (only with Target::auth = sasl_plain)
// Target::tls enables TLS (verification on unless tls.insecure); Target::auth selects SASL PLAIN
// or SigV4 (HTTP Basic is refused). cfg.max_in_process_per_connection bounds the requests in
// flight (max_in_flight()). Throws std::invalid_argument on an unknown serializer name, a bad
// option value, a zero in-process limit or unreadable TLS files (configuration errors); all
// run-time errors are values: async_connect returns connect_failed / tls_failed / auth_failed
// with connect_error_message() saying why, async_execute returns Outcomes.
// The session must outlive every async_execute call on it; destroying it closes the socket.
std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg);

// Throws what make_session would throw for `cfg` (the same checks), without building a session.
void check_config(const engine::SessionConfig& cfg);

}  // namespace tpbench::ws37
