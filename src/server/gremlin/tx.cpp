// Read-committed transactions over the copy-on-write graph (include/tpbench/server/tx.hpp): a
// write set per transaction (by element id, relative to the committed graph), applied to a copy of
// the newest committed snapshot for each statement that needs it (the statement's changes are
// diffed back into it when it ends) and to the committed graph itself on commit (under the graph's
// writer lock).
#include "graph_store.hpp"

#include <tpbench/server/tx.hpp>

#include <optional>
#include <unordered_map>
// malloc_trim is glibc's: not under a sanitizer, whose allocator replaces glibc's (under ASan,
// malloc_trim walked glibc's unused arenas and crashed: SEGV in mtrim, a fresh-clone CI run's asan
// job, 2026-12-07)
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define TPBENCH_TX_MALLOC_TRIM 1
#include <malloc.h>
#endif
#include <unordered_set>

namespace tpbench::server {

using detail::EdgeRec;
using detail::id_key;
using detail::Snapshot;
using detail::SnapshotPtr;
using detail::VertexRec;
using detail::VPropRec;
using model::Value;

namespace tx_internal {

struct WriteSet {
    std::vector<Value> removed_v, removed_e;
    std::vector<VertexRec> added_v;
    struct EdgeAdd {
        EdgeRec rec;
        Value out_id, in_id;
    };
    std::vector<EdgeAdd> added_e;
    struct VChange {
        Value id;
        std::optional<std::string> label;
        std::vector<std::pair<Value, std::string>> removed_props;  // (property id, key)
        std::vector<VPropRec> added_props;
    };
    std::vector<VChange> changed_v;
    struct EChange {
        Value id;
        std::vector<std::string> removed_keys;
        std::vector<std::pair<std::string, Value>> set;
    };
    std::vector<EChange> changed_e;

    bool empty() const {
        return removed_v.empty() && removed_e.empty() && added_v.empty() && added_e.empty() &&
               changed_v.empty() && changed_e.empty();
    }
    // An estimate of the heap bytes it holds.
    std::size_t estimated_bytes() const;
};

}  // namespace tx_internal

using tx_internal::WriteSet;

struct TxState {
    Graph& committed;
    Graph work;
    detail::SnapshotPtr empty;  // what `work` publishes between statements: no graph
    WriteSet delta;             // the uncommitted writes, relative to the committed graph
    std::size_t delta_bytes = 0;
    std::optional<std::string> conflict;  // a write a concurrent commit made impossible
    bool in_statement = false;
    detail::SnapshotPtr stmt_cur;   // in a statement: the committed snapshot it started from
    detail::SnapshotPtr stmt_base;  // in a statement: what `work` published at its start

    explicit TxState(Graph& c) : committed(c), work(c.id_mode()) {
        auto e = committed.store().make_empty();
        e->reindex();
        empty = std::move(e);
        work.store().publish(empty);
    }
};

namespace {

struct TxConflict {
    std::string message;
};

using IdSet = std::unordered_set<Value, model::ValueHash>;

std::size_t value_bytes(const Value& v) {
    std::size_t n = sizeof(Value) + v.str().size();
    for (std::size_t i = 0; i < v.size(); ++i) n += value_bytes(v[i]);
    return n;
}

std::size_t props_bytes(const std::vector<std::pair<std::string, Value>>& ps) {
    std::size_t n = 0;
    for (const auto& [k, v] : ps) n += sizeof(ps[0]) + k.size() + value_bytes(v);
    return n;
}

std::size_t vprop_bytes(const VPropRec& p) {
    return sizeof(VPropRec) + value_bytes(p.id) + p.key.size() + value_bytes(p.value) + props_bytes(p.meta);
}

}  // namespace

std::size_t WriteSet::estimated_bytes() const {
    std::size_t n = sizeof(WriteSet);
    for (const auto& id : removed_v) n += value_bytes(id);
    for (const auto& id : removed_e) n += value_bytes(id);
    for (const auto& v : added_v) {
        n += sizeof(VertexRec) + value_bytes(v.id) + v.label.size();
        for (const auto& p : v.props) n += vprop_bytes(p);
    }
    for (const auto& a : added_e)
        n += sizeof(EdgeAdd) + value_bytes(a.rec.id) + a.rec.label.size() + props_bytes(a.rec.props) +
             value_bytes(a.out_id) + value_bytes(a.in_id);
    for (const auto& c : changed_v) {
        n += sizeof(VChange) + value_bytes(c.id) + (c.label ? c.label->size() : 0);
        for (const auto& [id, key] : c.removed_props)
            n += sizeof(c.removed_props[0]) + value_bytes(id) + key.size();
        for (const auto& p : c.added_props) n += vprop_bytes(p);
    }
    for (const auto& c : changed_e) {
        n += sizeof(EChange) + value_bytes(c.id) + props_bytes(c.set);
        for (const auto& k : c.removed_keys) n += sizeof(k) + k.size();
    }
    return n;
}

namespace {

// What `w` changed relative to `s` (the snapshot it was derived from), by element id.
WriteSet diff(const Snapshot& s, const Snapshot& w) {
    WriteSet ws;
    for (const auto& v : w.vertices) {
        const VertexRec* sv = s.find_vertex(v.id);
        if (!sv || !(id_key(sv->id) == id_key(v.id)) || sv->id.type() != v.id.type()) {
            VertexRec copy;
            copy.id = v.id;
            copy.label = v.label;
            copy.props = v.props;
            ws.added_v.push_back(std::move(copy));
            continue;
        }
        // Fast path: the same properties in the same order (the common case: untouched).
        if (sv->label == v.label && sv->props.size() == v.props.size()) {
            bool same = true;
            for (std::size_t i = 0; same && i < v.props.size(); ++i) {
                const auto& a = sv->props[i];
                const auto& b = v.props[i];
                same = a.id == b.id && a.key == b.key && a.value == b.value;
            }
            if (same) continue;
        }
        WriteSet::VChange ch;
        ch.id = v.id;
        if (sv->label != v.label) ch.label = v.label;
        // Vertex properties are identified by (id, key): generated property ids may repeat the
        // ids of properties the graph was loaded with (TinkerGraph's counter restarts at 0).
        std::vector<bool> kept(sv->props.size(), false);
        for (const auto& p : v.props) {
            bool found = false;
            for (std::size_t i = 0; i < sv->props.size() && !found; ++i) {
                const auto& q = sv->props[i];
                if (!kept[i] && q.key == p.key && id_key(q.id) == id_key(p.id) && q.value == p.value &&
                    q.meta == p.meta)
                    kept[i] = found = true;
            }
            if (!found) ch.added_props.push_back(p);
        }
        for (std::size_t i = 0; i < sv->props.size(); ++i)
            if (!kept[i]) ch.removed_props.emplace_back(sv->props[i].id, sv->props[i].key);
        if (ch.label || !ch.added_props.empty() || !ch.removed_props.empty())
            ws.changed_v.push_back(std::move(ch));
    }
    for (const auto& v : s.vertices) {
        const VertexRec* wv = w.find_vertex(v.id);
        if (!wv || wv->id.type() != v.id.type()) ws.removed_v.push_back(v.id);
    }
    for (const auto& e : w.edges) {
        const Value& out_id = w.vertices[e.out_v].id;
        const Value& in_id = w.vertices[e.in_v].id;
        const EdgeRec* se = s.find_edge(e.id);
        bool same = se && se->label == e.label && s.vertices[se->out_v].id == out_id &&
                    s.vertices[se->in_v].id == in_id;
        if (!same) {
            if (se) ws.removed_e.push_back(se->id);
            WriteSet::EdgeAdd a;
            a.rec.id = e.id;
            a.rec.label = e.label;
            a.rec.props = e.props;
            a.out_id = out_id;
            a.in_id = in_id;
            ws.added_e.push_back(std::move(a));
            continue;
        }
        WriteSet::EChange ch;
        ch.id = e.id;
        for (const auto& [k, val] : e.props) {
            bool found = false;
            for (const auto& [sk, sval] : se->props)
                if (sk == k) {
                    found = sval == val;
                    break;
                }
            if (!found) ch.set.emplace_back(k, val);
        }
        for (const auto& [sk, sval] : se->props) {
            bool present = false;
            for (const auto& [k, val] : e.props) present = present || k == sk;
            if (!present) ch.removed_keys.push_back(sk);
        }
        if (!ch.set.empty() || !ch.removed_keys.empty()) ws.changed_e.push_back(std::move(ch));
    }
    for (const auto& e : s.edges)
        if (!w.find_edge(e.id)) ws.removed_e.push_back(e.id);
    return ws;
}

// Applies a write set to `c` (a private copy whose id indexes are valid). A conflicting write throws
// TxConflict — or, with `conflict` given, is skipped and the first one's message kept there.
void apply(const WriteSet& ws, Snapshot& c, std::optional<std::string>* conflict = nullptr) {
    // True when the caller goes on without the conflicting write.
    auto skip = [&](std::string message) {
        if (!conflict) throw TxConflict{std::move(message)};
        if (!*conflict) *conflict = std::move(message);
        return true;
    };
    if (!ws.removed_v.empty() || !ws.removed_e.empty()) {
        IdSet dv, de;
        for (const auto& v : ws.removed_v) dv.insert(id_key(v));
        for (const auto& e : ws.removed_e) de.insert(id_key(e));
        std::vector<std::uint32_t> remap(c.vertices.size(), UINT32_MAX);
        std::vector<VertexRec> keepv;
        keepv.reserve(c.vertices.size());
        for (std::uint32_t i = 0; i < c.vertices.size(); ++i) {
            if (dv.count(id_key(c.vertices[i].id))) continue;
            remap[i] = static_cast<std::uint32_t>(keepv.size());
            keepv.push_back(std::move(c.vertices[i]));
        }
        std::vector<EdgeRec> keepe;
        keepe.reserve(c.edges.size());
        for (auto& e : c.edges) {
            if (de.count(id_key(e.id)) || remap[e.out_v] == UINT32_MAX || remap[e.in_v] == UINT32_MAX)
                continue;
            e.out_v = remap[e.out_v];
            e.in_v = remap[e.in_v];
            keepe.push_back(std::move(e));
        }
        c.vertices = std::move(keepv);
        c.edges = std::move(keepe);
        c.rebuild_id_indexes();
    }
    for (const auto& ch : ws.changed_v) {
        auto it = c.vindex.find(id_key(ch.id));
        if (it == c.vindex.end()) continue;  // removed by a concurrent commit: nothing to update
        VertexRec& v = c.vertices[it->second];
        if (ch.label) v.label = *ch.label;
        for (const auto& [id, key] : ch.removed_props)
            std::erase_if(v.props,
                          [&](const VPropRec& p) { return p.key == key && id_key(p.id) == id_key(id); });
        for (const auto& p : ch.added_props) {
            bool dup = false;
            for (const auto& q : v.props) dup = dup || (q.key == p.key && id_key(q.id) == id_key(p.id));
            if (!dup) v.props.push_back(p);
        }
    }
    for (const auto& v : ws.added_v) {
        if (c.vindex.count(id_key(v.id)) &&
            skip("Vertex with id already exists: " + v.id.to_string() + " (created by a concurrent commit)"))
            continue;
        c.vindex.emplace(id_key(v.id), static_cast<std::uint32_t>(c.vertices.size()));
        c.vertices.push_back(v);
    }
    for (const auto& ch : ws.changed_e) {
        auto it = c.eindex.find(id_key(ch.id));
        if (it == c.eindex.end()) continue;
        EdgeRec& e = c.edges[it->second];
        for (const auto& k : ch.removed_keys)
            std::erase_if(e.props, [&](const auto& kv) { return kv.first == k; });
        for (const auto& [k, val] : ch.set) {
            bool done = false;
            for (auto& [ek, ev] : e.props)
                if (ek == k) {
                    ev = val;
                    done = true;
                    break;
                }
            if (!done) e.props.emplace_back(k, val);
        }
    }
    for (const auto& a : ws.added_e) {
        if (c.eindex.count(id_key(a.rec.id)) && skip("Edge with id already exists: " + a.rec.id.to_string() +
                                                     " (created by a concurrent commit)"))
            continue;
        auto o = c.vindex.find(id_key(a.out_id));
        auto i = c.vindex.find(id_key(a.in_id));
        if ((o == c.vindex.end() || i == c.vindex.end()) &&
            skip("Edge " + a.rec.id.to_string() + ": vertex " +
                 (o == c.vindex.end() ? a.out_id : a.in_id).to_string() +
                 " was removed by a concurrent commit"))
            continue;
        EdgeRec e = a.rec;
        e.out_v = o->second;
        e.in_v = i->second;
        c.eindex.emplace(id_key(e.id), static_cast<std::uint32_t>(c.edges.size()));
        c.edges.push_back(std::move(e));
    }
}

}  // namespace

Transaction::Transaction(Graph& committed) : st_(std::make_unique<TxState>(committed)) {}
Transaction::~Transaction() = default;

Graph& Transaction::graph() noexcept { return st_->work; }

bool Transaction::holds_copy() const {
    if (!st_->in_statement) return false;
    return st_->work.store().snapshot() != st_->stmt_cur;
}

bool Transaction::has_writes() const {
    if (!st_->delta.empty() || st_->conflict) return true;
    return st_->in_statement && st_->work.store().snapshot() != st_->stmt_base;
}

std::size_t Transaction::write_set_bytes() const noexcept { return st_->delta_bytes; }

void Transaction::begin_statement() {
    if (st_->in_statement) end_statement();
    auto cur = st_->committed.store().snapshot();
    if (st_->delta.empty()) {
        st_->stmt_base = cur;  // shared: nothing of this transaction to add
    } else {
        auto copy = std::make_shared<Snapshot>(*cur);
        apply(st_->delta, *copy, &st_->conflict);
        copy->reindex();
        st_->stmt_base = std::move(copy);
    }
    st_->work.store().publish(st_->stmt_base);
    st_->stmt_cur = std::move(cur);
    st_->in_statement = true;
}

void Transaction::end_statement() {
    if (!st_->in_statement) return;
    st_->in_statement = false;
    auto w = st_->work.store().snapshot();
    // A statement that wrote nothing leaves the write set as it was (the copy it read holds just
    // that); otherwise the write set becomes everything the statement's graph differs by from
    // the committed snapshot it started from: the earlier writes and its own.
    const bool copied = w != st_->stmt_cur;
    if (w != st_->stmt_base) {
        st_->delta = diff(*st_->stmt_cur, *w);
        st_->delta_bytes = st_->delta.empty() ? 0 : st_->delta.estimated_bytes();
    }
    w.reset();
    st_->work.store().publish(st_->empty);
    st_->stmt_cur.reset();
    st_->stmt_base.reset();
#if defined(TPBENCH_TX_MALLOC_TRIM)
    // The statement's copy of the graph is freed now; glibc would keep its pages in the thread's
    // arena for reuse, one copy per worker thread that ever ran such a statement: give them back
    // (a few milliseconds against the copy's own cost).
    if (copied) malloc_trim(0);
#endif
}

std::optional<std::string> Transaction::commit() {
    end_statement();
    std::optional<std::string> failure = st_->conflict;
    if (!failure && !st_->delta.empty()) {
        try {
            st_->committed.store().mutate([&](Snapshot& c) { apply(st_->delta, c); });
        } catch (const TxConflict& c) {
            failure = c.message;
        }
    }
    rollback();
    return failure;
}

void Transaction::rollback() {
    st_->in_statement = false;
    st_->stmt_cur.reset();
    st_->stmt_base.reset();
    st_->work.store().publish(st_->empty);
    st_->delta = WriteSet{};
    st_->delta_bytes = 0;
    st_->conflict.reset();
}

}  // namespace tpbench::server
