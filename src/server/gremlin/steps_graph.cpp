// Graph access steps: V()/E()/inject(), adjacency (out/in/both, outE/inE/bothE), edge endpoints
// (outV/inV/bothV/otherV), values()/properties(), the T-token steps (id/label/key/value), constant().
#include "compiler.hpp"
#include "steps_write.hpp"

#include <algorithm>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

// ---- graph access ---------------------------------------------------------------------------------

const VertexRec& need_vertex(Ctx& ctx, const Obj& o, const char* step) {
    const ElementRec* el = as_element(ctx, o);
    if (!el || el->kind != ElKind::vertex)
        fail(EvalError::Kind::evaluation,
             std::string(step) + "() expects a vertex but got " +
                 (o.el ? std::string("an element") : o.v.to_string()),
             "ClassCastException");
    return *static_cast<const VertexRec*>(el);
}

const EdgeRec& need_edge(Ctx& ctx, const Obj& o, const char* step) {
    const ElementRec* el = as_element(ctx, o);
    if (!el || el->kind != ElKind::edge)
        fail(EvalError::Kind::evaluation,
             std::string(step) + "() expects an edge but got " +
                 (o.el ? std::string("an element") : o.v.to_string()),
             "ClassCastException");
    return *static_cast<const EdgeRec*>(el);
}

bool label_ok(const std::vector<std::string>& labels, const std::string& l) {
    return labels.empty() || std::find(labels.begin(), labels.end(), l) != labels.end();
}
void build_adjacency(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    auto labels = strings(in);
    bool out = n == "out" || n == "outE" || n == "both" || n == "bothE";
    bool inn = n == "in" || n == "inE" || n == "both" || n == "bothE";
    bool edges = n.back() == 'E';
    std::string step = n;
    comp.add_expand([labels, out, inn, edges, step](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
        const VertexRec& v = need_vertex(ctx, t.obj, step.c_str());
        const Snapshot& s = *v.snap;
        if (out)
            for (auto ei : v.out) {
                const EdgeRec& e = s.edges[ei];
                if (!label_ok(labels, e.label)) continue;
                if (ctx.filter && (!visible(ctx, &e) || (!edges && !visible(ctx, &s.vertices[e.in_v]))))
                    continue;
                buf.push_back(t);
                advance(ctx, buf.back(),
                        Obj(edges ? static_cast<const ElementRec*>(&e) : &s.vertices[e.in_v]));
            }
        if (inn)
            for (auto ei : v.in) {
                const EdgeRec& e = s.edges[ei];
                if (!label_ok(labels, e.label)) continue;
                if (ctx.filter && (!visible(ctx, &e) || (!edges && !visible(ctx, &s.vertices[e.out_v]))))
                    continue;
                buf.push_back(t);
                advance(ctx, buf.back(),
                        Obj(edges ? static_cast<const ElementRec*>(&e) : &s.vertices[e.out_v]));
            }
    });
}

// to(Direction, labels...) / toE(Direction, labels...) / toV(Direction): out/in/both, outE/inE/bothE,
// outV/inV/bothV by the direction.
void build_edge_vertices(Compiler& comp, const Spec& s);

void build_to_direction(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.empty() || !is_enum(in.args[0], EnumKind::direction)) bad_args(in);
    const std::string& d = in.args[0].v.str();
    std::string base = d == "OUT" || d == "from" ? "out" : d == "IN" || d == "to" ? "in" : "both";
    Instr x;
    x.pos = in.pos;
    x.args.assign(in.args.begin() + 1, in.args.end());
    if (in.name == "toV") {
        if (!x.args.empty()) bad_args(in);
        x.name = base + "V";
    } else {
        x.name = in.name == "toE" ? base + "E" : base;
    }
    Spec xs;
    xs.main = &x;
    xs.mods = s.mods;
    if (in.name == "toV")
        build_edge_vertices(comp, xs);
    else
        build_adjacency(comp, xs);
}

// V()/E() as start or mid-traversal step; inject().
void build_graph_or_inject(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.name == "inject") {
        std::vector<Value> vals;
        for (const auto& a : in.args) {
            if (a.t) bad_args(in);
            vals.push_back(a.v);
        }
        if (comp.at_start) {
            // InjectStep adds its values to a TraverserSet: equal values become one traverser with
            // their count as its bulk, in first-seen order (g.inject(1,2,1) is 1,1,2)
            std::vector<std::pair<Value, std::int64_t>> merged;
            for (auto& v : vals) {
                auto it =
                    std::find_if(merged.begin(), merged.end(), [&](const auto& m) { return m.first == v; });
                if (it != merged.end())
                    ++it->second;
                else
                    merged.emplace_back(std::move(v), 1);
            }
            comp.add_expand([merged](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
                for (const auto& [v, bulk] : merged) {
                    Traverser n;
                    n.bulk = t.bulk * bulk;
                    n.obj = Obj(v);
                    fresh_path(ctx, n);
                    buf.push_back(std::move(n));
                }
            });
            return;
        }
        // Mid-traversal inject: the injected values come first, then the input — except as the
        // first step of a child traversal, whose start comes first (TinkerPop's InjectStep adds its
        // values behind the starts already queued).
        bool input_first = comp.first;
        comp.add([vals, input_first](Ctx&) {
            struct InjectStep : Step {
                std::vector<Value> vals;
                std::size_t pos = 0;
                bool input_first = false;
                bool next(Traverser& out) override {
                    if (input_first && pos == 0 && input_->next(out)) return true;
                    if (pos < vals.size()) {
                        out = Traverser{};
                        out.obj = Obj(vals[pos++]);
                        fresh_path(*ctx_, out);
                        return true;
                    }
                    return input_->next(out);
                }
                void reset() override {
                    pos = 0;
                    Step::reset();
                }
            };
            auto inj = std::make_unique<InjectStep>();
            inj->vals = vals;
            inj->input_first = input_first;
            return std::unique_ptr<Step>(std::move(inj));
        });
        return;
    }
    bool vertices = in.name == "V";
    // 4.0: V(__.x()) / E(__.x()): the ids (or elements) every result of the child traversal names,
    // run on each traverser (Dialect::traversal_arguments)
    if (in.args.size() == 1 && in.args[0].t && compiling_dialect().traversal_arguments) {
        check_read_only_child(*in.args[0].t);
        PlanPtr plan = comp.child(in.args[0], in);
        bool start = comp.at_start;
        comp.add([plan, vertices, start](Ctx& ctx) {
            auto pipe = std::shared_ptr<Pipeline>(plan->instantiate(ctx));
            auto st = std::make_unique<ExpandStep>();
            Ctx* c = &ctx;
            st->fn = [pipe, vertices, start, c](Traverser& t, std::vector<Traverser>& buf) {
                Ctx& ctx = *c;
                Traverser s0 = t;
                s0.bulk = 1;
                pipe->start_with(s0);
                std::vector<Value> ids;
                Traverser r;
                while (pipe->next(r)) {
                    Value v = to_value(ctx, r.obj);
                    if (v.type() == Type::list || v.type() == Type::set) {
                        for (const auto& x : v.kids()) ids.push_back(x.is_element() ? x.id() : x);
                    } else if (!v.is_null()) {
                        ids.push_back(v.is_element() ? v.id() : v);
                    }
                }
                const Snapshot& s = *ctx.snap;
                for (const auto& id : ids) {
                    const ElementRec* el =
                        vertices ? static_cast<const ElementRec*>(s.find_vertex(s.convert_vertex_id(id)))
                                 : static_cast<const ElementRec*>(s.find_edge(id));
                    if (!el || !visible(ctx, el)) continue;
                    Traverser n = t;
                    if (start) {
                        n = Traverser{};
                        n.bulk = t.bulk;
                        n.obj = Obj(el);
                        fresh_path(ctx, n);
                    } else {
                        advance(ctx, n, Obj(el));
                    }
                    buf.push_back(std::move(n));
                }
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    std::vector<Value> ids;
    for (const auto& a : in.args) {
        if (a.t) bad_args(in);
        if (a.v.type() == Type::list || a.v.type() == Type::set) {
            // V(list) / E(list): ids or elements (g.V([v1, v2]))
            for (const auto& x : a.v.kids()) ids.push_back(x.is_element() ? x.id() : x);
        } else if (a.v.is_element()) {
            ids.push_back(a.v.id());
        } else if (!a.v.is_null()) {
            ids.push_back(a.v);
        }
    }
    bool any_null = !in.args.empty() && ids.empty();
    bool start = comp.at_start;
    comp.add_expand([vertices, ids, any_null, start](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
        const Snapshot& s = *ctx.snap;
        auto emit = [&](const ElementRec* el) {
            if (!visible(ctx, el)) return;
            Traverser n;
            n.bulk = t.bulk;
            if (!start) {
                n = t;
                advance(ctx, n, Obj(el));
            } else {
                n.obj = Obj(el);
                fresh_path(ctx, n);
            }
            buf.push_back(std::move(n));
        };
        if (any_null) return;
        if (ids.empty()) {
            if (vertices)
                for (const auto& v : s.vertices) emit(&v);
            else
                for (const auto& e : s.edges) emit(&e);
            return;
        }
        for (const auto& id : ids) {
            const ElementRec* el = nullptr;
            if (vertices) {
                el = s.find_vertex(s.convert_vertex_id(id));
            } else {
                el = s.find_edge(id);
                // a numeric String id finds the edge as the LONG / INTEGER id managers parse it
                if (!el && id.type() == Type::string) el = s.find_edge(s.convert_vertex_id(id));
            }
            if (el) emit(el);
        }
    });
}

// outV() / inV() / bothV() / otherV()
enum class EndV : std::uint8_t { out, in, both, other };

void build_edge_vertices(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    if (!in.args.empty()) bad_args(in);
    EndV which = n == "outV" ? EndV::out : n == "inV" ? EndV::in : n == "bothV" ? EndV::both : EndV::other;
    if (which == EndV::other) comp.need(PathMode::full);
    std::string step = n;
    comp.add_expand([which, step](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
        const EdgeRec& e = need_edge(ctx, t.obj, step.c_str());
        const Snapshot& s = *e.snap;
        auto push = [&](const VertexRec& v) {
            if (!visible(ctx, &v)) return;
            buf.push_back(t);
            advance(ctx, buf.back(), Obj(&v));
        };
        if (which == EndV::out)
            push(s.out_vertex(e));
        else if (which == EndV::in)
            push(s.in_vertex(e));
        else if (which == EndV::both) {
            push(s.out_vertex(e));
            push(s.in_vertex(e));
        } else {
            // otherV (EdgeOtherVertexStep): the endpoint that is not the latest vertex before the edge in
            // the path; an error when the path holds none
            const VertexRec* pv = nullptr;
            for (const PathNode* p = t.path ? t.path->prev.get() : nullptr; p && !pv; p = p->prev.get()) {
                const ElementRec* pe = as_element(ctx, p->obj);
                if (pe && pe->kind == ElKind::vertex) pv = static_cast<const VertexRec*>(pe);
            }
            if (!pv)
                fail(EvalError::Kind::evaluation,
                     "The path history of the traverser does not contain a previous vertex: " +
                         path_value(ctx, t).to_string(),
                     "IllegalStateException");
            if (id_key(pv->id) == id_key(s.out_vertex(e).id))
                push(s.in_vertex(e));
            else
                push(s.out_vertex(e));
        }
    });
    return;
}

// values() / properties()
void build_values(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    Instr nn = in;
    std::erase_if(nn.args, [](const Arg& a) { return !a.t && a.v.is_null(); });
    auto keys = strings(nn);
    bool only_null = keys.empty() && !in.args.empty();
    bool vals = n == "values";
    comp.add_expand([keys, vals, only_null](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
        if (only_null) return;
        const ElementRec* el = as_element(ctx, t.obj);
        if (!el) {
            std::vector<Value> v;
            property_values(ctx, t.obj, keys, v);  // throws a clear error for non-elements
            for (auto& x : v) {
                buf.push_back(t);
                advance(ctx, buf.back(), Obj(std::move(x)));
            }
            return;
        }
        auto wanted = [&](const std::string& k) {
            return keys.empty() || std::find(keys.begin(), keys.end(), k) != keys.end();
        };
        if (el->kind == ElKind::vertex) {
            for (const auto& p : static_cast<const VertexRec*>(el)->props)
                if (wanted(p.key) && visible(ctx, &p)) {
                    buf.push_back(t);
                    advance(ctx, buf.back(), vals ? Obj(p.value) : Obj(&p));
                }
        } else if (el->kind == ElKind::edge) {
            const auto& e = *static_cast<const EdgeRec*>(el);
            for (const auto& [k, v] : e.props)
                if (wanted(k)) {
                    buf.push_back(t);
                    advance(ctx, buf.back(), Obj(vals ? v : edge_property_value(e, k, v)));
                }
        } else {
            std::vector<Value> ms;
            meta_properties(*static_cast<const VPropRec*>(el), keys, vals, ms);
            for (auto& m : ms) {
                buf.push_back(t);
                advance(ctx, buf.back(), Obj(std::move(m)));
            }
        }
    });
    return;
}

// id() / label() / key() / value()
void build_token(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    if (!in.args.empty()) bad_args(in);
    Token token = token_of(n);
    comp.add_fn([token](Ctx& ctx, Traverser& t) {
        advance(ctx, t, token_value(ctx, t.obj, token));
        return true;
    });
    return;
}

void build_constant(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.size() != 1 || in.args[0].t) bad_args(in);
    Value v = in.args[0].v;
    comp.add_fn([v](Ctx& ctx, Traverser& t) {
        advance(ctx, t, Obj(v));
        return true;
    });
    return;
}

// identity(): no step at all
void build_identity(Compiler& comp, const Spec& s) {
    if (!s.main->args.empty()) bad_args(*s.main);
}

}  // namespace

void register_graph_steps(StepTable& t) {
    for (const char* n : {"V", "E", "inject"}) t.add(n, build_graph_or_inject, kStepSource);
    for (const char* n : {"out", "in", "both", "outE", "inE", "bothE"}) t.add(n, build_adjacency);
    for (const char* n : {"outV", "inV", "bothV", "otherV"}) t.add(n, build_edge_vertices);
    for (const char* n : {"to", "toE", "toV"}) t.add(n, build_to_direction);
    t.add("values", build_values);
    t.add("properties", build_values);
    for (const char* n : {"id", "label", "key", "value"}) t.add(n, build_token);
    t.add("constant", build_constant);
    t.add("identity", build_identity);
}

}  // namespace tpbench::server::detail
