// Tests of `tpbench inspect` rendering: every vector file decodes, messages show their envelope
// fields, corrupted input is rejected with a byte offset.
#include "inspect.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/http4.hpp>

#include "common/bytes.hpp"
#include "tpbench_test_data.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace {

using namespace tpbench;
using namespace tpbench::cli;
using tpbench::test::read_file;
using tpbench::test::unhex;

const std::filesystem::path kData = TPBENCH_TEST_DATA;

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

InspectOptions opts(InspectFormat f, InspectMessage m = InspectMessage::value, bool json = false) {
    InspectOptions o;
    o.format = f;
    o.message = m;
    o.json = json;
    return o;
}

// GraphSON 3.0 message vectors and what they hold.
InspectMessage graphson_v3_kind(const std::string& name) {
    for (const char* req : {"sessionlesseval", "sessioneval", "sessionclose", "authenticationresponse"})
        if (name.rfind(req, 0) == 0) return InspectMessage::request;
    for (const char* resp : {"standardresult", "authenticationchallenge"})
        if (name.rfind(resp, 0) == 0) return InspectMessage::response;
    return InspectMessage::value;
}

}  // namespace

TEST_CASE("inspect decodes every vector file in tests/data/vectors") {
    const std::map<std::string, InspectFormat> dirs = {{"graphbinary-v1", InspectFormat::gb1},
                                                       {"graphbinary-v4", InspectFormat::gb4},
                                                       {"graphson-v3", InspectFormat::gs3},
                                                       {"graphson-v4", InspectFormat::gs4}};
    std::size_t files = 0;
    for (const auto& [dir, fmt] : dirs) {
        const auto path = kData / "vectors" / dir;
        REQUIRE(std::filesystem::exists(path));
        for (const auto& e : std::filesystem::directory_iterator(path)) {
            const std::string name = e.path().filename().string();
            // A GraphSON adjacency file (one vertex per line), not a single value or message.
            if (name == "tinkerpop-modern-v3.json") continue;
            CAPTURE(name);
            const std::string in = read_file(e.path());
            const InspectMessage kind =
                fmt == InspectFormat::gs3 ? graphson_v3_kind(name) : InspectMessage::value;
            auto text = inspect(in, opts(fmt, kind));
            REQUIRE_MESSAGE(text.ok(), text.error().to_string());
            CHECK(text->size() > 4);
            CHECK(text->back() == '\n');
            auto json = inspect(in, opts(fmt, kind, true));
            REQUIRE(json.ok());
            CHECK(json->rfind("{\n  \"type\": ", 0) == 0);
            ++files;
        }
    }
    CHECK(files >= 330);
}

TEST_CASE("inspect renders values with type names and values") {
    const std::string v = read_file(kData / "vectors" / "graphbinary-v1" / "vertex-v1.gbin");
    auto text = inspect(v, opts(InspectFormat::gb1));
    REQUIRE(text.ok());
    CHECK(text->rfind("vertex\n  id: int 1\n", 0) == 0);
    CHECK(contains(*text, "\"person\""));
    CHECK(contains(*text, "vertexproperty"));
    CHECK(contains(*text, "\"marko\""));

    auto json = inspect(read_file(kData / "vectors" / "graphbinary-v1" / "integer-v1.gbin"),
                        opts(InspectFormat::gb1, InspectMessage::value, true));
    REQUIRE(json.ok());
    CHECK(*json == "{\n  \"type\": \"int\",\n  \"value\": 100\n}\n");

    auto m = inspect(read_file(kData / "vectors" / "graphbinary-v4" / "ordered-string-int-map-v4.gbin"),
                     opts(InspectFormat::gb4));
    REQUIRE(m.ok());
    CHECK(m->rfind("map (ordered)", 0) == 0);
}

TEST_CASE("inspect shows envelope fields of messages") {
    SUBCASE("ws37 GraphBinary request, with and without the mime prefix") {
        const std::string body = unhex(
            "81cb6825789d9244999ebc5c6aa73c5397000000046576616c00000000000000020300000000076772656d6c696e0300"
            "00000005672e562829"
            "030000000009626174636853697a65010000000040");
        std::string frame(1, '\x20');
        frame += "application/vnd.graphbinary-v1.0";
        frame += body;
        for (const std::string* in : {static_cast<const std::string*>(&frame), &body}) {
            auto t = inspect(*in, opts(InspectFormat::gb1, InspectMessage::request));
            REQUIRE_MESSAGE(t.ok(), t.error().to_string());
            CHECK(contains(*t, "requestId: uuid cb682578-9d92-4499-9ebc-5c6aa73c5397"));
            CHECK(contains(*t, "op: string \"eval\""));
            CHECK(contains(*t, "\"gremlin\": string \"g.V()\""));
            CHECK(contains(*t, "\"batchSize\": int 64"));
        }
        std::string bad = body;
        bad.resize(30);
        auto e = inspect(bad, opts(InspectFormat::gb1, InspectMessage::request));
        REQUIRE_FALSE(e.ok());
        CHECK(e.error().offset <= 30);  // relative to the caller's bytes, not the added prefix
    }
    SUBCASE("ws37 GraphBinary response") {
        auto t = inspect(unhex("8100cb6825789d9244999ebc5c6aa73c5397000000ce000000000000000000000000000900000"
                               "00002010000000001010000000002"),
                         opts(InspectFormat::gb1, InspectMessage::response));
        REQUIRE(t.ok());
        CHECK(contains(*t, "code: int 206"));
        CHECK(contains(*t, "data: list (2 items)"));
    }
    SUBCASE("http4 GraphBinary request and whole response body") {
        auto r = inspect(
            unhex("810000000303000000000862696e64696e67730a00000000000300000000086c616e677561676503000000000e"
                  "6772656d"
                  "6c696e2d67726f6f7679030000000009626174636853697a6501000000004000000006672e56283129"),
            opts(InspectFormat::gb4, InspectMessage::request));
        REQUIRE(r.ok());
        CHECK(contains(*r, "gremlin: string \"g.V(1)\""));
        CHECK(contains(*r, "batchSize: int 64"));
        CHECK(contains(*r, "version: byte 0x81"));
        auto b = inspect(
            unhex(
                "810103000000000161020000000000000000030300000000016202000000000000000001fd0000000000c80101"),
            opts(InspectFormat::gb4, InspectMessage::response));
        REQUIRE(b.ok());
        CHECK(contains(*b, "bulked: boolean true"));
        CHECK(contains(*b, "bulk: long 3"));
        CHECK(contains(*b, "code: int 200"));
        auto e = inspect(unhex("8100fd0000000001f400000000264e6f20737563682070726f70657274793a207820666f72206"
                               "36c6173733a20536372697074"
                               "3100000000145365727665724572726f72457863657074696f6e"),
                         opts(InspectFormat::gb4, InspectMessage::response, true));
        REQUIRE(e.ok());
        CHECK(contains(*e, "\"value\": 500"));
        CHECK(contains(*e, "ServerErrorException"));
    }
    SUBCASE("http4 GraphSON 4 body") {
        auto g = inspect(
            R"({"result":{"data":{"@type":"g:List","@value":[{"@type":"g:Int32","@value":7}]}},"status":{"code":200}})",
            opts(InspectFormat::gs4, InspectMessage::response));
        REQUIRE_MESSAGE(g.ok(), g.error().to_string());
        CHECK(contains(*g, "items: list (1 item)"));
        CHECK(contains(*g, "[0]: int 7"));
    }
}

TEST_CASE("inspect rejects corrupted vectors with a byte offset") {
    const std::string v = read_file(kData / "vectors" / "graphbinary-v1" / "vertex-v1.gbin");
    SUBCASE("truncated file from tests/data/inspect") {
        auto r = inspect(read_file(kData / "inspect" / "vertex-v1-truncated.gbin"), opts(InspectFormat::gb1));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == errc::truncated);
        CHECK(r.error().offset >= 30);
        CHECK(r.error().offset <= 37);
        const std::string line = inspect_error_line(r.error());
        CHECK(line.rfind("tpbench inspect: ", 0) == 0);
        CHECK(contains(line, "at byte offset " + std::to_string(r.error().offset)));
    }
    SUBCASE("every truncation") {
        for (std::size_t n = 0; n < v.size(); ++n) {
            auto r = inspect(std::string_view(v).substr(0, n), opts(InspectFormat::gb1));
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().offset <= n);
        }
    }
    SUBCASE("flipped type code") {
        std::string bad = v;
        bad[0] = static_cast<char>(0xee);
        auto r = inspect(bad, opts(InspectFormat::gb1));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == errc::unknown_type);
        CHECK(r.error().offset == 0);
        std::string inner = v;
        inner[24] = static_cast<char>(0xee);  // type code of the first property list item
        auto r2 = inspect(inner, opts(InspectFormat::gb1));
        REQUIRE_FALSE(r2.ok());
        CHECK(r2.error().offset == 24);
    }
    SUBCASE("GraphSON") {
        const std::string j = read_file(kData / "vectors" / "graphson-v3" / "vertex-v3.json");
        auto r = inspect(std::string_view(j).substr(0, j.size() / 2), opts(InspectFormat::gs3));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().offset <= j.size() / 2);
    }
}
