// http4 over TLS (https) against a loopback TLS server that speaks just enough HTTP: the test PKI of
// tests/common (generated at test time). Trusted chain -> requests work, the handshake is timed and
// a second connection resumes the session; an untrusted or wrong-host certificate ends the connect
// with errc::tls_failed in bounded time, with one handshake per attempt (no retry storm); HTTP
// Basic credentials travel inside TLS.
#include <tpbench/backends/http4.hpp>
#include <tpbench/io/http4.hpp>

#include "common/test_pki.hpp"

#include "common/http_parse.hpp"
#include "common/loopback_acceptor.hpp"
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;
using tpbench::model::Value;
namespace h4 = tpbench::io::http4;

namespace {

constexpr auto use_tuple = net::as_tuple(net::use_awaitable);

const tpbench::test::TestPki& pki() { return tpbench::test::shared_pki(); }

std::string gb_response(int items) {
    std::string body;
    const auto gb = h4::ResponseFormat::graphbinary_v4;
    h4::write_response_start(body, gb, false);
    for (int i = 0; i < items; ++i) h4::write_response_item(body, gb, Value::int_(i), false);
    h4::write_response_end(body, gb, 200);
    char size[32];
    std::snprintf(size, sizeof size, "%zx", body.size());
    return "HTTP/1.1 200 OK\r\nContent-Type: application/vnd.graphbinary-v4.0\r\nTransfer-Encoding: "
           "chunked\r\n\r\n" +
           std::string(size) + "\r\n" + body + "\r\n0\r\ncode: 200\r\n\r\n";
}

// HTTPS on 127.0.0.1: handshake, then answer each request (head + Content-Length body) with
// respond(request).
struct HttpsServer : tpbench::test::LoopbackAcceptor {
    HttpsServer(net::io_context& ioc, const tpbench::test::TestPki::Pair& leaf)
        : LoopbackAcceptor(
              ioc, [this](tcp::socket sock) { return serve(std::move(sock)); }, Errors::ignore),
          ctx(ssl::context::tls_server) {
        ctx.use_certificate_chain_file(leaf.cert.string());
        ctx.use_private_key_file(leaf.key.string(), ssl::context::pem);
    }

    net::awaitable<void> serve(tcp::socket sock) {
        ssl::stream<tcp::socket> s(std::move(sock), ctx);
        auto [hec] = co_await s.async_handshake(ssl::stream_base::server, use_tuple);
        ++handshakes;
        if (hec) co_return;
        std::string buf;
        char tmp[4096];
        for (;;) {
            if (auto req = tpbench::test::take_http_request(buf)) {
                requests.push_back(req->raw);
                const std::string resp = respond(req->raw);
                auto [wec, wn] = co_await net::async_write(s, net::buffer(resp), use_tuple);
                if (wec) co_return;
                continue;
            }
            auto [rec, n] = co_await s.async_read_some(net::buffer(tmp), use_tuple);
            if (rec) co_return;
            buf.append(tmp, n);
        }
    }

    ssl::context ctx;
    std::function<std::string(const std::string&)> respond = [](const std::string&) {
        return gb_response(3);
    };
    int handshakes = 0;
    std::vector<std::string> requests;
};

SessionConfig https_config(std::uint16_t port, const std::filesystem::path& ca) {
    SessionConfig cfg = tpbench::test::loopback_config(port, "", {{"dialect", "4.0"}});
    cfg.target.tls.enabled = true;
    cfg.target.tls.ca_file = ca.string();
    cfg.connect_timeout = 3000ms;
    return cfg;
}

Request request() { return tpbench::test::make_request("g.V()", 5s); }

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body, std::chrono::seconds limit = 20s) {
    tpbench::test::run_bounded(ioc, body, limit);
}

}  // namespace

TEST_CASE("http4 over TLS: trusted chain, timed handshake, session resumption on the next connection") {
    net::io_context ioc;
    HttpsServer server(ioc, pki().server);
    run(ioc, [&]() -> net::awaitable<void> {
        const auto cfg = https_config(server.port(), pki().ca.cert);
        auto a = tpbench::http4::make_session(ioc.get_executor(), cfg);
        REQUIRE_FALSE(co_await a->async_connect());
        Outcome o = co_await a->async_execute(request());
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 3);
        CHECK(o.bytes_in > gb_response(3).size());  // TLS records are counted on the wire
        const auto t = a->connect_timings();
        CHECK(t.tcp.count() > 0);
        CHECK(t.tls.count() > 0);
        CHECK_FALSE(t.tls_resumed);
        co_await a->async_close();

        auto b = tpbench::http4::make_session(ioc.get_executor(), cfg);
        REQUIRE_FALSE(co_await b->async_connect());
        o = co_await b->async_execute(request());
        CHECK_FALSE(o.error);
        CHECK(b->connect_timings().tls_resumed);
    });
    CHECK(server.handshakes == 2);
}

TEST_CASE(
    "http4 over TLS: untrusted or wrong-host certificates are tls_failed, bounded, one handshake per "
    "attempt") {
    for (const auto* leaf : {&pki().other_server, &pki().wrong_host_server, &pki().expired_server}) {
        net::io_context ioc;
        HttpsServer server(ioc, *leaf);
        const auto t0 = Clock::now();
        run(ioc, [&]() -> net::awaitable<void> {
            auto s =
                tpbench::http4::make_session(ioc.get_executor(), https_config(server.port(), pki().ca.cert));
            CHECK(co_await s->async_connect() == make_error_code(errc::tls_failed));
            CHECK(s->connect_error_message().find("certificate") != std::string::npos);
            CHECK_FALSE(s->is_open());
            const Outcome o = co_await s->async_execute(request());
            CHECK(o.error == make_error_code(errc::tls_failed));
            CHECK(o.status_message.find("certificate") != std::string::npos);  // OpenSSL's reason
        });
        CHECK(Clock::now() - t0 < 10s);
        CHECK(server.handshakes <= 2);  // one per attempt: connect, then the request's one re-open
        CHECK(server.requests.empty());
    }
}

TEST_CASE("http4 over TLS: --tls-insecure accepts an untrusted certificate") {
    net::io_context ioc;
    HttpsServer server(ioc, pki().other_server);
    run(ioc, [&]() -> net::awaitable<void> {
        auto cfg = https_config(server.port(), pki().ca.cert);
        cfg.target.tls.insecure = true;
        auto s = tpbench::http4::make_session(ioc.get_executor(), cfg);
        REQUIRE_FALSE(co_await s->async_connect());
        const Outcome o = co_await s->async_execute(request());
        CHECK_FALSE(o.error);
    });
}

TEST_CASE("http4 over TLS: HTTP Basic inside TLS; 401 is auth_failed") {
    net::io_context ioc;
    HttpsServer server(ioc, pki().server);
    server.respond = [](const std::string& req) {
        if (req.find("\r\nAuthorization: Basic c3RlcGhlbjpwYXNzd29yZA==\r\n") != std::string::npos)
            return gb_response(1);
        const std::string body = "{\"message\":\"Invalid username or password\"}";
        return "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: " +
               std::to_string(body.size()) + "\r\n\r\n" + body;
    };
    run(ioc, [&]() -> net::awaitable<void> {
        auto cfg = https_config(server.port(), pki().ca.cert);
        cfg.target.auth.mechanism = tpbench::engine::AuthOptions::Mechanism::basic;
        cfg.target.auth.username = "stephen";
        cfg.target.auth.password = "password";
        auto good = tpbench::http4::make_session(ioc.get_executor(), cfg);
        REQUIRE_FALSE(co_await good->async_connect());
        Outcome o = co_await good->async_execute(request());
        CHECK_FALSE(o.error);
        cfg.target.auth.password = "not-the-password";
        auto bad = tpbench::http4::make_session(ioc.get_executor(), cfg);
        REQUIRE_FALSE(co_await bad->async_connect());
        o = co_await bad->async_execute(request());
        CHECK(o.error == make_error_code(errc::auth_failed));
        CHECK(o.status_message.find("not-the-password") == std::string::npos);
    });
}

TEST_CASE("http4 over TLS: unreadable CA file is a configuration error at session creation") {
    net::io_context ioc;
    auto cfg = https_config(1, "/nonexistent/ca.pem");
    CHECK_THROWS_AS(tpbench::http4::make_session(ioc.get_executor(), cfg), std::invalid_argument);
}
