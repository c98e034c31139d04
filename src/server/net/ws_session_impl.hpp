#pragma once
// The ws37 WebSocket session as a template over the next layer (beast::tcp_stream or TlsStream):
// one reader coroutine decodes request frames and hands them to handle_ws37_frame; one writer
// coroutine sends the Outbox's response frames in order (each request's messages stay ordered;
// different requests interleave). Control frames (ping/pong, close) are answered by Beast inside
// the read. Included only by ws_session.cpp (plain) and ws_session_tls.cpp (TLS): one
// instantiation each, so the plain path's code is exactly what it was without TLS.
#include "fault_io.hpp"
#include "net_internal.hpp"
#include "ws_frame.hpp"
#include "ws_gate.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace tpbench::server::detail::ws37_impl {

namespace websocket = beast::websocket;
constexpr auto tuple_awaitable = asio::as_tuple(asio::use_awaitable);

// permessage-deflate output larger than Beast's write buffer would be split into continuation
// frames; bigger messages are therefore sent uncompressed (allowed per message by RFC 7692).
constexpr std::size_t ws_write_buffer = 64 * 1024 + 4096;
constexpr std::size_t ws_compress_max = 60 * 1024;

// Gather-writes (connections without permessage-deflate): up to this many queued frames go out in
// one write (one writev on plain TCP: a header and a payload buffer each, within Asio's 64-buffer
// limit), up to kGatherBytes of payload.
constexpr std::size_t kGatherFrames = 32;
constexpr std::size_t kGatherBytes = 1024 * 1024;

// The rest of a request message larger than one read is read in pieces of at most this many
// bytes, each charged to the memory budget as the buffer grows.
constexpr std::size_t kMessageReadPiece = 256 * 1024;

// `gather`: the client did not negotiate permessage-deflate, so frames are built here and sent
// through the GatedStream (Beast's own control frames wait for it): every ready frame of a wake-up
// in one write, a lone frame too (no Beast write operation per response). Entries with a writer
// fault, a close_after or no bytes go through Beast's single-frame path.
template <class WsStream>
asio::awaitable<void> ws_writer(WsStream& ws, std::shared_ptr<Outbox> ob, std::shared_ptr<WakeTimer> wake,
                                Ws37Connection& conn, ServerState& st, bool gather) {
    const auto ex = co_await asio::this_coro::executor;
    // TLS: one contiguous buffer (an SSL stream writes one buffer per record); plain TCP: writev.
    constexpr bool linear =
        !std::is_same_v<typename WsStream::next_layer_type::next_layer_type, beast::tcp_stream>;
    std::vector<Outbox::Entry> entries;
    std::vector<std::array<unsigned char, 10>> heads(kGatherFrames);
    std::vector<asio::const_buffer> bufs;
    bufs.reserve(2 * kGatherFrames);
    std::string flat;
    auto gatherable = [&conn](const Outbox::Entry& e) {
        return !e.bytes.empty() && !e.close_after &&
               (conn.faulted.empty() || conn.faulted.find(e.request_id) == conn.faulted.end());
    };
    for (;;) {
        entries.clear();
        if (!ob->take(entries)) {
            if (ob->closed()) co_return;
            wake->timer.expires_at(asio::steady_timer::time_point::max());
            co_await wake->timer.async_wait(tuple_awaitable);
            continue;
        }
        if (gather) {
            // Responses that become ready close together go out in one write (gather-write): before
            // writing, the handlers already queued on this thread run first (the reader's next
            // buffered requests, evaluated inline; the wake-ups of pool threads' responses), round
            // after round while they queue more, up to one gathered write's worth. No timer: a
            // round is one pass over this thread's ready handlers. A first round that adds nothing
            // ends it; once rounds added some (a burst), two in a row that add nothing do (one may
            // be the reader's socket read completing, before its frames).
            for (std::size_t round = 0, empty = 0, grew = 0;
                 round < kGatherFrames && entries.size() < kGatherFrames; ++round) {
                co_await asio::post(ex, asio::use_awaitable);
                if (ob->take_more(entries) != 0) {
                    empty = 0;
                    grew = 1;
                } else if (++empty > grew) {
                    break;
                }
            }
        }
        // entries[i] is the entry being written; `done` of its copies are written already.
        std::uint32_t done = 0;
        for (std::size_t i = 0; i < entries.size();) {
            if (gather && gatherable(entries[i])) {
                // A run of ready frames (or a lone one): one write.
                bufs.clear();
                flat.clear();
                std::size_t j = i, frames = 0, payload = 0, released = 0;
                for (; j < entries.size() && frames < kGatherFrames && payload < kGatherBytes &&
                       gatherable(entries[j]);) {
                    auto& e = entries[j];
                    auto& h = heads[frames];
                    const std::size_t hn =
                        put_server_frame_header(h, e.bytes.size(), e.kind != Outbox::Kind::ws_text);
                    // Copies of one message share its header and payload buffers.
                    const std::size_t room =
                        std::max<std::size_t>(1, (kGatherBytes - payload) / e.bytes.size());
                    const std::uint32_t n = static_cast<std::uint32_t>(
                        std::min<std::size_t>({e.copies - done, kGatherFrames - frames, room}));
                    for (std::uint32_t c = 0; c < n; ++c) {
                        if constexpr (linear) {
                            flat.append(reinterpret_cast<const char*>(h.data()), hn);
                            flat.append(e.bytes);
                        } else {
                            bufs.emplace_back(h.data(), hn);
                            bufs.emplace_back(e.bytes.data(), e.bytes.size());
                        }
                    }
                    frames += n;
                    payload += n * e.bytes.size();
                    done += n;
                    if (done < e.copies) break;  // the rest of its copies go in the next write
                    // The request is over once its final message is on its way: its id may be reused.
                    if (e.releases_request) conn.in_flight.erase(e.request_id);
                    released += e.bytes.size();
                    done = 0;
                    ++j;
                }
                if constexpr (linear) bufs.emplace_back(flat.data(), flat.size());
                st.ws37_writes.fetch_add(1, std::memory_order_relaxed);
                st.ws37_frames.fetch_add(frames, std::memory_order_relaxed);
                auto [wec, n] = co_await ws.next_layer().async_write_gathered(bufs);
                ob->release(released);
                if (wec) {
                    ob->close();
                    boost::system::error_code ignored;
                    beast::get_lowest_layer(ws).socket().close(ignored);
                    co_return;
                }
                i = j;
                continue;
            }
            auto& e = entries[i];
            if (e.close_code != 0) {
                // Graceful shutdown: what was queued before it went out; now the close handshake
                // (bounded by Beast's close timeout), then the outbox closes (the shutdown waits
                // for that, bounded) and this writer ends.
                auto [cec] = co_await ws.async_close(
                    websocket::close_reason(static_cast<std::uint16_t>(e.close_code)), tuple_awaitable);
                (void)cec;
                ob->close();
                co_return;
            }
            // The request is over once its final message is on its way: its id may be reused.
            if (e.releases_request) conn.in_flight.erase(e.request_id);
            // One frame per write; an entry of several copies writes them one by one.
            bool closed = false;
            for (; done < e.copies && !closed; ++done) {
                if (!conn.faulted.empty() && !e.bytes.empty()) {  // `--fault` only
                    if (auto it = conn.faulted.find(e.request_id); it != conn.faulted.end()) {
                        auto& wf = it->second;  // stable across the co_await (node-based map)
                        const auto act = co_await faults::ws_fault_write(ws, *ob, e, wf.decision, wf.sent);
                        if (e.last && done + 1 == e.copies) conn.faulted.erase(e.request_id);
                        if (act != faults::Action::normal) {
                            if (act == faults::Action::written) continue;
                            closed = true;
                            break;
                        }
                    }
                }
                ws.binary(e.kind != Outbox::Kind::ws_text);
                // Only has an effect when the client negotiated permessage-deflate.
                ws.compress(e.bytes.size() <= ws_compress_max);
                boost::system::error_code ec;
                if (!e.bytes.empty()) {
                    st.ws37_writes.fetch_add(1, std::memory_order_relaxed);
                    st.ws37_frames.fetch_add(1, std::memory_order_relaxed);
                    auto [wec, n] = co_await ws.async_write(asio::buffer(e.bytes), tuple_awaitable);
                    ec = wec;
                }
                // close_after: a drop-after-results fault (no close frame)
                if (ec || (e.close_after && done + 1 == e.copies)) closed = true;
            }
            ob->release(e.bytes.size());
            done = 0;
            ++i;
            if (closed) {
                ob->close();
                boost::system::error_code ignored;
                beast::get_lowest_layer(ws).socket().close(ignored);
                co_return;
            }
        }
    }
}

// Idle connections, by Beast's keep-alive rule but without a timer armed per message read (Beast's
// own idle timeout re-arms its timer at every read: a timerfd_settime system call per request). Every
// half period, when nothing arrived from the peer since the last look (GatedStream::reads(): data,
// pings, pongs, close), the first time a ping goes out (a live client's pong counts), the second
// time the connection is closed, as Beast's timeout does. A writer stuck on a peer that neither
// reads nor sends ends with it: the close fails its write.
struct IdleWatch {
    explicit IdleWatch(const asio::any_io_executor& ex)
        : tick(ex), done(ex, asio::steady_timer::time_point::max()) {}
    asio::steady_timer tick;
    asio::steady_timer done;  // the session waits on it for the watch to end
    bool stop = false;
    bool finished = false;
};

template <class WsStream>
asio::awaitable<void> ws_idle_watch(WsStream& ws, IdleWatch& w, std::chrono::milliseconds period) {
    std::uint64_t seen = ws.next_layer().reads();
    bool pinged = false;
    auto ping_pending = std::make_shared<bool>(false);  // outlives the session if the ping does
    while (!w.stop) {
        w.tick.expires_after(period);
        co_await w.tick.async_wait(tuple_awaitable);
        if (w.stop) break;
        const std::uint64_t now = ws.next_layer().reads();
        if (now != seen) {
            seen = now;
            pinged = false;
            continue;
        }
        if (!pinged) {
            pinged = true;
            if (!*ping_pending) {  // Beast allows one ping in flight
                *ping_pending = true;
                ws.async_ping({}, [ping_pending](boost::system::error_code) { *ping_pending = false; });
            }
            continue;
        }
        boost::system::error_code ignored;
        beast::get_lowest_layer(ws).socket().close(ignored);
        break;
    }
}

template <class NextLayer>
asio::awaitable<void> run_session(std::shared_ptr<ServerState> st, NextLayer stream,
                                  http::request<http::string_body> req, std::string host,
                                  std::chrono::milliseconds slow_read = {}) {
    beast::get_lowest_layer(stream).expires_never();
    // Frames can be gathered into one write unless the client asked for permessage-deflate (then
    // Beast compresses and frames every message itself).
    const bool gather =
        req[http::field::sec_websocket_extensions].find("permessage-deflate") == beast::string_view::npos;
    websocket::stream<GatedStream<NextLayer>> ws(std::move(stream));
    websocket::permessage_deflate pmd;
    pmd.server_enable = true;
    pmd.client_enable = false;
    ws.set_option(pmd);
    ws.auto_fragment(false);
    ws.read_message_max(st->cfg.max_content_length);
    ws.write_buffer_bytes(ws_write_buffer);
    websocket::stream_base::timeout to = websocket::stream_base::timeout::suggested(beast::role_type::server);
    // Beast keeps the handshake and closing timeouts; the idle timeout is ws_idle_watch's.
    const auto idle = st->cfg.idle_connection_timeout.count() > 0
                          ? st->cfg.idle_connection_timeout
                          : std::chrono::duration_cast<std::chrono::milliseconds>(to.idle_timeout);
    to.idle_timeout = websocket::stream_base::none();
    ws.set_option(to);
    ws.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "tpbench"); }));

    auto [aec] = co_await ws.async_accept(req, tuple_awaitable);
    if (aec) co_return;

    std::shared_ptr<WakeTimer> wake;
    auto ex = co_await asio::this_coro::executor;
    auto ob = make_connection_outbox(*st, ex, wake);
    ob->set_websocket();

    // SASL PLAIN per connection when the server has credentials (auth_gate.hpp).
    Ws37Connection conn;
    if (st->cfg.credentials) conn.gate.emplace(*st->cfg.credentials);
    conn.slow_read = slow_read;

    // The writer runs beside the reader; at the end the reader waits for it (writer_done).
    bool writer_finished = false;
    asio::steady_timer writer_done(ex, asio::steady_timer::time_point::max());
    asio::co_spawn(ex, ws_writer(ws, ob, wake, conn, *st, gather),
                   [&writer_finished, &writer_done](std::exception_ptr e) {
                       log_escaped(e, "ws37 writer");
                       writer_finished = true;
                       writer_done.cancel();
                   });

    IdleWatch watch(ex);
    asio::co_spawn(ex, ws_idle_watch(ws, watch, std::max(idle / 2, std::chrono::milliseconds(1))),
                   [&watch](std::exception_ptr e) {
                       log_escaped(e, "ws37 idle watch");
                       watch.finished = true;
                       watch.done.cancel();
                   });

    beast::flat_buffer buf;
    asio::steady_timer pause(ex);
    bool budget_refused = false;
    for (;;) {
        // A client that sends requests but does not read responses stops being read once its
        // responses pass the high-water mark (bounded server memory).
        while (ob->above_high_water() && !ob->closed()) {
            pause.expires_after(std::chrono::milliseconds(2));
            co_await pause.async_wait(tuple_awaitable);
        }
        boost::system::error_code ec;
        if (conn.slow_read.count() == 0 && st->budget.total() != 0) {
            // `--memory-budget`: a request frame larger than the fixed per-request share is checked
            // by its declared length (the frame header) before its payload is read, and its charge
            // is held while it is read; over the budget the connection is closed with 1013 (Try
            // Again Later) and the payload is discarded, never stored. Smaller requests are read
            // whole and charged when dispatched (596 over the budget).
            auto [rec, n] = co_await ws.async_read_some(buf, MemoryBudget::base_charge, tuple_awaitable);
            ec = rec;
            if (!ec && !ws.is_message_done()) {
                // Beast's hint: what is left of the current frame (at least; a fragmented
                // message's later frames are charged as they arrive, below).
                const std::size_t declared = buf.size() + ws.read_size_hint(buf);
                MemoryBudget::Lease lease;
                if (declared > MemoryBudget::base_charge) {
                    const std::size_t charge = MemoryBudget::request_charge(declared);
                    auto got = st->budget.try_acquire(charge);
                    if (!got) {
                        note_budget_refusal(*st, charge);
                        budget_refused = true;
                        break;
                    }
                    lease = std::move(*got);
                }
                // The rest of the message, read by pieces: what the buffer holds is charged as it
                // grows (a fragmented message that never finishes is refused at the budget, not
                // at maxContentLength), and `--request-read-timeout` bounds the time it may take.
                auto& tcp_layer = beast::get_lowest_layer(ws);
                if (st->cfg.request_read_timeout.count() > 0)
                    tcp_layer.expires_after(st->cfg.request_read_timeout);
                while (!ec && !ws.is_message_done()) {
                    auto [rec2, n2] = co_await ws.async_read_some(buf, kMessageReadPiece, tuple_awaitable);
                    ec = rec2;
                    if (!ec && buf.capacity() > lease.bytes() &&
                        !st->budget.try_grow(lease, buf.capacity())) {
                        st->budget_refused_reads.fetch_add(1, std::memory_order_relaxed);
                        note_budget_refusal(*st, buf.capacity());
                        budget_refused = true;
                        break;
                    }
                }
                if (budget_refused) break;
                if (ec == beast::error::timeout) st->read_timeouts.fetch_add(1, std::memory_order_relaxed);
                tcp_layer.expires_never();
            }
        } else if (conn.slow_read.count() == 0) {
            auto [rec, n] = co_await ws.async_read(buf, tuple_awaitable);
            ec = rec;
        } else {
            ec = co_await faults::async_ws_read_slowly(ws, buf, conn.slow_read);  // `--fault slow-read`
        }
        if (ec) break;  // close frame (answered by Beast), too big (closed with 1009), reset, timeout
        std::string_view frame(static_cast<const char*>(buf.data().data()), buf.size());
        handle_ws37_frame(*st, ob, frame, ws.got_text(), host, conn);
        buf.consume(buf.size());
        if (buf.capacity() > (1u << 20)) buf.shrink_to_fit();
    }
    ob->close();
    if (!writer_finished) co_await writer_done.async_wait(tuple_awaitable);
    watch.stop = true;
    watch.tick.cancel();
    if (!watch.finished) co_await watch.done.async_wait(tuple_awaitable);
    if (budget_refused) {
        // What the message buffered is freed first; then the close handshake (Beast discards the
        // rest of the frame meanwhile; bounded by the stream's timeouts).
        buf = beast::flat_buffer();
        auto [cec] = co_await ws.async_close(
            websocket::close_reason(websocket::close_code::try_again_later,
                                    "tpbench serve: request refused over the memory budget; retry later"),
            tuple_awaitable);
        (void)cec;
    }
    // Closing the connection kills its sessions (SessionOpProcessor): uncommitted writes are gone.
    st->ws_sessions.erase_owned_by(&conn);
    st->unregister_outbox(ob.get());
    boost::system::error_code ignored;
    beast::get_lowest_layer(ws).socket().close(ignored);
}

}  // namespace tpbench::server::detail::ws37_impl
