// MemoryBudget (`tpbench serve --memory-budget`, the total across requests): claims, refusals, release with
// the lease, the per-request charge, and that concurrent claims never exceed the budget.
#include "outbox.hpp"
#include "work_pool.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <thread>
#include <vector>

using tpbench::server::detail::MemoryBudget;
using tpbench::server::detail::Outbox;

TEST_CASE("memory budget: claims up to the total, refuses beyond, releases with the lease") {
    MemoryBudget b(1000);
    auto a = b.try_acquire(600);
    REQUIRE(a);
    CHECK(a->bytes() == 600);
    CHECK(b.in_use() == 600);
    CHECK_FALSE(b.try_acquire(401));
    CHECK(b.refused() == 1);
    {
        auto c = b.try_acquire(400);
        REQUIRE(c);
        CHECK(b.in_use() == 1000);
        CHECK_FALSE(b.try_acquire(1));
        CHECK(b.refused() == 2);
    }
    CHECK(b.in_use() == 600);
    // A lease moves; the moved-from one releases nothing.
    MemoryBudget::Lease moved = std::move(*a);
    a.reset();
    CHECK(b.in_use() == 600);
    moved = MemoryBudget::Lease();
    CHECK(b.in_use() == 0);
    CHECK(b.peak() == 1000);
    // More than the whole budget is refused even when nothing else is held.
    CHECK_FALSE(b.try_acquire(1001));
    CHECK(b.refused() == 3);
    CHECK(b.refusal_message(1001).find("budget of 1000 bytes") != std::string::npos);
}

TEST_CASE("memory budget: resize sets a lease to what is held, past the total if it must") {
    MemoryBudget b(1000);
    MemoryBudget::Lease l;
    b.resize(l, 300);  // an empty lease joins the budget
    CHECK(l.bytes() == 300);
    CHECK(b.in_use() == 300);
    b.resize(l, 100);
    CHECK(b.in_use() == 100);
    b.resize(l, 1200);  // memory that exists already: charged, then later claims are refused
    CHECK(b.in_use() == 1200);
    CHECK(b.peak() == 1200);
    CHECK_FALSE(b.try_acquire(1));
    CHECK(b.refused() == 1);
    l = MemoryBudget::Lease();
    CHECK(b.in_use() == 0);
}

TEST_CASE("memory budget: 0 is unlimited but still tracked") {
    MemoryBudget b(0);
    auto x = b.try_acquire(std::size_t{1} << 40);
    auto y = b.try_acquire(std::size_t{1} << 40);
    REQUIRE(x);
    REQUIRE(y);
    CHECK(b.in_use() == (std::size_t{2} << 40));
    CHECK(b.refused() == 0);
}

TEST_CASE("memory budget: the per-request charge grows with the request and never overflows") {
    CHECK(MemoryBudget::request_charge(0) == MemoryBudget::base_charge);
    CHECK(MemoryBudget::request_charge(1000) == MemoryBudget::base_charge + 3000);
    CHECK(MemoryBudget::request_charge(10u << 20) == MemoryBudget::base_charge + (30u << 20));
    CHECK(MemoryBudget::request_charge(static_cast<std::size_t>(-1) / 2) == static_cast<std::size_t>(-1));
}

TEST_CASE("memory budget: concurrent claims never exceed the total") {
    MemoryBudget b(10 * 1000);
    std::atomic<bool> over{false};
    std::atomic<std::uint64_t> granted{0};
    std::vector<std::thread> ts;
    for (int t = 0; t < 4; ++t)
        ts.emplace_back([&] {
            for (int i = 0; i < 20000; ++i) {
                auto l = b.try_acquire(1000 + static_cast<std::size_t>(i % 7) * 100);
                if (!l) continue;
                granted.fetch_add(1);
                if (b.in_use() > b.total()) over = true;
            }
        });
    for (auto& t : ts) t.join();
    CHECK_FALSE(over.load());
    CHECK(b.in_use() == 0);
    CHECK(b.peak() <= b.total());
    CHECK(granted.load() + b.refused() == 80000);
    CHECK(granted.load() > 0);
}

TEST_CASE("memory budget: an outbox charges its queued bytes until written, discarded or destroyed") {
    MemoryBudget b(1000);
    {
        Outbox ob(300, 100, &b);
        REQUIRE(ob.push({std::string(200, 'x')}));
        CHECK(b.in_use() == 200);
        CHECK(b.buffered() == 200);
        std::vector<Outbox::Entry> taken;
        REQUIRE(ob.take(taken));
        CHECK(b.buffered() == 200);  // taken by the writer, not written yet: still held
        ob.release(150);
        CHECK(b.buffered() == 50);
        ob.release(500);  // more than queued: clamps
        CHECK(b.buffered() == 0);
        REQUIRE(ob.push({std::string(120, 'y')}));
        CHECK(b.in_use() == 120);
        // Buffered bytes cannot be refused, but they count against new requests.
        CHECK_FALSE(b.try_acquire(900));
        ob.close();  // discards what is queued
        CHECK(b.in_use() == 0);
        CHECK_FALSE(ob.push({std::string(10, 'z')}));
        CHECK(b.in_use() == 0);
    }
    {
        Outbox ob(300, 100, &b);
        REQUIRE(ob.push({std::string(70, 'x')}));
        CHECK(b.buffered() == 70);
    }  // destroyed with bytes queued
    CHECK(b.in_use() == 0);
    CHECK(b.buffered() == 0);
    CHECK(b.peak() == 200);
    CHECK(b.refused() == 1);
}

TEST_CASE("memory budget: while exhausted, a producer with bytes queued waits for them to drain") {
    using namespace std::chrono_literals;
    MemoryBudget b(1000);
    auto held = b.try_acquire(900);
    REQUIRE(held);
    Outbox ob(300, 100, &b);
    // Nothing queued: ready even when the budget is exhausted.
    CHECK(ob.wait_writable(std::chrono::steady_clock::now() + 10ms) == Outbox::Wait::ready);
    REQUIRE(ob.push({std::string(150, 'x')}));  // 1050 in use: exhausted, below the high-water mark
    CHECK(b.exhausted());
    CHECK(ob.wait_writable(std::chrono::steady_clock::now() + 50ms) == Outbox::Wait::deadline);
    // The reader takes it all: the producer goes on.
    std::thread writer([&] {
        std::this_thread::sleep_for(30ms);
        std::vector<Outbox::Entry> taken;
        ob.take(taken);
        ob.release(150);
    });
    CHECK(ob.wait_writable(std::chrono::steady_clock::now() + 5s) == Outbox::Wait::ready);
    writer.join();
    // With room in the budget, the high-water mark alone decides again.
    held.reset();
    REQUIRE(ob.push({std::string(150, 'x')}));
    CHECK_FALSE(b.exhausted());
    CHECK(ob.wait_writable(std::chrono::steady_clock::now() + 10ms) == Outbox::Wait::ready);
    // Without a budget the outbox charges nothing.
    Outbox plain(300, 100);
    REQUIRE(plain.push({std::string(150, 'x')}));
    CHECK(b.buffered() == 150);
}
