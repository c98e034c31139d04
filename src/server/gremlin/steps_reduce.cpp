// Reducing and collecting steps: group()/groupCount(), order(), count/sum/min/max/mean, fold(),
// unfold(), cap(), aggregate()/store(); the NumberHelper arithmetic and local_items() the other step
// files share.
#include "compiler.hpp"
#include "steps_sidefx.hpp"

#include <algorithm>
#include <limits>
#include <random>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

// ---- numbers ----------------------------------------------------------------------------------------

// Groovy/TinkerPop NumberHelper-style addition: the wider type wins; Int overflow promotes to Long.
Value num_add(const Value& a, const Value& b) {
    if (a.is_null()) return b;
    // BigDecimal with BigDecimal or an integral number stays exact (inject(1,2L,3.5).sum() = 6.5G)
    if ((a.type() == Type::big_decimal || b.type() == Type::big_decimal) && a.type() != Type::double_ &&
        a.type() != Type::float_ && b.type() != Type::double_ && b.type() != Type::float_)
        if (auto r = bigdec_arith('+', a, b)) return *r;
    auto fp = [](const Value& v) {
        return v.type() == Type::double_ || v.type() == Type::float_ || v.type() == Type::big_decimal;
    };
    if (fp(a) || fp(b)) {
        if (a.type() == Type::float_ && b.type() == Type::float_)
            return Value::float_(static_cast<float>(a.as_double() + b.as_double()));
        return Value::double_(a.to_double() + b.to_double());
    }
    std::int64_t r = 0;
    bool ovf = __builtin_add_overflow(a.to_int64(), b.to_int64(), &r);
    if (ovf) return Value::double_(a.to_double() + b.to_double());
    bool wide = a.type() == Type::long_ || b.type() == Type::long_;
    if (!wide && r >= std::numeric_limits<std::int32_t>::min() &&
        r <= std::numeric_limits<std::int32_t>::max())
        return Value::int_(static_cast<std::int32_t>(r));
    return Value::long_(r);
}

Value num_mul_bulk(const Value& a, std::int64_t bulk) {
    if (bulk == 1) return a;
    if (a.type() == Type::big_decimal)
        if (auto r = bigdec_arith('*', a, Value::long_(bulk))) return *r;
    if (a.type() == Type::double_ || a.type() == Type::float_ || a.type() == Type::big_decimal)
        return Value::double_(a.to_double() * static_cast<double>(bulk));
    std::int64_t r;
    if (__builtin_mul_overflow(a.to_int64(), bulk, &r))
        return Value::double_(a.to_double() * static_cast<double>(bulk));
    if (a.type() != Type::long_ && r >= std::numeric_limits<std::int32_t>::min() &&
        r <= std::numeric_limits<std::int32_t>::max())
        return Value::int_(static_cast<std::int32_t>(r));
    return Value::long_(r);
}

// NumberHelper-style multiplication (fold(seed, mult)): the wider type wins.
Value num_mul(const Value& a, const Value& b) {
    if ((a.type() == Type::big_decimal || b.type() == Type::big_decimal) && a.type() != Type::double_ &&
        a.type() != Type::float_ && b.type() != Type::double_ && b.type() != Type::float_)
        if (auto r = bigdec_arith('*', a, b)) return *r;
    auto fp = [](const Value& v) {
        return v.type() == Type::double_ || v.type() == Type::float_ || v.type() == Type::big_decimal;
    };
    if (fp(a) || fp(b)) return Value::double_(a.to_double() * b.to_double());
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a.to_int64(), b.to_int64(), &r))
        return Value::double_(a.to_double() * b.to_double());
    bool wide = a.type() == Type::long_ || b.type() == Type::long_;
    if (!wide && r >= std::numeric_limits<std::int32_t>::min() &&
        r <= std::numeric_limits<std::int32_t>::max())
        return Value::int_(static_cast<std::int32_t>(r));
    return Value::long_(r);
}

// Items of a collection for local-scope steps (map entries become single-entry maps).
bool local_items(const Obj& o, std::vector<Value>& items) {
    if (o.el) return false;
    const Value& v = o.v;
    switch (v.type()) {
        case Type::list:
        case Type::set:
            items = v.kids();
            return true;
        case Type::map:
        case Type::tree:  // a Tree is a Map of object → subtree (HashMap until TinkerPop 4)
            for (std::size_t i = 0; i + 1 < v.size(); i += 2) items.push_back(Value::map({v[i], v[i + 1]}));
            return true;
        case Type::bulk_set:
            for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                for (std::int64_t b = 0; b < v[i + 1].as_int(); ++b) items.push_back(v[i]);
            return true;
        case Type::path:
            items = v[1].kids();
            return true;
        default:
            return false;
    }
}

namespace {

void group_impl(Compiler& comp, const Spec& s, bool count) {
    const Instr& in = *s.main;
    auto byv = comp.bys(s);
    if (count) one_by_modulator(byv, "GroupCount");
    if (byv.size() > (count ? 1u : 2u)) bad_args(*s.mods.back());
    By key_by = byv.empty() ? By{} : byv[0];
    PlanPtr reducer = byv.size() > 1 ? comp.by_plan(byv[1]) : nullptr;
    // by('key') / by(T.x) / by() values fold into a list (TinkerPop wraps such value traversals
    // in map().fold()); other non-reducing by(traversal)s keep one object (GroupStep).
    const bool fold_values = byv.size() > 1 && byv[1].kind != By::Kind::traversal;
    std::optional<std::string> name;
    if (in.args.size() == 1 && is_str(in.args[0]))
        name = in.args[0].v.str();
    else if (!in.args.empty())
        bad_args(in);
    auto kind = count ? SideEffect::Kind::group_count : SideEffect::Kind::group;
    auto accumulate = [kind](Ctx& ctx, SideEffect& se, ByRt& kb, const Traverser& t) {
        Obj k;
        if (!kb.apply(ctx, t, k)) return;
        std::uint32_t i = se.slot(to_value(ctx, k));
        if (kind == SideEffect::Kind::group_count) {
            se.counts[i] += t.bulk;
        } else {
            // members keep their paths: the value traversal may select() labels (GroupStep hands
            // it the traverser itself)
            se.groups[i].push_back(t);
        }
    };
    if (name) {
        // Side-effect form: passes traversers through, accumulating into the named side effect.
        std::string nm = *name;
        comp.add([nm, kind, key_by, reducer, accumulate, fold_values](Ctx& ctx) {
            auto se = side_effect(ctx, nm, kind);
            if (reducer) {
                se->reducer = reducer;
                se->fold_values = fold_values;
            }
            auto kb = std::make_shared<ByRt>(ctx, key_by);
            auto st = std::make_unique<FnStep>();
            Ctx* c = &ctx;
            st->fn = [se, kb, c, accumulate](Traverser& t) {
                accumulate(*c, *se, *kb, t);
                return true;
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        if (compiling_dialect().side_effect_barriers) comp.add(side_effect_barrier());
        return;
    }
    comp.add([kind, key_by, reducer, accumulate, fold_values](Ctx& ctx) {
        auto se = std::make_shared<SideEffect>();
        se->kind = kind;
        se->reducer = reducer;
        se->fold_values = fold_values;
        auto kb = std::make_shared<ByRt>(ctx, key_by);
        auto st = std::make_unique<BarrierStep>();
        Ctx* c = &ctx;
        st->consume = [se, kb, c, accumulate](Traverser& t) { accumulate(*c, *se, *kb, t); };
        st->finish = [se, c](std::vector<Traverser>& out) {
            Traverser t;
            t.obj = Obj(se->finalize(*c));
            fresh_path(*c, t);
            out.push_back(std::move(t));
        };
        st->clear = [se, kind, reducer, fold_values] {
            *se = SideEffect();
            se->kind = kind;
            se->reducer = reducer;
            se->fold_values = fold_values;  // a group() nested in a by() is reset per key
        };
        return std::unique_ptr<Step>(std::move(st));
    });
    comp.reducing_last = true;
}

// ---- order ----------------------------------------------------------------------------------------

struct SortKey {
    std::vector<Obj> keys;
};

// Order.asc/desc compare an Enum by its name (Order.transform: sorting map entries by keys mixes
// T.id / T.label with String keys).
Obj order_key(Obj o) {
    if (!o.el && o.v.type() == Type::enum_) return Obj(Value::string(o.v.str()));
    return o;
}

void order_impl(Compiler& comp, const Spec& s, bool local) {
    auto byv = comp.bys(s);
    if (byv.empty()) byv.push_back(By{});
    auto sorter = [](Ctx& ctx, std::vector<std::pair<SortKey, std::size_t>>& rows,
                     const std::vector<By>& byv) {
        bool shuffle = std::any_of(byv.begin(), byv.end(), [](const By& b) { return b.order == 0; });
        if (shuffle) {
            std::mt19937_64 rng(std::random_device{}());
            std::shuffle(rows.begin(), rows.end(), rng);
            return;
        }
        std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
            for (std::size_t i = 0; i < byv.size(); ++i) {
                int c = obj_compare(ctx, a.first.keys[i], b.first.keys[i]);
                if (c != 0) return byv[i].order < 0 ? c > 0 : c < 0;
            }
            return false;
        });
    };
    if (local) {
        comp.add_fn([byv, sorter](Ctx& ctx, Traverser& t) {
            if (t.obj.el) return true;
            const Value& v = t.obj.v;
            std::vector<ByRt> rts;
            for (const auto& b : byv) rts.emplace_back(ctx, b);
            bool is_map = v.type() == Type::map;
            if (!is_map && v.type() != Type::list && v.type() != Type::set) return true;
            std::vector<Obj> items;
            if (is_map)
                for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                    items.emplace_back(Value::map({v[i], v[i + 1]}));
            else
                for (const auto& x : v.kids()) items.emplace_back(x);
            std::vector<std::pair<SortKey, std::size_t>> rows;
            for (std::size_t i = 0; i < items.size(); ++i) {
                SortKey k;
                bool productive = true;
                for (auto& r : rts) {
                    Traverser x;
                    x.obj = items[i];
                    Obj o;
                    // an item with an unproductive by() is left out (OrderLocalStep, 3.6+)
                    if (!r.apply(ctx, x, o)) {
                        productive = false;
                        break;
                    }
                    k.keys.push_back(order_key(std::move(o)));
                }
                if (productive) rows.emplace_back(std::move(k), i);
            }
            sorter(ctx, rows, byv);
            std::vector<Value> outv;
            for (auto& r : rows) {
                if (is_map) {
                    outv.push_back(items[r.second].v[0]);
                    outv.push_back(items[r.second].v[1]);
                } else {
                    outv.push_back(items[r.second].v);
                }
            }
            t.obj = Obj(is_map ? Value::map(std::move(outv), true) : Value::list(std::move(outv)));
            return true;
        });
        return;
    }
    comp.add([byv, sorter](Ctx& ctx) {
        // OrderGlobalStep is a CollectingBarrierStep: its TraverserSet merges equal traversers first
        struct State {
            std::vector<ByRt> rts;
            MergeSet items;
            std::vector<std::pair<SortKey, std::size_t>> rows;
        };
        auto st = std::make_shared<State>();
        for (const auto& b : byv) st->rts.emplace_back(ctx, b);
        auto b = std::make_unique<BarrierStep>();
        Ctx* c = &ctx;
        b->consume = [st, c](Traverser& t) {
            SortKey k;
            for (auto& r : st->rts) {
                Obj o;
                if (!r.apply(*c, t, o)) return;  // unproductive by() filters (TinkerPop 3.6+)
                k.keys.push_back(order_key(std::move(o)));
            }
            std::size_t n = st->items.size();
            st->items.add(std::move(t));
            if (st->items.size() > n) st->rows.emplace_back(std::move(k), n);
        };
        b->finish = [st, c, byv, sorter](std::vector<Traverser>& out) {
            sorter(*c, st->rows, byv);
            for (auto& r : st->rows) out.push_back(std::move(st->items.items()[r.second]));
            st->rows.clear();
            st->items.clear();
        };
        b->clear = [st] {
            st->rows.clear();
            st->items.clear();
        };
        return std::unique_ptr<Step>(std::move(b));
    });
}

struct NumAcc {
    Value sum;
    Value best;
    bool any = false;
    bool nulls = false;  // saw only nulls so far: the result is null (not "no result")
    double total = 0;
    std::int64_t n = 0;
};

enum class NumOp : std::uint8_t { sum, min, max, mean };

NumOp num_op_of(const std::string& n) {
    return n == "sum" ? NumOp::sum : n == "min" ? NumOp::min : n == "max" ? NumOp::max : NumOp::mean;
}

std::string num_op_name(NumOp op) {
    switch (op) {
        case NumOp::sum:
            return "sum";
        case NumOp::min:
            return "min";
        case NumOp::max:
            return "max";
        case NumOp::mean:
            return "mean";
    }
    return "?";
}

void num_fold(Ctx& ctx, NumOp op, NumAcc& acc, const Obj& o, std::int64_t bulk, bool global) {
    if (o.el)
        fail(EvalError::Kind::evaluation, num_op_name(op) + "() expects numbers but got an element",
             "ClassCastException");
    const Value& v = o.v;
    if (v.is_null()) {
        acc.nulls = true;
        return;
    }
    if (op == NumOp::min || op == NumOp::max) {
        if (!v.is_number() && v.type() != Type::string)
            fail(EvalError::Kind::evaluation, num_op_name(op) + "() cannot compare " + v.to_string(),
                 "ClassCastException");
        if (!acc.any)
            acc.best = v;
        else {
            int c = compare(v, acc.best);
            bool take = (op == NumOp::min && c < 0) || (op == NumOp::max && c > 0);
            // NumberHelper.min/max answer in the wider of the two number types (max(29, 0.5) = 29.0)
            Value keep = take ? v : acc.best;
            const Value& other = take ? acc.best : v;
            if (keep.is_number() && other.is_number() && keep.type() != other.type()) {
                auto floating = [](const Value& x) {
                    return x.type() == Type::double_ || x.type() == Type::float_;
                };
                if (floating(other) && !floating(keep) && keep.type() != Type::big_decimal)
                    keep = Value::double_(keep.to_double());
                else if (!floating(keep) && !floating(other) && other.type() == Type::long_ &&
                         keep.type() != Type::big_integer && keep.type() != Type::big_decimal)
                    keep = Value::long_(keep.to_int64());
                else if (keep.type() == Type::float_ && other.type() == Type::double_)
                    keep = Value::double_(keep.to_double());
            }
            acc.best = std::move(keep);
        }
        acc.any = true;
        return;
    }
    if (!v.is_number())
        fail(EvalError::Kind::evaluation,
             num_op_name(op) + "() expects numbers but got " + v.to_string() + " (" +
                 std::string(model::type_name(v.type())) + ")",
             "ClassCastException");
    acc.any = true;
    if (op == NumOp::sum && compiling_dialect().number_promotion) {
        // 4.0's SumGlobalStep: mul(value, the bulk coerced to the value's class), then add, both
        // with NumberHelper's promotion on overflow (g.V().values('age').sum() is an Int); SumLocalStep
        // adds the same way ([1b, 2b, 3b] sums to 6b)
        Value x = v;
        if (bulk != 1) {
            Value b = Value::long_(bulk);
            if (v.type() == Type::int_ && bulk <= std::numeric_limits<std::int32_t>::max())
                b = Value::int_(static_cast<std::int32_t>(bulk));
            else if (v.type() == Type::short_ && bulk <= 32767)
                b = Value::short_(static_cast<std::int16_t>(bulk));
            else if (v.type() == Type::byte && bulk <= 127)
                b = Value::byte(static_cast<std::int8_t>(bulk));
            x = apply_operator(Operator::mult, v, b);
        }
        acc.sum = acc.sum.is_null() ? x : apply_operator(Operator::sum, acc.sum, x);
        return;
    }
    if (op == NumOp::sum) {
        Value x = num_mul_bulk(v, bulk);
        // Global sum() multiplies each value by its (long) bulk, as TinkerPop 3.7's SumGlobalStep
        // does, so integral inputs sum to a Long (g.V().values('age').sum() = 123L); sum(local)
        // adds the values as they are (an Int list sums to an Int).
        if (global && (x.type() == Type::int_ || x.type() == Type::short_ || x.type() == Type::byte))
            x = Value::long_(x.to_int64());
        acc.sum = num_add(acc.sum, x);
    } else {
        acc.total += v.to_double() * static_cast<double>(bulk);
        acc.n += bulk;
    }
}

bool num_result(NumOp op, NumAcc& acc, Value& out) {
    if (!acc.any && acc.nulls) {
        out = Value();
        return true;
    }
    if (!acc.any) return false;
    if (op == NumOp::sum)
        out = acc.sum;
    else if (op == NumOp::mean)
        out = Value::double_(acc.total / static_cast<double>(acc.n));
    else
        out = acc.best;
    return true;
}

void build_numeric(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const bool count = in.name == "count";
    const NumOp op = num_op_of(in.name);
    bool local = false;
    if (in.args.size() == 1 && is_enum(in.args[0], EnumKind::scope))
        local = in.args[0].v.str() == "local";
    else if (!in.args.empty())
        bad_args(in);
    if (count) {
        if (local) {
            comp.add_fn([](Ctx& ctx, Traverser& t) {
                std::vector<Value> items;
                std::int64_t n = local_items(t.obj, items) ? static_cast<std::int64_t>(items.size()) : 1;
                if (!t.obj.el && t.obj.v.type() == Type::map)
                    n = static_cast<std::int64_t>(t.obj.v.size() / 2);
                advance(ctx, t, Obj(Value::long_(n)));
                return true;
            });
            return;
        }
        comp.add_reduce<std::int64_t>([](Ctx&, std::int64_t& n, const Traverser& t) { n += t.bulk; },
                                      [](Ctx&, std::int64_t& n, Value& out) {
                                          out = Value::long_(n);
                                          return true;
                                      });
        return;
    }
    if (local) {
        comp.add_fn([op](Ctx& ctx, Traverser& t) {
            std::vector<Value> items;
            if (!local_items(t.obj, items)) items.push_back(t.obj.el ? to_value(ctx, t.obj) : t.obj.v);
            NumAcc acc;
            for (auto& v : items) num_fold(ctx, op, acc, Obj(v), 1, false);
            Value r;
            if (!num_result(op, acc, r)) return false;
            advance(ctx, t, Obj(std::move(r)));
            return true;
        });
        return;
    }
    comp.add_reduce<NumAcc>(
        [op](Ctx& ctx, NumAcc& acc, const Traverser& t) { num_fold(ctx, op, acc, t.obj, t.bulk, true); },
        [op](Ctx&, NumAcc& acc, Value& out) { return num_result(op, acc, out); });
}

void build_fold(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (in.args.size() == 2) {
        // fold(seed, Operator): a reduction with the operator, starting from the seed
        if (in.args[0].t || !is_enum(in.args[1], EnumKind::operator_)) bad_args(in);
        const std::string& name = in.args[1].v.str();
        enum class FoldOp : std::uint8_t { sum, minus, mult, min, max, add_all };
        FoldOp op;
        if (name == "sum")
            op = FoldOp::sum;
        else if (name == "minus")
            op = FoldOp::minus;
        else if (name == "mult")
            op = FoldOp::mult;
        else if (name == "min")
            op = FoldOp::min;
        else if (name == "max")
            op = FoldOp::max;
        else if (name == "addAll")
            op = FoldOp::add_all;
        else
            fail(EvalError::Kind::unsupported, "fold() with Operator." + name + " is not supported",
                 "MissingMethodException");
        Value seed = in.args[0].v;
        comp.add_reduce<Value>(
            [op, seed](Ctx& ctx, Value& acc, const Traverser& t) {
                if (acc.type() == Type::null && acc.aux() == 0xfe) acc = seed;
                Value v = to_value(ctx, t.obj);
                if (op == FoldOp::add_all) {
                    // Operator.addAll: a map seed takes every entry (later keys win), a collection
                    // seed every item
                    for (std::int64_t b = 0; b < t.bulk; ++b) {
                        if (acc.type() == Type::map && v.type() == Type::map) {
                            std::vector<Value> kv = acc.kids();
                            for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                                std::size_t k = 0;
                                while (k + 1 < kv.size() && !(kv[k] == v[i])) k += 2;
                                if (k + 1 < kv.size())
                                    kv[k + 1] = v[i + 1];
                                else {
                                    kv.push_back(v[i]);
                                    kv.push_back(v[i + 1]);
                                }
                            }
                            acc = Value::map(std::move(kv));
                        } else if ((acc.type() == Type::list || acc.type() == Type::set) &&
                                   (v.type() == Type::list || v.type() == Type::set)) {
                            std::vector<Value> xs = acc.kids();
                            for (const auto& x : v.kids())
                                if (acc.type() == Type::list ||
                                    std::find(xs.begin(), xs.end(), x) == xs.end())
                                    xs.push_back(x);
                            acc = acc.type() == Type::list ? Value::list(std::move(xs))
                                                           : Value::set(std::move(xs));
                        } else {
                            fail(EvalError::Kind::evaluation,
                                 "Operator.addAll needs two maps or two collections, got " +
                                     std::string(model::type_name(acc.type())) + " and " +
                                     std::string(model::type_name(v.type())),
                                 "IllegalArgumentException");
                        }
                    }
                    return;
                }
                if (!v.is_number() || !acc.is_number())
                    fail(EvalError::Kind::evaluation,
                         "class " + std::string(model::type_name(v.type())) +
                             " cannot be cast to class java.lang.Number",
                         "ClassCastException");
                for (std::int64_t b = 0; b < t.bulk; ++b) {
                    switch (op) {
                        case FoldOp::sum:
                            acc = num_add(acc, v);
                            break;
                        case FoldOp::minus:
                            acc = num_add(acc, num_mul_bulk(v, -1));
                            break;
                        case FoldOp::mult:
                            acc = num_mul(acc, v);
                            break;
                        case FoldOp::min:
                            acc = compare(v, acc) < 0 ? v : acc;
                            break;
                        case FoldOp::max:
                            acc = compare(v, acc) > 0 ? v : acc;
                            break;
                        case FoldOp::add_all:
                            break;
                    }
                }
            },
            [seed](Ctx&, Value& acc, Value& out) {
                out = acc.type() == Type::null && acc.aux() == 0xfe ? seed : acc;
                return true;
            });
        return;
    }
    if (!in.args.empty()) bad_args(in);
    comp.add_reduce<std::vector<Value>>(
        [](Ctx& ctx, std::vector<Value>& acc, const Traverser& t) {
            Value v = to_value(ctx, t.obj);
            for (std::int64_t b = 0; b < t.bulk; ++b) acc.push_back(v);
        },
        [](Ctx&, std::vector<Value>& acc, Value& out) {
            out = Value::list(std::move(acc));
            return true;
        });
    return;
}

void build_unfold(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (!in.args.empty()) bad_args(in);
    comp.add_expand([](Ctx& ctx, Traverser& t, std::vector<Traverser>& buf) {
        std::vector<Value> items;
        if (!t.obj.el && t.obj.v.type() == Type::path && t.obj.v.size() > 1) {
            items = t.obj.v[1].kids();  // a Path is Iterable over its objects
        } else if (t.obj.el || t.obj.v.type() == Type::path || !local_items(t.obj, items)) {
            buf.push_back(std::move(t));
            return;
        }
        for (auto& v : items) {
            buf.push_back(t);
            advance(ctx, buf.back(), Obj(std::move(v)));
        }
    });
    return;
}

void build_order(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    bool local = in.args.size() == 1 && is_enum(in.args[0], EnumKind::scope) && in.args[0].v.str() == "local";
    if (!in.args.empty() && !(in.args.size() == 1 && is_enum(in.args[0], EnumKind::scope))) bad_args(in);
    order_impl(comp, s, local);
}

void build_cap(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    auto keys = strings(in);
    if (keys.empty()) bad_args(in);
    comp.add([keys](Ctx& ctx) {
        auto b = std::make_unique<BarrierStep>();
        Ctx* c = &ctx;
        b->consume = [](Traverser&) {};
        b->finish = [keys, c](std::vector<Traverser>& out) {
            auto get = [&](const std::string& k) {
                auto it = c->side_effects.find(k);
                if (it == c->side_effects.end())
                    fail(EvalError::Kind::evaluation,
                         "The side-effect key does not exist in the side-effects: " + k,
                         "IllegalArgumentException");
                return it->second->finalize(*c);
            };
            Traverser t;
            if (keys.size() == 1)
                t.obj = Obj(get(keys[0]));
            else {
                std::vector<Value> kv;
                for (const auto& k : keys) {
                    kv.push_back(Value::string(k));
                    kv.push_back(get(k));
                }
                t.obj = Obj(Value::map(std::move(kv)));
            }
            fresh_path(*c, t);
            out.push_back(std::move(t));
        };
        return std::unique_ptr<Step>(std::move(b));
    });
    comp.reducing_last = true;
    return;
}

void build_group(Compiler& comp, const Spec& s) { group_impl(comp, s, false); }
void build_group_count(Compiler& comp, const Spec& s) { group_impl(comp, s, true); }

}  // namespace

void register_reduce_steps(StepTable& t) {
    t.add("group", build_group);
    t.add("groupCount", build_group_count);
    t.add("order", build_order, kStepBarrier);
    for (const char* n : {"count", "sum", "min", "max", "mean"}) t.add(n, build_numeric);
    t.add("fold", build_fold);
    t.add("unfold", build_unfold);
    t.add("cap", build_cap);  // aggregate, store: steps_sidefx.cpp
}

}  // namespace tpbench::server::detail
