// `tpbench run` — one backend, ProfilingApplication's scenarios with every argument as a long
// flag (--testType, --requests, ...). Prints ProfilingApplication's lines, then a summary with
// percentiles, errors by class and the effective concurrency.
#include "cli_common.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "live_metrics.hpp"
#include "rate_mode.hpp"
#include "run_hooks.hpp"
#include "baseline.hpp"
#include "thresholds.hpp"

#include <tpbench/engine/interrupt.hpp>
#include <tpbench/report/hgrm.hpp>
#include <tpbench/report/render.hpp>
#include <tpbench/stats/interval_log.hpp>
#include <tpbench/version.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace {

using namespace tpbench;

struct RunArgs {
    cli::TargetFlags target;
    cli::ProfilingFlags profiling;
    std::optional<std::uint64_t> expect_results;
    std::string workload_file;
    cli::RateArgs rate;
    bool quiet = false;
    bool allow_writes = false;  // --allow-writes: the exercise reset may write to a --host server
    bool format_given = false;  // --format on the command line (closed loop: render the report)
    std::int64_t drain_timeout_ms = engine::default_stop_grace.count();  // --drain-timeout
};

// One test execution of a closed-loop run, for --hlog and the report's intervals.
struct ExecutionFigures {
    double start_s = 0;  // since the run started
    double length_s = 0;
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;
    stats::Histogram latency;
    double cpu_s = 0;  // this process's CPU over the execution
};

// The --hlog line of one test execution.
stats::IntervalLogEntry hlog_entry(const ExecutionFigures& e) {
    stats::IntervalLogEntry le;
    le.start_s = e.start_s;
    le.length_s = e.length_s;
    le.max_scaled = static_cast<double>(e.latency.max()) / 1e6;
    le.histogram = e.latency;
    return le;
}

std::string hlog_title(const cli::SideSpec& side) {
    return fmt::format("tpbench run (closed loop): {}, one interval per test execution (latency, ns)",
                       side.label);
}

// Closed loop: the report (one side: the test executions merged; one interval per test execution)
// in --format on stdout, --report, --hgrm and --hlog. Returns an exit code to use instead of
// success (0 = none).
// `thresholds_rc` receives 0, or 99 when a --threshold failed.
int write_closed_report(const RunArgs& a, const cli::SideSpec& side, const engine::ProfilingOptions& o,
                        const engine::ProfilingReport& pr, const std::string& where,
                        const std::vector<ExecutionFigures>& execs, double started_s,
                        const std::vector<stats::Threshold>& thresholds, int& thresholds_rc,
                        const report::Report* base) {
    auto format = report::parse_format(a.rate.format);
    if (!format) throw engine::ConfigError(format.error());
    report::Report rep;
    rep.tool_version = std::string(tpbench::tool_version);
    rep.created_utc = report::now_utc_iso8601();
    rep.title =
        fmt::format("tpbench run (closed loop, {}): {}", pr.latency ? "latency" : "throughput", side.label);
    rep.scenario = o.exercise ? "exercise mix" : (a.workload_file.empty() ? o.script : "workload file");
    rep.meta["target"] = where;
    rep.meta["generation"] = std::string(engine::generation_name(side.effective_generation()));
    rep.meta["executions"] = fmt::format("{} warm-up, {} test", pr.warmups.size(), pr.tests.size());
    std::string failure;
    for (const auto& t : pr.tests)
        if (t.failed && failure.empty()) failure = t.name + ": " + t.failure;
    rep.sides.push_back(cli::profiling_side(pr, side, o, where, side.label, failure));
    cli::mark_interrupted(rep);
    double cpu_s = 0;
    std::uint64_t requests = 0;
    for (const auto& e : execs) {
        rep.sides.back().intervals.push_back(report::make_interval_point(e.start_s + e.length_s, e.length_s,
                                                                         e.completed, e.failed, e.latency));
        cpu_s += e.cpu_s;
        requests += e.completed + e.failed;
    }
    if (!cli::run_hooks.annotate) cli::set_client_cpu(rep.sides.back(), cpu_s, requests);  // (one process)
    if (base) {  // --baseline: the same pool shape too (else exit 2), then the rows this run / baseline
        cli::check_same_scenario(*base, rep);
        cli::add_baseline_rows(rep, *base);
    }
    thresholds_rc = cli::apply_thresholds(rep, thresholds, {{side.label, {&rep.sides.back()}}}, false, base);
    int rc = 0;
    if (cli::run_hooks.annotate) rc = cli::run_hooks.annotate(rep);
    if (cli::run_hooks.follower) return rc;
    cli::redact_report(rep);
    if (a.format_given) {
        cli::say(stdout, "{}", report::render(rep, *format));
    } else {
        for (const auto& [k, v] : rep.meta)
            if (k.rfind("mpi_", 0) == 0 || k == "incomplete") cli::say(stdout, "{}: {}\n", k, v);
        const auto value = [](double v, const std::string& unit) {
            return unit == "ns" ? report::format_ns(v) : fmt::format("{:.3f}{}", v, unit == "%" ? "%" : "");
        };
        for (const auto& c : rep.comparisons)  // --baseline: this run against the earlier one
            cli::say(stdout, "{} vs {}: {} -> {} ({}, {})\n", c.metric, c.a, value(c.a_value, c.unit),
                     value(c.b_value, c.unit),
                     std::isfinite(c.ratio) ? fmt::format("x{:.3f}", c.ratio) : std::string("no ratio"),
                     c.verdict);
        for (const auto& t : rep.thresholds)
            cli::say(stdout, "threshold [{}] {}\n", t.passed ? "ok" : "FAILED", t.message);
    }
    std::fflush(stdout);
    if (!a.rate.report_file.empty()) {
        auto w = report::write_report_file(rep, a.rate.report_file);
        if (!w) throw std::runtime_error(w.error());
    }
    if (!a.rate.hgrm_file.empty()) {
        std::ofstream out(a.rate.hgrm_file);
        out << report::percentile_distribution(pr.measured.latency, 1e6);
        if (!out) throw std::runtime_error("cannot write " + a.rate.hgrm_file);
    }
    if (!a.rate.hlog_file.empty()) {
        // One entry per test execution, timestamps relative to the run's start (the same lines
        // run_run appended as the run went, now with the interrupted mark when there is one).
        stats::IntervalLog log;
        log.start_time_s = started_s;
        log.comments.push_back(hlog_title(side));
        for (const auto& e : execs) log.entries.push_back(hlog_entry(e));
        if (rep.interrupted) log.trailer.push_back("[tpbench: " + report::interruption_line(rep) + "]");
        auto w = stats::replace_interval_log_file(log, a.rate.hlog_file);
        if (!w) throw std::runtime_error(w.error());
    }
    return rc;
}

std::vector<engine::WeightedQuery> read_workload(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw engine::ConfigError(fmt::format("cannot read workload file '{}'", path));
    std::ostringstream ss;
    ss << in.rdbuf();
    if (ss.str().size() > 64 * 1024 * 1024) throw engine::ConfigError("workload file larger than 64 MiB");
    auto queries = engine::parse_workload(ss.str());
    // Feeders are read and converted now, before anything is sent; a relative name is relative
    // to the workload file's directory.
    engine::load_feeders(queries, [&](const std::string& file) {
        std::filesystem::path p(file);
        if (p.is_relative()) p = std::filesystem::path(path).parent_path() / p;
        std::ifstream f(p, std::ios::binary);
        if (!f) throw engine::ConfigError(fmt::format("feeder {}: cannot read '{}'", file, p.string()));
        std::ostringstream text;
        text << f.rdbuf();
        if (text.str().size() > 256 * 1024 * 1024)
            throw engine::ConfigError(fmt::format("feeder {}: larger than 256 MiB", file));
        return text.str();
    });
    return queries;
}

int run_run(const RunArgs& a) {
    // Every format, threshold and output path is checked before the first request.
    a.rate.validate();
    cli::SideSpec side = a.target.side();
    side.allow_writes = a.allow_writes;
    const engine::Generation g = side.effective_generation();
    engine::ProfilingOptions o = cli::side_options(side, &a.profiling);
    // Closed loop with --exercise resets the graph first (rate mode sends only the mix): never on a
    // user's server without consent, refused before anything is sent.
    if (!a.rate.active())
        if (const auto why = cli::write_refusal(side, o); !why.empty()) throw engine::ConfigError(why);
    if (o.store) cli::check_output_path("--store", *o.store);
    if (side.serializer.empty()) side.serializer = o.serializer;
    std::optional<std::vector<engine::WeightedQuery>> workload;
    if (!a.workload_file.empty()) workload = read_workload(a.workload_file);
    // Checked before the first request: a bad expression is a configuration error (exit 2).
    // --baseline FILE: read (a bad file is refused, exit 2) before the first request.
    std::optional<report::Report> base;
    if (!a.rate.baseline.empty()) base = cli::load_baseline(a.rate.baseline);
    const std::vector<stats::Threshold> thresholds =
        cli::parse_threshold_flag(a.rate.threshold, {side.label}, base.has_value());
    if (base) {
        // Another scenario is refused now (exit 2), not after a run whose figures cannot be compared;
        // the pool shape, known once the pool opened, is checked again after the run.
        report::Report plan;
        plan.scenario = o.exercise ? "exercise mix" : (workload ? "workload file" : o.script);
        const bool rate_decided = a.rate.sweep || a.rate.ramp_to > 0 || !a.rate.stages.empty();
        const double offered = !a.rate.active() ? 0 : rate_decided ? -1 : a.rate.rate;
        plan.sides.push_back(cli::planned_side(side.label, side.backend, o, offered));
        cli::check_same_scenario(*base, plan);
    }
    cli::Targets targets;
    if (a.rate.active()) {
        cli::RateArgs r = a.rate;
        r.quiet = a.quiet;
        return cli::run_rate(r, side, o, targets, workload ? &*workload : nullptr);
    }
    engine::Endpoint ep = targets.endpoint(side);
    const std::string where = targets.describe(side);
    const bool quiet = a.quiet || cli::run_hooks.follower;
    if (!quiet)
        cli::say(stderr, "tpbench run: {} (generation {}) -> {}\n", side.label, engine::generation_name(g),
                 where);
    // A rank of a distributed run (tpbench-mpi): every execution runs this rank's share.
    if (cli::run_hooks.closed_begin) cli::run_hooks.closed_begin(ep, o);
    // --metrics-port / --metrics-push: the live view of every warm-up and test execution, served
    // while the run lasts and pushed when it ends.
    cli::LiveState live;
    live.label = side.label;
    std::optional<cli::MetricsExport> metrics;
    if (a.rate.metrics_port >= 0 || !a.rate.metrics_push.empty()) {
        metrics.emplace(a.rate.metrics(), live);
        ep.run = [&live, inner = ep.run](std::string_view what, const engine::LoadSpec& s,
                                         const engine::SessionFactory& f, const engine::SessionConfig& c) {
            if (what.rfind("test-", 0) != 0 && what.rfind("warmup-", 0) != 0)
                return inner ? inner(what, s, f, c) : engine::run_load(s, f, c);
            engine::LoadSpec counted = s;
            counted.live = &live.counters;
            live.planned.fetch_add(counted.plan.size(), std::memory_order_relaxed);
            return inner ? inner(what, counted, f, c) : engine::run_load(counted, f, c);
        };
    }
    // With --format the report goes to stdout and ProfilingApplication's lines to stderr.
    std::FILE* lines = a.format_given ? stderr : stdout;
    const bool want_report = a.format_given || !a.rate.report_file.empty() || !a.rate.hgrm_file.empty() ||
                             !a.rate.hlog_file.empty() || cli::run_hooks.annotate || !thresholds.empty() ||
                             base.has_value();
    // Each test execution's merged figures (intervals of the report and --hlog).
    std::vector<ExecutionFigures> execs;
    const auto t0 = engine::Clock::now();
    const double started_s =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    // --hlog as the run goes: each test execution's line appended (and flushed) when it ends, so
    // a killed run leaves the executions so far; write_closed_report replaces it at the end.
    stats::IntervalLogAppender hlog;
    if (!a.rate.hlog_file.empty() && !cli::run_hooks.follower) {
        stats::IntervalLog head;
        head.start_time_s = started_s;
        head.comments.push_back(hlog_title(side));
        auto w = hlog.open(a.rate.hlog_file, head);
        if (!w) throw std::runtime_error(w.error());
    }
    if (want_report) {
        ep.run = [&execs, &hlog, t0, inner = ep.run](std::string_view what, const engine::LoadSpec& s,
                                                     const engine::SessionFactory& f,
                                                     const engine::SessionConfig& c) {
            const double at = std::chrono::duration<double>(engine::Clock::now() - t0).count();
            const double cpu0 = cli::process_cpu_seconds();
            engine::LoadResult r = inner ? inner(what, s, f, c) : engine::run_load(s, f, c);
            if (what.rfind("test-", 0) == 0 && !r.setup_failed && r.measured().issued > 0) {
                execs.push_back({at, r.elapsed_seconds, r.measured().completed, r.measured().failed,
                                 r.measured().latency, cli::process_cpu_seconds() - cpu0});
                if (hlog.is_open()) (void)hlog.append(hlog_entry(execs.back()));
            }
            return r;
        };
    }
    engine::ProfilingSinks sinks;
    if (!cli::run_hooks.follower)
        sinks.out = [lines](const std::string& line) {
            cli::say(lines, "{}\n", line);
            std::fflush(lines);
        };
    if (!quiet) sinks.progress = [](const std::string& line) { cli::say(stderr, "{}\n", line); };
    engine::ProfilingReport rep =
        engine::run_profiling(o, g, ep, sinks, a.expect_results, workload ? &*workload : nullptr);
    if (cli::run_hooks.closed_end) cli::run_hooks.closed_end(side.label);
    if (metrics) (void)metrics->finish();  // --metrics-push: the final figures (rank 0 of a distributed run)
    // The run's verdict (the same merged figures on every rank of a distributed run) is told once.
    const bool tell = !cli::run_hooks.follower;
    if (rep.aborted) {
        if (tell) cli::say(stderr, "tpbench run: {}\n", rep.abort_reason);
        return cli::exit_run_failed;
    }
    if (!a.format_given && !cli::run_hooks.follower) {
        cli::print_summary(rep, side.label, where);
        if (cli::interrupted()) cli::say(stdout, "INTERRUPTED: {}\n", cli::interrupted_note());
    }
    hlog.close();
    int thresholds_rc = 0;
    const int report_rc = want_report
                              ? write_closed_report(a, side, o, rep, where, execs, started_s, thresholds,
                                                    thresholds_rc, base ? &*base : nullptr)
                              : 0;
    if (cli::interrupted()) {
        // The verdicts below judge a complete run; run_command exits 128 + signal.
        if (tell) cli::say(stderr, "tpbench run: {}\n", cli::interrupted_note());
        return report_rc;
    }
    // A failed threshold exits 99 (as k6) even when the run failed too; both are told.
    const auto failed_rc = [&] { return thresholds_rc != 0 ? thresholds_rc : cli::exit_run_failed; };
    for (const auto* list : {&rep.warmups, &rep.tests})
        for (const auto& e : *list)
            if (e.failed) {
                if (tell) cli::say(stderr, "tpbench run: FAILED: {}: {}\n", e.name, e.failure);
                return failed_rc();
            }
    if (rep.test_mismatches() > 0) {
        if (tell)
            cli::say(stderr, "tpbench run: FAILED: {} request(s) returned an unexpected result count\n",
                     rep.test_mismatches());
        return failed_rc();
    }
    std::uint64_t issued = rep.measured.issued;
    for (const auto& w : rep.warmups) issued += w.requests;
    if (issued > 0 && rep.measured.completed == 0 && rep.test_cycle_ran) {
        if (tell) cli::say(stderr, "tpbench run: FAILED: no request succeeded\n");
        return failed_rc();
    }
    if (thresholds_rc != 0) {
        if (tell) cli::say(stderr, "tpbench run: thresholds FAILED (exit {})\n", thresholds_rc);
        return thresholds_rc;
    }
    return report_rc != 0 ? report_rc : cli::exit_ok;
}

}  // namespace

void register_run(CLI::App& app) {
    auto* sub =
        app.add_subcommand("run", "run ProfilingApplication's latency/throughput scenario on one backend");
    auto args = std::make_shared<RunArgs>();
    args->target.add_to(*sub);
    args->profiling.add_to(*sub);
    sub->add_option("--expect-results", args->expect_results,
                    "latency mode: result count every execution must return");
    sub->add_option("--workload", args->workload_file,
                    "weighted queries with bindings, JSON lines (docs/usage.md)")
        ->check(CLI::ExistingFile);
    args->rate.add_to(*sub);
    sub->add_option("--baseline", args->rate.baseline,
                    "compare with this earlier JSON report (--report FILE.json) of the same scenario: "
                    "ratios per metric in every format; thresholds 'p99<1.10x baseline' (docs/usage.md)")
        ->check(CLI::ExistingFile);
    sub->add_flag("--quiet", args->quiet, "no progress on stderr");
    cli::add_drain_timeout_flag(*sub, args->drain_timeout_ms);
    cli::add_allow_writes_flag(*sub, args->allow_writes);
    sub->callback([args, sub] {
        args->format_given = sub->get_option("--format")->count() > 0;
        cli::InterruptGuard interrupt(args->drain_timeout_ms);
        cli::run_command("tpbench run", [&] { return run_run(*args); });
    });
}
