#include <tpbench/server/server.hpp>

#include <doctest/doctest.h>

#include <stdexcept>

using tpbench::server::ServerConfig;

TEST_CASE("apply_yaml_config reads the top-level gremlin-server.yaml keys") {
    ServerConfig c;
    tpbench::server::apply_yaml_config(c, R"(# Gremlin Server config
host: localhost
port: 0
evaluationTimeout: 1500
channelizer: org.apache.tinkerpop.gremlin.server.channel.WebSocketChannelizer
graphs: {
  graph: conf/tinkergraph-empty.properties}
scriptEngines: {
  gremlin-groovy: {
    plugins: { org.apache.tinkerpop.gremlin.server.jsr223.GremlinServerGremlinPlugin: {}}}}
serializers:
  - { className: org.apache.tinkerpop.gremlin.util.ser.GraphBinaryMessageSerializerV1 }
threadPoolWorker: 2
gremlinPool: 3   # comment
maxWorkQueueSize: "100"
resultIterationBatchSize: 16
writeBufferHighWaterMark: 1000
writeBufferLowWaterMark: 500
maxContentLength: 2048
idleConnectionTimeout: 7000
)");
    CHECK(c.host == "127.0.0.1");
    CHECK(c.port == 0);
    CHECK(c.evaluation_timeout.count() == 1500);
    CHECK(c.thread_pool_worker == 2);
    CHECK(c.gremlin_pool == 3);
    CHECK(c.max_work_queue_size == 100);
    CHECK(c.result_iteration_batch_size == 16);
    CHECK(c.write_buffer_high_water_mark == 1000);
    CHECK(c.write_buffer_low_water_mark == 500);
    CHECK(c.max_content_length == 2048);
    CHECK(c.idle_connection_timeout.count() == 7000);

    ServerConfig d;
    tpbench::server::apply_yaml_config(d, "timeoutMillis: 10\nmaxRequestContentLength: 4096\n");
    CHECK(d.evaluation_timeout.count() == 10);
    CHECK(d.max_content_length == 4096);
}

TEST_CASE("apply_yaml_config rejects bad values, naming the key") {
    auto bad = [](const char* text) {
        ServerConfig c;
        try {
            tpbench::server::apply_yaml_config(c, text);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(bad("port: 70000\n").find("'port'") != std::string::npos);
    CHECK(bad("port: eighty\n").find("'port'") != std::string::npos);
    CHECK(bad("gremlinPool: -1\n").find("'gremlinPool'") != std::string::npos);
    CHECK(bad("resultIterationBatchSize: 0\n").find("resultIterationBatchSize") != std::string::npos);
    CHECK(bad("threadPoolWorker: 0\n").find("threadPoolWorker") != std::string::npos);
    CHECK(
        bad("writeBufferHighWaterMark: 10\nwriteBufferLowWaterMark: 20\n").find("writeBufferLowWaterMark") !=
        std::string::npos);
    CHECK(bad("just text\n").find("line 1") != std::string::npos);
    CHECK(bad("host: \"unterminated\n").find("host") != std::string::npos);
    CHECK(bad("port: 8182\nunknownKey: 1\n").empty());
}

namespace {
std::string config_error(const char* text, bool validate = false) {
    ServerConfig c;
    try {
        tpbench::server::apply_yaml_config(c, text);
        if (validate) tpbench::server::validate_config(c);
    } catch (const std::runtime_error& e) {
        return std::string(e.what());
    }
    return std::string();
}
}  // namespace

TEST_CASE("apply_yaml_config: ssl and authentication sections, flow and block style") {
    // The stock gremlin-server-secure.yaml shape (3.7): flow style over several lines, comments
    // inside, a trailing comma before the closing brace.
    ServerConfig c;
    tpbench::server::apply_yaml_config(c, R"(host: localhost
authentication: {
  authenticator: org.apache.tinkerpop.gremlin.server.auth.SimpleAuthenticator,
  config: {
    credentialsDb: conf/tinkergraph-credentials.properties}}
ssl: {
  enabled: true,
  sslEnabledProtocols: [TLSv1.2],
  # You must configure a keyStore!
  #keyStore: server.jks,
  #keyStorePassword: changeit
}
port: 8183
)");
    CHECK(c.port == 8183);
    CHECK(c.tls_required);
    CHECK_FALSE(c.tls.enabled());
    CHECK(c.tls.protocols == std::vector<std::string>{"TLSv1.2"});
    CHECK(c.authentication_required);
    CHECK(c.credentials_file.empty());
    // Neither key material nor credentials: refuses to start, naming what is missing.
    CHECK_THROWS_WITH_AS(tpbench::server::validate_config(c), doctest::Contains("ssl is enabled"),
                         std::runtime_error);
    c.tls.cert_file = "s.crt";
    c.tls.key_file = "s.key";
    CHECK_THROWS_WITH_AS(tpbench::server::validate_config(c), doctest::Contains("--credentials"),
                         std::runtime_error);
    c.credentials = tpbench::server::parse_credentials("u:p\n");
    CHECK_NOTHROW(tpbench::server::validate_config(c));

    ServerConfig b;
    tpbench::server::apply_yaml_config(b, R"(ssl:
  enabled: true
  keyStore: /tmp/server.p12     # PKCS12
  keyStorePassword: "change:it"
  keyStoreType: PKCS12
  sslEnabledProtocols:
    - TLSv1.2
    - TLSv1.3
  needClientAuth: NONE
authentication:
  authenticator: org.apache.tinkerpop.gremlin.server.auth.SimpleAuthenticator
  authenticationHandler: org.apache.tinkerpop.gremlin.server.handler.SaslAuthenticationHandler
  config:
    credentialsFile: /tmp/users.txt
gremlinPool: 2
)");
    CHECK(b.tls.pkcs12_file == "/tmp/server.p12");
    CHECK(b.tls.pkcs12_password == "change:it");
    CHECK(b.tls.protocols == std::vector<std::string>{"TLSv1.2", "TLSv1.3"});
    CHECK(b.credentials_file == "/tmp/users.txt");
    CHECK(b.authentication_required);
    CHECK(b.gremlin_pool == 2);

    // Disabled / open sections change nothing.
    ServerConfig d;
    tpbench::server::apply_yaml_config(d,
                                       "ssl: {\n  enabled: false}\nauthentication: {\n  authenticator: "
                                       "org.apache.tinkerpop.gremlin.server.auth.AllowAllAuthenticator,\n  "
                                       "config: {}}\n");
    CHECK_FALSE(d.tls_required);
    CHECK_FALSE(d.authentication_required);
    CHECK_NOTHROW(tpbench::server::validate_config(d));
}

TEST_CASE("apply_yaml_config: security fields tpbench serve cannot honour are refused loudly") {
    CHECK(
        config_error("ssl: {enabled: true, keyStore: a.jks, keyStoreType: JKS}\n").find("keyStoreType JKS") !=
        std::string::npos);
    CHECK(config_error("ssl: {enabled: true, needClientAuth: REQUIRE}\n").find("needClientAuth") !=
          std::string::npos);
    CHECK(config_error("ssl: {enabled: true, sslCipherSuites: [TLS_AES_128_GCM_SHA256]}\n")
              .find("sslCipherSuites") != std::string::npos);
    CHECK(config_error("ssl: {enabled: true, sslEnabledProtocols: [TLSv1.1]}\n").find("TLSv1.1") !=
          std::string::npos);
    CHECK(config_error("ssl: {enabled: true, sslContext: x}\n").find("sslContext") != std::string::npos);
    CHECK(config_error(
              "authentication: {authenticator: org.apache.tinkerpop.gremlin.server.auth.Krb5Authenticator}\n")
              .find("Krb5Authenticator") != std::string::npos);
    CHECK(config_error("authentication: {authenticator: x.SimpleAuthenticator, config: {ldapUrl: y}}\n")
              .find("config.ldapUrl") != std::string::npos);
    CHECK(config_error("authorization: {authorizer: com.example.MyAuthorizer}\n").find("authorizer") !=
          std::string::npos);
    CHECK(config_error("ssl: {enabled: true,\n").find("unbalanced") != std::string::npos);
    // Cert without key / key without cert.
    ServerConfig c;
    c.tls.cert_file = "a.crt";
    CHECK_THROWS_WITH_AS(tpbench::server::validate_config(c), doctest::Contains("--tls-key"),
                         std::runtime_error);
    c.tls.cert_file.clear();
    c.tls.key_file = "a.key";
    CHECK_THROWS_WITH_AS(tpbench::server::validate_config(c), doctest::Contains("--tls-cert"),
                         std::runtime_error);
    // The keyStorePassword never appears in an error.
    std::string e =
        config_error("ssl: {enabled: true, keyStorePassword: hunter2, keyStoreType: JKS, keyStore: k}\n");
    CHECK_FALSE(e.empty());
    CHECK(e.find("hunter2") == std::string::npos);
}

TEST_CASE("apply_yaml_config warns about unknown keys (did you mean) and graphs entries it does not load") {
    ServerConfig c;
    std::vector<std::string> w;
    tpbench::server::apply_yaml_config(c, R"(host: localhost
evaluationTimout: 1500
channelizer: org.apache.tinkerpop.gremlin.server.channel.WebSocketChannelizer
graphs: {
  graph: conf/tinkergraph-empty.properties,
  other: conf/other.properties}
somethingElse: 1
)",
                                       &w);
    REQUIRE(w.size() == 4);
    CHECK(w[0] == "config line 2: unknown key 'evaluationTimout' ignored; did you mean 'evaluationTimeout'?");
    CHECK(w[1].find("config line 4: graphs entry 'graph: conf/tinkergraph-empty.properties' is not loaded") ==
          0);
    CHECK(w[2].find("graphs entry 'other: conf/other.properties' is not loaded") != std::string::npos);
    CHECK(w[3] == "config line 7: unknown key 'somethingElse' ignored");
    CHECK(c.evaluation_timeout != std::chrono::milliseconds(1500));  // the typo did not apply
    // Block style, and a file with only keys tpbench knows: no warning for those.
    std::vector<std::string> w2;
    tpbench::server::apply_yaml_config(c, "graphs:\n  graph: conf/a.properties\nport: 0\nthreadPoolBoss: 1\n",
                                       &w2);
    REQUIRE(w2.size() == 1);
    CHECK(w2[0].find("graphs entry 'graph: conf/a.properties'") != std::string::npos);
}
