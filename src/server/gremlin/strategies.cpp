// TinkerPop's optimization strategies whose effects show in results, as the real servers apply them
// (3.7.5 and master read the same here; where they differ, Dialect says so):
//   - EarlyLimitStrategy (early_limit) and IncidentToAdjacentStrategy (fuse_incident) rewrite the
//     steps before they compile;
//   - CountStrategy with FilterRankingStrategy: count() compared by is(P) counts no further than P
//     needs (bound_counts puts TinkerPop's limit() before it);
//   - LazyBarrierStrategy and PathRetractionStrategy: where their bulking NoOpBarrierStep(2500)s go
//     (lazy_barriers), which decides how traversers are bulked and in what order they come out;
//   - RepeatUnrollStrategy: which repeat() bodies are inlined (steps_branch.cpp runs them generation
//     by generation, every other repeat() as TinkerPop's RepeatStep).
//
// LazyBarrierStrategy:
// The strategy runs after the optimizations that move or fuse steps, so the pass first builds the
// traversal as TinkerPop sees it at that point (IdentityRemovalStrategy drops identity(),
// EarlyLimitStrategy moves limit()/range()/skip() before the one-to-one map steps and side effects
// in front of them, IncidentToAdjacentStrategy fuses outE().inV() into out(), RepeatUnrollStrategy
// inlines repeat(…).times(n)) and then walks it as LazyBarrierStrategy.apply does:
//   - a flatMap step (out/in/both, outV/inV/bothV, values/properties, unfold, flatMap, coalesce,
//     mergeV/mergeE, 4.0's labels) — not outE/inE/bothE — or a GraphStep (V()/E() mid-traversal, with
//     five ids or more, or with none and no has() after it) is a flatMap;
//   - from the second flatMap on, each gets a barrier after it unless a label is in the path
//     (as() earlier, until a select()/where() no later step needs), or the next step is a barrier
//     (count(), fold(), order(), dedup(), limit(), …), the end, none()/discard() or profile();
//   - nothing in a traversal that needs full paths (path(), simplePath(), tree(), otherV(), …),
//     holds drop() or element(), or runs on a GraphComputer or withoutStrategies(LazyBarrierStrategy).
// Child traversals get their own walk (the strategy is applied to each); a repeat() body that
// RepeatUnrollStrategy inlines continues its parent's walk.
#include "compiler.hpp"
#include "dialect.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;

namespace {

enum class K : std::uint8_t {
    other,
    graph,        // V()/E()
    flat_map,     // a FlatMapStep other than a VertexStep returning edges
    edges,        // outE/inE/bothE (dir)
    edge_vertex,  // outV/inV/bothV (dir): a flatMap
    other_v,      // otherV(): a one-to-one map
    has,          // a HasStep
    range,        // limit/range/skip (global): a Barrier EarlyLimitStrategy moves
    barrier,      // another Barrier
    end,          // none() (3.7) / discard() (4.0) / profile()
    movable,      // a MapStep with exactly one result, or a SideEffectStep: EarlyLimitStrategy moves past it
    identity,
    repeat,
};

struct Entry {
    K k = K::other;
    char dir = 0;            // 'o', 'i', 'b' for edges / edge_vertex
    std::size_t ids = 0;     // graph: number of ids
    bool labeled = false;    // as() follows it
    bool processor = false;  // select()/where()/match()/dedup(labels)/math()/format(): a PathProcessor
    bool retraction_barrier = false;  // PathRetractionStrategy puts a NoOpBarrierStep after it
    std::size_t spec = 0;             // the spec the barrier goes after
};

bool local_scope(const Instr& in) {
    return !in.args.empty() && is_enum(in.args[0], EnumKind::scope) && in.args[0].v.str() == "local";
}
bool first_is_string(const Instr& in) { return !in.args.empty() && is_str(in.args[0]); }

std::size_t id_count(const Instr& in) {
    std::size_t n = 0;
    for (const auto& a : in.args)
        n += !a.t && (a.v.type() == Type::list || a.v.type() == Type::set) ? a.v.kids().size() : 1;
    return n;
}

char dir_of(const std::string& n) { return n.rfind("out", 0) == 0 ? 'o' : n.rfind("in", 0) == 0 ? 'i' : 'b'; }

char dir_arg(const Instr& in) {
    if (in.args.empty() || !is_enum(in.args[0], EnumKind::direction)) return 'b';
    const std::string& d = in.args[0].v.str();
    return d == "OUT" || d == "from" ? 'o' : d == "IN" || d == "to" ? 'i' : 'b';
}

// The steps under `c` (every depth) in `names`.
bool has_step(const Code& c, std::initializer_list<std::string_view> names) {
    for (const auto& in : c.steps) {
        if (std::find(names.begin(), names.end(), in.name) != names.end()) return true;
        for (const auto& a : in.args)
            if (a.t && has_step(*a.t, names)) return true;
    }
    return false;
}

// The step names classify() tells apart, looked up once per step.
enum class Name : std::uint8_t {
    other,
    graph,
    flat,
    labels,
    to,
    edges,
    to_e,
    edge_v,
    to_v,
    other_v,
    has,
    has_x,
    range,
    reduce,
    dedup_tail,
    fold,
    group,
    tree,
    aggregate,
    subgraph,
    side,
    none,
    end,
    map,
    sack,
    identity,
    repeat,
    select,
    where,
    math_format,
    match
};

Name name_of(const std::string& n) {
    static const std::unordered_map<std::string_view, Name> table = {{"V", Name::graph},
                                                                     {"E", Name::graph},
                                                                     {"out", Name::flat},
                                                                     {"in", Name::flat},
                                                                     {"both", Name::flat},
                                                                     {"values", Name::flat},
                                                                     {"properties", Name::flat},
                                                                     {"unfold", Name::flat},
                                                                     {"flatMap", Name::flat},
                                                                     {"coalesce", Name::flat},
                                                                     {"mergeV", Name::flat},
                                                                     {"mergeE", Name::flat},
                                                                     {"labels", Name::labels},
                                                                     {"to", Name::to},
                                                                     {"outE", Name::edges},
                                                                     {"inE", Name::edges},
                                                                     {"bothE", Name::edges},
                                                                     {"toE", Name::to_e},
                                                                     {"outV", Name::edge_v},
                                                                     {"inV", Name::edge_v},
                                                                     {"bothV", Name::edge_v},
                                                                     {"toV", Name::to_v},
                                                                     {"otherV", Name::other_v},
                                                                     {"has", Name::has},
                                                                     {"hasLabel", Name::has_x},
                                                                     {"hasId", Name::has_x},
                                                                     {"hasKey", Name::has_x},
                                                                     {"hasValue", Name::has_x},
                                                                     {"limit", Name::range},
                                                                     {"range", Name::range},
                                                                     {"skip", Name::range},
                                                                     {"count", Name::reduce},
                                                                     {"sum", Name::reduce},
                                                                     {"max", Name::reduce},
                                                                     {"min", Name::reduce},
                                                                     {"mean", Name::reduce},
                                                                     {"order", Name::reduce},
                                                                     {"sample", Name::reduce},
                                                                     {"dedup", Name::dedup_tail},
                                                                     {"tail", Name::dedup_tail},
                                                                     {"fold", Name::fold},
                                                                     {"cap", Name::fold},
                                                                     {"barrier", Name::fold},
                                                                     {"groupCount", Name::group},
                                                                     {"group", Name::group},
                                                                     {"tree", Name::tree},
                                                                     {"aggregate", Name::aggregate},
                                                                     {"subgraph", Name::subgraph},
                                                                     {"store", Name::side},
                                                                     {"sideEffect", Name::side},
                                                                     {"property", Name::side},
                                                                     {"none", Name::none},
                                                                     {"discard", Name::end},
                                                                     {"profile", Name::end},
                                                                     {"id", Name::map},
                                                                     {"label", Name::map},
                                                                     {"key", Name::map},
                                                                     {"value", Name::map},
                                                                     {"constant", Name::map},
                                                                     {"elementMap", Name::map},
                                                                     {"valueMap", Name::map},
                                                                     {"propertyMap", Name::map},
                                                                     {"project", Name::map},
                                                                     {"path", Name::map},
                                                                     {"sack", Name::sack},
                                                                     {"identity", Name::identity},
                                                                     {"repeat", Name::repeat},
                                                                     {"select", Name::select},
                                                                     {"where", Name::where},
                                                                     {"math", Name::math_format},
                                                                     {"format", Name::math_format},
                                                                     {"match", Name::match}};
    auto it = table.find(n);
    return it == table.end() ? Name::other : it->second;
}

// where('a', P) / where(P) (WherePredicateStep) or where(__.as('a')…) / where(…as('a'))
// (WhereTraversalStep): the where() forms that read path labels; a plain where(__.out()) is a
// TraversalFilterStep.
bool where_reads_labels(const Instr& in) {
    if (in.args.empty()) return false;
    const Arg& a = in.args[0];
    return !a.t ||
           (!a.t->steps.empty() && (a.t->steps.front().name == "as" || a.t->steps.back().name == "as"));
}

Entry classify(const Instr& in, const Dialect& d) {
    const std::string& n = in.name;
    const bool local = local_scope(in);
    Entry e;
    switch (name_of(n)) {
        case Name::graph:
            e.k = K::graph;
            e.ids = id_count(in);
            break;
        case Name::labels:  // 4.0's labels()
            if (d.new_steps) e.k = K::flat_map;
            break;
        case Name::flat:
        case Name::to:
            e.k = K::flat_map;
            break;
        case Name::edges:
        case Name::to_e:
            e.k = K::edges;
            e.dir = n == "toE" ? dir_arg(in) : dir_of(n);
            break;
        case Name::edge_v:
        case Name::to_v:
            e.k = K::edge_vertex;
            e.dir = n == "toV" ? dir_arg(in) : dir_of(n);
            break;
        case Name::other_v:
            e.k = K::other_v;
            break;
        case Name::has:  // has(key) and has(key, traversal) are TraversalFilterSteps
            e.k = in.args.size() >= 2 && !in.args.back().t ? K::has : K::other;
            break;
        case Name::has_x:
            e.k = std::none_of(in.args.begin(), in.args.end(), [](const Arg& a) { return a.t != nullptr; })
                      ? K::has
                      : K::other;
            break;
        case Name::range:
            e.k = local ? K::movable : K::range;
            break;
        case Name::reduce:
            e.k = local ? K::movable : K::barrier;
            break;
        case Name::dedup_tail:
            e.k = local ? K::other : K::barrier;
            if (n == "dedup" && !local && !in.args.empty()) e.processor = true;
            break;
        case Name::fold:
            e.k = K::barrier;
            break;
        case Name::group:  // group('a') & co. are side effects (4.0 puts a SideEffectBarrierStep after them)
            e.k = !first_is_string(in) || d.side_effect_barriers ? K::barrier : K::movable;
            break;
        case Name::tree:
            e.k = !first_is_string(in) ? K::barrier : K::movable;
            break;
        case Name::aggregate:
            e.k = local ? K::movable : K::barrier;
            break;
        case Name::subgraph:
            e.k = d.side_effect_barriers ? K::barrier : K::movable;
            break;
        case Name::side:
            e.k = K::movable;
            break;
        case Name::none:  // 3.7's none() ends a traversal; 4.0's none(P) is a filter
            if (in.args.empty() && !d.new_steps) e.k = K::end;
            break;
        case Name::end:
            e.k = K::end;
            break;
        case Name::map:
            e.k = K::movable;
            break;
        case Name::sack:
            if (in.args.empty()) e.k = K::movable;
            break;
        case Name::identity:
            e.k = K::identity;
            break;
        case Name::repeat:
            e.k = K::repeat;
            break;
        // the PathProcessors: select(label…), where() reading labels, math(), format(), match()
        case Name::select:
            e.processor = std::any_of(in.args.begin(), in.args.end(), [](const Arg& a) { return is_str(a); });
            break;
        case Name::where:
            e.processor = where_reads_labels(in);
            break;
        case Name::math_format:
            e.k = n == "math" ? K::movable : K::other;
            e.processor = true;
            break;
        case Name::match:
        case Name::other:
            break;
    }
    // PathRetractionStrategy's barrier: not after match() nor dedup() (a Barrier itself)
    e.retraction_barrier = e.processor && n != "dedup";
    if (n == "match") e.processor = true;
    return e;
}

// TraverserRequirement.PATH of a traversal with its children: path(), simplePath(), cyclicPath(),
// tree(), and otherV() unless IncidentToAdjacentStrategy fuses it away.
bool needs_path(const Code& c, bool fusion) {
    const Instr* prev = nullptr;
    for (const auto& in : c.steps) {
        const std::string& n = in.name;
        if (n == "path" || n == "simplePath" || n == "cyclicPath" || n == "tree") return true;
        if (n == "otherV" &&
            !(fusion && prev && (prev->name == "outE" || prev->name == "inE" || prev->name == "bothE")))
            return true;
        for (const auto& a : in.args)
            if (a.t && needs_path(*a.t, fusion)) return true;
        if (n != "as") prev = &in;
    }
    return false;
}

// RepeatUnrollStrategy: repeat(…).times(n) without emit()/until(), its body free of what stops the
// strategy (3.7: dedup(), loops(), lambdas at any depth; master: anything but vertex steps,
// has() and nested repeats).
const Code* unrollable_body(const Spec& s, const Dialect& d) {
    const Instr& in = *s.main;
    const Arg* body = nullptr;
    for (const auto& a : in.args)
        if (a.t) body = &a;
    if (!body) return nullptr;
    bool times = false;
    for (const auto* m : s.pre) {
        if (m->name != "times") return nullptr;
        times = true;
    }
    for (const auto* m : s.mods) {
        if (m->name == "emit" || m->name == "until") return nullptr;
        if (m->name == "times") {
            if (m->args.size() != 1 || m->args[0].t || !is_int_arg(m->args[0]) || m->args[0].v.as_int() <= 0)
                return nullptr;
            times = true;
        }
    }
    if (!times) return nullptr;
    if (d.new_steps) {
        std::function<bool(const Code&)> ok = [&](const Code& c) {
            for (const auto& x : c.steps) {
                static const char* allowed[] = {"out",    "in",       "both",  "outE",   "inE",
                                                "bothE",  "outV",     "inV",   "bothV",  "otherV",
                                                "has",    "hasLabel", "hasId", "hasKey", "hasValue",
                                                "repeat", "times",    "to",    "toE",    "toV"};
                if (std::none_of(std::begin(allowed), std::end(allowed),
                                 [&](const char* a) { return x.name == a; }))
                    return false;
                for (const auto& a : x.args)
                    if (a.t && !ok(*a.t)) return false;
            }
            return true;
        };
        if (!ok(*body->t)) return nullptr;
    } else {
        // dedup(global), loops() or a lambda anywhere in the body
        if (has_step(*body->t, {"loops", "dedup"})) return nullptr;
    }
    return body->t.get();
}

}  // namespace

namespace {

// Whether a traversal's traversers are TinkerPop's plain B_O_Traverser: nothing in it asks for more
// than object and bulk (no repeat() loops, labels, paths, side effects or sacks). Such traversers have
// no loop counter.
bool plain_traverser(const Code& c, bool unroll) {
    for (const auto& sp : split_specs(c)) {
        const Instr& in = *sp.main;
        const std::string& n = in.name;
        // a repeat() RepeatUnrollStrategy inlines leaves no RepeatStep behind
        if (n == "repeat" && !(unroll && unrollable_body(sp, compiling_dialect()))) return false;
        static const char* more[] = {"as",   "select",    "match",      "path",   "simplePath", "cyclicPath",
                                     "tree", "aggregate", "store",      "cap",    "sack",       "subgraph",
                                     "math", "format",    "sideEffect", "profile"};
        if (std::any_of(std::begin(more), std::end(more), [&](const char* x) { return n == x; }))
            return false;
        if ((n == "groupCount" || n == "group" || n == "dedup") && first_is_string(in)) return false;
        if (n == "where" && !in.args.empty() && !in.args[0].t) return false;  // where('a', P) / where(P)
        for (const auto& a : in.args)
            if (a.t && !plain_traverser(*a.t, unroll)) return false;
        for (const auto* m : sp.mods)
            for (const auto& a : m->args)
                if (a.t && !plain_traverser(*a.t, unroll)) return false;
    }
    return true;
}

}  // namespace

bool holds_barrier(const Code& c) {
    const Dialect& d = compiling_dialect();
    for (const auto& in : c.steps) {
        const K k = classify(in, d).k;
        if (k == K::barrier || k == K::range) return true;
        for (const auto& a : in.args)
            if (a.t && holds_barrier(*a.t)) return true;
    }
    return false;
}

StrategyEnv strategy_env_of(const Code& root) {
    StrategyEnv env;
    env.plain_traverser = true;
    for (const auto& in : root.source) {
        if (in.name == "withSideEffect" || in.name == "withSack" || in.name == "withBulk" ||
            in.name == "withPath")
            env.plain_traverser = false;
        if (in.name == "withComputer" || in.name == "withPath") env.off = true;
        if (in.name == "withoutStrategies")
            for (const auto& a : in.args) {
                // a strategy value (Groovy, gremlin-lang), a Class (bytecode) or a class name
                std::string cls;
                if (!a.t && a.v.type() == Type::strategy && a.v.size() >= 1)
                    cls = a.v[0].str();
                else if (!a.t && (a.v.type() == Type::class_ || a.v.type() == Type::string))
                    cls = a.v.str();
                auto is = [&](std::string_view x) {
                    return cls.size() >= x.size() && cls.compare(cls.size() - x.size(), x.size(), x) == 0;
                };
                if (is("LazyBarrierStrategy")) env.off = true;
                if (is("IncidentToAdjacentStrategy")) env.fusion = false;
                if (is("EarlyLimitStrategy")) env.early_limit = false;
                if (is("RepeatUnrollStrategy")) env.unroll = false;
                if (is("PathRetractionStrategy")) env.retraction = false;
                if (is("CountStrategy")) env.count = false;
                if (is("FilterRankingStrategy")) env.ranking = false;
            }
    }
    // (only loops() reads it: the scan runs when the traversal has one)
    env.plain_traverser =
        env.plain_traverser && has_step(root, {"loops"}) && plain_traverser(root, env.unroll);
    // IncidentToAdjacentStrategy is off for the whole traversal when a path or tree step is anywhere in it
    if (has_step(root, {"path", "simplePath", "cyclicPath", "tree"})) env.fusion = false;
    // PathRetractionStrategy is off when anything in the traversal needs full paths
    if (needs_path(root, env.fusion)) env.retraction = false;
    return env;
}

void fuse_incident(std::vector<Spec>& specs, std::deque<Instr>& store) {
    if (!strategy_env().fusion) return;
    for (std::size_t i = 0; i + 1 < specs.size(); ++i) {
        const Instr& a = *specs[i].main;
        const Instr& b = *specs[i + 1].main;
        if ((a.name != "outE" && a.name != "inE" && a.name != "bothE") || !specs[i].mods.empty() ||
            !b.args.empty())
            continue;
        char d = dir_of(a.name);
        bool ok = b.name == "otherV" || (d == 'o' && b.name == "inV") || (d == 'i' && b.name == "outV");
        if (!ok) continue;
        Instr x = a;
        x.name = d == 'o' ? "out" : d == 'i' ? "in" : "both";
        store.push_back(std::move(x));
        specs[i].main = &store.back();
        specs[i].mods = specs[i + 1].mods;
        specs.erase(specs.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    }
}

namespace {

// Whether `in` (with its child traversals, at any depth) can read a label from the path: select('a'),
// where() reading labels, math(), format(), match(), dedup('a'), path(), from('a')/to('a').
bool reads_labels(const Instr& in) {
    const std::string& n = in.name;
    if (n == "math" || n == "format" || n == "match" || n == "path" || n == "simplePath" ||
        n == "cyclicPath" || n == "tree")
        return true;
    const bool strings = std::any_of(in.args.begin(), in.args.end(), [](const Arg& a) { return is_str(a); });
    if ((n == "select" || n == "dedup" || n == "from" || n == "to") && strings) return true;
    if (n == "where" && where_reads_labels(in)) return true;
    for (const auto& a : in.args)
        if (a.t &&
            std::any_of(a.t->steps.begin(), a.t->steps.end(), [](const Instr& x) { return reads_labels(x); }))
            return true;
    return false;
}

// A RangeGlobalStep's bounds (-1: none), when `in` is one with plain numbers.
bool range_bounds(const Instr& in, std::int64_t& lo, std::int64_t& hi) {
    if (name_of(in.name) != Name::range || local_scope(in)) return false;
    std::size_t i = !in.args.empty() && is_enum(in.args[0], EnumKind::scope) ? 1 : 0;
    auto num = [&](std::size_t k, std::int64_t& out) {
        if (k >= in.args.size() || !is_int_arg(in.args[k])) return false;
        out = in.args[k].v.as_int();
        return true;
    };
    if (in.name == "limit") {
        lo = 0;
        return in.args.size() == i + 1 && num(i, hi);
    }
    if (in.name == "skip") {
        hi = -1;
        return in.args.size() == i + 1 && num(i, lo);
    }
    return in.args.size() == i + 2 && num(i, lo) && num(i + 1, hi);
}

bool side_effect_capable(const Instr& in) {
    const std::string& n = in.name;
    return n == "store" || n == "subgraph" || (n == "aggregate" && local_scope(in)) ||
           ((n == "groupCount" || n == "group" || n == "tree") && first_is_string(in));
}

}  // namespace

void early_limit(std::vector<Spec>& specs, std::deque<Instr>& store) {
    if (!strategy_env().early_limit || std::none_of(specs.begin(), specs.end(), [](const Spec& sp) {
            return name_of(sp.main->name) == Name::range;
        }))
        return;
    const Dialect& d = compiling_dialect();
    // TinkerPop's step list: each step with the as() labels after it
    struct Group {
        Spec step;
        std::vector<Spec> labels;
        bool none = false;  // the NoneStep an empty merged range becomes
    };
    std::vector<Group> g;
    for (const auto& sp : specs) {
        if (sp.main->name == "as" && !g.empty())
            g.back().labels.push_back(sp);
        else
            g.push_back(Group{sp, {}, false});
    }
    auto make_range = [&](const Instr& at, std::int64_t lo, std::int64_t hi) {
        Instr x;
        x.name = "range";
        x.pos = at.pos;
        x.args = {Arg{model::Value::long_(lo), nullptr}, Arg{model::Value::long_(hi), nullptr}};
        store.push_back(std::move(x));
        Spec s;
        s.main = &store.back();
        return s;
    };
    // EarlyLimitStrategy.apply, step for step (its index arithmetic included: after a merge the step
    // that slides into the removed one's place is not looked at)
    std::ptrdiff_t insert_after = -1;
    bool merge = false;
    for (std::size_t i = 0, j = g.size(); i < j; ++i) {
        std::int64_t lo = 0, hi = -1;
        if (!g[i].none && range_bounds(*g[i].step.main, lo, hi)) {
            if (insert_after < 0) continue;
            // the range's labels go to the step before it
            if (i > 0) {
                auto& prev = g[i - 1].labels;
                prev.insert(prev.end(), g[i].labels.begin(), g[i].labels.end());
                g[i].labels.clear();
            }
            auto ia = static_cast<std::size_t>(insert_after);
            std::int64_t olo = 0, ohi = -1;
            if (!g[ia].none && range_bounds(*g[ia].step.main, olo, ohi)) {
                // merge with the range before it (moveRangeStep)
                const std::int64_t low = olo + lo;
                bool none = false;
                std::int64_t high = -1;
                if (ohi == -1) {
                    high = hi == -1 ? -1 : olo + hi;
                } else if (hi == -1) {
                    high = ohi - olo - lo + low;
                    none = !(low < high);
                } else {
                    high = std::min(olo + hi, ohi);
                    none = !(high > low);
                }
                Group ng{none ? g[i].step : make_range(*g[i].step.main, low, high), {}, none};
                if (merge) {
                    ng.labels = std::move(g[ia].labels);
                    g[ia] = std::move(ng);
                    g.erase(g.begin() + static_cast<std::ptrdiff_t>(i));
                } else {
                    ng.labels = std::move(g[i].labels);
                    g[i] = std::move(ng);
                    ia = i;
                }
                insert_after = static_cast<std::ptrdiff_t>(ia);
                if (none) {
                    // nothing gets past a NoneStep: the steps after it go but for cap()/profile()
                    for (std::size_t k = g.size(); k-- > ia + 1;)
                        if (g[k].step.main->name != "cap" && g[k].step.main->name != "profile")
                            g.erase(g.begin() + static_cast<std::ptrdiff_t>(k));
                    break;
                }
            } else if (ia + 1 != i) {
                // move it behind the earliest step it can follow
                Group r = std::move(g[i]);
                g.erase(g.begin() + static_cast<std::ptrdiff_t>(i));
                g.insert(g.begin() + static_cast<std::ptrdiff_t>(ia) + 1, std::move(r));
                insert_after = static_cast<std::ptrdiff_t>(ia) + 1;
            } else {
                insert_after = static_cast<std::ptrdiff_t>(i);
            }
            j = g.size();
        } else {
            const Entry e = classify(*g[i].step.main, d);
            if (!(e.k == K::movable || e.k == K::other_v)) {
                insert_after = static_cast<std::ptrdiff_t>(i);
                merge = true;
            } else if (side_effect_capable(*g[i].step.main)) {
                merge = false;
            }
        }
    }
    std::vector<Spec> out;
    for (auto& x : g) {
        if (x.none) {
            // NoneStep: lets nothing through
            Instr n;
            n.name = "limit";
            n.pos = x.step.main->pos;
            n.args = {Arg{model::Value::long_(0), nullptr}};
            store.push_back(std::move(n));
            x.step = Spec{};
            x.step.main = &store.back();
        }
        out.push_back(x.step);
        for (auto& l : x.labels) out.push_back(l);
    }
    specs = std::move(out);
}

LazyBarriers lazy_barriers(const Code& code, const std::vector<Spec>& specs, LazyBarrierState in) {
    const StrategyEnv& env = strategy_env();
    const Dialect& d = compiling_dialect();
    LazyBarriers out;
    out.after.assign(specs.size(), LazyBarriers::none);
    out.at.assign(specs.size(), in);
    out.out = in;
    out.body.assign(specs.size(), nullptr);
    out.lazy_last.assign(specs.size(), false);
    // RepeatUnrollStrategy (whatever LazyBarrierStrategy does): the copies are followed by a
    // NoOpBarrierStep each, but for the last one when a barrier follows the repeat()
    if (env.unroll)
        for (std::size_t i = 0; i < specs.size(); ++i) {
            if (specs[i].main->name != "repeat" || !(out.body[i] = unrollable_body(specs[i], d))) continue;
            std::size_t j = i + 1;
            while (j < specs.size() && specs[j].main->name == "as") ++j;
            if (j < specs.size()) {
                const K k = classify(*specs[j].main, d).k;
                out.lazy_last[i] = k == K::barrier || k == K::range;
            }
        }
    if (env.off || needs_path(code, env.fusion)) return out;
    for (const auto& s : specs)
        if (s.main->name == "drop" || s.main->name == "element") return out;

    // The traversal as LazyBarrierStrategy sees it.
    std::vector<Entry> v;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const Instr& m = *specs[i].main;
        if (m.name == "as") {
            if (v.empty()) v.push_back(Entry{});  // the StartStep an anonymous as() labels
            v.back().labeled = true;
            continue;
        }
        Entry e = classify(m, d);
        e.spec = i;
        if (e.k == K::identity) continue;
        v.push_back(e);
    }
    // (EarlyLimitStrategy moved its ranges and IncidentToAdjacentStrategy fused its pairs already:
    // early_limit, fuse_incident)

    // read_after[i]: a step after spec i (or a modulator of it) can read a label from the path (at any
    // depth): PathRetractionStrategy keeps what something later reads; with nothing to read, the labels
    // go. Followed in the source traversal only: a child's labels may be read by its parent's later steps.
    const bool root = !code.anonymous;
    std::vector<bool> read_after(specs.size(), !root);
    if (root)
        for (std::size_t j = specs.size(); j-- > 1;)
            read_after[j - 1] = read_after[j] || reads_labels(*specs[j].main) ||
                                std::any_of(specs[j].mods.begin(), specs[j].mods.end(),
                                            [](const Instr* m) { return reads_labels(*m); });
    bool retracted = false;
    LazyBarrierState st = in;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const Entry& e = v[i];
        const K next = i + 1 < v.size() ? v[i + 1].k : K::end;
        // PathRetractionStrategy drops labels nothing later reads
        const bool keep = read_after[e.spec];
        if (e.processor && st.labeled_path && !keep && env.retraction) {
            st.labeled_path = false;
            retracted = true;
        }
        // PathRetractionStrategy also thins the stream after each PathProcessor (unless a barrier or the end
        // follows), merging what its kept labels do not tell apart
        if (e.retraction_barrier && env.retraction && next != K::barrier && next != K::range &&
            next != K::end)
            out.after[e.spec] = keep ? LazyBarriers::merge : LazyBarriers::merge_retracted;
        out.at[e.spec] = st;
        if (e.k == K::repeat && out.body[e.spec]) {
            // the unrolled body continues this walk; a NoOpBarrierStep follows each copy
            auto body_specs = split_specs(*out.body[e.spec]);
            LazyBarriers b = lazy_barriers(*out.body[e.spec], body_specs, st);
            st = b.out;
        } else {
            bool flat = e.k == K::flat_map || e.k == K::edge_vertex ||
                        (e.k == K::graph && (i > 0 || e.ids >= 5 || (e.ids == 0 && next != K::has)));
            if (flat) {
                if (st.found_flat_map && !st.labeled_path && next != K::barrier && next != K::range &&
                    next != K::end)
                    out.after[e.spec] = retracted ? LazyBarriers::merge_retracted : LazyBarriers::merge;
                else
                    st.found_flat_map = true;
            }
        }
        if (e.labeled) st.labeled_path = true;
    }
    out.out = st;
    return out;
}

namespace {

bool rankable(const Instr& in) {
    // FilterRankingStrategy's ranked steps: is, has…, where, filter/not, and/or, dedup, order (global)
    static const char* names[] = {"is",     "has",   "hasLabel", "hasId", "hasKey", "hasValue",
                                  "hasNot", "where", "filter",   "not",   "and",    "or"};
    if (std::any_of(std::begin(names), std::end(names), [&](const char* n) { return in.name == n; }))
        return true;
    return (in.name == "dedup" || in.name == "order") && !local_scope(in);
}

// CountStrategy's highRange for one predicate of is(P); nullopt when it sets none.
void high_range(const model::Value& p, std::optional<std::int64_t>& high) {
    auto take = [&](std::int64_t c) {
        if (!high || c > *high) high = c;
    };
    if (p.type() != Type::p) {
        if (p.is_number()) take(static_cast<std::int64_t>(std::ceil(p.to_double())) + 1);  // is(n): eq(n)
        return;
    }
    const std::string& n = p.str();
    auto num = [&](std::size_t i) -> std::optional<double> {
        if (i < p.size() && p[i].is_number()) return p[i].to_double();
        return std::nullopt;
    };
    auto scalar = [&](double v, bool plus_one) {
        take(static_cast<std::int64_t>(std::ceil(v)) + (plus_one ? 1 : 0));
    };
    if (n == "and" || n == "or") {
        for (std::size_t i = 0; i < p.size(); ++i) high_range(p[i], high);
    } else if (n == "eq" || n == "neq" || n == "lte" || n == "gt") {
        if (auto v = num(0)) scalar(*v, true);
    } else if (n == "lt" || n == "gte") {
        if (auto v = num(0)) scalar(*v, false);
    } else if (n == "between") {  // gte(a) and lt(b)
        if (auto v = num(0)) scalar(*v, false);
        if (auto v = num(1)) scalar(*v, false);
    } else if (n == "inside") {  // gt(a) and lt(b)
        if (auto v = num(0)) scalar(*v, true);
        if (auto v = num(1)) scalar(*v, false);
    } else if (n == "outside") {  // lt(a) or gt(b)
        if (auto v = num(0)) scalar(*v, false);
        if (auto v = num(1)) scalar(*v, true);
    } else if (n == "within" || n == "without") {
        std::vector<model::Value> xs;
        for (std::size_t i = 0; i < p.size(); ++i) {
            if (p[i].type() == Type::list || p[i].type() == Type::set)
                xs.insert(xs.end(), p[i].kids().begin(), p[i].kids().end());
            else
                xs.push_back(p[i]);
        }
        // Collections.max of the collection: a number only when every item is one
        if (xs.empty() ||
            !std::all_of(xs.begin(), xs.end(), [](const model::Value& x) { return x.is_number(); }))
            return;
        double m = xs[0].to_double();
        std::int64_t mi = xs[0].to_int64();
        for (const auto& x : xs)
            if (x.to_double() > m) {
                m = x.to_double();
                mi = x.to_int64();
            }
        take(mi + (n == "within" ? 1 : 0));
    }
}

}  // namespace

namespace {

// CountStrategy's bound for the count() at specs[i], when an is(P) follows it, or nullopt.
std::optional<std::int64_t> count_bound(const std::vector<Spec>& specs, std::size_t i) {
    const Instr& c = *specs[i].main;
    if (c.name != "count" || local_scope(c)) return std::nullopt;
    // a limit()/range()/skip() right before: "the user knows what he's doing"
    if (i > 0) {
        const Instr& prev = *specs[i - 1].main;
        if (name_of(prev.name) == Name::range && !local_scope(prev)) return std::nullopt;
    }
    // FilterRankingStrategy first moves the is() of the ranked steps after count() next to it
    for (std::size_t j = i + 1; j < specs.size(); ++j) {
        const Instr* in = specs[j].main;
        if (in->name == "as") continue;  // a label on count() leaves it alone
        // InlineFilterStrategy: where(__.is(P)) / filter(__.is(P)) is is(P)
        if ((in->name == "where" || in->name == "filter") && in->args.size() == 1 && in->args[0].t &&
            in->args[0].t->steps.size() == 1 && in->args[0].t->steps[0].name == "is")
            in = &in->args[0].t->steps[0];
        if (!rankable(*in)) break;
        if (in->name != "is") {
            if (!strategy_env().ranking) return std::nullopt;
            continue;
        }
        if (in->args.size() != 1 || in->args[0].t) return std::nullopt;
        std::optional<std::int64_t> high;
        high_range(in->args[0].v, high);
        if (high && *high < 0) high = 0;
        return high;
    }
    return std::nullopt;
}

}  // namespace

void bound_counts(std::vector<Spec>& specs, std::deque<Instr>& store) {
    if (!strategy_env().count) return;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        auto bound = count_bound(specs, i);
        if (!bound) continue;
        store.push_back(Instr{"limit", {Arg{model::Value::long_(*bound), nullptr}}, specs[i].main->pos});
        Spec limit;
        limit.main = &store.back();
        specs.insert(specs.begin() + static_cast<std::ptrdiff_t>(i), limit);
        ++i;  // past the count()
    }
}

}  // namespace tpbench::server::detail
