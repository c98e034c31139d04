// TinkerGQL (src/server/gremlin/gql.hpp): the MATCH parser, its error messages, the planner and
// match(String) on the modern graph under the 4.0 dialect. Every expected answer and message here was
// asked of a real TinkerPop 4.0.0-master server (scripts/gremlin-server start 4.0).
#include "../../../src/server/gremlin/gql.hpp"
#include "gremlin_test_util.hpp"

#include <cmath>

using namespace gremlin_test;
namespace detail = tpbench::server::detail;
using tpbench::model::Type;
using tpbench::server::Generation;

namespace {

server::EvalOptions v40_options() {
    server::EvalOptions o;
    o.language = "gremlin-lang";
    o.generation = Generation::tp40;
    return o;
}
const server::EvalOptions v40 = v40_options();

std::string parse_error(std::string_view text) {
    try {
        detail::gql_parse(text);
    } catch (const detail::EvalFailure& f) {
        return f.error.message;
    }
    return "(parsed)";
}

std::string syntax(int col, const std::string& msg) {
    return "Query parsing failed at line 1, character position at " + std::to_string(col) +
           ", error message : " + msg;
}

}  // namespace

TEST_CASE("gql_parse: nodes merged by variable, edges with directions, labels and filters") {
    auto p = detail::gql_parse(
        "match (a:person {name: 'marko', age: 29i})-[e:knows {weight: 1.0}]->(b), (b)<-[:created]-(), "
        "(b)-[]-(:software {x: $who, y: null, z: -Infinity, w: 5n, v: 1.5m, u: 2b, t: \"q\\tq\"})");
    REQUIRE(p.nodes.size() == 4);
    CHECK(p.nodes[0].var == "a");
    CHECK(p.nodes[0].label == "person");
    REQUIRE(p.nodes[0].props.size() == 2);
    CHECK(p.nodes[0].props[0].literal == S("marko"));
    CHECK(p.nodes[0].props[1].literal == I(29));
    CHECK(p.nodes[1].var == "b");
    CHECK(p.nodes[2].var.empty());  // anonymous nodes are never merged
    CHECK(p.nodes[3].label == "software");
    const auto& pr = p.nodes[3].props;
    REQUIRE(pr.size() == 7);
    CHECK(pr[0].param == "who");
    CHECK(pr[1].literal.is_null());
    CHECK(pr[2].literal == D(-HUGE_VAL));
    CHECK(pr[3].literal.type() == Type::big_integer);
    CHECK(pr[4].literal.type() == Type::big_decimal);
    CHECK(pr[5].literal == Value::byte(2));
    CHECK(pr[6].literal == S("q\tq"));
    REQUIRE(p.edges.size() == 3);
    CHECK(p.edges[0].var == "e");
    CHECK(p.edges[0].label == "knows");
    CHECK(p.edges[0].dir == detail::GqlDir::out);
    CHECK(p.edges[0].props[0].literal == D(1.0));
    CHECK((p.edges[0].from == 0 && p.edges[0].to == 1));
    CHECK(p.edges[1].dir == detail::GqlDir::in);
    CHECK((p.edges[1].from == 1 && p.edges[1].to == 2));
    CHECK(p.edges[2].dir == detail::GqlDir::both);
    CHECK(p.edges[2].label.empty());
    // a later occurrence adds a label and filters to the node
    auto q = detail::gql_parse("MATCH (a)-[:knows]->(b), (a:person {age: 29})");
    REQUIRE(q.nodes.size() == 2);
    CHECK(q.nodes[0].label == "person");
    CHECK(q.nodes[0].props.size() == 1);
    // integers without a suffix: Int, then Long
    CHECK(detail::gql_parse("MATCH (a {x: 3000000000})").nodes[0].props[0].literal == L(3000000000));
}

TEST_CASE("gql_parse: master's ANTLR error messages") {
    CHECK(parse_error("MATCH (a:person)-[:knows]->(b:person") == syntax(36, "missing ')' at '<EOF>'"));
    CHECK(parse_error("MATCH (a:person)-[:knows]->(b:person) x") ==
          syntax(38, "extraneous input 'x' expecting <EOF>"));
    CHECK(parse_error("MATCH (a:person)-[:knows->(b)") ==
          syntax(24, "no viable alternative at input '-[:knows->'"));
    CHECK(parse_error("MATCH (a:person) ,") == syntax(18, "mismatched input '<EOF>' expecting '('"));
    CHECK(parse_error("MATCH a") == syntax(6, "missing '(' at 'a'"));
    CHECK(parse_error("") == syntax(0, "mismatched input '<EOF>' expecting K_MATCH"));
    // the expected set of the first sync that could only leave its rule (the node's optional {…})
    CHECK(parse_error("MATCH (a:person) RETURN a") ==
          syntax(17, "mismatched input 'RETURN' expecting {')', '{'}"));
    CHECK(parse_error("MATCH (a {age: })") ==
          syntax(15,
                 "mismatched input '}' expecting {K_TRUE, K_FALSE, 'null', 'NaN', 'Infinity', '$', "
                 "SIGNED_INFINITY, STRING_LITERAL, FLOAT_LITERAL, INTEGER_LITERAL}"));
    // a lexer error: master parses again with its lexer reset, reading "( a" then "MATCH" again
    CHECK(parse_error("MATCH (a %)") == syntax(0, "mismatched input 'MATCH' expecting {')', '{', ':'}"));
    // pattern errors
    CHECK(parse_error("MATCH (a:person)-[a:knows]->(b)") ==
          "Variable 'a' is used as both a node variable and an edge variable");
    CHECK(parse_error("MATCH (a:person), (a:software)") ==
          "Variable 'a' is used with conflicting label constraints: 'person' vs 'software'");
    CHECK(parse_error("MATCH (a {age: 300b})") == "Value out of range. Value:\"300\" Radix:10");
}

TEST_CASE_FIXTURE(ModernGraph, "gql_plan: the seed is the rarest label; disconnected patterns fail") {
    server::EvalOptions o = v40;
    // software (2) before person (4): the seed is b, so a is the node left unconnected
    auto e = must_fail(g, "g.match('MATCH (a:person), (b:software)')", o);
    CHECK(e.message.find("MATCH pattern contains disconnected components") == 0);
    CHECK(e.message.find("Unconnected nodes: [(a)]") != std::string::npos);
    // the terminal map: the seed's variable first, then each step's edge and target
    auto rows = q("g.match('MATCH (a:person)-[e:knows]->(b:person)')", o);
    REQUIRE(rows.size() == 2);
    REQUIRE(rows[0].type() == Type::map);
    REQUIRE(rows[0].size() == 6);
    CHECK(rows[0].kids()[0] == S("a"));
    CHECK(rows[0].kids()[2] == S("e"));
    CHECK(rows[0].kids()[4] == S("b"));
}

TEST_CASE_FIXTURE(ModernGraph, "match(String): patterns on the modern graph") {
    auto names = [&](const char* s) { return q(s, v40); };
    CHECK(
        same(names("g.match('MATCH (a:person)-[:knows]-(b:person)').select('a','b').by('name').select(values)"
                   ".unfold()"),
             strs({"marko", "vadas", "marko", "josh", "vadas", "marko", "josh", "marko"})));
    CHECK(same(names("g.match('MATCH (s:software)<-[:created]-(p:person {name: \"josh\"})').select('s')"
                     ".values('name')"),
               strs({"ripple", "lop"})));
    // an anonymous edge is an existence test: each target once per anchor
    CHECK(same(names("g.match('MATCH (a)-[]->()').select('a').values('name')"),
               strs({"marko", "marko", "marko", "josh", "josh", "peter"})));
    // a named edge bound twice is the same edge both times
    CHECK(same(names("g.match('MATCH (a:person)-[e]-(b), (b)-[e]-(c)').count()"), {L(8)}));
    // filters: numbers by exact value across types, null for an absent key, $params (absent: null)
    CHECK(same(names("g.match('MATCH (a {age: 29.0})').select('a').values('name')"), strs({"marko"})));
    CHECK(names("g.match(\"MATCH (a {name: 'marko'})-[e {weight: 0.4m}]->(b)\")").empty());
    CHECK(same(
        names("g.match(\"MATCH (a {name: 'marko'})-[e {weight: 0.5m}]->(b)\").select('b').values('name')"),
        strs({"vadas"})));
    CHECK(same(names("g.match('MATCH (a {age: $x})').select('a').values('name')"), strs({"lop", "ripple"})));
    CHECK(
        same(names("g.match('MATCH (a {age: $x})', ['x': 27]).select('a').values('name')"), strs({"vadas"})));
    CHECK(same(names("g.match('MATCH (a {age: NaN})').count()"), {L(0)}));
    // a cycle closes on a bound node
    CHECK(same(names("g.match('MATCH (a)-[:knows]->(b)-[:created]->(s)<-[:created]-(a)').select('s')"
                     ".values('name')"),
               strs({"lop"})));
    CHECK(names("g.match('MATCH (a:person)-[:knows]->(a)')").empty());
    // mid-traversal: the whole pattern once per incoming traverser, the path kept
    CHECK(same(names("g.inject(1,2).match('MATCH (a:software)').count()"), {L(4)}));
    CHECK(same(names("g.inject(1).as('x').match('MATCH (a:person)-[:knows]->(b)').select('x','b').by()"
                     ".by('name').select(values).unfold()"),
               {I(1), S("vadas"), I(1), S("josh")}));
    // each variable labels its element: select() finds it after the map is gone
    CHECK(same(names("g.match('MATCH (a)-[:knows]->(b)').select('a').select('b').values('name')"),
               strs({"vadas", "josh"})));
    // with('queryLanguage', …): "gql" only
    CHECK(same(names("g.match('MATCH (a:software)').with('queryLanguage','gql').count()"), {L(2)}));
    CHECK(must_fail(g, "g.match('MATCH (a:software)').with('queryLanguage','cypher').count()", v40).message ==
          "GqlMatchStep only supports query language 'gql', got: cypher");
    CHECK(must_fail(g, "g.V().as('a').match('MATCH (a:person)')", v40)
              .message.find(
                  "Pattern variable 'a' in the match() query shares its name with step label 'a'") == 0);
}
