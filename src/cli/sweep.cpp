#include "sweep.hpp"

#include <fmt/core.h>

namespace tpbench::cli {

SweepVerdict judge_sweep_step(const std::vector<stats::Threshold>& slo, const SweepStep& step) {
    static const stats::Histogram empty;
    auto res =
        stats::evaluate_thresholds(slo, stats::run_source(step.latency ? *step.latency : empty,
                                                          step.throughput_rps, step.issued, step.failed));
    SweepVerdict v;
    const bool kept_up = step.achieved_rps >= 0.95 * step.offered_rps;
    v.passed = res.all_passed && !step.saturated && kept_up;
    for (const auto& x : res.results) v.why += x.message + "; ";
    // Every reason a step is not sustainable is said, not only the SLO's.
    if (step.saturated)
        v.why += "schedule not kept (sends left late: the generator or the server fell behind); ";
    if (!kept_up)
        v.why += fmt::format("achieved {:.0f} req/s < 95% of the offered {:.0f} req/s; ", step.achieved_rps,
                             step.offered_rps);
    return v;
}

double next_sweep_rate(double offered, double factor) noexcept { return offered * factor; }

bool sweep_continues(int index, int steps, const SweepVerdict& v, bool fatal) noexcept {
    return !fatal && v.passed && index + 1 < steps;
}

}  // namespace tpbench::cli
