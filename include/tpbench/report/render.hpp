#pragma once
// Renderers for tpbench::report::Report: aligned text table, markdown, CSV, JSON (schema
// "tpbench.report/2", docs/report-schema.md) and a self-contained HTML page with inline CSS and
// hand-drawn inline SVG plots (no scripts, no external resources).
#include <tpbench/report/report.hpp>
#include <tpbench/stats/expected.hpp>

#include <string>
#include <string_view>

namespace tpbench::report {

enum class Format { table, markdown, csv, json, html };

// "table" | "text", "markdown" | "md", "csv", "json", "html". Error names the accepted values.
stats::Expected<Format> parse_format(std::string_view name);
// Format implied by a file name's extension (.md, .csv, .json, .html/.htm); table otherwise.
Format format_for_path(std::string_view path) noexcept;

// Renders a report. Never throws on any report content (NaN/inf numbers become "-" / null).
std::string render(const Report& r, Format f);
std::string render_table(const Report& r);
std::string render_markdown(const Report& r);
std::string render_csv(const Report& r);
std::string render_json(const Report& r);
std::string render_html(const Report& r);

// Writes render(r, format_for_path(path)) to path. Error message on I/O failure.
stats::Expected<bool> write_report_file(const Report& r, const std::string& path);

// Reads a JSON report written by render_json back (histograms are restored from their embedded
// HdrHistogram encodings, so nothing is lost). Errors: not JSON, wrong "schema", bad fields.
stats::Expected<Report> parse_report_json(std::string_view text);

// The one-line mark of an interrupted report, shown in every format ("INTERRUPTED by SIGINT at
// 2026-12-07T08:00:03Z, 3.0 s into the run: partial results (...)"); "" for a complete one.
std::string interruption_line(const Report& r);

// Formats a duration in ns with a readable unit ("850ns", "12.3us", "4.56ms", "1.23s").
std::string format_ns(double ns);

// The per-query breakdown of side `s` as an aligned text block (a heading line, then the `top`
// queries by total time; 0 = all); "" when the side has none. The table format and `run`'s
// summary use it.
std::string render_queries_text(const Side& s, std::size_t top);

}  // namespace tpbench::report
