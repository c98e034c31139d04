#pragma once
// tpbench::auth — the pure (socket-free, Asio-free) pieces of authentication that both client
// backends and the embedded server share: SASL PLAIN, HTTP Basic, AWS Signature V4 request
// signing, base64, credential loading and secret redaction. Library target: tpbench::auth
// (src/auth), links OpenSSL's libcrypto for SHA-256/HMAC. Every function is thread-safe and
// allocates only its result.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::auth {

struct Header {
    std::string name;
    std::string value;
};

std::string base64_encode(std::string_view bytes);
// Strict RFC 4648 decoding (padding required, no whitespace); nullopt on malformed input.
std::optional<std::string> base64_decode(std::string_view text);

// SASL PLAIN (RFC 4616) message: authzid NUL authcid NUL passwd (raw bytes, not base64).
std::string sasl_plain_message(std::string_view authzid, std::string_view user, std::string_view password);
struct PlainCredentials {
    std::string authzid, user, password;
};
// Parses a SASL PLAIN message; nullopt when it is not three NUL-separated fields.
std::optional<PlainCredentials> parse_sasl_plain(std::string_view message);

// "Basic " + base64(user ":" password) (RFC 7617).
std::string basic_authorization(std::string_view user, std::string_view password);
// Parses an Authorization header value of scheme Basic; nullopt when malformed.
std::optional<PlainCredentials> parse_basic_authorization(std::string_view header_value);

// AWS Signature Version 4 (header signing, as AWS's sig-v4 test suite and Neptune use it).
struct SigV4Credentials {
    std::string access_key_id;
    std::string secret_access_key;
    std::string session_token;  // "" = none (else sent as X-Amz-Security-Token)
    std::string region;
    std::string service;  // e.g. "neptune-db"
};
struct SigV4Request {
    std::string method;           // "GET" (WebSocket upgrade) / "POST"
    std::string path;             // absolute path, e.g. "/gremlin"; not yet URI-encoded
    std::string query;            // raw query string without '?', "" = none
    std::vector<Header> headers;  // headers that are sent and signed (must include Host)
    std::string_view payload;     // request body ("" for the upgrade)
};
// The headers to add to the request: X-Amz-Date, (X-Amz-Security-Token,) Authorization.
// `now` is the signing time (UTC).
std::vector<Header> sigv4_sign(const SigV4Request& req, const SigV4Credentials& creds,
                               std::chrono::system_clock::time_point now);
// The intermediate strings, for tests against the published suite.
std::string sigv4_canonical_request(const SigV4Request& req, const std::vector<Header>& extra);
std::string sigv4_string_to_sign(const std::string& canonical_request, const SigV4Credentials& creds,
                                 std::chrono::system_clock::time_point now);

// Replaces every occurrence of each non-empty secret in `text` by "***" (used on every message a
// run prints, logs or writes to a report).
std::string redact(std::string_view text, const std::vector<std::string_view>& secrets);

}  // namespace tpbench::auth
