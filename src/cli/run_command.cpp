#include "run_command.hpp"

#include "security.hpp"

#include <tpbench/engine/profiling.hpp>

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
    if (rc != exit_ok) throw CLI::RuntimeError(rc);
}

}  // namespace tpbench::cli
