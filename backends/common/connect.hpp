#pragma once
// TCP connect shared by the backends: a literal address is connected directly, a host name is
// resolved first; the whole attempt is bounded by `timeout` (the stream's expiry, which the caller
// resets). Runs on the stream's executor; returns the Asio error (empty on success), never throws.
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/system/error_code.hpp>

#include <chrono>
#include <cstdint>
#include <string>

namespace tpbench::backends_detail {

template <class BasicStream>
boost::asio::awaitable<boost::system::error_code> async_connect_host(BasicStream& stream, const std::string& host,
                                                                     std::uint16_t port,
                                                                     std::chrono::milliseconds timeout) {
    namespace net = boost::asio;
    using tcp = net::ip::tcp;
    constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
    stream.expires_after(timeout);
    boost::system::error_code ec;
    const auto addr = net::ip::make_address(host, ec);
    if (!ec) {
        auto [cec] = co_await stream.async_connect(tcp::endpoint(addr, port), use_tuple);
        co_return cec;
    }
    tcp::resolver resolver(stream.get_executor());
    auto [rec, results] = co_await resolver.async_resolve(host, std::to_string(port), use_tuple);
    if (rec) co_return rec;
    auto [cec, ep] = co_await stream.async_connect(results, use_tuple);
    co_return cec;
}

}  // namespace tpbench::backends_detail
