// The ws37 session: the thin I/O layer that carries the pure protocol core (client_protocol.hpp)
// over one WebSocket on the shared transport (backends/common/stream.hpp: TCP, TLS or the
// in-memory stream). The opening handshake is written here and its response read with Beast's
// HTTP parser; after it the sans-io WebSocket core (ws_codec.hpp: RFC 6455 framing and
// permessage-deflate) says what to do with the bytes and what to write — one WebSocket
// implementation, whether compressed or not. Shape (Boost.Redis multiplexer): one reader coroutine
// performs the WsReader's actions (messages to the protocol core, pongs, close), one writer
// coroutine writes the WsWriter's batches, and every request coroutine waits on its slot's
// SlotWaiter (its completion handler, stored in place: no timer, no allocation per request),
// which the core's hooks complete. Deadlines: one lazily armed timer per connection (the earliest
// deadline of a waiting request; with the engine's constant request timeout it is re-armed about
// once per timeout period, never per request).
#include <tpbench/version.hpp>
#include <tpbench/backends/ws37.hpp>
#include <tpbench/engine/inplace_handler.hpp>

#include "backends/common/options.hpp"
#include "backends/common/stream.hpp"
#include "backends/common/transport.hpp"
#include "backends/ws37/client_protocol.hpp"
#include "backends/ws37/deflate.hpp"
#include "backends/ws37/session_detail.hpp"
#include "backends/ws37/ws_codec.hpp"

#include <tpbench/auth/auth.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/rfc7230.hpp>
#include <boost/beast/websocket/detail/hybi13.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace tpbench::ws37 {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using Clock = engine::Clock;
using backends_detail::AnyStream;

constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
// Gremlin Server's maxContentLength default is 10 MiB; allow some headroom, never unbounded (a
// larger frame fails the connection with protocol_violation instead of growing the buffer).
constexpr std::size_t kMaxMessage = 16 * 1024 * 1024;
const std::string kUserAgent = std::string(tpbench::user_agent_prefix) + " ws37";
// A close 1001 (Going Away) while requests are in flight: the server is shutting down (tpbench
// serve's graceful shutdown ends its streams with a final 596, then this close).
constexpr std::string_view kGoingAway =
    "server closed the WebSocket: 1001 going away (the server is shutting down)";

using backends_detail::bool_option;
using backends_detail::option;

void report_exception(const char* what, std::exception_ptr e) noexcept {
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        std::fprintf(stderr, "tpbench ws37: %s coroutine ended with an exception: %s\n", what, x.what());
    } catch (...) {
        std::fprintf(stderr, "tpbench ws37: %s coroutine ended with an unknown exception\n", what);
    }
}

ClientProtocol::Config protocol_config(const engine::SessionConfig& cfg, io::ws37::Format format) {
    ClientProtocol::Config c;
    c.format = format;
    c.capacity = cfg.max_in_process_per_connection;
    c.memo = backends_detail::memo_option(cfg.target, "ws37");
    const auto& a = cfg.target.auth;
    if (a.mechanism == engine::AuthOptions::Mechanism::sasl_plain)
        c.sasl = ClientProtocol::Sasl{a.authzid, a.username, a.password};
    return c;
}

// Why the upgrade did not happen: an I/O error (`ec`), else what was wrong with the response
// (`res`: a status other than 101, or `why`).
std::string upgrade_failure(const boost::system::error_code& ec, const http::response<http::empty_body>* res,
                            std::string_view why, const std::string& where,
                            std::chrono::milliseconds timeout) {
    const std::string what = "WebSocket upgrade at " + where;
    if (ec == beast::error::timeout)
        return what + " timed out after " + std::to_string(timeout.count()) + " ms";
    if (ec) return what + " failed: " + ec.message();
    if (res && res->result_int() != 101) {
        std::string m = what + " answered HTTP " + std::to_string(res->result_int());
        if (!res->reason().empty()) m += " " + std::string(res->reason());
        return m;
    }
    return what + " failed: " + std::string(why);
}

// The checks RFC 6455 §4.1 asks of a client on a 101 response to its upgrade request with `key`;
// empty when it is a WebSocket upgrade, else what is wrong.
std::string check_upgrade(const http::response<http::empty_body>& res, std::string_view key) {
    auto iequals = [](std::string_view a, std::string_view b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                                  [](char x, char y) { return (x | 0x20) == (y | 0x20); });
    };
    if (!iequals(res[http::field::upgrade], "websocket")) return "the response has no Upgrade: websocket";
    if (!http::token_list{res[http::field::connection]}.exists("upgrade"))
        return "the response has no Connection: upgrade";
    beast::websocket::detail::sec_ws_accept_type accept;
    beast::websocket::detail::make_sec_ws_accept(accept, key);
    if (res[http::field::sec_websocket_accept] != beast::string_view(accept.data(), accept.size()))
        return "the response's Sec-WebSocket-Accept does not match the request's key";
    if (!res[http::field::sec_websocket_protocol].empty())
        return "the server chose a subprotocol that was not offered";
    return {};
}

// One request coroutine's wait for its slot: the completion handler of a `use_awaitable`
// operation stored in place. The connection resumes it from a handler of its own
// (Connection::run_wakes: invoke()), never from inside the protocol core's hooks, and at teardown
// hands it to the io_context (post_to()), so a connection that goes away never keeps a suspended
// request (and itself) alive.
using SlotWaiter = engine::InplaceHandler<64>;

class Connection : public std::enable_shared_from_this<Connection>, private ProtocolHooks {
public:
    Connection(const net::any_io_executor& ex, const engine::SessionConfig& cfg, io::ws37::Format format,
               std::shared_ptr<backends_detail::TlsClient> tls, const detail::StreamSource& source,
               bool compression, bool eager_auth)
        : ex_(ex),
          cfg_(cfg),
          compression_(compression),
          eager_auth_(eager_auth),
          stream_(source ? source(ex) : AnyStream(ex, std::move(tls))),
          proto_(protocol_config(cfg, format), *this,
                 std::random_device{}() ^ (std::uint64_t{std::random_device{}()} << 32)),
          waiters_(cfg.max_in_process_per_connection),
          exec_slots_(cfg.max_in_process_per_connection, nullptr),
          slot_deadline_(cfg.max_in_process_per_connection, Clock::time_point::max()),
          deadline_timer_(ex),
          writer_signal_(ex),
          done_signal_(ex),
          reader_(kMaxMessage),
          writer_(std::uint64_t{std::random_device{}()} << 32 | std::random_device{}()) {
        wake_list_.reserve(cfg.max_in_process_per_connection);
        waking_.reserve(cfg.max_in_process_per_connection);
    }

    net::awaitable<std::error_code> async_connect();
    net::awaitable<engine::Outcome> async_execute(const engine::Request& req);
    // Session::start_execute: the request ends in `slot` (completed from run_wakes, never from
    // here); false when the connection cannot take it now (async_execute says why).
    bool start_execute(const engine::Request& req, engine::ExecuteSlot& slot);
    net::awaitable<void> async_close();
    bool is_open() const noexcept { return alive_ && ready_ && !closing_; }
    const engine::ConnectTimings& timings() const noexcept { return timings_; }
    const std::string& connect_error() const noexcept { return connect_error_; }
    void add_counters(engine::Counters& out) const { proto_.add_counters(out); }

    // Closes the socket without a close handshake; pending requests fail with connection_closed.
    void abort() noexcept {
        if (!alive_) return;
        on_lost("session destroyed");
    }

private:
    // ProtocolHooks
    void on_finished(std::size_t slot) override { wake(slot); }
    void on_write_ready() override { writer_signal_.cancel(); }
    void on_fatal(errc, std::string_view) override { drop(); }

    // Suspends the calling coroutine until on_finished(slot) or the slot's deadline (set with
    // set_deadline) passes; the caller re-checks both.
    auto async_wait_slot(std::size_t slot) {
        return net::async_initiate<const net::use_awaitable_t<>&, void()>(
            [this, slot](auto handler) { waiters_[slot].store(std::move(handler)); }, net::use_awaitable);
    }
    // Records the slot's deadline and arms the connection's deadline timer if it is earlier than
    // what the timer waits for.
    // Queues the slot's waiting coroutine (if any) to be resumed; one posted run_wakes() resumes
    // every slot queued until it runs (one post per read, not per request).
    void wake(std::size_t slot);
    void run_wakes();
    // The connection ended: every waiting coroutine's handler is posted on its own (see post_to).
    // (Engine slots need nothing: the connection's end finished their requests, and their wakes
    // are queued.)
    void release_waiters();
    // Something waits on `slot`: a coroutine (async_execute, authenticate) or an engine slot.
    bool waited(std::size_t slot) const noexcept { return waiters_[slot].armed() || exec_slots_[slot]; }
    // The engine slot waiting on `slot` was woken: ends its request when it finished or its
    // deadline passed (else the wake was spurious) and completes the engine slot.
    void finish_exec(std::size_t slot);
    void set_deadline(std::size_t slot, Clock::time_point d);
    void arm_deadline(Clock::time_point d);
    void on_deadline_timer();
    // The loops, carrying out what reader_ and writer_ say: every complete frame of a read decoded
    // before the next read; every ready request frame in one write.
    net::awaitable<void> raw_reader();
    net::awaitable<void> raw_writer();
    // Performs one of the reader's actions; false when the connection ended.
    bool perform(const WsReader::Action& a);
    net::awaitable<std::error_code> authenticate(Clock::time_point deadline);
    void on_lost(std::string_view why, errc e = errc::connection_closed) noexcept;
    void drop() noexcept;
    void spawn(net::awaitable<void> (Connection::*fn)(), const char* what);
    net::awaitable<void> wait_until(bool Connection::*running, std::chrono::milliseconds limit);
    std::error_code fail_connect(errc e, std::string message) {
        connect_error_ = std::move(message);
        return make_error_code(e);
    }

    net::any_io_executor ex_;
    engine::SessionConfig cfg_;
    bool compression_;  // permessage-deflate is offered
    bool eager_auth_;
    AnyStream stream_;
    ClientProtocol proto_;
    std::vector<SlotWaiter> waiters_;               // one per slot
    std::vector<engine::ExecuteSlot*> exec_slots_;  // one per slot: the start_execute waiting there
    std::vector<std::size_t> wake_list_;            // slots to resume in the next run_wakes()
    std::vector<std::size_t> waking_;               // the ones run_wakes() is resuming
    bool wake_posted_ = false;
    std::vector<Clock::time_point> slot_deadline_;                 // one per slot (max = none)
    net::steady_timer deadline_timer_;                             // armed lazily at the earliest deadline
    Clock::time_point deadline_armed_ = Clock::time_point::max();  // what it waits for (max = idle)
    net::steady_timer writer_signal_;  // the writer sleeps on it; cancelled when work arrives
    net::steady_timer done_signal_;    // async_close sleeps on it; cancelled when a loop exits
    // The WebSocket's per-connection state (sans-io, ws_codec.hpp): read buffer, fragments and
    // inflater; batch buffer, mask generator, pongs and deflater.
    WsReader reader_;
    WsWriter writer_;
    bool got_close_ = false;  // the server's close frame arrived
    engine::ConnectTimings timings_;
    std::string connect_error_;
    bool alive_ = false;  // the socket is up and the loops run
    bool ready_ = false;  // async_connect finished (upgrade and authentication done)
    bool closing_ = false;
    bool reader_running_ = false;
    bool writer_running_ = false;
};

void Connection::spawn(net::awaitable<void> (Connection::*fn)(), const char* what) {
    net::co_spawn(ex_, (this->*fn)(), [self = shared_from_this(), what](std::exception_ptr e) {
        if (!e) return;
        report_exception(what, e);
        // A broken invariant in a loop must not leave requests waiting forever.
        self->on_lost("internal error in the ws37 session");
    });
}

net::awaitable<std::error_code> Connection::async_connect() {
    auto self = shared_from_this();
    const auto& t = cfg_.target;
    const auto t0 = Clock::now();
    const auto deadline = t0 + cfg_.connect_timeout;
    AnyStream& stream = stream_;
    const auto opened = co_await backends_detail::async_open(stream, t.host, t.port, cfg_.connect_timeout);
    if (opened.error) co_return fail_connect(static_cast<errc>(opened.error.value()), opened.message);
    timings_ = opened.timings;
    const auto t_up = Clock::now();

    const std::string host = t.host + ":" + std::to_string(t.port);
    std::vector<auth::Header> signed_headers;
    if (t.auth.mechanism == engine::AuthOptions::Mechanism::sigv4) {
        // AWS Signature V4 over the upgrade GET (Neptune): Host is signed, the body is empty.
        auth::SigV4Request sr;
        sr.method = "GET";
        sr.path = t.path;
        sr.headers.push_back({"host", host});
        const auth::SigV4Credentials creds{t.auth.access_key_id, t.auth.secret_access_key,
                                           t.auth.session_token, t.auth.region, t.auth.service};
        signed_headers = auth::sigv4_sign(sr, creds, std::chrono::system_clock::now());
    }
    // The upgrade request (RFC 6455 §4.1), written whole in one write.
    beast::websocket::detail::sec_ws_key_type key;
    beast::websocket::detail::make_sec_ws_key(key);
    std::string upgrade = "GET " + t.path + " HTTP/1.1\r\nHost: " + host +
                          "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ";
    upgrade.append(key.data(), key.size());
    upgrade += "\r\nSec-WebSocket-Version: 13\r\nUser-Agent: ";
    upgrade += kUserAgent;
    upgrade += "\r\n";
    if (compression_) {
        upgrade += "Sec-WebSocket-Extensions: ";
        upgrade += pmd::kOffer;
        upgrade += "\r\n";
    }
    for (const auto& h : signed_headers) upgrade += h.name + ": " + h.value + "\r\n";
    upgrade += "\r\n";
    const std::string where = backends_detail::describe_endpoint(t.host, t.port) + t.path;
    // The upgrade is bounded by what is left of the connect timeout (the transport's expiry).
    stream.expires_at(deadline);
    auto [wec, wn] = co_await net::async_write(stream, net::buffer(upgrade), use_tuple);
    if (wec) {
        stream.close();
        co_return fail_connect(errc::connect_failed,
                               upgrade_failure(wec, nullptr, {}, where, cfg_.connect_timeout));
    }
    beast::flat_buffer buf;
    http::response_parser<http::empty_body> parser;
    auto [rec, rn] = co_await http::async_read_header(stream, buf, parser, use_tuple);
    std::string why;
    if (!rec && parser.get().result_int() == 101) why = check_upgrade(parser.get(), {key.data(), key.size()});
    bool deflate = false;
    pmd::Params params;
    if (!rec && why.empty() && parser.get().result_int() == 101) {
        const auto ext = parser.get()[http::field::sec_websocket_extensions];
        if (!compression_ && !ext.empty())
            why = "the server answered with a WebSocket extension that was not offered: " +
                  std::string(ext.data(), ext.size());
        else if (compression_)
            pmd::negotiate({ext.data(), ext.size()}, deflate, params, why);
    }
    if (rec || !why.empty() || parser.get().result_int() != 101) {
        stream.close();
        co_return fail_connect(errc::connect_failed,
                               upgrade_failure(rec, parser.is_header_done() ? &parser.get() : nullptr, why,
                                               where, cfg_.connect_timeout));
    }
    if (deflate) {
        reader_.enable_deflate(params.server_no_context_takeover);
        writer_.enable_deflate(params.client_max_window_bits, params.client_no_context_takeover);
    }
    // Frames the server sent right behind its response: the reader decodes them first.
    if (buf.size() > 0) reader_.feed({static_cast<const char*>(buf.data().data()), buf.size()}, Clock::now());
    // Per-request deadlines are the slots' timers from here (the transport's expiry must be off);
    // an idle connection is not an error.
    stream.expires_never();

    alive_ = true;
    reader_running_ = writer_running_ = true;
    spawn(&Connection::raw_reader, "reader");
    spawn(&Connection::raw_writer, "writer");
    if (eager_auth_) {
        if (auto ec = co_await authenticate(deadline)) co_return ec;
    }
    timings_.protocol = Clock::now() - t_up;
    ready_ = true;
    co_return std::error_code{};
}

net::awaitable<std::error_code> Connection::authenticate(Clock::time_point deadline) {
    const auto slot = proto_.authenticate_now();
    if (!slot) co_return fail_connect(errc::connect_failed, "ws37: no slot for the authentication request");
    set_deadline(*slot, deadline);
    while (!proto_.finished(*slot) && Clock::now() < deadline) co_await async_wait_slot(*slot);
    const bool timed_out = !proto_.finished(*slot);
    if (timed_out) proto_.abandon(*slot, Clock::now());
    engine::Outcome out;
    proto_.take_outcome(*slot, out);
    if (!out.error) co_return std::error_code{};
    on_lost("authentication failed");
    if (timed_out)
        co_return fail_connect(errc::auth_failed,
                               "SASL authentication with " +
                                   backends_detail::describe_endpoint(cfg_.target.host, cfg_.target.port) +
                                   " got no answer within the connect timeout (" +
                                   std::to_string(cfg_.connect_timeout.count()) + " ms)");
    co_return fail_connect(static_cast<errc>(out.error.value()), out.status_message);
}

net::awaitable<engine::Outcome> Connection::async_execute(const engine::Request& req) {
    // Keep the connection alive across suspensions even if the session is destroyed meanwhile.
    auto self = shared_from_this();
    engine::Outcome out;
    if (!is_open()) {
        out.error = make_error_code(errc::connection_closed);
        out.status_message = "ws37 connection is not open";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    const auto slot = proto_.submit(req);
    if (!slot) {
        out.error = make_error_code(errc::pool_exhausted);
        out.status_message = "more concurrent requests than max_in_flight() on this ws37 connection";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    // Woken by the core (on_finished) or by the deadline timer; a wake for another reason waits
    // again.
    set_deadline(*slot, req.deadline);
    while (!proto_.finished(*slot) && Clock::now() < req.deadline) co_await async_wait_slot(*slot);
    if (!proto_.finished(*slot)) proto_.abandon(*slot, Clock::now());
    proto_.take_outcome(*slot, out);
    co_return out;
}

bool Connection::start_execute(const engine::Request& req, engine::ExecuteSlot& slot) {
    if (!is_open()) return false;
    const auto s = proto_.submit(req);
    if (!s) return false;
    exec_slots_[*s] = &slot;
    set_deadline(*s, req.deadline);  // a deadline already passed fires from the timer, not here
    return true;
}

void Connection::finish_exec(std::size_t slot) {
    if (!proto_.finished(slot)) {
        const auto now = Clock::now();
        if (now < slot_deadline_[slot]) return;  // spurious: still running
        proto_.abandon(slot, now);
    }
    engine::ExecuteSlot* s = exec_slots_[slot];
    exec_slots_[slot] = nullptr;
    engine::Outcome out;
    proto_.take_outcome(slot, out);
    s->complete(std::move(out));  // the lane resumes here (and may start its next request)
}

void Connection::wake(std::size_t slot) {
    if (!waited(slot)) return;
    wake_list_.push_back(slot);
    if (wake_posted_) return;
    wake_posted_ = true;
    net::post(ex_, [self = shared_from_this()] { self->run_wakes(); });
}

void Connection::run_wakes() {
    wake_posted_ = false;
    // Slots woken while these resume (a resumed request may finish others) get their own post.
    // A slot listed twice, or reused by a new request meanwhile, only sees a spurious wake: every
    // waiter re-checks its condition.
    std::swap(waking_, wake_list_);
    for (std::size_t i = 0; i < waking_.size(); ++i) {
        const std::size_t s = waking_[i];
        if (exec_slots_[s])
            finish_exec(s);
        else
            waiters_[s].invoke();
    }
    waking_.clear();
}

void Connection::release_waiters() {
    for (auto& w : waiters_) w.post_to(ex_);
}

void Connection::set_deadline(std::size_t slot, Clock::time_point d) {
    slot_deadline_[slot] = d;
    arm_deadline(d);
}

void Connection::arm_deadline(Clock::time_point d) {
    if (d >= deadline_armed_) return;  // the timer fires earlier and re-arms then
    deadline_armed_ = d;
    deadline_timer_.expires_at(d);  // cancels the wait for the later deadline (if any)
    deadline_timer_.async_wait([w = weak_from_this(), d](const boost::system::error_code& ec) {
        if (ec) return;  // re-armed earlier (operation_aborted), or the connection is going away
        if (auto self = w.lock(); self && self->deadline_armed_ == d) self->on_deadline_timer();
    });
}

void Connection::on_deadline_timer() {
    deadline_armed_ = Clock::time_point::max();
    const auto now = Clock::now();
    Clock::time_point next = Clock::time_point::max();
    for (std::size_t i = 0; i < waiters_.size(); ++i) {
        if (!waited(i)) continue;
        if (slot_deadline_[i] <= now)
            wake(i);  // the request sees its deadline passed and abandons
        else
            next = std::min(next, slot_deadline_[i]);
    }
    arm_deadline(next);  // no effect for max (nobody waits)
}

// ---- framing ----------------------------------------------------------------------------------

bool Connection::perform(const WsReader::Action& a) {
    using Kind = WsReader::Action::Kind;
    switch (a.kind) {
        case Kind::message:
            proto_.on_message(a.payload, a.first, a.last, a.wire);
            return alive_;
        case Kind::ping:
            writer_.queue_pong(a.payload);
            writer_signal_.cancel();
            return true;
        case Kind::close:
            got_close_ = true;
            if (!closing_) {
                // RFC 6455 §5.5.1: answer with a close frame (echoing the status code) before the
                // TCP connection goes; best effort, when the socket takes it at once.
                const std::string echo =
                    writer_.close_frame(a.payload.substr(0, std::min<std::size_t>(2, a.payload.size())));
                boost::system::error_code ignored;
                stream_.write_now(echo.data(), echo.size(), ignored);
                const bool going_away = a.payload.size() >= 2 &&
                                        static_cast<unsigned char>(a.payload[0]) == 0x03 &&
                                        static_cast<unsigned char>(a.payload[1]) == 0xE9;  // 1001
                if (going_away)
                    on_lost(kGoingAway, errc::server_shutdown);
                else
                    on_lost("server closed the WebSocket");
            }
            return false;
        case Kind::error:
            on_lost("WebSocket protocol error: " + std::string(a.payload), errc::protocol_violation);
            return false;
        case Kind::read:
        default:
            return true;
    }
}

net::awaitable<void> Connection::raw_reader() {
    auto self = shared_from_this();
    const bool tls = stream_.kind() == AnyStream::Kind::tls;
    std::uint64_t counted = stream_.bytes_read();
    for (;;) {
        // Everything the bytes so far say (the first time: those that came with the 101 response).
        WsReader::Action a;
        while ((a = reader_.next()).kind != WsReader::Action::Kind::read && perform(a)) {
        }
        if (a.kind != WsReader::Action::Kind::read || !alive_) break;
        const auto room = reader_.read_buffer();
        auto [ec, n] = co_await stream_.async_read_some(net::buffer(room.data, room.size), use_tuple);
        if (ec) {
            if (alive_ && !(closing_ && got_close_)) {
                if (closing_)
                    on_lost("session closed");
                else if (ec == net::error::eof)
                    on_lost("connection lost: the server closed the connection without a WebSocket close");
                else
                    on_lost("connection lost: " + ec.message());
            }
            break;
        }
        // Wire bytes per payload byte of this read (TLS records cost more than their plaintext).
        double ratio = 1.0;
        if (tls) {
            const std::uint64_t wire_now = stream_.bytes_read();
            ratio = n > 0 ? static_cast<double>(wire_now - counted) / static_cast<double>(n) : 1.0;
            counted = wire_now;
        }
        reader_.commit(n, Clock::now(), ratio);
    }
    reader_running_ = false;
    done_signal_.cancel();
}

net::awaitable<void> Connection::raw_writer() {
    auto self = shared_from_this();
    const bool tls = stream_.kind() == AnyStream::Kind::tls;
    for (;;) {
        bool ready = false;
        while (alive_ && !closing_ && !(ready = writer_.fill(proto_))) {
            writer_signal_.expires_at(Clock::time_point::max());
            co_await writer_signal_.async_wait(use_tuple);
        }
        if (!ready) break;
        const std::string_view out = writer_.bytes();
        const std::uint64_t before = stream_.bytes_written();
        // Straight to the socket when it takes the whole batch (stream.hpp "Speculative write"),
        // else the rest asynchronously.
        boost::system::error_code ec;
        const std::size_t sent = stream_.write_now(out.data(), out.size(), ec);
        if (!ec && sent < out.size()) {
            auto [wec, n] = co_await net::async_write(
                stream_, net::buffer(out.data() + sent, out.size() - sent), use_tuple);
            ec = wec;
        }
        const auto now = Clock::now();
        const double ratio =
            tls ? static_cast<double>(stream_.bytes_written() - before) / static_cast<double>(out.size())
                : 1.0;
        for (const auto& b : writer_.batch())
            proto_.on_written(
                b.w, !ec, now,
                tls ? static_cast<std::uint64_t>(std::llround(static_cast<double>(b.bytes) * ratio))
                    : b.bytes);
        if (ec) {
            on_lost("request could not be written: " + ec.message());
            break;
        }
    }
    // Requests still queued when the loop ends are failed by on_lost / async_close.
    writer_running_ = false;
    done_signal_.cancel();
}

void Connection::drop() noexcept {
    const bool was_alive = alive_;
    alive_ = false;
    release_waiters();
    writer_signal_.cancel();
    if (was_alive) stream_.close();
}

void Connection::on_lost(std::string_view why, errc e) noexcept {
    const bool was_alive = alive_;
    alive_ = false;
    proto_.on_connection_lost(e, why, Clock::now());
    release_waiters();
    writer_signal_.cancel();
    if (was_alive) stream_.close();
}

net::awaitable<void> Connection::wait_until(bool Connection::*running, std::chrono::milliseconds limit) {
    const auto until = Clock::now() + limit;
    while (this->*running && Clock::now() < until) {
        done_signal_.expires_at(until);
        co_await done_signal_.async_wait(use_tuple);
    }
}

net::awaitable<void> Connection::async_close() {
    auto self = shared_from_this();
    if (!alive_ || closing_) co_return;
    closing_ = true;
    // Stop the writer first: the close frame must not interleave with a request frame.
    writer_signal_.cancel();
    co_await wait_until(&Connection::writer_running_, std::chrono::milliseconds(2000));
    proto_.on_connection_lost(errc::cancelled, "session closed", Clock::now());
    // A writer still stuck in a write (the peer stopped reading) would block the close frame
    // behind it forever: drop the connection instead of closing gracefully.
    if (writer_running_) on_lost("session closed while a request frame was still being written");
    if (alive_) {
        // Our close frame (status 1000); the reader ends on the server's answer.
        const char code[2] = {0x03, static_cast<char>(0xe8)};
        const std::string close_frame = writer_.close_frame(std::string_view(code, 2));
        auto [ec, n] = co_await net::async_write(stream_, net::buffer(close_frame), use_tuple);
        if (!ec) co_await wait_until(&Connection::reader_running_, std::chrono::milliseconds(2000));
    }
    if (alive_) on_lost("session closed");
    co_await wait_until(&Connection::reader_running_, std::chrono::milliseconds(2000));
}

// What a ws37 configuration decides, checked once: make_session and check_config both read it, so
// a bad configuration is refused the same way with or without a session.
struct Ws37Settings {
    io::ws37::Format format;
    std::shared_ptr<backends_detail::TlsClient> tls;
    bool compression = false;
    bool eager_auth = false;
};

Ws37Settings settings_of(const engine::SessionConfig& cfg) {
    Ws37Settings st;
    st.format = parse_serializer(cfg.target.serializer);
    st.tls = backends_detail::TlsClient::for_target(cfg.target.tls);
    st.compression = bool_option(cfg.target, "ws37", "compression");
    (void)backends_detail::memo_option(cfg.target, "ws37");  // checked here, read per connection
    if (cfg.max_in_process_per_connection == 0)
        throw std::invalid_argument("ws37: max_in_process_per_connection must be >= 1");
    const std::string sasl = option(cfg.target, "sasl", "eager");
    if (sasl != "eager" && sasl != "lazy")
        throw std::invalid_argument("ws37: option sasl must be eager or lazy, got '" + sasl + "'");
    const auto& a = cfg.target.auth;
    if (a.mechanism == engine::AuthOptions::Mechanism::basic)
        throw std::invalid_argument(
            "ws37: HTTP Basic authentication is not part of the 3.7 WebSocket protocol "
            "(use SASL PLAIN or SigV4)");
    st.eager_auth = a.mechanism == engine::AuthOptions::Mechanism::sasl_plain && sasl == "eager";
    return st;
}

class Ws37Session final : public engine::Session {
public:
    Ws37Session(net::any_io_executor ex, const engine::SessionConfig& cfg, detail::StreamSource source)
        : Ws37Session(std::move(ex), cfg, std::move(source), settings_of(cfg)) {}
    Ws37Session(net::any_io_executor ex, const engine::SessionConfig& cfg, detail::StreamSource source,
                Ws37Settings st)
        : ex_(std::move(ex)),
          cfg_(cfg),
          source_(std::move(source)),
          format_(st.format),
          tls_(std::move(st.tls)),
          compression_(st.compression),
          eager_auth_(st.eager_auth) {}
    ~Ws37Session() override {
        if (conn_) conn_->abort();
    }

    net::awaitable<std::error_code> async_connect() override {
        if (conn_) {
            conn_->abort();
            conn_->add_counters(past_counters_);
        }
        conn_ = std::make_shared<Connection>(ex_, cfg_, format_, tls_, source_, compression_, eager_auth_);
        auto c = conn_;
        const auto ec = co_await c->async_connect();
        timings_ = ec ? engine::ConnectTimings{} : c->timings();
        connect_error_ = ec ? c->connect_error() : std::string();
        co_return ec;
    }
    // Not a coroutine itself: the connection's coroutine is the request's only frame (it keeps
    // the connection alive while it runs).
    net::awaitable<engine::Outcome> async_execute(const engine::Request& req) override {
        if (!conn_) return not_connected();
        return conn_->async_execute(req);
    }
    bool start_execute(const engine::Request& req, engine::ExecuteSlot& slot) override {
        return conn_ && conn_->start_execute(req, slot);
    }
    net::awaitable<void> async_close() override {
        if (!conn_) co_return;
        auto c = conn_;
        co_await c->async_close();
    }
    std::size_t max_in_flight() const noexcept override { return cfg_.max_in_process_per_connection; }
    bool is_open() const noexcept override { return conn_ && conn_->is_open(); }
    std::string_view name() const noexcept override { return "ws37"; }
    engine::ConnectTimings connect_timings() const noexcept override { return timings_; }
    std::string connect_error_message() const override { return connect_error_; }
    void add_counters(engine::Counters& out) const override {
        for (const auto& [k, n] : past_counters_) out[k] += n;
        if (conn_) conn_->add_counters(out);
    }

private:
    static net::awaitable<engine::Outcome> not_connected() {
        engine::Outcome out;
        out.error = make_error_code(errc::connection_closed);
        out.status_message = "ws37 session is not connected";
        out.done = out.first_result = Clock::now();
        co_return out;
    }

    net::any_io_executor ex_;
    engine::SessionConfig cfg_;
    detail::StreamSource source_;  // empty: TCP or TLS from the target
    io::ws37::Format format_;
    std::shared_ptr<backends_detail::TlsClient> tls_;
    bool compression_;
    bool eager_auth_;
    std::shared_ptr<Connection> conn_;
    engine::Counters past_counters_;  // add_counters of the connections conn_ held before
    engine::ConnectTimings timings_;
    std::string connect_error_;
};

}  // namespace

namespace detail {
std::unique_ptr<engine::Session> make_session_over(net::any_io_executor ex, const engine::SessionConfig& cfg,
                                                   StreamSource source) {
    return std::make_unique<Ws37Session>(std::move(ex), cfg, std::move(source));
}
}  // namespace detail

std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg) {
    return std::make_unique<Ws37Session>(std::move(ex), cfg, detail::StreamSource{});
}

void check_config(const engine::SessionConfig& cfg) { (void)settings_of(cfg); }

}  // namespace tpbench::ws37
