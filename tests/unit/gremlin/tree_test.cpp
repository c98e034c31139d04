// tree() and tree('a') (steps_tree.cpp) against answers worked out by hand on the modern graph
// (marko 1 knows vadas 2 and josh 4, created lop 3; josh created ripple 5 and lop; peter 6 created lop).
#include <tpbench/server/gremlin.hpp>

#include "gremlin_test_util.hpp"

using namespace gremlin_test;
using tpbench::model::Type;

namespace {

using Fixture = ModernGraph;

Value T(std::vector<Value> kv) { return Value::tree(std::move(kv)); }

// The subtree under `key` (nullptr if absent); keys compare with equivalent().
const Value* sub(const Value& tree, const Value& key) {
    for (std::size_t i = 0; i + 1 < tree.size(); i += 2)
        if (equivalent(tree[i], key)) return &tree[i + 1];
    return nullptr;
}

// Order-insensitive tree equality (a Tree is a HashMap: its order is the server's business).
bool same_tree(const Value& a, const Value& b) {
    if (a.type() != Type::tree || b.type() != Type::tree || a.size() != b.size()) return false;
    for (std::size_t i = 0; i + 1 < a.size(); i += 2) {
        const Value* s = sub(b, a[i]);
        if (!s || !same_tree(a[i + 1], *s)) return false;
    }
    return true;
}

Value one_tree(const std::vector<Value>& r) {
    REQUIRE(r.size() == 1);
    REQUIRE(r[0].type() == Type::tree);
    return r[0];
}

}  // namespace

TEST_CASE_FIXTURE(Fixture, "tree(): one Tree of the paths, by() round-robin over the levels") {
    const Value names = one_tree(q("g.V(1).out().out().tree().by('name')"));
    CHECK(same_tree(names, T({S("marko"), T({S("josh"), T({S("lop"), T({}), S("ripple"), T({})})})})));

    // without by(): the elements themselves
    const Value els = one_tree(q("g.V(1).out().out().tree()"));
    REQUIRE(els.size() == 2);
    CHECK(els[0] == modern_vertex(1));
    REQUIRE(els[1].size() == 2);
    CHECK(els[1][0] == modern_vertex(4));
    CHECK(els[1][1].size() == 4);

    // by('name').by(T.label) alternate per level
    const Value alt = one_tree(q("g.V(1).outE().inV().tree().by('name').by(T.label)"));
    CHECK(same_tree(alt, T({S("marko"), T({S("knows"), T({S("vadas"), T({}), S("josh"), T({})}), S("created"),
                                           T({S("lop"), T({})})})})));

    // an unproductive by() skips the level: lop and ripple have no age
    const Value ages = one_tree(q("g.V().out().tree().by('age')"));
    CHECK(same_tree(ages, T({I(29), T({I(27), T({}), I(32), T({})}), I(32), T({}), I(35), T({})})));

    // no input: one empty Tree
    CHECK(q("g.V().out().out().out().tree()") == std::vector<Value>{T({})});
}

TEST_CASE_FIXTURE(Fixture, "tree('a'): a side-effect barrier that cap() and select() read") {
    const Value a = one_tree(q("g.V(1).out().out().tree('a').by('name').both().both().cap('a')"));
    CHECK(same_tree(a, T({S("marko"), T({S("josh"), T({S("lop"), T({}), S("ripple"), T({})})})})));
    // the traversers go on: lop and ripple, both().both() from them
    CHECK(q("g.V(1).out().out().tree('a').values('name')").size() == 2);
    // a barrier: every select('a') sees the whole tree (3 roots: marko, josh, peter)
    CHECK(q("g.V().out().tree('a').select('a').count(local)") == std::vector<Value>(6, L(3)));
    // inside local() each traverser is added on its own
    CHECK(same(q("g.V().out().local(tree('a').select('a').count(local))"),
               {L(1), L(1), L(1), L(2), L(2), L(3)}));
    // an unproductive by() gives a null key in the side-effect form
    const Value n = one_tree(q("g.V(1).out().tree('a').by('age').cap('a')"));
    CHECK(same_tree(n, T({I(29), T({I(27), T({}), I(32), T({}), Value::null(), T({})})})));
}

TEST_CASE_FIXTURE(Fixture, "tree(): a Tree is a map for local steps, and wrong arguments fail cleanly") {
    CHECK(q("g.V().out().tree().count(local)") == std::vector<Value>{L(3)});
    CHECK(q("g.V().out().tree().unfold().count()") == std::vector<Value>{L(3)});
    Run r = run(g, "g.V().tree(1)");
    REQUIRE(r.error);
    CHECK(r.error->message.find("tree") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "tree(): a wide level stays correct past the linear-search size") {
    // every vertex's both() neighbours: 6 roots, 12 (root, neighbour) pairs
    const Value both = one_tree(q("g.V().both().tree()"));
    CHECK(both.size() == 12);
    std::size_t pairs = 0;
    for (std::size_t i = 1; i < both.size(); i += 2) pairs += both[i].size() / 2;
    CHECK(pairs == 12);
    // 20 distinct roots, some of them seen twice: each once
    std::string s = "g.inject(";
    for (int i = 1; i <= 20; ++i) s += std::to_string(i) + ",";
    s += "1,7,20).tree()";
    const Value wide = one_tree(q(s));
    CHECK(wide.size() == 40);
    for (int i = 1; i <= 20; ++i) CHECK(sub(wide, I(i)) != nullptr);
}
