#pragma once
// Classification of a finished http4 response into the benchmark's error buckets (pure).
#include <tpbench/model/error.hpp>

#include <cstdint>
#include <string_view>

namespace tpbench::http4 {

// `http_status` = the status line; `code` = the status in the body footer (or the HTTP status when
// the body carried none, e.g. a JSON error); `exception` = the footer/trailer exception name.
//   status line 200, footer 200                       -> ok
//   status line 200, footer error                     -> server_timeout when the exception is
//                                                        ServerTimeoutExceededException, else
//                                                        server_error_after_ok
//   status line 200, footer 503                       -> server_shutdown (the server ended the
//                                                        stream: shutting down)
//   status line 429                                   -> server_rate_limited
//   status line 401 / 403                             -> auth_failed
//   status line 400 / 405 / 413 / 505                 -> server_bad_request
//   status line 500 (by exception): ServerTimeoutExceededException -> server_timeout,
//     ServerSerializationException -> server_serialization, ServerEvaluationException /
//     ServerErrorException -> server_evaluation
//   anything else                                     -> server_error
errc classify_status(std::int32_t http_status, std::int32_t code, std::string_view exception) noexcept;

}  // namespace tpbench::http4
