// GraphSON 3.0 / 4.0 value codec (include/tpbench/io/graphson.hpp). A single-pass reader builds
// model::Value directly from the JSON text (no DOM); the writer appends to std::string. The value
// mapping is documented in the header.
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/depth_caps.hpp>

#include "detail/gs_text.hpp"
#include "detail/json_lexer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <unordered_map>

namespace tpbench::io {

namespace json = detail::json;
using detail::json::Cursor;
using detail::json::NumTok;
using model::EnumKind;
using model::TemporalKind;
using model::Type;
using model::Value;

namespace {

constexpr std::size_t hard_depth_limit = gs_depth_cap;  // recursion bound whatever the options say
constexpr std::int64_t max_bulk_expansion = 1 << 20;    // 4.0 bulk_set → repeated List items

// ---- @type names ------------------------------------------------------------------------------

enum class Tag : std::uint8_t {
    unknown,
    int32,
    int64,
    float_,
    double_,
    byte,
    int16,
    big_integer,
    big_decimal,
    char_,
    uuid,
    date,
    timestamp,
    duration,
    binary,
    class_,
    inet,
    datetime,
    instant,
    local_date,
    local_date_time,
    local_time,
    month_day,
    offset_date_time,
    offset_time,
    period,
    year,
    year_month,
    zoned_date_time,
    zone_offset,
    list,
    set,
    map,
    bulk_set,
    vertex,
    edge,
    vertex_property,
    property,
    path,
    tree,
    graph,
    traverser,
    e_barrier,
    e_cardinality,
    e_column,
    e_direction,
    e_operator,
    e_order,
    e_pick,
    e_pop,
    e_scope,
    e_t,
    e_merge,
    e_dt,
    e_gtype,
    p,
    text_p,
    lambda,
    binding,
    bytecode,
    metrics,
    traversal_metrics,
    composite_pdt,
    primitive_pdt,
    strategy,
};

struct NameTag {
    std::string_view name;  // without the "g:"/"gx:" prefix
    Tag tag;
};

constexpr NameTag name_table[] = {
    {"Int32", Tag::int32},
    {"Int64", Tag::int64},
    {"Float", Tag::float_},
    {"Double", Tag::double_},
    {"Byte", Tag::byte},
    {"Int16", Tag::int16},
    {"BigInteger", Tag::big_integer},
    {"BigDecimal", Tag::big_decimal},
    {"Char", Tag::char_},
    {"UUID", Tag::uuid},
    {"Date", Tag::date},
    {"Timestamp", Tag::timestamp},
    {"Duration", Tag::duration},
    {"ByteBuffer", Tag::binary},
    {"Binary", Tag::binary},
    {"Class", Tag::class_},
    {"InetAddress", Tag::inet},
    {"DateTime", Tag::datetime},
    {"Instant", Tag::instant},
    {"LocalDate", Tag::local_date},
    {"LocalDateTime", Tag::local_date_time},
    {"LocalTime", Tag::local_time},
    {"MonthDay", Tag::month_day},
    {"OffsetDateTime", Tag::offset_date_time},
    {"OffsetTime", Tag::offset_time},
    {"Period", Tag::period},
    {"Year", Tag::year},
    {"YearMonth", Tag::year_month},
    {"ZonedDateTime", Tag::zoned_date_time},
    {"ZoneOffset", Tag::zone_offset},
    {"List", Tag::list},
    {"Set", Tag::set},
    {"Map", Tag::map},
    {"BulkSet", Tag::bulk_set},
    {"Vertex", Tag::vertex},
    {"Edge", Tag::edge},
    {"VertexProperty", Tag::vertex_property},
    {"Property", Tag::property},
    {"Path", Tag::path},
    {"Tree", Tag::tree},
    {"graph", Tag::graph},
    {"Traverser", Tag::traverser},
    {"Barrier", Tag::e_barrier},
    {"Cardinality", Tag::e_cardinality},
    {"Column", Tag::e_column},
    {"Direction", Tag::e_direction},
    {"Operator", Tag::e_operator},
    {"Order", Tag::e_order},
    {"Pick", Tag::e_pick},
    {"Pop", Tag::e_pop},
    {"Scope", Tag::e_scope},
    {"T", Tag::e_t},
    {"Merge", Tag::e_merge},
    {"DT", Tag::e_dt},
    {"GType", Tag::e_gtype},
    {"P", Tag::p},
    {"TextP", Tag::text_p},
    {"Lambda", Tag::lambda},
    {"Binding", Tag::binding},
    {"Bytecode", Tag::bytecode},
    {"Metrics", Tag::metrics},
    {"TraversalMetrics", Tag::traversal_metrics},
    {"CompositePdt", Tag::composite_pdt},
    {"PrimitivePdt", Tag::primitive_pdt},
};

// Buckets of name_table by name length, for a lookup that compares only same-length names.
struct NameIndex {
    std::array<std::vector<NameTag>, 24> by_len;
    NameIndex() {
        for (const auto& nt : name_table) by_len[nt.name.size()].push_back(nt);
    }
};

Tag lookup_tag(std::string_view type) {
    using detail::json::eq;
    // Fast path for the names of the hot result types.
    switch (type.size()) {
        case 5:
            if (eq(type, "g:Map")) return Tag::map;
            break;
        case 6:
            if (eq(type, "g:List")) return Tag::list;
            if (eq(type, "g:Edge")) return Tag::edge;
            break;
        case 7:
            if (eq(type, "g:Int64")) return Tag::int64;
            if (eq(type, "g:Int32")) return Tag::int32;
            break;
        case 8:
            if (eq(type, "g:Vertex")) return Tag::vertex;
            if (eq(type, "g:Double")) return Tag::double_;
            break;
        case 16:
            if (eq(type, "g:VertexProperty")) return Tag::vertex_property;
            break;
        default:
            break;
    }
    static const NameIndex index;
    std::string_view rest;
    if (type.size() > 2 && type[0] == 'g' && type[1] == ':')
        rest = type.substr(2);
    else if (type.size() > 3 && type[0] == 'g' && type[1] == 'x' && type[2] == ':')
        rest = type.substr(3);
    else if (type == "tinker:graph")
        return Tag::graph;
    else
        return Tag::unknown;
    if (rest.size() < index.by_len.size())
        for (const auto& nt : index.by_len[rest.size()])
            if (nt.name == rest) return nt.tag;
    if (rest.size() > 8 && rest.substr(rest.size() - 8) == "Strategy") return Tag::strategy;
    return Tag::unknown;
}

EnumKind enum_kind_of(Tag t) {
    switch (t) {
        case Tag::e_barrier:
            return EnumKind::barrier;
        case Tag::e_cardinality:
            return EnumKind::cardinality;
        case Tag::e_column:
            return EnumKind::column;
        case Tag::e_direction:
            return EnumKind::direction;
        case Tag::e_operator:
            return EnumKind::operator_;
        case Tag::e_order:
            return EnumKind::order;
        case Tag::e_pick:
            return EnumKind::pick;
        case Tag::e_pop:
            return EnumKind::pop;
        case Tag::e_scope:
            return EnumKind::scope;
        case Tag::e_t:
            return EnumKind::t;
        case Tag::e_merge:
            return EnumKind::merge;
        case Tag::e_gtype:
            return static_cast<EnumKind>(0x30);  // 3.8 GType (GraphBinary code 0x30)
        default:
            return EnumKind::dt;
    }
}

TemporalKind temporal_kind_of(Tag t) {
    switch (t) {
        case Tag::instant:
            return TemporalKind::instant;
        case Tag::local_date:
            return TemporalKind::local_date;
        case Tag::local_date_time:
            return TemporalKind::local_date_time;
        case Tag::local_time:
            return TemporalKind::local_time;
        case Tag::month_day:
            return TemporalKind::month_day;
        case Tag::offset_date_time:
            return TemporalKind::offset_date_time;
        case Tag::offset_time:
            return TemporalKind::offset_time;
        case Tag::period:
            return TemporalKind::period;
        case Tag::year:
            return TemporalKind::year;
        case Tag::year_month:
            return TemporalKind::year_month;
        case Tag::zoned_date_time:
            return TemporalKind::zoned_date_time;
        case Tag::zone_offset:
            return TemporalKind::zone_offset;
        default:
            return TemporalKind::datetime4;
    }
}

// ---- number helpers -----------------------------------------------------------------------------

bool to_i64(std::string_view t, std::int64_t& v) {
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    return r.ec == std::errc() && r.ptr == t.data() + t.size();
}

template <class F>
bool to_real(std::string_view t, F& v) {
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec == std::errc() && r.ptr == t.data() + t.size()) return true;
    if (r.ec != std::errc::result_out_of_range) return false;
    // Overflow/underflow: Java yields ±Infinity / ±0 (or a denormal); strtod does the same.
    const std::string tmp(t);
    if constexpr (std::is_same_v<F, float>)
        v = std::strtof(tmp.c_str(), nullptr);
    else
        v = std::strtod(tmp.c_str(), nullptr);
    return true;
}

// ---- skipping (no allocation, no recursion) ------------------------------------------------------

// Skips one JSON value at the cursor. `stream`: numbers that reach the end of input are truncated.
bool skip_value(Cursor& c, std::size_t max_depth, bool stream) {
    max_depth = std::min(max_depth, hard_depth_limit);
    std::array<std::uint64_t, (hard_depth_limit + 63) / 64> is_obj{};  // bit per open container
    std::size_t depth = 0;
    const auto push = [&](bool obj) -> bool {
        if (depth >= max_depth) return c.fail(errc::too_deep, "JSON nesting exceeds the depth limit");
        if (obj)
            is_obj[depth / 64] |= (1ULL << (depth % 64));
        else
            is_obj[depth / 64] &= ~(1ULL << (depth % 64));
        ++depth;
        return true;
    };
    const auto top_is_obj = [&] { return (is_obj[(depth - 1) / 64] >> ((depth - 1) % 64)) & 1; };
    const auto member_name = [&]() -> bool {
        if (!c.ws_more()) return false;
        if (c.peek() != '"') return c.fail(errc::bad_json, "expected member name");
        if (!c.skip_string()) return false;
        return c.expect(':');
    };
    for (;;) {
        // Expecting a value.
        if (!c.ws_more()) return false;
        switch (c.peek()) {
            case '{':
                if (!push(true)) return false;
                c.bump();
                if (!c.ws_more()) return false;
                if (c.peek() == '}') {
                    c.bump();
                    --depth;
                    break;
                }
                if (!member_name()) return false;
                continue;
            case '[':
                if (!push(false)) return false;
                c.bump();
                if (!c.ws_more()) return false;
                if (c.peek() == ']') {
                    c.bump();
                    --depth;
                    break;
                }
                continue;
            case '"':
                if (!c.skip_string()) return false;
                break;
            case 't':
                if (!c.literal("true", 4)) return false;
                break;
            case 'f':
                if (!c.literal("false", 5)) return false;
                break;
            case 'n':
                if (!c.literal("null", 4)) return false;
                break;
            default: {
                const char ch = c.peek();
                if (ch != '-' && (ch < '0' || ch > '9'))
                    return c.fail(errc::bad_json, "unexpected character");
                NumTok t;
                if (!c.number(t, stream && depth == 0)) return false;
                break;
            }
        }
        // After a value: close containers or move to the next item.
        for (;;) {
            if (depth == 0) return true;
            if (!c.ws_more()) return false;
            const char ch = c.peek();
            if (top_is_obj()) {
                if (ch == ',') {
                    c.bump();
                    if (!member_name()) return false;
                    break;
                }
                if (ch != '}') return c.fail(errc::bad_json, "expected ',' or '}'");
            } else {
                if (ch == ',') {
                    c.bump();
                    break;
                }
                if (ch != ']') return c.fail(errc::bad_json, "expected ',' or ']'");
            }
            c.bump();
            --depth;
        }
    }
}

// ---- reader ---------------------------------------------------------------------------------------

// Builds a kids vector by moving the arguments (an initializer_list would copy them).
template <class... A>
std::vector<Value> kids_of(A&&... a) {
    std::vector<Value> v;
    v.reserve(sizeof...(a));
    (v.push_back(std::forward<A>(a)), ...);
    return v;
}

Value str_list(std::string_view s) { return Value::list(kids_of(Value::string(std::string(s)))); }

class Reader {
public:
    Reader(std::string_view in, const GsOptions& o)
        : c_(in),
          v4_(o.version == GsVersion::v4),
          typed_(o.typed),
          max_depth_(std::min(o.max_depth, hard_depth_limit)) {}

    Cursor& cursor() { return c_; }

    // Parses any value; `depth` = containers open around it.
    bool value(Value& out, std::size_t depth) {
        if (!c_.ws_more()) return false;
        switch (c_.peek()) {
            case '{':
                return object(out, depth);
            case '[': {
                std::vector<Value> items;
                if (!array(items, depth)) return false;
                out = Value::list(std::move(items));
                return true;
            }
            default:
                return plain_scalar(out);
        }
    }

    // Strings, literals and numbers: out of value()'s frame, which the recursion carries.
    [[gnu::noinline]] bool plain_scalar(Value& out) {
        switch (c_.peek()) {
            case '"': {
                std::string s;
                if (!c_.string_into(s)) return false;
                out = Value::string(std::move(s));
                return true;
            }
            case 't':
                if (!c_.literal("true", 4)) return false;
                out = Value::boolean(true);
                return true;
            case 'f':
                if (!c_.literal("false", 5)) return false;
                out = Value::boolean(false);
                return true;
            case 'n':
                if (!c_.literal("null", 4)) return false;
                out = Value();
                return true;
            default:
                return plain_number(out);
        }
    }

    // Iterates the members of the object at the cursor; `on_member(key)` must consume the value.
    // The key view is only valid until the value is parsed.
    template <class F>
    bool members(std::size_t depth, F&& on_member) {
        if (!c_.ws_more()) return false;
        if (c_.peek() != '{') return c_.fail(errc::bad_json, "expected a JSON object");
        if (depth >= max_depth_) return c_.fail(errc::too_deep, "JSON nesting exceeds the depth limit");
        c_.bump();
        if (!c_.ws_more()) return false;
        if (c_.peek() == '}') {
            c_.bump();
            return true;
        }
        for (;;) {
            if (!c_.ws_more()) return false;
            if (c_.peek() != '"') return c_.fail(errc::bad_json, "expected member name");
            std::string_view key;
            if (!c_.string(key, key_scratch_)) return false;
            if (!c_.expect(':')) return false;
            if (!on_member(key)) return false;
            if (!c_.ws_more()) return false;
            if (c_.peek() == ',') {
                c_.bump();
                continue;
            }
            if (c_.peek() == '}') {
                c_.bump();
                return true;
            }
            return c_.fail(errc::bad_json, "expected ',' or '}'");
        }
    }

    // Parses the array at the cursor into `items`.
    bool array(std::vector<Value>& items, std::size_t depth) {
        if (!c_.ws_more()) return false;
        if (c_.peek() != '[') return c_.fail(errc::bad_json, "expected a JSON array");
        if (depth >= max_depth_) return c_.fail(errc::too_deep, "JSON nesting exceeds the depth limit");
        c_.bump();
        if (!c_.ws_more()) return false;
        if (c_.peek() == ']') {
            c_.bump();
            return true;
        }
        for (;;) {
            items.emplace_back();
            if (!value(items.back(), depth + 1)) return false;
            if (!c_.ws_more()) return false;
            if (c_.peek() == ',') {
                c_.bump();
                continue;
            }
            if (c_.peek() == ']') {
                c_.bump();
                return true;
            }
            return c_.fail(errc::bad_json, "expected ',' or ']'");
        }
    }

    bool skip(std::size_t depth) {
        return skip_value(c_, max_depth_ > depth ? max_depth_ - depth : 0, false);
    }

private:
    bool object(Value& out, std::size_t depth) {
        if (depth >= max_depth_) return c_.fail(errc::too_deep, "JSON nesting exceeds the depth limit");
        const char* open = c_.pos();
        c_.bump();
        if (!c_.ws_more()) return false;
        if (c_.peek() == '}') {
            c_.bump();
            out = Value::map();
            return true;
        }
        if (c_.peek() != '"') return c_.fail(errc::bad_json, "expected member name");
        std::string_view key;
        if (!c_.string(key, key_scratch_)) return false;
        if (typed_ && json::eq(key, "@type")) return typed_object(out, depth);
        if (typed_ && json::eq(key, "@value")) return value_first_object(out, depth);
        // A plain object: a Map with String keys.
        c_.set_pos(open);
        std::vector<Value> kv;
        if (!members(depth, [&](std::string_view k) {
                kv.push_back(Value::string(std::string(k)));
                kv.emplace_back();
                return value(kv.back(), depth + 1);
            }))
            return false;
        out = Value::map(std::move(kv));
        return true;
    }

    // {"@type": T, "@value": V} with the cursor after the "@type" name.
    bool typed_object(Value& out, std::size_t depth) {
        if (!c_.expect(':') || !c_.ws_more()) return false;
        if (c_.peek() != '"') return c_.fail(errc::bad_json, "@type must be a string");
        std::string tscratch;
        std::string_view type;
        if (!c_.string(type, tscratch)) return false;
        std::string type_copy;
        if (type.data() == tscratch.data()) type_copy = std::move(tscratch), type = type_copy;
        if (!c_.expect(',') || !c_.ws_more()) return false;
        if (c_.peek() != '"') return c_.fail(errc::bad_json, "expected \"@value\"");
        std::string_view key;
        if (!c_.string(key, key_scratch_)) return false;
        if (!json::eq(key, "@value")) return c_.fail(errc::bad_json, "expected \"@value\" after \"@type\"");
        if (!c_.expect(':')) return false;
        if (!typed_value(type, out, depth + 1)) return false;
        if (!c_.ws_more()) return false;
        if (c_.peek() != '}') return c_.fail(errc::bad_json, "unexpected member after @value");
        c_.bump();
        return true;
    }

    // {"@value": V, "@type": T} (member order reversed) with the cursor after the "@value" name.
    bool value_first_object(Value& out, std::size_t depth) {
        if (!c_.expect(':') || !c_.ws_more()) return false;
        const char* vpos = c_.pos();
        if (!skip(depth + 1)) return false;
        if (!c_.expect(',') || !c_.ws_more()) return false;
        if (c_.peek() != '"') return c_.fail(errc::bad_json, "expected \"@type\"");
        std::string_view key;
        if (!c_.string(key, key_scratch_)) return false;
        if (!json::eq(key, "@type")) return c_.fail(errc::bad_json, "expected \"@type\" after \"@value\"");
        if (!c_.expect(':') || !c_.ws_more()) return false;
        if (c_.peek() != '"') return c_.fail(errc::bad_json, "@type must be a string");
        std::string type;
        if (!c_.string_into(type)) return false;
        if (!c_.expect('}')) return false;
        const char* end = c_.pos();
        c_.set_pos(vpos);
        if (!typed_value(type, out, depth + 1)) return false;
        c_.set_pos(end);
        return true;
    }

    bool number_tok(NumTok& t) {
        if (!c_.ws_more()) return false;
        const char ch = c_.peek();
        if (ch != '-' && (ch < '0' || ch > '9')) return c_.fail(errc::bad_json, "expected a number");
        return c_.number(t);
    }

    // A bare JSON number: Int (3.0, when it fits) / Long / BigInteger, or Double.
    bool plain_number(Value& out) {
        const char* at = c_.pos();
        NumTok t;
        if (!number_tok(t)) return false;
        if (t.integer) {
            std::int64_t v;
            if (to_i64(t.text, v)) {
                if (!v4_ && v >= INT32_MIN && v <= INT32_MAX)
                    out = Value::int_(static_cast<std::int32_t>(v));
                else
                    out = Value::long_(v);
                return true;
            }
            std::string b;
            if (!gs_detail::decimal_to_twos(t.text, b))
                return c_.fail_at(at, errc::bad_value, "integer too long");
            out = Value::big_integer(std::move(b));
            return true;
        }
        double d;
        if (!to_real(t.text, d)) return c_.fail_at(at, errc::bad_value, "invalid number");
        out = Value::double_(d);
        return true;
    }

    bool typed_int(std::int64_t lo, std::int64_t hi, std::int64_t& v) {
        const char* at = c_.pos();
        NumTok t;
        if (!number_tok(t)) return false;
        if (!t.integer || !to_i64(t.text, v) || v < lo || v > hi)
            return c_.fail_at(at, errc::bad_value, "integer out of range for its @type");
        return true;
    }

    template <class F>
    bool typed_real(F& v) {
        if (!c_.ws_more()) return false;
        const char* at = c_.pos();
        if (c_.peek() == '"') {
            std::string_view s;
            std::string scratch;
            if (!c_.string(s, scratch)) return false;
            if (s == "NaN")
                v = std::numeric_limits<F>::quiet_NaN();
            else if (s == "Infinity")
                v = std::numeric_limits<F>::infinity();
            else if (s == "-Infinity")
                v = -std::numeric_limits<F>::infinity();
            else
                return c_.fail_at(at, errc::bad_value, "invalid floating-point string");
            return true;
        }
        NumTok t;
        if (!number_tok(t)) return false;
        if (!to_real(t.text, v)) return c_.fail_at(at, errc::bad_value, "invalid number");
        return true;
    }

    bool typed_string(std::string& s) {
        if (!c_.ws_more()) return false;
        if (c_.peek() != '"') return c_.fail(errc::bad_json, "expected a JSON string for this @type");
        return c_.string_into(s);
    }

    // The text of a JSON number or string (for BigInteger/BigDecimal).
    bool number_text(std::string& text) {
        if (!c_.ws_more()) return false;
        if (c_.peek() == '"') return c_.string_into(text);
        NumTok t;
        if (!number_tok(t)) return false;
        text.assign(t.text);
        return true;
    }

    // "label": "x" or ["x", …] -> List of String.
    bool labels(Value& out, std::size_t depth) {
        if (!c_.ws_more()) return false;
        if (c_.peek() == '"') {
            std::string s;
            if (!c_.string_into(s)) return false;
            out = Value::list(kids_of(Value::string(std::move(s))));
            return true;
        }
        const char* at = c_.pos();
        std::vector<Value> items;
        if (!array(items, depth)) return false;
        for (const auto& i : items)
            if (i.type() != Type::string) return c_.fail_at(at, errc::bad_json, "labels must be strings");
        out = Value::list(std::move(items));
        return true;
    }

    // Meta-properties {key: value, …} -> List of Property.
    bool meta_properties(Value& out, std::size_t depth) {
        std::vector<Value> props;
        if (!members(depth, [&](std::string_view k) {
                std::string key(k);
                Value v;
                if (!value(v, depth + 1)) return false;
                props.push_back(Value::property(std::move(key), std::move(v)));
                return true;
            }))
            return false;
        out = Value::list(std::move(props));
        return true;
    }

    static Value map_get(const Value& m, std::string_view key) {
        const Value* v = m.find(key);
        return v ? *v : Value();
    }

    // A vertex property given as a plain object (adjacency files) or as a Map.
    bool vp_from_map(const Value& m, std::string_view key, Value& out) {
        Value props;
        if (const Value* p = m.find("properties")) {
            if (p->type() != Type::map)
                return c_.fail(errc::bad_json, "vertex property \"properties\" must be an object");
            std::vector<Value> list;
            for (std::size_t i = 0; i + 1 < p->size(); i += 2)
                list.push_back(Value::property((*p)[i].str(), (*p)[i + 1]));
            props = Value::list(std::move(list));
        }
        Value labels = str_list(key);
        if (const Value* l = m.find("label")) {
            if (l->type() == Type::string)
                labels = str_list(l->str());
            else if (l->type() == Type::list)
                labels = *l;
        }
        out = Value::compound(Type::vertex_property, kids_of(map_get(m, "id"), std::move(labels),
                                                             map_get(m, "value"), Value(), std::move(props)));
        return true;
    }

    bool vertex_properties(Value& out, std::size_t depth) {
        std::vector<Value> props;
        if (!members(depth, [&](std::string_view k) {
                std::string key(k);
                const char* at = c_.pos();
                std::vector<Value> items;
                if (!array(items, depth + 1)) return false;
                for (auto& it : items) {
                    if (it.type() == Type::vertex_property) {
                        if (it.size() > 1 && it[1].type() == Type::list && it[1].size() == 0)
                            it.kids()[1] = str_list(key);
                        props.push_back(std::move(it));
                    } else if (it.type() == Type::map) {
                        Value vp;
                        if (!vp_from_map(it, key, vp)) return false;
                        props.push_back(std::move(vp));
                    } else {
                        return c_.fail_at(at, errc::bad_json,
                                          "vertex properties must be VertexProperty objects");
                    }
                }
                return true;
            }))
            return false;
        out = Value::list(std::move(props));
        return true;
    }

    bool vertex(Value& out, std::size_t depth) {
        Value id, labs = Value::list(), props;
        if (!members(depth, [&](std::string_view k) {
                if (json::eq(k, "id")) return value(id, depth + 1);
                if (json::eq(k, "label")) return labels(labs, depth + 1);
                if (json::eq(k, "properties")) return vertex_properties(props, depth + 1);
                return skip(depth + 1);
            }))
            return false;
        out = Value::compound(Type::vertex, kids_of(std::move(id), std::move(labs), std::move(props)));
        return true;
    }

    bool vertex_property(Value& out, std::size_t depth) {
        Value id, labs = Value::list(), val, props;
        if (!members(depth, [&](std::string_view k) {
                if (json::eq(k, "id")) return value(id, depth + 1);
                if (json::eq(k, "label")) return labels(labs, depth + 1);
                if (json::eq(k, "value")) return value(val, depth + 1);
                if (json::eq(k, "properties")) return meta_properties(props, depth + 1);
                return skip(depth + 1);
            }))
            return false;
        out = Value::compound(Type::vertex_property, kids_of(std::move(id), std::move(labs), std::move(val),
                                                             Value(), std::move(props)));
        return true;
    }

    bool property(Value& out, std::size_t depth) {
        std::string key;
        Value val;
        bool has_key = false;
        if (!members(depth, [&](std::string_view k) {
                if (json::eq(k, "key")) {
                    has_key = true;
                    return typed_string(key);
                }
                if (json::eq(k, "value")) return value(val, depth + 1);
                return skip(depth + 1);
            }))
            return false;
        if (!has_key) return c_.fail(errc::bad_json, "g:Property without \"key\"");
        out = Value::property(std::move(key), std::move(val));
        return true;
    }

    // inV/outV: a bare id (3.0) or {"id": …, "label": […]} (4.0).
    static void endpoint(Value&& v, Value& id, Value& labs) {
        if (v.type() == Type::map && v.find("id")) {
            id = map_get(v, "id");
            if (const Value* l = v.find("label")) {
                if (l->type() == Type::string)
                    labs = str_list(l->str());
                else if (l->type() == Type::list)
                    labs = *l;
            }
            return;
        }
        id = std::move(v);
    }

    bool edge_properties(Value& out, std::size_t depth) {
        std::vector<Value> props;
        if (!members(depth, [&](std::string_view k) {
                std::string key(k);
                Value v;
                if (!value(v, depth + 1)) return false;
                const auto add = [&](Value&& p) {
                    if (p.type() == Type::property)
                        props.push_back(std::move(p));
                    else
                        props.push_back(Value::property(key, std::move(p)));
                };
                if (v.type() == Type::list) {
                    for (auto& p : v.kids()) add(std::move(p));
                } else {
                    add(std::move(v));
                }
                return true;
            }))
            return false;
        out = Value::list(std::move(props));
        return true;
    }

    bool edge(Value& out, std::size_t depth) {
        Value id, labs = Value::list(), in_id, in_labs = Value::list(), out_id, out_labs = Value::list(),
                  props;
        if (!members(depth, [&](std::string_view k) {
                if (json::eq(k, "id")) return value(id, depth + 1);
                if (json::eq(k, "label")) return labels(labs, depth + 1);
                if (json::eq(k, "inVLabel")) return labels(in_labs, depth + 1);
                if (json::eq(k, "outVLabel")) return labels(out_labs, depth + 1);
                if (json::eq(k, "inV") || json::eq(k, "outV")) {
                    const bool in = json::eq(k, "inV");
                    Value v;
                    if (!value(v, depth + 1)) return false;
                    endpoint(std::move(v), in ? in_id : out_id, in ? in_labs : out_labs);
                    return true;
                }
                if (json::eq(k, "properties")) return edge_properties(props, depth + 1);
                return skip(depth + 1);
            }))
            return false;
        out = Value::compound(Type::edge,
                              kids_of(std::move(id), std::move(labs), std::move(in_id), std::move(in_labs),
                                      std::move(out_id), std::move(out_labs), Value(), std::move(props)));
        return true;
    }

    // Generic object members into a name -> Value map (for the rare compound types).
    bool fields(std::vector<std::pair<std::string, Value>>& f, std::size_t depth) {
        return members(depth, [&](std::string_view k) {
            f.emplace_back(std::string(k), Value());
            return value(f.back().second, depth + 1);
        });
    }
    static Value take(std::vector<std::pair<std::string, Value>>& f, std::string_view key) {
        for (auto& [k, v] : f)
            if (k == key) return std::move(v);
        return Value();
    }
    static bool has(const std::vector<std::pair<std::string, Value>>& f, std::string_view key) {
        for (auto& kv : f)
            if (kv.first == key) return true;
        return false;
    }

    static Value as_list(Value v) {
        if (v.type() == Type::list) return v;
        if (v.type() == Type::set) return Value::list(std::move(v.kids()));
        if (v.is_null()) return Value::list();
        return Value::list(kids_of(std::move(v)));
    }

    bool bad_shape(const char* at, const char* msg) { return c_.fail_at(at, errc::bad_json, msg); }

    // Metrics map (from @value) -> Type::metrics.
    bool metrics_from(Value&& m, Value& out, const char* at) {
        if (m.type() != Type::map) return bad_shape(at, "g:Metrics value must be a map");
        std::int64_t ns = 0;
        if (!dur_ns(map_get(m, "dur"), ns, at)) return false;
        Value counts = map_get(m, "counts"), ann = map_get(m, "annotations"), nested = map_get(m, "metrics");
        if (counts.is_null()) counts = Value::map();
        if (ann.is_null()) ann = Value::map();
        if (counts.type() != Type::map || ann.type() != Type::map)
            return bad_shape(at, "g:Metrics counts/annotations must be maps");
        nested = as_list(std::move(nested));
        for (const auto& n : nested.kids())
            if (n.type() != Type::metrics) return bad_shape(at, "nested metrics must be g:Metrics");
        out = Value::compound(Type::metrics, kids_of(map_get(m, "id"), map_get(m, "name"), Value::long_(ns),
                                                     std::move(counts), std::move(ann), std::move(nested)));
        return true;
    }
    bool dur_ns(const Value& d, std::int64_t& ns, const char* at) {
        if (d.is_null()) {
            ns = 0;
            return true;
        }
        if (!d.is_number()) return c_.fail_at(at, errc::bad_value, "metrics dur must be a number");
        const double x = d.to_double() * 1e6;
        if (!(std::fabs(x) < 9.2e18)) return c_.fail_at(at, errc::bad_value, "metrics dur out of range");
        ns = std::llround(x);
        return true;
    }

    // One @type: the types that contain values each get a frame of their own, so the recursion
    // (value -> object -> typed_value -> typed_list -> array -> value ...) carries only what
    // nesting needs, not every scalar case's locals (issue 11 #15: with them a level of typed
    // nesting took 15.6 KB of stack under ASan+UBSan).
    bool typed_value(std::string_view type, Value& out, std::size_t depth) {
        const Tag tag = lookup_tag(type);
        if (!c_.ws_more()) return false;
        const char* at = c_.pos();
        switch (tag) {
            case Tag::list:
            case Tag::set:
                return typed_list(type, tag, out, depth, at);
            case Tag::map:
                return typed_map(type, tag, out, depth, at);
            case Tag::bulk_set:
                return typed_bulk_set(type, tag, out, depth, at);
            case Tag::vertex:
                return typed_vertex(type, tag, out, depth, at);
            case Tag::edge:
                return typed_edge(type, tag, out, depth, at);
            case Tag::vertex_property:
                return typed_vertex_property(type, tag, out, depth, at);
            case Tag::property:
                return typed_property(type, tag, out, depth, at);
            case Tag::path:
                return typed_path(type, tag, out, depth, at);
            case Tag::tree:
                return typed_tree(type, tag, out, depth, at);
            case Tag::graph:
                return typed_graph(type, tag, out, depth, at);
            case Tag::traverser:
                return typed_traverser(type, tag, out, depth, at);
            case Tag::p:
            case Tag::text_p:
                return typed_p(type, tag, out, depth, at);
            case Tag::lambda:
                return typed_lambda(type, tag, out, depth, at);
            case Tag::binding:
                return typed_binding(type, tag, out, depth, at);
            case Tag::bytecode:
                return typed_bytecode(type, tag, out, depth, at);
            case Tag::metrics:
                return typed_metrics(type, tag, out, depth, at);
            case Tag::traversal_metrics:
                return typed_traversal_metrics(type, tag, out, depth, at);
            case Tag::composite_pdt:
            case Tag::primitive_pdt:
                return typed_composite_pdt(type, tag, out, depth, at);
            case Tag::strategy:
                return typed_strategy(type, tag, out, depth, at);
            case Tag::unknown:
                return typed_unknown(type, tag, out, depth, at);
            default:
                return typed_scalar(type, tag, out, at);
        }
    }

    // The @types that hold no other value.
    [[gnu::noinline]] bool typed_scalar(std::string_view type, Tag tag, Value& out, const char* at) {
        std::int64_t i = 0;
        std::string s;
        switch (tag) {
            case Tag::int32:
                if (!typed_int(INT32_MIN, INT32_MAX, i)) return false;
                out = Value::int_(static_cast<std::int32_t>(i));
                return true;
            case Tag::int64:
                if (!typed_int(INT64_MIN, INT64_MAX, i)) return false;
                out = Value::long_(i);
                return true;
            case Tag::int16:
                if (!typed_int(INT16_MIN, INT16_MAX, i)) return false;
                out = Value::short_(static_cast<std::int16_t>(i));
                return true;
            case Tag::byte:
                if (!typed_int(INT8_MIN, INT8_MAX, i)) return false;
                out = Value::byte(static_cast<std::int8_t>(i));
                return true;
            case Tag::date:
            case Tag::timestamp:
                if (!typed_int(INT64_MIN, INT64_MAX, i)) return false;
                out = tag == Tag::date ? Value::date(i) : Value::timestamp(i);
                return true;
            case Tag::double_: {
                double d;
                if (!typed_real(d)) return false;
                out = Value::double_(d);
                return true;
            }
            case Tag::float_: {
                float f;
                if (!typed_real(f)) return false;
                out = Value::float_(f);
                return true;
            }
            case Tag::big_integer: {
                if (!number_text(s)) return false;
                std::string b;
                if (!gs_detail::decimal_to_twos(s, b))
                    return c_.fail_at(at, errc::bad_value, "invalid BigInteger");
                out = Value::big_integer(std::move(b));
                return true;
            }
            case Tag::big_decimal: {
                if (!number_text(s)) return false;
                std::int32_t scale;
                std::string b;
                if (!gs_detail::parse_big_decimal(s, scale, b))
                    return c_.fail_at(at, errc::bad_value, "invalid BigDecimal");
                out = Value::big_decimal(scale, std::move(b));
                return true;
            }
            case Tag::char_: {
                if (!typed_string(s)) return false;
                if (s.empty()) return c_.fail_at(at, errc::bad_value, "empty Char");
                const auto c0 = static_cast<unsigned char>(s[0]);
                const std::size_t n = c0 < 0x80 ? 1 : c0 < 0xe0 ? 2 : c0 < 0xf0 ? 3 : 4;
                if (s.size() != n) return c_.fail_at(at, errc::bad_value, "Char must hold one character");
                out = Value::char_(std::move(s));
                return true;
            }
            case Tag::uuid: {
                if (!typed_string(s)) return false;
                model::Uuid u;
                if (!model::uuid_from_string(s, u)) return c_.fail_at(at, errc::bad_value, "invalid UUID");
                out = Value::uuid(u);
                return true;
            }
            case Tag::duration: {
                if (!typed_string(s)) return false;
                std::int64_t sec;
                std::int32_t nanos;
                if (!gs_detail::parse_duration(s, sec, nanos))
                    return c_.fail_at(at, errc::bad_value, "invalid Duration");
                out = Value::duration(sec, nanos);
                return true;
            }
            case Tag::binary: {
                if (!typed_string(s)) return false;
                std::string b;
                if (!gs_detail::base64_decode(s, b)) return c_.fail_at(at, errc::bad_value, "invalid base64");
                out = Value::binary(std::move(b));
                return true;
            }
            case Tag::class_:
                if (!typed_string(s)) return false;
                out = Value::class_(std::move(s));
                return true;
            case Tag::inet: {
                if (!typed_string(s)) return false;
                std::string b;
                if (!gs_detail::parse_inet(s, b))
                    return c_.fail_at(at, errc::bad_value, "invalid InetAddress");
                out = Value::inet_address(std::move(b));
                return true;
            }
            case Tag::datetime:
            case Tag::instant:
            case Tag::local_date:
            case Tag::local_date_time:
            case Tag::local_time:
            case Tag::month_day:
            case Tag::offset_date_time:
            case Tag::offset_time:
            case Tag::period:
            case Tag::year:
            case Tag::year_month:
            case Tag::zoned_date_time:
            case Tag::zone_offset: {
                if (!typed_string(s)) return false;
                std::vector<Value> f;
                std::string zone;
                const TemporalKind kind = temporal_kind_of(tag);
                if (!gs_detail::parse_temporal(kind, s, f, zone))
                    return c_.fail_at(at, errc::bad_value, "invalid date/time text");
                out = Value::compound(Type::temporal, std::move(f), std::move(zone), 0,
                                      static_cast<std::uint8_t>(kind));
                return true;
            }
            case Tag::e_barrier:
            case Tag::e_cardinality:
            case Tag::e_column:
            case Tag::e_direction:
            case Tag::e_operator:
            case Tag::e_order:
            case Tag::e_pick:
            case Tag::e_pop:
            case Tag::e_scope:
            case Tag::e_t:
            case Tag::e_merge:
            case Tag::e_dt:
            case Tag::e_gtype:
                if (!typed_string(s)) return false;
                out = Value::enum_(enum_kind_of(tag), std::move(s));
                return true;
            default:
                break;
        }
        return bad_shape(at, "unhandled @type");
    }

    [[gnu::noinline]] bool typed_list(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                      const char* at) {
        std::vector<Value> items;
        if (!array(items, depth)) return false;
        out = tag == Tag::list ? Value::list(std::move(items)) : Value::set(std::move(items));
        return true;
    }

    [[gnu::noinline]] bool typed_map(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                     const char* at) {
        std::vector<Value> kv;
        if (!array(kv, depth)) return false;
        if (kv.size() % 2 != 0) return bad_shape(at, "g:Map needs an even number of items");
        out = Value::map(std::move(kv));
        return true;
    }

    [[gnu::noinline]] bool typed_bulk_set(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                          const char* at) {
        std::vector<Value> kv;
        if (!array(kv, depth)) return false;
        if (kv.size() % 2 != 0) return bad_shape(at, "g:BulkSet needs item/bulk pairs");
        for (std::size_t k = 1; k < kv.size(); k += 2) {
            const Type t = kv[k].type();
            if (t != Type::long_ && t != Type::int_ && t != Type::short_ && t != Type::byte)
                return c_.fail_at(at, errc::bad_value, "g:BulkSet bulk must be an integer");
            kv[k] = Value::long_(kv[k].as_int());
        }
        out = Value::bulk_set(std::move(kv));
        return true;
    }

    [[gnu::noinline]] bool typed_vertex(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                        const char* at) {
        return vertex(out, depth);
    }

    [[gnu::noinline]] bool typed_edge(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                      const char* at) {
        return edge(out, depth);
    }

    [[gnu::noinline]] bool typed_vertex_property(std::string_view type, Tag tag, Value& out,
                                                 std::size_t depth, const char* at) {
        return vertex_property(out, depth);
    }

    [[gnu::noinline]] bool typed_property(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                          const char* at) {
        return property(out, depth);
    }

    [[gnu::noinline]] bool typed_path(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                      const char* at) {
        Value labs = Value::list(), objs = Value::list();
        if (!members(depth, [&](std::string_view k) {
                if (json::eq(k, "labels")) return value(labs, depth + 1);
                if (json::eq(k, "objects")) return value(objs, depth + 1);
                return skip(depth + 1);
            }))
            return false;
        if (labs.type() != Type::list || objs.type() != Type::list)
            return bad_shape(at, "g:Path labels/objects must be lists");
        out = Value::path(std::move(labs), std::move(objs));
        return true;
    }

    [[gnu::noinline]] bool typed_tree(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                      const char* at) {
        std::vector<Value> kv;
        if (!c_.ws_more()) return false;
        if (c_.peek() != '[') return bad_shape(at, "g:Tree value must be an array");
        if (depth >= max_depth_) return c_.fail(errc::too_deep, "JSON nesting exceeds the depth limit");
        c_.bump();
        if (!c_.ws_more()) return false;
        if (c_.peek() == ']') {
            c_.bump();
            out = Value::tree({});
            return true;
        }
        for (;;) {
            Value key, sub;
            bool has_sub = false;
            if (!members(depth + 1, [&](std::string_view k) {
                    if (json::eq(k, "key")) return value(key, depth + 2);
                    if (json::eq(k, "value")) {
                        has_sub = true;
                        return value(sub, depth + 2);
                    }
                    return skip(depth + 2);
                }))
                return false;
            if (!has_sub || sub.type() != Type::tree)
                return bad_shape(at, "g:Tree entry value must be a g:Tree");
            kv.push_back(std::move(key));
            kv.push_back(std::move(sub));
            if (!c_.ws_more()) return false;
            if (c_.peek() == ',') {
                c_.bump();
                continue;
            }
            if (c_.peek() == ']') {
                c_.bump();
                break;
            }
            return c_.fail(errc::bad_json, "expected ',' or ']'");
        }
        out = Value::tree(std::move(kv));
        return true;
    }

    [[gnu::noinline]] bool typed_graph(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                       const char* at) {
        std::vector<std::pair<std::string, Value>> f;
        if (!fields(f, depth)) return false;
        Value vs = as_list(take(f, "vertices")), es = as_list(take(f, "edges"));
        for (const auto& v : vs.kids())
            if (v.type() != Type::vertex) return bad_shape(at, "graph vertices must be g:Vertex");
        for (const auto& e : es.kids())
            if (e.type() != Type::edge) return bad_shape(at, "graph edges must be g:Edge");
        out = Value::graph(std::move(vs), std::move(es));
        return true;
    }

    [[gnu::noinline]] bool typed_traverser(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                           const char* at) {
        std::vector<std::pair<std::string, Value>> f;
        if (!fields(f, depth)) return false;
        const Value bulk = take(f, "bulk");
        if (!bulk.is_null() &&
            (!bulk.is_number() || bulk.type() == Type::double_ || bulk.type() == Type::float_))
            return c_.fail_at(at, errc::bad_value, "g:Traverser bulk must be an integer");
        out = Value::traverser(bulk.is_null() ? 1 : bulk.to_int64(), take(f, "value"));
        return true;
    }

    [[gnu::noinline]] bool typed_p(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                   const char* at) {
        std::vector<std::pair<std::string, Value>> f;
        if (!fields(f, depth)) return false;
        const Value pred = take(f, "predicate");
        if (pred.type() != Type::string) return bad_shape(at, "P predicate must be a string");
        Value v = take(f, "value");
        const std::string& name = pred.str();
        std::vector<Value> args;
        const bool multi = name == "and" || name == "or" || name == "within" || name == "without" ||
                           name == "between" || name == "inside" || name == "outside";
        if (multi && (v.type() == Type::list || v.type() == Type::set))
            args = std::move(v.kids());
        else
            args.push_back(std::move(v));
        out = tag == Tag::p ? Value::p(name, std::move(args)) : Value::text_p(name, std::move(args));
        return true;
    }

    [[gnu::noinline]] bool typed_lambda(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                        const char* at) {
        std::vector<std::pair<std::string, Value>> f;
        if (!fields(f, depth)) return false;
        const Value script = take(f, "script"), lang = take(f, "language"), args = take(f, "arguments");
        if (script.type() != Type::string || (!lang.is_null() && lang.type() != Type::string))
            return bad_shape(at, "g:Lambda script/language must be strings");
        std::int64_t n = -1;
        if (!args.is_null()) {
            if (args.type() != Type::int_ && args.type() != Type::long_)
                return bad_shape(at, "g:Lambda arguments must be an integer");
            n = args.as_int();
            if (n < INT32_MIN || n > INT32_MAX)
                return c_.fail_at(at, errc::bad_value, "g:Lambda arguments out of range");
        }
        out = Value::lambda(lang.is_null() ? "gremlin-groovy" : lang.str(), script.str(),
                            static_cast<std::int32_t>(n));
        return true;
    }

    [[gnu::noinline]] bool typed_binding(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                         const char* at) {
        std::vector<std::pair<std::string, Value>> f;
        if (!fields(f, depth)) return false;
        const Value key = take(f, "key");
        if (key.type() != Type::string) return bad_shape(at, "g:Binding key must be a string");
        out = Value::binding(key.str(), take(f, "value"));
        return true;
    }

    [[gnu::noinline]] bool typed_bytecode(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                          const char* at) {
        std::vector<std::pair<std::string, Value>> f;
        if (!fields(f, depth)) return false;
        Value steps = as_list(take(f, "step")), sources = as_list(take(f, "source"));
        for (const Value* l : {&steps, &sources})
            for (const auto& ins : l->kids())
                if (ins.type() != Type::list || ins.size() == 0 || ins[0].type() != Type::string)
                    return bad_shape(at, "bytecode instructions must be [name, args…]");
        out = Value::bytecode(std::move(steps), std::move(sources));
        return true;
    }

    [[gnu::noinline]] bool typed_metrics(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                         const char* at) {
        Value m;
        if (!value(m, depth)) return false;
        return metrics_from(std::move(m), out, at);
    }

    [[gnu::noinline]] bool typed_traversal_metrics(std::string_view type, Tag tag, Value& out,
                                                   std::size_t depth, const char* at) {
        Value m;
        if (!value(m, depth)) return false;
        if (m.type() != Type::map) return bad_shape(at, "g:TraversalMetrics value must be a map");
        std::int64_t ns = 0;
        if (!dur_ns(map_get(m, "dur"), ns, at)) return false;
        Value list = as_list(map_get(m, "metrics"));
        for (const auto& n : list.kids())
            if (n.type() != Type::metrics) return bad_shape(at, "traversal metrics must be g:Metrics");
        out = Value::compound(Type::traversal_metrics, kids_of(Value::long_(ns), std::move(list)));
        return true;
    }

    [[gnu::noinline]] bool typed_composite_pdt(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                               const char* at) {
        std::vector<std::pair<std::string, Value>> f;
        if (!fields(f, depth)) return false;
        const Value name = take(f, "type");
        if (name.type() != Type::string) return bad_shape(at, "PDT type must be a string");
        if (tag == Tag::composite_pdt) {
            Value fl = take(f, "fields");
            if (fl.is_null()) fl = Value::map();
            if (fl.type() != Type::map) return bad_shape(at, "CompositePdt fields must be a map");
            out = Value::compound(Type::composite_pdt, {std::move(fl)}, name.str());
        } else {
            Value v = take(f, "value");
            if (v.type() != Type::string) return bad_shape(at, "PrimitivePdt value must be a string");
            out = Value::compound(Type::primitive_pdt, {std::move(v)}, name.str());
        }
        return true;
    }

    [[gnu::noinline]] bool typed_strategy(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                          const char* at) {
        Value conf;
        if (!value(conf, depth)) return false;
        if (conf.type() != Type::map) return bad_shape(at, "strategy configuration must be a map");
        const std::size_t colon = type.find(':');
        out = Value::compound(Type::strategy,
                              {Value::string(std::string(type.substr(colon + 1))), std::move(conf)});
        return true;
    }

    [[gnu::noinline]] bool typed_unknown(std::string_view type, Tag tag, Value& out, std::size_t depth,
                                         const char* at) {
        if (!skip(depth)) return false;
        std::string text(at, c_.pos());
        out = Value::compound(Type::raw, {Value::string(std::string(type))}, std::move(text), 0, 0);
        return true;
    }

    Cursor c_;
    bool v4_;
    bool typed_;
    std::size_t max_depth_;
    std::string key_scratch_;
};

// ---- writer ---------------------------------------------------------------------------------------

class Writer {
public:
    Writer(std::string& out, const GsOptions& o)
        : o_(out), v4_(o.version == GsVersion::v4), typed_(o.typed) {}

    void value(const Value& v) {
        switch (v.type()) {
            case Type::null:
                o_.append("null");
                return;
            case Type::boolean:
                o_.append(v.as_bool() ? "true" : "false");
                return;
            case Type::byte:
                integer(v4_ ? "g:Byte" : "gx:Byte", v.as_int());
                return;
            case Type::short_:
                integer(v4_ ? "g:Int16" : "gx:Int16", v.as_int());
                return;
            case Type::int_:
                integer("g:Int32", v.as_int());
                return;
            case Type::long_:
                integer("g:Int64", v.as_int());
                return;
            case Type::float_:
                real("g:Float", v.as_double(), true);
                return;
            case Type::double_:
                real("g:Double", v.as_double(), false);
                return;
            case Type::big_integer:
                open(v4_ ? "g:BigInteger" : "gx:BigInteger");
                if (v.str().size() > 8192)
                    real_text(v.to_double());  // keeps the quadratic conversion bounded
                else
                    gs_detail::twos_to_decimal(v.str(), o_);
                close();
                return;
            case Type::big_decimal:
                open(v4_ ? "g:BigDecimal" : "gx:BigDecimal");
                if (v.str().size() > 8192)
                    real_text(v.to_double());
                else
                    gs_detail::format_big_decimal(o_, static_cast<std::int32_t>(v.as_int()), v.str());
                close();
                return;
            case Type::char_:
                open(v4_ ? "g:Char" : "gx:Char");
                json::write_string(o_, v.str());
                close();
                return;
            case Type::string:
                json::write_string(o_, v.str());
                return;
            case Type::uuid: {
                open("g:UUID");
                o_.push_back('"');
                o_.append(model::uuid_to_string(v.as_uuid()));
                o_.push_back('"');
                close();
                return;
            }
            case Type::date:
                integer("g:Date", v.as_int());
                return;
            case Type::timestamp:
                integer("g:Timestamp", v.as_int());
                return;
            case Type::duration:
                open(v4_ ? "g:Duration" : "gx:Duration");
                o_.push_back('"');
                gs_detail::format_duration(o_, v.as_int(), v.nanos());
                o_.push_back('"');
                close();
                return;
            case Type::binary:
                open(v4_ ? "g:Binary" : "gx:ByteBuffer");
                o_.push_back('"');
                gs_detail::base64_encode(o_, v.str());
                o_.push_back('"');
                close();
                return;
            case Type::temporal:
                open(temporal_name(v.temporal_kind()));
                o_.push_back('"');
                gs_detail::format_temporal(o_, v);
                o_.push_back('"');
                close();
                return;
            case Type::list:
                list("g:List", v.kids());
                return;
            case Type::set:
                list("g:Set", v.kids());
                return;
            case Type::map:
                map(v);
                return;
            case Type::bulk_set:
                bulk_set(v);
                return;
            case Type::vertex:
                vertex(v);
                return;
            case Type::edge:
                edge(v);
                return;
            case Type::vertex_property:
                vertex_property(v, false);
                return;
            case Type::property:
                open("g:Property");
                o_.append("{\"key\":");
                json::write_string(o_, kid(v, 0).str());
                o_.append(",\"value\":");
                value(kid(v, 1));
                o_.push_back('}');
                close();
                return;
            case Type::path:
                open("g:Path");
                o_.append("{\"labels\":");
                value(kid(v, 0));
                o_.append(",\"objects\":");
                value(kid(v, 1));
                o_.push_back('}');
                close();
                return;
            case Type::tree:
                tree(v);
                return;
            case Type::graph:
                open(v4_ ? "g:graph" : "tinker:graph");
                o_.append("{\"vertices\":");
                bare_list(kid(v, 0).kids());
                o_.append(",\"edges\":");
                bare_list(kid(v, 1).kids());
                o_.push_back('}');
                close();
                return;
            case Type::traverser:
                open("g:Traverser");
                o_.append("{\"bulk\":");
                integer("g:Int64", v.as_int());
                o_.append(",\"value\":");
                value(kid(v, 0));
                o_.push_back('}');
                close();
                return;
            case Type::enum_:
                open(enum_name(v.enum_kind()));
                json::write_string(o_, v.str());
                close();
                return;
            case Type::bytecode:
                bytecode(v);
                return;
            case Type::p:
            case Type::text_p:
                predicate(v);
                return;
            case Type::binding:
                open("g:Binding");
                o_.append("{\"key\":");
                json::write_string(o_, v.str());
                o_.append(",\"value\":");
                value(kid(v, 0));
                o_.push_back('}');
                close();
                return;
            case Type::lambda:
                open("g:Lambda");
                o_.append("{\"script\":");
                json::write_string(o_, kid(v, 1).str());
                o_.append(",\"language\":");
                json::write_string(o_, kid(v, 0).str());
                o_.append(",\"arguments\":");
                json::write_int(o_, kid(v, 2).as_int());
                o_.push_back('}');
                close();
                return;
            case Type::class_:
                open("g:Class");
                json::write_string(o_, v.str());
                close();
                return;
            case Type::marker:
                o_.append("null");
                return;
            case Type::metrics:
                metrics(v);
                return;
            case Type::traversal_metrics:
                open("g:TraversalMetrics");
                open("g:Map");
                map_open();
                map_key("dur");
                real("g:Double", static_cast<double>(kid(v, 0).as_int()) / 1e6, false);
                map_sep();
                map_key("metrics");
                list("g:List", kid(v, 1).kids());
                map_close();
                close();
                close();
                return;
            case Type::strategy: {
                const std::string& cls = kid(v, 0).str();
                const std::size_t dot = cls.rfind('.');
                const std::string name = "g:" + (dot == std::string::npos ? cls : cls.substr(dot + 1));
                open_escaped(name);
                value(kid(v, 1).type() == Type::map ? kid(v, 1) : Value::map());
                close();
                return;
            }
            case Type::inet_address:
                open("gx:InetAddress");
                o_.push_back('"');
                gs_detail::format_inet(o_, v.str());
                o_.push_back('"');
                close();
                return;
            case Type::composite_pdt:
                open("g:CompositePdt");
                o_.append("{\"type\":");
                json::write_string(o_, v.str());
                o_.append(",\"fields\":");
                value(kid(v, 0).type() == Type::map ? kid(v, 0) : Value::map());
                o_.push_back('}');
                close();
                return;
            case Type::primitive_pdt:
                open("g:PrimitivePdt");
                o_.append("{\"type\":");
                json::write_string(o_, v.str());
                o_.append(",\"value\":");
                json::write_string(o_, kid(v, 0).str());
                o_.push_back('}');
                close();
                return;
            case Type::raw:
                if (v.aux() == 0 && v.size() == 1 && v[0].type() == Type::string && !v.str().empty()) {
                    open_escaped(v[0].str());
                    o_.append(v.str());
                    close();
                } else {
                    open("tpbench:Raw" + std::to_string(v.aux()));
                    o_.push_back('"');
                    gs_detail::base64_encode(o_, v.str());
                    o_.push_back('"');
                    close();
                }
                return;
        }
        o_.append("null");
    }

private:
    static const Value& kid(const Value& v, std::size_t i) {
        static const Value null_value;
        return i < v.size() ? v[i] : null_value;
    }

    void open(std::string_view type) {
        if (!typed_) return;
        o_.append("{\"@type\":\"");
        o_.append(type);
        o_.append("\",\"@value\":");
    }
    // Like open() for a type name that comes from data (raw/strategy): written escaped.
    void open_escaped(std::string_view type) {
        if (!typed_) return;
        o_.append("{\"@type\":");
        json::write_string(o_, type);
        o_.append(",\"@value\":");
    }
    void close() {
        if (typed_) o_.push_back('}');
    }

    void integer(std::string_view type, std::int64_t i) {
        open(type);
        json::write_int(o_, i);
        close();
    }

    void real_text(double d) {
        char buf[40];
        const auto r = std::to_chars(buf, buf + sizeof buf, d);
        o_.append(buf, r.ptr);
        if (std::find_if(buf, r.ptr, [](char c) { return c == '.' || c == 'e'; }) == r.ptr) o_.append(".0");
    }

    void real(std::string_view type, double d, bool is_float) {
        open(type);
        if (std::isnan(d)) {
            o_.append("\"NaN\"");
        } else if (std::isinf(d)) {
            o_.append(d > 0 ? "\"Infinity\"" : "\"-Infinity\"");
        } else {
            char buf[40];
            const auto r = is_float ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(d))
                                    : std::to_chars(buf, buf + sizeof buf, d);
            o_.append(buf, r.ptr);
            if (std::find_if(buf, r.ptr, [](char c) { return c == '.' || c == 'e'; }) == r.ptr)
                o_.append(".0");
        }
        close();
    }

    void bare_list(const std::vector<Value>& items) {
        o_.push_back('[');
        for (std::size_t k = 0; k < items.size(); ++k) {
            if (k) o_.push_back(',');
            value(items[k]);
        }
        o_.push_back(']');
    }
    void list(std::string_view type, const std::vector<Value>& items) {
        open(type);
        bare_list(items);
        close();
    }

    // Map framing: typed g:Map arrays [k, v, …] or untyped objects {k: v, …}.
    void map_open() { o_.push_back(typed_ ? '[' : '{'); }
    void map_close() { o_.push_back(typed_ ? ']' : '}'); }
    void map_sep() { o_.push_back(','); }
    void map_key(std::string_view k) {
        json::write_string(o_, k);
        o_.push_back(typed_ ? ',' : ':');
    }

    // Untyped member name for a non-String map key.
    void key_text(const Value& k) {
        if (k.type() == Type::string) {
            json::write_string(o_, k.str());
            return;
        }
        std::string text;
        switch (k.type()) {
            case Type::null:
            case Type::boolean:
            case Type::byte:
            case Type::short_:
            case Type::int_:
            case Type::long_:
            case Type::float_:
            case Type::double_:
            case Type::big_integer:
            case Type::big_decimal:
            case Type::date:
            case Type::timestamp:
            case Type::enum_:
            case Type::char_:
            case Type::uuid:
            case Type::duration:
            case Type::temporal:
            case Type::class_: {
                Writer w(text, GsOptions{v4_ ? GsVersion::v4 : GsVersion::v3, false, 64});
                w.value(k);
                if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
                    o_.append(text);
                    return;
                }
                break;
            }
            default:
                text = k.to_string();
                break;
        }
        json::write_string(o_, text);
    }

    void map(const Value& v) {
        const auto& kv = v.kids();
        open("g:Map");
        map_open();
        for (std::size_t k = 0; k + 1 < kv.size(); k += 2) {
            if (k) o_.push_back(',');
            if (typed_) {
                value(kv[k]);
                o_.push_back(',');
            } else {
                key_text(kv[k]);
                o_.push_back(':');
            }
            value(kv[k + 1]);
        }
        map_close();
        close();
    }

    void bulk_set(const Value& v) {
        const auto& kv = v.kids();
        if (!v4_ && typed_) {
            open("g:BulkSet");
            o_.push_back('[');
            for (std::size_t k = 0; k + 1 < kv.size(); k += 2) {
                if (k) o_.push_back(',');
                value(kv[k]);
                o_.push_back(',');
                integer("g:Int64", kv[k + 1].to_int64());
            }
            o_.push_back(']');
            close();
            return;
        }
        std::int64_t total = 0;
        for (std::size_t k = 0; k + 1 < kv.size(); k += 2) {
            const std::int64_t b = kv[k + 1].to_int64();
            if (b < 0 || b > max_bulk_expansion)
                total = max_bulk_expansion + 1;
            else
                total += b;
            if (total > max_bulk_expansion) break;
        }
        if (total > max_bulk_expansion && typed_) {
            v4_ = false;
            bulk_set(v);
            v4_ = true;
            return;
        }
        // 4.0 (and untyped): each item repeated bulk times (items once when that would be too many).
        open("g:List");
        o_.push_back('[');
        bool first = true;
        for (std::size_t k = 0; k + 1 < kv.size(); k += 2) {
            const std::int64_t n = total > max_bulk_expansion ? 1 : kv[k + 1].to_int64();
            for (std::int64_t r = 0; r < n; ++r) {
                if (!first) o_.push_back(',');
                first = false;
                value(kv[k]);
            }
        }
        o_.push_back(']');
        close();
    }

    // 3.0: the first label as a string; 4.0: the list of labels.
    void labels(const Value& l) {
        if (v4_) {
            o_.push_back('[');
            for (std::size_t k = 0; k < l.size(); ++k) {
                if (k) o_.push_back(',');
                json::write_string(o_, l[k].str());
            }
            o_.push_back(']');
        } else {
            json::write_string(o_, l.type() == Type::list && l.size() > 0 ? std::string_view(l[0].str())
                                                                          : std::string_view(l.str()));
        }
    }

    static std::string_view first_label(const Value& l) {
        if (l.type() == Type::list) return l.size() > 0 ? std::string_view(l[0].str()) : std::string_view();
        return l.str();
    }

    // Calls f(key, indices) for the properties grouped by key, in order of first appearance.
    template <class F>
    static void group_by_key(const std::vector<Value>& props, F&& f, bool vertex_props) {
        const auto key_of = [&](const Value& p) -> std::string_view {
            return vertex_props ? first_label(kid(p, 1)) : std::string_view(kid(p, 0).str());
        };
        std::vector<std::size_t> idx;
        if (props.size() <= 64) {
            std::uint64_t done = 0;
            for (std::size_t a = 0; a < props.size(); ++a) {
                if (done >> a & 1) continue;
                const std::string_view key = key_of(props[a]);
                idx.clear();
                for (std::size_t b = a; b < props.size(); ++b)
                    if (!(done >> b & 1) && key_of(props[b]) == key) {
                        idx.push_back(b);
                        done |= 1ULL << b;
                    }
                f(key, idx);
            }
            return;
        }
        std::vector<std::string_view> order;
        std::unordered_map<std::string_view, std::vector<std::size_t>> groups;
        for (std::size_t a = 0; a < props.size(); ++a) {
            auto [it, fresh] = groups.try_emplace(key_of(props[a]));
            if (fresh) order.push_back(it->first);
            it->second.push_back(a);
        }
        for (const auto& k : order) f(k, groups[k]);
    }

    void vertex(const Value& v) {
        open("g:Vertex");
        o_.append("{\"id\":");
        value(kid(v, 0));
        o_.append(",\"label\":");
        labels(kid(v, 1));
        if (!typed_) o_.append(",\"type\":\"vertex\"");
        const Value& props = kid(v, 2);
        if (props.type() == Type::list && props.size() > 0) {
            o_.append(",\"properties\":{");
            bool first = true;
            group_by_key(
                props.kids(),
                [&](std::string_view key, const std::vector<std::size_t>& idx) {
                    if (!first) o_.push_back(',');
                    first = false;
                    json::write_string(o_, key);
                    o_.append(":[");
                    for (std::size_t k = 0; k < idx.size(); ++k) {
                        if (k) o_.push_back(',');
                        const Value& p = props[idx[k]];
                        if (p.type() == Type::vertex_property)
                            vertex_property(p, true);
                        else
                            value(p);
                    }
                    o_.push_back(']');
                },
                true);
            o_.push_back('}');
        }
        o_.push_back('}');
        close();
    }

    void vertex_property(const Value& v, bool in_vertex) {
        open("g:VertexProperty");
        o_.append("{\"id\":");
        value(kid(v, 0));
        o_.append(",\"value\":");
        value(kid(v, 2));
        // Untyped vertices omit the label of their properties (it is the group key).
        if (typed_ || !in_vertex) {
            o_.append(",\"label\":");
            labels(kid(v, 1));
        }
        const Value& props = kid(v, 4);
        if (props.type() == Type::list && props.size() > 0) {
            o_.append(",\"properties\":{");
            for (std::size_t k = 0; k < props.size(); ++k) {
                if (k) o_.push_back(',');
                json::write_string(o_, kid(props[k], 0).str());
                o_.push_back(':');
                value(kid(props[k], 1));
            }
            o_.push_back('}');
        }
        o_.push_back('}');
        close();
    }

    void edge(const Value& v) {
        open("g:Edge");
        o_.append("{\"id\":");
        value(kid(v, 0));
        o_.append(",\"label\":");
        labels(kid(v, 1));
        if (!typed_) o_.append(",\"type\":\"edge\"");
        if (v4_) {
            o_.append(",\"inV\":{\"id\":");
            value(kid(v, 2));
            o_.append(",\"label\":");
            labels(kid(v, 3));
            o_.append("},\"outV\":{\"id\":");
            value(kid(v, 4));
            o_.append(",\"label\":");
            labels(kid(v, 5));
            o_.push_back('}');
        } else {
            o_.append(",\"inVLabel\":");
            labels(kid(v, 3));
            o_.append(",\"outVLabel\":");
            labels(kid(v, 5));
            o_.append(",\"inV\":");
            value(kid(v, 2));
            o_.append(",\"outV\":");
            value(kid(v, 4));
        }
        const Value& props = kid(v, 7);
        if (props.type() == Type::list && props.size() > 0) {
            o_.append(",\"properties\":{");
            bool first = true;
            const auto one = [&](const Value& p) {
                if (typed_ || p.type() != Type::property)
                    value(p);
                else
                    value(kid(p, 1));
            };
            group_by_key(
                props.kids(),
                [&](std::string_view key, const std::vector<std::size_t>& idx) {
                    if (v4_) {
                        if (!first) o_.push_back(',');
                        first = false;
                        json::write_string(o_, key);
                        o_.append(":[");
                        for (std::size_t k = 0; k < idx.size(); ++k) {
                            if (k) o_.push_back(',');
                            one(props[idx[k]]);
                        }
                        o_.push_back(']');
                    } else {
                        for (std::size_t k : idx) {
                            if (!first) o_.push_back(',');
                            first = false;
                            json::write_string(o_, key);
                            o_.push_back(':');
                            one(props[k]);
                        }
                    }
                },
                false);
            o_.push_back('}');
        }
        o_.push_back('}');
        close();
    }

    void tree(const Value& v) {
        open("g:Tree");
        o_.push_back('[');
        const auto& kv = v.kids();
        for (std::size_t k = 0; k + 1 < kv.size(); k += 2) {
            if (k) o_.push_back(',');
            o_.append("{\"key\":");
            value(kv[k]);
            o_.append(",\"value\":");
            if (kv[k + 1].type() == Type::tree)
                tree(kv[k + 1]);
            else
                tree(Value::tree({}));
            o_.push_back('}');
        }
        o_.push_back(']');
        close();
    }

    void instructions(const Value& l) {
        o_.push_back('[');
        for (std::size_t k = 0; k < l.size(); ++k) {
            if (k) o_.push_back(',');
            const Value& ins = l[k];
            o_.push_back('[');
            if (ins.type() == Type::list && ins.size() > 0) {
                json::write_string(o_, ins[0].str());
                for (std::size_t a = 1; a < ins.size(); ++a) {
                    o_.push_back(',');
                    value(ins[a]);
                }
            }
            o_.push_back(']');
        }
        o_.push_back(']');
    }

    void bytecode(const Value& v) {
        open("g:Bytecode");
        o_.push_back('{');
        const Value& steps = kid(v, 0);
        const Value& sources = kid(v, 1);
        bool any = false;
        if (steps.size() > 0) {
            o_.append("\"step\":");
            instructions(steps);
            any = true;
        }
        if (sources.size() > 0) {
            if (any) o_.push_back(',');
            o_.append("\"source\":");
            instructions(sources);
        }
        o_.push_back('}');
        close();
    }

    void predicate(const Value& v) {
        open(v.type() == Type::p ? "g:P" : "g:TextP");
        o_.append("{\"predicate\":");
        json::write_string(o_, v.str());
        o_.append(",\"value\":");
        const std::string& n = v.str();
        const auto& args = v.kids();
        if (n == "and" || n == "or") {
            bare_list(args);
        } else if (n == "within" || n == "without" || args.size() != 1) {
            list("g:List", args);
        } else {
            value(args[0]);
        }
        o_.push_back('}');
        close();
    }

    void metrics(const Value& v) {
        open("g:Metrics");
        open("g:Map");
        map_open();
        map_key("dur");
        real("g:Double", static_cast<double>(kid(v, 2).as_int()) / 1e6, false);
        map_sep();
        map_key("counts");
        value(kid(v, 3).type() == Type::map ? kid(v, 3) : Value::map());
        map_sep();
        map_key("name");
        value(kid(v, 1));
        if (kid(v, 4).type() == Type::map && kid(v, 4).size() > 0) {
            map_sep();
            map_key("annotations");
            value(kid(v, 4));
        }
        map_sep();
        map_key("id");
        value(kid(v, 0));
        if (kid(v, 5).size() > 0) {
            map_sep();
            map_key("metrics");
            list("g:List", kid(v, 5).kids());
        }
        map_close();
        close();
        close();
    }

    static std::string_view enum_name(EnumKind k) {
        switch (k) {
            case EnumKind::barrier:
                return "g:Barrier";
            case EnumKind::cardinality:
                return "g:Cardinality";
            case EnumKind::column:
                return "g:Column";
            case EnumKind::direction:
                return "g:Direction";
            case EnumKind::operator_:
                return "g:Operator";
            case EnumKind::order:
                return "g:Order";
            case EnumKind::pick:
                return "g:Pick";
            case EnumKind::pop:
                return "g:Pop";
            case EnumKind::scope:
                return "g:Scope";
            case EnumKind::t:
                return "g:T";
            case EnumKind::merge:
                return "g:Merge";
            case EnumKind::dt:
                return "g:DT";
        }
        // 3.8 GType 0x30 (no named EnumKind: model::EnumKind values equal the GraphBinary codes)
        if (static_cast<std::uint8_t>(k) == 0x30) return "g:GType";
        return "g:Enum";
    }

    static std::string_view temporal_name(TemporalKind k) {
        switch (k) {
            case TemporalKind::instant:
                return "gx:Instant";
            case TemporalKind::local_date:
                return "gx:LocalDate";
            case TemporalKind::local_date_time:
                return "gx:LocalDateTime";
            case TemporalKind::local_time:
                return "gx:LocalTime";
            case TemporalKind::month_day:
                return "gx:MonthDay";
            case TemporalKind::offset_date_time:
                return "gx:OffsetDateTime";
            case TemporalKind::offset_time:
                return "gx:OffsetTime";
            case TemporalKind::period:
                return "gx:Period";
            case TemporalKind::year:
                return "gx:Year";
            case TemporalKind::year_month:
                return "gx:YearMonth";
            case TemporalKind::zoned_date_time:
                return "gx:ZonedDateTime";
            case TemporalKind::zone_offset:
                return "gx:ZoneOffset";
            case TemporalKind::datetime4:
                return "g:DateTime";
        }
        return "g:DateTime";
    }

    std::string& o_;
    bool v4_;
    bool typed_;
};

}  // namespace

void gs_write(std::string& out, const Value& v, const GsOptions& opt) {
    Writer w(out, opt);
    w.value(v);
}

Result<Value> gs_read(std::string_view json, const GsOptions& opt) {
    Reader r(json, opt);
    Value out;
    if (!r.value(out, 0)) return r.cursor().error();
    r.cursor().ws();
    if (!r.cursor().at_end()) {
        r.cursor().fail(errc::trailing_bytes, "unexpected text after the JSON value");
        return r.cursor().error();
    }
    return out;
}

Result<std::size_t> gs_skip(std::string_view json, std::size_t pos, std::size_t max_depth) {
    Cursor c(json);
    if (pos > json.size()) {
        c.fail(errc::truncated, "start position beyond the input");
        return c.error();
    }
    c.set_pos(json.data() + pos);
    if (!skip_value(c, max_depth, true)) return c.error();
    return c.offset();
}

Result<Value> gs_read_adjacency_line(std::string_view json, const GsOptions& opt) {
    GsOptions o = opt;
    o.typed = true;
    auto parsed = gs_read(json, o);
    if (!parsed) return parsed.error();
    const Value& m = *parsed;
    if (m.type() != Type::map || !m.find("id"))
        return Error{errc::bad_json, 0, "adjacency line must be an object with \"id\""};
    const Value id = *m.find("id");
    Value labels = Value::list({Value::string("vertex")});
    if (const Value* l = m.find("label")) {
        if (l->type() == Type::string)
            labels = str_list(l->str());
        else if (l->type() == Type::list)
            labels = *l;
    }
    std::vector<Value> props;
    if (const Value* p = m.find("properties")) {
        if (p->type() != Type::map)
            return Error{errc::bad_json, 0, "vertex \"properties\" must be an object"};
        for (std::size_t k = 0; k + 1 < p->size(); k += 2) {
            const Value& group = (*p)[k + 1];
            if (group.type() != Type::list)
                return Error{errc::bad_json, 0, "vertex property groups must be arrays"};
            for (const Value& item : group.kids()) {
                if (item.type() == Type::vertex_property) {
                    props.push_back(item);
                    continue;
                }
                if (item.type() != Type::map)
                    return Error{errc::bad_json, 0, "vertex property must be an object"};
                Value meta;
                if (const Value* mp = item.find("properties"); mp && mp->type() == Type::map) {
                    std::vector<Value> list;
                    for (std::size_t i = 0; i + 1 < mp->size(); i += 2)
                        list.push_back(Value::property((*mp)[i].str(), (*mp)[i + 1]));
                    meta = Value::list(std::move(list));
                }
                const Value* vid = item.find("id");
                const Value* val = item.find("value");
                props.push_back(
                    Value::compound(Type::vertex_property, {vid ? *vid : Value(), str_list((*p)[k].str()),
                                                            val ? *val : Value(), Value(), std::move(meta)}));
            }
        }
    }
    const std::string_view vlabel = labels.size() ? std::string_view(labels[0].str()) : std::string_view();
    std::vector<Value> edges;
    for (const char* dir : {"outE", "inE"}) {
        const Value* groups = m.find(dir);
        if (!groups) continue;
        if (groups->type() != Type::map) return Error{errc::bad_json, 0, "outE/inE must be objects"};
        const bool out_dir = dir[0] == 'o';
        for (std::size_t k = 0; k + 1 < groups->size(); k += 2) {
            const Value& list = (*groups)[k + 1];
            if (list.type() != Type::list) return Error{errc::bad_json, 0, "edge groups must be arrays"};
            for (const Value& e : list.kids()) {
                if (e.type() != Type::map) return Error{errc::bad_json, 0, "adjacent edge must be an object"};
                const Value* eid = e.find("id");
                const Value* other = e.find(out_dir ? "inV" : "outV");
                if (!eid || !other) return Error{errc::bad_json, 0, "adjacent edge needs id and inV/outV"};
                std::vector<Value> eprops;
                if (const Value* ep = e.find("properties"); ep && ep->type() == Type::map)
                    for (std::size_t i = 0; i + 1 < ep->size(); i += 2)
                        eprops.push_back(Value::property((*ep)[i].str(), (*ep)[i + 1]));
                const std::string elabel = (*groups)[k].str();
                if (out_dir)
                    edges.push_back(Value::edge(*eid, elabel, *other, "", id, std::string(vlabel),
                                                Value::list(std::move(eprops))));
                else
                    edges.push_back(Value::edge(*eid, elabel, id, std::string(vlabel), *other, "",
                                                Value::list(std::move(eprops))));
            }
        }
    }
    Value vertex = Value::compound(Type::vertex, {id, std::move(labels), Value::list(std::move(props))});
    return Value::graph(Value::list({std::move(vertex)}), Value::list(std::move(edges)));
}

}  // namespace tpbench::io
