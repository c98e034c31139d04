#include "backends/http4/inflater.hpp"

#include <zlib.h>

#include <array>
#include <cstring>

namespace tpbench::http4 {

// Allocated on the first compressed body only: a connection that never sees Content-Encoding
// (compression is off by default) carries no zlib state and no output buffer — 64 KiB + zlib's
// ~40 KiB per connection otherwise, which a pool of hundreds of http4 connections multiplied.
struct Inflater::Impl {
    z_stream zs{};
    bool initialised = false;
    std::array<unsigned char, 64 * 1024> out{};
    ~Impl() {
        if (initialised) inflateEnd(&zs);
    }
};

Inflater::Inflater() = default;
Inflater::~Inflater() = default;

// The zlib state is kept across responses and reset at the next stream's start (inflateReset2),
// not freed and allocated again per response.
void Inflater::reset() noexcept {
    started_ = finished_ = failed_ = false;
    head_.clear();
    message_.clear();
    total_out_ = 0;
}

errc Inflater::fail(std::string msg) {
    failed_ = true;
    message_ = std::move(msg);
    return errc::protocol_violation;
}

errc Inflater::feed(std::string_view in, const Sink& sink) {
    if (failed_) return errc::protocol_violation;
    if (in.empty()) return errc::ok;
    if (finished_) return fail("bytes after the end of the deflate stream");
    std::string joined;
    if (!started_) {
        // Tell zlib (CMF/FLG check) or gzip (1f 8b) from raw deflate by the first two bytes.
        if (head_.size() + in.size() < 2) {
            head_.append(in);
            return errc::ok;
        }
        if (!head_.empty()) {
            joined = head_;
            joined.append(in);
            in = joined;
            head_.clear();
        }
        const auto b0 = static_cast<unsigned char>(in[0]);
        const auto b1 = static_cast<unsigned char>(in[1]);
        const bool zlib_header = (b0 & 0x0f) == 8 && (b0 >> 4) <= 7 && ((b0 << 8) | b1) % 31 == 0;
        const bool gzip_header = b0 == 0x1f && b1 == 0x8b;
        const int window = (zlib_header || gzip_header) ? 15 + 32 : -15;
        if (!impl_) impl_ = std::make_unique<Impl>();
        if (impl_->initialised) {
            if (inflateReset2(&impl_->zs, window) != Z_OK) return fail("zlib inflateReset2 failed");
        } else {
            impl_->zs = z_stream{};
            if (inflateInit2(&impl_->zs, window) != Z_OK) return fail("zlib inflateInit2 failed");
            impl_->initialised = true;
        }
        started_ = true;
    }
    z_stream& zs = impl_->zs;
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    zs.avail_in = static_cast<uInt>(in.size());
    for (;;) {
        zs.next_out = impl_->out.data();
        zs.avail_out = static_cast<uInt>(impl_->out.size());
        const int rc = inflate(&zs, Z_NO_FLUSH);
        const std::size_t produced = impl_->out.size() - zs.avail_out;
        if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
            return fail(std::string("corrupt deflate data: ") + (zs.msg ? zs.msg : "zlib error"));
        }
        if (produced > 0) {
            total_out_ += produced;
            const errc e = sink(std::string_view(reinterpret_cast<const char*>(impl_->out.data()), produced));
            if (e != errc::ok) {
                failed_ = true;
                return e;
            }
        }
        if (rc == Z_STREAM_END) {
            finished_ = true;
            if (zs.avail_in > 0) return fail("bytes after the end of the deflate stream");
            return errc::ok;
        }
        // More output may be pending only if the output buffer filled up.
        if (zs.avail_in == 0 && zs.avail_out != 0) return errc::ok;
        if (rc == Z_BUF_ERROR && zs.avail_out != 0) return errc::ok;
    }
}

}  // namespace tpbench::http4
