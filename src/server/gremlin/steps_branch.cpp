// Branching and looping steps: union(), coalesce(), optional(), local(), flatMap(), choose(),
// repeat() with times/until/emit, loops().
#include "compiler.hpp"

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

void build_branch(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    std::vector<PlanPtr> plans;
    auto mode = BranchStep::Mode::all;
    bool bulk_one = false;
    std::function<void(Ctx&, std::vector<std::unique_ptr<Pipeline>>&, Traverser&, std::vector<int>&)> route;
    bool global = false;
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
                plans.push_back(comp.child(in.args[0], in));
            bool has_cond = !pred.is_null() || true;
            (void)has_cond;
            std::size_t base = plans.size();
            plans.push_back(comp.child(in.args[1], in));
            if (in.args.size() == 3) plans.push_back(comp.child(in.args[2], in));
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
                plans.push_back(comp.single(in.args[0].v.str(), {}));
            else
                plans.push_back(comp.child(in.args[0], in));
            std::vector<Value> keys;
            int none_idx = -1;
            std::vector<int> any_idx;
            for (auto* m : s.mods) {
                if (m->name != "option") continue;
                if (m->args.size() != 2 || !m->args[1].t || m->args[0].t) bad_args(*m);
                int idx = static_cast<int>(plans.size());
                plans.push_back(comp.child(m->args[1], *m));
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
    comp.add([plans, mode, bulk_one, route, global](Ctx& ctx) {
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
        fresh_ = true;
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
        // the first iteration after a (re)start resets the body fully; later ones keep the state
        // TinkerPop keeps across iterations (repeat_round)
        ctx_->repeat_round = !fresh_;
        body_->reset();
        ctx_->repeat_round = false;
        fresh_ = false;
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
    bool fresh_ = true;  // no iteration since the last reset()
    MergeSet gen_;
    MergeSet out_set_;
    std::vector<Traverser> outq_;
    std::size_t pos_ = 0;
};

void build_repeat(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    auto spec = std::make_shared<RepeatSpec>();
    if (in.args.size() == 2 && is_str(in.args[0]) && in.args[1].t) {
        fail(EvalError::Kind::unsupported, "named repeat() loops are not supported (at " + comp.code.where +
                                               " " + std::to_string(in.pos) + ")");
    }
    if (in.args.size() != 1 || !in.args[0].t) bad_args(in);
    spec->body = comp.child(in.args[0], in);
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
    comp.add([spec](Ctx& ctx) { return std::unique_ptr<Step>(std::make_unique<RepeatStep>(ctx, *spec)); });
    (void)spec;
}

void build_loops(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (!in.args.empty()) bad_args(in);
    comp.add_fn([](Ctx& ctx, Traverser& t) {
        advance(ctx, t, Obj(Value::int_(static_cast<std::int32_t>(t.loops & kLoopMask))));
        return true;
    });
    return;
}

}  // namespace

void register_branch_steps(StepTable& t) {
    t.add("union", build_branch, kStepSource);
    for (const char* n : {"coalesce", "optional", "local", "flatMap", "choose"}) t.add(n, build_branch);
    t.add("repeat", build_repeat);
    t.add("loops", build_loops);
}

}  // namespace tpbench::server::detail
