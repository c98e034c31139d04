#pragma once
// ProfilingApplication parity: its options (per TinkerPop generation), its key/value command line,
// its output lines, its TSV `store` format and its exercise script list — all pure functions, no
// I/O, usable on any thread. The runner that executes the scenarios lives in scenario.hpp.
// Reference: shared spec "profiling-application.md" (§1 arguments, §4.3/§5 output, §4.4 TSV, §6 mix).
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::engine {

// Which ProfilingApplication source the behaviour follows.
enum class Generation {
    v3_7_3,       // tag 3.7.3: no pauseBetweenRuns (fixed 1 s), no errors column, warm-up check `>`
    v3_7,         // 3.7.4+ / 3.7-dev: pauseBetweenRuns, errors column, `>=`, failed execution -> 0
    master_http,  // 4.0 master-http branch: HTTP pool knobs, no errors column, `>`, script 1+1
    v4_0,         // 4.0.0-beta.1+ / master: errors column, `>=`, script g.inject(1)
};

// "3.7.3", "3.7", "master-http", "4.0" -> Generation; nullopt for anything else.
std::optional<Generation> parse_generation(std::string_view s) noexcept;
// The inverse of parse_generation.
std::string_view generation_name(Generation g) noexcept;
// (The generation a backend follows by default is a fact of its registry row:
// backends::BackendInfo::default_generation in include/tpbench/backends/registry.hpp.)
// True for the WebSocket generations (six pool knobs); false for the HTTP ones.
bool is_ws_generation(Generation g) noexcept;

// Thrown for invalid configuration (bad key/value syntax, non-integer values, repeated keys).
// The CLI turns it into exit code 2 with the message.
class ConfigError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Every ProfilingApplication argument with its literal default. Integers are Java ints.
struct ProfilingOptions {
    std::string host = "localhost";
    std::int32_t test_type = 1;     // %2: 0 latency, 1 throughput
    std::int32_t parallelism = 16;  // Java: result-consumer threads (see docs/usage.md)
    std::int32_t requests = 10000;  // per test execution (throughput)
    std::int32_t executions = 10;
    std::int32_t warmups = 5;
    std::int32_t warmup_requests = 1000;  // fixed in Java; tpbench extension key warmupRequests
    std::int32_t min_expected_rps = 1000;
    std::int32_t timeout_ms = 1200000;  // whole test cycle budget
    std::int32_t pause_between_runs_ms = 1000;
    bool suppress_stack_traces = false;
    std::int32_t too_slow_threshold_ms = 125;
    bool exercise = false;
    std::string script = "1+1";
    std::optional<std::string> store;  // TSV file (throughput only)
    bool no_exit = false;
    std::string serializer;             // "" = generation default
    std::string channelizer;            // accepted and ignored (the backend decides)
    std::int32_t nio_pool_size = 1;     // -> engine worker threads
    std::int32_t worker_pool_size = 0;  // 0 = 2 x cores (accepted; no separate pool here)
    std::int32_t min_connection_pool_size = 256;
    std::int32_t max_connection_pool_size = 256;
    std::int32_t min_simultaneous_usage_per_connection = 8;
    std::int32_t max_simultaneous_usage_per_connection = 32;
    std::int32_t min_in_process_per_connection = 16;
    std::int32_t max_in_process_per_connection = 64;
    std::int32_t max_wait_for_connection_ms = 3000;
    std::int32_t batch_size = 64;             // driver resultIterationBatchSize (extension key)
    std::int32_t request_timeout_ms = 30000;  // client deadline per request (extension key)

    // Defaults for a generation (script g.inject(1) and GraphBinary 4 for 4.0, ...).
    static ProfilingOptions defaults(Generation g);
    bool latency_mode() const noexcept { return test_type % 2 == 0; }
    // Checks ranges the engine relies on (positive counts, min <= max, ...). Throws ConfigError.
    void validate() const;
};

// The keys a generation's ProfilingApplication reads (plus tpbench's extension keys).
const std::vector<std::string_view>& profiling_keys(Generation g);

// Result of parsing ProfilingApplication's command line.
struct ParsedArgs {
    ProfilingOptions options;
    std::vector<std::string> warnings;  // unknown keys, keys this generation ignores, dropped trailing key
};

// Parses `key value key value ...` exactly like ProfilingApplication: element i is a key, i+1 its
// value; a trailing key without value is dropped (with a warning); a repeated key throws
// ConfigError (Java's map collector throws); integers follow Integer.parseInt (ConfigError on a
// bad one, naming the key); booleans follow Boolean.parseBoolean; unknown keys are ignored with a
// warning, as Java ignores them. Starts from ProfilingOptions::defaults(g).
ParsedArgs parse_profiling_args(const std::vector<std::string>& args, Generation g);

// Applies one key/value to options (same rules as parse_profiling_args). Returns false for an
// unknown key. Throws ConfigError for a malformed value.
bool apply_profiling_option(ProfilingOptions& o, std::string_view key, std::string_view value);

// ---- output lines (spec §4.1, §4.3, §5) ----
inline constexpr std::string_view banner_throughput =
    "---------------------THROUGHPUT TEST SELECTED---------------------";
inline constexpr std::string_view banner_latency =
    "-----------------------LATENCY TEST SELECTED----------------------";
inline constexpr std::string_view banner_initialization =
    "--------------------------INITIALIZATION--------------------------";
inline constexpr std::string_view banner_warmup =
    "---------------------------WARMUP CYCLE---------------------------";
inline constexpr std::string_view banner_test =
    "----------------------------TEST CYCLE----------------------------";

// `rightPad("[" + name + "]", 10) + " requests: R | time(s): T | req/sec: Q | too slow: S[ | errors: E]"`
// with T = Java Double.toString(seconds) padded to 14, Q padded to 7, S = "N/A" when too_slow is
// nullopt (exercise), and the errors column only when `errors` has a value.
std::string throughput_line(std::string_view name, std::int64_t requests, double seconds,
                            std::int64_t req_per_sec, std::optional<std::int64_t> too_slow,
                            std::optional<std::int64_t> errors);
// `rightPad("[" + name + "]", 10) + "time: T, result count: N"` (T padded to 7, N padded to 10).
std::string latency_line(std::string_view name, double seconds, std::int64_t result_count);
// "avg req/sec: N"
std::string avg_throughput_line(std::int64_t avg);
// "avg latency (sec/req): X" with X = Double.toString(avg)
std::string avg_latency_line(double avg_seconds);
// Java's Math.round(requests / seconds) for a double quotient (floor(x + 0.5), saturating).
std::int64_t java_round_rps(double requests, double seconds) noexcept;
// Whether the generation prints the errors column.
bool has_errors_column(Generation g) noexcept;
// Whether the warm-up threshold is `>=` (true) or `>` (false).
bool warmup_check_inclusive(Generation g) noexcept;

// ---- store TSV (spec §4.4) ----
// Tab-separated header for the generation (3.7: ten columns; 4.0: five).
std::string tsv_header(Generation g);
// Tab-separated row: the options' values in header order, then the printed average.
std::string tsv_row(const ProfilingOptions& o, Generation g, std::int64_t avg_rps);

// ---- exercise (spec §6) ----
// The ten exercise scripts, index 0..9, verbatim.
const std::array<std::string_view, 10>& exercise_scripts();
// Result counts TinkerPop's tests give for each exercise script on the modern graph.
const std::array<std::uint64_t, 10>& exercise_expected_counts();
// The two initialisation scripts sent before an exercise run.
inline constexpr std::string_view init_clear_script = "graph.clear()";
inline constexpr std::string_view init_load_script = "TinkerFactory.generateModern(graph)";

}  // namespace tpbench::engine
