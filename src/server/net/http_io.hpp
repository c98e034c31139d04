#pragma once
// Stream helpers of the embedded server's HTTP/1.1 side, shared by the listener (server.cpp) and
// the http4 endpoint (http4_endpoint.cpp): templates over the stream (beast::tcp_stream or
// TlsStream), one instantiation each. Heavy includes: only those translation units include it.
#include "fault_io.hpp"
#include "net_internal.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>

#include <chrono>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tpbench::server::detail::http_io {

using tcp = asio::ip::tcp;
inline constexpr auto tuple_awaitable = asio::as_tuple(asio::use_awaitable);

inline std::string_view sv(beast::string_view s) { return {s.data(), s.size()}; }

// A request header's value, "" when absent.
inline std::string_view header(const http::request<http::string_body>& req, http::field f) {
    auto it = req.find(f);
    return it == req.end() ? std::string_view() : sv(it->value());
}

template <class Stream>
inline constexpr bool is_tls_v = std::is_same_v<Stream, TlsStream>;

// Sends the TLS close_notify (bounded by the caller's expiry on the TCP layer); errors ignored.
inline asio::awaitable<void> async_tls_close_notify(TlsStream& stream) {
    auto [ec] = co_await stream.async_shutdown(tuple_awaitable);
    (void)ec;
}

// Writes bytes; false on error.
template <class Stream>
asio::awaitable<bool> async_write_all(Stream& stream, std::string_view bytes) {
    auto [ec, n] =
        co_await asio::async_write(stream, asio::buffer(bytes.data(), bytes.size()), tuple_awaitable);
    co_return !ec;
}

// After an error response that ends the connection: stop sending, read and drop what the client
// still sends (bounded in bytes and time) so it sees our response instead of a reset.
template <class Stream>
asio::awaitable<void> async_linger_close(Stream& stream) {
    boost::system::error_code ec;
    auto& tcp_layer = beast::get_lowest_layer(stream);
    if constexpr (is_tls_v<Stream>) {
        // close_notify first (bounded), so a TLS client reads the response as complete.
        tcp_layer.expires_after(std::chrono::seconds(2));
        co_await async_tls_close_notify(stream);
    }
    tcp_layer.socket().shutdown(tcp::socket::shutdown_send, ec);
    std::vector<char> sink(64 * 1024);
    std::size_t total = 0;
    tcp_layer.expires_after(std::chrono::seconds(2));
    while (total < (64u << 20)) {
        auto [rec, n] = co_await tcp_layer.async_read_some(asio::buffer(sink), tuple_awaitable);
        if (rec) break;
        total += n;
    }
    tcp_layer.socket().close(ec);
}

// Writes a final error response (bounded in time), then lingers and closes (async_linger_close).
template <class Stream>
asio::awaitable<void> async_refuse_and_close(Stream& stream, std::string_view response) {
    beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
    co_await async_write_all(stream, response);
    co_await async_linger_close(stream);
}

// Writes the Outbox entries of one http4/http3 response until its last entry; false when the
// connection failed (the outbox is then closed).
// `fault`: a writer fault of `--fault` (drop-after-bytes, a stall), else null.
template <class Stream>
asio::awaitable<bool> async_drain_response(Stream& stream, Outbox& ob, WakeTimer& wake,
                                           const FaultDecision* fault = nullptr) {
    std::uint64_t fault_sent = 0;
    std::vector<Outbox::Entry> entries;
    std::vector<asio::const_buffer> bufs;
    for (;;) {
        entries.clear();
        if (!ob.take(entries)) {
            if (ob.closed()) co_return false;
            wake.timer.expires_at(asio::steady_timer::time_point::max());
            co_await wake.timer.async_wait(tuple_awaitable);
            continue;
        }
        bufs.clear();
        std::size_t bytes = 0;
        bool last = false;
        bool drop = false;
        for (auto& e : entries) {
            for (std::uint32_t c = 0; c < e.copies; ++c) bufs.emplace_back(e.bytes.data(), e.bytes.size());
            bytes += e.bytes.size();
            last = last || e.last;
            drop = drop || e.close_after;
        }
        if (fault) {
            const auto act = co_await faults::http4_fault_write(stream, entries, *fault, fault_sent);
            if (act != faults::Action::normal) {
                ob.release(bytes);
                ob.close();
                co_return false;
            }
        }
        auto [ec, n] = co_await asio::async_write(stream, bufs, tuple_awaitable);
        ob.release(bytes);
        if (ec || drop) {  // drop: a drop-after-results fault ends the connection here
            ob.close();
            co_return false;
        }
        if (last) co_return true;
    }
}

}  // namespace tpbench::server::detail::http_io
