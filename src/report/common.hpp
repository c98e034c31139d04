#pragma once
// Internal helpers shared by the renderers (not installed; src/report only).
#include <tpbench/report/report.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace tpbench::report::detail {

// Percentiles shown in every summary.
inline constexpr double kSummaryPercentiles[] = {50.0, 90.0, 99.0, 99.9, 99.99};

// One labelled row of the per-side summary; cells[i] belongs to sides[i].
struct Row {
    std::string section;             // "run", "latency", "service", ... (markdown/table grouping)
    std::string label;               // "p99", "throughput (req/s)", ...
    std::vector<std::string> cells;  // formatted values, "-" when unavailable
};

// The per-side summary as formatted rows (shared by table, markdown and HTML).
std::vector<Row> summary_rows(const Report& r);

// "p99.9" style label for a percentile.
std::string percentile_label(double p);
// Number formatting that never prints nan/inf ("-" instead).
std::string fixed(double v, int decimals);
std::string integer(std::uint64_t v);
// Ratio "x1.234" and CI "[0.950, 1.020]" cells of a comparison row.
std::string ratio_cell(const ComparisonRow& c);
std::string ci_cell(const ComparisonRow& c);
// Formats a comparison value in its unit (ns -> readable time, rps -> 1 decimal).
std::string value_cell(double v, const std::string& unit);

// The per-query breakdown of a side as a table (text, markdown, HTML): query_header() and one row
// per query, the queries sorted by the time they took in all (count x mean latency), the first
// `limit` of them (0 = all). Latencies in ms; errors as "class count, ...".
inline constexpr std::size_t kTopQueries = 10;
std::vector<std::string> query_header();
std::vector<std::vector<std::string>> query_rows(const Side& s, std::size_t limit);
// True when some side has a per-query breakdown.
bool any_queries(const Report& r);

}  // namespace tpbench::report::detail
