// tpbench-mpi — `mpirun -np N tpbench-mpi run|ab ...`: every rank runs its share of one run
// against the same server; rank 0 reduces all ranks exactly and prints the one report
// (docs/distributed.md). The commands are tpbench's own `run` and `ab` (src/cli) with the hooks
// of src/cli/run_hooks.hpp set here.
//
// Open loop (--rate), collectives in this order on every rank: MPI_Barrier (start), MPI_Gather +
// MPI_Gatherv (the rank records). A rank that leaves the run early (bad arguments, an exception,
// its server unreachable) still takes part in both, with a record saying it did not run, so no
// rank ever waits in a collective for a rank that has given up.
//
// `--sweep` (open loop, several rate steps) uses the closed loop's rounds below: one round per
// step, and every rank continues with the merged step, so all take the same next step.
//
// Closed loop (no --rate): every execution of the scenario (init scripts, warm-ups, tests) is one
// round: MPI_Allreduce (start: "is anyone leaving?"), this rank's share, MPI_Allreduce (end), then
// the exchange: MPI_Gather + MPI_Gatherv of the records to rank 0, which merges them and
// MPI_Bcasts the merged record, so every rank continues with the same result and takes the same
// decisions (warm-up threshold, failures); the test cycle's timeout is one more MPI_Allreduce.
// Every rank ends — normally or by leaving early — with one Allreduce saying "leaving" plus one
// exchange. A rank in the middle of the run that meets a "leaving" flag takes part in that
// exchange (rank 0 names who left) and stops, so a rank that leaves at any point never leaves the
// others waiting: the Allreduce it enters matches whichever Allreduce the others are in.
#include "reduce.hpp"

#include "../cli/cli_common.hpp"
#include "../cli/commands.hpp"
#include "../cli/run_hooks.hpp"

#include <tpbench/report/report.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
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

// Closed-loop state (see the top of the file).
struct Closed {
    bool mode = false;    // closed loop: neither --rate nor --sweep on the command line
    bool rounds = false;  // the round protocol: closed loop, or --sweep
    bool ended = false;   // this rank took part in its last round (leaving, or stopped by a peer)
    bool latency = false;
    std::uint64_t offset = 0;                   // requests of the current run dealt so far
    std::optional<engine::LoadResult> latched;  // this rank's connect failure, kept for the run
    std::vector<bool> named;                    // root: ranks whose failure was printed in this run
    std::vector<mpi::ClosedCall> calls;         // root: the current run's executions
    std::map<std::string, std::pair<bool, std::vector<mpi::ClosedCall>>> sides;  // root: per side label
};
Closed c;

// Gathers every rank's record on rank 0 (collective). Returns the decoded records on the root.
std::vector<mpi::RankRecord> gather_records(const mpi::RankRecord& mine);

std::vector<mpi::RankRecord> gather(const mpi::RankRecord& mine) {
    auto out = gather_records(mine);
    g.stage = 2;
    return out;
}

std::vector<mpi::RankRecord> gather_records(const mpi::RankRecord& mine) {
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

std::pair<bool, bool> sync_round(bool leaving, bool flag);
engine::LoadResult exchange_records(const mpi::RankRecord& mine, std::vector<mpi::RankRecord>* all);
[[noreturn]] void stop_for_peer();
void name_failures(const std::vector<mpi::RankRecord>& all);

void hook_prepare(engine::LoadSpec& spec) {
    g.offered = spec.rate / g.size;
    mpi::partition_spec(spec, g.size, g.rank);  // throws ConfigError on every rank alike
    g.planned = spec.plan.size();
    if (c.rounds) {  // --sweep: one round per step (see the top of the file)
        if (sync_round(false, false).first) stop_for_peer();
        g.stage = 1;
        return;
    }
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
    if (c.rounds) {
        // --sweep: every rank continues with the merge, so all take the same next step.
        if (sync_round(false, false).first) stop_for_peer();
        std::vector<mpi::RankRecord> all;
        r = exchange_records(mine, &all);
        if (g.rank == 0) {
            name_failures(all);
            g.records = std::move(all);
        }
        return true;
    }
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

int closed_annotate(report::Report& rep);

int hook_annotate(report::Report& rep) {
    if (c.mode) return closed_annotate(rep);
    // A sweep's ranks[] describe its last step.
    const auto out =
        mpi::annotate_report(rep, g.records, g.size, rep.sides.empty() ? 0 : rep.sides.size() - 1);
    for (const auto& w : out.warnings) fmt::print(stderr, "WARNING: {}\n", w);
    return out.exit_code;
}

// ---- closed loop

mpi::RankRecord my_record() {
    mpi::RankRecord r;
    r.rank = g.rank;
    r.host = g.host;
    return r;
}

// MPI_Allreduce(MAX) of {leaving, flag}: whether any rank is leaving, and whether any rank's flag
// is set.
std::pair<bool, bool> sync_round(bool leaving, bool flag) {
    int in[2] = {leaving ? 1 : 0, flag ? 1 : 0};
    int out[2] = {0, 0};
    MPI_Allreduce(in, out, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return {out[0] != 0, out[1] != 0};
}

// The exchange: every record to the root, the merge back to every rank (collective). On the root,
// `all` receives the decoded records.
engine::LoadResult exchange_records(const mpi::RankRecord& mine, std::vector<mpi::RankRecord>* all) {
    std::vector<mpi::RankRecord> recs = gather_records(mine);
    std::vector<std::uint8_t> bytes;
    if (g.rank == 0) {
        mpi::RankRecord merged;
        merged.rank = -1;
        merged.ran = true;
        for (const auto& r : recs) merged.planned += r.planned;
        merged.load = mpi::merge_ranks(recs);
        bytes = mpi::serialize(merged);
        if (bytes.size() > static_cast<std::size_t>(INT32_MAX))
            throw std::runtime_error("merged record larger than 2 GiB");
        if (all) *all = std::move(recs);
    }
    std::uint64_t n = bytes.size();
    MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    bytes.resize(static_cast<std::size_t>(n));
    MPI_Bcast(bytes.data(), static_cast<int>(n), MPI_BYTE, 0, MPI_COMM_WORLD);
    return mpi::deserialize(bytes, engine::Clock::now()).load;
}

// A peer is leaving: take part in its exchange, name it (root) and stop this rank's run.
[[noreturn]] void stop_for_peer() {
    mpi::RankRecord mine = my_record();
    mine.ran = true;
    std::vector<mpi::RankRecord> all;
    (void)exchange_records(mine, &all);
    c.ended = true;
    std::string who;
    for (const auto& r : all)
        if (!r.ran) who += fmt::format("{}{}: {}", who.empty() ? "" : "; ", mpi::rank_name(r), r.message);
    if (g.rank == 0) fmt::print(stderr, "tpbench-mpi: stopping: {}\n", who.empty() ? "a rank left" : who);
    throw std::runtime_error(who.empty() ? std::string("a rank left the run") : "stopped because " + who);
}

// Endpoint::run: this rank's share of one execution; the merged result of all ranks.
engine::LoadResult closed_run(std::string_view what, const engine::LoadSpec& whole,
                              const engine::SessionFactory& factory, const engine::SessionConfig& cfg) {
    engine::LoadSpec mine = whole;
    const bool has = mpi::partition_closed(mine, g.size, g.rank, c.offset);
    c.offset += whole.plan.size();
    if (sync_round(false, false).first) stop_for_peer();  // start together
    g.stage = 1;
    mpi::RankRecord rec = my_record();
    rec.ran = true;
    rec.planned = has ? mine.plan.size() : 0;
    if (has) {
        if (c.latched) {
            rec.load = *c.latched;  // could not connect earlier in this run: not retried
        } else {
            try {
                rec.load = engine::run_load(mine, factory, cfg);
                if (rec.load.setup_failed) c.latched = rec.load;
            } catch (const std::exception& e) {
                rec.ran = false;
                rec.exit_code = cli::exit_run_failed;
                rec.message = e.what();
            }
        }
    }
    rec.load.first_results.clear();
    if (sync_round(false, false).first) stop_for_peer();  // everyone has finished its share
    std::vector<mpi::RankRecord> all;
    engine::LoadResult merged = exchange_records(rec, &all);
    if (g.rank == 0) {
        name_failures(all);
        mpi::ClosedCall call;
        call.what = std::string(what);
        for (const auto& r : all) call.ranks.push_back(mpi::closed_figures(r));
        c.calls.push_back(std::move(call));
    }
    return merged;
}

// Root: names each rank that could not connect or failed, once per run.
void name_failures(const std::vector<mpi::RankRecord>& all) {
    for (const auto& r : all) {
        const auto f = mpi::closed_figures(r);
        const auto i = static_cast<std::size_t>(r.rank);
        if (!f.ok && i < c.named.size() && !c.named[i]) {
            c.named[i] = true;
            fmt::print(stderr, "tpbench-mpi: {} {}: {}\n", mpi::rank_name(r),
                       r.ran ? "could not connect" : "failed", f.failure);
        }
    }
}

// Endpoint::agree: the test cycle stops when any rank's clock says its timeout passed.
bool closed_agree(bool local) {
    const auto [leaving, any] = sync_round(false, local);
    if (leaving) stop_for_peer();
    return any;
}

void hook_closed_begin(engine::Endpoint& ep, engine::ProfilingOptions& o) {
    mpi::check_closed_split(o.latency_mode(), static_cast<std::size_t>(o.max_connection_pool_size), g.size);
    if (g.rank != 0) o.store.reset();  // the root writes the TSV row
    c.latency = o.latency_mode();
    c.offset = 0;
    c.latched.reset();
    c.calls.clear();
    c.named.assign(static_cast<std::size_t>(g.size), false);
    ep.run = closed_run;
    ep.agree = closed_agree;
}

void hook_closed_end(const std::string& label) {
    if (g.rank != 0) return;
    auto& side = c.sides[label];
    side.first = c.latency;
    for (auto& call : c.calls) side.second.push_back(std::move(call));
    c.calls.clear();
}

// Root: per-rank figures of every side (all its rounds), saturated ranks, incomplete sides.
int closed_annotate(report::Report& rep) {
    if (g.rank != 0) return 0;
    int rc = 0;
    rep.meta["mpi_ranks"] = std::to_string(g.size);
    rep.meta["mpi_split"] =
        "closed loop: rank r sends the requests whose index in the run (init, warm-up and test executions "
        "in order) is r mod N; connections: first total % N ranks get one more";
    const bool many = rep.sides.size() > 1;
    std::vector<std::string> incomplete;
    for (auto& side : rep.sides) {
        const auto it = c.sides.find(side.name);
        if (it == c.sides.end()) continue;
        const auto ann = mpi::annotate_closed(it->second.second, g.size, it->second.first);
        for (std::size_t i = 0; i < ann.ranks.size(); ++i) {
            report::RankInfo ri = ann.ranks[i];
            if (many) ri.side = side.name;
            rep.meta[many ? fmt::format("mpi_rank_{}_{}", ri.rank, side.name)
                          : fmt::format("mpi_rank_{}", ri.rank)] = ann.lines[i];
            rep.ranks.push_back(std::move(ri));
        }
        for (const auto& s : ann.saturated) {
            side.saturated = true;
            side.notes += (side.notes.empty() ? "" : "; ") + s.substr(0, s.find(':')) + " saturated" +
                          s.substr(s.find(':'));
            fmt::print(stderr,
                       "WARNING: [{}] {}: that client host, not the server, limited this run (closed loop)\n",
                       side.name, s);
        }
        if (!ann.incomplete.empty()) {
            std::string all;
            for (const auto& s : ann.incomplete) all += (all.empty() ? "" : "; ") + s;
            const std::string text =
                fmt::format("{} of {} ranks did not run: {}", ann.incomplete.size(), g.size, all);
            side.notes += (side.notes.empty() ? "" : "; ") + std::string("INCOMPLETE: ") + text;
            incomplete.push_back(many ? side.name + ": " + text : text);
            rc = cli::exit_run_failed;
        }
    }
    if (!incomplete.empty()) {
        std::string all;
        for (const auto& s : incomplete) all += (all.empty() ? "" : "; ") + s;
        rep.meta["incomplete"] = all;
    }
    return rc;
}

// Refuses what a distributed run does not support (yet); same answer on every rank.
void check_supported(CLI::App& run) {
    auto val = [&](const char* name) {
        return run.get_option(name)->count() ? run.get_option(name)->as<double>() : 0.0;
    };
    (void)val;
    if (!run.get_option("--host")->count())
        throw std::invalid_argument(
            "give --host/--port of the server (without them every rank would start its own embedded server)");
}

// `ab --rate R`: each side runs `run --rate` in turn, so every rank takes part in the same
// collectives per side. Same refusals as run, and every side must name its server.
void check_supported_ab(CLI::App& ab) {
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
    cli::run_hooks.closed_begin = hook_closed_begin;
    cli::run_hooks.closed_end = hook_closed_end;
    cli::run_hooks.follower = g.rank != 0;
    // Closed loop = neither --rate nor --sweep; a sweep uses the closed loop's round protocol too
    // (decided from argv, the same on every rank even when parsing fails).
    bool rate = false, sweep = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--rate") == 0 || std::strncmp(argv[i], "--rate=", 7) == 0) rate = true;
        if (std::strcmp(argv[i], "--sweep") == 0) sweep = true;
    }
    c.mode = !rate && !sweep;
    c.rounds = c.mode || sweep;
    c.named.assign(static_cast<std::size_t>(g.size), false);
    // Only rank 0 prints reports (the others run the same command with the same merged results).
    if (g.rank != 0 && !std::freopen("/dev/null", "w", stdout))
        fmt::print(stderr, "tpbench-mpi: rank {}: cannot silence stdout\n", g.rank);

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
    if (c.rounds) {
        // Closed loop / sweep: the last round of this rank (see the top of the file).
        if (!c.ended) {
            try {
                (void)sync_round(true, false);
                mpi::RankRecord mine = my_record();
                mine.exit_code = rc;
                mine.message = fmt::format("left the run (exit code {}; see that rank's stderr)", rc);
                (void)exchange_records(mine, nullptr);
            } catch (const std::exception& e) {
                fmt::print(stderr, "tpbench-mpi: rank {}: {}\n", g.rank, e.what());
                MPI_Abort(MPI_COMM_WORLD, cli::exit_run_failed);
            }
        }
    } else if (g.stage < 2) {
        // A rank that left before the collectives still takes part in them (with a "did not run"
        // record), so the others never wait for it.
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
