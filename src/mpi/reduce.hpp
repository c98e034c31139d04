#pragma once
// tpbench-mpi's load split and exact reduction (docs/distributed.md). No MPI in here: the byte
// records are moved by mpi_run.cpp with MPI_Gather/Gatherv; this part is pure and unit-tested.
//
// Split rule (rank r of N): the plan (request sequence one process would send) is dealt round
// robin — rank r sends indices r, r+N, r+2N, ... — so the union over ranks is exactly the one
// process's sequence; counts (requests, warm-up requests, connections, max outstanding) are
// split evenly with the first `total % N` ranks getting one more; the offered rate (and ramp
// end rate) is divided by N.
//
// Reduction: counters add, histograms merge element-wise (their V2 encodings carry every count,
// so the merge is exact), per-second intervals add index by index. Wall times are sent as
// durations measured by each rank on its own clock; the merged phase lasts as long as the
// longest rank's (no time point of one host is ever compared with another host's).
#include <tpbench/engine/load.hpp>
#include <tpbench/report/report.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tpbench::mpi {

// Share of `total` for rank `rank` of `ranks`: total / ranks, plus one for the first total % ranks.
std::size_t share(std::size_t total, int ranks, int rank) noexcept;

// Narrows a whole-run spec to rank `rank`'s share (rule above). Throws engine::ConfigError when
// the run cannot be split (fewer requests or connections than ranks).
void partition_spec(engine::LoadSpec& spec, int ranks, int rank);

// What one rank sends to the root.
struct RankRecord {
    int rank = 0;
    std::string host;
    bool ran = false;           // reached the reduction with a measured LoadResult
    int exit_code = 0;          // when !ran: the rank's exit code
    std::string message;        // when !ran: why
    double offered_rps = 0;     // this rank's share of the offered rate
    std::uint64_t planned = 0;  // requests in this rank's plan
    engine::LoadResult load;    // when ran (first_results are not transferred)
    // Per phase, the wall seconds this rank measured (first intended send -> last completion).
    std::array<double, engine::phase_count> wall_s{};
};

// Binary record (little-endian integers, uncompressed HdrHistogram V2 for every histogram).
std::vector<std::uint8_t> serialize(const RankRecord& r);
// Inverse of serialize. Time points are rebuilt on this process's clock from `anchor` and the
// rank's wall seconds. Throws std::runtime_error on a malformed record.
RankRecord deserialize(std::span<const std::uint8_t> bytes, engine::Clock::time_point anchor);

// Exact merge of the ranks that ran (see above). When no rank ran or every rank failed to set
// up, the result has setup_failed with a setup_error naming each rank.
engine::LoadResult merge_ranks(const std::vector<RankRecord>& ranks);

// Root, before rendering: one report::RankInfo per rank in rep.ranks, an `mpi_rank_<r>` line per
// rank and `mpi_ranks`/`mpi_split` in rep.meta. A rank that could not keep its share of the schedule
// (more than 1% of sends over 5 ms late, or achieved < 95% of offered / ranks) makes the first side
// saturated with a note naming it (so comparisons refuse it, like a saturated process); a rank that
// did not run adds meta["incomplete"], an INCOMPLETE note, and exit code 1.
struct Annotation {
    int exit_code = 0;
    std::vector<std::string> warnings;  // for stderr, one per saturated rank
};
// `side_index` picks the side the records belong to (a sweep: its last step).
Annotation annotate_report(report::Report& rep, const std::vector<RankRecord>& ranks, int size,
                           std::size_t side_index = 0);

// "rank 1 (host)".
std::string rank_name(const RankRecord& r);

// ---- Closed loop (run/ab without --rate): every execution of ProfilingApplication's scenario
// (init scripts, warm-ups, tests) is one distributed load run.

// Deals one closed-loop execution whose requests are the run's requests offset, offset+1, ...:
// rank r sends those whose run index is r mod N (so the remainder of each execution rotates over
// the ranks, and a one-request execution — latency mode, an init script — goes to one rank per
// execution in turn). Connections (max and min) are shared with the first total % N ranks getting
// one more; a rank with requests but a zero share (only possible with fewer connections than
// ranks, see check_closed_split) gets one. Returns false when this rank has nothing to send.
bool partition_closed(engine::LoadSpec& spec, int ranks, int rank, std::uint64_t offset);

// Throws engine::ConfigError when a closed-loop scenario cannot be split over `ranks`:
// throughput mode with fewer connections than ranks (latency mode sends one request at a time,
// so any pool size works).
void check_closed_split(bool latency, std::size_t max_connections, int ranks);

// What the root keeps of one rank's record for one closed-loop execution (the histograms are
// merged at once and not kept per rank).
struct ClosedFigures {
    int rank = 0;
    std::string host;
    bool ok = true;       // ran and connected
    std::string failure;  // when !ok
    std::uint64_t planned = 0, issued = 0, completed = 0, failed = 0;
    std::size_t lanes = 0;
    double elapsed_s = 0;
};
ClosedFigures closed_figures(const RankRecord& r);

// One execution of a closed-loop run as the root saw it: its name ("init", "warmup-1",
// "test-3") and every rank's figures.
struct ClosedCall {
    std::string what;
    std::vector<ClosedFigures> ranks;
};

// Per-rank figures of one closed-loop run (one side), from its calls: the test executions'
// requests, completed, failed and busy seconds (sum of that rank's own execution times), planned
// = the rank's share of every warm-up and test execution. A throughput run marks a rank saturated
// when its rate per outstanding-request slot is below 80% of the median rank's (and it was busy at
// least 1 s in all): in closed loop an execution lasts as long as its slowest rank, so that host
// held every rank back. Latency mode
// (one request at a time on one rank) has no saturation check. A rank that could not connect or
// did not run is "failed".
struct ClosedAnnotation {
    std::vector<report::RankInfo> ranks;
    std::vector<std::string> lines;       // "mpi_rank_<r>" meta line per rank (same order)
    std::vector<std::string> saturated;   // "rank 1 (host): reason", one per saturated rank
    std::vector<std::string> incomplete;  // "rank 1 (host): reason", one per failed rank
};
ClosedAnnotation annotate_closed(const std::vector<ClosedCall>& calls, int size, bool latency);

}  // namespace tpbench::mpi
