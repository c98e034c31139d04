// shortestPath(): TinkerPop 3.7.3's ShortestPathVertexProgramStep, evaluated by the
// in-memory OLTP evaluator. As in TinkerPop it needs g.withComputer() (StandardVerificationStrategy
// refuses it otherwise); withComputer() changes nothing else. For each start
// traverser (a vertex) it searches from that vertex and emits, as Path values, every shortest path
// to each reached vertex that passes the target filter, the zero-length path to itself included;
// equal-distance shortest paths are all returned. The with() options are ShortestPath's:
//   ~tinkerpop.shortestPath.target       a filter traversal on the end vertex (default: all)
//   ~tinkerpop.shortestPath.edges        a Direction (toE(d)) or an edge traversal (default bothE())
//   ~tinkerpop.shortestPath.distance     a property key (values(key)) or an edge traversal giving a
//                                        Number (an empty one counts 0); default: one per hop
//   ~tinkerpop.shortestPath.maxDistance  a Number: hop counts stop the search beyond it, a custom
//                                        distance drops longer paths at the end (as Java does)
//   ~tinkerpop.shortestPath.includeEdges a Boolean (with(key) alone: true): edges in the paths
// The search is ShortestPathVertexProgram's message passing run as a FIFO queue (its supersteps in
// order): a path reaching a vertex with a smaller distance replaces that vertex's shortest paths, an
// equal one joins them, a longer one is dropped; only simple paths are extended. Memory per start
// vertex is bounded (kMaxPathNodes path steps, kMaxMessages queued extensions): beyond it the
// evaluation fails with a message naming shortestPath(); the evaluation deadline applies throughout.
#include "compiler.hpp"

#include <algorithm>
#include <deque>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

// compiler.cpp: true while a traversal with withComputer() compiles.
bool compiling_on_computer();

namespace {

constexpr std::size_t kMaxPathNodes = std::size_t{1} << 20;
constexpr std::size_t kMaxMessages = std::size_t{1} << 22;

constexpr const char* kTarget = "~tinkerpop.shortestPath.target";
constexpr const char* kEdges = "~tinkerpop.shortestPath.edges";
constexpr const char* kDistance = "~tinkerpop.shortestPath.distance";
constexpr const char* kMaxDistance = "~tinkerpop.shortestPath.maxDistance";
constexpr const char* kIncludeEdges = "~tinkerpop.shortestPath.includeEdges";

struct SpSpec {
    PlanPtr target;    // null: every vertex is a target
    PlanPtr edges;     // vertex → edges to follow
    PlanPtr distance;  // edge → Number; null: one per hop
    Value max_distance;
    bool include_edges = false;
};

[[noreturn]] void illegal(const std::string& msg) {
    fail(EvalError::Kind::evaluation, msg, "IllegalArgumentException");
}

// One step of a path: its vertex, the edge taken to it (null at the start or without includeEdges)
// and the previous step.
struct PNode {
    const ElementRec* v = nullptr;
    const ElementRec* e = nullptr;
    std::int32_t parent = -1;
};

// A vertex reached from the current start vertex: its shortest distance and paths.
struct Reached {
    Value dist;
    std::vector<std::uint32_t> paths;  // PNode indices
};

struct Msg {
    const ElementRec* to = nullptr;
    const ElementRec* e = nullptr;
    std::int32_t parent = -1;
    Value dist;
};

class ShortestPathStep : public Step {
public:
    ShortestPathStep(Ctx& ctx, std::shared_ptr<const SpSpec> spec) : spec_(std::move(spec)) {
        edges_ = spec_->edges->instantiate(ctx);
        if (spec_->target) target_ = spec_->target->instantiate(ctx);
        if (spec_->distance) distance_ = spec_->distance->instantiate(ctx);
    }

    bool next(Traverser& out) override {
        while (pos_ >= out_.size()) {
            out_.clear();
            pos_ = 0;
            Traverser t;
            if (!input_->next(t)) return false;
            search(t);
        }
        out = std::move(out_[pos_++]);
        return true;
    }

    void reset() override {
        out_.clear();
        pos_ = 0;
        clear_search();
        Step::reset();
    }

private:
    void clear_search() {
        nodes_.clear();
        reached_.clear();
        order_.clear();
        queue_.clear();
    }

    Traverser start_of(const ElementRec* el) {
        Traverser x;
        x.obj = Obj(el);
        fresh_path(*ctx_, x);
        return x;
    }

    bool on_path(std::int32_t n, const ElementRec* v) const {
        for (; n >= 0; n = nodes_[static_cast<std::size_t>(n)].parent)
            if (nodes_[static_cast<std::size_t>(n)].v == v) return true;
        return false;
    }

    std::uint32_t add_node(const ElementRec* v, const ElementRec* e, std::int32_t parent) {
        if (nodes_.size() >= kMaxPathNodes)
            fail(EvalError::Kind::evaluation,
                 "shortestPath() kept more than " + std::to_string(kMaxPathNodes) +
                     " path steps for one start vertex (narrow the search with ShortestPath.target, "
                     ".edges or .maxDistance)",
                 "IllegalStateException");
        nodes_.push_back(PNode{v, e, parent});
        return static_cast<std::uint32_t>(nodes_.size() - 1);
    }

    Value edge_distance(const ElementRec* e) {
        distance_->start_with(start_of(e));
        Traverser r;
        if (!distance_->next(r)) return Value::int_(0);  // Java: tryNext().orElse(0)
        Value d = to_value(*ctx_, r.obj);
        if (!d.is_number())
            fail(EvalError::Kind::evaluation,
                 "shortestPath() distance must be a Number but got " + d.to_string(), "ClassCastException");
        return d;
    }

    // Sends the path ending in node n (distance d) along the edges of its vertex
    // (ShortestPathVertexProgram.processEdges).
    void extend(std::uint32_t n, const Value& d) {
        const ElementRec* v = nodes_[n].v;
        edges_->start_with(start_of(v));
        std::vector<Msg> sent;
        Traverser r;
        while (edges_->next(r)) {
            ctx_->tick();
            const ElementRec* el = as_element(*ctx_, r.obj);
            if (!el || el->kind != ElKind::edge)
                fail(EvalError::Kind::evaluation,
                     "shortestPath() edges traversal must produce edges but got " +
                         to_value(*ctx_, r.obj).to_string(),
                     "ClassCastException");
            const auto& e = *static_cast<const EdgeRec*>(el);
            const ElementRec* other = &e.snap->vertices[e.in_v];
            if (other == v) other = &e.snap->vertices[e.out_v];
            if (on_path(static_cast<std::int32_t>(n), other)) continue;
            const ElementRec* kept = spec_->include_edges ? el : nullptr;
            // Java keeps each vertex's paths in a HashSet: the same path twice (parallel edges without
            // includeEdges, an edge traversal repeating an edge) is one path.
            bool dup = std::any_of(sent.begin(), sent.end(),
                                   [&](const Msg& m) { return m.to == other && m.e == kept; });
            if (dup) continue;
            Value nd = distance_ ? num_add(d, edge_distance(el)) : num_add(d, Value::int_(1));
            sent.push_back(Msg{other, kept, static_cast<std::int32_t>(n), std::move(nd)});
        }
        if (queue_.size() + sent.size() > kMaxMessages)
            fail(EvalError::Kind::evaluation,
                 "shortestPath() queued more than " + std::to_string(kMaxMessages) +
                     " path extensions for one start vertex",
                 "IllegalStateException");
        for (auto& m : sent) queue_.push_back(std::move(m));
    }

    void search(const Traverser& t) {
        const ElementRec* src = as_element(*ctx_, t.obj);
        if (!src || src->kind != ElKind::vertex)
            fail(EvalError::Kind::evaluation,
                 "shortestPath() expects a vertex but got " + to_value(*ctx_, t.obj).to_string(),
                 "ClassCastException");
        clear_search();
        const bool hops = !distance_;
        const bool has_max = !spec_->max_distance.is_null();
        std::uint32_t root = add_node(src, nullptr, -1);
        reached_.emplace(src, Reached{Value::int_(0), {root}});
        order_.push_back(src);
        extend(root, Value::int_(0));
        while (!queue_.empty()) {
            Msg m = std::move(queue_.front());
            queue_.pop_front();
            ctx_->tick();
            auto it = reached_.find(m.to);
            if (it != reached_.end()) {
                int cmp = obj_compare(*ctx_, Obj(m.dist), Obj(it->second.dist));
                if (cmp > 0) continue;
                std::uint32_t n = add_node(m.to, m.e, m.parent);
                if (cmp < 0) {
                    it->second.dist = m.dist;
                    it->second.paths.assign(1, n);
                } else {
                    it->second.paths.push_back(n);
                }
                extend(n, m.dist);
            } else {
                if (hops && has_max && obj_compare(*ctx_, Obj(m.dist), Obj(spec_->max_distance)) > 0)
                    continue;
                std::uint32_t n = add_node(m.to, m.e, m.parent);
                reached_.emplace(m.to, Reached{m.dist, {n}});
                order_.push_back(m.to);
                extend(n, m.dist);
            }
        }
        // ShortestPathVertexProgram.collectShortestPaths + updateHaltedTraversers
        for (const ElementRec* v : order_) {
            const Reached& r = reached_.at(v);
            if (!hops && has_max && obj_compare(*ctx_, Obj(r.dist), Obj(spec_->max_distance)) > 0) continue;
            if (target_ && !target_->any(start_of(v))) continue;
            for (std::uint32_t n : r.paths) {
                out_.push_back(t);
                advance(*ctx_, out_.back(), Obj(path_of(n)));
            }
        }
        clear_search();
    }

    Value path_of(std::uint32_t n) {
        std::vector<const ElementRec*> els;
        for (auto i = static_cast<std::int32_t>(n); i >= 0; i = nodes_[static_cast<std::size_t>(i)].parent) {
            els.push_back(nodes_[static_cast<std::size_t>(i)].v);
            if (nodes_[static_cast<std::size_t>(i)].e) els.push_back(nodes_[static_cast<std::size_t>(i)].e);
        }
        std::vector<Value> labels, objects;
        for (auto it = els.rbegin(); it != els.rend(); ++it) {
            labels.push_back(Value::set());
            objects.push_back(to_value(*ctx_, Obj(*it)));
        }
        return Value::path(Value::list(std::move(labels)), Value::list(std::move(objects)));
    }

    std::shared_ptr<const SpSpec> spec_;
    std::unique_ptr<Pipeline> edges_, target_, distance_;
    std::vector<Traverser> out_;
    std::size_t pos_ = 0;
    std::vector<PNode> nodes_;
    std::unordered_map<const ElementRec*, Reached> reached_;
    std::vector<const ElementRec*> order_;  // reached vertices in discovery order
    std::deque<Msg> queue_;
};

void build_shortest_path(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (!in.args.empty()) bad_args(in);
    if (!compiling_on_computer())
        fail(EvalError::Kind::evaluation,
             "VertexComputing steps must be executed with a GraphComputer: [ShortestPathVertexProgramStep] "
             "(start the traversal with g.withComputer())",
             "VerificationException");
    auto spec = std::make_shared<SpSpec>();
    for (const Instr* m : s.mods) {
        if (m->name != "with" || m->args.empty() || m->args.size() > 2 || !is_str(m->args[0])) bad_args(*m);
        const std::string& key = m->args[0].v.str();
        const bool one = m->args.size() == 1;
        const Arg val = one ? Arg{Value::boolean(true), nullptr} : m->args[1];
        if (key == kTarget) {
            if (!val.t) illegal("ShortestPath.target requires a Traversal as its argument");
            spec->target = comp.child(val, *m);
        } else if (key == kEdges) {
            if (val.t) {
                spec->edges = comp.child(val, *m);
            } else if (is_enum(val, EnumKind::direction)) {
                const std::string& d = val.v.str();
                spec->edges = comp.single(d == "OUT" || d == "from" ? "outE"
                                          : d == "IN" || d == "to"  ? "inE"
                                                                    : "bothE",
                                          {});
            } else {
                illegal("ShortestPath.edges requires a Traversal or a Direction as its argument");
            }
        } else if (key == kDistance) {
            if (val.t)
                spec->distance = comp.child(val, *m);
            else if (is_str(val))
                spec->distance = comp.single("values", {val});
            else
                illegal("ShortestPath.distance requires a Traversal or a property name as its argument");
        } else if (key == kMaxDistance) {
            if (val.t || !val.v.is_number())
                illegal("ShortestPath.maxDistance requires a Number as its argument");
            spec->max_distance = val.v;
        } else if (key == kIncludeEdges) {
            if (val.t || val.v.type() != Type::boolean)
                illegal("ShortestPath.includeEdges requires a Boolean as its argument");
            spec->include_edges = val.v.as_bool();
        }
        // other keys: Java keeps them as step parameters, which the search never reads
    }
    if (!spec->edges) spec->edges = comp.single("bothE", {});
    std::shared_ptr<const SpSpec> cspec = spec;
    comp.add(
        [cspec](Ctx& ctx) { return std::unique_ptr<Step>(std::make_unique<ShortestPathStep>(ctx, cspec)); });
}

}  // namespace

void register_shortest_path_steps(StepTable& t) { t.add("shortestPath", build_shortest_path); }

}  // namespace tpbench::server::detail
