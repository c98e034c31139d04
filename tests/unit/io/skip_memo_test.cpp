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
    for (int round = 0; round < 2; ++round) {
        auto s = scan_response(frame, Format::graphbinary_v1, {});
        REQUIRE(s.ok());
        CHECK(s.value().result_count == 64);
    }
    std::string bad = frame;
    corrupt_last(bad);
    CHECK_FALSE(scan_response(bad, Format::graphbinary_v1, {}).ok());
}
