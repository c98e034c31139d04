#pragma once
// The run's metrics outside the report (--metrics-port, --metrics-push), closed loop and rate mode
// alike: a live view the engine counts into (LoadSpec::live), served while the run lasts and pushed
// when it ends. Main thread, except LiveState::snapshot (any thread: relaxed atomics).
#include <tpbench/engine/load.hpp>
#include <tpbench/report/metrics.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace tpbench::cli {

class MetricsServer;

// Cumulative counters over every execution (closed loop) or sweep step (rate mode), plus the
// current offered rate and plan.
struct LiveState {
    engine::LiveCounters counters;
    std::atomic<double> offered{0};
    std::atomic<std::uint64_t> planned{0};
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::string label;

    report::LiveMetrics snapshot() const;
};

// What --metrics-port / --metrics-push ask for.
struct MetricsOptions {
    int port = -1;  // >= 0: serve on host:port (0 = ephemeral)
    std::string host = "127.0.0.1";
    std::string push_url;        // "" = no push
    double push_interval_s = 0;  // > 0: also push every this many seconds while the run lasts
};

// Serves `live` on GET /metrics from construction (printing the address on stderr) to destruction;
// pushes it every push_interval_s from a background thread (the first failure is a warning, later
// ones are not repeated); finish() stops that and pushes the final figures. Throws
// std::runtime_error when the port cannot be bound.
class MetricsExport {
public:
    MetricsExport(const MetricsOptions& o, const LiveState& live);
    ~MetricsExport();
    MetricsExport(const MetricsExport&) = delete;
    MetricsExport& operator=(const MetricsExport&) = delete;

    // Pushes the figures now (Prometheus text, HTTP PUT) when a push URL was given; a failed push
    // is a warning on stderr (the run's exit code does not change). Returns false when it failed.
    bool finish();

private:
    void start_pushing();
    void stop_pushing();

    MetricsOptions o_;
    const LiveState& live_;
    std::unique_ptr<MetricsServer> server_;
    std::mutex mutex_;  // guards stop_
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread pusher_;  // the periodic pushes
};

}  // namespace tpbench::cli
