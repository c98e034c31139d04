// GraphBinary codec micro-benchmark: encode (gb_write), decode (gb_read) and skip (gb_skip) of the
// result stream of g.V().repeat(both()).times(15) on the stock-server modern graph — full vertices
// (Long vertex ids, Long vertex-property ids, materializeProperties=all), in GraphBinary 1.0 and 4.0.
// The stream is 9,999 items whose end-vertex mix follows modern-graph.md §4 for n = 15
// (marko/lop/josh 665,857 each, vadas/ripple/peter 275,807 each, scaled), in a fixed pseudo-random
// order. Reports items/s and bytes/s. Results: docs/performance.md "GraphBinary codec".
#include <tpbench/io/graphbinary.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using tpbench::io::GbVersion;
using tpbench::model::Value;

// The six modern-graph vertices as the stock server sends them.
std::vector<Value> modern_vertices() {
    struct Row {
        std::int64_t id;
        const char* label;
        const char* name;
        const char* key2;
        Value v2;
    };
    const Row rows[] = {{1, "person", "marko", "age", Value::int_(29)},
                        {2, "person", "vadas", "age", Value::int_(27)},
                        {3, "software", "lop", "lang", Value::string("java")},
                        {4, "person", "josh", "age", Value::int_(32)},
                        {5, "software", "ripple", "lang", Value::string("java")},
                        {6, "person", "peter", "age", Value::int_(35)}};
    std::vector<Value> out;
    std::int64_t pid = 0;
    for (const Row& r : rows) {
        std::vector<Value> props;
        props.push_back(
            Value::vertex_property(Value::long_(pid++), "name", Value::string(r.name), Value::list()));
        props.push_back(Value::vertex_property(Value::long_(pid++), r.key2, r.v2, Value::list()));
        out.push_back(Value::vertex(Value::long_(r.id), r.label, Value::list(std::move(props))));
    }
    return out;
}

std::vector<Value> walk_stream() {
    const auto vs = modern_vertices();
    // Ends per vertex for times(15), scaled to ~10k items: 665,857 : 275,807 ~ 2357 : 976.
    const int counts[6] = {2357, 976, 2357, 2357, 976, 976};
    std::vector<Value> items;
    for (int v = 0; v < 6; ++v)
        for (int i = 0; i < counts[v]; ++i) items.push_back(vs[static_cast<std::size_t>(v)]);
    std::uint64_t x = 88172645463325252ULL;  // xorshift64: fixed order, interleaved vertices
    for (std::size_t i = items.size() - 1; i > 0; --i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        std::swap(items[i], items[x % (i + 1)]);
    }
    return items;
}

const std::vector<Value>& stream() {
    static const std::vector<Value> s = walk_stream();
    return s;
}

std::string encoded(GbVersion ver) {
    std::string out;
    for (const Value& v : stream()) tpbench::io::gb_write(out, v, ver);
    return out;
}

GbVersion version_of(const benchmark::State& st) { return st.range(0) == 1 ? GbVersion::v1 : GbVersion::v4; }

void BM_gb_encode(benchmark::State& st) {
    const GbVersion ver = version_of(st);
    const auto& items = stream();
    std::string out;
    out.reserve(encoded(ver).size());
    for (auto _ : st) {
        out.clear();
        for (const Value& v : items) tpbench::io::gb_write(out, v, ver);
        benchmark::DoNotOptimize(out.data());
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * items.size()));
    st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * out.size()));
}

void BM_gb_read(benchmark::State& st) {
    const GbVersion ver = version_of(st);
    const std::string buf = encoded(ver);
    std::size_t n = 0;
    for (auto _ : st) {
        std::size_t pos = 0;
        n = 0;
        while (pos < buf.size()) {
            auto r = tpbench::io::gb_read(buf, pos, ver);
            if (!r.ok()) {
                st.SkipWithError(r.error().to_string().c_str());
                return;
            }
            benchmark::DoNotOptimize(r.value());
            ++n;
        }
    }
    if (n != stream().size()) st.SkipWithError("item count mismatch");
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * n));
    st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * buf.size()));
}

void BM_gb_skip(benchmark::State& st) {
    const GbVersion ver = version_of(st);
    const std::string buf = encoded(ver);
    std::size_t n = 0;
    for (auto _ : st) {
        std::size_t pos = 0;
        n = 0;
        while (pos < buf.size()) {
            auto r = tpbench::io::gb_skip(buf, pos, ver);
            if (!r.ok()) {
                st.SkipWithError(r.error().to_string().c_str());
                return;
            }
            pos = r.value();
            ++n;
        }
        benchmark::DoNotOptimize(pos);
    }
    if (n != stream().size()) st.SkipWithError("item count mismatch");
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * n));
    st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * buf.size()));
}

}  // namespace

// Arg 1 = GraphBinary 1.0, 4 = GraphBinary 4.0.
BENCHMARK(BM_gb_encode)->Arg(1)->Arg(4);
BENCHMARK(BM_gb_read)->Arg(1)->Arg(4);
BENCHMARK(BM_gb_skip)->Arg(1)->Arg(4);

BENCHMARK_MAIN();
