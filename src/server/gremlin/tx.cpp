// Read-committed transactions over the copy-on-write graph (include/tpbench/server/tx.hpp): a
// private working graph per transaction, a write set computed by element id between the snapshot
// the transaction started from and its working snapshot, applied to the newest committed snapshot
// on rebase (per statement) and on commit (under the graph's writer lock).
#include "graph_store.hpp"

#include <tpbench/server/tx.hpp>

#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace tpbench::server {

using detail::EdgeRec;
using detail::id_key;
using detail::Snapshot;
using detail::SnapshotPtr;
using detail::VertexRec;
using detail::VPropRec;
using model::Value;

struct TxState {
    Graph& committed;
    Graph work;
    SnapshotPtr base;  // the committed snapshot `work` derives from

    explicit TxState(Graph& c) : committed(c), work(c.id_mode()) {
        base = committed.store().snapshot();
        work.store().publish(base);
    }
};

namespace {

struct TxConflict {
    std::string message;
};

using IdSet = std::unordered_set<Value, model::ValueHash>;

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
};

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

// Applies a write set to `c` (a private copy whose id indexes are valid). Throws TxConflict.
void apply(const WriteSet& ws, Snapshot& c) {
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
        if (c.vindex.count(id_key(v.id)))
            throw TxConflict{"Vertex with id already exists: " + v.id.to_string() +
                             " (created by a concurrent commit)"};
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
        if (c.eindex.count(id_key(a.rec.id)))
            throw TxConflict{"Edge with id already exists: " + a.rec.id.to_string() +
                             " (created by a concurrent commit)"};
        auto o = c.vindex.find(id_key(a.out_id));
        auto i = c.vindex.find(id_key(a.in_id));
        if (o == c.vindex.end() || i == c.vindex.end())
            throw TxConflict{"Edge " + a.rec.id.to_string() + ": vertex " +
                             (o == c.vindex.end() ? a.out_id : a.in_id).to_string() +
                             " was removed by a concurrent commit"};
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

bool Transaction::has_writes() const { return st_->work.store().snapshot() != st_->base; }

void Transaction::begin_statement() {
    auto cur = st_->committed.store().snapshot();
    if (cur == st_->base) return;
    auto w = st_->work.store().snapshot();
    if (w == st_->base) {
        st_->work.store().publish(cur);
        st_->base = std::move(cur);
        return;
    }
    WriteSet ws = diff(*st_->base, *w);
    auto copy = std::make_shared<Snapshot>(*cur);
    try {
        apply(ws, *copy);
    } catch (const TxConflict&) {
        return;  // keep the old view; commit() reports the conflict
    }
    copy->reindex();
    st_->work.store().publish(std::move(copy));
    st_->base = std::move(cur);
}

std::optional<std::string> Transaction::commit() {
    auto w = st_->work.store().snapshot();
    std::optional<std::string> failure;
    if (w != st_->base) {
        WriteSet ws = diff(*st_->base, *w);
        if (!ws.empty()) {
            try {
                st_->committed.store().mutate([&](Snapshot& c) { apply(ws, c); });
            } catch (const TxConflict& c) {
                failure = c.message;
            }
        }
    }
    rollback();
    return failure;
}

void Transaction::rollback() {
    st_->base = st_->committed.store().snapshot();
    st_->work.store().publish(st_->base);
}

}  // namespace tpbench::server
