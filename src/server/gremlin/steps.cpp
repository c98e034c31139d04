// The step library and the compiler from instructions to plans. Every step is pull-based; state
// lives in the step (or its closures) and is cleared by reset() so child traversals can be re-run
// per traverser.
#include "runtime.hpp"
#include "step_shapes.hpp"
#include "steps_liststeps.hpp"
#include "steps_write.hpp"

#include <cstring>
#include <cctype>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <unordered_set>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

// ---- generic step shapes ----------------------------------------------------------------------------

// Map/filter in place: fn returns false to drop the traverser.
class FnStep : public Step {
public:
    std::function<bool(Traverser&)> fn;
    std::function<void()> on_reset;
    bool next(Traverser& out) override {
        while (input_->next(out)) {
            ctx_->tick();
            if (fn(out)) return true;
        }
        return false;
    }
    void reset() override {
        if (on_reset) on_reset();
        Step::reset();
    }
};

// Consumes its whole input, then emits what finish() produced.
class BarrierStep : public Step {
public:
    std::function<void(Traverser&)> consume;
    std::function<void(std::vector<Traverser>&)> finish;
    std::function<void()> clear;
    bool next(Traverser& out) override {
        if (!done_) {
            Traverser t;
            while (input_->next(t)) {
                ctx_->tick();
                consume(t);
            }
            finish(out_);
            done_ = true;
        }
        if (pos_ < out_.size()) {
            out = std::move(out_[pos_++]);
            return true;
        }
        return false;
    }
    void reset() override {
        done_ = false;
        out_.clear();
        pos_ = 0;
        if (clear) clear();
        Step::reset();
    }

private:
    bool done_ = false;
    std::vector<Traverser> out_;
    std::size_t pos_ = 0;
};

// Streams the outputs of child pipelines chosen per input traverser (union, choose, coalesce,
// optional, local, flatMap). `route` returns the branch indices to run (-1 = the traverser itself).
class BranchStep : public Step {
public:
    enum class Mode : std::uint8_t { all, first_productive, flat };
    Mode mode = Mode::all;
    bool bulk_one = false;  // run the child with bulk 1 and multiply (local/flatMap)
    std::vector<std::unique_ptr<Pipeline>> kids;
    std::function<void(Traverser&, std::vector<int>&)> route;
    // union() with a reducing child (count(), fold(), …): as in TinkerPop, every branch receives
    // all incoming traversers as starts, so g.V().union(count(), count()) is 6, 6 — not one count
    // per vertex. The branches' outputs then stream in branch order.
    bool global = false;

    bool next(Traverser& out) override {
        if (global) return next_global(out);
        for (;;) {
            if (active_ >= 0) {
                Traverser r;
                if (kids[static_cast<std::size_t>(active_)]->next(r)) {
                    produced_ = true;
                    finish(r, out);
                    return true;
                }
                active_ = -1;
                if (mode == Mode::first_productive && produced_) branches_.clear();
            }
            if (bi_ < branches_.size()) {
                int b = branches_[bi_++];
                if (b < 0) {
                    if (mode == Mode::first_productive && produced_) continue;
                    out = cur_;
                    if (mode == Mode::first_productive) branches_.clear();
                    return true;
                }
                Traverser s = cur_;
                if (bulk_one) s.bulk = 1;
                kids[static_cast<std::size_t>(b)]->start_with(s);
                active_ = b;
                continue;
            }
            if (!input_->next(cur_)) return false;
            ctx_->tick();
            branches_.clear();
            bi_ = 0;
            produced_ = false;
            route(cur_, branches_);
        }
    }
    void reset() override {
        active_ = -1;
        branches_.clear();
        bi_ = 0;
        fed_ = false;
        gi_ = 0;
        if (global)
            for (auto& k : kids) k->reset();
        Step::reset();
    }

private:
    bool next_global(Traverser& out) {
        if (!fed_) {
            for (auto& k : kids) k->reset();
            Traverser t;
            while (input_->next(t)) {
                ctx_->tick();
                for (auto& k : kids) k->push(t);
            }
            fed_ = true;
            gi_ = 0;
        }
        while (gi_ < kids.size()) {
            if (kids[gi_]->next(out)) return true;
            ++gi_;
        }
        return false;
    }
    bool fed_ = false;
    std::size_t gi_ = 0;

    void finish(Traverser& r, Traverser& out) {
        if (!bulk_one) {
            out = std::move(r);
            return;
        }
        if (mode == Mode::flat) {
            out = cur_;
            out.bulk = cur_.bulk * r.bulk;
            advance(*ctx_, out, std::move(r.obj));
            return;
        }
        out = std::move(r);
        out.bulk *= cur_.bulk;
    }

    Traverser cur_;
    std::vector<int> branches_;
    std::size_t bi_ = 0;
    int active_ = -1;
    bool produced_ = false;
};

// TinkerPop's LazyBarrierStrategy: after a second hop, merge equal traversers in windows of up
// to 2500 so multi-hop walks stay bulked. A pass-through when paths are tracked.
class LazyBarrierStep : public Step {
public:
    bool next(Traverser& out) override {
        if (ctx_->path_mode != PathMode::none) return input_->next(out);
        for (;;) {
            if (pos_ < set_.size()) {
                out = std::move(set_.items()[pos_++]);
                return true;
            }
            set_.clear();
            pos_ = 0;
            Traverser t;
            while (set_.size() < 2500 && input_->next(t)) set_.add(std::move(t));
            if (set_.empty()) return false;
        }
    }
    void reset() override {
        set_.clear();
        pos_ = 0;
        Step::reset();
    }

private:
    MergeSet set_;
    std::size_t pos_ = 0;
};

// ---- argument helpers -------------------------------------------------------------------------------

std::string java_type(const Arg& a) {
    if (a.t) return "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.DefaultGraphTraversal";
    switch (a.v.type()) {
        case Type::null:
            return "null";
        case Type::boolean:
            return "java.lang.Boolean";
        case Type::int_:
            return "java.lang.Integer";
        case Type::long_:
            return "java.lang.Long";
        case Type::double_:
            return "java.lang.Double";
        case Type::float_:
            return "java.lang.Float";
        case Type::string:
            return "java.lang.String";
        case Type::big_decimal:
            return "java.math.BigDecimal";
        case Type::list:
            return "java.util.ArrayList";
        case Type::map:
            return "java.util.LinkedHashMap";
        case Type::p:
            return "org.apache.tinkerpop.gremlin.process.traversal.P";
        case Type::text_p:
            return "org.apache.tinkerpop.gremlin.process.traversal.TextP";
        case Type::enum_:
            return "org.apache.tinkerpop.gremlin.structure." + std::string(model::type_name(a.v.type()));
        default:
            return std::string(model::type_name(a.v.type()));
    }
}

[[noreturn]] void bad_args(const Instr& in) {
    std::string types, vals;
    for (std::size_t i = 0; i < in.args.size(); ++i) {
        if (i) {
            types += ", ";
            vals += ", ";
        }
        types += java_type(in.args[i]);
        vals += in.args[i].t ? "[GraphStep...]" : in.args[i].v.to_string();
    }
    fail(EvalError::Kind::evaluation,
         "No signature of method: "
         "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.DefaultGraphTraversal." +
             in.name + "() is applicable for argument types: (" + types + ") values: [" + vals + "]",
         "MissingMethodException");
}

bool is_str(const Arg& a) { return !a.t && a.v.type() == Type::string; }
bool is_enum(const Arg& a, EnumKind k) { return !a.t && a.v.type() == Type::enum_ && a.v.enum_kind() == k; }
bool is_pred(const Arg& a) { return !a.t && (a.v.type() == Type::p || a.v.type() == Type::text_p); }
bool is_int_arg(const Arg& a) {
    return !a.t && (a.v.type() == Type::int_ || a.v.type() == Type::long_ || a.v.type() == Type::short_ ||
                    a.v.type() == Type::byte);
}

std::vector<std::string> strings(const Instr& in, std::size_t from = 0) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < in.args.size(); ++i) {
        if (!is_str(in.args[i])) bad_args(in);
        out.push_back(in.args[i].v.str());
    }
    return out;
}

// Wraps a non-predicate argument as P.eq.
Value as_pred(const Arg& a, const Instr& in) {
    if (a.t) bad_args(in);
    if (a.v.type() == Type::p || a.v.type() == Type::text_p) return a.v;
    return Value::p("eq", {a.v});
}

// Builds a P.within from several arguments (hasLabel('a','b'), hasId(1,2)).
Value within_of(const Instr& in, std::size_t from) {
    if (in.args.size() == from + 1) return as_pred(in.args[from], in);
    std::vector<Value> vals;
    for (std::size_t i = from; i < in.args.size(); ++i) {
        if (in.args[i].t || is_pred(in.args[i])) bad_args(in);
        vals.push_back(in.args[i].v);
    }
    return Value::p("within", std::move(vals));
}

int order_of(const Value& v) {
    const std::string& n = v.str();
    if (n == "asc" || n == "incr") return 1;
    if (n == "desc" || n == "decr") return -1;
    return 0;  // shuffle
}

std::int64_t int_of(const Arg& a, const Instr& in) {
    if (!is_int_arg(a)) bad_args(in);
    return a.v.as_int();
}

// ---- the compiler -------------------------------------------------------------------------------------

struct Spec {
    const Instr* main = nullptr;
    std::vector<const Instr*> mods;  // by/option/times/until/emit/from/to/with after the step
    std::vector<const Instr*> pre;   // until/emit/times before a repeat
};

bool is_modulator(const std::string& n) {
    return n == "by" || n == "option" || n == "from" || n == "to" || n == "with";
}

class Compiler {
public:
    Compiler(const Code& code, Plan& plan) : code_(code), plan_(plan) {}

    void run(bool source) {
        std::vector<Spec> specs;
        std::vector<const Instr*> pending;
        for (const auto& in : code_.steps) {
            const std::string& n = in.name;
            bool loop_mod = n == "times" || n == "until" || n == "emit";
            if (loop_mod && !specs.empty() && specs.back().main->name == "repeat" && pending.empty()) {
                specs.back().mods.push_back(&in);
                continue;
            }
            if (loop_mod) {
                pending.push_back(&in);
                continue;
            }
            if (is_modulator(n)) {
                if (specs.empty())
                    fail(EvalError::Kind::evaluation,
                         n + "() at " + code_.where + " " + std::to_string(in.pos) +
                             " does not follow a step it can modulate",
                         "IllegalStateException");
                specs.back().mods.push_back(&in);
                continue;
            }
            Spec s;
            s.main = &in;
            if (!pending.empty()) {
                if (n != "repeat")
                    fail(EvalError::Kind::evaluation,
                         pending.front()->name + "() at " + code_.where + " " +
                             std::to_string(pending.front()->pos) + " must be followed by repeat()",
                         "IllegalStateException");
                s.pre = std::move(pending);
                pending.clear();
            }
            specs.push_back(std::move(s));
        }
        if (!pending.empty()) {
            // until()/emit()/times() after another modulator of the same repeat
            if (!specs.empty() && specs.back().main->name == "repeat") {
                for (auto* p : pending) specs.back().mods.push_back(p);
            } else {
                fail(EvalError::Kind::evaluation,
                     pending.front()->name + "() at " + code_.where + " " +
                         std::to_string(pending.front()->pos) + " has no repeat() to modulate",
                     "IllegalStateException");
            }
        }
        std::deque<Instr> folded;
        fold_write_properties(specs, folded);
        for (std::size_t i = 0; i < specs.size(); ++i) {
            start_ = source && i == 0;
            first_ = i == 0;
            const std::string& n = specs[i].main->name;
            if (start_ && n != "V" && n != "E" && n != "inject" && n != "addV" && n != "addE" &&
                n != "mergeV" && n != "mergeE" && n != "union" && n != "call")
                fail(EvalError::Kind::unsupported,
                     "traversal source has no step '" + n + "' (at " + code_.where + " " +
                         std::to_string(specs[i].main->pos) + ")",
                     "MissingMethodException");
            compile_step(specs[i]);
            last_ = n;
        }
        plan_.has_start = source;
        plan_.reducing = !specs.empty() && reducing_last_;
        for (const auto& sp : specs)
            if (sp.main->name == "order" || sp.main->name == "barrier") plan_.has_barrier = true;
    }

private:
    void need(PathMode m) {
        if (m > plan_.needs) plan_.needs = m;
    }
    PlanPtr child(const Arg& a, const Instr& in) {
        if (!a.t) bad_args(in);
        auto p = compile(*a.t, false);
        need(p->needs);
        return p;
    }
    PlanPtr child_code(const Code& c) {
        auto p = compile(c, false);
        need(p->needs);
        return p;
    }
    // A one-step anonymous traversal, e.g. values('name') for by('name') as a group value.
    PlanPtr single(const std::string& name, std::vector<Arg> args) {
        Code c;
        c.anonymous = true;
        c.where = code_.where;
        c.steps.push_back(Instr{name, std::move(args), 0});
        return child_code(c);
    }
    By by_of(const Instr& in) {
        By b;
        if (in.args.empty()) return b;
        if (in.args.size() > 2) bad_args(in);
        const Arg& a = in.args[0];
        std::size_t rest = 1;
        if (a.t) {
            b.kind = By::Kind::traversal;
            b.plan = child(a, in);
        } else if (a.v.type() == Type::string) {
            b.kind = By::Kind::key;
            b.name = a.v.str();
        } else if (a.v.type() == Type::enum_ &&
                   (a.v.enum_kind() == EnumKind::t || a.v.enum_kind() == EnumKind::column)) {
            b.kind = By::Kind::token;
            b.name = a.v.str();
        } else if (a.v.type() == Type::enum_ && a.v.enum_kind() == EnumKind::order) {
            b.order = order_of(a.v);
            rest = 2;
            if (in.args.size() > 1) bad_args(in);
        } else {
            bad_args(in);
        }
        if (rest == 1 && in.args.size() == 2) {
            if (!is_enum(in.args[1], EnumKind::order)) bad_args(in);
            b.order = order_of(in.args[1].v);
        }
        return b;
    }
    std::vector<By> bys(const Spec& s) {
        std::vector<By> out;
        for (auto* m : s.mods)
            if (m->name == "by") out.push_back(by_of(*m));
        return out;
    }
    // The plan a by() contributes as a group/aggregation value traversal.
    PlanPtr by_plan(const By& b) {
        switch (b.kind) {
            case By::Kind::identity:
                return nullptr;
            case By::Kind::key:
                return single("values", {Arg{Value::string(b.name), nullptr}});
            case By::Kind::token:
                return single(b.name == "label" ? "label" : b.name == "id" ? "id" : b.name, {});
            case By::Kind::traversal:
                return b.plan;
        }
        return nullptr;
    }

    template <class F>
    void add(F&& factory) {
        plan_.steps.push_back(std::forward<F>(factory));
        reducing_last_ = false;
    }
    void add_fn(std::function<bool(Ctx&, Traverser&)> fn) {
        add([fn](Ctx& ctx) {
            auto s = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            s->fn = [fn, c](Traverser& t) { return fn(*c, t); };
            return std::unique_ptr<Step>(std::move(s));
        });
    }
    void add_expand(std::function<void(Ctx&, Traverser&, std::vector<Traverser>&)> fn) {
        add([fn](Ctx& ctx) {
            auto s = std::make_unique<ExpandStep>();
            Ctx* c = &ctx;
            s->fn = [fn, c](Traverser& t, std::vector<Traverser>& out) { fn(*c, t, out); };
            return std::unique_ptr<Step>(std::move(s));
        });
    }
    // A reducing barrier: fold(acc, traverser) then result(acc) → one value (or none).
    template <class Acc>
    void add_reduce(std::function<void(Ctx&, Acc&, const Traverser&)> fold,
                    std::function<bool(Ctx&, Acc&, Value&)> result) {
        add([fold, result](Ctx& ctx) {
            auto s = std::make_unique<BarrierStep>();
            auto acc = std::make_shared<Acc>();
            Ctx* c = &ctx;
            s->consume = [c, acc, fold](Traverser& t) { fold(*c, *acc, t); };
            s->finish = [c, acc, result](std::vector<Traverser>& out) {
                Value v;
                if (!result(*c, *acc, v)) return;
                Traverser t;
                t.obj = Obj(std::move(v));
                fresh_path(*c, t);
                out.push_back(std::move(t));
            };
            s->clear = [acc] { *acc = Acc(); };
            return std::unique_ptr<Step>(std::move(s));
        });
        reducing_last_ = true;
    }

    void compile_step(const Spec& s);
    void compile_source_or_mid_graph(const Spec& s);
    void compile_adjacency(const Instr& in);
    void compile_has(const Instr& in);
    void compile_select(const Spec& s);
    void compile_where(const Spec& s);
    void compile_repeat(const Spec& s);
    void compile_group(const Spec& s, bool count);
    void compile_order(const Spec& s, bool local);
    void compile_liststep(const Spec& s);
    void compile_numeric(const Instr& in);
    void compile_branch(const Spec& s);
    void compile_match(const Spec& s);
    void compile_maps(const Spec& s);
    void compile_range(const Instr& in);

    const Code& code_;
    Plan& plan_;
    bool start_ = false;
    bool first_ = false;  // first step of its traversal
    bool reducing_last_ = false;
    int hops_ = 0;
    std::string last_;
};

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

void Compiler::compile_adjacency(const Instr& in) {
    const std::string& n = in.name;
    auto labels = strings(in);
    bool out = n == "out" || n == "outE" || n == "both" || n == "bothE";
    bool inn = n == "in" || n == "inE" || n == "both" || n == "bothE";
    bool edges = n.back() == 'E';
    std::string step = n;
    bool second_hop = hops_++ > 0;
    add_expand([labels, out, inn, edges, step](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
        const VertexRec& v = need_vertex(ctx, t.obj, step.c_str());
        const Snapshot& s = *v.snap;
        if (out)
            for (auto ei : v.out) {
                const EdgeRec& e = s.edges[ei];
                if (!label_ok(labels, e.label)) continue;
                if (ctx.filter && (!visible(ctx, &e) || !visible(ctx, &s.vertices[e.in_v]))) continue;
                buf.push_back(t);
                advance(ctx, buf.back(),
                        Obj(edges ? static_cast<const ElementRec*>(&e) : &s.vertices[e.in_v]));
            }
        if (inn)
            for (auto ei : v.in) {
                const EdgeRec& e = s.edges[ei];
                if (!label_ok(labels, e.label)) continue;
                if (ctx.filter && (!visible(ctx, &e) || !visible(ctx, &s.vertices[e.out_v]))) continue;
                buf.push_back(t);
                advance(ctx, buf.back(),
                        Obj(edges ? static_cast<const ElementRec*>(&e) : &s.vertices[e.out_v]));
            }
    });
    if (second_hop) add([](Ctx&) { return std::unique_ptr<Step>(std::make_unique<LazyBarrierStep>()); });
}

// V()/E() as start or mid-traversal step; inject().
void Compiler::compile_source_or_mid_graph(const Spec& s) {
    const Instr& in = *s.main;
    if (in.name == "inject") {
        std::vector<Value> vals;
        for (const auto& a : in.args) {
            if (a.t) bad_args(in);
            vals.push_back(a.v);
        }
        if (start_) {
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
            add_expand([merged](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
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
        bool input_first = first_;
        add([vals, input_first](Ctx& ctx) {
            auto st = std::make_unique<FnStep>();
            auto done = std::make_shared<std::size_t>(0);
            Ctx* c = &ctx;
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
            (void)done;
            (void)c;
            auto inj = std::make_unique<InjectStep>();
            inj->vals = vals;
            inj->input_first = input_first;
            return std::unique_ptr<Step>(std::move(inj));
        });
        return;
    }
    bool vertices = in.name == "V";
    std::vector<Value> ids;
    for (const auto& a : in.args) {
        if (a.t) bad_args(in);
        if (a.v.type() == Type::list || a.v.type() == Type::set) {
            for (const auto& x : a.v.kids()) ids.push_back(x);
        } else if (a.v.is_element()) {
            ids.push_back(a.v.id());
        } else if (!a.v.is_null()) {
            ids.push_back(a.v);
        }
    }
    bool any_null = !in.args.empty() && ids.empty();
    bool start = start_;
    add_expand([vertices, ids, any_null, start](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
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
            const ElementRec* el =
                vertices ? static_cast<const ElementRec*>(s.find_vertex(s.convert_vertex_id(id)))
                         : static_cast<const ElementRec*>(s.find_edge(id));
            if (el) emit(el);
        }
    });
}

// ---- has() family ---------------------------------------------------------------------------------

bool has_test(Ctx& ctx, const Obj& o, const std::string& key, const Value* pred) {
    if (key == "id" || key == "label" || key == "key" || key == "value") {
        // T tokens are passed with a marker prefix by compile_has; plain keys never reach here.
    }
    std::vector<Value> vals;
    const ElementRec* el = as_element(ctx, o);
    if (!el) return false;
    property_values(ctx, o, {key}, vals);
    if (!pred) return !vals.empty();
    for (const auto& v : vals)
        if (test_p(ctx, *pred, Obj(v))) return true;
    return false;
}

void Compiler::compile_has(const Instr& in) {
    const std::string& n = in.name;
    auto token_pred = [this](const std::string& token, Value pred) {
        add_fn([token, pred](Ctx& ctx, Traverser& t) {
            const ElementRec* el = as_element(ctx, t.obj);
            if (!el && !(t.obj.v.type() == Type::property)) return false;
            if (el && el->kind != ElKind::vertex_property && (token == "key" || token == "value"))
                return false;
            return test_p(ctx, pred, token_value(ctx, t.obj, token));
        });
    };
    if (n == "hasLabel") {
        if (in.args.empty()) bad_args(in);
        token_pred("label", within_of(in, 0));
        return;
    }
    if (n == "hasId") {
        if (in.args.empty()) bad_args(in);
        std::vector<Value> vals;
        bool pred = in.args.size() == 1 && is_pred(in.args[0]);
        if (pred) {
            token_pred("id", in.args[0].v);
            return;
        }
        for (const auto& a : in.args) {
            if (a.t || is_pred(a)) bad_args(in);
            if (a.v.type() == Type::list)
                for (const auto& x : a.v.kids()) vals.push_back(x);
            else
                vals.push_back(a.v);
        }
        bool all_strings = true;
        for (const auto& v : vals)
            if (v.type() != Type::string) all_strings = false;
        if (all_strings) {
            // TinkerPop's HasContainer compares String ids with the element id's toString()
            Value p = Value::p("within", std::move(vals));
            add_fn([p](Ctx& ctx, Traverser& t) {
                const ElementRec* el = as_element(ctx, t.obj);
                if (!el && t.obj.v.type() != Type::property) return false;
                Obj id = token_value(ctx, t.obj, "id");
                Value idv = id.el ? to_value(ctx, id) : id.v;
                Value text = idv.type() == Type::string ? idv : Value::string(idv.to_string());
                return test_p(ctx, p, Obj(text));
            });
            return;
        }
        token_pred("id", Value::p("within", std::move(vals)));
        return;
    }
    if (n == "hasKey" || n == "hasValue") {
        if (in.args.empty()) bad_args(in);
        token_pred(n == "hasKey" ? "key" : "value", within_of(in, 0));
        return;
    }
    if (n == "hasNot") {
        if (in.args.size() != 1 || !is_str(in.args[0])) bad_args(in);
        std::string key = in.args[0].v.str();
        add_fn([key](Ctx& ctx, Traverser& t) { return !has_test(ctx, t.obj, key, nullptr); });
        return;
    }
    // has(key) / has(key, value|P) / has(label, key, value|P) / has(T, value|P)
    if (in.args.empty() || in.args.size() > 3) bad_args(in);
    if (in.args.size() == 1) {
        if (is_enum(in.args[0], EnumKind::t)) {
            return;  // has(T.id) etc.: every element has them
        }
        if (!is_str(in.args[0])) bad_args(in);
        std::string key = in.args[0].v.str();
        add_fn([key](Ctx& ctx, Traverser& t) { return has_test(ctx, t.obj, key, nullptr); });
        return;
    }
    std::size_t k = 0;
    if (in.args.size() == 3) {
        if (!is_str(in.args[0])) bad_args(in);
        token_pred("label", Value::p("eq", {in.args[0].v}));
        k = 1;
    }
    const Arg& key = in.args[k];
    if (in.args[k + 1].t) {
        // has(key, traversal): the property value must produce a result through the traversal.
        if (!is_str(key)) bad_args(in);
        auto plan = child(in.args[k + 1], in);
        std::string kname = key.v.str();
        add([plan, kname](Ctx& ctx) {
            auto pipe = std::shared_ptr<Pipeline>(plan->instantiate(ctx));
            auto s = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            s->fn = [pipe, kname, c](Traverser& t) {
                std::vector<Value> vals;
                if (!as_element(*c, t.obj)) return false;
                property_values(*c, t.obj, {kname}, vals);
                for (auto& v : vals) {
                    Traverser x;
                    x.obj = Obj(v);
                    if (pipe->any(x)) return true;
                }
                return false;
            };
            return std::unique_ptr<Step>(std::move(s));
        });
        return;
    }
    Value pred = as_pred(in.args[k + 1], in);
    if (is_enum(key, EnumKind::t)) {
        token_pred(key.v.str(), pred);
        return;
    }
    if (!is_str(key)) bad_args(in);
    std::string kname = key.v.str();
    add_fn([kname, pred](Ctx& ctx, Traverser& t) { return has_test(ctx, t.obj, kname, &pred); });
}

// ---- select / where ------------------------------------------------------------------------------

void Compiler::compile_select(const Spec& s) {
    const Instr& in = *s.main;
    std::string pop = "last";
    std::size_t i = 0;
    if (!in.args.empty() && is_enum(in.args[0], EnumKind::pop)) {
        pop = in.args[0].v.str();
        i = 1;
    }
    if (in.args.size() == i + 1 && is_enum(in.args[i], EnumKind::column)) {
        // select(keys) / select(values) on maps and map entries
        std::string col = in.args[i].v.str();
        add_fn([col](Ctx& ctx, Traverser& t) {
            if (t.obj.el || t.obj.v.type() != Type::map)
                fail(EvalError::Kind::evaluation, "select(" + col + ") expects a Map or Map.Entry",
                     "IllegalArgumentException");
            const Value& m = t.obj.v;
            if (m.size() == 2) {
                advance(ctx, t, Obj(col == "keys" ? m[0] : m[1]));
                return true;
            }
            std::vector<Value> items;
            for (std::size_t k = col == "keys" ? 0 : 1; k < m.size(); k += 2) items.push_back(m[k]);
            advance(ctx, t,
                    Obj(col == "keys" ? Value::set(std::move(items)) : Value::list(std::move(items))));
            return true;
        });
        return;
    }
    if (in.args.size() == i + 1 && in.args[i].t) {
        // select(traversal): the key comes from a traversal
        auto plan = child(in.args[i], in);
        need(PathMode::labeled);
        add([plan, pop](Ctx& ctx) {
            auto pipe = std::shared_ptr<Pipeline>(plan->instantiate(ctx));
            auto st = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            st->fn = [pipe, pop, c](Traverser& t) {
                Traverser x = t;
                x.bulk = 1;
                pipe->start_with(x);
                Traverser r;
                if (!pipe->next(r) || r.obj.el) return false;
                if (!t.obj.el && t.obj.v.type() == Type::map) {
                    // a key of any type (null too) looked up in the incoming map (TraversalSelectStep)
                    const Value& m = t.obj.v;
                    for (std::size_t k = 0; k + 1 < m.size(); k += 2)
                        if (m[k] == r.obj.v) {
                            advance(*c, t, Obj(m[k + 1]));
                            return true;
                        }
                }
                if (r.obj.v.type() != Type::string) return false;
                Obj o;
                if (!scope_get(*c, t, r.obj.v.str(), pop, o)) return false;
                advance(*c, t, std::move(o));
                return true;
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    auto keys = strings(in, i);
    if (keys.empty()) bad_args(in);
    need(PathMode::labeled);
    auto byv = bys(s);
    add([keys, pop, byv](Ctx& ctx) {
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) rts->emplace_back(ctx, b);
        auto st = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        st->fn = [keys, pop, rts, c](Traverser& t) {
            auto modulate = [&](std::size_t idx, Obj& o) -> bool {
                if (rts->empty()) return true;
                ByRt& b = (*rts)[idx % rts->size()];
                Traverser x = t;
                x.obj = o;
                return b.apply(*c, x, o);
            };
            if (keys.size() == 1) {
                Obj o;
                if (!scope_get(*c, t, keys[0], pop, o)) return false;
                if (!modulate(0, o)) return false;
                advance(*c, t, std::move(o));
                return true;
            }
            std::vector<Value> kv;
            for (std::size_t k = 0; k < keys.size(); ++k) {
                Obj o;
                if (!scope_get(*c, t, keys[k], pop, o)) return false;
                if (!modulate(k, o)) return false;
                kv.push_back(Value::string(keys[k]));
                kv.push_back(to_value(*c, o));
            }
            advance(*c, t, Obj(Value::map(std::move(kv))));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// Resolves label references inside a where() predicate (P args that are strings naming labels).
Value resolve_pred(Ctx& ctx, const Traverser& t, const Value& p, ByRt* by) {
    if (p.type() == Type::text_p) return p;
    std::vector<Value> args;
    for (const auto& a : p.kids()) {
        if (a.type() == Type::p) {
            args.push_back(resolve_pred(ctx, t, a, by));
            continue;
        }
        if (a.type() == Type::string) {
            Obj o;
            if (!scope_get(ctx, t, a.str(), "last", o))
                fail(EvalError::Kind::evaluation, "where() references unknown label '" + a.str() + "'",
                     "IllegalArgumentException");
            if (by) {
                Traverser x = t;
                x.obj = o;
                if (!by->apply(ctx, x, o)) o = Obj(Value());
            }
            args.push_back(to_value(ctx, o));
            continue;
        }
        args.push_back(a);
    }
    return Value::p(p.str(), std::move(args));
}

void Compiler::compile_where(const Spec& s) {
    const Instr& in = *s.main;
    auto byv = bys(s);
    if (in.args.size() == 1 && in.args[0].t) {
        // where(traversal), with optional as() start/end labels
        Code body = *in.args[0].t;
        std::string start_label, end_label;
        if (!body.steps.empty() && body.steps.front().name == "as" && body.steps.front().args.size() == 1 &&
            is_str(body.steps.front().args[0])) {
            start_label = body.steps.front().args[0].v.str();
            body.steps.erase(body.steps.begin());
        }
        if (!body.steps.empty() && body.steps.back().name == "as" && body.steps.back().args.size() == 1 &&
            is_str(body.steps.back().args[0])) {
            end_label = body.steps.back().args[0].v.str();
            body.steps.pop_back();
        }
        if (!start_label.empty() || !end_label.empty()) need(PathMode::labeled);
        auto plan = child_code(body);
        add([plan, start_label, end_label](Ctx& ctx) {
            auto pipe = std::shared_ptr<Pipeline>(plan->instantiate(ctx));
            auto st = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            st->fn = [pipe, start_label, end_label, c](Traverser& t) {
                Traverser x = t;
                x.bulk = 1;
                if (!start_label.empty()) {
                    Obj o;
                    if (!scope_get(*c, t, start_label, "last", o)) return false;
                    x.obj = std::move(o);
                }
                pipe->start_with(x);
                Traverser r;
                if (end_label.empty()) return pipe->next(r);
                Obj want;
                if (!scope_get(*c, t, end_label, "last", want)) return false;
                while (pipe->next(r))
                    if (gremlin_eq(*c, r.obj, want)) return true;
                return false;
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    std::string start_label;
    Value pred;
    if (in.args.size() == 1 && is_pred(in.args[0])) {
        pred = in.args[0].v;
    } else if (in.args.size() == 2 && is_str(in.args[0]) && is_pred(in.args[1])) {
        start_label = in.args[0].v.str();
        pred = in.args[1].v;
    } else {
        bad_args(in);
    }
    need(PathMode::labeled);
    add([start_label, pred, byv](Ctx& ctx) {
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) rts->emplace_back(ctx, b);
        auto st = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        st->fn = [start_label, pred, rts, c](Traverser& t) {
            Obj subject = t.obj;
            if (!start_label.empty() && !scope_get(*c, t, start_label, "last", subject)) return false;
            ByRt* b0 = rts->empty() ? nullptr : &(*rts)[0];
            ByRt* b1 = rts->empty() ? nullptr : &(*rts)[rts->size() > 1 ? 1 : 0];
            if (b0) {
                Traverser x = t;
                x.obj = subject;
                if (!b0->apply(*c, x, subject)) return false;
            }
            Value p = resolve_pred(*c, t, pred, b1);
            return test_p(*c, p, subject);
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- repeat -----------------------------------------------------------------------------------------

struct RepeatSpec {
    PlanPtr body;
    std::optional<std::int64_t> times;
    PlanPtr until;
    bool until_before = false;
    bool emit = false;
    PlanPtr emit_plan;
    bool emit_before = false;
};

constexpr std::uint64_t kLoopBits = 21;
constexpr std::uint64_t kLoopMask = (1ULL << kLoopBits) - 1;
constexpr std::size_t kMaxFrontier = std::size_t{1} << 20;

// Breadth-first repeat: each generation runs through the body at once and equal traversers are
// merged (TinkerPop's bulking barrier in repeat), so repeat(both()).times(n) keeps ≤ |V| traversers.
class RepeatStep : public Step {
public:
    RepeatStep(Ctx& ctx, const RepeatSpec& spec) : spec_(spec) {
        body_ = spec.body->instantiate(ctx);
        if (spec.until) until_ = spec.until->instantiate(ctx);
        if (spec.emit_plan) emit_ = spec.emit_plan->instantiate(ctx);
    }
    bool next(Traverser& out) override {
        for (;;) {
            if (pos_ < outq_.size()) {
                out = std::move(outq_[pos_++]);
                return true;
            }
            outq_.clear();
            out_set_.clear();
            pos_ = 0;
            if (!started_) {
                started_ = true;
                Traverser t;
                while (input_->next(t)) {
                    ctx_->tick();
                    if (t.loops >> (2 * kLoopBits))
                        fail(EvalError::Kind::evaluation, "repeat() nested more than 3 deep",
                             "IllegalStateException");
                    t.loops <<= kLoopBits;
                    if (spec_.until_before && (stop_times(t) || test(until_, t))) {
                        emit_out(t);
                        continue;
                    }
                    if (spec_.emit_before && (!emit_ || test(emit_, t))) emit_out(t);
                    gen_.add(std::move(t));
                }
                move_outputs();
                continue;
            }
            if (gen_.empty()) return false;
            run_generation();
            move_outputs();
        }
    }
    void reset() override {
        started_ = false;
        gen_.clear();
        out_set_.clear();
        outq_.clear();
        pos_ = 0;
        Step::reset();
    }

private:
    bool stop_times(const Traverser& t) const {
        return spec_.times && static_cast<std::int64_t>(t.loops & kLoopMask) >= *spec_.times;
    }
    bool test(const std::unique_ptr<Pipeline>& p, const Traverser& t) {
        if (!p) return false;
        Traverser x = t;
        x.bulk = 1;
        return p->any(x);
    }
    void emit_out(const Traverser& t) {
        Traverser o = t;
        o.loops >>= kLoopBits;
        out_set_.add(std::move(o));
    }
    void move_outputs() {
        for (auto& t : out_set_.items()) outq_.push_back(std::move(t));
        out_set_.clear();
    }
    void run_generation() {
        body_->reset();
        for (auto& t : gen_.items()) body_->push(t);
        gen_.clear();
        Traverser r;
        while (body_->next(r)) {
            ctx_->tick();
            if ((r.loops & kLoopMask) == kLoopMask)
                fail(EvalError::Kind::evaluation, "repeat() exceeded 2097151 iterations",
                     "IllegalStateException");
            ++r.loops;
            bool stop = stop_times(r) || (!spec_.until_before && spec_.until && test(until_, r));
            if (stop) {
                emit_out(r);
                continue;
            }
            if (spec_.emit && (!emit_ || test(emit_, r))) emit_out(r);
            if (spec_.until_before && spec_.until && test(until_, r)) {
                emit_out(r);
                continue;
            }
            gen_.add(std::move(r));
            if (gen_.size() > kMaxFrontier)
                fail(EvalError::Kind::evaluation,
                     "repeat() frontier exceeded " + std::to_string(kMaxFrontier) +
                         " distinct traversers (path tracking prevents bulking)",
                     "IllegalStateException");
        }
    }

    const RepeatSpec& spec_;
    std::unique_ptr<Pipeline> body_, until_, emit_;
    bool started_ = false;
    MergeSet gen_;
    MergeSet out_set_;
    std::vector<Traverser> outq_;
    std::size_t pos_ = 0;
};

void Compiler::compile_repeat(const Spec& s) {
    const Instr& in = *s.main;
    auto spec = std::make_shared<RepeatSpec>();
    if (in.args.size() == 2 && is_str(in.args[0]) && in.args[1].t) {
        fail(EvalError::Kind::unsupported, "named repeat() loops are not supported (at " + code_.where + " " +
                                               std::to_string(in.pos) + ")");
    }
    if (in.args.size() != 1 || !in.args[0].t) bad_args(in);
    spec->body = child(in.args[0], in);
    auto apply = [&](const Instr* m, bool before) {
        if (m->name == "times") {
            if (m->args.size() != 1) bad_args(*m);
            spec->times = int_of(m->args[0], *m);
            spec->until_before = before;
        } else if (m->name == "until") {
            if (m->args.size() != 1 || !m->args[0].t) bad_args(*m);
            spec->until = child(m->args[0], *m);
            spec->until_before = before;
        } else if (m->name == "emit") {
            spec->emit = true;
            spec->emit_before = before;
            if (m->args.size() == 1 && m->args[0].t)
                spec->emit_plan = child(m->args[0], *m);
            else if (m->args.size() == 1 && is_pred(m->args[0])) {
                Code c;
                c.anonymous = true;
                c.steps.push_back(Instr{"is", {m->args[0]}, m->pos});
                spec->emit_plan = child_code(c);
            } else if (!m->args.empty())
                bad_args(*m);
        } else {
            bad_args(*m);
        }
    };
    for (auto* m : s.pre) apply(m, true);
    for (auto* m : s.mods) apply(m, false);
    // times() before repeat() behaves like a do-while in TinkerPop only for until; treat times as a bound.
    if (spec->times && !spec->until) spec->until_before = false;
    if (spec->times && *spec->times < 0) bad_args(in);
    add([spec](Ctx& ctx) { return std::unique_ptr<Step>(std::make_unique<RepeatStep>(ctx, *spec)); });
    (void)spec;
}

// ---- group / groupCount ---------------------------------------------------------------------------

void Compiler::compile_group(const Spec& s, bool count) {
    const Instr& in = *s.main;
    auto byv = bys(s);
    if (byv.size() > (count ? 1u : 2u)) bad_args(*s.mods.back());
    By key_by = byv.empty() ? By{} : byv[0];
    PlanPtr reducer = byv.size() > 1 ? by_plan(byv[1]) : nullptr;
    // by('key') / by(T.x) / by() values fold into a list (TinkerPop wraps such value traversals
    // in map().fold()); other non-reducing by(traversal)s keep one object (GroupStep).
    const bool fold_values = byv.size() > 1 && byv[1].kind != By::Kind::traversal;
    std::optional<std::string> name;
    if (in.args.size() == 1 && is_str(in.args[0]))
        name = in.args[0].v.str();
    else if (!in.args.empty())
        bad_args(in);
    auto kind = count ? SideEffect::Kind::group_count : SideEffect::Kind::group;
    auto accumulate = [kind](Ctx& ctx, SideEffect& se, ByRt& kb, const Traverser& t) {
        Obj k;
        if (!kb.apply(ctx, t, k)) return;
        std::uint32_t i = se.slot(to_value(ctx, k));
        if (kind == SideEffect::Kind::group_count) {
            se.counts[i] += t.bulk;
        } else {
            Traverser m = t;
            m.path.reset();
            se.groups[i].push_back(std::move(m));
        }
    };
    if (name) {
        // Side-effect form: passes traversers through, accumulating into the named side effect.
        std::string nm = *name;
        add([nm, kind, key_by, reducer, accumulate, fold_values](Ctx& ctx) {
            auto se = side_effect(ctx, nm, kind);
            if (reducer) {
                se->reducer = reducer;
                se->fold_values = fold_values;
            }
            auto kb = std::make_shared<ByRt>(ctx, key_by);
            auto st = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            st->fn = [se, kb, c, accumulate](Traverser& t) {
                accumulate(*c, *se, *kb, t);
                return true;
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    add([kind, key_by, reducer, accumulate, fold_values](Ctx& ctx) {
        auto se = std::make_shared<SideEffect>();
        se->kind = kind;
        se->reducer = reducer;
        se->fold_values = fold_values;
        auto kb = std::make_shared<ByRt>(ctx, key_by);
        auto st = std::make_unique<BarrierStep>();
        Ctx* c = &ctx;
        st->consume = [se, kb, c, accumulate](Traverser& t) { accumulate(*c, *se, *kb, t); };
        st->finish = [se, c](std::vector<Traverser>& out) {
            Traverser t;
            t.obj = Obj(se->finalize(*c));
            fresh_path(*c, t);
            out.push_back(std::move(t));
        };
        st->clear = [se, kind, reducer] {
            *se = SideEffect();
            se->kind = kind;
            se->reducer = reducer;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
    reducing_last_ = true;
}

// ---- order ----------------------------------------------------------------------------------------

struct SortKey {
    std::vector<Obj> keys;
};

void Compiler::compile_order(const Spec& s, bool local) {
    auto byv = bys(s);
    if (byv.empty()) byv.push_back(By{});
    auto sorter = [](Ctx& ctx, std::vector<std::pair<SortKey, std::size_t>>& rows,
                     const std::vector<By>& byv) {
        bool shuffle = std::any_of(byv.begin(), byv.end(), [](const By& b) { return b.order == 0; });
        if (shuffle) {
            std::mt19937_64 rng(std::random_device{}());
            std::shuffle(rows.begin(), rows.end(), rng);
            return;
        }
        std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
            for (std::size_t i = 0; i < byv.size(); ++i) {
                int c = obj_compare(ctx, a.first.keys[i], b.first.keys[i]);
                if (c != 0) return byv[i].order < 0 ? c > 0 : c < 0;
            }
            return false;
        });
    };
    if (local) {
        add_fn([byv, sorter](Ctx& ctx, Traverser& t) {
            if (t.obj.el) return true;
            const Value& v = t.obj.v;
            std::vector<ByRt> rts;
            for (const auto& b : byv) rts.emplace_back(ctx, b);
            bool is_map = v.type() == Type::map;
            if (!is_map && v.type() != Type::list && v.type() != Type::set) return true;
            std::vector<Obj> items;
            if (is_map)
                for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                    items.emplace_back(Value::map({v[i], v[i + 1]}));
            else
                for (const auto& x : v.kids()) items.emplace_back(x);
            std::vector<std::pair<SortKey, std::size_t>> rows;
            for (std::size_t i = 0; i < items.size(); ++i) {
                SortKey k;
                for (auto& r : rts) {
                    Traverser x;
                    x.obj = items[i];
                    Obj o;
                    if (!r.apply(ctx, x, o)) o = Obj(Value());
                    k.keys.push_back(std::move(o));
                }
                rows.emplace_back(std::move(k), i);
            }
            sorter(ctx, rows, byv);
            std::vector<Value> outv;
            for (auto& r : rows) {
                if (is_map) {
                    outv.push_back(items[r.second].v[0]);
                    outv.push_back(items[r.second].v[1]);
                } else {
                    outv.push_back(items[r.second].v);
                }
            }
            t.obj = Obj(is_map ? Value::map(std::move(outv), true) : Value::list(std::move(outv)));
            return true;
        });
        return;
    }
    add([byv, sorter](Ctx& ctx) {
        struct State {
            std::vector<ByRt> rts;
            std::vector<Traverser> items;
            std::vector<std::pair<SortKey, std::size_t>> rows;
        };
        auto st = std::make_shared<State>();
        for (const auto& b : byv) st->rts.emplace_back(ctx, b);
        auto b = std::make_unique<BarrierStep>();
        Ctx* c = &ctx;
        b->consume = [st, c](Traverser& t) {
            SortKey k;
            for (auto& r : st->rts) {
                Obj o;
                if (!r.apply(*c, t, o)) return;  // unproductive by() filters (TinkerPop 3.6+)
                k.keys.push_back(std::move(o));
            }
            st->rows.emplace_back(std::move(k), st->items.size());
            st->items.push_back(std::move(t));
        };
        b->finish = [st, c, byv, sorter](std::vector<Traverser>& out) {
            sorter(*c, st->rows, byv);
            for (auto& r : st->rows) out.push_back(std::move(st->items[r.second]));
            st->rows.clear();
            st->items.clear();
        };
        b->clear = [st] {
            st->rows.clear();
            st->items.clear();
        };
        return std::unique_ptr<Step>(std::move(b));
    });
}

// ---- numbers ----------------------------------------------------------------------------------------

// Groovy/TinkerPop NumberHelper-style addition: the wider type wins; Int overflow promotes to Long.
Value num_add(const Value& a, const Value& b) {
    if (a.is_null()) return b;
    // BigDecimal with BigDecimal or an integral number stays exact (inject(1,2L,3.5).sum() = 6.5G)
    if ((a.type() == Type::big_decimal || b.type() == Type::big_decimal) && a.type() != Type::double_ &&
        a.type() != Type::float_ && b.type() != Type::double_ && b.type() != Type::float_)
        if (auto r = bigdec_arith('+', a, b)) return *r;
    auto fp = [](const Value& v) {
        return v.type() == Type::double_ || v.type() == Type::float_ || v.type() == Type::big_decimal;
    };
    if (fp(a) || fp(b)) {
        if (a.type() == Type::float_ && b.type() == Type::float_)
            return Value::float_(static_cast<float>(a.as_double() + b.as_double()));
        return Value::double_(a.to_double() + b.to_double());
    }
    std::int64_t r = 0;
    bool ovf = __builtin_add_overflow(a.to_int64(), b.to_int64(), &r);
    if (ovf) return Value::double_(a.to_double() + b.to_double());
    bool wide = a.type() == Type::long_ || b.type() == Type::long_;
    if (!wide && r >= std::numeric_limits<std::int32_t>::min() &&
        r <= std::numeric_limits<std::int32_t>::max())
        return Value::int_(static_cast<std::int32_t>(r));
    return Value::long_(r);
}

Value num_mul_bulk(const Value& a, std::int64_t bulk) {
    if (bulk == 1) return a;
    if (a.type() == Type::big_decimal)
        if (auto r = bigdec_arith('*', a, Value::long_(bulk))) return *r;
    if (a.type() == Type::double_ || a.type() == Type::float_ || a.type() == Type::big_decimal)
        return Value::double_(a.to_double() * static_cast<double>(bulk));
    std::int64_t r;
    if (__builtin_mul_overflow(a.to_int64(), bulk, &r))
        return Value::double_(a.to_double() * static_cast<double>(bulk));
    if (a.type() != Type::long_ && r >= std::numeric_limits<std::int32_t>::min() &&
        r <= std::numeric_limits<std::int32_t>::max())
        return Value::int_(static_cast<std::int32_t>(r));
    return Value::long_(r);
}

// NumberHelper-style multiplication (fold(seed, mult)): the wider type wins.
Value num_mul(const Value& a, const Value& b) {
    if ((a.type() == Type::big_decimal || b.type() == Type::big_decimal) && a.type() != Type::double_ &&
        a.type() != Type::float_ && b.type() != Type::double_ && b.type() != Type::float_)
        if (auto r = bigdec_arith('*', a, b)) return *r;
    auto fp = [](const Value& v) {
        return v.type() == Type::double_ || v.type() == Type::float_ || v.type() == Type::big_decimal;
    };
    if (fp(a) || fp(b)) return Value::double_(a.to_double() * b.to_double());
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a.to_int64(), b.to_int64(), &r))
        return Value::double_(a.to_double() * b.to_double());
    bool wide = a.type() == Type::long_ || b.type() == Type::long_;
    if (!wide && r >= std::numeric_limits<std::int32_t>::min() &&
        r <= std::numeric_limits<std::int32_t>::max())
        return Value::int_(static_cast<std::int32_t>(r));
    return Value::long_(r);
}

struct NumAcc {
    Value sum;
    Value best;
    bool any = false;
    bool nulls = false;  // saw only nulls so far: the result is null (not "no result")
    double total = 0;
    std::int64_t n = 0;
};

void num_fold(Ctx& ctx, const std::string& op, NumAcc& acc, const Obj& o, std::int64_t bulk, bool global) {
    if (o.el) {
        if (op == "min" || op == "max") {
            // min/max of elements is not numeric in TinkerPop; compare by id like order().
        }
        fail(EvalError::Kind::evaluation, op + "() expects numbers but got an element", "ClassCastException");
    }
    const Value& v = o.v;
    if (v.is_null()) {
        acc.nulls = true;
        return;
    }
    if (op == "min" || op == "max") {
        if (!v.is_number() && v.type() != Type::string)
            fail(EvalError::Kind::evaluation, op + "() cannot compare " + v.to_string(),
                 "ClassCastException");
        if (!acc.any)
            acc.best = v;
        else {
            int c = compare(v, acc.best);
            bool take = (op == "min" && c < 0) || (op == "max" && c > 0);
            // NumberHelper.min/max answer in the wider of the two number types (max(29, 0.5) = 29.0)
            Value keep = take ? v : acc.best;
            const Value& other = take ? acc.best : v;
            if (keep.is_number() && other.is_number() && keep.type() != other.type()) {
                auto floating = [](const Value& x) {
                    return x.type() == Type::double_ || x.type() == Type::float_;
                };
                if (floating(other) && !floating(keep) && keep.type() != Type::big_decimal)
                    keep = Value::double_(keep.to_double());
                else if (!floating(keep) && !floating(other) && other.type() == Type::long_ &&
                         keep.type() != Type::big_integer && keep.type() != Type::big_decimal)
                    keep = Value::long_(keep.to_int64());
                else if (keep.type() == Type::float_ && other.type() == Type::double_)
                    keep = Value::double_(keep.to_double());
            }
            acc.best = std::move(keep);
        }
        acc.any = true;
        return;
    }
    if (!v.is_number())
        fail(EvalError::Kind::evaluation,
             op + "() expects numbers but got " + v.to_string() + " (" +
                 std::string(model::type_name(v.type())) + ")",
             "ClassCastException");
    acc.any = true;
    if (op == "sum") {
        Value x = num_mul_bulk(v, bulk);
        // Global sum() multiplies each value by its (long) bulk, as TinkerPop 3.7's SumGlobalStep
        // does, so integral inputs sum to a Long (g.V().values('age').sum() = 123L); sum(local)
        // adds the values as they are (an Int list sums to an Int).
        if (global && (x.type() == Type::int_ || x.type() == Type::short_ || x.type() == Type::byte))
            x = Value::long_(x.to_int64());
        acc.sum = num_add(acc.sum, x);
    } else {
        acc.total += v.to_double() * static_cast<double>(bulk);
        acc.n += bulk;
    }
}

bool num_result(const std::string& op, NumAcc& acc, Value& out) {
    if (!acc.any && acc.nulls) {
        out = Value();
        return true;
    }
    if (!acc.any) return false;
    if (op == "sum")
        out = acc.sum;
    else if (op == "mean")
        out = Value::double_(acc.total / static_cast<double>(acc.n));
    else
        out = acc.best;
    return true;
}

// Items of a collection for local-scope steps (map entries become single-entry maps).
bool local_items(const Obj& o, std::vector<Value>& items) {
    if (o.el) return false;
    const Value& v = o.v;
    switch (v.type()) {
        case Type::list:
        case Type::set:
            items = v.kids();
            return true;
        case Type::map:
            for (std::size_t i = 0; i + 1 < v.size(); i += 2) items.push_back(Value::map({v[i], v[i + 1]}));
            return true;
        case Type::bulk_set:
            for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                for (std::int64_t b = 0; b < v[i + 1].as_int(); ++b) items.push_back(v[i]);
            return true;
        case Type::path:
            items = v[1].kids();
            return true;
        default:
            return false;
    }
}

void Compiler::compile_numeric(const Instr& in) {
    std::string op = in.name;
    bool local = false;
    if (in.args.size() == 1 && is_enum(in.args[0], EnumKind::scope))
        local = in.args[0].v.str() == "local";
    else if (!in.args.empty())
        bad_args(in);
    if (op == "count") {
        if (local) {
            add_fn([](Ctx& ctx, Traverser& t) {
                std::vector<Value> items;
                std::int64_t n = local_items(t.obj, items) ? static_cast<std::int64_t>(items.size()) : 1;
                if (!t.obj.el && t.obj.v.type() == Type::map)
                    n = static_cast<std::int64_t>(t.obj.v.size() / 2);
                advance(ctx, t, Obj(Value::long_(n)));
                return true;
            });
            return;
        }
        add_reduce<std::int64_t>([](Ctx&, std::int64_t& n, const Traverser& t) { n += t.bulk; },
                                 [](Ctx&, std::int64_t& n, Value& out) {
                                     out = Value::long_(n);
                                     return true;
                                 });
        return;
    }
    if (local) {
        add_fn([op](Ctx& ctx, Traverser& t) {
            std::vector<Value> items;
            if (!local_items(t.obj, items)) items.push_back(t.obj.el ? to_value(ctx, t.obj) : t.obj.v);
            NumAcc acc;
            for (auto& v : items) num_fold(ctx, op, acc, Obj(v), 1, false);
            Value r;
            if (!num_result(op, acc, r)) return false;
            advance(ctx, t, Obj(std::move(r)));
            return true;
        });
        return;
    }
    add_reduce<NumAcc>(
        [op](Ctx& ctx, NumAcc& acc, const Traverser& t) { num_fold(ctx, op, acc, t.obj, t.bulk, true); },
        [op](Ctx&, NumAcc& acc, Value& out) { return num_result(op, acc, out); });
}

// ---- range / limit / skip / tail ---------------------------------------------------------------------

void Compiler::compile_range(const Instr& in) {
    std::size_t i = 0;
    bool local = false;
    if (!in.args.empty() && is_enum(in.args[0], EnumKind::scope)) {
        local = in.args[0].v.str() == "local";
        i = 1;
    }
    std::int64_t lo = 0, hi = -1;
    const std::string& n = in.name;
    std::size_t nargs = in.args.size() - i;
    if (n == "limit") {
        if (nargs != 1) bad_args(in);
        hi = int_of(in.args[i], in);
    } else if (n == "skip") {
        if (nargs != 1) bad_args(in);
        lo = int_of(in.args[i], in);
    } else if (n == "range") {
        if (nargs != 2) bad_args(in);
        lo = int_of(in.args[i], in);
        hi = int_of(in.args[i + 1], in);
    } else if (n == "tail") {
        if (nargs > 1) bad_args(in);
        hi = nargs == 1 ? int_of(in.args[i], in) : 1;
    }
    if (lo < 0 || (hi >= 0 && hi < lo)) bad_args(in);
    bool tail = n == "tail";
    if (local) {
        add_fn([lo, hi, tail, n](Ctx& ctx, Traverser& t) {
            std::vector<Value> items;
            if (!local_items(t.obj, items)) return true;
            std::size_t a = static_cast<std::size_t>(lo),
                        b = hi < 0 ? items.size() : static_cast<std::size_t>(hi);
            if (tail) {
                b = items.size();
                a = items.size() > static_cast<std::size_t>(hi) ? items.size() - static_cast<std::size_t>(hi)
                                                                : 0;
            }
            a = std::min(a, items.size());
            b = std::min(b, items.size());
            std::vector<Value> sel(items.begin() + static_cast<std::ptrdiff_t>(a),
                                   items.begin() + static_cast<std::ptrdiff_t>(b));
            bool is_map = t.obj.v.type() == Type::map;
            if (is_map) {
                std::vector<Value> kv;
                for (auto& e : sel) {
                    kv.push_back(e[0]);
                    kv.push_back(e[1]);
                }
                advance(ctx, t, Obj(Value::map(std::move(kv))));
            } else if ((n == "limit" && hi == 1) || (n == "tail" && hi == 1) ||
                       (n == "range" && hi - lo == 1)) {
                if (sel.empty()) return false;
                advance(ctx, t, Obj(sel[0]));
            } else {
                advance(ctx, t, Obj(Value::list(std::move(sel))));
            }
            return true;
        });
        return;
    }
    if (tail) {
        std::int64_t keep = hi;
        add([keep](Ctx& ctx) {
            auto st = std::make_shared<std::deque<Traverser>>();
            auto total = std::make_shared<std::int64_t>(0);
            auto b = std::make_unique<BarrierStep>();
            b->consume = [st, total, keep](Traverser& t) {
                st->push_back(std::move(t));
                *total += st->back().bulk;
                while (!st->empty() && *total - st->front().bulk >= keep) {
                    *total -= st->front().bulk;
                    st->pop_front();
                }
            };
            b->finish = [st, total, keep](std::vector<Traverser>& out) {
                if (!st->empty() && *total > keep) st->front().bulk -= *total - keep;
                for (auto& t : *st) out.push_back(std::move(t));
                st->clear();
                *total = 0;
            };
            b->clear = [st, total] {
                st->clear();
                *total = 0;
            };
            return std::unique_ptr<Step>(std::move(b));
        });
        return;
    }
    // Lazy range over bulked traversers; stops pulling once the upper bound is reached.
    struct RangeStep : Step {
        std::int64_t lo, hi, seen = 0;
        bool next(Traverser& out) override {
            while (hi < 0 || seen < hi) {
                if (!input_->next(out)) return false;
                ctx_->tick();
                std::int64_t a = seen, b = seen + out.bulk;
                seen = b;
                std::int64_t from = std::max(a, lo), to = hi < 0 ? b : std::min(b, hi);
                if (to > from) {
                    out.bulk = to - from;
                    return true;
                }
            }
            return false;
        }
        void reset() override {
            seen = 0;
            Step::reset();
        }
    };
    add([lo, hi](Ctx&) {
        auto r = std::make_unique<RangeStep>();
        r->lo = lo;
        r->hi = hi;
        return std::unique_ptr<Step>(std::move(r));
    });
}

// ---- branches ---------------------------------------------------------------------------------------

void Compiler::compile_branch(const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    std::vector<PlanPtr> plans;
    auto mode = BranchStep::Mode::all;
    bool bulk_one = false;
    std::function<void(Ctx&, std::vector<std::unique_ptr<Pipeline>>&, Traverser&, std::vector<int>&)> route;
    bool global = false;
    if (n == "union") {
        for (const auto& a : in.args) plans.push_back(child(a, in));
        for (const auto& p : plans)
            if (p->reducing) global = true;
        std::size_t k = plans.size();
        route = [k](Ctx&, auto&, Traverser&, std::vector<int>& b) {
            for (std::size_t i = 0; i < k; ++i) b.push_back(static_cast<int>(i));
        };
    } else if (n == "coalesce") {
        for (const auto& a : in.args) plans.push_back(child(a, in));
        mode = BranchStep::Mode::first_productive;
        std::size_t k = plans.size();
        route = [k](Ctx&, auto&, Traverser&, std::vector<int>& b) {
            for (std::size_t i = 0; i < k; ++i) b.push_back(static_cast<int>(i));
        };
    } else if (n == "optional") {
        if (in.args.size() != 1) bad_args(in);
        plans.push_back(child(in.args[0], in));
        mode = BranchStep::Mode::first_productive;
        route = [](Ctx&, auto&, Traverser&, std::vector<int>& b) {
            b.push_back(0);
            b.push_back(-1);
        };
    } else if (n == "local" || n == "flatMap") {
        if (in.args.size() != 1) bad_args(in);
        plans.push_back(child(in.args[0], in));
        bulk_one = true;
        if (n == "flatMap") mode = BranchStep::Mode::flat;
        route = [](Ctx&, auto&, Traverser&, std::vector<int>& b) { b.push_back(0); };
    } else if (n == "choose") {
        if (in.args.size() == 3 || in.args.size() == 2) {
            // choose(condition, trueBranch[, falseBranch]); condition is a traversal or a P
            Value pred;
            if (is_pred(in.args[0]))
                pred = in.args[0].v;
            else
                plans.push_back(child(in.args[0], in));
            bool has_cond = !pred.is_null() || true;
            (void)has_cond;
            std::size_t base = plans.size();
            plans.push_back(child(in.args[1], in));
            if (in.args.size() == 3) plans.push_back(child(in.args[2], in));
            bool has_false = in.args.size() == 3;
            bool use_pred = base == 0;
            route = [pred, base, has_false, use_pred](Ctx& ctx, auto& kids, Traverser& t,
                                                      std::vector<int>& b) {
                bool ok;
                if (use_pred)
                    ok = test_p(ctx, pred, t.obj);
                else {
                    Traverser x = t;
                    x.bulk = 1;
                    ok = kids[0]->any(x);
                }
                if (ok)
                    b.push_back(static_cast<int>(base));
                else
                    b.push_back(has_false ? static_cast<int>(base + 1) : -1);
            };
        } else if (in.args.size() == 1) {
            // choose(traversal).option(key, branch)...; choose(T.label) picks by the token
            if (!in.args[0].t && is_enum(in.args[0], EnumKind::t))
                plans.push_back(single(in.args[0].v.str(), {}));
            else
                plans.push_back(child(in.args[0], in));
            std::vector<Value> keys;
            int none_idx = -1;
            std::vector<int> any_idx;
            for (auto* m : s.mods) {
                if (m->name != "option") continue;
                if (m->args.size() != 2 || !m->args[1].t || m->args[0].t) bad_args(*m);
                int idx = static_cast<int>(plans.size());
                plans.push_back(child(m->args[1], *m));
                const Value& k = m->args[0].v;
                if (k.type() == Type::enum_ && k.enum_kind() == EnumKind::pick) {
                    if (k.str() == "none")
                        none_idx = idx;
                    else
                        any_idx.push_back(idx);
                    keys.push_back(Value());
                } else {
                    keys.push_back(k);
                }
            }
            route = [keys, none_idx, any_idx](Ctx& ctx, auto& kids, Traverser& t, std::vector<int>& b) {
                Traverser x = t;
                x.bulk = 1;
                kids[0]->start_with(x);
                Traverser r;
                bool matched = false;
                if (!kids[0]->next(r))
                    fail(
                        EvalError::Kind::evaluation,
                        "The provided traverser does not map to a value: " + to_value(ctx, t.obj).to_string(),
                        "IllegalArgumentException");
                {
                    for (std::size_t i = 0; i < keys.size(); ++i) {
                        if (keys[i].is_null()) continue;
                        bool hit = keys[i].type() == Type::p || keys[i].type() == Type::text_p
                                       ? test_p(ctx, keys[i], r.obj)
                                       : gremlin_eq(ctx, r.obj, Obj(keys[i]));
                        if (hit) {
                            b.push_back(static_cast<int>(i + 1));
                            matched = true;
                        }
                    }
                }
                for (int a : any_idx) b.push_back(a);
                // 3.7: a traverser matching no option and with no Pick.none option is filtered
                if (!matched && none_idx >= 0) b.push_back(none_idx);
            };
        } else {
            bad_args(in);
        }
    }
    if (plans.empty() && n != "optional" && n != "union") bad_args(in);
    add([plans, mode, bulk_one, route, global](Ctx& ctx) {
        auto st = std::make_unique<BranchStep>();
        st->mode = mode;
        st->global = global;
        st->bulk_one = bulk_one;
        for (const auto& p : plans) st->kids.push_back(p->instantiate(ctx));
        Ctx* c = &ctx;
        auto* kids = &st->kids;
        st->route = [route, c, kids](Traverser& t, std::vector<int>& b) { route(*c, *kids, t, b); };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- match ------------------------------------------------------------------------------------------

struct MatchPattern {
    std::string start, end;
    PlanPtr body;  // null: identity
    bool negated = false;
};

class MatchSolver {
public:
    MatchSolver(Ctx& ctx, const std::vector<MatchPattern>& pats) : ctx_(ctx), pats_(pats) {
        for (const auto& p : pats)
            pipes_.push_back(p.body ? std::shared_ptr<Pipeline>(p.body->instantiate(ctx)) : nullptr);
    }
    void solve(Traverser& t, const std::string& start_label, std::vector<Traverser>& out) {
        std::vector<std::pair<std::string, Obj>> b;
        std::vector<std::string> labels;
        for (const auto& p : pats_) {
            labels.push_back(p.start);
            if (!p.end.empty()) labels.push_back(p.end);
        }
        for (const auto& l : labels) {
            if (find(b, l)) continue;
            Obj o;
            if (path_get(ctx_, t, l, "last", o)) b.emplace_back(l, std::move(o));
        }
        if (!find(b, start_label)) b.emplace_back(start_label, t.obj);
        std::vector<bool> done(pats_.size(), false);
        recurse(t, b, done, t.bulk, out);
    }

private:
    static const Obj* find(const std::vector<std::pair<std::string, Obj>>& b, const std::string& l) {
        for (const auto& [k, v] : b)
            if (k == l) return &v;
        return nullptr;
    }
    std::vector<Traverser> run(std::size_t i, const Obj& from) {
        std::vector<Traverser> res;
        Traverser s;
        s.obj = from;
        fresh_path(ctx_, s);
        if (!pipes_[i]) {
            res.push_back(std::move(s));
            return res;
        }
        pipes_[i]->start_with(s);
        Traverser r;
        while (pipes_[i]->next(r)) {
            ctx_.tick();
            res.push_back(std::move(r));
        }
        return res;
    }
    void recurse(const Traverser& t, std::vector<std::pair<std::string, Obj>>& b, std::vector<bool>& done,
                 std::int64_t bulk, std::vector<Traverser>& out) {
        std::size_t pick = pats_.size();
        for (std::size_t i = 0; i < pats_.size(); ++i) {
            if (done[i] || !find(b, pats_[i].start)) continue;
            // prefer filters and patterns whose end is already bound (cheap, prune early)
            if (pick == pats_.size() || pats_[i].end.empty() || find(b, pats_[i].end)) pick = i;
            if (pats_[i].end.empty() || find(b, pats_[i].end)) break;
        }
        if (pick == pats_.size()) {
            for (std::size_t i = 0; i < pats_.size(); ++i)
                if (!done[i])
                    fail(EvalError::Kind::evaluation,
                         "match() pattern starting at '" + pats_[i].start + "' can never be bound",
                         "IllegalStateException");
            emit(t, b, bulk, out);
            return;
        }
        const MatchPattern& p = pats_[pick];
        auto results = run(pick, *find(b, p.start));
        done[pick] = true;
        if (p.end.empty()) {
            bool ok = !results.empty();
            if (ok != p.negated) recurse(t, b, done, bulk, out);
        } else if (p.negated) {
            const Obj* want = find(b, p.end);
            bool hit = false;
            for (auto& r : results)
                if (want && gremlin_eq(ctx_, r.obj, *want)) hit = true;
            if (!hit) recurse(t, b, done, bulk, out);
        } else if (const Obj* want = find(b, p.end)) {
            Obj w = *want;
            for (auto& r : results)
                if (gremlin_eq(ctx_, r.obj, w)) recurse(t, b, done, bulk * r.bulk, out);
        } else {
            for (auto& r : results) {
                b.emplace_back(p.end, r.obj);
                recurse(t, b, done, bulk * r.bulk, out);
                b.pop_back();
            }
        }
        done[pick] = false;
    }
    void emit(const Traverser& t, const std::vector<std::pair<std::string, Obj>>& b, std::int64_t bulk,
              std::vector<Traverser>& out) {
        Traverser o = t;
        o.bulk = bulk;
        std::vector<Value> kv;
        for (const auto& [k, v] : b) {
            kv.push_back(Value::string(k));
            kv.push_back(to_value(ctx_, v));
        }
        // Each binding becomes a labelled path entry so later select()/where() can see it.
        if (ctx_.path_mode != PathMode::none) {
            for (const auto& [k, v] : b) {
                auto n = std::make_shared<PathNode>();
                n->obj = v;
                n->labels.push_back(k);
                n->prev = o.path;
                o.path = std::move(n);
            }
        }
        advance(ctx_, o, Obj(Value::map(std::move(kv))));
        out.push_back(std::move(o));
    }

    Ctx& ctx_;
    const std::vector<MatchPattern>& pats_;
    std::vector<std::shared_ptr<Pipeline>> pipes_;
};

void Compiler::compile_match(const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.empty()) bad_args(in);
    auto pats = std::make_shared<std::vector<MatchPattern>>();
    for (const auto& a : in.args) {
        if (!a.t) bad_args(in);
        Code body = *a.t;
        MatchPattern p;
        if (body.steps.size() == 1 && body.steps[0].name == "not" && body.steps[0].args.size() == 1 &&
            body.steps[0].args[0].t) {
            p.negated = true;
            body = *body.steps[0].args[0].t;
        }
        if (body.steps.empty() || body.steps.front().name != "as" || body.steps.front().args.size() != 1 ||
            !is_str(body.steps.front().args[0]))
            fail(EvalError::Kind::evaluation,
                 "match() patterns must start with as(label) (at " + code_.where + " " +
                     std::to_string(in.pos) + ")",
                 "IllegalArgumentException");
        p.start = body.steps.front().args[0].v.str();
        body.steps.erase(body.steps.begin());
        if (!body.steps.empty() && body.steps.back().name == "as" && body.steps.back().args.size() == 1 &&
            is_str(body.steps.back().args[0])) {
            p.end = body.steps.back().args[0].v.str();
            body.steps.pop_back();
        }
        if (!body.steps.empty()) p.body = child_code(body);
        pats->push_back(std::move(p));
    }
    // The incoming object binds to a start label that no pattern produces.
    std::string start_label = pats->front().start;
    for (const auto& p : *pats) {
        bool is_end =
            std::any_of(pats->begin(), pats->end(), [&](const MatchPattern& q) { return q.end == p.start; });
        if (!is_end) {
            start_label = p.start;
            break;
        }
    }
    need(PathMode::labeled);
    add([pats, start_label](Ctx& ctx) {
        auto solver = std::make_shared<MatchSolver>(ctx, *pats);
        auto st = std::make_unique<ExpandStep>();
        st->fn = [solver, start_label](Traverser& t, std::vector<Traverser>& out) {
            solver->solve(t, start_label, out);
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- valueMap / elementMap / properties ----------------------------------------------------------------

void Compiler::compile_maps(const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    bool tokens = false;
    std::size_t from = 0;
    if (!in.args.empty() && !in.args[0].t && in.args[0].v.type() == Type::boolean) {
        tokens = in.args[0].v.as_bool();
        from = 1;
    }
    // null keys match no property (valueMap('name', null))
    Instr nn = in;
    std::erase_if(nn.args, [](const Arg& a) { return !a.t && a.v.is_null(); });
    auto keys = strings(nn, from);
    bool only_null = keys.empty() && nn.args.size() < in.args.size();
    int token_flags = tokens ? 15 : 0;  // WithOptions.ids 1 | labels 2 | keys 4 | values 8
    for (auto* m : s.mods)
        if (m->name == "with" && !m->args.empty() && is_str(m->args[0]) &&
            m->args[0].v.str() == "~tinkerpop.valueMap.tokens")
            token_flags =
                m->args.size() > 1 && is_int_arg(m->args[1]) ? static_cast<int>(m->args[1].v.as_int()) : 15;
    tokens = token_flags != 0;
    auto byv = bys(s);
    bool element_map = n == "elementMap";
    bool property_map = n == "propertyMap";
    add_fn([keys, tokens, token_flags, only_null, byv, element_map, property_map](Ctx& ctx, Traverser& t) {
        const ElementRec* el = as_element(ctx, t.obj);
        if (!el)
            fail(EvalError::Kind::evaluation,
                 std::string(element_map ? "elementMap" : "valueMap") + "() expects an element but got " +
                     t.obj.v.to_string(),
                 "IllegalArgumentException");
        auto wanted = [&](const std::string& k) {
            if (only_null) return false;
            return keys.empty() || std::find(keys.begin(), keys.end(), k) != keys.end();
        };
        std::vector<Value> kv;
        auto T = [](const char* x) { return Value::enum_(EnumKind::t, x); };
        Obj self(el);
        if (element_map || (token_flags & 1)) {
            kv.push_back(T("id"));
            kv.push_back(token_value(ctx, self, "id").v);
        }
        if (element_map || (token_flags & 2)) {
            kv.push_back(T("label"));
            kv.push_back(token_value(ctx, self, "label").v);
        }
        if (el->kind == ElKind::vertex) {
            const auto& v = *static_cast<const VertexRec*>(el);
            std::vector<std::string> order;
            for (const auto& p : v.props)
                if (wanted(p.key) && std::find(order.begin(), order.end(), p.key) == order.end())
                    order.push_back(p.key);
            for (const auto& k : order) {
                std::vector<Value> vals;
                for (const auto& p : v.props)
                    if (p.key == k) {
                        if (property_map)
                            vals.push_back(materialize_element(p, ctx.tokens));
                        else
                            vals.push_back(p.value);
                    }
                kv.push_back(Value::string(k));
                kv.push_back(element_map ? vals.front() : Value::list(std::move(vals)));
            }
        } else if (el->kind == ElKind::edge) {
            const auto& e = *static_cast<const EdgeRec*>(el);
            if (element_map) {
                const auto& iv = e.snap->in_vertex(e);
                const auto& ov = e.snap->out_vertex(e);
                kv.push_back(Value::enum_(EnumKind::direction, "IN"));
                kv.push_back(Value::map({T("id"), iv.id, T("label"), Value::string(iv.label)}));
                kv.push_back(Value::enum_(EnumKind::direction, "OUT"));
                kv.push_back(Value::map({T("id"), ov.id, T("label"), Value::string(ov.label)}));
            }
            for (const auto& [k, val] : e.props)
                if (wanted(k)) {
                    kv.push_back(Value::string(k));
                    kv.push_back(property_map ? Value::property(k, val) : val);
                }
        } else {
            const auto& p = *static_cast<const VPropRec*>(el);
            if (element_map) {
                kv.push_back(Value::string(p.key));
                kv.push_back(p.value);
            }
        }
        Value m = Value::map(std::move(kv));
        if (!byv.empty()) {
            // valueMap().by(x).by(y): the by() modulators apply round-robin to the map's entries
            // (tokens included); an unproductive one drops its key (PropertyMapStep's traversal ring)
            std::vector<ByRt> rts;
            for (const auto& b : byv) rts.emplace_back(ctx, b);
            std::vector<Value> out;
            for (std::size_t i = 1, r = 0; i < m.size(); i += 2, ++r) {
                Traverser x;
                x.obj = Obj(m[i]);
                Obj o;
                if (!rts[r % rts.size()].apply(ctx, x, o)) continue;
                out.push_back(m[i - 1]);
                out.push_back(to_value(ctx, o));
            }
            m = Value::map(std::move(out));
        }
        advance(ctx, t, Obj(std::move(m)));
        return true;
    });
}

// ---- mutations: steps_write.cpp ------------------------------------------------------------------------

// ---- 3.7 string, list, date and math steps, call(): steps_list.cpp, steps_date.cpp, steps_math.cpp,
// steps_call.cpp ------------------------------------------------------------------------------------

void Compiler::compile_liststep(const Spec& s) {
    const Instr& in = *s.main;
    StepSite site{in, s.mods};
    site.start = start_;
    site.child = [this, &in](const Arg& a) { return child(a, in); };
    site.add = [this](Plan::Factory f) { add(std::move(f)); };
    site.need = [this](PathMode m) { need(m); };
    site.by = [this](const Instr& m) { return by_of(m); };
    site.bad_args = [&in] { bad_args(in); };
    build_liststep(site);
}

// ---- the dispatcher --------------------------------------------------------------------------------------

void Compiler::compile_step(const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;

    if (n == "V" || n == "E" || n == "inject") return compile_source_or_mid_graph(s);
    if (n == "out" || n == "in" || n == "both" || n == "outE" || n == "inE" || n == "bothE")
        return compile_adjacency(in);
    if (n == "outV" || n == "inV" || n == "bothV" || n == "otherV") {
        if (!in.args.empty()) bad_args(in);
        if (n == "otherV") need(PathMode::full);
        std::string step = n;
        add_expand([step](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
            const EdgeRec& e = need_edge(ctx, t.obj, step.c_str());
            const Snapshot& s = *e.snap;
            auto push = [&](const VertexRec& v) {
                if (!visible(ctx, &v)) return;
                buf.push_back(t);
                advance(ctx, buf.back(), Obj(&v));
            };
            if (step == "outV")
                push(s.out_vertex(e));
            else if (step == "inV")
                push(s.in_vertex(e));
            else if (step == "bothV") {
                push(s.out_vertex(e));
                push(s.in_vertex(e));
            } else {
                // otherV: the endpoint that is not the previous object in the path
                const PathNode* prev = t.path && t.path->prev ? t.path->prev.get() : nullptr;
                const ElementRec* pe = prev ? as_element(ctx, prev->obj) : nullptr;
                const VertexRec* pv =
                    pe && pe->kind == ElKind::vertex ? static_cast<const VertexRec*>(pe) : nullptr;
                if (pv && id_key(pv->id) == id_key(s.out_vertex(e).id))
                    push(s.in_vertex(e));
                else
                    push(s.out_vertex(e));
            }
        });
        return;
    }
    if (n == "has" || n == "hasLabel" || n == "hasId" || n == "hasNot" || n == "hasKey" || n == "hasValue")
        return compile_has(in);
    if (n == "values" || n == "properties") {
        Instr nn = in;
        std::erase_if(nn.args, [](const Arg& a) { return !a.t && a.v.is_null(); });
        auto keys = strings(nn);
        bool only_null = keys.empty() && !in.args.empty();
        bool vals = n == "values";
        add_expand([keys, vals, only_null](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
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
    if (n == "id" || n == "label" || n == "key" || n == "value") {
        if (!in.args.empty()) bad_args(in);
        std::string token = n;
        add_fn([token](Ctx& ctx, Traverser& t) {
            advance(ctx, t, token_value(ctx, t.obj, token));
            return true;
        });
        return;
    }
    if (n == "valueMap" || n == "elementMap" || n == "propertyMap") return compile_maps(s);
    if (n == "count" || n == "sum" || n == "min" || n == "max" || n == "mean") return compile_numeric(in);
    if (n == "limit" || n == "range" || n == "skip" || n == "tail") return compile_range(in);
    if (n == "fold" && in.args.size() == 2) {
        // fold(seed, Operator): a reduction with the operator, starting from the seed
        if (in.args[0].t || !is_enum(in.args[1], EnumKind::operator_)) bad_args(in);
        const std::string op = in.args[1].v.str();
        if (op != "sum" && op != "mult" && op != "min" && op != "max" && op != "minus" && op != "addAll")
            fail(EvalError::Kind::unsupported, "fold() with Operator." + op + " is not supported",
                 "MissingMethodException");
        Value seed = in.args[0].v;
        add_reduce<Value>(
            [op, seed](Ctx& ctx, Value& acc, const Traverser& t) {
                if (acc.type() == Type::null && acc.aux() == 0xfe) acc = seed;
                Value v = to_value(ctx, t.obj);
                if (op == "addAll") {
                    // Operator.addAll: a map seed takes every entry (later keys win), a collection
                    // seed every item
                    for (std::int64_t b = 0; b < t.bulk; ++b) {
                        if (acc.type() == Type::map && v.type() == Type::map) {
                            std::vector<Value> kv = acc.kids();
                            for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                                std::size_t k = 0;
                                while (k + 1 < kv.size() && !(kv[k] == v[i])) k += 2;
                                if (k + 1 < kv.size())
                                    kv[k + 1] = v[i + 1];
                                else {
                                    kv.push_back(v[i]);
                                    kv.push_back(v[i + 1]);
                                }
                            }
                            acc = Value::map(std::move(kv));
                        } else if ((acc.type() == Type::list || acc.type() == Type::set) &&
                                   (v.type() == Type::list || v.type() == Type::set)) {
                            std::vector<Value> xs = acc.kids();
                            for (const auto& x : v.kids())
                                if (acc.type() == Type::list ||
                                    std::find(xs.begin(), xs.end(), x) == xs.end())
                                    xs.push_back(x);
                            acc = acc.type() == Type::list ? Value::list(std::move(xs))
                                                           : Value::set(std::move(xs));
                        } else {
                            fail(EvalError::Kind::evaluation,
                                 "Operator.addAll needs two maps or two collections, got " +
                                     std::string(model::type_name(acc.type())) + " and " +
                                     std::string(model::type_name(v.type())),
                                 "IllegalArgumentException");
                        }
                    }
                    return;
                }
                if (!v.is_number() || !acc.is_number())
                    fail(EvalError::Kind::evaluation,
                         "class " + std::string(model::type_name(v.type())) +
                             " cannot be cast to class java.lang.Number",
                         "ClassCastException");
                for (std::int64_t b = 0; b < t.bulk; ++b) {
                    if (op == "sum")
                        acc = num_add(acc, v);
                    else if (op == "minus")
                        acc = num_add(acc, num_mul_bulk(v, -1));
                    else if (op == "mult")
                        acc = num_mul(acc, v);
                    else if (op == "min")
                        acc = compare(v, acc) < 0 ? v : acc;
                    else
                        acc = compare(v, acc) > 0 ? v : acc;
                }
            },
            [seed](Ctx&, Value& acc, Value& out) {
                out = acc.type() == Type::null && acc.aux() == 0xfe ? seed : acc;
                return true;
            });
        return;
    }
    if (n == "fold") {
        if (!in.args.empty()) bad_args(in);
        add_reduce<std::vector<Value>>(
            [](Ctx& ctx, std::vector<Value>& acc, const Traverser& t) {
                Value v = to_value(ctx, t.obj);
                for (std::int64_t b = 0; b < t.bulk; ++b) acc.push_back(v);
            },
            [](Ctx&, std::vector<Value>& acc, Value& out) {
                out = Value::list(std::move(acc));
                return true;
            });
        return;
    }
    if (n == "unfold") {
        if (!in.args.empty()) bad_args(in);
        add_expand([](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
            std::vector<Value> items;
            if (!t.obj.el && t.obj.v.type() == Type::path && t.obj.v.size() > 1) {
                items = t.obj.v[1].kids();  // a Path is Iterable over its objects
            } else if (t.obj.el || t.obj.v.type() == Type::path || !local_items(t.obj, items)) {
                buf.push_back(std::move(t));
                return;
            }
            for (auto& v : items) {
                buf.push_back(t);
                advance(ctx, buf.back(), Obj(std::move(v)));
            }
        });
        return;
    }
    if (n == "dedup") {
        std::size_t i = 0;
        bool local = false;
        if (!in.args.empty() && is_enum(in.args[0], EnumKind::scope)) {
            local = in.args[0].v.str() == "local";
            i = 1;
        }
        auto labels = strings(in, i);
        if (!labels.empty()) need(PathMode::labeled);
        auto byv = bys(s);
        if (local) {
            add_fn([](Ctx& ctx, Traverser& t) {
                std::vector<Value> items;
                if (!local_items(t.obj, items)) return true;
                std::vector<Value> out;
                std::unordered_set<Value, model::ValueHash> seen;
                for (auto& v : items)
                    if (seen.insert(v).second) out.push_back(v);
                // dedup(local) yields a Set (TinkerPop's DedupLocalStep collects into a LinkedHashSet)
                advance(ctx, t, Obj(Value::set(std::move(out))));
                return true;
            });
            return;
        }
        add([labels, byv](Ctx& ctx) {
            struct State {
                std::unordered_set<Value, model::ValueHash> seen;
                std::unordered_set<const void*> seen_el;
                std::optional<ByRt> by;
            };
            auto st = std::make_shared<State>();
            if (!byv.empty()) st->by.emplace(ctx, byv[0]);
            auto f = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            f->fn = [st, labels, c](Traverser& t) {
                Obj key = t.obj;
                if (!labels.empty()) {
                    std::vector<Value> parts;
                    for (const auto& l : labels) {
                        Obj o;
                        if (!path_get(*c, t, l, "last", o)) return false;
                        parts.push_back(o.el ? Value::long_(reinterpret_cast<std::intptr_t>(o.el)) : o.v);
                    }
                    key = Obj(Value::list(std::move(parts)));
                } else if (st->by && !st->by->apply(*c, t, key)) {
                    return false;
                }
                bool fresh = key.el ? st->seen_el.insert(key.el).second : st->seen.insert(key.v).second;
                if (!fresh) return false;
                t.bulk = 1;
                return true;
            };
            f->on_reset = [st] {
                st->seen.clear();
                st->seen_el.clear();
            };
            return std::unique_ptr<Step>(std::move(f));
        });
        return;
    }
    if (n == "order") {
        bool local =
            in.args.size() == 1 && is_enum(in.args[0], EnumKind::scope) && in.args[0].v.str() == "local";
        if (!in.args.empty() && !(in.args.size() == 1 && is_enum(in.args[0], EnumKind::scope))) bad_args(in);
        return compile_order(s, local);
    }
    if (n == "group") return compile_group(s, false);
    if (n == "groupCount") return compile_group(s, true);
    if (n == "cap") {
        auto keys = strings(in);
        if (keys.empty()) bad_args(in);
        add([keys](Ctx& ctx) {
            auto b = std::make_unique<BarrierStep>();
            Ctx* c = &ctx;
            b->consume = [](Traverser&) {};
            b->finish = [keys, c](std::vector<Traverser>& out) {
                auto get = [&](const std::string& k) {
                    auto it = c->side_effects.find(k);
                    if (it == c->side_effects.end())
                        fail(EvalError::Kind::evaluation,
                             "The side-effect key does not exist in the side-effects: " + k,
                             "IllegalArgumentException");
                    return it->second->finalize(*c);
                };
                Traverser t;
                if (keys.size() == 1)
                    t.obj = Obj(get(keys[0]));
                else {
                    std::vector<Value> kv;
                    for (const auto& k : keys) {
                        kv.push_back(Value::string(k));
                        kv.push_back(get(k));
                    }
                    t.obj = Obj(Value::map(std::move(kv)));
                }
                fresh_path(*c, t);
                out.push_back(std::move(t));
            };
            return std::unique_ptr<Step>(std::move(b));
        });
        reducing_last_ = true;
        return;
    }
    if (n == "aggregate" || n == "store") {
        std::size_t i = 0;
        bool local = n == "store";
        if (in.args.size() == 2 && is_enum(in.args[0], EnumKind::scope)) {
            local = in.args[0].v.str() == "local";
            i = 1;
        }
        if (in.args.size() != i + 1 || !is_str(in.args[i])) bad_args(in);
        std::string name = in.args[i].v.str();
        auto byv = bys(s);
        By by = byv.empty() ? By{} : byv[0];
        auto collect = [](Ctx& ctx, SideEffect& se, ByRt& b, const Traverser& t) {
            Obj o;
            if (!b.apply(ctx, t, o)) return;
            Traverser m;
            m.obj = std::move(o);
            m.bulk = t.bulk;
            se.collection.push_back(std::move(m));
        };
        if (local) {
            add([name, by, collect](Ctx& ctx) {
                auto se = side_effect(ctx, name, SideEffect::Kind::collection);
                auto b = std::make_shared<ByRt>(ctx, by);
                auto f = std::make_unique<FnStep>();
                Ctx* c = &ctx;
                f->fn = [se, b, c, collect](Traverser& t) {
                    collect(*c, *se, *b, t);
                    return true;
                };
                return std::unique_ptr<Step>(std::move(f));
            });
            return;
        }
        add([name, by, collect](Ctx& ctx) {
            auto se = side_effect(ctx, name, SideEffect::Kind::collection);
            auto b = std::make_shared<ByRt>(ctx, by);
            auto items = std::make_shared<std::vector<Traverser>>();
            auto st = std::make_unique<BarrierStep>();
            Ctx* c = &ctx;
            st->consume = [se, b, c, collect, items](Traverser& t) {
                collect(*c, *se, *b, t);
                items->push_back(std::move(t));
            };
            st->finish = [items](std::vector<Traverser>& out) {
                out = std::move(*items);
                items->clear();
            };
            st->clear = [items] { items->clear(); };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    if (n == "path") {
        if (!in.args.empty()) bad_args(in);
        need(PathMode::full);
        auto byv = bys(s);
        add([byv](Ctx& ctx) {
            auto rts = std::make_shared<std::vector<ByRt>>();
            for (const auto& b : byv) rts->emplace_back(ctx, b);
            auto f = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            f->fn = [rts, c](Traverser& t) {
                Value p = path_value(*c, t);
                if (!rts->empty()) {
                    // by() modulators apply round-robin to the path's objects
                    std::vector<const PathNode*> nodes;
                    for (const PathNode* n = t.path.get(); n; n = n->prev.get()) nodes.push_back(n);
                    std::reverse(nodes.begin(), nodes.end());
                    auto& objs = p.kids()[1].kids();
                    for (std::size_t i = 0; i < nodes.size(); ++i) {
                        Traverser x;
                        x.obj = nodes[i]->obj;
                        Obj o;
                        if (!(*rts)[i % rts->size()].apply(*c, x, o)) return false;
                        objs[i] = to_value(*c, o);
                    }
                }
                advance(*c, t, Obj(std::move(p)));
                return true;
            };
            return std::unique_ptr<Step>(std::move(f));
        });
        return;
    }
    if (n == "simplePath" || n == "cyclicPath") {
        if (!in.args.empty()) bad_args(in);
        need(PathMode::full);
        bool simple = n == "simplePath";
        add_fn([simple](Ctx& ctx, Traverser& t) {
            std::vector<const PathNode*> nodes;
            for (const PathNode* p = t.path.get(); p; p = p->prev.get()) nodes.push_back(p);
            bool dup = false;
            for (std::size_t i = 0; i < nodes.size() && !dup; ++i)
                for (std::size_t j = i + 1; j < nodes.size() && !dup; ++j)
                    if (gremlin_eq(ctx, nodes[i]->obj, nodes[j]->obj)) dup = true;
            return simple ? !dup : dup;
        });
        return;
    }
    if (n == "select") return compile_select(s);
    if (n == "as") {
        auto labels = strings(in);
        if (labels.empty()) bad_args(in);
        need(PathMode::labeled);
        add_fn([labels](Ctx& ctx, Traverser& t) {
            for (const auto& l : labels) add_label(ctx, t, l);
            return true;
        });
        return;
    }
    if (n == "project") {
        auto keys = strings(in);
        if (keys.empty()) bad_args(in);
        auto byv = bys(s);
        add([keys, byv](Ctx& ctx) {
            auto rts = std::make_shared<std::vector<ByRt>>();
            for (const auto& b : byv) rts->emplace_back(ctx, b);
            auto f = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            f->fn = [keys, rts, c](Traverser& t) {
                std::vector<Value> kv;
                for (std::size_t i = 0; i < keys.size(); ++i) {
                    Obj o = t.obj;
                    // an unproductive by() leaves its key out (what Gremlin Server 3.7.5 answers
                    // for project('a').by(out().values('name')) on a vertex without out-edges)
                    if (!rts->empty() && !(*rts)[i % rts->size()].apply(*c, t, o)) continue;
                    kv.push_back(Value::string(keys[i]));
                    kv.push_back(to_value(*c, o));
                }
                advance(*c, t, Obj(Value::map(std::move(kv))));
                return true;
            };
            return std::unique_ptr<Step>(std::move(f));
        });
        return;
    }
    if (n == "where") return compile_where(s);
    if (n == "is") {
        if (in.args.size() != 1) bad_args(in);
        Value pred = as_pred(in.args[0], in);
        add_fn([pred](Ctx& ctx, Traverser& t) { return test_p(ctx, pred, t.obj); });
        return;
    }
    if ((n == "and" || n == "or") && in.args.empty())
        fail(EvalError::Kind::unsupported,
             "infix " + n + "() (a connective with no arguments) is not supported at " + code_.where + " " +
                 std::to_string(in.pos) + "; use " + n + "(traversal, traversal)",
             "MissingMethodException");
    if (n == "not" || n == "filter" || n == "and" || n == "or" || n == "sideEffect" || n == "map") {
        if (n == "not" || n == "filter" || n == "sideEffect" || n == "map") {
            if (in.args.size() != 1 || !in.args[0].t) {
                if (!in.args.empty() && !in.args[0].t && in.args[0].v.type() == Type::lambda)
                    fail(EvalError::Kind::unsupported, "lambdas are not supported in " + n + "() (at " +
                                                           code_.where + " " + std::to_string(in.pos) + ")");
                bad_args(in);
            }
        } else {
            for (const auto& a : in.args)
                if (!a.t) bad_args(in);
        }
        std::vector<PlanPtr> plans;
        for (const auto& a : in.args) plans.push_back(child(a, in));
        std::string op = n;
        add([plans, op](Ctx& ctx) {
            auto pipes = std::make_shared<std::vector<std::unique_ptr<Pipeline>>>();
            for (const auto& p : plans) pipes->push_back(p->instantiate(ctx));
            auto f = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            f->fn = [pipes, op, c](Traverser& t) {
                Traverser x = t;
                x.bulk = 1;
                if (op == "not") {
                    // not(ERROR) is ERROR: a child whose comparison was not comparable filters too
                    bool outer = c->type_error;
                    c->type_error = false;
                    bool any = (*pipes)[0]->any(x);
                    bool err = c->type_error;
                    c->type_error = outer || err;
                    return !any && !err;
                }
                if (op == "filter") return (*pipes)[0]->any(x);
                if (op == "and") {
                    for (auto& p : *pipes)
                        if (!p->any(x)) return false;
                    return true;
                }
                if (op == "or") {
                    for (auto& p : *pipes)
                        if (p->any(x)) return true;
                    return false;
                }
                if (op == "sideEffect") {
                    (*pipes)[0]->start_with(x);
                    Traverser r;
                    while ((*pipes)[0]->next(r)) c->tick();
                    return true;
                }
                // map: first result of the child
                (*pipes)[0]->start_with(x);
                Traverser r;
                if (!(*pipes)[0]->next(r)) return false;
                advance(*c, t, std::move(r.obj));
                return true;
            };
            return std::unique_ptr<Step>(std::move(f));
        });
        return;
    }
    if (n == "union" || n == "coalesce" || n == "optional" || n == "local" || n == "flatMap" || n == "choose")
        return compile_branch(s);
    if (n == "repeat") return compile_repeat(s);
    if (n == "match") return compile_match(s);
    if (n == "constant") {
        if (in.args.size() != 1 || in.args[0].t) bad_args(in);
        Value v = in.args[0].v;
        add_fn([v](Ctx& ctx, Traverser& t) {
            advance(ctx, t, Obj(v));
            return true;
        });
        return;
    }
    if (n == "identity" || n == "barrier" || n == "none" || n == "discard") {
        if (n == "identity") {
            if (!in.args.empty()) bad_args(in);
            return;
        }
        if (n == "none" || n == "discard") {
            add_fn([](Ctx&, Traverser&) { return false; });
            return;
        }
        // barrier(): merge equal traversers (bulking)
        add([](Ctx&) {
            auto set = std::make_shared<MergeSet>();
            auto b = std::make_unique<BarrierStep>();
            b->consume = [set](Traverser& t) { set->add(std::move(t)); };
            b->finish = [set](std::vector<Traverser>& out) {
                out = std::move(set->items());
                set->clear();
            };
            b->clear = [set] { set->clear(); };
            return std::unique_ptr<Step>(std::move(b));
        });
        return;
    }
    if (n == "loops") {
        if (!in.args.empty()) bad_args(in);
        add_fn([](Ctx& ctx, Traverser& t) {
            advance(ctx, t, Obj(Value::int_(static_cast<std::int32_t>(t.loops & kLoopMask))));
            return true;
        });
        return;
    }
    if (is_write_step(n)) {
        WriteBuild wb;
        wb.main = s.main;
        wb.mods = s.mods;
        wb.start = start_;
        wb.child = [this](const Arg& a, const Instr& i) { return child(a, i); };
        wb.need = [this](PathMode m) { need(m); };
        wb.add = [this](Plan::Factory f) { add(std::move(f)); };
        return compile_write_step(wb);
    }
    if (is_liststep(n)) return compile_liststep(s);
    if (n == "coin") {
        // each unit of bulk survives with probability p (CoinStep)
        if (in.args.size() != 1 || in.args[0].t || !in.args[0].v.is_number()) bad_args(in);
        double p = in.args[0].v.to_double();
        add_fn([p](Ctx&, Traverser& t) {
            if (p >= 1.0) return true;
            if (p <= 0.0) return false;
            thread_local std::mt19937_64 rng(std::random_device{}());
            std::uniform_real_distribution<double> u(0.0, 1.0);
            std::int64_t keep = 0;
            for (std::int64_t b = 0; b < t.bulk && b < (1 << 20); ++b)
                if (u(rng) < p) ++keep;
            t.bulk = keep;
            return keep > 0;
        });
        return;
    }
    if (n == "sample") {
        // a barrier that keeps `n` units chosen uniformly at random (global scope)
        if (in.args.size() != 1 || !is_int_arg(in.args[0])) bad_args(in);
        std::int64_t want = in.args[0].v.as_int();
        add([want](Ctx&) {
            auto all = std::make_shared<std::vector<Traverser>>();
            auto b = std::make_unique<BarrierStep>();
            b->consume = [all](Traverser& t) { all->push_back(std::move(t)); };
            b->finish = [all, want](std::vector<Traverser>& out) {
                std::int64_t total = 0;
                for (const auto& t : *all) total += t.bulk;
                thread_local std::mt19937_64 rng(std::random_device{}());
                std::int64_t left = std::min(want, total);
                // sequential selection sampling over the units
                for (auto& t : *all) {
                    std::int64_t take = 0;
                    for (std::int64_t k = 0; k < t.bulk && left > 0; ++k, --total) {
                        std::uniform_int_distribution<std::int64_t> d(0, total - 1);
                        if (d(rng) < left) {
                            ++take;
                            --left;
                        }
                    }
                    if (take > 0) {
                        t.bulk = take;
                        out.push_back(std::move(t));
                    }
                }
                all->clear();
            };
            b->clear = [all] { all->clear(); };
            return std::unique_ptr<Step>(std::move(b));
        });
        return;
    }
    if (n == "timeLimit") {
        // passes traversers until the limit has passed since the first one was requested
        if (in.args.size() != 1 || !is_int_arg(in.args[0])) bad_args(in);
        auto limit = std::chrono::milliseconds(in.args[0].v.as_int());
        add([limit](Ctx&) {
            auto f = std::make_unique<FnStep>();
            auto start = std::make_shared<std::optional<std::chrono::steady_clock::time_point>>();
            f->fn = [limit, start](Traverser&) {
                auto now = std::chrono::steady_clock::now();
                if (!*start) *start = now;
                return now - **start <= limit;
            };
            f->on_reset = [start] { start->reset(); };
            return std::unique_ptr<Step>(std::move(f));
        });
        return;
    }
    if (n == "times" || n == "until" || n == "emit")
        fail(EvalError::Kind::evaluation, n + "() must modulate repeat()", "IllegalStateException");
    fail(EvalError::Kind::unsupported,
         "unsupported step '" + n + "' at " + code_.where + " " + std::to_string(in.pos),
         "MissingMethodException");
}

}  // namespace

std::size_t instruction_count(const Code& code) {
    std::size_t n = code.source.size() + code.steps.size();
    for (const auto& in : code.steps)
        for (const auto& a : in.args)
            if (a.t) n += instruction_count(*a.t);
    return n;
}

PlanPtr compile(const Code& code, bool source) {
    auto plan = std::make_shared<Plan>();
    Compiler c(code, *plan);
    c.run(source);
    return plan;
}

SourceOptions source_options(const Code& code) {
    SourceOptions o;
    for (const auto& in : code.source) {
        if (in.name == "with" || in.name == "withSideEffect") {
            if (in.args.empty() || !is_str(in.args[0]) || in.args.size() > 2) bad_args(in);
            const std::string& k = in.args[0].v.str();
            Value v = in.args.size() == 2 ? in.args[1].v : Value::boolean(true);
            if (in.name == "withSideEffect") {
                o.side_effects.emplace_back(k, v);
            } else if (k == "materializeProperties") {
                if (v.type() != Type::string || (v.str() != "tokens" && v.str() != "all"))
                    fail(EvalError::Kind::evaluation, "materializeProperties must be 'tokens' or 'all'",
                         "IllegalArgumentException");
                o.tokens = v.str() == "tokens";
            }
            continue;
        }
        if (in.name == "withStrategies") {
            for (const auto& a : in.args) {
                if (a.t || a.v.type() != Type::strategy || a.v.size() < 2) bad_args(in);
                const Value& cfg = a.v[1];
                // OptionsStrategy and ReadOnlyStrategy are honoured, pure optimisations change no
                // result and are accepted; silently ignoring e.g. SubgraphStrategy or
                // PartitionStrategy would return wrong results, so they are refused.
                const std::string& cls = a.v[0].str();
                if (cls.find("ReadOnlyStrategy") != std::string::npos) {
                    o.read_only = true;
                    continue;
                }
                if (cls.find("ProductiveByStrategy") != std::string::npos) {
                    o.productive_by = true;
                    continue;
                }
                auto crit = [&](const char* key) -> std::shared_ptr<Code> {
                    const Value* x = cfg.find(key);
                    if (!x || x->is_null()) return nullptr;
                    if (x->type() != Type::bytecode)
                        fail(EvalError::Kind::evaluation,
                             std::string("SubgraphStrategy ") + key + " must be a traversal",
                             "IllegalArgumentException");
                    return code_from_bytecode(*x);
                };
                if (cls.find("SubgraphStrategy") != std::string::npos) {
                    o.sg_vertices = crit("vertices");
                    o.sg_edges = crit("edges");
                    o.sg_vertex_properties = crit("vertexProperties");
                    if (const Value* c = cfg.find("checkAdjacentVertices"))
                        if (c->type() == Type::boolean) o.sg_check_adjacent = c->as_bool();
                    continue;
                }
                if (cls.find("PartitionStrategy") != std::string::npos) {
                    const Value* k = cfg.find("partitionKey");
                    if (!k || k->type() != Type::string || k->str().empty())
                        fail(EvalError::Kind::evaluation, "The partitionKey cannot be null",
                             "IllegalArgumentException");
                    o.partition_key = k->str();
                    if (const Value* w = cfg.find("writePartition")) o.write_partition = *w;
                    if (const Value* r = cfg.find("readPartitions")) {
                        if (r->type() == Type::list || r->type() == Type::set)
                            o.read_partitions = r->kids();
                        else
                            o.read_partitions = {*r};
                    }
                    if (const Value* m = cfg.find("includeMetaProperties"))
                        if (m->type() == Type::boolean && m->as_bool())
                            fail(EvalError::Kind::unsupported,
                                 "PartitionStrategy with includeMetaProperties is not supported",
                                 "MissingMethodException");
                    continue;
                }
                static const char* optimisations[] = {"CountStrategy",
                                                      "LazyBarrierStrategy",
                                                      "PathRetractionStrategy",
                                                      "FilterRankingStrategy",
                                                      "InlineFilterStrategy",
                                                      "IncidentToAdjacentStrategy",
                                                      "AdjacentToIncidentStrategy",
                                                      "RepeatUnrollStrategy",
                                                      "MatchPredicateStrategy",
                                                      "EarlyLimitStrategy",
                                                      "IdentityRemovalStrategy",
                                                      "ByModulatorOptimizationStrategy",
                                                      "TinkerGraphStepStrategy",
                                                      "TinkerGraphCountStrategy"};
                bool optimisation = false;
                for (const char* x : optimisations)
                    if (cls.size() >= std::strlen(x) &&
                        cls.compare(cls.size() - std::strlen(x), std::string::npos, x) == 0)
                        optimisation = true;
                if (optimisation) continue;
                if (cls.find("OptionsStrategy") == std::string::npos)
                    fail(EvalError::Kind::unsupported,
                         "unsupported traversal strategy " + a.v[0].str() + " at " + code.where + " " +
                             std::to_string(in.pos),
                         "MissingMethodException");
                if (const Value* mp = cfg.find("materializeProperties"))
                    if (mp->type() == Type::string) o.tokens = mp->str() == "tokens";
            }
            continue;
        }
        if (in.name == "withoutStrategies" || in.name == "withBulk" || in.name == "withPath" ||
            in.name == "withComputer")
            continue;
        fail(EvalError::Kind::unsupported,
             "unsupported traversal source step '" + in.name + "' at " + code.where + " " +
                 std::to_string(in.pos),
             "MissingMethodException");
    }
    return o;
}

}  // namespace tpbench::server::detail
