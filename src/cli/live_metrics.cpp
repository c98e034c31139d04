#include "live_metrics.hpp"

#include "metrics_http.hpp"
#include "security.hpp"

#include <limits>

namespace tpbench::cli {

report::LiveMetrics LiveState::snapshot() const {
    constexpr auto r = std::memory_order_relaxed;
    report::LiveMetrics m;
    m.side = label;
    m.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m.offered_rps = offered.load(r);
    m.planned = planned.load(r);
    m.completed = counters.completed.load(r);
    m.failed = counters.failed.load(r);
    m.results = counters.results.load(r);
    m.bytes_in = counters.bytes_in.load(r);
    m.bytes_out = counters.bytes_out.load(r);
    m.latency_sum_s = static_cast<double>(counters.latency_sum_ns.load(r)) / 1e9;
    for (std::size_t i = 0; i < counters.latency_buckets.size(); ++i) {
        const double bound = i < engine::LiveCounters::latency_bounds_ns.size()
                                 ? static_cast<double>(engine::LiveCounters::latency_bounds_ns[i]) / 1e9
                                 : std::numeric_limits<double>::infinity();
        m.latency_buckets.emplace_back(bound, counters.latency_buckets[i].load(r));
    }
    for (std::size_t e = 1; e < counters.errors.size(); ++e)
        if (const auto n = counters.errors[e].load(r))
            m.errors.emplace_back(engine::errc_name(static_cast<errc>(e)), n);
    return m;
}

MetricsExport::MetricsExport(const MetricsOptions& o, const LiveState& live) : o_(o), live_(live) {
    if (o_.port >= 0) {
        server_ = std::make_unique<MetricsServer>(
            o_.host, static_cast<std::uint16_t>(o_.port), [l = &live_](bool om) {
                return om ? report::render_openmetrics({l->snapshot()})
                          : report::render_prometheus_text({l->snapshot()});
            });
        say(stderr, "[{}] live metrics: http://{}:{}/metrics\n", live_.label, o_.host, server_->port());
    }
    start_pushing();  // last: nothing may throw after the thread started
}

void MetricsExport::start_pushing() {
    if (o_.push_url.empty() || o_.push_interval_s <= 0) return;
    pusher_ = std::thread([this, url = parse_push_url(o_.push_url)] {
        const auto every = std::chrono::duration<double>(o_.push_interval_s);
        bool warned = false;
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, every, [this] { return stop_; })) {
            lock.unlock();
            const std::string err = push_metrics(url, report::render_prometheus_text({live_.snapshot()}));
            if (!err.empty() && !warned)
                say(stderr, "[{}] warning: --metrics-push {}: {} (further periodic failures not shown)\n",
                    live_.label, o_.push_url, err);
            warned = warned || !err.empty();
            lock.lock();
        }
    });
}

void MetricsExport::stop_pushing() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (pusher_.joinable()) pusher_.join();
}

MetricsExport::~MetricsExport() { stop_pushing(); }

bool MetricsExport::finish() {
    stop_pushing();
    if (o_.push_url.empty()) return true;
    const std::string err =
        push_metrics(parse_push_url(o_.push_url), report::render_prometheus_text({live_.snapshot()}));
    if (err.empty()) return true;
    say(stderr, "[{}] warning: --metrics-push {}: {}\n", live_.label, o_.push_url, err);
    return false;
}

}  // namespace tpbench::cli
