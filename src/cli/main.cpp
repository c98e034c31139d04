// tpbench — load generator and protocol profiler for Gremlin Server.
// Thin entry point: each subcommand lives in its own cmd_*.cpp and registers itself here.
#include "cli_common.hpp"
#include "commands.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

int main(int argc, char** argv) {
    CLI::App app{
        "tpbench — load generator and protocol profiler for Gremlin Server (TinkerPop 3.7 WebSocket vs 4.0 "
        "HTTP)"};
    app.set_version_flag("--version", "tpbench 0.1.0");
    app.require_subcommand(0, 1);
    register_serve(app);
    register_inspect(app);
    register_run(app);
    register_ab(app);
    register_profile(app);
    register_merge(app);
    register_default(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        // A command's own outcome (0, 1 run failed, 2 bad arguments, 99 thresholds): already reported.
        return e.get_exit_code();
    } catch (const CLI::ParseError& e) {
        // --help / --version print and exit 0; every argument error (unknown flag, value out of
        // range, missing file) exits with the documented code 2, not CLI11's own numbers.
        const int rc = app.exit(e);
        return rc == 0 ? 0 : tpbench::cli::exit_bad_args;
    }
    return 0;
}
