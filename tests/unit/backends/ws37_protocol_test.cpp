// The ws37 client protocol core without sockets (Boost.MySQL algo_test style): requests in →
// frames out, messages in → events out, scripted step by step, and for each exchange a failure
// injected at every step (write error, undecodable message, connection loss) — the request must
// finish with the right class, never hang, and give its slot back. SASL PLAIN (lazy and eager),
// unknown requestIds and multiplexing are covered the same way.
#include "backends/ws37/client_protocol.hpp"

#include <tpbench/auth/auth.hpp>
#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace tpbench;
using tpbench::ws37::ClientProtocol;
using Clock = std::chrono::steady_clock;
using model::Value;
namespace ws37io = tpbench::io::ws37;

constexpr const char* kPassword = "s3cret-Pa55";

Clock::time_point at(int ms) { return Clock::time_point{} + std::chrono::milliseconds(1000 + ms); }

struct Hooks : ws37::ProtocolHooks {
    std::multiset<std::size_t> finished;
    int write_ready = 0;
    std::optional<errc> fatal;
    std::string fatal_why;
    void on_finished(std::size_t slot) override { finished.insert(slot); }
    void on_write_ready() override { ++write_ready; }
    void on_fatal(errc e, std::string_view why) override {
        fatal = e;
        fatal_why = why;
    }
};

struct Fixture {
    explicit Fixture(std::size_t capacity = 4, bool sasl = false,
                     ws37io::Format format = ws37io::Format::graphbinary_v1)
        : proto(config(capacity, sasl, format), hooks, 42), format(format) {}
    static ClientProtocol::Config config(std::size_t capacity, bool sasl, ws37io::Format format) {
        ClientProtocol::Config c;
        c.format = format;
        c.capacity = capacity;
        if (sasl) c.sasl = ClientProtocol::Sasl{"", "stephen", kPassword};
        return c;
    }

    // Pops the next frame, decodes it and reports the write as done.
    ws37io::RequestMessage write(bool ok = true, int t = 1, std::uint64_t bytes = 100) {
        auto w = proto.next_write();
        REQUIRE(w.has_value());
        auto d = ws37io::decode_request(w->frame, false);
        REQUIRE(d.ok());
        last_write = *w;
        proto.on_written(*w, ok, at(t), bytes);
        return d->message;
    }

    std::string response(const model::Uuid& id, std::int32_t code, std::vector<Value> items = {},
                         std::string message = "") {
        ws37io::ResponseMessage m;
        m.header.request_id = id;
        m.header.code = code;
        m.header.message = message;
        if (code == 200 || code == 206) m.data = Value::list(std::move(items));
        std::string out;
        ws37io::encode_response(out, m, format);
        return out;
    }
    void receive(const std::string& frame, int t = 2) {
        proto.on_message(frame, at(t), at(t), frame.size() + 4);
    }

    // The outcome of a finished request (an abandoned one is already given back: no check).
    engine::Outcome take(std::size_t slot, bool abandoned = false) {
        if (!abandoned) REQUIRE(proto.finished(slot));
        engine::Outcome o;
        proto.take_outcome(slot, o);
        return o;
    }

    Hooks hooks;
    ClientProtocol proto;
    ws37io::Format format;
    ClientProtocol::Write last_write;
};

engine::Request req(std::string g = "g.V()") {
    engine::Request r;
    r.gremlin = std::move(g);
    return r;
}

std::vector<Value> ints(int n) {
    std::vector<Value> v;
    for (int i = 0; i < n; ++i) v.push_back(Value::int_(i));
    return v;
}

// The failures a step can meet.
enum class Fault { write_error, garbage, lost };
const char* name(Fault f) {
    switch (f) {
        case Fault::write_error:
            return "write error";
        case Fault::garbage:
            return "undecodable message";
        case Fault::lost:
            return "connection lost";
    }
    return "";
}

}  // namespace

TEST_CASE("ws37 protocol: one request, 206 then 200; every Outcome field") {
    for (auto format : {ws37io::Format::graphbinary_v1, ws37io::Format::graphson_v3}) {
        CAPTURE(static_cast<int>(format));
        Fixture f(4, false, format);
        auto r = req();
        r.keep_results = true;
        const auto slot = f.proto.submit(r);
        REQUIRE(slot);
        CHECK(f.hooks.write_ready == 1);
        const auto m = f.write(true, 1, 120);
        CHECK(m.op == "eval");
        CHECK(m.processor.empty());
        CHECK(m.args.find("gremlin")->str() == "g.V()");
        CHECK(m.args.find("batchSize")->as_int() == 64);
        CHECK_FALSE(f.proto.next_write());
        f.receive(f.response(m.request_id, 206, ints(2)), 2);
        CHECK_FALSE(f.proto.finished(*slot));
        f.receive(f.response(m.request_id, 200, ints(1)), 3);
        CHECK(f.hooks.finished.count(*slot) == 1);
        const auto o = f.take(*slot);
        CHECK_FALSE(o.error);
        CHECK(o.status_code == 200);
        CHECK(o.result_count == 3);
        CHECK(o.results.size() == 3);
        CHECK(o.partial_responses == 1);
        CHECK(o.bytes_out == 120);
        CHECK(o.bytes_in > 0);
        CHECK(o.sent == at(1));
        CHECK(o.first_byte == at(2));
        CHECK(o.done == at(3));
        CHECK(f.proto.in_flight() == 0);
    }
}

TEST_CASE("ws37 protocol: a failure injected at every step of a streamed request") {
    // Steps: 0 = write, 1 = the 206, 2 = the 200.
    for (int step = 0; step < 3; ++step) {
        for (Fault fault : {Fault::write_error, Fault::garbage, Fault::lost}) {
            if (fault == Fault::write_error && step != 0) continue;
            CAPTURE(step);
            CAPTURE(name(fault));
            Fixture f;
            const auto slot = f.proto.submit(req());
            REQUIRE(slot);
            const bool fail_write = step == 0 && fault == Fault::write_error;
            if (step == 0 && fault != Fault::write_error) {
                // Fails before the write completes: the writer still owns the frame.
                auto w = f.proto.next_write();
                REQUIRE(w);
                if (fault == Fault::garbage)
                    f.receive("\x21not a response");
                else
                    f.proto.on_connection_lost(errc::connection_closed, "connection lost: reset", at(1));
                f.proto.on_written(*w, false, at(1), 0);
            } else {
                const auto m = f.write(!fail_write);
                if (!fail_write) {
                    auto inject = [&] {
                        if (fault == Fault::garbage)
                            f.receive("\x21garbage", 5);
                        else
                            f.proto.on_connection_lost(errc::connection_closed, "connection lost: reset",
                                                       at(5));
                    };
                    if (step == 1)
                        inject();
                    else
                        f.receive(f.response(m.request_id, 206, ints(2)));
                    if (step == 2) inject();
                }
            }
            REQUIRE(f.proto.finished(*slot));
            const auto o = f.take(*slot);
            const errc want = fault == Fault::write_error ? errc::write_failed
                              : fault == Fault::garbage   ? errc::protocol_violation
                                                          : errc::connection_closed;
            CHECK(o.error == make_error_code(want));
            CHECK_FALSE(o.status_message.empty());
            if (fault != Fault::lost) CHECK(f.hooks.fatal == want);
            CHECK(f.proto.in_flight() == 0);
            // A dead connection takes no more requests.
            CHECK_FALSE(f.proto.submit(req()));
        }
    }
}

TEST_CASE("ws37 protocol: multiplexed requests are routed by requestId in any order") {
    Fixture f(3);
    std::vector<std::size_t> slots;
    std::vector<model::Uuid> ids;
    for (int i = 0; i < 3; ++i) {
        slots.push_back(*f.proto.submit(req("g.V().limit(" + std::to_string(i) + ")")));
        ids.push_back(f.write().request_id);
    }
    CHECK(ids[0] != ids[1]);
    CHECK_FALSE(f.proto.submit(req()));  // capacity reached
    f.receive(f.response(ids[2], 206, ints(1)));
    f.receive(f.response(ids[0], 204));
    f.receive(f.response(ids[1], 200, ints(4)));
    f.receive(f.response(ids[2], 597, {}, "boom"));
    CHECK(f.take(slots[0]).status_code == 204);
    CHECK(f.take(slots[1]).result_count == 4);
    const auto o2 = f.take(slots[2]);
    CHECK(o2.error == make_error_code(errc::server_evaluation));
    CHECK(o2.status_message == "boom");
    CHECK(o2.result_count == 1);
    CHECK(f.proto.in_flight() == 0);
}

TEST_CASE("ws37 protocol: the encode template patches only the requestId") {
    for (auto format : {ws37io::Format::graphbinary_v1, ws37io::Format::graphson_v3}) {
        Fixture f(2, false, format);
        f.proto.submit(req("1+1"));
        f.proto.submit(req("1+1"));
        auto a = f.proto.next_write();
        const std::string fa(a->frame);
        f.proto.on_written(*a, true, at(1), 1);
        auto b = f.proto.next_write();
        const std::string fb(b->frame);
        REQUIRE(fa.size() == fb.size());
        std::size_t diff = 0;
        for (std::size_t i = 0; i < fa.size(); ++i) diff += fa[i] != fb[i];
        CHECK(diff > 0);
        CHECK(diff <= (format == ws37io::Format::graphbinary_v1 ? 16u : 36u));
        auto da = ws37io::decode_request(fa, false);
        auto db = ws37io::decode_request(fb, false);
        CHECK(da->message.request_id != db->message.request_id);
        CHECK(da->message.args == db->message.args);
    }
}

namespace {
// The payload of one masked client frame at the front of `f` (the server's unmasking); `used` =
// the frame's size.
std::string unmask_client_frame(std::string_view f, std::size_t& used) {
    const auto* p = reinterpret_cast<const unsigned char*>(f.data());
    REQUIRE(f.size() >= 6);
    REQUIRE((p[1] & 0x80) != 0);
    std::uint64_t len = p[1] & 0x7f;
    REQUIRE(len != 127);  // (no request frame here needs the 64-bit length)
    std::size_t o = 2;
    if (len == 126) {
        len = (std::uint64_t{p[2]} << 8) | p[3];
        o = 4;
    }
    const unsigned char* key = p + o;
    o += 4;
    REQUIRE(f.size() >= o + len);
    std::string out(f.substr(o, len));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<char>(out[i] ^ key[i & 3]);
    used = o + len;
    return out;
}
}  // namespace

TEST_CASE(
    "ws37 protocol: frames written straight from the template carry each request's id, also when the "
    "template changes") {
    for (auto format : {ws37io::Format::graphbinary_v1, ws37io::Format::graphson_v3}) {
        CAPTURE(static_cast<int>(format));
        // Same seed: the same request ids. `a` frames with next_write(), `b` with next_write_framed()
        // into a string, `c` the same into the session's OutBuffer (over older bytes).
        Fixture a(4, false, format), b(4, false, format), c(4, false, format);
        // 1+1 (encoded), 1+1 (a repeat: templated), g.V() (encoded: the template changes while the
        // repeat is queued), g.V() (a repeat of the new template).
        for (const char* g : {"1+1", "1+1", "g.V()", "g.V()"}) {
            REQUIRE(a.proto.submit(req(g)));
            REQUIRE(b.proto.submit(req(g)));
            REQUIRE(c.proto.submit(req(g)));
        }
        ws37::frame::OutBuffer cbuf;
        cbuf.append(std::string(2000, '#'));
        cbuf.clear();
        for (int k = 0; k < 4; ++k) {
            auto w = c.proto.next_write_framed(cbuf, 0x5a6b7c8du * static_cast<std::uint32_t>(k + 1));
            REQUIRE(w.has_value());
            c.proto.on_written(*w, true, at(1), 1);
        }
        CHECK_FALSE(c.proto.next_write_framed(cbuf, 1));
        std::string wire;
        std::vector<std::size_t> sizes;
        for (int k = 0; k < 4; ++k) {
            const std::size_t before = wire.size();
            auto w = b.proto.next_write_framed(wire, 0x5a6b7c8du * static_cast<std::uint32_t>(k + 1));
            REQUIRE(w.has_value());
            sizes.push_back(wire.size() - before);
            b.proto.on_written(*w, true, at(1), wire.size() - before);
        }
        CHECK_FALSE(b.proto.next_write_framed(wire, 1));
        std::set<model::Uuid> ids;
        std::size_t pos = 0;
        const char* scripts[] = {"1+1", "1+1", "g.V()", "g.V()"};
        for (int k = 0; k < 4; ++k) {
            CAPTURE(k);
            auto wa = a.proto.next_write();
            REQUIRE(wa.has_value());
            const std::string fa(wa->frame);
            a.proto.on_written(*wa, true, at(1), fa.size());
            std::size_t used = 0;
            const std::string fb = unmask_client_frame(std::string_view(wire).substr(pos), used);
            CHECK(used == sizes[static_cast<std::size_t>(k)]);
            pos += used;
            CHECK(fb == fa);  // byte for byte what the unframed path sends
            auto d = ws37io::decode_request(fb, false);
            REQUIRE(d.ok());
            const Value* g = d->message.args.find("gremlin");
            REQUIRE(g != nullptr);
            CHECK(*g == Value::string(scripts[k]));
            ids.insert(d->message.request_id);
        }
        CHECK(pos == wire.size());
        CHECK(ids.size() == 4);
        CHECK(cbuf.view() == wire);
    }
}

TEST_CASE("ws37 protocol: a response repeating the last one's bytes after its requestId is counted alike") {
    // Count mode remembers the last small GraphBinary success (ResponseMemo): the same bytes after
    // another requestId cost a memcmp. Anything that differs is scanned (and checked) again.
    Fixture f(4);
    auto one = [&](std::int32_t code, std::vector<Value> items, std::string message = "") {
        const auto slot = f.proto.submit(req());
        REQUIRE(slot);
        const auto m = f.write();
        f.receive(f.response(m.request_id, code, std::move(items), std::move(message)));
        REQUIRE(f.proto.finished(*slot));
        return f.take(*slot);
    };
    for (int i = 0; i < 3; ++i) {  // the first is scanned, the others match it
        CAPTURE(i);
        const auto o = one(200, ints(2));
        CHECK_FALSE(o.error);
        CHECK(o.status_code == 200);
        CHECK(o.result_count == 2);
    }
    // Same length, other bytes: an item value, then the status code, then an error.
    auto o = one(200, {Value::int_(7), Value::int_(1)});
    CHECK(o.result_count == 2);
    o = one(200, ints(3));
    CHECK(o.result_count == 3);
    o = one(500, {}, "boom");
    CHECK(o.error == make_error_code(errc::server_error));
    CHECK(o.status_message == "boom");
    o = one(200, ints(3));
    CHECK_FALSE(o.error);
    CHECK(o.result_count == 3);
    // The remembered bytes with an id no request has: counted as unknown, not routed.
    const auto slot = f.proto.submit(req());
    REQUIRE(slot);
    const auto m = f.write();
    model::Uuid other = m.request_id;
    other[3] ^= 0x5a;
    f.receive(f.response(other, 200, ints(3)));
    CHECK_FALSE(f.proto.finished(*slot));
    CHECK(f.proto.unknown_responses() == 1);
    // A matching prefix with broken bytes after it is a protocol violation, not a memo hit.
    std::string bad = f.response(m.request_id, 200, ints(3));
    bad.back() = static_cast<char>(0x7f);
    bad.push_back('\0');
    f.receive(bad);
    REQUIRE(f.proto.finished(*slot));
    CHECK(f.take(*slot).error == make_error_code(errc::protocol_violation));
}

TEST_CASE(
    "ws37 protocol: GraphSON 3.0 response memo — every byte of a remembered response changed gives what a "
    "fresh scan gives") {
    // The memo (ResponseMemo) takes a response equal to the remembered one but for the 36
    // characters of its requestId string (which must parse as a UUID) without a scan. Each byte of
    // two real 1+1 responses (the server's compact one and the Java server's pretty-printed form) is
    // set to several values; the outcome on a connection that remembers the unchanged response
    // must equal the outcome on one that remembers nothing (a full scan), and the memo must be
    // used exactly when only the id's characters changed, to a valid UUID.
    const std::string java_shape =
        "{\n  \"requestId\" : \"@ID@\",\n  \"status\" : {\n    \"message\" : \"\",\n    \"code\" : 200,\n"
        "    \"attributes\" : {\n      \"@type\" : \"g:Map\",\n      \"@value\" : [ ]\n    }\n  },\n"
        "  \"result\" : {\n    \"data\" : {\n      \"@type\" : \"g:List\",\n      \"@value\" : [ {\n"
        "        \"@type\" : \"g:Int32\",\n        \"@value\" : 2\n      } ]\n    },\n    \"meta\" : {\n"
        "      \"@type\" : \"g:Map\",\n      \"@value\" : [ ]\n    }\n  }\n}";
    for (int shape = 0; shape < 2; ++shape) {
        CAPTURE(shape);
        auto response = [&](Fixture& f, const model::Uuid& id) {
            if (shape == 0) return f.response(id, 200, {Value::int_(2)});
            std::string r = java_shape;
            r.replace(r.find("@ID@"), 4, model::uuid_to_string(id));
            return r;
        };
        struct Seen {
            bool finished = false;
            engine::Outcome o;
            std::uint64_t unknown = 0;
            std::uint64_t late = 0;
            std::optional<errc> fatal;
        };
        // Submits a request, answers it with `first` (the remembered response, or an error that
        // leaves nothing remembered), then submits a second one and answers it with `mutate` of
        // its response.
        auto run = [&](bool remember, const std::function<std::string(std::string)>& mutate,
                       std::string* base, std::size_t* id_at, std::uint64_t* hits) {
            Fixture f(4, false, ws37io::Format::graphson_v3);
            const auto s1 = f.proto.submit(req("1+1"));
            REQUIRE(s1);
            const auto m1 = f.write();
            f.receive(remember ? response(f, m1.request_id) : f.response(m1.request_id, 500, {}, "x"));
            const auto o1 = f.take(*s1);
            CHECK(o1.status_code == (remember ? 200 : 500));
            const auto s2 = f.proto.submit(req("1+1"));
            REQUIRE(s2);
            const auto m2 = f.write();
            const std::string r = response(f, m2.request_id);
            *base = r;
            *id_at = r.find(model::uuid_to_string(m2.request_id));
            f.receive(mutate(r), 3);
            Seen seen;
            seen.finished = f.proto.finished(*s2);
            if (seen.finished) seen.o = f.take(*s2);
            seen.unknown = f.proto.unknown_responses();
            seen.late = f.proto.late_responses();
            seen.fatal = f.hooks.fatal;
            *hits = f.proto.memo_hits();
            return seen;
        };
        std::string base;
        std::size_t id_at = 0;
        std::uint64_t hits = 0;
        // Unchanged: a memo hit, counted as a fresh scan counts it.
        const Seen same = run(
            true, [](std::string r) { return r; }, &base, &id_at, &hits);
        REQUIRE(id_at != std::string::npos);
        CHECK(hits == 1);
        REQUIRE(same.finished);
        CHECK_FALSE(same.o.error);
        CHECK(same.o.status_code == 200);
        CHECK(same.o.result_count == 1);
        std::size_t memo_used = 0, compared = 0;
        for (std::size_t i = 0; i < base.size(); ++i) {
            const auto c = static_cast<unsigned char>(base[i]);
            // Ten values per byte; every value for the id's characters (the memo's own UUID parse
            // must accept exactly what the scan's accepts).
            std::vector<unsigned> values = {c ^ 0x01u,      c ^ 0x20u,     unsigned{'0'},
                                            unsigned{'F'},  unsigned{'-'}, unsigned{'"'},
                                            unsigned{'\\'}, unsigned{' '}, 0u,
                                            0xffu};
            if (i >= id_at && i < id_at + 36) {
                values.clear();
                for (unsigned v = 0; v < 256; ++v) values.push_back(v);
            }
            for (const unsigned v : values) {
                if (v == c) continue;
                CAPTURE(i);
                CAPTURE(v);
                auto mutate = [&](std::string r) {
                    r[i] = static_cast<char>(v);
                    return r;
                };
                std::string b1, b2;
                std::size_t a1 = 0, a2 = 0;
                std::uint64_t h1 = 0, h2 = 0;
                const Seen memo = run(true, mutate, &b1, &a1, &h1);
                const Seen fresh = run(false, mutate, &b2, &a2, &h2);
                REQUIRE(b1 == b2);  // the same ids on both connections (same seed)
                CHECK(h2 == 0);
                model::Uuid u{};
                std::string changed = base;
                changed[i] = static_cast<char>(v);
                const bool expect_hit =
                    i >= id_at && i < id_at + 36 &&
                    model::uuid_from_string(std::string_view(changed).substr(id_at, 36), u);
                CHECK(h1 == (expect_hit ? 1 : 0));
                memo_used += h1;
                ++compared;
                CHECK(memo.finished == fresh.finished);
                CHECK(memo.o.error == fresh.o.error);
                CHECK(memo.o.status_code == fresh.o.status_code);
                CHECK(memo.o.status_message == fresh.o.status_message);
                CHECK(memo.o.result_count == fresh.o.result_count);
                CHECK(memo.o.partial_responses == fresh.o.partial_responses);
                CHECK(memo.o.bytes_in == fresh.o.bytes_in);
                CHECK(memo.o.done == fresh.o.done);
                CHECK(memo.unknown == fresh.unknown);
                CHECK(memo.late == fresh.late);
                CHECK(memo.fatal == fresh.fatal);
            }
        }
        // The memo was used for the valid ids only: 'a'..'f' to upper case (the same id, routed to
        // its request) and to other hex digits (another id: unknown), never for anything else.
        CHECK(memo_used == 32 * 21);  // each hex digit to the 21 others of either case; dashes stay
        CHECK(memo_used < compared / 4);
    }
}

TEST_CASE("ws37 protocol: GraphSON 3.0 1+1 in a row is counted through the memo after the first scan") {
    Fixture f(4, false, ws37io::Format::graphson_v3);
    for (int i = 0; i < 5; ++i) {
        CAPTURE(i);
        const auto slot = f.proto.submit(req("1+1"));
        REQUIRE(slot);
        const auto m = f.write();
        f.receive(f.response(m.request_id, 200, {Value::int_(2)}));
        const auto o = f.take(*slot);
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 1);
        CHECK(f.proto.memo_hits() == static_cast<std::uint64_t>(i));
    }
    // A typed g:UUID requestId is scanned every time (its place is not remembered).
    for (int i = 0; i < 2; ++i) {
        const auto slot = f.proto.submit(req("1+1"));
        REQUIRE(slot);
        const auto w = f.write();
        std::string r = f.response(w.request_id, 200, {Value::int_(2)});
        const std::string id = model::uuid_to_string(w.request_id);
        r.replace(r.find("\"" + id + "\""), 38, R"({"@type":"g:UUID","@value":")" + id + "\"}");
        f.receive(r);
        const auto o = f.take(*slot);
        CHECK_FALSE(o.error);
        CHECK(o.result_count == 1);
        CHECK(f.proto.memo_hits() == 4);
    }
}

TEST_CASE("ws37 protocol: responses for unknown requestIds are counted and explain the timeouts") {
    Fixture f;
    const auto slot = *f.proto.submit(req());
    const auto m = f.write();
    model::Uuid other = m.request_id;
    other[15] ^= 0xff;
    f.receive(f.response(other, 200, ints(1)));
    f.receive(f.response(other, 200, ints(1)));
    CHECK(f.proto.unknown_responses() == 2);
    CHECK_FALSE(f.proto.finished(slot));
    CHECK_FALSE(f.hooks.fatal);  // the connection stays usable
    f.proto.abandon(slot, at(9));
    const auto o = f.take(slot, true);
    CHECK(o.error == make_error_code(errc::timeout));
    CHECK(o.status_message.find("client-side request deadline expired") == 0);
    CHECK(o.status_message.find("received 2 responses for unknown requestIds") != std::string::npos);
    // A late answer for the abandoned request is recognised, not unknown.
    f.receive(f.response(m.request_id, 200, ints(1)));
    CHECK(f.proto.late_responses() == 1);
    CHECK(f.proto.unknown_responses() == 2);
}

TEST_CASE("ws37 protocol: a null requestId fails every pending request") {
    Fixture f;
    const auto a = *f.proto.submit(req());
    const auto b = *f.proto.submit(req());
    f.write();
    f.write();
    ws37io::ResponseMessage m;
    m.header.request_id = std::nullopt;
    m.header.code = 499;
    m.header.message = "bad request";
    std::string frame;
    ws37io::encode_response(frame, m, ws37io::Format::graphbinary_v1);
    f.receive(frame);
    CHECK(f.take(a).error == make_error_code(errc::server_bad_request));
    CHECK(f.take(b).error == make_error_code(errc::server_bad_request));
}

TEST_CASE("ws37 protocol: SASL PLAIN on the server's challenge (lazy); held requests wait") {
    Fixture f(4, /*sasl=*/true);
    const auto x = *f.proto.submit(req("g.V().count()"));
    const auto mx = f.write(true, 1, 50);
    f.receive(f.response(mx.request_id, 407));
    CHECK_FALSE(f.proto.finished(x));
    CHECK(f.proto.auth_state() == ClientProtocol::AuthState::challenged);
    // A request arriving during the negotiation is held back until the server answers.
    const auto y = *f.proto.submit(req("g.E().count()"));
    const auto auth = f.write(true, 3, 70);
    CHECK(f.last_write.auth);
    CHECK(auth.op == "authentication");
    CHECK(auth.processor.empty());
    CHECK(auth.request_id == mx.request_id);
    CHECK(auth.args.find("saslMechanism")->str() == "PLAIN");
    CHECK(auth.args.find("sasl")->str() == auth::base64_encode(std::string("\0stephen\0", 9) + kPassword));
    CHECK_FALSE(f.proto.next_write());  // y is held
    f.receive(f.response(mx.request_id, 200, ints(1)), 4);
    CHECK(f.proto.auth_state() == ClientProtocol::AuthState::authenticated);
    const auto ox = f.take(x);
    CHECK_FALSE(ox.error);
    CHECK(ox.result_count == 1);
    CHECK(ox.bytes_out == 120);  // request + its authentication answer
    const auto my = f.write();
    CHECK(my.args.find("gremlin")->str() == "g.E().count()");
    f.receive(f.response(my.request_id, 204));
    CHECK_FALSE(f.take(y).error);
}

TEST_CASE(
    "ws37 protocol: a rejected password is auth_failed for every request, fatal, and never shows the "
    "password") {
    Fixture f(4, true);
    const auto x = *f.proto.submit(req());
    const auto y = *f.proto.submit(req());
    const auto mx = f.write();
    const auto my = f.write();  // sent before the challenge arrived: deferred by the server
    f.receive(f.response(mx.request_id, 407));
    f.write();  // the answer
    f.receive(f.response(mx.request_id, 401, {}, "Username and/or password are incorrect"));
    CHECK(f.proto.auth_state() == ClientProtocol::AuthState::failed);
    REQUIRE(f.hooks.fatal);
    CHECK(*f.hooks.fatal == errc::auth_failed);
    for (auto s : {x, y}) {
        const auto o = f.take(s);
        CHECK(o.error == make_error_code(errc::auth_failed));
        CHECK(o.status_message.find("SASL authentication failed for user 'stephen'") == 0);
        CHECK(o.status_message.find("Username and/or password are incorrect (401)") != std::string::npos);
        CHECK(o.status_message.find(kPassword) == std::string::npos);
    }
    CHECK(f.hooks.fatal_why.find(kPassword) == std::string::npos);
    (void)my;
    // No retry: nothing more to write, no new requests.
    CHECK_FALSE(f.proto.next_write());
    CHECK_FALSE(f.proto.submit(req()));
}

TEST_CASE("ws37 protocol: a challenge without credentials is auth_failed with a clear message") {
    Fixture f(2, false);
    const auto x = *f.proto.submit(req());
    const auto mx = f.write();
    f.receive(f.response(mx.request_id, 407));
    const auto o = f.take(x);
    CHECK(o.error == make_error_code(errc::auth_failed));
    CHECK(o.status_code == 407);
    CHECK(o.status_message.find("no credentials are configured") != std::string::npos);
}

TEST_CASE("ws37 protocol: eager authentication before any request") {
    SUBCASE("challenged, answered, accepted (the stock server answers the stored op with 498)") {
        Fixture f(2, true);
        const auto s = *f.proto.authenticate_now();
        // Requests submitted meanwhile wait for the outcome.
        const auto x = *f.proto.submit(req());
        const auto first = f.write();
        CHECK(first.op == "authentication");
        CHECK(first.args.find("sasl"));
        CHECK_FALSE(f.proto.next_write());
        f.receive(f.response(first.request_id, 407));
        const auto answer = f.write();
        CHECK(answer.op == "authentication");
        CHECK(answer.request_id == first.request_id);
        CHECK_FALSE(f.proto.next_write());
        f.receive(
            f.response(first.request_id, 498, {}, "authentication is not an op of the standard processor"));
        CHECK(f.proto.auth_state() == ClientProtocol::AuthState::authenticated);
        CHECK_FALSE(f.take(s).error);
        const auto mx = f.write();
        CHECK(mx.op == "eval");
        f.receive(f.response(mx.request_id, 200, ints(2)));
        CHECK(f.take(x).result_count == 2);
    }
    SUBCASE("rejected") {
        Fixture f(2, true);
        const auto s = *f.proto.authenticate_now();
        const auto first = f.write();
        f.receive(f.response(first.request_id, 407));
        f.write();
        f.receive(f.response(first.request_id, 401, {}, "Username and/or password are incorrect"));
        const auto o = f.take(s);
        CHECK(o.error == make_error_code(errc::auth_failed));
        CHECK(o.status_message.find(kPassword) == std::string::npos);
        CHECK(f.hooks.fatal == errc::auth_failed);
    }
    SUBCASE("a server that authenticates the first message directly") {
        Fixture f(2, true);
        const auto s = *f.proto.authenticate_now();
        const auto first = f.write();
        f.receive(f.response(first.request_id, 204));
        CHECK(f.proto.auth_state() == ClientProtocol::AuthState::authenticated);
        CHECK_FALSE(f.take(s).error);
    }
    SUBCASE("a second challenge (a mechanism with more rounds) is refused") {
        Fixture f(2, true);
        const auto s = *f.proto.authenticate_now();
        const auto first = f.write();
        f.receive(f.response(first.request_id, 407));
        f.write();
        f.receive(f.response(first.request_id, 407));
        const auto o = f.take(s);
        CHECK(o.error == make_error_code(errc::auth_failed));
        CHECK(o.status_message.find("challenged again") != std::string::npos);
    }
}

TEST_CASE("ws37 protocol: a failure injected at every step of the SASL exchange") {
    // Steps: 0 = write of the request, 1 = the 407, 2 = write of the answer, 3 = the 200.
    for (int step = 0; step < 4; ++step) {
        for (Fault fault : {Fault::write_error, Fault::garbage, Fault::lost}) {
            const bool write_step = step == 0 || step == 2;
            if ((fault == Fault::write_error) != write_step) continue;
            CAPTURE(step);
            CAPTURE(name(fault));
            Fixture f(2, true);
            const auto x = *f.proto.submit(req());
            auto inject = [&] {
                if (fault == Fault::garbage)
                    f.receive("\x21junk");
                else
                    f.proto.on_connection_lost(errc::connection_closed, "connection lost", at(7));
            };
            const auto mx = f.write(!(step == 0));
            if (step > 0) {
                if (step == 1)
                    inject();
                else
                    f.receive(f.response(mx.request_id, 407));
            }
            if (step > 1 && !f.hooks.fatal) {
                f.write(!(step == 2));
                if (step == 3) inject();
            }
            REQUIRE(f.proto.finished(x));
            const auto o = f.take(x);
            const errc want = fault == Fault::write_error ? errc::write_failed
                              : fault == Fault::garbage   ? errc::protocol_violation
                                                          : errc::connection_closed;
            CHECK(o.error == make_error_code(want));
            CHECK(o.status_message.find(kPassword) == std::string::npos);
            CHECK(f.proto.in_flight() == 0);
        }
    }
}

TEST_CASE("ws37 protocol: an authentication that outlives the request deadline fails the held requests") {
    Fixture f(3, true);
    const auto x = *f.proto.submit(req());
    const auto mx = f.write();
    f.receive(f.response(mx.request_id, 407));
    const auto y = *f.proto.submit(req());
    f.write();  // the answer; the server never replies
    f.proto.abandon(x, at(9));
    CHECK(f.take(x, true).error == make_error_code(errc::timeout));
    REQUIRE(f.proto.finished(y));
    const auto oy = f.take(y);
    CHECK(oy.error == make_error_code(errc::timeout));
    CHECK(oy.status_message.find("SASL authentication did not finish") != std::string::npos);
}

TEST_CASE("ws37 protocol: unknown serializer names are configuration errors") {
    CHECK(ws37::parse_serializer("") == ws37io::Format::graphbinary_v1);
    CHECK(ws37::parse_serializer("graphson-v3-untyped") == ws37io::Format::graphson_v3_untyped);
    CHECK_THROWS_AS(ws37::parse_serializer("graphson-v9"), std::invalid_argument);
}
