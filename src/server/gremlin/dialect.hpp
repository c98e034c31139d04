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
    // 3.8/4.0: the steps added since 3.7 (asNumber(), asBool(), …; compiler.hpp's kStepSince38), GType
    // and P.typeOf(). 3.7: "unsupported step", "No such property: GType".
    bool new_steps = false;
};

const Dialect& dialect_of(Generation g);

// The dialect of the traversal being compiled: the innermost DialectScope's on this thread (3.7's
// outside any).
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
