// --metrics-port's endpoint and --metrics-push's client (src/cli/metrics_http.cpp, on Beast): what
// a scraper and a Pushgateway see, on loopback.
#include "metrics_http.hpp"

#include <tpbench/profiling/profiling.hpp>

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>
#include <string>

using namespace tpbench;

namespace {

// One HTTP/1.1 exchange with the endpoint on 127.0.0.1; returns the whole response.
std::string http_get(std::uint16_t port, const std::string& request) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval tv{5, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    REQUIRE(::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size()));
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) out.append(buf, static_cast<std::size_t>(n));
    ::close(fd);
    return out;
}

}  // namespace

TEST_CASE("the endpoint serves GET /metrics on loopback, 404 elsewhere, 405 for other methods") {
    std::atomic<int> calls{0}, openmetrics{0};
    cli::MetricsServer srv("127.0.0.1", 0, [&](bool om) {
        ++calls;
        if (om) ++openmetrics;
        return std::string(om ? "om_metric 1\n# EOF\n" : "prom_metric 1\n");
    });
    REQUIRE(srv.port() != 0);

    const std::string ok = http_get(
        srv.port(), "GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: application/openmetrics-text\r\n\r\n");
    CHECK(ok.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    CHECK(ok.find("Content-Type: application/openmetrics-text") != std::string::npos);
    CHECK(ok.find("\r\n\r\nom_metric 1\n# EOF\n") != std::string::npos);

    const std::string plain = http_get(srv.port(), "GET /metrics?x=1 HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(plain.find("Content-Type: text/plain; version=0.0.4") != std::string::npos);
    CHECK(plain.find("Content-Length: 14\r\n") != std::string::npos);
    CHECK(plain.find("\r\n\r\nprom_metric 1\n") != std::string::npos);

    // HEAD: the length of the body, without it.
    const std::string head = http_get(srv.port(), "HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(head.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    CHECK(head.find("Content-Length: 14\r\n") != std::string::npos);
    CHECK(head.find("prom_metric") == std::string::npos);

    CHECK(http_get(srv.port(), "GET / HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 404", 0) == 0);
    CHECK(http_get(srv.port(), "POST /metrics HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 405", 0) == 0);
    // Not HTTP: the connection is closed without an answer, and the endpoint keeps serving.
    CHECK(http_get(srv.port(), "hello\r\n\r\n").empty());
    CHECK(http_get(srv.port(), "GET /metrics HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    CHECK(calls.load() == 4);
    CHECK(openmetrics.load() == 1);
    CHECK(srv.requests_served() == 6);
}

TEST_CASE("a port that is taken is a clear error") {
    cli::MetricsServer first("127.0.0.1", 0, [](bool) { return std::string(); });
    CHECK_THROWS_WITH_AS(cli::MetricsServer("127.0.0.1", first.port(), [](bool) { return std::string(); }),
                         doctest::Contains("cannot listen on 127.0.0.1:"), std::runtime_error);
    CHECK_THROWS_AS(cli::MetricsServer("not-an-ip", 0, [](bool) { return std::string(); }),
                    std::runtime_error);
}

TEST_CASE("--metrics-push URLs: http://HOST[:PORT]/PATH") {
    const auto u = cli::parse_push_url("http://127.0.0.1:9091/metrics/job/tpbench");
    CHECK(u.host == "127.0.0.1");
    CHECK(u.port == 9091);
    CHECK(u.target == "/metrics/job/tpbench");
    const auto d = cli::parse_push_url("http://gateway");
    CHECK(d.host == "gateway");
    CHECK(d.port == 80);
    CHECK(d.target == "/");
    CHECK_THROWS_WITH_AS(cli::parse_push_url("https://gw:9091/metrics/job/x"),
                         doctest::Contains("only http://"), engine::ConfigError);
    CHECK_THROWS_WITH_AS(cli::parse_push_url("http://gw:0/x"), doctest::Contains("bad port"),
                         engine::ConfigError);
    CHECK_THROWS_WITH_AS(cli::parse_push_url("http://:9091/x"), doctest::Contains("no host"),
                         engine::ConfigError);
}

TEST_CASE("push_metrics: a refused PUT and a closed port are reported, never thrown") {
    // The metrics endpoint answers a PUT with 405: the push says so.
    cli::MetricsServer srv("127.0.0.1", 0, [](bool) { return std::string(); });
    const std::string refused =
        cli::push_metrics(cli::parse_push_url("http://127.0.0.1:" + std::to_string(srv.port()) + "/metrics"),
                          "x 1\n", std::chrono::seconds(5));
    CHECK(refused == "HTTP 405: only GET /metrics");
    // Port 1 on loopback: nothing listens there (connection refused).
    const std::string err = cli::push_metrics(cli::parse_push_url("http://127.0.0.1:1/metrics/job/x"),
                                              "x 1\n", std::chrono::seconds(5));
    CHECK(err.find("cannot connect to 127.0.0.1:1") == 0);
}
