// Filter steps: the has() family, is(), the child-traversal filters not/filter/and/or (with
// sideEffect() and map(), which share their shape), dedup(), range/limit/skip/tail,
// simplePath/cyclicPath, coin(), sample(), timeLimit(), none()/discard(), barrier().
#include "compiler.hpp"

#include <algorithm>
#include <random>
#include <unordered_set>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

// ---- has() family ---------------------------------------------------------------------------------

bool has_test(Ctx& ctx, const Obj& o, const std::string& key, const Value* pred) {
    std::vector<Value> vals;
    const ElementRec* el = as_element(ctx, o);
    if (!el) return false;
    property_values(ctx, o, {key}, vals);
    if (!pred) return !vals.empty();
    for (const auto& v : vals)
        if (test_p(ctx, *pred, Obj(v))) return true;
    return false;
}

void build_has(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    auto token_pred = [&comp](Token token, const Value& pred) {
        bool prop_token = token == Token::key || token == Token::value;
        comp.add_fn([token, prop_token, pred](Ctx& ctx, Traverser& t) {
            const ElementRec* el = as_element(ctx, t.obj);
            if (!el && !(t.obj.v.type() == Type::property)) return false;
            if (el && el->kind != ElKind::vertex_property && prop_token) return false;
            return test_p(ctx, pred, token_value(ctx, t.obj, token));
        });
    };
    if (n == "hasLabel") {
        if (in.args.empty()) bad_args(in);
        token_pred(Token::label, within_of(in, 0));
        return;
    }
    if (n == "hasId") {
        if (in.args.empty()) bad_args(in);
        std::vector<Value> vals;
        bool pred = in.args.size() == 1 && is_pred(in.args[0]);
        if (pred) {
            token_pred(Token::id, in.args[0].v);
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
            comp.add_fn([p](Ctx& ctx, Traverser& t) {
                const ElementRec* el = as_element(ctx, t.obj);
                if (!el && t.obj.v.type() != Type::property) return false;
                Obj id = token_value(ctx, t.obj, Token::id);
                Value idv = id.el ? to_value(ctx, id) : id.v;
                Value text = idv.type() == Type::string ? idv : Value::string(idv.to_string());
                return test_p(ctx, p, Obj(text));
            });
            return;
        }
        token_pred(Token::id, Value::p("within", std::move(vals)));
        return;
    }
    if (n == "hasKey" || n == "hasValue") {
        if (in.args.empty()) bad_args(in);
        token_pred(n == "hasKey" ? Token::key : Token::value, within_of(in, 0));
        return;
    }
    if (n == "hasNot") {
        if (in.args.size() != 1 || !is_str(in.args[0])) bad_args(in);
        std::string key = in.args[0].v.str();
        comp.add_fn([key](Ctx& ctx, Traverser& t) { return !has_test(ctx, t.obj, key, nullptr); });
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
        comp.add_fn([key](Ctx& ctx, Traverser& t) { return has_test(ctx, t.obj, key, nullptr); });
        return;
    }
    std::size_t k = 0;
    if (in.args.size() == 3) {
        if (!is_str(in.args[0])) bad_args(in);
        token_pred(Token::label, Value::p("eq", {in.args[0].v}));
        k = 1;
    }
    const Arg& key = in.args[k];
    if (in.args[k + 1].t) {
        // has(key, traversal): the property value must produce a result through the traversal.
        if (!is_str(key)) bad_args(in);
        auto plan = comp.child(in.args[k + 1], in);
        std::string kname = key.v.str();
        comp.add([plan, kname](Ctx& ctx) {
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
        token_pred(token_of(key.v.str()), pred);
        return;
    }
    if (!is_str(key)) bad_args(in);
    std::string kname = key.v.str();
    comp.add_fn([kname, pred](Ctx& ctx, Traverser& t) { return has_test(ctx, t.obj, kname, &pred); });
}

void build_is(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.size() != 1) bad_args(in);
    Value pred = as_pred(in.args[0], in);
    comp.add_fn([pred](Ctx& ctx, Traverser& t) { return test_p(ctx, pred, t.obj); });
    return;
}

// not() / filter() / and() / or() / sideEffect() / map() over child traversals
enum class ChildOp : std::uint8_t { not_, filter, and_, or_, side_effect, map };

void build_connective(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    const ChildOp op = n == "not"      ? ChildOp::not_
                       : n == "filter" ? ChildOp::filter
                       : n == "and"    ? ChildOp::and_
                       : n == "or"     ? ChildOp::or_
                       : n == "map"    ? ChildOp::map
                                       : ChildOp::side_effect;
    if ((op == ChildOp::and_ || op == ChildOp::or_) && in.args.empty())
        fail(EvalError::Kind::unsupported,
             "infix " + n + "() (a connective with no arguments) is not supported at " + comp.code.where +
                 " " + std::to_string(in.pos) + "; use " + n + "(traversal, traversal)",
             "MissingMethodException");
    if (op != ChildOp::and_ && op != ChildOp::or_) {
        if (in.args.size() != 1 || !in.args[0].t) {
            if (!in.args.empty() && !in.args[0].t && in.args[0].v.type() == Type::lambda)
                fail(EvalError::Kind::unsupported, "lambdas are not supported in " + n + "() (at " +
                                                       comp.code.where + " " + std::to_string(in.pos) + ")");
            bad_args(in);
        }
    } else {
        for (const auto& a : in.args)
            if (!a.t) bad_args(in);
    }
    std::vector<PlanPtr> plans;
    for (const auto& a : in.args) plans.push_back(comp.child(a, in));
    comp.add([plans, op](Ctx& ctx) {
        auto pipes = std::make_shared<std::vector<std::unique_ptr<Pipeline>>>();
        for (const auto& p : plans) pipes->push_back(p->instantiate(ctx));
        auto f = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        f->fn = [pipes, op, c](Traverser& t) {
            Traverser x = t;
            x.bulk = 1;
            switch (op) {
                case ChildOp::not_: {
                    // not(ERROR) is ERROR: a child whose comparison was not comparable filters too
                    bool outer = c->type_error;
                    c->type_error = false;
                    bool any = (*pipes)[0]->any(x);
                    bool err = c->type_error;
                    c->type_error = outer || err;
                    return !any && !err;
                }
                case ChildOp::filter:
                    return (*pipes)[0]->any(x);
                case ChildOp::and_:
                    for (auto& p : *pipes)
                        if (!p->any(x)) return false;
                    return true;
                case ChildOp::or_:
                    for (auto& p : *pipes)
                        if (p->any(x)) return true;
                    return false;
                case ChildOp::side_effect: {
                    (*pipes)[0]->start_with(x);
                    Traverser r;
                    while ((*pipes)[0]->next(r)) c->tick();
                    return true;
                }
                case ChildOp::map:
                    break;
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
}

void build_dedup(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    std::size_t i = 0;
    bool local = false;
    if (!in.args.empty() && is_enum(in.args[0], EnumKind::scope)) {
        local = in.args[0].v.str() == "local";
        i = 1;
    }
    auto labels = strings(in, i);
    if (!labels.empty()) comp.need(PathMode::labeled);
    auto byv = comp.bys(s);
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
                    if (!path_get(*c, t, l, Pop::last, o)) return false;
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

void build_range(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
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
    // limit(local, 1), tail(local, 1) and range(local, a, a + 1) unwrap their one item
    bool single = (n == "limit" && hi == 1) || (n == "tail" && hi == 1) || (n == "range" && hi - lo == 1);
    if (local) {
        comp.add_fn([lo, hi, tail, single](Ctx& ctx, Traverser& t) {
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
            } else if (single) {
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
        comp.add([keep](Ctx& ctx) {
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
    comp.add([lo, hi](Ctx&) {
        auto r = std::make_unique<RangeStep>();
        r->lo = lo;
        r->hi = hi;
        return std::unique_ptr<Step>(std::move(r));
    });
}

void build_path_filter(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    if (!in.args.empty()) bad_args(in);
    comp.need(PathMode::full);
    bool simple = n == "simplePath";
    comp.add_fn([simple](Ctx& ctx, Traverser& t) {
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

void build_coin(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    // each unit of bulk survives with probability p (CoinStep)
    if (in.args.size() != 1 || in.args[0].t || !in.args[0].v.is_number()) bad_args(in);
    double p = in.args[0].v.to_double();
    comp.add_fn([p](Ctx&, Traverser& t) {
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

void build_sample(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    // a barrier that keeps `n` units chosen uniformly at random (global scope)
    if (in.args.size() != 1 || !is_int_arg(in.args[0])) bad_args(in);
    std::int64_t want = in.args[0].v.as_int();
    comp.add([want](Ctx&) {
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

void build_time_limit(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    // passes traversers until the limit has passed since the first one was requested
    if (in.args.size() != 1 || !is_int_arg(in.args[0])) bad_args(in);
    auto limit = std::chrono::milliseconds(in.args[0].v.as_int());
    comp.add([limit](Ctx&) {
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

// none() / discard(): drop every traverser
void build_none(Compiler& comp, const Spec&) {
    comp.add_fn([](Ctx&, Traverser&) { return false; });
}

// barrier(): merge equal traversers (bulking)
void build_barrier(Compiler& comp, const Spec&) {
    comp.add([](Ctx&) {
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
}

}  // namespace

void register_filter_steps(StepTable& t) {
    for (const char* n : {"has", "hasLabel", "hasId", "hasNot", "hasKey", "hasValue"}) t.add(n, build_has);
    t.add("is", build_is);
    for (const char* n : {"not", "filter", "and", "or", "sideEffect", "map"}) t.add(n, build_connective);
    t.add("dedup", build_dedup);
    for (const char* n : {"limit", "range", "skip", "tail"}) t.add(n, build_range);
    t.add("simplePath", build_path_filter);
    t.add("cyclicPath", build_path_filter);
    t.add("coin", build_coin);
    t.add("sample", build_sample);
    t.add("timeLimit", build_time_limit);
    t.add("none", build_none);
    t.add("discard", build_none);
    t.add("barrier", build_barrier, kStepBarrier);
}

}  // namespace tpbench::server::detail
