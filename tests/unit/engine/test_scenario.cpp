#include <tpbench/profiling/scenario.hpp>

#include "fake_session.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <unistd.h>

using namespace tpbench;
using namespace tpbench::engine;
using namespace std::chrono_literals;

namespace {

struct Captured {
    std::vector<std::string> out, progress;
    ProfilingSinks sinks() {
        return {[this](const std::string& l) { out.push_back(l); },
                [this](const std::string& l) { progress.push_back(l); }};
    }
};

Endpoint fake_endpoint(test::FakeBehavior b, std::shared_ptr<test::FakeCounters> c) {
    return {"fake", test::fake_factory(b, std::move(c)), SessionConfig{}, {}, {}};
}

ProfilingOptions small(Generation g) {
    auto o = ProfilingOptions::defaults(g);
    o.requests = 300;
    o.warmup_requests = 100;
    o.executions = 2;
    o.warmups = 1;
    o.pause_between_runs_ms = 0;
    o.min_expected_rps = 1;
    o.min_connection_pool_size = is_ws_generation(g) ? 2 : 0;
    o.max_connection_pool_size = 2;
    o.max_in_process_per_connection = is_ws_generation(g) ? 4 : 1;
    return o;
}

}  // namespace

TEST_CASE("throughput run prints ProfilingApplication's lines and averages") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 100us;
    Captured cap;
    auto rep = run_profiling(small(Generation::v3_7), Generation::v3_7, fake_endpoint(b, c), cap.sinks());
    REQUIRE(cap.out.size() == 7);
    CHECK(cap.out[0] == std::string(banner_throughput));
    CHECK(cap.out[1] == std::string(banner_warmup));
    const std::regex line(
        R"(\[(warmup|test)-\d\] +requests: \d+ \| time\(s\): [0-9.E-]+ +\| req/sec: \d+ +\| too slow: \d+ \| errors: 0)");
    CHECK(std::regex_match(cap.out[2], line));
    CHECK(cap.out[2].rfind("[warmup-1] requests: 100 | time(s): ", 0) == 0);
    CHECK(cap.out[3] == std::string(banner_test));
    CHECK(std::regex_match(cap.out[4], line));
    CHECK(cap.out[4].rfind("[test-1]   requests: 300 | ", 0) == 0);
    CHECK(std::regex_match(cap.out[5], line));
    const std::int64_t expected_avg = (rep.tests[0].req_per_sec + rep.tests[1].req_per_sec) / 2;
    CHECK(cap.out[6] == "avg req/sec: " + std::to_string(expected_avg));
    CHECK(rep.avg_req_per_sec == expected_avg);
    CHECK(rep.lanes == 8);
    CHECK(rep.capacity == 8);
    CHECK(rep.measured.completed == 600);
    CHECK(rep.test_errors() == 0);
}

TEST_CASE("master-http generation: no errors column; missed warm-up skips the test cycle and averages 0") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    auto o = small(Generation::master_http);
    o.min_expected_rps = 2'000'000'000;
    Captured cap;
    auto rep = run_profiling(o, Generation::master_http, fake_endpoint(b, c), cap.sinks());
    CHECK_FALSE(rep.warmup_ok);
    CHECK_FALSE(rep.test_cycle_ran);
    REQUIRE(cap.out.size() == 4);
    CHECK(cap.out[2].find("| errors:") == std::string::npos);
    CHECK(cap.out[2].find("too slow: 0") != std::string::npos);
    CHECK(cap.out[3] == "avg req/sec: 0");
    CHECK(rep.lanes == 2);  // HTTP: one request per connection
    CHECK(rep.capacity == 2);
}

TEST_CASE(
    "exercise: initialisation, N/A too slow, Java's script sequence, test cycle despite missed warm-up") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.results = 1;  // scripts expecting other counts are reported as mismatches
    auto o = small(Generation::v3_7);
    o.exercise = true;
    o.min_expected_rps = 2'000'000'000;
    Captured cap;
    auto ep = fake_endpoint(b, c);
    ep.may_write = true;
    auto rep = run_profiling(o, Generation::v3_7, ep, cap.sinks());
    REQUIRE(cap.out.size() >= 8);
    CHECK(cap.out[1] == std::string(banner_initialization));
    CHECK(cap.out[2] == "Cleared existing 'graph'");
    CHECK(cap.out[3] == "Modern graph loaded");
    CHECK(cap.out[5].find("too slow: N/A | errors: 0") != std::string::npos);
    CHECK(rep.test_cycle_ran);
    CHECK(rep.avg_req_per_sec == 0);  // warm-up missed the threshold
    CHECK(rep.test_mismatches() > 0);
}

TEST_CASE("exercise without may_write: nothing is sent, the run is refused with the reason") {
    // A user's server is never reset without consent: the Endpoint says whether
    // tpbench may write; without it not even a connection is opened.
    for (int test_type : {0, 1}) {
        CAPTURE(test_type);
        auto c = std::make_shared<test::FakeCounters>();
        test::FakeBehavior b;
        auto o = small(Generation::v3_7);
        o.exercise = true;
        o.test_type = test_type;
        Captured cap;
        auto rep = run_profiling(o, Generation::v3_7, fake_endpoint(b, c), cap.sinks());
        CHECK(rep.aborted);
        CHECK(rep.abort_reason.find("not resetting the graph") != std::string::npos);
        CHECK(rep.abort_reason.find("graph.clear()") != std::string::npos);
        CHECK(c->connect_attempts.load() == 0);
        CHECK(c->executes.load() == 0);
        CHECK(rep.tests.empty());
    }
}

TEST_CASE("latency run: one request per execution, result count, average of seconds") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.latency = 2ms;
    b.results = 2824992;
    auto o = small(Generation::v3_7);
    o.test_type = 0;
    o.executions = 3;
    Captured cap;
    auto rep = run_profiling(o, Generation::v3_7, fake_endpoint(b, c), cap.sinks(), 2824992);
    REQUIRE(cap.out.size() == 8);
    CHECK(cap.out[0] == std::string(banner_latency));
    const std::regex line(R"(\[(warmup|test)-\d\] *time: [0-9.E-]+ *, result count: 2824992   )");
    CHECK(std::regex_match(cap.out[2], line));
    CHECK(std::regex_match(cap.out[4], line));
    CHECK(rep.tests.size() == 3);
    CHECK(rep.test_mismatches() == 0);
    const double avg = (rep.tests[0].seconds + rep.tests[1].seconds + rep.tests[2].seconds) / 3;
    CHECK(rep.avg_latency_seconds == doctest::Approx(avg));
    CHECK(rep.avg_latency_seconds >= 0.002);
    CHECK(cap.out[7].rfind("avg latency (sec/req): ", 0) == 0);
}

TEST_CASE(
    "latency failure aborts; unreachable server aborts in old generations, fails the execution in new ones") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.fail_every = 1;
    auto o = small(Generation::v3_7);
    o.test_type = 0;
    Captured cap;
    auto rep = run_profiling(o, Generation::v3_7, fake_endpoint(b, c), cap.sinks());
    CHECK(rep.aborted);
    CHECK(rep.abort_reason.find("fake evaluation error") != std::string::npos);

    test::FakeBehavior down;
    down.connect_fails = true;
    Captured cap2;
    auto rep2 =
        run_profiling(small(Generation::v3_7), Generation::v3_7, fake_endpoint(down, c), cap2.sinks());
    CHECK_FALSE(rep2.aborted);
    REQUIRE(cap2.out.size() >= 3);
    CHECK(cap2.out[2].rfind("Failed Execution: warmup-1 - cannot connect", 0) == 0);
    Captured cap3;
    auto rep3 =
        run_profiling(small(Generation::v3_7_3), Generation::v3_7_3, fake_endpoint(down, c), cap3.sinks());
    CHECK(rep3.aborted);
}

TEST_CASE("store appends a TSV row, header only for an empty file") {
    auto c = std::make_shared<test::FakeCounters>();
    // One file per process: parallel builds of other worktrees run this test at the same time.
    const auto path = std::filesystem::temp_directory_path() /
                      ("tpbench_engine_store_test." + std::to_string(::getpid()) + ".tsv");
    std::filesystem::remove(path);
    auto o = small(Generation::master_http);
    o.store = path.string();
    o.executions = 1;
    Captured cap;
    run_profiling(o, Generation::master_http, fake_endpoint({}, c), cap.sinks());
    run_profiling(o, Generation::master_http, fake_endpoint({}, c), cap.sinks());
    std::ifstream in(path);
    std::string l1, l2, l3, l4;
    std::getline(in, l1);
    std::getline(in, l2);
    std::getline(in, l3);
    CHECK_FALSE(std::getline(in, l4));
    CHECK(l1 == tsv_header(Generation::master_http));
    CHECK(l2.rfind("16\t1\t2\t", 0) == 0);
    CHECK(l3.rfind("16\t1\t2\t", 0) == 0);
    std::filesystem::remove(path);
}
