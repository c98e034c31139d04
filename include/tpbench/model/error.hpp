#pragma once
// tpbench::errc — every outcome a benchmark must count, as one error enum with a std::error_category.
// The engine's stats buckets are keyed by these values (see engine/outcome.hpp).
#include <cstddef>
#include <string>
#include <system_error>

namespace tpbench {

enum class errc {
    ok = 0,
    // --- decoding (io) ---
    truncated = 1,   // input ended inside a value
    unknown_type,    // a type code this format does not define
    bad_length,      // negative or larger-than-input length/count
    too_deep,        // nesting beyond the decoder's limit
    bad_utf8,        // invalid UTF-8 where text is required
    bad_version,     // wrong version/format byte
    bad_value,       // a value that violates its type's rules (e.g. bad flag, bad enum)
    bad_json,        // JSON text that does not parse / has the wrong shape
    trailing_bytes,  // bytes left after a complete message
    // --- transport (engine/backends) ---
    connect_failed = 32,  // TCP connect / handshake failed
    connection_closed,    // peer closed or reset mid-request
    timeout,              // per-request deadline expired
    write_failed,         // request could not be written
    protocol_violation,   // bytes that do not follow the protocol (bad frame, bad chunking)
    pool_exhausted,       // no connection could be borrowed within maxWaitForConnection
    cancelled,            // the run ended before this request finished
    tls_failed,           // TLS handshake failed (untrusted certificate, hostname mismatch, alert)
    auth_failed,          // credentials rejected (ws37 SASL 401/403 after 407, http4 401/403)
    // --- server status (both protocols) ---
    server_rate_limited = 64,  // 429
    server_bad_request,        // 3.7: 498/499, 4.0: 400 / 413 / 405 / 505
    server_evaluation,         // 3.7: 597, 4.0: 500 ServerEvaluation/ServerErrorException
    server_timeout,            // 3.7: 598, 4.0: 500 ServerTimeoutExceededException
    server_serialization,      // 3.7: 599, 4.0: ServerSerializationException
    server_error,              // any other non-success status (500, 595, 596, 401, 403, …)
    server_error_after_ok,     // 4.0: HTTP 200 head, error in the footer/trailers
    server_shutdown,           // the server ended the stream because it is shutting down (tpbench
                               // serve's graceful shutdown): 4.0 HTTP 200 head with 503 in the
                               // footer/trailers; 3.7 a final 596 ServerShutdownException, or a
                               // close 1001 (going away) with the request in flight
};

const std::error_category& tpbench_category() noexcept;
inline std::error_code make_error_code(errc e) noexcept { return {static_cast<int>(e), tpbench_category()}; }

}  // namespace tpbench

template <>
struct std::is_error_code_enum<tpbench::errc> : std::true_type {};
