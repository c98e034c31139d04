// `tpbench run` — one backend, ProfilingApplication's scenarios with every argument as a long
// flag (--testType, --requests, ...). Prints ProfilingApplication's lines, then a summary with
// percentiles, errors by class and the effective concurrency.
#include "cli_common.hpp"
#include "commands.hpp"
#include "rate_mode.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace {

using namespace tpbench;

struct RunArgs {
    cli::TargetFlags target;
    cli::ProfilingFlags profiling;
    std::optional<std::uint64_t> expect_results;
    std::string workload_file;
    cli::RateArgs rate;
    bool quiet = false;
};

std::vector<engine::WeightedQuery> read_workload(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw engine::ConfigError(fmt::format("cannot read workload file '{}'", path));
    std::ostringstream ss;
    ss << in.rdbuf();
    if (ss.str().size() > 64 * 1024 * 1024) throw engine::ConfigError("workload file larger than 64 MiB");
    return engine::parse_workload(ss.str());
}

int run_run(const RunArgs& a) {
    cli::SideSpec side = a.target.side();
    const engine::Generation g = side.effective_generation();
    engine::ProfilingOptions o = cli::side_options(side, &a.profiling);
    if (side.serializer.empty()) side.serializer = o.serializer;
    std::optional<std::vector<engine::WeightedQuery>> workload;
    if (!a.workload_file.empty()) workload = read_workload(a.workload_file);
    cli::Targets targets;
    if (a.rate.active()) {
        cli::RateArgs r = a.rate;
        r.quiet = a.quiet;
        return cli::run_rate(r, side, o, targets, workload ? &*workload : nullptr);
    }
    engine::Endpoint ep = targets.endpoint(side);
    const std::string where = targets.describe(side);
    if (!a.quiet)
        cli::say(stderr, "tpbench run: {} (generation {}) -> {}\n", side.label, engine::generation_name(g),
                 where);
    engine::ProfilingSinks sinks;
    sinks.out = [](const std::string& line) {
        cli::say(stdout, "{}\n", line);
        std::fflush(stdout);
    };
    if (!a.quiet) sinks.progress = [](const std::string& line) { cli::say(stderr, "{}\n", line); };
    engine::ProfilingReport rep =
        engine::run_profiling(o, g, ep, sinks, a.expect_results, workload ? &*workload : nullptr);
    if (rep.aborted) {
        cli::say(stderr, "tpbench run: {}\n", rep.abort_reason);
        return cli::exit_run_failed;
    }
    cli::print_summary(rep, side.label, where);
    for (const auto* list : {&rep.warmups, &rep.tests})
        for (const auto& e : *list)
            if (e.failed) {
                cli::say(stderr, "tpbench run: FAILED: {}: {}\n", e.name, e.failure);
                return cli::exit_run_failed;
            }
    if (rep.test_mismatches() > 0) {
        cli::say(stderr, "tpbench run: FAILED: {} request(s) returned an unexpected result count\n",
                 rep.test_mismatches());
        return cli::exit_run_failed;
    }
    std::uint64_t issued = rep.measured.issued;
    for (const auto& w : rep.warmups) issued += w.requests;
    if (issued > 0 && rep.measured.completed == 0 && rep.test_cycle_ran) {
        cli::say(stderr, "tpbench run: FAILED: no request succeeded\n");
        return cli::exit_run_failed;
    }
    return cli::exit_ok;
}

}  // namespace

void register_run(CLI::App& app) {
    auto* sub =
        app.add_subcommand("run", "run ProfilingApplication's latency/throughput scenario on one backend");
    auto args = std::make_shared<RunArgs>();
    args->target.add_to(*sub);
    args->profiling.add_to(*sub);
    sub->add_option("--expect-results", args->expect_results,
                    "latency mode: result count every execution must return");
    sub->add_option("--workload", args->workload_file,
                    "weighted queries with bindings, JSON lines (docs/usage.md)")
        ->check(CLI::ExistingFile);
    args->rate.add_to(*sub);
    sub->add_flag("--quiet", args->quiet, "no progress on stderr");
    sub->callback([args] {
        int rc = 0;
        try {
            rc = run_run(*args);
        } catch (const engine::ConfigError& e) {
            cli::say(stderr, "tpbench run: {}\n", e.what());
            throw CLI::RuntimeError(cli::exit_bad_args);
        } catch (const std::exception& e) {
            cli::say(stderr, "tpbench run: {}\n", e.what());
            throw CLI::RuntimeError(cli::exit_run_failed);
        }
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}
