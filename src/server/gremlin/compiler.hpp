#pragma once
// Private to tpbench::gremlin: the compiler from instructions to plans, the step table it
// dispatches through, and the argument helpers and generic step shapes the step builders
// (steps_*.cpp) share.
//
// Adding steps: write `void build_x(Compiler& comp, const Spec& s)` in a steps_*.cpp file, add it
// to that file's `register_*_steps(StepTable&)`, and (for a new file) list the register function in
// kStepFiles in compiler.cpp. (The liststeps and write builders take their own site structs,
// StepSite and WriteBuild; steps_site.cpp adapts them.) A builder resolves everything it can at build time
// (step names, tokens, operators, scopes become enums or flags captured by its closures); nothing compares a
// step name per traverser.
#include "runtime.hpp"
#include "step_shapes.hpp"

#include <deque>
#include <string_view>

namespace tpbench::server::detail {

// ---- argument helpers -------------------------------------------------------------------------------

// The Java class name an argument has in Gremlin Server's MissingMethodException messages.
std::string java_type(const Arg& a);
// Fails like Gremlin Server when no overload of `in` accepts its arguments.
[[noreturn]] void bad_args(const Instr& in);
inline bool is_str(const Arg& a) { return !a.t && a.v.type() == model::Type::string; }
inline bool is_enum(const Arg& a, model::EnumKind k) {
    return !a.t && a.v.type() == model::Type::enum_ && a.v.enum_kind() == k;
}
inline bool is_pred(const Arg& a) {
    return !a.t && (a.v.type() == model::Type::p || a.v.type() == model::Type::text_p);
}
bool is_int_arg(const Arg& a);
// The string arguments of `in` from index `from` on (bad_args for any other).
std::vector<std::string> strings(const Instr& in, std::size_t from = 0);
// Wraps a non-predicate argument as P.eq.
model::Value as_pred(const Arg& a, const Instr& in);
// 4.0's ReadOnlyChildValidator: a traversal used as a value (P.eq(__.x()), V(__.x())) must not
// mutate the graph (IllegalArgumentException "Child traversal contains a mutating step …").
void check_read_only_child(const Code& c);
// Builds a P.within from several arguments (hasLabel('a','b'), hasId(1,2)).
model::Value within_of(const Instr& in, std::size_t from);
// Order.asc/desc/shuffle as 1 / -1 / 0.
int order_of(const model::Value& v);
std::int64_t int_of(const Arg& a, const Instr& in);

// ---- helpers shared by several step files ------------------------------------------------------------

// Items of a collection for local-scope steps (map entries become single-entry maps); false for a
// non-collection.
bool local_items(const Obj& o, std::vector<model::Value>& items);
// Groovy/TinkerPop NumberHelper arithmetic: the wider type wins; Int overflow promotes to Long.
model::Value num_add(const model::Value& a, const model::Value& b);
model::Value num_mul(const model::Value& a, const model::Value& b);
model::Value num_mul_bulk(const model::Value& a, std::int64_t bulk);

// ---- the compiler -------------------------------------------------------------------------------------

// One step with its modulators.
struct Spec {
    const Instr* main = nullptr;
    std::vector<const Instr*> mods;  // by/option/times/until/emit/from/to/with after the step
    std::vector<const Instr*> pre;   // until/emit/times before a repeat
};

// A traversal's steps with their modulators (throws EvalFailure for a misplaced modulator).
std::vector<Spec> split_specs(const Code& code);

// ---- the strategies whose effects show in results (strategies.cpp) ---------------------------------

// The walk's state: a flatMap seen, a label in the path.
struct LazyBarrierState {
    bool found_flat_map = false;
    bool labeled_path = false;
};
// What the whole traversal (its source and every child) says about the strategies strategies.cpp follows
// (withoutStrategies(X) turns X off).
struct StrategyEnv {
    bool off = false;         // LazyBarrierStrategy off: withComputer(), withPath(), withoutStrategies(…)
    bool fusion = true;       // IncidentToAdjacentStrategy (off with path()/simplePath()/tree() anywhere)
    bool early_limit = true;  // EarlyLimitStrategy
    bool unroll = true;       // RepeatUnrollStrategy
    bool retraction = true;   // PathRetractionStrategy (off when anything needs full paths)
    bool count = true;        // CountStrategy
    bool ranking = true;      // FilterRankingStrategy (moves is() next to count())
    // TinkerPop's B_O_Traverser (nothing asks for loops, labels, paths, side effects or sacks): no
    // loop counter, so loops() fails
    bool plain_traverser = false;
};
struct LazyBarriers {
    // per spec: a bulking barrier after it (merge_retracted: merging traversers whatever their paths
    // hold, the labels in them dropped by PathRetractionStrategy)
    enum After : std::uint8_t { none, merge, merge_retracted };
    std::vector<After> after;
    std::vector<LazyBarrierState> at;  // per spec: the walk's state before it
    std::vector<const Code*> body;     // per spec: the repeat() body RepeatUnrollStrategy inlines
    std::vector<bool> lazy_last;       // per spec: that repeat()'s last copy has no barrier after it
    LazyBarrierState out;              // the state after the last spec
};
StrategyEnv strategy_env_of(const Code& root);
// True while a repeat() body (or its until()/emit()) compiles (steps_branch.cpp).
bool compiling_repeat_body();
// A Barrier step anywhere in `c` (count(), fold(), order(), dedup(), limit(), aggregate(), …).
bool holds_barrier(const Code& c);
// EarlyLimitStrategy: a limit()/range()/skip() moves before the one-to-one map steps and side effects
// in front of it and merges with a range before it (an empty one lets nothing through and ends the
// traversal but for cap()); the new instructions live in `store`.
void early_limit(std::vector<Spec>& specs, std::deque<Instr>& store);
// CountStrategy: a limit(bound) before each count() compared by is(P) further on (FilterRankingStrategy
// moving the is() past other filters and order(), InlineFilterStrategy making where(__.is(P)) an
// is(P)), the bound being what P needs; the new instructions live in `store`.
void bound_counts(std::vector<Spec>& specs, std::deque<Instr>& store);
// IncidentToAdjacentStrategy: outE().inV(), inE().outV(), outE()/inE()/bothE().otherV() (the edge
// step unlabelled) become out()/in()/both(); the new instructions live in `store`.
void fuse_incident(std::vector<Spec>& specs, std::deque<Instr>& store);
// The environment of the source traversal compiling (compile() sets it).
const StrategyEnv& strategy_env();
// Where the barriers go in `code` (split into `specs`), the walk starting from `in`; reads the
// environment compile() set for the traversal being compiled.
LazyBarriers lazy_barriers(const Code& code, const std::vector<Spec>& specs, LazyBarrierState in);

// Builds one traversal's plan. Step builders use its public helpers to append step factories.
class Compiler {
public:
    Compiler(const Code& c, Plan& p) : code(c), plan(p) {}
    void run(bool source);

    void need(PathMode m) {
        if (m > plan.needs) plan.needs = m;
    }
    // The plan of a traversal argument (bad_args if `a` is not one).
    PlanPtr child(const Arg& a, const Instr& in);
    PlanPtr child_code(const Code& c);
    // The plan of a repeat() body: one RepeatUnrollStrategy inlines continues this traversal's
    // LazyBarrierStrategy walk.
    PlanPtr repeat_body(const Arg& a, const Instr& in);
    // RepeatUnrollStrategy inlines the repeat() being compiled (times(n), no emit()/until(), a body
    // it accepts); its last copy has no barrier after it (a barrier step follows the repeat())
    bool repeat_unrolled() const { return unrolled_ != nullptr; }
    bool repeat_lazy_last() const { return lazy_last_; }
    // A one-step anonymous traversal, e.g. values('name') for by('name') as a group value.
    PlanPtr single(const std::string& name, std::vector<Arg> args);
    By by_of(const Instr& in);
    std::vector<By> bys(const Spec& s);
    // The plan a by() contributes as a group/aggregation value traversal.
    PlanPtr by_plan(const By& b);

    template <class F>
    void add(F&& factory) {
        plan.steps.push_back(std::forward<F>(factory));
        reducing_last = false;
    }
    void add_fn(const std::function<bool(Ctx&, Traverser&)>& fn);
    // A filter over a predicate that may hold child traversals (4.0: P.gt(__.x())): `fn` gets the
    // predicate resolved against each traverser (as P.resolve does).
    void add_pred_fn(const model::Value& p, std::function<bool(Ctx&, Traverser&, const model::Value&)> fn);
    // The plans of a predicate's child traversals (none without), in PredRt's order.
    std::vector<PlanPtr> pred_plans(const model::Value& p);
    void add_expand(const std::function<void(Ctx&, Traverser&, std::vector<Traverser>&)>& fn);
    // A reducing barrier: fold(acc, traverser) then result(acc) → one value (or none).
    template <class Acc>
    void add_reduce(std::function<void(Ctx&, Acc&, const Traverser&)> fold,
                    std::function<bool(Ctx&, Acc&, model::Value&)> result);

    const Code& code;
    Plan& plan;
    bool at_start = false;       // compiling the first step of a source traversal
    bool first = false;          // compiling the first step of its traversal (source or child)
    bool reducing_last = false;  // the last step added is a reducing barrier
    LazyBarrierState inherit;    // the LazyBarrierStrategy walk this traversal continues (a repeat body)

private:
    void compile_step(const Spec& s);
    LazyBarrierState here_;           // the walk's state at the step being compiled
    const Code* unrolled_ = nullptr;  // its repeat() body, when RepeatUnrollStrategy inlines it
    bool lazy_last_ = false;
};

// Whether a predicate (or one of its connectives' operands) holds a child traversal (4.0).
bool p_has_traversal(const model::Value& p);

// P.resolve(traverser) over a predicate's child traversals (Compiler::pred_plans), instantiated once per
// evaluation: each runs on the traverser (bulk 1) and its first result replaces it; within/without take
// every item of a single child's collection; a scalar predicate whose child yields nothing matches
// nothing ("~never"). Other operands are kept as they are.
class PredRt {
public:
    PredRt(Ctx& ctx, const std::vector<PlanPtr>& plans);
    model::Value resolve(Ctx& ctx, const Traverser& t, const model::Value& p);

private:
    model::Value resolve(Ctx& ctx, const Traverser& t, const model::Value& p, std::size_t& next);
    std::vector<std::unique_ptr<Pipeline>> pipes_;
};

// ---- the step table -----------------------------------------------------------------------------------

using StepBuilder = void (*)(Compiler&, const Spec&);

enum StepFlag : std::uint8_t {
    kStepSource = 1,   // may start a traversal source (g.V(), g.inject(), g.addV(), …)
    kStepBarrier = 2,  // collects its whole input (the plan's has_barrier)
    kStepSince38 = 4,  // added by TinkerPop 3.8/4.0: unknown to a 3.7 evaluation (Dialect::new_steps)
};

struct StepEntry {
    StepBuilder build = nullptr;
    std::uint8_t flags = 0;
};

// Step name -> builder, filled once by the register functions of the step files.
class StepTable {
public:
    // Throws std::logic_error when `name` is registered twice.
    void add(std::string_view name, StepBuilder build, std::uint8_t flags = 0);
    const StepEntry* find(std::string_view name) const;
    std::size_t size() const { return map_.size(); }

private:
    std::unordered_map<std::string_view, StepEntry> map_;
};

// The table of every step (built on first use).
const StepTable& step_table();

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

template <class Acc>
void Compiler::add_reduce(std::function<void(Ctx&, Acc&, const Traverser&)> fold,
                          std::function<bool(Ctx&, Acc&, model::Value&)> result) {
    add([fold, result](Ctx& ctx) {
        auto s = std::make_unique<BarrierStep>();
        auto acc = std::make_shared<Acc>();
        Ctx* c = &ctx;
        s->consume = [c, acc, fold](Traverser& t) { fold(*c, *acc, t); };
        s->finish = [c, acc, result](std::vector<Traverser>& out) {
            model::Value v;
            if (!result(*c, *acc, v)) return;
            Traverser t;
            t.obj = Obj(std::move(v));
            fresh_path(*c, t);
            out.push_back(std::move(t));
        };
        s->clear = [acc] { *acc = Acc(); };
        return std::unique_ptr<Step>(std::move(s));
    });
    reducing_last = true;
}

}  // namespace tpbench::server::detail
