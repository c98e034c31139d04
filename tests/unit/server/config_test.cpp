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
    CHECK(bad("writeBufferHighWaterMark: 10\nwriteBufferLowWaterMark: 20\n").find("writeBufferLowWaterMark") !=
          std::string::npos);
    CHECK(bad("just text\n").find("line 1") != std::string::npos);
    CHECK(bad("host: \"unterminated\n").find("host") != std::string::npos);
    CHECK(bad("port: 8182\nunknownKey: 1\n").empty());
}
