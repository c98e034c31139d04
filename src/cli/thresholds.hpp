#pragma once
// --threshold in every load command: parsed and checked against the command's sides
// before the first request, evaluated on the report's sides afterwards, shown in every report
// format (Report::thresholds) and failing the run with exit 99. Pure; any thread.
//
//   run / profile:  "p99<20ms,errors<1%"           the one side
//   ab:             "p99<20ms"                      every side (one line per side)
//                   "http4:p99<20ms"                only the side labelled http4
//                   "ratio:rps>0.9"                 each side B against the first side A (B / A)
// A side's metric is the mean over its rounds (ab --repeat), else its one run; a ratio is the
// ratio of those means, as in the A/B comparison rows.
#include <tpbench/report/report.hpp>
#include <tpbench/stats/threshold.hpp>

#include <string>
#include <vector>

namespace tpbench::cli {

// Parses --threshold text ("" = none) for a command whose sides have `labels` (in order, the first
// is A). Throws engine::ConfigError: a bad expression, a scope naming no side, "ratio:" with fewer
// than two sides.
// "x baseline" thresholds need `have_baseline` (--baseline FILE given).
std::vector<stats::Threshold> parse_threshold_flag(const std::string& text,
                                                   const std::vector<std::string>& labels,
                                                   bool have_baseline = false);

// The figures of one side for the thresholds: its label (what a scope names) and its rounds.
struct ThresholdSide {
    std::string label;
    std::vector<const report::Side*> rounds;  // at least one
};

// A side's metric source: latency histogram (ns), throughput_rps, requests, and error_count /
// errors from `failed` (wrong result counts included).
stats::MetricSource side_source(const report::Side& s);

// Evaluates `thresholds` on `sides` (the first is A), appends one ThresholdLine per evaluated
// threshold and side (or B/A pair) to rep.thresholds, and returns 0 when all passed, else
// stats::kThresholdsFailedExitCode (99). With one side the lines are not prefixed by its label
// (unless `prefix`: a command of several sides judging only some).
// Baseline thresholds ("p99<1.10x baseline") judge each side's metric over the same metric of
// its side in `baseline` (baseline.hpp baseline_side); without `baseline` they fail as not measured.
int apply_thresholds(report::Report& rep, const std::vector<stats::Threshold>& thresholds,
                     const std::vector<ThresholdSide>& sides, bool prefix = false,
                     const report::Report* baseline = nullptr);

}  // namespace tpbench::cli
