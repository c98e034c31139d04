// Filter steps: is(), the child-traversal filters not/filter/and/or (with sideEffect() and map(),
// which share their shape), range/limit/skip/tail, timeLimit(), none()/discard() (barrier():
// steps_sidefx.cpp). The has() family, where(), dedup(), simplePath/cyclicPath, coin() and sample() are in
// steps_filter_where_has.cpp.
#include "compiler.hpp"

#include <algorithm>
#include <unordered_map>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

void build_is(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.size() != 1) bad_args(in);
    Value pred = as_pred(in.args[0], in);
    comp.add_pred_fn(pred, [](Ctx& ctx, Traverser& t, const Value& p) { return test_p(ctx, p, t.obj); });
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
    if (lo < 0) bad_args(in);
    if (hi >= 0 && hi < lo)  // Range(Global|Local)Step's constructor
        fail(EvalError::Kind::evaluation,
             "Not a legal range: [" + std::to_string(lo) + ", " + std::to_string(hi) + "]",
             "IllegalArgumentException");
    bool tail = n == "tail";
    // 3.7: limit(local, 1), tail(local, 1) and range(local, a, a + 1) unwrap their one item (none: the
    // traverser is dropped); 4.0 answers the collection (Dialect::local_range_collection)
    bool single = !compiling_dialect().local_range_collection &&
                  ((n == "limit" && hi == 1) || (n == "tail" && hi == 1) || (n == "range" && hi - lo == 1));
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
            } else if (t.obj.v.type() == Type::set) {  // a Set stays a Set (LinkedHashSet)
                advance(ctx, t, Obj(Value::set(std::move(sel))));
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
    // Lazy range over bulked traversers; stops pulling once the upper bound is reached. Inside a
    // repeat() body the count carries over from one iteration to the next (the body is one traversal
    // in TinkerPop): 3.7 keeps one count for the whole repeat(), 3.8/4.0 one per loop number
    // (TINKERPOP-3202, Dialect::range_count_per_loop).
    struct RangeStep : Step {
        std::int64_t lo, hi;
        bool per_loop = false;
        std::unordered_map<std::uint64_t, std::int64_t> seen;  // by loop number (0 only, without per_loop)
        bool next(Traverser& out) override {
            for (;;) {
                if (!per_loop && hi >= 0 && seen[0] >= hi) return false;
                if (!input_->next(out)) return false;
                ctx_->tick();
                std::int64_t& n = seen[per_loop ? out.loops & ((std::uint64_t{1} << 21) - 1) : 0];
                std::int64_t a = n, b = n + out.bulk;
                if (hi >= 0 && a >= hi) continue;
                n = b;
                std::int64_t from = std::max(a, lo), to = hi < 0 ? b : std::min(b, hi);
                if (to > from) {
                    out.bulk = to - from;
                    return true;
                }
            }
        }
        void reset() override {
            if (!ctx_->repeat_round) seen.clear();
            Step::reset();
        }
    };
    const bool per_loop = compiling_dialect().range_count_per_loop && compiling_repeat_body();
    comp.add([lo, hi, per_loop](Ctx&) {
        auto r = std::make_unique<RangeStep>();
        r->lo = lo;
        r->hi = hi;
        r->per_loop = per_loop;
        return std::unique_ptr<Step>(std::move(r));
    });
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

// discard() (3.7's none(); steps_list.cpp's none() builds it when it has no argument): drop every
// traverser
void build_none(Compiler& comp, const Spec&) {
    comp.add_fn([](Ctx&, Traverser&) { return false; });
}

}  // namespace

void register_filter_steps(StepTable& t) {
    t.add("is", build_is);
    for (const char* n : {"not", "filter", "and", "or", "sideEffect", "map"}) t.add(n, build_connective);
    for (const char* n : {"limit", "range", "skip", "tail"}) t.add(n, build_range);
    t.add("timeLimit", build_time_limit);
    t.add("discard", build_none);
    // barrier: steps_sidefx.cpp
}

}  // namespace tpbench::server::detail
