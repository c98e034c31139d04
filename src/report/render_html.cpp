// Self-contained HTML report: inline CSS and inline SVG plots drawn here (no scripts, no
// external resources), so the file can be mailed, archived or opened offline. It fits a 1280 px
// page (tables wrap, plots scale to their panel), opens with a header of what ran against what,
// draws one panel per scenario (Side::scenario) and omits a plot with nothing to draw, saying why.
#include "common.hpp"

#include <tpbench/report/render.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace tpbench::report {

using namespace detail;

namespace {

constexpr const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                    "#9467bd", "#8c564b", "#e377c2", "#17becf"};

std::string esc(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string n2(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

struct Series {
    std::string name;
    std::string color;
    bool dashed = false;
    std::vector<std::pair<double, double>> pts;  // data coordinates
};

struct Axis {
    double min = 0, max = 1;
    std::vector<std::pair<double, std::string>> ticks;  // data value -> label
};

// A "nice" step (1, 2, 5 x 10^k) giving about `target` intervals over [0, max].
double nice_step(double max, int target) {
    if (!(max > 0)) return 1;
    const double raw = max / target;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double r = raw / mag;
    return (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10) * mag;
}

Axis linear_axis(double max, int target, const std::function<std::string(double)>& label, bool headroom) {
    Axis a;
    // Headroom (value axes only) keeps a flat series off the frame and clear of the legend.
    if (headroom) max *= 1.08;
    const double step = nice_step(max, target);
    a.min = 0;
    a.max = std::max(step, std::ceil(max / step) * step);
    for (double v = 0; v <= a.max + step / 2; v += step) a.ticks.push_back({v, label(v)});
    return a;
}

// Time unit for a maximum latency in ns: divisor and suffix.
std::pair<double, std::string> time_unit(double max_ns) {
    if (max_ns >= 2e9) return {1e9, "s"};
    if (max_ns >= 2e6) return {1e6, "ms"};
    if (max_ns >= 2e3) return {1e3, "us"};
    return {1, "ns"};
}

std::string trim_num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// Draws one plot panel: a <figure> holding the SVG (id, class "plot", one <polyline class="series">
// per series, with point markers when a series has few points) and an HTML legend under it, which
// wraps with the page and never covers the data. The SVG scales to its panel's width.
std::string svg_plot(const std::string& id, const std::string& title, const std::string& x_label,
                     const std::string& y_label, const std::vector<Series>& series, const Axis& x,
                     const Axis& y) {
    constexpr double W = 640, H = 340, L = 64, R = 34, T = 30, B = 48;
    const double pw = W - L - R, ph = H - T - B;
    const auto sx = [&](double v) { return L + (x.max > x.min ? (v - x.min) / (x.max - x.min) : 0) * pw; };
    const auto sy = [&](double v) {
        return T + ph - (y.max > y.min ? (v - y.min) / (y.max - y.min) : 0) * ph;
    };
    std::string s =
        "<figure class=\"panel\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" id=\"" + esc(id) +
        "\" viewBox=\"0 0 640 340\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" "
        "aria-label=\"" +
        esc(title) + "\">\n";
    s += "<title>" + esc(title) + "</title>\n";
    s += "<text class=\"plot-title\" x=\"" + n2(L) + "\" y=\"18\">" + esc(title) + "</text>\n";
    s += "<rect class=\"frame\" x=\"" + n2(L) + "\" y=\"" + n2(T) + "\" width=\"" + n2(pw) + "\" height=\"" +
         n2(ph) + "\"/>\n";
    for (const auto& [v, label] : x.ticks) {
        s += "<line class=\"grid\" x1=\"" + n2(sx(v)) + "\" y1=\"" + n2(T) + "\" x2=\"" + n2(sx(v)) +
             "\" y2=\"" + n2(T + ph) + "\"/>\n";
        s += "<text class=\"tick\" text-anchor=\"middle\" x=\"" + n2(sx(v)) + "\" y=\"" + n2(T + ph + 16) +
             "\">" + esc(label) + "</text>\n";
    }
    for (const auto& [v, label] : y.ticks) {
        s += "<line class=\"grid\" x1=\"" + n2(L) + "\" y1=\"" + n2(sy(v)) + "\" x2=\"" + n2(L + pw) +
             "\" y2=\"" + n2(sy(v)) + "\"/>\n";
        s += "<text class=\"tick\" text-anchor=\"end\" x=\"" + n2(L - 6) + "\" y=\"" + n2(sy(v) + 4) + "\">" +
             esc(label) + "</text>\n";
    }
    s += "<text class=\"axis-label\" text-anchor=\"middle\" x=\"" + n2(L + pw / 2) + "\" y=\"" + n2(H - 8) +
         "\">" + esc(x_label) + "</text>\n";
    s += "<text class=\"axis-label\" text-anchor=\"middle\" transform=\"translate(14," + n2(T + ph / 2) +
         ") rotate(-90)\">" + esc(y_label) + "</text>\n";
    std::string legend;
    for (const auto& se : series) {
        std::string pts;
        std::vector<std::pair<double, double>> xy;
        for (const auto& [px, py] : se.pts) {
            if (!std::isfinite(px) || !std::isfinite(py)) continue;
            xy.push_back({sx(std::clamp(px, x.min, x.max)), sy(std::clamp(py, y.min, y.max))});
            pts += n2(xy.back().first) + "," + n2(xy.back().second) + " ";
        }
        if (xy.empty()) continue;
        pts.pop_back();
        s += "<polyline class=\"series\" data-series=\"" + esc(se.name) + "\" fill=\"none\" stroke=\"" +
             se.color + "\" stroke-width=\"2\"" + (se.dashed ? " stroke-dasharray=\"6 4\"" : "") +
             " points=\"" + pts + "\"/>\n";
        // A line of one or a few points is hard to see (or invisible): mark each point.
        if (xy.size() <= 30)
            for (const auto& [cx, cy] : xy)
                s += "<circle class=\"marker\" cx=\"" + n2(cx) + "\" cy=\"" + n2(cy) + "\" r=\"3\" fill=\"" +
                     (se.dashed ? std::string("#fff") : se.color) + "\" stroke=\"" + se.color + "\"/>\n";
        legend += "<span class=\"item\"><span class=\"swatch\" style=\"border-top:3px " +
                  std::string(se.dashed ? "dashed " : "solid ") + se.color + "\"></span>" + esc(se.name) +
                  "</span>\n";
    }
    s += "</svg>\n<figcaption class=\"legend\">\n" + legend + "</figcaption>\n</figure>\n";
    return s;
}

// Sides grouped by scenario (Side::scenario), in the order the scenarios first appear.
std::vector<std::pair<std::string, std::vector<const Side*>>> scenario_groups(const Report& r) {
    std::vector<std::pair<std::string, std::vector<const Side*>>> groups;
    for (const auto& s : r.sides) {
        auto it =
            std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == s.scenario; });
        if (it == groups.end()) {
            groups.push_back({s.scenario, {}});
            it = std::prev(groups.end());
        }
        it->second.push_back(&s);
    }
    return groups;
}

// The name a side goes by inside its scenario: the seed table's branch ("ws37 (3.7)"), else its name.
std::string short_name(const Report& r, const Side& s) {
    for (const auto& row : r.seed_table)
        if (row.side == s.name && !row.branch.empty()) return row.branch;
    return s.name;
}

std::string panel_id(const std::string& base, std::size_t i, std::size_t n) {
    return n > 1 ? base + "-" + std::to_string(i + 1) : base;
}

// Percentile spectrum of a scenario's sides; "" when none has a latency histogram.
// x = log10(1/(1-p)): 0 -> 0%, 1 -> 90%, 2 -> 99%, ... (HdrHistogram's plotter axis).
std::string spectrum_plot(const Report& r, const std::vector<const Side*>& sides, const std::string& id,
                          const std::string& title) {
    std::vector<Series> series;
    double max_ns = 0, max_x = 2;
    const auto points = [&](const std::optional<stats::Histogram>& h) {
        std::vector<std::pair<double, double>> pts;
        if (!h || h->count() == 0) return pts;
        for (const auto& st : h->percentiles(5)) {
            if (st.percentile >= 100.0) continue;
            pts.push_back({std::log10(1.0 / (1.0 - st.percentile / 100.0)), static_cast<double>(st.value)});
        }
        return pts;
    };
    bool any_service = false;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const Side& side = *sides[i];
        const std::string color = kPalette[i % std::size(kPalette)];
        auto lat = points(side.latency);
        auto svc = points(side.service);
        const std::string name = short_name(r, side);
        // Closed loop: the service time is the latency; one line, not two on top of each other.
        const bool distinct = !svc.empty() && svc != lat;
        if (!lat.empty()) series.push_back({name, color, false, std::move(lat)});
        if (distinct) {
            series.push_back({name + " (service time)", color, true, std::move(svc)});
            any_service = true;
        }
    }
    if (series.empty()) return "";
    for (const auto& se : series)
        for (const auto& [px, py] : se.pts) {
            max_x = std::max(max_x, px);
            max_ns = std::max(max_ns, py);
        }
    const auto [div, unit] = time_unit(max_ns);
    for (auto& se : series)
        for (auto& p : se.pts) p.second /= div;
    Axis x;
    x.max = std::min(7.0, std::ceil(max_x));
    static const char* kLabels[] = {"0%",     "90%",     "99%",      "99.9%",
                                    "99.99%", "99.999%", "99.9999%", "99.99999%"};
    for (int k = 0; k <= static_cast<int>(x.max); ++k)
        x.ticks.push_back({static_cast<double>(k), kLabels[k]});
    const Axis y = linear_axis(max_ns / div, 6, trim_num, true);
    return svg_plot(id, title + (any_service ? " (latency solid, service time dashed)" : ""),
                    "percentile (log scale: 1/(1-p))", "latency (" + unit + ")", series, x, y);
}

std::string latency_time_plot(const Report& r, const std::vector<const Side*>& sides, const std::string& id,
                              const std::string& title) {
    std::vector<Series> series;
    double max_ns = 0, max_t = 0;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const auto& side = *sides[i];
        if (side.intervals.empty()) continue;
        const std::string color = kPalette[i % std::size(kPalette)];
        const std::string name = short_name(r, side);
        Series p99{name + " p99", color, false, {}}, p50{name + " p50", color, true, {}};
        for (const auto& p : side.intervals) {
            p99.pts.push_back({p.t_s, p.p99_ns});
            p50.pts.push_back({p.t_s, p.p50_ns});
            if (std::isfinite(p.p99_ns)) max_ns = std::max(max_ns, p.p99_ns);
            if (std::isfinite(p.t_s)) max_t = std::max(max_t, p.t_s);
        }
        series.push_back(std::move(p99));
        series.push_back(std::move(p50));
    }
    if (series.empty()) return "";
    const auto [div, unit] = time_unit(max_ns);
    for (auto& se : series)
        for (auto& p : se.pts) p.second /= div;
    return svg_plot(id, title + " (p99 solid, p50 dashed)", "time (s)", "latency (" + unit + ")", series,
                    linear_axis(max_t, 8, trim_num, false), linear_axis(max_ns / div, 6, trim_num, true));
}

std::string throughput_time_plot(const Report& r, const std::vector<const Side*>& sides,
                                 const std::string& id, const std::string& title) {
    std::vector<Series> series;
    double max_rps = 0, max_t = 0;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const auto& side = *sides[i];
        if (side.intervals.empty()) continue;
        Series se{short_name(r, side), kPalette[i % std::size(kPalette)], false, {}};
        for (const auto& p : side.intervals) {
            se.pts.push_back({p.t_s, p.rps});
            if (std::isfinite(p.rps)) max_rps = std::max(max_rps, p.rps);
            if (std::isfinite(p.t_s)) max_t = std::max(max_t, p.t_s);
        }
        series.push_back(std::move(se));
    }
    if (series.empty()) return "";
    return svg_plot(id, title, "time (s)", "requests / s", series, linear_axis(max_t, 8, trim_num, false),
                    linear_axis(max_rps, 6, trim_num, true));
}

// One plot kind over every scenario: a grid of panels, and a line for each scenario (or the whole
// kind) that has nothing to draw, saying why, instead of an empty box.
template <class Draw>
std::string plot_section(const Report& r, const std::string& heading, const std::string& base_id, Draw draw,
                         const std::string& why_none) {
    const auto groups = scenario_groups(r);
    std::string panels, missing;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const std::string title = groups[i].first.empty() ? heading : groups[i].first;
        std::string p = draw(r, groups[i].second, panel_id(base_id, i, groups.size()), title);
        if (!p.empty())
            panels += p;
        else if (groups.size() > 1)
            missing += "<li>" + esc(title) + ": " + esc(why_none) + "</li>\n";
    }
    std::string h = "<h2>" + esc(heading) + "</h2>\n";
    if (panels.empty()) return h + "<p class=\"omitted\">Not drawn: " + esc(why_none) + ".</p>\n";
    h += "<div class=\"panels\">\n" + panels + "</div>\n";
    if (!missing.empty()) h += "<ul class=\"omitted\">\n" + missing + "</ul>\n";
    return h;
}

// "4 connections x 64 in flight = 256", "1 connection, one request at a time", "+ open loop 2000 req/s".
std::string pool_shape(const Side& s) {
    const auto& c = s.config;
    const auto plural = [](std::uint64_t n, const char* w) {
        return integer(n) + " " + w + (n == 1 ? "" : "s");
    };
    std::string t;
    if (c.extra.count("concurrency") && c.effective_concurrency <= 1)
        t = plural(c.connections, "connection") + ", one request at a time";
    else
        t = plural(c.connections, "connection") + " x " + integer(c.in_flight_per_connection) +
            " in flight = " + integer(c.effective_concurrency);
    if (c.offered_rps > 0) t += ", open loop " + fixed(c.offered_rps, 0) + " req/s";
    return t;
}

std::string extra_of(const Side& s, const char* key) {
    const auto it = s.config.extra.find(key);
    return it == s.config.extra.end() ? std::string() : it->second;
}

// The short "what ran against what" header: one row per side (the default A/B: per branch), with
// its target, backend, protocol version and dialect, serializer and pool shapes.
std::string setup_header(const Report& r) {
    struct Line {
        std::string who, target, backend, version, serializer;
        std::vector<std::string> pools;
    };
    std::vector<Line> lines;
    for (const auto& s : r.sides) {
        Line l{short_name(r, s),          extra_of(s, "target"), s.config.backend,
               extra_of(s, "generation"), s.config.serializer,   {}};
        const std::string dialect = !s.config.dialect.empty() ? s.config.dialect : extra_of(s, "dialect");
        if (!dialect.empty()) l.version += (l.version.empty() ? "dialect " : ", dialect ") + dialect;
        if (!s.config.compression.empty() && s.config.compression != "none")
            l.serializer += ", " + s.config.compression;
        auto it = std::find_if(lines.begin(), lines.end(), [&](const Line& o) {
            return o.who == l.who && o.target == l.target && o.backend == l.backend &&
                   o.version == l.version && o.serializer == l.serializer;
        });
        if (it == lines.end()) {
            lines.push_back(std::move(l));
            it = std::prev(lines.end());
        }
        const std::string p = pool_shape(s);
        if (std::find(it->pools.begin(), it->pools.end(), p) == it->pools.end()) it->pools.push_back(p);
    }
    if (lines.empty()) return "";
    const auto dash = [](const std::string& v) { return v.empty() ? std::string("-") : v; };
    std::string h =
        "<table class=\"setup\" id=\"setup\">\n<tr><th>side</th><th>target</th><th>backend</th>"
        "<th>version / dialect</th><th>serializer</th><th>connection pool</th></tr>\n";
    for (const auto& l : lines) {
        std::string pools;
        for (const auto& p : l.pools) pools += (pools.empty() ? "" : "; ") + p;
        h += "<tr><td>" + esc(l.who) + "</td><td>" + esc(dash(l.target)) + "</td><td>" +
             esc(dash(l.backend)) + "</td><td>" + esc(dash(l.version)) + "</td><td>" +
             esc(dash(l.serializer)) + "</td><td>" + esc(pools) + "</td></tr>\n";
    }
    return h + "</table>\n";
}

std::string verdict_class(const std::string& v) { return v == "~" ? "same" : v == "n/a" ? "na" : esc(v); }

// The default A/B's table in the seed's shape, each B row with its ratio to A and the verdict.
std::string seed_table(const Report& r) {
    std::string h =
        "<h2>Results</h2>\n<p class=\"meta\">The seed's table; B/A = each row against the first "
        "side of its scenario (latency rows: average latency, lower is better; throughput rows: "
        "req/sec, higher is better).</p>\n<table id=\"seed-table\" class=\"seed\">\n<tr><th>Branch</th>"
        "<th>Test Type</th><th>Arguments</th><th>Query</th><th>Result</th><th>B/A</th>"
        "<th>verdict</th></tr>\n";
    for (const auto& row : r.seed_table) {
        std::string ratio = "A", verdict;
        if (row.comparison && *row.comparison < r.comparisons.size()) {
            const auto& c = r.comparisons[*row.comparison];
            ratio = ratio_cell(c);
            verdict =
                "<span class=\"verdict-" + verdict_class(c.verdict) + "\">" + esc(c.verdict) + "</span>";
            if (!c.note.empty()) verdict += " <span class=\"why\">" + esc(c.note) + "</span>";
        }
        h += "<tr><td>" + esc(row.branch) + "</td><td>" + esc(row.test_type) + "</td><td class=\"args\">" +
             esc(row.arguments) + "</td><td><code>" + esc(row.query) + "</code></td><td class=\"num\">" +
             esc(row.result) + "</td><td class=\"num\">" + esc(ratio) + "</td><td>" + verdict +
             "</td></tr>\n";
    }
    return h + "</table>\n";
}

constexpr const char* kCss =
    R"(*{box-sizing:border-box}body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:16px auto;max-width:1240px;padding:0 16px;color:#222;background:#fff}
h1{font-size:1.45em;margin-bottom:4px}h2{font-size:1.15em;margin-top:26px;border-bottom:1px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0;font-size:0.88em;max-width:100%}th,td{border:1px solid #ddd;padding:3px 7px;vertical-align:top;overflow-wrap:break-word}
table.setup,table.seed{width:100%}td.args{font-size:0.92em;color:#444;overflow-wrap:anywhere}
th{background:#f4f4f4;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}code{overflow-wrap:anywhere}
tr.section td{background:#fafafa;font-weight:bold}.meta{color:#555;font-size:0.88em}.meta li{margin:1px 0}
.interrupted{color:#a00;background:#fff3f3;border:1px solid #e0b4b4;padding:6px 10px}
.verdict-faster{color:#1a7f37;font-weight:bold}.verdict-slower{color:#c62828;font-weight:bold}.verdict-refused{color:#8a6d00;font-weight:bold}.verdict-failed{color:#c62828;font-weight:bold}.verdict-na{color:#555}
.why{color:#777;font-size:0.9em}.fail{color:#c62828;font-weight:bold}.ok{color:#1a7f37}.note{color:#8a6d00}.omitted{color:#666;font-style:italic}
details{margin:8px 0}summary{cursor:pointer;color:#333}
.panels{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,520px),1fr));gap:10px 18px}
figure.panel{margin:8px 0;min-width:0}svg.plot{display:block;width:100%;height:auto;background:#fff}
svg .frame{fill:none;stroke:#999}svg .grid{stroke:#eee}svg .tick{font-size:11px;fill:#444}svg .axis-label{font-size:12px;fill:#222}svg .plot-title{font-size:13px;font-weight:bold;fill:#222}
figcaption.legend{font-size:0.82em;color:#333;display:flex;flex-wrap:wrap;gap:2px 14px;padding-left:64px}figcaption.legend .item{white-space:nowrap}figcaption.legend .swatch{display:inline-block;width:26px;height:0;vertical-align:middle;margin-right:5px}
footer{margin-top:32px;color:#888;font-size:0.8em})";

}  // namespace

std::string render_html(const Report& r) {
    const std::string title = "tpbench report" + (r.title.empty() ? std::string() : ": " + r.title);
    std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                    esc(title) + "</title>\n<style>\n" + kCss + "\n</style>\n</head>\n<body>\n";
    h += "<h1>" + esc(title) + "</h1>\n";
    if (r.interrupted)
        h += "<p class=\"interrupted\" id=\"interrupted\"><strong>" + esc(interruption_line(r)) +
             "</strong></p>\n";
    h += setup_header(r);
    h += "<ul class=\"meta\">\n";
    if (!r.scenario.empty()) h += "<li>scenario: <code>" + esc(r.scenario) + "</code></li>\n";
    if (!r.created_utc.empty()) h += "<li>created: " + esc(r.created_utc) + "</li>\n";
    if (!r.tool_version.empty()) h += "<li>tool: " + esc(r.tool_version) + "</li>\n";
    if (!r.command.empty()) h += "<li>command: <code>" + esc(r.command) + "</code></li>\n";
    for (const auto& [k, v] : r.meta) h += "<li>" + esc(k) + ": " + esc(v) + "</li>\n";
    h += "</ul>\n";

    if (!r.seed_table.empty()) h += seed_table(r);
    if (!r.comparisons.empty()) {
        const bool folded = !r.seed_table.empty();  // the seed table shows each row's ratio and verdict
        if (folded) h += "<details><summary>A/B rows in detail (values, confidence intervals)</summary>\n";
        h += std::string(folded ? "" : "<h2>A/B summary</h2>\n") +
             "\n<p class=\"meta\">B relative to A; CI = bootstrap confidence interval of "
             "B/A; "
             "&ldquo;~&rdquo; = no difference beyond noise; &ldquo;n/a&rdquo; = one run per side, no "
             "dispersion to judge the ratio by.</p>\n";
        h += "<table id=\"ab-summary\">\n<tr><th>metric</th><th>A</th><th>B</th><th>A value</th><th>B "
             "value</th><th>B/A</th>"
             "<th>CI</th><th>verdict</th><th>note</th></tr>\n";
        for (const auto& c : r.comparisons) {
            h += "<tr><td>" + esc(c.metric) + "</td><td>" + esc(c.a) + "</td><td>" + esc(c.b) +
                 "</td><td class=\"num\">" + esc(value_cell(c.a_value, c.unit)) + "</td><td class=\"num\">" +
                 esc(value_cell(c.b_value, c.unit)) + "</td><td class=\"num\">" + esc(ratio_cell(c)) +
                 "</td><td class=\"num\">" + esc(ci_cell(c)) + "</td><td class=\"verdict-" +
                 (c.verdict == "~"     ? std::string("same")
                  : c.verdict == "n/a" ? std::string("na")
                                       : esc(c.verdict)) +
                 "\">" + esc(c.verdict) + "</td><td class=\"note\">" + esc(c.note) + "</td></tr>\n";
        }
        h += "</table>\n";
        if (folded) h += "</details>\n";
    }
    if (!r.thresholds.empty()) {
        h += "<h2>Thresholds</h2>\n<table "
             "id=\"thresholds\">\n<tr><th>threshold</th><th>result</th><th>detail</th></tr>\n";
        for (const auto& t : r.thresholds)
            h += "<tr><td><code>" + esc(t.expression) + "</code></td><td class=\"" +
                 (t.passed ? "ok\">ok" : "fail\">FAILED") + "</td><td>" + esc(t.message) + "</td></tr>\n";
        h += "</table>\n";
    }
    if (!r.sides.empty()) {
        // One table per scenario (the default A/B: folded, its seed table above has the headline figures).
        const auto groups = scenario_groups(r);
        const bool several = groups.size() > 1;
        h += "<h2>Summary</h2>\n";
        if (several) h += "<div id=\"summary\">\n";
        for (const auto& [scenario, sides] : groups) {
            Report sub;
            for (const Side* s : sides) sub.sides.push_back(*s);
            if (several) h += "<details><summary>" + esc(scenario) + "</summary>\n";
            h += std::string(several ? "<table class=\"summary\">" : "<table id=\"summary\">") +
                 "\n<tr><th>metric</th>";
            for (const Side* s : sides) h += "<th>" + esc(several ? short_name(r, *s) : s->name) + "</th>";
            h += "</tr>\n";
            std::string section;
            for (const auto& row : summary_rows(sub)) {
                if (row.section != section) {
                    section = row.section;
                    h += "<tr class=\"section\"><td colspan=\"" + std::to_string(sides.size() + 1) + "\">" +
                         esc(section) + "</td></tr>\n";
                }
                h += "<tr><td>" + esc(row.label) + "</td>";
                for (const auto& c : row.cells) h += "<td class=\"num\">" + esc(c) + "</td>";
                h += "</tr>\n";
            }
            h += "</table>\n";
            if (several) h += "</details>\n";
        }
        if (several) h += "</div>\n";
        for (const auto& s : r.sides)
            if (!s.skipped.empty())
                h += "<p class=\"skipped\">skipped: " + esc(s.name) + ": " + esc(s.skipped) + "</p>\n";
        for (const auto& s : r.sides)
            if (!s.notes.empty()) h += "<p class=\"note\">" + esc(s.name) + ": " + esc(s.notes) + "</p>\n";
    }
    bool any_errors = false;
    for (const auto& s : r.sides) any_errors = any_errors || !s.errors.empty();
    if (any_errors) {
        h += "<h2>Errors by class</h2>\n<table "
             "id=\"errors\">\n<tr><th>side</th><th>class</th><th>count</th></tr>\n";
        for (const auto& s : r.sides)
            for (const auto& e : s.errors)
                h += "<tr><td>" + esc(s.name) + "</td><td>" + esc(e.name) + "</td><td class=\"num\">" +
                     integer(e.count) + "</td></tr>\n";
        h += "</table>\n";
    }
    for (const auto& s : r.sides) {
        if (s.queries.empty()) continue;
        h += "<h2>Per query: " + esc(s.name) + "</h2>\n<table class=\"queries\">\n<tr>";
        for (const auto& c : query_header()) h += "<th>" + esc(c) + "</th>";
        h += "</tr>\n";
        for (const auto& row : query_rows(s, 0)) {
            h += "<tr>";
            for (std::size_t i = 0; i < row.size(); ++i)
                h += std::string(i == 0 || i + 1 == row.size() ? "<td>" : "<td class=\"num\">") +
                     esc(row[i]) + "</td>";
            h += "</tr>\n";
        }
        h += "</table>\n";
    }
    h += plot_section(r, "Percentile spectrum", "plot-spectrum", spectrum_plot,
                      "no latency was recorded (no request completed)");
    const char* no_intervals =
        "no per-interval figures were recorded (closed-loop cases of the default A/B keep totals only; "
        "`tpbench run` records one point per execution or, with --rate, per second)";
    h += plot_section(r, "Latency over time", "plot-latency-time", latency_time_plot, no_intervals);
    h += plot_section(r, "Throughput over time", "plot-throughput-time", throughput_time_plot, no_intervals);
    h += "<footer>Generated by tpbench; machine-readable form: <code>--report FILE.json</code> (schema " +
         std::string(kSchema) + ").</footer>\n</body>\n</html>\n";
    return h;
}

}  // namespace tpbench::report
