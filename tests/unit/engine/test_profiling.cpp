#include <tpbench/profiling/profiling.hpp>

#include <doctest/doctest.h>

#include <limits>

using namespace tpbench::engine;

TEST_CASE("throughput line matches the spec example exactly") {
    CHECK(
        throughput_line("test-1", 10000, 1.234567891, 8100, 0, 0) ==
        "[test-1]   requests: 10000 | time(s): 1.234567891    | req/sec: 8100    | too slow: 0 | errors: 0");
    // 3.7.3 / master-http: no errors column; exercise: too slow N/A.
    CHECK(throughput_line("warmup-1", 1000, 0.5, 2000, std::nullopt, std::nullopt) ==
          "[warmup-1] requests: 1000 | time(s): 0.5            | req/sec: 2000    | too slow: N/A");
    // Long values are not truncated.
    CHECK(throughput_line("warmup-10", 1000, 0.0123456789012345, 81000, 3, 12) ==
          "[warmup-10] requests: 1000 | time(s): 0.0123456789012345 | req/sec: 81000   | too slow: 3 | "
          "errors: 12");
}

TEST_CASE("latency line matches the spec example exactly") {
    CHECK(latency_line("test-1", 0.82311, 2824992) == "[test-1]  time: 0.82311, result count: 2824992   ");
    CHECK(latency_line("warmup-1", 0.5, 6) == "[warmup-1]time: 0.5    , result count: 6         ");
}

TEST_CASE("average lines") {
    CHECK(avg_throughput_line(35458) == "avg req/sec: 35458");
    CHECK(avg_latency_line(0.05625982837) == "avg latency (sec/req): 0.05625982837");
    CHECK(avg_latency_line(0.0) == "avg latency (sec/req): 0.0");
}

TEST_CASE("banners are 66 characters") {
    for (auto b : {banner_throughput, banner_latency, banner_initialization, banner_warmup, banner_test})
        CHECK(b.size() == 66);
    CHECK(banner_throughput == "---------------------THROUGHPUT TEST SELECTED---------------------");
    CHECK(banner_latency == "-----------------------LATENCY TEST SELECTED----------------------");
}

TEST_CASE("Java Math.round of requests/seconds") {
    CHECK(java_round_rps(10000, 1.234567891) == 8100);
    CHECK(java_round_rps(5, 2) == 3);  // 2.5 rounds up
    CHECK(java_round_rps(1, 3) == 0);
    CHECK(java_round_rps(1, 0) == std::numeric_limits<std::int64_t>::max());
}

TEST_CASE("TSV headers per generation") {
    CHECK(tsv_header(Generation::v3_7) ==
          "parallelism\tnioPoolSize\tminConnectionPoolSize\tmaxConnectionPoolSize\tminSimultaneousUsagePerCon"
          "nection\t"
          "maxSimultaneousUsagePerConnection\tminInProcessPerConnection\tmaxInProcessPerConnection\tworkerPoo"
          "lSize\t"
          "requestPerSecond");
    CHECK(tsv_header(Generation::v3_7_3) == tsv_header(Generation::v3_7));
    CHECK(tsv_header(Generation::master_http) ==
          "parallelism\tnioPoolSize\tmaxConnectionPoolSize\tworkerPoolSize\trequestPerSecond");
    CHECK(tsv_header(Generation::v4_0) == tsv_header(Generation::master_http));
    auto o = ProfilingOptions::defaults(Generation::v3_7);
    o.worker_pool_size = 4;
    CHECK(tsv_row(o, Generation::v3_7, 1234) == "16\t1\t256\t256\t8\t32\t16\t64\t4\t1234");
    CHECK(tsv_row(o, Generation::master_http, 99) == "16\t1\t256\t4\t99");
}

TEST_CASE("key/value parsing: pairs, trailing key, repeated key, booleans") {
    auto p = parse_profiling_args(
        {"host", "10.0.0.5", "exercise", "true", "testType", "0", "executions", "3"}, Generation::v3_7);
    CHECK(p.options.host == "10.0.0.5");
    CHECK(p.options.exercise);
    CHECK(p.options.latency_mode());
    CHECK(p.options.executions == 3);
    CHECK(p.warnings.empty());

    auto t = parse_profiling_args({"requests", "5", "warmups"}, Generation::v3_7);
    CHECK(t.options.requests == 5);
    CHECK(t.options.warmups == 5);  // the dropped trailing key keeps its default
    REQUIRE(t.warnings.size() == 1);
    CHECK(t.warnings[0].find("trailing key 'warmups'") != std::string::npos);

    CHECK_THROWS_AS(parse_profiling_args({"requests", "5", "requests", "6"}, Generation::v3_7), ConfigError);
    CHECK_THROWS_AS(parse_profiling_args({"requests", "many"}, Generation::v3_7), ConfigError);
    CHECK_THROWS_AS(parse_profiling_args({"testType", "-1"}, Generation::v3_7), ConfigError);

    CHECK(parse_profiling_args({"exercise", "TRUE"}, Generation::v3_7).options.exercise);
    CHECK_FALSE(parse_profiling_args({"exercise", "yes"}, Generation::v3_7).options.exercise);
    CHECK_FALSE(parse_profiling_args({"exercise", "1"}, Generation::v3_7).options.exercise);

    // testType % 2
    CHECK(parse_profiling_args({"testType", "2"}, Generation::v3_7).options.latency_mode());
    CHECK_FALSE(parse_profiling_args({"testType", "3"}, Generation::v3_7).options.latency_mode());

    // Unknown keys are ignored like Java does, with a warning; WS-only keys are ignored by 4.0.
    auto u = parse_profiling_args({"colour", "blue"}, Generation::v3_7);
    REQUIRE(u.warnings.size() == 1);
    CHECK(u.warnings[0].find("unknown key 'colour'") != std::string::npos);
    auto h = parse_profiling_args({"minConnectionPoolSize", "1500", "maxConnectionPoolSize", "5000"},
                                  Generation::master_http);
    CHECK(h.options.max_connection_pool_size == 5000);
    CHECK(h.options.min_connection_pool_size == 0);
    REQUIRE(h.warnings.size() == 1);
    CHECK(h.warnings[0].find("ignored by the master-http generation") != std::string::npos);
}

TEST_CASE("generation defaults") {
    CHECK(ProfilingOptions::defaults(Generation::v3_7).script == "1+1");
    CHECK(ProfilingOptions::defaults(Generation::master_http).script == "1+1");
    CHECK(ProfilingOptions::defaults(Generation::v4_0).script == "g.inject(1)");
    CHECK(ProfilingOptions::defaults(Generation::v3_7).serializer == "GRAPHBINARY_V1");
    CHECK(ProfilingOptions::defaults(Generation::v4_0).serializer == "GRAPHBINARY_V4");
    // (A backend's default generation is a registry fact: tests/unit/backends/registry_test.cpp.)
    CHECK(parse_generation("3.7.3") == Generation::v3_7_3);
    CHECK_FALSE(parse_generation("3.6"));
    CHECK(has_errors_column(Generation::v3_7));
    CHECK_FALSE(has_errors_column(Generation::v3_7_3));
    CHECK_FALSE(has_errors_column(Generation::master_http));
    CHECK(warmup_check_inclusive(Generation::v4_0));
    CHECK_FALSE(warmup_check_inclusive(Generation::master_http));
}

TEST_CASE("validate rejects inconsistent options") {
    auto o = ProfilingOptions::defaults(Generation::v3_7);
    CHECK_NOTHROW(o.validate());
    o.min_connection_pool_size = 300;
    CHECK_THROWS_AS(o.validate(), ConfigError);
    o = ProfilingOptions::defaults(Generation::v3_7);
    o.requests = 0;
    CHECK_THROWS_AS(o.validate(), ConfigError);
    o = ProfilingOptions::defaults(Generation::v3_7);
    o.max_connection_pool_size = 1'000'000;
    CHECK_THROWS_AS(o.validate(), ConfigError);
}

TEST_CASE("exercise scripts and expected counts") {
    CHECK(exercise_scripts()[0] == "g.V()");
    CHECK(exercise_scripts()[9].find("\n  as(\"a\").out(\"knows\")") != std::string_view::npos);
    CHECK(exercise_expected_counts()[5] == 4);
    CHECK(exercise_expected_counts()[8] == 1);
}
