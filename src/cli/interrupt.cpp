#include "interrupt.hpp"

#include <tpbench/engine/interrupt.hpp>
#include <tpbench/report/render.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <ctime>

namespace tpbench::cli {

namespace {

std::chrono::system_clock::time_point g_started = std::chrono::system_clock::now();

std::string iso_utc(std::chrono::system_clock::time_point t) {
    const std::time_t s = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&s, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace

void add_drain_timeout_flag(CLI::App& app, std::int64_t& ms) {
    app.add_option(
           "--drain-timeout", ms,
           "on SIGINT/SIGTERM/SIGHUP: ms the requests in flight may take to finish before the partial "
           "report is written (a second signal exits at once)")
        ->capture_default_str()
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{600000}));
}

InterruptGuard::InterruptGuard(std::int64_t drain_timeout_ms) {
    g_started = std::chrono::system_clock::now();
    engine::set_stop_grace(std::chrono::milliseconds(drain_timeout_ms));
    signals_ = std::make_unique<engine::InterruptSignals>();
}

InterruptGuard::~InterruptGuard() = default;

bool interrupted() noexcept { return engine::stop_requested(); }

void mark_interrupted(report::Report& rep, std::uint64_t not_sent) {
    const auto req = engine::stop_request();
    if (!req) return;
    report::Interruption i;
    i.signal = engine::signal_name(req->signal);
    i.at_utc = iso_utc(req->at);
    i.after_s = std::max(0.0, std::chrono::duration<double>(req->at - g_started).count());
    i.grace_s = static_cast<double>(engine::stop_grace().count()) / 1000.0;
    i.not_sent = not_sent;
    rep.interrupted = std::move(i);
}

std::string interrupted_note() {
    const auto req = engine::stop_request();
    if (!req) return {};
    return fmt::format("interrupted by {}: the figures cover what ran until then (partial)",
                       req->signal ? engine::signal_name(req->signal) : std::string("a stop request"));
}

}  // namespace tpbench::cli
