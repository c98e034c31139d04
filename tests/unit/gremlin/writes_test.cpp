// The mutating steps' TinkerPop semantics (steps_write.cpp): property() folding into addV()/addE(),
// cardinalities and meta-properties, property(Map) forms, mergeV()/mergeE() with their options and
// errors, drop() of properties and meta-properties, element().
#include "gremlin_test_util.hpp"

#include <doctest/doctest.h>

using namespace gremlin_test;

namespace {

struct Empty {
    server::Graph g;
    std::vector<Value> q(std::string_view s) { return ok(g, s); }
    std::int64_t count(std::string_view s) {
        auto v = q(s);
        REQUIRE(v.size() == 1);
        return v[0].as_int();
    }
    std::string err(std::string_view s) {
        Run r = run(g, s);
        INFO("script: " << s);
        REQUIRE(r.error.has_value());
        return r.error->message;
    }
};

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE_FIXTURE(Empty, "writes: property() folded into addV() keeps every value (cardinality list)") {
    q("g.addV('animal').property('name','mateo').property('name','gateo').property('age',5)");
    CHECK(count("g.V().has('name','mateo').has('name','gateo').count()") == 1);
    CHECK(count("g.V().properties('name').count()") == 2);
    // an explicit cardinality is not folded: single replaces
    q("g.addV('p').property(single,'n','a').property(single,'n','b')");
    CHECK(q("g.V().hasLabel('p').values('n')") == strs({"b"}));
    // property() on an existing vertex uses the default cardinality (single)
    q("g.V().hasLabel('p').property('n','c')");
    CHECK(q("g.V().hasLabel('p').values('n')") == strs({"c"}));
    // keys and values may be traversals, evaluated per traverser
    q("g.V().hasLabel('p').addV('copy').property(values('n'), label())");
    CHECK(q("g.V().hasLabel('copy').values('c')") == strs({"p"}));
    CHECK(contains(err("g.addV().property(T.id, null)"), "Value of T cannot be null"));
    CHECK(contains(err("g.addV().property('~x', 1)"), "Property key can not be a hidden key: ~x"));
}

TEST_CASE_FIXTURE(Empty, "writes: cardinality set/list, null values, meta-properties") {
    q("g.addV('p').property(list,'age',29).property(list,'age',31).property(list,'age',29)");
    CHECK(count("g.V().properties('age').count()") == 3);
    q("g.V().property(set,'age',31)");
    CHECK(count("g.V().properties('age').count()") == 3);
    q("g.V().property(set,'age',40)");
    CHECK(count("g.V().properties('age').count()") == 4);
    q("g.V().property(single,'age',null)");
    CHECK(count("g.V().properties('age').count()") == 0);
    q("g.V().property(list,'loc','ny','since',2014,'until',2016).property(list,'loc','va','since',2016)");
    CHECK(count("g.V().properties('loc').has('since',2014).count()") == 1);
    CHECK(count("g.V().properties().properties().count()") == 3);
    CHECK(same(q("g.V().properties('loc').values('since')"), {I(2014), I(2016)}));
    q("g.V().properties().properties('since').drop()");
    CHECK(count("g.V().properties().properties().count()") == 1);
    CHECK(count("g.V().properties('loc').count()") == 2);
    // meta-properties appear in the materialised vertex property
    auto vps = q("g.V().properties('loc').has(T.value,'ny')");
    REQUIRE(vps.size() == 1);
    REQUIRE(vps[0].type() == tpbench::model::Type::vertex_property);
    CHECK(vps[0][4].size() == 1);
}

TEST_CASE_FIXTURE(Empty, "writes: property(Map) and property(Cardinality, Map) with Cardinality.x(value)") {
    q("g.addV().property(['name':'foo','age':42])");
    CHECK(count("g.V().has('name','foo').has('age',42).count()") == 1);
    q("g.V().property(['name': Cardinality.set('bar'), 'age': 43])");
    CHECK(same(q("g.V().values('name')"), strs({"foo", "bar"})));
    CHECK(q("g.V().values('age')") == std::vector<Value>{I(43)});
    q("g.V().property(Cardinality.list, ['name':'baz', 'age': Cardinality.single(44)])");
    CHECK(count("g.V().properties('name').count()") == 3);
    CHECK(q("g.V().values('age')") == std::vector<Value>{I(44)});
    q("g.addV('e').property(null).property([:]).property(set, null)");
    CHECK(count("g.V().hasLabel('e').properties().count()") == 0);
}

TEST_CASE_FIXTURE(Empty,
                  "writes: addE() labels from traversals, folded properties, drop() of edge properties") {
    q("g.addV('person').property('name','marko').as('a').addV('person').property('name','vadas').as('b')."
      "addE('knows').from('a').to('b').property('weight',0.5)");
    q("g.addE(V().outE().label().limit(1)).property('w', "
      "1).from(V().has('name','vadas')).to(V().has('name','marko'))");
    CHECK(count("g.V().has('name','vadas').outE('knows').has('w',1).count()") == 1);
    CHECK(contains(err("g.addE('x').property(list,'k',1).from(V().limit(1)).to(V().limit(1))"),
                   "can only be set for a Vertex"));
    q("g.E().properties('weight').drop()");
    CHECK(count("g.E().properties('weight').count()") == 0);
    CHECK(count("g.E().properties('w').count()") == 1);
    q("g.V().outE().property('w', null)");
    CHECK(count("g.E().properties().count()") == 0);
    // element(): the owner of a property or vertex property
    q("g.E().property('w', 2)");
    CHECK(q("g.E().properties('w').element().label()") == strs({"knows", "knows"}));
    CHECK(same(q("g.V().properties('name').element().values('name')"), strs({"marko", "vadas"})));
    // edge properties go out without their parent element
    auto ps = q("g.E().properties('w')");
    REQUIRE(ps.size() == 2);
    CHECK(ps[0][2].is_null());
}

TEST_CASE_FIXTURE(Empty, "writes: mergeE() matches, creates and refuses as MergeEdgeStep does") {
    q("g.addV('person').property('name','marko').addV('person').property('name','vadas')");
    CHECK(contains(err("g.mergeE([:])"), "Out Vertex not specified"));
    CHECK(contains(err("g.mergeE(null)"), "Out Vertex not specified"));
    auto m = q("g.V().has('name','marko').id()");
    auto v = q("g.V().has('name','vadas').id()");
    REQUIRE(m.size() == 1);
    REQUIRE(v.size() == 1);
    std::string map = "[(T.label):'knows', (Direction.OUT):" + m[0].to_string() +
                      "L, (Direction.IN):" + v[0].to_string() + "L]";
    // create, then match with onMatch
    q("g.mergeE(" + map + ").option(Merge.onCreate, [created:'Y']).option(Merge.onMatch, [created:'N'])");
    CHECK(count("g.E().has('created','Y').count()") == 1);
    q("g.mergeE(" + map + ").option(Merge.onCreate, [created:'Y']).option(Merge.onMatch, [created:'N'])");
    CHECK(count("g.E().count()") == 1);
    CHECK(count("g.E().has('created','N').count()") == 1);
    // out-vertex only: matches edges leaving it
    CHECK(count("g.mergeE([(Direction.OUT):" + m[0].to_string() + "L]).count()") == 1);
    CHECK(contains(err("g.mergeE([(T.label):'knows', (Direction.OUT):100L, (Direction.IN):101L])"),
                   "Vertex id could not be resolved from mergeE"));
    CHECK(contains(err("g.mergeE([(T.label):'likes', (Direction.OUT):" + m[0].to_string() +
                       "L, (Direction.IN):" + v[0].to_string() + "L]).option(onCreate, [(T.label):'x'])"),
                   "option(onCreate) cannot override values from merge() argument"));
    // Merge.outV / Merge.inV through option() traversals; mergeV results as endpoints
    q("g.V().as('v').mergeE([(T.label):'self', (Direction.OUT):Merge.outV, (Direction.IN):Merge.inV])."
      "option(Merge.outV, select('v')).option(Merge.inV, select('v'))");
    CHECK(count("g.E().hasLabel('self').count()") == 2);
    CHECK(contains(err("g.mergeE([(Direction.OUT):Merge.outV, (Direction.IN):Merge.inV])"),
                   "option(outV) must be specified"));
    q("g.mergeV([name:'a']).as('x').mergeV([name:'b']).as('y').mergeE([(T.label):'l', "
      "(Direction.OUT):Merge.outV, "
      "(Direction.IN):Merge.inV]).option(outV, select('x')).option(inV, select('y'))");
    CHECK(count("g.V().has('name','a').out('l').has('name','b').count()") == 1);
    // a non-constant onMatch of a mid-traversal mergeE refuses element traversers
    CHECK(contains(
        err("g.V().mergeE(" + map + ").option(Merge.onMatch, sideEffect(property('w',0)).constant([:]))"),
        "The incoming traverser for MergeEdgeStep cannot be an Element"));
    CHECK(contains(
        err("g.V().as('v').mergeE([(T.label):'self', (Direction.OUT):Merge.outV, (Direction.IN):Merge.inV])"
            ".option(Merge.onMatch, ['~label':'x']).option(Merge.outV, select('v')).option(Merge.inV, "
            "select('v'))"),
        "Property key can not be a hidden key: ~label"));
}

TEST_CASE_FIXTURE(Empty, "writes: mergeV() cardinalities, onCreate inheritance and its errors") {
    q("g.addV('person').property('name','marko').property(list,'age',29).property(list,'age',31)");
    q("g.mergeV([name:'marko']).option(Merge.onMatch, [age:33], Cardinality.single)");
    CHECK(q("g.V().values('age')") == std::vector<Value>{I(33)});
    q("g.mergeV([name:'marko']).option(Merge.onMatch, [age: Cardinality.list(34)])");
    CHECK(count("g.V().properties('age').count()") == 2);
    q("g.mergeV([name:'alice', (T.label):'person']).option(Merge.onCreate, [age:81], Cardinality.set)");
    CHECK(count("g.V().has('name','alice').has('age',81).count()") == 1);
    CHECK(contains(err("g.mergeV([(T.id):1]).option(onCreate, [(T.id):2])"),
                   "option(onCreate) cannot override values from merge() argument"));
    CHECK(contains(err("g.mergeV([name:'nobody']).option(Merge.onCreate, [(T.label):'~vertex'])"),
                   "Label can not be a hidden key: ~vertex"));
    CHECK(contains(err("g.mergeV([nothing:'here']).option(Merge.onMatch, ['~label':'vertex'])"),
                   "Property key can not be a hidden key: ~label"));
    CHECK(contains(err("g.V().has('name','marko').mergeV([:]).option(Merge.onMatch, "
                       "sideEffect(properties('age').drop()).constant([:]))"),
                   "The incoming traverser for MergeVertexStep cannot be an Element"));
    q("g.inject(0).mergeV([name:'marko']).property('name','vadas','acl','public')");
    CHECK(count("g.V().properties('name').hasValue('vadas').has('acl','public').count()") == 1);
}
