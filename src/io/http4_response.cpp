// TinkerPop 4 HTTP response bodies (include/tpbench/io/http4.hpp): the streamed response writer
// and the incremental response decoder (GraphBinary 4, GraphSON 4 typed and untyped). Layouts:
// ../shared/spec/http-protocol-4.0.md §5, §7.
#include <tpbench/io/http4.hpp>

#include "detail/gb_wire.hpp"
#include "detail/skip_memo.hpp"
#include "detail/http4_common.hpp"
#include "detail/json_envelope.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <utility>

namespace tpbench::io::http4 {

namespace {
using detail::gbw::Reader;
namespace json = detail::json;
using model::Type;
using model::Value;
using namespace http4_detail;
}  // namespace

// ---- response writer ----------------------------------------------------------------------------

void write_response_start(std::string& out, ResponseFormat f, bool bulked, std::uint8_t version) {
    switch (f) {
        case ResponseFormat::graphbinary_v4:
            detail::gbw::put_u8(out, version);
            detail::gbw::put_u8(out, bulked ? 0x01 : 0x00);
            break;
        case ResponseFormat::graphson_v4:
            out += "{\"result\":{\"data\":{\"@type\":\"g:List\",\"@value\":[";
            break;
        case ResponseFormat::graphson_v4_untyped:
            out += "{\"result\":{\"data\":[";
            break;
    }
}

void write_response_item(std::string& out, ResponseFormat f, const model::Value& v, bool first,
                         std::optional<std::int64_t> bulk) {
    if (f == ResponseFormat::graphbinary_v4) {
        gb_write(out, v, GbVersion::v4);
        if (bulk) {
            detail::gbw::put_u8(out, 0x02);
            detail::gbw::put_u8(out, 0x00);
            detail::gbw::put_i64(out, *bulk);
        }
        return;
    }
    if (!first) out.push_back(',');
    gs_write(out, v, gs4(f == ResponseFormat::graphson_v4));
}

void write_response_end(std::string& out, ResponseFormat f, std::int32_t code,
                        const std::optional<std::string>& message,
                        const std::optional<std::string>& exception) {
    if (f == ResponseFormat::graphbinary_v4) {
        static constexpr char kMarker[3] = {static_cast<char>(0xfd), 0x00, 0x00};
        out.append(kMarker, 3);
        detail::gbw::put_i32(out, code);
        detail::gbw::put_nullable_string(out, message);
        detail::gbw::put_nullable_string(out, exception);
        return;
    }
    out += f == ResponseFormat::graphson_v4 ? "]}},\"status\":{\"code\":" : "]},\"status\":{\"code\":";
    out += std::to_string(code);
    if (message) {
        out += ",\"message\":";
        json::write_string(out, *message);
    }
    if (exception) {
        out += ",\"exception\":";
        json::write_string(out, *exception);
    }
    out += "}}";
}

// ---- incremental response decoder ---------------------------------------------------------------

namespace {

enum class Step : std::uint8_t { consumed, need_more, failed };

// GraphSON stream states (§5.4): {"result":{"data":{"@type":"g:List","@value":[ items ]}},"status":{…}}
enum class GsState : std::uint8_t {
    top_open,
    top_first,
    top_key,
    top_sep,
    result_open,
    result_first,
    result_key,
    result_sep,
    data_start,
    typed_first,
    typed_key,
    typed_sep,
    items_first,
    items_next,
    item,
    done,
};

enum class GbState : std::uint8_t { header, item, bulk, footer, done };

// JSON nesting accepted in a streamed GraphSON value.
constexpr std::size_t kMaxJsonDepth = 64;

// A status message/exception longer than this is malformed, not merely incomplete.
constexpr std::size_t kMaxFooterString = std::size_t{1} << 24;

}  // namespace

struct ResponseDecoder::Impl {
    ResponseFormat format;
    DecodeMode mode;
    std::function<void(model::Value&&, std::int64_t)> on_item;

    std::string buf;  // bytes of the token/value in progress (only)
    std::uint64_t consumed = 0;
    std::uint64_t items = 0;
    std::uint64_t results = 0;
    std::int32_t code = 0;
    std::optional<std::string> message;
    std::optional<std::string> exception;
    bool is_bulked = false;
    bool finished = false;
    std::optional<Error> error;

    GbState gb = GbState::header;
    GsState gs = GsState::top_open;
    bool data_typed = false;
    bool have_status = false;
    Value pending;                            // materialised item waiting for its bulk
    ::tpbench::io::detail::SkipMemo memo;     // count mode: values validated already (kept across reset())
    ::tpbench::io::detail::SkipMemo gs_memo;  // the same for GraphSON objects, arrays and strings
    bool shortcuts = true;                    // memo, gs_memo and count_copies may apply (count mode)
    ResponseDecoder::ShortcutHits hits;

    Impl(ResponseFormat f, DecodeMode m, std::function<void(model::Value&&, std::int64_t)> cb)
        : format(f), mode(m), on_item(std::move(cb)) {}

    // The state of a new stream, field by field in place (ResponseDecoder::reset): buf keeps its
    // capacity and memo its validated values, so a reset allocates nothing and costs a few stores
    // (re-building the Impl moved the memo's 32 strings out and back; docs/backends.md
    // "Hot-path notes").
    // Every member above that a stream changes is set here.
    void restart(ResponseFormat f, DecodeMode m) {
        // Only a materialising stream holds a value in `pending` (a bulked item waiting for its bulk).
        if (mode == DecodeMode::materialize) pending = Value();
        format = f;
        mode = m;
        buf.clear();
        consumed = items = results = 0;
        code = 0;
        message.reset();
        exception.reset();
        is_bulked = finished = false;
        error.reset();
        gb = GbState::header;
        gs = GsState::top_open;
        data_typed = have_status = false;
    }

    bool is_done() const noexcept {
        return format == ResponseFormat::graphbinary_v4 ? gb == GbState::done : gs == GsState::done;
    }

    Step fail(Error e) {
        error = std::move(e);
        return Step::failed;
    }

    void emit(Value&& v, std::int64_t bulk) {
        ++items;
        results += static_cast<std::uint64_t>(bulk);
        if (on_item) on_item(std::move(v), bulk);
    }

    // ---- GraphBinary 4 ----
    Step gb_step(std::string_view s, std::size_t& p) {
        const std::size_t left = s.size() - p;
        const auto* u = reinterpret_cast<const unsigned char*>(s.data());
        switch (gb) {
            case GbState::header: {
                if (left < 2) return Step::need_more;
                if ((u[p] & 0x80) == 0)
                    return fail({errc::bad_version, consumed + p,
                                 "bad GraphBinary response version byte " + std::to_string(u[p]) +
                                     " (needs >= 0x80)"});
                if (u[p + 1] > 1)
                    return fail(
                        {errc::bad_value, consumed + p + 1, "bad bulked byte " + std::to_string(u[p + 1])});
                is_bulked = u[p + 1] == 1;
                p += 2;
                gb = GbState::item;
                return Step::consumed;
            }
            case GbState::item: {
                if (left < 1) return Step::need_more;
                if (u[p] == 0xfd) {
                    if (left < 3) return Step::need_more;
                    if (u[p + 1] != 0x00 || u[p + 2] != 0x00)
                        return fail({errc::bad_value, consumed + p, "bad end-of-stream marker"});
                    p += 3;
                    gb = GbState::footer;
                    return Step::consumed;
                }
                if (mode == DecodeMode::count) {
                    // A copy of a value validated before is that value: counted, not re-validated.
                    const std::size_t p0 = p;
                    if (const std::size_t m = shortcuts ? memo.match(s, p) : 0) {
                        p += m;
                        ++hits.values;
                    } else {
                        auto r = gb_skip(s, p, GbVersion::v4);
                        if (!r) return gb_error(r.error());
                        if (shortcuts) memo.store(s.substr(p, *r - p));
                        p = *r;
                    }
                    if (is_bulked) {
                        gb = GbState::bulk;
                    } else {
                        emit_counted();
                        if (shortcuts) count_copies(s, p0, p);
                    }
                    return Step::consumed;
                }
                std::size_t q = p;
                auto r = gb_read(s, q, GbVersion::v4);
                if (!r) return gb_error(r.error());
                p = q;
                if (is_bulked) {
                    pending = std::move(r).value();
                    gb = GbState::bulk;
                } else {
                    emit(std::move(r).value(), 1);
                }
                return Step::consumed;
            }
            case GbState::bulk: {
                if (left < 10) return Step::need_more;
                if (u[p] != 0x02 || u[p + 1] != 0x00)
                    return fail({errc::bad_value, consumed + p, "bulk of a bulked result is not a Long"});
                const std::int64_t bulk = detail::gbw::get_i64(s.data() + p + 2);
                if (bulk < 0)
                    return fail({errc::bad_value, consumed + p, "negative bulk " + std::to_string(bulk)});
                p += 10;
                gb = GbState::item;
                if (mode == DecodeMode::count) {
                    ++items;
                    results += static_cast<std::uint64_t>(bulk);
                } else {
                    emit(std::move(pending), bulk);
                    pending = Value();
                }
                return Step::consumed;
            }
            case GbState::footer: {
                Reader rd{s, p};
                rd.max_len = kMaxFooterString;
                std::int32_t c = 0;
                // Straight into message/exception (empty until the footer is read whole, once).
                std::optional<Error> e = rd.i32(c, "status code");
                if (!e) e = rd.nullable_string(message, "status message");
                if (!e) e = rd.nullable_string(exception, "status exception");
                if (e) {
                    message.reset();
                    exception.reset();
                    if (e->code == errc::truncated) return Step::need_more;
                    e->offset += consumed;
                    return fail(std::move(*e));
                }
                code = c;
                p = rd.pos;
                gb = GbState::done;
                return Step::consumed;
            }
            case GbState::done:
                return fail({errc::trailing_bytes, consumed + p, "bytes after the status footer"});
        }
        return Step::need_more;
    }

    void emit_counted() {
        ++items;
        ++results;
    }

    // Copies of one value in a row (times(18): millions of the same vertex) counted by bytes.
    static constexpr std::size_t kCopyBlock = 64;  // values per compare, at most

    // The value at s[p0, p) was just counted (unbulked; GraphSON: the ",value" after a value): the
    // values that follow it in `s` as its copies are counted too, `p` moved past them. The next k·len bytes
    // equal the k·len bytes len before them (an overlapping compare) exactly when they are k more copies of
    // it. Blocks of 1, 2, 4, … up to kCopyBlock copies; the first unequal block ends the run and the value
    // there goes through the memo or the validator, so a failed compare costs at most what the
    // compares before it matched (plus one value).
    void count_copies(std::string_view s, std::size_t p0, std::size_t& p) {
        const std::size_t len = p - p0;
        if (len == 0) return;
        for (std::size_t k = 1;; k = std::min(2 * k, kCopyBlock)) {
            const std::size_t m = std::min(k, (s.size() - p) / len);
            if (m == 0 || std::memcmp(s.data() + p, s.data() + p - len, m * len) != 0) return;
            p += m * len;
            items += m;
            results += m;
            hits.copies += m;
        }
    }

    Step gb_error(Error e) {
        if (e.code == errc::truncated) return Step::need_more;
        e.offset += consumed;
        return fail(std::move(e));
    }

    // ---- GraphSON 4 ----
    // Reads `"key"` ws `:` as one token.
    Step gs_key(std::string_view s, std::size_t& p, std::string& key) {
        std::size_t q = p;
        if (s[q] != '"') return fail({errc::bad_json, consumed + q, "expected a member name"});
        const json::Scan r = json::parse_string(s, q, key);
        if (r == json::Scan::truncated) return Step::need_more;
        if (r == json::Scan::bad) return fail({errc::bad_json, consumed + q, "bad member name"});
        json::skip_ws(s, q);
        if (q >= s.size()) return Step::need_more;
        if (s[q] != ':') return fail({errc::bad_json, consumed + q, "expected ':'"});
        p = q + 1;
        return Step::consumed;
    }

    // Bounds of a whole JSON value at p (not at end of input: a bare number needs its terminator).
    Step gs_value(std::string_view s, std::size_t& p, std::size_t& b, std::size_t& e) {
        auto r = gs_skip(s, p, kMaxJsonDepth);
        if (!r) {
            if (r.error().code == errc::truncated) return Step::need_more;
            return fail(rebase(r.error(), consumed));
        }
        // A value running to the end of the bytes at hand may continue (a number) — and in a
        // well-formed stream it is always followed by ',', ']' or '}': wait for that byte.
        if (*r >= s.size()) return Step::need_more;
        b = p;
        e = *r;
        p = *r;
        return Step::consumed;
    }

    std::optional<Error> read_status(std::string_view s, std::size_t b, std::size_t e) {
        const GsOptions opt = gs4(true);
        std::size_t p = b;
        bool have_code = false;
        auto err = json::for_each_member(
            s.substr(0, e), p, opt.max_depth, "status",
            [&](std::string_view k, std::size_t x, std::size_t y) -> std::optional<Error> {
                auto v = json::read_loose(s, x, y, opt, false, true);
                if (!v) return v.error();
                if (k == "code") {
                    if (!v->is_number()) return Error{errc::bad_value, x, "status.code is not a number"};
                    code = static_cast<std::int32_t>(v->to_int64());
                    have_code = true;
                } else if (k == "message" || k == "exception") {
                    auto& dst = k == "message" ? message : exception;
                    if (v->is_null())
                        dst.reset();
                    else if (v->type() == Type::string)
                        dst = v->str();
                    else
                        return Error{errc::bad_value, x, "status." + std::string(k) + " is not a string"};
                }
                return std::nullopt;
            });
        if (err) return rebase(*err, consumed);
        if (!have_code) return Error{errc::bad_value, consumed + b, "status has no code"};
        have_status = true;
        return std::nullopt;
    }

    // A JSON value that ends itself: an object, array or string (a number could go on: 12 / 123).
    static bool self_delimited(char c) noexcept { return c == '{' || c == '[' || c == '"'; }

    Step gs_item(std::string_view s, std::size_t& p) {
        std::size_t b = 0, e = 0;
        const bool counting = mode == DecodeMode::count;
        const bool memo_on = counting && shortcuts;
        // Count mode: a copy of a value validated before is that value (followed, as gs_value
        // wants, by one more byte at hand); otherwise the value is validated and remembered.
        const std::size_t m = memo_on && self_delimited(s[p]) ? gs_memo.match(s, p) : 0;
        if (m != 0 && s.size() - p > m) {
            b = p;
            e = p + m;
            p = e;
            ++hits.values;
        } else {
            const Step st = gs_value(s, p, b, e);
            if (st != Step::consumed) return st;
            if (memo_on && self_delimited(s[b])) gs_memo.store(s.substr(b, e - b));
        }
        if (counting) {
            emit_counted();
            // Copies of it that follow (",X" with no space between) are counted by bytes: the
            // first one compared with the value, the rest as copies of that first ",X". Only for
            // an object, array or string, which ends itself (a number could go on: 12,123).
            const std::size_t len = e - b;
            if (memo_on && len > 0 && self_delimited(s[b]) && p == e && s.size() - p > len && s[p] == ',' &&
                std::memcmp(s.data() + p + 1, s.data() + b, len) == 0) {
                const std::size_t q = p;
                p += len + 1;
                emit_counted();
                ++hits.copies;
                count_copies(s, q, p);
            }
        } else {
            auto v = gs_read(s.substr(b, e - b), gs4(format == ResponseFormat::graphson_v4));
            if (!v) return fail(rebase(v.error(), consumed + b));
            emit(std::move(v).value(), 1);
        }
        gs = GsState::items_next;
        return Step::consumed;
    }

    Step gs_step(std::string_view s, std::size_t& p) {
        json::skip_ws(s, p);
        if (p >= s.size()) return Step::need_more;
        const char c = s[p];
        std::string key;
        auto expect = [&](char want, GsState next, const char* what) {
            if (c != want) return fail({errc::bad_json, consumed + p, std::string("expected ") + what});
            ++p;
            gs = next;
            return Step::consumed;
        };
        switch (gs) {
            case GsState::top_open:
                return expect('{', GsState::top_first, "'{' opening the response");
            case GsState::top_first:
                if (c == '}') return finish_top(p);
                [[fallthrough]];
            case GsState::top_key: {
                std::size_t q = p;
                const Step st = gs_key(s, q, key);
                if (st != Step::consumed) return st;
                if (key == "result") {
                    p = q;
                    gs = GsState::result_open;
                    return Step::consumed;
                }
                std::size_t b = 0, e = 0;
                json::skip_ws(s, q);
                if (q >= s.size()) return Step::need_more;
                const Step sv = gs_value(s, q, b, e);
                if (sv != Step::consumed) return sv;
                if (key == "status") {
                    if (auto err = read_status(s, b, e)) return fail(std::move(*err));
                }
                p = q;
                gs = GsState::top_sep;
                return Step::consumed;
            }
            case GsState::top_sep:
                if (c == ',') {
                    ++p;
                    gs = GsState::top_key;
                    return Step::consumed;
                }
                if (c == '}') return finish_top(p);
                return fail({errc::bad_json, consumed + p, "expected ',' or '}' in the response object"});
            case GsState::result_open:
                return expect('{', GsState::result_first, "'{' opening result");
            case GsState::result_first:
                if (c == '}') {
                    ++p;
                    gs = GsState::top_sep;
                    return Step::consumed;
                }
                [[fallthrough]];
            case GsState::result_key: {
                std::size_t q = p;
                const Step st = gs_key(s, q, key);
                if (st != Step::consumed) return st;
                if (key == "data") {
                    p = q;
                    gs = GsState::data_start;
                    return Step::consumed;
                }
                std::size_t b = 0, e = 0;
                json::skip_ws(s, q);
                if (q >= s.size()) return Step::need_more;
                const Step sv = gs_value(s, q, b, e);
                if (sv != Step::consumed) return sv;
                p = q;
                gs = GsState::result_sep;
                return Step::consumed;
            }
            case GsState::result_sep:
                if (c == ',') {
                    ++p;
                    gs = GsState::result_key;
                    return Step::consumed;
                }
                if (c == '}') {
                    ++p;
                    gs = GsState::top_sep;
                    return Step::consumed;
                }
                return fail({errc::bad_json, consumed + p, "expected ',' or '}' in result"});
            case GsState::data_start:
                if (c == '[') {
                    ++p;
                    data_typed = false;
                    gs = GsState::items_first;
                    return Step::consumed;
                }
                if (c == '{') {
                    ++p;
                    data_typed = true;
                    gs = GsState::typed_first;
                    return Step::consumed;
                }
                if (c == 'n') {
                    const json::Scan r = json::skip_literal(s, p, "null");
                    if (r == json::Scan::truncated) return Step::need_more;
                    if (r == json::Scan::bad)
                        return fail({errc::bad_json, consumed + p, "invalid result.data"});
                    gs = GsState::result_sep;
                    return Step::consumed;
                }
                return fail({errc::bad_json, consumed + p, "result.data is not a list"});
            case GsState::typed_first:
            case GsState::typed_key: {
                std::size_t q = p;
                const Step st = gs_key(s, q, key);
                if (st != Step::consumed) return st;
                if (key == "@value") {
                    json::skip_ws(s, q);
                    if (q >= s.size()) return Step::need_more;
                    if (s[q] != '[')
                        return fail({errc::bad_json, consumed + q, "result.data @value is not an array"});
                    p = q + 1;
                    gs = GsState::items_first;
                    return Step::consumed;
                }
                std::size_t b = 0, e = 0;
                json::skip_ws(s, q);
                if (q >= s.size()) return Step::need_more;
                const Step sv = gs_value(s, q, b, e);
                if (sv != Step::consumed) return sv;
                if (key == "@type") {
                    std::string tn;
                    std::size_t t = b;
                    if (s[t] != '"' || json::parse_string(s, t, tn) != json::Scan::ok ||
                        (tn != "g:List" && tn != "g:BulkSet"))
                        return fail({errc::bad_value, consumed + b, "result.data is not a g:List"});
                }
                p = q;
                gs = GsState::typed_sep;
                return Step::consumed;
            }
            case GsState::typed_sep:
                if (c == ',') {
                    ++p;
                    gs = GsState::typed_key;
                    return Step::consumed;
                }
                if (c == '}') {
                    ++p;
                    gs = GsState::result_sep;
                    return Step::consumed;
                }
                return fail({errc::bad_json, consumed + p, "expected ',' or '}' in result.data"});
            case GsState::items_first:
                if (c == ']') return close_items(p);
                gs = GsState::item;
                return gs_item(s, p);
            case GsState::items_next:
                if (c == ',') {
                    ++p;
                    gs = GsState::item;
                    return Step::consumed;
                }
                if (c == ']') return close_items(p);
                return fail({errc::bad_json, consumed + p, "expected ',' or ']' after a result"});
            case GsState::item:
                return gs_item(s, p);
            case GsState::done:
                return fail({errc::trailing_bytes, consumed + p, "bytes after the response object"});
        }
        return Step::need_more;
    }

    Step close_items(std::size_t& p) {
        ++p;
        gs = data_typed ? GsState::typed_sep : GsState::result_sep;
        return Step::consumed;
    }

    Step finish_top(std::size_t& p) {
        if (!have_status) return fail({errc::bad_value, consumed + p, "response has no status"});
        ++p;
        gs = GsState::done;
        return Step::consumed;
    }

    // Runs steps over `s`; returns the number of bytes consumed (whole tokens only).
    std::size_t process(std::string_view s) {
        std::size_t p = 0;
        const bool gbf = format == ResponseFormat::graphbinary_v4;
        for (;;) {
            if (gbf && gb == GbState::done) {
                if (p < s.size()) fail({errc::trailing_bytes, consumed + p, "bytes after the status footer"});
                break;
            }
            if (!gbf && gs == GsState::done) {
                json::skip_ws(s, p);
                if (p < s.size())
                    fail({errc::trailing_bytes, consumed + p, "bytes after the response object"});
                break;
            }
            std::size_t q = p;
            const Step st = gbf ? gb_step(s, q) : gs_step(s, q);
            if (st == Step::failed) break;
            if (st == Step::need_more) {
                // Whitespace skipped before an incomplete token is consumed too.
                if (!gbf) {
                    json::skip_ws(s, p);
                }
                break;
            }
            p = q;
        }
        consumed += p;
        return p;
    }

    Result<bool> feed(std::string_view in) {
        if (error) return *error;
        while (!in.empty() && !error) {
            if (buf.empty()) {
                const std::size_t n = process(in);
                if (error) return *error;
                in.remove_prefix(n);
                buf.assign(in.data(), in.size());
                return true;
            }
            // A value is in progress: append a growing slice (so a big chunk is not copied whole)
            // until it completes, then continue on the caller's bytes directly.
            const std::size_t old = buf.size();
            const std::size_t take = std::min(in.size(), std::max<std::size_t>(old, 256));
            buf.append(in.data(), take);
            in.remove_prefix(take);
            const std::size_t n = process(buf);
            if (error) return *error;
            if (n >= old) {
                const std::size_t back = buf.size() - n;  // bytes of the chunk not yet consumed
                in = std::string_view(in.data() - back, in.size() + back);
                buf.clear();
            } else {
                buf.erase(0, n);
            }
        }
        if (error) return *error;
        return true;
    }

    Result<bool> finish_stream() {
        if (error) return *error;
        if (is_done()) return true;
        const char* where = "response body";
        if (format == ResponseFormat::graphbinary_v4) {
            switch (gb) {
                case GbState::header:
                    where = "response header";
                    break;
                case GbState::item:
                    where = "result item";
                    break;
                case GbState::bulk:
                    where = "bulk Long";
                    break;
                case GbState::footer:
                    where = "status footer";
                    break;
                case GbState::done:
                    break;
            }
        } else if (gs == GsState::item || gs == GsState::items_first || gs == GsState::items_next) {
            where = "result item";
        }
        Error e{errc::truncated, consumed + buf.size(),
                std::string("truncated ") + where + ": the body ended before the status footer (" +
                    std::to_string(buf.size()) + " bytes of an incomplete value buffered)"};
        error = e;
        return e;
    }
};

ResponseDecoder::ResponseDecoder(ResponseFormat f, DecodeMode mode,
                                 std::function<void(model::Value&&, std::int64_t bulk)> on_item)
    : impl_(new Impl(f, mode, std::move(on_item))) {}

ResponseDecoder::~ResponseDecoder() { delete impl_; }

ResponseDecoder::ResponseDecoder(ResponseDecoder&& o) noexcept : impl_(o.impl_) { o.impl_ = nullptr; }

ResponseDecoder& ResponseDecoder::operator=(ResponseDecoder&& o) noexcept {
    if (this != &o) {
        delete impl_;
        impl_ = o.impl_;
        o.impl_ = nullptr;
    }
    return *this;
}

void ResponseDecoder::reset(ResponseFormat f, DecodeMode mode,
                            std::function<void(model::Value&&, std::int64_t bulk)> on_item) {
    if (!impl_) {
        impl_ = new Impl(f, mode, std::move(on_item));
        return;
    }
    impl_->on_item = std::move(on_item);
    impl_->restart(f, mode);
}

void ResponseDecoder::restart(ResponseFormat f, DecodeMode mode) {
    if (!impl_) {
        impl_ = new Impl(f, mode, {});
        return;
    }
    impl_->restart(f, mode);
}

Result<bool> ResponseDecoder::feed(std::string_view bytes) { return impl_->feed(bytes); }
Result<bool> ResponseDecoder::finish() { return impl_->finish_stream(); }
bool ResponseDecoder::done() const noexcept { return impl_->is_done() && !impl_->error; }
bool ResponseDecoder::bulked() const noexcept { return impl_->is_bulked; }
std::uint64_t ResponseDecoder::item_count() const noexcept { return impl_->items; }
std::uint64_t ResponseDecoder::result_count() const noexcept { return impl_->results; }
std::int32_t ResponseDecoder::status_code() const noexcept { return impl_->code; }
const std::optional<std::string>& ResponseDecoder::status_message() const noexcept { return impl_->message; }
const std::optional<std::string>& ResponseDecoder::status_exception() const noexcept {
    return impl_->exception;
}
std::uint64_t ResponseDecoder::bytes_consumed() const noexcept { return impl_->consumed; }
std::size_t ResponseDecoder::buffered_bytes() const noexcept { return impl_->buf.size(); }
void ResponseDecoder::set_shortcuts(bool on) noexcept { impl_->shortcuts = on; }
ResponseDecoder::ShortcutHits ResponseDecoder::shortcut_hits() const noexcept { return impl_->hits; }

}  // namespace tpbench::io::http4
