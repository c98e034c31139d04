// The tpbench binary: `profile` prints ProfilingApplication's lines; bad arguments exit 2;
// an unreachable server exits non-zero quickly.
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace {

struct Result {
    int code = -1;
    std::vector<std::string> lines;
};

Result run(const std::string& args) {
    Result r;
    const std::string cmd = std::string(TPBENCH_BINARY) + " " + args + " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::array<char, 4096> buf{};
    std::string all;
    while (std::fgets(buf.data(), buf.size(), p)) all += buf.data();
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::istringstream ss(all);
    for (std::string l; std::getline(ss, l);) r.lines.push_back(l);
    return r;
}

}  // namespace

TEST_CASE("tpbench profile: latency lines in ProfilingApplication's format") {
    auto r = run("profile --quiet testType 0 script 'g.V()' executions 2 warmups 1 minConnectionPoolSize 1 pauseBetweenRuns 0");
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
    auto r = run("profile --quiet --backend http4 requests 500 executions 1 warmups 1 maxConnectionPoolSize 8 "
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
    auto r = run("run --quiet --host 127.0.0.1 --port 1 --requests 100 --executions 1 --warmups 0 --pauseBetweenRuns 0");
    CHECK(r.code == 1);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));
}
