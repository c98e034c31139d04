// The open-loop sweep policy: when a step is sustainable, the next rate, when the sweep stops.
#include "sweep.hpp"

#include <doctest/doctest.h>

using namespace tpbench;

namespace {
std::vector<stats::Threshold> slo(const char* text) {
    auto t = stats::parse_thresholds(text);
    REQUIRE(t);
    return *t;
}
cli::SweepStep step(const stats::Histogram& h, double offered, double achieved) {
    cli::SweepStep s;
    s.offered_rps = offered;
    s.achieved_rps = achieved;
    s.throughput_rps = achieved;
    s.latency = &h;
    s.issued = 100;
    s.failed = 0;
    return s;
}
}  // namespace

TEST_CASE("a step is sustainable when the SLO holds, the schedule is kept and >= 95% is achieved") {
    stats::Histogram fast, slow;
    for (int i = 0; i < 100; ++i) {
        fast.record(1'000'000);   // 1 ms
        slow.record(80'000'000);  // 80 ms
    }
    const auto p99 = slo("p99<50ms");
    CHECK(cli::judge_sweep_step(p99, step(fast, 1000, 1000)).passed);
    CHECK(cli::judge_sweep_step(p99, step(fast, 1000, 950)).passed);
    const auto behind = cli::judge_sweep_step(p99, step(fast, 1000, 949));
    CHECK_FALSE(behind.passed);  // fell behind, and says so next to the SLO's "ok"
    CHECK(behind.why.find("-> ok") != std::string::npos);
    CHECK(behind.why.find("achieved 949 req/s < 95% of the offered 1000 req/s") != std::string::npos);
    const auto v = cli::judge_sweep_step(p99, step(slow, 1000, 1000));
    CHECK_FALSE(v.passed);  // SLO broken
    CHECK(v.why.find("p99<50ms") != std::string::npos);
    auto sat = step(fast, 1000, 1000);
    sat.saturated = true;
    const auto missed = cli::judge_sweep_step(p99, sat);
    CHECK_FALSE(missed.passed);  // schedule missed
    CHECK(missed.why.find("schedule not kept") != std::string::npos);
    // An error-rate SLO counts failed requests.
    auto errs = step(fast, 1000, 1000);
    errs.failed = 10;
    CHECK_FALSE(cli::judge_sweep_step(slo("errors<1%"), errs).passed);
    errs.failed = 0;
    CHECK(cli::judge_sweep_step(slo("errors<1%"), errs).passed);
}

TEST_CASE("the sweep multiplies the rate and stops at the first failure, a fatal error or the step limit") {
    CHECK(cli::next_sweep_rate(1000, 1.5) == doctest::Approx(1500));
    cli::SweepVerdict ok{true, ""}, bad{false, ""};
    CHECK(cli::sweep_continues(0, 12, ok, false));
    CHECK_FALSE(cli::sweep_continues(0, 12, bad, false));
    CHECK_FALSE(cli::sweep_continues(0, 12, ok, true));
    CHECK(cli::sweep_continues(10, 12, ok, false));
    CHECK_FALSE(cli::sweep_continues(11, 12, ok, false));  // step 12 of 12 was the last
    CHECK_FALSE(cli::sweep_continues(0, 1, ok, false));
}
