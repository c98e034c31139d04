#pragma once
// Live exposition of a running test in the OpenMetrics / Prometheus text format, so a Prometheus
// server (and a Grafana dashboard on it) can watch a long run: `tpbench run --metrics-port 9464`
// serves GET /metrics on 127.0.0.1 while the run lasts, `--metrics-push URL` sends the final figures
// to a Pushgateway. Text only: the HTTP side is the CLI's (src/cli/metrics_http.hpp, on Beast).
//
//   tpbench_requests_total{side="ws37",outcome="ok"} 12345          counter
//   tpbench_errors_total{side="ws37",class="timeout"} 2              counter
//   tpbench_request_duration_seconds_bucket{side="ws37",le="0.001"}  histogram (cumulative)
//   tpbench_offered_rate_rps, tpbench_elapsed_seconds, …             gauges
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tpbench::report {

// A point-in-time view of one side of a running test (plain numbers; the CLI fills it from the
// engine's live counters).
struct LiveMetrics {
    std::string side;             // label, e.g. "ws37"
    double elapsed_s = 0;         // since the run started
    double offered_rps = 0;       // 0 = closed loop
    std::uint64_t planned = 0;    // requests planned for the run
    std::uint64_t completed = 0;  // requests that succeeded
    std::uint64_t failed = 0;     // requests that failed
    std::uint64_t results = 0;    // results received
    std::uint64_t bytes_in = 0;
    std::uint64_t bytes_out = 0;
    double latency_sum_s = 0;  // over completed requests
    // (upper bound in seconds, non-cumulative count); the last bound is +infinity.
    std::vector<std::pair<double, std::uint64_t>> latency_buckets;
    std::vector<std::pair<std::string, std::uint64_t>> errors;  // (errc name, count), non-zero only
};

// OpenMetrics text (also valid Prometheus 0.0.4 text), ending with "# EOF".
std::string render_openmetrics(const std::vector<LiveMetrics>& sides);

// The same figures in the Prometheus text format 0.0.4 (a counter family's TYPE and HELP name the
// sample, "tpbench_requests_total"; no "# EOF"): what a Pushgateway takes and plain scrapers ask for.
std::string render_prometheus_text(const std::vector<LiveMetrics>& sides);

}  // namespace tpbench::report
