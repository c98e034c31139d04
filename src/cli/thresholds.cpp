#include "thresholds.hpp"

#include "baseline.hpp"

#include <tpbench/profiling/profiling.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace tpbench::cli {

namespace {

std::string known_labels(const std::vector<std::string>& labels) {
    std::string known;
    for (const auto& l : labels) known += (known.empty() ? "" : ", ") + l;
    return known;
}

}  // namespace

std::vector<stats::Threshold> parse_threshold_flag(const std::string& text,
                                                   const std::vector<std::string>& labels,
                                                   bool have_baseline) {
    if (text.empty()) return {};
    auto parsed = stats::parse_thresholds(text);
    if (!parsed) throw engine::ConfigError(parsed.error());
    for (const auto& t : *parsed) {
        if (t.baseline) {
            if (!have_baseline)
                throw engine::ConfigError(fmt::format(
                    "threshold '{}' compares with a baseline: give the earlier report with --baseline FILE",
                    t.text));
            if (!t.side.empty() && std::find(labels.begin(), labels.end(), t.side) == labels.end())
                throw engine::ConfigError(
                    fmt::format("threshold '{}' names side '{}', which this run does not "
                                "have (sides: {})",
                                t.text, t.side, known_labels(labels)));
            continue;
        }
        if (t.ratio) {
            if (labels.size() < 2)
                throw engine::ConfigError(fmt::format(
                    "threshold '{}': a ratio compares two sides (tpbench ab); this command has one", t.text));
            continue;
        }
        if (t.scope.empty()) continue;
        if (std::find(labels.begin(), labels.end(), t.scope) == labels.end())
            throw engine::ConfigError(
                fmt::format("threshold '{}' names side '{}', which this run does not have (sides: {}; or "
                            "ratio:)",
                            t.text, t.scope, known_labels(labels)));
    }
    return *parsed;
}

stats::MetricSource side_source(const report::Side& s) {
    static const stats::Histogram empty;
    return stats::run_source(s.latency ? *s.latency : empty, s.throughput_rps,
                             static_cast<std::int64_t>(s.requests), static_cast<std::int64_t>(s.failed));
}

namespace {

// The mean of a metric over a side's rounds; nullopt when any round lacks it.
std::optional<double> side_metric(const stats::Threshold& t, const ThresholdSide& side) {
    if (side.rounds.empty()) return std::nullopt;
    double sum = 0;
    for (const auto* r : side.rounds) {
        const auto v = side_source(*r)(t);
        if (!v) return std::nullopt;
        sum += *v;
    }
    return sum / static_cast<double>(side.rounds.size());
}

}  // namespace

int apply_thresholds(report::Report& rep, const std::vector<stats::Threshold>& thresholds,
                     const std::vector<ThresholdSide>& sides, bool prefix, const report::Report* baseline) {
    bool all = true;
    prefix = prefix || sides.size() > 1;
    for (const auto& t : thresholds) {
        if (t.baseline) {
            for (const auto& side : sides) {
                if (!t.side.empty() && t.side != side.label) continue;  // "http4:p99<1.1x baseline"
                const report::Side* b = baseline && !side.rounds.empty()
                                            ? baseline_side(*baseline, *side.rounds.front())
                                            : nullptr;
                const auto cur = side_metric(t, side);
                const auto was = b ? side_source(*b)(t) : std::nullopt;
                std::optional<double> ratio;
                if (cur && was && *was != 0 && std::isfinite(*cur / *was)) ratio = *cur / *was;
                auto res = stats::evaluate_thresholds({t}, [&](const stats::Threshold&) { return ratio; });
                const auto& x = res.results[0];
                std::string msg = fmt::format("{} / baseline: {}", side.label, x.message);
                if (!b) msg += " (the baseline has no such side)";
                if (!ratio && cur && was) msg += fmt::format(" ({} of the baseline is 0)", t.metric);
                rep.thresholds.push_back({t.text, x.passed, std::move(msg)});
                all = all && x.passed;
            }
            continue;
        }
        if (t.ratio) {
            for (std::size_t i = 1; i < sides.size(); ++i) {
                const auto a = side_metric(t, sides[0]);
                const auto b = side_metric(t, sides[i]);
                std::optional<double> ratio;
                if (a && b && *a != 0 && std::isfinite(*b / *a)) ratio = *b / *a;
                auto res = stats::evaluate_thresholds({t}, [&](const stats::Threshold&) { return ratio; });
                const auto& x = res.results[0];
                std::string msg = fmt::format("{} / {}: {}", sides[i].label, sides[0].label, x.message);
                if (!ratio && a && b) msg += fmt::format(" ({} of {} is 0)", t.metric, sides[0].label);
                rep.thresholds.push_back({t.text, x.passed, std::move(msg)});
                all = all && x.passed;
            }
            continue;
        }
        for (const auto& side : sides) {
            if (!t.scope.empty() && t.scope != side.label) continue;
            auto res = stats::evaluate_thresholds(
                {t}, [&](const stats::Threshold& x) { return side_metric(x, side); });
            const auto& x = res.results[0];
            if (prefix && t.scope.empty())
                rep.thresholds.push_back(
                    {side.label + ":" + t.text, x.passed, side.label + ": " + x.message});
            else
                rep.thresholds.push_back({t.text, x.passed, x.message});
            all = all && x.passed;
        }
    }
    return all ? 0 : stats::kThresholdsFailedExitCode;
}

}  // namespace tpbench::cli
