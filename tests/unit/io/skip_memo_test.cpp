// The count paths' validated-value memo (src/io/detail/skip_memo.hpp): repeated values are counted as
// before, and a copy that differs from a remembered value anywhere is still validated (and refused
// when invalid) — the memo never lets an invalid value through.
#include "../../../src/io/detail/skip_memo.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace tpbench;
using namespace tpbench::io;
using model::Value;

namespace {

// A value of more than SkipMemo::kMinBytes in both GraphBinary versions.
Value marko() { return Value::string("marko, a person aged 29"); }

// Makes the last copy invalid UTF-8 after its first 16 bytes (the memo's key), so it lands on the
// remembered value's slot and differs from it only there.
void corrupt_last(std::string& s) {
    const std::size_t at = s.rfind("aged");
    REQUIRE(at != std::string::npos);
    s[at] = '\xff';
}

}  // namespace

TEST_CASE("SkipMemo matches only whole remembered values") {
    detail::SkipMemo m;
    const std::string v = "0123456789abcdefghij";  // 20 bytes
    CHECK(m.match(v, 0) == 0);
    m.store(v);
    CHECK(m.match(v, 0) == v.size());
    CHECK(m.match("xx" + v + "tail", 2) == v.size());
    CHECK(m.match(v.substr(0, 19), 0) == 0);  // shorter than the value
    std::string w = v;
    w.back() = 'J';
    CHECK(m.match(w, 0) == 0);  // differs in the last byte
    m.store("short");           // below kMinBytes: not remembered
    CHECK(m.match("short-and-more-bytes", 0) == 0);
}

TEST_CASE("http4 count mode: repeated values counted, a corrupt copy of a remembered value refused") {
    using namespace tpbench::io::http4;
    std::string body;
    write_response_start(body, ResponseFormat::graphbinary_v4, false);
    for (int i = 0; i < 100; ++i) write_response_item(body, ResponseFormat::graphbinary_v4, marko(), i == 0);
    write_response_end(body, ResponseFormat::graphbinary_v4, 200);
    {
        ResponseDecoder dec(ResponseFormat::graphbinary_v4, DecodeMode::count);
        REQUIRE(dec.feed(body).ok());
        REQUIRE(dec.finish().ok());
        CHECK(dec.result_count() == 100);
        // The same decoder reset for the next response keeps counting right.
        dec.reset(ResponseFormat::graphbinary_v4, DecodeMode::count);
        REQUIRE(dec.feed(body).ok());
        REQUIRE(dec.finish().ok());
        CHECK(dec.result_count() == 100);
    }
    std::string bad = body;
    corrupt_last(bad);
    ResponseDecoder dec(ResponseFormat::graphbinary_v4, DecodeMode::count);
    auto r = dec.feed(bad);
    CHECK_FALSE(r.ok());
    if (!r.ok()) CHECK(r.error().code == errc::bad_utf8);
}

TEST_CASE("ws37 scan_response count: repeated values counted, a corrupt copy of a remembered value refused") {
    using namespace tpbench::io::ws37;
    ResponseMessage m;
    m.header.request_id = model::Uuid{};
    std::vector<Value> items(64, marko());
    m.data = Value::list(std::move(items));
    std::string frame;
    encode_response(frame, m, Format::graphbinary_v1);
    ScanCache cache;
    for (int round = 0; round < 2; ++round) {
        auto s = scan_response(frame, Format::graphbinary_v1, {}, &cache);
        REQUIRE(s.ok());
        CHECK(s.value().result_count == 64);
    }
    // Each round: 63 copies of the first item by one compare; the second round's first item is
    // the one the first round validated (a 200 message is not remembered whole).
    CHECK(cache.hits().repeated_lists == 2);
    CHECK(cache.hits().values == 1);
    CHECK(cache.hits().messages == 0);
    std::string bad = frame;
    corrupt_last(bad);
    CHECK_FALSE(scan_response(bad, Format::graphbinary_v1, {}, &cache).ok());
    CHECK_FALSE(scan_response(bad, Format::graphbinary_v1, {}).ok());
    // Without a cache nothing is remembered: the same count, every item validated.
    auto plain = scan_response(frame, Format::graphbinary_v1, {});
    REQUIRE(plain.ok());
    CHECK(plain.value().result_count == 64);
}

// ---- copies of one value in a row, and whole repeated 206 messages ---------------------------------
// The count paths count a run of byte-equal values with one compare (http4: count_copies; ws37:
// the rest of a list as copies of its first item) and a ws37 206 message byte-equal to the last
// one validated with one compare (MessageMemo). Checked against the materialising paths (no memo,
// every value read) with every byte of the stream changed in turn: the count path must say what
// the full read says (valid or not, and the same count).

namespace {

struct Outcome {
    bool ok = false;
    std::uint64_t results = 0;
    bool operator==(const Outcome&) const = default;
};

std::string h4_body(int copies, bool unbulked_tail) {
    using namespace tpbench::io::http4;
    std::string body;
    write_response_start(body, ResponseFormat::graphbinary_v4, false);
    for (int i = 0; i < copies; ++i)
        write_response_item(body, ResponseFormat::graphbinary_v4, marko(), i == 0);
    if (unbulked_tail) write_response_item(body, ResponseFormat::graphbinary_v4, Value::string("x"), false);
    write_response_end(body, ResponseFormat::graphbinary_v4, 200);
    return body;
}

Outcome h4_decode(http4::ResponseDecoder& dec, std::string_view body, std::size_t split) {
    auto a = dec.feed(body.substr(0, split));
    if (!a.ok()) return {};
    auto b = dec.feed(body.substr(split));
    if (!b.ok() || !dec.finish().ok() || !dec.done()) return {};
    return {true, dec.result_count()};
}

// The materialising decoder's verdict (every value read, no memo).
Outcome h4_reference(std::string_view body) {
    std::uint64_t n = 0;
    http4::ResponseDecoder dec(http4::ResponseFormat::graphbinary_v4, http4::DecodeMode::materialize,
                               [&n](Value&&, std::int64_t bulk) { n += static_cast<std::uint64_t>(bulk); });
    auto r = h4_decode(dec, body, body.size());
    return r.ok ? Outcome{true, n} : Outcome{};
}

ws37::ResponseMessage ws_message(int copies, std::int32_t code) {
    ws37::ResponseMessage m;
    m.header.request_id = model::Uuid{};
    m.header.code = code;
    std::vector<Value> items(static_cast<std::size_t>(copies), marko());
    m.data = Value::list(std::move(items));
    return m;
}

// One connection's count-path memory, kept across the calls of a test (as a connection keeps it).
ws37::ScanCache& ws_cache() {
    static ws37::ScanCache c;
    return c;
}

Outcome ws_count(std::string_view frame) {
    auto s = ws37::scan_response(frame, ws37::Format::graphbinary_v1, {}, &ws_cache());
    return s.ok() ? Outcome{true, s.value().result_count} : Outcome{};
}

Outcome ws_reference(std::string_view frame) {
    std::uint64_t n = 0;
    auto s = ws37::scan_response(frame, ws37::Format::graphbinary_v1, [&n](Value&&) { ++n; });
    return s.ok() ? Outcome{true, n} : Outcome{};
}

}  // namespace

TEST_CASE("http4 count mode: copies in a row counted by compare, every changed byte still validated") {
    using namespace tpbench::io::http4;
    const std::string body = h4_body(40, true);
    ResponseDecoder warm(ResponseFormat::graphbinary_v4, DecodeMode::count);
    REQUIRE(h4_decode(warm, body, body.size()) == Outcome{true, 41});
    int refused = 0;
    for (std::size_t i = 0; i < body.size(); ++i) {
        for (const unsigned char to :
             {static_cast<unsigned char>(0xff), static_cast<unsigned char>(body[i] ^ 0x01)}) {
            std::string bad = body;
            bad[i] = static_cast<char>(to);
            const Outcome want = h4_reference(bad);
            refused += want.ok ? 0 : 1;
            CAPTURE(i);
            CAPTURE(static_cast<int>(to));
            // The warm decoder (its memo holds the unchanged value) and a new one, fed whole and
            // split where a copy ends mid-way.
            warm.reset(ResponseFormat::graphbinary_v4, DecodeMode::count);
            CHECK(h4_decode(warm, bad, bad.size()) == want);
            ResponseDecoder cold(ResponseFormat::graphbinary_v4, DecodeMode::count);
            CHECK(h4_decode(cold, bad, bad.size() / 2 + 3) == want);
            warm.reset(ResponseFormat::graphbinary_v4, DecodeMode::count);
            REQUIRE(h4_decode(warm, body, body.size()) == Outcome{true, 41});
        }
    }
    CHECK(refused > 0);
    // Every split of the unchanged body counts the same.
    for (std::size_t cut = 0; cut <= body.size(); ++cut) {
        warm.reset(ResponseFormat::graphbinary_v4, DecodeMode::count);
        CAPTURE(cut);
        CHECK(h4_decode(warm, body, cut) == Outcome{true, 41});
    }
}

TEST_CASE(
    "http4 GraphSON count mode: copies in a row counted by compare, every changed byte still validated") {
    using namespace tpbench::io::http4;
    for (const auto f : {ResponseFormat::graphson_v4, ResponseFormat::graphson_v4_untyped}) {
        CAPTURE(static_cast<int>(f));
        // 12 copies of a map, then numbers where a copy could run on (12,12,123). The count path
        // checks JSON (GraphSON types are read only when materialised).
        std::string body;
        write_response_start(body, f, false);
        const Value v = Value::map({Value::string("name"), marko(), Value::string("age"), Value::int_(29)});
        for (int i = 0; i < 12; ++i) write_response_item(body, f, v, i == 0);
        for (const int n : {12, 12, 123, 12}) write_response_item(body, f, Value::int_(n), false);
        write_response_end(body, f, 200);
        auto count = [f](std::string_view b, std::size_t split) {
            ResponseDecoder dec(f, DecodeMode::count);
            return h4_decode(dec, b, split);
        };
        // The reference: the count path over the same bytes with a space after every ',' (which
        // changes no value's validity nor the count, and leaves no ",X" copy to compare).
        auto reference = [&count](std::string_view b) {
            std::string spaced;
            for (const char c : b) {
                spaced += c;
                if (c == ',') spaced += ' ';
            }
            return count(spaced, spaced.size());
        };
        REQUIRE(reference(body) == Outcome{true, 16});
        ResponseDecoder warm(f, DecodeMode::count);
        for (std::size_t cut = 0; cut <= body.size(); ++cut) {
            CAPTURE(cut);
            CHECK(count(body, cut) == Outcome{true, 16});
        }
        int refused = 0;
        for (std::size_t i = 0; i < body.size(); ++i) {
            for (const unsigned char to :
                 {static_cast<unsigned char>('x'), static_cast<unsigned char>(body[i] ^ 0x01)}) {
                std::string bad = body;
                bad[i] = static_cast<char>(to);
                CAPTURE(i);
                CAPTURE(static_cast<int>(to));
                const Outcome want = reference(bad);
                refused += want.ok ? 0 : 1;
                CHECK(count(bad, bad.size()) == want);
                CHECK(count(bad, bad.size() / 2) == want);
                // A decoder whose memo holds the unchanged values.
                warm.reset(f, DecodeMode::count);
                REQUIRE(h4_decode(warm, body, body.size()) == Outcome{true, 16});
                warm.reset(f, DecodeMode::count);
                CHECK(h4_decode(warm, bad, bad.size()) == want);
            }
        }
        CHECK(refused > 0);
    }
}

TEST_CASE(
    "ws37 scan_response count: a repeated 206 message counted by compare, every changed byte validated") {
    using namespace tpbench::io::ws37;
    for (const int copies : {1, 2, 9}) {
        CAPTURE(copies);
        std::string frame;
        encode_response(frame, ws_message(copies, 206), Format::graphbinary_v1);
        const Outcome good{true, static_cast<std::uint64_t>(copies)};
        REQUIRE(ws_count(frame) == good);
        REQUIRE(ws_count(frame) == good);  // the second one: a copy of the message validated
        int refused = 0;
        for (std::size_t i = 0; i < frame.size(); ++i) {
            for (const unsigned char to :
                 {static_cast<unsigned char>(0xff), static_cast<unsigned char>(frame[i] ^ 0x01)}) {
                std::string bad = frame;
                bad[i] = static_cast<char>(to);
                CAPTURE(i);
                CAPTURE(static_cast<int>(to));
                const Outcome want = ws_reference(bad);
                refused += want.ok ? 0 : 1;
                REQUIRE(ws_count(frame) == good);  // the memo holds the unchanged message
                CHECK(ws_count(bad) == want);
                CHECK(ws_count(bad) == want);  // and again, in case the changed one was kept
            }
        }
        CHECK(refused > 0);
    }
    // A different request's message (another requestId) is read, not taken for the last one.
    std::string a, b;
    auto ma = ws_message(9, 206);
    auto mb = ws_message(9, 206);
    mb.header.request_id = model::Uuid{1};
    encode_response(a, ma, Format::graphbinary_v1);
    encode_response(b, mb, Format::graphbinary_v1);
    ScanCache cache;
    REQUIRE(scan_response(a, Format::graphbinary_v1, {}, &cache).ok());
    REQUIRE(scan_response(a, Format::graphbinary_v1, {}, &cache).ok());
    CHECK(cache.hits().messages == 1);
    auto sb = scan_response(b, Format::graphbinary_v1, {}, &cache);
    CHECK(cache.hits().messages == 1);
    REQUIRE(sb.ok());
    CHECK(sb.value().request_id == mb.header.request_id);
    CHECK(sb.value().result_count == 9);
}
