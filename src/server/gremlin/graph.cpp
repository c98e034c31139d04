// The in-memory graph: snapshots, the modern toy graph, GraphSON 3.0 adjacency loading and element
// materialisation.
#include "graph_store.hpp"

#include <boost/json.hpp>

#include <stdexcept>
#include <string>

namespace tpbench::server {

using model::Type;
using model::Value;

namespace detail {

Value id_key(const Value& id) {
    switch (id.type()) {
    case Type::byte: case Type::short_: case Type::int_: case Type::long_:
        return Value::long_(id.as_int());
    default:
        return id;
    }
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
    if (!integral) return id;
    return mode == Graph::IdMode::long_ids ? Value::long_(id.as_int())
                                            : Value::int_(static_cast<std::int32_t>(id.as_int()));
}

Value Snapshot::generate_id(bool edge) {
    for (;;) {
        std::int64_t n = next_id++;
        Value key = Value::long_(n);
        if (edge ? eindex.count(key) == 0 : vindex.count(key) == 0) {
            // Stock server: vertices LONG, edges ANY (generates Long); Int mode: Int for both.
            if (mode == Graph::IdMode::int_ids) return Value::int_(static_cast<std::int32_t>(n));
            return Value::long_(n);
        }
    }
}

namespace {

void add_vertex(Snapshot& s, Value id, std::string label,
                std::initializer_list<std::pair<const char*, Value>> props) {
    VertexRec v;
    v.id = s.convert_vertex_id(id);
    v.label = std::move(label);
    for (const auto& [k, val] : props) {
        VPropRec p;
        p.id = s.next_property_id();
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
    // The stock server's id counter continues after the explicit ids and property ids.
    s.next_id = 13;
}

Value materialize_element(const ElementRec& el, bool tokens) {
    switch (el.kind) {
    case ElKind::vertex: {
        const auto& v = static_cast<const VertexRec&>(el);
        if (tokens) return Value::vertex(v.id, v.label);
        std::vector<Value> props;
        props.reserve(v.props.size());
        for (const auto& p : v.props) props.push_back(Value::vertex_property(p.id, p.key, p.value, Value::list()));
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
        return Value::edge(e.id, e.label, iv.id, iv.label, ov.id, ov.label, Value::list(std::move(props)));
    }
    case ElKind::vertex_property: {
        const auto& p = static_cast<const VPropRec&>(el);
        if (tokens) return Value::vertex_property(p.id, p.key, p.value);
        return Value::vertex_property(p.id, p.key, p.value, Value::list());
    }
    }
    return Value();
}

}  // namespace detail

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
    case json::kind::null: return Value();
    case json::kind::bool_: return Value::boolean(j.get_bool());
    case json::kind::string: return Value::string(std::string(j.get_string()));
    case json::kind::int64: return Value::long_(j.get_int64());
    case json::kind::uint64: return Value::long_(static_cast<std::int64_t>(j.get_uint64()));
    case json::kind::double_: return Value::double_(j.get_double());
    case json::kind::array: {
        std::vector<Value> items;
        for (const auto& x : j.get_array()) items.push_back(typed_value(x, line));
        return Value::list(std::move(items));
    }
    case json::kind::object: break;
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
    auto fresh = std::make_shared<detail::Snapshot>();
    fresh->mode = mode_;
    struct PendingEdge {
        Value id, out_id, in_id;
        std::string label;
        std::vector<std::pair<std::string, Value>> props;
        std::size_t line;
    };
    std::vector<PendingEdge> pending;
    std::int64_t max_id = -1;
    auto note_id = [&](const Value& id) {
        if (id.type() == Type::int_ || id.type() == Type::long_) max_id = std::max(max_id, id.as_int());
    };
    std::size_t line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() : nl + 1;
        ++line_no;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        boost::system::error_code ec;
        json::value j = json::parse(line, ec);
        if (ec) bad_line(line_no, "invalid JSON: " + ec.message());
        if (!j.is_object()) bad_line(line_no, "expected an object");
        const auto& o = j.get_object();
        const auto* idv = o.if_contains("id");
        const auto* lab = o.if_contains("label");
        if (!idv || !lab || !lab->is_string()) bad_line(line_no, "vertex needs 'id' and string 'label'");
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
                PendingEdge pe{typed_value(*eid, line_no), v.id, typed_value(*inv, line_no), std::string(label), {},
                               line_no};
                note_id(pe.id);
                for (const auto& [pk, pv] : member_object(eo, "properties", line_no))
                    pe.props.emplace_back(std::string(pk), typed_value(pv, line_no));
                pending.push_back(std::move(pe));
            }
        }
        if (fresh->vindex.count(detail::id_key(v.id)))
            bad_line(line_no, "duplicate vertex id " + v.id.to_string());
        fresh->vindex.emplace(detail::id_key(v.id), static_cast<std::uint32_t>(fresh->vertices.size()));
        fresh->vertices.push_back(std::move(v));
    }
    for (auto& pe : pending) {
        auto o = fresh->vindex.find(detail::id_key(pe.out_id));
        auto i = fresh->vindex.find(detail::id_key(pe.in_id));
        if (i == fresh->vindex.end())
            bad_line(pe.line, "edge " + pe.id.to_string() + " points to unknown vertex " + pe.in_id.to_string());
        detail::EdgeRec e;
        e.id = std::move(pe.id);
        e.label = std::move(pe.label);
        e.out_v = o->second;
        e.in_v = i->second;
        e.props = std::move(pe.props);
        fresh->edges.push_back(std::move(e));
    }
    fresh->next_id = max_id + 1;
    fresh->reindex();
    store_->mutate([&](detail::Snapshot& s) {
        s.vertices = std::move(fresh->vertices);
        s.edges = std::move(fresh->edges);
        s.next_id = fresh->next_id;
    });
}

Value materialize(const Item& item, bool tokens) {
    if (!item.element_key) return item.value;
    return detail::materialize_element(*static_cast<const detail::ElementRec*>(item.element_key), tokens);
}

}  // namespace tpbench::server
