// branch()/choose() options, union() as a start step, V()/E() id forms,
// to(Direction), select() and path() forms, order(local) details — after TinkerPop 3.7.3's steps.
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

using namespace gremlin_test;

TEST_CASE("branch(): options by value, P, traversal, Pick.any and Pick.none") {
    server::Graph g;
    g.load_modern();
    CHECK(same(ok(g,
                  "g.V().hasLabel('person').branch(values('age'))"
                  ".option(P.lt(30), constant('young')).option(P.gt(30), constant('old'))"
                  ".option(Pick.none, constant('edge'))"),
               strs({"young", "young", "old", "old"})));
    // two options with one key both run; Pick.any takes every traverser
    CHECK(same(ok(g,
                  "g.V().branch(label().is('person').count())"
                  ".option(1L, values('age')).option(Pick.any, label())"),
               {I(29), I(27), I(32), I(35), S("person"), S("person"), S("person"), S("person"), S("software"),
                S("software")}));
    CHECK(same(ok(g,
                  "g.V().branch(label().is('person').count())"
                  ".option(0L, values('lang')).option(0L, values('name'))"),
               strs({"java", "lop", "java", "ripple"})));
    // no matching option and no Pick.none: the traverser is filtered
    CHECK(ok(g, "g.V().branch(values('name')).option('marko', values('age'))") == std::vector<Value>{I(29)});
    // branch(T.label) applies the token to the traverser: an error on Gremlin Server too
    Run r = run(g, "g.V().branch(label).option('person', values('age'))");
    REQUIRE(r.error);
    CHECK(r.error->message.find("use branch(label())") != std::string::npos);
    // a traversal as option key is tested against the selector's value
    CHECK(same(ok(g,
                  "g.V().branch(identity()).option(has('name', 'vadas'), values('age'))"
                  ".option(hasLabel('software'), values('name'))"),
               {I(27), S("lop"), S("ripple")}));
}

TEST_CASE("branch()/choose(): a barrier in an option routes every traverser before it runs") {
    server::Graph g;
    g.load_modern();
    // one fold over both software vertices' creators, one count over all six vertices
    CHECK(same(ok(g,
                  "g.V().branch(identity())"
                  ".option(hasLabel('software'), __.in('created').values('name').order().fold())"
                  ".option(P.neq(123), bothE().count())"),
               {Value::list({S("josh"), S("josh"), S("marko"), S("peter")}), L(12)}));
    CHECK(ok(g, "g.V().choose(hasLabel('person'), values('age').sum(), constant(0)).fold()") ==
          std::vector<Value>{Value::list({L(123), I(0), I(0)})});
    // a branch no traverser reached yields nothing, not an empty fold
    CHECK(ok(g, "g.inject(1).choose(is(1), constant(10).fold(), fold())") ==
          std::vector<Value>{Value::list({I(10)})});
    CHECK(ok(g, "g.inject(2).choose(is(1), constant(10).fold(), fold())") ==
          std::vector<Value>{Value::list({I(2)})});
}

TEST_CASE("union() as a start step never emits its starter traverser") {
    server::Graph g;
    g.load_modern();
    CHECK(same(ok(g, "g.union(inject(1), inject(2))"), {I(1), I(2)}));
    CHECK(ok(g, "g.union(identity())").empty());
    CHECK(ok(g, "g.union(V().count(), constant('x'))") == std::vector<Value>{L(6), S("x")});
}

TEST_CASE("V()/E() take lists of ids or elements and String edge ids; to(Direction) is a step") {
    server::Graph g;
    g.load_modern();
    CHECK(same(ok(g, "g.V([1, 2, 3]).values('name')"), strs({"marko", "vadas", "lop"})));
    CHECK(ok(g, "g.E('11').inV().values('name')") == strs({"lop"}));
    CHECK(ok(g, "g.E([7, 11]).count()") == std::vector<Value>{L(2)});
    CHECK(same(ok(g, "g.V(1).to(Direction.OUT, 'knows').values('name')"), strs({"vadas", "josh"})));
    CHECK(same(ok(g, "g.V(2).to(Direction.IN).values('name')"), strs({"marko"})));
    CHECK(ok(g, "g.V(1).toE(Direction.OUT, 'created').inV().values('name')") == strs({"lop"}));
    CHECK(ok(g, "g.E(7).toV(Direction.IN).values('name')") == strs({"vadas"}));
    // addE().to(label) stays a modulator
    CHECK(ok(g, "g.V(1).as('a').V(2).addE('x').to('a').inV().values('name')") == strs({"marko"}));
}

TEST_CASE("select(): keys of a path, a key selected twice, select(traversal) with element keys and by()") {
    server::Graph g;
    g.load_modern();
    CHECK(ok(g, "g.V(1).as('a', 'b').out('knows').as('c').path().select(keys).limit(1)") ==
          std::vector<Value>{Value::list({Value::set({S("a"), S("b")}), Value::set({S("c")})})});
    CHECK(ok(g, "g.V(1).as('a').select(all, 'a', 'a').count(local)") == std::vector<Value>{L(1)});
    CHECK(same(ok(g,
                  "g.V().hasLabel('software').as('a').group('m').by().by(bothE().count()).barrier()"
                  ".select('m').select(select('a'))"),
               {L(3), L(1)}));
    CHECK(same(ok(g,
                  "g.V().hasLabel('software').as('a').group('m').by().by(bothE().count()).barrier()"
                  ".select('m').select(select('a')).by(math('_ * 10'))"),
               {D(30), D(10)}));
}

TEST_CASE("path().from().to(): the sub-path between two labels, by() over it") {
    server::Graph g;
    g.load_modern();
    CHECK(same(ok(g, "g.V(1).as('a').out('knows').as('b').out().as('c').path().from('b').to('c').by('name')"),
               {Value::path(Value::list({Value::set({S("b")}), Value::set({S("c")})}),
                            Value::list({S("josh"), S("ripple")})),
                Value::path(Value::list({Value::set({S("b")}), Value::set({S("c")})}),
                            Value::list({S("josh"), S("lop")}))}));
    Run r = run(g, "g.V(1).as('a').out().path().from('zz')");
    REQUIRE(r.error);
    CHECK(r.error->message.find("Could not locate path from-label: zz") != std::string::npos);
    r = run(g, "g.V(1).as('a').out().as('b').path().from('b').to('a')");
    REQUIRE(r.error);
    CHECK(r.error->message.find("from comes after to") != std::string::npos);
}

TEST_CASE("order(local): unproductive by() drops the item, T keys sort by name") {
    server::Graph g;
    g.load_modern();
    CHECK(ok(g, "g.V().fold().order(local).by('age').unfold().values('name')") ==
          strs({"vadas", "marko", "josh", "peter"}));
    CHECK(ok(g, "g.V(1).elementMap().order(local).by(keys, asc).select(keys)") ==
          std::vector<Value>{Value::set({S("age"), Value::enum_(tpbench::model::EnumKind::t, "id"),
                                         Value::enum_(tpbench::model::EnumKind::t, "label"), S("name")})});
}
