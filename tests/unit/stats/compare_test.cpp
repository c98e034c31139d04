#include <tpbench/stats/compare.hpp>

#include <doctest/doctest.h>

#include <random>
#include <vector>

using namespace tpbench::stats;

namespace {
std::vector<double> noisy(double mean, double rel_sd, int k, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> d(mean, mean * rel_sd);
    std::vector<double> v;
    for (int i = 0; i < k; ++i) v.push_back(std::max(0.0, d(rng)));
    return v;
}
}  // namespace

TEST_CASE("bootstrap CI contains the true ratio on synthetic data") {
    // True ratio 0.8 (B is 20% lower latency). Across 40 independent experiments with 10 runs per
    // side, a 95% CI should contain 0.8 in most of them (binomial: expect ~38; accept >= 34).
    int covered = 0;
    int faster = 0;
    for (int exp = 0; exp < 40; ++exp) {
        auto a = noisy(100.0, 0.05, 10, 1000 + exp);
        auto b = noisy(80.0, 0.05, 10, 5000 + exp);
        auto c = compare_ratio(a, b, {.resamples = 2000, .seed = static_cast<std::uint64_t>(exp)});
        REQUIRE_MESSAGE(c.ok(), c.error());
        CHECK(c->ci_low <= c->ratio);
        CHECK(c->ratio <= c->ci_high);
        if (c->ci_low <= 0.8 && 0.8 <= c->ci_high) ++covered;
        if (c->verdict == Verdict::faster) ++faster;
    }
    CHECK(covered >= 34);
    CHECK(faster == 40);
}

TEST_CASE("bootstrap is deterministic for a seed and changes with it") {
    auto a = noisy(10.0, 0.1, 8, 1);
    auto b = noisy(10.5, 0.1, 8, 2);
    auto c1 = compare_ratio(a, b, {.seed = 42});
    auto c2 = compare_ratio(a, b, {.seed = 42});
    auto c3 = compare_ratio(a, b, {.seed = 43});
    REQUIRE(c1.ok());
    CHECK(c1->ci_low == c2->ci_low);
    CHECK(c1->ci_high == c2->ci_high);
    CHECK((c1->ci_low != c3->ci_low || c1->ci_high != c3->ci_high));
}

TEST_CASE("verdicts: faster, slower, ~ within noise, throughput direction, refusal") {
    const std::vector<double> a{100, 101, 99, 100, 102, 98};
    const std::vector<double> slower_b{130, 131, 129, 130, 132, 128};
    const std::vector<double> same_b{101, 102, 100, 101, 103, 99};  // +1%: below 5% noise
    auto s = compare_ratio(a, slower_b);
    REQUIRE(s.ok());
    CHECK(s->verdict == Verdict::slower);
    CHECK(s->ratio == doctest::Approx(1.3));
    CHECK(to_string(s->verdict) == "slower");
    auto f = compare_ratio(slower_b, a);
    CHECK(f->verdict == Verdict::faster);
    auto n = compare_ratio(a, same_b);
    CHECK(n->verdict == Verdict::same);
    CHECK(to_string(n->verdict) == "~");
    // Same data as throughput (higher is better): B 30% higher is faster.
    auto t = compare_ratio(a, slower_b, {.lower_is_better = false});
    CHECK(t->verdict == Verdict::faster);
    // Overlapping noisy data: CI includes 1 -> "~" even with a large point difference.
    const std::vector<double> wild_a{50, 150, 60, 140};
    const std::vector<double> wild_b{60, 170, 55, 160};
    CHECK(compare_ratio(wild_a, wild_b)->verdict == Verdict::same);
    // Saturated generator: refused, with a reason.
    auto r = compare_ratio(a, slower_b, {.b_saturated = true});
    REQUIRE(r.ok());
    CHECK(r->verdict == Verdict::refused);
    CHECK(r->reason.find("side B saturated") != std::string::npos);
}

TEST_CASE("compare rejects bad input") {
    const std::vector<double> one{1.0};
    const std::vector<double> two{1.0, 2.0};
    const std::vector<double> zeros{0.0, 0.0};
    const std::vector<double> neg{1.0, -2.0};
    CHECK(compare_ratio(one, two).error().find("at least 2 samples") != std::string::npos);
    CHECK(compare_ratio(zeros, two).error().find("mean of side A is 0") != std::string::npos);
    CHECK(compare_ratio(neg, two).error().find("finite") != std::string::npos);
    CHECK_FALSE(compare_ratio(two, two, {.resamples = 5}).ok());
    CHECK_FALSE(compare_ratio(two, two, {.confidence = 1.5}).ok());
    CHECK_FALSE(compare_ratio(two, two, {.noise = -1}).ok());
}

TEST_CASE("saturation detection") {
    CHECK_FALSE(detect_saturation(1000, 990).saturated);  // 1% short: within 5%
    auto s = detect_saturation(1000, 800);
    CHECK(s.saturated);
    CHECK(s.reason == "sent 800.0 req/s of the 1000.0 offered (20.0% short)");
    CHECK_FALSE(detect_saturation(0, 50).saturated);  // closed loop: no rate target
    auto c = detect_saturation(0, 50, 0.05, 0.97);
    CHECK(c.saturated);
    CHECK(c.reason.find("busy 97%") != std::string::npos);
    auto both = detect_saturation(1000, 500, 0.05, 0.99);
    CHECK(both.reason.find("; generator thread busy") != std::string::npos);
    CHECK_FALSE(detect_saturation(NAN, 5, 0.05, NAN).saturated);
}
