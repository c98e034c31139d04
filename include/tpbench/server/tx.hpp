#pragma once
// Read-committed transactions over the embedded server's in-memory graph (ws37 sessions with
// manageTransaction=false, 4.0 HTTP transactions). docs/usage.md "Sessions and transactions".
//
// A Transaction owns a private working graph: the committed graph plus this transaction's own
// uncommitted writes. Other requests never see those writes until commit(). Every statement
// (request) inside the transaction starts with begin_statement(), which moves the private graph
// onto the newest committed graph and re-applies the transaction's writes (read committed: each
// statement sees what was committed before it started, plus its own writes). commit() applies the
// transaction's write set — added/removed vertices and edges, added/removed vertex properties,
// changed edge properties and labels, keyed by element id — to the newest committed graph under
// the graph's writer lock, so concurrent commits never lose each other's writes; a write that
// conflicts (an id another commit created meanwhile, an edge whose vertex another commit removed)
// fails the whole commit and nothing of it is published. Updates to elements another commit
// removed are skipped (as a read-committed UPDATE of a deleted row affects nothing).
//
// Thread-safety: one statement at a time per Transaction (the caller serialises); any number of
// transactions and sessionless requests at once on one Graph.
#include <tpbench/server/gremlin.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

namespace tpbench::server {

struct TxState;  // private (src/server/gremlin/tx.cpp)

class Transaction {
public:
    explicit Transaction(Graph& committed);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    // The graph a statement of this transaction evaluates against (stable for the object's life).
    Graph& graph() noexcept;
    // Called before each statement: rebases the private graph onto the newest committed graph
    // (keeping this transaction's writes). When a concurrent commit makes the writes impossible,
    // the old view is kept and commit() reports the conflict.
    void begin_statement();
    // True when the transaction holds uncommitted writes.
    bool has_writes() const;
    // Publishes the writes; nullopt on success, else the conflict message (nothing was published
    // and the writes are discarded). The transaction stays usable (a new, empty one).
    std::optional<std::string> commit();
    // Discards the writes; the transaction stays usable (a new, empty one).
    void rollback();

private:
    std::unique_ptr<TxState> st_;
};

}  // namespace tpbench::server
