// tpbench-mpi — `mpirun -np N tpbench-mpi run --rate R ...`: every rank runs its share of one
// open-loop run against the same server; rank 0 reduces all ranks exactly and prints the one
// report (docs/distributed.md). The run itself is tpbench's own `run` (src/cli) with the hooks of
// src/cli/run_hooks.hpp set here.
//
// Collectives, in this order, on every rank: MPI_Barrier (start), MPI_Gather + MPI_Gatherv (the
// rank records). A rank that leaves the run early (bad arguments, an exception, its server
// unreachable) still takes part in both, with a record saying it did not run, so no rank ever
// waits in a collective for a rank that has given up.
#include "reduce.hpp"

#include "../cli/cli_common.hpp"
#include "../cli/commands.hpp"
#include "../cli/run_hooks.hpp"

#include <tpbench/report/report.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <mpi.h>

#include <cstdio>
#include <stdexcept>

namespace {

using namespace tpbench;

struct State {
    int rank = 0;
    int size = 1;
    std::string host;
    int stage = 0;  // 0: before the start barrier, 1: after it, 2: after the gather
    double offered = 0;
    std::uint64_t planned = 0;
    std::vector<mpi::RankRecord> records;  // root, after the gather
};
State g;

// Gathers every rank's record on rank 0 (collective). Returns the decoded records on the root.
std::vector<mpi::RankRecord> gather(const mpi::RankRecord& mine) {
    const std::vector<std::uint8_t> bytes = mpi::serialize(mine);
    if (bytes.size() > static_cast<std::size_t>(INT32_MAX))
        throw std::runtime_error("rank record larger than 2 GiB");
    int n = static_cast<int>(bytes.size());
    std::vector<int> sizes(g.rank == 0 ? static_cast<std::size_t>(g.size) : 0);
    MPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> displs(sizes.size());
    std::size_t total = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        displs[i] = static_cast<int>(total);
        total += static_cast<std::size_t>(sizes[i]);
    }
    if (total > static_cast<std::size_t>(INT32_MAX))
        throw std::runtime_error("rank records larger than 2 GiB");
    std::vector<std::uint8_t> all(total);
    MPI_Gatherv(bytes.data(), n, MPI_BYTE, all.data(), sizes.data(), displs.data(), MPI_BYTE, 0,
                MPI_COMM_WORLD);
    g.stage = 2;
    std::vector<mpi::RankRecord> out;
    if (g.rank != 0) return out;
    const auto anchor = engine::Clock::now();
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        try {
            out.push_back(mpi::deserialize(std::span(all).subspan(static_cast<std::size_t>(displs[i]),
                                                                  static_cast<std::size_t>(sizes[i])),
                                           anchor));
        } catch (const std::exception& e) {
            mpi::RankRecord bad;
            bad.rank = static_cast<int>(i);
            bad.exit_code = cli::exit_run_failed;
            bad.message = e.what();
            out.push_back(std::move(bad));
        }
    }
    return out;
}

void hook_prepare(engine::LoadSpec& spec) {
    g.offered = spec.rate / g.size;
    mpi::partition_spec(spec, g.size, g.rank);  // throws ConfigError on every rank alike
    g.planned = spec.plan.size();
    MPI_Barrier(MPI_COMM_WORLD);
    g.stage = 1;
}

bool hook_reduce(engine::LoadResult& r, int& exit_code) {
    mpi::RankRecord mine;
    mine.rank = g.rank;
    mine.host = g.host;
    mine.ran = true;
    mine.offered_rps = g.offered;
    mine.planned = g.planned;
    mine.load = r;
    mine.load.first_results.clear();
    g.records = gather(mine);
    if (g.rank != 0) {
        exit_code = r.setup_failed ? cli::exit_run_failed : cli::exit_ok;
        return false;
    }
    for (const auto& rec : g.records) {
        if (!rec.ran)
            fmt::print(stderr, "tpbench-mpi: {} did not run: {}\n", mpi::rank_name(rec), rec.message);
        else if (rec.load.setup_failed)
            fmt::print(stderr, "tpbench-mpi: {} could not connect: {}\n", mpi::rank_name(rec),
                       rec.load.setup_error);
    }
    r = mpi::merge_ranks(g.records);
    return true;
}

int hook_annotate(report::Report& rep) {
    const auto out = mpi::annotate_report(rep, g.records, g.size);
    for (const auto& w : out.warnings) fmt::print(stderr, "WARNING: {}\n", w);
    return out.exit_code;
}

// Refuses what a distributed run does not support (yet); same answer on every rank.
void check_supported(CLI::App& run) {
    auto val = [&](const char* name) {
        return run.get_option(name)->count() ? run.get_option(name)->as<double>() : 0.0;
    };
    if (run.get_option("--sweep")->count())
        throw std::invalid_argument("--sweep is not supported under MPI yet (run one rate per job)");
    if (val("--rate") <= 0)
        throw std::invalid_argument("only open-loop runs (--rate R) are distributed so far; add --rate");
    if (!run.get_option("--host")->count())
        throw std::invalid_argument(
            "give --host/--port of the server (without them every rank would start its own embedded server)");
}

// `ab --rate R`: each side runs `run --rate` in turn, so every rank takes part in the same
// collectives per side. Same refusals as run, and every side must name its server.
void check_supported_ab(CLI::App& ab) {
    if (ab.get_option("--sweep")->count())
        throw std::invalid_argument("--sweep is not supported under MPI yet (run one rate per job)");
    if (!ab.get_option("--rate")->count() || ab.get_option("--rate")->as<double>() <= 0)
        throw std::invalid_argument(
            "only open-loop A/B runs (ab --rate R) are distributed so far; add --rate");
    const auto sides = ab.get_option("--side")->results();
    if (sides.size() < 2)
        throw std::invalid_argument("give at least two --side values, each with @HOST:PORT");
    for (const auto& t : sides)
        if (!cli::parse_side(t).host)
            throw std::invalid_argument(
                "side '" + t + "' has no @HOST:PORT (every rank would start its own embedded server)");
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g.size);
    {
        char name[MPI_MAX_PROCESSOR_NAME] = {};
        int len = 0;
        MPI_Get_processor_name(name, &len);
        g.host.assign(name, static_cast<std::size_t>(len));
    }
    cli::run_hooks.prepare = hook_prepare;
    cli::run_hooks.reduce = hook_reduce;
    cli::run_hooks.annotate = hook_annotate;

    CLI::App app{
        "tpbench-mpi — one tpbench run --rate spread over the ranks of an MPI job (docs/distributed.md)"};
    app.set_version_flag("--version", "tpbench-mpi 0.1.0");
    app.require_subcommand(1, 1);
    register_run(app);
    register_ab(app);
    CLI::App* run = app.get_subcommand("run");
    CLI::App* ab = app.get_subcommand("ab");
    ab->parse_complete_callback([ab] {
        try {
            check_supported_ab(*ab);
        } catch (const std::exception& e) {
            if (g.rank == 0) fmt::print(stderr, "tpbench-mpi ab: {}\n", e.what());
            throw CLI::RuntimeError(cli::exit_bad_args);
        }
    });
    run->parse_complete_callback([run] {
        try {
            check_supported(*run);
        } catch (const std::exception& e) {
            if (g.rank == 0) fmt::print(stderr, "tpbench-mpi run: {}\n", e.what());
            throw CLI::RuntimeError(cli::exit_bad_args);
        }
    });
    int rc = 0;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        rc = g.rank == 0 ? app.exit(e) : (e.get_exit_code());
    } catch (const std::exception& e) {
        fmt::print(stderr, "tpbench-mpi: rank {}: {}\n", g.rank, e.what());
        rc = cli::exit_run_failed;
    }
    // A rank that left before the collectives still takes part in them (with a "did not run"
    // record), so the others never wait for it.
    if (g.stage < 2) {
        try {
            if (g.stage < 1) MPI_Barrier(MPI_COMM_WORLD);
            mpi::RankRecord mine;
            mine.rank = g.rank;
            mine.host = g.host;
            mine.exit_code = rc;
            mine.message = fmt::format("left before its run (exit code {}; see that rank's stderr)", rc);
            auto recs = gather(mine);
            if (g.rank == 0 && rc != 0) {
                for (const auto& rec : recs)
                    if (rec.ran)
                        fmt::print(stderr, "tpbench-mpi: {} ran but rank 0 could not report\n",
                                   mpi::rank_name(rec));
                    else if (rec.exit_code != 0 && rec.rank != 0)
                        fmt::print(stderr, "tpbench-mpi: {} {}\n", mpi::rank_name(rec), rec.message);
            }
        } catch (const std::exception& e) {
            fmt::print(stderr, "tpbench-mpi: rank {}: {}\n", g.rank, e.what());
            MPI_Abort(MPI_COMM_WORLD, cli::exit_run_failed);
        }
    }
    std::fflush(stdout);
    MPI_Finalize();
    return rc;
}
