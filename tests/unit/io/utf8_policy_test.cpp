// The one invalid-UTF-8 policy of src/io (src/io/detail/bytes.hpp), checked through the public API
// of every codec: on read, malformed UTF-8 is errc::bad_utf8 wherever a string is decoded (GraphSON
// values, JSON envelope member names, GraphBinary values and envelope strings); on write, every
// writer emits well-formed UTF-8 only, each byte that does not start a well-formed sequence
// becoming U+FFFD (the GraphSON writer's policy, now also io::write_json_string's and the
// GraphBinary writer's).
#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>

#include <string>
#include <string_view>

namespace {

using namespace tpbench;
using namespace tpbench::io;
using model::Value;

constexpr std::string_view kFffd = "\xef\xbf\xbd";

// Malformed inputs and what the writers make of them: one U+FFFD per byte that does not start a
// well-formed sequence, well-formed sequences kept.
struct Bad {
    std::string in;
    std::string fixed;
};
std::vector<Bad> bad_strings() {
    const std::string r(kFffd);
    return {
        {"a\xff"
         "b",
         "a" + r + "b"},                                                // never a UTF-8 byte
        {"\xc3(", r + "("},                                             // lead byte, then no continuation
        {"\xc0\xaf", r + r},                                            // overlong '/'
        {"\xed\xa0\x80", r + r + r},                                    // encoded UTF-16 surrogate
        {"\xf4\x90\x80\x80", r + r + r + r},                            // above U+10FFFF
        {"x\xe2\x82", "x" + r + r},                                     // sequence cut short
        {"\xc3\xa9\x80\xe2\x82\xac", "\xc3\xa9" + r + "\xe2\x82\xac"},  // stray continuation
    };
}

std::string json_string(std::string_view s) {
    std::string out;
    write_json_string(out, s);
    return out;
}

}  // namespace

TEST_CASE("write_json_string and the GraphSON writer are one writer: invalid UTF-8 becomes U+FFFD") {
    for (const auto& b : bad_strings()) {
        CAPTURE(b.in);
        CHECK(json_string(b.in) == "\"" + b.fixed + "\"");
        for (auto ver : {GsVersion::v3, GsVersion::v4})
            for (bool typed : {true, false}) {
                GsOptions o;
                o.version = ver;
                o.typed = typed;
                std::string gs;
                gs_write(gs, Value::string(b.in), o);
                CHECK(gs == json_string(b.in));
                // What is written reads back (the reader would refuse the raw bytes).
                auto back = gs_read(gs, o);
                REQUIRE_MESSAGE(back.ok(), back.error().to_string());
                CHECK(*back == Value::string(b.fixed));
                CHECK(gs_read("\"" + b.in + "\"", o).error().code == errc::bad_utf8);
            }
    }
    // Well-formed text and the RFC 8259 escapes are unchanged.
    CHECK(json_string("q\"\\\n\x01 \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") ==
          "\"q\\\"\\\\\\n\\u0001 \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
}

TEST_CASE("ws37 envelopes: status messages and op/processor are written as well-formed UTF-8") {
    for (const auto& b : bad_strings()) {
        CAPTURE(b.in);
        for (auto f : {ws37::Format::graphson_v3, ws37::Format::graphbinary_v1}) {
            ws37::ResponseMessage m;
            m.header.request_id = model::Uuid{};
            m.header.code = 500;
            m.header.message = b.in;
            m.data = Value::null();
            std::string out;
            ws37::encode_response(out, m, f);
            auto d = ws37::decode_response(out, f);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->header.message == b.fixed);

            ws37::RequestMessage rq;
            rq.op = "eval" + b.in;
            rq.processor = b.in;
            std::string req;
            ws37::encode_request(req, rq, f);
            auto dr = ws37::decode_request(req, false);
            REQUIRE_MESSAGE(dr.ok(), dr.error().to_string());
            CHECK(dr->message.op == "eval" + b.fixed);
            CHECK(dr->message.processor == b.fixed);
        }
    }
}

TEST_CASE("ws37 envelopes refuse malformed UTF-8 on read: GraphBinary strings and JSON member names") {
    // GraphBinary: a status message patched to invalid UTF-8 after encoding.
    ws37::ResponseMessage m;
    m.header.request_id = model::Uuid{};
    m.header.code = 500;
    m.header.message = "tpbench-marker";
    m.data = Value::null();
    std::string out;
    ws37::encode_response(out, m, ws37::Format::graphbinary_v1);
    const auto at = out.find("tpbench-marker");
    REQUIRE(at != std::string::npos);
    out[at] = '\xc3';
    out[at + 1] = '(';
    auto d = ws37::decode_response(out, ws37::Format::graphbinary_v1);
    REQUIRE_FALSE(d.ok());
    CHECK(d.error().code == errc::bad_utf8);
    CHECK(d.error().offset == at);
    CHECK(ws37::scan_response(out, ws37::Format::graphbinary_v1).error().code == errc::bad_utf8);

    // GraphSON: a member name that is not UTF-8 (the value is checked by gs_skip; the name was not).
    const std::string json =
        "{\"requestId\":\"00000000-0000-0000-0000-000000000000\",\"status\":"
        "{\"code\":200,\"message\":\"\",\"attributes\":{\"h\xff\":1}},"
        "\"result\":{\"data\":null,\"meta\":{}}}";
    auto g = ws37::decode_response(json, ws37::Format::graphson_v3);
    REQUIRE_FALSE(g.ok());
    CHECK(g.error().code == errc::bad_utf8);
    // A lone surrogate escape in a member name: refused like in a value.
    const std::string esc =
        "{\"requestId\":\"00000000-0000-0000-0000-000000000000\",\"status\":"
        "{\"code\":200,\"message\":\"\",\"attributes\":{\"h\\ud800\":1}},"
        "\"result\":{\"data\":null,\"meta\":{}}}";
    auto e = ws37::decode_response(esc, ws37::Format::graphson_v3);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().code == errc::bad_utf8);
}

TEST_CASE("GraphBinary writer: String and Char values are written as well-formed UTF-8") {
    for (const auto& b : bad_strings()) {
        CAPTURE(b.in);
        for (auto ver : {GbVersion::v1, GbVersion::v4}) {
            std::string out;
            gb_write(out, Value::string(b.in), ver);
            std::string want = "\x03";
            want += '\0';
            gb::put_string_value(want, b.fixed);
            CHECK(out == want);
            auto back = gb_decode(out, ver);
            REQUIRE_MESSAGE(back.ok(), back.error().to_string());
            CHECK(*back == Value::string(b.fixed));
            // The raw bytes (gb::put_string_value writes them as given) are refused on read.
            std::string raw = "\x03";
            raw += '\0';
            gb::put_string_value(raw, b.in);
            CHECK(gb_decode(raw, ver).error().code == errc::bad_utf8);
        }
    }
    // Char: the first character of the model value; a malformed one becomes U+FFFD (it was U+0000).
    std::string c;
    gb_write(c, Value::char_("\xff"), GbVersion::v1);
    CHECK(c == std::string("\x80\x00", 2) + std::string(kFffd));
    c.clear();
    gb_write(c,
             Value::char_("\xe2\x82\xac"
                          "x"),
             GbVersion::v1);
    CHECK(c == std::string("\x80\x00", 2) + "\xe2\x82\xac");
}

TEST_CASE("http4 request bodies: the gremlin script is written as well-formed UTF-8 in every format") {
    for (const auto& b : bad_strings()) {
        CAPTURE(b.in);
        for (auto f :
             {http4::BodyFormat::json, http4::BodyFormat::graphson_v4, http4::BodyFormat::graphbinary_v4}) {
            http4::Request r;
            r.gremlin = "g.inject('" + b.in + "')";
            std::string body;
            http4::encode_request(body, r, f, http4::Dialect::v4_0);
            auto d = http4::decode_request(body, f);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->gremlin == "g.inject('" + b.fixed + "')");
        }
    }
}
