#include "auth_gate.hpp"

#include "jobs.hpp"
#include "outbox.hpp"

#include <tpbench/auth/auth.hpp>

#include <doctest/doctest.h>

#include <stdexcept>

using namespace tpbench;
using namespace tpbench::server::detail;
using model::Value;
using Clock = Ws37AuthGate::Clock;

namespace {

server::Credentials creds() { return server::parse_credentials("# users\nstephen:password\nmarko:ri:ght\n"); }

model::Uuid id(std::uint8_t n) {
    model::Uuid u{};
    u[15] = n;
    return u;
}

GatedRequest eval(std::uint8_t n, const char* script = "1+1") {
    GatedRequest r;
    r.message.request_id = id(n);
    r.message.op = "eval";
    r.message.args = Value::map({Value::string("gremlin"), Value::string(script)});
    return r;
}

GatedRequest auth_req(std::uint8_t n, std::optional<Value> sasl) {
    GatedRequest r;
    r.message.request_id = id(n);
    r.message.op = "authentication";
    std::vector<Value> kv{Value::string("saslMechanism"), Value::string("PLAIN")};
    if (sasl) {
        kv.push_back(Value::string("sasl"));
        kv.push_back(std::move(*sasl));
    }
    r.message.args = Value::map(std::move(kv));
    return r;
}

Value sasl_of(std::string_view user, std::string_view password) {
    return Value::string(auth::base64_encode(auth::sasl_plain_message("", user, password)));
}

}  // namespace

TEST_CASE("credentials file: user:password lines, comments, errors name the line only") {
    auto c = creds();
    CHECK(c.users.size() == 2);
    CHECK(c.check("stephen", "password"));
    CHECK(c.check("marko", "ri:ght"));  // the password is everything after the first ':'
    CHECK_FALSE(c.check("stephen", "Password"));
    CHECK_FALSE(c.check("stephen", "passwor"));
    CHECK_FALSE(c.check("stephen", "password "));
    CHECK_FALSE(c.check("nobody", ""));
    CHECK_FALSE(c.check("", ""));
    CHECK(server::parse_credentials("a:b\r\n\r\n  # x\n").check("a", "b"));
    auto err = [](const char* text) {
        try {
            server::parse_credentials(text);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    std::string e1 = err("a:b\nsecret-without-colon\n");
    CHECK(e1.find("line 2") != std::string::npos);
    CHECK(e1.find("secret") == std::string::npos);
    CHECK(err(":pw\n").find("empty user") != std::string::npos);
    std::string e3 = err("a:one\na:two-secret\n");
    CHECK(e3.find("duplicate user 'a'") != std::string::npos);
    CHECK(e3.find("two-secret") == std::string::npos);
    CHECK(err("# nothing\n").find("no user") != std::string::npos);
    CHECK_THROWS_AS(server::load_credentials_file("/nonexistent/creds"), std::runtime_error);
}

TEST_CASE("ws37 SASL gate: 407 challenge, then the stored request runs after good credentials") {
    auto c = creds();
    Ws37AuthGate gate(c);
    auto t0 = Clock::now();
    auto out = gate.on_request(eval(1), t0);
    REQUIRE(out.replies.size() == 1);
    CHECK(out.replies[0].code == 407);
    CHECK(out.replies[0].request_id == id(1));
    CHECK(out.replies[0].message.empty());
    CHECK(out.run.empty());
    CHECK_FALSE(gate.authenticated());

    // Requests meanwhile are deferred silently.
    out = gate.on_request(eval(2, "2+2"), t0);
    CHECK(out.replies.empty());
    CHECK(out.run.empty());

    out = gate.on_request(auth_req(1, sasl_of("stephen", "password")), t0);
    CHECK(out.replies.empty());
    REQUIRE(out.run.size() == 2);
    CHECK(out.run[0].message.request_id == id(1));
    CHECK(out.run[1].message.request_id == id(2));
    CHECK(gate.authenticated());
    CHECK(gate.user() == "stephen");

    out = gate.on_request(eval(3), t0);
    CHECK(out.replies.empty());
    CHECK(out.run.size() == 1);
}

TEST_CASE("ws37 SASL gate: wrong password is 401 for the stored and deferred requests, then a fresh 407") {
    auto c = creds();
    Ws37AuthGate gate(c);
    auto t0 = Clock::now();
    gate.on_request(eval(1), t0);
    gate.on_request(eval(2), t0);
    auto out = gate.on_request(auth_req(1, sasl_of("stephen", "wrong")), t0);
    REQUIRE(out.replies.size() == 2);
    CHECK(out.replies[0].request_id == id(1));
    CHECK(out.replies[0].code == 401);
    CHECK(out.replies[0].message == "Username and/or password are incorrect");
    CHECK(out.replies[1].request_id == id(2));
    CHECK(out.replies[1].code == 401);
    CHECK(out.run.empty());
    CHECK_FALSE(gate.authenticated());
    // Unknown user: same message (no user enumeration).
    gate.on_request(eval(4), t0);
    out = gate.on_request(auth_req(4, sasl_of("nobody", "password")), t0);
    REQUIRE(out.replies.size() == 1);
    CHECK(out.replies[0].message == "Username and/or password are incorrect");
    // Next request starts over with a challenge.
    out = gate.on_request(eval(5), t0);
    REQUIRE(out.replies.size() == 1);
    CHECK(out.replies[0].code == 407);
}

TEST_CASE("ws37 SASL gate: malformed authentication messages") {
    auto c = creds();
    auto t0 = Clock::now();
    auto one = [&](GatedRequest a) {
        Ws37AuthGate gate(c);
        gate.on_request(eval(1), t0);
        auto out = gate.on_request(std::move(a), t0);
        REQUIRE(out.replies.size() == 1);
        CHECK(out.replies[0].request_id == id(1));
        CHECK(out.run.empty());
        return out.replies[0];
    };
    auto r = one(auth_req(1, std::nullopt));
    CHECK(r.code == 401);
    CHECK(r.message == "Failed to authenticate");
    r = one(auth_req(1, Value::int_(7)));
    CHECK(r.code == 499);
    CHECK(r.message == "Incorrect type for : sasl - base64 encoded String is expected");
    r = one(auth_req(1, Value::string("%%%not base64")));
    CHECK(r.code == 401);
    r = one(auth_req(1, Value::string(auth::base64_encode("no-nul-at-all"))));
    CHECK(r.code == 401);
    CHECK(r.message == "Authentication ID must not be null");

    // An authentication message with its own requestId is answered too (3.7 would leave it hanging).
    Ws37AuthGate gate(c);
    gate.on_request(eval(1), t0);
    auto out = gate.on_request(auth_req(9, sasl_of("stephen", "bad")), t0);
    REQUIRE(out.replies.size() == 2);
    CHECK(out.replies[0].request_id == id(1));
    CHECK(out.replies[1].request_id == id(9));
}

TEST_CASE("ws37 SASL gate: a request deferred for more than 5 s ends the negotiation with 401") {
    auto c = creds();
    Ws37AuthGate gate(c);
    auto t0 = Clock::now();
    gate.on_request(eval(1), t0);
    CHECK(gate.on_request(eval(2), t0).replies.empty());
    auto out = gate.on_request(eval(3), t0 + std::chrono::seconds(6));
    REQUIRE(out.replies.size() == 3);
    for (const auto& r : out.replies) {
        CHECK(r.code == 401);
        CHECK(r.message == "Authentication did not finish in the allowed duration (PT5Ss).");
    }
    CHECK(out.replies[0].request_id == id(3));
    CHECK(out.replies[1].request_id == id(1));
    CHECK(out.replies[2].request_id == id(2));
}

TEST_CASE("ws37 SASL gate: what an unauthenticated client can make the server hold is bounded") {
    auto c = creds();
    auto t0 = Clock::now();
    {
        Ws37AuthGate gate(c);
        gate.on_request(eval(1), t0);
        for (std::size_t i = 0; i < Ws37AuthGate::max_deferred; ++i)
            CHECK(gate.on_request(eval(2), t0).replies.empty());
        auto out = gate.on_request(eval(3), t0);
        CHECK(out.replies.size() == Ws37AuthGate::max_deferred + 2);
        CHECK(out.replies[0].code == 401);
        CHECK(out.replies[0].message.find("Too many requests") != std::string::npos);
    }
    {
        Ws37AuthGate gate(c);
        gate.on_request(eval(1), t0);
        auto big = eval(2);
        big.frame_bytes = Ws37AuthGate::max_deferred_bytes / 2;
        CHECK(gate.on_request(big, t0).replies.empty());
        CHECK(gate.on_request(big, t0).replies.empty());
        auto out = gate.on_request(big, t0);
        REQUIRE(out.replies.size() == 4);
        CHECK(out.replies[0].code == 401);
        // After the refusal the gate starts over and holds nothing.
        CHECK(gate.on_request(eval(4), t0).replies[0].code == 407);
    }
}

TEST_CASE("ws37 SASL gate: the 407 challenge encodes as Gremlin Server's bytes") {
    // websocket-protocol-3.7.md §8: requestId cb682578-9d92-4499-9ebc-5c6aa73c5397.
    Outbox ob(1 << 20, 1 << 19);
    model::Uuid u{};
    REQUIRE(model::uuid_from_string("cb682578-9d92-4499-9ebc-5c6aa73c5397", u));
    push_ws37_status(ob, io::ws37::Format::graphbinary_v1, false, u, 407, std::string());
    std::vector<Outbox::Entry> entries;
    REQUIRE(ob.take(entries));
    REQUIRE(entries.size() == 1);
    std::string hex;
    static const char* digits = "0123456789abcdef";
    for (unsigned char ch : entries[0].bytes) {
        hex += digits[ch >> 4];
        hex += digits[ch & 15];
    }
    // version 81, requestId (present), code 407, message "" (00 + length 0), attributes {},
    // meta {}, data null (fe 01) — the 206 envelope of §8 with code 0x197 and no data. (§8's 407
    // hex string has one 00 byte too many: it is 38 bytes where this layout, as in its 206/204
    // examples, has 37.)
    CHECK(hex ==
          "8100cb6825789d9244999ebc5c6aa73c5397"
          "00000197"
          "0000000000"
          "00000000"
          "00000000"
          "fe01");
}

TEST_CASE("http4 Basic: missing, malformed, wrong and right credentials") {
    auto c = creds();
    CHECK(http4_basic_auth_failure(c, std::nullopt) == "Missing or incorrect credentials");
    CHECK(http4_basic_auth_failure(c, "Bearer abc") == "Missing or incorrect credentials");
    CHECK(http4_basic_auth_failure(c, "Basic !!!") == "Missing or incorrect credentials");
    CHECK(http4_basic_auth_failure(c, auth::basic_authorization("stephen", "nope")) ==
          "Username and/or password are incorrect");
    CHECK_FALSE(http4_basic_auth_failure(c, auth::basic_authorization("stephen", "password")));
    CHECK_FALSE(http4_basic_auth_failure(c, auth::basic_authorization("marko", "ri:ght")));
}
