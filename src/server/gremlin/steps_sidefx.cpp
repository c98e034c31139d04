// TinkerPop's Operator enum with NumberHelper's arithmetic, sacks (withSack, sack(), sack(Operator),
// barrier(normSack)), withSideEffect(key, value, Operator) reducers, aggregate()/store(), subgraph() and
// fail() (steps_sidefx.hpp). Semantics follow TinkerPop 3.7.3: Operator, NumberHelper, SackValueStep,
// SackFunctions.Barrier, AggregateGlobalStep/AggregateLocalStep, DefaultTraversalSideEffects,
// B_O_S_SE_SL_Traverser (merge / carriesUnmergeableSack) and FailStep.
#include "step_shapes.hpp"
#include "steps_sidefx.hpp"

#include <tpbench/model/map_entries.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
#include <unordered_set>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

// ---- NumberHelper ------------------------------------------------------------------------------------

// NumberHelper's number classes.
enum class NumClass : std::uint8_t { byte, short_, int_, long_, big_integer, float_, double_, big_decimal };

std::optional<NumClass> num_class(const Value& v) {
    switch (v.type()) {
        case Type::byte:
            return NumClass::byte;
        case Type::short_:
            return NumClass::short_;
        case Type::int_:
            return NumClass::int_;
        case Type::long_:
            return NumClass::long_;
        case Type::big_integer:
            return NumClass::big_integer;
        case Type::float_:
            return NumClass::float_;
        case Type::double_:
            return NumClass::double_;
        case Type::big_decimal:
            return NumClass::big_decimal;
        default:
            return std::nullopt;
    }
}

// getHighestCommonNumberClass: the widest bits, floating point if either is (int + float = float,
// long + float = double, BigInteger + double = BigDecimal).
NumClass common(NumClass a, NumClass b) {
    auto bits = [](NumClass c) {
        switch (c) {
            case NumClass::byte:
                return 8;
            case NumClass::short_:
                return 16;
            case NumClass::int_:
            case NumClass::float_:
                return 32;
            case NumClass::long_:
            case NumClass::double_:
                return 64;
            case NumClass::big_integer:
            case NumClass::big_decimal:
                return 128;
        }
        return 64;
    };
    auto fp = [](NumClass c) {
        return c == NumClass::float_ || c == NumClass::double_ || c == NumClass::big_decimal;
    };
    int n = std::max(bits(a), bits(b));
    if (fp(a) || fp(b))
        return n <= 32 ? NumClass::float_ : n <= 64 ? NumClass::double_ : NumClass::big_decimal;
    return n <= 8    ? NumClass::byte
           : n <= 16 ? NumClass::short_
           : n <= 32 ? NumClass::int_
           : n <= 64 ? NumClass::long_
                     : NumClass::big_integer;
}

std::string java_number_class(const Value& v) {
    switch (v.type()) {
        case Type::null:
            return "null";
        case Type::boolean:
            return "java.lang.Boolean";
        case Type::string:
            return "java.lang.String";
        case Type::list:
            return "java.util.ArrayList";
        case Type::set:
            return "java.util.HashSet";
        case Type::bulk_set:
            return "org.apache.tinkerpop.gremlin.process.traversal.step.util.BulkSet";
        case Type::map:
            return "java.util.LinkedHashMap";
        default:
            return std::string(model::type_name(v.type()));
    }
}

[[noreturn]] void not_a(const Value& v, const char* what) {
    fail(EvalError::Kind::evaluation, "class " + java_number_class(v) + " cannot be cast to class " + what,
         "ClassCastException");
}

// BigDecimal.valueOf(double): the decimal Double.toString writes (1.0 has scale 1).
Value double_as_bigdec(double d) {
    if (!std::isfinite(d)) fail(EvalError::Kind::evaluation, "Infinite or NaN", "NumberFormatException");
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string s(buf, r.ptr);  // d.ddddde[+-]xx, shortest round-trip digits
    auto e = s.find('e');
    int exp = std::stoi(s.substr(e + 1));
    std::string mant = s.substr(0, e);
    bool neg = !mant.empty() && mant[0] == '-';
    if (neg) mant.erase(0, 1);
    std::string digits;
    for (char c : mant)
        if (c != '.') digits += c;
    // value = digits * 10^-(scale)
    auto scale = static_cast<std::int32_t>(digits.size()) - 1 - exp;
    if (exp >= -3 && exp < 7) {
        // plain notation below 10^7 and from 10^-3 on, with at least one fraction digit
        while (scale < 1) {
            digits += '0';
            ++scale;
        }
    } else if (scale < 0) {
        // computerized notation, e.g. 1.0E10: unscaled 10, scale -9 — kept as an integral value
        while (scale < 0) {
            digits += '0';
            ++scale;
        }
    }
    if (digits.size() > 36)
        fail(EvalError::Kind::unsupported, "BigDecimal value out of range", "ArithmeticException");
    BigInt128 u = 0;
    for (char c : digits) u = u * 10 + (c - '0');
    return bigdec_make(neg ? -u : u, scale);
}

Value as_bigdec(const Value& v) {
    if (v.type() == Type::double_ || v.type() == Type::float_) return double_as_bigdec(v.as_double());
    return v;
}

Value make_int(NumClass c, std::int64_t x) {
    switch (c) {
        case NumClass::byte:
            return Value::byte(static_cast<std::int8_t>(x));
        case NumClass::short_:
            return Value::short_(static_cast<std::int16_t>(x));
        case NumClass::int_:
            return Value::int_(static_cast<std::int32_t>(static_cast<std::uint32_t>(x)));
        default:
            return Value::long_(x);
    }
}

[[noreturn]] void div_by_zero() { fail(EvalError::Kind::evaluation, "/ by zero", "ArithmeticException"); }

// 4.0's NumberHelper.mathOperationWithPromote for integral classes: the exact result in the
// highest common class, or the next wider one it fits (byte, short, int, long); past long an
// ArithmeticException. BigInteger operands (that fit 127 bits) stay BigInteger.
Value promote_int(char op, NumClass c, const Value& a, const Value& b) {
    auto big = [](const Value& v, BigInt128& out) {
        if (v.type() != Type::big_integer) {
            out = v.to_int64();
            return true;
        }
        const std::string& bs = v.str();
        if (bs.empty() || bs.size() > 15) return false;
        using U = unsigned __int128;
        U u = (static_cast<unsigned char>(bs[0]) & 0x80) ? ~static_cast<U>(0) : 0;
        for (unsigned char ch : bs) u = (u << 8) | ch;
        out = static_cast<BigInt128>(u);
        return true;
    };
    BigInt128 x = 0, y = 0, r = 0;
    if (!big(a, x) || !big(b, y))
        fail(EvalError::Kind::unsupported,
             "BigInteger arithmetic beyond 120 bits is not supported by the embedded server",
             "UnsupportedOperationException");
    switch (op) {
        case '+':
            r = x + y;
            break;
        case '-':
            r = x - y;
            break;
        case '*':
            if (__builtin_mul_overflow(x, y, &r))
                fail(EvalError::Kind::unsupported, "BigInteger arithmetic beyond 127 bits is not supported",
                     "UnsupportedOperationException");
            break;
        default:
            if (y == 0) div_by_zero();
            r = x / y;
    }
    if (c == NumClass::big_integer) {
        std::string out;
        BigInt128 v = r;
        for (;;) {
            auto byte = static_cast<unsigned char>(static_cast<unsigned __int128>(v) & 0xff);
            out.insert(out.begin(), static_cast<char>(byte));
            BigInt128 rest = v >> 8;
            bool sign = (byte & 0x80) != 0;
            if ((rest == 0 && !sign) || (rest == -1 && sign)) break;
            v = rest;
        }
        return Value::big_integer(std::move(out));
    }
    static const std::pair<NumClass, std::int64_t> widths[] = {
        {NumClass::byte, 127},
        {NumClass::short_, 32767},
        {NumClass::int_, 2147483647},
        {NumClass::long_, std::numeric_limits<std::int64_t>::max()}};
    bool from = false;
    for (const auto& [cls, max] : widths) {
        if (cls == c) from = true;
        if (from && r <= max && r >= -static_cast<BigInt128>(max) - 1)
            return make_int(cls, static_cast<std::int64_t>(r));
    }
    fail(EvalError::Kind::evaluation, "long overflow", "ArithmeticException");
}

Value arith(char op, const Value& a, const Value& b) {
    auto ca = num_class(a), cb = num_class(b);
    if (!ca) not_a(a, "java.lang.Number");
    if (!cb) not_a(b, "java.lang.Number");
    NumClass c = common(*ca, *cb);
    const bool promote = compiling_dialect().number_promotion;
    if (promote && (c == NumClass::byte || c == NumClass::short_ || c == NumClass::int_ ||
                    c == NumClass::long_ || c == NumClass::big_integer))
        return promote_int(op, c, a, b);
    switch (c) {
        case NumClass::byte:
        case NumClass::short_:
        case NumClass::int_:
        case NumClass::long_: {
            // the helper of the common class works on a.xValue() and b.xValue(): narrowed, wrapping
            std::int64_t sx = make_int(c, a.to_int64()).to_int64(), sy = make_int(c, b.to_int64()).to_int64();
            auto x = static_cast<std::uint64_t>(sx), y = static_cast<std::uint64_t>(sy);
            switch (op) {
                case '+':
                    return make_int(c, static_cast<std::int64_t>(x + y));
                case '-':
                    return make_int(c, static_cast<std::int64_t>(x - y));
                case '*':
                    return make_int(c, static_cast<std::int64_t>(x * y));
                default:
                    if (sy == 0) div_by_zero();
                    if (sx == std::numeric_limits<std::int64_t>::min() && sy == -1) return make_int(c, sx);
                    return make_int(c, sx / sy);
            }
        }
        case NumClass::float_:
        case NumClass::double_: {
            double x = a.to_double(), y = b.to_double(), r = 0;
            switch (op) {
                case '+':
                    r = x + y;
                    break;
                case '-':
                    r = x - y;
                    break;
                case '*':
                    r = x * y;
                    break;
                default:
                    r = x / y;
            }
            // 4.0: a Float result that overflows (finite operands) is promoted to Double
            if (c == NumClass::float_ && promote && std::isinf(static_cast<float>(r)) && !std::isinf(r))
                return Value::double_(r);
            return c == NumClass::float_ ? Value::float_(static_cast<float>(r)) : Value::double_(r);
        }
        case NumClass::big_integer:
            fail(EvalError::Kind::unsupported,
                 "BigInteger arithmetic is not supported by the embedded server",
                 "UnsupportedOperationException");
        case NumClass::big_decimal: {
            if (a.type() == Type::big_integer || b.type() == Type::big_integer)
                fail(EvalError::Kind::unsupported,
                     "BigInteger arithmetic is not supported by the embedded server",
                     "UnsupportedOperationException");
            Value x = as_bigdec(a), y = as_bigdec(b);
            if (op == '/') {
                BigInt128 u = 0;
                std::int32_t s = 0;
                if (bigdec_parts(y, u, s) && u == 0)
                    fail(EvalError::Kind::evaluation, "Division by zero", "ArithmeticException");
            }
            std::optional<Value> r = op == '/' ? bigdec_div(x, y) : bigdec_arith(op, x, y);
            if (r) return *r;
            fail(EvalError::Kind::unsupported,
                 "BigDecimal arithmetic beyond 127 bits is not supported by the embedded server",
                 "UnsupportedOperationException");
        }
    }
    return {};
}

bool is_nan(const Value& v) {
    return (v.type() == Type::double_ || v.type() == Type::float_) && std::isnan(v.as_double());
}

// NumberHelper.min/max(Comparable, Comparable).
Value min_max(bool min, const Value& a, const Value& b) {
    if (a.is_null() || b.is_null()) return a.is_null() ? b : a;
    if (is_nan(a) || is_nan(b)) return is_nan(a) ? b : a;
    if (a.is_number() && b.is_number()) {
        auto ca = num_class(a), cb = num_class(b);
        if (!ca || !cb) not_a(ca ? b : a, "java.lang.Number");
        NumClass c = common(*ca, *cb);
        int cmp = compare(a, b);
        const Value& pick = min ? (cmp <= 0 ? a : b) : (cmp >= 0 ? a : b);
        // the result has the common class (min(1, 2L) is 1L)
        switch (c) {
            case NumClass::byte:
            case NumClass::short_:
            case NumClass::int_:
            case NumClass::long_:
                return make_int(c, pick.to_int64());
            case NumClass::float_:
                return Value::float_(static_cast<float>(pick.to_double()));
            case NumClass::double_:
                return Value::double_(pick.to_double());
            case NumClass::big_integer:
            case NumClass::big_decimal:
                return as_bigdec(pick);
        }
    }
    if (a.type() != b.type() || (a.type() != Type::string && a.type() != Type::boolean))
        fail(EvalError::Kind::evaluation,
             "class " + java_number_class(b) + " cannot be cast to class " + java_number_class(a),
             "ClassCastException");
    int cmp = compare(a, b);
    return min ? (cmp < 0 ? a : b) : (cmp > 0 ? a : b);
}

Value logic(bool conj, const Value& a, const Value& b) {
    if (a.is_null() || b.is_null()) return a.is_null() ? b : a;
    if (a.type() != Type::boolean) not_a(a, "java.lang.Boolean");
    if (b.type() != Type::boolean) not_a(b, "java.lang.Boolean");
    return Value::boolean(conj ? a.as_bool() && b.as_bool() : a.as_bool() || b.as_bool());
}

bool is_collection(const Value& v) {
    return v.type() == Type::list || v.type() == Type::set || v.type() == Type::bulk_set;
}

void unroll(const Value& v, std::vector<Value>& out) {
    if (v.type() == Type::bulk_set) {
        for (std::size_t i = 0; i + 1 < v.size(); i += 2)
            for (std::int64_t k = 0; k < v[i + 1].to_int64(); ++k) out.push_back(v[i]);
    } else {
        out.insert(out.end(), v.kids().begin(), v.kids().end());
    }
}

[[noreturn]] void not_map_or_collection(const Value& a, const Value& b) {
    auto simple = [](const Value& v) {
        std::string c = java_number_class(v);
        auto dot = c.rfind('.');
        return dot == std::string::npos ? c : c.substr(dot + 1);
    };
    fail(EvalError::Kind::evaluation,
         "Objects must be both of Map or Collection: a=" + simple(a) + " b=" + simple(b),
         "IllegalArgumentException");
}

Value add_all(const Value& a, const Value& b) {
    if (a.is_null() || b.is_null()) return a.is_null() ? b : a;
    if (a.type() == Type::map && b.type() == Type::map) {
        std::vector<Value> kv = a.kids();
        for (std::size_t i = 0; i + 1 < b.size(); i += 2) model::map_set(kv, b[i], b[i + 1]);
        return Value::map(std::move(kv));
    }
    // Operator.addAll tests `a instanceof Collection` twice: b may be anything iterable there
    if (!is_collection(a) || !is_collection(b)) not_map_or_collection(a, b);
    std::vector<Value> items;
    unroll(a, items);
    std::vector<Value> more;
    unroll(b, more);
    if (a.type() == Type::set) {
        for (auto& x : more)
            if (std::find(items.begin(), items.end(), x) == items.end()) items.push_back(std::move(x));
        return Value::set(std::move(items));
    }
    if (a.type() == Type::bulk_set) {
        std::vector<Value> kv = a.kids();
        for (auto& x : more) {
            bool found = false;
            for (std::size_t k = 0; k + 1 < kv.size(); k += 2)
                if (kv[k] == x) {
                    kv[k + 1] = Value::long_(kv[k + 1].to_int64() + 1);
                    found = true;
                    break;
                }
            if (!found) {
                kv.push_back(std::move(x));
                kv.push_back(Value::long_(1));
            }
        }
        return Value::bulk_set(std::move(kv));
    }
    for (auto& x : more) items.push_back(std::move(x));
    return Value::list(std::move(items));
}

// ---- step shapes ------------------------------------------------------------------------------------

bool is_enum_arg(const Arg& a, EnumKind k) {
    return !a.t && a.v.type() == Type::enum_ && a.v.enum_kind() == k;
}

[[noreturn]] void no_lambdas(const std::string& what) {
    fail(EvalError::Kind::unsupported, what + " with a lambda is not supported by the embedded server",
         "UnsupportedOperationException");
}

// ---- sack steps -----------------------------------------------------------------------------------

void build_sack(StepSite& site) {
    const Instr& in = site.in;
    std::vector<By> bys;
    for (const Instr* m : site.mods) {
        if (m->name != "by" || in.args.empty()) site.bad_args();
        bys.push_back(site.by(*m));
    }
    if (in.args.empty()) {
        // sack(): the traverser's sack
        site.add([](Ctx& ctx) {
            auto st = std::make_unique<MapFnStep>();
            Ctx* c = &ctx;
            st->fn = [c](Traverser& t) {
                advance(*c, t, Obj(sack_value(t)));
                return true;
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    if (in.args.size() != 1) site.bad_args();
    one_by_modulator(bys, "Sack");
    if (!in.args[0].t && in.args[0].v.type() == Type::lambda) no_lambdas("sack()");
    auto op = operator_of(in.args[0].v);
    if (in.args[0].t || !op) site.bad_args();
    std::optional<By> by;
    if (!bys.empty()) by = bys[0];
    Operator o = *op;
    // sack(Operator)[.by(…)]: SackValueStep — sack = op(sack, by-product or the object); an
    // unproductive by() filters the traverser
    site.add([o, by](Ctx& ctx) {
        std::shared_ptr<ByRt> rt;
        if (by) rt = std::make_shared<ByRt>(ctx, *by);
        auto st = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        st->fn = [o, rt, c](Traverser& t) {
            Obj p;
            if (rt) {
                if (!rt->apply(*c, t, p)) return false;
            } else {
                p = t.obj;
            }
            Value v = p.el ? to_value(*c, p) : std::move(p.v);
            set_sack(t, apply_operator(o, sack_value(t), v));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// SackFunctions.Barrier.normSack: each sack becomes sack * bulk / Σ(sack * bulk).
void norm_sack(std::vector<Traverser>& items) {
    Value total = Value::double_(0.0);
    for (const auto& t : items)
        total = apply_operator(Operator::sum, total,
                               apply_operator(Operator::mult, sack_value(t), Value::long_(t.bulk)));
    for (auto& t : items) {
        Value s = apply_operator(Operator::mult, sack_value(t), Value::long_(t.bulk));
        set_sack(t, apply_operator(Operator::div, s, total));
    }
}

void build_barrier(StepSite& site) {
    const Instr& in = site.in;
    if (!site.mods.empty() || in.args.size() > 1) site.bad_args();
    bool norm = false;
    std::size_t window = 0;
    if (in.args.size() == 1) {
        const Arg& a = in.args[0];
        if (!a.t && a.v.type() == Type::lambda) no_lambdas("barrier()");
        if (is_enum_arg(a, EnumKind::barrier) && a.v.str() == "normSack")
            norm = true;
        else if (a.t || !(a.v.type() == Type::int_ || a.v.type() == Type::long_) || a.v.to_int64() <= 0)
            site.bad_args();
        else if (a.v.to_int64() < 2147483647)  // Integer.MAX_VALUE: no window
            window = static_cast<std::size_t>(a.v.to_int64());
    }
    site.add([norm, window](Ctx&) {
        auto st = std::make_unique<CollectStep>();
        st->window = window;
        if (norm) st->finish = norm_sack;
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- aggregate / store --------------------------------------------------------------------------------

using Batch = std::vector<std::pair<Value, std::int64_t>>;

// Adds a by() product to a step's BulkSet of products (equal objects once, with their bulks).
void batch_add(Batch& batch, Value v, std::int64_t bulk) {
    for (auto& [x, b] : batch)
        if (x == v) {
            b += bulk;
            return;
        }
    batch.emplace_back(std::move(v), bulk);
}

// The side effect an aggregate step adds to (registerIfAbsent with a BulkSet and Operator.addAll).
std::shared_ptr<SideEffect> aggregate_target(Ctx& ctx, const std::string& name) {
    auto& se = ctx.side_effects[name];
    if (!se) {
        se = std::make_shared<SideEffect>();
        se->kind = SideEffect::Kind::collection;
    } else if (se->kind != SideEffect::Kind::collection && se->kind != SideEffect::Kind::value) {
        fail(EvalError::Kind::evaluation, "side-effect '" + name + "' is used by incompatible steps",
             "IllegalArgumentException");
    }
    return se;
}

// TraversalSideEffects.add(key, products) as AggregateGlobalStep/AggregateLocalStep call it: addAll
// and assign take the BulkSet, every other reducer folds the products in one by one.
void apply_batch(Ctx& ctx, SideEffect& se, Batch& batch) {
    Operator op = se.op >= 0 ? static_cast<Operator>(se.op) : Operator::add_all;
    if (op == Operator::add_all || op == Operator::assign) {
        if (se.kind == SideEffect::Kind::value) {
            // withSideEffect(key, initial[, addAll|assign]): the initial value becomes the collection
            Value init = std::move(se.value);
            se.value = Value();
            se.kind = SideEffect::Kind::collection;
            se.collection.clear();
            se.container = Type::bulk_set;
            if (op == Operator::add_all && !init.is_null()) {
                if (!is_collection(init)) not_map_or_collection(init, Value::bulk_set({}));
                se.container = init.type();
                if (init.type() == Type::bulk_set) {
                    for (std::size_t i = 0; i + 1 < init.size(); i += 2)
                        se.collection.push_back(
                            Traverser{Obj(init[i]), init[i + 1].to_int64(), nullptr, 0, nullptr});
                } else {
                    for (const auto& v : init.kids())
                        se.collection.push_back(Traverser{Obj(v), 1, nullptr, 0, nullptr});
                }
            }
        }
        if (op == Operator::assign) {
            se.collection.clear();
            se.container = Type::bulk_set;
        }
        for (auto& [v, b] : batch)
            se.collection.push_back(Traverser{Obj(std::move(v)), b, nullptr, 0, nullptr});
        return;
    }
    if (se.kind != SideEffect::Kind::value)
        fail(EvalError::Kind::evaluation, "side-effect reducer does not apply to a collection",
             "IllegalArgumentException");
    for (const auto& [v, b] : batch)
        for (std::int64_t i = 0; i < b; ++i) {
            ctx.tick();
            se.value = apply_operator(op, se.value, v);
        }
}

void build_aggregate(StepSite& site) {
    const Instr& in = site.in;
    std::size_t i = 0;
    bool local = in.name == "store";
    if (in.name == "aggregate" && in.args.size() == 2 && is_enum_arg(in.args[0], EnumKind::scope)) {
        local = in.args[0].v.str() == "local";
        i = 1;
    }
    if (in.args.size() != i + 1 || in.args[i].t || in.args[i].v.type() != Type::string) site.bad_args();
    std::string name = in.args[i].v.str();
    // more than one by(): 4.0 refuses it (AggregateStep), 3.7 keeps the last (Dialect::single_by_modulator)
    std::optional<By> by;
    for (const Instr* m : site.mods) {
        if (m->name != "by") site.bad_args();
        if (by && compiling_dialect().single_by_modulator)
            fail(EvalError::Kind::evaluation, "Aggregate step can only have one by modulator",
                 "IllegalStateException");
        by = site.by(*m);
    }
    By b = by ? *by : By{};
    auto produce = [](Ctx& ctx, ByRt& rt, const Traverser& t, Batch& batch) {
        Obj o;
        if (!rt.apply(ctx, t, o)) return;  // unproductive: nothing is aggregated
        batch_add(batch, o.el ? to_value(ctx, o) : std::move(o.v), t.bulk);
    };
    if (local) {
        // AggregateLocalStep: each traverser's product goes in as it passes
        site.add([name, b, produce](Ctx& ctx) {
            auto se = aggregate_target(ctx, name);
            auto rt = std::make_shared<ByRt>(ctx, b);
            auto st = std::make_unique<MapFnStep>();
            Ctx* c = &ctx;
            st->fn = [se, rt, c, produce](Traverser& t) {
                Batch batch;
                produce(*c, *rt, t, batch);
                apply_batch(*c, *se, batch);
                return true;
            };
            return std::unique_ptr<Step>(std::move(st));
        });
        return;
    }
    // AggregateGlobalStep: a barrier; the products of all its input go in at once, then the input
    // streams on
    site.add([name, b, produce](Ctx& ctx) {
        auto se = aggregate_target(ctx, name);
        auto rt = std::make_shared<ByRt>(ctx, b);
        auto st = std::make_unique<CollectStep>();
        st->merge = true;  // its TraverserSet merges equal traversers (AggregateGlobalStep.processAllStarts)
        Ctx* c = &ctx;
        st->finish = [se, rt, c, produce](std::vector<Traverser>& items) {
            Batch batch;
            for (const auto& t : items) produce(*c, *rt, t, batch);
            apply_batch(*c, *se, batch);
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- fail -------------------------------------------------------------------------------------------

void build_fail(StepSite& site) {
    const Instr& in = site.in;
    if (!site.mods.empty() || in.args.size() > 1 ||
        (in.args.size() == 1 && (in.args[0].t || in.args[0].v.type() != Type::string)))
        site.bad_args();
    std::string msg = in.args.empty() ? std::string("fail() step triggered") : in.args[0].v.str();
    site.add([msg](Ctx&) {
        auto st = std::make_unique<MapFnStep>();
        st->fn = [msg](Traverser&) -> bool { fail(EvalError::Kind::evaluation, msg, "FailException"); };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- subgraph ---------------------------------------------------------------------------------------

// subgraph('sg') (SubgraphStep): each edge, with its two vertices, is added (once, by id, with every
// property) to the Graph the side effect holds; the side effect exists, empty, from the start.
void build_subgraph(StepSite& site) {
    const Instr& in = site.in;
    if (!site.mods.empty() || in.args.size() != 1 || in.args[0].t || in.args[0].v.type() != Type::string)
        site.bad_args();
    std::string name = in.args[0].v.str();
    site.add([name](Ctx& ctx) {
        auto& slot = ctx.side_effects[name];
        if (!slot) {
            slot = std::make_shared<SideEffect>();
            slot->kind = SideEffect::Kind::value;
            slot->value = Value::graph(Value::list({}), Value::list({}));
        } else if (slot->kind != SideEffect::Kind::value || slot->value.type() != Type::graph) {
            fail(EvalError::Kind::evaluation, "side-effect '" + name + "' is used by incompatible steps",
                 "IllegalArgumentException");
        }
        std::shared_ptr<SideEffect> se = slot;
        auto ids = std::make_shared<std::unordered_set<Value, model::ValueHash>>();
        auto st = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        st->fn = [se, ids, c](Traverser& t) {
            Ctx& ctx = *c;
            const ElementRec* el = as_element(ctx, t.obj);
            if (!el || el->kind != ElKind::edge) {
                const std::string cls = t.obj.v.is_null() && !t.obj.el ? "null" : java_class(ctx, t.obj);
                fail(EvalError::Kind::evaluation,
                     "subgraph() requires Edge input but encountered " + cls.substr(cls.rfind('.') + 1) +
                         "; use an edge step such as outE(), inE(), or bothE()",
                     "IllegalStateException");
            }
            const auto* e = static_cast<const EdgeRec*>(el);
            auto add = [&](const ElementRec& x, std::size_t part, const Value& key) {
                if (!ids->insert(key).second) return;
                se->value.kids()[part].kids().push_back(materialize_element(x, false));
            };
            const auto& vs = ctx.snap->vertices;
            add(vs[e->out_v], 0, Value::list({Value::int_(0), vs[e->out_v].id}));
            add(vs[e->in_v], 0, Value::list({Value::int_(0), vs[e->in_v].id}));
            add(*e, 1, Value::list({Value::int_(1), e->id}));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
    if (compiling_dialect().side_effect_barriers) site.add(side_effect_barrier());
}

// ---- source options ---------------------------------------------------------------------------------

[[noreturn]] void source_bad_args(const Instr& in, const std::string& where) {
    std::string types, vals;
    for (std::size_t i = 0; i < in.args.size(); ++i) {
        if (i) {
            types += ", ";
            vals += ", ";
        }
        types += in.args[i].t
                     ? std::string(
                           "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.DefaultGraphTraversal")
                     : java_number_class(in.args[i].v);
        vals += in.args[i].t ? std::string("[GraphStep...]") : in.args[i].v.to_string();
    }
    fail(EvalError::Kind::evaluation,
         "No signature of method: org.apache.tinkerpop.gremlin.process.traversal.dsl.graph."
         "GraphTraversalSource." +
             in.name + "() is applicable for argument types: (" + types + ") values: [" + vals + "] at " +
             where + " " + std::to_string(in.pos),
         "MissingMethodException");
}

Sack& source_sack(SourceOptions& o) {
    if (!o.sack) o.sack = std::make_shared<Sack>();
    return *o.sack;
}

}  // namespace

Plan::Factory side_effect_barrier() {
    return [](Ctx&) {
        auto s = std::make_unique<CollectStep>();
        s->merge = false;  // runtime.hpp says why
        return std::unique_ptr<Step>(std::move(s));
    };
}

// ---- public -----------------------------------------------------------------------------------------

std::optional<Operator> operator_of(const Value& v) {
    if (v.type() != Type::enum_ || v.enum_kind() != EnumKind::operator_) return std::nullopt;
    static const std::pair<const char*, Operator> names[] = {
        {"sum", Operator::sum},        {"minus", Operator::minus},     {"mult", Operator::mult},
        {"div", Operator::div},        {"min", Operator::min},         {"max", Operator::max},
        {"assign", Operator::assign},  {"and", Operator::and_},        {"or", Operator::or_},
        {"addAll", Operator::add_all}, {"sumLong", Operator::sum_long}};
    for (const auto& [name, op] : names)
        if (v.str() == name) return op;
    return std::nullopt;
}

Value apply_operator(Operator op, const Value& a, const Value& b) {
    switch (op) {
        case Operator::sum:
            return a.is_null() || b.is_null() ? a : arith('+', a, b);
        case Operator::minus:
            return a.is_null() || b.is_null() ? a : arith('-', a, b);
        case Operator::mult:
            return a.is_null() || b.is_null() ? a : arith('*', a, b);
        case Operator::div:
            return a.is_null() || b.is_null() ? a : arith('/', a, b);
        case Operator::min:
            return min_max(true, a, b);
        case Operator::max:
            return min_max(false, a, b);
        case Operator::assign:
            return b;
        case Operator::and_:
            return logic(true, a, b);
        case Operator::or_:
            return logic(false, a, b);
        case Operator::add_all:
            return add_all(a, b);
        case Operator::sum_long:
            if (a.type() != Type::long_) not_a(a, "java.lang.Long");
            if (b.type() != Type::long_) not_a(b, "java.lang.Long");
            return Value::long_(static_cast<std::int64_t>(static_cast<std::uint64_t>(a.as_int()) +
                                                          static_cast<std::uint64_t>(b.as_int())));
    }
    return b;
}

const Value& sack_value(const Traverser& t) {
    static const Value none;
    return t.sack ? t.sack->value : none;
}

void set_sack(Traverser& t, Value v) {
    auto s = std::make_shared<Sack>();
    if (t.sack) {
        s->merge = t.sack->merge;
        s->one_bulk = t.sack->one_bulk;
    }
    s->value = std::move(v);
    t.sack = std::move(s);
}

void merge_traverser(Traverser& into, const Traverser& from) {
    if (!into.sack) {
        into.bulk += from.bulk;
        return;
    }
    if (!into.sack->one_bulk) into.bulk += from.bulk;
    if (into.sack->merge >= 0 && !into.sack->value.is_null())
        set_sack(into,
                 apply_operator(static_cast<Operator>(into.sack->merge), into.sack->value, sack_value(from)));
}

bool sidefx_source_option(const Instr& in, const std::string& where, SourceOptions& o) {
    if (in.name == "withSack") {
        if (in.args.empty() || in.args.size() > 2) source_bad_args(in, where);
        for (const auto& a : in.args)
            if (!a.t && a.v.type() == Type::lambda) no_lambdas("withSack()");
        if (in.args[0].t) source_bad_args(in, where);
        Sack& s = source_sack(o);
        s.value = in.args[0].v;
        s.merge = -1;
        if (in.args.size() == 2) {
            // withSack(v, Operator): a BinaryOperator is the merge operator (a split operator is a
            // UnaryOperator: a lambda)
            auto op = operator_of(in.args[1].v);
            if (in.args[1].t || !op) source_bad_args(in, where);
            s.merge = static_cast<std::int8_t>(*op);
        }
        return true;
    }
    if (in.name == "withBulk") {
        if (in.args.size() != 1 || in.args[0].t || in.args[0].v.type() != Type::boolean)
            source_bad_args(in, where);
        source_sack(o).one_bulk = !in.args[0].v.as_bool();
        return true;
    }
    if (in.name == "withSideEffect") {
        if (in.args.size() < 2 || in.args.size() > 3 || in.args[0].t || in.args[0].v.type() != Type::string)
            source_bad_args(in, where);
        for (const auto& a : in.args)
            if (!a.t && a.v.type() == Type::lambda) no_lambdas("withSideEffect()");
        if (in.args[1].t) source_bad_args(in, where);
        const std::string& key = in.args[0].v.str();
        std::int8_t reducer = -1;
        if (in.args.size() == 3) {
            auto op = operator_of(in.args[2].v);
            if (in.args[2].t || !op) source_bad_args(in, where);
            reducer = static_cast<std::int8_t>(*op);
        }
        // a later withSideEffect of the same key replaces the earlier one
        std::erase_if(o.side_effects, [&](const auto& kv) { return kv.first == key; });
        std::erase_if(o.side_effect_reducers, [&](const auto& kr) { return kr.first == key; });
        o.side_effects.emplace_back(key, in.args[1].v);
        if (reducer >= 0) o.side_effect_reducers.emplace_back(key, reducer);
        return true;
    }
    return false;
}

void apply_sidefx_options(Ctx& ctx, const SourceOptions& o) {
    for (const auto& [k, v] : o.side_effects) {
        auto se = std::make_shared<SideEffect>();
        se->kind = SideEffect::Kind::value;
        se->value = v;
        ctx.side_effects[k] = se;
    }
    for (const auto& [k, op] : o.side_effect_reducers) ctx.side_effects[k]->op = op;
    ctx.sack0 = o.sack;
}

bool is_sidefx_step(const std::string& n) {
    return n == "sack" || n == "aggregate" || n == "store" || n == "barrier" || n == "fail" ||
           n == "subgraph";
}

void build_sidefx_step(StepSite& site) {
    const std::string& n = site.in.name;
    if (n == "sack") return build_sack(site);
    if (n == "barrier") return build_barrier(site);
    if (n == "fail") return build_fail(site);
    if (n == "subgraph") return build_subgraph(site);
    build_aggregate(site);
}

}  // namespace tpbench::server::detail
