#pragma once
// GraphSON 3.0 and 4.0 value codec (typed with @type/@value, and untyped). No Asio, no exceptions.
// Pure functions: callable from any thread, no shared state.
//
// Mapping (ground truth: tests/data/vectors/graphson-v3, graphson-v4):
//  * g:Int32/g:Int64/g:Float/g:Double ("NaN", "Infinity", "-Infinity" as strings), gx:Byte|g:Byte,
//    gx:Int16|g:Int16, gx:BigInteger|g:BigInteger (JSON integer), gx:BigDecimal|g:BigDecimal (JSON
//    number; scale and unscaled value as java.math.BigDecimal(String) computes them, written back
//    with BigDecimal.toString rules), gx:Char|g:Char, g:UUID, g:Date / g:Timestamp (epoch ms),
//    gx:ByteBuffer|g:Binary (base64), g:Class, gx:InetAddress (dotted / IPv6 text).
//  * java.time (gx:Instant, LocalDate, LocalDateTime, LocalTime, MonthDay, OffsetDateTime,
//    OffsetTime, Period, Year, YearMonth, ZonedDateTime, ZoneOffset) and 4.0's g:DateTime become
//    Type::temporal with the numeric fields of model::TemporalKind; the ISO-8601 text is parsed and
//    re-formatted with java.time's toString rules. A ZonedDateTime's region id ("[GMT+02:00]") is
//    kept in Value::str() of the temporal (empty when absent; GraphBinary does not carry it).
//    gx:Duration|g:Duration use java.time.Duration's ISO text ("PT120H", "PT-2M-3S").
//  * g:List, g:Set, g:Map (@value = [k0, v0, k1, v1, …]), g:BulkSet ([item, Int64 bulk, …]) — in
//    4.0 a bulk_set is written as a g:List with each item repeated bulk times (as TinkerPop 4 does),
//    unless that would exceed 1,048,576 items, then it is written as a g:BulkSet.
//  * Elements: g:Vertex {id, label, properties:{key:[g:VertexProperty…]}}, g:Edge (3.0: inV, outV,
//    inVLabel, outVLabel, properties:{key:g:Property}; 4.0: inV/outV = {id, label:[…]},
//    properties:{key:[g:Property…]}), g:VertexProperty {id, value, label, properties:{key:value}},
//    g:Property {key, value}. 3.0 writes a label as a string, 4.0 as a list of strings (both are
//    accepted when reading either version). A missing "properties" member reads as null (reference
//    element); null or empty property lists are written by omitting the member.
//  * g:Path, g:Tree ([{key, value:g:Tree}…]), tinker:graph|g:graph, g:Traverser, g:T, g:Direction,
//    g:Barrier, g:Cardinality, g:Column, g:Operator, g:Order, g:Pick, g:Pop, g:Scope, g:Merge, g:DT,
//    g:P (and/or → array of P; within/without/between/inside/outside → list of args), g:TextP,
//    g:Lambda, g:Binding, g:Bytecode ({"step":[[op, args…]…], "source":[…]}), g:Metrics and
//    g:TraversalMetrics ("dur" in ms as Double ↔ Long durationNs), g:CompositePdt, g:PrimitivePdt,
//    g:<Name>Strategy (Type::strategy: class = simple name, configuration = map).
//  * Unknown @type: Type::raw with aux 0, kids = [String type name], s = the JSON text of @value
//    exactly as it appeared in the input; written back verbatim, so unknown types round-trip.
//    A raw from another codec (aux != 0) is written as {"@type":"tpbench:Raw<code>","@value":base64}.
//  * Plain JSON inside typed GraphSON and all of untyped GraphSON: strings, true/false, null; objects
//    → Map with String keys; arrays → List; integers → Int when they fit (3.0) / always Long (4.0),
//    Long when they fit in 64 bits, else BigInteger; other numbers → Double.
//  * Untyped writing follows the *-no-types vectors: no wrappers; elements get "type":"vertex"/"edge";
//    vertex properties inside a vertex carry no label; sets/bulk sets become arrays, enums their
//    names, java.time/UUID/Duration their text, Date epoch ms, maps with non-String keys use the
//    key's JSON text (or to_string() for compound keys) as member name.
//  * Not representable (written as null): marker, typed nulls (GraphSON has one null).
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tpbench::io {

enum class GsVersion : std::uint8_t { v3, v4 };

struct GsOptions {
    GsVersion version = GsVersion::v3;
    bool typed = true;           // false = ";types=false" rendering
    std::size_t max_depth = 64;  // JSON nesting limit when reading (clamped to 1000 internally)
};

// Appends the GraphSON text of `v` (compact, no whitespace). Never fails; see the mapping above for
// values GraphSON cannot carry. Invalid UTF-8 in model strings is written as U+FFFD.
void gs_write(std::string& out, const model::Value& v, const GsOptions& opt);

// Parses one GraphSON value from JSON text (the whole input; surrounding whitespace allowed).
// Typed input maps @type names to model types; untyped JSON maps integers to Int/Long (3.0) or Long
// (4.0), reals to Double, objects to Map, arrays to List.
// Errors (Error::offset = byte offset in `json`): truncated (input ends inside the value),
// bad_json (not JSON, or a typed value of the wrong shape), bad_utf8 (invalid UTF-8 or a bad \u
// escape/lone surrogate), too_deep (nesting beyond opt.max_depth), bad_value (out-of-range number,
// malformed date/UUID/base64…), trailing_bytes (more than whitespace after the value).
Result<model::Value> gs_read(std::string_view json, const GsOptions& opt);

// Finds the end of the JSON value that starts at `pos` (leading whitespace allowed) without building
// anything: returns the offset just past the value. Validates JSON syntax, string escapes and UTF-8
// exactly like gs_read's tokenizer (it does not check GraphSON shapes). errc::truncated when `json`
// ends inside the value (a streaming caller may retry with more bytes; this includes a top-level
// number that runs to the very end, since more digits could follow), bad_json / bad_utf8 on
// malformed text, too_deep beyond `max_depth` nested containers (clamped to 1000).
Result<std::size_t> gs_skip(std::string_view json, std::size_t pos, std::size_t max_depth = 64);

// Parses one line of a GraphSON 3.0 adjacency file (GraphSONReader.readVertex format, e.g.
// tinkerpop-modern-v3.json): a plain object {id, label, properties, outE, inE}. Returns a
// Type::graph holding [List[the vertex], List[its outE edges, then its inE edges]]; edge endpoints
// and labels are filled from the enclosing vertex (the far end's label is unknown and left "").
// Errors as gs_read; bad_json when the line is not such an object.
Result<model::Value> gs_read_adjacency_line(std::string_view json, const GsOptions& opt);

// Appends `s` as a JSON string literal, quotes included (RFC 8259 escapes: \" \\ \n \r \t \b \f,
// other control characters as \u00XX; well-formed UTF-8 verbatim; each byte that does not start a
// well-formed UTF-8 sequence becomes U+FFFD). The one JSON string writer of the project
// (src/io/detail/json_lexer.hpp): the GraphSON writer, the envelopes, the server's JSON error bodies
// and `inspect` all write strings with it.
void write_json_string(std::string& out, std::string_view s);

}  // namespace tpbench::io
