// Unit tests of the feature runner's parser, notation and comparison (no server).
#include "gherkin.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

using namespace tpbench::features;
using tpbench::model::Type;
using tpbench::model::Value;

namespace {
std::optional<Value> resolve(const Lookup& l) {
    if (l.key == "marko") {
        Value v = Value::vertex(Value::long_(1), "person");
        if (l.kind == Lookup::Kind::vertex_id) return Value::long_(1);
        if (l.kind == Lookup::Kind::vertex_sid) return Value::string("1");
        return v;
    }
    return std::nullopt;
}
}  // namespace

TEST_CASE("feature files: scenarios, tags, doc strings and tables") {
    const char* text = R"(@StepClassMap @StepMath
Feature: Step - math()

  @GraphComputerVerificationInjectionNotSupported
  Scenario: g_injectX1X_mathX_plus_1X
    Given the empty graph
    And using the parameter xx1 defined as "d[1].i"
    And the traversal of
      """
      g.inject(xx1).
        math("_ + 1")
      """
    When iterated to list
    Then the result should be unordered
      | result |
      | d[2.0].d |
      | a\|b |

  Scenario: second
    Given the modern graph
)";
    Feature f = parse_feature("map/Math.feature", text);
    CHECK(f.name == "Step - math()");
    REQUIRE(f.scenarios.size() == 2);
    const Scenario& s = f.scenarios[0];
    CHECK(s.name == "g_injectX1X_mathX_plus_1X");
    CHECK(s.tags == std::vector<std::string>{"@StepClassMap", "@StepMath",
                                             "@GraphComputerVerificationInjectionNotSupported"});
    REQUIRE(s.steps.size() == 5);
    CHECK(s.steps[1].text == "using the parameter xx1 defined as \"d[1].i\"");
    CHECK(s.steps[2].doc == "g.inject(xx1).\n  math(\"_ + 1\")");
    REQUIRE(s.steps[4].table.size() == 3);
    CHECK(s.steps[4].table[1][0] == "d[2.0].d");
    CHECK(s.steps[4].table[2][0] == "a|b");
    CHECK(f.scenarios[1].tags == std::vector<std::string>{"@StepClassMap", "@StepMath"});
    CHECK_THROWS_AS(parse_feature("x", "Feature: x\n  Given the modern graph\n"), std::runtime_error);
    CHECK_THROWS_AS(parse_feature("x", "Feature: x\nScenario: a\n  Given x\n  \"\"\"\n  open\n"),
                    std::runtime_error);
}

TEST_CASE("notation: numbers keep their type") {
    CHECK(convert("d[1].i", resolve).type() == Type::int_);
    CHECK(convert("d[1].l", resolve).type() == Type::long_);
    CHECK(convert("d[-3].b", resolve).as_int() == -3);
    CHECK(convert("d[1.5].d", resolve).as_double() == 1.5);
    CHECK(convert("d[1.5].f", resolve).type() == Type::float_);
    CHECK(std::isnan(convert("d[NaN]", resolve).as_double()));
    Value bd = convert("d[1.50].m", resolve);
    CHECK(bd.type() == Type::big_decimal);
    CHECK(bd.as_int() == 2);                        // scale
    CHECK(bd.str() == std::string("\x00\x96", 2));  // 150
    CHECK(convert("d[-1].n", resolve).str() == std::string("\xff", 1));
    CHECK(convert("d[128].n", resolve).str() == std::string("\x00\x80", 2));
    CHECK(convert("d[12345678901234567890].n", resolve).str().size() == 9);
}

TEST_CASE("notation: collections, elements, enums, strings") {
    Value l = convert("l[d[1].i,l[a,b],null]", resolve);
    REQUIRE(l.type() == Type::list);
    REQUIRE(l.size() == 3);
    CHECK(l[1].type() == Type::list);
    CHECK(l[2].is_null());
    CHECK(convert("s[a,a,b]", resolve).type() == Type::set);
    Value m = convert(R"(m[{"name":"marko","v[marko]":"d[2].l","t[id]":[1, 2.5],"n":{"x":null}}])", resolve);
    REQUIRE(m.type() == Type::map);
    REQUIRE(m.size() == 8);
    CHECK(m[2].type() == Type::vertex);
    CHECK(m[4].type() == Type::enum_);
    CHECK(m[4].str() == "id");
    CHECK(m[5][0].type() == Type::int_);
    CHECK(m[5][1].type() == Type::double_);
    CHECK(m[7].type() == Type::map);
    CHECK(convert("v[marko].id", resolve).type() == Type::long_);
    CHECK(convert("v[marko].sid", resolve).str() == "1");
    CHECK_THROWS_AS(convert("v[nobody]", resolve), std::runtime_error);
    CHECK_THROWS_AS(convert("c[it.get()]", resolve), Unsupported);
    CHECK(convert("str[d[1].i]", resolve).str() == "d[1].i");
    CHECK(convert("dt[2023-08-01T00:00:00Z]", resolve).as_int() == 1690848000000);
    CHECK(convert("dt[2023-08-01T01:00:00+01:00]", resolve).as_int() == 1690848000000);
    CHECK(convert("p[v[marko],d[1].i]", resolve).type() == Type::path);
    CHECK(convert("hello", resolve).str() == "hello");
}

TEST_CASE("notation: master's uuid, char, dur, bin and prop") {
    Value u = convert("uuid[41d2e28a-20a4-4ab0-b379-d810dede3786]", resolve);
    REQUIRE(u.type() == Type::uuid);
    CHECK(tpbench::model::uuid_to_string(u.as_uuid()) == "41d2e28a-20a4-4ab0-b379-d810dede3786");
    CHECK_THROWS_AS(convert("uuid[nope]", resolve), std::runtime_error);
    CHECK(convert("char[a]", resolve).type() == Type::char_);
    Value d = convert("dur[90,5]", resolve);
    REQUIRE(d.type() == Type::duration);
    CHECK(d.as_int() == 90);
    Value neg = convert("dur[1,500000000,false]", resolve);  // -1.5 s = (-2 s, 0.5e9 ns) as Java keeps it
    CHECK(neg.as_int() == -2);
    CHECK(convert("bin[aGVsbG8=]", resolve).str() == "hello");
    CHECK(convert("bin[aGk]", resolve).str() == "hi");
    Value p = convert("prop[weight,d[0.5].d]", resolve);
    REQUIRE(p.type() == Type::property);
    CHECK(equal(p, Value::property("weight", Value::double_(0.5))));
    CHECK_FALSE(equal(p, Value::property("weight", Value::double_(0.4))));
    CHECK_FALSE(equal(p, Value::property("w", Value::double_(0.5))));
}

TEST_CASE("comparison as Java's equals") {
    auto c = [](const char* s) { return convert(s, resolve); };
    CHECK(equal(c("d[1].i"), Value::int_(1)));
    CHECK_FALSE(equal(c("d[1].i"), Value::long_(1)));
    CHECK(equal(c("d[NaN]"), Value::double_(std::nan(""))));
    CHECK(equal(c("v[marko]"), Value::vertex(Value::long_(1), "person", Value::list())));
    CHECK_FALSE(equal(c("v[marko]"), Value::vertex(Value::long_(2), "person")));
    CHECK(equal(c("m[{\"a\":\"d[1].l\",\"b\":\"d[2].l\"}]"),
                Value::map({Value::string("b"), Value::long_(2), Value::string("a"), Value::long_(1)})));
    CHECK_FALSE(equal(c("m[{\"a\":\"d[1].l\"}]"), Value::map({Value::string("a"), Value::int_(1)})));
    CHECK(equal(c("l[a,b]"),
                Value::bulk_set({Value::string("a"), Value::long_(1), Value::string("b"), Value::long_(1)})));
    CHECK_FALSE(equal(c("l[a,b]"), Value::list({Value::string("b"), Value::string("a")})));
    CHECK(equal(c("s[a,b]"), Value::set({Value::string("b"), Value::string("a")})));
    Value path = Value::path(Value::list({Value::set({Value::string("x")})}),
                             Value::list({Value::vertex(Value::long_(1), "person")}));
    CHECK(equal(c("p[v[marko]]"), path));
    CHECK(equal(c("d[1.50].m"), Value::big_decimal(2, std::string("\x00\x00\x96", 3))));
    CHECK_FALSE(equal(c("d[1.5].m"), Value::big_decimal(2, std::string("\x00\x96", 2))));

    std::vector<Value> exp{c("d[1].i"), c("d[2].i"), c("d[2].i")};
    CHECK(check_unordered(exp, {Value::int_(2), Value::int_(1), Value::int_(2)}).empty());
    CHECK_FALSE(check_unordered(exp, {Value::int_(2), Value::int_(1), Value::int_(1)}).empty());
    CHECK_FALSE(check_ordered(exp, {Value::int_(2), Value::int_(1), Value::int_(2)}).empty());
    CHECK(check_ordered(exp, {Value::int_(1), Value::int_(2), Value::int_(2)}).empty());
    CHECK(check_of(exp, {Value::int_(2), Value::int_(2)}).empty());
    CHECK_FALSE(check_of(exp, {Value::int_(3)}).empty());
}

TEST_CASE("unsupported list format") {
    auto m = parse_unsupported("# comment\n\nmap/Math.feature\tg_x\tuses sack\n");
    REQUIRE(m.size() == 1);
    CHECK(m.begin()->second.reason == "uses sack");
    CHECK_THROWS_AS(parse_unsupported("map/Math.feature\tg_x\n"), std::runtime_error);
    CHECK_THROWS_AS(parse_unsupported("a\tb\tc\na\tb\td\n"), std::runtime_error);
}

TEST_CASE("tree structure check as Java's StepDefinition") {
    const Value leaf = Value::tree({});
    const Value marko = Value::vertex(Value::long_(1), "person");
    const std::string ascii = "|--v[marko]\n   |--josh\n      |--lop\n      |--d[2].i\n   |--vadas";
    // keys in any order match
    const Value t =
        Value::tree({marko, Value::tree({Value::string("vadas"), leaf, Value::string("josh"),
                                         Value::tree({Value::int_(2), leaf, Value::string("lop"), leaf})})});
    CHECK(check_tree(ascii, t, resolve).empty());
    // a missing key, an extra key, a wrongly typed number, and a non-tree all fail
    const Value missing =
        Value::tree({marko, Value::tree({Value::string("vadas"), leaf, Value::string("josh"),
                                         Value::tree({Value::string("lop"), leaf})})});
    CHECK(check_tree(ascii, missing, resolve).find("expected 2 keys") != std::string::npos);
    const Value extra =
        Value::tree({marko, Value::tree({Value::string("vadas"), Value::tree({Value::string("x"), leaf}),
                                         Value::string("josh"),
                                         Value::tree({Value::int_(2), leaf, Value::string("lop"), leaf})})});
    CHECK_FALSE(check_tree(ascii, extra, resolve).empty());
    const Value longs =
        Value::tree({marko, Value::tree({Value::string("vadas"), leaf, Value::string("josh"),
                                         Value::tree({Value::long_(2), leaf, Value::string("lop"), leaf})})});
    CHECK(check_tree(ascii, longs, resolve).find("missing") != std::string::npos);
    CHECK(check_tree(ascii, Value::map(), resolve).find("expected a Tree") != std::string::npos);
    // an empty structure is an empty tree
    CHECK(check_tree("", leaf, resolve).empty());
    CHECK_FALSE(check_tree("", t, resolve).empty());
    // a line two levels below its parent is malformed
    CHECK_THROWS_AS(check_tree("|--a\n      |--b", leaf, resolve), std::runtime_error);
}
