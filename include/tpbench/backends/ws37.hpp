#pragma once
// The ws37 backend: TinkerPop 3.7 Gremlin Server over WebSocket (Beast websocket over a TCP
// stream), many requests multiplexed per connection by requestId. Implementation:
// backends/ws37/session.cpp (Beast), backends/ws37/pending_table.* (pure state machine).
#include <tpbench/engine/backend.hpp>

#include <memory>
#include <string_view>

namespace tpbench::ws37 {

// Serializer names accepted in engine::Target::serializer ("" = the default).
inline constexpr std::string_view default_serializer = "graphbinary-v1";
// "graphbinary-v1" | "graphson-v3" | "graphson-v3-untyped"

// Creates one unconnected ws37 session on `ex` (call async_connect next). Target::options read:
// "compression" = "true" offers permessage-deflate. cfg.max_in_process_per_connection bounds the
// requests in flight (max_in_flight()). Throws std::invalid_argument on an unknown serializer
// name or a zero in-process limit (configuration errors); all run-time errors are Outcome values.
// The session must outlive every async_execute call on it; destroying it closes the socket.
std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg);

}  // namespace tpbench::ws37
