// Shared runtime helpers for the step evaluator: objects, paths, predicates, merging, side effects.
#include "runtime.hpp"
#include "steps_sidefx.hpp"

#include <algorithm>
#include <cmath>
#include <regex>
#include <unordered_set>

namespace tpbench::server::detail {

using model::Type;
using model::Value;

void fail(EvalError::Kind kind, std::string message, std::string exception) {
    if (exception.empty()) {
        switch (kind) {
            case EvalError::Kind::syntax:
                exception = "MultipleCompilationErrorsException";
                break;
            case EvalError::Kind::timeout:
                exception = "TimeoutException";
                break;
            case EvalError::Kind::unsupported:
                exception = "MissingMethodException";
                break;
            case EvalError::Kind::evaluation:
                exception = "IllegalArgumentException";
                break;
        }
    }
    throw EvalFailure{EvalError{kind, std::move(message), std::move(exception)}};
}

void Ctx::check_deadline() {
    ticks = 0;
    if (deadline && std::chrono::steady_clock::now() >= *deadline)
        fail(EvalError::Kind::timeout, "evaluation exceeded its timeout", "TimeoutException");
}

// dedup(), sample(), groupCount(), sack() with more than one by(): real 3.7.5 keeps the
// last (g.V().both().hasLabel('software').dedup().by('lang').by('name') gives 2 names).
void one_by_modulator(std::vector<By>& byv, const std::string& step, const std::string& message,
                      const char* exception) {
    if (byv.size() <= 1) return;
    if (compiling_dialect().single_by_modulator)
        fail(EvalError::Kind::evaluation,
             message.empty() ? step + " step can only have one by modulator" : message, exception);
    By last = std::move(byv.back());
    byv.clear();
    byv.push_back(std::move(last));
}

// ---- objects ------------------------------------------------------------------------------------

Value to_value(Ctx& ctx, const Obj& o) {
    if (o.el) return materialize_element(*o.el, ctx.tokens);
    return o.v;
}

bool obj_equal(const Obj& a, const Obj& b) {
    if (a.el || b.el) return a.el == b.el;
    return a.v == b.v;
}

std::size_t obj_hash(const Obj& o) {
    if (o.el) return std::hash<const void*>{}(o.el) * 31 + 7;
    return o.v.hash();
}

const ElementRec* as_element(Ctx& ctx, const Obj& o) {
    if (o.el) return o.el;
    const Snapshot& s = *ctx.snap;
    switch (o.v.type()) {
        case Type::vertex:
            return s.find_vertex(o.v.id());
        case Type::edge:
            return s.find_edge(o.v.id());
        case Type::vertex_property:
            for (const auto& v : s.vertices)
                for (const auto& p : v.props)
                    if (id_key(p.id) == id_key(o.v.id())) return &p;
            return nullptr;
        default:
            return nullptr;
    }
}

namespace {

bool is_integral(const Value& v) {
    switch (v.type()) {
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
            return true;
        default:
            return false;
    }
}

// Element identity: kind + id, for records and materialised values alike.
bool element_ident(const Obj& o, int& kind, Value& id) {
    if (o.el) {
        kind = static_cast<int>(o.el->kind);
        switch (o.el->kind) {
            case ElKind::vertex:
                id = static_cast<const VertexRec*>(o.el)->id;
                break;
            case ElKind::edge:
                id = static_cast<const EdgeRec*>(o.el)->id;
                break;
            case ElKind::vertex_property:
                id = static_cast<const VPropRec*>(o.el)->id;
                break;
        }
        return true;
    }
    switch (o.v.type()) {
        case Type::vertex:
            kind = 0;
            id = o.v.id();
            return true;
        case Type::edge:
            kind = 1;
            id = o.v.id();
            return true;
        case Type::vertex_property:
            kind = 2;
            id = o.v.id();
            return true;
        default:
            return false;
    }
}

bool value_eq(const Value& a, const Value& b) {
    if (a.is_number() && b.is_number()) {
        if (is_integral(a) && is_integral(b)) return a.as_int() == b.as_int();
        return a.to_double() == b.to_double();
    }
    if (a.type() != b.type()) return false;
    if (a.type() == Type::list || a.type() == Type::set) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!value_eq(a[i], b[i])) return false;
        return true;
    }
    return a == b;
}

// <0, 0, >0, or 2 when the two are not comparable (P.lt etc. then evaluate to false).
bool is_nan(const Value& v) {
    return (v.type() == Type::double_ || v.type() == Type::float_) && std::isnan(v.as_double());
}

int value_cmp(const Value& a, const Value& b) {
    if (a.is_null() && b.is_null()) return 0;
    if (a.is_number() && b.is_number()) return is_nan(a) || is_nan(b) ? 2 : compare(a, b);
    if (a.type() != b.type()) return 2;
    switch (a.type()) {
        case Type::string:
        case Type::char_:
        case Type::boolean:
        case Type::date:
        case Type::timestamp:
        case Type::uuid:
        case Type::duration:  // Comparable, compared with its own class (java.time.Duration)
            return compare(a, b);
        default:
            return 2;
    }
}

}  // namespace

bool gremlin_eq(Ctx& ctx, const Obj& a, const Obj& b) {
    int ka, kb;
    Value ia, ib;
    bool ea = element_ident(a, ka, ia), eb = element_ident(b, kb, ib);
    if (ea || eb) return ea && eb && ka == kb && value_eq(ia, ib);
    return value_eq(a.v, b.v);
}

int obj_compare(Ctx& ctx, const Obj& a, const Obj& b) {
    int ka, kb;
    Value ia, ib;
    bool ea = element_ident(a, ka, ia), eb = element_ident(b, kb, ib);
    if (ea && eb) return compare(ia, ib);
    const Value& x = ea ? to_value(ctx, a) : a.v;
    const Value& y = eb ? to_value(ctx, b) : b.v;
    // Orderability: NaN sorts above every other number (+Infinity included)
    if (x.is_number() && y.is_number() && (is_nan(x) || is_nan(y))) return is_nan(x) - is_nan(y);
    return compare(x, y);
}

bool test_p(Ctx& ctx, const Value& p, const Obj& o) {
    const std::string& n = p.str();
    if (p.type() == Type::text_p) {
        const Value& v = o.el ? Value() : o.v;
        if (v.type() != Type::string || p.size() < 1 || p[0].type() != Type::string) return false;
        const std::string& s = v.str();
        const std::string& a = p[0].str();
        auto starts = [&] { return s.compare(0, a.size(), a) == 0; };
        auto ends = [&] { return s.size() >= a.size() && s.compare(s.size() - a.size(), a.size(), a) == 0; };
        if (n == "containing") return s.find(a) != std::string::npos;
        if (n == "notContaining") return s.find(a) == std::string::npos;
        if (n == "startingWith") return starts();
        if (n == "notStartingWith") return !starts();
        if (n == "endingWith") return ends();
        if (n == "notEndingWith") return !ends();
        if (n == "regex" || n == "notRegex") {
            // std::regex matches recursively: bound the inputs so a hostile pattern cannot blow the stack.
            if (a.size() > 1000 || s.size() > 65536)
                fail(EvalError::Kind::evaluation,
                     "regex() pattern or subject too long (limits 1000 / 65536 bytes)",
                     "IllegalArgumentException");
            try {
                bool m = std::regex_search(s, std::regex(a));
                return n == "regex" ? m : !m;
            } catch (const std::regex_error&) {
                fail(EvalError::Kind::evaluation, "invalid regular expression '" + a + "'",
                     "PatternSyntaxException");
            }
        }
        fail(EvalError::Kind::unsupported, "unsupported TextP predicate '" + n + "'");
    }
    if (p.type() != Type::p) fail(EvalError::Kind::evaluation, "expected a predicate, got " + p.to_string());
    if (n == "and" || n == "or") {
        if (p.size() != 2) fail(EvalError::Kind::evaluation, "P." + n + " needs two predicates");
        bool l = test_p(ctx, p[0], o);
        if (n == "and" && !l) return false;
        if (n == "or" && l) return true;
        return test_p(ctx, p[1], o);
    }
    if (n == "not") {
        if (p.size() != 1) fail(EvalError::Kind::evaluation, "P.not needs one predicate");
        // not(ERROR) is ERROR: false
        bool outer = ctx.type_error;
        ctx.type_error = false;
        bool r = test_p(ctx, p[0], o);
        bool err = ctx.type_error;
        ctx.type_error = outer || err;
        return !err && !r;
    }
    auto arg = [&](std::size_t i) -> const Value& {
        if (i >= p.size()) fail(EvalError::Kind::evaluation, "P." + n + " is missing an argument");
        return p[i];
    };
    auto eq = [&](const Value& x) { return gremlin_eq(ctx, o, Obj(x)); };
    auto cmp = [&](const Value& x) -> int {
        int k;
        Value id;
        int c = element_ident(o, k, id) ? value_cmp(id, x) : value_cmp(o.v, x);
        // 3.7's ternary logic: ERROR, which not() keeps; 3.8/4.0: plain false (Dialect::binary_comparability)
        if (c == 2 && !ctx.dialect->binary_comparability) ctx.type_error = true;
        return c;
    };
    if (n == "~never") return false;  // a predicate whose child traversal yielded nothing
    if (n == "typeOf") {              // 3.8/4.0 CompareType.typeOf: a GType or a registered class name
        const Value& g = arg(0);
        if (g.is_null()) return !o.el && o.v.is_null();
        if (is_gtype(g)) return gtype_matches(ctx, o, gtype_name(g));
        if (g.type() == Type::string) {
            auto reg = gtype_of_registered(g.str());
            if (!reg)
                fail(EvalError::Kind::evaluation, g.str() + " is not a registered type",
                     "IllegalArgumentException");
            return gtype_matches(ctx, o, *reg);
        }
        fail(EvalError::Kind::evaluation, "P.typeOf() takes a GType or a type name",
             "IllegalArgumentException");
    }
    if (n == "eq") return eq(arg(0));
    if (n == "neq") return !eq(arg(0));
    if (n == "lt") {
        int c = cmp(arg(0));
        return c != 2 && c < 0;
    }
    if (n == "lte") {
        int c = cmp(arg(0));
        return c != 2 && c <= 0;
    }
    if (n == "gt") {
        int c = cmp(arg(0));
        return c != 2 && c > 0;
    }
    if (n == "gte") {
        int c = cmp(arg(0));
        return c != 2 && c >= 0;
    }
    if (n == "between") {
        int a = cmp(arg(0)), b = cmp(arg(1));
        return a != 2 && b != 2 && a >= 0 && b < 0;
    }
    if (n == "inside") {
        int a = cmp(arg(0)), b = cmp(arg(1));
        return a != 2 && b != 2 && a > 0 && b < 0;
    }
    if (n == "outside") {
        int a = cmp(arg(0)), b = cmp(arg(1));
        return (a != 2 && a < 0) || (b != 2 && b > 0);
    }
    if (n == "within" || n == "without") {
        bool found = false;
        auto scan = [&](const Value& x) {
            if (x.type() == Type::list || x.type() == Type::set) {
                for (const auto& y : x.kids())
                    if (eq(y)) return true;
                return false;
            }
            if (x.type() == Type::bulk_set) {
                for (std::size_t i = 0; i < x.size(); i += 2)
                    if (eq(x[i])) return true;
                return false;
            }
            return eq(x);
        };
        for (const auto& x : p.kids())
            if (scan(x)) {
                found = true;
                break;
            }
        return n == "within" ? found : !found;
    }
    fail(EvalError::Kind::unsupported, "unsupported predicate P." + n);
}

void property_values(Ctx& ctx, const Obj& o, const std::vector<std::string>& keys, std::vector<Value>& out) {
    const ElementRec* el = as_element(ctx, o);
    auto wanted = [&](const std::string& k) {
        return keys.empty() || std::find(keys.begin(), keys.end(), k) != keys.end();
    };
    if (!el) {
        if (o.v.type() == Type::property) {
            out.push_back(o.v[1]);
            return;
        }
        fail(EvalError::Kind::evaluation,
             "The provided object does not have properties: " + o.v.to_string() + " (" +
                 std::string(model::type_name(o.v.type())) + ")",
             "IllegalArgumentException");
    }
    if (el->kind == ElKind::vertex) {
        const auto& v = *static_cast<const VertexRec*>(el);
        if (keys.size() <= 1 || keys.empty()) {
            for (const auto& p : v.props)
                if (wanted(p.key)) out.push_back(p.value);
            return;
        }
        // values('a','b'): TinkerGraph yields per requested key order within each vertex's props.
        for (const auto& p : v.props)
            if (wanted(p.key)) out.push_back(p.value);
    } else if (el->kind == ElKind::edge) {
        for (const auto& [k, val] : static_cast<const EdgeRec*>(el)->props)
            if (wanted(k)) out.push_back(val);
    } else {
        for (const auto& [k, val] : static_cast<const VPropRec*>(el)->meta)
            if (wanted(k)) out.push_back(val);
    }
}

bool key_value(Ctx& ctx, const Obj& o, const std::string& key, Obj& out) {
    if (!o.el && o.v.type() == Type::map) {
        for (std::size_t i = 0; i + 1 < o.v.size(); i += 2)
            if (o.v[i].type() == Type::string && o.v[i].str() == key) {
                out = Obj(o.v[i + 1]);
                return true;
            }
        return false;
    }
    std::vector<Value> vals;
    property_values(ctx, o, {key}, vals);
    if (vals.empty()) return false;
    out = Obj(std::move(vals.front()));
    return true;
}

Token token_of(const std::string& name) {
    if (name == "id") return Token::id;
    if (name == "label") return Token::label;
    if (name == "key") return Token::key;
    if (name == "value") return Token::value;
    if (name == "keys") return Token::keys;
    if (name == "values") return Token::values;
    fail(EvalError::Kind::evaluation, "'" + name + "' is not a T or Column token",
         "IllegalArgumentException");
}

const char* token_name(Token t) {
    switch (t) {
        case Token::id:
            return "id";
        case Token::label:
            return "label";
        case Token::key:
            return "key";
        case Token::value:
            return "value";
        case Token::keys:
            return "keys";
        case Token::values:
            return "values";
    }
    return "?";
}

Obj token_value(Ctx& ctx, const Obj& o, const std::string& token) {
    return token_value(ctx, o, token_of(token));
}

Obj token_value(Ctx& ctx, const Obj& o, Token token) {
    const ElementRec* el = as_element(ctx, o);
    if (!el) {
        if (o.v.type() == Type::property) {
            if (token == Token::key) return Obj(o.v[0]);
            if (token == Token::value) return Obj(o.v[1]);
        }
        if (o.v.type() == Type::map && (token == Token::keys || token == Token::values)) {
            // Column.keys / Column.values: of a map entry (order(local) over a map, unfold()) the
            // key or value; of a whole map the keys or values
            std::size_t off = token == Token::keys ? 0 : 1;
            if (o.v.size() == 2) return Obj(o.v[off]);
            std::vector<Value> xs;
            for (std::size_t i = off; i < o.v.size(); i += 2) xs.push_back(o.v[i]);
            return Obj(Value::list(std::move(xs)));
        }
        fail(EvalError::Kind::evaluation,
             std::string("The provided object does not have accessible T.") + token_name(token) + ": " +
                 o.v.to_string(),
             "IllegalArgumentException");
    }
    switch (el->kind) {
        case ElKind::vertex: {
            const auto& v = *static_cast<const VertexRec*>(el);
            if (token == Token::id) return Obj(v.id);
            if (token == Token::label) return Obj(Value::string(v.label));
            break;
        }
        case ElKind::edge: {
            const auto& e = *static_cast<const EdgeRec*>(el);
            if (token == Token::id) return Obj(e.id);
            if (token == Token::label) return Obj(Value::string(e.label));
            break;
        }
        case ElKind::vertex_property: {
            const auto& p = *static_cast<const VPropRec*>(el);
            if (token == Token::id) return Obj(p.id);
            if (token == Token::label || token == Token::key) return Obj(Value::string(p.key));
            if (token == Token::value) return Obj(p.value);
            break;
        }
    }
    fail(EvalError::Kind::evaluation,
         std::string("T.") + token_name(token) + " is not available on this element",
         "IllegalArgumentException");
}

// ---- BigDecimal ----------------------------------------------------------------------------------

namespace {
__extension__ typedef unsigned __int128 BigU128;
constexpr BigInt128 kBigMax = static_cast<BigInt128>(~static_cast<BigU128>(0) >> 1);

bool mul_ovf(BigInt128 a, BigInt128 b, BigInt128& r) { return __builtin_mul_overflow(a, b, &r); }
bool rescale(BigInt128& u, std::int32_t from, std::int32_t to) {
    for (std::int32_t i = from; i < to; ++i)
        if (mul_ovf(u, 10, u)) return false;
    return true;
}
}  // namespace

bool bigdec_parts(const Value& v, BigInt128& unscaled, std::int32_t& scale) {
    switch (v.type()) {
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
            unscaled = v.as_int();
            scale = 0;
            return true;
        case Type::big_decimal: {
            const std::string& b = v.str();
            if (b.empty() || b.size() > 16) return false;
            BigU128 u = (static_cast<unsigned char>(b[0]) & 0x80) ? ~static_cast<BigU128>(0) : 0;
            for (unsigned char c : b) u = (u << 8) | c;
            unscaled = static_cast<BigInt128>(u);
            scale = static_cast<std::int32_t>(v.as_int());
            return scale >= 0 && scale <= 60;
        }
        default:
            return false;
    }
}

Value bigdec_make(BigInt128 x, std::int32_t scale) {
    std::string out;
    for (;;) {
        auto b = static_cast<unsigned char>(static_cast<BigU128>(x) & 0xff);
        out.insert(out.begin(), static_cast<char>(b));
        BigInt128 rest = x >> 8;
        bool sign = (b & 0x80) != 0;
        if ((rest == 0 && !sign) || (rest == -1 && sign)) break;
        x = rest;
    }
    return Value::big_decimal(scale, std::move(out));
}

std::optional<Value> bigdec_arith(char op, const Value& a, const Value& b) {
    BigInt128 x, y;
    std::int32_t sx, sy;
    if (!bigdec_parts(a, x, sx) || !bigdec_parts(b, y, sy)) return std::nullopt;
    BigInt128 r;
    if (op == '*') {
        if (mul_ovf(x, y, r) || sx + sy > 60) return std::nullopt;
        return bigdec_make(r, sx + sy);
    }
    std::int32_t s = std::max(sx, sy);
    if (!rescale(x, sx, s) || !rescale(y, sy, s)) return std::nullopt;
    bool ovf = op == '+' ? __builtin_add_overflow(x, y, &r) : __builtin_sub_overflow(x, y, &r);
    if (ovf) return std::nullopt;
    return bigdec_make(r, s);
}

std::optional<Value> bigdec_div(const Value& a, const Value& b) {
    BigInt128 x, y;
    std::int32_t sx, sy;
    if (!bigdec_parts(a, x, sx) || !bigdec_parts(b, y, sy) || y == 0) return std::nullopt;
    bool neg = (x < 0) != (y < 0);
    BigU128 ux = x < 0 ? static_cast<BigU128>(-x) : static_cast<BigU128>(x);
    BigU128 uy = y < 0 ? static_cast<BigU128>(-y) : static_cast<BigU128>(y);
    // value = (ux / uy) * 10^(sy - sx); produce digits at scale `scale`
    const std::int32_t preferred = sx - sy;
    const std::int32_t limit = std::max({sx, sy, 10});
    // numerator scaled so the quotient has scale `q_scale`: ux * 10^(q_scale - preferred) / uy
    auto quotient = [&](std::int32_t q_scale, BigU128& q, BigU128& rem) {
        BigU128 n = ux, d = uy;
        std::int32_t k = q_scale - preferred;
        for (; k > 0; --k) {
            if (n > (static_cast<BigU128>(kBigMax) / 10)) return false;
            n *= 10;
        }
        for (; k < 0; ++k) {
            if (d > (static_cast<BigU128>(kBigMax) / 10)) return false;
            d *= 10;
        }
        q = n / d;
        rem = n % d;
        return true;
    };
    BigU128 q = 0, rem = 0;
    std::int32_t scale = std::max(preferred, 0);
    // exact: the smallest scale >= preferred (and >= 0) at which the division terminates
    for (; scale <= limit; ++scale) {
        if (!quotient(scale, q, rem)) return std::nullopt;
        if (rem == 0) break;
    }
    if (rem != 0) {
        scale = limit;
        if (!quotient(scale, q, rem)) return std::nullopt;
        BigU128 n2 = rem * 2;
        // compare 2*rem with the divisor used at this scale
        BigU128 d = uy;
        for (std::int32_t k = scale - preferred; k < 0; ++k) d *= 10;
        if (n2 >= d) ++q;
    }
    if (q > static_cast<BigU128>(kBigMax)) return std::nullopt;
    BigInt128 sq = static_cast<BigInt128>(q);
    return bigdec_make(neg ? -sq : sq, scale);
}

// ---- paths --------------------------------------------------------------------------------------

void advance(Ctx& ctx, Traverser& t, Obj o) {
    if (ctx.path_mode == PathMode::full) {
        auto n = std::make_shared<PathNode>();
        n->obj = o;
        n->prev = std::move(t.path);
        t.path = std::move(n);
    }
    t.obj = std::move(o);
}

void fresh_path(Ctx& ctx, Traverser& t) {
    t.sack = ctx.sack0;  // a generated traverser starts with the initial sack (withSack)
    t.path.reset();
    if (ctx.path_mode == PathMode::full) {
        auto n = std::make_shared<PathNode>();
        n->obj = t.obj;
        t.path = std::move(n);
    }
}

void add_label(Ctx& ctx, Traverser& t, const std::string& label) {
    if (ctx.path_mode == PathMode::none) return;
    auto n = std::make_shared<PathNode>();
    if (ctx.path_mode == PathMode::full && t.path) {
        *n = *t.path;
        n->labels.push_back(label);
    } else {
        n->obj = t.obj;
        n->labels.push_back(label);
        n->prev = t.path;
    }
    t.path = std::move(n);
}

Pop pop_of(const std::string& name) {
    if (name == "first") return Pop::first;
    if (name == "last") return Pop::last;
    if (name == "all") return Pop::all;
    if (name == "mixed") return Pop::mixed;
    fail(EvalError::Kind::evaluation, "'" + name + "' is not a Pop", "IllegalArgumentException");
}

bool path_get(Ctx& ctx, const Traverser& t, const std::string& label, const std::string& pop, Obj& out) {
    return path_get(ctx, t, label, pop_of(pop), out);
}

bool path_get(Ctx& ctx, const Traverser& t, const std::string& label, Pop pop, Obj& out) {
    std::vector<const PathNode*> hits;
    for (const PathNode* n = t.path.get(); n; n = n->prev.get()) {
        if (std::find(n->labels.begin(), n->labels.end(), label) == n->labels.end()) continue;
        if (pop == Pop::last) {
            out = n->obj;
            return true;
        }
        hits.push_back(n);
    }
    if (hits.empty()) return false;
    if (pop == Pop::first || (pop == Pop::mixed && hits.size() == 1)) {  // mixed: a list only for several
        out = hits.back()->obj;
        return true;
    }
    std::vector<Value> all;
    for (auto it = hits.rbegin(); it != hits.rend(); ++it) all.push_back(to_value(ctx, (*it)->obj));
    out = Obj(Value::list(std::move(all)));
    return true;
}

Value path_value(Ctx& ctx, const Traverser& t) {
    std::vector<const PathNode*> nodes;
    for (const PathNode* n = t.path.get(); n; n = n->prev.get()) nodes.push_back(n);
    std::vector<Value> labels, objects;
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        std::vector<Value> ls;
        for (const auto& l : (*it)->labels) ls.push_back(Value::string(l));
        labels.push_back(Value::set(std::move(ls)));
        objects.push_back(to_value(ctx, (*it)->obj));
    }
    return Value::path(Value::list(std::move(labels)), Value::list(std::move(objects)));
}

bool scope_get(Ctx& ctx, const Traverser& t, const std::string& key, const std::string& pop, Obj& out) {
    return scope_get(ctx, t, key, pop_of(pop), out);
}

bool scope_get(Ctx& ctx, const Traverser& t, const std::string& key, Pop pop, Obj& out) {
    if (!t.obj.el && t.obj.v.type() == Type::map) {
        for (std::size_t i = 0; i + 1 < t.obj.v.size(); i += 2)
            if (t.obj.v[i].type() == Type::string && t.obj.v[i].str() == key) {
                out = Obj(t.obj.v[i + 1]);
                return true;
            }
    }
    auto se = ctx.side_effects.find(key);
    if (se != ctx.side_effects.end()) {
        out = Obj(se->second->finalize(ctx));
        return true;
    }
    return path_get(ctx, t, key, pop, out);
}

// ---- merging --------------------------------------------------------------------------------------

std::size_t MergeSet::hash_of(const Traverser& t) const {
    const void* path = ignore_paths_ ? nullptr : t.path.get();
    return obj_hash(t.obj) ^ (std::hash<const void*>{}(path)*1315423911u) ^ (t.loops * 2654435761u);
}

void MergeSet::add(Traverser t) {
    if (sack_blocks_merge(t)) {  // a sack without a merge operator: never merged (TinkerPop)
        items_.push_back(std::move(t));
        return;
    }
    std::size_t h = hash_of(t);
    auto [b, e] = index_.equal_range(h);
    for (auto it = b; it != e; ++it) {
        if (it->second < head_) continue;  // popped
        Traverser& x = items_[it->second];
        if ((ignore_paths_ || x.path == t.path) && x.loops == t.loops && obj_equal(x.obj, t.obj)) {
            if (x.sack)
                merge_traverser(x, t);
            else
                x.bulk += t.bulk;
            return;
        }
    }
    index_.emplace(h, static_cast<std::uint32_t>(items_.size()));
    items_.push_back(std::move(t));
}

bool MergeSet::pop_front(Traverser& out) {
    if (head_ == items_.size()) return false;
    out = std::move(items_[head_++]);
    if (head_ == items_.size()) {
        clear();
    } else if (head_ >= 1024 && head_ * 2 >= items_.size()) {
        // compact: drop the popped entries and index the rest again
        items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
        index_.clear();
        for (std::uint32_t i = 0; i < items_.size(); ++i)
            if (!sack_blocks_merge(items_[i])) index_.emplace(hash_of(items_[i]), i);
    }
    return true;
}

// ---- by() -----------------------------------------------------------------------------------------

ByRt::ByRt(Ctx& ctx, By b) : by(std::move(b)) {
    if (by.kind == By::Kind::traversal) pipe = by.plan->instantiate(ctx);
}

bool ByRt::apply(Ctx& ctx, const Traverser& t, Obj& out) {
    if (ctx.productive_by && !apply_plain(ctx, t, out)) {
        out = Obj(Value());
        return true;
    }
    return ctx.productive_by || apply_plain(ctx, t, out);
}

bool ByRt::apply_plain(Ctx& ctx, const Traverser& t, Obj& out) {
    switch (by.kind) {
        case By::Kind::identity:
            out = t.obj;
            return true;
        case By::Kind::key:
            return key_value(ctx, t.obj, by.name, out);
        case By::Kind::token:
            out = token_value(ctx, t.obj, by.token);
            return true;
        case By::Kind::traversal: {
            Traverser s = t;
            s.bulk = 1;
            pipe->start_with(s);
            Traverser r;
            if (!pipe->next(r)) return false;
            out = std::move(r.obj);
            return true;
        }
    }
    return false;
}

// ---- side effects -----------------------------------------------------------------------------------

std::uint32_t SideEffect::slot(const Value& key) {
    auto it = index.find(key);
    if (it != index.end()) return it->second;
    auto n = static_cast<std::uint32_t>(keys.size());
    keys.push_back(key);
    index.emplace(key, n);
    if (kind == Kind::group)
        groups.emplace_back();
    else
        counts.push_back(0);
    return n;
}

namespace {
// group()/groupCount() results are java.util.HashMaps on a real server: entries in its iteration
// order (so select(values), unfold() and the wire order match Gremlin Server's).
Value java_ordered_map(std::vector<Value> kv) {
    std::vector<std::pair<std::int32_t, std::uint32_t>> order;
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2)
        order.emplace_back(java_hash(kv[i]), static_cast<std::uint32_t>(i));
    java_hash_order(order);
    std::vector<Value> out;
    out.reserve(kv.size());
    for (const auto& [h, i] : order) {
        out.push_back(std::move(kv[i]));
        out.push_back(std::move(kv[i + 1]));
    }
    return Value::map(std::move(out));
}
}  // namespace

Value SideEffect::finalize(Ctx& ctx) const {
    switch (kind) {
        case Kind::group_count: {
            std::vector<Value> kv;
            for (std::size_t i = 0; i < keys.size(); ++i) {
                kv.push_back(keys[i]);
                kv.push_back(Value::long_(counts[i]));
            }
            return java_ordered_map(std::move(kv));
        }
        case Kind::group: {
            std::vector<Value> kv;
            std::unique_ptr<Pipeline> pipe;
            if (reducer) pipe = reducer->instantiate(ctx);
            // keys in the HashMap's order, as GroupStep reduces them (a seeded sample() in the value
            // traversal draws in that order)
            std::vector<std::pair<std::int32_t, std::uint32_t>> order;
            for (std::size_t i = 0; i < keys.size(); ++i)
                order.emplace_back(java_hash(keys[i]), static_cast<std::uint32_t>(i));
            java_hash_order(order);
            for (const auto& [h, i] : order) {
                if (!pipe) {
                    std::vector<Value> items;
                    for (const auto& t : groups[i]) {
                        Value v = to_value(ctx, t.obj);
                        for (std::int64_t b = 0; b < t.bulk; ++b) items.push_back(v);
                    }
                    kv.push_back(keys[i]);
                    kv.push_back(Value::list(std::move(items)));
                    continue;
                }
                pipe->reset();
                for (const auto& t : groups[i]) pipe->push(t);
                Traverser r;
                if (reducer->reducing) {
                    if (!pipe->next(r)) continue;  // e.g. sum() over nothing: the key is omitted
                    kv.push_back(keys[i]);
                    kv.push_back(to_value(ctx, r.obj));
                } else if (fold_values) {
                    std::vector<Value> items;
                    while (pipe->next(r)) {
                        Value v = to_value(ctx, r.obj);
                        for (std::int64_t b = 0; b < r.bulk; ++b) items.push_back(v);
                    }
                    kv.push_back(keys[i]);
                    kv.push_back(Value::list(std::move(items)));
                } else {
                    // A by(traversal) without a reducing step keeps one object, as Gremlin Server
                    // 3.7.5 answers: after a collecting barrier (order()) the first result, otherwise
                    // the last (each member overwrites the value).
                    bool any = false;
                    Traverser keep;
                    while (pipe->next(r)) {
                        if (!any || !reducer->has_barrier) keep = r;
                        any = true;
                        if (reducer->has_barrier) break;
                    }
                    if (!any) continue;  // no value: the key is omitted
                    kv.push_back(keys[i]);
                    kv.push_back(to_value(ctx, keep.obj));
                }
            }
            if (value.type() == Type::map) {
                // withSideEffect(key, map) then group(key): the initial entries first, a key in both
                // gets the initial list followed by the group's (the fold's addAll)
                std::vector<Value> merged = value.kids();
                for (std::size_t i = 0; i + 1 < kv.size(); i += 2) {
                    bool found = false;
                    for (std::size_t j = 0; j + 1 < merged.size(); j += 2)
                        if (merged[j] == kv[i]) {
                            found = true;
                            Value& mv = merged[j + 1];
                            if (mv.type() == Type::list && kv[i + 1].type() == Type::list)
                                for (const auto& x : kv[i + 1].kids()) mv.kids().push_back(x);
                            else
                                mv = kv[i + 1];
                        }
                    if (!found) {
                        merged.push_back(kv[i]);
                        merged.push_back(kv[i + 1]);
                    }
                }
                return Value::map(std::move(merged));
            }
            return java_ordered_map(std::move(kv));
        }
        case Kind::collection: {
            // aggregate()/store() collect into a BulkSet (equal objects counted once, with a bulk),
            // which is what a 3.7 server sends for cap('x'); into withSideEffect's list or set.
            if (container == Type::list || container == Type::set) {
                std::vector<Value> items;
                std::unordered_set<Value, model::ValueHash> seen;
                for (const auto& t : collection) {
                    Value v = to_value(ctx, t.obj);
                    if (container == Type::set) {
                        if (seen.insert(v).second) items.push_back(std::move(v));
                        continue;
                    }
                    for (std::int64_t b = 1; b < t.bulk; ++b) items.push_back(v);
                    items.push_back(std::move(v));
                }
                return container == Type::set ? Value::set(std::move(items)) : Value::list(std::move(items));
            }
            std::vector<Value> kv;
            std::unordered_map<Value, std::size_t, model::ValueHash> at;
            for (const auto& t : collection) {
                Value v = to_value(ctx, t.obj);
                auto [it, fresh] = at.emplace(v, kv.size());
                if (fresh) {
                    kv.push_back(std::move(v));
                    kv.push_back(Value::long_(t.bulk));
                } else {
                    kv[it->second + 1] = Value::long_(kv[it->second + 1].as_int() + t.bulk);
                }
            }
            return Value::bulk_set(std::move(kv));
        }
        case Kind::value:
            return value;
        case Kind::tree:
            return tree.value(ctx);
    }
    return Value();
}

std::shared_ptr<SideEffect> side_effect(Ctx& ctx, const std::string& name, SideEffect::Kind kind) {
    auto& se = ctx.side_effects[name];
    if (!se) {
        se = std::make_shared<SideEffect>();
        se->kind = kind;
    } else if (se->kind != kind) {
        if (se->kind == SideEffect::Kind::value && kind == SideEffect::Kind::collection &&
            (se->value.type() == Type::list || se->value.type() == Type::set)) {
            // withSideEffect('x', [..]) then aggregate('x'): keep the initial items.
            for (const auto& v : se->value.kids())
                se->collection.push_back(Traverser{Obj(v), 1, nullptr, 0, nullptr});
            se->container = se->value.type();
            se->kind = kind;
        } else if (se->kind == SideEffect::Kind::value && kind == SideEffect::Kind::group &&
                   se->value.type() == Type::map) {
            se->kind = kind;  // withSideEffect('a', [k: [v]]) then group('a'): finalize() merges the map
        } else {
            fail(EvalError::Kind::evaluation, "side-effect '" + name + "' is used by incompatible steps",
                 "IllegalArgumentException");
        }
    }
    return se;
}

// ---- pipelines ------------------------------------------------------------------------------------

void Pipeline::reset() { tail_->reset(); }

void Pipeline::push(const Traverser& t) { start_->push(t); }

void Pipeline::start_with(const Traverser& t) {
    tail_->reset();
    start_->push(t);
}

std::unique_ptr<Pipeline> Plan::instantiate(Ctx& ctx) const {
    auto p = std::make_unique<Pipeline>();
    auto start = std::make_unique<StartStep>();
    start->ctx_ = &ctx;
    p->start_ = start.get();
    p->tail_ = instantiate_on(ctx, std::move(start));
    return p;
}

std::unique_ptr<Step> Plan::instantiate_on(Ctx& ctx, std::unique_ptr<Step> input) const {
    for (const auto& f : steps) {
        auto s = f(ctx);
        s->ctx_ = &ctx;
        s->input_ = std::move(input);
        input = std::move(s);
    }
    return input;
}

// ---- SubgraphStrategy / PartitionStrategy ------------------------------------------------------------

bool filter_visible(Ctx& ctx, const ElementRec* el) {
    ElementFilter& f = *ctx.filter;
    if (f.busy || !el) return true;
    auto it = f.cache.find(el);
    if (it != f.cache.end()) return it->second;
    auto in_partition = [&](const Value* v) {
        if (!v) return false;
        for (const auto& r : f.read_partitions)
            if (*v == r) return true;
        return false;
    };
    auto run = [&](const PlanPtr& plan, std::unique_ptr<Pipeline>& pipe) {
        if (!plan) return true;
        if (!pipe) pipe = plan->instantiate(ctx);
        f.busy = true;
        bool ok = false;
        try {
            Traverser t;
            t.obj = Obj(el);
            ok = pipe->any(t);
        } catch (...) {
            f.busy = false;
            throw;
        }
        f.busy = false;
        return ok;
    };
    bool ok = true;
    if (el->kind == ElKind::vertex) {
        const auto& v = *static_cast<const VertexRec*>(el);
        if (!f.partition_key.empty()) {
            const Value* pv = nullptr;
            for (const auto& p : v.props)
                if (p.key == f.partition_key) pv = &p.value;
            ok = in_partition(pv);
        }
        if (ok) ok = run(f.vertices, f.vpipe);
    } else if (el->kind == ElKind::edge) {
        const auto& e = *static_cast<const EdgeRec*>(el);
        if (!f.partition_key.empty()) {
            const Value* pv = nullptr;
            for (const auto& [k, val] : e.props)
                if (k == f.partition_key) pv = &val;
            ok = in_partition(pv);
        }
        if (ok) ok = run(f.edges, f.epipe);
        // SubgraphStrategy's checkAdjacentVertices; PartitionStrategy filters an edge by its own
        // partition only (bothE() from a vertex of partition a sees an edge of a to a vertex of b)
        if (ok && f.check_adjacent && f.vertices) {
            ok = filter_visible(ctx, &e.snap->out_vertex(e)) && filter_visible(ctx, &e.snap->in_vertex(e));
        }
    } else {
        const auto& p = *static_cast<const VPropRec*>(el);
        if (!f.partition_key.empty() && p.key == f.partition_key) ok = false;
        if (ok) ok = run(f.vertex_properties, f.vppipe);
    }
    f.cache.emplace(el, ok);
    return ok;
}

}  // namespace tpbench::server::detail
