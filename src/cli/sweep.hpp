#pragma once
// The open-loop sweep policy of `run --sweep` / `ab --sweep` (rate_mode.cpp), as pure functions: a
// step is sustainable when the SLO holds, the schedule was kept and the achieved rate is at least
// 95% of the offered one; the next step offers factor x the rate; the sweep stops at the first
// unsustainable step, a fatal error, or after the step limit. Pure; any thread.
#include <tpbench/stats/histogram.hpp>
#include <tpbench/stats/threshold.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace tpbench::cli {

// What one measured step did.
struct SweepStep {
    double offered_rps = 0;
    double achieved_rps = 0;                    // issued / wall time
    double throughput_rps = 0;                  // completed / duration
    bool saturated = false;                     // the schedule was not kept
    const stats::Histogram* latency = nullptr;  // corrected latency (ns)
    std::int64_t issued = 0;
    std::int64_t failed = 0;
};

struct SweepVerdict {
    bool passed = false;
    std::string why;  // each SLO line's message, "; "-terminated
};

// Judges one step against the SLO thresholds.
SweepVerdict judge_sweep_step(const std::vector<stats::Threshold>& slo, const SweepStep& step);

// The rate the step after one offering `offered` offers.
double next_sweep_rate(double offered, double factor) noexcept;

// True when the sweep goes on after step `index` (0-based) of at most `steps`.
bool sweep_continues(int index, int steps, const SweepVerdict& v, bool fatal) noexcept;

}  // namespace tpbench::cli
