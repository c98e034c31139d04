#include "backends/ws37/pending_table.hpp"

#include "backends/common/exception_name.hpp"

#include <algorithm>
#include <stdexcept>

namespace tpbench::ws37 {

errc classify_status(std::int32_t code, std::string_view exception) noexcept {
    if (code >= 200 && code < 300) return errc::ok;
    switch (code) {
        case 596:
            // SERVER_ERROR_TEMPORARY: the server ending the stream as it shuts down, or any
            // other temporary refusal (over a memory budget: server_error).
            return backends::names_exception(exception, "ServerShutdownException") ? errc::server_shutdown
                                                                                   : errc::server_error;
        case 429:
            return errc::server_rate_limited;
        case 498:
        case 499:
            return errc::server_bad_request;
        case 597:
            return errc::server_evaluation;
        case 598:
            return errc::server_timeout;
        case 599:
            return errc::server_serialization;
        default:
            return errc::server_error;
    }
}

PendingTable::PendingTable(std::size_t capacity, std::size_t late_memory) {
    if (capacity == 0) throw std::invalid_argument("ws37 pending table: capacity must be >= 1");
    entries_.resize(capacity);
    free_list_.reserve(capacity);
    // Pop from the back: slot 0 is handed out first.
    for (std::size_t i = capacity; i-- > 0;) free_list_.push_back(i);
    late_ids_.resize(late_memory == 0 ? 4 * capacity : late_memory);
}

std::optional<std::size_t> PendingTable::add(const model::Uuid& id) {
    if (free_list_.empty()) return std::nullopt;
    const std::size_t slot = free_list_.back();
    free_list_.pop_back();
    ++in_use_;
    Entry& e = entries_[slot];
    e.id = id;
    e.state = State::queued;
    e.with_writer = true;
    e.owner_gone = false;
    e.abandoned = false;
    e.error = errc::ok;
    // A fresh outcome, field by field: assigning a whole `Outcome{}` builds and destroys three
    // strings and a vector per request (docs/backends.md "Hot-path notes"). The owner
    // moves the outcome out (take_outcome), so nothing here allocates: a success's message is
    // empty.
    engine::Outcome& o = e.outcome;
    o.error.clear();
    o.status_code = 0;
    o.status_message.clear();
    o.sent = o.first_byte = o.first_result = o.done = Clock::time_point{};
    o.bytes_out = o.bytes_in = o.result_count = o.partial_responses = 0;
    o.reconnects = 0;
    if (!o.results.empty()) o.results.clear();
    if (!o.transaction_id.empty()) o.transaction_id.clear();
    return slot;
}

std::optional<std::size_t> PendingTable::add_stamped(model::Uuid& id) {
    if (free_list_.empty()) return std::nullopt;
    const std::size_t slot = free_list_.back();
    id[14] = static_cast<std::uint8_t>(slot >> 8);
    id[15] = static_cast<std::uint8_t>(slot);
    return add(id);
}

bool PendingTable::begin_write(std::size_t slot) {
    Entry& e = entries_[slot];
    if (e.state != State::queued || !e.with_writer) {
        e.with_writer = false;
        maybe_free(slot);
        return false;
    }
    return true;
}

void PendingTable::end_write(std::size_t slot, bool ok, Clock::time_point now, std::uint64_t bytes_out) {
    Entry& e = entries_[slot];
    e.with_writer = false;
    engine::Outcome& o = e.outcome;
    o.bytes_out = bytes_out;
    // The reader may already have seen responses (their completion ran before the write's):
    // the request was on the wire before its first response byte.
    o.sent = (o.first_byte != Clock::time_point{} && o.first_byte < now) ? o.first_byte : now;
    if (e.state == State::queued) {
        if (ok) {
            e.state = State::sent;
        } else {
            finish(e, errc::write_failed, 0, "request could not be written", now);
        }
    }
    maybe_free(slot);
}

std::optional<std::size_t> PendingTable::find_active(const model::Uuid& id) noexcept {
    // Consecutive messages usually belong to the same request (a stream of 206s): try it first.
    {
        const Entry& e = entries_[last_hit_];
        if ((e.state == State::queued || e.state == State::sent) && e.id == id) return last_hit_;
    }
    // Ids from add_stamped() name their slot.
    {
        const std::size_t hint = ((std::size_t{id[14]} << 8) | id[15]) % entries_.size();
        const Entry& e = entries_[hint];
        if ((e.state == State::queued || e.state == State::sent) && e.id == id) {
            last_hit_ = hint;
            return hint;
        }
    }
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        if ((e.state == State::queued || e.state == State::sent) && e.id == id) {
            last_hit_ = i;
            return i;
        }
    }
    return std::nullopt;
}

bool PendingTable::is_late(const model::Uuid& id) const noexcept {
    const std::size_t n = std::min(late_count_, late_ids_.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (late_ids_[i] == id) return true;
    }
    return false;
}

void PendingTable::finish(Entry& e, errc err, std::int32_t code, std::string_view message,
                          Clock::time_point now) {
    e.state = State::done;
    e.error = err;
    engine::Outcome& o = e.outcome;
    o.status_code = code;
    o.status_message.assign(message);
    o.done = now;
    if (o.first_result == Clock::time_point{}) o.first_result = now;
}

PendingTable::Dispatch PendingTable::on_response(const std::optional<model::Uuid>& id, std::int32_t code,
                                                 std::string_view message, std::uint64_t results,
                                                 std::uint64_t bytes_in, Clock::time_point first_byte,
                                                 Clock::time_point now, std::string_view exception) {
    Dispatch d;
    if (!id) {
        fail_all(classify_status(code, exception), message, now);
        d.kind = Dispatch::Kind::null_id;
        return d;
    }
    const auto slot = find_active(*id);
    if (!slot) {
        if (is_late(*id)) {
            ++late_;
            d.kind = Dispatch::Kind::late;
        } else {
            ++unknown_;
            d.kind = Dispatch::Kind::unknown;
        }
        return d;
    }
    Entry& e = entries_[*slot];
    d.slot = *slot;
    engine::Outcome& o = e.outcome;
    o.bytes_in += bytes_in;
    if (o.first_byte == Clock::time_point{}) o.first_byte = first_byte;
    if (results > 0 && o.first_result == Clock::time_point{}) o.first_result = now;
    o.result_count += results;
    if (code == 206) {
        ++o.partial_responses;
        d.kind = Dispatch::Kind::partial;
        return d;
    }
    if (code == 407) {
        // A SASL challenge: the entry goes on (the caller answers it or finishes it).
        d.kind = Dispatch::Kind::challenge;
        return d;
    }
    finish(e, classify_status(code, exception), code, message, now);
    d.kind = Dispatch::Kind::final;
    return d;
}

void PendingTable::finish_entry(std::size_t slot, errc err, std::int32_t code, std::string_view message,
                                Clock::time_point now) {
    Entry& e = entries_[slot];
    if (e.state == State::free) return;
    finish(e, err, code, message, now);
    maybe_free(slot);
}

std::size_t PendingTable::fail_all(errc err, std::string_view message, Clock::time_point now) {
    std::size_t n = 0;
    for (Entry& e : entries_) {
        if (e.state == State::queued || e.state == State::sent) {
            finish(e, err, 0, message, now);
            ++n;
        }
    }
    return n;
}

void PendingTable::abandon(std::size_t slot, Clock::time_point now) {
    Entry& e = entries_[slot];
    if (e.state == State::free) return;
    if (e.state != State::done) {
        finish(e, errc::timeout, 0, "client-side request deadline expired", now);
        e.abandoned = true;
        if (!late_ids_.empty()) {
            late_ids_[late_next_] = e.id;
            late_next_ = (late_next_ + 1) % late_ids_.size();
            ++late_count_;
        }
    }
    e.owner_gone = true;
    maybe_free(slot);
}

void PendingTable::release(std::size_t slot) {
    Entry& e = entries_[slot];
    if (e.state == State::free) return;
    // Leaving before the entry finished is an abandonment: late responses must still be dropped.
    if (e.state != State::done) {
        abandon(slot, Clock::now());
        return;
    }
    e.owner_gone = true;
    maybe_free(slot);
}

void PendingTable::maybe_free(std::size_t slot) noexcept {
    const Entry& e = entries_[slot];
    if (e.owner_gone && !e.with_writer && e.state == State::done) free_slot(slot);
}

void PendingTable::free_slot(std::size_t slot) noexcept {
    entries_[slot].state = State::free;
    entries_[slot].owner_gone = false;
    free_list_.push_back(slot);
    --in_use_;
}

}  // namespace tpbench::ws37
