#pragma once
// GraphBinary 1.0 and 4.0 value codec (fully-qualified form). No Asio, no exceptions.
// Layouts: ../shared/spec/graphbinary-v1.md and http-protocol-4.0.md §10.
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
    std::size_t max_depth = 64;  // nesting of compound values
};

// Appends the fully-qualified encoding of `v` to `out`. Values that the version cannot carry
// (e.g. Bytecode in 4.0) are written as the closest equivalent documented in graphbinary.cpp.
void gb_write(std::string& out, const model::Value& v, GbVersion ver);

// Decodes one fully-qualified value starting at `pos`; on success advances `pos` past it.
// errc::truncated means the input ended inside the value (an incremental caller may retry with
// more bytes); other codes mean the bytes are malformed.
Result<model::Value> gb_read(std::string_view in, std::size_t& pos, GbVersion ver,
                             const GbLimits& limits = {});

// Like gb_read but only validates and skips the value: no allocation. Used on the benchmark path
// to count results without materialising them.
Result<std::size_t> gb_skip(std::string_view in, std::size_t pos, GbVersion ver,
                            const GbLimits& limits = {});

// Decodes exactly one value that must span the whole input (trailing bytes are an error).
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
