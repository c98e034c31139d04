#pragma once
// Pure protocol helpers of the embedded server (no Asio, no sockets): http4 Accept negotiation,
// JSON error bodies, chunk framing, ws37 request validation, status texts. Unit-tested in
// tests/unit/server.
#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tpbench::server::detail {

// ---- http4 --------------------------------------------------------------------------------------

struct AcceptChoice {
    io::http4::ResponseFormat format;
    std::string content_type;  // the mime type sent back in Content-Type
};

// Chooses the response serializer from an Accept header the way Gremlin Server does: the list is
// split on ',', parameters other than types=false are dropped (q=0 entries are ignored), entries
// are sorted by media-type name descending and the first registered type wins. Absent/empty
// header => application/json; "*/*" => application/json. Returns nullopt when nothing matches
// (the caller answers 400 "no serializer for requested Accept header: <value>").
std::optional<AcceptChoice> negotiate_accept(std::string_view accept);

// True when an Accept-Encoding header value contains "deflate" (case-insensitive).
bool accepts_deflate(std::string_view accept_encoding) noexcept;

// True when a header value equals "true" (case-insensitive, surrounding spaces ignored).
bool header_is_true(std::string_view v) noexcept;

// Error messages sent to clients are bounded: a longer one (a 10 MiB unknown identifier echoed
// back, a huge script in a timeout message) keeps its first kMaxErrorMessageBytes (cut on a UTF-8
// character boundary) followed by "... (error message truncated: N bytes in all)".
inline constexpr std::size_t kMaxErrorMessageBytes = 4096;
std::string bounded_error_message(std::string message);

// Why a Gremlin script cannot be evaluated as text — a NUL character (no Gremlin token holds one:
// "1+1\0" is malformed, not "1+1") or bytes that are not UTF-8 (never replaced by U+FFFD and
// evaluated) — as "Failed to interpret Gremlin query: the script contains ... at (byte) offset N";
// nullopt for a well-formed script. Every protocol refuses such a script before evaluation.
std::optional<std::string> script_text_problem(std::string_view script);

// {"message":"<escaped message>"} (the message bounded as bounded_error_message does).
std::string json_error_body(std::string_view message);

// Appends `data` as one HTTP/1.1 chunk (hex size, CRLF, data, CRLF). Empty data appends nothing.
void append_chunk(std::string& out, std::string_view data);
// Appends the terminating chunk with trailers `code` and, when given, `exception`.
void append_last_chunk(std::string& out, std::int32_t code, std::string_view exception = {});

// A complete non-streamed response: status line, Content-Type, Content-Length, CORS header,
// optional Connection: close, body.
std::string simple_response(int status, std::string_view reason, std::string_view content_type,
                            std::string_view body, bool keep_alive);

// Reason phrase for the status codes this server produces ("OK", "Bad Request", …).
std::string_view reason_phrase(int status) noexcept;

// The http4 timeout message, e.g. "A timeout occurred during traversal evaluation of [...] -
// consider increasing the limit given to evaluationTimeout".
std::string http4_timeout_message(std::string_view request_text);

// ---- ws37 ---------------------------------------------------------------------------------------

// What a validated ws37 request asks for.
struct Ws37Plan {
    enum class Kind : std::uint8_t { eval, bytecode, session_close } kind = Kind::eval;
    std::string script;     // eval
    model::Value bytecode;  // bytecode
    model::Value bindings = model::Value::map();
    std::string language = "gremlin-groovy";
    std::optional<std::int32_t> batch_size;
    std::optional<std::int64_t> timeout_ms;  // evaluationTimeout argument
    bool materialize_tokens = false;
};

struct Ws37Reject {
    std::int32_t code;  // 498 / 499
    std::string message;
};

// Validates a decoded RequestMessage like Gremlin Server's op processors (standard "" / session
// for eval, "traversal" for bytecode). Returns the plan or the rejection to send.
std::optional<Ws37Reject> plan_ws37_request(const io::ws37::RequestMessage& m, Ws37Plan& plan,
                                            std::size_t max_parameters = 16);

// Checks script bindings (keys are Strings, not reserved, at most 16). Returns the message of the
// violation or nullopt. `op` names the op in the message ("eval").
std::optional<std::string> check_bindings(const model::Value& bindings, std::string_view op,
                                          std::size_t max_parameters = 16);

// ws37 timeout (598) messages.
std::string ws37_script_timeout_message(std::int64_t timeout_ms, std::string_view script);
std::string ws37_bytecode_timeout_message(std::string_view request_text);

// Format of an unparseable binary frame's response: the mime prefix if it is readable, else
// GraphBinary 1.0; text frames always get GraphSON 3.0.
io::ws37::Format guess_frame_format(std::string_view frame, bool text_frame) noexcept;

// Java's InetSocketAddress rendering used in the `host` attribute: "/127.0.0.1:54321".
std::string java_host(std::string_view address, std::uint16_t port);

// Random (version 4) UUID text from a thread-local generator (Gremlin-RequestId).
std::string random_uuid_text();

}  // namespace tpbench::server::detail
