#pragma once
// The ws37 client protocol core: everything the 3.7 WebSocket client decides, with no socket, no
// Asio and no clock of its own (sans-io, Boost.MySQL / Boost.Redis shape). The I/O layer
// (backends/ws37/session.cpp) feeds it requests, completed writes and received messages, and
// carries out what it asks through ProtocolHooks:
//
//   requests in  → submit()        → frames out via next_write() / on_written()
//   messages in  → on_message()    → events out: on_finished(slot) (wake that request),
//                                    on_write_ready() (the writer has work), on_fatal() (drop)
//
// It owns the PendingTable (request slots, by requestId), the encoder with its template fast path
// (an identical request costs a memcpy + a 16-byte id patch), the per-slot result lists
// (Request::keep_results), and the SASL PLAIN state machine:
//   * lazy (the Java driver's way): the first request is sent; the server's 407 for it is answered
//     with op=authentication, processor "", same requestId, args {saslMechanism: "PLAIN", sasl:
//     base64(authzid NUL user NUL password)}; requests not yet sent wait until the server answers
//     the challenged request (success = any response other than 401/403 for it);
//   * eager (authenticate_now()): an authentication op is sent before any request; the server
//     stores it, challenges it with 407, the answer above follows, and a final response for it
//     other than 401/403 means authenticated (the stock server then answers the stored op itself).
//   A 401/403 while authenticating fails every pending request with errc::auth_failed ("SASL
//   authentication failed: <server message>") and is fatal for the connection (the Java server
//   keeps such a channel unusable) — no retry. The password is never part of any message.
//
// Responses with a requestId no request on this connection has (and not one abandoned earlier)
// are counted; every request that afterwards ends in error on this connection says so in its
// status_message, so timeouts caused by a server answering with the wrong
// ids explain themselves.
//
// Single-threaded: used only from the session's executor.
#include "backends/common/last_request.hpp"
#include "backends/ws37/frame.hpp"
#include "backends/ws37/pending_table.hpp"

#include <tpbench/engine/backend.hpp>
#include <tpbench/io/ws37.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::ws37 {

// Parses Target::serializer; throws std::invalid_argument on an unknown name.
io::ws37::Format parse_serializer(std::string_view name);

// What the protocol core asks of the I/O layer. Called synchronously from inside the core's
// methods; an implementation must not call back into the core from them.
class ProtocolHooks {
public:
    virtual ~ProtocolHooks() = default;
    // The request in `slot` finished (final response, error, connection failure): wake it.
    virtual void on_finished(std::size_t slot) = 0;
    // next_write() has something to send.
    virtual void on_write_ready() = 0;
    // The connection cannot be used any more (all requests were already failed): close it.
    virtual void on_fatal(errc e, std::string_view why) = 0;
};

class ClientProtocol {
public:
    using Clock = std::chrono::steady_clock;

    struct Sasl {
        std::string authzid;
        std::string user;
        std::string password;  // secret: never part of a message
    };
    struct Config {
        io::ws37::Format format = io::ws37::Format::graphbinary_v1;
        std::size_t capacity = 64;  // max requests in flight (>= 1)
        std::optional<Sasl> sasl;   // credentials, if any
        // The shortcuts (option memo; docs/backends.md "Shortcuts"): the request frame template,
        // the response memo and the count path's ScanCache. false = every request encoded, every
        // response scanned whole.
        bool memo = true;
    };
    enum class AuthState : std::uint8_t {
        none,           // no challenge seen, none pending
        challenged,     // authentication answer queued or sent; unsent requests wait
        authenticated,  // the server accepted the credentials
        failed,         // rejected (fatal)
    };

    // One frame the writer must send.
    struct Write {
        std::string_view frame;  // valid until on_written()
        std::size_t slot = 0;    // the request it belongs to
        bool auth = false;       // an authentication op (not the request's own frame)
    };

    ClientProtocol(Config cfg, ProtocolHooks& hooks, std::uint64_t seed);

    // ---- request side --------------------------------------------------------------------------
    // Encodes `req` with a fresh requestId and queues it; nullopt when every slot is in use.
    std::optional<std::size_t> submit(const engine::Request& req);
    // The request's deadline passed before it finished (see PendingTable::abandon).
    void abandon(std::size_t slot, Clock::time_point now);
    bool finished(std::size_t slot) const noexcept { return table_.finished(slot); }
    // Sets `out` to the finished request's outcome (results too) and frees the slot.
    void take_outcome(std::size_t slot, engine::Outcome& out);

    // ---- writer side ---------------------------------------------------------------------------
    // The next frame to send, or nullopt (nothing queued, or requests held during authentication).
    std::optional<Write> next_write();
    // The same, framed: appends the next frame to `out` as one masked binary WebSocket client
    // frame (mask key `mask`), copied and masked in one pass straight from the cached request
    // frame when the request is a repeat (its id patched in). The returned Write's `frame` is the
    // payload without that id (the bytes are in `out`). The session's writer appends to an
    // OutBuffer (no zero-fill before the frame is written); the string form is the same bytes.
    std::optional<Write> next_write_framed(std::string& out, std::uint32_t mask);
    std::optional<Write> next_write_framed(frame::OutBuffer& out, std::uint32_t mask);
    // The write of `w` ended; `bytes_out` = wire bytes it took. ok = false is fatal.
    void on_written(const Write& w, bool ok, Clock::time_point now, std::uint64_t bytes_out);

    // ---- reader side ---------------------------------------------------------------------------
    // One complete message payload (mime prefix included for GraphBinary). `wire` = its bytes on
    // the wire; `first_byte` = when its first byte arrived.
    void on_message(std::string_view payload, Clock::time_point first_byte, Clock::time_point now,
                    std::uint64_t wire);
    // The connection is gone: every unfinished request fails with `e` / `why`.
    void on_connection_lost(errc e, std::string_view why, Clock::time_point now);

    // ---- authentication ------------------------------------------------------------------------
    // Starts eager authentication (needs Config::sasl): queues the authentication op now.
    // Returns the slot that tracks it, nullopt when no slot is free. Its outcome is taken with
    // take_outcome() like a request's (error = auth_failed on rejection).
    std::optional<std::size_t> authenticate_now();
    AuthState auth_state() const noexcept { return auth_; }

    // ---- diagnostics ---------------------------------------------------------------------------
    std::uint64_t unknown_responses() const noexcept { return table_.unknown_responses(); }
    std::uint64_t late_responses() const noexcept { return table_.late_responses(); }
    // Responses counted through the response memo (ResponseMemo) instead of a scan.
    std::uint64_t memo_hits() const noexcept { return memo_.hits; }
    // Adds the shortcuts' hit counts ("memo.*") to `out`.
    void add_counters(engine::Counters& out) const;
    std::size_t in_flight() const noexcept { return table_.in_use(); }
    const PendingTable& table() const noexcept { return table_; }

private:
    struct EncodedTemplate {
        backends_detail::LastRequest key;  // the request `frame` encodes (backends/common)
        std::string frame;
        std::size_t id_offset = 0;
        bool id_is_text = false;  // GraphSON: 36-char text; GraphBinary: 16 raw bytes
    };
    struct SlotData {
        std::string frame;  // the encoded request frame (capacity reused), unless `templated`
        // The frame is template_.frame with this slot's request id; materialised into `frame`
        // (materialize_templated) before the template changes.
        bool templated = false;
        bool keep_results = false;
        std::vector<model::Value> results;  // materialised results when keep_results
    };

    // The last counted response, when it was a small success whose requestId lies in it as the
    // whole of its value (ResponseSummary::request_id_at: GraphBinary's 16 raw bytes, GraphSON's
    // 36-char plain string): a response with the same bytes outside the id (a repeated query
    // answered alike, e.g. `1+1`) and a valid id inside has the same summary but the id — those
    // bytes were validated when they were first scanned, and any 16 bytes, or any 36 characters
    // of a valid UUID (hex digits and dashes: no quote, no escape), leave the rest of the message
    // as it was — so it costs two memcmps (and a UUID parse for GraphSON) instead of a scan.
    struct ResponseMemo {
        static constexpr std::size_t kMax = 512;  // larger responses are not remembered
        io::ws37::Format format = io::ws37::Format::graphbinary_v1;
        bool valid = false;
        std::string bytes;                  // the remembered response
        std::size_t id_at = 0;              // where its requestId lies
        std::size_t id_len = 0;             // 16 raw bytes or 36 characters
        io::ws37::ResponseSummary summary;  // what scan_response said of it (request_id: the last)
        std::uint64_t hits = 0;
        // True when `payload` is the remembered response but for a valid requestId, which is
        // then set in `summary`.
        bool match(std::string_view payload) noexcept;
        void store(std::string_view payload, const io::ws37::ResponseSummary& s);
    };

    model::Uuid next_id() noexcept;
    // Encodes `req` for `d` (or marks it templated: a repeat of the cached request frame).
    void encode(const engine::Request& req, const model::Uuid& id, SlotData& d);
    void encode_auth(const model::Uuid& id, bool with_sasl, std::string& out);
    void enqueue(std::size_t slot) noexcept;
    void finish_slot(std::size_t slot) noexcept;
    void fail_everything(errc e, std::string_view why, Clock::time_point now);
    void on_challenge(std::size_t slot, Clock::time_point now);
    std::string with_unknown_note(std::string_view message) const;

    Config cfg_;
    ProtocolHooks& hooks_;
    PendingTable table_;
    std::vector<SlotData> slots_;
    std::vector<std::size_t> write_queue_;  // ring of slot indices
    std::size_t wq_head_ = 0;
    std::size_t wq_count_ = 0;
    EncodedTemplate template_;
    // The slot the next write is for (nullopt: nothing may go now); pops it off the write queue.
    std::optional<std::size_t> pop_write();
    // The request id of `slot` as it goes in template_.frame (16 raw bytes, or 36-char text in
    // `buf`).
    std::string_view template_id(std::size_t slot, char (&buf)[36]) const;
    // Gives a templated slot its own frame (template + its id).
    void materialize(std::size_t slot);
    // Gives every queued templated slot its own frame (the template is about to change).
    void materialize_templated();
    template <class Buffer>
    std::optional<Write> next_write_framed_to(Buffer& out, std::uint32_t mask);
    ResponseMemo memo_;
    io::ws37::ScanCache scan_cache_;  // the count path's memory (used when cfg_.memo)
    std::mt19937_64 rng_;
    std::vector<model::Value> scratch_items_;
    std::function<void(model::Value&&)> collect_;
    std::size_t keep_count_ = 0;  // in-flight requests that want materialised results

    AuthState auth_ = AuthState::none;
    std::optional<std::size_t> auth_slot_;  // the challenged (or eager) request
    bool auth_frame_queued_ = false;        // the authentication answer waits for the writer
    bool auth_eager_ = false;               // the slot is an eager authentication, not a request
    int auth_answers_ = 0;                  // challenges answered (PLAIN needs exactly one)
    std::string auth_frame_;
    model::Uuid last_unknown_{};
    std::int32_t last_unknown_code_ = 0;
    bool dead_ = false;
};

}  // namespace tpbench::ws37
