// Regression tests for small server findings of a hostile-input probe: a NUL or bytes that are not UTF-8 in a
// script are refused on every protocol (ws37, http3 GET and POST, http4), never evaluated (the
// probe saw `1+1\0` answer 2 on ws37 and http3, and http3 evaluate invalid UTF-8 as U+FFFD); and
// an error message is bounded (a 9 MiB unknown identifier used to come back whole) and names the
// total size.
#include "server_secure_util.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace tpbench;
using namespace tpbench::test;
using model::Value;

namespace {

std::string http_get(std::string_view target) {
    return "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

}  // namespace

TEST_CASE("server ws37: a NUL or invalid UTF-8 in a script is refused with 499, not evaluated") {
    auto srv = start_embedded_server();
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    int id = 1;
    // The scripts' bytes go into the GraphBinary frame as they are: the request is encoded with
    // ASCII placeholders of the same length, which are then replaced (the encoder would otherwise
    // write invalid UTF-8 as U+FFFD).
    const std::pair<std::string, std::string> cases[] = {
        {"1+1@", std::string("1+1\0", 4)}, {"1+1 //@@", "1+1 //\xff\xfe"}, {"'@@'", "'\xc0\xaf'"}};
    for (const auto& c : cases) {
        const std::string& placeholder = c.first;  // (no structured binding: CAPTURE's lambda names it)
        const std::string& script = c.second;
        CAPTURE(script);
        std::string frame;
        io::ws37::encode_request(frame, ws_eval(placeholder, id++), io::ws37::Format::graphbinary_v1, true);
        const auto at = frame.find(placeholder);
        REQUIRE(at != std::string::npos);
        frame.replace(at, placeholder.size(), script);
        REQUIRE(ws.send_binary(frame));
        auto r = ws.read_response();
        REQUIRE(r);
        CHECK(r->header.code == 499);
        const std::string msg = r->header.message.value_or("");
        // A NUL is caught by the script check; invalid UTF-8 already by the GraphBinary decoder.
        CHECK((msg.find("NUL character") != std::string::npos || msg.find("UTF-8") != std::string::npos ||
               msg.find("could not be decoded") != std::string::npos));
        CAPTURE(msg);
    }
    // A well-formed script on the same connection still evaluates (multi-byte UTF-8 included).
    REQUIRE(ws.send(ws_eval("'h\xc3\xa9llo'", id++)));
    auto ok = ws.read_response();
    REQUIRE(ok);
    CHECK(ok->header.code == 200);
}

TEST_CASE("server http3: a NUL or invalid UTF-8 in a GET or POST script is refused with 400") {
    auto srv = start_embedded_server();
    TcpClient c(srv->port());
    for (const char* target :
         {"/?gremlin=1%2B1%00", "/?gremlin=1%2B1%20%2F%2F%FF", "/?gremlin=%27%C0%AF%27"}) {
        CAPTURE(target);
        REQUIRE(c.send_all(http_get(target)));
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 400);
        CHECK(r->body.find("Failed to interpret Gremlin query") != std::string::npos);
    }
    // POST with a 3.x Accept (the 3.x endpoint's JSON form).
    REQUIRE(c.send_all(
        http_post(R"({"gremlin":"1+1\u0000"})", "application/json", "application/vnd.gremlin-v3.0+json")));
    auto p = c.read_response();
    REQUIRE(p);
    CHECK(p->status == 400);
    CHECK(p->body.find("NUL character") != std::string::npos);
    // Well-formed requests still work on the same connection.
    REQUIRE(c.send_all(http_get("/?gremlin=1%2B1")));
    auto ok = c.read_response();
    REQUIRE(ok);
    CHECK(ok->status == 200);
}

TEST_CASE("server http4: invalid UTF-8 in a GraphBinary-free JSON script is refused too") {
    auto srv = start_embedded_server();
    TcpClient c(srv->port());
    // Raw bytes 0xC0 0xAF (an overlong '/') inside the JSON string: refused before evaluation,
    // by the JSON reader or by the script check.
    REQUIRE(c.send_all(http_post("{\"gremlin\":\"'\xc0\xaf'\"}", "application/json", "application/json")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 400);
    CHECK(r->body.find("\xc0\xaf") == std::string::npos);
}

TEST_CASE("server: an error message is bounded and names its total size") {
    auto srv = start_embedded_server();
    const std::string ident(9u << 20, 'x');  // a 9 MiB unknown identifier
    {
        TcpClient t(srv->port());
        RawWs<TcpClient> ws(t);
        REQUIRE(ws.upgrade());
        REQUIRE(ws.send(ws_eval(ident, 1)));
        auto r = ws.read_response();
        REQUIRE(r);
        CHECK(r->header.code >= 400);
        const std::string msg = r->header.message.value_or("");
        CHECK(msg.size() < 8192);
        CHECK(msg.find("bytes in all") != std::string::npos);
    }
    {
        TcpClient c(srv->port());
        REQUIRE(c.send_all(http_post("{\"gremlin\":\"" + ident + "\",\"language\":\"gremlin-groovy\"}",
                                     "application/json", "application/json")));
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->body.size() < 16384);
        CHECK(r->body.find("bytes in all") != std::string::npos);
    }
}

TEST_CASE("server http4: a malformed gremlin-lang script is HTTP 400, like other request errors") {
    auto srv = start_embedded_server();
    TcpClient c(srv->port());
    const std::string nested = "g.V().has('x'," + std::string(300, '[') + std::string(300, ']') + ")";
    std::string ops = "1";
    for (int i = 0; i < 300; ++i) ops += "+1";
    for (const std::string& script : {std::string("g.V("), nested, ops}) {
        CAPTURE(script);
        REQUIRE(c.send_all(http_post("{\"gremlin\":\"" + script + "\",\"language\":\"gremlin-lang\"}",
                                     "application/json", "application/json")));
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 400);
        CHECK(r->body.find("MalformedQueryException") != std::string::npos);
    }
    REQUIRE(c.send_all(
        http_post(R"({"gremlin":"1+1","language":"gremlin-lang"})", "application/json", "application/json")));
    auto ok = c.read_response();
    REQUIRE(ok);
    CHECK(ok->status == 200);
}
