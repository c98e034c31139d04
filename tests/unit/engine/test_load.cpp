#include <tpbench/engine/load.hpp>

#include <tpbench/profiling/java_compat.hpp>
#include <tpbench/profiling/profiling.hpp>

#include "fake_session.hpp"

#include <doctest/doctest.h>

#include <iterator>
#include <thread>
#include <utility>
#include <vector>

using namespace tpbench;
using namespace tpbench::engine;
using namespace std::chrono_literals;

namespace {

LoadSpec basic_spec(std::size_t requests, std::size_t workers = 1) {
    LoadSpec s;
    s.workers = workers;
    s.pool.min_connections = 2;
    s.pool.max_connections = 2;
    s.pool.max_in_process_per_connection = 4;
    s.pool.max_simultaneous_usage_per_connection = 4;
    RequestTemplate t;
    t.request.gremlin = "1+1";
    s.templates.push_back(t);
    s.plan.assign(requests, 0);
    s.run_deadline = 20s;
    return s;
}

std::uint64_t err(const PhaseStats& p, errc e) { return p.errors[static_cast<std::size_t>(e)]; }

void check_conservation(const LoadResult& r, std::size_t planned) {
    std::uint64_t issued = 0;
    for (const auto& p : r.phases) {
        CHECK(p.issued == p.completed + p.failed);
        std::uint64_t sum = 0;
        for (auto v : p.errors) sum += v;
        CHECK(sum == p.failed);
        CHECK(p.latency.count() == static_cast<std::int64_t>(p.completed));
        issued += p.issued;
    }
    CHECK(issued == planned);
}

}  // namespace

TEST_CASE("closed loop: every request completes, concurrency = connections x in-flight") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 4;
    b.results = 6;
    auto spec = basic_spec(2000);
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    REQUIRE_FALSE(r.setup_failed);
    check_conservation(r, 2000);
    CHECK(r.measured().completed == 2000);
    CHECK(r.measured().results == 12000);
    CHECK(r.lanes == 8);
    CHECK(r.capacity == 8);
    CHECK(r.per_connection_in_flight == 4);
    CHECK(c->connects == 2);
    CHECK(c->peak_in_flight <= 4);
    CHECK(c->peak_in_flight >= 2);
    CHECK(r.elapsed_seconds > 0);
    CHECK(r.measured().bytes_out == 2000 * 23);
    CHECK(r.measured().service.count() == 2000);
    CHECK(r.measured().ttfr.count() == 2000);
}

TEST_CASE("maxSimultaneousUsagePerConnection caps in-flight below the session limit") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 16;
    auto spec = basic_spec(500);
    spec.pool.max_simultaneous_usage_per_connection = 3;
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(r.lanes == 6);
    CHECK(c->peak_in_flight <= 3);
    CHECK(r.measured().completed == 500);
}

TEST_CASE("several workers split the plan; warm-up phase is the plan's prefix") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    auto spec = basic_spec(1001, 2);
    spec.pool.max_connections = 4;
    spec.pool.min_connections = 4;
    spec.warmup_requests = 100;
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 1001);
    CHECK(r.warmup().issued == 100);
    CHECK(r.measured().issued == 901);
    CHECK(c->connects == 4);
}

TEST_CASE("server errors and errors mid-stream are counted by class") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.fail_every = 10;
    b.error_mid_stream_every = 25;
    b.results = 4;
    auto r = run_load(basic_spec(1000), test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 1000);
    CHECK(err(r.measured(), errc::server_evaluation) == 100);
    CHECK(err(r.measured(), errc::server_error_after_ok) == 20);  // multiples of 25 not of 10
    CHECK(r.measured().failed == 120);
    CHECK(r.measured().results == 880 * 4);
    CHECK(r.measured().top_error() == errc::server_evaluation);
    CHECK(r.first_error_message == "fake evaluation error");
}

TEST_CASE("dropped connections are counted errors, the pool reconnects, nothing hangs") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.drop_after = 50;
    b.max_in_flight = 4;
    const auto t0 = Clock::now();
    auto r = run_load(basic_spec(1000), test::fake_factory(b, c), SessionConfig{});
    CHECK(Clock::now() - t0 < 15s);
    check_conservation(r, 1000);
    CHECK(err(r.measured(), errc::connection_closed) > 0);
    CHECK(r.measured().completed > 500);
    CHECK(c->connects > 2);
}

TEST_CASE("stalled requests end as timeouts: session deadline, then the engine's watchdog") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.stall = true;
    auto spec = basic_spec(20);
    spec.request_timeout = 100ms;
    auto t0 = Clock::now();
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(Clock::now() - t0 < 5s);
    check_conservation(r, 20);
    CHECK(err(r.measured(), errc::timeout) == 20);

    // A session that ignores the deadline: the watchdog closes it after the grace period.
    b.honour_deadline = false;
    t0 = Clock::now();
    auto r2 = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(Clock::now() - t0 < 10s);
    check_conservation(r2, 20);
    CHECK(err(r2.measured(), errc::timeout) == 20);
}

TEST_CASE("run deadline bounds the run and counts what was left") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 20ms;
    auto spec = basic_spec(100000);
    spec.run_deadline = 300ms;
    const auto t0 = Clock::now();
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(Clock::now() - t0 < 6s);
    CHECK(r.deadline_hit);
    check_conservation(r, 100000);
    CHECK(err(r.measured(), errc::cancelled) > 90000);
}

TEST_CASE(
    "sessions with start_execute: every request takes the slot path, errors, drops and timeouts as before") {
    // Closed loop, server errors and errors mid-stream.
    {
        auto c = std::make_shared<test::FakeCounters>();
        test::FakeBehavior b;
        b.native = true;
        b.fail_every = 10;
        b.error_mid_stream_every = 25;
        b.results = 4;
        auto r = run_load(basic_spec(1000), test::fake_factory(b, c), SessionConfig{});
        check_conservation(r, 1000);
        CHECK(c->native_starts == 1000);
        CHECK(c->native_completes == 1000);
        CHECK(c->native_reentrant == 0);
        CHECK(c->executes == 1000);
        CHECK(err(r.measured(), errc::server_evaluation) == 100);
        CHECK(err(r.measured(), errc::server_error_after_ok) == 20);
        CHECK(r.measured().results == 880 * 4);
        CHECK(r.first_error_message == "fake evaluation error");
        CHECK(r.measured().ttfr.count() == 880);
    }
    // Dropped connections: every started request ends once; the pool reconnects.
    {
        auto c = std::make_shared<test::FakeCounters>();
        test::FakeBehavior b;
        b.native = true;
        b.drop_after = 50;
        auto r = run_load(basic_spec(1000), test::fake_factory(b, c), SessionConfig{});
        check_conservation(r, 1000);
        CHECK(c->native_completes == c->native_starts);
        CHECK(err(r.measured(), errc::connection_closed) > 0);
        CHECK(r.measured().completed > 500);
        CHECK(c->connects > 2);
    }
    // Stalls: the session's deadline, then (a session ignoring it) the engine's watchdog, whose
    // close ends the slots.
    for (const bool honour : {true, false}) {
        CAPTURE(honour);
        auto c = std::make_shared<test::FakeCounters>();
        test::FakeBehavior b;
        b.native = true;
        b.stall = true;
        b.honour_deadline = honour;
        auto spec = basic_spec(20);
        spec.request_timeout = 100ms;
        const auto t0 = Clock::now();
        auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
        CHECK(Clock::now() - t0 < 10s);
        check_conservation(r, 20);
        CHECK(err(r.measured(), errc::timeout) == 20);
        CHECK(c->native_starts == 20);
        CHECK(c->native_completes == 20);
    }
    // The run deadline: lanes waiting on their slots are ended by the close at the run's end.
    {
        auto c = std::make_shared<test::FakeCounters>();
        test::FakeBehavior b;
        b.native = true;
        b.latency = 20ms;
        auto spec = basic_spec(100000);
        spec.run_deadline = 300ms;
        const auto t0 = Clock::now();
        auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
        CHECK(Clock::now() - t0 < 6s);
        CHECK(r.deadline_hit);
        check_conservation(r, 100000);
        CHECK(err(r.measured(), errc::cancelled) > 90000);
        CHECK(c->native_completes == c->native_starts);
    }
}

TEST_CASE(
    "a session completing its slot inside start_execute (against the contract) still ends each request "
    "once") {
    // The lane is not waiting yet: its slot keeps the outcome and the wait ends at once (posted).
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.native = true;
    b.native_inline = true;
    b.results = 3;
    auto r = run_load(basic_spec(500), test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 500);
    CHECK(c->native_starts == 500);
    CHECK(c->native_reentrant == 500);
    CHECK(r.measured().completed == 500);
    CHECK(r.measured().results == 1500);
}

TEST_CASE("unreachable target: setup fails fast with a message") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.connect_fails = true;
    const auto t0 = Clock::now();
    auto r = run_load(basic_spec(100), test::fake_factory(b, c), SessionConfig{});
    CHECK(Clock::now() - t0 < 5s);
    CHECK(r.setup_failed);
    CHECK_FALSE(r.setup_error.empty());
    CHECK(r.connect_failures >= 1);
    CHECK(r.measured().completed == 0);
}

TEST_CASE("result counts are checked against the template's expectation") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.results = 6;
    auto spec = basic_spec(10);
    RequestTemplate wrong;
    wrong.request.gremlin = "g.V()";
    wrong.expected_results = 5;
    spec.templates.push_back(wrong);
    spec.plan = {0, 1, 0, 1, 1, 0, 0, 0, 0, 1};
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(r.measured().result_mismatches == 4);
}

TEST_CASE("open loop: requests follow the schedule; latency counts from the intended time") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 1ms;
    auto spec = basic_spec(200);
    spec.rate = 400;  // 0.5 s of schedule
    spec.intervals = true;
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 200);
    CHECK(r.elapsed_seconds >= 0.49);
    CHECK(r.elapsed_seconds < 2.0);
    CHECK(r.measured().schedule_lag.count() == 200);
    // (Whether 99% of sends left within 5 ms depends on the machine's load; not asserted here.)
    std::uint64_t per_second = 0;
    for (auto& iv : r.intervals) per_second += iv.completed;
    CHECK(per_second == 200);

    // Offered rate beyond capacity (8 slots x 20 ms = 400/s, offered 4000/s): the generator falls
    // behind, corrected latency grows beyond service time, and the run says so.
    b.latency = 20ms;
    spec.rate = 4000;
    spec.plan.assign(400, 0);
    auto slow = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(slow.schedule_missed);
    // The late sends say when they were due: all 400 fall due in the first 0.1 s.
    const LateSends& ls = slow.late_sends;
    CHECK(ls.count * 100 > slow.measured().schedule_lag.count());
    CHECK(ls.count <= 400);
    CHECK(ls.in_first_second == ls.count);
    CHECK(ls.first_due_s <= ls.last_due_s);
    CHECK(ls.last_due_s < 0.1);
    CHECK(ls.worst_ns > LateSends::threshold_ns);
    CHECK(ls.worst_due_s >= ls.first_due_s);
    CHECK(ls.worst_due_s <= ls.last_due_s);
    CHECK(slow.measured().latency.value_at_percentile(99) >
          2 * slow.measured().service.value_at_percentile(99));
}

namespace {
// The fields of `ls`, in declaration order.
void check_late(const LateSends& ls, std::uint64_t count, std::uint64_t in_first_second, double first_due_s,
                double last_due_s, std::int64_t worst_ns, double worst_due_s) {
    CHECK(ls.count == count);
    CHECK(ls.in_first_second == in_first_second);
    CHECK(ls.first_due_s == first_due_s);
    CHECK(ls.last_due_s == last_due_s);
    CHECK(ls.worst_ns == worst_ns);
    CHECK(ls.worst_due_s == worst_due_s);
}
}  // namespace

TEST_CASE(
    "late sends: counted over 5 ms, with the span and the worst one's due time; merged across workers") {
    LateSends a;
    a.add(LateSends::threshold_ns, 0.5);  // not over the threshold
    check_late(a, 0, 0, 0, 0, 0, 0);
    a.add(7'000'000, 2.5);
    a.add(6'000'000, 0.25);
    check_late(a, 2, 1, 0.25, 2.5, 7'000'000, 2.5);
    LateSends b;
    b.add(9'000'000, 4.0);
    LateSends none;
    a.merge(none);  // merging nothing changes nothing
    check_late(a, 2, 1, 0.25, 2.5, 7'000'000, 2.5);
    none.merge(a);  // into nothing: a copy
    check_late(none, 2, 1, 0.25, 2.5, 7'000'000, 2.5);
    a.merge(b);
    check_late(a, 3, 1, 0.25, 4.0, 9'000'000, 4.0);
}

TEST_CASE("the exercise plan from JavaRandom(0) is honoured request by request") {
    // One worker, one lane: submission order == plan order, so the fake sees the Java sequence.
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    auto spec = basic_spec(40);
    spec.pool.min_connections = spec.pool.max_connections = 1;
    spec.templates.clear();
    for (auto s : exercise_scripts()) {
        RequestTemplate t;
        t.request.gremlin = std::string(s);
        spec.templates.push_back(t);
    }
    JavaRandom rnd(0);
    for (auto& p : spec.plan) p = static_cast<std::uint32_t>(rnd.next_int(9));
    CHECK(spec.plan[0] == 6);
    CHECK(spec.plan[39] == 6);
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(r.measured().completed == 40);
}

TEST_CASE("inconsistent specs are rejected") {
    auto c = std::make_shared<test::FakeCounters>();
    auto f = test::fake_factory({}, c);
    auto s = basic_spec(10);
    s.plan.clear();
    CHECK_THROWS_AS(run_load(s, f, {}), std::invalid_argument);
    s = basic_spec(10);
    s.plan[3] = 7;
    CHECK_THROWS_AS(run_load(s, f, {}), std::invalid_argument);
    s = basic_spec(10);
    s.workers = 0;
    CHECK_THROWS_AS(run_load(s, f, {}), std::invalid_argument);
}

TEST_CASE("more workers than connections: workers are capped, every request still runs once") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    auto spec = basic_spec(777, 4);  // 2 connections
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 777);
    CHECK(r.measured().completed == 777);
    CHECK(c->connects == 2);
    CHECK(c->executes == 777);
}

TEST_CASE("live counters see every finished request as it happens, in both phases") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.fail_every = 10;
    b.results = 4;
    auto spec = basic_spec(1000, 2);
    spec.warmup_requests = 100;
    LiveCounters live;
    spec.live = &live;
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 1000);
    const auto& w = r.phases[0];
    const auto& m = r.measured();
    CHECK(live.completed.load() == w.completed + m.completed);
    CHECK(live.failed.load() == w.failed + m.failed);
    CHECK(live.failed.load() == 100);
    CHECK(live.errors[static_cast<std::size_t>(errc::server_evaluation)].load() == 100);
    CHECK(live.results.load() == (w.results + m.results));
    CHECK(live.bytes_out.load() == w.bytes_out + m.bytes_out);
    std::uint64_t bucketed = 0;
    for (const auto& n : live.latency_buckets) bucketed += n.load();
    CHECK(bucketed == live.completed.load());
    CHECK(live.latency_sum_ns.load() > 0);
}

TEST_CASE("live counters are published while the run lasts, before each progress call") {
    // Open loop, 2 workers, 300 requests at 200/s: about 1.5 s, so at least one progress call
    // happens mid-run; the workers count on their own and run_load publishes before progress.
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    auto spec = basic_spec(300, 2);
    spec.rate = 200;
    LiveCounters live;
    spec.live = &live;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> seen;  // (progress done, live finished)
    spec.progress = [&](std::uint64_t done, std::uint64_t) {
        seen.emplace_back(done, live.completed.load() + live.failed.load());
    };
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 300);
    REQUIRE_FALSE(seen.empty());
    CHECK(seen.front().second > 0);
    CHECK(seen.front().second < 300);
    for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i].second >= seen[i - 1].second);
    CHECK(live.completed.load() == r.phases[0].completed + r.measured().completed);
}

TEST_CASE("open-loop schedule: constant rate and a linear ramp, and its inverse") {
    LoadSpec s;
    s.rate = 100;
    CHECK(schedule_offset_seconds(s, 0) == 0.0);
    CHECK(schedule_offset_seconds(s, 250) == doctest::Approx(2.5));
    CHECK(scheduled_requests(s, 2.5) == 250);

    // 100 -> 300 req/s over 2 s: N(t) = 100 t + 50 t^2, so N(1) = 150, N(2) = 400; then 300/s.
    s.rate_end = 300;
    s.ramp = 2s;
    CHECK(scheduled_requests(s, 1.0) == 150);
    CHECK(scheduled_requests(s, 2.0) == 400);
    CHECK(scheduled_requests(s, 3.0) == 700);
    CHECK(schedule_offset_seconds(s, 150) == doctest::Approx(1.0));
    CHECK(schedule_offset_seconds(s, 400) == doctest::Approx(2.0));
    CHECK(schedule_offset_seconds(s, 700) == doctest::Approx(3.0));
    // Monotonic and consistent with the inverse everywhere.
    double prev = -1;
    for (std::uint64_t i = 0; i <= 700; ++i) {
        const double t = schedule_offset_seconds(s, i);
        CHECK(t > prev);
        prev = t;
        CHECK(scheduled_requests(s, t) == i);
    }
    // Ramping down works the same way: 300 -> 100 over 2 s also plans 400 requests.
    s.rate = 300;
    s.rate_end = 100;
    CHECK(scheduled_requests(s, 2.0) == 400);
    CHECK(schedule_offset_seconds(s, 250) == doctest::Approx(1.0));  // N(1) = 300 - 50 = 250
}

TEST_CASE("open-loop schedule: stages from 0, up, down to 0 (k6 shape)") {
    LoadSpec s;
    s.rate = 0;
    s.rate_end = 999;  // ignored with stages
    s.ramp = 1s;
    s.stages = {{2, 100}, {1, 100}, {2, 0}};
    CHECK(s.open_loop());
    // 0 -> 100 over 2 s: 100; 100 for 1 s: 100; 100 -> 0 over 2 s: 100.
    CHECK(scheduled_requests(s, 1.0) == 25);
    CHECK(scheduled_requests(s, 2.0) == 100);
    CHECK(scheduled_requests(s, 3.0) == 200);
    CHECK(scheduled_requests(s, 4.0) == 275);
    CHECK(scheduled_requests(s, 5.0) == 300);
    CHECK(scheduled_requests(s, 60.0) == 300);  // nothing after the last stage
    CHECK(schedule_offset_seconds(s, 0) == 0.0);
    CHECK(schedule_offset_seconds(s, 25) == doctest::Approx(1.0));
    CHECK(schedule_offset_seconds(s, 150) == doctest::Approx(2.5));
    CHECK(schedule_offset_seconds(s, 275) == doctest::Approx(4.0));
    double prev = -1;
    for (std::uint64_t i = 0; i < 300; ++i) {
        const double t = schedule_offset_seconds(s, i);
        CHECK(t >= prev);
        CHECK(t <= 5.0);
        prev = t;
        CHECK(scheduled_requests(s, t) == i);
    }
    // A stage that holds 0 req/s is a pause: nothing is due in it.
    s.stages = {{1, 100}, {1, 0}, {1, 0}, {1, 100}};
    CHECK(scheduled_requests(s, 2.0) == 100);
    CHECK(scheduled_requests(s, 3.0) == 100);
    CHECK(schedule_offset_seconds(s, 99) < 2.0);
    CHECK(schedule_offset_seconds(s, 100) == doctest::Approx(3.0));  // the next one after the pause
    CHECK(schedule_offset_seconds(s, 101) > 3.0);
}

TEST_CASE("open loop with a ramp: more requests fall due in the second half") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 1ms;
    auto spec = basic_spec(0);
    spec.rate = 50;  // 50 -> 150 req/s over 2 s: 75 due in the first second, 125 in the second
    spec.rate_end = 150;
    spec.ramp = 2s;
    spec.plan.assign(scheduled_requests(spec, 2.0), 0);
    REQUIRE(spec.plan.size() == 200);
    spec.intervals = true;
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 200);
    CHECK(r.elapsed_seconds >= 1.9);  // the last request is not due before t = 1.99 s
    REQUIRE(r.intervals.size() >= 2);
    // A request cannot finish before it is due, so at most 75 complete in the first second.
    CHECK(r.intervals[0].completed <= 75);
    std::uint64_t total = 0;
    for (const auto& iv : r.intervals) total += iv.completed;
    CHECK(total == 200);
}

TEST_CASE(
    "open loop: --rate R for D seconds sends R x D requests with any pool shape (one schedule per worker)") {
    // Counting, not timing: the plan of a 200/s x 2 s schedule is 400 requests; every one of them
    // must be handed to a session exactly once and none before its time (the last is due at
    // 1.995 s), whatever the pool's shape, including ProfilingApplication's default ws37 pool of
    // 256 connections x 32 in flight (8192 lanes on one worker) and two workers.
    struct Shape {
        std::size_t workers, connections, in_flight;
    };
    const Shape shapes[] = {{1, 1, 1}, {1, 2, 4}, {1, 256, 32}, {2, 16, 4}};
    struct Run {
        LoadResult result;
        std::shared_ptr<test::FakeCounters> counters = std::make_shared<test::FakeCounters>();
        std::uint64_t planned = 0;
    };
    std::vector<Run> runs(std::size(shapes));
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < std::size(shapes); ++i) {
        threads.emplace_back([&, i] {
            const Shape& sh = shapes[i];
            test::FakeBehavior b;
            b.latency = 1ms;
            b.max_in_flight = sh.in_flight;
            auto spec = basic_spec(1, sh.workers);
            spec.pool.min_connections = spec.pool.max_connections = sh.connections;
            spec.pool.max_in_process_per_connection = spec.pool.max_simultaneous_usage_per_connection =
                sh.in_flight;
            spec.rate = 200;
            runs[i].planned = scheduled_requests(spec, 2.0);
            spec.plan.assign(runs[i].planned, 0);
            runs[i].result = run_load(spec, test::fake_factory(b, runs[i].counters), SessionConfig{});
        });
    }
    for (auto& t : threads) t.join();
    for (std::size_t i = 0; i < runs.size(); ++i) {
        CAPTURE(i);
        const auto& r = runs[i].result;
        CHECK(runs[i].planned == 400);
        REQUIRE_FALSE(r.setup_failed);
        check_conservation(r, 400);
        CHECK(runs[i].counters->executes == 400);
        CHECK(r.measured().completed == 400);
        CHECK(r.measured().schedule_lag.count() == 400);
        CHECK(r.elapsed_seconds >= 1.99);  // nothing left before its intended time
        CHECK(r.capacity == shapes[i].connections * shapes[i].in_flight);
        // The schedule started only once every lane (8192 on the 256 x 32 shape) was spawned and
        // parked: lane set-up never eats into the first requests' due times.
        CHECK(r.lanes == std::min<std::size_t>(400, r.capacity));
        CHECK(r.lanes_ready_at_start == r.lanes);
    }
}

TEST_CASE("closed loop and failed setup: lanes are ready before the start, none when setup failed") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 32;
    auto spec = basic_spec(10000, 2);
    spec.pool.min_connections = spec.pool.max_connections = 64;
    spec.pool.max_in_process_per_connection = spec.pool.max_simultaneous_usage_per_connection = 32;
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 10000);
    CHECK(r.measured().completed == 10000);
    CHECK(r.lanes == 2048);
    CHECK(r.lanes_ready_at_start == 2048);

    // One worker cannot connect: the other one's lanes were already waiting; the run is abandoned
    // without a request sent and reports no lanes.
    auto c2 = std::make_shared<test::FakeCounters>();
    test::FakeBehavior fails;
    fails.connect_error = make_error_code(errc::connect_failed);
    fails.fail_connects_after = 1;  // only the first connect (of either worker) succeeds
    auto one = basic_spec(100, 2);
    one.pool.min_connections = one.pool.max_connections = 2;
    auto bad = run_load(one, test::fake_factory(fails, c2), SessionConfig{});
    CHECK(bad.setup_failed);
    CHECK(c2->executes == 0);
    CHECK(bad.lanes == 0);
    CHECK(bad.lanes_ready_at_start == 0);
}

TEST_CASE("open loop: a run stopped by a fatal error does not wait for the rest of its schedule") {
    // Lanes parked on the schedule must be woken when the run stops (here: wrong credentials on
    // the first request of a 10 s schedule).
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.connect_error = make_error_code(errc::auth_failed);
    b.fail_connects_after = 1;  // the first connection opens; growing the pool is refused
    auto spec = basic_spec(1);
    spec.pool.min_connections = 1;
    spec.pool.max_connections = 4;
    spec.pool.max_in_process_per_connection = spec.pool.max_simultaneous_usage_per_connection = 1;
    b.max_in_flight = 1;
    b.latency = 50ms;
    spec.rate = 100;
    spec.plan.assign(1000, 0);
    const auto t0 = Clock::now();
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(Clock::now() - t0 < 5s);
    CHECK(r.fatal_error == errc::auth_failed);
    check_conservation(r, 1000);
}

TEST_CASE("per-query breakdown: labelled templates get their own counts, errors and histograms") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.results = 2;
    b.fail_every = 10;  // global numbering: a tenth of all requests, whichever template
    auto spec = basic_spec(0, 2);
    RequestTemplate t2;
    t2.request.gremlin = "2+2";
    t2.expected_results = 3;  // the fake answers 2: every success of it is a mismatch
    t2.label = "2+2";
    t2.line = 7;
    spec.templates[0].label = "1+1";
    spec.templates.push_back(t2);
    for (std::size_t i = 0; i < 900; ++i) spec.plan.push_back(i % 3 == 2 ? 1 : 0);  // 600 : 300
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    check_conservation(r, 900);
    const auto& m = r.measured();
    REQUIRE(m.queries.size() == 2);
    CHECK(r.warmup().queries.empty());
    const auto& q0 = m.queries[0];
    const auto& q1 = m.queries[1];
    CHECK(q0.label == "1+1");
    CHECK(q0.line == 0);
    CHECK(q1.label == "2+2");
    CHECK(q1.line == 7);
    CHECK(q0.completed + q0.failed == 600);
    CHECK(q1.completed + q1.failed == 300);
    CHECK(q0.completed + q1.completed == m.completed);
    CHECK(q0.failed + q1.failed == m.failed);
    CHECK(q0.failed + q1.failed == 90);
    CHECK(q0.errors[static_cast<std::size_t>(errc::server_evaluation)] == q0.failed);
    CHECK(q1.errors[static_cast<std::size_t>(errc::server_evaluation)] == q1.failed);
    CHECK(q0.result_mismatches == 0);
    CHECK(q1.result_mismatches == q1.completed);
    CHECK(m.result_mismatches == q1.completed);
    CHECK(q0.results == q0.completed * 2);
    REQUIRE(q0.latency);
    REQUIRE(q1.ttfr);
    CHECK(q0.latency->count() == static_cast<std::int64_t>(q0.completed));
    CHECK(q1.latency->count() == static_cast<std::int64_t>(q1.completed));
    CHECK(q1.ttfr->count() == static_cast<std::int64_t>(q1.completed));
    CHECK(q0.latency->value_at_percentile(50) > 0);
}

TEST_CASE("per-query breakdown: none without labels, none above max_query_breakdown templates") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    auto spec = basic_spec(50);
    auto r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(r.measured().completed == 50);
    CHECK(r.measured().queries.empty());
    for (std::size_t i = 0; i < max_query_breakdown; ++i) {
        spec.templates.push_back(spec.templates[0]);
        spec.templates.back().label = "q" + std::to_string(i);
    }
    r = run_load(spec, test::fake_factory(b, c), SessionConfig{});
    CHECK(r.measured().completed == 50);
    CHECK(r.measured().queries.empty());
}
