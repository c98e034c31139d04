#include <tpbench/profiling/profiling.hpp>

#include <tpbench/profiling/java_compat.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <thread>

namespace tpbench::engine {

namespace {

// Keys every generation reads.
const std::vector<std::string_view> common_keys = {
    "host",
    "testType",
    "parallelism",
    "requests",
    "executions",
    "warmups",
    "minExpectedRps",
    "timeout",
    "tooSlowThreshold",
    "exercise",
    "script",
    "store",
    "noExit",
    "serializer",
    "nioPoolSize",
    "workerPoolSize",
    "maxConnectionPoolSize",
    "maxWaitForConnection",
};
// Keys only the WebSocket generations read.
const std::vector<std::string_view> ws_keys = {
    "channelizer",
    "minConnectionPoolSize",
    "minSimultaneousUsagePerConnection",
    "maxSimultaneousUsagePerConnection",
    "minInProcessPerConnection",
    "maxInProcessPerConnection",
};
// tpbench extensions, accepted by every generation.
const std::vector<std::string_view> extension_keys = {"warmupRequests", "batchSize", "requestTimeout"};

std::int32_t parse_int_value(std::string_view key, std::string_view value) {
    auto v = java_parse_int(value);
    if (!v) {
        // Digits that do not fit Java's int: say so instead of "not an integer".
        std::string_view digits = value;
        if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.remove_prefix(1);
        const bool all_digits = !digits.empty() && std::all_of(digits.begin(), digits.end(),
                                                               [](char c) { return c >= '0' && c <= '9'; });
        if (all_digits)
            throw ConfigError(
                fmt::format("{}: {} is out of range (ProfilingApplication reads a 32-bit int: "
                            "-2147483648..2147483647)",
                            key, value));
        throw ConfigError(fmt::format("{}: not an integer: '{}'", key, value));
    }
    return *v;
}

}  // namespace

std::optional<Generation> parse_generation(std::string_view s) noexcept {
    if (s == "3.7.3") return Generation::v3_7_3;
    if (s == "3.7" || s == "3.7-dev") return Generation::v3_7;
    if (s == "master-http") return Generation::master_http;
    if (s == "4.0" || s == "master") return Generation::v4_0;
    return std::nullopt;
}

std::string_view generation_name(Generation g) noexcept {
    switch (g) {
        case Generation::v3_7_3:
            return "3.7.3";
        case Generation::v3_7:
            return "3.7";
        case Generation::master_http:
            return "master-http";
        case Generation::v4_0:
            return "4.0";
    }
    return "?";
}

bool is_ws_generation(Generation g) noexcept { return g == Generation::v3_7_3 || g == Generation::v3_7; }

ProfilingOptions ProfilingOptions::defaults(Generation g) {
    ProfilingOptions o;
    o.worker_pool_size = static_cast<std::int32_t>(2 * std::max(1u, std::thread::hardware_concurrency()));
    if (g == Generation::v4_0) o.script = "g.inject(1)";
    if (is_ws_generation(g)) {
        o.serializer = "GRAPHBINARY_V1";
    } else {
        o.serializer = "GRAPHBINARY_V4";
        // The HTTP driver has no minimum pool and no multiplexing: connections open on demand and
        // carry one request each.
        o.min_connection_pool_size = 0;
        o.max_in_process_per_connection = 1;
        o.max_simultaneous_usage_per_connection = 1;
        o.min_in_process_per_connection = 0;
        o.min_simultaneous_usage_per_connection = 0;
    }
    return o;
}

void ProfilingOptions::validate() const {
    auto positive = [](std::string_view key, std::int64_t v) {
        if (v < 1) throw ConfigError(fmt::format("{} must be at least 1 (got {})", key, v));
    };
    auto non_negative = [](std::string_view key, std::int64_t v) {
        if (v < 0) throw ConfigError(fmt::format("{} must not be negative (got {})", key, v));
    };
    non_negative("testType", test_type);
    positive("parallelism", parallelism);
    positive("requests", requests);
    positive("executions", executions);  // 0 would warm up and then measure nothing
    non_negative("warmups", warmups);
    positive("warmupRequests", warmup_requests);
    non_negative("minExpectedRps", min_expected_rps);
    positive("timeout", timeout_ms);
    non_negative("pauseBetweenRuns", pause_between_runs_ms);
    positive("tooSlowThreshold", too_slow_threshold_ms);
    positive("nioPoolSize", nio_pool_size);
    non_negative("workerPoolSize", worker_pool_size);
    non_negative("minConnectionPoolSize", min_connection_pool_size);
    positive("maxConnectionPoolSize", max_connection_pool_size);
    positive("maxInProcessPerConnection", max_in_process_per_connection);
    positive("maxSimultaneousUsagePerConnection", max_simultaneous_usage_per_connection);
    non_negative("minInProcessPerConnection", min_in_process_per_connection);
    non_negative("minSimultaneousUsagePerConnection", min_simultaneous_usage_per_connection);
    non_negative("maxWaitForConnection", max_wait_for_connection_ms);
    positive("batchSize", batch_size);
    positive("requestTimeout", request_timeout_ms);
    if (min_connection_pool_size > max_connection_pool_size)
        throw ConfigError(fmt::format("minConnectionPoolSize ({}) exceeds maxConnectionPoolSize ({})",
                                      min_connection_pool_size, max_connection_pool_size));
    // Bounds that keep a mistyped number from allocating or spawning without limit.
    if (max_connection_pool_size > 100000) throw ConfigError("maxConnectionPoolSize above 100000");
    if (max_in_process_per_connection > 100000) throw ConfigError("maxInProcessPerConnection above 100000");
    if (nio_pool_size > 256) throw ConfigError("nioPoolSize above 256");
    if (script.empty()) throw ConfigError("script must not be empty");
}

const std::vector<std::string_view>& profiling_keys(Generation g) {
    static const std::vector<std::string_view> ws = [] {
        auto v = common_keys;
        v.insert(v.end(), ws_keys.begin(), ws_keys.end());
        v.insert(v.end(), extension_keys.begin(), extension_keys.end());
        v.push_back("pauseBetweenRuns");
        v.push_back("suppressStackTraces");
        return v;
    }();
    static const std::vector<std::string_view> http = [] {
        auto v = common_keys;
        v.insert(v.end(), extension_keys.begin(), extension_keys.end());
        v.push_back("pauseBetweenRuns");
        v.push_back("suppressStackTraces");
        return v;
    }();
    return is_ws_generation(g) ? ws : http;
}

bool apply_profiling_option(ProfilingOptions& o, std::string_view key, std::string_view value) {
    auto as_int = [&] { return parse_int_value(key, value); };
    if (key == "host")
        o.host = value;
    else if (key == "testType")
        o.test_type = as_int();
    else if (key == "parallelism")
        o.parallelism = as_int();
    else if (key == "requests")
        o.requests = as_int();
    else if (key == "executions")
        o.executions = as_int();
    else if (key == "warmups")
        o.warmups = as_int();
    else if (key == "warmupRequests")
        o.warmup_requests = as_int();
    else if (key == "minExpectedRps")
        o.min_expected_rps = as_int();
    else if (key == "timeout")
        o.timeout_ms = as_int();
    else if (key == "pauseBetweenRuns")
        o.pause_between_runs_ms = as_int();
    else if (key == "suppressStackTraces")
        o.suppress_stack_traces = java_parse_boolean(value);
    else if (key == "tooSlowThreshold")
        o.too_slow_threshold_ms = as_int();
    else if (key == "exercise")
        o.exercise = java_parse_boolean(value);
    else if (key == "script")
        o.script = value;
    else if (key == "store")
        o.store = std::string(value);
    else if (key == "noExit")
        o.no_exit = java_parse_boolean(value);
    else if (key == "serializer")
        o.serializer = value;
    else if (key == "channelizer")
        o.channelizer = value;
    else if (key == "nioPoolSize")
        o.nio_pool_size = as_int();
    else if (key == "workerPoolSize")
        o.worker_pool_size = as_int();
    else if (key == "minConnectionPoolSize")
        o.min_connection_pool_size = as_int();
    else if (key == "maxConnectionPoolSize")
        o.max_connection_pool_size = as_int();
    else if (key == "minSimultaneousUsagePerConnection")
        o.min_simultaneous_usage_per_connection = as_int();
    else if (key == "maxSimultaneousUsagePerConnection")
        o.max_simultaneous_usage_per_connection = as_int();
    else if (key == "minInProcessPerConnection")
        o.min_in_process_per_connection = as_int();
    else if (key == "maxInProcessPerConnection")
        o.max_in_process_per_connection = as_int();
    else if (key == "maxWaitForConnection")
        o.max_wait_for_connection_ms = as_int();
    else if (key == "batchSize")
        o.batch_size = as_int();
    else if (key == "requestTimeout")
        o.request_timeout_ms = as_int();
    else
        return false;
    return true;
}

ParsedArgs parse_profiling_args(const std::vector<std::string>& args, Generation g) {
    ParsedArgs out{ProfilingOptions::defaults(g), {}};
    std::set<std::string> seen;
    const auto& keys = profiling_keys(g);
    for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
        const std::string& key = args[i];
        const std::string& value = args[i + 1];
        if (!seen.insert(key).second) throw ConfigError(fmt::format("duplicate key '{}'", key));
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
            // Java reads options by name; anything else in the map is never looked at.
            const auto& all = profiling_keys(Generation::v3_7);
            if (std::find(all.begin(), all.end(), key) != all.end())
                out.warnings.push_back(
                    fmt::format("key '{}' is ignored by the {} generation", key, generation_name(g)));
            else
                out.warnings.push_back(fmt::format("unknown key '{}' ignored", key));
            continue;
        }
        apply_profiling_option(out.options, key, value);
    }
    if (args.size() % 2 == 1)
        out.warnings.push_back(fmt::format("trailing key '{}' without a value dropped", args.back()));
    if (out.options.test_type < 0)
        throw ConfigError(fmt::format("testType must not be negative (got {})", out.options.test_type));
    return out;
}

std::string throughput_line(std::string_view name, std::int64_t requests, double seconds,
                            std::int64_t req_per_sec, std::optional<std::int64_t> too_slow,
                            std::optional<std::int64_t> errors) {
    std::string line = right_pad(fmt::format("[{}]", name), 10);
    line +=
        fmt::format(" requests: {} | time(s): {} | req/sec: {} | too slow: {}", requests,
                    right_pad(java_double_to_string(seconds), 14), right_pad(std::to_string(req_per_sec), 7),
                    too_slow ? std::to_string(*too_slow) : std::string("N/A"));
    if (errors) line += fmt::format(" | errors: {}", *errors);
    return line;
}

std::string latency_line(std::string_view name, double seconds, std::int64_t result_count) {
    return right_pad(fmt::format("[{}]", name), 10) +
           fmt::format("time: {}, result count: {}", right_pad(java_double_to_string(seconds), 7),
                       right_pad(std::to_string(result_count), 10));
}

std::string avg_throughput_line(std::int64_t avg) { return fmt::format("avg req/sec: {}", avg); }

std::string avg_latency_line(double avg_seconds) {
    return fmt::format("avg latency (sec/req): {}", java_double_to_string(avg_seconds));
}

std::int64_t java_round_rps(double requests, double seconds) noexcept {
    const double x = requests / seconds;
    if (std::isnan(x)) return 0;
    if (x >= 9.2233720368547758e18) return std::numeric_limits<std::int64_t>::max();
    if (x <= -9.2233720368547758e18) return std::numeric_limits<std::int64_t>::min();
    // Math.round = floor(x + 1/2) computed exactly.
    const double f = std::floor(x);
    return static_cast<std::int64_t>(x - f >= 0.5 ? f + 1 : f);
}

bool has_errors_column(Generation g) noexcept { return g == Generation::v3_7 || g == Generation::v4_0; }
bool warmup_check_inclusive(Generation g) noexcept { return has_errors_column(g); }

std::string tsv_header(Generation g) {
    if (is_ws_generation(g))
        return "parallelism\tnioPoolSize\tminConnectionPoolSize\tmaxConnectionPoolSize\t"
               "minSimultaneousUsagePerConnection\tmaxSimultaneousUsagePerConnection\tminInProcessPerConnecti"
               "on\t"
               "maxInProcessPerConnection\tworkerPoolSize\trequestPerSecond";
    return "parallelism\tnioPoolSize\tmaxConnectionPoolSize\tworkerPoolSize\trequestPerSecond";
}

std::string tsv_row(const ProfilingOptions& o, Generation g, std::int64_t avg_rps) {
    if (is_ws_generation(g))
        return fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}", o.parallelism, o.nio_pool_size,
                           o.min_connection_pool_size, o.max_connection_pool_size,
                           o.min_simultaneous_usage_per_connection, o.max_simultaneous_usage_per_connection,
                           o.min_in_process_per_connection, o.max_in_process_per_connection,
                           o.worker_pool_size, avg_rps);
    return fmt::format("{}\t{}\t{}\t{}\t{}", o.parallelism, o.nio_pool_size, o.max_connection_pool_size,
                       o.worker_pool_size, avg_rps);
}

const std::array<std::string_view, 10>& exercise_scripts() {
    static const std::array<std::string_view, 10> scripts = {
        "g.V()",
        "g.V(1).out('knows')",
        "g.V(1).out('knows').has('name','josh')",
        R"(g.V(1).as("a").out("knows").as("b").select("a", "b"))",
        R"(g.V(1).as("a").out("knows").as("b").select("a", "b").by("name"))",
        R"(g.V().hasLabel("person").as("p").map(__.bothE().label().groupCount()).as("r").select("p", "r"))",
        R"(g.V().choose(__.outE().count().is(0L), __.as("a"), __.as("b")).choose(__.select("a"), __.select("a"), __.select("b")))",
        R"(g.V().group("a").by(T.label).by(outE().values("weight").sum()).cap("a"))",
        R"(g.V().repeat(__.union(__.out("knows").group("a").by("age"), __.out("created").group("b").by("name").by(count())).group("a").by("name")).times(2).cap("a", "b"))",
        "g.V().match(\n  as(\"a\").out(\"knows\").as(\"b\"),\n  as(\"b\").out(\"created\").has(\"name\", "
        "\"lop\"),\n"
        "  as(\"b\").match(\n  as(\"b\").out(\"created\").as(\"d\"),\n  "
        "as(\"d\").in(\"created\").as(\"c\")).select(\"c\").as(\"c\"))"
        ".<Vertex>select(\"a\", \"b\", \"c\")",
    };
    return scripts;
}

const std::array<std::uint64_t, 10>& exercise_expected_counts() {
    static const std::array<std::uint64_t, 10> counts = {6, 2, 1, 2, 2, 4, 6, 1, 1, 4};
    return counts;
}

}  // namespace tpbench::engine
