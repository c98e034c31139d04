#pragma once
// tpbench::model::Value — one type that holds every result a Gremlin Server can return, in any of
// the four wire formats (GraphBinary 1.0/4.0, GraphSON 3.0/4.0), plus the request-side process
// types (bytecode, P, lambda, …). Anything a codec does not understand is kept as `Type::raw` with
// its type code and bytes, so nothing is lost or mis-read.
//
// Representation: a small tagged node. Scalars live in `i_`/`d_`/`s_`; compound values keep their
// parts in `kids_` with a fixed layout per type (documented on each factory below). The layouts are
// deliberately wire-neutral: a codec maps them to bytes; the evaluator builds them; tests compare
// them with `operator==`. No Asio, no I/O.
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::model {

enum class Type : std::uint8_t {
    null,               // aux = GraphBinary type code of a typed null (0xfe = unspecified)
    boolean,            // b
    byte,               // i (signed 8-bit)
    short_,             // i (signed 16-bit)
    int_,               // i (signed 32-bit)
    long_,              // i
    float_,             // d (value representable as float)
    double_,            // d
    big_integer,        // s = minimal two's-complement big-endian bytes
    big_decimal,        // i = scale, s = unscaled two's-complement big-endian bytes
    char_,              // s = UTF-8 of one character
    string,             // s = UTF-8
    uuid,               // s = 16 raw bytes (RFC 4122 order)
    date,               // i = ms since epoch (GraphBinary 1.0 Date 0x04, GraphSON g:Date)
    timestamp,          // i = ms since epoch (GraphBinary 1.0 Timestamp 0x05, GraphSON g:Timestamp)
    duration,           // i = seconds, n = nanos
    binary,             // s = bytes (1.0 ByteBuffer, 4.0 Binary)
    temporal,           // aux = TemporalKind; kids = numeric fields in wire order (see TemporalKind)
    list,               // kids = items
    set,                // kids = items
    map,                // kids = k0, v0, k1, v1, …  (insertion order kept); aux bit 0x02 = "ordered" (4.0)
    bulk_set,           // kids = item0, Long bulk0, item1, Long bulk1, … (1.0 BulkSet, 4.0 bulked List)
    vertex,             // kids = [id, labels(list of string), properties(list of vertex_property | null)]
    edge,               // kids = [id, labels, in_id, in_labels, out_id, out_labels, parent, properties]
    vertex_property,    // kids = [id, labels, value, parent, properties(list of property | null)]
    property,           // kids = [key(string), value, parent]
    path,               // kids = [labels(list of set of string), objects(list)]
    tree,               // kids = k0, subtree0(tree), k1, subtree1, …
    graph,              // kids = [vertices(list of vertex), edges(list of edge)]
    traverser,          // i = bulk; kids = [value]
    enum_,              // aux = EnumKind; s = constant name
    bytecode,           // kids = [steps(list of instruction), sources(list of instruction)];
                        //   instruction = list [String operator, args…]
    p,                  // s = predicate name; kids = args
    text_p,             // s = predicate name; kids = args
    binding,            // s = key; kids = [value]
    lambda,             // kids = [String language, String script, Int arguments]
    class_,             // s = class name
    marker,             // i = marker value (0 = end of stream)
    metrics,            // kids = [id, name, Long durationNs, counts map, annotations map, nested list]
    traversal_metrics,  // kids = [Long durationNs, metrics list]
    strategy,           // kids = [String class, configuration map]
    inet_address,       // s = 4 or 16 raw address bytes
    composite_pdt,      // s = type name; kids = [fields map]   (4.0 beta.3 0xf0)
    primitive_pdt,      // s = type name; kids = [String value]  (4.0 beta.3 0xf1)
    raw,                // aux = type code; s = the value bytes as read (unknown or custom type)
};

// Which enum a Type::enum_ holds; values equal the GraphBinary type codes.
enum class EnumKind : std::uint8_t {
    barrier = 0x13,
    cardinality = 0x16,
    column = 0x17,
    direction = 0x18,
    operator_ = 0x19,
    order = 0x1a,
    pick = 0x1b,
    pop = 0x1c,
    scope = 0x1f,
    t = 0x20,
    merge = 0x2e,
    dt = 0x2f,
};

// Which java.time / 4.0 DateTime a Type::temporal holds; values equal the GraphBinary type codes
// (datetime4 is 4.0's DateTime 0x04, given a distinct tag). Field layouts (kids, all Int/Long/Byte):
//   instant [Long sec, Int nanos] · local_date [Int y, Byte m, Byte d] · local_date_time
//   [Int y, Byte m, Byte d, Long nanoOfDay] · local_time [Long nanoOfDay] · month_day [Byte m, Byte d]
//   · offset_date_time / zoned_date_time / datetime4 [Int y, Byte m, Byte d, Long nanoOfDay, Int
//   offsetSec] · offset_time [Long nanoOfDay, Int offsetSec] · period [Int y, Int m, Int d] · year
//   [Int y] · year_month [Int y, Byte m] · zone_offset [Int offsetSec]
enum class TemporalKind : std::uint8_t {
    instant = 0x83,
    local_date = 0x84,
    local_date_time = 0x85,
    local_time = 0x86,
    month_day = 0x87,
    offset_date_time = 0x88,
    offset_time = 0x89,
    period = 0x8a,
    year = 0x8b,
    year_month = 0x8c,
    zoned_date_time = 0x8d,
    zone_offset = 0x8e,
    datetime4 = 0x04,
};

using Uuid = std::array<std::uint8_t, 16>;

class Value {
public:
    Value() = default;  // unspecified null

    // ---- factories -------------------------------------------------------------------------
    static Value null() { return {}; }
    static Value typed_null(std::uint8_t type_code);
    static Value boolean(bool v);
    static Value byte(std::int8_t v);
    static Value short_(std::int16_t v);
    static Value int_(std::int32_t v);
    static Value long_(std::int64_t v);
    static Value float_(float v);
    static Value double_(double v);
    static Value big_integer(std::string twos_complement_be);
    static Value big_decimal(std::int32_t scale, std::string unscaled_be);
    static Value char_(std::string utf8);
    static Value string(std::string v);
    static Value uuid(const Uuid& v);
    static Value date(std::int64_t epoch_ms);
    static Value timestamp(std::int64_t epoch_ms);
    static Value duration(std::int64_t seconds, std::int32_t nanos);
    static Value binary(std::string bytes);
    static Value temporal(TemporalKind kind, std::vector<Value> fields);
    static Value list();
    static Value list(std::vector<Value> items);
    static Value set();
    static Value set(std::vector<Value> items);
    // kv = k0, v0, k1, v1, …; `ordered` sets the 4.0 ordered-map flag.
    static Value map();
    static Value map(std::vector<Value> kv, bool ordered = false);
    static Value bulk_set(std::vector<Value> item_bulk_pairs);
    // properties: a list of vertex_property, or null for a reference element.
    static Value vertex(Value id, std::string label);
    static Value vertex(Value id, std::string label, Value properties);
    static Value vertex_multi(Value id, std::vector<std::string> labels, Value properties);
    static Value edge(Value id, std::string label, Value in_id, std::string in_label, Value out_id,
                      std::string out_label);
    static Value edge(Value id, std::string label, Value in_id, std::string in_label, Value out_id,
                      std::string out_label, Value properties);
    static Value vertex_property(Value id, std::string label, Value value);
    static Value vertex_property(Value id, std::string label, Value value, Value properties);
    static Value property(std::string key, Value value);
    static Value path(Value labels, Value objects);
    static Value tree(std::vector<Value> key_subtree_pairs);
    static Value graph(Value vertices, Value edges);
    static Value traverser(std::int64_t bulk, Value value);
    static Value enum_(EnumKind kind, std::string name);
    static Value bytecode(Value steps, Value sources);
    static Value p(std::string name, std::vector<Value> args);
    static Value text_p(std::string name, std::vector<Value> args);
    static Value binding(std::string key, Value value);
    static Value lambda(std::string language, std::string script, std::int32_t arguments);
    static Value class_(std::string name);
    static Value marker(std::int64_t v);
    static Value inet_address(std::string bytes);
    static Value raw(std::uint8_t type_code, std::string bytes);
    // Generic constructor for the remaining compound types (metrics, strategy, pdt, …).
    static Value compound(Type t, std::vector<Value> kids, std::string s = std::string(), std::int64_t i = 0,
                          std::uint8_t aux = 0);

    // ---- observers ---------------------------------------------------------------------------
    Type type() const noexcept { return type_; }
    bool is_null() const noexcept { return type_ == Type::null; }
    bool is_number() const noexcept;
    bool is_element() const noexcept {
        return type_ == Type::vertex || type_ == Type::edge || type_ == Type::vertex_property;
    }
    std::uint8_t aux() const noexcept { return aux_; }
    bool as_bool() const noexcept { return b_; }
    std::int64_t as_int() const noexcept { return i_; }  // byte/short/int/long/date/…
    double as_double() const noexcept { return d_; }     // float/double
    // Any numeric value as double / int64 (converting).
    double to_double() const noexcept;
    std::int64_t to_int64() const noexcept;
    std::int32_t nanos() const noexcept { return n_; }
    const std::string& str() const noexcept { return s_; }  // string/char/bytes/name …
    Uuid as_uuid() const noexcept;
    EnumKind enum_kind() const noexcept { return static_cast<EnumKind>(aux_); }
    TemporalKind temporal_kind() const noexcept { return static_cast<TemporalKind>(aux_); }
    bool ordered() const noexcept { return (aux_ & 0x02) != 0; }

    const std::vector<Value>& kids() const noexcept { return kids_; }
    std::vector<Value>& kids() noexcept { return kids_; }
    std::size_t size() const noexcept { return kids_.size(); }
    const Value& operator[](std::size_t i) const { return kids_[i]; }

    // Element accessors (vertex/edge/vertex_property): id, first label, properties.
    const Value& id() const { return kids_.at(0); }
    std::string_view label() const;  // first label or ""; property: key
    // Map lookup by string key (linear; maps from servers are small). nullptr if absent.
    const Value* find(std::string_view key) const;

    // Mutators used by builders.
    void push_back(Value v) { kids_.push_back(std::move(v)); }
    void set_aux(std::uint8_t a) noexcept { aux_ = a; }

    // Deep structural equality; doubles compare bitwise-equal or both NaN; maps and sets compare
    // in order (use `equivalent` for order-insensitive comparison).
    friend bool operator==(const Value& a, const Value& b);
    // Like == but maps/sets/bulk_sets compare as unordered collections.
    friend bool equivalent(const Value& a, const Value& b);

    // Human-readable rendering in Gremlin-console style: 2, "marko", v[1], e[7][1-knows->2],
    // vp[name->marko], p[name->marko], [a, b], {k=v}, path[v[1], v[2]], etc.
    std::string to_string() const;
    // Stable 64-bit hash consistent with operator== (used by dedup/groupCount/etc.).
    std::size_t hash() const noexcept;

    // Gremlin value comparison for order()/min()/max(): numbers compare numerically across types,
    // then strings, etc.  Returns <0, 0, >0.
    friend int compare(const Value& a, const Value& b);

private:
    Type type_ = Type::null;
    std::uint8_t aux_ = 0xfe;
    bool b_ = false;
    std::int32_t n_ = 0;
    std::int64_t i_ = 0;
    double d_ = 0;
    std::string s_;
    std::vector<Value> kids_;
};

struct ValueHash {
    std::size_t operator()(const Value& v) const noexcept { return v.hash(); }
};

// Name of a Type, for messages ("vertex", "long", …).
std::string_view type_name(Type t) noexcept;
std::string uuid_to_string(const Uuid& u);
// Parses "xxxxxxxx-xxxx-…" (case-insensitive). Returns false on malformed input.
bool uuid_from_string(std::string_view text, Uuid& out) noexcept;

}  // namespace tpbench::model
