#include <tpbench/model/value.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

namespace tpbench::model {

namespace {

Value make(Type t) { return Value::compound(t, {}); }

std::vector<Value> labels_list(std::vector<std::string> labels) {
    std::vector<Value> out;
    out.reserve(labels.size());
    for (auto& l : labels) out.push_back(Value::string(std::move(l)));
    return out;
}

bool doubles_equal(double a, double b) {
    if (std::isnan(a) && std::isnan(b)) return true;
    // bitwise on purpose, as Double.equals: 0.0 and -0.0 differ
    // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison)
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool unordered_kids_equivalent(const std::vector<Value>& a, const std::vector<Value>& b, std::size_t stride) {
    if (a.size() != b.size()) return false;
    std::vector<bool> used(b.size() / stride, false);
    for (std::size_t i = 0; i < a.size(); i += stride) {
        bool found = false;
        for (std::size_t j = 0; j < b.size(); j += stride) {
            if (used[j / stride]) continue;
            bool all = true;
            for (std::size_t k = 0; k < stride && all; ++k) all = equivalent(a[i + k], b[j + k]);
            if (all) {
                used[j / stride] = true;
                found = true;
                break;
            }
        }
        if (!found) return false;
    }
    return true;
}

void hash_combine(std::size_t& seed, std::size_t v) {
    seed ^= v + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
}

int type_rank(Type t) {
    switch (t) {
        case Type::null:
            return 0;
        case Type::boolean:
            return 1;
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
        case Type::float_:
        case Type::double_:
        case Type::big_integer:
        case Type::big_decimal:
            return 2;
        case Type::date:
        case Type::timestamp:
            return 3;
        case Type::string:
        case Type::char_:
            return 4;
        case Type::set:  // Gremlin's orderability (GremlinValueComparator.Type): Set before List
            return 5 + static_cast<int>(Type::list);
        case Type::list:
            return 5 + static_cast<int>(Type::set);
        default:
            return 5 + static_cast<int>(t);
    }
}

}  // namespace

Value Value::compound(Type t, std::vector<Value> kids, std::string s, std::int64_t i, std::uint8_t aux) {
    Value v;
    v.type_ = t;
    v.kids_ = std::move(kids);
    v.s_ = std::move(s);
    v.i_ = i;
    v.aux_ = aux;
    return v;
}

Value Value::typed_null(std::uint8_t type_code) {
    Value v;
    v.aux_ = type_code;
    return v;
}
Value Value::boolean(bool b) {
    auto v = make(Type::boolean);
    v.b_ = b;
    return v;
}
Value Value::byte(std::int8_t x) {
    auto v = make(Type::byte);
    v.i_ = x;  // NOLINT(bugprone-signed-char-misuse): Java's byte is signed, sign-extended on purpose
    return v;
}
Value Value::short_(std::int16_t x) {
    auto v = make(Type::short_);
    v.i_ = x;
    return v;
}
Value Value::int_(std::int32_t x) {
    auto v = make(Type::int_);
    v.i_ = x;
    return v;
}
Value Value::long_(std::int64_t x) {
    auto v = make(Type::long_);
    v.i_ = x;
    return v;
}
Value Value::float_(float x) {
    auto v = make(Type::float_);
    v.d_ = x;
    return v;
}
Value Value::double_(double x) {
    auto v = make(Type::double_);
    v.d_ = x;
    return v;
}
Value Value::big_integer(std::string b) { return compound(Type::big_integer, {}, std::move(b)); }
Value Value::big_decimal(std::int32_t scale, std::string unscaled) {
    return compound(Type::big_decimal, {}, std::move(unscaled), scale);
}
Value Value::char_(std::string utf8) { return compound(Type::char_, {}, std::move(utf8)); }
Value Value::string(std::string s) { return compound(Type::string, {}, std::move(s)); }
Value Value::uuid(const Uuid& u) {
    return compound(Type::uuid, {}, std::string(reinterpret_cast<const char*>(u.data()), u.size()));
}
Value Value::date(std::int64_t ms) { return compound(Type::date, {}, {}, ms); }
Value Value::timestamp(std::int64_t ms) { return compound(Type::timestamp, {}, {}, ms); }
Value Value::duration(std::int64_t seconds, std::int32_t nanos) {
    auto v = compound(Type::duration, {}, {}, seconds);
    v.n_ = nanos;
    return v;
}
Value Value::binary(std::string bytes) { return compound(Type::binary, {}, std::move(bytes)); }
Value Value::temporal(TemporalKind kind, std::vector<Value> fields) {
    return compound(Type::temporal, std::move(fields), {}, 0, static_cast<std::uint8_t>(kind));
}
Value Value::list() { return compound(Type::list, {}); }
Value Value::set() { return compound(Type::set, {}); }
Value Value::map() { return compound(Type::map, {}, {}, 0, 0); }
Value Value::vertex(Value id, std::string label) { return vertex(std::move(id), std::move(label), Value()); }
Value Value::edge(Value id, std::string label, Value in_id, std::string in_label, Value out_id,
                  std::string out_label) {
    return edge(std::move(id), std::move(label), std::move(in_id), std::move(in_label), std::move(out_id),
                std::move(out_label), Value());
}
Value Value::vertex_property(Value id, std::string label, Value value) {
    return vertex_property(std::move(id), std::move(label), std::move(value), Value());
}
Value Value::list(std::vector<Value> items) { return compound(Type::list, std::move(items)); }
Value Value::set(std::vector<Value> items) { return compound(Type::set, std::move(items)); }
Value Value::map(std::vector<Value> kv, bool ordered) {
    return compound(Type::map, std::move(kv), {}, 0, ordered ? 0x02 : 0x00);
}
Value Value::bulk_set(std::vector<Value> pairs) { return compound(Type::bulk_set, std::move(pairs)); }
Value Value::vertex(Value id, std::string label, Value properties) {
    return vertex_multi(std::move(id), {std::move(label)}, std::move(properties));
}
Value Value::vertex_multi(Value id, std::vector<std::string> labels, Value properties) {
    std::vector<Value> k;
    k.reserve(3);
    k.push_back(std::move(id));
    k.push_back(list(labels_list(std::move(labels))));
    k.push_back(std::move(properties));
    return compound(Type::vertex, std::move(k));
}
Value Value::edge(Value id, std::string label, Value in_id, std::string in_label, Value out_id,
                  std::string out_label, Value properties) {
    std::vector<Value> k;
    k.reserve(8);
    k.push_back(std::move(id));
    k.push_back(list(labels_list({std::move(label)})));
    k.push_back(std::move(in_id));
    k.push_back(list(labels_list({std::move(in_label)})));
    k.push_back(std::move(out_id));
    k.push_back(list(labels_list({std::move(out_label)})));
    k.push_back(Value());
    k.push_back(std::move(properties));
    return compound(Type::edge, std::move(k));
}
Value Value::vertex_property(Value id, std::string label, Value value, Value properties) {
    std::vector<Value> k;
    k.reserve(5);
    k.push_back(std::move(id));
    k.push_back(list(labels_list({std::move(label)})));
    k.push_back(std::move(value));
    k.push_back(Value());
    k.push_back(std::move(properties));
    return compound(Type::vertex_property, std::move(k));
}
Value Value::property(std::string key, Value value) {
    std::vector<Value> k;
    k.reserve(3);
    k.push_back(string(std::move(key)));
    k.push_back(std::move(value));
    k.push_back(Value());
    return compound(Type::property, std::move(k));
}
Value Value::path(Value labels, Value objects) {
    std::vector<Value> k;
    k.push_back(std::move(labels));
    k.push_back(std::move(objects));
    return compound(Type::path, std::move(k));
}
Value Value::tree(std::vector<Value> pairs) { return compound(Type::tree, std::move(pairs)); }
Value Value::graph(Value vertices, Value edges) {
    std::vector<Value> k;
    k.push_back(std::move(vertices));
    k.push_back(std::move(edges));
    return compound(Type::graph, std::move(k));
}
Value Value::traverser(std::int64_t bulk, Value value) {
    std::vector<Value> k;
    k.push_back(std::move(value));
    return compound(Type::traverser, std::move(k), {}, bulk);
}
Value Value::enum_(EnumKind kind, std::string name) {
    return compound(Type::enum_, {}, std::move(name), 0, static_cast<std::uint8_t>(kind));
}
Value Value::bytecode(Value steps, Value sources) {
    std::vector<Value> k;
    k.push_back(std::move(steps));
    k.push_back(std::move(sources));
    return compound(Type::bytecode, std::move(k));
}
Value Value::p(std::string name, std::vector<Value> args) {
    return compound(Type::p, std::move(args), std::move(name));
}
Value Value::text_p(std::string name, std::vector<Value> args) {
    return compound(Type::text_p, std::move(args), std::move(name));
}
Value Value::binding(std::string key, Value value) {
    std::vector<Value> k;
    k.push_back(std::move(value));
    return compound(Type::binding, std::move(k), std::move(key));
}
Value Value::lambda(std::string language, std::string script, std::int32_t arguments) {
    return compound(Type::lambda, {string(std::move(language)), string(std::move(script)), int_(arguments)});
}
Value Value::class_(std::string name) { return compound(Type::class_, {}, std::move(name)); }
Value Value::marker(std::int64_t m) { return compound(Type::marker, {}, {}, m); }
Value Value::inet_address(std::string bytes) { return compound(Type::inet_address, {}, std::move(bytes)); }
Value Value::raw(std::uint8_t type_code, std::string bytes) {
    return compound(Type::raw, {}, std::move(bytes), 0, type_code);
}

bool Value::is_number() const noexcept {
    switch (type_) {
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
        case Type::float_:
        case Type::double_:
        case Type::big_integer:
        case Type::big_decimal:
            return true;
        default:
            return false;
    }
}

double Value::to_double() const noexcept {
    switch (type_) {
        case Type::float_:
        case Type::double_:
            return d_;
        case Type::big_integer:
        case Type::big_decimal: {
            // Approximate: two's-complement bytes to double, then apply the scale.
            double r = 0;
            bool neg = !s_.empty() && (static_cast<unsigned char>(s_[0]) & 0x80);
            for (unsigned char c : s_) r = r * 256 + (neg ? static_cast<unsigned char>(~c) : c);
            if (neg) r = -(r + 1);
            if (type_ == Type::big_decimal) r /= std::pow(10.0, static_cast<double>(i_));
            return r;
        }
        default:
            return static_cast<double>(i_);
    }
}

std::int64_t Value::to_int64() const noexcept {
    switch (type_) {
        case Type::float_:
        case Type::double_:
            return static_cast<std::int64_t>(d_);
        case Type::big_integer:
        case Type::big_decimal:
            return static_cast<std::int64_t>(to_double());
        default:
            return i_;
    }
}

Uuid Value::as_uuid() const noexcept {
    Uuid u{};
    if (s_.size() == u.size()) std::memcpy(u.data(), s_.data(), u.size());
    return u;
}

std::string_view Value::label() const {
    if (type_ == Type::property) return kids_.empty() ? std::string_view{} : std::string_view(kids_[0].s_);
    if (kids_.size() < 2) return {};
    const Value& l = kids_[1];
    if (l.type_ == Type::string) return l.s_;
    if (l.type_ == Type::list && !l.kids_.empty()) return l.kids_[0].s_;
    return {};
}

const Value* Value::find(std::string_view key) const {
    if (type_ != Type::map) return nullptr;
    for (std::size_t i = 0; i + 1 < kids_.size(); i += 2)
        if ((kids_[i].type_ == Type::string) && kids_[i].s_ == key) return &kids_[i + 1];
    return nullptr;
}

bool operator==(const Value& a, const Value& b) {
    if (a.type_ != b.type_) return false;
    if (a.type_ == Type::null) return a.aux_ == b.aux_;
    if (a.aux_ != b.aux_ || a.b_ != b.b_ || a.i_ != b.i_ || a.n_ != b.n_ || a.s_ != b.s_) return false;
    if (!doubles_equal(a.d_, b.d_)) return false;
    // Properties are equal by key and value, whatever element holds them (ElementHelper.areEqual)
    if (a.type_ == Type::property && a.kids_.size() >= 2 && b.kids_.size() >= 2)
        return a.kids_[0] == b.kids_[0] && a.kids_[1] == b.kids_[1];
    return a.kids_ == b.kids_;
}

bool equivalent(const Value& a, const Value& b) {
    if (a.type_ != b.type_) return false;
    if (a.type_ == Type::null) return true;
    if (a.aux_ != b.aux_ || a.b_ != b.b_ || a.i_ != b.i_ || a.n_ != b.n_ || a.s_ != b.s_) return false;
    if (!doubles_equal(a.d_, b.d_)) return false;
    switch (a.type_) {
        case Type::map:
        case Type::bulk_set:
        case Type::tree:
            return unordered_kids_equivalent(a.kids_, b.kids_, 2);
        case Type::set:
            return unordered_kids_equivalent(a.kids_, b.kids_, 1);
        case Type::property:
            if (a.kids_.size() >= 2 && b.kids_.size() >= 2)
                return equivalent(a.kids_[0], b.kids_[0]) && equivalent(a.kids_[1], b.kids_[1]);
            [[fallthrough]];
        default:
            if (a.kids_.size() != b.kids_.size()) return false;
            for (std::size_t i = 0; i < a.kids_.size(); ++i)
                if (!equivalent(a.kids_[i], b.kids_[i])) return false;
            return true;
    }
}

std::size_t Value::hash() const noexcept {
    std::size_t h = static_cast<std::size_t>(type_) * 1000003u;
    hash_combine(h, aux_);
    hash_combine(h, static_cast<std::size_t>(i_));
    hash_combine(h, std::hash<std::string>{}(s_));
    hash_combine(h, b_);
    hash_combine(h, static_cast<std::size_t>(n_));
    if (type_ == Type::float_ || type_ == Type::double_) {
        double d = std::isnan(d_) ? std::nan("") : d_;
        std::uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        hash_combine(h, bits);
    }
    std::size_t n = type_ == Type::property ? std::min<std::size_t>(kids_.size(), 2) : kids_.size();
    for (std::size_t i = 0; i < n; ++i) hash_combine(h, kids_[i].hash());
    return h;
}

int compare(const Value& a, const Value& b) {
    int ra = type_rank(a.type_), rb = type_rank(b.type_);
    if (ra != rb) return ra < rb ? -1 : 1;
    if (a.is_number()) {
        bool ai = a.type_ != Type::float_ && a.type_ != Type::double_ && a.type_ != Type::big_integer &&
                  a.type_ != Type::big_decimal;
        bool bi = b.type_ != Type::float_ && b.type_ != Type::double_ && b.type_ != Type::big_integer &&
                  b.type_ != Type::big_decimal;
        if (ai && bi) return a.i_ < b.i_ ? -1 : (a.i_ > b.i_ ? 1 : 0);
        double x = a.to_double(), y = b.to_double();
        return x < y ? -1 : (x > y ? 1 : 0);
    }
    switch (a.type_) {
        case Type::null:
            return 0;
        case Type::boolean:
            return a.b_ == b.b_ ? 0 : (a.b_ ? 1 : -1);
        case Type::date:
        case Type::timestamp:
            return a.i_ < b.i_ ? -1 : (a.i_ > b.i_ ? 1 : 0);
        case Type::duration:  // seconds, then nanos (java.time.Duration.compareTo)
            if (a.i_ != b.i_) return a.i_ < b.i_ ? -1 : 1;
            return a.n_ < b.n_ ? -1 : (a.n_ > b.n_ ? 1 : 0);
        case Type::string:
        case Type::char_: {
            int c = a.s_.compare(b.s_);
            return c < 0 ? -1 : (c > 0 ? 1 : 0);
        }
        default:
            break;
    }
    if (a.is_element()) return compare(a.kids_[0], b.kids_[0]);
    if (a.s_ != b.s_) return a.s_ < b.s_ ? -1 : 1;
    std::size_t n = std::min(a.kids_.size(), b.kids_.size());
    for (std::size_t i = 0; i < n; ++i)
        if (int c = compare(a.kids_[i], b.kids_[i])) return c;
    if (a.kids_.size() != b.kids_.size()) return a.kids_.size() < b.kids_.size() ? -1 : 1;
    return 0;
}

namespace {

std::string fmt_double(double d) {
    if (std::isnan(d)) return "NaN";
    if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    // Shortest representation that round-trips.
    for (int prec = 1; prec <= 17; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, d);
        if (std::strtod(buf, nullptr) == d) break;
    }
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
}

void join(std::string& out, const std::vector<Value>& kids, std::size_t from = 0) {
    for (std::size_t i = from; i < kids.size(); ++i) {
        if (i > from) out += ", ";
        out += kids[i].to_string();
    }
}

std::string hex(const std::string& bytes) {
    static const char* d = "0123456789abcdef";
    std::string s;
    for (unsigned char c : bytes) {
        s += d[c >> 4];
        s += d[c & 15];
    }
    return s;
}

}  // namespace

std::string Value::to_string() const {
    std::string out;
    switch (type_) {
        case Type::null:
            return "null";
        case Type::boolean:
            return b_ ? "true" : "false";
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
            return std::to_string(i_);
        case Type::float_:
        case Type::double_:
            return fmt_double(d_);
        case Type::big_integer:
            return "BigInteger(0x" + hex(s_) + ")";
        case Type::big_decimal:
            return "BigDecimal(0x" + hex(s_) + ", scale " + std::to_string(i_) + ")";
        case Type::char_:
        case Type::string:
            return s_;
        case Type::uuid:
            return uuid_to_string(as_uuid());
        case Type::date:
            return "Date(" + std::to_string(i_) + ")";
        case Type::timestamp:
            return "Timestamp(" + std::to_string(i_) + ")";
        case Type::duration:
            return "Duration(" + std::to_string(i_) + "s " + std::to_string(n_) + "ns)";
        case Type::binary:
            return "Binary(" + std::to_string(s_.size()) + " bytes)";
        case Type::inet_address:
            return "InetAddress(0x" + hex(s_) + ")";
        case Type::temporal:
            out = "Temporal(0x" + hex(std::string(1, static_cast<char>(aux_))) + ": ";
            join(out, kids_);
            return out + ")";
        case Type::list:
        case Type::set:
            out = "[";
            join(out, kids_);
            return out + "]";
        case Type::bulk_set:
            out = "[";
            for (std::size_t i = 0; i + 1 < kids_.size(); i += 2) {
                if (i) out += ", ";
                out += kids_[i].to_string() + " x" + std::to_string(kids_[i + 1].i_);
            }
            return out + "]";
        case Type::map:
        case Type::tree:
            out = "{";
            for (std::size_t i = 0; i + 1 < kids_.size(); i += 2) {
                if (i) out += ", ";
                out += kids_[i].to_string() + "=" + kids_[i + 1].to_string();
            }
            return out + "}";
        case Type::vertex:
            return "v[" + kids_[0].to_string() + "]";
        case Type::edge:
            return "e[" + kids_[0].to_string() + "][" + kids_[4].to_string() + "-" + std::string(label()) +
                   "->" + kids_[2].to_string() + "]";
        case Type::vertex_property:
            return "vp[" + std::string(label()) + "->" + kids_[2].to_string() + "]";
        case Type::property:
            return "p[" + kids_[0].s_ + "->" + kids_[1].to_string() + "]";
        case Type::path:
            out = "path[";
            if (kids_.size() > 1) join(out, kids_[1].kids_);
            return out + "]";
        case Type::graph:
            return "tinkergraph[vertices:" + std::to_string(kids_[0].size()) +
                   " edges:" + std::to_string(kids_[1].size()) + "]";
        case Type::traverser:
            return kids_[0].to_string() + " (bulk " + std::to_string(i_) + ")";
        case Type::enum_:
            return s_;
        case Type::bytecode:
            out = "[";
            for (const auto& instr : kids_[0].kids_) {
                if (out.size() > 1) out += ", ";
                out += instr.kids_.empty() ? "?" : instr.kids_[0].s_;
                out += "(";
                join(out, instr.kids_, 1);
                out += ")";
            }
            return out + "]";
        case Type::p:
        case Type::text_p:
            out = s_ + "(";
            join(out, kids_);
            return out + ")";
        case Type::binding:
            return "binding[" + s_ + "=" + kids_[0].to_string() + "]";
        case Type::lambda:
            return "lambda[" + kids_[1].s_ + "]";
        case Type::class_:
            return "class " + s_;
        case Type::marker:
            return "marker(" + std::to_string(i_) + ")";
        case Type::raw:
            return "raw(0x" + hex(std::string(1, static_cast<char>(aux_))) + ", " +
                   std::to_string(s_.size()) + " bytes)";
        default:
            out = std::string(type_name(type_)) + "(";
            if (!s_.empty()) out += s_ + (kids_.empty() ? "" : ", ");
            join(out, kids_);
            return out + ")";
    }
}

std::string_view type_name(Type t) noexcept {
    switch (t) {
        case Type::null:
            return "null";
        case Type::boolean:
            return "boolean";
        case Type::byte:
            return "byte";
        case Type::short_:
            return "short";
        case Type::int_:
            return "int";
        case Type::long_:
            return "long";
        case Type::float_:
            return "float";
        case Type::double_:
            return "double";
        case Type::big_integer:
            return "biginteger";
        case Type::big_decimal:
            return "bigdecimal";
        case Type::char_:
            return "char";
        case Type::string:
            return "string";
        case Type::uuid:
            return "uuid";
        case Type::date:
            return "date";
        case Type::timestamp:
            return "timestamp";
        case Type::duration:
            return "duration";
        case Type::binary:
            return "binary";
        case Type::temporal:
            return "temporal";
        case Type::list:
            return "list";
        case Type::set:
            return "set";
        case Type::map:
            return "map";
        case Type::bulk_set:
            return "bulkset";
        case Type::vertex:
            return "vertex";
        case Type::edge:
            return "edge";
        case Type::vertex_property:
            return "vertexproperty";
        case Type::property:
            return "property";
        case Type::path:
            return "path";
        case Type::tree:
            return "tree";
        case Type::graph:
            return "graph";
        case Type::traverser:
            return "traverser";
        case Type::enum_:
            return "enum";
        case Type::bytecode:
            return "bytecode";
        case Type::p:
            return "p";
        case Type::text_p:
            return "textp";
        case Type::binding:
            return "binding";
        case Type::lambda:
            return "lambda";
        case Type::class_:
            return "class";
        case Type::marker:
            return "marker";
        case Type::metrics:
            return "metrics";
        case Type::traversal_metrics:
            return "traversalmetrics";
        case Type::strategy:
            return "traversalstrategy";
        case Type::inet_address:
            return "inetaddress";
        case Type::composite_pdt:
            return "compositepdt";
        case Type::primitive_pdt:
            return "primitivepdt";
        case Type::raw:
            return "raw";
    }
    return "?";
}

std::string uuid_to_string(const Uuid& u) {
    static const char* d = "0123456789abcdef";
    std::string s;
    s.reserve(36);
    for (std::size_t i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) s += '-';
        s += d[u[i] >> 4];
        s += d[u[i] & 15];
    }
    return s;
}

bool uuid_from_string(std::string_view t, Uuid& out) noexcept {
    if (t.size() != 36) return false;
    std::size_t j = 0;
    for (std::size_t i = 0; i < 36;) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (t[i] != '-') return false;
            ++i;
            continue;
        }
        auto nib = [](char c) -> int {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (c >= 'A' && c <= 'F') return c - 'A' + 10;
            return -1;
        };
        int hi = nib(t[i]), lo = nib(t[i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[j++] = static_cast<std::uint8_t>(hi * 16 + lo);
        i += 2;
    }
    return j == 16;
}

}  // namespace tpbench::model
