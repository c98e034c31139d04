// A stop request (tpbench/engine/interrupt.hpp: what the first SIGINT/SIGTERM/SIGHUP does) ends a
// load run early with its partial figures: no request is taken after it, the ones in flight get
// the grace period, the rest of the plan is not sent (and not counted), and the closed seconds
// were handed over as the run went (LoadSpec::on_interval).
#include <tpbench/engine/interrupt.hpp>
#include <tpbench/engine/load.hpp>
#include <tpbench/profiling/scenario.hpp>

#include "fake_session.hpp"

#include <doctest/doctest.h>

#include <csignal>
#include <thread>

using namespace tpbench;
using namespace tpbench::engine;
using namespace std::chrono_literals;

namespace {

LoadSpec rate_spec(double rate, std::size_t requests) {
    LoadSpec s;
    s.pool.min_connections = 2;
    s.pool.max_connections = 2;
    s.pool.max_in_process_per_connection = 4;
    s.pool.max_simultaneous_usage_per_connection = 4;
    RequestTemplate t;
    t.request.gremlin = "1+1";
    s.templates.push_back(t);
    s.plan.assign(requests, 0);
    s.rate = rate;
    s.run_deadline = 120s;
    return s;
}

std::uint64_t err(const PhaseStats& p, errc e) { return p.errors[static_cast<std::size_t>(e)]; }

// Calls request_stop() from another thread once `done` requests have finished (the run's
// progress callback, about once a second, says so) — never on a timer of its own.
struct StopAfter {
    explicit StopAfter(std::uint64_t d) : done(d) {}
    std::uint64_t done;
    std::thread stopper;
    std::atomic<bool> asked{false};
    void attach(LoadSpec& s) {
        s.progress = [this](std::uint64_t d, std::uint64_t) {
            if (d >= done && !asked.exchange(true)) stopper = std::thread([] { request_stop(SIGINT); });
        };
    }
    ~StopAfter() {
        if (stopper.joinable()) stopper.join();
    }
};

// Resets the process-wide stop request around each test.
struct StopReset {
    StopReset() { reset_stop(); }
    ~StopReset() {
        reset_stop();
        set_stop_grace(default_stop_grace);
    }
};

}  // namespace

TEST_CASE("a stop request ends an open-loop run: partial figures, the rest of the plan not sent") {
    StopReset reset;
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 1ms;
    auto spec = rate_spec(200, 200 * 60);  // a 60 s schedule
    spec.intervals = true;
    StopAfter stop{300};
    stop.attach(spec);
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    REQUIRE(stop_requested());
    CHECK(stop_request()->signal == SIGINT);
    CHECK(r.interrupted);
    CHECK_FALSE(r.setup_failed);
    CHECK_FALSE(r.deadline_hit);
    const auto& m = r.measured();
    CHECK(m.completed >= 300);
    CHECK(m.issued == m.completed + m.failed);
    CHECK(m.issued < spec.plan.size());
    CHECK(m.issued + r.warmup().issued + r.not_sent == spec.plan.size());
    // Nothing failed: every request in flight finished within the grace period.
    CHECK(m.failed == 0);
    CHECK(m.latency.count() == static_cast<std::int64_t>(m.completed));
}

TEST_CASE("requests still in flight when the grace period ends are cancelled, counted, not timeouts") {
    StopReset reset;
    set_stop_grace(200ms);
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.stall = true;            // never answers
    b.honour_deadline = true;  // ... until the 60 s deadline, long after the grace period
    auto spec = rate_spec(50, 50 * 60);
    spec.request_timeout = 60s;
    std::thread stopper([] {
        std::this_thread::sleep_for(500ms);
        request_stop(SIGTERM);
    });
    const auto t0 = Clock::now();
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    stopper.join();
    CHECK(Clock::now() - t0 < 20s);  // bounded by the grace period, not the 60 s deadline
    CHECK(r.interrupted);
    const auto& m = r.measured();
    CHECK(m.issued > 0);
    CHECK(m.completed == 0);
    CHECK(m.failed == m.issued);
    CHECK(err(m, errc::cancelled) == m.issued);
    CHECK(err(m, errc::timeout) == 0);
    CHECK(r.not_sent > 0);
    CHECK(m.issued + r.not_sent == spec.plan.size());
}

TEST_CASE("closed loop, several workers: a stop ends every worker; a stop before the run sends nothing") {
    StopReset reset;
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 1ms;
    auto spec = rate_spec(0, 2'000'000);
    spec.rate = 0;
    spec.workers = 2;
    StopAfter stop{1000};
    stop.attach(spec);
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(r.interrupted);
    const auto& m = r.measured();
    CHECK(m.completed >= 1000);
    CHECK(m.issued == m.completed + m.failed);
    CHECK(m.issued + r.not_sent == spec.plan.size());

    // The stop request is still in force: the next run does not even connect.
    const std::size_t connects = c->connect_attempts.load();
    auto r2 = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(r2.interrupted);
    CHECK(r2.measured().issued == 0);
    CHECK(r2.not_sent == spec.plan.size());
    CHECK(c->connect_attempts.load() == connects);
}

TEST_CASE("on_interval hands over each closed second in order while the run lasts") {
    StopReset reset;
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 1ms;
    auto spec = rate_spec(100, 100 * 4);  // 4 s
    spec.intervals = true;
    spec.workers = 2;
    std::vector<std::pair<std::size_t, IntervalStats>> seen;
    spec.on_interval = [&](std::size_t i, const IntervalStats& iv) { seen.emplace_back(i, iv); };
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK_FALSE(r.interrupted);
    // At least the first second was closed (two seconds before the 4 s run ended) and delivered.
    REQUIRE(!seen.empty());
    for (std::size_t k = 0; k < seen.size(); ++k) {
        CHECK(seen[k].first == k);
        REQUIRE(k < r.intervals.size());
        // The same figures as the final merge (no completion came in after its second closed).
        CHECK(seen[k].second.completed == r.intervals[k].completed);
        CHECK(seen[k].second.latency.count() == r.intervals[k].latency.count());
    }
}

TEST_CASE("run_profiling: a stop ends the run after the current execution, no average line") {
    StopReset reset;
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 1ms;
    ProfilingOptions o = ProfilingOptions::defaults(Generation::v3_7);
    o.requests = 2'000'000;
    o.executions = 3;
    o.warmups = 0;
    o.pause_between_runs_ms = 0;
    o.max_connection_pool_size = 2;
    o.min_connection_pool_size = 2;
    Endpoint ep;
    ep.backend = "fake";
    ep.factory = test::fake_factory(b, c);
    std::vector<std::string> out;
    ProfilingSinks sinks;
    sinks.out = [&](const std::string& l) { out.push_back(l); };
    std::thread stopper;
    bool asked = false;
    sinks.progress = [&](const std::string& l) {
        if (!asked && l.find("test-1: ") != std::string::npos &&
            l.find("/2000000 requests") != std::string::npos) {
            asked = true;
            stopper = std::thread([] { request_stop(SIGINT); });
        }
    };
    auto rep = run_profiling(o, Generation::v3_7, ep, sinks);
    if (stopper.joinable()) stopper.join();
    CHECK(rep.interrupted);
    CHECK_FALSE(rep.aborted);
    REQUIRE(rep.tests.size() == 1);
    CHECK(rep.tests[0].interrupted);
    CHECK(rep.measured.completed > 0);
    CHECK(rep.measured.issued < 2'000'000);
    for (const auto& l : out) CHECK(l.rfind("avg ", 0) == std::string::npos);
}
