#pragma once
// Subcommand registration: each cmd_*.cpp defines one register_* function, called from main.cpp.
namespace CLI {
class App;
}

// `tpbench serve` (cmd_serve.cpp): the embedded reference server.
void register_serve(CLI::App& app);

// `tpbench inspect` (cmd_inspect.cpp): decode and print a captured payload.
void register_inspect(CLI::App& app);

// `tpbench run` (cmd_run.cpp): ProfilingApplication scenarios on one backend, long flags.
void register_run(CLI::App& app);
// `tpbench ab` (cmd_ab.cpp): one scenario on several sides, optional interleaved repeats.
void register_ab(CLI::App& app);
// `tpbench profile KEY VALUE ...` (cmd_profile.cpp): ProfilingApplication's own command line.
void register_profile(CLI::App& app);
// `tpbench merge OUT IN...` (cmd_merge.cpp): lossless merge of HdrHistogram interval logs.
void register_merge(CLI::App& app);
// `tpbench` with no subcommand (cmd_ab.cpp): the ws37 vs http4 A/B table; adds top-level flags.
void register_default(CLI::App& app);
