#pragma once
// Interrupting a load command (run, ab, profile and the default A/B, docs/usage.md
// "Interrupting a run"): the first SIGINT / SIGTERM / SIGHUP stops the schedule, drains the
// requests in flight for at most --drain-timeout, and the command then prints and writes its
// partial report marked interrupted and exits 128 + signal (run_command: 130, 143, 129); a second
// signal exits at once. The engine does the work (tpbench/engine/interrupt.hpp); this is the
// command side. Main thread only.
#include <tpbench/report/report.hpp>

#include <chrono>
#include <cstdint>
#include <memory>

namespace CLI {
class App;
}
namespace tpbench::engine {
class InterruptSignals;
}

namespace tpbench::cli {

// Adds --drain-timeout MS (how long in-flight requests may finish after an interrupt) to `app`.
void add_drain_timeout_flag(CLI::App& app, std::int64_t& ms);

// While it lives, SIGINT/SIGTERM/SIGHUP stop the load instead of killing the process, with
// `drain_timeout_ms` as the engine's stop grace. Remembers when the command started.
class InterruptGuard {
public:
    explicit InterruptGuard(std::int64_t drain_timeout_ms);
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
    std::unique_ptr<engine::InterruptSignals> signals_;
};

// True once the command was interrupted (a stop was requested).
bool interrupted() noexcept;

// Marks `rep` interrupted when a stop was requested: the signal, its time, the seconds since the
// command's InterruptGuard started, the drain grace and `not_sent` (planned requests never sent).
void mark_interrupted(report::Report& rep, std::uint64_t not_sent = 0);

// The one-line note the commands print on stderr after an interrupted run ("" when not interrupted).
std::string interrupted_note();

}  // namespace tpbench::cli
