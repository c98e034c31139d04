// The tpbench binary: `profile` prints ProfilingApplication's lines; bad arguments exit 2;
// an unreachable server exits non-zero quickly.
#include "common/cli_process.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

using Result = tpbench::test::CliResult;

Result run(const std::string& args, bool with_stderr = false) {
    return tpbench::test::run_cli(TPBENCH_BINARY, args, with_stderr);
}

// stdout and stderr of a run as one text.
std::string text_of(const Result& r) { return r.out; }

// A TCP listener on 127.0.0.1 that accepts connections and never answers (nor reads).
struct SilentServer : tpbench::test::RawTcpListener {
    SilentServer() : RawTcpListener(Accepted::hold) {}
};

// `tpbench serve --port 0 ARGS...` as a child process; port() from its first stdout line.
struct ServeProcess : tpbench::test::ServeProcess {
    explicit ServeProcess(std::vector<std::string> args)
        : tpbench::test::ServeProcess(TPBENCH_BINARY, std::move(args)) {}
};

std::string temp_file(const std::string& name, const std::string& content) {
    const auto p =
        std::filesystem::temp_directory_path() / ("tpbench-cli-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
}

}  // namespace

TEST_CASE("tpbench profile: latency lines in ProfilingApplication's format") {
    auto r =
        run("profile --quiet testType 0 script 'g.V()' executions 2 warmups 1 minConnectionPoolSize 1 "
            "pauseBetweenRuns 0");
    CHECK(r.code == 0);
    REQUIRE(r.lines.size() == 7);
    CHECK(r.lines[0] == "-----------------------LATENCY TEST SELECTED----------------------");
    CHECK(r.lines[1] == "---------------------------WARMUP CYCLE---------------------------");
    const std::regex line(R"(\[(warmup-1\]|test-\d\]  )time: [0-9.E-]{1,}\s*, result count: 6         )");
    CHECK(std::regex_match(r.lines[2], line));
    CHECK(r.lines[3] == "----------------------------TEST CYCLE----------------------------");
    CHECK(std::regex_match(r.lines[4], line));
    CHECK(std::regex_match(r.lines[5], line));
    CHECK(std::regex_match(r.lines[6], std::regex(R"(avg latency \(sec/req\): [0-9.E-]+)")));
}

TEST_CASE("tpbench profile: throughput lines, http4 master-http has no errors column") {
    auto r =
        run("profile --quiet --backend http4 requests 500 executions 1 warmups 1 maxConnectionPoolSize 8 "
            "pauseBetweenRuns 0 minExpectedRps 0");
    CHECK(r.code == 0);
    REQUIRE(r.lines.size() == 6);
    CHECK(r.lines[0] == "---------------------THROUGHPUT TEST SELECTED---------------------");
    const std::regex line(
        R"(\[(warmup-1\]|test-1\]  ) requests: (1000|500) \| time\(s\): [0-9.E-]+\s+\| req/sec: \d+\s* \| too slow: \d+)");
    CHECK(std::regex_match(r.lines[2], line));
    CHECK(std::regex_match(r.lines[4], line));
    CHECK(std::regex_match(r.lines[5], std::regex(R"(avg req/sec: \d+)")));
}

TEST_CASE("tpbench: bad arguments exit 2") {
    CHECK(run("profile --quiet requests 5 requests 6").code == 2);
    CHECK(run("profile --quiet requests many").code == 2);
    CHECK(run("run --quiet --backend nope").code == 2);
    CHECK(run("run --quiet --requests 0").code == 2);
    CHECK(run("ab --quiet --side 'ws37@127.0.0.1:99999'").code == 2);
    CHECK(run("ab --quiet --side 'ws37 maxConnectionPoolSize'").code == 2);
}

TEST_CASE("tpbench run: unreachable server fails fast with a message") {
    const auto t0 = std::chrono::steady_clock::now();
    auto r =
        run("run --quiet --host 127.0.0.1 --port 1 --requests 100 --executions 1 --warmups 0 "
            "--pauseBetweenRuns 0");
    CHECK(r.code == 1);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));
}

// ---- regressions: the CLI's argument and rate-mode traps (each failed on the old code) --------

TEST_CASE("tpbench: argument errors exit with the documented code 2, not CLI11's 105") {
    CHECK(run("run --quiet --port 0").code == 2);
    CHECK(run("run --quiet --rate -1").code == 2);
    CHECK(run("run --quiet --rate 100 --duration 0").code == 2);
    CHECK(run("run --quiet --workload /nonexistent/workload.jsonl").code == 2);
    CHECK(run("run --quiet --no-such-flag").code == 2);
    CHECK(run("--help").code == 0);
}

TEST_CASE("tpbench run: --rate 0 is an argument error, not a silent closed-loop run") {
    const auto t0 = std::chrono::steady_clock::now();
    auto r = run("run --quiet --rate 0 --duration 1", true);
    CHECK(r.code == 2);
    CHECK(text_of(r).find("--rate must be greater than 0") != std::string::npos);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
}

TEST_CASE(
    "tpbench run/ab: unknown --option, --executions 0 and an out-of-range --requests are refused up front") {
    auto a = run("run --quiet --option nonsense=1", true);
    CHECK(a.code == 2);
    CHECK(text_of(a).find("unknown ws37 option 'nonsense'") != std::string::npos);
    CHECK(run("run --quiet --backend http4 --option dialect=4.0 --option nonsense=1").code == 2);
    CHECK(run("ab --quiet --side 'http4 nonsense=1'").code == 2);
    const auto t0 = std::chrono::steady_clock::now();
    auto e = run("run --quiet --executions 0", true);
    CHECK(e.code == 2);
    CHECK(text_of(e).find("executions must be at least 1") != std::string::npos);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(3));  // no warm-up first
    auto q = run("run --quiet --requests 99999999999", true);
    CHECK(q.code == 2);
    CHECK(text_of(q).find("requests: 99999999999 is out of range") != std::string::npos);
}

TEST_CASE("tpbench run: a workload line's expect is checked in rate mode") {
    const auto f = temp_file("expect.jsonl", "{\"gremlin\":\"g.V()\",\"expect\":99}\n");
    auto r = run("run --quiet --workload " + f + " --rate 50 --duration 0.5 --format csv", true);
    CHECK(r.code == 1);
    CHECK(text_of(r).find("returned an unexpected result count") != std::string::npos);
    // The right count passes.
    const auto ok = temp_file("expect-ok.jsonl", "{\"gremlin\":\"g.V()\",\"expect\":6}\n");
    CHECK(run("run --quiet --workload " + ok + " --rate 50 --duration 0.5 --format csv").code == 0);
}

TEST_CASE(
    "tpbench run: rate mode against a server that never answers says so, not 'the generator limited this "
    "run'") {
    SilentServer server;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = run("run --quiet --backend http4 --host 127.0.0.1 --port " + std::to_string(server.port()) +
                     " --rate 20 --duration 1 --requestTimeout 500 --format csv",
                 true);
    const std::string t = text_of(r);
    CHECK(r.code == 1);
    CHECK(t.find("server not answering") != std::string::npos);
    CHECK(t.find("the generator, not the server, limited this run") == std::string::npos);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));
}

TEST_CASE("help texts name every backend from the registry: serve's protocols, run's --backend") {
    auto serve = run("serve --help");
    CHECK(serve.code == 0);
    CHECK(text_of(serve).find("(ws37, http4 and http3 on one port") != std::string::npos);
    CHECK(text_of(serve).find("SASL PLAIN on ws37, HTTP Basic on http4 and http3") != std::string::npos);
    auto r = run("run --help");
    CHECK(r.code == 0);
    CHECK(text_of(r).find("ws37 | http4 | http3") != std::string::npos);
    CHECK(text_of(r).find("--connect-timeout") != std::string::npos);
    CHECK(text_of(run("profile --help")).find("ws37 | http4 | http3") != std::string::npos);
}

TEST_CASE("--connect-timeout bounds a WebSocket upgrade that is never answered, and says so") {
    SilentServer server;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = run("run --quiet --backend ws37 --host 127.0.0.1 --port " + std::to_string(server.port()) +
                     " --minConnectionPoolSize 1 --maxConnectionPoolSize 1 --connect-timeout 400 --rate 20 "
                     "--duration 1 --format json",
                 true);
    const auto took = std::chrono::steady_clock::now() - t0;
    const std::string t = text_of(r);
    INFO(t);
    CHECK(r.code == 1);
    CHECK(t.find("timed out after 400 ms") != std::string::npos);
    // The report says it too: nothing sent, the failed connect counted with its reason.
    CHECK(t.find("\"class\":\"connect_failed\"") != std::string::npos);
    CHECK(t.find("setup failed") != std::string::npos);
    CHECK(took < std::chrono::milliseconds(2500));  // the default 3000 ms would not have ended yet
    CHECK(run("run --quiet --connect-timeout 0").code == 2);
    CHECK(run("run --quiet --connect-timeout 600001").code == 2);
}

TEST_CASE(
    "bad credentials against tpbench serve --credentials: auth_failed, bounded, no retry storm, no secret "
    "printed") {
    const auto users = temp_file("users.txt", "stephen:right-password-0001\n");
    ServeProcess serve({"--credentials", users});
    REQUIRE_MESSAGE(serve.port() > 0, serve.first_line());
    const std::string secret = "Wrong-Zebra-Pass-9931";
    const auto pwfile = temp_file("pw", secret + "\n");
    const std::string target = " --host 127.0.0.1 --port " + std::to_string(serve.port());
    const auto t0 = std::chrono::steady_clock::now();
    // Closed loop: 20,000 requests planned; the first refusal ends the run.
    auto a = run("run --quiet --backend http4" + target + " --user stephen --password-file " + pwfile +
                     " --requests 20000 --executions 3 --warmups 2 --pauseBetweenRuns 0",
                 true);
    const std::string ta = text_of(a);
    CHECK(a.code == 1);
    CHECK(ta.find("auth_failed") != std::string::npos);
    CHECK(ta.find("not retrying") != std::string::npos);
    CHECK(ta.find(secret) == std::string::npos);
    // Rate mode: the same, and the report says so too.
    auto b = run("run --quiet --backend http4" + target + " --user stephen --password " + secret +
                     " --rate 200 --duration 5 --format json",
                 true);
    const std::string tb = text_of(b);
    CHECK(b.code == 1);
    // http4 meets the 401 at connect (its dialect probe) or on the first request: either way it is
    // named as an authentication failure.
    CHECK((tb.find("authentication failed") != std::string::npos ||
           tb.find("refused the credentials (auth_failed)") != std::string::npos));
    CHECK(tb.find(secret) == std::string::npos);
    CHECK(std::chrono::steady_clock::now() - t0 <
          std::chrono::seconds(15));  // the 5 s rate run stopped early
}
