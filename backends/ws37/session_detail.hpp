#pragma once
// Internal seam of the ws37 session for tests: build a session over any stream the transport
// layer offers (backends_detail::AnyStream, including the in-memory test stream). Heavy: includes
// the transport's stream header (Asio SSL, Beast); include it only from session.cpp and tests.
#include <tpbench/engine/backend.hpp>

#include "backends/common/stream.hpp"

#include <functional>
#include <memory>

namespace tpbench::ws37::detail {

// Makes the stream of each new connection (the session calls it on every (re)connect, then opens
// the stream with backends_detail::async_open and upgrades it). Empty = plain TCP or TLS from
// Target::tls.
using StreamSource = std::function<backends_detail::AnyStream(boost::asio::any_io_executor)>;

// make_session with an explicit stream source (tests: scripted MemoryStreams).
std::unique_ptr<engine::Session> make_session_over(boost::asio::any_io_executor ex,
                                                   const engine::SessionConfig& cfg, StreamSource source);

}  // namespace tpbench::ws37::detail
