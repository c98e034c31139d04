#include "protocol.hpp"

#include <doctest/doctest.h>

using namespace tpbench;
using namespace tpbench::server::detail;
using io::http4::ResponseFormat;
using model::Value;

TEST_CASE("negotiate_accept: registered types, defaults and refusals") {
    auto f = [](std::string_view a) { return negotiate_accept(a); };
    REQUIRE(f(""));
    CHECK(f("")->format == ResponseFormat::graphson_v4);
    CHECK(f("")->content_type == "application/json");
    CHECK(f("application/vnd.graphbinary-v4.0")->format == ResponseFormat::graphbinary_v4);
    CHECK(f("application/vnd.graphbinary-v4.0")->content_type == "application/vnd.graphbinary-v4.0");
    CHECK(f("application/vnd.gremlin-v4.0+json")->format == ResponseFormat::graphson_v4);
    CHECK(f("application/vnd.gremlin-v4.0+json;types=false")->format == ResponseFormat::graphson_v4_untyped);
    CHECK(f("application/json")->format == ResponseFormat::graphson_v4);
    CHECK(f("*/*")->content_type == "application/json");
    // Sorted by name descending: vnd.graphbinary beats json whatever the order or q.
    CHECK(f("application/json, application/vnd.graphbinary-v4.0")->format == ResponseFormat::graphbinary_v4);
    CHECK(f("application/json;q=1.0,application/vnd.graphbinary-v4.0;q=0.1")->format ==
          ResponseFormat::graphbinary_v4);
    // q=0 means "not acceptable".
    CHECK(f("application/vnd.graphbinary-v4.0;q=0, application/json")->format == ResponseFormat::graphson_v4);
    CHECK_FALSE(f("text/html"));
    CHECK_FALSE(f("application/vnd.graphbinary-v1.0"));
    CHECK_FALSE(f("application/vnd.graphbinary-v4.0;q=0"));
    CHECK(f("text/html, application/xml, application/vnd.graphbinary-v4.0")->format ==
          ResponseFormat::graphbinary_v4);
}

TEST_CASE("header helpers") {
    CHECK(accepts_deflate("deflate"));
    CHECK(accepts_deflate("gzip, Deflate"));
    CHECK_FALSE(accepts_deflate("gzip, br"));
    CHECK(header_is_true(" true "));
    CHECK(header_is_true("TRUE"));
    CHECK_FALSE(header_is_true("yes"));
    CHECK(json_error_body("405 Method Not Allowed") == R"({"message":"405 Method Not Allowed"})");
    CHECK(json_error_body("a \"q\"\n\\") == R"({"message":"a \"q\"\n\\"})");
    std::string c;
    append_chunk(c, "hello world, 26 bytes long");
    CHECK(c == "1a\r\nhello world, 26 bytes long\r\n");
    append_chunk(c, "");
    CHECK(c == "1a\r\nhello world, 26 bytes long\r\n");
    std::string last;
    append_last_chunk(last, 200);
    CHECK(last == "0\r\ncode: 200\r\n\r\n");
    last.clear();
    append_last_chunk(last, 500, "ServerErrorException");
    CHECK(last == "0\r\ncode: 500\r\nexception: ServerErrorException\r\n\r\n");
    auto r = simple_response(405, reason_phrase(405), "application/json", "{}", false);
    CHECK(r ==
          "HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
          "Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n{}");
    CHECK(java_host("127.0.0.1", 54321) == "/127.0.0.1:54321");
    auto u1 = random_uuid_text(), u2 = random_uuid_text();
    CHECK(u1.size() == 36);
    CHECK(u1 != u2);
    CHECK(u1[14] == '4');
}

namespace {
io::ws37::RequestMessage msg(std::string op, std::string processor, std::vector<Value> kv) {
    io::ws37::RequestMessage m;
    m.op = std::move(op);
    m.processor = std::move(processor);
    m.args = Value::map(std::move(kv));
    return m;
}
Value s(const char* x) { return Value::string(x); }
}  // namespace

TEST_CASE("plan_ws37_request: eval") {
    Ws37Plan p;
    auto ok =
        msg("eval", "",
            {s("gremlin"), s("g.V()"), s("batchSize"), Value::int_(2), s("language"), s("gremlin-groovy"),
             s("aliases"), Value::map({s("g"), s("g")}), s("accept"), s("application/vnd.graphbinary-v1.0"),
             s("evaluationTimeout"), Value::long_(500), s("materializeProperties"), s("tokens")});
    REQUIRE_FALSE(plan_ws37_request(ok, p, 16));
    CHECK(p.kind == Ws37Plan::Kind::eval);
    CHECK(p.script == "g.V()");
    CHECK(p.batch_size == 2);
    CHECK(p.timeout_ms == 500);
    CHECK(p.materialize_tokens);

    SUBCASE("missing gremlin") {
        auto r = plan_ws37_request(msg("eval", "", {}), p, 16);
        REQUIRE(r);
        CHECK(r->code == 499);
        CHECK(r->message == "A message with an [eval] op code requires a [gremlin] argument.");
    }
    SUBCASE("unknown op") {
        auto r = plan_ws37_request(msg("authentication", "", {s("sasl"), s("AGFiYw==")}), p, 16);
        REQUIRE(r);
        CHECK(r->code == 498);
        CHECK(r->message == "Message with op code [authentication] is not recognized.");
    }
    SUBCASE("unknown processor") {
        auto r = plan_ws37_request(msg("eval", "nope", {s("gremlin"), s("1")}), p, 16);
        REQUIRE(r);
        CHECK(r->code == 499);
        CHECK(r->message == "Invalid OpProcessor requested [nope]");
    }
    SUBCASE("reserved and non-string binding keys, too many bindings") {
        auto r = plan_ws37_request(
            msg("eval", "", {s("gremlin"), s("x"), s("bindings"), Value::map({s("label"), s("v")})}), p, 16);
        REQUIRE(r);
        CHECK(r->code == 499);
        CHECK(r->message.find("reserved names") != std::string::npos);
        r = plan_ws37_request(
            msg("eval", "", {s("gremlin"), s("x"), s("bindings"), Value::map({Value::int_(1), s("v")})}), p,
            16);
        REQUIRE(r);
        CHECK(r->message.find("invalid binding keys") != std::string::npos);
        std::vector<Value> many;
        for (int i = 0; i < 3; ++i) {
            many.push_back(Value::string("k" + std::to_string(i)));
            many.push_back(Value::int_(i));
        }
        r = plan_ws37_request(msg("eval", "", {s("gremlin"), s("x"), s("bindings"), Value::map(many)}), p, 2);
        REQUIRE(r);
        CHECK(r->message ==
              "The [eval] message contains 3 bindings which is more than is allowed by the server 2 "
              "configuration");
        CHECK_FALSE(plan_ws37_request(
            msg("eval", "", {s("gremlin"), s("x"), s("bindings"), Value::map(many)}), p, 16));
    }
    SUBCASE("bad alias") {
        auto r = plan_ws37_request(
            msg("eval", "", {s("gremlin"), s("x"), s("aliases"), Value::map({s("g"), s("h")})}), p, 16);
        REQUIRE(r);
        CHECK(r->code == 499);
    }
    SUBCASE("session close") {
        REQUIRE_FALSE(plan_ws37_request(msg("close", "session", {s("session"), s("abc")}), p, 16));
        CHECK(p.kind == Ws37Plan::Kind::session_close);
    }
}

TEST_CASE("plan_ws37_request: bytecode") {
    Ws37Plan p;
    Value bc =
        Value::bytecode(Value::list({Value::list({s("V")}), Value::list({s("count")})}), Value::list());
    REQUIRE_FALSE(plan_ws37_request(
        msg("bytecode", "traversal", {s("gremlin"), bc, s("aliases"), Value::map({s("g"), s("g")})}), p, 16));
    CHECK(p.kind == Ws37Plan::Kind::bytecode);
    CHECK(p.bytecode == bc);
    auto r = plan_ws37_request(msg("bytecode", "traversal", {s("gremlin"), bc}), p, 16);
    REQUIRE(r);
    CHECK(r->code == 499);
    r = plan_ws37_request(
        msg("bytecode", "traversal", {s("gremlin"), s("g.V()"), s("aliases"), Value::map({s("g"), s("g")})}),
        p, 16);
    REQUIRE(r);
    CHECK(r->code == 499);
    r = plan_ws37_request(msg("eval", "traversal", {s("gremlin"), bc}), p, 16);
    REQUIRE(r);
    CHECK(r->code == 498);
}

TEST_CASE("guess_frame_format and timeout messages") {
    using io::ws37::Format;
    CHECK(guess_frame_format("", false) == Format::graphbinary_v1);
    CHECK(guess_frame_format("{}", true) == Format::graphson_v3);
    std::string f =
        "\x21"
        "application/vnd.gremlin-v3.0+json{";
    CHECK(guess_frame_format(f, false) == Format::graphson_v3);
    CHECK(guess_frame_format("\x7f"
                             "abc",
                             false) == Format::graphbinary_v1);
    CHECK(guess_frame_format("\x80"
                             "abc",
                             false) == Format::graphbinary_v1);
    CHECK(ws37_script_timeout_message(5, "g.V()") ==
          "Evaluation exceeded the configured 'evaluationTimeout' threshold of 5 ms or evaluation was "
          "otherwise "
          "cancelled directly for request [g.V()]");
    CHECK(http4_timeout_message("x") ==
          "A timeout occurred during traversal evaluation of [x] - consider increasing the limit given to "
          "evaluationTimeout");
}
