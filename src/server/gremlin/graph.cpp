// The in-memory graph: snapshots, the modern toy graph, GraphSON 3.0 adjacency loading and element
// materialisation.
#include "graph_store.hpp"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <boost/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace tpbench::server {

using model::Type;
using model::Value;

namespace detail {

Value id_key(const Value& id) {
    switch (id.type()) {
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
            return Value::long_(id.as_int());
        default:
            return id;
    }
}

std::int32_t java_hash(const Value& v) {
    auto long_hash = [](std::int64_t x) {
        auto u = static_cast<std::uint64_t>(x);
        return static_cast<std::int32_t>(static_cast<std::uint32_t>(u ^ (u >> 32)));
    };
    switch (v.type()) {
        case Type::string: {
            std::uint32_t h = 0;
            // String.hashCode over UTF-16 code units
            const std::string& s = v.str();
            for (std::size_t i = 0; i < s.size();) {
                auto c = static_cast<unsigned char>(s[i]);
                std::uint32_t cp = c;
                std::size_t n = 1;
                if (c >= 0xf0 && i + 3 < s.size() + 0) {
                    cp = c & 0x07;
                    n = 4;
                } else if (c >= 0xe0) {
                    cp = c & 0x0f;
                    n = 3;
                } else if (c >= 0xc0) {
                    cp = c & 0x1f;
                    n = 2;
                }
                for (std::size_t k = 1; k < n && i + k < s.size(); ++k)
                    cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
                i += n;
                if (cp >= 0x10000) {
                    cp -= 0x10000;
                    h = 31 * h + (0xd800 + (cp >> 10));
                    h = 31 * h + (0xdc00 + (cp & 0x3ff));
                } else {
                    h = 31 * h + cp;
                }
            }
            return static_cast<std::int32_t>(h);
        }
        case Type::byte:
        case Type::short_:
        case Type::int_:
            return static_cast<std::int32_t>(v.as_int());
        case Type::long_:
            return long_hash(v.as_int());
        case Type::double_: {
            double d = v.as_double();
            if (d == 0.0 && std::signbit(d))
                return long_hash(static_cast<std::int64_t>(0x8000000000000000ULL));
            if (std::isnan(d)) return long_hash(0x7ff8000000000000LL);
            std::int64_t bits;
            std::memcpy(&bits, &d, sizeof bits);
            return long_hash(bits);
        }
        case Type::boolean:
            return v.as_bool() ? 1231 : 1237;
        case Type::vertex:
        case Type::edge:
        case Type::vertex_property:
            return java_hash(v.id());
        default:
            return 0;
    }
}

void java_hash_order(std::vector<std::pair<std::int32_t, std::uint32_t>>& items) {
    std::uint64_t cap = 16;
    while (static_cast<double>(items.size()) > 0.75 * static_cast<double>(cap)) cap *= 2;
    auto bucket = [cap](std::int32_t h) {
        auto u = static_cast<std::uint32_t>(h);
        return (u ^ (u >> 16)) & static_cast<std::uint32_t>(cap - 1);
    };
    std::stable_sort(items.begin(), items.end(),
                     [&](const auto& a, const auto& b) { return bucket(a.first) < bucket(b.first); });
}

namespace {
// A vertex's incident edges in TinkerVertex order: a HashMap from label to a HashSet of edges.
void tinker_order(const Snapshot& s, std::vector<std::uint32_t>& adj) {
    if (adj.size() < 2) return;
    std::vector<std::string> labels;
    std::vector<std::pair<std::int32_t, std::uint32_t>> lk;
    for (auto e : adj) {
        const std::string& l = s.edges[e].label;
        if (std::find(labels.begin(), labels.end(), l) == labels.end()) {
            lk.emplace_back(java_hash(Value::string(l)), static_cast<std::uint32_t>(labels.size()));
            labels.push_back(l);
        }
    }
    java_hash_order(lk);
    std::vector<std::uint32_t> out;
    out.reserve(adj.size());
    for (const auto& [h, li] : lk) {
        std::vector<std::pair<std::int32_t, std::uint32_t>> es;
        for (auto e : adj)
            if (s.edges[e].label == labels[li]) es.emplace_back(java_hash(s.edges[e].id), e);
        java_hash_order(es);
        for (const auto& x : es) out.push_back(x.second);
    }
    adj = std::move(out);
}
}  // namespace

void Snapshot::rebuild_id_indexes() {
    vindex.clear();
    eindex.clear();
    vindex.reserve(vertices.size());
    eindex.reserve(edges.size());
    for (std::uint32_t i = 0; i < vertices.size(); ++i) vindex.emplace(id_key(vertices[i].id), i);
    for (std::uint32_t i = 0; i < edges.size(); ++i) eindex.emplace(id_key(edges[i].id), i);
}

void Snapshot::reindex() {
    vindex.clear();
    eindex.clear();
    vindex.reserve(vertices.size());
    eindex.reserve(edges.size());
    for (std::uint32_t i = 0; i < vertices.size(); ++i) {
        auto& v = vertices[i];
        v.snap = this;
        v.out.clear();
        v.in.clear();
        for (auto& p : v.props) {
            p.snap = this;
            p.owner = i;
        }
        vindex.emplace(id_key(v.id), i);
    }
    for (std::uint32_t i = 0; i < edges.size(); ++i) {
        auto& e = edges[i];
        e.snap = this;
        eindex.emplace(id_key(e.id), i);
        vertices[e.out_v].out.push_back(i);
        vertices[e.in_v].in.push_back(i);
    }
    for (auto& v : vertices) {
        tinker_order(*this, v.out);
        tinker_order(*this, v.in);
    }
}

const VertexRec* Snapshot::find_vertex(const Value& id) const {
    auto it = vindex.find(id_key(id));
    return it == vindex.end() ? nullptr : &vertices[it->second];
}

const EdgeRec* Snapshot::find_edge(const Value& id) const {
    auto it = eindex.find(id_key(id));
    return it == eindex.end() ? nullptr : &edges[it->second];
}

Value Snapshot::convert_vertex_id(const Value& id) const {
    bool integral = id.type() == Type::byte || id.type() == Type::short_ || id.type() == Type::int_ ||
                    id.type() == Type::long_;
    if (id.type() == Type::string && !id.str().empty()) {
        // the LONG / INTEGER id managers parse String ids (g.V('1') finds vertex 1L)
        errno = 0;
        char* end = nullptr;
        long long n = std::strtoll(id.str().c_str(), &end, 10);
        if (errno == 0 && end && *end == '\0' && !std::isspace(static_cast<unsigned char>(id.str()[0])))
            return mode == Graph::IdMode::long_ids ? Value::long_(n)
                                                   : Value::int_(static_cast<std::int32_t>(n));
        return id;
    }
    if (!integral) return id;
    return mode == Graph::IdMode::long_ids ? Value::long_(id.as_int())
                                           : Value::int_(static_cast<std::int32_t>(id.as_int()));
}

Value Snapshot::generate_id(bool /*edge*/) {
    // TinkerGraph's id managers share one counter (reset by clear()) and skip numbers in use, so
    // the stock server answers g.addV().id() = 0 after generateModern(). (TinkerGraph would then
    // reuse 7–12, which only Int edge ids hold; the ids here compare across widths, so they are
    // skipped.)
    auto taken = [this](std::int64_t n) {
        Value key = Value::long_(n);
        // (the indexes may lag behind records added in this mutation; those ids came from this
        // counter, so they are below n anyway)
        if (auto it = vindex.find(key); it != vindex.end() && it->second < vertices.size()) return true;
        if (auto it = eindex.find(key); it != eindex.end() && it->second < edges.size()) return true;
        return false;
    };
    for (;;) {
        std::int64_t n = next_id++;
        if (!taken(n)) {
            // Stock server: vertices LONG, edges ANY (generates Long); Int mode: Int for both.
            if (mode == Graph::IdMode::int_ids) return Value::int_(static_cast<std::int32_t>(n));
            return Value::long_(n);
        }
    }
}

Value Snapshot::next_property_id() {
    Value id = generate_id(false);
    return Value::long_(id.as_int());
}

namespace {

void add_vertex(Snapshot& s, Value id, std::string label,
                std::initializer_list<std::pair<const char*, Value>> props) {
    VertexRec v;
    v.id = s.convert_vertex_id(id);
    v.label = std::move(label);
    for (const auto& [k, val] : props) {
        VPropRec p;
        p.id = Value::long_(s.next_id++);  // generateModern's explicit ids 0L–11L
        p.key = k;
        p.value = val;
        v.props.push_back(std::move(p));
    }
    s.vertices.push_back(std::move(v));
}

void add_edge(Snapshot& s, std::int32_t id, std::uint32_t out_v, std::uint32_t in_v, std::string label,
              double weight) {
    EdgeRec e;
    e.id = Value::int_(id);
    e.label = std::move(label);
    e.out_v = out_v;
    e.in_v = in_v;
    e.props.emplace_back("weight", Value::double_(weight));
    s.edges.push_back(std::move(e));
}

}  // namespace

void build_modern(Snapshot& s) {
    auto S = [](const char* x) { return Value::string(x); };
    auto I = [](std::int32_t x) { return Value::int_(x); };
    add_vertex(s, I(1), "person", {{"name", S("marko")}, {"age", I(29)}});
    add_vertex(s, I(2), "person", {{"name", S("vadas")}, {"age", I(27)}});
    add_vertex(s, I(3), "software", {{"name", S("lop")}, {"lang", S("java")}});
    add_vertex(s, I(4), "person", {{"name", S("josh")}, {"age", I(32)}});
    add_vertex(s, I(5), "software", {{"name", S("ripple")}, {"lang", S("java")}});
    add_vertex(s, I(6), "person", {{"name", S("peter")}, {"age", I(35)}});
    add_edge(s, 7, 0, 1, "knows", 0.5);
    add_edge(s, 8, 0, 3, "knows", 1.0);
    add_edge(s, 9, 0, 2, "created", 0.4);
    add_edge(s, 10, 3, 4, "created", 1.0);
    add_edge(s, 11, 3, 2, "created", 0.4);
    add_edge(s, 12, 5, 2, "created", 0.2);
    // generateModern() supplies every id (vertex-property ids 0L–11L too), so the stock server's
    // id counter is still at its start: the next generated id is 0.
    s.next_id = 0;
}

Value materialize_element(const ElementRec& el, bool tokens) {
    switch (el.kind) {
        case ElKind::vertex: {
            const auto& v = static_cast<const VertexRec&>(el);
            if (tokens) return Value::vertex(v.id, v.label);
            std::vector<Value> props;
            props.reserve(v.props.size());
            for (const auto& p : v.props) {
                std::vector<Value> meta;
                for (const auto& [mk, mv] : p.meta) meta.push_back(Value::property(mk, mv));
                props.push_back(Value::vertex_property(p.id, p.key, p.value, Value::list(std::move(meta))));
            }
            return Value::vertex(v.id, v.label, Value::list(std::move(props)));
        }
        case ElKind::edge: {
            const auto& e = static_cast<const EdgeRec&>(el);
            const auto& ov = e.snap->out_vertex(e);
            const auto& iv = e.snap->in_vertex(e);
            if (tokens) return Value::edge(e.id, e.label, iv.id, iv.label, ov.id, ov.label);
            std::vector<Value> props;
            props.reserve(e.props.size());
            for (const auto& [k, val] : e.props) props.push_back(Value::property(k, val));
            return Value::edge(e.id, e.label, iv.id, iv.label, ov.id, ov.label,
                               Value::list(std::move(props)));
        }
        case ElKind::vertex_property: {
            const auto& p = static_cast<const VPropRec&>(el);
            if (tokens) return Value::vertex_property(p.id, p.key, p.value);
            std::vector<Value> meta;
            for (const auto& [mk, mv] : p.meta) meta.push_back(Value::property(mk, mv));
            return Value::vertex_property(p.id, p.key, p.value, Value::list(std::move(meta)));
        }
    }
    return Value();
}

}  // namespace detail

std::shared_ptr<detail::Snapshot> GraphStore::make_empty() const {
    auto cur = snapshot();
    auto s = std::make_shared<detail::Snapshot>();
    s->mode = cur->mode;
    s->next_id.share_with(cur->next_id);
    return s;
}

GraphStore::GraphStore(Graph::IdMode mode) {
    auto s = std::make_shared<detail::Snapshot>();
    s->mode = mode;
    s->reindex();
    snap_ = s;
}

Graph::Graph(IdMode mode) : mode_(mode), store_(std::make_unique<GraphStore>(mode)) {}
Graph::~Graph() = default;

void Graph::load_modern() {
    store_->mutate([](detail::Snapshot& s) {
        auto mode = s.mode;
        s.vertices.clear();
        s.edges.clear();
        s.next_id = 0;
        s.mode = mode;
        detail::build_modern(s);
    });
}

void Graph::clear() {
    store_->mutate([](detail::Snapshot& s) {
        s.vertices.clear();
        s.edges.clear();
        s.next_id = 0;
    });
}

std::size_t Graph::vertex_count() const { return store_->snapshot()->vertices.size(); }
std::size_t Graph::edge_count() const { return store_->snapshot()->edges.size(); }

namespace {

namespace json = boost::json;

[[noreturn]] void bad_line(std::size_t line, const std::string& what) {
    throw std::runtime_error("GraphSON adjacency line " + std::to_string(line) + ": " + what);
}

Value typed_value(const json::value& j, std::size_t line) {
    switch (j.kind()) {
        case json::kind::null:
            return Value();
        case json::kind::bool_:
            return Value::boolean(j.get_bool());
        case json::kind::string:
            return Value::string(std::string(j.get_string()));
        case json::kind::int64:
            return Value::long_(j.get_int64());
        case json::kind::uint64:
            return Value::long_(static_cast<std::int64_t>(j.get_uint64()));
        case json::kind::double_:
            return Value::double_(j.get_double());
        case json::kind::array: {
            std::vector<Value> items;
            for (const auto& x : j.get_array()) items.push_back(typed_value(x, line));
            return Value::list(std::move(items));
        }
        case json::kind::object:
            break;
    }
    const auto& o = j.get_object();
    const auto* t = o.if_contains("@type");
    const auto* v = o.if_contains("@value");
    if (!t || !v || !t->is_string()) bad_line(line, "expected a typed value {\"@type\",\"@value\"}");
    std::string_view type = t->get_string();
    auto num = [&]() -> const json::value& {
        if (!v->is_number()) bad_line(line, std::string(type) + " without a number");
        return *v;
    };
    if (type == "g:Int32") return Value::int_(static_cast<std::int32_t>(num().to_number<std::int64_t>()));
    if (type == "g:Int64") return Value::long_(num().to_number<std::int64_t>());
    if (type == "g:Double") return Value::double_(num().to_number<double>());
    if (type == "g:Float") return Value::float_(static_cast<float>(num().to_number<double>()));
    if (type == "gx:Int16") return Value::short_(static_cast<std::int16_t>(num().to_number<std::int64_t>()));
    if (type == "gx:Byte") return Value::byte(static_cast<std::int8_t>(num().to_number<std::int64_t>()));
    if (type == "g:Date") return Value::date(num().to_number<std::int64_t>());
    if (type == "g:Timestamp") return Value::timestamp(num().to_number<std::int64_t>());
    if (type == "g:UUID" && v->is_string()) {
        model::Uuid u;
        if (!model::uuid_from_string(v->get_string(), u)) bad_line(line, "malformed g:UUID");
        return Value::uuid(u);
    }
    if (type == "g:List" && v->is_array()) {
        std::vector<Value> items;
        for (const auto& x : v->get_array()) items.push_back(typed_value(x, line));
        return Value::list(std::move(items));
    }
    bad_line(line, "unsupported GraphSON type " + std::string(type));
}

const json::object& member_object(const json::object& o, std::string_view key, std::size_t line) {
    static const json::object empty;
    const auto* m = o.if_contains(key);
    if (!m) return empty;
    if (!m->is_object()) bad_line(line, "member '" + std::string(key) + "' is not an object");
    return m->get_object();
}

}  // namespace

void Graph::load_graphson_adjacency(std::string_view text) {
    // Built aside and published whole (one index build); the store's id counter is shared.
    auto fresh = store_->make_empty();
    fresh->mode = mode_;
    // A line's JSON tree lives in an arena over one reused initial buffer (spilling to the heap
    // for long lines), dropped as soon as the line's records are built.
    std::vector<unsigned char> arena_buf(256 * 1024);
    // Edges are stored as they are read (their tail is the line's vertex); only their head's id waits
    // for the end, when every vertex is known.
    std::vector<Value> pending_in;
    std::vector<std::uint32_t> pending_line;
    std::int64_t max_id = -1;
    auto note_id = [&](const Value& id) {
        if (id.type() == Type::int_ || id.type() == Type::long_) max_id = std::max(max_id, id.as_int());
    };
    std::size_t line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        std::string_view line =
            text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() : nl + 1;
        ++line_no;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        json::monotonic_resource arena(arena_buf.data(), arena_buf.size());
        boost::system::error_code ec;
        json::value j = json::parse(line, ec, &arena);
        if (ec) bad_line(line_no, "invalid JSON: " + ec.message());
        if (!j.is_object()) bad_line(line_no, "expected an object");
        const auto& o = j.get_object();
        const auto* idv = o.if_contains("id");
        const auto* lab = o.if_contains("label");
        if (!idv || !lab || !lab->is_string()) bad_line(line_no, "vertex needs 'id' and string 'label'");
        const auto vi = static_cast<std::uint32_t>(fresh->vertices.size());
        detail::VertexRec v;
        v.id = typed_value(*idv, line_no);
        note_id(v.id);
        v.label = std::string(lab->get_string());
        for (const auto& [key, arr] : member_object(o, "properties", line_no)) {
            if (!arr.is_array()) bad_line(line_no, "property '" + std::string(key) + "' is not an array");
            for (const auto& pj : arr.get_array()) {
                if (!pj.is_object()) bad_line(line_no, "vertex property is not an object");
                const auto& po = pj.get_object();
                const auto* pid = po.if_contains("id");
                const auto* pv = po.if_contains("value");
                if (!pv) bad_line(line_no, "vertex property without 'value'");
                detail::VPropRec p;
                p.id = pid ? typed_value(*pid, line_no) : Value();
                note_id(p.id);
                p.key = std::string(key);
                p.value = typed_value(*pv, line_no);
                for (const auto& [mk, mv] : member_object(po, "properties", line_no))
                    p.meta.emplace_back(std::string(mk), typed_value(mv, line_no));
                v.props.push_back(std::move(p));
            }
        }
        for (const auto& [label, arr] : member_object(o, "outE", line_no)) {
            if (!arr.is_array()) bad_line(line_no, "outE entry is not an array");
            for (const auto& ej : arr.get_array()) {
                if (!ej.is_object()) bad_line(line_no, "edge is not an object");
                const auto& eo = ej.get_object();
                const auto* eid = eo.if_contains("id");
                const auto* inv = eo.if_contains("inV");
                if (!eid || !inv) bad_line(line_no, "edge needs 'id' and 'inV'");
                detail::EdgeRec e;
                e.id = typed_value(*eid, line_no);
                note_id(e.id);
                e.label = std::string(label);
                e.out_v = vi;
                for (const auto& [pk, pv] : member_object(eo, "properties", line_no))
                    e.props.emplace_back(std::string(pk), typed_value(pv, line_no));
                fresh->edges.push_back(std::move(e));
                pending_in.push_back(typed_value(*inv, line_no));
                pending_line.push_back(static_cast<std::uint32_t>(line_no));
            }
        }
        if (fresh->vindex.count(detail::id_key(v.id)))
            bad_line(line_no, "duplicate vertex id " + v.id.to_string());
        fresh->vindex.emplace(detail::id_key(v.id), static_cast<std::uint32_t>(fresh->vertices.size()));
        fresh->vertices.push_back(std::move(v));
    }
    for (std::size_t k = 0; k < fresh->edges.size(); ++k) {
        auto i = fresh->vindex.find(detail::id_key(pending_in[k]));
        if (i == fresh->vindex.end())
            bad_line(pending_line[k], "edge " + fresh->edges[k].id.to_string() +
                                          " points to unknown vertex " + pending_in[k].to_string());
        fresh->edges[k].in_v = i->second;
    }
    std::vector<Value>().swap(pending_in);
    std::vector<std::uint32_t>().swap(pending_line);
    fresh->next_id = max_id + 1;
    fresh->reindex();
    store_->publish(std::move(fresh));
}

Value materialize(const Item& item, bool tokens) {
    if (!item.element_key) return item.value;
    return detail::materialize_element(*static_cast<const detail::ElementRec*>(item.element_key), tokens);
}

}  // namespace tpbench::server
