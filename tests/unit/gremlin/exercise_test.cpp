// The graph itself, the scripts ProfilingApplication sends, and the repeat(both()).times(n) walk.
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"
#include "tpbench_test_data.hpp"

#include <chrono>
#include <fstream>
#include <sstream>

using namespace gremlin_test;
using tpbench::model::Type;

TEST_CASE("modern graph: stock-server ids and element materialisation") {
    server::Graph g;
    CHECK(g.vertex_count() == 0);
    g.load_modern();
    CHECK(g.vertex_count() == 6);
    CHECK(g.edge_count() == 6);

    Run r = run(g, "g.V(1)");
    REQUIRE(!r.error);
    REQUIRE(r.items.size() == 1);
    // Top-level elements come by key with a null value; materialize() builds them.
    CHECK(r.items[0].element_key != nullptr);
    CHECK(r.items[0].value.is_null());
    CHECK(server::materialize(r.items[0], false) == modern_vertex(1));
    Value ref = server::materialize(r.items[0], true);
    CHECK(ref.type() == Type::vertex);
    CHECK(ref.id() == L(1));
    CHECK(ref[2].is_null());  // reference: properties null

    // Same element => same key, across evaluations of the same snapshot.
    Run again = run(g, "g.V().hasId(1)");
    REQUIRE(again.items.size() == 1);
    CHECK(again.items[0].element_key == r.items[0].element_key);

    // Edge ids stay Int; vertex-property ids are Long 0..11.
    CHECK(ok(g, "g.E().id()") == std::vector<Value>{I(7), I(8), I(9), I(10), I(11), I(12)});
    std::vector<Value> pids;
    for (std::int64_t i = 0; i < 12; ++i) pids.push_back(L(i));
    CHECK(same(ok(g, "g.V().properties().id()"), pids));
    Value e7 = ok(g, "g.E(7)").at(0);
    CHECK(e7 == Value::edge(I(7), "knows", L(2), "person", L(1), "person",
                            Value::list({Value::property("weight", D(0.5))})));

    g.clear();
    CHECK(g.vertex_count() == 0);
    CHECK(ok(g, "g.V().count()") == std::vector<Value>{L(0)});
}

TEST_CASE("modern graph: Int id mode") {
    server::Graph g(server::Graph::IdMode::int_ids);
    g.load_modern();
    CHECK(ok(g, "g.V().id()") == std::vector<Value>{I(1), I(2), I(3), I(4), I(5), I(6)});
    CHECK(ok(g, "g.V(1L).values('name')") == strs({"marko"}));
    CHECK(ok(g, "g.V(4)")[0] == modern_vertex(4, false));
}

TEST_CASE("ProfilingApplication non-exercise scripts") {
    server::Graph g;
    auto one_plus_one = ok(g, "1+1");
    REQUIRE(one_plus_one.size() == 1);
    CHECK(one_plus_one[0] == I(2));
    CHECK(ok(g, "g.inject(1)") == std::vector<Value>{I(1)});
    CHECK(ok(g, "graph.clear()").empty());
    CHECK(ok(g, "TinkerFactory.generateModern(graph)").empty());
    CHECK(g.vertex_count() == 6);
    CHECK(ok(g, "g.V().count()") == std::vector<Value>{L(6)});
    // generateModern on a non-empty graph rebuilds it (the benchmark clears first anyway).
    CHECK(ok(g, "graph.clear()").empty());
    CHECK(g.vertex_count() == 0);
    CHECK(ok(g, "TinkerFactory.generateModern(graph)").empty());
    CHECK(ok(g, "g.V(1).values('name')") == strs({"marko"}));
}

namespace {

const char* kMatch =
    "g.V().match(\n  as(\"a\").out(\"knows\").as(\"b\"),\n  as(\"b\").out(\"created\").has(\"name\", "
    "\"lop\"),\n"
    "  as(\"b\").match(\n  as(\"b\").out(\"created\").as(\"d\"),\n  as(\"d\").in(\"created\").as(\"c\"))"
    ".select(\"c\").as(\"c\")).<Vertex>select(\"a\", \"b\", \"c\")";

Value abc(int a, int b, int c) {
    return map_of({S("a"), modern_vertex(a), S("b"), modern_vertex(b), S("c"), modern_vertex(c)});
}

}  // namespace

TEST_CASE("exercise scripts give the results in profiling-application.md §6") {
    server::Graph g;
    g.load_modern();
    SUBCASE("0: g.V()") { CHECK(same(ok(g, "g.V()"), modern_vertices({1, 2, 3, 4, 5, 6}))); }
    SUBCASE("1") { CHECK(same(ok(g, "g.V(1).out('knows')"), modern_vertices({2, 4}))); }
    SUBCASE("2") { CHECK(ok(g, "g.V(1).out('knows').has('name','josh')") == modern_vertices({4})); }
    SUBCASE("3") {
        auto r = ok(g, "g.V(1).as(\"a\").out(\"knows\").as(\"b\").select(\"a\", \"b\")");
        CHECK(same(r, {map_of({S("a"), modern_vertex(1), S("b"), modern_vertex(2)}),
                       map_of({S("a"), modern_vertex(1), S("b"), modern_vertex(4)})}));
    }
    SUBCASE("4") {
        auto r = ok(g, "g.V(1).as(\"a\").out(\"knows\").as(\"b\").select(\"a\", \"b\").by(\"name\")");
        CHECK(same(r, {map_of({S("a"), S("marko"), S("b"), S("vadas")}),
                       map_of({S("a"), S("marko"), S("b"), S("josh")})}));
    }
    SUBCASE("5") {
        auto r = ok(g,
                    "g.V().hasLabel(\"person\").as(\"p\").map(__.bothE().label().groupCount()).as(\"r\")"
                    ".select(\"p\", \"r\")");
        auto row = [](int p, std::vector<Value> counts) {
            return map_of({S("p"), modern_vertex(p), S("r"), map_of(std::move(counts))});
        };
        CHECK(same(r, {row(1, {S("created"), L(1), S("knows"), L(2)}), row(2, {S("knows"), L(1)}),
                       row(4, {S("created"), L(2), S("knows"), L(1)}), row(6, {S("created"), L(1)})}));
    }
    SUBCASE("6") {
        auto r = ok(g,
                    "g.V().choose(__.outE().count().is(0L), __.as(\"a\"), __.as(\"b\"))"
                    ".choose(__.select(\"a\"), __.select(\"a\"), __.select(\"b\"))");
        CHECK(same(r, modern_vertices({1, 2, 3, 4, 5, 6})));
    }
    SUBCASE("7") {
        auto r = ok(g, "g.V().group(\"a\").by(T.label).by(outE().values(\"weight\").sum()).cap(\"a\")");
        REQUIRE(r.size() == 1);
        CHECK(r[0] == map_of({S("person"), D(3.5)}));
        CHECK(r[0][1].type() == Type::double_);
    }
    SUBCASE("8") {
        auto r = ok(g,
                    "g.V().repeat(__.union(__.out(\"knows\").group(\"a\").by(\"age\"), "
                    "__.out(\"created\").group(\"b\").by(\"name\").by(count())).group(\"a\").by(\"name\"))"
                    ".times(2).cap(\"a\", \"b\")");
        REQUIRE(r.size() == 1);
        auto vs = [](std::initializer_list<int> ids) { return Value::list(modern_vertices(ids)); };
        Value want = map_of({S("a"),
                             map_of({I(32), vs({4}), I(27), vs({2}), S("josh"), vs({4}), S("ripple"),
                                     vs({5, 5}), S("lop"), vs({3, 3, 3, 3}), S("vadas"), vs({2})}),
                             S("b"), map_of({S("ripple"), L(2), S("lop"), L(4)})});
        CHECK(equivalent(r[0], want));
    }
    SUBCASE("9: match (exact multi-line text)") {
        auto r = ok(g, kMatch);
        CHECK(same(r, {abc(1, 4, 4), abc(1, 4, 1), abc(1, 4, 4), abc(1, 4, 6)}));
    }
}

TEST_CASE("repeat(both()).times(n) counts, bulked") {
    server::Graph g;
    g.load_modern();
    const std::int64_t want[] = {0,    12,    30,    72,    174,    420,    1014,    2448,
                                 5910, 14268, 34446, 83160, 200766, 484692, 1170150, 2824992};
    for (int n = 1; n <= 15; ++n) {
        CAPTURE(n);
        Run r = drain(server::evaluate_script(g, "g.V().repeat(both()).times(" + std::to_string(n) + ")", {}),
                      false, false);
        REQUIRE(!r.error);
        std::int64_t total = 0;
        for (const auto& it : r.items) {
            total += it.bulk;
            CHECK(it.element_key != nullptr);
        }
        CHECK(total == want[n]);
        CHECK(r.items.size() <= 6);  // merged per iteration: one item per end vertex
    }
}

TEST_CASE("repeat(both()).times(18) streams 39,750,654 results quickly") {
    server::Graph g;
    g.load_modern();
    auto t0 = std::chrono::steady_clock::now();
    auto s = server::evaluate_script(g, "g.V().repeat(both()).times(18)", {});
    server::Item it;
    std::int64_t total = 0, items = 0, marko = 0;
    while (s->next(it)) {
        total += it.bulk;
        ++items;
        if (server::materialize(it, true).id() == L(1)) marko = it.bulk;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(!s->error());
    CHECK(total == 39750654);
    CHECK(marko == 9369319);
    CHECK(items == 6);
    CHECK(secs < 1.0);
    // The same through bytecode.
    auto bc = bytecode({instr("V"), instr("repeat", {bytecode({instr("both")})}), instr("times", {I(18)})});
    Run r = drain(server::evaluate_bytecode(g, bc, {}), false, false);
    REQUIRE(!r.error);
    std::int64_t t2 = 0;
    for (auto& x : r.items) t2 += x.bulk;
    CHECK(t2 == 39750654);
}

TEST_CASE("multi-hop chains are bulked too (lazy barrier)") {
    server::Graph g;
    g.load_modern();
    std::string q = "g.V()";
    for (int i = 0; i < 18; ++i) q += ".both()";
    auto t0 = std::chrono::steady_clock::now();
    CHECK(ok(g, q + ".count()") == std::vector<Value>{L(39750654)});
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
}

TEST_CASE("load_graphson_adjacency builds the modern graph (Int ids)") {
    std::ifstream in(std::string(TPBENCH_TEST_DATA) + "/graphs/tinkerpop-modern-v3.json", std::ios::binary);
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    server::Graph g(server::Graph::IdMode::int_ids);
    g.load_graphson_adjacency(ss.str());
    CHECK(g.vertex_count() == 6);
    CHECK(g.edge_count() == 6);
    for (int id = 1; id <= 6; ++id)
        CHECK(ok(g, "g.V(" + std::to_string(id) + ")")[0] == modern_vertex(id, false));
    CHECK(same(ok(g, "g.V(1).out('knows').values('name')"), strs({"vadas", "josh"})));
    CHECK(ok(g, "g.E().values('weight').sum()") == std::vector<Value>{D(0.4 + 0.5 + 1.0 + 1.0 + 0.4 + 0.2)});
    CHECK(same(ok(g, "g.E().id()"), {I(7), I(8), I(9), I(10), I(11), I(12)}));
    // Every exercise result holds on the loaded graph too (spot check: match).
    CHECK(ok(g, kMatch).size() == 4);

    SUBCASE("malformed input names the line") {
        server::Graph h;
        std::string bad = ss.str().substr(0, ss.str().find('\n') + 1) + "{\"id\":7, \"label\":\n";
        try {
            h.load_graphson_adjacency(bad);
            FAIL("expected an exception");
        } catch (const std::runtime_error& e) {
            CHECK(std::string(e.what()).find("line 2") != std::string::npos);
        }
        CHECK(h.vertex_count() == 0);  // nothing half-loaded
        CHECK_THROWS_AS(
            h.load_graphson_adjacency("{\"id\":{\"@type\":\"g:Nope\",\"@value\":1},\"label\":\"x\"}"),
            std::runtime_error);
        CHECK_THROWS_AS(
            h.load_graphson_adjacency("{\"id\":1,\"label\":\"x\",\"outE\":{\"e\":[{\"id\":2,\"inV\":99}]}}"),
            std::runtime_error);
    }
}
