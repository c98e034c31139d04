// Self-contained HTML report: inline CSS and inline SVG plots drawn here (no scripts, no
// external resources), so the file can be mailed, archived or opened offline.
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

// Draws one plot. The SVG carries id, class "plot" and one <polyline class="series"> per series.
std::string svg_plot(const std::string& id, const std::string& title, const std::string& x_label,
                     const std::string& y_label, const std::vector<Series>& series, const Axis& x,
                     const Axis& y) {
    constexpr double W = 900, H = 360, L = 80, R = 50, T = 34, B = 56;
    const double pw = W - L - R, ph = H - T - B;
    const auto sx = [&](double v) { return L + (x.max > x.min ? (v - x.min) / (x.max - x.min) : 0) * pw; };
    const auto sy = [&](double v) {
        return T + ph - (y.max > y.min ? (v - y.min) / (y.max - y.min) : 0) * ph;
    };
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" id=\"" + esc(id) +
                    "\" viewBox=\"0 0 900 360\" width=\"900\" height=\"360\" role=\"img\" aria-label=\"" +
                    esc(title) + "\">\n";
    s += "<title>" + esc(title) + "</title>\n";
    s += "<text class=\"plot-title\" x=\"" + n2(L) + "\" y=\"20\">" + esc(title) + "</text>\n";
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
    s += "<text class=\"axis-label\" text-anchor=\"middle\" x=\"" + n2(L + pw / 2) + "\" y=\"" + n2(H - 10) +
         "\">" + esc(x_label) + "</text>\n";
    s += "<text class=\"axis-label\" text-anchor=\"middle\" transform=\"translate(16," + n2(T + ph / 2) +
         ") rotate(-90)\">" + esc(y_label) + "</text>\n";
    bool any = false;
    for (const auto& se : series) {
        if (se.pts.empty()) continue;
        any = true;
        std::string pts;
        for (const auto& [px, py] : se.pts) {
            if (!std::isfinite(px) || !std::isfinite(py)) continue;
            pts += n2(sx(std::clamp(px, x.min, x.max))) + "," + n2(sy(std::clamp(py, y.min, y.max))) + " ";
        }
        if (!pts.empty()) pts.pop_back();
        s += "<polyline class=\"series\" data-series=\"" + esc(se.name) + "\" fill=\"none\" stroke=\"" +
             se.color + "\" stroke-width=\"2\"" + (se.dashed ? " stroke-dasharray=\"6 4\"" : "") +
             " points=\"" + pts + "\"/>\n";
    }
    if (!any)
        s += "<text class=\"no-data\" text-anchor=\"middle\" x=\"" + n2(L + pw / 2) + "\" y=\"" +
             n2(T + ph / 2) + "\">no data</text>\n";
    // Legend, top-left inside the frame, on a translucent backdrop.
    std::size_t shown = 0;
    std::size_t longest = 0;
    for (const auto& se : series)
        if (!se.pts.empty()) {
            ++shown;
            longest = std::max(longest, se.name.size());
        }
    if (shown > 0)
        s += "<rect class=\"legend-box\" x=\"" + n2(L + 4) + "\" y=\"" + n2(T + 4) + "\" width=\"" +
             n2(44 + 6.5 * static_cast<double>(longest)) + "\" height=\"" +
             n2(16.0 * static_cast<double>(shown) + 6) + "\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>\n";
    double ly = T + 16;
    for (const auto& se : series) {
        if (se.pts.empty()) continue;
        s += "<line class=\"legend-swatch\" x1=\"" + n2(L + 10) + "\" y1=\"" + n2(ly - 4) + "\" x2=\"" +
             n2(L + 34) + "\" y2=\"" + n2(ly - 4) + "\" stroke=\"" + se.color + "\" stroke-width=\"3\"" +
             (se.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n";
        s += "<text class=\"legend\" x=\"" + n2(L + 40) + "\" y=\"" + n2(ly) + "\">" + esc(se.name) +
             "</text>\n";
        ly += 16;
    }
    s += "</svg>\n";
    return s;
}

std::string spectrum_plot(const Report& r) {
    // x = log10(1/(1-p)): 0 -> 0%, 1 -> 90%, 2 -> 99%, ... (HdrHistogram's plotter axis).
    std::vector<Series> series;
    double max_ns = 0, max_x = 2;
    for (std::size_t i = 0; i < r.sides.size(); ++i) {
        const auto& side = r.sides[i];
        const std::string color = kPalette[i % std::size(kPalette)];
        const auto add = [&](const std::optional<stats::Histogram>& h, const std::string& name, bool dashed) {
            if (!h || h->count() == 0) return;
            Series se{name, color, dashed, {}};
            for (const auto& st : h->percentiles(5)) {
                if (st.percentile >= 100.0) continue;
                const double x = std::log10(1.0 / (1.0 - st.percentile / 100.0));
                se.pts.push_back({x, static_cast<double>(st.value)});
                max_x = std::max(max_x, x);
                max_ns = std::max(max_ns, static_cast<double>(st.value));
            }
            series.push_back(std::move(se));
        };
        add(side.latency, side.name, false);
        add(side.service, side.name + " (service time)", true);
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
    return svg_plot("plot-spectrum", "Latency by percentile (corrected latency solid, service time dashed)",
                    "percentile", "latency (" + unit + ")", series, x, y);
}

std::string latency_time_plot(const Report& r) {
    std::vector<Series> series;
    double max_ns = 0, max_t = 0;
    for (std::size_t i = 0; i < r.sides.size(); ++i) {
        const auto& side = r.sides[i];
        if (side.intervals.empty()) continue;
        const std::string color = kPalette[i % std::size(kPalette)];
        Series p99{side.name + " p99", color, false, {}}, p50{side.name + " p50", color, true, {}};
        for (const auto& p : side.intervals) {
            p99.pts.push_back({p.t_s, p.p99_ns});
            p50.pts.push_back({p.t_s, p.p50_ns});
            if (std::isfinite(p.p99_ns)) max_ns = std::max(max_ns, p.p99_ns);
            if (std::isfinite(p.t_s)) max_t = std::max(max_t, p.t_s);
        }
        series.push_back(std::move(p99));
        series.push_back(std::move(p50));
    }
    const auto [div, unit] = time_unit(max_ns);
    for (auto& se : series)
        for (auto& p : se.pts) p.second /= div;
    return svg_plot("plot-latency-time", "Latency over time (p99 solid, p50 dashed)", "time (s)",
                    "latency (" + unit + ")", series, linear_axis(max_t, 10, trim_num, false),
                    linear_axis(max_ns / div, 6, trim_num, true));
}

std::string throughput_time_plot(const Report& r) {
    std::vector<Series> series;
    double max_rps = 0, max_t = 0;
    for (std::size_t i = 0; i < r.sides.size(); ++i) {
        const auto& side = r.sides[i];
        if (side.intervals.empty()) continue;
        Series se{side.name, kPalette[i % std::size(kPalette)], false, {}};
        for (const auto& p : side.intervals) {
            se.pts.push_back({p.t_s, p.rps});
            if (std::isfinite(p.rps)) max_rps = std::max(max_rps, p.rps);
            if (std::isfinite(p.t_s)) max_t = std::max(max_t, p.t_s);
        }
        series.push_back(std::move(se));
    }
    return svg_plot("plot-throughput-time", "Throughput over time", "time (s)", "requests / s", series,
                    linear_axis(max_t, 10, trim_num, false), linear_axis(max_rps, 6, trim_num, true));
}

constexpr const char* kCss =
    R"(body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:960px;color:#222;background:#fff}
h1{font-size:1.5em;margin-bottom:4px}h2{font-size:1.15em;margin-top:28px;border-bottom:1px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0;font-size:0.9em}th,td{border:1px solid #ddd;padding:3px 8px}
th{background:#f4f4f4;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.section td{background:#fafafa;font-weight:bold}.meta{color:#555;font-size:0.9em}.meta li{margin:1px 0}
.interrupted{color:#a00;background:#fff3f3;border:1px solid #e0b4b4;padding:6px 10px}
.verdict-faster{color:#1a7f37;font-weight:bold}.verdict-slower{color:#c62828;font-weight:bold}.verdict-refused{color:#8a6d00;font-weight:bold}.verdict-failed{color:#c62828;font-weight:bold}.verdict-na{color:#555}
.fail{color:#c62828;font-weight:bold}.ok{color:#1a7f37}.note{color:#8a6d00}
svg.plot{display:block;margin:12px 0;background:#fff}svg .frame{fill:none;stroke:#999}svg .grid{stroke:#eee}
svg .tick,svg .legend{font-size:11px;fill:#444}svg .axis-label{font-size:12px;fill:#222}svg .plot-title{font-size:13px;font-weight:bold;fill:#222}
svg .no-data{font-size:14px;fill:#999}footer{margin-top:32px;color:#888;font-size:0.8em})";

}  // namespace

std::string render_html(const Report& r) {
    const std::string title = "tpbench report" + (r.title.empty() ? std::string() : ": " + r.title);
    std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                    esc(title) + "</title>\n<style>\n" + kCss + "\n</style>\n</head>\n<body>\n";
    h += "<h1>" + esc(title) + "</h1>\n";
    if (r.interrupted)
        h += "<p class=\"interrupted\" id=\"interrupted\"><strong>" + esc(interruption_line(r)) +
             "</strong></p>\n";
    h += "<ul class=\"meta\">\n";
    if (!r.scenario.empty()) h += "<li>scenario: <code>" + esc(r.scenario) + "</code></li>\n";
    if (!r.created_utc.empty()) h += "<li>created: " + esc(r.created_utc) + "</li>\n";
    if (!r.tool_version.empty()) h += "<li>tool: " + esc(r.tool_version) + "</li>\n";
    if (!r.command.empty()) h += "<li>command: <code>" + esc(r.command) + "</code></li>\n";
    for (const auto& [k, v] : r.meta) h += "<li>" + esc(k) + ": " + esc(v) + "</li>\n";
    h += "</ul>\n";

    if (!r.comparisons.empty()) {
        h += "<h2>A/B summary</h2>\n<p class=\"meta\">B relative to A; CI = bootstrap confidence interval of "
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
        h += "<h2>Summary</h2>\n<table id=\"summary\">\n<tr><th>metric</th>";
        for (const auto& s : r.sides) h += "<th>" + esc(s.name) + "</th>";
        h += "</tr>\n";
        std::string section;
        for (const auto& row : summary_rows(r)) {
            if (row.section != section) {
                section = row.section;
                h += "<tr class=\"section\"><td colspan=\"" + std::to_string(r.sides.size() + 1) + "\">" +
                     esc(section) + "</td></tr>\n";
            }
            h += "<tr><td>" + esc(row.label) + "</td>";
            for (const auto& c : row.cells) h += "<td class=\"num\">" + esc(c) + "</td>";
            h += "</tr>\n";
        }
        h += "</table>\n";
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
    h += "<h2>Percentile spectrum</h2>\n" + spectrum_plot(r);
    h += "<h2>Latency over time</h2>\n" + latency_time_plot(r);
    h += "<h2>Throughput over time</h2>\n" + throughput_time_plot(r);
    h += "<footer>Generated by tpbench; machine-readable form: <code>--report FILE.json</code> (schema " +
         std::string(kSchema) + ").</footer>\n</body>\n</html>\n";
    return h;
}

}  // namespace tpbench::report
