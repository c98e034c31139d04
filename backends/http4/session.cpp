// The http4 session: the thin I/O layer. The connection (backends/common/http1_connection.hpp, shared
// with http3) owns one stream (backends_detail::AnyStream: plain TCP, TLS or the in-memory test
// stream — the engine never learns which), writes each request as the one buffer the protocol
// core rendered (protocol.hpp write_request), reads into a per-connection 64 KiB buffer and hands
// every piece to the core's ResponseReader, which decides everything about the response; it also
// owns deadlines, the one transparent re-send on a stale keep-alive connection, byte counts,
// timestamps and the mapping of stream errors onto the core's events. What is left here: the
// request (body cache, headers, SigV4), the dialect probe and the outcome's http4 fields.
//
// Threading: a session is used from coroutines on its executor only (engine::Session contract).
#include <tpbench/version.hpp>
#include <tpbench/backends/http4.hpp>

#include "backends/common/http1_connection.hpp"
#include "backends/common/last_request.hpp"
#include "backends/common/options.hpp"
#include "backends/common/stream.hpp"
#include "backends/common/transport.hpp"
#include "backends/http4/protocol.hpp"
#include "backends/http4/session_detail.hpp"

#include <tpbench/auth/auth.hpp>
#include <tpbench/io/http4.hpp>

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tpbench::http4 {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
using Clock = engine::Clock;
using backends_detail::AnyStream;

const std::string kUserAgent = std::string(tpbench::user_agent_prefix) + " http4";

using backends_detail::bool_option;
using backends_detail::option;

io::http4::ResponseFormat parse_serializer(std::string_view name) {
    if (name.empty() || name == "graphbinary-v4") return io::http4::ResponseFormat::graphbinary_v4;
    if (name == "graphson-v4") return io::http4::ResponseFormat::graphson_v4;
    if (name == "graphson-v4-untyped") return io::http4::ResponseFormat::graphson_v4_untyped;
    throw std::invalid_argument("http4: unknown serializer '" + std::string(name) +
                                "' (expected graphbinary-v4, graphson-v4 or graphson-v4-untyped)");
}

io::http4::BodyFormat parse_body(const std::string& name) {
    if (name == "graphbinary") return io::http4::BodyFormat::graphbinary_v4;
    if (name == "json") return io::http4::BodyFormat::json;
    if (name == "graphson") return io::http4::BodyFormat::graphson_v4;
    throw std::invalid_argument("http4: unknown body format '" + name +
                                "' (expected graphbinary, json or graphson)");
}

// nullopt = "auto": detect the server's dialect with a probe on the first connection.
std::optional<io::http4::Dialect> parse_dialect_option(const std::string& name) {
    if (name == "auto") return std::nullopt;
    if (auto d = io::http4::parse_dialect(name)) return d;
    throw std::invalid_argument(
        "http4: unknown dialect '" + name +
        "' (expected auto, master-http, 4.0-beta.1 (= beta.1/beta.2) or 4.0 (= beta.3+/master))");
}

// Dialects detected per server (scheme, host, port, path), shared by every session of the process
// so a run probes each server once, not once per connection. Guarded by a mutex: sessions live on
// different worker threads, and the map is touched once per connect, never per request.
struct DialectCache {
    std::mutex mutex;
    std::map<std::string, io::http4::Dialect> known;
};
DialectCache& dialect_cache() {
    static DialectCache c;
    return c;
}
std::string cache_key(const engine::Target& t) {
    return (t.tls.enabled ? "https://" : "http://") + backends_detail::describe_endpoint(t.host, t.port) +
           t.path;
}

// The probe script: the variable's value is its one result, whatever the graph holds. (From
// 4.0.0-beta.2 gremlin-lang refuses a variable inside inject() or constant() — "no viable
// alternative at input 'g.inject(tpbenchProbe'" — but takes one as limit()'s argument on every
// version; checked against real master-http, beta.1, beta.2, beta.3 and master.)
constexpr std::string_view kProbeScript = "g.inject(1,1,1).limit(tpbenchProbe).count()";

// The probe body (GraphBinary 4): kProbeScript with bindings {tpbenchProbe: 1}, parameters
// "[tpbenchProbe:2]", bulkResults "true", no language. See detect_dialect().
std::string probe_body() {
    using namespace std::string_literals;
    std::string b;
    b += "\x84"s;                                   // version
    b += "\x00\x00\x00\x03"s;                       // 3 fields
    b += "\x03\x00\x00\x00\x00\x08"s + "bindings";  // bindings: {tpbenchProbe: Int 1}
    b += "\x0a\x00\x00\x00\x00\x01"s;
    b += "\x03\x00\x00\x00\x00\x0c"s + "tpbenchProbe";
    b += "\x01\x00\x00\x00\x00\x01"s;
    b += "\x03\x00\x00\x00\x00\x0a"s + "parameters";  // parameters: "[tpbenchProbe:2]"
    b += "\x03\x00\x00\x00\x00\x10"s + "[tpbenchProbe:2]";
    b += "\x03\x00\x00\x00\x00\x0b"s + "bulkResults";  // bulkResults: "true"
    b += "\x03\x00\x00\x00\x00\x04"s + "true";
    const auto n = static_cast<std::uint32_t>(kProbeScript.size());  // the script: Int length + bytes
    for (int shift = 24; shift >= 0; shift -= 8) b += static_cast<char>((n >> shift) & 0xff);
    b += kProbeScript;
    return b;
}

// What an http4 configuration decides, checked once: make_session and check_config both read it,
// so a bad configuration is refused the same way with or without a session.
struct Http4Settings {
    io::http4::ResponseFormat format;
    io::http4::BodyFormat body_format;
    std::optional<io::http4::Dialect> dialect_opt;  // nullopt = auto
    std::string language;
    bool compression = false;
    bool bulk_results = false;
    bool memo = true;
    std::optional<auth::SigV4Credentials> sigv4;
};

Http4Settings settings_of(const engine::SessionConfig& cfg) {
    const auto& t = cfg.target;
    Http4Settings st{parse_serializer(t.serializer),
                     parse_body(option(t, "body", "graphbinary")),
                     parse_dialect_option(option(t, "dialect", "auto")),
                     option(t, "language", ""),
                     bool_option(t, "http4", "compression"),
                     bool_option(t, "http4", "bulkResults"),
                     backends_detail::memo_option(t, "http4"),
                     std::nullopt};
    using M = engine::AuthOptions::Mechanism;
    if (t.auth.mechanism == M::sasl_plain)
        throw std::invalid_argument(
            "http4: SASL is a WebSocket (ws37) mechanism; TinkerPop 4 uses HTTP Basic");
    if (t.auth.mechanism == M::sigv4) {
        if (t.auth.region.empty() || t.auth.access_key_id.empty() || t.auth.secret_access_key.empty())
            throw std::invalid_argument(
                "http4: SigV4 needs a region, an access key id and a secret access key");
        st.sigv4.emplace();
        st.sigv4->access_key_id = t.auth.access_key_id;
        st.sigv4->secret_access_key = t.auth.secret_access_key;
        st.sigv4->session_token = t.auth.session_token;
        st.sigv4->region = t.auth.region;
        st.sigv4->service = t.auth.service;
    }
    return st;
}

class Http4Session final : public engine::Session {
public:
    Http4Session(net::any_io_executor ex, const engine::SessionConfig& cfg, detail::StreamSource source)
        : Http4Session(std::move(ex), cfg, std::move(source), settings_of(cfg)) {}
    Http4Session(net::any_io_executor ex, const engine::SessionConfig& cfg, detail::StreamSource source,
                 Http4Settings st)
        : cfg_(cfg),
          format_(st.format),
          body_format_(st.body_format),
          dialect_opt_(st.dialect_opt),
          language_(std::move(st.language)),
          compression_(st.compression),
          bulk_results_(st.bulk_results),
          memo_(st.memo),
          sigv4_(std::move(st.sigv4)),
          conn_(ex, source ? std::move(source) : default_source(cfg.target), cfg.target.host, cfg.target.port,
                cfg.connect_timeout) {
        if (!memo_) {
            last_.disable();
            reader_.set_shortcuts(false);
        }
        if (dialect_opt_)
            set_dialect(*dialect_opt_);
        else
            build_head(io::http4::Dialect::v4_0);
    }
    net::awaitable<std::error_code> async_connect() override {
        auto ec = co_await conn_.open();
        if (!ec && !dialect_) ec = co_await detect_dialect();
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
    std::string_view name() const noexcept override { return "http4"; }
    engine::ConnectTimings connect_timings() const noexcept override { return conn_.timings(); }
    // The OS / OpenSSL reason or the server's 401 message of the last failed connect (no secrets).
    std::string connect_error_message() const override { return conn_.connect_message(); }
    void add_counters(engine::Counters& out) const override {
        const auto h = reader_.decoder_hits();
        out["memo.request_hits"] += last_.hits();
        out["memo.wire_hits"] += wire_hits_;
        out["memo.response_hits"] += reader_.responses_replayed();
        out["memo.value_hits"] += h.values;
        out["memo.copy_hits"] += h.copies;
    }
    // The dialect in use: detected by the probe (dialect=auto) or the one configured.
    std::string_view dialect() const noexcept override {
        return dialect_ ? io::http4::dialect_name(*dialect_) : std::string_view{};
    }

private:
    // Plain TCP or TLS from the target; a bad CA/cert/key file throws std::invalid_argument here.
    static detail::StreamSource default_source(const engine::Target& t) {
        auto tls = backends_detail::TlsClient::for_target(t.tls);
        return [tls](net::any_io_executor e) { return AnyStream(std::move(e), tls); };
    }
    // dialect=auto: takes the cached dialect of this server or probes it on the open connection.
    net::awaitable<std::error_code> detect_dialect();
    void set_dialect(io::http4::Dialect d) {
        dialect_ = d;
        last_.forget();
        build_head(d);
    }
    // The fixed headers of every request (the bulking header name depends on the dialect).
    void build_head(io::http4::Dialect d);
    // Renders the request body for r into body_ (reused when r repeats the previous request).
    void encode_body(const engine::Request& r);
    // Renders wire_ = head + per-request headers (SigV4) + body.
    void render(const RequestHead& head, const std::string& body);
    // wire_ for head_ + body_: kept when it holds them (not signed per request, memo on), else
    // rendered.
    void reuse_or_render() {
        if (sigv4_ || !memo_) wire_valid_ = false;  // SigV4: signed per request
        if (wire_valid_) {
            ++wire_hits_;
            return;
        }
        render(head_, body_);
        wire_valid_ = true;
    }
    // Marks the session busy (one request at a time) until it is destroyed; movable (the moved-from
    // token releases nothing), so it can travel into a coroutine frame.
    class BusyToken {
    public:
        explicit BusyToken(bool* b) noexcept : b_(b) { *b_ = true; }
        BusyToken(BusyToken&& o) noexcept : b_(std::exchange(o.b_, nullptr)) {}
        BusyToken(const BusyToken&) = delete;
        BusyToken& operator=(const BusyToken&) = delete;
        BusyToken& operator=(BusyToken&&) = delete;
        ~BusyToken() {
            if (b_) *b_ = false;
        }

    private:
        bool* b_;
    };
    // Everything async_execute's steady state does not: a busy session, dialect detection,
    // transactions.
    net::awaitable<engine::Outcome> async_execute_other(const engine::Request& r);
    // Renders head + body into wire_ (unless it holds them) and exchanges it. Shared by requests
    // and the probe.
    net::awaitable<engine::Outcome> exchange(Clock::time_point deadline, bool keep_results,
                                             io::http4::ResponseFormat format, const RequestHead& head,
                                             const std::string& body);
    // Writes wire_ and reads the whole response with reader_ over conn_ (re-opening a stale
    // keep-alive connection once); the session is busy until the exchange ends.
    net::awaitable<engine::Outcome> exchange_wire(Clock::time_point deadline, bool keep_results,
                                                  io::http4::ResponseFormat format);

    engine::SessionConfig cfg_;
    io::http4::ResponseFormat format_;
    io::http4::BodyFormat body_format_;
    std::optional<io::http4::Dialect> dialect_opt_;  // nullopt = auto
    std::optional<io::http4::Dialect> dialect_;      // in use (set once detected)
    std::string language_;                           // option "language": "" = the dialect's default
    bool compression_;
    bool bulk_results_;
    bool memo_;  // option memo: the request caches and the reader's shortcuts may apply
    std::optional<auth::SigV4Credentials> sigv4_;
    bool busy_ = false;

    RequestHead head_;
    std::string body_;
    std::string wire_;
    // The last encoded request; an identical next request reuses body_ (and wire_ unless signed).
    backends_detail::LastRequest last_;  // the request body_ encodes
    bool wire_valid_ = false;
    std::uint64_t wire_hits_ = 0;  // requests sent from wire_ as it was (not rendered again)

    backends_detail::Http1Connection conn_;  // the stream, its read buffer, connect timings
    ResponseReader reader_;
};

void Http4Session::build_head(io::http4::Dialect d) {
    const auto& t = cfg_.target;
    head_ = RequestHead{};
    head_.target = t.path;
    head_.headers.emplace_back("Host", backends_detail::describe_endpoint(t.host, t.port));
    head_.headers.emplace_back("User-Agent", std::string(kUserAgent));
    head_.headers.emplace_back("Content-Type", std::string(io::http4::content_type(body_format_)));
    head_.headers.emplace_back("Accept", std::string(io::http4::mime_type(format_)));
    if (compression_) head_.headers.emplace_back("Accept-Encoding", "deflate");
    // The bulking header is the fallback the beta.1/beta.2 JSON body path needs (it reads no
    // bulkResults field); every dialect honours it.
    if (bulk_results_) head_.headers.emplace_back(std::string(io::http4::bulk_field(d)), "true");
    if (t.auth.mechanism == engine::AuthOptions::Mechanism::basic)
        head_.headers.emplace_back("Authorization",
                                   auth::basic_authorization(t.auth.username, t.auth.password));
    wire_valid_ = false;
}

void Http4Session::render(const RequestHead& head, const std::string& body) {
    wire_.clear();
    if (!sigv4_) {
        write_request(wire_, head, nullptr, body);
        return;
    }
    // SigV4: every request is signed over its headers and body at the time it is sent.
    auth::SigV4Request sr;
    sr.method = head.method;
    sr.path = head.target;
    for (const auto& [n, v] : head.headers) sr.headers.push_back({n, v});
    sr.payload = body;
    HeaderList extra;
    for (auto& h : auth::sigv4_sign(sr, *sigv4_, std::chrono::system_clock::now()))
        extra.emplace_back(std::move(h.name), std::move(h.value));
    write_request(wire_, head, &extra, body);
}

void Http4Session::encode_body(const engine::Request& r) {
    if (last_.same(r)) return;
    const io::http4::Dialect d = *dialect_;
    io::http4::Request hr;
    hr.gremlin = r.gremlin;
    // Language: the request's, else the "language" option, else the dialect's default. master-http
    // names gremlin-groovy explicitly (as its Java driver does); the beta dialects send no language
    // field, so the server's default (gremlin-lang) applies, as with the reference drivers.
    const std::string& explicit_language = !r.language.empty() ? r.language : language_;
    if (!explicit_language.empty())
        hr.language = explicit_language;
    else if (d == io::http4::Dialect::master_http)
        hr.language = std::string(io::http4::default_language(d));
    // tpbench's own Groovy scripts (1+1, the exercise initialisation) in gremlin-lang form for
    // servers that read the script as gremlin-lang.
    const bool lang =
        hr.language ? *hr.language == "gremlin-lang" : io::http4::default_language(d) == "gremlin-lang";
    if (lang)
        if (auto eq = io::http4::gremlin_lang_equivalent(r.gremlin)) hr.gremlin = std::string(*eq);
    if (r.bindings.type() == model::Type::map) hr.bindings = r.bindings;
    hr.batch_size = r.batch_size;
    hr.timeout_ms = r.server_timeout_ms;
    if (r.materialize_tokens) hr.materialize_properties = "tokens";
    if (bulk_results_) hr.bulk_results = true;
    const auto g = cfg_.target.options.find("g");
    if (g != cfg_.target.options.end() && !g->second.empty()) hr.g = g->second;
    if (!r.session.empty() && !r.tx_begin) hr.transaction_id = r.session;  // tx
    body_.clear();
    io::http4::encode_request(body_, hr, body_format_, d);
    last_.remember(r);
    wire_valid_ = false;
}

// The probe: one read-only GraphBinary request whose answer differs per dialect
// (../shared/spec/protocol-drift.md §2.1; HttpGremlinEndpointHandler / RequestMessageSerializer of
// each tag): script g.inject(1,1,1).limit(tpbenchProbe).count() with bindings {tpbenchProbe: 1}
// AND parameters "[tpbenchProbe:2]", bulkResults "true", no language.
//   beta.3+ / master reads parameters, ignores bindings            -> 2            => 4.0
//   beta.1 / beta.2 read bindings, gremlin-lang honours bulkResults -> 1, bulked    => 4.0-beta.1
//   master-http: bindings, default gremlin-groovy (never bulked)    -> 1, unbulked, version 0x81
//                                                                                   => master-http
// Anything else that answers 200 with one result takes the field set that worked (bindings ->
// 4.0-beta.1). 401/403 -> auth_failed. Any other failure falls back to 4.0 for this connection
// without caching it, so the next connection probes again.
net::awaitable<std::error_code> Http4Session::detect_dialect() {
    {
        auto& c = dialect_cache();
        std::lock_guard lock(c.mutex);
        const auto it = c.known.find(cache_key(cfg_.target));
        if (it != c.known.end()) {
            set_dialect(it->second);
            co_return std::error_code{};
        }
    }
    const auto t0 = Clock::now();
    RequestHead probe_head = head_;
    for (auto& [n, v] : probe_head.headers) {
        if (n == "Content-Type" || n == "Accept")
            v = std::string(io::http4::mime_type(io::http4::ResponseFormat::graphbinary_v4));
    }
    std::erase_if(probe_head.headers, [](const auto& h) {
        return h.first == "Accept-Encoding" || h.first == "bulked" || h.first == "bulkResults";
    });
    const std::string body = probe_body();
    engine::Outcome o = co_await exchange(t0 + cfg_.connect_timeout, true,
                                          io::http4::ResponseFormat::graphbinary_v4, probe_head, body);
    conn_.timings().protocol = Clock::now() - t0;
    wire_valid_ = false;
    if (o.error == make_error_code(errc::auth_failed)) {
        conn_.close();
        const std::string answered =
            "the server answered HTTP " + std::to_string(o.status_code) +
            (o.status_message.empty() ? std::string() : " (" + o.status_message + ")");
        // A TinkerPop 3.x Gremlin Server answers any plain HTTP request on its WebSocket port with
        // 403: without credentials that is no authentication failure to report as one.
        conn_.connect_message() =
            cfg_.target.auth.mechanism == engine::AuthOptions::Mechanism::none
                ? answered +
                      " to an HTTP request that carried no credentials: the server may speak only "
                      "WebSocket (a TinkerPop 3.x Gremlin Server answers 403 to HTTP on its WebSocket "
                      "port); try the ws37 backend"
                : "authentication failed: " + answered;
        co_return o.error;
    }
    std::optional<io::http4::Dialect> found;
    if (!o.error && o.results.size() == 1) {
        const model::Value& v = o.results[0];
        const model::Value& x = v.type() == model::Type::traverser && v.size() > 0 ? v[0] : v;
        if (x.is_number() && x.to_int64() == 2)
            found = io::http4::Dialect::v4_0;
        else if (!reader_.bulked() && reader_.version_byte() == 0x81)
            found = io::http4::Dialect::master_http;
        else
            found = io::http4::Dialect::v4_0_beta1;
    }
    if (found) {
        auto& c = dialect_cache();
        std::lock_guard lock(c.mutex);
        c.known[cache_key(cfg_.target)] = *found;
    }
    set_dialect(found.value_or(io::http4::Dialect::v4_0));
    if (!conn_.is_open()) {
        const auto protocol = conn_.timings().protocol;
        const auto ec = co_await conn_.open();
        conn_.timings().protocol = protocol;
        co_return ec;
    }
    co_return std::error_code{};
}

net::awaitable<engine::Outcome> Http4Session::async_execute(const engine::Request& r) {
    // The steady state: no coroutine frame of its own; the returned exchange is the one frame of
    // the request (its Outcome built in place, and with the engine's lane frame and one Asio
    // operation frame at a time, Asio's recycling cache serves every frame: no allocation).
    if (busy_ || !dialect_ || (!r.session.empty() && !r.tx_begin)) return async_execute_other(r);
    encode_body(r);
    reuse_or_render();
    return exchange_wire(r.deadline, r.keep_results, format_);
}

net::awaitable<engine::Outcome> Http4Session::async_execute_other(const engine::Request& r) {
    if (busy_) {
        // HTTP/1.1 without pipelining: a second concurrent request would corrupt the first.
        engine::Outcome out;
        out.error = make_error_code(errc::pool_exhausted);
        out.status_message = "http4 session already has a request in flight (max_in_flight() == 1)";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    if (!dialect_) {
        // Never connected through async_connect (or its probe failed): detect now.
        BusyToken busy(&busy_);
        std::error_code ec = is_open() ? std::error_code{} : co_await conn_.open();
        if (!ec) ec = co_await detect_dialect();
        if (ec) {
            engine::Outcome out;
            out.error = ec;
            out.status_message = conn_.connect_message();
            out.done = out.first_result = Clock::now();
            co_return out;
        }
    }
    encode_body(r);
    if (!r.session.empty() && !r.tx_begin) {
        // tx: inside a transaction (beta.2+) the id goes in the transactionId field (encode_body)
        // and the X-Transaction-Id header; the body differs per transaction, so the wire cache holds.
        RequestHead h = head_;
        h.headers.emplace_back("X-Transaction-Id", r.session);
        co_return co_await exchange(r.deadline, r.keep_results, format_, h, body_);
    }
    reuse_or_render();
    co_return co_await exchange_wire(r.deadline, r.keep_results, format_);
}

net::awaitable<engine::Outcome> Http4Session::exchange(Clock::time_point deadline, bool keep_results,
                                                       io::http4::ResponseFormat format,
                                                       const RequestHead& head, const std::string& body) {
    if (!wire_valid_ || &body != &body_) {
        render(head, body);
        wire_valid_ = memo_ && !sigv4_ && &body == &body_;
    }
    return exchange_wire(deadline, keep_results, format);
}

net::awaitable<engine::Outcome> Http4Session::exchange_wire(Clock::time_point deadline, bool keep_results,
                                                            io::http4::ResponseFormat format) {
    // The session is busy until the exchange's frame ends (the token lives in `finish`).
    struct Start {
        ResponseReader* reader;
        io::http4::ResponseFormat format;
        bool keep;
        void operator()() const { reader->start(format, keep); }
    };
    struct Finish {
        ResponseReader* reader;
        BusyToken busy;
        void operator()(engine::Outcome& out) const {
            // (The Outcome's is empty: nothing to copy in the usual case, no transaction.)
            if (!reader->transaction_id().empty()) out.transaction_id = reader->transaction_id();
        }
    };
    return conn_.exchange(wire_, deadline, keep_results, reader_, Start{&reader_, format, keep_results},
                          Finish{&reader_, BusyToken(&busy_)});
}

}  // namespace

void forget_detected_dialects() {
    auto& c = dialect_cache();
    std::lock_guard lock(c.mutex);
    c.known.clear();
}

namespace detail {
std::unique_ptr<engine::Session> make_session_over(net::any_io_executor ex, const engine::SessionConfig& cfg,
                                                   StreamSource source) {
    return std::make_unique<Http4Session>(std::move(ex), cfg, std::move(source));
}
}  // namespace detail

std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg) {
    return std::make_unique<Http4Session>(std::move(ex), cfg, detail::StreamSource{});
}

void check_config(const engine::SessionConfig& cfg) {
    (void)settings_of(cfg);
    (void)backends_detail::TlsClient::for_target(cfg.target.tls);  // a bad CA/cert/key file throws
}

}  // namespace tpbench::http4
