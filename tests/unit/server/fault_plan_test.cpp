// `tpbench serve --fault`: the FaultPlan grammar and per-request draws, and the jobs' side of
// drop-after-results (results sent up to the N-th, then a close marker, never the final message).
#include "fault_plan.hpp"
#include "jobs.hpp"

#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>

#include <stdexcept>
#include <thread>

using namespace tpbench;
using namespace tpbench::server;
using namespace tpbench::server::detail;
using model::Value;

namespace {

class IntStream final : public ResultStream {
public:
    explicit IntStream(int n) : n_(n) {}
    bool next(Item& out) override {
        if (i_ >= n_) return false;
        out.value = Value::int_(i_++);
        out.bulk = 1;
        out.element_key = nullptr;
        return true;
    }
    const std::optional<EvalError>& error() const override { return err_; }

private:
    int n_;
    int i_ = 0;
    std::optional<EvalError> err_;
};

std::vector<Outbox::Entry> drain(Outbox& ob) {
    std::vector<Outbox::Entry> got;
    ob.take(got);
    return got;
}

std::string parse_error(std::string_view spec) {
    try {
        parse_fault_spec(spec);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return {};
}

// Runs a ws37 job over `results` Ints at batch `batch` with drop-after-results=drop; returns the
// entries and their decoded messages (entries with bytes only).
struct WsRun {
    std::vector<Outbox::Entry> entries;
    std::vector<io::ws37::ResponseMessage> messages;
};
WsRun run_ws(int results, int batch, std::int64_t drop) {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    Ws37JobParams p;
    p.outbox = ob;
    p.batch_size = batch;
    p.host = "/127.0.0.1:1";
    p.plan.script = "g.V()";
    p.drop_after_results = drop;
    p.stream_factory = [results] { return std::make_unique<IntStream>(results); };
    auto job = make_ws37_job(std::move(p));
    CHECK(job->run(false) == JobStep::done);
    WsRun r;
    r.entries = drain(*ob);
    for (const auto& e : r.entries) {
        if (e.bytes.empty()) continue;
        auto m = io::ws37::decode_response(e.bytes, io::ws37::Format::graphbinary_v1);
        REQUIRE(m.ok());
        r.messages.push_back(std::move(m.value()));
    }
    return r;
}

std::size_t results_in(const io::ws37::ResponseMessage& m) { return m.data.is_null() ? 0 : m.data.size(); }

}  // namespace

TEST_CASE("fault spec grammar: kinds, args, :RATE, @count=K") {
    auto f = parse_fault_spec("status=429");
    CHECK(f.kind == FaultSpec::Kind::status);
    CHECK(f.arg == 429);
    CHECK(f.rate == 1.0);
    CHECK_FALSE(f.count.has_value());
    f = parse_fault_spec("status=503:0.25");
    CHECK(f.arg == 503);
    CHECK(f.rate == 0.25);
    f = parse_fault_spec("status=500@count=3");
    CHECK(f.arg == 500);
    CHECK(f.count == std::optional<std::uint64_t>(3));
    f = parse_fault_spec("drop-after-results=7:0.5@count=2");
    CHECK(f.kind == FaultSpec::Kind::drop_after_results);
    CHECK(f.arg == 7);
    CHECK(f.rate == 0.5);
    CHECK(f.count == std::optional<std::uint64_t>(2));
    CHECK(parse_fault_spec("drop-after-results=0").arg == 0);

    CHECK(parse_error("status=404").find("429, 500 or 503") != std::string::npos);
    CHECK(parse_error("status").find("non-negative integer") != std::string::npos);
    CHECK(parse_error("status=429:1.5").find("[0,1]") != std::string::npos);
    CHECK(parse_error("status=429:-0.1").find("[0,1]") != std::string::npos);
    CHECK(parse_error("status=429:x").find("[0,1]") != std::string::npos);
    CHECK(parse_error("status=429@cnt=2").find("@count=K") != std::string::npos);
    CHECK(parse_error("status=429@count=-1").find("non-negative") != std::string::npos);
    CHECK(parse_error("drop-after-results=ten").find("non-negative") != std::string::npos);
    CHECK(parse_error("explode").find("unknown fault kind 'explode'") != std::string::npos);
    CHECK(parse_error("corrupt=bits").find("length, type or utf8") != std::string::npos);
    CHECK(parse_error("request-id=stolen").find("unknown or duplicate") != std::string::npos);
    CHECK(parse_error("stall-after-head=0").find("1..3600") != std::string::npos);
    CHECK(parse_error("refuse-handshake=200").find("400..599") != std::string::npos);
    CHECK(parse_error("slow-read=0").find("1..10000") != std::string::npos);
    CHECK(parse_error("status=429").empty());
    // The message names the spec as given.
    CHECK(parse_error("status=418").find("--fault 'status=418'") == 0);
}

TEST_CASE("fault plan: rate 1 hits every request, @count=K exactly the first K, then nothing") {
    FaultPlan all({"status=503"}, 1);
    for (int i = 0; i < 20; ++i) CHECK(all.next().status == 503);
    CHECK(all.fired(0) == 20);

    FaultPlan counted({"status=429@count=3"}, 1);
    std::vector<int> got;
    for (int i = 0; i < 10; ++i) got.push_back(counted.next().status);
    CHECK(got == std::vector<int>{429, 429, 429, 0, 0, 0, 0, 0, 0, 0});
    CHECK(counted.fired(0) == 3);

    FaultPlan none({"status=500:0"}, 1);
    for (int i = 0; i < 100; ++i) CHECK_FALSE(none.next().any());
}

TEST_CASE("fault plan: a RATE hits about that fraction, the same requests for the same seed") {
    FaultPlan a({"status=429:0.3"}, 42), b({"status=429:0.3"}, 42), c({"status=429:0.3"}, 43);
    int hits = 0, same_c = 0;
    for (int i = 0; i < 10000; ++i) {
        int x = a.next().status, y = b.next().status, z = c.next().status;
        CHECK(x == y);
        hits += x == 429;
        same_c += x == z;
    }
    CHECK(hits > 2700);
    CHECK(hits < 3300);
    CHECK(same_c < 10000);  // another seed draws other requests
}

TEST_CASE("fault plan: first firing spec wins; a counted spec lets later ones through once used up") {
    FaultPlan p({"status=500@count=2", "drop-after-results=4"}, 7);
    auto d0 = p.next(), d1 = p.next(), d2 = p.next();
    CHECK(d0.status == 500);
    CHECK(d0.drop_after_results == -1);
    CHECK(d1.status == 500);
    CHECK(d2.status == 0);
    CHECK(d2.drop_after_results == 4);
}

TEST_CASE("fault plan: @count=K holds under concurrent draws") {
    FaultPlan p({"status=429@count=100"}, 3);
    std::atomic<int> hits{0};
    std::vector<std::thread> ts;
    for (int t = 0; t < 4; ++t)
        ts.emplace_back([&] {
            for (int i = 0; i < 1000; ++i) hits += p.next().status == 429;
        });
    for (auto& t : ts) t.join();
    CHECK(hits.load() == 100);
    CHECK(p.fired(0) == 100);
}

TEST_CASE("ws37 job with drop-after-results: exactly N results in 206s, then the close, no final message") {
    // N inside a batch: batches end at N (64-batch clamped to 5).
    auto r = run_ws(20, 64, 5);
    REQUIRE(r.messages.size() == 1);
    CHECK(r.messages[0].header.code == 206);
    CHECK(results_in(r.messages[0]) == 5);
    CHECK(r.entries.back().close_after);
    CHECK_FALSE(r.entries.back().releases_request);

    // N across batches of 2: 2, 2, 1.
    r = run_ws(20, 2, 5);
    REQUIRE(r.messages.size() == 3);
    CHECK(results_in(r.messages[0]) == 2);
    CHECK(results_in(r.messages[1]) == 2);
    CHECK(results_in(r.messages[2]) == 1);
    for (const auto& m : r.messages) CHECK(m.header.code == 206);
    CHECK(r.entries.back().close_after);
    for (std::size_t i = 0; i + 1 < r.entries.size(); ++i) CHECK_FALSE(r.entries[i].close_after);

    // Exactly N results: still no 200 (the final message never comes).
    r = run_ws(5, 64, 5);
    REQUIRE(r.messages.size() == 1);
    CHECK(r.messages[0].header.code == 206);
    CHECK(r.entries.back().close_after);

    // N = 0: a bare close marker.
    r = run_ws(5, 64, 0);
    CHECK(r.messages.empty());
    REQUIRE(r.entries.size() == 1);
    CHECK(r.entries[0].close_after);

    // Fewer results than N: the response completes normally.
    r = run_ws(3, 64, 5);
    REQUIRE(r.messages.size() == 1);
    CHECK(r.messages[0].header.code == 200);
    CHECK(results_in(r.messages[0]) == 3);
    CHECK_FALSE(r.entries.back().close_after);

    // No fault: unchanged.
    r = run_ws(20, 64, -1);
    REQUIRE(r.messages.size() == 1);
    CHECK(r.messages[0].header.code == 200);
    CHECK(results_in(r.messages[0]) == 20);
}

TEST_CASE("http4 job with drop-after-results: the chunk with the N-th result, then the close, no footer") {
    auto run = [](int results, std::int64_t drop) {
        auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
        Http4JobParams p;
        p.outbox = ob;
        p.format = io::http4::ResponseFormat::graphson_v4;
        p.content_type = "application/json";
        p.language = "gremlin-lang";
        p.batch_size = 4;
        p.request.gremlin = "g.V()";
        p.drop_after_results = drop;
        p.stream_factory = [results] { return std::make_unique<IntStream>(results); };
        auto job = make_http4_job(std::move(p));
        CHECK(job->run(false) == JobStep::done);
        return drain(*ob);
    };
    auto es = run(20, 6);
    REQUIRE(es.size() == 2);  // head + 4 results, then 2 results
    CHECK_FALSE(es[0].close_after);
    CHECK(es[1].close_after);
    for (const auto& e : es) CHECK_FALSE(e.last);
    std::string all = es[0].bytes + es[1].bytes;
    CHECK(all.find("HTTP/1.1 200") == 0);
    CHECK(all.find("\r\n0\r\n") == std::string::npos);   // no terminating chunk
    CHECK(all.find("\"status\"") == std::string::npos);  // no status footer

    es = run(6, 6);  // exactly N: no footer either
    REQUIRE_FALSE(es.empty());
    CHECK(es.back().close_after);
    CHECK_FALSE(es.back().last);

    es = run(3, 0);
    REQUIRE(es.size() == 1);
    CHECK(es[0].bytes.empty());
    CHECK(es[0].close_after);

    es = run(3, 6);  // fewer: complete
    REQUIRE_FALSE(es.empty());
    CHECK(es.back().last);
    CHECK_FALSE(es.back().close_after);
}

TEST_CASE("fault spec grammar: the byte, stall, corrupt, request-id and connection kinds") {
    auto f = parse_fault_spec("drop-after-bytes=100@count=1");
    CHECK(f.kind == FaultSpec::Kind::drop_after_bytes);
    CHECK(f.arg == 100);
    f = parse_fault_spec("stall-after-head");
    CHECK(f.kind == FaultSpec::Kind::stall_after_head);
    CHECK(f.arg == 30);
    CHECK(parse_fault_spec("stall-mid-stream=5:0.5").arg == 5);
    CHECK(parse_fault_spec("corrupt=utf8").arg == static_cast<std::int64_t>(CorruptKind::utf8));
    CHECK(parse_fault_spec("request-id=duplicate").arg ==
          static_cast<std::int64_t>(RequestIdFault::duplicate));
    f = parse_fault_spec("slow-read");
    CHECK(f.per_connection());
    CHECK(f.arg == 20);
    f = parse_fault_spec("refuse-handshake");
    CHECK(f.per_connection());
    CHECK(f.arg == 503);
    CHECK(parse_fault_spec("refuse-handshake=close").arg == 0);
    CHECK_FALSE(parse_fault_spec("corrupt=type").per_connection());
}

TEST_CASE("fault plan: connection kinds are drawn per connection, request kinds per request") {
    FaultPlan p({"refuse-handshake=close@count=2", "slow-read=7:1", "status=429@count=1"}, 1);
    CHECK(p.has_connection_faults());
    auto c0 = p.next_connection(), c1 = p.next_connection(), c2 = p.next_connection();
    CHECK(c0.refuse);
    CHECK(c0.refuse_status == 0);
    CHECK(c1.refuse);
    CHECK_FALSE(c2.refuse);
    CHECK(c2.slow_read == std::chrono::milliseconds(7));
    // Requests never draw the connection kinds.
    CHECK(p.next().status == 429);
    CHECK_FALSE(p.next().any());
    CHECK_FALSE(FaultPlan({"status=503"}, 1).has_connection_faults());
}

TEST_CASE("fault plan: request-id faults are ws37 only; writer faults say so") {
    FaultPlan p({"request-id=unknown@count=1", "drop-after-bytes=10"}, 1);
    auto h = p.next(FaultPlan::Protocol::http4);  // skips request-id, gets drop-after-bytes
    CHECK(h.request_id == RequestIdFault::none);
    CHECK(h.drop_after_bytes == 10);
    CHECK(h.in_writer());
    auto w = p.next(FaultPlan::Protocol::ws37);
    CHECK(w.request_id == RequestIdFault::unknown);
    CHECK_FALSE(w.in_writer());
    FaultPlan s({"stall-mid-stream=3"}, 1);
    auto d = s.next();
    CHECK(d.stall == StallKind::mid_stream);
    CHECK(d.stall_bound == std::chrono::seconds(3));
    CHECK(d.in_writer());
}

TEST_CASE("corrupted responses: each is refused by the codec for the reason it names") {
    model::Uuid id{};
    id[0] = 7;
    // A well-formed payload (corrupt=length breaks the frame around it, not the payload).
    auto ok = io::ws37::decode_response(
        ws37_corrupt_response(io::ws37::Format::graphbinary_v1, id, CorruptKind::length),
        io::ws37::Format::graphbinary_v1);
    REQUIRE(ok.ok());
    CHECK(ok.value().header.request_id == std::optional<model::Uuid>(id));
    for (auto kind : {CorruptKind::type, CorruptKind::utf8}) {
        auto bad =
            io::ws37::decode_response(ws37_corrupt_response(io::ws37::Format::graphbinary_v1, id, kind),
                                      io::ws37::Format::graphbinary_v1);
        CHECK_FALSE(bad.ok());
    }
    // The frame header with a non-minimal 64-bit length (RFC 6455 5.2), and the canonical one.
    auto h = ws_corrupt_frame_header(10, true);
    REQUIRE(h.size() == 10);
    CHECK(static_cast<unsigned char>(h[0]) == 0x82);
    CHECK(static_cast<unsigned char>(h[1]) == 127);
    CHECK(static_cast<unsigned char>(h[9]) == 10);
    CHECK(ws_frame_header(10, false) == std::string("\x81\x0a", 2));
    CHECK(ws_frame_header(300, true).size() == 4);
    // http4: the chunk size line is half the data that follows.
    auto r = http4_corrupt_response(io::http4::ResponseFormat::graphbinary_v4,
                                    "application/vnd.graphbinary-v4.0", 0x84, CorruptKind::length, true);
    CHECK(r.find("HTTP/1.1 200 OK\r\n") == 0);
    auto body = r.find("\r\n\r\n");
    REQUIRE(body != std::string::npos);
    auto line_end = r.find("\r\n", body + 4);
    auto size = std::stoul(r.substr(body + 4, line_end - body - 4), nullptr, 16);
    CHECK(r.compare(line_end + 2 + size, 2, "\r\n") != 0);
    auto t = http4_corrupt_response(io::http4::ResponseFormat::graphbinary_v4,
                                    "application/vnd.graphbinary-v4.0", 0x84, CorruptKind::type, false);
    CHECK(t.find("Connection: close") != std::string::npos);
    CHECK(t.find('\xEE') != std::string::npos);
}
