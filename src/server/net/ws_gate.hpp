#pragma once
// GatedStream: the next layer under the ws37 server's websocket::stream, so that the connection's
// writer can send many response frames in one write (gather-write) beside Beast, which
// keeps writing control frames itself from inside its read (pong, the close reply, keep-alive
// pings). Frames must never interleave inside a frame, so the two writers exclude each other:
//
//   * Beast's writes (every async_write_some it makes) pass straight through, unless a gathered
//     write is in progress: then the one Beast write is parked and started when it ends (Beast
//     serialises its own writes, so there is at most one);
//   * async_write_gathered() waits until no Beast write is in progress. A Beast frame that needs
//     several write_some calls issues the next one from the completion of the previous (Asio's
//     composed write), before the gate looks again, so a gathered write never starts inside it.
//
// Reads pass through, counted (reads(): the ws37 idle watch's sign of life from the peer); Beast's
// teardown goes to the wrapped stream.
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/associator.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>

namespace tpbench::server::detail {

template <class Next>
class GatedStream;

namespace gate_detail {

// Completion of a Beast write on the gate: counts it finished, completes Beast's handler (which
// may issue its next write_some at once), then lets a waiting gathered write go. Its associated
// executor, allocator and cancellation slot are the wrapped handler's (associator below).
template <class Gate, class Handler>
struct BeastWriteHandler {
    Handler inner;
    Gate* gate;
    void operator()(const boost::system::error_code& ec, std::size_t n) {
        Gate* g = gate;
        --g->beast_writes_;
        std::move(inner)(ec, n);
        g->after_beast_write();
    }
};

// Completion of a read on the gate: counts a read that brought bytes, then completes the caller's
// handler. `reads` is only touched when bytes arrived (an aborted read may outlive the stream).
template <class Handler>
struct CountedReadHandler {
    Handler inner;
    std::uint64_t* reads;
    void operator()(const boost::system::error_code& ec, std::size_t n) {
        if (n > 0) ++*reads;
        std::move(inner)(ec, n);
    }
};

}  // namespace gate_detail

template <class Next>
class GatedStream {
public:
    using executor_type = typename Next::executor_type;
    using next_layer_type = Next;
    using error_code = boost::system::error_code;

    explicit GatedStream(Next&& next) : next_(std::move(next)), raw_wait_(next_.get_executor()) {}
    GatedStream(const GatedStream&) = delete;
    GatedStream& operator=(const GatedStream&) = delete;

    executor_type get_executor() noexcept { return next_.get_executor(); }
    Next& next_layer() noexcept { return next_; }
    const Next& next_layer() const noexcept { return next_; }

    template <class MutableBufferSequence, class ReadToken>
    auto async_read_some(const MutableBufferSequence& buffers, ReadToken&& token) {
        return boost::asio::async_initiate<ReadToken, void(error_code, std::size_t)>(
            [this](auto handler, const MutableBufferSequence& b) {
                using H = decltype(handler);
                next_.async_read_some(b, gate_detail::CountedReadHandler<H>{std::move(handler), &reads_});
            },
            token, buffers);
    }
    // Reads that brought bytes so far (any frame: data, ping, pong, close).
    std::uint64_t reads() const noexcept { return reads_; }

    // Beast's writes (and any other plain write on the gate, e.g. the fault hooks' raw bytes).
    template <class ConstBufferSequence, class WriteToken>
    auto async_write_some(const ConstBufferSequence& buffers, WriteToken&& token) {
        return boost::asio::async_initiate<WriteToken, void(error_code, std::size_t)>(
            [this](auto handler, const ConstBufferSequence& b) {
                using H = decltype(handler);
                if (gathering_) {
                    // Rare (a control frame during a gathered write): parked on the heap.
                    parked_ = std::make_unique<Parked<ConstBufferSequence, H>>(this, b, std::move(handler));
                    return;
                }
                start_beast_write(b, std::move(handler));
            },
            token, buffers);
    }

    // Writes every buffer of `buffers` (frames the caller built) once no Beast write is in progress;
    // Beast's writes wait meanwhile. The buffers must stay valid until it returns.
    template <class ConstBufferSequence>
    boost::asio::awaitable<std::tuple<error_code, std::size_t>> async_write_gathered(
        const ConstBufferSequence& buffers) {
        constexpr auto tuple_awaitable = boost::asio::as_tuple(boost::asio::use_awaitable);
        while (beast_writes_ > 0) {
            raw_waiting_ = true;
            raw_wait_.expires_at(boost::asio::steady_timer::time_point::max());
            co_await raw_wait_.async_wait(tuple_awaitable);
            raw_waiting_ = false;
        }
        gathering_ = true;
        auto [ec, n] = co_await boost::asio::async_write(next_, buffers, tuple_awaitable);
        gathering_ = false;
        if (parked_) {
            auto p = std::move(parked_);
            p->start();
        }
        co_return std::tuple<error_code, std::size_t>{ec, n};
    }

    // Beast customisation points (found by ADL): teardown goes to the wrapped stream.
    friend void teardown(boost::beast::role_type role, GatedStream& s, error_code& ec) {
        using boost::beast::websocket::teardown;
        teardown(role, s.next_, ec);
    }
    template <class TeardownHandler>
    friend void async_teardown(boost::beast::role_type role, GatedStream& s, TeardownHandler&& handler) {
        using boost::beast::websocket::async_teardown;
        async_teardown(role, s.next_, std::forward<TeardownHandler>(handler));
    }

private:
    template <class G, class H>
    friend struct gate_detail::BeastWriteHandler;

    struct ParkedBase {
        virtual ~ParkedBase() = default;
        virtual void start() = 0;
    };
    template <class Buffers, class Handler>
    struct Parked final : ParkedBase {
        Parked(GatedStream* s, const Buffers& b, Handler&& h) : gate(s), buffers(b), handler(std::move(h)) {}
        void start() override { gate->start_beast_write(buffers, std::move(handler)); }
        GatedStream* gate;
        Buffers buffers;
        Handler handler;
    };

    template <class ConstBufferSequence, class Handler>
    void start_beast_write(const ConstBufferSequence& b, Handler&& handler) {
        using H = std::decay_t<Handler>;
        ++beast_writes_;
        next_.async_write_some(
            b, gate_detail::BeastWriteHandler<GatedStream, H>{std::forward<Handler>(handler), this});
    }
    void after_beast_write() {
        if (beast_writes_ == 0 && raw_waiting_) raw_wait_.cancel();
    }

    Next next_;
    boost::asio::steady_timer raw_wait_;  // a gathered write waits on it for Beast's write to end
    int beast_writes_ = 0;                // Beast write_some calls in progress (0 or 1)
    bool gathering_ = false;              // a gathered write is in progress
    bool raw_waiting_ = false;
    std::unique_ptr<ParkedBase> parked_;  // Beast's write, waiting for the gathered one
    std::uint64_t reads_ = 0;
};

}  // namespace tpbench::server::detail

template <template <typename, typename> class Associator, class Gate, class Handler, class DefaultCandidate>
struct boost::asio::associator<
    Associator, tpbench::server::detail::gate_detail::BeastWriteHandler<Gate, Handler>, DefaultCandidate>
    : Associator<Handler, DefaultCandidate> {
    using Wrapped = tpbench::server::detail::gate_detail::BeastWriteHandler<Gate, Handler>;
    static typename Associator<Handler, DefaultCandidate>::type get(const Wrapped& h) noexcept {
        return Associator<Handler, DefaultCandidate>::get(h.inner);
    }
    static auto get(const Wrapped& h, const DefaultCandidate& c) noexcept
        -> decltype(Associator<Handler, DefaultCandidate>::get(h.inner, c)) {
        return Associator<Handler, DefaultCandidate>::get(h.inner, c);
    }
};

template <template <typename, typename> class Associator, class Handler, class DefaultCandidate>
struct boost::asio::associator<Associator, tpbench::server::detail::gate_detail::CountedReadHandler<Handler>,
                               DefaultCandidate> : Associator<Handler, DefaultCandidate> {
    using Wrapped = tpbench::server::detail::gate_detail::CountedReadHandler<Handler>;
    static typename Associator<Handler, DefaultCandidate>::type get(const Wrapped& h) noexcept {
        return Associator<Handler, DefaultCandidate>::get(h.inner);
    }
    static auto get(const Wrapped& h, const DefaultCandidate& c) noexcept
        -> decltype(Associator<Handler, DefaultCandidate>::get(h.inner, c)) {
        return Associator<Handler, DefaultCandidate>::get(h.inner, c);
    }
};
