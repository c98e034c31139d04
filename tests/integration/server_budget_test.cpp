// `tpbench serve --memory-budget` (the total across requests): requests in progress
// hold their charge until their job ends, a request that would take the total over the budget is
// refused at once with a clear error on both protocols (ws37 596, http4 503) and counted in
// ServerHandle::stats(), and the budget frees again when the holders finish.
#include "server_secure_util.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <thread>

using namespace tpbench;
using namespace tpbench::test;
using model::Value;

namespace {

bool wait_until_in_use(server::ServerHandle& srv, std::size_t at_most, std::chrono::seconds limit) {
    auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        if (srv.stats().memory_budget_in_use <= at_most) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

}  // namespace

TEST_CASE(
    "server memory budget: concurrent requests share one total; over it a request is refused, counted") {
    server::ServerConfig cfg;
    // Room for one small request (64 KiB + 3x its frame), not two.
    cfg.memory_budget = 100 * 1024;
    auto srv = start_embedded_server(cfg);
    CHECK(srv->stats().memory_budget == 100 * 1024);

    // A: a stream far too long to finish; the client does not read, so it stays in progress
    // (blocked on back-pressure) and keeps its claim.
    auto holder = std::make_unique<TcpClient>(srv->port(), 4096);
    RawWs<TcpClient> a(*holder);
    REQUIRE(a.upgrade());
    auto big = ws_eval("g.V().repeat(both()).times(12)", 1);
    REQUIRE(a.send(big));
    auto first = a.read_response();
    REQUIRE(first);
    REQUIRE(first->header.code == 206);
    CHECK(srv->stats().memory_budget_in_use >= 64 * 1024);

    // B on ws37: 1+1 would need another 64 KiB: refused with 596 and the reason.
    TcpClient tb(srv->port());
    RawWs<TcpClient> b(tb);
    REQUIRE(b.upgrade());
    REQUIRE(b.send(ws_eval("1+1", 2)));
    auto rb = b.read_response();
    REQUIRE(rb);
    CHECK(rb->header.code == 596);
    CHECK(rb->header.message.value_or("").find("memory budget") != std::string::npos);
    CHECK(rb->header.message.value_or("").find("102400 bytes") != std::string::npos);

    // C on http4: 503 ServiceUnavailableException with the same reason.
    TcpClient c(srv->port());
    REQUIRE(c.send_all(http_post(R"({"gremlin":"1+1"})", "application/json", "application/json")));
    auto rc = c.read_response();
    REQUIRE(rc);
    CHECK(rc->status == 503);
    CHECK(rc->body.find("memory budget") != std::string::npos);
    CHECK(rc->body.find("ServiceUnavailableException") != std::string::npos);
    CHECK(srv->stats().memory_budget_refused == 2);
    // A's buffered response counts too; the total passes the budget by at most one batch (64
    // vertices, far below 32 KiB) for its one response in progress.
    CHECK(srv->stats().memory_budget_peak <= 100 * 1024 + 32 * 1024);

    // A goes away: its job ends and its claim is released; then B and C are served again.
    holder.reset();
    REQUIRE(wait_until_in_use(*srv, 0, std::chrono::seconds(20)));
    REQUIRE(b.send(ws_eval("1+1", 3)));
    auto rb2 = b.read_response();
    REQUIRE(rb2);
    CHECK(rb2->header.code == 200);
    CHECK(first_number(*rb2) == 2);
    // B's job holds its charge until it is destroyed, which may be just after B read its response.
    REQUIRE(wait_until_in_use(*srv, 0, std::chrono::seconds(5)));
    REQUIRE(c.send_all(http_post(R"({"gremlin":"1+1"})", "application/json", "application/json")));
    auto rc2 = c.read_response();
    REQUIRE(rc2);
    CHECK(rc2->status == 200);
    CHECK(srv->stats().memory_budget_refused == 2);
    REQUIRE(wait_until_in_use(*srv, 0, std::chrono::seconds(5)));
}

TEST_CASE("server memory budget: a request too large for the whole budget is refused even when idle") {
    server::ServerConfig cfg;
    cfg.memory_budget = 100 * 1024;
    auto srv = start_embedded_server(cfg);
    // 20 KB of script: charged 64 KiB + 3 x ~20 KB > 100 KiB.
    std::string script = "1+1" + std::string(20000, ' ');
    TcpClient c(srv->port());
    REQUIRE(
        c.send_all(http_post("{\"gremlin\":\"" + script + "\"}", "application/json", "application/json")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 503);
    CHECK(r->body.find("memory budget") != std::string::npos);
    CHECK(srv->stats().memory_budget_refused == 1);
    // The refusal's own bytes are charged while they wait in the outbox and released once written,
    // which may be just after the client has read them.
    CHECK(wait_until_in_use(*srv, 0, std::chrono::seconds(5)));
    // The default budget (1 GiB) serves it.
    auto def = start_embedded_server();
    CHECK(def->stats().memory_budget == (std::size_t{1} << 30));
    TcpClient d(def->port());
    REQUIRE(
        d.send_all(http_post("{\"gremlin\":\"" + script + "\"}", "application/json", "application/json")));
    auto ok = d.read_response();
    REQUIRE(ok);
    CHECK(ok->status == 200);
}

TEST_CASE(
    "server memory budget: responses buffered for a slow reader count, and pause the response while it "
    "is exhausted") {
    server::ServerConfig cfg;
    cfg.memory_budget = 300 * 1024;
    // A per-connection buffer far above the budget: only the budget stops the response growing.
    cfg.write_buffer_high_water_mark = 4u << 20;
    cfg.write_buffer_low_water_mark = 2u << 20;
    auto srv = start_embedded_server(cfg);

    // A never reads past its first message: its results pile up in the server's outbox.
    auto holder = std::make_unique<TcpClient>(srv->port(), 4096);
    RawWs<TcpClient> a(*holder);
    REQUIRE(a.upgrade());
    REQUIRE(a.send(ws_eval("g.V().repeat(both()).times(14)", 1)));
    auto first = a.read_response();
    REQUIRE(first);
    REQUIRE(first->header.code == 206);
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until && srv->stats().memory_budget_in_use < cfg.memory_budget)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    auto st = srv->stats();
    INFO("in use " << st.memory_budget_in_use << ", buffered " << st.memory_budget_buffered);
    // The queued bytes are charged: the request's own charge (~64 KiB) alone would not fill it.
    REQUIRE(st.memory_budget_in_use >= cfg.memory_budget);
    CHECK(st.memory_budget_buffered >= cfg.memory_budget - 80 * 1024);
    // ... and the response paused there instead of filling the 4 MiB per-connection buffer.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    st = srv->stats();
    CHECK(st.memory_budget_in_use <= cfg.memory_budget + 32 * 1024);
    CHECK(st.memory_budget_peak <= cfg.memory_budget + 32 * 1024);

    // A new request is refused while the buffered bytes hold the budget, and says so.
    TcpClient tb(srv->port());
    RawWs<TcpClient> b(tb);
    REQUIRE(b.upgrade());
    REQUIRE(b.send(ws_eval("1+1", 2)));
    auto rb = b.read_response();
    REQUIRE(rb);
    CHECK(rb->header.code == 596);
    CHECK(rb->header.message.value_or("").find("waiting for their readers") != std::string::npos);
    CHECK(srv->stats().memory_budget_refused == 1);

    // A goes: its queued bytes are released with its connection, and B is served again.
    holder.reset();
    REQUIRE(wait_until_in_use(*srv, 0, std::chrono::seconds(20)));
    CHECK(srv->stats().memory_budget_buffered == 0);
    REQUIRE(b.send(ws_eval("1+1", 3)));
    auto rb2 = b.read_response();
    REQUIRE(rb2);
    CHECK(rb2->header.code == 200);
    CHECK(first_number(*rb2) == 2);
}

TEST_CASE("server memory budget: a request body's declared size is checked before the body is read") {
    // closing3.md "the budget still reads a body before checking it": a 10 MiB request was read
    // into memory whole and only then refused.
    server::ServerConfig cfg;
    cfg.memory_budget = 4u << 20;
    cfg.max_content_length = 64u << 20;
    auto srv = start_embedded_server(cfg);
    const std::size_t body_size = 1u << 20;  // charged 64 KiB + 3 MiB: one fits in 4 MiB, two do not
    std::string body = "{\"gremlin\":\"1+1" + std::string(body_size - 17, ' ') + "\"}";
    REQUIRE(body.size() == body_size);
    const std::string head =
        "POST /gremlin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Accept: application/json\r\nContent-Length: ";

    // http4, A: the head and half the body: its charge is held while the body is being read.
    TcpClient a(srv->port());
    REQUIRE(a.send_all(head + std::to_string(body_size) + "\r\n\r\n" + body.substr(0, body_size / 2)));
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until && srv->stats().memory_budget_in_use < 3 * body_size)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(srv->stats().memory_budget_in_use >= 3 * body_size);

    // B declares another 1 MiB and sends none of it: refused at once (it would wait for its body
    // if the budget were checked only after reading it).
    TcpClient b(srv->port(), 0, 5000);
    REQUIRE(b.send_all(head + std::to_string(body_size) + "\r\n\r\n"));
    auto rb = b.read_response();
    REQUIRE(rb);
    CHECK(rb->status == 503);
    CHECK(rb->body.find("memory budget") != std::string::npos);
    CHECK(srv->stats().memory_budget_refused == 1);

    // A's body completes and is served: its read-time claim became the job's.
    REQUIRE(a.send_all(body.substr(body_size / 2)));
    auto ra = a.read_response();
    REQUIRE(ra);
    CHECK(ra->status == 200);
    REQUIRE(wait_until_in_use(*srv, 0, std::chrono::seconds(5)));

    // A body far over the whole budget (8 MiB, within maxContentLength): refused from its head.
    TcpClient c(srv->port(), 0, 5000);
    REQUIRE(c.send_all(head + std::to_string(8u << 20) + "\r\n\r\n{\"gremlin\":\"1+1"));
    auto rc = c.read_response();
    REQUIRE(rc);
    CHECK(rc->status == 503);
    CHECK(srv->stats().memory_budget_refused == 2);

    // ws37: a frame declaring 8 MiB is refused from its frame header with a 1013 close (Try Again
    // Later); its payload is never read.
    TcpClient w(srv->port(), 0, 5000);
    RawWs<TcpClient> ws(w);
    REQUIRE(ws.upgrade());
    std::string frame;
    frame += static_cast<char>(0x82);        // FIN, binary
    frame += static_cast<char>(0x80 | 127);  // masked, 64-bit length
    const std::uint64_t len = 8u << 20;
    for (int i = 7; i >= 0; --i) frame += static_cast<char>((len >> (8 * i)) & 0xff);
    frame += std::string(4, '\0');      // a zero mask: the payload goes as it is
    frame += std::string(100000, 'x');  // more than one read's worth, far less than declared
    REQUIRE(w.send_all(frame));
    bool closed_1013 = false;
    for (;;) {
        auto& buf = w.buffer();
        if (buf.size() >= 4) {
            CHECK(static_cast<unsigned char>(buf[0]) == 0x88);  // close
            closed_1013 =
                static_cast<unsigned char>(buf[2]) == 0x03 && static_cast<unsigned char>(buf[3]) == 0xf5;
            break;
        }
        if (!w.read_some()) break;
    }
    CHECK(closed_1013);
    CHECK(srv->stats().memory_budget_refused == 3);
    REQUIRE(wait_until_in_use(*srv, 0, std::chrono::seconds(5)));

    // A frame over the per-request share that fits is read and served as before.
    TcpClient w2(srv->port());
    RawWs<TcpClient> ws2(w2);
    REQUIRE(ws2.upgrade());
    REQUIRE(ws2.send(ws_eval("1+1" + std::string(200000, ' '), 7)));
    auto r2 = ws2.read_response();
    REQUIRE(r2);
    CHECK(r2->header.code == 200);
    CHECK(first_number(*r2) == 2);
    CHECK(srv->stats().memory_budget_refused == 3);
}
