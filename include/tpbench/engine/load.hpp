#pragma once
// The load engine: N worker threads, one io_context each, a connection pool per worker, a fixed
// request plan split across workers up front, per-phase statistics merged after join.
//
// Model: the caller builds a LoadSpec whose `plan` lists, in submission order, which request
// template each request uses (so a seeded mix such as the exercise sequence is decided before
// any thread starts). Request i goes to worker i % workers. Each worker runs
// `lanes` coroutines; a lane takes its worker's next request, borrows a connection (growing the
// pool up to its maximum, waiting up to max_wait_for_connection), executes it and records the
// Outcome. Closed loop (rate == 0): lanes = connections x in-flight per connection, so the number
// of outstanding requests equals the pool's capacity, like the Java driver's pool. Open loop
// (rate > 0): request i is due at start + i / rate and latency is measured from that intended
// time (coordinated-omission corrected, wrk2 style) as well as from the actual send.
//
// Every run is bounded: by the plan's length, by per-request deadlines, and by `run_deadline`
// after which outstanding requests are counted as errc::timeout and the workers stop. A stop
// request (interrupt.hpp: the first SIGINT/SIGTERM/SIGHUP) ends it early: no new request is
// taken, the ones in flight get stop_grace() to finish, the rest are cancelled; the result says
// `interrupted`.
#include <tpbench/engine/backend.hpp>
#include <tpbench/engine/connect_stats.hpp>
#include <tpbench/stats/histogram.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::engine {

// Connection-pool knobs (ProfilingApplication / Java driver names in comments). Totals across all
// workers; each worker gets an even share.
struct PoolOptions {
    std::size_t min_connections = 1;                          // minConnectionPoolSize: opened before timing
    std::size_t max_connections = 1;                          // maxConnectionPoolSize
    std::size_t max_in_process_per_connection = 64;           // maxInProcessPerConnection (Session limit)
    std::size_t max_simultaneous_usage_per_connection = 64;   // maxSimultaneousUsagePerConnection
    std::chrono::milliseconds max_wait_for_connection{3000};  // maxWaitForConnection -> pool_exhausted
    std::chrono::milliseconds idle_close{10000};  // connections above min idle this long are closed
};

// Phases a request can belong to; stats are kept per phase.
enum class Phase : std::uint8_t { warmup = 0, measured = 1 };
inline constexpr std::size_t phase_count = 2;

// Number of slots for tpbench::errc values in the error table (every errc value is below this).
inline constexpr std::size_t errc_slots = 96;

// Maps any error_code a session returns onto a tpbench::errc bucket: tpbench errors as they are;
// timeouts -> timeout; cancellations -> cancelled; anything else -> connection_closed.
errc classify_error(const std::error_code& ec) noexcept;

// Stable snake_case name of an errc bucket ("timeout", "server_evaluation"; "errc_<n>" for a
// value without a name), used in reports and JSON.
std::string errc_name(errc e);

// Transactions of one phase (workload "tx" groups). A transaction is one plan entry: it counts
// once in PhaseStats::issued/completed/failed (its latency there is the whole transaction's) and
// here in detail. started = committed + rolled_back + failed.
struct TxStats {
    std::uint64_t started = 0;      // transactions begun (begin request sent)
    std::uint64_t committed = 0;    // ended with a successful commit
    std::uint64_t rolled_back = 0;  // ended with the rollback the workload asked for
    std::uint64_t failed = 0;       // a begin, statement or commit failed (then rolled back, best effort)
    std::uint64_t requests = 0;     // requests sent for transactions: begin + statements + end
    stats::Histogram latency;  // ns, intended start -> commit/rollback answered (committed + rolled back)
    TxStats();
    void merge(const TxStats& o);
};

// The first few distinct messages of one error class (the server's message, the OS / TLS reason,
// the HTTP status of a refused upgrade, ...), kept so that every failure explains itself.
inline constexpr std::size_t max_error_messages = 3;         // per class
inline constexpr std::size_t max_error_message_chars = 300;  // longer ones are cut ("...")
struct ErrorMessage {
    errc error = errc::ok;
    std::string message;
};

// One request template's share of the measured phase (a workload line, an exercise query), kept
// when the templates carry labels (RequestTemplate::label) and there are at most
// max_query_breakdown of them. Requests cut off by the run deadline (finish()) are in no entry.
// The histograms are small (1 µs resolution, 2 digits, up to 10 min: ~25 KB each) and built on
// the template's first completed request. Relations: completed + failed = the template's finished
// requests; result_mismatches is a subset of completed, as in PhaseStats.
inline constexpr std::size_t max_query_breakdown = 100;
struct QueryStats {
    std::string label;       // RequestTemplate::label
    std::uint32_t line = 0;  // RequestTemplate::line (workload file line; 0 = none)
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;  // sum of errors[]
    std::uint64_t result_mismatches = 0;
    std::uint64_t results = 0;
    std::array<std::uint64_t, errc_slots> errors{};
    std::optional<stats::Histogram> latency;  // ns, as PhaseStats::latency
    std::optional<stats::Histogram> ttfr;     // ns, as PhaseStats::ttfr
    // Adds `o` into this (label and line kept when set).
    void merge(const QueryStats& o);
    // The histogram geometry of latency and ttfr.
    static stats::HistogramConfig histogram_config() noexcept { return {1000, 600'000'000'000, 2}; }
};

// Statistics of one phase. Counter relations: issued = completed + failed; too_slow and
// result_mismatches are subsets of completed; every failed request is in exactly one errors[] slot.
struct PhaseStats {
    std::uint64_t issued = 0;                        // requests taken from the plan in this phase
    std::uint64_t completed = 0;                     // requests that ended without error
    std::uint64_t failed = 0;                        // requests that ended with an error (sum of errors[])
    std::array<std::uint64_t, errc_slots> errors{};  // failed requests by tpbench::errc value
    std::uint64_t too_slow = 0;                      // completed, but done - sent > too_slow_threshold
    std::uint64_t result_mismatches = 0;  // completed with a result count != the template's expectation
    std::uint64_t results = 0;            // results received (completed requests only)
    std::uint64_t partial_responses = 0;  // ws37 206 messages / http4 chunks
    std::uint64_t bytes_out = 0;          // request bytes written, all requests
    std::uint64_t bytes_in = 0;           // response bytes read, all requests
    Clock::time_point first_issue{Clock::time_point::max()};  // earliest intended send
    Clock::time_point last_done{Clock::time_point::min()};    // latest completion (ok or failed)
    // Histograms in nanoseconds, completed requests only:
    stats::Histogram latency;       // intended send (open loop) or pick-up (closed loop) -> done
    stats::Histogram service;       // handed to the session -> done (time to last result)
    stats::Histogram ttfr;          // handed to the session -> first result decoded
    stats::Histogram schedule_lag;  // open loop: actual hand-off - intended send (all requests)
    TxStats tx;                     // transaction groups (zero without any)
    // Per request template (index = template index), measured phase only; empty when the
    // templates have no labels or there are more than max_query_breakdown (see QueryStats).
    std::vector<QueryStats> queries;
    // Per error class, its first max_error_messages distinct messages in the order seen (filled on
    // the error path only; merged in worker order).
    std::vector<ErrorMessage> error_messages;

    PhaseStats();
    // Adds `o` into this (histograms merged, times min/max-ed).
    void merge(const PhaseStats& o);
    // Seconds between first_issue and last_done; 0 when nothing ran.
    double wall_seconds() const noexcept;
    // The error bucket with the most requests (errc::ok when none failed).
    errc top_error() const noexcept;
    // Keeps `message` for class `e` unless it has max_error_messages already or has this one.
    void note_error_message(errc e, std::string_view message);
    // The kept messages of class `e`, in the order seen.
    std::vector<std::string> error_messages_of(errc e) const;
};

// Per-second throughput and latency of the measured phase (open loop reporting).
struct IntervalStats {
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;
    stats::Histogram latency;  // corrected latency of requests that completed in this second (ns)
    IntervalStats();
};

// A workload transaction group: begin, the statements in order, then commit or rollback, all
// on one connection (ws37: in one session; http4: under the server-assigned transaction id).
struct TransactionTemplate {
    std::vector<Request> statements;
    bool commit = true;  // false: end with g.tx().rollback()
};

// One request template and, optionally, the result count it must produce. With `tx` set the
// template is a transaction group (`request` is then unused).
// A workload line's feeder (docs/usage.md "Feeders"): the bindings of every request the line
// sends come from one of these rows, picked by LoadSpec::rows. Loaded and converted once, before
// the run (profiling/feeder.hpp); a request only copies its row's map into its Request.
struct Feeder {
    enum class Mode : std::uint8_t { sequential, random, once };
    std::string file;  // as the workload line names it, for messages
    Mode mode = Mode::sequential;
    std::uint64_t seed = 0;          // random mode
    std::vector<model::Value> rows;  // each a map: the line's own bindings plus the row's columns
};

struct RequestTemplate {
    Request request;
    std::optional<std::uint64_t> expected_results;
    std::shared_ptr<const TransactionTemplate> tx;
    std::shared_ptr<const Feeder> feeder;  // bindings per request from a feeder row (LoadSpec::rows)
    // What reports call this template in the per-query breakdown (the query text, a workload
    // line's text); "" on every template = no breakdown.
    std::string label;
    std::uint32_t line = 0;  // workload file line it came from (0 = none)
};

// A live, lock-free view of a running load, for exposition while it runs (tpbench run
// --metrics-port: OpenMetrics/Prometheus, the progress line). It counts every finished request
// (measured and warm-up phases alike); any thread may read it at any time. The workers never
// write it on the request path: each counts into its own cache-line-aligned LiveCounters, and
// run_load adds what they counted since the last time to this one (atomic adds from the
// orchestrating thread) about once a second, just before `progress` is called, and once after the
// workers end. So a run's counts are all here when run_load returns, and the view lags by at most
// about a second while it runs. Latency (intended send -> last result, ns) is kept in fixed
// cumulative-friendly buckets whose upper bounds are `latency_bounds_ns` (the last bucket is +Inf).
struct LiveCounters {
    static constexpr std::array<std::int64_t, 16> latency_bounds_ns{
        100'000,       250'000,       500'000,       1'000'000,     2'500'000,   5'000'000,
        10'000'000,    25'000'000,    50'000'000,    100'000'000,   250'000'000, 500'000'000,
        1'000'000'000, 2'500'000'000, 5'000'000'000, 10'000'000'000};
    std::atomic<std::uint64_t> completed{0};      // requests that succeeded
    std::atomic<std::uint64_t> failed{0};         // requests that failed (any errc)
    std::atomic<std::uint64_t> results{0};        // results received by completed requests
    std::atomic<std::uint64_t> bytes_in{0};       // response bytes, all finished requests
    std::atomic<std::uint64_t> bytes_out{0};      // request bytes, all finished requests
    std::atomic<std::int64_t> latency_sum_ns{0};  // sum of completed requests' latency
    std::array<std::atomic<std::uint64_t>, latency_bounds_ns.size() + 1> latency_buckets{};  // non-cumulative
    std::array<std::atomic<std::uint64_t>, errc_slots> errors{};  // failed requests by tpbench::errc value

    // Counts one finished request. Single writer: only one thread may call it on a given object
    // (relaxed load + store, no read-modify-write); readers on other threads see whole values.
    void count(const Outcome& out, std::int64_t latency_ns, bool ok, std::size_t errc_slot) noexcept;
    // Calls f(field of c...) for every counter, in the same order for every object.
    template <class F, class... C>
    static void zip(F&& f, C&... c) {
        f(c.completed...);
        f(c.failed...);
        f(c.results...);
        f(c.bytes_in...);
        f(c.bytes_out...);
        f(c.latency_sum_ns...);
        for (std::size_t i = 0; i < latency_bounds_ns.size() + 1; ++i) f(c.latency_buckets[i]...);
        for (std::size_t i = 0; i < errc_slots; ++i) f(c.errors[i]...);
    }
};

struct LoadSpec {
    std::size_t workers = 1;  // threads, one io_context each (nioPoolSize)
    PoolOptions pool;
    std::vector<RequestTemplate> templates;  // what can be sent
    std::vector<std::uint32_t> plan;         // template index per request, in submission order
    // Feeder row per request, parallel to plan (index into its template's Feeder::rows); empty
    // when no template has a feeder.
    std::vector<std::uint32_t> rows;
    std::size_t warmup_requests = 0;          // the first N of the plan are Phase::warmup
    std::chrono::nanoseconds warmup_time{0};  // open loop: requests due before start+this are warm-up
    std::size_t max_outstanding = 0;          // extra cap on lanes in total (0 = pool capacity)
    std::chrono::milliseconds request_timeout{30000};   // client deadline per request
    std::chrono::milliseconds too_slow_threshold{0};    // 0 = do not count too_slow
    std::chrono::milliseconds run_deadline{600000};     // hard bound on the timed part of a run
    std::chrono::milliseconds connect_deadline{10000};  // bound on opening the minimum connections
    double rate = 0;  // open loop: requests per second in total; 0 = closed loop
    // Open loop ramp: the offered rate moves linearly from `rate` to `rate_end` over `ramp`
    // (from the start of the schedule), then stays at `rate_end`. rate_end <= 0 = constant rate.
    double rate_end = 0;
    std::chrono::nanoseconds ramp{0};
    // Open loop stages (--stages, k6's shape): the offered rate moves linearly from `rate` (which
    // may then be 0) to each stage's target over the stage's seconds, one stage after the other;
    // nothing is due after the last one. When set, rate_end and ramp are ignored.
    struct RateStage {
        double seconds = 0;
        double target = 0;
    };
    std::vector<RateStage> stages;
    bool open_loop() const noexcept { return rate > 0 || !stages.empty(); }
    bool keep_first_results = false;  // store the results of the plan's first request
    bool intervals = false;           // collect per-second IntervalStats (measured phase)
    LiveCounters* live = nullptr;     // optional live view, updated about once a second
    // Called on the calling thread about once a second while the run lasts (done, total requests).
    std::function<void(std::uint64_t, std::uint64_t)> progress;
    // With `intervals`: called on the calling thread, in order, with each second of the measured
    // phase (index = second since the start) once every worker has closed it (about 2 s after it
    // ended), so a caller can log the intervals as the run goes (tpbench run --hlog). A second a
    // worker receives a completion for after closing it (a thread stalled over a second) is
    // exact only in LoadResult::intervals; the seconds still open at the end are only there.
    std::function<void(std::size_t, const IntervalStats&)> on_interval;
};

// Open loop, measured phase: the sends that left more than 5 ms after their intended time (the
// threshold of LoadResult::schedule_missed) and when they were due, in seconds after the
// schedule's start. All of them near 0 is a start-up transient, a regular spacing a periodic
// stall, scattered ones a machine too busy to run the worker on time.
struct LateSends {
    static constexpr std::int64_t threshold_ns = 5'000'000;
    std::uint64_t count = 0;            // sends over threshold_ns late
    std::uint64_t in_first_second = 0;  // ... of them due in the schedule's first second
    double first_due_s = 0;             // the earliest due time of one (0 when count == 0)
    double last_due_s = 0;              // the latest
    std::int64_t worst_ns = 0;          // the latest send's lateness
    double worst_due_s = 0;             // ... and when it was due
    // Counts a send `late_ns` late that was due `due_s` after the start (ignored below the threshold).
    void add(std::int64_t late_ns, double due_s) noexcept;
    void merge(const LateSends& o) noexcept;
};

struct LoadResult {
    std::array<PhaseStats, phase_count> phases;
    std::vector<IntervalStats> intervals;  // when LoadSpec::intervals; index = second since start
    std::size_t lanes = 0;                 // outstanding-request slots used (<= capacity, <= requests)
    // Lanes that were spawned and waiting (open loop: parked on the schedule) when the schedule
    // started; == lanes unless setup failed. No request falls due while lanes are still being set up.
    std::size_t lanes_ready_at_start = 0;
    std::size_t capacity = 0;            // effective concurrency: max connections x per-connection in-flight
    std::size_t connections_opened = 0;  // successful connects (all workers)
    std::size_t connect_failures = 0;  // failed connects (also counted per request when a request needed one)
    std::size_t per_connection_in_flight = 0;  // min(session max_in_flight, max_simultaneous_usage)
    bool setup_failed = false;                 // no connection could be opened: nothing ran
    std::string setup_error;                   // message when setup_failed
    errc setup_error_class = errc::ok;         // auth_failed / tls_failed when that was the cause
    // A connect or a request was refused for credentials or TLS during the run (errc::auth_failed
    // / tls_failed): the run stopped at once, the requests not yet sent are counted as cancelled.
    errc fatal_error = errc::ok;
    ConnectStats connect;                     // stage timings of every connection opened (all workers)
    Counters counters;                        // Session::add_counters of every session (all workers)
    bool deadline_hit = false;                // run_deadline expired with requests outstanding
    bool schedule_missed = false;             // open loop: sends fell behind schedule (see usage.md)
    LateSends late_sends;                     // open loop: the measured phase's sends over 5 ms late
    double elapsed_seconds = 0;               // start signal -> last completion
    std::vector<model::Value> first_results;  // when keep_first_results
    std::string first_error_message;          // first failure's message, for the user
    // A stop request (interrupt.hpp) ended the run before its plan: no request was taken after it,
    // the ones in flight had stop_grace() to finish and the rest count as errc::cancelled.
    bool interrupted = false;
    std::uint64_t not_sent = 0;  // requests of the plan never sent because of the stop (not counted)

    const PhaseStats& measured() const noexcept { return phases[static_cast<std::size_t>(Phase::measured)]; }
    const PhaseStats& warmup() const noexcept { return phases[static_cast<std::size_t>(Phase::warmup)]; }
};

// Runs one load run on `spec.workers` new threads and blocks until every worker has joined.
// Connections are opened (minimum pool) before the clock starts and closed after it stops.
// Errors of individual requests are counted, never thrown; an unreachable target yields
// setup_failed. Throws ConfigError-like std::invalid_argument for an inconsistent spec (empty
// plan, template index out of range, zero workers or connections).
LoadResult run_load(const LoadSpec& spec, const SessionFactory& factory, const SessionConfig& session_config);

// Open loop: seconds after the schedule's start at which request `seq` is due, for the constant
// rate, the linear ramp described by spec.rate / rate_end / ramp, or the stages (pure;
// spec.open_loop()).
double schedule_offset_seconds(const LoadSpec& spec, std::uint64_t seq) noexcept;
// Open loop: how many requests fall due in the first `seconds` of the schedule (inverse of
// schedule_offset_seconds, rounded up).
std::uint64_t scheduled_requests(const LoadSpec& spec, double seconds) noexcept;

}  // namespace tpbench::engine
