// gremlin-server.yaml subset: the top-level scalar keys that tune the embedded server.
#include <tpbench/server/server.hpp>

#include <charconv>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tpbench::server {
namespace {

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// Removes a trailing " # comment" and surrounding quotes.
std::string scalar(std::string_view v, std::size_t line_no, std::string_view key) {
    v = trim(v);
    if (!v.empty() && (v.front() == '"' || v.front() == '\'')) {
        char q = v.front();
        auto end = v.find(q, 1);
        if (end == std::string_view::npos)
            throw std::runtime_error("config line " + std::to_string(line_no) + ": unterminated quote in value of '" +
                                     std::string(key) + "'");
        return std::string(v.substr(1, end - 1));
    }
    auto hash = v.find(" #");
    if (hash != std::string_view::npos) v = trim(v.substr(0, hash));
    return std::string(v);
}

std::uint64_t parse_uint(const std::string& v, std::string_view key, std::uint64_t max) {
    std::uint64_t out = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || p != v.data() + v.size() || v.empty() || out > max)
        throw std::runtime_error("config key '" + std::string(key) + "': expected an integer in [0, " +
                                 std::to_string(max) + "], got '" + v + "'");
    return out;
}

}  // namespace

void apply_yaml_config(ServerConfig& cfg, const std::string& yaml_text) {
    std::string_view text = yaml_text;
    std::size_t line_no = 0;
    while (!text.empty()) {
        auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        ++line_no;
        // Only unindented `key: value` lines are settings; nested sections (graphs, serializers,
        // scriptEngines, …) and comments are skipped.
        if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-') continue;
        if (trim(line) == "---" || trim(line).empty()) continue;
        auto colon = line.find(':');
        if (colon == std::string_view::npos)
            throw std::runtime_error("config line " + std::to_string(line_no) + ": expected 'key: value'");
        std::string key(trim(line.substr(0, colon)));
        std::string v = scalar(line.substr(colon + 1), line_no, key);
        if (v.empty() || v.front() == '{' || v.front() == '[') continue;  // section or flow collection
        constexpr auto u32 = std::numeric_limits<std::uint32_t>::max();
        constexpr auto i32 = static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
        if (key == "host") {
            cfg.host = v == "localhost" ? "127.0.0.1" : v;
        } else if (key == "port") {
            cfg.port = static_cast<std::uint16_t>(parse_uint(v, key, 65535));
        } else if (key == "threadPoolWorker") {
            auto n = parse_uint(v, key, 1024);
            if (n == 0) throw std::runtime_error("config key 'threadPoolWorker': must be at least 1");
            cfg.thread_pool_worker = static_cast<unsigned>(n);
        } else if (key == "gremlinPool") {
            cfg.gremlin_pool = static_cast<unsigned>(parse_uint(v, key, 4096));
        } else if (key == "maxWorkQueueSize") {
            cfg.max_work_queue_size = parse_uint(v, key, u32);
        } else if (key == "evaluationTimeout" || key == "timeoutMillis" || key == "scriptEvaluationTimeout") {
            cfg.evaluation_timeout = std::chrono::milliseconds(parse_uint(v, key, i32 * 1000));
        } else if (key == "resultIterationBatchSize") {
            auto n = parse_uint(v, key, i32);
            if (n == 0) throw std::runtime_error("config key 'resultIterationBatchSize': must be at least 1");
            cfg.result_iteration_batch_size = static_cast<std::int32_t>(n);
        } else if (key == "writeBufferHighWaterMark") {
            cfg.write_buffer_high_water_mark = parse_uint(v, key, u32);
        } else if (key == "writeBufferLowWaterMark") {
            cfg.write_buffer_low_water_mark = parse_uint(v, key, u32);
        } else if (key == "maxContentLength" || key == "maxRequestContentLength") {
            auto n = parse_uint(v, key, u32);
            if (n < 1024) throw std::runtime_error("config key '" + key + "': must be at least 1024");
            cfg.max_content_length = n;
        } else if (key == "idleConnectionTimeout" || key == "idleConnectionTimeoutMillis") {
            cfg.idle_connection_timeout = std::chrono::milliseconds(parse_uint(v, key, i32 * 1000));
        }
        // Other keys (channelizer, graphs, ssl, authentication, …) do not apply to this server.
    }
    validate_config(cfg);
}

void validate_config(const ServerConfig& cfg) {
    if (cfg.thread_pool_worker == 0) throw std::runtime_error("threadPoolWorker must be at least 1");
    if (cfg.result_iteration_batch_size <= 0) throw std::runtime_error("resultIterationBatchSize must be at least 1");
    if (cfg.write_buffer_low_water_mark > cfg.write_buffer_high_water_mark)
        throw std::runtime_error("writeBufferLowWaterMark (" + std::to_string(cfg.write_buffer_low_water_mark) +
                                 ") must not exceed writeBufferHighWaterMark (" +
                                 std::to_string(cfg.write_buffer_high_water_mark) + ")");
    if (cfg.max_content_length < 1024) throw std::runtime_error("maxContentLength must be at least 1024");
    if (cfg.http4_version_byte < 0x80) throw std::runtime_error("the http4 version byte must have its top bit set");
    if (cfg.host.empty()) throw std::runtime_error("host must not be empty");
}

}  // namespace tpbench::server
