#pragma once
// Feeders: a workload line's bindings drawn from a CSV or JSON-lines file (docs/usage.md
// "Feeders"), one row per request:
//
//   {"gremlin": "g.V(vid).values('name')", "feeder": "ids.csv"}
//   {"gremlin": "g.V(vid)", "feeder": {"file": "ids.jsonl", "mode": "random", "seed": 7}}
//
// CSV (a file whose name ends in .csv): a header row of binding names, then one row per request;
// RFC 4180 quoting; an unquoted cell that is an integer is sent as Long, a decimal number as
// Double, true/false as Boolean, anything else (and every quoted cell) as String. JSON lines
// (any other name): one object per line, values as a workload line's bindings. Blank lines are
// skipped, and in JSON lines lines starting with '#'. Pure: the caller reads the file.
#include <tpbench/engine/load.hpp>
#include <tpbench/profiling/workload.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::engine {

// Fills f.rows from the file's text: each row is `line_bindings` (a map) with the row's columns
// added. Throws ConfigError "feeder FILE line N: ..." for a malformed file, a column that is not a
// binding name or repeats one of line_bindings, an empty file; at most 10,000,000 rows.
void load_feeder_rows(Feeder& f, std::string_view text, const model::Value& line_bindings);

// Loads every feeder the workload names (each file once): `read(file)` returns the text of the
// file as the line names it (the caller resolves it; throws ConfigError when it cannot).
void load_feeders(std::vector<WeightedQuery>& queries,
                  const std::function<std::string(const std::string& file)>& read);

// One JSON-lines feeder row (a non-empty object) as a bindings map; errors prefixed by `where`
// (workload.cpp, which converts workload bindings the same way).
model::Value parse_feeder_json_row(std::string_view line, std::string_view where);

// Which row the requests of one feeder's line use, in plan order: sequential wraps around, random
// draws uniformly from a splitmix64 stream seeded by the feeder's seed, once-through gives every
// row once and then nothing (std::nullopt).
class FeederCursor {
public:
    explicit FeederCursor(const Feeder& f) noexcept;
    std::optional<std::uint32_t> next() noexcept;

private:
    Feeder::Mode mode_;
    std::uint64_t size_;
    std::uint64_t at_ = 0;
    std::uint64_t state_;
};

}  // namespace tpbench::engine
