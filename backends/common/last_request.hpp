#pragma once
// The key of every backend's "reuse the last encoded request" cache (ws37's frame template, the
// http3 request, the http4 body): the fields of the last encoded engine::Request that reach the
// wire. A request for which same() holds encodes to the same bytes, but for a fresh request id,
// so the backend may reuse (and patch) its last encoding. deadline and keep_results never reach
// the wire and are not compared. A backend that does not send a field still compares it: that
// only costs a re-encoding, never a stale one. Pure (no Asio, no I/O).
#include <tpbench/engine/backend.hpp>

namespace tpbench::backends_detail {

class LastRequest {
public:
    // True when a request is remembered and `r` equals it in every field that reaches the wire.
    bool same(const engine::Request& r) const {
        return valid_ && r.batch_size == last_.batch_size &&
               r.materialize_tokens == last_.materialize_tokens && r.tx_begin == last_.tx_begin &&
               r.server_timeout_ms == last_.server_timeout_ms && r.gremlin == last_.gremlin &&
               r.language == last_.language && r.session == last_.session &&
               r.bytecode.has_value() == last_.bytecode.has_value() &&
               (!r.bytecode || *r.bytecode == *last_.bytecode) && r.bindings == last_.bindings;
    }
    // Remembers `r` as the last encoded request (the strings keep their capacity).
    void remember(const engine::Request& r) {
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

private:
    bool valid_ = false;
    engine::Request last_;
};

}  // namespace tpbench::backends_detail
