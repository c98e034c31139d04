// The http3 session: the thin I/O layer. The connection (backends/common/http1_connection.hpp, shared
// with http4) owns one stream (backends_detail::AnyStream: plain TCP, TLS or the in-memory test
// stream), writes each request as the one buffer the protocol core rendered (protocol.hpp), reads
// into a per-connection 64 KiB buffer and hands every piece to the core's ResponseReader, which
// decides everything about the response; it also owns deadlines, the one transparent re-send on a
// stale keep-alive connection, byte counts, timestamps and the mapping of stream errors onto the
// core's events. What is left here: the request forms (JSON, serialized, GET) and their cache.
//
// Threading: a session is used from coroutines on its executor only (engine::Session contract).
#include <tpbench/version.hpp>
#include <tpbench/backends/http3.hpp>

#include "backends/common/http1_connection.hpp"
#include "backends/common/last_request.hpp"
#include "backends/common/options.hpp"
#include "backends/common/stream.hpp"
#include "backends/common/transport.hpp"
#include "backends/http3/protocol.hpp"
#include "backends/http3/session_detail.hpp"

#include <tpbench/auth/auth.hpp>

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

const std::string kUserAgent = std::string(tpbench::user_agent_prefix) + " http3";

using backends_detail::option;

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

// What an http3 configuration decides, checked once: make_session and check_config both read it,
// so a bad configuration is refused the same way with or without a session.
struct Http3Settings {
    Serializer ser;
    std::string language;
    std::string alias;
    bool serialized = false;
    bool get = false;
    std::uint64_t max_body = 0;
    bool memo = true;
};

Http3Settings settings_of(const engine::SessionConfig& cfg) {
    const auto& t = cfg.target;
    Http3Settings st{parse_serializer(t.serializer), option(t, "language", ""), option(t, "alias", "")};
    const std::string body = option(t, "body", "json");
    if (body == "json")
        st.serialized = false;
    else if (body == "serialized")
        st.serialized = true;
    else
        throw std::invalid_argument("http3: unknown body '" + body + "' (expected json or serialized)");
    const std::string method = option(t, "method", "post");
    if (method == "post")
        st.get = false;
    else if (method == "get")
        st.get = true;
    else
        throw std::invalid_argument("http3: unknown method '" + method + "' (expected post or get)");
    if (st.get && st.serialized)
        throw std::invalid_argument(
            "http3: method=get sends the script in the query string; body=serialized needs POST");
    if (st.serialized && st.ser.format == Format::graphson_v3_untyped)
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
    st.max_body = n;
    st.memo = backends_detail::memo_option(t, "http3");
    using M = engine::AuthOptions::Mechanism;
    if (t.auth.mechanism == M::sasl_plain)
        throw std::invalid_argument(
            "http3: SASL is the WebSocket (ws37) mechanism; the 3.x HTTP endpoint uses HTTP Basic");
    if (t.auth.mechanism == M::sigv4)
        throw std::invalid_argument("http3: SigV4 is not supported on the 3.x HTTP endpoint backend");
    return st;
}

class Http3Session final : public engine::Session {
public:
    Http3Session(net::any_io_executor ex, const engine::SessionConfig& cfg, detail::StreamSource source)
        : Http3Session(std::move(ex), cfg, std::move(source), settings_of(cfg)) {}
    Http3Session(net::any_io_executor ex, const engine::SessionConfig& cfg, detail::StreamSource source,
                 Http3Settings st)
        : cfg_(cfg),
          ser_(std::move(st.ser)),
          language_(std::move(st.language)),
          alias_(std::move(st.alias)),
          serialized_(st.serialized),
          get_(st.get),
          conn_(ex, source ? std::move(source) : default_source(cfg.target), cfg.target.host, cfg.target.port,
                cfg.connect_timeout),
          rng_(std::random_device{}()) {
        const auto& t = cfg.target;
        reader_.set_max_body(st.max_body);
        if (!st.memo) {
            last_.disable();
            reader_.set_shortcuts(false);
        }
        using M = engine::AuthOptions::Mechanism;
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
    net::awaitable<std::error_code> async_connect() override {
        auto ec = co_await conn_.open();
        if (!ec) conn_.connect_message().clear();
        co_return ec;
    }
    net::awaitable<engine::Outcome> async_execute(const engine::Request& r) override;
    net::awaitable<void> async_close() override {
        conn_.close();
        co_return;
    }
    std::size_t max_in_flight() const noexcept override { return 1; }
    bool is_open() const noexcept override { return conn_.is_open(); }
    std::string_view name() const noexcept override { return "http3"; }
    engine::ConnectTimings connect_timings() const noexcept override { return conn_.timings(); }
    std::string connect_error_message() const override { return conn_.connect_message(); }
    void add_counters(engine::Counters& out) const override {
        const auto& h = reader_.scan_hits();
        out["memo.request_hits"] += last_.hits();
        out["memo.message_hits"] += h.messages;
        out["memo.value_hits"] += h.values;
        out["memo.repeated_lists"] += h.repeated_lists;
    }

private:
    // Plain TCP or TLS from the target; a bad CA/cert/key file throws std::invalid_argument here.
    static detail::StreamSource default_source(const engine::Target& t) {
        auto tls = backends_detail::TlsClient::for_target(t.tls);
        return [tls](net::any_io_executor e) { return AnyStream(std::move(e), tls); };
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

    engine::SessionConfig cfg_;
    Serializer ser_;
    std::string language_;
    std::string alias_;
    bool serialized_ = false;
    bool get_ = false;
    HeaderList headers_;
    bool busy_ = false;

    std::string wire_;
    std::size_t id_offset_ = std::string::npos;  // where the requestId sits in wire_ (serialized)
    model::Uuid id_{};
    backends_detail::LastRequest last_;  // the request wire_ encodes

    backends_detail::Http1Connection conn_;  // the stream, its read buffer, connect timings
    ResponseReader reader_;
    std::mt19937_64 rng_;
};

void Http3Session::render(const engine::Request& r) {
    const bool same = last_.same(r);
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
    last_.remember(r);
}

net::awaitable<engine::Outcome> Http3Session::async_execute(const engine::Request& r) {
    engine::Outcome out;
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

    const bool keep = r.keep_results;
    co_return co_await conn_.exchange(
        wire_, r.deadline, keep, reader_,
        [this, keep, expected] { reader_.start(ser_.format, keep, expected); },
        // the results exist only once the whole body is decoded
        [](engine::Outcome& o) { o.first_result = o.done; });
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

void check_config(const engine::SessionConfig& cfg) {
    (void)settings_of(cfg);
    (void)backends_detail::TlsClient::for_target(cfg.target.tls);  // a bad CA/cert/key file throws
}

}  // namespace tpbench::http3
