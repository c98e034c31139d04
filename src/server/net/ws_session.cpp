// ws37: the TinkerPop 3.7 WebSocket session on /gremlin. One reader coroutine decodes request
// frames and starts jobs; one writer coroutine sends the Outbox's response frames in order (each
// request's messages stay ordered; different requests interleave). Control frames (ping/pong,
// close) are answered by Beast inside the read.
#include "net_internal.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <vector>

namespace tpbench::server::detail {
namespace {

namespace websocket = beast::websocket;
using WsStream = websocket::stream<beast::tcp_stream>;
constexpr auto tuple_awaitable = asio::as_tuple(asio::use_awaitable);

// permessage-deflate output larger than Beast's write buffer would be split into continuation
// frames; bigger messages are therefore sent uncompressed (allowed per message by RFC 7692).
constexpr std::size_t ws_write_buffer = 64 * 1024 + 4096;
constexpr std::size_t ws_compress_max = 60 * 1024;

asio::awaitable<void> ws_writer(WsStream& ws, std::shared_ptr<Outbox> ob, std::shared_ptr<WakeTimer> wake) {
    std::vector<Outbox::Entry> entries;
    for (;;) {
        entries.clear();
        if (!ob->take(entries)) {
            if (ob->closed()) co_return;
            wake->timer.expires_at(asio::steady_timer::time_point::max());
            co_await wake->timer.async_wait(tuple_awaitable);
            continue;
        }
        for (auto& e : entries) {
            ws.binary(e.kind != Outbox::Kind::ws_text);
            // Only has an effect when the client negotiated permessage-deflate.
            ws.compress(e.bytes.size() <= ws_compress_max);
            auto [ec, n] = co_await ws.async_write(asio::buffer(e.bytes), tuple_awaitable);
            ob->release(e.bytes.size());
            if (ec) {
                ob->close();
                boost::system::error_code ignored;
                beast::get_lowest_layer(ws).socket().close(ignored);
                co_return;
            }
        }
    }
}

void handle_frame(ServerState& st, const std::shared_ptr<Outbox>& ob, std::string_view frame, bool text,
                  const std::string& host) {
    auto decoded = io::ws37::decode_request(frame, text);
    if (!decoded) {
        // Unparseable: Gremlin Server answers 499 with a null requestId.
        push_ws37_status(*ob, guess_frame_format(frame, text), text, std::nullopt, 499,
                         "Invalid OpProcessor requested [null]");
        return;
    }
    auto& d = decoded.value();
    Ws37Plan plan;
    if (auto rej = plan_ws37_request(d.message, plan, st.cfg.max_parameters)) {
        push_ws37_status(*ob, d.format, text, d.message.request_id, rej->code, std::move(rej->message));
        return;
    }
    Ws37JobParams p;
    p.outbox = ob;
    p.graph = st.graph.get();
    p.format = d.format;
    p.text_frames = text;
    p.request_id = d.message.request_id;
    p.batch_size = plan.batch_size.value_or(st.cfg.result_iteration_batch_size);
    p.timeout_ms = plan.timeout_ms.value_or(st.cfg.evaluation_timeout.count());
    if (p.timeout_ms > 0) p.deadline = Clock::now() + std::chrono::milliseconds(p.timeout_ms);
    p.host = host;
    p.max_frame = st.cfg.max_content_length;
    std::string key;
    if (plan.kind == Ws37Plan::Kind::eval && plan.bindings.size() == 0) {
        key.reserve(plan.script.size() + 32);
        key = "ws|";
        key += plan.language;
        key += '|';
        key += plan.script;
    }
    p.plan = std::move(plan);
    dispatch_job(st, std::shared_ptr<Job>(make_ws37_job(std::move(p))), std::move(key));
}

}  // namespace

asio::awaitable<void> run_ws37_session(std::shared_ptr<ServerState> st, beast::tcp_stream stream,
                                       http::request<http::string_body> req, std::string host) {
    stream.expires_never();
    WsStream ws(std::move(stream));
    websocket::permessage_deflate pmd;
    pmd.server_enable = true;
    pmd.client_enable = false;
    ws.set_option(pmd);
    ws.auto_fragment(false);
    ws.read_message_max(st->cfg.max_content_length);
    ws.write_buffer_bytes(ws_write_buffer);
    websocket::stream_base::timeout to = websocket::stream_base::timeout::suggested(beast::role_type::server);
    if (st->cfg.idle_connection_timeout.count() > 0) to.idle_timeout = st->cfg.idle_connection_timeout;
    ws.set_option(to);
    ws.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "tpbench"); }));

    auto [aec] = co_await ws.async_accept(req, tuple_awaitable);
    if (aec) co_return;

    std::shared_ptr<WakeTimer> wake;
    auto ex = co_await asio::this_coro::executor;
    auto ob = make_connection_outbox(*st, ex, wake);

    // The writer runs beside the reader; at the end the reader waits for it (writer_done).
    bool writer_finished = false;
    asio::steady_timer writer_done(ex, asio::steady_timer::time_point::max());
    asio::co_spawn(ex, ws_writer(ws, ob, wake),
                   [&writer_finished, &writer_done](std::exception_ptr e) {
                       log_escaped(e, "ws37 writer");
                       writer_finished = true;
                       writer_done.cancel();
                   });

    beast::flat_buffer buf;
    asio::steady_timer pause(ex);
    for (;;) {
        // A client that sends requests but does not read responses stops being read once its
        // responses pass the high-water mark (bounded server memory).
        while (ob->above_high_water() && !ob->closed()) {
            pause.expires_after(std::chrono::milliseconds(2));
            co_await pause.async_wait(tuple_awaitable);
        }
        auto [ec, n] = co_await ws.async_read(buf, tuple_awaitable);
        if (ec) break;  // close frame (answered by Beast), too big (closed with 1009), reset, timeout
        std::string_view frame(static_cast<const char*>(buf.data().data()), buf.size());
        handle_frame(*st, ob, frame, ws.got_text(), host);
        buf.consume(buf.size());
        if (buf.capacity() > (1u << 20)) buf.shrink_to_fit();
    }
    ob->close();
    if (!writer_finished) co_await writer_done.async_wait(tuple_awaitable);
    st->unregister_outbox(ob.get());
    boost::system::error_code ignored;
    beast::get_lowest_layer(ws).socket().close(ignored);
}

}  // namespace tpbench::server::detail
