#pragma once
// `tpbench run --rate R`: the open-loop load model (issue 5) — requests sent on a fixed schedule,
// latency measured from each request's intended send time (coordinated-omission corrected) and
// service time from the actual send, per-second intervals, a loud warning when the generator
// cannot keep the schedule, --sweep for the maximum sustainable rate under an SLO, report
// formats, .hgrm output and thresholds. Main thread only.
#include "cli_common.hpp"

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
    bool sweep = false;               // step the rate until the SLO breaks
    std::string slo = "p99<50ms";     // sweep criterion (threshold syntax)
    double sweep_factor = 1.5;        // next offered rate = previous x factor
    int sweep_steps = 12;             // at most this many steps
    std::string format = "table";     // table | markdown | json | csv | html
    std::string report_file;          // also write the report here
    std::string hgrm_file;            // HdrHistogram percentile distribution of corrected latency
    std::string hlog_file;            // HdrHistogram interval log (V2 compressed), one histogram per second
    std::string threshold;            // k6-style thresholds; failing -> exit 99
    int metrics_port = -1;            // >= 0: serve live OpenMetrics on metrics_host:port (0 = ephemeral)
    std::string metrics_host = "127.0.0.1";
    bool quiet = false;

    // Adds --rate, --ramp-to, --duration, --warmup-time, --warmup-count, --sweep, --slo, --sweep-factor,
    // --sweep-steps, --format, --report, --hgrm, --hlog, --threshold, --metrics-port, --metrics-host.
    void add_to(CLI::App& app);
    bool active() const noexcept { return rate > 0 || sweep; }
};

// Runs rate mode for one side with the pool/request options in `o` (script, exercise or
// workload). Returns the exit code (0, 1 run failed, 99 thresholds failed). Throws
// engine::ConfigError for bad arguments.
// With --sweep, `max_sustainable_rps` (when given) receives the highest offered rate that met the
// SLO (0 when none did).
int run_rate(const RateArgs& a, const SideSpec& side, const engine::ProfilingOptions& o, Targets& targets,
             const std::vector<engine::WeightedQuery>* workload, double* max_sustainable_rps = nullptr);

}  // namespace tpbench::cli
