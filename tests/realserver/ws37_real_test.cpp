// tpbench's ws37 backend against a real Apache TinkerPop Gremlin Server (3.7.x / 3.8.x) started
// by scripts/gremlin-server (CTest fixtures, label `realserver`). The server to talk to comes from
// the environment: TPBENCH_RS=VERSION@PORT. Expected results come from the modern graph
// (../shared/spec/modern-graph.md, profiling-application.md §6), never from the server under test.
//
// Test cases whose name starts with "limits:" need a server started with a tiny gremlinPool and
// work queue (--gremlin-pool 1 --max-work-queue 1); CMake runs only those against that server.
#include <tpbench/backends/ws37.hpp>
#include <tpbench/backends/registry.hpp>
#include <tpbench/engine/backend.hpp>
#include <tpbench/profiling/profiling.hpp>
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
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
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
// GType (TinkerPop 3.8): model::EnumKind values are the GraphBinary codes; 0x30 has no name.
constexpr tpbench::model::EnumKind kGType = static_cast<tpbench::model::EnumKind>(0x30);
const char* const kSerializers[] = {"graphbinary-v1", "graphson-v3", "graphson-v3-untyped"};

using tpbench::test::realserver_port;
std::string server_version() { return tpbench::test::realserver_version(); }

SessionConfig config(std::string serializer = "", std::map<std::string, std::string> options = {}) {
    SessionConfig cfg =
        tpbench::test::loopback_config(realserver_port(), std::move(serializer), std::move(options));
    cfg.max_in_process_per_connection = 64;
    return cfg;
}

Request request(std::string gremlin, std::chrono::seconds budget = 120s) {
    return tpbench::test::make_request(std::move(gremlin), budget);
}

Value instruction(std::vector<Value> parts) { return Value::list(std::move(parts)); }

// Bytecode for g.<steps>, each step = {name, args...}.
Request bytecode(std::vector<std::vector<Value>> steps, std::chrono::seconds budget = 120s) {
    std::vector<Value> list;
    for (auto& s : steps) list.push_back(instruction(std::move(s)));
    Request r = request("", budget);
    r.bytecode = Value::bytecode(Value::list(std::move(list)), Value::list());
    return r;
}

std::unique_ptr<tpbench::engine::Session> make(net::io_context& ioc, const SessionConfig& cfg) {
    return tpbench::test::make_backend_session("ws37", ioc.get_executor(), cfg);
}

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body,
         std::chrono::seconds limit = 240s) {
    tpbench::test::run_bounded(ioc, body, limit, "client did not finish in time");
}

// Runs requests one after the other on one fresh connection.
std::vector<Outcome> several(const SessionConfig& cfg, const std::vector<Request>& reqs) {
    return tpbench::test::on_one_connection("ws37", cfg, reqs, 240s);
}

Outcome one(const SessionConfig& cfg, Request req) { return several(cfg, {std::move(req)}).at(0); }

// The error of opening one connection (none = it opened and closed cleanly).
std::error_code connect_error(const SessionConfig& cfg) {
    return tpbench::test::connect_once("ws37", cfg, 240s).error;
}

// One request on a fresh connection, where either the connect or the request may fail.
struct Attempt {
    std::error_code error;
    std::string message;
    bool at_connect = false;
};
Attempt attempt(const SessionConfig& cfg, Request req) {
    net::io_context ioc;
    Attempt a;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = make(ioc, cfg);
        a.error = co_await s->async_connect();
        if (a.error) {
            a.at_connect = true;
            a.message = a.error.message();
        } else {
            const Outcome o = co_await s->async_execute(req);
            a.error = o.error;
            a.message = o.status_message;
        }
        co_await s->async_close();
    });
    return a;
}

using tpbench::test::describe;

}  // namespace

TEST_CASE("ws37: g.V() returns the six modern vertices on every serializer (eval)") {
    for (const char* ser : kSerializers) {
        CAPTURE(ser);
        Request r = request("g.V()");
        r.keep_results = true;
        const Outcome o = one(config(ser), r);
        REQUIRE_MESSAGE(!o.error, describe(o));
        CHECK(o.status_code == 200);
        CHECK(o.result_count == 6);
        REQUIRE(o.results.size() == 6);
        std::int64_t id_sum = 0;
        for (const auto& v : o.results) {
            if (std::string(ser) == "graphson-v3-untyped") {
                // untyped GraphSON: vertices are plain maps with id/label
                REQUIRE(v.type() == Type::map);
                const Value* id = v.find("id");
                REQUIRE(id != nullptr);
                id_sum += id->to_int64();
            } else {
                REQUIRE(v.type() == Type::vertex);
                // the stock server's graph uses vertexIdManager=LONG (modern-graph.md §3)
                CHECK(v.id().type() == Type::long_);
                id_sum += v.id().to_int64();
                CHECK((v.label() == "person" || v.label() == "software"));
            }
        }
        CHECK(id_sum == 1 + 2 + 3 + 4 + 5 + 6);
    }
}

TEST_CASE("ws37: scalar results decode to the right types and values") {
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        std::vector<Request> reqs;
        for (const char* q : {"g.V().count()", "1+1", "g.V(1).values('name')", "g.E(7).values('weight')",
                              "g.V().has('name','josh').values('age')"}) {
            reqs.push_back(request(q));
            reqs.back().keep_results = true;
        }
        const auto outs = several(config(ser), reqs);
        for (const auto& o : outs) REQUIRE_MESSAGE(!o.error, describe(o));
        tpbench::test::check_modern_scalars(outs);
    }
}

TEST_CASE("ws37: bytecode traversals (op bytecode, processor traversal)") {
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        Request v = bytecode({{Value::string("V")}});
        v.keep_results = true;
        Request count = bytecode({{Value::string("V")}, {Value::string("count")}});
        count.keep_results = true;
        Request names = bytecode({{Value::string("V")},
                                  {Value::string("has"), Value::string("name"), Value::string("marko")},
                                  {Value::string("out"), Value::string("knows")},
                                  {Value::string("values"), Value::string("name")}});
        names.keep_results = true;
        const auto outs = several(config(ser), {v, count, names});
        for (const auto& o : outs) REQUIRE_MESSAGE(!o.error, describe(o));
        CHECK(outs[0].result_count == 6);
        CHECK(outs[1].result_count == 1);
        REQUIRE(outs[1].results.size() == 1);
        // bytecode results come as Traversers (bulk, value)
        const Value& t = outs[1].results[0];
        REQUIRE(t.type() == Type::traverser);
        CHECK(t.as_int() == 1);
        REQUIRE(t.size() == 1);
        CHECK(t[0].type() == Type::long_);
        CHECK(t[0].as_int() == 6);
        CHECK(outs[2].result_count == 2);
    }
}

TEST_CASE("ws37: the exercise mix: each of the ten scripts returns TinkerPop's count") {
    const auto& scripts = tpbench::engine::exercise_scripts();
    const auto& expected = tpbench::engine::exercise_expected_counts();
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        std::vector<Request> reqs;
        for (const auto& s : scripts) reqs.push_back(request(std::string(s)));
        const auto outs = several(config(ser), reqs);
        for (std::size_t i = 0; i < scripts.size(); ++i) {
            CAPTURE(scripts[i]);
            CHECK_MESSAGE(!outs[i].error, describe(outs[i]));
            CHECK(outs[i].result_count == expected[i]);
        }
    }
}

TEST_CASE("ws37: g.V().repeat(both()).times(15) streams 2,824,992 results") {
    const auto t0 = Clock::now();
    const Outcome o = one(config("graphbinary-v1"), request("g.V().repeat(both()).times(15)", 200s));
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    REQUIRE_MESSAGE(!o.error, describe(o));
    CHECK(o.status_code == 200);
    CHECK(o.result_count == kTimes15);
    // batch size 64: ceil(2824992 / 64) = 44141 messages, all but the last one 206
    CHECK(o.partial_responses == 44140);
    std::printf("TinkerPop %s times(15): %llu results, %llu bytes in, %llu partials, %.2f s\n",
                server_version().c_str(), static_cast<unsigned long long>(o.result_count),
                static_cast<unsigned long long>(o.bytes_in),
                static_cast<unsigned long long>(o.partial_responses), secs);
}

TEST_CASE("ws37: times(10) on GraphSON 3.0 and as bytecode (bulked traversers) counts the same") {
    const std::uint64_t kTimes10 = 34446;
    const Outcome gs = one(config("graphson-v3"), request("g.V().repeat(both()).times(10)"));
    REQUIRE_MESSAGE(!gs.error, describe(gs));
    CHECK(gs.result_count == kTimes10);
    const Outcome bc =
        one(config("graphbinary-v1"),
            bytecode({{Value::string("V")},
                      {Value::string("repeat"),
                       Value::bytecode(Value::list({instruction({Value::string("both")})}), Value::list())},
                      {Value::string("times"), Value::int_(10)}}));
    REQUIRE_MESSAGE(!bc.error, describe(bc));
    // bytecode results are Traversers with bulks; tpbench counts them expanded
    CHECK(bc.result_count == kTimes10);
    CHECK(bc.bytes_in * 10 < gs.bytes_in);
}

TEST_CASE("ws37: deflate (compression=true) gives the same results with fewer bytes") {
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        const Outcome plain = one(config(ser), request("g.V().repeat(both()).times(5)"));
        const Outcome zipped =
            one(config(ser, {{"compression", "true"}}), request("g.V().repeat(both()).times(5)"));
        REQUIRE_MESSAGE(!plain.error, describe(plain));
        REQUIRE_MESSAGE(!zipped.error, describe(zipped));
        CHECK(plain.result_count == 420);
        CHECK(zipped.result_count == 420);
        // permessage-deflate must really be negotiated (Gremlin Server's Netty handshaker refuses an
        // offer carrying server_max_window_bits): modern-graph vertices repeat, so it shrinks a lot
        CHECK(zipped.bytes_in * 4 < plain.bytes_in);
    }
}

TEST_CASE("ws37: server errors are classified") {
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        Request timeout = request("Thread.sleep(5000); 1");
        timeout.server_timeout_ms = 300;
        const auto outs = several(config(ser), {request("g.V(.count("), request("g.V().fail('boom')"),
                                                request("1/0"), timeout, request("g.V().count()")});
        // syntax error: 597 SCRIPT_EVALUATION_ERROR (MultipleCompilationErrorsException)
        CHECK_MESSAGE(outs[0].error == errc::server_evaluation, describe(outs[0]));
        CHECK(outs[0].status_code == 597);
        CHECK(!outs[0].status_message.empty());
        // fail() step: 595 SERVER_ERROR_FAIL_STEP, which tpbench counts as a generic server_error
        CHECK_MESSAGE(outs[1].error == errc::server_error, describe(outs[1]));
        CHECK(outs[1].status_code == 595);
        CHECK(outs[1].status_message == "boom");
        // a script exception (ArithmeticException): 597
        CHECK_MESSAGE(outs[2].error == errc::server_evaluation, describe(outs[2]));
        // per-request evaluationTimeout: 598 SERVER_TIMEOUT
        CHECK_MESSAGE(outs[3].error == errc::server_timeout, describe(outs[3]));
        CHECK(outs[3].status_code == 598);
        // the connection stays usable after the errors
        CHECK_MESSAGE(!outs[4].error, describe(outs[4]));
        CHECK(outs[4].result_count == 1);
    }
}

TEST_CASE("limits: a full work queue answers 429 and tpbench counts it as rate limited") {
    // server: gremlinPool 1, maxWorkQueueSize 1. 24 concurrent sleeps: one runs, one waits, the
    // rest are refused with 429.
    net::io_context ioc;
    std::vector<Outcome> outs(24);
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = make(ioc, config());
        REQUIRE_FALSE(co_await s->async_connect());
        int finished = 0;
        for (std::size_t i = 0; i < outs.size(); ++i) {
            net::co_spawn(
                ioc,
                [&, i]() -> net::awaitable<void> {
                    outs[i] = co_await s->async_execute(request("Thread.sleep(400); 1"));
                    ++finished;
                },
                net::detached);
        }
        net::steady_timer t(ioc);
        while (finished < static_cast<int>(outs.size())) {
            t.expires_after(20ms);
            co_await t.async_wait(net::use_awaitable);
        }
        co_await s->async_close();
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

TEST_CASE("ws37: GType (new in 3.8) results decode; P.typeOf filters by it") {
    const bool v38 = server_version().rfind("3.7", 0) != 0;
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        Request gt = request("g.inject(GType.INT, GType.VPROPERTY)");
        gt.keep_results = true;
        const auto outs =
            several(config(ser), {gt, request("g.V().values('age','name').is(P.typeOf(GType.INT))")});
        if (!v38) {
            // 3.7 has no GType: the script does not compile
            CHECK_MESSAGE(outs[0].error == errc::server_evaluation, describe(outs[0]));
            continue;
        }
        REQUIRE_MESSAGE(!outs[0].error, describe(outs[0]));
        REQUIRE(outs[0].results.size() == 2);
        CHECK(outs[0].results[0] == Value::enum_(kGType, "INT"));
        CHECK(outs[0].results[1] == Value::enum_(kGType, "VPROPERTY"));
        REQUIRE_MESSAGE(!outs[1].error, describe(outs[1]));
        CHECK(outs[1].result_count == 4);  // the four person ages
    }
}

// ---- security against real servers (fixtures rs_38_tls: --tls auto; rs_38_sasl: --auth) ---------
// The TLS server's self-signed certificate: TPBENCH_REALSERVER_RUN_DIR/PORT/server-cert.pem.

TEST_CASE("wss: g.V() over TLS verifying the server's self-signed certificate") {
    const std::string ca = std::string(TPBENCH_REALSERVER_RUN_DIR) + "/" + std::to_string(realserver_port()) +
                           "/server-cert.pem";
    REQUIRE_MESSAGE(std::ifstream(ca).good(), "no server certificate at " << ca);
    SessionConfig cfg = config("graphbinary-v1");
    cfg.target.tls.enabled = true;
    cfg.target.tls.ca_file = ca;
    const Outcome o = one(cfg, request("g.V()"));
    CHECK_MESSAGE(!o.error, describe(o));
    CHECK(o.result_count == 6);
    // Without the CA the self-signed chain is refused at connect, classified tls_failed.
    SessionConfig untrusted = config("graphbinary-v1");
    untrusted.target.tls.enabled = true;
    CHECK(connect_error(untrusted) == errc::tls_failed);
}

TEST_CASE("sasl: SASL PLAIN with the right password works, a wrong one is auth_failed") {
    for (const char* mode : {"eager", "lazy"}) {
        CAPTURE(mode);
        SessionConfig good = config("graphbinary-v1", {{"sasl", mode}});
        good.target.auth.mechanism = tpbench::engine::AuthOptions::Mechanism::sasl_plain;
        good.target.auth.username = "tpbench";
        good.target.auth.password = "test-only-pw";
        const auto oks = several(good, {request("g.V()"), request("g.E().count()")});
        CHECK_MESSAGE(!oks[0].error, describe(oks[0]));
        CHECK(oks[0].result_count == 6);
        CHECK_MESSAGE(!oks[1].error, describe(oks[1]));
        CHECK(oks[1].result_count == 1);
        // A wrong password: eager SASL fails the connect itself; lazy SASL answers the first
        // request's 407 challenge and fails that request. Either way the class is auth_failed,
        // and the secret is never echoed.
        SessionConfig bad = good;
        bad.target.auth.password = "wrong-secret";
        const auto r = attempt(bad, request("g.V()"));
        CHECK_MESSAGE(r.error == errc::auth_failed, r.error.message() << " '" << r.message << "'");
        CHECK(r.message.find("wrong-secret") == std::string::npos);
        if (std::string(mode) == "eager") CHECK(r.at_connect);
    }
}
