// tpbench — load generator and protocol profiler for Gremlin Server.
// Thin entry point: each subcommand lives in its own cmd_*.cpp and registers itself here.
#include "commands.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

int main(int argc, char** argv) {
    CLI::App app{"tpbench — load generator and protocol profiler for Gremlin Server (TinkerPop 3.7 WebSocket vs 4.0 HTTP)"};
    app.set_version_flag("--version", "tpbench 0.1.0");
    app.require_subcommand(0, 1);
    register_serve(app);
    register_inspect(app);
    register_run(app);
    register_ab(app);
    register_profile(app);
    register_merge(app);
    register_default(app);
    CLI11_PARSE(app, argc, argv);
    return 0;
}
