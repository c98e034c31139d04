#pragma once
// The one way a subcommand ends (every cmd_*.cpp callback): run the command's body and turn its
// outcome into the process exit code, through CLI11 (main.cpp returns CLI::RuntimeError's code).
//   body returns 0                   -> exit 0
//   body returns rc != 0             -> exit rc (1 run failed, 2 bad arguments, 99 thresholds)
//   engine::ConfigError              -> "WHAT: message" on stderr, exit 2
//   any other std::exception         -> "WHAT: message" on stderr, exit `other_exceptions`
//                                       (1 by default; `serve` treats every failure to start as 2)
//   CLI::Error (e.g. RuntimeError)   -> passed through unchanged (the body already reported it)
//   interrupted (interrupt.hpp)      -> 128 + signal once the body returned (130 SIGINT, 143 SIGTERM,
//                                       129 SIGHUP), instead of the body's code
// Messages go through cli::say, so registered secrets are redacted. Main thread only.
#include <functional>
#include <string_view>

namespace tpbench::cli {

// Exit codes of the commands.
inline constexpr int exit_ok = 0;
inline constexpr int exit_run_failed = 1;  // unreachable server, aborted run, FAILED row
inline constexpr int exit_bad_args = 2;    // configuration errors

// Runs `body`; returns normally only when it returned exit_ok, else throws CLI::RuntimeError(code).
void run_command(std::string_view what, const std::function<int()>& body,
                 int other_exceptions = exit_run_failed);

}  // namespace tpbench::cli
