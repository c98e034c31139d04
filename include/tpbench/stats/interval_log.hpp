#pragma once
// HdrHistogram interval logs (".hlog"): one compressed V2 histogram per time interval, as written
// by HdrHistogram's HistogramLogWriter (format version 1.3) and read by its HistogramLogReader,
// HistogramLogAnalyzer and HdrHistogram_c.
//
//   #[Histogram log format version 1.3]
//   #[StartTime: 1441812279.474 (seconds since epoch), Wed Sep 09 15:24:39 UTC 2015]
//   "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
//   0.127,1.007,2.769,HISTFAAAAEV42pNpmSz...
//   Tag=service,0.127,1.007,0.310,HISTFAAAA...
//
// Timestamps are seconds (relative to StartTime/BaseTime, or absolute seconds since the epoch);
// Interval_Max is the interval's max value divided by max_value_unit_ratio (1e6: ns -> ms).
// Parsing never throws; every line's error names its line number.
//
// `tpbench merge OUT.hlog IN1.hlog IN2.hlog ...` is these three calls (CLI owner: wire as is):
//   std::vector<IntervalLog> logs;
//   for (auto& p : inputs) { auto l = read_interval_log_file(p); if (!l) return error(l.error());
//   logs.push_back(*l); } auto merged = merge_interval_logs(logs, prefixes);            // prefixes optional,
//   one per input auto ok = write_interval_log_file(*merged, out);              // then e.g.
//   report::percentile_distribution(
//                                                                 //   total_histogram(*merged, tag)) for
//                                                                 .hgrm
#include <tpbench/stats/expected.hpp>
#include <tpbench/stats/histogram.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::stats {

struct IntervalLogEntry {
    std::string tag;        // "" = untagged; no commas, spaces or line breaks
    double start_s = 0;     // StartTimestamp column (seconds)
    double length_s = 0;    // Interval_Length column (seconds)
    double max_scaled = 0;  // Interval_Max column as written (max / max_value_unit_ratio)
    Histogram histogram;    // the interval's values
};

struct IntervalLog {
    std::vector<std::string> comments;   // other "#..." lines, without the leading '#'
    std::optional<double> start_time_s;  // #[StartTime: x (seconds since epoch), ...]
    std::optional<double> base_time_s;   // #[BaseTime: x (seconds since epoch)]
    std::string format_version;          // from #[Histogram log format version x]; "" if absent
    std::vector<IntervalLogEntry> entries;
    // Comments written after the entries (e.g. tpbench's mark of an interrupted run), without the
    // leading '#'; the parser puts every comment in `comments`, wherever it stood.
    std::vector<std::string> trailer;

    // Seconds since the epoch of an entry's start: base time (or start time when no base time
    // is given and the timestamps look relative, as HdrHistogram's reader decides) + start_s.
    double absolute_start_s(const IntervalLogEntry& e) const noexcept;
};

struct IntervalLogWriteOptions {
    double max_value_unit_ratio = 1e6;  // divides Interval_Max (ns -> ms), HdrHistogram's default
    int zlib_level = 9;                 // HistogramLogWriter uses Deflater.BEST_COMPRESSION
};

// Writes a complete log: comments, format version 1.3, StartTime/BaseTime when set, the legend
// and every entry. Throws std::invalid_argument if a tag contains ',', ' ', '\n' or '\r'.
std::string write_interval_log(const IntervalLog& log, const IntervalLogWriteOptions& opt = {});
// Formats one entry line (with trailing '\n').
std::string format_interval_line(const IntervalLogEntry& e, const IntervalLogWriteOptions& opt = {});

// Parses a log. Accepts untagged and "Tag=" lines, comments, the legend and blank lines.
// Errors (with line number): unparseable numbers, missing fields, bad histogram encodings,
// unsupported major format version. Input larger than 256 MiB is refused.
Expected<IntervalLog> parse_interval_log(std::string_view text);

// Merges logs from several runs/machines into one, losslessly: every interval histogram is
// kept; timestamps are rebased onto the earliest absolute start (StartTime of the result);
// entries are ordered by absolute start time (stable). When tag_prefixes is non-empty it must
// have one entry per log; a non-empty prefix p turns tag t into "p" (untagged) or "p.t".
// Error: prefix count mismatch.
Expected<IntervalLog> merge_interval_logs(const std::vector<IntervalLog>& logs,
                                          const std::vector<std::string>& tag_prefixes = {});

// Reads and parses a log file (at most 256 MiB). Errors name the file.
Expected<IntervalLog> read_interval_log_file(const std::string& path);
// Writes write_interval_log(log, opt) to path (truncating). Error message on I/O failure.
Expected<bool> write_interval_log_file(const IntervalLog& log, const std::string& path,
                                       const IntervalLogWriteOptions& opt = {});

// A log written as it is made (tpbench run --hlog): the header when opened, then each entry and
// comment appended and flushed at once, so a process killed mid-run (even SIGKILL) leaves a
// readable log of the intervals so far (a trailing partial line at worst). Comments may come
// anywhere: HdrHistogram's readers skip every '#' line they do not know. Single thread.
class IntervalLogAppender {
public:
    IntervalLogAppender() = default;
    ~IntervalLogAppender();
    IntervalLogAppender(const IntervalLogAppender&) = delete;
    IntervalLogAppender& operator=(const IntervalLogAppender&) = delete;
    // Creates (truncates) `path` and writes `header`'s comments, version, StartTime/BaseTime and
    // the legend (its entries are ignored). Error message on I/O failure.
    Expected<bool> open(const std::string& path, const IntervalLog& header,
                        const IntervalLogWriteOptions& opt = {});
    // Appends one entry line and flushes it; false when not open or the write failed.
    bool append(const IntervalLogEntry& e);
    // Appends "#TEXT" (line breaks in `text` become spaces) and flushes it.
    bool comment(std::string_view text);
    bool is_open() const noexcept { return file_ != nullptr; }
    void close();

private:
    std::FILE* file_ = nullptr;
    IntervalLogWriteOptions opt_;
};

// Writes `log` to `path` by way of a temporary file renamed over it, so an existing log (e.g. one an
// IntervalLogAppender wrote as the run went) is replaced whole or not at all.
Expected<bool> replace_interval_log_file(const IntervalLog& log, const std::string& path,
                                         const IntervalLogWriteOptions& opt = {});

// Sum of every interval histogram whose tag equals `tag` (exact when configs agree; configs are
// taken from the first matching entry, or `fallback` when there is none).
Histogram total_histogram(const IntervalLog& log, std::string_view tag = "",
                          const HistogramConfig& fallback = {});

}  // namespace tpbench::stats
