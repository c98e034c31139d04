#pragma once
// Private text conversions of the GraphSON codec: java.time ISO-8601 text <-> model temporal fields,
// java.time.Duration text, decimal <-> two's-complement big numbers (BigInteger/BigDecimal), base64
// and InetAddress text. Parsers return false on malformed or out-of-range input (the caller reports
// errc::bad_value); formatters follow the java.time / java.math toString rules so that values
// written by Java re-encode to the same text. Not a public header.
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::io::gs_detail {

// Longest digit string accepted for a BigInteger/BigDecimal (keeps conversions cheap).
inline constexpr std::size_t max_big_digits = 4096;

// ISO text of one java.time kind -> fields in the model::TemporalKind layout. `zone` receives the
// bracketed region id of a ZonedDateTime ("" if none).
bool parse_temporal(model::TemporalKind kind, std::string_view text, std::vector<model::Value>& fields,
                    std::string& zone);
// Appends the ISO text of a Type::temporal value (java.time toString rules; zone id from str()).
void format_temporal(std::string& out, const model::Value& v);

// java.time.Duration ISO text ("PT120H", "PT-2M-3S", "P2DT3H4M") <-> seconds + nanos (0..999999999).
bool parse_duration(std::string_view text, std::int64_t& seconds, std::int32_t& nanos);
void format_duration(std::string& out, std::int64_t seconds, std::int32_t nanos);

// Decimal integer text ("-123", no sign '+') -> minimal two's-complement big-endian bytes.
bool decimal_to_twos(std::string_view text, std::string& out);
// Two's-complement big-endian bytes (empty = 0) -> decimal text with '-' when negative.
void twos_to_decimal(std::string_view bytes, std::string& out);
// JSON number text -> java.math.BigDecimal(String) scale and unscaled two's-complement bytes.
bool parse_big_decimal(std::string_view text, std::int32_t& scale, std::string& unscaled);
// Appends BigDecimal.toString() of (unscaled, scale).
void format_big_decimal(std::string& out, std::int32_t scale, std::string_view unscaled);

void base64_encode(std::string& out, std::string_view bytes);
bool base64_decode(std::string_view text, std::string& out);

// "127.0.0.1" / IPv6 text (with "::" compression) -> 4 or 16 bytes; formatted as Java's
// InetAddress.getHostAddress() does (IPv6 uncompressed, lower-case hex).
bool parse_inet(std::string_view text, std::string& out);
void format_inet(std::string& out, std::string_view bytes);

}  // namespace tpbench::io::gs_detail
