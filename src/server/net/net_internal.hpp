#pragma once
// Shared internals of the Beast-based listener (server.cpp), the http4 endpoint
// (http4_endpoint.cpp) and the ws37 session (ws_session.cpp plain, ws_session_tls.cpp over TLS).
// Heavy includes: only these translation units include it.
#include "auth_gate.hpp"
#include "fault_plan.hpp"
#include "jobs.hpp"
#include "outbox.hpp"
#include "sessions.hpp"
#include "work_pool.hpp"

#include <tpbench/server/gremlin.hpp>
#include <tpbench/server/server.hpp>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tpbench::server::detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;

// Requests whose earlier runs were cheap (one batch, well under the inline budget) run on the I/O
// thread when a pool worker is idle, skipping two thread hops. Keyed by protocol + language +
// script; only requests without bindings qualify. Invalidated when the graph's size changes.
class CheapScripts {
public:
    bool contains(const std::string& key, std::size_t graph_size) const {
        std::shared_lock lk(m_);
        auto it = map_.find(key);
        return it != map_.end() && it->second == graph_size;
    }
    void learn(const std::string& key, std::size_t graph_size, bool cheap) {
        std::unique_lock lk(m_);
        if (!cheap) {
            map_.erase(key);
            return;
        }
        if (map_.size() >= 4096) map_.clear();
        map_[key] = graph_size;
    }

private:
    mutable std::shared_mutex m_;
    std::unordered_map<std::string, std::size_t> map_;
};

// Everything the connections share. Lives until all I/O and pool threads are joined.
struct ServerState {
    explicit ServerState(std::size_t memory_budget) : budget(memory_budget) {}
    // `--memory-budget`: what the requests in progress and the responses buffered for their
    // readers may claim together (dispatch_job, Outbox). Declared first, so it outlives every
    // job lease and outbox the members below may still hold when the state is destroyed.
    MemoryBudget budget;
    ServerConfig cfg;
    std::unique_ptr<Graph> graph;
    std::unique_ptr<WorkPool> pool;
    CheapScripts cheap;
    // `--fault` specs; null without any (the request paths check only this pointer).
    std::unique_ptr<FaultPlan> faults;
    // ws37 `session` processor sessions and 4.0 HTTP transactions (sessions.hpp).
    SessionTable ws_sessions;
    SessionTable http_transactions;
    std::atomic<bool> stopping{false};
    // Graceful shutdown (Server::shutdown): `draining` once it began (new requests are refused
    // with the shutdown's error), the jobs' count and end-of-grace flag.
    std::atomic<bool> draining{false};
    JobShutdown jobs;
    // ws37 response writes (socket writes by the connections' writers, counted as they start) and
    // the frames they carry (ServerStats; relaxed counters).
    std::atomic<std::uint64_t> ws37_writes{0};
    std::atomic<std::uint64_t> ws37_frames{0};
    // Requests refused over the budget while being read, and reads ended by request_read_timeout
    // (ServerStats; relaxed counters).
    std::atomic<std::uint64_t> budget_refused_reads{0};
    std::atomic<std::uint64_t> read_timeouts{0};

    // Open connections' outboxes, closed on shutdown so blocked producers return. Weak: an
    // outbox whose connection ended (even through an exception) is simply skipped.
    std::mutex outboxes_m;
    std::unordered_map<Outbox*, std::weak_ptr<Outbox>> outboxes;
    void register_outbox(const std::shared_ptr<Outbox>& o) {
        std::lock_guard lk(outboxes_m);
        outboxes[o.get()] = o;
    }
    void unregister_outbox(Outbox* o) {
        std::lock_guard lk(outboxes_m);
        outboxes.erase(o);
    }
    // Graceful shutdown: every WebSocket connection's writer sends a close 1001 (going away)
    // after what is queued before it (Outbox::Entry::close_code).
    void go_away_websockets() {
        std::vector<std::shared_ptr<Outbox>> live;
        {
            std::lock_guard lk(outboxes_m);
            for (auto& [p, w] : outboxes)
                if (auto o = w.lock(); o && o->websocket()) live.push_back(std::move(o));
        }
        for (auto& o : live) {
            Outbox::Entry e;
            e.close_code = 1001;
            e.last = true;
            o->push(std::move(e));
        }
    }
    // After go_away_websockets(): true when no open connection has response bytes queued and
    // every WebSocket finished its close handshake (its writer closes the outbox after it).
    bool outboxes_drained() {
        std::lock_guard lk(outboxes_m);
        for (auto& [p, w] : outboxes) {
            auto o = w.lock();
            if (!o || o->closed()) continue;
            if (o->websocket() || o->queued_bytes() != 0 || o->queued_entries() != 0) return false;
        }
        return true;
    }
    void close_all_outboxes() {
        std::vector<std::shared_ptr<Outbox>> live;
        {
            std::lock_guard lk(outboxes_m);
            for (auto& [p, w] : outboxes)
                if (auto o = w.lock()) live.push_back(std::move(o));
        }
        for (auto& o : live) o->close();
    }
    std::size_t graph_size() const { return graph->vertex_count() + graph->edge_count(); }
};

// The writer side of an Outbox on one io_context: a timer that producers cancel (via a posted
// handler) to wake the writer coroutine.
struct WakeTimer {
    explicit WakeTimer(asio::any_io_executor ex) : timer(ex) {}
    asio::steady_timer timer;
};

// Creates an Outbox for a connection on `ex`, registered with the state for shutdown.
std::shared_ptr<Outbox> make_connection_outbox(ServerState& st, asio::any_io_executor ex,
                                               std::shared_ptr<WakeTimer>& wake);

// Runs `job` under gremlinPool semantics: inline on the calling (I/O) thread when `cheap_key` is
// known cheap and a worker is idle, else queued (full queue => job->reject_rate_limited()).
void dispatch_job(ServerState& st, std::shared_ptr<Job> job, std::string cheap_key);

// A request refused over the memory budget (needing `charge`): logs the first few and every
// thousandth, and returns the refusal text for the client.
std::string note_budget_refusal(ServerState& st, std::size_t charge);

// The TLS stream of a `--tls-cert` server (the plain one is beast::tcp_stream).
using TlsStream = beast::ssl_stream<beast::tcp_stream>;

// The ws37 session after a WebSocket upgrade request on /gremlin, over plain TCP or TLS (two
// instantiations of one template, in ws_session.cpp and ws_session_tls.cpp). Runs until the peer
// closes. On the connection's I/O thread.
// `slow_read` > 0: a slow-read fault (fault_plan.hpp) on this connection.
asio::awaitable<void> run_ws37_session(std::shared_ptr<ServerState> st, beast::tcp_stream stream,
                                       http::request<http::string_body> req, std::string host,
                                       std::chrono::milliseconds slow_read = {});
asio::awaitable<void> run_ws37_session(std::shared_ptr<ServerState> st, TlsStream stream,
                                       http::request<http::string_body> req, std::string host,
                                       std::chrono::milliseconds slow_read = {});

struct UuidHash {
    std::size_t operator()(const model::Uuid& u) const noexcept {
        std::size_t h = 1469598103934665603ull;
        for (auto b : u) h = (h ^ b) * 1099511628211ull;
        return h;
    }
};

// Per-ws37-connection state shared by its reader and writer coroutines, which both run on the
// connection's I/O thread (no locking).
struct Ws37Connection {
    // SASL PLAIN when the server has credentials (auth_gate.hpp); empty = open.
    std::optional<Ws37AuthGate> gate;
    // requestIds dispatched and not yet finished: added by the reader when a job starts, removed
    // by the writer when it takes the request's final message (Outbox::Entry::releases_request).
    std::unordered_set<model::Uuid, UuidHash> in_flight;
    // `--fault` only (empty / zero otherwise): requests whose response the writer alters
    // (drop-after-bytes, stalls, corrupt=length; by the requestId their messages carry, with the
    // payload bytes sent so far), the previous request's id (request-id=duplicate), slow-read.
    struct WriterFault {
        FaultDecision decision;
        std::uint64_t sent = 0;
    };
    std::unordered_map<model::Uuid, WriterFault, UuidHash> faulted;
    std::optional<model::Uuid> previous_request_id;
    std::chrono::milliseconds slow_read{0};
};

// One ws37 frame: decoding (a malformed frame gets 499 saying what was wrong), the SASL gate,
// validation, duplicate in-flight requestIds (500), job dispatch; every answer goes to `ob`.
// Stream-independent (ws_session.cpp); on the connection's I/O thread.
void handle_ws37_frame(ServerState& st, const std::shared_ptr<Outbox>& ob, std::string_view frame, bool text,
                       const std::string& host, Ws37Connection& conn);

// The message for a request whose requestId is still in flight on the same connection.
std::string ws37_duplicate_request_message(const model::Uuid& id);

// Logs an exception that escaped a connection coroutine (never a bare `detached`).
void log_escaped(std::exception_ptr e, const char* what);

}  // namespace tpbench::server::detail
