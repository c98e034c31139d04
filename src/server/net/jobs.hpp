#pragma once
// Request jobs: evaluate one request with the Gremlin evaluator and stream its results into the
// connection's Outbox as ws37 ResponseMessages (206…200/204/errors) or as one http4 chunked
// response (head, one chunk per batch, footer, trailers). No Asio: a job runs on a gremlinPool
// thread (where it may block on back-pressure) or, for known-cheap requests, on the I/O thread in
// "inline" mode, where it never blocks and yields as soon as it would have to send a partial batch.
#include "outbox.hpp"
#include "protocol.hpp"
#include "work_pool.hpp"

#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>
#include <tpbench/server/gremlin.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

struct z_stream_s;

namespace tpbench::server::detail {

using Clock = std::chrono::steady_clock;

enum class JobStep : std::uint8_t {
    done,     // the response is complete (or the connection went away)
    yielded,  // inline mode only: call run(false) again on a pool thread to continue
};

// Encoded element bytes per request, keyed by Item::element_key (each distinct element is
// materialised and encoded once per request, then copied). Bounded in total size.
class ElementCache {
public:
    // Returns the cached bytes for the item or nullptr.
    const std::string* find(const void* key) const {
        auto it = map_.find(key);
        return it == map_.end() ? nullptr : &it->second;
    }
    // Stores bytes unless the cache is full; returns a reference to the stored (or given) bytes.
    const std::string& put(const void* key, std::string bytes);

private:
    static constexpr std::size_t max_bytes_ = 16u << 20;
    std::unordered_map<const void*, std::string> map_;
    std::size_t bytes_ = 0;
    std::string overflow_;
};

// Graceful shutdown (ServerHandle::shutdown) as the jobs see it: `live` counts the jobs that
// exist (the shutdown waits for it to reach 0 within its grace period); once `end_streams` is
// set, a job still streaming ends its response with the server's "shutting down" error at its
// next batch (http4 503 in the footer and trailers, ws37 596 SERVER_ERROR_TEMPORARY).
struct JobShutdown {
    std::atomic<std::size_t> live{0};
    std::atomic<bool> end_streams{false};
};

// The final error of a response ended by the shutdown.
inline constexpr std::string_view kShutdownMessage =
    "tpbench serve is shutting down: the response ends here (its grace period is over)";

class Job {
public:
    virtual ~Job() {
        if (shutdown_) shutdown_->live.fetch_sub(1, std::memory_order_relaxed);
    }
    // Counts this job in `s` until it is destroyed (dispatch_job).
    void track(JobShutdown& s) noexcept {
        shutdown_ = &s;
        s.live.fetch_add(1, std::memory_order_relaxed);
    }
    // True once the shutdown's grace period is over: the response ends with its error.
    bool ending() const noexcept {
        return shutdown_ != nullptr && shutdown_->end_streams.load(std::memory_order_relaxed);
    }
    // Runs the job. inline_mode: never blocks and returns yielded before sending a non-final
    // batch or once `yield_at` passes. Never throws for bad input; evaluator errors become
    // protocol errors.
    virtual JobStep run(bool inline_mode, Clock::time_point yield_at = Clock::time_point::max()) = 0;
    // Answers the request with "too many requests" (gremlinPool queue full).
    virtual void reject_rate_limited() = 0;
    // Answers the request with the server's "memory budget exhausted" error (ws37 596
    // SERVER_ERROR_TEMPORARY, http4 503 ServiceUnavailableException) carrying `message`. A job kind
    // without its own answer refuses it as "too many requests".
    virtual void reject_over_budget(std::string message) {
        (void)message;
        reject_rate_limited();
    }
    // Answers the request with the server's "shutting down" error (a request arriving during the
    // shutdown's grace period, or queued when it ended): ws37 596, http4 503, like
    // reject_over_budget but naming the shutdown.
    virtual void reject_shutting_down(std::string message) { reject_over_budget(std::move(message)); }
    // The request's size as received (frame or body bytes): what MemoryBudget::request_charge is
    // computed from (0 = unknown: charged the base only).
    virtual std::size_t request_bytes() const { return 0; }
    // True when the whole response fit in one message/chunk (used to learn cheap scripts).
    virtual bool single_batch() const = 0;
    // After an unexpected exception inside run(): the response cannot be completed, so the
    // connection is closed (its writer ends) rather than left waiting for the rest.
    virtual void abort() = 0;

    // The request's claim on the server's memory budget, released with the job (dispatch_job).
    MemoryBudget::Lease budget_lease;

private:
    JobShutdown* shutdown_ = nullptr;
};

// ---- ws37 -------------------------------------------------------------------------------------------

struct Ws37JobParams {
    std::shared_ptr<Outbox> outbox;
    Graph* graph = nullptr;
    io::ws37::Format format = io::ws37::Format::graphbinary_v1;
    bool text_frames = false;
    model::Uuid request_id{};
    Ws37Plan plan;
    std::int32_t batch_size = 64;
    std::int64_t timeout_ms = 0;                // effective evaluationTimeout (for messages)
    std::optional<Clock::time_point> deadline;  // from submission
    std::string host;                           // "/127.0.0.1:PORT" for the final attributes
    std::size_t max_frame = 10u << 20;
    std::size_t request_bytes = 0;  // the request frame's size (memory budget charge)
    // Fault injection: close the connection once this many results were sent (-1 = never).
    std::int64_t drop_after_results = -1;
    // Tests: produce the result stream instead of evaluating the plan.
    std::function<std::unique_ptr<ResultStream>()> stream_factory;
};

std::unique_ptr<Job> make_ws37_job(Ws37JobParams p);

// Queues one complete ws37 response with no result data (errors, 204 for session close).
// `releases_request`: this is the final message of a dispatched request, whose requestId leaves
// the connection's in-flight set when the writer takes it (rejections before dispatch: false).
void push_ws37_status(Outbox& ob, io::ws37::Format f, bool text, const std::optional<model::Uuid>& id,
                      std::int32_t code, std::string message, model::Value attributes = model::Value::map(),
                      bool releases_request = false);

// ---- http4 ------------------------------------------------------------------------------------------

struct Http4JobParams {
    std::shared_ptr<Outbox> outbox;
    Graph* graph = nullptr;
    io::http4::Request request;
    io::http4::ResponseFormat format = io::http4::ResponseFormat::graphbinary_v4;
    std::string content_type;
    std::string language;  // effective language
    bool deflate = false;
    bool bulked = false;  // effective (gremlin-lang + GraphBinary + asked)
    bool keep_alive = true;
    std::int32_t batch_size = 64;
    std::uint8_t version = 0x84;
    std::size_t max_parameters = 16;
    std::optional<Clock::time_point> deadline;
    std::size_t request_bytes = 0;  // the request body's size (memory budget charge)
    // Fault injection: close the connection once this many results were sent (-1 = never).
    std::int64_t drop_after_results = -1;
    // Tests, and statements inside a transaction (sessions.hpp): produce the result stream
    // instead of evaluating the request.
    std::function<std::unique_ptr<ResultStream>()> stream_factory;
    // Extra response head lines, each ending in CRLF (X-Transaction-Id inside a transaction).
    std::string extra_headers;
};

std::unique_ptr<Job> make_http4_job(Http4JobParams p);

// A complete http4 error response whose status line carries the error (head not sent yet):
// chunked body with no items and the status footer, trailers code/exception. Not compressed.
std::string http4_status_error_response(io::http4::ResponseFormat f, std::string_view content_type,
                                        std::uint8_t version, std::int32_t code, std::string_view message,
                                        std::string_view exception, bool keep_alive);

}  // namespace tpbench::server::detail
