// Steps over labels and paths: as(), select(), match(), project(), path() (where() is in
// steps_filter_where_has.cpp).
#include "compiler.hpp"
#include "gql.hpp"
#include "steps_filter_where_has.hpp"

#include <algorithm>
#include <functional>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

void build_select(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    Pop pop = Pop::last;
    std::size_t i = 0;
    if (!in.args.empty() && is_enum(in.args[0], EnumKind::pop)) {
        pop = pop_of(in.args[0].v.str());
        i = 1;
    }
    if (in.args.size() == i + 1 && is_enum(in.args[i], EnumKind::column)) {
        // select(keys) / select(values) on maps and map entries
        std::string col = in.args[i].v.str();
        bool keys = col == "keys";
        comp.add_fn([col, keys](Ctx& ctx, Traverser& t) {
            if (!t.obj.el && t.obj.v.type() == Type::path) {
                // Column.keys / values of a Path: its labels (a list of sets) / its objects
                advance(ctx, t, Obj(t.obj.v[keys ? 0 : 1]));
                return true;
            }
            if (t.obj.el || t.obj.v.type() != Type::map)
                fail(EvalError::Kind::evaluation, "select(" + col + ") expects a Map or Map.Entry",
                     "IllegalArgumentException");
            const Value& m = t.obj.v;
            if (m.size() == 2) {
                advance(ctx, t, Obj(keys ? m[0] : m[1]));
                return true;
            }
            std::vector<Value> items;
            for (std::size_t k = keys ? 0 : 1; k < m.size(); k += 2) items.push_back(m[k]);
            advance(ctx, t, Obj(keys ? Value::set(std::move(items)) : Value::list(std::move(items))));
            return true;
        });
        return;
    }
    if (in.args.size() == i + 1 && in.args[i].t) {
        // select(traversal): the key comes from a traversal
        auto plan = comp.child(in.args[i], in);
        comp.need(PathMode::labeled);
        auto byv = comp.bys(s);
        if (byv.size() > 1) bad_args(*s.mods.back());
        comp.add([plan, pop, byv](Ctx& ctx) {
            auto pipe = std::shared_ptr<Pipeline>(plan->instantiate(ctx));
            std::shared_ptr<ByRt> by;
            if (!byv.empty()) by = std::make_shared<ByRt>(ctx, byv[0]);
            auto st = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            // select(traversal).by(x): x applies to the selected value (unproductive: filtered)
            auto done = [by, c](Traverser& t, Obj o) {
                if (by) {
                    Traverser y = t;
                    y.obj = o;
                    if (!by->apply(*c, y, o)) return false;
                }
                advance(*c, t, std::move(o));
                return true;
            };
            st->fn = [pipe, pop, c, done](Traverser& t) {
                Traverser x = t;
                x.bulk = 1;
                pipe->start_with(x);
                Traverser r;
                if (!pipe->next(r)) return false;
                if (!t.obj.el && t.obj.v.type() == Type::map) {
                    // a key of any type (null, an element too) looked up in the incoming map
                    // (TraversalSelectStep)
                    const Value& m = t.obj.v;
                    for (std::size_t k = 0; k + 1 < m.size(); k += 2)
                        if (r.obj.el ? gremlin_eq(*c, Obj(m[k]), r.obj) : m[k] == r.obj.v)
                            return done(t, Obj(m[k + 1]));
                }
                if (r.obj.el || r.obj.v.type() != Type::string) return false;
                Obj o;
                if (!scope_get(*c, t, r.obj.v.str(), pop, o)) return false;
                return done(t, std::move(o));
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    auto keys = strings(in, i);
    if (keys.empty()) bad_args(in);
    comp.need(PathMode::labeled);
    auto byv = comp.bys(s);
    comp.add([keys, pop, byv](Ctx& ctx) {
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) rts->emplace_back(ctx, b);
        auto st = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        st->fn = [keys, pop, rts, c](Traverser& t) {
            auto modulate = [&](std::size_t idx, Obj& o) -> bool {
                if (rts->empty()) return true;
                ByRt& b = (*rts)[idx % rts->size()];
                Traverser x = t;
                x.obj = o;
                return b.apply(*c, x, o);
            };
            if (keys.size() == 1) {
                Obj o;
                if (!scope_get(*c, t, keys[0], pop, o)) return false;
                if (!modulate(0, o)) return false;
                advance(*c, t, std::move(o));
                return true;
            }
            std::vector<Value> kv;
            for (std::size_t k = 0; k < keys.size(); ++k) {
                Obj o;
                if (!scope_get(*c, t, keys[k], pop, o)) return false;
                if (!modulate(k, o)) return false;
                // a key selected twice is one map entry holding the last value (select(all, 'a', 'a'))
                bool dup = false;
                for (std::size_t j = 0; j < kv.size(); j += 2)
                    if (kv[j].str() == keys[k]) {
                        kv[j + 1] = to_value(*c, o);
                        dup = true;
                    }
                if (dup) continue;
                kv.push_back(Value::string(keys[k]));
                kv.push_back(to_value(*c, o));
            }
            advance(*c, t, Obj(Value::map(std::move(kv))));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- match ------------------------------------------------------------------------------------------

struct MatchPattern {
    std::string start, end;
    PlanPtr body;  // null: identity
    bool negated = false;
    bool filter = false;  // a where() pattern: runs once its labels are bound, never binds one
    // A check: tested once every label it names is bound, never binding one — where('a', P) (`pred`,
    // its String arguments labels) or or(…) (`alts`: any alternative's patterns all hold).
    enum class Check : std::uint8_t { none, where_pred, any } check = Check::none;
    Value pred;
    std::vector<std::vector<MatchPattern>> alts;
};

// The labels a check names (start and end labels of its patterns, the P's String arguments).
void check_labels(const MatchPattern& p, std::vector<std::string>& out) {
    auto add = [&](const std::string& l) {
        if (!l.empty() && std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
    };
    add(p.start);
    add(p.end);
    std::function<void(const Value&)> pred_labels = [&](const Value& v) {
        if (v.type() != Type::p) return;
        for (const auto& a : v.kids()) {
            if (a.type() == Type::string) add(a.str());
            pred_labels(a);
        }
    };
    pred_labels(p.pred);
    for (const auto& alt : p.alts)
        for (const auto& q : alt) check_labels(q, out);
}

class MatchSolver {
public:
    MatchSolver(Ctx& ctx, const std::vector<MatchPattern>& pats) : ctx_(ctx), pats_(pats) {
        for (const auto& p : pats)
            pipes_.push_back(p.body ? std::shared_ptr<Pipeline>(p.body->instantiate(ctx)) : nullptr);
    }
    void solve(Traverser& t, const std::string& start_label, std::vector<Traverser>& out) {
        std::vector<std::pair<std::string, Obj>> b;
        std::vector<std::string> labels;
        for (const auto& p : pats_) check_labels(p, labels);
        for (const auto& l : labels) {
            if (find(b, l)) continue;
            Obj o;
            if (path_get(ctx_, t, l, Pop::last, o)) b.emplace_back(l, std::move(o));
        }
        if (!find(b, start_label)) b.emplace_back(start_label, t.obj);
        std::vector<bool> done(pats_.size(), false);
        recurse(t, b, done, t.bulk, out);
    }

private:
    static const Obj* find(const std::vector<std::pair<std::string, Obj>>& b, const std::string& l) {
        for (const auto& [k, v] : b)
            if (k == l) return &v;
        return nullptr;
    }
    std::vector<Traverser> run(std::size_t i, const Obj& from) { return run_on(pipes_[i].get(), from); }
    std::vector<Traverser> run_on(Pipeline* pipe, const Obj& from) {
        std::vector<Traverser> res;
        Traverser s;
        s.obj = from;
        fresh_path(ctx_, s);
        if (!pipe) {
            res.push_back(std::move(s));
            return res;
        }
        pipe->start_with(s);
        Traverser r;
        while (pipe->next(r)) {
            ctx_.tick();
            res.push_back(std::move(r));
        }
        return res;
    }
    using Bindings = std::vector<std::pair<std::string, Obj>>;
    // A check may run: where('a', P) once all its labels are bound; or(…) once every alternative's
    // start labels (those no pattern of the alternative ends in) are.
    bool ready(const MatchPattern& p, const Bindings& b) {
        std::vector<std::string> ls;
        if (p.check == MatchPattern::Check::where_pred) {
            check_labels(p, ls);
        } else {
            for (const auto& alt : p.alts)
                for (const auto& q : alt) {
                    std::vector<std::string> own;
                    check_labels(q, own);
                    for (const auto& l : own)
                        if (std::none_of(alt.begin(), alt.end(),
                                         [&](const MatchPattern& r) { return r.end == l; }))
                            ls.push_back(l);
                }
        }
        return std::all_of(ls.begin(), ls.end(), [&](const std::string& l) { return find(b, l) != nullptr; });
    }
    bool where_holds(const MatchPattern& p, const Bindings& b) {
        const Obj* from = find(b, p.start);
        if (!from) return false;
        std::function<Value(const Value&)> resolve = [&](const Value& v) {
            if (v.type() != Type::p) return v;
            std::vector<Value> args;
            for (const auto& a : v.kids()) {
                const Obj* o = a.type() == Type::string ? find(b, a.str()) : nullptr;
                args.push_back(o ? to_value(ctx_, *o) : resolve(a));
            }
            return Value::p(v.str(), std::move(args));
        };
        return test_p(ctx_, resolve(p.pred), *from);
    }
    // The solutions of one or() alternative (a conjunction of patterns, each run once its start is
    // bound; an unbound end binds): `cont` gets each with its bulk. MatchStep's or() is a union, so a
    // match two alternatives satisfy is emitted twice.
    void alt_solutions(const std::vector<MatchPattern>& alt, std::vector<bool>& used, Bindings& b,
                       std::int64_t bulk, const std::function<void(std::int64_t)>& cont) {
        std::size_t k = alt.size();
        for (std::size_t i = 0; i < alt.size() && k == alt.size(); ++i)
            if (!used[i] && (alt[i].check == MatchPattern::Check::none ? find(b, alt[i].start) != nullptr
                                                                       : ready(alt[i], b)))
                k = i;
        if (k == alt.size()) {
            if (std::all_of(used.begin(), used.end(), [](bool u) { return u; })) cont(bulk);
            return;
        }
        const MatchPattern& q = alt[k];
        used[k] = true;
        if (q.check == MatchPattern::Check::where_pred) {
            if (where_holds(q, b)) alt_solutions(alt, used, b, bulk, cont);
        } else if (q.check == MatchPattern::Check::any) {
            for (const auto& inner : q.alts) {
                std::vector<bool> inner_used(inner.size(), false);
                alt_solutions(inner, inner_used, b, bulk,
                              [&](std::int64_t n) { alt_solutions(alt, used, b, n, cont); });
            }
        } else {
            auto& pipe = nested_[&q];
            if (!pipe && q.body) pipe = std::shared_ptr<Pipeline>(q.body->instantiate(ctx_));
            auto results = run_on(pipe.get(), *find(b, q.start));
            if (q.end.empty()) {
                if (results.empty() == q.negated) alt_solutions(alt, used, b, bulk, cont);
            } else if (const Obj* want = find(b, q.end)) {
                Obj w = *want;
                bool hit = false;
                for (auto& r : results)
                    if (gremlin_eq(ctx_, r.obj, w)) {
                        hit = true;
                        if (!q.negated) alt_solutions(alt, used, b, bulk * r.bulk, cont);
                    }
                if (q.negated && !hit) alt_solutions(alt, used, b, bulk, cont);
            } else if (!q.negated) {
                for (auto& r : results) {
                    b.emplace_back(q.end, r.obj);
                    alt_solutions(alt, used, b, bulk * r.bulk, cont);
                    b.pop_back();
                }
            }
        }
        used[k] = false;
    }
    void recurse(const Traverser& t, std::vector<std::pair<std::string, Obj>>& b, std::vector<bool>& done,
                 std::int64_t bulk, std::vector<Traverser>& out) {
        std::size_t pick = pats_.size();
        for (std::size_t i = 0; i < pats_.size(); ++i) {
            if (!done[i] && pats_[i].check != MatchPattern::Check::none && ready(pats_[i], b)) {
                done[i] = true;
                if (pats_[i].check == MatchPattern::Check::where_pred) {
                    if (where_holds(pats_[i], b)) recurse(t, b, done, bulk, out);
                } else {
                    for (const auto& alt : pats_[i].alts) {
                        std::vector<bool> used(alt.size(), false);
                        alt_solutions(alt, used, b, bulk,
                                      [&](std::int64_t n) { recurse(t, b, done, n, out); });
                    }
                }
                done[i] = false;
                return;
            }
        }
        for (std::size_t i = 0; i < pats_.size(); ++i) {
            if (done[i] || pats_[i].check != MatchPattern::Check::none || !find(b, pats_[i].start)) continue;
            if (pats_[i].filter && !pats_[i].end.empty() && !find(b, pats_[i].end)) continue;
            // prefer filters and patterns whose end is already bound (cheap, prune early)
            if (pick == pats_.size() || pats_[i].end.empty() || find(b, pats_[i].end)) pick = i;
            if (pats_[i].end.empty() || find(b, pats_[i].end)) break;
        }
        if (pick == pats_.size()) {
            for (std::size_t i = 0; i < pats_.size(); ++i)
                if (!done[i])
                    fail(EvalError::Kind::evaluation,
                         "match() pattern starting at '" + pats_[i].start + "' can never be bound",
                         "IllegalStateException");
            emit(t, b, bulk, out);
            return;
        }
        const MatchPattern& p = pats_[pick];
        auto results = run(pick, *find(b, p.start));
        done[pick] = true;
        if (p.end.empty()) {
            bool ok = !results.empty();
            if (ok != p.negated) recurse(t, b, done, bulk, out);
        } else if (p.negated) {
            const Obj* want = find(b, p.end);
            bool hit = false;
            for (auto& r : results)
                if (want && gremlin_eq(ctx_, r.obj, *want)) hit = true;
            if (!hit) recurse(t, b, done, bulk, out);
        } else if (const Obj* want = find(b, p.end)) {
            Obj w = *want;
            for (auto& r : results)
                if (gremlin_eq(ctx_, r.obj, w)) recurse(t, b, done, bulk * r.bulk, out);
        } else {
            for (auto& r : results) {
                b.emplace_back(p.end, r.obj);
                recurse(t, b, done, bulk * r.bulk, out);
                b.pop_back();
            }
        }
        done[pick] = false;
    }
    void emit(const Traverser& t, const std::vector<std::pair<std::string, Obj>>& b, std::int64_t bulk,
              std::vector<Traverser>& out) {
        Traverser o = t;
        o.bulk = bulk;
        std::vector<Value> kv;
        for (const auto& [k, v] : b) {
            kv.push_back(Value::string(k));
            kv.push_back(to_value(ctx_, v));
        }
        // Each binding becomes a labelled path entry so later select()/where() can see it.
        if (ctx_.path_mode != PathMode::none) {
            for (const auto& [k, v] : b) {
                auto n = std::make_shared<PathNode>();
                n->obj = v;
                n->labels.push_back(k);
                n->prev = o.path;
                o.path = std::move(n);
            }
        }
        advance(ctx_, o, Obj(Value::map(std::move(kv))));
        out.push_back(std::move(o));
    }

    Ctx& ctx_;
    const std::vector<MatchPattern>& pats_;
    std::vector<std::shared_ptr<Pipeline>> pipes_;
    std::unordered_map<const MatchPattern*, std::shared_ptr<Pipeline>> nested_;  // patterns in or()
};

void build_match(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.empty()) bad_args(in);
    // match("MATCH …"): TinkerGQL (gql.cpp), the only form a traversal may start with
    if (is_str(in.args[0])) return build_gql_match(comp, s);
    if (comp.at_start)
        fail(EvalError::Kind::unsupported,
             "traversal source has no step 'match' (at " + comp.code.where + " " + std::to_string(in.pos) +
                 ")",
             "MissingMethodException");
    auto pats = std::make_shared<std::vector<MatchPattern>>();
    // A pattern is as(x)…[as(y)], not(pattern), and(pattern, …) (its patterns, flattened),
    // where(pattern) (a filter: it binds no label), or(pattern, …) or where('x', P) (checks).
    std::function<void(const Code&, bool, std::vector<MatchPattern>&)> parse =
        [&](const Code& code, bool filter, std::vector<MatchPattern>& into) {
            if (code.steps.size() == 1 && (code.steps[0].name == "and" || code.steps[0].name == "where") &&
                !code.steps[0].args.empty() &&
                std::all_of(code.steps[0].args.begin(), code.steps[0].args.end(),
                            [](const Arg& x) { return x.t; })) {
                if (code.steps[0].name == "where" && code.steps[0].args.size() != 1) bad_args(code.steps[0]);
                for (const auto& x : code.steps[0].args)
                    parse(*x.t, filter || code.steps[0].name == "where", into);
                return;
            }
            if (code.steps.size() == 1 && code.steps[0].name == "or" && !code.steps[0].args.empty() &&
                std::all_of(code.steps[0].args.begin(), code.steps[0].args.end(),
                            [](const Arg& x) { return x.t; })) {
                MatchPattern p;
                p.check = MatchPattern::Check::any;
                for (const auto& x : code.steps[0].args) {
                    p.alts.emplace_back();
                    parse(*x.t, true, p.alts.back());
                }
                into.push_back(std::move(p));
                return;
            }
            if (code.steps.size() == 1 && code.steps[0].name == "where" && code.steps[0].args.size() == 2 &&
                is_str(code.steps[0].args[0]) && is_pred(code.steps[0].args[1])) {
                MatchPattern p;
                p.check = MatchPattern::Check::where_pred;
                p.start = code.steps[0].args[0].v.str();
                p.pred = code.steps[0].args[1].v;
                into.push_back(std::move(p));
                return;
            }
            Code body = code;
            MatchPattern p;
            p.filter = filter;
            if (body.steps.size() == 1 && body.steps[0].name == "not" && body.steps[0].args.size() == 1 &&
                body.steps[0].args[0].t) {
                p.negated = true;
                body = *body.steps[0].args[0].t;
            }
            if (body.steps.empty() || body.steps.front().name != "as" ||
                body.steps.front().args.size() != 1 || !is_str(body.steps.front().args[0]))
                fail(EvalError::Kind::evaluation,
                     "match() patterns must start with as(label) (at " + comp.code.where + " " +
                         std::to_string(in.pos) + ")",
                     "IllegalArgumentException");
            p.start = body.steps.front().args[0].v.str();
            body.steps.erase(body.steps.begin());
            if (!body.steps.empty() && body.steps.back().name == "as" && body.steps.back().args.size() == 1 &&
                is_str(body.steps.back().args[0])) {
                p.end = body.steps.back().args[0].v.str();
                body.steps.pop_back();
            }
            if (!body.steps.empty()) p.body = comp.child_code(body);
            into.push_back(std::move(p));
        };
    for (const auto& a : in.args) {
        if (!a.t) bad_args(in);
        parse(*a.t, false, *pats);
    }
    // The incoming object binds to a start label that no pattern produces.
    std::string start_label;
    for (const auto& p : *pats)
        if (start_label.empty()) start_label = p.start;
    for (const auto& p : *pats) {
        bool is_end =
            std::any_of(pats->begin(), pats->end(), [&](const MatchPattern& q) { return q.end == p.start; });
        if (!p.start.empty() && !is_end) {
            start_label = p.start;
            break;
        }
    }
    comp.need(PathMode::labeled);
    comp.add([pats, start_label](Ctx& ctx) {
        auto solver = std::make_shared<MatchSolver>(ctx, *pats);
        auto st = std::make_unique<ExpandStep>();
        st->fn = [solver, start_label](Traverser& t, std::vector<Traverser>& out) {
            solver->solve(t, start_label, out);
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

void build_as(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    auto labels = strings(in);
    if (labels.empty()) bad_args(in);
    comp.need(PathMode::labeled);
    comp.add_fn([labels](Ctx& ctx, Traverser& t) {
        for (const auto& l : labels) add_label(ctx, t, l);
        return true;
    });
    return;
}

void build_project(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    auto keys = strings(in);
    if (keys.empty()) bad_args(in);
    auto byv = comp.bys(s);
    comp.add([keys, byv](Ctx& ctx) {
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) rts->emplace_back(ctx, b);
        auto f = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        f->fn = [keys, rts, c](Traverser& t) {
            std::vector<Value> kv;
            for (std::size_t i = 0; i < keys.size(); ++i) {
                Obj o = t.obj;
                // an unproductive by() leaves its key out (what Gremlin Server 3.7.5 answers
                // for project('a').by(out().values('name')) on a vertex without out-edges)
                if (!rts->empty() && !(*rts)[i % rts->size()].apply(*c, t, o)) continue;
                kv.push_back(Value::string(keys[i]));
                kv.push_back(to_value(*c, o));
            }
            advance(*c, t, Obj(Value::map(std::move(kv))));
            return true;
        };
        return std::unique_ptr<Step>(std::move(f));
    });
    return;
}

void build_path(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (!in.args.empty()) bad_args(in);
    comp.need(PathMode::full);
    auto byv = comp.bys(s);
    std::string from, to;  // from()/to(): the sub-path between two labels (Path.subPath)
    for (const Instr* m : s.mods)
        if (m->name == "from" || m->name == "to") {
            if (m->args.size() != 1 || !is_str(m->args[0])) bad_args(*m);
            (m->name == "from" ? from : to) = m->args[0].v.str();
        }
    comp.add([byv, from, to](Ctx& ctx) {
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) rts->emplace_back(ctx, b);
        auto f = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        f->fn = [rts, from, to, c](Traverser& t) {
            bool cut = !from.empty() || !to.empty();
            std::vector<const PathNode*> nodes;
            if (cut || !rts->empty()) nodes = sub_path(t, from, to);
            Value p = cut ? path_of(*c, nodes) : path_value(*c, t);
            if (!rts->empty()) {
                // by() modulators apply round-robin to the path's objects
                auto& objs = p.kids()[1].kids();
                for (std::size_t i = 0; i < nodes.size(); ++i) {
                    Traverser x;
                    x.obj = nodes[i]->obj;
                    Obj o;
                    if (!(*rts)[i % rts->size()].apply(*c, x, o)) return false;
                    objs[i] = to_value(*c, o);
                }
            }
            advance(*c, t, Obj(std::move(p)));
            return true;
        };
        return std::unique_ptr<Step>(std::move(f));
    });
}

}  // namespace

void register_select_steps(StepTable& t) {
    t.add("select", build_select);
    t.add("match", build_match, kStepSource);
    t.add("as", build_as);
    t.add("project", build_project);
    t.add("path", build_path);
}

}  // namespace tpbench::server::detail
