#pragma once
// An in-memory Asio stream for tests (AsyncReadStream + AsyncWriteStream), one of the three
// transports of backends/common/stream.hpp. It has no peer: what a read returns is scripted
// (chunks of bytes, end of input, an error), what is written is captured, and a responder may
// script the answer to each write. Failure injection: fail_at(k, ec) makes the k-th I/O operation
// (reads and writes counted together, from 0) fail with ec, which is how the "failure at every
// step" loops of the tests are written. A read with no scripted input waits until input arrives,
// the input is closed, the stream is closed, or the expiry (expires_after/at) passes
// (beast::error::timeout) — so a stalled peer can be scripted too.
//
// Completion: every operation completes through the stream's executor (never inside the initiating
// call). Single-threaded: use it from one executor only.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/system/error_code.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace tpbench::backends_detail {

class MemoryStream {
public:
    using executor_type = boost::asio::any_io_executor;
    using error_code = boost::system::error_code;
    using Clock = std::chrono::steady_clock;
    // Called after each successful write with the bytes that write took; it may script input.
    using Responder = std::function<void(MemoryStream&, std::string_view written)>;

    explicit MemoryStream(executor_type ex);
    MemoryStream(MemoryStream&&) noexcept;
    MemoryStream& operator=(MemoryStream&&) = delete;
    ~MemoryStream();

    executor_type get_executor() const noexcept { return ex_; }

    // --- script -----------------------------------------------------------------------------
    // Appends one read chunk: a read returns bytes from at most one chunk (so the way a test splits
    // its input is the way the reader sees it). Wakes a waiting read.
    void append_input(std::string_view bytes);
    // Ends the input after the chunks already appended: later reads fail with asio::error::eof.
    void close_input();
    // The next read (after the chunks already appended) fails with `ec` instead.
    void append_read_error(error_code ec);
    // The k-th I/O operation from now on (0 = the next one; reads and writes counted together)
    // fails with `ec` without moving bytes. One injection at a time; a new call replaces it.
    void fail_at(std::size_t k, error_code ec);
    void set_responder(Responder r) { responder_ = std::move(r); }
    // At most n bytes per write_some (0 = unlimited), to exercise partial writes.
    void set_write_limit(std::size_t n) noexcept { write_limit_ = n; }

    // --- observation ------------------------------------------------------------------------
    // Everything written so far (cleared by clear_output()).
    const std::string& output() const noexcept { return output_; }
    void clear_output() noexcept { output_.clear(); }
    std::uint64_t bytes_read() const noexcept { return bytes_read_; }
    std::uint64_t bytes_written() const noexcept { return bytes_written_; }
    // I/O operations started so far (the `k` space of fail_at).
    std::size_t operations() const noexcept { return ops_; }
    bool is_open() const noexcept { return open_; }

    // --- deadline / close (the basic_stream vocabulary) ---------------------------------------
    void expires_after(std::chrono::nanoseconds d);
    void expires_at(Clock::time_point t);
    void expires_never();
    // Closes the stream: a waiting read completes with operation_aborted, later operations fail
    // with asio::error::not_connected.
    void close() noexcept;

    template <class MutableBufferSequence, class ReadToken>
    auto async_read_some(const MutableBufferSequence& buffers, ReadToken&& token) {
        return boost::asio::async_compose<ReadToken, void(error_code, std::size_t)>(
            ReadOp<MutableBufferSequence>{this, buffers}, token, ex_);
    }

    template <class ConstBufferSequence, class WriteToken>
    auto async_write_some(const ConstBufferSequence& buffers, WriteToken&& token) {
        return boost::asio::async_compose<WriteToken, void(error_code, std::size_t)>(
            WriteOp<ConstBufferSequence>{this, buffers}, token, ex_);
    }

private:
    struct Step {
        std::string bytes;
        std::size_t offset = 0;
        std::optional<error_code> error;  // set: this step is an error, not bytes
    };

    // Non-template cores (memory_stream.cpp). try_read returns false when the read must wait.
    bool injected(error_code& ec) noexcept;
    bool try_read(const boost::asio::mutable_buffer* bufs, std::size_t nbufs, error_code& ec, std::size_t& n);
    void do_write(const boost::asio::const_buffer* bufs, std::size_t nbufs, error_code& ec, std::size_t& n);
    void arm_wait();

    template <class Buffers>
    struct ReadOp {
        MemoryStream* s;
        Buffers buffers;
        int state = 0;  // 0 start, 1 waiting, 2 result ready
        error_code ec{};
        std::size_t n = 0;

        template <class Self>
        void operator()(Self& self, error_code = {}) {
            if (state == 2) {
                self.complete(ec, n);
                return;
            }
            const bool first = state == 0;
            if (first) ++s->ops_;
            if (first && s->injected(ec)) {
                state = 2;
                boost::asio::post(s->ex_, std::move(self));
                return;
            }
            boost::asio::mutable_buffer bufs[8];
            std::size_t nb = 0;
            for (auto it = boost::asio::buffer_sequence_begin(buffers);
                 it != boost::asio::buffer_sequence_end(buffers) && nb < 8; ++it)
                bufs[nb++] = *it;
            if (!s->try_read(bufs, nb, ec, n)) {
                state = 1;
                s->arm_wait();
                s->wait_.async_wait(std::move(self));
                return;
            }
            state = 2;
            if (first)
                boost::asio::post(s->ex_, std::move(self));
            else
                self.complete(ec, n);
        }
    };

    template <class Buffers>
    struct WriteOp {
        MemoryStream* s;
        Buffers buffers;
        bool started = false;
        error_code ec{};
        std::size_t n = 0;

        template <class Self>
        void operator()(Self& self) {
            if (started) {
                self.complete(ec, n);
                return;
            }
            started = true;
            ++s->ops_;
            if (!s->injected(ec)) {
                boost::asio::const_buffer bufs[16];
                std::size_t nb = 0;
                for (auto it = boost::asio::buffer_sequence_begin(buffers);
                     it != boost::asio::buffer_sequence_end(buffers) && nb < 16; ++it)
                    bufs[nb++] = *it;
                s->do_write(bufs, nb, ec, n);
            }
            boost::asio::post(s->ex_, std::move(self));
        }
    };

    executor_type ex_;
    boost::asio::steady_timer wait_;
    std::deque<Step> input_;
    bool input_closed_ = false;
    bool open_ = true;
    Clock::time_point expiry_ = Clock::time_point::max();
    std::size_t ops_ = 0;
    std::optional<std::size_t> fail_op_;
    error_code fail_ec_;
    std::size_t write_limit_ = 0;
    Responder responder_;
    std::string output_;
    std::uint64_t bytes_read_ = 0;
    std::uint64_t bytes_written_ = 0;
};

}  // namespace tpbench::backends_detail
