// engine::InplaceHandler (include/tpbench/engine/inplace_handler.hpp): the in-place completion
// handler of the load engine's lane slot and the ws37 session's per-request waiter. invoke() calls
// the handler inline, on the caller's thread, moved out first (so what it resumes may store the
// next handler in the same place); post_to() hands it to an executor; reset() and the destructor
// destroy it uncalled. Inline invocation bypasses the handler's associated executor: that is
// correct only on the thread that runs the handler's executor (the engine's and the sessions'
// one-thread io_contexts), which the coroutine cases below check.
#include <tpbench/engine/inplace_handler.hpp>

#include <boost/asio/async_result.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <doctest/doctest.h>

#include <memory>
#include <thread>
#include <vector>

namespace net = boost::asio;
using tpbench::engine::InplaceHandler;

namespace {

// A handler that counts its calls and, through a shared_ptr it holds, its live copies.
struct Counting {
    int* calls;
    std::shared_ptr<int> alive;
    void operator()() { ++*calls; }
};

}  // namespace

TEST_CASE("InplaceHandler: invoke calls the stored handler once, inline; an empty one does nothing") {
    InplaceHandler<64> h;
    CHECK_FALSE(h.armed());
    h.invoke();  // nothing stored: no effect
    int calls = 0;
    auto token = std::make_shared<int>(0);
    h.store(Counting{&calls, token});
    CHECK(h.armed());
    CHECK(token.use_count() == 2);
    h.invoke();
    CHECK(calls == 1);  // inline: before invoke() returned
    CHECK_FALSE(h.armed());
    CHECK(token.use_count() == 1);  // the moved-out handler was destroyed after its call
    h.invoke();
    CHECK(calls == 1);
}

TEST_CASE("InplaceHandler: the handler is moved out before its call, so it may store the next one") {
    InplaceHandler<64> h;
    std::vector<int> order;
    struct Chain {
        InplaceHandler<64>* h;
        std::vector<int>* order;
        int n;
        void operator()() {
            order->push_back(n);
            if (n < 3) h->store(Chain{h, order, n + 1});  // the lane waiting again from its resumption
        }
    };
    h.store(Chain{&h, &order, 1});
    h.invoke();
    CHECK(order == std::vector<int>{1});
    CHECK(h.armed());  // the handler stored during the call survived it
    h.invoke();
    h.invoke();
    h.invoke();  // the third stored nothing
    CHECK(order == std::vector<int>{1, 2, 3});
    CHECK_FALSE(h.armed());
}

TEST_CASE("InplaceHandler: store replaces, reset and the destructor destroy without calling") {
    int calls = 0;
    auto a = std::make_shared<int>(0);
    auto b = std::make_shared<int>(0);
    {
        InplaceHandler<64> h;
        h.store(Counting{&calls, a});
        h.store(Counting{&calls, b});  // the first is destroyed, not called
        CHECK(a.use_count() == 1);
        CHECK(b.use_count() == 2);
        h.reset();
        CHECK(b.use_count() == 1);
        CHECK_FALSE(h.armed());
        h.store(Counting{&calls, a});
        CHECK(a.use_count() == 2);
    }
    CHECK(a.use_count() == 1);  // destroyed with the InplaceHandler
    CHECK(calls == 0);
}

TEST_CASE("InplaceHandler: post_to hands the handler to the executor; it runs there, not inside the call") {
    net::io_context ioc;
    InplaceHandler<64> h;
    int calls = 0;
    auto token = std::make_shared<int>(0);
    h.store(Counting{&calls, token});
    h.post_to(ioc.get_executor());
    CHECK_FALSE(h.armed());
    CHECK(calls == 0);
    CHECK(token.use_count() == 2);  // owned by the io_context now
    ioc.run();
    CHECK(calls == 1);
    CHECK(token.use_count() == 1);
}

TEST_CASE("InplaceHandler: a coroutine waiting on it is resumed inline by invoke() from its own thread") {
    // The shape of the lane slot and the ws37 SlotWaiter: the coroutine's completion handler (a
    // use_awaitable handler) is stored in place; a handler on the same io_context invokes it, and
    // the coroutine runs up to its next suspension before invoke() returns (then stores its next
    // wait in the same InplaceHandler).
    net::io_context ioc;
    InplaceHandler<64> h;
    std::vector<int> log;
    auto wait = [&h] {
        return net::async_initiate<const net::use_awaitable_t<>&, void()>(
            [&h](auto handler) { h.store(std::move(handler)); }, net::use_awaitable);
    };
    const auto thread = std::this_thread::get_id();
    bool same_thread = true;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            for (int i = 0; i < 3; ++i) {
                co_await wait();
                same_thread = same_thread && std::this_thread::get_id() == thread;
                log.push_back(10 + i);
            }
        },
        net::detached);
    ioc.poll();  // the coroutine waits
    REQUIRE(h.armed());
    for (int i = 0; i < 3; ++i) {
        net::post(ioc, [&, i] {
            log.push_back(i);
            h.invoke();              // resumes the coroutine here ...
            log.push_back(100 + i);  // ... which ran before this line
        });
        ioc.poll();
    }
    CHECK(log == std::vector<int>{0, 10, 100, 1, 11, 101, 2, 12, 102});
    CHECK(same_thread);
    CHECK_FALSE(h.armed());  // the coroutine ended
    ioc.run();
}

TEST_CASE("InplaceHandler: a coroutine still waiting when its waiter is posted away ends normally") {
    // Teardown (ws37 release_waiters): the stored handler is posted, so the coroutine resumes from
    // the io_context, never from inside the call that gave it away.
    net::io_context ioc;
    InplaceHandler<64> h;
    bool resumed = false;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            co_await net::async_initiate<const net::use_awaitable_t<>&, void()>(
                [&h](auto handler) { h.store(std::move(handler)); }, net::use_awaitable);
            resumed = true;
        },
        net::detached);
    ioc.poll();
    REQUIRE(h.armed());
    h.post_to(ioc.get_executor());
    CHECK_FALSE(resumed);
    ioc.run();
    CHECK(resumed);
}
