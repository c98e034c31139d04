#include <tpbench/engine/pool.hpp>

#include "fake_session.hpp"

#include <doctest/doctest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/this_coro.hpp>

using namespace tpbench;
using namespace tpbench::engine;
using namespace std::chrono_literals;
namespace asio = boost::asio;

namespace {

// Runs `body` as a coroutine on a fresh io_context and rethrows anything it throws.
template <class F>
void run_coro(F body) {
    asio::io_context ioc;
    std::exception_ptr err;
    asio::co_spawn(ioc, body(ioc), [&](std::exception_ptr e) { err = e; });
    ioc.run_for(10s);
    if (err) std::rethrow_exception(err);
}

// Waits `d` on the calling coroutine's executor.
asio::awaitable<void> sleep_for(std::chrono::milliseconds d) {
    asio::steady_timer t(co_await asio::this_coro::executor, d);
    co_await t.async_wait(asio::as_tuple(asio::use_awaitable));
}

}  // namespace

TEST_CASE("pool opens the minimum, grows to the maximum, fails with pool_exhausted after max_wait") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 2;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{1, 2, 8, 50ms});
        CHECK(co_await pool.async_open_min(false) == 1);
        CHECK(pool.per_connection_limit() == 2);
        auto l1 = co_await pool.async_acquire();
        auto l2 = co_await pool.async_acquire();
        REQUIRE_FALSE(l1.error);
        REQUIRE_FALSE(l2.error);
        CHECK(l1.slot == l2.slot);                // first connection has room for two
        auto l3 = co_await pool.async_acquire();  // grows
        REQUIRE_FALSE(l3.error);
        CHECK(l3.slot != l1.slot);
        CHECK(counters->connects == 2);
        auto l4 = co_await pool.async_acquire();
        REQUIRE_FALSE(l4.error);
        const auto t0 = Clock::now();
        auto l5 = co_await pool.async_acquire();  // 2 connections x 2: full
        CHECK(l5.error == make_error_code(errc::pool_exhausted));
        CHECK(Clock::now() - t0 >= 50ms);
        CHECK(pool.peak_in_flight() == 2);
        pool.release(l1, false);
        auto l6 = co_await pool.async_acquire();  // the freed slot is reused, no new connection
        REQUIRE_FALSE(l6.error);
        CHECK(l6.slot == l1.slot);
        CHECK(counters->connects == 2);
        co_await pool.async_close_all(1s);
        CHECK(counters->closes == 2);
    });
}

TEST_CASE("pool: maxSimultaneousUsage caps borrows below the session's own limit") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 64;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{1, 1, 3, 10ms});
        co_await pool.async_open_min(true);
        CHECK(pool.per_connection_limit() == 3);
        for (int i = 0; i < 3; ++i) CHECK_FALSE((co_await pool.async_acquire()).error);
        CHECK((co_await pool.async_acquire()).error == make_error_code(errc::pool_exhausted));
    });
}

TEST_CASE("pool: a waiter is woken by release before max_wait") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{1, 1, 1, 5s});
        co_await pool.async_open_min(true);
        auto held = co_await pool.async_acquire();
        REQUIRE_FALSE(held.error);
        asio::steady_timer t(ioc, 20ms);
        t.async_wait([&](boost::system::error_code) { pool.release(held, false); });
        const auto t0 = Clock::now();
        auto next = co_await pool.async_acquire();
        CHECK_FALSE(next.error);
        CHECK(Clock::now() - t0 < 2s);
    });
}

TEST_CASE("pool: broken connections are retired and replaced; connect failures are errors, not waits") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{1, 1, 1, 5s});
        co_await pool.async_open_min(true);
        auto l = co_await pool.async_acquire();
        pool.release(l, true);
        auto again = co_await pool.async_acquire();
        REQUIRE_FALSE(again.error);
        CHECK(counters->connects == 2);
    });
    auto failing = std::make_shared<test::FakeCounters>();
    test::FakeBehavior bad;
    bad.connect_fails = true;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(bad, failing), SessionConfig{},
                            PoolLimits{4, 4, 1, 5s});
        CHECK(co_await pool.async_open_min(true) == 0);
        CHECK(pool.connect_failures() == 4);
        CHECK_FALSE(pool.last_connect_error().empty());
        const auto t0 = Clock::now();
        auto l = co_await pool.async_acquire();
        CHECK(l.error == make_error_code(errc::connect_failed));
        CHECK(Clock::now() - t0 < 1s);  // no waiting for max_wait when connecting fails
    });
    CHECK_THROWS_AS(ConnectionPool(asio::system_executor(), test::fake_factory(b, counters), SessionConfig{},
                                   PoolLimits{2, 1, 1, 1s}),
                    std::invalid_argument);
}

TEST_CASE("pool: retired sessions are destroyed once closed and idle, not kept until the pool ends") {
    // Found by the soak: a long run whose server drops connections now and then kept every
    // retired session (with its buffers) until the end; the client's RSS grew with each reconnect.
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 4;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{1, 2, 4, 5s});
        co_await pool.async_open_min(true);
        auto settle = [&]() -> asio::awaitable<void> { co_await sleep_for(1ms); };
        for (int i = 0; i < 200; ++i) {
            auto l = co_await pool.async_acquire();
            REQUIRE_FALSE(l.error);
            pool.release(l, true);  // the connection broke
            co_await settle();
        }
        CHECK(counters->connects == 201);  // the first, then one restore of `min` per drop
        CHECK(pool.restored_count() == 200);
        CHECK(pool.retired_count() == 0);
        CHECK(counters->live <= 1);  // was 200: every retired one kept

        // A session retired with another request still inside stays alive until that lease ends.
        auto a = co_await pool.async_acquire();
        auto c = co_await pool.async_acquire();
        REQUIRE_FALSE(a.error);
        REQUIRE_FALSE(c.error);
        REQUIRE(a.session == c.session);
        const std::size_t live_before = counters->live;
        pool.release(a, true);
        co_await settle();
        CHECK(pool.retired_count() == 1);
        CHECK_FALSE(c.session->is_open());         // still a valid object: closed, not destroyed
        CHECK(counters->live == live_before + 1);  // + the session restoring `min`
        pool.release(c, false);
        CHECK(pool.retired_count() == 0);
        CHECK(counters->live == live_before);

        // The watchdog's abort of a slot and the retirement that follows: one destruction, after
        // both closes.
        auto w = co_await pool.async_acquire();
        REQUIRE_FALSE(w.error);
        pool.abort_slot(w.slot);
        pool.release(w, true);
        co_await settle();
        CHECK(pool.retired_count() == 0);
        co_await pool.async_close_all(1s);
    });
    CHECK(counters->live == 0);
}

TEST_CASE(
    "pool: a drop below the minimum is restored in the background, with a back-off while connects fail") {
    // Without the background refill, a pool after drops stayed below its minimum until borrowers needed
    // the connections again (then paying the connect on the request path).
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{3, 4, 1, 1s});
        CHECK(co_await pool.async_open_min(false) == 3);
        auto l1 = co_await pool.async_acquire();
        auto l2 = co_await pool.async_acquire();
        REQUIRE_FALSE(l1.error);
        REQUIRE_FALSE(l2.error);
        pool.release(l1, true);
        pool.release(l2, true);  // two drops: 1 of 3 left
        CHECK(pool.open_count() == 1);
        co_await sleep_for(20ms);
        CHECK(pool.open_count() == 3);  // restored without any borrower asking
        CHECK(pool.restored_count() == 2);
        CHECK(counters->connects == 5);
        // Nothing beyond the minimum: a drop above it is not replaced until borrowers need it.
        auto a = co_await pool.async_acquire();
        auto c = co_await pool.async_acquire();
        auto d = co_await pool.async_acquire();
        auto e = co_await pool.async_acquire();  // grows to 4
        REQUIRE_FALSE(e.error);
        CHECK(pool.open_count() == 4);
        pool.release(e, true);
        co_await sleep_for(20ms);
        CHECK(pool.open_count() == 3);
        CHECK(pool.restored_count() == 2);
        for (auto* l : {&a, &c, &d}) pool.release(*l, false);
        co_await pool.async_close_all(1s);
        // No restoring after the close.
        CHECK(pool.open_count() == 0);
        co_await sleep_for(20ms);
        CHECK(pool.open_count() == 0);
        CHECK(counters->connects == 6);
    });

    // The server refuses new connections: the restorer retries with a growing pause, not in a loop,
    // and async_close_all stops it at once.
    auto refused = std::make_shared<test::FakeCounters>();
    test::FakeBehavior r;
    r.max_in_flight = 1;
    r.connect_error = make_error_code(errc::connect_failed);
    r.fail_connects_after = 2;  // the first two connects succeed, every later one is refused
    const auto t0 = Clock::now();
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(r, refused), SessionConfig{},
                            PoolLimits{2, 2, 1, 1s});
        CHECK(co_await pool.async_open_min(false) == 2);
        auto l = co_await pool.async_acquire();
        REQUIRE_FALSE(l.error);
        pool.release(l, true);
        co_await sleep_for(400ms);
        // 50 + 100 + 200 ms pauses: about 4 attempts in 400 ms (a tight loop would make thousands).
        const std::size_t attempts = refused->connect_attempts - 2;
        CHECK(attempts >= 2);
        CHECK(attempts <= 6);
        CHECK(pool.connect_failures() == attempts);
        CHECK(pool.open_count() == 1);
        co_await pool.async_close_all(1s);
    });
    // run_coro returns once nothing is left: the restorer's pause was cancelled, not waited out.
    CHECK(Clock::now() - t0 < 1500ms);
    const std::size_t after_close = refused->connect_attempts;

    // A credentials/TLS refusal stops it for good; destroying the pool during its pause is safe.
    auto fatal = std::make_shared<test::FakeCounters>();
    test::FakeBehavior f = r;
    f.connect_error = make_error_code(errc::auth_failed);
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        {
            ConnectionPool pool(ioc.get_executor(), test::fake_factory(f, fatal), SessionConfig{},
                                PoolLimits{2, 2, 1, 1s});
            CHECK(co_await pool.async_open_min(false) == 2);
            auto l = co_await pool.async_acquire();
            pool.release(l, true);
            co_await sleep_for(150ms);
            CHECK(fatal->connect_attempts == 3);  // one refused attempt, then no more
            CHECK(pool.fatal_error() == make_error_code(errc::auth_failed));
        }
        auto gone = std::make_shared<test::FakeCounters>();
        {
            auto pool = std::make_unique<ConnectionPool>(ioc.get_executor(), test::fake_factory(r, gone),
                                                         SessionConfig{}, PoolLimits{2, 2, 1, 1s});
            CHECK(co_await pool->async_open_min(false) == 2);
            auto l = co_await pool->async_acquire();
            pool->release(l, true);
            co_await sleep_for(10ms);
        }  // destroyed while the restorer pauses (ASan job: no use after free)
        co_await sleep_for(100ms);
        CHECK(gone->connect_attempts <= 4);
    });
    CHECK(refused->connect_attempts == after_close);
}

TEST_CASE("pool: connections above the minimum are closed once idle for idle_close; the minimum stays") {
    // The 30-minute soak (docs/performance.md): a latency hiccup made the http4 pool (one request
    // per connection) open ~150 connections, and it then held them to the end of the run.
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        PoolLimits limits{2, 10, 1, 1s};
        limits.idle_close = 40ms;
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{}, limits);
        CHECK(co_await pool.async_open_min(false) == 2);
        // A burst: eight requests at once open six more connections.
        std::vector<ConnectionPool::Lease> burst;
        for (int i = 0; i < 8; ++i) burst.push_back(co_await pool.async_acquire());
        for (const auto& l : burst) REQUIRE_FALSE(l.error);
        CHECK(pool.open_count() == 8);
        for (const auto& l : burst) pool.release(l, false);
        // A steady trickle of one request at a time keeps the lowest slot busy; the rest go idle.
        for (int i = 0; i < 30; ++i) {
            auto l = co_await pool.async_acquire();
            REQUIRE_FALSE(l.error);
            co_await sleep_for(5ms);
            pool.release(l, false);
        }
        CHECK(pool.open_count() == 2);  // back to the minimum, not below it
        CHECK(pool.shed_count() == 6);
        CHECK(counters->connects == 8);
        co_await sleep_for(20ms);  // the shed connections' closes complete
        CHECK(pool.retired_count() == 0);
        co_await pool.async_close_all(1s);
        CHECK(counters->closes == 8);
    });
}

TEST_CASE("pool: idle_close 0 never closes an idle connection") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{1, 4, 1, 1s});
        co_await pool.async_open_min(false);
        auto l1 = co_await pool.async_acquire();
        auto l2 = co_await pool.async_acquire();
        pool.release(l1, false);
        pool.release(l2, false);
        for (int i = 0; i < 5; ++i) {
            co_await sleep_for(10ms);
            auto l = co_await pool.async_acquire();
            pool.release(l, false);
        }
        CHECK(pool.open_count() == 2);
        CHECK(pool.shed_count() == 0);
    });
}

TEST_CASE("pool: try_acquire borrows at once when a connection has room, never waits or connects") {
    auto counters = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.max_in_flight = 1;
    run_coro([&](asio::io_context& ioc) -> asio::awaitable<void> {
        ConnectionPool pool(ioc.get_executor(), test::fake_factory(b, counters), SessionConfig{},
                            PoolLimits{3, 4, 1, 50ms});
        ConnectionPool::Lease none;
        CHECK_FALSE(pool.try_acquire(none));  // nothing open yet: async_acquire would connect
        CHECK(none.session == nullptr);
        CHECK(co_await pool.async_open_min(false) == 3);
        ConnectionPool::Lease a, b2, c, d;
        REQUIRE(pool.try_acquire(a));
        CHECK(a.slot == 0);  // the lowest idle connection, as async_acquire picks it
        // The preferred slot is taken when it is idle, without regard to the lower ones.
        REQUIRE(pool.try_acquire(c, 2));
        CHECK(c.slot == 2);
        REQUIRE(pool.try_acquire(b2, 2));  // busy now: the usual pick
        CHECK(b2.slot == 1);
        CHECK_FALSE(pool.try_acquire(d));  // all three full (the fourth would need a connect)
        CHECK(d.session == nullptr);
        CHECK(counters->connects == 3);
        CHECK(pool.peak_in_flight() == 1);
        // Leases from try_acquire are ordinary leases: released, the slot can be borrowed again.
        pool.release(c, false);
        REQUIRE(pool.try_acquire(d, 2));
        CHECK(d.slot == 2);
        // A preferred slot out of range or broken falls back to the scan.
        pool.release(d, true);  // retired
        pool.release(a, false);
        ConnectionPool::Lease e;
        REQUIRE(pool.try_acquire(e, 2));
        CHECK(e.slot == 0);
        ConnectionPool::Lease f;
        CHECK_FALSE(pool.try_acquire(f, 99));
        pool.release(b2, false);
        pool.release(e, false);
        co_await pool.async_close_all(1s);
    });
}
