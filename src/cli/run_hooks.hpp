#pragma once
// Extension points for running `tpbench run --rate` as one rank of a distributed run
// (tpbench-mpi, src/mpi, docs/distributed.md). The plain tpbench never sets them: every pointer
// is nullptr and rate mode behaves exactly as without them. Owned by the mpi helper.
namespace tpbench::engine {
struct LoadSpec;
struct LoadResult;
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
};

// The process's hooks (all unset in tpbench).
inline RunHooks run_hooks{};

}  // namespace tpbench::cli
