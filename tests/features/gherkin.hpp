#pragma once
// The feature-suite runner's pure parts (no networking): a parser for the subset of Gherkin that
// Apache TinkerPop's feature files use, TinkerPop's typed string notation (d[1].i, v[marko],
// m[{...}], …) turned into values, and result comparison as TinkerPop's runners do it.
#include <tpbench/model/value.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tpbench::features {

struct Step {
    std::string keyword;                          // Given / When / Then / And / But
    std::string text;                             // the step text after the keyword
    std::string doc;                              // doc string ("""…""") following the step, if any
    std::vector<std::vector<std::string>> table;  // data table rows (header included)
    int line = 0;
};

struct Scenario {
    std::string name;
    std::vector<std::string> tags;  // feature tags + scenario tags
    std::vector<Step> steps;
    int line = 0;
};

struct Feature {
    std::string file;  // path relative to the features directory, e.g. "map/Math.feature"
    std::string name;
    std::vector<Scenario> scenarios;
};

// Parses one feature file. Throws std::runtime_error naming the line on input it cannot read.
Feature parse_feature(const std::string& file, const std::string& text);

// A value of TinkerPop's notation before element lookup: elements are kept as references to be
// resolved against the graph (by vertex name, edge triplet "a-label->b", or vertex-property triplet).
struct Lookup {
    enum class Kind { vertex, vertex_id, vertex_sid, edge, edge_id, edge_sid, vertex_property } kind;
    std::string key;  // name or triplet
};
// Resolves an element reference into a value (the element, its id, or its id as a string). Returns
// nullopt when the element does not exist.
using Resolver = std::function<std::optional<model::Value>(const Lookup&)>;

// Thrown for notation the runner deliberately does not handle (lambdas c[...]).
struct Unsupported {
    std::string reason;
};

// Converts TinkerPop's notation into a value (Java's StepDefinition.convertToObject semantics:
// d[1].i → Int, d[1].l → Long, m[{json}] → map with converted keys/values, l[…] list, s[…] set,
// p[…] path, t[id] / D[OUT] / M[onCreate] enums, str[…] raw string, dt[…] date, null/true/false,
// anything else a string). Elements go through `resolve`; throws std::runtime_error when an element
// does not exist, Unsupported for c[…].
model::Value convert(const std::string& s, const Resolver& resolve);

// True if `actual` equals `expected` as Java's equals() would after the runner's conversion:
// numbers by type and value (Int 1 != Long 1; NaN == NaN), elements by kind and id, paths by their
// objects (labels ignored), maps and sets order-insensitively, lists in order. A BulkSet counts as
// the list of its expanded items; a Tree compares as a map.
bool equal(const model::Value& expected, const model::Value& actual);

// Result checks of the "Then the result should be …" steps. Returns "" when they hold, otherwise a
// message.
std::string check_ordered(const std::vector<model::Value>& expected, const std::vector<model::Value>& actual);
std::string check_unordered(const std::vector<model::Value>& expected,
                            const std::vector<model::Value>& actual);
std::string check_of(const std::vector<model::Value>& expected, const std::vector<model::Value>& actual);

// "Then the result should be a tree with a structure of": `ascii` is the doc string, one node a
// line ("|--v[marko]"), three leading spaces per level. As Java's StepDefinition compares: `actual`
// must be a Tree whose every node has exactly the expected keys (in any order, each found by
// equal()), recursively. Returns "" when it holds, otherwise a message. Throws std::runtime_error on
// a line nested more than one level below its predecessor. (tree_check.cpp)
std::string check_tree(const std::string& ascii, const model::Value& actual, const Resolver& resolve);

// A short rendering for messages.
std::string show(const model::Value& v);

// The checked-in list of deliberately unsupported scenarios: lines "file<TAB>scenario<TAB>reason";
// '#' comments and blank lines skipped. Throws std::runtime_error on a malformed or duplicate line.
struct Unsupp {
    std::string reason;
    bool seen = false;
};
std::map<std::string, Unsupp> parse_unsupported(const std::string& text);
inline std::string scenario_key(const std::string& file, const std::string& scenario) {
    return file + "\t" + scenario;
}

}  // namespace tpbench::features
