#include "reduce.hpp"

#include <tpbench/profiling/profiling.hpp>
#include <tpbench/stats/compare.hpp>
#include <tpbench/stats/hdr_codec.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace tpbench::mpi {

namespace {

class Writer {
public:
    void u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
    void f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }
    void b(bool v) { u64(v ? 1 : 0); }
    void bytes(std::span<const std::uint8_t> s) {
        u64(s.size());
        out_.insert(out_.end(), s.begin(), s.end());
    }
    void str(const std::string& s) {
        bytes(std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()));
    }
    void hist(const stats::Histogram& h) { bytes(stats::encode_v2(h)); }
    std::vector<std::uint8_t> take() { return std::move(out_); }

private:
    std::vector<std::uint8_t> out_;
};

class Reader {
public:
    explicit Reader(std::span<const std::uint8_t> in) : in_(in) {}
    std::uint64_t u64() {
        need(8);
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<std::uint64_t>(in_[pos_ + static_cast<std::size_t>(i)]) << (8 * i);
        pos_ += 8;
        return v;
    }
    std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
    double f64() { return std::bit_cast<double>(u64()); }
    bool b() { return u64() != 0; }
    std::span<const std::uint8_t> bytes() {
        const std::uint64_t n = u64();
        need(n);
        auto s = in_.subspan(pos_, static_cast<std::size_t>(n));
        pos_ += static_cast<std::size_t>(n);
        return s;
    }
    std::string str() {
        auto s = bytes();
        return std::string(reinterpret_cast<const char*>(s.data()), s.size());
    }
    stats::Histogram hist() {
        auto d = stats::decode_v2(bytes());
        if (!d) throw std::runtime_error("rank record: bad histogram: " + d.error());
        return std::move(d->histogram);
    }
    bool done() const noexcept { return pos_ == in_.size(); }

private:
    void need(std::uint64_t n) const {
        if (n > in_.size() - pos_) throw std::runtime_error("rank record: truncated");
    }
    std::span<const std::uint8_t> in_;
    std::size_t pos_ = 0;
};

constexpr std::uint64_t kMagic =
    0x34524d4250545f4dULL;  // "M_TPBMR4" (2: connect stats, error classes; 3: error messages; 4: late sends)

}  // namespace

std::size_t share(std::size_t total, int ranks, int rank) noexcept {
    const auto n = static_cast<std::size_t>(ranks);
    const auto r = static_cast<std::size_t>(rank);
    return total / n + (r < total % n ? 1 : 0);
}

void partition_spec(engine::LoadSpec& spec, int ranks, int rank) {
    if (ranks < 1 || rank < 0 || rank >= ranks) throw engine::ConfigError("mpi: bad rank/size");
    if (ranks == 1) return;
    const auto n = static_cast<std::size_t>(ranks);
    if (spec.plan.size() < n)
        throw engine::ConfigError(
            fmt::format("the run plans {} request(s), fewer than the {} ranks: raise --rate or "
                        "--duration, or use fewer ranks",
                        spec.plan.size(), ranks));
    if (spec.pool.max_connections < n)
        throw engine::ConfigError(
            fmt::format("{} connection(s) cannot be split over {} ranks (each rank needs one): "
                        "raise --maxConnectionPoolSize to at least {}",
                        spec.pool.max_connections, ranks, ranks));
    std::vector<std::uint32_t> mine, rows;
    mine.reserve(share(spec.plan.size(), ranks, rank));
    for (std::size_t i = static_cast<std::size_t>(rank); i < spec.plan.size(); i += n) {
        mine.push_back(spec.plan[i]);
        if (!spec.rows.empty()) rows.push_back(spec.rows[i]);  // feeder rows go with their requests
    }
    spec.plan = std::move(mine);
    spec.rows = std::move(rows);
    // Indices r, r+N, ... below W: exactly share(W) of this rank's requests are warm-up.
    spec.warmup_requests = share(spec.warmup_requests, ranks, rank);
    spec.pool.max_connections = share(spec.pool.max_connections, ranks, rank);
    spec.pool.min_connections =
        std::min(share(spec.pool.min_connections, ranks, rank), spec.pool.max_connections);
    if (spec.max_outstanding > 0)
        spec.max_outstanding = std::max<std::size_t>(1, share(spec.max_outstanding, ranks, rank));
    spec.rate /= static_cast<double>(ranks);
    if (spec.rate_end > 0) spec.rate_end /= static_cast<double>(ranks);
    for (auto& st : spec.stages) st.target /= static_cast<double>(ranks);
}

bool partition_closed(engine::LoadSpec& spec, int ranks, int rank, std::uint64_t offset) {
    if (ranks < 1 || rank < 0 || rank >= ranks) throw engine::ConfigError("mpi: bad rank/size");
    if (ranks == 1) return !spec.plan.empty();
    const auto n = static_cast<std::uint64_t>(ranks);
    const auto r = static_cast<std::uint64_t>(rank);
    // First index i of this execution with (offset + i) % n == r.
    const std::uint64_t first = (r + n - offset % n) % n;
    std::vector<std::uint32_t> mine, rows;
    std::size_t warm = 0;
    for (std::uint64_t i = first; i < spec.plan.size(); i += n) {
        mine.push_back(spec.plan[static_cast<std::size_t>(i)]);
        if (!spec.rows.empty()) rows.push_back(spec.rows[static_cast<std::size_t>(i)]);
        if (i < spec.warmup_requests) ++warm;
    }
    spec.plan = std::move(mine);
    spec.rows = std::move(rows);
    spec.warmup_requests = warm;
    const std::size_t conns = std::max<std::size_t>(1, share(spec.pool.max_connections, ranks, rank));
    spec.pool.min_connections = std::min(share(spec.pool.min_connections, ranks, rank), conns);
    spec.pool.max_connections = conns;
    if (spec.max_outstanding > 0)
        spec.max_outstanding = std::max<std::size_t>(1, share(spec.max_outstanding, ranks, rank));
    return !spec.plan.empty();
}

void check_closed_split(bool latency, std::size_t max_connections, int ranks) {
    if (!latency && ranks > 1 && max_connections < static_cast<std::size_t>(ranks))
        throw engine::ConfigError(
            fmt::format("{} connection(s) cannot be split over {} ranks (each rank needs one): raise "
                        "--maxConnectionPoolSize to at least {}",
                        max_connections, ranks, ranks));
}

ClosedFigures closed_figures(const RankRecord& r) {
    ClosedFigures f;
    f.rank = r.rank;
    f.host = r.host;
    f.planned = r.planned;
    if (!r.ran || r.load.setup_failed) {
        f.ok = false;
        f.failure = r.ran ? r.load.setup_error : r.message;
        return f;
    }
    const auto& m = r.load.measured();
    f.issued = m.issued;
    f.completed = m.completed;
    f.failed = m.failed;
    f.lanes = r.load.lanes;
    f.elapsed_s = r.load.elapsed_seconds;
    return f;
}

ClosedAnnotation annotate_closed(const std::vector<ClosedCall>& calls, int size, bool latency) {
    ClosedAnnotation out;
    struct Acc {
        RankRecord id;
        bool seen = false;
        std::string failure;
        std::uint64_t planned = 0, issued = 0, completed = 0, failed = 0;
        std::size_t lanes = 0;
        double busy = 0;
    };
    std::vector<Acc> acc(static_cast<std::size_t>(std::max(size, 0)));
    for (const auto& c : calls) {
        const bool test = c.what.rfind("test-", 0) == 0;
        const bool warm = c.what.rfind("warmup-", 0) == 0;
        for (const auto& rec : c.ranks) {
            if (rec.rank < 0 || rec.rank >= size) continue;
            auto& a = acc[static_cast<std::size_t>(rec.rank)];
            if (!a.seen) {
                a.id.rank = rec.rank;
                a.id.host = rec.host;
                a.seen = true;
            }
            if (!rec.ok) {
                if (a.failure.empty()) a.failure = rec.failure;
                continue;
            }
            if (test || warm) a.planned += rec.planned;
            if (!test) continue;
            a.issued += rec.issued;
            a.completed += rec.completed;
            a.failed += rec.failed;
            a.busy += rec.elapsed_s;
            a.lanes = std::max(a.lanes, rec.lanes);
        }
    }
    // Rate per outstanding-request slot of every rank that sent test requests; their median.
    std::vector<double> per_lane;
    for (const auto& a : acc)
        if (a.seen && a.failure.empty() && a.issued > 0 && a.busy > 0 && a.lanes > 0)
            per_lane.push_back(static_cast<double>(a.issued) / a.busy / static_cast<double>(a.lanes));
    double median = 0;
    if (!per_lane.empty()) {
        std::sort(per_lane.begin(), per_lane.end());
        const std::size_t k = per_lane.size();
        median = k % 2 ? per_lane[k / 2] : (per_lane[k / 2 - 1] + per_lane[k / 2]) / 2;
    }
    for (auto& a : acc) {
        if (!a.seen) continue;
        report::RankInfo ri;
        ri.rank = a.id.rank;
        ri.host = a.id.host;
        ri.planned = a.planned;
        std::string line;
        if (!a.failure.empty()) {
            ri.status = "failed";
            ri.message = a.failure;
            out.incomplete.push_back(fmt::format("{}: {}", rank_name(a.id), a.failure));
            line = "FAILED: " + a.failure;
        } else {
            ri.status = "ok";
            ri.requests = a.issued;
            ri.completed = a.completed;
            ri.failed = a.failed;
            ri.duration_s = a.busy;
            ri.achieved_rps = a.busy > 0 ? static_cast<double>(a.issued) / a.busy : 0;
            const double mine = a.busy > 0 && a.lanes > 0
                                    ? static_cast<double>(a.issued) / a.busy / static_cast<double>(a.lanes)
                                    : 0;
            // Test executions shorter than a second in all are too short to tell a slow host from noise.
            if (!latency && per_lane.size() >= 2 && a.issued > 0 && a.busy >= 1.0 && mine < 0.8 * median) {
                ri.saturated = true;
                ri.message = fmt::format(
                    "{:.1f} req/s per outstanding-request slot, {:.0f}% of the median rank's {:.1f}: its "
                    "share took longer, and every execution lasted as long as its slowest rank",
                    mine, 100 * mine / median, median);
                out.saturated.push_back(fmt::format("{}: {}", rank_name(a.id), ri.message));
            }
            line = fmt::format(
                "{} test requests ({} ok, {} failed) in {:.3f} s on {} slot(s), achieved {:.1f} "
                "req/s (closed loop){}",
                ri.requests, ri.completed, ri.failed, ri.duration_s, a.lanes, ri.achieved_rps,
                ri.saturated ? ", SATURATED: " + ri.message : "");
        }
        out.lines.push_back(a.id.host.empty() ? line : fmt::format("{}: {}", a.id.host, line));
        out.ranks.push_back(std::move(ri));
    }
    return out;
}

std::string rank_name(const RankRecord& r) {
    return r.host.empty() ? fmt::format("rank {}", r.rank) : fmt::format("rank {} ({})", r.rank, r.host);
}

std::vector<std::uint8_t> serialize(const RankRecord& r) {
    Writer w;
    w.u64(kMagic);
    w.i64(r.rank);
    w.str(r.host);
    w.b(r.ran);
    w.i64(r.exit_code);
    w.str(r.message);
    w.f64(r.offered_rps);
    w.u64(r.planned);
    if (!r.ran) return w.take();
    const auto& l = r.load;
    for (std::size_t ph = 0; ph < engine::phase_count; ++ph) {
        const auto& p = l.phases[ph];
        w.u64(p.issued);
        w.u64(p.completed);
        w.u64(p.failed);
        w.u64(p.errors.size());
        for (auto e : p.errors) w.u64(e);
        w.u64(p.too_slow);
        w.u64(p.result_mismatches);
        w.u64(p.results);
        w.u64(p.partial_responses);
        w.u64(p.bytes_out);
        w.u64(p.bytes_in);
        w.b(p.first_issue != engine::Clock::time_point::max());
        w.f64(p.wall_seconds());
        w.hist(p.latency);
        w.hist(p.service);
        w.hist(p.ttfr);
        w.hist(p.schedule_lag);
        w.u64(p.error_messages.size());
        for (const auto& em : p.error_messages) {
            w.u64(static_cast<std::uint64_t>(em.error));
            w.str(em.message);
        }
    }
    w.u64(l.intervals.size());
    for (const auto& iv : l.intervals) {
        w.u64(iv.completed);
        w.u64(iv.failed);
        w.hist(iv.latency);
    }
    w.u64(l.lanes);
    w.u64(l.capacity);
    w.u64(l.connections_opened);
    w.u64(l.connect_failures);
    w.u64(l.per_connection_in_flight);
    w.b(l.setup_failed);
    w.str(l.setup_error);
    w.b(l.deadline_hit);
    w.b(l.schedule_missed);
    w.f64(l.elapsed_seconds);
    w.str(l.first_error_message);
    w.u64(static_cast<std::uint64_t>(l.setup_error_class));
    w.u64(static_cast<std::uint64_t>(l.fatal_error));
    w.u64(l.connect.connections);
    w.u64(l.connect.tls_handshakes);
    w.u64(l.connect.tls_resumed);
    w.u64(l.connect.failures);
    w.hist(l.connect.tcp);
    w.hist(l.connect.tls);
    w.hist(l.connect.protocol);
    w.u64(l.late_sends.count);
    w.u64(l.late_sends.in_first_second);
    w.f64(l.late_sends.first_due_s);
    w.f64(l.late_sends.last_due_s);
    w.i64(l.late_sends.worst_ns);
    w.f64(l.late_sends.worst_due_s);
    return w.take();
}

RankRecord deserialize(std::span<const std::uint8_t> bytes, engine::Clock::time_point anchor) {
    Reader rd(bytes);
    if (rd.u64() != kMagic)
        throw std::runtime_error("rank record: bad magic (different tpbench-mpi versions?)");
    RankRecord r;
    r.rank = static_cast<int>(rd.i64());
    r.host = rd.str();
    r.ran = rd.b();
    r.exit_code = static_cast<int>(rd.i64());
    r.message = rd.str();
    r.offered_rps = rd.f64();
    r.planned = rd.u64();
    if (!r.ran) {
        if (!rd.done()) throw std::runtime_error("rank record: trailing bytes");
        return r;
    }
    auto& l = r.load;
    for (std::size_t ph = 0; ph < engine::phase_count; ++ph) {
        auto& p = l.phases[ph];
        p.issued = rd.u64();
        p.completed = rd.u64();
        p.failed = rd.u64();
        const std::uint64_t ne = rd.u64();
        if (ne != p.errors.size())
            throw std::runtime_error("rank record: error table size differs (different versions?)");
        for (auto& e : p.errors) e = rd.u64();
        p.too_slow = rd.u64();
        p.result_mismatches = rd.u64();
        p.results = rd.u64();
        p.partial_responses = rd.u64();
        p.bytes_out = rd.u64();
        p.bytes_in = rd.u64();
        const bool has_times = rd.b();
        const double wall = rd.f64();
        r.wall_s[ph] = wall;
        if (has_times) {
            p.first_issue = anchor;
            p.last_done = anchor + std::chrono::duration_cast<engine::Clock::duration>(
                                       std::chrono::duration<double>(wall));
        }
        p.latency = rd.hist();
        p.service = rd.hist();
        p.ttfr = rd.hist();
        p.schedule_lag = rd.hist();
        const std::uint64_t nm = rd.u64();
        if (nm > bytes.size()) throw std::runtime_error("rank record: bad error message count");
        for (std::uint64_t i = 0; i < nm; ++i) {
            const auto e = static_cast<errc>(rd.u64());
            p.note_error_message(e, rd.str());
        }
    }
    const std::uint64_t ni = rd.u64();
    if (ni > bytes.size()) throw std::runtime_error("rank record: bad interval count");
    l.intervals.resize(static_cast<std::size_t>(ni));
    for (auto& iv : l.intervals) {
        iv.completed = rd.u64();
        iv.failed = rd.u64();
        iv.latency = rd.hist();
    }
    l.lanes = rd.u64();
    l.capacity = rd.u64();
    l.connections_opened = rd.u64();
    l.connect_failures = rd.u64();
    l.per_connection_in_flight = rd.u64();
    l.setup_failed = rd.b();
    l.setup_error = rd.str();
    l.deadline_hit = rd.b();
    l.schedule_missed = rd.b();
    l.elapsed_seconds = rd.f64();
    l.first_error_message = rd.str();
    l.setup_error_class = static_cast<errc>(rd.u64());
    l.fatal_error = static_cast<errc>(rd.u64());
    l.connect.connections = rd.u64();
    l.connect.tls_handshakes = rd.u64();
    l.connect.tls_resumed = rd.u64();
    l.connect.failures = rd.u64();
    l.connect.tcp = rd.hist();
    l.connect.tls = rd.hist();
    l.connect.protocol = rd.hist();
    l.late_sends.count = rd.u64();
    l.late_sends.in_first_second = rd.u64();
    l.late_sends.first_due_s = rd.f64();
    l.late_sends.last_due_s = rd.f64();
    l.late_sends.worst_ns = rd.i64();
    l.late_sends.worst_due_s = rd.f64();
    if (!rd.done()) throw std::runtime_error("rank record: trailing bytes");
    return r;
}

engine::LoadResult merge_ranks(const std::vector<RankRecord>& ranks) {
    engine::LoadResult m;
    std::string failures;
    bool any_ok = false;
    errc setup_class = errc::ok;
    for (const auto& r : ranks) {
        if (!r.ran) {
            failures += fmt::format("{}{}: {}", failures.empty() ? "" : "; ", rank_name(r), r.message);
            continue;
        }
        const auto& l = r.load;
        if (l.setup_failed) {
            failures += fmt::format("{}{}: {}", failures.empty() ? "" : "; ", rank_name(r), l.setup_error);
            m.connect_failures += l.connect_failures;
            m.connect.merge(l.connect);  // the failed connects still count
            if (setup_class == errc::ok) setup_class = l.setup_error_class;
            continue;
        }
        // A rank with nothing to send (a closed-loop execution smaller than the job) adds nothing
        // and does not make an execution whose senders all failed look successful.
        if (r.planned > 0) any_ok = true;
        for (std::size_t ph = 0; ph < engine::phase_count; ++ph) m.phases[ph].merge(l.phases[ph]);
        if (l.intervals.size() > m.intervals.size()) m.intervals.resize(l.intervals.size());
        for (std::size_t i = 0; i < l.intervals.size(); ++i) {
            m.intervals[i].completed += l.intervals[i].completed;
            m.intervals[i].failed += l.intervals[i].failed;
            m.intervals[i].latency.merge(l.intervals[i].latency);
        }
        m.lanes += l.lanes;
        m.capacity += l.capacity;
        m.connections_opened += l.connections_opened;
        m.connect_failures += l.connect_failures;
        m.per_connection_in_flight = std::max(m.per_connection_in_flight, l.per_connection_in_flight);
        m.deadline_hit = m.deadline_hit || l.deadline_hit;
        m.schedule_missed = m.schedule_missed || l.schedule_missed;
        m.elapsed_seconds = std::max(m.elapsed_seconds, l.elapsed_seconds);
        m.connect.merge(l.connect);
        m.late_sends.merge(l.late_sends);  // due times are each rank's own offsets from its start
        if (m.fatal_error == errc::ok) m.fatal_error = l.fatal_error;
        if (m.first_error_message.empty() && !l.first_error_message.empty())
            m.first_error_message = rank_name(r) + ": " + l.first_error_message;
    }
    if (!any_ok) {
        m.setup_failed = true;
        m.setup_error = failures.empty() ? std::string("no rank ran") : failures;
        m.setup_error_class = setup_class;
    }
    return m;
}

Annotation annotate_report(report::Report& rep, const std::vector<RankRecord>& ranks, int size,
                           std::size_t side_index) {
    Annotation out;
    rep.meta["mpi_ranks"] = std::to_string(size);
    rep.meta["mpi_split"] =
        "rank r sends requests r, r+N, ... of the plan; rate / N each; counts: first total % N ranks get one "
        "more";
    report::Side* side = rep.sides.empty() ? nullptr : &rep.sides[std::min(side_index, rep.sides.size() - 1)];
    std::vector<std::string> incomplete;
    for (const auto& rec : ranks) {
        report::RankInfo ri;
        ri.rank = rec.rank;
        ri.host = rec.host;
        ri.offered_rps = rec.offered_rps;
        ri.planned = rec.planned;
        std::string line;
        if (!rec.ran || rec.load.setup_failed) {
            ri.status = "failed";
            ri.message = rec.ran ? rec.load.setup_error : rec.message;
            incomplete.push_back(fmt::format("{}: {}", rank_name(rec), ri.message));
            line = "FAILED: " + ri.message;
        } else {
            const auto& m = rec.load.measured();
            ri.status = "ok";
            ri.requests = m.issued;
            ri.completed = m.completed;
            ri.failed = m.failed;
            ri.duration_s =
                m.wall_seconds();  // this rank's own clock (rebuilt from its duration on the root)
            ri.achieved_rps = ri.duration_s > 0 ? static_cast<double>(m.issued) / ri.duration_s : 0;
            // The measured phase's offered share (a ramp's average when --ramp-to).
            const double offered = side && size > 0 ? side->config.offered_rps / size : rec.offered_rps;
            const auto sat = stats::detect_saturation(offered, ri.achieved_rps);
            if (rec.load.schedule_missed || sat.saturated) {
                ri.saturated = true;
                ri.message = rec.load.schedule_missed
                                 ? fmt::format("more than 1% of sends left over {:g} ms late",
                                               static_cast<double>(engine::LateSends::threshold_ns) / 1e6)
                                 : sat.reason;
            }
            line =
                fmt::format("{} requests ({} ok, {} failed) in {:.3f} s, achieved {:.1f} of {:.1f} req/s{}",
                            ri.requests, ri.completed, ri.failed, ri.duration_s, ri.achieved_rps, offered,
                            ri.saturated ? ", SATURATED: " + ri.message : "");
        }
        rep.meta[fmt::format("mpi_rank_{}", rec.rank)] =
            rec.host.empty() ? line : fmt::format("{}: {}", rec.host, line);
        if (ri.saturated) {
            if (side) {
                side->saturated = true;
                side->notes += fmt::format("{}{} saturated: {}", side->notes.empty() ? "" : "; ",
                                           rank_name(rec), ri.message);
            }
            out.warnings.push_back(
                fmt::format("{} could not keep its schedule ({}): that client host, not the server, "
                            "limited this run",
                            rank_name(rec), ri.message));
        }
        rep.ranks.push_back(std::move(ri));
    }
    if (!incomplete.empty()) {
        std::string all;
        for (const auto& s : incomplete) all += (all.empty() ? "" : "; ") + s;
        rep.meta["incomplete"] = fmt::format("{} of {} ranks did not run: {}", incomplete.size(), size, all);
        if (side)
            side->notes +=
                (side->notes.empty() ? "" : "; ") + std::string("INCOMPLETE: ") + rep.meta["incomplete"];
        out.exit_code = 1;  // cli::exit_run_failed
    }
    return out;
}

}  // namespace tpbench::mpi
