// ws37 over TLS: the one instantiation of the session template (ws_session_impl.hpp) over
// beast::ssl_stream<beast::tcp_stream>, in its own translation unit so the plain session's TU
// stays as cheap to compile as before.
#include "ws_session_impl.hpp"

#include <boost/beast/websocket/ssl.hpp>

namespace tpbench::server::detail {

asio::awaitable<void> run_ws37_session(std::shared_ptr<ServerState> st, TlsStream stream,
                                       http::request<http::string_body> req, std::string host,
                                       std::chrono::milliseconds slow_read) {
    return ws37_impl::run_session(std::move(st), std::move(stream), std::move(req), std::move(host),
                                  slow_read);
}

}  // namespace tpbench::server::detail
