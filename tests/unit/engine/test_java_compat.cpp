#include <tpbench/profiling/java_compat.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

using namespace tpbench::engine;

TEST_CASE("JavaRandom(0).nextInt(9) matches the 40 indices Java produces") {
    const std::vector<int> expected = {6, 7, 4, 2, 8, 2, 8, 3, 6, 2, 5, 8, 2, 1, 8, 5, 4, 6, 5, 2,
                                       4, 0, 2, 5, 8, 1, 6, 7, 0, 8, 2, 2, 5, 2, 5, 2, 6, 2, 4, 6};
    JavaRandom r(0);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(i);
        CHECK(r.next_int(9) == expected[i]);
    }
}

TEST_CASE("JavaRandom next(32) and power-of-two bounds") {
    JavaRandom r(0);
    CHECK(r.next(32) == -1155484576);  // new Random(0).nextInt()
    JavaRandom a(0), b(0);
    // nextInt(16) takes the high bits of next(31): (16 * next(31)) >> 31.
    for (int i = 0; i < 100; ++i) CHECK(a.next_int(16) == (b.next(31) >> 27));
    CHECK_THROWS_AS(r.next_int(0), std::invalid_argument);
    CHECK_THROWS_AS(r.next_int(-3), std::invalid_argument);
}

TEST_CASE("JavaRandom nextInt stays in range for large non-power-of-two bounds (rejection loop)") {
    JavaRandom r(12345);
    const std::int32_t bound = (1 << 30) + 1;  // rejection happens often near the top
    for (int i = 0; i < 10000; ++i) {
        const auto v = r.next_int(bound);
        REQUIRE(v >= 0);
        REQUIRE(v < bound);
    }
}

TEST_CASE("java_double_to_string follows Double.toString") {
    CHECK(java_double_to_string(0.05625982837) == "0.05625982837");
    CHECK(java_double_to_string(1.234567891) == "1.234567891");
    CHECK(java_double_to_string(0.82311) == "0.82311");
    CHECK(java_double_to_string(1.0) == "1.0");
    CHECK(java_double_to_string(100.0) == "100.0");
    CHECK(java_double_to_string(3.844317) == "3.844317");
    CHECK(java_double_to_string(0.1 + 0.2) == "0.30000000000000004");
    CHECK(java_double_to_string(0.001) == "0.001");
    CHECK(java_double_to_string(0.0009) == "9.0E-4");
    CHECK(java_double_to_string(1.0e-4) == "1.0E-4");
    CHECK(java_double_to_string(1.5e-5) == "1.5E-5");
    CHECK(java_double_to_string(9999999.0) == "9999999.0");
    CHECK(java_double_to_string(1.0e7) == "1.0E7");
    CHECK(java_double_to_string(123456789.0) == "1.23456789E8");
    CHECK(java_double_to_string(-1.5) == "-1.5");
    CHECK(java_double_to_string(0.0) == "0.0");
    CHECK(java_double_to_string(-0.0) == "-0.0");
    CHECK(java_double_to_string(std::numeric_limits<double>::quiet_NaN()) == "NaN");
    CHECK(java_double_to_string(std::numeric_limits<double>::infinity()) == "Infinity");
    CHECK(java_double_to_string(-std::numeric_limits<double>::infinity()) == "-Infinity");
    CHECK(java_double_to_string(std::numeric_limits<double>::max()) == "1.7976931348623157E308");
    // JDK 19+: one-digit shortest, but a closer two-digit decimal exists.
    CHECK(java_double_to_string(std::numeric_limits<double>::denorm_min()) == "4.9E-324");
    CHECK(java_double_to_string(2e23) == "2.0E23");
    CHECK(java_double_to_string(1234.5) == "1234.5");
    CHECK(java_double_to_string(20.0) == "20.0");
}

TEST_CASE("right_pad pads with spaces, never truncates") {
    CHECK(right_pad("[test-1]", 10) == "[test-1]  ");
    CHECK(right_pad("[warmup-10]", 10) == "[warmup-10]");
    CHECK(right_pad("", 3) == "   ");
}

TEST_CASE("java_parse_int follows Integer.parseInt") {
    CHECK(java_parse_int("42") == 42);
    CHECK(java_parse_int("-7") == -7);
    CHECK(java_parse_int("+7") == 7);
    CHECK(java_parse_int("2147483647") == 2147483647);
    CHECK(java_parse_int("-2147483648") == std::numeric_limits<std::int32_t>::min());
    CHECK_FALSE(java_parse_int("2147483648"));
    CHECK_FALSE(java_parse_int("99999999999999999999"));
    CHECK_FALSE(java_parse_int(""));
    CHECK_FALSE(java_parse_int("-"));
    CHECK_FALSE(java_parse_int("1.0"));
    CHECK_FALSE(java_parse_int(" 1"));
    CHECK_FALSE(java_parse_int("0x10"));
}

TEST_CASE("java_parse_boolean follows Boolean.parseBoolean") {
    CHECK(java_parse_boolean("true"));
    CHECK(java_parse_boolean("TRUE"));
    CHECK(java_parse_boolean("tRuE"));
    CHECK_FALSE(java_parse_boolean("yes"));
    CHECK_FALSE(java_parse_boolean("1"));
    CHECK_FALSE(java_parse_boolean(""));
    CHECK_FALSE(java_parse_boolean("true "));
    CHECK_FALSE(java_parse_boolean("false"));
}
