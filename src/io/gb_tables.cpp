// GraphBinary codec tables: the out-of-line parts (detail/gb_tables.hpp).
#include "detail/gb_tables.hpp"

namespace tpbench::io::gb_detail {

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

}  // namespace tpbench::io::gb_detail
