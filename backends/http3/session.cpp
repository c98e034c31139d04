// The http3 session: the thin I/O layer. It owns one stream (backends_detail::AnyStream: plain TCP,
// TLS or the in-memory test stream), writes each request as the one buffer the protocol core
// rendered (protocol.hpp), reads into a fixed 64 KiB scratch buffer and hands every piece to the
// core's ResponseReader, which decides everything about the response. What is left here:
// connecting (timed), deadlines, the one transparent re-send on a stale keep-alive connection,
// byte counts, timestamps and the mapping of stream errors onto the core's events.
//
// Threading: a session is used from coroutines on its executor only (engine::Session contract).
#include <tpbench/backends/http3.hpp>

#include "backends/common/stream.hpp"
#include "backends/common/transport.hpp"
#include "backends/http3/protocol.hpp"
#include "backends/http3/session_detail.hpp"

#include <tpbench/auth/auth.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>

#include <cstring>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace tpbench::http3 {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
using Clock = engine::Clock;
using backends_detail::AnyStream;
using io::ws37::Format;

constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
constexpr std::size_t kReadChunk = 64 * 1024;
constexpr std::string_view kUserAgent = "tpbench/0.1 http3";

std::string option(const engine::Target& t, const char* key, const char* fallback) {
    const auto it = t.options.find(key);
    return it == t.options.end() || it->second.empty() ? std::string(fallback) : it->second;
}

struct Serializer {
    Format format;
    std::string accept;
};

Serializer parse_serializer(std::string_view name) {
    if (name.empty() || name == "graphbinary-v1")
        return {Format::graphbinary_v1, "application/vnd.graphbinary-v1.0"};
    if (name == "graphson-v3") return {Format::graphson_v3, "application/vnd.gremlin-v3.0+json"};
    if (name == "graphson-v3-untyped")
        return {Format::graphson_v3_untyped, "application/vnd.gremlin-v3.0+json;types=false"};
    if (name == "graphson-v3-json") return {Format::graphson_v3, "application/json"};
    throw std::invalid_argument(
        "http3: unknown serializer '" + std::string(name) +
        "' (expected graphbinary-v1, graphson-v3, graphson-v3-untyped or graphson-v3-json)");
}

bool is_end_of_stream(const boost::system::error_code& ec) noexcept {
    return ec == net::error::eof || ec == net::ssl::error::stream_truncated;
}

class Http3Session final : public engine::Session {
public:
    Http3Session(net::any_io_executor ex, const engine::SessionConfig& cfg, detail::StreamSource source)
        : ex_(ex),
          cfg_(cfg),
          source_(std::move(source)),
          ser_(parse_serializer(cfg.target.serializer)),
          language_(option(cfg.target, "language", "")),
          alias_(option(cfg.target, "alias", "")),
          rbuf_(kReadChunk),
          rng_(std::random_device{}()) {
        const auto& t = cfg.target;
        const std::string body = option(t, "body", "json");
        if (body == "json")
            serialized_ = false;
        else if (body == "serialized")
            serialized_ = true;
        else
            throw std::invalid_argument("http3: unknown body '" + body + "' (expected json or serialized)");
        const std::string method = option(t, "method", "post");
        if (method == "post")
            get_ = false;
        else if (method == "get")
            get_ = true;
        else
            throw std::invalid_argument("http3: unknown method '" + method + "' (expected post or get)");
        if (get_ && serialized_)
            throw std::invalid_argument(
                "http3: method=get sends the script in the query string; body=serialized needs POST");
        if (serialized_ && ser_.format == Format::graphson_v3_untyped)
            throw std::invalid_argument(
                "http3: body=serialized needs a typed serializer (graphbinary-v1 or graphson-v3): the server "
                "cannot read a RequestMessage in untyped GraphSON");
        const std::string max = option(t, "maxResponseBytes", "1073741824");
        std::uint64_t n = 0;
        for (char c : max) {
            if (c < '0' || c > '9' || n > (kMaxDeclaredLength / 10))
                throw std::invalid_argument("http3: maxResponseBytes must be a byte count up to 2^40, got '" +
                                            max + "'");
            n = n * 10 + static_cast<std::uint64_t>(c - '0');
        }
        if (n == 0) throw std::invalid_argument("http3: maxResponseBytes must be positive");
        reader_.set_max_body(n);
        using M = engine::AuthOptions::Mechanism;
        if (t.auth.mechanism == M::sasl_plain)
            throw std::invalid_argument(
                "http3: SASL is the WebSocket (ws37) mechanism; the 3.x HTTP endpoint uses HTTP Basic");
        if (t.auth.mechanism == M::sigv4)
            throw std::invalid_argument("http3: SigV4 is not supported on the 3.x HTTP endpoint backend");
        if (!source_) {
            auto tls = backends_detail::TlsClient::for_target(t.tls);
            source_ = [tls](net::any_io_executor e) { return AnyStream(std::move(e), tls); };
        }
        headers_.emplace_back("Host", backends_detail::describe_endpoint(t.host, t.port));
        headers_.emplace_back("User-Agent", std::string(kUserAgent));
        if (!get_)
            headers_.emplace_back("Content-Type", serialized_ ? std::string(io::ws37::mime_type(ser_.format))
                                                              : "application/json");
        headers_.emplace_back("Accept", ser_.accept);
        if (t.auth.mechanism == M::basic)
            headers_.emplace_back("Authorization",
                                  auth::basic_authorization(t.auth.username, t.auth.password));
    }
    ~Http3Session() override { close_stream(); }

    net::awaitable<std::error_code> async_connect() override {
        close_stream();
        auto ec = co_await open_stream();
        if (!ec) connect_message_.clear();
        co_return ec;
    }
    net::awaitable<engine::Outcome> async_execute(const engine::Request& r) override;
    net::awaitable<void> async_close() override {
        close_stream();
        co_return;
    }
    std::size_t max_in_flight() const noexcept override { return 1; }
    bool is_open() const noexcept override { return open_ && stream_ && stream_->is_open(); }
    std::string_view name() const noexcept override { return "http3"; }
    engine::ConnectTimings connect_timings() const noexcept override { return timings_; }
    std::string connect_error_message() const override { return connect_message_; }

private:
    net::awaitable<std::error_code> open_stream();
    void close_stream() noexcept {
        if (stream_) stream_->close();
        open_ = false;
    }
    // Renders wire_ for r (reused when r repeats the previous request; a serialized body only gets
    // its requestId patched).
    void render(const engine::Request& r);
    model::Uuid next_id() {
        model::Uuid u;
        const std::uint64_t a = rng_(), b = rng_();
        std::memcpy(u.data(), &a, 8);
        std::memcpy(u.data() + 8, &b, 8);
        u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | 0x40);
        u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);
        return u;
    }

    net::any_io_executor ex_;
    engine::SessionConfig cfg_;
    detail::StreamSource source_;
    std::optional<AnyStream> stream_;
    Serializer ser_;
    std::string language_;
    std::string alias_;
    bool serialized_ = false;
    bool get_ = false;
    HeaderList headers_;
    bool open_ = false;
    bool busy_ = false;
    bool ever_connected_ = false;
    std::uint64_t requests_on_connection_ = 0;
    engine::ConnectTimings timings_;
    std::string connect_message_;

    std::string wire_;
    bool wire_valid_ = false;
    std::size_t id_offset_ = std::string::npos;  // where the requestId sits in wire_ (serialized)
    model::Uuid id_{};
    std::string last_gremlin_;
    model::Value last_bindings_;
    std::string last_language_;
    std::optional<model::Value> last_bytecode_;
    std::optional<std::int64_t> last_timeout_;

    std::vector<char> rbuf_;
    ResponseReader reader_;
    std::mt19937_64 rng_;
};

net::awaitable<std::error_code> Http3Session::open_stream() {
    close_stream();
    stream_.reset();
    stream_.emplace(source_(ex_));
    const auto r = co_await backends_detail::async_open(*stream_, cfg_.target.host, cfg_.target.port,
                                                        cfg_.connect_timeout);
    if (r.error) {
        connect_message_ = r.message;
        stream_->close();
        co_return r.error;
    }
    timings_ = r.timings;
    open_ = true;
    ever_connected_ = true;
    requests_on_connection_ = 0;
    co_return std::error_code{};
}

void Http3Session::render(const engine::Request& r) {
    const bool same = wire_valid_ && r.gremlin == last_gremlin_ && r.language == last_language_ &&
                      r.server_timeout_ms == last_timeout_ &&
                      r.bytecode.has_value() == last_bytecode_.has_value() &&
                      (!r.bytecode || *r.bytecode == *last_bytecode_) && r.bindings == last_bindings_;
    if (serialized_) {
        const model::Uuid id = next_id();
        if (same && id_offset_ != std::string::npos) {
            // Patch the new requestId into the cached request (raw bytes or its 36-char text).
            if (ser_.format == Format::graphbinary_v1) {
                std::memcpy(wire_.data() + id_offset_, id.data(), 16);
            } else {
                const std::string text = model::uuid_to_string(id);
                std::memcpy(wire_.data() + id_offset_, text.data(), text.size());
            }
            id_ = id;
            return;
        }
        id_ = id;
    } else if (same) {
        return;
    }
    RequestParts p;
    p.gremlin = r.gremlin;
    p.bindings = &r.bindings;
    p.language = !r.language.empty() ? std::string_view(r.language) : std::string_view(language_);
    p.alias = alias_;
    wire_.clear();
    id_offset_ = std::string::npos;
    if (get_) {
        write_request(wire_, "GET", get_target(cfg_.target.path, p), headers_, {}, false);
    } else {
        std::string body;
        if (serialized_)
            serialized_body(body, ser_.format, id_, p, r.bytecode ? &*r.bytecode : nullptr,
                            r.server_timeout_ms);
        else
            json_body(body, p);
        write_request(wire_, "POST", cfg_.target.path, headers_, body, true);
        if (serialized_) {
            const std::string needle = ser_.format == Format::graphbinary_v1
                                           ? std::string(reinterpret_cast<const char*>(id_.data()), 16)
                                           : model::uuid_to_string(id_);
            id_offset_ = wire_.find(needle, wire_.size() - body.size());
        }
    }
    wire_valid_ = true;
    last_gremlin_ = r.gremlin;
    last_bindings_ = r.bindings;
    last_language_ = r.language;
    last_bytecode_ = r.bytecode;
    last_timeout_ = r.server_timeout_ms;
}

net::awaitable<engine::Outcome> Http3Session::async_execute(const engine::Request& r) {
    engine::Outcome out;
    auto fail = [&](errc e, std::string msg) {
        out.error = make_error_code(e);
        out.status_message = std::move(msg);
        out.done = Clock::now();
        if (out.first_result == Clock::time_point{}) out.first_result = out.done;
        if (out.first_byte == Clock::time_point{}) out.first_byte = out.done;
        close_stream();
    };
    if (busy_) {
        out.error = make_error_code(errc::pool_exhausted);
        out.status_message = "http3 session already has a request in flight (max_in_flight() == 1)";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    if (r.bytecode && !serialized_) {
        out.error = make_error_code(errc::server_bad_request);
        out.status_message =
            "http3: a bytecode request needs body=serialized (the JSON and GET forms carry a script only)";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    busy_ = true;
    struct BusyGuard {
        bool& b;
        ~BusyGuard() { b = false; }
    } busy_guard{busy_};
    render(r);
    std::optional<model::Uuid> expected;
    if (serialized_ && id_offset_ != std::string::npos) expected = id_;

    std::uint64_t r0 = 0;
    for (int attempt = 0;; ++attempt) {
        if (!is_open()) {
            const bool reconnect = ever_connected_;
            const auto ec = co_await open_stream();
            if (ec) {
                fail(ec == make_error_code(errc::tls_failed) ? errc::tls_failed : errc::connect_failed,
                     connect_message_.empty() ? "could not (re)connect" : connect_message_);
                co_return out;
            }
            if (reconnect) ++out.reconnects;
        }
        AnyStream& s = *stream_;
        const bool reused = requests_on_connection_ > 0;
        if (r.deadline == Clock::time_point::max())
            s.expires_never();
        else
            s.expires_at(r.deadline);
        const std::uint64_t w0 = s.bytes_written();
        auto [wec, wn] = co_await net::async_write(s, net::buffer(wire_), use_tuple);
        out.sent = Clock::now();
        out.bytes_out += s.bytes_written() - w0;
        if (wec) {
            const errc e = wec == beast::error::timeout ? errc::timeout : errc::write_failed;
            close_stream();
            if (reused && attempt == 0 && e != errc::timeout) continue;
            fail(e, "request could not be written: " + wec.message());
            co_return out;
        }
        ++requests_on_connection_;
        r0 = s.bytes_read();
        reader_.start(ser_.format, r.keep_results, expected);
        auto [rec, n] = co_await s.async_read_some(net::buffer(rbuf_), use_tuple);
        if (rec && n == 0) {
            out.bytes_in += s.bytes_read() - r0;
            const bool stale = reused && attempt == 0 && rec != beast::error::timeout;
            close_stream();
            if (stale) continue;  // the server had closed the idle keep-alive connection
            if (rec == beast::error::timeout)
                fail(errc::timeout, "no response before the request deadline");
            else
                fail(errc::connection_closed, "no response: " + rec.message());
            co_return out;
        }
        out.first_byte = Clock::now();
        std::size_t pending = n;
        for (;;) {
            std::size_t used = 0;
            ResponseReader::Status st = reader_.feed(std::string_view(rbuf_.data(), pending), used);
            if (st == ResponseReader::Status::need_more && rec) {
                if (is_end_of_stream(rec)) {
                    st = reader_.on_eof();
                } else {
                    out.bytes_in = s.bytes_read() - r0;
                    fail(rec == beast::error::timeout ? errc::timeout : errc::connection_closed,
                         rec == beast::error::timeout ? "response not complete before the request deadline"
                                                      : "response interrupted: " + rec.message());
                    co_return out;
                }
            }
            if (st == ResponseReader::Status::failed) {
                out.bytes_in = s.bytes_read() - r0;
                out.status_code = reader_.http_status();
                fail(reader_.error(), reader_.message());
                co_return out;
            }
            if (st == ResponseReader::Status::done) {
                if (used < pending) close_stream();  // bytes after the response: out of turn
                break;
            }
            auto [ec2, n2] = co_await s.async_read_some(net::buffer(rbuf_), use_tuple);
            rec = ec2;
            pending = n2;
        }
        break;
    }
    out.done = Clock::now();
    if (stream_) {
        stream_->expires_never();
        out.bytes_in = stream_->bytes_read() - r0;
    }
    out.partial_responses = 1;  // one whole body
    out.result_count = reader_.result_count();
    out.status_code = reader_.status_code();
    // The results exist only once the whole body is decoded.
    out.first_result = out.done;
    if (reader_.error() != errc::ok) {
        out.error = make_error_code(reader_.error());
        out.status_message = reader_.message();
    }
    if (r.keep_results) out.results = std::move(reader_.results());
    if (!reader_.keep_alive()) close_stream();
    co_return out;
}

}  // namespace

namespace detail {
std::unique_ptr<engine::Session> make_session_over(net::any_io_executor ex, const engine::SessionConfig& cfg,
                                                   StreamSource source) {
    return std::make_unique<Http3Session>(std::move(ex), cfg, std::move(source));
}
}  // namespace detail

std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg) {
    return std::make_unique<Http3Session>(std::move(ex), cfg, detail::StreamSource{});
}

}  // namespace tpbench::http3
