// GraphSON codec micro-benchmarks: encode / decode / skip throughput of the result items of
// g.V().repeat(both()).times(15) on the modern graph (2,824,992 vertices; stock-server ids: Long
// vertex ids, Long vertex-property ids, properties name + age (Int) / lang, see
// /work/shared/spec/modern-graph.md §1, §3, §5). A batch of 1,000 items follows the walk-end
// distribution of that traversal. Counters: items/s and bytes/s of GraphSON text.
// Run: bench_graphson --benchmark_min_time=1 (results in docs/performance.md, "GraphSON codec").
#include <tpbench/io/graphson.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

using tpbench::io::GsOptions;
using tpbench::io::GsVersion;
using tpbench::model::Value;

namespace {

Value modern_vertex(int id) {
    static const char* names[] = {"marko", "vadas", "lop", "josh", "ripple", "peter"};
    static const int ages[] = {29, 27, 0, 32, 0, 35};
    const bool software = id == 3 || id == 5;
    const std::int64_t vp = 2 * (id - 1);
    Value second =
        software
            ? Value::vertex_property(Value::long_(vp + 1), "lang", Value::string("java"), Value::list())
            : Value::vertex_property(Value::long_(vp + 1), "age", Value::int_(ages[id - 1]), Value::list());
    return Value::vertex(Value::long_(id), software ? "software" : "person",
                         Value::list({Value::vertex_property(Value::long_(vp), "name",
                                                             Value::string(names[id - 1]), Value::list()),
                                      std::move(second)}));
}

// Walk-end counts of repeat(both()).times(15) per vertex (undirected adjacency of the modern graph).
std::array<double, 6> end_weights() {
    const int edges[6][2] = {{1, 2}, {1, 4}, {1, 3}, {4, 5}, {4, 3}, {6, 3}};
    std::array<double, 6> cnt{1, 1, 1, 1, 1, 1};
    for (int step = 0; step < 15; ++step) {
        std::array<double, 6> next{};
        for (const auto& e : edges) {
            next[e[1] - 1] += cnt[e[0] - 1];
            next[e[0] - 1] += cnt[e[1] - 1];
        }
        cnt = next;
    }
    return cnt;
}

std::vector<Value> batch() {
    const auto w = end_weights();
    double total = 0;
    for (double x : w) total += x;
    std::vector<Value> items;
    for (int v = 0; v < 6; ++v) {
        const int n = static_cast<int>(w[v] / total * 1000 + 0.5);
        for (int k = 0; k < n; ++k) items.push_back(modern_vertex(v + 1));
    }
    // Interleave deterministically so consecutive items differ.
    std::vector<Value> mixed;
    for (std::size_t i = 0; i < items.size(); ++i) mixed.push_back(items[(i * 7919) % items.size()]);
    return mixed;
}

GsOptions options(std::int64_t version, std::int64_t typed) {
    GsOptions o;
    o.version = version == 4 ? GsVersion::v4 : GsVersion::v3;
    o.typed = typed != 0;
    return o;
}

void set_counters(benchmark::State& state, std::size_t items, std::size_t bytes) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * items));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

void BM_encode(benchmark::State& state) {
    const auto items = batch();
    const GsOptions o = options(state.range(0), state.range(1));
    std::string out;
    std::size_t bytes = 0;
    for (auto _ : state) {
        out.clear();
        for (const auto& v : items) tpbench::io::gs_write(out, v, o);
        bytes = out.size();
        benchmark::DoNotOptimize(out.data());
    }
    set_counters(state, items.size(), bytes);
}

void BM_decode(benchmark::State& state) {
    const auto items = batch();
    const GsOptions o = options(state.range(0), state.range(1));
    std::vector<std::string> texts;
    std::size_t bytes = 0;
    for (const auto& v : items) {
        texts.emplace_back();
        tpbench::io::gs_write(texts.back(), v, o);
        bytes += texts.back().size();
    }
    for (auto _ : state) {
        for (const auto& t : texts) {
            auto r = tpbench::io::gs_read(t, o);
            if (!r.ok()) std::abort();
            benchmark::DoNotOptimize(r);
        }
    }
    set_counters(state, items.size(), bytes);
}

// Counting items of a response body's data array with gs_skip, as the envelope helper does.
void BM_skip(benchmark::State& state) {
    const auto items = batch();
    const GsOptions o = options(state.range(0), state.range(1));
    std::string body = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) body.push_back(',');
        tpbench::io::gs_write(body, items[i], o);
    }
    body.push_back(']');
    for (auto _ : state) {
        std::size_t pos = 1, count = 0;
        for (;;) {
            auto r = tpbench::io::gs_skip(body, pos);
            if (!r.ok()) std::abort();
            ++count;
            pos = *r;
            if (body[pos] == ']') break;
            ++pos;  // ','
        }
        if (count != items.size()) std::abort();
        benchmark::DoNotOptimize(count);
    }
    set_counters(state, items.size(), body.size());
}

void args(benchmark::internal::Benchmark* b) {
    b->ArgNames({"version", "typed"});
    for (int version : {3, 4})
        for (int typed : {1, 0}) b->Args({version, typed});
}

}  // namespace

BENCHMARK(BM_encode)->Apply(args);
BENCHMARK(BM_decode)->Apply(args);
BENCHMARK(BM_skip)->Apply(args);
BENCHMARK_MAIN();
