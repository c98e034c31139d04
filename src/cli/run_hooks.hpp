#pragma once
// Extension points for running `tpbench run` / `tpbench ab` as one rank of a distributed run
// (tpbench-mpi, src/mpi, docs/distributed.md). The plain tpbench never sets them: every pointer
// is nullptr and rate mode behaves exactly as without them. Owned by the mpi helper.
#include <string>

namespace tpbench::engine {
struct LoadSpec;
struct LoadResult;
struct Endpoint;
struct ProfilingOptions;
}  // namespace tpbench::engine
namespace tpbench::report {
struct Report;
}

namespace tpbench::cli {

struct RunHooks {
    // Called on every rank right before engine::run_load with the whole run's spec (all requests,
    // total rate and connections); narrows it to this rank's share and synchronises the start.
    void (*prepare)(engine::LoadSpec& spec) = nullptr;
    // Called on every rank right after run_load (collective). On the root rank `r` is replaced by
    // the exact merge of all ranks and true is returned; other ranks return false and set
    // `exit_code` (they print nothing: the root reports).
    bool (*reduce)(engine::LoadResult& r, int& exit_code) = nullptr;
    // Root only, before the report is rendered: adds per-rank details; returns an exit code to use
    // instead of success (0 = none), e.g. when a rank could not run.
    int (*annotate)(report::Report& rep) = nullptr;

    // Closed loop (run/ab without --rate; docs/distributed.md). Called on every rank right before
    // run_profiling: checks that the scenario can be split (throws engine::ConfigError), installs
    // Endpoint::run / Endpoint::agree (each execution runs this rank's share and returns the merged
    // result of all ranks, the same on every rank) and clears `store` on followers.
    void (*closed_begin)(engine::Endpoint& ep, engine::ProfilingOptions& o) = nullptr;
    // Called on every rank right after run_profiling for the side labelled `label` (the root keeps
    // the per-rank figures; `annotate` then adds them to the report side with that name).
    void (*closed_end)(const std::string& label) = nullptr;
    // True on the ranks other than the root: they print no report and write no files.
    bool follower = false;
};

// The process's hooks (all unset in tpbench).
inline RunHooks run_hooks{};

}  // namespace tpbench::cli
