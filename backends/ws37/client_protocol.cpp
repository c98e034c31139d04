#include "backends/ws37/client_protocol.hpp"

#include "backends/ws37/frame.hpp"

#include <tpbench/auth/auth.hpp>

#include <array>
#include <cstring>
#include <stdexcept>

namespace tpbench::ws37 {

namespace {

// The text form's layout: where each byte's two hex digits start (dashes at 8, 13, 18, 23).
constexpr std::array<std::uint8_t, 16> kHexAt = {0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34};

// Each byte's two lower-case hex digits.
constexpr std::array<char, 512> kHexPairs = [] {
    std::array<char, 512> t{};
    constexpr char hex[] = "0123456789abcdef";
    for (std::size_t i = 0; i < 256; ++i) {
        t[2 * i] = hex[i >> 4];
        t[2 * i + 1] = hex[i & 0x0f];
    }
    return t;
}();

// A character's hex value, or 0x80 (not a hex digit: either case, as model::uuid_from_string).
constexpr std::array<std::uint8_t, 256> kNibble = [] {
    std::array<std::uint8_t, 256> t{};
    for (auto& v : t) v = 0x80;
    for (std::size_t c = 0; c < 10; ++c) t['0' + c] = static_cast<std::uint8_t>(c);
    for (std::size_t c = 0; c < 6; ++c) {
        t['a' + c] = static_cast<std::uint8_t>(10 + c);
        t['A' + c] = static_cast<std::uint8_t>(10 + c);
    }
    return t;
}();

// 36 characters (8-4-4-4-12 lower-case hex), the form the request carries.
void write_uuid_text(char* out, const model::Uuid& u) noexcept {
    for (std::size_t i = 0; i < 16; ++i) std::memcpy(out + kHexAt[i], kHexPairs.data() + 2 * u[i], 2);
    out[8] = out[13] = out[18] = out[23] = '-';
}

// Parses the 36 characters at `t`: exactly what model::uuid_from_string accepts (hex digits of
// either case, dashes at 8, 13, 18 and 23), by table — the response memo's per-response parse.
bool parse_uuid_text(const char* t, model::Uuid& out) noexcept {
    if (t[8] != '-' || t[13] != '-' || t[18] != '-' || t[23] != '-') return false;
    unsigned bad = 0;
    for (std::size_t i = 0; i < 16; ++i) {
        const std::uint8_t hi = kNibble[static_cast<unsigned char>(t[kHexAt[i]])];
        const std::uint8_t lo = kNibble[static_cast<unsigned char>(t[kHexAt[i] + 1])];
        bad |= hi | lo;
        out[i] = static_cast<std::uint8_t>((hi << 4) | (lo & 0x0f));
    }
    return (bad & 0x80) == 0;
}

std::string uuid_text(const model::Uuid& u) {
    std::string s(36, '\0');
    write_uuid_text(s.data(), u);
    return s;
}

bool is_auth_rejection(std::int32_t code) noexcept { return code == 401 || code == 403; }

// The first exception a final error's status attributes name ({exceptions: [name, …]}), for the
// codes whose classification depends on it (596: classify_status); empty otherwise.
std::string_view status_exception(std::int32_t code, const model::Value& attributes) {
    if (code != 596 || attributes.type() != model::Type::map) return {};
    const model::Value* ex = attributes.find("exceptions");
    if (!ex || (ex->type() != model::Type::list && ex->type() != model::Type::set) || ex->size() == 0)
        return {};
    const model::Value& first = (*ex)[0];
    return first.type() == model::Type::string ? std::string_view(first.str()) : std::string_view();
}

}  // namespace

io::ws37::Format parse_serializer(std::string_view name) {
    if (name.empty() || name == "graphbinary-v1") return io::ws37::Format::graphbinary_v1;
    if (name == "graphson-v3") return io::ws37::Format::graphson_v3;
    if (name == "graphson-v3-untyped") return io::ws37::Format::graphson_v3_untyped;
    throw std::invalid_argument("ws37: unknown serializer '" + std::string(name) +
                                "' (expected graphbinary-v1, graphson-v3 or graphson-v3-untyped)");
}

bool ClientProtocol::ResponseMemo::match(std::string_view payload) noexcept {
    if (!valid || payload.size() != bytes.size()) return false;
    const std::size_t id_end = id_at + id_len;
    if (std::memcmp(payload.data(), bytes.data(), id_at) != 0 ||
        std::memcmp(payload.data() + id_end, bytes.data() + id_end, bytes.size() - id_end) != 0)
        return false;
    model::Uuid u;
    if (format == io::ws37::Format::graphbinary_v1) {
        std::memcpy(u.data(), payload.data() + id_at, 16);
    } else if (!parse_uuid_text(payload.data() + id_at, u)) {
        return false;  // not a UUID there: the scan says what is wrong
    }
    summary.request_id = u;
    ++hits;
    return true;
}

void ClientProtocol::ResponseMemo::store(std::string_view payload, const io::ws37::ResponseSummary& s) {
    // Only successes whose summary is a function of the bytes outside the id.
    const std::size_t len = format == io::ws37::Format::graphbinary_v1 ? 16 : 36;
    if (payload.size() > kMax || !s.request_id || !io::ws37::is_success(s.code) ||
        s.request_id_at == io::ws37::ResponseSummary::npos || s.request_id_at + len > payload.size()) {
        valid = false;
        return;
    }
    bytes.assign(payload);
    id_at = s.request_id_at;
    id_len = len;
    summary.code = s.code;
    summary.message = s.message;
    summary.attributes = s.attributes;
    summary.item_count = s.item_count;
    summary.result_count = s.result_count;
    valid = true;
}

ClientProtocol::ClientProtocol(Config cfg, ProtocolHooks& hooks, std::uint64_t seed)
    : cfg_(std::move(cfg)),
      hooks_(hooks),
      table_(cfg_.capacity),
      slots_(cfg_.capacity),
      write_queue_(cfg_.capacity),
      rng_(seed) {
    memo_.format = cfg_.format;
    if (!cfg_.memo) template_.key.disable();
    collect_ = [this](model::Value&& v) { scratch_items_.push_back(std::move(v)); };
}

void ClientProtocol::add_counters(engine::Counters& out) const {
    const auto& h = scan_cache_.hits();
    out["memo.request_hits"] += template_.key.hits();
    out["memo.response_hits"] += memo_.hits;
    out["memo.message_hits"] += h.messages;
    out["memo.value_hits"] += h.values;
    out["memo.repeated_lists"] += h.repeated_lists;
}

model::Uuid ClientProtocol::next_id() noexcept {
    model::Uuid u;
    const std::uint64_t a = rng_();
    const std::uint64_t b = rng_();
    std::memcpy(u.data(), &a, 8);
    std::memcpy(u.data() + 8, &b, 8);
    u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | 0x40);  // version 4
    u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);  // RFC 4122 variant
    return u;
}

void ClientProtocol::encode(const engine::Request& req, const model::Uuid& id, SlotData& d) {
    if (req.session.empty() && template_.key.same(req)) {
        d.templated = true;  // framed straight from the template when written (next_write_framed)
        return;
    }
    d.templated = false;
    std::string& out = d.frame;
    io::ws37::RequestMessage m;
    m.request_id = id;
    std::vector<model::Value> kv;
    kv.reserve(16);
    auto add = [&kv](const char* k, model::Value v) {
        kv.push_back(model::Value::string(k));
        kv.push_back(std::move(v));
    };
    if (req.bytecode) {
        m.op = "bytecode";
        m.processor = "traversal";
        add("gremlin", *req.bytecode);
    } else {
        m.op = "eval";
        m.processor = req.session.empty() ? "" : "session";  // tx: workload transaction groups
        add("gremlin", model::Value::string(req.gremlin));
        if (!req.session.empty()) add("session", model::Value::string(req.session));
        if (req.bindings.type() == model::Type::map && req.bindings.size() > 0) add("bindings", req.bindings);
        if (!req.language.empty()) add("language", model::Value::string(req.language));
    }
    add("batchSize", model::Value::int_(req.batch_size));
    add("aliases", model::Value::map({model::Value::string("g"), model::Value::string("g")}));
    if (req.server_timeout_ms) add("evaluationTimeout", model::Value::long_(*req.server_timeout_ms));
    if (req.materialize_tokens) add("materializeProperties", model::Value::string("tokens"));
    m.args = model::Value::map(std::move(kv));
    out.clear();
    io::ws37::encode_request(out, m, cfg_.format, true);
    // tx: session requests are not cached as the template; memo=off: none is.
    if (!req.session.empty() || !cfg_.memo) return;

    // Remember where the id sits so the next identical request only patches it.
    materialize_templated();
    template_.key.forget();
    std::size_t offset = std::string::npos;
    bool text = false;
    if (cfg_.format == io::ws37::Format::graphbinary_v1) {
        const std::size_t at = 1 + io::ws37::mime_type(cfg_.format).size() + 1;  // mime prefix + version
        if (out.size() >= at + 16 && std::memcmp(out.data() + at, id.data(), 16) == 0) offset = at;
    } else {
        char txt[36];
        write_uuid_text(txt, id);
        offset = out.find(std::string_view(txt, 36));
        text = true;
    }
    if (offset != std::string::npos) {
        template_.key.remember(req);
        template_.frame = out;
        template_.id_offset = offset;
        template_.id_is_text = text;
    }
}

void ClientProtocol::encode_auth(const model::Uuid& id, bool with_mechanism, std::string& out) {
    const Sasl& s = *cfg_.sasl;
    io::ws37::RequestMessage m;
    m.request_id = id;
    m.op = "authentication";
    m.processor = "";
    std::vector<model::Value> kv;
    if (with_mechanism) {
        kv.push_back(model::Value::string("saslMechanism"));
        kv.push_back(model::Value::string("PLAIN"));
    }
    kv.push_back(model::Value::string("sasl"));
    kv.push_back(
        model::Value::string(auth::base64_encode(auth::sasl_plain_message(s.authzid, s.user, s.password))));
    m.args = model::Value::map(std::move(kv));
    out.clear();
    io::ws37::encode_request(out, m, cfg_.format, true);
}

void ClientProtocol::enqueue(std::size_t slot) noexcept {
    write_queue_[(wq_head_ + wq_count_) % write_queue_.size()] = slot;
    ++wq_count_;
    hooks_.on_write_ready();
}

std::optional<std::size_t> ClientProtocol::submit(const engine::Request& req) {
    if (dead_) return std::nullopt;
    auto id = next_id();
    const auto slot = table_.add_stamped(id);
    if (!slot) return std::nullopt;
    SlotData& d = slots_[*slot];
    encode(req, id, d);
    d.keep_results = req.keep_results;
    d.results.clear();
    if (d.keep_results) ++keep_count_;
    enqueue(*slot);
    return slot;
}

std::optional<std::size_t> ClientProtocol::authenticate_now() {
    if (!cfg_.sasl) throw std::logic_error("ws37: authenticate_now() without credentials");
    if (dead_) return std::nullopt;
    auto id = next_id();
    const auto slot = table_.add_stamped(id);
    if (!slot) return std::nullopt;
    SlotData& d = slots_[*slot];
    d.templated = false;
    encode_auth(id, true, d.frame);
    d.keep_results = false;
    d.results.clear();
    auth_ = AuthState::challenged;
    auth_slot_ = *slot;
    auth_eager_ = true;
    auth_answers_ = 0;
    enqueue(*slot);
    return slot;
}

std::optional<std::size_t> ClientProtocol::pop_write() {
    while (wq_count_ > 0) {
        const std::size_t si = write_queue_[wq_head_];
        // While the server has not answered the authentication, only its own frame may go.
        if (auth_ == AuthState::challenged && si != auth_slot_) return std::nullopt;
        wq_head_ = (wq_head_ + 1) % write_queue_.size();
        --wq_count_;
        // A request abandoned (deadline) or failed before its turn is not sent.
        if (!table_.begin_write(si)) continue;
        return si;
    }
    return std::nullopt;
}

std::string_view ClientProtocol::template_id(std::size_t slot, char (&buf)[36]) const {
    const model::Uuid& id = table_.entry(slot).id;
    if (template_.id_is_text) {
        write_uuid_text(buf, id);
        return {buf, 36};
    }
    return {reinterpret_cast<const char*>(id.data()), 16};
}

void ClientProtocol::materialize(std::size_t slot) {
    SlotData& d = slots_[slot];
    if (!d.templated) return;
    char buf[36];
    const std::string_view id = template_id(slot, buf);
    d.frame.assign(template_.frame);
    std::memcpy(d.frame.data() + template_.id_offset, id.data(), id.size());
    d.templated = false;
}

void ClientProtocol::materialize_templated() {
    for (std::size_t k = 0; k < wq_count_; ++k)
        materialize(write_queue_[(wq_head_ + k) % write_queue_.size()]);
}

std::optional<ClientProtocol::Write> ClientProtocol::next_write() {
    if (dead_) return std::nullopt;
    if (auth_frame_queued_) {
        auth_frame_queued_ = false;
        return Write{auth_frame_, *auth_slot_, true};
    }
    const auto si = pop_write();
    if (!si) return std::nullopt;
    materialize(*si);
    return Write{slots_[*si].frame, *si, false};
}

template <class Buffer>
std::optional<ClientProtocol::Write> ClientProtocol::next_write_framed_to(Buffer& out, std::uint32_t mask) {
    if (dead_) return std::nullopt;
    if (auth_frame_queued_) {
        auth_frame_queued_ = false;
        frame::append_client_frame(out, frame::binary, auth_frame_, mask);
        return Write{auth_frame_, *auth_slot_, true};
    }
    const auto si = pop_write();
    if (!si) return std::nullopt;
    SlotData& d = slots_[*si];
    if (!d.templated) {
        frame::append_client_frame(out, frame::binary, d.frame, mask);
        return Write{d.frame, *si, false};
    }
    char buf[36];
    frame::append_client_frame(out, frame::binary, template_.frame, mask, template_.id_offset,
                               template_id(*si, buf));
    d.templated = false;
    return Write{template_.frame, *si, false};
}

std::optional<ClientProtocol::Write> ClientProtocol::next_write_framed(std::string& out, std::uint32_t mask) {
    return next_write_framed_to(out, mask);
}

std::optional<ClientProtocol::Write> ClientProtocol::next_write_framed(frame::OutBuffer& out,
                                                                       std::uint32_t mask) {
    return next_write_framed_to(out, mask);
}

void ClientProtocol::on_written(const Write& w, bool ok, Clock::time_point now, std::uint64_t bytes_out) {
    if (w.auth) {
        // The answer to a challenge: its bytes belong to the challenged request.
        table_.add_bytes_out(w.slot, bytes_out);
        if (!ok) fail_everything(errc::write_failed, "authentication could not be written", now);
        return;
    }
    table_.end_write(w.slot, ok, now, bytes_out);
    if (!ok) {
        finish_slot(w.slot);
        fail_everything(errc::write_failed, "request could not be written", now);
    }
}

void ClientProtocol::finish_slot(std::size_t slot) noexcept {
    if (auth_slot_ && *auth_slot_ == slot && table_.finished(slot)) auth_slot_.reset();
    hooks_.on_finished(slot);
}

void ClientProtocol::fail_everything(errc e, std::string_view why, Clock::time_point now) {
    const std::string msg = with_unknown_note(why);
    table_.fail_all(e, msg, now);
    for (std::size_t i = 0; i < slots_.size(); ++i) hooks_.on_finished(i);
    if (!dead_) {
        dead_ = true;
        hooks_.on_fatal(e, msg);
    }
}

void ClientProtocol::on_connection_lost(errc e, std::string_view why, Clock::time_point now) {
    const std::string msg = with_unknown_note(why);
    table_.fail_all(e, msg, now);
    dead_ = true;
    for (std::size_t i = 0; i < slots_.size(); ++i) hooks_.on_finished(i);
}

void ClientProtocol::on_challenge(std::size_t slot, Clock::time_point now) {
    if (!cfg_.sasl) {
        table_.finish_entry(slot, errc::auth_failed, 407,
                            "the server requires SASL authentication (407) and no credentials are configured",
                            now);
        finish_slot(slot);
        return;
    }
    if (auth_slot_ && *auth_slot_ != slot) {
        // One negotiation per connection; a second challenged request is a server we do not know.
        table_.finish_entry(slot, errc::protocol_violation, 407,
                            "a second SASL challenge while one was being answered", now);
        finish_slot(slot);
        return;
    }
    if (auth_answers_ > 0) {
        fail_everything(errc::auth_failed,
                        "SASL authentication failed: the server challenged again "
                        "(only PLAIN with one round is supported)",
                        now);
        return;
    }
    ++auth_answers_;
    auth_ = AuthState::challenged;
    auth_slot_ = slot;
    // Same requestId as the challenged request, as gremlin-javascript does (the server only looks
    // at op and args).
    encode_auth(table_.entry(slot).id, true, auth_frame_);
    auth_frame_queued_ = true;
    hooks_.on_write_ready();
}

void ClientProtocol::on_message(std::string_view payload, Clock::time_point first_byte, Clock::time_point now,
                                std::uint64_t wire) {
    if (dead_) return;
    scratch_items_.clear();
    // Count mode unless some request on this connection asked for its results.
    const bool counting = keep_count_ == 0;
    const io::ws37::ResponseSummary* found = nullptr;
    std::optional<io::Result<io::ws37::ResponseSummary>> summary;
    const bool memo = counting && cfg_.memo;
    if (memo && memo_.match(payload)) {
        found = &memo_.summary;
    } else {
        summary.emplace(counting
                            ? io::ws37::scan_response(payload, cfg_.format, {}, memo ? &scan_cache_ : nullptr)
                            : io::ws37::scan_response(payload, cfg_.format, collect_));
        if (!*summary) {
            // Bytes that are not a ResponseMessage: the stream cannot be trusted any more.
            fail_everything(errc::protocol_violation, "undecodable response: " + summary->error().to_string(),
                            now);
            return;
        }
        if (memo) memo_.store(payload, **summary);
        found = &**summary;
    }
    const auto& sm = *found;
    // Authentication outcome: the answer to the challenged request decides.
    if (sm.request_id && auth_slot_ && auth_ == AuthState::challenged && sm.code != 407 &&
        table_.entry(*auth_slot_).id == *sm.request_id) {
        if (is_auth_rejection(sm.code)) {
            auth_ = AuthState::failed;
            const std::string user = cfg_.sasl ? cfg_.sasl->user : std::string();
            fail_everything(errc::auth_failed,
                            "SASL authentication failed for user '" + user +
                                "': " + (sm.message.empty() ? std::string("rejected") : sm.message) + " (" +
                                std::to_string(sm.code) + ")",
                            now);
            return;
        }
        auth_ = AuthState::authenticated;
        if (auth_eager_) {
            // The server answered our stored authentication op: nothing else to learn from it.
            const std::size_t s = *auth_slot_;
            table_.on_response(sm.request_id, sm.code, sm.message, 0, wire, first_byte, now);
            table_.finish_entry(s, errc::ok, sm.code, "", now);
            auth_eager_ = false;
            auth_slot_.reset();
            hooks_.on_finished(s);
            if (wq_count_ > 0) hooks_.on_write_ready();
            return;
        }
        // Lazy: the server now processes the challenged request; held requests may go.
        if (wq_count_ > 0) hooks_.on_write_ready();
    } else if (auth_ == AuthState::challenged && is_auth_rejection(sm.code)) {
        // A deferred request rejected while negotiating ("did not finish in the allowed duration").
        auth_ = AuthState::failed;
        fail_everything(errc::auth_failed, "SASL authentication failed: " + sm.message, now);
        return;
    }
    const auto d = table_.on_response(sm.request_id, sm.code, sm.message, sm.result_count, wire, first_byte,
                                      now, status_exception(sm.code, sm.attributes));
    using Kind = PendingTable::Dispatch::Kind;
    switch (d.kind) {
        case Kind::partial:
        case Kind::final: {
            SlotData& slot = slots_[d.slot];
            if (slot.keep_results)
                for (auto& v : scratch_items_) slot.results.push_back(std::move(v));
            if (d.kind == Kind::final) finish_slot(d.slot);
            break;
        }
        case Kind::challenge:
            on_challenge(d.slot, now);
            break;
        case Kind::null_id:
            // The Java driver's rule: a response without a request id fails every pending request.
            for (std::size_t i = 0; i < slots_.size(); ++i) hooks_.on_finished(i);
            break;
        case Kind::unknown:
            // Counted by the table; remembered for the messages of requests that end in error.
            last_unknown_ = *sm.request_id;
            last_unknown_code_ = sm.code;
            break;
        case Kind::late:
            break;  // for a request abandoned earlier (counted by the table)
    }
}

std::string ClientProtocol::with_unknown_note(std::string_view message) const {
    std::string s(message);
    const std::uint64_t n = table_.unknown_responses();
    if (n == 0) return s;
    s += " [this connection received " + std::to_string(n) + " response" + (n == 1 ? "" : "s") +
         " for unknown requestIds, last " + uuid_text(last_unknown_) + " status " +
         std::to_string(last_unknown_code_) + ": the server may be answering with wrong requestIds]";
    return s;
}

void ClientProtocol::abandon(std::size_t slot, Clock::time_point now) {
    table_.abandon(slot, now);
    if (auth_slot_ && *auth_slot_ == slot) {
        auth_slot_.reset();
        // Requests held behind an authentication that never finished would wait forever.
        if (auth_ == AuthState::challenged)
            fail_everything(errc::timeout, "SASL authentication did not finish before the request deadline",
                            now);
    }
}

void ClientProtocol::take_outcome(std::size_t slot, engine::Outcome& out) {
    const PendingTable::Entry& e = table_.entry(slot);
    // Moved, not copied (the slot's outcome is reset when the slot is reused): no copy of its
    // strings and result vector per request (docs/backends.md "Hot-path notes").
    out = std::move(table_.outcome_of(slot));
    if (e.error != errc::ok) {
        out.error = make_error_code(e.error);
        // Timeouts decided by the request side were finished without the note: add it here.
        if (e.error == errc::timeout) out.status_message = with_unknown_note(out.status_message);
    }
    SlotData& d = slots_[slot];
    if (d.keep_results) {
        --keep_count_;
        out.results = std::move(d.results);
        d.results = {};
        d.keep_results = false;
    }
    table_.release(slot);
}

}  // namespace tpbench::ws37
