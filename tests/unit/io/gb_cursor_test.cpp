// The one GraphBinary cursor (src/io/detail/gb_cursor.hpp): the envelope reader (gbw::Reader,
// gb_wire.hpp) and the value codec (gb_read/gb_skip) read through the same ByteCursor, so a
// truncated field and invalid UTF-8 get the same texts in both layers, with absolute offsets; each
// layer keeps its own error model (the envelope reader does not move on an error).
#include "../../../src/io/detail/gb_wire.hpp"

#include <tpbench/io/graphbinary.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

using namespace tpbench;
using namespace tpbench::io;
using detail::gbw::Reader;

namespace {

std::string bytes(std::initializer_list<unsigned> b) {
    std::string s;
    for (const unsigned x : b) s.push_back(static_cast<char>(x));
    return s;
}

Error read_error(const std::string& in, std::size_t pos) {
    std::size_t p = pos;
    auto r = gb_read(in, p, GbVersion::v1, GbLimits{});
    REQUIRE_FALSE(r);
    auto s = gb_skip(in, pos, GbVersion::v1, GbLimits{});
    REQUIRE_FALSE(s);
    CHECK(s.error().message == r.error().message);
    CHECK(s.error().offset == r.error().offset);
    return r.error();
}

}  // namespace

TEST_CASE("gb cursor: a truncated field has one text in the envelope reader and the value codec") {
    // Envelope: an Int field with 2 of its 4 bytes, after 1 byte of something else.
    const std::string env = bytes({0x00, 0x00, 0x01});
    Reader rd{env, 1};
    std::int32_t v = 0;
    const std::optional<Error> e = rd.i32(v, "status code");
    REQUIRE(e.has_value());
    CHECK(e->code == errc::truncated);
    CHECK(e->offset == 1);
    CHECK(e->message == "truncated status code: needs 4 bytes, 2 left");
    CHECK(rd.pos == 1);

    // Value: an Int (type code 0x01, value_flag 0x00) with 2 of its 4 bytes, after 1 byte.
    const std::string val = bytes({0xff, 0x01, 0x00, 0x00, 0x2a});
    const Error ve = read_error(val, 1);
    CHECK(ve.code == errc::truncated);
    CHECK(ve.offset == 3);
    CHECK(ve.message == "truncated Int: needs 4 bytes, 2 left");
}

TEST_CASE("gb cursor: invalid UTF-8 has one text in the envelope reader and the value codec") {
    // Envelope: a String field, length 2, "\xc3\x28" (a lead byte without its continuation).
    const std::string env = bytes({0x00, 0x00, 0x00, 0x02, 0xc3, 0x28});
    Reader rd{env, 0};
    std::string s;
    const std::optional<Error> e = rd.string(s, "op String");
    REQUIRE(e.has_value());
    CHECK(e->code == errc::bad_utf8);
    CHECK(e->offset == 4);
    CHECK(e->message == "op String of 2 bytes is not valid UTF-8");
    CHECK(rd.pos == 0);

    // Value: a String value (0x03, 0x00) with the same bytes.
    const std::string val = bytes({0x03, 0x00, 0x00, 0x00, 0x00, 0x02, 0xc3, 0x28});
    const Error ve = read_error(val, 0);
    CHECK(ve.code == errc::bad_utf8);
    CHECK(ve.offset == 6);
    CHECK(ve.message == "String of 2 bytes is not valid UTF-8");
}

TEST_CASE("gb cursor: the envelope reader stays at a count or String it refuses") {
    const std::string neg = bytes({0xff, 0xff, 0xff, 0xfe, 0x00});
    Reader rd{neg, 0};
    std::int32_t n = 0;
    std::optional<Error> e = rd.count(n, "args count", 4);
    REQUIRE(e.has_value());
    CHECK(e->code == errc::bad_length);
    CHECK(e->offset == 0);
    CHECK(e->message == "negative args count -2");
    CHECK(rd.pos == 0);

    const std::string big = bytes({0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00});
    rd = Reader{big, 0};
    e = rd.count(n, "fields count", 4);
    REQUIRE(e.has_value());
    CHECK(e->code == errc::bad_length);
    CHECK(e->message == "fields count 2 exceeds the 3 bytes left");
    CHECK(rd.pos == 0);

    const std::string cut = bytes({0x00, 0x00, 0x00, 0x05, 'a', 'b'});
    rd = Reader{cut, 0};
    std::string s;
    e = rd.string(s, "gremlin String");
    REQUIRE(e.has_value());
    CHECK(e->code == errc::truncated);
    CHECK(e->offset == 0);
    CHECK(e->message == "truncated gremlin String: needs 5 bytes, 2 left");
    CHECK(rd.pos == 0);

    // And a good field moves it past the field.
    const std::string ok = bytes({0x00, 0x00, 0x00, 0x02, 'o', 'k'});
    rd = Reader{ok, 0};
    REQUIRE_FALSE(rd.string(s, "op String").has_value());
    CHECK(s == "ok");
    CHECK(rd.pos == 6);
}
