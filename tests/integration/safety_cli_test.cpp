// The tpbench binary against a server it did not start: a user's graph survives the
// default A/B; the exercise reset needs --allow-writes (or `profile exercise true`, which warns).
// The "user's server" is `tpbench serve` started here as a separate process: to the A/B it is a
// --side HOST:PORT like any other.
#include "common/cli_process.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Result = tpbench::test::CliResult;

Result run(const std::string& args, bool with_stderr = true) {
    return tpbench::test::run_cli(TPBENCH_BINARY, args, with_stderr);
}

// `tpbench serve --port 0` as a child process; port() from its first stdout line.
struct ServeProcess : tpbench::test::ServeProcess {
    ServeProcess() : tpbench::test::ServeProcess(TPBENCH_BINARY) {}
};

// A TCP listener on 127.0.0.1 that counts the connections it accepts (and answers nothing).
struct CountingListener : tpbench::test::RawTcpListener {
    CountingListener() : RawTcpListener(Accepted::close) {}
};

// One latency request of `script` against the server; true when it returned `count` results.
bool query_count(const ServeProcess& s, const std::string& script, int count) {
    const auto r = run("run --quiet " + s.host_flags() + " --testType 0 --script \"" + script +
                       "\" --expect-results " + std::to_string(count) +
                       " --executions 1 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 1 "
                       "--maxConnectionPoolSize 1");
    INFO(script, " -> ", r.out);
    return r.code == 0;
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("tpbench-safety-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The default A/B against `s` on both protocols, small.
std::string ab_on(const ServeProcess& s) {
    return "--quiet --side ws37@" + s.target() + " --side http4@" + s.target() +
           " --requests 200 --executions 1 --warmups 0 --latency-executions 1";
}

}  // namespace

TEST_CASE("the default A/B against a user's server leaves its data intact: the exercise rows are skipped") {
    ServeProcess user;
    // The user's own data: one more vertex.
    REQUIRE(query_count(user, "g.addV('keep').property('name','mine')", 1));
    REQUIRE(query_count(user, "g.V()", 7));
    const std::string report = temp_path("ab.json");
    auto r = run(ab_on(user) + " --report " + report);
    INFO(r.out);
    // The g.V() row fails on its 7 vertices (exit 1); the exercise rows are skipped, not run.
    CHECK(r.code == 1);
    const std::regex skipped_row(
        R"(\| ws37 \(3\.7\) \| Throughput \| .* — not run \| exercise mix \(N/A\) \| skipped: ws37: the exercise scenario first resets the graph of 127\.0\.0\.1:\d+ \(graph\.clear\(\), TinkerFactory\.generateModern\(graph\)\), a server tpbench did not start; pass --allow-writes to allow that write \|)");
    CHECK(std::regex_search(r.out, skipped_row));
    CHECK(r.out.find("| http4 (master-http) | Throughput |") != std::string::npos);
    CHECK(r.out.find("skipped: http4: the exercise scenario first resets the graph") != std::string::npos);
    CHECK(r.out.find("Cleared existing") == std::string::npos);
    // The report says so too, one skipped side per protocol.
    const std::string json = slurp(report);
    CHECK(json.find("\"skipped\":\"ws37: the exercise scenario first resets") != std::string::npos);
    CHECK(json.find("\"skipped\":\"http4: the exercise scenario first resets") != std::string::npos);
    // The user's vertex and the rest of the graph are still there.
    CHECK(query_count(user, "g.V().hasLabel('keep').has('name','mine')", 1));
    CHECK(query_count(user, "g.V()", 7));
    CHECK(query_count(user, "g.E()", 6));
    std::filesystem::remove(report);
}

TEST_CASE("--allow-writes: the default A/B resets the graph; never after g.V() showed other data") {
    ServeProcess user;
    // A change that keeps the modern graph's counts (so every latency row passes): marko renamed.
    REQUIRE(query_count(user, "g.V(1).property('name','changed')", 1));
    REQUIRE(query_count(user, "g.V().has('name','changed')", 1));
    auto r = run(ab_on(user) + " --allow-writes");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(r.out.find("skipped") == std::string::npos);
    CHECK(r.out.find("exercise mix (N/A) | ") != std::string::npos);
    // The reset happened: the modern graph again.
    CHECK(query_count(user, "g.V().has('name','changed')", 0));
    CHECK(query_count(user, "g.V().has('name','marko')", 1));

    // Now a vertex of the user's: g.V() answers 7, so even with --allow-writes nothing is reset.
    REQUIRE(query_count(user, "g.addV('keep')", 1));
    auto again = run(ab_on(user) + " --allow-writes");
    INFO(again.out);
    CHECK(again.code == 1);
    CHECK(again.out.find("skipped: ws37: g.V() returned 7 results, not the modern graph's 6: the graph holds "
                         "other data") != std::string::npos);
    CHECK(again.out.find("skipped: http4: g.V() returned 7 results") != std::string::npos);
    CHECK(query_count(user, "g.V().hasLabel('keep')", 1));
}

TEST_CASE(
    "run/ab --exercise against a server tpbench did not start: refused (exit 2) before any connection") {
    CountingListener server;
    const std::string at = "127.0.0.1:" + std::to_string(server.port());
    const auto t0 = std::chrono::steady_clock::now();
    auto r = run("run --quiet --host 127.0.0.1 --port " + std::to_string(server.port()) +
                 " --exercise true --requests 100 --executions 1 --warmups 0");
    CHECK(r.code == 2);
    CHECK(r.out.find("pass --allow-writes to allow that write") != std::string::npos);
    auto ab = run("ab --quiet --side ws37 --side http4@" + at + " --exercise --requests 100 --executions 1");
    CHECK(ab.code == 2);
    CHECK(ab.out.find("http4: the exercise scenario first resets the graph of " + at) != std::string::npos);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
    CHECK(server.accepted() == 0);
    // On tpbench's own embedded server the exercise needs no flag.
    CHECK(run("run --quiet --exercise --requests 100 --executions 1 --warmups 0 --minExpectedRps 0 "
              "--pauseBetweenRuns 0")
              .code == 0);
}

TEST_CASE("run --exercise --allow-writes and profile exercise true reset the user's graph (the user asked)") {
    ServeProcess user;
    REQUIRE(query_count(user, "g.V(1).property('name','changed')", 1));
    auto r = run("run --quiet " + user.host_flags() +
                 " --exercise --allow-writes --requests 100 --executions 1 --warmups 0 --minExpectedRps 0 "
                 "--pauseBetweenRuns 0");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(query_count(user, "g.V().has('name','marko')", 1));

    REQUIRE(query_count(user, "g.V(1).property('name','changed')", 1));
    auto p = run("profile --quiet --port " + std::to_string(user.port()) +
                 " host 127.0.0.1 exercise true requests 100 executions 1 warmups 0 minExpectedRps 0 "
                 "pauseBetweenRuns 0 maxConnectionPoolSize 2 minConnectionPoolSize 1");
    INFO(p.out);
    CHECK(p.code == 0);
    CHECK(p.out.find("tpbench profile: warning: exercise true resets the graph of " + user.target()) !=
          std::string::npos);
    CHECK(p.out.find("Cleared existing 'graph'") != std::string::npos);
    CHECK(query_count(user, "g.V().has('name','marko')", 1));
    CHECK(query_count(user, "g.V().has('name','changed')", 0));
}

// ---- validate first: every argument is checked before the first request -----------------------

TEST_CASE("validate first: bad formats, output paths and second sides exit 2 before any connection") {
    CountingListener server;
    const std::string host = " --host 127.0.0.1 --port " + std::to_string(server.port());
    const std::string at = "127.0.0.1:" + std::to_string(server.port());
    const std::string bad = "/nonexistent-tpbench-dir/out";
    const std::string closed = " --requests 100 --executions 1 --warmups 0 --pauseBetweenRuns 0";
    struct Case {
        std::string args;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"run --quiet" + host + closed + " --format yaml", "unknown report format 'yaml'"},
        {"run --quiet" + host + " --rate 10 --duration 1 --format yaml", "unknown report format 'yaml'"},
        {"run --quiet" + host + closed + " --report " + bad + ".json",
         "--report " + bad + ".json: cannot write"},
        {"run --quiet" + host + closed + " --hgrm " + bad + ".hgrm", "--hgrm " + bad + ".hgrm: cannot write"},
        {"run --quiet" + host + closed + " --hlog " + bad + ".hlog", "--hlog " + bad + ".hlog: cannot write"},
        {"run --quiet" + host + " --rate 10 --duration 1 --hlog " + bad + ".hlog", "cannot write"},
        {"run --quiet" + host + " --rate 10 --duration 1 --report /tmp", "--report /tmp: is a directory"},
        {"run --quiet" + host + closed + " --store " + bad + ".tsv", "--store " + bad + ".tsv: cannot write"},
        {"run --quiet" + host + closed + " --threshold 'p99<<1'", "threshold"},
        {"ab --quiet --side ws37@" + at + " --side 'http4@" + at + " serializer=nope'" + closed, "nope"},
        {"ab --quiet --side ws37@" + at + " --side 'http4@" + at + " maxConnectionPoolSize=abc'" + closed,
         "maxConnectionPoolSize"},
        {"ab --quiet --side ws37@" + at + " --side 'http4@" + at + " serializer=nope' --rate 10 --duration 1",
         "nope"},
        {"ab --quiet --side ws37@" + at + " --side http4@" + at + closed + " --report " + bad + ".html",
         "cannot write"},
        {"ab --quiet --side ws37@" + at + " --side http4@" + at + closed + " --format yaml", "yaml"},
        {"--quiet --side ws37@" + at + " --side 'http4@" + at + " serializer=nope' --requests 100", "nope"},
        {"--quiet --side ws37@" + at + " --requests 100 --report " + bad + ".md", "cannot write"},
        {"profile --quiet --port " + std::to_string(server.port()) + " host 127.0.0.1 store " + bad + ".tsv",
         "store " + bad + ".tsv: cannot write"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.args);
        const auto r = run(c.args);
        INFO(r.out);
        CHECK(r.code == 2);
        CHECK(r.out.find(c.message) != std::string::npos);
    }
    CHECK(server.accepted() == 0);
    // Nothing was left behind by the checks of writable paths.
    const std::string fine = temp_path("never-written.json");
    CHECK(run("run --quiet" + host + closed + " --report " + fine + " --format yaml").code == 2);
    CHECK_FALSE(std::filesystem::exists(fine));
}

// ---- the smaller traps ------------------------------------------------------------------------

TEST_CASE("--maxConnectionPoolSize below the default minimum lowers the minimum (docs/usage.md example)") {
    auto r =
        run("run --quiet --rate 200 --duration 0.3 --warmup-time 0 --maxConnectionPoolSize 4 --format json");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(r.out.find("\"connections\":4") != std::string::npos);
    // A minimum the user gave above the maximum is still a contradiction.
    auto c = run("run --quiet --minConnectionPoolSize 8 --maxConnectionPoolSize 4 --requests 10");
    CHECK(c.code == 2);
    CHECK(c.out.find("minConnectionPoolSize (8) exceeds maxConnectionPoolSize (4)") != std::string::npos);
}

TEST_CASE("ab runs with pauseBetweenRuns 0 like the default A/B; the flag still wins") {
    const std::string base =
        "ab --quiet --requests 100 --executions 1 --warmups 0 --minExpectedRps 0 --format json";
    auto r = run(base);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(r.out.find("\"pauseBetweenRuns\":\"0\"") != std::string::npos);
    CHECK(r.out.find("\"pauseBetweenRuns\":\"1000\"") == std::string::npos);
    auto p = run(base + " --pauseBetweenRuns 7");
    CHECK(p.code == 0);
    CHECK(p.out.find("\"pauseBetweenRuns\":\"7\"") != std::string::npos);
}

TEST_CASE("backend names are case-insensitive") {
    CHECK(run("run --quiet --backend HTTP4 --requests 50 --executions 1 --warmups 0 --pauseBetweenRuns 0 "
              "--minExpectedRps 0")
              .code == 0);
    auto ab =
        run("ab --quiet --side WS37 --side Http4 --requests 50 --executions 1 --warmups 0 --minExpectedRps 0 "
            "--format csv");
    INFO(ab.out);
    CHECK(ab.code == 0);
    CHECK(run("run --quiet --backend nope --requests 10").code == 2);
}

TEST_CASE("a mistyped flag or command gets a 'did you mean'") {
    auto r = run("run --requets 100");
    CHECK(r.code == 2);
    CHECK(r.out.find("did you mean --requests?") != std::string::npos);
    auto ab = run("ab --sid ws37");
    CHECK(ab.code == 2);
    CHECK(ab.out.find("did you mean --side?") != std::string::npos);
    auto top = run("--requets 10");
    CHECK(top.code == 2);
    CHECK(top.out.find("did you mean --requests?") != std::string::npos);
    auto cmd = run("rnu --requests 10");
    CHECK(cmd.code == 2);
    CHECK(cmd.out.find("did you mean 'run'?") != std::string::npos);
    // Nothing near: no suggestion.
    CHECK(run("run --zzzzzzzzzzzz 1").out.find("did you mean") == std::string::npos);
}

TEST_CASE("no 'issue N' in any --help") {
    const std::regex issue(R"(issue [0-9])");
    for (const char* cmd : {"", "run ", "ab ", "profile ", "serve ", "merge ", "inspect "}) {
        CAPTURE(cmd);
        const auto r = run(std::string(cmd) + "--help");
        CHECK(r.code == 0);
        CHECK_FALSE(std::regex_search(r.out, issue));
    }
}

TEST_CASE("merge --hgrm - with --prefix prints every interval; an unknown --tag is an error") {
    const std::string in = std::string(TPBENCH_DATA_DIR) + "/hdr/jHiccup-2.0.7S.logV2.hlog";
    const std::string out = temp_path("merged.hlog");
    auto r = run("merge " + out + " " + in + " " + in + " --prefix a --prefix b --hgrm -");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(std::regex_search(r.out, std::regex(R"(Total count += +97522)")));
    auto a = run("merge " + out + " " + in + " " + in + " --prefix a --prefix b --tag a --hgrm -");
    CHECK(a.code == 0);
    CHECK(std::regex_search(a.out, std::regex(R"(Total count += +48761)")));
    auto none = run("merge " + out + " " + in + " --prefix a --tag x --hgrm -");
    CHECK(none.code == 2);
    CHECK(none.out.find("no interval has tag 'x' (the merged log's tags: 'a')") != std::string::npos);
    std::filesystem::remove(out);
}

TEST_CASE("serve --config warns about a mistyped key and a graphs entry it does not load") {
    const std::string yaml = temp_path("server.yaml");
    std::ofstream(yaml)
        << "host: 127.0.0.1\nevaluationTimout: 5000\ngraphs: {graph: conf/tinkergraph-empty.properties}\n";
    // A file that is no certificate stops serve at start (exit 2), after the config was read.
    auto r = run("serve --port 0 --config " + yaml + " --tls-cert " + yaml + " --tls-key " + yaml);
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK(r.out.find("unknown key 'evaluationTimout' ignored; did you mean 'evaluationTimeout'?") !=
          std::string::npos);
    CHECK(r.out.find("graphs entry 'graph: conf/tinkergraph-empty.properties' is not loaded") !=
          std::string::npos);
    std::filesystem::remove(yaml);
}

namespace {

// An HTTP listener that answers every request 403 with no body, as a TinkerPop 3.x Gremlin Server
// answers plain HTTP on its WebSocket port.
struct Forbidden403 : tpbench::test::RawTcpListener {
    Forbidden403()
        : RawTcpListener(Accepted::answer,
                         "HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n") {}
};

}  // namespace

TEST_CASE("http4 against a 403 without credentials: not 'refused the credentials'; may be WebSocket-only") {
    Forbidden403 server;
    const std::string host = " --host 127.0.0.1 --port " + std::to_string(server.port());
    auto r = run("run --quiet --backend http4" + host + " --requests 20 --executions 1 --warmups 0");
    INFO(r.out);
    CHECK(r.code == 1);
    CHECK(r.out.find("refused the credentials") == std::string::npos);
    CHECK(r.out.find("may speak only WebSocket") != std::string::npos);
    CHECK(r.out.find("try the ws37 backend") != std::string::npos);
    auto rate = run("run --quiet --backend http4" + host + " --rate 20 --duration 1 --format csv");
    INFO(rate.out);
    CHECK(rate.code == 1);
    CHECK(rate.out.find("refused the credentials") == std::string::npos);
    CHECK(rate.out.find("may speak only WebSocket") != std::string::npos);
}
