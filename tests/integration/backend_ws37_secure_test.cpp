// The real ws37 backend against the real embedded server over TLS with credentials (tpbench serve
// --tls-cert/--tls-key --credentials, here in-process on 127.0.0.1:0), with the throw-away PKI of
// tests/common: wss:// + SASL PLAIN eager and lazy with multiplexed requests, session
// resumption, a wrong password, an untrusted certificate, missing credentials, plaintext to the
// TLS port — each ends classified, in bounded time, and no message contains the password.
#include <tpbench/backends/ws37.hpp>

#include "common/test_pki.hpp"

#include <tpbench/engine/backend.hpp>
#include <tpbench/server/server.hpp>

#include "common/embedded_server.hpp"
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace net = boost::asio;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::AuthOptions;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;

namespace {

constexpr const char* kUser = "stephen";
constexpr const char* kPassword = "c0rrect-h0rse-battery";

const tpbench::test::TestPki& pki() { return tpbench::test::shared_pki(); }

std::unique_ptr<tpbench::server::ServerHandle> start_secure_server() {
    tpbench::server::ServerConfig cfg;
    cfg.tls.cert_file = pki().server.cert.string();
    cfg.tls.key_file = pki().server.key.string();
    tpbench::server::Credentials c;
    c.users.emplace(kUser, kPassword);
    cfg.credentials = std::move(c);
    return tpbench::test::start_embedded_server(std::move(cfg));
}

SessionConfig secure_config(std::uint16_t port, std::string password = kPassword,
                            std::string sasl_mode = "eager") {
    SessionConfig cfg = tpbench::test::loopback_config(port);
    cfg.target.tls.enabled = true;
    cfg.target.tls.ca_file = pki().ca.cert.string();
    cfg.target.auth.mechanism = AuthOptions::Mechanism::sasl_plain;
    cfg.target.auth.username = kUser;
    cfg.target.auth.password = std::move(password);
    cfg.target.options["sasl"] = std::move(sasl_mode);
    cfg.max_in_process_per_connection = 16;
    cfg.connect_timeout = 5000ms;
    return cfg;
}

Request request(std::string gremlin, std::chrono::seconds budget = 30s) {
    return tpbench::test::make_request(std::move(gremlin), budget);
}

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body, std::chrono::seconds limit = 60s) {
    tpbench::test::run_bounded(ioc, body, limit, "client did not finish in time");
}

// Runs `n` concurrent g.V() requests on `s`; returns how many returned the 6 vertices.
net::awaitable<int> concurrent_vertices(tpbench::engine::Session& s, net::io_context& ioc, int n) {
    int done = 0, good = 0;
    net::steady_timer all(ioc, Clock::time_point::max());
    for (int i = 0; i < n; ++i) {
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                const Outcome o = co_await s.async_execute(request("g.V()"));
                if (!o.error && o.result_count == 6) ++good;
                if (++done == n) all.cancel();
            },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
    }
    while (done < n) co_await all.async_wait(net::as_tuple(net::use_awaitable));
    co_return good;
}

}  // namespace

TEST_CASE("ws37 secure: wss:// + SASL PLAIN at connect against tpbench serve; resumption on reconnect") {
    auto server = start_secure_server();
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), secure_config(server->port()));
        const auto ec = co_await s->async_connect();
        REQUIRE_MESSAGE(!ec, s->connect_error_message());
        const auto t = s->connect_timings();
        CHECK(t.tcp > 0ns);
        CHECK(t.tls > 0ns);
        CHECK(t.protocol > 0ns);  // upgrade + SASL
        CHECK_FALSE(t.tls_resumed);
        CHECK(co_await concurrent_vertices(*s, ioc, 16) == 16);
        const Outcome o = co_await s->async_execute(request("g.V().out().count()"));
        CHECK_FALSE(o.error);
        CHECK(o.bytes_in > 0);
        co_await s->async_close();

        // A new connection to the same target offers the ticket of the first.
        auto again = tpbench::ws37::make_session(ioc.get_executor(), secure_config(server->port()));
        REQUIRE_FALSE(co_await again->async_connect());
        CHECK(again->connect_timings().tls_resumed);
        CHECK(co_await concurrent_vertices(*again, ioc, 4) == 4);
        co_await again->async_close();
    });
}

TEST_CASE(
    "ws37 secure: SASL on the server's challenge (lazy) with 16 requests in flight on a new connection") {
    auto server = start_secure_server();
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s =
            tpbench::ws37::make_session(ioc.get_executor(), secure_config(server->port(), kPassword, "lazy"));
        REQUIRE_FALSE(co_await s->async_connect());
        CHECK(co_await concurrent_vertices(*s, ioc, 16) == 16);
        CHECK(co_await concurrent_vertices(*s, ioc, 16) == 16);
        co_await s->async_close();
    });
}

TEST_CASE("ws37 secure: a wrong password is auth_failed at connect, quickly, without the password") {
    auto server = start_secure_server();
    for (const char* mode : {"eager", "lazy"}) {
        CAPTURE(mode);
        net::io_context ioc;
        const std::string wrong = "wr0ng-Passw0rd-xyz";
        run(ioc, [&]() -> net::awaitable<void> {
            auto s =
                tpbench::ws37::make_session(ioc.get_executor(), secure_config(server->port(), wrong, mode));
            const auto t0 = Clock::now();
            const auto ec = co_await s->async_connect();
            std::string seen = s->connect_error_message();
            if (std::string(mode) == "eager") {
                CHECK(ec == make_error_code(errc::auth_failed));
                CHECK_MESSAGE(seen.find("SASL authentication failed for user 'stephen'") == 0, seen);
            } else {
                REQUIRE_FALSE(ec);
                const Outcome o = co_await s->async_execute(request("g.V()"));
                CHECK(o.error == make_error_code(errc::auth_failed));
                seen = o.status_message;
                CHECK_FALSE(s->is_open());
            }
            CHECK(seen.find(wrong) == std::string::npos);
            CHECK(seen.find(kPassword) == std::string::npos);
            CHECK(Clock::now() - t0 < 5s);
        });
    }
}

TEST_CASE("ws37 secure: an untrusted server certificate is tls_failed with the reason") {
    auto server = start_secure_server();
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        auto cfg = secure_config(server->port());
        cfg.target.tls.ca_file = pki().other_ca.cert.string();
        auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
        CHECK(co_await s->async_connect() == make_error_code(errc::tls_failed));
        CHECK_MESSAGE(s->connect_error_message().find("certificate verify failed") != std::string::npos,
                      s->connect_error_message());
        CHECK_FALSE(s->is_open());
    });
}

TEST_CASE("ws37 secure: no credentials against an authenticating server; plaintext to the TLS port") {
    auto server = start_secure_server();
    SUBCASE("no credentials: the 407 is auth_failed") {
        net::io_context ioc;
        run(ioc, [&]() -> net::awaitable<void> {
            auto cfg = secure_config(server->port());
            cfg.target.auth = {};
            auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
            REQUIRE_FALSE(co_await s->async_connect());
            const Outcome o = co_await s->async_execute(request("g.V()"));
            CHECK(o.error == make_error_code(errc::auth_failed));
            CHECK(o.status_message.find("no credentials are configured") != std::string::npos);
            co_await s->async_close();
        });
    }
    SUBCASE("ws:// to the TLS port fails the upgrade with a message") {
        net::io_context ioc;
        run(ioc, [&]() -> net::awaitable<void> {
            auto cfg = secure_config(server->port());
            cfg.target.tls = {};
            cfg.connect_timeout = 2000ms;
            auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
            CHECK(co_await s->async_connect() == make_error_code(errc::connect_failed));
            CHECK_MESSAGE(s->connect_error_message().find("WebSocket upgrade at 127.0.0.1:") == 0,
                          s->connect_error_message());
        });
    }
}
