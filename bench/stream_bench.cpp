// Response-stream decoding throughput (what the load generator runs per response):
//   * http4 ResponseDecoder, count and materialise modes, on a times(15)-like stream of modern-graph
//     vertices (all properties, Long ids) in GraphBinary 4 and GraphSON 4 typed, fed in 64 KiB chunks;
//   * ws37 scan_response (count) and decode_response on 64-item GraphBinary 1.0 / GraphSON 3.0
//     batches of the same vertices.
// Reports items/s and bytes/s. Results and commands: docs/performance.md.
#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace {

using namespace tpbench;
using namespace tpbench::io;
using model::Value;

Value modern_vertex(int i) {
    static const char* labels[6] = {"person", "person", "software", "person", "software", "person"};
    static const char* names[6] = {"marko", "vadas", "lop", "josh", "ripple", "peter"};
    static const int ages[6] = {29, 27, 0, 32, 0, 35};
    const bool person = labels[i][0] == 'p';
    const std::int64_t vp = 2 * i;
    return Value::vertex(
        Value::long_(i + 1), labels[i],
        Value::list(
            {Value::vertex_property(Value::long_(vp), "name", Value::string(names[i]), Value::list()),
             Value::vertex_property(Value::long_(vp + 1), person ? "age" : "lang",
                                    person ? Value::int_(ages[i]) : Value::string("java"), Value::list())}));
}

constexpr std::size_t kItems = 100'000;
constexpr std::size_t kChunk = 64 * 1024;

const std::string& http4_body(http4::ResponseFormat f) {
    static std::string bodies[3];
    std::string& b = bodies[static_cast<int>(f)];
    if (b.empty()) {
        http4::write_response_start(b, f, false);
        for (std::size_t i = 0; i < kItems; ++i)
            http4::write_response_item(b, f, modern_vertex(static_cast<int>(i % 6)), i == 0);
        http4::write_response_end(b, f, 200);
    }
    return b;
}

void run_decoder(benchmark::State& state, http4::ResponseFormat f, http4::DecodeMode mode) {
    const std::string& body = http4_body(f);
    std::uint64_t sink = 0;
    for (auto _ : state) {
        http4::ResponseDecoder dec(f, mode, [&](Value&& v, std::int64_t) { sink += v.size(); });
        for (std::size_t at = 0; at < body.size(); at += kChunk) {
            auto r = dec.feed(std::string_view(body).substr(at, kChunk));
            if (!r) state.SkipWithError(r.error().message.c_str());
        }
        if (!dec.finish() || dec.item_count() != kItems) state.SkipWithError("wrong item count");
        benchmark::DoNotOptimize(sink);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kItems));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * body.size()));
}

void BM_http4_gb4_count(benchmark::State& s) {
    run_decoder(s, http4::ResponseFormat::graphbinary_v4, http4::DecodeMode::count);
}
void BM_http4_gb4_materialize(benchmark::State& s) {
    run_decoder(s, http4::ResponseFormat::graphbinary_v4, http4::DecodeMode::materialize);
}
void BM_http4_gs4_count(benchmark::State& s) {
    run_decoder(s, http4::ResponseFormat::graphson_v4, http4::DecodeMode::count);
}
void BM_http4_gs4_materialize(benchmark::State& s) {
    run_decoder(s, http4::ResponseFormat::graphson_v4, http4::DecodeMode::materialize);
}

// One 206 frame with 64 vertices.
std::string ws37_batch(ws37::Format f) {
    ws37::ResponseMessage m;
    m.header.request_id = model::Uuid{};
    m.header.code = 206;
    std::vector<Value> items;
    for (int i = 0; i < 64; ++i) items.push_back(modern_vertex(i % 6));
    m.data = Value::list(std::move(items));
    std::string out;
    ws37::encode_response(out, m, f);
    return out;
}

void run_scan(benchmark::State& state, ws37::Format f, bool materialize) {
    const std::string frame = ws37_batch(f);
    std::uint64_t sink = 0;
    ws37::ScanCache cache;  // as a connection keeps it
    for (auto _ : state) {
        if (materialize) {
            auto d = ws37::decode_response(frame, f);
            if (!d || d->data.size() != 64)
                state.SkipWithError("decode failed");
            else
                sink += d->data.size();
        } else {
            auto s = ws37::scan_response(frame, f, {}, &cache);
            if (!s || s->item_count != 64)
                state.SkipWithError("scan failed");
            else
                sink += s->item_count;
        }
        benchmark::DoNotOptimize(sink);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 64));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * frame.size()));
}

void BM_ws37_gb1_scan(benchmark::State& s) { run_scan(s, ws37::Format::graphbinary_v1, false); }
void BM_ws37_gb1_decode(benchmark::State& s) { run_scan(s, ws37::Format::graphbinary_v1, true); }
void BM_ws37_gs3_scan(benchmark::State& s) { run_scan(s, ws37::Format::graphson_v3, false); }
void BM_ws37_gs3_decode(benchmark::State& s) { run_scan(s, ws37::Format::graphson_v3, true); }

}  // namespace

BENCHMARK(BM_http4_gb4_count)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_http4_gb4_materialize)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_http4_gs4_count)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_http4_gs4_materialize)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ws37_gb1_scan);
BENCHMARK(BM_ws37_gb1_decode);
BENCHMARK(BM_ws37_gs3_scan);
BENCHMARK(BM_ws37_gs3_decode);

BENCHMARK_MAIN();
