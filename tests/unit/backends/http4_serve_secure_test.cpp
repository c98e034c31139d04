// http4 against the embedded server (tpbench serve, in-process) over TLS with credentials: the
// real client against the real server, certificates generated at test time (tests/common). Every
// dialect the client can speak gets the right results over https + Basic; a wrong password is
// auth_failed, an untrusted CA tls_failed, both in bounded time and with no secret in any message.
#include <tpbench/backends/http4.hpp>
#include <tpbench/server/server.hpp>

#include "common/test_pki.hpp"

#include "common/embedded_server.hpp"
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <string>

namespace net = boost::asio;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;
using tpbench::model::Value;

namespace {

const tpbench::test::TestPki& pki() { return tpbench::test::shared_pki(); }

constexpr const char* kPassword = "s3cret-Pa55word";

std::unique_ptr<tpbench::server::ServerHandle> secure_server() {
    tpbench::server::ServerConfig cfg;
    cfg.tls.cert_file = pki().server.cert.string();
    cfg.tls.key_file = pki().server.key.string();
    cfg.credentials = tpbench::server::parse_credentials(std::string("stephen:") + kPassword + "\n");
    return tpbench::test::start_embedded_server(std::move(cfg));
}

SessionConfig config(std::uint16_t port, std::string password,
                     std::map<std::string, std::string> options = {}) {
    SessionConfig cfg = tpbench::test::loopback_config(port, "", std::move(options));
    cfg.target.tls.enabled = true;
    cfg.target.tls.ca_file = pki().ca.cert.string();
    cfg.target.auth.mechanism = tpbench::engine::AuthOptions::Mechanism::basic;
    cfg.target.auth.username = "stephen";
    cfg.target.auth.password = std::move(password);
    cfg.connect_timeout = 5000ms;
    return cfg;
}

Request request(std::string gremlin) { return tpbench::test::make_request(std::move(gremlin), 30s); }

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body, std::chrono::seconds limit = 60s) {
    tpbench::test::run_bounded(ioc, body, limit);
}

}  // namespace

TEST_CASE("http4 + tpbench serve over TLS with Basic: every dialect and body format gets the right results") {
    auto server = secure_server();
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        for (const char* dialect : {"auto", "master-http", "4.0-beta.1", "4.0"}) {
            for (const char* body : {"graphbinary", "json", "graphson"}) {
                CAPTURE(dialect);
                CAPTURE(body);
                tpbench::http4::forget_detected_dialects();
                auto s = tpbench::http4::make_session(
                    ioc.get_executor(),
                    config(server->port(), kPassword, {{"dialect", dialect}, {"body", body}}));
                REQUIRE_FALSE(co_await s->async_connect());
                CHECK(s->connect_timings().tls.count() > 0);
                Outcome o = co_await s->async_execute(request("g.V()"));
                CHECK_FALSE(o.error);
                CHECK(o.result_count == 6);
                Request r = request("g.V(vid).out('knows')");
                r.bindings = Value::map({Value::string("vid"), Value::long_(1)});
                o = co_await s->async_execute(r);
                CHECK_MESSAGE(!o.error, o.status_message);
                CHECK(o.result_count == 2);
                o = co_await s->async_execute(request("1+1"));
                CHECK_FALSE(o.error);
                CHECK(o.result_count == 1);
                co_await s->async_close();
            }
        }
    });
}

TEST_CASE("http4 + tpbench serve over TLS: g.V().repeat(both()).times(15) streams 2,824,992 results") {
    auto server = secure_server();
    net::io_context ioc;
    run(
        ioc,
        [&]() -> net::awaitable<void> {
            auto s = tpbench::http4::make_session(
                ioc.get_executor(), config(server->port(), kPassword, {{"compression", "true"}}));
            REQUIRE_FALSE(co_await s->async_connect());
            const Outcome o = co_await s->async_execute(request("g.V().repeat(both()).times(15)"));
            CHECK_FALSE(o.error);
            CHECK(o.result_count == 2824992);
        },
        120s);
}

TEST_CASE(
    "http4 + tpbench serve: wrong password is auth_failed, untrusted CA is tls_failed; no secret in "
    "messages") {
    auto server = secure_server();
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        tpbench::http4::forget_detected_dialects();
        const auto t0 = Clock::now();
        auto bad = tpbench::http4::make_session(ioc.get_executor(), config(server->port(), "wrong-Pa55"));
        CHECK(co_await bad->async_connect() == make_error_code(errc::auth_failed));  // the probe got 401
        CHECK(bad->connect_error_message().find("401") != std::string::npos);
        CHECK(bad->connect_error_message().find("wrong-Pa55") == std::string::npos);
        Outcome o = co_await bad->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::auth_failed));
        CHECK(o.status_message.find("wrong-Pa55") == std::string::npos);
        CHECK(o.status_message.find(kPassword) == std::string::npos);

        // A named dialect: no probe, the request itself gets the 401.
        auto named = tpbench::http4::make_session(ioc.get_executor(),
                                                  config(server->port(), "wrong-Pa55", {{"dialect", "4.0"}}));
        REQUIRE_FALSE(co_await named->async_connect());
        o = co_await named->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::auth_failed));
        CHECK(o.status_code == 401);

        auto cfg = config(server->port(), kPassword, {{"dialect", "4.0"}});
        cfg.target.tls.ca_file = pki().other_ca.cert.string();
        auto untrusted = tpbench::http4::make_session(ioc.get_executor(), cfg);
        CHECK(co_await untrusted->async_connect() == make_error_code(errc::tls_failed));
        o = co_await untrusted->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::tls_failed));
        CHECK(o.status_message.find("certificate verify failed") != std::string::npos);
        CHECK(Clock::now() - t0 < 20s);
    });
}
