#pragma once
// One fresh connection of a registry backend, used sequentially and bounded in time: the requests
// of a test one after the other (on_one_connection), a connect alone (connect_once), and an
// Outcome in words for test messages (describe). For tests that talk to a server one request at a
// time — the real-server tests. Test code only (uses doctest); header-only.
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <tpbench/engine/backend.hpp>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace tpbench::test {

// Runs `reqs` one after the other on one new connection of `backend` to `cfg`'s target and closes
// it. The test fails when the connect fails or when everything takes longer than `limit`.
inline std::vector<engine::Outcome> on_one_connection(
    std::string_view backend, const engine::SessionConfig& cfg, const std::vector<engine::Request>& reqs,
    std::chrono::seconds limit = std::chrono::seconds(280)) {
    boost::asio::io_context ioc;
    std::vector<engine::Outcome> outs;
    run_bounded(
        ioc,
        [&]() -> boost::asio::awaitable<void> {
            auto s = make_backend_session(backend, ioc.get_executor(), cfg);
            const auto ec = co_await s->async_connect();
            REQUIRE_MESSAGE(!ec, "connect to 127.0.0.1:" << cfg.target.port << ": " << ec.message() << " "
                                                         << s->connect_error_message());
            for (const auto& r : reqs) outs.push_back(co_await s->async_execute(r));
            co_await s->async_close();
        },
        limit, "client did not finish in time");
    return outs;
}

// What one connect of `backend` to `cfg`'s target ended with: the error (none = it opened and
// closed cleanly), the session's connect message and the dialect it reports.
struct ConnectResult {
    std::error_code error;
    std::string message;
    std::string dialect;
};
inline ConnectResult connect_once(std::string_view backend, const engine::SessionConfig& cfg,
                                  std::chrono::seconds limit = std::chrono::seconds(280)) {
    boost::asio::io_context ioc;
    ConnectResult c;
    run_bounded(
        ioc,
        [&]() -> boost::asio::awaitable<void> {
            auto s = make_backend_session(backend, ioc.get_executor(), cfg);
            c.error = co_await s->async_connect();
            c.message = s->connect_error_message();
            c.dialect = std::string(s->dialect());
            co_await s->async_close();
        },
        limit, "client did not finish in time");
    return c;
}

// "ok status 200 ''" or "<error> status <code> '<message>'", for test messages.
inline std::string describe(const engine::Outcome& o) {
    return (o.error ? o.error.message() : std::string("ok")) + " status " + std::to_string(o.status_code) +
           " '" + o.status_message + "'";
}

}  // namespace tpbench::test
