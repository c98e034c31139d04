// Transactions over the in-memory graph (include/tpbench/server/tx.hpp) and the session layer of
// the embedded server (src/server/net/sessions.hpp): isolation, read committed per statement,
// commit/rollback, conflicts, concurrent writers, session statements and the tables' limits.
#include "../gremlin/graph_store.hpp"  // GraphStore: who holds the committed snapshot
#include "sessions.hpp"

#include <tpbench/server/gremlin.hpp>
#include <tpbench/server/tx.hpp>

#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {

using tpbench::model::Value;
namespace server = tpbench::server;
namespace sd = tpbench::server::detail;

struct Out {
    std::vector<Value> values;
    std::optional<server::EvalError> error;
};

Out drain(std::unique_ptr<server::ResultStream> s) {
    Out o;
    server::Item it;
    while (s->next(it)) {
        Value v = server::materialize(it, false);
        for (std::int64_t b = 0; b < it.bulk; ++b) o.values.push_back(v);
    }
    o.error = s->error();
    return o;
}

Out run(server::Graph& g, const std::string& script) { return drain(server::evaluate_script(g, script, {})); }

std::int64_t count(server::Graph& g, const std::string& script) {
    Out o = run(g, script);
    REQUIRE_MESSAGE(!o.error, (o.error ? o.error->message : std::string()));
    REQUIRE(o.values.size() == 1);
    return o.values[0].as_int();
}

}  // namespace

TEST_CASE("tx: writes are private until commit, then visible; rollback discards them") {
    server::Graph g;
    g.load_modern();
    server::Transaction tx(g);
    tx.begin_statement();
    REQUIRE_FALSE(run(tx.graph(), "g.addV('person').property('name','zoe')").error);
    CHECK(count(tx.graph(), "g.V().count()") == 7);
    CHECK(count(g, "g.V().count()") == 6);  // not committed yet
    CHECK(tx.has_writes());
    CHECK_FALSE(tx.commit());
    CHECK(count(g, "g.V().count()") == 7);
    CHECK(count(g, "g.V().has('name','zoe').count()") == 1);
    CHECK_FALSE(tx.has_writes());

    tx.begin_statement();
    REQUIRE_FALSE(run(tx.graph(), "g.V().has('name','zoe').drop()").error);
    CHECK(count(tx.graph(), "g.V().count()") == 6);
    tx.rollback();
    CHECK(count(g, "g.V().count()") == 7);
    tx.begin_statement();
    CHECK(count(tx.graph(), "g.V().count()") == 7);
    tx.end_statement();
}

TEST_CASE("tx: between statements a transaction holds its write set, not a copy of the graph") {
    server::Graph g;
    // A graph of 2,000 vertices.
    std::string add = "g.addV('n')";
    for (int i = 1; i < 100; ++i) add += ".addV('n')";
    for (int i = 0; i < 20; ++i) REQUIRE_FALSE(run(g, add).error);
    REQUIRE(count(g, "g.V().count()") == 2000);
    constexpr int open = 200;
    std::vector<std::unique_ptr<server::Transaction>> txs;
    for (int i = 0; i < open; ++i) {
        auto tx = std::make_unique<server::Transaction>(g);
        tx->begin_statement();
        CHECK_FALSE(tx->holds_copy());  // no writes yet: the committed graph, shared
        REQUIRE_FALSE(run(tx->graph(), "g.addV('open').property('i', " + std::to_string(i) + ")").error);
        CHECK(tx->holds_copy());  // its write copied the graph, for this statement only
        tx->end_statement();
        CHECK_FALSE(tx->holds_copy());
        CHECK(tx->has_writes());
        CHECK(tx->graph().vertex_count() == 0);  // the working graph dropped its copy
        CHECK(tx->write_set_bytes() > 0);
        CHECK(tx->write_set_bytes() < 4096);  // one vertex with one property
        txs.push_back(std::move(tx));
    }
    // No transaction holds the committed snapshot (only the store and this check do) ...
    CHECK(g.store().snapshot().use_count() == 2);
    // ... and each transaction's next statement sees its own write only.
    for (int i = 0; i < open; i += 37) {
        txs[i]->begin_statement();
        CHECK(txs[i]->holds_copy());  // writes held: a copy for the statement
        CHECK(count(txs[i]->graph(), "g.V().hasLabel('open').values('i')") == i);
        CHECK(count(txs[i]->graph(), "g.V().count()") == 2001);
        txs[i]->end_statement();
    }
    for (int i = 0; i < open; ++i) CHECK_FALSE(txs[i]->commit());
    CHECK(count(g, "g.V().hasLabel('open').count()") == open);
    CHECK(count(g, "g.V().hasLabel('open').values('i').dedup().count()") == open);
}

TEST_CASE("tx: writes held between statements survive concurrent commits and commit right") {
    server::Graph g;
    g.load_modern();
    server::Transaction tx(g);
    tx.begin_statement();
    REQUIRE_FALSE(run(tx.graph(), "g.addV('mine').as('m').V(1).addE('made').to('m')").error);
    REQUIRE_FALSE(run(tx.graph(), "g.V(2).property('age', 28)").error);
    tx.end_statement();
    // Commits between the statements: a vertex added, a property changed, an edge dropped.
    REQUIRE_FALSE(run(g, "g.addV('theirs')").error);
    REQUIRE_FALSE(run(g, "g.V(4).property('age', 33)").error);
    REQUIRE_FALSE(run(g, "g.E(9).drop()").error);
    tx.begin_statement();
    CHECK(count(tx.graph(), "g.V().hasLabel('theirs').count()") == 1);  // read committed
    CHECK(count(tx.graph(), "g.V().hasLabel('mine').count()") == 1);    // its own write kept
    CHECK(count(tx.graph(), "g.V(1).out('made').hasLabel('mine').count()") == 1);
    CHECK(count(tx.graph(), "g.V(2).values('age')") == 28);
    CHECK(count(tx.graph(), "g.V(4).values('age')") == 33);
    CHECK(count(tx.graph(), "g.E(9).count()") == 0);
    REQUIRE_FALSE(run(tx.graph(), "g.V().hasLabel('mine').property('n', 2)").error);
    tx.end_statement();
    CHECK(count(g, "g.V().hasLabel('mine').count()") == 0);  // still private
    CHECK_FALSE(tx.commit());
    CHECK(count(g, "g.V().count()") == 8);
    CHECK(count(g, "g.V().hasLabel('mine').values('n')") == 2);
    CHECK(count(g, "g.V(1).out('made').hasLabel('mine').count()") == 1);
    CHECK(count(g, "g.V(2).values('age')") == 28);
    CHECK(count(g, "g.V(4).values('age')") == 33);
    CHECK(count(g, "g.E(9).count()") == 0);
    CHECK(count(g, "g.E().count()") == 6);  // 6 of modern, one dropped, one added
    CHECK_FALSE(tx.has_writes());
}

TEST_CASE("tx: a write a concurrent commit made impossible between statements fails the commit") {
    server::Graph g;
    g.load_modern();
    server::Transaction tx(g);
    tx.begin_statement();
    REQUIRE_FALSE(run(tx.graph(), "g.addV('n').as('n').V(1).addE('likes').to('n')").error);
    tx.end_statement();
    REQUIRE_FALSE(run(g, "g.V(1).drop()").error);
    tx.begin_statement();  // the edge cannot be applied: the rest is, and the commit fails
    CHECK(count(tx.graph(), "g.V().hasLabel('n').count()") == 1);
    tx.end_statement();
    auto failed = tx.commit();
    REQUIRE(failed);
    CHECK(failed->find("removed by a concurrent commit") != std::string::npos);
    CHECK(count(g, "g.V().hasLabel('n').count()") == 0);
    CHECK_FALSE(tx.has_writes());
}

TEST_CASE("tx: each statement sees what others committed before it started (read committed)") {
    server::Graph g;
    g.load_modern();
    server::Transaction tx(g);
    tx.begin_statement();
    REQUIRE_FALSE(run(tx.graph(), "g.addV('a')").error);
    // Another writer commits meanwhile (sessionless).
    REQUIRE_FALSE(run(g, "g.addV('b')").error);
    CHECK(count(tx.graph(), "g.V().hasLabel('b').count()") == 0);  // same statement's view
    tx.begin_statement();                                          // next statement
    CHECK(count(tx.graph(), "g.V().hasLabel('b').count()") == 1);
    CHECK(count(tx.graph(), "g.V().hasLabel('a').count()") == 1);  // own write kept
    CHECK_FALSE(tx.commit());
    CHECK(count(g, "g.V().count()") == 8);  // both writes, none lost
}

TEST_CASE("tx: concurrent transactions never lose each other's writes; ids never collide") {
    server::Graph g;
    g.clear();
    constexpr int threads = 8, per = 25;
    std::atomic<int> failures{0};
    std::vector<std::thread> ts;
    for (int t = 0; t < threads; ++t)
        ts.emplace_back([&] {
            server::Transaction tx(g);
            for (int i = 0; i < per; ++i) {
                tx.begin_statement();
                if (run(tx.graph(), "g.addV('w').as('x').addV('y').addE('e').from('x')").error) ++failures;
                tx.begin_statement();
                if (run(tx.graph(), "g.addV('w')").error) ++failures;
                if (tx.commit()) ++failures;
            }
        });
    for (auto& t : ts) t.join();
    CHECK(failures == 0);
    CHECK(count(g, "g.V().hasLabel('w').count()") == threads * per * 2);
    CHECK(count(g, "g.V().hasLabel('y').count()") == threads * per);
    CHECK(count(g, "g.E().hasLabel('e').count()") == threads * per);
    CHECK(count(g, "g.E().hasLabel('e').outV().hasLabel('w').count()") == threads * per);
    CHECK(count(g, "g.V().id().dedup().count()") == threads * per * 3);
}

TEST_CASE("tx: a commit whose edge lost its vertex to a concurrent commit fails whole") {
    server::Graph g;
    g.load_modern();
    server::Transaction tx(g);
    tx.begin_statement();
    REQUIRE_FALSE(run(tx.graph(), "g.addV('n').as('n').V(1).addE('likes').to('n')").error);
    REQUIRE_FALSE(run(tx.graph(), "g.addV('m')").error);
    REQUIRE_FALSE(run(g, "g.V(1).drop()").error);
    auto failed = tx.commit();
    REQUIRE(failed);
    CHECK(failed->find("removed by a concurrent commit") != std::string::npos);
    CHECK(count(g, "g.V().hasLabel('n','m').count()") == 0);  // nothing of it published
    CHECK(count(g, "g.V().count()") == 5);
}

TEST_CASE("tx: property updates and drops merge by element with concurrent commits") {
    server::Graph g;
    g.load_modern();
    server::Transaction tx(g);
    tx.begin_statement();
    REQUIRE_FALSE(run(tx.graph(), "g.V(1).property('age', 30)").error);
    REQUIRE_FALSE(run(tx.graph(), "g.E(7).property('weight', 0.9)").error);
    REQUIRE_FALSE(run(g, "g.V(2).property('age', 99)").error);
    CHECK_FALSE(tx.commit());
    CHECK(count(g, "g.V(1).values('age')") == 30);
    CHECK(count(g, "g.V(2).values('age')") == 99);
    Out w = run(g, "g.E(7).values('weight')");
    REQUIRE(w.values.size() == 1);
    CHECK(w.values[0].to_double() == doctest::Approx(0.9));  // 0.9 is a BigDecimal in Groovy
    CHECK(count(g, "g.V(1).values('name').count()") == 1);
}

TEST_CASE("tx: control forms are matched exactly (trimmed, case-sensitive)") {
    CHECK(sd::tx_control("g.tx().begin()") == sd::TxControl::begin);
    CHECK(sd::tx_control("  g.tx().commit()\n") == sd::TxControl::commit);
    CHECK(sd::tx_control("g.tx().rollback()") == sd::TxControl::rollback);
    CHECK(sd::tx_control("g.tx().Commit()") == sd::TxControl::none);
    CHECK(sd::tx_control("g.tx().commit();g.V()") == sd::TxControl::none);
    CHECK(sd::tx_control("") == sd::TxControl::none);
}

TEST_CASE("tx: session statements keep bindings, commit on manageTransaction, answer control forms") {
    server::Graph g;
    g.load_modern();
    auto s = std::make_shared<sd::TxSession>(g, "s1");
    auto stmt = [&](std::string script, Value bindings = Value::map(), bool manage = false) {
        sd::SessionStatement st;
        st.script = std::move(script);
        st.opts.bindings = std::move(bindings);
        st.manage_transaction = manage;
        return drain(sd::session_statement_stream(s, std::move(st)));
    };
    Out a = stmt("g.addV(lbl)", Value::map({Value::string("lbl"), Value::string("tmp")}));
    REQUIRE_FALSE(a.error);
    CHECK(count(g, "g.V().hasLabel('tmp').count()") == 0);
    // The binding is kept by the session.
    Out b = stmt("g.V().hasLabel(lbl).count()");
    REQUIRE_FALSE(b.error);
    REQUIRE(b.values.size() == 1);
    CHECK(b.values[0].as_int() == 1);
    Out c = stmt("g.tx().commit()");
    REQUIRE_FALSE(c.error);
    REQUIRE(c.values.size() == 1);
    CHECK(c.values[0].is_null());
    CHECK(count(g, "g.V().hasLabel('tmp').count()") == 1);
    // manageTransaction: committed by the statement itself.
    REQUIRE_FALSE(stmt("g.addV('auto')", Value::map(), true).error);
    CHECK(count(g, "g.V().hasLabel('auto').count()") == 1);
    // A failing statement under manageTransaction rolls back.
    Out f = stmt("g.addV('lost').V(1).addE('x').to(__.V(999))", Value::map(), true);
    CHECK(f.error);
    CHECK(count(g, "g.V().hasLabel('lost').count()") == 0);
    // rollback
    REQUIRE_FALSE(stmt("g.addV('gone')").error);
    REQUIRE_FALSE(stmt("g.tx().rollback()").error);
    REQUIRE_FALSE(stmt("g.tx().commit()").error);
    CHECK(count(g, "g.V().hasLabel('gone').count()") == 0);
}

TEST_CASE("tx: a statement of a transaction holding writes claims its copy from the budget while it runs") {
    server::Graph g;
    g.load_modern();
    sd::MemoryBudget budget(100000);
    auto s = std::make_shared<sd::TxSession>(g, "b");
    auto stream = [&](std::string script) {
        sd::SessionStatement st;
        st.script = std::move(script);
        st.budget = &budget;
        st.copy_charge = 60000;
        return sd::session_statement_stream(s, std::move(st));
    };
    REQUIRE_FALSE(drain(stream("g.addV('x')")).error);  // no writes before it: no copy claimed
    const std::size_t idle = budget.in_use();
    CHECK(idle == sd::tx_idle_charge() + s->tx.write_set_bytes());
    CHECK(s->tx.write_set_bytes() > 0);
    // While a statement runs, its copy is claimed; when its stream goes, so does the claim.
    auto running = stream("g.V()");
    server::Item it;
    REQUIRE(running->next(it));
    CHECK(budget.in_use() == idle + 60000);
    running.reset();
    CHECK(budget.in_use() == idle);
    // Over the budget the statement is refused before it runs, and the writes stay.
    auto hog = budget.try_acquire(50000);
    REQUIRE(hog);
    Out r = drain(stream("g.V().count()"));
    REQUIRE(r.error);
    CHECK(r.error->kind == server::EvalError::Kind::over_budget);
    CHECK(r.error->message.find("memory budget") != std::string::npos);
    hog.reset();
    CHECK(budget.in_use() == idle);
    REQUIRE_FALSE(drain(stream("g.tx().commit()")).error);
    CHECK(count(g, "g.V().hasLabel('x').count()") == 1);
    CHECK(budget.in_use() == sd::tx_idle_charge());
}

TEST_CASE("tx: a ws37 session keeps its scripts' variables for its later requests") {
    server::Graph g;
    g.load_modern();
    auto s = std::make_shared<sd::TxSession>(g, "vars");
    auto stmt = [&](std::string script, Value bindings = Value::map()) {
        sd::SessionStatement st;
        st.script = std::move(script);
        st.opts.bindings = std::move(bindings);
        return drain(sd::session_statement_stream(s, std::move(st)));
    };
    auto one = [](const Out& o) {
        REQUIRE_FALSE(o.error);
        REQUIRE(o.values.size() == 1);
        return o.values[0];
    };
    CHECK(one(stmt("x = 1")).as_int() == 1);
    CHECK(one(stmt("x + 1")).as_int() == 2);
    CHECK(one(stmt("x = x * 10; y = g.V().count().next(); who = 'marko'; x")).as_int() == 10);
    CHECK(one(stmt("x + y")).as_int() == 16);
    CHECK(one(stmt("g.V().has('name', who).values('age')")).as_int() == 29);
    // A binding sent with a request replaces the variable of that name for it and after it.
    CHECK(one(stmt("x", Value::map({Value::string("x"), Value::int_(5)}))).as_int() == 5);
    CHECK(one(stmt("x")).as_int() == 5);
    // A traversal assigned is not kept (only resolved values are): a clean MissingProperty error.
    REQUIRE_FALSE(stmt("t = g.V()").error);
    Out t = stmt("t.count()");
    REQUIRE(t.error);
    CHECK(t.error->message.find("No such property: t") != std::string::npos);
    // Another session does not see them.
    auto other = std::make_shared<sd::TxSession>(g, "other");
    sd::SessionStatement st;
    st.script = "x";
    Out o = drain(sd::session_statement_stream(other, std::move(st)));
    CHECK(o.error);
}

TEST_CASE("tx: http4 statements answer transactionId; commit ends the transaction") {
    server::Graph g;
    g.load_modern();
    sd::SessionTable table;
    table.set_limits({std::chrono::milliseconds(60000), std::chrono::milliseconds(600000), 2});
    auto s = table.create(g, "t-1", nullptr);
    REQUIRE(s);
    REQUIRE(table.create(g, "t-2", nullptr));
    CHECK_FALSE(table.create(g, "t-3", nullptr));  // max 2 open
    auto stmt = [&](std::string script) {
        sd::SessionStatement st;
        st.script = std::move(script);
        st.http4 = true;
        st.table = &table;
        return drain(sd::session_statement_stream(s, std::move(st)));
    };
    Out b = stmt("g.tx().begin()");
    REQUIRE(b.values.size() == 1);
    REQUIRE(b.values[0].find("transactionId"));
    CHECK(b.values[0].find("transactionId")->str() == "t-1");
    REQUIRE_FALSE(stmt("g.addV('h')").error);
    CHECK(count(g, "g.V().hasLabel('h').count()") == 0);
    Out c = stmt("g.tx().commit()");
    REQUIRE_FALSE(c.error);
    CHECK(count(g, "g.V().hasLabel('h').count()") == 1);
    CHECK_FALSE(table.find("t-1"));  // ended
    CHECK(table.find("t-2"));
}

TEST_CASE("tx: an idle transaction times out and is remembered as timed out") {
    server::Graph g;
    sd::SessionTable table;
    table.set_limits({std::chrono::milliseconds(1), std::chrono::milliseconds(0), 0});
    REQUIRE(table.create(g, "old", nullptr));
    std::this_thread::sleep_for(std::chrono::milliseconds(120));
    CHECK_FALSE(table.find("old"));
    CHECK(table.timed_out("old"));
    CHECK_FALSE(table.timed_out("never-existed"));
}

TEST_CASE("tx: sessions bound to a connection go with it") {
    server::Graph g;
    sd::SessionTable table;
    int conn_a = 0, conn_b = 0;
    REQUIRE(table.create(g, "a1", &conn_a));
    REQUIRE(table.create(g, "a2", &conn_a));
    REQUIRE(table.create(g, "b1", &conn_b));
    table.erase_owned_by(&conn_a);
    CHECK(table.size() == 1);
    CHECK(table.find("b1"));
}
