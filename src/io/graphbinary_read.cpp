// GraphBinary 1.0 / 4.0 reader: bytes -> model::Value (include/tpbench/io/graphbinary.hpp; the
// mapping table is in detail/gb_tables.hpp). Skipper (graphbinary_skip.cpp) accepts exactly the
// same inputs; the differential fuzzer (tests/fuzz/fuzz_graphbinary.cpp) keeps the two honest.
#include <tpbench/io/graphbinary.hpp>

#include "detail/gb_cursor.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

namespace tpbench::io {

namespace {

using namespace gb_detail;
using model::EnumKind;
using model::TemporalKind;
using model::Type;
using model::Value;

class Reader : public Cursor {
public:
    using Cursor::Cursor;

    bool fq(Value& out, std::size_t depth) {
        if (!need(2, "value")) return false;
        const unsigned char* at = p_;
        const std::uint8_t c = p_[0];
        if (!valid_[c]) [[unlikely]]
            return fail_unknown(at, c);
        if (c == code::custom) {
            ++p_;
            if (!skip_custom()) return false;
            out = Value::raw(code::custom, std::string(reinterpret_cast<const char*>(at + 1),
                                                       static_cast<std::size_t>(p_ - at - 1)));
            return true;
        }
        const std::uint8_t flag = p_[1];
        if (flag != 0) {
            if (flag == 1) {
                p_ += 2;
                out = Value::typed_null(c);
                return true;
            }
            if (flag != 2 || !v4_ || (c != code::list && c != code::map)) return fail_flag(at + 1, c, flag);
        } else if (c == code::null) {
            return fail(errc::bad_value, at + 1, "unspecified null must have value_flag 0x01, got 0x00");
        }
        p_ += 2;
        if (kNests[c]) return nested(c, flag, out, depth);
        return value(c, flag, out, depth);
    }

private:
    bool str(std::string& out, const char* what) {
        std::size_t n = 0;
        if (!length(n, 1, what)) return false;
        if (!check_utf8(p_, n, what)) return false;
        out.assign(reinterpret_cast<const char*>(p_), n);
        p_ += n;
        return true;
    }

    bool string_value(Value& out, const char* what) {
        std::string s;
        if (!str(s, what)) return false;
        out = Value::string(std::move(s));
        return true;
    }

    bool bytes(std::string& out, const char* what) {
        std::size_t n = 0;
        if (!length(n, 1, what)) return false;
        out.assign(reinterpret_cast<const char*>(p_), n);
        p_ += n;
        return true;
    }

    std::int64_t take(std::uint8_t width) {
        std::int64_t v;
        switch (width) {
            case 1:
                v = static_cast<std::int8_t>(*p_);
                break;
            case 2:
                v = static_cast<std::int16_t>(load_be16(p_));
                break;
            case 4:
                v = static_cast<std::int32_t>(load_be32(p_));
                break;
            default:
                v = static_cast<std::int64_t>(load_be64(p_));
                break;
        }
        p_ += width;
        return v;
    }

    bool long_value(Value& out, const char* what) {
        if (!need(8, what)) return false;
        out = Value::long_(take(8));
        return true;
    }

    // 1.0: String value; 4.0: List value of FQ non-null Strings. Stored as a list of strings.
    bool labels(Value& out, const char* what) {
        std::vector<Value> items;
        if (!v4_) {
            items.emplace_back();
            if (!string_value(items.back(), what)) return false;
        } else {
            std::size_t n = 0;
            if (!count(n, 6, what)) return false;
            items.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                if (!need(2, what)) return false;
                if (p_[0] != code::string || p_[1] != 0)
                    return fail(errc::bad_value, p_,
                                std::string(what) + " list item must be a non-null String, got type " +
                                    hex2(p_[0]) + " flag " + hex2(p_[1]));
                p_ += 2;
                items.emplace_back();
                if (!string_value(items.back(), what)) return false;
            }
        }
        out = Value::list(std::move(items));
        return true;
    }

    // Int count, then count FQ items (List/Set value form).
    bool items(std::vector<Value>& out, std::size_t depth, const char* what) {
        std::size_t n = 0;
        if (!count(n, 2, what)) return false;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            out.emplace_back();
            if (!fq(out.back(), depth)) return false;
        }
        return true;
    }

    bool list_value(Value& out, std::size_t depth, const char* what) {
        std::vector<Value> v;
        if (!items(v, depth, what)) return false;
        out = Value::list(std::move(v));
        return true;
    }

    bool map_value(Value& out, std::size_t depth, const char* what, std::uint8_t aux) {
        std::size_t n = 0;
        if (!count(n, 4, what)) return false;
        std::vector<Value> kv;
        kv.reserve(2 * n);
        for (std::size_t i = 0; i < 2 * n; ++i) {
            kv.emplace_back();
            if (!fq(kv.back(), depth)) return false;
        }
        out = Value::compound(Type::map, std::move(kv), {}, 0, aux);
        return true;
    }

    // Int count, then count × (FQ item, raw Long bulk).
    bool bulk_value(Value& out, std::size_t depth, const char* what) {
        std::size_t n = 0;
        if (!count(n, 10, what)) return false;
        std::vector<Value> kv;
        kv.reserve(2 * n);
        for (std::size_t i = 0; i < n; ++i) {
            kv.emplace_back();
            if (!fq(kv.back(), depth)) return false;
            kv.emplace_back();
            if (!long_value(kv.back(), "bulk")) return false;
        }
        out = Value::bulk_set(std::move(kv));
        return true;
    }

    bool tree_value(Value& out, std::size_t depth) {
        if (!enter(depth, code::tree)) return false;
        std::size_t n = 0;
        if (!count(n, 6, "Tree")) return false;
        std::vector<Value> kv;
        kv.reserve(2 * n);
        for (std::size_t i = 0; i < n; ++i) {
            kv.emplace_back();
            if (!fq(kv.back(), depth + 1)) return false;
            kv.emplace_back();
            if (!tree_value(kv.back(), depth + 1)) return false;
        }
        out = Value::tree(std::move(kv));
        return true;
    }

    // Bytecode instruction list: Int count; per instruction String name, Int arg count, FQ args.
    bool instructions(Value& out, std::size_t depth) {
        std::size_t n = 0;
        if (!count(n, 8, "Bytecode instructions")) return false;
        std::vector<Value> list;
        list.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<Value> instr(1);
            if (!string_value(instr[0], "Bytecode operator")) return false;
            std::size_t a = 0;
            if (!count(a, 2, "Bytecode arguments")) return false;
            instr.reserve(a + 1);
            for (std::size_t j = 0; j < a; ++j) {
                instr.emplace_back();
                if (!fq(instr.back(), depth + 1)) return false;
            }
            list.push_back(Value::list(std::move(instr)));
        }
        out = Value::list(std::move(list));
        return true;
    }

    bool enum_value(std::uint8_t c, Value& out) {
        if (!need(2, code_name(c, v4_))) return false;
        if (p_[0] != code::string || p_[1] != 0)
            return fail(errc::bad_value, p_,
                        std::string(code_name(c, v4_)) + " must hold a non-null String name, got type " +
                            hex2(p_[0]) + " flag " + hex2(p_[1]));
        p_ += 2;
        std::string name;
        if (!str(name, code_name(c, v4_))) return false;
        out = Value::enum_(static_cast<EnumKind>(c), std::move(name));
        return true;
    }

    // PDT parts: a FQ non-null String.
    bool fq_string(std::string& out, const char* what) {
        if (!need(2, what)) return false;
        if (p_[0] != code::string || p_[1] != 0)
            return fail(errc::bad_value, p_,
                        std::string(what) + " must be a non-null String, got type " + hex2(p_[0]) + " flag " +
                            hex2(p_[1]));
        p_ += 2;
        return str(out, what);
    }

    bool metrics(Value& out, std::size_t depth) {
        std::vector<Value> k(6);
        if (!string_value(k[0], "Metrics id") || !string_value(k[1], "Metrics name") ||
            !long_value(k[2], "Metrics duration") || !map_value(k[3], depth + 1, "Metrics counts", 0) ||
            !map_value(k[4], depth + 1, "Metrics annotations", 0) ||
            !list_value(k[5], depth + 1, "Metrics nested"))
            return false;
        out = Value::compound(Type::metrics, std::move(k));
        return true;
    }

    // Graph 0x10 (see graphbinary-v1.md): vertices with inline vertex properties, then edges.
    bool graph(Value& out, std::size_t depth) {
        std::size_t nv = 0;
        if (!count(nv, 10, "Graph vertices")) return false;
        std::vector<Value> vertices;
        vertices.reserve(nv);
        for (std::size_t i = 0; i < nv; ++i) {
            if (!enter(depth + 1, code::vertex)) return false;
            std::vector<Value> vk(3);
            if (!fq(vk[0], depth + 2) || !labels(vk[1], "Graph vertex label")) return false;
            std::size_t np = 0;
            if (!count(np, 14, "Graph vertex properties")) return false;
            std::vector<Value> props;
            props.reserve(np);
            for (std::size_t j = 0; j < np; ++j) {
                if (!enter(depth + 2, code::vertex_property)) return false;
                std::vector<Value> pk(5);
                if (!fq(pk[0], depth + 3) || !labels(pk[1], "Graph vertex property label") ||
                    !fq(pk[2], depth + 3) || !fq(pk[3], depth + 3) ||
                    !list_value(pk[4], depth + 3, "Graph vertex property properties"))
                    return false;
                props.push_back(Value::compound(Type::vertex_property, std::move(pk)));
            }
            vk[2] = Value::list(std::move(props));
            vertices.push_back(Value::compound(Type::vertex, std::move(vk)));
        }
        std::size_t ne = 0;
        if (!count(ne, 20, "Graph edges")) return false;
        std::vector<Value> edges;
        edges.reserve(ne);
        for (std::size_t i = 0; i < ne; ++i) {
            if (!enter(depth + 1, code::edge)) return false;
            std::vector<Value> ek(8);
            Value dropped;
            if (!fq(ek[0], depth + 2) || !labels(ek[1], "Graph edge label") || !fq(ek[2], depth + 2) ||
                !fq(dropped, depth + 2) || !fq(ek[4], depth + 2) || !fq(dropped, depth + 2) ||
                !fq(ek[6], depth + 2) || !list_value(ek[7], depth + 2, "Graph edge properties"))
                return false;
            edges.push_back(Value::compound(Type::edge, std::move(ek)));
        }
        out = Value::graph(Value::list(std::move(vertices)), Value::list(std::move(edges)));
        return true;
    }

    // The types that contain values, in a frame of their own: the recursion fq -> nested -> ... ->
    // fq then carries only what nesting needs, not the locals of every scalar case of value()
    // (with them a level took 11.6 KB of stack under ASan+UBSan).
    [[gnu::noinline]] bool nested(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        switch (c) {
            case code::list:
                return nest_list(c, flag, out, depth);
            case code::set:
                return nest_set(c, flag, out, depth);
            case code::map:
                return nest_map(c, flag, out, depth);
            case code::bulk_set:
                return nest_bulk_set(c, flag, out, depth);
            case code::vertex:
                return nest_vertex(c, flag, out, depth);
            case code::edge:
                return nest_edge(c, flag, out, depth);
            case code::vertex_property:
                return nest_vertex_property(c, flag, out, depth);
            case code::property:
                return nest_property(c, flag, out, depth);
            case code::path:
                return nest_path(c, flag, out, depth);
            case code::tree:
                return nest_tree(c, flag, out, depth);
            case code::graph:
                return nest_graph(c, flag, out, depth);
            case code::traverser:
                return nest_traverser(c, flag, out, depth);
            case code::bytecode:
                return nest_bytecode(c, flag, out, depth);
            case code::p:
            case code::text_p:
                return nest_p(c, flag, out, depth);
            case code::binding:
                return nest_binding(c, flag, out, depth);
            case code::strategy:
                return nest_strategy(c, flag, out, depth);
            case code::metrics:
                return nest_metrics(c, flag, out, depth);
            case code::traversal_metrics:
                return nest_traversal_metrics(c, flag, out, depth);
            case code::composite_pdt:
                return nest_composite_pdt(c, flag, out, depth);
            default:
                return fail_unknown(p_ - 2, c);  // unreachable: kNests lists exactly these codes
        }
    }

    // One function per type that nests, each in its own frame.
    [[gnu::noinline]] bool nest_list(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        if (flag == 2) return bulk_value(out, depth + 1, "List");
        return list_value(out, depth + 1, "List");
    }

    [[gnu::noinline]] bool nest_set(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> v;
        if (!items(v, depth + 1, "Set")) return false;
        out = Value::set(std::move(v));
        return true;
    }

    [[gnu::noinline]] bool nest_map(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        return map_value(out, depth + 1, "Map", flag);
    }

    [[gnu::noinline]] bool nest_bulk_set(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        return bulk_value(out, depth + 1, "BulkSet");
    }

    [[gnu::noinline]] bool nest_vertex(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(3);
        if (!fq(k[0], depth + 1) || !labels(k[1], "Vertex label") || !fq(k[2], depth + 1)) return false;
        out = Value::compound(Type::vertex, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_edge(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(8);
        if (!fq(k[0], depth + 1) || !labels(k[1], "Edge label") || !fq(k[2], depth + 1) ||
            !labels(k[3], "Edge inV label") || !fq(k[4], depth + 1) || !labels(k[5], "Edge outV label") ||
            !fq(k[6], depth + 1) || !fq(k[7], depth + 1))
            return false;
        out = Value::compound(Type::edge, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_vertex_property(std::uint8_t c, std::uint8_t flag, Value& out,
                                                std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(5);
        if (!fq(k[0], depth + 1) || !labels(k[1], "VertexProperty label") || !fq(k[2], depth + 1) ||
            !fq(k[3], depth + 1) || !fq(k[4], depth + 1))
            return false;
        out = Value::compound(Type::vertex_property, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_property(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(3);
        if (!string_value(k[0], "Property key") || !fq(k[1], depth + 1) || !fq(k[2], depth + 1)) return false;
        out = Value::compound(Type::property, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_path(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(2);
        if (!fq(k[0], depth + 1) || !fq(k[1], depth + 1)) return false;
        out = Value::compound(Type::path, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_tree(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        return tree_value(out, depth);
    }

    [[gnu::noinline]] bool nest_graph(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        return graph(out, depth);
    }

    [[gnu::noinline]] bool nest_traverser(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        if (!need(8, "Traverser bulk")) return false;
        const std::int64_t bulk = take(8);
        Value v;
        if (!fq(v, depth + 1)) return false;
        out = Value::traverser(bulk, std::move(v));
        return true;
    }

    [[gnu::noinline]] bool nest_bytecode(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(2);
        if (!instructions(k[0], depth + 1) || !instructions(k[1], depth + 1)) return false;
        out = Value::compound(Type::bytecode, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_p(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::string name;
        if (!str(name, code_name(c, v4_))) return false;
        std::vector<Value> args;
        if (!items(args, depth + 1, c == code::p ? "P arguments" : "TextP arguments")) return false;
        out = Value::compound(c == code::p ? Type::p : Type::text_p, std::move(args), std::move(name));
        return true;
    }

    [[gnu::noinline]] bool nest_binding(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::string key;
        if (!str(key, "Binding key")) return false;
        Value v;
        if (!fq(v, depth + 1)) return false;
        out = Value::binding(std::move(key), std::move(v));
        return true;
    }

    [[gnu::noinline]] bool nest_strategy(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(2);
        if (!string_value(k[0], "TraversalStrategy class") ||
            !map_value(k[1], depth + 1, "TraversalStrategy configuration", 0))
            return false;
        out = Value::compound(Type::strategy, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_metrics(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        if (!enter(depth, c)) return false;
        return metrics(out, depth);
    }

    [[gnu::noinline]] bool nest_traversal_metrics(std::uint8_t c, std::uint8_t flag, Value& out,
                                                  std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::vector<Value> k(2);
        if (!long_value(k[0], "TraversalMetrics duration") ||
            !list_value(k[1], depth + 1, "TraversalMetrics metrics"))
            return false;
        out = Value::compound(Type::traversal_metrics, std::move(k));
        return true;
    }

    [[gnu::noinline]] bool nest_composite_pdt(std::uint8_t c, std::uint8_t flag, Value& out,
                                              std::size_t depth) {
        if (!enter(depth, c)) return false;
        std::string name;
        if (!fq_string(name, "CompositePDT type name")) return false;
        if (!need(2, "CompositePDT fields")) return false;
        if (p_[0] != code::map || p_[1] == 1)
            return fail(errc::bad_value, p_,
                        "CompositePDT fields must be a non-null Map, got type " + hex2(p_[0]) + " flag " +
                            hex2(p_[1]));
        std::vector<Value> k(1);
        if (!fq(k[0], depth + 1)) return false;
        out = Value::compound(Type::composite_pdt, std::move(k), std::move(name));
        return true;
    }

    bool value(std::uint8_t c, std::uint8_t flag, Value& out, std::size_t depth) {
        switch (c) {
            case code::int_:
                if (!need(4, "Int")) return false;
                out = Value::int_(static_cast<std::int32_t>(take(4)));
                return true;
            case code::long_:
                if (!need(8, "Long")) return false;
                out = Value::long_(take(8));
                return true;
            case code::string: {
                std::string s;
                if (!str(s, "String")) return false;
                out = Value::string(std::move(s));
                return true;
            }
            case code::double_: {
                if (!need(8, "Double")) return false;
                const std::uint64_t bits = load_be64(p_);
                p_ += 8;
                double d;
                std::memcpy(&d, &bits, 8);
                out = Value::double_(d);
                return true;
            }
            case code::float_: {
                if (!need(4, "Float")) return false;
                const std::uint32_t bits = load_be32(p_);
                p_ += 4;
                float f;
                std::memcpy(&f, &bits, 4);
                out = Value::float_(f);
                return true;
            }
            case code::byte:
                if (!need(1, "Byte")) return false;
                out = Value::byte(static_cast<std::int8_t>(take(1)));
                return true;
            case code::short_:
                if (!need(2, "Short")) return false;
                out = Value::short_(static_cast<std::int16_t>(take(2)));
                return true;
            case code::boolean:
                if (!need(1, "Boolean")) return false;
                if (*p_ > 1)
                    return fail(errc::bad_value, p_,
                                "Boolean byte " + hex2(*p_) + " is invalid (expected 0x00 or 0x01)");
                out = Value::boolean(*p_++ != 0);
                return true;
            case code::uuid: {
                if (!need(16, "UUID")) return false;
                model::Uuid u;
                std::memcpy(u.data(), p_, 16);
                p_ += 16;
                out = Value::uuid(u);
                return true;
            }
            case code::date:
                if (v4_) break;
                if (!need(8, "Date")) return false;
                out = Value::date(take(8));
                return true;
            case code::timestamp:
                if (!need(8, "Timestamp")) return false;
                out = Value::timestamp(take(8));
                return true;
            case code::duration: {
                if (!need(12, "Duration")) return false;
                const std::int64_t s = take(8);
                out = Value::duration(s, static_cast<std::int32_t>(take(4)));
                return true;
            }
            case code::char_: {
                std::size_t n = 0;
                if (!char_length(n)) return false;
                out = Value::char_(std::string(reinterpret_cast<const char*>(p_), n));
                p_ += n;
                return true;
            }
            case code::big_integer: {
                std::string b;
                if (!bytes(b, "BigInteger")) return false;
                if (b.empty())
                    return fail(errc::bad_value, p_ - 4,
                                "BigInteger length 0 is invalid (expected at least 1 byte)");
                out = Value::big_integer(std::move(b));
                return true;
            }
            case code::big_decimal: {
                if (!need(4, "BigDecimal scale")) return false;
                const auto scale = static_cast<std::int32_t>(take(4));
                std::string b;
                if (!bytes(b, "BigDecimal")) return false;
                if (b.empty())
                    return fail(errc::bad_value, p_ - 4,
                                "BigDecimal length 0 is invalid (expected at least 1 byte)");
                out = Value::big_decimal(scale, std::move(b));
                return true;
            }
            case code::binary: {
                std::string b;
                if (!bytes(b, code_name(c, v4_))) return false;
                out = Value::binary(std::move(b));
                return true;
            }
            case code::inet_address: {
                std::string b;
                if (!bytes(b, "InetAddress")) return false;
                if (b.size() != 4 && b.size() != 16)
                    return fail(
                        errc::bad_value, p_ - b.size() - 4,
                        "InetAddress length " + std::to_string(b.size()) + " is invalid (expected 4 or 16)");
                out = Value::inet_address(std::move(b));
                return true;
            }
            case code::class_: {
                std::string s;
                if (!str(s, "Class")) return false;
                out = Value::class_(std::move(s));
                return true;
            }
            case code::marker:
                if (!need(1, "Marker")) return false;
                out = Value::marker(take(1));
                return true;
            case code::lambda: {
                std::vector<Value> k(3);
                if (!string_value(k[0], "Lambda language") || !string_value(k[1], "Lambda script"))
                    return false;
                if (!need(4, "Lambda arguments")) return false;
                k[2] = Value::int_(static_cast<std::int32_t>(take(4)));
                out = Value::compound(Type::lambda, std::move(k));
                return true;
            }
            case code::primitive_pdt: {
                std::string name, v;
                if (!fq_string(name, "PrimitivePDT type name") || !fq_string(v, "PrimitivePDT value"))
                    return false;
                out = Value::compound(Type::primitive_pdt, {Value::string(std::move(v))}, std::move(name));
                return true;
            }
            default:
                break;
        }
        if (is_enum_code(c)) return enum_value(c, out);
        const TemporalLayout l = temporal_layout(c);
        if (l.count == 0) return fail_unknown(p_ - 2, c);  // unreachable: every valid code is handled
        if (!need(l.total, code_name(c, v4_))) return false;
        std::vector<Value> f;
        f.reserve(l.count);
        for (std::uint8_t i = 0; i < l.count; ++i) {
            const std::int64_t x = take(l.width[i]);
            switch (l.width[i]) {
                case 1:
                    f.push_back(Value::byte(static_cast<std::int8_t>(x)));
                    break;
                case 4:
                    f.push_back(Value::int_(static_cast<std::int32_t>(x)));
                    break;
                default:
                    f.push_back(Value::long_(x));
                    break;
            }
        }
        out = Value::temporal(static_cast<TemporalKind>(c), std::move(f));
        return true;
    }
};

}  // namespace

Result<model::Value> gb_read(std::string_view in, std::size_t& pos, GbVersion ver, const GbLimits& limits) {
    if (pos > in.size())
        return Error{errc::truncated, in.size(),
                     "read position " + std::to_string(pos) + " is past the end of the input"};
    Reader r(in, pos, ver, limits);
    Value v;
    if (!r.fq(v, 0)) return std::move(r.err);
    pos = r.pos();
    return v;
}

Result<model::Value> gb_decode(std::string_view in, GbVersion ver, const GbLimits& limits) {
    GbLimits l = limits;
    l.complete_input = true;
    std::size_t pos = 0;
    auto r = gb_read(in, pos, ver, l);
    if (!r) return r;
    if (pos != in.size())
        return Error{
            errc::trailing_bytes, pos,
            std::to_string(in.size() - pos) + " bytes follow the GraphBinary value (expected end of input)"};
    return r;
}

}  // namespace tpbench::io
