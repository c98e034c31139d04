// tpbench's http4 backend against real Apache TinkerPop 4.0 Gremlin Servers (4.0.0-master-http,
// 4.0.0-beta.1, beta.2, beta.3, 4.0.0-master) started by scripts/gremlin-server from
// ../shared/tinkerpop/m2 (CTest fixtures, label `realserver`). The server to talk to
// comes from the environment: TPBENCH_RS=VERSION@PORT (VERSION the full 4.0.0-… name). Expected
// results come from the modern graph (../shared/spec/modern-graph.md), never from the server under
// test; per-version expectations (dialect, Groovy, bulking, transactions) come from
// ../shared/spec/protocol-drift.md and ../shared/tinkerpop/README.md.
//
// Case prefixes pick the server CMake runs them against:
//   "http4:"   the version's plain server (seed settings; beta.2+ also --tx-graph: graph `tx` as g_tx)
//   "tx4:"     the same server, beta.2+ only (HTTP transactions)
//   "secure4:" the version's server with --tls auto --auth tpbench:test-only-pw --gremlin-pool 1
//              --max-work-queue 1 (TLS + HTTP Basic, and the 429 of a full work queue)
#include <tpbench/backends/http4.hpp>
#include <tpbench/backends/registry.hpp>
#include <tpbench/engine/backend.hpp>
#include <tpbench/profiling/profiling.hpp>
#include <tpbench/engine/transaction.hpp>
#include <tpbench/model/error.hpp>
#include <tpbench/model/value.hpp>

#include "common/one_connection.hpp"
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"
#include "realserver/modern_scalars.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace net = boost::asio;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;
using tpbench::model::Type;
using tpbench::model::Value;

namespace {

constexpr std::uint64_t kTimes15 = 2824992;
constexpr std::uint64_t kTimes10 = 34446;
constexpr const char* kUser = "tpbench";
constexpr const char* kPassword = "test-only-pw";  // the fixture's throw-away test credential

using tpbench::test::realserver_port;
std::string version() { return tpbench::test::realserver_version(); }

// What each 4.0 version is (../shared/tinkerpop/README.md, protocol-drift.md §2).
bool is_master_http() { return version() == "4.0.0-master-http"; }
// master-http reads scripts as gremlin-groovy; beta.1+ default to gremlin-lang.
bool groovy_default() { return is_master_http(); }
// HTTP transactions: beta.2 and later.
bool has_transactions() { return version() != "4.0.0-master-http" && version() != "4.0.0-beta.1"; }
// The dialect name `--option dialect=` takes for this version.
std::string expected_dialect() {
    if (is_master_http()) return "master-http";
    if (version() == "4.0.0-beta.1" || version() == "4.0.0-beta.2") return "4.0-beta.1";
    return "4.0";
}

SessionConfig config(std::string serializer = "graphbinary-v4",
                     std::map<std::string, std::string> options = {}) {
    return tpbench::test::loopback_config(realserver_port(), std::move(serializer), std::move(options));
}

// The secure fixture: TLS trusting the self-signed certificate scripts/gremlin-server wrote, and
// HTTP Basic with the test credential.
std::string server_cert() {
    return std::string(TPBENCH_REALSERVER_RUN_DIR) + "/" + std::to_string(realserver_port()) +
           "/server-cert.pem";
}
SessionConfig secure_config(std::string password = kPassword) {
    SessionConfig cfg = config();
    cfg.target.tls.enabled = true;
    cfg.target.tls.ca_file = server_cert();
    cfg.target.auth.mechanism = tpbench::engine::AuthOptions::Mechanism::basic;
    cfg.target.auth.username = kUser;
    cfg.target.auth.password = std::move(password);
    return cfg;
}

Request request(std::string gremlin, bool keep = false, std::chrono::seconds budget = 120s) {
    return tpbench::test::make_request(std::move(gremlin), budget, keep);
}

std::unique_ptr<tpbench::engine::Session> make(net::io_context& ioc, const SessionConfig& cfg) {
    return tpbench::test::make_backend_session("http4", ioc.get_executor(), cfg);
}

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body,
         std::chrono::seconds limit = 280s) {
    tpbench::test::run_bounded(ioc, body, limit, "client did not finish in time");
}

using tpbench::test::describe;

// Runs requests one after the other on one fresh connection.
std::vector<Outcome> several(const SessionConfig& cfg, const std::vector<Request>& reqs,
                             std::chrono::seconds limit = 280s) {
    return tpbench::test::on_one_connection("http4", cfg, reqs, limit);
}

Outcome one(const SessionConfig& cfg, const Request& req, std::chrono::seconds limit = 280s) {
    return several(cfg, {req}, limit).at(0);
}

// One connect (with its dialect probe): the error, the message and the dialect the session reports.
using Connect = tpbench::test::ConnectResult;
Connect connect_once(const SessionConfig& cfg) { return tpbench::test::connect_once("http4", cfg); }

std::string unique_tag() {
    std::random_device rd;
    return "tpbench-" + std::to_string(rd()) + "-" + std::to_string(rd());
}

const char* const kSerializers[] = {"graphbinary-v4", "graphson-v4", "graphson-v4-untyped"};
const char* const kBodies[] = {"graphbinary", "json", "graphson"};

}  // namespace

TEST_CASE("http4: the dialect probe detects the version's dialect") {
    tpbench::http4::forget_detected_dialects();
    const Connect c = connect_once(config());
    REQUIRE_MESSAGE(!c.error, c.error.message() << " " << c.message);
    CHECK(c.dialect == expected_dialect());
    // An explicit dialect is used as given (no probe) and reported as such.
    const Connect forced = connect_once(config("graphbinary-v4", {{"dialect", "master-http"}}));
    REQUIRE(!forced.error);
    CHECK(forced.dialect == "master-http");
}

TEST_CASE("http4: g.V() returns the six modern vertices on every response format and request body") {
    for (const char* ser : kSerializers) {
        for (const char* body : kBodies) {
            CAPTURE(ser);
            CAPTURE(body);
            const Outcome o = one(config(ser, {{"body", body}}), request("g.V()", true));
            REQUIRE_MESSAGE(!o.error, describe(o));
            CHECK(o.status_code == 200);
            CHECK(o.result_count == 6);
            REQUIRE(o.results.size() == 6);
            std::int64_t id_sum = 0;
            for (const auto& v : o.results) {
                if (std::string(ser) == "graphson-v4-untyped") {
                    REQUIRE(v.type() == Type::map);
                    const Value* id = v.find("id");
                    REQUIRE(id != nullptr);
                    id_sum += id->to_int64();
                } else {
                    REQUIRE(v.type() == Type::vertex);
                    CHECK(v.id().type() == Type::long_);  // vertexIdManager=LONG, as the stock conf
                    id_sum += v.id().to_int64();
                    CHECK((v.label() == "person" || v.label() == "software"));
                }
            }
            CHECK(id_sum == 1 + 2 + 3 + 4 + 5 + 6);
        }
    }
}

TEST_CASE("http4: scalar results decode to the right types and values; bindings reach the server") {
    for (const char* ser : {"graphbinary-v4", "graphson-v4"}) {
        for (const char* body : kBodies) {
            CAPTURE(ser);
            CAPTURE(body);
            std::vector<Request> reqs;
            // (g.V(2).inE(): edge ids are the server's choice once an exercise run reloaded the graph)
            for (const char* q :
                 {"g.V().count()", "1+1", "g.V(1).values('name')", "g.V(2).inE('knows').values('weight')",
                  "g.V().has('name','josh').values('age')"})
                reqs.push_back(request(q, true));
            Request bound = request("g.V().has('name', n).values('age')", true);
            bound.bindings = Value::map({Value::string("n"), Value::string("marko")});
            reqs.push_back(bound);
            const auto outs = several(config(ser, {{"body", body}}), reqs);
            for (const auto& o : outs) REQUIRE_MESSAGE(!o.error, describe(o));
            // 1+1: Groovy on master-http; g.inject(2) (tpbench's gremlin-lang form) on beta.1+
            tpbench::test::check_modern_scalars(outs);
            REQUIRE(outs[5].results.size() == 1);
            CHECK(outs[5].results[0].as_int() == 29);
        }
    }
}

TEST_CASE("http4: the exercise mix: each of the ten scripts returns TinkerPop's count") {
    const auto& scripts = tpbench::engine::exercise_scripts();
    const auto& expected = tpbench::engine::exercise_expected_counts();
    for (const char* ser : {"graphbinary-v4", "graphson-v4"}) {
        for (const char* body : kBodies) {
            CAPTURE(ser);
            CAPTURE(body);
            std::vector<Request> reqs;
            for (const auto& s : scripts) reqs.push_back(request(std::string(s)));
            const auto outs = several(config(ser, {{"body", body}}), reqs);
            for (std::size_t i = 0; i < scripts.size(); ++i) {
                CAPTURE(scripts[i]);
                if (i == 9 && !groovy_default()) {
                    // the tenth script's `.<Vertex>select` is Groovy (ProfilingApplication never picks
                    // it): gremlin-lang refuses it in the footer
                    CHECK_MESSAGE(outs[i].error == errc::server_error_after_ok, describe(outs[i]));
                    CHECK(outs[i].status_message.find("MalformedQueryException") != std::string::npos);
                    continue;
                }
                CHECK_MESSAGE(!outs[i].error, describe(outs[i]));
                CHECK(outs[i].result_count == expected[i]);
            }
        }
    }
}

TEST_CASE("http4: g.V().repeat(both()).times(15) streams 2,824,992 results") {
    const auto t0 = Clock::now();
    const Outcome o = one(config(), request("g.V().repeat(both()).times(15)", false, 250s));
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    REQUIRE_MESSAGE(!o.error, describe(o));
    CHECK(o.status_code == 200);
    CHECK(o.result_count == kTimes15);
    std::printf("TinkerPop %s times(15) unbulked: %llu results, %llu bytes in, %.2f s (shared machine)\n",
                version().c_str(), static_cast<unsigned long long>(o.result_count),
                static_cast<unsigned long long>(o.bytes_in), secs);
}

TEST_CASE("http4: bulkResults: the same counts; beta.1+ really bulks (far fewer bytes)") {
    for (const char* body : kBodies) {
        CAPTURE(body);
        const auto plain =
            one(config("graphbinary-v4", {{"body", body}}), request("g.V().repeat(both()).times(10)"));
        std::vector<Request> reqs{request("g.V().repeat(both()).times(10)")};
        // times(15) bulked once (on master-http it is not bulked: ~20 s of streaming)
        if (std::string(body) == "graphbinary")
            reqs.push_back(request("g.V().repeat(both()).times(15)", false, 250s));
        const auto bulked =
            several(config("graphbinary-v4", {{"body", body}, {"bulkResults", "true"}}), reqs);
        REQUIRE_MESSAGE(!plain.error, describe(plain));
        for (const auto& o : bulked) REQUIRE_MESSAGE(!o.error, describe(o));
        CHECK(plain.result_count == kTimes10);
        CHECK(bulked[0].result_count == kTimes10);  // bulks expanded
        if (bulked.size() > 1) CHECK(bulked[1].result_count == kTimes15);
        if (groovy_default()) {
            // master-http evaluates Groovy, whose results the server never bulks
            CHECK(bulked[0].bytes_in * 2 > plain.bytes_in);
        } else {
            CHECK(bulked[0].bytes_in * 10 < plain.bytes_in);
        }
    }
}

TEST_CASE("http4: deflate (compression=true) gives the same results with fewer bytes") {
    for (const char* ser : {"graphbinary-v4", "graphson-v4"}) {
        CAPTURE(ser);
        const Outcome plain = one(config(ser), request("g.V().repeat(both()).times(5)"));
        const Outcome zipped =
            one(config(ser, {{"compression", "true"}}), request("g.V().repeat(both()).times(5)"));
        REQUIRE_MESSAGE(!plain.error, describe(plain));
        REQUIRE_MESSAGE(!zipped.error, describe(zipped));
        CHECK(plain.result_count == 420);
        CHECK(zipped.result_count == 420);
        // Content-Encoding: deflate really negotiated: modern-graph vertices repeat, so it shrinks a lot
        CHECK(zipped.bytes_in * 4 < plain.bytes_in);
    }
}

TEST_CASE("http4: a syntax error and an evaluation timeout are classified; the connection survives") {
    for (const char* ser : {"graphbinary-v4", "graphson-v4"}) {
        for (const char* body : kBodies) {
            CAPTURE(ser);
            CAPTURE(body);
            // 2.8 M results cannot stream in 300 ms: the server's per-request timeout (timeoutMs on
            // master-http..beta.2, timeoutMillis on beta.3+) cuts it off after the 200 head
            Request slow = request("g.V().repeat(both()).times(15)");
            slow.server_timeout_ms = 300;
            const auto outs = several(config(ser, {{"body", body}}),
                                      {request("g.V(.count("), slow, request("g.V().count()", true)});
            // Syntax error: the head says 200, the footer says 400 MalformedQueryException (gremlin-lang)
            // or 500 ServerErrorException with Groovy's "startup failed" (master-http)
            CHECK_MESSAGE(outs[0].error == errc::server_error_after_ok, describe(outs[0]));
            CHECK(outs[0].status_code == (groovy_default() ? 500 : 400));
            CHECK(outs[0].status_message.find(groovy_default() ? "startup failed" : "parsing failed") !=
                  std::string::npos);
            CHECK_MESSAGE(outs[1].error == errc::server_timeout, describe(outs[1]));
            CHECK(outs[1].status_code == 500);
            CHECK(outs[1].result_count < kTimes15);
            CHECK_MESSAGE(!outs[2].error, describe(outs[2]));
            REQUIRE(outs[2].results.size() == 1);
            CHECK(outs[2].results[0].as_int() == 6);
        }
    }
}

// ---- HTTP transactions (beta.2+), on the transactional graph `tx` bound as g_tx --------------------

namespace {
struct TxSteps {
    Outcome begin;
    std::vector<Outcome> inside;
};
// begin, then `statements` inside the transaction, then `end` (commit/rollback) — all on one session
// whose requests name g_tx; then `after` outside any transaction.
TxSteps transaction(const SessionConfig& cfg, const std::vector<std::string>& statements,
                    const std::string& end) {
    net::io_context ioc;
    TxSteps t;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = make(ioc, cfg);
        REQUIRE_FALSE(co_await s->async_connect());
        Request b = request("g.tx().begin()", true);
        b.session = tpbench::engine::random_session_id();
        b.tx_begin = true;
        t.begin = co_await s->async_execute(b);
        if (t.begin.error || t.begin.transaction_id.empty()) {
            co_await s->async_close();
            co_return;
        }
        std::vector<std::string> all = statements;
        all.push_back(end);
        for (const auto& q : all) {
            Request r = request(q, true);
            r.session = t.begin.transaction_id;
            t.inside.push_back(co_await s->async_execute(r));
        }
        co_await s->async_close();
    });
    return t;
}
std::int64_t count_outside(const SessionConfig& cfg, const std::string& tag) {
    const Outcome o = one(cfg, request("g.V().has('tag','" + tag + "').count()", true));
    REQUIRE_MESSAGE(!o.error, describe(o));
    REQUIRE(o.results.size() == 1);
    return o.results[0].to_int64();
}
}  // namespace

TEST_CASE("tx4: an HTTP transaction commits, another rolls back; read back inside and outside") {
    if (!has_transactions()) {
        MESSAGE("TinkerPop " << version() << " has no HTTP transactions (beta.2+)");
        return;
    }
    for (const char* body : kBodies) {
        CAPTURE(body);
        const SessionConfig cfg = config("graphbinary-v4", {{"g", "g_tx"}, {"body", body}});
        const std::string tag = unique_tag();
        const std::string add = "g.addV('tpbench').property('tag','" + tag + "')";
        const std::string count = "g.V().has('tag','" + tag + "').count()";
        // commit: the vertex is visible inside the transaction at once, outside only after commit
        TxSteps c = transaction(cfg, {add, add, count}, "g.tx().commit()");
        REQUIRE_MESSAGE(!c.begin.error, describe(c.begin));
        CHECK(c.begin.status_code == 200);
        REQUIRE_FALSE(c.begin.transaction_id.empty());
        REQUIRE(c.inside.size() == 4);
        for (const auto& o : c.inside) CHECK_MESSAGE(!o.error, describe(o));
        CHECK(c.inside[0].result_count == 1);
        REQUIRE(c.inside[2].results.size() == 1);
        CHECK(c.inside[2].results[0].to_int64() == 2);
        CHECK(count_outside(cfg, tag) == 2);
        // rollback: nothing of it stays
        const std::string tag2 = unique_tag();
        TxSteps r =
            transaction(cfg, {"g.addV('tpbench').property('tag','" + tag2 + "')"}, "g.tx().rollback()");
        REQUIRE_MESSAGE(!r.begin.error, describe(r.begin));
        REQUIRE(r.inside.size() == 2);
        for (const auto& o : r.inside) CHECK_MESSAGE(!o.error, describe(o));
        CHECK(count_outside(cfg, tag2) == 0);
        // uncommitted writes are invisible outside while the transaction is open
        net::io_context ioc;
        std::int64_t during = -1;
        Outcome begin, commit;
        const std::string tag3 = unique_tag();
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = make(ioc, cfg);
            auto outside = make(ioc, cfg);
            REQUIRE_FALSE(co_await s->async_connect());
            REQUIRE_FALSE(co_await outside->async_connect());
            Request b = request("g.tx().begin()", true);
            b.session = tpbench::engine::random_session_id();
            b.tx_begin = true;
            begin = co_await s->async_execute(b);
            Request w = request("g.addV('tpbench').property('tag','" + tag3 + "')");
            w.session = begin.transaction_id;
            (void)co_await s->async_execute(w);
            const Outcome o =
                co_await outside->async_execute(request("g.V().has('tag','" + tag3 + "').count()", true));
            if (!o.error && o.results.size() == 1) during = o.results[0].to_int64();
            Request e = request("g.tx().commit()");
            e.session = begin.transaction_id;
            commit = co_await s->async_execute(e);
            co_await s->async_close();
            co_await outside->async_close();
        });
        CHECK_MESSAGE(!begin.error, describe(begin));
        CHECK(during == 0);
        CHECK_MESSAGE(!commit.error, describe(commit));
        CHECK(count_outside(cfg, tag3) == 1);
    }
}

TEST_CASE("tx4: an unknown transaction id is refused and classified") {
    if (!has_transactions()) {
        MESSAGE("TinkerPop " << version() << " has no HTTP transactions (beta.2+)");
        return;
    }
    Request r = request("g.V().count()");
    r.session = "00000000-0000-4000-8000-000000000000";
    const Outcome o = one(config("graphbinary-v4", {{"g", "g_tx"}}), r);
    CHECK(o.error);
    CHECK(o.status_code == 404);
    CHECK_MESSAGE(!o.status_message.empty(), describe(o));
}

// ---- TLS + HTTP Basic, and a full work queue (the secure fixture) ------------------------------------

TEST_CASE("secure4: TLS + HTTP Basic: the right password works, a wrong one is auth_failed") {
    REQUIRE_MESSAGE(std::ifstream(server_cert()).good(), "no server certificate at " << server_cert());
    tpbench::http4::forget_detected_dialects();
    const auto oks = several(secure_config(), {request("g.V()", true), request("g.E().count()", true)});
    CHECK_MESSAGE(!oks[0].error, describe(oks[0]));
    CHECK(oks[0].result_count == 6);
    CHECK_MESSAGE(!oks[1].error, describe(oks[1]));
    REQUIRE(oks[1].results.size() == 1);
    CHECK(oks[1].results[0].to_int64() == 6);
    // the dialect probe runs over TLS + Basic too
    const Connect c = connect_once(secure_config());
    CHECK(c.dialect == expected_dialect());
    // A wrong password: the probe on connect gets 401, classified auth_failed; no secret echoed.
    tpbench::http4::forget_detected_dialects();
    const Connect bad = connect_once(secure_config("wrong-secret"));
    CHECK_MESSAGE(bad.error == errc::auth_failed, bad.error.message() << " '" << bad.message << "'");
    CHECK(bad.message.find("wrong-secret") == std::string::npos);
    CHECK(bad.message.find("401") != std::string::npos);
    // Without the CA the self-signed chain is refused at connect, classified tls_failed.
    SessionConfig untrusted = secure_config();
    untrusted.target.tls.ca_file.clear();
    const Connect u = connect_once(untrusted);
    CHECK_MESSAGE(u.error == errc::tls_failed, u.error.message() << " '" << u.message << "'");
}

TEST_CASE("secure4: a full work queue answers 429 and tpbench counts it as rate limited") {
    // server: gremlinPool 1, maxWorkQueueSize 1. 24 connections send a slow query at once: one
    // runs, one waits, the rest are refused with 429. One connection first, so the dialect is
    // detected (and cached) before the queue is full.
    const SessionConfig cfg = secure_config();
    REQUIRE_FALSE(connect_once(cfg).error);
    net::io_context ioc;
    std::vector<Outcome> outs(24);
    run(ioc, [&]() -> net::awaitable<void> {
        std::vector<std::unique_ptr<tpbench::engine::Session>> sessions;
        for (std::size_t i = 0; i < outs.size(); ++i) {
            sessions.push_back(make(ioc, cfg));
            REQUIRE_FALSE(co_await sessions.back()->async_connect());
        }
        int finished = 0;
        for (std::size_t i = 0; i < outs.size(); ++i) {
            net::co_spawn(
                ioc,
                [&, i]() -> net::awaitable<void> {
                    outs[i] = co_await sessions[i]->async_execute(request("g.V().repeat(both()).times(12)"));
                    ++finished;
                },
                net::detached);
        }
        net::steady_timer t(ioc);
        while (finished < static_cast<int>(outs.size())) {
            t.expires_after(20ms);
            co_await t.async_wait(net::use_awaitable);
        }
        for (auto& s : sessions) co_await s->async_close();
    });
    int ok = 0, limited = 0, other = 0;
    for (const auto& o : outs) {
        if (!o.error)
            ++ok;
        else if (o.error == errc::server_rate_limited && o.status_code == 429)
            ++limited;
        else {
            ++other;
            MESSAGE("unexpected outcome: " << describe(o));
        }
    }
    CHECK(ok >= 1);
    CHECK(limited >= 1);
    CHECK(other == 0);
    CHECK(ok + limited == 24);
}
