// TinkerPop 3.7 WebSocket envelopes: RequestMessage / ResponseMessage in GraphBinary 1.0 and
// GraphSON 3.0 (typed and untyped). Layouts: ../shared/spec/websocket-protocol-3.7.md §2, §8, §9.
#include <tpbench/io/ws37.hpp>

#include "detail/gb_wire.hpp"
#include "detail/skip_memo.hpp"
#include "detail/json_envelope.hpp"

#include <cstring>
#include <utility>

namespace tpbench::io::ws37 {

namespace {

using detail::gbw::Reader;
namespace json = detail::json;
using model::Type;
using model::Value;

constexpr std::string_view kMimeGb1 = "application/vnd.graphbinary-v1.0";
constexpr std::string_view kMimeGs3 = "application/vnd.gremlin-v3.0+json";
constexpr std::string_view kMimeGs3Untyped = "application/vnd.gremlin-v3.0+json;types=false";
constexpr std::uint8_t kVersion = 0x81;

bool is_graphson(Format f) noexcept { return f != Format::graphbinary_v1; }

GsOptions gs_opts(Format f) {
    GsOptions o;
    o.version = GsVersion::v3;
    o.typed = f != Format::graphson_v3_untyped;
    return o;
}

// Strips ASCII spaces and lower-cases, for mime comparison ("…+json; types=false").
std::string normalize_mime(std::string_view m) {
    std::string out;
    out.reserve(m.size());
    for (char c : m) {
        if (c == ' ' || c == '\t') continue;
        out.push_back((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
    }
    return out;
}

Error rebase(Error e, std::size_t base) {
    e.offset += base;
    return e;
}

// ---- GraphSON request ------------------------------------------------------------------------

Result<RequestMessage> decode_gs_request(std::string_view text, std::size_t base) {
    RequestMessage m;
    m.processor.clear();
    bool have_id = false, have_op = false;
    const GsOptions opt = gs_opts(Format::graphson_v3);
    std::size_t pos = 0;
    auto err = json::for_each_member(
        text, pos, opt.max_depth, "RequestMessage",
        [&](std::string_view key, std::size_t b, std::size_t e) -> std::optional<Error> {
            if (key == "requestId") {
                auto v = json::read_loose(text, b, e, opt, false, true);
                if (!v) return v.error();
                std::string s;
                if (v->type() == Type::uuid) {
                    m.request_id = v->as_uuid();
                } else if (v->type() == Type::string && model::uuid_from_string(v->str(), m.request_id)) {
                } else {
                    return Error{errc::bad_value, b, "requestId is not a UUID"};
                }
                have_id = true;
            } else if (key == "op") {
                auto v = json::read_loose(text, b, e, opt, false, true);
                if (!v) return v.error();
                if (v->type() != Type::string) return Error{errc::bad_value, b, "op is not a string"};
                m.op = v->str();
                have_op = true;
            } else if (key == "processor") {
                auto v = json::read_loose(text, b, e, opt, false, true);
                if (!v) return v.error();
                if (v->type() == Type::string)
                    m.processor = v->str();
                else if (!v->is_null())
                    return Error{errc::bad_value, b, "processor is not a string"};
            } else if (key == "args") {
                // Typed g:Map (Java) or a plain object whose values may be typed (JavaScript).
                auto v = json::read_loose(text, b, e, opt, false, true);
                if (!v) return v.error();
                if (v->is_null()) {
                    m.args = Value::map();
                } else if (v->type() != Type::map) {
                    return Error{errc::bad_value, b, "args is not a map"};
                } else {
                    m.args = std::move(v).value();
                }
            }
            return std::nullopt;
        });
    if (err) return rebase(*err, base);
    json::skip_ws(text, pos);
    if (pos != text.size()) return Error{errc::trailing_bytes, base + pos, "bytes after the RequestMessage"};
    if (!have_id) return Error{errc::bad_value, base, "RequestMessage has no requestId"};
    if (!have_op) return Error{errc::bad_value, base, "RequestMessage has no op"};
    return m;
}

void write_gs_uuid(std::string& out, const std::optional<model::Uuid>& id) {
    if (!id) {
        out += "null";
        return;
    }
    out.push_back('"');
    out += model::uuid_to_string(*id);
    out.push_back('"');
}

void write_gs_header_open(std::string& out, Format f, const ResponseHeader& h) {
    const GsOptions opt = gs_opts(f);
    out += "{\"requestId\":";
    write_gs_uuid(out, h.request_id);
    out += ",\"status\":{\"message\":";
    if (h.message)
        json::write_string(out, *h.message);
    else
        out += "null";
    out += ",\"code\":";
    out += std::to_string(h.code);
    out += ",\"attributes\":";
    gs_write(out, h.attributes.type() == Type::map ? h.attributes : Value::map(), opt);
    out += "},\"result\":{\"data\":";
}

void write_gs_header_close(std::string& out, Format f, const ResponseHeader& h) {
    out += ",\"meta\":";
    gs_write(out, h.meta.type() == Type::map ? h.meta : Value::map(), gs_opts(f));
    out += "}}";
}

// Parses everything of a GraphSON response except result.data, whose bounds are returned.
struct GsParts {
    ResponseHeader header;
    std::size_t data_b = 0, data_e = 0;
    bool have_data = false;
    std::size_t request_id_at = ResponseSummary::npos;  // see ResponseSummary::request_id_at
};

// Where the 36 characters of a requestId written as a plain JSON string without escapes lie in
// `text` (the value's bounds [b, e)): the opening quote + 1, or npos for any other form.
std::size_t gs_plain_uuid_at(std::string_view text, std::size_t b, std::size_t e) noexcept {
    json::skip_ws(text, b);
    if (b + 38 > e || text[b] != '"' || text[b + 37] != '"') return ResponseSummary::npos;
    model::Uuid u{};
    if (!model::uuid_from_string(text.substr(b + 1, 36), u)) return ResponseSummary::npos;
    return b + 1;
}

// `on_data(begin, p)` handles result.data (starting at `begin`) and moves `p` past it, so the
// (possibly large) data is scanned once.
template <class OnData>
Result<GsParts> parse_gs_response(std::string_view text, Format f, OnData&& on_data) {
    GsParts parts;
    const GsOptions opt = gs_opts(f);
    bool have_status = false;
    std::size_t pos = 0;
    auto err = json::for_each_member_lazy(
        text, pos, "ResponseMessage",
        [&](std::string_view key, std::size_t b, std::size_t& p_end) -> std::optional<Error> {
            if (key == "result") {
                return json::for_each_member_lazy(
                    text, p_end, "result",
                    [&](std::string_view k, std::size_t x, std::size_t& q) -> std::optional<Error> {
                        if (k == "data") {
                            parts.have_data = true;
                            parts.data_b = x;
                            auto e = on_data(x, q);
                            parts.data_e = q;
                            return e;
                        }
                        auto sk = gs_skip(text, q, opt.max_depth);
                        if (!sk) return sk.error();
                        q = *sk;
                        if (k == "meta") {
                            auto v = json::read_loose(text, x, q, opt, false, true);
                            if (!v) return v.error();
                            if (v->is_null())
                                parts.header.meta = Value::map();
                            else if (v->type() != Type::map)
                                return Error{errc::bad_value, x, "result.meta is not a map"};
                            else
                                parts.header.meta = std::move(v).value();
                        }
                        return std::nullopt;
                    });
            }
            auto sk = gs_skip(text, p_end, opt.max_depth);
            if (!sk) return sk.error();
            p_end = *sk;
            const std::size_t e = p_end;
            if (key == "requestId") {
                auto v = json::read_loose(text, b, e, opt, false, true);
                if (!v) return v.error();
                parts.request_id_at = ResponseSummary::npos;
                if (v->is_null()) {
                    parts.header.request_id.reset();
                } else {
                    model::Uuid u{};
                    if (v->type() == Type::uuid)
                        u = v->as_uuid();
                    else if (v->type() != Type::string || !model::uuid_from_string(v->str(), u))
                        return Error{errc::bad_value, b, "requestId is not a UUID"};
                    parts.header.request_id = u;
                    if (v->type() == Type::string) parts.request_id_at = gs_plain_uuid_at(text, b, e);
                }
            } else if (key == "status") {
                have_status = true;
                bool have_code = false;
                std::size_t p = b;
                auto e2 = json::for_each_member(
                    text.substr(0, e), p, opt.max_depth, "status",
                    [&](std::string_view k, std::size_t x, std::size_t y) -> std::optional<Error> {
                        if (k == "code") {
                            auto v = json::read_loose(text, x, y, opt, false, true);
                            if (!v) return v.error();
                            if (!v->is_number())
                                return Error{errc::bad_value, x, "status.code is not a number"};
                            parts.header.code = static_cast<std::int32_t>(v->to_int64());
                            have_code = true;
                        } else if (k == "message") {
                            auto v = json::read_loose(text, x, y, opt, false, true);
                            if (!v) return v.error();
                            if (v->is_null())
                                parts.header.message.reset();
                            else if (v->type() == Type::string)
                                parts.header.message = v->str();
                            else
                                return Error{errc::bad_value, x, "status.message is not a string"};
                        } else if (k == "attributes") {
                            auto v = json::read_loose(text, x, y, opt, false, true);
                            if (!v) return v.error();
                            if (v->is_null())
                                parts.header.attributes = Value::map();
                            else if (v->type() != Type::map)
                                return Error{errc::bad_value, x, "status.attributes is not a map"};
                            else
                                parts.header.attributes = std::move(v).value();
                        }
                        return std::nullopt;
                    });
                if (e2) return e2;
                if (!have_code) return Error{errc::bad_value, b, "status has no code"};
            }
            return std::nullopt;
        });
    if (err) return *err;
    json::skip_ws(text, pos);
    if (pos != text.size()) return Error{errc::trailing_bytes, pos, "bytes after the ResponseMessage"};
    if (!have_status) return Error{errc::bad_value, 0, "ResponseMessage has no status"};
    return parts;
}

bool is_json_null(std::string_view s, std::size_t b, std::size_t e) {
    json::skip_ws(s, b);
    return e - b >= 4 && s.substr(b, 4) == "null";
}

// Reads the "bulk" of a typed g:Traverser at [b, e) without materialising its value.
std::int64_t gs_traverser_bulk(std::string_view s, std::size_t b, std::size_t e, const GsOptions& opt) {
    std::size_t vb = 0, ve = 0;
    if (!json::typed_value_bounds(s, b, e, vb, ve, opt.max_depth)) return 1;
    std::int64_t bulk = 1;
    std::size_t p = vb;
    json::for_each_member(s.substr(0, ve), p, opt.max_depth, "traverser",
                          [&](std::string_view k, std::size_t x, std::size_t y) -> std::optional<Error> {
                              if (k == "bulk") {
                                  auto v = json::read_loose(s, x, y, opt, true, true);
                                  if (v && v->is_number()) bulk = v->to_int64();
                              }
                              return std::nullopt;
                          });
    return bulk;
}

Result<Value> gs_read_at(std::string_view text, std::size_t b, std::size_t e, const GsOptions& opt) {
    auto r = gs_read(text.substr(b, e - b), opt);
    if (!r) return rebase(r.error(), b);
    return r;
}

// Counts (and optionally materialises) the items of result.data starting at `b`; moves `p` past
// it. Each item is skipped once (gs_skip) unless it is materialised.
std::optional<Error> scan_gs_data(std::string_view text, std::size_t b, std::size_t& p, Format f,
                                  ResponseSummary& sum, const std::function<void(Value&&)>& on_item) {
    const GsOptions opt = gs_opts(f);
    json::skip_ws(text, p);
    if (p >= text.size()) return Error{errc::truncated, p, "result.data: missing value"};
    auto single = [&]() -> std::optional<Error> {
        // A single non-list value (or null) is one result as the driver queues it, null none.
        const std::size_t x = p;
        auto sk = gs_skip(text, p, opt.max_depth);
        if (!sk) return sk.error();
        p = *sk;
        if (is_json_null(text, x, p)) return std::nullopt;
        sum.item_count = 1;
        sum.result_count = 1;
        if (on_item) {
            auto v = gs_read_at(text, x, p, opt);
            if (!v) return v.error();
            on_item(std::move(v).value());
        }
        return std::nullopt;
    };
    bool bulk_set = false;
    bool expect_bulk = false;
    auto elements = [&](std::size_t& q) {
        return json::for_each_element(
            text, q, opt.max_depth, "result.data", [&](std::size_t x, std::size_t y) -> std::optional<Error> {
                if (bulk_set && expect_bulk) {
                    // g:BulkSet @value alternates item, Long bulk.
                    auto v = json::read_loose(text, x, y, opt, true, true);
                    if (!v) return v.error();
                    if (!v->is_number()) return Error{errc::bad_value, x, "BulkSet bulk is not a number"};
                    sum.result_count += static_cast<std::uint64_t>(v->to_int64());
                    expect_bulk = false;
                    return std::nullopt;
                }
                ++sum.item_count;
                if (bulk_set) {
                    expect_bulk = true;
                } else {
                    std::int64_t bulk = 1;
                    if (opt.typed && text[x] == '{' && json::has_type(text, x, y, "g:Traverser"))
                        bulk = gs_traverser_bulk(text, x, y, opt);
                    sum.result_count += static_cast<std::uint64_t>(bulk);
                }
                if (on_item) {
                    auto v = gs_read_at(text, x, y, opt);
                    if (!v) return v.error();
                    on_item(std::move(v).value());
                }
                return std::nullopt;
            });
    };
    if (text[p] == '[') return elements(p);
    if (text[p] != '{' || !opt.typed) return single();
    const std::string tn = json::typed_name(text, p, text.size());
    if (tn != "g:List" && tn != "g:BulkSet" && tn != "g:Set") return single();
    bulk_set = tn == "g:BulkSet";
    bool have_value = false;
    const std::size_t obj = p;
    auto err = json::for_each_member_lazy(
        text, p, "result.data", [&](std::string_view k, std::size_t, std::size_t& q) -> std::optional<Error> {
            if (k == "@value") {
                have_value = true;
                return elements(q);
            }
            auto sk = gs_skip(text, q, opt.max_depth);
            if (!sk) return sk.error();
            q = *sk;
            return std::nullopt;
        });
    if (err) return err;
    if (!have_value) return Error{errc::bad_json, obj, "result.data: typed list without @value"};
    return std::nullopt;
}

// ---- GraphBinary response ----------------------------------------------------------------------

// `keep_maps` = false (the count path): status.attributes of a success (2xx/206) and result.meta
// are validated and skipped, not built; an error's attributes are still kept.
std::optional<Error> read_gb_header(Reader& rd, ResponseHeader& h, bool keep_maps = true) {
    std::uint8_t version = 0;
    const std::size_t at = rd.pos;
    if (auto e = rd.u8(version, "version")) return e;
    if ((version & 0x80) == 0)
        return Error{errc::bad_version, at,
                     "bad GraphBinary response version byte " + std::to_string(version)};
    std::uint8_t flag = 0;
    const std::size_t fat = rd.pos;
    if (auto e = rd.u8(flag, "requestId flag")) return e;
    if (flag == 0x00) {
        model::Uuid u{};
        if (auto e = rd.uuid(u, "requestId")) return e;
        h.request_id = u;
    } else if (flag == 0x01) {
        h.request_id.reset();
    } else {
        return Error{errc::bad_value, fat, "bad value flag of requestId"};
    }
    if (auto e = rd.i32(h.code, "status code")) return e;
    if (auto e = rd.nullable_string(h.message, "status message")) return e;
    if (keep_maps || h.code < 200 || h.code >= 300) {
        if (auto e = rd.map_value(h.attributes, GbVersion::v1, "status attributes count")) return e;
    } else if (auto e = rd.skip_map_value(GbVersion::v1, "status attributes count")) {
        return e;
    }
    if (keep_maps) {
        if (auto e = rd.map_value(h.meta, GbVersion::v1, "result meta count")) return e;
    } else if (auto e = rd.skip_map_value(GbVersion::v1, "result meta count")) {
        return e;
    }
    return std::nullopt;
}

void write_gb_header(std::string& out, const ResponseHeader& h) {
    using namespace detail::gbw;
    put_u8(out, kVersion);
    if (h.request_id) {
        put_u8(out, 0x00);
        out.append(reinterpret_cast<const char*>(h.request_id->data()), 16);
    } else {
        put_u8(out, 0x01);
    }
    put_i32(out, h.code);
    put_nullable_string(out, h.message);
    put_map_value(out, h.attributes, GbVersion::v1);
    put_map_value(out, h.meta, GbVersion::v1);
}

}  // namespace

std::string_view mime_type(Format f) noexcept {
    switch (f) {
        case Format::graphbinary_v1:
            return kMimeGb1;
        case Format::graphson_v3:
            return kMimeGs3;
        case Format::graphson_v3_untyped:
            return kMimeGs3Untyped;
    }
    return kMimeGb1;
}

Format format_from_mime(std::string_view mime, bool* known) noexcept {
    std::string m;
    try {
        m = normalize_mime(mime);
    } catch (...) {
        m.clear();
    }
    bool k = true;
    Format f = Format::graphbinary_v1;
    if (m == kMimeGb1)
        f = Format::graphbinary_v1;
    else if (m == kMimeGs3 || m == "application/json" || m == "application/vnd.gremlin-v3.0+json;types=true")
        f = Format::graphson_v3;
    else if (m == kMimeGs3Untyped)
        f = Format::graphson_v3_untyped;
    else
        k = false;
    if (known) *known = k;
    return f;
}

void encode_request(std::string& out, const RequestMessage& m, Format f, bool with_mime_prefix) {
    using namespace detail::gbw;
    if (with_mime_prefix) {
        const std::string_view mime = mime_type(f);
        put_u8(out, static_cast<std::uint8_t>(mime.size()));
        out.append(mime);
    }
    if (!is_graphson(f)) {
        put_u8(out, kVersion);
        out.append(reinterpret_cast<const char*>(m.request_id.data()), 16);
        put_string(out, m.op);
        put_string(out, m.processor);
        put_map_value(out, m.args, GbVersion::v1);
        return;
    }
    out += "{\"requestId\":\"";
    out += model::uuid_to_string(m.request_id);
    out += "\",\"op\":";
    json::write_string(out, m.op);
    out += ",\"processor\":";
    json::write_string(out, m.processor);
    out += ",\"args\":";
    gs_write(out, m.args.type() == Type::map ? m.args : Value::map(), gs_opts(f));
    out += "}";
}

Result<DecodedRequest> decode_request(std::string_view frame, bool text_frame) {
    DecodedRequest d;
    if (text_frame) {
        d.format = Format::graphson_v3;
        auto m = decode_gs_request(frame, 0);
        if (!m) return m.error();
        d.message = std::move(m).value();
        return d;
    }
    if (frame.empty()) return Error{errc::truncated, 0, "truncated mime header: empty frame"};
    const auto n = static_cast<std::int8_t>(frame[0]);
    if (n <= 0)
        return Error{errc::bad_length, 0, "mime type length " + std::to_string(n) + " must be positive"};
    if (frame.size() < 1 + static_cast<std::size_t>(n))
        return Error{errc::truncated, 1,
                     "truncated mime type: needs " + std::to_string(n) + " bytes, " +
                         std::to_string(frame.size() - 1) + " left"};
    d.format = format_from_mime(frame.substr(1, static_cast<std::size_t>(n)), &d.known_mime);
    const std::size_t body = 1 + static_cast<std::size_t>(n);
    if (is_graphson(d.format)) {
        auto m = decode_gs_request(frame.substr(body), body);
        if (!m) return m.error();
        d.message = std::move(m).value();
        return d;
    }
    Reader rd{frame, body};
    std::uint8_t version = 0;
    if (auto e = rd.u8(version, "version")) return *e;
    if ((version & 0x80) == 0)
        return Error{errc::bad_version, body,
                     "bad GraphBinary request version byte " + std::to_string(version)};
    if (auto e = rd.uuid(d.message.request_id, "requestId")) return *e;
    if (auto e = rd.string(d.message.op, "op String")) return *e;
    if (auto e = rd.string(d.message.processor, "processor String")) return *e;
    if (auto e = rd.map_value(d.message.args, GbVersion::v1, "args count")) return *e;
    if (rd.left() != 0)
        return rd.fail(errc::trailing_bytes, std::to_string(rd.left()) + " bytes after the RequestMessage");
    return d;
}

void encode_response(std::string& out, const ResponseMessage& m, Format f) {
    if (!is_graphson(f)) {
        write_gb_header(out, m.header);
        gb_write(out, m.data, GbVersion::v1);
        return;
    }
    write_gs_header_open(out, f, m.header);
    gs_write(out, m.data, gs_opts(f));
    write_gs_header_close(out, f, m.header);
}

void encode_response_list(std::string& out, Format f, const ResponseHeader& h, std::size_t count,
                          std::string_view encoded_items) {
    if (!is_graphson(f)) {
        write_gb_header(out, h);
        detail::gbw::put_u8(out, 0x09);
        detail::gbw::put_u8(out, 0x00);
        detail::gbw::put_i32(out, static_cast<std::int32_t>(count));
        out.append(encoded_items);
        return;
    }
    write_gs_header_open(out, f, h);
    out += f == Format::graphson_v3 ? "{\"@type\":\"g:List\",\"@value\":[" : "[";
    out.append(encoded_items);
    out += f == Format::graphson_v3 ? "]}" : "]";
    write_gs_header_close(out, f, h);
}

Result<ResponseMessage> decode_response(std::string_view frame, Format f) {
    ResponseMessage m;
    if (!is_graphson(f)) {
        Reader rd{frame, 0};
        if (auto e = read_gb_header(rd, m.header)) return *e;
        if (auto e = rd.value(m.data, GbVersion::v1)) return *e;
        if (rd.left() != 0)
            return rd.fail(errc::trailing_bytes,
                           std::to_string(rd.left()) + " bytes after the ResponseMessage");
        return m;
    }
    auto parts = parse_gs_response(frame, f, [&](std::size_t, std::size_t& p) -> std::optional<Error> {
        auto sk = gs_skip(frame, p, gs_opts(f).max_depth);
        if (!sk) return sk.error();
        p = *sk;
        return std::nullopt;
    });
    if (!parts) return parts.error();
    m.header = std::move(parts->header);
    if (parts->have_data && !is_json_null(frame, parts->data_b, parts->data_e)) {
        auto v = gs_read_at(frame, parts->data_b, parts->data_e, gs_opts(f));
        if (!v) return v.error();
        m.data = std::move(v).value();
    }
    return m;
}

namespace {
// The last 206 message the count path validated whole: a message byte-equal to it (same format) is
// that message, so it has the same summary (scan_response is a function of the bytes and the
// format) and is counted without being read again. A result stream sends the same partial message
// over and over (times(18): 620,000 messages of 64 copies of one vertex, byte-identical within a
// request). Kept: GraphBinary messages whose items were one value repeated (found by the item loop,
// so a stream of distinct values costs no copy) and every GraphSON one (a copy costs far less than
// reading JSON again).
struct MessageMemo {
    static constexpr std::size_t kMaxBytes = 1u << 20;
    std::string bytes;
    Format format = Format::graphbinary_v1;
    ResponseSummary sum;

    bool match(std::string_view frame, Format f) const noexcept {
        return !bytes.empty() && f == format && frame.size() == bytes.size() &&
               std::memcmp(frame.data(), bytes.data(), bytes.size()) == 0;
    }
    void store(std::string_view frame, Format f, const ResponseSummary& s) {
        if (s.code != 206 || frame.size() > kMaxBytes) return;
        bytes.assign(frame.data(), frame.size());
        format = f;
        sum = s;
    }
};
}  // namespace

struct ScanCache::State {
    ::tpbench::io::detail::SkipMemo values;  // values validated before (detail/skip_memo.hpp)
    MessageMemo message;
    Hits hits;
};

ScanCache::ScanCache() : state_(std::make_unique<State>()) {}
ScanCache::~ScanCache() = default;
const ScanCache::Hits& ScanCache::hits() const noexcept { return state_->hits; }

// GraphBinary: ResponseSummary::attributes is filled for error codes (outside 2xx) only — on
// success the count path validates and skips status.attributes and result.meta.
Result<ResponseSummary> scan_response(std::string_view frame, Format f,
                                      const std::function<void(model::Value&&)>& on_item, ScanCache* cache) {
    ResponseSummary sum;
    // The count path's shortcuts (ScanCache), when the caller keeps one.
    ScanCache::State* const c = on_item ? nullptr : (cache ? &cache->state() : nullptr);
    if (c && c->message.match(frame, f)) {
        // A copy of the last 206 message validated is that message.
        ++c->hits.messages;
        return c->message.sum;
    }
    if (is_graphson(f)) {
        auto parts = parse_gs_response(frame, f, [&](std::size_t b, std::size_t& p) {
            return scan_gs_data(frame, b, p, f, sum, on_item);
        });
        if (!parts) return parts.error();
        sum.request_id = parts->header.request_id;
        sum.request_id_at = parts->request_id_at;
        sum.code = parts->header.code;
        sum.message = parts->header.message.value_or(std::string());
        sum.attributes = std::move(parts->header.attributes);
        if (c) c->message.store(frame, f, sum);
        return sum;
    }
    bool one_value = false;  // the items were copies of one value (the count path's loop)
    Reader rd{frame, 0};
    ResponseHeader h;
    if (auto e = read_gb_header(rd, h, false)) return *e;
    sum.request_id = h.request_id;
    if (h.request_id) sum.request_id_at = 2;  // version byte, value flag, 16 raw bytes
    sum.code = h.code;
    sum.message = h.message.value_or(std::string());
    sum.attributes = std::move(h.attributes);
    if (auto e = rd.need(2, "result data")) return *e;
    const auto code = static_cast<std::uint8_t>(frame[rd.pos]);
    const auto flag = static_cast<std::uint8_t>(frame[rd.pos + 1]);
    auto one_item = [&]() -> std::optional<Error> {
        if (on_item) {
            Value v;
            if (auto e = rd.value(v, GbVersion::v1)) return e;
            on_item(std::move(v));
            return std::nullopt;
        }
        if (!c) return rd.skip(GbVersion::v1);
        // A copy of a value validated before (on this connection) is that value: counted, not
        // re-validated (detail/skip_memo.hpp).
        if (const std::size_t m = c->values.match(frame, rd.pos)) {
            rd.pos += m;
            ++c->hits.values;
            return std::nullopt;
        }
        const std::size_t p0 = rd.pos;
        auto e = rd.skip(GbVersion::v1);
        if (!e) c->values.store(frame.substr(p0, rd.pos - p0));
        return e;
    };
    if (flag & 0x01) {
        // Null data (204, errors, 407): no items.
        if (auto e = rd.skip(GbVersion::v1)) return *e;
    } else if ((code == 0x09 || code == 0x2a) && flag == 0x00) {
        const bool bulk_set = code == 0x2a;
        rd.pos += 2;
        std::int32_t n = 0;
        if (auto e = rd.count(n, bulk_set ? "BulkSet count" : "List count", bulk_set ? 10 : 2)) return *e;
        if (c && !bulk_set) {
            // The count path's hot loop (times(18): 39.7 M items): nothing is tested per item but
            // the bytes (same checks as one_item()).
            auto& memo = c->values;
            const char* base = frame.data();
            for (std::int32_t i = 0; i < n; ++i) {
                std::int64_t bulk = 1;
                if (frame.size() - rd.pos >= 10 && static_cast<std::uint8_t>(base[rd.pos]) == 0x21 &&
                    base[rd.pos + 1] == 0x00)
                    bulk = detail::gbw::get_i64(base + rd.pos + 2);
                const std::size_t p0 = rd.pos;
                if (const std::size_t m = memo.match(frame, rd.pos)) {
                    rd.pos += m;
                    ++c->hits.values;
                } else {
                    if (auto e = rd.skip(GbVersion::v1)) return *e;
                    memo.store(frame.substr(p0, rd.pos - p0));
                }
                sum.result_count += static_cast<std::uint64_t>(bulk);
                if (i == 0 && n > 1) {
                    // The rest of the list as copies of this first item: if the next (n-1)·len
                    // bytes equal the len bytes before them, shifted by len (an overlapping
                    // compare), they are n-1 more copies of the value just validated.
                    const std::size_t len = rd.pos - p0;
                    const std::size_t more = static_cast<std::size_t>(n - 1);
                    if (len > 0 && more <= (frame.size() - rd.pos) / len &&
                        std::memcmp(base + rd.pos, base + p0, more * len) == 0) {
                        rd.pos += more * len;
                        sum.result_count += static_cast<std::uint64_t>(bulk) * more;
                        ++c->hits.repeated_lists;
                        one_value = true;
                        break;
                    }
                }
            }
            sum.item_count += static_cast<std::uint64_t>(n);
        }
        for (std::int32_t i = 0; !(c && !bulk_set) && i < n; ++i) {
            std::int64_t bulk = 1;
            if (!bulk_set && rd.left() >= 10 && static_cast<std::uint8_t>(frame[rd.pos]) == 0x21 &&
                frame[rd.pos + 1] == 0x00)
                bulk = detail::gbw::get_i64(frame.data() + rd.pos + 2);
            if (auto e = one_item()) return *e;
            if (bulk_set && (rd.i64(bulk, "BulkSet bulk"))) return *rd.need(8, "BulkSet bulk");
            ++sum.item_count;
            sum.result_count += static_cast<std::uint64_t>(bulk);
        }
    } else {
        if (auto e = one_item()) return *e;
        sum.item_count = 1;
        sum.result_count = 1;
    }
    if (rd.left() != 0)
        return rd.fail(errc::trailing_bytes, std::to_string(rd.left()) + " bytes after the ResponseMessage");
    if (one_value) c->message.store(frame, f, sum);
    return sum;
}

}  // namespace tpbench::io::ws37
