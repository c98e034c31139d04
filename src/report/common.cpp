// Report model helpers and the summary rows shared by the text renderers.
#include "common.hpp"

#include <tpbench/report/render.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace tpbench::report {

namespace detail {

std::string fixed(double v, int decimals) {
    if (!std::isfinite(v)) return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string integer(std::uint64_t v) { return std::to_string(v); }

}  // namespace detail

std::string interruption_line(const Report& r) {
    using detail::fixed;
    using detail::integer;
    if (!r.interrupted) return {};
    const auto& i = *r.interrupted;
    std::string s = "INTERRUPTED";
    if (!i.signal.empty()) s += " by " + i.signal;
    if (!i.at_utc.empty()) s += " at " + i.at_utc;
    s += ", " + fixed(i.after_s, 1) +
         " s into the run: partial results (in-flight requests drained for at most " + fixed(i.grace_s, 1) +
         " s";
    if (i.not_sent > 0) s += "; " + integer(i.not_sent) + " planned request(s) not sent";
    return s + ")";
}

namespace detail {

std::string percentile_label(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "p%g", p);
    return buf;
}

std::string value_cell(double v, const std::string& unit) {
    if (unit == "ns") return format_ns(v);
    if (unit == "rps") return fixed(v, 1);
    if (unit == "%") return fixed(v, 3) + "%";
    return fixed(v, 3);
}

std::string ratio_cell(const ComparisonRow& c) {
    return std::isfinite(c.ratio) ? "x" + fixed(c.ratio, 3) : "-";
}

std::string ci_cell(const ComparisonRow& c) {
    if (!c.ci_low || !c.ci_high) return "-";
    return "[" + fixed(*c.ci_low, 3) + ", " + fixed(*c.ci_high, 3) + "]";
}

std::vector<std::string> query_header() {
    return {"query",   "count",       "share",
            "req/s",   "p50 ms",      "p90 ms",
            "p99 ms",  "p99.9 ms",    "first result p50 ms",
            "results", "wrong count", "errors"};
}

std::vector<std::vector<std::string>> query_rows(const Side& s, std::size_t limit) {
    std::vector<const QueryBreakdown*> qs;
    for (const auto& q : s.queries) qs.push_back(&q);
    const auto total_time = [](const QueryBreakdown* q) {
        return q->latency && q->latency->count() > 0
                   ? q->latency->mean() * static_cast<double>(q->latency->count())
                   : 0.0;
    };
    std::stable_sort(qs.begin(), qs.end(), [&](const QueryBreakdown* a, const QueryBreakdown* b) {
        return total_time(a) > total_time(b);
    });
    if (limit > 0 && qs.size() > limit) qs.resize(limit);
    const auto ms = [](const std::optional<stats::Histogram>& h, double p) {
        return h && h->count() > 0 ? fixed(static_cast<double>(h->value_at_percentile(p)) / 1e6, 3)
                                   : std::string("-");
    };
    std::vector<std::vector<std::string>> rows;
    for (const auto* q : qs) {
        std::string name = q->label.size() > 60 ? q->label.substr(0, 57) + "..." : q->label;
        if (q->line > 0) name = "line " + std::to_string(q->line) + ": " + name;
        std::string errs;
        for (const auto& e : q->errors) errs += (errs.empty() ? "" : ", ") + e.name + " " + integer(e.count);
        rows.push_back({std::move(name), integer(q->count), fixed(q->share * 100, 1) + "%",
                        fixed(query_rps(s, *q), 1), ms(q->latency, 50), ms(q->latency, 90),
                        ms(q->latency, 99), ms(q->latency, 99.9), ms(q->ttfr, 50), integer(q->results),
                        integer(q->wrong_result_count), errs.empty() ? std::string("-") : errs});
    }
    return rows;
}

bool any_queries(const Report& r) {
    for (const auto& s : r.sides)
        if (!s.queries.empty()) return true;
    return false;
}

std::vector<Row> summary_rows(const Report& r) {
    std::vector<Row> rows;
    const auto add = [&](std::string section, std::string label, auto cell) {
        Row row{std::move(section), std::move(label), {}};
        for (const auto& s : r.sides) row.cells.push_back(cell(s));
        rows.push_back(std::move(row));
    };
    add("config", "backend",
        [](const Side& s) { return s.config.backend.empty() ? std::string("-") : s.config.backend; });
    add("config", "serializer",
        [](const Side& s) { return s.config.serializer.empty() ? std::string("-") : s.config.serializer; });
    add("config", "compression",
        [](const Side& s) { return s.config.compression.empty() ? std::string("-") : s.config.compression; });
    // The dialect row only when some side reports one (http4), so other reports keep their shape.
    bool any_dialect = false;
    for (const auto& s : r.sides) any_dialect = any_dialect || !s.config.dialect.empty();
    if (any_dialect)
        add("config", "dialect",
            [](const Side& s) { return s.config.dialect.empty() ? std::string("-") : s.config.dialect; });
    add("config", "connections", [](const Side& s) { return integer(s.config.connections); });
    add("config", "in-flight per connection",
        [](const Side& s) { return integer(s.config.in_flight_per_connection); });
    add("config", "effective concurrency",
        [](const Side& s) { return integer(s.config.effective_concurrency); });
    add("config", "offered rate (req/s)", [](const Side& s) {
        return s.config.offered_rps > 0 ? fixed(s.config.offered_rps, 1) : std::string("closed loop");
    });
    add("config", "achieved rate (req/s)", [](const Side& s) { return fixed(s.config.achieved_rps, 1); });
    add("run", "requests", [](const Side& s) { return integer(s.requests); });
    add("run", "completed", [](const Side& s) { return integer(s.completed); });
    add("run", "failed", [](const Side& s) { return integer(s.failed); });
    add("run", "of which wrong result count", [](const Side& s) { return integer(s.wrong_result_count); });
    bool closed_loop = false;
    for (const auto& s : r.sides) closed_loop = closed_loop || s.config.offered_rps <= 0;
    if (closed_loop)
        add("run", "failed executions", [](const Side& s) {
            return s.config.offered_rps > 0 ? std::string("-") : integer(s.failed_executions);
        });
    add("run", "error rate", [](const Side& s) { return fixed(s.error_rate() * 100.0, 3) + "%"; });
    add("run", "duration (s)", [](const Side& s) { return fixed(s.duration_s, 3); });
    add("run", "throughput (req/s)", [](const Side& s) { return fixed(s.throughput_rps, 1); });
    add("run", "saturated generator", [](const Side& s) { return std::string(s.saturated ? "YES" : "no"); });
    struct Hist {
        const char* section;
        std::optional<stats::Histogram> Side::*member;
    };
    const Hist hists[] = {{"latency", &Side::latency},
                          {"service time", &Side::service},
                          {"time to first result", &Side::ttfr},
                          {"time to last result", &Side::ttlr},
                          {"send lateness (generator)", &Side::send_lateness}};
    for (const auto& h : hists) {
        bool any = false;
        for (const auto& s : r.sides) any = any || (s.*(h.member)).has_value();
        if (!any) continue;
        const auto cell = [&](auto fn) {
            return [&h, fn](const Side& s) -> std::string {
                const auto& opt = s.*(h.member);
                if (!opt || opt->count() == 0) return "-";
                return fn(*opt);
            };
        };
        add(h.section, "mean", cell([](const stats::Histogram& x) { return format_ns(x.mean()); }));
        for (double p : kSummaryPercentiles)
            add(h.section, percentile_label(p), cell([p](const stats::Histogram& x) {
                    return format_ns(static_cast<double>(x.value_at_percentile(p)));
                }));
        add(h.section, "max", cell([](const stats::Histogram& x) {
                return format_ns(static_cast<double>(x.highest_equivalent(x.max())));
            }));
    }
    // Connection opening, reported apart from request latency (TLS handshakes are per connection).
    bool any_connect = false;
    for (const auto& s : r.sides) any_connect = any_connect || s.connect.has_value();
    if (any_connect) {
        const char* sec = "connections (not in latency)";
        add(sec, "opened",
            [](const Side& s) { return s.connect ? integer(s.connect->connections) : std::string("-"); });
        add(sec, "failed",
            [](const Side& s) { return s.connect ? integer(s.connect->failures) : std::string("-"); });
        add(sec, "TLS handshakes (resumed)", [](const Side& s) {
            return s.connect
                       ? integer(s.connect->tls_handshakes) + " (" + integer(s.connect->tls_resumed) + ")"
                       : std::string("-");
        });
        struct Stage {
            const char* label;
            std::optional<stats::Histogram> ConnectTimes::*member;
        };
        const Stage stages[] = {{"TCP connect", &ConnectTimes::tcp},
                                {"TLS handshake", &ConnectTimes::tls},
                                {"protocol handshake", &ConnectTimes::protocol}};
        for (const auto& st : stages) {
            for (double p : {50.0, 99.0}) {
                add(sec, std::string(st.label) + " " + percentile_label(p),
                    [&st, p](const Side& s) -> std::string {
                        if (!s.connect) return "-";
                        const auto& h = (*s.connect).*(st.member);
                        if (!h || h->count() == 0) return "-";
                        return format_ns(static_cast<double>(h->value_at_percentile(p)));
                    });
            }
        }
    }
    return rows;
}

}  // namespace detail

std::string format_ns(double ns) {
    if (!std::isfinite(ns)) return "-";
    char buf[64];
    const double a = std::fabs(ns);
    if (a >= 1e9)
        std::snprintf(buf, sizeof buf, "%.3fs", ns / 1e9);
    else if (a >= 1e6)
        std::snprintf(buf, sizeof buf, "%.3fms", ns / 1e6);
    else if (a >= 1e3)
        std::snprintf(buf, sizeof buf, "%.1fus", ns / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0fns", ns);
    return buf;
}

ComparisonRow compare_metric(std::string metric, std::string unit, std::string a, std::string b,
                             std::span<const double> a_samples, std::span<const double> b_samples,
                             const stats::CompareOptions& opt) {
    ComparisonRow row;
    row.metric = std::move(metric);
    row.unit = std::move(unit);
    row.a = std::move(a);
    row.b = std::move(b);
    row.samples_a = a_samples.size();
    row.samples_b = b_samples.size();
    row.confidence = opt.confidence;
    const auto mean = [](std::span<const double> v) {
        double s = 0;
        for (double x : v) s += x;
        return v.empty() ? 0.0 : s / static_cast<double>(v.size());
    };
    row.a_value = mean(a_samples);
    row.b_value = mean(b_samples);
    row.ratio = row.a_value != 0 ? row.b_value / row.a_value : NAN;
    if (opt.a_saturated || opt.b_saturated) {
        row.verdict = "refused";
        row.note = std::string(opt.a_saturated && opt.b_saturated ? "both sides"
                               : opt.a_saturated                  ? row.a
                                                                  : row.b) +
                   " saturated the load generator";
        return row;
    }
    if (a_samples.empty() || b_samples.empty()) {
        row.verdict = "n/a";
        row.note = std::string(a_samples.empty() && b_samples.empty() ? "neither side"
                               : a_samples.empty()                    ? row.a
                                                                      : row.b) +
                   " has no figure to compare";
        row.ratio = NAN;
        return row;
    }
    if (a_samples.size() < 2 || b_samples.size() < 2) {
        // One run per side has no dispersion: the ratio stands, but "no difference beyond noise"
        // ("~") would be a claim nothing measured.
        row.verdict = "n/a";
        row.note = "single run per side: no dispersion, no verdict (repeat the runs, e.g. ab --repeat 5)";
        return row;
    }
    auto c = stats::compare_ratio(a_samples, b_samples, opt);
    if (!c) {
        row.verdict = "error";
        row.note = c.error();
        return row;
    }
    row.ratio = c->ratio;
    row.ci_low = c->ci_low;
    row.ci_high = c->ci_high;
    row.verdict = std::string(stats::to_string(c->verdict));
    row.note = c->reason;
    return row;
}

IntervalPoint make_interval_point(double t_s, double interval_s, std::uint64_t completed,
                                  std::uint64_t failed, const stats::Histogram& latency) {
    IntervalPoint p;
    p.t_s = t_s;
    p.rps = interval_s > 0 ? static_cast<double>(completed) / interval_s : 0.0;
    p.p50_ns = latency.count() ? static_cast<double>(latency.value_at_percentile(50)) : 0.0;
    p.p99_ns = latency.count() ? static_cast<double>(latency.value_at_percentile(99)) : 0.0;
    p.errors = failed;
    return p;
}

std::string now_utc_iso8601() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace tpbench::report
