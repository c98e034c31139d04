#pragma once
// TinkerPop 4 HTTP message bodies (sans-io): request bodies (GraphBinary 4.0, plain JSON,
// GraphSON 4.0; master-http and 4.0 field names) and the streamed response body (GraphBinary 4.0
// or GraphSON 4.0: header, items, end marker, status footer), with an incremental decoder.
// Spec: ../shared/spec/http-protocol-4.0.md §3, §5, §7, §12, §13.
#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace tpbench::io::http4 {

// Field-name dialect of the request body (../shared/spec/protocol-drift.md §2.1).
//   master_http: bindings (Map), timeoutMs, bulked, default language gremlin-groovy, version 0x81
//   v4_0_beta1 (4.0.0-beta.1 and beta.2): bindings (Map), timeoutMs, bulkResults, default language
//        gremlin-lang, version 0x81 (what the beta.1 Java driver writes; servers check the top bit)
//   v4_0 (beta.3 / master): parameters (String map literal), timeoutMillis, bulkResults,
//        default language gremlin-lang, version 0x84
enum class Dialect : std::uint8_t { master_http, v4_0_beta1, v4_0 };
// "master-http", "4.0-beta.1", "4.0".
std::string_view dialect_name(Dialect d) noexcept;
// Accepts the names above plus aliases: "beta.1", "beta.2", "4.0-beta.2", "4.0.0-beta.1",
// "4.0.0-beta.2" -> v4_0_beta1; "beta.3", "4.0-beta.3", "4.0.0-beta.3", "master" -> v4_0.
std::optional<Dialect> parse_dialect(std::string_view name) noexcept;
// The language a server of this dialect assumes when the request names none.
std::string_view default_language(Dialect d) noexcept;
// The field names the dialect uses for bulking; also the name of the HTTP header fallback.
std::string_view bulk_field(Dialect d) noexcept;

// gremlin-lang forms of tpbench's own built-in Groovy scripts (the ProfilingApplication default
// `1+1` and the exercise initialisation scripts), for servers whose default language is
// gremlin-lang (4.0.0-beta.1 and later; beta.3+ has no Groovy engine in its stock configuration):
//   "1+1"                                 -> "g.inject(2)"    (same single Integer result)
//   "graph.clear()"                       -> "g.V().drop()"   (removes every vertex and edge)
//   "TinkerFactory.generateModern(graph)" -> an addV/addE traversal building the modern graph with
//                                            the same vertex ids, labels, edges and properties
//                                            (edge and vertex-property ids: the server's choice)
// Any other script: nullopt (sent as it is). Pure, no allocation.
std::optional<std::string_view> gremlin_lang_equivalent(std::string_view script) noexcept;

enum class BodyFormat : std::uint8_t { graphbinary_v4, json, graphson_v4 };
std::string_view content_type(BodyFormat f) noexcept;
// From a Content-Type header value; absent/empty => json. Returns nullopt for unsupported types.
std::optional<BodyFormat> body_format_from_content_type(std::string_view ct) noexcept;

enum class ResponseFormat : std::uint8_t { graphbinary_v4, graphson_v4, graphson_v4_untyped };
std::string_view mime_type(ResponseFormat f) noexcept;

struct Request {
    std::string gremlin;
    std::optional<std::string> language;            // absent => server default
    model::Value bindings = model::Value::map();    // Map String -> any (from bindings or parameters)
    std::optional<std::string> parameters_literal;  // v4_0 "parameters" String as sent, e.g. "[x:1]"
    std::optional<std::string> g;                   // traversal source alias
    std::optional<std::int32_t> batch_size;
    std::optional<std::int64_t> timeout_ms;             // timeoutMs / timeoutMillis
    std::optional<std::string> materialize_properties;  // "all" | "tokens"
    std::optional<bool> bulk_results;                   // bulked / bulkResults ("true" or boolean)
    std::optional<std::string> transaction_id;          // beta.2+ "transactionId" (inside a transaction)
};

// Encodes a request body. GraphBinary: {version}{fields Map value}{gremlin String value}.
void encode_request(std::string& out, const Request& r, BodyFormat f, Dialect d);

// Decodes a request body in any dialect (version 0x81..0xff accepted; bindings or parameters;
// timeoutMs or timeoutMillis; bulked or bulkResults). Errors carry the message the real server
// would put in its 400 body where one is specified ("no gremlin script supplied", …).
Result<Request> decode_request(std::string_view body, BodyFormat f);

// ---- response body, server side (writer) ---------------------------------------------------
// GraphBinary: {version}{bulked} … ; GraphSON typed: {"result":{"data":{"@type":"g:List","@value":[
void write_response_start(std::string& out, ResponseFormat f, bool bulked, std::uint8_t version = 0x84);
// Appends one result item (and, if bulked, its Long bulk). `first` tells GraphSON whether a comma
// separator is needed.
void write_response_item(std::string& out, ResponseFormat f, const model::Value& v, bool first,
                         std::optional<std::int64_t> bulk = std::nullopt);
// Marker + footer. GraphSON: ]}},"status":{"code":…,"message":…,"exception":…}} where message
// and exception appear only when set.
void write_response_end(std::string& out, ResponseFormat f, std::int32_t code,
                        const std::optional<std::string>& message = std::nullopt,
                        const std::optional<std::string>& exception = std::nullopt);

// ---- response body, client side (incremental decoder) --------------------------------------
// count: every value is validated and skipped (gb_skip / gs_skip) and only counted — on_item is
// never called; GraphSON counting checks JSON syntax only, not GraphSON shapes. materialize: every
// value is decoded (gb_read / gs_read) and handed to on_item (if set) with its bulk (1 unbulked).
enum class DecodeMode : std::uint8_t { count, materialize };

// Feed it the body bytes (after de-chunking and inflating) in ranges of any size split anywhere.
// It yields each value as soon as it is complete and keeps only the bytes of the value in progress
// (buffered_bytes() < the size of that value). Not thread-safe; use from one thread at a time.
// A declared length/count above GbLimits::max_length is an error at once; a smaller one that the
// body never satisfies is reported by finish() as errc::truncated.
class ResponseDecoder {
public:
    ResponseDecoder(ResponseFormat f, DecodeMode mode,
                    std::function<void(model::Value&&, std::int64_t bulk)> on_item = {});
    ~ResponseDecoder();
    ResponseDecoder(ResponseDecoder&&) noexcept;
    ResponseDecoder& operator=(ResponseDecoder&&) noexcept;
    // Starts over on a new body, as a newly constructed decoder would, keeping the buffers it
    // already allocated (one decoder per connection: no allocation per response).
    void reset(ResponseFormat f, DecodeMode mode,
               std::function<void(model::Value&&, std::int64_t bulk)> on_item = {});
    // reset(), keeping the on_item callback the decoder has (no std::function made, moved and
    // destroyed per response).
    void restart(ResponseFormat f, DecodeMode mode);

    // Consumes bytes. Returns an Error (with absolute body offset) on malformed input; after an
    // error the decoder stays failed.
    Result<bool> feed(std::string_view bytes);
    // Call at end of body: Error if the footer was not complete.
    Result<bool> finish();

    bool done() const noexcept;  // footer fully read
    bool bulked() const noexcept;
    std::uint64_t item_count() const noexcept;    // values read (pairs count once)
    std::uint64_t result_count() const noexcept;  // bulks expanded
    std::int32_t status_code() const noexcept;    // valid when done()
    const std::optional<std::string>& status_message() const noexcept;
    const std::optional<std::string>& status_exception() const noexcept;
    std::uint64_t bytes_consumed() const noexcept;
    std::size_t buffered_bytes() const noexcept;  // bytes held for the value in progress

    // Count mode's shortcuts (docs/backends.md "Shortcuts"): a value byte-equal to one validated
    // before is counted without being validated again, and copies of a value in a row are counted
    // by one compare. On by default; off = every value validated. Kept across reset()/restart().
    // They never change a count or a verdict; hits say how often they applied.
    struct ShortcutHits {
        std::uint64_t values = 0;  // values taken from the memory of validated values
        std::uint64_t copies = 0;  // values counted as copies of the one before them
    };
    void set_shortcuts(bool on) noexcept;
    ShortcutHits shortcut_hits() const noexcept;

private:
    struct Impl;
    Impl* impl_;
};

}  // namespace tpbench::io::http4
