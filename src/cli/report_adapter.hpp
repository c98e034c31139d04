#pragma once
// The one adapter from the engine's results to report::Side, for every command (`run`, `run --rate`,
// `ab`, the default A/B): the fields every side has — configuration (backend, serializer,
// compression, concurrency, target, workers), counters, byte totals, histograms, errors by class and
// connect times, transaction groups. Each command then adds only what it alone knows (ab: the generation and
// the test executions' duration; rate mode: offered rate, intervals, saturation). Pure; any thread.
#include <tpbench/engine/connect_stats.hpp>
#include <tpbench/engine/load.hpp>
#include <tpbench/report/report.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tpbench::cli {

// What a command knows about one measured side besides the engine's counters.
struct SideInput {
    std::string name;                                                     // unique label in the report
    std::string backend;                                                  // registry name
    const std::map<std::string, std::string>* backend_options = nullptr;  // Target::options
    std::string serializer;                                               // as the side asked for it
    std::int32_t workers = 1;                                             // engine worker threads
    std::string target;              // "HOST:PORT" / "127.0.0.1:P (embedded)"
    std::size_t capacity = 0;        // requests the pool could carry at once
    std::size_t per_connection = 0;  // of which per connection
};

// The compression a side's requests use, as the backends decide it: by the option's value
// ("compression=true" -> "deflate"; absent or "false" -> "none").
std::string compression_name(const std::map<std::string, std::string>* backend_options);

// The common report::Side of one measured side: `m` is the measured phase, `errors` the failed
// requests by tpbench::errc value (engine::errc_slots entries). The requests whose result count
// differed from the expectation (m.result_mismatches) are failed requests of the report: in
// wrong_result_count, failed and an errors[] entry of class "wrong_result", not in completed.
// `counters`: the sessions' own counts (the side's diagnostics).
report::Side to_report_side(const SideInput& in, const engine::PhaseStats& m,
                            std::span<const std::uint64_t> errors, const engine::ConnectStats& connect,
                            const engine::Counters& counters = {});

// The per-query breakdown of a phase (docs/report-schema.md "queries"): one entry per template the
// engine kept figures for (PhaseStats::queries), wrong result counts moved from completed to failed.
std::vector<report::QueryBreakdown> query_breakdown(const engine::PhaseStats& m);
// The report form of the engine's connect statistics (absent when no connection was attempted).
std::optional<report::ConnectTimes> connect_times(const engine::ConnectStats& c);
// The report form of the transaction-group statistics (absent when none ran).
std::optional<report::TransactionTimes> transaction_times(const engine::TxStats& t);

}  // namespace tpbench::cli
