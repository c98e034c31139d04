#pragma once
// The ws37 pending-request table: a pure state machine (no Asio, no I/O) that tracks the requests
// multiplexed on one WebSocket connection (Boost.Redis multiplexer shape). The session owns one
// table per connection; its reader coroutine feeds it every decoded response header, its writer
// coroutine reports writes, and each request coroutine waits on its own signal until its entry is
// finished. The table decides which request a response belongs to, accumulates the per-request
// counters and classifies the final status.
//
// Slot life cycle:  free -> queued -> (writing) -> sent -> done -> free
//   * add()        reserves a slot (queued) for a request id;
//   * begin_write/end_write bracket the writer's frame write. From add() until the writer is done
//     with it (written, or skipped by begin_write) a slot belongs to the writer's queue and is
//     never reused, even if its request was abandoned meanwhile — so the writer's queue can never
//     hold more entries than the table has slots;
//   * on_response() routes 206 partials and the final message by request id, and reports a 407
//                  challenge without finishing the entry;
//   * fail_all()   finishes every active entry with one error (connection loss, null request id);
//   * abandon()    finishes an entry with errc::timeout and remembers its id so late responses are
//                  recognised and dropped;
//   * release()    hands the slot back once the request coroutine copied its outcome.
// Single-threaded: used only from the session's executor.
#include <tpbench/engine/request.hpp>
#include <tpbench/model/error.hpp>
#include <tpbench/model/value.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::ws37 {

// Maps a 3.7 ResponseMessage status code to the benchmark's error bucket: 2xx -> ok,
// 429 -> server_rate_limited, 498/499 -> server_bad_request, 597 -> server_evaluation,
// 598 -> server_timeout, 599 -> server_serialization, 596 whose first status-attribute exception
// (`exception`, simple or qualified name) is ServerShutdownException -> server_shutdown (the
// final response tpbench serve's graceful shutdown ends a stream with, before its close 1001),
// any other code >= 300 (or < 200) -> server_error. 206 and 407 are not final and are never
// passed here by the session.
errc classify_status(std::int32_t code, std::string_view exception = {}) noexcept;

class PendingTable {
public:
    using Clock = engine::Clock;

    enum class State : std::uint8_t {
        free,    // unused
        queued,  // reserved, waiting for (or in) the writer
        sent,    // frame written; waiting for responses
        done,    // final response, error or abandonment recorded
    };

    // One slot: the table's bookkeeping plus the request's Outcome as far as the table knows it
    // (status, times, bytes, counts), which the session takes as a whole. The outcome's error stays
    // empty here: `error` holds the table's classification until the session takes the outcome.
    struct Entry {
        model::Uuid id{};
        State state = State::free;
        bool with_writer = false;  // in the writer's queue or being written (set by add())
        bool owner_gone = false;   // the request coroutine left (released or abandoned)
        bool abandoned = false;    // finished by abandon() (timeout)
        errc error = errc::ok;
        engine::Outcome outcome;
    };

    // Where on_response() routed a message.
    struct Dispatch {
        enum class Kind : std::uint8_t {
            partial,    // 206 (or another non-final code) for an active request
            final,      // final message: the entry is now done
            late,       // for a request abandoned earlier (dropped)
            unknown,    // for no request this connection knows (dropped)
            null_id,    // requestId null: every active request was failed (see fail_all)
            challenge,  // 407 (SASL challenge) for an active request: not finished; the caller
                        // answers it or finishes the entry (finish_entry)
        };
        Kind kind = Kind::unknown;
        std::size_t slot = 0;  // valid for partial and final
    };

    // `capacity` = max requests in flight (maxInProcessPerConnection, >= 1); `late_memory` = how
    // many abandoned request ids are remembered to classify late responses (0 = 4 x capacity).
    explicit PendingTable(std::size_t capacity, std::size_t late_memory = 0);

    std::size_t capacity() const noexcept { return entries_.size(); }
    // Slots not free (active requests plus slots still held by an in-progress write).
    std::size_t in_use() const noexcept { return in_use_; }

    // Reserves a slot for a new request id (state queued, handed to the writer: the caller must
    // enqueue it). nullopt when all slots are in use.
    std::optional<std::size_t> add(const model::Uuid& id);
    // add() for an id the caller still may shape: the slot index is stamped into its last two
    // bytes (the other 14 stay as they are), so on_response() finds the entry of an id without
    // scanning the table. The stamped id is what the caller must send.
    std::optional<std::size_t> add_stamped(model::Uuid& id);

    // Writer side, for each slot it pops. begin_write returns false — the writer skips the slot,
    // which is thereby handed back (and freed if its owner left) — unless the slot is queued,
    // i.e. when its request was already finished (abandoned / failed) before its turn.
    bool begin_write(std::size_t slot);
    // Ends the write begun by begin_write. ok=false finishes the entry with errc::write_failed
    // (unless already done). Frees the slot if its owner already left.
    void end_write(std::size_t slot, bool ok, Clock::time_point now, std::uint64_t bytes_out);

    // Reader side: one decoded response message. `first_byte` = when its first byte arrived,
    // `now` = when it was fully decoded; `results` = results it carried (bulks expanded).
    // A null id fails every active entry with classify_status(code) (the Java driver's rule).
    // `exception`: the first exception the status attributes name (classify_status).
    Dispatch on_response(const std::optional<model::Uuid>& id, std::int32_t code, std::string_view message,
                         std::uint64_t results, std::uint64_t bytes_in, Clock::time_point first_byte,
                         Clock::time_point now, std::string_view exception = {});

    // Finishes one entry that is not free with `e` (status code and message kept for the outcome);
    // an entry already done is overwritten (the caller knows better, e.g. after authentication).
    void finish_entry(std::size_t slot, errc e, std::int32_t code, std::string_view message,
                      Clock::time_point now);
    // Adds wire bytes written on behalf of the entry (e.g. the answer to its SASL challenge).
    void add_bytes_out(std::size_t slot, std::uint64_t n) noexcept { entries_[slot].outcome.bytes_out += n; }

    // Finishes every entry that is not done yet with `e` (message kept for the outcome).
    // Returns how many entries it finished.
    std::size_t fail_all(errc e, std::string_view message, Clock::time_point now);

    // Request side: the deadline passed before the entry finished. Marks it done with
    // errc::timeout, remembers its id as late and gives the slot up (freed now, or when the
    // in-progress write ends). No effect on an entry already done except giving the slot up.
    void abandon(std::size_t slot, Clock::time_point now);
    // Request side: the outcome of a done entry was copied; gives the slot up. On an entry not
    // done yet it acts as abandon().
    void release(std::size_t slot);

    bool finished(std::size_t slot) const noexcept { return entries_[slot].state == State::done; }
    const Entry& entry(std::size_t slot) const noexcept { return entries_[slot]; }
    // The outcome of a done entry, for the owner to move out before release() (add() resets it).
    engine::Outcome& outcome_of(std::size_t slot) noexcept { return entries_[slot].outcome; }

    // Counters for diagnostics.
    std::uint64_t late_responses() const noexcept { return late_; }
    std::uint64_t unknown_responses() const noexcept { return unknown_; }

private:
    void free_slot(std::size_t slot) noexcept;
    void maybe_free(std::size_t slot) noexcept;
    std::optional<std::size_t> find_active(const model::Uuid& id) noexcept;
    bool is_late(const model::Uuid& id) const noexcept;
    void finish(Entry& e, errc err, std::int32_t code, std::string_view message, Clock::time_point now);

    std::vector<Entry> entries_;
    std::vector<std::size_t> free_list_;
    std::size_t in_use_ = 0;
    std::size_t last_hit_ = 0;
    std::vector<model::Uuid> late_ids_;  // ring buffer
    std::size_t late_next_ = 0;
    std::size_t late_count_ = 0;
    std::uint64_t late_ = 0;
    std::uint64_t unknown_ = 0;
};

}  // namespace tpbench::ws37
