#pragma once
// Stopping load early (docs/usage.md "Interrupting a run"): a process-wide stop
// request that every run_load in progress, and every one started after it, honours — the schedule
// stops (no new request is taken), the requests in flight get a bounded grace period (stop_grace)
// to finish, then the ones still outstanding are cancelled and counted (errc::cancelled), and the
// run returns its partial figures with LoadResult::interrupted set — and InterruptSignals, which
// turns the first SIGINT / SIGTERM / SIGHUP into such a request and a second one into an immediate
// exit with 128 + signal. The signal handler only writes to a self-pipe (a thread of its own does
// the rest) or, for the second signal, exits. Any thread.
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace tpbench::engine {

// Who asked to stop, and when.
struct StopRequest {
    int signal = 0;  // the signal that asked (0: asked by code, e.g. a test)
    std::chrono::system_clock::time_point at{};
};

// Asks every load run in progress (and every one started later in this process) to stop. The first
// call wins; later ones change nothing. Thread-safe (not async-signal-safe: InterruptSignals calls
// it from its own thread).
void request_stop(int signal = 0);
// True once request_stop was called (and not reset).
bool stop_requested() noexcept;
// The first request, if any.
std::optional<StopRequest> stop_request();
// Forgets a stop request (a test that runs several loads in one process).
void reset_stop() noexcept;

// How long run_load lets the requests in flight finish after a stop before it cancels them
// (default 5 s; 0 cancels them at once).
inline constexpr std::chrono::milliseconds default_stop_grace{5000};
void set_stop_grace(std::chrono::milliseconds grace) noexcept;
std::chrono::milliseconds stop_grace() noexcept;

// Sleeps for `d`, or less when a stop is requested; true when one was (also when it came before).
bool sleep_unless_stopped(std::chrono::nanoseconds d);

// While it lives, `on_stop` is called once when a stop is requested (on the requesting thread,
// under the stop registry's lock: it must only set a flag and notify, never block or register).
// When a stop was requested before, on_stop is not called: check stop_requested() after
// constructing one.
class StopListener {
public:
    explicit StopListener(std::function<void()> on_stop);
    ~StopListener();
    StopListener(const StopListener&) = delete;
    StopListener& operator=(const StopListener&) = delete;

private:
    std::function<void()> on_stop_;
};

// "SIGINT", "SIGTERM", "SIGHUP", "signal N" ("" for 0).
std::string signal_name(int signal);
// The exit status a process killed by `signal` reports: 128 + signal (SIGINT 130, SIGTERM 143,
// SIGHUP 129).
int signal_exit_code(int signal) noexcept;

// While it lives, the first SIGINT, SIGTERM or SIGHUP calls request_stop(signal) and prints a line
// on stderr ("SIGINT received: stopping ..., send it again to exit at once"); a second one exits
// the process at once (_exit) with signal_exit_code of that signal. Destroying it restores the
// signals' previous handling. One at a time per process; any thread may receive the signals.
class InterruptSignals {
public:
    InterruptSignals();
    ~InterruptSignals();
    InterruptSignals(const InterruptSignals&) = delete;
    InterruptSignals& operator=(const InterruptSignals&) = delete;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tpbench::engine
