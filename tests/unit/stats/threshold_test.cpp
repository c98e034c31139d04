#include <tpbench/stats/threshold.hpp>

#include <doctest/doctest.h>

using namespace tpbench::stats;

TEST_CASE("parse the documented threshold forms") {
    auto t = parse_threshold("p99<20ms");
    REQUIRE_MESSAGE(t.ok(), t.error());
    CHECK(t->metric == "p99");
    CHECK(t->kind == MetricKind::time);
    CHECK(t->percentile == 99.0);
    CHECK(t->op == CompareOp::lt);
    CHECK(t->value == 20e6);

    t = parse_threshold("errors<0.1%");
    REQUIRE(t.ok());
    CHECK(t->kind == MetricKind::fraction);
    CHECK(t->value == doctest::Approx(0.001));

    t = parse_threshold("rps>1000");
    REQUIRE(t.ok());
    CHECK(t->kind == MetricKind::count);
    CHECK(t->op == CompareOp::gt);
    CHECK(t->value == 1000);

    t = parse_threshold(" p99.9 <= 5ms ");
    REQUIRE(t.ok());
    CHECK(t->metric == "p99.9");
    CHECK(t->percentile == doctest::Approx(99.9));
    CHECK(t->op == CompareOp::le);
    CHECK(t->value == 5e6);
    CHECK(t->text == "p99.9 <= 5ms");

    t = parse_threshold("mean<1s");
    REQUIRE(t.ok());
    CHECK(t->value == 1e9);
    CHECK(parse_threshold("max<250us")->value == 250e3);
    CHECK(parse_threshold("p50>=10\xC2\xB5s")->value == 10e3);
    CHECK(parse_threshold("rps>=2.5k")->value == 2500);
    CHECK(parse_threshold("requests!=0")->op == CompareOp::ne);
    // k6 aliases.
    auto k = parse_threshold("p(95)<200ms");
    REQUIRE(k.ok());
    CHECK(k->metric == "p95");
    CHECK(k->percentile == 95.0);
    CHECK(parse_threshold("avg<1ms")->metric == "mean");
    CHECK(parse_threshold("med<1ms")->percentile == 50.0);
    CHECK_FALSE(parse_threshold("p(abc)<1ms").ok());
}

TEST_CASE("bad threshold expressions give clear errors") {
    struct Case {
        const char* text;
        const char* expect;
    };
    const Case cases[] = {
        {"", "empty"},
        {"p99 20ms", "missing comparison operator"},
        {"latency<20ms", "unknown metric"},
        {"p99<20", "needs a unit"},
        {"p99<20parsecs", "unknown time unit"},
        {"p101<1ms", "within 0..100"},
        {"p9x<1ms", "bad percentile"},
        {"errors<5", "percentage"},
        {"errors<200%", "above 100%"},
        {"rps>fast", "non-negative number"},
        {"rps>10x", "unknown unit"},
        {"<5ms", "missing metric"},
        {"p99=<5ms", "unknown operator"},
    };
    for (const auto& c : cases) {
        auto t = parse_threshold(c.text);
        INFO(c.text);
        REQUIRE_FALSE(t.ok());
        CHECK(t.error().find(c.expect) != std::string::npos);
        CHECK(t.error().find("threshold '") == 0);
    }
    auto list = parse_thresholds("p99<20ms, bogus>1");
    REQUIRE_FALSE(list.ok());
    CHECK(list.error().find("bogus") != std::string::npos);
    CHECK_FALSE(parse_thresholds(" , ").ok());
}

TEST_CASE("evaluate thresholds against a metrics map and a run") {
    auto ts = parse_thresholds("p99<20ms;errors<0.1%,rps>1000");
    REQUIRE(ts.ok());
    auto ok = evaluate_thresholds(*ts, map_source({{"p99", 12e6}, {"errors", 0.0005}, {"rps", 1500}}));
    CHECK(ok.all_passed);
    CHECK(ok.exit_code() == 0);
    REQUIRE(ok.results.size() == 3);
    CHECK(ok.results[0].message.find("12.000ms") != std::string::npos);

    auto bad = evaluate_thresholds(*ts, map_source({{"p99", 25e6}, {"errors", 0.0005}, {"rps", 1500}}));
    CHECK_FALSE(bad.all_passed);
    CHECK(bad.exit_code() == 99);
    CHECK_FALSE(bad.results[0].passed);
    CHECK(bad.results[0].message.find("FAILED") != std::string::npos);

    auto missing = evaluate_thresholds(*ts, map_source({{"p99", 1e6}}));
    CHECK_FALSE(missing.all_passed);
    CHECK(missing.results[1].message.find("not measured") != std::string::npos);

    Histogram h{{1, 60'000'000'000, 3}};
    for (int i = 1; i <= 1000; ++i) h.record(i * 10'000);  // 10us .. 10ms
    auto run = run_source(h, 2000.0, 1000, 2);
    auto r = evaluate_thresholds(*parse_thresholds("p99.9<=10.01ms,p50<4ms,errors<0.1%,mean<6ms"), run);
    REQUIRE(r.results.size() == 4);
    CHECK(r.results[0].passed);
    CHECK_FALSE(r.results[1].passed);  // p50 = 5ms
    CHECK_FALSE(r.results[2].passed);  // 0.2% errors
    CHECK(r.results[3].passed);
    CHECK(r.exit_code() == kThresholdsFailedExitCode);
}

TEST_CASE("scoped thresholds: a side label or the A/B ratio") {
    auto side = parse_threshold("http4@127.0.0.1:8182 : p99<20ms");
    REQUIRE_MESSAGE(side.ok(), side.error());
    CHECK(side->scope == "http4@127.0.0.1:8182");
    CHECK_FALSE(side->ratio);
    CHECK(side->metric == "p99");
    CHECK(side->value == doctest::Approx(20e6));

    auto r = parse_threshold("ratio:rps>0.9");
    REQUIRE_MESSAGE(r.ok(), r.error());
    CHECK(r->ratio);
    CHECK(r->scope == "ratio");
    CHECK(r->metric == "rps");
    CHECK(r->op == CompareOp::gt);
    CHECK(r->value == doctest::Approx(0.9));
    CHECK(format_metric(*r, 0.95) == "x0.950");
    CHECK(format_metric(*r, 0.0001) == "x0.0001");  // a tiny factor is not shown as x0.000

    auto p = parse_threshold("ratio: p99 <= 1.2x");
    REQUIRE_MESSAGE(p.ok(), p.error());
    CHECK(p->kind == MetricKind::time);
    CHECK(p->value == doctest::Approx(1.2));  // a factor, not nanoseconds

    CHECK(parse_threshold("ratio:p99<1ms").error().find("plain factor") != std::string::npos);
    CHECK(parse_threshold("ratio:errors<2").error().find("ratio compares") != std::string::npos);
    CHECK(parse_threshold(":p99<1ms").error().find("empty side name") != std::string::npos);
    auto plain = parse_threshold("p99<1ms");
    REQUIRE(plain.ok());
    CHECK(plain->scope.empty());

    // Evaluated like any other threshold once the caller supplies the B/A factor.
    auto res = evaluate_thresholds({*r}, map_source({{"rps", 0.5}}));
    CHECK_FALSE(res.all_passed);
    CHECK(res.results[0].message == "ratio:rps>0.9: rps = x0.500 (limit > x0.900) -> FAILED");
}

TEST_CASE("baseline thresholds: 'METRIC OP FACTORx baseline' and 'baseline:'") {
    auto t = parse_threshold("p99<1.10x baseline");
    REQUIRE_MESSAGE(t.ok(), t.error());
    CHECK(t->baseline);
    CHECK_FALSE(t->ratio);
    CHECK(t->scope == "baseline");
    CHECK(t->metric == "p99");
    CHECK(t->kind == MetricKind::time);
    CHECK(t->op == CompareOp::lt);
    CHECK(t->value == doctest::Approx(1.10));  // a factor, not nanoseconds
    CHECK(format_metric(*t, 1.05) == "x1.050");
    auto r = parse_threshold(" rps > 0.95 x baseline ");
    REQUIRE_MESSAGE(r.ok(), r.error());
    CHECK(r->baseline);
    CHECK(r->metric == "rps");
    CHECK(r->value == doctest::Approx(0.95));
    auto s = parse_threshold("baseline:p50<=2");
    REQUIRE_MESSAGE(s.ok(), s.error());
    CHECK(s->baseline);
    CHECK(s->value == doctest::Approx(2.0));
    auto all = parse_thresholds("p99<1.10x baseline,rps>0.95x baseline");
    REQUIRE_MESSAGE(all.ok(), all.error());
    CHECK(all->size() == 2);
    CHECK(parse_threshold("errors<2x baseline").error().find("baseline factor compares") !=
          std::string::npos);
    CHECK(parse_threshold("ratio:p99<2x baseline").error().find("not side B with side A") !=
          std::string::npos);
    CHECK(s->side.empty());
    // A side label scopes a baseline threshold to that side (tpbench ab).
    auto scoped = parse_threshold("http4:p99<2x baseline");
    REQUIRE_MESSAGE(scoped.ok(), scoped.error());
    CHECK(scoped->baseline);
    CHECK(scoped->scope == "baseline");
    CHECK(scoped->side == "http4");
    CHECK(scoped->value == doctest::Approx(2.0));
    CHECK(t->side.empty());
    CHECK(parse_threshold("baseline:p99<2ms").error().find("plain factor") != std::string::npos);
    // Without "baseline" a time metric still needs its unit.
    CHECK(parse_threshold("p99<2x").error().find("unknown time unit") != std::string::npos);
}
