// The TinkerPop strategies whose effects show in results (src/server/gremlin/strategies.cpp):
// where LazyBarrierStrategy and PathRetractionStrategy bulk traversers (and so the order results come
// in), IncidentToAdjacentStrategy, RepeatUnrollStrategy, EarlyLimitStrategy, CountStrategy and
// withoutStrategies(). Every expected stream below is what real Apache TinkerPop Gremlin Server 3.7.5
// answered over ws37 (and 4.0.0-master over http4, the same) on the modern graph, in order.
#include "gremlin_test_util.hpp"

using namespace gremlin_test;

TEST_CASE_FIXTURE(ModernGraph,
                  "LazyBarrierStrategy: a barrier after the second flatMap groups equal traversers") {
    // V() (no ids, no has() after it) is the first flatMap; both() gets the barrier: first appearance first
    CHECK(q("g.V().both().values('name')") == strs({"lop", "lop", "lop", "vadas", "josh", "josh", "josh",
                                                    "marko", "marko", "marko", "peter", "ripple"}));
    // with the strategy off, the lazy order
    CHECK(q("g.withoutStrategies(LazyBarrierStrategy).V().both().values('name')") ==
          strs({"lop", "vadas", "josh", "marko", "marko", "josh", "peter", "ripple", "lop", "marko", "josh",
                "lop"}));
    // EarlyLimitStrategy has no map step to pass here; the barrier before limit() picks the bulked ones
    CHECK(q("g.V().both().both().limit(5).values('name')") ==
          strs({"marko", "marko", "marko", "josh", "josh"}));
}

TEST_CASE_FIXTURE(ModernGraph, "LazyBarrierStrategy: a child traversal gets its own walk") {
    // local(both().both()): the second both() ends the child, so no barrier anywhere
    auto r = q("g.V().local(__.both().both()).values('name')");
    REQUIRE(r.size() == 30);
    CHECK(std::vector<Value>(r.begin(), r.begin() + 8) ==
          strs({"marko", "josh", "peter", "marko", "ripple", "lop", "marko", "lop"}));
}

TEST_CASE_FIXTURE(ModernGraph,
                  "IncidentToAdjacentStrategy: bothE().otherV() is both(), so it bulks like one") {
    auto r = q("g.V().both().bothE().otherV().values('name')");
    REQUIRE(r.size() == 30);
    CHECK(std::vector<Value>(r.begin(), r.begin() + 8) ==
          strs({"marko", "marko", "marko", "marko", "marko", "marko", "marko", "josh"}));
    // otherV() with no vertex before the edge in the path is an error (EdgeOtherVertexStep)
    CHECK(err("g.E().otherV()")
              .message.find("The path history of the traverser does not contain a previous vertex") !=
          std::string::npos);
}

TEST_CASE_FIXTURE(ModernGraph,
                  "PathRetractionStrategy: labels nothing reads are dropped, a barrier follows select()") {
    // select('a') is the last reader of 'a': the path is retracted and the two markos merge
    CHECK(q("g.V().identity().as('a').out('knows').select('a').both('knows').values('name')") ==
          strs({"vadas", "vadas", "josh", "josh"}));
    auto r = q("g.V().as('a').both().select('a').both().values('name')");
    REQUIRE(r.size() == 30);
    CHECK(std::vector<Value>(r.begin(), r.begin() + 8) ==
          strs({"lop", "lop", "lop", "lop", "lop", "lop", "lop", "vadas"}));
    // a label read later (format's %{p1}) keeps the traversers apart
    CHECK(q("g.V().hasLabel('person').as('a').values('name').as('p1').select('a').in('knows')."
            "format('%{p1} knows %{name}')") == strs({"vadas knows marko", "josh knows marko"}));
    // a plain where(__.out()) is no PathProcessor: 'a' stays, so no barrier after the last both()
    auto w = q("g.V().both().as('a').both().where(__.out()).both().values('name')");
    REQUIRE(w.size() == 45);
    CHECK(std::vector<Value>(w.begin(), w.begin() + 6) ==
          strs({"lop", "lop", "lop", "vadas", "vadas", "vadas"}));
}

TEST_CASE_FIXTURE(ModernGraph, "RepeatStep: one start at a time, depth first, loop-backs merged in a FIFO") {
    // emit() after the body: each start's whole loop before the next start
    CHECK(q("g.V().repeat(__.out()).emit().range(0, 8).values('name')") ==
          strs({"lop", "vadas", "josh", "ripple", "lop", "ripple", "lop", "lop"}));
    // unrolled times(2) with a barrier after it: no merge after the last copy
    CHECK(q("g.V().repeat(__.both()).times(2).range(3, 10).values('name')") ==
          strs({"josh", "josh", "josh", "peter", "peter", "peter", "marko"}));
    // a barrier in the body takes every start waiting (order() sorts a whole generation)
    auto r = q("g.V(1).repeat(__.both().order().by('name')).emit().times(2).values('name')");
    REQUIRE(r.size() == 10);
    CHECK(std::vector<Value>(r.begin(), r.begin() + 6) ==
          strs({"josh", "lop", "vadas", "josh", "lop", "marko"}));
    // order() merges equal traversers before sorting
    CHECK(q("g.V().both().order().by('name').both().range(0, 5).values('name')") ==
          strs({"ripple", "ripple", "ripple", "lop", "lop"}));
    // until()/times() already set: the next until() starts another repeat() (until first)
    CHECK(q("g.V().repeat(__.both().limit(2)).emit().times(2).until(__.hasLabel('software')).repeat(__.out()"
            ")") == modern_vertices({3}));
}

TEST_CASE_FIXTURE(ModernGraph, "RepeatUnrollStrategy: an unrolled body continues its parent's walk") {
    CHECK(q("g.V().repeat(__.out()).times(1).in().values('name')") ==
          strs({"marko", "marko", "marko", "marko", "marko", "josh", "josh", "josh", "josh", "peter", "peter",
                "peter"}));
}

TEST_CASE_FIXTURE(ModernGraph, "CountStrategy: count() compared by is() counts no further than it must") {
    // FilterRankingStrategy moves is(gt(1)) next to count(); CountStrategy bounds the count at 2
    CHECK(q("g.V().out().count().order().by(desc).is(gt(1))") == std::vector<Value>{L(2)});
    CHECK(q("g.V().out().count().is(gt(1))") == std::vector<Value>{L(2)});
    CHECK(q("g.V().out().count().is(lt(10))") == std::vector<Value>{L(6)});
    CHECK(q("g.V().out().count().is(within(1, 2, 3))") == std::vector<Value>{});  // bounded at 4
    CHECK(q("g.withoutStrategies(CountStrategy).V().out().count().is(gt(1))") == std::vector<Value>{L(6)});
    // a label on count() does not stop it; InlineFilterStrategy makes where(__.is(P)) an is(P)
    CHECK(q("g.V().out().count().as('x').is(gt(1))") == std::vector<Value>{L(2)});
    CHECK(q("g.V().out().count().where(__.is(gt(1)))") == std::vector<Value>{L(2)});
    // a limit() right before count(): left alone
    CHECK(q("g.V().out().limit(5).count().is(gt(1))") == std::vector<Value>{L(5)});
}
