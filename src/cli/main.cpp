// tpbench — load generator and protocol profiler for Gremlin Server.
// Thin entry point: each subcommand lives in its own cmd_*.cpp and registers itself here.
#include "cli_common.hpp"
#include "commands.hpp"

#include <tpbench/model/did_you_mean.hpp>
#include <tpbench/version.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {

// After an unknown-argument error: for each word of the command line that names no flag (or no
// subcommand) of the command it was given to, the nearest known one, as "did you mean ...?".
void suggest(CLI::App& app, int argc, char** argv) {
    const CLI::App* sub = nullptr;
    auto names_of = [](const CLI::App& a) {
        std::vector<std::string> out;
        for (const CLI::Option* o : a.get_options())
            for (const auto& n : o->get_lnames()) out.push_back("--" + n);
        return out;
    };
    std::vector<std::string> subcommands;
    const CLI::App& capp = app;
    for (const CLI::App* c : capp.get_subcommands([](const CLI::App*) { return true; }))
        subcommands.push_back(c->get_name());
    for (int i = 1; i < argc; ++i) {
        std::string word = argv[i];
        if (!sub && word.rfind('-', 0) != 0) {
            if (std::find(subcommands.begin(), subcommands.end(), word) != subcommands.end()) {
                sub = app.get_subcommand_ptr(word).get();
                continue;
            }
            if (i == 1) {
                if (auto m = tpbench::model::did_you_mean(word, subcommands))
                    std::fprintf(stderr, "tpbench: '%s' is not a command; did you mean '%s'?\n", word.c_str(),
                                 m->c_str());
                return;
            }
            continue;
        }
        if (sub && sub->get_prefix_command()) return;  // profile: ProfilingApplication's own words
        if (word.rfind("--", 0) != 0 || word == "--") continue;
        word = word.substr(0, word.find('='));
        std::vector<std::string> known = names_of(app);
        if (sub) {
            auto more = names_of(*sub);
            known.insert(known.end(), more.begin(), more.end());
        }
        if (std::find(known.begin(), known.end(), word) != known.end()) continue;
        if (auto m = tpbench::model::did_you_mean(word, known))
            std::fprintf(stderr, "tpbench: unknown flag %s; did you mean %s?\n", word.c_str(), m->c_str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "tpbench — load generator and protocol profiler for Gremlin Server (TinkerPop 3.7 WebSocket vs 4.0 "
        "HTTP)"};
    app.set_version_flag("--version", std::string(tpbench::tool_version));
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
        if (rc != 0) suggest(app, argc, argv);
        return rc == 0 ? 0 : tpbench::cli::exit_bad_args;
    }
    return 0;
}
