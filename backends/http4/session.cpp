// The http4 session: TinkerPop 4 requests over one Beast HTTP/1.1 keep-alive connection, one
// request at a time. All Beast HTTP code of the client lives in this one translation unit. The
// response body is read with a buffer_body parser into a fixed scratch buffer and decoded chunk
// by chunk as it arrives (io::http4::ResponseDecoder, count mode unless results are kept), so
// memory stays constant whatever the result count.
#include <tpbench/backends/http4.hpp>

#include "backends/common/counting_policy.hpp"
#include "backends/common/connect.hpp"
#include "backends/http4/inflater.hpp"
#include "backends/http4/status.hpp"

#include <tpbench/io/http4.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/basic_stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/buffer_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tpbench::http4 {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = engine::Clock;
using Stream = beast::basic_stream<tcp, net::any_io_executor, backends_detail::CountingRatePolicy>;

constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
constexpr std::size_t kBodyChunk = 64 * 1024;
constexpr std::size_t kMaxErrorBody = 1024 * 1024;  // a JSON error body larger than this is cut
constexpr std::string_view kUserAgent = "tpbench/0.1 http4 (Boost.Beast)";

std::string option(const engine::Target& t, const char* key, const char* fallback) {
    const auto it = t.options.find(key);
    return it == t.options.end() || it->second.empty() ? std::string(fallback) : it->second;
}

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
    throw std::invalid_argument("http4: unknown body format '" + name + "' (expected graphbinary, json or graphson)");
}

// nullopt = "auto": detect the server's dialect with a probe on the first connection.
std::optional<io::http4::Dialect> parse_dialect_option(const std::string& name) {
    if (name == "auto") return std::nullopt;
    if (auto d = io::http4::parse_dialect(name)) return d;
    throw std::invalid_argument("http4: unknown dialect '" + name +
                                "' (expected auto, master-http, 4.0-beta.1 (= beta.1/beta.2) or 4.0 (= beta.3+/master))");
}

// Dialects detected per server (host, port, path, TLS), shared by every session of the process so
// a run probes each server once, not once per connection. Guarded by a mutex: sessions live on
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
    return (t.tls.enabled ? "https://" : "http://") + t.host + ":" + std::to_string(t.port) + t.path;
}

bool parse_bool_option(const engine::Target& t, const char* key) {
    const std::string v = option(t, key, "false");
    if (v == "true") return true;
    if (v == "false") return false;
    throw std::invalid_argument(std::string("http4: option ") + key + " must be true or false, got '" + v + "'");
}

bool contains_ci(std::string_view hay, std::string_view needle) noexcept {
    if (needle.size() > hay.size()) return false;
    for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i) {
        std::size_t j = 0;
        while (j < needle.size() && std::tolower(static_cast<unsigned char>(hay[i + j])) ==
                                        std::tolower(static_cast<unsigned char>(needle[j])))
            ++j;
        if (j == needle.size()) return true;
    }
    return false;
}

errc transport_errc(const boost::system::error_code& ec) noexcept {
    if (ec == beast::error::timeout) return errc::timeout;
    if (ec.category() == boost::system::error_code(http::error::end_of_stream).category()) {
        // end_of_stream / partial_message: the peer closed mid-response.
        if (ec == http::error::end_of_stream || ec == http::error::partial_message) return errc::connection_closed;
        return errc::protocol_violation;
    }
    return errc::connection_closed;
}

class Http4Session final : public engine::Session {
public:
    Http4Session(net::any_io_executor ex, const engine::SessionConfig& cfg)
        : ex_(ex), cfg_(cfg), stream_(ex), format_(parse_serializer(cfg.target.serializer)),
          body_format_(parse_body(option(cfg.target, "body", "graphbinary"))),
          dialect_opt_(parse_dialect_option(option(cfg.target, "dialect", "auto"))),
          language_(option(cfg.target, "language", "")),
          compression_(parse_bool_option(cfg.target, "compression")),
          bulk_results_(parse_bool_option(cfg.target, "bulkResults")), body_buf_(kBodyChunk) {
        const auto& t = cfg.target;
        req_.method(http::verb::post);
        req_.target(t.path);
        req_.version(11);
        req_.set(http::field::host, t.host + ":" + std::to_string(t.port));
        req_.set(http::field::user_agent, kUserAgent);
        req_.set(http::field::content_type, io::http4::content_type(body_format_));
        req_.set(http::field::accept, io::http4::mime_type(format_));
        if (compression_) req_.set(http::field::accept_encoding, "deflate");
        req_.keep_alive(true);
        if (dialect_opt_) set_dialect(*dialect_opt_);
        chunk_cb_ = [this](std::uint64_t size, beast::string_view, boost::system::error_code&) {
            if (size > 0) ++chunks_;
        };
    }
    ~Http4Session() override { close_socket(); }

    net::awaitable<std::error_code> async_connect() override {
        close_socket();
        auto ec = co_await connect_socket();
        if (!ec && !dialect_) ec = co_await detect_dialect();
        co_return ec;
    }

    net::awaitable<engine::Outcome> async_execute(const engine::Request& r) override;

    net::awaitable<void> async_close() override {
        close_socket();
        co_return;
    }
    std::size_t max_in_flight() const noexcept override { return 1; }
    bool is_open() const noexcept override { return open_; }
    std::string_view name() const noexcept override { return "http4"; }

private:
    net::awaitable<std::error_code> connect_socket();
    // dialect=auto: takes the cached dialect of this server or probes it on the open connection.
    net::awaitable<std::error_code> detect_dialect();
    void set_dialect(io::http4::Dialect d) {
        dialect_ = d;
        body_valid_ = false;
        // The bulking header is the fallback the beta.1/beta.2 JSON body path needs (it reads no
        // bulkResults field); every dialect honours it.
        req_.erase("bulked");
        req_.erase("bulkResults");
        if (bulk_results_) req_.set(io::http4::bulk_field(d), "true");
    }
    // Sends req_ (already encoded) and reads the whole response; shared by requests and the probe.
    net::awaitable<engine::Outcome> exchange(Clock::time_point deadline, bool keep_results);
    void close_socket() noexcept {
        if (!open_) return;
        open_ = false;
        boost::system::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.close();
        buf_.clear();
    }
    void encode_body(const engine::Request& r);
    // Feeds decoded (inflated) body bytes to the decoder or the error-body collector.
    errc consume_plain(std::string_view bytes);

    net::any_io_executor ex_;
    engine::SessionConfig cfg_;
    Stream stream_;
    io::http4::ResponseFormat format_;
    io::http4::BodyFormat body_format_;
    std::optional<io::http4::Dialect> dialect_opt_;  // nullopt = auto
    std::optional<io::http4::Dialect> dialect_;      // in use (set once detected)
    std::string language_;                           // option "language": "" = the dialect's default
    bool compression_;
    bool bulk_results_;
    bool open_ = false;
    bool busy_ = false;
    bool ever_connected_ = false;
    std::uint64_t requests_on_connection_ = 0;

    http::request<http::string_body> req_;
    // The last encoded request; an identical next request reuses the body bytes as they are.
    bool body_valid_ = false;
    std::string last_gremlin_;
    model::Value last_bindings_;
    std::string last_language_;
    std::int32_t last_batch_ = 0;
    std::optional<std::int64_t> last_timeout_;
    bool last_tokens_ = false;

    beast::flat_buffer buf_;
    std::vector<char> body_buf_;
    std::optional<http::response_parser<http::buffer_body>> parser_;
    std::function<void(std::uint64_t, beast::string_view, boost::system::error_code&)> chunk_cb_;
    std::uint64_t chunks_ = 0;
    Inflater inflater_;
    Inflater::Sink inflate_sink_ = [this](std::string_view s) { return consume_plain(s); };
    std::optional<io::http4::ResponseDecoder> decoder_;
    bool error_body_mode_ = false;
    std::string error_body_;
    std::string decode_error_;
    int first_body_byte_ = -1;   // GraphBinary: the response version byte (0x81 / 0x84)
    bool probe_bulked_ = false;  // the last response's bulked flag
    std::string last_probe_message_;
};

net::awaitable<std::error_code> Http4Session::connect_socket() {
    boost::system::error_code ec =
        co_await backends_detail::async_connect_host(stream_, cfg_.target.host, cfg_.target.port, cfg_.connect_timeout);
    stream_.expires_never();
    if (ec) {
        stream_.close();
        co_return make_error_code(errc::connect_failed);
    }
    stream_.socket().set_option(tcp::no_delay(true), ec);
    open_ = true;
    ever_connected_ = true;
    requests_on_connection_ = 0;
    buf_.clear();
    co_return std::error_code{};
}

void Http4Session::encode_body(const engine::Request& r) {
    if (body_valid_ && r.gremlin == last_gremlin_ && r.batch_size == last_batch_ &&
        r.server_timeout_ms == last_timeout_ && r.materialize_tokens == last_tokens_ &&
        r.language == last_language_ && r.bindings == last_bindings_)
        return;
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
    const bool lang = hr.language ? *hr.language == "gremlin-lang" : io::http4::default_language(d) == "gremlin-lang";
    if (lang)
        if (auto eq = io::http4::gremlin_lang_equivalent(r.gremlin)) hr.gremlin = std::string(*eq);
    if (r.bindings.type() == model::Type::map) hr.bindings = r.bindings;
    hr.batch_size = r.batch_size;
    hr.timeout_ms = r.server_timeout_ms;
    if (r.materialize_tokens) hr.materialize_properties = "tokens";
    if (bulk_results_) hr.bulk_results = true;
    const auto g = cfg_.target.options.find("g");
    if (g != cfg_.target.options.end() && !g->second.empty()) hr.g = g->second;
    req_.body().clear();
    io::http4::encode_request(req_.body(), hr, body_format_, d);
    req_.prepare_payload();
    body_valid_ = true;
    last_gremlin_ = r.gremlin;
    last_bindings_ = r.bindings;
    last_language_ = r.language;
    last_batch_ = r.batch_size;
    last_timeout_ = r.server_timeout_ms;
    last_tokens_ = r.materialize_tokens;
}

// The probe: one read-only GraphBinary request whose answer differs per dialect
// (../shared/spec/protocol-drift.md §2.1, HttpGremlinEndpointHandler / RequestMessageSerializer of
// each tag): script g.inject(tpbenchProbe) with bindings {tpbenchProbe: 1} AND parameters
// "[tpbenchProbe:2]", bulkResults "true", no language.
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
    const auto saved_format = format_;
    const auto saved_body = body_format_;
    format_ = io::http4::ResponseFormat::graphbinary_v4;
    body_format_ = io::http4::BodyFormat::graphbinary_v4;
    req_.set(http::field::content_type, io::http4::content_type(body_format_));
    req_.set(http::field::accept, io::http4::mime_type(format_));
    req_.erase(http::field::accept_encoding);
    req_.erase("bulked");
    req_.erase("bulkResults");
    {
        using namespace std::string_literals;
        std::string& b = req_.body();
        b.clear();
        b += "\x84"s;                                     // version
        b += "\x00\x00\x00\x03"s;                         // 3 fields
        b += "\x03\x00\x00\x00\x00\x08"s + "bindings";      // bindings: {tpbenchProbe: Int 1}
        b += "\x0a\x00\x00\x00\x00\x01"s;
        b += "\x03\x00\x00\x00\x00\x0c"s + "tpbenchProbe";
        b += "\x01\x00\x00\x00\x00\x01"s;
        b += "\x03\x00\x00\x00\x00\x0a"s + "parameters";    // parameters: "[tpbenchProbe:2]"
        b += "\x03\x00\x00\x00\x00\x10"s + "[tpbenchProbe:2]";
        b += "\x03\x00\x00\x00\x00\x0b"s + "bulkResults";   // bulkResults: "true"
        b += "\x03\x00\x00\x00\x00\x04"s + "true";
        b += "\x00\x00\x00\x17"s + "g.inject(tpbenchProbe)";
        req_.prepare_payload();
    }
    body_valid_ = false;
    const auto deadline = Clock::now() + cfg_.connect_timeout;
    engine::Outcome o = co_await exchange(deadline, true);
    format_ = saved_format;
    body_format_ = saved_body;
    req_.set(http::field::content_type, io::http4::content_type(body_format_));
    req_.set(http::field::accept, io::http4::mime_type(format_));
    if (compression_) req_.set(http::field::accept_encoding, "deflate");

    if (o.status_code == 401 || o.status_code == 403) {
        close_socket();
        last_probe_message_ = "authentication failed (HTTP " + std::to_string(o.status_code) + ")";
        co_return make_error_code(errc::auth_failed);
    }
    std::optional<io::http4::Dialect> found;
    if (!o.error && o.results.size() == 1) {
        const model::Value& v = o.results[0];
        const model::Value& x = v.type() == model::Type::traverser && v.size() > 0 ? v[0] : v;
        const bool two = x.is_number() && x.to_int64() == 2;
        if (two)
            found = io::http4::Dialect::v4_0;
        else if (!probe_bulked_ && first_body_byte_ == 0x81)
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
    if (!open_) co_return co_await connect_socket();
    co_return std::error_code{};
}

errc Http4Session::consume_plain(std::string_view bytes) {
    if (error_body_mode_) {
        const std::size_t room = kMaxErrorBody - std::min(kMaxErrorBody, error_body_.size());
        error_body_.append(bytes.substr(0, std::min(room, bytes.size())));
        return errc::ok;
    }
    if (first_body_byte_ < 0 && !bytes.empty()) first_body_byte_ = static_cast<unsigned char>(bytes[0]);
    auto r = decoder_->feed(bytes);
    if (!r) {
        decode_error_ = r.error().to_string();
        return errc::protocol_violation;
    }
    return errc::ok;
}

net::awaitable<engine::Outcome> Http4Session::async_execute(const engine::Request& r) {
    engine::Outcome out;
    if (busy_) {
        // HTTP/1.1 without pipelining: a second concurrent request would corrupt the first.
        out.error = make_error_code(errc::pool_exhausted);
        out.status_message = "http4 session already has a request in flight (max_in_flight() == 1)";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    busy_ = true;
    struct BusyGuard {
        bool& b;
        ~BusyGuard() { b = false; }
    } busy_guard{busy_};
    if (!dialect_) {
        // Never connected through async_connect (or its probe failed): detect now.
        std::error_code ec = open_ ? std::error_code{} : co_await connect_socket();
        if (!ec) ec = co_await detect_dialect();
        if (ec) {
            out.error = ec == make_error_code(errc::auth_failed) ? ec : make_error_code(errc::connect_failed);
            out.status_message = last_probe_message_.empty() ? "could not connect to " + cfg_.target.host + ":" +
                                                                   std::to_string(cfg_.target.port)
                                                             : last_probe_message_;
            out.done = out.first_result = Clock::now();
            co_return out;
        }
    }
    encode_body(r);
    co_return co_await exchange(r.deadline, r.keep_results);
}

net::awaitable<engine::Outcome> Http4Session::exchange(Clock::time_point deadline, bool keep_results) {
    engine::Outcome out;
    auto fail = [&](errc e, std::string msg) {
        out.error = make_error_code(e);
        out.status_message = std::move(msg);
        out.done = Clock::now();
        if (out.first_result == Clock::time_point{}) out.first_result = out.done;
        decoder_.reset();
        close_socket();
    };
    auto& policy = stream_.rate_policy();

    // Send, re-opening the connection once if the server closed an idle keep-alive connection.
    for (int attempt = 0;; ++attempt) {
        if (!open_) {
            const bool reconnect = ever_connected_;
            const auto cec = co_await connect_socket();
            if (cec) {
                fail(errc::connect_failed, "could not (re)connect to " + cfg_.target.host + ":" +
                                               std::to_string(cfg_.target.port));
                co_return out;
            }
            if (reconnect) ++out.reconnects;
        }
        const bool reused = requests_on_connection_ > 0;
        if (deadline == Clock::time_point::max())
            stream_.expires_never();
        else
            stream_.expires_at(deadline);
        const std::uint64_t w0 = policy.bytes_written();
        auto [wec, wn] = co_await http::async_write(stream_, req_, use_tuple);
        out.sent = Clock::now();
        out.bytes_out += policy.bytes_written() - w0;
        if (wec) {
            const errc e = wec == beast::error::timeout ? errc::timeout : errc::write_failed;
            close_socket();
            if (reused && attempt == 0 && e != errc::timeout) continue;
            fail(e, "request could not be written: " + wec.message());
            co_return out;
        }
        ++requests_on_connection_;
        const std::uint64_t r0 = policy.bytes_read();
        if (buf_.size() == 0) {
            auto [rec, n] = co_await stream_.async_read_some(buf_.prepare(kBodyChunk), use_tuple);
            if (rec) {
                out.bytes_in += policy.bytes_read() - r0;
                const bool stale = reused && attempt == 0 && n == 0 && rec != beast::error::timeout;
                close_socket();
                // A keep-alive connection the server had already closed: nothing was processed.
                if (stale) continue;
                fail(transport_errc(rec), "no response: " + rec.message());
                co_return out;
            }
            buf_.commit(n);
        }
        out.first_byte = Clock::now();
        break;
    }

    // Response head.
    const std::uint64_t r0 = policy.bytes_read() - buf_.size();
    parser_.emplace();
    parser_->body_limit(boost::none);  // the body is streamed, never stored
    chunks_ = 0;
    parser_->on_chunk_header(chunk_cb_);
    auto [hec, hn] = co_await http::async_read_header(stream_, buf_, *parser_, use_tuple);
    if (hec) {
        out.bytes_in = policy.bytes_read() - r0;
        fail(transport_errc(hec), "bad or missing response head: " + hec.message());
        co_return out;
    }
    const auto& head = parser_->get();
    const int http_status = static_cast<int>(head.result_int());
    out.status_code = http_status;
    const auto ctype = head[http::field::content_type];
    const auto cenc = head[http::field::content_encoding];
    const bool inflate = contains_ci(cenc, "deflate") || contains_ci(cenc, "gzip");
    if (!cenc.empty() && !inflate) {
        out.bytes_in = policy.bytes_read() - r0;
        fail(errc::protocol_violation, "unsupported Content-Encoding: " + std::string(cenc));
        co_return out;
    }
    const bool binary_body = contains_ci(ctype, "graphbinary");
    // A non-200 status line without a message body in the requested format carries JSON
    // ({"message": …} or a GraphSON message): collect it (bounded) and read it at the end.
    error_body_mode_ = http_status != 200 && !binary_body;
    error_body_.clear();
    decode_error_.clear();
    std::vector<model::Value> items;
    if (!error_body_mode_) {
        if ((format_ == io::http4::ResponseFormat::graphbinary_v4) != binary_body) {
            out.bytes_in = policy.bytes_read() - r0;
            fail(errc::protocol_violation, "response Content-Type '" + std::string(ctype) +
                                               "' does not match the requested Accept");
            co_return out;
        }
        if (keep_results) {
            decoder_.emplace(format_, io::http4::DecodeMode::materialize,
                             [&items](model::Value&& v, std::int64_t bulk) {
                                 items.push_back(bulk > 1 ? model::Value::traverser(bulk, std::move(v))
                                                          : std::move(v));
                             });
        } else {
            decoder_.emplace(format_, io::http4::DecodeMode::count);
        }
    }
    if (inflate) inflater_.reset();
    first_body_byte_ = -1;

    // Body, decoded chunk by chunk as it arrives.
    while (!parser_->is_done()) {
        auto& body = parser_->get().body();
        body.data = body_buf_.data();
        body.size = body_buf_.size();
        auto [ec, n] = co_await http::async_read_some(stream_, buf_, *parser_, use_tuple);
        if (ec == http::error::need_buffer) ec = {};
        const std::size_t got = body_buf_.size() - parser_->get().body().size;
        if (got > 0) {
            const std::string_view piece(body_buf_.data(), got);
            const errc e = inflate ? inflater_.feed(piece, inflate_sink_) : consume_plain(piece);
            if (e != errc::ok) {
                out.bytes_in = policy.bytes_read() - r0;
                fail(e, decode_error_.empty() ? "bad compressed body: " + inflater_.message()
                                              : "undecodable response body: " + decode_error_);
                co_return out;
            }
            if (out.first_result == Clock::time_point{} && decoder_ && !error_body_mode_ &&
                decoder_->result_count() > 0)
                out.first_result = Clock::now();
        }
        if (ec) {
            out.bytes_in = policy.bytes_read() - r0;
            if (decoder_ && !error_body_mode_) out.result_count = decoder_->result_count();
            fail(transport_errc(ec), "response body interrupted: " + ec.message());
            co_return out;
        }
    }
    out.done = Clock::now();
    out.bytes_in = policy.bytes_read() - r0;
    out.partial_responses = chunks_;
    if (out.first_result == Clock::time_point{}) out.first_result = out.done;
    const bool keep_alive = parser_->keep_alive();
    const auto& msg = parser_->get();
    const auto trailer_code = msg["code"];
    const auto trailer_exception = msg["exception"];

    std::int32_t code = http_status;
    std::string exception;
    std::string message;
    if (error_body_mode_) {
        boost::system::error_code jec;
        const auto jv = boost::json::parse(error_body_, jec);
        if (!jec && jv.is_object()) {
            const auto& o = jv.get_object();
            const boost::json::object* status = nullptr;
            if (const auto* s = o.if_contains("status"); s && s->is_object()) status = &s->get_object();
            const auto& src = status ? *status : o;
            if (const auto* m = src.if_contains("message"); m && m->is_string()) message = m->get_string().c_str();
            if (const auto* x = src.if_contains("exception"); x && x->is_string()) exception = x->get_string().c_str();
            if (const auto* c = src.if_contains("code"); status && c && c->is_int64())
                code = static_cast<std::int32_t>(c->get_int64());
        } else {
            message = error_body_.substr(0, 512);
        }
    } else {
        auto fin = decoder_->finish();
        out.result_count = decoder_->result_count();
        if (!fin || !decoder_->done()) {
            fail(errc::protocol_violation,
                 "response body ended without a status footer" + (fin ? std::string() : ": " + fin.error().to_string()));
            co_return out;
        }
        code = decoder_->status_code();
        probe_bulked_ = decoder_->bulked();
        if (decoder_->status_message()) message = *decoder_->status_message();
        if (decoder_->status_exception()) exception = *decoder_->status_exception();
        // Trailers repeat the footer; if they report an error the footer did not, believe them.
        if (code == 200 && !trailer_code.empty() && trailer_code != "200") {
            int tc = 0;
            for (char ch : trailer_code) {
                if (ch < '0' || ch > '9' || tc > 100000) { tc = -1; break; }
                tc = tc * 10 + (ch - '0');
            }
            code = tc > 0 ? tc : 500;
            if (exception.empty()) exception = std::string(trailer_exception);
        }
    }
    out.status_code = code;
    const errc e = classify_status(http_status, code, exception);
    if (e != errc::ok) {
        out.error = make_error_code(e);
        out.status_message = message.empty() ? exception : (exception.empty() ? message : exception + ": " + message);
    }
    if (keep_results) out.results = std::move(items);
    decoder_.reset();
    if (!keep_alive) close_socket();
    co_return out;
}

}  // namespace

void forget_detected_dialects() {
    auto& c = dialect_cache();
    std::lock_guard lock(c.mutex);
    c.known.clear();
}

std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex, const engine::SessionConfig& cfg) {
    return std::make_unique<Http4Session>(std::move(ex), cfg);
}

}  // namespace tpbench::http4
