#include <tpbench/stats/histogram.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

using tpbench::stats::Histogram;
using tpbench::stats::HistogramConfig;

TEST_CASE("geometry matches HdrHistogram for 3 digits, 1h in ns") {
    Histogram h{{1, 3'600'000'000'000, 3}};
    CHECK(h.sub_bucket_count() == 2048);
    // 2048 * 2^k > 3.6e12  ->  k = 31, buckets = 32.
    CHECK(h.bucket_count() == 32);
    CHECK(h.counts_length() == 33 * 1024);
}

TEST_CASE("geometry for HdrHistogram's classic test histogram (3600*1000*1000, 3 digits)") {
    // HdrHistogram HistogramTest: highestTrackableValue = 3600L * 1000 * 1000, 3 digits
    // gives 22 buckets of 2048 sub-buckets (countsArrayLength 23552).
    Histogram h{{1, 3600LL * 1000 * 1000, 3}};
    CHECK(h.bucket_count() == 22);
    CHECK(h.sub_bucket_count() == 2048);
    CHECK(h.counts_length() == 23552);
}

TEST_CASE("invalid configs throw, valid_config reports them") {
    CHECK_FALSE(Histogram::valid_config({1, 1000, 0}));
    CHECK_FALSE(Histogram::valid_config({1, 1000, 6}));
    CHECK_FALSE(Histogram::valid_config({0, 1000, 3}));
    CHECK_FALSE(Histogram::valid_config({1000, 1500, 3}));
    CHECK_THROWS_AS(Histogram({1, 1000, 6}), std::invalid_argument);
    CHECK(Histogram::valid_config({1, 2, 1}));
}

TEST_CASE("small values are exact, equivalence ranges") {
    Histogram h{{1, 1'000'000, 3}};
    for (std::int64_t v = 0; v < 2048; ++v) CHECK(h.lowest_equivalent(v) == v);
    CHECK(h.size_of_equivalent_range(2048) == 2);
    CHECK(h.lowest_equivalent(2049) == 2048);
    CHECK(h.highest_equivalent(2048) == 2049);
    CHECK(h.median_equivalent(2048) == 2049);
    CHECK(h.size_of_equivalent_range(10000) == 8);
    CHECK(h.lowest_equivalent(10007) == 10000);
}

TEST_CASE("count, min, max, mean, stddev on a known set") {
    Histogram h{{1, 1'000'000, 3}};
    for (int v : {1, 2, 3, 4, 5}) h.record(v);
    CHECK(h.count() == 5);
    CHECK(h.min() == 1);
    CHECK(h.max() == 5);
    CHECK(h.mean() == doctest::Approx(3.0));
    CHECK(h.stddev() == doctest::Approx(std::sqrt(2.0)));
    CHECK(h.value_at_percentile(0) == 1);
    CHECK(h.value_at_percentile(50) == 3);
    CHECK(h.value_at_percentile(60) == 3);
    CHECK(h.value_at_percentile(60.1) == 4);
    CHECK(h.value_at_percentile(100) == 5);
}

TEST_CASE("out of range values are clamped and counted") {
    Histogram h{{1, 1000, 2}};
    CHECK(h.record(-5) == false);
    CHECK(h.record(5000) == false);
    CHECK(h.record(10) == true);
    CHECK(h.count() == 3);
    CHECK(h.out_of_range() == 2);
    CHECK(h.min() == 0);
    CHECK(h.max() == 1000);
}

TEST_CASE("record_corrected back-fills like HdrHistogram") {
    // HdrHistogram HistogramTest.testRecordValueWithExpectedInterval: recording 4 with expected
    // interval 1 yields values 1,2,3,4 (count 4); raw histogram only 4.
    Histogram h{{1, 3600LL * 1000 * 1000, 3}};
    h.record(0);
    h.record_corrected(4, 1);
    CHECK(h.count() == 5);
    CHECK(h.count_at_or_below(0) == 1);
    for (std::int64_t v = 1; v <= 4; ++v) CHECK(h.count_at_or_below(v) - h.count_at_or_below(v - 1) == 1);

    // Classic example: 10000 values of 1 ms plus one 100 s stall at 10 ms expected interval.
    Histogram c{{1, 3600LL * 1000 * 1000, 3}};
    for (int i = 0; i < 10000; ++i) c.record_corrected(1000, 10000);
    c.record_corrected(100'000'000, 10000);
    CHECK(c.count() == 20000);  // 10000 + 1 + 9999 back-filled
    CHECK(c.value_at_percentile(50.0) == c.highest_equivalent(1000));
    // Back-filled values are 99,990,000 down to 10,000 in 10,000 steps: 75th percentile ~ 50 ms.
    CHECK(std::abs(c.value_at_percentile(75.0) - 50'000'000) < 50'000'000 / 1000 + 10000);
    // interval <= 0 disables correction
    Histogram d{{1, 1'000'000, 3}};
    d.record_corrected(1000, 0);
    CHECK(d.count() == 1);
}

TEST_CASE("percentiles within relative error of exact sorted percentiles on random data") {
    for (int digits : {2, 3, 4}) {
        Histogram h{{1, 100'000'000'000, digits}};
        std::mt19937_64 rng(42 + digits);
        std::lognormal_distribution<double> dist(12.0, 1.5);
        std::vector<std::int64_t> values;
        for (int i = 0; i < 100000; ++i) {
            auto v = static_cast<std::int64_t>(dist(rng));
            values.push_back(v);
            h.record(v);
        }
        std::sort(values.begin(), values.end());
        const double bound = std::pow(10.0, -digits);
        for (double p : {1.0, 10.0, 25.0, 50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 100.0}) {
            // Nearest-rank definition; the epsilon absorbs p/100*n products like 99900.00000000001.
            auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * values.size() - 1e-7));
            rank = std::max<std::size_t>(rank, 1);
            const double exact = static_cast<double>(values[rank - 1]);
            const double got = static_cast<double>(h.value_at_percentile(p));
            INFO("digits=" << digits << " p=" << p << " exact=" << exact << " got=" << got);
            CHECK(got >= exact);
            CHECK(std::abs(got - exact) <= exact * bound + 1);
        }
        CHECK(h.min() == values.front());
        CHECK(h.max() == values.back());
    }
}

TEST_CASE("merge equals recording everything into one") {
    HistogramConfig cfg{1, 10'000'000'000, 3};
    Histogram all{cfg}, a{cfg}, b{cfg};
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<std::int64_t> dist(0, 5'000'000'000);
    for (int i = 0; i < 20000; ++i) {
        auto v = dist(rng);
        all.record(v);
        (i % 3 ? a : b).record(v);
    }
    CHECK(a.merge(b));
    CHECK(a.same_counts(all));
    CHECK(a.min() == all.min());
    CHECK(a.max() == all.max());
    CHECK(a.value_at_percentile(99.9) == all.value_at_percentile(99.9));

    // Different config, finer target: exact too.
    Histogram fine{{1, 10'000'000'000, 4}};
    Histogram coarse{{1, 10'000'000'000, 2}};
    coarse.record(123456789);
    coarse.record(5);
    CHECK(fine.merge(coarse));
    CHECK(fine.count() == 2);
    CHECK(fine.value_at_percentile(100) >= coarse.lowest_equivalent(123456789));
}

TEST_CASE("percentile iteration follows HdrHistogram tick scheme") {
    Histogram h{{1, 1'000'000, 3}};
    for (int v = 1; v <= 100; ++v) h.record(v);
    auto steps = h.percentiles(5);
    REQUIRE(!steps.empty());
    CHECK(steps.front().percentile == 0.0);
    CHECK(steps.front().value == 1);
    CHECK(steps.back().percentile == 100.0);
    CHECK(steps.back().value == 100);
    CHECK(steps.back().total_count == 100);
    // Second step is 10% (ticks = 5 * 2 per half distance), value 10.
    CHECK(steps[1].percentile == doctest::Approx(10.0));
    CHECK(steps[1].value == 10);
    for (std::size_t i = 1; i < steps.size(); ++i) CHECK(steps[i].total_count >= steps[i - 1].total_count);
    CHECK(Histogram{}.percentiles().empty());
}

TEST_CASE("lowest_discernible > 1 (the engine's per-second config 1000 ns .. 600 s, 2 digits)") {
    Histogram h{{1000, 600'000'000'000, 2}};
    // unit magnitude floor(log2(1000)) = 9: values are counted in units of 512 ns at least.
    CHECK(h.size_of_equivalent_range(1000) == 512);
    CHECK(h.lowest_equivalent(1000) == 512);
    std::mt19937_64 rng(5);
    std::lognormal_distribution<double> dist(13.0, 1.0);
    std::vector<std::int64_t> values;
    for (int i = 0; i < 20000; ++i) {
        const auto v = static_cast<std::int64_t>(dist(rng)) + 100'000;  // >= 100 us: well above the unit
        values.push_back(v);
        h.record(v);
    }
    std::sort(values.begin(), values.end());
    for (double p : {50.0, 90.0, 99.0, 99.9}) {
        const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * values.size() - 1e-7));
        const double exact = static_cast<double>(values[rank - 1]);
        const double got = static_cast<double>(h.value_at_percentile(p));
        INFO("p=" << p << " exact=" << exact << " got=" << got);
        CHECK(got >= exact);
        CHECK(got - exact <= exact * 0.01 + 1);
    }
    Histogram copy{{1000, 600'000'000'000, 2}};
    CHECK(copy.merge(h));
    CHECK(copy.same_counts(h));
}
