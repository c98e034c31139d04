#pragma once
// The I/O side of `tpbench serve --fault` (fault_plan.hpp decides, this carries out): the few
// coroutines the connection writers and readers call when a request or connection drew a fault.
// Templates over the stream; included by http_io.hpp (http4) and ws_session_impl.hpp (ws37) only.
// Nothing here runs without --fault: the hooks test a pointer / an empty map first.
#include "net_internal.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>

#include <array>
#include <chrono>
#include <string_view>
#include <vector>

namespace tpbench::server::detail::faults {

inline constexpr auto fault_awaitable = asio::as_tuple(asio::use_awaitable);

// What a writer does with an entry after the fault hook saw it.
enum class Action : std::uint8_t {
    normal,   // write it as usual
    written,  // the hook wrote it (release it and go on)
    close,    // the hook is done with the connection: close it now
};

// Writes `a` then `b` as raw bytes on `s` (below any WebSocket framing); false on error.
template <class Stream>
asio::awaitable<bool> async_write_raw(Stream& s, std::string_view a, std::string_view b) {
    std::array<asio::const_buffer, 2> bufs{asio::buffer(a.data(), a.size()),
                                           asio::buffer(b.data(), b.size())};
    auto [ec, n] = co_await asio::async_write(s, bufs, fault_awaitable);
    co_return !ec;
}

// A stall: nothing more is sent on the connection, which stays open until the client goes away
// (the reader sees it and closes `ob`) or `bound` passes. Polls every 50 ms (fault mode only).
inline asio::awaitable<void> async_stall_until_closed(Outbox& ob, std::chrono::seconds bound) {
    asio::steady_timer t(co_await asio::this_coro::executor);
    const auto end = std::chrono::steady_clock::now() + bound;
    while (!ob.closed() && std::chrono::steady_clock::now() < end) {
        t.expires_after(std::chrono::milliseconds(50));
        co_await t.async_wait(fault_awaitable);
    }
}

// A stall on an http4 connection (whose reader is not running while a response is written):
// reads and drops whatever the client sends until it closes the connection or `bound` passes.
template <class TcpLayer>
asio::awaitable<void> async_stall_reading(TcpLayer& tcp_layer, std::chrono::seconds bound) {
    std::array<char, 4096> sink;
    tcp_layer.expires_after(bound);
    for (;;) {
        auto [ec, n] = co_await tcp_layer.async_read_some(asio::buffer(sink), fault_awaitable);
        if (ec) break;
    }
}

// ws37: one response message of a request that drew a writer fault (drop-after-bytes, a stall,
// corrupt=length). `sent` counts this request's payload bytes so far.
template <class WsStream>
asio::awaitable<Action> ws_fault_write(WsStream& ws, Outbox& ob, const Outbox::Entry& e,
                                       const FaultDecision& d, std::uint64_t& sent) {
    const bool binary = e.kind != Outbox::Kind::ws_text;
    const std::string_view payload = e.bytes;
    if (d.corrupt == CorruptKind::length) {
        if (!co_await async_write_raw(ws.next_layer(), ws_corrupt_frame_header(payload.size(), binary),
                                      payload))
            co_return Action::close;
        co_return Action::written;
    }
    if (d.stall != StallKind::none) {
        // after-head: the frame header only; mid-stream: the header and half of the payload.
        const std::size_t part = d.stall == StallKind::after_head ? 0 : payload.size() / 2;
        if (co_await async_write_raw(ws.next_layer(), ws_frame_header(payload.size(), binary),
                                     payload.substr(0, part)))
            co_await async_stall_until_closed(ob, d.stall_bound);
        co_return Action::close;
    }
    if (d.drop_after_bytes >= 0) {
        const auto limit = static_cast<std::uint64_t>(d.drop_after_bytes);
        if (sent + payload.size() < limit) {
            sent += payload.size();
            co_return Action::normal;
        }
        const std::size_t part = static_cast<std::size_t>(limit - sent);
        if (part > 0)
            co_await async_write_raw(ws.next_layer(), ws_frame_header(payload.size(), binary),
                                     payload.substr(0, part));
        co_return Action::close;
    }
    co_return Action::normal;
}

// http4: one batch of entries of a response that drew a writer fault (drop-after-bytes, a stall).
// `sent` counts the response's bytes so far (status line included).
template <class Stream>
asio::awaitable<Action> http4_fault_write(Stream& stream, const std::vector<Outbox::Entry>& entries,
                                          const FaultDecision& d, std::uint64_t& sent) {
    std::string bytes;
    for (const auto& e : entries)
        for (std::uint32_t c = 0; c < e.copies; ++c) bytes += e.bytes;
    if (d.stall != StallKind::none) {
        // after-head: the status line and headers; mid-stream: those and half of what follows.
        std::size_t head = bytes.find("\r\n\r\n");
        head = head == std::string::npos ? 0 : head + 4;
        std::size_t part = head;
        if (d.stall == StallKind::mid_stream) part = head + (bytes.size() - head) / 2;
        if (sent == 0 && co_await async_write_raw(stream, std::string_view(bytes).substr(0, part), {}))
            co_await async_stall_reading(beast::get_lowest_layer(stream), d.stall_bound);
        co_return Action::close;
    }
    if (d.drop_after_bytes >= 0) {
        const auto limit = static_cast<std::uint64_t>(d.drop_after_bytes);
        if (sent + bytes.size() < limit) {
            sent += bytes.size();
            co_return Action::normal;
        }
        const std::size_t part = static_cast<std::size_t>(limit - sent);
        if (part > 0) co_await async_write_raw(stream, std::string_view(bytes).substr(0, part), {});
        co_return Action::close;
    }
    co_return Action::normal;
}

// slow-read (http4, and the ws37 upgrade request): reads the request at most 512 bytes at a time,
// pausing `pause` after each read, parsing as it goes. Returns the parser's error, or
// http::error::end_of_stream when the client closed before sending anything.
template <class Stream, class Parser>
asio::awaitable<boost::system::error_code> async_read_request_slowly(Stream& stream, beast::flat_buffer& buf,
                                                                     Parser& parser,
                                                                     std::chrono::milliseconds pause) {
    asio::steady_timer t(co_await asio::this_coro::executor);
    bool got_any = buf.size() > 0;
    for (;;) {
        while (buf.size() > 0 && !parser.is_done()) {
            boost::system::error_code ec;
            const std::size_t used = parser.put(buf.data(), ec);
            buf.consume(used);
            if (ec == http::error::need_more) break;
            if (ec) co_return ec;
            if (used == 0) break;
        }
        if (parser.is_done()) co_return boost::system::error_code{};
        auto [ec, n] = co_await stream.async_read_some(buf.prepare(512), fault_awaitable);
        if (ec) {
            if (ec == asio::error::eof)
                co_return got_any ? boost::system::error_code(http::error::partial_message)
                                  : boost::system::error_code(http::error::end_of_stream);
            co_return ec;
        }
        buf.commit(n);
        got_any = true;
        t.expires_after(pause);  // each piece takes `pause` to "arrive"
        co_await t.async_wait(fault_awaitable);
    }
}

// slow-read (ws37): reads one message at most 512 bytes at a time, pausing after each read.
template <class WsStream>
asio::awaitable<boost::system::error_code> async_ws_read_slowly(WsStream& ws, beast::flat_buffer& buf,
                                                                std::chrono::milliseconds pause) {
    asio::steady_timer t(co_await asio::this_coro::executor);
    do {
        auto [ec, n] = co_await ws.async_read_some(buf, 512, fault_awaitable);
        if (ec) co_return ec;
        t.expires_after(pause);  // each piece takes `pause` to "arrive"
        co_await t.async_wait(fault_awaitable);
    } while (!ws.is_message_done());
    co_return boost::system::error_code{};
}

}  // namespace tpbench::server::detail::faults
