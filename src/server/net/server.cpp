// The embedded server's listener and http4 endpoint (Beast server-flex-awaitable shape): one
// acceptor, one io_context per I/O thread, a per-connection HTTP loop that hands WebSocket
// upgrades on /gremlin to the ws37 session (ws_session.cpp), serves http4 POST requests with
// chunked responses produced by request jobs (jobs.cpp) on the gremlinPool, and hands GET and 3.x
// POST requests to the TinkerPop 3.x HTTP endpoint (http3_endpoint.cpp).
#include "fault_io.hpp"
#include "net_internal.hpp"
#include "http3_endpoint.hpp"
#include "http3_protocol.hpp"
#include "tcp_congestion.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include <openssl/err.h>
#include <openssl/pkcs12.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <pthread.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <vector>

namespace tpbench::server {
namespace detail {
namespace {

using tcp = asio::ip::tcp;
constexpr auto tuple_awaitable = asio::as_tuple(asio::use_awaitable);

std::string_view sv(beast::string_view s) { return {s.data(), s.size()}; }

// A request header's value, "" when absent.
std::string_view header(const http::request<http::string_body>& req, http::field f) {
    auto it = req.find(f);
    return it == req.end() ? std::string_view() : sv(it->value());
}

constexpr std::chrono::seconds tls_handshake_timeout{10};

// Sends the TLS close_notify (bounded by the caller's expiry on the TCP layer); errors ignored.
asio::awaitable<void> async_tls_close_notify(TlsStream& stream) {
    auto [ec] = co_await stream.async_shutdown(tuple_awaitable);
    (void)ec;
}

// The newest OpenSSL error as text (never contains a password: OpenSSL does not print them).
std::string openssl_error() {
    unsigned long e = ERR_get_error();
    ERR_clear_error();
    if (e == 0) return "unknown error";
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    return buf;
}

// ALPN: pick http/1.1 when the client offers it (the only protocol spoken here); otherwise carry
// on without ALPN rather than failing the handshake.
int select_alpn(SSL*, const unsigned char** out, unsigned char* outlen, const unsigned char* in,
                unsigned int inlen, void*) {
    static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    unsigned char* sel = nullptr;
    unsigned char sel_len = 0;
    if (SSL_select_next_proto(&sel, &sel_len, http11, sizeof http11, in, inlen) == OPENSSL_NPN_NEGOTIATED) {
        *out = sel;
        *outlen = sel_len;
        return SSL_TLSEXT_ERR_OK;
    }
    return SSL_TLSEXT_ERR_NOACK;
}

// Builds the server's TLS context from PEM files or a PKCS#12 keystore. Throws
// std::runtime_error naming the file and OpenSSL's reason (never the keystore password).
std::unique_ptr<asio::ssl::context> make_tls_context(const TlsConfig& t) {
    auto ctx = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_server);
    SSL_CTX* h = ctx->native_handle();
    ctx->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                     asio::ssl::context::no_sslv3 | asio::ssl::context::single_dh_use);
    int min_v = TLS1_2_VERSION, max_v = TLS1_3_VERSION;
    if (!t.protocols.empty()) {
        bool v12 = std::find(t.protocols.begin(), t.protocols.end(), "TLSv1.2") != t.protocols.end();
        bool v13 = std::find(t.protocols.begin(), t.protocols.end(), "TLSv1.3") != t.protocols.end();
        min_v = v12 ? TLS1_2_VERSION : TLS1_3_VERSION;
        max_v = v13 ? TLS1_3_VERSION : TLS1_2_VERSION;
    }
    SSL_CTX_set_min_proto_version(h, min_v);
    SSL_CTX_set_max_proto_version(h, max_v);
    // An encrypted PEM key must fail, not prompt on the terminal.
    ctx->set_password_callback(
        [](std::size_t, asio::ssl::context::password_purpose) { return std::string(); });
    boost::system::error_code ec;
    if (!t.pkcs12_file.empty()) {
        BIO* bio = BIO_new_file(t.pkcs12_file.c_str(), "rb");
        if (!bio)
            throw std::runtime_error("TLS: cannot read keystore '" + t.pkcs12_file + "': " + openssl_error());
        PKCS12* p12 = d2i_PKCS12_bio(bio, nullptr);
        BIO_free(bio);
        if (!p12)
            throw std::runtime_error("TLS: '" + t.pkcs12_file +
                                     "' is not a PKCS12 keystore (convert a JKS one with keytool "
                                     "-importkeystore -deststoretype PKCS12): " +
                                     openssl_error());
        EVP_PKEY* key = nullptr;
        X509* cert = nullptr;
        STACK_OF(X509)* chain = nullptr;
        int ok = PKCS12_parse(p12, t.pkcs12_password.c_str(), &key, &cert, &chain);
        PKCS12_free(p12);
        if (!ok || !key || !cert) {
            EVP_PKEY_free(key);
            X509_free(cert);
            sk_X509_pop_free(chain, X509_free);
            throw std::runtime_error("TLS: cannot open keystore '" + t.pkcs12_file +
                                     "' (wrong keyStorePassword, or no key entry): " + openssl_error());
        }
        bool used = SSL_CTX_use_certificate(h, cert) == 1 && SSL_CTX_use_PrivateKey(h, key) == 1;
        for (int i = 0; used && chain && i < sk_X509_num(chain); ++i)
            used = SSL_CTX_add1_chain_cert(h, sk_X509_value(chain, i)) == 1;
        EVP_PKEY_free(key);
        X509_free(cert);
        sk_X509_pop_free(chain, X509_free);
        if (!used)
            throw std::runtime_error("TLS: keystore '" + t.pkcs12_file + "' unusable: " + openssl_error());
    } else {
        ctx->use_certificate_chain_file(t.cert_file, ec);
        if (ec)
            throw std::runtime_error("TLS: cannot load certificate '" + t.cert_file + "': " + ec.message());
        ctx->use_private_key_file(t.key_file, asio::ssl::context::pem, ec);
        if (ec && ERR_GET_REASON(static_cast<unsigned long>(ec.value())) == X509_R_KEY_VALUES_MISMATCH)
            throw std::runtime_error("TLS: the private key '" + t.key_file +
                                     "' does not match the certificate '" + t.cert_file + "'");
        if (ec)
            throw std::runtime_error("TLS: cannot load private key '" + t.key_file + "': " + ec.message());
    }
    if (SSL_CTX_check_private_key(h) != 1)
        throw std::runtime_error("TLS: the private key does not match the certificate: " + openssl_error());
    // Session resumption: a server-side session cache (TLS 1.2) next to TLS 1.3 tickets.
    static const unsigned char sid_ctx[] = "tpbench-serve";
    SSL_CTX_set_session_id_context(h, sid_ctx, sizeof sid_ctx - 1);
    SSL_CTX_set_session_cache_mode(h, SSL_SESS_CACHE_SERVER);
    SSL_CTX_set_alpn_select_cb(h, select_alpn, nullptr);
    return ctx;
}

// The connection helpers below are templates over the stream (beast::tcp_stream or TlsStream):
// one instantiation each, the plain one identical to the code before TLS existed.
template <class Stream>
constexpr bool is_tls_v = std::is_same_v<Stream, TlsStream>;

// Writes bytes; false on error.
template <class Stream>
asio::awaitable<bool> async_write_all(Stream& stream, std::string_view bytes) {
    auto [ec, n] =
        co_await asio::async_write(stream, asio::buffer(bytes.data(), bytes.size()), tuple_awaitable);
    co_return !ec;
}

// After an error response that ends the connection: stop sending, read and drop what the client
// still sends (bounded in bytes and time) so it sees our response instead of a reset.
template <class Stream>
asio::awaitable<void> async_linger_close(Stream& stream) {
    boost::system::error_code ec;
    auto& tcp_layer = beast::get_lowest_layer(stream);
    if constexpr (is_tls_v<Stream>) {
        // close_notify first (bounded), so a TLS client reads the response as complete.
        tcp_layer.expires_after(std::chrono::seconds(2));
        co_await async_tls_close_notify(stream);
    }
    tcp_layer.socket().shutdown(tcp::socket::shutdown_send, ec);
    std::vector<char> sink(64 * 1024);
    std::size_t total = 0;
    tcp_layer.expires_after(std::chrono::seconds(2));
    while (total < (64u << 20)) {
        auto [rec, n] = co_await tcp_layer.async_read_some(asio::buffer(sink), tuple_awaitable);
        if (rec) break;
        total += n;
    }
    tcp_layer.socket().close(ec);
}

// Writes the Outbox entries of one http4 response until its last entry; false when the
// connection failed (the outbox is then closed).
// `fault`: a writer fault of `--fault` (drop-after-bytes, a stall), else null.
template <class Stream>
asio::awaitable<bool> async_drain_response(Stream& stream, Outbox& ob, WakeTimer& wake,
                                           const FaultDecision* fault = nullptr) {
    std::uint64_t fault_sent = 0;
    std::vector<Outbox::Entry> entries;
    std::vector<asio::const_buffer> bufs;
    for (;;) {
        entries.clear();
        if (!ob.take(entries)) {
            if (ob.closed()) co_return false;
            wake.timer.expires_at(asio::steady_timer::time_point::max());
            co_await wake.timer.async_wait(tuple_awaitable);
            continue;
        }
        bufs.clear();
        std::size_t bytes = 0;
        bool last = false;
        bool drop = false;
        for (auto& e : entries) {
            for (std::uint32_t c = 0; c < e.copies; ++c) bufs.emplace_back(e.bytes.data(), e.bytes.size());
            bytes += e.bytes.size();
            last = last || e.last;
            drop = drop || e.close_after;
        }
        if (fault) {
            const auto act = co_await faults::http4_fault_write(stream, entries, *fault, fault_sent);
            if (act != faults::Action::normal) {
                ob.release(bytes);
                ob.close();
                co_return false;
            }
        }
        auto [ec, n] = co_await asio::async_write(stream, bufs, tuple_awaitable);
        ob.release(bytes);
        if (ec || drop) {  // drop: a drop-after-results fault ends the connection here
            ob.close();
            co_return false;
        }
        if (last) co_return true;
    }
}

struct HttpOutcome {
    bool keep_alive = true;
    std::string immediate;  // a complete response to write now (errors before evaluation)
    bool linger = false;    // close after writing, draining the socket first
    FaultDecision fault;    // `--fault`: what the writer does to the response (in_writer())
};

// Validates an http4 request and starts its job (or returns an immediate error response).
HttpOutcome start_http4(ServerState& st, const std::shared_ptr<Outbox>& ob,
                        http::request<http::string_body>& req, bool keep_alive) {
    HttpOutcome out;
    out.keep_alive = keep_alive;
    auto fail = [&](int status, std::string_view message) {
        out.immediate = simple_response(status, reason_phrase(status), "application/json",
                                        json_error_body(message), keep_alive);
        return out;
    };
    auto ct_it = req.find(http::field::content_type);
    std::string_view ct = ct_it == req.end() ? std::string_view() : sv(ct_it->value());
    auto body_fmt = io::http4::body_format_from_content_type(ct);
    if (!body_fmt) return fail(400, "unsupported Content-Type: " + std::string(ct));
    auto acc_it = req.find(http::field::accept);
    std::string_view accept = acc_it == req.end() ? std::string_view() : sv(acc_it->value());
    auto choice = negotiate_accept(accept);
    if (!choice) return fail(400, "no serializer for requested Accept header: " + std::string(accept));
    auto decoded = io::http4::decode_request(req.body(), *body_fmt);
    if (!decoded) return fail(400, decoded.error().message);

    Http4JobParams p;
    p.request_bytes = req.body().size();
    p.outbox = ob;
    p.graph = st.graph.get();
    p.request = std::move(decoded.value());
    p.format = choice->format;
    p.content_type = choice->content_type;
    auto ae = req.find(http::field::accept_encoding);
    p.deflate = ae != req.end() && accepts_deflate(sv(ae->value()));
    if (p.request.language) {
        p.language = *p.request.language;
    } else if (!st.cfg.http4_default_language.empty()) {
        p.language = st.cfg.http4_default_language;
    } else {
        p.language = st.cfg.http4_version_byte >= 0x84 ? "gremlin-lang" : "gremlin-groovy";
    }
    // Only the engines this server has: any other language is refused before evaluation, as 4.0
    // does (GremlinError.scriptEngineNotAvailable: 400 InvalidRequestException), instead of
    // evaluating it as Groovy (issue 11 #12).
    auto refuse = [&](std::int32_t code, const std::string& message, std::string_view exception) {
        out.immediate =
            http4_status_error_response(choice->format, choice->content_type, st.cfg.http4_version_byte, code,
                                        message, exception, keep_alive);
        return out;
    };
    if (p.language != "gremlin-lang" && p.language != "gremlin-groovy")
        return refuse(400, "Script engine [" + p.language + "] is not available.", "InvalidRequestException");
    // A NUL is not part of any Gremlin token: a script carrying one is malformed, not "1+1".
    if (auto nul = p.request.gremlin.find('\0'); nul != std::string::npos) {
        std::string why =
            "Failed to interpret Gremlin query: the script contains a NUL character (U+0000) at offset " +
            std::to_string(nul);
        if (p.language == "gremlin-lang") return refuse(400, why, "MalformedQueryException");
        return refuse(500, why, "ServerErrorException");
    }
    // `--fault`: an injected status instead of the evaluation, or a drop after N results.
    if (st.faults) {
        auto d = st.faults->next(FaultPlan::Protocol::http4);
        if (d.status != 0)
            return refuse(d.status, fault_status_message(d.status),
                          d.status == 429
                              ? "TooManyRequestsException"
                              : (d.status == 503 ? "ServiceUnavailableException" : "InjectedFaultException"));
        if (d.corrupt != CorruptKind::none) {
            out.immediate = http4_corrupt_response(choice->format, choice->content_type,
                                                   st.cfg.http4_version_byte, d.corrupt, keep_alive);
            return out;
        }
        p.drop_after_results = d.drop_after_results;
        if (d.in_writer()) out.fault = d;
    }
    bool bulk_asked = p.request.bulk_results.value_or(false);
    if (!p.request.bulk_results) {
        for (auto name : {"bulkResults", "bulked"}) {
            auto it = req.find(name);
            if (it != req.end() && header_is_true(sv(it->value()))) bulk_asked = true;
        }
    }
    p.bulked =
        bulk_asked && p.language == "gremlin-lang" && p.format == io::http4::ResponseFormat::graphbinary_v4;
    p.keep_alive = keep_alive;
    p.batch_size = p.request.batch_size.value_or(st.cfg.result_iteration_batch_size);
    if (p.batch_size <= 0) p.batch_size = st.cfg.result_iteration_batch_size;
    p.version = st.cfg.http4_version_byte;
    p.max_parameters = st.cfg.max_parameters;
    std::int64_t timeout_ms = p.request.timeout_ms.value_or(st.cfg.evaluation_timeout.count());
    if (timeout_ms > 0) p.deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);

    // 4.0 HTTP transactions (beta.2+; sessions.hpp): begin / in-transaction / commit / rollback.
    {
        std::optional<std::string> tx_id = p.request.transaction_id;
        if (!tx_id) {
            auto h = req.find("X-Transaction-Id");
            if (h != req.end()) tx_id = std::string(sv(h->value()));
        }
        if (tx_id) {
            auto b = tx_id->find_first_not_of(" \t");
            auto e = tx_id->find_last_not_of(" \t");
            *tx_id = b == std::string::npos ? std::string() : tx_id->substr(b, e - b + 1);
        }
        const TxControl ctl = tx_control(p.request.gremlin);
        const std::string source = p.request.g.value_or("g");
        std::shared_ptr<TxSession> sess;
        if (ctl == TxControl::begin) {
            if (tx_id) return refuse(400, std::string(tx_begin_has_id_message), "TransactionException");
            sess = st.http_transactions.create(*st.graph, random_uuid_text(), nullptr);
            if (!sess)
                return refuse(503, tx_max_exceeded_message(st.cfg.max_concurrent_transactions),
                              "TransactionException");
            sess->source = source;
        } else if (tx_id) {
            sess = st.http_transactions.find(*tx_id);
            if (!sess) {
                if (st.http_transactions.timed_out(*tx_id))
                    return refuse(504, tx_timeout_message(*tx_id, "execute"), "TransactionException");
                return refuse(404, tx_not_found_message(*tx_id), "TransactionException");
            }
            if (sess->source != source)
                return refuse(400, tx_source_mismatch_message(sess->source, source), "TransactionException");
        } else if (ctl == TxControl::commit || ctl == TxControl::rollback) {
            return refuse(400, std::string(tx_control_requires_tx_message), "TransactionException");
        }
        if (sess) {
            p.extra_headers = "X-Transaction-Id: " + sess->id + "\r\n";
            SessionStatement stmt;
            stmt.script = p.request.gremlin;
            stmt.opts.language = p.language;
            stmt.opts.bindings = p.request.bindings.is_null() ? model::Value::map() : p.request.bindings;
            stmt.opts.materialize_tokens =
                p.request.materialize_properties && *p.request.materialize_properties == "tokens";
            stmt.opts.deadline = p.deadline;
            stmt.http4 = true;
            stmt.table = &st.http_transactions;
            p.graph = &sess->tx.graph();
            p.stream_factory = [sess, stmt]() mutable {
                return session_statement_stream(sess, std::move(stmt));
            };
            dispatch_job(st, std::shared_ptr<Job>(make_http4_job(std::move(p))), std::string());
            return out;
        }
    }

    std::string key;
    if (p.request.bindings.size() == 0 && !p.request.parameters_literal) {
        key.reserve(p.request.gremlin.size() + 32);
        key = "h4|";
        key += p.language;
        key += '|';
        key += p.request.gremlin;
    }
    dispatch_job(st, std::shared_ptr<Job>(make_http4_job(std::move(p))), std::move(key));
    return out;
}

// The per-connection HTTP loop (after the TLS handshake, if any): http4 requests, and the hand-off
// of a WebSocket upgrade on /gremlin to the ws37 session.
// `cf`: the connection's `--fault` draw (refuse-handshake with a status, slow-read).
template <class Stream>
asio::awaitable<void> run_connection(std::shared_ptr<ServerState> st, Stream stream, std::string host,
                                     ConnectionFault cf) {
    boost::system::error_code ec;
    auto& tcp_layer = beast::get_lowest_layer(stream);
    beast::flat_buffer buf;
    std::shared_ptr<WakeTimer> wake;
    std::shared_ptr<Outbox> ob;
    const auto& cfg = st->cfg;
    for (;;) {
        http::request_parser<http::string_body> parser;
        parser.header_limit(8192 + 4096);
        parser.body_limit(cfg.max_content_length);
        if (cfg.idle_connection_timeout.count() > 0)
            tcp_layer.expires_after(cfg.idle_connection_timeout);
        else
            tcp_layer.expires_never();
        boost::system::error_code rec;
        if (cf.slow_read.count() > 0) {
            rec = co_await faults::async_read_request_slowly(stream, buf, parser, cf.slow_read);
        } else {
            auto [hec, n] = co_await http::async_read_header(stream, buf, parser, tuple_awaitable);
            rec = hec;
        }
        // `--memory-budget`: a body above the fixed per-request share is checked by its declared
        // size (Content-Length) before it is read, and its charge is held while it is read, so
        // concurrent large uploads cannot all be read into memory first; over the budget it is
        // refused without reading it. (A chunked body is checked once read, bounded by
        // maxContentLength; a smaller one when its job is dispatched.)
        MemoryBudget::Lease body_lease;
        if (!rec && !parser.is_done() && st->budget.total() != 0) {
            if (auto len = parser.content_length(); len && *len > MemoryBudget::base_charge) {
                const std::size_t charge = MemoryBudget::request_charge(static_cast<std::size_t>(*len));
                auto lease = st->budget.try_acquire(charge);
                if (!lease) {
                    const std::string why = note_budget_refusal(*st, charge);
                    tcp_layer.expires_after(std::chrono::seconds(10));
                    co_await async_write_all(stream,
                                             simple_response(503, reason_phrase(503), "application/json",
                                                             json_error_body(why), false));
                    co_await async_linger_close(stream);  // the unread body is discarded, not stored
                    break;
                }
                body_lease = std::move(*lease);
            }
        }
        if (!rec && !parser.is_done()) {
            // curl and others wait for "100 Continue" before sending a larger body.
            auto expect = parser.get().find(http::field::expect);
            if (expect != parser.get().end() && beast::iequals(expect->value(), "100-continue"))
                co_await async_write_all(stream, "HTTP/1.1 100 Continue\r\n\r\n");
            auto [rec2, n2] = co_await http::async_read(stream, buf, parser, tuple_awaitable);
            rec = rec2;
        }
        if (rec == http::error::body_limit) {
            std::string msg = "The request body";
            if (auto len = parser.content_length()) msg += " of " + std::to_string(*len) + " bytes";
            msg += " exceeds the maximum of " + std::to_string(cfg.max_content_length) +
                   " bytes - increase the maxRequestContentLength";
            tcp_layer.expires_after(std::chrono::seconds(10));
            co_await async_write_all(stream, simple_response(413, reason_phrase(413), "application/json",
                                                             json_error_body(msg), false));
            co_await async_linger_close(stream);
            break;
        }
        if (rec == http::error::header_limit) {
            tcp_layer.expires_after(std::chrono::seconds(10));
            co_await async_write_all(stream,
                                     simple_response(431, reason_phrase(431), "application/json",
                                                     json_error_body("request header too large"), false));
            co_await async_linger_close(stream);
            break;
        }
        if (rec && rec.category() == boost::system::error_code(http::error::bad_target).category() &&
            rec != http::error::end_of_stream && rec != http::error::partial_message) {
            tcp_layer.expires_after(std::chrono::seconds(10));
            co_await async_write_all(
                stream, simple_response(400, reason_phrase(400), "application/json",
                                        json_error_body("malformed HTTP request: " + rec.message()), false));
            co_await async_linger_close(stream);
            break;
        }
        if (rec) break;   // end of stream, reset, idle timeout
        body_lease = {};  // read: dispatch_job charges the request from here on
        auto& req = parser.get();
        tcp_layer.expires_never();
        if (cf.refuse) {  // `--fault refuse-handshake=STATUS`: the upgrade / first request refused
            tcp_layer.expires_after(std::chrono::seconds(10));
            const std::string why =
                "HTTP " + std::to_string(cf.refuse_status) +
                ": handshake refused (injected by tpbench serve --fault refuse-handshake)";
            co_await async_write_all(
                stream,
                simple_response(
                    cf.refuse_status,
                    sv(http::obsolete_reason(http::int_to_status(static_cast<unsigned>(cf.refuse_status)))),
                    "application/json", json_error_body(why), false));
            co_await async_linger_close(stream);
            co_return;
        }

        if (beast::websocket::is_upgrade(req)) {
            if (req.target() == "/gremlin") {
                if (ob) {
                    ob->close();
                    st->unregister_outbox(ob.get());
                    ob.reset();
                }
                co_await run_ws37_session(st, std::move(stream), parser.release(), std::move(host),
                                          cf.slow_read);
                co_return;
            }
            co_await async_write_all(
                stream, simple_response(404, reason_phrase(404), "application/json",
                                        json_error_body("WebSocket endpoint is /gremlin"), false));
            break;
        }
        // http4 HTTP Basic (HttpBasicAuthenticationHandler): every non-upgrade request, before
        // anything else is looked at; the ws37 upgrade authenticates in-band with SASL instead.
        if (st->cfg.credentials) {
            auto auth_it = req.find(http::field::authorization);
            std::optional<std::string_view> auth_value;
            if (auth_it != req.end()) auth_value = sv(auth_it->value());
            if (auto why = http4_basic_auth_failure(*st->cfg.credentials, auth_value)) {
                bool keep_alive = req.keep_alive();
                if (!co_await async_write_all(stream,
                                              simple_response(401, reason_phrase(401), "application/json",
                                                              json_error_body(*why), keep_alive)))
                    break;
                if (!keep_alive) break;
                continue;
            }
        }
        if (req.version() != 11) {
            co_await async_write_all(
                stream, simple_response(505, reason_phrase(505), "application/json",
                                        json_error_body("505 HTTP Version Not Supported"), false));
            break;
        }
        bool keep_alive = req.keep_alive();
        std::string_view target = sv(req.target());
        if (target == "/favicon.ico") {
            if (!co_await async_write_all(stream,
                                          simple_response(404, reason_phrase(404), "application/json",
                                                          json_error_body("404 Not Found"), keep_alive)))
                break;
            if (!keep_alive) break;
            continue;
        }
        if (req.method() == http::verb::options) {
            std::string resp =
                "HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, "
                "OPTIONS\r\n"
                "Access-Control-Allow-Headers: *\r\nContent-Length: 0\r\n\r\n";
            if (!co_await async_write_all(stream, resp)) break;
            if (!keep_alive) break;
            continue;
        }
        // The TinkerPop 3.x HTTP endpoint (http3_endpoint.hpp): a GET with a query, or a POST only a
        // 3.x client sends.
        if ((req.method() == http::verb::get && is_http3_get(target)) ||
            (req.method() == http::verb::post &&
             is_http3_post(header(req, http::field::content_type), header(req, http::field::accept)))) {
            if (!ob) ob = make_connection_outbox(*st, stream.get_executor(), wake);
            auto h3 = start_http3(*st, ob, req.method() == http::verb::get, target,
                                  header(req, http::field::content_type), header(req, http::field::accept),
                                  req.body(), keep_alive);
            if (!h3.immediate.empty()) {
                if (!co_await async_write_all(stream, h3.immediate)) break;
            } else if (!co_await async_drain_response(stream, *ob, *wake)) {
                break;
            }
            if (!h3.keep_alive) break;
            continue;
        }
        if (req.method() != http::verb::post) {
            if (!co_await async_write_all(
                    stream, simple_response(405, reason_phrase(405), "application/json",
                                            json_error_body("405 Method Not Allowed"), keep_alive)))
                break;
            if (!keep_alive) break;
            continue;
        }
        if (!ob) ob = make_connection_outbox(*st, stream.get_executor(), wake);
        auto outcome = start_http4(*st, ob, req, keep_alive);
        if (!outcome.immediate.empty()) {
            if (!co_await async_write_all(stream, outcome.immediate)) break;
        } else if (!co_await async_drain_response(stream, *ob, *wake,
                                                  outcome.fault.in_writer() ? &outcome.fault : nullptr)) {
            break;
        }
        if (!outcome.keep_alive) break;
    }
    if (ob) {
        ob->close();
        st->unregister_outbox(ob.get());
    }
    if constexpr (is_tls_v<Stream>) {
        tcp_layer.expires_after(std::chrono::seconds(2));
        co_await async_tls_close_notify(stream);
    }
    tcp_layer.socket().shutdown(tcp::socket::shutdown_both, ec);
    tcp_layer.socket().close(ec);
}

// Remote address as Java prints it, for the ws37 `host` attribute; TCP_NODELAY on.
std::string prepare_socket(tcp::socket& sock) {
    boost::system::error_code ec;
    sock.set_option(tcp::no_delay(true), ec);
    auto rep = sock.remote_endpoint(ec);
    return java_host(ec ? std::string("0.0.0.0") : rep.address().to_string(), ec ? 0 : rep.port());
}

asio::awaitable<void> run_plain_connection(std::shared_ptr<ServerState> st, tcp::socket sock,
                                           ConnectionFault cf) {
    std::string host = prepare_socket(sock);
    co_await run_connection(std::move(st), beast::tcp_stream(std::move(sock)), std::move(host), cf);
}

// TLS: the handshake (bounded by tls_handshake_timeout), then the same HTTP loop over TLS. A failed
// handshake (plaintext client, untrusted/expired certificate on the client side, timeout) just
// closes the connection, as Gremlin Server does.
asio::awaitable<void> run_tls_connection(std::shared_ptr<ServerState> st, tcp::socket sock,
                                         asio::ssl::context& ctx, ConnectionFault cf) {
    std::string host = prepare_socket(sock);
    TlsStream stream(beast::tcp_stream(std::move(sock)), ctx);
    beast::get_lowest_layer(stream).expires_after(tls_handshake_timeout);
    auto [hec] = co_await stream.async_handshake(asio::ssl::stream_base::server, tuple_awaitable);
    if (hec) {
        // Tell the operator why (e.g. "tlsv1 alert unknown ca": the client does not trust the
        // certificate) without flooding: the first few, then every 1000th.
        static std::atomic<std::uint64_t> failures{0};
        auto n = ++failures;
        if (n <= 5 || n % 1000 == 0)
            std::fprintf(stderr, "tpbench serve: TLS handshake with %s failed: %s (%llu so far)\n",
                         host.c_str() + 1, hec.message().c_str(), static_cast<unsigned long long>(n));
        boost::system::error_code ec;
        beast::get_lowest_layer(stream).socket().close(ec);
        co_return;
    }
    co_await run_connection(std::move(st), std::move(stream), std::move(host), cf);
}

// One I/O thread: its own io_context.
struct IoThread {
    asio::io_context ioc{1};
    std::thread thread;
};

class Server final : public ServerHandle {
public:
    explicit Server(const ServerConfig& cfg) : st_(std::make_shared<ServerState>(cfg.memory_budget)) {
        validate_config(cfg);
        st_->cfg = cfg;
        if (!cfg.faults.empty()) {
            try {
                st_->faults = std::make_unique<FaultPlan>(cfg.faults, cfg.fault_seed);
            } catch (const std::invalid_argument& e) {
                throw std::runtime_error(e.what());
            }
        }
        st_->graph =
            std::make_unique<Graph>(cfg.int_vertex_ids ? Graph::IdMode::int_ids : Graph::IdMode::long_ids);
        if (cfg.graph_file) {
            std::ifstream in(*cfg.graph_file, std::ios::binary);
            if (!in) throw std::runtime_error("cannot read graph file '" + *cfg.graph_file + "'");
            std::string text;  // one read of the whole file (not char by char)
            in.seekg(0, std::ios::end);
            const std::streamoff size = in.tellg();
            in.seekg(0, std::ios::beg);
            if (size > 0) {
                text.resize(static_cast<std::size_t>(size));
                in.read(text.data(), size);
                if (in.gcount() != size)
                    throw std::runtime_error("cannot read graph file '" + *cfg.graph_file + "'");
            }
            st_->graph->load_graphson_adjacency(text);
        } else if (cfg.load_modern) {
            st_->graph->load_modern();
        }
        // Key material first: a bad certificate fails start() before anything is running.
        if (cfg.tls.enabled()) tls_ = make_tls_context(cfg.tls);
        st_->ws_sessions.set_limits({cfg.session_timeout, std::chrono::milliseconds(0), 0});
        st_->http_transactions.set_limits(
            {cfg.transaction_idle_timeout, cfg.transaction_max_lifetime, cfg.max_concurrent_transactions});
        st_->pool = std::make_unique<WorkPool>(cfg.gremlin_pool, cfg.max_work_queue_size);
        for (unsigned i = 0; i < cfg.thread_pool_worker; ++i) io_.push_back(std::make_unique<IoThread>());

        boost::system::error_code ec;
        auto addr = asio::ip::make_address(cfg.host == "localhost" ? "127.0.0.1" : cfg.host, ec);
        if (ec) throw std::runtime_error("invalid host address '" + cfg.host + "': " + ec.message());
        tcp::endpoint ep(addr, cfg.port);
        acceptor_ = std::make_unique<tcp::acceptor>(io_[0]->ioc);
        std::string where = cfg.host + ":" + std::to_string(cfg.port);
        acceptor_->open(ep.protocol(), ec);
        if (!ec) acceptor_->set_option(asio::socket_base::reuse_address(true), ec);
        if (!ec) acceptor_->bind(ep, ec);
        if (!ec) {
            const auto plan = detail::plan_congestion(cfg.tcp_congestion, addr.is_loopback(),
                                                      detail::system_congestion_default());
            try {
                tcp_congestion_ = detail::apply_congestion(acceptor_->native_handle(), plan);
            } catch (...) {
                st_->pool->stop();
                throw;
            }
        }
        if (!ec) acceptor_->listen(asio::socket_base::max_listen_connections, ec);
        if (ec) {
            st_->pool->stop();
            throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
        }
        port_ = acceptor_->local_endpoint().port();
        host_ = cfg.host;
        asio::co_spawn(io_[0]->ioc, accept_loop(),
                       [](std::exception_ptr e) { log_escaped(e, "accept loop"); });
        for (auto& t : io_) {
            auto* io = t.get();
            io->thread = std::thread([io] {
                pthread_setname_np(pthread_self(), "tpbench-io");
                auto guard = asio::make_work_guard(io->ioc);
                for (;;) {
                    try {
                        io->ioc.run();
                        break;
                    } catch (const std::exception& e) {
                        std::fprintf(stderr, "tpbench serve: I/O thread: %s\n", e.what());
                    }
                }
            });
        }
    }

    ~Server() override { stop(); }

    std::uint16_t port() const noexcept override { return port_; }
    std::string tcp_congestion() const override { return tcp_congestion_; }
    const std::string& host() const noexcept override { return host_; }
    ServerStats stats() const noexcept override {
        ServerStats s;
        s.memory_budget = st_->budget.total();
        s.memory_budget_in_use = st_->budget.in_use();
        s.memory_budget_buffered = st_->budget.buffered();
        s.memory_budget_peak = st_->budget.peak();
        s.memory_budget_refused = st_->budget.refused();
        s.ws37_writes = st_->ws37_writes.load(std::memory_order_relaxed);
        s.ws37_frames = st_->ws37_frames.load(std::memory_order_relaxed);
        return s;
    }

    void stop() override {
        {
            std::lock_guard lk(m_);
            if (stopped_) return;
            stopped_ = true;
        }
        st_->stopping = true;
        // Stop accepting, stop the I/O threads, release producers blocked on back-pressure,
        // join the pool, then destroy the io_contexts (which closes every connection).
        asio::post(io_[0]->ioc, [a = acceptor_.get()] {
            boost::system::error_code ec;
            a->close(ec);
        });
        for (auto& t : io_) t->ioc.stop();
        for (auto& t : io_)
            if (t->thread.joinable()) t->thread.join();
        st_->close_all_outboxes();
        st_->pool->stop();
        acceptor_.reset();
        io_.clear();
        cv_.notify_all();
    }

    void wait() override {
        std::unique_lock lk(m_);
        cv_.wait(lk, [&] { return stopped_; });
    }

private:
    asio::awaitable<void> accept_loop() {
        std::size_t next = 0;
        for (;;) {
            auto& target = io_[next % io_.size()]->ioc;
            ++next;
            auto [ec, sock] = co_await acceptor_->async_accept(target, tuple_awaitable);
            if (ec) {
                if (ec == asio::error::operation_aborted || st_->stopping) co_return;
                // Out of descriptors etc.: back off briefly instead of spinning.
                asio::steady_timer t(co_await asio::this_coro::executor, std::chrono::milliseconds(50));
                co_await t.async_wait(tuple_awaitable);
                continue;
            }
            // `--fault` slow-read / refuse-handshake: decided per accepted connection.
            ConnectionFault cf;
            if (st_->faults && st_->faults->has_connection_faults()) {
                cf = st_->faults->next_connection();
                boost::system::error_code fec;
                if (cf.refuse && cf.refuse_status == 0) {  // refuse-handshake=close
                    sock.close(fec);
                    continue;
                }
                if (cf.slow_read.count() > 0)
                    sock.set_option(asio::socket_base::receive_buffer_size(4096), fec);
            }
            auto ex = sock.get_executor();
            if (tls_)
                asio::co_spawn(ex, run_tls_connection(st_, std::move(sock), *tls_, cf),
                               [](std::exception_ptr e) { log_escaped(e, "TLS connection"); });
            else
                asio::co_spawn(ex, run_plain_connection(st_, std::move(sock), cf),
                               [](std::exception_ptr e) { log_escaped(e, "connection"); });
        }
    }

    std::shared_ptr<ServerState> st_;
    std::vector<std::unique_ptr<IoThread>> io_;
    std::unique_ptr<asio::ssl::context> tls_;  // set when cfg.tls.enabled()
    std::unique_ptr<tcp::acceptor> acceptor_;
    std::uint16_t port_ = 0;
    std::string host_;
    std::string tcp_congestion_;  // the listener's algorithm in effect
    std::mutex m_;
    std::condition_variable cv_;
    bool stopped_ = false;
};

}  // namespace

void log_escaped(std::exception_ptr e, const char* what) {
    if (!e) return;
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& ex) {
        std::fprintf(stderr, "tpbench serve: %s ended with an exception: %s\n", what, ex.what());
    } catch (...) {
        std::fprintf(stderr, "tpbench serve: %s ended with an unknown exception\n", what);
    }
}

std::shared_ptr<Outbox> make_connection_outbox(ServerState& st, asio::any_io_executor ex,
                                               std::shared_ptr<WakeTimer>& wake) {
    wake = std::make_shared<WakeTimer>(ex);
    auto ob = std::make_shared<Outbox>(st.cfg.write_buffer_high_water_mark,
                                       st.cfg.write_buffer_low_water_mark, &st.budget);
    std::weak_ptr<WakeTimer> weak = wake;
    ob->set_waker([ex, weak] {
        if (auto t = weak.lock()) asio::post(ex, [t = std::move(t)] { t->timer.cancel(); });
    });
    st.register_outbox(ob);
    return ob;
}

namespace {
// A request runs inline only if its last pool run took less than cheap_limit for one batch; an
// inline run that passes inline_budget (between results) moves to the pool.
constexpr std::chrono::microseconds inline_budget{200};
constexpr std::chrono::microseconds cheap_limit{50};
}  // namespace

// Runs a job step; an exception (a broken invariant, out of memory) is logged and ends the
// connection instead of leaving its writer waiting for the rest of the response.
JobStep run_guarded(Job& job, bool inline_mode, Clock::time_point yield_at = Clock::time_point::max()) {
    try {
        return job.run(inline_mode, yield_at);
    } catch (...) {
        log_escaped(std::current_exception(), "request evaluation");
        job.abort();
        return JobStep::done;
    }
}

std::string note_budget_refusal(ServerState& st, std::size_t charge) {
    std::string why = st.budget.refusal_message(charge);
    const auto n = st.budget.refused();
    if (n <= 5 || n % 1000 == 0)
        std::fprintf(stderr, "tpbench serve: request refused over the memory budget (%llu so far): %s\n",
                     static_cast<unsigned long long>(n), why.c_str());
    return why;
}

void dispatch_job(ServerState& st, std::shared_ptr<Job> job, std::string cheap_key) {
    // `--memory-budget`: the request's estimated memory is claimed before anything runs and
    // released with the job; over the budget it is refused at once (and counted).
    const std::size_t charge = MemoryBudget::request_charge(job->request_bytes());
    auto lease = st.budget.try_acquire(charge);
    if (!lease) {
        job->reject_over_budget(note_budget_refusal(st, charge));
        return;
    }
    job->budget_lease = std::move(*lease);
    if (!cheap_key.empty() && st.pool->has_idle_worker()) {
        std::size_t gsize = st.graph_size();
        if (st.cheap.contains(cheap_key, gsize)) {
            if (run_guarded(*job, true, Clock::now() + inline_budget) == JobStep::done) return;
            // Not cheap after all: forget it and let a pool thread finish the response.
            st.cheap.learn(cheap_key, gsize, false);
            st.pool->submit_admitted([job] { run_guarded(*job, false); });
            return;
        }
    }
    ServerState* sp = &st;
    bool ok = st.pool->try_submit([job, sp, key = std::move(cheap_key)] {
        auto t0 = Clock::now();
        run_guarded(*job, false);
        if (!key.empty()) {
            auto dt = Clock::now() - t0;
            sp->cheap.learn(key, sp->graph_size(), job->single_batch() && dt < cheap_limit);
        }
    });
    if (!ok) job->reject_rate_limited();
}

}  // namespace detail

std::unique_ptr<ServerHandle> start(const ServerConfig& cfg) { return std::make_unique<detail::Server>(cfg); }

}  // namespace tpbench::server
