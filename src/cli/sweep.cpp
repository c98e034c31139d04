#include "sweep.hpp"

namespace tpbench::cli {

SweepVerdict judge_sweep_step(const std::vector<stats::Threshold>& slo, const SweepStep& step) {
    static const stats::Histogram empty;
    auto res =
        stats::evaluate_thresholds(slo, stats::run_source(step.latency ? *step.latency : empty,
                                                          step.throughput_rps, step.issued, step.failed));
    SweepVerdict v;
    v.passed = res.all_passed && !step.saturated && step.achieved_rps >= 0.95 * step.offered_rps;
    for (const auto& x : res.results) v.why += x.message + "; ";
    return v;
}

double next_sweep_rate(double offered, double factor) noexcept { return offered * factor; }

bool sweep_continues(int index, int steps, const SweepVerdict& v, bool fatal) noexcept {
    return !fatal && v.passed && index + 1 < steps;
}

}  // namespace tpbench::cli
