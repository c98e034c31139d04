#pragma once
// RFC 6455 framing for the ws37 client (no Asio, no allocation): after its opening handshake the
// session speaks frames itself, so that it can coalesce every ready request frame into one write
// (gather-write) and decode every complete server frame of one large read (docs/backends.md).
//
//   append_client_frame()  appends one masked client frame (FIN set, no fragmentation; RSV1 for
//                          a compressed message when the opcode carries frame::rsv1);
//   parse_server_header()  decodes one server frame header and checks what a client must refuse:
//                          a masked server frame, reserved bits no extension negotiated (RSV1 is
//                          allowed on the first frame of a data message with permessage-deflate),
//                          unknown opcodes, fragmented or oversized control frames, a 64-bit
//                          length with its top bit set, a payload above the message limit.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tpbench::ws37::frame {

enum Opcode : std::uint8_t { continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10 };
// RSV1 in the first header byte: or-ed into append_client_frame's opcode, the first frame of a
// permessage-deflate compressed message (RFC 7692 §6).
constexpr std::uint8_t rsv1 = 0x40;

// Header bytes of a client frame carrying `n` payload bytes (mask key included).
constexpr std::size_t client_header_size(std::size_t n) noexcept {
    return 2 + (n < 126 ? 0 : (n <= 0xffff ? 2 : 8)) + 4;
}

// Copies `n` bytes from `src` to `dst` XORed with the mask `key`, the first byte at mask phase
// `phase` (0..3): one pass, 16 bytes per step (SSE2), then 8, then single bytes.
inline void copy_masked(char* dst, const char* src, std::size_t n, const unsigned char key[4],
                        unsigned phase = 0) noexcept {
    const unsigned char k0 = key[phase & 3], k1 = key[(phase + 1) & 3], k2 = key[(phase + 2) & 3],
                        k3 = key[(phase + 3) & 3];
    const unsigned char kb[8] = {k0, k1, k2, k3, k0, k1, k2, k3};
    std::uint64_t k8;
    std::memcpy(&k8, kb, 8);  // (steps of 16 and 8 keep the phase: multiples of 4)
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i k16 = _mm_set1_epi64x(static_cast<long long>(k8));
    for (; i + 16 <= n; i += 16) {
        __m128i v;
        std::memcpy(&v, src + i, 16);
        v = _mm_xor_si128(v, k16);
        std::memcpy(dst + i, &v, 16);
    }
#endif
    for (; i + 8 <= n; i += 8) {
        std::uint64_t v;
        std::memcpy(&v, src + i, 8);
        v ^= k8;
        std::memcpy(dst + i, &v, 8);
    }
    for (; i < n; ++i) dst[i] = static_cast<char>(src[i] ^ kb[i & 3]);
}

// The writer's batch of outgoing frames: bytes whose storage only grows, so appending a frame
// does not first zero-fill the room it is about to overwrite (std::string::resize does).
// clear() keeps the storage.
class OutBuffer {
public:
    // `n` more bytes at the end (contents unspecified until written); valid until the next call.
    char* grow(std::size_t n) {
        if (n > buf_.size() - size_) buf_.resize(size_ + n > 2 * buf_.size() ? size_ + n : 2 * buf_.size());
        char* p = buf_.data() + size_;
        size_ += n;
        return p;
    }
    void append(std::string_view s) {
        if (!s.empty()) std::memcpy(grow(s.size()), s.data(), s.size());
    }
    void clear() noexcept { size_ = 0; }
    bool empty() const noexcept { return size_ == 0; }
    std::size_t size() const noexcept { return size_; }
    const char* data() const noexcept { return buf_.data(); }
    std::string_view view() const noexcept { return {buf_.data(), size_}; }

private:
    std::string buf_;  // size() = the storage; [0, size_) holds the frames
    std::size_t size_ = 0;
};

// `n` more bytes at the end of `out`, returned for writing.
inline char* append_room(std::string& out, std::size_t n) {
    const std::size_t at = out.size();
    out.resize(at + n);
    return out.data() + at;
}
inline char* append_room(OutBuffer& out, std::size_t n) { return out.grow(n); }

// Appends one complete (FIN) client frame to `out` (a std::string or an OutBuffer): header, mask
// key `mask`, masked payload — the payload copied and masked in one pass. With `patch`, the
// payload is `payload` with `patch` written over it at `patch_at` (patch_at + patch.size() <=
// payload.size()): e.g. a cached request frame with this request's id. The buffer's capacity is
// reused; nothing else allocates.
template <class Buffer>
void append_client_frame(Buffer& out, std::uint8_t opcode, std::string_view payload, std::uint32_t mask,
                         std::size_t patch_at = 0, std::string_view patch = {}) {
    const std::size_t n = payload.size();
    char* const base = append_room(out, client_header_size(n) + n);
    auto* h = reinterpret_cast<unsigned char*>(base);
    std::size_t o = 0;
    h[o++] = static_cast<unsigned char>(0x80 | (opcode & (rsv1 | 0x0f)));
    if (n < 126) {
        h[o++] = static_cast<unsigned char>(0x80 | n);
    } else if (n <= 0xffff) {
        h[o++] = 0x80 | 126;
        h[o++] = static_cast<unsigned char>(n >> 8);
        h[o++] = static_cast<unsigned char>(n);
    } else {
        h[o++] = 0x80 | 127;
        for (int s = 56; s >= 0; s -= 8)
            h[o++] = static_cast<unsigned char>(static_cast<std::uint64_t>(n) >> s);
    }
    unsigned char key[4] = {static_cast<unsigned char>(mask >> 24), static_cast<unsigned char>(mask >> 16),
                            static_cast<unsigned char>(mask >> 8), static_cast<unsigned char>(mask)};
    std::memcpy(h + o, key, 4);
    o += 4;
    char* body = base + o;
    copy_masked(body, payload.data(), n, key);
    if (!patch.empty()) copy_masked(body + patch_at, patch.data(), patch.size(), key, patch_at & 3);
}

struct Header {
    bool fin = false;
    bool rsv1 = false;  // a compressed message (only when parse_server_header allowed it)
    std::uint8_t opcode = 0;
    std::size_t header_size = 0;  // bytes before the payload
    std::uint64_t length = 0;     // payload bytes
};

enum class Parse : std::uint8_t { ok, need_more, error };

// Decodes the header at [p, p+n). On error, `why` names the violation. `deflate`:
// permessage-deflate was negotiated, so RSV1 may mark a text or binary frame (the first frame of a
// message; the caller knows whether it is one).
inline Parse parse_server_header(const unsigned char* p, std::size_t n, std::uint64_t max_payload, Header& h,
                                 const char*& why, bool deflate = false) noexcept {
    if (n < 2) return Parse::need_more;
    h.fin = (p[0] & 0x80) != 0;
    h.rsv1 = (p[0] & rsv1) != 0;
    h.opcode = p[0] & 0x0f;
    if (p[0] & (deflate ? 0x30 : 0x70)) {
        why = deflate ? "RSV2 or RSV3 set on a frame (no extension negotiated them)"
                      : "reserved bits set on a frame (no extension was negotiated)";
        return Parse::error;
    }
    if (h.rsv1 && h.opcode != text && h.opcode != binary) {
        why = "RSV1 set on a continuation or control frame";
        return Parse::error;
    }
    if (p[1] & 0x80) {
        why = "masked frame from the server";
        return Parse::error;
    }
    const bool control = (h.opcode & 0x08) != 0;
    if (!(h.opcode <= binary || h.opcode == close || h.opcode == ping || h.opcode == pong)) {
        why = "unknown WebSocket opcode";
        return Parse::error;
    }
    std::uint64_t len = p[1] & 0x7f;
    std::size_t hs = 2;
    if (len == 126) {
        if (n < 4) return Parse::need_more;
        len = (std::uint64_t{p[2]} << 8) | p[3];
        hs = 4;
        if (len < 126) {  // RFC 6455 §5.2: the minimal number of bytes MUST be used
            why = "frame length not in its minimal encoding (16-bit form for under 126 bytes)";
            return Parse::error;
        }
    } else if (len == 127) {
        if (n < 10) return Parse::need_more;
        len = 0;
        for (int i = 0; i < 8; ++i) len = (len << 8) | p[2 + i];
        hs = 10;
        if (len >> 63) {
            why = "frame length with the most significant bit set";
            return Parse::error;
        }
        if (len <= 0xffff) {  // RFC 6455 §5.2: the minimal number of bytes MUST be used
            why = "frame length not in its minimal encoding (64-bit form for under 65536 bytes)";
            return Parse::error;
        }
    }
    if (control && (!h.fin || len > 125)) {
        why = "fragmented or oversized control frame";
        return Parse::error;
    }
    if (len > max_payload) {
        why = "message too big";
        return Parse::error;
    }
    h.header_size = hs;
    h.length = len;
    return Parse::ok;
}

// Wire size of one unmasked server frame carrying `n` payload bytes (RFC 6455 §5.2).
constexpr std::uint64_t server_frame_bytes(std::uint64_t n) noexcept {
    return n + 2 + (n < 126 ? 0 : (n <= 0xffff ? 2 : 8));
}

}  // namespace tpbench::ws37::frame
