// The out-of-line entry point of detail/json_lexer.hpp: io::write_json_string (graphson.hpp), the
// same writer as the codecs' (one invalid-UTF-8 policy: detail/bytes.hpp).
#include <tpbench/io/graphson.hpp>

#include "detail/json_lexer.hpp"

namespace tpbench::io {

void write_json_string(std::string& out, std::string_view s) { detail::json::write_string(out, s); }

}  // namespace tpbench::io
