// The generation switches (src/server/gremlin/dialect.hpp): each one checked both ways —
// what a 3.7 evaluation (ws37, http3) does and what a 4.0 evaluation (http4) does with the same text.
#include "gremlin_test_util.hpp"

using namespace gremlin_test;
using tpbench::model::Type;
using tpbench::server::Generation;

namespace {

server::EvalOptions gen(Generation g) {
    server::EvalOptions o;
    o.language = "gremlin-lang";
    o.generation = g;
    return o;
}
const server::EvalOptions v37 = gen(Generation::tp37);
const server::EvalOptions v40 = gen(Generation::tp40);

}  // namespace

TEST_CASE_FIXTURE(ModernGraph,
                  "traversal_arguments: P.gt(__.…), is(__.…), has(key, __.…), hasId(__.…), V(__.…)") {
    const char* gt = "g.V().has('age', P.gt(__.V().has('name','marko').values('age'))).values('name')";
    CHECK(same(q(gt, v40), strs({"josh", "peter"})));
    CHECK(must_fail(g, gt, v37).message.find("No signature of method: P.gt()") != std::string::npos);
    // a child with no result: a scalar predicate matches nothing, not() of it everything
    CHECK(q("g.V().has('age', P.eq(__.values('nope'))).values('name')", v40).empty());
    CHECK(q("g.V().values('age').is(P.not(P.eq(__.V().has('name','nobody').values('age'))))", v40).size() ==
          4);
    // within(__.…): every item of the child's collection
    CHECK(same(q("g.V().values('name').is(P.within(__.V().has('age', P.gt(30)).values('name').fold()))", v40),
               strs({"josh", "peter"})));
    CHECK(same(q("g.V().values('age').is(__.constant(29))", v40), {I(29)}));
    // where(P(__.…)): the child runs on the traverser, apart from the by() ring (WherePredicateStep)
    CHECK(same(q("g.V().where(P.gt(__.V().has('name','marko').values('age'))).by('age').values('name')", v40),
               strs({"josh", "peter"})));
    CHECK(same(q("g.V().has('name','marko').as('a').V().values('age').where(P.gte(__.constant(29)).and(P.neq("
                 "'a'))).by().by('age')",
                 v40),
               {I(32), I(35)}));
    // has(key, traversal): 3.7 feeds the property value through it; 4.0 is has(key, P.eq(traversal))
    // resolved against the element
    CHECK(same(q("g.V().has('name', __.is('marko')).values('name')", v37), strs({"marko"})));
    CHECK(q("g.V().has('name', __.not(__.identity()))", v40).empty());
    CHECK(same(q("g.V().has('name', __.constant('marko')).values('name')", v40), strs({"marko"})));
    CHECK(same(q("g.V().hasId(__.V().has('name','josh').id()).values('name')", v40), strs({"josh"})));
    CHECK(same(q("g.V().has('name','marko').V(__.out('knows').id()).values('name')", v40),
               strs({"vadas", "josh"})));
    CHECK(
        must_fail(g, "g.V().has('name','marko').V(__.out('knows').id())", v37).message.find("No signature") !=
        std::string::npos);
}

TEST_CASE_FIXTURE(ModernGraph,
                  "new_steps: GType, P.typeOf, asNumber(), asBool(), Binary/Duration/UUID literals") {
    // gremlin-lang's Set literal: each distinct item once
    CHECK(same(q("g.inject({1, 3, 1}).unfold()", v40), {I(1), I(3)}));
    CHECK(q("g.inject({1, 3}).is(P.typeOf(GType.SET))", v40).size() == 1);
    CHECK(must_fail(g, "g.inject({1, 3})", v37).message.find("closures are not supported") !=
          std::string::npos);
    CHECK(q("g.V().values('age').is(P.typeOf(GType.INT))", v40).size() == 4);
    CHECK(q("g.V().values('name').is(P.typeOf('String'))", v40).size() == 6);
    CHECK(q("g.V().values('age').is(P.typeOf(GType.LONG))", v40).empty());
    CHECK(q("g.V().is(P.typeOf(GType.VERTEX))", v40).size() == 6);
    CHECK(must_fail(g, "g.V().values('age').is(P.typeOf(GType.INT))", v37)
              .message.find("No such property: GType") != std::string::npos);
    CHECK(
        must_fail(g, "g.inject(1).is(P.typeOf('Nope'))", v40).message.find("Nope is not a registered type") !=
        std::string::npos);

    auto one = [&](const char* s) {
        auto r = q(s, v40);
        REQUIRE(r.size() == 1);
        return r[0];
    };
    CHECK(one("g.inject('5').asNumber()") == I(5));
    CHECK(one("g.inject('0x5').asNumber()") == I(5));
    CHECK(one("g.inject('5000000000').asNumber()") == L(5000000000));
    CHECK(one("g.inject(5.67).asNumber(GType.INT)") == I(5));
    CHECK(one("g.inject(12).asNumber(GType.BYTE)").type() == Type::byte);
    CHECK(one("g.inject(5).asNumber(GType.BIGDECIMAL)").type() == Type::big_decimal);
    CHECK(must_fail(g, "g.inject(300).asNumber(GType.BYTE)", v40).message ==
          "Can't convert number of type Integer to Byte due to overflow.");
    CHECK(must_fail(g, "g.inject('test').asNumber()", v40).message == "Can't parse string 'test' as number.");
    CHECK(must_fail(g, "g.inject(1).asNumber(GType.VERTEX)", v40)
              .message.find("requires a numeric type token") != std::string::npos);
    CHECK(one("g.inject('tRUe').asBool()") == Value::boolean(true));
    CHECK(one("g.inject(0).asBool()") == Value::boolean(false));
    CHECK(must_fail(g, "g.inject('hello').asBool()", v40).message == "Can't parse hello as Boolean.");
    CHECK(must_fail(g, "g.inject('5').asNumber()", v37).message.find("unsupported step 'asNumber'") !=
          std::string::npos);

    CHECK(one("g.inject(Binary('AQID'))") == Value::binary(std::string("\x01\x02\x03", 3)));
    CHECK(one("g.inject(Duration(1, 500000000, false))") == Value::duration(-2, 500000000));
    CHECK(one("g.inject(UUID('f47af10b-58cc-4372-a567-0f02b2f3d479'))").type() == Type::uuid);
    CHECK(one("g.inject(\"a\"c)").type() == Type::char_);
}

TEST_CASE_FIXTURE(ModernGraph, "both generations: the literal minima and out-of-range literals") {
    for (const auto* o : {&v37, &v40}) {
        CHECK(q("g.inject(-128b)", *o) == std::vector<Value>{Value::byte(-128)});
        CHECK(q("g.inject(-32768s)", *o) == std::vector<Value>{Value::short_(-32768)});
        CHECK(q("g.inject(-2147483648i)", *o) == std::vector<Value>{I(-2147483648LL)});
        CHECK(q("g.inject(-9223372036854775808l)", *o) ==
              std::vector<Value>{L(std::numeric_limits<std::int64_t>::min())});
        // a signed BigInteger literal: -129n is 0xff7f
        CHECK(q("g.inject(-129n)", *o) == std::vector<Value>{Value::big_integer(std::string("\xff\x7f", 2))});
        CHECK(q("g.inject(-2147483648)", *o) == std::vector<Value>{I(-2147483648LL)});
        CHECK(q("g.inject(-2147483649)", *o) == std::vector<Value>{L(-2147483649LL)});
        CHECK(must_fail(g, "g.inject(-129b)", *o).kind == server::EvalError::Kind::syntax);
        CHECK(must_fail(g, "g.inject(128b)", *o).kind == server::EvalError::Kind::syntax);
        CHECK(must_fail(g, "g.inject(-9223372036854775809l)", *o).kind == server::EvalError::Kind::syntax);
        CHECK(q("g.inject(5).math('_ - 1')", *o).size() == 1);  // binary minus is still subtraction
    }
}

TEST_CASE_FIXTURE(
    ModernGraph,
    "traversal_arguments: a child traversal used as a value must not mutate (ReadOnlyChildValidator)") {
    for (const char* s :
         {"g.V().has('name', P.eq(__.addV('x').values('name')))", "g.V().V(__.addV('x').id())",
          "g.V().values('age').is(__.V().drop().constant(1))"}) {
        auto e = must_fail(g, s, v40);
        CHECK(e.message.find("mutating step") != std::string::npos);
    }
    CHECK(q("g.V().count()", v40) == std::vector<Value>{L(6)});  // nothing was added
}

TEST_CASE_FIXTURE(ModernGraph, "gremlin-lang 4.0 strategy configuration without new, plain \"$\" strings") {
    CHECK(q("g.withStrategies(OptionsStrategy(myVar: 'myValue')).V().count()", v40) ==
          std::vector<Value>{L(6)});
    CHECK(q("g.withoutStrategies(OrderLimitStrategy).V().count()", v40) == std::vector<Value>{L(6)});
    CHECK(q("g.inject(\"a$b\")", v40) == strs({"a$b"}));
    server::EvalOptions groovy;  // Groovy still interpolates "$x" (refused)
    CHECK(must_fail(g, "g.inject(\"a$b\")", groovy).message.find("GString") != std::string::npos);
}

TEST_CASE_FIXTURE(
    ModernGraph,
    "number_promotion: 4.0 promotes on overflow and sum() keeps the type; 3.7 wraps and sums to Long") {
    auto one = [&](const char* s, const server::EvalOptions& o) {
        auto r = q(s, o);
        REQUIRE(r.size() == 1);
        return r[0];
    };
    CHECK(one("g.withSack(127b).inject(1b).sack(sum).sack()", v40) == Value::short_(128));
    CHECK(one("g.withSack(127b).inject(1b).sack(sum).sack()", v37) == Value::byte(-128));
    CHECK(one("g.withSack(2147483647i).inject(1i).sack(sum).sack()", v40) == L(2147483648LL));
    CHECK(one("g.withSack(-128b).inject(-1b).sack(div).sack()", v40) == Value::short_(128));
    CHECK(one("g.inject(127b, 1b).sum()", v40) == Value::short_(128));
    CHECK(one("g.inject(127b, 1b).sum()", v37) == L(128));
    // sum(local): 4.0 adds as NumberHelper does (a byte list sums to a Byte), 3.7 to an Int
    CHECK(one("g.inject([1b, 2b, 3b]).sum(Scope.local)", v40) == Value::byte(6));
    CHECK(one("g.inject([1b, 2b, 3b]).sum(Scope.local)", v37) == I(6));
    CHECK(one("g.V().values('age').sum()", v40) == I(123));
    CHECK(one("g.V().values('age').sum()", v37) == L(123));
    CHECK(must_fail(g, "g.withSack(9223372036854775807l).inject(1l).sack(sum).sack()", v40).message ==
          "long overflow");
}

TEST_CASE_FIXTURE(ModernGraph, "inject_under_repeat_rejected: 4.0 refuses inject() under repeat()") {
    auto e = must_fail(g, "g.V().repeat(inject('y')).times(2)", v40);
    CHECK(e.message.find("The parent of inject()-step can not be repeat()-step") != std::string::npos);
    CHECK(must_fail(g, "g.V().repeat(out().union(inject('y'), identity())).times(2)", v40)
              .message.find("inject()") != std::string::npos);
    CHECK(q("g.V().repeat(out()).times(2).inject('y').count()", v40) == std::vector<Value>{L(3)});
}

TEST_CASE_FIXTURE(ModernGraph,
                  "single_by_modulator: 4.0 refuses two by() on "
                  "dedup()/sample()/aggregate()/groupCount()/sack()/valueMap()") {
    // real 4.0 master: "Dedup step can only have one by modulator"; real 3.7.5: 2 names (by('name') wins)
    const char* dedup = "g.V().both().hasLabel('software').dedup().by('lang').by('name').values('name')";
    CHECK(must_fail(g, dedup, v40).message == "Dedup step can only have one by modulator");
    CHECK(same(q(dedup, v37), strs({"lop", "ripple"})));
    CHECK(must_fail(g, "g.V().sample(1).by('age').by(T.id)", v40).message ==
          "Sample step can only have one by modulator");
    CHECK(q("g.V().sample(1).by('age').by(T.id)", v37).size() == 1);
    // aggregate(): 4.0's AggregateStep refuses a second by(); 3.7's modulateBy keeps the last
    const char* agg = "g.V().hasLabel('software').aggregate('x').by('name').by('lang').cap('x').unfold()";
    CHECK(must_fail(g, agg, v40).message == "Aggregate step can only have one by modulator");
    CHECK(same(q(agg, v37), strs({"java", "java"})));
    // groupCount() and sack(): the same (3.7's modulateBy keeps the last)
    const char* gc = "g.V().out('created').groupCount('x').by('name').by('lang').cap('x')";
    CHECK(must_fail(g, gc, v40).message == "GroupCount step can only have one by modulator");
    CHECK(q(gc, v37) == std::vector<Value>{map_of({S("java"), L(4)})});
    const char* sk = "g.V().hasLabel('software').sack(assign).by('lang').by('name').sack()";
    CHECK(must_fail(g, sk, v40).message == "Sack step can only have one by modulator");
    CHECK(same(q(sk, v37), strs({"lop", "ripple"})));
    // valueMap(): 4.0 one by(); 3.7 a ring of them
    const char* vm = "g.V().hasLabel('software').valueMap('name', 'lang').by(__.unfold()).by(__.count())";
    CHECK(must_fail(g, vm, v40).message == "valueMap()/propertyMap() step can only have one by modulator");
    CHECK(q(vm, v37).size() == 2);
}

TEST_CASE_FIXTURE(ModernGraph,
                  "label mutation: 4.0's addLabel()/dropLabel()/dropLabels() fail per traverser") {
    CHECK(must_fail(g, "g.E().addLabel('friend')", v40).message.find("Label mutation is not supported") == 0);
    CHECK(must_fail(g, "g.V().dropLabels()", v40).message.find("Label mutation is not supported") == 0);
    CHECK(must_fail(g, "g.V().dropLabel('person')", v40).message.find("Label mutation is not supported") ==
          0);
    CHECK(q("g.V().hasLabel('nobody').addLabel('x')", v40).empty());  // no traverser, no error
    CHECK(must_fail(g, "g.E().addLabel('friend')", v37).message.find("unsupported step 'addLabel'") == 0);
}

TEST_CASE_FIXTURE(ModernGraph, "label_cardinality_one: 4.0 master's label API over a cardinality-ONE graph") {
    const std::string cardinality =
        "Label mutation is not supported with cardinality ONE. Labels are immutable once assigned.";
    // the messages real 4.0 master answers (asked of it over http4)
    // several traversals: a collection among them fails first
    CHECK(must_fail(g, "g.addV(__.constant(['a', 'b']), __.constant('c'))", v40).message ==
          "Label traversal must produce a scalar String when multiple traversals are provided, but got a "
          "Collection");
    CHECK(must_fail(g, "g.V().addLabel(__.constant(['a', 'b']), __.constant('c'))", v40).message ==
          "Traversal argument must produce a scalar String when multiple traversals are provided, but got a "
          "Collection");
    CHECK(must_fail(g, "g.E().addLabel('friend')", v40).message ==
          "Label mutation is not supported on this element");
    CHECK(must_fail(g, "g.V(1).addLabel('employee')", v40).message == cardinality);
    CHECK(must_fail(g, "g.addV('a','b','c')", v40).message ==
          "Element creation allows at most 1 label(s) with cardinality ONE, got 3");
    CHECK(must_fail(g, "g.mergeV([(T.label): ['a', 'b']])", v40).message ==
          "Element creation allows at most 1 label(s) with cardinality ONE, got 2");
    CHECK(q("g.V().hasLabel('nobody').addV('a','b')", v40).empty());  // no traverser, no error
    CHECK(q("g.V(1).outE().labels()", v40).size() == 3);
    CHECK(q("g.V(1).properties('name').labels()", v40) == std::vector<Value>{Value::string("name")});
    CHECK(must_fail(g, "g.inject(1).labels()", v40).message.find("class java.lang.Integer cannot be cast") ==
          0);
    auto label_type = [](const Value& m) {  // the type of an element map's T.label value
        for (std::size_t i = 1; i < m.size(); i += 2)
            if (m[i - 1].type() != tpbench::model::Type::string && m[i - 1].str() == "label")
                return m[i].type();
        return tpbench::model::Type::null;
    };
    auto em = q("g.with('multilabel').V(1).elementMap('name')", v40);
    REQUIRE(em.size() == 1);
    CHECK(label_type(em[0]) == tpbench::model::Type::set);
    // 3.7: no multi-label API, the option changes nothing
    CHECK(must_fail(g, "g.addV('a','b')", v37).message.find("No signature of method") != std::string::npos);
    CHECK(must_fail(g, "g.V(1).labels()", v37).message.find("unsupported step 'labels'") == 0);
    auto em37 = q("g.with('multilabel').V(1).elementMap('name')", v37);
    REQUIRE(em37.size() == 1);
    CHECK(label_type(em37[0]) == tpbench::model::Type::string);
}

TEST_CASE_FIXTURE(ModernGraph, "a repeat() modulator without repeat() fails as the real servers say") {
    for (const auto* opts : {&v37, &v40})
        for (const char* s : {"g.V().emit()", "g.V().times(5)", "g.V().until(__.identity())"})
            CHECK(must_fail(g, s, *opts).message.find("The repeat()-traversal was not defined") == 0);
}

TEST_CASE_FIXTURE(ModernGraph,
                  "mergee_vertex_does_not_exist: each generation's message for a missing vertex id") {
    const char* s = "g.mergeE([(T.label):'knows',(Direction.OUT):100,(Direction.IN):101])";
    CHECK(must_fail(g, s, v40).message == "Vertex does not exist for mergeE: 100");
    CHECK(must_fail(g, s, v37).message == "Vertex id could not be resolved from mergeE: 100");
}

TEST_CASE_FIXTURE(ModernGraph, "branch_v4_picks: choose() and branch() route as real 4.0 master does") {
    // each expected list is real 4.0.0-master's answer (asked 2026-12-07)
    // 4.0: marko, vadas by name, the four others passed through; 3.7: lop has no age and fails
    const char* c1 = "g.V().choose(__.values('age')).option(P.between(26,30), __.values('name'))";
    CHECK(q(c1, v40).size() == 6);
    CHECK(q("g.V().choose(__.values('age')).option(P.between(26,30), __.values('name')).hasLabel('software')",
            v40)
              .size() == 2);
    CHECK(must_fail(g, c1, v37).message.find("does not map to a value") != std::string::npos);
    CHECK(same(q("g.V().branch(__.values('age')).option(P.between(26,30), __.values('name'))", v40),
               strs({"marko", "vadas"})));
    CHECK(
        same(q("g.V().hasLabel('person').choose(__.values('age')).option(P.between(26,30), __.constant('x'))"
               ".option(P.between(20,30), __.constant('y')).option(Pick.none, __.constant('z'))",
               v40),
             strs({"x", "x", "z", "z"})));
    CHECK(
        same(q("g.V().hasLabel('person').branch(__.values('age')).option(P.between(26,30), __.constant('x'))"
               ".option(P.between(20,30), __.constant('y'))",
               v40),
             strs({"x", "y", "x", "y"})));
    CHECK(same(q("g.V().branch(__.values('age')).option(P.between(26,30), __.values('name'))"
                 ".option(Pick.none, __.label())",
                 v40),
               strs({"marko", "vadas", "software", "person", "software", "person"})));
    CHECK(same(q("g.V().branch(__.values('age')).option(P.between(26,30), __.values('name'))"
                 ".option(Pick.unproductive, __.label())",
                 v40),
               strs({"marko", "vadas", "software", "software"})));
    CHECK(must_fail(g,
                    "g.V().choose(__.values('age')).option(Pick.any, __.constant('a'))"
                    ".option(P.between(26,30), __.values('name'))",
                    v40)
              .message ==
          "Choose step can not have an any-option as only one option per traverser is allowed");
    CHECK(must_fail(
              g,
              "g.V().hasLabel('person').choose(__.values('name')).option(__.is('marko'), __.values('age'))",
              v40)
              .message == "Traversal is not allowed as a Pick token for choose().option()");
}

TEST_CASE_FIXTURE(ModernGraph, "gql_match: match(String) is TinkerGQL on 4.0, no such method on 3.7") {
    const char* spawn = "g.match('MATCH (a:person)-[:knows]->(b)').select('b').values('name')";
    const char* mid = "g.inject(1).match('MATCH (a:person)-[:knows]->(b)').select('b').values('name')";
    const char* child = "g.inject(1).local(__.match('MATCH (a:software)')).count()";
    const char* params = "g.match('MATCH (a {age: $x})', ['x': 27]).select('a').values('name')";
    CHECK(same(q(spawn, v40), strs({"vadas", "josh"})));
    CHECK(same(q(mid, v40), strs({"vadas", "josh"})));
    CHECK(same(q(child, v40), {L(2)}));
    CHECK(same(q(params, v40), strs({"vadas"})));
    for (const char* s : {spawn, mid, child, params})
        CHECK(must_fail(g, s, v37).message.find("No signature of method") != std::string::npos);
    CHECK(must_fail(g, spawn, v37).message.find("GraphTraversalSource.match()") != std::string::npos);
    CHECK(must_fail(g, mid, v37).message.find("DefaultGraphTraversal.match()") != std::string::npos);
    // the traversal form of match() is the same in both
    const char* old = "g.V().match(__.as('a').out('knows').as('b')).select('b').values('name')";
    CHECK(same(q(old, v37), strs({"vadas", "josh"})));
    CHECK(same(q(old, v40), strs({"vadas", "josh"})));
}

TEST_CASE_FIXTURE(ModernGraph, "date_diff_millis: 4.0 dateDiff() answers milliseconds, 3.7 whole seconds") {
    const char* s = "g.inject(datetime('2023-08-02T00:00:30Z')).dateDiff(datetime('2023-08-02T00:00:00.5Z'))";
    CHECK(q(s, v40) == std::vector<Value>{L(29500)});
    CHECK(q(s, v37) == std::vector<Value>{L(29)});
    // a null other date is the epoch
    CHECK(q("g.inject(datetime('1970-01-01T00:00:02Z')).dateDiff(__.constant(null))", v40) ==
          std::vector<Value>{L(2000)});
    // 3.8/4.0's DateTime('…') literal (Dialect::new_steps) is datetime('…')
    CHECK(q("g.inject(DateTime('2023-08-02T00:00:30Z')).dateDiff(datetime('2023-08-02T00:00:00Z'))", v40) ==
          std::vector<Value>{L(30000)});
    CHECK(must_fail(g, "g.inject(DateTime('2023-08-02T00:00:30Z'))", v37).message.find("No signature") !=
          std::string::npos);
}

TEST_CASE_FIXTURE(ModernGraph, "local_range_collection: 4.0 range/limit/tail(local) keep the collection") {
    CHECK(q("g.inject([1, 2, 3]).limit(Scope.local, 1)", v40) == std::vector<Value>{Value::list({I(1)})});
    CHECK(q("g.inject([1, 2, 3]).limit(Scope.local, 1)", v37) == std::vector<Value>{I(1)});
    CHECK(q("g.inject([1, 2, 3]).tail(Scope.local, 1)", v40) == std::vector<Value>{Value::list({I(3)})});
    CHECK(q("g.inject([1, 2, 3]).range(Scope.local, 1, 2)", v37) == std::vector<Value>{I(2)});
    // an empty window: 4.0 an empty list, 3.7 drops the traverser
    CHECK(q("g.V().fold().range(Scope.local, 6, 7)", v40) == std::vector<Value>{Value::list({})});
    CHECK(q("g.V().fold().range(Scope.local, 6, 7)", v37).empty());
    // both: a Set stays a Set; a reversed range is refused as RangeGlobalStep does
    CHECK(q("g.inject({1, 2, 3}).range(Scope.local, 0, 2)", v40) ==
          std::vector<Value>{Value::set({I(1), I(2)})});
    for (const auto* o : {&v37, &v40})
        CHECK(must_fail(g, "g.V().range(2, 1)", *o).message.find("Not a legal range: [2, 1]") !=
              std::string::npos);
}

TEST_CASE_FIXTURE(ModernGraph,
                  "new_steps: none(P) keeps a collection none of whose items match; 3.7 has none()") {
    CHECK(q("g.inject([5, 8, 10], [10, 7]).none(P.lt(7))", v40) ==
          std::vector<Value>{Value::list({I(10), I(7)})});
    CHECK(q("g.inject([null, 1], []).none(P.eq(null))", v40) == std::vector<Value>{Value::list({})});
    CHECK(must_fail(g, "g.inject([1]).none(P.lt(7))", v37).message.find("No signature") != std::string::npos);
    CHECK(q("g.V().none()", v37).empty());  // 3.7's none() is discard()
    // traversal_arguments: all/any/none resolve a child traversal operand first
    CHECK(q("g.V().values('age').fold().all(P.gte(__.constant(27)))", v40).size() == 1);
    CHECK(q("g.V().values('age').fold().any(P.eq(__.constant(33)))", v40).empty());
    CHECK(q("g.V().values('age').fold().none(P.eq(__.constant(33)))", v40).size() == 1);
}

TEST_CASE_FIXTURE(ModernGraph,
                  "binary_comparability: 4.0 an incomparable comparison is false, 3.7 an ERROR not() keeps") {
    const char* s = "g.inject(1d).not(__.is(P.gt(NaN)))";
    CHECK(q(s, v40) == std::vector<Value>{Value::double_(1)});
    CHECK(q(s, v37).empty());
    const char* p = "g.inject(1d).is(P.not(P.lt(NaN)))";
    CHECK(q(p, v40) == std::vector<Value>{Value::double_(1)});
    CHECK(q(p, v37).empty());
    // a String against a number: 4.0 not() of false passes every name
    CHECK(q("g.V().not(__.has('name', P.gt(27))).values('name')", v40).size() == 6);
    CHECK(q("g.V().not(__.has('name', P.gt(27))).values('name')", v37).empty());
}

TEST_CASE_FIXTURE(ModernGraph, "has_id_lists_alone: 4.0 unrolls a hasId() list only as the single argument") {
    const char* s = "g.V(1).out().hasId(2, [3, 4]).values('name')";
    CHECK(q(s, v40) == strs({"vadas"}));
    CHECK(same(q(s, v37), strs({"vadas", "lop", "josh"})));
    CHECK(same(q("g.V(1).out().hasId([3, 4]).values('name')", v40), strs({"lop", "josh"})));
}

TEST_CASE_FIXTURE(ModernGraph, "split_empty_chars and as_string_null_refused: 4.0's string steps") {
    CHECK(q("g.inject('ab c').split('')", v40) ==
          std::vector<Value>{Value::list({S("a"), S("b"), S(" "), S("c")})});
    CHECK(q("g.inject('ab c').split('')", v37) == std::vector<Value>{Value::list({S("ab"), S("c")})});
    CHECK(must_fail(g, "g.inject(1, null).asString()", v40).message == "Can't parse null as String.");
    CHECK(q("g.inject(1, null).asString()", v37) == std::vector<Value>{S("1"), Value()});
    CHECK(must_fail(g, "g.inject([1, null]).asString(Scope.local)", v40).message ==
          "Can't parse null as String.");
    // both: conjoin() of nothing but nulls is "" (ConjoinStep)
    for (const auto* o : {&v37, &v40}) CHECK(q("g.inject([null, null]).conjoin('+')", *o) == strs({""}));
}

TEST_CASE("property_traversal_values: 4.0 property(key, traversal) takes every result") {
    for (const auto* o : {&v37, &v40}) {
        ModernGraph m;
        auto& g = m.g;
        const bool v4 = o == &v40;
        // no result: 4.0 leaves the element alone, 3.7 fails
        const char* none = "g.V().has('name','vadas').property('x', __.out().values('name'))";
        if (v4)
            CHECK(m.q(none, *o).size() == 1);
        else
            CHECK(must_fail(g, none, *o).message.find("does not map to a value") != std::string::npos);
        // several: list cardinality adds each (3.7: the first only)
        m.q("g.V().has('name','marko').property(list, 'f', __.out('knows').values('name'))", *o);
        CHECK(m.q("g.V().has('name','marko').properties('f').count()", *o) ==
              std::vector<Value>{L(v4 ? 2 : 1)});
        // single cardinality refuses several in 4.0
        const char* single =
            "g.V().has('name','marko').property(single, 'g', __.out('knows').values('name'))";
        if (v4)
            CHECK(must_fail(g, single, *o)
                      .message.find("requires exactly one value, but traversal produced 2") !=
                  std::string::npos);
        else
            CHECK(m.q(single, *o).size() == 1);
    }
    ModernGraph m;
    m.q("g.V().has('name','lop').property(__.V().has('name','marko').project('a', 'b').by('name').by('age'))",
        v40);
    CHECK(m.q("g.V().has('name','lop').values('a', 'b')", v40) == std::vector<Value>{S("marko"), I(29)});
    // its traversal must not mutate (ReadOnlyChildValidator)
    CHECK(must_fail(m.g, "g.V().property(__.V().map(__.drop()).project('x').by('name'))", v40)
              .message.find("mutating step") != std::string::npos);
}

TEST_CASE_FIXTURE(ModernGraph, "tinker_memory_graph: 4.0 names a subgraph tinkermemorygraph") {
    const char* s = "g.V().outE('knows').subgraph('sg').cap('sg').asString()";
    CHECK(q(s, v40) == strs({"tinkermemorygraph[vertices:3 edges:2]"}));
    CHECK(q(s, v37) == strs({"tinkergraph[vertices:3 edges:2]"}));
}

TEST_CASE_FIXTURE(ModernGraph,
                  "side_effect_barriers: 4.0 groupCount('a')/group('a')/subgraph('a') are barriers") {
    const char* gc = "g.V().groupCount('a').select('a').count(Scope.local)";
    CHECK(q(gc, v40) == std::vector<Value>(6, L(6)));
    CHECK(q(gc, v37) == std::vector<Value>{L(1), L(2), L(3), L(4), L(5), L(6)});
    const char* gr = "g.V().group('a').by('name').select('a').count(Scope.local)";
    CHECK(q(gr, v40) == std::vector<Value>(6, L(6)));
    const char* sg = "g.E().has('weight', 0.4).subgraph('a').select('a')";
    auto r4 = q(sg, v40), r3 = q(sg, v37);
    REQUIRE(r4.size() == 2);
    REQUIRE(r3.size() == 2);
    CHECK(r4[0][1].size() == 2);  // both edges already in
    CHECK(r3[0][1].size() == 1);
}

TEST_CASE_FIXTURE(ModernGraph, "local_splits_bulk: 4.0 local() runs its child once per unit of bulk") {
    // LazyBarrierStrategy bulks the two marko traversers after both('knows'); both servers answered so
    const char* q1 = "g.V().both('knows').local(__.outE().count())";
    CHECK(q(q1, v40) == std::vector<Value>{L(0), L(2), L(3), L(3)});
    CHECK(q(q1, v37) == std::vector<Value>{L(0), L(2), L(6)});
    // limit(1) of the bulked marko: one in 3.7, one per unit of bulk in 4.0 (both real servers)
    const char* q2 = "g.V().both('knows').local(__.limit(1)).values('name')";
    CHECK(q(q2, v37) == strs({"vadas", "josh", "marko"}));
    CHECK(q(q2, v40) == strs({"vadas", "josh", "marko", "marko"}));
}

TEST_CASE_FIXTURE(ModernGraph,
                  "range_count_per_loop: 4.0 limit() in a repeat() body counts per loop number") {
    // real master: two traversers kept in each of the three iterations; real 3.7.5: two in all
    const char* emit = "g.V(1).repeat(both().limit(2)).emit().times(3)";
    CHECK(q(emit, v40).size() == 6);
    CHECK(q(emit, v37).size() == 2);
    // 4.0 keeps the body whole (RepeatUnrollStrategy takes vertex and has() steps only): 2 of lop's
    // neighbours, none of vadas'; 3.7 unrolls it, each copy with its own count: the same two
    CHECK(q("g.V(1).repeat(both().limit(2)).times(2).values('name')", v40) == strs({"marko", "josh"}));
    CHECK(q("g.V(1).repeat(both().limit(2)).times(2).values('name')", v37) == strs({"marko", "josh"}));
    CHECK(q("g.V(1).repeat(both().skip(1)).times(1)", v40).size() == 2);
    CHECK(q("g.V(1).repeat(both().skip(1)).times(1)", v37).size() == 2);
    // outside a repeat() body a limit() still stops pulling: this repeat() never ends on its own
    for (const auto& o : {v37, v40})
        CHECK(q("g.V().repeat(__.both()).until(__.hasLabel('software')).range(0, 6).values('name')", o) ==
              strs({"lop", "ripple", "lop", "lop", "lop", "ripple"}));
}

TEST_CASE_FIXTURE(ModernGraph, "loops_message_unnamed: loops() on a traverser without a loop counter") {
    // nothing in g.V().loops() asks for loops, labels, paths or side effects: TinkerPop's B_O_Traverser
    CHECK(must_fail(g, "g.V().loops()", v40).message ==
          "This traverser does not support loops: "
          "org.apache.tinkerpop.gremlin.process.traversal.traverser.B_O_Traverser");
    CHECK(must_fail(g, "g.V().loops()", v37).message ==
          "This traverser does not support named loops: "
          "org.apache.tinkerpop.gremlin.process.traversal.traverser.B_O_Traverser");
    // a RepeatStep anywhere gives every traverser a loop counter; a repeat() RepeatUnrollStrategy
    // inlines (times(n) alone) leaves none (both real servers)
    CHECK(q("g.V(1).repeat(out()).emit().loops()", v37) == std::vector<Value>(5, I(0)));
    CHECK(must_fail(g, "g.V(1).repeat(out()).times(1).loops()", v37).message.find("does not support") !=
          std::string::npos);
}
