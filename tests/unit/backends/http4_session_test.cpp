// http4 session against fake HTTP servers written with plain Asio on 127.0.0.1:0: they write
// exact response bytes (status line, chunking, body, trailers) so every misbehaviour can be
// produced. Every case runs its io_context for a bounded time and asserts the client's errc.
#include <tpbench/backends/http4.hpp>

#include <tpbench/io/http4.hpp>

#include "common/bytes.hpp"
#include "common/http_parse.hpp"
#include "common/loopback_acceptor.hpp"
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <doctest/doctest.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace net = boost::asio;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;
using tpbench::model::Value;
namespace h4 = tpbench::io::http4;

namespace {

using tpbench::test::hex_size;

constexpr auto use_tuple = net::as_tuple(net::use_awaitable);

using HttpRequest = tpbench::test::ParsedRequest;

// One accepted connection of the fake server.
struct Conn {
    tcp::socket sock;
    std::string buf;

    net::awaitable<std::optional<HttpRequest>> read_request() {
        char tmp[4096];
        for (;;) {
            if (auto r = tpbench::test::take_http_request(buf)) co_return r;
            auto [ec, n] = co_await sock.async_read_some(net::buffer(tmp), use_tuple);
            if (ec) co_return std::nullopt;
            buf.append(tmp, n);
        }
    }
    net::awaitable<void> write(const std::string& bytes) {
        auto [ec, n] = co_await net::async_write(sock, net::buffer(bytes), use_tuple);
        (void)ec;
    }
};

// Runs `behaviour` on each accepted connection (tests/common/loopback_acceptor.hpp).
class FakeHttpServer : public tpbench::test::LoopbackAcceptor {
public:
    using Behaviour = std::function<net::awaitable<void>(Conn&)>;
    FakeHttpServer(net::io_context& ioc, Behaviour b)
        : LoopbackAcceptor(ioc, [this](tcp::socket sock) { return serve(std::move(sock)); }),
          behaviour_(std::move(b)) {}
    std::vector<HttpRequest> requests;

private:
    net::awaitable<void> serve(tcp::socket sock) {
        Conn c{std::move(sock), {}};
        co_await behaviour_(c);
    }
    Behaviour behaviour_;
};

// GraphBinary 4 response body split into chunks: chunk i carries per_chunk[i] Int items; the
// first chunk starts with the header, the last one ends with marker + footer.
std::vector<std::string> body_chunks(h4::ResponseFormat f, const std::vector<int>& per_chunk,
                                     std::int32_t code = 200,
                                     std::optional<std::string> message = std::nullopt,
                                     std::optional<std::string> exception = std::nullopt,
                                     bool bulked = false) {
    std::vector<std::string> chunks;
    std::string cur;
    h4::write_response_start(cur, f, bulked);
    int v = 0;
    bool first = true;
    for (std::size_t i = 0; i < per_chunk.size(); ++i) {
        for (int k = 0; k < per_chunk[i]; ++k) {
            h4::write_response_item(cur, f, Value::int_(v++), first,
                                    bulked ? std::optional<std::int64_t>(3) : std::nullopt);
            first = false;
        }
        if (i + 1 < per_chunk.size()) {
            chunks.push_back(std::move(cur));
            cur.clear();
        }
    }
    h4::write_response_end(cur, f, code, message, exception);
    chunks.push_back(std::move(cur));
    return chunks;
}

std::string chunked(const std::vector<std::string>& chunks, const std::string& trailers = "code: 200\r\n") {
    std::string out;
    for (const auto& c : chunks) {
        if (c.empty()) continue;
        out += hex_size(c.size()) + "\r\n" + c + "\r\n";
    }
    out += "0\r\n" + trailers + "\r\n";
    return out;
}

std::string head(int status, std::string_view ctype, std::string extra = "") {
    return "HTTP/1.1 " + std::to_string(status) + (status == 200 ? " OK" : " Error") +
           "\r\nContent-Type: " + std::string(ctype) + "\r\nTransfer-Encoding: chunked\r\n" + extra + "\r\n";
}

std::string json_error(int status, const std::string& body) {
    return "HTTP/1.1 " + std::to_string(status) +
           " Error\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n\r\n" + body;
}

std::string gb_ok(const std::vector<int>& per_chunk) {
    return head(200, "application/vnd.graphbinary-v4.0") +
           chunked(body_chunks(h4::ResponseFormat::graphbinary_v4, per_chunk));
}

// zlib-compresses the chunks as one stream with a sync flush per chunk (as the Java server does).
std::vector<std::string> deflate_chunks(const std::vector<std::string>& in) {
    z_stream zs{};
    REQUIRE(deflateInit(&zs, 6) == Z_OK);
    std::vector<std::string> out;
    char buf[8192];
    for (std::size_t i = 0; i < in.size(); ++i) {
        std::string piece;
        zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in[i].data()));
        zs.avail_in = static_cast<uInt>(in[i].size());
        do {
            zs.next_out = reinterpret_cast<Bytef*>(buf);
            zs.avail_out = sizeof buf;
            deflate(&zs, i + 1 == in.size() ? Z_FINISH : Z_SYNC_FLUSH);
            piece.append(buf, sizeof buf - zs.avail_out);
        } while (zs.avail_out == 0);
        out.push_back(std::move(piece));
    }
    deflateEnd(&zs);
    return out;
}

std::vector<std::string> error_responses() {
    const auto gb = h4::ResponseFormat::graphbinary_v4;
    const std::string ct = "application/vnd.graphbinary-v4.0";
    return {
        // error footer after streamed data
        head(200, ct) + chunked(body_chunks(gb, {2, 2}, 500, "No such property: x", "ServerErrorException"),
                                "code: 500\r\nexception: ServerErrorException\r\n"),
        // timeout footer
        head(200, ct) +
            chunked(body_chunks(gb, {1}, 500, "A timeout occurred", "ServerTimeoutExceededException"),
                    "code: 500\r\nexception: ServerTimeoutExceededException\r\n"),
        // success footer but an error trailer
        head(200, ct) + chunked(body_chunks(gb, {3}), "code: 500\r\nexception: ServerErrorException\r\n"),
        // error before the head: non-200 status with a GraphBinary message
        head(429, ct) + chunked(body_chunks(gb, {}, 429, "Too many requests", "TooManyRequestsException"),
                                "code: 429\r\n"),
        // non-200 with a JSON error body
        json_error(400, "{\"message\":\"no gremlin script supplied\"}"),
        // 500 status line, GraphBinary message with an evaluation error
        head(500, ct) +
            chunked(body_chunks(gb, {}, 500, "boom", "ServerEvaluationException"), "code: 500\r\n"),
    };
}

SessionConfig config_for(std::uint16_t port, std::string serializer = "",
                         std::map<std::string, std::string> options = {}) {
    // The scripted servers below answer requests, not the dialect probe: name the dialect unless
    // the case is about detection.
    if (!options.count("dialect")) options["dialect"] = "master-http";
    SessionConfig cfg = tpbench::test::loopback_config(port, std::move(serializer), std::move(options));
    cfg.connect_timeout = 2000ms;
    return cfg;
}

Request request(std::string gremlin = "g.V()", std::chrono::milliseconds budget = 5000ms) {
    return tpbench::test::make_request(std::move(gremlin), budget);
}

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body, std::chrono::seconds limit = 10s) {
    tpbench::test::run_bounded(ioc, body, limit);
}

}  // namespace

TEST_CASE("http4: a chunked 200 response is decoded chunk by chunk, every format") {
    struct Case {
        const char* serializer;
        h4::ResponseFormat format;
        const char* ctype;
    };
    for (const Case c :
         {Case{"", h4::ResponseFormat::graphbinary_v4, "application/vnd.graphbinary-v4.0"},
          Case{"graphson-v4", h4::ResponseFormat::graphson_v4, "application/vnd.gremlin-v4.0+json"},
          Case{"graphson-v4-untyped", h4::ResponseFormat::graphson_v4_untyped,
               "application/vnd.gremlin-v4.0+json;types=false"}}) {
        CAPTURE(c.serializer);
        net::io_context ioc;
        std::vector<HttpRequest> seen;
        FakeHttpServer server(ioc, [&](Conn& conn) -> net::awaitable<void> {
            for (;;) {
                auto r = co_await conn.read_request();
                if (!r) co_return;
                seen.push_back(*r);
                const std::string resp = head(200, c.ctype) + chunked(body_chunks(c.format, {3, 3, 1}));
                co_await conn.write(resp);
            }
        });
        run(ioc, [&]() -> net::awaitable<void> {
            auto s =
                tpbench::http4::make_session(ioc.get_executor(), config_for(server.port(), c.serializer));
            CHECK(s->name() == "http4");
            CHECK(s->max_in_flight() == 1);
            REQUIRE_FALSE(co_await s->async_connect());
            for (int i = 0; i < 3; ++i) {
                const auto before = Clock::now();
                Outcome o = co_await s->async_execute(request());
                CHECK_FALSE(o.error);
                CHECK(o.status_code == 200);
                CHECK(o.result_count == 7);
                CHECK(o.partial_responses == 3);
                CHECK(o.reconnects == 0);
                CHECK(o.bytes_out > 100);
                CHECK(o.bytes_in > 100);
                CHECK(o.sent >= before);
                CHECK(o.first_byte >= o.sent);
                CHECK(o.first_result >= o.first_byte);
                CHECK(o.done >= o.first_result);
            }
            Request keep = request();
            keep.keep_results = true;
            Outcome o = co_await s->async_execute(keep);
            REQUIRE(o.results.size() == 7);
            CHECK(o.results[6].to_int64() == 6);
            co_await s->async_close();
        });
        CHECK(server.connections == 1);  // keep-alive
        REQUIRE(seen.size() == 4);
        CHECK(seen[0].head.rfind("POST /gremlin HTTP/1.1", 0) == 0);
        CHECK(seen[0].header("content-type") == "application/vnd.graphbinary-v4.0");
        CHECK(seen[0].header("accept") == c.ctype);
        CHECK(seen[0].header("accept-encoding").empty());
        CHECK(seen[0].header("user-agent").find("tpbench") != std::string::npos);
        auto decoded = h4::decode_request(seen[0].body, h4::BodyFormat::graphbinary_v4);
        REQUIRE(decoded.ok());
        CHECK(decoded->gremlin == "g.V()");
        CHECK(decoded->batch_size == 64);
    }
}

TEST_CASE("http4: body format, dialect and bulkResults options shape the request") {
    net::io_context ioc;
    std::vector<HttpRequest> seen;
    FakeHttpServer server(ioc, [&](Conn& conn) -> net::awaitable<void> {
        for (;;) {
            auto r = co_await conn.read_request();
            if (!r) co_return;
            seen.push_back(*r);
            const std::string resp = head(200, "application/vnd.graphbinary-v4.0") +
                                     chunked(body_chunks(h4::ResponseFormat::graphbinary_v4, {2, 2}, 200,
                                                         std::nullopt, std::nullopt,
                                                         /*bulked=*/true));
            co_await conn.write(resp);
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        const std::vector<std::pair<std::string, std::string>> combos = {{"graphbinary", "master-http"},
                                                                         {"graphbinary", "4.0"},
                                                                         {"json", "4.0"},
                                                                         {"graphson", "master-http"}};
        for (const auto& [body, dialect] : combos) {
            auto s = tpbench::http4::make_session(
                ioc.get_executor(),
                config_for(server.port(), "",
                           {{"body", body}, {"dialect", dialect}, {"bulkResults", "true"}}));
            REQUIRE_FALSE(co_await s->async_connect());
            Request r = request("g.V(x)");
            r.bindings = Value::map({Value::string("x"), Value::int_(1)});
            Outcome o = co_await s->async_execute(r);
            CHECK_FALSE(o.error);
            CHECK(o.result_count == 12);  // 4 items, bulk 3 each
            co_await s->async_close();
        }
    });
    REQUIRE(seen.size() == 4);
    CHECK(static_cast<unsigned char>(seen[0].body[0]) == 0x81);
    CHECK(static_cast<unsigned char>(seen[1].body[0]) == 0x84);
    CHECK(seen[0].body.find("bindings") != std::string::npos);
    CHECK(seen[1].body.find("parameters") != std::string::npos);
    CHECK(seen[0].body.find("gremlin-groovy") != std::string::npos);
    CHECK(seen[1].body.find("language") == std::string::npos);  // the server's default: gremlin-lang
    CHECK(seen[2].header("content-type") == "application/json");
    CHECK(seen[3].header("content-type") == "application/vnd.gremlin-v4.0+json");
    for (std::size_t i = 0; i < seen.size(); ++i) {
        CAPTURE(i);
        const auto f = h4::body_format_from_content_type(seen[i].header("content-type"));
        REQUIRE(f);
        auto d = h4::decode_request(seen[i].body, *f);
        REQUIRE(d.ok());
        CHECK(d->gremlin == "g.V(x)");
        if (i != 2) CHECK(d->bulk_results == std::optional<bool>(true));  // plain JSON may drop it
    }
}

TEST_CASE("http4: deflate-compressed bodies are inflated chunk by chunk") {
    net::io_context ioc;
    std::string accept_encoding;
    FakeHttpServer server(ioc, [&](Conn& conn) -> net::awaitable<void> {
        for (;;) {
            auto r = co_await conn.read_request();
            if (!r) co_return;
            accept_encoding = r->header("accept-encoding");
            auto chunks = body_chunks(h4::ResponseFormat::graphbinary_v4, std::vector<int>(50, 64));
            co_await conn.write(
                head(200, "application/vnd.graphbinary-v4.0", "Content-Encoding: deflate\r\n") +
                chunked(deflate_chunks(chunks)));
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::http4::make_session(ioc.get_executor(),
                                              config_for(server.port(), "", {{"compression", "true"}}));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request());
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 50 * 64);
        CHECK(o.bytes_in < 50 * 64 * 5);  // smaller than the uncompressed items alone
        co_await s->async_close();
    });
    CHECK(accept_encoding == "deflate");
}

TEST_CASE("http4: 200 head followed by an error footer or trailer") {
    net::io_context ioc;
    FakeHttpServer server(ioc, [&](Conn& conn) -> net::awaitable<void> {
        const std::vector<std::string> responses = error_responses();
        for (const auto& resp : responses) {
            auto r = co_await conn.read_request();
            if (!r) co_return;
            co_await conn.write(resp);
        }
        co_await conn.read_request();
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::http4::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request());
        CHECK(o.error == make_error_code(errc::server_error_after_ok));
        CHECK(o.status_code == 500);
        CHECK(o.result_count == 4);
        CHECK(o.status_message.find("No such property: x") != std::string::npos);

        o = co_await s->async_execute(request());
        CHECK(o.error == make_error_code(errc::server_timeout));

        o = co_await s->async_execute(request());
        CHECK(o.error == make_error_code(errc::server_error_after_ok));
        CHECK(o.status_code == 500);

        o = co_await s->async_execute(request());
        CHECK(o.error == make_error_code(errc::server_rate_limited));
        CHECK(o.status_code == 429);

        o = co_await s->async_execute(request());
        CHECK(o.error == make_error_code(errc::server_bad_request));
        CHECK(o.status_code == 400);
        CHECK(o.status_message == "no gremlin script supplied");

        o = co_await s->async_execute(request());
        CHECK(o.error == make_error_code(errc::server_evaluation));
        CHECK(o.status_message.find("boom") != std::string::npos);
        co_await s->async_close();
    });
    CHECK(server.connections == 1);
}

TEST_CASE("http4: keep-alive closed by the server between requests is reconnected transparently") {
    net::io_context ioc;
    FakeHttpServer server(ioc, [&](Conn& conn) -> net::awaitable<void> {
        auto r = co_await conn.read_request();
        if (!r) co_return;
        const std::string resp = gb_ok({2});
        co_await conn.write(resp);
        // Close the idle keep-alive connection without saying so.
        conn.sock.close();
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::http4::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request());
        CHECK_FALSE(o.error);
        CHECK(o.reconnects == 0);
        // Let the close reach the client.
        net::steady_timer t(ioc);
        t.expires_after(50ms);
        co_await t.async_wait(use_tuple);
        o = co_await s->async_execute(request());
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 2);
        CHECK(o.reconnects == 1);
        co_await s->async_close();
    });
    CHECK(server.connections == 2);
}

TEST_CASE("http4: Connection: close makes the next request reconnect") {
    net::io_context ioc;
    FakeHttpServer server(ioc, [&](Conn& conn) -> net::awaitable<void> {
        auto r = co_await conn.read_request();
        if (!r) co_return;
        const std::string resp = head(200, "application/vnd.graphbinary-v4.0", "Connection: close\r\n") +
                                 chunked(body_chunks(h4::ResponseFormat::graphbinary_v4, {1}));
        co_await conn.write(resp);
        co_await conn.read_request();
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::http4::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request());
        CHECK_FALSE(o.error);
        CHECK_FALSE(s->is_open());
        o = co_await s->async_execute(request());
        CHECK_FALSE(o.error);
        CHECK(o.reconnects == 1);
        co_await s->async_close();
    });
    CHECK(server.connections == 2);
}

TEST_CASE("http4: transport failures and garbage") {
    struct Case {
        const char* name;
        std::function<net::awaitable<void>(Conn&)> behaviour;
        errc expected;
    };
    const std::vector<Case> cases = {
        {"dropped mid-body",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             const std::vector<int> sizes = {4, 4, 4};
             auto chunks = body_chunks(h4::ResponseFormat::graphbinary_v4, sizes);
             std::string all = head(200, "application/vnd.graphbinary-v4.0") + chunked(chunks);
             co_await conn.write(all.substr(0, all.size() / 2));
             conn.sock.close();
         },
         errc::connection_closed},
        {"garbage instead of HTTP",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             co_await conn.write("\x16\x03\x01 definitely not HTTP\r\n\r\n");
             co_await conn.read_request();
         },
         errc::protocol_violation},
        {"garbage body inside a 200",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             const std::vector<std::string> body = {std::string("\x81\x00\x77\x77\x77\x77 junk junk", 16)};
             const std::string resp = head(200, "application/vnd.graphbinary-v4.0") + chunked(body);
             co_await conn.write(resp);
             co_await conn.read_request();
         },
         errc::protocol_violation},
        {"body ends without a footer",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             const std::vector<int> sizes = {2, 2};
             auto chunks = body_chunks(h4::ResponseFormat::graphbinary_v4, sizes);
             chunks.back() = chunks.back().substr(0, chunks.back().size() - 9);  // cut marker + footer
             co_await conn.write(head(200, "application/vnd.graphbinary-v4.0") + chunked(chunks));
             co_await conn.read_request();
         },
         errc::protocol_violation},
        {"bad chunk framing",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             co_await conn.write(head(200, "application/vnd.graphbinary-v4.0") + "zz\r\nabc\r\n0\r\n\r\n");
             co_await conn.read_request();
         },
         errc::protocol_violation},
        {"corrupt deflate",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             const std::vector<std::string> body = {std::string("\x78\x9c\xff\xff\xff\xff\x00\x11\x22", 9)};
             const std::string resp =
                 head(200, "application/vnd.graphbinary-v4.0", "Content-Encoding: deflate\r\n") +
                 chunked(body);
             co_await conn.write(resp);
             co_await conn.read_request();
         },
         errc::protocol_violation},
        {"stall",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             co_await conn.read_request();  // never answers
         },
         errc::timeout},
        {"stall mid-body",
         [](Conn& conn) -> net::awaitable<void> {
             auto r = co_await conn.read_request();
             if (!r) co_return;
             const std::vector<int> sizes = {4, 4};
             auto chunks = body_chunks(h4::ResponseFormat::graphbinary_v4, sizes);
             co_await conn.write(head(200, "application/vnd.graphbinary-v4.0") + hex_size(chunks[0].size()) +
                                 "\r\n" + chunks[0] + "\r\n");
             co_await conn.read_request();
         },
         errc::timeout},
    };
    for (const auto& c : cases) {
        CAPTURE(c.name);
        net::io_context ioc;
        FakeHttpServer server(ioc, c.behaviour);
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::http4::make_session(ioc.get_executor(),
                                                  config_for(server.port(), "", {{"compression", "true"}}));
            REQUIRE_FALSE(co_await s->async_connect());
            const auto t0 = Clock::now();
            Outcome o = co_await s->async_execute(request("g.V()", 300ms));
            CHECK(o.error == make_error_code(c.expected));
            CHECK(Clock::now() - t0 < 2s);
            CHECK_FALSE(s->is_open());
            co_await s->async_close();
        });
    }
}

TEST_CASE("http4: connect failure and configuration errors") {
    net::io_context ioc;
    std::uint16_t closed_port = 0;
    {
        tcp::acceptor a(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
        closed_port = a.local_endpoint().port();
    }
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::http4::make_session(ioc.get_executor(), config_for(closed_port));
        CHECK(co_await s->async_connect() == make_error_code(errc::connect_failed));
        Outcome o = co_await s->async_execute(request());
        CHECK(o.error == make_error_code(errc::connect_failed));
    });
    CHECK_THROWS_AS(tpbench::http4::make_session(ioc.get_executor(), config_for(1, "graphbinary-v1")),
                    std::invalid_argument);
    CHECK_THROWS_AS(tpbench::http4::make_session(ioc.get_executor(), config_for(1, "", {{"dialect", "5.0"}})),
                    std::invalid_argument);
    CHECK_THROWS_AS(tpbench::http4::make_session(ioc.get_executor(), config_for(1, "", {{"body", "xml"}})),
                    std::invalid_argument);
    CHECK_THROWS_AS(
        tpbench::http4::make_session(ioc.get_executor(), config_for(1, "", {{"compression", "yes"}})),
        std::invalid_argument);
}

TEST_CASE("http4: a second concurrent request on one session is refused, not interleaved") {
    net::io_context ioc;
    FakeHttpServer server(ioc, [&ioc](Conn& conn) -> net::awaitable<void> {
        for (;;) {
            auto r = co_await conn.read_request();
            if (!r) co_return;
            net::steady_timer t(ioc);
            t.expires_after(50ms);
            co_await t.async_wait(use_tuple);
            const std::string resp = gb_ok({1});
            co_await conn.write(resp);
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::http4::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome a, b;
        int finished = 0;
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                a = co_await s->async_execute(request());
                ++finished;
            },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                b = co_await s->async_execute(request());
                ++finished;
            },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
        net::steady_timer t(ioc);
        while (finished < 2) {
            t.expires_after(5ms);
            co_await t.async_wait(use_tuple);
        }
        CHECK_FALSE(a.error);
        CHECK(a.result_count == 1);
        CHECK(b.error == make_error_code(errc::pool_exhausted));
        // The session is usable again afterwards.
        Outcome c = co_await s->async_execute(request());
        CHECK_FALSE(c.error);
        co_await s->async_close();
    });
}

namespace {

// What each server version answers to the dialect probe (and to anything else: one Int 7).
struct ProbeServer {
    std::string version;  // "beta.3", "beta.2", "beta.1", "master-http", "401", "500"
    int probes = 0;
    std::vector<HttpRequest> requests{};  // {}: ProbeServer{version} is not -Wmissing-field-initializers
    net::awaitable<void> serve(Conn& conn) {
        for (;;) {
            auto r = co_await conn.read_request();
            if (!r) co_return;
            const bool probe = r->body.find("tpbenchProbe") != std::string::npos;
            if (probe)
                ++probes;
            else
                requests.push_back(*r);
            const auto gb = h4::ResponseFormat::graphbinary_v4;
            std::string body;
            if (probe && (version == "401" || version == "500")) {
                const std::string msg = "{\"message\":\"no\"}";
                const std::string resp = json_error(std::stoi(version), msg);
                co_await conn.write(resp);
                continue;
            }
            const bool v81 = probe && (version == "beta.1" || version == "master-http");
            const bool bulked = probe && version != "master-http";
            h4::write_response_start(body, gb, bulked, v81 ? 0x81 : 0x84);
            const int value = !probe ? 7 : version == "beta.3" ? 2 : 1;
            h4::write_response_item(body, gb, Value::int_(value), true,
                                    bulked ? std::optional<std::int64_t>(1) : std::nullopt);
            h4::write_response_end(body, gb, 200);
            const std::string resp = head(200, "application/vnd.graphbinary-v4.0") + chunked({body});
            co_await conn.write(resp);
        }
    }
};

}  // namespace

TEST_CASE("http4: dialect=auto probes once per server and then speaks the detected dialect") {
    struct Case {
        const char* version;
        const char* bindings_key;  // where {x: 1} must go
        const char* timeout_key;
        const char* bulk_key;
        bool groovy;  // language gremlin-groovy named, 1+1 sent as it is
    };
    const Case cases[] = {
        {"beta.3", "parameters", "timeoutMillis", "bulkResults", false},
        {"beta.2", "bindings", "timeoutMs", "bulkResults", false},
        {"beta.1", "bindings", "timeoutMs", "bulkResults", false},
        {"master-http", "bindings", "timeoutMs", "bulked", true},
    };
    for (const auto& c : cases) {
        CAPTURE(c.version);
        tpbench::http4::forget_detected_dialects();
        net::io_context ioc;
        ProbeServer ps{c.version};
        FakeHttpServer server(ioc, [&](Conn& conn) { return ps.serve(conn); });
        run(ioc, [&]() -> net::awaitable<void> {
            for (int i = 0; i < 2; ++i) {  // the second session finds the dialect in the cache
                auto s = tpbench::http4::make_session(
                    ioc.get_executor(),
                    config_for(server.port(), "", {{"dialect", "auto"}, {"bulkResults", "true"}}));
                REQUIRE_FALSE(co_await s->async_connect());
                Request r = request("g.V(x)");
                r.bindings = Value::map({Value::string("x"), Value::int_(1)});
                r.server_timeout_ms = 1000;
                Outcome o = co_await s->async_execute(r);
                CHECK_FALSE(o.error);
                CHECK(o.result_count == 1);
                o = co_await s->async_execute(request("1+1"));
                CHECK_FALSE(o.error);
                co_await s->async_close();
            }
        });
        CHECK(ps.probes == 1);
        REQUIRE(ps.requests.size() == 4);
        const HttpRequest& q = ps.requests[0];
        CHECK(q.body.find(c.bindings_key) != std::string::npos);
        CHECK(q.body.find(c.timeout_key) != std::string::npos);
        CHECK(q.body.find(std::string(c.bulk_key) + "\x03") !=
              std::string::npos);               // field followed by its String value
        CHECK(q.header(c.bulk_key) == "true");  // and the header fallback
        if (std::string(c.bindings_key) == "parameters") CHECK(q.body.find("[x:1]") != std::string::npos);
        CHECK((q.body.find("gremlin-groovy") != std::string::npos) == c.groovy);
        auto d = h4::decode_request(ps.requests[1].body, h4::BodyFormat::graphbinary_v4);
        REQUIRE(d.ok());
        CHECK(d->gremlin == (c.groovy ? "1+1" : "g.inject(2)"));
    }
}

TEST_CASE(
    "http4: dialect=auto with a failing probe: 401 is auth_failed, other errors fall back to 4.0 uncached") {
    for (const char* v : {"401", "500"}) {
        CAPTURE(v);
        tpbench::http4::forget_detected_dialects();
        net::io_context ioc;
        ProbeServer ps{v};
        FakeHttpServer server(ioc, [&](Conn& conn) { return ps.serve(conn); });
        run(ioc, [&]() -> net::awaitable<void> {
            for (int i = 0; i < 2; ++i) {
                auto s = tpbench::http4::make_session(ioc.get_executor(),
                                                      config_for(server.port(), "", {{"dialect", "auto"}}));
                const auto ec = co_await s->async_connect();
                if (std::string(v) == "401") {
                    CHECK(ec == make_error_code(errc::auth_failed));
                    continue;
                }
                REQUIRE_FALSE(ec);
                Request r = request("g.V(x)");
                r.bindings = Value::map({Value::string("x"), Value::int_(1)});
                Outcome o = co_await s->async_execute(r);
                CHECK_FALSE(o.error);
                co_await s->async_close();
            }
        });
        CHECK(ps.probes == 2);  // never cached
        if (std::string(v) == "500") {
            REQUIRE(ps.requests.size() == 2);
            CHECK(ps.requests[0].body.find("parameters") != std::string::npos);
        }
    }
}

TEST_CASE("http4: gremlin-lang forms of tpbench's own Groovy scripts") {
    CHECK(h4::gremlin_lang_equivalent("1+1") == std::optional<std::string_view>("g.inject(2)"));
    CHECK(h4::gremlin_lang_equivalent("graph.clear()") == std::optional<std::string_view>("g.V().drop()"));
    auto m = h4::gremlin_lang_equivalent("TinkerFactory.generateModern(graph)");
    REQUIRE(m);
    CHECK(m->starts_with("g.addV('person').property(T.id,1)"));
    CHECK(m->find("addE('created').from('peter').to('lop').property('weight',0.2d)") !=
          std::string_view::npos);
    CHECK_FALSE(h4::gremlin_lang_equivalent("g.V()"));
    CHECK_FALSE(h4::gremlin_lang_equivalent("1 + 1"));
}
