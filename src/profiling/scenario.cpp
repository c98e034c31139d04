#include <tpbench/profiling/scenario.hpp>

#include <tpbench/engine/interrupt.hpp>
#include <tpbench/profiling/java_compat.hpp>

#include <fmt/core.h>

#include <cerrno>
#include <fstream>
#include <system_error>
#include <thread>

namespace tpbench::engine {

using namespace std::chrono_literals;

LoadSpec execution_spec(const ProfilingOptions& o, Generation g) {
    LoadSpec s;
    s.workers = static_cast<std::size_t>(o.nio_pool_size);
    const bool ws = is_ws_generation(g);
    s.pool.max_connections = static_cast<std::size_t>(o.max_connection_pool_size);
    s.pool.min_connections = ws ? static_cast<std::size_t>(o.min_connection_pool_size) : 0;
    s.pool.max_in_process_per_connection = ws ? static_cast<std::size_t>(o.max_in_process_per_connection) : 1;
    s.pool.max_simultaneous_usage_per_connection =
        ws ? static_cast<std::size_t>(o.max_simultaneous_usage_per_connection) : 1;
    s.pool.max_wait_for_connection = std::chrono::milliseconds(o.max_wait_for_connection_ms);
    if (o.latency_mode()) {
        // One request that may legitimately run for minutes (times(18)): its budget is the run's.
        s.request_timeout = std::chrono::milliseconds(o.timeout_ms);
    } else {
        s.request_timeout = std::chrono::milliseconds(o.request_timeout_ms);
        s.too_slow_threshold = std::chrono::milliseconds(o.too_slow_threshold_ms);
    }
    s.run_deadline = std::chrono::milliseconds(o.timeout_ms) + s.request_timeout;
    return s;
}

namespace {

void emit(const std::function<void(const std::string&)>& sink, const std::string& line) {
    if (sink) sink(line);
}

// pauseBetweenRuns; a stop request (interrupt.hpp) ends it early.
void pause(std::int32_t ms) {
    if (ms > 0) (void)sleep_unless_stopped(std::chrono::milliseconds(ms));
}

bool store_is_empty(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    return !in || in.tellg() <= 0;
}

void append_line(const std::string& path, const std::string& line) {
    std::ofstream out(path, std::ios::app);
    if (!out)
        throw std::system_error(errno, std::generic_category(), "cannot open store file '" + path + "'");
    out << line << '\n';
    if (!out)
        throw std::system_error(errno, std::generic_category(), "cannot write store file '" + path + "'");
}

}  // namespace

RequestPlanner::RequestPlanner(const ProfilingOptions& o, const std::vector<WeightedQuery>* workload)
    : exercise_(o.exercise && !o.latency_mode()), random_(0) {
    auto make = [&](std::string script, std::optional<std::uint64_t> expected) {
        RequestTemplate t;
        t.request.gremlin = std::move(script);
        t.request.batch_size = o.batch_size;
        t.expected_results = expected;
        return t;
    };
    if (workload) {
        for (const auto& q : *workload) templates_.push_back(q.request);
        weighted_.emplace(*workload, 0);
        for (std::size_t i = 0; i < templates_.size(); ++i) {
            if (!templates_[i].feeder) continue;
            if (templates_[i].feeder->rows.empty())
                throw ConfigError(fmt::format("feeder {}: not loaded", templates_[i].feeder->file));
            cursors_.resize(templates_.size());
            cursors_[i].emplace(*templates_[i].feeder);
        }
    } else if (exercise_) {
        const auto& scripts = exercise_scripts();
        const auto& counts = exercise_expected_counts();
        for (std::size_t i = 0; i < scripts.size(); ++i) {
            templates_.push_back(make(std::string(scripts[i]), counts[i]));
            templates_.back().label = std::string(scripts[i]);  // the per-query breakdown's name
        }
    } else {
        templates_.push_back(make(o.script, std::nullopt));
    }
}

void RequestPlanner::set_expected(std::optional<std::uint64_t> n) {
    if (!weighted_ && !exercise_) templates_[0].expected_results = n;
}

std::vector<std::uint32_t> RequestPlanner::next(std::size_t n, std::vector<std::uint32_t>* rows) {
    if (weighted_ && !cursors_.empty()) {
        if (!rows) throw std::invalid_argument("request planner: a feeder's workload needs rows");
        rows->clear();
        if (exhausted_) return {};
        std::vector<std::uint32_t> plan = weighted_->next(n);
        rows->resize(plan.size(), 0);
        for (std::size_t i = 0; i < plan.size(); ++i) {
            auto& c = cursors_[plan[i]];
            if (!c) continue;
            const auto r = c->next();
            if (!r) {  // a once-through feeder has given every row: the plan ends here
                exhausted_ = true;
                plan.resize(i);
                rows->resize(i);
                break;
            }
            (*rows)[i] = *r;
        }
        return plan;
    }
    if (weighted_) return weighted_->next(n);
    std::vector<std::uint32_t> plan(n, 0);
    if (exercise_) {
        // scripts[random.nextInt(scripts.length - 1)]: the last script is never chosen.
        const auto bound = static_cast<std::int32_t>(templates_.size() - 1);
        for (auto& p : plan) p = static_cast<std::uint32_t>(random_.next_int(bound));
    }
    return plan;
}

std::uint64_t ProfilingReport::test_errors() const noexcept {
    std::uint64_t n = 0;
    for (const auto& t : tests) n += t.errors;
    return n;
}

std::uint64_t ProfilingReport::test_mismatches() const noexcept {
    std::uint64_t n = 0;
    for (const auto& t : tests) n += t.result_mismatches;
    return n;
}

ProfilingReport run_profiling(const ProfilingOptions& o, Generation g, const Endpoint& ep,
                              const ProfilingSinks& sinks, std::optional<std::uint64_t> expected_results,
                              const std::vector<WeightedQuery>* workload) {
    o.validate();
    ProfilingReport rep;
    rep.generation = g;
    rep.options = o;
    rep.latency = o.latency_mode();
    RequestPlanner planner(o, workload);
    planner.set_expected(expected_results);
    SessionConfig scfg = ep.session;
    scfg.max_in_process_per_connection =
        is_ws_generation(g) ? static_cast<std::size_t>(o.max_in_process_per_connection) : 1;

    emit(sinks.out, std::string(rep.latency ? banner_latency : banner_throughput));
    // An auth_failed answer to a client that sent no credentials is not about credentials (e.g. a
    // WebSocket-only server refusing HTTP): the messages say so.
    const bool no_credentials = scfg.target.auth.mechanism == AuthOptions::Mechanism::none;

    // Runs one script to completion on a single connection (exercise initialisation).
    auto run_init = [&](std::string_view script) -> bool {
        LoadSpec s = execution_spec(o, g);
        s.workers = 1;
        s.pool.min_connections = 1;
        s.pool.max_connections = 1;
        s.request_timeout = std::chrono::milliseconds(o.request_timeout_ms);
        s.run_deadline = s.request_timeout + 5s;
        RequestTemplate t;
        t.request.gremlin = std::string(script);
        t.request.batch_size = o.batch_size;
        s.templates.push_back(t);
        s.plan = {0};
        LoadResult r = ep.run ? ep.run("init", s, ep.factory, scfg) : run_load(s, ep.factory, scfg);
        if (r.interrupted) {
            rep.interrupted = true;
            return false;
        }
        if (r.setup_failed || r.measured().failed > 0) {
            rep.aborted = true;
            rep.abort_reason = fmt::format("initialisation script '{}' failed: {}", script,
                                           r.setup_failed ? r.setup_error : r.first_error_message);
            return false;
        }
        return true;
    };

    if (o.exercise && !ep.may_write) {
        // A user's server is never written without consent: nothing is sent.
        rep.aborted = true;
        rep.abort_reason = fmt::format(
            "not resetting the graph of {}:{} (exercise: {}, {}): writes to this server were not allowed",
            scfg.target.host, scfg.target.port, init_clear_script, init_load_script);
        return rep;
    }
    if (o.exercise) {
        emit(sinks.out, std::string(banner_initialization));
        emit(sinks.progress,
             fmt::format("[{}] resetting the server graph (graph.clear(), generateModern)", ep.backend));
        if (!run_init(init_clear_script)) return rep;
        emit(sinks.out, "Cleared existing 'graph'");
        if (!run_init(init_load_script)) return rep;
        emit(sinks.out, "Modern graph loaded");
    }

    if (o.store && !rep.latency && store_is_empty(*o.store)) append_line(*o.store, tsv_header(g));

    // Runs one execution and prints its line. Returns false when the whole run must stop.
    auto execute = [&](const std::string& name, bool warm,
                       std::size_t requests) -> std::optional<ExecutionResult> {
        LoadSpec s = execution_spec(o, g);
        s.templates = planner.templates();
        s.plan = planner.next(requests, &s.rows);
        if (planner.feeder_exhausted()) {
            // A once-through feeder gave its last row: this execution has what is left, or nothing.
            if (s.plan.empty()) {
                emit(sinks.progress,
                     fmt::format("[{}] {}: a once-through feeder has given every row: stopping", ep.backend,
                                 name));
                return std::nullopt;
            }
            requests = s.plan.size();
        }
        const std::uint64_t total = requests;
        if (sinks.progress && total >= 5000) {
            s.progress = [&, name](std::uint64_t done, std::uint64_t all) {
                sinks.progress(fmt::format("[{}] {}: {}/{} requests", ep.backend, name, done, all));
            };
        }
        emit(sinks.progress, fmt::format("[{}] {}: {} ...", ep.backend, name,
                                         rep.latency ? "1 request" : fmt::format("{} requests", requests)));
        LoadResult r = ep.run ? ep.run(name, s, ep.factory, scfg) : run_load(s, ep.factory, scfg);
        ExecutionResult e;
        e.name = name;
        e.warmup = warm;
        e.lanes = r.lanes;
        e.capacity = r.capacity;
        e.connections = r.connections_opened;
        e.per_connection = r.per_connection_in_flight;
        e.first_error = r.first_error_message;
        rep.connect.merge(r.connect);
        for (const auto& [counter, n] : r.counters) rep.counters[counter] += n;
        PhaseStats all = r.measured();
        all.merge(r.warmup());
        e.requests = all.issued;
        e.results = all.results;
        e.too_slow = all.too_slow;
        e.errors = all.failed;
        e.result_mismatches = all.result_mismatches;
        if (r.setup_failed) {
            e.failed = true;
            e.failure = fmt::format("cannot connect to {}:{} ({})", scfg.target.host, scfg.target.port,
                                    r.setup_error);
            // Wrong credentials or an untrusted certificate will not get better in the next
            // execution: end the run now instead of retrying every warm-up and test.
            if (r.setup_error_class == errc::auth_failed || r.setup_error_class == errc::tls_failed) {
                rep.aborted = true;
                rep.abort_reason =
                    e.failure + (r.setup_error_class == errc::tls_failed
                                     ? ": the TLS handshake failed (tls_failed); not retrying"
                                 : no_credentials
                                     ? ": the server refused the request although no credentials were sent "
                                       "(auth_failed); not retrying"
                                     : ": the server refused the credentials (auth_failed); not retrying");
                return std::nullopt;
            }
            if (!has_errors_column(g) || rep.latency) {
                // 3.7.3 and master-http rethrow; latency mode aborts on any failure.
                rep.aborted = true;
                rep.abort_reason = e.failure;
                return std::nullopt;
            }
            emit(sinks.out, fmt::format("Failed Execution: {} - {}", name, e.failure));
            return e;
        }
        e.seconds = r.elapsed_seconds;
        if (r.fatal_error != errc::ok) {
            // A connection opened mid-execution was refused for credentials/TLS: stop the run.
            rep.aborted = true;
            rep.abort_reason = fmt::format("{}: {}:{} refused the {} ({}{}): stopped, not retrying", name,
                                           scfg.target.host, scfg.target.port,
                                           r.fatal_error != errc::auth_failed ? "TLS connection"
                                           : no_credentials ? "request although no credentials were sent"
                                                            : "credentials",
                                           errc_name(r.fatal_error),
                                           r.first_error_message.empty() ? "" : ": " + r.first_error_message);
            return std::nullopt;
        }
        if (r.interrupted) {
            // Stopped on request: keep what ran (the caller stops the run), print no Java line.
            e.interrupted = true;
            rep.interrupted = true;
            if (!rep.latency && e.seconds > 0)
                e.req_per_sec = java_round_rps(static_cast<double>(all.completed), e.seconds);
            emit(sinks.progress,
                 fmt::format("[{}] {}: interrupted after {} request(s) sent, {} completed, {} failed",
                             ep.backend, name, all.issued, all.completed, all.failed));
        } else if (rep.latency) {
            if (e.errors > 0) {
                rep.aborted = true;
                rep.abort_reason = fmt::format("{} failed: {}", name, r.first_error_message);
                return std::nullopt;
            }
            emit(sinks.out, latency_line(name, e.seconds, static_cast<std::int64_t>(e.results)));
        } else {
            e.req_per_sec = java_round_rps(static_cast<double>(requests), e.seconds);
            emit(sinks.out, throughput_line(
                                name, static_cast<std::int64_t>(requests), e.seconds, e.req_per_sec,
                                o.exercise ? std::nullopt : std::optional<std::int64_t>(e.too_slow),
                                has_errors_column(g) ? std::optional<std::int64_t>(e.errors) : std::nullopt));
        }
        if (e.errors > 0)
            emit(sinks.progress, fmt::format("[{}] {}: {} request(s) failed, first: {}", ep.backend, name,
                                             e.errors, r.first_error_message));
        rep.lanes = std::max(rep.lanes, e.lanes);
        rep.capacity = std::max(rep.capacity, e.capacity);
        rep.per_connection = std::max(rep.per_connection, e.per_connection);
        rep.connections = e.connections;
        if (!warm) {
            rep.measured.merge(all);
            for (std::size_t i = 0; i < errc_slots; ++i) rep.errors_by_class[i] += all.errors[i];
        }
        return e;
    };

    emit(sinks.out, std::string(banner_warmup));
    const bool inclusive = warmup_check_inclusive(g);
    for (std::int32_t i = 1; i <= o.warmups && !rep.interrupted; ++i) {
        if (stop_requested()) {
            rep.interrupted = true;
            break;
        }
        auto e = execute(fmt::format("warmup-{}", i), true,
                         rep.latency ? 1 : static_cast<std::size_t>(o.warmup_requests));
        if (!e && planner.feeder_exhausted() && !rep.aborted) break;
        if (!e) return rep;
        rep.warmups.push_back(*e);
        if (rep.interrupted) break;
        bool ok;
        if (rep.latency) {
            // Java compares seconds with the millisecond timeout; compare like units instead.
            ok = e->seconds * 1000.0 <= static_cast<double>(o.timeout_ms);
        } else {
            ok = inclusive ? e->req_per_sec >= o.min_expected_rps : e->req_per_sec > o.min_expected_rps;
        }
        pause(o.pause_between_runs_ms);
        if (!ok) {
            rep.warmup_ok = false;
            emit(sinks.progress,
                 fmt::format(
                     "[{}] {} missed the threshold ({}): {}", ep.backend, e->name,
                     rep.latency ? fmt::format("timeout {} ms", o.timeout_ms)
                                 : fmt::format("minExpectedRps {}", o.min_expected_rps),
                     o.exercise ? "running the test cycle anyway (exercise)" : "skipping the test cycle"));
            break;
        }
    }

    double sum_seconds = 0;
    std::int64_t sum_rps = 0;
    if ((o.exercise || rep.warmup_ok) && !rep.interrupted && !stop_requested()) {
        rep.test_cycle_ran = true;
        emit(sinks.out, std::string(banner_test));
        const auto cycle_start = Clock::now();
        for (std::int32_t i = 1; i <= o.executions; ++i) {
            if (stop_requested()) {
                rep.interrupted = true;
                break;
            }
            auto e = execute(fmt::format("test-{}", i), false,
                             rep.latency ? 1 : static_cast<std::size_t>(o.requests));
            if (!e && planner.feeder_exhausted() && !rep.aborted) break;
            if (!e) return rep;
            rep.tests.push_back(*e);
            sum_seconds += e->seconds;
            sum_rps += e->req_per_sec;
            if (rep.interrupted) break;
            bool over = Clock::now() - cycle_start > std::chrono::milliseconds(o.timeout_ms);
            if (ep.agree) over = ep.agree(over);
            if (over) {
                rep.timed_out = true;
                emit(sinks.progress, fmt::format("[{}] test cycle exceeded timeout {} ms: stopping",
                                                 ep.backend, o.timeout_ms));
                break;
            }
            pause(o.pause_between_runs_ms);
        }
    }

    if (rep.interrupted || stop_requested()) {
        // ProfilingApplication killed by the signal would print no average: neither does this, and
        // the store gets no row. The report's averages cover the test executions that ran.
        rep.interrupted = true;
        const auto ran = static_cast<std::int64_t>(rep.tests.size());
        if (ran > 0) {
            rep.avg_latency_seconds = sum_seconds / static_cast<double>(ran);
            rep.avg_req_per_sec = sum_rps / ran;
        }
        emit(sinks.progress, fmt::format("[{}] interrupted: {} of {} test execution(s) ran; no average line",
                                         ep.backend, rep.tests.size(), o.executions));
        return rep;
    }
    const bool zero = !rep.warmup_ok || rep.timed_out || o.executions == 0;
    if (rep.latency) {
        rep.avg_latency_seconds = zero ? 0.0 : sum_seconds / o.executions;
        emit(sinks.out, avg_latency_line(rep.avg_latency_seconds));
    } else {
        // Long division by the configured number of executions, as Java does.
        rep.avg_req_per_sec = zero ? 0 : sum_rps / o.executions;
        emit(sinks.out, avg_throughput_line(rep.avg_req_per_sec));
        if (o.store) append_line(*o.store, tsv_row(o, g, rep.avg_req_per_sec));
    }
    return rep;
}

}  // namespace tpbench::engine
