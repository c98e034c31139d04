#include <tpbench/report/progress.hpp>

#include <doctest/doctest.h>

#include <unistd.h>

using namespace tpbench::report;

TEST_CASE("progress line format") {
    ProgressSample s{12.0, 24021, 3, 50000, 1234567.0};
    CHECK(ProgressLine::format(s, 1987.3) ==
          "[  12.0s] 1987.3 req/s  p99 1.235ms  errors 3 (0.012%)  24021/50000 48%");
    ProgressSample n{1.0, 0, 0, 0, std::nullopt};
    CHECK(ProgressLine::format(n, 0) == "[   1.0s] 0.0 req/s  p99 -  errors 0 (0.000%)");
}

TEST_CASE("progress line redraws in place and computes the interval rate") {
    std::string out;
    {
        ProgressLine p({.quiet = false, .fd = 2, .sink = [&](std::string_view t) { out += t; }});
        REQUIRE(p.enabled());
        p.update({1.0, 1000, 0, 0, std::nullopt});
        p.update({2.0, 3000, 1, 0, 500000.0});
    }  // destructor ends the line
    CHECK(out ==
          "\r[   1.0s] 1000.0 req/s  p99 -  errors 0 (0.000%)\x1b[K"
          "\r[   2.0s] 2000.0 req/s  p99 500.0us  errors 1 (0.033%)\x1b[K\n");
}

TEST_CASE("quiet and non-TTY streams print nothing") {
    std::string out;
    ProgressLine q({.quiet = true, .fd = 2, .sink = [&](std::string_view t) { out += t; }});
    CHECK_FALSE(q.enabled());
    q.update({1.0, 10, 0, 0, std::nullopt});
    q.finish();
    CHECK(out.empty());
    // A pipe is not a terminal: the line disables itself.
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    {
        ProgressLine piped({.quiet = false, .fd = fds[1], .sink = {}});
        CHECK_FALSE(piped.enabled());
        piped.update({1.0, 10, 0, 0, std::nullopt});
    }
    ::close(fds[1]);
    char buf[16];
    CHECK(::read(fds[0], buf, sizeof buf) == 0);
    ::close(fds[0]);
}
