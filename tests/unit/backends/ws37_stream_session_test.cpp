// The ws37 session (its own handshake and RFC 6455 framing) over the in-memory test stream
// (backends/common/memory_stream.hpp): no sockets. A scripted WebSocket "server" answers the
// upgrade, unmasks (and inflates) each client frame, decodes the request and scripts the answer's
// bytes, split the way the test wants them read. Covers what the loopback tests cannot control:
// every split of a response (with pings interleaved), every truncation, a failure at every I/O
// step, fragmented messages with control frames between the fragments, pings of every size
// (0..125 bytes, as Netty sends them with keepAliveInterval), close handshakes from both sides, the
// frame rules a client must enforce, and permessage-deflate (RFC 7692): compressed and fragmented
// messages in every split, context takeover on and off, negotiation, corrupt deflate data.
#include "backends/ws37/session_detail.hpp"

#include <tpbench/backends/ws37.hpp>
#include <tpbench/io/ws37.hpp>

#include "backends/common/memory_stream.hpp"
#include "backends/common/stream.hpp"

#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/websocket/detail/hybi13.hpp>
#include <doctest/doctest.h>
#include <zlib.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace net = boost::asio;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::backends_detail::AnyStream;
using tpbench::backends_detail::MemoryStream;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;
using tpbench::model::Value;
namespace w = tpbench::io::ws37;

namespace {

constexpr std::uint8_t kCont = 0x0, kText = 0x1, kBinary = 0x2, kClose = 0x8, kPing = 0x9, kPong = 0xa;

// One unmasked server frame.
std::string server_frame(std::uint8_t opcode, std::string_view payload, bool fin = true) {
    std::string f;
    f.push_back(static_cast<char>((fin ? 0x80 : 0x00) | opcode));
    const std::size_t n = payload.size();
    if (n < 126) {
        f.push_back(static_cast<char>(n));
    } else if (n <= 0xffff) {
        f.push_back(static_cast<char>(126));
        f.push_back(static_cast<char>(n >> 8));
        f.push_back(static_cast<char>(n & 0xff));
    } else {
        f.push_back(static_cast<char>(127));
        for (int s = 56; s >= 0; s -= 8)
            f.push_back(static_cast<char>((static_cast<std::uint64_t>(n) >> s) & 0xff));
    }
    f.append(payload);
    return f;
}

// A ResponseMessage for `id` with `items` Int results (GraphBinary 1.0).
std::string response(const tpbench::model::Uuid& id, std::int32_t code, int items, int from = 0) {
    w::ResponseMessage m;
    m.header.request_id = id;
    m.header.code = code;
    if (code == 200 || code == 206) {
        std::vector<Value> v;
        for (int i = 0; i < items; ++i) v.push_back(Value::int_(from + i));
        m.data = Value::list(std::move(v));
    } else {
        m.header.message = "boom";
    }
    std::string out;
    w::encode_response(out, m, w::Format::graphbinary_v1);
    return out;
}

// A client frame the scripted server read (unmasked, inflated when it was compressed).
struct ClientFrame {
    std::uint8_t opcode = 0;
    bool fin = false;
    bool rsv1 = false;
    std::size_t wire_payload = 0;  // payload bytes on the wire (compressed size)
    std::string payload;
};

constexpr char kTail[4] = {0x00, 0x00, static_cast<char>(0xff), static_cast<char>(0xff)};

// The server side of permessage-deflate, written here on zlib directly (not the client's code):
// raw deflate, a sync flush per message, the 00 00 FF FF tail stripped; `takeover` = the window
// carries over between messages.
class Zip {
public:
    explicit Zip(bool takeover) : takeover_(takeover) {
        REQUIRE(deflateInit2(&zs_, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    }
    ~Zip() { deflateEnd(&zs_); }
    std::string operator()(std::string_view msg) {
        if (!takeover_) deflateReset(&zs_);
        std::string out(deflateBound(&zs_, msg.size()) + 64, '\0');
        zs_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(msg.data()));
        zs_.avail_in = static_cast<uInt>(msg.size());
        zs_.next_out = reinterpret_cast<Bytef*>(out.data());
        zs_.avail_out = static_cast<uInt>(out.size());
        REQUIRE(deflate(&zs_, Z_SYNC_FLUSH) == Z_OK);
        REQUIRE(zs_.avail_in == 0);
        out.resize(out.size() - zs_.avail_out);
        REQUIRE(out.size() >= 4);
        REQUIRE(out.compare(out.size() - 4, 4, kTail, 4) == 0);
        out.resize(out.size() - 4);
        return out;
    }

private:
    z_stream zs_{};
    bool takeover_;
};

// The server side's inflater for the client's compressed messages; false on corrupt data.
class Unzip {
public:
    explicit Unzip(bool takeover) : takeover_(takeover) { REQUIRE(inflateInit2(&zs_, -15) == Z_OK); }
    ~Unzip() { inflateEnd(&zs_); }
    bool operator()(std::string in, std::string& out) {
        if (!takeover_) inflateReset(&zs_);
        in.append(kTail, 4);
        out.assign(in.size() * 20 + 1024, '\0');
        zs_.next_in = reinterpret_cast<Bytef*>(in.data());
        zs_.avail_in = static_cast<uInt>(in.size());
        zs_.next_out = reinterpret_cast<Bytef*>(out.data());
        zs_.avail_out = static_cast<uInt>(out.size());
        const int rc = inflate(&zs_, Z_SYNC_FLUSH);
        out.resize(out.size() - zs_.avail_out);
        return rc == Z_OK && zs_.avail_in == 0;
    }

private:
    z_stream zs_{};
    bool takeover_;
};

// A server frame with RSV1 (the first frame of a compressed message).
std::string compressed_frame(std::uint8_t opcode, std::string_view payload, bool fin = true);

// The scripted WebSocket server: answers the upgrade, then calls `on_request` for every request
// frame with the decoded request; what it returns is appended as read chunks (one chunk = what one
// read returns). Control frames from the client are recorded.
class ScriptedWsServer {
public:
    using Answer = std::function<std::vector<std::string>(const w::DecodedRequest&, int index)>;
    explicit ScriptedWsServer(Answer a) : answer(std::move(a)) {}

    Answer answer;
    int connections = 0;
    int requests = 0;
    std::vector<ClientFrame> controls;  // close / ping / pong frames from the client
    std::string upgrade;                // the client's upgrade request
    bool reply_close = true;            // answer a client close with a close frame
    // Sec-WebSocket-Extensions of the 101 response when the client offers permessage-deflate
    // (empty: declined). With "client_no_context_takeover" in it, each client message is inflated
    // on its own (a client that kept its window fails to decode).
    std::string extensions;
    std::string extensions_always;            // sent whatever the client offered (a misbehaving server)
    std::vector<ClientFrame> request_frames;  // every request frame (payload inflated)
    int corrupt_requests = 0;                 // compressed request frames that did not inflate
    bool end_after_answer = false;            // end the input (TCP FIN) after each answer
    std::vector<MemoryStream*> streams;
    std::function<void(MemoryStream&)> on_connect;  // e.g. fail_at(k, ec)

    tpbench::ws37::detail::StreamSource source() {
        return [this](net::any_io_executor ex) {
            MemoryStream m(ex);
            ++connections;
            auto state = std::make_shared<Conn>();
            m.set_responder(
                [this, state](MemoryStream& s, std::string_view written) { on_write(*state, s, written); });
            if (on_connect) on_connect(m);
            return AnyStream(std::move(m));
        };
    }

private:
    struct Conn {
        bool upgraded = false;
        std::string in;
        std::unique_ptr<Unzip> unzip;
    };

    void on_write(Conn& c, MemoryStream& s, std::string_view written) {
        c.in.append(written);
        if (!c.upgraded) {
            const auto end = c.in.find("\r\n\r\n");
            if (end == std::string::npos) return;
            upgrade = c.in.substr(0, end + 4);
            c.in.erase(0, end + 4);
            c.upgraded = true;
            std::string key;
            const auto k = upgrade.find("Sec-WebSocket-Key: ");
            REQUIRE(k != std::string::npos);
            key = upgrade.substr(k + 19, upgrade.find("\r\n", k) - k - 19);
            boost::beast::websocket::detail::sec_ws_accept_type accept;
            boost::beast::websocket::detail::make_sec_ws_accept(accept, key);
            std::string ext = extensions_always;
            if (ext.empty() && !extensions.empty() &&
                upgrade.find("Sec-WebSocket-Extensions: permessage-deflate") != std::string::npos)
                ext = extensions;
            if (!ext.empty()) {
                c.unzip =
                    std::make_unique<Unzip>(ext.find("client_no_context_takeover") == std::string::npos);
                ext = "Sec-WebSocket-Extensions: " + ext + "\r\n";
            }
            s.append_input(
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Accept: " +
                std::string(accept.data(), accept.size()) + "\r\n" + ext + "\r\n");
        }
        for (;;) {
            ClientFrame f;
            std::size_t used = 0;
            if (!parse(c.in, f, used)) return;
            c.in.erase(0, used);
            if (f.rsv1) {
                REQUIRE(c.unzip);  // RSV1 only once negotiated
                std::string plain;
                if (!(*c.unzip)(f.payload, plain)) {
                    ++corrupt_requests;
                    continue;
                }
                f.payload = std::move(plain);
            }
            if (f.opcode == kBinary || f.opcode == kText) {
                request_frames.push_back(f);
                auto d = w::decode_request(f.payload, f.opcode == kText);
                REQUIRE(d.ok());
                for (auto& chunk : answer(*d, requests++))
                    if (!chunk.empty()) s.append_input(chunk);
                if (end_after_answer) s.close_input();
            } else {
                controls.push_back(f);
                if (f.opcode == kClose && reply_close) {
                    s.append_input(server_frame(kClose, f.payload));
                    s.close_input();
                }
            }
        }
    }

    // One masked client frame at the front of `in`; false when it is not complete yet.
    static bool parse(const std::string& in, ClientFrame& f, std::size_t& used) {
        if (in.size() < 2) return false;
        const auto* p = reinterpret_cast<const unsigned char*>(in.data());
        f.fin = (p[0] & 0x80) != 0;
        f.rsv1 = (p[0] & 0x40) != 0;
        f.opcode = p[0] & 0x0f;
        REQUIRE((p[0] & 0x30) == 0);  // RSV2, RSV3: never
        REQUIRE((p[1] & 0x80) != 0);  // a client frame is masked
        std::uint64_t n = p[1] & 0x7f;
        std::size_t o = 2;
        if (n == 126) {
            if (in.size() < 4) return false;
            n = (std::uint64_t{p[2]} << 8) | p[3];
            o = 4;
        } else if (n == 127) {
            if (in.size() < 10) return false;
            n = 0;
            for (int i = 0; i < 8; ++i) n = (n << 8) | p[2 + i];
            o = 10;
        }
        if (in.size() < o + 4 + n) return false;
        const unsigned char* key = p + o;
        f.payload.resize(n);
        for (std::size_t i = 0; i < n; ++i) f.payload[i] = static_cast<char>(p[o + 4 + i] ^ key[i & 3]);
        f.wire_payload = n;
        used = o + 4 + n;
        return true;
    }
};

std::string compressed_frame(std::uint8_t opcode, std::string_view payload, bool fin) {
    std::string f = server_frame(opcode, payload, fin);
    f[0] = static_cast<char>(f[0] | 0x40);
    return f;
}

SessionConfig config(std::map<std::string, std::string> options = {}) {
    SessionConfig cfg = tpbench::test::loopback_config(8182, "", std::move(options));
    cfg.connect_timeout = 2000ms;
    cfg.max_in_process_per_connection = 8;
    return cfg;
}

Request request(std::string gremlin = "g.V()", std::chrono::milliseconds budget = 3000ms) {
    return tpbench::test::make_request(std::move(gremlin), budget);
}

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body, std::chrono::seconds limit = 20s) {
    tpbench::test::run_bounded(ioc, body, limit);
}

// Splits `bytes` into chunks at the given offsets (ascending).
std::vector<std::string> split(const std::string& bytes, std::vector<std::size_t> at) {
    std::vector<std::string> out;
    std::size_t from = 0;
    for (std::size_t a : at) {
        if (a <= from || a >= bytes.size()) continue;
        out.push_back(bytes.substr(from, a - from));
        from = a;
    }
    out.push_back(bytes.substr(from));
    return out;
}

// Runs one request against `srv` on a fresh session and returns its outcome (the session closed).
Outcome one(ScriptedWsServer& srv, const Request& r, std::map<std::string, std::string> options = {}) {
    net::io_context ioc;
    Outcome out;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::detail::make_session_over(ioc.get_executor(), config(options), srv.source());
        const auto ec = co_await s->async_connect();
        if (ec) {
            out.error = ec;
            co_return;
        }
        out = co_await s->async_execute(r);
        co_await s->async_close();
    });
    return out;
}

}  // namespace

TEST_CASE("ws37 stream session: a streamed response read in every split, with a ping between its messages") {
    // 206 (3 items), a ping, 200 (2 items): every split of those bytes into two reads, then one read
    // per byte; memo on and off.
    std::string ping_payload = "keepalive";
    for (const char* memo : {"on", "off"}) {
        CAPTURE(memo);
        std::size_t total = 0;
        for (std::size_t at = 0;; ++at) {
            CAPTURE(at);
            bool last = false;
            ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
                const auto& id = d.message.request_id;
                const std::string bytes = server_frame(kBinary, response(id, 206, 3)) +
                                          server_frame(kPing, ping_payload) +
                                          server_frame(kBinary, response(id, 200, 2, 3));
                total = bytes.size();
                if (at >= total) {
                    last = true;
                    std::vector<std::string> bytewise;
                    for (char c : bytes) bytewise.emplace_back(1, c);
                    return bytewise;
                }
                return split(bytes, {at});
            });
            const Outcome o = one(srv, request(), {{"memo", memo}});
            CHECK_MESSAGE(!o.error, o.status_message);
            CHECK(o.result_count == 5);
            CHECK(o.partial_responses == 1);
            CHECK(o.status_code == 200);
            // The ping was answered with a pong carrying its payload (then the client's close).
            REQUIRE(srv.controls.size() >= 1);
            CHECK(srv.controls[0].opcode == kPong);
            CHECK(srv.controls[0].payload == ping_payload);
            if (last) break;
        }
    }
}

TEST_CASE("ws37 stream session: pings of every size (0..125 bytes) between and inside fragmented messages") {
    // The result message in three fragments (binary, continuation, continuation) with a ping of
    // size n before, between each fragment and after; every ping that came before the message
    // ended is answered with a pong echoing its payload (the one after it may meet the session
    // already closing: a closing client sends no more frames but its close).
    for (std::size_t n = 0; n <= 125; ++n) {
        CAPTURE(n);
        std::string payload(n, '\0');
        for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<char>((i * 37 + n) & 0xff);
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            const std::string msg = response(d.message.request_id, 200, 7);
            const std::size_t a = msg.size() / 3, b = 2 * msg.size() / 3;
            std::string bytes = server_frame(kPing, payload);
            bytes += server_frame(kBinary, msg.substr(0, a), false);
            bytes += server_frame(kPing, payload);
            bytes += server_frame(kCont, msg.substr(a, b - a), false);
            bytes += server_frame(kPong, "unsolicited");  // ignored
            bytes += server_frame(kPing, payload);
            bytes += server_frame(kCont, msg.substr(b), true);
            bytes += server_frame(kPing, payload);
            // Reads of 5 bytes: headers and payloads split at every kind of place.
            std::vector<std::size_t> at;
            for (std::size_t i = 1; i < bytes.size(); i += 5) at.push_back(i);
            return split(bytes, at);
        });
        const Outcome o = one(srv, request());
        CHECK_MESSAGE(!o.error, o.status_message);
        CHECK(o.result_count == 7);
        int pongs = 0;
        for (const auto& c : srv.controls) {
            if (c.opcode != kPong) continue;
            ++pongs;
            CHECK(c.fin);
            CHECK(c.payload == payload);
        }
        CHECK(pongs >= 3);
    }
}

TEST_CASE("ws37 stream session: fragmented messages, large and many, on multiplexed requests") {
    ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
        // A 206 of 300 items and a 200 of one, each in fragments of 1..40 bytes (a binary frame,
        // then continuations), all in one read.
        const auto& id = d.message.request_id;
        std::string bytes;
        for (const auto& msg : {response(id, 206, 300), response(id, 200, 1, 300)}) {
            std::size_t p = 0, k = 1;
            bool first = true;
            while (p < msg.size()) {
                const std::size_t len = std::min(k, msg.size() - p);
                bytes += server_frame(first ? kBinary : kCont, msg.substr(p, len), p + len == msg.size());
                first = false;
                p += len;
                k = k % 40 + 1;
            }
        }
        return std::vector<std::string>{bytes};
    });
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::detail::make_session_over(ioc.get_executor(), config(), srv.source());
        REQUIRE_FALSE(co_await s->async_connect());
        for (int i = 0; i < 3; ++i) {
            const Outcome o = co_await s->async_execute(request());
            CHECK_MESSAGE(!o.error, o.status_message);
            CHECK(o.result_count == 301);
            CHECK(o.partial_responses == 1);
        }
        co_await s->async_close();
    });
    CHECK(srv.requests == 3);
}

TEST_CASE("ws37 stream session: a response truncated at every byte ends the request, never hangs") {
    auto answer_bytes = [](const tpbench::model::Uuid& id) {
        return server_frame(kBinary, response(id, 206, 2)) + server_frame(kPing, "p") +
               server_frame(kBinary, response(id, 200, 2, 2));
    };
    const std::size_t total = answer_bytes(tpbench::model::Uuid{}).size();
    for (std::size_t cut = 0; cut < total; ++cut) {
        CAPTURE(cut);
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{answer_bytes(d.message.request_id).substr(0, cut)};
        });
        srv.end_after_answer = true;  // then the server closes the TCP connection
        const Outcome o = one(srv, request());
        CHECK(o.error == make_error_code(errc::connection_closed));
        CHECK(o.status_message.find("without a WebSocket close") != std::string::npos);
    }
}

TEST_CASE(
    "ws37 stream session: the server's close frame fails pending requests; the client's close is answered") {
    // Server-initiated: a close frame while a request waits. 1001 (going away) is the server
    // shutting down (server_shutdown); any other code (1000 here) a closed connection.
    for (const auto& [code, want] : {std::pair{std::string("\x03\xe9", 2), errc::server_shutdown},
                                     std::pair{std::string("\x03\xe8", 2), errc::connection_closed}}) {
        CAPTURE(static_cast<int>(want));
        const std::string close_code = code;
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{server_frame(kBinary, response(d.message.request_id, 206, 1)) +
                                            server_frame(kClose, close_code)};
        });
        const Outcome o = one(srv, request());
        CHECK(o.error == make_error_code(want));
        CHECK(o.status_message.find("server closed the WebSocket") != std::string::npos);
    }
    // Client-initiated: async_close sends a masked close frame with status 1000; the server's
    // answer ends the reader.
    {
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{server_frame(kBinary, response(d.message.request_id, 200, 1))};
        });
        const Outcome o = one(srv, request());
        CHECK_FALSE(o.error);
        REQUIRE(srv.controls.size() == 1);
        CHECK(srv.controls[0].opcode == kClose);
        CHECK(srv.controls[0].payload == std::string("\x03\xe8", 2));
    }
}

TEST_CASE("ws37 stream session: frames a client must refuse fail the connection with protocol_violation") {
    struct Case {
        const char* name;
        std::function<std::string(const std::string& msg)> bytes;
    };
    const std::vector<Case> cases = {
        {"a new message inside a fragmented one",
         [](const std::string& m) {
             return server_frame(kBinary, m.substr(0, 4), false) + server_frame(kBinary, m);
         }},
        {"a continuation outside a message", [](const std::string& m) { return server_frame(kCont, m); }},
        {"a fragmented ping", [](const std::string&) { return server_frame(kPing, "x", false); }},
        {"a ping over 125 bytes",
         [](const std::string&) { return server_frame(kPing, std::string(126, 'x')); }},
        {"reserved bits",
         [](const std::string& m) {
             std::string f = server_frame(kBinary, m);
             f[0] = static_cast<char>(f[0] | 0x40);
             return f;
         }},
        {"a masked server frame",
         [](const std::string& m) {
             std::string f = server_frame(kBinary, m);
             f[1] = static_cast<char>(f[1] | 0x80);
             return f;
         }},
        {"an unknown opcode", [](const std::string& m) { return server_frame(0x3, m); }},
    };
    for (const auto& c : cases) {
        CAPTURE(c.name);
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{c.bytes(response(d.message.request_id, 200, 1))};
        });
        const Outcome o = one(srv, request());
        CHECK(o.error == make_error_code(errc::protocol_violation));
        CHECK(o.status_message.find("WebSocket protocol error") != std::string::npos);
    }
}

TEST_CASE("ws37 stream session: a failure at every I/O step ends the connect or the request with an error") {
    // Steps: the upgrade's write and read, the request's write, the response's reads, the close's
    // write and read. A failure at step k ends the connect (connect_failed) or the request
    // (connection_closed; write_failed when the request's own write fails), or, past the request,
    // only the close (the request succeeded).
    int connect_failures = 0, request_failures = 0, clean = 0;
    for (std::size_t k = 0; k < 12; ++k) {
        CAPTURE(k);
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{server_frame(kBinary, response(d.message.request_id, 206, 1)),
                                            server_frame(kBinary, response(d.message.request_id, 200, 1, 1))};
        });
        srv.on_connect = [k](MemoryStream& m) { m.fail_at(k, net::error::connection_reset); };
        const Outcome o = one(srv, request());
        if (o.error == make_error_code(errc::connect_failed)) {
            ++connect_failures;
            CHECK(request_failures + clean == 0);  // the connect's steps come first
        } else if (o.error == make_error_code(errc::connection_closed) ||
                   o.error == make_error_code(errc::write_failed)) {
            ++request_failures;
            CHECK(clean == 0);
        } else {
            CHECK_MESSAGE(!o.error, o.error.message());
            CHECK(o.result_count == 2);
            ++clean;
        }
    }
    CHECK(connect_failures >= 2);
    CHECK(request_failures >= 2);
    CHECK(clean >= 1);
}

// ---- permessage-deflate (RFC 7692) ------------------------------------------------------------

namespace {

const std::map<std::string, std::string> kCompressed = {{"compression", "true"}};

// Reads of `step` bytes.
std::vector<std::string> every(const std::string& bytes, std::size_t step) {
    std::vector<std::size_t> at;
    for (std::size_t i = step; i < bytes.size(); i += step) at.push_back(i);
    return split(bytes, at);
}

}  // namespace

TEST_CASE("ws37 stream session: compressed responses read in every split, a ping between them") {
    // 206 (30 items) and 200 (20 items), each one compressed frame (the second compressed with the
    // first's window unless the server said server_no_context_takeover), a ping between: every
    // split into two reads, then one read per byte; with the negotiated parameters varied.
    for (const char* ext : {"permessage-deflate", "permessage-deflate; server_no_context_takeover",
                            "permessage-deflate; client_max_window_bits=10; server_max_window_bits=12",
                            "permessage-deflate;client_no_context_takeover;client_max_window_bits=15"}) {
        CAPTURE(ext);
        const bool takeover =
            std::string_view(ext).find("server_no_context_takeover") == std::string_view::npos;
        for (std::size_t at = 0;; ++at) {
            CAPTURE(at);
            bool last = false;
            std::uint64_t wire = 0;
            ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
                Zip zip(takeover);
                const auto& id = d.message.request_id;
                const std::string a = compressed_frame(kBinary, zip(response(id, 206, 30)));
                const std::string b = compressed_frame(kBinary, zip(response(id, 200, 20, 30)));
                wire = a.size() + b.size();
                const std::string bytes = a + server_frame(kPing, "keepalive") + b;
                if (at >= bytes.size()) {
                    last = true;
                    return every(bytes, 1);
                }
                return split(bytes, {at});
            });
            srv.extensions = ext;
            const Outcome o = one(srv, request(), kCompressed);
            CHECK_MESSAGE(!o.error, o.status_message);
            CHECK(o.result_count == 50);
            CHECK(o.partial_responses == 1);
            CHECK(o.status_code == 200);
            CHECK(o.bytes_in == wire);  // the compressed frames, as on the wire
            CHECK(srv.upgrade.find(
                      "\r\nSec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n") !=
                  std::string::npos);
            // The request went compressed (RSV1) and inflated on the server's side.
            REQUIRE(srv.request_frames.size() == 1);
            CHECK(srv.request_frames[0].rsv1);
            CHECK(srv.corrupt_requests == 0);
            REQUIRE(srv.controls.size() >= 1);
            CHECK(srv.controls[0].opcode == kPong);
            CHECK_FALSE(srv.controls[0].rsv1);  // control frames are never compressed
            CHECK(srv.controls[0].payload == "keepalive");
            if (last) break;
        }
    }
}

TEST_CASE(
    "ws37 stream session: compressed messages in fragments, pings between them, an uncompressed one among") {
    // Each compressed message in fragments of `piece` bytes (RSV1 on the first only), a ping of a
    // different size after every fragment but the last, an uncompressed message between the two
    // compressed ones; read 5 bytes at a time.
    for (bool takeover : {true, false}) {
        for (std::size_t piece : {std::size_t{1}, std::size_t{3}, std::size_t{7}, std::size_t{40}}) {
            CAPTURE(takeover);
            CAPTURE(piece);
            int pings = 0;
            ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
                Zip zip(takeover);
                const auto& id = d.message.request_id;
                std::string bytes;
                auto fragments = [&](const std::string& z) {
                    std::size_t p = 0;
                    do {
                        const std::size_t len = std::min(piece, z.size() - p);
                        const bool fin = p + len == z.size();
                        bytes += p == 0 ? compressed_frame(kBinary, z.substr(p, len), fin)
                                        : server_frame(kCont, z.substr(p, len), fin);
                        if (!fin) {
                            bytes += server_frame(kPing, std::string(p % 126, 'p'));
                            ++pings;
                        }
                        p += len;
                    } while (p < z.size());
                };
                fragments(zip(response(id, 206, 100)));
                bytes += server_frame(kBinary, response(id, 206, 5, 100));
                fragments(zip(response(id, 200, 50, 105)));
                return every(bytes, 5);
            });
            srv.extensions =
                takeover ? "permessage-deflate" : "permessage-deflate; server_no_context_takeover";
            const Outcome o = one(srv, request(), kCompressed);
            CHECK_MESSAGE(!o.error, o.status_message);
            CHECK(o.result_count == 155);
            CHECK(o.partial_responses == 2);
            int pongs = 0;
            for (const auto& c : srv.controls) pongs += c.opcode == kPong;
            CHECK(pongs == pings);
        }
    }
}

TEST_CASE("ws37 stream session: context takeover on and off, both ways, across requests") {
    // Three requests on one connection. The server compresses every response with one deflater
    // (its window carries over unless server_no_context_takeover) and inflates the client's
    // requests with one inflater, or with a fresh one per message when it said
    // client_no_context_takeover (a client that kept its window then fails to decode).
    for (const char* ext : {"permessage-deflate", "permessage-deflate; client_no_context_takeover",
                            "permessage-deflate; server_no_context_takeover; client_no_context_takeover"}) {
        CAPTURE(ext);
        const std::string e = ext;
        Zip zip(e.find("server_no_context_takeover") == std::string::npos);
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{
                compressed_frame(kBinary, zip(response(d.message.request_id, 200, 40)))};
        });
        srv.extensions = ext;
        net::io_context ioc;
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::ws37::detail::make_session_over(ioc.get_executor(), config(kCompressed),
                                                              srv.source());
            REQUIRE_FALSE(co_await s->async_connect());
            for (int i = 0; i < 3; ++i) {
                const Outcome o =
                    co_await s->async_execute(request("g.V().has('name','marko').out('knows')"));
                CHECK_MESSAGE(!o.error, o.status_message);
                CHECK(o.result_count == 40);
            }
            co_await s->async_close();
        });
        CHECK(srv.corrupt_requests == 0);
        REQUIRE(srv.request_frames.size() == 3);
        for (const auto& f : srv.request_frames) CHECK(f.rsv1);
        if (e.find("client_no_context_takeover") == std::string::npos) {
            // With the window kept, a repeated request compresses to much less the second time.
            CHECK(srv.request_frames[1].wire_payload < srv.request_frames[0].wire_payload);
        } else {
            CHECK(srv.request_frames[1].wire_payload + 8 > srv.request_frames[0].wire_payload);
        }
    }
}

TEST_CASE(
    "ws37 stream session: corrupt permessage-deflate data fails the connection with protocol_violation") {
    struct Case {
        const char* name;
        const char* says;
        std::function<std::string(const std::string& msg)> bytes;
    };
    const std::vector<Case> cases = {
        {"an invalid block type", "corrupt permessage-deflate data",
         [](const std::string&) { return compressed_frame(kBinary, std::string(6, '\xff')); }},
        {"a back-reference before the start of the window", "corrupt permessage-deflate data",
         [](const std::string& m) {
             Zip zip(true);
             (void)zip(m);
             return compressed_frame(kBinary, zip(m));  // refers to the first, which was never sent
         }},
        {"corrupt data in a later fragment", "corrupt permessage-deflate data",
         [](const std::string& m) {
             // The first fragment is the whole valid message; the next starts an invalid block.
             Zip zip(true);
             return compressed_frame(kBinary, zip(m), false) +
                    server_frame(kCont, std::string(6, '\xff'), true);
         }},
        {"RSV1 on a continuation frame", "RSV1",
         [](const std::string& m) {
             Zip zip(true);
             const std::string z = zip(m);
             return compressed_frame(kBinary, z.substr(0, 2), false) +
                    compressed_frame(kCont, z.substr(2), true);
         }},
        {"RSV1 on a ping", "RSV1", [](const std::string&) { return compressed_frame(kPing, "x"); }},
        {"RSV2", "RSV2",
         [](const std::string& m) {
             std::string f = server_frame(kBinary, m);
             f[0] = static_cast<char>(f[0] | 0x20);
             return f;
         }},
        {"a message inflating past the 16 MiB limit", "too big",
         [](const std::string&) {
             Zip zip(true);
             return compressed_frame(kBinary, zip(std::string((16u << 20) + 1, '\0')));
         }},
    };
    for (const auto& c : cases) {
        CAPTURE(c.name);
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{c.bytes(response(d.message.request_id, 200, 1))};
        });
        srv.extensions = "permessage-deflate";
        const Outcome o = one(srv, request(), kCompressed);
        CHECK(o.error == make_error_code(errc::protocol_violation));
        CHECK_MESSAGE(o.status_message.find("WebSocket protocol error") != std::string::npos,
                      o.status_message);
        CHECK_MESSAGE(o.status_message.find(c.says) != std::string::npos, o.status_message);
    }
}

TEST_CASE("ws37 stream session: permessage-deflate negotiation") {
    // Declined: the connection is uncompressed (no RSV1 either way).
    {
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{server_frame(kBinary, response(d.message.request_id, 200, 3))};
        });
        const Outcome o = one(srv, request(), kCompressed);
        CHECK_MESSAGE(!o.error, o.status_message);
        CHECK(o.result_count == 3);
        REQUIRE(srv.request_frames.size() == 1);
        CHECK_FALSE(srv.request_frames[0].rsv1);
    }
    // Not offered: no extension header in the upgrade.
    {
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{server_frame(kBinary, response(d.message.request_id, 200, 3))};
        });
        srv.extensions = "permessage-deflate";
        const Outcome o = one(srv, request());
        CHECK_MESSAGE(!o.error, o.status_message);
        CHECK(srv.upgrade.find("Sec-WebSocket-Extensions") == std::string::npos);
        REQUIRE(srv.request_frames.size() == 1);
        CHECK_FALSE(srv.request_frames[0].rsv1);
    }
    // client_max_window_bits=8 (zlib has no raw deflate with a 256-byte window): requests go
    // uncompressed, responses are still inflated.
    {
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            Zip zip(true);
            return std::vector<std::string>{
                compressed_frame(kBinary, zip(response(d.message.request_id, 200, 3)))};
        });
        srv.extensions = "permessage-deflate; client_max_window_bits=8";
        const Outcome o = one(srv, request(), kCompressed);
        CHECK_MESSAGE(!o.error, o.status_message);
        CHECK(o.result_count == 3);
        REQUIRE(srv.request_frames.size() == 1);
        CHECK_FALSE(srv.request_frames[0].rsv1);
    }
    // What a client must refuse fails the connect.
    for (const auto& refused : std::vector<std::tuple<bool, std::string, std::string>>{
             {false, "permessage-deflate", "not offered"},
             {true, "x-webkit-deflate-frame", "not offered"},
             {true, "permessage-deflate; foo", "not acceptable"},
             {true, "permessage-deflate; server_max_window_bits=16", "not acceptable"},
             {true, "permessage-deflate; server_max_window_bits", "not acceptable"},
             {true, "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
              "not acceptable"},
             {true, "permessage-deflate, permessage-deflate", "more than one"},
         }) {
        const bool offer = std::get<0>(refused);
        const std::string ext = std::get<1>(refused), says = std::get<2>(refused);
        CAPTURE(ext);
        ScriptedWsServer srv([&](const w::DecodedRequest& d, int) {
            return std::vector<std::string>{server_frame(kBinary, response(d.message.request_id, 200, 3))};
        });
        srv.extensions_always = ext;
        net::io_context ioc;
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::ws37::detail::make_session_over(
                ioc.get_executor(), config(offer ? kCompressed : std::map<std::string, std::string>{}),
                srv.source());
            const auto ec = co_await s->async_connect();
            CHECK(ec == make_error_code(errc::connect_failed));
            CHECK_MESSAGE(s->connect_error_message().find(says) != std::string::npos,
                          s->connect_error_message());
            CHECK_FALSE(s->is_open());
        });
    }
}
