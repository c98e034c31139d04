#include "run_command.hpp"

#include "security.hpp"

#include <tpbench/engine/interrupt.hpp>
#include <tpbench/profiling/profiling.hpp>

#include <CLI/CLI.hpp>

namespace tpbench::cli {

void run_command(std::string_view what, const std::function<int()>& body, int other_exceptions) {
    int rc = exit_ok;
    try {
        rc = body();
    } catch (const CLI::Error&) {
        throw;
    } catch (const engine::ConfigError& e) {
        say(stderr, "{}: {}\n", what, e.what());
        throw CLI::RuntimeError(exit_bad_args);
    } catch (const std::exception& e) {
        say(stderr, "{}: {}\n", what, e.what());
        throw CLI::RuntimeError(other_exceptions);
    }
    // An interrupted command (interrupt.hpp) exits as a process killed by the signal would: 128 +
    // signal, whatever its verdict (the partial report says what ran).
    if (const auto stop = engine::stop_request(); stop && stop->signal != 0)
        rc = engine::signal_exit_code(stop->signal);
    if (rc != exit_ok) throw CLI::RuntimeError(rc);
}

}  // namespace tpbench::cli
