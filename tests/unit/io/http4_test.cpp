// Tests of the TinkerPop 4 HTTP bodies (http-protocol-4.0.md §3, §5, §7, §12, §13): byte-exact
// request and response examples, both field dialects, the incremental ResponseDecoder fed with
// every split of every example, a constant-memory stream of 2,824,992 vertices, and bad input.
#include <tpbench/io/http4.hpp>

#include "common/bytes.hpp"
#include "common/values.hpp"

#include "tpbench_test_data.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace {

using namespace tpbench;
using namespace tpbench::io;
using namespace tpbench::io::http4;
using model::Value;

using test::hex;
using test::read_file;
using test::smap;
using test::unhex;

constexpr std::string_view kReq90 =
    "810000000303000000000862696e64696e67730a00000000000300000000086c616e677561676503000000000e6772656d6c696e"
    "2d67726f6f"
    "7679030000000009626174636853697a6501000000004000000006672e56283129";
constexpr std::string_view kVertex129 =
    "810011000200000000000000000100000001030000000006706572736f6e09000000000212000200000000000000000000000001"
    "030000000004"
    "6e616d650300000000056d61726b6ffe010900000000001200020000000000000000010000000103000000000361676501000000"
    "001dfe0109"
    "0000000000fd0000000000c80101";
constexpr std::string_view kBulked =
    "810103000000000161020000000000000000030300000000016202000000000000000001fd0000000000c80101";
constexpr std::string_view kEmpty = "8100fd0000000000c80101";
constexpr std::string_view kChunk1 = "8100010000000001010000000002";
constexpr std::string_view kChunk2 = "010000000003fd0000000000c80101";
constexpr std::string_view kError500 =
    "8100fd0000000001f400000000264e6f20737563682070726f70657274793a207820666f7220636c6173733a2053637269707431"
    "000000001453"
    "65727665724572726f72457863657074696f6e";

// The modern graph's vertices as the stock server returns them (Long ids, all properties).
Value modern_vertex(int i) {
    struct V {
        const char* label;
        const char* name;
        const char* key;
        Value value;
    };
    const V vs[6] = {
        {"person", "marko", "age", Value::int_(29)},           {"person", "vadas", "age", Value::int_(27)},
        {"software", "lop", "lang", Value::string("java")},    {"person", "josh", "age", Value::int_(32)},
        {"software", "ripple", "lang", Value::string("java")}, {"person", "peter", "age", Value::int_(35)}};
    const V& v = vs[i];
    const std::int64_t vp = 2 * i;
    return Value::vertex(
        Value::long_(i + 1), v.label,
        Value::list({Value::vertex_property(Value::long_(vp), "name", Value::string(v.name), Value::list()),
                     Value::vertex_property(Value::long_(vp + 1), v.key, v.value, Value::list())}));
}

struct Decoded {
    std::vector<std::pair<Value, std::int64_t>> items;
    std::uint64_t item_count = 0, result_count = 0;
    std::int32_t code = 0;
    std::optional<std::string> message, exception;
    std::size_t max_buffered = 0;
};

// Feeds `body` in pieces of the given sizes (the last piece takes the rest).
Result<Decoded> decode_split(std::string_view body, ResponseFormat f, DecodeMode mode,
                             const std::vector<std::size_t>& cuts) {
    Decoded d;
    ResponseDecoder dec(f, mode,
                        [&](Value&& v, std::int64_t bulk) { d.items.emplace_back(std::move(v), bulk); });
    std::size_t at = 0;
    for (std::size_t c : cuts) {
        const std::size_t n = std::min(c, body.size() - at);
        auto r = dec.feed(body.substr(at, n));
        if (!r) return r.error();
        d.max_buffered = std::max(d.max_buffered, dec.buffered_bytes());
        at += n;
    }
    auto r = dec.feed(body.substr(at));
    if (!r) return r.error();
    auto fin = dec.finish();
    if (!fin) return fin.error();
    CHECK(dec.done());
    CHECK(dec.bytes_consumed() == body.size());
    d.item_count = dec.item_count();
    d.result_count = dec.result_count();
    d.code = dec.status_code();
    d.message = dec.status_message();
    d.exception = dec.status_exception();
    return d;
}

// Decodes `body` whole, split at every offset, and byte by byte, in both modes; every way must
// agree with the expectation.
void check_all_splits(std::string_view body, ResponseFormat f,
                      const std::vector<std::pair<Value, std::int64_t>>& want, std::int32_t code,
                      std::optional<std::string> message = std::nullopt,
                      std::optional<std::string> exception = std::nullopt) {
    std::uint64_t results = 0;
    for (const auto& w : want) results += static_cast<std::uint64_t>(w.second);
    std::vector<std::vector<std::size_t>> plans;
    plans.push_back({});
    for (std::size_t k = 1; k < body.size(); ++k) plans.push_back({k});
    plans.push_back(std::vector<std::size_t>(body.size(), 1));
    for (auto mode : {DecodeMode::materialize, DecodeMode::count}) {
        for (const auto& plan : plans) {
            CAPTURE(plan.size());
            CAPTURE(plan.empty() ? 0 : plan[0]);
            auto d = decode_split(body, f, mode, plan);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->item_count == want.size());
            CHECK(d->result_count == results);
            CHECK(d->code == code);
            CHECK(d->message == message);
            CHECK(d->exception == exception);
            if (mode == DecodeMode::materialize) {
                REQUIRE(d->items.size() == want.size());
                for (std::size_t i = 0; i < want.size(); ++i) {
                    CHECK(d->items[i].first == want[i].first);
                    CHECK(d->items[i].second == want[i].second);
                }
            } else {
                CHECK(d->items.empty());
            }
        }
    }
}

const std::filesystem::path kData = TPBENCH_TEST_DATA;

}  // namespace

TEST_CASE("http4 content types") {
    CHECK(body_format_from_content_type("") == BodyFormat::json);
    CHECK(body_format_from_content_type("application/json; charset=utf-8") == BodyFormat::json);
    CHECK(body_format_from_content_type("application/vnd.graphbinary-v4.0") == BodyFormat::graphbinary_v4);
    CHECK(body_format_from_content_type("application/vnd.gremlin-v4.0+json") == BodyFormat::graphson_v4);
    CHECK_FALSE(body_format_from_content_type("text/plain").has_value());
    CHECK(content_type(BodyFormat::graphbinary_v4) == "application/vnd.graphbinary-v4.0");
    CHECK(mime_type(ResponseFormat::graphson_v4_untyped) == "application/vnd.gremlin-v4.0+json;types=false");
}

TEST_CASE("http4 GraphBinary request matches the §3.2 90-byte example") {
    Request r;
    r.gremlin = "g.V(1)";
    r.language = "gremlin-groovy";
    r.batch_size = 64;
    std::string out;
    encode_request(out, r, BodyFormat::graphbinary_v4, Dialect::master_http);
    CHECK(out.size() == 90);
    CHECK(hex(out) == kReq90);

    auto d = decode_request(unhex(kReq90), BodyFormat::graphbinary_v4);
    REQUIRE_MESSAGE(d.ok(), d.error().to_string());
    CHECK(d->gremlin == "g.V(1)");
    CHECK(d->language == std::optional<std::string>("gremlin-groovy"));
    CHECK(d->batch_size == std::optional<std::int32_t>(64));
    CHECK(d->bindings == Value::map());
    CHECK_FALSE(d->timeout_ms.has_value());
    CHECK_FALSE(d->parameters_literal.has_value());

    std::string v84 = unhex(kReq90);
    v84[0] = static_cast<char>(0x84);
    CHECK(decode_request(v84, BodyFormat::graphbinary_v4).ok());
    v84[0] = 0x04;
    auto bad = decode_request(v84, BodyFormat::graphbinary_v4);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == errc::bad_version);
    CHECK(bad.error().offset == 0);
}

TEST_CASE("http4 requests round-trip in every body format and dialect") {
    Request r;
    r.gremlin = "g.V(x).has('name', y)";
    r.language = "gremlin-lang";
    r.bindings = smap({{"x", Value::long_(1)}, {"y", Value::string("marko")}});
    r.g = "g";
    r.batch_size = 32;
    r.timeout_ms = 5000;
    r.materialize_properties = "tokens";
    r.bulk_results = true;
    for (auto f : {BodyFormat::graphbinary_v4, BodyFormat::json, BodyFormat::graphson_v4}) {
        for (auto dialect : {Dialect::master_http, Dialect::v4_0_beta1, Dialect::v4_0}) {
            CAPTURE(static_cast<int>(f));
            CAPTURE(static_cast<int>(dialect));
            std::string out;
            encode_request(out, r, f, dialect);
            if (f == BodyFormat::graphbinary_v4)
                CHECK(static_cast<unsigned char>(out[0]) == (dialect == Dialect::v4_0 ? 0x84 : 0x81));
            if (dialect == Dialect::v4_0) {
                CHECK(out.find("parameters") != std::string::npos);
                CHECK(out.find("bindings") == std::string::npos);
                CHECK(out.find("timeoutMillis") != std::string::npos);
                CHECK(out.find("bulkResults") != std::string::npos);
            } else if (dialect == Dialect::v4_0_beta1) {
                CHECK(out.find("bindings") != std::string::npos);
                CHECK(out.find("parameters") == std::string::npos);
                CHECK(out.find("timeoutMs") != std::string::npos);
                CHECK(out.find("timeoutMillis") == std::string::npos);
                CHECK(out.find("bulkResults") != std::string::npos);
                CHECK(out.find("bulked") == std::string::npos);
            } else {
                CHECK(out.find("timeoutMs") != std::string::npos);
                CHECK(out.find("bulked") != std::string::npos);
            }
            auto d = decode_request(out, f);
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->gremlin == r.gremlin);
            CHECK(d->language == r.language);
            CHECK(d->g == r.g);
            CHECK(d->batch_size == r.batch_size);
            CHECK(d->timeout_ms == r.timeout_ms);
            CHECK(d->materialize_properties == r.materialize_properties);
            CHECK(d->bulk_results == r.bulk_results);
            CHECK(d->bindings == r.bindings);
            CHECK(d->parameters_literal.has_value() == (dialect == Dialect::v4_0));
        }
    }
}

TEST_CASE("http4 dialect names") {
    for (auto d : {Dialect::master_http, Dialect::v4_0_beta1, Dialect::v4_0})
        CHECK(parse_dialect(dialect_name(d)) == d);
    CHECK(parse_dialect("beta.2") == Dialect::v4_0_beta1);
    CHECK(parse_dialect("4.0.0-beta.1") == Dialect::v4_0_beta1);
    CHECK(parse_dialect("master") == Dialect::v4_0);
    CHECK(parse_dialect("beta.3") == Dialect::v4_0);
    CHECK_FALSE(parse_dialect("auto"));
    CHECK_FALSE(parse_dialect("5.0"));
    CHECK(default_language(Dialect::master_http) == "gremlin-groovy");
    CHECK(default_language(Dialect::v4_0_beta1) == "gremlin-lang");
    CHECK(bulk_field(Dialect::master_http) == "bulked");
    CHECK(bulk_field(Dialect::v4_0) == "bulkResults");
}

TEST_CASE("http4 beta.1 dialect sends no bindings field when there are none") {
    Request r;
    r.gremlin = "g.V()";
    std::string out;
    encode_request(out, r, BodyFormat::graphbinary_v4, Dialect::v4_0_beta1);
    // version, 0 fields, gremlin String
    CHECK(out == std::string("\x81\x00\x00\x00\x00\x00\x00\x00\x05g.V()", 14));
    out.clear();
    encode_request(out, r, BodyFormat::json, Dialect::v4_0_beta1);
    CHECK(out == R"x({"gremlin":"g.V()"})x");
}

TEST_CASE("http4 plain JSON and GraphSON 4 request bodies") {
    SUBCASE("§3.3 example") {
        auto d = decode_request(
            R"~({"gremlin": "g.V().count()", "language": "gremlin-groovy", "batchSize": 64, "timeoutMs": 5000})~",
            BodyFormat::json);
        REQUIRE_MESSAGE(d.ok(), d.error().to_string());
        CHECK(d->gremlin == "g.V().count()");
        CHECK(d->batch_size == std::optional<std::int32_t>(64));
        CHECK(d->timeout_ms == std::optional<std::int64_t>(5000));
    }
    SUBCASE("JSON bindings: integers become Long, reals Double, objects Map, arrays List") {
        auto d =
            decode_request(R"~({"gremlin":"g.V(x)","bindings":{"x":1,"d":1.5,"m":{"k":[1,"a",true,null]}}})~",
                           BodyFormat::json);
        REQUIRE_MESSAGE(d.ok(), d.error().to_string());
        CHECK(d->bindings ==
              smap({{"x", Value::long_(1)},
                    {"d", Value::double_(1.5)},
                    {"m", smap({{"k", Value::list({Value::long_(1), Value::string("a"), Value::boolean(true),
                                                   Value::null()})}})}}));
    }
    SUBCASE("§13: newest clients send parameters as a String and bulkResults in any form") {
        auto d = decode_request(
            R"~({"gremlin":"g.V(x)","g":"g","batchSize":64,"parameters":"[x:1, y:'two', z:[1L, 2.5d], w:[k:true, n:null], e:[:]]","bulkResults":true})~",
            BodyFormat::json);
        REQUIRE_MESSAGE(d.ok(), d.error().to_string());
        CHECK(d->parameters_literal ==
              std::optional<std::string>("[x:1, y:'two', z:[1L, 2.5d], w:[k:true, n:null], e:[:]]"));
        CHECK(d->bindings == smap({{"x", Value::int_(1)},
                                   {"y", Value::string("two")},
                                   {"z", Value::list({Value::long_(1), Value::double_(2.5)})},
                                   {"w", smap({{"k", Value::boolean(true)}, {"n", Value::null()}})},
                                   {"e", Value::map()}}));
        CHECK(d->bulk_results == std::optional<bool>(true));
        auto s =
            decode_request(R"~({"gremlin":"g","bulkResults":"true","timeoutMillis":7})~", BodyFormat::json);
        REQUIRE(s.ok());
        CHECK(s->bulk_results == std::optional<bool>(true));
        CHECK(s->timeout_ms == std::optional<std::int64_t>(7));
        auto n = decode_request(R"~({"gremlin":"g","bulked":"false","parameters":"['quoted key':-3]"})~",
                                BodyFormat::json);
        REQUIRE_MESSAGE(n.ok(), n.error().to_string());
        CHECK(n->bulk_results == std::optional<bool>(false));
        CHECK(n->bindings == smap({{"quoted key", Value::int_(-3)}}));
    }
    SUBCASE("server 400 messages") {
        auto a = decode_request(R"~({"language":"gremlin-lang"})~", BodyFormat::json);
        REQUIRE_FALSE(a.ok());
        CHECK(a.error().message == "no gremlin script supplied");
        auto b = decode_request(R"~({"gremlin":"g.V()","bindings":5})~", BodyFormat::json);
        REQUIRE_FALSE(b.ok());
        CHECK(b.error().message == "bindings must be a Map");
        auto c = decode_request(R"~({"gremlin":"g.V()",)~", BodyFormat::json);
        REQUIRE_FALSE(c.ok());
        CHECK(c.error().message.rfind("body could not be parsed", 0) == 0);
        auto e = decode_request("[1]", BodyFormat::json);
        REQUIRE_FALSE(e.ok());
        CHECK(e.error().message.rfind("body could not be parsed", 0) == 0);
        auto p = decode_request(R"~({"gremlin":"g","parameters":"[x:"})~", BodyFormat::json);
        REQUIRE_FALSE(p.ok());
        CHECK(p.error().message.find("parameters") != std::string::npos);
        auto g = decode_request(R"~({"gremlin":"g.V()",)~", BodyFormat::graphson_v4);
        REQUIRE_FALSE(g.ok());
        CHECK(g.error().message.rfind("Unable to deserialize request using:", 0) == 0);
    }
    SUBCASE("§3.4 GraphSON 4 example") {
        auto d = decode_request(R"~({"gremlin":"g.V(x)","materializeProperties":"tokens",
 "timeoutMs":{"@type":"g:Int64","@value":1000},"g":"g",
 "bindings":{"@type":"g:Map","@value":["x",{"@type":"g:Int32","@value":1}]},
 "language":"gremlin-groovy"})~",
                                BodyFormat::graphson_v4);
        REQUIRE_MESSAGE(d.ok(), d.error().to_string());
        CHECK(d->gremlin == "g.V(x)");
        CHECK(d->materialize_properties == std::optional<std::string>("tokens"));
        CHECK(d->timeout_ms == std::optional<std::int64_t>(1000));
        CHECK(d->g == std::optional<std::string>("g"));
        CHECK(d->bindings == smap({{"x", Value::int_(1)}}));
        CHECK(d->language == std::optional<std::string>("gremlin-groovy"));
    }
}

TEST_CASE("http4 GraphBinary response writer reproduces the spec bytes") {
    std::string out;
    SUBCASE("§5.3 bulked") {
        write_response_start(out, ResponseFormat::graphbinary_v4, true, 0x81);
        write_response_item(out, ResponseFormat::graphbinary_v4, Value::string("a"), true, 3);
        write_response_item(out, ResponseFormat::graphbinary_v4, Value::string("b"), false, 1);
        write_response_end(out, ResponseFormat::graphbinary_v4, 200);
        CHECK(hex(out) == kBulked);
    }
    SUBCASE("§5.2 three Ints in batches of 2") {
        write_response_start(out, ResponseFormat::graphbinary_v4, false, 0x81);
        write_response_item(out, ResponseFormat::graphbinary_v4, Value::int_(1), true);
        write_response_item(out, ResponseFormat::graphbinary_v4, Value::int_(2), false);
        CHECK(hex(out) == kChunk1);
        std::string c2;
        write_response_item(c2, ResponseFormat::graphbinary_v4, Value::int_(3), false);
        write_response_end(c2, ResponseFormat::graphbinary_v4, 200);
        CHECK(hex(c2) == kChunk2);
    }
    SUBCASE("§5.2 g.V(1), 129 bytes") {
        write_response_start(out, ResponseFormat::graphbinary_v4, false, 0x81);
        write_response_item(out, ResponseFormat::graphbinary_v4, modern_vertex(0), true);
        write_response_end(out, ResponseFormat::graphbinary_v4, 200);
        CHECK(out.size() == 129);
        CHECK(hex(out) == kVertex129);
    }
    SUBCASE("empty result and §7.2 error body") {
        write_response_start(out, ResponseFormat::graphbinary_v4, false, 0x81);
        write_response_end(out, ResponseFormat::graphbinary_v4, 200);
        CHECK(hex(out) == kEmpty);
        std::string e;
        write_response_start(e, ResponseFormat::graphbinary_v4, false, 0x81);
        write_response_end(e, ResponseFormat::graphbinary_v4, 500, "No such property: x for class: Script1",
                           "ServerErrorException");
        CHECK(hex(e) == kError500);
        std::string v84;
        write_response_start(v84, ResponseFormat::graphbinary_v4, false);
        CHECK(static_cast<unsigned char>(v84[0]) == 0x84);
    }
}

TEST_CASE("http4 GraphSON 4 response writer") {
    std::string out;
    write_response_start(out, ResponseFormat::graphson_v4, false);
    write_response_end(out, ResponseFormat::graphson_v4, 500,
                       "A timeout occurred during traversal evaluation", "ServerTimeoutExceededException");
    CHECK(
        out ==
        R"~({"result":{"data":{"@type":"g:List","@value":[]}},"status":{"code":500,"message":"A timeout occurred during traversal evaluation","exception":"ServerTimeoutExceededException"}})~");
    std::string u;
    write_response_start(u, ResponseFormat::graphson_v4_untyped, false);
    write_response_item(u, ResponseFormat::graphson_v4_untyped, Value::int_(1), true);
    write_response_item(u, ResponseFormat::graphson_v4_untyped, Value::int_(2), false);
    write_response_end(u, ResponseFormat::graphson_v4_untyped, 200);
    CHECK(u == R"~({"result":{"data":[1,2]},"status":{"code":200}})~");
}

TEST_CASE("http4 ResponseDecoder yields the same values for every split of every example") {
    const ResponseFormat gb = ResponseFormat::graphbinary_v4;
    SUBCASE("§5.3 bulked") {
        check_all_splits(unhex(kBulked), gb, {{Value::string("a"), 3}, {Value::string("b"), 1}}, 200);
    }
    SUBCASE("§5.2 three Ints") {
        check_all_splits(unhex(kChunk1) + unhex(kChunk2), gb,
                         {{Value::int_(1), 1}, {Value::int_(2), 1}, {Value::int_(3), 1}}, 200);
    }
    SUBCASE("§5.2 g.V(1)") { check_all_splits(unhex(kVertex129), gb, {{modern_vertex(0), 1}}, 200); }
    SUBCASE("empty and error bodies") {
        check_all_splits(unhex(kEmpty), gb, {}, 200);
        check_all_splits(unhex(kError500), gb, {}, 500, "No such property: x for class: Script1",
                         "ServerErrorException");
    }
    SUBCASE("error footer after items (mid-stream timeout)") {
        std::string body;
        write_response_start(body, gb, false);
        for (int i = 0; i < 3; ++i) write_response_item(body, gb, modern_vertex(i), i == 0);
        write_response_end(body, gb, 500, "A timeout occurred during traversal evaluation",
                           "ServerTimeoutExceededException");
        check_all_splits(body, gb, {{modern_vertex(0), 1}, {modern_vertex(1), 1}, {modern_vertex(2), 1}}, 500,
                         "A timeout occurred during traversal evaluation", "ServerTimeoutExceededException");
    }
    SUBCASE("GraphSON 4 typed §5.4 g.V(1)") {
        const std::string body =
            R"~({"result":{"data":{"@type":"g:List","@value":[
   {"@type":"g:Vertex","@value":{
      "id":{"@type":"g:Int64","@value":1},
      "label":["person"],
      "properties":{
        "name":[{"@type":"g:VertexProperty","@value":{"id":{"@type":"g:Int64","@value":0},"value":"marko","label":["name"]}}],
        "age":[{"@type":"g:VertexProperty","@value":{"id":{"@type":"g:Int64","@value":1},"value":{"@type":"g:Int32","@value":29},"label":["age"]}}]}}}]}},
 "status":{"code":200}})~";
        auto whole = gs_read(
            R"~({"@type":"g:Vertex","@value":{"id":{"@type":"g:Int64","@value":1},"label":["person"],"properties":{"name":[{"@type":"g:VertexProperty","@value":{"id":{"@type":"g:Int64","@value":0},"value":"marko","label":["name"]}}],"age":[{"@type":"g:VertexProperty","@value":{"id":{"@type":"g:Int64","@value":1},"value":{"@type":"g:Int32","@value":29},"label":["age"]}}]}}})~",
            GsOptions{GsVersion::v4, true});
        REQUIRE_MESSAGE(whole.ok(), whole.error().to_string());
        CHECK(whole->type() == model::Type::vertex);
        check_all_splits(body, ResponseFormat::graphson_v4, {{*whole, 1}}, 200);
    }
    SUBCASE("GraphSON 4 untyped and error status") {
        const std::string body =
            R"~({"result":{"data":[{"id":1,"label":["person"],"type":"vertex","properties":{"name":[{"id":0,"value":"marko"}],"age":[{"id":1,"value":29}]}}, 7, "x"]},"status":{"code":200}})~";
        auto v = gs_read(
            R"~({"id":1,"label":["person"],"type":"vertex","properties":{"name":[{"id":0,"value":"marko"}],"age":[{"id":1,"value":29}]}})~",
            GsOptions{GsVersion::v4, false});
        REQUIRE_MESSAGE(v.ok(), v.error().to_string());
        auto seven = gs_read("7", GsOptions{GsVersion::v4, false});
        REQUIRE(seven.ok());
        check_all_splits(body, ResponseFormat::graphson_v4_untyped,
                         {{*v, 1}, {*seven, 1}, {Value::string("x"), 1}}, 200);
        const std::string err =
            R"~({"result":{"data":{"@type":"g:List","@value":[{"@type":"g:Int32","@value":1}]}},"status":{"code":500,"message":"boom \"quoted\"","exception":"ServerErrorException"}})~";
        check_all_splits(err, ResponseFormat::graphson_v4, {{Value::int_(1), 1}}, 500, "boom \"quoted\"",
                         "ServerErrorException");
    }
}

TEST_CASE("http4 ResponseDecoder writer/decoder round trip with random splits") {
    std::mt19937 rng(42);
    for (auto f :
         {ResponseFormat::graphbinary_v4, ResponseFormat::graphson_v4, ResponseFormat::graphson_v4_untyped}) {
        std::string body;
        write_response_start(body, f, false);
        for (int i = 0; i < 60; ++i) write_response_item(body, f, modern_vertex(i % 6), i == 0);
        write_response_end(body, f, 200);
        for (int round = 0; round < 20; ++round) {
            ResponseDecoder dec(f, DecodeMode::materialize, [](Value&&, std::int64_t) {});
            std::size_t at = 0;
            while (at < body.size()) {
                const std::size_t n = std::min<std::size_t>(body.size() - at, rng() % 300 + 1);
                auto r = dec.feed(std::string_view(body).substr(at, n));
                REQUIRE_MESSAGE(r.ok(), r.error().to_string());
                at += n;
            }
            REQUIRE(dec.finish().ok());
            CHECK(dec.item_count() == 60);
            CHECK(dec.status_code() == 200);
        }
    }
}

TEST_CASE("http4 ResponseDecoder restart keeps the callback, reset replaces it, and both start a new body") {
    // A bulked GraphBinary body: 3 values with bulks 1, 2, 3.
    std::string body;
    write_response_start(body, ResponseFormat::graphbinary_v4, true);
    for (int i = 0; i < 3; ++i)
        write_response_item(body, ResponseFormat::graphbinary_v4, modern_vertex(i), i == 0, i + 1);
    write_response_end(body, ResponseFormat::graphbinary_v4, 200);
    std::vector<std::int64_t> bulks;
    ResponseDecoder dec(ResponseFormat::graphbinary_v4, DecodeMode::materialize,
                        [&bulks](Value&&, std::int64_t bulk) { bulks.push_back(bulk); });
    // Half a body, then restart: a new body from its first byte, with the same callback.
    REQUIRE(dec.feed(std::string_view(body).substr(0, body.size() / 2)).ok());
    bulks.clear();
    dec.restart(ResponseFormat::graphbinary_v4, DecodeMode::materialize);
    REQUIRE(dec.feed(body).ok());
    REQUIRE(dec.finish().ok());
    CHECK(dec.done());
    CHECK(bulks == std::vector<std::int64_t>{1, 2, 3});
    CHECK(dec.item_count() == 3);
    CHECK(dec.result_count() == 6);
    // restart in count mode: counted, not handed over.
    dec.restart(ResponseFormat::graphbinary_v4, DecodeMode::count);
    REQUIRE(dec.feed(body).ok());
    REQUIRE(dec.finish().ok());
    CHECK(dec.result_count() == 6);
    CHECK(bulks.size() == 3);
    // reset without a callback drops it; restart keeps having none.
    dec.reset(ResponseFormat::graphbinary_v4, DecodeMode::materialize);
    REQUIRE(dec.feed(body).ok());
    dec.restart(ResponseFormat::graphbinary_v4, DecodeMode::materialize);
    REQUIRE(dec.feed(body).ok());
    REQUIRE(dec.finish().ok());
    CHECK(dec.result_count() == 6);
    CHECK(bulks.size() == 3);
    // A moved-from decoder restarts as a new one.
    ResponseDecoder moved = std::move(dec);
    dec.restart(ResponseFormat::graphbinary_v4, DecodeMode::count);  // NOLINT(bugprone-use-after-move)
    REQUIRE(dec.feed(body).ok());
    REQUIRE(dec.finish().ok());
    CHECK(dec.result_count() == 6);
}

TEST_CASE("http4 ResponseDecoder counts a Tree as one result in both modes, every format") {
    // tree() answers one Tree however many nodes it holds: marko → {vadas, josh → {ripple, lop}}
    const Value leaf = Value::tree({});
    const Value tree = Value::tree(
        {modern_vertex(0), Value::tree({modern_vertex(1), leaf, modern_vertex(3),
                                        Value::tree({modern_vertex(4), leaf, modern_vertex(2), leaf})})});
    for (auto f :
         {ResponseFormat::graphbinary_v4, ResponseFormat::graphson_v4, ResponseFormat::graphson_v4_untyped}) {
        CAPTURE(static_cast<int>(f));
        std::string body;
        write_response_start(body, f, false);
        write_response_item(body, f, tree, true);
        write_response_end(body, f, 200);
        for (auto mode : {DecodeMode::count, DecodeMode::materialize}) {
            auto d = decode_split(body, f, mode, {3, 17, 40});
            REQUIRE_MESSAGE(d.ok(), d.error().to_string());
            CHECK(d->item_count == 1);
            CHECK(d->result_count == 1);
            CHECK(d->code == 200);
            if (mode == DecodeMode::count) {
                CHECK(d->items.empty());
            } else if (f == ResponseFormat::graphbinary_v4) {
                REQUIRE(d->items.size() == 1);
                CHECK(d->items[0].first == tree);
            } else if (f == ResponseFormat::graphson_v4) {
                // GraphSON drops a vertex property's empty meta-property list (read back as null)
                REQUIRE(d->items.size() == 1);
                CHECK(d->items[0].first.type() == tpbench::model::Type::tree);
                CHECK(d->items[0].first.to_string() == tree.to_string());
            }
        }
    }
}

namespace {

// Streams a synthetic times(15)-like GraphBinary 4 response of `n` vertex items through a count-mode
// decoder in odd-sized chunks, generated on the fly (never the whole body in memory).
void stream_vertices(std::uint64_t n) {
    std::string enc[6];
    std::size_t max_item = 0;
    for (int i = 0; i < 6; ++i) {
        gb_write(enc[i], modern_vertex(i), GbVersion::v4);
        max_item = std::max(max_item, enc[i].size());
    }
    ResponseDecoder dec(ResponseFormat::graphbinary_v4, DecodeMode::count);
    std::string chunk;
    write_response_start(chunk, ResponseFormat::graphbinary_v4, false);
    constexpr std::size_t kChunk = 65521;  // prime: items straddle chunk boundaries everywhere
    std::size_t max_buffered = 0;
    std::uint64_t total_bytes = chunk.size();
    auto flush = [&](std::size_t keep_below) {
        while (chunk.size() >= keep_below && !chunk.empty()) {
            const std::size_t take = std::min(chunk.size(), kChunk);
            auto r = dec.feed(std::string_view(chunk).substr(0, take));
            REQUIRE_MESSAGE(r.ok(), r.error().to_string());
            max_buffered = std::max(max_buffered, dec.buffered_bytes());
            chunk.erase(0, take);
        }
    };
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::string& e = enc[i % 6];
        chunk += e;
        total_bytes += e.size();
        if (chunk.size() >= 4 * kChunk) flush(kChunk);
    }
    std::string end;
    write_response_end(end, ResponseFormat::graphbinary_v4, 200);
    chunk += end;
    total_bytes += end.size();
    flush(1);
    REQUIRE(dec.finish().ok());
    CHECK(dec.item_count() == n);
    CHECK(dec.result_count() == n);
    CHECK(dec.status_code() == 200);
    CHECK(dec.bytes_consumed() == total_bytes);
    CHECK(max_buffered <= max_item);
    MESSAGE("streamed " << n << " items, " << total_bytes << " bytes, max buffered " << max_buffered
                        << " of max item " << max_item);
}

}  // namespace

TEST_CASE("http4 ResponseDecoder counts a 2,824,992-vertex stream in constant memory") {
    stream_vertices(2'824'992);
}

TEST_CASE("http4 ResponseDecoder counts a 39,750,654-vertex stream (opt-in: --no-skip)" * doctest::skip()) {
    stream_vertices(39'750'654);
}

TEST_CASE("http4 bad response bodies give an Error with offset, never a crash") {
    const ResponseFormat gb = ResponseFormat::graphbinary_v4;
    SUBCASE("every truncation fails at finish()") {
        for (std::string_view h : {kVertex129, kBulked, kEmpty, kError500}) {
            const std::string full = unhex(h);
            for (std::size_t n = 0; n < full.size(); ++n) {
                ResponseDecoder dec(gb, DecodeMode::materialize);
                auto r = dec.feed(std::string_view(full).substr(0, n));
                REQUIRE(r.ok());
                CHECK(dec.buffered_bytes() <= n);
                auto fin = dec.finish();
                REQUIRE_FALSE(fin.ok());
                CHECK(fin.error().code == errc::truncated);
                CHECK(fin.error().offset <= n);
                CHECK_FALSE(dec.done());
            }
        }
    }
    SUBCASE("wrong version byte") {
        ResponseDecoder dec(gb, DecodeMode::count);
        auto r = dec.feed(unhex("0400fd0000000000c80101"));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == errc::bad_version);
        CHECK(r.error().offset == 0);
        CHECK_FALSE(dec.feed("x").ok());  // stays failed
    }
    SUBCASE("garbage type code, oversized count, bad bulk, trailing bytes") {
        ResponseDecoder a(gb, DecodeMode::count);
        auto ra = a.feed(unhex("8100ee00"));
        REQUIRE_FALSE(ra.ok());
        CHECK(ra.error().offset == 2);

        ResponseDecoder b(gb, DecodeMode::count);
        auto rb = b.feed(unhex("81000900ffffff7f"));  // List count 0xffffff7f (negative)
        REQUIRE_FALSE(rb.ok());
        CHECK(rb.error().code == errc::bad_length);
        ResponseDecoder b2(gb, DecodeMode::materialize);
        auto rb2 = b2.feed(unhex("8100090070000000"));  // List count 0x70000000: beyond any sane limit
        REQUIRE_FALSE(rb2.ok());
        CHECK(rb2.error().code == errc::bad_length);
        CHECK(rb2.error().offset >= 2);

        ResponseDecoder c(gb, DecodeMode::count);
        auto rc = c.feed(unhex("81010100000000010100000000010000000000"));  // bulk is an Int, not a Long
        REQUIRE_FALSE(rc.ok());
        CHECK(rc.error().code == errc::bad_value);
        CHECK(rc.error().offset == 8);

        ResponseDecoder d(gb, DecodeMode::count);
        auto rd = d.feed(unhex(kEmpty) + "00");
        REQUIRE_FALSE(rd.ok());
        CHECK(rd.error().code == errc::trailing_bytes);
        CHECK(rd.error().offset == unhex(kEmpty).size());

        ResponseDecoder e(gb, DecodeMode::count);
        auto re = e.feed(unhex("8100fd0000000000c8007fffffff"));  // message length 2^31-1
        REQUIRE_FALSE(re.ok());
        CHECK(re.error().code == errc::bad_length);
    }
    SUBCASE("GraphSON garbage") {
        for (std::string_view bad :
             {"[", "{\"result\":5}", "{\"result\":{\"data\":{\"@type\":\"g:Map\",\"@value\":[]}}}",
              "{\"result\":{\"data\":[1,,2]}}", "{\"result\":{\"data\":[]}}", "\x01"}) {
            CAPTURE(bad);
            ResponseDecoder dec(ResponseFormat::graphson_v4, DecodeMode::count);
            auto r = dec.feed(bad);
            if (r.ok()) r = dec.finish();
            CHECK_FALSE(r.ok());
        }
    }
    SUBCASE("fuzz regressions replay") {
        const auto dir = kData / "fuzz-regressions" / "http4";
        if (std::filesystem::exists(dir)) {
            for (const auto& ent : std::filesystem::directory_iterator(dir)) {
                const std::string in = read_file(ent.path());
                for (auto f : {BodyFormat::graphbinary_v4, BodyFormat::json, BodyFormat::graphson_v4})
                    (void)decode_request(in, f);
                for (auto f : {ResponseFormat::graphbinary_v4, ResponseFormat::graphson_v4,
                               ResponseFormat::graphson_v4_untyped}) {
                    for (auto m : {DecodeMode::count, DecodeMode::materialize}) {
                        ResponseDecoder dec(f, m, [](Value&&, std::int64_t) {});
                        for (char ch : in) {
                            if (!dec.feed(std::string_view(&ch, 1)).ok()) break;
                        }
                        (void)dec.finish();
                    }
                }
            }
        }
    }
}
