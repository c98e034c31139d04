#pragma once
// Building model values in tests. Test code only; header-only.
#include <tpbench/model/value.hpp>

#include <initializer_list>
#include <utility>
#include <vector>

namespace tpbench::test {

// A Map with String keys, in the order given: smap({{"gremlin", Value::string("g.V()")}}).
inline model::Value smap(std::initializer_list<std::pair<const char*, model::Value>> kv) {
    std::vector<model::Value> v;
    v.reserve(2 * kv.size());
    for (const auto& [k, x] : kv) {
        v.push_back(model::Value::string(k));
        v.push_back(x);
    }
    return model::Value::map(std::move(v));
}

}  // namespace tpbench::test
