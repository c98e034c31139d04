// The http3 backend (TinkerPop 3.x HTTP endpoint), through the registry, against the real embedded
// server on 127.0.0.1 (ephemeral port) — the same port that serves ws37 and http4. Results are the
// modern graph's (../shared/spec/modern-graph.md) computed by the evaluator: g.V() = 6,
// g.V().count() = 6, g.V().out().out() = 2 ("lop", "ripple").
#include <tpbench/backends/registry.hpp>
#include <tpbench/engine/backend.hpp>
#include <tpbench/server/server.hpp>

#include "common/embedded_server.hpp"
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace net = boost::asio;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;
using tpbench::model::Value;

namespace {

std::unique_ptr<tpbench::server::ServerHandle> start_server(std::size_t queue = 8192, unsigned pool = 2) {
    tpbench::server::ServerConfig cfg;
    cfg.gremlin_pool = pool;
    cfg.max_work_queue_size = queue;
    return tpbench::test::start_embedded_server(cfg);
}

SessionConfig config(std::uint16_t port, std::string serializer = "",
                     std::map<std::string, std::string> options = {}) {
    return tpbench::test::loopback_config(port, std::move(serializer), std::move(options));
}

Request request(std::string gremlin, bool keep = true) {
    return tpbench::test::make_request(std::move(gremlin), 60s, keep);
}

void run(net::io_context& ioc, std::function<net::awaitable<void>()> body) {
    tpbench::test::run_bounded(ioc, body, 120s, "client did not finish in time");
}

// Runs `reqs` one after another on one connection of `backend`.
std::vector<Outcome> on_one_connection(std::string_view backend, const SessionConfig& cfg,
                                       const std::vector<Request>& reqs) {
    net::io_context ioc;
    std::vector<Outcome> out;
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::test::make_backend_session(backend, ioc.get_executor(), cfg);
        const auto ec = co_await s->async_connect();
        REQUIRE_MESSAGE(!ec, ec.message());
        for (const auto& r : reqs) out.push_back(co_await s->async_execute(r));
        co_await s->async_close();
    });
    return out;
}

// graphson-v3-json (Accept: application/json only) is not here: on the shared embedded port a plain
// JSON request is http4's (docs/usage.md, http3); the real-server test covers it.
struct Form {
    std::string serializer;
    std::map<std::string, std::string> options;
};

const std::vector<Form>& forms() {
    static const std::vector<Form> f = {
        {"graphbinary-v1", {}},
        {"graphson-v3", {}},
        {"graphson-v3-untyped", {}},
        {"graphbinary-v1", {{"body", "serialized"}}},
        {"graphson-v3", {{"body", "serialized"}}},
        {"graphbinary-v1", {{"method", "get"}}},
        {"graphson-v3", {{"method", "get"}}},
    };
    return f;
}

}  // namespace

TEST_CASE("http3 on the embedded server: 1+1, g.V().count(), a multi-result query, bindings - every form") {
    auto server = start_server();
    for (const auto& f : forms()) {
        CAPTURE(f.serializer);
        CAPTURE((f.options.empty() ? "json POST" : f.options.begin()->second));
        Request bound = request("g.V().has('name', n).values('age')");
        bound.bindings = Value::map({Value::string("n"), Value::string("marko")});
        const auto o =
            on_one_connection("http3", config(server->port(), f.serializer, f.options),
                              {request("1+1"), request("g.V().count()"), request("g.V()"),
                               request("g.V().out().out().values('name')"), bound, request("g.V()")});
        REQUIRE(o.size() == 6);
        for (const auto& x : o) {
            CHECK_MESSAGE(!x.error, x.status_message);
            CHECK(x.status_code == 200);
            CHECK(x.reconnects == 0);  // keep-alive: one connection for all
            CHECK(x.bytes_in > 0);
        }
        REQUIRE(o[0].results.size() == 1);
        CHECK(o[0].results[0].to_int64() == 2);
        REQUIRE(o[1].results.size() == 1);
        CHECK(o[1].results[0].to_int64() == 6);
        CHECK(o[2].result_count == 6);
        CHECK(o[2].results.size() == 6);
        REQUIRE(o[3].results.size() == 2);
        std::set<std::string> names{o[3].results[0].str(), o[3].results[1].str()};
        CHECK(names == std::set<std::string>{"lop", "ripple"});
        REQUIRE(o[4].results.size() == 1);
        CHECK(o[4].results[0].to_int64() == 29);  // GET sends bindings as strings: n = "marko" either way
        CHECK(o[5].bytes_in == o[2].bytes_in);    // same answer, same bytes
    }
}

TEST_CASE("http3 on the embedded server: errors are classified, the connection survives them") {
    auto server = start_server();
    for (const auto& f : forms()) {
        CAPTURE(f.serializer);
        CAPTURE((f.options.empty() ? "json POST" : f.options.begin()->second));
        Request lang = request("1+1");
        lang.language = "gremlin-python";
        const auto o =
            on_one_connection("http3", config(server->port(), f.serializer, f.options),
                              {request("g.V().fold().unfold().nosuchstep()"), lang, request("1+1")});
        REQUIRE(o.size() == 3);
        CHECK_MESSAGE(o[0].error == make_error_code(errc::server_evaluation),
                      o[0].status_code << " " << o[0].status_message);
        CHECK(o[0].status_code == 500);
        CHECK_FALSE(o[0].status_message.empty());
        CHECK_MESSAGE(o[1].error == make_error_code(errc::server_evaluation),
                      o[1].status_code << " " << o[1].status_message);
        CHECK(o[1].status_message.find("gremlin-python") != std::string::npos);
        CHECK_FALSE(o[2].error);  // same connection, still usable
        CHECK(o[2].reconnects == 0);
    }
    // evaluationTimeout (the serialized form carries it): 500 TimeoutException = server_timeout
    Request slow = request("g.V().repeat(both()).times(15)", false);
    slow.server_timeout_ms = 1;
    const auto t = on_one_connection(
        "http3", config(server->port(), "graphbinary-v1", {{"body", "serialized"}}), {slow});
    CHECK_MESSAGE(t[0].error == make_error_code(errc::server_timeout),
                  t[0].status_code << " " << t[0].status_message);
    CHECK(t[0].status_message.find("evaluationTimeout") != std::string::npos);
    // bytecode needs the serialized form; refused per request otherwise
    Request bc = request("");
    bc.bytecode = Value::bytecode(Value::list(), Value::list());
    const auto b = on_one_connection("http3", config(server->port()), {bc});
    CHECK(b[0].error == make_error_code(errc::server_bad_request));
}

TEST_CASE("http3 on the embedded server: bytecode in a serialized RequestMessage comes back as Traversers") {
    auto server = start_server();
    auto instruction = [](std::vector<Value> s) { return Value::list(std::move(s)); };
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        Request count = request("");
        count.bytecode = Value::bytecode(
            Value::list({instruction({Value::string("V")}), instruction({Value::string("count")})}),
            Value::list());
        Request names = request("");
        names.bytecode = Value::bytecode(
            Value::list({instruction({Value::string("V")}), instruction({Value::string("out")}),
                         instruction({Value::string("out")}),
                         instruction({Value::string("values"), Value::string("name")})}),
            Value::list());
        const auto o =
            on_one_connection("http3", config(server->port(), ser, {{"body", "serialized"}}), {count, names});
        REQUIRE(o.size() == 2);
        for (const auto& x : o) CHECK_MESSAGE(!x.error, x.status_message);
        REQUIRE(o[0].results.size() == 1);
        REQUIRE(o[0].results[0].type() == tpbench::model::Type::traverser);
        CHECK(o[0].results[0][0].to_int64() == 6);
        CHECK(o[1].result_count == 2);
        REQUIRE(o[1].results.size() == 2);
        CHECK(o[1].results[0].type() == tpbench::model::Type::traverser);
    }
}

TEST_CASE("http3, ws37 and http4 on one port: each gets its own protocol's answer") {
    auto server = start_server();
    const auto port = server->port();
    const auto h3 = on_one_connection("http3", config(port), {request("g.V().count()")});
    const auto ws = on_one_connection("ws37", config(port), {request("g.V().count()")});
    const auto h4 =
        on_one_connection("http4", config(port, "", {{"dialect", "4.0"}}), {request("g.V().count()")});
    for (const auto* o : {&h3[0], &ws[0], &h4[0]}) {
        CHECK_MESSAGE(!o->error, o->status_message);
        REQUIRE(o->results.size() == 1);
        CHECK(o->results[0].to_int64() == 6);
    }
}

TEST_CASE(
    "http3 on the embedded server: a full gremlinPool queue answers 500 'rejected', classified rate "
    "limited") {
    auto server = start_server(1, 1);
    net::io_context ioc;
    int ok = 0, limited = 0, other = 0;
    run(ioc, [&]() -> net::awaitable<void> {
        const auto* b = tpbench::backends::find_backend("http3");
        std::vector<std::unique_ptr<tpbench::engine::Session>> sessions;
        for (int i = 0; i < 10; ++i) {
            sessions.push_back(b->factory(ioc.get_executor(), config(server->port())));
            REQUIRE_FALSE(co_await sessions.back()->async_connect());
        }
        // Ten slow requests (times(12): ~160k results, never learned as cheap) at once on a pool of
        // one with a queue of one: some are refused.
        auto ex = co_await net::this_coro::executor;
        int done = 0;
        for (auto& s : sessions) {
            net::co_spawn(
                ex,
                [&, sp = s.get()]() -> net::awaitable<void> {
                    const Outcome o =
                        co_await sp->async_execute(request("g.V().repeat(both()).times(12)", false));
                    if (!o.error)
                        ++ok;
                    else if (o.error == make_error_code(errc::server_rate_limited))
                        ++limited;
                    else
                        ++other;
                    ++done;
                },
                [](std::exception_ptr e) {
                    if (e) std::rethrow_exception(e);
                });
        }
        net::steady_timer t(ex);
        while (done < 10) {
            t.expires_after(10ms);
            co_await t.async_wait(net::use_awaitable);
        }
    });
    CHECK(ok >= 1);
    CHECK(limited >= 1);
    CHECK(other == 0);
}
