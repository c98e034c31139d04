#include "baseline.hpp"

#include "cli_common.hpp"

#include <tpbench/profiling/profiling.hpp>
#include <tpbench/report/render.hpp>

#include <fmt/core.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

namespace tpbench::cli {

report::Report load_baseline(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw engine::ConfigError(fmt::format("--baseline: cannot read '{}'", path));
    std::ostringstream ss;
    ss << in.rdbuf();
    auto r = report::parse_report_json(ss.str());
    if (!r)
        throw engine::ConfigError(fmt::format(
            "--baseline '{}' is not a tpbench JSON report ({}); write one with --report FILE.json", path,
            r.error()));
    if (r->sides.empty()) throw engine::ConfigError(fmt::format("--baseline '{}' has no side", path));
    return std::move(*r);
}

const report::Side* baseline_side(const report::Report& base, const report::Side& side) {
    for (const auto& s : base.sides)
        if (s.name == side.name) return &s;
    return base.sides.size() == 1 ? &base.sides[0] : nullptr;
}

void check_same_scenario(const report::Report& base, const report::Report& cur) {
    std::vector<std::string> diffs;
    const auto differ = [&](const std::string& what, const std::string& b, const std::string& c) {
        if (b != c) diffs.push_back(fmt::format("{}: baseline '{}', this run '{}'", what, b, c));
    };
    differ("scenario", base.scenario, cur.scenario);
    for (const auto& s : cur.sides) {
        const report::Side* b = baseline_side(base, s);
        if (!b) {
            diffs.push_back(fmt::format("side '{}': the baseline has no such side", s.name));
            continue;
        }
        const std::string p = fmt::format("side '{}' ", s.name);
        differ(p + "backend", b->config.backend, s.config.backend);
        differ(p + "serializer", b->config.serializer, s.config.serializer);
        // A planned open-loop side whose rate the run decides is compared as open loop only.
        const bool rate_open = s.config.offered_rps < 0;
        const auto mode = [rate_open](const report::Side& x) {
            if (x.config.offered_rps == 0) return std::string("closed loop");
            if (rate_open || x.config.offered_rps < 0) return std::string("open loop");
            return fmt::format("open loop at {:g} req/s", x.config.offered_rps);
        };
        differ(p + "mode", mode(*b), mode(s));
        const auto pool = [](const report::Side& x) {
            return fmt::format("{} connection(s) x {} in flight", x.config.connections,
                               x.config.in_flight_per_connection);
        };
        if (s.config.connections > 0) differ(p + "pool", pool(*b), pool(s));  // 0: not run yet
        // The pool knobs, when both reports have them (a plan has them before the first request).
        const auto knobs = [](const report::Side& x) {
            const auto it = x.config.extra.find(std::string(pool_options_key));
            return it == x.config.extra.end() ? std::string() : it->second;
        };
        if (!knobs(*b).empty() && !knobs(s).empty()) differ(p + "pool options", knobs(*b), knobs(s));
    }
    if (diffs.empty()) return;
    std::string msg = "--baseline: the baseline ran another scenario, refusing to compare:";
    for (const auto& d : diffs) msg += "\n  " + d;
    throw engine::ConfigError(msg);
}

report::Side planned_side(std::string name, std::string backend, const engine::ProfilingOptions& o,
                          double offered_rps) {
    report::Side s;
    s.name = std::move(name);
    s.config.backend = std::move(backend);
    s.config.serializer = o.serializer;
    s.config.offered_rps = offered_rps;
    s.config.extra[std::string(pool_options_key)] = pool_options_text(o);
    return s;
}

namespace {

// The side's per-execution (closed loop) or per-second (open loop) figures, as repeat samples.
std::vector<double> interval_samples(const report::Side& s, double report::IntervalPoint::*field) {
    std::vector<double> v;
    for (const auto& p : s.intervals) v.push_back(p.*field);
    return v;
}

std::vector<double> one(std::optional<double> v) {
    return v && std::isfinite(*v) ? std::vector<double>{*v} : std::vector<double>{};
}

std::optional<double> pct(const report::Side& s, double p) {
    if (!s.latency || s.latency->count() == 0) return std::nullopt;
    return static_cast<double>(s.latency->value_at_percentile(p));
}

}  // namespace

void add_baseline_rows(report::Report& cur, const report::Report& base) {
    for (const auto& s : cur.sides) {
        const report::Side* b = baseline_side(base, s);
        if (!b) continue;
        const std::string a_name = "baseline " + b->name;
        stats::CompareOptions hi;  // throughput: higher is better
        hi.lower_is_better = false;
        hi.a_saturated = b->saturated;
        hi.b_saturated = s.saturated;
        stats::CompareOptions lo = hi;
        lo.lower_is_better = true;
        // With at least two intervals on both (test executions in closed loop), they are the
        // samples whose dispersion the verdict uses; else one figure each: ratio only, "n/a".
        const bool repeats = s.intervals.size() >= 2 && b->intervals.size() >= 2;
        const auto row = [&](const char* metric, const char* unit, std::vector<double> av,
                             std::vector<double> bv, const stats::CompareOptions& o) {
            auto r = report::compare_metric(metric, unit, a_name, s.name, av, bv, o);
            // One figure per run: say what gives samples here (not ab --repeat, as for an A/B row).
            if (r.verdict == "n/a" && r.samples_a == 1 && r.samples_b == 1)
                r.note =
                    "one figure per run for this row: no dispersion, no verdict (throughput, p50 and p99 "
                    "have one sample per test execution, or per second in rate mode, when both runs have "
                    "two or more)";
            cur.comparisons.push_back(std::move(r));
        };
        if (repeats)
            row("throughput", "rps", interval_samples(*b, &report::IntervalPoint::rps),
                interval_samples(s, &report::IntervalPoint::rps), hi);
        else
            row("throughput", "rps", one(b->throughput_rps), one(s.throughput_rps), hi);
        for (const auto& [name, p] : {std::pair{"p50 latency", 50.0}, std::pair{"p90 latency", 90.0},
                                      std::pair{"p99 latency", 99.0}, std::pair{"p99.9 latency", 99.9}}) {
            if (repeats && p == 50.0)
                row(name, "ns", interval_samples(*b, &report::IntervalPoint::p50_ns),
                    interval_samples(s, &report::IntervalPoint::p50_ns), lo);
            else if (repeats && p == 99.0)
                row(name, "ns", interval_samples(*b, &report::IntervalPoint::p99_ns),
                    interval_samples(s, &report::IntervalPoint::p99_ns), lo);
            else
                row(name, "ns", one(pct(*b, p)), one(pct(s, p)), lo);
        }
        row("error rate", "%", one(b->error_rate() * 100), one(s.error_rate() * 100), lo);
        // Client CPU per request, when both reports recorded it (closed-loop run and ab).
        const auto cpu = [](const report::Side& x) -> std::optional<double> {
            const auto it = x.config.extra.find(std::string(client_cpu_key));
            if (it == x.config.extra.end()) return std::nullopt;
            try {
                return std::stod(it->second);
            } catch (const std::exception&) {
                return std::nullopt;
            }
        };
        if (cpu(*b) && cpu(s)) row("client CPU per request", "ns", one(cpu(*b)), one(cpu(s)), lo);
    }
}

}  // namespace tpbench::cli
