#include <tpbench/model/error.hpp>

namespace tpbench {

namespace {

class Category final : public std::error_category {
public:
    const char* name() const noexcept override { return "tpbench"; }
    std::string message(int ev) const override {
        switch (static_cast<errc>(ev)) {
            case errc::ok:
                return "success";
            case errc::truncated:
                return "input truncated";
            case errc::unknown_type:
                return "unknown type code";
            case errc::bad_length:
                return "invalid length or count";
            case errc::too_deep:
                return "nesting too deep";
            case errc::bad_utf8:
                return "invalid UTF-8";
            case errc::bad_version:
                return "unsupported version byte";
            case errc::bad_value:
                return "invalid value";
            case errc::bad_json:
                return "invalid JSON";
            case errc::trailing_bytes:
                return "trailing bytes after message";
            case errc::connect_failed:
                return "connect failed";
            case errc::connection_closed:
                return "connection closed";
            case errc::timeout:
                return "request timed out";
            case errc::write_failed:
                return "write failed";
            case errc::protocol_violation:
                return "protocol violation";
            case errc::pool_exhausted:
                return "no connection available";
            case errc::cancelled:
                return "cancelled";
            case errc::tls_failed:
                return "TLS handshake failed";
            case errc::auth_failed:
                return "authentication failed";
            case errc::server_rate_limited:
                return "server: too many requests (429)";
            case errc::server_bad_request:
                return "server: bad request";
            case errc::server_evaluation:
                return "server: evaluation error";
            case errc::server_timeout:
                return "server: evaluation timeout";
            case errc::server_serialization:
                return "server: serialization error";
            case errc::server_error:
                return "server: error";
            case errc::server_error_after_ok:
                return "server: error after 200 OK";
            case errc::server_shutdown:
                return "server: shutting down (503 after 200 OK, 596 or close 1001)";
        }
        return "unknown tpbench error";
    }
};

}  // namespace

const std::error_category& tpbench_category() noexcept {
    static const Category c;
    return c;
}

}  // namespace tpbench
