// `tpbench ab` (one scenario on two or more sides, optionally repeated and interleaved with a
// bootstrap verdict) and the default command `tpbench` with no subcommand: the seed benchmark's
// A/B — ws37 vs http4 on the embedded server, latency g.V() and g.V().repeat(both()).times(15),
// throughput 1+1 and the exercise mix at equal effective concurrency — printed as the seed's
// Markdown table. Progress goes to stderr; tables to stdout.
#include "baseline.hpp"
#include "cli_common.hpp"
#include "rate_mode.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "run_hooks.hpp"
#include "thresholds.hpp"

#include <tpbench/engine/interrupt.hpp>

#include <tpbench/report/render.hpp>
#include <tpbench/report/report.hpp>
#include <tpbench/version.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

namespace {

using namespace tpbench;
using KV = std::vector<std::pair<std::string, std::string>>;

// "2824992" -> "2,824,992"
std::string grouped(std::uint64_t n) {
    std::string s = std::to_string(n), out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i > 0 && (s.size() - i) % 3 == 0) out.push_back(',');
        out.push_back(s[i]);
    }
    return out;
}

// One row family of the table: a scenario run on every side.
struct Case {
    std::string test_type;                  // "Latency" / "Throughput"
    std::string query;                      // shown in the Query column
    std::string result_noun;                // "vertices", "results"
    KV options;                             // ProfilingApplication keys for every side
    std::optional<std::uint64_t> expected;  // latency: result count per execution
};

struct CaseRun {
    const Case* c = nullptr;
    const cli::SideSpec* side = nullptr;
    engine::ProfilingOptions options;
    engine::ProfilingReport report;
    std::string target;
    bool failed = false;
    std::string failure;
    bool interrupted = false;  // cut short by a signal (figures of what ran; not a failure)
    std::string skipped;       // non-empty: not run, and why (a write tpbench may not make)
    // One point per test execution (the report's intervals: the dispersion a --baseline verdict uses).
    std::vector<report::IntervalPoint> intervals;
    double cpu_s = 0;                // this process's CPU over the test executions
    std::uint64_t cpu_requests = 0;  // ... and their requests
};

// The options a case runs with on a side: the equal-concurrency pool, the case's keys, the flags,
// the side's own keys. Throws engine::ConfigError (checked for every side before the first run).
engine::ProfilingOptions case_options(const cli::SideSpec& side, const Case& c,
                                      const cli::ProfilingFlags* flags) {
    const bool latency = cli::side_options(side, flags, c.options).latency_mode();
    KV extra = cli::concurrency_defaults(side, latency);
    extra.insert(extra.end(), c.options.begin(), c.options.end());
    return cli::side_options(side, flags, extra);
}

// The row of a case that is not run on `side`, with the one-line reason.
CaseRun skipped_case(cli::Targets& targets, const cli::SideSpec& side, const Case& c, std::string why) {
    CaseRun r;
    r.c = &c;
    r.side = &side;
    r.options = case_options(side, c, nullptr);
    r.report.latency = r.options.latency_mode();
    r.report.generation = side.effective_generation();
    r.target = targets.describe(side);
    r.skipped = std::move(why);
    return r;
}

// Runs one case on one side; never throws for run-time problems (they become a FAILED row).
CaseRun run_case(cli::Targets& targets, const cli::SideSpec& side, const Case& c,
                 const cli::ProfilingFlags* flags, bool quiet, bool echo_lines) {
    CaseRun r;
    r.c = &c;
    r.side = &side;
    r.options = case_options(side, c, flags);
    engine::Endpoint ep = targets.endpoint(side);
    r.target = targets.describe(side);
    engine::ProfilingSinks sinks;
    if (echo_lines)
        sinks.out = [](const std::string& l) {
            cli::say(stdout, "{}\n", l);
            std::fflush(stdout);
        };
    if (!quiet) sinks.progress = [](const std::string& l) { cli::say(stderr, "  {}\n", l); };
    // A rank of a distributed run (tpbench-mpi): every execution runs this rank's share.
    if (cli::run_hooks.closed_begin) cli::run_hooks.closed_begin(ep, r.options);
    // Each test execution's figures, as `tpbench run` keeps them.
    const auto t0 = engine::Clock::now();
    ep.run = [&r, t0, inner = ep.run](std::string_view what, const engine::LoadSpec& s,
                                      const engine::SessionFactory& f, const engine::SessionConfig& cfg) {
        const double cpu0 = cli::process_cpu_seconds();
        engine::LoadResult res = inner ? inner(what, s, f, cfg) : engine::run_load(s, f, cfg);
        if (what.rfind("test-", 0) == 0 && !res.setup_failed && res.measured().issued > 0) {
            r.cpu_s += cli::process_cpu_seconds() - cpu0;
            r.cpu_requests += res.measured().completed + res.measured().failed;
            const double end = std::chrono::duration<double>(engine::Clock::now() - t0).count();
            r.intervals.push_back(report::make_interval_point(end, res.elapsed_seconds,
                                                              res.measured().completed, res.measured().failed,
                                                              res.measured().latency));
        }
        return res;
    };
    r.report = engine::run_profiling(r.options, side.effective_generation(), ep, sinks, c.expected);
    if (cli::run_hooks.closed_end) cli::run_hooks.closed_end(side.label);
    if (r.report.interrupted) {
        r.interrupted = true;  // its in-flight requests cut off at the end are not a failure
    } else if (r.report.aborted) {
        r.failed = true;
        r.failure = r.report.abort_reason;
    } else if (r.report.test_mismatches() > 0) {
        r.failed = true;
        r.failure = fmt::format("{} wrong result count(s)", r.report.test_mismatches());
    } else if (r.report.test_errors() > 0) {
        r.failed = true;
        r.failure = fmt::format("{} request error(s): {}", r.report.test_errors(),
                                engine::errc_name(r.report.measured.top_error()));
    } else if (!r.report.test_cycle_ran || r.report.tests.empty()) {
        r.failed = true;
        r.failure = "test cycle did not run (warm-up below minExpectedRps)";
    }
    return r;
}

std::string arguments_text(const CaseRun& r) {
    const auto& o = r.options;
    std::string s;
    if (r.report.latency) {
        s = fmt::format("executions {} warmups {}", o.executions, o.warmups);
    } else {
        s = fmt::format("parallelism {} requests {} executions {} warmups {}", o.parallelism, o.requests,
                        o.executions, o.warmups);
        if (o.exercise) s += " exercise true";
    }
    if (!r.skipped.empty()) return s + " — not run";
    // A latency execution sends one request at a time, whatever the pool could carry.
    s += r.report.latency
             ? fmt::format(" — maxConnectionPoolSize {}, one request at a time", o.max_connection_pool_size)
             : fmt::format(" — {}", cli::concurrency_text(r.report));
    return s;
}

// The seed table's Branch column names the server a side measured: its label (`label=` on the side,
// e.g. the real server's version), and, where the backend detected it, the server's dialect. The
// generation (which ProfilingApplication the side follows) is named apart when it differs from the
// dialect, so a 4.0 master server is never shown as "master-http".
std::string branch_text(const CaseRun& r) {
    const std::string_view gen = engine::generation_name(r.report.generation);
    const std::string& dialect = r.report.connect.dialect;
    if (dialect.empty() || dialect == gen) return fmt::format("{} ({})", r.side->label, gen);
    return fmt::format("{} (server dialect {}, ProfilingApplication {})", r.side->label, dialect, gen);
}

std::string query_text(const CaseRun& r) {
    if (r.options.exercise && !r.report.latency) return "exercise mix (N/A)";
    if (!r.report.latency) return r.c->query;
    std::uint64_t count = r.report.tests.empty() ? 0 : r.report.tests.back().results;
    std::string s = fmt::format("{} {} {}", r.c->query, grouped(count), r.c->result_noun);
    if (r.c->expected && count != *r.c->expected) s += fmt::format(" (expected {})", grouped(*r.c->expected));
    return s;
}

std::string result_text(const CaseRun& r) {
    if (!r.skipped.empty()) return "skipped: " + r.skipped;
    std::string s;
    if (!r.report.tests.empty()) {
        s = r.report.latency ? fmt::format("{:.4f} sec", r.report.avg_latency_seconds)
                             : fmt::format("{} req/sec", r.report.avg_req_per_sec);
    }
    if (r.failed) s += (s.empty() ? "" : " ") + fmt::format("FAILED: {}", r.failure);
    if (r.interrupted) s += (s.empty() ? "" : " ") + std::string("INTERRUPTED (partial)");
    return s;
}

void print_table(const std::vector<CaseRun>& runs) {
    cli::say(stdout, "| Branch | Test Type | Arguments | Query | Result |\n|---|---|---|---|---|\n");
    for (const auto& r : runs)
        cli::say(stdout, "| {} | {} | {} | {} | {} |\n", branch_text(r), r.c->test_type, arguments_text(r),
                 query_text(r), result_text(r));
    std::fflush(stdout);
}

// A report::Side for the renderers (json, csv, html, table).
report::Side to_report_side(const CaseRun& r, const std::string& name) {
    report::Side s =
        cli::profiling_side(r.report, *r.side, r.options, r.target, name, r.failed ? r.failure : "");
    s.skipped = r.skipped;
    s.intervals = r.intervals;
    if (!cli::run_hooks.annotate) cli::set_client_cpu(s, r.cpu_s, r.cpu_requests);  // (one process)
    return s;
}

// --baseline: the figures this run / the baseline's, one line each (after a Markdown table).
void print_baseline_rows(const report::Report& rep) {
    bool first = true;
    for (const auto& c : rep.comparisons) {
        if (c.a.rfind("baseline ", 0) != 0) continue;
        if (first) cli::say(stdout, "\n");
        first = false;
        const auto value = [&c](double v) {
            return c.unit == "ns" ? report::format_ns(v)
                                  : fmt::format("{:.3f}{}", v, c.unit == "%" ? "%" : "");
        };
        cli::say(stdout, "{} {} vs {}: {} -> {} ({}{}, {})\n", c.metric, c.b, c.a, value(c.a_value),
                 value(c.b_value),
                 std::isfinite(c.ratio) ? fmt::format("x{:.3f}", c.ratio) : std::string("no ratio"),
                 c.ci_low ? fmt::format(", 95% CI {:.3f}..{:.3f}", *c.ci_low, *c.ci_high) : "", c.verdict);
    }
}

// Every registry row marked default_side, in registry order.
std::vector<cli::SideSpec> default_sides() {
    std::vector<cli::SideSpec> out;
    for (const auto& b : backends::registry())
        if (b.default_side) out.push_back(cli::parse_side(b.name));
    return out;
}

// The default sides' names for help text: "ws37 vs http4".
std::string default_side_names() {
    std::string s;
    for (const auto& b : backends::registry())
        if (b.default_side) s += fmt::format("{}{}", s.empty() ? "" : " vs ", b.name);
    return s;
}

// "ws37 vs http4"
std::string sides_text(const std::vector<cli::SideSpec>& sides) {
    std::string s;
    for (const auto& side : sides) s += (s.empty() ? "" : " vs ") + side.label;
    return s;
}

// ---------------------------------------------------------------------------------------------
// tpbench ab

struct AbArgs {
    std::vector<std::string> sides;
    cli::ProfilingFlags profiling;
    std::optional<std::uint64_t> expect_results;
    std::string format = "markdown";
    std::string report_file;
    std::string threshold;  // per side ("p99<20ms", "http4:p99<20ms") and on B/A ("ratio:rps>0.9")
    int repeat = 1;
    bool quiet = false;
    std::int64_t drain_timeout_ms = engine::default_stop_grace.count();  // --drain-timeout
    // Open-loop mode for every side (--rate / --duration / --sweep / --slo): each side runs
    // `tpbench run --rate` in turn; with --sweep the summary gives each side's max sustainable rate.
    double rate = 0;
    double duration_s = 10;
    bool sweep = false;
    std::string slo = "p99<50ms";
    double sweep_factor = 1.5;
    int sweep_steps = 12;
    bool allow_writes = false;  // --allow-writes: the exercise reset may write to a side's server
    std::string baseline;       // --baseline FILE: compare every side with its side in that report
};

// The thresholds of a combined rate/sweep A/B: each side judged on its run (a sweep: its highest
// sustainable step); a side without one (no sustainable step, no connection) fails every threshold
// that names it, and every ratio. Returns 0 or 99.
int ab_rate_thresholds(report::Report& rep, const std::vector<stats::Threshold>& thresholds,
                       const std::vector<cli::SideSpec>& sides, const std::vector<cli::RateOutcome>& outs,
                       const report::Report* base) {
    if (thresholds.empty()) return cli::exit_ok;
    std::vector<cli::ThresholdSide> judged;
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        if (outs[i].best)
            judged.push_back({sides[i].label, {&*outs[i].best}});
        else
            missing.push_back(sides[i].label);
    }
    if (missing.empty()) return cli::apply_thresholds(rep, thresholds, judged, false, base);
    // Sides with figures are judged by their own thresholds; ratios need both sides.
    std::vector<stats::Threshold> own;
    for (const auto& t : thresholds)
        if (!t.ratio) own.push_back(t);
    int rc = judged.empty() ? cli::exit_ok : cli::apply_thresholds(rep, own, judged, true, base);
    for (const auto& t : thresholds)
        for (const auto& label : missing) {
            const std::string& scope = t.baseline ? t.side : t.scope;  // "http4:p99<1.1x baseline"
            if (!t.ratio && !scope.empty() && scope != label) continue;
            const std::string expr = t.ratio || !scope.empty() ? t.text : label + ":" + t.text;
            rep.thresholds.push_back(
                {expr, false,
                 fmt::format(
                     "{}: {}: {} has no figures to judge (no sustainable step / no connection) -> FAILED",
                     label, t.text, label)});
            rc = stats::kThresholdsFailedExitCode;
        }
    return rc;
}

// Rate mode or a sweep on each side in turn (not interleaved: each side's sweep is one sequence of
// steps), then ONE report: every side (a sweep: every step), the A/B rows (B relative to the first
// side) and the thresholds.
int run_ab_rate(const AbArgs& a, const std::vector<cli::SideSpec>& sides, report::Format format,
                const std::vector<stats::Threshold>& thresholds, const report::Report* base) {
    cli::Targets targets;
    std::vector<cli::RateOutcome> outs;
    int follower_rc = cli::exit_ok;  // a non-root rank of a distributed run runs every side, reports none
    // Every side's options and target, the SLO and the report file are checked before the first side
    // runs (a bad key on the second side must not wait for the first side's run).
    {
        cli::RateArgs check;
        check.rate = a.rate > 0 ? a.rate : 1000;
        check.sweep = a.sweep;
        check.slo = a.slo;
        check.format = a.format;
        check.report_file = a.report_file;
        check.validate();
        report::Report plan;  // --baseline: another scenario is refused before the first request
        for (const auto& side : sides) {
            const engine::ProfilingOptions o = cli::side_options(side, &a.profiling);
            plan.scenario = o.exercise ? "exercise mix" : o.script;
            plan.sides.push_back(cli::planned_side(side.label, side.backend, o, a.sweep ? -1 : check.rate));
        }
        if (base) cli::check_same_scenario(*base, plan);
        for (const auto& side : sides) (void)targets.endpoint(side);
    }
    for (const auto& side : sides) {
        cli::RateArgs r;
        r.rate = a.rate > 0 ? a.rate : 1000;
        r.duration_s = a.duration_s;
        r.sweep = a.sweep;
        r.slo = a.slo;
        r.sweep_factor = a.sweep_factor;
        r.sweep_steps = a.sweep_steps;
        r.quiet = a.quiet;
        engine::ProfilingOptions o = cli::side_options(side, &a.profiling);
        outs.push_back(cli::measure_rate(r, side, o, targets, nullptr));
        auto& out = outs.back();
        if (out.rank_exit >= 0) {
            if (out.rank_exit != cli::exit_ok && follower_rc == cli::exit_ok) follower_rc = out.rank_exit;
            continue;
        }
        // A distributed run (tpbench-mpi): this side's per-rank figures, right after its run.
        if (cli::run_hooks.annotate && !out.setup_failed) {
            if (cli::run_hooks.annotate(out.rep) != 0 && out.rc == cli::exit_ok)
                out.rc = cli::exit_run_failed;
            if (!a.sweep && !out.rep.sides.empty()) out.best = out.rep.sides.back();
            for (auto& rk : out.rep.ranks) rk.side = side.label;
        }
        if (cli::interrupted()) break;  // the sides after it do not run
    }
    if (outs.back().rank_exit >= 0) return follower_rc;
    // Interrupted: the sides that did not run have no figures (and there is no A/B verdict).
    const bool interrupted = cli::interrupted();
    const std::uint64_t not_sent = outs.back().last.not_sent;
    while (outs.size() < sides.size()) outs.emplace_back();
    report::Report rep;
    rep.tool_version = std::string(tpbench::tool_version);
    rep.created_utc = report::now_utc_iso8601();
    rep.scenario = outs[0].rep.scenario;
    rep.title =
        a.sweep ? fmt::format("tpbench ab --sweep: {} max sustainable rate ({})", sides_text(sides), a.slo)
                : fmt::format("tpbench ab --rate {:.0f}: {}", a.rate > 0 ? a.rate : 1000, sides_text(sides));
    int rc = cli::exit_ok;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const auto& out = outs[i];
        for (const auto& [k, v] : out.rep.meta)
            if (k != "max_sustainable_rps") rep.meta[k + " (" + sides[i].label + ")"] = v;
        if (a.sweep)
            rep.meta["max sustainable rate (" + sides[i].label + ")"] = cli::sweep_result_text(out, a.slo);
        for (const auto& s : out.rep.sides) rep.sides.push_back(s);
        for (const auto& rk : out.rep.ranks) rep.ranks.push_back(rk);
        if (out.rc != cli::exit_ok && rc == cli::exit_ok) rc = out.rc;
    }
    // B relative to A (the first side), one run each: the ratio, and the verdict of one sample.
    for (std::size_t i = 1; i < sides.size() && !interrupted; ++i) {
        const auto& A = outs[0];
        const auto& B = outs[i];
        stats::CompareOptions opt;
        if (a.sweep) {
            // The sweep's answer is each side's maximum; a side that found none has no maximum.
            const std::vector<double> av =
                A.best ? std::vector<double>{A.max_sustainable} : std::vector<double>{};
            const std::vector<double> bv =
                B.best ? std::vector<double>{B.max_sustainable} : std::vector<double>{};
            auto row = report::compare_metric("max sustainable rate", "rps", sides[0].label, sides[i].label,
                                              av, bv, opt);
            std::string note;
            for (const auto* x : {&A, &B}) {
                const std::string& label = x == &A ? sides[0].label : sides[i].label;
                if (x->step_cap)
                    note += fmt::format("{}{}: >= {:.0f} req/s (step cap)", note.empty() ? "" : "; ", label,
                                        x->max_sustainable);
                if (!x->best)
                    note += fmt::format("{}{}: failed ({})", note.empty() ? "" : "; ", label,
                                        x->stop_reason.empty() ? "no step ran" : x->stop_reason);
            }
            if (!note.empty()) row.note = note + (row.note.empty() ? "" : "; " + row.note);
            if (!A.best || !B.best) row.verdict = "failed";
            rep.comparisons.push_back(std::move(row));
            continue;
        }
        if (!A.best || !B.best) {
            // A side that could not connect has no figures: the row says so, with the reason.
            std::vector<double> av, bv;
            if (A.best) av.push_back(A.best->throughput_rps);
            if (B.best) bv.push_back(B.best->throughput_rps);
            auto row =
                report::compare_metric("throughput", "rps", sides[0].label, sides[i].label, av, bv, opt);
            row.verdict = "failed";
            row.note.clear();
            for (const auto* x : {&A, &B}) {
                if (x->best) continue;
                const std::string& label = x == &A ? sides[0].label : sides[i].label;
                const std::string why =
                    x->rep.sides.empty() ? std::string("did not run") : x->rep.sides.back().notes;
                row.note += fmt::format("{}{}: {}", row.note.empty() ? "" : "; ", label, why);
            }
            rep.comparisons.push_back(std::move(row));
            continue;
        }
        const report::Side& sa = *A.best;
        const report::Side& sb = *B.best;
        opt.a_saturated = sa.saturated;
        opt.b_saturated = sb.saturated;
        const double ta[] = {sa.throughput_rps}, tb[] = {sb.throughput_rps};
        rep.comparisons.push_back(
            report::compare_metric("throughput", "rps", sides[0].label, sides[i].label, ta, tb, opt));
        stats::CompareOptions lat = opt;
        lat.lower_is_better = true;
        for (const auto& [name, p] : {std::pair{"p50 latency", 50.0}, std::pair{"p99 latency", 99.0}}) {
            if (!sa.latency || !sb.latency || sa.latency->count() == 0 || sb.latency->count() == 0) continue;
            const double la[] = {static_cast<double>(sa.latency->value_at_percentile(p))};
            const double lb[] = {static_cast<double>(sb.latency->value_at_percentile(p))};
            rep.comparisons.push_back(
                report::compare_metric(name, "ns", sides[0].label, sides[i].label, la, lb, lat));
        }
    }
    if (base && !interrupted) {  // --baseline: the same pool shapes too (else exit 2), then the rows
        cli::check_same_scenario(*base, rep);
        cli::add_baseline_rows(rep, *base);
    }
    const int th_rc = ab_rate_thresholds(rep, thresholds, sides, outs, base);
    if (cli::run_hooks.follower) return th_rc != 0 ? th_rc : rc;
    cli::mark_interrupted(rep, not_sent);
    if (interrupted) cli::say(stderr, "tpbench ab: {}\n", cli::interrupted_note());
    cli::redact_report(rep);
    cli::say(stdout, "{}", report::render(rep, format));
    // Each side's answer in one line after a text report (JSON, CSV and HTML stay one document).
    if (a.sweep)
        for (std::size_t i = 0; i < sides.size(); ++i)
            cli::say(format == report::Format::table || format == report::Format::markdown ? stdout : stderr,
                     "max sustainable rate for {}: {}\n", sides[i].label,
                     cli::sweep_result_text(outs[i], a.slo));
    std::fflush(stdout);
    if (!a.report_file.empty()) {
        auto w = report::write_report_file(rep, a.report_file);
        if (!w) throw std::runtime_error(w.error());
        if (!a.quiet) cli::say(stderr, "tpbench ab: report written to {}\n", a.report_file);
    }
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (outs[i].mismatches > 0)
            cli::say(stderr, "tpbench ab: {}: FAILED: {} request(s) returned an unexpected result count\n",
                     sides[i].label, outs[i].mismatches);
    return th_rc != 0 ? th_rc : rc;
}

int run_ab(const AbArgs& a) {
    std::vector<cli::SideSpec> sides;
    for (const auto& s : a.sides) sides.push_back(cli::parse_side(s));
    if (sides.empty()) sides = default_sides();
    if (sides.size() < 2) throw engine::ConfigError("ab needs at least two --side values");
    for (auto& side : sides) side.allow_writes = a.allow_writes;
    for (std::size_t i = 0; i < sides.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (sides[i].label == sides[j].label) sides[i].label += fmt::format("#{}", i + 1);
    auto format = report::parse_format(a.format);
    if (!format) throw engine::ConfigError("--format: " + format.error());
    if (a.repeat < 1 || a.repeat > 100) throw engine::ConfigError("--repeat must be in 1..100");
    std::vector<std::string> labels;
    for (const auto& s : sides) labels.push_back(s.label);
    // --baseline FILE: read (a bad file is refused, exit 2) before the first request.
    std::optional<report::Report> base;
    if (!a.baseline.empty()) base = cli::load_baseline(a.baseline);
    const std::vector<stats::Threshold> thresholds =
        cli::parse_threshold_flag(a.threshold, labels, base.has_value());
    if (a.rate > 0 || a.sweep) {
        if (a.sweep && base)
            throw engine::ConfigError(
                "--baseline compares closed-loop or --rate runs, not sweeps (each sweep step is a side of "
                "its own)");
        if (a.repeat > 1)
            throw engine::ConfigError("--repeat applies to closed-loop scenarios, not to --rate/--sweep");
        return run_ab_rate(a, sides, *format, thresholds, base ? &*base : nullptr);
    }

    // The exercise scenario resets each side's graph first: refused before anything is sent when a
    // side is a server tpbench did not start and --allow-writes was not given.
    for (const auto& side : sides)
        if (const auto why = cli::write_refusal(side, cli::side_options(side, &a.profiling)); !why.empty())
            throw engine::ConfigError(why);

    Case c;
    // As the default A/B: no pause between executions (ProfilingApplication's 1000 ms is idle time in
    // a comparison); --pauseBetweenRuns or a side's key overrides it.
    c.options = {{"pauseBetweenRuns", "0"}};
    engine::ProfilingOptions probe = cli::side_options(sides[0], &a.profiling, c.options);
    c.test_type = probe.latency_mode() ? "Latency" : "Throughput";
    c.query = probe.script;
    c.result_noun = "results";
    c.expected = a.expect_results;
    cli::check_output_path("--report", a.report_file);
    // Every side's options and target are checked before the first request (a bad key on the
    // second side must not wait for the first side's run); so is the --baseline's scenario.
    report::Report plan;
    plan.scenario = fmt::format("{} {}", c.test_type, c.query);
    for (const auto& side : sides)
        plan.sides.push_back(
            cli::planned_side(side.label, side.backend, case_options(side, c, &a.profiling)));
    if (base) cli::check_same_scenario(*base, plan);
    cli::Targets targets;
    for (const auto& side : sides) (void)targets.endpoint(side);
    std::vector<std::vector<CaseRun>> runs(sides.size());
    // Interleave the sides (A, B, A, B, ...) so drift over time hits both equally.
    for (int k = 0; k < a.repeat && !cli::interrupted(); ++k)
        for (std::size_t i = 0; i < sides.size() && !cli::interrupted(); ++i) {
            if (!a.quiet && !cli::run_hooks.follower)
                cli::say(stderr, "tpbench ab: round {}/{}: {} ...\n", k + 1, a.repeat, sides[i].label);
            if (*format == report::Format::markdown && a.repeat == 1)
                cli::say(stdout, "### {} -> {}\n", sides[i].label, targets.describe(sides[i]));
            runs[i].push_back(
                run_case(targets, sides[i], c, &a.profiling, a.quiet || cli::run_hooks.follower,
                         *format == report::Format::markdown && a.repeat == 1 && !cli::run_hooks.follower));
        }

    report::Report rep;
    rep.title = fmt::format("tpbench ab: {}", c.query);
    rep.tool_version = std::string(tpbench::tool_version);
    rep.created_utc = report::now_utc_iso8601();
    rep.scenario = fmt::format("{} {}", c.test_type, c.query);
    // Interrupted: the sides that ran (the last one partial); no comparison of partial rounds.
    const bool interrupted = cli::interrupted();
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (!runs[i].empty()) rep.sides.push_back(to_report_side(runs[i].back(), sides[i].label));
    cli::mark_interrupted(rep);
    // Distributed run: per-rank figures, saturated ranks (a saturated side is refused a verdict).
    int rank_rc = 0;
    if (cli::run_hooks.annotate) rank_rc = cli::run_hooks.annotate(rep);
    // One sample per round: the printed average (latency in ns, throughput in req/s).
    auto samples = [&](std::size_t i) {
        std::vector<double> v;
        for (const auto& r : runs[i])
            if (!r.failed)
                v.push_back(r.report.latency ? r.report.avg_latency_seconds * 1e9
                                             : static_cast<double>(r.report.avg_req_per_sec));
        return v;
    };
    // One sample per round of a latency percentile over that round's test executions (ns).
    auto percentile_samples = [&](std::size_t i, double p) {
        std::vector<double> v;
        for (const auto& r : runs[i])
            if (!r.failed && r.report.measured.latency.count() > 0)
                v.push_back(static_cast<double>(r.report.measured.latency.value_at_percentile(p)));
        return v;
    };
    for (std::size_t i = 1; i < sides.size() && !interrupted; ++i) {
        stats::CompareOptions opt;
        opt.lower_is_better = probe.latency_mode();
        opt.a_saturated = rep.sides[0].saturated;
        opt.b_saturated = rep.sides[i].saturated;
        auto a_s = samples(0), b_s = samples(i);
        rep.comparisons.push_back(report::compare_metric(probe.latency_mode() ? "avg latency" : "throughput",
                                                         probe.latency_mode() ? "ns" : "rps", sides[0].label,
                                                         sides[i].label, a_s, b_s, opt));
        // Per-request latency percentiles (throughput runs: many requests per round).
        if (!probe.latency_mode()) {
            stats::CompareOptions lat;
            lat.lower_is_better = true;
            lat.a_saturated = opt.a_saturated;
            lat.b_saturated = opt.b_saturated;
            for (const auto& [name, p] : {std::pair{"p50 latency", 50.0}, std::pair{"p99 latency", 99.0}})
                rep.comparisons.push_back(report::compare_metric(name, "ns", sides[0].label, sides[i].label,
                                                                 percentile_samples(0, p),
                                                                 percentile_samples(i, p), lat));
        }
    }
    // A side whose every round failed has no figure: its rows say "failed" and why, not "n/a".
    for (auto& row : rep.comparisons) {
        if (row.verdict != "n/a" || (row.samples_a > 0 && row.samples_b > 0)) continue;
        std::string why;
        for (std::size_t i = 0; i < sides.size(); ++i) {
            if (sides[i].label != row.a && sides[i].label != row.b) continue;
            for (const auto& r : runs[i])
                if (r.failed) {
                    why += fmt::format("{}{}: {}", why.empty() ? "" : "; ", sides[i].label, r.failure);
                    break;
                }
        }
        if (why.empty()) continue;
        row.verdict = "failed";
        row.note = why;
    }

    if (base && !interrupted) {  // --baseline: the same pool shapes too (else exit 2), then the rows
        cli::check_same_scenario(*base, rep);
        cli::add_baseline_rows(rep, *base);
    }
    // Thresholds: each side's metrics as the mean over its rounds, ratios B / A of those means.
    std::vector<std::vector<report::Side>> round_sides(sides.size());
    for (std::size_t i = 0; i < sides.size(); ++i)
        for (const auto& r : runs[i]) round_sides[i].push_back(to_report_side(r, sides[i].label));
    std::vector<cli::ThresholdSide> judged;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        judged.push_back({sides[i].label, {}});
        for (const auto& s : round_sides[i]) judged.back().rounds.push_back(&s);
    }
    // Interrupted: no verdict on partial rounds (and a side may have none); the exit code says so.
    const int th_rc =
        interrupted ? 0 : cli::apply_thresholds(rep, thresholds, judged, false, base ? &*base : nullptr);

    bool failed = false;
    std::vector<CaseRun> last;
    for (auto& rs : runs) {
        for (auto& r : rs) failed = failed || r.failed;
        if (!rs.empty()) last.push_back(rs.back());
    }
    const int rc = th_rc != 0 ? th_rc : failed ? cli::exit_run_failed : rank_rc;
    if (cli::run_hooks.follower) return rc;
    if (interrupted) cli::say(stderr, "tpbench ab: {}\n", cli::interrupted_note());
    if (*format == report::Format::markdown) {
        if (interrupted) cli::say(stdout, "\n**{}**\n\n", report::interruption_line(rep));
        print_table(last);
        for (const auto& [k, v] : rep.meta)
            if (k.rfind("mpi_", 0) == 0 || k == "incomplete") cli::say(stdout, "{}: {}\n", k, v);
        for (const auto& row : rep.comparisons)
            if (row.a.rfind("baseline ", 0) != 0)  // the --baseline rows: below
                cli::say(stdout, "\n{} {} vs {}: ratio {:.3f}{} — {}{}\n", row.metric, row.b, row.a,
                         row.ratio,
                         row.ci_low ? fmt::format(" (95% CI {:.3f}..{:.3f}, {} rounds)", *row.ci_low,
                                                  *row.ci_high, a.repeat)
                                    : "",
                         row.verdict, row.note.empty() ? "" : " (" + row.note + ")");
        print_baseline_rows(rep);
        if (!rep.thresholds.empty()) cli::say(stdout, "\n");
        for (const auto& t : rep.thresholds)
            cli::say(stdout, "threshold [{}] {}\n", t.passed ? "ok" : "FAILED", t.message);
    } else {
        cli::redact_report(rep);
        cli::say(stdout, "{}", report::render(rep, *format));
    }
    if (!a.report_file.empty()) {
        auto w = report::write_report_file(rep, a.report_file);
        if (!w) throw std::runtime_error(w.error());
        if (!a.quiet) cli::say(stderr, "tpbench ab: report written to {}\n", a.report_file);
    }
    return rc;
}

// ---------------------------------------------------------------------------------------------
// tpbench (no subcommand): the seed benchmark's A/B

struct DemoArgs {
    bool full = false;
    int requests = 20000;
    int executions = 3;
    int warmups = 1;
    int latency_executions = 3;
    std::vector<std::string> sides;
    std::string report_file;
    std::string threshold;  // judged on every row (case) of the table, per side and as B/A ratios
    bool quiet = false;
    std::int64_t drain_timeout_ms = engine::default_stop_grace.count();  // --drain-timeout
    bool allow_writes = false;  // --allow-writes: the exercise row may reset a side's server
    std::string baseline;       // --baseline FILE: an earlier default A/B's JSON report
};

// The default A/B's report names one side per row: "ws37 Latency g.V()".
std::string row_name(const cli::SideSpec& side, const Case& c) {
    return fmt::format("{} {} {}", side.label, c.test_type, c.query);
}

// The default A/B report's scenario (what --baseline compares).
constexpr const char* demo_scenario = "default A/B (ProfilingApplication scenarios)";

int run_demo(const DemoArgs& a) {
    std::vector<cli::SideSpec> sides;
    for (const auto& s : a.sides) sides.push_back(cli::parse_side(s));
    if (sides.empty()) sides = default_sides();
    std::vector<std::string> labels;
    for (const auto& s : sides) labels.push_back(s.label);
    // --baseline FILE: read (a bad file is refused, exit 2) before the first request.
    std::optional<report::Report> base;
    if (!a.baseline.empty()) base = cli::load_baseline(a.baseline);
    const std::vector<stats::Threshold> thresholds =
        cli::parse_threshold_flag(a.threshold, labels, base.has_value());
    for (auto& side : sides) side.allow_writes = a.allow_writes;
    const std::string repeat_query = fmt::format("g.V().repeat(both()).times({})", a.full ? 18 : 15);
    const std::uint64_t repeat_expected = a.full ? 39750654 : 2824992;
    const KV common = {{"pauseBetweenRuns", "0"}, {"minExpectedRps", "0"}};
    auto with = [&](KV kv) {
        kv.insert(kv.begin(), common.begin(), common.end());
        return kv;
    };
    const std::string lat_exec = std::to_string(a.latency_executions);
    const std::string warm = std::to_string(a.warmups);
    const std::vector<Case> cases = {
        {"Latency", "g.V()", "vertices",
         with({{"testType", "0"}, {"script", "g.V()"}, {"executions", lat_exec}, {"warmups", warm}}), 6},
        {"Latency", repeat_query, "vertices",
         with({{"testType", "0"},
               {"script", repeat_query},
               {"executions", lat_exec},
               {"warmups", warm},
               {"timeout", "600000"}}),
         repeat_expected},
        {"Throughput", "1 + 1", "results",
         with({{"testType", "1"},
               {"script", "1+1"},
               {"requests", std::to_string(a.requests)},
               {"executions", std::to_string(a.executions)},
               {"warmups", warm}}),
         std::nullopt},
        {"Throughput", "exercise", "results",
         with({{"testType", "1"},
               {"exercise", "true"},
               {"requests", std::to_string(a.requests)},
               {"executions", std::to_string(a.executions)},
               {"warmups", warm}}),
         std::nullopt},
    };
    cli::check_output_path("--report", a.report_file);
    report::Report plan;  // --baseline: another scenario is refused before the first request
    plan.scenario = demo_scenario;
    for (const auto& c : cases)
        for (const auto& side : sides)
            plan.sides.push_back(
                cli::planned_side(row_name(side, c), side.backend, case_options(side, c, nullptr)));
    if (base) cli::check_same_scenario(*base, plan);
    cli::Targets targets;
    // Start the embedded server (if used) before printing where it listens.
    for (const auto& s : sides) (void)targets.endpoint(s);
    cli::say(
        stdout,
        "tpbench A/B: {} — latency: executions {}, warmups {}; throughput: parallelism 16, requests {}, "
        "executions {}, warmups {} (1000 requests each), pauseBetweenRuns 0, minExpectedRps 0\n\n",
        [&] {
            std::string s;
            for (const auto& side : sides)
                s += fmt::format("{}{} -> {}", s.empty() ? "" : " vs ", side.label, targets.describe(side));
            return s;
        }(),
        a.latency_executions, a.warmups, a.requests, a.executions, a.warmups);
    std::fflush(stdout);
    std::vector<CaseRun> runs;
    const std::size_t total = cases.size() * sides.size();
    const auto t0 = engine::Clock::now();
    // Per side: why its graph must not be reset although writes are allowed — a latency row
    // returned another count than the modern graph gives, so the server holds other data.
    std::map<std::string, std::string> foreign_graph;
    for (const auto& c : cases)
        for (const auto& side : sides) {
            if (cli::interrupted()) break;  // the rows after an interrupt do not run
            if (!a.quiet)
                cli::say(stderr, "[{}/{}] {} {} {} ({:.0f} s elapsed)\n", runs.size() + 1, total, side.label,
                         c.test_type, c.query,
                         std::chrono::duration<double>(engine::Clock::now() - t0).count());
            std::string skip;
            if (cli::side_options(side, nullptr, c.options).exercise) {
                skip = cli::write_refusal(side, cli::side_options(side, nullptr, c.options));
                if (skip.empty() && foreign_graph.count(side.label)) skip = foreign_graph[side.label];
            }
            if (!skip.empty()) {
                runs.push_back(skipped_case(targets, side, c, skip));
                if (!a.quiet) cli::say(stderr, "  -> {}\n", result_text(runs.back()));
                continue;
            }
            runs.push_back(run_case(targets, side, c, nullptr, a.quiet, false));
            if (const auto& r = runs.back();
                c.expected && r.report.test_mismatches() > 0 && !foreign_graph.count(side.label)) {
                const std::uint64_t got = r.report.tests.empty() ? 0 : r.report.tests.back().results;
                foreign_graph[side.label] = fmt::format(
                    "{}: {} returned {} results, not the modern graph's {}: the graph holds other data, so "
                    "the exercise reset ({}, {}) is not sent",
                    side.label, c.query, grouped(got), grouped(*c.expected), engine::init_clear_script,
                    engine::init_load_script);
            }
            if (!a.quiet) cli::say(stderr, "  -> {}\n", result_text(runs.back()));
        }
    if (cli::interrupted()) {
        cli::say(stdout, "\nINTERRUPTED: {} ({} of {} rows ran)\n\n", cli::interrupted_note(), runs.size(),
                 total);
        cli::say(stderr, "tpbench: {}\n", cli::interrupted_note());
    }
    print_table(runs);
    bool failed = false;
    for (const auto& r : runs) failed = failed || r.failed;
    // --threshold on every case (row group): each side's row, and B/A of the rows; "CASE: " names it.
    std::vector<report::ThresholdLine> threshold_lines;
    int th_rc = cli::exit_ok;
    std::vector<std::string> not_judged;  // rows not run (skipped): no figures to judge
    // Interrupted: no verdict on the rows that ran (some cases have no rows); the exit code says so.
    for (std::size_t ci = 0; ci < cases.size() && !thresholds.empty() && !cli::interrupted(); ++ci) {
        bool skipped = false;
        for (std::size_t si = 0; si < sides.size(); ++si)
            skipped = skipped || !runs[ci * sides.size() + si].skipped.empty();
        if (skipped) {
            not_judged.push_back(cases[ci].test_type + " " + cases[ci].query);
            continue;
        }
        std::vector<report::Side> case_sides;  // named as in the report (a --baseline's sides)
        for (std::size_t si = 0; si < sides.size(); ++si)
            case_sides.push_back(
                to_report_side(runs[ci * sides.size() + si], row_name(sides[si], cases[ci])));
        std::vector<cli::ThresholdSide> judged;
        for (std::size_t si = 0; si < sides.size(); ++si)
            judged.push_back({sides[si].label, {&case_sides[si]}});
        report::Report tmp;
        if (cli::apply_thresholds(tmp, thresholds, judged, true, base ? &*base : nullptr) != cli::exit_ok)
            th_rc = stats::kThresholdsFailedExitCode;
        const std::string name = cases[ci].test_type + " " + cases[ci].query;
        for (auto& t : tmp.thresholds)
            threshold_lines.push_back({name + ": " + t.expression, t.passed, name + ": " + t.message});
    }
    if (!a.report_file.empty() || base) {
        report::Report rep;
        rep.title = fmt::format("tpbench A/B: {} (ProfilingApplication scenarios)", sides_text(sides));
        rep.tool_version = std::string(tpbench::tool_version);
        rep.created_utc = report::now_utc_iso8601();
        rep.scenario = demo_scenario;
        for (const auto& r : runs) {
            rep.sides.push_back(to_report_side(r, row_name(*r.side, *r.c)));
            rep.sides.back().scenario = fmt::format("{} {}", r.c->test_type, r.c->query);
            // The seed's table row; its comparison index is set with the A/B rows below.
            rep.seed_table.push_back({rep.sides.back().name, branch_text(r), r.c->test_type,
                                      arguments_text(r), query_text(r), result_text(r), std::nullopt});
        }
        // One A/B row per case and side B (B relative to the first side): the printed figure of
        // each (average latency, or req/sec), its ratio and the verdict of one run per side.
        // Interrupted: the rows that ran are shown, no comparison of partial rows.
        for (std::size_t ci = 0; ci < cases.size() && !cli::interrupted(); ++ci) {
            const CaseRun& ra = runs[ci * sides.size()];
            for (std::size_t si = 1; si < sides.size(); ++si) {
                const CaseRun& rb = runs[ci * sides.size() + si];
                const bool lat = ra.report.latency;
                const auto figure = [lat](const CaseRun& r) {
                    std::vector<double> v;
                    if (!r.report.tests.empty())
                        v.push_back(lat ? r.report.avg_latency_seconds * 1e9
                                        : static_cast<double>(r.report.avg_req_per_sec));
                    return v;
                };
                stats::CompareOptions opt;
                opt.lower_is_better = lat;
                auto row = report::compare_metric(
                    fmt::format("{} {} ({})", ra.c->test_type, ra.c->query, lat ? "avg latency" : "req/sec"),
                    lat ? "ns" : "rps", sides[0].label, sides[si].label, figure(ra), figure(rb), opt);
                if (ra.failed || rb.failed) {
                    row.verdict = "failed";
                    std::string why;
                    for (const auto* r : {&ra, &rb})
                        if (r->failed)
                            why +=
                                fmt::format("{}{}: {}", why.empty() ? "" : "; ", r->side->label, r->failure);
                    row.note = why;
                } else if (!ra.skipped.empty() || !rb.skipped.empty()) {
                    // A row not run (a write tpbench may not make) has no figure to compare.
                    row.verdict = "skipped";
                    row.note = !ra.skipped.empty() ? ra.skipped : rb.skipped;
                }
                rep.seed_table[ci * sides.size() + si].comparison = rep.comparisons.size();
                rep.comparisons.push_back(std::move(row));
            }
        }
        // --baseline: each row against its row in the earlier report (the same pool shapes, else
        // exit 2), after the A/B rows (the seed table's indexes stay valid).
        if (base && !cli::interrupted()) {
            cli::check_same_scenario(*base, rep);
            cli::add_baseline_rows(rep, *base);
            print_baseline_rows(rep);
        }
        rep.thresholds = threshold_lines;
        cli::mark_interrupted(rep);
        cli::redact_report(rep);
        if (!a.report_file.empty()) {
            auto w = report::write_report_file(rep, a.report_file);
            if (!w) throw std::runtime_error(w.error());
        }
    }
    if (!threshold_lines.empty()) cli::say(stdout, "\n");
    for (const auto& t : threshold_lines)
        cli::say(stdout, "threshold [{}] {}\n", t.passed ? "ok" : "FAILED", t.message);
    for (const auto& name : not_judged)
        cli::say(stdout, "threshold [skipped] {}: not judged, the row was not run (see the table)\n", name);
    if (!a.quiet)
        cli::say(stderr, "done in {:.0f} s{}\n",
                 std::chrono::duration<double>(engine::Clock::now() - t0).count(),
                 failed ? " — some rows FAILED" : "");
    return th_rc != cli::exit_ok ? th_rc : failed ? cli::exit_run_failed : cli::exit_ok;
}

}  // namespace

void register_ab(CLI::App& app) {
    auto* sub = app.add_subcommand(
        "ab", fmt::format("run one scenario on several sides (default: {} on the embedded server)",
                          default_side_names()));
    auto args = std::make_shared<AbArgs>();
    sub->add_option(
        "--side", args->sides,
        "BACKEND[@HOST:PORT | @URL] [key=value ...], e.g. 'http4@127.0.0.1:8182 maxConnectionPoolSize=5000 "
        "dialect=4.0' or 'ws37@wss://db:8182/gremlin user=bob password-env=PW tls-ca=ca.pem'; repeat for "
        "each side (keys: docs/usage.md)");
    args->profiling.add_to(*sub);
    sub->add_option("--expect-results", args->expect_results,
                    "latency mode: result count every execution must return");
    sub->add_option("--format", args->format, "markdown | table | json | csv | html")->capture_default_str();
    sub->add_option("--report", args->report_file,
                    "also write the one report of every side to FILE (.html, .json, .md, .csv)");
    sub->add_option("--threshold", args->threshold,
                    "pass/fail thresholds, exit 99 when one fails: 'p99<20ms' (every side), 'http4:p99<20ms' "
                    "(one side), 'ratio:rps>0.9' (each side B / the first side A); repeatable")
        ->multi_option_policy(CLI::MultiOptionPolicy::Join)
        ->delimiter(',');
    sub->add_option("--rate", args->rate,
                    "open loop: offered req/s on each side in turn (with --sweep the starting rate)")
        ->check(CLI::Range(0.001, 10'000'000.0));
    sub->add_option("--duration", args->duration_s, "open loop: measured seconds per rate step")
        ->capture_default_str()
        ->check(CLI::Range(0.1, 86400.0));
    sub->add_flag(
        "--sweep", args->sweep,
        "open loop: step each side's rate up until --slo fails; prints each side's max sustainable rate");
    sub->add_option("--slo", args->slo, "sweep criterion (threshold syntax)")->capture_default_str();
    sub->add_option("--sweep-factor", args->sweep_factor, "sweep: rate multiplier per step")
        ->capture_default_str()
        ->check(CLI::Range(1.05, 10.0));
    sub->add_option("--sweep-steps", args->sweep_steps, "sweep: maximum steps per side")
        ->capture_default_str()
        ->check(CLI::Range(1, 100));
    sub->add_option("--repeat", args->repeat, "interleaved rounds per side; with >= 2 a bootstrap CI verdict")
        ->capture_default_str();
    sub->add_option(
           "--baseline", args->baseline,
           "compare every side with its side in this earlier JSON report (--report FILE.json) of the "
           "same scenario; thresholds 'p99<1.10x baseline', 'http4:rps>0.95x baseline' (docs/usage.md)")
        ->check(CLI::ExistingFile);
    sub->add_flag("--quiet", args->quiet, "no progress on stderr");
    cli::add_allow_writes_flag(*sub, args->allow_writes);
    cli::add_drain_timeout_flag(*sub, args->drain_timeout_ms);
    sub->callback([args] {
        cli::InterruptGuard interrupt(args->drain_timeout_ms);
        cli::run_command("tpbench ab", [&] { return run_ab(*args); });
    });
}

void register_default(CLI::App& app) {
    auto args = std::make_shared<DemoArgs>();
    app.add_flag("--full", args->full, "default A/B: times(18) (39,750,654 results) instead of times(15)");
    app.add_option("--requests", args->requests, "default A/B: requests per throughput execution")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000000));
    app.add_option("--executions", args->executions, "default A/B: throughput test executions")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000));
    app.add_option("--latency-executions", args->latency_executions, "default A/B: latency test executions")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000));
    app.add_option("--warmups", args->warmups, "default A/B: warm-up executions")
        ->capture_default_str()
        ->check(CLI::Range(0, 100));
    app.add_option("--side", args->sides, "default A/B: sides (see `tpbench ab --help`)");
    app.add_option("--report", args->report_file,
                   "default A/B: also write a report file (.html, .json, .md, .csv)");
    app.add_option("--threshold", args->threshold,
                   "default A/B: pass/fail thresholds on every row, per side ('p99<20ms', 'http4:p99<20ms') "
                   "and B/A ('ratio:rps>0.9'); exit 99 when one fails; repeatable")
        ->multi_option_policy(CLI::MultiOptionPolicy::Join)
        ->delimiter(',');
    app.add_option("--baseline", args->baseline,
                   "default A/B: compare every row with its row in this earlier default A/B JSON report; "
                   "thresholds 'p99<1.10x baseline' (docs/usage.md)")
        ->check(CLI::ExistingFile);
    app.add_flag("--quiet", args->quiet, "default A/B: no progress on stderr");
    cli::add_drain_timeout_flag(app, args->drain_timeout_ms);
    cli::add_allow_writes_flag(app, args->allow_writes);
    app.callback([args, &app] {
        if (!app.get_subcommands().empty()) return;
        cli::InterruptGuard interrupt(args->drain_timeout_ms);
        cli::run_command("tpbench", [&] { return run_demo(*args); });
    });
}
