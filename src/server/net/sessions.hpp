#pragma once
// Sessions and transactions of the embedded server (docs/usage.md "Sessions and transactions"):
// the ws37 `session` processor (state kept per session id and bound to its connection,
// manageTransaction, close, sessionTimeout) and the 4.0 HTTP transaction protocol of beta.2+
// (g.tx().begin() -> X-Transaction-Id, transactionId on later requests, commit/rollback, the
// 400/404/503/504 errors). Both run statements inside a tpbench::server::Transaction
// (read committed over the in-memory graph). No Asio: the protocol layer calls these from its
// I/O threads; the result streams run on gremlinPool threads.
#include "work_pool.hpp"

#include <tpbench/model/value.hpp>
#include <tpbench/server/gremlin.hpp>
#include <tpbench/server/tx.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tpbench::server::detail {

using SessClock = std::chrono::steady_clock;

// One ws37 session or one HTTP transaction.
struct TxSession {
    TxSession(Graph& g, std::string sid) : id(std::move(sid)), tx(g) {}
    std::string id;
    std::string source = "g";     // http4: the traversal source bound at begin
    const void* owner = nullptr;  // ws37: the connection the session is bound to
    Transaction tx;
    model::Value variables = model::Value::map();  // ws37: bindings kept between requests
    SessClock::time_point created = SessClock::now();
    SessClock::time_point last_used = created;
    // `--memory-budget`: what the transaction holds between statements (tx_idle_charge plus its
    // write set), held while it is open.
    MemoryBudget::Lease budget_lease;

    // One statement at a time (Gremlin Server runs a session on one thread); acquire and release
    // may happen on different threads.
    void acquire();
    void release();

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool busy_ = false;
};

// Server-wide table of sessions (ws37) or transactions (http4), with expiry.
class SessionTable {
public:
    struct Limits {
        std::chrono::milliseconds idle{0};      // 0 = never (ws37 sessionTimeout / idleTransactionTimeout)
        std::chrono::milliseconds lifetime{0};  // 0 = unbounded (maxTransactionLifetime)
        std::size_t max = 0;                    // 0 = unbounded (maxConcurrentTransactions)
    };
    void set_limits(Limits l) { limits_ = l; }
    const Limits& limits() const { return limits_; }

    // The live session `id` (touched), or null.
    std::shared_ptr<TxSession> find(const std::string& id);
    // Creates session `id`; null when the table is full.
    std::shared_ptr<TxSession> create(Graph& g, const std::string& id, const void* owner);
    // Removes a session (its uncommitted writes are discarded).
    void erase(const std::string& id);
    // Removes every session bound to `owner` (a closed ws37 connection).
    void erase_owned_by(const void* owner);
    // True when `id` was removed by a timeout recently (remembered for the last 4096 timeouts).
    bool timed_out(const std::string& id);
    // Removes the sessions past their idle timeout or lifetime (the server calls it on a timer, so
    // their memory goes whether or not another request arrives). At most every 100 ms.
    void sweep();
    std::size_t size();

private:
    void sweep_locked(SessClock::time_point now);
    std::mutex m_;
    Limits limits_;
    std::unordered_map<std::string, std::shared_ptr<TxSession>> map_;
    std::deque<std::string> expired_order_;
    std::unordered_map<std::string, bool> expired_;
    SessClock::time_point last_sweep_{};
};

// `--memory-budget` for transactions (docs/usage.md "Sessions and transactions"). Between
// statements a transaction holds its write set only: charged tx_idle_charge() while it is open,
// plus its write set's estimated size after each statement. A statement of a transaction holding
// writes runs on a private copy of the committed graph with the writes applied; that copy is
// charged tx_copy_charge(g) while the statement runs, and over the budget the statement is
// refused (http4 503, ws37 596). The copy is estimated from `g`'s vertex and edge counts (64 KiB
// + 1 KiB per vertex + 512 B per edge: above what was measured with a bench/gen_graph.py graph,
// docs/testing.md "Server limits"). A statement of a transaction without writes shares the
// committed graph; if it writes, its copy is the one any sessionless write makes.
std::size_t tx_idle_charge();
std::size_t tx_copy_charge(const Graph& g);

// "g.tx().begin()" / commit / rollback (surrounding whitespace ignored, case-sensitive: the
// tokens 4.0's Context.RequestType matches; the ws37 session processor uses the same forms).
enum class TxControl : std::uint8_t { none, begin, commit, rollback };
TxControl tx_control(std::string_view gremlin);

// What a statement inside a session evaluates.
struct SessionStatement {
    std::string script;                    // eval
    std::optional<model::Value> bytecode;  // bytecode
    EvalOptions opts;                      // bindings already merged for ws37 sessions
    bool manage_transaction = false;       // commit after the statement, roll back on error
    bool http4 = false;                    // commit/rollback end the transaction (http4)
    SessionTable* table = nullptr;         // http4: erase the transaction after commit/rollback
    // `--memory-budget` (null: none): the claim on a working copy (copy_charge bytes) for a
    // statement of a transaction holding writes, and the session's lease resized to what the
    // transaction holds after each statement; `refusal` gives the message for a claim refused
    // (and counts it).
    MemoryBudget* budget = nullptr;
    std::size_t copy_charge = 0;
    std::function<std::string(std::size_t)> refusal;
};

// The result stream of one statement of `s`: waits for the session's previous statement, claims
// the working copy when the transaction holds writes (an over_budget error when refused), begins
// the statement in its transaction, then evaluates (or commits / rolls back for the control forms;
// http4 begin and commit/rollback answer [{transactionId:id}], ws37 control forms answer [null]).
// When the stream ends or is destroyed the statement ends (its writes kept in the transaction's
// write set, its copy and the copy's claim released) and the session is released.
std::unique_ptr<ResultStream> session_statement_stream(std::shared_ptr<TxSession> s, SessionStatement st);

// 4.0 error messages (GremlinError).
std::string tx_not_found_message(const std::string& id);
std::string tx_timeout_message(const std::string& id, std::string_view operation);
std::string tx_max_exceeded_message(std::size_t max);
inline constexpr std::string_view tx_begin_has_id_message =
    "Begin transaction request cannot have a user-supplied transactionId";
inline constexpr std::string_view tx_control_requires_tx_message =
    "g.tx().commit() and g.tx().rollback() are only allowed in transactional requests.";
std::string tx_source_mismatch_message(const std::string& expected, const std::string& actual);

}  // namespace tpbench::server::detail
