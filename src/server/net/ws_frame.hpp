#pragma once
// The server's WebSocket frame header (RFC 6455 §5.2: unmasked, FIN set), in one place for the
// gathered-write path (ws_session_impl.hpp) and the fault plan's raw frames (fault_plan.cpp).
#include <array>
#include <cstddef>
#include <cstdint>

namespace tpbench::server::detail {

// One unmasked server frame header (RFC 6455 §5.2) for `n` payload bytes into `h`; its size.
inline std::size_t put_server_frame_header(std::array<unsigned char, 10>& h, std::size_t n, bool binary) {
    h[0] = static_cast<unsigned char>(0x80 | (binary ? 0x2 : 0x1));
    if (n < 126) {
        h[1] = static_cast<unsigned char>(n);
        return 2;
    }
    if (n <= 0xffff) {
        h[1] = 126;
        h[2] = static_cast<unsigned char>(n >> 8);
        h[3] = static_cast<unsigned char>(n);
        return 4;
    }
    h[1] = 127;
    for (int i = 0; i < 8; ++i)
        h[2 + i] = static_cast<unsigned char>(static_cast<std::uint64_t>(n) >> (56 - 8 * i));
    return 10;
}

}  // namespace tpbench::server::detail
