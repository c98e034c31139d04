#pragma once
// What the modern graph answers to the five scalar queries each real-server protocol test sends
// first, in this order: g.V().count() (Long 6), 1+1 (Int 2), g.V(1).values('name') ("marko"), the
// weight of a 'knows' edge of vertex 2 (Double 0.5) and josh's age (Int 32). The caller checked
// that no outcome failed. Test code only (uses doctest); header-only.
#include <tpbench/engine/backend.hpp>
#include <tpbench/model/value.hpp>

#include <doctest/doctest.h>

#include <vector>

namespace tpbench::test {

inline void check_modern_scalars(const std::vector<engine::Outcome>& outs) {
    using model::Type;
    REQUIRE(outs.size() >= 5);
    REQUIRE(outs[0].results.size() == 1);
    CHECK(outs[0].results[0].type() == Type::long_);
    CHECK(outs[0].results[0].as_int() == 6);
    REQUIRE(outs[1].results.size() == 1);
    CHECK(outs[1].results[0].type() == Type::int_);
    CHECK(outs[1].results[0].as_int() == 2);
    REQUIRE(outs[2].results.size() == 1);
    CHECK(outs[2].results[0].str() == "marko");
    REQUIRE(outs[3].results.size() == 1);
    CHECK(outs[3].results[0].type() == Type::double_);
    CHECK(outs[3].results[0].as_double() == 0.5);
    REQUIRE(outs[4].results.size() == 1);
    CHECK(outs[4].results[0].type() == Type::int_);
    CHECK(outs[4].results[0].as_int() == 32);
}

}  // namespace tpbench::test
