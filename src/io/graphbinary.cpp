// GraphBinary 1.0 / 4.0 value codec (include/tpbench/io/graphbinary.hpp).
//
// Wire type -> model::Value (both directions unless noted):
//   Int/Long/Short/Byte/Boolean/Float/Double/String/UUID/Char    -> the matching scalar type
//   BigInteger 0x23 -> big_integer (bytes as sent); BigDecimal 0x22 -> big_decimal (i = scale)
//   Date 0x04 / Timestamp 0x05 (1.0)   -> date / timestamp (epoch ms)
//   DateTime 0x04 (4.0)                -> temporal(datetime4, [Int y, Byte m, Byte d, Long nod, Int off])
//   java.time 0x83..0x8e (1.0)         -> temporal(kind = code, fields in wire order)
//   Duration 0x81 -> duration; ByteBuffer/Binary 0x25 -> binary; InetAddress 0x82 -> inet_address
//   List 0x09 / Set 0x0b               -> list / set
//   Map 0x0a                           -> map (4.0 value_flag 0x02 "ordered" kept in aux bit 0x02)
//   BulkSet 0x2a (1.0), List with value_flag 0x02 (4.0) -> bulk_set (item, Long bulk, …)
//   Vertex/Edge/VertexProperty/Property/Path/Tree/Graph -> layouts of model/value.hpp; labels are
//     always a list of strings (1.0 writes the first one); parent slots are kept as read.
//   Graph 0x10: edges' in/out vertex label slots (always null from Java) are read and dropped:
//     they are stored as null and always written as fe 01.
//   Enums (0x13 … 0x2f, 1.0 GType 0x30 new in 3.8: EnumKind 0x30, unnamed) -> enum_(kind = code, name);
//   Traverser 0x21 -> traverser;
//   Bytecode/P/TextP/Binding/Lambda/Class/TraversalStrategy/Metrics/TraversalMetrics (1.0)
//   Marker 0xfd (4.0) -> marker; CompositePDT 0xf0 / PrimitivePDT 0xf1 (4.0) -> composite_pdt /
//   primitive_pdt; Custom 0x00 -> raw(aux 0x00, s = every byte after the type code: name, type
//   info, value flag, blob), re-encoded byte for byte.
//   Typed null {code}01 -> null with aux = code; fe 01 -> null with aux 0xfe. Custom nulls stay raw.
//
// Writing a type the version cannot carry ("closest equivalent"):
//   4.0: date/timestamp/instant/local_date/local_date_time/offset_date_time/zoned_date_time ->
//        DateTime (UTC or the given offset); other java.time types -> ISO-8601 String;
//        traverser -> bulked List with one (value, bulk) pair; bytecode -> List[steps, sources]
//        of instruction lists; p/text_p -> String "gt(0)"; lambda -> String script; class ->
//        String; binding -> its value; metrics/traversal_metrics/strategy -> Map; inet_address
//        -> Binary; enums other than Direction/T/Merge -> String name; typed nulls of removed
//        types -> fe 01. A null element property list is written as an empty List (4.0 reference
//        elements), not fe 01.
//   1.0: datetime4 -> OffsetDateTime 0x88 (same fields); marker -> Byte; composite_pdt -> its
//        fields Map; primitive_pdt -> its String value; map ordered flag dropped (always 0x00).
//   raw with aux != 0 is written as {aux}{s}.
#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/depth_caps.hpp>

#include "detail/bytes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

namespace tpbench::io {

namespace {

using detail::load_be16;
using detail::load_be32;
using detail::load_be64;
using model::EnumKind;
using model::TemporalKind;
using model::Type;
using model::Value;

namespace code {
constexpr std::uint8_t custom = 0x00, int_ = 0x01, long_ = 0x02, string = 0x03, date = 0x04, timestamp = 0x05,
                       class_ = 0x06, double_ = 0x07, float_ = 0x08, list = 0x09, map = 0x0a, set = 0x0b,
                       uuid = 0x0c, edge = 0x0d, path = 0x0e, property = 0x0f, graph = 0x10, vertex = 0x11,
                       vertex_property = 0x12, barrier = 0x13, binding = 0x14, bytecode = 0x15,
                       cardinality = 0x16, column = 0x17, direction = 0x18, operator_ = 0x19, order = 0x1a,
                       pick = 0x1b, pop = 0x1c, lambda = 0x1d, p = 0x1e, scope = 0x1f, t = 0x20,
                       traverser = 0x21, big_decimal = 0x22, big_integer = 0x23, byte = 0x24, binary = 0x25,
                       short_ = 0x26, boolean = 0x27, text_p = 0x28, strategy = 0x29, bulk_set = 0x2a,
                       tree = 0x2b, metrics = 0x2c, traversal_metrics = 0x2d, merge = 0x2e, dt = 0x2f,
                       gtype = 0x30, char_ = 0x80, duration = 0x81, inet_address = 0x82, composite_pdt = 0xf0,
                       primitive_pdt = 0xf1, marker = 0xfd, null = 0xfe;
}  // namespace code

// Type codes whose values contain other values (Reader::nested).
constexpr std::array<bool, 256> make_nests() {
    std::array<bool, 256> t{};
    for (std::uint8_t c : {code::list,
                           code::set,
                           code::map,
                           code::bulk_set,
                           code::vertex,
                           code::edge,
                           code::vertex_property,
                           code::property,
                           code::path,
                           code::tree,
                           code::graph,
                           code::traverser,
                           code::bytecode,
                           code::p,
                           code::text_p,
                           code::binding,
                           code::strategy,
                           code::metrics,
                           code::traversal_metrics,
                           code::composite_pdt})
        t[c] = true;
    return t;
}
constexpr std::array<bool, 256> kNests = make_nests();

constexpr std::size_t kHardMaxDepth = gb_depth_cap;  // graphbinary.hpp: the stack bound (issue 11 #15)

struct CodeTables {
    std::array<bool, 256> v1{};
    std::array<bool, 256> v4{};
};

constexpr CodeTables make_code_tables() {
    CodeTables t;
    // 0x30 GType: TinkerPop 3.8 GraphBinary 1.0 (DataType.GTYPE). 4.0.0-beta.2 declares it without
    // registering it and beta.3 removed it again, so it stays out of the 4.0 table.
    for (unsigned c = 0x00; c <= 0x30; ++c) t.v1[c] = true;
    for (unsigned c = 0x80; c <= 0x8e; ++c) t.v1[c] = true;
    t.v1[code::null] = true;
    for (std::uint8_t c : {0x00, 0x01, 0x02, 0x03, 0x04, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
                           0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x18, 0x20, 0x22, 0x23, 0x24,
                           0x25, 0x26, 0x27, 0x2b, 0x2e, 0x80, 0x81, 0xf0, 0xf1, 0xfd, 0xfe})
        t.v4[c] = true;
    return t;
}
constexpr CodeTables kCodes = make_code_tables();

const char* code_name(std::uint8_t c, bool v4) noexcept {
    switch (c) {
        case 0x00:
            return "Custom";
        case 0x01:
            return "Int";
        case 0x02:
            return "Long";
        case 0x03:
            return "String";
        case 0x04:
            return v4 ? "DateTime" : "Date";
        case 0x05:
            return "Timestamp";
        case 0x06:
            return "Class";
        case 0x07:
            return "Double";
        case 0x08:
            return "Float";
        case 0x09:
            return "List";
        case 0x0a:
            return "Map";
        case 0x0b:
            return "Set";
        case 0x0c:
            return "UUID";
        case 0x0d:
            return "Edge";
        case 0x0e:
            return "Path";
        case 0x0f:
            return "Property";
        case 0x10:
            return "Graph";
        case 0x11:
            return "Vertex";
        case 0x12:
            return "VertexProperty";
        case 0x13:
            return "Barrier";
        case 0x14:
            return "Binding";
        case 0x15:
            return "Bytecode";
        case 0x16:
            return "Cardinality";
        case 0x17:
            return "Column";
        case 0x18:
            return "Direction";
        case 0x19:
            return "Operator";
        case 0x1a:
            return "Order";
        case 0x1b:
            return "Pick";
        case 0x1c:
            return "Pop";
        case 0x1d:
            return "Lambda";
        case 0x1e:
            return "P";
        case 0x1f:
            return "Scope";
        case 0x20:
            return "T";
        case 0x21:
            return "Traverser";
        case 0x22:
            return "BigDecimal";
        case 0x23:
            return "BigInteger";
        case 0x24:
            return "Byte";
        case 0x25:
            return v4 ? "Binary" : "ByteBuffer";
        case 0x26:
            return "Short";
        case 0x27:
            return "Boolean";
        case 0x28:
            return "TextP";
        case 0x29:
            return "TraversalStrategy";
        case 0x2a:
            return "BulkSet";
        case 0x2b:
            return "Tree";
        case 0x2c:
            return "Metrics";
        case 0x2d:
            return "TraversalMetrics";
        case 0x2e:
            return "Merge";
        case 0x2f:
            return "DT";
        case 0x30:
            return "GType";
        case 0x80:
            return "Char";
        case 0x81:
            return "Duration";
        case 0x82:
            return "InetAddress";
        case 0x83:
            return "Instant";
        case 0x84:
            return "LocalDate";
        case 0x85:
            return "LocalDateTime";
        case 0x86:
            return "LocalTime";
        case 0x87:
            return "MonthDay";
        case 0x88:
            return "OffsetDateTime";
        case 0x89:
            return "OffsetTime";
        case 0x8a:
            return "Period";
        case 0x8b:
            return "Year";
        case 0x8c:
            return "YearMonth";
        case 0x8d:
            return "ZonedDateTime";
        case 0x8e:
            return "ZoneOffset";
        case 0xf0:
            return "CompositePDT";
        case 0xf1:
            return "PrimitivePDT";
        case 0xfd:
            return "Marker";
        case 0xfe:
            return "unspecified null";
        default:
            return "unknown type";
    }
}

std::string hex2(std::uint8_t c) {
    static const char* d = "0123456789abcdef";
    return std::string("0x") + d[c >> 4] + d[c & 15];
}

// Field widths (1, 4 or 8 bytes) of the java.time types and of 4.0 DateTime, in wire order.
struct TemporalLayout {
    std::uint8_t count = 0;
    std::uint8_t total = 0;
    std::array<std::uint8_t, 5> width{};
};

constexpr TemporalLayout make_layout(std::initializer_list<std::uint8_t> w) {
    TemporalLayout l;
    for (auto x : w) {
        l.width[l.count++] = x;
        l.total = static_cast<std::uint8_t>(l.total + x);
    }
    return l;
}

constexpr TemporalLayout temporal_layout(std::uint8_t kind) {
    switch (kind) {
        case 0x83:
            return make_layout({8, 4});  // Instant
        case 0x84:
            return make_layout({4, 1, 1});  // LocalDate
        case 0x85:
            return make_layout({4, 1, 1, 8});  // LocalDateTime
        case 0x86:
            return make_layout({8});  // LocalTime
        case 0x87:
            return make_layout({1, 1});  // MonthDay
        case 0x88:
        case 0x8d:
        case 0x04:
            return make_layout({4, 1, 1, 8, 4});  // Offset/Zoned/DateTime
        case 0x89:
            return make_layout({8, 4});  // OffsetTime
        case 0x8a:
            return make_layout({4, 4, 4});  // Period
        case 0x8b:
            return make_layout({4});  // Year
        case 0x8c:
            return make_layout({4, 1});  // YearMonth
        case 0x8e:
            return make_layout({4});  // ZoneOffset
        default:
            return {};
    }
}

// Bytes of the value part of fixed-size scalars (0 = not fixed-size).
constexpr std::array<std::uint8_t, 256> make_fixed_sizes(bool v4) {
    std::array<std::uint8_t, 256> s{};
    s[code::int_] = 4;
    s[code::long_] = 8;
    s[code::double_] = 8;
    s[code::float_] = 4;
    s[code::uuid] = 16;
    s[code::byte] = 1;
    s[code::short_] = 2;
    s[code::duration] = 12;
    if (v4) {
        s[code::date] = 18;
        s[code::marker] = 1;
    } else {
        s[code::date] = 8;
        s[code::timestamp] = 8;
        for (unsigned c = 0x83; c <= 0x8e; ++c) s[c] = temporal_layout(static_cast<std::uint8_t>(c)).total;
    }
    return s;
}
constexpr std::array<std::uint8_t, 256> kFixedV1 = make_fixed_sizes(false);
constexpr std::array<std::uint8_t, 256> kFixedV4 = make_fixed_sizes(true);

bool is_enum_code(std::uint8_t c) {
    switch (c) {
        case code::barrier:
        case code::cardinality:
        case code::column:
        case code::direction:
        case code::operator_:
        case code::order:
        case code::pick:
        case code::pop:
        case code::scope:
        case code::t:
        case code::merge:
        case code::dt:
        case code::gtype:
            return true;
        default:
            return false;
    }
}

// ------------------------------------------------------------------------------------------------
// Shared cursor: bounds checks, lengths, error construction. Reader (materialises) and Skipper
// (validates only) derive from it and must accept exactly the same inputs.

class Cursor {
public:
    Cursor(std::string_view in, std::size_t pos, GbVersion ver, const GbLimits& lim)
        : base_(reinterpret_cast<const unsigned char*>(in.data())),
          p_(base_ + pos),
          end_(base_ + in.size()),
          v4_(ver == GbVersion::v4),
          max_depth_(std::min(lim.max_depth, kHardMaxDepth)),
          max_len_(lim.max_length),
          complete_(lim.complete_input),
          valid_(v4_ ? kCodes.v4.data() : kCodes.v1.data()),
          fixed_(v4_ ? kFixedV4.data() : kFixedV1.data()) {}

    std::size_t pos() const noexcept { return static_cast<std::size_t>(p_ - base_); }
    Error err;

protected:
    std::size_t left() const noexcept { return static_cast<std::size_t>(end_ - p_); }

    [[gnu::cold, gnu::noinline]] bool fail(errc c, const unsigned char* at, std::string msg) {
        err.code = c;
        err.offset = static_cast<std::size_t>(at - base_);
        err.message = std::move(msg);
        return false;
    }

    [[gnu::cold, gnu::noinline]] bool fail_truncated(std::size_t n, const char* what) {
        return fail(errc::truncated, p_,
                    std::string("truncated ") + what + ": needs " + std::to_string(n) + " bytes, " +
                        std::to_string(left()) + " left");
    }

    bool need(std::size_t n, const char* what) {
        if (left() >= n) [[likely]]
            return true;
        return fail_truncated(n, what);
    }

    [[gnu::cold, gnu::noinline]] bool fail_length(std::int32_t v, std::size_t unit, std::size_t avail,
                                                  const char* what, const char* noun) {
        const std::string head = std::string(what) + " " + noun + " " + std::to_string(v);
        if (v < 0) return fail(errc::bad_length, p_, head + " is negative");
        const std::size_t n = static_cast<std::size_t>(v);
        const std::size_t bytes = n * unit;
        if (bytes > avail) {
            const std::string tail = unit == 1 ? " exceeds the " + std::to_string(avail) + " bytes left"
                                               : " needs at least " + std::to_string(bytes) + " bytes but " +
                                                     std::to_string(avail) + " are left";
            if (complete_ || n > max_len_) return fail(errc::bad_length, p_, head + tail);
            return fail(errc::truncated, p_, "truncated " + head + ":" + tail);
        }
        return fail(errc::bad_length, p_, head + " exceeds the limit of " + std::to_string(max_len_));
    }

    // Reads an Int length or count and checks it against the limits and the bytes left (each
    // element needs at least `unit` bytes). Negative or above max_length -> bad_length; past the
    // end -> truncated (bad_length with complete_input). The error offset is the Int's.
    bool length(std::size_t& n, std::size_t unit, const char* what, const char* noun = "length") {
        if (!need(4, what)) return false;
        const std::int32_t v = static_cast<std::int32_t>(load_be32(p_));
        const std::size_t avail = left() - 4;
        if (v < 0 || static_cast<std::size_t>(v) > max_len_ || static_cast<std::size_t>(v) * unit > avail)
            [[unlikely]] {
            return fail_length(v, unit, avail, what, noun);
        }
        p_ += 4;
        n = static_cast<std::size_t>(v);
        return true;
    }

    bool count(std::size_t& n, std::size_t unit, const char* what) { return length(n, unit, what, "count"); }

    bool enter(std::size_t depth, std::uint8_t c) {
        if (depth < max_depth_) [[likely]]
            return true;
        return fail_deep(c);
    }

    [[gnu::cold, gnu::noinline]] bool fail_deep(std::uint8_t c) {
        return fail(errc::too_deep, p_,
                    std::string(code_name(c, v4_)) + " nested deeper than the limit of " +
                        std::to_string(max_depth_) + " levels");
    }

    bool check_utf8(const unsigned char* s, std::size_t n, const char* what) {
        if (detail::valid_utf8(s, n)) [[likely]]
            return true;
        return fail_utf8(s, n, what);
    }

    [[gnu::cold, gnu::noinline]] bool fail_utf8(const unsigned char* s, std::size_t n, const char* what) {
        return fail(errc::bad_utf8, s,
                    std::string(what) + " of " + std::to_string(n) + " bytes is not valid UTF-8");
    }

    [[gnu::cold, gnu::noinline]] bool fail_flag(const unsigned char* at, std::uint8_t c, std::uint8_t flag) {
        const bool bulk_ok = v4_ && (c == code::list || c == code::map);
        return fail(errc::bad_value, at,
                    std::string(code_name(c, v4_)) + " value_flag " + hex2(flag) +
                        " is invalid (expected 0x00" + (bulk_ok ? ", 0x01 or 0x02)" : " or 0x01)"));
    }

    [[gnu::cold, gnu::noinline]] bool fail_unknown(const unsigned char* at, std::uint8_t c) {
        std::string msg = "unknown type code " + hex2(c) + " for GraphBinary " + (v4_ ? "4.0" : "1.0");
        if (v4_ && kCodes.v1[c]) msg += std::string(" (") + code_name(c, false) + " exists only in 1.0)";
        return fail(errc::unknown_type, at, std::move(msg));
    }

    // Char: 1..4 bytes, one UTF-8 character.
    bool char_length(std::size_t& n) {
        if (!need(1, "Char")) return false;
        n = detail::utf8_sequence_length(*p_);
        if (n == 0)
            return fail(errc::bad_utf8, p_,
                        "Char lead byte " + hex2(*p_) + " cannot start a UTF-8 character");
        if (!need(n, "Char")) return false;
        return check_utf8(p_, n, "Char");
    }

    // Custom 0x00: name String, type info ByteBuffer, value flag, Int-length blob. p_ is past the
    // type code on entry; on success p_ is past the value.
    bool skip_custom() {
        std::size_t n = 0;
        if (!length(n, 1, "Custom type name")) return false;
        if (!check_utf8(p_, n, "Custom type name")) return false;
        p_ += n;
        if (!length(n, 1, "Custom type info")) return false;
        p_ += n;
        if (!need(1, "Custom value_flag")) return false;
        const std::uint8_t flag = *p_;
        if (flag > 1)
            return fail(errc::bad_value, p_,
                        "Custom value_flag " + hex2(flag) + " is invalid (expected 0x00 or 0x01)");
        ++p_;
        if (flag == 0) {
            if (!length(n, 1, "Custom value")) return false;
            p_ += n;
        }
        return true;
    }

    const unsigned char* base_;
    const unsigned char* p_;
    const unsigned char* end_;
    bool v4_;
    std::size_t max_depth_;
    std::size_t max_len_;
    bool complete_;
    const bool* valid_;
    const std::uint8_t* fixed_;
};

// ------------------------------------------------------------------------------------------------
// Reader: bytes -> model::Value.

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
    // (issue 11 #15: with them a level took 11.6 KB of stack under ASan+UBSan).
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

// ------------------------------------------------------------------------------------------------
// Skipper: validates exactly like Reader, allocates nothing.

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

// ------------------------------------------------------------------------------------------------
// Writer: model::Value -> bytes.

const Value& null_value() {
    static const Value v;
    return v;
}

const Value& kid(const Value& v, std::size_t i) { return i < v.size() ? v[i] : null_value(); }

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

// Days since 1970-01-01 -> proleptic Gregorian (y, m, d) (H. Hinnant's civil_from_days).
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    if (m <= 2) ++y;
}

// Decimal of |v| zero-padded to `width`, with a leading '-' for negatives (no overflow on INT64_MIN).
std::string pad(std::int64_t v, int width) {
    const std::uint64_t mag = v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    std::string s = std::to_string(mag);
    if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<std::size_t>(width) - s.size(), '0');
    return v < 0 ? "-" + s : s;
}

// a mod b in [0, b) for b > 0.
std::int64_t floor_mod(std::int64_t a, std::int64_t b) {
    const std::int64_t r = a % b;
    return r < 0 ? r + b : r;
}

// java.time.LocalTime.toString of a nano-of-day.
std::string iso_time(std::int64_t nod) {
    const std::int64_t h = nod / 3600000000000LL, mi = nod / 60000000000LL % 60, s = nod / 1000000000LL % 60,
                       n = nod % 1000000000LL;
    std::string out = pad(h, 2) + ":" + pad(mi, 2);
    if (s != 0 || n != 0) out += ":" + pad(s, 2);
    if (n != 0) {
        if (n % 1000000 == 0)
            out += "." + pad(n / 1000000, 3);
        else if (n % 1000 == 0)
            out += "." + pad(n / 1000, 6);
        else
            out += "." + pad(n, 9);
    }
    return out;
}

// java.time.ZoneOffset id.
std::string iso_offset(std::int64_t total) {
    if (total == 0) return "Z";
    const std::uint64_t a =
        total < 0 ? 0 - static_cast<std::uint64_t>(total) : static_cast<std::uint64_t>(total);
    auto two = [](std::uint64_t x) { return pad(static_cast<std::int64_t>(x), 2); };
    std::string out = std::string(total < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a / 60 % 60);
    if (a % 60 != 0) out += ":" + two(a % 60);
    return out;
}

class Writer {
public:
    Writer(std::string& out, GbVersion ver) : out_(out), start_(out.size()), v4_(ver == GbVersion::v4) {}
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;
    // Drops the unused slack grown by room(); must be called once after the last write.
    void finish() {
        if (p_ != nullptr) out_.resize(static_cast<std::size_t>(p_ - out_.data()));
    }

    void fq(const Value& v) {
        switch (v.type()) {
            case Type::null: {
                const std::uint8_t c = v.aux();
                const bool ok = c != code::custom && (v4_ ? kCodes.v4[c] : kCodes.v1[c]);
                hdr(ok ? c : code::null, 1);
                return;
            }
            case Type::boolean:
                hdr(code::boolean, 0);
                u8(v.as_bool() ? '\1' : '\0');
                return;
            case Type::byte:
                hdr(code::byte, 0);
                u8(static_cast<char>(static_cast<std::uint8_t>(v.as_int())));
                return;
            case Type::short_:
                hdr(code::short_, 0);
                be16(static_cast<std::uint16_t>(v.as_int()));
                return;
            case Type::int_:
                hdr(code::int_, 0);
                be32(static_cast<std::uint32_t>(v.as_int()));
                return;
            case Type::long_:
                hdr(code::long_, 0);
                be64(static_cast<std::uint64_t>(v.as_int()));
                return;
            case Type::float_: {
                hdr(code::float_, 0);
                const float f = static_cast<float>(v.as_double());
                std::uint32_t bits;
                std::memcpy(&bits, &f, 4);
                be32(bits);
                return;
            }
            case Type::double_: {
                hdr(code::double_, 0);
                const double d = v.as_double();
                std::uint64_t bits;
                std::memcpy(&bits, &d, 8);
                be64(bits);
                return;
            }
            case Type::big_integer:
                hdr(code::big_integer, 0);
                big_bytes(v.str());
                return;
            case Type::big_decimal:
                hdr(code::big_decimal, 0);
                be32(static_cast<std::uint32_t>(v.as_int()));
                big_bytes(v.str());
                return;
            case Type::char_:
                hdr(code::char_, 0);
                char_bytes(v.str());
                return;
            case Type::string:
                string_fq(v.str());
                return;
            case Type::uuid: {
                hdr(code::uuid, 0);
                const model::Uuid u = v.as_uuid();
                raw(reinterpret_cast<const char*>(u.data()), u.size());
                return;
            }
            case Type::date:
            case Type::timestamp:
                if (v4_) {
                    datetime_from_seconds(floor_div(v.as_int(), 1000), floor_mod(v.as_int(), 1000) * 1000000);
                } else {
                    hdr(v.type() == Type::date ? code::date : code::timestamp, 0);
                    be64(static_cast<std::uint64_t>(v.as_int()));
                }
                return;
            case Type::duration:
                hdr(code::duration, 0);
                be64(static_cast<std::uint64_t>(v.as_int()));
                be32(static_cast<std::uint32_t>(v.nanos()));
                return;
            case Type::binary:
                hdr(code::binary, 0);
                bytes(v.str());
                return;
            case Type::inet_address:
                hdr(v4_ ? code::binary : code::inet_address, 0);
                bytes(v.str());
                return;
            case Type::temporal:
                temporal(v);
                return;
            case Type::list:
                hdr(code::list, 0);
                items(v);
                return;
            case Type::set:
                hdr(code::set, 0);
                items(v);
                return;
            case Type::map:
                hdr(code::map, v4_ && v.ordered() ? 2 : 0);
                map_value(v);
                return;
            case Type::bulk_set:
                if (v4_)
                    hdr(code::list, 2);
                else
                    hdr(code::bulk_set, 0);
                bulk_value(v);
                return;
            case Type::vertex:
                hdr(code::vertex, 0);
                fq(kid(v, 0));
                labels(kid(v, 1));
                properties(kid(v, 2));
                return;
            case Type::edge:
                hdr(code::edge, 0);
                fq(kid(v, 0));
                labels(kid(v, 1));
                fq(kid(v, 2));
                labels(kid(v, 3));
                fq(kid(v, 4));
                labels(kid(v, 5));
                fq(kid(v, 6));
                properties(kid(v, 7));
                return;
            case Type::vertex_property:
                hdr(code::vertex_property, 0);
                fq(kid(v, 0));
                labels(kid(v, 1));
                fq(kid(v, 2));
                fq(kid(v, 3));
                properties(kid(v, 4));
                return;
            case Type::property:
                hdr(code::property, 0);
                string_value(kid(v, 0).str());
                fq(kid(v, 1));
                fq(kid(v, 2));
                return;
            case Type::path:
                hdr(code::path, 0);
                fq(kid(v, 0));
                fq(kid(v, 1));
                return;
            case Type::tree:
                hdr(code::tree, 0);
                tree_value(v);
                return;
            case Type::graph:
                hdr(code::graph, 0);
                graph(v);
                return;
            case Type::traverser:
                if (v4_) {
                    hdr(code::list, 2);
                    be32(1);
                    fq(kid(v, 0));
                    be64(static_cast<std::uint64_t>(v.as_int()));
                } else {
                    hdr(code::traverser, 0);
                    be64(static_cast<std::uint64_t>(v.as_int()));
                    fq(kid(v, 0));
                }
                return;
            case Type::enum_: {
                const auto c = static_cast<std::uint8_t>(v.aux());
                const bool ok = is_enum_code(c) && (!v4_ || kCodes.v4[c]);
                if (ok) hdr(c, 0);
                string_fq(v.str());
                return;
            }
            case Type::bytecode:
                if (v4_) {
                    hdr(code::list, 0);
                    be32(2);
                    fq(kid(v, 0));
                    fq(kid(v, 1));
                } else {
                    hdr(code::bytecode, 0);
                    instructions(kid(v, 0));
                    instructions(kid(v, 1));
                }
                return;
            case Type::p:
            case Type::text_p:
                if (v4_) {
                    string_fq(v.to_string());
                } else {
                    hdr(v.type() == Type::p ? code::p : code::text_p, 0);
                    string_value(v.str());
                    items(v);
                }
                return;
            case Type::binding:
                if (v4_) {
                    fq(kid(v, 0));
                } else {
                    hdr(code::binding, 0);
                    string_value(v.str());
                    fq(kid(v, 0));
                }
                return;
            case Type::lambda:
                if (v4_) {
                    string_fq(kid(v, 1).str());
                } else {
                    hdr(code::lambda, 0);
                    string_value(kid(v, 0).str());
                    string_value(kid(v, 1).str());
                    be32(static_cast<std::uint32_t>(kid(v, 2).to_int64()));
                }
                return;
            case Type::class_:
                if (!v4_) {
                    hdr(code::class_, 0);
                    string_value(v.str());
                } else {
                    string_fq(v.str());
                }
                return;
            case Type::marker:
                hdr(v4_ ? code::marker : code::byte, 0);
                u8(static_cast<char>(static_cast<std::uint8_t>(v.as_int())));
                return;
            case Type::metrics:
                if (v4_) {
                    metrics_map(v);
                } else {
                    hdr(code::metrics, 0);
                    metrics_value(v);
                }
                return;
            case Type::traversal_metrics:
                if (v4_) {
                    hdr(code::map, 0);
                    be32(2);
                    string_fq("dur");
                    long_fq(kid(v, 0).to_int64());
                    string_fq("metrics");
                    metrics_list(kid(v, 1));
                } else {
                    hdr(code::traversal_metrics, 0);
                    be64(static_cast<std::uint64_t>(kid(v, 0).to_int64()));
                    list_value(kid(v, 1));
                }
                return;
            case Type::strategy:
                if (v4_) {
                    hdr(code::map, 0);
                    be32(2);
                    string_fq("class");
                    string_fq(kid(v, 0).str());
                    string_fq("configuration");
                    hdr(code::map, 0);
                    map_value(kid(v, 1));
                } else {
                    hdr(code::strategy, 0);
                    string_value(kid(v, 0).str());
                    map_value(kid(v, 1));
                }
                return;
            case Type::composite_pdt:
                if (v4_) {
                    hdr(code::composite_pdt, 0);
                    string_fq(v.str());
                }
                if (kid(v, 0).type() == Type::map) {
                    fq(kid(v, 0));
                } else {
                    hdr(code::map, 0);
                    be32(0);
                }
                return;
            case Type::primitive_pdt:
                if (v4_) {
                    hdr(code::primitive_pdt, 0);
                    string_fq(v.str());
                }
                string_fq(kid(v, 0).str());
                return;
            case Type::raw:
                u8(static_cast<char>(v.aux()));
                raw(v.str().data(), v.str().size());
                return;
        }
        hdr(code::null, 1);
    }

private:
    // Output goes through a raw pointer into `out_`, grown geometrically with resize(); this keeps
    // each field write to a bounds check and a memcpy instead of a std::string::append call.
    [[gnu::always_inline]] char* room(std::size_t n) {
        if (static_cast<std::size_t>(end_ - p_) < n) [[unlikely]]
            grow(n);
        char* r = p_;
        p_ += n;
        return r;
    }
    [[gnu::noinline]] void grow(std::size_t n) {
        const std::size_t used = p_ != nullptr ? static_cast<std::size_t>(p_ - out_.data()) : out_.size();
        const std::size_t add = std::max(n, std::max<std::size_t>(128, used - start_));
        out_.resize(used + add);
        p_ = out_.data() + used;
        end_ = out_.data() + out_.size();
    }
    [[gnu::always_inline]] void u8(char c) { *room(1) = c; }
    [[gnu::always_inline]] void hdr(std::uint8_t c, std::uint8_t flag) {
        char* r = room(2);
        r[0] = static_cast<char>(c);
        r[1] = static_cast<char>(flag);
    }
    [[gnu::always_inline]] void be16(std::uint16_t v) {
        v = __builtin_bswap16(v);
        std::memcpy(room(2), &v, 2);
    }
    [[gnu::always_inline]] void be32(std::uint32_t v) {
        v = __builtin_bswap32(v);
        std::memcpy(room(4), &v, 4);
    }
    [[gnu::always_inline]] void be64(std::uint64_t v) {
        v = __builtin_bswap64(v);
        std::memcpy(room(8), &v, 8);
    }
    [[gnu::always_inline]] void raw(const char* s, std::size_t n) {
        if (n != 0) std::memcpy(room(n), s, n);
    }

    // Int length + bytes (ByteBuffer, BigInteger magnitude, …: not text).
    [[gnu::always_inline]] void sized(std::string_view s) {
        be32(static_cast<std::uint32_t>(s.size()));
        raw(s.data(), s.size());
    }
    // String value: Int length + well-formed UTF-8 (a byte that does not start a well-formed
    // sequence is written as U+FFFD: detail/bytes.hpp's policy).
    [[gnu::always_inline]] void string_value(std::string_view s) {
        if (!detail::valid_utf8(s)) [[unlikely]]
            return string_value_replacing(s);
        sized(s);
    }
    [[gnu::cold, gnu::noinline]] void string_value_replacing(std::string_view s) {
        std::string fixed;
        fixed.reserve(detail::utf8_replaced_size(s));
        detail::append_utf8_replacing(fixed, s);
        sized(fixed);
    }
    [[gnu::always_inline]] void string_fq(std::string_view s) {
        hdr(code::string, 0);
        string_value(s);
    }
    void long_fq(std::int64_t x) {
        hdr(code::long_, 0);
        be64(static_cast<std::uint64_t>(x));
    }
    void bytes(std::string_view s) { sized(s); }
    // BigInteger magnitude: at least one byte (an empty model value means 0).
    void big_bytes(const std::string& s) {
        if (s.empty()) {
            be32(1);
            u8('\0');
        } else {
            bytes(s);
        }
    }
    // Exactly one UTF-8 character: the first of the model value; an empty one becomes U+0000, a
    // malformed one U+FFFD (detail/bytes.hpp's policy).
    void char_bytes(const std::string& s) {
        if (s.empty()) {
            u8('\0');
            return;
        }
        const auto* p = reinterpret_cast<const unsigned char*>(s.data());
        const int n = *p < 0x80 ? 1 : detail::utf8_sequence_at(p, p + s.size());
        if (n <= 0)
            raw(detail::utf8_replacement.data(), detail::utf8_replacement.size());
        else
            raw(s.data(), static_cast<std::size_t>(n));
    }

    static std::string_view first_label(const Value& l) {
        if (l.type() == Type::list) return l.size() ? std::string_view(l[0].str()) : std::string_view{};
        return l.str();
    }

    void labels(const Value& l) {
        if (!v4_) {
            string_value(first_label(l));
            return;
        }
        if (l.type() == Type::list) {
            be32(static_cast<std::uint32_t>(l.size()));
            for (const Value& s : l.kids()) string_fq(s.str());
        } else if (l.type() == Type::string) {
            be32(1);
            string_fq(l.str());
        } else {
            be32(0);
        }
    }

    // Element properties: a null list is fe 01 in 1.0 and an empty List in 4.0.
    void properties(const Value& p) {
        if (p.is_null() && v4_) {
            hdr(code::list, 0);
            be32(0);
        } else {
            fq(p);
        }
    }

    // Count + FQ kids.
    void items(const Value& v) {
        be32(static_cast<std::uint32_t>(v.size()));
        for (const Value& k : v.kids()) fq(k);
    }
    // List value of a list/set (anything else: empty).
    void list_value(const Value& v) {
        if (v.type() == Type::list || v.type() == Type::set)
            items(v);
        else
            be32(0);
    }
    void map_value(const Value& v) {
        if (v.type() != Type::map) {
            be32(0);
            return;
        }
        const std::size_t n = v.size() / 2;
        be32(static_cast<std::uint32_t>(n));
        for (std::size_t i = 0; i < 2 * n; ++i) fq(v[i]);
    }
    void bulk_value(const Value& v) {
        const std::size_t n = v.size() / 2;
        be32(static_cast<std::uint32_t>(n));
        for (std::size_t i = 0; i < n; ++i) {
            fq(v[2 * i]);
            be64(static_cast<std::uint64_t>(v[2 * i + 1].to_int64()));
        }
    }
    void tree_value(const Value& v) {
        if (v.type() != Type::tree) {
            be32(0);
            return;
        }
        const std::size_t n = v.size() / 2;
        be32(static_cast<std::uint32_t>(n));
        for (std::size_t i = 0; i < n; ++i) {
            fq(v[2 * i]);
            tree_value(v[2 * i + 1]);
        }
    }
    void instructions(const Value& list) {
        be32(static_cast<std::uint32_t>(list.size()));
        for (const Value& instr : list.kids()) {
            string_value(kid(instr, 0).str());
            const std::size_t n = instr.size() ? instr.size() - 1 : 0;
            be32(static_cast<std::uint32_t>(n));
            for (std::size_t i = 1; i < instr.size(); ++i) fq(instr[i]);
        }
    }

    void metrics_value(const Value& v) {
        string_value(kid(v, 0).str());
        string_value(kid(v, 1).str());
        be64(static_cast<std::uint64_t>(kid(v, 2).to_int64()));
        map_value(kid(v, 3));
        map_value(kid(v, 4));
        list_value(kid(v, 5));
    }
    // 4.0: Metrics as Map {id, name, dur, counts, annotations, metrics}.
    void metrics_map(const Value& v) {
        hdr(code::map, 0);
        be32(6);
        string_fq("id");
        string_fq(kid(v, 0).str());
        string_fq("name");
        string_fq(kid(v, 1).str());
        string_fq("dur");
        long_fq(kid(v, 2).to_int64());
        string_fq("counts");
        fq(kid(v, 3).type() == Type::map ? kid(v, 3) : Value::map());
        string_fq("annotations");
        fq(kid(v, 4).type() == Type::map ? kid(v, 4) : Value::map());
        string_fq("metrics");
        metrics_list(kid(v, 5));
    }
    void metrics_list(const Value& l) {
        hdr(code::list, 0);
        list_value(l);
    }

    void graph(const Value& g) {
        const Value& vs = kid(g, 0);
        std::size_t nv = 0;
        for (const Value& v : vs.kids()) nv += v.type() == Type::vertex;
        be32(static_cast<std::uint32_t>(nv));
        for (const Value& v : vs.kids()) {
            if (v.type() != Type::vertex) continue;
            fq(kid(v, 0));
            labels(kid(v, 1));
            const Value& props = kid(v, 2);
            std::size_t np = 0;
            for (const Value& p : props.kids()) np += p.type() == Type::vertex_property;
            be32(static_cast<std::uint32_t>(np));
            for (const Value& p : props.kids()) {
                if (p.type() != Type::vertex_property) continue;
                fq(kid(p, 0));
                labels(kid(p, 1));
                fq(kid(p, 2));
                fq(kid(p, 3));
                list_value(kid(p, 4));
            }
        }
        const Value& es = kid(g, 1);
        std::size_t ne = 0;
        for (const Value& e : es.kids()) ne += e.type() == Type::edge;
        be32(static_cast<std::uint32_t>(ne));
        for (const Value& e : es.kids()) {
            if (e.type() != Type::edge) continue;
            fq(kid(e, 0));
            labels(kid(e, 1));
            fq(kid(e, 2));
            hdr(code::null, 1);
            fq(kid(e, 4));
            hdr(code::null, 1);
            fq(kid(e, 6));
            list_value(kid(e, 7));
        }
    }

    void datetime(std::int64_t y, std::int64_t m, std::int64_t d, std::int64_t nod, std::int64_t off) {
        hdr(code::date, 0);
        be32(static_cast<std::uint32_t>(y));
        u8(static_cast<char>(static_cast<std::uint8_t>(m)));
        u8(static_cast<char>(static_cast<std::uint8_t>(d)));
        be64(static_cast<std::uint64_t>(nod));
        be32(static_cast<std::uint32_t>(off));
    }
    void datetime_from_seconds(std::int64_t secs, std::int64_t nanos) {
        std::int64_t y;
        unsigned m, d;
        civil_from_days(floor_div(secs, 86400), y, m, d);
        // Wrapping add: `nanos` comes from a model value and is not range-checked.
        const auto nod = static_cast<std::uint64_t>(floor_mod(secs, 86400) * 1000000000LL) +
                         static_cast<std::uint64_t>(nanos);
        datetime(y, m, d, static_cast<std::int64_t>(nod), 0);
    }

    void temporal(const Value& v) {
        const auto kind = static_cast<std::uint8_t>(v.aux());
        auto f = [&](std::size_t i) { return kid(v, i).to_int64(); };
        if (!v4_) {
            const std::uint8_t c = kind == 0x04 ? 0x88 : kind;  // DateTime -> OffsetDateTime
            const TemporalLayout l = temporal_layout(c);
            if (l.count == 0 || c < 0x83) {  // malformed kind: write it as a null
                hdr(code::null, 1);
                return;
            }
            hdr(c, 0);
            for (std::uint8_t i = 0; i < l.count; ++i) {
                const std::int64_t x = f(i);
                switch (l.width[i]) {
                    case 1:
                        u8(static_cast<char>(static_cast<std::uint8_t>(x)));
                        break;
                    case 4:
                        be32(static_cast<std::uint32_t>(x));
                        break;
                    default:
                        be64(static_cast<std::uint64_t>(x));
                        break;
                }
            }
            return;
        }
        switch (static_cast<TemporalKind>(kind)) {
            case TemporalKind::datetime4:
            case TemporalKind::offset_date_time:
            case TemporalKind::zoned_date_time:
                datetime(f(0), f(1), f(2), f(3), f(4));
                return;
            case TemporalKind::local_date_time:
                datetime(f(0), f(1), f(2), f(3), 0);
                return;
            case TemporalKind::local_date:
                datetime(f(0), f(1), f(2), 0, 0);
                return;
            case TemporalKind::instant:
                datetime_from_seconds(f(0), f(1));
                return;
            case TemporalKind::local_time:
                string_fq(iso_time(f(0)));
                return;
            case TemporalKind::offset_time:
                string_fq(iso_time(f(0)) + iso_offset(f(1)));
                return;
            case TemporalKind::month_day:
                string_fq("--" + pad(f(0), 2) + "-" + pad(f(1), 2));
                return;
            case TemporalKind::period: {
                std::string s = "P";
                if (f(0)) s += std::to_string(f(0)) + "Y";
                if (f(1)) s += std::to_string(f(1)) + "M";
                if (f(2) || s.size() == 1) s += std::to_string(f(2)) + "D";
                string_fq(s);
                return;
            }
            case TemporalKind::year:
                string_fq(std::to_string(f(0)));
                return;
            case TemporalKind::year_month:
                string_fq(pad(f(0), 4) + "-" + pad(f(1), 2));
                return;
            case TemporalKind::zone_offset:
                string_fq(iso_offset(f(0)));
                return;
        }
        hdr(code::null, 1);
    }

    std::string& out_;
    std::size_t start_;
    char* p_ = nullptr;
    char* end_ = nullptr;
    bool v4_;
};

}  // namespace

void gb_write(std::string& out, const model::Value& v, GbVersion ver) {
    Writer w(out, ver);
    w.fq(v);
    w.finish();
}

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

Result<std::size_t> gb_skip(std::string_view in, std::size_t pos, GbVersion ver, const GbLimits& limits) {
    if (pos > in.size())
        return Error{errc::truncated, in.size(),
                     "skip position " + std::to_string(pos) + " is past the end of the input"};
    Skipper s(in, pos, ver, limits);
    if (!s.fq(0)) return std::move(s.err);
    return s.pos();
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

namespace gb {
void put_u8(std::string& out, std::uint8_t v) { out.push_back(static_cast<char>(v)); }
void put_i16(std::string& out, std::int16_t v) { detail::append_be16(out, static_cast<std::uint16_t>(v)); }
void put_i32(std::string& out, std::int32_t v) { detail::append_be32(out, static_cast<std::uint32_t>(v)); }
void put_i64(std::string& out, std::int64_t v) { detail::append_be64(out, static_cast<std::uint64_t>(v)); }
void put_string_value(std::string& out, std::string_view s) {
    if (detail::valid_utf8(s)) [[likely]] {
        detail::append_be32(out, static_cast<std::uint32_t>(s.size()));
        out.append(s.data(), s.size());
        return;
    }
    detail::append_be32(out, static_cast<std::uint32_t>(detail::utf8_replaced_size(s)));
    detail::append_utf8_replacing(out, s);
}
}  // namespace gb

}  // namespace tpbench::io
