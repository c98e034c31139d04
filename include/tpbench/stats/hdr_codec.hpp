#pragma once
// HdrHistogram V2 histogram encoding ("HISTF..." strings in interval logs), interchangeable with
// HdrHistogram (Java AbstractHistogram.encodeIntoCompressedByteBuffer) and HdrHistogram_c
// (hdr_encode_compressed / hdr_decode_compressed).
//
// Uncompressed V2 layout (big-endian): int32 cookie 0x1c849313, int32 payload length,
// int32 normalizing index offset (always 0 here), int32 significant digits, int64 lowest
// discernible value, int64 highest trackable value, float64 integer-to-double conversion ratio,
// then the counts array up to the max value's index as ZigZag LEB128-64b9B varints where a
// negative value -n stands for n consecutive zero counts (Java writes a single zero as 0).
// Compressed: int32 cookie 0x1c849314, int32 deflate length, zlib stream of the above.
//
// All functions are pure; decoders never throw and bound every allocation by the input size and
// by kMaxDecodedCounts.
#include <tpbench/stats/expected.hpp>
#include <tpbench/stats/histogram.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::stats {

inline constexpr std::uint32_t kV2EncodingCookie = 0x1c849313;    // V2 base 0x1c849303 | word size 1
inline constexpr std::uint32_t kV2CompressedCookie = 0x1c849314;  // V2 base 0x1c849304 | word size 1
// Decoders refuse histograms whose counts array would exceed this many entries (32 MiB).
inline constexpr int kMaxDecodedCounts = 1 << 22;

// A decoded histogram plus the header fields tpbench does not model.
struct DecodedHistogram {
    Histogram histogram;
    double conversion_ratio = 1.0;  // integerToDoubleValueConversionRatio from the header
};

// Appends `value` as ZigZag LEB128-64b9B (1..9 bytes; the 9th byte carries 8 bits).
void put_zigzag(std::vector<std::uint8_t>& out, std::int64_t value);
// Reads one ZigZag LEB128-64b9B value at `pos`, advancing it. False (pos unchanged) when the
// input ends inside the value.
bool get_zigzag(std::span<const std::uint8_t> in, std::size_t& pos, std::int64_t& value) noexcept;

// Uncompressed V2 encoding of h (header + ZigZag counts).
std::vector<std::uint8_t> encode_v2(const Histogram& h);
// Compressed V2 encoding; zlib_level as for zlib (-1 = default 6, which HdrHistogram_c uses;
// 9 = what HdrHistogram's HistogramLogWriter uses). Throws std::runtime_error only if zlib fails
// to allocate.
std::vector<std::uint8_t> encode_v2_compressed(const Histogram& h, int zlib_level = 9);
// Base64 of the compressed V2 encoding: the "HISTF..." string of an interval log line.
std::string encode_histogram_base64(const Histogram& h, int zlib_level = 9);

// Decodes an uncompressed V2 encoding. Errors: bad cookie, truncated header/payload, invalid
// geometry, counts past the array, non-zero normalizing offset (unsupported).
Expected<DecodedHistogram> decode_v2(std::span<const std::uint8_t> in);
// Decodes a compressed V2 encoding (V0/V1 cookies are reported as unsupported).
Expected<DecodedHistogram> decode_v2_compressed(std::span<const std::uint8_t> in);
// Decodes a base64 "HISTF..." string.
Expected<DecodedHistogram> decode_histogram_base64(std::string_view text);

// Standard base64 (RFC 4648, with padding).
std::string base64_encode(std::span<const std::uint8_t> in);
// Decodes standard base64; ignores no characters (whitespace is an error). Error on bad length,
// bad character or bad padding.
Expected<std::vector<std::uint8_t>> base64_decode(std::string_view in);

}  // namespace tpbench::stats
