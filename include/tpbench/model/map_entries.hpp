#pragma once
// Set-or-replace on the flat entry list of a map Value (Type::map: kids k0, v0, k1, v1, …, see
// value.hpp): the one copy of the loop that script variables (script.cpp), session bindings
// (src/server/net/sessions.cpp), call() parameters and addAll of maps (src/server/gremlin) wrote
// each on their own. Linear in the map's size, as those maps are small.
#include <tpbench/model/value.hpp>

#include <cstddef>
#include <vector>

namespace tpbench::model {

// Sets `key` to `value` in `kv` (k0, v0, k1, v1, …): the value of the first equal key is replaced
// in place, else the pair is appended (insertion order kept).
inline void map_set(std::vector<Value>& kv, const Value& key, const Value& value) {
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2)
        if (kv[i] == key) {
            kv[i + 1] = value;
            return;
        }
    kv.push_back(key);
    kv.push_back(value);
}

}  // namespace tpbench::model
