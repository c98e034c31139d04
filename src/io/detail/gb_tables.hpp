#pragma once
// Private tables of the GraphBinary codec (graphbinary_read/skip/write.cpp): type codes, which
// codes nest, which codes each version knows, fixed value sizes and the java.time field layouts.
// Not a public header.
//
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
#include <tpbench/io/depth_caps.hpp>
#include <tpbench/io/graphbinary.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace tpbench::io::gb_detail {

namespace code {
inline constexpr std::uint8_t custom = 0x00, int_ = 0x01, long_ = 0x02, string = 0x03, date = 0x04,
                              timestamp = 0x05, class_ = 0x06, double_ = 0x07, float_ = 0x08, list = 0x09,
                              map = 0x0a, set = 0x0b, uuid = 0x0c, edge = 0x0d, path = 0x0e, property = 0x0f,
                              graph = 0x10, vertex = 0x11, vertex_property = 0x12, barrier = 0x13,
                              binding = 0x14, bytecode = 0x15, cardinality = 0x16, column = 0x17,
                              direction = 0x18, operator_ = 0x19, order = 0x1a, pick = 0x1b, pop = 0x1c,
                              lambda = 0x1d, p = 0x1e, scope = 0x1f, t = 0x20, traverser = 0x21,
                              big_decimal = 0x22, big_integer = 0x23, byte = 0x24, binary = 0x25,
                              short_ = 0x26, boolean = 0x27, text_p = 0x28, strategy = 0x29, bulk_set = 0x2a,
                              tree = 0x2b, metrics = 0x2c, traversal_metrics = 0x2d, merge = 0x2e, dt = 0x2f,
                              gtype = 0x30, char_ = 0x80, duration = 0x81, inet_address = 0x82,
                              composite_pdt = 0xf0, primitive_pdt = 0xf1, marker = 0xfd, null = 0xfe;
}  // namespace code

// Type codes whose values contain other values (Reader::nested).
inline constexpr std::array<bool, 256> make_nests() {
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
inline constexpr std::array<bool, 256> kNests = make_nests();

// graphbinary.hpp: the stack bound (depth_caps.hpp).
inline constexpr std::size_t kHardMaxDepth = gb_depth_cap;

struct CodeTables {
    std::array<bool, 256> v1{};
    std::array<bool, 256> v4{};
};

inline constexpr CodeTables make_code_tables() {
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
inline constexpr CodeTables kCodes = make_code_tables();

// Name of type code `c` in GraphBinary 1.0 or 4.0 (for messages).
const char* code_name(std::uint8_t c, bool v4) noexcept;

// "0x" and two lower-case hex digits.
std::string hex2(std::uint8_t c);

// Field widths (1, 4 or 8 bytes) of the java.time types and of 4.0 DateTime, in wire order.
struct TemporalLayout {
    std::uint8_t count = 0;
    std::uint8_t total = 0;
    std::array<std::uint8_t, 5> width{};
};

inline constexpr TemporalLayout make_layout(std::initializer_list<std::uint8_t> w) {
    TemporalLayout l;
    for (auto x : w) {
        l.width[l.count++] = x;
        l.total = static_cast<std::uint8_t>(l.total + x);
    }
    return l;
}

inline constexpr TemporalLayout temporal_layout(std::uint8_t kind) {
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
inline constexpr std::array<std::uint8_t, 256> make_fixed_sizes(bool v4) {
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
inline constexpr std::array<std::uint8_t, 256> kFixedV1 = make_fixed_sizes(false);
inline constexpr std::array<std::uint8_t, 256> kFixedV4 = make_fixed_sizes(true);

// True for the enum type codes (Barrier … DT, and 3.8 GType).
bool is_enum_code(std::uint8_t c);

}  // namespace tpbench::io::gb_detail
