#pragma once
// Bit-exact re-implementations of the few Java library behaviours ProfilingApplication's output and
// request mix depend on: java.util.Random (the seeded LCG behind the exercise mix),
// Double.toString (the time column), StringUtils.rightPad, Integer.parseInt and
// Boolean.parseBoolean (its key/value command line). Pure functions, no I/O, usable on any thread.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tpbench::engine {

// java.util.Random: the 48-bit linear congruential generator with Java's exact seeding, next(bits)
// and nextInt(bound) (including the rejection loop for non-power-of-two bounds). Not thread-safe;
// one instance is one sequence.
class JavaRandom {
public:
    // Same as `new java.util.Random(seed)`.
    explicit JavaRandom(std::int64_t seed) noexcept;
    // Random.next(bits) for 1 <= bits <= 32.
    std::int32_t next(int bits) noexcept;
    // Random.nextInt(bound). Throws std::invalid_argument when bound <= 0 (Java throws
    // IllegalArgumentException).
    std::int32_t next_int(std::int32_t bound);

private:
    std::uint64_t seed_;
};

// Double.toString(d) as specified since JDK 19 (shortest decimal that rounds to d; when that has
// one digit, the closest of the one- or two-digit candidates): "0.0", "-0.0", "NaN", "Infinity",
// plain notation with at least one fractional digit for 1e-3 <= |d| < 1e7 ("0.05625982837",
// "100.0"), otherwise computerized scientific notation ("1.0E7", "4.9E-324").
std::string java_double_to_string(double d);

// StringUtils.rightPad(s, size): s followed by spaces up to `size` characters; unchanged when
// already at least that long.
std::string right_pad(std::string_view s, std::size_t size);

// Integer.parseInt(s): optional sign then decimal digits, fitting in int32. nullopt where Java
// would throw NumberFormatException (empty, stray characters, overflow).
std::optional<std::int32_t> java_parse_int(std::string_view s) noexcept;

// Boolean.parseBoolean(s): true only for "true" ignoring case; everything else (including "yes",
// "1", "") is false.
bool java_parse_boolean(std::string_view s) noexcept;

}  // namespace tpbench::engine
