// tpbench-mpi's split and reduction (src/mpi/reduce.*), on synthetic data: the merged histograms
// equal the ones built from the union of all ranks' samples, counters add up, the plan's union
// over ranks is exactly the one-process plan, and a failed rank is named.
#include "reduce.hpp"

#include <tpbench/profiling/profiling.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>

using namespace tpbench;

TEST_CASE("share: even split, the first total % N ranks get one more") {
    CHECK(mpi::share(10, 3, 0) == 4);
    CHECK(mpi::share(10, 3, 1) == 3);
    CHECK(mpi::share(10, 3, 2) == 3);
    CHECK(mpi::share(2, 3, 2) == 0);
    for (std::size_t total : {0u, 1u, 7u, 100u, 101u})
        for (int n = 1; n <= 5; ++n) {
            std::size_t sum = 0;
            for (int r = 0; r < n; ++r) sum += mpi::share(total, n, r);
            CHECK(sum == total);
        }
}

TEST_CASE("partition_spec: the ranks' plans interleave back into the one-process plan") {
    engine::LoadSpec spec;
    for (std::uint32_t i = 0; i < 101; ++i) spec.plan.push_back(i * 7 % 5);
    spec.warmup_requests = 10;
    spec.pool.max_connections = 8;
    spec.pool.min_connections = 4;
    spec.rate = 300;
    spec.rate_end = 600;
    const int n = 3;
    std::vector<engine::LoadSpec> parts(n, spec);
    std::size_t conns = 0, warm = 0, total = 0;
    for (int r = 0; r < n; ++r) {
        mpi::partition_spec(parts[r], n, r);
        conns += parts[r].pool.max_connections;
        warm += parts[r].warmup_requests;
        total += parts[r].plan.size();
        CHECK(parts[r].rate == doctest::Approx(100));
        CHECK(parts[r].rate_end == doctest::Approx(200));
        CHECK(parts[r].pool.min_connections <= parts[r].pool.max_connections);
        // This rank's warm-up requests are exactly its indices below the global warm-up count.
        std::size_t w = 0;
        for (std::size_t i = static_cast<std::size_t>(r); i < 10; i += n) ++w;
        CHECK(parts[r].warmup_requests == w);
    }
    CHECK(conns == 8);
    CHECK(warm == 10);
    CHECK(total == 101);
    CHECK(parts[0].plan.size() == 34);  // 101 % 3 = 2: ranks 0 and 1 take one more
    CHECK(parts[1].plan.size() == 34);
    CHECK(parts[2].plan.size() == 33);
    std::vector<std::uint32_t> back;
    for (std::size_t k = 0; k < 34; ++k)
        for (int r = 0; r < n; ++r)
            if (k < parts[r].plan.size()) back.push_back(parts[r].plan[k]);
    CHECK(back == spec.plan);
}

TEST_CASE("partition_spec / partition_closed: feeder rows go with their requests, none twice") {
    engine::LoadSpec spec;
    for (std::uint32_t i = 0; i < 50; ++i) {
        spec.plan.push_back(i % 2);
        spec.rows.push_back(i % 2 == 0 ? i / 2 : 0);  // template 0: a once-through feeder's rows 0..24
    }
    spec.pool.max_connections = 6;
    for (const bool closed : {false, true}) {
        std::vector<std::uint32_t> seen;
        std::size_t total = 0;
        for (int r = 0; r < 3; ++r) {
            engine::LoadSpec part = spec;
            if (closed)
                mpi::partition_closed(part, 3, r, 7);
            else
                mpi::partition_spec(part, 3, r);
            REQUIRE(part.rows.size() == part.plan.size());
            total += part.plan.size();
            for (std::size_t k = 0; k < part.plan.size(); ++k)
                if (part.plan[k] == 0) seen.push_back(part.rows[k]);
        }
        CHECK(total == 50);
        std::sort(seen.begin(), seen.end());
        std::vector<std::uint32_t> want(25);
        std::iota(want.begin(), want.end(), 0u);
        CHECK(seen == want);  // every row once over the ranks
    }
}

TEST_CASE("partition_spec: refuses fewer requests or connections than ranks") {
    engine::LoadSpec spec;
    spec.plan = {0, 0};
    spec.pool.max_connections = 8;
    CHECK_THROWS_AS(mpi::partition_spec(spec, 3, 0), engine::ConfigError);
    spec.plan = {0, 0, 0, 0};
    spec.pool.max_connections = 2;
    CHECK_THROWS_AS(mpi::partition_spec(spec, 3, 0), engine::ConfigError);
}

namespace {

// A rank's result with `n` synthetic requests; every sample also goes into `all_*`.
mpi::RankRecord synthetic_rank(int rank, int n, std::mt19937_64& rng, engine::PhaseStats& all,
                               engine::IntervalStats& all_iv0, double wall) {
    mpi::RankRecord r;
    r.rank = rank;
    r.host = "host" + std::to_string(rank);
    r.ran = true;
    r.offered_rps = 100;
    r.planned = static_cast<std::uint64_t>(n);
    auto& m = r.load.phases[static_cast<std::size_t>(engine::Phase::measured)];
    std::lognormal_distribution<double> lat(13.0, 1.0 + rank * 0.3);  // ~0.4 ms, wider per rank
    r.load.intervals.resize(2 + static_cast<std::size_t>(rank));
    for (int i = 0; i < n; ++i) {
        const auto v = static_cast<std::int64_t>(lat(rng));
        const auto s = v / 2 + 1;
        const auto f = v / 3 + 1;
        m.issued++;
        if (i % 17 == 5) {
            m.failed++;
            m.errors[static_cast<std::size_t>(errc::timeout)]++;
            all.failed++;
            all.errors[static_cast<std::size_t>(errc::timeout)]++;
            all.issued++;
            continue;
        }
        m.completed++;
        m.results += 3;
        m.bytes_in += 100;
        m.bytes_out += 40;
        m.latency.record(v);
        m.service.record(s);
        m.ttfr.record(f);
        all.issued++;
        all.completed++;
        all.results += 3;
        all.bytes_in += 100;
        all.bytes_out += 40;
        all.latency.record(v);
        all.service.record(s);
        all.ttfr.record(f);
        auto& iv = r.load.intervals[static_cast<std::size_t>(i) % r.load.intervals.size()];
        iv.completed++;
        iv.latency.record(v);
        if (i % r.load.intervals.size() == 0) {
            all_iv0.completed++;
            all_iv0.latency.record(v);
        }
    }
    const auto t0 = engine::Clock::now() - std::chrono::hours(rank + 1);  // each host's clock differs
    m.first_issue = t0;
    m.last_done =
        t0 + std::chrono::duration_cast<engine::Clock::duration>(std::chrono::duration<double>(wall));
    r.load.connections_opened = 2;
    r.load.capacity = 8;
    r.load.lanes = 8;
    r.load.per_connection_in_flight = 4;
    r.load.elapsed_seconds = wall;
    return r;
}

}  // namespace

TEST_CASE("merge_ranks: exact merge equals the histogram of the union of the samples") {
    std::mt19937_64 rng(12345);
    engine::PhaseStats all;
    engine::IntervalStats all_iv0;
    std::vector<mpi::RankRecord> wire;
    const auto anchor = engine::Clock::now();
    const std::array<int, 3> counts{5000, 3001, 777};
    const std::array<double, 3> walls{10.0, 10.25, 9.5};
    for (int r = 0; r < 3; ++r) {
        auto rec = synthetic_rank(r, counts[r], rng, all, all_iv0, walls[r]);
        if (r == 2) rec.load.schedule_missed = true;
        // Late sends on two ranks: the merge keeps the count, the due-time span and the worst.
        if (r == 0) rec.load.late_sends = {3, 1, 0.5, 4.0, 7'000'000, 2.0};
        if (r == 2) rec.load.late_sends = {2, 0, 1.5, 9.0, 12'500'000, 8.5};
        const auto bytes = mpi::serialize(rec);
        wire.push_back(mpi::deserialize(bytes, anchor));  // through the wire format, as under MPI
        CHECK(wire.back().host == rec.host);
        CHECK(wire.back().wall_s[1] == doctest::Approx(walls[r]));
        CHECK(wire.back().load.measured().latency.same_counts(rec.load.measured().latency));
        CHECK(wire.back().load.late_sends.count == rec.load.late_sends.count);
        CHECK(wire.back().load.late_sends.worst_ns == rec.load.late_sends.worst_ns);
    }
    const engine::LoadResult m = mpi::merge_ranks(wire);
    const auto& ms = m.measured();
    CHECK_FALSE(m.setup_failed);
    CHECK(ms.issued == 5000 + 3001 + 777);
    CHECK(ms.issued == all.issued);
    CHECK(ms.completed == all.completed);
    CHECK(ms.failed == all.failed);
    CHECK(ms.errors[static_cast<std::size_t>(errc::timeout)] ==
          all.errors[static_cast<std::size_t>(errc::timeout)]);
    CHECK(ms.results == all.results);
    CHECK(ms.bytes_in == all.bytes_in);
    CHECK(ms.bytes_out == all.bytes_out);
    CHECK(ms.latency.count() == static_cast<std::int64_t>(all.completed));
    CHECK(ms.latency.same_counts(all.latency));
    CHECK(ms.service.same_counts(all.service));
    CHECK(ms.ttfr.same_counts(all.ttfr));
    for (double p : {50.0, 90.0, 99.0, 99.9, 100.0})
        CHECK(ms.latency.value_at_percentile(p) == all.latency.value_at_percentile(p));
    // Wall time: the longest rank's own duration, not a difference of two hosts' clocks.
    CHECK(ms.wall_seconds() == doctest::Approx(10.25));
    CHECK(m.elapsed_seconds == doctest::Approx(10.25));
    REQUIRE(m.intervals.size() == 4);
    CHECK(m.intervals[0].completed == all_iv0.completed);
    CHECK(m.intervals[0].latency.same_counts(all_iv0.latency));
    CHECK(m.capacity == 24);
    CHECK(m.connections_opened == 6);
    CHECK(m.schedule_missed);  // one rank fell behind -> the merged run did
    CHECK(m.late_sends.count == 5);
    CHECK(m.late_sends.in_first_second == 1);
    CHECK(m.late_sends.first_due_s == doctest::Approx(0.5));
    CHECK(m.late_sends.last_due_s == doctest::Approx(9.0));
    CHECK(m.late_sends.worst_ns == 12'500'000);
    CHECK(m.late_sends.worst_due_s == doctest::Approx(8.5));
}

TEST_CASE("merge_ranks: a rank that could not connect is left out and named") {
    std::mt19937_64 rng(7);
    engine::PhaseStats all;
    engine::IntervalStats iv0;
    std::vector<mpi::RankRecord> recs;
    recs.push_back(synthetic_rank(0, 100, rng, all, iv0, 1.0));
    mpi::RankRecord bad;
    bad.rank = 1;
    bad.host = "h1";
    bad.ran = true;
    bad.load.setup_failed = true;
    bad.load.setup_error = "connection refused";
    recs.push_back(mpi::deserialize(mpi::serialize(bad), engine::Clock::now()));
    mpi::RankRecord gone;
    gone.rank = 2;
    gone.exit_code = 2;
    gone.message = "left before its run";
    recs.push_back(mpi::deserialize(mpi::serialize(gone), engine::Clock::now()));
    auto m = mpi::merge_ranks(recs);
    CHECK_FALSE(m.setup_failed);
    CHECK(m.measured().issued == 100);
    CHECK(m.measured().latency.same_counts(all.latency));
    // Every rank failing: setup_failed with each rank named.
    recs.erase(recs.begin());
    m = mpi::merge_ranks(recs);
    CHECK(m.setup_failed);
    CHECK(m.setup_error.find("rank 1 (h1): connection refused") != std::string::npos);
    CHECK(m.setup_error.find("rank 2: left before its run") != std::string::npos);
}

TEST_CASE("deserialize: malformed records are errors, not crashes") {
    mpi::RankRecord r;
    r.ran = true;
    auto bytes = mpi::serialize(r);
    CHECK_THROWS(mpi::deserialize(std::span(bytes).first(bytes.size() - 3), engine::Clock::now()));
    bytes[0] ^= 0xff;
    CHECK_THROWS(mpi::deserialize(bytes, engine::Clock::now()));
    CHECK_THROWS(mpi::deserialize({}, engine::Clock::now()));
}

TEST_CASE(
    "annotate_report: per-rank lines, a saturated rank makes the side saturated and a comparison refuse it") {
    std::mt19937_64 rng(99);
    engine::PhaseStats all;
    engine::IntervalStats iv0;
    std::vector<mpi::RankRecord> recs;
    recs.push_back(synthetic_rank(0, 1000, rng, all, iv0, 10.0));  // 100 req/s = its share of 200
    recs.push_back(synthetic_rank(1, 500, rng, all, iv0, 10.0));   // 50 req/s: fell behind
    recs[0].offered_rps = recs[1].offered_rps = 100;
    report::Report rep;
    report::Side side;
    side.name = "ws37";
    side.config.offered_rps = 200;
    rep.sides.push_back(side);
    const auto out = mpi::annotate_report(rep, recs, 2);
    CHECK(out.exit_code == 0);
    REQUIRE(rep.ranks.size() == 2);
    CHECK(rep.ranks[0].status == "ok");
    CHECK_FALSE(rep.ranks[0].saturated);
    CHECK(rep.ranks[0].requests == 1000);
    CHECK(rep.ranks[0].achieved_rps == doctest::Approx(100));
    CHECK(rep.ranks[1].saturated);
    CHECK(rep.sides[0].saturated);
    CHECK(rep.sides[0].notes.find("rank 1 (host1) saturated") != std::string::npos);
    REQUIRE(out.warnings.size() == 1);
    CHECK(out.warnings[0].find("rank 1 (host1)") != std::string::npos);
    CHECK(rep.meta.at("mpi_ranks") == "2");
    CHECK(rep.meta.at("mpi_rank_1").find("SATURATED") != std::string::npos);
    CHECK(rep.meta.count("incomplete") == 0);
    // The merged side is refused by a comparison, as a saturated single process is.
    const std::array<double, 3> a{1.0, 1.1, 0.9}, b{2.0, 2.1, 1.9};
    stats::CompareOptions opt;
    opt.b_saturated = rep.sides[0].saturated;
    CHECK(report::compare_metric("p99 latency", "ns", "x", "ws37", a, b, opt).verdict == "refused");
}

TEST_CASE("annotate_report: a rank that did not connect marks the report incomplete and fails the run") {
    std::mt19937_64 rng(5);
    engine::PhaseStats all;
    engine::IntervalStats iv0;
    std::vector<mpi::RankRecord> recs;
    recs.push_back(synthetic_rank(0, 1000, rng, all, iv0, 10.0));
    mpi::RankRecord bad;
    bad.rank = 1;
    bad.host = "h1";
    bad.ran = true;
    bad.load.setup_failed = true;
    bad.load.setup_error = "connection refused";
    recs.push_back(bad);
    report::Report rep;
    rep.sides.emplace_back();
    rep.sides[0].config.offered_rps = 200;
    const auto out = mpi::annotate_report(rep, recs, 2);
    CHECK(out.exit_code == 1);
    CHECK(rep.ranks[1].status == "failed");
    CHECK(rep.ranks[1].message == "connection refused");
    CHECK(rep.meta.at("incomplete").find("rank 1 (h1): connection refused") != std::string::npos);
    CHECK(rep.sides[0].notes.find("INCOMPLETE") != std::string::npos);
}

// ---- closed loop

TEST_CASE(
    "partition_closed: over a run's executions the ranks' requests interleave into the one-process run") {
    // A run as ProfilingApplication's scenario makes it: two init scripts, a latency-like
    // one-request execution, warm-ups and tests of uneven sizes.
    const std::vector<std::size_t> sizes{1, 1, 1, 1000, 7, 1001, 2};
    for (int n : {1, 2, 3, 4}) {
        CAPTURE(n);
        std::vector<std::uint32_t> whole_run;  // what one process sends, in order
        std::vector<std::vector<std::uint32_t>> got(static_cast<std::size_t>(n));  // per rank, in order
        std::uint64_t offset = 0;
        std::uint32_t next = 0;
        for (const std::size_t size : sizes) {
            engine::LoadSpec spec;
            for (std::size_t i = 0; i < size; ++i) spec.plan.push_back(next++ % 9);
            whole_run.insert(whole_run.end(), spec.plan.begin(), spec.plan.end());
            spec.pool.max_connections = 6;
            spec.pool.min_connections = 4;
            std::size_t conns = 0, total = 0;
            for (int r = 0; r < n; ++r) {
                engine::LoadSpec part = spec;
                const bool has = mpi::partition_closed(part, n, r, offset);
                CHECK(has == !part.plan.empty());
                total += part.plan.size();
                conns += part.pool.max_connections;
                CHECK(part.pool.min_connections <= part.pool.max_connections);
                // Rank r takes the run indices that are r mod n.
                std::size_t expect = 0;
                for (std::size_t i = 0; i < size; ++i)
                    if ((offset + i) % static_cast<std::uint64_t>(n) == static_cast<std::uint64_t>(r))
                        ++expect;
                CHECK(part.plan.size() == expect);
                auto& g = got[static_cast<std::size_t>(r)];
                g.insert(g.end(), part.plan.begin(), part.plan.end());
            }
            CHECK(total == size);
            CHECK(conns == 6);  // 6 connections over n <= 4 ranks: shares add up to the total
            offset += size;
        }
        // Deal back: run index k is rank k % n's next request.
        std::vector<std::size_t> pos(static_cast<std::size_t>(n), 0);
        std::vector<std::uint32_t> back;
        for (std::size_t k = 0; k < whole_run.size(); ++k) {
            const auto r = k % static_cast<std::size_t>(n);
            REQUIRE(pos[r] < got[r].size());
            back.push_back(got[r][pos[r]++]);
        }
        CHECK(back == whole_run);
    }
}

TEST_CASE("partition_closed: one-request executions and uneven remainders rotate over the ranks") {
    engine::LoadSpec one;
    one.plan = {0};
    one.pool.max_connections = 1;
    one.pool.min_connections = 1;
    for (std::uint64_t off = 0; off < 6; ++off)
        for (int r = 0; r < 3; ++r) {
            engine::LoadSpec p = one;
            const bool has = mpi::partition_closed(p, 3, r, off);
            CHECK(has == (static_cast<std::uint64_t>(r) == off % 3));
            CHECK(p.pool.max_connections == 1);  // a rank that sends gets a connection
        }
    // 10 requests over 3 ranks at offset 0: 4,3,3; at offset 10 (next execution): 3,4,3.
    engine::LoadSpec ten;
    ten.plan.assign(10, 0);
    ten.pool.max_connections = 3;
    std::array<std::size_t, 3> a{}, b{};
    for (int r = 0; r < 3; ++r) {
        engine::LoadSpec p = ten, q = ten;
        mpi::partition_closed(p, 3, r, 0);
        mpi::partition_closed(q, 3, r, 10);
        a[static_cast<std::size_t>(r)] = p.plan.size();
        b[static_cast<std::size_t>(r)] = q.plan.size();
    }
    CHECK(a == std::array<std::size_t, 3>{4, 3, 3});
    CHECK(b == std::array<std::size_t, 3>{3, 4, 3});
    CHECK_THROWS_AS(mpi::check_closed_split(false, 2, 3), engine::ConfigError);
    CHECK_NOTHROW(mpi::check_closed_split(true, 1, 3));  // latency: one request at a time
    CHECK_NOTHROW(mpi::check_closed_split(false, 3, 3));
}

TEST_CASE("merge_ranks: connect timings merge exactly through the wire format, error classes survive") {
    std::mt19937_64 rng(31);
    engine::ConnectStats all;
    std::vector<mpi::RankRecord> recs;
    for (int r = 0; r < 3; ++r) {
        mpi::RankRecord rec;
        rec.rank = r;
        rec.ran = true;
        rec.planned = 10;
        std::lognormal_distribution<double> d(11.0 + r, 0.5);
        for (int i = 0; i < 50 + 17 * r; ++i) {
            engine::ConnectTimings t;
            t.tcp = std::chrono::nanoseconds(static_cast<std::int64_t>(d(rng)));
            if (i % 2) t.tls = std::chrono::nanoseconds(static_cast<std::int64_t>(d(rng)) * 3);
            if (i % 4 == 1) t.tls_resumed = true;
            t.protocol = std::chrono::nanoseconds(static_cast<std::int64_t>(d(rng)) / 2 + 1);
            rec.load.connect.add(t);
            all.add(t);
        }
        rec.load.connect.failures = static_cast<std::uint64_t>(r);
        all.failures += static_cast<std::uint64_t>(r);
        if (r == 2) rec.load.fatal_error = errc::auth_failed;
        recs.push_back(mpi::deserialize(mpi::serialize(rec), engine::Clock::now()));
    }
    const auto m = mpi::merge_ranks(recs);
    CHECK(m.connect.connections == all.connections);
    CHECK(m.connect.tls_handshakes == all.tls_handshakes);
    CHECK(m.connect.tls_resumed == all.tls_resumed);
    CHECK(m.connect.failures == 3);
    CHECK(m.connect.tcp.same_counts(all.tcp));
    CHECK(m.connect.tls.same_counts(all.tls));
    CHECK(m.connect.protocol.same_counts(all.protocol));
    CHECK(m.fatal_error == errc::auth_failed);
    // Every rank that had requests failed (the other had nothing to send): the execution failed,
    // with the failure's class.
    mpi::RankRecord idle;
    idle.rank = 0;
    idle.ran = true;
    mpi::RankRecord bad;
    bad.rank = 1;
    bad.ran = true;
    bad.planned = 1;
    bad.load.setup_failed = true;
    bad.load.setup_error = "TLS handshake failed";
    bad.load.setup_error_class = errc::tls_failed;
    const auto f = mpi::merge_ranks({mpi::deserialize(mpi::serialize(idle), engine::Clock::now()),
                                     mpi::deserialize(mpi::serialize(bad), engine::Clock::now())});
    CHECK(f.setup_failed);
    CHECK(f.setup_error_class == errc::tls_failed);
}

namespace {

mpi::ClosedFigures fig(int rank, std::uint64_t planned, std::uint64_t issued, double secs,
                       std::size_t lanes) {
    mpi::ClosedFigures f;
    f.rank = rank;
    f.host = "h" + std::to_string(rank);
    f.planned = planned;
    f.issued = issued;
    f.completed = issued;
    f.lanes = lanes;
    f.elapsed_s = secs;
    return f;
}

}  // namespace

TEST_CASE(
    "annotate_closed: per-rank figures of the test executions, a slow rank is saturated, a failed one "
    "named") {
    std::vector<mpi::ClosedCall> calls;
    calls.push_back({"init", {fig(0, 1, 1, 0.01, 1), fig(1, 0, 0, 0, 0), fig(2, 0, 0, 0, 0)}});
    calls.push_back({"warmup-1", {fig(0, 34, 34, 0.1, 4), fig(1, 33, 33, 0.1, 4), fig(2, 33, 33, 0.1, 4)}});
    for (int t = 1; t <= 2; ++t)  // rank 2 needs twice as long for the same share
        calls.push_back({"test-" + std::to_string(t),
                         {fig(0, 334, 334, 1.0, 4), fig(1, 333, 333, 1.0, 4), fig(2, 333, 333, 2.0, 4)}});
    auto a = mpi::annotate_closed(calls, 3, false);
    REQUIRE(a.ranks.size() == 3);
    CHECK(a.ranks[0].requests == 668);
    CHECK(a.ranks[0].planned == 34 + 668);  // warm-ups and tests, not the init script
    CHECK(a.ranks[0].duration_s == doctest::Approx(2.0));
    CHECK(a.ranks[0].achieved_rps == doctest::Approx(334));
    CHECK(a.ranks[0].requests + a.ranks[1].requests + a.ranks[2].requests == 2000);
    CHECK_FALSE(a.ranks[0].saturated);
    CHECK_FALSE(a.ranks[1].saturated);
    CHECK(a.ranks[2].saturated);
    REQUIRE(a.saturated.size() == 1);
    CHECK(a.saturated[0].find("rank 2 (h2)") == 0);
    CHECK(a.incomplete.empty());
    CHECK(a.lines[2].find("SATURATED") != std::string::npos);
    // Latency mode has no saturation check.
    CHECK(mpi::annotate_closed(calls, 3, true).saturated.empty());
    // Rank 1 could not connect: failed, named, no figures.
    calls[2].ranks[1].ok = false;
    calls[2].ranks[1].failure = "connection refused";
    a = mpi::annotate_closed(calls, 3, false);
    CHECK(a.ranks[1].status == "failed");
    CHECK(a.ranks[1].message == "connection refused");
    REQUIRE(a.incomplete.size() == 1);
    CHECK(a.incomplete[0] == "rank 1 (h1): connection refused");
}
