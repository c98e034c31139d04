// Regressions for differences the differential check (tests/realserver/differential*) found
// between the embedded server and Apache TinkerPop Gremlin Server 3.7.5; each expectation is the
// real server's answer (tests/data/differential/expected-3.7.txt).
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

using namespace gremlin_test;
using tpbench::model::Type;

namespace {
using Fixture = ModernGraph;
}  // namespace

TEST_CASE_FIXTURE(Fixture, "differential: global sum() of Ints is a Long, sum(local) stays Int") {
    CHECK(q("g.V().values('age').sum()") == std::vector<Value>{L(123)});
    CHECK(q("g.inject(1,2).sum()") == std::vector<Value>{L(3)});
    CHECK(q("g.inject(2147483647).sum()") == std::vector<Value>{L(2147483647)});
    CHECK(q("g.V().values('age').fold().sum(local)") == std::vector<Value>{I(123)});
    CHECK(q("g.V().group().by(label).by(values('age').sum())") ==
          std::vector<Value>{Value::map({S("person"), L(123)})});
    CHECK(q("g.E().values('weight').sum()").at(0).type() == Type::double_);
}

TEST_CASE_FIXTURE(Fixture, "differential: dedup(local) yields a Set") {
    auto r = q("g.inject([1,1,2]).dedup(local)");
    REQUIRE(r.size() == 1);
    CHECK(r[0].type() == Type::set);
    CHECK(r[0] == Value::set({I(1), I(2)}));
}

TEST_CASE_FIXTURE(Fixture, "differential: a Path unfolds into its objects") {
    CHECK(same(q("g.V().out().out().path().unfold().values('name')"),
               strs({"marko", "josh", "ripple", "marko", "josh", "lop"})));
    CHECK(q("g.V(1).out('knows').has('name','vadas').path().unfold().count()") == std::vector<Value>{L(2)});
}

TEST_CASE_FIXTURE(Fixture,
                  "differential: Operator constants are imported bare, Order.incr and decr are gone (3.5)") {
    CHECK(q("g.V().values('age').fold(0,sum)") == std::vector<Value>{I(123)});
    CHECK(q("g.V().values('age').fold(0,Operator.sum)") == std::vector<Value>{I(123)});
    CHECK(err("g.V().values('name').order().by(decr)").message.find("decr") != std::string::npos);
    CHECK(err("g.V().values('name').order().by(Order.incr)").message.find("incr") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "differential: project() leaves out the keys of unproductive by()s") {
    CHECK(q("g.V(2).project('a','b').by(out().values('name')).by('nothing')") ==
          std::vector<Value>{Value::map()});
    CHECK(q("g.V(1).project('x','y').by('nothing').by('name')") ==
          std::vector<Value>{Value::map({S("y"), S("marko")})});
}

TEST_CASE_FIXTURE(Fixture, "differential: union() with a reducing branch feeds every branch all traversers") {
    CHECK(q("g.V().union(count(),count())") == std::vector<Value>{L(6), L(6)});
    CHECK(q("g.V().union(out().count(), __.in().count())") == std::vector<Value>{L(6), L(6)});
    auto r = q("g.V().union(count(), constant(1))");
    REQUIRE(r.size() == 7);
    CHECK(r[0] == L(6));
    // per traverser inside local()
    CHECK(q("g.V().local(union(count(),count()))").size() == 12);
    CHECK(q("g.V().union().count()") == std::vector<Value>{L(0)});
    // non-reducing branches still stream per traverser
    CHECK(same(q("g.V(4).union(__.in().values('age'),out().values('lang'))"), {I(29), S("java"), S("java")}));
}

TEST_CASE_FIXTURE(Fixture, "differential: choose() options: tokens, no match filters, no value is an error") {
    CHECK(same(q("g.V().choose(label).option('person',values('name')).option('software',values('lang'))"),
               strs({"marko", "vadas", "josh", "peter", "java", "java"})));
    CHECK(same(q("g.V().choose(outE().count()).option(0L,constant('none')).option(3L,constant('three'))"),
               strs({"none", "none", "none", "three"})));
    CHECK(err("g.V().choose(values('age')).option(29, constant('m'))")
              .message.find("does not map to a value") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "differential: infix and() takes the rest of the traversal as its right operand") {
    // ConnectiveStrategy: and(has('age'), has('age',gt(30)).values('name')), so vertices come out
    CHECK(same(q("g.V().has('age').and().has('age',gt(30)).values('name')"), modern_vertices({4, 6})));
}

TEST_CASE_FIXTURE(Fixture, "differential: fold(seed, Operator)") {
    CHECK(q("g.V().values('age').fold(1,mult)") == std::vector<Value>{I(876960)});
    CHECK(q("g.V().values('age').fold(0,max)") == std::vector<Value>{I(35)});
    CHECK(q("g.V().values('nothing').fold(7,sum)") == std::vector<Value>{I(7)});
    CHECK(err("g.V().values('name').fold(0,sum)").message.find("cannot be cast") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "differential: group() value traversals without a reducing step keep one object") {
    // by('name') folds; by(values('name')) keeps the last member's value; after order() the first
    CHECK(q("g.V().group().by(label).by('name')").at(0).find("software")->type() == Type::list);
    CHECK(q("g.V().group().by(label).by(values('name'))") ==
          std::vector<Value>{Value::map({S("software"), S("ripple"), S("person"), S("peter")})});
    CHECK(q("g.V().group().by(label).by(values('name').order().limit(1))") ==
          std::vector<Value>{Value::map({S("software"), S("lop"), S("person"), S("josh")})});
    CHECK(q("g.V().group().by(label).by(out().values('name').order())") ==
          std::vector<Value>{Value::map({S("person"), S("josh")})});
}

TEST_CASE_FIXTURE(Fixture,
                  "differential: adjacency and group maps iterate in TinkerGraph's (Java hash) order") {
    CHECK(q("g.V(1).outE().id()") == std::vector<Value>{I(9), I(7), I(8)});
    CHECK(q("g.V(4).bothE().id()") == std::vector<Value>{I(10), I(11), I(8)});
    CHECK(q("g.V(1).union(out().values('name'),__.in().values('name'),constant('x')).fold()") ==
          std::vector<Value>{Value::list(strs({"lop", "vadas", "josh", "x"}))});
    CHECK(q("g.V().group().by('name').by(count()).unfold().select(keys)") ==
          strs({"ripple", "peter", "vadas", "josh", "lop", "marko"}));
    CHECK(q("g.V().groupCount().by('age').unfold().select(keys)") ==
          std::vector<Value>{I(32), I(35), I(27), I(29)});
}

TEST_CASE_FIXTURE(Fixture,
                  "differential: String ids: V('1') through the id manager, hasId('2') by toString") {
    CHECK(q("g.V('1').values('name')") == strs({"marko"}));
    CHECK(q("g.V().hasId('2').values('name')") == strs({"vadas"}));
    CHECK(q("g.E().hasId('7').label()") == strs({"knows"}));
    CHECK(q("g.V('x')").empty());
}

TEST_CASE_FIXTURE(Fixture, "differential: generated ids start at 0 after generateModern (stock server)") {
    CHECK(q("g.addV('a').id()") == std::vector<Value>{L(0)});
    // the counter moves on and skips ids in use
    auto r = q("g.addV('b').property('x',1).properties('x').id()");
    REQUIRE(r.size() == 1);
    CHECK(r[0].type() == Type::long_);
    CHECK(r[0].as_int() >= 13);
}

namespace {
// BigDecimal from an unscaled int64 and a scale (minimal two's-complement big-endian bytes).
Value BD(std::int64_t unscaled, std::int32_t scale) {
    std::string b;
    for (;;) {
        auto byte = static_cast<unsigned char>(static_cast<std::uint64_t>(unscaled) & 0xff);
        b.insert(b.begin(), static_cast<char>(byte));
        std::int64_t rest = unscaled >> 8;
        if ((rest == 0 && !(byte & 0x80)) || (rest == -1 && (byte & 0x80))) break;
        unscaled = rest;
    }
    return Value::big_decimal(scale, b);
}
}  // namespace

TEST_CASE_FIXTURE(Fixture, "differential: Groovy decimal literals and their arithmetic are BigDecimal") {
    CHECK(q("1.5") == std::vector<Value>{BD(15, 1)});
    CHECK(q("g.inject(1.5)") == std::vector<Value>{BD(15, 1)});
    CHECK(q("1.5+1") == std::vector<Value>{BD(25, 1)});
    CHECK(q("1.5 * 2") == std::vector<Value>{BD(30, 1)});
    CHECK(q("1.5 - 1") == std::vector<Value>{BD(5, 1)});
    CHECK(q("0.1 + 0.2") == std::vector<Value>{BD(3, 1)});
    CHECK(q("7.0/2") == std::vector<Value>{BD(35, 1)});
    CHECK(q("10 / 4") == std::vector<Value>{BD(25, 1)});
    CHECK(q("1 / 3") == std::vector<Value>{BD(3333333333, 10)});
    CHECK(q("2.0 / 3") == std::vector<Value>{BD(6666666667, 10)});
    CHECK(q("-1.5") == std::vector<Value>{BD(-15, 1)});
    CHECK(q("1.0d + 1") == std::vector<Value>{D(2.0)});
    CHECK(q("g.inject(1.5d,1).sum()") == std::vector<Value>{D(2.5)});
    CHECK(q("g.inject(1,2L,3.5).sum()") == std::vector<Value>{BD(65, 1)});
    // comparisons across types still work
    CHECK(q("g.inject(1.0).is(1)") == std::vector<Value>{BD(10, 1)});
    CHECK(same(q("g.E().has('weight',0.4).id()"), {I(9), I(11)}));
    CHECK(q("g.inject(3,1L,2.5).order()") == std::vector<Value>{L(1), BD(25, 1), I(3)});
    // gremlin-lang keeps Double for unsuffixed decimals
    server::EvalOptions lang;
    lang.language = "gremlin-lang";
    CHECK(ok(g, "g.inject(1.5)", lang) == std::vector<Value>{D(1.5)});
}

TEST_CASE_FIXTURE(Fixture, "differential: order(local) sorts map entries by(keys) and by(values)") {
    auto keys_of = [](const std::vector<Value>& r) {
        REQUIRE(r.size() == 1);
        REQUIRE(r[0].type() == Type::map);
        std::vector<Value> ks;
        for (std::size_t i = 0; i < r[0].size(); i += 2) ks.push_back(r[0][i]);
        return ks;
    };
    CHECK(keys_of(q("g.V(1).valueMap().order(local).by(keys)")) == strs({"age", "name"}));
    CHECK(keys_of(q("g.V(1).valueMap().order(local).by(keys, desc)")) == strs({"name", "age"}));
    CHECK(keys_of(q("g.V().groupCount().by(label).order(local).by(values)")) == strs({"software", "person"}));
    CHECK(keys_of(q("g.V().groupCount().by(label).order(local).by(values, desc)")) ==
          strs({"person", "software"}));
}

TEST_CASE_FIXTURE(Fixture,
                  "differential: strategy classes: ReadOnlyStrategy enforced, optimisations accepted") {
    CHECK(q("g.withStrategies(ReadOnlyStrategy).V().count()") == std::vector<Value>{L(6)});
    CHECK(q("g.withoutStrategies(CountStrategy).V().count()") == std::vector<Value>{L(6)});
    CHECK(q("g.withStrategies(LazyBarrierStrategy).V().out().count()") == std::vector<Value>{L(6)});
    auto e = err("g.withStrategies(ReadOnlyStrategy).V(1).property('age', 1)");
    CHECK(e.message.find("not read only") != std::string::npos);
    CHECK(g.vertex_count() == 6);
    CHECK(err("g.withStrategies(ReadOnlyStrategy).V().union(identity(), addV('x'))").message.find("addV") !=
          std::string::npos);
    CHECK(q("g.V(1).values('age')") == std::vector<Value>{I(29)});
    // result-changing strategies are refused rather than ignored
    CHECK(err("g.withStrategies(ElementIdStrategy).V()").kind == server::EvalError::Kind::unsupported);
    // SubgraphStrategy / PartitionStrategy / ProductiveByStrategy are honoured
    CHECK(q("g.withStrategies(new SubgraphStrategy(vertices: __.has('name', P.neq('josh')))).V().count()") ==
          std::vector<Value>{L(5)});
    CHECK(q("g.withStrategies(new SubgraphStrategy(vertices: __.has('name', "
            "P.neq('josh')))).V(1).out().count()") == std::vector<Value>{L(2)});
    CHECK(q("g.withStrategies(new SubgraphStrategy(edges: __.has('weight', P.gt(0.5)))).E().count()") ==
          std::vector<Value>{L(2)});
    CHECK(q("g.withStrategies(new SubgraphStrategy(vertexProperties: "
            "__.hasKey('name'))).V(1).properties().count()") == std::vector<Value>{L(1)});
    CHECK(q("g.withStrategies(new PartitionStrategy(partitionKey: 'p', writePartition: 'a', readPartitions: "
            "['b'])).V().count()") == std::vector<Value>{L(0)});
    CHECK(q("g.withStrategies(ProductiveByStrategy).V(2).project('a').by('nope')") ==
          std::vector<Value>{Value::map({Value::string("a"), Value()})});
}

TEST_CASE_FIXTURE(Fixture, "differential: 3.7 string steps") {
    CHECK(q("g.V(1).values('name').toUpper()") == strs({"MARKO"}));
    CHECK(q("g.inject('Marko').toLower()") == strs({"marko"}));
    CHECK(q("g.V(1).values('name').length()") == std::vector<Value>{I(5)});
    CHECK(q("g.V(1).values('name').substring(1,3)") == strs({"ar"}));
    CHECK(q("g.V(1).values('name').substring(-3)") == strs({"rko"}));
    CHECK(q("g.V(1).values('name').substring(3,1)") == strs({""}));
    CHECK(q("g.inject(' a b ').trim()") == strs({"a b"}));
    CHECK(q("g.inject(' a b ').lTrim()") == strs({"a b "}));
    CHECK(q("g.inject(' a b ').rTrim()") == strs({" a b"}));
    CHECK(q("g.V(1).values('name').reverse()") == strs({"okram"}));
    CHECK(q("g.inject([1,2,3]).reverse()") == std::vector<Value>{Value::list({I(3), I(2), I(1)})});
    CHECK(q("g.V(2).values('name').replace('a','A')") == strs({"vAdAs"}));
    CHECK(q("g.V(2).values('name').split('a')") == std::vector<Value>{Value::list(strs({"v", "d", "s"}))});
    CHECK(q("g.inject('a,b,,c').split(',')") == std::vector<Value>{Value::list(strs({"a", "b", "c"}))});
    CHECK(q("g.inject('a b  c').split(null)") == std::vector<Value>{Value::list(strs({"a", "b", "c"}))});
    CHECK(q("g.inject('abc').split('')") == std::vector<Value>{Value::list(strs({"abc"}))});
    CHECK(q("g.inject('ab').concat('c','d')") == strs({"abcd"}));
    CHECK(q("g.V(1).values('name').concat(__.V(2).values('name'))") == strs({"markovadas"}));
    CHECK(q("g.V(1).values('age').asString()") == strs({"29"}));
    CHECK(q("g.inject(1.0d).asString()") == strs({"1.0"}));
    CHECK(q("g.V().values('name').fold().toUpper(local)") ==
          std::vector<Value>{Value::list(strs({"MARKO", "VADAS", "LOP", "JOSH", "RIPPLE", "PETER"}))});
    CHECK(q("g.inject(null).toUpper()") == std::vector<Value>{Value()});
    CHECK(err("g.inject(1).toUpper()").message.find("string") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "differential: 3.7 list steps") {
    CHECK(q("g.V().values('age').fold().conjoin('-')") == strs({"29-27-32-35"}));
    CHECK(q("g.inject(['a',null,'b']).conjoin('+')") == strs({"a+b"}));
    CHECK(q("g.V().values('age').fold().all(gt(20)).count()") == std::vector<Value>{L(1)});
    CHECK(q("g.V().values('age').fold().all(gt(30)).count()") == std::vector<Value>{L(0)});
    CHECK(q("g.V().values('age').fold().any(gt(30)).count()") == std::vector<Value>{L(1)});
    CHECK(q("g.inject([1,2]).merge([2,3])") == std::vector<Value>{Value::set({I(1), I(2), I(3)})});
    CHECK(q("g.inject([1,2]).combine([2,3])") == std::vector<Value>{Value::list({I(1), I(2), I(2), I(3)})});
    CHECK(q("g.inject([1,2]).intersect([2,3])") == std::vector<Value>{Value::set({I(2)})});
    CHECK(q("g.inject([1,2]).difference([2,3])") == std::vector<Value>{Value::set({I(1)})});
    CHECK(q("g.inject([1,2]).disjunct([2,3])") == std::vector<Value>{Value::set({I(1), I(3)})});
    CHECK(q("g.inject([1,2]).product([3,4])") ==
          std::vector<Value>{Value::list({Value::list({I(1), I(3)}), Value::list({I(1), I(4)}),
                                          Value::list({I(2), I(3)}), Value::list({I(2), I(4)})})});
    CHECK(q("g.V(1).values('name').index()") ==
          std::vector<Value>{Value::list({Value::list({S("marko"), I(0)})})});
}

TEST_CASE_FIXTURE(Fixture, "differential: coin, sample, timeLimit, format") {
    CHECK(q("g.V().coin(1.0).count()") == std::vector<Value>{L(6)});
    CHECK(q("g.V().coin(0.0).count()") == std::vector<Value>{L(0)});
    auto half = q("g.V().repeat(both()).times(8).coin(0.5).count()").at(0).as_int();
    CHECK(half > 5910 / 4);
    CHECK(half < 5910 * 3 / 4);
    CHECK(q("g.V().sample(2).count()") == std::vector<Value>{L(2)});
    CHECK(q("g.V().sample(99).count()") == std::vector<Value>{L(6)});
    CHECK(q("g.V().repeat(both()).times(8).sample(5).count()") == std::vector<Value>{L(5)});
    CHECK(q("g.V().timeLimit(100000).count()") == std::vector<Value>{L(6)});
    CHECK(q("g.V(1).format('%{name} is %{age}')") == strs({"marko is 29"}));
    CHECK(same(q("g.V().format('%{name} %{lang}')"), strs({"lop java", "ripple java"})));
    CHECK(q("g.inject('a').format('<%{_}>')") == strs({"<a>"}));
}

TEST_CASE_FIXTURE(Fixture, "features: mergeV matches or creates") {
    CHECK(q("g.mergeV([name:'marko']).values('age')") == std::vector<Value>{I(29)});
    CHECK(g.vertex_count() == 6);
    CHECK(q("g.mergeV([name:'zed']).option(Merge.onCreate, [age:1]).values('age')") ==
          std::vector<Value>{I(1)});
    CHECK(g.vertex_count() == 7);
    CHECK(q("g.mergeV([name:'zed']).option(Merge.onMatch, [age:2]).values('age')") ==
          std::vector<Value>{I(2)});
    CHECK(g.vertex_count() == 7);
    CHECK(err("g.mergeV([name:'zed']).option(Merge.onMatch, [(T.label):'x'])").message.find("onMatch") !=
          std::string::npos);
}
