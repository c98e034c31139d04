// ws37 SASL gate (see auth_gate.hpp) and the credential store.
#include "auth_gate.hpp"

#include <tpbench/auth/auth.hpp>

namespace tpbench::server {

bool Credentials::check(std::string_view user, std::string_view password) const noexcept {
    auto it = users.find(user);
    // Compare in time independent of where the passwords differ (length still leaks, as usual).
    std::string_view expected = it == users.end() ? std::string_view() : std::string_view(it->second);
    unsigned char diff = expected.size() == password.size() ? 0 : 1;
    for (std::size_t i = 0; i < password.size(); ++i)
        diff |= static_cast<unsigned char>(password[i] ^ (i < expected.size() ? expected[i] : 0));
    return it != users.end() && diff == 0;
}

namespace detail {

namespace {
const model::Value* arg(const io::ws37::RequestMessage& m, std::string_view k) {
    return m.args.type() == model::Type::map ? m.args.find(k) : nullptr;
}
}  // namespace

void Ws37AuthGate::fail_all(GateOutput& out, const GatedRequest& current, std::int32_t code,
                            const std::string& message) {
    auto reply = [&](const GatedRequest& r) {
        out.replies.push_back({r.message.request_id, r.format, r.text, code, message});
    };
    // As SaslAuthenticationHandler.respondWithError: the current message unless it is the
    // authentication op itself, then the stored request, then the deferred ones.
    if (current.message.op != "authentication") reply(current);
    if (stored_) reply(*stored_);
    for (const auto& d : deferred_) reply(d);
    // An authentication message with its own requestId would otherwise never be answered.
    if (current.message.op == "authentication" &&
        (!stored_ || stored_->message.request_id != current.message.request_id))
        reply(current);
    stored_.reset();
    deferred_.clear();
    deferred_since_.reset();
    deferred_bytes_ = 0;
    state_ = State::fresh;
}

GateOutput Ws37AuthGate::on_request(GatedRequest r, Clock::time_point now) {
    GateOutput out;
    switch (state_) {
        case State::authenticated:
            out.run.push_back(std::move(r));
            return out;
        case State::fresh:
            // First request: keep it, challenge (407, empty message and attributes, data null).
            out.replies.push_back({r.message.request_id, r.format, r.text, 407, std::string()});
            stored_ = std::move(r);
            state_ = State::negotiating;
            return out;
        case State::negotiating:
            break;
    }
    if (r.message.op != "authentication") {
        if (!deferred_since_) deferred_since_ = now;
        if (now - *deferred_since_ > max_deferral) {
            // Java prints the Duration as PT5S and appends "s" — kept verbatim.
            fail_all(out, r, 401, "Authentication did not finish in the allowed duration (PT5Ss).");
            return out;
        }
        if (deferred_.size() >= max_deferred || deferred_bytes_ + r.frame_bytes > max_deferred_bytes) {
            fail_all(out, r, 401,
                     "Too many requests sent before authentication finished (at most " +
                         std::to_string(max_deferred) + " requests or " +
                         std::to_string(max_deferred_bytes >> 20) + " MiB are held)");
            return out;
        }
        deferred_bytes_ += r.frame_bytes;
        deferred_.push_back(std::move(r));
        return out;
    }
    const model::Value* sasl = arg(r.message, "sasl");
    if (sasl == nullptr) {
        fail_all(out, r, 401, "Failed to authenticate");
        return out;
    }
    if (sasl->type() != model::Type::string) {
        fail_all(out, r, 499, "Incorrect type for : sasl - base64 encoded String is expected");
        return out;
    }
    auto bytes = auth::base64_decode(sasl->str());
    if (!bytes) {
        fail_all(out, r, 401, "Failed to authenticate: the sasl argument is not valid base64");
        return out;
    }
    auto plain = auth::parse_sasl_plain(*bytes);
    if (!plain) {
        fail_all(out, r, 401, "Authentication ID must not be null");
        return out;
    }
    if (!creds_->check(plain->user, plain->password)) {
        fail_all(out, r, 401, "Username and/or password are incorrect");
        return out;
    }
    // Authenticated: the stored request proceeds, then the deferred ones, in arrival order.
    state_ = State::authenticated;
    user_ = plain->user;
    if (stored_) out.run.push_back(std::move(*stored_));
    for (auto& d : deferred_) out.run.push_back(std::move(d));
    stored_.reset();
    deferred_.clear();
    deferred_.shrink_to_fit();
    deferred_since_.reset();
    deferred_bytes_ = 0;
    return out;
}

std::optional<std::string> http4_basic_auth_failure(const Credentials& creds,
                                                    std::optional<std::string_view> authorization) {
    static const std::string missing = "Missing or incorrect credentials";
    if (!authorization) return missing;
    auto parsed = auth::parse_basic_authorization(*authorization);
    if (!parsed) return missing;
    if (!creds.check(parsed->user, parsed->password))
        return std::string("Username and/or password are incorrect");
    return std::nullopt;
}

}  // namespace detail
}  // namespace tpbench::server
