#pragma once
// --baseline FILE: this run compared with a JSON report tpbench wrote earlier (schema
// tpbench.report/1 or /2). Pure; any thread.
//
//   auto base = load_baseline(path);            // ConfigError (exit 2): unreadable, not a report
//   check_same_scenario(*base, planned);        // before the first request: planned_side()s
//   ... the run ...
//   check_same_scenario(*base, rep);            // ConfigError (exit 2): another pool shape
//   add_baseline_rows(rep, *base);              // A/B rows "baseline <side>" -> "<side>"
//   apply_thresholds(rep, thresholds, sides, false, &*base);   // "p99<1.10x baseline"
//
// A side of this run is matched with the baseline's side of the same name, or with its only side.
// Each metric's row has the ratio this run / baseline; one run per side has no dispersion, so the
// verdict is "n/a" (the ratio is still shown); the thresholds judge the ratio.
#include <tpbench/profiling/profiling.hpp>
#include <tpbench/report/report.hpp>

#include <string>

namespace tpbench::cli {

// Reads and parses a report JSON file. Throws engine::ConfigError naming the file and the problem.
report::Report load_baseline(const std::string& path);

// The baseline's side to compare `side` with: same name, else its only side; nullptr when none.
const report::Side* baseline_side(const report::Report& base, const report::Side& side);

// Throws engine::ConfigError when `cur` does not run the scenario `base` ran: the scenario (script,
// workload, exercise), or per side the backend, serializer, mode (closed loop / offered rate) and
// pool shape (connections, in flight per connection), or a side with no baseline counterpart.
// `cur` may be the plan of a run that has not started (planned_side): a side with 0 connections
// has no pool shape yet (not compared), one with offered_rps < 0 runs open loop at a rate the run
// decides (a ramp, stages, a sweep: only closed vs open loop is compared).
void check_same_scenario(const report::Report& base, const report::Report& cur);

// A side of a run that has not started, for check_same_scenario before the first request: what is
// known then (name, backend, the serializer and pool knobs of `o`, mode; offered_rps 0 = closed
// loop, < 0 = open loop at a rate the run decides). The pool knobs are compared when the baseline
// recorded them (config.extra "pool_options", written since --baseline checks before the run).
report::Side planned_side(std::string name, std::string backend, const engine::ProfilingOptions& o,
                          double offered_rps = 0);

// Appends to cur.comparisons, per side, rows for throughput, p50/p90/p99/p99.9 latency, error
// rate and (when both reports have it) client CPU per request: A = "baseline" (its value), B =
// the side, ratio = B / A.
void add_baseline_rows(report::Report& cur, const report::Report& base);

}  // namespace tpbench::cli
