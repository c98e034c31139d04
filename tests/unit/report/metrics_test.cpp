#include <tpbench/report/metrics.hpp>

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <limits>
#include <stdexcept>
#include <string>

using tpbench::report::LiveMetrics;

namespace {

LiveMetrics sample() {
    LiveMetrics m;
    m.side = "ws37";
    m.elapsed_s = 2.5;
    m.offered_rps = 1000;
    m.planned = 5000;
    m.completed = 10;
    m.failed = 2;
    m.results = 60;
    m.bytes_in = 1234;
    m.bytes_out = 567;
    m.latency_sum_s = 0.0125;
    m.latency_buckets = {{0.001, 7}, {0.01, 3}, {std::numeric_limits<double>::infinity(), 0}};
    m.errors = {{"timeout", 2}};
    return m;
}

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

TEST_CASE("OpenMetrics text: counters, cumulative histogram buckets, gauges, EOF") {
    const std::string t = tpbench::report::render_openmetrics({sample()});
    CHECK(t.find("# TYPE tpbench_requests counter\n") != std::string::npos);
    CHECK(t.find("tpbench_requests_total{side=\"ws37\",outcome=\"ok\"} 10\n") != std::string::npos);
    CHECK(t.find("tpbench_requests_total{side=\"ws37\",outcome=\"error\"} 2\n") != std::string::npos);
    CHECK(t.find("tpbench_errors_total{side=\"ws37\",class=\"timeout\"} 2\n") != std::string::npos);
    // Buckets are cumulative: 7, 7+3, then +Inf = 10 = _count.
    CHECK(t.find("tpbench_request_duration_seconds_bucket{side=\"ws37\",le=\"0.001\"} 7\n") !=
          std::string::npos);
    CHECK(t.find("tpbench_request_duration_seconds_bucket{side=\"ws37\",le=\"0.01\"} 10\n") !=
          std::string::npos);
    CHECK(t.find("tpbench_request_duration_seconds_bucket{side=\"ws37\",le=\"+Inf\"} 10\n") !=
          std::string::npos);
    CHECK(t.find("tpbench_request_duration_seconds_count{side=\"ws37\"} 10\n") != std::string::npos);
    CHECK(t.find("tpbench_request_duration_seconds_sum{side=\"ws37\"} 0.0125\n") != std::string::npos);
    CHECK(t.find("tpbench_offered_rate_rps{side=\"ws37\"} 1000\n") != std::string::npos);
    CHECK(t.size() >= 6);
    CHECK(t.substr(t.size() - 6) == "# EOF\n");
}

TEST_CASE("label values are escaped") {
    LiveMetrics m = sample();
    m.side = "a\"b\\c";
    const std::string t = tpbench::report::render_openmetrics({m});
    CHECK(t.find("side=\"a\\\"b\\\\c\"") != std::string::npos);
}

TEST_CASE("the endpoint serves GET /metrics on loopback, 404 elsewhere, 405 for other methods") {
    std::atomic<int> calls{0};
    tpbench::report::MetricsServer srv("127.0.0.1", 0, [&] {
        ++calls;
        return tpbench::report::render_openmetrics({sample()});
    });
    REQUIRE(srv.port() != 0);

    const std::string ok = http_get(
        srv.port(), "GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: application/openmetrics-text\r\n\r\n");
    CHECK(ok.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    CHECK(ok.find("Content-Type: application/openmetrics-text") != std::string::npos);
    CHECK(ok.find("tpbench_requests_total{side=\"ws37\",outcome=\"ok\"} 10") != std::string::npos);

    const std::string plain = http_get(srv.port(), "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(plain.find("Content-Type: text/plain; version=0.0.4") != std::string::npos);

    CHECK(http_get(srv.port(), "GET / HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 404", 0) == 0);
    CHECK(http_get(srv.port(), "POST /metrics HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 405", 0) == 0);
    CHECK(calls.load() == 2);
    CHECK(srv.requests_served() == 4);
}

TEST_CASE("a port that is taken is a clear error") {
    tpbench::report::MetricsServer first("127.0.0.1", 0, [] { return std::string(); });
    CHECK_THROWS_WITH_AS(
        tpbench::report::MetricsServer("127.0.0.1", first.port(), [] { return std::string(); }),
        doctest::Contains("cannot listen on 127.0.0.1:"), std::runtime_error);
    CHECK_THROWS_AS(tpbench::report::MetricsServer("not-an-ip", 0, [] { return std::string(); }),
                    std::runtime_error);
}
