// The transport layer: AnyStream over TCP, TLS and the in-memory stream; async_open's timings and
// error classification (refused, DNS, TLS verification failures, hostname mismatch, handshake
// timeout); insecure mode, client certificates and session resumption against a local TLS
// acceptor on 127.0.0.1 with the throw-away certificates of tests/common (made at test time).
#include "backends/common/stream.hpp"

#include "backends/common/transport.hpp"
#include "common/loopback_acceptor.hpp"
#include "common/test_pki.hpp"

#include <doctest/doctest.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>

#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using namespace tpbench;
using namespace tpbench::backends_detail;
using namespace std::chrono_literals;
constexpr auto use_tuple = net::as_tuple(net::use_awaitable);

// The shared throw-away PKI of tests/common (generated at test time, never committed).
const tpbench::test::TestPki& pki() { return tpbench::test::shared_pki(); }

template <class F>
void run(net::io_context& ioc, F f, std::chrono::seconds limit = 20s) {
    bool done = false;
    std::exception_ptr failure;
    net::co_spawn(ioc, f(), [&](std::exception_ptr e) {
        done = true;
        failure = e;
        // Acceptors still wait for connections: stop the loop here.
        ioc.stop();
    });
    ioc.run_for(limit);
    REQUIRE(done);
    if (failure) std::rethrow_exception(failure);
}

// Runs the loop further until `pred` holds (the server side of a test finishing), at most 5 s.
template <class Pred>
void run_until(net::io_context& ioc, Pred pred) {
    const auto until = std::chrono::steady_clock::now() + 5s;
    while (!pred() && std::chrono::steady_clock::now() < until) {
        ioc.restart();
        ioc.run_for(10ms);
    }
}

// A TLS acceptor on 127.0.0.1: each connection does the server handshake, writes `greeting` and
// then waits for the client to close. Records what it saw.
struct TlsAcceptor : tpbench::test::LoopbackAcceptor {
    TlsAcceptor(net::io_context& ioc, const std::filesystem::path& cert, const std::filesystem::path& key,
                bool require_client_cert = false)
        : LoopbackAcceptor(
              ioc, [this](tcp::socket sock) { return serve(std::move(sock)); }, Errors::ignore),
          ctx(ssl::context::tls_server) {
        ctx.use_certificate_chain_file(cert.string());
        ctx.use_private_key_file(key.string(), ssl::context::pem);
        if (require_client_cert) {
            ctx.load_verify_file(pki().ca.cert.string());
            ctx.set_verify_mode(ssl::verify_peer | ssl::verify_fail_if_no_peer_cert);
        }
    }

    net::awaitable<void> serve(tcp::socket sock) {
        ssl::stream<tcp::socket> s(std::move(sock), ctx);
        auto [hec] = co_await s.async_handshake(ssl::stream_base::server, use_tuple);
        ++handshakes;
        if (hec) {
            ++failed_handshakes;
            last_error = hec.message();
            co_return;
        }
        if (const char* sni = SSL_get_servername(s.native_handle(), TLSEXT_NAMETYPE_host_name))
            last_sni = sni;
        if (X509* peer = SSL_get1_peer_certificate(s.native_handle())) {
            char cn[256] = {};
            X509_NAME_get_text_by_NID(X509_get_subject_name(peer), NID_commonName, cn, sizeof cn);
            last_client_cn = cn;
            X509_free(peer);
        }
        co_await net::async_write(s, net::buffer(greeting), use_tuple);
        char buf[64];
        for (;;) {
            auto [rec, n] = co_await s.async_read_some(net::buffer(buf), use_tuple);
            if (rec) break;
            received.append(buf, n);
        }
    }

    ssl::context ctx;
    std::string greeting = "hello";
    int handshakes = 0;
    int failed_handshakes = 0;
    std::string last_error, last_sni, last_client_cn, received;
};

engine::TlsOptions tls_with_ca(const std::filesystem::path& ca) {
    engine::TlsOptions o;
    o.enabled = true;
    o.ca_file = ca.string();
    return o;
}

// Opens a stream, reads the greeting; returns the open result and what was read.
struct Opened {
    ConnectResult r;
    std::string read;
    std::uint64_t bytes_in = 0, bytes_out = 0;
};
net::awaitable<Opened> open_and_read(AnyStream& s, std::uint16_t port, std::string host = "127.0.0.1",
                                     std::chrono::milliseconds timeout = 3000ms) {
    Opened o;
    o.r = co_await async_open(s, host, port, timeout);
    if (o.r.error) co_return o;
    char buf[5];
    s.expires_after(5s);
    auto [ec, n] = co_await net::async_read(s, net::buffer(buf), use_tuple);
    if (!ec) o.read.assign(buf, n);
    auto [wec, wn] = co_await net::async_write(s, net::buffer(std::string_view("bye")), use_tuple);
    (void)wec;
    o.bytes_in = s.bytes_read();
    o.bytes_out = s.bytes_written();
    s.close();
    co_return o;
}

}  // namespace

TEST_CASE("transport: plain TCP connects, times the connect and counts bytes") {
    net::io_context ioc;
    tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    const auto port = acc.local_endpoint().port();
    std::string got;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            auto [ec, sock] = co_await acc.async_accept(use_tuple);
            co_await net::async_write(sock, net::buffer(std::string_view("hello")), use_tuple);
            char buf[16];
            auto [rec, n] = co_await net::async_read(sock, net::buffer(buf, 3), use_tuple);
            got.assign(buf, n);
        },
        [](std::exception_ptr) {});
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        CHECK(s.kind() == AnyStream::Kind::tcp);
        const Opened o = co_await open_and_read(s, port);
        CHECK_FALSE(o.r.error);
        CHECK(o.r.message.empty());
        CHECK(o.r.timings.tcp.count() > 0);
        CHECK(o.r.timings.tls.count() == 0);
        CHECK(o.read == "hello");
        CHECK(o.bytes_in == 5);
        CHECK(o.bytes_out == 3);
    });
    run_until(ioc, [&] { return !got.empty(); });
    CHECK(got == "bye");
}

TEST_CASE("transport: plain TCP without an expiry (the direct path) counts bytes like the timed path") {
    // Reads and writes with no expiry set go straight to the socket (stream.hpp "Direct path");
    // with an expiry they go through beast::basic_stream. Both count every byte, in any mix; an
    // expiry still ends a stalled read with beast's timeout; close() ends a pending direct read.
    net::io_context ioc;
    tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    const auto port = acc.local_endpoint().port();
    std::string got;
    bool server_done = false;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            auto [ec, sock] = co_await acc.async_accept(use_tuple);
            co_await net::async_write(sock, net::buffer(std::string_view("0123456789")), use_tuple);
            char buf[64];
            for (;;) {  // collects until the client closes; never writes again (a stalled peer)
                auto [rec, n] = co_await sock.async_read_some(net::buffer(buf), use_tuple);
                if (rec) break;
                got.append(buf, n);
            }
            server_done = true;
        },
        [](std::exception_ptr) {});
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        const auto r = co_await async_open(s, "127.0.0.1", port, 3000ms);
        REQUIRE_FALSE(r.error);
        char buf[10];
        // Direct: 4 bytes; timed: 3; direct again: 3 (the expiry is lifted by expires_never).
        auto [e1, n1] = co_await net::async_read(s, net::buffer(buf, 4), use_tuple);
        CHECK_FALSE(e1);
        s.expires_after(5s);
        auto [e2, n2] = co_await net::async_read(s, net::buffer(buf + 4, 3), use_tuple);
        CHECK_FALSE(e2);
        s.expires_never();
        auto [e3, n3] = co_await net::async_read(s, net::buffer(buf + 7, 3), use_tuple);
        CHECK_FALSE(e3);
        CHECK(n1 + n2 + n3 == 10);
        CHECK(std::string_view(buf, 10) == "0123456789");
        auto [w1, m1] = co_await net::async_write(s, net::buffer(std::string_view("direct.")), use_tuple);
        CHECK_FALSE(w1);
        s.expires_at(std::chrono::steady_clock::now() + 5s);
        auto [w2, m2] = co_await net::async_write(s, net::buffer(std::string_view("timed.")), use_tuple);
        CHECK_FALSE(w2);
        CHECK(s.bytes_read() == 10);
        CHECK(s.bytes_written() == 13);
        // A stalled read with an expiry times out through Beast.
        s.expires_after(50ms);
        auto [e4, n4] = co_await s.async_read_some(net::buffer(buf), use_tuple);
        CHECK(e4 == boost::beast::error::timeout);
        CHECK(n4 == 0);
    });
    run_until(ioc, [&] { return server_done; });
    CHECK(got == "direct.timed.");

    // close() while a direct read is pending: the read completes with an error, at once.
    tcp::acceptor acc2(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    const auto port2 = acc2.local_endpoint().port();
    std::optional<tcp::socket> peer;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            auto [ec, sock] = co_await acc2.async_accept(use_tuple);
            peer.emplace(std::move(sock));  // held open, silent
        },
        [](std::exception_ptr) {});
    ioc.restart();
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        const auto r = co_await async_open(s, "127.0.0.1", port2, 3000ms);
        REQUIRE_FALSE(r.error);
        net::steady_timer t(ioc, std::chrono::steady_clock::now() + 50ms);
        t.async_wait([&](const boost::system::error_code&) { s.close(); });
        char buf[4];
        const auto t0 = std::chrono::steady_clock::now();
        auto [ec, n] = co_await s.async_read_some(net::buffer(buf), use_tuple);
        CHECK(ec);
        CHECK(n == 0);
        CHECK(std::chrono::steady_clock::now() - t0 < 5s);
        CHECK(s.bytes_read() == 0);
    });
}

TEST_CASE("transport: write_now writes what the socket takes, then would-block; async_write does the rest") {
    // The speculative write (stream.hpp): plain TCP with no expiry only. A peer that does not read
    // and a small send buffer make the socket take part of a 16 MiB request, then nothing (0 bytes,
    // no error); net::async_write finishes it once the peer reads. bytes_written() counts every
    // byte exactly once and the peer gets them in order.
    net::io_context ioc;
    tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    const auto port = acc.local_endpoint().port();
    net::steady_timer go(ioc, std::chrono::steady_clock::time_point::max());  // expired: start reading
    std::string got;
    bool server_done = false;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            auto [ec, sock] = co_await acc.async_accept(use_tuple);
            co_await go.async_wait(use_tuple);
            std::vector<char> buf(64 * 1024);
            for (;;) {
                auto [rec, n] = co_await sock.async_read_some(net::buffer(buf), use_tuple);
                if (rec) break;
                got.append(buf.data(), n);
            }
            server_done = true;
        },
        [](std::exception_ptr) {});
    std::string payload(16 * 1024 * 1024, '\0');
    for (std::size_t i = 0; i < payload.size(); ++i)
        payload[i] = static_cast<char>('a' + (i * 7 + i / 4099) % 26);
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        const auto r = co_await async_open(s, "127.0.0.1", port, 3000ms);
        REQUIRE_FALSE(r.error);
        s.tcp()->socket().set_option(net::socket_base::send_buffer_size(64 * 1024));
        boost::system::error_code ec;
        // With an expiry set the write goes through Beast: write_now writes nothing.
        s.expires_after(5s);
        CHECK(s.write_now(payload.data(), payload.size(), ec) == 0);
        CHECK_FALSE(ec);
        CHECK(s.bytes_written() == 0);
        s.expires_never();
        const std::size_t first = s.write_now(payload.data(), payload.size(), ec);
        CHECK_FALSE(ec);
        CHECK(first > 0);
        CHECK(first < payload.size());
        CHECK(s.bytes_written() == first);
        // Until the socket takes nothing more (the peer does not read): then 0 bytes, no error.
        std::size_t sent = first;
        std::size_t last = 1;
        for (int i = 0; i < 1000 && last > 0 && sent < payload.size(); ++i) {
            last = s.write_now(payload.data() + sent, payload.size() - sent, ec);
            REQUIRE_FALSE(ec);
            sent += last;
        }
        CHECK(last == 0);
        CHECK(sent < payload.size());
        CHECK(s.bytes_written() == sent);
        go.expires_at(std::chrono::steady_clock::time_point::min());  // a wait started or still to start
        auto [wec, n] = co_await net::async_write(
            s, net::buffer(payload.data() + sent, payload.size() - sent), use_tuple);
        CHECK_FALSE(wec);
        CHECK(n == payload.size() - sent);
        CHECK(s.bytes_written() == payload.size());
        s.tcp()->socket().shutdown(tcp::socket::shutdown_send);
        s.close();
        // A closed stream: nothing written, nothing reported (the asynchronous write reports it).
        CHECK(s.write_now(payload.data(), 1, ec) == 0);
        CHECK_FALSE(ec);
        CHECK(s.bytes_written() == payload.size());
    });
    run_until(ioc, [&] { return server_done; });
    CHECK(got.size() == payload.size());
    CHECK(got == payload);
}

TEST_CASE("transport: write_now reports a reset connection and writes nothing on TLS or memory streams") {
    net::io_context ioc;
    tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    const auto port = acc.local_endpoint().port();
    bool reset = false;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            auto [ec, sock] = co_await acc.async_accept(use_tuple);
            sock.set_option(net::socket_base::linger(true, 0));  // close sends RST
            sock.close();
            reset = true;
        },
        [](std::exception_ptr) {});
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        const auto r = co_await async_open(s, "127.0.0.1", port, 3000ms);
        REQUIRE_FALSE(r.error);
        // Wait (bounded) for the peer's RST to have arrived: a read ends with it.
        char buf[4];
        s.expires_after(5s);
        auto [rec, rn] = co_await s.async_read_some(net::buffer(buf), use_tuple);
        CHECK(rec == net::error::connection_reset);
        s.expires_never();
        CHECK(reset);
        boost::system::error_code ec;
        // The error is reported like the asynchronous write reports it; nothing counted.
        const std::size_t n = s.write_now("abc", 3, ec);
        CHECK(n == 0);
        CHECK(ec);
        CHECK(s.bytes_written() == 0);
    });

    MemoryStream m(ioc.get_executor());
    AnyStream mem(std::move(m));
    boost::system::error_code ec;
    CHECK(mem.write_now("abc", 3, ec) == 0);
    CHECK_FALSE(ec);
    CHECK(mem.bytes_written() == 0);
    CHECK(mem.memory()->output().empty());

    AnyStream tls(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
    CHECK(tls.kind() == AnyStream::Kind::tls);
    CHECK(tls.write_now("abc", 3, ec) == 0);
    CHECK_FALSE(ec);
    CHECK(tls.bytes_written() == 0);
}

TEST_CASE("transport: the synchronous teardown blocks for the peer's FIN after write_now") {
    // write_now puts the socket in user non-blocking mode; Beast's synchronous teardown (read until
    // the FIN) must still block. The peer, on a thread of its own, closes 100 ms after our FIN.
    net::io_context peer_ioc;
    tcp::acceptor acc(peer_ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    const auto port = acc.local_endpoint().port();
    std::string got;
    std::thread peer([&] {
        tcp::socket sock(peer_ioc);
        boost::system::error_code ec;
        acc.accept(sock, ec);
        char buf[64];
        for (;;) {
            const std::size_t n = sock.read_some(net::buffer(buf), ec);
            if (ec) break;
            got.append(buf, n);
        }
        std::this_thread::sleep_for(100ms);
        sock.close(ec);
    });
    net::io_context ioc;
    boost::system::error_code tec = net::error::would_block;
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        const auto r = co_await async_open(s, "127.0.0.1", port, 3000ms);
        REQUIRE_FALSE(r.error);
        boost::system::error_code ec;
        CHECK(s.write_now("hello", 5, ec) == 5);
        CHECK_FALSE(ec);
        CHECK(s.tcp()->socket().non_blocking());
        teardown(boost::beast::role_type::server, s, tec);  // shutdown(send), read until EOF, close
        CHECK_FALSE(s.is_open());
    });
    peer.join();
    CHECK_FALSE(tec);
    CHECK(got == "hello");
}

TEST_CASE("transport: a refused connect is connect_failed with the OS reason") {
    net::io_context ioc;
    std::uint16_t port = 0;
    {
        tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
        port = acc.local_endpoint().port();
    }
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        const auto r = co_await async_open(s, "127.0.0.1", port, 2000ms);
        CHECK(r.error == make_error_code(errc::connect_failed));
        CHECK(r.message == "connect to 127.0.0.1:" + std::to_string(port) + " failed: Connection refused");
        CHECK_FALSE(s.is_open());
    });
}

TEST_CASE("transport: an unresolvable host is connect_failed naming the host, within the timeout") {
    net::io_context ioc;
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor());
        const auto t0 = std::chrono::steady_clock::now();
        const auto r = co_await async_open(s, "no-such-host.invalid", 8182, 1500ms);
        CHECK(r.error == make_error_code(errc::connect_failed));
        // Resolution fails (or, without a resolver on the machine, runs out of time): both say so.
        const bool resolve = r.message.find("cannot resolve host 'no-such-host.invalid'") == 0;
        const bool timed_out = r.message.find("timed out after 1500 ms") != std::string::npos;
        CHECK_MESSAGE((resolve || timed_out), r.message);
        CHECK(std::chrono::steady_clock::now() - t0 < 5s);
    });
}

TEST_CASE("transport: TLS handshake with a trusted CA; timings, SNI and bytes on the wire") {
    net::io_context ioc;
    TlsAcceptor server(ioc, pki().server.cert, pki().server.key);
    auto opts = tls_with_ca(pki().ca.cert);
    opts.server_name = "localhost";
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor(), TlsClient::get(opts));
        CHECK(s.kind() == AnyStream::Kind::tls);
        const Opened o = co_await open_and_read(s, server.port());
        CHECK_MESSAGE(!o.r.error, o.r.message);
        CHECK(o.r.timings.tcp.count() > 0);
        CHECK(o.r.timings.tls.count() > 0);
        CHECK(o.read == "hello");
        // Handshake and record overhead are on the wire too: far more than the 5 + 3 payload bytes.
        CHECK(o.bytes_in > 100);
        CHECK(o.bytes_out > 100);
    });
    CHECK(server.last_sni == "localhost");
    CHECK(server.failed_handshakes == 0);
}

TEST_CASE("transport: TLS to 127.0.0.1 verifies the IP address and sends no SNI") {
    net::io_context ioc;
    TlsAcceptor server(ioc, pki().server.cert, pki().server.key);
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
        const Opened o = co_await open_and_read(s, server.port());
        CHECK_MESSAGE(!o.r.error, o.r.message);
        CHECK(o.read == "hello");
    });
    CHECK(server.last_sni.empty());
}

TEST_CASE("transport: an untrusted chain is tls_failed with OpenSSL's reason") {
    net::io_context ioc;
    SUBCASE("leaf signed by an unknown CA") {
        TlsAcceptor server(ioc, pki().other_server.cert, pki().other_server.key);
        run(ioc, [&]() -> net::awaitable<void> {
            AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
            const auto r = co_await async_open(s, "127.0.0.1", server.port(), 3000ms);
            CHECK(r.error == make_error_code(errc::tls_failed));
            CHECK(r.message ==
                  "TLS handshake with 127.0.0.1:" + std::to_string(server.port()) +
                      " failed: certificate verify failed: unable to get local issuer certificate");
            CHECK_FALSE(s.is_open());
        });
    }
    SUBCASE("expired certificate") {
        TlsAcceptor server(ioc, pki().expired_server.cert, pki().expired_server.key);
        run(ioc, [&]() -> net::awaitable<void> {
            AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
            const auto r = co_await async_open(s, "127.0.0.1", server.port(), 3000ms);
            CHECK(r.error == make_error_code(errc::tls_failed));
            CHECK_MESSAGE(
                r.message.find("certificate verify failed: certificate has expired") != std::string::npos,
                r.message);
        });
    }
    SUBCASE("self-signed certificate") {
        // The CA certificate itself as the server's certificate, checked against another trust anchor.
        TlsAcceptor server(ioc, pki().ca.cert, pki().ca.key);
        run(ioc, [&]() -> net::awaitable<void> {
            AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().other_ca.cert)));
            const auto r = co_await async_open(s, "127.0.0.1", server.port(), 3000ms);
            CHECK(r.error == make_error_code(errc::tls_failed));
            CHECK_MESSAGE(
                r.message.find("certificate verify failed: self-signed certificate") != std::string::npos,
                r.message);
        });
    }
}

TEST_CASE("transport: hostname and IP mismatches are tls_failed") {
    net::io_context ioc;
    TlsAcceptor server(ioc, pki().wrong_host_server.cert, pki().wrong_host_server.key);
    SUBCASE("by name") {
        auto opts = tls_with_ca(pki().ca.cert);
        opts.server_name = "localhost";
        run(ioc, [&]() -> net::awaitable<void> {
            AnyStream s(ioc.get_executor(), TlsClient::get(opts));
            const auto r = co_await async_open(s, "127.0.0.1", server.port(), 3000ms);
            CHECK(r.error == make_error_code(errc::tls_failed));
            CHECK_MESSAGE(r.message.find("certificate verify failed: hostname mismatch") != std::string::npos,
                          r.message);
        });
    }
    SUBCASE("by IP address") {
        run(ioc, [&]() -> net::awaitable<void> {
            AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
            const auto r = co_await async_open(s, "127.0.0.1", server.port(), 3000ms);
            CHECK(r.error == make_error_code(errc::tls_failed));
            CHECK_MESSAGE(
                r.message.find("certificate verify failed: IP address mismatch") != std::string::npos,
                r.message);
        });
    }
}

TEST_CASE("transport: insecure mode accepts an untrusted, mismatching certificate") {
    net::io_context ioc;
    TlsAcceptor server(ioc, pki().other_server.cert, pki().other_server.key);
    engine::TlsOptions opts;
    opts.enabled = true;
    opts.insecure = true;
    opts.server_name = "wrong.example";
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor(), TlsClient::get(opts));
        const Opened o = co_await open_and_read(s, server.port());
        CHECK_MESSAGE(!o.r.error, o.r.message);
        CHECK(o.read == "hello");
    });
}

TEST_CASE("transport: client certificate is presented when configured") {
    net::io_context ioc;
    TlsAcceptor server(ioc, pki().server.cert, pki().server.key, /*require_client_cert=*/true);
    SUBCASE("with certificate") {
        auto opts = tls_with_ca(pki().ca.cert);
        opts.cert_file = pki().client.cert.string();
        opts.key_file = pki().client.key.string();
        run(ioc, [&]() -> net::awaitable<void> {
            AnyStream s(ioc.get_executor(), TlsClient::get(opts));
            const Opened o = co_await open_and_read(s, server.port());
            CHECK_MESSAGE(!o.r.error, o.r.message);
            CHECK(o.read == "hello");
        });
        CHECK(server.last_client_cn == "tpbench-client");
        run_until(ioc, [&] { return !server.received.empty(); });
        CHECK(server.received == "bye");
    }
    SUBCASE("without: the server refuses the connection") {
        run(ioc, [&]() -> net::awaitable<void> {
            AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
            const Opened o = co_await open_and_read(s, server.port());
            // TLS 1.3 finishes the client's side of the handshake before the server's verdict,
            // which then arrives as an alert instead of the greeting.
            CHECK(o.read.empty());
        });
        CHECK(server.failed_handshakes == 1);
        CHECK(server.last_client_cn.empty());
    }
}

TEST_CASE("transport: client certificate and key files are checked when the context is made") {
    engine::TlsOptions o;
    o.enabled = true;
    o.ca_file = "/nonexistent/ca.pem";
    CHECK_THROWS_WITH_AS(TlsClient::get(o), "TLS: cannot read CA file '/nonexistent/ca.pem' (no such file)",
                         std::invalid_argument);
    o.ca_file = pki().ca.cert.string();
    o.cert_file = pki().client.cert.string();
    CHECK_THROWS_AS(TlsClient::get(o), std::invalid_argument);  // key missing
    o.key_file = pki().server.key.string();                     // not the certificate's key
    CHECK_THROWS_WITH_AS(TlsClient::get(o), doctest::Contains("key values mismatch"), std::invalid_argument);
    CHECK(TlsClient::for_target(engine::TlsOptions{}) == nullptr);
}

TEST_CASE("transport: the TLS session is resumed on the next connection to the same target") {
    net::io_context ioc;
    TlsAcceptor server(ioc, pki().server.cert, pki().server.key);
    auto opts = tls_with_ca(pki().ca.cert);
    opts.server_name = "localhost";
    auto client = TlsClient::get(opts);
    client->clear_sessions();
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream first(ioc.get_executor(), client);
        const Opened a = co_await open_and_read(first, server.port());
        REQUIRE_MESSAGE(!a.r.error, a.r.message);
        CHECK_FALSE(a.r.timings.tls_resumed);
        // The ticket arrived with the first read after the handshake.
        CHECK(client->cached_sessions() == 1);
        AnyStream second(ioc.get_executor(), client);
        const Opened b = co_await open_and_read(second, server.port());
        REQUIRE_MESSAGE(!b.r.error, b.r.message);
        CHECK(b.r.timings.tls_resumed);
        CHECK(b.read == "hello");
    });
}

TEST_CASE("transport: a TLS handshake the server never answers ends at the connect timeout") {
    net::io_context ioc;
    // A TCP listener that accepts and stays silent (the kernel completes the connect).
    tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    std::optional<tcp::socket> held;
    acc.async_accept([&](boost::system::error_code, tcp::socket s) { held.emplace(std::move(s)); });
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
        const auto t0 = std::chrono::steady_clock::now();
        const auto r = co_await async_open(s, "127.0.0.1", acc.local_endpoint().port(), 300ms);
        const auto took = std::chrono::steady_clock::now() - t0;
        CHECK(r.error == make_error_code(errc::tls_failed));
        CHECK_MESSAGE(r.message.find("timed out after 300 ms") != std::string::npos, r.message);
        CHECK(took >= 250ms);
        CHECK(took < 3s);
    });
}

TEST_CASE("transport: TLS to a plaintext HTTP port says so") {
    net::io_context ioc;
    tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            auto [ec, sock] = co_await acc.async_accept(use_tuple);
            char buf[512];
            co_await sock.async_read_some(net::buffer(buf), use_tuple);
            co_await net::async_write(sock, net::buffer(std::string_view("HTTP/1.1 400 Bad Request\r\n\r\n")),
                                      use_tuple);
            sock.close();
        },
        [](std::exception_ptr) {});
    run(ioc, [&]() -> net::awaitable<void> {
        AnyStream s(ioc.get_executor(), TlsClient::get(tls_with_ca(pki().ca.cert)));
        const auto r = co_await async_open(s, "127.0.0.1", acc.local_endpoint().port(), 2000ms);
        CHECK(r.error == make_error_code(errc::tls_failed));
        CHECK_MESSAGE(r.message.find("(is the server speaking TLS?)") != std::string::npos, r.message);
    });
}

TEST_CASE("transport: memory stream scripts reads, captures writes, injects failures and stalls") {
    net::io_context ioc;
    SUBCASE("scripted chunks, responder and byte counts through AnyStream") {
        MemoryStream m(ioc.get_executor());
        m.append_input("ab");
        m.set_responder([](MemoryStream& self, std::string_view w) {
            if (w == "ping") self.append_input("pong");
        });
        AnyStream s(std::move(m));
        CHECK(s.kind() == AnyStream::Kind::memory);
        run(ioc, [&]() -> net::awaitable<void> {
            const auto r = co_await async_open(s, "ignored", 1, 10ms);
            CHECK_FALSE(r.error);
            char buf[8];
            auto [e1, n1] = co_await s.async_read_some(net::buffer(buf), use_tuple);
            CHECK_FALSE(e1);
            CHECK(std::string(buf, n1) == "ab");
            auto [e2, n2] = co_await net::async_write(s, net::buffer(std::string_view("ping")), use_tuple);
            CHECK_FALSE(e2);
            auto [e3, n3] = co_await s.async_read_some(net::buffer(buf), use_tuple);
            CHECK(std::string(buf, n3) == "pong");
            CHECK(s.memory()->output() == "ping");
            CHECK(s.bytes_read() == 6);
            CHECK(s.bytes_written() == 4);
        });
    }
    SUBCASE("fail_at: the k-th operation fails") {
        MemoryStream m(ioc.get_executor());
        m.append_input("xyz");
        m.fail_at(1, net::error::connection_reset);
        run(ioc, [&]() -> net::awaitable<void> {
            char buf[8];
            auto [e1, n1] = co_await net::async_write(m, net::buffer(std::string_view("req")), use_tuple);
            CHECK_FALSE(e1);
            auto [e2, n2] = co_await m.async_read_some(net::buffer(buf), use_tuple);
            CHECK(e2 == net::error::connection_reset);
            CHECK(n2 == 0);
            auto [e3, n3] = co_await m.async_read_some(net::buffer(buf), use_tuple);
            CHECK_FALSE(e3);
            CHECK(std::string(buf, n3) == "xyz");
            CHECK(m.operations() == 3);
        });
    }
    SUBCASE("a read with no input waits for the expiry; eof after close_input") {
        MemoryStream m(ioc.get_executor());
        run(ioc, [&]() -> net::awaitable<void> {
            char buf[8];
            m.expires_after(50ms);
            const auto t0 = std::chrono::steady_clock::now();
            auto [e1, n1] = co_await m.async_read_some(net::buffer(buf), use_tuple);
            CHECK(e1 == boost::beast::error::timeout);
            CHECK(std::chrono::steady_clock::now() - t0 >= 40ms);
            m.expires_never();
            m.append_input("a");
            m.close_input();
            auto [e2, n2] = co_await m.async_read_some(net::buffer(buf), use_tuple);
            CHECK(n2 == 1);
            auto [e3, n3] = co_await m.async_read_some(net::buffer(buf), use_tuple);
            CHECK(e3 == net::error::eof);
        });
    }
    SUBCASE("partial writes with a write limit") {
        MemoryStream m(ioc.get_executor());
        m.set_write_limit(3);
        run(ioc, [&]() -> net::awaitable<void> {
            auto [e1, n1] = co_await m.async_write_some(net::buffer(std::string_view("abcdefg")), use_tuple);
            CHECK(n1 == 3);
            auto [e2, n2] = co_await net::async_write(m, net::buffer(std::string_view("hijklmn")), use_tuple);
            CHECK(n2 == 7);
            CHECK(m.output() == "abchijklmn");
        });
    }
}
