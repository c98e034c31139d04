#include <tpbench/profiling/feeder.hpp>

#include <tpbench/profiling/profiling.hpp>
#include <tpbench/profiling/scenario.hpp>
#include <tpbench/profiling/workload.hpp>

#include <doctest/doctest.h>

#include <set>

using namespace tpbench;
using namespace tpbench::engine;
using model::Value;

namespace {

Feeder rows_of(std::string file, std::string_view text, Value bindings = Value::map()) {
    Feeder f;
    f.file = std::move(file);
    load_feeder_rows(f, text, bindings);
    return f;
}

std::string error_of(std::string file, std::string_view text, Value bindings = Value::map()) {
    try {
        rows_of(std::move(file), text, std::move(bindings));
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("feeder: CSV header names the bindings; cells are typed unless quoted") {
    const Feeder f = rows_of("ids.csv",
                             "\xEF\xBB\xBFvid,name,w,ok\r\n"
                             "1,marko,0.5,true\r\n"
                             "\r\n"
                             "\"2\",\"vadas, \"\"the\"\" second\",-3e2,x\n"
                             "3,\"multi\nline\",7,false");
    REQUIRE(f.rows.size() == 3);
    CHECK(f.rows[0] ==
          Value::map({Value::string("vid"), Value::long_(1), Value::string("name"), Value::string("marko"),
                      Value::string("w"), Value::double_(0.5), Value::string("ok"), Value::boolean(true)}));
    CHECK(*f.rows[1].find("vid") == Value::string("2"));
    CHECK(*f.rows[1].find("name") == Value::string("vadas, \"the\" second"));
    CHECK(*f.rows[1].find("w") == Value::double_(-300));
    CHECK(*f.rows[1].find("ok") == Value::string("x"));
    CHECK(*f.rows[2].find("name") == Value::string("multi\nline"));
    CHECK(*f.rows[2].find("ok") == Value::boolean(false));
}

TEST_CASE("feeder: the line's own bindings are kept in every row") {
    const Feeder f =
        rows_of("r.jsonl", "# ids\n{\"vid\": 1}\n\n{\"vid\": {\"@type\": \"g:Int32\", \"@value\": 2}}\n",
                Value::map({Value::string("lbl"), Value::string("person")}));
    REQUIRE(f.rows.size() == 2);
    CHECK(f.rows[0] ==
          Value::map({Value::string("lbl"), Value::string("person"), Value::string("vid"), Value::long_(1)}));
    CHECK(*f.rows[1].find("vid") == Value::int_(2));
    CHECK(*f.rows[1].find("lbl") == Value::string("person"));
}

TEST_CASE("feeder: a bad file is refused naming the file and the line") {
    CHECK(error_of("ids.csv", "vid\n1\n2,3\n") == "feeder ids.csv line 3: 2 field(s), the header has 1");
    CHECK(error_of("ids.csv", "vid\n1\n\"2\n") == "feeder ids.csv line 3: a quoted field is not closed");
    CHECK(error_of("ids.csv", "vid\n\"1\"x\n") == "feeder ids.csv line 2: text after a closing quote");
    CHECK(error_of("ids.csv", "vid\n1\"\n").find("feeder ids.csv line 2: a quote inside") == 0);
    CHECK(error_of("ids.csv", "v id\n1\n").find("feeder ids.csv line 1: header column 'v id'") == 0);
    CHECK(error_of("ids.csv", "a,a\n1,2\n") == "feeder ids.csv line 1: column 'a' appears twice");
    CHECK(error_of("ids.csv", "vid\n") == "feeder ids.csv: no rows");
    CHECK(error_of("ids.csv", "") == "feeder ids.csv: no rows");
    CHECK(error_of("ids.csv", "vid\n1\n", Value::map({Value::string("vid"), Value::long_(1)})) ==
          "feeder ids.csv line 1: column 'vid' is also in the workload line's bindings");
    CHECK(error_of("r.jsonl", "{\"vid\": 1}\n{\"vid\": 2\n").find("feeder r.jsonl line 2: invalid JSON") ==
          0);
    CHECK(error_of("r.jsonl", "{\"vid\": 1}\n\n[1]\n") ==
          "feeder r.jsonl line 3: expected a JSON object of bindings");
    CHECK(error_of("r.jsonl", "{\"a-b\": 1}\n").find("feeder r.jsonl line 1: 'a-b' is not a binding name") ==
          0);
}

TEST_CASE("feeder: workload lines name a feeder; tx lines and bad modes are refused") {
    auto q = parse_workload(
        "{\"gremlin\": \"g.V(vid)\", \"feeder\": \"ids.csv\"}\n"
        "{\"gremlin\": \"g.V(vid)\", \"feeder\": {\"file\": \"r.jsonl\", \"mode\": \"random\", \"seed\": "
        "7}}\n"
        "{\"gremlin\": \"g.V().count()\"}\n");
    REQUIRE(q.size() == 3);
    REQUIRE(q[0].feeder);
    CHECK(q[0].feeder->file == "ids.csv");
    CHECK(q[0].feeder->mode == Feeder::Mode::sequential);
    CHECK(q[0].request.feeder == q[0].feeder);
    CHECK(q[1].feeder->mode == Feeder::Mode::random);
    CHECK(q[1].feeder->seed == 7);
    CHECK_FALSE(q[2].feeder);
    std::vector<std::string> read;
    load_feeders(q, [&](const std::string& file) {
        read.push_back(file);
        return file == "ids.csv" ? std::string("vid\n1\n2\n") : std::string("{\"vid\": 3}\n");
    });
    CHECK(read == std::vector<std::string>{"ids.csv", "r.jsonl"});
    CHECK(q[0].request.feeder->rows.size() == 2);

    CHECK_THROWS_WITH_AS(parse_workload("{\"tx\": [{\"gremlin\": \"g\"}], \"feeder\": \"a.csv\"}\n"),
                         doctest::Contains("workload line 1: a 'tx' line takes no 'feeder'"), ConfigError);
    CHECK_THROWS_WITH_AS(
        parse_workload("{\"gremlin\": \"g\", \"feeder\": {\"file\": \"a.csv\", \"mode\": \"loop\"}}\n"),
        doctest::Contains("workload line 1: feeder mode 'loop'"), ConfigError);
    CHECK_THROWS_WITH_AS(parse_workload("\n{\"gremlin\": \"g\", \"feeder\": 3}\n"),
                         doctest::Contains("workload line 2: 'feeder' must be a file name"), ConfigError);
}

TEST_CASE("feeder: the planner gives rows per request; once-through ends the plan after the rows") {
    auto q = parse_workload(
        "{\"gremlin\": \"a\", \"feeder\": {\"file\": \"s.csv\", \"mode\": \"sequential\"}}\n"
        "{\"gremlin\": \"b\", \"feeder\": {\"file\": \"r.csv\", \"mode\": \"random\", \"seed\": 3}}\n"
        "{\"gremlin\": \"c\"}\n");
    load_feeders(q, [](const std::string& file) {
        return file == "s.csv" ? std::string("x\n10\n11\n12\n") : std::string("y\n1\n2\n3\n4\n5\n6\n7\n8\n");
    });
    ProfilingOptions o;
    RequestPlanner p(o, &q);
    REQUIRE(p.has_feeders());
    std::vector<std::uint32_t> rows;
    auto plan = p.next(300, &rows);
    REQUIRE(plan.size() == 300);
    REQUIRE(rows.size() == 300);
    std::uint32_t seq = 0;
    std::set<std::uint32_t> random_rows;
    for (std::size_t i = 0; i < plan.size(); ++i) {
        if (plan[i] == 0) CHECK(rows[i] == seq++ % 3);  // sequential, wrapping
        if (plan[i] == 1) random_rows.insert(rows[i]);
        if (plan[i] == 2) CHECK(rows[i] == 0);
        CHECK(rows[i] < 8);
    }
    CHECK(random_rows.size() == 8);  // ~100 draws over 8 rows reach every one
    // The cursor continues across calls; the same seed gives the same rows.
    RequestPlanner p2(o, &q);
    std::vector<std::uint32_t> rows2;
    CHECK(p2.next(300, &rows2) == plan);
    CHECK(rows2 == rows);

    auto once = parse_workload(
        "{\"gremlin\": \"a\", \"feeder\": {\"file\": \"o.csv\", \"mode\": \"once\"}, \"weight\": 2}\n"
        "{\"gremlin\": \"b\"}\n");
    load_feeders(once, [](const std::string&) { return std::string("x\n1\n2\n3\n4\n5\n"); });
    RequestPlanner po(o, &once);
    std::vector<std::uint32_t> used;
    std::size_t total = 0;
    for (int call = 0; call < 10 && !po.feeder_exhausted(); ++call) {
        auto pl = po.next(2, &rows);
        total += pl.size();
        for (std::size_t i = 0; i < pl.size(); ++i)
            if (pl[i] == 0) used.push_back(rows[i]);
    }
    CHECK(po.feeder_exhausted());
    CHECK(used == std::vector<std::uint32_t>{0, 1, 2, 3, 4});  // every row once, in order
    CHECK(total >= 5);
    CHECK(po.next(5, &rows).empty());
}
