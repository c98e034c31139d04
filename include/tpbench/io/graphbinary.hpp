#pragma once
// GraphBinary 1.0 and 4.0 value codec (fully-qualified form). No Asio, no exceptions.
// Layouts: ../shared/spec/graphbinary-v1.md and http-protocol-4.0.md §10. The mapping of every
// type code to model::Value is documented at the top of src/io/detail/gb_tables.hpp.
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tpbench::io {

enum class GbVersion : std::uint8_t { v1, v4 };

// Limits that keep hostile input from costing memory or stack.
struct GbLimits {
    std::size_t max_depth = 64;  // nesting of compound values (clamped to 1000 internally)
    // Largest accepted byte length (String, Binary, BigInteger, …) or element count. A declared
    // length above it is errc::bad_length even when the input is incomplete.
    std::size_t max_length = std::size_t{1} << 28;
    // true: `in` holds everything there is, so a declared length/count that runs past the end is
    // errc::bad_length ("String length 2147483647 exceeds the 14 bytes left"). false (default, for
    // incremental callers): it is errc::truncated, and a retry with more bytes may succeed.
    // gb_decode always behaves as if this were true.
    bool complete_input = false;
};

// Appends the fully-qualified encoding of `v` to `out`. Never fails: values that the version
// cannot carry (e.g. Bytecode in 4.0) are written as the closest equivalent documented in
// graphbinary.cpp, and malformed model values (missing parts) are written with defaults.
void gb_write(std::string& out, const model::Value& v, GbVersion ver);

// Decodes one fully-qualified value starting at `pos`; on success advances `pos` past it (on
// failure `pos` is unchanged). errc::truncated means the input ended inside the value (an
// incremental caller may retry with more bytes); other codes mean the bytes are malformed:
// unknown_type, bad_length, too_deep, bad_utf8, bad_value. Error::offset is absolute in `in`.
Result<model::Value> gb_read(std::string_view in, std::size_t& pos, GbVersion ver,
                             const GbLimits& limits = {});

// Like gb_read but only validates and skips the value: no allocation (except for an error
// message). Returns the position just past the value. Accepts and rejects exactly what gb_read
// does, with the same error codes and offsets. Used on the benchmark path to count results.
Result<std::size_t> gb_skip(std::string_view in, std::size_t pos, GbVersion ver, const GbLimits& limits = {});

// Decodes exactly one value that must span the whole input (complete_input semantics; trailing
// bytes are errc::trailing_bytes).
Result<model::Value> gb_decode(std::string_view in, GbVersion ver, const GbLimits& limits = {});

// Low-level helpers shared by the envelope codecs (big-endian, value form).
namespace gb {
void put_u8(std::string& out, std::uint8_t v);
void put_i16(std::string& out, std::int16_t v);
void put_i32(std::string& out, std::int32_t v);
void put_i64(std::string& out, std::int64_t v);
void put_string_value(std::string& out, std::string_view s);  // Int length + UTF-8
}  // namespace gb

}  // namespace tpbench::io
