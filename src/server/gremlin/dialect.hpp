#pragma once
// Private to tpbench::gremlin: what differs between the TinkerPop generations the evaluator follows
// (EvalOptions::generation). One evaluator; each difference is one named switch here, read where
// it matters (the parser and script evaluator through EvalOptions, step builders through
// compiling_dialect(), steps at run time through Ctx::dialect). tests/unit/gremlin/dialect_test.cpp
// checks each switch both ways.
#include <tpbench/server/gremlin.hpp>

namespace tpbench::server::detail {

struct Dialect {
    Generation generation = Generation::tp37;
    // 4.0: a child traversal where a value is expected — P.eq/gt/within(__.…), is(__.…),
    // hasId/hasLabel/hasKey/hasValue(__.…), V(__.…)/E(__.…): resolved per traverser (its first
    // result; all of them for within/without). 3.7: "No signature of method".
    bool traversal_arguments = false;
    // 3.8/4.0: the steps added since 3.7 (asNumber(), asBool(), …; compiler.hpp's kStepSince38; none(P)),
    // GType and P.typeOf(); the DateTime('…') literal; gremlin-lang's Set literal {a, b} (the parser). 3.7:
    // "unsupported step", "No such property: GType", "closures are not supported".
    bool new_steps = false;
    // 4.0 (NumberHelper.mathOperationWithPromote): +, -, *, / keep the operands' highest common type
    // and promote to the next wider one on overflow (127b + 1b = 128s; past Long an error); sum()
    // keeps the values' type (the bulk coerced to it: g.V().values('age').sum() is an Int), sum(local)
    // too. 3.7: integral operators wrap in the common type (sack(sum): 127b + 1b = -128b), sum() of
    // integral numbers is a Long (its bulk is a Long), sum(local) of bytes an Int.
    bool number_promotion = false;
    // 4.0 (StandardVerificationStrategy): inject() anywhere under repeat() is refused ("The parent of
    // inject()-step can not be repeat()-step"). 3.7 evaluates it.
    bool inject_under_repeat_rejected = false;
    // 4.0: dedup()/sample()/aggregate()/groupCount()/sack()/valueMap() with more than one by() are refused
    // ("Dedup step can only have one by modulator"). 3.7 keeps the last by() (valueMap(): a ring of them).
    bool single_by_modulator = false;
    // 4.0: mergeE() naming a vertex id that does not exist fails with "Vertex does not exist for mergeE:
    // ID"; 3.7: "Vertex id could not be resolved from mergeE: ID" (both asked of the real servers).
    bool mergee_vertex_does_not_exist = false;
    // 4.0: choose()'s one-option-per-traverser picks, Pick.unproductive and pass-through, branch()'s
    // unproductive routing (steps_branch.cpp build_options). 3.7: every match, unproductive fails.
    bool branch_v4_picks = false;
    // 4.0 (master's label API over the stock TinkerGraph, whose labels have cardinality ONE; each
    // message asked of real master): addV('a','b') and a mergeV()/mergeE() T.label list of more than
    // one label fail with "Element creation allows at most 1 label(s) with cardinality ONE, got N"
    // (a list of one is that label); addLabel() on a vertex fails with the cardinality message;
    // labels() emits an element's label(s); g.with('multilabel') answers elementMap()/valueMap(true)
    // labels as a Set. 3.7: "No signature of method", no labels(), the option has no effect.
    bool label_cardinality_one = false;
    // 4.0 (master's gql-gremlin, TinkerGQL; gql.hpp): g.match(String) / g.match(String, Map) and
    // __.match(String…) evaluate a GQL MATCH pattern into maps of its variables. 3.7: "No signature of
    // method" (match() takes traversals only).
    bool gql_match = false;
    // 3.8/4.0 (DateDiffStep over OffsetDateTime): dateDiff() answers milliseconds
    // (Duration.between(other, date).toMillis()). 3.7: whole seconds ((date - other) / 1000).
    bool date_diff_millis = false;
    // 4.0 (RangeLocalStep.applyRange): range()/limit()/tail() with Scope.local answer the collection even
    // for a one-item window, and an empty one when nothing is in range. 3.7: a one-item window
    // (limit(local, 1), tail(local, 1), range(local, a, a + 1)) answers its item, and nothing (the
    // traverser dropped) when the window is empty.
    bool local_range_collection = false;
    // 3.8/4.0 (TINKERPOP-3173, binary comparability): a comparison of values that are not comparable
    // (NaN, a String with a number) is false at once, so not(is(P.gt(NaN))) passes the traverser. 3.7:
    // ternary logic, the ERROR survives not() (and filters) until a filter reduces it.
    bool binary_comparability = false;
    // 4.0 (TINKERPOP-3273, as g.V()/g.E()): hasId() unrolls a list only when it is the single argument;
    // hasId(id, [a, b]) compares the list as one id. 3.7 (3.7.5) unrolls every list argument.
    bool has_id_lists_alone = false;
    // 3.8/4.0 (StringUtil.split): split("") cuts a string into its characters. 3.7
    // (StringUtils.splitByWholeSeparator): an empty separator splits on whitespace.
    bool split_empty_chars = false;
    // 3.8/4.0 (AsStringGlobalStep/AsStringLocalStep): asString() of null, or of a list holding null,
    // fails "Can't parse null as String.". 3.7 passes null on.
    bool as_string_null_refused = false;
    // 4.0 (AddPropertyStep.handleTraversalValue): property(key, traversal) takes every result — none
    // leaves the element unchanged, several are added one by one under list/set cardinality and fail
    // under single (TinkerGraph's default); property(traversal) sets the entries of the Map it
    // produces. 3.7: the first result ("The provided traverser does not map to a value" when none), no
    // property(traversal).
    bool property_traversal_values = false;
    // 4.0: the stock in-memory graph is TinkerMemoryGraph, so a Graph's String (asString() of a subgraph)
    // is "tinkermemorygraph[vertices:N edges:M]". 3.7: "tinkergraph[…]".
    bool tinker_memory_graph = false;
    // 4.0 (SideEffectBarrierStep): groupCount('a'), group('a') and subgraph('a') are barriers — their
    // traversers go on once the whole input is in the side effect, so g.V().groupCount('a').select('a')
    // sees it complete. 3.7 passes each traverser on at once. (tree('a') is a barrier in both.)
    bool side_effect_barriers = false;
    // 4.0 (LocalStep.nextStart): local() runs its child once per unit of a traverser's bulk, each with
    // bulk 1, so g.V().both('knows').local(__.outE().count()) is 0, 2, 3, 3 (marko bulked by
    // LazyBarrierStrategy counted twice). 3.7 hands the child the bulked traverser: 0, 2, 6.
    bool local_splits_bulk = false;
    // 4.0 (Traverser.loops): loops() on a traverser without a loop counter (TinkerPop's B_O_Traverser,
    // strategies.cpp's plain_traverser: g.V().loops()) fails "This traverser does not support loops: …";
    // 3.7 (AbstractTraverser.loops(String)): "This traverser does not support named loops: …".
    bool loops_message_unnamed = false;
    // 3.8/4.0 (TINKERPOP-3202): limit()/range()/skip() in a repeat() body count per loop number, so
    // g.V(1).repeat(both().limit(2)).emit().times(3) keeps two traversers in each iteration (6); 3.7
    // keeps one count for the whole repeat() (2).
    bool range_count_per_loop = false;
    // 4.0 (RepeatStep.standardAlgorithm): a repeat() body holding a barrier (order(), dedup(), sample(),
    // aggregate(), limit(), …) gets every start before it runs, so g.V().repeat(sample(2)).times(2) is 2
    // traversers; 3.7 takes the starts one at a time (RepeatUnrollStrategy inlines most such bodies).
    bool repeat_barrier_all_starts = false;
};

const Dialect& dialect_of(Generation g);

// The dialect of the evaluation compiling or running on this thread: the innermost DialectScope's
// (TraversalStream sets one while it compiles and in each next(); 3.7's outside any).
const Dialect& compiling_dialect();
class DialectScope {
public:
    explicit DialectScope(Generation g);
    ~DialectScope();
    DialectScope(const DialectScope&) = delete;
    DialectScope& operator=(const DialectScope&) = delete;

private:
    const Dialect* saved_;
};

}  // namespace tpbench::server::detail
