// Steps and types TinkerPop added after 3.7 (3.8 / 4.0), known only to a 4.0 evaluation
// (Dialect::new_steps; registered with kStepSince38): GType and P.typeOf() (CompareType.typeOf),
// asNumber() / asNumber(GType) (AsNumberStep, NumberHelper.castTo), asBool() (AsBoolStep).
#include "compiler.hpp"
#include "steps_site.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace tpbench::server::detail {

using model::Type;
using model::Value;

namespace {

[[noreturn]] void illegal(const std::string& msg, const char* exc = "IllegalArgumentException") {
    fail(EvalError::Kind::evaluation, msg, exc);
}

// GType's constants (GType.java), in its order.
const char* const kGTypes[] = {
    "BIGDECIMAL", "BIGINT",   "BINARY", "BOOLEAN", "BYTE",   "CHAR", "DATETIME", "DOUBLE", "DURATION",
    "EDGE",       "FLOAT",    "GRAPH",  "INT",     "LIST",   "LONG", "MAP",      "NULL",   "NUMBER",
    "PATH",       "PROPERTY", "SET",    "SHORT",   "STRING", "TREE", "UUID",     "VERTEX", "VPROPERTY"};

bool numeric_gtype(const std::string& g) {
    return g == "BIGDECIMAL" || g == "BIGINT" || g == "BYTE" || g == "DOUBLE" || g == "FLOAT" || g == "INT" ||
           g == "LONG" || g == "NUMBER" || g == "SHORT";
}

// Java's simple class name of a number Value.
const char* number_class(const Value& v) {
    switch (v.type()) {
        case Type::byte:
            return "Byte";
        case Type::short_:
            return "Short";
        case Type::int_:
            return "Integer";
        case Type::long_:
            return "Long";
        case Type::float_:
            return "Float";
        case Type::double_:
            return "Double";
        case Type::big_integer:
            return "BigInteger";
        case Type::big_decimal:
            return "BigDecimal";
        default:
            return "Number";
    }
}

const char* gtype_class(const std::string& g) {
    if (g == "BYTE") return "Byte";
    if (g == "SHORT") return "Short";
    if (g == "INT") return "Integer";
    if (g == "LONG") return "Long";
    if (g == "FLOAT") return "Float";
    if (g == "DOUBLE") return "Double";
    if (g == "BIGINT") return "BigInteger";
    if (g == "BIGDECIMAL") return "BigDecimal";
    return "Number";
}

bool is_integral(const Value& v) {
    return v.type() == Type::byte || v.type() == Type::short_ || v.type() == Type::int_ ||
           v.type() == Type::long_;
}

// Two's complement big-endian bytes <-> 128-bit integers (BigInteger values that fit).
bool big_to_i128(const std::string& b, BigInt128& out) {
    if (b.empty() || b.size() > 16) return false;
    using U = unsigned __int128;
    U u = (static_cast<unsigned char>(b[0]) & 0x80) ? ~static_cast<U>(0) : 0;
    for (unsigned char c : b) u = (u << 8) | c;
    out = static_cast<BigInt128>(u);
    return true;
}
std::string i128_to_big(BigInt128 x) {
    std::string out;
    for (;;) {
        auto b = static_cast<unsigned char>(static_cast<unsigned __int128>(x) & 0xff);
        out.insert(out.begin(), static_cast<char>(b));
        BigInt128 rest = x >> 8;
        bool sign = (b & 0x80) != 0;
        if ((rest == 0 && !sign) || (rest == -1 && sign)) break;
        x = rest;
    }
    return out;
}

// The integral part of a number as a 128-bit integer (Java's longValue() truncation for
// floating point); false when it does not fit.
bool integral_part(const Value& v, BigInt128& out) {
    if (is_integral(v)) {
        out = v.as_int();
        return true;
    }
    if (v.type() == Type::float_ || v.type() == Type::double_) {
        double d = v.as_double();
        if (!std::isfinite(d) || std::fabs(d) >= 1.7e38) return false;
        out = static_cast<BigInt128>(std::trunc(d));
        return true;
    }
    if (v.type() == Type::big_integer) return big_to_i128(v.str(), out);
    if (v.type() == Type::big_decimal) {
        BigInt128 u;
        std::int32_t scale;
        if (!bigdec_parts(v, u, scale)) return false;
        for (int i = 0; i < scale; ++i) u /= 10;
        out = u;
        return true;
    }
    return false;
}

double double_of(const Value& v) {
    if (v.type() == Type::big_integer || v.type() == Type::big_decimal) {
        BigInt128 u;
        std::int32_t scale = 0;
        if (v.type() == Type::big_integer ? big_to_i128(v.str(), u) : bigdec_parts(v, u, scale))
            return static_cast<double>(u) / std::pow(10.0, scale);
        return v.to_double();
    }
    return v.to_double();
}

// BigDecimal.valueOf(double): the shortest decimal that reads back as the double.
Value bigdec_of_double(double d) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, r.ptr);
    BigInt128 u = 0;
    std::int32_t scale = 0, exp = 0;
    bool neg = false, frac = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '-') {
            neg = true;
        } else if (c == '.') {
            frac = true;
        } else if (c == 'e' || c == 'E') {
            exp = std::stoi(s.substr(i + 1));
            break;
        } else {
            u = u * 10 + (c - '0');
            if (frac) ++scale;
        }
    }
    if (!frac && exp == 0) scale = 1, u *= 10;  // Double.toString keeps one fraction digit: 5.0
    scale -= exp;
    while (scale < 0) u *= 10, ++scale;
    return bigdec_make(neg ? -u : u, scale);
}

// NumberHelper.castTo(number, GType) (performConversion).
Value cast_number(const Value& a, const std::string& g) {
    if (std::string(number_class(a)) == gtype_class(g) || g == "NUMBER") return a;
    auto overflow = [&]() -> Value {
        illegal(std::string("Can't convert number of type ") + number_class(a) + " to " + gtype_class(g) +
                    " due to overflow.",
                "ArithmeticException");
    };
    auto ranged = [&](std::int64_t lo, std::int64_t hi) -> std::int64_t {
        BigInt128 x;
        if (!integral_part(a, x) || x < lo || x > hi) overflow();
        return static_cast<std::int64_t>(x);
    };
    if (g == "BYTE") return Value::byte(static_cast<std::int8_t>(ranged(-128, 127)));
    if (g == "SHORT") return Value::short_(static_cast<std::int16_t>(ranged(-32768, 32767)));
    if (g == "INT")
        return Value::int_(static_cast<std::int32_t>(
            ranged(std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max())));
    if (g == "LONG")
        return Value::long_(
            ranged(std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()));
    if (g == "FLOAT") {
        double d = double_of(a);
        if (std::isnan(d) || std::isinf(d) || std::fabs(d) <= std::numeric_limits<float>::max())
            return Value::float_(static_cast<float>(d));
        overflow();
    }
    if (g == "DOUBLE") {
        if (a.type() == Type::float_) {  // via the float's decimal string, as Java does
            char buf[32];
            auto r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(a.as_double()));
            return Value::double_(std::strtod(std::string(buf, r.ptr).c_str(), nullptr));
        }
        double d = double_of(a);
        if (std::isinf(d) && a.type() != Type::double_) overflow();
        return Value::double_(d);
    }
    if (g == "BIGINT") {
        BigInt128 x;
        if (!integral_part(a, x)) overflow();
        return Value::big_integer(i128_to_big(x));
    }
    if (g == "BIGDECIMAL") {
        if (a.type() == Type::float_ || a.type() == Type::double_) return bigdec_of_double(a.as_double());
        BigInt128 x;
        if (!integral_part(a, x)) overflow();
        return bigdec_make(x, 0);
    }
    illegal("asNumber() requires a numeric type token, got " + g);
}

// NumberUtils.createNumber (commons-lang) as AsNumberStep uses it: Integer, Long or BigInteger for
// whole numbers (decimal, 0x/# hex), Float / Double / BigDecimal for decimals, type suffixes l/f/d.
Value parse_number(const std::string& raw) {
    auto bad = [&]() -> Value {
        illegal("Can't parse string '" + raw + "' as number.", "NumberFormatException");
    };
    std::size_t b = raw.find_first_not_of(" \t\r\n"), e = raw.find_last_not_of(" \t\r\n");
    if (b == std::string::npos) bad();
    std::string s = raw.substr(b, e - b + 1);
    std::string body = s;
    bool neg = false;
    if (!body.empty() && (body[0] == '-' || body[0] == '+')) {
        neg = body[0] == '-';
        body = body.substr(1);
    }
    int base = 10;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
        base = 16;
        body = body.substr(2);
    } else if (body.size() > 1 && body[0] == '#') {
        base = 16;
        body = body.substr(1);
    }
    if (body.empty()) bad();
    char suffix = 0;
    if (base == 10 && std::strchr("lLfFdD", body.back())) {
        suffix = static_cast<char>(std::tolower(static_cast<unsigned char>(body.back())));
        body.pop_back();
        if (body.empty()) bad();
    }
    bool whole = true;
    for (char c : body)
        if (!(base == 16 ? std::isxdigit(static_cast<unsigned char>(c))
                         : std::isdigit(static_cast<unsigned char>(c))))
            whole = false;
    if (whole && suffix != 'f' && suffix != 'd') {
        BigInt128 x = 0;
        for (char c : body) {
            int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
            if (x > (static_cast<BigInt128>(1) << 120)) bad();
            x = x * base + d;
        }
        if (neg) x = -x;
        if (suffix != 'l' && x >= std::numeric_limits<std::int32_t>::min() &&
            x <= std::numeric_limits<std::int32_t>::max())
            return Value::int_(static_cast<std::int32_t>(x));
        if (x >= std::numeric_limits<std::int64_t>::min() && x <= std::numeric_limits<std::int64_t>::max())
            return Value::long_(static_cast<std::int64_t>(x));
        return Value::big_integer(i128_to_big(x));
    }
    if (base == 16 || suffix == 'l') bad();
    // a decimal: digits with at most one '.', an optional exponent
    std::size_t i = 0, digits = 0, decimals = 0;
    bool dot = false;
    while (i < body.size() &&
           (std::isdigit(static_cast<unsigned char>(body[i])) || (body[i] == '.' && !dot))) {
        if (body[i] == '.')
            dot = true;
        else {
            ++digits;
            if (dot) ++decimals;
        }
        ++i;
    }
    if (digits == 0) bad();
    if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
        ++i;
        if (i < body.size() && (body[i] == '+' || body[i] == '-')) ++i;
        std::size_t ed = i;
        while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) ++i;
        if (i == ed) bad();
    }
    if (i != body.size()) bad();
    double d = std::strtod((neg ? "-" + body : body).c_str(), nullptr);
    if (suffix == 'f' || (suffix == 0 && decimals <= 7 && std::fabs(d) <= std::numeric_limits<float>::max()))
        return Value::float_(static_cast<float>(d));
    return Value::double_(d);
}

Plan::Factory map_step(std::function<bool(Ctx&, Traverser&)> fn) {
    return [fn](Ctx& ctx) {
        auto s = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        s->fn = [fn, c](Traverser& t) { return fn(*c, t); };
        return std::unique_ptr<Step>(std::move(s));
    };
}

void build_as_number(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    std::string g;
    if (in.args.size() == 1 && !in.args[0].t && is_gtype(in.args[0].v)) {
        g = gtype_name(in.args[0].v);
        if (!numeric_gtype(g)) illegal("asNumber() requires a numeric type token, got " + g);
    } else if (!in.args.empty()) {
        bad_args(in);
    }
    comp.add(map_step([g](Ctx& ctx, Traverser& t) {
        if (t.obj.el)
            illegal("Can't parse type " + java_class(ctx, t.obj).substr(t.obj.el ? 6 : 0) + " as number.");
        const Value& v = t.obj.v;
        if (v.is_null()) {
            advance(ctx, t, Obj(Value()));
            return true;
        }
        Value n;
        std::int64_t ms = 0;
        if (v.type() == Type::string)
            n = parse_number(v.str());
        else if (v.is_number())
            n = v;
        else if (date_millis(v, ms))
            n = Value::long_(ms);
        else {
            std::string cls = java_class(ctx, t.obj);
            if (auto dot = cls.rfind('.'); dot != std::string::npos) cls = cls.substr(dot + 1);
            if (v.type() == Type::list) cls = "ArrayList";
            if (v.type() == Type::map) cls = "LinkedHashMap";
            if (v.type() == Type::set) cls = "LinkedHashSet";
            illegal("Can't parse type " + cls + " as number.");
        }
        advance(ctx, t, Obj(g.empty() ? n : cast_number(n, g)));
        return true;
    }));
}

// AsBoolStep: booleans as they are, numbers true unless 0 or NaN, "true"/"false" in any case.
void build_as_bool(Compiler& comp, const Spec& s) {
    if (!s.main->args.empty()) bad_args(*s.main);
    comp.add(map_step([](Ctx& ctx, Traverser& t) {
        const Value& v = t.obj.el ? Value() : t.obj.v;
        bool r = false;
        if (!t.obj.el && v.type() == Type::boolean) {
            r = v.as_bool();
        } else if (!t.obj.el && v.is_number()) {
            double d = double_of(v);
            r = !(d == 0 || std::isnan(d));
        } else if (!t.obj.el && v.type() == Type::string) {
            std::string low;
            for (char c : v.str()) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (low == "true")
                r = true;
            else if (low == "false")
                r = false;
            else
                illegal("Can't parse " + v.str() + " as Boolean.");
        } else if (!t.obj.el && v.is_null()) {
            illegal("Can't parse null as Boolean.");
        } else {
            illegal("Can't parse " + java_class(ctx, t.obj) + " as Boolean.");
        }
        advance(ctx, t, Obj(Value::boolean(r)));
        return true;
    }));
}

}  // namespace

// ---- GType ------------------------------------------------------------------------------------------------

Value gtype_value(const std::string& name) { return Value::class_("GType." + name); }
bool is_gtype(const Value& v) { return v.type() == Type::class_ && v.str().rfind("GType.", 0) == 0; }
std::string gtype_name(const Value& v) { return v.str().substr(6); }
bool gtype_exists(const std::string& name) {
    for (const char* g : kGTypes)
        if (name == g) return true;
    return false;
}

std::optional<std::string> gtype_of_registered(const std::string& simple_name) {
    static const std::pair<const char*, const char*> reg[] = {{"BigDecimal", "BIGDECIMAL"},
                                                              {"BigInteger", "BIGINT"},
                                                              {"ByteBuffer", "BINARY"},
                                                              {"Boolean", "BOOLEAN"},
                                                              {"Byte", "BYTE"},
                                                              {"Character", "CHAR"},
                                                              {"OffsetDateTime", "DATETIME"},
                                                              {"Double", "DOUBLE"},
                                                              {"Duration", "DURATION"},
                                                              {"Edge", "EDGE"},
                                                              {"Float", "FLOAT"},
                                                              {"Graph", "GRAPH"},
                                                              {"Integer", "INT"},
                                                              {"List", "LIST"},
                                                              {"Long", "LONG"},
                                                              {"Map", "MAP"},
                                                              {"Number", "NUMBER"},
                                                              {"Path", "PATH"},
                                                              {"Property", "PROPERTY"},
                                                              {"Set", "SET"},
                                                              {"Short", "SHORT"},
                                                              {"String", "STRING"},
                                                              {"Tree", "TREE"},
                                                              {"UUID", "UUID"},
                                                              {"Vertex", "VERTEX"},
                                                              {"VertexProperty", "VPROPERTY"}};
    for (const auto& [k, g] : reg)
        if (simple_name == k) return std::string(g);
    return std::nullopt;
}

// CompareType.typeOf: is `o` an instance of the GType's Java class (isAssignableFrom)?
bool gtype_matches(Ctx& ctx, const Obj& o, const std::string& g) {
    if (o.el) {
        const ElementRec* el = as_element(ctx, o);
        ElKind k = el ? el->kind : o.el->kind;
        if (k == ElKind::vertex) return g == "VERTEX";
        if (k == ElKind::edge) return g == "EDGE";
        return g == "VPROPERTY" || g == "PROPERTY";
    }
    const Value& v = o.v;
    switch (v.type()) {
        case Type::null:
            return g == "NULL";
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
        case Type::float_:
        case Type::double_:
        case Type::big_integer:
        case Type::big_decimal:
            return g == "NUMBER" || gtype_class(g) == std::string(number_class(v));
        case Type::boolean:
            return g == "BOOLEAN";
        case Type::char_:
            return g == "CHAR";
        case Type::string:
            return g == "STRING";
        case Type::uuid:
            return g == "UUID";
        case Type::date:
        case Type::timestamp:
        case Type::temporal:
            return g == "DATETIME";
        case Type::duration:
            return g == "DURATION";
        case Type::binary:
            return g == "BINARY";
        case Type::list:
            return g == "LIST";
        case Type::set:
        case Type::bulk_set:
            return g == "SET";
        case Type::map:
            return g == "MAP";
        case Type::tree:
            return g == "TREE" || g == "MAP";
        case Type::path:
            return g == "PATH";
        case Type::graph:
            return g == "GRAPH";
        case Type::vertex:
            return g == "VERTEX";
        case Type::edge:
            return g == "EDGE";
        case Type::vertex_property:
            return g == "VPROPERTY" || g == "PROPERTY";
        case Type::property:
            return g == "PROPERTY";
        default:
            return false;
    }
}

// addLabel() / dropLabel() / dropLabels() (4.0 master): TinkerGraph's labels have cardinality ONE, so
// every traverser that reaches one fails, with real 4.0 master's messages (asked of it: g.E().addLabel
// ('friend') → "… on this element", g.V().addLabel('x') and g.V().dropLabels() → the cardinality
// message); no traverser, no error.
void build_label_mutation(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const bool add = in.name == "addLabel";
    if ((in.name == "dropLabels") != in.args.empty()) bad_args(in);
    static const std::string cardinality =
        "Label mutation is not supported with cardinality ONE. Labels are immutable once assigned.";
    // addLabel(__.a(), __.b()): each traversal's first result must be a scalar, checked first
    std::vector<PlanPtr> plans;
    if (in.args.size() > 1)
        for (const auto& a : in.args)
            if (a.t) plans.push_back(comp.child(a, in));
    comp.add([add, plans](Ctx& ctx) {
        auto pipes = std::make_shared<std::vector<std::unique_ptr<Pipeline>>>();
        for (const auto& p : plans) pipes->push_back(p->instantiate(ctx));
        auto st = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        st->fn = [add, pipes, c](Traverser& t) -> bool {
            for (auto& p : *pipes) {
                Traverser x = t;
                x.bulk = 1;
                p->start_with(x);
                Traverser r;
                if (!p->next(r)) continue;
                const Value v = to_value(*c, r.obj);
                if (v.type() == Type::list || v.type() == Type::set || v.type() == Type::bulk_set)
                    illegal(
                        "Traversal argument must produce a scalar String when multiple traversals are "
                        "provided, "
                        "but got a Collection",
                        "IllegalArgumentException");
            }
            if (add && !(t.obj.el && t.obj.el->kind == ElKind::vertex))
                illegal("Label mutation is not supported on this element", "IllegalStateException");
            illegal(cardinality, "IllegalStateException");
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

// labels() (4.0 master): an element's labels, one traverser each — with cardinality ONE its one label
// (a vertex property's is its key); anything else fails as real master's cast does.
void build_labels(Compiler& comp, const Spec& s) {
    if (!s.main->args.empty()) bad_args(*s.main);
    comp.add(map_step([](Ctx& ctx, Traverser& t) {
        if (!as_element(ctx, t.obj)) {
            std::string cls = java_class(ctx, t.obj);
            if (cls.rfind("class ", 0) == 0) cls = cls.substr(6);
            illegal(
                "class " + cls + " cannot be cast to class org.apache.tinkerpop.gremlin.structure.Element (" +
                    cls +
                    " is in module java.base of loader 'bootstrap'; "
                    "org.apache.tinkerpop.gremlin.structure.Element is in unnamed module of loader 'app')",
                "ClassCastException");
        }
        advance(ctx, t, token_value(ctx, t.obj, Token::label));
        return true;
    }));
}

void register_v4_steps(StepTable& t) {
    t.add("asNumber", build_as_number, kStepSince38);
    t.add("asBool", build_as_bool, kStepSince38);
    for (const char* n : {"addLabel", "dropLabel", "dropLabels"})
        t.add(n, build_label_mutation, kStepSince38);
    t.add("labels", build_labels, kStepSince38);
}

}  // namespace tpbench::server::detail
