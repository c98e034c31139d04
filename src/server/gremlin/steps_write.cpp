// The mutating steps and element(), read from TinkerPop 3.7.3's AddVertexStep/AddVertexStartStep,
// AddEdgeStep, AddPropertyStep, DropStep, MergeStep/MergeVertexStep/MergeEdgeStep, ElementStep and
// TinkerGraph's TinkerVertex/TinkerEdge/TinkerVertexProperty (default cardinality single, null
// property values not allowed, addVertex() attaching its properties with cardinality list).
//
// Every write goes through GraphStore::mutate() (copy-on-write: the evaluation then continues on the
// new snapshot, its objects re-found by id).
#include "steps_write.hpp"

#include "compiler.hpp"
#include "dialect.hpp"
#include "step_shapes.hpp"
#include "steps_site.hpp"

#include <algorithm>
#include <optional>
#include <unordered_set>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

// ---- arguments ------------------------------------------------------------------------------------

[[noreturn]] void illegal_arg(const std::string& m) {
    fail(EvalError::Kind::evaluation, m, "IllegalArgumentException");
}

// 4.0 master's message for an element created with more labels than a cardinality-ONE graph allows.
std::string too_many_labels(std::size_t n) {
    return "Element creation allows at most 1 label(s) with cardinality ONE, got " + std::to_string(n);
}
[[noreturn]] void illegal_state(const std::string& m) {
    fail(EvalError::Kind::evaluation, m, "IllegalStateException");
}

bool is_enum_of(const Value& v, EnumKind k) { return v.type() == Type::enum_ && v.enum_kind() == k; }
bool is_enum_arg(const Arg& a, EnumKind k) { return !a.t && is_enum_of(a.v, k); }
bool is_t(const Value& v, const char* name) { return is_enum_of(v, EnumKind::t) && v.str() == name; }
// Cardinality.single(x) / list(x) / set(x): a cardinality enum carrying the value as its one kid.
bool is_card_value(const Value& v) { return is_enum_of(v, EnumKind::cardinality) && v.size() == 1; }
// Direction.OUT / IN, with Direction.from / to as their aliases.
std::string direction_of(const Value& k) {
    if (!is_enum_of(k, EnumKind::direction)) return {};
    if (k.str() == "OUT" || k.str() == "from") return "OUT";
    if (k.str() == "IN" || k.str() == "to") return "IN";
    return k.str();
}
bool is_merge(const Value& v, const char* name) { return is_enum_of(v, EnumKind::merge) && v.str() == name; }

enum class Card : std::uint8_t { none, single, list, set };
Card card_of(const Value& v) {
    if (v.str() == "list") return Card::list;
    if (v.str() == "set") return Card::set;
    return Card::single;
}

// ---- a traversal argument evaluated per traverser ---------------------------------------------------

struct ArgRt {
    Arg arg;
    std::shared_ptr<Pipeline> pipe;
};

struct ArgPlan {
    Arg arg;
    PlanPtr plan;
    ArgRt instantiate(Ctx& ctx) const {
        return ArgRt{arg, plan ? std::shared_ptr<Pipeline>(plan->instantiate(ctx)) : nullptr};
    }
};

ArgPlan arg_plan(const WriteBuild& b, const Arg& a, const Instr& in) {
    ArgPlan p{a, nullptr};
    if (a.t) p.plan = b.child(a, in);
    return p;
}

// First result of the traversal (TraversalUtil.apply), or the constant; `found` false if none.
Value eval_arg(Ctx& ctx, const Traverser& t, ArgRt& a, bool* found = nullptr) {
    if (!a.arg.t) {
        if (found) *found = true;
        return a.arg.v;
    }
    Traverser x = t;
    x.bulk = 1;
    a.pipe->start_with(x);
    Traverser r;
    if (!a.pipe->next(r)) {
        if (found) {
            *found = false;
            return Value();
        }
        illegal_arg("The provided traverser does not map to a value: " + to_value(ctx, t.obj).to_string());
    }
    if (found) *found = true;
    return to_value(ctx, r.obj);
}

// ---- graph writes -----------------------------------------------------------------------------------

void validate_key(const std::string& key) {
    if (key.empty()) illegal_arg("Property key can not be empty");
    if (key[0] == '~') illegal_arg("Property key can not be a hidden key: " + key);
}

void validate_label(const std::string& label) {
    if (label.empty()) illegal_arg("Label can not be empty");
    if (label[0] == '~') illegal_arg("Label can not be a hidden key: " + label);
}

std::string key_string(const Value& k) {
    if (k.type() != Type::string)
        illegal_arg("Property key must be a String, not " + std::string(model::type_name(k.type())) + " " +
                    k.to_string());
    return k.str();
}

using Meta = std::vector<std::pair<std::string, Value>>;

void set_meta(VPropRec& p, const std::string& key, const Value& value) {
    validate_key(key);
    std::erase_if(p.meta, [&](const auto& kv) { return kv.first == key; });
    if (!value.is_null()) p.meta.emplace_back(key, value);
}

// TinkerVertex.property(cardinality, key, value, keyValues); Card::none is the graph's default
// cardinality (single).
void set_vertex_property(Snapshot& s, VertexRec& v, Card card, const std::string& key, const Value& value,
                         const Meta& meta) {
    validate_key(key);
    if (card == Card::none) card = Card::single;
    if (value.is_null()) {
        // null values are not stored: with cardinality single the key is removed
        if (card == Card::single) std::erase_if(v.props, [&](const VPropRec& p) { return p.key == key; });
        return;
    }
    if (card == Card::single) {
        std::erase_if(v.props, [&](const VPropRec& p) { return p.key == key; });
    } else if (card == Card::set) {
        for (auto& p : v.props)
            if (p.key == key && p.value == value) {
                for (const auto& [mk, mv] : meta) set_meta(p, mk, mv);
                return;
            }
    }
    VPropRec p;
    p.id = s.next_property_id();
    p.key = key;
    p.value = value;
    for (const auto& [mk, mv] : meta) set_meta(p, mk, mv);
    v.props.push_back(std::move(p));
}

void set_edge_property(EdgeRec& e, const std::string& key, const Value& value) {
    validate_key(key);
    if (value.is_null()) {
        std::erase_if(e.props, [&](const auto& kv) { return kv.first == key; });
        return;
    }
    for (auto& [k, v] : e.props)
        if (k == key) {
            v = value;
            return;
        }
    e.props.emplace_back(key, value);
}

VertexRec* vertex_in(Snapshot& s, const Value& id) {
    auto it = s.vindex.find(id_key(id));
    return it == s.vindex.end() ? nullptr : &s.vertices[it->second];
}
EdgeRec* edge_in(Snapshot& s, const Value& id) {
    auto it = s.eindex.find(id_key(id));
    return it == s.eindex.end() ? nullptr : &s.edges[it->second];
}

// Applies fn to a copy of the evaluation's graph and continues on the result.
template <class Fn>
void write(Ctx& ctx, Fn&& fn) {
    ctx.set_snapshot(ctx.graph->store().mutate(std::forward<Fn>(fn)));
}

Obj vertex_obj(Ctx& ctx, const Value& id) { return Obj(ctx.snap->find_vertex(id)); }
Obj edge_obj(Ctx& ctx, const Value& id) { return Obj(ctx.snap->find_edge(id)); }

// The element an object denotes in the current snapshot (objects may point into older ones).
const ElementRec* current(Ctx& ctx, const Obj& o) {
    const ElementRec* el = as_element(ctx, o);
    if (!el) return nullptr;
    switch (el->kind) {
        case ElKind::vertex:
            return ctx.snap->find_vertex(static_cast<const VertexRec*>(el)->id);
        case ElKind::edge:
            return ctx.snap->find_edge(static_cast<const EdgeRec*>(el)->id);
        case ElKind::vertex_property: {
            const auto* p = static_cast<const VPropRec*>(el);
            const VertexRec* v = ctx.snap->find_vertex(p->snap->owner(*p).id);
            if (!v) return nullptr;
            for (const auto& q : v->props)
                if (q.key == p->key && id_key(q.id) == id_key(p->id)) return &q;
            return nullptr;
        }
    }
    return nullptr;
}

void emit(Ctx& ctx, Traverser& t, bool start, Obj o) {
    if (start) {
        t.obj = std::move(o);
        fresh_path(ctx, t);
    } else {
        advance(ctx, t, std::move(o));
    }
}

// ---- step shapes ------------------------------------------------------------------------------------

template <class Make>
void add_expand(const WriteBuild& b, Make make) {
    b.add([make](Ctx& ctx) {
        auto st = std::make_unique<ExpandStep>();
        st->fn = make(ctx);
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- property() -------------------------------------------------------------------------------------

struct PropSpec {
    std::optional<Card> card;  // explicit cardinality
    bool map_form = false;     // 4.0 property(traversal): the traversal's Map, entry by entry
    ArgPlan key, value;
    std::vector<std::pair<ArgPlan, ArgPlan>> meta;
};

struct PropRt {
    std::optional<Card> card;
    bool map_form = false;
    ArgRt key, value;
    std::vector<std::pair<ArgRt, ArgRt>> meta;
};

PropSpec prop_spec(const WriteBuild& b, const Instr& in) {
    PropSpec p;
    std::size_t i = 0;
    if (!in.args.empty() && is_enum_arg(in.args[0], EnumKind::cardinality) && in.args[0].v.size() == 0) {
        p.card = card_of(in.args[0].v);
        i = 1;
    }
    // 4.0: property(traversal) sets the entries of the Map the traversal produces (Dialect::
    // property_traversal_values)
    if (in.args.size() == i + 1 && in.args[i].t && compiling_dialect().property_traversal_values) {
        check_read_only_child(*in.args[i].t);  // ReadOnlyChildValidator
        p.map_form = true;
        p.value = arg_plan(b, in.args[i], in);
        return p;
    }
    if (in.args.size() < i + 2 || (in.args.size() - i) % 2 != 0) bad_args(in);
    const Arg& k = in.args[i];
    if (!k.t && k.v.type() != Type::string && !is_enum_of(k.v, EnumKind::t)) bad_args(in);
    if (!k.t && is_enum_of(k.v, EnumKind::t) && !in.args[i + 1].t && in.args[i + 1].v.is_null())
        illegal_arg("Value of T cannot be null");
    p.key = arg_plan(b, k, in);
    p.value = arg_plan(b, in.args[i + 1], in);
    for (std::size_t j = i + 2; j + 1 < in.args.size(); j += 2) {
        if (!in.args[j].t && in.args[j].v.type() != Type::string) bad_args(in);
        p.meta.emplace_back(arg_plan(b, in.args[j], in), arg_plan(b, in.args[j + 1], in));
    }
    return p;
}

PropRt prop_rt(Ctx& ctx, const PropSpec& s) {
    PropRt r;
    r.card = s.card;
    r.map_form = s.map_form;
    r.key = s.key.instantiate(ctx);
    r.value = s.value.instantiate(ctx);
    for (const auto& [k, v] : s.meta) r.meta.emplace_back(k.instantiate(ctx), v.instantiate(ctx));
    return r;
}

// A property() value that is itself Cardinality.x(value) overrides the cardinality.
void unwrap_card(Value& v, std::optional<Card>& card) {
    if (is_card_value(v)) {
        card = card_of(v);
        Value inner = v[0];
        v = std::move(inner);
    }
}

// Class.getSimpleName() of a value ("Integer").
std::string simple_class(Ctx& ctx, const Value& v) {
    std::string c = java_class(ctx, Obj(v));
    return c.substr(c.rfind('.') + 1);
}

std::string element_class(const ElementRec* el) {
    if (!el) return "Object";
    switch (el->kind) {
        case ElKind::vertex:
            return "TinkerVertex";
        case ElKind::edge:
            return "TinkerEdge";
        case ElKind::vertex_property:
            return "TinkerVertexProperty";
    }
    return "Object";
}

void compile_property(const WriteBuild& b) {
    PropSpec spec = prop_spec(b, *b.main);
    add_expand(b, [spec](Ctx& ctx) {
        auto rt = std::make_shared<PropRt>(prop_rt(ctx, spec));
        Ctx* c = &ctx;
        return [rt, c](Traverser& t, std::vector<Traverser>& out) {
            Ctx& ctx = *c;
            // 4.0 (AddPropertyStep.handleTraversalValue, Dialect::property_traversal_values): a traversal
            // value gives all its results — none leaves the element as it is, several go in one by one
            // under list/set cardinality and fail under single; 3.7 takes the first (none fails).
            std::vector<Value> vals;
            if (rt->value.arg.t && ctx.dialect->property_traversal_values) {
                Traverser x = t;
                x.bulk = 1;
                rt->value.pipe->start_with(x);
                for (Traverser r; rt->value.pipe->next(r);) vals.push_back(to_value(ctx, r.obj));
                if (vals.empty()) {
                    out.push_back(std::move(t));
                    return;
                }
            }
            std::vector<std::pair<std::string, Value>> sets;  // key, value: the mutations, in order
            std::optional<Card> card = rt->card;
            if (rt->map_form) {
                if (vals.size() != 1 || vals[0].type() != Type::map)
                    illegal_arg("property(traversal) requires the traversal to produce a Map, but got: " +
                                (vals[0].is_null() ? std::string("null") : simple_class(ctx, vals[0])));
                for (std::size_t i = 0; i + 1 < vals[0].size(); i += 2) {
                    if (vals[0][i].type() != Type::string)
                        illegal_arg("Property key must be a String but found " +
                                    simple_class(ctx, vals[0][i]));
                    sets.emplace_back(vals[0][i].str(), vals[0][i + 1]);
                }
            }
            std::string key;
            if (!rt->map_form) {
                Value k = eval_arg(ctx, t, rt->key);
                if (k.type() == Type::enum_ && k.enum_kind() == EnumKind::t)
                    illegal_state("T." + k.str() + " is immutable on existing elements");
                key = key_string(k);
            }
            if (!rt->map_form && vals.empty()) {
                Value val = eval_arg(ctx, t, rt->value);
                unwrap_card(val, card);
                sets.emplace_back(key, std::move(val));
            } else if (!rt->map_form && vals.size() > 1) {
                const bool vertex = current(ctx, t.obj) && current(ctx, t.obj)->kind == ElKind::vertex;
                // a vertex's key defaults to TinkerGraph's single cardinality
                const std::optional<Card> eff = card     ? card
                                                : vertex ? std::optional<Card>(Card::single)
                                                         : std::nullopt;
                if (eff == Card::single)
                    illegal_arg(
                        "Single-cardinality property requires exactly one value, but traversal produced " +
                        std::to_string(vals.size()) + " results");
                if (eff == Card::list || eff == Card::set)
                    for (auto& v : vals) sets.emplace_back(key, std::move(v));
                else
                    sets.emplace_back(key, vals[0]);
            } else if (!rt->map_form) {
                sets.emplace_back(key, vals[0]);
            }
            Meta meta;
            for (auto& [mk, mv] : rt->meta)
                meta.emplace_back(key_string(eval_arg(ctx, t, mk)), eval_arg(ctx, t, mv));
            const ElementRec* el = current(ctx, t.obj);
            if (!el) {
                if (as_element(ctx, t.obj)) illegal_state("The element has been removed");
                fail(EvalError::Kind::evaluation,
                     "class " + std::string(model::type_name(to_value(ctx, t.obj).type())) +
                         " cannot be cast to class org.apache.tinkerpop.gremlin.structure.Element",
                     "ClassCastException");
            }
            if (card && el->kind != ElKind::vertex)
                illegal_state(
                    "Property cardinality can only be set for a Vertex but the traversal encountered " +
                    element_class(el) + " for key: " + (sets.empty() ? key : sets[0].first));
            ElKind kind = el->kind;
            Value id, owner;
            std::string vp_key;
            if (kind == ElKind::vertex) {
                id = static_cast<const VertexRec*>(el)->id;
            } else if (kind == ElKind::edge) {
                id = static_cast<const EdgeRec*>(el)->id;
            } else {
                const auto* p = static_cast<const VPropRec*>(el);
                id = p->id;
                vp_key = p->key;
                owner = p->snap->owner(*p).id;
            }
            for (const auto& kv : sets) {
                const std::string& key = kv.first;  // not a structured binding: the lambda captures it
                const Value& val = kv.second;
                write(ctx, [&](Snapshot& s) {
                    if (kind == ElKind::vertex) {
                        if (VertexRec* v = vertex_in(s, id))
                            set_vertex_property(s, *v, card.value_or(Card::none), key, val, meta);
                    } else if (kind == ElKind::edge) {
                        if (EdgeRec* e = edge_in(s, id)) set_edge_property(*e, key, val);
                    } else if (VertexRec* v = vertex_in(s, owner)) {
                        for (auto& p : v->props)
                            if (p.key == vp_key && id_key(p.id) == id_key(id)) set_meta(p, key, val);
                    }
                });
            }
            Obj o;
            if (kind == ElKind::vertex)
                o = vertex_obj(ctx, id);
            else if (kind == ElKind::edge)
                o = edge_obj(ctx, id);
            else if (const VertexRec* v = ctx.snap->find_vertex(owner))
                for (const auto& p : v->props)
                    if (p.key == vp_key && id_key(p.id) == id_key(id)) o = Obj(&p);
            if (!o.el) return;
            t.obj = std::move(o);
            out.push_back(std::move(t));
        };
    });
}

// ---- addV / addE ------------------------------------------------------------------------------------

// The folded property() modulators of an addV()/addE() (Parameters of the AddElement step).
std::vector<PropSpec> folded(const WriteBuild& b) {
    std::vector<PropSpec> out;
    for (auto* m : b.mods)
        if (m->name == "property") out.push_back(prop_spec(b, *m));
    return out;
}

struct Param {
    Value key;  // String or T
    Value value;
    std::optional<Card> card;
};

std::vector<Param> eval_params(Ctx& ctx, const Traverser& t, std::vector<PropRt>& ps) {
    std::vector<Param> out;
    for (auto& p : ps) {
        Param x;
        x.key = eval_arg(ctx, t, p.key);
        if (x.key.type() != Type::string && !is_enum_of(x.key, EnumKind::t)) key_string(x.key);
        x.value = eval_arg(ctx, t, p.value);
        x.card = p.card;
        unwrap_card(x.value, x.card);
        out.push_back(std::move(x));
    }
    return out;
}

void compile_add_vertex(const WriteBuild& b) {
    const Instr& in = *b.main;
    if (in.args.size() > 1) {
        // 4.0 master's addV(String...) over a cardinality-ONE TinkerGraph: fails per traverser
        if (!compiling_dialect().label_cardinality_one) bad_args(in);
        for (const auto& a : in.args)
            if (!a.t && a.v.type() != Type::string) bad_args(in);
        // each traversal runs first: a collection among several fails before the count does
        std::vector<ArgPlan> plans;
        for (const auto& a : in.args)
            if (a.t) plans.push_back(arg_plan(b, a, in));
        add_expand(b, [msg = too_many_labels(in.args.size()), plans](Ctx& ctx) {
            auto rts = std::make_shared<std::vector<ArgRt>>();
            for (const auto& p : plans) rts->push_back(p.instantiate(ctx));
            Ctx* c = &ctx;
            return [msg, rts, c](Traverser& t, std::vector<Traverser>&) {
                for (auto& rt : *rts) {
                    bool found = false;
                    Value v = eval_arg(*c, t, rt, &found);
                    if (v.type() == Type::list || v.type() == Type::set || v.type() == Type::bulk_set)
                        illegal_arg(
                            "Label traversal must produce a scalar String when multiple traversals are "
                            "provided, but got a Collection");
                }
                illegal_arg(msg);
            };
        });
        return;
    }
    std::optional<ArgPlan> label;
    if (in.args.size() == 1) {
        if (!in.args[0].t && in.args[0].v.type() != Type::string && !in.args[0].v.is_null()) bad_args(in);
        if (in.args[0].t || !in.args[0].v.is_null()) label = arg_plan(b, in.args[0], in);
    }
    auto params = folded(b);
    bool start = b.start;
    add_expand(b, [label, params, start](Ctx& ctx) {
        std::optional<ArgRt> lrt;
        if (label) lrt = label->instantiate(ctx);
        auto prt = std::make_shared<std::vector<PropRt>>();
        for (const auto& p : params) prt->push_back(prop_rt(ctx, p));
        auto lr = std::make_shared<std::optional<ArgRt>>(std::move(lrt));
        Ctx* c = &ctx;
        return [lr, prt, start, c](Traverser& t, std::vector<Traverser>& out) {
            Ctx& ctx = *c;
            std::string lab = "vertex";
            bool labelled = false;
            if (*lr) {
                Value l = eval_arg(ctx, t, **lr);
                if (l.type() == Type::list && ctx.dialect->label_cardinality_one) {
                    // 4.0 master: a traversal's list of labels, at most one of them
                    if (l.size() > 1) illegal_arg(too_many_labels(l.size()));
                    if (l.size() == 1 && l[0].type() == Type::string) l = Value(l[0]);
                }
                if (l.type() != Type::string)
                    illegal_arg("addV() label must be a String, not " +
                                std::string(model::type_name(l.type())));
                lab = l.str();
                labelled = true;
            }
            auto ps = eval_params(ctx, t, *prt);
            Value uid;
            for (const auto& p : ps) {
                if (is_t(p.key, "label") && !labelled) {
                    if (p.value.type() != Type::string) illegal_arg("Label must be a String");
                    lab = p.value.str();
                    labelled = true;
                } else if (is_t(p.key, "id") && uid.is_null()) {
                    uid = p.value;
                }
            }
            validate_label(lab);
            Value id;
            write(ctx, [&](Snapshot& s) {
                VertexRec v;
                if (!uid.is_null()) {
                    v.id = s.convert_vertex_id(uid);
                    if (s.vindex.count(id_key(v.id)))
                        illegal_arg("Vertex with id already exists: " + uid.to_string());
                } else {
                    v.id = s.generate_id(false);
                }
                v.label = lab;
                // TinkerGraph.addVertex() attaches its key/values with cardinality list
                for (const auto& p : ps)
                    if (p.key.type() == Type::string)
                        set_vertex_property(s, v, p.card.value_or(Card::list), p.key.str(), p.value, {});
                if (!ctx.partition_key.empty())
                    set_vertex_property(s, v, Card::single, ctx.partition_key, ctx.write_partition, {});
                id = v.id;
                s.vertices.push_back(std::move(v));
            });
            Traverser o = t;
            emit(ctx, o, start, vertex_obj(ctx, id));
            out.push_back(std::move(o));
        };
    });
}

// Resolves a from()/to() argument into a vertex id of the current snapshot.
Value endpoint(Ctx& ctx, const Traverser& t, ArgRt& a) {
    Obj o;
    if (a.arg.t) {
        Traverser x = t;
        x.bulk = 1;
        a.pipe->start_with(x);
        Traverser r;
        if (!a.pipe->next(r))
            illegal_arg("The provided traverser does not map to a value: " +
                        to_value(ctx, t.obj).to_string());
        o = std::move(r.obj);
    } else if (a.arg.v.type() == Type::string) {
        if (!scope_get(ctx, t, a.arg.v.str(), "last", o))
            illegal_arg("The step with label " + a.arg.v.str() + " does not exist");
    } else if (a.arg.v.type() == Type::vertex) {
        o = Obj(a.arg.v);
    } else {
        const VertexRec* v = ctx.snap->find_vertex(ctx.snap->convert_vertex_id(a.arg.v));
        if (!v) illegal_arg("addE() endpoint vertex " + a.arg.v.to_string() + " does not exist");
        return v->id;
    }
    const ElementRec* el = current(ctx, o);
    if (!el || el->kind != ElKind::vertex) {
        if (as_element(ctx, o) && as_element(ctx, o)->kind == ElKind::vertex)
            illegal_state("The vertex of addE() has been removed");
        illegal_arg("The value given to from()/to() must resolve to a Vertex, not " +
                    to_value(ctx, o).to_string());
    }
    return static_cast<const VertexRec*>(el)->id;
}

// Adds an edge; returns its id, or null if `raced` says another request made it unnecessary.
Value new_edge(Ctx& ctx, const std::string& label, const Value& out_id, const Value& in_id,
               const std::vector<Param>& ps, const std::function<bool(const Snapshot&)>& raced = nullptr) {
    validate_label(label);
    Value uid;
    for (const auto& p : ps)
        if (is_t(p.key, "id") && uid.is_null()) uid = p.value;
    Value id;
    write(ctx, [&](Snapshot& s) {
        if (raced && raced(s)) return;
        EdgeRec e;
        if (!uid.is_null()) {
            e.id = s.mode == Graph::IdMode::int_ids && uid.is_number() ? s.convert_vertex_id(uid) : uid;
            if (s.eindex.count(id_key(e.id))) illegal_arg("Edge with id already exists: " + uid.to_string());
        } else {
            e.id = s.generate_id(true);
        }
        e.label = label;
        auto o = s.vindex.find(id_key(out_id));
        auto i = s.vindex.find(id_key(in_id));
        if (o == s.vindex.end() || i == s.vindex.end())
            illegal_state("an endpoint of the new edge was removed");
        e.out_v = o->second;
        e.in_v = i->second;
        for (const auto& p : ps)
            if (p.key.type() == Type::string) set_edge_property(e, p.key.str(), p.value);
        if (!ctx.partition_key.empty()) set_edge_property(e, ctx.partition_key, ctx.write_partition);
        id = e.id;
        s.edges.push_back(std::move(e));
    });
    return id;
}

void compile_add_edge(const WriteBuild& b) {
    const Instr& in = *b.main;
    if (in.args.size() != 1 || (!in.args[0].t && in.args[0].v.type() != Type::string)) bad_args(in);
    ArgPlan label = arg_plan(b, in.args[0], in);
    std::optional<ArgPlan> from, to;
    for (auto* m : b.mods) {
        if (m->name != "from" && m->name != "to") continue;
        if (m->args.size() != 1) bad_args(*m);
        (m->name == "from" ? from : to) = arg_plan(b, m->args[0], *m);
        if (!m->args[0].t && m->args[0].v.type() == Type::string) b.need(PathMode::labeled);
    }
    auto params = folded(b);
    for (const auto& p : params)
        if (p.card && *p.card != Card::single)
            illegal_state(std::string("Multi-property cardinality of [") +
                          (*p.card == Card::list ? "list" : "set") +
                          "] can only be set for a Vertex but is being used for addE() with key: " +
                          (p.key.arg.t ? std::string("[traversal]") : p.key.arg.v.to_string()));
    bool start = b.start;
    add_expand(b, [label, from, to, params, start](Ctx& ctx) {
        auto lr = std::make_shared<ArgRt>(label.instantiate(ctx));
        auto fr = std::make_shared<std::optional<ArgRt>>();
        auto tr = std::make_shared<std::optional<ArgRt>>();
        if (from) *fr = from->instantiate(ctx);
        if (to) *tr = to->instantiate(ctx);
        auto prt = std::make_shared<std::vector<PropRt>>();
        for (const auto& p : params) prt->push_back(prop_rt(ctx, p));
        Ctx* c = &ctx;
        return [lr, fr, tr, prt, start, c](Traverser& t, std::vector<Traverser>& out) {
            Ctx& ctx = *c;
            Value l = eval_arg(ctx, t, *lr);
            if (l.type() != Type::string)
                illegal_arg("addE() label must be a String, not " + std::string(model::type_name(l.type())));
            Value cur;
            if (!start)
                if (const ElementRec* el = current(ctx, t.obj); el && el->kind == ElKind::vertex)
                    cur = static_cast<const VertexRec*>(el)->id;
            Value fid = *fr ? endpoint(ctx, t, **fr) : cur;
            Value tid = *tr ? endpoint(ctx, t, **tr) : cur;
            if (fid.is_null() || tid.is_null())
                illegal_state("addE(" + l.str() + ") needs both from() and to() vertices (" +
                              (fid.is_null() ? "from" : "to") +
                              "() is missing and the traverser is not a vertex)");
            auto ps = eval_params(ctx, t, *prt);
            Value id = new_edge(ctx, l.str(), fid, tid, ps);
            Traverser o = t;
            emit(ctx, o, start, edge_obj(ctx, id));
            out.push_back(std::move(o));
        };
    });
}

// ---- drop() -----------------------------------------------------------------------------------------

void compile_drop(const WriteBuild& b) {
    if (!b.main->args.empty()) bad_args(*b.main);
    b.add([](Ctx& ctx) {
        struct Acc {
            std::vector<Value> vids, eids;
            std::vector<std::tuple<Value, std::string, Value>> vprops;  // (owner vertex id, key, property id)
            std::vector<std::pair<Value, std::string>> eprops;          // (edge id, key)
            std::vector<std::tuple<Value, std::string, Value, std::string>>
                mprops;  // owner, vp key, vp id, key
        };
        auto acc = std::make_shared<Acc>();
        auto st = std::make_unique<BarrierStep>();
        Ctx* c = &ctx;
        st->consume = [acc, c](Traverser& t) {
            Ctx& ctx = *c;
            if (!t.obj.el && t.obj.v.type() == Type::property) {
                const Value& parent = t.obj.v[2];
                const std::string& key = t.obj.v[0].str();
                if (parent.type() == Type::edge) {
                    acc->eprops.emplace_back(parent.id(), key);
                } else if (parent.type() == Type::vertex_property && parent.size() > 3 &&
                           parent[3].type() == Type::vertex) {
                    const Value& labels = parent[1];
                    std::string vkey =
                        labels.type() == Type::list && labels.size() > 0 ? labels[0].str() : "";
                    acc->mprops.emplace_back(parent[3].id(), vkey, parent.id(), key);
                } else {
                    illegal_state("drop() cannot find the element of property " + t.obj.v.to_string());
                }
                return;
            }
            const ElementRec* el = as_element(ctx, t.obj);
            if (!el)
                illegal_arg("drop() expects elements or properties, not " + to_value(ctx, t.obj).to_string());
            switch (el->kind) {
                case ElKind::vertex:
                    acc->vids.push_back(static_cast<const VertexRec*>(el)->id);
                    break;
                case ElKind::edge:
                    acc->eids.push_back(static_cast<const EdgeRec*>(el)->id);
                    break;
                case ElKind::vertex_property: {
                    const auto* p = static_cast<const VPropRec*>(el);
                    acc->vprops.emplace_back(p->snap->owner(*p).id, p->key, p->id);
                    break;
                }
            }
        };
        st->finish = [acc, c](std::vector<Traverser>&) {  // drop() emits nothing
            if (acc->vids.empty() && acc->eids.empty() && acc->vprops.empty() && acc->eprops.empty() &&
                acc->mprops.empty())
                return;
            write(*c, [&](Snapshot& s) {
                for (auto& [eid, key] : acc->eprops)
                    if (EdgeRec* e = edge_in(s, eid))
                        std::erase_if(e->props, [&k = key](const auto& kv) { return kv.first == k; });
                for (auto& [vid, vkey, pid, key] : acc->mprops)
                    if (VertexRec* v = vertex_in(s, vid))
                        for (auto& p : v->props)
                            if (p.key == vkey && id_key(p.id) == id_key(pid))
                                std::erase_if(p.meta, [&k = key](const auto& kv) { return kv.first == k; });
                for (auto& [vid, key, pid] : acc->vprops)
                    if (VertexRec* v = vertex_in(s, vid))
                        std::erase_if(v->props, [&k = key, &pi = pid](const VPropRec& p) {
                            return p.key == k && id_key(p.id) == id_key(pi);
                        });
                if (acc->vids.empty() && acc->eids.empty()) return;
                std::unordered_set<Value, model::ValueHash> dv, de;
                for (auto& v : acc->vids) dv.insert(id_key(v));
                for (auto& e : acc->eids) de.insert(id_key(e));
                std::vector<std::uint32_t> remap(s.vertices.size(), UINT32_MAX);
                std::vector<VertexRec> keepv;
                keepv.reserve(s.vertices.size());
                for (std::uint32_t i = 0; i < s.vertices.size(); ++i) {
                    if (dv.count(id_key(s.vertices[i].id))) continue;
                    remap[i] = static_cast<std::uint32_t>(keepv.size());
                    keepv.push_back(std::move(s.vertices[i]));
                }
                std::vector<EdgeRec> keepe;
                keepe.reserve(s.edges.size());
                for (auto& e : s.edges) {
                    if (de.count(id_key(e.id)) || remap[e.out_v] == UINT32_MAX || remap[e.in_v] == UINT32_MAX)
                        continue;
                    e.out_v = remap[e.out_v];
                    e.in_v = remap[e.in_v];
                    keepe.push_back(std::move(e));
                }
                s.vertices = std::move(keepv);
                s.edges = std::move(keepe);
                s.rebuild_id_indexes();
            });
            *acc = Acc();
        };
        st->clear = [acc] { *acc = Acc(); };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- element() --------------------------------------------------------------------------------------

void compile_element(const WriteBuild& b) {
    if (!b.main->args.empty()) bad_args(*b.main);
    add_expand(b, [](Ctx& ctx) {
        Ctx* c = &ctx;
        return [c](Traverser& t, std::vector<Traverser>& out) {
            Ctx& ctx = *c;
            Obj owner;
            if (!t.obj.el && t.obj.v.type() == Type::property) {
                Obj p(t.obj.v[2]);
                const ElementRec* el = as_element(ctx, p);
                if (!el) illegal_state("The element of property " + t.obj.v.to_string() + " is not known");
                owner = Obj(el);
            } else {
                const ElementRec* el = as_element(ctx, t.obj);
                if (!el || el->kind != ElKind::vertex_property)
                    illegal_arg("element() expects a property, not " + to_value(ctx, t.obj).to_string());
                const auto* p = static_cast<const VPropRec*>(el);
                owner = Obj(&p->snap->owner(*p));
            }
            advance(ctx, t, std::move(owner));
            out.push_back(std::move(t));
        };
    });
}

// ---- mergeV / mergeE --------------------------------------------------------------------------------

// One merge map entry list (insertion order), as LinkedHashMap.
using MapKV = std::vector<std::pair<Value, Value>>;

MapKV to_kv(const Value& m, const char* op, const char* what) {
    MapKV kv;
    if (m.is_null()) return kv;
    if (m.type() != Type::map)
        fail(EvalError::Kind::evaluation,
             std::string("class ") + std::string(model::type_name(m.type())) +
                 " cannot be cast to class java.util.Map (" + op + "() " + what + ")",
             "ClassCastException");
    for (std::size_t i = 0; i + 1 < m.size(); i += 2) {
        Value k = m[i];
        std::string d = direction_of(k);
        if (!d.empty()) k = Value::enum_(EnumKind::direction, d);
        bool replaced = false;
        for (auto& [k0, v0] : kv)
            if (k0 == k) {
                v0 = m[i + 1];
                replaced = true;
            }
        if (!replaced) kv.emplace_back(k, m[i + 1]);
    }
    return kv;
}

const Value* get(const MapKV& kv, const Value& k) {
    for (const auto& [k0, v0] : kv)
        if (k0 == k) return &v0;
    return nullptr;
}

void put(MapKV& kv, const Value& k, const Value& v) {
    for (auto& [k0, v0] : kv)
        if (k0 == k) {
            v0 = v;
            return;
        }
    kv.emplace_back(k, v);
}

Value T_(const char* n) { return Value::enum_(EnumKind::t, n); }
Value D_(const char* n) { return Value::enum_(EnumKind::direction, n); }

// MergeStep.validate()
void validate_map(const MapKV& kv, bool ignore_tokens, bool edge) {
    const char* op = edge ? "mergeE" : "mergeV";
    for (const auto& [k, v] : kv) {
        if (v.is_null())
            illegal_arg(std::string(op) + "() does not allow null Map values - check: " + k.to_string());
        if (ignore_tokens) {
            if (is_t(k, "label") && compiling_dialect().label_cardinality_one)
                illegal_arg(
                    "Label mutation is not supported with cardinality ONE. Labels are immutable once "
                    "assigned.");
            if (k.type() != Type::string)
                illegal_arg("option(onMatch) expects keys in Map to be of String - check: " + k.to_string());
            validate_key(k.str());
            continue;
        }
        bool token = is_t(k, "id") || is_t(k, "label") ||
                     (edge && is_enum_of(k, EnumKind::direction) && (k.str() == "OUT" || k.str() == "IN"));
        if (k.type() != Type::string && !token)
            illegal_arg(std::string(op) +
                        "() and option(onCreate) args expect keys in Map to be either String or " +
                        (edge ? "[id, label, IN, OUT]" : "[id, label]") + " - check: " + k.to_string());
        if (is_t(k, "label")) {
            if (v.type() == Type::list && v.size() > 1 && compiling_dialect().label_cardinality_one)
                illegal_arg(too_many_labels(v.size()));
            if (v.type() != Type::string)
                illegal_arg(std::string(op) +
                            "() and option(onCreate) args expect T.label value to be of String - found: " +
                            std::string(model::type_name(v.type())));
            validate_label(v.str());
        }
        if (edge && k == D_("OUT") && is_enum_of(v, EnumKind::merge) && v.str() != "outV")
            illegal_arg("Only Merge.outV token may be used for Direction.OUT, found: " + v.str());
        if (edge && k == D_("IN") && is_enum_of(v, EnumKind::merge) && v.str() != "inV")
            illegal_arg("Only Merge.inV token may be used for Direction.IN, found: " + v.str());
        if (k.type() == Type::string) validate_key(k.str());
    }
}

// MergeStep.validateNoOverrides()
void validate_no_overrides(const MapKV& merge, const MapKV& create) {
    for (const auto& [k, v] : create) {
        const Value* m = get(merge, k);
        if (m && !(*m == v))
            illegal_arg("option(onCreate) cannot override values from merge() argument: (" + k.to_string() +
                        ", " + v.to_string() + ")");
    }
}

bool has_value(Ctx& ctx, const VertexRec& v, const std::string& key, const Value& want) {
    for (const auto& p : v.props)
        if (p.key == key && gremlin_eq(ctx, Obj(p.value), Obj(want))) return true;
    return false;
}

bool has_value(Ctx& ctx, const EdgeRec& e, const std::string& key, const Value& want) {
    for (const auto& [k, val] : e.props)
        if (k == key && gremlin_eq(ctx, Obj(val), Obj(want))) return true;
    return false;
}

bool id_matches(const Snapshot& s, const Value& have, const Value& want) {
    return id_key(have) == id_key(want) || id_key(have) == id_key(s.convert_vertex_id(want));
}

// MergeStep.searchVertices(): V(id).hasLabel(label).has(k, v)... in `s` (the evaluation's
// snapshot, or the newest one inside a write, where the visibility filter is not consulted).
std::vector<Value> search_vertices(Ctx& ctx, const MapKV& kv, const Snapshot* within = nullptr) {
    std::vector<Value> ids;
    const Snapshot& s = within ? *within : *ctx.snap;
    const Value* id = get(kv, T_("id"));
    const Value* label = get(kv, T_("label"));
    auto test = [&](const VertexRec& v) {
        if (!within && !visible(ctx, &v)) return false;
        if (label && !(label->type() == Type::string && v.label == label->str())) return false;
        for (const auto& [k, want] : kv)
            if (k.type() == Type::string && !has_value(ctx, v, k.str(), want)) return false;
        return true;
    };
    if (id) {
        const VertexRec* v = s.find_vertex(s.convert_vertex_id(*id));
        if (v && test(*v)) ids.push_back(v->id);
        return ids;
    }
    for (const auto& v : s.vertices)
        if (test(v)) ids.push_back(v.id);
    return ids;
}

// MergeEdgeStep.searchEdges()
std::vector<Value> search_edges(Ctx& ctx, const MapKV& kv, const Snapshot* within = nullptr) {
    std::vector<Value> ids;
    const Snapshot& s = within ? *within : *ctx.snap;
    const Value* id = get(kv, T_("id"));
    const Value* label = get(kv, T_("label"));
    const Value* out = get(kv, D_("OUT"));
    const Value* in = get(kv, D_("IN"));
    auto test = [&](const EdgeRec& e) {
        if (!within && !visible(ctx, &e)) return false;
        if (label && !(label->type() == Type::string && e.label == label->str())) return false;
        if (out && !id_matches(s, s.out_vertex(e).id, *out)) return false;
        if (in && !id_matches(s, s.in_vertex(e).id, *in)) return false;
        for (const auto& [k, want] : kv)
            if (k.type() == Type::string && !has_value(ctx, e, k.str(), want)) return false;
        return true;
    };
    if (id) {
        const EdgeRec* e = s.find_edge(*id);
        if (!e && id->is_number()) e = s.find_edge(s.convert_vertex_id(*id));
        if (e && test(*e)) ids.push_back(e->id);
        return ids;
    }
    const Value* anchor = out ? out : in;
    if (anchor) {
        const VertexRec* v = s.find_vertex(s.convert_vertex_id(*anchor));
        if (!v) return ids;
        for (auto ei : out ? v->out : v->in)
            if (test(s.edges[ei])) ids.push_back(s.edges[ei].id);
        return ids;
    }
    for (const auto& e : s.edges)
        if (test(e)) ids.push_back(e.id);
    return ids;
}

struct MergeSpec {
    bool edge = false;
    bool start = false;
    std::optional<ArgPlan> merge;  // none: the incoming object (IdentityTraversal)
    std::optional<ArgPlan> on_create, on_match, out_v, in_v;
};

struct MergeRt {
    std::optional<ArgRt> merge, on_create, on_match, out_v, in_v;
};

// MergeStep.materializeMap(): the map an option gives (null and "no result" are the empty map).
// A non-constant onMatch of a mid-traversal merge has the GuardRailStep in front.
MapKV materialize(Ctx& ctx, const Traverser& t, std::optional<ArgRt>& a, bool guard, bool edge,
                  const char* what) {
    if (!a) {
        // IdentityTraversal: the incoming object
        Value v = to_value(ctx, t.obj);
        return to_kv(v, edge ? "mergeE" : "mergeV", what);
    }
    if (guard && a->arg.t && as_element(ctx, t.obj))
        illegal_arg(std::string("The incoming traverser for ") +
                    (edge ? "MergeEdgeStep" : "MergeVertexStep") + " cannot be an Element");
    bool found = false;
    Value v = eval_arg(ctx, t, *a, &found);
    return to_kv(v, edge ? "mergeE" : "mergeV", what);
}

// Applies onMatch to a matched vertex or edge.
void on_match_vertex(Ctx& ctx, const Value& vid, const MapKV& mm) {
    if (mm.empty()) return;
    write(ctx, [&](Snapshot& s) {
        VertexRec* v = vertex_in(s, vid);
        if (!v) return;
        for (const auto& [k, val] : mm) {
            std::optional<Card> card;
            Value x = val;
            unwrap_card(x, card);
            set_vertex_property(s, *v, card.value_or(Card::single), k.str(), x, {});
        }
    });
}

void on_match_edge(Ctx& ctx, const Value& eid, const MapKV& mm) {
    if (mm.empty()) return;
    write(ctx, [&](Snapshot& s) {
        EdgeRec* e = edge_in(s, eid);
        if (!e) return;
        for (const auto& [k, val] : mm) set_edge_property(*e, k.str(), val);
    });
}

// MergeEdgeStep.resolveVertex(traverser, traversal): a Vertex, or a Map searched as mergeV would.
Value resolve_option_vertex(Ctx& ctx, const Traverser& t, ArgRt& a) {
    bool found = false;
    Value o = eval_arg(ctx, t, a, &found);
    if (o.type() == Type::vertex) {
        const VertexRec* v = ctx.snap->find_vertex(o.id());
        if (!v) illegal_arg("Vertex could not be resolved from mergeE: " + o.to_string());
        return v->id;
    }
    if (o.type() == Type::map) {
        auto ids = search_vertices(ctx, to_kv(o, "mergeE", "option(outV/inV)"));
        if (ids.empty()) fail(EvalError::Kind::evaluation, "No value present", "NoSuchElementException");
        return ids.front();
    }
    illegal_arg("Vertex could not be resolved from mergeE: " + o.to_string());
}

// MergeEdgeStep.resolveVertices(): Merge.outV/inV tokens through their options, vertices to ids.
void resolve_vertices(Ctx& ctx, const Traverser& t, MapKV& kv, MergeRt& rt) {
    for (int i = 0; i < 2; ++i) {
        Value dir = D_(i == 0 ? "OUT" : "IN");
        const char* token = i == 0 ? "outV" : "inV";
        auto& opt = i == 0 ? rt.out_v : rt.in_v;
        for (auto& [k, v] : kv) {
            if (!(k == dir)) continue;
            if (is_merge(v, token)) {
                if (!opt)
                    illegal_arg(std::string("option(") + token + ") must be specified if it is used for " +
                                dir.str());
                v = resolve_option_vertex(ctx, t, *opt);
            } else if (v.type() == Type::vertex) {
                v = v.id();
            }
        }
    }
}

// MergeEdgeStep.resolveVertex(arg): the vertex an id (or a vertex) names.
Value resolve_vertex_arg(Ctx& ctx, const Value& arg) {
    if (arg.type() == Type::vertex) {
        const VertexRec* v = ctx.snap->find_vertex(arg.id());
        if (!v) illegal_arg("Vertex could not be resolved from mergeE: " + arg.to_string());
        return v->id;
    }
    const VertexRec* v = ctx.snap->find_vertex(ctx.snap->convert_vertex_id(arg));
    if (!v)
        illegal_arg((compiling_dialect().mergee_vertex_does_not_exist
                         ? "Vertex does not exist for mergeE: "
                         : "Vertex id could not be resolved from mergeE: ") +
                    arg.to_string());
    return v->id;
}

// The merge step's output for t: the merged element (a start step begins a path with it).
void emit_merged(Ctx& ctx, const MergeSpec& spec, const Traverser& t, Obj o, std::vector<Traverser>& out) {
    Traverser m = t;
    emit(ctx, m, spec.start, std::move(o));
    out.push_back(std::move(m));
}

// MergeStep's match path, one for mergeV() and mergeE(): each matched element (ids, as the
// search found them) goes through onMatch when given, then is emitted.
void merge_matched(Ctx& ctx, const MergeSpec& spec, MergeRt& rt, const Traverser& t,
                   const std::vector<Value>& ids, std::vector<Traverser>& out) {
    const bool edge = spec.edge;
    auto element = [&](const Value& id) { return edge ? edge_obj(ctx, id) : vertex_obj(ctx, id); };
    for (const auto& id : ids) {
        if (rt.on_match) {
            Traverser mt = t;
            if (spec.start) mt.obj = element(id);
            MapKV om = materialize(ctx, mt, rt.on_match, !spec.start, edge, "onMatch");
            validate_map(om, true, edge);
            if (edge)
                on_match_edge(ctx, id, om);
            else
                on_match_vertex(ctx, id, om);
        }
        emit_merged(ctx, spec, t, element(id), out);
    }
}

// Concurrent merges: the search ran on the evaluation's snapshot; the create re-runs it on the
// newest graph under the writer lock and, if another request created a match meanwhile, the merge
// starts over as a match (so concurrent mergeV()/mergeE() of one map create one element).
constexpr int kMergeRetries = 3;

void merge_vertex(Ctx& ctx, const MergeSpec& spec, MergeRt& rt, Traverser& t, std::vector<Traverser>& out,
                  int attempt = 0) {
    MapKV mm = materialize(ctx, t, rt.merge, false, false, "argument");
    validate_map(mm, false, false);
    if (rt.on_match && !rt.on_match->arg.t)
        validate_map(to_kv(rt.on_match->arg.v, "mergeV", "onMatch"), true, false);
    auto ids = search_vertices(ctx, mm);
    if (!ids.empty()) return merge_matched(ctx, spec, rt, t, ids, out);
    MapKV cm = mm;
    if (rt.on_create) {
        MapKV oc = materialize(ctx, t, rt.on_create, false, false, "onCreate");
        if (!oc.empty()) {
            validate_map(oc, false, false);
            if (mm.empty()) {
                cm = oc;
            } else {
                validate_no_overrides(mm, oc);
                cm = oc;
                for (const auto& [k, v] : mm) put(cm, k, v);
            }
        }
    }
    Value uid, label = Value::string("vertex");
    for (const auto& [k, v] : cm) {
        if (is_t(k, "id")) uid = v;
        if (is_t(k, "label")) label = v;
    }
    validate_label(label.str());
    Value id;
    bool raced = false;
    write(ctx, [&](Snapshot& s) {
        if (attempt < kMergeRetries && !ctx.filter && !search_vertices(ctx, mm, &s).empty()) {
            raced = true;
            return;
        }
        VertexRec v;
        if (!uid.is_null()) {
            v.id = s.convert_vertex_id(uid);
            if (s.vindex.count(id_key(v.id)))
                illegal_arg("Vertex with id already exists: " + uid.to_string());
        } else {
            v.id = s.generate_id(false);
        }
        v.label = label.str();
        for (const auto& [k, val] : cm)
            if (k.type() == Type::string && !is_card_value(val))
                set_vertex_property(s, v, Card::list, k.str(), val, {});
        for (const auto& [k, val] : cm)
            if (k.type() == Type::string && is_card_value(val))
                set_vertex_property(s, v, card_of(val), k.str(), val[0], {});
        if (!ctx.partition_key.empty())
            set_vertex_property(s, v, Card::single, ctx.partition_key, ctx.write_partition, {});
        id = v.id;
        s.vertices.push_back(std::move(v));
    });
    if (raced) return merge_vertex(ctx, spec, rt, t, out, attempt + 1);
    emit_merged(ctx, spec, t, vertex_obj(ctx, id), out);
}

void merge_edge(Ctx& ctx, const MergeSpec& spec, MergeRt& rt, Traverser& t, std::vector<Traverser>& out,
                int attempt = 0) {
    MapKV unresolved = materialize(ctx, t, rt.merge, false, true, "argument");
    validate_map(unresolved, false, true);
    MapKV mm = unresolved;
    resolve_vertices(ctx, t, mm, rt);
    if (rt.on_match && !rt.on_match->arg.t)
        validate_map(to_kv(rt.on_match->arg.v, "mergeE", "onMatch"), true, true);
    auto ids = search_edges(ctx, mm);
    if (!ids.empty()) return merge_matched(ctx, spec, rt, t, ids, out);
    MapKV cm = mm;
    if (rt.on_create) {
        MapKV oc = materialize(ctx, t, rt.on_create, false, true, "onCreate");
        if (!oc.empty()) {
            validate_map(oc, false, true);
            validate_no_overrides(unresolved, oc);
            cm = oc;
            for (const auto& [k, v] : mm) put(cm, k, v);
            resolve_vertices(ctx, t, cm, rt);
        }
    }
    const Value* ov = get(cm, D_("OUT"));
    const Value* iv = get(cm, D_("IN"));
    if (!ov) illegal_arg("Out Vertex not specified in onCreate - edge cannot be created");
    if (!iv) illegal_arg("In Vertex not specified in onCreate - edge cannot be created");
    Value from = resolve_vertex_arg(ctx, *ov);
    Value to = resolve_vertex_arg(ctx, *iv);
    std::string label = "edge";
    std::vector<Param> ps;
    for (const auto& [k, v] : cm) {
        if (is_t(k, "label")) {
            label = v.str();
            continue;
        }
        if (is_enum_of(k, EnumKind::direction)) continue;
        ps.push_back(Param{k, v, std::nullopt});
    }
    std::function<bool(const Snapshot&)> raced;
    if (attempt < kMergeRetries && !ctx.filter)
        raced = [&](const Snapshot& s) { return !search_edges(ctx, mm, &s).empty(); };
    Value id = new_edge(ctx, label, from, to, ps, raced);
    if (id.is_null()) return merge_edge(ctx, spec, rt, t, out, attempt + 1);
    emit_merged(ctx, spec, t, edge_obj(ctx, id), out);
}

void compile_merge(const WriteBuild& b) {
    const Instr& in = *b.main;
    MergeSpec spec;
    spec.edge = in.name == "mergeE";
    spec.start = b.start;
    if (in.args.size() > 1) bad_args(in);
    if (in.args.size() == 1) {
        const Arg& a = in.args[0];
        if (!a.t && !a.v.is_null() && a.v.type() != Type::map) bad_args(in);
        if (!a.t) validate_map(to_kv(a.v, spec.edge ? "mergeE" : "mergeV", "argument"), false, spec.edge);
        spec.merge = arg_plan(b, a, in);
    }
    for (auto* m : b.mods) {
        if (m->name != "option") continue;
        if (m->args.size() < 2 || m->args.size() > 3 || !is_enum_arg(m->args[0], EnumKind::merge))
            bad_args(*m);
        const std::string& which = m->args[0].v.str();
        Arg opt = m->args[1];
        if (m->args.size() == 3) {
            // option(Merge, Map, Cardinality): every value without its own cardinality gets this one
            if (spec.edge)
                illegal_state("option() with the Cardinality argument can only be used following mergeV()");
            if (opt.t || opt.v.type() != Type::map || !is_enum_arg(m->args[2], EnumKind::cardinality))
                bad_args(*m);
            Value card = m->args[2].v;
            for (std::size_t i = 1; i < opt.v.size(); i += 2)
                if (!is_card_value(opt.v[i]))
                    opt.v.kids()[i] = Value::compound(Type::enum_, {opt.v[i]}, card.str(), 0,
                                                      static_cast<std::uint8_t>(EnumKind::cardinality));
        }
        if (!opt.t && !opt.v.is_null() && opt.v.type() != Type::map && !(which == "outV" || which == "inV"))
            bad_args(*m);
        ArgPlan p = arg_plan(b, opt, *m);
        if (which == "onCreate")
            spec.on_create = p;
        else if (which == "onMatch")
            spec.on_match = p;
        else if (which == "outV" && spec.edge)
            spec.out_v = p;
        else if (which == "inV" && spec.edge)
            spec.in_v = p;
        else
            fail(EvalError::Kind::evaluation, "Option " + which + " for Merge is not supported",
                 "UnsupportedOperationException");
    }
    add_expand(b, [spec](Ctx& ctx) {
        auto rt = std::make_shared<MergeRt>();
        auto inst = [&](const std::optional<ArgPlan>& p, std::optional<ArgRt>& r) {
            if (p) r = p->instantiate(ctx);
        };
        inst(spec.merge, rt->merge);
        inst(spec.on_create, rt->on_create);
        inst(spec.on_match, rt->on_match);
        inst(spec.out_v, rt->out_v);
        inst(spec.in_v, rt->in_v);
        Ctx* c = &ctx;
        return [spec, rt, c](Traverser& t, std::vector<Traverser>& out) {
            if (spec.edge)
                merge_edge(*c, spec, *rt, t, out);
            else
                merge_vertex(*c, spec, *rt, t, out);
        };
    });
}

}  // namespace

// ---- public --------------------------------------------------------------------------------------------

bool is_write_step(const std::string& n) {
    return n == "addV" || n == "addE" || n == "property" || n == "drop" || n == "mergeV" || n == "mergeE" ||
           n == "element";
}

void compile_write_step(const WriteBuild& b) {
    const std::string& n = b.main->name;
    if (n == "addV") return compile_add_vertex(b);
    if (n == "addE") return compile_add_edge(b);
    if (n == "property") return compile_property(b);
    if (n == "drop") return compile_drop(b);
    if (n == "element") return compile_element(b);
    return compile_merge(b);
}

bool property_expands(const Instr& in, std::vector<Instr>& parts) {
    auto part = [&](const Value* card, const Value& k, const Value& v) {
        Instr x;
        x.name = "property";
        x.pos = in.pos;
        if (is_card_value(v)) {
            x.args.push_back(Arg{Value::enum_(EnumKind::cardinality, v.str()), nullptr});
            x.args.push_back(Arg{k, nullptr});
            x.args.push_back(Arg{v[0], nullptr});
        } else {
            if (card) x.args.push_back(Arg{*card, nullptr});
            x.args.push_back(Arg{k, nullptr});
            x.args.push_back(Arg{v, nullptr});
        }
        parts.push_back(std::move(x));
    };
    const auto& a = in.args;
    if (a.size() == 1 && !a[0].t && (a[0].v.is_null() || a[0].v.type() == Type::map)) {
        for (std::size_t i = 0; i + 1 < a[0].v.size(); i += 2) part(nullptr, a[0].v[i], a[0].v[i + 1]);
        return true;
    }
    if (a.size() == 2 && is_enum_arg(a[0], EnumKind::cardinality) && !a[1].t &&
        (a[1].v.is_null() || a[1].v.type() == Type::map)) {
        for (std::size_t i = 0; i + 1 < a[1].v.size(); i += 2) part(&a[0].v, a[1].v[i], a[1].v[i + 1]);
        return true;
    }
    return false;
}

bool property_folds(const std::string& target, const Instr& prop) {
    if (target == "addE") return true;
    std::size_t i = 0;
    bool card = false;
    if (!prop.args.empty() && is_enum_arg(prop.args[0], EnumKind::cardinality)) {
        card = true;
        i = 1;
    }
    if (prop.args.size() != i + 2) return false;  // meta-properties
    const Arg& k = prop.args[i];
    return k.t || is_enum_of(k.v, EnumKind::t) || (k.v.type() == Type::string && !card);
}

Value edge_property_value(const EdgeRec& e, const std::string& key, const Value& v) {
    Value p = Value::property(key, v);
    const auto& ov = e.snap->out_vertex(e);
    const auto& iv = e.snap->in_vertex(e);
    p.kids()[2] = Value::edge(e.id, e.label, iv.id, iv.label, ov.id, ov.label);
    return p;
}

Value meta_property_value(const VPropRec& vp, const std::string& key, const Value& v) {
    Value p = Value::property(key, v);
    Value parent = Value::vertex_property(vp.id, vp.key, vp.value);
    const auto& owner = vp.snap->owner(vp);
    if (parent.size() > 3) parent.kids()[3] = Value::vertex(owner.id, owner.label);
    p.kids()[2] = std::move(parent);
    return p;
}

void strip_property_parents(Value& v) {
    switch (v.type()) {
        case Type::property:
            if (v.size() > 2 && !v[2].is_null()) v.kids()[2] = Value();
            return;
        case Type::list:
        case Type::set:
        case Type::map:
        case Type::bulk_set:
        case Type::path:
            for (auto& k : v.kids()) strip_property_parents(k);
            return;
        default:
            return;
    }
}

void meta_properties(const VPropRec& p, const std::vector<std::string>& keys, bool values,
                     std::vector<Value>& out) {
    for (const auto& [k, v] : p.meta)
        if (keys.empty() || std::find(keys.begin(), keys.end(), k) != keys.end())
            out.push_back(values ? v : meta_property_value(p, k, v));
}

}  // namespace tpbench::server::detail
