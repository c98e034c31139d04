#pragma once
// Read-committed transactions over the embedded server's in-memory graph (ws37 sessions with
// manageTransaction=false, 4.0 HTTP transactions). docs/usage.md "Sessions and transactions".
//
// Between statements a Transaction holds only its write set (a delta relative to the committed
// graph: added/removed vertices and edges, added/removed vertex properties, changed edge
// properties and labels, keyed by element id) — no graph copy and no old snapshot, so a thousand
// open transactions with a few writes each cost a few kilobytes each, whatever the graph's size.
// Every statement (request) inside the transaction runs between begin_statement() and
// end_statement(): begin_statement() gives the working graph the newest committed graph — shared
// as it is when the transaction holds no writes, else a private copy with the write set applied
// (read committed: each statement sees what was committed before it started, plus its own
// writes); end_statement() folds what the statement changed into the write set and lets the copy
// go (it is freed once the statement's readers drop it). Other requests never see the writes
// until commit(), which applies the write set to the newest committed graph under the graph's
// writer lock, so concurrent commits never lose each other's writes; a write that conflicts (an id
// another commit created meanwhile, an edge whose vertex another commit removed) fails the whole
// commit and nothing of it is published. Updates to elements another commit removed are skipped
// (as a read-committed UPDATE of a deleted row affects nothing).
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
    // Between statements it is empty: read it only between begin_statement() and end_statement().
    Graph& graph() noexcept;
    // Called before each statement (ending the previous one if end_statement() was not called):
    // gives graph() the newest committed graph plus this transaction's writes. When a concurrent
    // commit makes some of the writes impossible, the rest are applied and commit() reports the
    // conflict.
    void begin_statement();
    // Called when the statement's evaluation is finished (its results drained, or its stream
    // destroyed): keeps what it wrote in the write set and drops the working graph.
    void end_statement();
    // True while a statement of it runs on a private copy of the graph (its writes applied, or
    // it wrote): what the memory budget charges a statement of a transaction holding writes.
    bool holds_copy() const;
    // True when the transaction holds uncommitted writes.
    bool has_writes() const;
    // An estimate of the bytes its write set holds (what it keeps between statements).
    std::size_t write_set_bytes() const noexcept;
    // Publishes the writes; nullopt on success, else the conflict message (nothing was published
    // and the writes are discarded). The transaction stays usable (a new, empty one).
    std::optional<std::string> commit();
    // Discards the writes; the transaction stays usable (a new, empty one).
    void rollback();

private:
    std::unique_ptr<TxState> st_;
};

}  // namespace tpbench::server
