// The one command runner: exit codes from a command body's result and exceptions.
#include "run_command.hpp"

#include <tpbench/profiling/profiling.hpp>

#include <CLI/CLI.hpp>
#include <doctest/doctest.h>

#include <stdexcept>

using namespace tpbench;

namespace {
// The exit code run_command makes of `body` (0 when it returns normally).
int code_of(const std::function<int()>& body, int other = cli::exit_run_failed) {
    try {
        cli::run_command("test", body, other);
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();
    }
    return 0;
}
}  // namespace

TEST_CASE("run_command maps results and exceptions onto exit codes") {
    CHECK(code_of([] { return 0; }) == 0);
    CHECK(code_of([] { return 1; }) == 1);
    CHECK(code_of([] { return 99; }) == 99);
    CHECK(code_of([]() -> int { throw engine::ConfigError("bad flag"); }) == cli::exit_bad_args);
    CHECK(code_of([]() -> int { throw std::runtime_error("unreachable"); }) == cli::exit_run_failed);
    // serve: every failure to start is 2; a configuration error stays 2.
    CHECK(code_of([]() -> int { throw std::runtime_error("port in use"); }, cli::exit_bad_args) == 2);
    // A command that already reported its own outcome passes it through unchanged.
    CHECK(code_of([]() -> int { throw CLI::RuntimeError(7); }) == 7);
}
