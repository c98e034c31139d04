#pragma once
// The http4 backend: TinkerPop 4 Gremlin Server over HTTP/1.1 keep-alive (plain TCP or TLS, through
// the shared transport of backends/common), one request in flight per connection, response bodies
// decoded chunk by chunk as they arrive. Implementation: backends/http4/protocol.* (the pure
// protocol core), backends/http4/session.cpp (the thin I/O layer), inflater.* and status.* (pure).
#include <tpbench/engine/backend.hpp>

#include <memory>
#include <string_view>

namespace tpbench::http4 {

// Response serializer names accepted in engine::Target::serializer ("" = the default):
// "graphbinary-v4" | "graphson-v4" | "graphson-v4-untyped".
inline constexpr std::string_view default_serializer = "graphbinary-v4";

// Creates one unconnected http4 session on `ex` (call async_connect next). Target::options read:
//   "body"        = "graphbinary" (default) | "json" | "graphson"  request body format
//   "dialect"     = "auto" (default) | "master-http" | "4.0-beta.1" (beta.1/beta.2) | "4.0" (beta.3+)
//                   field names, version byte, default language; auto probes the server once per
//                   process (one read-only request on the first connection; see session.cpp)
//   "language"    = script language sent when a request names none ("" = the dialect's default:
//                   gremlin-groovy for master-http, none (server default gremlin-lang) otherwise)
//   "compression" = "true"  sends Accept-Encoding: deflate and inflates the body
//   "bulkResults" = "true"  asks for bulked results (counted with bulks expanded)
// Target::tls.enabled = https (see backends/common/transport.hpp); Target::auth basic = HTTP Basic on
// every request, sigv4 = every request signed (AWS Signature V4 over headers and body); sasl_plain
// is refused (a WebSocket mechanism).
// Throws std::invalid_argument on an unknown serializer or option value, SASL, incomplete SigV4
// credentials or an unreadable TLS CA/certificate/key file (configuration errors);
// all run-time errors are Outcome values. A keep-alive connection closed by the server between
// requests is re-opened transparently (Outcome::reconnects). The session must outlive every
// async_execute call on it.
std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg);

// Throws what make_session would throw for `cfg` (the same checks), without building a session.
void check_config(const engine::SessionConfig& cfg);

// Forgets every dialect detected so far (the process-wide cache of dialect=auto); for tests.
// Thread-safe.
void forget_detected_dialects();

}  // namespace tpbench::http4
