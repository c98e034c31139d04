// --threshold in every load command: the scopes a command's sides allow, and the
// evaluation on report sides — per side, one side, B/A ratios, the mean over rounds.
#include "thresholds.hpp"

#include <tpbench/profiling/profiling.hpp>

#include <doctest/doctest.h>

using namespace tpbench;

namespace {
report::Side side(double rps, std::int64_t p_ns, std::uint64_t requests, std::uint64_t failed) {
    report::Side s;
    s.throughput_rps = rps;
    s.requests = requests;
    s.failed = failed;
    s.completed = requests - failed;
    stats::Histogram h;
    for (int i = 0; i < 100; ++i) h.record(p_ns);
    s.latency = h;
    return s;
}
}  // namespace

TEST_CASE("parse_threshold_flag: scopes must name a side; ratios need two sides") {
    CHECK(cli::parse_threshold_flag("", {"ws37"}).empty());
    CHECK(cli::parse_threshold_flag("p99<20ms,errors<1%", {"ws37"}).size() == 2);
    CHECK(cli::parse_threshold_flag("http4:p99<20ms", {"ws37", "http4"}).at(0).scope == "http4");
    CHECK_THROWS_WITH_AS(cli::parse_threshold_flag("http3:p99<20ms", {"ws37", "http4"}),
                         doctest::Contains("names side 'http3'"), engine::ConfigError);
    CHECK_THROWS_WITH_AS(cli::parse_threshold_flag("ratio:rps>0.9", {"ws37"}),
                         doctest::Contains("a ratio compares two sides"), engine::ConfigError);
    CHECK_THROWS_AS(cli::parse_threshold_flag("p99<", {"ws37"}), engine::ConfigError);
}

TEST_CASE("apply_thresholds: every side, one side, B/A ratios; 99 when one fails") {
    const report::Side a = side(1000, 2'000'000, 100, 0);  // 1000 req/s, p99 2 ms
    const report::Side b = side(800, 3'000'000, 100, 5);   // 800 req/s, p99 3 ms, 5% errors
    const auto ts =
        cli::parse_threshold_flag("p99<2500us,http4:errors<1%,ratio:rps>0.9,ratio:p99<2", {"ws37", "http4"});
    report::Report rep;
    const int rc = cli::apply_thresholds(rep, ts, {{"ws37", {&a}}, {"http4", {&b}}});
    CHECK(rc == stats::kThresholdsFailedExitCode);
    REQUIRE(rep.thresholds.size() == 5);  // p99 on each side, errors on http4, two ratios
    CHECK(rep.thresholds[0].expression == "ws37:p99<2500us");
    CHECK(rep.thresholds[0].passed);
    CHECK(rep.thresholds[1].expression == "http4:p99<2500us");
    CHECK_FALSE(rep.thresholds[1].passed);
    CHECK(rep.thresholds[2].expression == "http4:errors<1%");
    CHECK_FALSE(rep.thresholds[2].passed);
    CHECK(rep.thresholds[3].expression == "ratio:rps>0.9");
    CHECK_FALSE(rep.thresholds[3].passed);  // 800 / 1000 = 0.8
    CHECK(rep.thresholds[3].message ==
          "http4 / ws37: ratio:rps>0.9: rps = x0.800 (limit > x0.900) -> FAILED");
    CHECK(rep.thresholds[4].passed);  // p99 3 ms / 2 ms ~ 1.5 < 2

    report::Report ok;
    CHECK(cli::apply_thresholds(ok, cli::parse_threshold_flag("ratio:rps>0.5", {"ws37", "http4"}),
                                {{"ws37", {&a}}, {"http4", {&b}}}) == 0);
}

TEST_CASE("apply_thresholds: one side is not prefixed; rounds are averaged") {
    const report::Side r1 = side(1000, 1'000'000, 100, 0);
    const report::Side r2 = side(2000, 1'000'000, 100, 0);
    report::Report rep;
    CHECK(cli::apply_thresholds(rep, cli::parse_threshold_flag("rps>1400", {"ws37"}),
                                {{"ws37", {&r1, &r2}}}) == 0);  // mean 1500
    REQUIRE(rep.thresholds.size() == 1);
    CHECK(rep.thresholds[0].expression == "rps>1400");
    CHECK(rep.thresholds[0].message.rfind("rps>1400: rps = 1500.0", 0) == 0);
    // A side without latency figures fails a latency threshold ("not measured"), never passes it.
    report::Side empty;
    report::Report none;
    CHECK(cli::apply_thresholds(none, cli::parse_threshold_flag("p99<1s", {"ws37"}), {{"ws37", {&empty}}}) ==
          stats::kThresholdsFailedExitCode);
    CHECK(none.thresholds[0].message.find("not measured") != std::string::npos);
}

TEST_CASE("apply_thresholds: baseline factors per side; 'SIDE:' judges one side of an A/B") {
    report::Side a = side(1000, 2'000'000, 100, 0);
    report::Side b = side(500, 4'000'000, 100, 0);  // half the rate, twice the p99 of its baseline
    a.name = "ws37";
    b.name = "http4";
    report::Report base;
    base.sides = {a, side(1000, 2'000'000, 100, 0)};
    base.sides[1].name = "http4";
    CHECK_THROWS_WITH_AS(cli::parse_threshold_flag("p99<2x baseline", {"ws37", "http4"}),
                         doctest::Contains("--baseline FILE"), engine::ConfigError);
    CHECK_THROWS_WITH_AS(cli::parse_threshold_flag("http3:p99<2x baseline", {"ws37", "http4"}, true),
                         doctest::Contains("names side 'http3'"), engine::ConfigError);
    const auto ts = cli::parse_threshold_flag("p99<1.5x baseline", {"ws37", "http4"}, true);
    report::Report rep;
    CHECK(cli::apply_thresholds(rep, ts, {{"ws37", {&a}}, {"http4", {&b}}}, false, &base) ==
          stats::kThresholdsFailedExitCode);
    REQUIRE(rep.thresholds.size() == 2);
    CHECK(rep.thresholds[0].passed);
    CHECK_FALSE(rep.thresholds[1].passed);
    CHECK(rep.thresholds[1].message.rfind("http4 / baseline: p99<1.5x baseline: p99 = x2.000", 0) == 0);
    // Scoped to ws37 only: http4's slowdown is not judged.
    const auto only =
        cli::parse_threshold_flag("ws37:p99<1.5x baseline,ws37:rps>0.9x baseline", {"ws37", "http4"}, true);
    report::Report rep2;
    CHECK(cli::apply_thresholds(rep2, only, {{"ws37", {&a}}, {"http4", {&b}}}, false, &base) == 0);
    REQUIRE(rep2.thresholds.size() == 2);
    CHECK(rep2.thresholds[0].message.rfind("ws37 / baseline: ", 0) == 0);
    const auto http4 = cli::parse_threshold_flag("http4:rps>0.9x baseline", {"ws37", "http4"}, true);
    report::Report rep3;
    CHECK(cli::apply_thresholds(rep3, http4, {{"ws37", {&a}}, {"http4", {&b}}}, false, &base) ==
          stats::kThresholdsFailedExitCode);
    REQUIRE(rep3.thresholds.size() == 1);
    CHECK(rep3.thresholds[0].message.find("x0.500") != std::string::npos);
}
