#pragma once
// permessage-deflate (RFC 7692) for the ws37 client, pure (zlib only, no Asio): the offer the
// upgrade request makes, the parameters the server's 101 response settles, and one inflater and
// one deflater per connection. A compressed message is raw deflate (windowBits -15) ending in a
// sync flush whose 00 00 FF FF tail is stripped on the wire: the inflater appends it back at the
// end of each message, the deflater strips it. With context takeover (the default) the sliding
// window carries over from one message to the next; *_no_context_takeover resets it per message.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace tpbench::ws37::pmd {

// What the client offers. Beast's own offer adds server_max_window_bits=15, which Netty's default
// handshaker (Gremlin Server's WebSocketServerCompressionHandler) refuses, silently disabling
// compression; this one is accepted by Netty and by Beast (`tpbench serve`).
inline constexpr std::string_view kOffer = "permessage-deflate; client_max_window_bits";

struct Params {
    bool server_no_context_takeover = false;
    bool client_no_context_takeover = false;
    int server_max_window_bits = 15;
    int client_max_window_bits = 15;
};

// Reads the Sec-WebSocket-Extensions value of the 101 response to kOffer. Sets `accepted` (an
// empty value: the server declined, the connection is uncompressed) and `p`. False, with `why`,
// for what the client must refuse: another extension, permessage-deflate twice, an unknown,
// repeated or malformed parameter, a window size outside 8..15.
bool negotiate(std::string_view header, bool& accepted, Params& p, std::string& why);

class Inflater {
public:
    // `reset_each_message`: the server resets its context per message (server_no_context_takeover).
    explicit Inflater(bool reset_each_message);
    ~Inflater();
    Inflater(const Inflater&) = delete;
    Inflater& operator=(const Inflater&) = delete;

    // Inflates one frame's payload of a compressed message, appending to `out`; `last` = the
    // message's final frame (the tail is appended, and the context reset if asked). False, with
    // `why`, for corrupt data or more than `max` bytes in `out`; the connection is then unusable.
    bool feed(std::string_view in, bool last, std::string& out, std::size_t max, std::string& why);

private:
    bool run(const unsigned char* in, std::size_t n, std::string& out, std::size_t max, std::string& why);
    struct Impl;
    std::unique_ptr<Impl> impl_;
    bool reset_;
};

class Deflater {
public:
    // `window_bits`: client_max_window_bits (9..15; zlib has no raw deflate with 8);
    // `reset_each_message`: client_no_context_takeover.
    Deflater(int window_bits, bool reset_each_message);
    ~Deflater();
    Deflater(const Deflater&) = delete;
    Deflater& operator=(const Deflater&) = delete;

    // Sets `out` to the compressed payload of the message `in` (tail stripped).
    void compress(std::string_view in, std::string& out);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    bool reset_;
};

}  // namespace tpbench::ws37::pmd
