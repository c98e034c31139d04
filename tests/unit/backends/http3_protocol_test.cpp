// The http3 protocol core without sockets: requests rendered in each form, responses as the 3.7
// server writes them (one ResponseMessage body with Content-Length, or a JSON error object) fed in
// every split, with a failure at every step — truncation at every byte offset, a garbage byte,
// oversized declared lengths, wrong Content-Type, a foreign requestId — and the classification.
#include "backends/http3/protocol.hpp"

#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

using tpbench::errc;
using tpbench::http3::ResponseReader;
using tpbench::model::Value;
namespace w = tpbench::io::ws37;
using Status = ResponseReader::Status;

namespace {

const std::string kGb = "application/vnd.graphbinary-v1.0";
const std::string kGs = "application/vnd.gremlin-v3.0+json";

tpbench::model::Uuid uuid(std::uint8_t seed) {
    tpbench::model::Uuid u{};
    for (std::size_t i = 0; i < u.size(); ++i) u[i] = static_cast<std::uint8_t>(seed + i);
    return u;
}

// A ResponseMessage of Int items 0..n-1 in format f.
std::string message(w::Format f, int n, std::int32_t code = 200,
                    std::optional<tpbench::model::Uuid> id = uuid(1), std::string msg = "") {
    w::ResponseMessage m;
    m.header.request_id = id;
    m.header.code = code;
    m.header.message = msg;
    std::vector<Value> items;
    for (int i = 0; i < n; ++i) items.push_back(Value::int_(i));
    m.data = Value::list(std::move(items));
    std::string out;
    w::encode_response(out, m, f);
    return out;
}

std::string ok_response(const std::string& ctype, const std::string& body, const std::string& extra = "") {
    return "HTTP/1.1 200 OK\r\nContent-Type: " + ctype +
           "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n" + extra + "\r\n" + body;
}

std::string error_response(int status, const std::string& body, const std::string& extra = "") {
    return "HTTP/1.1 " + std::to_string(status) +
           " Error\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n" + extra + "\r\n" + body;
}

struct Fed {
    Status status = Status::need_more;
    std::size_t consumed = 0;
};

Fed feed(ResponseReader& r, std::string_view bytes, std::size_t step = 0) {
    Fed f;
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        const std::size_t n = step == 0 ? bytes.size() - pos : std::min(step, bytes.size() - pos);
        std::size_t used = 0;
        f.status = r.feed(bytes.substr(pos, n), used);
        f.consumed += used;
        if (f.status != Status::need_more) return f;
        REQUIRE(used == n);
        pos += n;
    }
    return f;
}

}  // namespace

TEST_CASE("http3 protocol: the JSON body, the GET target and the request buffer") {
    const Value b =
        Value::map({Value::string("x"), Value::long_(3), Value::string("name"), Value::string("a b")});
    std::string body;
    tpbench::http3::json_body(body, {"g.V(x)", &b, "gremlin-groovy", "g"});
    CHECK(body ==
          "{\"gremlin\":\"g.V(x)\",\"bindings\":{\"x\":3,\"name\":\"a b\"},\"language\":\"gremlin-groovy\","
          "\"aliases\":{\"g\":\"g\"}}");
    body.clear();
    const Value none = Value::map();
    tpbench::http3::json_body(body, {"1+1", &none, "", ""});
    CHECK(body == R"({"gremlin":"1+1"})");
    body.clear();
    tpbench::http3::json_body(body, {"\"q\"\n", nullptr, "", ""});
    CHECK(body == R"({"gremlin":"\"q\"\n"})");

    CHECK(tpbench::http3::get_target("/gremlin", {"g.V().has('name','a b')", &b, "gremlin-groovy", ""}) ==
          "/gremlin?gremlin=g.V%28%29.has%28%27name%27%2C%27a%20b%27%29&bindings.x=3&bindings.name=a%20b"
          "&language=gremlin-groovy");
    CHECK(tpbench::http3::get_target("", {"1+1", nullptr, "", "g"}) == "/?gremlin=1%2B1&aliases.g=g");

    std::string out;
    tpbench::http3::write_request(out, "POST", "/", {{"Host", "h:1"}, {"Accept", kGb}}, "{}", true);
    CHECK(out == "POST / HTTP/1.1\r\nHost: h:1\r\nAccept: " + kGb + "\r\nContent-Length: 2\r\n\r\n{}");
    out.clear();
    tpbench::http3::write_request(out, "GET", "/?gremlin=1", {{"Host", "h:1"}}, "", false);
    CHECK(out == "GET /?gremlin=1 HTTP/1.1\r\nHost: h:1\r\n\r\n");
}

TEST_CASE("http3 protocol: a serialized RequestMessage decodes back to what was asked") {
    const Value b = Value::map({Value::string("x"), Value::long_(3)});
    for (auto f : {w::Format::graphbinary_v1, w::Format::graphson_v3}) {
        CAPTURE(static_cast<int>(f));
        std::string body;
        tpbench::http3::serialized_body(body, f, uuid(7), {"g.V(x)", &b, "gremlin-groovy", ""}, nullptr,
                                        1500);
        const bool text = f == w::Format::graphson_v3;
        if (!text) {
            REQUIRE(static_cast<std::size_t>(body[0]) == kGb.size());  // the mime prefix the server checks
            CHECK(body.substr(1, kGb.size()) == kGb);
        } else {
            CHECK(body[0] == '{');
        }
        auto d = w::decode_request(body, text);
        REQUIRE_MESSAGE(d, (d ? "" : d.error().to_string()));
        const auto& m = d.value().message;
        CHECK(m.request_id == uuid(7));
        CHECK(m.op == "eval");
        CHECK(m.processor.empty());
        REQUIRE(m.args.find("gremlin") != nullptr);
        CHECK(m.args.find("gremlin")->str() == "g.V(x)");
        CHECK(*m.args.find("bindings") == b);
        CHECK(m.args.find("language")->str() == "gremlin-groovy");
        CHECK(m.args.find("evaluationTimeout")->to_int64() == 1500);
        CHECK(m.args.find("aliases") == nullptr);
    }
    // bytecode: op bytecode, processor traversal, aliases {g: g}
    const Value bc = Value::bytecode(Value::list(), Value::list());
    std::string body;
    tpbench::http3::serialized_body(body, w::Format::graphbinary_v1, uuid(9), {"", nullptr, "", ""}, &bc, {});
    auto d = w::decode_request(body, false);
    REQUIRE(d);
    CHECK(d.value().message.op == "bytecode");
    CHECK(d.value().message.processor == "traversal");
    CHECK(d.value().message.args.find("aliases")->find("g")->str() == "g");
}

TEST_CASE("http3 protocol: a whole ResponseMessage in every split and every format") {
    for (auto f : {w::Format::graphbinary_v1, w::Format::graphson_v3, w::Format::graphson_v3_untyped}) {
        CAPTURE(static_cast<int>(f));
        const std::string ctype = f == w::Format::graphbinary_v1 ? kGb : kGs;
        const std::string bytes =
            ok_response(ctype, message(f, 5)) + "HTTP/1.1";  // + the next response's start
        const std::size_t len = bytes.size() - 8;
        for (std::size_t step : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
            ResponseReader r;
            r.start(f, true, uuid(1));
            const Fed fed = feed(r, bytes, step);
            REQUIRE(fed.status == Status::done);
            CHECK(fed.consumed == len);
            CHECK(r.error() == errc::ok);
            CHECK(r.http_status() == 200);
            CHECK(r.status_code() == 200);
            CHECK(r.result_count() == 5);
            REQUIRE(r.results().size() == 5);
            CHECK(r.results()[4].to_int64() == 4);
            CHECK(r.keep_alive());
            CHECK(r.request_id() == uuid(1));
        }
        // every two-piece split
        for (std::size_t cut = 1; cut < len; ++cut) {
            ResponseReader r;
            r.start(f, false);
            std::size_t used = 0;
            REQUIRE(r.feed(std::string_view(bytes).substr(0, cut), used) == Status::need_more);
            REQUIRE(used == cut);
            const Status s = r.feed(std::string_view(bytes).substr(cut, len - cut), used);
            REQUIRE(s == Status::done);
            CHECK(r.result_count() == 5);
            CHECK(r.results().empty());  // count mode
        }
    }
}

TEST_CASE("http3 protocol: truncation at every byte offset is connection_closed") {
    const std::string bytes = ok_response(kGb, message(w::Format::graphbinary_v1, 3));
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
        CAPTURE(cut);
        ResponseReader r;
        r.start(w::Format::graphbinary_v1, false);
        const Fed fed = feed(r, std::string_view(bytes).substr(0, cut));
        REQUIRE(fed.status == Status::need_more);
        CHECK(r.on_eof() == Status::failed);
        CHECK(r.error() == errc::connection_closed);
        CHECK(!r.keep_alive());
        CHECK(r.message().find(cut == 0 ? "before any response byte" : "mid-response") != std::string::npos);
    }
}

TEST_CASE("http3 protocol: a garbage byte at every step of the head fails cleanly") {
    const std::string good = ok_response(kGb, message(w::Format::graphbinary_v1, 2));
    const std::size_t head_end = good.find("\r\n\r\n") + 4;
    int failed = 0;
    for (std::size_t i = 0; i < head_end; ++i) {
        std::string bad = good;
        bad[i] = '\x01';
        ResponseReader r;
        r.start(w::Format::graphbinary_v1, false);
        const Fed fed = feed(r, bad);
        if (fed.status == Status::need_more) CHECK(r.on_eof() == Status::failed);
        CHECK(fed.status != Status::done);
        failed += r.error() == errc::protocol_violation || r.error() == errc::connection_closed ? 1 : 0;
    }
    CHECK(failed > 0);
    // a corrupt body: undecodable ResponseMessage
    std::string body = message(w::Format::graphbinary_v1, 2);
    body[0] = '\x01';  // version byte
    ResponseReader r;
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, ok_response(kGb, body)).status == Status::failed);
    CHECK(r.error() == errc::protocol_violation);
    CHECK(r.message().find("undecodable ResponseMessage") != std::string::npos);
}

TEST_CASE("http3 protocol: chunked and until-close framing") {
    const std::string body = message(w::Format::graphson_v3, 4);
    std::string chunked =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    char hex[32];
    std::snprintf(hex, sizeof hex, "%zx", body.size() / 2);
    chunked += std::string(hex) + ";ext=1\r\n" + body.substr(0, body.size() / 2) + "\r\n";
    std::snprintf(hex, sizeof hex, "%zx", body.size() - body.size() / 2);
    chunked += std::string(hex) + "\r\n" + body.substr(body.size() / 2) + "\r\n0\r\nX-T: 1\r\n\r\n";
    for (std::size_t step : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
        ResponseReader r;
        r.start(w::Format::graphson_v3, false);
        REQUIRE(feed(r, chunked, step).status == Status::done);
        CHECK(r.result_count() == 4);
        CHECK(r.keep_alive());
    }
    ResponseReader r;
    r.start(w::Format::graphson_v3, false);
    REQUIRE(feed(r, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n" + body)
                .status == Status::need_more);
    REQUIRE(r.on_eof() == Status::done);
    CHECK(r.result_count() == 4);
    CHECK(!r.keep_alive());
    // HTTP/1.0 without keep-alive
    r.start(w::Format::graphbinary_v1, false);
    const std::string gb = message(w::Format::graphbinary_v1, 1);
    REQUIRE(feed(r, "HTTP/1.0 200 OK\r\nContent-Type: " + kGb +
                        "\r\nContent-Length: " + std::to_string(gb.size()) + "\r\n\r\n" + gb)
                .status == Status::done);
    CHECK(!r.keep_alive());
    // 100 Continue first
    r.start(w::Format::graphbinary_v1, false);
    REQUIRE(feed(r, "HTTP/1.1 100 Continue\r\n\r\n" + ok_response(kGb, gb)).status == Status::done);
    CHECK(r.result_count() == 1);
}

TEST_CASE("http3 protocol: declared lengths, limits, Content-Type and requestId are checked") {
    ResponseReader r;
    r.start(w::Format::graphbinary_v1, false);
    CHECK(
        feed(r, "HTTP/1.1 200 OK\r\nContent-Type: " + kGb + "\r\nContent-Length: 9223372036854775807\r\n\r\n")
            .status == Status::failed);
    CHECK(r.error() == errc::protocol_violation);
    r.set_max_body(100);
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, "HTTP/1.1 200 OK\r\nContent-Type: " + kGb + "\r\nContent-Length: 101\r\n\r\n").status ==
          Status::failed);
    CHECK(r.message().find("maxResponseBytes") != std::string::npos);
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, "HTTP/1.1 200 OK\r\nContent-Type: " + kGb + "\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n" +
                      std::string(64, 'x') + "\r\n40\r\n")
              .status == Status::failed);
    CHECK(r.error() == errc::protocol_violation);
    r.set_max_body(tpbench::http3::kDefaultMaxBody);
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, "HTTP/1.1 200 OK\r\nContent-Type: " + kGb +
                      "\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n")
              .status == Status::failed);
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n").status ==
          Status::failed);
    CHECK(r.message() == "conflicting Content-Length headers");
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 1\r\n\r\n").status ==
          Status::failed);
    // a GraphSON body for a GraphBinary Accept
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, ok_response(kGs, message(w::Format::graphson_v3, 1))).status == Status::failed);
    CHECK(r.message().find("does not match the requested Accept") != std::string::npos);
    // another request's ResponseMessage
    r.start(w::Format::graphbinary_v1, false, uuid(2));
    CHECK(feed(r, ok_response(kGb, message(w::Format::graphbinary_v1, 1))).status == Status::failed);
    CHECK(r.message().find("names requestId") != std::string::npos);
    // a head over 64 KiB
    r.start(w::Format::graphbinary_v1, false);
    CHECK(feed(r, "HTTP/1.1 200 OK\r\nX: " + std::string(70000, 'a')).status == Status::failed);
}

TEST_CASE("http3 protocol: error bodies and status codes are classified as the 3.7 server means them") {
    struct Case {
        int status;
        std::string body;
        errc expect;
        std::string message_part;
    };
    const std::string trace = R"(,"stackTrace":"java.lang.ArithmeticException: Division by zero\n\tat ...")";
    const std::vector<Case> cases = {
        {500,
         R"({"message":"Division by zero","Exception-Class":"java.lang.ArithmeticException","exceptions":["java.lang.ArithmeticException"])" +
             trace + R"(,"requestId":"01020304-0506-0708-090a-0b0c0d0e0f10"})",
         errc::server_evaluation, "java.lang.ArithmeticException: Division by zero"},
        {500,
         R"({"message":"Evaluation exceeded the configured 'evaluationTimeout' threshold of 1 ms","Exception-Class":"java.util.concurrent.TimeoutException","exceptions":["java.util.concurrent.TimeoutException"]})",
         errc::server_timeout, "evaluationTimeout"},
        {500, R"({"message":"Task x rejected from java.util.concurrent.ThreadPoolExecutor@1[Running]"})",
         errc::server_rate_limited, "rejected from"},
        {500,
         R"({"message":"Could not serialize the result with application/json - boom","Exception-Class":"x.Y","exceptions":["x.Y"]})",
         errc::server_serialization, "Could not serialize"},
        {500, R"({"message":"something"})", errc::server_error, "something"},
        {400, R"({"message":"no gremlin script supplied"})", errc::server_bad_request, "no gremlin script"},
        {400, R"({"message":"no serializer for requested Accept header: x/y"})", errc::server_bad_request,
         "no serializer"},
        {404, R"({"message":"Gremlin Server doesn't have a favicon.ico"})", errc::server_bad_request,
         "favicon"},
        {405, R"({"message":"405 Method Not Allowed"})", errc::server_bad_request, "405"},
        {413, R"({"message":"too long - increase the maxContentLength"})", errc::server_bad_request,
         "maxContent"},
        {401, "", errc::auth_failed, "HTTP 401"},
        {429, "", errc::server_rate_limited, "HTTP 429"},
        {503, "<html>proxy</html>", errc::server_error, "<html>proxy</html>"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.body);
        for (std::size_t step : {std::size_t{0}, std::size_t{1}}) {
            ResponseReader r;
            r.start(w::Format::graphbinary_v1, false);
            REQUIRE(feed(r, error_response(c.status, c.body), step).status == Status::done);
            CHECK(r.http_status() == c.status);
            CHECK(r.status_code() == c.status);
            CHECK(r.error() == c.expect);
            CHECK(r.message().find(c.message_part) != std::string::npos);
            CHECK(r.keep_alive());
        }
    }
    ResponseReader r;
    r.start(w::Format::graphbinary_v1, false);
    REQUIRE(feed(r, error_response(500, cases[0].body)).status == Status::done);
    CHECK(r.request_id() == uuid(1));
    REQUIRE(r.exceptions().size() == 2);
    CHECK(r.exceptions()[0] == "java.lang.ArithmeticException");
    // A 200 whose ResponseMessage reports an error code (a server that answers like its WebSocket).
    for (auto [code, e] : std::vector<std::pair<int, errc>>{{597, errc::server_evaluation},
                                                            {598, errc::server_timeout},
                                                            {599, errc::server_serialization},
                                                            {498, errc::server_bad_request},
                                                            {204, errc::ok},
                                                            {500, errc::server_error}}) {
        r.start(w::Format::graphbinary_v1, false);
        REQUIRE(feed(r, ok_response(kGb, message(w::Format::graphbinary_v1, 0, code, uuid(1), "m"))).status ==
                Status::done);
        CHECK(r.status_code() == code);
        CHECK(r.error() == e);
    }
    CHECK(tpbench::http3::classify(500, 500, {"TimeoutException"}, "") == errc::server_timeout);
    CHECK(tpbench::http3::classify(500, 500, {"java.util.concurrent.RejectedExecutionException"}, "") ==
          errc::server_rate_limited);
}
