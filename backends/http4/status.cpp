#include "backends/http4/status.hpp"

#include "backends/common/exception_name.hpp"

namespace tpbench::http4 {
errc classify_status(std::int32_t http_status, std::int32_t code, std::string_view exception) noexcept {
    if (http_status == 200) {
        if (code == 200) return errc::ok;
        if (backends::names_exception(exception, "ServerTimeoutExceededException"))
            return errc::server_timeout;
        // A stream the server ended because it is going away (tpbench serve's graceful shutdown:
        // a terminating chunk with 503 in the footer and trailers), not a broken response.
        if (code == 503) return errc::server_shutdown;
        return errc::server_error_after_ok;
    }
    switch (http_status) {
        case 429:
            return errc::server_rate_limited;
        case 401:
        case 403:
            return errc::auth_failed;
        case 400:
        case 405:
        case 413:
        case 505:
            return errc::server_bad_request;
        case 500:
            if (backends::names_exception(exception, "ServerTimeoutExceededException"))
                return errc::server_timeout;
            if (backends::names_exception(exception, "ServerSerializationException"))
                return errc::server_serialization;
            if (backends::names_exception(exception, "ServerEvaluationException") ||
                backends::names_exception(exception, "ServerErrorException"))
                return errc::server_evaluation;
            return errc::server_error;
        default:
            return errc::server_error;
    }
}

}  // namespace tpbench::http4
