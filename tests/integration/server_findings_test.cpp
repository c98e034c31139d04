// Regression tests for server-side findings of a review: duplicate in-flight requestIds on one
// ws37 connection, the error for a malformed ws37 frame, http4 script language and NUL.
#include "server_secure_util.hpp"

#include <doctest/doctest.h>

#include <chrono>

using namespace tpbench;
using namespace tpbench::test;
using model::Value;

namespace {

io::ws37::RequestMessage with_id(io::ws37::RequestMessage m, const model::Uuid& id) {
    m.request_id = id;
    return m;
}

}  // namespace

TEST_CASE("server ws37: a requestId still in flight is refused with 500, never interleaved") {
    auto srv = start_embedded_server();
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    // A stream far too long to finish (39M results): it stays in flight under back-pressure.
    auto big = ws_eval("g.V().repeat(both()).times(12)", 1);
    big.args = Value::map({Value::string("gremlin"), Value::string("g.V().repeat(both()).times(12)"),
                           Value::string("batchSize"), Value::int_(64)});
    REQUIRE(ws.send(big));
    auto first = ws.read_response();
    REQUIRE(first);
    REQUIRE(first->header.code == 206);
    // Now certainly in flight: the same id again, five times.
    for (int i = 0; i < 5; ++i) REQUIRE(ws.send(with_id(ws_eval("1+1", 2), big.request_id)));
    int refused = 0, partials = 1;
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (refused < 5 && std::chrono::steady_clock::now() < until) {
        auto r = ws.read_response();
        REQUIRE(r);
        REQUIRE(r->header.request_id == big.request_id);
        if (r->header.code == 206) {
            ++partials;
            // Every batch of the stream is vertices of the walk, never a `2` from 1+1.
            REQUIRE(r->data.type() == model::Type::list);
            for (const auto& v : r->data.kids()) REQUIRE(v.type() == model::Type::vertex);
            continue;
        }
        CHECK(r->header.code == 500);
        CHECK(r->header.message.value_or("").find("already in progress on this connection") !=
              std::string::npos);
        CHECK(r->data.is_null());
        ++refused;
    }
    CHECK(refused == 5);
    CHECK(partials >= 1);
}

TEST_CASE("server ws37: a requestId may be reused once its final response was sent") {
    auto srv = start_embedded_server();
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    for (int i = 0; i < 20; ++i) {
        // Same id each time, sequentially: each one completes, so none is a duplicate.
        REQUIRE(ws.send(ws_eval(std::to_string(i) + "+1", 7)));
        auto r = ws.read_response();
        REQUIRE(r);
        CHECK(r->header.code == 200);
        CHECK(first_number(*r) == i + 1);
    }
    // Also after an error response (597 syntax error) the id is free again.
    REQUIRE(ws.send(ws_eval("g.V().nosuchstep(", 8)));
    auto e = ws.read_response();
    REQUIRE(e);
    CHECK(e->header.code >= 400);
    REQUIRE(ws.send(ws_eval("3+4", 8)));
    auto r = ws.read_response();
    REQUIRE(r);
    CHECK(r->header.code == 200);
    CHECK(first_number(*r) == 7);
}

TEST_CASE("server ws37: a malformed frame's 499 says what was wrong") {
    auto srv = start_embedded_server();
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    std::string frame;
    io::ws37::encode_request(frame, ws_eval("g.V().count()", 1), io::ws37::Format::graphbinary_v1, true);
    frame.resize(frame.size() - 7);  // truncated inside the args map
    REQUIRE(ws.send_binary(frame));
    auto r = ws.read_response();
    REQUIRE(r);
    CHECK(r->header.code == 499);
    CHECK_FALSE(r->header.request_id.has_value());
    std::string msg = r->header.message.value_or("");
    CHECK(msg != "Invalid OpProcessor requested [null]");
    CHECK(msg.find("could not be decoded") != std::string::npos);
    CHECK(msg.find("offset") != std::string::npos);
    // The connection is still usable.
    REQUIRE(ws.send(ws_eval("1+1", 2)));
    auto ok = ws.read_response();
    REQUIRE(ok);
    CHECK(ok->header.code == 200);
}

TEST_CASE("server http4: an unknown language is refused, a NUL in the script is malformed") {
    auto srv = start_embedded_server();
    TcpClient c(srv->port());
    REQUIRE(c.send_all(
        http_post(R"({"gremlin":"1+1","language":"python"})", "application/json", "application/json")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 400);
    CHECK(r->body.find("Script engine [python] is not available.") != std::string::npos);
    CHECK(r->body.find("InvalidRequestException") != std::string::npos);
    CHECK(r->body.find("@value\":2") == std::string::npos);

    for (const char* lang : {"gremlin-lang", "gremlin-groovy"}) {
        std::string body = std::string(R"({"gremlin":"1+1\u0000","language":")") + lang + "\"}";
        REQUIRE(c.send_all(http_post(body, "application/json", "application/json")));
        auto n = c.read_response();
        REQUIRE(n);
        CHECK(n->status == (std::string(lang) == "gremlin-lang" ? 400 : 500));
        CHECK(n->body.find("NUL character") != std::string::npos);
        CHECK(n->body.find("\"@value\":2}") == std::string::npos);
    }
    // The known languages still work on the same connection.
    for (const char* lang : {"gremlin-lang", "gremlin-groovy"}) {
        REQUIRE(c.send_all(http_post(std::string(R"({"gremlin":"1+1","language":")") + lang + "\"}",
                                     "application/json", "application/json")));
        auto ok = c.read_response();
        REQUIRE(ok);
        CHECK(ok->status == 200);
        CHECK(ok->body.find(R"({"@type":"g:Int32","@value":2})") != std::string::npos);
    }
}
