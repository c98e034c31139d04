#pragma once
// Private to tpbench::gremlin: TinkerGQL, the GQL MATCH subset of TinkerPop master's gql-gremlin module
// behind match(String) / match(String, Map) (Dialect::gql_match). Three stages, as master's:
//   gql_parse  the MATCH text into a pattern graph (master's GQL.g4 and QueryGraph: nodes merged by
//              variable, edges between them, inline {key: value} filters), failing with the messages
//              master's ANTLR parser gives (its error strategy and its SLL-then-LL retry included);
//   gql_plan   a seed node (the fewest vertices of its label) and the edges in breadth-first order
//              from it (DefaultGqlPlanner), each an extension from a bound node;
//   gql_match  the rows: a depth-first walk from every seed vertex (DefaultGqlExecutor).
// build_gql_match is the step: at the start of a traversal it spawns one traverser per row, mid-
// traversal it splits each incoming traverser into the rows; either way the object is a map of the
// named variables to their elements and each variable labels its element in the path.
#include "compiler.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::server::detail {

// key: value inside {…}: a literal or a $parameter (resolved when the pattern runs).
struct GqlProp {
    std::string key;
    model::Value literal;
    std::string param;  // non-empty: $param
};

struct GqlNode {
    std::string var;    // empty: anonymous
    std::string label;  // empty: any
    std::vector<GqlProp> props;
};

enum class GqlDir : std::uint8_t { out, in, both };

struct GqlEdge {
    std::string var, label;  // empty: anonymous / any
    GqlDir dir = GqlDir::out;
    std::size_t from = 0, to = 0;  // node indexes, in the text's order (to the right of `from`)
    std::vector<GqlProp> props;
};

struct GqlPattern {
    std::vector<GqlNode> nodes;
    std::vector<GqlEdge> edges;
};

// Parses a MATCH text; throws EvalFailure with master's message (e.g. "Query parsing failed at line 1,
// character position at 36, error message : missing ')' at '<EOF>'").
GqlPattern gql_parse(std::string_view text);

// One extension: from the bound node `anchor` over an edge to `target` (bound or not).
struct GqlStep {
    std::size_t anchor = 0, target = 0;  // slots
    std::size_t edge_slot = 0;           // kNoSlot: anonymous edge
    GqlDir dir = GqlDir::out;            // as seen from the anchor
    const GqlEdge* edge = nullptr;
    const GqlNode* target_node = nullptr;
};

struct GqlPlan {
    static constexpr std::size_t kNoSlot = static_cast<std::size_t>(-1);
    // Slot names: the seed first, then each step's edge and target variable as first seen.
    // Anonymous nodes have slots too (named ""; never reported).
    std::vector<std::string> slots;
    const GqlNode* seed = nullptr;
    std::vector<GqlStep> steps;
};

// Plans `p` (which must outlive the plan) over the graph `s`; fails for disconnected patterns.
GqlPlan gql_plan(const GqlPattern& p, const Snapshot& s);

// Calls `row` for every match (slot → element; the vector is reused between calls). `params` is the
// map given to match(String, Map) (or null).
void gql_match(Ctx& ctx, const GqlPlan& plan, const model::Value& params,
               const std::function<void(const std::vector<const ElementRec*>&)>& row);

// match(String) / match(String, Map) under Dialect::gql_match.
void build_gql_match(Compiler& comp, const Spec& s);

}  // namespace tpbench::server::detail
