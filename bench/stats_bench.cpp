// Micro-benchmarks for tpbench::stats. Results and commands: docs/performance.md
// ("Histogram and statistics").
#include <tpbench/stats/hdr_codec.hpp>
#include <tpbench/stats/histogram.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

std::vector<std::int64_t> latency_like_values(std::size_t n) {
    // Lognormal around ~160 us with a long tail, like loopback request latencies in ns.
    std::mt19937_64 rng(1234);
    std::lognormal_distribution<double> dist(12.0, 1.2);
    std::vector<std::int64_t> v(n);
    for (auto& x : v) x = static_cast<std::int64_t>(dist(rng));
    return v;
}

void bm_histogram_record(benchmark::State& state) {
    tpbench::stats::Histogram h{{1, 3'600'000'000'000, static_cast<int>(state.range(0))}};
    const auto values = latency_like_values(1 << 16);
    std::size_t i = 0;
    for (auto _ : state) {
        h.record(values[i]);
        i = (i + 1) & ((1 << 16) - 1);
    }
    benchmark::DoNotOptimize(h.count());
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_histogram_record)->Arg(2)->Arg(3)->Arg(4);

void bm_histogram_record_corrected_no_stall(benchmark::State& state) {
    // Expected interval larger than every value: the correction loop never runs.
    tpbench::stats::Histogram h{{1, 3'600'000'000'000, 3}};
    const auto values = latency_like_values(1 << 16);
    std::size_t i = 0;
    for (auto _ : state) {
        h.record_corrected(values[i], 1'000'000'000);
        i = (i + 1) & ((1 << 16) - 1);
    }
    benchmark::DoNotOptimize(h.count());
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_histogram_record_corrected_no_stall);

void bm_histogram_merge(benchmark::State& state) {
    tpbench::stats::Histogram a{{1, 3'600'000'000'000, 3}}, b{{1, 3'600'000'000'000, 3}};
    for (auto v : latency_like_values(1 << 16)) b.record(v);
    for (auto _ : state) {
        a.merge(b);
        benchmark::DoNotOptimize(a.count());
    }
}
BENCHMARK(bm_histogram_merge);

void bm_histogram_p99(benchmark::State& state) {
    tpbench::stats::Histogram h{{1, 3'600'000'000'000, 3}};
    for (auto v : latency_like_values(1 << 16)) h.record(v);
    for (auto _ : state) benchmark::DoNotOptimize(h.value_at_percentile(99.0));
}
BENCHMARK(bm_histogram_p99);

void bm_encode_base64(benchmark::State& state) {
    // One interval-log line's worth of work: 64Ki latencies, 3 digits, BEST_COMPRESSION.
    tpbench::stats::Histogram h{{1, 3'600'000'000'000, 3}};
    for (auto v : latency_like_values(1 << 16)) h.record(v);
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto s = tpbench::stats::encode_histogram_base64(h);
        bytes = s.size();
        benchmark::DoNotOptimize(s.data());
    }
    state.counters["chars"] = static_cast<double>(bytes);
}
BENCHMARK(bm_encode_base64);

void bm_decode_base64(benchmark::State& state) {
    tpbench::stats::Histogram h{{1, 3'600'000'000'000, 3}};
    for (auto v : latency_like_values(1 << 16)) h.record(v);
    const auto text = tpbench::stats::encode_histogram_base64(h);
    for (auto _ : state) {
        auto d = tpbench::stats::decode_histogram_base64(text);
        benchmark::DoNotOptimize(d.ok());
    }
}
BENCHMARK(bm_decode_base64);

}  // namespace

BENCHMARK_MAIN();
