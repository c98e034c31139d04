#include "outbox.hpp"
#include "work_pool.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

using namespace tpbench::server::detail;
using namespace std::chrono_literals;

TEST_CASE("Outbox: waker, take/release and water marks") {
    Outbox ob(100, 50);
    int wakes = 0;
    ob.set_waker([&] { ++wakes; });
    std::vector<Outbox::Entry> got;
    CHECK_FALSE(ob.take(got));  // writer goes idle
    CHECK(ob.push({std::string(60, 'a'), Outbox::Kind::raw, false}));
    CHECK(wakes == 1);
    CHECK(ob.push({std::string(60, 'b'), Outbox::Kind::raw, true}));
    CHECK(wakes == 1);  // writer was already woken
    CHECK(ob.above_high_water());
    // A producer above the high-water mark waits until the writer drains below the low mark.
    auto t0 = std::chrono::steady_clock::now();
    CHECK(ob.wait_writable(t0 + 30ms) == Outbox::Wait::deadline);
    auto fut = std::async(std::launch::async, [&] { return ob.wait_writable(std::nullopt); });
    CHECK(fut.wait_for(30ms) == std::future_status::timeout);  // blocked above the high-water mark
    REQUIRE(ob.take(got));
    CHECK(got.size() == 2);
    CHECK(got[1].last);
    ob.release(60);  // 60 left: still above low water
    CHECK(fut.wait_for(30ms) == std::future_status::timeout);
    ob.release(60);
    CHECK(fut.get() == Outbox::Wait::ready);
    CHECK(ob.queued_bytes() == 0);
}

TEST_CASE("Outbox: take_more appends what arrived since take() and keeps the writer awake") {
    Outbox ob(100, 50);
    int wakes = 0;
    ob.set_waker([&] { ++wakes; });
    std::vector<Outbox::Entry> got;
    CHECK_FALSE(ob.take(got));
    CHECK(ob.push({"a", Outbox::Kind::raw, false}));
    CHECK(wakes == 1);
    REQUIRE(ob.take(got));
    CHECK(ob.take_more(got) == 0);  // nothing new: the writer is still awake (it writes next)
    CHECK(ob.push({"b", Outbox::Kind::raw, false}));
    CHECK(ob.push({"c", Outbox::Kind::raw, true}));
    CHECK(wakes == 1);  // no waker call while the writer is awake
    CHECK(ob.take_more(got) == 2);
    REQUIRE(got.size() == 3);
    CHECK(got[0].bytes == "a");
    CHECK(got[1].bytes == "b");
    CHECK(got[2].bytes == "c");
    CHECK(ob.queued_bytes() == 3);  // taken, not yet released
    ob.release(3);
    CHECK_FALSE(ob.take(got));  // idle again: the next push wakes it
    CHECK(ob.push({"d", Outbox::Kind::raw, false}));
    CHECK(wakes == 2);
}

TEST_CASE("Outbox: close releases blocked producers and refuses entries") {
    Outbox ob(10, 5);
    int wakes = 0;
    ob.set_waker([&] { ++wakes; });
    std::vector<Outbox::Entry> got;
    CHECK_FALSE(ob.take(got));
    CHECK(ob.push({std::string(20, 'x'), Outbox::Kind::raw, false}));
    auto fut = std::async(std::launch::async, [&] { return ob.wait_writable(std::nullopt); });
    CHECK(fut.wait_for(20ms) == std::future_status::timeout);
    ob.close();
    CHECK(fut.get() == Outbox::Wait::closed);
    CHECK_FALSE(ob.push({"y", Outbox::Kind::raw, false}));
    CHECK(ob.closed());
    CHECK(ob.wait_writable(std::nullopt) == Outbox::Wait::closed);
}

TEST_CASE("WorkPool: runs tasks and rejects when the bounded queue is full") {
    WorkPool pool(1, 2);
    CHECK(pool.size() == 1);
    std::promise<void> release;
    auto gate = release.get_future().share();
    std::atomic<int> ran{0};
    std::promise<void> started;
    REQUIRE(pool.try_submit([&, gate] {
        started.set_value();
        gate.wait();
        ++ran;
    }));
    started.get_future().wait();  // the only worker is busy now
    CHECK_FALSE(pool.has_idle_worker());
    CHECK(pool.try_submit([&] { ++ran; }));
    CHECK(pool.try_submit([&] { ++ran; }));
    CHECK_FALSE(pool.try_submit([&] { ++ran; }));  // queue holds 2: rejected
    CHECK(pool.submit_admitted([&] { ++ran; }));   // continuations bypass the bound
    release.set_value();
    for (int i = 0; i < 200 && ran.load() < 4; ++i) std::this_thread::sleep_for(5ms);
    CHECK(ran.load() == 4);
    for (int i = 0; i < 200 && !pool.has_idle_worker(); ++i) std::this_thread::sleep_for(5ms);
    CHECK(pool.has_idle_worker());
    pool.stop();
    CHECK_FALSE(pool.try_submit([] {}));
}

TEST_CASE("WorkPool: a throwing task does not kill the worker") {
    WorkPool pool(1, 8);
    std::promise<int> p;
    REQUIRE(pool.try_submit([] { throw std::runtime_error("boom"); }));
    REQUIRE(pool.try_submit([&] { p.set_value(7); }));
    auto f = p.get_future();
    REQUIRE(f.wait_for(2s) == std::future_status::ready);
    CHECK(f.get() == 7);
}
