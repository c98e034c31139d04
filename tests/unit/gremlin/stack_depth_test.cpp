// The server's Gremlin front end: the parser's nesting limits (script.cpp kMaxDepth,
// the operator-chain bound, eval.cpp's bytecode depth) keep the deepest script or bytecode it
// accepts — parsed, evaluated and drained — within a fraction of a thread's default 8 MiB stack,
// even under ASan+UBSan. Each case finds the deepest nesting the parser accepts, then runs it on a
// thread with a kSmallStack stack; a build whose frames outgrow that margin fails here with a stack
// overflow instead of crashing a gremlinPool thread.
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

#include <pthread.h>

#include <functional>
#include <string>

using namespace gremlin_test;
using Kind = server::EvalError::Kind;

namespace {

constexpr std::size_t kSmallStack = std::size_t{2} << 20;  // a quarter of the 8 MiB default

void on_stack(std::size_t bytes, const std::function<void()>& fn) {
    pthread_attr_t attr;
    REQUIRE(pthread_attr_init(&attr) == 0);
    REQUIRE(pthread_attr_setstacksize(&attr, bytes) == 0);
    pthread_t t;
    const int rc = pthread_create(
        &t, &attr,
        [](void* p) -> void* {
            (*static_cast<const std::function<void()>*>(p))();
            return nullptr;
        },
        const_cast<std::function<void()>*>(&fn));
    pthread_attr_destroy(&attr);
    REQUIRE(rc == 0);
    pthread_join(t, nullptr);
}

bool syntax_error(server::Graph& g, const std::string& s) {
    Run r = run(g, s);
    return r.error && r.error->kind == Kind::syntax;
}

// The largest n (<= 5000) for which make(n) is not refused as too deep; the refusal at n + 1 is
// checked to be a syntax error.
int deepest(server::Graph& g, const std::function<std::string(int)>& make) {
    int lo = 1, hi = 5000;
    REQUIRE_FALSE(syntax_error(g, make(lo)));
    REQUIRE(syntax_error(g, make(hi)));
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        (syntax_error(g, make(mid)) ? hi : lo) = mid;
    }
    return lo;
}

std::string wrap(int n, const std::string& open, const std::string& inner, const std::string& close) {
    std::string s;
    for (int i = 0; i < n; ++i) s += open;
    s += inner;
    for (int i = 0; i < n; ++i) s += close;
    return s;
}

}  // namespace

TEST_CASE("gremlin: the deepest script the parser accepts evaluates on a 2 MiB stack") {
    server::Graph g;
    g.load_modern();
    struct Case {
        const char* name;
        std::function<std::string(int)> make;
        std::size_t results;
    };
    const Case cases[] = {
        {"parentheses", [](int n) { return wrap(n, "(", "1", ")"); }, 1},
        {"lists", [](int n) { return wrap(n, "[", "1", "]"); }, 1},
        {"maps", [](int n) { return wrap(n, "[a:", "1", "]"); }, 1},
        {"unary minus", [](int n) { return std::string(static_cast<std::size_t>(n), '-') + "1"; }, 1},
        {"operator chain", [](int n) { return wrap(n, "", "1", "+1"); }, 1},
        {"nested where", [](int n) { return "g.V()" + wrap(n, ".where(__.out()", "", ")"); }, 0},
        {"nested local", [](int n) { return "g.V()" + wrap(n, ".local(__.out()", "", ")"); }, 0},
        {"nested union", [](int n) { return "g.V()" + wrap(n, ".union(__.identity()", "", ")"); }, 6},
    };
    for (const auto& c : cases) {
        CAPTURE(c.name);
        const int d = deepest(g, c.make);
        CAPTURE(d);
        CHECK(d >= 32);  // real scripts nest far less; the limits must not bite them
        const std::string script = c.make(d);
        on_stack(kSmallStack, [&] {
            Run r = run(g, script);
            CHECK_FALSE(r.error);
            CHECK(r.values.size() == c.results);
        });
    }
}

TEST_CASE("gremlin: the deepest bytecode accepted evaluates on a 2 MiB stack") {
    server::Graph g;
    g.load_modern();
    auto nested = [&](int n) {
        Value b = bytecode({instr("identity")});
        for (int i = 0; i < n; ++i) b = bytecode({instr("local", {b})});
        return bytecode({instr("V"), instr("local", {b})});
    };
    auto refused = [&](int n) {
        Run r = drain(server::evaluate_bytecode(g, nested(n), {}));
        return r.error.has_value();
    };
    int d = 1;
    while (d < 1000 && !refused(d + 1)) ++d;
    CHECK(d >= 32);
    CHECK(refused(d + 1));
    const Value b = nested(d);
    on_stack(kSmallStack, [&] {
        Run r = drain(server::evaluate_bytecode(g, b, {}));
        CHECK_FALSE(r.error);
        CHECK(r.values.size() == 6);
    });
}
