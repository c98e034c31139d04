// Named repeat() loops, match() with and()/where()/or() patterns,
// PartitionStrategy edge visibility — after TinkerPop 3.7.3's steps.
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

#include <algorithm>

using namespace gremlin_test;

TEST_CASE("repeat(name, traversal) and loops(name)") {
    server::Graph g;
    g.load_modern();
    // loops('a') inside the body of repeat('a', …) is its own counter
    CHECK(same(ok(g, "g.V(1).repeat('a', out().filter(loops('a').is(0))).emit().values('name')"),
               strs({"lop", "vadas", "josh"})));
    // from a nested repeat, loops('a') is the outer counter, loops('b') (= loops()) the inner one
    CHECK(same(ok(g,
                  "g.V(1).repeat('a', out('knows').repeat('b', "
                  "out('created').filter(loops('a').is(0))).emit()).emit()"
                  ".values('name')"),
               strs({"ripple", "lop"})));
    CHECK(ok(g,
             "g.V(1).repeat('a', out('knows').repeat('b', "
             "out('created').filter(loops('a').is(1))).emit()).emit()"
             ".values('name')")
              .empty());
    CHECK(same(ok(g,
                  "g.V(1).repeat('a', out('knows').repeat('b', "
                  "out('created').filter(loops('b').is(0))).emit()).emit()"
                  ".values('name')"),
               strs({"ripple", "lop"})));
    Run r = run(g, "g.V(1).repeat('a', out().filter(loops('zz').is(0))).times(1)");
    REQUIRE(r.error);
    CHECK(r.error->message.find("Loop name not defined: zz") != std::string::npos);
}

TEST_CASE("match(): and() patterns flatten, where() patterns filter without binding") {
    server::Graph g;
    g.load_modern();
    const std::string m =
        "g.V().match(as('a').out('knows').as('b'), and(as('a').out('created').as('c'), "
        "as('b').out('created').as('c'), and(as('b').out('created').count().as('d'), "
        "as('a').out('knows').count().as('d'))))";
    auto rows = ok(g, m + ".select('a', 'b', 'c').by('name')");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0] == map_of({S("a"), S("marko"), S("b"), S("josh"), S("c"), S("lop")}));
    CHECK(ok(g, m + ".select('d')") == std::vector<Value>{L(2)});
    rows =
        ok(g,
           "g.V().match(where(and(as('a').out('created').as('b'), as('b').in('created').count().is(eq(3)))), "
           "as('a').both().as('b'), where(as('b').in())).select('a').values('name')");
    CHECK(same(rows, strs({"marko", "josh", "peter"})));
}

TEST_CASE("PartitionStrategy: an edge is visible by its own partition") {
    server::Graph g;
    REQUIRE(!run(g,
                 "g.addV('person').property('_p', 'a').property('name', 'alice').as('a')"
                 ".addV('person').property('_p', 'b').property('name', 'bob').as('b')"
                 ".addE('knows').from('a').to('b').property('_p', 'a').property('weight', 1.0d)"
                 ".addE('knows').from('b').to('a').property('_p', 'b').property('weight', 2.0d)")
                 .error);
    const char* ps =
        "g.withStrategies(new PartitionStrategy(partitionKey: '_p', writePartition: 'a', "
        "readPartitions: ['a']))";
    CHECK(ok(g, std::string(ps) + ".V().bothE().values('weight')") == std::vector<Value>{D(1.0)});
    // a vertex step still hides the vertex of the other partition
    CHECK(ok(g, std::string(ps) + ".V().both().count()") == std::vector<Value>{L(0)});
}

// Answers asked of a real TinkerPop 4.0.0-master server (the same in 3.7's MatchStep).
TEST_CASE("match(): where('a', P) compares bound labels; or() is a union of its alternatives") {
    server::Graph g;
    g.load_modern();
    auto co = ok(g,
                 "g.V().match(__.as('a').out('created').as('b'), __.as('b').in('created').as('c'), "
                 "__.where('a', P.neq('c'))).select('a','c').by('name')");
    CHECK(co.size() == 6);
    CHECK(std::count(co.begin(), co.end(), map_of({S("a"), S("marko"), S("c"), S("josh")})) == 1);
    CHECK(std::count(co.begin(), co.end(), map_of({S("a"), S("marko"), S("c"), S("marko")})) == 0);
    CHECK(ok(g, "g.V().match(__.as('a').out('created').as('b'), __.where('a', P.eq('b'))).count()") ==
          std::vector<Value>{L(0)});
    // josh-ripple satisfies both alternatives: two rows
    auto both = ok(g,
                   "g.V().match(__.as('a').out('created').as('b'), __.or(__.as('a').has('name','josh'), "
                   "__.as('b').has('name','ripple'))).select('a','b').by('name')");
    CHECK(same(both, {map_of({S("a"), S("josh"), S("b"), S("ripple")}),
                      map_of({S("a"), S("josh"), S("b"), S("ripple")}),
                      map_of({S("a"), S("josh"), S("b"), S("lop")})}));
    // an alternative's bound end is a check, its unbound end binds (josh created two)
    CHECK(same(ok(g,
                  "g.V().match(__.as('a').out('created').as('b'), __.or(__.as('a').out('knows').as('b'), "
                  "__.as('b').in('created').count().is(3))).select('a','b').by('name')"),
               {map_of({S("a"), S("marko"), S("b"), S("lop")}), map_of({S("a"), S("josh"), S("b"), S("lop")}),
                map_of({S("a"), S("peter"), S("b"), S("lop")})}));
    CHECK(same(ok(g,
                  "g.V().match(__.as('a').out('knows').as('b'), __.or(__.as('b').out('created').as('c'), "
                  "__.as('b').has('age', P.lt(30)))).select('b').values('name')"),
               strs({"vadas", "josh", "josh"})));
}
