#pragma once
// Private constants and helpers shared by the http4 request and response codecs
// (http4_request.cpp, http4_response.cpp). Not a public header.
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/result.hpp>

#include <cstddef>
#include <string_view>

namespace tpbench::io::http4_detail {

inline constexpr std::string_view kMimeGb4 = "application/vnd.graphbinary-v4.0";
inline constexpr std::string_view kMimeJson = "application/json";
inline constexpr std::string_view kMimeGs4 = "application/vnd.gremlin-v4.0+json";
inline constexpr std::string_view kMimeGs4Untyped = "application/vnd.gremlin-v4.0+json;types=false";

// Error texts of the real server's 400 bodies (§3.3).
inline constexpr std::string_view kNoGremlin = "no gremlin script supplied";
inline constexpr std::string_view kBindingsNotMap = "bindings must be a Map";
inline constexpr std::string_view kNotParsed = "body could not be parsed";

inline GsOptions gs4(bool typed) {
    GsOptions o;
    o.version = GsVersion::v4;
    o.typed = typed;
    return o;
}

inline Error rebase(Error e, std::size_t base) {
    e.offset += base;
    return e;
}

}  // namespace tpbench::io::http4_detail
