// The embedded server's TinkerPop 3.x HTTP endpoint rules (src/server/net/http3_protocol.*), as
// read from the 3.7 server's HttpGremlinEndpointHandler / HttpHandlerUtil: which requests on the
// shared port are 3.x HTTP, the Accept negotiation, the three request forms and the error body.
#include "http3_protocol.hpp"

#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>

#include <utility>

using namespace tpbench;
using namespace tpbench::server::detail;
using io::ws37::Format;
using model::Value;

TEST_CASE("is_http3_post: only what a 3.x client sends leaves the http4 path") {
    CHECK(is_http3_post("application/vnd.graphbinary-v1.0", ""));
    CHECK(is_http3_post("application/vnd.gremlin-v3.0+json", "application/json"));
    CHECK(is_http3_post("application/json", "application/vnd.graphbinary-v1.0"));
    CHECK(is_http3_post("application/json", "application/vnd.gremlin-v3.0+json;types=false"));
    CHECK(is_http3_post("", "application/vnd.gremlin-v2.0+json"));
    // 4.0 clients, and the ambiguous plain-JSON forms, stay http4
    CHECK_FALSE(is_http3_post("application/json", "application/vnd.graphbinary-v4.0"));
    CHECK_FALSE(is_http3_post("application/vnd.graphbinary-v4.0", "application/vnd.gremlin-v4.0+json"));
    CHECK_FALSE(is_http3_post("application/json", "application/json"));
    CHECK_FALSE(is_http3_post("application/json", ""));
    CHECK_FALSE(is_http3_post("", "*/*"));
    CHECK_FALSE(is_http3_post("application/json",
                              "application/vnd.graphbinary-v1.0, application/vnd.graphbinary-v4.0"));
}

TEST_CASE("is_http3_get: a GET with a gremlin query parameter") {
    CHECK(is_http3_get("/?gremlin=1"));
    CHECK(is_http3_get("/gremlin?language=gremlin-groovy&gremlin=1"));
    CHECK_FALSE(is_http3_get("/gremlin"));
    CHECK_FALSE(is_http3_get("/gremlin?x=1"));
    CHECK_FALSE(is_http3_get("/?notgremlin=1"));
}

TEST_CASE("negotiate_http3_accept: chooseSerializer's rules") {
    auto f = [](std::string_view a) { return negotiate_http3_accept(a); };
    REQUIRE(f(""));
    CHECK(f("")->format == Format::graphson_v3);
    CHECK(f("")->content_type == "application/json");
    CHECK(f("*/*")->content_type == "application/json");
    CHECK(f("application/vnd.graphbinary-v1.0")->format == Format::graphbinary_v1);
    CHECK(f("application/vnd.gremlin-v3.0+json")->content_type == "application/vnd.gremlin-v3.0+json");
    CHECK(f("application/vnd.gremlin-v3.0+json;types=false")->format == Format::graphson_v3_untyped);
    CHECK(f("application/vnd.graphbinary-v1.0;q=0.5")->format == Format::graphbinary_v1);
    // tried in descending media-type order, not by q: vnd.graphbinary > json
    CHECK(f("application/json;q=1.0,application/vnd.graphbinary-v1.0;q=0.1")->format ==
          Format::graphbinary_v1);
    // entries are not trimmed (" application/json" is not registered), "x/y" is unknown
    CHECK_FALSE(f("x/y"));
    CHECK_FALSE(f("x/y, application/json"));
    CHECK(f("x/y,application/json")->format == Format::graphson_v3);
    CHECK_FALSE(f("application/json+something-else-that-does-not-exist"));
}

TEST_CASE("read_http3_request: the JSON body") {
    Http3Request r;
    CHECK_FALSE(
        read_http3_request(false, "/", "application/json",
                           R"J({"gremlin":"g.V(x)","bindings":{"x":1,"y":"a"},"language":"gremlin-groovy",)J"
                           R"J("aliases":{"g":"g"},"requestId":"01020304-0506-0708-090a-0b0c0d0e0f10"})J",
                           r));
    CHECK(r.plan.kind == Ws37Plan::Kind::eval);
    CHECK(r.plan.script == "g.V(x)");
    CHECK(r.plan.language == "gremlin-groovy");
    REQUIRE(r.plan.bindings.find("x") != nullptr);
    CHECK(r.plan.bindings.find("x")->to_int64() == 1);
    CHECK(r.plan.bindings.find("y")->str() == "a");
    REQUIRE(r.request_id);
    CHECK(model::uuid_to_string(*r.request_id) == "01020304-0506-0708-090a-0b0c0d0e0f10");
    CHECK_FALSE(read_http3_request(false, "/", "", R"J({"gremlin":"1+1"})J", r));
    CHECK(r.plan.script == "1+1");
    CHECK(r.plan.language == "gremlin-groovy");
    CHECK_FALSE(r.request_id);

    auto refused = [](std::string_view body) {
        Http3Request x;
        auto rej = read_http3_request(false, "/", "application/json", body, x);
        REQUIRE(rej);
        CHECK(rej->status == 400);
        return rej->message;
    };
    CHECK(refused("{nope") == "body could not be parsed");
    CHECK(refused("[1]") == "body could not be parsed");
    CHECK(refused(R"J({"bindings":{}})J") == "no gremlin script supplied");
    CHECK(refused(R"J({"gremlin":"1","bindings":[1]})J") == "bindings must be a Map");
    CHECK(refused(R"J({"gremlin":"1","aliases":"g"})J") == "aliases must be a Map");
    CHECK(refused(R"J({"gremlin":"2-1","requestId":"nonsense"})J") == "Invalid UUID string: nonsense");
    CHECK(refused(R"J({"gremlin":"1","aliases":{"g":"other"}})J").find("Could not rebind [g] to [other]") ==
          0);
}

TEST_CASE("read_http3_request: unparsable bindings are refused as 3.7.5 refuses them") {
    // Answers of a real TinkerPop 3.7.5 server (WsAndHttpChannelizer) to the same requests.
    auto get = [](std::string target) {
        Http3Request x;
        auto rej = read_http3_request(true, target, "", "", x);
        REQUIRE(rej);
        return std::make_pair(rej->status, rej->message);
    };
    // A query string Netty cannot decode: 400 with its message, wherever the escape is.
    CHECK(get("/?gremlin=x&bindings.x=%ZZ") ==
          std::make_pair(400,
                         std::string("invalid hex byte 'ZZ' at index 24 of '/?gremlin=x&bindings.x=%ZZ'")));
    CHECK(get("/?gremlin=x&bindings.x=%Z") ==
          std::make_pair(
              400, std::string("unterminated escape sequence at index 23 of: /?gremlin=x&bindings.x=%Z")));
    CHECK(get("/?gremlin=x&bindings.x=1%") ==
          std::make_pair(
              400, std::string("unterminated escape sequence at index 24 of: /?gremlin=x&bindings.x=1%")));
    CHECK(get("/?gremlin=x&bindings.%Zx=1") ==
          std::make_pair(400,
                         std::string("invalid hex byte 'Zx' at index 22 of '/?gremlin=x&bindings.%Zx=1'")));
    CHECK(get("/?gremlin=%ZZ") ==
          std::make_pair(400, std::string("invalid hex byte 'ZZ' at index 11 of '/?gremlin=%ZZ'")));
    CHECK(get("/?gremlin=1%2B1&foo=%G1") ==
          std::make_pair(400, std::string("invalid hex byte 'G1' at index 21 of '/?gremlin=1%2B1&foo=%G1'")));
    // An empty binding name: 500 "key can not be empty".
    CHECK(get("/?gremlin=1%2B1&bindings.=1&bindings.y=2") ==
          std::make_pair(500, std::string("key can not be empty")));
    auto post = [](std::string body) {
        Http3Request x;
        auto rej = read_http3_request(false, "/", "application/json", body, x);
        REQUIRE(rej);
        return std::make_pair(rej->status, rej->message);
    };
    CHECK(post(R"J({"gremlin":"1+1","bindings":null})J") ==
          std::make_pair(400, std::string("bindings must be a Map")));
    CHECK(post(R"J({"gremlin":"1+1","bindings":{"":1}})J") ==
          std::make_pair(500, std::string("key can not be empty")));
    // What 3.7.5 accepts still goes through: an escape-free value that is no JSON is a String.
    Http3Request ok;
    CHECK_FALSE(read_http3_request(true, "/?gremlin=x&bindings.x={bad&bindings=notjson", "", "", ok));
    REQUIRE(ok.plan.bindings.find("x") != nullptr);
    CHECK(ok.plan.bindings.find("x")->str() == "{bad");
}

TEST_CASE("read_http3_request: GET query strings") {
    Http3Request r;
    CHECK_FALSE(read_http3_request(true,
                                   "/?gremlin=g.V(x).values(%27name%27)&bindings.x=1&bindings.x=2"
                                   "&language=gremlin-groovy&requestId=01020304-0506-0708-090a-0b0c0d0e0f10",
                                   "", "", r));
    CHECK(r.plan.script == "g.V(x).values('name')");
    CHECK(r.plan.bindings.find("x")->str() == "1");  // the first instance only, as a string
    CHECK(r.request_id);
    CHECK_FALSE(read_http3_request(true, "/gremlin?gremlin=1+%2B+1", "", "", r));
    CHECK(r.plan.script == "1 + 1");
    auto rej = read_http3_request(true, "/", "", "", r);
    REQUIRE(rej);
    CHECK(rej->message == "no gremlin script supplied");
    rej = read_http3_request(true, "/?gremlin=", "", "", r);
    REQUIRE(rej);
    CHECK(rej->message == "no gremlin script supplied");
}

TEST_CASE("read_http3_request: a serialized RequestMessage (the 3.x driver's HTTP form)") {
    io::ws37::RequestMessage m;
    m.request_id[0] = 7;
    m.op = "eval";
    m.args = Value::map({Value::string("gremlin"), Value::string("g.V().count()"),
                         Value::string("evaluationTimeout"), Value::long_(250)});
    std::string gb, gs;
    io::ws37::encode_request(gb, m, Format::graphbinary_v1, true);
    io::ws37::encode_request(gs, m, Format::graphson_v3, false);
    Http3Request r;
    CHECK_FALSE(read_http3_request(false, "/", "application/vnd.graphbinary-v1.0", gb, r));
    CHECK(r.plan.script == "g.V().count()");
    CHECK(r.plan.timeout_ms == 250);
    REQUIRE(r.request_id);
    CHECK((*r.request_id)[0] == 7);
    CHECK_FALSE(read_http3_request(false, "/", "application/vnd.gremlin-v3.0+json", gs, r));
    CHECK(r.plan.script == "g.V().count()");
    // a mime prefix that is not the Content-Type
    auto rej = read_http3_request(false, "/", "application/vnd.gremlin-v3.0+json", gb, r);
    REQUIRE(rej);
    CHECK(rej->message == "Mime type mismatch. Value in content-type header is not equal payload header.");
    rej = read_http3_request(false, "/", "application/vnd.graphbinary-v1.0", gb.substr(0, gb.size() - 3), r);
    REQUIRE(rej);
    CHECK(rej->status == 400);
    // validated like the op processors
    m.op = "nonsense";
    gb.clear();
    io::ws37::encode_request(gb, m, Format::graphbinary_v1, true);
    rej = read_http3_request(false, "/", "application/vnd.graphbinary-v1.0", gb, r);
    REQUIRE(rej);
    CHECK(rej->message.find("nonsense") != std::string::npos);
}

TEST_CASE("http3_error_body: HttpHandlerUtil.sendError's shape") {
    model::Uuid id{};
    id[15] = 1;
    CHECK(http3_error_body("no gremlin script supplied") == R"J({"message":"no gremlin script supplied"})J");
    const std::string b = http3_error_body("Division by zero", "java.lang.ArithmeticException", id);
    CHECK(
        b.starts_with(R"J({"message":"Division by zero","Exception-Class":"java.lang.ArithmeticException",)J"
                      R"J("exceptions":["java.lang.ArithmeticException"],"stackTrace":")J"));
    CHECK(b.ends_with(R"J(,"requestId":"00000000-0000-0000-0000-000000000001"})J"));
    CHECK(http3_rejected_message(3).find(" rejected from ") != std::string::npos);
}
