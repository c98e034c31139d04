// ws37 against the embedded server on loopback, with a small Beast WebSocket client.
#include "server_test_util.hpp"

#include <tpbench/io/ws37.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket.hpp>
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <thread>

using namespace tpbench;
using namespace tpbench::test;
using namespace std::chrono_literals;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using io::ws37::Format;
using model::Value;

namespace {

class WsClient {
public:
    explicit WsClient(std::uint16_t port, bool deflate = false, std::string target = "/gremlin",
                      int rcvbuf = 0) {
        asio::ip::tcp::endpoint ep(asio::ip::make_address("127.0.0.1"), port);
        if (rcvbuf > 0) {
            auto& sock = beast::get_lowest_layer(ws_).socket();
            sock.open(asio::ip::tcp::v4());
            sock.set_option(asio::socket_base::receive_buffer_size(rcvbuf));
        }
        beast::get_lowest_layer(ws_).connect(ep);
        local_port_ = beast::get_lowest_layer(ws_).socket().local_endpoint().port();
        if (deflate) {
            websocket::permessage_deflate pmd;
            pmd.client_enable = true;
            ws_.set_option(pmd);
        }
        ws_.auto_fragment(false);
        ws_.read_message_max(64u << 20);
        beast::error_code ec;
        bool done = false;
        ws_.async_handshake(res_, "127.0.0.1", target, [&](beast::error_code e) {
            ec = e;
            done = true;
        });
        run_until(done);
        if (!done || ec) throw std::runtime_error("handshake failed: " + ec.message());
    }

    std::uint16_t local_port() const { return local_port_; }
    const websocket::response_type& handshake_response() const { return res_; }

    bool send(const io::ws37::RequestMessage& m, Format f = Format::graphbinary_v1, bool text = false) {
        std::string frame;
        io::ws37::encode_request(frame, m, f, !text);
        return send_raw(frame, text);
    }
    // False when the write failed (e.g. the server already closed the connection).
    bool send_raw(std::string_view frame, bool text = false) {
        ws_.text(text);
        beast::error_code ec;
        ws_.write(asio::buffer(frame.data(), frame.size()), ec);
        return !ec;
    }
    // Reads one frame (10 s limit). nullopt on error/close/timeout.
    std::optional<std::string> read_frame(bool* text = nullptr) {
        beast::flat_buffer b;
        beast::error_code ec;
        bool done = false;
        ws_.async_read(b, [&](beast::error_code e, std::size_t) {
            ec = e;
            done = true;
        });
        run_until(done);
        if (!done || ec) {
            last_error_ = done ? ec : beast::error_code(asio::error::timed_out);
            return std::nullopt;
        }
        if (text) *text = ws_.got_text();
        return beast::buffers_to_string(b.data());
    }
    std::optional<io::ws37::ResponseMessage> read_response(Format f = Format::graphbinary_v1) {
        auto fr = read_frame();
        if (!fr) return std::nullopt;
        auto r = io::ws37::decode_response(*fr, f);
        REQUIRE_MESSAGE(r.ok(), r.error().to_string());
        return std::move(r.value());
    }
    // Reads until the final message of one request (all requests must use `f`).
    std::vector<io::ws37::ResponseMessage> read_stream(Format f = Format::graphbinary_v1) {
        std::vector<io::ws37::ResponseMessage> out;
        for (;;) {
            auto m = read_response(f);
            REQUIRE(m);
            out.push_back(*m);
            if (io::ws37::is_final(m->header.code)) return out;
        }
    }
    // Sends a Ping; pong_seen() turns true once a Pong arrives during a later read.
    void ping() {
        ws_.control_callback([this](websocket::frame_type k, beast::string_view) {
            if (k == websocket::frame_type::pong) pong_ = true;
        });
        ws_.ping({});
    }
    bool pong_seen() const { return pong_; }
    // Sends the requests as masked binary frames in one TCP write (a pipelined burst).
    bool send_burst(const std::vector<io::ws37::RequestMessage>& ms) {
        std::string bytes;
        for (const auto& m : ms) {
            std::string p;
            io::ws37::encode_request(p, m, Format::graphbinary_v1, true);
            REQUIRE(p.size() < 126);
            bytes += '\x82';                              // FIN, binary
            bytes += static_cast<char>(0x80 | p.size());  // masked, 7-bit length
            bytes.append(4, '\0');                        // masking key 0: the payload as is
            bytes += p;
        }
        beast::error_code ec;
        asio::write(beast::get_lowest_layer(ws_).socket(), asio::buffer(bytes), ec);
        return !ec;
    }
    // Keeps one read pending for `idle` (Beast answers the server's pings meanwhile), then sends
    // `m` and returns the frame that read gets: nullopt when the connection ended while idle.
    std::optional<std::string> idle_then_request(std::chrono::milliseconds idle,
                                                 const io::ws37::RequestMessage& m) {
        count_pings();
        beast::flat_buffer b;
        beast::error_code ec;
        bool done = false;
        ws_.async_read(b, [&](beast::error_code e, std::size_t) {
            ec = e;
            done = true;
        });
        ioc_.restart();
        ioc_.run_for(idle);
        if (done) {
            last_error_ = ec;
            return std::nullopt;
        }
        std::string frame;
        io::ws37::encode_request(frame, m, Format::graphbinary_v1, true);
        ws_.binary(true);
        bool wrote = false;
        ws_.async_write(asio::buffer(frame), [&](beast::error_code e, std::size_t) {
            if (e) ec = e;
            wrote = true;
        });
        run_until(done);
        if (!done || !wrote || ec) return std::nullopt;
        return beast::buffers_to_string(b.data());
    }
    // Counts the server's pings from now on (pings()).
    void count_pings() {
        ws_.control_callback([this](websocket::frame_type k, beast::string_view) {
            if (k == websocket::frame_type::ping) ++pings_;
            if (k == websocket::frame_type::pong) pong_ = true;
        });
    }
    int pings() const { return pings_; }
    bool close() {
        beast::error_code ec;
        bool done = false;
        ws_.async_close(websocket::close_code::normal, [&](beast::error_code e) {
            ec = e;
            done = true;
        });
        run_until(done);
        return done && !ec;
    }
    beast::error_code last_error() const { return last_error_; }
    // Drops the TCP connection without a closing handshake.
    void close_socket() {
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

private:
    void run_until(bool& done) {
        auto until = std::chrono::steady_clock::now() + 10s;
        while (!done && std::chrono::steady_clock::now() < until) {
            ioc_.restart();
            ioc_.run_for(50ms);
        }
        if (!done) {
            beast::get_lowest_layer(ws_).socket().close();
            ioc_.restart();
            ioc_.run_for(1s);
        }
    }

    asio::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_{ioc_};
    websocket::response_type res_;
    std::uint16_t local_port_ = 0;
    beast::error_code last_error_;
    bool pong_ = false;
    int pings_ = 0;
};

model::Uuid new_id() {
    static std::mt19937_64 rng(42);
    model::Uuid u{};
    for (auto& b : u) b = static_cast<std::uint8_t>(rng());
    u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | 0x40);
    u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);
    return u;
}

io::ws37::RequestMessage eval(const std::string& script, std::optional<int> batch = std::nullopt) {
    io::ws37::RequestMessage m;
    m.request_id = new_id();
    m.op = "eval";
    m.processor = "";
    std::vector<Value> kv{Value::string("gremlin"), Value::string(script)};
    if (batch) {
        kv.push_back(Value::string("batchSize"));
        kv.push_back(Value::int_(*batch));
    }
    m.args = Value::map(std::move(kv));
    return m;
}

std::size_t data_size(const io::ws37::ResponseMessage& m) { return m.data.is_null() ? 0 : m.data.size(); }

}  // namespace

TEST_CASE("server ws37: g.V() in one 200 with the host attribute; batchSize 2 gives 206,206,200") {
    auto srv = start_embedded_server();
    WsClient c(srv->port());
    auto req = eval("g.V()");
    c.send(req);
    auto msgs = c.read_stream();
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 200);
    CHECK(msgs[0].header.request_id == req.request_id);
    CHECK(msgs[0].header.message == std::optional<std::string>(""));
    REQUIRE(data_size(msgs[0]) == 6);
    CHECK(msgs[0].data[0].type() == model::Type::vertex);
    const auto* host = msgs[0].header.attributes.find("host");
    REQUIRE(host);
    CHECK(host->str() == "/127.0.0.1:" + std::to_string(c.local_port()));

    auto r2 = eval("g.V()", 2);
    c.send(r2);
    msgs = c.read_stream();
    REQUIRE(msgs.size() == 3);
    CHECK(msgs[0].header.code == 206);
    CHECK(msgs[1].header.code == 206);
    CHECK(msgs[2].header.code == 200);
    for (auto& m : msgs) {
        CHECK(data_size(m) == 2);
        CHECK(m.header.request_id == r2.request_id);
    }
    CHECK(msgs[0].header.attributes.size() == 0);

    c.send(eval("1+1"));
    msgs = c.read_stream();
    REQUIRE(msgs.size() == 1);
    REQUIRE(data_size(msgs[0]) == 1);
    CHECK(msgs[0].data[0] == Value::int_(2));
    CHECK(c.close());
}

TEST_CASE("server ws37: graph.clear() gives 204; invalid script gives 597") {
    auto srv = start_embedded_server();
    WsClient c(srv->port());
    c.send(eval("g.V().nosuchstep("));
    auto msgs = c.read_stream();
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 597);
    REQUIRE(msgs[0].header.message);
    CHECK_FALSE(msgs[0].header.message->empty());
    CHECK(msgs[0].header.attributes.find("exceptions"));
    CHECK(msgs[0].header.attributes.find("stackTrace"));
    CHECK(msgs[0].data.is_null());

    c.send(eval("graph.clear()"));
    msgs = c.read_stream();
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 204);
    CHECK(msgs[0].data.is_null());
    CHECK(msgs[0].header.attributes.find("host"));
    c.send(eval("g.V().count()"));
    msgs = c.read_stream();
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].data[0].to_int64() == 0);
}

TEST_CASE("server ws37: bad bytes give 499 with a null requestId and the connection keeps serving") {
    auto srv = start_embedded_server();
    WsClient c(srv->port());
    std::string junk =
        "\x20"
        "application/vnd.graphbinary-v1.0"
        "\x81\x01\x02garbage";
    c.send_raw(junk);
    auto m = c.read_response();
    REQUIRE(m);
    CHECK(m->header.code == 499);
    CHECK_FALSE(m->header.request_id.has_value());
    c.send_raw(std::string("\x00\x01\x02", 3));
    m = c.read_response();
    REQUIRE(m);
    CHECK(m->header.code == 499);
    CHECK_FALSE(m->header.request_id.has_value());
    // Validation errors keep the request id.
    auto bad = eval("x");
    bad.op = "nope";
    c.send(bad);
    m = c.read_response();
    REQUIRE(m);
    CHECK(m->header.code == 498);
    CHECK(m->header.request_id == bad.request_id);
    auto ok = eval("g.V().count()");
    c.send(ok);
    auto msgs = c.read_stream();
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 200);
    CHECK(msgs[0].header.request_id == ok.request_id);
}

TEST_CASE("server ws37: concurrent requests on one connection interleave, each in order") {
    auto srv = start_embedded_server();
    WsClient c(srv->port());
    std::map<model::Uuid, std::vector<std::int32_t>> codes;
    std::map<model::Uuid, std::size_t> counts;
    std::map<model::Uuid, std::size_t> expected;
    for (int i = 0; i < 12; ++i) {
        auto r = i % 3 == 2 ? eval("g.V().repeat(both()).times(3)", 5) : eval("g.V()", 1);
        expected[r.request_id] = i % 3 == 2 ? 72 : 6;
        c.send(r);
    }
    std::size_t finals = 0;
    while (finals < expected.size()) {
        auto m = c.read_response();
        REQUIRE(m);
        REQUIRE(m->header.request_id);
        auto id = *m->header.request_id;
        REQUIRE(expected.count(id) == 1);
        REQUIRE_MESSAGE((codes[id].empty() || codes[id].back() == 206), "message after a final one");
        codes[id].push_back(m->header.code);
        counts[id] += data_size(*m);
        if (io::ws37::is_final(m->header.code)) ++finals;
    }
    for (auto& [id, n] : expected) {
        CHECK(counts[id] == n);
        CHECK(codes[id].back() == 200);
    }
}

TEST_CASE("server ws37: gathered frames stay whole and in order beside Beast's pongs, on a full socket too") {
    // The writer sends many queued frames in one write (ws_writer gather); Beast answers pings
    // from inside its read. With a small client receive buffer the server's writes are partial
    // while pings arrive, so a pong must wait for the gathered write (GatedStream) — any frame
    // interleaved inside another would break the client's framing (Beast fails the read).
    auto srv = start_embedded_server();
    for (int rcvbuf : {0, 4096}) {
        CAPTURE(rcvbuf);
        WsClient c(srv->port(), false, "/gremlin", rcvbuf);
        std::map<model::Uuid, std::size_t> counts;
        std::map<model::Uuid, std::size_t> expected;
        for (int i = 0; i < 40; ++i) {
            auto r = i % 2 == 0 ? eval("g.V().repeat(both()).times(4)", 4) : eval("1+1");
            expected[r.request_id] = i % 2 == 0 ? 174 : 1;  // modern graph: 174 walks of 4
            c.send(r);
            if (i % 8 == 7) c.ping();
        }
        // Text frames (GraphSON over a text request) go through the same path with their opcode.
        auto t = eval("g.V().count()");
        c.send(t, Format::graphson_v3, true);
        std::size_t finals = 0;
        bool text_seen = false;
        while (finals < expected.size() + 1) {
            bool text = false;
            auto fr = c.read_frame(&text);
            REQUIRE(fr);
            if (text) {
                auto m = io::ws37::decode_response(*fr, Format::graphson_v3);
                REQUIRE(m.ok());
                CHECK(m->header.request_id == t.request_id);
                CHECK(m->data[0].to_int64() == 6);
                text_seen = true;
                ++finals;
                continue;
            }
            auto m = io::ws37::decode_response(*fr, Format::graphbinary_v1);
            REQUIRE_MESSAGE(m.ok(), m.error().to_string());
            REQUIRE(m->header.request_id);
            const auto id = *m->header.request_id;
            REQUIRE(expected.count(id) == 1);
            counts[id] += data_size(*m);
            if (io::ws37::is_final(m->header.code)) {
                CHECK(m->header.code == 200);
                ++finals;
            }
        }
        CHECK(text_seen);
        for (const auto& want : expected) CHECK(counts[want.first] == want.second);
        CHECK(c.pong_seen());
        CHECK(c.close());
    }
}

TEST_CASE("server ws37: a pipelined burst's responses go out in a few writes, whole and in order") {
    // 32 requests in one TCP write, each answered by the reader itself (499: batchSize 0), one per
    // message Beast hands it: the writer, woken by the first answer, lets the others land before it
    // writes (ws_writer's rounds), so a few writes carry the 32 frames, not one write each (gather-write).
    auto srv = start_embedded_server();
    WsClient c(srv->port());
    std::vector<io::ws37::RequestMessage> burst;
    for (int i = 0; i < 32; ++i) burst.push_back(eval("1+1", 0));
    const auto before = srv->stats();
    REQUIRE(c.send_burst(burst));
    for (const auto& r : burst) {
        auto m = c.read_response();
        REQUIRE(m);
        CHECK(m->header.request_id == r.request_id);
        CHECK(m->header.code == 499);
    }
    const auto after = srv->stats();
    CHECK(after.ws37_frames - before.ws37_frames == 32);
    CHECK(after.ws37_writes - before.ws37_writes <= 4);
    // Evaluated requests too: every answer whole, under its own id.
    std::vector<io::ws37::RequestMessage> evals;
    for (int i = 0; i < 32; ++i) evals.push_back(eval(i % 2 == 0 ? "1+1" : "g.V().count()"));
    REQUIRE(c.send_burst(evals));
    std::map<model::Uuid, std::int64_t> want;
    for (int i = 0; i < 32; ++i) want[evals[static_cast<std::size_t>(i)].request_id] = i % 2 == 0 ? 2 : 6;
    for (int i = 0; i < 32; ++i) {
        auto m = c.read_response();
        REQUIRE(m);
        REQUIRE(m->header.request_id);
        REQUIRE(want.count(*m->header.request_id) == 1);
        CHECK(m->header.code == 200);
        REQUIRE(data_size(*m) == 1);
        CHECK(m->data[0].to_int64() == want[*m->header.request_id]);
        want.erase(*m->header.request_id);
    }
    CHECK(c.close());
}

TEST_CASE("server ws37: idleConnectionTimeout pings a silent client, then closes it; a pong keeps it open") {
    // The idle watch (ws_session_impl.hpp): nothing received for half the timeout sends a ping,
    // another half closes the connection (Beast's keep-alive rule, without a timer per read).
    server::ServerConfig cfg;
    cfg.idle_connection_timeout = std::chrono::milliseconds(300);
    auto srv = start_embedded_server(cfg);
    {
        WsClient c(srv->port());
        c.count_pings();
        std::this_thread::sleep_for(1500ms);  // neither reading (no pong) nor sending
        const auto t0 = std::chrono::steady_clock::now();
        CHECK_FALSE(c.read_frame());  // the ping, then the end of the connection
        // Ended by the server, well before the client's own 10 s limit (which aborts the read).
        CHECK(std::chrono::steady_clock::now() - t0 < 5s);
        CHECK(c.last_error() != beast::error_code(asio::error::operation_aborted));
        CHECK(c.pings() >= 1);
    }
    {
        // A reading client answers the pings: still open after several timeouts' worth of quiet.
        server::ServerConfig slow = cfg;
        slow.idle_connection_timeout = std::chrono::milliseconds(1000);
        auto srv2 = start_embedded_server(slow);
        WsClient c(srv2->port());
        auto r = eval("1+1");
        auto fr = c.idle_then_request(2600ms, r);
        REQUIRE_MESSAGE(fr, c.last_error().message());
        auto m = io::ws37::decode_response(*fr, Format::graphbinary_v1);
        REQUIRE(m.ok());
        CHECK(m->header.request_id == r.request_id);
        CHECK(m->data[0].to_int64() == 2);
        CHECK(c.pings() >= 2);
    }
}

TEST_CASE("server ws37: GraphSON 3.0 binary and text frames; bytecode gives traversers") {
    auto srv = start_embedded_server();
    WsClient c(srv->port());
    auto r = eval("g.V(1).out('knows').values('name')");
    c.send(r, Format::graphson_v3);
    auto msgs = c.read_stream(Format::graphson_v3);
    REQUIRE(msgs.size() == 1);
    REQUIRE(data_size(msgs[0]) == 2);
    auto t = eval("g.V().count()");
    c.send(t, Format::graphson_v3, true);
    bool text = false;
    auto fr = c.read_frame(&text);
    REQUIRE(fr);
    CHECK(text);
    auto m = io::ws37::decode_response(*fr, Format::graphson_v3);
    REQUIRE(m.ok());
    CHECK(m->header.request_id == t.request_id);
    CHECK(m->data[0].to_int64() == 6);
    c.send(eval("g.V().count()"), Format::graphson_v3_untyped);
    msgs = c.read_stream(Format::graphson_v3_untyped);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].data[0].to_int64() == 6);

    io::ws37::RequestMessage b;
    b.request_id = new_id();
    b.op = "bytecode";
    b.processor = "traversal";
    Value bc = Value::bytecode(
        Value::list({Value::list({Value::string("V")}), Value::list({Value::string("count")})}),
        Value::list());
    b.args = Value::map({Value::string("gremlin"), bc, Value::string("aliases"),
                         Value::map({Value::string("g"), Value::string("g")})});
    c.send(b);
    msgs = c.read_stream();
    REQUIRE(msgs.size() == 1);
    REQUIRE(data_size(msgs[0]) == 1);
    CHECK(msgs[0].data[0].type() == model::Type::traverser);
    CHECK(msgs[0].data[0].as_int() == 1);
    CHECK(msgs[0].data[0][0].to_int64() == 6);
}

TEST_CASE("server ws37: ping/pong, permessage-deflate, close/close, wrong path, oversized frame") {
    server::ServerConfig cfg;
    cfg.max_content_length = 4096;
    auto srv = start_embedded_server(cfg);
    {
        WsClient c(srv->port());
        c.ping();
        c.send(eval("g.V().count()"));
        auto msgs = c.read_stream();
        CHECK(msgs.back().header.code == 200);
        CHECK(c.pong_seen());
        CHECK(c.close());
    }
    {
        WsClient c(srv->port(), true);
        auto ext = c.handshake_response()[beast::http::field::sec_websocket_extensions];
        CHECK(std::string(ext).find("permessage-deflate") != std::string::npos);
        c.send(eval("g.V()", 64));
        auto msgs = c.read_stream();
        REQUIRE(msgs.size() == 1);
        CHECK(data_size(msgs[0]) == 6);
    }
    CHECK_THROWS(WsClient(srv->port(), false, "/other"));
    {
        WsClient c(srv->port());
        c.send(eval(std::string(8000, ' ') + "1"));  // may fail if the server closes first
        CHECK_FALSE(c.read_frame());                 // closed by the server (1009 message too big)
        WsClient d(srv->port());
        d.send(eval("1+1"));
        CHECK(d.read_stream().back().header.code == 200);
    }
}

TEST_CASE("server ws37: a client that never reads keeps server memory flat; other connections are served") {
    server::ServerConfig cfg;
    cfg.gremlin_pool = 2;
    auto srv = start_embedded_server(cfg);
    WsClient slow(srv->port(), false, "/gremlin", 4096);
    REQUIRE(slow.send(eval("g.V().repeat(both()).times(18)")));
    std::this_thread::sleep_for(300ms);
    long rss0 = vm_rss_kib();
    std::this_thread::sleep_for(1500ms);
    long rss1 = vm_rss_kib();
    MESSAGE("VmRSS before " << rss0 << " KiB, after " << rss1 << " KiB");
    CHECK(rss1 - rss0 < 16 * 1024);
    WsClient other(srv->port());
    other.send(eval("g.V().count()"));
    auto msgs = other.read_stream();
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 200);
    CHECK(msgs[0].data[0].to_int64() == 6);
    // The slow stream is still alive: reading from it now yields its first batches.
    auto first = slow.read_response();
    REQUIRE(first);
    CHECK(first->header.code == 206);
    CHECK(data_size(*first) == 64);
}

TEST_CASE("server ws37: a full gremlinPool queue answers 429 Rate limiting") {
    server::ServerConfig cfg;
    cfg.gremlin_pool = 1;
    cfg.max_work_queue_size = 1;
    auto srv = start_embedded_server(cfg);
    WsClient slow(srv->port(), false, "/gremlin", 4096);
    REQUIRE(slow.send(eval("g.V().repeat(both()).times(18)")));
    std::this_thread::sleep_for(300ms);  // the only worker is now parked on back-pressure
    WsClient c(srv->port());
    auto queued = eval("g.V().count()");
    auto rejected = eval("g.V().count()");
    REQUIRE(c.send(queued));
    REQUIRE(c.send(rejected));
    auto m = c.read_response();
    REQUIRE(m);
    CHECK(m->header.code == 429);
    CHECK(m->header.request_id == rejected.request_id);
    CHECK(m->header.message == std::optional<std::string>("Rate limiting"));
    CHECK(m->data.is_null());
    slow.close_socket();  // frees the worker; the queued request runs
    auto q = c.read_stream();
    REQUIRE(q.size() == 1);
    CHECK(q[0].header.code == 200);
    CHECK(q[0].header.request_id == queued.request_id);
}

TEST_CASE(
    "server ws37: a stream of repeated full batches (sent as copies) arrives whole, requests behind it too") {
    // times(8): 5,910 results, six vertices with bulks in the hundreds: most 206 frames are copies
    // of the one built before them (jobs.cpp BatchRun), written several per entry.
    auto srv = start_embedded_server();
    WsClient c(srv->port());
    auto walk = eval("g.V().repeat(both()).times(8)", 16);
    auto small = eval("g.V().count()");
    c.send(walk);
    c.send(small);
    std::size_t items = 0, frames = 0;
    bool walk_done = false, small_done = false;
    while (!walk_done || !small_done) {
        auto m = c.read_response();
        REQUIRE(m);
        REQUIRE(m->header.request_id);
        if (*m->header.request_id == walk.request_id) {
            REQUIRE_FALSE(walk_done);
            items += data_size(*m);
            ++frames;
            if (io::ws37::is_final(m->header.code)) {
                CHECK(m->header.code == 200);
                walk_done = true;
            } else {
                CHECK(m->header.code == 206);
                CHECK(data_size(*m) == 16);
            }
        } else {
            CHECK(m->header.code == 200);
            small_done = true;
        }
    }
    CHECK(items == 5910);
    CHECK(frames == 370);  // 5,910 / 16, rounded up
}
