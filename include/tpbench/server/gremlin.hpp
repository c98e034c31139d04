#pragma once
// The embedded server's Gremlin evaluator: an in-memory property graph, a parser for the Groovy-style
// scripts drivers send (and gremlin-lang), a bytecode interpreter, and one lazy step evaluator with
// TinkerPop-style bulked traversers. No Asio, no networking: the server's protocol layer drives it.
//
// Thread-safety: a Graph may be read by many evaluations at once (each evaluation holds an
// immutable snapshot); mutations (graph.clear(), addV, …) swap in a new snapshot.
#include <tpbench/model/value.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tpbench::server {

class GraphStore;  // defined in the evaluator's private headers

// The server-side graph named `graph` with traversal source `g`.
class Graph {
public:
    // Vertex id type a stock server produces after TinkerFactory.generateModern(graph).
    enum class IdMode : std::uint8_t { long_ids, int_ids };

    explicit Graph(IdMode mode = IdMode::long_ids);
    ~Graph();
    Graph(const Graph&) = delete;
    Graph& operator=(const Graph&) = delete;

    void load_modern();  // graph.clear() + TinkerFactory.generateModern(graph)
    void clear();
    // Loads a GraphSON 3.0 adjacency file (one vertex per line, as tinkerpop-modern-v3.json).
    // Throws std::runtime_error with a message naming the line on malformed input.
    void load_graphson_adjacency(std::string_view text);
    std::size_t vertex_count() const;
    std::size_t edge_count() const;

    GraphStore& store() noexcept { return *store_; }
    IdMode id_mode() const noexcept { return mode_; }

private:
    IdMode mode_;
    std::unique_ptr<GraphStore> store_;
};

// One result item of an evaluation: a value with its bulk (how many times it is repeated).
// Traversals merge equal traversers (repeat() per iteration, barriers, multi-hop chains), so a
// bulk can be large: for script evaluation (3.7 eval, unbulked 4.0) the protocol layer sends the
// item `bulk` times; for bytecode it sends one Traverser(bulk, value).
// Graph elements (vertices, edges, vertex properties) returned as top-level results come with
// `value` left null and `element_key` set — stable and unique per element for the lifetime of the
// stream's snapshot — so the protocol layer can cache their encodings and call materialize() only
// on a miss (this keeps `times(18)` at a memcpy per result). Elements nested inside other values
// (maps, paths, lists) are materialised in place according to EvalOptions::materialize_tokens.
// When the traversal itself overrides that choice (g.with('materializeProperties', …)), elements
// come already materialised in `value` with `element_key` null.
struct Item {
    model::Value value;
    std::int64_t bulk = 1;
    const void* element_key = nullptr;  // non-null for graph elements; same element => same key
};

// The TinkerPop generation whose Gremlin an evaluation follows: the ws37 and http3
// endpoints evaluate as TinkerPop 3.7 does, the http4 endpoint as TinkerPop 4.0 (master) does. One
// evaluator; what differs is a set of named switches (the evaluator's dialect.hpp).
enum class Generation : std::uint8_t { tp37, tp40 };

struct EvalOptions {
    // "gremlin-groovy" or "gremlin-lang": both go through the same parser, which accepts the
    // Groovy subset drivers send (a superset of gremlin-lang's traversal syntax).
    std::string language = "gremlin-groovy";
    model::Value bindings = model::Value::map();
    bool materialize_tokens = false;  // materializeProperties=tokens
    // Absolute deadline; evaluation returns errc::server_timeout once it has passed.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // When set (a map), each `name = value` the script evaluates is recorded here, its value
    // resolved (a traversal assigned is not kept): the variables of a ws37 session, which its
    // later requests see as bindings (Gremlin Server keeps a session's script globals).
    model::Value* assigned = nullptr;
    Generation generation = Generation::tp37;
};

// Evaluation failure, mapped by the protocol layer onto 597/598/500/400 etc. over_budget: the
// server refused to start the evaluation over its memory budget (a transaction's statement that
// needs a working copy of the graph), answered as the protocol refuses a request over the budget.
struct EvalError {
    enum class Kind : std::uint8_t { syntax, evaluation, timeout, unsupported, over_budget } kind;
    std::string message;    // e.g. "unsupported step 'sack' at offset 12"
    std::string exception;  // Java-style class name to report, e.g. "MissingMethodException"
};

// A lazily evaluated result stream. next() pulls one item (with its bulk); results are produced on
// demand so a 39,750,654-result walk runs in constant memory.
class ResultStream {
public:
    virtual ~ResultStream() = default;
    // Returns true and fills `out` with the next item; false at the end or on error (then
    // error() is set). Checks the deadline periodically.
    virtual bool next(Item& out) = 0;
    virtual const std::optional<EvalError>& error() const = 0;
};

// Parses and starts evaluating a script against `graph` (bindings `graph` and `g` are predefined,
// plus EvalOptions::bindings). A script ending in a traversal is evaluated lazily; any other
// value is iterated as Gremlin Server does (lists item by item, a Map as single-entry maps, null
// as one null item, void — graph.clear() — as nothing). Syntax errors come back at once as a
// stream whose first next() returns false with error() set; evaluation errors may also appear
// later through the stream. Never throws for bad input; may be called from many threads at once.
std::unique_ptr<ResultStream> evaluate_script(Graph& graph, std::string_view script, const EvalOptions& opts);

// Interprets GraphBinary/GraphSON Bytecode (model::Type::bytecode) as a traversal on `g`.
// Results come back as traversers (value + bulk), as the 3.7 traversal op processor sends them.
// Malformed bytecode or unknown steps give an error stream (messages name the instruction index).
std::unique_ptr<ResultStream> evaluate_bytecode(Graph& graph, const model::Value& bytecode,
                                                const EvalOptions& opts);

// Materialises an item's value: for element items (element_key set) the element with its
// properties (or a reference when `tokens`); otherwise returns item.value. Must be called while
// the stream that produced the item is alive.
model::Value materialize(const Item& item, bool tokens);

}  // namespace tpbench::server
