// Tests of the TinkerPop 3.7 WebSocket envelopes (websocket-protocol-3.7.md §8, §9): byte-exact
// GraphBinary examples in both directions, GraphSON message vectors, scan_response counting, and
// rejection of malformed frames (every truncation, bad version, bad lengths, fuzz regressions).
#include <tpbench/io/ws37.hpp>

#include "common/bytes.hpp"
#include "common/values.hpp"

#include "tpbench_test_data.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using namespace tpbench;
using namespace tpbench::io;
using model::Value;

using test::hex;
using test::read_file;
using test::smap;
using test::unhex;

const std::filesystem::path kData = TPBENCH_TEST_DATA;

model::Uuid req_id() {
    model::Uuid u{};
    REQUIRE(model::uuid_from_string("cb682578-9d92-4499-9ebc-5c6aa73c5397", u));
    return u;
}

Value host_attrs() { return smap({{"host", Value::string("/127.0.0.1:50000")}}); }

constexpr std::string_view kMime = "application/vnd.graphbinary-v1.0";
constexpr std::string_view kEvalHex =
    "81cb6825789d9244999ebc5c6aa73c5397000000046576616c00000000000000020300000000076772656d6c696e030000000005"
    "672e562829"
    "030000000009626174636853697a65010000000040";
constexpr std::string_view kBytecodeHex =
    "81cb6825789d9244999ebc5c6aa73c53970000000862797465636f64650000000974726176657273616c00000002030000000007"
    "6772656d6c"
    "696e15000000000200000001560000000000000005636f756e740000000000000000030000000007616c69617365730a00000000"
    "01030000"
    "0000016703000000000167";
constexpr std::string_view kVertex200Hex =
    "8100cb6825789d9244999ebc5c6aa73c5397000000c8000000000000000001030000000004686f73740300000000102f3132372e"
    "302e302e31"
    "3a353030303000000000090000000001110001000000000100000006706572736f6efe01";
constexpr std::string_view k206Hex =
    "8100cb6825789d9244999ebc5c6aa73c5397000000ce000000000000000000000000000900000000020100000000010100000000"
    "02";
constexpr std::string_view kFinal200Hex =
    "8100cb6825789d9244999ebc5c6aa73c5397000000c8000000000000000001030000000004686f73740300000000102f3132372e"
    "302e302e31"
    "3a353030303000000000090000000001010000000003";
constexpr std::string_view k204Hex =
    "8100cb6825789d9244999ebc5c6aa73c5397000000cc000000000000000001030000000004686f73740300000000102f3132372e"
    "302e302e31"
    "3a353030303000000000fe01";
// §8.1 prints the 407 with 14 zero bytes between the code and `fe 01`; the layout (message flag +
// length = 5, attributes count = 4, meta count = 4) has 13, as every other example does. The
// printed form is checked to be rejected below; this is the well-formed message.
constexpr std::string_view k407Hex =
    "8100cb6825789d9244999ebc5c6aa73c53970000019700000000000000000000000000fe01";
constexpr std::string_view k407SpecHex =
    "8100cb6825789d9244999ebc5c6aa73c5397000001970000000000000000000000000000fe01";

std::string with_prefix(std::string_view body) {
    std::string f;
    f.push_back(static_cast<char>(kMime.size()));
    f += kMime;
    f += body;
    return f;
}

ws37::ResponseHeader header(std::int32_t code, Value attrs) {
    ws37::ResponseHeader h;
    h.request_id = req_id();
    h.code = code;
    h.message = std::string();
    h.attributes = std::move(attrs);
    return h;
}

}  // namespace

TEST_CASE("ws37 mime types") {
    bool known = false;
    CHECK(ws37::format_from_mime("application/vnd.graphbinary-v1.0", &known) == ws37::Format::graphbinary_v1);
    CHECK(known);
    CHECK(ws37::format_from_mime("application/json", &known) == ws37::Format::graphson_v3);
    CHECK(ws37::format_from_mime("application/vnd.gremlin-v3.0+json; types=false", &known) ==
          ws37::Format::graphson_v3_untyped);
    CHECK(ws37::format_from_mime("application/x-unknown", &known) == ws37::Format::graphbinary_v1);
    CHECK_FALSE(known);
    CHECK(ws37::mime_type(ws37::Format::graphson_v3) == "application/vnd.gremlin-v3.0+json");
}

TEST_CASE("ws37 GraphBinary eval request matches §8.1 byte for byte") {
    ws37::RequestMessage m;
    m.request_id = req_id();
    m.op = "eval";
    m.processor = "";
    m.args = smap({{"gremlin", Value::string("g.V()")}, {"batchSize", Value::int_(64)}});
    std::string out;
    ws37::encode_request(out, m, ws37::Format::graphbinary_v1);
    CHECK(hex(out) == hex(with_prefix(unhex(kEvalHex))));
    CHECK(out[0] == 0x20);

    auto d = ws37::decode_request(out, false);
    REQUIRE_MESSAGE(d.ok(), d.error().to_string());
    CHECK(d->format == ws37::Format::graphbinary_v1);
    CHECK(d->known_mime);
    CHECK(d->message.request_id == req_id());
    CHECK(d->message.op == "eval");
    CHECK(d->message.processor == "");
    CHECK(d->message.args == m.args);
}

TEST_CASE("ws37 GraphBinary bytecode request round-trips byte for byte") {
    const std::string frame = with_prefix(unhex(kBytecodeHex));
    auto d = ws37::decode_request(frame, false);
    REQUIRE_MESSAGE(d.ok(), d.error().to_string());
    CHECK(d->message.op == "bytecode");
    CHECK(d->message.processor == "traversal");
    const Value* g = d->message.args.find("gremlin");
    REQUIRE(g != nullptr);
    CHECK(g->type() == model::Type::bytecode);
    const Value* aliases = d->message.args.find("aliases");
    REQUIRE(aliases != nullptr);
    CHECK(*aliases == smap({{"g", Value::string("g")}}));
    std::string again;
    ws37::encode_request(again, d->message, ws37::Format::graphbinary_v1);
    CHECK(hex(again) == hex(frame));
}

TEST_CASE("ws37 GraphBinary responses match §8.1 in both directions") {
    SUBCASE("200 with a reference vertex") {
        ws37::ResponseMessage m;
        m.header = header(200, host_attrs());
        m.data = Value::list({Value::vertex(Value::int_(1), "person")});
        std::string out;
        ws37::encode_response(out, m, ws37::Format::graphbinary_v1);
        CHECK(hex(out) == kVertex200Hex);
        auto d = ws37::decode_response(out, ws37::Format::graphbinary_v1);
        REQUIRE_MESSAGE(d.ok(), d.error().to_string());
        CHECK(d->header.request_id == req_id());
        CHECK(d->header.code == 200);
        CHECK(d->header.message == std::string());
        CHECK(d->header.attributes == host_attrs());
        CHECK(d->data == m.data);
        CHECK(d->data[0].label() == "person");
    }
    SUBCASE("206 partial, 200 final, 204, 407") {
        struct Case {
            std::string_view hex;
            std::int32_t code;
            std::uint64_t items;
        };
        for (const Case& c : {Case{k206Hex, 206, 2}, Case{kFinal200Hex, 200, 1}, Case{k204Hex, 204, 0},
                              Case{k407Hex, 407, 0}}) {
            CAPTURE(c.code);
            const std::string bytes = unhex(c.hex);
            auto d = ws37::decode_response(bytes, ws37::Format::graphbinary_v1);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->header.code == c.code);
            std::string again;
            ws37::encode_response(again, *d, ws37::Format::graphbinary_v1);
            CHECK(hex(again) == c.hex);
            auto s = ws37::scan_response(bytes, ws37::Format::graphbinary_v1);
            REQUIRE_MESSAGE(s.ok(), s.error().to_string());
            CHECK(s->code == c.code);
            CHECK(s->item_count == c.items);
            CHECK(s->result_count == c.items);
            CHECK(s->request_id == req_id());
        }
        auto spec407 = ws37::decode_response(unhex(k407SpecHex), ws37::Format::graphbinary_v1);
        REQUIRE_FALSE(spec407.ok());
        CHECK(spec407.error().offset >= 35);  // data starts at 35: 00 = a Custom type with no name
        auto d = ws37::decode_response(unhex(k206Hex), ws37::Format::graphbinary_v1);
        REQUIRE(d.ok());
        CHECK(d->data == Value::list({Value::int_(1), Value::int_(2)}));
        CHECK_FALSE(ws37::is_final(206));
        CHECK(ws37::is_final(200));
    }
    SUBCASE("encode_response_list equals encode_response") {
        auto h = header(200, host_attrs());
        std::string items;
        gb_write(items, Value::int_(3), GbVersion::v1);
        std::string out;
        ws37::encode_response_list(out, ws37::Format::graphbinary_v1, h, 1, items);
        CHECK(hex(out) == kFinal200Hex);
    }
    SUBCASE("null request id") {
        ws37::ResponseMessage m;
        m.header.request_id.reset();
        m.header.code = 499;
        m.header.message = "Invalid OpProcessor requested [null]";
        std::string out;
        ws37::encode_response(out, m, ws37::Format::graphbinary_v1);
        CHECK(static_cast<unsigned char>(out[1]) == 0x01);
        auto d = ws37::decode_response(out, ws37::Format::graphbinary_v1);
        REQUIRE(d.ok());
        CHECK_FALSE(d->header.request_id.has_value());
        CHECK(d->header.message == m.header.message);
        CHECK(d->data.is_null());
    }
}

TEST_CASE("ws37 scan_response counts traverser bulks and BulkSet entries without materialising") {
    for (auto f : {ws37::Format::graphbinary_v1, ws37::Format::graphson_v3}) {
        CAPTURE(static_cast<int>(f));
        ws37::ResponseMessage m;
        m.header = header(200, Value::map());
        m.data = Value::list({Value::traverser(3, Value::string("a")), Value::traverser(2, Value::int_(7)),
                              Value::string("plain")});
        std::string out;
        ws37::encode_response(out, m, f);
        auto s = ws37::scan_response(out, f);
        REQUIRE_MESSAGE(s.ok(), s.error().to_string());
        CHECK(s->item_count == 3);
        CHECK(s->result_count == 6);
        std::vector<Value> seen;
        auto s2 = ws37::scan_response(out, f, [&](Value&& v) { seen.push_back(std::move(v)); });
        REQUIRE(s2.ok());
        REQUIRE(seen.size() == 3);
        CHECK(seen[0] == m.data[0]);
        CHECK(seen[2] == Value::string("plain"));

        ws37::ResponseMessage b;
        b.header = header(200, Value::map());
        b.data = Value::bulk_set(
            {Value::string("marko"), Value::long_(1), Value::string("josh"), Value::long_(2)});
        out.clear();
        ws37::encode_response(out, b, f);
        auto sb = ws37::scan_response(out, f);
        REQUIRE_MESSAGE(sb.ok(), sb.error().to_string());
        CHECK(sb->item_count == 2);
        CHECK(sb->result_count == 3);
    }
}

TEST_CASE("ws37 scan_response says where the requestId lies only when its bytes are the whole value") {
    const std::string id = "cb682578-9d92-4499-9ebc-5c6aa73c5397";
    const std::string rest =
        R"(,"status":{"message":"","code":200,"attributes":{"@type":"g:Map","@value":[]}},)"
        R"("result":{"data":{"@type":"g:List","@value":[{"@type":"g:Int32","@value":2}]},)"
        R"("meta":{"@type":"g:Map","@value":[]}}})";
    auto at = [&](const std::string& frame, ws37::Format f = ws37::Format::graphson_v3) {
        auto s = ws37::scan_response(frame, f);
        REQUIRE_MESSAGE(s.ok(), s.error().to_string());
        REQUIRE(s->request_id);
        CHECK(*s->request_id == req_id());
        CHECK(s->result_count == 1);
        return s->request_id_at;
    };
    // A plain string (the server's and the Java server's form), with or without spaces around.
    std::string plain = R"({"requestId":")" + id + "\"" + rest;
    CHECK(at(plain) == plain.find(id));
    CHECK(plain.compare(at(plain), 36, id) == 0);
    std::string spaced = R"({ "requestId" :  ")" + id + "\" " + rest;
    CHECK(at(spaced) == spaced.find(id));
    CHECK(at(plain, ws37::Format::graphson_v3_untyped) == plain.find(id));
    // Upper-case hex is a valid id too, at its place.
    std::string upper = plain;
    for (std::size_t i = plain.find(id); i < plain.find(id) + 36; ++i)
        upper[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[i])));
    CHECK(at(upper) == plain.find(id));
    // An escape inside the string, a typed g:UUID: no place (the bytes are not the whole value).
    std::string escaped = R"({"requestId":"\u0063)" + id.substr(1) + "\"" + rest;
    CHECK(at(escaped) == ws37::ResponseSummary::npos);
    std::string typed = R"({"requestId":{"@type":"g:UUID","@value":")" + id + "\"}" + rest;
    CHECK(at(typed) == ws37::ResponseSummary::npos);
    // A second requestId member decides (the last one read), both ways.
    std::string other = "00000000-0000-4000-8000-000000000000";
    std::string twice = R"({"requestId":")" + other + R"(","requestId":")" + id + "\"" + rest;
    CHECK(at(twice) == twice.rfind(id));
    std::string twice_escaped =
        R"({"requestId":")" + id + R"(","requestId":"\u0063)" + id.substr(1) + "\"" + rest;
    CHECK(at(twice_escaped) == ws37::ResponseSummary::npos);
    // A null requestId: none, and no place.
    auto n = ws37::scan_response(R"({"requestId":null)" + rest, ws37::Format::graphson_v3);
    REQUIRE(n.ok());
    CHECK_FALSE(n->request_id);
    CHECK(n->request_id_at == ws37::ResponseSummary::npos);
    // GraphBinary: the 16 raw bytes after the version byte and the value flag.
    ws37::ResponseMessage m;
    m.header = header(200, Value::map());
    m.header.request_id = req_id();
    m.data = Value::list({Value::int_(2)});
    std::string gb;
    ws37::encode_response(gb, m, ws37::Format::graphbinary_v1);
    auto g = ws37::scan_response(gb, ws37::Format::graphbinary_v1);
    REQUIRE(g.ok());
    CHECK(g->request_id_at == 2);
    CHECK(std::memcmp(gb.data() + 2, req_id().data(), 16) == 0);
}

TEST_CASE("ws37 scan_response counts a Tree as one result, as the Java driver returns it") {
    // tree() answers one Tree however many nodes it holds: marko → {vadas, josh → {ripple, lop}}
    const Value leaf = Value::tree({});
    const Value tree = Value::tree(
        {Value::string("marko"),
         Value::tree({Value::string("vadas"), leaf, Value::string("josh"),
                      Value::tree({Value::string("ripple"), leaf, Value::string("lop"), leaf})})});
    for (auto f : {ws37::Format::graphbinary_v1, ws37::Format::graphson_v3}) {
        CAPTURE(static_cast<int>(f));
        for (const Value& data : {Value::list({tree}), Value::list({Value::traverser(1, tree)})}) {
            ws37::ResponseMessage m;
            m.header = header(200, Value::map());
            m.data = data;
            std::string out;
            ws37::encode_response(out, m, f);
            auto s = ws37::scan_response(out, f);
            REQUIRE_MESSAGE(s.ok(), s.error().to_string());
            CHECK(s->item_count == 1);
            CHECK(s->result_count == 1);
            std::vector<Value> seen;
            auto s2 = ws37::scan_response(out, f, [&](Value&& v) { seen.push_back(std::move(v)); });
            REQUIRE(s2.ok());
            REQUIRE(seen.size() == 1);
            const Value& got = seen[0].type() == tpbench::model::Type::traverser ? seen[0][0] : seen[0];
            CHECK(got == tree);
        }
    }
}

TEST_CASE("ws37 GraphSON request vectors decode with the right fields") {
    const auto dir = kData / "vectors" / "graphson-v3";
    SUBCASE("sessionlesseval typed and untyped") {
        for (const char* name : {"sessionlesseval-v3.json", "sessionlesseval-v3-no-types.json"}) {
            CAPTURE(name);
            const std::string text = read_file(dir / name);
            REQUIRE_FALSE(text.empty());
            auto d = ws37::decode_request(text, true);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->message.request_id == req_id());
            CHECK(d->message.op == "eval");
            CHECK(d->message.processor == "");
            const Value& a = d->message.args;
            REQUIRE(a.find("gremlin") != nullptr);
            CHECK(*a.find("gremlin") == Value::string("g.V(x)"));
            CHECK(*a.find("language") == Value::string("gremlin-groovy"));
            REQUIRE(a.find("bindings") != nullptr);
            CHECK(*a.find("bindings") == smap({{"x", Value::int_(1)}}));
        }
    }
    SUBCASE("session, aliases, close, authentication") {
        auto d = ws37::decode_request(read_file(dir / "sessionevalaliased-v3.json"), true);
        REQUIRE_MESSAGE(d.ok(), d.error().to_string());
        CHECK(d->message.processor == "session");
        CHECK(*d->message.args.find("aliases") == smap({{"g", Value::string("social")}}));
        CHECK(*d->message.args.find("session") == Value::string("unique-session-identifier"));
        auto c = ws37::decode_request(read_file(dir / "sessionclose-v3.json"), true);
        REQUIRE(c.ok());
        CHECK(c->message.op == "close");
        auto a = ws37::decode_request(read_file(dir / "authenticationresponse-v3.json"), true);
        REQUIRE(a.ok());
        CHECK(a->message.op == "authentication");
        CHECK(*a->message.args.find("saslMechanism") == Value::string("PLAIN"));
    }
    SUBCASE("gremlin-javascript variant: g:UUID id, plain args object, mime-prefixed binary frame") {
        const std::string js =
            R"~({"requestId":{"@type":"g:UUID","@value":"cb682578-9d92-4499-9ebc-5c6aa73c5397"},"op":"eval",)~"
            R"~("args":{"gremlin":"g.V(x)","aliases":{"g":"g"},"bindings":{"@type":"g:Map","@value":["x",{"@type":"g:Int64","@value":5}]},"batchSize":64}})~";
        std::string frame;
        const std::string_view mime = "application/vnd.gremlin-v3.0+json";
        frame.push_back(static_cast<char>(mime.size()));
        frame += mime;
        frame += js;
        auto d = ws37::decode_request(frame, false);
        REQUIRE_MESSAGE(d.ok(), d.error().to_string());
        CHECK(d->format == ws37::Format::graphson_v3);
        CHECK(d->message.request_id == req_id());
        CHECK(d->message.processor == "");  // absent => ""
        CHECK(*d->message.args.find("bindings") == smap({{"x", Value::long_(5)}}));
        CHECK(*d->message.args.find("aliases") == smap({{"g", Value::string("g")}}));
        CHECK(*d->message.args.find("batchSize") == Value::int_(64));
    }
    SUBCASE("GraphSON request encode round-trips") {
        ws37::RequestMessage m;
        m.request_id = req_id();
        m.args = smap({{"gremlin", Value::string("g.V(x)")}, {"bindings", smap({{"x", Value::int_(1)}})}});
        for (auto f : {ws37::Format::graphson_v3, ws37::Format::graphson_v3_untyped}) {
            std::string out;
            ws37::encode_request(out, m, f, true);
            auto d = ws37::decode_request(out, false);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->format == f);
            CHECK(d->message.args == m.args);
            std::string text;
            ws37::encode_request(text, m, f, false);
            CHECK(text.front() == '{');
            auto t = ws37::decode_request(text, true);
            REQUIRE(t.ok());
            CHECK(t->message.request_id == req_id());
        }
    }
}

TEST_CASE("ws37 GraphSON response vectors decode with the right fields") {
    const auto dir = kData / "vectors" / "graphson-v3";
    model::Uuid rid{};
    REQUIRE(model::uuid_from_string("41d2e28a-20a4-4ab0-b379-d810dede3786", rid));
    SUBCASE("standardresult typed and untyped") {
        for (const auto& entry :
             {std::pair{"standardresult-v3.json", ws37::Format::graphson_v3},
              std::pair{"standardresult-v3-no-types.json", ws37::Format::graphson_v3_untyped}}) {
            const char* name = entry.first;  // not a structured binding: CAPTURE is a lambda (clang)
            const ws37::Format f = entry.second;
            CAPTURE(name);
            const std::string text = read_file(dir / name);
            auto d = ws37::decode_response(text, f);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->header.request_id == rid);
            CHECK(d->header.code == 200);
            CHECK(d->header.message == std::string());
            CHECK(d->header.attributes == Value::map());
            REQUIRE(d->data.type() == model::Type::list);
            REQUIRE(d->data.size() == 1);
            if (f == ws37::Format::graphson_v3) {
                CHECK(d->data[0].type() == model::Type::vertex);
                CHECK(d->data[0].label() == "person");
            } else {
                // Untyped GraphSON cannot tell a vertex from a map: it stays a map (as in Java).
                REQUIRE(d->data[0].type() == model::Type::map);
                CHECK(*d->data[0].find("type") == Value::string("vertex"));
                CHECK(*d->data[0].find("label") == Value::string("person"));
            }
            auto s = ws37::scan_response(text, f);
            REQUIRE_MESSAGE(s.ok(), s.error().to_string());
            CHECK(s->item_count == 1);
            CHECK(s->result_count == 1);
            CHECK(s->code == 200);
        }
    }
    SUBCASE("authentication challenge") {
        for (auto [name, f] :
             {std::pair{"authenticationchallenge-v3.json", ws37::Format::graphson_v3},
              std::pair{"authenticationchallenge-v3-no-types.json", ws37::Format::graphson_v3_untyped}}) {
            auto d = ws37::decode_response(read_file(dir / name), f);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->header.code == 407);
            CHECK(d->data.is_null());
            CHECK(d->header.request_id == rid);
            auto s = ws37::scan_response(read_file(dir / name), f);
            REQUIRE(s.ok());
            CHECK(s->item_count == 0);
        }
    }
    SUBCASE("encode/decode round trip and list fast path") {
        for (auto f : {ws37::Format::graphson_v3, ws37::Format::graphson_v3_untyped}) {
            ws37::ResponseMessage m;
            m.header = header(206, host_attrs());
            m.data = Value::list({Value::int_(1), Value::string("x")});
            std::string out;
            ws37::encode_response(out, m, f);
            auto d = ws37::decode_response(out, f);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->header.code == 206);
            CHECK(d->header.attributes == host_attrs());
            CHECK(d->data.size() == 2);
            CHECK(d->data[1] == Value::string("x"));
            std::string items;
            GsOptions o;
            o.typed = f == ws37::Format::graphson_v3;
            gs_write(items, Value::int_(1), o);
            items += ',';
            gs_write(items, Value::string("x"), o);
            std::string fast;
            ws37::encode_response_list(fast, f, m.header, 2, items);
            CHECK(fast == out);
        }
    }
}

TEST_CASE("ws37 malformed frames are rejected with an offset, never a crash") {
    SUBCASE("every truncation of every GraphBinary example") {
        for (std::string_view h : {k206Hex, kFinal200Hex, k204Hex, k407Hex, kVertex200Hex}) {
            const std::string full = unhex(h);
            for (std::size_t n = 0; n < full.size(); ++n) {
                CAPTURE(n);
                auto d =
                    ws37::decode_response(std::string_view(full).substr(0, n), ws37::Format::graphbinary_v1);
                REQUIRE_FALSE(d.ok());
                CHECK(d.error().code != errc::ok);
                CHECK(d.error().offset <= n);
                auto s =
                    ws37::scan_response(std::string_view(full).substr(0, n), ws37::Format::graphbinary_v1);
                CHECK_FALSE(s.ok());
            }
        }
        for (std::string_view h : {kEvalHex, kBytecodeHex}) {
            const std::string full = with_prefix(unhex(h));
            for (std::size_t n = 0; n < full.size(); ++n) {
                auto d = ws37::decode_request(std::string_view(full).substr(0, n), false);
                CHECK_FALSE(d.ok());
            }
        }
    }
    SUBCASE("bad version, mime length, counts, trailing bytes") {
        std::string r = unhex(k206Hex);
        r[0] = 0x01;
        auto d = ws37::decode_response(r, ws37::Format::graphbinary_v1);
        REQUIRE_FALSE(d.ok());
        CHECK(d.error().code == errc::bad_version);
        CHECK(d.error().offset == 0);

        std::string q = with_prefix(unhex(kEvalHex));
        q[0] = static_cast<char>(0x80);  // negative mime length
        auto dq = ws37::decode_request(q, false);
        REQUIRE_FALSE(dq.ok());
        CHECK(dq.error().code == errc::bad_length);

        std::string big = unhex(k206Hex);                  // List count 2 -> 0x7fffffff
        const std::size_t count_at = big.size() - 12 - 4;  // two Int items of 6 bytes after the count
        big[count_at] = 0x7f;
        big[count_at + 1] = big[count_at + 2] = big[count_at + 3] = static_cast<char>(0xff);
        auto db = ws37::scan_response(big, ws37::Format::graphbinary_v1);
        REQUIRE_FALSE(db.ok());
        CHECK(db.error().code == errc::bad_length);
        CHECK(db.error().offset == count_at);

        std::string extra = unhex(k204Hex) + "x";
        auto de = ws37::decode_response(extra, ws37::Format::graphbinary_v1);
        REQUIRE_FALSE(de.ok());
        CHECK(de.error().code == errc::trailing_bytes);
        CHECK(de.error().offset == extra.size() - 1);
    }
    SUBCASE("GraphSON garbage") {
        for (std::string_view bad :
             {"", "{", "{\"requestId\":", "[1,2]", "{\"requestId\":\"nope\",\"op\":\"eval\"}",
              "{\"requestId\":\"cb682578-9d92-4499-9ebc-5c6aa73c5397\"}", "\x01\x02"}) {
            CAPTURE(bad);
            CHECK_FALSE(ws37::decode_request(bad, true).ok());
            CHECK_FALSE(ws37::decode_response(bad, ws37::Format::graphson_v3).ok());
            CHECK_FALSE(ws37::scan_response(bad, ws37::Format::graphson_v3).ok());
        }
    }
    SUBCASE("fuzz regressions replay") {
        const auto dir = kData / "fuzz-regressions" / "ws37";
        if (std::filesystem::exists(dir)) {
            for (const auto& e : std::filesystem::directory_iterator(dir)) {
                const std::string in = read_file(e.path());
                (void)ws37::decode_request(in, false);
                (void)ws37::decode_request(in, true);
                for (auto f : {ws37::Format::graphbinary_v1, ws37::Format::graphson_v3,
                               ws37::Format::graphson_v3_untyped}) {
                    // Counting accepts whatever decoding accepts (GraphBinary: exactly the same).
                    const bool decoded = ws37::decode_response(in, f).ok();
                    const bool scanned = ws37::scan_response(in, f).ok();
                    if (decoded) CHECK(scanned);
                    if (f == ws37::Format::graphbinary_v1) CHECK(decoded == scanned);
                }
            }
        }
    }
}
