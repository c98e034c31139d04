#pragma once
// The key of every backend's "reuse the last encoded request" cache (ws37's frame template, the
// http3 request, the http4 body): the fields of the last encoded engine::Request that reach the
// wire. A request for which same() holds encodes to the same bytes, but for a fresh request id,
// so the backend may reuse (and patch) its last encoding. deadline and keep_results never reach
// the wire and are not compared. A backend that does not send a field still compares it: that
// only costs a re-encoding, never a stale one. Pure (no Asio, no I/O).
#include <tpbench/engine/backend.hpp>

#include <cstdint>

namespace tpbench::backends_detail {

class LastRequest {
public:
    // True when a request is remembered and `r` equals it in every field that reaches the wire
    // (counted in hits()).
    bool same(const engine::Request& r) {
        const bool s = valid_ && equal(r);
        hits_ += s ? 1 : 0;
        return s;
    }
    // Remembers `r` as the last encoded request (the strings keep their capacity); nothing once
    // disable() was called.
    void remember(const engine::Request& r) {
        if (!enabled_) return;
        last_.gremlin = r.gremlin;
        last_.bindings = r.bindings;
        last_.bytecode = r.bytecode;
        last_.language = r.language;
        last_.batch_size = r.batch_size;
        last_.server_timeout_ms = r.server_timeout_ms;
        last_.materialize_tokens = r.materialize_tokens;
        last_.session = r.session;
        last_.tx_begin = r.tx_begin;
        valid_ = true;
    }
    // Nothing is remembered: the next same() is false (e.g. the encoding rules changed).
    void forget() noexcept { valid_ = false; }
    // Option memo=off: nothing is ever remembered, every request is encoded.
    void disable() noexcept {
        enabled_ = false;
        valid_ = false;
    }
    // Requests whose encoding was reused (same() held).
    std::uint64_t hits() const noexcept { return hits_; }

private:
    bool equal(const engine::Request& r) const {
        return r.batch_size == last_.batch_size && r.materialize_tokens == last_.materialize_tokens &&
               r.tx_begin == last_.tx_begin && r.server_timeout_ms == last_.server_timeout_ms &&
               r.gremlin == last_.gremlin && r.language == last_.language && r.session == last_.session &&
               r.bytecode.has_value() == last_.bytecode.has_value() &&
               (!r.bytecode || *r.bytecode == *last_.bytecode) && r.bindings == last_.bindings;
    }
    bool valid_ = false;
    bool enabled_ = true;
    std::uint64_t hits_ = 0;
    engine::Request last_;
};

}  // namespace tpbench::backends_detail
