#pragma once
// The I/O loop shared by the http3 and http4 sessions: one keep-alive HTTP/1.1 connection over
// AnyStream (plain TCP, TLS or the in-memory test stream) that carries one request at a time.
// It opens the stream (timed), writes each request as the one buffer the backend rendered (head
// and body together: one write), reads into a per-connection buffer and hands every piece to the
// backend's response reader (a backends::http1::ResponseHandler over the shared ResponseParser)
// until it says done or failed; re-sends once on a stale keep-alive connection (the server
// closed it while idle: the write fails, or the read ends with no byte); applies the request
// deadline; maps stream errors onto the reader's events and fills the engine::Outcome.
//
// Deadlines cost nothing per request: the stream itself never runs a timer (expires_never), and
// one timer per connection is armed lazily. Each exchange only records its deadline; the timer,
// when it fires, ends the exchange in progress if that deadline has passed (closing the stream, so
// the pending read or write completes and reports errc::timeout) or re-arms itself at the current
// deadline. With the engine's constant request timeout deadlines only grow, so the timer is
// re-armed about once per timeout period instead of twice per request (once per read and write).
// Heavy header (stream.hpp: Asio SSL, Beast): include it only from the sessions' .cpp files.
//
// Threading: used from coroutines on the session's executor only.
#include "backends/common/http1_response.hpp"
#include "backends/common/stream.hpp"
#include "backends/common/transport.hpp"

#include <tpbench/engine/backend.hpp>
#include <tpbench/model/error.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::backends_detail {

class Http1Connection {
public:
    using Clock = engine::Clock;
    // Makes the stream of each new connection (called on every (re)connect). Must not be empty.
    using StreamSource = std::function<AnyStream(boost::asio::any_io_executor)>;

    // The read buffer starts at kFirstReadChunk (a `1+1` response is ~200 bytes) and doubles, up to
    // kReadChunk, whenever a read fills it: a pool of hundreds of connections no longer carries
    // 64 KiB each, and a result stream reaches the large reads within a few reads.
    static constexpr std::size_t kFirstReadChunk = 4 * 1024;
    static constexpr std::size_t kReadChunk = 64 * 1024;

    Http1Connection(boost::asio::any_io_executor ex, StreamSource source, std::string host,
                    std::uint16_t port, std::chrono::milliseconds connect_timeout)
        : ex_(std::move(ex)),
          source_(std::move(source)),
          host_(std::move(host)),
          port_(port),
          connect_timeout_(connect_timeout),
          rbuf_(kFirstReadChunk),
          timer_(ex_) {}
    ~Http1Connection() {
        alive_.reset();  // a completion already queued finds the connection gone
        close();
    }
    Http1Connection(const Http1Connection&) = delete;
    Http1Connection& operator=(const Http1Connection&) = delete;

    // Creates a new stream from the source and opens it (TCP connect, TLS handshake), timed.
    boost::asio::awaitable<std::error_code> open() {
        close();
        stream_.reset();
        stream_.emplace(source_(ex_));
        const auto r = co_await async_open(*stream_, host_, port_, connect_timeout_);
        if (r.error) {
            connect_message_ = r.message;
            stream_->close();
            co_return r.error;
        }
        timings_ = r.timings;
        stream_->expires_never();  // deadlines are the connection's timer (set_deadline), not the stream's
        open_ = true;
        ever_connected_ = true;
        requests_on_connection_ = 0;
        co_return std::error_code{};
    }
    void close() noexcept {
        if (stream_) stream_->close();
        open_ = false;
        if (timer_armed_) {
            timer_armed_ = false;
            ++timer_generation_;
            timer_.cancel();
        }
    }
    bool is_open() const noexcept { return open_ && stream_ && stream_->is_open(); }

    const engine::ConnectTimings& timings() const noexcept { return timings_; }
    engine::ConnectTimings& timings() noexcept { return timings_; }
    // Why the last open failed (no secrets); the session may set its own reason (e.g. a probe).
    std::string& connect_message() noexcept { return connect_message_; }
    const std::string& connect_message() const noexcept { return connect_message_; }

    // One request/response exchange, as the whole coroutine a session's async_execute returns: one
    // coroutine frame per request, and its Outcome is built in place (no Outcome moved between
    // frames). `start()` is called before each attempt's read (it starts the reader on a new
    // response); `reader` is fed until done or failed. Fills sent, first_byte, first_result (as
    // soon as reader.result_count() > 0), done, bytes_out, bytes_in, reconnects; on a complete
    // response also partial_responses (reader.chunks()), result_count, status_code,
    // error/status_message (the reader's classification) and results (when keep_results), calls
    // `finish(outcome)`, and closes the connection unless the reader allows keep-alive. On a
    // failure (connect, write, read, deadline, framing or body) the Outcome holds it, finish is not
    // called, and the connection is closed. `start` and `finish` are taken by value and live in
    // the frame until it ends (a guard in them ends with the exchange, even one never awaited);
    // `wire` and `reader` must outlive it.
    template <class Reader, class Start, class Finish>
    boost::asio::awaitable<engine::Outcome> exchange(std::string_view wire, Clock::time_point deadline,
                                                     bool keep_results, Reader& reader, Start start,
                                                     Finish finish);

private:
    static bool is_end_of_stream(const boost::system::error_code& ec) noexcept {
        // A TLS peer that closes without close_notify reports stream_truncated: the same event.
        return ec == boost::asio::error::eof || ec == boost::asio::ssl::error::stream_truncated;
    }
    // Records the exchange's deadline (max = none) and makes sure the timer fires by then.
    void set_deadline(Clock::time_point d) {
        deadline_ = d;
        timed_out_ = false;
        if (d == Clock::time_point::max()) return;
        if (timer_armed_ && timer_.expiry() <= d) return;  // fires earlier and re-arms if needed
        arm(d);
    }
    void arm(Clock::time_point at) {
        timer_armed_ = true;
        const std::uint64_t gen = ++timer_generation_;
        timer_.expires_at(at);  // cancels a wait armed for later: its completion sees a new generation
        timer_.async_wait([this, alive = std::weak_ptr<int>(alive_), gen](const boost::system::error_code&) {
            if (alive.expired() || gen != timer_generation_) return;
            timer_armed_ = false;
            if (deadline_ == Clock::time_point::max()) return;  // no exchange in progress
            if (Clock::now() >= deadline_) {
                timed_out_ = true;  // the pending read/write completes with an error: timeout
                if (stream_) stream_->close();
                open_ = false;
            } else {
                arm(deadline_);
            }
        });
    }

    void fail(engine::Outcome& out, errc e, std::string msg) {
        out.error = make_error_code(e);
        out.status_message = std::move(msg);
        out.done = Clock::now();
        if (out.first_result == Clock::time_point{}) out.first_result = out.done;
        if (out.first_byte == Clock::time_point{}) out.first_byte = out.done;
        close();
    }

    boost::asio::any_io_executor ex_;
    StreamSource source_;
    std::string host_;
    std::uint16_t port_;
    std::chrono::milliseconds connect_timeout_;
    std::optional<AnyStream> stream_;
    bool open_ = false;
    bool ever_connected_ = false;
    std::uint64_t requests_on_connection_ = 0;
    engine::ConnectTimings timings_;
    std::string connect_message_;
    std::vector<char> rbuf_;
    // The lazy deadline timer (see the top of this file).
    boost::asio::steady_timer timer_;
    bool timer_armed_ = false;
    std::uint64_t timer_generation_ = 0;
    Clock::time_point deadline_ = Clock::time_point::max();
    bool timed_out_ = false;
    std::shared_ptr<int> alive_ = std::make_shared<int>(0);

    std::size_t last_read_ = 0;  // bytes of the previous read (a full buffer grows it)

    // The buffer for the next read; called only once the previous read's bytes were consumed.
    boost::asio::mutable_buffer read_buffer() {
        if (last_read_ == rbuf_.size() && rbuf_.size() < kReadChunk)
            rbuf_.resize(std::min(rbuf_.size() * 2, kReadChunk));
        return boost::asio::buffer(rbuf_);
    }
};

template <class Reader, class Start, class Finish>
boost::asio::awaitable<engine::Outcome> Http1Connection::exchange(std::string_view wire,
                                                                  Clock::time_point deadline,
                                                                  bool keep_results, Reader& reader,
                                                                  Start start, Finish finish) {
    namespace net = boost::asio;
    namespace beast = boost::beast;
    using Status = backends::http1::Status;
    constexpr auto use_tuple = net::as_tuple(net::use_awaitable);

    engine::Outcome out;
    std::uint64_t r0 = 0;
    Clock::time_point done_at{};  // set when the response ended in the read that gave its first result
    // Send, re-opening the connection once if the server had closed an idle keep-alive connection.
    for (int attempt = 0;; ++attempt) {
        if (!is_open()) {
            const bool reconnect = ever_connected_;
            const auto ec = co_await open();
            if (ec) {
                fail(out, ec == make_error_code(errc::tls_failed) ? errc::tls_failed : errc::connect_failed,
                     connect_message_.empty() ? "could not (re)connect" : connect_message_);
                co_return out;
            }
            if (reconnect) ++out.reconnects;
        }
        AnyStream& s = *stream_;
        const bool reused = requests_on_connection_ > 0;
        set_deadline(deadline);
        const std::uint64_t w0 = s.bytes_written();
        // The whole request straight to the socket when it takes it (stream.hpp "Speculative
        // write"), else the rest asynchronously.
        boost::system::error_code wec;
        const std::size_t now = s.write_now(wire.data(), wire.size(), wec);
        if (!wec && now < wire.size()) {
            auto [ec, n] =
                co_await net::async_write(s, net::buffer(wire.data() + now, wire.size() - now), use_tuple);
            wec = ec;
        }
        out.sent = Clock::now();
        out.bytes_out += s.bytes_written() - w0;
        if (wec) {
            const errc e = timed_out_ || wec == beast::error::timeout ? errc::timeout : errc::write_failed;
            deadline_ = Clock::time_point::max();
            close();
            if (reused && attempt == 0 && e != errc::timeout) continue;
            fail(out, e, "request could not be written: " + wec.message());
            co_return out;
        }
        ++requests_on_connection_;
        r0 = s.bytes_read();
        start();
        auto [rec, n] = co_await s.async_read_some(read_buffer(), use_tuple);
        last_read_ = n;
        if (rec && n == 0) {
            out.bytes_in += s.bytes_read() - r0;
            // A keep-alive connection the server had already closed: nothing was processed.
            const bool timeout = timed_out_ || rec == beast::error::timeout;
            const bool stale = reused && attempt == 0 && !timeout;
            deadline_ = Clock::time_point::max();
            close();
            if (stale) continue;
            if (timeout)
                fail(out, errc::timeout, "no response before the request deadline");
            else
                fail(out, errc::connection_closed, "no response: " + rec.message());
            co_return out;
        }
        out.first_byte = Clock::now();
        // Feed the first piece, then keep reading until the reader says done or failed.
        std::size_t pending = n;
        for (;;) {
            std::size_t used = 0;
            Status st = reader.feed(std::string_view(rbuf_.data(), pending), used);
            Clock::time_point stamped{};
            if (out.first_result == Clock::time_point{} && reader.result_count() > 0)
                out.first_result = stamped = Clock::now();
            if (st == Status::need_more && rec) {
                // The stream ended or failed after these bytes.
                if (is_end_of_stream(rec) && !timed_out_) {
                    st = reader.on_eof();
                } else {
                    const bool timeout = timed_out_ || rec == beast::error::timeout;
                    deadline_ = Clock::time_point::max();
                    out.bytes_in = s.bytes_read() - r0;
                    out.result_count = reader.result_count();
                    fail(out, timeout ? errc::timeout : errc::connection_closed,
                         timeout ? "response not complete before the request deadline"
                                 : "response interrupted: " + rec.message());
                    co_return out;
                }
            }
            if (st == Status::failed) {
                deadline_ = Clock::time_point::max();
                out.bytes_in = s.bytes_read() - r0;
                out.result_count = reader.result_count();
                out.status_code = reader.http_status();
                fail(out, reader.error(), reader.message());
                co_return out;
            }
            if (st == Status::done) {
                // Bytes after the response: the server spoke out of turn; this response stands,
                // the connection does not carry another.
                if (used < pending) close();
                // The first result and the end came in the same bytes: that reading is the end's.
                done_at = stamped;
                break;
            }
            auto [ec2, n2] = co_await s.async_read_some(read_buffer(), use_tuple);
            rec = ec2;
            pending = n2;
            last_read_ = n2;
        }
        break;
    }

    AnyStream& s = *stream_;
    deadline_ = Clock::time_point::max();
    out.done = done_at != Clock::time_point{} ? done_at : Clock::now();
    out.bytes_in = s.bytes_read() - r0;
    out.partial_responses = reader.chunks();
    out.result_count = reader.result_count();
    out.status_code = reader.status_code();
    if (out.first_result == Clock::time_point{}) out.first_result = out.done;
    if (reader.error() != errc::ok) {
        out.error = make_error_code(reader.error());
        out.status_message = reader.message();
    }
    if (keep_results) out.results = std::move(reader.results());
    if (!reader.keep_alive()) close();
    finish(out);
    co_return out;
}

}  // namespace tpbench::backends_detail
