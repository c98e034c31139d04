#include <tpbench/profiling/workload.hpp>

#include <tpbench/profiling/profiling.hpp>

#include <doctest/doctest.h>

using namespace tpbench;
using namespace tpbench::engine;

TEST_CASE("workload: JSON lines with weights, bindings, expectations") {
    auto q = parse_workload(
        "# a comment\n"
        "\n"
        "{\"gremlin\": \"g.V(vid).out('knows')\", \"bindings\": {\"vid\": 1, \"n\": \"marko\", \"i\": "
        "{\"@type\": \"g:Int32\", \"@value\": 7}, \"l\": [1.5, true]}, \"weight\": 3, \"expect\": 2}\r\n"
        "  {\"gremlin\": \"g.V().count()\", \"language\": \"gremlin-groovy\", \"batchSize\": 16}\n");
    REQUIRE(q.size() == 2);
    CHECK(q[0].weight == 3);
    CHECK(q[0].request.expected_results == 2u);
    CHECK(q[0].request.request.gremlin == "g.V(vid).out('knows')");
    CHECK(q[0].request.request.bindings ==
          model::Value::map({model::Value::string("vid"), model::Value::long_(1), model::Value::string("n"),
                             model::Value::string("marko"), model::Value::string("i"), model::Value::int_(7),
                             model::Value::string("l"),
                             model::Value::list({model::Value::double_(1.5), model::Value::boolean(true)})}));
    CHECK(q[1].weight == 1);
    CHECK(q[1].request.request.language == "gremlin-groovy");
    CHECK(q[1].request.request.batch_size == 16);
    CHECK_FALSE(q[1].request.expected_results);
}

TEST_CASE("workload: errors name the line") {
    auto fails_with = [](std::string_view text, std::string_view needle) {
        try {
            parse_workload(text);
        } catch (const ConfigError& e) {
            const std::string what = e.what();
            CAPTURE(what);
            CHECK(std::string(e.what()).find(needle) != std::string::npos);
            return;
        }
        FAIL("no error for: " << text);
    };
    fails_with("", "no queries");
    fails_with("# only comments\n", "no queries");
    fails_with("{\"gremlin\": \"g.V()\"}\n{oops", "line 2: invalid JSON");
    fails_with("[1,2]", "line 1: expected a JSON object");
    fails_with("{\"weight\": 2}", "missing 'gremlin'");
    fails_with("{\"gremlin\": \"\"}", "non-empty string");
    fails_with("{\"gremlin\": \"x\", \"weight\": 0}", "'weight' must be positive");
    fails_with("{\"gremlin\": \"x\", \"weight\": -1}", "'weight' must be in");
    fails_with("{\"gremlin\": \"x\", \"weight\": 2.5}", "'weight' must be an integer");
    fails_with("{\"gremlin\": \"x\", \"colour\": 1}", "unknown key 'colour'");
    fails_with("{\"gremlin\": \"x\", \"bindings\": [1]}", "'bindings' must be an object");
    fails_with(
        "{\"gremlin\": \"x\", \"bindings\": {\"a\": {\"@type\": \"g:Int32\", \"@value\": 3000000000}}}",
        "g:Int32 out of range");
    std::string deep = "{\"gremlin\": \"x\", \"bindings\": {\"a\": ";
    for (int i = 0; i < 40; ++i) deep += "[";
    for (int i = 0; i < 40; ++i) deep += "]";
    deep += "}}";
    fails_with(deep, "workload line 1:");  // Boost.JSON's own depth limit (32) or ours
}

TEST_CASE("weighted planner: deterministic, proportional to weights") {
    auto q = parse_workload("{\"gremlin\": \"a\", \"weight\": 1}\n{\"gremlin\": \"b\", \"weight\": 3}\n");
    WeightedPlanner p1(q, 0), p2(q, 0), p3(q, 1);
    auto a = p1.next(40000);
    CHECK(a == p2.next(40000));
    CHECK(a != p3.next(40000));
    std::size_t ones = 0;
    for (auto i : a) {
        REQUIRE(i < 2);
        ones += i;
    }
    CHECK(ones > 29000);  // expected 30000
    CHECK(ones < 31000);
}
