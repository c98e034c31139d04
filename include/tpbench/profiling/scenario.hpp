#pragma once
// ProfilingApplication's scenarios on the load engine: latency (testType 0) and throughput
// (testType 1), warm-up and test cycles, the exercise initialisation and mix, minExpectedRps,
// timeout, tooSlowThreshold, pauseBetweenRuns, store — printing the same lines the Java tool
// prints. Runs on the calling thread (each execution starts its own worker threads).
#include <tpbench/engine/backend.hpp>
#include <tpbench/engine/load.hpp>
#include <tpbench/profiling/profiling.hpp>
#include <tpbench/profiling/java_compat.hpp>
#include <tpbench/profiling/feeder.hpp>
#include <tpbench/profiling/workload.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::engine {

// One warm-up or test execution.
struct ExecutionResult {
    std::string name;  // "warmup-1", "test-3"
    bool warmup = false;
    bool failed = false;                  // could not run at all (no connection): counts as 0 req/sec
    std::string failure;                  // why, when failed
    double seconds = 0;                   // Java: (nanoTime() - start) / 1e9
    std::int64_t req_per_sec = 0;         // throughput: Math.round(requests / seconds)
    std::uint64_t requests = 0;           // requests issued
    std::uint64_t results = 0;            // results received (latency: the result count printed)
    std::uint64_t too_slow = 0;           // completed later than tooSlowThreshold after the write
    std::uint64_t errors = 0;             // failed requests (all classes)
    std::uint64_t result_mismatches = 0;  // results != the expected count for the script
    std::size_t lanes = 0;                // outstanding-request slots used in this execution
    std::size_t capacity = 0;             // effective concurrency: max connections x per-connection in-flight
    std::size_t connections = 0;          // connections opened
    std::size_t per_connection = 0;       // in-flight requests per connection
    std::string first_error;              // first failed request's message
    bool interrupted = false;             // a stop request (interrupt.hpp) cut it short: figures of what ran
};

// The whole run.
struct ProfilingReport {
    Generation generation = Generation::v3_7;
    ProfilingOptions options;
    bool latency = false;
    std::vector<ExecutionResult> warmups;
    std::vector<ExecutionResult> tests;
    bool warmup_ok = true;  // every warm-up met minExpectedRps (throughput) / the timeout (latency)
    bool test_cycle_ran = false;
    bool timed_out = false;  // the test cycle exceeded `timeout`
    bool aborted = false;    // the run stopped on an error (latency failure, init failure, old generations)
    std::string abort_reason;
    // A stop request (interrupt.hpp) ended the run early: the executions that ran (the last one
    // partial) are kept and merged as usual; no average line is printed and nothing is stored, and
    // the averages below cover the test executions that ran.
    bool interrupted = false;
    std::int64_t avg_req_per_sec = 0;  // the printed throughput average
    double avg_latency_seconds = 0;    // the printed latency average
    PhaseStats measured;               // all test executions merged (histograms in ns)
    std::uint64_t errors_by_class[errc_slots] = {};
    std::size_t lanes = 0;     // outstanding-request slots used (max over executions)
    std::size_t capacity = 0;  // effective concurrency (max over executions)
    std::size_t per_connection = 0;
    std::size_t connections = 0;  // connections opened in the last execution
    ConnectStats connect;         // stage timings of every connection opened (all executions)
    Counters counters;            // Session::add_counters of every session (all executions)

    // Total failed requests over the test executions.
    std::uint64_t test_errors() const noexcept;
    // Total result-count mismatches over the test executions.
    std::uint64_t test_mismatches() const noexcept;
};

// Where and how to send: the session factory (backend) and its base SessionConfig (target,
// serializer, backend options). max_in_process_per_connection is taken from the options.
struct Endpoint {
    std::string backend;  // the side's label (for messages)
    SessionFactory factory;
    SessionConfig session;
    // Optional: run_profiling calls this instead of run_load for every execution (`what`: "init",
    // "warmup-1", "test-3"). Distributed runs (tpbench-mpi, docs/distributed.md) run this process's
    // share there and return the merged result of all processes, the same on every process.
    std::function<LoadResult(std::string_view what, const LoadSpec&, const SessionFactory&,
                             const SessionConfig&)>
        run;
    // Optional: turns a decision taken on this process's clock (the test cycle's timeout) into one
    // decision shared by all processes of a distributed run.
    std::function<bool(bool)> agree;
    // Whether tpbench may change the graph behind this endpoint on its own initiative (the exercise
    // initialisation: graph.clear(), TinkerFactory.generateModern(graph)). The CLI sets it for the
    // embedded server it started itself and when the user consented (--allow-writes, `profile
    // exercise true`); run_profiling refuses an exercise run without it, before sending anything.
    bool may_write = false;
};

// Sinks: `out` receives ProfilingApplication's stdout lines (without newline); `progress`
// receives human progress messages (stderr in the CLI). Either may be empty.
struct ProfilingSinks {
    std::function<void(const std::string&)> out;
    std::function<void(const std::string&)> progress;
};

// Runs the scenario `o` describes (o.latency_mode() picks latency or throughput) against `ep`.
// `expected_results`: latency mode only, the result count each execution must produce (a
// mismatch is recorded in result_mismatches, the run continues). `workload`: when given, requests
// draw from these weighted queries (seeded, identical for every run) instead of script/exercise. Request
// errors are counted; an unreachable server or a failed initialisation ends the run with aborted = true.
// Throws ConfigError for invalid options and std::system_error when `store` cannot be written.
ProfilingReport run_profiling(const ProfilingOptions& o, Generation g, const Endpoint& ep,
                              const ProfilingSinks& sinks,
                              std::optional<std::uint64_t> expected_results = std::nullopt,
                              const std::vector<WeightedQuery>* workload = nullptr);

// The request templates and the submission-order plan of a run: the script; the exercise mix in
// java.util.Random(0).nextInt(9) order (one sequence continued across every call, warm-ups
// included, as Java's static Random); or a seeded weighted workload. Single-threaded.
class RequestPlanner {
public:
    RequestPlanner(const ProfilingOptions& o, const std::vector<WeightedQuery>* workload = nullptr);
    // Expected result count for the plain script (ignored for the exercise mix and workloads,
    // which carry their own).
    void set_expected(std::optional<std::uint64_t> n);
    // Template indices of the next n requests. With feeders (a workload line's "feeder"), `rows`
    // (required then) receives each request's feeder row (LoadSpec::rows), each feeder's cursor
    // continuing across calls; once a once-through feeder has given every row the plan ends
    // before that line's next request (shorter than n, then empty: feeder_exhausted()).
    std::vector<std::uint32_t> next(std::size_t n, std::vector<std::uint32_t>* rows = nullptr);
    bool has_feeders() const noexcept { return !cursors_.empty(); }
    bool feeder_exhausted() const noexcept { return exhausted_; }
    const std::vector<RequestTemplate>& templates() const noexcept { return templates_; }

private:
    bool exercise_;
    JavaRandom random_;
    std::optional<WeightedPlanner> weighted_;
    std::vector<RequestTemplate> templates_;
    std::vector<std::optional<FeederCursor>> cursors_;  // per template; empty without feeders
    bool exhausted_ = false;
};

// The LoadSpec one execution of `o` uses under generation g: workers (nioPoolSize), pool knobs
// (the HTTP generations: no minimum, one request per connection), request timeout, tooSlow
// threshold, run deadline. Templates and plan are left empty.
LoadSpec execution_spec(const ProfilingOptions& o, Generation g);

}  // namespace tpbench::engine
