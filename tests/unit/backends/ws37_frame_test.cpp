// The ws37 fast path's RFC 6455 framing (backends/ws37/frame.hpp): client frames are masked and
// decode back to their payload at every length class; server headers that a client must refuse
// are refused; a header split at every byte asks for more.
#include "backends/ws37/frame.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace frame = tpbench::ws37::frame;

namespace {

// Unmasks a client frame the way a server does; returns the payload.
std::string server_side_decode(const std::string& f, std::uint8_t& opcode) {
    const auto* p = reinterpret_cast<const unsigned char*>(f.data());
    REQUIRE(f.size() >= 6);
    CHECK((p[0] & 0x80) != 0);  // FIN
    opcode = p[0] & 0x0f;
    REQUIRE((p[1] & 0x80) != 0);  // masked
    std::uint64_t len = p[1] & 0x7f;
    std::size_t o = 2;
    if (len == 126) {
        len = (std::uint64_t{p[2]} << 8) | p[3];
        o = 4;
    } else if (len == 127) {
        len = 0;
        for (int i = 0; i < 8; ++i) len = (len << 8) | p[2 + i];
        o = 10;
    }
    const unsigned char* key = p + o;
    o += 4;
    REQUIRE(f.size() == o + len);
    std::string out(f.substr(o));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<char>(out[i] ^ key[i & 3]);
    return out;
}

std::string server_frame(std::uint8_t b0, std::uint64_t len) {
    std::string h;
    h.push_back(static_cast<char>(b0));
    if (len < 126) {
        h.push_back(static_cast<char>(len));
    } else if (len <= 0xffff) {
        h.push_back(126);
        h.push_back(static_cast<char>(len >> 8));
        h.push_back(static_cast<char>(len));
    } else {
        h.push_back(127);
        for (int s = 56; s >= 0; s -= 8) h.push_back(static_cast<char>(len >> s));
    }
    return h;
}

}  // namespace

TEST_CASE("ws37 frame: client frames are masked and carry their payload at every length class") {
    for (std::size_t n : {0u, 1u, 7u, 8u, 125u, 126u, 127u, 65535u, 65536u, 200000u}) {
        CAPTURE(n);
        std::string payload(n, '\0');
        for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<char>(i * 31 + 7);
        std::string out = "prefix";
        frame::append_client_frame(out, frame::binary, payload, 0xa1b2c3d4u + static_cast<std::uint32_t>(n));
        CHECK(out.substr(0, 6) == "prefix");
        const std::string f = out.substr(6);
        CHECK(f.size() == frame::client_header_size(n) + n);
        std::uint8_t op = 0;
        CHECK(server_side_decode(f, op) == payload);
        CHECK(op == frame::binary);
    }
}

TEST_CASE("ws37 frame: several frames gathered into one buffer decode one after another") {
    std::string out;
    frame::append_client_frame(out, frame::binary, "first", 1);
    frame::append_client_frame(out, frame::pong, "", 2);
    frame::append_client_frame(out, frame::binary, std::string(300, 'x'), 3);
    std::uint8_t op = 0;
    const std::size_t a = frame::client_header_size(5) + 5, b = frame::client_header_size(0);
    CHECK(server_side_decode(out.substr(0, a), op) == "first");
    CHECK(server_side_decode(out.substr(a, b), op).empty());
    CHECK(op == frame::pong);
    CHECK(server_side_decode(out.substr(a + b), op) == std::string(300, 'x'));
}

TEST_CASE("ws37 frame: an OutBuffer holds the same frames as a string, also after clear() over older bytes") {
    frame::OutBuffer buf;
    CHECK(buf.empty());
    for (int round = 0; round < 3; ++round) {
        CAPTURE(round);
        // Round 0 grows the storage; rounds 1 and 2 write over the bytes of the round before.
        std::string expect;
        buf.clear();
        CHECK(buf.size() == 0);
        const std::string pong = "ping-" + std::to_string(round);
        buf.append(pong);
        expect += pong;
        for (std::size_t n : {5u, 0u, 300u, 70000u, 17u}) {
            std::string payload(n, '\0');
            for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<char>(i * 13 + 5 + round);
            const auto mask =
                0x01020304u * static_cast<std::uint32_t>(round + 1) + static_cast<std::uint32_t>(n);
            const std::size_t patch_at = n > 40 ? 3 : 0;
            const std::string_view patch = n > 40 ? std::string_view("PATCHED-ID") : std::string_view();
            frame::append_client_frame(buf, frame::binary, payload, mask, patch_at, patch);
            frame::append_client_frame(expect, frame::binary, payload, mask, patch_at, patch);
        }
        CHECK(buf.size() == expect.size());
        CHECK(buf.view() == expect);
        CHECK(std::string_view(buf.data(), buf.size()) == expect);
        // The first frame after the pong text decodes to its payload.
        std::uint8_t op = 0;
        const std::size_t a = frame::client_header_size(5) + 5;
        std::string p5(5, '\0');
        for (std::size_t i = 0; i < 5; ++i) p5[i] = static_cast<char>(i * 13 + 5 + round);
        CHECK(server_side_decode(std::string(buf.view().substr(pong.size(), a)), op) == p5);
    }
}

TEST_CASE("ws37 frame: server headers are decoded, split headers ask for more, violations are refused") {
    frame::Header h;
    const char* why = nullptr;
    for (std::uint64_t len : {0ull, 125ull, 126ull, 65535ull, 65536ull, 5000000ull}) {
        CAPTURE(len);
        const std::string s = server_frame(0x82, len);
        const auto* p = reinterpret_cast<const unsigned char*>(s.data());
        for (std::size_t cut = 0; cut < s.size(); ++cut)
            CHECK(frame::parse_server_header(p, cut, 1ull << 24, h, why) == frame::Parse::need_more);
        REQUIRE(frame::parse_server_header(p, s.size(), 1ull << 24, h, why) == frame::Parse::ok);
        CHECK(h.fin);
        CHECK(h.opcode == frame::binary);
        CHECK(h.length == len);
        CHECK(h.header_size == s.size());
        CHECK(frame::server_frame_bytes(len) == s.size() + len);
    }
    auto refused = [&](const std::string& s, std::uint64_t max = 1ull << 24) {
        const auto* p = reinterpret_cast<const unsigned char*>(s.data());
        why = nullptr;
        const bool r = frame::parse_server_header(p, s.size(), max, h, why) == frame::Parse::error;
        return r && why != nullptr;
    };
    CHECK(refused(server_frame(0xf2, 3)));                   // RSV bits without an extension
    CHECK(refused(std::string("\x82\x83", 2)));              // masked server frame
    CHECK(refused(server_frame(0x83, 3)));                   // reserved opcode
    CHECK(refused(server_frame(0x09, 3)));                   // fragmented ping
    CHECK(refused(server_frame(0x89, 126)));                 // oversized control frame
    CHECK(refused(server_frame(0x82, 1ull << 63)));          // 64-bit length with the top bit
    CHECK(refused(server_frame(0x82, 70000), 65536));        // above the message limit
    CHECK_FALSE(refused(server_frame(0x02, 70000), 70000));  // a fragment within it is fine
    // Lengths not in their minimal encoding (RFC 6455 §5.2; serve --fault corrupt=length sends one)
    CHECK(refused(std::string("\x82\x7e\x00\x7d", 4)));                           // 16-bit form for 125
    CHECK(refused(std::string("\x82\x7f\x00\x00\x00\x00\x00\x00\xff\xff", 10)));  // 64-bit for 65535
    CHECK_FALSE(refused(std::string("\x82\x7e\x00\x7e", 4)));                     // 126 in 16 bits is fine
    CHECK_FALSE(refused(std::string("\x82\x7f\x00\x00\x00\x00\x00\x01\x00\x00", 10)));
}

TEST_CASE("ws37 frame: RSV1 with permessage-deflate: on data frames only; RSV2/RSV3 never") {
    frame::Header h;
    const char* why = nullptr;
    auto parse = [&](std::uint8_t b0, bool deflate) {
        const std::string s = server_frame(b0, 3);
        why = nullptr;
        return frame::parse_server_header(reinterpret_cast<const unsigned char*>(s.data()), s.size(),
                                          1ull << 24, h, why, deflate);
    };
    CHECK(parse(0xc2, true) == frame::Parse::ok);  // FIN + RSV1 + binary
    CHECK(h.rsv1);
    CHECK(h.opcode == frame::binary);
    CHECK(parse(0x41, true) == frame::Parse::ok);  // RSV1 + text, not FIN: a first fragment
    CHECK(h.rsv1);
    CHECK_FALSE(h.fin);
    CHECK(parse(0x82, true) == frame::Parse::ok);  // an uncompressed message
    CHECK_FALSE(h.rsv1);
    CHECK(parse(0xc2, false) == frame::Parse::error);  // not negotiated
    CHECK(parse(0xc0, true) == frame::Parse::error);   // on a continuation
    CHECK(std::string(why).find("RSV1") != std::string::npos);
    CHECK(parse(0xc9, true) == frame::Parse::error);  // on a ping
    CHECK(parse(0xa2, true) == frame::Parse::error);  // RSV2
    CHECK(parse(0x92, true) == frame::Parse::error);  // RSV3
    // The client side: RSV1 or-ed into the opcode sets the bit, masked as ever.
    std::string out;
    frame::append_client_frame(out, frame::binary | frame::rsv1, "abc", 0x01020304u);
    CHECK(static_cast<unsigned char>(out[0]) == 0xc2);
    std::uint8_t op = 0;
    CHECK(server_side_decode(out, op) == "abc");
}

TEST_CASE(
    "ws37 frame: copy_masked masks in one pass at every phase and length; a patched frame carries the "
    "patch") {
    const unsigned char key[4] = {0x12, 0x9a, 0xe5, 0x3c};
    for (std::size_t n = 0; n <= 40; ++n) {
        std::string src(n, '\0');
        for (std::size_t i = 0; i < n; ++i) src[i] = static_cast<char>(i * 37 + 11);
        for (unsigned phase = 0; phase < 4; ++phase) {
            std::string dst(n + 1, 'z');  // one byte past the end must stay untouched
            frame::copy_masked(dst.data(), src.data(), n, key, phase);
            for (std::size_t i = 0; i < n; ++i)
                REQUIRE(static_cast<unsigned char>(dst[i]) ==
                        (static_cast<unsigned char>(src[i]) ^ key[(phase + i) & 3]));
            CHECK(dst[n] == 'z');
        }
    }
    // A cached payload with an id written over it, at every offset, for raw (16) and text (36) ids.
    std::string payload(100, '\0');
    for (std::size_t i = 0; i < payload.size(); ++i) payload[i] = static_cast<char>(i * 13 + 5);
    for (std::size_t len : {std::size_t{16}, std::size_t{36}}) {
        std::string id(len, '\0');
        for (std::size_t i = 0; i < len; ++i) id[i] = static_cast<char>(0xf0 - i);
        for (std::size_t at = 0; at + len <= payload.size(); ++at) {
            std::string out = "x";
            frame::append_client_frame(out, frame::binary, payload,
                                       0x01020304u + static_cast<std::uint32_t>(at), at, id);
            std::string want = payload;
            want.replace(at, len, id);
            std::uint8_t op = 0;
            REQUIRE(server_side_decode(out.substr(1), op) == want);
        }
    }
}
