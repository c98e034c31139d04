// The feature runner's tree check (gherkin.hpp: check_tree): "Then the result should be a tree with a
// structure of", compared as Java's StepDefinition does. Kept out of gherkin.cpp, whose JSON reader
// clang-tidy 14 cannot parse (a std::pair of an incomplete type).
#include "gherkin.hpp"

#include <sstream>
#include <stdexcept>
#include <string_view>

namespace tpbench::features {

using model::Value;

namespace {

std::string trim_ws(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
    return std::string(s.substr(b, e - b));
}

struct TreeExp {
    Value key;
    std::vector<TreeExp> kids;
};

std::string tree_mismatch(const std::vector<TreeExp>& exp, const Value& actual, const std::string& at) {
    if (actual.type() != model::Type::tree) return at + ": expected a Tree, got " + show(actual);
    const std::size_t n = actual.size() / 2;
    if (n != exp.size())
        return at + ": expected " + std::to_string(exp.size()) + " keys, got " + std::to_string(n) + " (" +
               show(actual) + ")";
    for (const auto& e : exp) {
        const Value* sub = nullptr;
        for (std::size_t i = 0; i < n && !sub; ++i)
            if (equal(e.key, actual[2 * i])) sub = &actual[2 * i + 1];
        if (!sub) return at + ": key " + show(e.key) + " missing in " + show(actual);
        std::string why = tree_mismatch(e.kids, *sub, at + " > " + show(e.key));
        if (!why.empty()) return why;
    }
    return "";
}

}  // namespace

std::string check_tree(const std::string& ascii, const Value& actual, const Resolver& resolve) {
    std::vector<TreeExp> roots;
    std::vector<std::vector<TreeExp>*> level_kids;  // level_kids[d]: where a node at depth d goes
    std::istringstream in(ascii);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (trim_ws(line).empty()) continue;
        std::size_t sp = 0;
        while (sp < line.size() && line[sp] == ' ') ++sp;
        const std::size_t level = sp / 3;
        std::string text = line.substr(sp);
        if (text.rfind("|--", 0) != 0) throw std::runtime_error("tree line without |--: " + line);
        text = trim_ws(text.substr(3));
        if (level == 0) level_kids.assign(1, &roots);
        if (level >= level_kids.size()) throw std::runtime_error("tree line nested too deep: " + line);
        level_kids.resize(level + 1);
        level_kids[level]->push_back(TreeExp{convert(text, resolve), {}});
        level_kids.push_back(&level_kids[level]->back().kids);
    }
    return tree_mismatch(roots, actual, "tree");
}

}  // namespace tpbench::features
