#include "rate_mode.hpp"

#include "baseline.hpp"
#include "interrupt.hpp"
#include "live_metrics.hpp"
#include "metrics_http.hpp"
#include "run_hooks.hpp"
#include "sweep.hpp"
#include "thresholds.hpp"

#include <tpbench/report/hgrm.hpp>
#include <tpbench/report/metrics.hpp>
#include <tpbench/report/progress.hpp>
#include <tpbench/report/render.hpp>
#include <tpbench/report/report.hpp>
#include <tpbench/stats/compare.hpp>
#include <tpbench/stats/interval_log.hpp>
#include <tpbench/stats/threshold.hpp>
#include <tpbench/version.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <memory>

namespace tpbench::cli {

namespace {

// Bound on requests planned for one step (rate x time); keeps a typo from allocating gigabytes.
constexpr double max_planned = 50'000'000;

struct StepResult {
    double offered = 0;
    engine::LoadResult load;
    report::Side side;
    bool passed = true;  // SLO met and the schedule kept
    std::string why;
    int rank_exit = -1;  // >= 0: a non-root rank of a distributed run (run_hooks): stop with this code
};

// Why an open-loop run fell behind its schedule. Sends wait for a free
// outstanding-request slot, so a late send means either the server held every slot (it answers
// too slowly or not at all: Little's law, offered rate x service time >= slots) or the generator
// itself could not keep up (CPU, too few workers) while slots were free.
std::string saturation_cause(const engine::LoadResult& r, double offered) {
    const auto& m = r.measured();
    const std::uint64_t timeouts = m.errors[static_cast<std::size_t>(errc::timeout)];
    if (m.issued > 0 && m.completed == 0)
        return fmt::format("server not answering ({} of {} requests completed, {} timed out)", m.completed,
                           m.issued, timeouts);
    // Sends left on time but some requests were never answered: the shortfall in the achieved rate
    // is the run's wall time stretched by the server (a stalled connection holding a slot until
    // the timeout), not the generator.
    if (!r.schedule_missed && timeouts > 0)
        return fmt::format(
            "server not answering some requests ({} of {} timed out; the sends kept their schedule, the "
            "wall time waited for the unanswered ones)",
            timeouts, m.issued);
    const double mean_service_s = m.service.count() > 0 ? m.service.mean() / 1e9 : 0;
    const double needed = offered * mean_service_s;
    const double slots = static_cast<double>(std::max<std::size_t>(1, r.lanes));
    if (needed >= 0.8 * slots || timeouts * 10 >= m.issued)
        return fmt::format(
            "server not keeping up (all {} outstanding-request slots busy: {:.0f} req/s x mean service "
            "time {:.3f} ms needs {:.0f}; {} timed out)",
            r.lanes, offered, mean_service_s * 1e3, needed, timeouts);
    // Both at once (late sends on a busy generator, and a few requests never answered): say both,
    // never only the generator.
    if (timeouts > 0)
        return fmt::format("generator behind schedule, and the server did not answer {} of {} requests",
                           timeouts, m.issued);
    return "generator behind schedule";
}

report::Side make_side(const SideSpec& side, const engine::ProfilingOptions& o, const engine::LoadResult& r,
                       double offered, double duration_s, const std::string& target) {
    const auto& m = r.measured();
    SideInput in;
    in.name = side.label;
    in.backend = side.backend;
    in.backend_options = &side.backend_options;
    in.serializer = o.serializer;
    in.workers = o.nio_pool_size;
    in.target = target;
    in.capacity = r.capacity;
    in.per_connection = r.per_connection_in_flight;
    report::Side s = to_report_side(in, m, m.errors, r.connect, r.counters);
    s.config.extra[std::string(pool_options_key)] = pool_options_text(o);
    s.config.offered_rps = offered;
    const double wall = m.wall_seconds();
    s.config.achieved_rps = wall > 0 ? static_cast<double>(m.issued) / wall : 0;
    s.duration_s = wall > 0 ? wall : duration_s;
    s.throughput_rps = s.duration_s > 0 ? static_cast<double>(m.completed) / s.duration_s : 0;
    s.send_lateness = m.schedule_lag;
    for (std::size_t i = 0; i < r.intervals.size(); ++i) {
        const auto& iv = r.intervals[i];
        if (iv.completed == 0 && iv.failed == 0) continue;
        report::IntervalPoint p;
        p.t_s = static_cast<double>(i + 1);
        p.rps = static_cast<double>(iv.completed);
        p.p50_ns = static_cast<double>(iv.latency.value_at_percentile(50));
        p.p99_ns = static_cast<double>(iv.latency.value_at_percentile(99));
        p.errors = iv.failed;
        s.intervals.push_back(p);
    }
    const auto sat = stats::detect_saturation(offered, s.config.achieved_rps);
    // The lateness the engine judges sends by (its schedule verdict and LateSends), in ms.
    const double late_ms = static_cast<double>(engine::LateSends::threshold_ns) / 1e6;
    if (r.schedule_missed || sat.saturated) {
        s.saturated = true;
        s.notes = saturation_cause(r, offered) + ": ";
        s.notes +=
            r.schedule_missed
                ? fmt::format("more than 1% of sends left over {:g} ms late (send lag p99 {:.3f} ms)",
                              late_ms, static_cast<double>(m.schedule_lag.value_at_percentile(99)) / 1e6)
                : sat.reason;
    }
    if (m.result_mismatches > 0) {
        if (!s.notes.empty()) s.notes += "; ";
        s.notes +=
            fmt::format("FAILED: {} request(s) returned an unexpected result count", m.result_mismatches);
    }
    // When the late sends were due tells a start-up transient from a stall or a busy machine;
    // appended last, so the notes' leading verdict stays as it was.
    if (const auto& ls = r.late_sends; ls.count > 0) {
        if (!s.notes.empty()) s.notes += "; ";
        s.notes += fmt::format(
            "{} send(s) over {:g} ms late, due between {:.3f} s and {:.3f} s after the start ({} in the "
            "first second); the worst {:.3f} ms late, due at {:.3f} s",
            ls.count, late_ms, ls.first_due_s, ls.last_due_s, ls.in_first_second,
            static_cast<double>(ls.worst_ns) / 1e6, ls.worst_due_s);
    }
    return s;
}

// One --hlog line: second `i` of the measured phase.
stats::IntervalLogEntry hlog_entry(std::size_t i, const engine::IntervalStats& iv) {
    stats::IntervalLogEntry e;
    e.start_s = static_cast<double>(i);
    e.length_s = 1.0;
    e.max_scaled = static_cast<double>(iv.latency.max()) / 1e6;
    e.histogram = iv.latency;
    return e;
}

// --stages: each stage's figures from the per-second series (second i, completions in [i, i+1)
// after the schedule's start, belongs to the stage holding i + 0.5; warm-up excluded).
void add_stages(report::Side& side, const engine::LoadSpec& spec, const engine::LoadResult& r) {
    double t0 = 0;
    for (const auto& st : spec.stages) {
        const double t1 = t0 + st.seconds;
        report::StagePoint p;
        p.start_s = t0;
        p.seconds = st.seconds;
        p.target_rps = st.target;
        p.offered_rps =
            static_cast<double>(engine::scheduled_requests(spec, t1) - engine::scheduled_requests(spec, t0)) /
            st.seconds;
        std::optional<stats::Histogram> h;
        for (std::size_t i = 0; i < r.intervals.size(); ++i) {
            const double mid = static_cast<double>(i) + 0.5;
            if (mid < t0 || mid >= t1) continue;
            const auto& iv = r.intervals[i];
            p.completed += iv.completed;
            p.failed += iv.failed;
            if (!h)
                h = iv.latency;
            else
                h->merge(iv.latency);
        }
        p.achieved_rps = static_cast<double>(p.completed + p.failed) / st.seconds;
        if (h && h->count() > 0) {
            p.p50_ns = static_cast<double>(h->value_at_percentile(50));
            p.p90_ns = static_cast<double>(h->value_at_percentile(90));
            p.p99_ns = static_cast<double>(h->value_at_percentile(99));
            p.max_ns = static_cast<double>(h->max());
        }
        side.stages.push_back(p);
        t0 = t1;
    }
}

// "30s:100,2m:2000,30s:0": duration (ms, s, m, h; a bare number is seconds) : target req/s.
std::vector<engine::LoadSpec::RateStage> parse_stages(const std::string& text) {
    std::vector<engine::LoadSpec::RateStage> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const auto comma = text.find(',', pos);
        const std::string item =
            text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        pos = comma == std::string::npos ? text.size() + 1 : comma + 1;
        const auto bad = [&](std::string_view why) {
            return engine::ConfigError(fmt::format(
                "--stages: stage {} '{}': {} (expected DURATION:RATE, e.g. '30s:100,2m:2000,30s:0')",
                out.size() + 1, item, why));
        };
        const auto colon = item.find(':');
        if (colon == std::string::npos) throw bad("no ':'");
        std::string dur = item.substr(0, colon);
        const std::string rate = item.substr(colon + 1);
        double scale = 1;
        if (dur.size() > 2 && dur.compare(dur.size() - 2, 2, "ms") == 0) {
            scale = 0.001;
            dur.resize(dur.size() - 2);
        } else if (!dur.empty() && (dur.back() == 's' || dur.back() == 'm' || dur.back() == 'h')) {
            scale = dur.back() == 's' ? 1 : dur.back() == 'm' ? 60 : 3600;
            dur.pop_back();
        }
        engine::LoadSpec::RateStage st;
        try {
            std::size_t used = 0;
            st.seconds = std::stod(dur, &used) * scale;
            if (used != dur.size()) throw bad("the duration is not a number with ms, s, m or h");
            used = 0;
            st.target = std::stod(rate, &used);
            if (used != rate.size()) throw bad("the rate is not a number");
        } catch (const engine::ConfigError&) {
            throw;
        } catch (const std::exception&) {
            throw bad("not a number");
        }
        if (!(st.seconds >= 0.1 && st.seconds <= 86400)) throw bad("the duration must be 0.1 s to 24 h");
        if (!(st.target >= 0 && st.target <= 10'000'000)) throw bad("the rate must be 0 to 10000000 req/s");
        if (out.size() >= 100) throw bad("more than 100 stages");
        out.push_back(st);
    }
    return out;
}

StepResult run_step(const RateArgs& a, double offered, const SideSpec& side,
                    const engine::ProfilingOptions& o, LiveState* live, const engine::Endpoint& ep,
                    const std::string& target, const std::vector<engine::WeightedQuery>* workload,
                    stats::IntervalLogAppender* hlog) {
    engine::LoadSpec spec = engine::execution_spec(o, side.effective_generation());
    engine::RequestPlanner planner(o, workload);
    const double total_s = a.warmup_s + a.duration_s;
    spec.rate = offered;
    spec.stages = a.stage_list;  // from `offered` (--rate, or 0) to each stage's target in turn
    if (a.ramp_to > 0) {
        // Linear ramp from the offered rate to --ramp-to over the whole schedule (warm-up included).
        spec.rate_end = a.ramp_to;
        spec.ramp =
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(total_s));
    }
    const double planned = static_cast<double>(engine::scheduled_requests(spec, total_s)) +
                           static_cast<double>(a.warmup_requests);
    if (planned > max_planned)
        throw engine::ConfigError(
            fmt::format("rate x time plans {:.0f} requests (limit {:.0f})", planned, max_planned));
    spec.templates = planner.templates();
    spec.plan = planner.next(static_cast<std::size_t>(planned), &spec.rows);
    spec.warmup_time =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(a.warmup_s));
    spec.warmup_requests = a.warmup_requests;
    spec.intervals = true;
    // --hlog as the run goes: each second appended (and flushed) once every worker closed it.
    if (hlog && hlog->is_open())
        spec.on_interval = [hlog](std::size_t i, const engine::IntervalStats& iv) {
            (void)hlog->append(hlog_entry(i, iv));
        };
    spec.too_slow_threshold = std::chrono::milliseconds(0);
    if (live) {
        spec.live = &live->counters;
        live->offered.store(offered);
        live->planned.store(spec.plan.size());
    }
    spec.run_deadline =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(total_s)) +
        spec.request_timeout + std::chrono::seconds(5);
    // Live progress on a terminal (elapsed, req/s, p99 of the last second, errors); silent when
    // stderr is not a TTY or with --quiet.
    report::ProgressLine progress_line(report::ProgressLine::Options{a.quiet, 2, {}});
    std::array<std::uint64_t, engine::LiveCounters::latency_bounds_ns.size() + 1> prev_buckets{};
    const std::uint64_t failed_before = live ? live->counters.failed.load() : 0;
    const std::uint64_t completed_before = live ? live->counters.completed.load() : 0;
    const auto step_start = std::chrono::steady_clock::now();
    if (progress_line.enabled() && live) {
        for (std::size_t i = 0; i < prev_buckets.size(); ++i)
            prev_buckets[i] = live->counters.latency_buckets[i].load();
        spec.progress = [&](std::uint64_t, std::uint64_t all) {
            report::ProgressSample ps;
            ps.elapsed_s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - step_start).count();
            ps.errors = live->counters.failed.load() - failed_before;
            ps.completed = live->counters.completed.load() - completed_before + ps.errors;
            ps.total = all;
            // p99 of the requests that finished since the last update, to the bucket's upper bound.
            std::array<std::uint64_t, prev_buckets.size()> delta{};
            std::uint64_t n = 0;
            for (std::size_t i = 0; i < delta.size(); ++i) {
                const auto now = live->counters.latency_buckets[i].load();
                delta[i] = now - prev_buckets[i];
                prev_buckets[i] = now;
                n += delta[i];
            }
            if (n > 0) {
                std::uint64_t acc = 0;
                for (std::size_t i = 0; i < delta.size(); ++i) {
                    acc += delta[i];
                    if (acc * 100 >= n * 99) {
                        if (i < engine::LiveCounters::latency_bounds_ns.size())
                            ps.p99_ns = static_cast<double>(engine::LiveCounters::latency_bounds_ns[i]);
                        break;
                    }
                }
            }
            progress_line.update(ps);
        };
    }
    StepResult out;
    out.offered = offered;
    if (run_hooks.prepare) {  // a rank of a distributed run (tpbench-mpi): run this rank's share
        engine::LoadSpec rank_spec = spec;
        run_hooks.prepare(rank_spec);
        out.load = engine::run_load(rank_spec, ep.factory, ep.session);
    } else {
        out.load = engine::run_load(spec, ep.factory, ep.session);
    }
    progress_line.finish();
    if (run_hooks.reduce && !run_hooks.reduce(out.load, out.rank_exit)) return out;
    // With a ramp, the offered rate of the measured phase is its average.
    const double measured_offered = a.ramp_to > 0 || !a.stage_list.empty()
                                        ? static_cast<double>(engine::scheduled_requests(spec, total_s) -
                                                              engine::scheduled_requests(spec, a.warmup_s)) /
                                              a.duration_s
                                        : offered;
    out.side = make_side(side, o, out.load, measured_offered, a.duration_s, target);
    add_stages(out.side, spec, out.load);
    return out;
}

}  // namespace

void RateArgs::add_to(CLI::App& app) {
    const char* g = "Open-loop rate mode";
    // --rate 0 is an error, not closed-loop mode: omit --rate for closed loop.
    app.add_option("--rate", rate,
                   "offered load in requests/second (open loop, > 0); with --sweep the starting rate")
        ->group(g)
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                double d = 0;
                try {
                    std::size_t used = 0;
                    d = std::stod(v, &used);
                    if (used != v.size()) return "--rate: not a number: '" + v + "'";
                } catch (const std::exception&) {
                    return "--rate: not a number: '" + v + "'";
                }
                if (!(d > 0)) return "--rate must be greater than 0 (omit --rate for closed-loop mode)";
                if (d > 10'000'000.0) return "--rate above 10000000 req/s";
                return "";
            },
            "RATE>0"));
    app.add_option("--duration", duration_s, "measured seconds at each rate")
        ->group(g)
        ->capture_default_str()
        ->check(CLI::Range(0.1, 86400.0));
    app.add_option("--warmup-time", warmup_s, "warm-up seconds before the measured phase")
        ->group(g)
        ->check(CLI::Range(0.0, 3600.0));
    app.add_option("--warmup-count", warmup_requests, "warm-up requests before the measured phase")->group(g);
    app.add_option(
           "--ramp-to", ramp_to,
           "ramp the offered rate linearly from --rate to this rate over the run (warm-up + duration)")
        ->group(g)
        ->check(CLI::Range(0.001, 10'000'000.0));
    app.add_option("--stages", stages,
                   "staged rate profile 'DURATION:RATE,...' (k6 shape, e.g. '30s:100,2m:2000,30s:0'): linear "
                   "from --rate (or 0) to each stage's rate; sets the run's duration; reported per stage")
        ->group(g);
    app.add_flag("--sweep", sweep, "step the offered rate until the SLO breaks or achieved < offered")
        ->group(g);
    app.add_option("--slo", slo, "sweep criterion, threshold syntax (e.g. p99<50ms)")
        ->group(g)
        ->capture_default_str();
    app.add_option("--sweep-factor", sweep_factor, "rate multiplier per sweep step")
        ->group(g)
        ->capture_default_str()
        ->check(CLI::Range(1.05, 10.0));
    app.add_option("--sweep-steps", sweep_steps, "maximum sweep steps")
        ->group(g)
        ->capture_default_str()
        ->check(CLI::Range(1, 100));
    app.add_option("--format", format, "table | markdown | json | csv | html")
        ->group(g)
        ->capture_default_str();
    app.add_option("--report", report_file, "also write the report to FILE (.html, .json, .md, .csv)")
        ->group(g);
    app.add_option("--hgrm", hgrm_file,
                   "write the corrected latency as an HdrHistogram .hgrm percentile distribution (ms)")
        ->group(g);
    app.add_option("--metrics-port", metrics_port,
                   "serve live OpenMetrics/Prometheus text on http://HOST:PORT/metrics while the run lasts, "
                   "closed loop and rate mode (0 = ephemeral port, printed on stderr)")
        ->group(g)
        ->check(CLI::Range(0, 65535));
    app.add_option("--metrics-host", metrics_host, "address the metrics endpoint binds to")
        ->group(g)
        ->capture_default_str();
    app.add_option("--metrics-push", metrics_push,
                   "at the end of the run, PUT the final metrics (Prometheus text) to this Pushgateway URL, "
                   "e.g. http://127.0.0.1:9091/metrics/job/tpbench")
        ->group(g);
    app.add_option("--metrics-push-interval", metrics_push_interval_s,
                   "with --metrics-push: also push every this many seconds while the run lasts (0 = only at "
                   "the end)")
        ->group(g)
        ->check(CLI::Range(0.0, 86400.0));
    app.add_option("--hlog", hlog_file,
                   "write the corrected latency per second as an HdrHistogram interval log (compressed V2; "
                   "combine runs with `tpbench merge`)")
        ->group(g);
    app.add_option("--threshold", threshold,
                   "pass/fail thresholds, e.g. 'p99<20ms,errors<1%' (exit 99 when failed); closed loop, rate "
                   "mode and sweeps (the highest sustainable step); repeatable; with run --baseline FILE: "
                   "'p99<1.10x baseline'")
        // Repeatable (k6 style): --threshold A --threshold B == --threshold 'A,B'.
        ->multi_option_policy(CLI::MultiOptionPolicy::Join)
        ->delimiter(',');
}

MetricsOptions RateArgs::metrics() const {
    if (run_hooks.follower) return {metrics_port, metrics_host, {}, 0};  // rank 0 pushes
    return {metrics_port, metrics_host, metrics_push, metrics_push_interval_s};
}

void RateArgs::validate() const {
    if (auto f = report::parse_format(format); !f) throw engine::ConfigError("--format: " + f.error());
    // (--threshold is parsed, with its scopes, by each command before the first request.)
    if (sweep)
        if (auto t = stats::parse_thresholds(slo); !t) throw engine::ConfigError("--slo: " + t.error());
    if (ramp_to > 0 && sweep)
        throw engine::ConfigError("--ramp-to and --sweep do not combine (a sweep steps the rate itself)");
    if (ramp_to > 0 && rate <= 0) throw engine::ConfigError("--ramp-to needs --rate (the starting rate)");
    check_output_path("--report", report_file);
    check_output_path("--hgrm", hgrm_file);
    check_output_path("--hlog", hlog_file);
    if (!metrics_push.empty()) (void)parse_push_url(metrics_push);
    if (metrics_push_interval_s > 0 && metrics_push.empty())
        throw engine::ConfigError("--metrics-push-interval needs --metrics-push URL");
}

RateOutcome measure_rate(const RateArgs& a, const SideSpec& side, const engine::ProfilingOptions& o,
                         Targets& targets, const std::vector<engine::WeightedQuery>* workload) {
    std::vector<stats::Threshold> slo;
    if (a.sweep) {
        auto t = stats::parse_thresholds(a.slo);
        if (!t) throw engine::ConfigError(t.error());
        slo = *t;
    }
    if (!a.stages.empty() && a.stage_list.empty()) {
        // Stages set the schedule: the run lasts their total (the first --warmup-time seconds of
        // it are warm-up), starting from --rate or 0.
        if (a.sweep)
            throw engine::ConfigError(
                "--stages and --sweep do not combine (a sweep steps the rate itself; each stage is a rate "
                "profile: run --stages without --sweep)");
        if (a.ramp_to > 0)
            throw engine::ConfigError(
                "--stages and --ramp-to do not combine (a ramp is one stage: --stages "
                "'DURATION:RATE' from --rate)");
        RateArgs staged = a;
        staged.stage_list = parse_stages(a.stages);
        double total = 0;
        for (const auto& st : staged.stage_list) total += st.seconds;
        if (a.warmup_s >= total)
            throw engine::ConfigError(fmt::format(
                "--warmup-time {} s leaves nothing of the stages' {} s to measure", a.warmup_s, total));
        staged.duration_s = total - a.warmup_s;
        return measure_rate(staged, side, o, targets, workload);
    }
    const double start_rate = a.rate > 0 ? a.rate : (a.stage_list.empty() ? 1000 : 0);
    if (a.ramp_to > 0 && a.sweep)
        throw engine::ConfigError("--ramp-to and --sweep do not combine (a sweep steps the rate itself)");
    if (a.ramp_to > 0 && a.rate <= 0) throw engine::ConfigError("--ramp-to needs --rate (the starting rate)");
    engine::Endpoint ep = targets.endpoint(side);
    const std::string target = targets.describe(side);

    RateOutcome out;
    report::Report& rep = out.rep;
    rep.tool_version = std::string(tpbench::tool_version);
    rep.created_utc = report::now_utc_iso8601();
    rep.scenario = o.exercise ? "exercise mix" : (workload ? "workload file" : o.script);
    rep.meta["target"] = target;
    rep.meta["generation"] = std::string(engine::generation_name(side.effective_generation()));

    // Live exposition for Prometheus/Grafana while the run lasts (stopped when this returns).
    // (the live view also drives the TTY progress line; --metrics-push sends its final figures)
    auto live = std::make_unique<LiveState>();
    live->label = side.label;
    MetricsExport metrics(a.metrics(), *live);
    out.started_s =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    const std::string hlog_title =
        fmt::format("tpbench run --rate {:.0f}: {} (corrected latency, ns)", start_rate, side.label);
    // --hlog is written as the run goes (a killed run leaves the seconds so far), then replaced by
    // the exact log at the end. Not on a distributed run: only the merge at the end is the run's.
    stats::IntervalLogAppender hlog;
    const bool stream_hlog = !a.hlog_file.empty() && !run_hooks.follower && !run_hooks.prepare;
    StepResult last;
    std::uint64_t mismatches = 0;  // wrong result counts over every step, warm-up included
    const int steps = a.sweep ? a.sweep_steps : 1;
    double offered = start_rate;
    for (int step = 0; step < steps; ++step) {
        // The followers of a distributed sweep (run_hooks.follower) run the same steps silently.
        const bool tell = !run_hooks.follower;
        if (!a.quiet && tell)
            say(stderr, "[{}] offering {} for {} s ...\n", side.label,
                a.stage_list.empty() ? fmt::format("{:.0f} req/s", offered) : "stages " + a.stages,
                a.stage_list.empty() ? a.duration_s : a.warmup_s + a.duration_s);
        if (stream_hlog) {
            // A sweep's log is its last step's: each step starts it anew.
            stats::IntervalLog head;
            head.start_time_s = out.started_s;
            head.comments.push_back(hlog_title);
            if (a.sweep)
                head.comments.push_back(
                    fmt::format("sweep step {}: offering {:.0f} req/s", step + 1, offered));
            auto w = hlog.open(a.hlog_file, head);
            if (!w) throw std::runtime_error(w.error());
        }
        StepResult r =
            run_step(a, offered, side, o, live.get(), ep, target, workload, stream_hlog ? &hlog : nullptr);
        if (r.rank_exit >= 0) {
            out.rank_exit = r.rank_exit;
            return out;
        }
        mismatches += r.load.measured().result_mismatches + r.load.warmup().result_mismatches;
        if (r.load.setup_failed) {
            say(stderr, "tpbench run: cannot connect to {}: {}\n", target, r.load.setup_error);
            // The report still says why: the failure's class, the failed connection attempts and
            // the reason (OS / TLS / upgrade status), so a JSON consumer need not parse stderr.
            const errc cls =
                r.load.setup_error_class != errc::ok ? r.load.setup_error_class : errc::connect_failed;
            r.side.errors.clear();
            r.side.errors.push_back({engine::errc_name(cls),
                                     std::max<std::uint64_t>(1, r.load.connect_failures),
                                     {r.load.setup_error}});
            r.side.notes =
                "setup failed, nothing was sent (the error count is the failed connection attempts): " +
                r.load.setup_error;
            rep.title = fmt::format("tpbench run --rate {:.0f}: {} (cannot connect)", start_rate, side.label);
            rep.sides.push_back(r.side);
            out.setup_failed = true;
            out.rc = exit_run_failed;
            out.last = std::move(r.load);
            return out;
        }
        if (r.load.fatal_error != errc::ok) {
            // Wrong credentials / TLS refused mid-run: the engine stopped at once; say why.
            say(stderr, "tpbench run: {}: {} after {} request(s); stopped, not retrying{}\n", target,
                r.load.fatal_error != errc::auth_failed ? "TLS failed (tls_failed)"
                : side.auth.mechanism == engine::AuthOptions::Mechanism::none
                    ? "the server refused the request although no credentials were sent (auth_failed)"
                    : "the server refused the credentials (auth_failed)",
                r.load.measured().completed + r.load.measured().failed -
                    r.load.measured().errors[static_cast<std::size_t>(errc::cancelled)],
                r.load.first_error_message.empty() ? std::string()
                                                   : " (server: " + r.load.first_error_message + ")");
        }
        if (r.side.saturated && r.load.fatal_error == errc::ok && tell) {
            const bool server_side = r.side.notes.rfind("server", 0) == 0;
            const bool both =
                !server_side && r.side.notes.find("the server did not answer") != std::string::npos;
            say(stderr,
                "WARNING: [{}] the schedule of {:.0f} req/s was not kept (achieved {:.0f} req/s; {}): {}\n",
                side.label, offered, r.side.config.achieved_rps, r.side.notes,
                server_side
                    ? "the server (or too few connections / in-flight slots) limited this run, not the "
                      "generator's CPU; offer a lower --rate or raise maxConnectionPoolSize / "
                      "maxInProcessPerConnection"
                : both ? "both limited this run: the generator sent late (more --nioPoolSize or a lower "
                         "--rate) and the server left requests unanswered (see the timeout messages)"
                       : "the generator, not the server, limited this run; use more --nioPoolSize, more "
                         "connections or a lower --rate");
        }
        SweepVerdict verdict;
        const bool interrupted_step = r.load.interrupted || interrupted();
        if (a.sweep && interrupted_step) {
            // Cut short: neither sustainable nor not; shown as what it is, and the sweep ends.
            r.passed = false;
            r.why = "interrupted";
            r.side.name = fmt::format("{} @ {:.0f} req/s (interrupted)", side.label, offered);
            rep.sides.push_back(r.side);
            out.stop_reason = fmt::format("interrupted at {:.0f} req/s", offered);
        } else if (a.sweep) {
            const auto& m = r.load.measured();
            SweepStep st;
            st.offered_rps = offered;
            st.achieved_rps = r.side.config.achieved_rps;
            st.throughput_rps = r.side.throughput_rps;
            st.saturated = r.side.saturated;
            st.latency = &m.latency;
            st.issued = static_cast<std::int64_t>(m.issued);
            st.failed = static_cast<std::int64_t>(r.side.failed);  // wrong result counts included
            verdict = judge_sweep_step(slo, st);
            r.passed = verdict.passed;
            r.why += verdict.why;
            if (!a.quiet && tell)
                say(stderr, "[{}] {:.0f} req/s: achieved {:.0f}, {} -> {}\n", side.label, offered,
                    r.side.config.achieved_rps, r.why, r.passed ? "sustainable" : "NOT sustainable");
            r.side.name = fmt::format("{} @ {:.0f} req/s", side.label, offered);
            rep.sides.push_back(r.side);
            if (r.passed) {
                out.max_sustainable = offered;
                out.best = r.side;
            } else {
                std::string why = r.why;
                while (!why.empty() && (why.back() == ' ' || why.back() == ';')) why.pop_back();
                out.stop_reason = fmt::format("{:.0f} req/s not sustainable: {}", offered, why);
            }
        }
        const bool fatal = r.load.fatal_error != errc::ok;
        last = std::move(r);
        if (interrupted_step || !a.sweep || !sweep_continues(step, steps, verdict, fatal)) {
            // Every step passed and the step limit ended the sweep: the maximum is a lower bound.
            out.step_cap = a.sweep && !interrupted_step && verdict.passed && !fatal && step + 1 == steps;
            break;
        }
        offered = next_sweep_rate(offered, a.sweep_factor);
    }
    if (!a.sweep) {
        rep.sides.push_back(last.side);
        out.best = last.side;
    }
    rep.title =
        a.sweep ? (out.best ? fmt::format("tpbench sweep: {} max sustainable rate {}{:.0f} req/s ({})",
                                          side.label, out.step_cap ? ">= " : "", out.max_sustainable, a.slo)
                            : fmt::format("tpbench sweep: {} no sustainable rate ({})", side.label, a.slo))
        : !a.stage_list.empty()
            ? fmt::format("tpbench run --stages '{}' from {:.0f} req/s: {}", a.stages, start_rate, side.label)
        : a.ramp_to > 0
            ? fmt::format("tpbench run --rate {:.0f} --ramp-to {:.0f}: {}", start_rate, a.ramp_to, side.label)
            : fmt::format("tpbench run --rate {:.0f}: {}", start_rate, side.label);
    if (a.sweep) rep.meta["max_sustainable_rps"] = fmt::format("{:.0f}", out.max_sustainable);
    if (last.load.measured().completed == 0) out.rc = exit_run_failed;
    // A sweep that found no sustainable rate measured no maximum: it failed (exit 1), with the reason.
    if (a.sweep && !out.best) out.rc = exit_run_failed;
    out.mismatches = mismatches;
    if (mismatches > 0) out.rc = exit_run_failed;
    out.last = std::move(last.load);
    (void)metrics.finish();  // --metrics-push: the final figures (rank 0 of a distributed run)
    return out;
}

int run_rate(const RateArgs& a, const SideSpec& side, const engine::ProfilingOptions& o, Targets& targets,
             const std::vector<engine::WeightedQuery>* workload, double* max_sustainable_rps) {
    auto format = report::parse_format(a.format);
    if (!format) throw engine::ConfigError(format.error());
    // --baseline: read (and refused when it is no report) before the first request.
    std::optional<report::Report> base;
    if (!a.baseline.empty()) base = load_baseline(a.baseline);
    const std::vector<stats::Threshold> thresholds =
        parse_threshold_flag(a.threshold, {side.label}, base.has_value());
    const double start_rate = a.rate > 0 ? a.rate : 1000;
    RateOutcome out = measure_rate(a, side, o, targets, workload);
    if (out.rank_exit >= 0) return out.rank_exit;
    report::Report& rep = out.rep;
    if (out.setup_failed) {
        if (run_hooks.follower) return exit_run_failed;  // rank 0 writes the report
        redact_report(rep);
        say(stdout, "{}", report::render(rep, *format));
        std::fflush(stdout);
        if (!a.report_file.empty()) (void)report::write_report_file(rep, a.report_file);
        return exit_run_failed;
    }
    if (max_sustainable_rps) *max_sustainable_rps = out.max_sustainable;

    if (base) {
        check_same_scenario(*base, rep);
        add_baseline_rows(rep, *base);
    }
    int rc = exit_ok;
    if (!thresholds.empty()) rc = rate_thresholds(rep, thresholds, out, side.label, base ? &*base : nullptr);
    if (run_hooks.annotate)
        if (const int hook_rc = run_hooks.annotate(rep); hook_rc != 0 && rc == exit_ok) rc = hook_rc;
    mark_interrupted(rep, out.last.not_sent);
    if (rep.interrupted && !run_hooks.follower) say(stderr, "tpbench run: {}\n", interrupted_note());
    redact_report(rep);
    say(stdout, "{}", report::render(rep, *format));
    // The sweep's answer in one line after a text report; JSON, CSV and HTML stay one document
    // (the answer is in their meta and title), the line goes to stderr.
    if (a.sweep)
        say(*format == report::Format::table || *format == report::Format::markdown ? stdout : stderr,
            "max sustainable rate for {}: {}\n", side.label, sweep_result_text(out, a.slo));
    std::fflush(stdout);
    if (run_hooks.follower) return rc;  // rank 0 writes the files
    if (!a.report_file.empty()) {
        auto w = report::write_report_file(rep, a.report_file);
        if (!w) throw std::runtime_error(w.error());
    }
    if (!a.hgrm_file.empty()) {
        std::ofstream f(a.hgrm_file);
        f << report::percentile_distribution(out.last.measured().latency, 1e6);
        if (!f) throw std::runtime_error("cannot write " + a.hgrm_file);
    }
    if (!a.hlog_file.empty()) {
        // One entry per second of the measured phase, timestamps relative to the run's start: the
        // exact log replaces the one written as the run went (same seconds, plus the last ones).
        stats::IntervalLog log;
        log.start_time_s = out.started_s;
        log.comments.push_back(
            fmt::format("tpbench run --rate {:.0f}: {} (corrected latency, ns)", start_rate, side.label));
        if (a.sweep)
            log.comments.push_back(fmt::format("sweep step {}: the last step's seconds", rep.sides.size()));
        for (std::size_t i = 0; i < out.last.intervals.size(); ++i)
            log.entries.push_back(hlog_entry(i, out.last.intervals[i]));
        // Interrupted: a closing comment says so (HdrHistogram's readers skip '#' lines).
        if (rep.interrupted) log.trailer.push_back("[tpbench: " + report::interruption_line(rep) + "]");
        auto w = stats::replace_interval_log_file(log, a.hlog_file);
        if (!w) throw std::runtime_error(w.error());
    }
    // A workload line's "expect" is checked in rate mode too.
    if (out.mismatches > 0)
        say(stderr, "tpbench run: FAILED: {} request(s) returned an unexpected result count\n",
            out.mismatches);
    if (a.sweep && !out.best && !rep.interrupted)
        say(stderr, "tpbench run: FAILED: no offered rate was sustainable ({}): {}\n", a.slo,
            out.stop_reason);
    if (rc == exit_ok) rc = out.rc;
    return rc;
}

int rate_thresholds(report::Report& rep, const std::vector<stats::Threshold>& thresholds,
                    const RateOutcome& out, const std::string& label, const report::Report* baseline) {
    if (out.best) return apply_thresholds(rep, thresholds, {{label, {&*out.best}}}, false, baseline);
    // A sweep in which no step was sustainable has no figures to hold the thresholds to.
    for (const auto& t : thresholds)
        rep.thresholds.push_back(
            {t.text, false, t.text + ": no offered rate was sustainable, nothing to evaluate -> FAILED"});
    return stats::kThresholdsFailedExitCode;
}

std::string sweep_result_text(const RateOutcome& out, const std::string& slo) {
    if (out.step_cap)
        return fmt::format(">= {:.0f} req/s ({}; step cap: every step was sustainable, raise --sweep-steps)",
                           out.max_sustainable, slo);
    if (!out.best)
        return fmt::format("none ({}; {})", slo,
                           out.stop_reason.empty() ? std::string("no step ran") : out.stop_reason);
    return fmt::format("{:.0f} req/s ({})", out.max_sustainable, slo);
}

}  // namespace tpbench::cli
