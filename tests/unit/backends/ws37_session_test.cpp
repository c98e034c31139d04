// ws37 session against small fake WebSocket servers (Beast, 127.0.0.1, port 0) that behave or
// misbehave on purpose. Every case runs its io_context for a bounded time and asserts that the
// client finished with the right error code.
#include <tpbench/backends/ws37.hpp>

#include <tpbench/auth/auth.hpp>
#include <tpbench/io/ws37.hpp>

#include "common/loopback_acceptor.hpp"
#include "common/run_bounded.hpp"
#include "common/session_fixture.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket.hpp>
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;
using tpbench::errc;
using tpbench::engine::Clock;
using tpbench::engine::Outcome;
using tpbench::engine::Request;
using tpbench::engine::SessionConfig;
using tpbench::model::Value;
namespace ws37io = tpbench::io::ws37;

namespace {

constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
using ServerWs = websocket::stream<beast::tcp_stream>;

struct Received {
    ws37io::DecodedRequest req;
    std::string gremlin() const {
        const Value* g = req.message.args.find("gremlin");
        return g ? g->str() : std::string();
    }
};

// Reads one request frame; nullopt when the client went away.
net::awaitable<std::optional<Received>> read_request(ServerWs& ws) {
    beast::flat_buffer buf;
    auto [ec, n] = co_await ws.async_read(buf, use_tuple);
    if (ec) co_return std::nullopt;
    const std::string frame = beast::buffers_to_string(buf.data());
    auto d = ws37io::decode_request(frame, ws.got_text());
    REQUIRE(d.ok());
    co_return Received{std::move(*d)};
}

net::awaitable<void> send(ServerWs& ws, const std::string& bytes) {
    ws.binary(true);
    auto [ec, n] = co_await ws.async_write(net::buffer(bytes), use_tuple);
    (void)ec;
}

std::string response(const Received& r, std::int32_t code, std::vector<Value> items, std::string message = "",
                     Value attributes = Value::map()) {
    ws37io::ResponseMessage m;
    m.header.request_id = r.req.message.request_id;
    m.header.code = code;
    m.header.message = message;
    m.header.attributes = std::move(attributes);
    if (code == 200 || code == 206) m.data = Value::list(std::move(items));
    std::string out;
    ws37io::encode_response(out, m, r.req.format);
    return out;
}

// Status attributes naming one exception, as a server's error response carries them.
Value exceptions_attribute(const std::string& name) {
    return Value::map({Value::string("exceptions"), Value::list({Value::string(name)})});
}

std::vector<Value> ints(int from, int n) {
    std::vector<Value> v;
    for (int i = 0; i < n; ++i) v.push_back(Value::int_(from + i));
    return v;
}

// A WebSocket server on 127.0.0.1:0 that runs `behaviour` for each accepted connection (the
// accept loop is tests/common/loopback_acceptor.hpp).
class FakeServer : public tpbench::test::LoopbackAcceptor {
public:
    using Behaviour = std::function<net::awaitable<void>(ServerWs&)>;
    FakeServer(net::io_context& ioc, Behaviour b, bool deflate = false)
        : LoopbackAcceptor(ioc, [this](tcp::socket sock) { return serve(std::move(sock)); }),
          behaviour_(std::move(b)),
          deflate_(deflate) {}
    std::string user_agent;
    std::string authorization;
    std::string amz_date;

private:
    net::awaitable<void> serve(tcp::socket sock) {
        auto ws = std::make_unique<ServerWs>(std::move(sock));
        if (deflate_) {
            websocket::permessage_deflate pmd;
            pmd.server_enable = true;
            ws->set_option(pmd);
        }
        beast::flat_buffer buf;
        websocket::request_type req;
        auto [hec, hn] = co_await beast::http::async_read(ws->next_layer(), buf, req, use_tuple);
        if (hec) co_return;
        user_agent = std::string(req[beast::http::field::user_agent]);
        authorization = std::string(req[beast::http::field::authorization]);
        amz_date = std::string(req["X-Amz-Date"]);
        REQUIRE(req.target() == "/gremlin");
        auto [aec] = co_await ws->async_accept(req, use_tuple);
        if (aec) co_return;
        co_await behaviour_(*ws);
    }

    Behaviour behaviour_;
    bool deflate_;
};

// tests/common's loopback session, with at most 8 requests in flight and a 2 s connect timeout.
SessionConfig config_for(std::uint16_t port, std::string serializer = "", bool compression = false) {
    SessionConfig cfg = tpbench::test::loopback_config(port, std::move(serializer));
    if (compression) cfg.target.options["compression"] = "true";
    cfg.max_in_process_per_connection = 8;
    cfg.connect_timeout = 2000ms;
    return cfg;
}

Request request(std::string gremlin, std::chrono::milliseconds budget = 5000ms) {
    return tpbench::test::make_request(std::move(gremlin), budget);
}

// Runs `body` on `ioc` for at most `limit`; fails the test if it did not finish.
void run(net::io_context& ioc, std::function<net::awaitable<void>()> body, std::chrono::seconds limit = 10s) {
    tpbench::test::run_bounded(ioc, body, limit);
}

// Serves every request with `n` results in batches of 2 (206 … 200) taken from the script text
// "n=<count>", or 204 for n=0.
net::awaitable<void> streaming_server(ServerWs& ws) {
    for (;;) {
        auto r = co_await read_request(ws);
        if (!r) co_return;
        const std::string g = r->gremlin();
        const int n = g.rfind("n=", 0) == 0 ? std::stoi(g.substr(2)) : 6;
        if (n == 0) {
            co_await send(ws, response(*r, 204, {}));
            continue;
        }
        for (int i = 0; i < n; i += 2) {
            const int k = std::min(2, n - i);
            co_await send(ws, response(*r, i + k < n ? 206 : 200, ints(i, k)));
        }
    }
}

}  // namespace

TEST_CASE("ws37: streamed 206/200 results are counted and every Outcome field is filled") {
    for (const char* ser : {"", "graphbinary-v1", "graphson-v3", "graphson-v3-untyped"}) {
        CAPTURE(ser);
        net::io_context ioc;
        FakeServer server(ioc, streaming_server);
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port(), ser));
            CHECK(s->name() == "ws37");
            CHECK(s->max_in_flight() == 8);
            REQUIRE_FALSE(co_await s->async_connect());
            CHECK(s->is_open());
            const auto before = Clock::now();
            Outcome o = co_await s->async_execute(request("n=7"));
            CHECK_FALSE(o.error);
            CHECK(o.status_code == 200);
            CHECK(o.result_count == 7);
            CHECK(o.partial_responses == 3);
            CHECK(o.bytes_out > 20);
            CHECK(o.bytes_in > 7 * 5);
            CHECK(o.sent >= before);
            CHECK(o.first_byte >= o.sent);
            CHECK(o.first_result >= o.first_byte);
            CHECK(o.done >= o.first_result);
            CHECK(o.results.empty());

            Request keep = request("n=5");
            keep.keep_results = true;
            o = co_await s->async_execute(keep);
            CHECK_FALSE(o.error);
            REQUIRE(o.results.size() == 5);
            CHECK(o.results[4].to_int64() == 4);

            o = co_await s->async_execute(request("n=0"));
            CHECK_FALSE(o.error);
            CHECK(o.status_code == 204);
            CHECK(o.result_count == 0);
            CHECK(o.first_result == o.done);
            co_await s->async_close();
            CHECK_FALSE(s->is_open());
        });
        CHECK(server.user_agent.find("tpbench") != std::string::npos);
    }
}

TEST_CASE("ws37: concurrent requests are multiplexed on one connection and routed by requestId") {
    net::io_context ioc;
    // Collects 8 requests, then answers them interleaved in reverse order.
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        std::vector<Received> reqs;
        for (int i = 0; i < 8; ++i) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            reqs.push_back(std::move(*r));
        }
        for (int round = 0; round < 3; ++round) {
            for (auto it = reqs.rbegin(); it != reqs.rend(); ++it) {
                const int n = std::stoi(it->gremlin().substr(2));
                co_await send(ws, response(*it, round < 2 ? 206 : 200, ints(0, round < 2 ? 1 : n)));
            }
        }
        auto r = co_await read_request(ws);  // wait for the client to close
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        std::vector<Outcome> outs(8);
        int finished = 0;
        for (int i = 0; i < 8; ++i) {
            net::co_spawn(
                ioc,
                [&, i]() -> net::awaitable<void> {
                    outs[i] = co_await s->async_execute(request("n=" + std::to_string(10 + i)));
                    ++finished;
                },
                [](std::exception_ptr e) {
                    if (e) std::rethrow_exception(e);
                });
        }
        net::steady_timer t(ioc);
        while (finished < 8) {
            t.expires_after(5ms);
            co_await t.async_wait(use_tuple);
        }
        for (int i = 0; i < 8; ++i) {
            CAPTURE(i);
            CHECK_FALSE(outs[i].error);
            CHECK(outs[i].result_count == static_cast<std::uint64_t>(2 + 10 + i));
            CHECK(outs[i].partial_responses == 2);
        }
        co_await s->async_close();
    });
    CHECK(server.connections == 1);
}

TEST_CASE("ws37: an error after 206 partials is the final status") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        const std::vector<std::int32_t> codes = {597, 598, 599, 429, 499, 500};
        for (std::int32_t code : codes) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            co_await send(ws, response(*r, 206, ints(0, 2)));
            co_await send(ws, response(*r, 206, ints(2, 2)));
            co_await send(ws, response(*r, code, {}, "boom " + std::to_string(code)));
        }
        co_await read_request(ws);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        const std::vector<std::pair<int, errc>> expected = {
            {597, errc::server_evaluation},    {598, errc::server_timeout},
            {599, errc::server_serialization}, {429, errc::server_rate_limited},
            {499, errc::server_bad_request},   {500, errc::server_error}};
        for (const auto& want : expected) {  // no structured binding: clang 14 cannot capture one
            const int code = want.first;
            const errc e = want.second;
            CAPTURE(code);
            Outcome o = co_await s->async_execute(request("g.V()"));
            CHECK(o.error == make_error_code(e));
            CHECK(o.status_code == code);
            CHECK(o.status_message == "boom " + std::to_string(code));
            CHECK(o.result_count == 4);
            CHECK(o.partial_responses == 2);
        }
        co_await s->async_close();
    });
}

TEST_CASE("ws37: the connection dropped mid-stream fails pending requests with connection_closed") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        auto r = co_await read_request(ws);
        if (!r) co_return;
        co_await send(ws, response(*r, 206, ints(0, 2)));
        beast::get_lowest_layer(ws).socket().close();
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::connection_closed));
        CHECK(o.result_count == 2);
        CHECK_FALSE(s->is_open());
        // Further requests fail fast instead of hanging.
        o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::connection_closed));
        co_await s->async_close();
    });
}

TEST_CASE("ws37: a server shutting down (final 596 ServerShutdownException, close 1001) is server_shutdown") {
    // What tpbench serve's graceful shutdown sends: a final 596 whose exception names the
    // shutdown, then close 1001 (going away); another request still in flight at the close is
    // ended by the server going away too. Any other 596 stays a server error.
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        // Built outside the co_await expressions (GCC 12 cannot initialise the lists inside one).
        const Value budget_ex = exceptions_attribute("ServerMemoryBudgetException");
        const Value shutdown_ex = exceptions_attribute("ServerShutdownException");
        auto a = co_await read_request(ws);
        if (!a) co_return;
        const std::string refused = response(*a, 596, {}, "over budget", budget_ex);
        co_await send(ws, refused);
        auto b = co_await read_request(ws);
        auto c = co_await read_request(ws);
        if (!b || !c) co_return;
        if (b->gremlin() != "g.V()") std::swap(b, c);  // b: "g.V()", c: "g.V().both()"
        co_await send(ws, response(*b, 206, ints(0, 2)));
        const std::string ended = response(*b, 596, {}, "tpbench serve is shutting down", shutdown_ex);
        co_await send(ws, ended);
        co_await send(ws, response(*c, 206, ints(0, 3)));
        co_await ws.async_close(websocket::close_code::going_away, use_tuple);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::server_error));
        CHECK(o.status_code == 596);
        // Two in flight: one ended by the shutdown's 596, the other by the close 1001.
        std::optional<Outcome> ob, oc;
        net::co_spawn(
            ioc, [&]() -> net::awaitable<void> { ob = co_await s->async_execute(request("g.V()")); },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
        oc = co_await s->async_execute(request("g.V().both()"));
        net::steady_timer t(ioc);
        while (!ob) {
            t.expires_after(5ms);
            co_await t.async_wait(use_tuple);
        }
        CHECK(ob->error == make_error_code(errc::server_shutdown));
        CHECK(ob->status_code == 596);
        CHECK(ob->result_count == 2);
        CHECK(oc->error == make_error_code(errc::server_shutdown));
        CHECK(oc->result_count == 3);
        CHECK(oc->error.message().find("shutting down") != std::string::npos);
        co_await s->async_close();
    });
}

TEST_CASE("ws37: a close other than 1001 with a request in flight stays connection_closed") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        auto r = co_await read_request(ws);
        if (!r) co_return;
        co_await send(ws, response(*r, 206, ints(0, 2)));
        co_await ws.async_close(websocket::close_code::normal, use_tuple);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::connection_closed));
        co_await s->async_close();
    });
}

TEST_CASE(
    "ws37: a stalled server gives timeout; late responses are dropped and the connection stays usable") {
    net::io_context ioc;
    FakeServer server(ioc, [&ioc](ServerWs& ws) -> net::awaitable<void> {
        auto first = co_await read_request(ws);
        if (!first) co_return;
        // Stall past the client's deadline, then answer late.
        net::steady_timer t(ioc);
        t.expires_after(300ms);
        co_await t.async_wait(use_tuple);
        co_await send(ws, response(*first, 206, ints(0, 2)));
        co_await send(ws, response(*first, 200, ints(0, 2)));
        co_await streaming_server(ws);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        const auto t0 = Clock::now();
        Outcome o = co_await s->async_execute(request("stall", 100ms));
        CHECK(o.error == make_error_code(errc::timeout));
        CHECK(Clock::now() - t0 < 250ms);
        CHECK(s->is_open());
        o = co_await s->async_execute(request("n=3"));
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 3);  // the late 4 results were not added
        co_await s->async_close();
    });
}

TEST_CASE("ws37: per-request deadlines on one lazy connection timer (an earlier one re-arms it)") {
    // The session keeps one deadline timer per connection, armed at the earliest deadline of a
    // waiting request: a later request with an earlier deadline must re-arm it, and a request
    // whose deadline is later than the timer's must wait for its own.
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        for (;;) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            if (r->gremlin() == "stall") continue;  // never answered
            co_await send(ws, response(*r, 200, ints(0, 3)));
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        const auto t0 = Clock::now();
        struct Done {
            Outcome out;
            Clock::duration after{};
            bool finished = false;
        };
        std::vector<Done> done(4);
        const std::vector<std::pair<std::string, std::chrono::milliseconds>> plan = {
            {"stall", 900ms}, {"stall", 150ms}, {"n=3", 5000ms}, {"stall", 400ms}};
        for (std::size_t i = 0; i < plan.size(); ++i) {
            net::co_spawn(
                ioc,
                [&, i]() -> net::awaitable<void> {
                    done[i].out = co_await s->async_execute(request(plan[i].first, plan[i].second));
                    done[i].after = Clock::now() - t0;
                    done[i].finished = true;
                },
                [](std::exception_ptr e) {
                    if (e) std::rethrow_exception(e);
                });
        }
        net::steady_timer t(ioc);
        auto all_done = [&] {
            for (const auto& d : done)
                if (!d.finished) return false;
            return true;
        };
        while (!all_done() && Clock::now() - t0 < 5s) {
            t.expires_after(5ms);
            co_await t.async_wait(use_tuple);
        }
        REQUIRE(all_done());
        for (std::size_t i : {0u, 1u, 3u}) {
            CAPTURE(i);
            CHECK(done[i].out.error == make_error_code(errc::timeout));
            CHECK(done[i].after >= plan[i].second);
            CHECK(done[i].after < plan[i].second + 400ms);
        }
        CHECK_FALSE(done[2].out.error);
        CHECK(done[2].out.result_count == 3);
        CHECK(done[1].after < done[3].after);
        CHECK(done[3].after < done[0].after);
        CHECK(s->is_open());
        Outcome o = co_await s->async_execute(request("n=3"));
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 3);
        co_await s->async_close();
    });
}

TEST_CASE("ws37: more requests than max_in_flight are refused with pool_exhausted, not queued") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        auto r = co_await read_request(ws);  // never answered
        co_await read_request(ws);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto cfg = config_for(server.port());
        cfg.max_in_process_per_connection = 1;
        auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome first, second;
        int finished = 0;
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                first = co_await s->async_execute(request("a", 300ms));
                ++finished;
            },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                second = co_await s->async_execute(request("b"));
                ++finished;
            },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
        net::steady_timer t(ioc);
        while (finished < 2) {
            t.expires_after(5ms);
            co_await t.async_wait(use_tuple);
        }
        CHECK(first.error == make_error_code(errc::timeout));
        CHECK(second.error == make_error_code(errc::pool_exhausted));
        co_await s->async_close();
    });
}

TEST_CASE("ws37: garbage bytes are a protocol violation") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        auto r = co_await read_request(ws);
        if (!r) co_return;
        const std::string junk("\x13\x37 this is not a ResponseMessage");
        co_await send(ws, junk);
        co_await read_request(ws);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::protocol_violation));
        CHECK_FALSE(o.status_message.empty());
        CHECK_FALSE(s->is_open());
        co_await s->async_close();
    });
}

TEST_CASE("ws37: a response with a null requestId fails every pending request") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        auto a = co_await read_request(ws);
        auto b = co_await read_request(ws);
        if (!a || !b) co_return;
        ws37io::ResponseMessage m;
        m.header.request_id = std::nullopt;
        m.header.code = 499;
        m.header.message = "Invalid OpProcessor requested [null]";
        std::string out;
        ws37io::encode_response(out, m, ws37io::Format::graphbinary_v1);
        co_await send(ws, out);
        co_await streaming_server(ws);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome oa, ob;
        int finished = 0;
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                oa = co_await s->async_execute(request("a"));
                ++finished;
            },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                ob = co_await s->async_execute(request("b"));
                ++finished;
            },
            [](std::exception_ptr e) {
                if (e) std::rethrow_exception(e);
            });
        net::steady_timer t(ioc);
        while (finished < 2) {
            t.expires_after(5ms);
            co_await t.async_wait(use_tuple);
        }
        CHECK(oa.error == make_error_code(errc::server_bad_request));
        CHECK(ob.error == make_error_code(errc::server_bad_request));
        CHECK(oa.status_message == "Invalid OpProcessor requested [null]");
        // The connection stays usable.
        Outcome o = co_await s->async_execute(request("n=4"));
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 4);
        co_await s->async_close();
    });
}

TEST_CASE("ws37: permessage-deflate when compression=true") {
    net::io_context ioc;
    FakeServer server(ioc, streaming_server, /*deflate=*/true);
    run(ioc, [&]() -> net::awaitable<void> {
        auto plain = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        auto zipped = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port(), "", true));
        REQUIRE_FALSE(co_await plain->async_connect());
        REQUIRE_FALSE(co_await zipped->async_connect());
        Outcome a = co_await plain->async_execute(request("n=400"));
        Outcome b = co_await zipped->async_execute(request("n=400"));
        CHECK_FALSE(a.error);
        CHECK_FALSE(b.error);
        CHECK(a.result_count == 400);
        CHECK(b.result_count == 400);
        CHECK(b.bytes_in < a.bytes_in);
        co_await plain->async_close();
        co_await zipped->async_close();
    });
}

TEST_CASE("ws37: connect failure and configuration errors") {
    net::io_context ioc;
    std::uint16_t closed_port = 0;
    {
        tcp::acceptor a(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
        closed_port = a.local_endpoint().port();
    }
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(closed_port));
        const auto ec = co_await s->async_connect();
        CHECK(ec == make_error_code(errc::connect_failed));
        CHECK_FALSE(s->is_open());
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::connection_closed));
    });
    CHECK_THROWS_AS(tpbench::ws37::make_session(ioc.get_executor(), config_for(1, "graphson-v9")),
                    std::invalid_argument);
}

TEST_CASE("ws37: request frames carry the eval / bytecode args and a fresh requestId each time") {
    for (const char* ser : {"graphbinary-v1", "graphson-v3"}) {
        CAPTURE(ser);
        net::io_context ioc;
        std::vector<Received> seen;
        FakeServer server(ioc, [&seen](ServerWs& ws) -> net::awaitable<void> {
            for (;;) {
                auto r = co_await read_request(ws);
                if (!r) co_return;
                seen.push_back(*r);
                co_await send(ws, response(*r, 200, ints(0, 1)));
            }
        });
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port(), ser));
            REQUIRE_FALSE(co_await s->async_connect());
            Request r = request("g.V(x)");
            r.bindings = Value::map({Value::string("x"), Value::int_(1)});
            r.batch_size = 32;
            r.server_timeout_ms = 1500;
            r.materialize_tokens = true;
            r.language = "gremlin-groovy";
            for (int i = 0; i < 3; ++i) {
                r.deadline = Clock::now() + 5s;
                Outcome o = co_await s->async_execute(r);
                CHECK_FALSE(o.error);
            }
            Request bc = request("");
            bc.bytecode = Value::bytecode(
                Value::list({Value::list({Value::string("V")}), Value::list({Value::string("count")})}),
                Value::list());
            Outcome o = co_await s->async_execute(bc);
            CHECK_FALSE(o.error);
            co_await s->async_close();
        });
        REQUIRE(seen.size() == 4);
        const auto& m = seen[0].req.message;
        CHECK(m.op == "eval");
        CHECK(m.processor == "");
        CHECK(seen[0].gremlin() == "g.V(x)");
        REQUIRE(m.args.find("batchSize"));
        CHECK(m.args.find("batchSize")->to_int64() == 32);
        REQUIRE(m.args.find("evaluationTimeout"));
        CHECK(m.args.find("evaluationTimeout")->to_int64() == 1500);
        REQUIRE(m.args.find("materializeProperties"));
        CHECK(m.args.find("materializeProperties")->str() == "tokens");
        REQUIRE(m.args.find("language"));
        CHECK(m.args.find("language")->str() == "gremlin-groovy");
        REQUIRE(m.args.find("bindings"));
        CHECK(m.args.find("bindings")->find("x")->to_int64() == 1);
        REQUIRE(m.args.find("aliases"));
        CHECK(m.args.find("aliases")->find("g")->str() == "g");
        // Repeated requests reuse the encoded frame but never the request id.
        CHECK(seen[1].req.message.request_id != seen[0].req.message.request_id);
        CHECK(seen[2].req.message.request_id != seen[1].req.message.request_id);
        CHECK(seen[2].gremlin() == "g.V(x)");
        CHECK(seen[2].req.message.args == seen[0].req.message.args);
        const auto& b = seen[3].req.message;
        CHECK(b.op == "bytecode");
        CHECK(b.processor == "traversal");
        REQUIRE(b.args.find("gremlin"));
        CHECK(b.args.find("gremlin")->type() == tpbench::model::Type::bytecode);
        CHECK(b.args.find("aliases"));
    }
}

TEST_CASE("ws37: a malformed WebSocket frame is a protocol violation") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        auto r = co_await read_request(ws);
        if (!r) co_return;
        // FIN + reserved bits RSV1..3 set on a binary frame: no extension negotiated them.
        const std::string bad(
            "\xf2\x03"
            "abc",
            5);
        auto [ec, n] =
            co_await net::async_write(beast::get_lowest_layer(ws).socket(), net::buffer(bad), use_tuple);
        (void)ec;
        co_await read_request(ws);
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::protocol_violation));
        CHECK_FALSE(s->is_open());
        co_await s->async_close();
    });
}

TEST_CASE("ws37: a server that stops reading blocks the writer; requests time out and close does not hang") {
    net::io_context ioc;
    FakeServer server(ioc, [&ioc](ServerWs& ws) -> net::awaitable<void> {
        // Never read: the client's socket buffers fill up and its writer blocks.
        net::steady_timer t(ioc);
        t.expires_after(6s);
        co_await t.async_wait(use_tuple);
    });
    run(
        ioc,
        [&]() -> net::awaitable<void> {
            auto cfg = config_for(server.port());
            cfg.max_in_process_per_connection = 16;
            auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
            REQUIRE_FALSE(co_await s->async_connect());
            const std::string big(2 * 1024 * 1024, 'x');
            std::vector<Outcome> outs(16);
            int finished = 0;
            for (int i = 0; i < 16; ++i) {
                net::co_spawn(
                    ioc,
                    [&, i]() -> net::awaitable<void> {
                        outs[i] = co_await s->async_execute(request(big, 300ms));
                        ++finished;
                    },
                    [](std::exception_ptr e) {
                        if (e) std::rethrow_exception(e);
                    });
            }
            net::steady_timer t(ioc);
            const auto t0 = Clock::now();
            while (finished < 16) {
                t.expires_after(5ms);
                co_await t.async_wait(use_tuple);
            }
            CHECK(Clock::now() - t0 < 2s);
            for (const auto& o : outs) CHECK(o.error == make_error_code(errc::timeout));
            // Every slot is still owned by the blocked writer or has been handed back: new requests
            // are refused or time out, never hang.
            Outcome more = co_await s->async_execute(request("g.V()", 200ms));
            CHECK((more.error == make_error_code(errc::timeout) ||
                   more.error == make_error_code(errc::pool_exhausted)));
            const auto c0 = Clock::now();
            co_await s->async_close();
            CHECK(Clock::now() - c0 < 5s);
            CHECK_FALSE(s->is_open());
        },
        15s);
}

// ---- SASL, upgrade failures, SigV4 ------------------------------------------------------------

namespace {

constexpr const char* kUser = "stephen";
constexpr const char* kPassword = "pa55-w0rd!";

// The Java server's SaslAuthenticationHandler, reduced: the first message is stored and
// challenged (407); other requests are deferred; an `authentication` op with a good sasl argument
// releases the stored request (an authentication op stored as the first message gets 498, as the
// standard processor answers it) and the deferred ones; a bad one gets 401 for each of them.
// Afterwards requests are served like streaming_server. Counts authentication ops seen.
struct SaslServer {
    int auth_ops = 0;
    int challenges = 0;
    net::awaitable<void> operator()(ServerWs& ws) {
        std::optional<Received> stored;
        std::vector<Received> deferred;
        bool authenticated = false;
        for (;;) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            if (!authenticated && !stored) {
                stored = *r;
                ++challenges;
                co_await send(ws, response(*r, 407, {}));
                continue;
            }
            if (!authenticated && r->req.message.op != "authentication") {
                deferred.push_back(*r);
                continue;
            }
            if (!authenticated) {
                ++auth_ops;
                const Value* sasl = r->req.message.args.find("sasl");
                const auto raw = sasl ? tpbench::auth::base64_decode(sasl->str()) : std::nullopt;
                const auto creds = raw ? tpbench::auth::parse_sasl_plain(*raw) : std::nullopt;
                const bool ok = creds && creds->user == kUser && creds->password == kPassword;
                std::vector<Received> todo{*stored};
                todo.insert(todo.end(), deferred.begin(), deferred.end());
                deferred.clear();
                if (!ok) {
                    for (const auto& t : todo)
                        co_await send(ws, response(t, 401, {}, "Username and/or password are incorrect"));
                    continue;  // the real server keeps the channel unusable
                }
                authenticated = true;
                for (const auto& t : todo) {
                    if (t.req.message.op == "authentication")
                        co_await send(ws, response(t, 498, {}, "authentication is not a valid op"));
                    else
                        co_await send(ws, response(t, 200, ints(0, 3)));
                }
                continue;
            }
            co_await send(ws, response(*r, 200, ints(0, 3)));
        }
    }
};

SessionConfig sasl_config(std::uint16_t port, std::string password, std::string mode = "eager") {
    SessionConfig cfg = config_for(port);
    cfg.target.auth.mechanism = tpbench::engine::AuthOptions::Mechanism::sasl_plain;
    cfg.target.auth.username = kUser;
    cfg.target.auth.password = std::move(password);
    cfg.target.options["sasl"] = std::move(mode);
    return cfg;
}

}  // namespace

TEST_CASE("ws37: SASL PLAIN at connect (eager): requests then run without challenges") {
    net::io_context ioc;
    SaslServer sasl;
    FakeServer server(ioc, std::ref(sasl));
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), sasl_config(server.port(), kPassword));
        REQUIRE_FALSE(co_await s->async_connect());
        CHECK(s->is_open());
        CHECK(s->connect_timings().protocol > std::chrono::nanoseconds(0));
        for (int i = 0; i < 3; ++i) {
            Outcome o = co_await s->async_execute(request("g.V()"));
            CHECK_FALSE(o.error);
            CHECK(o.result_count == 3);
        }
        co_await s->async_close();
    });
    CHECK(sasl.challenges == 1);
    CHECK(sasl.auth_ops == 1);
}

TEST_CASE("ws37: SASL PLAIN on the challenge (lazy), with concurrent requests multiplexed") {
    net::io_context ioc;
    SaslServer sasl;
    FakeServer server(ioc, std::ref(sasl));
    run(ioc, [&]() -> net::awaitable<void> {
        auto s =
            tpbench::ws37::make_session(ioc.get_executor(), sasl_config(server.port(), kPassword, "lazy"));
        REQUIRE_FALSE(co_await s->async_connect());
        int done = 0;
        net::steady_timer all(ioc, Clock::time_point::max());
        for (int i = 0; i < 5; ++i) {
            net::co_spawn(
                ioc,
                [&]() -> net::awaitable<void> {
                    Outcome o = co_await s->async_execute(request("g.V()"));
                    CHECK_FALSE(o.error);
                    CHECK(o.result_count == 3);
                    if (++done == 5) all.cancel();
                },
                [](std::exception_ptr e) {
                    if (e) std::rethrow_exception(e);
                });
        }
        while (done < 5) co_await all.async_wait(use_tuple);
        co_await s->async_close();
    });
    CHECK(sasl.auth_ops == 1);
}

TEST_CASE(
    "ws37: a wrong password ends async_connect with auth_failed, in bounded time, without the password") {
    for (const char* mode : {"eager", "lazy"}) {
        CAPTURE(mode);
        net::io_context ioc;
        SaslServer sasl;
        FakeServer server(ioc, std::ref(sasl));
        run(ioc, [&]() -> net::awaitable<void> {
            const std::string wrong = "not-the-password";
            auto s = tpbench::ws37::make_session(ioc.get_executor(), sasl_config(server.port(), wrong, mode));
            const auto t0 = Clock::now();
            const auto ec = co_await s->async_connect();
            if (std::string(mode) == "eager") {
                CHECK(ec == make_error_code(errc::auth_failed));
                CHECK_FALSE(s->is_open());
                const std::string why = s->connect_error_message();
                CHECK(why.find("SASL authentication failed for user 'stephen'") == 0);
                CHECK(why.find("Username and/or password are incorrect (401)") != std::string::npos);
                CHECK(why.find(wrong) == std::string::npos);
            } else {
                REQUIRE_FALSE(ec);
                Outcome o = co_await s->async_execute(request("g.V()"));
                CHECK(o.error == make_error_code(errc::auth_failed));
                CHECK(o.status_message.find(wrong) == std::string::npos);
                CHECK_FALSE(s->is_open());  // no retry on this connection
            }
            CHECK(Clock::now() - t0 < 3s);
        });
        CHECK(sasl.auth_ops == 1);
    }
}

TEST_CASE("ws37: a SASL challenge without credentials is auth_failed with a clear message") {
    net::io_context ioc;
    SaslServer sasl;
    FakeServer server(ioc, std::ref(sasl));
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::auth_failed));
        CHECK(o.status_code == 407);
        CHECK(o.status_message.find("no credentials are configured") != std::string::npos);
        co_await s->async_close();
    });
}

TEST_CASE("ws37: connect failures say why: refused, upgrade answered with an HTTP status, upgrade timeout") {
    net::io_context ioc;
    SUBCASE("refused") {
        std::uint16_t closed_port = 0;
        {
            tcp::acceptor a(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
            closed_port = a.local_endpoint().port();
        }
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(closed_port));
            CHECK(co_await s->async_connect() == make_error_code(errc::connect_failed));
            CHECK(s->connect_error_message() ==
                  "connect to 127.0.0.1:" + std::to_string(closed_port) + " failed: Connection refused");
        });
    }
    SUBCASE("HTTP 503 on the upgrade") {
        tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
        net::co_spawn(
            ioc,
            [&]() -> net::awaitable<void> {
                auto [ec, sock] = co_await acc.async_accept(use_tuple);
                beast::flat_buffer buf;
                beast::http::request<beast::http::string_body> req;
                co_await beast::http::async_read(sock, buf, req, use_tuple);
                co_await net::async_write(
                    sock,
                    net::buffer(
                        std::string_view("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n")),
                    use_tuple);
            },
            [](std::exception_ptr) {});
        run(ioc, [&]() -> net::awaitable<void> {
            auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(acc.local_endpoint().port()));
            CHECK(co_await s->async_connect() == make_error_code(errc::connect_failed));
            CHECK(s->connect_error_message() ==
                  "WebSocket upgrade at 127.0.0.1:" + std::to_string(acc.local_endpoint().port()) +
                      "/gremlin answered HTTP 503 Service Unavailable");
        });
    }
    SUBCASE("a TCP listener that never answers the upgrade") {
        tcp::acceptor acc(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
        std::optional<tcp::socket> held;
        acc.async_accept([&](boost::system::error_code, tcp::socket sock) { held.emplace(std::move(sock)); });
        run(ioc, [&]() -> net::awaitable<void> {
            auto cfg = config_for(acc.local_endpoint().port());
            cfg.connect_timeout = 300ms;
            auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
            const auto t0 = Clock::now();
            CHECK(co_await s->async_connect() == make_error_code(errc::connect_failed));
            CHECK(Clock::now() - t0 < 2s);
            CHECK_MESSAGE(s->connect_error_message().find("timed out after 300 ms") != std::string::npos,
                          s->connect_error_message());
        });
    }
}

TEST_CASE("ws37: SigV4 signs the WebSocket upgrade") {
    net::io_context ioc;
    FakeServer server(ioc, streaming_server);
    run(ioc, [&]() -> net::awaitable<void> {
        auto cfg = config_for(server.port());
        auto& a = cfg.target.auth;
        a.mechanism = tpbench::engine::AuthOptions::Mechanism::sigv4;
        a.region = "us-east-1";
        a.access_key_id = "AKIDEXAMPLE";
        a.secret_access_key = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
        auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
        REQUIRE_FALSE(co_await s->async_connect());
        Outcome o = co_await s->async_execute(request("n=2"));
        CHECK_FALSE(o.error);
        co_await s->async_close();
    });
    CHECK(server.authorization.find("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") == 0);
    CHECK(server.authorization.find("/us-east-1/neptune-db/aws4_request") != std::string::npos);
    CHECK(server.authorization.find("SignedHeaders=host;x-amz-date") != std::string::npos);
    CHECK(server.authorization.find("wJalrXUtnFEMI") == std::string::npos);
    CHECK(server.amz_date.size() == 16);  // yyyymmddThhmmssZ
}

// ---- Session::start_execute: the engine's slot path (no coroutine per request) ---------------

namespace {

// An engine slot as the load engine keeps one per lane: records every complete(), and whether it
// came while the test was inside a call into the session (start_execute, the session's
// destruction) — the session must complete slots from a handler of its own.
struct RecordingSlot final : tpbench::engine::ExecuteSlot {
    int completed = 0;
    bool reentrant = false;
    bool* in_call = nullptr;
    Outcome out;
    Clock::time_point at{};
    void complete(Outcome&& o) noexcept override {
        ++completed;
        if (in_call && *in_call) reentrant = true;
        out = std::move(o);
        at = Clock::now();
    }
};

struct SlotDriver {
    bool in_call = false;
    bool start(tpbench::engine::Session& s, RecordingSlot& slot, const Request& r) {
        slot.in_call = &in_call;
        in_call = true;
        const bool ok = s.start_execute(r, slot);
        in_call = false;
        return ok;
    }
};

// Waits (polling, bounded) until every slot in `slots` completed at least once.
net::awaitable<bool> wait_completed(std::vector<RecordingSlot*> slots,
                                    std::chrono::milliseconds limit = 3000ms) {
    net::steady_timer t(co_await net::this_coro::executor);
    const auto until = Clock::now() + limit;
    for (;;) {
        bool all = true;
        for (auto* s : slots) all = all && s->completed > 0;
        if (all) co_return true;
        if (Clock::now() >= until) co_return false;
        t.expires_after(2ms);
        co_await t.async_wait(use_tuple);
    }
}

// The same for a few named slots (a plain function: g++ cannot keep a braced list in a coroutine).
template <class... S>
net::awaitable<bool> wait_for_slots(S*... s) {
    return wait_completed(std::vector<RecordingSlot*>{s...});
}

net::awaitable<void> sleep_for(std::chrono::milliseconds d) {
    net::steady_timer t(co_await net::this_coro::executor);
    t.expires_after(d);
    co_await t.async_wait(use_tuple);
}

}  // namespace

TEST_CASE("ws37 start_execute: results, a server error status, one slot reused, concurrent slots") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        for (;;) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            if (r->gremlin() == "err") {
                co_await send(ws, response(*r, 206, ints(0, 2)));
                co_await send(ws, response(*r, 597, {}, "boom"));
                continue;
            }
            const int n = std::stoi(r->gremlin().substr(2));
            for (int i = 0; i < n; i += 2) {
                const int k = std::min(2, n - i);
                co_await send(ws, response(*r, i + k < n ? 206 : 200, ints(i, k)));
            }
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        SlotDriver d;
        RecordingSlot slot;
        // One slot, request after request (as an engine lane uses it).
        const auto before = Clock::now();
        REQUIRE(d.start(*s, slot, request("n=7")));
        CHECK(slot.completed == 0);
        REQUIRE(co_await wait_for_slots(&slot));
        CHECK(slot.completed == 1);
        CHECK_FALSE(slot.out.error);
        CHECK(slot.out.status_code == 200);
        CHECK(slot.out.result_count == 7);
        CHECK(slot.out.partial_responses == 3);
        CHECK(slot.out.bytes_out > 20);
        CHECK(slot.out.sent >= before);
        CHECK(slot.out.done >= slot.out.first_result);
        CHECK(slot.out.results.empty());

        slot.completed = 0;
        REQUIRE(d.start(*s, slot, request("err")));
        REQUIRE(co_await wait_for_slots(&slot));
        CHECK(slot.out.error == make_error_code(errc::server_evaluation));
        CHECK(slot.out.status_code == 597);
        CHECK(slot.out.status_message == "boom");
        CHECK(slot.out.result_count == 2);

        slot.completed = 0;
        Request keep = request("n=5");
        keep.keep_results = true;
        REQUIRE(d.start(*s, slot, keep));
        REQUIRE(co_await wait_for_slots(&slot));
        CHECK_FALSE(slot.out.error);
        REQUIRE(slot.out.results.size() == 5);
        CHECK(slot.out.results[4].to_int64() == 4);

        // Eight at once, multiplexed, each ended exactly once with its own outcome.
        std::vector<RecordingSlot> many(8);
        std::vector<RecordingSlot*> ptrs;
        for (int i = 0; i < 8; ++i) {
            REQUIRE(d.start(*s, many[i], request("n=" + std::to_string(10 + i))));
            ptrs.push_back(&many[i]);
        }
        REQUIRE(co_await wait_completed(ptrs));
        co_await sleep_for(20ms);  // nothing completes twice
        for (int i = 0; i < 8; ++i) {
            CAPTURE(i);
            CHECK(many[i].completed == 1);
            CHECK_FALSE(many[i].reentrant);
            CHECK_FALSE(many[i].out.error);
            CHECK(many[i].out.result_count == static_cast<std::uint64_t>(10 + i));
        }
        CHECK(slot.completed == 1);
        CHECK_FALSE(slot.reentrant);
        // The coroutine path still works on the same connection.
        Outcome o = co_await s->async_execute(request("n=3"));
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 3);
        co_await s->async_close();
    });
}

// The load engine's lane starts its next request from inside complete(), i.e. from inside the
// connection's run_wakes loop (Connection::run_wakes: "Completion and re-entry" in
// docs/architecture.md). The invariant that makes it safe: run_wakes works on a swapped-out list,
// a slot freed and reused by the re-entrant start_execute only sees a spurious wake (every waiter
// re-checks), and nothing completes inside start_execute itself. Eight chains of 40 requests each,
// then the connection dropped with chains still running.
namespace {
struct ChainSlot final : tpbench::engine::ExecuteSlot {
    tpbench::engine::Session* session = nullptr;
    int id = 0;
    int left = 0;  // requests still to start from complete()
    int completed = 0;
    int ok = 0;
    int refused = 0;         // start_execute said no (the connection is gone)
    int depth = 0;           // > 0 while inside start_execute
    bool reentrant = false;  // complete() came from inside start_execute
    std::uint64_t results = 0;
    std::vector<errc> errors;
    bool start() {
        ++depth;
        const bool started = session->start_execute(request("n=" + std::to_string(1 + id % 3)), *this);
        --depth;
        return started;
    }
    void complete(Outcome&& o) noexcept override {
        if (depth > 0) reentrant = true;
        ++completed;
        if (o.error)
            errors.push_back(static_cast<errc>(o.error.value()));
        else
            ++ok;
        results += o.result_count;
        if (left > 0) {
            --left;
            if (!start()) ++refused;  // the lane's next request, started from inside run_wakes
        }
    }
};
}  // namespace

TEST_CASE("ws37 start_execute: a slot that starts its next request from complete() (inside run_wakes)") {
    net::io_context ioc;
    int answered = 0;
    bool drop = false;
    FakeServer server(ioc, [&](ServerWs& ws) -> net::awaitable<void> {
        // Answers each request as it reads it (the client's writer batches its frames, so one
        // client read often carries several answers: one run_wakes completes several chains).
        for (;;) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            if (drop) {
                beast::get_lowest_layer(ws).socket().close();
                co_return;
            }
            const int n = std::stoi(r->gremlin().substr(2));
            co_await send(ws, response(*r, 200, ints(0, n)));
            ++answered;
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        std::vector<ChainSlot> chains(8);
        for (int i = 0; i < 8; ++i) {
            chains[i].session = s.get();
            chains[i].id = i;
            chains[i].left = 39;
            REQUIRE(chains[i].start());
        }
        // Every chain runs to its end: 40 requests each, each completed once, none inside a call.
        for (int spin = 0; spin < 1500; ++spin) {
            int done = 0;
            for (auto& c : chains) done += c.completed;
            if (done == 8 * 40) break;
            co_await sleep_for(2ms);
        }
        for (auto& c : chains) {
            CAPTURE(c.id);
            CHECK(c.completed == 40);
            CHECK(c.ok == 40);
            CHECK(c.refused == 0);
            CHECK_FALSE(c.reentrant);
            CHECK(c.results == static_cast<std::uint64_t>(40 * (1 + c.id % 3)));
        }
        CHECK(answered == 8 * 40);

        // Chains still running when the server drops the connection: every started request ends
        // exactly once (connection_closed, or write_failed for a request whose own write met the
        // closed socket first: which one is a race), and the re-entrant starts are refused, not lost.
        for (auto& c : chains) {
            c.completed = c.ok = 0;
            c.results = 0;
            c.left = 1000;
        }
        for (auto& c : chains) REQUIRE(c.start());
        co_await sleep_for(20ms);
        drop = true;
        for (int spin = 0; spin < 1500 && s->is_open(); ++spin) co_await sleep_for(2ms);
        co_await sleep_for(50ms);
        for (auto& c : chains) {
            CAPTURE(c.id);
            // started = 1 + (1000 - left) - refused; each ended once
            const int started = 1 + (1000 - c.left) - c.refused;
            CHECK(c.completed == started);
            CHECK(c.refused == 1);  // the start after the loss, from inside run_wakes
            CHECK_FALSE(c.reentrant);
            CHECK_FALSE(c.errors.empty());
            for (errc e : c.errors) CHECK((e == errc::connection_closed || e == errc::write_failed));
        }
        CHECK_FALSE(s->is_open());
    });
}

TEST_CASE("ws37 start_execute: a connection lost mid-request completes every pending slot exactly once") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        std::vector<Received> reqs;
        for (int i = 0; i < 4; ++i) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            reqs.push_back(std::move(*r));
        }
        co_await send(ws, response(reqs[0], 206, ints(0, 2)));
        beast::get_lowest_layer(ws).socket().close();
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        SlotDriver d;
        std::vector<RecordingSlot> slots(4);
        std::vector<RecordingSlot*> ptrs;
        for (auto& sl : slots) {
            REQUIRE(d.start(*s, sl, request("g.V()")));
            ptrs.push_back(&sl);
        }
        REQUIRE(co_await wait_completed(ptrs));
        co_await sleep_for(50ms);
        for (std::size_t i = 0; i < slots.size(); ++i) {
            CAPTURE(i);
            CHECK(slots[i].completed == 1);
            CHECK_FALSE(slots[i].reentrant);
            CHECK(slots[i].out.error == make_error_code(errc::connection_closed));
        }
        CHECK(slots[0].out.result_count == 2);
        CHECK_FALSE(s->is_open());
        // A closed connection starts nothing (the engine falls back to async_execute, which says why).
        RecordingSlot late;
        CHECK_FALSE(d.start(*s, late, request("g.V()")));
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::connection_closed));
        co_await sleep_for(20ms);
        CHECK(late.completed == 0);
        co_await s->async_close();
        for (auto& sl : slots) CHECK(sl.completed == 1);
    });
}

TEST_CASE(
    "ws37 start_execute: deadlines (also one already passed) end the slot with timeout, late answers "
    "dropped") {
    net::io_context ioc;
    FakeServer server(ioc, [&ioc](ServerWs& ws) -> net::awaitable<void> {
        std::vector<Received> stalled;
        for (;;) {
            auto r = co_await read_request(ws);
            if (!r) co_return;
            if (r->gremlin() == "stall") {
                stalled.push_back(std::move(*r));
                continue;
            }
            if (r->gremlin() == "late") {  // answer the stalled ones now, then this one
                for (const auto& st : stalled) co_await send(ws, response(st, 200, ints(0, 4)));
                stalled.clear();
            }
            co_await send(ws, response(*r, 200, ints(0, 3)));
        }
        (void)ioc;
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        SlotDriver d;
        RecordingSlot a, b, passed;
        const auto t0 = Clock::now();
        REQUIRE(d.start(*s, a, request("stall", 300ms)));
        REQUIRE(d.start(*s, b, request("stall", 100ms)));  // earlier: re-arms the connection's timer
        Request old = request("stall");
        old.deadline = Clock::now() - 1ms;
        REQUIRE(d.start(*s, passed, old));
        CHECK(passed.completed == 0);  // not inside start_execute, even when already due
        REQUIRE(co_await wait_for_slots(&a, &b, &passed));
        CHECK(passed.out.error == make_error_code(errc::timeout));
        CHECK(b.out.error == make_error_code(errc::timeout));
        CHECK(a.out.error == make_error_code(errc::timeout));
        CHECK(b.at - t0 >= 100ms);
        CHECK(b.at - t0 < 250ms);
        CHECK(a.at - t0 >= 300ms);
        CHECK(a.at - t0 < 450ms);
        CHECK(passed.at < b.at);
        CHECK(s->is_open());
        // The stalled requests' answers arrive now: dropped; the slots were ended once.
        RecordingSlot next;
        REQUIRE(d.start(*s, next, request("late")));
        REQUIRE(co_await wait_for_slots(&next));
        CHECK_FALSE(next.out.error);
        CHECK(next.out.result_count == 3);
        co_await sleep_for(20ms);
        const std::array<RecordingSlot*, 4> all{&a, &b, &passed, &next};
        for (auto* sl : all) {
            CHECK(sl->completed == 1);
            CHECK_FALSE(sl->reentrant);
        }
        co_await s->async_close();
    });
}

TEST_CASE(
    "ws37 start_execute: close and session destruction end pending slots once, never from inside the call") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        for (;;) {  // never answers
            auto r = co_await read_request(ws);
            if (!r) co_return;
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        SlotDriver d;
        // Closed at the run's end (the engine closes every session): cancelled.
        auto s = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s->async_connect());
        std::vector<RecordingSlot> slots(3);
        for (auto& sl : slots) REQUIRE(d.start(*s, sl, request("g.V()")));
        co_await sleep_for(20ms);
        for (auto& sl : slots) CHECK(sl.completed == 0);
        co_await s->async_close();
        REQUIRE(co_await wait_for_slots(&slots[0], &slots[1], &slots[2]));
        for (auto& sl : slots) {
            CHECK(sl.completed == 1);
            CHECK(sl.out.error == make_error_code(errc::cancelled));
        }
        // Destroyed with requests pending (a pool retiring it): connection_closed, posted.
        auto s2 = tpbench::ws37::make_session(ioc.get_executor(), config_for(server.port()));
        REQUIRE_FALSE(co_await s2->async_connect());
        std::vector<RecordingSlot> more(2);
        for (auto& sl : more) REQUIRE(d.start(*s2, sl, request("g.V()")));
        for (auto& sl : more) sl.in_call = &d.in_call;
        d.in_call = true;
        s2.reset();
        d.in_call = false;
        REQUIRE(co_await wait_for_slots(&more[0], &more[1]));
        co_await sleep_for(20ms);
        for (auto& sl : more) {
            CHECK(sl.completed == 1);
            CHECK_FALSE(sl.reentrant);
            CHECK(sl.out.error == make_error_code(errc::connection_closed));
        }
        for (auto& sl : slots) CHECK(sl.completed == 1);
    });
}

TEST_CASE("ws37 start_execute: refused when not connected or full (nothing started, nothing completed)") {
    net::io_context ioc;
    FakeServer server(ioc, [](ServerWs& ws) -> net::awaitable<void> {
        for (;;) {  // never answers
            auto r = co_await read_request(ws);
            if (!r) co_return;
        }
    });
    run(ioc, [&]() -> net::awaitable<void> {
        auto cfg = config_for(server.port());
        cfg.max_in_process_per_connection = 1;
        auto s = tpbench::ws37::make_session(ioc.get_executor(), cfg);
        SlotDriver d;
        RecordingSlot early, first, second;
        CHECK_FALSE(d.start(*s, early, request("g.V()")));
        REQUIRE_FALSE(co_await s->async_connect());
        REQUIRE(d.start(*s, first, request("g.V()", 200ms)));
        CHECK_FALSE(d.start(*s, second, request("g.V()")));
        Outcome o = co_await s->async_execute(request("g.V()"));
        CHECK(o.error == make_error_code(errc::pool_exhausted));
        REQUIRE(co_await wait_for_slots(&first));
        CHECK(first.out.error == make_error_code(errc::timeout));
        co_await s->async_close();
        CHECK(early.completed == 0);
        CHECK(second.completed == 0);
        CHECK(first.completed == 1);
    });
}
