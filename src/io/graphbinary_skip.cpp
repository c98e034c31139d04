// GraphBinary 1.0 / 4.0 skipper: validates a value exactly like the reader (graphbinary_read.cpp)
// and allocates nothing (include/tpbench/io/graphbinary.hpp, gb_skip).
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

class Skipper : public Cursor {
public:
    using Cursor::Cursor;

    bool fq(std::size_t depth) {
        if (!need(2, "value")) return false;
        const unsigned char* at = p_;
        const std::uint8_t c = p_[0];
        if (!valid_[c]) [[unlikely]]
            return fail_unknown(at, c);
        if (c == code::custom) {
            ++p_;
            return skip_custom();
        }
        const std::uint8_t flag = p_[1];
        if (flag != 0) {
            if (flag == 1) {
                p_ += 2;
                return true;
            }
            if (flag != 2 || !v4_ || (c != code::list && c != code::map)) return fail_flag(at + 1, c, flag);
        } else if (c == code::null) {
            return fail(errc::bad_value, at + 1, "unspecified null must have value_flag 0x01, got 0x00");
        }
        p_ += 2;
        if (const std::uint8_t fixed = fixed_[c]) {
            if (!need(fixed, code_name(c, v4_))) return false;
            p_ += fixed;
            return true;
        }
        return value(c, flag, depth);
    }

private:
    bool str(const char* what) {
        std::size_t n = 0;
        if (!length(n, 1, what)) return false;
        if (!check_utf8(p_, n, what)) return false;
        p_ += n;
        return true;
    }

    bool bytes(const char* what) {
        std::size_t n = 0;
        if (!length(n, 1, what)) return false;
        p_ += n;
        return true;
    }

    bool labels(const char* what) {
        if (!v4_) return str(what);
        std::size_t n = 0;
        if (!count(n, 6, what)) return false;
        for (std::size_t i = 0; i < n; ++i) {
            if (!need(2, what)) return false;
            if (p_[0] != code::string || p_[1] != 0)
                return fail(errc::bad_value, p_,
                            std::string(what) + " list item must be a non-null String, got type " +
                                hex2(p_[0]) + " flag " + hex2(p_[1]));
            p_ += 2;
            if (!str(what)) return false;
        }
        return true;
    }

    bool items(std::size_t depth, const char* what, std::size_t per = 1) {
        std::size_t n = 0;
        if (!count(n, 2 * per, what)) return false;
        for (std::size_t i = 0; i < n * per; ++i)
            if (!fq(depth)) return false;
        return true;
    }

    bool bulk_value(std::size_t depth, const char* what) {
        std::size_t n = 0;
        if (!count(n, 10, what)) return false;
        for (std::size_t i = 0; i < n; ++i) {
            if (!fq(depth)) return false;
            if (!need(8, "bulk")) return false;
            p_ += 8;
        }
        return true;
    }

    bool tree_value(std::size_t depth) {
        if (!enter(depth, code::tree)) return false;
        std::size_t n = 0;
        if (!count(n, 6, "Tree")) return false;
        for (std::size_t i = 0; i < n; ++i)
            if (!fq(depth + 1) || !tree_value(depth + 1)) return false;
        return true;
    }

    bool instructions(std::size_t depth) {
        std::size_t n = 0;
        if (!count(n, 8, "Bytecode instructions")) return false;
        for (std::size_t i = 0; i < n; ++i)
            if (!str("Bytecode operator") || !items(depth + 1, "Bytecode arguments")) return false;
        return true;
    }

    bool fq_string(const char* what) {
        if (!need(2, what)) return false;
        if (p_[0] != code::string || p_[1] != 0)
            return fail(errc::bad_value, p_,
                        std::string(what) + " must be a non-null String, got type " + hex2(p_[0]) + " flag " +
                            hex2(p_[1]));
        p_ += 2;
        return str(what);
    }

    bool graph(std::size_t depth) {
        std::size_t nv = 0;
        if (!count(nv, 10, "Graph vertices")) return false;
        for (std::size_t i = 0; i < nv; ++i) {
            if (!enter(depth + 1, code::vertex)) return false;
            if (!fq(depth + 2) || !labels("Graph vertex label")) return false;
            std::size_t np = 0;
            if (!count(np, 14, "Graph vertex properties")) return false;
            for (std::size_t j = 0; j < np; ++j) {
                if (!enter(depth + 2, code::vertex_property)) return false;
                if (!fq(depth + 3) || !labels("Graph vertex property label") || !fq(depth + 3) ||
                    !fq(depth + 3) || !items(depth + 3, "Graph vertex property properties"))
                    return false;
            }
        }
        std::size_t ne = 0;
        if (!count(ne, 20, "Graph edges")) return false;
        for (std::size_t i = 0; i < ne; ++i) {
            if (!enter(depth + 1, code::edge)) return false;
            if (!fq(depth + 2) || !labels("Graph edge label") || !fq(depth + 2) || !fq(depth + 2) ||
                !fq(depth + 2) || !fq(depth + 2) || !fq(depth + 2) ||
                !items(depth + 2, "Graph edge properties"))
                return false;
        }
        return true;
    }

    bool value(std::uint8_t c, std::uint8_t flag, std::size_t depth) {
        switch (c) {
            case code::string:
                return str("String");
            case code::boolean:
                if (!need(1, "Boolean")) return false;
                if (*p_ > 1)
                    return fail(errc::bad_value, p_,
                                "Boolean byte " + hex2(*p_) + " is invalid (expected 0x00 or 0x01)");
                ++p_;
                return true;
            case code::char_: {
                std::size_t n = 0;
                if (!char_length(n)) return false;
                p_ += n;
                return true;
            }
            case code::big_integer: {
                const unsigned char* at = p_;
                if (!bytes("BigInteger")) return false;
                return nonempty_big(at, "BigInteger");
            }
            case code::big_decimal: {
                if (!need(4, "BigDecimal scale")) return false;
                p_ += 4;
                const unsigned char* at = p_;
                if (!bytes("BigDecimal")) return false;
                return nonempty_big(at, "BigDecimal");
            }
            case code::binary:
                return bytes(code_name(c, v4_));
            case code::inet_address: {
                const unsigned char* at = p_;
                if (!bytes("InetAddress")) return false;
                const std::size_t n = static_cast<std::size_t>(p_ - at - 4);
                if (n != 4 && n != 16)
                    return fail(errc::bad_value, at,
                                "InetAddress length " + std::to_string(n) + " is invalid (expected 4 or 16)");
                return true;
            }
            case code::class_:
                return str("Class");
            case code::list:
                if (!enter(depth, c)) return false;
                if (flag == 2) return bulk_value(depth + 1, "List");
                return items(depth + 1, "List");
            case code::set:
                if (!enter(depth, c)) return false;
                return items(depth + 1, "Set");
            case code::map:
                if (!enter(depth, c)) return false;
                return items(depth + 1, "Map", 2);
            case code::bulk_set:
                if (!enter(depth, c)) return false;
                return bulk_value(depth + 1, "BulkSet");
            case code::vertex:
                if (!enter(depth, c)) return false;
                return fq(depth + 1) && labels("Vertex label") && fq(depth + 1);
            case code::edge:
                if (!enter(depth, c)) return false;
                return fq(depth + 1) && labels("Edge label") && fq(depth + 1) && labels("Edge inV label") &&
                       fq(depth + 1) && labels("Edge outV label") && fq(depth + 1) && fq(depth + 1);
            case code::vertex_property:
                if (!enter(depth, c)) return false;
                return fq(depth + 1) && labels("VertexProperty label") && fq(depth + 1) && fq(depth + 1) &&
                       fq(depth + 1);
            case code::property:
                if (!enter(depth, c)) return false;
                return str("Property key") && fq(depth + 1) && fq(depth + 1);
            case code::path:
                if (!enter(depth, c)) return false;
                return fq(depth + 1) && fq(depth + 1);
            case code::tree:
                return tree_value(depth);
            case code::graph:
                if (!enter(depth, c)) return false;
                return graph(depth);
            case code::traverser:
                if (!enter(depth, c)) return false;
                if (!need(8, "Traverser bulk")) return false;
                p_ += 8;
                return fq(depth + 1);
            case code::bytecode:
                if (!enter(depth, c)) return false;
                return instructions(depth + 1) && instructions(depth + 1);
            case code::p:
            case code::text_p:
                if (!enter(depth, c)) return false;
                return str(code_name(c, v4_)) &&
                       items(depth + 1, c == code::p ? "P arguments" : "TextP arguments");
            case code::binding:
                if (!enter(depth, c)) return false;
                return str("Binding key") && fq(depth + 1);
            case code::lambda:
                if (!str("Lambda language") || !str("Lambda script") || !need(4, "Lambda arguments"))
                    return false;
                p_ += 4;
                return true;
            case code::strategy:
                if (!enter(depth, c)) return false;
                return str("TraversalStrategy class") &&
                       items(depth + 1, "TraversalStrategy configuration", 2);
            case code::metrics:
                if (!enter(depth, c)) return false;
                if (!str("Metrics id") || !str("Metrics name") || !need(8, "Metrics duration")) return false;
                p_ += 8;
                return items(depth + 1, "Metrics counts", 2) && items(depth + 1, "Metrics annotations", 2) &&
                       items(depth + 1, "Metrics nested");
            case code::traversal_metrics:
                if (!enter(depth, c)) return false;
                if (!need(8, "TraversalMetrics duration")) return false;
                p_ += 8;
                return items(depth + 1, "TraversalMetrics metrics");
            case code::composite_pdt:
                if (!enter(depth, c)) return false;
                if (!fq_string("CompositePDT type name") || !need(2, "CompositePDT fields")) return false;
                if (p_[0] != code::map || p_[1] == 1)
                    return fail(errc::bad_value, p_,
                                "CompositePDT fields must be a non-null Map, got type " + hex2(p_[0]) +
                                    " flag " + hex2(p_[1]));
                return fq(depth + 1);
            case code::primitive_pdt:
                return fq_string("PrimitivePDT type name") && fq_string("PrimitivePDT value");
            default:
                break;
        }
        if (is_enum_code(c)) {
            if (!need(2, code_name(c, v4_))) return false;
            if (p_[0] != code::string || p_[1] != 0)
                return fail(errc::bad_value, p_,
                            std::string(code_name(c, v4_)) + " must hold a non-null String name, got type " +
                                hex2(p_[0]) + " flag " + hex2(p_[1]));
            p_ += 2;
            return str(code_name(c, v4_));
        }
        return fail_unknown(p_ - 2, c);  // unreachable: fixed-size and table-checked codes handled above
    }

    // BigInteger/BigDecimal magnitude must have at least one byte. `at` is its length field.
    bool nonempty_big(const unsigned char* at, const char* what) {
        if (p_ - at > 4) return true;
        return fail(errc::bad_value, at,
                    std::string(what) + " length 0 is invalid (expected at least 1 byte)");
    }
};

}  // namespace

Result<std::size_t> gb_skip(std::string_view in, std::size_t pos, GbVersion ver, const GbLimits& limits) {
    if (pos > in.size())
        return Error{errc::truncated, in.size(),
                     "skip position " + std::to_string(pos) + " is past the end of the input"};
    Skipper s(in, pos, ver, limits);
    if (!s.fq(0)) return std::move(s.err);
    return s.pos();
}

}  // namespace tpbench::io
