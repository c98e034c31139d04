#pragma once
// The http3 client protocol core (sans-io): no Asio, no sockets. TinkerPop 3.x's HTTP endpoint, as
// the 3.7 server implements it (gremlin-server HttpGremlinEndpointHandler, HttpHandlerUtil):
//
//   * a request is a POST of {"gremlin", "bindings", "language", "aliases"} (Content-Type
//     application/json or none), a POST of a serialized RequestMessage whose Content-Type names a
//     registered serializer (GraphBinary 1.0 with its mime prefix, or GraphSON 3.0; what the 3.x
//     Java driver's HTTP channelizer sends), or a GET ?gremlin=…&bindings.k=…&language=…;
//   * the response serializer is chosen from Accept (absent = application/json; */* =
//     application/json; ";q=" weights are parsed but the list is tried in descending media-type
//     order); nothing matching = 400 "no serializer for requested Accept header: …";
//   * success = 200 with the serializer's mime type as Content-Type and Content-Length framing,
//     the body one whole ResponseMessage {requestId, status {code 200, message "", attributes},
//     result {data: List, meta}};
//   * every error = a JSON body {"message", ["Exception-Class", "exceptions", "stackTrace"],
//     ["requestId"]} with Content-Type application/json: 400 (bad request, bad Accept, bad
//     aliases), 404 (/favicon.ico), 405 (not GET/POST), 413 (request over maxContentLength), 500
//     (evaluation failed, evaluation timeout = java.util.concurrent.TimeoutException, result not
//     serializable, gremlinPool full = RejectedExecutionException), 401 (HTTP Basic refused);
//   * keep-alive as HTTP/1.1 says (Connection: close from either side ends the connection).
//
//   requests in -> bytes out:  json_body(), get_target(), serialized_body() build the parts,
//                              write_request() renders one complete request into one buffer.
//   bytes in -> events out:    ResponseReader parses the response in pieces of any size (status
//                              line, headers, Content-Length / chunked / until-close framing: the
//                              HTTP/1.1 core shared with http4, backends/common/http1_response.hpp),
//                              collects the body (bounded), decodes the ResponseMessage
//                              (io::ws37::scan_response: count mode, or every value when results
//                              are kept) or the JSON error body, and classifies the outcome.
//
// Error contract of ResponseReader (error() after Status::failed / Status::done):
//   * protocol_violation: a bad status line or header, a head over 64 KiB, a bad chunk size line,
//     a chunk size or Content-Length above 2^40 or above the body limit, conflicting
//     Content-Lengths, a Content-Encoding (none is asked for), a 200 whose Content-Type is not the
//     format asked for, an undecodable ResponseMessage, a ResponseMessage for another requestId;
//   * connection_closed: on_eof() before the response was complete (truncation at any byte);
//   * the classification of a complete response (classify()).
// Single-threaded; one reader per connection, start() per response.
#include "backends/common/http1_response.hpp"

#include <tpbench/io/ws37.hpp>
#include <tpbench/model/error.hpp>
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tpbench::http3 {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// Limits of the shared HTTP/1.1 core (backends/common/http1_response.hpp); the reader's body limit
// is lower.
inline constexpr std::uint64_t kMaxDeclaredLength = backends::http1::kMaxDeclaredLength;
inline constexpr std::size_t kMaxHeadBytes = backends::http1::kMaxHeadBytes;
inline constexpr std::size_t kMaxChunkLine = backends::http1::kMaxChunkLine;
inline constexpr std::uint64_t kDefaultMaxBody = std::uint64_t{1} << 30;

// What one request says, whatever form it is sent in.
struct RequestParts {
    std::string_view gremlin;                // the script
    const model::Value* bindings = nullptr;  // Map String -> value, or null
    std::string_view language;               // "" = not sent (server default gremlin-groovy)
    std::string_view alias;                  // "" = no aliases; else aliases {"g": alias}
};

// {"gremlin":…,"bindings":{…},"language":…,"aliases":{"g":…}} (bindings as plain JSON; absent
// members are not written). Appends to out.
void json_body(std::string& out, const RequestParts& r);

// The GET request target: path?gremlin=…[&bindings.k=…][&language=…][&aliases.g=…], every value
// percent-encoded. A binding's value is its text for strings, else its plain-JSON text (the server
// reads every query parameter as a string).
std::string get_target(std::string_view path, const RequestParts& r);

// A RequestMessage (op eval, processor "", or op bytecode, processor traversal when `bytecode` is
// set) serialized in `f` — GraphBinary 1.0 with the mime prefix the server checks, or GraphSON 3.0
// text. Appends to out.
void serialized_body(std::string& out, io::ws37::Format f, const model::Uuid& request_id,
                     const RequestParts& r, const model::Value* bytecode,
                     std::optional<std::int64_t> evaluation_timeout_ms);

// Appends one complete request: "METHOD target HTTP/1.1", headers, then Content-Length and the body
// when `with_body` (POST), an empty line. Pure; never fails.
void write_request(std::string& out, std::string_view method, std::string_view target,
                   const HeaderList& headers, std::string_view body, bool with_body);

// The outcome class of a complete response. http_status 200: by the ResponseMessage status code
// (200/204 ok; 3.x codes as on the WebSocket: 401/403/407 auth_failed, 429 rate limited,
// 498/499 bad request, 597 evaluation, 598 timeout, 599 serialization). Otherwise by HTTP
// status and the error body's exception classes (simple or qualified names): 401/403 auth_failed;
// 400/404/405/413/414/431/505 server_bad_request; 429 server_rate_limited; 500 with TimeoutException
// server_timeout, RejectedExecutionException server_rate_limited, SerializationException (or the
// "Could not serialize the result" message) server_serialization, any other exception list
// server_evaluation (the HTTP endpoint's 597), none server_error; anything else server_error.
errc classify(int http_status, std::int32_t code, const std::vector<std::string>& exceptions,
              std::string_view message) noexcept;

// Incremental reader of one response: the shared HTTP/1.1 framing core
// (backends/common/http1_response.hpp) plus what the body means for http3.
class ResponseReader : private backends::http1::ResponseHandler {
public:
    using Status = backends::http1::Status;

    ResponseReader();
    ResponseReader(const ResponseReader&) = delete;
    ResponseReader& operator=(const ResponseReader&) = delete;

    // Largest body accepted (default kDefaultMaxBody).
    void set_max_body(std::uint64_t n) noexcept;

    // Starts a new response to a request that asked for `format`. keep_results: decode every
    // value into results(); otherwise values are validated and counted. expected_id: the
    // requestId the request carried (the ResponseMessage must echo it).
    void start(io::ws37::Format format, bool keep_results, std::optional<model::Uuid> expected_id = {});

    // Consumes bytes (any split). consumed = bytes that belong to this response (done: bytes
    // after it stay with the caller).
    Status feed(std::string_view in, std::size_t& consumed) { return parser_.feed(in, consumed); }
    // The stream ended: done when the body was delimited by the close, else connection_closed.
    Status on_eof() { return parser_.on_eof(); }

    bool started() const noexcept { return parser_.started(); }
    bool head_complete() const noexcept { return parser_.head_complete(); }
    std::uint64_t bytes_seen() const noexcept { return parser_.bytes_seen(); }

    // --- valid after done (error()/message() also after failed) ----------------------------------
    errc error() const noexcept { return parser_.error(); }
    const std::string& message() const noexcept { return parser_.message(); }
    int http_status() const noexcept { return parser_.status(); }
    // The ResponseMessage status code on a 200, else the HTTP status.
    std::int32_t status_code() const noexcept { return status_code_; }
    std::uint64_t result_count() const noexcept { return result_count_; }
    std::uint64_t chunks() const noexcept { return 1; }  // one whole body
    bool keep_alive() const noexcept { return parser_.keep_alive(); }
    // The requestId the response named (ResponseMessage, or the error body's "requestId").
    const std::optional<model::Uuid>& request_id() const noexcept { return request_id_; }
    // The error body's exception classes ("Exception-Class" first, then "exceptions").
    const std::vector<std::string>& exceptions() const noexcept { return exceptions_; }
    std::vector<model::Value>& results() noexcept { return results_; }
    // The count path's shortcuts (option memo; docs/backends.md "Shortcuts"): the body is scanned
    // with this reader's io::ws37::ScanCache. On by default; off = every value validated.
    void set_shortcuts(bool on) noexcept { shortcuts_ = on; }
    const io::ws37::ScanCache::Hits& scan_hits() const noexcept { return scan_cache_.hits(); }

private:
    using Parser = backends::http1::ResponseParser;
    void on_field(std::string_view, std::string_view, bool) override {}
    void on_interim() override {}
    bool on_head(Parser& p) override;
    bool on_body(Parser& p, std::string_view bytes) override;
    Status on_complete(Parser& p) override;

    Parser parser_;
    io::ws37::Format format_ = io::ws37::Format::graphbinary_v1;
    bool keep_results_ = false;
    bool shortcuts_ = true;
    io::ws37::ScanCache scan_cache_;
    std::optional<model::Uuid> expected_id_;

    std::string body_;

    std::int32_t status_code_ = 0;
    std::uint64_t result_count_ = 0;
    std::optional<model::Uuid> request_id_;
    std::vector<std::string> exceptions_;
    std::vector<model::Value> results_;
};

}  // namespace tpbench::http3
