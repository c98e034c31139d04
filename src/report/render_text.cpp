// Text renderers: aligned table, markdown, CSV; format selection and file output.
#include "common.hpp"

#include <tpbench/report/render.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>

namespace tpbench::report {

using namespace detail;

namespace {

std::string pad(const std::string& s, std::size_t w, bool right) {
    if (s.size() >= w) return s;
    return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

// Aligned columns. right[i] right-aligns column i (numbers); columns beyond `right` are
// right-aligned except the first.
std::string aligned(const std::vector<std::vector<std::string>>& rows, const std::string& indent = "",
                    const std::vector<bool>& right = {}) {
    std::vector<std::size_t> w;
    for (const auto& r : rows)
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (w.size() <= i) w.push_back(0);
            w[i] = std::max(w[i], r[i].size());
        }
    std::string out;
    for (const auto& r : rows) {
        std::string line = indent;
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (i) line += "  ";
            line += pad(r[i], w[i], i < right.size() ? right[i] : i > 0);
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

std::string md_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    return out;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string csv_num(double v, int decimals) { return std::isfinite(v) ? fixed(v, decimals) : ""; }

std::string hist_pct(const std::optional<stats::Histogram>& h, double p) {
    if (!h || h->count() == 0) return "";
    return std::to_string(h->value_at_percentile(p));
}

}  // namespace

stats::Expected<Format> parse_format(std::string_view name) {
    if (name == "table" || name == "text") return Format::table;
    if (name == "markdown" || name == "md") return Format::markdown;
    if (name == "csv") return Format::csv;
    if (name == "json") return Format::json;
    if (name == "html") return Format::html;
    return stats::fail("unknown report format '" + std::string(name) +
                       "' (expected table, markdown, csv, json or html)");
}

Format format_for_path(std::string_view path) noexcept {
    const auto dot = path.rfind('.');
    if (dot == std::string_view::npos) return Format::table;
    std::string ext(path.substr(dot + 1));
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == "md" || ext == "markdown") return Format::markdown;
    if (ext == "csv") return Format::csv;
    if (ext == "json") return Format::json;
    if (ext == "html" || ext == "htm") return Format::html;
    return Format::table;
}

std::string render(const Report& r, Format f) {
    switch (f) {
        case Format::table:
            return render_table(r);
        case Format::markdown:
            return render_markdown(r);
        case Format::csv:
            return render_csv(r);
        case Format::json:
            return render_json(r);
        case Format::html:
            return render_html(r);
    }
    return render_table(r);
}

stats::Expected<bool> write_report_file(const Report& r, const std::string& path) {
    const std::string text = render(r, format_for_path(path));
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) return stats::fail("cannot open report file '" + path + "' for writing");
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    f.close();
    if (!f) return stats::fail("writing report file '" + path + "' failed");
    return true;
}

std::string render_queries_text(const Side& s, std::size_t top) {
    if (s.queries.empty()) return {};
    const std::size_t shown = top == 0 ? s.queries.size() : std::min(top, s.queries.size());
    std::string out = "per query (" + s.name + "; " +
                      (shown == s.queries.size()
                           ? "all " + std::to_string(shown)
                           : "top " + std::to_string(shown) + " of " + std::to_string(s.queries.size())) +
                      " by total time)\n";
    auto rows = query_rows(s, top);
    rows.insert(rows.begin(), query_header());
    return out +
           aligned(rows, "  ", {false, true, true, true, true, true, true, true, true, true, true, false});
}

std::string render_table(const Report& r) {
    std::string out = "tpbench report" + (r.title.empty() ? std::string() : ": " + r.title) + "\n";
    if (r.interrupted) out += interruption_line(r) + "\n";
    if (!r.scenario.empty()) out += "scenario: " + r.scenario + "\n";
    if (!r.created_utc.empty()) out += "created:  " + r.created_utc + "\n";
    if (!r.tool_version.empty()) out += "tool:     " + r.tool_version + "\n";
    for (const auto& [k, v] : r.meta) out += k + ": " + v + "\n";
    if (!r.sides.empty()) {
        std::vector<std::vector<std::string>> rows;
        std::vector<std::string> head{""};
        for (const auto& s : r.sides) head.push_back(s.name);
        rows.push_back(head);
        std::string section;
        for (const auto& row : summary_rows(r)) {
            if (row.section != section) {
                section = row.section;
                rows.push_back({section});
            }
            std::vector<std::string> line{"  " + row.label};
            line.insert(line.end(), row.cells.begin(), row.cells.end());
            rows.push_back(std::move(line));
        }
        out += "\n" + aligned(rows);
    }
    bool any_errors = false;
    for (const auto& s : r.sides) any_errors = any_errors || !s.errors.empty();
    if (any_errors) {
        out += "\nerrors\n";
        std::vector<std::vector<std::string>> rows;
        for (const auto& s : r.sides)
            for (const auto& e : s.errors) rows.push_back({s.name, e.name, integer(e.count)});
        out += aligned(rows, "  ", {false, false, true});
        // What each class means here: its first distinct messages.
        for (const auto& s : r.sides)
            for (const auto& e : s.errors)
                for (const auto& m : e.messages) out += "  " + s.name + " " + e.name + ": " + m + "\n";
    }
    for (const auto& s : r.sides) {
        if (s.stages.empty()) continue;
        out += "\nstages (" + s.name + ")\n";
        std::vector<std::vector<std::string>> rows{{"stage", "from s", "seconds", "target", "offered",
                                                    "achieved", "completed", "failed", "p50", "p90", "p99",
                                                    "max"}};
        for (std::size_t i = 0; i < s.stages.size(); ++i) {
            const auto& p = s.stages[i];
            rows.push_back({integer(i + 1), fixed(p.start_s, 1), fixed(p.seconds, 1), fixed(p.target_rps, 1),
                            fixed(p.offered_rps, 1), fixed(p.achieved_rps, 1), integer(p.completed),
                            integer(p.failed), value_cell(p.p50_ns, "ns"), value_cell(p.p90_ns, "ns"),
                            value_cell(p.p99_ns, "ns"), value_cell(p.max_ns, "ns")});
        }
        out += aligned(rows, "  ", std::vector<bool>(12, true));
    }
    for (const auto& s : r.sides)
        if (!s.skipped.empty()) out += "\nskipped (" + s.name + "): " + s.skipped + "\n";
    for (const auto& s : r.sides)
        if (!s.notes.empty()) out += "\nnote (" + s.name + "): " + s.notes + "\n";
    for (const auto& s : r.sides)
        if (!s.queries.empty()) out += "\n" + render_queries_text(s, kTopQueries);
    if (!r.comparisons.empty()) {
        out += "\nA/B comparison (B relative to A; bootstrap CI of B/A)\n";
        std::vector<std::vector<std::string>> rows{
            {"metric", "A", "B", "A value", "B value", "B/A", "CI", "verdict"}};
        for (const auto& c : r.comparisons)
            rows.push_back({c.metric, c.a, c.b, value_cell(c.a_value, c.unit), value_cell(c.b_value, c.unit),
                            ratio_cell(c), ci_cell(c), c.verdict});
        out += aligned(rows, "  ", {false, false, false, true, true, true, true, false});
        for (const auto& c : r.comparisons)
            if (!c.note.empty()) out += "  note (" + c.metric + "): " + c.note + "\n";
    }
    if (!r.thresholds.empty()) {
        out += "\nthresholds\n";
        for (const auto& t : r.thresholds)
            out += std::string("  [") + (t.passed ? "ok" : "FAILED") + "] " + t.message + "\n";
    }
    return out;
}

std::string render_markdown(const Report& r) {
    std::string out =
        "# tpbench report" + (r.title.empty() ? std::string() : ": " + md_escape(r.title)) + "\n\n";
    if (r.interrupted) out += "**" + md_escape(interruption_line(r)) + "**\n\n";
    if (!r.scenario.empty()) out += "- scenario: `" + md_escape(r.scenario) + "`\n";
    if (!r.created_utc.empty()) out += "- created: " + r.created_utc + "\n";
    if (!r.tool_version.empty()) out += "- tool: " + md_escape(r.tool_version) + "\n";
    if (!r.command.empty()) out += "- command: `" + md_escape(r.command) + "`\n";
    for (const auto& [k, v] : r.meta) out += "- " + md_escape(k) + ": " + md_escape(v) + "\n";
    if (!r.sides.empty()) {
        out += "\n## Summary\n\n| metric |";
        for (const auto& s : r.sides) out += " " + md_escape(s.name) + " |";
        out += "\n|---|";
        for (std::size_t i = 0; i < r.sides.size(); ++i) out += "---:|";
        out += "\n";
        std::string section;
        for (const auto& row : summary_rows(r)) {
            if (row.section != section) {
                section = row.section;
                out += "| **" + section + "** |";
                for (std::size_t i = 0; i < r.sides.size(); ++i) out += " |";
                out += "\n";
            }
            out += "| " + md_escape(row.label) + " |";
            for (const auto& c : row.cells) out += " " + md_escape(c) + " |";
            out += "\n";
        }
    }
    bool any_skipped = false;
    for (const auto& s : r.sides) any_skipped = any_skipped || !s.skipped.empty();
    if (any_skipped) {
        out += "\n## Skipped\n\n";
        for (const auto& s : r.sides)
            if (!s.skipped.empty()) out += "- " + md_escape(s.name) + ": " + md_escape(s.skipped) + "\n";
    }
    bool any_errors = false;
    for (const auto& s : r.sides) any_errors = any_errors || !s.errors.empty();
    if (any_errors) {
        out += "\n## Errors\n\n| side | class | count |\n|---|---|---:|\n";
        for (const auto& s : r.sides)
            for (const auto& e : s.errors)
                out +=
                    "| " + md_escape(s.name) + " | " + md_escape(e.name) + " | " + integer(e.count) + " |\n";
        for (const auto& s : r.sides)
            for (const auto& e : s.errors)
                for (const auto& m : e.messages)
                    out += "\n- " + md_escape(s.name) + " " + md_escape(e.name) + ": " + md_escape(m);
        out += "\n";
    }
    for (const auto& s : r.sides) {
        if (s.queries.empty()) continue;
        out += "\n## Per query: " + md_escape(s.name) + "\n\nAll " + std::to_string(s.queries.size()) +
               " queries, by total time.\n\n|";
        const auto head = query_header();
        for (const auto& c : head) out += " " + md_escape(c) + " |";
        out += "\n|---|";
        for (std::size_t i = 1; i < head.size(); ++i) out += i + 1 == head.size() ? "---|" : "---:|";
        out += "\n";
        for (const auto& row : query_rows(s, 0)) {
            out += "|";
            for (const auto& c : row) out += " " + md_escape(c) + " |";
            out += "\n";
        }
    }
    if (!r.comparisons.empty()) {
        out += "\n## A/B comparison\n\nB relative to A; CI = bootstrap confidence interval of B/A.\n\n";
        out +=
            "| metric | A | B | A value | B value | B/A | CI | verdict "
            "|\n|---|---|---|---:|---:|---:|---|---|\n";
        for (const auto& c : r.comparisons)
            out += "| " + md_escape(c.metric) + " | " + md_escape(c.a) + " | " + md_escape(c.b) + " | " +
                   value_cell(c.a_value, c.unit) + " | " + value_cell(c.b_value, c.unit) + " | " +
                   ratio_cell(c) + " | " + ci_cell(c) + " | " + md_escape(c.verdict) + " |\n";
        // Why a verdict is what it is ("n/a": one run per side; "failed": which side and why).
        bool first = true;
        for (const auto& c : r.comparisons)
            if (!c.note.empty()) {
                out += std::string(first ? "\n" : "") + "- note (" + md_escape(c.metric) +
                       "): " + md_escape(c.note) + "\n";
                first = false;
            }
    }
    if (!r.thresholds.empty()) {
        out += "\n## Thresholds\n\n| threshold | result | detail |\n|---|---|---|\n";
        for (const auto& t : r.thresholds)
            out += "| `" + md_escape(t.expression) + "` | " + (t.passed ? "ok" : "**FAILED**") + " | " +
                   md_escape(t.message) + " |\n";
    }
    return out;
}

std::string render_csv(const Report& r) {
    std::string out =
        "name,backend,serializer,compression,connections,in_flight_per_connection,effective_concurrency,"
        "offered_rps,achieved_rps,requests,completed,failed,wrong_result_count,failed_connections,"
        "failed_executions,error_rate,duration_s,throughput_rps,"
        "latency_mean_ns,latency_p50_ns,latency_p90_ns,latency_p99_ns,latency_p99_9_ns,latency_p99_99_ns,"
        "latency_max_ns,"
        "service_p50_ns,service_p99_ns,ttfr_p50_ns,ttfr_p99_ns,ttlr_p50_ns,ttlr_p99_ns,saturated,"
        "skipped,interrupted\n";
    for (const auto& s : r.sides) {
        std::vector<std::string> f{csv_field(s.name),
                                   csv_field(s.config.backend),
                                   csv_field(s.config.serializer),
                                   csv_field(s.config.compression),
                                   integer(s.config.connections),
                                   integer(s.config.in_flight_per_connection),
                                   integer(s.config.effective_concurrency),
                                   csv_num(s.config.offered_rps, 3),
                                   csv_num(s.config.achieved_rps, 3),
                                   integer(s.requests),
                                   integer(s.completed),
                                   integer(s.failed),
                                   integer(s.wrong_result_count),
                                   s.connect ? integer(s.connect->failures) : std::string("0"),
                                   integer(s.failed_executions),
                                   csv_num(s.error_rate(), 6),
                                   csv_num(s.duration_s, 6),
                                   csv_num(s.throughput_rps, 3)};
        const bool lat = s.latency && s.latency->count() > 0;
        f.push_back(lat ? csv_num(s.latency->mean(), 1) : "");
        for (double p : kSummaryPercentiles) f.push_back(hist_pct(s.latency, p));
        f.push_back(lat ? std::to_string(s.latency->highest_equivalent(s.latency->max())) : "");
        for (const auto* h : {&s.service, &s.ttfr, &s.ttlr}) {
            f.push_back(hist_pct(*h, 50));
            f.push_back(hist_pct(*h, 99));
        }
        f.push_back(s.saturated ? "true" : "false");
        f.push_back(csv_field(s.skipped));
        f.push_back(r.interrupted ? "true" : "false");  // the whole run's mark, on every row
        std::string line;
        for (std::size_t i = 0; i < f.size(); ++i) line += (i ? "," : "") + f[i];
        out += line + "\n";
    }
    // The A/B rows and the thresholds, each a block of its own after an empty line (its own header),
    // so a CSV report carries every verdict the other formats do.
    if (!r.comparisons.empty()) {
        out += "\ncomparison_metric,unit,a,b,a_value,b_value,ratio,ci_low,ci_high,verdict,note\n";
        for (const auto& c : r.comparisons)
            out += csv_field(c.metric) + "," + csv_field(c.unit) + "," + csv_field(c.a) + "," +
                   csv_field(c.b) + "," + csv_num(c.a_value, 3) + "," + csv_num(c.b_value, 3) + "," +
                   csv_num(c.ratio, 6) + "," + (c.ci_low ? csv_num(*c.ci_low, 6) : "") + "," +
                   (c.ci_high ? csv_num(*c.ci_high, 6) : "") + "," + csv_field(c.verdict) + "," +
                   csv_field(c.note) + "\n";
    }
    if (any_queries(r)) {  // per workload line / exercise query, in their order
        out +=
            "\nquery_side,query_index,line,label,count,completed,failed,wrong_result_count,results,share,"
            "throughput_rps,latency_p50_ns,latency_p90_ns,latency_p99_ns,latency_p99_9_ns,ttfr_p50_ns,"
            "ttfr_p99_ns,errors\n";
        for (const auto& s : r.sides)
            for (std::size_t i = 0; i < s.queries.size(); ++i) {
                const auto& q = s.queries[i];
                std::string errs;
                for (const auto& e : q.errors)
                    errs += (errs.empty() ? "" : ";") + e.name + "=" + integer(e.count);
                out += csv_field(s.name) + "," + integer(i) + "," + integer(q.line) + "," +
                       csv_field(q.label) + "," + integer(q.count) + "," + integer(q.completed) + "," +
                       integer(q.failed) + "," + integer(q.wrong_result_count) + "," + integer(q.results) +
                       "," + csv_num(q.share, 6) + "," + csv_num(query_rps(s, q), 3) + "," +
                       hist_pct(q.latency, 50) + "," + hist_pct(q.latency, 90) + "," +
                       hist_pct(q.latency, 99) + "," + hist_pct(q.latency, 99.9) + "," +
                       hist_pct(q.ttfr, 50) + "," + hist_pct(q.ttfr, 99) + "," + csv_field(errs) + "\n";
            }
    }
    if (!r.thresholds.empty()) {
        out += "\nthreshold,passed,message\n";
        for (const auto& t : r.thresholds)
            out += csv_field(t.expression) + "," + (t.passed ? "true" : "false") + "," +
                   csv_field(t.message) + "\n";
    }
    return out;
}

}  // namespace tpbench::report
