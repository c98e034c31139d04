#pragma once
// TCP connect shared by the backends (used by transport.cpp's async_open): a literal address is
// connected directly, a host name is resolved first; the whole attempt — resolve included — is
// bounded by `timeout` (the stream's expiry, which the caller resets; the resolver is cancelled
// by a timer). A resolve that runs out of time returns beast::error::timeout like the connect.
// Runs on the stream's executor; returns the Asio error (empty on success), never throws.
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/system/error_code.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace tpbench::backends_detail {

template <class BasicStream>
boost::asio::awaitable<boost::system::error_code> async_connect_host(BasicStream& stream,
                                                                     const std::string& host,
                                                                     std::uint16_t port,
                                                                     std::chrono::milliseconds timeout) {
    namespace net = boost::asio;
    using tcp = net::ip::tcp;
    constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    stream.expires_at(deadline);
    boost::system::error_code ec;
    const auto addr = net::ip::make_address(host, ec);
    if (!ec) {
        auto [cec] = co_await stream.async_connect(tcp::endpoint(addr, port), use_tuple);
        co_return cec;
    }
    // The resolver has no expiry of its own: a timer cancels it. Shared state, because the timer's
    // handler may still be queued when this frame is gone.
    struct Guard {
        explicit Guard(const net::any_io_executor& ex) : resolver(ex), timer(ex) {}
        tcp::resolver resolver;
        net::steady_timer timer;
        bool expired = false;
    };
    auto g = std::make_shared<Guard>(stream.get_executor());
    g->timer.expires_at(deadline);
    g->timer.async_wait([g](const boost::system::error_code& tec) {
        if (tec) return;
        g->expired = true;
        g->resolver.cancel();
    });
    auto [rec, results] = co_await g->resolver.async_resolve(host, std::to_string(port), use_tuple);
    g->timer.cancel();
    if (g->expired) co_return boost::system::error_code(boost::beast::error::timeout);
    if (rec) co_return rec;
    auto [cec, ep] = co_await stream.async_connect(results, use_tuple);
    co_return cec;
}

}  // namespace tpbench::backends_detail
