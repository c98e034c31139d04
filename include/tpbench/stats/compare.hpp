#pragma once
// A/B comparison of one metric from K repeated runs per side: a seeded, deterministic bootstrap
// confidence interval for the ratio B/A of the per-side means, and a verdict.
//
//   auto c = tpbench::stats::compare_ratio(a_p99s, b_p99s, {.lower_is_better = true});
//   if (c) fmt::print("{} [{:.3f}, {:.3f}] {}", c->ratio, c->ci_low, c->ci_high, to_string(c->verdict));
#include <tpbench/stats/expected.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace tpbench::stats {

enum class Verdict {
    faster,   // B better than A beyond the noise threshold, CI excludes 1
    slower,   // B worse than A beyond the noise threshold, CI excludes 1
    same,     // within noise or CI includes 1: printed "~"
    refused,  // a side saturated the load generator: numbers measure the generator
};

// "faster", "slower", "~", "refused".
std::string_view to_string(Verdict v) noexcept;

struct CompareOptions {
    int resamples = 10000;                       // bootstrap resamples, 100..1'000'000
    double confidence = 0.95;                    // two-sided CI level, in (0.5, 1)
    double noise = 0.05;                         // relative change treated as noise (0.05 = 5 %), >= 0
    std::uint64_t seed = 0x7470'6265'6e63'6801;  // same seed + same samples -> same CI
    bool lower_is_better = true;                 // latency: true; throughput: false
    bool a_saturated = false;  // side A hit the generator limit (achieved < offered, CPU bound)
    bool b_saturated = false;  // same for side B
};

struct Comparison {
    double mean_a = 0;  // mean of side A's samples
    double mean_b = 0;  // mean of side B's samples
    double ratio = 0;   // mean_b / mean_a (point estimate)
    double ci_low = 0;  // bootstrap percentile CI of the ratio (0 when refused)
    double ci_high = 0;
    Verdict verdict = Verdict::same;
    std::string reason;  // why refused; empty otherwise
};

// Whether the load generator, not the server, limited a run.
struct Saturation {
    bool saturated = false;
    std::string reason;  // empty when not saturated
};

// Open loop (offered_rps > 0): saturated when the achieved send rate fell short of the offered
// rate by more than `tolerance` (fraction, default 5 %). Any loop: saturated when the generator's
// busiest thread was on CPU for more than `cpu_limit` of the wall time (when known, 0..1).
// Non-finite or negative inputs are treated as unknown. Never throws.
Saturation detect_saturation(double offered_rps, double achieved_rps, double tolerance = 0.05,
                             double generator_cpu_fraction = -1, double cpu_limit = 0.9);

// Compares samples of one metric (one value per run). Errors: fewer than 2 samples on a side,
// non-finite or negative samples, mean of A equal to 0, options out of range. A saturated side
// yields verdict refused (not an error), with the point ratio still filled in.
Expected<Comparison> compare_ratio(std::span<const double> a, std::span<const double> b,
                                   const CompareOptions& opt = {});

}  // namespace tpbench::stats
