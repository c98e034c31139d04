// k6-style threshold expressions.
#include <tpbench/stats/threshold.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>

namespace tpbench::stats {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Parses a non-negative decimal number prefix ("20", "0.1", "99.9", "1e3"); returns chars used.
std::size_t parse_number(std::string_view s, double& out) {
    std::size_t i = 0;
    while (i < s.size() && (is_digit(s[i]) || s[i] == '.')) ++i;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E') && i + 1 < s.size() &&
        (is_digit(s[i + 1]) ||
         ((s[i + 1] == '-' || s[i + 1] == '+') && i + 2 < s.size() && is_digit(s[i + 2])))) {
        i += 2;
        while (i < s.size() && is_digit(s[i])) ++i;
    }
    if (i == 0) return 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + i, out);
    if (ec != std::errc{} || p != s.data() + i || !std::isfinite(out)) return 0;
    return i;
}

std::string fmt(double v, const char* spec) {
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return buf;
}

std::string_view op_text(CompareOp op) {
    switch (op) {
        case CompareOp::lt:
            return "<";
        case CompareOp::le:
            return "<=";
        case CompareOp::gt:
            return ">";
        case CompareOp::ge:
            return ">=";
        case CompareOp::eq:
            return "==";
        case CompareOp::ne:
            return "!=";
    }
    return "?";
}

bool holds(double actual, CompareOp op, double limit) {
    switch (op) {
        case CompareOp::lt:
            return actual < limit;
        case CompareOp::le:
            return actual <= limit;
        case CompareOp::gt:
            return actual > limit;
        case CompareOp::ge:
            return actual >= limit;
        case CompareOp::eq:
            return actual == limit;
        case CompareOp::ne:
            return actual != limit;
    }
    return false;
}

}  // namespace

Expected<Threshold> parse_threshold(std::string_view text) {
    const std::string_view s = trim(text);
    Threshold t;
    t.text = std::string(s);
    const auto bad = [&](const std::string& why) { return fail("threshold '" + t.text + "': " + why); };
    if (s.empty()) return bad("empty expression");
    auto op_pos = s.find_first_of("<>=!");
    if (op_pos == std::string_view::npos) return bad("missing comparison operator (one of < <= > >= == !=)");
    // "SCOPE:expression": a side label, or "ratio" (B relative to A).
    std::string_view head = s.substr(0, op_pos);
    if (const auto colon = head.rfind(':'); colon != std::string_view::npos) {
        t.scope = std::string(trim(head.substr(0, colon)));
        if (t.scope.empty()) return bad("empty side name before ':'");
        t.ratio = t.scope == "ratio";
        t.baseline = t.scope == "baseline";
        head = head.substr(colon + 1);
    }
    t.metric = std::string(trim(head));
    std::string_view rest = s.substr(op_pos);
    if (rest.starts_with("<="))
        t.op = CompareOp::le, rest.remove_prefix(2);
    else if (rest.starts_with(">="))
        t.op = CompareOp::ge, rest.remove_prefix(2);
    else if (rest.starts_with("=="))
        t.op = CompareOp::eq, rest.remove_prefix(2);
    else if (rest.starts_with("!="))
        t.op = CompareOp::ne, rest.remove_prefix(2);
    else if (rest.starts_with("<"))
        t.op = CompareOp::lt, rest.remove_prefix(1);
    else if (rest.starts_with(">"))
        t.op = CompareOp::gt, rest.remove_prefix(1);
    else
        return bad("unknown operator '" + std::string(rest.substr(0, 2)) + "'");
    rest = trim(rest);

    // Metric; k6 spellings are accepted as aliases: avg -> mean, med -> p50, p(95) -> p95.
    if (t.metric == "avg")
        t.metric = "mean";
    else if (t.metric == "med")
        t.metric = "p50";
    else if (t.metric.size() > 3 && t.metric.starts_with("p(") && t.metric.back() == ')')
        t.metric = "p" + t.metric.substr(2, t.metric.size() - 3);
    const std::string& m = t.metric;
    if (m.empty()) return bad("missing metric name before the operator");
    if (m.size() > 1 && m[0] == 'p' && (is_digit(m[1]) || m[1] == '.')) {
        double p = 0;
        const std::string_view num = std::string_view(m).substr(1);
        if (parse_number(num, p) != num.size()) return bad("bad percentile '" + m + "'");
        if (p < 0 || p > 100) return bad("percentile must be within 0..100");
        t.kind = MetricKind::time;
        t.percentile = p;
    } else if (m == "mean" || m == "min" || m == "max" || m == "stddev") {
        t.kind = MetricKind::time;
    } else if (m == "errors") {
        t.kind = MetricKind::fraction;
    } else if (m == "rps" || m == "error_count" || m == "requests") {
        t.kind = MetricKind::count;
    } else {
        return bad("unknown metric '" + m +
                   "' (known: pNN, mean, min, max, stddev, rps, errors, error_count, requests)");
    }

    // Value and unit.
    double v = 0;
    const std::size_t used = parse_number(rest, v);
    if (used == 0) return bad("expected a non-negative number after the operator");
    std::string_view unit = trim(rest.substr(used));
    // "1.10x baseline" / "1.10 x baseline": a factor of the baseline run's metric.
    if (unit.ends_with("baseline")) {
        std::string_view u = trim(unit.substr(0, unit.size() - 8));
        if (u == "x" || u == "*" || u.empty()) {
            if (t.ratio) return bad("'x baseline' compares with the baseline report, not side B with side A");
            if (!t.scope.empty() && !t.baseline) t.side = t.scope;  // "SIDE:p99<1.1x baseline"
            t.scope = "baseline";
            t.baseline = true;
            unit = "x";
        }
    }
    if (t.ratio || t.baseline) {
        const char* what = t.ratio ? "a ratio" : "a baseline factor";
        if (t.kind == MetricKind::fraction || m == "error_count" || m == "requests")
            return bad(std::string(what) +
                       " compares latency or throughput (pNN, mean, min, max, stddev, rps), not '" + m + "'");
        if (!unit.empty() && unit != "x")
            return bad(std::string(what) + " is a plain factor (e.g. " +
                       (t.ratio ? "ratio:rps>0.9" : "rps>0.95x baseline") + "), not '" + std::string(unit) +
                       "'");
        t.value = v;
        return t;
    }
    switch (t.kind) {
        case MetricKind::time: {
            double scale = 0;
            if (unit == "ns")
                scale = 1;
            else if (unit == "us" || unit == "\xC2\xB5s")
                scale = 1e3;
            else if (unit == "ms")
                scale = 1e6;
            else if (unit == "s")
                scale = 1e9;
            else if (unit == "m")
                scale = 60e9;
            else if (unit.empty())
                return bad("time metric '" + m + "' needs a unit (ns, us, ms, s, m)");
            else
                return bad("unknown time unit '" + std::string(unit) + "'");
            t.value = v * scale;
            break;
        }
        case MetricKind::fraction:
            if (unit != "%") return bad("'errors' is a percentage of requests: write e.g. errors<0.1%");
            if (v > 100) return bad("percentage above 100%");
            t.value = v / 100.0;
            break;
        case MetricKind::count:
            if (unit.empty())
                t.value = v;
            else if (unit == "k")
                t.value = v * 1e3;
            else if (unit == "M")
                t.value = v * 1e6;
            else
                return bad("unknown unit '" + std::string(unit) + "' for '" + m + "' (allowed: none, k, M)");
            break;
    }
    return t;
}

Expected<std::vector<Threshold>> parse_thresholds(std::string_view text) {
    std::vector<Threshold> out;
    while (true) {
        const auto sep = text.find_first_of(",;");
        const auto part = trim(text.substr(0, sep));
        if (!part.empty()) {
            auto t = parse_threshold(part);
            if (!t) return fail(t.error());
            out.push_back(std::move(t.value()));
        }
        if (sep == std::string_view::npos) break;
        text.remove_prefix(sep + 1);
    }
    if (out.empty()) return fail("no threshold expressions given");
    return out;
}

MetricSource map_source(const std::map<std::string, double>& metrics) {
    return [metrics](const Threshold& t) -> std::optional<double> {
        auto it = metrics.find(t.metric);
        if (it == metrics.end()) return std::nullopt;
        return it->second;
    };
}

MetricSource run_source(const Histogram& latency, double rps, std::int64_t requests,
                        std::int64_t error_count) {
    return [&latency, rps, requests, error_count](const Threshold& t) -> std::optional<double> {
        const std::string& m = t.metric;
        if (t.kind == MetricKind::time) {
            if (latency.count() == 0) return std::nullopt;
            if (m == "mean") return latency.mean();
            if (m == "stddev") return latency.stddev();
            if (m == "min") return static_cast<double>(latency.min());
            if (m == "max") return static_cast<double>(latency.highest_equivalent(latency.max()));
            return static_cast<double>(latency.value_at_percentile(t.percentile));
        }
        if (m == "errors")
            return requests > 0 ? static_cast<double>(error_count) / static_cast<double>(requests) : 0.0;
        if (m == "rps") return rps;
        if (m == "requests") return static_cast<double>(requests);
        if (m == "error_count") return static_cast<double>(error_count);
        return std::nullopt;
    };
}

std::string format_metric(const Threshold& t, double value) {
    if (t.ratio || t.baseline)
        return fmt(value, value > 0 && value < 0.001 ? "x%.3g" : "x%.3f");  // x0.950, x0.0001
    switch (t.kind) {
        case MetricKind::time:
            if (value >= 1e9) return fmt(value / 1e9, "%.3fs");
            if (value >= 1e6) return fmt(value / 1e6, "%.3fms");
            if (value >= 1e3) return fmt(value / 1e3, "%.3fus");
            return fmt(value, "%.0fns");
        case MetricKind::fraction:
            return fmt(value * 100.0, "%.3f%%");
        case MetricKind::count:
            return fmt(value, "%.1f");
    }
    return fmt(value, "%g");
}

ThresholdReport evaluate_thresholds(const std::vector<Threshold>& thresholds, const MetricSource& source) {
    ThresholdReport rep;
    for (const auto& t : thresholds) {
        ThresholdResult r;
        r.threshold = t;
        r.actual = source ? source(t) : std::nullopt;
        if (!r.actual) {
            r.passed = false;
            r.message = t.text + ": not measured in this run -> FAILED";
        } else {
            r.passed = holds(*r.actual, t.op, t.value);
            r.message = t.text + ": " + t.metric + " = " + format_metric(t, *r.actual) + " (limit " +
                        std::string(op_text(t.op)) + " " + format_metric(t, t.value) + ") -> " +
                        (r.passed ? "ok" : "FAILED");
        }
        rep.all_passed = rep.all_passed && r.passed;
        rep.results.push_back(std::move(r));
    }
    return rep;
}

}  // namespace tpbench::stats
