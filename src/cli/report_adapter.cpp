#include "report_adapter.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace tpbench::cli {

std::string compression_name(const std::map<std::string, std::string>* backend_options) {
    if (!backend_options) return "none";
    auto it = backend_options->find("compression");
    return it != backend_options->end() && it->second == "true" ? "deflate" : "none";
}

report::Side to_report_side(const SideInput& in, const engine::PhaseStats& m,
                            std::span<const std::uint64_t> errors, const engine::ConnectStats& connect,
                            const engine::Counters& counters) {
    report::Side s;
    s.name = in.name;
    s.config.backend = in.backend;
    s.config.serializer = in.serializer;
    s.config.compression = compression_name(in.backend_options);
    s.config.in_flight_per_connection = in.per_connection;
    s.config.effective_concurrency = in.capacity;
    s.config.connections = in.per_connection ? in.capacity / in.per_connection : 0;
    s.config.extra["target"] = in.target;
    s.config.extra["workers"] = std::to_string(in.workers);
    s.requests = m.issued;
    s.completed = m.completed;
    s.failed = m.failed;
    s.results = m.results;
    s.bytes_out = m.bytes_out;
    s.bytes_in = m.bytes_in;
    s.latency = m.latency;
    s.service = m.service;
    s.ttfr = m.ttfr;
    s.ttlr = m.service;
    for (std::size_t i = 0; i < errors.size() && i < engine::errc_slots; ++i)
        if (errors[i])
            s.errors.push_back({engine::errc_name(static_cast<errc>(i)), errors[i],
                                m.error_messages_of(static_cast<errc>(i))});
    // A wrong result count is a failed request (schema tpbench.report/2): the engine counts it as
    // completed, the report does not.
    const std::uint64_t wrong = std::min(m.result_mismatches, m.completed);
    if (wrong > 0) {
        s.wrong_result_count = wrong;
        s.completed -= wrong;
        s.failed += wrong;
        s.errors.push_back(
            {std::string(report::kWrongResultClass),
             wrong,
             {fmt::format("{} request(s) returned a result count other than expected (a workload "
                          "line's expect, --expect-results or the exercise mix's counts)",
                          wrong)}});
    }
    s.queries = query_breakdown(m);
    s.connect = connect_times(connect);
    s.config.dialect = connect.dialect;
    s.transactions = transaction_times(m.tx);
    s.diagnostics = counters;
    return s;
}

std::vector<report::QueryBreakdown> query_breakdown(const engine::PhaseStats& m) {
    std::vector<report::QueryBreakdown> out;
    std::uint64_t total = 0;
    for (const auto& q : m.queries) total += q.completed + q.failed;
    for (const auto& q : m.queries) {
        report::QueryBreakdown b;
        b.label = q.label;
        b.line = q.line;
        b.count = q.completed + q.failed;
        // A wrong result count is a failed request, as for the side (schema tpbench.report/2).
        b.wrong_result_count = std::min(q.result_mismatches, q.completed);
        b.completed = q.completed - b.wrong_result_count;
        b.failed = q.failed + b.wrong_result_count;
        b.results = q.results;
        b.share = total > 0 ? static_cast<double>(b.count) / static_cast<double>(total) : 0;
        b.latency = q.latency;
        b.ttfr = q.ttfr;
        for (std::size_t i = 0; i < q.errors.size(); ++i)
            if (q.errors[i]) b.errors.push_back({engine::errc_name(static_cast<errc>(i)), q.errors[i]});
        if (b.wrong_result_count > 0)
            b.errors.push_back({std::string(report::kWrongResultClass), b.wrong_result_count});
        out.push_back(std::move(b));
    }
    return out;
}

std::optional<report::ConnectTimes> connect_times(const engine::ConnectStats& c) {
    if (c.connections == 0 && c.failures == 0) return std::nullopt;
    report::ConnectTimes t;
    t.connections = c.connections;
    t.tls_handshakes = c.tls_handshakes;
    t.tls_resumed = c.tls_resumed;
    t.failures = c.failures;
    t.tcp = c.tcp;
    if (c.tls.count() > 0) t.tls = c.tls;
    if (c.protocol.count() > 0) t.protocol = c.protocol;
    return t;
}

std::optional<report::TransactionTimes> transaction_times(const engine::TxStats& t) {
    if (t.started == 0) return std::nullopt;
    report::TransactionTimes r;
    r.started = t.started;
    r.committed = t.committed;
    r.rolled_back = t.rolled_back;
    r.failed = t.failed;
    r.requests = t.requests;
    if (t.latency.count() > 0) r.latency = t.latency;
    return r;
}

}  // namespace tpbench::cli
