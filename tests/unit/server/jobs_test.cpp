#include "jobs.hpp"

#include "common/bytes.hpp"
#include "common/http_parse.hpp"

#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>
#include <zlib.h>

#include <future>
#include <thread>

using namespace tpbench;
using namespace tpbench::server;
using namespace tpbench::server::detail;
using model::Value;
using namespace std::chrono_literals;

namespace {

class FakeStream final : public ResultStream {
public:
    FakeStream(std::vector<Item> items, std::optional<EvalError> err = std::nullopt)
        : items_(std::move(items)), err_(std::move(err)) {}
    bool next(Item& out) override {
        if (i_ < items_.size()) {
            out = items_[i_++];
            return true;
        }
        if (pending_err_) {
            final_err_ = err_;
        }
        return false;
    }
    const std::optional<EvalError>& error() const override { return final_err_; }

private:
    std::vector<Item> items_;
    std::size_t i_ = 0;
    std::optional<EvalError> err_;
    bool pending_err_ = true;
    std::optional<EvalError> final_err_;
};

Item int_item(int v, std::int64_t bulk = 1) {
    Item it;
    it.value = Value::int_(v);
    it.bulk = bulk;
    return it;
}

model::Uuid test_id() {
    model::Uuid u{};
    REQUIRE(model::uuid_from_string("cb682578-9d92-4499-9ebc-5c6aa73c5397", u));
    return u;
}

Ws37JobParams ws_params(std::shared_ptr<Outbox> ob, std::vector<Item> items, std::int32_t batch,
                        std::optional<EvalError> err = std::nullopt) {
    Ws37JobParams p;
    p.outbox = std::move(ob);
    p.request_id = test_id();
    p.batch_size = batch;
    p.host = "/127.0.0.1:50000";
    p.plan.script = "g.V()";
    p.stream_factory = [items = std::move(items), err] { return std::make_unique<FakeStream>(items, err); };
    return p;
}

// The queued entries, an entry of several copies (BatchRun) as that many entries: what the
// writer puts on the wire.
std::vector<Outbox::Entry> drain(Outbox& ob) {
    std::vector<Outbox::Entry> taken, got;
    ob.take(taken);
    for (auto& e : taken) {
        REQUIRE(e.copies >= 1);
        for (std::uint32_t c = 0; c < e.copies; ++c) {
            got.push_back(e);
            got.back().copies = 1;
        }
    }
    return got;
}

std::vector<io::ws37::ResponseMessage> decode_all(const std::vector<Outbox::Entry>& es, io::ws37::Format f) {
    std::vector<io::ws37::ResponseMessage> out;
    for (const auto& e : es) {
        auto r = io::ws37::decode_response(e.bytes, f);
        REQUIRE_MESSAGE(r.ok(), r.error().to_string());
        out.push_back(std::move(r.value()));
    }
    return out;
}

}  // namespace

TEST_CASE("ws37 job: three Ints at batch 2 give the spec's 206 and 200 bytes") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    auto job = make_ws37_job(ws_params(ob, {int_item(1), int_item(2), int_item(3)}, 2));
    CHECK(job->run(false) == JobStep::done);
    auto es = drain(*ob);
    REQUIRE(es.size() == 2);
    CHECK(test::hex(es[0].bytes) ==
          "8100cb6825789d9244999ebc5c6aa73c5397000000ce000000000000000000000000000900000000020100000000010100"
          "00000002");
    CHECK_FALSE(es[0].last);
    CHECK(test::hex(es[1].bytes) ==
          "8100cb6825789d9244999ebc5c6aa73c5397000000c8000000000000000001030000000004686f73740300000000102f31"
          "32372e302e"
          "302e313a353030303000000000090000000001010000000003");
    CHECK(es[1].last);
    CHECK(es[0].kind == Outbox::Kind::ws_binary);
}

TEST_CASE("ws37 job: empty result is 204 with the host attribute") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    make_ws37_job(ws_params(ob, {}, 64))->run(false);
    auto es = drain(*ob);
    REQUIRE(es.size() == 1);
    CHECK(test::hex(es[0].bytes) ==
          "8100cb6825789d9244999ebc5c6aa73c5397000000cc000000000000000001030000000004686f73740300000000102f31"
          "32372e302e"
          "302e313a353030303000000000fe01");
}

TEST_CASE("ws37 job: eval unrolls bulks across batches; bytecode keeps traversers") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    make_ws37_job(ws_params(ob, {int_item(7, 3), int_item(8, 2)}, 2))->run(false);
    auto msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 3);
    CHECK(msgs[0].header.code == 206);
    CHECK(msgs[1].header.code == 206);
    CHECK(msgs[2].header.code == 200);
    CHECK(msgs[0].data == Value::list({Value::int_(7), Value::int_(7)}));
    CHECK(msgs[1].data == Value::list({Value::int_(7), Value::int_(8)}));
    CHECK(msgs[2].data == Value::list({Value::int_(8)}));

    auto p = ws_params(ob, {int_item(7, 3), int_item(8, 2)}, 64);
    p.plan.kind = Ws37Plan::Kind::bytecode;
    make_ws37_job(std::move(p))->run(false);
    msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 200);
    CHECK(msgs[0].data ==
          Value::list({Value::traverser(3, Value::int_(7)), Value::traverser(2, Value::int_(8))}));
}

TEST_CASE("ws37 job: GraphSON formats, text frames") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    for (auto f : {io::ws37::Format::graphson_v3, io::ws37::Format::graphson_v3_untyped}) {
        auto p = ws_params(ob, {int_item(1), int_item(2), int_item(3)}, 2);
        p.format = f;
        p.text_frames = true;
        make_ws37_job(std::move(p))->run(false);
        auto es = drain(*ob);
        REQUIRE(es.size() == 2);
        CHECK(es[0].kind == Outbox::Kind::ws_text);
        auto msgs = decode_all(es, f);
        CHECK(msgs[0].header.code == 206);
        CHECK(msgs[1].header.code == 200);
        REQUIRE(msgs[0].data.size() == 2);
        CHECK(msgs[0].data[1].to_int64() == 2);
        REQUIRE(msgs[1].data.size() == 1);
        CHECK(msgs[1].data[0].to_int64() == 3);
    }
}

TEST_CASE("ws37 job: errors after partial results; timeout while queued; rate limiting") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    EvalError err{EvalError::Kind::evaluation, "Division by zero", "ArithmeticException"};
    make_ws37_job(ws_params(ob, {int_item(1), int_item(2), int_item(3)}, 2, err))->run(false);
    auto msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 2);
    CHECK(msgs[0].header.code == 206);
    CHECK(msgs[1].header.code == 597);
    CHECK(msgs[1].header.message == std::optional<std::string>("Division by zero"));
    CHECK(msgs[1].data.is_null());
    const auto* ex = msgs[1].header.attributes.find("exceptions");
    REQUIRE(ex);
    CHECK((*ex)[0].str() == "ArithmeticException");
    CHECK(msgs[1].header.attributes.find("stackTrace"));

    auto p = ws_params(ob, {int_item(1)}, 2);
    p.deadline = Clock::now() - 1ms;
    p.timeout_ms = 5;
    make_ws37_job(std::move(p))->run(false);
    msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 598);
    CHECK(msgs[0].header.message->find("threshold of 5 ms") != std::string::npos);

    EvalError terr{EvalError::Kind::timeout, "timeout", ""};
    p = ws_params(ob, {}, 2, terr);
    p.plan.kind = Ws37Plan::Kind::bytecode;
    make_ws37_job(std::move(p))->run(false);
    msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 598);
    CHECK(msgs[0].header.message->rfind("A timeout occurred during traversal evaluation of [", 0) == 0);

    p = ws_params(ob, {}, 2, EvalError{EvalError::Kind::evaluation, "bad step", "X"});
    p.plan.kind = Ws37Plan::Kind::bytecode;
    make_ws37_job(std::move(p))->run(false);
    msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 500);

    make_ws37_job(ws_params(ob, {int_item(1)}, 2))->reject_rate_limited();
    msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 429);
    CHECK(msgs[0].header.message == std::optional<std::string>("Rate limiting"));
    CHECK(msgs[0].header.request_id == test_id());
}

TEST_CASE("fail(): ws37 answers 595 with failStepMessage, http4 500 ServerFailStepException") {
    const EvalError err{EvalError::Kind::evaluation, "nope", "FailException"};
    for (auto kind : {Ws37Plan::Kind::eval, Ws37Plan::Kind::bytecode}) {
        auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
        auto p = ws_params(ob, {int_item(1), int_item(2), int_item(3)}, 2, err);
        p.plan.kind = kind;
        make_ws37_job(std::move(p))->run(false);
        auto msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
        REQUIRE(msgs.size() == 2);
        CHECK(msgs[0].header.code == 206);
        CHECK(msgs[1].header.code == 595);
        CHECK(msgs[1].header.message == std::optional<std::string>("nope"));
        const auto* fm = msgs[1].header.attributes.find("failStepMessage");
        REQUIRE(fm);
        CHECK(fm->str() == "fail() Step Triggered\n===============\nMessage  > nope\n===============");
        const auto* ex = msgs[1].header.attributes.find("exceptions");
        REQUIRE(ex);
        CHECK((*ex)[0].str() == "FailException");
    }
    // any other evaluation error keeps 597 (script) / 500 (bytecode) and has no failStepMessage
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    make_ws37_job(ws_params(ob, {}, 64, EvalError{EvalError::Kind::evaluation, "x", "ArithmeticException"}))
        ->run(false);
    auto msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 597);
    CHECK_FALSE(msgs[0].header.attributes.find("failStepMessage"));
}

TEST_CASE("ws37 job: frames stay under max_frame by splitting batches early") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    std::vector<Item> items;
    for (int i = 0; i < 10; ++i) {
        Item it;
        it.value = Value::string(std::string(300, 'a' + i));
        items.push_back(it);
    }
    auto p = ws_params(ob, items, 64);
    p.max_frame = 1500;
    make_ws37_job(std::move(p))->run(false);
    auto es = drain(*ob);
    REQUIRE(es.size() > 1);
    std::size_t total = 0;
    for (auto& e : es) {
        CHECK(e.bytes.size() <= 1500);
        auto m = io::ws37::decode_response(e.bytes, io::ws37::Format::graphbinary_v1);
        REQUIRE(m.ok());
        total += m->data.size();
    }
    CHECK(total == 10);

    Item huge;
    huge.value = Value::string(std::string(5000, 'z'));
    p = ws_params(ob, {huge}, 64);
    p.max_frame = 1500;
    make_ws37_job(std::move(p))->run(false);
    auto msgs = decode_all(drain(*ob), io::ws37::Format::graphbinary_v1);
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0].header.code == 599);
}

TEST_CASE("ws37 job: back-pressure pauses the producer until the writer drains") {
    auto ob = std::make_shared<Outbox>(200, 100);
    std::vector<Item> items;
    for (int i = 0; i < 200; ++i) items.push_back(int_item(i));
    auto job = std::shared_ptr<Job>(make_ws37_job(ws_params(ob, items, 4)));
    auto fut = std::async(std::launch::async, [job] { return job->run(false); });
    std::this_thread::sleep_for(50ms);
    // The producer stopped just past the high-water mark.
    CHECK(fut.wait_for(0ms) == std::future_status::timeout);
    CHECK(ob->queued_bytes() <= 200 + 80);
    std::size_t frames = 0;
    bool done = false;
    for (int guard = 0; guard < 10000 && !done; ++guard) {
        std::vector<Outbox::Entry> got;
        if (!ob->take(got)) {
            if (fut.wait_for(1ms) == std::future_status::ready && ob->queued_bytes() == 0) done = true;
            continue;
        }
        for (auto& e : got) {
            ++frames;
            ob->release(e.bytes.size());
            if (e.last) done = true;
        }
    }
    CHECK(done);
    CHECK(frames == 50);
    CHECK(fut.get() == JobStep::done);

    // A connection that goes away ends a blocked producer.
    auto ob2 = std::make_shared<Outbox>(100, 50);
    auto job2 = std::shared_ptr<Job>(make_ws37_job(ws_params(ob2, items, 4)));
    auto fut2 = std::async(std::launch::async, [job2] { return job2->run(false); });
    std::this_thread::sleep_for(20ms);
    ob2->close();
    REQUIRE(fut2.wait_for(2s) == std::future_status::ready);
}

TEST_CASE("ws37 job: inline mode yields before the first partial batch") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    auto job = make_ws37_job(ws_params(ob, {int_item(1), int_item(2), int_item(3)}, 2));
    CHECK(job->run(true) == JobStep::yielded);
    CHECK(drain(*ob).empty());
    CHECK(job->run(false) == JobStep::done);
    CHECK(drain(*ob).size() == 2);
    auto job2 = make_ws37_job(ws_params(ob, {int_item(1), int_item(2)}, 2));
    CHECK(job2->run(true) == JobStep::done);
    CHECK(job2->single_batch());
    CHECK(drain(*ob).size() == 1);
}

// ---- http4 ------------------------------------------------------------------------------------------

namespace {

Http4JobParams h4_params(std::shared_ptr<Outbox> ob, std::vector<Item> items, std::int32_t batch,
                         std::optional<EvalError> err = std::nullopt) {
    Http4JobParams p;
    p.outbox = std::move(ob);
    p.request.gremlin = "g.inject(1,2,3)";
    p.format = io::http4::ResponseFormat::graphbinary_v4;
    p.content_type = "application/vnd.graphbinary-v4.0";
    p.language = "gremlin-groovy";
    p.batch_size = batch;
    p.version = 0x81;
    p.stream_factory = [items = std::move(items), err] { return std::make_unique<FakeStream>(items, err); };
    return p;
}

test::ParsedResponse run_h4(Http4JobParams p) {
    auto ob = p.outbox;
    auto job = make_http4_job(std::move(p));
    CHECK(job->run(false) == JobStep::done);
    std::string raw;
    bool last = false;
    for (auto& e : drain(*ob)) {
        raw += e.bytes;
        last = e.last;
    }
    CHECK(last);
    auto r = test::parse_http_response(raw);
    REQUIRE(r);
    CHECK(r->consumed == raw.size());
    return *r;
}

std::string inflate_all(std::string_view in) {
    z_stream zs{};
    REQUIRE(inflateInit(&zs) == Z_OK);
    std::string out(1 << 20, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    zs.avail_in = static_cast<uInt>(in.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    int rc = inflate(&zs, Z_FINISH);
    CHECK(rc == Z_STREAM_END);
    out.resize(zs.total_out);
    inflateEnd(&zs);
    return out;
}

}  // namespace

TEST_CASE("http4 job: three Ints at batch 2 give the spec's chunks (§5.2)") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    auto r = run_h4(h4_params(ob, {int_item(1), int_item(2), int_item(3)}, 2));
    CHECK(r.status == 200);
    CHECK(r.headers["content-type"] == "application/vnd.graphbinary-v4.0");
    CHECK(r.headers["gremlin-requestid"].size() == 36);
    REQUIRE(r.chunks.size() == 2);
    CHECK(test::hex(r.chunks[0]) == "8100010000000001010000000002");
    CHECK(test::hex(r.chunks[1]) == "010000000003fd0000000000c80101");
    CHECK(r.trailers["code"] == "200");
    CHECK(r.trailers.count("exception") == 0);

    auto empty = run_h4(h4_params(ob, {}, 2));
    REQUIRE(empty.chunks.size() == 1);
    CHECK(test::hex(empty.chunks[0]) == "8100fd0000000000c80101");
}

TEST_CASE("http4 job: bulked pairs, unrolled otherwise") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    Item a, b;
    a.value = Value::string("a");
    a.bulk = 3;
    b.value = Value::string("b");
    auto p = h4_params(ob, {a, b}, 64);
    p.bulked = true;
    auto r = run_h4(std::move(p));
    REQUIRE(r.chunks.size() == 1);
    CHECK(test::hex(r.body) ==
          "810103000000000161020000000000000000030300000000016202000000000000000001fd0000000000c80101");
    auto u = run_h4(h4_params(ob, {a, b}, 64));
    CHECK(test::hex(u.body) ==
          "81000300000000016103000000000161030000000001610300000000016"
          "2fd0000000000c80101");
}

TEST_CASE("http4 job: errors in the footer, before and after data") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    EvalError err{EvalError::Kind::evaluation, "No such property: x for class: Script1",
                  "MissingPropertyException"};
    auto r = run_h4(h4_params(ob, {}, 2, err));
    CHECK(r.status == 200);
    CHECK(test::hex(r.body) ==
          "8100fd0000000001f400000000264e6f20737563682070726f70657274793a207820666f7220636c6173733a2053637269"
          "70743100"
          "000000145365727665724572726f72457863657074696f6e");
    CHECK(r.trailers["code"] == "500");
    CHECK(r.trailers["exception"] == "ServerErrorException");

    auto r2 = run_h4(h4_params(ob, {int_item(1), int_item(2), int_item(3)}, 2,
                               EvalError{EvalError::Kind::timeout, "t", ""}));
    CHECK(r2.status == 200);
    REQUIRE(r2.chunks.size() == 2);
    CHECK(test::hex(r2.chunks[0]) == "8100010000000001010000000002");
    CHECK(r2.chunks[1].substr(0, 3) == std::string("\xfd\x00\x00", 3));
    CHECK(r2.chunks[1].find("ServerTimeoutExceededException") != std::string::npos);
    CHECK(r2.trailers["code"] == "500");
    CHECK(r2.trailers["exception"] == "ServerTimeoutExceededException");

    auto p = h4_params(ob, {int_item(1)}, 2);
    p.deadline = Clock::now() - 1ms;
    auto r3 = run_h4(std::move(p));
    CHECK(r3.status == 500);
    CHECK(r3.trailers["exception"] == "ServerTimeoutExceededException");

    p = h4_params(ob, {}, 2, EvalError{EvalError::Kind::syntax, "token recognition error", "X"});
    p.language = "gremlin-lang";
    auto r4 = run_h4(std::move(p));
    CHECK(r4.status == 400);  // a request error: in the status line too
    CHECK(r4.trailers["code"] == "400");
    CHECK(r4.trailers["exception"] == "MalformedQueryException");

    p = h4_params(ob, {}, 2);
    p.request.g = "nope";
    auto r5 = run_h4(std::move(p));
    CHECK(r5.trailers["code"] == "400");
    CHECK(r5.body.find("Could not alias [g] to [nope]") != std::string::npos);

    p = h4_params(ob, {}, 2, EvalError{EvalError::Kind::evaluation, "nope", "FailException"});
    auto r7 = run_h4(std::move(p));
    CHECK(r7.trailers["code"] == "500");
    CHECK(r7.trailers["exception"] == "ServerFailStepException");
    CHECK(r7.body.find("nope") != std::string::npos);

    auto job = make_http4_job(h4_params(ob, {}, 2));
    job->reject_rate_limited();
    std::string raw;
    for (auto& e : drain(*ob)) raw += e.bytes;
    auto r6 = test::parse_http_response(raw);
    REQUIRE(r6);
    CHECK(r6->status == 429);
    CHECK(r6->body.find("Too many requests have been sent in a given amount of time.") != std::string::npos);
    CHECK(r6->trailers["exception"] == "TooManyRequestsException");
}

TEST_CASE("http4 job: deflate round trip with one sync-flushed chunk per batch") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    std::vector<Item> items;
    for (int i = 0; i < 10; ++i) items.push_back(int_item(i));
    auto plain = run_h4(h4_params(ob, items, 3));
    auto p = h4_params(ob, items, 3);
    p.deflate = true;
    auto z = run_h4(std::move(p));
    CHECK(z.headers["content-encoding"] == "deflate");
    CHECK(z.chunks.size() == plain.chunks.size());
    CHECK(inflate_all(z.body) == plain.body);
    // Every chunk ends on a sync-flush marker (00 00 ff ff) except the finishing one.
    for (std::size_t i = 0; i + 1 < z.chunks.size(); ++i)
        CHECK(z.chunks[i].substr(z.chunks[i].size() - 4) == std::string("\x00\x00\xff\xff", 4));
}

TEST_CASE("http4 job: GraphSON 4 typed and untyped bodies") {
    auto ob = std::make_shared<Outbox>(1 << 20, 1 << 19);
    auto p = h4_params(ob, {int_item(1), int_item(2), int_item(3)}, 2);
    p.format = io::http4::ResponseFormat::graphson_v4;
    p.content_type = "application/json";
    auto r = run_h4(std::move(p));
    REQUIRE(r.chunks.size() == 2);
    CHECK(r.chunks[1].front() == ',');
    CHECK(r.body.rfind("{\"result\":{\"data\":{\"@type\":\"g:List\",\"@value\":[", 0) == 0);
    CHECK(r.body.find("\"status\":{\"code\":200}") != std::string::npos);
    p = h4_params(ob, {int_item(1), int_item(2), int_item(3)}, 2);
    p.format = io::http4::ResponseFormat::graphson_v4_untyped;
    auto u = run_h4(std::move(p));
    CHECK(u.body == "{\"result\":{\"data\":[1,2,3]},\"status\":{\"code\":200}}");
}

// ---- runs of byte-identical batches (BatchRun) ------------------------------------------------------

namespace {

// The modern graph's vertices as element items (element_key set), with the given bulks.
std::vector<Item> vertex_items(Graph& g, const std::vector<std::int64_t>& bulks) {
    EvalOptions o;
    o.language = "gremlin-groovy";
    auto s = evaluate_script(g, "g.V()", o);
    REQUIRE(s);
    std::vector<Item> out;
    Item it;
    for (std::size_t i = 0; i < bulks.size(); ++i) {
        if (!s->next(it)) break;
        REQUIRE(it.element_key != nullptr);
        it.bulk = bulks[i];
        out.push_back(it);
    }
    REQUIRE(out.size() == bulks.size());
    return out;
}

// Every result of `items` in order, bulks unrolled (what an eval response carries): item i as
// `once[i]`, its value decoded from a response that carried it once.
std::vector<Value> unrolled(const std::vector<Item>& items, const std::vector<Value>& once) {
    REQUIRE(once.size() == items.size());
    std::vector<Value> out;
    for (std::size_t i = 0; i < items.size(); ++i)
        for (std::int64_t k = 0; k < items[i].bulk; ++k) out.push_back(once[i]);
    return out;
}

}  // namespace

TEST_CASE("ws37 job: full batches of one item go out as copies, every result on the wire") {
    Graph g;
    g.load_modern();
    // Runs that end mid-batch, on a batch boundary, and shorter than a batch.
    const std::vector<std::int64_t> bulks{300, 128, 5, 200, 1};
    for (auto f : {io::ws37::Format::graphbinary_v1, io::ws37::Format::graphson_v3}) {
        CAPTURE(static_cast<int>(f));
        auto ob = std::make_shared<Outbox>(1 << 24, 1 << 23);
        auto items = vertex_items(g, bulks);
        auto params = [&](std::vector<Item> its) {
            auto p = ws_params(ob, std::move(its), 64);
            p.format = f;
            p.text_frames = f != io::ws37::Format::graphbinary_v1;
            return p;
        };
        CHECK(make_ws37_job(params(vertex_items(g, {1, 1, 1, 1, 1})))->run(false) == JobStep::done);
        auto single = decode_all(drain(*ob), f);
        REQUIRE(single.size() == 1);
        const auto once = single[0].data.kids();
        CHECK(make_ws37_job(params(items))->run(false) == JobStep::done);
        auto es = drain(*ob);
        auto msgs = decode_all(es, f);
        REQUIRE(msgs.size() == 10);  // 634 results at 64 per batch
        std::vector<Value> got;
        for (std::size_t i = 0; i < msgs.size(); ++i) {
            CHECK(msgs[i].header.code == (i + 1 < msgs.size() ? 206 : 200));
            CHECK(es[i].last == (i + 1 == msgs.size()));
            for (const auto& v : msgs[i].data.kids()) got.push_back(v);
        }
        CHECK(got == unrolled(items, once));
        // Batches 0..3 hold the first vertex only: the copies are byte-identical to the one built.
        CHECK(es[1].bytes == es[0].bytes);
        CHECK(es[3].bytes == es[0].bytes);
        CHECK(es[4].bytes != es[0].bytes);  // 44 of the first vertex, 20 of the second
    }
}

TEST_CASE("http4 job: full chunks of one item go out as copies, every result on the wire") {
    Graph g;
    g.load_modern();
    const std::vector<std::int64_t> bulks{300, 128, 5, 200, 1};
    for (auto f : {io::http4::ResponseFormat::graphbinary_v4, io::http4::ResponseFormat::graphson_v4}) {
        CAPTURE(static_cast<int>(f));
        auto ob = std::make_shared<Outbox>(1 << 24, 1 << 23);
        auto items = vertex_items(g, bulks);
        auto params = [&](std::vector<Item> its) {
            auto p = h4_params(ob, std::move(its), 64);
            p.format = f;
            if (f != io::http4::ResponseFormat::graphbinary_v4) p.content_type = "application/json";
            return p;
        };
        // body -> its values (materialised by the client's decoder)
        auto values = [f](const std::string& body) {
            std::vector<Value> got;
            io::http4::ResponseDecoder dec(f, io::http4::DecodeMode::materialize,
                                           [&got](Value&& v, std::int64_t) { got.push_back(std::move(v)); });
            auto fed = dec.feed(body);
            REQUIRE_MESSAGE(fed.ok(), fed.error().to_string());
            REQUIRE(dec.finish().ok());
            CHECK(dec.status_code() == 200);
            return got;
        };
        const auto once = values(run_h4(params(vertex_items(g, {1, 1, 1, 1, 1}))).body);
        auto r = run_h4(params(items));
        REQUIRE(r.chunks.size() == 10);     // 634 results: 9 full chunks, the last with the footer
        CHECK(r.chunks[2] == r.chunks[1]);  // a copy equals the chunk built before it
        CHECK(r.chunks[3] == r.chunks[1]);
        CHECK(r.chunks[4] != r.chunks[1]);
        CHECK(values(r.body) == unrolled(items, once));
    }
}
