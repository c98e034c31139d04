#pragma once
// AnyStream: the one connected-stream type both backends speak over — plain TCP, TLS over TCP, or
// the in-memory test stream — as a std::variant behind the AsyncReadStream/AsyncWriteStream
// interface (plus the Beast close/teardown customisations), so websocket::stream<AnyStream> and
// http::async_read/write are instantiated once per backend whatever the transport. Why a variant
// and not type erasure: docs/backends.md ("The transport layer"). Heavy header (Asio SSL, Beast):
// include it only from the backends' session .cpp files and backends/common/transport.cpp.
//
// Byte counting: TCP and TLS sit on a beast::basic_stream with CountingRatePolicy, so bytes_read()
// and bytes_written() are the bytes on the wire (TLS records included); the memory stream counts
// what it moved. Deadlines: expires_after/at/never apply to the TCP layer (so they bound TLS
// records too) or to the memory stream's waiting reads.
//
// Direct path: on plain TCP with no expiry set (the steady state of both backends: the http1
// connection keeps its own lazy deadline timer, ws37 its per-request timers), reads and writes go
// straight to the socket, bypassing beast::basic_stream's per-operation machinery (a composed op
// with a work guard, a shared_ptr copy and a rate-policy call per read or write); the bytes are
// counted by the handler (CountingHandler). Closing works the same (close() cancels the socket).
//
// Speculative write (write_now): on the direct path a request is first written synchronously, as
// far as the socket takes it without blocking (the socket is put in user non-blocking mode on the
// first try; Asio's asynchronous operations do not depend on that mode). When the socket took
// everything, which is the steady state of a request/response protocol, the caller skips the
// asynchronous write altogether: no reactor op, no posted completion, no coroutine suspension.
// Otherwise it writes the rest with net::async_write as before.
//
// Threading: like any Asio stream, used from one executor at a time; one read and one write may be
// outstanding at once.
#include "backends/common/counting_policy.hpp"
#include "backends/common/memory_stream.hpp"
#include "backends/common/transport.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/basic_stream.hpp>
#include <boost/beast/core/stream_traits.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <chrono>
#include <memory>
#include <utility>
#include <variant>

namespace tpbench::backends_detail {

using TcpStream =
    boost::beast::basic_stream<boost::asio::ip::tcp, boost::asio::any_io_executor, CountingRatePolicy>;
using TlsStream = boost::beast::ssl_stream<TcpStream>;

// The completion handler of the direct path: adds the bytes the socket moved to a counter, then
// completes the wrapped handler. Its associated executor, allocator and cancellation slot are the
// wrapped handler's (the associator specialisation below), as if the socket had it directly.
template <class Handler>
struct CountingHandler {
    Handler inner;
    std::uint64_t* counter;
    void operator()(const boost::system::error_code& ec, std::size_t n) {
        *counter += n;
        std::move(inner)(ec, n);
    }
};

class AnyStream {
public:
    using executor_type = boost::asio::any_io_executor;
    using error_code = boost::system::error_code;
    enum class Kind { tcp, tls, memory };

    // Plain TCP when `tls` is null, else TLS with that client context (see transport.hpp).
    AnyStream(executor_type ex, std::shared_ptr<TlsClient> tls);
    explicit AnyStream(executor_type ex) : AnyStream(std::move(ex), nullptr) {}
    // The in-memory test stream (already "connected").
    explicit AnyStream(MemoryStream&& m);
    AnyStream(AnyStream&&) = default;
    AnyStream& operator=(AnyStream&&) = delete;
    ~AnyStream();

    executor_type get_executor() noexcept { return ex_; }
    Kind kind() const noexcept { return static_cast<Kind>(v_.index()); }
    // Only for kind() == tls: the client context (session cache, verification settings).
    TlsClient* tls_client() const noexcept { return tls_.get(); }

    // The TCP layer (tcp and tls kinds); nullptr for the memory stream.
    TcpStream* tcp() noexcept;
    TlsStream* tls() noexcept { return std::get_if<TlsStream>(&v_); }
    MemoryStream* memory() noexcept { return std::get_if<MemoryStream>(&v_); }

    // Bytes that crossed the transport so far (TLS: encrypted records, handshake included).
    std::uint64_t bytes_read() const noexcept;
    std::uint64_t bytes_written() const noexcept;

    void expires_after(std::chrono::steady_clock::duration d);
    void expires_at(std::chrono::steady_clock::time_point t);
    void expires_never();
    // Closes the socket (no TLS close_notify, no TCP linger): pending operations complete with
    // operation_aborted. Never throws.
    void close() noexcept;
    bool is_open() const noexcept;

    // Writes as much of [data, data + size) as the socket takes now, without blocking, and returns
    // how many bytes that was (counted in bytes_written()). Only on the direct path (plain TCP, no
    // expiry, socket open); otherwise, and when the socket would block, it returns 0 and writes
    // nothing. ec: the socket's error on a failed write (as async_write_some would report it;
    // 0 bytes written), else cleared. The caller writes what is left with net::async_write.
    std::size_t write_now(const void* data, std::size_t size, error_code& ec) noexcept;

    template <class MutableBufferSequence, class ReadToken>
    auto async_read_some(const MutableBufferSequence& buffers, ReadToken&& token) {
        return boost::asio::async_initiate<ReadToken, void(error_code, std::size_t)>(
            [this](auto&& handler, const MutableBufferSequence& b) {
                using H = std::decay_t<decltype(handler)>;
                // Plain TCP with no expiry: straight to the socket (see "Direct path" above).
                if (auto* t = std::get_if<TcpStream>(&v_); t && !expiry_set_) {
                    t->socket().async_read_some(
                        b, CountingHandler<H>{std::forward<decltype(handler)>(handler), &direct_read_});
                    return;
                }
                // One switch per operation; the chosen stream's own op takes the handler.
                std::visit([&](auto& s) { s.async_read_some(b, std::forward<decltype(handler)>(handler)); },
                           v_);
            },
            token, buffers);
    }

    template <class ConstBufferSequence, class WriteToken>
    auto async_write_some(const ConstBufferSequence& buffers, WriteToken&& token) {
        return boost::asio::async_initiate<WriteToken, void(error_code, std::size_t)>(
            [this](auto&& handler, const ConstBufferSequence& b) {
                using H = std::decay_t<decltype(handler)>;
                if (auto* t = std::get_if<TcpStream>(&v_); t && !expiry_set_) {
                    t->socket().async_write_some(
                        b, CountingHandler<H>{std::forward<decltype(handler)>(handler), &direct_written_});
                    return;
                }
                std::visit([&](auto& s) { s.async_write_some(b, std::forward<decltype(handler)>(handler)); },
                           v_);
            },
            token, buffers);
    }

    // Beast customisation points (found by ADL): websocket::stream<AnyStream> closes and tears
    // down through these.
    friend void beast_close_socket(AnyStream& s) noexcept { s.close(); }

    friend void teardown(boost::beast::role_type role, AnyStream& s, error_code& ec) {
        s.teardown_sync(role, ec);
    }

    template <class TeardownHandler>
    friend void async_teardown(boost::beast::role_type role, AnyStream& s, TeardownHandler&& handler) {
        using boost::beast::websocket::async_teardown;
        if (auto* t = std::get_if<TcpStream>(&s.v_)) {
            async_teardown(role, *t, std::forward<TeardownHandler>(handler));
        } else if (auto* x = std::get_if<TlsStream>(&s.v_)) {
            async_teardown(role, *x, std::forward<TeardownHandler>(handler));
        } else {
            // Memory stream: nothing to flush; complete through the executor.
            s.close();
            auto ex = boost::asio::get_associated_executor(handler, s.ex_);
            boost::asio::post(ex,
                              [h = std::forward<TeardownHandler>(handler)]() mutable { h(error_code{}); });
        }
    }

private:
    void teardown_sync(boost::beast::role_type role, error_code& ec);

    executor_type ex_;
    std::shared_ptr<TlsClient> tls_;
    std::variant<TcpStream, TlsStream, MemoryStream> v_;
    bool expiry_set_ = false;        // expires_after/at called since the last expires_never
    std::uint64_t direct_read_ = 0;  // bytes moved by the direct path (plain TCP, no expiry)
    std::uint64_t direct_written_ = 0;
};

}  // namespace tpbench::backends_detail

template <template <typename, typename> class Associator, class Handler, class DefaultCandidate>
struct boost::asio::associator<Associator, tpbench::backends_detail::CountingHandler<Handler>,
                               DefaultCandidate> : Associator<Handler, DefaultCandidate> {
    static typename Associator<Handler, DefaultCandidate>::type get(
        const tpbench::backends_detail::CountingHandler<Handler>& h) noexcept {
        return Associator<Handler, DefaultCandidate>::get(h.inner);
    }
    static auto get(const tpbench::backends_detail::CountingHandler<Handler>& h,
                    const DefaultCandidate& c) noexcept
        -> decltype(Associator<Handler, DefaultCandidate>::get(h.inner, c)) {
        return Associator<Handler, DefaultCandidate>::get(h.inner, c);
    }
};
