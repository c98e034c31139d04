// The filter steps where(), the has() family, dedup(), simplePath()/cyclicPath(),
// sample(), coin(). Semantics follow
// TinkerPop 3.7.3's WhereTraversalStep/WherePredicateStep, HasContainer, DedupGlobalStep,
// PathFnStep, SampleGlobalStep/SampleLocalStep and CoinStep.
#include "steps_filter_where_has.hpp"

#include "compiler.hpp"
#include "dialect.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <random>
#include <unordered_set>
#include <utility>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

// ---- java.util.Random -----------------------------------------------------------------------------------

std::int32_t JavaRandom::next_int(std::int32_t bound) {
    auto r = static_cast<std::int32_t>(next(31));
    std::int32_t m = bound - 1;
    if ((bound & m) == 0) return static_cast<std::int32_t>((static_cast<std::int64_t>(bound) * r) >> 31);
    for (std::int64_t u = r;; u = static_cast<std::int32_t>(next(31))) {
        r = static_cast<std::int32_t>(u % bound);
        if (u - r + m <= std::numeric_limits<std::int32_t>::max()) return r;
    }
}

namespace {

// ---- helpers --------------------------------------------------------------------------------------------

// from()/to() labels of a path step; empty when absent.
void from_to(const Spec& s, std::string& from, std::string& to) {
    for (const Instr* m : s.mods) {
        if (m->name != "from" && m->name != "to") continue;
        if (m->args.size() != 1 || !is_str(m->args[0]))
            fail(EvalError::Kind::evaluation,
                 m->name + "() of " + s.main->name + "() takes one step label (a String)",
                 "IllegalArgumentException");
        (m->name == "from" ? from : to) = m->args[0].v.str();
    }
}

JavaRandom step_random(Ctx& ctx) {
    if (ctx.seed) return JavaRandom(*ctx.seed);
    thread_local std::mt19937_64 gen(std::random_device{}());
    return JavaRandom(static_cast<std::int64_t>(gen()));
}

// ---- where() ----------------------------------------------------------------------------------------------

// A where(traversal) body as WhereTraversalStep configures it: and()/or()/not() at its start are
// opened up recursively; a leaf traversal's leading as(x) makes it start from the object labelled
// x, its trailing as(y) makes it pass only when it reaches the object labelled y.
struct WhereNode {
    enum class Kind : std::uint8_t { leaf, and_, or_, not_ } kind = Kind::leaf;
    std::string start, end;
    PlanPtr plan;
    std::vector<WhereNode> kids;
};

struct WhereRt {
    const WhereNode* node = nullptr;
    std::unique_ptr<Pipeline> pipe;
    std::vector<WhereRt> kids;

    WhereRt(Ctx& ctx, const WhereNode& n) : node(&n) {
        if (n.plan) pipe = n.plan->instantiate(ctx);
        for (const auto& k : n.kids) kids.emplace_back(ctx, k);
    }

    bool test(Ctx& ctx, const Traverser& t) {
        switch (node->kind) {
            case WhereNode::Kind::and_:
                for (auto& k : kids)
                    if (!k.test(ctx, t)) return false;
                return true;
            case WhereNode::Kind::or_:
                for (auto& k : kids)
                    if (k.test(ctx, t)) return true;
                return false;
            case WhereNode::Kind::not_: {
                // not(ERROR) is ERROR: a child whose comparison was not comparable filters too
                bool outer = ctx.type_error;
                ctx.type_error = false;
                bool any = kids[0].test(ctx, t);
                bool err = ctx.type_error;
                ctx.type_error = outer || err;
                return !any && !err;
            }
            case WhereNode::Kind::leaf:
                break;
        }
        Traverser x = t;
        x.bulk = 1;
        if (!node->start.empty()) {
            Obj o;
            if (!scope_get(ctx, t, node->start, Pop::last, o)) return false;
            x.obj = std::move(o);
        }
        pipe->start_with(x);
        Traverser r;
        if (node->end.empty()) return pipe->next(r);
        Obj want;
        if (!scope_get(ctx, t, node->end, Pop::last, want)) return false;
        while (pipe->next(r))
            if (gremlin_eq(ctx, r.obj, want)) return true;
        return false;
    }
};

WhereNode where_node(Compiler& comp, const Instr& in, const Code& body, bool& labels) {
    WhereNode n;
    if (body.steps.size() == 1) {
        const Instr& in = body.steps[0];
        bool conn = (in.name == "and" || in.name == "or") && !in.args.empty();
        bool neg = in.name == "not" && in.args.size() == 1;
        if ((conn || neg) && std::all_of(in.args.begin(), in.args.end(), [](const Arg& a) { return a.t; })) {
            n.kind = neg                ? WhereNode::Kind::not_
                     : in.name == "and" ? WhereNode::Kind::and_
                                        : WhereNode::Kind::or_;
            for (const auto& a : in.args) n.kids.push_back(where_node(comp, in, *a.t, labels));
            return n;
        }
    }
    Code c = body;
    auto one_label = [](const Instr& in) {
        return in.name == "as" && in.args.size() == 1 && is_str(in.args[0]);
    };
    if (!c.steps.empty() && one_label(c.steps.front())) {
        n.start = c.steps.front().args[0].v.str();
        c.steps.erase(c.steps.begin());
    }
    if (!c.steps.empty() && one_label(c.steps.back())) {
        n.end = c.steps.back().args[0].v.str();
        c.steps.pop_back();
    }
    if (!n.start.empty() || !n.end.empty()) labels = true;
    n.plan = comp.child(Arg{Value(), std::make_shared<Code>(std::move(c))}, in);
    return n;
}

// Resolves the label references of a where() predicate (the String arguments of its P's, depth
// first) to the labelled objects, each through the next by() of the ring (WherePredicateStep).
Value resolve_pred(Ctx& ctx, const Traverser& t, const Value& p, std::vector<ByRt>& ring, std::size_t& next) {
    if (p.type() == Type::text_p) return p;
    std::vector<Value> args;
    for (const auto& a : p.kids()) {
        if (a.type() == Type::p) {
            args.push_back(resolve_pred(ctx, t, a, ring, next));
            continue;
        }
        if (a.type() == Type::string) {
            Obj o;
            if (!scope_get(ctx, t, a.str(), Pop::last, o))
                fail(EvalError::Kind::evaluation, "where() references unknown label '" + a.str() + "'",
                     "IllegalArgumentException");
            if (!ring.empty()) {
                Traverser x = t;
                x.obj = o;
                if (!ring[next++ % ring.size()].apply(ctx, x, o)) o = Obj(Value());
            }
            args.push_back(to_value(ctx, o));
            continue;
        }
        args.push_back(a);
    }
    return Value::p(p.str(), std::move(args));
}

void build_where(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    auto byv = comp.bys(s);
    if (in.args.size() == 1 && in.args[0].t) {
        if (!byv.empty())
            fail(EvalError::Kind::evaluation, "where(traversal) cannot be modulated by by()",
                 "IllegalArgumentException");
        bool labels = false;
        auto root = std::make_shared<WhereNode>(where_node(comp, in, *in.args[0].t, labels));
        if (labels) comp.need(PathMode::labeled);
        comp.add([root](Ctx& ctx) {
            auto rt = std::make_shared<WhereRt>(ctx, *root);
            auto st = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            st->fn = [rt, root, c](Traverser& t) { return rt->test(*c, t); };
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
    comp.need(PathMode::labeled);
    // 4.0: a child traversal operand (where(P.gt(__.x()))) runs on the traverser itself, before and
    // apart from the by() ring (WherePredicateStep: P.resolve, then the label references)
    comp.add([start_label, pred, byv, plans = comp.pred_plans(pred)](Ctx& ctx) {
        auto ring = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) ring->emplace_back(ctx, b);
        auto prt = std::make_shared<PredRt>(ctx, plans);
        auto st = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        st->fn = [start_label, pred, ring, prt, c](Traverser& t) {
            Obj subject = t.obj;
            if (!start_label.empty() && !scope_get(*c, t, start_label, Pop::last, subject)) return false;
            std::size_t next = 0;
            if (!ring->empty()) {
                Traverser x = t;
                x.obj = subject;
                if (!(*ring)[next++ % ring->size()].apply(*c, x, subject)) return false;
            }
            Value p = resolve_pred(*c, t, pred, *ring, next);
            if (p_has_traversal(p)) p = prt->resolve(*c, t, p);
            return test_p(*c, p, subject);
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- has() family -----------------------------------------------------------------------------------------

// HasContainer's id test: an eq/neq/within/without of Strings compares with the id's toString().
bool id_as_string(const Value& pred) {
    if (pred.type() != Type::p) return false;
    const std::string& n = pred.str();
    if (n != "eq" && n != "neq" && n != "within" && n != "without") return false;
    std::vector<const Value*> vals;
    for (const auto& a : pred.kids()) {
        if (a.type() == Type::list || a.type() == Type::set)
            for (const auto& x : a.kids()) vals.push_back(&x);
        else
            vals.push_back(&a);
    }
    for (const Value* v : vals)
        if (!v->is_null()) return v->type() == Type::string;
    return false;
}

bool has_property(Ctx& ctx, const Obj& o, const std::string& key, const Value* pred) {
    if (!as_element(ctx, o)) return false;
    std::vector<Value> vals;
    property_values(ctx, o, {key}, vals);
    if (!pred) return !vals.empty();
    for (const auto& v : vals)
        if (test_p(ctx, *pred, Obj(v))) return true;
    return false;
}

// The T token (id/label/key/value) of a traverser's object, or false when it has none.
bool token_for(Ctx& ctx, const Obj& o, Token token, Obj& out) {
    const ElementRec* el = as_element(ctx, o);
    if (!el && o.v.type() != Type::property) return false;
    if (el && el->kind != ElKind::vertex_property && (token == Token::key || token == Token::value))
        return false;
    out = token_value(ctx, o, token);
    return true;
}

void add_token_pred(Compiler& comp, Token token, Value pred) {
    comp.add_pred_fn(pred, [token](Ctx& ctx, Traverser& t, const Value& pred) {
        Obj v;
        if (!token_for(ctx, t.obj, token, v)) return false;
        const bool as_string = token == Token::id && id_as_string(pred);
        if (as_string) {
            Value idv = v.el ? to_value(ctx, v) : v.v;
            return test_p(ctx, pred, Obj(idv.type() == Type::string ? idv : Value::string(idv.to_string())));
        }
        return test_p(ctx, pred, v);
    });
}

// has(key|T, traversal): the property values (or the token) must produce a result through it.
void add_traversal_test(Compiler& comp, const Instr& in, const Arg& key, const Arg& traversal) {
    bool token = is_enum(key, EnumKind::t);
    if (!token && !is_str(key)) bad_args(in);
    PlanPtr plan = comp.child(traversal, in);
    std::string name = key.v.str();
    Token tk = token ? token_of(name) : Token::id;
    comp.add([plan, name, token, tk](Ctx& ctx) {
        auto pipe = std::shared_ptr<Pipeline>(plan->instantiate(ctx));
        auto st = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        st->fn = [pipe, name, token, tk, c](Traverser& t) {
            std::vector<Value> vals;
            if (token) {
                Obj v;
                if (!token_for(*c, t.obj, tk, v)) return false;
                vals.push_back(to_value(*c, v));
            } else {
                if (!as_element(*c, t.obj)) return false;
                property_values(*c, t.obj, {name}, vals);
            }
            for (auto& v : vals) {
                Traverser x = t;
                x.bulk = 1;
                advance(*c, x, Obj(std::move(v)));
                if (pipe->any(x)) return true;
            }
            return false;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

void build_has(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    if (n == "hasLabel") {
        if (in.args.empty()) bad_args(in);
        return add_token_pred(comp, Token::label, within_of(in, 0));
    }
    if (n == "hasId") {
        if (in.args.empty()) bad_args(in);
        if (in.args.size() == 1 && is_pred(in.args[0])) return add_token_pred(comp, Token::id, in.args[0].v);
        if (in.args.size() == 1 && in.args[0].t && compiling_dialect().traversal_arguments)
            return add_token_pred(comp, Token::id, as_pred(in.args[0], in));
        std::vector<Value> vals;
        // 4.0 unrolls a list only as the single argument (Dialect::has_id_lists_alone)
        const bool unroll = in.args.size() == 1 || !compiling_dialect().has_id_lists_alone;
        for (const auto& a : in.args) {
            if (a.t || is_pred(a)) bad_args(in);
            if (unroll && a.v.type() == Type::list)
                for (const auto& x : a.v.kids()) vals.push_back(x);
            else
                vals.push_back(a.v);
        }
        // P.within's one collection operand: test_p unrolls it one level, so a list id stays whole
        if (!unroll)
            return add_token_pred(comp, Token::id, Value::p("within", {Value::list(std::move(vals))}));
        return add_token_pred(comp, Token::id, Value::p("within", std::move(vals)));
    }
    if (n == "hasKey" || n == "hasValue") {
        if (in.args.empty()) bad_args(in);
        return add_token_pred(comp, n == "hasKey" ? Token::key : Token::value, within_of(in, 0));
    }
    if (n == "hasNot") {
        if (in.args.size() != 1 || !is_str(in.args[0])) bad_args(in);
        std::string key = in.args[0].v.str();
        comp.add_fn([key](Ctx& ctx, Traverser& t) { return !has_property(ctx, t.obj, key, nullptr); });
        return;
    }
    // has(key) / has(key, value|P|traversal) / has(label, key, value|P) / has(T, value|P|traversal)
    if (in.args.empty() || in.args.size() > 3) bad_args(in);
    if (in.args.size() == 1) {
        if (is_enum(in.args[0], EnumKind::t)) return;  // has(T.id) etc.: every element has them
        if (!in.args[0].t && in.args[0].v.is_null()) {
            // has(null): no element has a property with a null key
            comp.add_fn([](Ctx&, Traverser&) { return false; });
            return;
        }
        if (!is_str(in.args[0])) bad_args(in);
        std::string key = in.args[0].v.str();
        comp.add_fn([key](Ctx& ctx, Traverser& t) { return has_property(ctx, t.obj, key, nullptr); });
        return;
    }
    std::size_t k = 0;
    if (in.args.size() == 3) {
        if (!is_str(in.args[0])) bad_args(in);
        add_token_pred(comp, Token::label, Value::p("eq", {in.args[0].v}));
        k = 1;
    }
    const Arg& key = in.args[k];
    if (!key.t && key.v.is_null()) {
        // has(null, value): no property has a null key
        if (in.args[k + 1].t) bad_args(in);
        comp.add_fn([](Ctx&, Traverser&) { return false; });
        return;
    }
    // 3.7: the property values go through the traversal; 4.0: has(key, P.eq(traversal)), the
    // traversal resolved against the element (Dialect::traversal_arguments)
    if (in.args[k + 1].t && !compiling_dialect().traversal_arguments)
        return add_traversal_test(comp, in, key, in.args[k + 1]);
    Value pred = as_pred(in.args[k + 1], in);
    if (is_enum(key, EnumKind::t)) return add_token_pred(comp, token_of(key.v.str()), pred);
    if (!is_str(key)) bad_args(in);
    std::string kname = key.v.str();
    comp.add_pred_fn(pred, [kname](Ctx& ctx, Traverser& t, const Value& p) {
        return has_property(ctx, t.obj, kname, &p);
    });
}

// ---- dedup() ----------------------------------------------------------------------------------------------

// A dedup key: elements by identity, values by value.
Value dedup_key(const Obj& o) { return o.el ? Value::long_(reinterpret_cast<std::intptr_t>(o.el)) : o.v; }

void build_dedup(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    std::size_t i = 0;
    bool local = false;
    if (!in.args.empty() && is_enum(in.args[0], EnumKind::scope)) {
        local = in.args[0].v.str() == "local";
        i = 1;
    }
    std::vector<std::string> labels;
    for (std::size_t k = i; k < in.args.size(); ++k) {
        if (!is_str(in.args[k])) bad_args(in);
        labels.push_back(in.args[k].v.str());
    }
    if (!labels.empty()) comp.need(PathMode::labeled);
    auto byv = comp.bys(s);
    one_by_modulator(byv, "Dedup");
    if (local) {
        comp.add_fn([](Ctx& ctx, Traverser& t) {
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
    comp.add([labels, byv](Ctx& ctx) {
        struct State {
            std::unordered_set<Value, model::ValueHash> seen;
            std::optional<ByRt> by;
        };
        auto st = std::make_shared<State>();
        if (!byv.empty()) st->by.emplace(ctx, byv[0]);
        auto f = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        f->fn = [st, labels, c](Traverser& t) {
            Value key;
            if (!labels.empty()) {
                // DedupGlobalStep: the labelled objects (each through by()), all productive
                std::vector<Value> parts;
                for (const auto& l : labels) {
                    Obj o;
                    if (!path_get(*c, t, l, Pop::last, o)) return false;
                    if (st->by) {
                        Traverser x = t;
                        x.obj = o;
                        if (!st->by->apply(*c, x, o)) return false;
                    }
                    parts.push_back(dedup_key(o));
                }
                key = Value::list(std::move(parts));
            } else {
                Obj o = t.obj;
                if (st->by && !st->by->apply(*c, t, o)) return false;
                key = dedup_key(o);
            }
            if (!st->seen.insert(std::move(key)).second) return false;
            t.bulk = 1;
            return true;
        };
        f->on_reset = [st, c] {
            if (!c->repeat_round) st->seen.clear();  // repeat(dedup()) dedups across iterations
        };
        return std::unique_ptr<Step>(std::move(f));
    });
}

// ---- simplePath() / cyclicPath()
// ---------------------------------------------------------------------------

void build_path_filter(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (!in.args.empty()) bad_args(in);
    comp.need(PathMode::full);
    bool simple = in.name == "simplePath";
    std::string from, to;
    from_to(s, from, to);
    auto byv = comp.bys(s);
    comp.add([simple, from, to, byv](Ctx& ctx) {
        auto ring = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) ring->emplace_back(ctx, b);
        auto f = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        f->fn = [simple, from, to, ring, c](Traverser& t) {
            auto nodes = sub_path(t, from, to);
            std::vector<Obj> objs;
            objs.reserve(nodes.size());
            for (std::size_t i = 0; i < nodes.size(); ++i) {
                Obj o = nodes[i]->obj;
                if (!ring->empty()) {
                    // PathFnStep: an unproductive by() filters the path
                    Traverser x;
                    x.obj = o;
                    if (!(*ring)[i % ring->size()].apply(*c, x, o)) return false;
                }
                objs.push_back(std::move(o));
            }
            for (std::size_t i = 0; i < objs.size(); ++i)
                for (std::size_t j = i + 1; j < objs.size(); ++j)
                    if (gremlin_eq(*c, objs[i], objs[j])) return !simple;
            return simple;
        };
        return std::unique_ptr<Step>(std::move(f));
    });
}

// ---- coin() / sample()
// ---------------------------------------------------------------------------------------

void build_coin(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.size() != 1 || in.args[0].t || !in.args[0].v.is_number()) bad_args(in);
    double p = in.args[0].v.to_double();
    comp.add([p](Ctx& ctx) {
        auto rng = std::make_shared<JavaRandom>(step_random(ctx));
        auto f = std::make_unique<FnStep>();
        f->fn = [p, rng](Traverser& t) {
            // CoinStep: one draw per unit of bulk below 100, the expected share above
            std::int64_t keep = 0;
            if (t.bulk < 100) {
                for (std::int64_t b = 0; b < t.bulk; ++b)
                    if (p >= rng->next_double()) ++keep;
            } else {
                keep = static_cast<std::int64_t>(std::llround(p * static_cast<double>(t.bulk)));
            }
            if (keep <= 0) return false;
            t.bulk = keep;
            return true;
        };
        return std::unique_ptr<Step>(std::move(f));
    });
}

// SampleGlobalStep's barrierConsumer: weighted sampling without replacement over the units of
// bulk, in the TraverserSet's order.
void sample_global(Ctx& ctx, JavaRandom& rng, std::vector<Traverser>& set, const std::vector<double>& weight,
                   std::int64_t amount) {
    std::int64_t units = 0;
    for (const auto& t : set) units += t.bulk;
    if (units <= amount) return;
    double total = 0;
    bool any_weight = false;
    for (std::size_t i = 0; i < set.size(); ++i) {
        total += weight[i] * static_cast<double>(set[i].bulk);
        if (weight[i] > 0) any_weight = true;
    }
    std::vector<std::int64_t> taken(set.size(), 0);
    std::vector<std::size_t> order;  // the sampled set's insertion order
    std::int64_t running = 0;
    while (running < amount && any_weight) {
        ctx.tick();
        bool resample = false;
        double running_total = total;
        for (std::size_t i = 0; i < set.size(); ++i) {
            if (taken[i] >= set[i].bulk) continue;
            for (std::int64_t k = 0; k < set[i].bulk - taken[i]; ++k) {
                if (rng.next_double() <= weight[i] / running_total) {
                    if (taken[i]++ == 0) order.push_back(i);
                    ++running;
                    resample = true;
                    break;
                }
                running_total -= weight[i];
            }
            if (resample || running >= amount) break;
        }
        // units with weight left to take: stop once none (all-zero weights never sample)
        any_weight = false;
        for (std::size_t i = 0; i < set.size() && !any_weight; ++i)
            if (weight[i] > 0 && taken[i] < set[i].bulk) any_weight = true;
    }
    std::vector<Traverser> out;
    out.reserve(order.size());
    for (std::size_t i : order) {
        out.push_back(std::move(set[i]));
        out.back().bulk = taken[i];
    }
    set = std::move(out);
}

Value sample_local(JavaRandom& rng, const Value& v, std::int64_t amount) {
    if (v.type() == Type::map) {
        std::size_t n = v.size() / 2;
        if (static_cast<std::int64_t>(n) <= amount) return v;
        std::vector<std::size_t> orig(n);
        for (std::size_t i = 0; i < n; ++i) orig[i] = i;
        std::vector<Value> kv;
        for (std::int64_t k = 0; k < amount; ++k) {
            auto at = static_cast<std::size_t>(rng.next_int(static_cast<std::int32_t>(orig.size())));
            kv.push_back(v[2 * orig[at]]);
            kv.push_back(v[2 * orig[at] + 1]);
            orig.erase(orig.begin() + static_cast<std::ptrdiff_t>(at));
        }
        return Value::map(std::move(kv));
    }
    std::vector<Value> orig;
    if (!local_items(Obj(v), orig)) return v;
    if (static_cast<std::int64_t>(orig.size()) <= amount) return v;
    std::vector<Value> target;
    while (static_cast<std::int64_t>(target.size()) < amount) {
        auto at = static_cast<std::size_t>(rng.next_int(static_cast<std::int32_t>(orig.size())));
        target.push_back(std::move(orig[at]));
        orig.erase(orig.begin() + static_cast<std::ptrdiff_t>(at));
    }
    return Value::list(std::move(target));
}

void build_sample(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    std::size_t i = 0;
    bool local = false;
    if (!in.args.empty() && is_enum(in.args[0], EnumKind::scope)) {
        local = in.args[0].v.str() == "local";
        i = 1;
    }
    if (in.args.size() != i + 1 || !is_int_arg(in.args[i])) bad_args(in);
    std::int64_t amount = in.args[i].v.as_int();
    if (amount < 0 || amount > std::numeric_limits<std::int32_t>::max()) bad_args(in);
    auto byv = comp.bys(s);
    if (local) {
        if (!byv.empty())
            fail(EvalError::Kind::evaluation, "sample(local) cannot be modulated by by()",
                 "IllegalArgumentException");
        comp.add([amount](Ctx& ctx) {
            auto rng = std::make_shared<JavaRandom>(step_random(ctx));
            auto f = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            f->fn = [amount, rng, c](Traverser& t) {
                if (t.obj.el) return true;
                Value v = sample_local(*rng, t.obj.v, amount);
                advance(*c, t, Obj(std::move(v)));
                return true;
            };
            return std::unique_ptr<Step>(std::move(f));
        });
        return;
    }
    one_by_modulator(byv, "Sample");
    std::optional<By> by;
    if (!byv.empty()) by = byv[0];
    comp.add([amount, by](Ctx& ctx) {
        auto rng = std::make_shared<JavaRandom>(step_random(ctx));
        std::shared_ptr<ByRt> weigh;
        if (by) weigh = std::make_shared<ByRt>(ctx, *by);
        auto st = std::make_unique<CollectStep>();
        Ctx* c = &ctx;
        st->finish = [amount, rng, weigh, c](std::vector<Traverser>& set) {
            std::vector<double> w(set.size(), 1.0);
            if (weigh) {
                // the by() weight of each traverser: an unproductive one drops it, a non-number fails
                std::size_t keep = 0;
                for (std::size_t k = 0; k < set.size(); ++k) {
                    Obj o;
                    if (!weigh->apply(*c, set[k], o)) continue;
                    if (o.el || !o.v.is_number())
                        fail(EvalError::Kind::evaluation,
                             "Traverser " + to_value(*c, set[k].obj).to_string() +
                                 " does not evaluate to a number",
                             "IllegalStateException");
                    w[keep] = o.v.to_double();
                    if (keep != k) set[keep] = std::move(set[k]);
                    ++keep;
                }
                set.resize(keep);
                w.resize(keep);
            }
            sample_global(*c, *rng, set, w, amount);
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

}  // namespace

// The path's nodes first to last, cut to [from, to] (Path.subPath: each label's last occurrence).
std::vector<const PathNode*> sub_path(const Traverser& t, const std::string& from, const std::string& to) {
    std::vector<const PathNode*> nodes;
    for (const PathNode* p = t.path.get(); p; p = p->prev.get()) nodes.push_back(p);
    std::reverse(nodes.begin(), nodes.end());
    if (from.empty() && to.empty()) return nodes;
    auto last_of = [&](const std::string& label) -> std::ptrdiff_t {
        for (std::size_t i = nodes.size(); i-- > 0;)
            if (std::find(nodes[i]->labels.begin(), nodes[i]->labels.end(), label) != nodes[i]->labels.end())
                return static_cast<std::ptrdiff_t>(i);
        return -1;
    };
    std::ptrdiff_t a = 0, b = static_cast<std::ptrdiff_t>(nodes.size()) - 1;
    if (!from.empty() && (a = last_of(from)) < 0)
        fail(EvalError::Kind::evaluation, "Could not locate path from-label: " + from,
             "IllegalArgumentException");
    if (!to.empty() && (b = last_of(to)) < 0)
        fail(EvalError::Kind::evaluation, "Could not locate path to-label: " + to,
             "IllegalArgumentException");
    if (a > b)
        fail(EvalError::Kind::evaluation,
             "Could not isolate path because from comes after to: " + from + "->" + to,
             "IllegalArgumentException");
    return {nodes.begin() + a, nodes.begin() + b + 1};
}

Value path_of(Ctx& ctx, const std::vector<const PathNode*>& nodes) {
    std::vector<Value> labels, objects;
    for (const PathNode* n : nodes) {
        std::vector<Value> ls;
        for (const auto& l : n->labels) ls.push_back(Value::string(l));
        labels.push_back(Value::set(std::move(ls)));
        objects.push_back(to_value(ctx, n->obj));
    }
    return Value::path(Value::list(std::move(labels)), Value::list(std::move(objects)));
}

void register_filters_steps(StepTable& t) {
    t.add("where", build_where);
    for (const char* n : {"has", "hasLabel", "hasId", "hasNot", "hasKey", "hasValue"}) t.add(n, build_has);
    t.add("dedup", build_dedup);
    t.add("simplePath", build_path_filter);
    t.add("cyclicPath", build_path_filter);
    t.add("coin", build_coin);
    t.add("sample", build_sample);
}

}  // namespace tpbench::server::detail
