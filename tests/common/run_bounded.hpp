#pragma once
// Runs one test coroutine on an io_context with a wall-clock bound, so a hanging client or server
// fails the test instead of hanging it: the coroutine's exception is rethrown, and a coroutine
// that did not finish within `limit` fails with `what`. Stops the io_context when the coroutine
// ends (acceptors in the test may still be waiting). Test code only (uses doctest); the loop itself
// is bounded.hpp's, shared with the test programs' SyncClient.
#include "common/bounded.hpp"

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <exception>
#include <functional>

namespace tpbench::test {

inline void run_bounded(boost::asio::io_context& ioc,
                        const std::function<boost::asio::awaitable<void>()>& body, std::chrono::seconds limit,
                        const char* what = "client coroutine did not finish in time (hang)") {
    std::exception_ptr error;
    const BoundedEnd end = run_coroutine_bounded(ioc, body, limit, error);
    ioc.stop();  // acceptors in the test may still be waiting
    REQUIRE_MESSAGE(end != BoundedEnd::timed_out, what);
    if (error) std::rethrow_exception(error);
}

}  // namespace tpbench::test
