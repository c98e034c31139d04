// Bootstrap CI of a ratio of means with a portable, seeded generator (splitmix64), so the same
// inputs give the same interval on every platform and standard library.
#include <tpbench/stats/compare.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace tpbench::stats {

namespace {

struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() noexcept {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Index in [0, n); the modulo bias is below n / 2^64, irrelevant for sample counts.
    std::size_t below(std::size_t n) noexcept { return static_cast<std::size_t>(next() % n); }
};

double mean_of(std::span<const double> v) {
    double s = 0;
    for (double x : v) s += x;
    return s / static_cast<double>(v.size());
}

double resampled_mean(std::span<const double> v, SplitMix64& rng) {
    double s = 0;
    for (std::size_t i = 0; i < v.size(); ++i) s += v[rng.below(v.size())];
    return s / static_cast<double>(v.size());
}

// Percentile of sorted data with linear interpolation between closest ranks.
double quantile_sorted(const std::vector<double>& s, double q) {
    const double pos = q * static_cast<double>(s.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, s.size() - 1);
    return s[lo] + (s[hi] - s[lo]) * (pos - static_cast<double>(lo));
}

}  // namespace

std::string_view to_string(Verdict v) noexcept {
    switch (v) {
        case Verdict::faster:
            return "faster";
        case Verdict::slower:
            return "slower";
        case Verdict::same:
            return "~";
        case Verdict::refused:
            return "refused";
    }
    return "?";
}

Saturation detect_saturation(double offered_rps, double achieved_rps, double tolerance, double cpu,
                             double cpu_limit) {
    Saturation s;
    char buf[160];
    if (std::isfinite(offered_rps) && offered_rps > 0 && std::isfinite(achieved_rps) && achieved_rps >= 0 &&
        std::isfinite(tolerance) && achieved_rps < offered_rps * (1.0 - tolerance)) {
        std::snprintf(buf, sizeof buf, "sent %.1f req/s of the %.1f offered (%.1f%% short)", achieved_rps,
                      offered_rps, 100.0 * (1.0 - achieved_rps / offered_rps));
        s.saturated = true;
        s.reason = buf;
    }
    if (std::isfinite(cpu) && cpu >= 0 && std::isfinite(cpu_limit) && cpu > cpu_limit) {
        std::snprintf(buf, sizeof buf, "generator thread busy %.0f%% of the time (limit %.0f%%)", 100.0 * cpu,
                      100.0 * cpu_limit);
        s.reason += s.saturated ? std::string("; ") + buf : std::string(buf);
        s.saturated = true;
    }
    return s;
}

Expected<Comparison> compare_ratio(std::span<const double> a, std::span<const double> b,
                                   const CompareOptions& opt) {
    if (a.size() < 2 || b.size() < 2)
        return fail("compare: need at least 2 samples per side (A has " + std::to_string(a.size()) +
                    ", B has " + std::to_string(b.size()) + ")");
    if (opt.resamples < 100 || opt.resamples > 1'000'000)
        return fail("compare: resamples must be in 100..1000000");
    if (!(opt.confidence > 0.5 && opt.confidence < 1.0))
        return fail("compare: confidence must be in (0.5, 1)");
    if (!(opt.noise >= 0.0 && opt.noise < 1.0)) return fail("compare: noise threshold must be in [0, 1)");
    for (auto side : {a, b})
        for (double x : side)
            if (!std::isfinite(x) || x < 0) return fail("compare: samples must be finite and >= 0");
    Comparison c;
    c.mean_a = mean_of(a);
    c.mean_b = mean_of(b);
    if (c.mean_a == 0) return fail("compare: mean of side A is 0, the ratio B/A is undefined");
    c.ratio = c.mean_b / c.mean_a;
    if (opt.a_saturated || opt.b_saturated) {
        c.verdict = Verdict::refused;
        c.reason = std::string(opt.a_saturated && opt.b_saturated ? "both sides"
                               : opt.a_saturated                  ? "side A"
                                                                  : "side B") +
                   " saturated the load generator; the numbers measure the generator, not the server";
        return c;
    }
    SplitMix64 rng{opt.seed};
    std::vector<double> ratios;
    ratios.reserve(static_cast<std::size_t>(opt.resamples));
    for (int r = 0; r < opt.resamples; ++r) {
        const double ma = resampled_mean(a, rng);
        const double mb = resampled_mean(b, rng);
        // A resample of A that is all zeros has no ratio; skip it (only possible with zero samples).
        if (ma > 0) ratios.push_back(mb / ma);
    }
    if (ratios.size() < static_cast<std::size_t>(opt.resamples) / 2)
        return fail("compare: side A is mostly zeros; the ratio B/A is unstable");
    std::sort(ratios.begin(), ratios.end());
    const double alpha = 1.0 - opt.confidence;
    c.ci_low = quantile_sorted(ratios, alpha / 2);
    c.ci_high = quantile_sorted(ratios, 1.0 - alpha / 2);
    // "Better" means a smaller ratio for lower-is-better metrics, a larger one otherwise.
    const bool b_lower = c.ci_high < 1.0 && c.ratio <= 1.0 - opt.noise;
    const bool b_higher = c.ci_low > 1.0 && c.ratio >= 1.0 + opt.noise;
    if (b_lower)
        c.verdict = opt.lower_is_better ? Verdict::faster : Verdict::slower;
    else if (b_higher)
        c.verdict = opt.lower_is_better ? Verdict::slower : Verdict::faster;
    else
        c.verdict = Verdict::same;
    return c;
}

}  // namespace tpbench::stats
