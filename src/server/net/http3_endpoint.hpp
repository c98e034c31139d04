#pragma once
// The embedded server's TinkerPop 3.x HTTP endpoint (what Gremlin Server 3.7's HttpChannelizer /
// WsAndHttpChannelizer serves next to the WebSocket): a request is read and validated
// (http3_protocol.hpp), evaluated by a job on the gremlinPool, and answered with one whole
// response — 200 with a GraphSON 3.0 / GraphBinary 1.0 ResponseMessage and Content-Length, or a
// JSON error body (400/500…). Called from the listener's HTTP loop (server.cpp) for GET ?gremlin= requests
// and for POSTs that is_http3_post() assigns to it; no Beast types cross this seam.
#include "outbox.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace tpbench::server::detail {

struct ServerState;

struct Http3Start {
    std::string immediate;   // a complete response to write now (refused before evaluation)
    bool keep_alive = true;  // whether the connection carries another request afterwards
};

// Largest response body the endpoint builds (a larger result answers 500 "Could not serialize the
// result with <mime> - …"; the Java server has no such limit, it runs out of heap instead).
inline constexpr std::size_t kHttp3MaxResponseBytes = std::size_t{1} << 30;

// Reads, validates and dispatches one request; the response goes to `ob` (one or two entries, the
// last with Entry::last) unless Http3Start::immediate is set.
Http3Start start_http3(ServerState& st, const std::shared_ptr<Outbox>& ob, bool get, std::string_view target,
                       std::string_view content_type, std::string_view accept, std::string_view body,
                       bool keep_alive);

}  // namespace tpbench::server::detail
