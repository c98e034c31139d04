#pragma once
// Streaming inflate for http4 response bodies sent with Content-Encoding: deflate (pure: zlib
// only, no Asio). Accepts the zlib format (RFC 1950, what "deflate" means in HTTP), gzip, and raw
// deflate (RFC 1951, which some servers send for "deflate"), told apart by the first two bytes.
// Output is produced in pieces of at most 64 KiB and handed to a sink, so memory stays constant
// whatever the body size. Single-threaded; one instance per connection, reset() per response.
#include <tpbench/model/error.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace tpbench::http4 {

class Inflater {
public:
    // Receives each inflated piece; returning anything but errc::ok stops feed() with that code.
    using Sink = std::function<errc(std::string_view)>;

    Inflater();
    ~Inflater();
    Inflater(const Inflater&) = delete;
    Inflater& operator=(const Inflater&) = delete;

    // Starts a new stream (the previous one may be unfinished).
    void reset() noexcept;
    // Inflates `in` (any split of the compressed stream). Returns errc::ok, the sink's error, or
    // errc::protocol_violation for corrupt data / bytes after the end of the stream (see
    // message()). After an error the stream stays failed until reset().
    errc feed(std::string_view in, const Sink& sink);
    // True once the compressed stream's end was seen.
    bool finished() const noexcept { return finished_; }
    const std::string& message() const noexcept { return message_; }
    std::uint64_t bytes_out() const noexcept { return total_out_; }

private:
    struct Impl;
    errc fail(std::string msg);
    std::unique_ptr<Impl> impl_;  // created by the first compressed body (see inflater.cpp)
    bool started_ = false;        // zlib initialised for this stream
    bool finished_ = false;
    bool failed_ = false;
    std::string head_;  // first byte held until the format can be told
    std::string message_;
    std::uint64_t total_out_ = 0;
};

}  // namespace tpbench::http4
