// GraphSON 3.0 / 4.0 reader (include/tpbench/io/graphson.hpp): a single pass builds model::Value
// directly from the JSON text (no DOM); also the allocation-free skipper (gs_skip) and the
// adjacency-line reader. The value mapping is documented in the header.
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/depth_caps.hpp>

#include "detail/gs_tags.hpp"
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
using gs_detail::enum_kind_of;
using gs_detail::lookup_tag;
using gs_detail::Tag;
using gs_detail::temporal_kind_of;
using model::EnumKind;
using model::TemporalKind;
using model::Type;
using model::Value;

namespace {

constexpr std::size_t hard_depth_limit = gs_depth_cap;  // recursion bound whatever the options say

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
        bool more = false;
        if (!open_container('{', '}', depth, c_.pos(), "expected a JSON object", more)) return false;
        while (more) {
            if (!c_.ws_more()) return false;
            if (c_.peek() != '"') return c_.fail(errc::bad_json, "expected member name");
            std::string_view key;
            if (!c_.string(key, key_scratch_)) return false;
            if (!c_.expect(':')) return false;
            if (!on_member(key)) return false;
            if (!next_or_close('}', "expected ',' or '}'", more)) return false;
        }
        return true;
    }

    // Parses the array at the cursor into `items`.
    bool array(std::vector<Value>& items, std::size_t depth) {
        bool more = false;
        if (!open_container('[', ']', depth, c_.pos(), "expected a JSON array", more)) return false;
        while (more) {
            items.emplace_back();
            if (!value(items.back(), depth + 1)) return false;
            if (!next_or_close(']', "expected ',' or ']'", more)) return false;
        }
        return true;
    }

    bool skip(std::size_t depth) {
        return skip_value(c_, max_depth_ > depth ? max_depth_ - depth : 0, false);
    }

    // Consumes the `open` bracket of a container at depth `depth` (after whitespace); `more` is
    // false when the container closes at once. A wrong first byte fails bad_json with `expected`,
    // at that byte or, when `shape` (a GraphSON shape error), at `at`.
    bool open_container(char open, char close, std::size_t depth, const char* at, const char* expected,
                        bool& more, bool shape = false) {
        if (!c_.ws_more()) return false;
        if (c_.peek() != open) return shape ? bad_shape(at, expected) : c_.fail(errc::bad_json, expected);
        if (depth >= max_depth_) return c_.fail(errc::too_deep, "JSON nesting exceeds the depth limit");
        c_.bump();
        if (!c_.ws_more()) return false;
        more = c_.peek() != close;
        if (!more) c_.bump();
        return true;
    }
    // After a member or element: consumes ',' (`more`) or the `close` bracket.
    bool next_or_close(char close, const char* expected, bool& more) {
        if (!c_.ws_more()) return false;
        if (c_.peek() == ',') {
            c_.bump();
            more = true;
            return true;
        }
        if (c_.peek() == close) {
            c_.bump();
            more = false;
            return true;
        }
        return c_.fail(errc::bad_json, expected);
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
    // nesting needs, not every scalar case's locals (with them a level of typed nesting took
    // 15.6 KB of stack under ASan+UBSan).
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
        bool more = false;
        if (!open_container('[', ']', depth, at, "g:Tree value must be an array", more, true)) return false;
        while (more) {
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
            if (!next_or_close(']', "expected ',' or ']'", more)) return false;
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

}  // namespace

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
