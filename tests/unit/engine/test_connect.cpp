// Connect timings collected per new connection, and the bounded end of a run whose connections
// are refused for credentials or TLS (auth_failed / tls_failed: no retry storm).
#include <tpbench/engine/load.hpp>
#include <tpbench/engine/pool.hpp>
#include <tpbench/profiling/scenario.hpp>

#include "fake_session.hpp"

#include <doctest/doctest.h>

using namespace tpbench;
using namespace tpbench::engine;
using namespace std::chrono_literals;

namespace {

LoadSpec small_spec(std::size_t requests, std::size_t connections) {
    LoadSpec s;
    s.workers = 1;
    s.pool.min_connections = connections;
    s.pool.max_connections = connections;
    s.pool.max_in_process_per_connection = 1;
    s.pool.max_simultaneous_usage_per_connection = 1;
    s.pool.max_wait_for_connection = 200ms;
    RequestTemplate t;
    t.request.gremlin = "1+1";
    s.templates.push_back(t);
    s.plan.assign(requests, 0);
    s.request_timeout = 2s;
    s.run_deadline = 20s;
    return s;
}

}  // namespace

TEST_CASE(
    "connect timings: every new connection's TCP / TLS / protocol stages are collected apart from latency") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    b.timings.tcp = 1ms;
    b.timings.tls = 5ms;
    b.timings.protocol = 2ms;
    b.timings.tls_resumed = true;
    LoadResult r = run_load(small_spec(40, 3), test::fake_factory(b, counters), SessionConfig{});
    REQUIRE_FALSE(r.setup_failed);
    CHECK(r.connections_opened == 3);
    CHECK(r.connect.connections == 3);
    CHECK(r.connect.tls_handshakes == 3);
    CHECK(r.connect.tls_resumed == 3);
    CHECK(r.connect.failures == 0);
    CHECK(r.connect.tcp.count() == 3);
    CHECK(r.connect.tls.count() == 3);
    CHECK(r.connect.protocol.count() == 3);
    // Within the histogram's 3 significant digits.
    CHECK(std::abs(r.connect.tls.value_at_percentile(50) - 5'000'000) < 10'000);
    CHECK(std::abs(r.connect.tcp.value_at_percentile(50) - 1'000'000) < 2'000);
    CHECK(std::abs(r.connect.protocol.max() - 2'000'000) < 4'000);
}

TEST_CASE("connect timings: plaintext connections have no TLS samples; merge adds up") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.timings.tcp = 300us;
    LoadResult r = run_load(small_spec(5, 1), test::fake_factory(b, counters), SessionConfig{});
    CHECK(r.connect.connections == 1);
    CHECK(r.connect.tls_handshakes == 0);
    CHECK(r.connect.tls.count() == 0);
    CHECK(r.connect.protocol.count() == 0);
    ConnectStats sum;
    sum.merge(r.connect);
    sum.merge(r.connect);
    CHECK(sum.connections == 2);
    CHECK(sum.tcp.count() == 2);
}

TEST_CASE("auth_failed at setup: the run ends at once, classified, after one connect attempt per batch") {
    for (auto e : {errc::auth_failed, errc::tls_failed}) {
        CAPTURE(errc_name(e));
        auto counters = std::make_shared<test::FakeCounters>();
        test::FakeBehavior b;
        b.connect_error = make_error_code(e);
        const auto t0 = Clock::now();
        LoadResult r = run_load(small_spec(1000, 4), test::fake_factory(b, counters), SessionConfig{});
        CHECK(r.setup_failed);
        CHECK(r.setup_error_class == e);
        CHECK(r.setup_error == make_error_code(e).message());
        CHECK(r.connect.failures == 4);  // the first batch of the minimum pool, no more
        CHECK(counters->connect_attempts == 4);
        CHECK(Clock::now() - t0 < 2s);
    }
}

TEST_CASE("auth_failed mid-run: no reconnect storm; the rest of the plan is cancelled, the run is bounded") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    b.drop_after = 3;  // the first connection dies on its 3rd request
    b.connect_error = make_error_code(errc::auth_failed);
    b.fail_connects_after = 1;  // ... and every reconnect is refused
    LoadSpec s = small_spec(10'000, 1);
    s.pool.min_connections = 1;
    const auto t0 = Clock::now();
    LoadResult r = run_load(s, test::fake_factory(b, counters), SessionConfig{});
    CHECK_FALSE(r.setup_failed);
    CHECK(r.fatal_error == errc::auth_failed);
    CHECK(counters->connect_attempts == 2);  // one refused reconnect, then none
    const auto& m = r.measured();
    CHECK(m.issued == 10'000);
    CHECK(m.completed + m.failed == m.issued);
    CHECK(m.errors[static_cast<std::size_t>(errc::auth_failed)] == 1);
    CHECK(m.errors[static_cast<std::size_t>(errc::cancelled)] > 9'000);
    CHECK(Clock::now() - t0 < 3s);
}

TEST_CASE("profiling scenario: a credentials refusal aborts the whole run, not every execution in turn") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.connect_error = make_error_code(errc::auth_failed);
    Endpoint ep;
    ep.backend = "fake";
    ep.factory = test::fake_factory(b, counters);
    ProfilingOptions o = ProfilingOptions::defaults(Generation::v3_7);
    o.warmups = 5;
    o.executions = 10;
    o.pause_between_runs_ms = 0;
    o.min_connection_pool_size = 2;
    o.max_connection_pool_size = 2;
    ProfilingSinks sinks;
    const auto t0 = Clock::now();
    ProfilingReport rep = run_profiling(o, Generation::v3_7, ep, sinks);
    CHECK(rep.aborted);
    CHECK(rep.abort_reason.find("auth_failed") != std::string::npos);
    CHECK(rep.abort_reason.find("not retrying") != std::string::npos);
    CHECK(counters->connect_attempts == 2);  // one execution's minimum pool, then the run stopped
    CHECK(rep.warmups.empty());
    CHECK(Clock::now() - t0 < 2s);
}

TEST_CASE(
    "auth_failed on a request (http4 401): the run stops instead of sending the whole plan to be refused") {
    // A session whose requests are all refused for their credentials, as http4 reports a 401.
    struct Refusing final : Session {
        explicit Refusing(boost::asio::any_io_executor) {}
        boost::asio::awaitable<std::error_code> async_connect() override {
            open_ = true;
            co_return std::error_code{};
        }
        boost::asio::awaitable<Outcome> async_execute(const Request&) override {
            ++*executed;
            Outcome o;
            o.sent = o.done = Clock::now();
            o.error = make_error_code(errc::auth_failed);
            o.status_code = 401;
            o.status_message = "Username and/or password are incorrect";
            co_return o;
        }
        boost::asio::awaitable<void> async_close() override {
            open_ = false;
            co_return;
        }
        std::size_t max_in_flight() const noexcept override { return 1; }
        bool is_open() const noexcept override { return open_; }
        std::string_view name() const noexcept override { return "refusing"; }
        bool open_ = false;
        std::shared_ptr<std::atomic<int>> executed;
    };
    auto executed = std::make_shared<std::atomic<int>>(0);
    SessionFactory f = [executed](boost::asio::any_io_executor ex,
                                  const SessionConfig&) -> std::unique_ptr<Session> {
        auto s = std::make_unique<Refusing>(ex);
        s->executed = executed;
        return s;
    };
    LoadResult r = run_load(small_spec(50'000, 2), f, SessionConfig{});
    CHECK(r.fatal_error == errc::auth_failed);
    CHECK(*executed <= 2);  // one per lane at most, not 50,000
    const auto& m = r.measured();
    CHECK(m.completed + m.failed == m.issued);
    CHECK(m.errors[static_cast<std::size_t>(errc::auth_failed)] ==
          static_cast<std::uint64_t>(executed->load()));
    CHECK(r.first_error_message == "Username and/or password are incorrect");
}
