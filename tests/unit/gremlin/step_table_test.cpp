// The step table (src/server/gremlin/compiler.hpp): every step name resolves to one builder, once,
// at build time; unknown names and misplaced steps get clean errors.
#include <tpbench/server/gremlin.hpp>

#include "../../../src/server/gremlin/compiler.hpp"
#include "../../../src/server/gremlin/steps_site.hpp"
#include "../../../src/server/gremlin/steps_write.hpp"
#include "gremlin_test_util.hpp"

#include <stdexcept>

using namespace gremlin_test;
namespace detail = tpbench::server::detail;

namespace {

void noop(detail::Compiler&, const detail::Spec&) {}

std::string error_of(server::Graph& g, std::string_view script) {
    Run r = run(g, script);
    REQUIRE(r.error);
    return r.error->message;
}

}  // namespace

TEST_CASE("step table: names resolve to builders, source steps are flagged") {
    const auto& t = detail::step_table();
    CHECK(t.size() > 100);
    for (const char* n : {"V", "E", "inject", "union", "addV", "addE", "mergeV", "mergeE", "call", "match"}) {
        INFO(n);
        const auto* e = t.find(n);
        REQUIRE(e);
        CHECK((e->flags & detail::kStepSource) != 0);
    }
    for (const char* n :
         {"out", "has", "select", "repeat", "group", "order", "toUpper", "property", "valueMap"}) {
        INFO(n);
        const auto* e = t.find(n);
        REQUIRE(e);
        CHECK((e->build != nullptr));
        CHECK((e->flags & detail::kStepSource) == 0);
    }
    CHECK((t.find("order")->flags & detail::kStepBarrier) != 0);
    CHECK((t.find("barrier")->flags & detail::kStepBarrier) != 0);
    // the liststeps builders (StepSite) are registered under the names they handle
    for (const char* n : {"toUpper", "conjoin", "format", "asDate", "math", "call"}) {
        INFO(n);
        CHECK(detail::is_liststep(n));
        CHECK(t.find(n) != nullptr);
    }
    // the write builders (WriteBuild, steps_write.cpp) likewise
    for (const char* n : {"addV", "addE", "property", "drop", "mergeV", "mergeE", "element"}) {
        INFO(n);
        CHECK(detail::is_write_step(n));
        CHECK(t.find(n) != nullptr);
    }
    CHECK(t.find("frobnicate") == nullptr);
    CHECK(t.find("by") == nullptr);  // modulators are not steps
}

TEST_CASE("step table: a name registered twice is refused") {
    detail::StepTable t;
    t.add("x", noop);
    CHECK_THROWS_AS(t.add("x", noop), std::logic_error);
    CHECK(t.find("x") != nullptr);
}

TEST_CASE("step table: unknown and misplaced steps get clean errors") {
    server::Graph g;
    g.load_modern();
    CHECK(error_of(g, "g.V().frobnicate()").find("unsupported step 'frobnicate'") != std::string::npos);
    // (a script's g.out() is refused by the script front end; bytecode reaches the compiler)
    Run r = drain(server::evaluate_bytecode(g, bytecode({instr("out")}), {}));
    REQUIRE(r.error);
    CHECK(r.error->message.find("traversal source has no step 'out'") != std::string::npos);
    CHECK(error_of(g, "g.V().times(2)").find("has no repeat() to modulate") != std::string::npos);
    // the same names work where they belong
    CHECK(ok(g, "g.V(1).out().count()") == std::vector<Value>{L(3)});
    CHECK(ok(g, "g.inject(1).union(constant(2), constant(3))") == std::vector<Value>{I(2), I(3)});
}

TEST_CASE("step table: build-time variants (edge ends, tokens, pops, operators) evaluate as before") {
    server::Graph g;
    g.load_modern();
    CHECK(ok(g, "g.E(7).outV().values('name')") == strs({"marko"}));
    CHECK(ok(g, "g.E(7).inV().values('name')") == strs({"vadas"}));
    CHECK(same(ok(g, "g.E(7).bothV().values('name')"), strs({"marko", "vadas"})));
    CHECK(ok(g, "g.V(1).label()") == strs({"person"}));
    CHECK(ok(g, "g.V(1).properties('name').key()") == strs({"name"}));
    CHECK(ok(g, "g.V(1).properties('name').value()") == strs({"marko"}));
    CHECK(ok(g, "g.V(1).as('a').out('knows').as('a').select(first, 'a').values('name')") ==
          strs({"marko", "marko"}));
    CHECK(same(ok(g, "g.V(1).as('a').out('knows').as('a').select(last, 'a').values('name')"),
               strs({"vadas", "josh"})));
    CHECK(ok(g, "g.V().values('age').sum()") == std::vector<Value>{L(123)});
    CHECK(ok(g, "g.V().values('age').min()") == std::vector<Value>{I(27)});
    CHECK(ok(g, "g.V().values('age').max()") == std::vector<Value>{I(35)});
    CHECK(ok(g, "g.V().values('age').fold(1, mult)") == std::vector<Value>{I(29 * 27 * 32 * 35)});
    CHECK(ok(g, "g.V().values('age').fold(100, minus)") == std::vector<Value>{I(100 - 123)});
    CHECK(ok(g, "g.V(1).values('name').toUpper()") == strs({"MARKO"}));
    CHECK(ok(g, "g.V(1).values('name').format('%{_}!')") == strs({"marko!"}));
    CHECK(ok(g, "g.V(1).format('%{name} is %{age}')") == strs({"marko is 29"}));
    CHECK(ok(g, "g.V(1).format('%{nope} is %{age}')").empty());
    CHECK(ok(g, "g.inject([1, 2, 3]).limit(local, 1)") == std::vector<Value>{I(1)});
    CHECK(ok(g, "g.inject([1, 2, 3]).range(local, 1, 3)") == std::vector<Value>{Value::list({I(2), I(3)})});
    CHECK(ok(g, "g.V(1).not(out('knows')).count()") == std::vector<Value>{L(0)});
    CHECK(ok(g, "g.V(1).map(out('knows').values('name')).count()") == std::vector<Value>{L(1)});
}
