#include "backends/common/memory_stream.hpp"

#include <boost/asio/error.hpp>
#include <boost/beast/core/error.hpp>

#include <algorithm>
#include <cstring>

namespace tpbench::backends_detail {

namespace net = boost::asio;

MemoryStream::MemoryStream(executor_type ex) : ex_(ex), wait_(ex) {}

MemoryStream::MemoryStream(MemoryStream&& o) noexcept
    : ex_(o.ex_),
      wait_(std::move(o.wait_)),
      input_(std::move(o.input_)),
      input_closed_(o.input_closed_),
      open_(o.open_),
      expiry_(o.expiry_),
      ops_(o.ops_),
      fail_op_(o.fail_op_),
      fail_ec_(o.fail_ec_),
      write_limit_(o.write_limit_),
      responder_(std::move(o.responder_)),
      output_(std::move(o.output_)),
      bytes_read_(o.bytes_read_),
      bytes_written_(o.bytes_written_) {}

MemoryStream::~MemoryStream() = default;

void MemoryStream::append_input(std::string_view bytes) {
    if (bytes.empty()) return;
    input_.push_back(Step{std::string(bytes), 0, std::nullopt});
    wait_.cancel();
}

void MemoryStream::close_input() {
    input_closed_ = true;
    wait_.cancel();
}

void MemoryStream::append_read_error(error_code ec) {
    input_.push_back(Step{{}, 0, ec});
    wait_.cancel();
}

void MemoryStream::fail_at(std::size_t k, error_code ec) {
    fail_op_ = ops_ + k;
    fail_ec_ = ec;
}

void MemoryStream::expires_after(std::chrono::nanoseconds d) { expires_at(Clock::now() + d); }

void MemoryStream::expires_at(Clock::time_point t) {
    expiry_ = t;
    // A waiting read re-arms its timer with the new expiry.
    wait_.cancel();
}

void MemoryStream::expires_never() { expires_at(Clock::time_point::max()); }

void MemoryStream::close() noexcept {
    open_ = false;
    wait_.cancel();
}

bool MemoryStream::injected(error_code& ec) noexcept {
    // ops_ was already incremented for this operation: it is operation number ops_ - 1.
    if (fail_op_ && *fail_op_ == ops_ - 1) {
        fail_op_.reset();
        ec = fail_ec_;
        return true;
    }
    return false;
}

bool MemoryStream::try_read(const net::mutable_buffer* bufs, std::size_t nbufs, error_code& ec,
                            std::size_t& n) {
    n = 0;
    ec = {};
    if (!open_) {
        ec = net::error::not_connected;
        return true;
    }
    if (input_.empty()) {
        if (input_closed_) {
            ec = net::error::eof;
            return true;
        }
        if (Clock::now() >= expiry_) {
            ec = boost::beast::error::timeout;
            return true;
        }
        return false;
    }
    Step& st = input_.front();
    if (st.error) {
        ec = *st.error;
        input_.pop_front();
        return true;
    }
    for (std::size_t i = 0; i < nbufs && st.offset < st.bytes.size(); ++i) {
        const std::size_t k = std::min(bufs[i].size(), st.bytes.size() - st.offset);
        std::memcpy(bufs[i].data(), st.bytes.data() + st.offset, k);
        st.offset += k;
        n += k;
    }
    if (st.offset == st.bytes.size()) input_.pop_front();
    bytes_read_ += n;
    return true;
}

void MemoryStream::arm_wait() { wait_.expires_at(expiry_); }

void MemoryStream::do_write(const net::const_buffer* bufs, std::size_t nbufs, error_code& ec,
                            std::size_t& n) {
    n = 0;
    ec = {};
    if (!open_) {
        ec = net::error::not_connected;
        return;
    }
    const std::size_t before = output_.size();
    for (std::size_t i = 0; i < nbufs; ++i) {
        std::size_t k = bufs[i].size();
        if (write_limit_ != 0) k = std::min(k, write_limit_ - n);
        output_.append(static_cast<const char*>(bufs[i].data()), k);
        n += k;
        if (write_limit_ != 0 && n == write_limit_) break;
    }
    bytes_written_ += n;
    if (responder_ && n > 0) {
        // Copy: the responder may clear or grow output_.
        const std::string written = output_.substr(before, n);
        responder_(*this, written);
    }
}

}  // namespace tpbench::backends_detail
