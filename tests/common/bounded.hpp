#pragma once
// Runs one coroutine on an io_context until it ends or a wall-clock bound passes: the core of
// run_bounded.hpp (doctest tests) and of SyncClient (sync_client.hpp, test programs), with no
// test framework. The io_context may be reused: it is restarted first, and left as it is after
// (the coroutine's other work, e.g. a session's reader, stays queued for the next call).
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>

#include <chrono>
#include <exception>
#include <functional>

namespace tpbench::test {

enum class BoundedEnd {
    finished,   // the coroutine returned
    threw,      // the coroutine ended with an exception (in `error`)
    timed_out,  // still running when `limit` passed (a hang), or the io_context ran out of work
};

inline BoundedEnd run_coroutine_bounded(boost::asio::io_context& ioc,
                                        const std::function<boost::asio::awaitable<void>()>& body,
                                        std::chrono::steady_clock::duration limit,
                                        std::exception_ptr& error) {
    bool finished = false;
    error = nullptr;
    boost::asio::co_spawn(ioc, body(), [&](std::exception_ptr e) {
        error = e;
        finished = true;
    });
    ioc.restart();
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!finished && ioc.run_one_until(deadline) != 0) {
    }
    if (!finished) return BoundedEnd::timed_out;
    return error ? BoundedEnd::threw : BoundedEnd::finished;
}

}  // namespace tpbench::test
