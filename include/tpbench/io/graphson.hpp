#pragma once
// GraphSON 3.0 and 4.0 value codec (typed with @type/@value, and untyped). No Asio, no exceptions.
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace tpbench::io {

enum class GsVersion : std::uint8_t { v3, v4 };

struct GsOptions {
    GsVersion version = GsVersion::v3;
    bool typed = true;             // false = ";types=false" rendering
    std::size_t max_depth = 64;    // nesting limit when reading
};

// Appends the GraphSON text of `v` (compact, no whitespace).
void gs_write(std::string& out, const model::Value& v, const GsOptions& opt);

// Parses one GraphSON value from JSON text (the whole input; surrounding whitespace allowed).
// Typed input maps @type names to model types; untyped JSON maps integers to Long (or Int when
// `opt.version` rules say so), reals to Double, objects to Map, arrays to List.
Result<model::Value> gs_read(std::string_view json, const GsOptions& opt);

}  // namespace tpbench::io
