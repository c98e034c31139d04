// Branching and looping steps: union(), coalesce(), optional(), local(), flatMap(), choose(),
// repeat() with times/until/emit, loops().
#include "compiler.hpp"
#include "dialect.hpp"

#include <functional>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

// Streams the outputs of child pipelines chosen per input traverser (union, choose, coalesce,
// optional, local, flatMap). `route` returns the branch indices to run (-1 = the traverser itself).
class BranchStep : public Step {
public:
    enum class Mode : std::uint8_t { all, first_productive, flat };
    Mode mode = Mode::all;
    bool bulk_one = false;  // run the child with bulk 1 and multiply (flatMap)
    // run the child once per unit of bulk, each time with bulk 1 (4.0's local(): Dialect::local_splits_bulk)
    bool split_bulk = false;
    std::vector<std::unique_ptr<Pipeline>> kids;
    std::function<void(Traverser&, std::vector<int>&)> route;
    // union() with a reducing child (count(), fold(), …), choose()/branch() with a barrier in an
    // option: as in TinkerPop's BranchStep, all incoming traversers are routed to their branches
    // first, so g.V().union(count(), count()) is 6, 6 — not one count per vertex. The branches'
    // outputs then stream in branch order.
    bool global = false;
    // The kids whose outputs are the step's outputs in global mode (empty: all of them); the others
    // are choose()'s selector and option-key traversals.
    std::vector<int> outputs;
    // g.union(...) as a start step: the seed traverser carries a starter object that is never
    // emitted (UnionStep's UNION_STARTER; inject() children pass it through).
    bool starter = false;

    static const Value& starter_value() {
        static const Value v = Value::enum_(EnumKind::pick, "~union.starter");
        return v;
    }
    static bool is_starter(const Obj& o) {
        return !o.el && o.v.type() == Type::enum_ && o.v.enum_kind() == EnumKind::pick &&
               o.v.str() == starter_value().str();
    }

    bool next(Traverser& out) override {
        if (!starter) return next_any(out);
        while (next_any(out))
            if (!is_starter(out.obj)) return true;
        return false;
    }

private:
    bool next_any(Traverser& out) { return global ? next_global(out) : next_routed(out); }

    bool next_routed(Traverser& out) {
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
                if (bulk_one || split_bulk) s.bulk = 1;
                kids[static_cast<std::size_t>(b)]->start_with(s);
                active_ = b;
                continue;
            }
            if (split_left_ > 0) {
                --split_left_;
                bi_ = 0;
                produced_ = false;
                continue;
            }
            if (!input_->next(cur_)) return false;
            ctx_->tick();
            if (starter) cur_.obj = Obj(starter_value());
            split_left_ = split_bulk && cur_.bulk > 1 ? cur_.bulk - 1 : 0;
            branches_.clear();
            bi_ = 0;
            produced_ = false;
            route(cur_, branches_);
        }
    }

public:
    void reset() override {
        active_ = -1;
        split_left_ = 0;
        branches_.clear();
        bi_ = 0;
        fed_ = false;
        gi_ = 0;
        self_.clear();
        self_pos_ = 0;
        if (global)
            for (auto& k : kids) k->reset();
        Step::reset();
    }

private:
    bool next_global(Traverser& out) {
        if (!fed_) {
            for (auto& k : kids) k->reset();
            started_.assign(kids.size(), false);
            Traverser t;
            while (input_->next(t)) {
                ctx_->tick();
                if (starter) t.obj = Obj(starter_value());
                branches_.clear();
                route(t, branches_);
                for (int b : branches_) {
                    if (b < 0) {
                        self_.push_back(t);
                    } else {
                        kids[static_cast<std::size_t>(b)]->push(t);
                        started_[static_cast<std::size_t>(b)] = true;
                    }
                }
            }
            branches_.clear();
            fed_ = true;
            gi_ = 0;
        }
        if (self_pos_ < self_.size()) {
            out = std::move(self_[self_pos_++]);
            return true;
        }
        std::size_t n = outputs.empty() ? kids.size() : outputs.size();
        while (gi_ < n) {
            std::size_t k = outputs.empty() ? gi_ : static_cast<std::size_t>(outputs[gi_]);
            // a branch no traverser reached yields nothing (not a reducing step's empty result)
            if (started_[k] && kids[k]->next(out)) return true;
            ++gi_;
        }
        return false;
    }
    std::vector<Traverser> self_;
    std::size_t self_pos_ = 0;
    std::vector<bool> started_;
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
    std::int64_t split_left_ = 0;
};

using Route =
    std::function<void(Ctx&, std::vector<std::unique_ptr<Pipeline>>&, Traverser&, std::vector<int>&)>;

bool has_barrier(const PlanPtr& p) { return p->reducing || p->has_barrier; }

// choose(traversal).option(key, branch)... / branch(traversal).option(...) (BranchStep): the
// selector's first result picks every option whose key equals it (a P tests it, a traversal must
// yield something for it), Pick.any options take every traverser, Pick.none ones those no keyed
// option took; a traverser with no option is filtered. choose(T.label) selects by the token. With a
// barrier in an option all traversers are routed before any option runs (`global`).
// 4.0 (Dialect::branch_v4_picks, each asked of real 4.0 master): choose() takes the first matching
// option only, the first Pick.none when none matched, and otherwise passes the traverser through; a
// selector with no result ("unproductive") goes to the first Pick.unproductive option or passes
// through; Pick.any and traversal keys are refused. branch() keeps every match, and sends an
// unproductive traverser to its Pick.unproductive options, else its Pick.none options, else filters
// it. 3.7: an unproductive traverser fails ("The provided traverser does not map to a value").
void build_options(Compiler& comp, const Spec& s, std::vector<PlanPtr>& plans, Route& route,
                   std::vector<int>& outputs, bool& global) {
    const Instr& in = *s.main;
    const bool v4 = compiling_dialect().branch_v4_picks;
    const bool choose = in.name == "choose";
    if (!in.args[0].t && is_enum(in.args[0], EnumKind::t))
        plans.push_back(comp.single(in.args[0].v.str(), {}));
    else
        plans.push_back(comp.child(in.args[0], in));
    std::vector<Value> keys;
    std::vector<int> key_plan;  // index of the option key's traversal in plans, or -1
    std::vector<int> branch;    // index of the option's branch in plans
    std::vector<int> none_idx, any_idx, unproductive_idx;
    for (auto* m : s.mods) {
        if (m->name != "option") continue;
        if (m->args.size() != 2 || !m->args[1].t) bad_args(*m);
        const Arg& k = m->args[0];
        if (!k.t && k.v.type() == Type::enum_ && k.v.enum_kind() == EnumKind::pick) {
            const std::string& pick = k.v.str();
            if (v4 && choose && pick == "any")
                fail(EvalError::Kind::evaluation,
                     "Choose step can not have an any-option as only one option per traverser is allowed",
                     "IllegalArgumentException");
            int idx = static_cast<int>(plans.size());
            plans.push_back(comp.child(m->args[1], *m));
            if (pick == "none")
                none_idx.push_back(idx);
            else if (pick == "unproductive" && v4)
                unproductive_idx.push_back(idx);
            else
                any_idx.push_back(idx);
            continue;
        }
        if (v4 && choose && k.t)
            fail(EvalError::Kind::evaluation,
                 "Traversal is not allowed as a Pick token for choose().option()",
                 "IllegalArgumentException");
        int kp = -1;
        if (k.t) {
            kp = static_cast<int>(plans.size());
            plans.push_back(comp.child(k, *m));
        }
        branch.push_back(static_cast<int>(plans.size()));
        plans.push_back(comp.child(m->args[1], *m));
        keys.push_back(k.t ? Value() : k.v);
        key_plan.push_back(kp);
    }
    // 3.7 keeps one Pick.none option (the last); 4.0's choose() the first, its branch() every one
    if (!v4 && none_idx.size() > 1) none_idx.erase(none_idx.begin(), none_idx.end() - 1);
    if (v4 && choose && none_idx.size() > 1) none_idx.resize(1);
    if (v4 && choose && unproductive_idx.size() > 1) unproductive_idx.resize(1);
    // outputs in BranchStep's order: the Pick options, then the keyed ones
    for (int n : none_idx) outputs.push_back(n);
    for (int u : unproductive_idx) outputs.push_back(u);
    for (int a : any_idx) outputs.push_back(a);
    for (int b : branch) outputs.push_back(b);
    for (int o : outputs)
        if (has_barrier(plans[static_cast<std::size_t>(o)])) global = true;
    route = [keys, key_plan, branch, none_idx, any_idx, unproductive_idx, v4, choose](
                Ctx& ctx, auto& kids, Traverser& t, std::vector<int>& b) {
        Traverser x = t;
        x.bulk = 1;
        kids[0]->start_with(x);
        Traverser r;
        if (!kids[0]->next(r)) {
            if (!v4)
                fail(EvalError::Kind::evaluation,
                     "The provided traverser does not map to a value: " + to_value(ctx, t.obj).to_string(),
                     "IllegalArgumentException");
            const auto& to = !unproductive_idx.empty() || choose ? unproductive_idx : none_idx;
            for (int u : to) b.push_back(u);
            if (to.empty() && choose) b.push_back(-1);  // passes through
            return;
        }
        bool matched = false;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            bool hit;
            if (key_plan[i] >= 0) {
                Traverser c = t;
                c.bulk = 1;
                c.obj = r.obj;
                hit = kids[static_cast<std::size_t>(key_plan[i])]->any(c);
            } else if (keys[i].type() == Type::p || keys[i].type() == Type::text_p) {
                hit = test_p(ctx, keys[i], r.obj);
            } else {
                hit = gremlin_eq(ctx, r.obj, Obj(keys[i]));
            }
            if (hit) {
                b.push_back(branch[i]);
                matched = true;
                if (v4 && choose) break;  // 4.0's choose(): one option per traverser
            }
        }
        for (int a : any_idx) b.push_back(a);
        if (!matched) {
            for (int n : none_idx) b.push_back(n);
            // 3.7 and branch(): a traverser matching no option and with no Pick.none is filtered;
            // 4.0's choose() passes it through
            if (none_idx.empty() && v4 && choose) b.push_back(-1);
        }
    };
}

void build_branch(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    std::vector<PlanPtr> plans;
    auto mode = BranchStep::Mode::all;
    bool bulk_one = false;
    bool split_bulk = false;
    Route route;
    bool global = false;
    std::vector<int> outputs;
    if (n == "union") {
        for (const auto& a : in.args) plans.push_back(comp.child(a, in));
        for (const auto& p : plans)
            if (p->reducing) global = true;
        std::size_t k = plans.size();
        route = [k](Ctx&, auto&, Traverser&, std::vector<int>& b) {
            for (std::size_t i = 0; i < k; ++i) b.push_back(static_cast<int>(i));
        };
    } else if (n == "coalesce") {
        for (const auto& a : in.args) plans.push_back(comp.child(a, in));
        mode = BranchStep::Mode::first_productive;
        std::size_t k = plans.size();
        route = [k](Ctx&, auto&, Traverser&, std::vector<int>& b) {
            for (std::size_t i = 0; i < k; ++i) b.push_back(static_cast<int>(i));
        };
    } else if (n == "optional") {
        if (in.args.size() != 1) bad_args(in);
        plans.push_back(comp.child(in.args[0], in));
        mode = BranchStep::Mode::first_productive;
        route = [](Ctx&, auto&, Traverser&, std::vector<int>& b) {
            b.push_back(0);
            b.push_back(-1);
        };
    } else if (n == "local" || n == "flatMap") {
        if (in.args.size() != 1) bad_args(in);
        plans.push_back(comp.child(in.args[0], in));
        // flatMap() runs its child on a bulk-1 split and multiplies (TraversalUtil.applyAll); 3.7's
        // local() hands the child the traverser, bulk and all (LocalStep), so local(count()) counts the
        // bulk; 4.0's runs it once per unit of bulk (Dialect::local_splits_bulk)
        bulk_one = n == "flatMap";
        split_bulk = n == "local" && compiling_dialect().local_splits_bulk;
        if (n == "flatMap") mode = BranchStep::Mode::flat;
        route = [](Ctx&, auto&, Traverser&, std::vector<int>& b) { b.push_back(0); };
    } else if (n == "choose") {
        if (in.args.size() == 3 || in.args.size() == 2) {
            // choose(condition, trueBranch[, falseBranch]); condition is a traversal or a P
            Value pred;
            if (is_pred(in.args[0]))
                pred = in.args[0].v;
            else
                plans.push_back(comp.child(in.args[0], in));
            std::size_t base = plans.size();
            plans.push_back(comp.child(in.args[1], in));
            if (in.args.size() == 3) plans.push_back(comp.child(in.args[2], in));
            bool has_false = in.args.size() == 3;
            // ChooseStep is a BranchStep: a barrier in a branch routes all traversers first
            for (std::size_t i = base; i < plans.size(); ++i) {
                outputs.push_back(static_cast<int>(i));
                if (has_barrier(plans[i])) global = true;
            }
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
            build_options(comp, s, plans, route, outputs, global);
        } else {
            bad_args(in);
        }
    } else if (n == "branch") {
        if (in.args.size() != 1) bad_args(in);
        if (!in.args[0].t && is_enum(in.args[0], EnumKind::t))
            // branch(Function) applies the function to the traverser, not its object: T.label fails
            fail(EvalError::Kind::evaluation,
                 "branch(" + in.args[0].v.str() +
                     ") applies the token to the traverser, not its object (Gremlin Server fails with a "
                     "ClassCastException); use branch(" +
                     in.args[0].v.str() + "())",
                 "ClassCastException");
        build_options(comp, s, plans, route, outputs, global);
    }
    if (plans.empty() && n != "optional" && n != "union") bad_args(in);
    bool starter = n == "union" && comp.at_start;
    comp.add([plans, mode, bulk_one, split_bulk, route, global, outputs, starter](Ctx& ctx) {
        auto st = std::make_unique<BranchStep>();
        st->mode = mode;
        st->global = global;
        st->outputs = outputs;
        st->starter = starter;
        st->bulk_one = bulk_one;
        st->split_bulk = split_bulk;
        for (const auto& p : plans) st->kids.push_back(p->instantiate(ctx));
        Ctx* c = &ctx;
        auto* kids = &st->kids;
        st->route = [route, c, kids](Traverser& t, std::vector<int>& b) { route(*c, *kids, t, b); };
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
    // RepeatUnrollStrategy inlines it (strategies.cpp): generation by generation; lazy_last: no
    // barrier after the last copy (a barrier step follows)
    bool unrolled = false;
    bool lazy_last = false;
    // a barrier anywhere in the body (holds_barrier); with Dialect::repeat_barrier_all_starts every
    // start goes into the body before it runs
    bool body_barrier = false;
    bool all_starts = false;
};

constexpr std::uint64_t kLoopBits = 21;
constexpr std::uint64_t kLoopMask = (1ULL << kLoopBits) - 1;
constexpr std::size_t kMaxFrontier = std::size_t{1} << 20;

// repeat() as TinkerPop runs it.
//  - Unrolled (RepeatUnrollStrategy: times(n) alone): the body's copies one after another, each
//    followed by a NoOpBarrierStep, so a whole generation goes through the body at once and equal
//    traversers merge between generations (repeat(both()).times(n) keeps ≤ |V| traversers).
//  - Otherwise (RepeatStep with RepeatEndStep): one start at a time; what comes out of the body and
//    must go round again joins the body's start set (TinkerPop's TraverserSet: first in, first out,
//    merging equal traversers still waiting), and a new start is taken only when the body has
//    nothing left, so the loop runs depth first per start, emitting as it goes.
class RepeatStep : public Step {
public:
    RepeatStep(Ctx& ctx, const RepeatSpec& spec) : spec_(spec) {
        body_ = spec.body->instantiate(ctx);
        if (spec.until) until_ = spec.until->instantiate(ctx);
        if (spec.emit_plan) emit_ = spec.emit_plan->instantiate(ctx);
    }
    bool next(Traverser& out) override { return spec_.unrolled ? next_unrolled(out) : next_looped(out); }
    void reset() override {
        started_ = false;
        fresh_ = true;
        body_busy_ = false;
        gen_.clear();
        out_set_.clear();
        outq_.clear();
        pos_ = 0;
        waiting_.clear();
        again_.clear();
        Step::reset();
    }

private:
    // The next output already decided, if any (the queue is emptied once read).
    bool queued(Traverser& out) {
        if (pos_ < outq_.size()) {
            out = std::move(outq_[pos_++]);
            return true;
        }
        outq_.clear();
        pos_ = 0;
        return false;
    }

    bool next_unrolled(Traverser& out) {
        for (;;) {
            if (queued(out)) return true;
            out_set_.clear();
            if (!started_) {
                started_ = true;
                Traverser t;
                while (input_->next(t)) {
                    ctx_->tick();
                    enter(t);
                    gen_.add(std::move(t));
                }
                continue;
            }
            if (gen_.empty()) return false;
            run_generation();
            move_outputs();
        }
    }

    bool next_looped(Traverser& out) {
        for (;;) {
            if (queued(out)) return true;
            Traverser r;
            if (body_busy_ && body_->next(r)) {
                // RepeatEndStep
                ctx_->tick();
                count_loop(r);
                if (stop_times(r) || (!spec_.until_before && spec_.until && test(until_, r))) {
                    out = leave(std::move(r));
                    return true;
                }
                const bool emit = !spec_.emit_before && spec_.emit && (!emit_ || test(emit_, r));
                Traverser copy;
                if (emit) copy = r;
                // round again: straight into the body, or back through the checks made before it
                if (spec_.until_before || spec_.emit_before)
                    again_.add(std::move(r));
                else
                    wait(std::move(r));
                if (emit) {
                    out = leave(std::move(copy));
                    return true;
                }
                continue;
            }
            body_busy_ = false;
            Traverser t;
            if (waiting_.pop_front(t)) {
                feed(t);
                // a barrier in the body takes every start waiting when it runs (processAllStarts)
                if (spec_.body_barrier)
                    while (waiting_.pop_front(t)) body_->push(t);
                continue;
            }
            if (spec_.all_starts && again_.empty()) {
                // 4.0: every start goes into a body holding a barrier before it runs
                bool any = false;
                while (input_->next(t)) {
                    ctx_->tick();
                    enter(t);
                    start(std::move(t));
                    any = true;
                }
                if (!any) return false;
                continue;
            }
            // RepeatStep: a start that came round again first, else the next one from upstream
            if (!again_.pop_front(t)) {
                if (!input_->next(t)) return false;
                ctx_->tick();
                enter(t);
            }
            start(std::move(t));
        }
    }
    // RepeatStep.processTraverser: until() and emit() first, else into the body's start set.
    void start(Traverser t) {
        if (spec_.until_before && (stop_times(t) || (spec_.until && test(until_, t)))) {
            outq_.push_back(leave(std::move(t)));
            return;
        }
        const bool emit = spec_.emit_before && (!emit_ || test(emit_, t));
        if (emit) outq_.push_back(leave(t));
        wait(std::move(t));
    }

    void enter(Traverser& t) {
        if (t.loops >> (2 * kLoopBits))
            fail(EvalError::Kind::evaluation, "repeat() nested more than 3 deep", "IllegalStateException");
        t.loops <<= kLoopBits;
    }
    Traverser leave(Traverser t) {
        t.loops >>= kLoopBits;
        return t;
    }
    void count_loop(Traverser& r) {
        if ((r.loops & kLoopMask) == kLoopMask)
            fail(EvalError::Kind::evaluation, "repeat() exceeded 2097151 iterations",
                 "IllegalStateException");
        ++r.loops;
    }
    // Bounds what waits to go round again (a generation, or the body's start set).
    static void check_frontier(const MergeSet& s) {
        if (s.size() > kMaxFrontier)
            fail(EvalError::Kind::evaluation,
                 "repeat() frontier exceeded " + std::to_string(kMaxFrontier) +
                     " distinct traversers (path tracking prevents bulking)",
                 "IllegalStateException");
    }
    void wait(Traverser t) {
        waiting_.add(std::move(t));
        check_frontier(waiting_);
    }
    // Starts the body on one traverser; the body keeps what TinkerPop keeps across iterations.
    void feed(const Traverser& t) {
        ctx_->repeat_round = !fresh_;
        body_->reset();
        ctx_->repeat_round = false;
        fresh_ = false;
        body_->push(t);
        body_busy_ = true;
    }

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
        Traverser o = leave(t);
        // the last copy of an unrolled repeat() with a barrier after it: no NoOpBarrierStep, no merging
        if (spec_.lazy_last)
            outq_.push_back(std::move(o));
        else
            out_set_.add(std::move(o));
    }
    void move_outputs() {
        for (auto& t : out_set_.items()) outq_.push_back(std::move(t));
        out_set_.clear();
    }
    void run_generation() {
        // each unrolled copy is a clone of the body: nothing carries over from the one before
        body_->reset();
        fresh_ = false;
        for (auto& t : gen_.items()) body_->push(t);
        gen_.clear();
        Traverser r;
        while (body_->next(r)) {
            ctx_->tick();
            count_loop(r);
            if (stop_times(r)) {
                emit_out(r);
                continue;
            }
            gen_.add(std::move(r));
            check_frontier(gen_);
        }
    }

    const RepeatSpec& spec_;
    std::unique_ptr<Pipeline> body_, until_, emit_;
    bool started_ = false;
    bool fresh_ = true;  // no iteration since the last reset()
    MergeSet gen_;
    MergeSet out_set_;
    std::vector<Traverser> outq_;
    std::size_t pos_ = 0;
    bool body_busy_ = false;  // the body holds a start it has not finished
    MergeSet waiting_;        // the body's start set
    MergeSet again_;          // round again through the checks before the body (until()/emit() first)
};

// The repeat() loops enclosing the traversal being compiled, innermost last, by name ("" unnamed):
// loops('a') resolves to the counter of the innermost repeat('a', …) at build time (its 21-bit slot
// in Traverser::loops). Body, until() and emit() of a repeat see it as the innermost loop.
thread_local std::vector<std::string> t_loop_names;

}  // namespace

bool compiling_repeat_body() { return !t_loop_names.empty(); }

namespace {

struct LoopScope {
    explicit LoopScope(std::string name) { t_loop_names.push_back(std::move(name)); }
    ~LoopScope() { t_loop_names.pop_back(); }
    LoopScope(const LoopScope&) = delete;
    LoopScope& operator=(const LoopScope&) = delete;
};

void build_repeat(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    auto spec = std::make_shared<RepeatSpec>();
    std::size_t body_arg = 0;
    std::string name;
    if (in.args.size() == 2 && is_str(in.args[0]) && in.args[1].t) {
        // repeat(loopName, traversal)
        name = in.args[0].v.str();
        body_arg = 1;
    } else if (in.args.size() != 1 || !in.args[0].t) {
        bad_args(in);
    }
    // 4.0 (master's StandardVerificationStrategy): no inject() anywhere under a repeat()
    // (Dialect::inject_under_repeat_rejected); 3.7 has no such check.
    if (compiling_dialect().inject_under_repeat_rejected) {
        std::function<bool(const Code&)> has_inject = [&](const Code& c) {
            for (const auto& st : c.steps) {
                if (st.name == "inject") return true;
                for (const auto& a : st.args)
                    if (a.t && has_inject(*a.t)) return true;
            }
            return false;
        };
        bool found = has_inject(*in.args[body_arg].t);
        for (const Instr* m : s.mods)
            for (const auto& a : m->args)
                if (a.t && has_inject(*a.t)) found = true;
        if (found)
            fail(EvalError::Kind::evaluation,
                 "The parent of inject()-step can not be repeat()-step: InjectStep", "VerificationException");
    }
    LoopScope scope(name);
    spec->body = comp.repeat_body(in.args[body_arg], in);
    auto apply = [&](const Instr* m, bool before) {
        if (m->name == "times") {
            if (m->args.size() != 1) bad_args(*m);
            spec->times = int_of(m->args[0], *m);
            spec->until_before = before;
        } else if (m->name == "until") {
            if (m->args.size() != 1 || !m->args[0].t) bad_args(*m);
            spec->until = comp.child(m->args[0], *m);
            spec->until_before = before;
        } else if (m->name == "emit") {
            spec->emit = true;
            spec->emit_before = before;
            if (m->args.size() == 1 && m->args[0].t)
                spec->emit_plan = comp.child(m->args[0], *m);
            else if (m->args.size() == 1 && is_pred(m->args[0])) {
                Code c;
                c.anonymous = true;
                c.steps.push_back(Instr{"is", {m->args[0]}, m->pos});
                spec->emit_plan = comp.child_code(c);
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
    spec->unrolled = comp.repeat_unrolled();
    spec->lazy_last = comp.repeat_lazy_last();
    spec->body_barrier =
        holds_barrier(*in.args[body_arg].t) || spec->body->has_barrier || spec->body->reducing;
    spec->all_starts = spec->body_barrier && compiling_dialect().repeat_barrier_all_starts;
    comp.add([spec](Ctx& ctx) { return std::unique_ptr<Step>(std::make_unique<RepeatStep>(ctx, *spec)); });
    (void)spec;
}

void build_loops(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    std::uint64_t shift = 0;
    if (in.args.size() == 1 && (is_str(in.args[0]) || (!in.args[0].t && in.args[0].v.is_null()))) {
        // loops(loopName): the named enclosing repeat's counter (loops(null) is loops())
        if (is_str(in.args[0])) {
            const std::string& name = in.args[0].v.str();
            std::size_t depth = 0;
            bool found = false;
            for (std::size_t i = t_loop_names.size(); i-- > 0; ++depth)
                if (t_loop_names[i] == name) {
                    found = true;
                    break;
                }
            if (!found)
                fail(EvalError::Kind::evaluation, "Loop name not defined: " + name,
                     "IllegalArgumentException");
            if (depth > 2)
                fail(EvalError::Kind::evaluation, "repeat() nested more than 3 deep",
                     "IllegalStateException");
            shift = depth * kLoopBits;
        }
    } else if (!in.args.empty()) {
        bad_args(in);
    }
    if (strategy_env().plain_traverser) {
        // a B_O_Traverser has no loop counter (real 3.7.5: "… named loops: …", master: "… loops: …")
        const char* what = compiling_dialect().loops_message_unnamed ? "loops" : "named loops";
        comp.add_fn([what](Ctx&, Traverser&) -> bool {
            fail(EvalError::Kind::evaluation,
                 std::string("This traverser does not support ") + what +
                     ": org.apache.tinkerpop.gremlin.process.traversal.traverser.B_O_Traverser",
                 "UnsupportedOperationException");
        });
        return;
    }
    comp.add_fn([shift](Ctx& ctx, Traverser& t) {
        advance(ctx, t, Obj(Value::int_(static_cast<std::int32_t>((t.loops >> shift) & kLoopMask))));
        return true;
    });
}

}  // namespace

void register_branch_steps(StepTable& t) {
    t.add("union", build_branch, kStepSource);
    for (const char* n : {"coalesce", "optional", "local", "flatMap", "choose"}) t.add(n, build_branch);
    t.add("branch", build_branch);
    t.add("repeat", build_repeat);
    t.add("loops", build_loops);
}

}  // namespace tpbench::server::detail
