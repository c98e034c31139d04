#pragma once
// Helpers for the Gremlin evaluator tests: run a script or bytecode, unroll bulks, and build the
// modern graph's elements independently of the evaluator.
#include <tpbench/server/gremlin.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace gremlin_test {

using tpbench::model::Value;
namespace server = tpbench::server;

struct Run {
    std::vector<Value> values;        // unrolled, materialised (full properties)
    std::vector<server::Item> items;  // as produced (bulked)
    std::optional<server::EvalError> error;
};

// unroll=false keeps only the bulked items (for huge walks).
inline Run drain(std::unique_ptr<server::ResultStream> s, bool tokens = false, bool unroll = true) {
    Run r;
    server::Item it;
    while (s->next(it)) {
        Value v = server::materialize(it, tokens);
        for (std::int64_t b = 0; unroll && b < it.bulk; ++b) r.values.push_back(v);
        r.items.push_back(it);
    }
    r.error = s->error();
    return r;
}

inline Run run(server::Graph& g, std::string_view script, server::EvalOptions o = {}) {
    return drain(server::evaluate_script(g, script, o), o.materialize_tokens);
}

// Runs a script that must succeed and returns its unrolled values.
inline std::vector<Value> ok(server::Graph& g, std::string_view script, server::EvalOptions o = {}) {
    Run r = run(g, script, o);
    INFO("script: " << script);
    REQUIRE_MESSAGE(!r.error, (r.error ? r.error->message : std::string()));
    return r.values;
}

// Runs a script that must fail and returns its error.
inline server::EvalError must_fail(server::Graph& g, std::string_view script, server::EvalOptions o = {}) {
    Run r = run(g, script, o);
    INFO("script: " << script);
    REQUIRE(r.error);
    return *r.error;
}

// The test fixture of the evaluator tests: the modern graph, loaded for each test case;
// q(script) = ok(), err(script) = must_fail().
struct ModernGraph {
    server::Graph g;
    ModernGraph() { g.load_modern(); }
    std::vector<Value> q(std::string_view s, server::EvalOptions o = {}) { return ok(g, s, o); }
    server::EvalError err(std::string_view s) { return must_fail(g, s); }
};

inline Value L(std::int64_t x) { return Value::long_(x); }
inline Value I(std::int32_t x) { return Value::int_(x); }
inline Value D(double x) { return Value::double_(x); }
inline Value S(const char* s) { return Value::string(s); }

inline std::vector<Value> strs(std::initializer_list<const char*> xs) {
    std::vector<Value> out;
    for (auto* x : xs) out.push_back(S(x));
    return out;
}

// Order-insensitive multiset comparison.
inline bool same(const std::vector<Value>& a, const std::vector<Value>& b) {
    return equivalent(Value::set(a), Value::set(b));
}

// The modern graph's vertex `id` (stock-server ids: Long vertex and property ids), materialised.
inline Value modern_vertex(int id, bool long_ids = true) {
    struct Row {
        const char* label;
        const char* name;
        const char* k2;
        Value v2;
    };
    static const Row rows[] = {{"person", "marko", "age", I(29)},         {"person", "vadas", "age", I(27)},
                               {"software", "lop", "lang", S("java")},    {"person", "josh", "age", I(32)},
                               {"software", "ripple", "lang", S("java")}, {"person", "peter", "age", I(35)}};
    const Row& r = rows[id - 1];
    Value props = Value::list({Value::vertex_property(L(2 * (id - 1)), "name", S(r.name), Value::list()),
                               Value::vertex_property(L(2 * (id - 1) + 1), r.k2, r.v2, Value::list())});
    return Value::vertex(long_ids ? L(id) : I(id), r.label, props);
}

inline std::vector<Value> modern_vertices(std::initializer_list<int> ids) {
    std::vector<Value> out;
    for (int i : ids) out.push_back(modern_vertex(i));
    return out;
}

inline Value map_of(std::vector<Value> kv) { return Value::map(std::move(kv)); }

// g.V() with ids: Bytecode for a traversal given as instructions [name, args…].
inline Value instr(const char* name, std::vector<Value> args = {}) {
    std::vector<Value> k{S(name)};
    for (auto& a : args) k.push_back(std::move(a));
    return Value::list(std::move(k));
}
inline Value bytecode(std::vector<Value> steps, std::vector<Value> sources = {}) {
    return Value::bytecode(Value::list(std::move(steps)), Value::list(std::move(sources)));
}

}  // namespace gremlin_test
