#pragma once
// The values that cross the backend seam (backend.hpp) per request: the Request the engine
// issues and the Outcome a backend returns. No Asio, so pure protocol cores (e.g. ws37's pending
// table, which keeps an Outcome per slot) can use them.
#include <tpbench/model/value.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace tpbench::engine {

using Clock = std::chrono::steady_clock;

// One Gremlin request as the engine issues it.
struct Request {
    std::string gremlin;                                    // script text (or a traversal in gremlin-lang)
    model::Value bindings = model::Value::map();            // script variables
    std::optional<model::Value> bytecode;                   // ws37: send op=bytecode instead of eval
    std::string language;                                   // "" = backend default
    std::int32_t batch_size = 64;                           // resultIterationBatchSize sent as batchSize
    std::optional<std::int64_t> server_timeout_ms;          // evaluationTimeout / timeoutMs
    bool materialize_tokens = false;                        // materializeProperties=tokens
    Clock::time_point deadline = Clock::time_point::max();  // client-side per-request deadline
    bool keep_results = false;                              // materialise result values into Outcome::results
    // Transactions (workload "tx" groups; docs/usage.md "Transactions in a workload"): the session
    // or transaction this request belongs to, "" = none. ws37 sends it as the `session` argument
    // with processor "session"; http4 as the transactionId field and X-Transaction-Id header,
    // except on the begin request (tx_begin), whose id the server assigns (Outcome::transaction_id).
    std::string session;
    bool tx_begin = false;
};

// Everything the engine counts about one request. Times are steady_clock points so the engine can
// derive latency from the intended or the actual send time.
struct Outcome {
    std::error_code error;                // empty = success; tpbench::errc values otherwise
    std::int32_t status_code = 0;         // protocol status (ws37 final code / http4 footer code)
    std::string status_message;           // server message on error
    Clock::time_point sent{};             // request fully handed to the socket
    Clock::time_point first_byte{};       // first byte of the response arrived
    Clock::time_point first_result{};     // first result item decoded (== last when none)
    Clock::time_point done{};             // final message / footer decoded
    std::uint64_t bytes_out = 0;          // request bytes on the wire (frame/HTTP incl. headers)
    std::uint64_t bytes_in = 0;           // response bytes on the wire
    std::uint64_t result_count = 0;       // results as a user would iterate them (bulks expanded)
    std::uint64_t partial_responses = 0;  // ws37: 206 messages; http4: body chunks
    std::uint32_t reconnects = 0;         // http4: connections re-opened for this request after
                                          // the server closed a keep-alive connection
    std::vector<model::Value> results;    // filled only when Request::keep_results
    std::string transaction_id;           // http4: the response's X-Transaction-Id ("" = none)
};

}  // namespace tpbench::engine
