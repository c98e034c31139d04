#pragma once
// Pass/fail thresholds in the k6 style: "p99<20ms", "errors<0.1%", "rps>1000", "p99.9<=5ms",
// "mean<1s". A run whose thresholds fail exits with kThresholdsFailedExitCode (99, as k6).
//
// Grammar:   threshold := metric op number [unit]
//            metric    := "p" number | "mean" | "min" | "max" | "stddev" | "rps" | "errors"
//                         | "error_count" | "requests"          (case-sensitive)
//            op        := "<" | "<=" | ">" | ">=" | "==" | "!="
//            unit      := "ns" | "us" | "µs" | "ms" | "s" | "m"   (time metrics: required)
//                       | "%"                                    (errors: required)
//                       | "k" | "M"                              (counts/rates: optional)
// k6 spellings are aliases: "avg" = mean, "med" = p50, "p(95)" = p95.
// Spaces are allowed around the operator. Values are stored normalised: time in nanoseconds,
// percentages as fractions (0.1% -> 0.001).
//
// Scopes (commands with several sides, `tpbench ab`):
//            scoped    := SIDE ":" threshold        only the side labelled SIDE ("http4:p99<20ms")
//                       | "ratio:" rmetric op number ["x"]
//            rmetric   := "p" number | "mean" | "min" | "max" | "stddev" | "rps"
// A ratio threshold compares side B's metric to side A's (B / A, as the A/B comparison rows:
// "ratio:rps>0.9" = B's throughput at least 90% of A's, "ratio:p99<1.2" = B's p99 at most 1.2x
// A's); its number is a plain factor. Which sides a scope names is the caller's business.
//
// Baseline (`--baseline FILE`): a factor of this run's metric over the same metric of an
// earlier run's report, either spelling:
//            rmetric op number "x baseline"           "p99<1.10x baseline", "rps>0.95x baseline"
//            | "baseline:" rmetric op number ["x"]    "baseline:p99<1.1"
// The number is a plain factor (this run / baseline); scope "baseline", `baseline` set. With
// several sides (`tpbench ab`) a side label may prefix the first spelling,
//            SIDE ":" rmetric op number "x baseline"  "http4:p99<1.10x baseline"
// which judges that side only (`side` = SIDE; "" = every side).
//
// Metric values come from a MetricSource: time metrics in nanoseconds, "errors" as the error
// fraction of all requests (0..1), "rps" in requests per second, counts as counts.
#include <tpbench/stats/expected.hpp>
#include <tpbench/stats/histogram.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::stats {

inline constexpr int kThresholdsFailedExitCode = 99;

enum class CompareOp { lt, le, gt, ge, eq, ne };

enum class MetricKind {
    time,      // nanoseconds: pNN, mean, min, max, stddev
    fraction,  // 0..1: errors
    count,     // rps, error_count, requests
};

struct Threshold {
    std::string text;    // the expression as given (trimmed)
    std::string metric;  // "p99.9", "mean", "errors", ...
    MetricKind kind = MetricKind::time;
    double percentile = 0;  // for pNN metrics: NN (0..100)
    CompareOp op = CompareOp::lt;
    double value = 0;       // normalised: ns for time, fraction for %, plain for counts; ratio: the factor
    std::string scope;      // "" = every side; "ratio" = B relative to A; else a side label
    bool ratio = false;     // scope == "ratio": value and the measured metric are B / A factors
    bool baseline = false;  // scope == "baseline": value and the metric are this run / baseline factors
    std::string side;       // a baseline threshold's side ("http4:p99<1.1x baseline"); "" = every side
};

// Parses one expression. Errors name the problem: unknown metric, missing/unknown operator,
// bad number, missing or wrong unit for the metric, percentile outside 0..100, trailing text.
Expected<Threshold> parse_threshold(std::string_view text);
// Parses a comma- or semicolon-separated list ("p99<20ms,errors<1%"); first error wins.
Expected<std::vector<Threshold>> parse_thresholds(std::string_view text);

// Returns a metric's value, or nullopt when the run has no such metric.
using MetricSource = std::function<std::optional<double>(const Threshold&)>;

// A source over a name -> value map (keys as written in thresholds, e.g. "p99.9").
MetricSource map_source(const std::map<std::string, double>& metrics);
// A source computing time metrics from a latency histogram (ns) on demand (any pNN), plus rps,
// requests, error_count and errors = error_count / requests (0 when no requests).
MetricSource run_source(const Histogram& latency, double rps, std::int64_t requests,
                        std::int64_t error_count);

struct ThresholdResult {
    Threshold threshold;
    std::optional<double> actual;  // nullopt: metric unavailable (counts as failed)
    bool passed = false;
    std::string message;  // "p99<20ms: 12.3ms ok" / "... FAILED" / "... not measured"
};

struct ThresholdReport {
    std::vector<ThresholdResult> results;
    bool all_passed = true;
    // 0 when all passed, kThresholdsFailedExitCode otherwise.
    int exit_code() const noexcept { return all_passed ? 0 : kThresholdsFailedExitCode; }
};

// Evaluates every threshold; a missing metric fails its threshold. Never throws.
ThresholdReport evaluate_thresholds(const std::vector<Threshold>& thresholds, const MetricSource& source);

// Formats a metric value in its threshold's unit family ("12.345ms", "0.120%", "1500"; ratio "x0.950").
std::string format_metric(const Threshold& t, double value);

}  // namespace tpbench::stats
