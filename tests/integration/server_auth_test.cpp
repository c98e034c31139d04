// The embedded server with --credentials: ws37 SASL PLAIN (407 challenge, `authentication` op,
// 401 on bad credentials) and http4 HTTP Basic (401 JSON), over plain TCP and over TLS.
#include "server_secure_util.hpp"

#include "common/test_pki.hpp"

#include <tpbench/auth/auth.hpp>

#include <doctest/doctest.h>

using namespace tpbench;
using namespace tpbench::test;
using io::ws37::Format;
using model::Value;

namespace {

server::ServerConfig auth_config() {
    server::ServerConfig cfg;
    cfg.credentials = server::parse_credentials("stephen:s3cr3t-pw\nother:x\n");
    return cfg;
}

io::ws37::RequestMessage auth_message(const model::Uuid& id, std::string_view user,
                                      std::string_view password) {
    io::ws37::RequestMessage m;
    m.request_id = id;
    m.op = "authentication";
    m.args = Value::map({Value::string("saslMechanism"), Value::string("PLAIN"), Value::string("sasl"),
                         Value::string(auth::base64_encode(auth::sasl_plain_message("", user, password)))});
    return m;
}

// Runs the 3.7 flow on an upgraded connection: request, 407, authentication; returns the
// response(s) to the original request (its result or the 401).
template <class T>
std::optional<io::ws37::ResponseMessage> sasl_eval(RawWs<T>& ws, const std::string& script, std::uint8_t id,
                                                   std::string_view user, std::string_view password) {
    auto req = ws_eval(script, id);
    REQUIRE(ws.send(req));
    auto challenge = ws.read_response();
    REQUIRE(challenge);
    CHECK(challenge->header.code == 407);
    CHECK(challenge->header.request_id == req.request_id);
    CHECK(challenge->data.is_null());
    REQUIRE(ws.send(auth_message(req.request_id, user, password)));
    auto r = ws.read_response();
    if (r) CHECK(r->header.request_id == req.request_id);
    return r;
}

std::string json_1plus1() { return R"({"gremlin":"1+1","language":"gremlin-groovy"})"; }

}  // namespace

TEST_CASE(
    "server auth ws37: 407 challenge, right credentials run the stored request, then no more challenges") {
    auto srv = start_embedded_server(auth_config());
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    auto r = sasl_eval(ws, "1+1", 1, "stephen", "s3cr3t-pw");
    REQUIRE(r);
    CHECK(r->header.code == 200);
    CHECK(first_number(*r) == 2);
    // Authenticated for the rest of the connection.
    REQUIRE(ws.send(ws_eval("g.V().count()", 2)));
    auto c = ws.read_response();
    REQUIRE(c);
    CHECK(c->header.code == 200);
    CHECK(first_number(*c) == 6);

    // Per connection: a new connection is challenged again.
    TcpClient t2(srv->port());
    RawWs<TcpClient> ws2(t2);
    REQUIRE(ws2.upgrade());
    REQUIRE(ws2.send(ws_eval("1+1", 3)));
    auto ch = ws2.read_response();
    REQUIRE(ch);
    CHECK(ch->header.code == 407);
}

TEST_CASE("server auth ws37: wrong password and unknown user get 401, the script never runs") {
    auto srv = start_embedded_server(auth_config());
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    auto r = sasl_eval(ws, "1+1", 1, "stephen", "wrong");
    REQUIRE(r);
    CHECK(r->header.code == 401);
    CHECK(r->header.message == "Username and/or password are incorrect");
    CHECK(r->data.is_null());
    // The connection stays usable: the next request is challenged again and can authenticate.
    auto again = sasl_eval(ws, "2+3", 2, "nobody", "s3cr3t-pw");
    REQUIRE(again);
    CHECK(again->header.code == 401);
    auto ok = sasl_eval(ws, "2+3", 3, "stephen", "s3cr3t-pw");
    REQUIRE(ok);
    CHECK(ok->header.code == 200);
    CHECK(first_number(*ok) == 5);
}

TEST_CASE("server auth ws37: requests sent during the negotiation are deferred and run after success") {
    auto srv = start_embedded_server(auth_config());
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    auto first = ws_eval("10+1", 1);
    REQUIRE(ws.send(first));
    auto ch = ws.read_response();
    REQUIRE(ch);
    CHECK(ch->header.code == 407);
    REQUIRE(ws.send(ws_eval("20+2", 2)));
    REQUIRE(ws.send(auth_message(first.request_id, "stephen", "s3cr3t-pw")));
    std::map<std::uint8_t, std::int64_t> got;
    for (int i = 0; i < 2; ++i) {
        auto r = ws.read_response();
        REQUIRE(r);
        CHECK(r->header.code == 200);
        REQUIRE(r->header.request_id);
        got[(*r->header.request_id)[15]] = first_number(*r).value_or(-1);
    }
    CHECK(got[1] == 11);
    CHECK(got[2] == 22);
}

TEST_CASE("server auth ws37 over TLS: the same flow inside wss") {
    const auto& pki = shared_pki();
    auto cfg = auth_config();
    cfg.tls.cert_file = pki.server.cert.string();
    cfg.tls.key_file = pki.server.key.string();
    auto srv = start_embedded_server(cfg);
    TlsClientOptions o;
    o.ca_file = pki.ca.cert.string();
    TlsClient t(srv->port(), o);
    REQUIRE(t.ok());
    RawWs<TlsClient> ws(t);
    REQUIRE(ws.upgrade());
    auto r = sasl_eval(ws, "1+1", 1, "stephen", "s3cr3t-pw");
    REQUIRE(r);
    CHECK(r->header.code == 200);
    CHECK(first_number(*r) == 2);

    TlsClient t2(srv->port(), o);
    REQUIRE(t2.ok());
    RawWs<TlsClient> ws2(t2);
    REQUIRE(ws2.upgrade());
    auto bad = sasl_eval(ws2, "1+1", 1, "stephen", "s3cr3t-pX");
    REQUIRE(bad);
    CHECK(bad->header.code == 401);
}

TEST_CASE("server auth http4: 401 JSON without or with bad Basic credentials, 200 with good ones") {
    auto srv = start_embedded_server(auth_config());
    TcpClient c(srv->port());
    REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 401);
    CHECK(r->headers["content-type"] == "application/json");
    CHECK(r->body == R"({"message":"Missing or incorrect credentials"})");

    // Same connection (401 keeps it alive, as Gremlin Server does).
    std::string bad = "Authorization: " + auth::basic_authorization("stephen", "nope") + "\r\n";
    REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json", bad)));
    r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 401);
    CHECK(r->body == R"({"message":"Username and/or password are incorrect"})");

    REQUIRE(c.send_all(
        http_post(json_1plus1(), "application/json", "application/json", "Authorization: Bearer x\r\n")));
    r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 401);

    std::string good = "Authorization: " + auth::basic_authorization("stephen", "s3cr3t-pw") + "\r\n";
    REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json", good)));
    r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(r->body.find(R"({"@type":"g:Int32","@value":2})") != std::string::npos);
    // No response ever echoes the password.
    CHECK(c.buffer().find("s3cr3t") == std::string::npos);
}

TEST_CASE("server auth http4 over TLS: Basic inside https") {
    const auto& pki = shared_pki();
    auto cfg = auth_config();
    cfg.tls.cert_file = pki.server.cert.string();
    cfg.tls.key_file = pki.server.key.string();
    auto srv = start_embedded_server(cfg);
    TlsClientOptions o;
    o.ca_file = pki.ca.cert.string();
    TlsClient c(srv->port(), o);
    REQUIRE(c.ok());
    REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 401);
    std::string good = "Authorization: " + auth::basic_authorization("other", "x") + "\r\n";
    REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json", good)));
    r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 200);
}

TEST_CASE("server without credentials: no challenge, and an authentication op gets 498 as the stock server") {
    auto srv = start_embedded_server();
    TcpClient t(srv->port());
    RawWs<TcpClient> ws(t);
    REQUIRE(ws.upgrade());
    REQUIRE(ws.send(ws_eval("1+1", 1)));
    auto r = ws.read_response();
    REQUIRE(r);
    CHECK(r->header.code == 200);
    model::Uuid id{};
    id[15] = 2;
    REQUIRE(ws.send(auth_message(id, "stephen", "x")));
    r = ws.read_response();
    REQUIRE(r);
    CHECK(r->header.code == 498);
}
