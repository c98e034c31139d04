// HdrHistogram V2 encoding: ZigZag LEB128-64b9B counts, big-endian header, zlib, base64.
#include <tpbench/stats/hdr_codec.hpp>

#include <zlib.h>

#include <array>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace tpbench::stats {

namespace {

constexpr std::size_t kHeaderSize = 40;
constexpr std::uint32_t kCookieBaseMask = ~0xf0U;
constexpr std::uint32_t kV0CompressedBase = 0x1c849309;
constexpr std::uint32_t kV1CompressedBase = 0x1c849302;
constexpr std::uint32_t kV2EncodingBase = 0x1c849303;
constexpr std::uint32_t kV2CompressedBase = 0x1c849304;

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}
void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
    for (int s = 56; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}
void set_u32(std::vector<std::uint8_t>& out, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        out[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}
std::uint32_t get_u32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
std::uint64_t get_u64(const std::uint8_t* p) { return (std::uint64_t{get_u32(p)} << 32) | get_u32(p + 4); }

struct Header {
    std::int32_t payload_len;
    std::int32_t normalizing_offset;
    std::int32_t digits;
    std::int64_t lowest;
    std::int64_t highest;
    double ratio;
};

Expected<Header> parse_header(const std::uint8_t* p) {
    const std::uint32_t cookie = get_u32(p);
    if ((cookie & kCookieBaseMask) != kV2EncodingBase)
        return fail("not a V2 histogram encoding (cookie 0x" + [&] {
            char buf[16];
            std::snprintf(buf, sizeof buf, "%08x", cookie);
            return std::string(buf);
        }() + ")");
    Header h{};
    h.payload_len = static_cast<std::int32_t>(get_u32(p + 4));
    h.normalizing_offset = static_cast<std::int32_t>(get_u32(p + 8));
    h.digits = static_cast<std::int32_t>(get_u32(p + 12));
    h.lowest = static_cast<std::int64_t>(get_u64(p + 16));
    h.highest = static_cast<std::int64_t>(get_u64(p + 24));
    h.ratio = std::bit_cast<double>(get_u64(p + 32));
    if (h.payload_len < 0) return fail("negative V2 payload length");
    if (h.normalizing_offset != 0)
        return fail("V2 histograms with a normalizing index offset are not supported");
    const HistogramConfig cfg{h.lowest, h.highest, h.digits};
    if (!Histogram::valid_config(cfg))
        return fail("invalid histogram geometry in V2 header (lowest " + std::to_string(h.lowest) +
                    ", highest " + std::to_string(h.highest) + ", digits " + std::to_string(h.digits) + ")");
    return h;
}

// Builds the histogram for a validated header and checks the counts-array size bound.
Expected<Histogram> make_histogram(const Header& h) {
    Histogram hist{{h.lowest, h.highest, h.digits}};
    if (hist.counts_length() > kMaxDecodedCounts) return fail("V2 histogram counts array too large");
    if (static_cast<std::int64_t>(h.payload_len) > 9LL * hist.counts_length())
        return fail("V2 payload length larger than the counts array allows");
    return hist;
}

Expected<DecodedHistogram> apply_payload(const Header& hdr, Histogram hist,
                                         std::span<const std::uint8_t> payload) {
    std::size_t pos = 0;
    std::int64_t index = 0;
    const std::int64_t len = hist.counts_length();
    while (pos < payload.size()) {
        std::int64_t v = 0;
        if (!get_zigzag(payload, pos, v)) return fail("V2 payload truncated inside a count");
        if (v < 0) {
            // -n stands for n zero counts; INT64_MIN has no positive counterpart.
            if (v == INT64_MIN || -v > len - index)
                return fail("V2 zero run past the end of the counts array");
            index += -v;
        } else {
            if (index >= len) return fail("V2 count past the end of the counts array");
            if (v > 0 && !hist.add_count_at_index(static_cast<int>(index), v))
                return fail("V2 count rejected");
            ++index;
        }
    }
    return DecodedHistogram{std::move(hist), hdr.ratio};
}

}  // namespace

void put_zigzag(std::vector<std::uint8_t>& out, std::int64_t value) {
    auto v = (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
    for (int i = 0; i < 8; ++i) {
        if ((v >> 7) == 0) {
            out.push_back(static_cast<std::uint8_t>(v));
            return;
        }
        out.push_back(static_cast<std::uint8_t>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(v));  // 9th byte: the remaining 8 bits
}

bool get_zigzag(std::span<const std::uint8_t> in, std::size_t& pos, std::int64_t& value) noexcept {
    std::uint64_t v = 0;
    std::size_t p = pos;
    for (int i = 0; i < 9; ++i) {
        if (p >= in.size()) return false;
        const std::uint8_t b = in[p++];
        if (i == 8) {
            v |= static_cast<std::uint64_t>(b) << 56;
            break;
        }
        v |= static_cast<std::uint64_t>(b & 0x7f) << (7 * i);
        if ((b & 0x80) == 0) break;
    }
    pos = p;
    value = static_cast<std::int64_t>((v >> 1) ^ (~(v & 1) + 1));
    return true;
}

std::vector<std::uint8_t> encode_v2(const Histogram& h) {
    const auto& cfg = h.config();
    std::vector<std::uint8_t> out;
    out.reserve(kHeaderSize + 64);
    put_u32(out, kV2EncodingCookie);
    put_u32(out, 0);  // payload length, patched below
    put_u32(out, 0);  // normalizing index offset
    put_u32(out, static_cast<std::uint32_t>(cfg.significant_digits));
    put_u64(out, static_cast<std::uint64_t>(cfg.lowest_discernible));
    put_u64(out, static_cast<std::uint64_t>(cfg.highest_trackable));
    put_u64(out, std::bit_cast<std::uint64_t>(1.0));
    // Counts up to the max value's index (HdrHistogram fillBufferFromCountsArray).
    const int limit = h.count() == 0 ? 1 : h.counts_index_for(std::min(h.max(), cfg.highest_trackable)) + 1;
    int i = 0;
    while (i < limit) {
        const std::int64_t c = h.count_at_index(i++);
        std::int64_t zeros = 0;
        if (c == 0) {
            zeros = 1;
            while (i < limit && h.count_at_index(i) == 0) {
                ++zeros;
                ++i;
            }
        }
        put_zigzag(out, zeros > 1 ? -zeros : c);
    }
    set_u32(out, 4, static_cast<std::uint32_t>(out.size() - kHeaderSize));
    return out;
}

std::vector<std::uint8_t> encode_v2_compressed(const Histogram& h, int zlib_level) {
    const auto raw = encode_v2(h);
    uLongf dest_len = compressBound(static_cast<uLong>(raw.size()));
    std::vector<std::uint8_t> out(8 + dest_len);
    if (compress2(out.data() + 8, &dest_len, raw.data(), static_cast<uLong>(raw.size()), zlib_level) != Z_OK)
        throw std::runtime_error("zlib compress2 failed");
    out.resize(8 + dest_len);
    set_u32(out, 0, kV2CompressedCookie);
    set_u32(out, 4, static_cast<std::uint32_t>(dest_len));
    return out;
}

std::string encode_histogram_base64(const Histogram& h, int zlib_level) {
    return base64_encode(encode_v2_compressed(h, zlib_level));
}

Expected<DecodedHistogram> decode_v2(std::span<const std::uint8_t> in) {
    if (in.size() < kHeaderSize)
        return fail("V2 histogram truncated: header needs 40 bytes, got " + std::to_string(in.size()));
    auto hdr = parse_header(in.data());
    if (!hdr) return fail(hdr.error());
    if (in.size() - kHeaderSize < static_cast<std::size_t>(hdr->payload_len))
        return fail("V2 histogram truncated: payload needs " + std::to_string(hdr->payload_len) + " bytes");
    auto hist = make_histogram(*hdr);
    if (!hist) return fail(hist.error());
    return apply_payload(*hdr, std::move(hist.value()),
                         in.subspan(kHeaderSize, static_cast<std::size_t>(hdr->payload_len)));
}

Expected<DecodedHistogram> decode_v2_compressed(std::span<const std::uint8_t> in) {
    if (in.size() < 8) return fail("compressed histogram truncated: needs an 8-byte header");
    const std::uint32_t cookie = get_u32(in.data());
    const std::uint32_t base = cookie & kCookieBaseMask;
    if (base == kV0CompressedBase || base == kV1CompressedBase)
        return fail("V0/V1 compressed histograms are not supported (V2 only)");
    if (base != kV2CompressedBase) return fail("not a compressed V2 histogram (bad cookie)");
    const std::uint32_t clen = get_u32(in.data() + 4);
    if (clen > in.size() - 8) return fail("compressed histogram truncated: deflate length exceeds input");

    z_stream zs{};
    if (inflateInit(&zs) != Z_OK) return fail("zlib inflateInit failed");
    struct Guard {
        z_stream* z;
        ~Guard() { inflateEnd(z); }
    } guard{&zs};
    zs.next_in = const_cast<Bytef*>(in.data() + 8);
    zs.avail_in = clen;
    // Header first, so the payload buffer can be sized from validated fields only.
    std::array<std::uint8_t, kHeaderSize> head{};
    zs.next_out = head.data();
    zs.avail_out = kHeaderSize;
    while (zs.avail_out > 0) {
        const int rc = inflate(&zs, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) break;
        if (rc != Z_OK) return fail("corrupt deflate stream in compressed histogram");
        if (zs.avail_in == 0 && zs.avail_out > 0) break;
    }
    if (zs.avail_out != 0) return fail("compressed histogram truncated inside the V2 header");
    auto hdr = parse_header(head.data());
    if (!hdr) return fail(hdr.error());
    auto hist = make_histogram(*hdr);
    if (!hist) return fail(hist.error());
    std::vector<std::uint8_t> payload(static_cast<std::size_t>(hdr->payload_len));
    if (!payload.empty()) {
        zs.next_out = payload.data();
        zs.avail_out = static_cast<uInt>(payload.size());
        bool ended = false;
        for (;;) {
            const int rc = inflate(&zs, Z_NO_FLUSH);
            if (rc == Z_STREAM_END) {
                ended = true;
                break;
            }
            if (zs.avail_out == 0) break;
            if (rc != Z_OK) return fail("corrupt deflate stream in compressed histogram");
            if (zs.avail_in == 0) break;
        }
        // Older HdrHistogram_c encoders wrote header+payload size as the payload length; a
        // complete zlib stream that ends early is accepted with the bytes it holds.
        if (ended)
            payload.resize(payload.size() - zs.avail_out);
        else if (zs.avail_out != 0)
            return fail("compressed histogram truncated inside the V2 payload");
    }
    return apply_payload(*hdr, std::move(hist.value()), payload);
}

Expected<DecodedHistogram> decode_histogram_base64(std::string_view text) {
    auto bytes = base64_decode(text);
    if (!bytes) return fail(bytes.error());
    return decode_v2_compressed(*bytes);
}

std::string base64_encode(std::span<const std::uint8_t> in) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((in.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= in.size(); i += 3) {
        const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8) | in[i + 2];
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
        out += kAlphabet[v & 63];
    }
    const std::size_t rest = in.size() - i;
    if (rest == 1) {
        const std::uint32_t v = std::uint32_t{in[i]} << 16;
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += "==";
    } else if (rest == 2) {
        const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8);
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
        out += '=';
    }
    return out;
}

Expected<std::vector<std::uint8_t>> base64_decode(std::string_view in) {
    auto sextet = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    if (in.size() % 4 != 0)
        return fail("base64 length " + std::to_string(in.size()) + " is not a multiple of 4");
    std::vector<std::uint8_t> out;
    out.reserve(in.size() / 4 * 3);
    for (std::size_t i = 0; i < in.size(); i += 4) {
        int s[4];
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = in[i + static_cast<std::size_t>(k)];
            if (c == '=' && i + 4 == in.size() && k >= 2) {
                s[k] = 0;
                ++pad;
                continue;
            }
            if (pad > 0) return fail("base64 padding in the middle of a group");
            s[k] = sextet(c);
            if (s[k] < 0)
                return fail("bad base64 character at offset " +
                            std::to_string(i + static_cast<std::size_t>(k)));
        }
        const std::uint32_t v = (static_cast<std::uint32_t>(s[0]) << 18) |
                                (static_cast<std::uint32_t>(s[1]) << 12) |
                                (static_cast<std::uint32_t>(s[2]) << 6) | static_cast<std::uint32_t>(s[3]);
        out.push_back(static_cast<std::uint8_t>(v >> 16));
        if (pad < 2) out.push_back(static_cast<std::uint8_t>(v >> 8));
        if (pad < 1) out.push_back(static_cast<std::uint8_t>(v));
    }
    return out;
}

}  // namespace tpbench::stats
