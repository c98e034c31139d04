// Sacks, withSideEffect reducers (Operator), aggregate()/store() forms and fail() (steps_sidefx.cpp)
// against answers worked out by hand from TinkerPop 3.7.3's semantics on the modern graph.
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

using namespace gremlin_test;
using tpbench::model::Type;

namespace {

using Fixture = ModernGraph;

// The BigDecimal `unscaled` x 10^-scale.
Value M(std::int64_t unscaled, std::int32_t scale) {
    std::string be;
    auto u = static_cast<std::uint64_t>(unscaled);
    for (int i = 7; i >= 0; --i) be.push_back(static_cast<char>((u >> (8 * i)) & 0xff));
    while (be.size() > 1 && ((be[0] == 0 && !(be[1] & 0x80)) || (be[0] == '\xff' && (be[1] & 0x80))))
        be.erase(0, 1);
    return Value::big_decimal(scale, be);
}

}  // namespace

TEST_CASE_FIXTURE(Fixture, "withSideEffect(key, value, Operator) reduces what aggregate() adds") {
    // every reducer folds the by() products in one by one (ages 29, 27, 32, 35; software has none)
    CHECK(q("g.withSideEffect('a', 1, Operator.sum).V().aggregate('a').by('age').cap('a')") ==
          std::vector<Value>{I(124)});
    CHECK(q("g.withSideEffect('a', 1L, sum).V().aggregate(local, 'a').by('age').cap('a')") ==
          std::vector<Value>{L(124)});  // int + long is long
    CHECK(q("g.withSideEffect('a', 200, minus).V().aggregate('a').by('age').cap('a')") ==
          std::vector<Value>{I(77)});
    CHECK(q("g.withSideEffect('a', 0, max).V().aggregate('a').by('age').cap('a')") ==
          std::vector<Value>{I(35)});
    CHECK(q("g.withSideEffect('a', 100, min).V().aggregate('a').by('age').cap('a')") ==
          std::vector<Value>{I(27)});
    CHECK(q("g.withSideEffect('a', 1000000, div).V().has('age', 29).aggregate('a').by('age').cap('a')") ==
          std::vector<Value>{I(34482)});  // integral division
    // Java int arithmetic wraps
    CHECK(q("g.withSideEffect('a', 2147483647, sum).inject(1).aggregate('a').cap('a')") ==
          std::vector<Value>{I(-2147483647 - 1)});
    // BigDecimal meets a double as BigDecimal.valueOf(double)
    CHECK(
        q("g.withSideEffect('a', 1.5, mult).E().has('weight', 0.5d).aggregate('a').by('weight').cap('a')") ==
        std::vector<Value>{M(75, 2)});
    CHECK(q("g.withSideEffect('a', true, Operator.and).V().constant(false).aggregate('a').cap('a')") ==
          std::vector<Value>{Value::boolean(false)});
    CHECK(q("g.withSideEffect('a', false, Operator.or).V().constant(true).aggregate(local, 'a').cap('a')") ==
          std::vector<Value>{Value::boolean(true)});
    // addAll into the initial list keeps duplicates; into a set it does not
    auto l = q("g.withSideEffect('a', [1, 2], addAll).V().out().aggregate('a').by('name').cap('a')").at(0);
    REQUIRE(l.type() == Type::list);
    CHECK(l.size() == 8);
    server::EvalOptions o;
    o.bindings = map_of({S("xx1"), Value::set({S("lop")})});
    auto s = ok(g, "g.withSideEffect('a', xx1).V().both().values('name').store('a').cap('a')", o).at(0);
    REQUIRE(s.type() == Type::set);
    CHECK(same(s.kids(), strs({"marko", "vadas", "lop", "josh", "ripple", "peter"})));
    // assign: aggregate(global) assigns the whole BulkSet, aggregate(local) each traverser's own
    auto all = q("g.withSideEffect('a', [1], assign).V().aggregate('a').by('age').cap('a')").at(0);
    REQUIRE(all.type() == Type::bulk_set);
    CHECK(all.size() == 8);
    CHECK(
        q("g.withSideEffect('a', [1], assign).V().order().by('age').aggregate(local, 'a').by('age').cap('a')")
            .at(0) == Value::bulk_set({I(35), L(1)}));
    // a reducer that does not fit the values fails as TinkerPop does
    CHECK(err("g.withSideEffect('a', 1, sum).V().aggregate('a').cap('a')").exception == "ClassCastException");
    CHECK(err("g.withSideEffect('a', 1).V().aggregate('a').cap('a')").message.find("Map or Collection") !=
          std::string::npos);
    CHECK(err("g.withSideEffect('a', 1, 2).V()").message.find("withSideEffect") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "sacks: withSack, sack(Operator).by(), merging and normSack") {
    CHECK(same(q("g.withSack('x').V().outE().sack(assign).by(label).inV().sack()"),
               strs({"created", "knows", "knows", "created", "created", "created"})));
    CHECK(q("g.withSack(0.0).V().outE().sack(sum).by('weight').inV().sack().sum()") ==
          std::vector<Value>{M(35, 1)});
    CHECK(same(q("g.withSack(0.0).V().repeat(outE().sack(sum).by('weight').inV()).times(2).sack()"),
               {M(20, 1), M(14, 1)}));
    // no withSack(): the sack starts null; an unproductive by() filters the traverser
    CHECK(same(q("g.V().sack(assign).by('age').sack()"), {I(29), I(27), I(32), I(35)}));
    CHECK(q("g.V().sack().limit(1)") == std::vector<Value>{Value()});
    CHECK(q("g.V().sack(sum).by('age').sack().limit(1)") == std::vector<Value>{Value()});  // null + x is null
    // a sack without a merge operator keeps equal traversers apart; with one they merge
    Run apart = run(g, "g.withSack(1).V().out().barrier()");
    CHECK(apart.items.size() == 6);
    Run merged = run(g, "g.withSack(1, sum).V().out().barrier().sack()");
    CHECK(same(merged.values, {I(3), I(3), I(3), I(1), I(1), I(1)}));  // lop: sack 3, bulk 3
    CHECK(same(q("g.withBulk(false).withSack(1, sum).V().out().barrier().sack()"), {I(3), I(1), I(1), I(1)}));
    CHECK(run(g, "g.V().out().barrier()").items.size() == 4);
    // barrier(n) merges within windows of n distinct traversers (NoOpBarrierStep(maxBarrierSize)):
    // out() gives lop, vadas, josh (marko), ripple, lop (josh), lop (peter)
    CHECK(run(g, "g.V().out().barrier(1)").items.size() == 6);
    CHECK(run(g, "g.V().out().barrier(3)").items.size() == 5);  // [lop vadas josh] [ripple lop] [lop]
    CHECK(run(g, "g.V().out().barrier(4)").items.size() == 5);  // [lop vadas josh ripple] [lop lop]
    CHECK(run(g, "g.V().out().barrier(5)").items.size() == 4);  // the lops merge into the first window
    CHECK(run(g, "g.V().out().barrier(2147483647)").items.size() == 4);
    CHECK(q("g.V().out().barrier(2).count()") == std::vector<Value>{L(6)});
    // normSack: sack * bulk / total, then the two walks back to marko merge
    CHECK(q("g.withSack(1.0, "
            "sum).V(1).local(out('knows').barrier(Barrier.normSack)).in('knows').barrier().sack()") ==
          std::vector<Value>{M(10, 1), M(10, 1)});
    CHECK(q("g.withBulk(false).withSack(1.0, sum).V(1).local(outE('knows').barrier(Barrier.normSack).inV())."
            "in('knows').barrier().sack()") == std::vector<Value>{M(10, 1)});
    CHECK(same(q("g.withSack(2).V(1).out('knows').barrier(Barrier.normSack).sack()"), {D(0.5), D(0.5)}));
    // the sack reaches by() children, e.g. math()
    CHECK(q("g.withSack(1).inject(1).repeat(sack(sum).by(constant(1))).times(2).emit().sack()") ==
          std::vector<Value>{I(2), I(3)});
    // refused forms name themselves
    CHECK(err("g.withSack(1).V().sack('x')").message.find("sack") != std::string::npos);
    CHECK(err("g.withSack(1, 2).V()").message.find("withSack") != std::string::npos);
    CHECK(err("g.withSack('a').V().sack(sum).by('age')").exception == "ClassCastException");
}

TEST_CASE_FIXTURE(Fixture, "fail() raises its message; group values see their members' paths") {
    server::EvalError e = err("g.V().fail('stop here')");
    CHECK(e.message == "stop here");
    CHECK(e.exception == "FailException");
    CHECK(err("g.V().fail()").message == "fail() step triggered");
    CHECK(err("g.V().hasLabel('software').fail().count()").message == "fail() step triggered");
    CHECK(q("g.V().has('name', 'nobody').fail()").empty());  // no traverser, no failure
    auto groups =
        q("g.V().hasLabel('person').as('p').out('created').group().by('name').by(select('p').values('age')."
          "sum())");
    REQUIRE(groups.size() == 1);
    CHECK(equivalent(groups[0], map_of({S("ripple"), L(32), S("lop"), L(96)})));
}

TEST_CASE_FIXTURE(Fixture, "global aggregate() is a TraverserSet barrier: equal traversers go on merged") {
    // out() gives lop three times: AggregateGlobalStep's barrier merges them into one bulk-3 traverser
    Run r = run(g, "g.V().out().aggregate('x')");
    REQUIRE(!r.error);
    CHECK(r.items.size() == 4);
    CHECK(r.values.size() == 6);
    // the side effect still counts every product (a BulkSet: lop 3)
    CHECK(q("g.V().out().aggregate('x').by('name').cap('x').unfold().count()") == std::vector<Value>{L(6)});
    CHECK(q("g.withSideEffect('x', 0, sum).V().out().aggregate('x').by(constant(1)).cap('x')") ==
          std::vector<Value>{I(6)});
    // with paths tracked the three lops differ and stay apart
    CHECK(run(g, "g.V().out().aggregate('x').path()").items.size() == 6);
}

TEST_CASE_FIXTURE(Fixture, "a group() nested in a by() keeps its value traversal's shape for every key") {
    // the inner group is reset per outer key: its by(traversal) value stays one object, not a list
    const auto r =
        q("g.V().hasLabel('person').group().by('name').by(group().by('name').by(__.out().fold()."
          "project('n').by(count(local))))");
    REQUIRE(r.size() == 1);
    const Value* marko = r[0].find("marko");
    REQUIRE(marko);
    const Value* inner = marko->find("marko");
    REQUIRE(inner);
    CHECK(inner->type() == Type::map);
    CHECK(*inner == Value::map({S("n"), L(3)}));
    const Value* peter = r[0].find("peter");
    REQUIRE(peter);
    REQUIRE(peter->find("peter"));
    CHECK(*peter->find("peter") == Value::map({S("n"), L(1)}));
}

TEST_CASE_FIXTURE(Fixture,
                  "subgraph() collects each edge once with its two vertices, with their properties") {
    auto r = q(
        "g.V().repeat(__.bothE('created').subgraph('sg').outV()).times(5).values('name').dedup().cap('sg')");
    REQUIRE(r.size() == 1);
    REQUIRE(r[0].type() == Type::graph);
    CHECK(r[0][0].size() == 5);  // marko, lop, josh, ripple, peter
    CHECK(r[0][1].size() == 4);  // the four created edges
    const Value& e = r[0][1][0];
    REQUIRE(e.type() == Type::edge);
    CHECK(e.kids().back().size() == 1);  // its weight property
    // exists, empty, when no edge reaches it
    auto none = q("g.V().outE('noexist').subgraph('sg').cap('sg')");
    REQUIRE(none.size() == 1);
    CHECK(none[0][0].size() == 0);
    CHECK(none[0][1].size() == 0);
    CHECK(run(g, "g.V().subgraph('sg')").error);  // vertices are refused
}

TEST_CASE_FIXTURE(Fixture, "group('a') into withSideEffect('a', map) merges the initial entries") {
    auto r =
        q("g.withSideEffect('a', [marko: [666], noone: ['blah']]).V().group('a').by('name')."
          "by(__.outE().label().fold()).cap('a')");
    REQUIRE(r.size() == 1);
    REQUIRE(r[0].type() == Type::map);
    const Value* marko = r[0].find("marko");
    REQUIRE(marko != nullptr);
    CHECK(*marko == Value::list({I(666), S("created"), S("knows"), S("knows")}));
    REQUIRE(r[0].find("noone") != nullptr);
    CHECK(*r[0].find("noone") == Value::list({S("blah")}));
    CHECK(r[0].size() == 14);  // the six names and noone
}
