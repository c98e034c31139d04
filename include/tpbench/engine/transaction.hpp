#pragma once
// Runs one workload transaction group on one session (docs/usage.md "Transactions in a workload"):
// `g.tx().begin()`, the statements in order, then `g.tx().commit()` or `g.tx().rollback()`.
//   ws37: every request carries the `session` argument (processor "session"); the session id is
//         the caller's (one per connection slot, reused: Gremlin Server 3.7 binds a session to its
//         connection and keeps it until the connection closes).
//   http4: the begin request carries no id; the server's X-Transaction-Id answer is sent as the
//         transactionId field and X-Transaction-Id header on every later request (beta.2+).
// A failed begin ends the transaction as failed; a failed statement is followed by a best-effort
// rollback; a failed commit/rollback ends it as failed.
#include <tpbench/engine/backend.hpp>
#include <tpbench/engine/load.hpp>

#include <boost/asio/awaitable.hpp>

#include <string>

namespace tpbench::engine {

struct TxRun {
    enum class End : std::uint8_t { committed, rolled_back, failed } end = End::failed;
    Outcome total;               // summed bytes/results; sent = begin sent, done = end answered; first error
    std::uint64_t requests = 0;  // requests sent (begin + statements + end, the rollback after a failure)
};

// `session_id`: the ws37 session to use (ignored by http4, which is given its id by the server).
boost::asio::awaitable<TxRun> execute_transaction(Session& s, const TransactionTemplate& t,
                                                  const std::string& session_id, Clock::time_point deadline);

// A random (version 4) UUID in text form, for session ids.
std::string random_session_id();

}  // namespace tpbench::engine
