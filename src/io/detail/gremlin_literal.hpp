#pragma once
// Private gremlin-lang literal codec of the http4 request bodies: the 4.0 "parameters" String is a
// gremlin-lang map literal ([name: 'marko', age: 29, ids: [1L, 2L]]). Not a public header.
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <string>
#include <string_view>

namespace tpbench::io::http4_detail {

// Parses a whole gremlin-lang literal (a map, list, string, number, boolean or null); errors carry
// the offset of the offending character and a "parameters: " message.
Result<model::Value> parse_gremlin_literal(std::string_view s);
// Renders a value as a gremlin-lang literal (the inverse of parse_gremlin_literal).
void write_gremlin_literal(std::string& out, const model::Value& v);
// Java's Double.toString-compatible shortest text of a finite double ("%.17g", ".0" appended to
// integral values).
std::string double_text(double d);

}  // namespace tpbench::io::http4_detail
