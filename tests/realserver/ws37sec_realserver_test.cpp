// ws37 over TLS with SASL PLAIN against a real Apache TinkerPop Gremlin Server 3.7 started by
// ws37sec_realserver.sh (scripts/gremlin-server start 3.7 PORT --tls auto --auth USER:PASSWORD;
// the keystore is self-signed). Environment: TPBENCH_RS_PORT, TPBENCH_RS_USER, TPBENCH_RS_PASSWORD.
// Label realserver (needs Java and Maven).
#include <tpbench/backends/ws37.hpp>

#include <tpbench/engine/backend.hpp>

#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <string>

namespace net = boost::asio;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::AuthOptions;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;

namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name);
    REQUIRE_MESSAGE(v != nullptr, name << " is not set (run through ws37sec_realserver.sh)");
    return v;
}

SessionConfig config(bool insecure, std::string password, std::string mode = "eager") {
    SessionConfig cfg =
        tpbench::test::loopback_config(static_cast<std::uint16_t>(std::stoi(env("TPBENCH_RS_PORT"))));
    cfg.target.tls.enabled = true;
    cfg.target.tls.insecure = insecure;
    cfg.target.auth.mechanism = AuthOptions::Mechanism::sasl_plain;
    cfg.target.auth.username = env("TPBENCH_RS_USER");
    cfg.target.auth.password = std::move(password);
    cfg.target.options["sasl"] = std::move(mode);
    cfg.max_in_process_per_connection = 16;
    cfg.connect_timeout = 10000ms;
    return cfg;
}

Request request(std::string gremlin) { return tpbench::test::make_request(std::move(gremlin), 30s); }

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body) {
    tpbench::test::run_bounded(ioc, body, 120s, "client did not finish in time");
}

}  // namespace

TEST_CASE("ws37 realserver: the self-signed keystore fails verification with the reason") {
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config(false, env("TPBENCH_RS_PASSWORD")));
        CHECK(co_await s->async_connect() == make_error_code(errc::tls_failed));
        CHECK_MESSAGE(s->connect_error_message().find("certificate verify failed") != std::string::npos,
                      s->connect_error_message());
    });
}

TEST_CASE("ws37 realserver: wss:// + SASL PLAIN eager and lazy, multiplexed") {
    for (const char* mode : {"eager", "lazy"}) {
        CAPTURE(mode);
        net::io_context ioc;
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::ws37::make_session(ioc.get_executor(),
                                                 config(true, env("TPBENCH_RS_PASSWORD"), mode));
            const auto ec = co_await s->async_connect();
            REQUIRE_MESSAGE(!ec, s->connect_error_message());
            CHECK(s->connect_timings().tls > 0ns);
            int done = 0, good = 0;
            net::steady_timer all(ioc, Clock::time_point::max());
            for (int i = 0; i < 8; ++i) {
                net::co_spawn(
                    ioc,
                    [&]() -> net::awaitable<void> {
                        const Outcome o = co_await s->async_execute(request("g.V()"));
                        CHECK_MESSAGE(!o.error, o.status_message);
                        if (!o.error && o.result_count == 6) ++good;
                        if (++done == 8) all.cancel();
                    },
                    [](std::exception_ptr e) {
                        if (e) std::rethrow_exception(e);
                    });
            }
            while (done < 8) co_await all.async_wait(net::as_tuple(net::use_awaitable));
            CHECK(good == 8);
            co_await s->async_close();
        });
    }
}

TEST_CASE("ws37 realserver: a wrong password is auth_failed without the password in the message") {
    net::io_context ioc;
    const std::string wrong = "definitely-wr0ng";
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config(true, wrong));
        const auto t0 = Clock::now();
        CHECK(co_await s->async_connect() == make_error_code(errc::auth_failed));
        const std::string why = s->connect_error_message();
        CHECK_MESSAGE(why.find("SASL authentication failed") == 0, why);
        CHECK(why.find(wrong) == std::string::npos);
        CHECK(Clock::now() - t0 < 15s);
    });
}
