// The ws37 session: TinkerPop 3.7 requests multiplexed over one Beast WebSocket connection.
// All Beast WebSocket code of the client lives in this one translation unit (it is expensive to
// compile). Shape (Boost.Redis multiplexer): one reader coroutine demultiplexes responses by
// requestId through the pure PendingTable, one writer coroutine serialises request frames, and
// every request coroutine waits on its own steady_timer, which doubles as its deadline.
#include <tpbench/backends/ws37.hpp>

#include "backends/common/counting_policy.hpp"
#include "backends/common/connect.hpp"
#include "backends/ws37/pending_table.hpp"

#include <tpbench/io/ws37.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/basic_stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/websocket.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace tpbench::ws37 {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Clock = engine::Clock;
using Stream = beast::basic_stream<tcp, net::any_io_executor, backends_detail::CountingRatePolicy>;
using Ws = websocket::stream<Stream>;

constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
constexpr std::size_t kReadChunk = 64 * 1024;
// Gremlin Server's maxContentLength default is 10 MiB; allow some headroom, never unbounded (a
// larger frame fails the connection with protocol_violation instead of growing the buffer).
constexpr std::size_t kMaxMessage = 16 * 1024 * 1024;
constexpr std::string_view kUserAgent = "tpbench/0.1 ws37 (Boost.Beast)";

io::ws37::Format parse_serializer(std::string_view name) {
    if (name.empty() || name == "graphbinary-v1") return io::ws37::Format::graphbinary_v1;
    if (name == "graphson-v3") return io::ws37::Format::graphson_v3;
    if (name == "graphson-v3-untyped") return io::ws37::Format::graphson_v3_untyped;
    throw std::invalid_argument("ws37: unknown serializer '" + std::string(name) +
                                "' (expected graphbinary-v1, graphson-v3 or graphson-v3-untyped)");
}

bool option_true(const engine::Target& t, const char* key) {
    const auto it = t.options.find(key);
    return it != t.options.end() && it->second == "true";
}

// Wire size of one unmasked server frame carrying `n` payload bytes (RFC 6455 §5.2).
std::uint64_t server_frame_bytes(std::size_t n) noexcept {
    return n + 2 + (n < 126 ? 0 : (n <= 0xffff ? 2 : 8));
}

void write_uuid_text(char* out, const model::Uuid& u) noexcept {
    static constexpr char hex[] = "0123456789abcdef";
    std::size_t o = 0;
    for (std::size_t i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[o++] = '-';
        out[o++] = hex[u[i] >> 4];
        out[o++] = hex[u[i] & 0x0f];
    }
}

void report_exception(const char* what, std::exception_ptr e) noexcept {
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        std::fprintf(stderr, "tpbench ws37: %s coroutine ended with an exception: %s\n", what, x.what());
    } catch (...) {
        std::fprintf(stderr, "tpbench ws37: %s coroutine ended with an unknown exception\n", what);
    }
}

// One request's waiting point and reusable buffers.
struct Slot {
    explicit Slot(const net::any_io_executor& ex) : signal(ex) {}
    net::steady_timer signal;            // expires at the request deadline; cancelled to wake
    std::string frame;                   // the encoded request frame (capacity reused)
    bool keep_results = false;
    std::vector<model::Value> results;   // materialised results when keep_results
};

// The last request encoded on this connection, kept so that repeating the same request (the
// benchmark's common case) costs a memcpy and a 16-byte id patch instead of a full encode.
struct EncodedTemplate {
    bool valid = false;
    std::string gremlin;
    std::optional<model::Value> bytecode;
    model::Value bindings;
    std::string language;
    std::int32_t batch_size = 0;
    std::optional<std::int64_t> server_timeout_ms;
    bool materialize_tokens = false;
    std::string frame;
    std::size_t id_offset = 0;
    bool id_is_text = false;  // GraphSON: 36-char text; GraphBinary: 16 raw bytes

    bool matches(const engine::Request& r) const {
        return valid && r.batch_size == batch_size && r.materialize_tokens == materialize_tokens &&
               r.server_timeout_ms == server_timeout_ms && r.gremlin == gremlin &&
               r.language == language && r.bytecode.has_value() == bytecode.has_value() &&
               (!r.bytecode || *r.bytecode == *bytecode) && r.bindings == bindings;
    }
};

class Connection : public std::enable_shared_from_this<Connection> {
public:
    Connection(const net::any_io_executor& ex, const engine::SessionConfig& cfg, io::ws37::Format format)
        : ex_(ex), cfg_(cfg), format_(format), compression_(option_true(cfg.target, "compression")),
          ws_(ex), table_(cfg.max_in_process_per_connection), writer_signal_(ex), done_signal_(ex),
          rng_(std::random_device{}()) {
        slots_.reserve(cfg.max_in_process_per_connection);
        for (std::size_t i = 0; i < cfg.max_in_process_per_connection; ++i)
            slots_.push_back(std::make_unique<Slot>(ex));
        write_queue_.resize(cfg.max_in_process_per_connection);
        collect_ = [this](model::Value&& v) { scratch_items_.push_back(std::move(v)); };
    }

    net::awaitable<std::error_code> async_connect();
    net::awaitable<engine::Outcome> async_execute(const engine::Request& req);
    net::awaitable<void> async_close();
    bool is_open() const noexcept { return open_ && !closing_; }

    // Closes the socket without a close handshake; pending requests fail with connection_closed.
    void abort() noexcept {
        if (!open_) return;
        on_lost("session destroyed");
    }

private:
    net::awaitable<void> reader();
    net::awaitable<void> writer();
    void handle_message(std::string_view frame, Clock::time_point first_byte, std::uint64_t wire);
    void on_lost(std::string_view why, errc e = errc::connection_closed) noexcept;
    void wake_all() noexcept;
    model::Uuid next_id() noexcept;
    void encode(const engine::Request& req, const model::Uuid& id, std::string& out);
    void enqueue(std::size_t slot) noexcept;
    void spawn(net::awaitable<void> (Connection::*fn)(), const char* what);
    net::awaitable<void> wait_until(bool Connection::*running, std::chrono::milliseconds limit);

    net::any_io_executor ex_;
    engine::SessionConfig cfg_;
    io::ws37::Format format_;
    bool compression_;
    Ws ws_;
    PendingTable table_;
    std::vector<std::unique_ptr<Slot>> slots_;
    std::vector<std::size_t> write_queue_;  // ring of slot indices
    std::size_t wq_head_ = 0;
    std::size_t wq_count_ = 0;
    net::steady_timer writer_signal_;  // the writer sleeps on it; cancelled when work arrives
    net::steady_timer done_signal_;    // async_close sleeps on it; cancelled when a loop exits
    beast::flat_buffer read_buf_;
    std::vector<model::Value> scratch_items_;
    std::function<void(model::Value&&)> collect_;
    std::size_t keep_count_ = 0;       // in-flight requests that want materialised results
    EncodedTemplate template_;
    std::mt19937_64 rng_;
    bool open_ = false;
    bool closing_ = false;
    bool reader_running_ = false;
    bool writer_running_ = false;
};

model::Uuid Connection::next_id() noexcept {
    model::Uuid u;
    const std::uint64_t a = rng_();
    const std::uint64_t b = rng_();
    std::memcpy(u.data(), &a, 8);
    std::memcpy(u.data() + 8, &b, 8);
    u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | 0x40);  // version 4
    u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);  // RFC 4122 variant
    return u;
}

void Connection::encode(const engine::Request& req, const model::Uuid& id, std::string& out) {
    if (template_.matches(req)) {
        out.assign(template_.frame);
        if (template_.id_is_text)
            write_uuid_text(out.data() + template_.id_offset, id);
        else
            std::memcpy(out.data() + template_.id_offset, id.data(), 16);
        return;
    }
    io::ws37::RequestMessage m;
    m.request_id = id;
    std::vector<model::Value> kv;
    kv.reserve(16);
    auto add = [&kv](const char* k, model::Value v) {
        kv.push_back(model::Value::string(k));
        kv.push_back(std::move(v));
    };
    if (req.bytecode) {
        m.op = "bytecode";
        m.processor = "traversal";
        add("gremlin", *req.bytecode);
    } else {
        m.op = "eval";
        m.processor = "";
        add("gremlin", model::Value::string(req.gremlin));
        if (req.bindings.type() == model::Type::map && req.bindings.size() > 0) add("bindings", req.bindings);
        if (!req.language.empty()) add("language", model::Value::string(req.language));
    }
    add("batchSize", model::Value::int_(req.batch_size));
    add("aliases", model::Value::map({model::Value::string("g"), model::Value::string("g")}));
    if (req.server_timeout_ms) add("evaluationTimeout", model::Value::long_(*req.server_timeout_ms));
    if (req.materialize_tokens) add("materializeProperties", model::Value::string("tokens"));
    m.args = model::Value::map(std::move(kv));
    out.clear();
    io::ws37::encode_request(out, m, format_, true);

    // Remember where the id sits so the next identical request only patches it.
    template_.valid = false;
    std::size_t offset = std::string::npos;
    bool text = false;
    if (format_ == io::ws37::Format::graphbinary_v1) {
        const std::size_t at = 1 + io::ws37::mime_type(format_).size() + 1;  // mime prefix + version
        if (out.size() >= at + 16 && std::memcmp(out.data() + at, id.data(), 16) == 0) offset = at;
    } else {
        char txt[36];
        write_uuid_text(txt, id);
        offset = out.find(std::string_view(txt, 36));
        text = true;
    }
    if (offset != std::string::npos) {
        template_.valid = true;
        template_.gremlin = req.gremlin;
        template_.bytecode = req.bytecode;
        template_.bindings = req.bindings;
        template_.language = req.language;
        template_.batch_size = req.batch_size;
        template_.server_timeout_ms = req.server_timeout_ms;
        template_.materialize_tokens = req.materialize_tokens;
        template_.frame = out;
        template_.id_offset = offset;
        template_.id_is_text = text;
    }
}

void Connection::spawn(net::awaitable<void> (Connection::*fn)(), const char* what) {
    net::co_spawn(ex_, (this->*fn)(), [self = shared_from_this(), what](std::exception_ptr e) {
        if (!e) return;
        report_exception(what, e);
        // A broken invariant in a loop must not leave requests waiting forever.
        self->on_lost("internal error in the ws37 session");
    });
}

net::awaitable<std::error_code> Connection::async_connect() {
    const auto& t = cfg_.target;
    auto& sock = beast::get_lowest_layer(ws_);
    boost::system::error_code ec = co_await backends_detail::async_connect_host(sock, t.host, t.port, cfg_.connect_timeout);
    if (ec) co_return make_error_code(errc::connect_failed);
    sock.socket().set_option(tcp::no_delay(true), ec);

    ws_.set_option(websocket::stream_base::decorator([pmd = compression_](websocket::request_type& r) {
        r.set(beast::http::field::user_agent, kUserAgent);
        // Beast always offers server_max_window_bits=15, which Netty's default handshaker (Gremlin
        // Server's WebSocketServerCompressionHandler) refuses, silently disabling compression.
        if (pmd) r.set(beast::http::field::sec_websocket_extensions, "permessage-deflate; client_max_window_bits");
    }));
    if (compression_) {
        websocket::permessage_deflate pmd;
        pmd.client_enable = true;
        ws_.set_option(pmd);
    }
    ws_.binary(true);
    ws_.auto_fragment(false);  // one Gremlin message = one frame
    ws_.read_message_max(kMaxMessage);
    const std::string host = t.host + ":" + std::to_string(t.port);
    auto [hec] = co_await ws_.async_handshake(host, t.path, use_tuple);
    if (hec) {
        sock.close();
        co_return make_error_code(errc::connect_failed);
    }
    // From here the websocket's own timeouts apply (the tcp_stream's must be off). Per-request
    // deadlines are the slots' timers; an idle connection is not an error.
    sock.expires_never();
    websocket::stream_base::timeout to{};
    to.handshake_timeout = std::chrono::duration_cast<std::chrono::seconds>(cfg_.connect_timeout) +
                           std::chrono::seconds(1);
    to.idle_timeout = websocket::stream_base::none();
    to.keep_alive_pings = false;
    ws_.set_option(to);

    open_ = true;
    reader_running_ = writer_running_ = true;
    spawn(&Connection::reader, "reader");
    spawn(&Connection::writer, "writer");
    co_return std::error_code{};
}

void Connection::enqueue(std::size_t slot) noexcept {
    write_queue_[(wq_head_ + wq_count_) % write_queue_.size()] = slot;
    ++wq_count_;
    writer_signal_.cancel();
}

net::awaitable<engine::Outcome> Connection::async_execute(const engine::Request& req) {
    // Keep the connection alive across suspensions even if the session is destroyed meanwhile.
    auto self = shared_from_this();
    engine::Outcome out;
    if (!open_ || closing_) {
        out.error = make_error_code(errc::connection_closed);
        out.status_message = "ws37 connection is not open";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    const auto id = next_id();
    const auto slot_index = table_.add(id);
    if (!slot_index) {
        out.error = make_error_code(errc::pool_exhausted);
        out.status_message = "more concurrent requests than max_in_flight() on this ws37 connection";
        out.done = out.first_result = Clock::now();
        co_return out;
    }
    const std::size_t si = *slot_index;
    Slot& slot = *slots_[si];
    encode(req, id, slot.frame);
    slot.keep_results = req.keep_results;
    slot.results.clear();
    if (slot.keep_results) ++keep_count_;
    enqueue(si);

    slot.signal.expires_at(req.deadline);
    co_await slot.signal.async_wait(use_tuple);
    // Woken by the reader (cancel) or by the deadline: the table says which.
    if (!table_.finished(si)) table_.abandon(si, Clock::now());
    const PendingTable::Entry& e = table_.entry(si);
    if (e.error != errc::ok) out.error = make_error_code(e.error);
    out.status_code = e.status_code;
    out.status_message = e.status_message;
    out.sent = e.sent;
    out.first_byte = e.first_byte;
    out.first_result = e.first_result;
    out.done = e.done;
    out.bytes_out = e.bytes_out;
    out.bytes_in = e.bytes_in;
    out.result_count = e.result_count;
    out.partial_responses = e.partial_responses;
    if (slot.keep_results) {
        --keep_count_;
        out.results = std::move(slot.results);
        slot.results = {};
        slot.keep_results = false;
    }
    table_.release(si);
    co_return out;
}

net::awaitable<void> Connection::writer() {
    auto self = shared_from_this();
    auto& policy = beast::get_lowest_layer(ws_).rate_policy();
    for (;;) {
        while (wq_count_ == 0 && open_ && !closing_) {
            writer_signal_.expires_at(Clock::time_point::max());
            co_await writer_signal_.async_wait(use_tuple);
        }
        if (!open_ || closing_) break;
        const std::size_t si = write_queue_[wq_head_];
        wq_head_ = (wq_head_ + 1) % write_queue_.size();
        --wq_count_;
        // A request abandoned (deadline) or failed before its turn is not sent.
        if (!table_.begin_write(si)) continue;
        const std::uint64_t before = policy.bytes_written();
        auto [ec, n] = co_await ws_.async_write(net::buffer(slots_[si]->frame), use_tuple);
        table_.end_write(si, !ec, Clock::now(), policy.bytes_written() - before);
        if (ec) {
            slots_[si]->signal.cancel();
            on_lost("request could not be written: " + ec.message());
            break;
        }
    }
    // Requests still queued when the loop ends are failed by on_lost / async_close.
    writer_running_ = false;
    done_signal_.cancel();
}

net::awaitable<void> Connection::reader() {
    auto self = shared_from_this();
    auto& policy = beast::get_lowest_layer(ws_).rate_policy();
    std::uint64_t counted = policy.bytes_read();
    for (;;) {
        read_buf_.clear();
        Clock::time_point first{};
        do {
            auto [ec, n] = co_await ws_.async_read_some(read_buf_, kReadChunk, use_tuple);
            if (ec) {
                if (open_) {
                    // Frame-level errors (bad frame, message too big, bad UTF-8 …) are the peer
                    // breaking the protocol; anything else is the connection going away.
                    const bool ws_error = ec != websocket::error::closed &&
                                          ec.category() == make_error_code(websocket::error::closed).category();
                    if (ec == websocket::error::closed)
                        on_lost("server closed the WebSocket");
                    else if (ws_error)
                        on_lost("WebSocket protocol error: " + ec.message(), errc::protocol_violation);
                    else
                        on_lost("connection lost: " + ec.message());
                }
                reader_running_ = false;
                done_signal_.cancel();
                co_return;
            }
            if (first == Clock::time_point{}) first = Clock::now();
        } while (!ws_.is_message_done());
        const std::string_view frame(static_cast<const char*>(read_buf_.data().data()), read_buf_.size());
        // Without compression a message is one frame, so its wire size is exact; with
        // permessage-deflate only the socket counter knows the compressed size.
        std::uint64_t wire = server_frame_bytes(frame.size());
        if (compression_) {
            wire = policy.bytes_read() - counted;
            counted = policy.bytes_read();
        }
        handle_message(frame, first, wire);
        if (!open_) break;
    }
    reader_running_ = false;
    done_signal_.cancel();
}

void Connection::handle_message(std::string_view frame, Clock::time_point first_byte, std::uint64_t wire) {
    scratch_items_.clear();
    // Count mode unless some request on this connection asked for its results.
    auto summary = keep_count_ > 0 ? io::ws37::scan_response(frame, format_, collect_)
                                   : io::ws37::scan_response(frame, format_);
    const auto now = Clock::now();
    if (!summary) {
        // Bytes that are not a ResponseMessage: the stream cannot be trusted any more.
        const std::string why = "undecodable response: " + summary.error().to_string();
        table_.fail_all(errc::protocol_violation, why, now);
        on_lost(why);
        return;
    }
    const auto& sm = *summary;
    const auto d = table_.on_response(sm.request_id, sm.code, sm.message, sm.result_count, wire,
                                      first_byte, now);
    using Kind = PendingTable::Dispatch::Kind;
    switch (d.kind) {
    case Kind::partial:
    case Kind::final: {
        Slot& slot = *slots_[d.slot];
        if (slot.keep_results) {
            for (auto& v : scratch_items_) slot.results.push_back(std::move(v));
        }
        if (d.kind == Kind::final) slot.signal.cancel();
        break;
    }
    case Kind::null_id:
        // The Java driver's rule: a response without a request id fails every pending request.
        wake_all();
        break;
    case Kind::late:
    case Kind::unknown:
        break;  // dropped (counted by the table)
    }
}

void Connection::wake_all() noexcept {
    for (auto& s : slots_) s->signal.cancel();
}

void Connection::on_lost(std::string_view why, errc e) noexcept {
    const bool was_open = open_;
    open_ = false;
    table_.fail_all(e, why, Clock::now());
    wake_all();
    writer_signal_.cancel();
    if (was_open) {
        boost::system::error_code ignored;
        beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
        beast::get_lowest_layer(ws_).close();
    }
}

net::awaitable<void> Connection::wait_until(bool Connection::*running, std::chrono::milliseconds limit) {
    const auto until = Clock::now() + limit;
    while (this->*running && Clock::now() < until) {
        done_signal_.expires_at(until);
        co_await done_signal_.async_wait(use_tuple);
    }
}

net::awaitable<void> Connection::async_close() {
    auto self = shared_from_this();
    if (!open_ || closing_) co_return;
    closing_ = true;
    // Stop the writer first: the close frame must not interleave with a request frame.
    writer_signal_.cancel();
    co_await wait_until(&Connection::writer_running_, std::chrono::milliseconds(2000));
    table_.fail_all(errc::cancelled, "session closed", Clock::now());
    wake_all();
    // A writer still stuck in a write (the peer stopped reading) would block the close frame
    // behind it forever: drop the connection instead of closing gracefully.
    if (writer_running_) on_lost("session closed while a request frame was still being written");
    if (open_) {
        auto [ec] = co_await ws_.async_close(websocket::close_code::normal, use_tuple);
        (void)ec;  // a failed close handshake still ends in closing the socket below
    }
    if (open_) on_lost("session closed");
    co_await wait_until(&Connection::reader_running_, std::chrono::milliseconds(2000));
}

class Ws37Session final : public engine::Session {
public:
    Ws37Session(net::any_io_executor ex, const engine::SessionConfig& cfg)
        : ex_(std::move(ex)), cfg_(cfg), format_(parse_serializer(cfg.target.serializer)) {
        if (cfg.max_in_process_per_connection == 0)
            throw std::invalid_argument("ws37: max_in_process_per_connection must be >= 1");
    }
    ~Ws37Session() override {
        if (conn_) conn_->abort();
    }

    net::awaitable<std::error_code> async_connect() override {
        if (conn_) conn_->abort();
        conn_ = std::make_shared<Connection>(ex_, cfg_, format_);
        auto c = conn_;
        co_return co_await c->async_connect();
    }
    net::awaitable<engine::Outcome> async_execute(const engine::Request& req) override {
        if (!conn_) {
            engine::Outcome out;
            out.error = make_error_code(errc::connection_closed);
            out.status_message = "ws37 session is not connected";
            out.done = out.first_result = Clock::now();
            co_return out;
        }
        auto c = conn_;
        co_return co_await c->async_execute(req);
    }
    net::awaitable<void> async_close() override {
        if (!conn_) co_return;
        auto c = conn_;
        co_await c->async_close();
    }
    std::size_t max_in_flight() const noexcept override { return cfg_.max_in_process_per_connection; }
    bool is_open() const noexcept override { return conn_ && conn_->is_open(); }
    std::string_view name() const noexcept override { return "ws37"; }

private:
    net::any_io_executor ex_;
    engine::SessionConfig cfg_;
    io::ws37::Format format_;
    std::shared_ptr<Connection> conn_;
};

}  // namespace

std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex, const engine::SessionConfig& cfg) {
    return std::make_unique<Ws37Session>(std::move(ex), cfg);
}

}  // namespace tpbench::ws37
