// GraphSON @type names -> Tag (detail/gs_tags.hpp).
#include "detail/gs_tags.hpp"

#include "detail/json_lexer.hpp"

#include <array>
#include <vector>

namespace tpbench::io::gs_detail {

using model::EnumKind;
using model::TemporalKind;

namespace {

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

}  // namespace

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

}  // namespace tpbench::io::gs_detail
