// The 3.7 string steps (toUpper … asString, concat, format) and list steps (conjoin, all, any,
// merge, combine, intersect, difference, disjunct, product, index) with TinkerPop 3.7.3's
// semantics and messages (ListFunction, StringLocalStep, the *GlobalStep classes): null passes
// through string steps, paths are iterable, set results are deduplicated with Java equality.
#include "steps_site.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <memory>
#include <unordered_set>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

std::string java_class(Ctx& ctx, const Obj& o) {
    (void)ctx;
    if (o.el) {
        switch (o.el->kind) {
            case ElKind::vertex:
                return "class org.apache.tinkerpop.gremlin.tinkergraph.structure.TinkerVertex";
            case ElKind::edge:
                return "class org.apache.tinkerpop.gremlin.tinkergraph.structure.TinkerEdge";
            default:
                return "class org.apache.tinkerpop.gremlin.tinkergraph.structure.TinkerVertexProperty";
        }
    }
    switch (o.v.type()) {
        case Type::null:
            return "null";
        case Type::boolean:
            return "class java.lang.Boolean";
        case Type::byte:
            return "class java.lang.Byte";
        case Type::short_:
            return "class java.lang.Short";
        case Type::int_:
            return "class java.lang.Integer";
        case Type::long_:
            return "class java.lang.Long";
        case Type::float_:
            return "class java.lang.Float";
        case Type::double_:
            return "class java.lang.Double";
        case Type::big_integer:
            return "class java.math.BigInteger";
        case Type::big_decimal:
            return "class java.math.BigDecimal";
        case Type::char_:
            return "class java.lang.Character";
        case Type::string:
            return "class java.lang.String";
        case Type::uuid:
            return "class java.util.UUID";
        case Type::date:
            return "class java.util.Date";
        case Type::timestamp:
            return "class java.sql.Timestamp";
        case Type::list:
            return "class java.util.ArrayList";
        case Type::set:
            return "class java.util.LinkedHashSet";
        case Type::map:
            return "class java.util.LinkedHashMap";
        case Type::bulk_set:
            return "class org.apache.tinkerpop.gremlin.process.traversal.step.util.BulkSet";
        case Type::vertex:
            return "class org.apache.tinkerpop.gremlin.structure.util.reference.ReferenceVertex";
        case Type::edge:
            return "class org.apache.tinkerpop.gremlin.structure.util.reference.ReferenceEdge";
        case Type::vertex_property:
            return "class org.apache.tinkerpop.gremlin.structure.util.reference.ReferenceVertexProperty";
        case Type::property:
            return "class org.apache.tinkerpop.gremlin.structure.util.reference.ReferenceProperty";
        case Type::path:
            return "class org.apache.tinkerpop.gremlin.process.traversal.step.util.ImmutablePath";
        default:
            return "class " + std::string(model::type_name(o.v.type()));
    }
}

namespace {

constexpr std::size_t kMaxProduct = 10'000'000;

// Java's Double.toString / Float.toString: the shortest digits that read back, as "29.0", "0.5",
// "1.0E10", "1.0E-4" (scientific below 10^-3 and from 10^7 on).
std::string java_double(double d, bool is_float) {
    if (std::isnan(d)) return "NaN";
    if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
    if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";
    char buf[64];
    int prec = 1;
    for (; prec <= 17; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*e", prec - 1, d);
        double back = std::strtod(buf, nullptr);
        if (is_float ? static_cast<float>(back) == static_cast<float>(d) : back == d) break;
    }
    std::string e = buf;  // [-]d.ddde[+-]XX
    bool neg = e[0] == '-';
    if (neg) e.erase(0, 1);
    std::size_t epos = e.find('e');
    int exp = std::atoi(e.c_str() + epos + 1);
    std::string digits = e.substr(0, epos);
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    std::string out;
    double a = std::fabs(d);
    if (a >= 1e-3 && a < 1e7) {
        if (exp >= 0) {
            std::string ip = digits.substr(0, std::min(digits.size(), static_cast<std::size_t>(exp) + 1));
            while (ip.size() < static_cast<std::size_t>(exp) + 1) ip += '0';
            std::string fp = digits.size() > ip.size() ? digits.substr(ip.size()) : "0";
            out = ip + "." + fp;
        } else {
            out = "0." + std::string(static_cast<std::size_t>(-exp - 1), '0') + digits;
        }
    } else {
        out = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") + "E" +
              std::to_string(exp);
    }
    return neg ? "-" + out : out;
}

// Java's String.valueOf for asString()/conjoin()/concat()/format(): 29 -> "29", 1.0 -> "1.0".
std::string java_string(const Value& v) {
    switch (v.type()) {
        case Type::string:
        case Type::char_:
            return v.str();
        case Type::null:
            return "null";
        case Type::boolean:
            return v.as_bool() ? "true" : "false";
        case Type::double_:
        case Type::float_:
            return java_double(v.as_double(), v.type() == Type::float_);
        case Type::graph:  // TinkerGraph.toString(); 4.0's TinkerMemoryGraph (Dialect::tinker_memory_graph)
            return std::string(compiling_dialect().tinker_memory_graph ? "tinkermemorygraph"
                                                                       : "tinkergraph") +
                   "[vertices:" + std::to_string(v[0].size()) + " edges:" + std::to_string(v[1].size()) + "]";
        default:
            return v.to_string();
    }
}

std::string obj_string(Ctx& ctx, const Obj& o) { return java_string(o.el ? to_value(ctx, o) : o.v); }

// Character.isWhitespace over UTF-8: ASCII controls \t..\r, \x1c..\x1f, space, and the Unicode
// space/line/paragraph separators except the no-break ones (U+00A0, U+2007, U+202F).
bool java_whitespace(std::uint32_t c) {
    if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return true;
    if (c == 0x1680 || (c >= 0x2000 && c <= 0x2006) || (c >= 0x2008 && c <= 0x200a)) return true;
    return c == 0x2028 || c == 0x2029 || c == 0x205f || c == 0x3000;
}

std::uint32_t decode_at(const std::string& s, std::size_t i, std::size_t& n) {
    auto c = static_cast<unsigned char>(s[i]);
    n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (i + n > s.size()) {
        n = 1;
        return c;
    }
    if (n == 1) return c;
    std::uint32_t cp = c & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    return cp;
}

// UTF-8 code points of s (for length/substring/reverse; exact for the BMP).
std::vector<std::string> code_points(const std::string& s) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t n;
        decode_at(s, i, n);
        out.push_back(s.substr(i, n));
        i += n;
    }
    return out;
}

std::string trimmed(const std::string& x, bool left, bool right) {
    auto cps = code_points(x);
    std::size_t b = 0, e = cps.size();
    auto ws = [&](std::size_t k) {
        std::size_t n;
        return java_whitespace(decode_at(cps[k], 0, n));
    };
    if (left)
        while (b < e && ws(b)) ++b;
    if (right)
        while (e > b && ws(e - 1)) --e;
    std::string r;
    for (std::size_t k = b; k < e; ++k) r += cps[k];
    return r;
}

std::string ascii_case(std::string s, bool upper) {
    for (auto& c : s)
        if (static_cast<unsigned char>(c) < 0x80)
            c = static_cast<char>(upper ? std::toupper(c) : std::tolower(c));
    return s;
}

bool iterable_items(const Obj& o, std::vector<Value>& out) {
    if (o.el) return false;
    const Value& v = o.v;
    switch (v.type()) {
        case Type::list:
        case Type::set:
            out = v.kids();
            return true;
        case Type::bulk_set:
            out.clear();
            for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                for (std::int64_t b = 0; b < v[i + 1].as_int(); ++b) out.push_back(v[i]);
            return true;
        case Type::path:
            out = v.size() > 1 ? v[1].kids() : std::vector<Value>{};
            return true;
        default:
            return false;
    }
}

[[noreturn]] void illegal(const std::string& msg) {
    fail(EvalError::Kind::evaluation, msg, "IllegalArgumentException");
}

bool is_null(const Obj& o) { return !o.el && o.v.is_null(); }

// ListFunction.convertTraverserToCollection / convertArgumentToCollection /
// convertTraversalToCollection.
std::vector<Value> incoming_collection(Ctx& ctx, const Obj& o, const std::string& step) {
    std::vector<Value> out;
    if (is_null(o)) illegal("Incoming traverser for " + step + " step can't be null.");
    if (!iterable_items(o, out))
        illegal(step +
                " step can only take an array or an Iterable type for incoming traversers, encountered " +
                java_class(ctx, o));
    return out;
}

std::vector<Value> argument_collection(Ctx& ctx, const Value& v, const std::string& step) {
    std::vector<Value> out;
    if (v.is_null()) illegal("Argument provided for " + step + " step can't be null.");
    if (!iterable_items(Obj(v), out))
        illegal(step + " step can only take an array or an Iterable as an argument, encountered " +
                java_class(ctx, Obj(v)));
    return out;
}

std::vector<Value> traversal_collection(Ctx& ctx, const Obj& r, const std::string& step) {
    std::vector<Value> out;
    if (is_null(r))
        illegal("Provided traversal argument for " + step + " step must yield an iterable type, not null");
    if (!iterable_items(r, out))
        illegal("Provided traversal argument for " + step +
                " step must yield an iterable type, encountered " + java_class(ctx, r));
    return out;
}

// TraversalUtil.apply: the first result of the child traversal started from `t`.
Obj apply_child(Ctx& ctx, Pipeline& pipe, const Traverser& t, const std::string& step) {
    Traverser s0 = t;
    s0.bulk = 1;
    pipe.start_with(s0);
    Traverser r;
    if (!pipe.next(r))
        illegal("The provided traverser does not map to a value: " + obj_string(ctx, t.obj) + "->" + step +
                "() argument traversal");
    return r.obj;
}

// Java's HashSet over values (hash lookups: large lists stay linear).
using ValueSet = std::unordered_set<Value, model::ValueHash>;

std::vector<Value> dedup(std::vector<Value> xs) {
    ValueSet seen;
    std::vector<Value> out;
    out.reserve(xs.size());
    for (auto& x : xs)
        if (seen.insert(x).second) out.push_back(std::move(x));
    return out;
}

Plan::Factory map_factory(std::function<bool(Ctx&, Traverser&)> fn) {
    return [fn](Ctx& ctx) {
        auto s = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        s->fn = [fn, c](Traverser& t) { return fn(*c, t); };
        return std::unique_ptr<Step>(std::move(s));
    };
}

// A pipeline per step instance for each traversal argument (instantiated lazily per Ctx).
struct Pipes {
    std::vector<PlanPtr> plans;
    std::vector<std::unique_ptr<Pipeline>> pipes;
    Pipeline& at(Ctx& ctx, std::size_t i) {
        if (pipes.size() < plans.size()) pipes.resize(plans.size());
        if (!pipes[i]) pipes[i] = plans[i]->instantiate(ctx);
        return *pipes[i];
    }
};

}  // namespace

// ---- string steps ---------------------------------------------------------------------------------

namespace {

enum class SOp : std::uint8_t {
    to_upper,
    to_lower,
    length,
    trim,
    ltrim,
    rtrim,
    reverse,
    substring,
    replace,
    split,
    as_string,
    concat
};

SOp sop_of(const std::string& n) {
    static const std::pair<const char*, SOp> ops[] = {
        {"toUpper", SOp::to_upper}, {"toLower", SOp::to_lower},    {"length", SOp::length},
        {"trim", SOp::trim},        {"lTrim", SOp::ltrim},         {"rTrim", SOp::rtrim},
        {"reverse", SOp::reverse},  {"substring", SOp::substring}, {"replace", SOp::replace},
        {"split", SOp::split},      {"asString", SOp::as_string},  {"concat", SOp::concat}};
    for (const auto& [name, op] : ops)
        if (n == name) return op;
    fail(EvalError::Kind::unsupported, "unsupported step '" + n + "'", "MissingMethodException");
}

}  // namespace

void build_string_step(StepSite& site) {
    const Instr& in = site.in;
    const std::string name = in.name;
    std::size_t a0 = 0;
    bool local = false;
    if (!in.args.empty() && !in.args[0].t && in.args[0].v.type() == Type::enum_ &&
        in.args[0].v.enum_kind() == EnumKind::scope) {
        local = in.args[0].v.str() == "local";
        a0 = 1;
    }
    std::vector<Arg> args(in.args.begin() + static_cast<std::ptrdiff_t>(a0), in.args.end());
    auto plans = std::make_shared<std::vector<PlanPtr>>();
    for (const auto& a : args) {
        if (a.t && name != "concat") site.bad_args();
        if (a.t) plans->push_back(site.child(a));
    }
    auto need_args = [&](std::size_t lo, std::size_t hi) {
        if (args.size() < lo || args.size() > hi) site.bad_args();
    };
    if (name == "substring")
        need_args(1, 2);
    else if (name == "replace")
        need_args(2, 2);
    else if (name == "split")
        need_args(1, 1);
    else if (name != "concat")
        need_args(0, 0);
    if (name == "substring")
        for (const auto& a : args)
            if (!a.v.is_number()) site.bad_args();
    // concat's literal arguments: their non-null parts joined once (ConcatStep.stringArgsResult)
    std::string literal_tail;
    bool literal_null = true;
    if (name == "concat")
        for (const auto& a : args)
            if (!a.t && !a.v.is_null()) {
                literal_tail += java_string(a.v);
                literal_null = false;
            }
    const std::string step_name = name + (local ? "(local)" : "()");
    const SOp op = sop_of(name);
    const bool split_chars = compiling_dialect().split_empty_chars;
    const bool null_string_refused = compiling_dialect().as_string_null_refused;

    site.add([op, args, plans, local, step_name, literal_tail, literal_null, split_chars,
              null_string_refused](Ctx& ctx) {
        auto pipes = std::make_shared<Pipes>();
        pipes->plans = *plans;
        auto st = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        st->fn = [=](Traverser& t) {
            Ctx& ctx = *c;
            // the operation on one string
            auto apply = [&](const std::string& x) -> Value {
                if (op == SOp::to_upper || op == SOp::to_lower)
                    return Value::string(ascii_case(x, op == SOp::to_upper));
                if (op == SOp::length) return Value::int_(static_cast<std::int32_t>(code_points(x).size()));
                if (op == SOp::trim) return Value::string(trimmed(x, true, true));
                if (op == SOp::ltrim) return Value::string(trimmed(x, true, false));
                if (op == SOp::rtrim) return Value::string(trimmed(x, false, true));
                if (op == SOp::reverse) {
                    auto cps = code_points(x);
                    std::string r;
                    for (auto it = cps.rbegin(); it != cps.rend(); ++it) r += *it;
                    return Value::string(r);
                }
                if (op == SOp::substring) {
                    auto cps = code_points(x);
                    auto len = static_cast<std::int64_t>(cps.size());
                    std::int64_t b = args[0].v.to_int64();
                    if (b < 0) b = std::max<std::int64_t>(0, len + b);
                    std::int64_t e = args.size() > 1 ? args[1].v.to_int64() : len;
                    if (e < 0) e = len + e;
                    b = std::min(b, len);
                    e = std::min(std::max(e, b), len);
                    std::string r;
                    for (auto i = b; i < e; ++i) r += cps[static_cast<std::size_t>(i)];
                    return Value::string(r);
                }
                if (op == SOp::replace) {
                    if (args[0].v.type() != Type::string) return Value::string(x);
                    const std::string& from = args[0].v.str();
                    std::string to = args[1].v.type() == Type::string ? args[1].v.str() : "";
                    if (from.empty()) return Value::string(x);
                    std::string r;
                    std::size_t i = 0;
                    for (std::size_t k; (k = x.find(from, i)) != std::string::npos; i = k + from.size())
                        r += x.substr(i, k - i) + to;
                    return Value::string(r + x.substr(i));
                }
                if (op == SOp::split) {
                    std::vector<Value> parts;
                    const Value& sep = args[0].v;
                    // a null or empty separator splits on whitespace, as StringUtils does; 4.0's
                    // StringUtil.split cuts at every character on an empty one (Dialect::split_empty_chars)
                    if (split_chars && sep.type() == Type::string && sep.str().empty()) {
                        for (const auto& cp : code_points(x)) parts.push_back(Value::string(cp));
                        if (parts.empty()) parts.push_back(Value::string(""));  // "".split("") is [""]
                    } else if (sep.is_null() || (sep.type() == Type::string && sep.str().empty())) {
                        std::size_t i = 0;
                        while (i < x.size()) {
                            while (i < x.size() && std::isspace(static_cast<unsigned char>(x[i]))) ++i;
                            std::size_t b = i;
                            while (i < x.size() && !std::isspace(static_cast<unsigned char>(x[i]))) ++i;
                            if (i > b) parts.push_back(Value::string(x.substr(b, i - b)));
                        }
                    } else if (sep.type() == Type::string) {
                        // StringUtils.splitByWholeSeparator: empty tokens are dropped
                        const std::string& d = sep.str();
                        std::size_t i = 0;
                        for (;;) {
                            std::size_t k = x.find(d, i);
                            std::string part =
                                x.substr(i, k == std::string::npos ? std::string::npos : k - i);
                            if (!part.empty()) parts.push_back(Value::string(part));
                            if (k == std::string::npos) break;
                            i = k + d.size();
                        }
                    } else {
                        for (const auto& cp : code_points(x)) parts.push_back(Value::string(cp));
                    }
                    return Value::list(std::move(parts));
                }
                return Value::string(x);
            };
            Value v = to_value(ctx, t.obj);
            Value out;
            if (op == SOp::as_string) {
                auto as = [&](const Value& x) {
                    // 4.0 refuses null (Dialect::as_string_null_refused); 3.7 passes it on
                    if (x.is_null() && null_string_refused) illegal("Can't parse null as String.");
                    return x.is_null() ? x : Value::string(java_string(x));
                };
                std::vector<Value> items;
                if (local && !v.is_null() && iterable_items(Obj(v), items)) {
                    for (auto& x : items) x = as(x);
                    out = Value::list(std::move(items));
                } else {
                    out = as(v);
                }
            } else if (op == SOp::concat) {
                if (!v.is_null() && v.type() != Type::string)
                    illegal("String concat() can only take string as argument, encountered " +
                            java_class(ctx, t.obj));
                bool all_null = v.is_null() && literal_null;
                std::string r = v.is_null() ? "" : v.str();
                std::size_t pi = 0;
                for (const auto& a : args) {
                    if (!a.t) continue;
                    Pipeline& pipe = pipes->at(ctx, pi++);
                    Obj res = apply_child(ctx, pipe, t, "concat");
                    Value w = res.el ? to_value(ctx, res) : res.v;
                    if (!w.is_null()) {
                        r += java_string(w);
                        all_null = false;
                    }
                }
                r += literal_tail;
                out = all_null ? Value() : Value::string(r);
            } else if (op == SOp::reverse) {
                std::vector<Value> items;
                if (v.is_null())
                    out = v;
                else if (v.type() == Type::string)
                    out = apply(v.str());
                else if (iterable_items(Obj(v), items)) {
                    std::reverse(items.begin(), items.end());
                    out = Value::list(std::move(items));
                } else {
                    out = v;
                }
            } else if (local) {
                std::vector<Value> items;
                if (v.is_null()) {
                    out = v;
                } else if (v.type() == Type::string) {
                    out = apply(v.str());
                } else if (iterable_items(Obj(v), items)) {
                    for (auto& x : items) {
                        if (x.is_null()) continue;
                        if (x.type() != Type::string)
                            illegal("The " + step_name +
                                    " step can only take string or list of strings, encountered " +
                                    java_class(ctx, Obj(x)) + " in list");
                        x = apply(x.str());
                    }
                    out = Value::list(std::move(items));
                } else {
                    illegal("The " + step_name +
                            " step can only take string or list of strings, encountered " +
                            java_class(ctx, t.obj));
                }
            } else {
                if (v.is_null()) {
                    out = v;
                } else if (v.type() != Type::string) {
                    illegal("The " + step_name + " step can only take string as argument, encountered " +
                            java_class(ctx, t.obj));
                } else {
                    out = apply(v.str());
                }
            }
            advance(ctx, t, Obj(std::move(out)));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- list steps -------------------------------------------------------------------------------------

namespace {
enum class LOp : std::uint8_t { merge, combine, product, intersect, difference, disjunct };
}  // namespace

void build_list_step(StepSite& site) {
    const Instr& in = site.in;
    const std::string name = in.name;
    if (name == "none" && in.args.empty()) {  // 3.7's discard()
        site.add(map_factory([](Ctx&, Traverser&) { return false; }));
        return;
    }
    // all(P) / any(P) / none(P) (3.8/4.0, Dialect::new_steps): a collection whose items all / some / none
    // match; anything else is filtered out. 4.0's child traversal operands are resolved against the
    // traverser first (P.resolve).
    if (name == "all" || name == "any" || name == "none") {
        if (in.args.size() != 1 || in.args[0].t || (name == "none" && !compiling_dialect().new_steps))
            site.bad_args();
        Value pred = in.args[0].v;
        if (pred.type() != Type::p && pred.type() != Type::text_p) pred = Value::p("eq", {pred});
        const int want = name == "all" ? 0 : name == "any" ? 1 : 2;
        site.add_pred_fn(pred, [want](Ctx& ctx, Traverser& t, const Value& p) {
            std::vector<Value> xs;
            if (!iterable_items(t.obj, xs)) return false;
            for (const auto& x : xs) {
                const bool m = test_p(ctx, p, Obj(x));
                if (want == 0 && !m) return false;
                if (want == 1 && m) return true;
                if (want == 2 && m) return false;
            }
            return want != 1;
        });
        return;
    }
    if (name == "conjoin") {
        if (in.args.size() != 1 || in.args[0].t) site.bad_args();
        if (in.args[0].v.is_null()) illegal("Input delimiter to conjoin step can't be null.");
        if (in.args[0].v.type() != Type::string) site.bad_args();
        std::string d = in.args[0].v.str();
        site.add(map_factory([d](Ctx& ctx, Traverser& t) {
            auto xs = incoming_collection(ctx, t.obj, "conjoin");
            Value out;
            if (xs.empty()) {
                out = Value::string("");
            } else {
                std::string r;
                bool any = false;
                for (const auto& x : xs) {
                    if (x.is_null()) continue;
                    if (any) r += d;
                    any = true;
                    r += java_string(x);
                }
                out = Value::string(r);  // only nulls: "" (ConjoinStep)
            }
            advance(ctx, t, Obj(std::move(out)));
            return true;
        }));
        return;
    }
    if (name == "index") {
        if (!in.args.empty()) site.bad_args();
        bool as_map = false;
        for (const Instr* m : site.mods) {
            if (m->name != "with") continue;
            if (m->args.size() == 2 && !m->args[0].t && m->args[0].v.type() == Type::string &&
                m->args[0].v.str() == "~tinkerpop.index.indexer") {
                const Value& k = m->args[1].v;
                if (m->args[1].t || k.type() != Type::int_ || (k.as_int() != 0 && k.as_int() != 1))
                    illegal(
                        "WithOptions.indexer requires a single Integer argument (possible values are: "
                        "WithOptions.[list|map])");
                as_map = k.as_int() == 1;
            }
        }
        site.add(map_factory([as_map](Ctx& ctx, Traverser& t) {
            std::vector<Value> xs;
            if (!t.obj.el && t.obj.v.type() == Type::map) {
                for (std::size_t i = 0; i + 1 < t.obj.v.size(); i += 2)
                    xs.push_back(Value::map({t.obj.v[i], t.obj.v[i + 1]}));
            } else if (!iterable_items(t.obj, xs)) {
                if (!is_null(t.obj)) xs.push_back(to_value(ctx, t.obj));
            }
            std::vector<Value> out;
            for (std::size_t i = 0; i < xs.size(); ++i) {
                Value idx = Value::int_(static_cast<std::int32_t>(i));
                if (as_map) {
                    out.push_back(idx);
                    out.push_back(std::move(xs[i]));
                } else {
                    out.push_back(Value::list({std::move(xs[i]), idx}));
                }
            }
            advance(ctx, t, Obj(as_map ? Value::map(std::move(out)) : Value::list(std::move(out))));
            return true;
        }));
        return;
    }
    // merge / combine / intersect / difference / disjunct / product: a literal or a traversal
    if (in.args.size() != 1) site.bad_args();
    const LOp op = name == "merge"        ? LOp::merge
                   : name == "combine"    ? LOp::combine
                   : name == "product"    ? LOp::product
                   : name == "intersect"  ? LOp::intersect
                   : name == "difference" ? LOp::difference
                                          : LOp::disjunct;
    Value lit = in.args[0].t ? Value() : in.args[0].v;
    auto plan = std::make_shared<std::vector<PlanPtr>>();
    if (in.args[0].t) plan->push_back(site.child(in.args[0]));
    site.add([name, op, lit, plan](Ctx& ctx) {
        auto pipes = std::make_shared<Pipes>();
        pipes->plans = *plan;
        auto st = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        st->fn = [name, op, lit, pipes, c](Traverser& t) {
            Ctx& ctx = *c;
            bool by_traversal = !pipes->plans.empty();
            auto other = [&]() -> Obj {
                if (by_traversal) return apply_child(ctx, pipes->at(ctx, 0), t, name);
                return Obj(lit);
            };
            if (op == LOp::merge && !t.obj.el && t.obj.v.type() == Type::map) {
                Obj b = other();
                if (b.el || b.v.type() != Type::map)
                    illegal("merge step expected provided argument to evaluate to a Map, encountered " +
                            java_class(ctx, b));
                std::vector<Value> kv = t.obj.v.kids();
                for (std::size_t i = 0; i + 1 < b.v.size(); i += 2) {
                    bool replaced = false;
                    for (std::size_t k = 0; k + 1 < kv.size(); k += 2)
                        if (kv[k] == b.v[i]) {
                            kv[k + 1] = b.v[i + 1];
                            replaced = true;
                            break;
                        }
                    if (!replaced) {
                        kv.push_back(b.v[i]);
                        kv.push_back(b.v[i + 1]);
                    }
                }
                advance(ctx, t, Obj(Value::map(std::move(kv))));
                return true;
            }
            auto a = incoming_collection(ctx, t.obj, name);
            if (op == LOp::merge && !by_traversal && lit.type() == Type::map)
                illegal("merge step type mismatch: expected argument to be Iterable but got Map");
            std::vector<Value> b;
            if (by_traversal)
                b = traversal_collection(ctx, other(), name);
            else
                b = argument_collection(ctx, lit, name);
            std::vector<Value> out;
            if (op == LOp::combine) {
                out = std::move(a);
                out.insert(out.end(), b.begin(), b.end());
                advance(ctx, t, Obj(Value::list(std::move(out))));
                return true;
            }
            if (op == LOp::product) {
                // bounded: the pairs are one list in memory
                if (!a.empty() && b.size() > kMaxProduct / a.size())
                    illegal("product() would make " + std::to_string(a.size()) + " x " +
                            std::to_string(b.size()) + " pairs (limit " + std::to_string(kMaxProduct) + ")");
                out.reserve(a.size() * b.size());
                for (const auto& x : a)
                    for (const auto& y : b) {
                        ctx.tick();
                        out.push_back(Value::list({x, y}));
                    }
                advance(ctx, t, Obj(Value::list(std::move(out))));
                return true;
            }
            if (op == LOp::merge) {
                out = std::move(a);
                out.insert(out.end(), b.begin(), b.end());
            } else if (op == LOp::intersect) {
                ValueSet in_a(a.begin(), a.end());
                for (auto& x : b)
                    if (in_a.count(x)) out.push_back(std::move(x));
            } else if (op == LOp::difference) {
                ValueSet in_b(b.begin(), b.end());
                for (auto& x : a)
                    if (!in_b.count(x)) out.push_back(std::move(x));
            } else {  // disjunct
                ValueSet in_a(a.begin(), a.end()), in_b(b.begin(), b.end());
                for (auto& x : a)
                    if (!in_b.count(x)) out.push_back(std::move(x));
                for (auto& x : b)
                    if (!in_a.count(x)) out.push_back(std::move(x));
            }
            out = dedup(std::move(out));
            advance(ctx, t, Obj(Value::set(std::move(out))));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- format() ---------------------------------------------------------------------------------------

void build_format(StepSite& site) {
    // format('%{name} is %{_}'): element properties, then side effects / map keys / step labels;
    // every %{_} takes the next by() modulator in turn (TraversalRing). An unresolved variable or a
    // null value filters the traverser. The format is split into literal and variable segments once.
    const Instr& in = site.in;
    if (in.args.size() != 1 || in.args[0].t) site.bad_args();
    if (in.args[0].v.is_null()) illegal("Format string for Format step can't be null.");
    if (in.args[0].v.type() != Type::string) site.bad_args();
    struct Segment {
        std::string text;  // literal text, or the variable name
        bool var = false;
        bool current = false;  // %{_}
    };
    std::vector<Segment> segs;
    const std::string fmt = in.args[0].v.str();
    std::string lit;
    for (std::size_t i = 0; i < fmt.size();) {
        bool escaped = i > 0 && fmt[i - 1] == '%';
        if (!escaped && fmt.compare(i, 2, "%{") == 0) {
            std::size_t e = fmt.find('}', i + 2);
            if (e != std::string::npos) {
                if (!lit.empty()) segs.push_back(Segment{std::move(lit), false, false});
                lit.clear();
                std::string var = fmt.substr(i + 2, e - i - 2);
                bool cur = var == "_";
                segs.push_back(Segment{std::move(var), true, cur});
                i = e + 1;
                continue;
            }
        }
        lit += fmt[i++];
    }
    if (!lit.empty()) segs.push_back(Segment{std::move(lit), false, false});
    auto segments = std::make_shared<const std::vector<Segment>>(std::move(segs));
    std::vector<By> bys;
    for (const Instr* m : site.mods)
        if (m->name == "by") bys.push_back(site.by(*m));
    site.need(PathMode::labeled);
    site.add([segments, bys](Ctx& ctx) {
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : bys) rts->emplace_back(ctx, b);
        auto st = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        st->fn = [segments, rts, c](Traverser& t) {
            Ctx& ctx = *c;
            std::string out;
            std::size_t ring = 0;
            for (const auto& sg : *segments) {
                if (!sg.var) {
                    out += sg.text;
                    continue;
                }
                Obj o;
                bool found = false;
                if (sg.current) {
                    if (rts->empty()) {
                        o = t.obj;
                        found = true;
                    } else {
                        found = (*rts)[ring++ % rts->size()].apply(ctx, t, o);
                    }
                } else {
                    if (as_element(ctx, t.obj)) {
                        std::vector<Value> vals;
                        property_values(ctx, t.obj, {sg.text}, vals);
                        if (!vals.empty()) {
                            o = Obj(std::move(vals.front()));
                            found = true;
                        }
                    }
                    if (!found) found = scope_get(ctx, t, sg.text, "last", o);
                }
                if (!found || is_null(o)) return false;
                out += obj_string(ctx, o);
            }
            advance(ctx, t, Obj(Value::string(out)));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// ---- registration -----------------------------------------------------------------------------------

bool is_liststep(const std::string& n) {
    static const char* names[] = {"toUpper",   "toLower",    "length",   "trim",    "lTrim", "rTrim",
                                  "reverse",   "substring",  "concat",   "replace", "split", "asString",
                                  "conjoin",   "all",        "any",      "none",    "merge", "combine",
                                  "intersect", "difference", "disjunct", "product", "index", "format",
                                  "asDate",    "dateAdd",    "dateDiff", "math",    "call"};
    for (const char* x : names)
        if (n == x) return true;
    return false;
}

void build_liststep(StepSite& site) {
    const std::string& n = site.in.name;
    if (n == "format") return build_format(site);
    if (n == "asDate" || n == "dateAdd" || n == "dateDiff") return build_date_step(site);
    if (n == "math") return build_math(site);
    if (n == "call") return build_call(site);
    static const char* list_steps[] = {"conjoin",   "all",        "any",      "none",    "merge", "combine",
                                       "intersect", "difference", "disjunct", "product", "index"};
    for (const char* x : list_steps)
        if (n == x) return build_list_step(site);
    build_string_step(site);
}

}  // namespace tpbench::server::detail
