// TinkerPop's ConnectiveStrategy (3.7.3): infix and()/or() markers become connective steps over
// the traversals around them, before compilation.
#include "steps_filter_where_has.hpp"

#include <algorithm>
#include <memory>
#include <string_view>

namespace tpbench::server::detail {

using model::Value;

namespace {

bool is_marker(const Instr& in, std::string_view name) { return in.args.empty() && in.name == name; }

// Index of the first step a connective may take into its left operand (ConnectiveStrategy's
// legalCurrentStep): a source's start step and its labels stay, so do an anonymous traversal's
// V()/E()/inject() start and its labels, and its leading StartStep unless it carries exactly one
// label (a "variable start step", which moves).
std::size_t movable_from(const Code& code, bool source) {
    const auto& steps = code.steps;
    if (steps.empty()) return 0;
    std::size_t i = 0;
    const std::string& first = steps[0].name;
    if (source || first == "V" || first == "E" || first == "inject") {
        i = 1;
        while (i < steps.size() && steps[i].name == "as") ++i;
        return i;
    }
    std::size_t labels = 0;
    while (i < steps.size() && steps[i].name == "as") labels += steps[i++].args.size();
    return labels == 1 ? 0 : i;
}

std::shared_ptr<Code> part_of(const Code& code, std::vector<Instr>& steps, std::size_t a, std::size_t b) {
    auto c = std::make_shared<Code>();
    c->anonymous = true;
    c->where = code.where;
    c->steps.assign(std::make_move_iterator(steps.begin() + static_cast<std::ptrdiff_t>(a)),
                    std::make_move_iterator(steps.begin() + static_cast<std::ptrdiff_t>(b)));
    return c;
}

// Splits code.steps[lo..] at the markers of one kind into one connective step; true if any.
bool rewrite_marker(Code& code, std::size_t lo, std::string_view marker) {
    auto& steps = code.steps;
    std::size_t at = lo;
    while (at < steps.size() && !is_marker(steps[at], marker)) ++at;
    if (at == steps.size()) return false;
    Instr conn{std::string(marker), {}, steps[at].pos};
    conn.args.push_back(Arg{Value(), part_of(code, steps, lo, at)});
    std::size_t from = at + 1;
    for (std::size_t i = from; i <= steps.size(); ++i) {
        if (i == steps.size() || is_marker(steps[i], marker)) {
            conn.args.push_back(Arg{Value(), part_of(code, steps, from, i)});
            from = i + 1;
        }
    }
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(lo), steps.end());
    steps.push_back(std::move(conn));
    return true;
}

}  // namespace

void rewrite_connectives(Code& code, bool source) {
    bool any = std::any_of(code.steps.begin(), code.steps.end(),
                           [](const Instr& in) { return is_marker(in, "and") || is_marker(in, "or"); });
    if (any) {
        std::size_t lo = movable_from(code, source);
        if (!rewrite_marker(code, lo, "or")) rewrite_marker(code, lo, "and");
    }
    // nested traversals, the operands just made included (and() markers inside an or() operand)
    for (auto& in : code.steps)
        for (auto& a : in.args)
            if (a.t) {
                if (a.t.use_count() > 1) a.t = std::make_shared<Code>(*a.t);  // never rewrite a shared one
                rewrite_connectives(*a.t, false);
            }
}

}  // namespace tpbench::server::detail
