#include <tpbench/report/metrics.hpp>

#include <doctest/doctest.h>

#include <limits>
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

TEST_CASE("Prometheus text 0.0.4: counter families named by their samples, no EOF") {
    const std::string t = tpbench::report::render_prometheus_text({sample()});
    CHECK(t.find("# TYPE tpbench_requests_total counter\n") != std::string::npos);
    CHECK(t.find("# HELP tpbench_requests_total ") != std::string::npos);
    CHECK(t.find("# TYPE tpbench_requests counter") == std::string::npos);
    CHECK(t.find("# TYPE tpbench_request_duration_seconds histogram\n") != std::string::npos);
    CHECK(t.find("tpbench_requests_total{side=\"ws37\",outcome=\"ok\"} 10\n") != std::string::npos);
    CHECK(t.find("# EOF") == std::string::npos);
    const std::string om = tpbench::report::render_openmetrics({sample()});
    CHECK(om.find("# TYPE tpbench_requests counter\n") != std::string::npos);
}
