// The differential check's own logic: canonical rendering keeps types apart and sorts what Gremlin
// leaves unordered; files parse; verdicts.
#include "differential.hpp"

#include <doctest/doctest.h>

#include <sstream>

using namespace tpbench::differential;
using tpbench::model::Value;

TEST_CASE("differential: canonical rendering distinguishes numeric types and sorts maps and sets") {
    CHECK(canon(Value::int_(1)) == "i:1");
    CHECK(canon(Value::long_(1)) == "L:1");
    CHECK(canon(Value::int_(1)) != canon(Value::long_(1)));
    CHECK(canon(Value::double_(0.5)) == "d:0.5");
    CHECK(canon(Value::float_(0.5f)) == "f:0.5");
    CHECK(canon(Value::string("a'b")) == "'a\\'b'");
    auto m1 = Value::map({Value::string("a"), Value::int_(1), Value::string("b"), Value::int_(2)});
    auto m2 = Value::map({Value::string("b"), Value::int_(2), Value::string("a"), Value::int_(1)});
    CHECK(canon(m1) == canon(m2));
    CHECK(canon(Value::list({Value::int_(1), Value::int_(2)})) !=
          canon(Value::list({Value::int_(2), Value::int_(1)})));
    CHECK(canon(Value::set({Value::int_(1), Value::int_(2)})) ==
          canon(Value::set({Value::int_(2), Value::int_(1)})));
    auto v = Value::vertex(Value::long_(1), "person",
                           Value::list({Value::vertex_property(Value::long_(0), "name",
                                                               Value::string("marko"), Value::list())}));
    CHECK(canon(v) == "v[L:1 'person' {vp[L:0 'name'='marko']}]");
    CHECK(canon(Value::vertex(Value::long_(1), "person")) == "v[L:1 'person']");
}

TEST_CASE("differential: query file prefixes and order detection") {
    auto qs = parse_queries(
        "# c\n\ng.V()\ng.V().order().by('name')\n@ordered g.inject(1,2)\n@mutating g.addV('x')\n"
        "@unordered g.V().order()\n");
    REQUIRE(qs.size() == 5);
    CHECK_FALSE(qs[0].ordered);
    CHECK(qs[1].ordered);
    CHECK(qs[2].ordered);
    CHECK(qs[2].text == "g.inject(1,2)");
    CHECK(qs[3].mutating);
    CHECK_FALSE(qs[4].ordered);
    CHECK(qs[4].text == "g.V().order()");
    CHECK_THROWS(parse_queries("g.V()\ng.V()\n"));
}

TEST_CASE("differential: known list and recorded answers round-trip") {
    auto k = parse_known("# x\nunsupported\tg.V().sack()\tno sack\n");
    REQUIRE(k.size() == 1);
    CHECK(k.begin()->second.kind == "unsupported");
    CHECK_THROWS(parse_known("oops\tg.V()\treason\n"));
    CHECK_THROWS(parse_known("bug\tg.V()\n"));

    Answer a;
    a.ok = true;
    a.lines = {"i:1", "'x\\ty'"};
    Answer e;
    e.ok = false;
    e.status = 597;
    e.message = "No such property: x\nline 2";
    std::ostringstream out;
    write_recorded(out, "g.inject(1)", a);
    write_recorded(out, "x", e);
    auto r = parse_recorded(out.str());
    REQUIRE(r.size() == 2);
    CHECK(r["g.inject(1)"].lines == a.lines);
    CHECK(r["x"].status == 597);
    CHECK_FALSE(r["x"].ok);
}

TEST_CASE("differential: verdicts") {
    Query q{"g.V()", false, false};
    Answer x, y;
    x.ok = y.ok = true;
    x.lines = {"i:1", "i:2"};
    y.lines = {"i:2", "i:1"};
    CHECK(judge(q, x, y) == Verdict::same_results);
    q.ordered = true;
    CHECK(judge(q, x, y) == Verdict::different);
    y.lines = {"L:1", "L:2"};
    q.ordered = false;
    CHECK(judge(q, x, y) == Verdict::different);
    y.ok = false;
    y.message = "unsupported step 'sack'";
    CHECK(judge(q, x, y) == Verdict::unsupported);
    y.message = "boom";
    CHECK(judge(q, x, y) == Verdict::embedded_error);
    x.ok = false;
    CHECK(judge(q, x, y) == Verdict::same_error);
}
