// HdrHistogram-compatible log-linear histogram. The geometry and iteration arithmetic mirror
// HdrHistogram's AbstractHistogram (Java) so encoded logs and percentile output agree with it.
#include <tpbench/stats/histogram.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace tpbench::stats {

namespace {

int buckets_needed(std::int64_t value, int sub_bucket_count, int unit_magnitude) {
    // HdrHistogram getBucketsNeededToCoverValue: each bucket doubles the covered range.
    std::int64_t smallest_untrackable = static_cast<std::int64_t>(sub_bucket_count) << unit_magnitude;
    int needed = 1;
    while (smallest_untrackable <= value) {
        if (smallest_untrackable > INT64_MAX / 2) return needed + 1;
        smallest_untrackable <<= 1;
        ++needed;
    }
    return needed;
}

}  // namespace

bool Histogram::valid_config(const HistogramConfig& cfg) noexcept {
    if (cfg.significant_digits < 1 || cfg.significant_digits > 5) return false;
    if (cfg.lowest_discernible < 1) return false;
    if (cfg.highest_trackable < 2 || cfg.highest_trackable / 2 < cfg.lowest_discernible) return false;
    const int unit_magnitude = 63 - std::countl_zero(static_cast<std::uint64_t>(cfg.lowest_discernible));
    std::int64_t largest_single_unit = 2;
    for (int i = 0; i < cfg.significant_digits; ++i) largest_single_unit *= 10;
    const int sub_bucket_count_magnitude =
        64 - std::countl_zero(static_cast<std::uint64_t>(largest_single_unit - 1));  // ceil(log2)
    const int half_magnitude = std::max(sub_bucket_count_magnitude, 1) - 1;
    return unit_magnitude + half_magnitude <= 61;
}

Histogram::Histogram(const HistogramConfig& cfg) : cfg_(cfg) {
    if (!valid_config(cfg)) {
        throw std::invalid_argument(
            "Histogram: invalid config (significant_digits " + std::to_string(cfg.significant_digits) +
            " must be 1..5, lowest_discernible " + std::to_string(cfg.lowest_discernible) +
            " must be >= 1, highest_trackable " + std::to_string(cfg.highest_trackable) +
            " must be >= 2 * lowest_discernible)");
    }
    std::int64_t largest_single_unit = 2;
    for (int i = 0; i < cfg.significant_digits; ++i) largest_single_unit *= 10;
    unit_magnitude_ = 63 - std::countl_zero(static_cast<std::uint64_t>(cfg.lowest_discernible));
    const int sub_bucket_count_magnitude =
        64 - std::countl_zero(static_cast<std::uint64_t>(largest_single_unit - 1));
    sub_bucket_half_count_magnitude_ = std::max(sub_bucket_count_magnitude, 1) - 1;
    sub_bucket_count_ = 1 << (sub_bucket_half_count_magnitude_ + 1);
    sub_bucket_half_count_ = sub_bucket_count_ / 2;
    sub_bucket_mask_ = static_cast<std::int64_t>(sub_bucket_count_ - 1) << unit_magnitude_;
    bucket_count_ = buckets_needed(cfg.highest_trackable, sub_bucket_count_, unit_magnitude_);
    counts_.assign(
        static_cast<std::size_t>(bucket_count_ + 1) * static_cast<std::size_t>(sub_bucket_half_count_), 0);
}

bool Histogram::record_corrected(std::int64_t value, std::int64_t expected_interval) noexcept {
    bool ok = record(value);
    if (expected_interval <= 0) return ok;
    for (std::int64_t missing = value - expected_interval; missing >= expected_interval;
         missing -= expected_interval)
        ok = record(missing) && ok;
    return ok;
}

bool Histogram::merge(const Histogram& other) noexcept {
    if (other.total_count_ == 0) return true;
    if (other.cfg_ == cfg_) {
        // Same layout: element-wise add is exact.
        for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
        total_count_ += other.total_count_;
        out_of_range_ += other.out_of_range_;
        min_ = std::min(min_, other.min_);
        max_ = std::max(max_, other.max_);
        return true;
    }
    bool ok = true;
    const int n = other.counts_length();
    for (int i = 0; i < n; ++i) {
        const std::int64_t c = other.counts_[static_cast<std::size_t>(i)];
        if (c != 0) ok = record(other.value_from_index(i), c) && ok;
    }
    // Keep the exact extremes the other side saw when they fit.
    if (other.min_ >= 0 && other.min_ <= cfg_.highest_trackable) min_ = std::min(min_, other.min_);
    if (other.max_ <= cfg_.highest_trackable) max_ = std::max(max_, other.max_);
    out_of_range_ += other.out_of_range_;
    return ok;
}

void Histogram::reset() noexcept {
    std::fill(counts_.begin(), counts_.end(), 0);
    total_count_ = 0;
    out_of_range_ = 0;
    min_ = INT64_MAX;
    max_ = 0;
}

bool Histogram::add_count_at_index(int i, std::int64_t count) noexcept {
    if (i < 0 || i >= counts_length() || count < 0) return false;
    if (count == 0) return true;
    const std::int64_t v = value_from_index(i);
    counts_[static_cast<std::size_t>(i)] += count;
    total_count_ += count;
    min_ = std::min(min_, v);
    max_ = std::max(max_, v);
    return true;
}

std::int64_t Histogram::value_from_index(int i) const noexcept {
    int bucket = (i >> sub_bucket_half_count_magnitude_) - 1;
    int sub_bucket = (i & (sub_bucket_half_count_ - 1)) + sub_bucket_half_count_;
    if (bucket < 0) {
        sub_bucket -= sub_bucket_half_count_;
        bucket = 0;
    }
    return static_cast<std::int64_t>(sub_bucket) << (bucket + unit_magnitude_);
}

std::int64_t Histogram::lowest_equivalent(std::int64_t value) const noexcept {
    if (value < 0) value = 0;
    const int bucket = bucket_index(value);
    const auto sub_bucket = value >> (bucket + unit_magnitude_);
    return sub_bucket << (bucket + unit_magnitude_);
}

std::int64_t Histogram::size_of_equivalent_range(std::int64_t value) const noexcept {
    if (value < 0) value = 0;
    const int bucket = bucket_index(value);
    const auto sub_bucket = value >> (bucket + unit_magnitude_);
    const int adjusted = sub_bucket >= sub_bucket_count_ ? bucket + 1 : bucket;
    return std::int64_t{1} << (unit_magnitude_ + adjusted);
}

std::int64_t Histogram::highest_equivalent(std::int64_t value) const noexcept {
    return lowest_equivalent(value) + size_of_equivalent_range(value) - 1;
}

std::int64_t Histogram::median_equivalent(std::int64_t value) const noexcept {
    return lowest_equivalent(value) + (size_of_equivalent_range(value) >> 1);
}

double Histogram::mean() const noexcept {
    if (total_count_ == 0) return 0.0;
    double total = 0;
    const int n = counts_length();
    for (int i = 0; i < n; ++i) {
        const std::int64_t c = counts_[static_cast<std::size_t>(i)];
        if (c != 0)
            total += static_cast<double>(median_equivalent(value_from_index(i))) * static_cast<double>(c);
    }
    return total / static_cast<double>(total_count_);
}

double Histogram::stddev() const noexcept {
    if (total_count_ == 0) return 0.0;
    const double m = mean();
    double total = 0;
    const int n = counts_length();
    for (int i = 0; i < n; ++i) {
        const std::int64_t c = counts_[static_cast<std::size_t>(i)];
        if (c == 0) continue;
        const double d = static_cast<double>(median_equivalent(value_from_index(i))) - m;
        total += d * d * static_cast<double>(c);
    }
    return std::sqrt(total / static_cast<double>(total_count_));
}

std::int64_t Histogram::value_at_percentile(double p) const noexcept {
    if (total_count_ == 0) return 0;
    if (std::isnan(p)) p = 0;
    // Same rounding as HdrHistogram (Java): step just below p so exact products don't round up.
    const double requested = std::min(std::max(std::nextafter(p, -INFINITY), 0.0), 100.0);
    auto count_at =
        static_cast<std::int64_t>(std::ceil(requested / 100.0 * static_cast<double>(total_count_)));
    count_at = std::max<std::int64_t>(count_at, 1);
    std::int64_t running = 0;
    const int n = counts_length();
    for (int i = 0; i < n; ++i) {
        running += counts_[static_cast<std::size_t>(i)];
        if (running >= count_at) {
            const std::int64_t v = value_from_index(i);
            return p <= 0.0 ? lowest_equivalent(v) : highest_equivalent(v);
        }
    }
    return 0;
}

std::int64_t Histogram::count_at_or_below(std::int64_t value) const noexcept {
    if (value < 0) return 0;
    const std::int64_t v = std::min(value, cfg_.highest_trackable);
    const int last = counts_index_for(v);
    std::int64_t running = 0;
    for (int i = 0; i <= last; ++i) running += counts_[static_cast<std::size_t>(i)];
    return running;
}

std::vector<PercentileStep> Histogram::percentiles(int ticks_per_half_distance) const {
    std::vector<PercentileStep> out;
    if (total_count_ == 0) return out;
    if (ticks_per_half_distance < 1) ticks_per_half_distance = 1;
    const int n = counts_length();
    const double total = static_cast<double>(total_count_);
    int idx = 0;
    std::int64_t total_to_idx = 0;
    double level_to = 0.0;
    bool fresh = true;
    bool reached_last = false;
    // Port of HdrHistogram's PercentileIterator over AbstractHistogramIterator.
    for (;;) {
        if (total_to_idx >= total_count_) {
            if (reached_last) break;
            level_to = 100.0;  // one additional last step to 100%
            reached_last = true;
        }
        bool emitted = false;
        while (idx < n) {
            const std::int64_t c = counts_[static_cast<std::size_t>(idx)];
            if (fresh) {
                total_to_idx += c;
                fresh = false;
            }
            if (c != 0 && 100.0 * static_cast<double>(total_to_idx) / total >= level_to) {
                out.push_back({highest_equivalent(value_from_index(idx)), level_to, total_to_idx, c});
                // Fixed-size ticks within each half-distance to 100%.
                const double ratio = 100.0 / (100.0 - level_to);
                double halvings = std::log(ratio) / std::log(2.0);
                if (!std::isfinite(halvings) || halvings > 60) halvings = 60;
                // Java computes this product in long; doubles hold the same powers of two exactly
                // and cannot overflow after the final 100% step.
                const double ticks =
                    static_cast<double>(ticks_per_half_distance) *
                    std::pow(2.0, static_cast<double>(static_cast<std::int64_t>(halvings) + 1));
                level_to += 100.0 / ticks;
                emitted = true;
                break;
            }
            ++idx;
            fresh = true;
        }
        if (!emitted) break;
    }
    return out;
}

void Histogram::for_each_recorded(const std::function<void(const BucketValue&)>& fn) const {
    const int n = counts_length();
    for (int i = 0; i < n; ++i) {
        const std::int64_t c = counts_[static_cast<std::size_t>(i)];
        if (c == 0) continue;
        const std::int64_t v = value_from_index(i);
        fn(BucketValue{v, highest_equivalent(v), c});
    }
}

bool Histogram::same_counts(const Histogram& other) const noexcept {
    if (total_count_ != other.total_count_) return false;
    if (other.cfg_ == cfg_) return counts_ == other.counts_;
    std::vector<BucketValue> a, b;
    for_each_recorded([&](const BucketValue& v) { a.push_back(v); });
    other.for_each_recorded([&](const BucketValue& v) { b.push_back(v); });
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].value != b[i].value || a[i].highest != b[i].highest || a[i].count != b[i].count)
            return false;
    return true;
}

}  // namespace tpbench::stats
