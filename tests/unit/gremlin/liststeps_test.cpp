// The 3.7 string/list/date/math steps and call() (src/server/gremlin/steps_*.cpp) on the modern
// graph: answers computed by hand, TinkerPop 3.7.3's messages for bad input.
#include <tpbench/server/gremlin.hpp>

#include "../../../src/server/gremlin/steps_site.hpp"
#include "gremlin_test_util.hpp"

#include <cmath>

using namespace gremlin_test;
using tpbench::model::Type;

namespace {

struct Fixture : ModernGraph {
    // The error message of a script that must fail.
    std::string err(std::string_view s) { return must_fail(g, s).message; }
};

bool has(const std::string& msg, const char* part) { return msg.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("math() expressions: precedence, functions, variables") {
    using tpbench::server::detail::MathExpr;
    CHECK(MathExpr("1 + 2 * 3").eval({}) == 7.0);
    CHECK(MathExpr("-2^2").eval({}) == -4.0);
    CHECK(MathExpr("2^-1").eval({}) == 0.5);
    CHECK(MathExpr("2^3^2").eval({}) == 512.0);
    CHECK(MathExpr("7 % 4").eval({}) == 3.0);
    CHECK(MathExpr("(1 + 2) * 3").eval({}) == 9.0);
    CHECK(MathExpr("1.5e2").eval({}) == 150.0);
    CHECK(MathExpr("sqrt(16) + abs(-2)").eval({}) == 6.0);
    CHECK(std::fabs(MathExpr("sin _").eval({2.0}) - std::sin(2.0)) < 1e-15);
    MathExpr e("a + b * _ - a");
    REQUIRE(e.variables() == std::vector<std::string>{"a", "b", "_"});
    CHECK(e.eval({1, 2, 3}) == 6.0);
    CHECK_THROWS(MathExpr("1 +"));
    CHECK_THROWS(MathExpr("(1"));
    CHECK_THROWS(MathExpr("1 / 0").eval({}));
}

TEST_CASE("ISO-8601 dates as DatetimeHelper parses them") {
    using tpbench::server::detail::parse_iso_datetime;
    CHECK(parse_iso_datetime("2023-08-02T00:00:00Z") == 1690934400000);
    CHECK(parse_iso_datetime("2023-08-02") == 1690934400000);
    CHECK(parse_iso_datetime("2023-08-02T00:00") == 1690934400000);
    CHECK(parse_iso_datetime("2023-08-02T02:00:00+02:00") == 1690934400000);
    CHECK(parse_iso_datetime("2023-08-02T02:00:00.5+0200") == 1690934400500);
    CHECK(parse_iso_datetime("2023-8") == 1690848000000);
    CHECK(!parse_iso_datetime("2023-02-30"));
    CHECK(!parse_iso_datetime("This String is not an ISO 8601 Date"));
    CHECK(!parse_iso_datetime("2023-08-02T25:00:00Z"));
}

TEST_CASE_FIXTURE(Fixture, "math() over the graph") {
    CHECK(same(q("g.V().math('_+_').by('age')"), {D(58), D(54), D(64), D(70)}));
    CHECK(same(q("g.V().as('a').out('knows').as('b').math('a + b').by('age')"), {D(56), D(61)}));
    CHECK(same(q("g.withSideEffect('x', 100).V().values('age').math('_ + x')"),
               {D(129), D(127), D(132), D(135)}));
    CHECK(same(q("g.V(1).outE().math('0-_').by('weight')"), {D(-0.5), D(-1.0), D(-0.4)}));
    CHECK(has(err("g.V().math('_+1')"), "must resolve to a Number"));
}

TEST_CASE_FIXTURE(Fixture, "dates: asDate, dateAdd, dateDiff, datetime()") {
    CHECK(q("g.inject('2023-08-02T00:00:00Z').asDate()") == std::vector<Value>{Value::date(1690934400000)});
    CHECK(q("g.inject(1694017707000).asDate()") == std::vector<Value>{Value::date(1694017707000)});
    CHECK(q("g.inject(datetime('2023-08-02T00:00:00Z')).dateAdd(DT.hour, 2)") ==
          std::vector<Value>{Value::date(1690941600000)});
    CHECK(q("g.inject(datetime('2023-08-02T00:00:00Z')).dateAdd(day, -1)") ==
          std::vector<Value>{Value::date(1690848000000)});
    CHECK(q("g.inject(datetime('2023-08-02T00:00:00Z')).dateDiff(datetime('2023-08-09T00:00:00Z'))") ==
          std::vector<Value>{L(-604800)});
    // a child traversal starting with inject() sees its start first (TinkerPop's InjectStep)
    CHECK(
        q("g.inject(datetime('2023-08-08T00:00:00Z')).dateDiff(inject(datetime('2023-10-11T00:00:00Z')))") ==
        std::vector<Value>{L(0)});
    CHECK(has(err("g.inject(null).asDate()"), "Can't parse null as Date."));
    CHECK(has(err("g.inject('nope').asDate()"), "Can't parse nope as Date."));
    CHECK(has(err("g.inject(1.5d).asDate()"), "Can't parse java.lang.Double as Date."));
    CHECK(has(err("g.inject(1).dateAdd(DT.hour, 1)"), "dateAdd accept only Date."));
}

TEST_CASE_FIXTURE(Fixture, "list steps: paths are iterable, TinkerPop's messages") {
    CHECK(same(q("g.V(1).out('knows').path().by('name').combine(['x'])"),
               {Value::list(strs({"marko", "vadas", "x"})), Value::list(strs({"marko", "josh", "x"}))}));
    CHECK(q("g.V(1).out('created').path().by('name').reverse()") ==
          std::vector<Value>{Value::list(strs({"lop", "marko"}))});
    CHECK(q("g.inject(['a','b','a']).difference(['b'])") == std::vector<Value>{Value::set(strs({"a"}))});
    CHECK(q("g.inject(['a','b']).disjunct(['b','c'])") == std::vector<Value>{Value::set(strs({"a", "c"}))});
    CHECK(q("g.inject(['a':1]).merge(['b':2])") ==
          std::vector<Value>{Value::map({S("a"), I(1), S("b"), I(2)})});
    CHECK(q("g.inject(['a','b']).index().with(WithOptions.indexer, WithOptions.map)") ==
          std::vector<Value>{Value::map({I(0), S("a"), I(1), S("b")})});
    // Java equality: an Integer 2 and a Long 2 are different set members
    CHECK(same(q("g.inject([1, 2, 2]).merge([2L])")[0].kids(), {I(1), I(2), L(2)}));
    CHECK(q("g.inject([1, 2]).product(['a'])") ==
          std::vector<Value>{Value::list({Value::list({I(1), S("a")}), Value::list({I(2), S("a")})})});
    CHECK(has(err("g.inject(null).combine(['a'])"), "Incoming traverser for combine step can't be null."));
    CHECK(has(err("g.V().values('name').combine(['a'])"),
              "combine step can only take an array or an Iterable type for incoming traversers, encountered "
              "class java.lang.String"));
    CHECK(has(err("g.V().fold().intersect(2)"),
              "intersect step can only take an array or an Iterable as an argument, encountered class "
              "java.lang.Integer"));
    CHECK(has(err("g.V().fold().product(constant(null))"),
              "Provided traversal argument for product step must yield an iterable type, not null"));
    CHECK(has(err("g.V().fold().merge(['a':1])"), "merge step type mismatch"));
    CHECK(has(err("g.inject(null).conjoin('-')"), "Incoming traverser for conjoin step can't be null."));
}

TEST_CASE_FIXTURE(Fixture, "string steps: null passes, Unicode whitespace, local scope") {
    CHECK(q("g.inject('\\u3000abc\\u3000').trim()") == strs({"abc"}));
    CHECK(q("g.inject('  a  ').lTrim()") == strs({"a  "}));
    CHECK(q("g.inject(null, 1).asString()") == std::vector<Value>{Value(), S("1")});
    // Double.toString
    CHECK(q("g.inject(1.0d, 29d, 0.5d, 1e10d, 0.0001d, 1234567.5d, -2.5d, 100d).asString()") ==
          strs({"1.0", "29.0", "0.5", "1.0E10", "1.0E-4", "1234567.5", "-2.5", "100.0"}));
    CHECK(q("g.inject(['a', null]).toUpper(local)") == std::vector<Value>{Value::list({S("A"), Value()})});
    CHECK(q("g.inject(null, 'a').concat(null, 'b')") == strs({"b", "ab"}));
    CHECK(q("g.inject('a').concat(inject('x'))") == strs({"aa"}));
    CHECK(has(err("g.inject([1, 2]).trim(local)"),
              "The trim(local) step can only take string or list of strings"));
    CHECK(has(err("g.inject(['a']).concat('d')"), "String concat() can only take string as argument"));
    CHECK(same(q("g.V().hasLabel('person').format('%{_} %{_} %{_}').by(constant('x')).by('name')"),
               strs({"x marko x", "x vadas x", "x josh x", "x peter x"})));
    CHECK(same(q("g.V().format('%{name} is %{_}').by('age')"),
               strs({"marko is 29", "vadas is 27", "josh is 32", "peter is 35"})));
}

TEST_CASE_FIXTURE(Fixture, "call(): the directory, tinker.search, tinker.degree.centrality") {
    CHECK(same(q("g.call()"), strs({"tinker.search", "tinker.degree.centrality"})));
    CHECK(q("g.call('--list').with('service', constant('tinker.search'))") == strs({"tinker.search"}));
    CHECK(same(q("g.call('tinker.search', ['search': 'ar']).value()"), strs({"marko"})));
    CHECK(q("g.call('tinker.search').with('search', 'vada').with('type', 'Edge')").empty());
    CHECK(same(q("g.V().call('tinker.degree.centrality')"), {L(0), L(1), L(3), L(1), L(1), L(0)}));
    CHECK(same(q("g.V().call('tinker.degree.centrality', project('direction').by(constant(OUT)))"),
               {L(3), L(0), L(0), L(2), L(0), L(1)}));
    CHECK(has(err("g.call('nope')"), "Unrecognized service: nope"));
    CHECK(has(err("g.V().call('tinker.search')"), "cannot be used mid-traversal"));
}

TEST_CASE_FIXTURE(Fixture, "comparability and orderability: NaN, null, not() of a type error") {
    CHECK(q("g.inject(1.0d).is(P.gte(NaN))").empty());
    CHECK(q("g.inject(NaN).is(P.lte(NaN))").empty());
    CHECK(q("g.inject(null).is(P.gte(null))") == std::vector<Value>{Value()});
    CHECK(q("g.inject(1d).not(is(P.gt(NaN)))").empty());
    CHECK(q("g.inject(1d).not(is(P.eq(NaN)))") == std::vector<Value>{D(1)});
    CHECK(q("g.inject(1d).is(P.not(P.gt(NaN)))").empty());
    auto o = q("g.inject(NaN, 2.0d, -Infinity, 1, Infinity).order()");
    REQUIRE(o.size() == 5);
    CHECK(o[0].to_double() == -INFINITY);
    CHECK(o[1] == I(1));
    CHECK(o[2] == D(2));
    CHECK(o[3].to_double() == INFINITY);
    CHECK(std::isnan(o[4].to_double()));
}

TEST_CASE_FIXTURE(Fixture, "min/max/sum/mean: nulls only give null, mixed numbers widen, fold(addAll)") {
    CHECK(q("g.inject(null, null).max()") == std::vector<Value>{Value()});
    CHECK(q("g.inject([null, null]).sum(local)") == std::vector<Value>{Value()});
    CHECK(q("g.inject([null]).mean(local)") == std::vector<Value>{Value()});
    CHECK(q("g.inject([]).max(local)").empty());
    CHECK(q("g.inject([29, 0.5d]).max(local)") == std::vector<Value>{D(29)});
    CHECK(q("g.inject([27]).max(local)") == std::vector<Value>{I(27)});
    CHECK(q("g.inject(['a':1], ['b':2], ['b':4]).fold([:], Operator.addAll)") ==
          std::vector<Value>{Value::map({S("a"), I(1), S("b"), I(4)})});
    CHECK(q("g.inject([1], [2, 3]).fold([], addAll)") == std::vector<Value>{Value::list({I(1), I(2), I(3)})});
}
