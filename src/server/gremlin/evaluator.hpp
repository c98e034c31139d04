#pragma once
// Private to tpbench::gremlin: the instruction form both front ends (Groovy scripts, bytecode)
// produce, and the lazy step evaluator that runs it (plans of steps, traversers, contexts).
#include "dialect.hpp"
#include "graph_store.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tpbench::server::detail {

// ---- errors -------------------------------------------------------------------------------------

// Internal exception carrying an EvalError; caught at the API boundary.
struct EvalFailure {
    EvalError error;
};
[[noreturn]] void fail(EvalError::Kind kind, std::string message, std::string exception = {});

// ---- instructions -----------------------------------------------------------------------------

struct Code;

// One argument of an instruction: a value (incl. P, TextP, enums) or a nested traversal.
struct Arg {
    model::Value v;
    std::shared_ptr<Code> t;  // non-null: anonymous traversal
    bool is_traversal() const { return t != nullptr; }
};

struct Instr {
    std::string name;
    std::vector<Arg> args;
    std::size_t pos = 0;  // script offset or instruction index, for messages
};

// A traversal under construction: source instructions (with, withSideEffect, …) and steps.
struct Code {
    std::vector<Instr> source;
    std::vector<Instr> steps;
    bool anonymous = false;
    std::string where;  // "offset" or "instruction", for messages
};

// ---- runtime ------------------------------------------------------------------------------------

// A traverser's object: a graph element of the evaluation's snapshot(s), or a plain value.
struct Obj {
    const ElementRec* el = nullptr;
    model::Value v;

    Obj() = default;
    explicit Obj(const ElementRec* e) : el(e) {}
    explicit Obj(model::Value x) : v(std::move(x)) {}
};

struct PathNode {
    Obj obj;
    std::vector<std::string> labels;
    std::shared_ptr<const PathNode> prev;
};
using PathPtr = std::shared_ptr<const PathNode>;

struct Sack;  // steps_sidefx.hpp

struct Traverser {
    Obj obj;
    std::int64_t bulk = 1;
    PathPtr path;
    std::uint64_t loops = 0;           // packed loop counters of nested repeats, 21 bits each, innermost low
    std::shared_ptr<const Sack> sack;  // withSack() / withBulk(false); null: none
};

enum class PathMode : std::uint8_t { none, labeled, full };

struct SideEffect;
struct ElementFilter;  // SubgraphStrategy / PartitionStrategy read side (runtime.cpp)

// Per-evaluation state shared by all steps.
struct Ctx {
    Graph* graph = nullptr;
    SnapshotPtr snap;                     // current snapshot (changes after own mutations)
    std::vector<SnapshotPtr> keep_alive;  // every snapshot an element may point into
    bool tokens = false;
    PathMode path_mode = PathMode::none;
    std::optional<std::chrono::steady_clock::time_point> deadline;
    std::uint32_t ticks = 0;
    std::unordered_map<std::string, std::shared_ptr<SideEffect>> side_effects;
    std::shared_ptr<ElementFilter> filter;  // null: every element is visible
    bool productive_by = false;             // ProductiveByStrategy: an empty by() yields null
    std::optional<std::int64_t> seed;       // SeedStrategy: coin()/sample() draw from Random(seed)
    // Set while repeat() resets its body for the next iteration: state TinkerPop keeps across
    // iterations of one repeat (dedup()'s seen set) survives that reset.
    bool repeat_round = false;
    // Set when a predicate compared values that are not comparable (NaN, mixed types): the
    // comparison is false and not() filters the traverser too (TinkerPop 3.7's ternary boolean logic;
    // never set under Dialect::binary_comparability).
    bool type_error = false;
    // PartitionStrategy's write side: new elements get partition_key = write_partition.
    std::string partition_key;
    model::Value write_partition;
    // The sack every generated traverser starts with (withSack / withBulk(false); null: none).
    std::shared_ptr<const Sack> sack0;
    // The generation's semantics (EvalOptions::generation).
    const Dialect* dialect = &dialect_of(Generation::tp37);
    // g.with('multilabel') under Dialect::label_cardinality_one: element maps answer labels as sets.
    bool multilabel = false;

    // Counts work; every 4096 units checks the deadline (throws EvalFailure timeout).
    void tick() {
        if (++ticks >= 4096) check_deadline();
    }
    void check_deadline();
    void set_snapshot(SnapshotPtr s) {
        keep_alive.push_back(s);
        snap = std::move(s);
    }
};

// A pull-based step. next() returns the next traverser or false when exhausted.
class Step {
public:
    virtual ~Step() = default;
    virtual bool next(Traverser& out) = 0;
    // Clears state so the pipeline can run again on new starts (child traversals).
    virtual void reset() {
        if (input_) input_->reset();
    }
    std::unique_ptr<Step> input_;
    Ctx* ctx_ = nullptr;
};

// Runtime instance of a compiled traversal whose starts are pushed in.
class Pipeline {
public:
    // Runs from scratch on one start traverser.
    void start_with(const Traverser& t);
    // Appends starts without resetting (used by repeat for whole generations).
    void reset();
    void push(const Traverser& t);
    bool next(Traverser& out) { return tail_->next(out); }
    // Returns true if the traversal yields at least one result from `t`.
    bool any(const Traverser& t) {
        start_with(t);
        Traverser tmp;
        return next(tmp);
    }

    std::unique_ptr<Step> tail_;
    class StartStep* start_ = nullptr;
};

class Plan;
using PlanPtr = std::shared_ptr<const Plan>;

// A compiled traversal: factories for its steps.
class Plan {
public:
    using Factory = std::function<std::unique_ptr<Step>(Ctx&)>;
    std::vector<Factory> steps;
    bool has_start = false;    // begins with V()/E()/inject (source traversal)
    bool reducing = false;     // ends with a reducing barrier (count, sum, fold, …)
    bool has_barrier = false;  // holds a collecting barrier (order(), barrier())
    PathMode needs = PathMode::none;

    // Builds a pipeline fed from an internal start queue.
    std::unique_ptr<Pipeline> instantiate(Ctx& ctx) const;
    // Builds a pipeline that reads from `input` (the source pipeline's head).
    std::unique_ptr<Step> instantiate_on(Ctx& ctx, std::unique_ptr<Step> input) const;
};

// Total number of instructions including nested traversals (pipelines recurse per step, so the
// evaluator bounds this).
std::size_t instruction_count(const Code& code);
constexpr std::size_t kMaxInstructions = 4096;

// Compiles instructions into a plan; throws EvalFailure for unknown steps or bad arguments.
struct LazyBarrierState;
// `inherit`: the LazyBarrierStrategy walk a repeat() body continues (compiler.hpp).
PlanPtr compile(const Code& code, bool source, const LazyBarrierState* inherit = nullptr);

// True if `el` is visible under the evaluation's SubgraphStrategy / PartitionStrategy.
bool filter_visible(Ctx& ctx, const ElementRec* el);
inline bool visible(Ctx& ctx, const ElementRec* el) { return !ctx.filter || filter_visible(ctx, el); }

// Options a traversal source sets (g.with(...)).
struct SourceOptions {
    std::optional<bool> tokens;
    bool read_only = false;            // withStrategies(ReadOnlyStrategy)
    bool productive_by = false;        // withStrategies(ProductiveByStrategy)
    bool multilabel = false;           // with('multilabel')
    std::optional<std::int64_t> seed;  // withStrategies(SeedStrategy)
    // SubgraphStrategy criteria (null = none) and PartitionStrategy settings
    std::shared_ptr<Code> sg_vertices, sg_edges, sg_vertex_properties;
    bool sg_check_adjacent = true;
    std::string partition_key;  // empty: no PartitionStrategy
    model::Value write_partition;
    std::vector<model::Value> read_partitions;
    std::vector<std::pair<std::string, model::Value>> side_effects;
    // withSideEffect(key, value, Operator): the key's reducer (steps_sidefx.hpp's Operator)
    std::vector<std::pair<std::string, std::int8_t>> side_effect_reducers;
    std::shared_ptr<Sack> sack;  // withSack(v[, Operator]) / withBulk(false); null: neither
};
SourceOptions source_options(const Code& code);

// Object helpers shared by the front ends.
model::Value to_value(Ctx& ctx, const Obj& o);
bool obj_equal(const Obj& a, const Obj& b);
std::size_t obj_hash(const Obj& o);

// Bytecode for a traversal (nested traversals as nested bytecode) and back (strategy configurations
// carry traversals as bytecode).
model::Value code_to_bytecode(const Code& code);
std::shared_ptr<Code> code_from_bytecode(const model::Value& bytecode);

// Creates a lazy stream over a compiled source traversal.
std::unique_ptr<ResultStream> make_traversal_stream(Graph& graph, const Code& code, const EvalOptions& opts);
// Runs a traversal to completion and returns its results as a list (script terminal steps).
model::Value run_to_list(Graph& graph, const Code& code, const EvalOptions& opts, std::size_t limit);

}  // namespace tpbench::server::detail
