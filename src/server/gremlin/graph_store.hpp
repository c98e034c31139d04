#pragma once
// Private to tpbench::gremlin: the in-memory property graph. A Snapshot is immutable once
// published; mutations copy the current snapshot, change the copy and publish it (copy-on-write),
// so evaluations read their snapshot without locks.
//
// Concurrency (docs/usage.md "Writes and concurrency"): any number of evaluations read at once,
// each from the snapshot it took (a request sees the graph as committed when it took it, plus its
// own writes). Writers are serialised by GraphStore's writer lock: a mutation applies to the newest
// published snapshot (never to a stale copy), so concurrent writers never lose each other's
// writes. Every snapshot derived from one store draws generated ids from one shared counter (as
// TinkerGraph's AtomicLong id managers do), so transactions' private copies never collide on ids.
#include <tpbench/server/gremlin.hpp>

#include <tpbench/model/value.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tpbench::server::detail {

struct Snapshot;

enum class ElKind : std::uint8_t { vertex, edge, vertex_property };

// Common head of every element record; `element_key` in Item points at one of these.
struct ElementRec {
    ElKind kind;
    const Snapshot* snap = nullptr;  // owning snapshot (set by Snapshot::reindex)
    explicit ElementRec(ElKind k) : kind(k) {}
};

struct VPropRec : ElementRec {
    model::Value id;
    std::string key;
    model::Value value;
    std::uint32_t owner = 0;                                 // vertex index
    std::vector<std::pair<std::string, model::Value>> meta;  // meta-properties, insertion order
    VPropRec() : ElementRec(ElKind::vertex_property) {}
};

struct VertexRec : ElementRec {
    model::Value id;
    std::string label;
    std::vector<VPropRec> props;
    std::vector<std::uint32_t> out;  // edge indices (rebuilt by reindex)
    std::vector<std::uint32_t> in;
    VertexRec() : ElementRec(ElKind::vertex) {}
};

struct EdgeRec : ElementRec {
    model::Value id;
    std::string label;
    std::uint32_t out_v = 0;  // tail vertex index
    std::uint32_t in_v = 0;   // head vertex index
    std::vector<std::pair<std::string, model::Value>> props;
    EdgeRec() : ElementRec(ElKind::edge) {}
};

// Java's hashCode() of a value as a TinkerGraph would compute it (String, Integer, Long, Double,
// Boolean, elements by id); 0 for values without a known Java hash.
std::int32_t java_hash(const model::Value& v);
// Reorders `items` (given their Java hash codes, in insertion order) into the iteration order of a
// java.util.HashMap/HashSet holding them: by bucket of the spread hash for the table size a
// default HashMap grows to, insertion order within a bucket.
void java_hash_order(std::vector<std::pair<std::int32_t, std::uint32_t>>& items);

// Normalised lookup key for ids: integral numbers of any width compare equal (TinkerGraph's id
// managers convert Int/Long lookups), other values by structural equality.
model::Value id_key(const model::Value& id);

// The generated-id counter the snapshots of one store share: copies share it (a copy-on-write copy,
// a transaction's private copy), assignment sets the shared value.
class IdCounter {
public:
    IdCounter() : c_(std::make_shared<std::atomic<std::int64_t>>(0)) {}
    IdCounter(const IdCounter&) = default;
    IdCounter& operator=(const IdCounter& o) {
        c_->store(o.value());
        return *this;
    }
    IdCounter& operator=(std::int64_t v) {
        c_->store(v);
        return *this;
    }
    std::int64_t operator++(int) { return c_->fetch_add(1); }
    std::int64_t value() const { return c_->load(); }
    operator std::int64_t() const { return value(); }
    // Makes this counter the one `o` uses.
    void share_with(const IdCounter& o) { c_ = o.c_; }
    // Raises the shared value to at least v.
    void at_least(std::int64_t v) {
        std::int64_t cur = c_->load();
        while (cur < v && !c_->compare_exchange_weak(cur, v)) {
        }
    }

private:
    std::shared_ptr<std::atomic<std::int64_t>> c_;
};

struct Snapshot {
    Graph::IdMode mode = Graph::IdMode::long_ids;
    std::vector<VertexRec> vertices;
    std::vector<EdgeRec> edges;
    std::unordered_map<model::Value, std::uint32_t, model::ValueHash> vindex;
    std::unordered_map<model::Value, std::uint32_t, model::ValueHash> eindex;
    IdCounter next_id;  // id counter for generated element/property ids (shared by copies)

    Snapshot() = default;
    Snapshot(const Snapshot& o) = default;
    Snapshot& operator=(const Snapshot&) = delete;

    // Rebuilds adjacency lists, id indexes and back pointers after any change.
    void reindex();
    // Rebuilds only the id indexes (vindex/eindex), e.g. between the steps of one mutation.
    void rebuild_id_indexes();
    const VertexRec* find_vertex(const model::Value& id) const;
    const EdgeRec* find_edge(const model::Value& id) const;
    // Returns a fresh id not used by any vertex (or edge when `edge`), in the graph's id type.
    model::Value generate_id(bool edge);
    // Converts a user-supplied vertex id as the stock server's id manager would.
    model::Value convert_vertex_id(const model::Value& id) const;
    // Returns a new vertex-property id (Long), from the same counter as generate_id.
    model::Value next_property_id();

    const VertexRec& out_vertex(const EdgeRec& e) const { return vertices[e.out_v]; }
    const VertexRec& in_vertex(const EdgeRec& e) const { return vertices[e.in_v]; }
    const VertexRec& owner(const VPropRec& p) const { return vertices[p.owner]; }
};

using SnapshotPtr = std::shared_ptr<const Snapshot>;

// Fills `s` with the modern graph (ids as `s.mode` dictates); `s` must be empty.
void build_modern(Snapshot& s);

// Materialises an element: full (with properties) or a reference (tokens).
model::Value materialize_element(const ElementRec& el, bool tokens);

}  // namespace tpbench::server::detail

namespace tpbench::server {

// The graph's published snapshot plus a writer lock serialising mutations.
class GraphStore {
public:
    explicit GraphStore(Graph::IdMode mode);
    // The current snapshot (never null).
    detail::SnapshotPtr snapshot() const {
        std::lock_guard lk(mu_);
        return snap_;
    }
    // Applies `fn` to a copy of the current snapshot and publishes it; returns the new snapshot.
    // Mutations are serialised; readers keep the snapshot they hold.
    // If fn throws, nothing is published.
    template <class Fn>
    detail::SnapshotPtr mutate(Fn&& fn) {
        std::lock_guard wl(write_mu_);
        auto copy = std::make_shared<detail::Snapshot>(*snapshot());
        fn(*copy);
        copy->reindex();
        detail::SnapshotPtr out = copy;
        std::lock_guard lk(mu_);
        snap_ = out;
        ++version_;
        return out;
    }
    // Publishes `s` as the current snapshot (already indexed), under the writer lock.
    void publish(detail::SnapshotPtr s) {
        std::lock_guard wl(write_mu_);
        std::lock_guard lk(mu_);
        snap_ = std::move(s);
        ++version_;
    }
    // An empty snapshot of this store's id mode that shares its id counter.
    std::shared_ptr<detail::Snapshot> make_empty() const;
    // Number of snapshots published so far (changes with every mutation).
    std::uint64_t version() const {
        std::lock_guard lk(mu_);
        return version_;
    }

private:
    mutable std::mutex mu_;
    std::mutex write_mu_;
    detail::SnapshotPtr snap_;
    std::uint64_t version_ = 0;
};

}  // namespace tpbench::server
