// GraphSON 3.0 / 4.0 writer (include/tpbench/io/graphson.hpp): appends to std::string. The value
// mapping is documented in the header.
#include <tpbench/io/graphson.hpp>

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
using model::EnumKind;
using model::TemporalKind;
using model::Type;
using model::Value;

namespace {

constexpr std::int64_t max_bulk_expansion = 1 << 20;  // 4.0 bulk_set → repeated List items

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
                typed_string(v4_ ? "g:Char" : "gx:Char", v.str());
                return;
            case Type::string:
                json::write_string(o_, v.str());
                return;
            case Type::uuid:
                typed_text("g:UUID", [&] { o_.append(model::uuid_to_string(v.as_uuid())); });
                return;
            case Type::date:
                integer("g:Date", v.as_int());
                return;
            case Type::timestamp:
                integer("g:Timestamp", v.as_int());
                return;
            case Type::duration:
                typed_text(v4_ ? "g:Duration" : "gx:Duration",
                           [&] { gs_detail::format_duration(o_, v.as_int(), v.nanos()); });
                return;
            case Type::binary:
                typed_text(v4_ ? "g:Binary" : "gx:ByteBuffer",
                           [&] { gs_detail::base64_encode(o_, v.str()); });
                return;
            case Type::temporal:
                typed_text(temporal_name(v.temporal_kind()), [&] { gs_detail::format_temporal(o_, v); });
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
                typed_pair(
                    "g:Property", "key", [&] { json::write_string(o_, kid(v, 0).str()); }, "value",
                    [&] { value(kid(v, 1)); });
                return;
            case Type::path:
                typed_pair(
                    "g:Path", "labels", [&] { value(kid(v, 0)); }, "objects", [&] { value(kid(v, 1)); });
                return;
            case Type::tree:
                tree(v);
                return;
            case Type::graph:
                typed_pair(
                    v4_ ? "g:graph" : "tinker:graph", "vertices", [&] { bare_list(kid(v, 0).kids()); },
                    "edges", [&] { bare_list(kid(v, 1).kids()); });
                return;
            case Type::traverser:
                typed_pair(
                    "g:Traverser", "bulk", [&] { integer("g:Int64", v.as_int()); }, "value",
                    [&] { value(kid(v, 0)); });
                return;
            case Type::enum_:
                typed_string(enum_name(v.enum_kind()), v.str());
                return;
            case Type::bytecode:
                bytecode(v);
                return;
            case Type::p:
            case Type::text_p:
                predicate(v);
                return;
            case Type::binding:
                typed_pair(
                    "g:Binding", "key", [&] { json::write_string(o_, v.str()); }, "value",
                    [&] { value(kid(v, 0)); });
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
                typed_string("g:Class", v.str());
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
                typed_text("gx:InetAddress", [&] { gs_detail::format_inet(o_, v.str()); });
                return;
            case Type::composite_pdt:
                typed_pair(
                    "g:CompositePdt", "type", [&] { json::write_string(o_, v.str()); }, "fields",
                    [&] { value(kid(v, 0).type() == Type::map ? kid(v, 0) : Value::map()); });
                return;
            case Type::primitive_pdt:
                typed_pair(
                    "g:PrimitivePdt", "type", [&] { json::write_string(o_, v.str()); }, "value",
                    [&] { json::write_string(o_, kid(v, 0).str()); });
                return;
            case Type::raw:
                if (v.aux() == 0 && v.size() == 1 && v[0].type() == Type::string && !v.str().empty()) {
                    open_escaped(v[0].str());
                    o_.append(v.str());
                    close();
                } else {
                    typed_text("tpbench:Raw" + std::to_string(v.aux()),
                               [&] { gs_detail::base64_encode(o_, v.str()); });
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
    // A typed value whose @value is a JSON string written by `text` (which appends unescaped
    // characters only: digits, ISO-8601, base64, UUIDs, addresses).
    template <class F>
    void typed_text(std::string_view type, F&& text) {
        open(type);
        o_.push_back('"');
        text();
        o_.push_back('"');
        close();
    }
    // A typed value whose @value is a JSON string (escaped).
    void typed_string(std::string_view type, std::string_view s) {
        open(type);
        json::write_string(o_, s);
        close();
    }
    // A typed value whose @value is an object of two members, {"k1":…,"k2":…}.
    template <class F1, class F2>
    void typed_pair(std::string_view type, std::string_view k1, F1&& v1, std::string_view k2, F2&& v2) {
        open(type);
        o_.append("{\"");
        o_.append(k1);
        o_.append("\":");
        v1();
        o_.append(",\"");
        o_.append(k2);
        o_.append("\":");
        v2();
        o_.push_back('}');
        close();
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

}  // namespace tpbench::io
