#include <tpbench/model/value.hpp>
#include <tpbench/model/error.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <unordered_set>

using tpbench::model::Type;
using tpbench::model::Value;

TEST_CASE("scalars keep their type and value") {
    CHECK(Value::int_(2).type() == Type::int_);
    CHECK(Value::int_(2).as_int() == 2);
    CHECK(Value::long_(2) != Value::int_(2));  // Int 2 and Long 2 are different wire values
    CHECK(Value::string("marko").str() == "marko");
    CHECK(Value().is_null());
    CHECK(Value::typed_null(0x01) != Value::null());
    CHECK(Value::double_(NAN) == Value::double_(NAN));
    CHECK(Value::double_(0.0) != Value::double_(-0.0));
}

TEST_CASE("elements expose id, label and render like the Gremlin console") {
    auto v = Value::vertex(Value::long_(1), "person");
    CHECK(v.id() == Value::long_(1));
    CHECK(v.label() == "person");
    CHECK(v.to_string() == "v[1]");
    auto e = Value::edge(Value::int_(7), "knows", Value::long_(2), "person", Value::long_(1), "person");
    CHECK(e.to_string() == "e[7][1-knows->2]");
    auto m = Value::map({Value::string("a"), Value::int_(1)});
    REQUIRE(m.find("a") != nullptr);
    CHECK(*m.find("a") == Value::int_(1));
    CHECK(m.find("b") == nullptr);
    CHECK(m.to_string() == "{a=1}");
    CHECK(Value::double_(3.5).to_string() == "3.5");
    CHECK(Value::double_(1.0).to_string() == "1.0");
}

TEST_CASE("equivalent ignores map and set order, == does not") {
    auto a = Value::map({Value::string("x"), Value::int_(1), Value::string("y"), Value::int_(2)});
    auto b = Value::map({Value::string("y"), Value::int_(2), Value::string("x"), Value::int_(1)});
    CHECK(a != b);
    CHECK(equivalent(a, b));
    CHECK_FALSE(equivalent(a, Value::map({Value::string("x"), Value::int_(1)})));
}

TEST_CASE("hash agrees with equality and compare orders numbers across types") {
    std::unordered_set<Value, tpbench::model::ValueHash> s;
    s.insert(Value::string("a"));
    s.insert(Value::string("a"));
    s.insert(Value::int_(1));
    CHECK(s.size() == 2);
    CHECK(compare(Value::int_(1), Value::double_(1.5)) < 0);
    CHECK(compare(Value::long_(30), Value::int_(29)) > 0);
    CHECK(compare(Value::string("josh"), Value::string("marko")) < 0);
    // Gremlin's orderability: Set before List, whatever their items
    CHECK(compare(Value::set({Value::string("z")}), Value::list({Value::string("a")})) < 0);
    CHECK(compare(Value::list({}), Value::set({})) > 0);
    CHECK(compare(Value::duration(9000, 0), Value::duration(3600, 5)) > 0);
    CHECK(compare(Value::duration(1, 2), Value::duration(1, 3)) < 0);
}

TEST_CASE("uuid text round trip") {
    tpbench::model::Uuid u{};
    REQUIRE(tpbench::model::uuid_from_string("cb682578-9d92-4499-9ebc-5c6aa73c5397", u));
    CHECK(u[0] == 0xcb);
    CHECK(tpbench::model::uuid_to_string(u) == "cb682578-9d92-4499-9ebc-5c6aa73c5397");
    CHECK_FALSE(tpbench::model::uuid_from_string("not-a-uuid", u));
}

TEST_CASE("errc maps onto a category with readable messages") {
    std::error_code ec = tpbench::errc::server_timeout;
    CHECK(ec.category().name() == std::string("tpbench"));
    CHECK(ec.message() == "server: evaluation timeout");
}
