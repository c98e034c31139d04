#pragma once
// tpbench::report — the report data model: plain structs the engine (or `tpbench merge`, or a
// test) fills in, independent of engine types. Renderers live in tpbench/report/render.hpp.
//
// Usage (engine/CLI side):
//
//   #include <tpbench/report/report.hpp>
//   #include <tpbench/report/render.hpp>
//   namespace rp = tpbench::report;
//   rp::Report r;
//   r.title = "ws37 vs http4, g.V().out()";
//   rp::Side& s = r.sides.emplace_back();
//   s.name = "ws37";
//   s.config = {.backend = "ws37", .serializer = "graphbinary-1.0", .compression = "none",
//               .connections = 8, .in_flight_per_connection = 4, .effective_concurrency = 32,
//               .offered_rps = 2000, .achieved_rps = 1987.5};
//   s.requests = 20000; s.completed = 19990; s.failed = 10; s.duration_s = 10.06;
//   s.throughput_rps = s.completed / s.duration_s;
//   s.latency = merged.latency;        // stats::Histogram in ns, coordinated-omission corrected
//   s.service = merged.service;        // optional: actual send -> done
//   s.ttfr = merged.ttfr;              // optional: time to first result
//   s.ttlr = merged.service;           // optional: time to last result
//   s.errors.push_back({"timeout", 10});
//   s.intervals.push_back({.t_s = 1, .rps = 1990, .p50_ns = 180e3, .p99_ns = 410e3, .errors = 0});
//   // ... second side, then optionally an A/B row from K runs per side:
//   r.comparisons.push_back(rp::compare_metric("p99 latency", "ns", "ws37", "http4", a_p99s, b_p99s));
//   std::string html = rp::render(r, rp::Format::html);   // or table, markdown, csv, json
//
// Units: every latency is in nanoseconds, rates in requests per second, durations in seconds.
#include <tpbench/stats/compare.hpp>
#include <tpbench/stats/histogram.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::report {

// The version of the JSON document written by render(Format::json); see docs/report-schema.md.
// Version 2: a request whose result count differed from its expectation (a workload
// line's `expect`, --expect-results, the exercise mix's counts) is a failed request of class
// "wrong_result" (in `failed`, `errors` and `error_rate`, no longer in `completed`), and every side
// has the counters `wrong_result_count` and `failed_executions`. parse_report_json reads version 1 too.
inline constexpr std::string_view kSchema = "tpbench.report/2";
inline constexpr std::string_view kSchemaV1 = "tpbench.report/1";
// The error class of wrong result counts (a report-only class: the engine counts them apart).
inline constexpr std::string_view kWrongResultClass = "wrong_result";

// What a side was configured to do: enough to tell whether two runs are comparable.
struct SideConfig {
    std::string backend;      // "ws37", "http4", ...
    std::string serializer;   // "graphbinary-1.0", "graphson-3.0", ...
    std::string compression;  // "none", "deflate", "gzip", ...
    // The protocol dialect the side actually sent, in the names of the backend's `dialect` option
    // (http4: "master-http", "4.0-beta.1", "4.0"; detected or configured); "" = the backend has one.
    std::string dialect;
    std::uint64_t connections = 0;               // connections in the pool(s)
    std::uint64_t in_flight_per_connection = 0;  // requests in flight per connection
    std::uint64_t effective_concurrency = 0;     // outstanding-request slots actually used
    double offered_rps = 0;                      // open loop target rate; 0 = closed loop
    double achieved_rps = 0;                     // rate the generator actually sent at
    std::map<std::string, std::string> extra;    // any other knob ("workers", "batch_size", ...)
};

// Failed requests of one error class (tpbench::errc name, e.g. "timeout", "server_evaluation").
struct ErrorClass {
    std::string name;
    std::uint64_t count = 0;
    // The first few distinct messages of the class (server message, OS / TLS reason, HTTP status
    // of a refused upgrade ...), in the order seen; may be empty.
    std::vector<std::string> messages = {};
};

// One point of the per-interval series (usually one per second of the measured phase).
struct IntervalPoint {
    double t_s = 0;            // end of the interval, seconds since the measured phase started
    double rps = 0;            // completed requests per second in the interval
    double p50_ns = 0;         // median latency of requests completed in the interval
    double p99_ns = 0;         // 99th percentile latency
    std::uint64_t errors = 0;  // failed requests in the interval
};

// One stage of a staged open-loop run (--stages): the requests that completed within the stage's
// seconds (whole seconds of the per-second series, warm-up excluded).
struct StagePoint {
    double start_s = 0;       // stage start, seconds after the schedule's start
    double seconds = 0;       // stage length
    double target_rps = 0;    // the rate the stage ramps to
    double offered_rps = 0;   // the stage's scheduled requests / seconds (its average offered rate)
    double achieved_rps = 0;  // (completed + failed) / seconds
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;
    double p50_ns = 0;  // corrected latency of the stage's completed requests
    double p90_ns = 0;
    double p99_ns = 0;
    double max_ns = 0;
};

// What opening the side's connections cost, by stage, kept apart from request latency (a TLS
// handshake is paid per new connection, not per request).
struct ConnectTimes {
    std::uint64_t connections = 0;             // connections opened (one sample each in tcp)
    std::uint64_t tls_handshakes = 0;          // of which over TLS (samples in tls)
    std::uint64_t tls_resumed = 0;             // of which resumed a TLS session
    std::uint64_t failures = 0;                // connects that failed
    std::optional<stats::Histogram> tcp;       // ns; resolve + TCP connect
    std::optional<stats::Histogram> tls;       // ns; TLS handshake
    std::optional<stats::Histogram> protocol;  // ns; WebSocket upgrade / SASL exchange
};

// Workload transaction groups of the side (docs/report-schema.md "transactions"): each is begin,
// its statements, then commit or rollback, over a ws37 session or an http4 transaction.
struct TransactionTimes {
    std::uint64_t started = 0;
    std::uint64_t committed = 0;
    std::uint64_t rolled_back = 0;            // ended with the rollback the workload asked for
    std::uint64_t failed = 0;                 // a begin, statement or commit/rollback failed
    std::uint64_t requests = 0;               // requests sent for them (begin + statements + end)
    std::optional<stats::Histogram> latency;  // ns; intended start -> commit/rollback answered
};

// One workload line or exercise query of a side (docs/report-schema.md "queries"): its requests of
// the measured phase. count = completed + failed; wrong_result_count is in failed and in errors
// (class "wrong_result"), as for the side.
struct QueryBreakdown {
    std::string label;       // the query text ("tx: N statement(s), commit" for a transaction line)
    std::uint32_t line = 0;  // workload file line (0 = not from a workload file)
    std::uint64_t count = 0;
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;
    std::uint64_t wrong_result_count = 0;
    std::uint64_t results = 0;                // result items received by its completed requests
    double share = 0;                         // count / the side's requests with an entry (0..1)
    std::optional<stats::Histogram> latency;  // ns
    std::optional<stats::Histogram> ttfr;     // ns
    std::vector<ErrorClass> errors;
};

// One backend / configuration / run.
struct Side {
    std::string name;  // label used in tables and plots (unique in a report)
    SideConfig config;
    std::uint64_t requests = 0;               // issued in the measured phase (= completed + failed)
    std::uint64_t completed = 0;              // ended without error and with the expected result count
    std::uint64_t failed = 0;                 // ended with an error or a wrong result count (sum of errors[])
    std::uint64_t wrong_result_count = 0;     // of `failed`: answered, but not with the expected result count
    std::uint64_t failed_executions = 0;      // closed loop: test/warm-up executions that could not run
    double duration_s = 0;                    // measured phase wall time
    double throughput_rps = 0;                // completed / duration_s
    std::uint64_t results = 0;                // result items received
    std::uint64_t bytes_out = 0;              // request bytes on the wire
    std::uint64_t bytes_in = 0;               // response bytes on the wire
    std::optional<stats::Histogram> latency;  // ns; intended send -> done (CO-corrected in open loop)
    std::optional<stats::Histogram> service;  // ns; actual send -> done
    std::optional<stats::Histogram> ttfr;     // ns; send -> first result decoded
    std::optional<stats::Histogram> ttlr;     // ns; send -> last result decoded
    // ns; open loop only: the generator's own send lateness (request handed to the session minus
    // its intended send time), every request of the measured phase. Absent in closed loop.
    std::optional<stats::Histogram> send_lateness;
    std::vector<ErrorClass> errors;
    std::vector<IntervalPoint> intervals;
    std::vector<StagePoint> stages;                // --stages: one entry per stage
    std::optional<ConnectTimes> connect;           // connection-opening costs (absent when not measured)
    std::optional<TransactionTimes> transactions;  // absent when the workload has no transaction groups
    std::vector<QueryBreakdown> queries;           // per workload line / exercise query (empty: none kept)
    bool saturated = false;                        // the generator, not the server, was the bottleneck
    std::string notes;                             // free text shown under the side ("schedule missed", ...)
    // The scenario of this side in a report of several (the default A/B's "Latency g.V()", ...):
    // the HTML report draws one plot panel per scenario. "" = the report's one scenario.
    std::string scenario;
    // Non-empty: the side did not run, and why (one line, e.g. a write tpbench was not allowed to
    // make); its figures are all zero. Every format shows it.
    std::string skipped;
    // Event counts the backends report (docs/report-schema.md "diagnostics"), e.g.
    // "memo.response_hits"; empty when none.
    std::map<std::string, std::uint64_t> diagnostics;

    // failed / requests, 0 when nothing was issued.
    double error_rate() const noexcept {
        return requests ? static_cast<double>(failed) / static_cast<double>(requests) : 0.0;
    }
};

// One A/B row: metric of side B relative to side A.
struct ComparisonRow {
    std::string metric;  // "p99 latency", "throughput", ...
    std::string unit;    // "ns", "rps", "" ...
    std::string a;       // side names
    std::string b;
    double a_value = 0;            // mean of A's samples
    double b_value = 0;            // mean of B's samples
    double ratio = 0;              // b_value / a_value
    std::optional<double> ci_low;  // bootstrap CI of the ratio (absent with 1 sample per side)
    std::optional<double> ci_high;
    double confidence = 0.95;
    std::string verdict;  // "faster", "slower", "~", "n/a" (one run per side), "refused", "failed", "error"
    std::size_t samples_a = 0;
    std::size_t samples_b = 0;
    std::string note;  // refusal reason or error text
};

// A threshold outcome as shown in reports (filled from stats::evaluate_thresholds).
struct ThresholdLine {
    std::string expression;  // "p99<20ms"
    bool passed = false;
    std::string message;  // "p99<20ms: p99 = 12.000ms (limit < 20.000ms) -> ok"
};

// One rank of a distributed run (tpbench-mpi, docs/distributed.md); Report::ranks is empty otherwise.
struct RankInfo {
    int rank = 0;
    std::string host;
    std::string side;         // closed-loop ab: the side of these figures (one entry per rank and side)
    std::string status;       // "ok" or "failed" (could not connect / did not run)
    std::string message;      // failure or saturation reason
    double offered_rps = 0;   // this rank's share of the offered rate
    double achieved_rps = 0;  // measured-phase requests / duration_s, on this rank's own clock
    double duration_s = 0;
    std::uint64_t planned = 0;   // requests in this rank's share of the plan (warm-up included)
    std::uint64_t requests = 0;  // measured phase
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;
    bool saturated = false;  // this client host could not keep its schedule
};

// The run was stopped early by a signal (docs/report-schema.md "interrupted"): every figure of
// the report covers what ran until then.
struct Interruption {
    std::string signal;          // "SIGINT", "SIGTERM", "SIGHUP"; "" = stopped by a stop request in code
    std::string at_utc;          // ISO 8601 time of the (first) signal
    double after_s = 0;          // seconds after the run started
    double grace_s = 0;          // how long in-flight requests were given to finish
    std::uint64_t not_sent = 0;  // requests planned but never sent because of the stop
};

// One row of the default A/B's table in the seed's Markdown shape (Branch | Test Type | Arguments |
// Query | Result), in Report::seed_table; the HTML report shows it with each row's ratio and verdict.
// HTML only (JSON keeps the sides and comparisons these rows come from).
struct SeedRow {
    std::string side;  // Side::name of the row's figures
    std::string branch, test_type, arguments, query, result;
    // Index in Report::comparisons of this row (B) against its scenario's first row (A); none = A.
    std::optional<std::size_t> comparison;
};

struct Report {
    std::string title;                        // headline
    std::string tool_version;                 // "tpbench 0.1.0"
    std::string created_utc;                  // ISO 8601, e.g. "2026-11-30T08:00:00Z"; "" = omit
    std::string scenario;                     // scenario name / query text
    std::string command;                      // command line that produced it
    std::map<std::string, std::string> meta;  // host, kernel, notes ...
    std::vector<Side> sides;
    std::vector<ComparisonRow> comparisons;
    std::vector<ThresholdLine> thresholds;
    std::vector<RankInfo> ranks;              // distributed runs only (JSON "ranks", omitted when empty)
    std::optional<Interruption> interrupted;  // set when the run was cut short by a signal
    std::vector<SeedRow> seed_table;          // the default A/B only (see SeedRow)
};

// A query's completed requests per second over its side's measured duration (0 without one).
inline double query_rps(const Side& s, const QueryBreakdown& q) noexcept {
    return s.duration_s > 0 ? static_cast<double>(q.completed) / s.duration_s : 0.0;
}

// Builds an A/B row from K samples per side with stats::compare_ratio (seeded bootstrap).
// With a single sample on either side the row has the ratio only, no CI, and verdict "n/a" with a
// note (one run has no dispersion to tell a difference from noise); no sample on a side: ratio NaN, "n/a";
// saturation flags in `opt` produce "refused"; invalid samples give verdict "error" and the message in
// `note`. Never throws.
ComparisonRow compare_metric(std::string metric, std::string unit, std::string a, std::string b,
                             std::span<const double> a_samples, std::span<const double> b_samples,
                             const stats::CompareOptions& opt = {});

// An IntervalPoint from one interval's counters and latency histogram (ns): rps = completed /
// interval_s, p50/p99 from the histogram (0 when it is empty). interval_s <= 0 gives rps 0.
IntervalPoint make_interval_point(double t_s, double interval_s, std::uint64_t completed,
                                  std::uint64_t failed, const stats::Histogram& latency);

// Current UTC time as ISO 8601 ("2026-11-30T08:00:00Z"), for Report::created_utc.
std::string now_utc_iso8601();

}  // namespace tpbench::report
