#pragma once
// `tpbench run --rate R`: the open-loop load model — requests sent on a fixed schedule,
// latency measured from each request's intended send time (coordinated-omission corrected) and
// service time from the actual send, per-second intervals, a loud warning when the generator
// cannot keep the schedule, --sweep for the maximum sustainable rate under an SLO, report
// formats, .hgrm output and thresholds. Main thread only.
#include "cli_common.hpp"
#include "live_metrics.hpp"

#include <tpbench/engine/load.hpp>
#include <tpbench/report/report.hpp>
#include <tpbench/stats/threshold.hpp>

#include <optional>

#include <string>

namespace CLI {
class App;
}

namespace tpbench::cli {

struct RateArgs {
    double rate = 0;                  // offered req/s; 0 = not in rate mode
    double duration_s = 10;           // measured phase
    double warmup_s = 0;              // warm-up by time (before the measured phase)
    std::size_t warmup_requests = 0;  // warm-up by count
    double ramp_to = 0;               // > 0: offered rate ramps linearly from `rate` to this over the run
    std::string stages;               // --stages '30s:100,2m:2000,30s:0' (k6's shape); "" = none
    std::vector<engine::LoadSpec::RateStage> stage_list;  // parsed from `stages` by measure_rate
    bool sweep = false;                                   // step the rate until the SLO breaks
    std::string slo = "p99<50ms";                         // sweep criterion (threshold syntax)
    double sweep_factor = 1.5;                            // next offered rate = previous x factor
    int sweep_steps = 12;                                 // at most this many steps
    std::string format = "table";                         // table | markdown | json | csv | html
    std::string report_file;                              // also write the report here
    std::string hgrm_file;  // HdrHistogram percentile distribution of corrected latency
    std::string hlog_file;  // HdrHistogram interval log (V2 compressed), one histogram per second
    std::string threshold;  // k6-style thresholds; failing -> exit 99
    std::string baseline;   // run --baseline FILE: compare with that report (baseline.hpp)
    int metrics_port = -1;  // >= 0: serve live OpenMetrics on metrics_host:port (0 = ephemeral)
    std::string metrics_host = "127.0.0.1";
    std::string metrics_push;            // PUT the final metrics to this URL (a Pushgateway); "" = none
    double metrics_push_interval_s = 0;  // > 0: also every this many seconds
    bool quiet = false;

    // Adds --rate, --ramp-to, --stages, --duration, --warmup-time, --warmup-count, --sweep, --slo,
    // --sweep-factor,
    // --sweep-steps, --format, --report, --hgrm, --hlog, --threshold, --metrics-port, --metrics-host,
    // --metrics-push.
    void add_to(CLI::App& app);
    bool active() const noexcept { return rate > 0 || sweep || !stages.empty(); }
    // --metrics-port, --metrics-host, --metrics-push, --metrics-push-interval (the push from rank 0
    // only of a distributed run: run_hooks.follower).
    MetricsOptions metrics() const;
    // Checks everything that can be checked before the first request (closed loop too): --format,
    // --slo syntax, --ramp-to combinations, and that --report, --hgrm and --hlog
    // can be written. Throws engine::ConfigError.
    void validate() const;
};

// What rate mode measured on one side, before thresholds and output (run_rate prints it; `ab --rate`
// / `ab --sweep` combine the sides into one report).
struct RateOutcome {
    report::Report rep;                // the side (a sweep: one side per step, named "LABEL @ R req/s")
    std::optional<report::Side> best;  // the side thresholds judge: the run, or a sweep's highest
                                       // sustainable step (none: no step was sustainable)
    int rc = 0;                    // exit_run_failed: nothing connected / completed, or wrong result counts
    int rank_exit = -1;            // >= 0: a non-root rank of a distributed run; stop with this code
    bool setup_failed = false;     // no connection could be opened (rep has the side saying why)
    double max_sustainable = 0;    // a sweep's highest sustainable offered rate (0 = none)
    bool step_cap = false;         // a sweep whose every step was sustainable: the maximum is a lower bound
    std::string stop_reason;       // a sweep: why the first unsustainable step was not
    std::uint64_t mismatches = 0;  // wrong result counts over every step, warm-up included
    double started_s = 0;          // wall clock at the start (Unix seconds, for --hlog)
    engine::LoadResult last;       // the last step's engine result (--hgrm, --hlog)
};

// Runs rate mode (or a sweep) on one side; prints progress and warnings on stderr, nothing on
// stdout. Throws engine::ConfigError for bad arguments.
RateOutcome measure_rate(const RateArgs& a, const SideSpec& side, const engine::ProfilingOptions& o,
                         Targets& targets, const std::vector<engine::WeightedQuery>* workload);

// Evaluates thresholds on out.best into rep.thresholds (all failing when a sweep found no sustainable
// step); returns 0 or 99.
int rate_thresholds(report::Report& rep, const std::vector<stats::Threshold>& thresholds,
                    const RateOutcome& out, const std::string& label,
                    const report::Report* baseline = nullptr);

// "2250 req/s (p99<50ms)", ">= 3375 req/s (...; step cap ...)", or "none (...; why)".
std::string sweep_result_text(const RateOutcome& out, const std::string& slo);

// Runs rate mode for one side with the pool/request options in `o` (script, exercise or
// workload). Returns the exit code (0, 1 run failed, 99 thresholds failed). Throws
// engine::ConfigError for bad arguments.
// With --sweep, `max_sustainable_rps` (when given) receives the highest offered rate that met the
// SLO (0 when none did).
int run_rate(const RateArgs& a, const SideSpec& side, const engine::ProfilingOptions& o, Targets& targets,
             const std::vector<engine::WeightedQuery>* workload, double* max_sustainable_rps = nullptr);

}  // namespace tpbench::cli
