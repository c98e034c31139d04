#pragma once
// tpbench::stats::Histogram — an HdrHistogram-compatible log-linear histogram of int64 values
// (tpbench records nanoseconds). Bucket layout, index arithmetic, percentile and mean/stddev
// definitions follow HdrHistogram (Java AbstractHistogram / C hdr_histogram.c), so the V2 log
// encoding in tpbench/stats/hdr_log.hpp is interchangeable with HdrHistogram's own tools.
//
// Accuracy: any recorded value v is reported as a value within v * 10^-significant_digits of v
// (relative error bound), for lowest_discernible <= v <= highest_trackable.
//
// Threading: not thread-safe. Use one Histogram per worker thread and merge() them after join.
//
// Usage:
//   tpbench::stats::Histogram h{{.highest_trackable = 60'000'000'000, .significant_digits = 3}};
//   h.record(latency_ns);                              // hot path, a few ns
//   h.record_corrected(latency_ns, interval_ns);       // coordinated-omission back-fill
//   total.merge(h);                                    // after join
//   auto p99 = total.value_at_percentile(99.0);
#include <bit>
#include <cstdint>
#include <functional>
#include <vector>

namespace tpbench::stats {

// Geometry of a histogram. Two histograms with equal configs have identical bucket layouts.
struct HistogramConfig {
    std::int64_t lowest_discernible = 1;                 // >= 1; smallest value distinguished from 0
    std::int64_t highest_trackable = 3'600'000'000'000;  // >= 2 * lowest_discernible (default 1 h in ns)
    int significant_digits = 3;                          // 1..5 decimal digits of precision
    friend bool operator==(const HistogramConfig&, const HistogramConfig&) = default;
};

// One step of a percentile iteration (HdrHistogram's PercentileIterator).
struct PercentileStep {
    std::int64_t value;           // highest equivalent value of the bucket reached
    double percentile;            // percentile level iterated to, 0..100
    std::int64_t total_count;     // count of all values <= value
    std::int64_t count_at_value;  // count in the bucket reached
};

// One non-empty bucket (HdrHistogram's RecordedValuesIterator).
struct BucketValue {
    std::int64_t value;    // lowest value of the bucket (valueFromIndex)
    std::int64_t highest;  // highest equivalent value of the bucket
    std::int64_t count;    // values recorded in the bucket
};

class Histogram {
public:
    // Builds an empty histogram. Throws std::invalid_argument when the config is out of range
    // (significant_digits not in 1..5, lowest_discernible < 1, highest_trackable < 2*lowest).
    explicit Histogram(const HistogramConfig& cfg = {});

    // Checks a config without throwing: true when a Histogram can be built from it.
    static bool valid_config(const HistogramConfig& cfg) noexcept;

    // Records one value. Values above highest_trackable are recorded as highest_trackable and
    // negative values as 0; both are also counted in out_of_range(). Returns false when clamped.
    // Never allocates; a handful of instructions.
    bool record(std::int64_t value) noexcept { return record(value, 1); }

    // Records `count` occurrences of `value` (count <= 0 is ignored). Same clamping as record().
    bool record(std::int64_t value, std::int64_t count) noexcept {
        if (count <= 0) return true;
        bool ok = true;
        if (value < 0) [[unlikely]] {
            value = 0;
            ok = false;
        } else if (value > cfg_.highest_trackable) [[unlikely]] {
            value = cfg_.highest_trackable;
            ok = false;
        }
        if (!ok) out_of_range_ += count;
        counts_[static_cast<std::size_t>(counts_index_for(value))] += count;
        total_count_ += count;
        if (value < min_) min_ = value;
        if (value > max_) max_ = value;
        return ok;
    }

    // Records `value` and, when expected_interval > 0 and value > expected_interval, the values
    // HdrHistogram's recordValueWithExpectedInterval back-fills for coordinated omission:
    // value - k*expected_interval for k = 1, 2, ... while that is >= expected_interval.
    // Returns false when any recorded value was clamped.
    bool record_corrected(std::int64_t value, std::int64_t expected_interval) noexcept;

    // Adds every count of `other` into this histogram. Exact (lossless) when both have the same
    // config; otherwise each bucket of `other` is re-recorded at its lowest value, which is exact
    // whenever this histogram's buckets are at least as fine. Returns false when some values
    // exceeded this histogram's range and were clamped.
    bool merge(const Histogram& other) noexcept;

    // Drops all recorded values; keeps the config.
    void reset() noexcept;

    // Number of recorded values (including clamped ones).
    std::int64_t count() const noexcept { return total_count_; }
    // Values that were out of [0, highest_trackable] and were clamped.
    std::int64_t out_of_range() const noexcept { return out_of_range_; }
    // Smallest recorded value (exact when recorded directly; bucket-lowest after decode); 0 if empty.
    std::int64_t min() const noexcept { return total_count_ ? min_ : 0; }
    // Largest recorded value (exact when recorded directly; bucket-lowest after decode); 0 if empty.
    std::int64_t max() const noexcept { return total_count_ ? max_ : 0; }
    // Mean as HdrHistogram computes it (bucket median-equivalent values weighted by count); 0 if empty.
    double mean() const noexcept;
    // Population standard deviation around mean(), HdrHistogram definition; 0 if empty.
    double stddev() const noexcept;
    // Value at percentile p (0..100, clamped), HdrHistogram getValueAtPercentile semantics: the
    // highest equivalent value of the bucket holding the ceil(p/100*count)-th value (lowest
    // equivalent for p == 0). 0 if empty.
    std::int64_t value_at_percentile(double p) const noexcept;
    // Count of recorded values v with lowest_equivalent(v) <= value.
    std::int64_t count_at_or_below(std::int64_t value) const noexcept;

    // Percentile iteration exactly as HdrHistogram's PercentileIterator (used by the .hgrm
    // output): ticks_per_half_distance steps per halving of the distance to 100%, plus a final
    // step at 100%. Empty for an empty histogram. ticks_per_half_distance < 1 is treated as 1.
    std::vector<PercentileStep> percentiles(int ticks_per_half_distance = 5) const;

    // Calls fn for every non-empty bucket in increasing value order.
    void for_each_recorded(const std::function<void(const BucketValue&)>& fn) const;

    // --- geometry (HdrHistogram names) ---
    // The geometry this histogram was built with.
    const HistogramConfig& config() const noexcept { return cfg_; }
    // Number of power-of-two buckets (HdrHistogram bucketCount, printed in .hgrm footers).
    int bucket_count() const noexcept { return bucket_count_; }
    // Linear sub-buckets per bucket (HdrHistogram subBucketCount).
    int sub_bucket_count() const noexcept { return sub_bucket_count_; }
    // Length of the counts array (HdrHistogram countsArrayLength).
    int counts_length() const noexcept { return static_cast<int>(counts_.size()); }
    // Raw count at a counts-array index (0 <= i < counts_length()).
    std::int64_t count_at_index(int i) const noexcept { return counts_[static_cast<std::size_t>(i)]; }
    // Adds `count` at a counts-array index (used by decoders); false when i is out of range or
    // count < 0. Updates total, min and max (min/max become the bucket's lowest value).
    bool add_count_at_index(int i, std::int64_t count) noexcept;
    // Lowest value that maps to counts-array index i.
    std::int64_t value_from_index(int i) const noexcept;
    // Counts-array index a value maps to (value must be in [0, highest_trackable]).
    int counts_index_for(std::int64_t value) const noexcept {
        const int bucket = bucket_index(value);
        const auto sub_bucket = static_cast<int>(value >> (bucket + unit_magnitude_));
        return ((bucket + 1) << sub_bucket_half_count_magnitude_) + (sub_bucket - sub_bucket_half_count_);
    }
    // Smallest value counted in the same bucket as `value` (negative values act as 0).
    std::int64_t lowest_equivalent(std::int64_t value) const noexcept;
    // Largest value counted in the same bucket as `value`; what percentiles and max report.
    std::int64_t highest_equivalent(std::int64_t value) const noexcept;
    // Middle of `value`'s bucket; what mean() and stddev() use.
    std::int64_t median_equivalent(std::int64_t value) const noexcept;
    // Width of `value`'s bucket (1 for values below sub_bucket_count * lowest_discernible).
    std::int64_t size_of_equivalent_range(std::int64_t value) const noexcept;
    // True when both histograms hold the same counts at the same values (configs may differ only
    // if their layouts agree). Exact comparison used by tests and merge checks.
    bool same_counts(const Histogram& other) const noexcept;

private:
    int bucket_index(std::int64_t value) const noexcept {
        const int pow2ceiling = 64 - std::countl_zero(static_cast<std::uint64_t>(value | sub_bucket_mask_));
        return pow2ceiling - unit_magnitude_ - (sub_bucket_half_count_magnitude_ + 1);
    }

    HistogramConfig cfg_;
    int unit_magnitude_ = 0;
    int sub_bucket_half_count_magnitude_ = 0;
    int sub_bucket_count_ = 0;
    int sub_bucket_half_count_ = 0;
    std::int64_t sub_bucket_mask_ = 0;
    int bucket_count_ = 0;
    std::vector<std::int64_t> counts_;
    std::int64_t total_count_ = 0;
    std::int64_t out_of_range_ = 0;
    std::int64_t min_ = INT64_MAX;
    std::int64_t max_ = 0;
};

}  // namespace tpbench::stats
