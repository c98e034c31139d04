#pragma once
// The embedded server's HTTP/1.1 side and its TinkerPop 4.0 HTTP endpoint (what Gremlin Server
// 4.0's HttpGremlinEndpointHandler serves): reading one request under the server's limits (body
// size, memory budget, header size; every request arrives through it, the WebSocket upgrade and
// the 3.x HTTP requests too), the gate every plain HTTP request passes (Basic auth, HTTP/1.1 only,
// favicon, CORS preflight), and http4 `POST /gremlin`: validation, transactions, `--fault`, the
// job on the gremlinPool and its chunked response. The listener's per-connection loop
// (server.cpp) only routes between these, the ws37 session (ws_session.cpp) and the 3.x HTTP
// endpoint (http3_endpoint.cpp). Templates over the stream (beast::tcp_stream or TlsStream),
// instantiated for both in http4_endpoint.cpp; on the connection's I/O thread.
#include "net_internal.hpp"

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>

#include <memory>

namespace tpbench::server::detail {

// The per-connection state of the HTTP loop.
struct HttpConnection {
    beast::flat_buffer buf;  // bytes read past the current request (pipelining)
    std::shared_ptr<WakeTimer> wake;
    std::shared_ptr<Outbox> ob;  // created by the first request with a job (outbox())
    ConnectionFault cf;          // the connection's `--fault` draw (refuse-handshake, slow-read)

    // The connection's Outbox, created (and registered with the state) on first use.
    Outbox& outbox(ServerState& st, const asio::any_io_executor& ex) {
        if (!ob) ob = make_connection_outbox(st, ex, wake);
        return *ob;
    }
    // Closes and unregisters the Outbox (at the end of the connection or before an upgrade).
    void release_outbox(ServerState& st) {
        if (!ob) return;
        ob->close();
        st.unregister_outbox(ob.get());
        ob.reset();
    }
};

// What the connection does after a request was answered.
enum class HttpNext { next_request, close };

// Reads one request into `parser` under the limits: a body over maxRequestContentLength gets 413,
// a declared body over the memory budget 503, a header over the limit 431, a malformed request
// 400 — each written here, then the connection is closed (lingering). False when the connection is
// over (those, end of stream, reset, idle timeout); true with a whole request in `parser`.
template <class Stream>
asio::awaitable<bool> async_read_http_request(ServerState& st, Stream& stream, HttpConnection& conn,
                                              http::request_parser<http::string_body>& parser);

// The checks every plain HTTP request passes before an endpoint sees it: HTTP Basic when the
// server has credentials (401), HTTP/1.1 only (505), /favicon.ico (404), OPTIONS (the CORS
// preflight, 200). Set when the request was answered here (and what comes next); empty when an
// endpoint should serve it.
template <class Stream>
asio::awaitable<std::optional<HttpNext>> async_http_gate(ServerState& st, Stream& stream,
                                                         http::request<http::string_body>& req);

// Serves one http4 request (a POST; anything else gets 405): validation, then the job's chunked
// response, written as it is produced.
template <class Stream>
asio::awaitable<HttpNext> async_serve_http4(ServerState& st, Stream& stream, HttpConnection& conn,
                                            http::request<http::string_body>& req);

}  // namespace tpbench::server::detail
