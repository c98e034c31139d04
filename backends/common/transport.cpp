// The transport layer (transport.hpp, stream.hpp): the TLS client contexts with their session
// caches, AnyStream's non-template members, and async_open (connect + TLS handshake, timed and
// classified). The TLS handshake is instantiated here once for both backends.
#include "backends/common/transport.hpp"

#include "backends/common/connect.hpp"
#include "backends/common/stream.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/error.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

namespace tpbench::backends_detail {

namespace net = boost::asio;
namespace ssl = net::ssl;
namespace beast = boost::beast;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// ---- TLS client contexts ------------------------------------------------------------------------

namespace {

// Per target (host, port, verification name): the newest session ticket it received. Map nodes
// are never erased, so an SSL object may point at its node for as long as it lives.
struct TicketSlot {
    TlsClient::Impl* owner = nullptr;
    SSL_SESSION* session = nullptr;
};

int ticket_index() {
    static const int idx = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
    return idx;
}

std::string openssl_reason() {
    const unsigned long e = ERR_get_error();
    ERR_clear_error();
    if (e == 0) return "unknown OpenSSL error";
    const char* r = ERR_reason_error_string(e);
    if (r) return r;
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    return buf;
}

void require_readable(const std::string& path, const char* what) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw std::invalid_argument(std::string("TLS: cannot read ") + what + " '" + path +
                                    "' (no such file)");
}

bool is_ip_literal(const std::string& host) {
    boost::system::error_code ec;
    (void)net::ip::make_address(host, ec);
    return !ec;
}

}  // namespace

struct TlsClient::Impl {
    explicit Impl(const engine::TlsOptions& o) : ctx(ssl::context::tls_client) {
        SSL_CTX* c = ctx.native_handle();
        SSL_CTX_set_min_proto_version(c, TLS1_2_VERSION);
        if (o.insecure) {
            ctx.set_verify_mode(ssl::verify_none);
        } else {
            ctx.set_verify_mode(ssl::verify_peer);
            if (!o.ca_file.empty()) {
                require_readable(o.ca_file, "CA file");
                if (SSL_CTX_load_verify_locations(c, o.ca_file.c_str(), nullptr) != 1)
                    throw std::invalid_argument("TLS: cannot load CA file '" + o.ca_file +
                                                "': " + openssl_reason());
            } else if (SSL_CTX_set_default_verify_paths(c) != 1) {
                throw std::invalid_argument("TLS: cannot load the system trust store: " + openssl_reason());
            }
        }
        if (o.cert_file.empty() != o.key_file.empty())
            throw std::invalid_argument("TLS: a client certificate needs both a certificate and a key file");
        if (!o.cert_file.empty()) {
            require_readable(o.cert_file, "client certificate");
            require_readable(o.key_file, "client key");
            if (SSL_CTX_use_certificate_chain_file(c, o.cert_file.c_str()) != 1)
                throw std::invalid_argument("TLS: cannot load client certificate '" + o.cert_file +
                                            "': " + openssl_reason());
            if (SSL_CTX_use_PrivateKey_file(c, o.key_file.c_str(), SSL_FILETYPE_PEM) != 1)
                throw std::invalid_argument("TLS: cannot load client key '" + o.key_file +
                                            "': " + openssl_reason());
            if (SSL_CTX_check_private_key(c) != 1)
                throw std::invalid_argument("TLS: client key '" + o.key_file +
                                            "' does not match certificate '" + o.cert_file + "'");
        }
        // Client-side session cache without OpenSSL's internal store: the new-session callback
        // files each ticket under its target (TLS 1.3 tickets arrive after the handshake).
        SSL_CTX_set_session_cache_mode(c, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
        SSL_CTX_sess_set_new_cb(c, &Impl::on_new_session);
    }
    ~Impl() {
        for (auto& [k, slot] : tickets)
            if (slot.session) SSL_SESSION_free(slot.session);
    }

    static int on_new_session(SSL* s, SSL_SESSION* sess) {
        auto* slot = static_cast<TicketSlot*>(SSL_get_ex_data(s, ticket_index()));
        if (!slot) return 0;
        std::lock_guard lock(slot->owner->mutex);
        if (slot->session) SSL_SESSION_free(slot->session);
        slot->session = sess;
        return 1;  // we keep the reference
    }

    // Attaches `s` to the ticket slot of `key` and offers its cached session, if any.
    void prepare(SSL* s, const std::string& key) {
        std::lock_guard lock(mutex);
        TicketSlot& slot = tickets[key];
        slot.owner = this;
        SSL_set_ex_data(s, ticket_index(), &slot);
        if (slot.session) SSL_set_session(s, slot.session);
    }

    ssl::context ctx;
    mutable std::mutex mutex;
    std::map<std::string, TicketSlot> tickets;
};

TlsClient::TlsClient(const engine::TlsOptions& opts) : opts_(opts), impl_(std::make_unique<Impl>(opts)) {}
TlsClient::~TlsClient() = default;

ssl::context& TlsClient::context() noexcept { return impl_->ctx; }

std::size_t TlsClient::cached_sessions() const {
    std::lock_guard lock(impl_->mutex);
    std::size_t n = 0;
    for (const auto& [k, slot] : impl_->tickets) n += slot.session != nullptr;
    return n;
}

void TlsClient::clear_sessions() {
    std::lock_guard lock(impl_->mutex);
    for (auto& [k, slot] : impl_->tickets) {
        if (slot.session) SSL_SESSION_free(slot.session);
        slot.session = nullptr;
    }
}

std::shared_ptr<TlsClient> TlsClient::get(const engine::TlsOptions& opts) {
    // Never destroyed: contexts live as long as the process (a handful of distinct options).
    static auto* mutex = new std::mutex;
    static auto* cache = new std::map<std::string, std::shared_ptr<TlsClient>>;
    const std::string key = opts.ca_file + '\0' + (opts.insecure ? "1" : "0") + '\0' + opts.cert_file + '\0' +
                            opts.key_file + '\0' + opts.server_name;
    std::lock_guard lock(*mutex);
    auto& c = (*cache)[key];
    if (!c) c = std::make_shared<TlsClient>(opts);
    return c;
}

std::shared_ptr<TlsClient> TlsClient::for_target(const engine::TlsOptions& opts) {
    return opts.enabled ? get(opts) : nullptr;
}

// ---- AnyStream ----------------------------------------------------------------------------------

namespace {
std::variant<TcpStream, TlsStream, MemoryStream> make_variant(const net::any_io_executor& ex,
                                                              TlsClient* tls) {
    if (tls)
        return std::variant<TcpStream, TlsStream, MemoryStream>(std::in_place_type<TlsStream>, ex,
                                                                tls->context());
    return std::variant<TcpStream, TlsStream, MemoryStream>(std::in_place_type<TcpStream>, ex);
}
}  // namespace

AnyStream::AnyStream(executor_type ex, std::shared_ptr<TlsClient> tls)
    : ex_(ex), tls_(std::move(tls)), v_(make_variant(ex_, tls_.get())) {}

AnyStream::AnyStream(MemoryStream&& m)
    : ex_(m.get_executor()), v_(std::in_place_type<MemoryStream>, std::move(m)) {}

AnyStream::~AnyStream() = default;

TcpStream* AnyStream::tcp() noexcept {
    if (auto* t = std::get_if<TcpStream>(&v_)) return t;
    if (auto* x = std::get_if<TlsStream>(&v_)) return &x->next_layer();
    return nullptr;
}

std::uint64_t AnyStream::bytes_read() const noexcept {
    if (auto* t = std::get_if<TcpStream>(&v_))
        return const_cast<TcpStream*>(t)->rate_policy().bytes_read() + direct_read_;
    if (auto* x = std::get_if<TlsStream>(&v_))
        return const_cast<TlsStream*>(x)->next_layer().rate_policy().bytes_read();
    return std::get<MemoryStream>(v_).bytes_read();
}

std::uint64_t AnyStream::bytes_written() const noexcept {
    if (auto* t = std::get_if<TcpStream>(&v_))
        return const_cast<TcpStream*>(t)->rate_policy().bytes_written() + direct_written_;
    if (auto* x = std::get_if<TlsStream>(&v_))
        return const_cast<TlsStream*>(x)->next_layer().rate_policy().bytes_written();
    return std::get<MemoryStream>(v_).bytes_written();
}

void AnyStream::expires_after(std::chrono::steady_clock::duration d) {
    expiry_set_ = true;
    if (auto* t = tcp())
        t->expires_after(d);
    else
        memory()->expires_after(d);
}

void AnyStream::expires_at(std::chrono::steady_clock::time_point tp) {
    expiry_set_ = tp != std::chrono::steady_clock::time_point::max();
    if (auto* t = tcp())
        t->expires_at(tp);
    else
        memory()->expires_at(tp);
}

void AnyStream::expires_never() {
    expiry_set_ = false;
    if (auto* t = tcp())
        t->expires_never();
    else
        memory()->expires_never();
}

void AnyStream::close() noexcept {
    if (auto* t = tcp()) {
        boost::system::error_code ignored;
        if (t->socket().is_open()) t->socket().shutdown(tcp::socket::shutdown_both, ignored);
        t->close();
    } else {
        memory()->close();
    }
}

bool AnyStream::is_open() const noexcept {
    if (auto* t = std::get_if<TcpStream>(&v_)) return t->socket().is_open();
    if (auto* x = std::get_if<TlsStream>(&v_)) return x->next_layer().socket().is_open();
    return std::get<MemoryStream>(v_).is_open();
}

std::size_t AnyStream::write_now(const void* data, std::size_t size, error_code& ec) noexcept {
    ec = {};
    auto* t = std::get_if<TcpStream>(&v_);
    if (!t || expiry_set_) return 0;
    tcp::socket& sock = t->socket();
    if (!sock.is_open()) return 0;  // the asynchronous write reports it
    if (!sock.non_blocking()) {
        sock.non_blocking(true, ec);
        if (ec) {
            ec = {};
            return 0;
        }
    }
    const std::size_t n = sock.write_some(net::buffer(data, size), ec);
    if (ec) [[unlikely]] {
        if (ec == net::error::would_block || ec == net::error::try_again || ec == net::error::interrupted)
            ec = {};
        return 0;  // (write_some wrote nothing)
    }
    direct_written_ += n;
    return n;
}

void AnyStream::teardown_sync(beast::role_type role, error_code& ec) {
    using beast::websocket::teardown;
    if (auto* t = std::get_if<TcpStream>(&v_)) {
        // The synchronous teardown reads until the peer's FIN: blocking reads (write_now may have
        // put the socket in user non-blocking mode).
        error_code ignored;
        if (t->socket().is_open()) t->socket().non_blocking(false, ignored);
        teardown(role, *t, ec);
    } else if (auto* x = std::get_if<TlsStream>(&v_)) {
        teardown(role, *x, ec);
    } else {
        memory()->close();
        ec = {};
    }
}

// ---- async_open ---------------------------------------------------------------------------------

std::string describe_endpoint(const std::string& host, std::uint16_t port) {
    if (host.find(':') != std::string::npos) return "[" + host + "]:" + std::to_string(port);
    return host + ":" + std::to_string(port);
}

namespace {

std::string connect_message(const boost::system::error_code& ec, const std::string& host, std::uint16_t port,
                            std::chrono::milliseconds timeout) {
    const std::string where = describe_endpoint(host, port);
    if (ec == beast::error::timeout || ec == net::error::timed_out)
        return "connect to " + where + " timed out after " + std::to_string(timeout.count()) + " ms";
    if (ec.category() == net::error::get_netdb_category() ||
        ec.category() == net::error::get_addrinfo_category())
        return "cannot resolve host '" + host + "': " + ec.message();
    return "connect to " + where + " failed: " + ec.message();
}

std::string tls_message(const boost::system::error_code& ec, SSL* s, const std::string& where,
                        std::chrono::milliseconds timeout) {
    if (ec == beast::error::timeout)
        return "TLS handshake with " + where + " timed out after " + std::to_string(timeout.count()) +
               " ms (is the server speaking TLS?)";
    std::string msg = "TLS handshake with " + where + " failed: ";
    const long vr = SSL_get_verify_result(s);
    if (ec.category() == net::error::get_ssl_category()) {
        // OpenSSL's reason alone (the category's message appends the library name).
        const char* reason = ERR_reason_error_string(static_cast<unsigned long>(ec.value()));
        msg += reason ? std::string(reason) : ec.message();
        if (vr != X509_V_OK) {
            msg += ": ";
            msg += X509_verify_cert_error_string(vr);
        }
        // The classic symptom of speaking TLS to a plaintext port.
        if (ERR_GET_REASON(static_cast<unsigned long>(ec.value())) == SSL_R_WRONG_VERSION_NUMBER)
            msg += " (is the server speaking TLS?)";
    } else if (ec == ssl::error::stream_truncated || ec == net::error::eof) {
        msg += "the server closed the connection during the handshake";
    } else {
        msg += ec.message();
    }
    return msg;
}

}  // namespace

net::awaitable<ConnectResult> async_open(AnyStream& stream, const std::string& host, std::uint16_t port,
                                         std::chrono::milliseconds timeout) {
    constexpr auto use_tuple = net::as_tuple(net::use_awaitable);
    ConnectResult r;
    TcpStream* sock = stream.tcp();
    if (!sock) co_return r;  // the memory stream is born connected
    const auto t0 = Clock::now();
    const auto deadline = t0 + timeout;
    const boost::system::error_code ec = co_await async_connect_host(*sock, host, port, timeout);
    if (ec) {
        r.error = make_error_code(errc::connect_failed);
        r.message = connect_message(ec, host, port, timeout);
        stream.close();
        sock->expires_never();
        co_return r;
    }
    boost::system::error_code ignored;
    sock->socket().set_option(tcp::no_delay(true), ignored);
    const auto t1 = Clock::now();
    r.timings.tcp = t1 - t0;

    if (TlsStream* tls = stream.tls()) {
        SSL* s = tls->native_handle();
        const TlsClient& client = *stream.tls_client();
        const std::string& name = client.options().server_name.empty() ? host : client.options().server_name;
        const bool ip = is_ip_literal(name);
        // SNI carries host names only (RFC 6066 §3).
        if (!ip) SSL_set_tlsext_host_name(s, name.c_str());
        if (!client.options().insecure) {
            if (ip) {
                X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(s), name.c_str());
            } else {
                SSL_set_hostflags(s, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
                SSL_set1_host(s, name.c_str());
            }
        }
        stream.tls_client()->impl().prepare(s, name + '\0' + host + '\0' + std::to_string(port));
        sock->expires_at(deadline);
        auto [hec] = co_await tls->async_handshake(ssl::stream_base::client, use_tuple);
        if (hec) {
            r.error = make_error_code(errc::tls_failed);
            r.message = tls_message(hec, s, describe_endpoint(host, port), timeout);
            ERR_clear_error();
            stream.close();
            sock->expires_never();
            co_return r;
        }
        r.timings.tls = Clock::now() - t1;
        r.timings.tls_resumed = SSL_session_reused(s) == 1;
    }
    sock->expires_never();
    co_return r;
}

}  // namespace tpbench::backends_detail
