#pragma once
// The ws37 client's WebSocket (RFC 6455, permessage-deflate RFC 7692), sans-io: no socket, no Asio,
// no clock of its own (Boost.Redis reader_fsm shape). The I/O layer (backends/ws37/session.cpp)
// is two short loops that carry out what these say:
//
//   WsReader  bytes in  → actions out: a whole message (fragments reassembled, compressed ones
//             inflated) for ClientProtocol::on_message, a ping to answer, the server's close, a
//             protocol error; it owns the read buffer (grown for a streaming peer), the fragment
//             being reassembled and the inflater.
//   WsWriter  ClientProtocol's ready requests → one batch of masked frames (each request deflated
//             into an RSV1 frame with permessage-deflate), the queued pongs first; it owns the
//             batch buffer, the mask generator and the deflater. Close frames too.
//
// Every per-connection cache of the WebSocket layer lives in these two objects. Single-threaded.
#include "backends/ws37/client_protocol.hpp"
#include "backends/ws37/deflate.hpp"
#include "backends/ws37/frame.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::ws37 {

class WsReader {
public:
    using Clock = std::chrono::steady_clock;

    // The read buffer starts at kReadStart bytes and the room offered to a read doubles, up to
    // kReadMax, whenever a read fills it (a result stream), so idle connections of a large pool
    // stay small. A frame larger than the buffer grows it (up to the message limit).
    static constexpr std::size_t kReadStart = 16 * 1024;
    static constexpr std::size_t kReadMax = 256 * 1024;

    struct Action {
        enum class Kind : std::uint8_t {
            read,     // nothing more in the bytes committed: read more
            message,  // a whole data message: payload, first, wire
            ping,     // answer with a pong carrying payload
            close,    // the server's close frame (payload: its status code and reason)
            error,    // the server broke the protocol (payload: why); the connection is unusable
        };
        Kind kind = Kind::read;
        std::string_view payload;   // valid until the next call into the reader
        Clock::time_point first{};  // message: when its first byte arrived
        Clock::time_point last{};   // message: when its last byte arrived (its read's commit)
        std::uint64_t wire = 0;     // message: its frames' bytes on the wire
    };

    // `max_message`: the largest message (and frame) accepted, inflated or not.
    explicit WsReader(std::size_t max_message);

    // permessage-deflate was negotiated: RSV1 marks compressed messages.
    void enable_deflate(bool server_no_context_takeover);

    // Where the next read goes ([data, data + size)): compacted, grown when a frame needs it.
    struct Room {
        char* data;
        std::size_t size;
    };
    Room read_buffer();
    // `n` bytes were read into read_buffer() at `now`; `ratio` = wire bytes per byte of them (TLS
    // records cost more than their plaintext; 1 otherwise).
    void commit(std::size_t n, Clock::time_point now, double ratio = 1.0);
    // read_buffer() + copy + commit() for bytes that are already in memory (the bytes that came with
    // the 101 response; tests).
    void feed(std::string_view bytes, Clock::time_point now);

    // The next action for the bytes committed so far. After `close` or `error` the reader is done:
    // it answers `error` again (the connection must end).
    Action next();

    bool buffered() const noexcept { return begin_ < end_; }

private:
    Action fail(std::string why);
    // Inflates one frame of a compressed message into frag_.
    bool inflate(std::string_view payload, bool last);

    std::size_t max_message_;
    std::string buf_;  // [begin_, end_) not yet decoded
    std::size_t begin_ = 0, end_ = 0;
    std::size_t need_ = 0;  // bytes the frame at begin_ needs in all (0 = unknown)
    std::size_t room_wanted_ = kReadStart / 2;
    std::size_t offered_ = 0;  // the room the last read_buffer() offered
    Clock::time_point first_{}, now_{};
    double ratio_ = 1.0;
    std::string frag_;  // a fragmented (or an inflated) message being reassembled
    bool in_fragments_ = false;
    bool frag_compressed_ = false;
    Clock::time_point frag_first_{};
    std::uint64_t frag_wire_ = 0;
    std::unique_ptr<pmd::Inflater> inflater_;  // permessage-deflate, else null
    std::string error_;
    bool done_ = false;
};

class WsWriter {
public:
    // One write carries every ready request frame up to kMaxBatch bytes (a larger frame goes alone).
    static constexpr std::size_t kMaxBatch = 256 * 1024;

    struct Batched {
        ClientProtocol::Write w;
        std::size_t bytes;  // its frame's bytes in the batch
    };

    // `seed`: the mask generator's (never 0 after mixing).
    explicit WsWriter(std::uint64_t seed);

    // permessage-deflate was negotiated and requests may be compressed (client_max_window_bits >= 9).
    void enable_deflate(int client_max_window_bits, bool client_no_context_takeover);

    // A pong echoing a ping's payload, sent at the front of the next batch.
    void queue_pong(std::string_view payload);
    // Starts a new batch: the queued pongs, then every frame `proto` has ready (next_write_framed,
    // or next_write + deflate), up to kMaxBatch bytes. False when there is nothing to send.
    bool fill(ClientProtocol& proto);
    std::string_view bytes() const noexcept { return out_.view(); }
    const std::vector<Batched>& batch() const noexcept { return batch_; }

    // A close frame carrying `payload` (a status code, or the server's echoed).
    std::string close_frame(std::string_view payload);

    std::uint32_t next_mask() noexcept {
        // xorshift64*: an unpredictable-enough, allocation-free mask key per frame.
        mask_ ^= mask_ >> 12;
        mask_ ^= mask_ << 25;
        mask_ ^= mask_ >> 27;
        return static_cast<std::uint32_t>((mask_ * 2685821657736338717ULL) >> 32);
    }

private:
    std::uint64_t mask_;
    frame::OutBuffer out_;  // the batch (storage reused, never zero-filled)
    std::vector<Batched> batch_;
    std::string control_;                      // pong frames waiting for the next batch
    std::unique_ptr<pmd::Deflater> deflater_;  // permessage-deflate for requests, else null
    std::string zbuf_;                         // a compressed request payload
};

}  // namespace tpbench::ws37
