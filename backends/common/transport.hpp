#pragma once
// The transport layer shared by the backends (light header: no Asio SSL, no Beast). A backend
// session owns an AnyStream (backends/common/stream.hpp: plain TCP, TLS over TCP, or the in-memory
// test stream) and opens it with async_open(): resolve + TCP connect, then the TLS handshake when
// the stream is a TLS stream — each stage timed (engine::ConnectTimings), all bounded by one
// connect timeout, failures classified with a reason a user can act on:
//   * errc::connect_failed — DNS failure, refused, unreachable, timeout (the OS reason text);
//   * errc::tls_failed     — handshake failure with OpenSSL's reason, e.g.
//                            "certificate verify failed: self-signed certificate", or its timeout.
//
// TLS (TlsClient): one OpenSSL client context per distinct engine::TlsOptions, shared by every
// connection of the process that uses the same options (SSL_CTX is thread-safe once set up). SNI is
// sent for host names (not for IP literals, RFC 6066); the peer chain is verified against ca_file
// or the system default store and the certificate must match the host name or IP (or
// TlsOptions::server_name), unless insecure. A client certificate + key is presented when set.
// Session resumption: the last session ticket each target (host, port, server name) received is
// offered on its next connection; ConnectTimings::tls_resumed says whether the server took it.
#include <tpbench/engine/backend.hpp>

#include <boost/asio/awaitable.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <system_error>

namespace boost::asio::ssl {
class context;
}

namespace tpbench::backends_detail {

class AnyStream;

class TlsClient {
public:
    // The shared client context for `opts` (created on first use, then cached for the process;
    // one per distinct file set, insecure flag and server name).
    // Throws std::invalid_argument with the file name and OpenSSL's reason when ca_file, cert_file
    // or key_file cannot be loaded, or when only one of cert_file/key_file is set (configuration
    // errors, raised by the session factories). Thread-safe.
    static std::shared_ptr<TlsClient> get(const engine::TlsOptions& opts);
    // nullptr when !opts.enabled, else get(opts).
    static std::shared_ptr<TlsClient> for_target(const engine::TlsOptions& opts);

    explicit TlsClient(const engine::TlsOptions& opts);
    ~TlsClient();
    TlsClient(const TlsClient&) = delete;
    TlsClient& operator=(const TlsClient&) = delete;

    boost::asio::ssl::context& context() noexcept;
    const engine::TlsOptions& options() const noexcept { return opts_; }
    // Session tickets cached for resumption (for tests and diagnostics).
    std::size_t cached_sessions() const;
    // Forgets every cached session (the next connections do full handshakes).
    void clear_sessions();

    struct Impl;
    Impl& impl() noexcept { return *impl_; }  // transport.cpp only

private:
    engine::TlsOptions opts_;
    std::unique_ptr<Impl> impl_;
};

struct ConnectResult {
    std::error_code error;           // empty, errc::connect_failed or errc::tls_failed
    std::string message;             // why it failed, for the user ("" on success); no secrets
    engine::ConnectTimings timings;  // tcp and tls stages (protocol is the caller's)
};

// Opens `stream` to host:port: resolve (unless a literal address) + TCP connect with TCP_NODELAY,
// then, for a TLS stream, the handshake with SNI/verification for `tls_name` (TlsOptions::
// server_name, or the host when ""). The whole attempt is bounded by `timeout`; afterwards the
// stream has no expiry. A memory stream is already open: success with zero timings. On failure
// the stream is closed. Runs on the stream's executor; never throws.
boost::asio::awaitable<ConnectResult> async_open(AnyStream& stream, const std::string& host,
                                                 std::uint16_t port, std::chrono::milliseconds timeout);

// "host:port" as a message names a target ("[::1]:8182" for IPv6 literals).
std::string describe_endpoint(const std::string& host, std::uint16_t port);

}  // namespace tpbench::backends_detail
