// backends/common/last_request.hpp: the key of the backends' reuse-the-last-encoded-request cache.
// Every field that reaches the wire makes a request differ; deadline and keep_results do not.
#include "backends/common/last_request.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

using tpbench::backends_detail::LastRequest;
using tpbench::engine::Clock;
using tpbench::engine::Request;
using tpbench::model::Value;

namespace {

Request base() {
    Request r;
    r.gremlin = "g.V().count()";
    r.bindings = Value::map({Value::string("x"), Value::int_(1)});
    return r;
}

}  // namespace

TEST_CASE("LastRequest: nothing is the same before remember() and after forget()") {
    LastRequest last;
    CHECK_FALSE(last.same(base()));
    last.remember(base());
    CHECK(last.same(base()));
    last.forget();
    CHECK_FALSE(last.same(base()));
}

TEST_CASE("LastRequest: every field on the wire counts, deadline and keep_results do not") {
    LastRequest last;
    last.remember(base());

    Request local = base();
    local.deadline = Clock::now() + std::chrono::seconds(3);
    local.keep_results = true;
    CHECK(last.same(local));

    const std::vector<std::function<void(Request&)>> changes = {
        [](Request& r) { r.gremlin = "g.E().count()"; },
        [](Request& r) {
            r.bindings = Value::map({Value::string("x"), Value::int_(2)});
        },
        [](Request& r) { r.bytecode = Value::list({}); },
        [](Request& r) { r.language = "gremlin-lang"; },
        [](Request& r) { r.batch_size = 8; },
        [](Request& r) { r.server_timeout_ms = 1000; },
        [](Request& r) { r.materialize_tokens = true; },
        [](Request& r) { r.session = "s-1"; },
        [](Request& r) { r.tx_begin = true; },
    };
    for (std::size_t i = 0; i < changes.size(); ++i) {
        CAPTURE(i);
        Request r = base();
        changes[i](r);
        CHECK_FALSE(last.same(r));
        LastRequest other;
        other.remember(r);
        CHECK(other.same(r));
        CHECK_FALSE(other.same(base()));
    }
}

TEST_CASE("LastRequest: two bytecodes compare by value") {
    LastRequest last;
    Request r = base();
    r.bytecode = Value::list({Value::string("V")});
    last.remember(r);
    Request same_value = base();
    same_value.bytecode = Value::list({Value::string("V")});
    CHECK(last.same(same_value));
    same_value.bytecode = Value::list({Value::string("E")});
    CHECK_FALSE(last.same(same_value));
}

TEST_CASE("LastRequest: hits() counts the reuses; disable() (memo=off) remembers nothing") {
    LastRequest last;
    last.remember(base());
    CHECK(last.same(base()));
    CHECK(last.same(base()));
    Request other = base();
    other.gremlin = "g.E()";
    CHECK_FALSE(last.same(other));
    CHECK(last.hits() == 2);
    last.disable();
    CHECK_FALSE(last.same(base()));
    last.remember(base());
    CHECK_FALSE(last.same(base()));
    CHECK(last.hits() == 2);
}
