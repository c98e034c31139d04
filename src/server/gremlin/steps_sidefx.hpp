#pragma once
// Private to tpbench::gremlin: TinkerPop's Operator enum and the sack and side-effect steps built on it:
// withSack()/sack()/barrier(normSack), withSideEffect(key, value, Operator) reducers,
// aggregate()/store() with by() and Scope.local, fail(). The arithmetic is NumberHelper's: the wider
// of the two number classes wins (byte < short < int < long < float < double < BigDecimal), integral
// arithmetic wraps as Java's does, a double meets a BigDecimal as BigDecimal.valueOf(double).
#include "steps_site.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace tpbench::server::detail {

enum class Operator : std::int8_t { sum, minus, mult, div, min, max, assign, and_, or_, add_all, sum_long };

// The operator an Operator enum value (sum, Operator.addAll, …) denotes; nullopt for anything else.
std::optional<Operator> operator_of(const model::Value& v);
// Operator.op.apply(a, b); fails (ClassCastException / ArithmeticException / IllegalArgumentException)
// as TinkerPop does.
model::Value apply_operator(Operator op, const model::Value& a, const model::Value& b);

// A traverser's sack (Traverser::sack; null pointer: no withSack() and no withBulk(false)). Immutable:
// sack(Operator) gives the traverser a new one, split traversers share it.
struct Sack {
    model::Value value;      // the sack's object (null: no sack value)
    std::int8_t merge = -1;  // withSack(v, Operator): merges the sacks of merged traversers; -1 none
    bool one_bulk = false;   // withBulk(false): merged traversers keep bulk 1
};

// The traverser's sack value (null without one).
const model::Value& sack_value(const Traverser& t);
void set_sack(Traverser& t, model::Value v);
// TraverserSet semantics (MergeSet): a traverser carrying a sack value without a merge operator never
// merges; merging adds bulks (unless withBulk(false)) and merges the sacks.
inline bool sack_blocks_merge(const Traverser& t) {
    return t.sack && t.sack->merge < 0 && !t.sack->value.is_null();
}
void merge_traverser(Traverser& into, const Traverser& from);

// Source instructions handled here: withSack(v[, Operator]), withSideEffect(k, v[, Operator]),
// withBulk(bool). False for any other instruction.
bool sidefx_source_option(const Instr& in, const std::string& where, SourceOptions& o);
// Applies them to a new evaluation's context (initial sack, side effects with their reducers).
void apply_sidefx_options(Ctx& ctx, const SourceOptions& o);

// Steps built here: sack, aggregate, store, barrier, fail.
bool is_sidefx_step(const std::string& name);
void build_sidefx_step(StepSite& site);

}  // namespace tpbench::server::detail
