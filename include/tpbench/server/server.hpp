#pragma once
// tpbench serve — the embedded reference server: TinkerPop 3.7 WebSocket (ws37) and TinkerPop 4
// HTTP (http4) on one port over an in-memory graph. Usable in-process: start() runs it on its own
// threads and returns a handle; the handle's destructor (or stop()) shuts it down cleanly.
// Depends on io + model + gremlin only — never on the client engine or backends.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tpbench::server {

// Knobs with Gremlin Server's defaults (profiling-application.md §8).
struct ServerConfig {
    std::string host = "127.0.0.1";          // binding elsewhere is an explicit choice
    std::uint16_t port = 8182;               // 0 = ephemeral (see ServerHandle::port())
    unsigned thread_pool_worker = 1;         // I/O threads
    unsigned gremlin_pool = 0;               // evaluation workers, 0 = hardware cores
    std::size_t max_work_queue_size = 8192;  // full -> 429
    std::chrono::milliseconds evaluation_timeout{30000};  // 0 = none
    std::int32_t result_iteration_batch_size = 64;        // per-request batchSize wins
    std::size_t write_buffer_high_water_mark = 65536;     // bytes queued per connection
    std::size_t write_buffer_low_water_mark = 32768;
    std::size_t max_content_length = 10 * 1024 * 1024;    // request / frame limit
    std::chrono::milliseconds idle_connection_timeout{0}; // 0 = disabled
    bool int_vertex_ids = false;             // true: createModern() Int ids instead of stock Long ids
    bool load_modern = true;                 // start with the modern graph loaded
    std::optional<std::string> graph_file;   // GraphSON 3.0 adjacency file to load instead
    std::uint8_t http4_version_byte = 0x84;  // GraphBinary 4 response version byte (0x81 for master-http)
    // http4 script language when a request names none: "" = by generation (gremlin-lang for
    // version byte >= 0x84 as in 4.0.0-beta.1+, gremlin-groovy for 0x81 / master-http).
    std::string http4_default_language;
    std::size_t max_parameters = 16;         // script bindings per request (maxParameters)
};

// Applies gremlin-server.yaml keys that matter here (host, port, threadPoolWorker, gremlinPool,
// maxWorkQueueSize, evaluationTimeout/timeoutMillis, resultIterationBatchSize,
// writeBufferHighWaterMark, writeBufferLowWaterMark, maxContentLength/maxRequestContentLength,
// idleConnectionTimeout). Throws std::runtime_error naming the key on a bad value.
void apply_yaml_config(ServerConfig& cfg, const std::string& yaml_text);

// Checks the knobs for consistency (batch size >= 1, low <= high water mark, …). Throws
// std::runtime_error naming the knob. start() calls it too.
void validate_config(const ServerConfig& cfg);

class ServerHandle {
public:
    virtual ~ServerHandle() = default;
    virtual std::uint16_t port() const noexcept = 0;  // the bound port (ephemeral resolved)
    virtual const std::string& host() const noexcept = 0;
    // Stops accepting, closes connections, joins threads. Idempotent.
    virtual void stop() = 0;
    // Blocks until stop() is called from another thread or a signal handler asked to stop.
    virtual void wait() = 0;
};

// Binds and starts serving on background threads (thread_pool_worker I/O threads, each with its
// own io_context, plus gremlin_pool evaluation threads). Loads the graph (modern or graph_file).
// Throws std::runtime_error (with the address) when the port cannot be bound, and on a bad config
// or unreadable/malformed graph file.
std::unique_ptr<ServerHandle> start(const ServerConfig& cfg);

}  // namespace tpbench::server
