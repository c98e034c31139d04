// `tpbench inspect` rendering: decode with the io codecs, turn the model value into a small tree
// of named nodes, print that tree as indented text or as JSON.
#include "inspect.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>
#include <tpbench/model/value.hpp>

#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

namespace tpbench::cli {

namespace {

using model::Type;
using model::Value;

// A rendered value: a leaf (scalar text + JSON literal), a record of named fields, an array of
// items, or a map of key/value node pairs.
struct Node {
    enum class Kind : std::uint8_t { leaf, record, array, map } kind = Kind::leaf;
    std::string type;
    std::string text;                                  // leaf: human text
    std::string json;                                  // leaf: JSON literal
    std::vector<std::pair<std::string, Node>> fields;  // record
    std::vector<Node> items;                           // array
    std::vector<std::pair<Node, Node>> entries;        // map
};

std::string json_quote(std::string_view s) {
    std::string out;
    io::write_json_string(out, s);
    return out;
}

std::string hex_bytes(std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : s) {
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
    }
    return out;
}

Node leaf(std::string type, std::string text, std::string json) {
    Node n;
    n.type = std::move(type);
    n.text = std::move(text);
    n.json = std::move(json);
    return n;
}

Node str_leaf(std::string type, std::string_view s) {
    return leaf(std::move(type), json_quote(s), json_quote(s));
}

Node record(std::string type) {
    Node n;
    n.kind = Node::Kind::record;
    n.type = std::move(type);
    return n;
}

Node node_of(const Value& v);

Node array_of(std::string type, const std::vector<Value>& kids, std::size_t from = 0) {
    Node n;
    n.kind = Node::Kind::array;
    n.type = std::move(type);
    for (std::size_t i = from; i < kids.size(); ++i) n.items.push_back(node_of(kids[i]));
    return n;
}

Node map_of(std::string type, const std::vector<Value>& kv) {
    Node n;
    n.kind = Node::Kind::map;
    n.type = std::move(type);
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2)
        n.entries.emplace_back(node_of(kv[i]), node_of(kv[i + 1]));
    return n;
}

void add(Node& r, std::string name, Node n) { r.fields.emplace_back(std::move(name), std::move(n)); }

const Value& kid(const Value& v, std::size_t i) {
    static const Value kNull;
    return i < v.size() ? v[i] : kNull;
}

// Adds the named kids of a compound value (layouts documented in model/value.hpp).
Node fields_of(const Value& v, std::initializer_list<const char*> names) {
    Node r = record(std::string(model::type_name(v.type())));
    std::size_t i = 0;
    for (const char* name : names) add(r, name, node_of(kid(v, i++)));
    for (; i < v.size(); ++i) add(r, "[" + std::to_string(i) + "]", node_of(v[i]));
    return r;
}

std::string number_json(double d) {
    if (std::isnan(d)) return "\"NaN\"";
    if (std::isinf(d)) return d > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    return buf;
}

Node node_of(const Value& v) {
    const std::string tn(model::type_name(v.type()));
    switch (v.type()) {
        case Type::null:
            if (v.aux() != 0xfe) {
                char b[8];
                std::snprintf(b, sizeof b, "0x%02x", v.aux());
                return leaf("null", std::string("null (typed ") + b + ")", "null");
            }
            return leaf("null", "null", "null");
        case Type::boolean:
            return leaf(tn, v.as_bool() ? "true" : "false", v.as_bool() ? "true" : "false");
        case Type::byte:
        case Type::short_:
        case Type::int_:
        case Type::long_:
        case Type::date:
        case Type::timestamp:
        case Type::marker:
            return leaf(tn, std::to_string(v.as_int()), std::to_string(v.as_int()));
        case Type::float_:
        case Type::double_:
            return leaf(tn, v.to_string(), number_json(v.as_double()));
        case Type::string:
        case Type::char_:
            return str_leaf(tn, v.str());
        case Type::uuid: {
            const std::string u = model::uuid_to_string(v.as_uuid());
            return leaf(tn, u, json_quote(u));
        }
        case Type::class_:
            return str_leaf(tn, v.str());
        case Type::binary:
        case Type::inet_address:
        case Type::big_integer:
            return leaf(
                tn,
                "0x" + hex_bytes(v.str()) +
                    (v.type() == Type::binary ? " (" + std::to_string(v.str().size()) + " bytes)" : ""),
                json_quote(hex_bytes(v.str())));
        case Type::big_decimal: {
            Node r = record(tn);
            add(r, "scale", leaf("int", std::to_string(v.as_int()), std::to_string(v.as_int())));
            add(r, "unscaled", leaf("biginteger", "0x" + hex_bytes(v.str()), json_quote(hex_bytes(v.str()))));
            return r;
        }
        case Type::duration: {
            Node r = record(tn);
            add(r, "seconds", leaf("long", std::to_string(v.as_int()), std::to_string(v.as_int())));
            add(r, "nanos", leaf("int", std::to_string(v.nanos()), std::to_string(v.nanos())));
            return r;
        }
        case Type::temporal: {
            char b[8];
            std::snprintf(b, sizeof b, "0x%02x", static_cast<unsigned>(v.aux()));
            Node r = array_of(tn, v.kids());
            r.type = tn + " " + b;
            return r;
        }
        case Type::enum_: {
            char b[8];
            std::snprintf(b, sizeof b, "0x%02x", static_cast<unsigned>(v.aux()));
            return leaf(tn + " " + b, v.str(), json_quote(v.str()));
        }
        case Type::list:
        case Type::set:
            return array_of(tn, v.kids());
        case Type::map:
            return map_of(v.ordered() ? "map (ordered)" : "map", v.kids());
        case Type::tree:
            return map_of(tn, v.kids());
        case Type::bulk_set: {
            Node n;
            n.kind = Node::Kind::array;
            n.type = tn;
            for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                Node e = record("entry");
                add(e, "bulk", node_of(v[i + 1]));
                add(e, "item", node_of(v[i]));
                n.items.push_back(std::move(e));
            }
            return n;
        }
        case Type::vertex:
            return fields_of(v, {"id", "labels", "properties"});
        case Type::edge:
            return fields_of(
                v, {"id", "labels", "inV", "inVLabels", "outV", "outVLabels", "parent", "properties"});
        case Type::vertex_property:
            return fields_of(v, {"id", "labels", "value", "parent", "properties"});
        case Type::property:
            return fields_of(v, {"key", "value", "parent"});
        case Type::path:
            return fields_of(v, {"labels", "objects"});
        case Type::graph:
            return fields_of(v, {"vertices", "edges"});
        case Type::bytecode:
            return fields_of(v, {"steps", "sources"});
        case Type::lambda:
            return fields_of(v, {"language", "script", "arguments"});
        case Type::metrics:
            return fields_of(v, {"id", "name", "durationNs", "counts", "annotations", "nested"});
        case Type::traversal_metrics:
            return fields_of(v, {"durationNs", "metrics"});
        case Type::strategy:
            return fields_of(v, {"class", "configuration"});
        case Type::traverser: {
            Node r = record(tn);
            add(r, "bulk", leaf("long", std::to_string(v.as_int()), std::to_string(v.as_int())));
            add(r, "value", node_of(kid(v, 0)));
            return r;
        }
        case Type::binding: {
            Node r = record(tn);
            add(r, "key", str_leaf("string", v.str()));
            add(r, "value", node_of(kid(v, 0)));
            return r;
        }
        case Type::p:
        case Type::text_p: {
            Node r = record(tn);
            add(r, "predicate", str_leaf("string", v.str()));
            add(r, "args", array_of("list", v.kids()));
            return r;
        }
        case Type::composite_pdt:
        case Type::primitive_pdt: {
            Node r = record(tn);
            add(r, "name", str_leaf("string", v.str()));
            add(r, "value", node_of(kid(v, 0)));
            return r;
        }
        case Type::raw: {
            char b[8];
            std::snprintf(b, sizeof b, "0x%02x", static_cast<unsigned>(v.aux()));
            return leaf(tn + " " + b,
                        "0x" + hex_bytes(v.str()) + " (" + std::to_string(v.str().size()) + " bytes)",
                        json_quote(hex_bytes(v.str())));
        }
    }
    return leaf(tn, v.to_string(), json_quote(v.to_string()));
}

// ---- text rendering ----------------------------------------------------------------------------

std::string count_suffix(const Node& n) {
    switch (n.kind) {
        case Node::Kind::array:
            return " (" + std::to_string(n.items.size()) + (n.items.size() == 1 ? " item)" : " items)");
        case Node::Kind::map:
            return " (" + std::to_string(n.entries.size()) +
                   (n.entries.size() == 1 ? " entry)" : " entries)");
        default:
            return {};
    }
}

void render_text(std::string& out, const std::string& name, const Node& n, int indent) {
    out.append(static_cast<std::size_t>(indent), ' ');
    if (!name.empty()) out += name + ": ";
    out += n.type;
    if (n.kind == Node::Kind::leaf) {
        // "null" rather than "null null".
        if (n.text != n.type) out += " " + n.text;
        out += "\n";
        return;
    }
    out += count_suffix(n) + "\n";
    switch (n.kind) {
        case Node::Kind::record:
            for (const auto& [k, f] : n.fields) render_text(out, k, f, indent + 2);
            break;
        case Node::Kind::array:
            for (std::size_t i = 0; i < n.items.size(); ++i)
                render_text(out, "[" + std::to_string(i) + "]", n.items[i], indent + 2);
            break;
        case Node::Kind::map:
            for (const auto& [k, val] : n.entries) {
                if (k.kind == Node::Kind::leaf) {
                    render_text(out, k.text, val, indent + 2);
                } else {
                    render_text(out, "key", k, indent + 2);
                    render_text(out, "value", val, indent + 2);
                }
            }
            break;
        case Node::Kind::leaf:
            break;
    }
}

// ---- JSON rendering ----------------------------------------------------------------------------

void render_json(std::string& out, const Node& n, int indent) {
    const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
    const std::string end_pad(static_cast<std::size_t>(indent), ' ');
    out += "{\n" + pad + "\"type\": " + json_quote(n.type);
    switch (n.kind) {
        case Node::Kind::leaf:
            out += ",\n" + pad + "\"value\": " + n.json;
            break;
        case Node::Kind::record:
            for (const auto& [k, f] : n.fields) {
                out += ",\n" + pad + json_quote(k) + ": ";
                render_json(out, f, indent + 2);
            }
            break;
        case Node::Kind::array:
            out += ",\n" + pad + "\"items\": [";
            for (std::size_t i = 0; i < n.items.size(); ++i) {
                out += i ? ", " : "";
                render_json(out, n.items[i], indent + 2);
            }
            out += "]";
            break;
        case Node::Kind::map:
            out += ",\n" + pad + "\"entries\": [";
            for (std::size_t i = 0; i < n.entries.size(); ++i) {
                out += i ? ", " : "";
                out += "{\"key\": ";
                render_json(out, n.entries[i].first, indent + 2);
                out += ", \"value\": ";
                render_json(out, n.entries[i].second, indent + 2);
                out += "}";
            }
            out += "]";
            break;
    }
    out += "\n" + end_pad + "}";
}

std::string render(const Node& n, bool json) {
    std::string out;
    if (json) {
        render_json(out, n, 0);
        out += "\n";
    } else {
        render_text(out, "", n, 0);
    }
    return out;
}

Node opt_string(const std::optional<std::string>& s) {
    return s ? str_leaf("string", *s) : leaf("null", "null", "null");
}
Node int_leaf(std::int64_t v) { return leaf("int", std::to_string(v), std::to_string(v)); }
Node uuid_leaf(const std::optional<model::Uuid>& u) {
    if (!u) return leaf("null", "null", "null");
    const std::string s = model::uuid_to_string(*u);
    return leaf("uuid", s, json_quote(s));
}

bool looks_typed(std::string_view s) { return s.find("\"@type\"") != std::string_view::npos; }

// ---- per-message decoding ------------------------------------------------------------------------

io::Result<Node> value_node(std::string_view in, InspectFormat f) {
    if (f == InspectFormat::gb1 || f == InspectFormat::gb4) {
        auto v = io::gb_decode(in, f == InspectFormat::gb1 ? io::GbVersion::v1 : io::GbVersion::v4);
        if (!v) return v.error();
        return node_of(*v);
    }
    io::GsOptions o;
    o.version = f == InspectFormat::gs3 ? io::GsVersion::v3 : io::GsVersion::v4;
    o.typed = looks_typed(in);
    auto v = io::gs_read(in, o);
    if (!v) return v.error();
    return node_of(*v);
}

io::Result<Node> ws37_request_node(std::string_view in, bool graphson) {
    std::string framed;
    std::size_t added = 0;
    // A GraphBinary body without its mime prefix starts with the version byte (top bit set).
    if (!graphson && !in.empty() && (static_cast<unsigned char>(in[0]) & 0x80)) {
        const std::string_view mime = io::ws37::mime_type(io::ws37::Format::graphbinary_v1);
        framed.push_back(static_cast<char>(mime.size()));
        framed += mime;
        added = framed.size();
        framed += in;
        in = framed;
    }
    auto d = io::ws37::decode_request(in, graphson);
    if (!d) {
        // Offsets refer to the caller's bytes, not to the prefix added here.
        io::Error e = d.error();
        e.offset = e.offset >= added ? e.offset - added : 0;
        return e;
    }
    Node r = record("ws37 RequestMessage");
    add(r, "format", str_leaf("mime", io::ws37::mime_type(d->format)));
    add(r, "requestId", uuid_leaf(d->message.request_id));
    add(r, "op", str_leaf("string", d->message.op));
    add(r, "processor", str_leaf("string", d->message.processor));
    add(r, "args", node_of(d->message.args));
    return r;
}

io::Result<Node> ws37_response_node(std::string_view in, bool graphson) {
    const auto f =
        !graphson ? io::ws37::Format::graphbinary_v1
                  : (looks_typed(in) ? io::ws37::Format::graphson_v3 : io::ws37::Format::graphson_v3_untyped);
    auto d = io::ws37::decode_response(in, f);
    if (!d) return d.error();
    Node r = record("ws37 ResponseMessage");
    add(r, "format", str_leaf("mime", io::ws37::mime_type(f)));
    add(r, "requestId", uuid_leaf(d->header.request_id));
    Node st = record("status");
    add(st, "code", int_leaf(d->header.code));
    add(st, "message", opt_string(d->header.message));
    add(st, "attributes", node_of(d->header.attributes));
    add(r, "status", std::move(st));
    Node res = record("result");
    add(res, "data", node_of(d->data));
    add(res, "meta", node_of(d->header.meta));
    add(r, "result", std::move(res));
    return r;
}

io::Result<Node> http4_request_node(std::string_view in, bool graphson) {
    const auto f = !graphson
                       ? io::http4::BodyFormat::graphbinary_v4
                       : (looks_typed(in) ? io::http4::BodyFormat::graphson_v4 : io::http4::BodyFormat::json);
    auto d = io::http4::decode_request(in, f);
    if (!d) return d.error();
    Node r = record("http4 request");
    add(r, "format", str_leaf("mime", io::http4::content_type(f)));
    if (f == io::http4::BodyFormat::graphbinary_v4 && !in.empty()) {
        char b[8];
        std::snprintf(b, sizeof b, "0x%02x", static_cast<unsigned char>(in[0]));
        add(r, "version", leaf("byte", b, json_quote(b)));
    }
    add(r, "gremlin", str_leaf("string", d->gremlin));
    add(r, "language", opt_string(d->language));
    add(r, "bindings", node_of(d->bindings));
    add(r, "parameters", opt_string(d->parameters_literal));
    add(r, "g", opt_string(d->g));
    add(r, "batchSize", d->batch_size ? int_leaf(*d->batch_size) : leaf("null", "null", "null"));
    add(r, "timeoutMs",
        d->timeout_ms ? leaf("long", std::to_string(*d->timeout_ms), std::to_string(*d->timeout_ms))
                      : leaf("null", "null", "null"));
    add(r, "materializeProperties", opt_string(d->materialize_properties));
    add(r, "bulkResults",
        d->bulk_results
            ? leaf("boolean", *d->bulk_results ? "true" : "false", *d->bulk_results ? "true" : "false")
            : leaf("null", "null", "null"));
    return r;
}

io::Result<Node> http4_response_node(std::string_view in, bool graphson) {
    const auto f = !graphson ? io::http4::ResponseFormat::graphbinary_v4
                             : (looks_typed(in) ? io::http4::ResponseFormat::graphson_v4
                                                : io::http4::ResponseFormat::graphson_v4_untyped);
    Node items;
    items.kind = Node::Kind::array;
    items.type = "list";
    io::http4::ResponseDecoder dec(f, io::http4::DecodeMode::materialize, [&](Value&& v, std::int64_t bulk) {
        if (bulk == 1) {
            items.items.push_back(node_of(v));
            return;
        }
        Node e = record("bulked");
        add(e, "bulk", leaf("long", std::to_string(bulk), std::to_string(bulk)));
        add(e, "item", node_of(v));
        items.items.push_back(std::move(e));
    });
    auto r1 = dec.feed(in);
    if (!r1) return r1.error();
    auto r2 = dec.finish();
    if (!r2) return r2.error();
    Node r = record("http4 response");
    add(r, "format", str_leaf("mime", io::http4::mime_type(f)));
    if (f == io::http4::ResponseFormat::graphbinary_v4) {
        char b[8];
        std::snprintf(b, sizeof b, "0x%02x", static_cast<unsigned char>(in[0]));
        add(r, "version", leaf("byte", b, json_quote(b)));
    }
    add(r, "bulked", leaf("boolean", dec.bulked() ? "true" : "false", dec.bulked() ? "true" : "false"));
    add(r, "items", std::move(items));
    Node st = record("status");
    add(st, "code", int_leaf(dec.status_code()));
    add(st, "message", opt_string(dec.status_message()));
    add(st, "exception", opt_string(dec.status_exception()));
    add(r, "status", std::move(st));
    return r;
}

}  // namespace

std::optional<InspectFormat> parse_inspect_format(std::string_view s) noexcept {
    if (s == "gb1") return InspectFormat::gb1;
    if (s == "gb4") return InspectFormat::gb4;
    if (s == "gs3") return InspectFormat::gs3;
    if (s == "gs4") return InspectFormat::gs4;
    return std::nullopt;
}

std::optional<InspectMessage> parse_inspect_message(std::string_view s) noexcept {
    if (s == "value") return InspectMessage::value;
    if (s == "request") return InspectMessage::request;
    if (s == "response") return InspectMessage::response;
    return std::nullopt;
}

io::Result<std::string> inspect(std::string_view input, const InspectOptions& opt) {
    const bool graphson = opt.format == InspectFormat::gs3 || opt.format == InspectFormat::gs4;
    const bool v37 = opt.format == InspectFormat::gb1 || opt.format == InspectFormat::gs3;
    io::Result<Node> n = io::Error{};
    switch (opt.message) {
        case InspectMessage::value:
            n = value_node(input, opt.format);
            break;
        case InspectMessage::request:
            n = v37 ? ws37_request_node(input, graphson) : http4_request_node(input, graphson);
            break;
        case InspectMessage::response:
            n = v37 ? ws37_response_node(input, graphson) : http4_response_node(input, graphson);
            break;
    }
    if (!n) return n.error();
    return render(*n, opt.json);
}

std::string inspect_error_line(const io::Error& e) {
    return "tpbench inspect: " + e.message + " at byte offset " + std::to_string(e.offset);
}

}  // namespace tpbench::cli
