// The one GraphBinary cursor (src/io/detail/gb_cursor.hpp): the envelope reader (gbw::Reader,
// gb_wire.hpp) and the value codec (gb_read/gb_skip) read through the same ByteCursor, so a
// truncated field and invalid UTF-8 get the same texts in both layers, with absolute offsets; each
// layer keeps its own error model (the envelope reader does not move on an error).
#include "../../../src/io/detail/gb_wire.hpp"
#include "common/bytes.hpp"

#include <tpbench/io/graphbinary.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

using namespace tpbench;
using namespace tpbench::io;
using detail::gbw::Reader;
using test::unhex;

namespace {

// gb_read and gb_skip refuse `in` at `pos` with the same error; returns it.
std::optional<Error> read_error(const std::string& in, std::size_t pos) {
    std::size_t p = pos;
    auto r = gb_read(in, p, GbVersion::v1, GbLimits{});
    REQUIRE_FALSE(r);
    auto s = gb_skip(in, pos, GbVersion::v1, GbLimits{});
    REQUIRE_FALSE(s);
    CHECK(s.error().message == r.error().message);
    CHECK(s.error().offset == r.error().offset);
    return r.error();
}

// An envelope field's error: present, with this code, absolute offset and text.
void check(const std::optional<Error>& e, errc code, std::size_t offset, const std::string& message) {
    REQUIRE(e.has_value());
    CHECK(e->code == code);
    CHECK(e->offset == offset);
    CHECK(e->message == message);
}

}  // namespace

TEST_CASE("gb cursor: a truncated field has one text in the envelope reader and the value codec") {
    // Envelope: an Int field with 2 of its 4 bytes, after 1 byte of something else.
    const std::string env = unhex("00 00 01");
    Reader rd{env, 1};
    std::int32_t v = 0;
    check(rd.i32(v, "status code"), errc::truncated, 1, "truncated status code: needs 4 bytes, 2 left");
    CHECK(rd.pos == 1);

    // Value: an Int (type code 0x01, value_flag 0x00) with 2 of its 4 bytes, after 1 byte.
    const std::string val = unhex("ff 01 00 00 2a");
    check(read_error(val, 1), errc::truncated, 3, "truncated Int: needs 4 bytes, 2 left");
}

TEST_CASE("gb cursor: invalid UTF-8 has one text in the envelope reader and the value codec") {
    // Envelope: a String field, length 2, "\xc3\x28" (a lead byte without its continuation).
    const std::string env = unhex("00 00 00 02 c3 28");
    Reader rd{env, 0};
    std::string s;
    check(rd.string(s, "op String"), errc::bad_utf8, 4, "op String of 2 bytes is not valid UTF-8");
    CHECK(rd.pos == 0);

    // Value: a String value (0x03, 0x00) with the same bytes.
    const std::string val = unhex("03 00 00 00 00 02 c3 28");
    check(read_error(val, 0), errc::bad_utf8, 6, "String of 2 bytes is not valid UTF-8");
}

TEST_CASE("gb cursor: the envelope reader stays at a count or String it refuses") {
    const std::string neg = unhex("ff ff ff fe 00");
    Reader rd{neg, 0};
    std::int32_t n = 0;
    check(rd.count(n, "args count", 4), errc::bad_length, 0, "negative args count -2");
    CHECK(rd.pos == 0);

    const std::string big = unhex("00 00 00 02 00 00 00");
    rd = Reader{big, 0};
    check(rd.count(n, "fields count", 4), errc::bad_length, 0, "fields count 2 exceeds the 3 bytes left");
    CHECK(rd.pos == 0);

    const std::string cut = unhex("00 00 00 05 61 62");  // length 5, "ab"
    rd = Reader{cut, 0};
    std::string s;
    check(rd.string(s, "gremlin String"), errc::truncated, 0,
          "truncated gremlin String: needs 5 bytes, 2 left");
    CHECK(rd.pos == 0);

    // And a good field moves it past the field.
    const std::string ok = unhex("00 00 00 02 6f 6b");  // length 2, "ok"
    rd = Reader{ok, 0};
    REQUIRE_FALSE(rd.string(s, "op String").has_value());
    CHECK(s == "ok");
    CHECK(rd.pos == 6);
}
