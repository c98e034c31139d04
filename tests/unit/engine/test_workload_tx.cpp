// Workload transaction groups ("tx" lines): parsing and refusals (helper "tx").
#include <tpbench/profiling/profiling.hpp>
#include <tpbench/profiling/workload.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace tpbench::engine;

TEST_CASE("workload tx: a group keeps its statements in order, with commit and weight") {
    auto qs = parse_workload(
        "{\"tx\": [{\"gremlin\": \"g.addV(l)\", \"bindings\": {\"l\": \"a\"}}, {\"gremlin\": "
        "\"g.V().count()\", "
        "\"batchSize\": 8}], \"commit\": false, \"weight\": 3}\n"
        "{\"tx\": [{\"gremlin\": \"g.addV('b')\", \"language\": \"gremlin-lang\"}]}\n"
        "{\"gremlin\": \"g.V()\"}\n");
    REQUIRE(qs.size() == 3);
    REQUIRE(qs[0].request.tx);
    CHECK(qs[0].weight == 3);
    CHECK_FALSE(qs[0].request.tx->commit);
    REQUIRE(qs[0].request.tx->statements.size() == 2);
    CHECK(qs[0].request.tx->statements[0].gremlin == "g.addV(l)");
    CHECK(qs[0].request.tx->statements[0].bindings.find("l")->str() == "a");
    CHECK(qs[0].request.tx->statements[1].batch_size == 8);
    REQUIRE(qs[1].request.tx);
    CHECK(qs[1].request.tx->commit);  // default
    CHECK(qs[1].request.tx->statements[0].language == "gremlin-lang");
    CHECK_FALSE(qs[2].request.tx);
}

TEST_CASE("workload tx: malformed groups are refused naming the line") {
    auto refused = [](const std::string& text, const std::string& what) {
        try {
            parse_workload(text);
        } catch (const ConfigError& e) {
            CHECK_MESSAGE(std::string(e.what()).find(what) != std::string::npos, e.what());
            return;
        }
        FAIL("accepted: " << text);
    };
    refused("{\"tx\": []}", "line 1: 'tx' must be a non-empty array");
    refused("{\"tx\": \"g.V()\"}", "'tx' must be a non-empty array");
    refused("\n{\"tx\": [1]}", "line 2: tx request 1 is not an object");
    refused("{\"tx\": [{\"bindings\": {}}]}", "tx request 1 has no 'gremlin'");
    refused("{\"tx\": [{\"gremlin\": \"g.V()\", \"weight\": 2}]}", "tx request 1: unknown key 'weight'");
    refused("{\"tx\": [{\"gremlin\": \"g.V()\"}], \"gremlin\": \"g.V()\"}", "takes no 'gremlin' or 'expect'");
    refused("{\"tx\": [{\"gremlin\": \"g.V()\"}], \"commit\": 1}", "'commit' must be true or false");
    refused("{\"gremlin\": \"g.V()\", \"commit\": true}", "'commit' belongs to a 'tx' line");
}
