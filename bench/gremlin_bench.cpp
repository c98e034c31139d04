// Micro-benchmarks for the embedded Gremlin evaluator (tpbench::gremlin): script parse+evaluate
// cost of `1+1`, the ProfilingApplication exercise mix, and the repeat(both()).times(18) stream.
// Results and commands: docs/performance.md, section "Gremlin evaluator".
#include <tpbench/server/gremlin.hpp>

#include <benchmark/benchmark.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

using tpbench::server::EvalOptions;
using tpbench::server::Graph;
using tpbench::server::Item;

// Drains a stream the way the protocol layer does: one materialisation per distinct element
// (callers cache by element_key), unrolled bulks counted.
std::int64_t drain(Graph& g, const std::string& script, bool materialize) {
    auto s = tpbench::server::evaluate_script(g, script, EvalOptions{});
    Item it;
    std::int64_t n = 0;
    while (s->next(it)) {
        if (materialize) benchmark::DoNotOptimize(tpbench::server::materialize(it, false));
        n += it.bulk;
    }
    if (s->error()) throw std::runtime_error(s->error()->message);
    return n;
}

void BM_one_plus_one(benchmark::State& st) {
    Graph g;
    for (auto _ : st) benchmark::DoNotOptimize(drain(g, "1+1", false));
    st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_one_plus_one);

const std::vector<std::string>& exercise() {
    static const std::vector<std::string> scripts = {
        "g.V()",
        "g.V(1).out('knows')",
        "g.V(1).out('knows').has('name','josh')",
        "g.V(1).as(\"a\").out(\"knows\").as(\"b\").select(\"a\", \"b\")",
        "g.V(1).as(\"a\").out(\"knows\").as(\"b\").select(\"a\", \"b\").by(\"name\")",
        "g.V().hasLabel(\"person\").as(\"p\").map(__.bothE().label().groupCount()).as(\"r\").select(\"p\", "
        "\"r\")",
        "g.V().choose(__.outE().count().is(0L), __.as(\"a\"), __.as(\"b\")).choose(__.select(\"a\"), "
        "__.select(\"a\"), "
        "__.select(\"b\"))",
        "g.V().group(\"a\").by(T.label).by(outE().values(\"weight\").sum()).cap(\"a\")",
        "g.V().repeat(__.union(__.out(\"knows\").group(\"a\").by(\"age\"), "
        "__.out(\"created\").group(\"b\").by(\"name\")"
        ".by(count())).group(\"a\").by(\"name\")).times(2).cap(\"a\", \"b\")",
    };
    return scripts;
}

// The nine scripts ProfilingApplication picks from, round-robin, results materialised.
void BM_exercise_mix(benchmark::State& st) {
    Graph g;
    g.load_modern();
    std::size_t i = 0;
    for (auto _ : st) {
        benchmark::DoNotOptimize(drain(g, exercise()[i], true));
        i = (i + 1) % exercise().size();
    }
    st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_exercise_mix);

void BM_exercise_script(benchmark::State& st) {
    Graph g;
    g.load_modern();
    const std::string& s = exercise()[static_cast<std::size_t>(st.range(0))];
    for (auto _ : st) benchmark::DoNotOptimize(drain(g, s, true));
    st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_exercise_script)->DenseRange(0, 8);

// repeat(both()).times(18): 39,750,654 results; items/s counts unrolled results.
void BM_times18_stream(benchmark::State& st) {
    Graph g;
    g.load_modern();
    std::int64_t total = 0;
    for (auto _ : st) total += drain(g, "g.V().repeat(both()).times(18)", true);
    st.SetItemsProcessed(total);
}
BENCHMARK(BM_times18_stream)->Unit(benchmark::kMicrosecond);

// Six hops: the lazy barrier keeps the stream bulked (1,014 results in a handful of items).
void BM_six_hops(benchmark::State& st) {
    Graph g;
    g.load_modern();
    std::int64_t total = 0;
    for (auto _ : st) total += drain(g, "g.V().both().both().both().both().both().both()", true);
    st.SetItemsProcessed(total);
}
BENCHMARK(BM_six_hops)->Unit(benchmark::kMicrosecond);

// Unbulked: path() prevents merging, so each of the 1,014 walks is its own traverser and Path.
void BM_six_hop_paths(benchmark::State& st) {
    Graph g;
    g.load_modern();
    std::int64_t total = 0;
    for (auto _ : st) total += drain(g, "g.V().repeat(both()).times(6).path()", false);
    st.SetItemsProcessed(total);
}
BENCHMARK(BM_six_hop_paths)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
