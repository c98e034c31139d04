// The embedded server over TLS (--tls-cert/--tls-key): handshake and verification against the
// throw-away test PKI, both protocols on the one TLS port, refusals.
#include "server_secure_util.hpp"

#include "common/test_pki.hpp"

#include <doctest/doctest.h>

#include <openssl/x509_vfy.h>

using namespace tpbench;
using namespace tpbench::test;
using io::ws37::Format;

namespace {

server::ServerConfig tls_config(const TestPki::Pair& leaf) {
    server::ServerConfig cfg;
    cfg.tls.cert_file = leaf.cert.string();
    cfg.tls.key_file = leaf.key.string();
    return cfg;
}

TlsClientOptions trusting(const TestPki& pki) {
    TlsClientOptions o;
    o.ca_file = pki.ca.cert.string();
    return o;
}

std::string json_1plus1() { return R"({"gremlin":"1+1","language":"gremlin-groovy"})"; }

}  // namespace

TEST_CASE("server TLS: handshake verified against the test CA; http4 and ws37 on the same TLS port") {
    const auto& pki = shared_pki();
    auto srv = start_embedded_server(tls_config(pki.server));

    // http4 POST /gremlin over TLS, twice on one connection (keep-alive).
    TlsClient c(srv->port(), trusting(pki));
    REQUIRE_MESSAGE(c.ok(), c.handshake_error().message());
    CHECK(c.verify_result() == X509_V_OK);
    CHECK(c.alpn() == "http/1.1");
    for (int i = 0; i < 2; ++i) {
        REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json")));
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 200);
        CHECK(r->body.find(R"({"@type":"g:Int32","@value":2})") != std::string::npos);
    }

    // ws37 upgrade on the same port over TLS, verified by host name this time.
    auto o = trusting(pki);
    o.verify_host = "localhost";
    TlsClient w(srv->port(), o);
    REQUIRE_MESSAGE(w.ok(), w.handshake_error().message());
    RawWs<TlsClient> ws(w);
    REQUIRE(ws.upgrade());
    REQUIRE(ws.send(ws_eval("1+1", 1)));
    auto m = ws.read_response();
    REQUIRE(m);
    CHECK(m->header.code == 200);
    CHECK(first_number(*m) == 2);
    // A streamed result over several frames.
    auto big = ws_eval("g.V().repeat(both()).times(3)", 2);
    big.args = model::Value::map({model::Value::string("gremlin"),
                                  model::Value::string("g.V().repeat(both()).times(3)"),
                                  model::Value::string("batchSize"), model::Value::int_(4)});
    REQUIRE(ws.send(big));
    std::size_t items = 0;
    int frames = 0;
    for (;;) {
        auto r = ws.read_response();
        REQUIRE(r);
        ++frames;
        if (r->data.type() == model::Type::list) items += r->data.kids().size();
        if (io::ws37::is_final(r->header.code)) {
            CHECK(r->header.code == 200);
            break;
        }
    }
    CHECK(items == 72);  // the modern graph's 3-step both() walk count
    CHECK(frames == 18);
}

TEST_CASE("server TLS: untrusted, expired and wrong-host certificates are refused by a verifying client") {
    const auto& pki = shared_pki();
    {
        // Client trusts only the test CA; the server presents a leaf of the other CA.
        auto srv = start_embedded_server(tls_config(pki.other_server));
        TlsClient c(srv->port(), trusting(pki));
        CHECK_FALSE(c.ok());
        CHECK(c.verify_result() == X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY);
        // The same server is fine for a client that trusts the other CA (the refusal was trust).
        TlsClientOptions o;
        o.ca_file = pki.other_ca.cert.string();
        TlsClient d(srv->port(), o);
        CHECK(d.ok());
    }
    {
        // The server's certificate against a client that trusts a different CA.
        auto srv = start_embedded_server(tls_config(pki.server));
        TlsClientOptions o;
        o.ca_file = pki.other_ca.cert.string();
        TlsClient c(srv->port(), o);
        CHECK_FALSE(c.ok());
    }
    {
        auto srv = start_embedded_server(tls_config(pki.expired_server));
        TlsClient c(srv->port(), trusting(pki));
        CHECK_FALSE(c.ok());
        CHECK(c.verify_result() == X509_V_ERR_CERT_HAS_EXPIRED);
    }
    {
        auto srv = start_embedded_server(tls_config(pki.wrong_host_server));
        TlsClient c(srv->port(), trusting(pki));
        CHECK_FALSE(c.ok());
        // Host-name verification happens in the verify callback: the chain itself is valid.
        TlsClientOptions o = trusting(pki);
        o.verify_host = "wrong.invalid";
        TlsClient d(srv->port(), o);
        CHECK(d.ok());
    }
}

TEST_CASE("server TLS: a plaintext client on the TLS port gets no answer and the server stays up") {
    const auto& pki = shared_pki();
    auto srv = start_embedded_server(tls_config(pki.server));
    {
        TcpClient plain(srv->port(), 0, 5000);
        REQUIRE(plain.send_all(http_post(json_1plus1(), "application/json", "application/json")));
        std::string got = plain.read_to_eof();
        CHECK(got.find("HTTP/1.1 200") == std::string::npos);
        CHECK(got.find("@value") == std::string::npos);
    }
    TlsClient c(srv->port(), trusting(pki));
    REQUIRE(c.ok());
    REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 200);
}

TEST_CASE("server TLS: protocol versions, no ALPN, client certificates not required") {
    const auto& pki = shared_pki();
    auto cfg = tls_config(pki.server);
    cfg.tls.protocols = {"TLSv1.2"};
    auto srv = start_embedded_server(cfg);
    auto o = trusting(pki);
    o.offer_alpn_http11 = false;
    o.client_cert = pki.client.cert.string();
    o.client_key = pki.client.key.string();
    TlsClient c(srv->port(), o);
    REQUIRE_MESSAGE(c.ok(), c.handshake_error().message());
    CHECK(c.protocol_version() == "TLSv1.2");
    CHECK(c.alpn().empty());
    REQUIRE(c.send_all(http_post(json_1plus1(), "application/json", "application/json")));
    auto r = c.read_response();
    REQUIRE(r);
    CHECK(r->status == 200);

    auto srv13 = start_embedded_server(tls_config(pki.server));
    TlsClient d(srv13->port(), trusting(pki));
    REQUIRE(d.ok());
    CHECK(d.protocol_version() == "TLSv1.3");
}

TEST_CASE("server TLS: PKCS12 keystore (ssl.keyStore) works; bad key material fails start() clearly") {
    const auto& pki = shared_pki();
    server::ServerConfig cfg;
    cfg.tls.pkcs12_file = pki.server_p12.string();
    cfg.tls.pkcs12_password = pki.p12_password;
    {
        auto srv = start_embedded_server(cfg);
        TlsClient c(srv->port(), trusting(pki));
        CHECK(c.ok());
    }
    auto start_error = [](server::ServerConfig c) {
        try {
            start_embedded_server(c);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    cfg.tls.pkcs12_password = "not-the-password";
    std::string e = start_error(cfg);
    CHECK(e.find("keystore") != std::string::npos);
    CHECK(e.find("not-the-password") == std::string::npos);

    server::ServerConfig mismatch;
    mismatch.tls.cert_file = pki.server.cert.string();
    mismatch.tls.key_file = pki.other_server.key.string();
    CHECK(start_error(mismatch).find("does not match") != std::string::npos);

    server::ServerConfig missing;
    missing.tls.cert_file = (pki.dir / "nope.crt").string();
    missing.tls.key_file = pki.server.key.string();
    CHECK(start_error(missing).find("nope.crt") != std::string::npos);

    server::ServerConfig no_key;
    no_key.tls.cert_file = pki.server.cert.string();
    CHECK(start_error(no_key).find("--tls-key") != std::string::npos);
}

TEST_CASE("server TLS: a long ws37 stream and pipelined http4 requests complete over TLS") {
    const auto& pki = shared_pki();
    auto srv = start_embedded_server(tls_config(pki.server));
    TlsClient w(srv->port(), trusting(pki));
    REQUIRE(w.ok());
    RawWs<TlsClient> ws(w);
    REQUIRE(ws.upgrade());
    auto walk = ws_eval("g.V().repeat(both()).times(8)", 3);
    walk.args = model::Value::map({model::Value::string("gremlin"),
                                   model::Value::string("g.V().repeat(both()).times(8)"),
                                   model::Value::string("batchSize"), model::Value::int_(64)});
    REQUIRE(ws.send(walk));
    // Two more requests behind it on the same connection, answered after or between its frames.
    REQUIRE(ws.send(ws_eval("40+2", 4)));
    REQUIRE(ws.send(ws_eval("g.V().count()", 5)));
    std::size_t items = 0;
    std::map<std::uint8_t, std::int64_t> small;
    bool walk_done = false;
    while (!walk_done || small.size() < 2) {
        auto r = ws.read_response();
        REQUIRE(r);
        REQUIRE(r->header.request_id);
        auto id = (*r->header.request_id)[15];
        if (id == 3) {
            if (r->data.type() == model::Type::list) items += r->data.kids().size();
            if (io::ws37::is_final(r->header.code)) {
                CHECK(r->header.code == 200);
                walk_done = true;
            }
        } else {
            CHECK(r->header.code == 200);
            small[id] = first_number(*r).value_or(-1);
        }
    }
    CHECK(items == 5910);
    CHECK(small[4] == 42);
    CHECK(small[5] == 6);

    // http4: three requests written at once (pipelined) on one TLS connection.
    TlsClient c(srv->port(), trusting(pki));
    REQUIRE(c.ok());
    std::string three;
    for (int i = 1; i <= 3; ++i)
        three += http_post(R"({"gremlin":")" + std::to_string(i) + R"(+100","language":"gremlin-groovy"})",
                           "application/json", "application/json");
    REQUIRE(c.send_all(three));
    for (int i = 1; i <= 3; ++i) {
        auto r = c.read_response();
        REQUIRE(r);
        CHECK(r->status == 200);
        CHECK(r->body.find(R"({"@type":"g:Int32","@value":)" + std::to_string(100 + i) + "}") !=
              std::string::npos);
    }
}
