// `tpbench profile KEY VALUE ...` — ProfilingApplication's own command line, unchanged: alternating
// key/value words (a trailing key is dropped, a repeated key is an error, booleans follow
// Boolean.parseBoolean, testType % 2 selects the mode). Prints exactly the lines the Java tool
// prints on stdout; progress and warnings go to stderr.
#include "cli_common.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "thresholds.hpp"

#include <tpbench/engine/interrupt.hpp>
#include <tpbench/report/render.hpp>
#include <tpbench/version.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>
#include <memory>

namespace {

using namespace tpbench;

struct ProfileArgs {
    std::string backend{backends::default_backend().name};
    int port = 8182;
    std::string generation;
    std::vector<std::string> options;
    cli::SecurityFlags security;
    std::int64_t connect_timeout_ms = 0;  // --connect-timeout (0 = the default)
    std::string threshold;                // --threshold: judged on the test executions merged
    std::string report_file;              // --report FILE (.html, .json, .md, .csv)
    bool quiet = false;
    std::int64_t drain_timeout_ms = engine::default_stop_grace.count();  // --drain-timeout
};

int run_profile(const ProfileArgs& a, const std::vector<std::string>& kv) {
    cli::SideSpec side = cli::parse_side(a.backend);
    if (!a.generation.empty()) {
        side.generation = engine::parse_generation(a.generation);
        if (!side.generation) throw engine::ConfigError(fmt::format("unknown generation '{}'", a.generation));
    }
    for (const auto& o : a.options) {
        const auto eq = o.find('=');
        if (eq == std::string::npos || eq == 0)
            throw engine::ConfigError(fmt::format("--option expects key=value, got '{}'", o));
        cli::check_backend_option(side.backend, o.substr(0, eq));
        side.backend_options[o.substr(0, eq)] = o.substr(eq + 1);
    }
    const engine::Generation g = side.effective_generation();
    engine::ParsedArgs parsed = engine::parse_profiling_args(kv, g);
    for (const auto& w : parsed.warnings) cli::say(stderr, "tpbench profile: warning: {}\n", w);
    engine::ProfilingOptions o = parsed.options;
    // ProfilingApplication reads `host` (default localhost, port fixed at 8182); without a host
    // key tpbench profiles its embedded server.
    const bool host_given = std::find(kv.begin(), kv.end(), "host") != kv.end();
    if (host_given) {
        side.host = o.host;
        side.port = static_cast<std::uint16_t>(a.port);
    }
    side.security = a.security.given();
    if (a.connect_timeout_ms > 0) side.connect_timeout = std::chrono::milliseconds(a.connect_timeout_ms);
    cli::finish_security(side);
    // (parse_profiling_args already ignored the WebSocket-only pool keys for HTTP generations.)
    side.serializer = o.serializer;
    o.validate();
    // Checked before the first request (a bad expression exits 2).
    const std::vector<stats::Threshold> thresholds = cli::parse_threshold_flag(a.threshold, {side.label});
    if (o.store) cli::check_output_path("store", *o.store);
    if (o.exercise && side.host) {
        // The user typed `exercise true`: ProfilingApplication resets the graph, and so does this
        // command — said out loud, since it deletes whatever the server holds.
        side.allow_writes = true;
        cli::say(stderr,
                 "tpbench profile: warning: exercise true resets the graph of {}:{} ({}, {}) before the "
                 "run, as ProfilingApplication does: its data is deleted\n",
                 *side.host, side.port, engine::init_clear_script, engine::init_load_script);
    }
    cli::Targets targets;
    engine::Endpoint ep = targets.endpoint(side);
    if (!a.quiet)
        cli::say(stderr, "tpbench profile: {} (generation {}) -> {}\n", side.label,
                 engine::generation_name(g), targets.describe(side));
    engine::ProfilingSinks sinks;
    sinks.out = [](const std::string& line) {
        cli::say(stdout, "{}\n", line);
        std::fflush(stdout);
    };
    if (!a.quiet) sinks.progress = [](const std::string& line) { cli::say(stderr, "{}\n", line); };
    engine::ProfilingReport rep = engine::run_profiling(o, g, ep, sinks);
    const bool interrupted = cli::interrupted();
    if (interrupted)
        // stdout keeps ProfilingApplication's lines (those of the executions that ended); the partial
        // figures go to stderr and --report. run_command exits 128 + signal.
        cli::say(stderr,
                 "tpbench profile: {}: {} warm-up and {} test execution(s) ran, {} request(s) completed, {} "
                 "failed\n",
                 cli::interrupted_note(), rep.warmups.size(), rep.tests.size(), rep.measured.completed,
                 rep.measured.failed);
    if (rep.aborted && !interrupted) {
        cli::say(stderr, "tpbench profile: {}\n", rep.abort_reason);
        return cli::exit_run_failed;
    }
    if (thresholds.empty() && a.report_file.empty()) return cli::exit_ok;
    // ProfilingApplication's lines stay alone on stdout: the thresholds are told on stderr and in
    // the --report file.
    const std::string where = targets.describe(side);
    report::Report r;
    r.tool_version = std::string(tpbench::tool_version);
    r.created_utc = report::now_utc_iso8601();
    r.title = fmt::format("tpbench profile ({}): {}", rep.latency ? "latency" : "throughput", side.label);
    r.scenario = o.exercise ? "exercise mix" : o.script;
    r.meta["target"] = where;
    r.meta["generation"] = std::string(engine::generation_name(g));
    r.sides.push_back(cli::profiling_side(rep, side, o, where, side.label));
    cli::mark_interrupted(r);
    const int th_rc = cli::apply_thresholds(r, thresholds, {{side.label, {&r.sides.back()}}});
    for (const auto& t : r.thresholds)
        cli::say(stderr, "tpbench profile: threshold [{}] {}\n", t.passed ? "ok" : "FAILED", t.message);
    if (!a.report_file.empty()) {
        cli::redact_report(r);
        auto w = report::write_report_file(r, a.report_file);
        if (!w) throw std::runtime_error(w.error());
    }
    return th_rc;
}

}  // namespace

void register_profile(CLI::App& app) {
    auto* sub = app.add_subcommand("profile",
                                   "ProfilingApplication's key/value command line (e.g. profile testType 0 "
                                   "script 'g.V()' executions 3)");
    auto args = std::make_shared<ProfileArgs>();
    sub->add_option("--backend", args->backend, backends::backend_names(" | "))->capture_default_str();
    sub->add_option("--port", args->port,
                    "port used with the `host` key (ProfilingApplication has no port key)")
        ->capture_default_str()
        ->check(CLI::Range(1, 65535));
    sub->add_option("--generation", args->generation,
                    "3.7.3 | 3.7 | master-http | 4.0 (default per backend)");
    sub->add_option("--option", args->options, "backend option key=value; repeatable");
    sub->add_flag("--quiet", args->quiet, "no progress on stderr");
    sub->add_option("--threshold", args->threshold,
                    "pass/fail thresholds on the test executions merged, e.g. 'p99<20ms,errors<1%' (results "
                    "on stderr; exit 99 when one fails)");
    sub->add_option("--report", args->report_file,
                    "also write a report of the test executions to FILE (.html, .json, .md, .csv)");
    cli::add_connect_timeout_flag(*sub, args->connect_timeout_ms);
    cli::add_drain_timeout_flag(*sub, args->drain_timeout_ms);
    args->security.add_to(*sub);
    sub->prefix_command();
    sub->callback([args, sub] {
        cli::InterruptGuard interrupt(args->drain_timeout_ms);
        cli::run_command("tpbench profile", [&] { return run_profile(*args, sub->remaining()); });
    });
}
