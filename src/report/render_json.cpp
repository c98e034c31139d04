// JSON report (schema tpbench.report/2, docs/report-schema.md): writer and reader.
#include "common.hpp"

#include <tpbench/report/render.hpp>
#include <tpbench/stats/hdr_codec.hpp>

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tpbench::report {

namespace json = boost::json;

namespace {

json::value num(double v) { return std::isfinite(v) ? json::value(v) : json::value(nullptr); }

std::string pct_key(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", p);
    return buf;
}

json::value hist_json(const std::optional<stats::Histogram>& h) {
    if (!h) return nullptr;
    json::object o;
    o["unit"] = "ns";
    o["count"] = h->count();
    o["min"] = h->lowest_equivalent(h->min());  // HdrHistogram getMinValue: bucket-lowest
    o["max"] = h->count() ? h->highest_equivalent(h->max()) : 0;
    o["mean"] = num(h->mean());
    o["stddev"] = num(h->stddev());
    json::object pct;
    for (double p : detail::kSummaryPercentiles) pct[pct_key(p)] = h->value_at_percentile(p);
    o["percentiles"] = std::move(pct);
    const auto& c = h->config();
    o["config"] = {{"lowest_discernible", c.lowest_discernible},
                   {"highest_trackable", c.highest_trackable},
                   {"significant_digits", c.significant_digits}};
    o["hdr"] = stats::encode_histogram_base64(*h);
    return o;
}

// --- reading helpers: every accessor tolerates absence and reports wrong types. ---
struct Reader {
    std::string error;
    const json::value* field(const json::object& o, std::string_view k) {
        auto it = o.find(k);
        return it == o.end() ? nullptr : &it->value();
    }
    std::string str(const json::object& o, std::string_view k) {
        const auto* v = field(o, k);
        if (!v || v->is_null()) return {};
        if (!v->is_string()) {
            fail_with(std::string("field '") + std::string(k) + "' must be a string");
            return {};
        }
        return std::string(v->as_string());
    }
    double dbl(const json::object& o, std::string_view k) {
        const auto* v = field(o, k);
        if (!v || v->is_null()) return 0;
        if (v->is_double()) return v->as_double();
        if (v->is_int64()) return static_cast<double>(v->as_int64());
        if (v->is_uint64()) return static_cast<double>(v->as_uint64());
        fail_with(std::string("field '") + std::string(k) + "' must be a number");
        return 0;
    }
    std::uint64_t u64(const json::object& o, std::string_view k) {
        const auto* v = field(o, k);
        if (!v || v->is_null()) return 0;
        if (v->is_uint64()) return v->as_uint64();
        if (v->is_int64() && v->as_int64() >= 0) return static_cast<std::uint64_t>(v->as_int64());
        fail_with(std::string("field '") + std::string(k) + "' must be a non-negative integer");
        return 0;
    }
    bool boolean(const json::object& o, std::string_view k) {
        const auto* v = field(o, k);
        if (!v || v->is_null()) return false;
        if (!v->is_bool()) {
            fail_with(std::string("field '") + std::string(k) + "' must be true/false");
            return false;
        }
        return v->as_bool();
    }
    const json::object* obj(const json::object& o, std::string_view k) {
        const auto* v = field(o, k);
        if (!v || v->is_null()) return nullptr;
        if (!v->is_object()) {
            fail_with(std::string("field '") + std::string(k) + "' must be an object");
            return nullptr;
        }
        return &v->as_object();
    }
    const json::array* arr(const json::object& o, std::string_view k) {
        const auto* v = field(o, k);
        if (!v || v->is_null()) return nullptr;
        if (!v->is_array()) {
            fail_with(std::string("field '") + std::string(k) + "' must be an array");
            return nullptr;
        }
        return &v->as_array();
    }
    std::optional<stats::Histogram> hist(const json::object& o, std::string_view k) {
        const auto* h = obj(o, k);
        if (!h) return std::nullopt;
        const std::string enc = str(*h, "hdr");
        if (enc.empty()) {
            fail_with(std::string("histogram '") + std::string(k) + "' has no \"hdr\" encoding");
            return std::nullopt;
        }
        auto d = stats::decode_histogram_base64(enc);
        if (!d) {
            fail_with(std::string("histogram '") + std::string(k) + "': " + d.error());
            return std::nullopt;
        }
        return std::move(d->histogram);
    }
    void fail_with(std::string m) {
        if (error.empty()) error = std::move(m);
    }
};

}  // namespace

std::string render_json(const Report& r) {
    json::object root;
    root["schema"] = kSchema;
    root["title"] = r.title;
    root["tool_version"] = r.tool_version;
    root["created_utc"] = r.created_utc;
    root["scenario"] = r.scenario;
    root["command"] = r.command;
    // Always present, so a consumer can tell a complete run from a partial one without guessing.
    root["interrupted"] = r.interrupted.has_value();
    if (r.interrupted) {
        const auto& i = *r.interrupted;
        root["interruption"] = {{"signal", i.signal},
                                {"at_utc", i.at_utc},
                                {"after_s", num(i.after_s)},
                                {"grace_s", num(i.grace_s)},
                                {"not_sent", i.not_sent}};
    }
    json::object meta;
    for (const auto& [k, v] : r.meta) meta[k] = v;
    root["meta"] = std::move(meta);
    json::array sides;
    for (const auto& s : r.sides) {
        json::object o;
        o["name"] = s.name;
        json::object cfg;
        cfg["backend"] = s.config.backend;
        cfg["serializer"] = s.config.serializer;
        cfg["compression"] = s.config.compression;
        if (!s.config.dialect.empty()) cfg["dialect"] = s.config.dialect;
        cfg["connections"] = s.config.connections;
        cfg["in_flight_per_connection"] = s.config.in_flight_per_connection;
        cfg["effective_concurrency"] = s.config.effective_concurrency;
        cfg["offered_rps"] = num(s.config.offered_rps);
        cfg["achieved_rps"] = num(s.config.achieved_rps);
        json::object extra;
        for (const auto& [k, v] : s.config.extra) extra[k] = v;
        cfg["extra"] = std::move(extra);
        o["config"] = std::move(cfg);
        o["requests"] = s.requests;
        o["completed"] = s.completed;
        o["failed"] = s.failed;
        o["wrong_result_count"] = s.wrong_result_count;
        o["failed_executions"] = s.failed_executions;
        o["error_rate"] = num(s.error_rate());
        o["duration_s"] = num(s.duration_s);
        o["throughput_rps"] = num(s.throughput_rps);
        o["results"] = s.results;
        o["bytes_out"] = s.bytes_out;
        o["bytes_in"] = s.bytes_in;
        o["saturated"] = s.saturated;
        o["notes"] = s.notes;
        o["skipped"] = s.skipped;
        o["histograms"] = {{"latency", hist_json(s.latency)},
                           {"service", hist_json(s.service)},
                           {"ttfr", hist_json(s.ttfr)},
                           {"ttlr", hist_json(s.ttlr)},
                           {"send_lateness", hist_json(s.send_lateness)}};
        json::array errs;
        for (const auto& e : s.errors) {
            json::array msgs;
            for (const auto& m : e.messages) msgs.push_back(json::value(m));
            errs.push_back({{"class", e.name}, {"count", e.count}, {"messages", std::move(msgs)}});
        }
        o["errors"] = std::move(errs);
        json::array iv;
        for (const auto& p : s.intervals)
            iv.push_back({{"t_s", num(p.t_s)},
                          {"rps", num(p.rps)},
                          {"p50_ns", num(p.p50_ns)},
                          {"p99_ns", num(p.p99_ns)},
                          {"errors", p.errors}});
        o["intervals"] = std::move(iv);
        if (!s.stages.empty()) {
            json::array st;
            for (const auto& p : s.stages)
                st.push_back({{"start_s", num(p.start_s)},
                              {"seconds", num(p.seconds)},
                              {"target_rps", num(p.target_rps)},
                              {"offered_rps", num(p.offered_rps)},
                              {"achieved_rps", num(p.achieved_rps)},
                              {"completed", p.completed},
                              {"failed", p.failed},
                              {"p50_ns", num(p.p50_ns)},
                              {"p90_ns", num(p.p90_ns)},
                              {"p99_ns", num(p.p99_ns)},
                              {"max_ns", num(p.max_ns)}});
            o["stages"] = std::move(st);
        }
        if (s.connect) {
            const auto& c = *s.connect;
            o["connect"] = {{"connections", c.connections},
                            {"tls_handshakes", c.tls_handshakes},
                            {"tls_resumed", c.tls_resumed},
                            {"failures", c.failures},
                            {"histograms",
                             {{"tcp", hist_json(c.tcp)},
                              {"tls", hist_json(c.tls)},
                              {"protocol", hist_json(c.protocol)}}}};
        } else {
            o["connect"] = nullptr;
        }
        if (!s.diagnostics.empty()) {
            json::object d;
            for (const auto& [k, n] : s.diagnostics) d[k] = n;
            o["diagnostics"] = std::move(d);
        }
        if (s.transactions) {
            const auto& t = *s.transactions;
            o["transactions"] = {{"started", t.started},         {"committed", t.committed},
                                 {"rolled_back", t.rolled_back}, {"failed", t.failed},
                                 {"requests", t.requests},       {"latency", hist_json(t.latency)}};
        }
        if (!s.queries.empty()) {  // per workload line / exercise query (docs/report-schema.md)
            json::array qs;
            for (const auto& q : s.queries) {
                json::array errs;
                for (const auto& e : q.errors) errs.push_back({{"class", e.name}, {"count", e.count}});
                qs.push_back({{"label", q.label},
                              {"line", q.line},
                              {"count", q.count},
                              {"completed", q.completed},
                              {"failed", q.failed},
                              {"wrong_result_count", q.wrong_result_count},
                              {"results", q.results},
                              {"share", num(q.share)},
                              {"throughput_rps", num(query_rps(s, q))},
                              {"latency", hist_json(q.latency)},
                              {"ttfr", hist_json(q.ttfr)},
                              {"errors", std::move(errs)}});
            }
            o["queries"] = std::move(qs);
        }
        sides.push_back(std::move(o));
    }
    root["sides"] = std::move(sides);
    json::array comps;
    for (const auto& c : r.comparisons) {
        comps.push_back({{"metric", c.metric},
                         {"unit", c.unit},
                         {"a", c.a},
                         {"b", c.b},
                         {"a_value", num(c.a_value)},
                         {"b_value", num(c.b_value)},
                         {"ratio", num(c.ratio)},
                         {"ci_low", c.ci_low ? num(*c.ci_low) : json::value(nullptr)},
                         {"ci_high", c.ci_high ? num(*c.ci_high) : json::value(nullptr)},
                         {"confidence", num(c.confidence)},
                         {"verdict", c.verdict},
                         {"samples_a", c.samples_a},
                         {"samples_b", c.samples_b},
                         {"note", c.note}});
    }
    root["comparisons"] = std::move(comps);
    json::array ths;
    for (const auto& t : r.thresholds)
        ths.push_back({{"expression", t.expression}, {"passed", t.passed}, {"message", t.message}});
    root["thresholds"] = std::move(ths);
    if (!r.ranks.empty()) {  // distributed runs (tpbench-mpi)
        json::array rk;
        for (const auto& x : r.ranks) {
            rk.push_back({{"rank", x.rank},
                          {"host", x.host},
                          {"status", x.status},
                          {"message", x.message},
                          {"offered_rps", num(x.offered_rps)},
                          {"achieved_rps", num(x.achieved_rps)},
                          {"duration_s", num(x.duration_s)},
                          {"planned", x.planned},
                          {"requests", x.requests},
                          {"completed", x.completed},
                          {"failed", x.failed},
                          {"saturated", x.saturated}});
            if (!x.side.empty()) rk.back().as_object()["side"] = x.side;
        }
        root["ranks"] = std::move(rk);
    }
    return json::serialize(root) + "\n";
}

stats::Expected<Report> parse_report_json(std::string_view text) {
    boost::system::error_code ec;
    json::value v = json::parse(text, ec);
    if (ec) return stats::fail("report JSON does not parse: " + ec.message());
    if (!v.is_object()) return stats::fail("report JSON must be an object");
    const auto& root = v.as_object();
    Reader rd;
    const std::string schema = rd.str(root, "schema");
    if (schema != kSchema && schema != kSchemaV1)
        return stats::fail("unsupported report schema '" + schema + "' (expected " + std::string(kSchema) +
                           " or " + std::string(kSchemaV1) + ")");
    Report r;
    r.title = rd.str(root, "title");
    r.tool_version = rd.str(root, "tool_version");
    r.created_utc = rd.str(root, "created_utc");
    r.scenario = rd.str(root, "scenario");
    r.command = rd.str(root, "command");
    if (rd.boolean(root, "interrupted")) {
        Interruption i;
        if (const auto* io = rd.obj(root, "interruption")) {
            i.signal = rd.str(*io, "signal");
            i.at_utc = rd.str(*io, "at_utc");
            i.after_s = rd.dbl(*io, "after_s");
            i.grace_s = rd.dbl(*io, "grace_s");
            i.not_sent = rd.u64(*io, "not_sent");
        }
        r.interrupted = std::move(i);
    }
    if (const auto* meta = rd.obj(root, "meta"))
        for (const auto& kv : *meta)
            if (kv.value().is_string()) r.meta[std::string(kv.key())] = std::string(kv.value().as_string());
    if (const auto* sides = rd.arr(root, "sides")) {
        for (const auto& sv : *sides) {
            if (!sv.is_object()) return stats::fail("each entry of 'sides' must be an object");
            const auto& so = sv.as_object();
            Side s;
            s.name = rd.str(so, "name");
            if (const auto* c = rd.obj(so, "config")) {
                s.config.backend = rd.str(*c, "backend");
                s.config.serializer = rd.str(*c, "serializer");
                s.config.compression = rd.str(*c, "compression");
                s.config.dialect = rd.str(*c, "dialect");
                s.config.connections = rd.u64(*c, "connections");
                s.config.in_flight_per_connection = rd.u64(*c, "in_flight_per_connection");
                s.config.effective_concurrency = rd.u64(*c, "effective_concurrency");
                s.config.offered_rps = rd.dbl(*c, "offered_rps");
                s.config.achieved_rps = rd.dbl(*c, "achieved_rps");
                if (const auto* ex = rd.obj(*c, "extra"))
                    for (const auto& kv : *ex)
                        if (kv.value().is_string())
                            s.config.extra[std::string(kv.key())] = std::string(kv.value().as_string());
            }
            s.requests = rd.u64(so, "requests");
            s.completed = rd.u64(so, "completed");
            s.failed = rd.u64(so, "failed");
            s.wrong_result_count = rd.u64(so, "wrong_result_count");  // absent in version 1: 0
            s.failed_executions = rd.u64(so, "failed_executions");
            s.duration_s = rd.dbl(so, "duration_s");
            s.throughput_rps = rd.dbl(so, "throughput_rps");
            s.results = rd.u64(so, "results");
            s.bytes_out = rd.u64(so, "bytes_out");
            s.bytes_in = rd.u64(so, "bytes_in");
            s.saturated = rd.boolean(so, "saturated");
            s.notes = rd.str(so, "notes");
            s.skipped = rd.str(so, "skipped");
            if (const auto* h = rd.obj(so, "histograms")) {
                s.latency = rd.hist(*h, "latency");
                s.service = rd.hist(*h, "service");
                s.ttfr = rd.hist(*h, "ttfr");
                s.ttlr = rd.hist(*h, "ttlr");
                s.send_lateness = rd.hist(*h, "send_lateness");
            }
            if (const auto* errs = rd.arr(so, "errors"))
                for (const auto& ev : *errs) {
                    if (!ev.is_object()) return stats::fail("each error entry must be an object");
                    report::ErrorClass ec{rd.str(ev.as_object(), "class"), rd.u64(ev.as_object(), "count")};
                    if (const auto* msgs = rd.arr(ev.as_object(), "messages"))
                        for (const auto& mv : *msgs)
                            if (mv.is_string()) ec.messages.emplace_back(mv.as_string());
                    s.errors.push_back(std::move(ec));
                }
            if (const auto* iv = rd.arr(so, "intervals"))
                for (const auto& pv : *iv) {
                    if (!pv.is_object()) return stats::fail("each interval entry must be an object");
                    const auto& po = pv.as_object();
                    s.intervals.push_back({rd.dbl(po, "t_s"), rd.dbl(po, "rps"), rd.dbl(po, "p50_ns"),
                                           rd.dbl(po, "p99_ns"), rd.u64(po, "errors")});
                }
            if (const auto* c = rd.obj(so, "connect")) {
                ConnectTimes ct;
                ct.connections = rd.u64(*c, "connections");
                ct.tls_handshakes = rd.u64(*c, "tls_handshakes");
                ct.tls_resumed = rd.u64(*c, "tls_resumed");
                ct.failures = rd.u64(*c, "failures");
                if (const auto* h = rd.obj(*c, "histograms")) {
                    ct.tcp = rd.hist(*h, "tcp");
                    ct.tls = rd.hist(*h, "tls");
                    ct.protocol = rd.hist(*h, "protocol");
                }
                s.connect = std::move(ct);
            }
            if (const auto* d = rd.obj(so, "diagnostics"))
                for (const auto& kv : *d) s.diagnostics[std::string(kv.key())] = rd.u64(*d, kv.key());
            if (const auto* t = rd.obj(so, "transactions")) {
                TransactionTimes tt;
                tt.started = rd.u64(*t, "started");
                tt.committed = rd.u64(*t, "committed");
                tt.rolled_back = rd.u64(*t, "rolled_back");
                tt.failed = rd.u64(*t, "failed");
                tt.requests = rd.u64(*t, "requests");
                tt.latency = rd.hist(*t, "latency");
                s.transactions = std::move(tt);
            }
            if (const auto* qs = rd.arr(so, "queries"))
                for (const auto& qv : *qs) {
                    if (!qv.is_object()) return stats::fail("each query entry must be an object");
                    const auto& qo = qv.as_object();
                    QueryBreakdown q;
                    q.label = rd.str(qo, "label");
                    q.line =
                        static_cast<std::uint32_t>(std::min<std::uint64_t>(rd.u64(qo, "line"), UINT32_MAX));
                    q.count = rd.u64(qo, "count");
                    q.completed = rd.u64(qo, "completed");
                    q.failed = rd.u64(qo, "failed");
                    q.wrong_result_count = rd.u64(qo, "wrong_result_count");
                    q.results = rd.u64(qo, "results");
                    q.share = rd.dbl(qo, "share");
                    q.latency = rd.hist(qo, "latency");
                    q.ttfr = rd.hist(qo, "ttfr");
                    if (const auto* errs = rd.arr(qo, "errors"))
                        for (const auto& ev : *errs)
                            if (ev.is_object())
                                q.errors.push_back(
                                    {rd.str(ev.as_object(), "class"), rd.u64(ev.as_object(), "count")});
                    s.queries.push_back(std::move(q));
                }
            r.sides.push_back(std::move(s));
        }
    }
    if (const auto* comps = rd.arr(root, "comparisons"))
        for (const auto& cv : *comps) {
            if (!cv.is_object()) return stats::fail("each comparison must be an object");
            const auto& co = cv.as_object();
            ComparisonRow c;
            c.metric = rd.str(co, "metric");
            c.unit = rd.str(co, "unit");
            c.a = rd.str(co, "a");
            c.b = rd.str(co, "b");
            c.a_value = rd.dbl(co, "a_value");
            c.b_value = rd.dbl(co, "b_value");
            c.ratio = rd.dbl(co, "ratio");
            if (const auto* lo = rd.field(co, "ci_low"); lo && !lo->is_null())
                c.ci_low = rd.dbl(co, "ci_low");
            if (const auto* hi = rd.field(co, "ci_high"); hi && !hi->is_null())
                c.ci_high = rd.dbl(co, "ci_high");
            c.confidence = rd.dbl(co, "confidence");
            c.verdict = rd.str(co, "verdict");
            c.samples_a = rd.u64(co, "samples_a");
            c.samples_b = rd.u64(co, "samples_b");
            c.note = rd.str(co, "note");
            r.comparisons.push_back(std::move(c));
        }
    if (const auto* ths = rd.arr(root, "thresholds"))
        for (const auto& tv : *ths) {
            if (!tv.is_object()) return stats::fail("each threshold must be an object");
            const auto& to = tv.as_object();
            r.thresholds.push_back(
                {rd.str(to, "expression"), rd.boolean(to, "passed"), rd.str(to, "message")});
        }
    if (!rd.error.empty()) return stats::fail("report JSON: " + rd.error);
    return r;
}

}  // namespace tpbench::report
