// The Groovy front end (literals, arithmetic, bindings, result iteration), bytecode, errors,
// deadlines and concurrent use.
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

#include <atomic>
#include <thread>

using namespace gremlin_test;
using tpbench::model::EnumKind;
using tpbench::model::Type;
using Kind = server::EvalError::Kind;

namespace {

// err(): every script error carries a message and the Java exception's name.
struct Fixture : ModernGraph {
    server::EvalError err(std::string_view s) {
        server::EvalError e = must_fail(g, s);
        INFO("script: " << s);
        CHECK(!e.message.empty());
        CHECK(!e.exception.empty());
        return e;
    }
};

Value one(const std::vector<Value>& v) {
    REQUIRE(v.size() == 1);
    return v[0];
}

}  // namespace

TEST_CASE_FIXTURE(Fixture, "literals and Groovy numeric typing") {
    CHECK(one(q("1+1")) == I(2));
    CHECK(one(q("2*3-1")) == I(5));
    CHECK(one(q("(1 + 2) * 3")) == I(9));
    CHECK(one(q("7 % 3")) == I(1));
    CHECK(one(q("-5")) == I(-5));
    CHECK(one(q("1L + 1")) == L(2));
    CHECK(one(q("0L")) == L(0));
    CHECK(one(q("3000000000")) == L(3000000000LL));
    CHECK(one(q("2147483647 + 1")) == I(-2147483647 - 1));  // Java int arithmetic wraps
    // Groovy decimal literals are BigDecimal (Gremlin Server 3.7.5: 1.0 is BigDecimal 10 scale 1)
    CHECK(one(q("1.0")) == Value::big_decimal(1, std::string("\x0a", 1)));
    CHECK(one(q("1.0d")) == D(1.0));
    CHECK(one(q("1.5f")) == Value::float_(1.5f));
    CHECK(one(q("1 + 1.5")) == Value::big_decimal(1, std::string("\x19", 1)));
    CHECK(one(q("1.0d + 1.5")) == D(2.5));  // a Double operand makes the result a Double
    CHECK(one(q("1e3")) == D(1000.0));
    CHECK(one(q("1b")) == Value::byte(1));
    CHECK(one(q("2s")) == Value::short_(2));
    CHECK(one(q("3i")) == I(3));
    CHECK(one(q("1.25m")) == Value::big_decimal(2, std::string("\x7d", 1)));
    CHECK(one(q("128n")) == Value::big_integer(std::string("\x00\x80", 2)));
    CHECK(one(q("-1.5m")).to_double() == doctest::Approx(-1.5));
    Value half = one(q("1/2"));
    CHECK(half.type() == Type::big_decimal);
    CHECK(half.to_double() == doctest::Approx(0.5));
    CHECK(one(q("4/2")).to_double() == doctest::Approx(2.0));
    CHECK(one(q("1/3")).to_double() == doctest::Approx(1.0 / 3));
    CHECK(one(q("'a' + 1")) == S("a1"));
    CHECK(one(q("'it\\'s' + \"\\t\\u00e9\"")) == S("it's\t\xc3\xa9"));
    CHECK(one(q("\"say \\\"hi\\\"\"")) == S("say \"hi\""));
    CHECK(one(q("true")) == Value::boolean(true));
    CHECK(one(q("1 < 2 && 2 <= 2")) == Value::boolean(true));
    CHECK(one(q("1 == 1L")) == Value::boolean(true));
    CHECK(one(q("'a' != 'b'")) == Value::boolean(true));
    // null is a single result; void (graph.clear()) is none
    CHECK(q("null") == std::vector<Value>{Value()});
    // lists are iterated; maps are iterated as single-entry maps
    CHECK(q("[1, 2]") == std::vector<Value>{I(1), I(2)});
    CHECK(q("[a: 1, 'b': 2]") == std::vector<Value>{map_of({S("a"), I(1)}), map_of({S("b"), I(2)})});
    CHECK(q("[:]").empty());
    CHECK(q("[]").empty());
    CHECK(q("x = 2; x * 3") == std::vector<Value>{I(6)});
    CHECK(q("def t = g.V(1)\nt.values('name')") == strs({"marko"}));
    CHECK(q("// comment\ng.V(1) /* block */ .values('name')") == strs({"marko"}));
    CHECK(q("g.V(1)\n  .out('knows')\n  .count()") == std::vector<Value>{L(2)});
    CHECK(q("[1,2,3][1]") == std::vector<Value>{I(2)});
}

TEST_CASE_FIXTURE(Fixture, "Groovy syntax variants of traversals") {
    CHECK(q("g.V().hasLabel('person').<String>values('name').count()") == std::vector<Value>{L(4)});
    CHECK(q("g.V().<String, Long>groupCount().by(T.label)") ==
          std::vector<Value>{map_of({S("software"), L(2), S("person"), L(4)})});
    CHECK(q("g.V().groupCount().by(label)") == q("g.V().groupCount().by(T.label)"));
    CHECK(q("g.V(1).out(\"knows\").values(\"name\")") == q("g.V(1).out('knows').values('name')"));
    CHECK(q("g.V().where(__.out('created')).count()") == q("g.V().where(out('created')).count()"));
    CHECK(q("g.V().order().by('age', Order.desc).limit(1).values('name')") ==
          q("g.V().order().by('age', desc).limit(1).values('name')"));
    CHECK(q("g.V().has('age', P.gt(30)).count()") == std::vector<Value>{L(2)});
    CHECK(q("g.V().values('name').limit(1).next()") == strs({"marko"}));
    CHECK(q("g.V().count().next() + 1") == std::vector<Value>{L(7)});
    CHECK(q("g.V().values('age').toList()") == std::vector<Value>{I(29), I(27), I(32), I(35)});
    CHECK(q("g.V(1).values('name').toList().size()") == std::vector<Value>{I(1)});
    CHECK(q("g.V().hasNext()") == std::vector<Value>{Value::boolean(true)});
    CHECK(q("g.V(99).hasNext()") == std::vector<Value>{Value::boolean(false)});
    CHECK(q("g.V().values('name').next(2)") == strs({"marko", "vadas"}));
    CHECK(q("g.addV('x').iterate()").empty());
    CHECK(g.vertex_count() == 7);
    CHECK(q("graph.traversal().V().count()") == std::vector<Value>{L(7)});
    CHECK(one(q("T.label")) == Value::enum_(EnumKind::t, "label"));
    CHECK(one(q("Order.desc")) == Value::enum_(EnumKind::order, "desc"));
}

TEST_CASE_FIXTURE(Fixture, "bindings") {
    server::EvalOptions o;
    o.bindings =
        map_of({S("x"), I(1), S("names"), Value::list(strs({"josh", "peter"})), S("lbl"), S("knows")});
    CHECK(q("g.V(x).values('name')", o) == strs({"marko"}));
    CHECK(same(q("g.V().has('name', within(names)).values('age')", o), {I(32), I(35)}));
    CHECK(same(q("g.V(x).out(lbl).values('name')", o), strs({"vadas", "josh"})));
    CHECK(q("x + 1", o) == std::vector<Value>{I(2)});
    Run r = run(g, "g.V(y)", o);
    REQUIRE(r.error);
    CHECK(r.error->exception == "MissingPropertyException");
    CHECK(r.error->message.find('y') != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "errors are values with kinds and positions, never crashes") {
    auto e = err("g.V().foo()");
    CHECK(e.kind == Kind::unsupported);
    CHECK(e.message.find("foo") != std::string::npos);
    CHECK(e.message.find("offset 6") != std::string::npos);

    e = err("g.V().out(");
    CHECK(e.kind == Kind::syntax);
    e = err("g.V().out('a'");
    CHECK(e.kind == Kind::syntax);
    e = err("g.V() g.V()");
    CHECK(e.kind == Kind::syntax);
    e = err("'unterminated");
    CHECK(e.kind == Kind::syntax);
    e = err("g.V().map{it.get()}");
    CHECK(e.kind == Kind::syntax);
    CHECK(e.message.find("closure") != std::string::npos);
    e = err("1 +");
    CHECK(e.kind == Kind::syntax);
    e = err("g.V() # x");
    CHECK(e.kind == Kind::syntax);

    e = err("g.V().out(1)");
    CHECK(e.kind == Kind::evaluation);
    CHECK(e.exception == "MissingMethodException");
    CHECK(e.message.find("No signature of method") != std::string::npos);
    CHECK(e.message.find("out()") != std::string::npos);
    e = err("g.V().limit('a')");
    CHECK(e.kind == Kind::evaluation);
    e = err("g.V().has()");
    CHECK(e.kind == Kind::evaluation);
    e = err("g.V().range(3, 1)");
    CHECK(e.kind == Kind::evaluation);
    e = err("g.V().times(2)");
    CHECK(e.kind == Kind::evaluation);
    e = err("g.V().values('name').sum()");
    CHECK(e.kind == Kind::evaluation);
    e = err("g.inject(1).out()");
    CHECK(e.kind == Kind::evaluation);
    e = err("1/0");
    CHECK(e.exception == "ArithmeticException");
    e = err("g.V(1).next().foo()");
    CHECK(e.kind == Kind::unsupported);
    e = err("g.V(99).next()");
    CHECK(e.exception == "NoSuchElementException");
    e = err("g.V().where(g.V())");
    CHECK(e.kind == Kind::evaluation);
    e = err("out()");
    CHECK(e.kind == Kind::evaluation);
    e = err("g.V().pageRank()");  // sack() and subgraph() are supported now (steps_sidefx.cpp)
    CHECK(e.kind == Kind::unsupported);
    CHECK(e.message.find("pageRank") != std::string::npos);

    // Deep nesting is rejected, not a stack overflow.
    std::string deep(100000, '(');
    deep += "1";
    deep += std::string(100000, ')');
    e = err(deep);
    CHECK(e.kind == Kind::syntax);
    std::string deep_t = "g.V()";
    for (int i = 0; i < 5000; ++i) deep_t += ".where(out()";
    deep_t += std::string(5000, ')');
    e = err(deep_t);
    CHECK(e.kind == Kind::syntax);
    std::string deep_list(50000, '[');
    e = err(deep_list);
    CHECK(e.kind == Kind::syntax);
    // Long method chains are fine for the parser (no recursion) but traversals are bounded.
    std::string chain = "g.V(1)";
    for (int i = 0; i < 1000; ++i) chain += ".identity()";
    CHECK(q(chain + ".values('name')") == strs({"marko"}));
    std::string long_chain = "g.V()";
    for (int i = 0; i < 10000; ++i) long_chain += ".identity()";
    e = err(long_chain);
    CHECK(e.kind == Kind::evaluation);
    CHECK(e.message.find("steps") != std::string::npos);
    // Far longer chains are refused by the parser's complexity limit before any traversal exists.
    for (int i = 0; i < 90000; ++i) long_chain += ".identity()";
    e = err(long_chain);
    CHECK(e.kind == Kind::syntax);
    CHECK(e.message.find("too complex") != std::string::npos);
    std::string ops = "1";
    for (int i = 0; i < 100000; ++i) ops += "+1";
    e = err(ops);
    CHECK(e.kind == Kind::syntax);
    std::string minus(100000, '-');
    e = err(minus + "1");
    CHECK(e.kind == Kind::syntax);
}

TEST_CASE_FIXTURE(Fixture, "bytecode: traversers with bulk") {
    // g.V().count()
    Run r = drain(server::evaluate_bytecode(g, bytecode({instr("V"), instr("count")}), {}));
    REQUIRE(!r.error);
    REQUIRE(r.items.size() == 1);
    CHECK(r.items[0].value == L(6));
    CHECK(r.items[0].bulk == 1);

    r = drain(server::evaluate_bytecode(
        g, bytecode({instr("V"), instr("out", {S("knows")}), instr("values", {S("name")})}), {}));
    REQUIRE(!r.error);
    CHECK(same(r.values, strs({"vadas", "josh"})));

    // Ints from GraphBinary look up Long vertex ids; nested bytecode and P arguments.
    r = drain(server::evaluate_bytecode(
        g,
        bytecode({instr("V", {I(1)}), instr("repeat", {bytecode({instr("out")})}), instr("times", {I(2)}),
                  instr("has", {S("lang"), Value::p("within", {S("java"), S("scala")})}),
                  instr("values", {S("name")})}),
        {}));
    REQUIRE(!r.error);
    CHECK(same(r.values, strs({"ripple", "lop"})));

    r = drain(server::evaluate_bytecode(
        g,
        bytecode({instr("V"), instr("group"), instr("by", {Value::enum_(EnumKind::t, "label")}),
                  instr("by", {bytecode({instr("count")})})}),
        {}));
    REQUIRE(!r.error);
    CHECK(equivalent(r.values.at(0), map_of({S("software"), L(2), S("person"), L(4)})));

    // Bulked results come as one traverser per distinct object.
    r = drain(server::evaluate_bytecode(
        g, bytecode({instr("V"), instr("both"), instr("both"), instr("hasId", {I(1)})}), {}));
    REQUIRE(!r.error);
    REQUIRE(r.items.size() == 1);
    CHECK(r.items[0].bulk == 7);  // walks of length 2 ending at marko

    // with('materializeProperties','tokens') as a source instruction and as OptionsStrategy
    r = drain(server::evaluate_bytecode(
        g, bytecode({instr("V", {I(1)})}, {instr("with", {S("materializeProperties"), S("tokens")})}), {}));
    REQUIRE(r.items.size() == 1);
    CHECK(r.items[0].value == Value::vertex(L(1), "person"));
    Value strategy = Value::compound(
        Type::strategy,
        {S("org.apache.tinkerpop.gremlin.process.traversal.strategy.decoration.OptionsStrategy"),
         map_of({S("materializeProperties"), S("tokens")})});
    r = drain(server::evaluate_bytecode(
        g, bytecode({instr("V", {I(1)})}, {instr("withStrategies", {strategy})}), {}));
    REQUIRE(r.items.size() == 1);
    CHECK(r.items[0].value == Value::vertex(L(1), "person"));

    Value readonly = Value::compound(
        Type::strategy,
        {S("org.apache.tinkerpop.gremlin.process.traversal.strategy.verification.ReadOnlyStrategy"),
         map_of({})});
    // ReadOnlyStrategy is honoured: reads run, mutating steps are refused
    r = drain(
        server::evaluate_bytecode(g, bytecode({instr("V")}, {instr("withStrategies", {readonly})}), {}));
    CHECK_FALSE(r.error);
    CHECK(r.items.size() == 6);
    r = drain(server::evaluate_bytecode(
        g, bytecode({instr("addV", {S("x")})}, {instr("withStrategies", {readonly})}), {}));
    REQUIRE(r.error);
    CHECK(r.error->message.find("not read only") != std::string::npos);
    Value subgraph = Value::compound(
        Type::strategy,
        {S("org.apache.tinkerpop.gremlin.process.traversal.strategy.decoration.ElementIdStrategy"),
         map_of({})});
    r = drain(
        server::evaluate_bytecode(g, bytecode({instr("V")}, {instr("withStrategies", {subgraph})}), {}));
    REQUIRE(r.error);
    CHECK(r.error->kind == Kind::unsupported);
    CHECK(r.error->message.find("ElementIdStrategy") != std::string::npos);

    // Errors
    r = drain(server::evaluate_bytecode(g, bytecode({instr("V"), instr("nope")}), {}));
    REQUIRE(r.error);
    CHECK(r.error->kind == Kind::unsupported);
    CHECK(r.error->message.find("nope") != std::string::npos);
    CHECK(r.error->message.find("instruction 1") != std::string::npos);
    r = drain(server::evaluate_bytecode(g, S("not bytecode"), {}));
    REQUIRE(r.error);
    r = drain(server::evaluate_bytecode(g, Value::bytecode(Value::list({S("V")}), Value::list()), {}));
    REQUIRE(r.error);
    Value nested = bytecode({instr("identity")});
    for (int i = 0; i < 200; ++i) nested = bytecode({instr("local", {nested})});
    r = drain(server::evaluate_bytecode(g, bytecode({instr("V"), instr("local", {nested})}), {}));
    REQUIRE(r.error);
    CHECK(r.error->message.find("deeper") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "deadline: an expired deadline ends the stream with a timeout") {
    server::EvalOptions o;
    o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    std::string q = "g.V()";
    for (int i = 0; i < 10; ++i) q += ".both()";
    q += ".path()";  // paths are never merged, so this is real work
    Run r = run(g, q, o);
    REQUIRE(r.error);
    CHECK(r.error->kind == Kind::timeout);
    // With time left the same kind of walk completes.
    o.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    CHECK(ok(g, "g.V().both().both().both().both().both().path().count()", o) == std::vector<Value>{L(420)});
}

TEST_CASE_FIXTURE(Fixture, "concurrent evaluation on one graph while it mutates") {
    std::atomic<int> failures{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> readers;
    for (int t = 0; t < 4; ++t)
        readers.emplace_back([&] {
            for (int i = 0; i < 200; ++i) {
                Run r = run(g, "g.V().hasLabel('person').out('knows').values('name')");
                if (r.error || !same(r.values, strs({"vadas", "josh"}))) ++failures;
                Run c = run(g, "g.V().repeat(both()).times(10).count()");
                if (c.error || c.values.size() != 1 || c.values[0] != L(34446)) ++failures;
            }
        });
    std::thread writer([&] {
        for (int i = 0; i < 100 && !stop; ++i) {
            Run a = run(g, "g.addV('tmp').property('n', " + std::to_string(i) + ")");
            Run d = run(g, "g.V().hasLabel('tmp').drop()");
            if (a.error || d.error) ++failures;
        }
    });
    for (auto& r : readers) r.join();
    stop = true;
    writer.join();
    CHECK(failures == 0);
    CHECK(g.vertex_count() == 6);
}
