#pragma once
// A deterministic two-side report used by the renderer tests and the browser check.
#include <tpbench/report/report.hpp>

#include <cmath>
#include <random>

namespace tpbench::report::testing {

inline Side sample_side(const std::string& name, double scale, std::uint64_t seed) {
    Side s;
    s.name = name;
    s.config.backend = name;
    s.config.serializer = "graphbinary-1.0";
    s.config.compression = "none";
    s.config.connections = 8;
    s.config.in_flight_per_connection = 4;
    s.config.effective_concurrency = 32;
    s.config.offered_rps = 2000;
    s.config.achieved_rps = 1995.5;
    s.config.extra["workers"] = "2";
    s.requests = 20000;
    s.failed = 12;
    s.completed = s.requests - s.failed;
    s.duration_s = 10.0;
    s.throughput_rps = static_cast<double>(s.completed) / s.duration_s;
    s.results = s.completed * 6;
    s.bytes_out = 2'000'000;
    s.bytes_in = 9'000'000;
    stats::HistogramConfig cfg{1, 60'000'000'000, 3};
    stats::Histogram lat{cfg}, svc{cfg}, ttfr{cfg};
    std::mt19937_64 rng(seed);
    std::lognormal_distribution<double> d(std::log(200'000.0 * scale), 0.6);
    for (int i = 0; i < 20000; ++i) {
        const auto v = static_cast<std::int64_t>(d(rng));
        lat.record(v + 5'000);
        svc.record(v);
        ttfr.record(v / 2);
    }
    s.latency = lat;
    s.service = svc;
    s.ttfr = ttfr;
    s.ttlr = svc;
    s.errors = {{"timeout", 10}, {"server_evaluation", 2}};
    for (int t = 1; t <= 10; ++t)
        s.intervals.push_back({static_cast<double>(t), 1990.0 + 5 * std::sin(t + scale),
                               200'000.0 * scale + 1000 * t, 900'000.0 * scale + 5000 * t,
                               static_cast<std::uint64_t>(t % 3 == 0)});
    return s;
}

inline Report sample_report() {
    Report r;
    r.title = "ws37 vs http4 <g.V().out()>";
    r.tool_version = "tpbench 0.1.0";
    r.created_utc = "2026-11-30T08:00:00Z";
    r.scenario = "g.V().out().limit(5)";
    r.command = "tpbench run --backend ws37,http4 --rate 2000";
    r.meta["host"] = "test";
    r.sides.push_back(sample_side("ws37", 1.0, 1));
    r.sides.push_back(sample_side("http4", 1.3, 2));
    const double a[] = {410e3, 420e3, 405e3, 415e3, 412e3};
    const double b[] = {530e3, 540e3, 525e3, 545e3, 535e3};
    r.comparisons.push_back(compare_metric("p99 latency", "ns", "ws37", "http4", a, b));
    const double ta[] = {1995, 1990, 1998};
    const double tb[] = {1994, 1996, 1991};
    r.comparisons.push_back(
        compare_metric("throughput", "rps", "ws37", "http4", ta, tb, {.lower_is_better = false}));
    r.thresholds.push_back({"p99<20ms", true, "p99<20ms: p99 = 1.100ms (limit < 20.000ms) -> ok"});
    r.thresholds.push_back(
        {"errors<0.01%", false, "errors<0.01%: errors = 0.060% (limit < 0.010%) -> FAILED"});
    return r;
}

// The default A/B's shape (src/cli/cmd_ab.cpp run_demo): four scenarios x two sides, closed loop
// (no intervals, service time = latency), the seed table with one comparison per scenario.
inline Report sample_default_ab_report() {
    Report r;
    r.title = "tpbench A/B: ws37 vs http4 (ProfilingApplication scenarios)";
    r.tool_version = "tpbench 0.1.0";
    r.created_utc = "2026-11-30T08:00:00Z";
    const char* scenarios[] = {"Latency g.V()", "Latency g.V().repeat(both()).times(15)", "Throughput 1 + 1",
                               "Throughput exercise"};
    const char* branches[] = {"ws37 (3.7)", "http4 (master-http)"};
    std::uint64_t seed = 10;
    for (std::size_t c = 0; c < 4; ++c) {
        const bool lat = c < 2;
        for (std::size_t b = 0; b < 2; ++b) {
            Side s = sample_side(b == 0 ? "ws37" : "http4", 1.0 + 0.4 * static_cast<double>(b + c), ++seed);
            s.name = std::string(b == 0 ? "ws37 " : "http4 ") + scenarios[c];
            s.scenario = scenarios[c];
            s.service = s.latency;  // closed loop
            s.intervals.clear();
            s.config.offered_rps = 0;  // closed loop
            s.config.extra["target"] = "127.0.0.1:8182 (embedded)";
            s.config.extra["generation"] = b == 0 ? "3.7" : "master-http";
            if (lat) {
                s.config.extra["concurrency"] = "latency: one request at a time";
                s.config.connections = 1;
                s.config.in_flight_per_connection = 1;
                s.config.effective_concurrency = 1;
            }
            r.sides.push_back(s);
            r.seed_table.push_back(
                {s.name, branches[b], lat ? "Latency" : "Throughput",
                 "executions 3 warmups 1 — a long argument text that has to wrap in its cell", scenarios[c],
                 lat ? "0.0012 sec" : "40163 req/sec", std::nullopt});
        }
        const double a[] = {lat ? 1.2e6 : 40000.0};
        const double bv[] = {lat ? 2.3e6 : 9000.0};
        r.comparisons.push_back(
            compare_metric(std::string(scenarios[c]) + (lat ? " (avg latency)" : " (req/sec)"),
                           lat ? "ns" : "rps", "ws37", "http4", a, bv, {.lower_is_better = lat}));
        r.seed_table.back().comparison = r.comparisons.size() - 1;
    }
    return r;
}

}  // namespace tpbench::report::testing
