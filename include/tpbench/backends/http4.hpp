#pragma once
// The http4 backend: TinkerPop 4 Gremlin Server over HTTP/1.1 keep-alive (Beast HTTP over a TCP
// stream), one request in flight per connection, response bodies decoded chunk by chunk as they
// arrive. Implementation: backends/http4/session.cpp (Beast), backends/http4/inflater.* and
// backends/http4/status.* (pure).
#include <tpbench/engine/backend.hpp>

#include <memory>
#include <string_view>

namespace tpbench::http4 {

// Response serializer names accepted in engine::Target::serializer ("" = the default):
// "graphbinary-v4" | "graphson-v4" | "graphson-v4-untyped".
inline constexpr std::string_view default_serializer = "graphbinary-v4";

// Creates one unconnected http4 session on `ex` (call async_connect next). Target::options read:
//   "body"        = "graphbinary" (default) | "json" | "graphson"  request body format
//   "dialect"     = "master-http" (default) | "4.0"   field names, version byte, default language
//   "compression" = "true"  sends Accept-Encoding: deflate and inflates the body
//   "bulkResults" = "true"  asks for bulked results (counted with bulks expanded)
// Throws std::invalid_argument on an unknown serializer or option value (configuration errors);
// all run-time errors are Outcome values. A keep-alive connection closed by the server between
// requests is re-opened transparently (Outcome::reconnects). The session must outlive every
// async_execute call on it.
std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg);

}  // namespace tpbench::http4
