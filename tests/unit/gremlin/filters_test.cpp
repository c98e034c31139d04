// The filter steps of src/server/gremlin/steps_filter_*.cpp on the modern graph: infix and()/or()
// (ConnectiveStrategy), where() over connectives, SeedStrategy with coin()/sample(), the has()
// family's null keys and String ids, dedup(labels).by(), path filters with by()/from()/to().
// Answers are worked out by hand from the modern graph.
#include <tpbench/server/gremlin.hpp>

#include "../../../src/server/gremlin/steps_filter_where_has.hpp"
#include "gremlin_test_util.hpp"

using namespace gremlin_test;

namespace {

struct Fixture : ModernGraph {
    // The error message of a script that must fail.
    std::string err(std::string_view s) { return must_fail(g, s).message; }
};

}  // namespace

TEST_CASE("java.util.Random sequences") {
    using tpbench::server::detail::JavaRandom;
    // new Random(42).nextDouble() and new Random(0).nextDouble() in Java
    CHECK(JavaRandom(42).next_double() == 0.7275636800328681);
    CHECK(JavaRandom(0).next_double() == 0.730967787376657);
    JavaRandom r(42);
    CHECK(r.next_int(10) == 0);
    CHECK(r.next_int(10) == 3);
    JavaRandom p(7);
    for (int i = 0; i < 1000; ++i) {
        auto x = p.next_int(8);  // power of two bound
        REQUIRE((x >= 0 && x < 8));
        auto y = p.next_int(1000003);
        REQUIRE((y >= 0 && y < 1000003));
    }
}

TEST_CASE("infix and()/or() bind like ConnectiveStrategy") {
    Fixture f;
    // the right operand is the rest of the traversal: values('name') filters inside it, so the
    // vertices themselves come out (what Gremlin Server 3.7.5 answers)
    CHECK(same(f.q("g.V().has('age').and().has('age',gt(30)).values('name')"), modern_vertices({4, 6})));
    CHECK(same(f.q("g.V().has('name','marko').and().has('age',29)"), modern_vertices({1})));
    CHECK(f.q("g.V().has('name','marko').and().has('age',30)").empty());
    // or binds looser: (person and age > 30) or lang java
    CHECK(same(f.q("g.V().hasLabel('person').and().has('age',gt(30)).or().has('lang','java')"),
               modern_vertices({4, 6, 3, 5})));
    // the source's start step and its labels stay outside the left operand
    CHECK(same(f.q("g.V().as('a').out('knows').and().out('created').in('created').as('a').values('name')"),
               modern_vertices({1})));
    // inside an anonymous traversal, and() markers nested in or() operands
    CHECK(same(f.q("g.V().where(out('created').and().out('knows').or().in('knows')).values('name')"),
               strs({"marko", "vadas", "josh"})));
    CHECK(same(f.q("g.V().or(has('age',gt(34)).or().has('age',lt(28))).values('name')"),
               strs({"peter", "vadas"})));
    CHECK(same(f.q("g.V().and(outE(), has(T.label,'person').and().has('age',gte(32))).values('name')"),
               strs({"josh", "peter"})));
}

TEST_CASE("where() opens up and()/or()/not() and their start/end labels") {
    Fixture f;
    auto r =
        f.q("g.V().as('a').out('created').as('b').where(and(as('b').in(), not(as('a').out('created')."
            "has('name','ripple')))).select('a','b').by('name')");
    // marko-lop and peter-lop: josh created ripple
    CHECK(same(r, {Value::map({S("a"), S("marko"), S("b"), S("lop")}),
                   Value::map({S("a"), S("peter"), S("b"), S("lop")})}));
    // by() ring over the predicate's labels: a->age, b->weight, c->min creator age, d->age again
    auto w =
        f.q("g.V().as('a').outE('created').as('b').inV().as('c').in('created').as('d')."
            "where('a', lt('b').or(gt('c')).and(neq('d'))).by('age').by('weight')."
            "by(__.in('created').values('age').min()).select('a','c','d').by('name')");
    CHECK(w.size() == 4);
}

TEST_CASE("SeedStrategy makes coin() and sample() reproducible as in Java") {
    Fixture f;
    auto one = f.q(
        "g.withStrategies(new SeedStrategy(seed: 999999)).V().order().by('name').coin(0.5).values('name')");
    CHECK(one == strs({"josh"}));
    for (int i = 0; i < 3; ++i)
        CHECK(f.q("g.withStrategies(new SeedStrategy(seed: "
                  "123)).V().order().by('name').coin(0.5).values('name')") ==
              f.q("g.withStrategies(new SeedStrategy(seed: "
                  "123)).V().order().by('name').coin(0.5).values('name')"));
    auto loc = f.q(
        "g.withStrategies(new SeedStrategy(seed: 999999)).V().hasLabel('person').bothE().values('weight')."
        "order().fold().sample(local, 5)");
    REQUIRE(loc.size() == 1);
    CHECK(loc[0] == Value::list({D(0.5), D(1.0), D(0.4), D(0.2), D(1.0)}));
    CHECK(f.q("g.V().sample(3)").size() == 3);
    CHECK(f.q("g.V().sample(30)").size() == 6);
    // by(): software has no age, so only persons can be drawn
    for (int i = 0; i < 5; ++i) {
        auto s = f.q("g.V().sample(1).by('age').label()");
        REQUIRE(s.size() == 1);
        CHECK(s[0] == S("person"));
    }
    CHECK(f.q("g.V(1).values('age').sample(local, 5)") == std::vector<Value>{I(29)});
    CHECK(f.q("g.V().fold().sample(local, 2)").at(0).size() == 2);
    CHECK(f.err("g.V().sample(1).by('name')").find("does not evaluate to a number") != std::string::npos);
    CHECK(f.err("g.withStrategies(new SeedStrategy(seed: 'x')).V()").find("SeedStrategy") !=
          std::string::npos);
}

TEST_CASE("has() with null keys, T tokens through traversals and String ids") {
    Fixture f;
    CHECK(f.q("g.V().has(null)").empty());
    CHECK(f.q("g.V().has(null, 'x')").empty());
    CHECK(same(f.q("g.V().has(T.label, __.is('software')).values('name')"), strs({"lop", "ripple"})));
    CHECK(same(f.q("g.V().has(T.id, '2').values('name')"), strs({"vadas"})));
    CHECK(same(f.q("g.V().has(T.id, within('1','2')).values('name')"), strs({"marko", "vadas"})));
    CHECK(same(f.q("g.V().hasId('1', null).values('name')"), strs({"marko"})));
    CHECK(same(f.q("g.E().has(T.id, '10').inV().values('name')"), strs({"ripple"})));
}

TEST_CASE("dedup(labels).by(), repeat(dedup()), path filters with by()/from()/to()") {
    Fixture f;
    // marko's neighbours deduplicated by age: vadas and josh (lop has no age)
    CHECK(f.q("g.V(1).as('a').both().as('b').both().as('c').dedup('a','b').by('age')").size() == 2);
    CHECK(f.q("g.V().repeat(dedup()).times(2).count()") == std::vector<Value>{L(0)});
    CHECK(f.q("g.V().repeat(dedup()).times(1).count()") == std::vector<Value>{L(6)});
    // ...but a repeat re-run by local() for each vertex starts with an empty seen set
    CHECK(f.q("g.V().local(repeat(dedup()).times(1)).count()") == std::vector<Value>{L(6)});
    CHECK(f.q("g.V(1).both().both().cyclicPath().by('age')").size() == 2);
    CHECK(f.q("g.V(1).as('a').out('created').as('b').in('created').as('c').cyclicPath().from('a').to('b')")
              .empty());
    CHECK(f.q("g.V(1).as('a').out('created').as('b').in('created').as('c').simplePath().from('b').to('c')."
              "path()")
              .size() == 3);
    CHECK(f.q("g.V().both().as('a').both().as('b').simplePath().path().by('age').from('a').to('b')").size() ==
          6);
    CHECK(f.err("g.V().out().simplePath().from('x')").find("Could not locate path from-label: x") !=
          std::string::npos);
}
