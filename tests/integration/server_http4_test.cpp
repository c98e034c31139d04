// http4 against the embedded server on loopback, with a plain blocking socket client.
#include "server_test_util.hpp"

#include <tpbench/io/http4.hpp>

#include <doctest/doctest.h>
#include <zlib.h>

#include <thread>

using namespace tpbench;
using namespace tpbench::test;
using namespace std::chrono_literals;

namespace {

constexpr const char* gb4 = "application/vnd.graphbinary-v4.0";

std::string json_req(const std::string& gremlin, const std::string& extra = "") {
    std::string esc;
    for (char c : gremlin) {
        if (c == '"' || c == '\\') esc += '\\';
        esc += c;
    }
    return "{\"gremlin\":\"" + esc + "\",\"language\":\"gremlin-groovy\"" + extra + "}";
}

std::string inflate_all(std::string_view in) {
    z_stream zs{};
    REQUIRE(inflateInit(&zs) == Z_OK);
    std::string out;
    char buf[65536];
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    zs.avail_in = static_cast<uInt>(in.size());
    int rc = Z_OK;
    while (rc == Z_OK) {
        zs.next_out = reinterpret_cast<Bytef*>(buf);
        zs.avail_out = sizeof buf;
        rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buf, sizeof buf - zs.avail_out);
        if (rc == Z_BUF_ERROR && zs.avail_in == 0) break;
    }
    CHECK(rc == Z_STREAM_END);
    inflateEnd(&zs);
    return out;
}

struct Decoded {
    std::uint64_t results = 0;
    std::int32_t code = 0;
    std::optional<std::string> message, exception;
    std::vector<model::Value> items;
};

Decoded decode_body(std::string_view body, io::http4::ResponseFormat f) {
    Decoded d;
    io::http4::ResponseDecoder dec(f, io::http4::DecodeMode::materialize,
                                   [&](model::Value&& v, std::int64_t) { d.items.push_back(std::move(v)); });
    auto r = dec.feed(body);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    auto fin = dec.finish();
    REQUIRE_MESSAGE(fin.ok(), fin.error().to_string());
    d.results = dec.result_count();
    d.code = dec.status_code();
    d.message = dec.status_message();
    d.exception = dec.status_exception();
    return d;
}

}  // namespace

TEST_CASE("server http4: the spec's g.V(1) request bytes get the spec's response bytes") {
    server::ServerConfig cfg;
    cfg.http4_version_byte = 0x81;
    auto srv = start_embedded_server(cfg);
    TcpClient c(srv->port());
    auto body = unhex(
        "810000000303000000000862696e64696e67730a00000000000300000000086c616e677561676503000000000e6772656d6c"
        "696e2d67"
        "726f6f7679030000000009626174636853697a6501000000004000000006672e56283129");
    REQUIRE(c.send_all(http_post(body, gb4, gb4)));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(r->headers["content-type"] == gb4);
    CHECK(r->headers["transfer-encoding"] == "chunked");
    CHECK(r->headers.count("gremlin-requestid") == 1);
    CHECK(hex(r->body) ==
          "810011000200000000000000000100000001030000000006706572736f6e09000000000212000200000000000000000000"
          "000001030000"
          "0000046e616d650300000000056d61726b6ffe010900000000001200020000000000000000010000000103000000000361"
          "676501000000"
          "001dfe01090000000000fd0000000000c80101");
    CHECK(r->chunks.size() == 1);
    CHECK(r->trailers["code"] == "200");
}

TEST_CASE("server http4: one chunk per batch, keep-alive, 1+1, Accept negotiation") {
    server::ServerConfig cfg;
    cfg.http4_version_byte = 0x81;
    auto srv = start_embedded_server(cfg);
    TcpClient c(srv->port());
    REQUIRE(c.send_all(http_post(json_req("g.inject(1,2,3)", ",\"batchSize\":2"), "application/json", gb4)));
    auto r = c.read_response();
    REQUIRE(r);
    REQUIRE(r->chunks.size() == 2);
    CHECK(hex(r->chunks[0]) == "8100010000000001010000000002");
    CHECK(hex(r->chunks[1]) == "010000000003fd0000000000c80101");
    CHECK(r->trailers["code"] == "200");

    // Same connection: `1+1` as GraphSON 4 (Accept application/json).
    for (int i = 0; i < 3; ++i) {
        REQUIRE(c.send_all(http_post(json_req("1+1"), "application/json", "application/json")));
        auto j = c.read_response();
        REQUIRE(j);
        CHECK(j->status == 200);
        CHECK(j->headers["content-type"] == "application/json");
        CHECK(
            j->body ==
            "{\"result\":{\"data\":{\"@type\":\"g:List\",\"@value\":[{\"@type\":\"g:Int32\",\"@value\":2}]}},"
            "\"status\":{\"code\":200}}");
    }
    // GraphBinary 4 request body (encoded by the codec) and untyped GraphSON 4 response.
    io::http4::Request q;
    q.gremlin = "g.V().count()";
    q.language = "gremlin-groovy";
    std::string gbody;
    io::http4::encode_request(gbody, q, io::http4::BodyFormat::graphbinary_v4,
                              io::http4::Dialect::master_http);
    REQUIRE(c.send_all(http_post(gbody, gb4, "application/vnd.gremlin-v4.0+json;types=false")));
    auto u = c.read_response();
    REQUIRE(u);
    CHECK(u->body == "{\"result\":{\"data\":[6]},\"status\":{\"code\":200}}");

    REQUIRE(c.send_all(http_post(json_req("1+1"), "application/json", "text/html")));
    auto bad = c.read_response();
    REQUIRE(bad);
    CHECK(bad->status == 400);
    CHECK(bad->headers["content-type"] == "application/json");
    CHECK(bad->body == R"({"message":"no serializer for requested Accept header: text/html"})");
}

TEST_CASE("server http4: materializeProperties tokens gives reference elements") {
    auto srv = start_embedded_server();
    TcpClient c(srv->port());
    REQUIRE(c.send_all(
        http_post(json_req("g.V(1)", ",\"materializeProperties\":\"tokens\""), "application/json", gb4)));
    auto r = c.read_response();
    REQUIRE(r);
    auto d = decode_body(r->body, io::http4::ResponseFormat::graphbinary_v4);
    REQUIRE(d.items.size() == 1);
    REQUIRE(d.items[0].type() == model::Type::vertex);
    const auto& props = d.items[0][2];
    CHECK((props.is_null() || props.size() == 0));
    REQUIRE(c.send_all(http_post(json_req("g.V(1)"), "application/json", gb4)));
    r = c.read_response();
    REQUIRE(r);
    d = decode_body(r->body, io::http4::ResponseFormat::graphbinary_v4);
    REQUIRE(d.items.size() == 1);
    CHECK(d.items[0][2].size() == 2);
}

TEST_CASE("server http4: deflate when Accept-Encoding has it") {
    auto srv = start_embedded_server();
    TcpClient c(srv->port());
    REQUIRE(c.send_all(http_post(json_req("g.V()", ",\"batchSize\":4"), "application/json", gb4,
                                 "Accept-Encoding: gzip, deflate\r\n")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(r->headers["content-encoding"] == "deflate");
    CHECK(r->chunks.size() == 2);
    auto d = decode_body(inflate_all(r->body), io::http4::ResponseFormat::graphbinary_v4);
    CHECK(d.code == 200);
    CHECK(d.results == 6);
    REQUIRE(d.items.size() == 6);
    CHECK(d.items[0].type() == model::Type::vertex);
}

TEST_CASE("server http4: errors before evaluation are JSON bodies (405, 404, 400, 413)") {
    server::ServerConfig cfg;
    cfg.max_content_length = 4096;
    auto srv = start_embedded_server(cfg);
    {
        TcpClient c(srv->port());
        REQUIRE(c.send_all("GET /gremlin HTTP/1.1\r\nHost: x\r\n\r\n"));
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 405);
        CHECK(r->body == R"({"message":"405 Method Not Allowed"})");
        REQUIRE(c.send_all("GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n"));
        r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 404);
        // Any other path works like /gremlin.
        REQUIRE(c.send_all(
            "POST /other HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
            std::to_string(json_req("1+1").size()) + "\r\n\r\n" + json_req("1+1")));
        r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 200);
        REQUIRE(c.send_all(http_post("{\"language\":\"gremlin-groovy\"}", "application/json", "")));
        r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 400);
        CHECK(r->body.find("\"message\"") != std::string::npos);
        REQUIRE(c.send_all(http_post("{not json", "application/json", "")));
        r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 400);
    }
    {
        TcpClient c(srv->port());
        std::string big(10000, 'x');
        REQUIRE(c.send_all(http_post(big, "application/json", "")));
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 413);
        CHECK(r->body.find("maxRequestContentLength") != std::string::npos);
        CHECK(r->headers["connection"] == "close");
    }
}

TEST_CASE("server http4: errors after the 200 head end with the status footer and trailers") {
    auto srv = start_embedded_server();
    TcpClient c(srv->port(), 0, 20000);
    REQUIRE(c.send_all(http_post(json_req("g.V().repeat(both()).times(18)", ",\"timeoutMs\":300"),
                                 "application/json", gb4)));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(r->chunks.size() > 1);
    auto d = decode_body(r->body, io::http4::ResponseFormat::graphbinary_v4);
    CHECK(d.code == 500);
    CHECK(d.exception == std::optional<std::string>("ServerTimeoutExceededException"));
    CHECK(d.results > 0);
    CHECK(r->trailers["code"] == "500");
    CHECK(r->trailers["exception"] == "ServerTimeoutExceededException");
    // The last chunk holds only the marker and the footer.
    CHECK(r->chunks.back().substr(0, 3) == std::string("\xfd\x00\x00", 3));

    REQUIRE(c.send_all(http_post(json_req("g.V().nosuchstep("), "application/json", gb4)));
    auto e = c.read_response();
    REQUIRE(e);
    CHECK(e->status == 200);
    auto de = decode_body(e->body, io::http4::ResponseFormat::graphbinary_v4);
    CHECK(de.code >= 400);
    CHECK(de.results == 0);
    REQUIRE(de.message);
    CHECK_FALSE(de.message->empty());
    CHECK(e->trailers["code"] == std::to_string(de.code));
    CHECK(e->trailers.count("exception") == 1);
}

TEST_CASE("server http4: a client that disconnects mid-stream does not hurt the next client") {
    auto srv = start_embedded_server();
    for (int round = 0; round < 3; ++round) {
        {
            TcpClient c(srv->port());
            REQUIRE(
                c.send_all(http_post(json_req("g.V().repeat(both()).times(15)"), "application/json", gb4)));
            while (c.buffer().size() < 200000) REQUIRE(c.read_some());
        }  // closed mid-stream
        auto t0 = std::chrono::steady_clock::now();
        TcpClient n(srv->port());
        REQUIRE(n.send_all(http_post(json_req("1+1"), "application/json", gb4)));
        auto r = n.read_response();
        REQUIRE(r);
        CHECK(r->status == 200);
        CHECK(hex(r->body) ==
              "840001000000000"
              "2fd0000000000c80101");
        CHECK(std::chrono::steady_clock::now() - t0 < 5s);
    }
}

TEST_CASE(
    "server http4: a client that never reads keeps server memory flat; others are served; 429 when full") {
    server::ServerConfig cfg;
    cfg.gremlin_pool = 1;
    cfg.max_work_queue_size = 1;
    auto srv = start_embedded_server(cfg);
    TcpClient slow(srv->port(), 4096);
    REQUIRE(slow.send_all(http_post(json_req("g.V().repeat(both()).times(18)", ",\"timeoutMs\":20000"),
                                    "application/json", gb4)));
    std::this_thread::sleep_for(300ms);
    long rss0 = vm_rss_kib();
    // The only worker is held by the slow stream: one request waits in the queue, the next is 429.
    TcpClient queued(srv->port());
    REQUIRE(queued.send_all(http_post(json_req("1+1"), "application/json", gb4)));
    std::this_thread::sleep_for(100ms);
    TcpClient rejected(srv->port());
    REQUIRE(rejected.send_all(http_post(json_req("1+1"), "application/json", gb4)));
    auto r = rejected.read_response();
    REQUIRE(r);
    CHECK(r->status == 429);
    auto d = decode_body(r->body, io::http4::ResponseFormat::graphbinary_v4);
    CHECK(d.code == 429);
    CHECK(d.message ==
          std::optional<std::string>("Too many requests have been sent in a given amount of time."));
    CHECK(d.exception == std::optional<std::string>("TooManyRequestsException"));
    CHECK(r->trailers["exception"] == "TooManyRequestsException");
    std::this_thread::sleep_for(1500ms);
    long rss1 = vm_rss_kib();
    MESSAGE("VmRSS before " << rss0 << " KiB, after " << rss1 << " KiB");
    CHECK(rss1 - rss0 < 16 * 1024);
    // Dropping the slow client frees the worker; the queued request is then answered.
    slow.close();
    auto q = queued.read_response();
    REQUIRE(q);
    CHECK(q->status == 200);
    CHECK(decode_body(q->body, io::http4::ResponseFormat::graphbinary_v4).code == 200);
}

TEST_CASE("server http4: idleConnectionTimeout closes idle keep-alive connections") {
    server::ServerConfig cfg;
    cfg.idle_connection_timeout = std::chrono::milliseconds(200);
    auto srv = start_embedded_server(cfg);
    TcpClient c(srv->port());
    REQUIRE(c.send_all(http_post(json_req("1+1"), "application/json", gb4)));
    REQUIRE(c.read_response());
    auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(c.read_some());  // EOF from the server, well before the client's 10 s timeout
    auto waited = std::chrono::steady_clock::now() - t0;
    CHECK(waited >= 150ms);
    CHECK(waited < 5s);
}

TEST_CASE("server http4: a stream of repeated full chunks (sent as copies) arrives whole") {
    // times(8): 5,910 results; most chunks are copies of the one built before them (BatchRun).
    auto srv = start_embedded_server();
    for (const bool gs : {false, true}) {
        CAPTURE(gs);
        TcpClient c(srv->port());
        const char* accept = gs ? "application/vnd.gremlin-v4.0+json;types=false" : gb4;
        REQUIRE(c.send_all(http_post(json_req("g.V().repeat(both()).times(8)", ",\"batchSize\":16"),
                                     "application/json", accept)));
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 200);
        CHECK(r->chunks.size() == 370);  // 5,910 / 16, rounded up
        std::uint64_t n = 0;
        io::http4::ResponseDecoder dec(
            gs ? io::http4::ResponseFormat::graphson_v4_untyped : io::http4::ResponseFormat::graphbinary_v4,
            io::http4::DecodeMode::materialize, [&n](model::Value&&, std::int64_t bulk) { n += bulk; });
        auto fed = dec.feed(r->body);
        REQUIRE_MESSAGE(fed.ok(), fed.error().to_string());
        REQUIRE(dec.finish().ok());
        CHECK(dec.status_code() == 200);
        CHECK(n == 5910);
    }
}
