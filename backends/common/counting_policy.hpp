#pragma once
// A Beast RatePolicy that never limits and counts every byte that crosses the socket, so the
// backends report bytes on the wire exactly (WebSocket frame headers, masks, compressed payloads,
// HTTP heads, chunk framing, trailers) without wrapping the stream.
#include <boost/beast/core/rate_policy.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>

namespace tpbench::backends_detail {

class CountingRatePolicy {
public:
    std::uint64_t bytes_read() const noexcept { return read_; }
    std::uint64_t bytes_written() const noexcept { return written_; }

private:
    friend class boost::beast::rate_policy_access;
    static constexpr std::size_t all = (std::numeric_limits<std::size_t>::max)();
    std::size_t available_read_bytes() const noexcept { return all; }
    std::size_t available_write_bytes() const noexcept { return all; }
    void transfer_read_bytes(std::size_t n) noexcept { read_ += n; }
    void transfer_write_bytes(std::size_t n) noexcept { written_ += n; }
    void on_timer() noexcept {}

    std::uint64_t read_ = 0;
    std::uint64_t written_ = 0;
};

}  // namespace tpbench::backends_detail
