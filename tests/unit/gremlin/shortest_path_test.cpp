// shortestPath() and its with() options (steps_shortest_path.cpp) against answers worked out by hand
// on the modern graph (marko 1 knows vadas 2 (edge 7, weight 0.5) and josh 4 (8, 1.0), created lop 3
// (9, 0.4); josh created ripple 5 (10, 1.0) and lop (11, 0.4); peter 6 created lop (12, 0.2)) and on
// small graphs built here (diamonds, for ties and for the memory bound).
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

#include <algorithm>
#include <array>

using namespace gremlin_test;
using tpbench::model::Type;

namespace {

// A path as its element ids: "1-4-5", edges as e<id> ("1-e8-4").
std::string ids(const Value& p) {
    REQUIRE(p.type() == Type::path);
    std::string s;
    for (const Value& o : p[1].kids()) {
        if (!s.empty()) s += '-';
        if (o.type() == Type::edge) s += 'e';
        s += o.id().to_string();
    }
    return s;
}

std::vector<std::string> paths(server::Graph& g, std::string_view script) {
    std::vector<std::string> out;
    for (const Value& v : ok(g, script)) out.push_back(ids(v));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

using Modern = ModernGraph;

// Vertices 0..n-1 and directed edges a->b with a weight, built with one script per element.
void build(server::Graph& g, int vertices, const std::vector<std::array<int, 3>>& edges) {
    for (int i = 0; i < vertices; ++i)
        ok(g, "g.addV('n').property(T.id, " + std::to_string(i) + ").iterate()");
    for (const auto& e : edges)
        ok(g, "g.withComputer().V(" + std::to_string(e[0]) + ").addE('e').to(__.V(" + std::to_string(e[1]) +
                  ")).property('w', " + std::to_string(e[2]) + ").iterate()");
}

}  // namespace

TEST_CASE("shortestPath(): every reachable vertex once, the zero-length path included") {
    Modern m;
    CHECK(paths(m.g, "g.withComputer().V(1).shortestPath()") ==
          sorted({"1", "1-2", "1-4", "1-3", "1-4-5", "1-3-6"}));
    CHECK(paths(m.g, "g.withComputer().V(6).shortestPath()") ==
          sorted({"6", "6-3", "6-3-1", "6-3-4", "6-3-1-2", "6-3-4-5"}));
    // 6 start vertices x 6 reachable vertices each (the modern graph is connected)
    CHECK(ok(m.g, "g.withComputer().V().shortestPath().count()") == std::vector<Value>{L(36)});
}

TEST_CASE("shortestPath(): all equal-length shortest paths are returned") {
    server::Graph g;
    // 0 -> 1 -> 3, 0 -> 2 -> 3, 3 -> 4: two shortest paths to 3 and to 4
    build(g, 5, {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 3, 1}, {3, 4, 1}});
    CHECK(
        paths(g,
              "g.withComputer().V(0).shortestPath().with('~tinkerpop.shortestPath.edges', Direction.OUT)") ==
        sorted({"0", "0-1", "0-2", "0-1-3", "0-2-3", "0-1-3-4", "0-2-3-4"}));
    // weighted ties too; a heavier branch loses: 0-1-3 costs 1+1, 0-2-3 costs 1+5
    server::Graph h;
    build(h, 4, {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 3, 5}});
    CHECK(paths(h,
                "g.withComputer().V(0).shortestPath().with(ShortestPath.edges, Direction.OUT)."
                "with(ShortestPath.distance, 'w').with(ShortestPath.target, __.hasId(3))") ==
          std::vector<std::string>{"0-1-3"});
}

TEST_CASE("shortestPath(): edges as a Direction or a traversal, includeEdges") {
    Modern m;
    CHECK(paths(m.g, "g.withComputer().V(1).shortestPath().with(ShortestPath.edges, Direction.OUT)") ==
          sorted({"1", "1-2", "1-4", "1-3", "1-4-5"}));
    CHECK(paths(m.g, "g.withComputer().V(2).shortestPath().with(ShortestPath.edges, Direction.OUT)") ==
          std::vector<std::string>{"2"});
    CHECK(paths(m.g, "g.withComputer().V(3).shortestPath().with(ShortestPath.edges, Direction.IN)") ==
          sorted({"3", "3-1", "3-4", "3-6"}));
    CHECK(paths(m.g, "g.withComputer().V(1).shortestPath().with(ShortestPath.edges, __.outE('knows'))") ==
          sorted({"1", "1-2", "1-4"}));
    CHECK(paths(m.g,
                "g.withComputer().V(1).shortestPath().with(ShortestPath.includeEdges).with(ShortestPath."
                "target, __.hasId(5))") == std::vector<std::string>{"1-e8-4-e10-5"});
    CHECK(paths(m.g,
                "g.withComputer().V(1).shortestPath().with(ShortestPath.includeEdges, false)."
                "with(ShortestPath.target, __.hasId(5))") == std::vector<std::string>{"1-4-5"});
}

TEST_CASE("shortestPath(): distance by property or traversal, maxDistance") {
    Modern m;
    // by weight marko -> lop -> josh -> ripple (0.4 + 0.4 + 1.0) beats marko -> josh -> ripple (2.0)
    CHECK(paths(m.g,
                "g.withComputer().V(1).shortestPath().with(ShortestPath.distance, "
                "'weight').with(ShortestPath.target, "
                "__.hasId(5))") == std::vector<std::string>{"1-3-4-5"});
    CHECK(paths(m.g,
                "g.withComputer().V(1).shortestPath().with(ShortestPath.distance, __.values('weight'))."
                "with(ShortestPath.target, __.hasId(4))") == std::vector<std::string>{"1-3-4"});
    // hop limit: the search stops beyond it
    CHECK(paths(m.g, "g.withComputer().V(1).shortestPath().with(ShortestPath.maxDistance, 1)") ==
          sorted({"1", "1-2", "1-4", "1-3"}));
    // a distance limit drops longer paths: from peter lop 0.2, marko 0.6, josh 0.6, vadas 1.1, ripple 1.6
    // (limit 1.2)
    CHECK(paths(m.g,
                "g.withComputer().V(6).shortestPath().with(ShortestPath.distance, "
                "'weight').with(ShortestPath.maxDistance, "
                "1.2)") == sorted({"6", "6-3", "6-3-1", "6-3-4", "6-3-1-2"}));
}

TEST_CASE("shortestPath(): keeps bulks, targets filter end vertices") {
    Modern m;
    // marko is reached from vadas, josh and lop: three traversers, each with its own path to vadas
    CHECK(
        paths(m.g,
              "g.withComputer().V().both().hasId(1).shortestPath().with(ShortestPath.target, __.hasId(2))") ==
        sorted({"1-2", "1-2", "1-2"}));
    CHECK(ok(m.g, "g.withComputer().V(1).shortestPath().count()") == std::vector<Value>{L(6)});
    CHECK(
        paths(
            m.g,
            "g.withComputer().V().shortestPath().with(ShortestPath.target, __.values('name').is('marko'))") ==
        sorted({"1", "2-1", "3-1", "4-1", "5-4-1", "6-3-1"}));
    // the path is usable downstream
    CHECK(ok(m.g,
             "g.withComputer().V(1).shortestPath().with(ShortestPath.target, "
             "__.hasId(5)).unfold().values('name')") == strs({"marko", "josh", "ripple"}));
}

TEST_CASE("shortestPath() needs withComputer(), as TinkerPop's StandardVerificationStrategy") {
    Modern m;
    for (const char* q : {"g.V(1).shortestPath()", "g.V(1).local(__.shortestPath())"}) {
        server::EvalError e = m.err(q);
        CHECK(e.message.find("VertexComputing steps must be executed with a GraphComputer") !=
              std::string::npos);
        CHECK(e.exception == "VerificationException");
    }
}

TEST_CASE("shortestPath(): bad input fails cleanly") {
    Modern m;
    auto err = [&](std::string_view s) { return m.err(s).message; };
    CHECK(err("g.withComputer().inject(1).shortestPath()").find("shortestPath() expects a vertex") !=
          std::string::npos);
    CHECK(err("g.withComputer().V(1).shortestPath().with(ShortestPath.maxDistance, 'x')")
              .find("requires a Number") != std::string::npos);
    CHECK(err("g.withComputer().V(1).shortestPath().with(ShortestPath.target, 1)")
              .find("requires a Traversal") != std::string::npos);
    CHECK(err("g.withComputer().V(1).shortestPath().with(ShortestPath.edges, __.out())")
              .find("must produce edges") != std::string::npos);
    CHECK(err("g.withComputer().V(1).shortestPath(1)").size() > 0);
}

TEST_CASE("shortestPath(): memory per start vertex is bounded") {
    server::Graph g;
    // 21 diamonds in a row: 2^21 shortest paths to the last vertex, more path steps than the bound
    std::vector<std::array<int, 3>> edges;
    constexpr int kDiamonds = 21;
    for (int d = 0; d < kDiamonds; ++d) {
        int a = 3 * d, b = a + 1, c = a + 2, z = a + 3;
        edges.push_back({a, b, 1});
        edges.push_back({a, c, 1});
        edges.push_back({b, z, 1});
        edges.push_back({c, z, 1});
    }
    build(g, 3 * kDiamonds + 1, edges);
    server::EvalError e =
        must_fail(g, "g.withComputer().V(0).shortestPath().with(ShortestPath.edges, Direction.OUT).count()");
    CHECK(e.message.find("shortestPath() kept more than") != std::string::npos);
}
