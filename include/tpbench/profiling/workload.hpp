#pragma once
// Weighted query workloads read from a file (JSON Lines; format in docs/usage.md):
//
//   # comment lines and blank lines are ignored
//   {"gremlin": "g.V(vid).out('knows')", "bindings": {"vid": 1}, "weight": 3, "expect": 2}
//   {"gremlin": "g.V().count()", "weight": 1, "language": "gremlin-groovy"}
//
// Keys: gremlin (required, non-empty string), weight (positive integer <= 1000000, default 1),
// bindings (object; values: string, boolean, integer -> Long, number -> Double, array -> List,
// object -> Map, or a typed {"@type": "g:Int32"|"g:Int64"|"g:Double"|"g:Float", "@value": n}),
// expect (result count every execution must return), language, batchSize, feeder (profiling/feeder.hpp).
//
// A transaction group (docs/usage.md "Transactions in a workload") is one line whose "tx" lists
// the requests (each with gremlin and optionally bindings, language, batchSize), run in order on
// one connection between g.tx().begin() and g.tx().commit() — or g.tx().rollback() with
// "commit": false — through a ws37 session or an http4 transaction:
//   {"tx": [{"gremlin": "g.addV('p')"}, {"gremlin": "g.V().hasLabel('p').count()"}], "commit": true,
//   "weight": 2}
// Pure: no I/O beyond what the caller passes in; usable on any thread.
#include <tpbench/engine/load.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

namespace tpbench::engine {

struct WeightedQuery {
    std::uint32_t weight = 1;
    RequestTemplate request;
    // "feeder": the same object as request.feeder, its rows empty until load_feeders
    // (profiling/feeder.hpp) reads the file.
    std::shared_ptr<Feeder> feeder;
};

// Parses a workload text. Throws ConfigError naming the line and the problem. At most 100000
// queries; an empty workload is an error.
std::vector<WeightedQuery> parse_workload(std::string_view text);

// Template indices for the next n requests: query i is chosen with probability weight_i / sum,
// drawn from `random` (deterministic for a seed). Throws std::invalid_argument on an empty list.
class WeightedPlanner {
public:
    WeightedPlanner(const std::vector<WeightedQuery>& queries, std::int64_t seed);
    std::vector<std::uint32_t> next(std::size_t n);

private:
    std::vector<std::uint64_t> cumulative_;
    std::uint64_t state_;
};

}  // namespace tpbench::engine
