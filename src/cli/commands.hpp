#pragma once
// Subcommand registration: each cmd_*.cpp defines one register_* function, called from main.cpp.
namespace CLI {
class App;
}

// `tpbench serve` (cmd_serve.cpp): the embedded reference server.
void register_serve(CLI::App& app);

// `tpbench inspect` (cmd_inspect.cpp): decode and print a captured payload.
void register_inspect(CLI::App& app);
