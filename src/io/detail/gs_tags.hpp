#pragma once
// Private @type table of the GraphSON codec: the Tag of every "g:"/"gx:" type name the reader
// knows (graphson_read.cpp), looked up without allocating. Not a public header.
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <string_view>

namespace tpbench::io::gs_detail {

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

// Tag of a full @type name ("g:Int32", "gx:BigDecimal", "tinker:graph", any "…Strategy");
// Tag::unknown for every other name.
Tag lookup_tag(std::string_view type);
// The model EnumKind / TemporalKind of an enum / java.time Tag.
model::EnumKind enum_kind_of(Tag t);
model::TemporalKind temporal_kind_of(Tag t);

}  // namespace tpbench::io::gs_detail
