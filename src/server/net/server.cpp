// The embedded server's listener (Beast server-flex-awaitable shape): one acceptor, one io_context
// per I/O thread, TLS, and a per-connection HTTP loop that only routes: each request, read under
// the limits by the http4 endpoint's reader (http4_endpoint.cpp), goes to the ws37 session on a
// WebSocket upgrade of /gremlin (ws_session.cpp), to the TinkerPop 3.x HTTP endpoint for GET and
// 3.x POST requests (http3_endpoint.cpp), or to the http4 endpoint (http4_endpoint.cpp).
#include "http3_endpoint.hpp"
#include "http4_endpoint.hpp"
#include "http_io.hpp"
#include "net_internal.hpp"
#include "http3_protocol.hpp"
#include "tcp_congestion.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include <openssl/err.h>
#include <openssl/pkcs12.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <pthread.h>
#include <sys/resource.h>

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

using namespace http_io;

constexpr std::chrono::seconds tls_handshake_timeout{10};

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

// The per-connection HTTP loop (after the TLS handshake, if any), routing only: each request is
// read under the limits (http4_endpoint.hpp), then handed to the ws37 session (a WebSocket upgrade
// on /gremlin), the 3.x HTTP endpoint (http3_endpoint.hpp) or the http4 endpoint.
// `cf`: the connection's `--fault` draw (refuse-handshake with a status, slow-read).
template <class Stream>
asio::awaitable<void> run_connection(std::shared_ptr<ServerState> st, Stream stream, std::string host,
                                     ConnectionFault cf) {
    boost::system::error_code ec;
    auto& tcp_layer = beast::get_lowest_layer(stream);
    HttpConnection conn;
    conn.cf = cf;
    for (;;) {
        http::request_parser<http::string_body> parser;
        if (!co_await async_read_http_request(*st, stream, conn, parser)) break;
        auto& req = parser.get();
        if (cf.refuse) {  // `--fault refuse-handshake=STATUS`: the upgrade / first request refused
            const std::string why =
                "HTTP " + std::to_string(cf.refuse_status) +
                ": handshake refused (injected by tpbench serve --fault refuse-handshake)";
            co_await async_refuse_and_close(
                stream,
                simple_response(
                    cf.refuse_status,
                    sv(http::obsolete_reason(http::int_to_status(static_cast<unsigned>(cf.refuse_status)))),
                    "application/json", json_error_body(why), false));
            co_return;
        }
        if (beast::websocket::is_upgrade(req)) {
            if (req.target() == "/gremlin") {
                conn.release_outbox(*st);
                co_await run_ws37_session(st, std::move(stream), parser.release(), std::move(host),
                                          cf.slow_read);
                co_return;
            }
            co_await async_write_all(
                stream, simple_response(404, reason_phrase(404), "application/json",
                                        json_error_body("WebSocket endpoint is /gremlin"), false));
            break;
        }
        if (auto answered = co_await async_http_gate(*st, stream, req)) {
            if (*answered == HttpNext::close) break;
            continue;
        }
        // The TinkerPop 3.x HTTP endpoint (http3_endpoint.hpp): a GET with a query, or a POST only a
        // 3.x client sends.
        const std::string_view target = sv(req.target());
        if ((req.method() == http::verb::get && is_http3_get(target)) ||
            (req.method() == http::verb::post &&
             is_http3_post(header(req, http::field::content_type), header(req, http::field::accept)))) {
            auto& ob = conn.outbox(*st, stream.get_executor());
            auto h3 = start_http3(*st, conn.ob, req.method() == http::verb::get, target,
                                  header(req, http::field::content_type), header(req, http::field::accept),
                                  req.body(), req.keep_alive());
            if (!h3.immediate.empty()) {
                if (!co_await async_write_all(stream, h3.immediate)) break;
            } else if (!co_await async_drain_response(stream, ob, *conn.wake)) {
                break;
            }
            if (!h3.keep_alive) break;
            continue;
        }
        if (co_await async_serve_http4(*st, stream, conn, req) == HttpNext::close) break;
    }
    conn.release_outbox(*st);
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
        asio::co_spawn(io_[0]->ioc, sweep_loop(),
                       [](std::exception_ptr e) { log_escaped(e, "session sweep"); });
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
        s.memory_budget_refused_reads = st_->budget_refused_reads.load(std::memory_order_relaxed);
        s.request_read_timeouts = st_->read_timeouts.load(std::memory_order_relaxed);
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

    // Graceful shutdown: stop accepting and refuse new requests, let the requests in progress
    // finish within the grace period, then end the streams still running with the shutdown's
    // error at their next batch, close the WebSockets with 1001 after what they had queued, and
    // stop. Every wait is bounded; on the caller's thread.
    void shutdown() override {
        {
            std::lock_guard lk(m_);
            if (stopped_) return;
        }
        st_->draining = true;
        asio::post(io_[0]->ioc, [a = acceptor_.get()] {
            boost::system::error_code ec;
            a->close(ec);
        });
        const auto wait_for = [](auto until, auto done) {
            while (!done() && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            return done();
        };
        const auto no_jobs = [this] { return st_->jobs.live.load(std::memory_order_relaxed) == 0; };
        const auto now = std::chrono::steady_clock::now;
        if (!wait_for(now() + st_->cfg.shutdown_grace, no_jobs)) {
            st_->jobs.end_streams = true;
            // A job ends at its next batch; one blocked on a reader that does not read ends at stop().
            wait_for(now() + std::chrono::seconds(2), no_jobs);
        }
        st_->go_away_websockets();
        wait_for(now() + std::chrono::seconds(2), [this] { return st_->outboxes_drained(); });
        stop();
    }

    void wait() override {
        std::unique_lock lk(m_);
        cv_.wait(lk, [&] { return stopped_; });
    }

private:
    bool draining() const noexcept { return st_->draining.load(std::memory_order_relaxed); }

    // Expired sessions and transactions go on a timer (once a second), not only when another
    // request looks them up: their graph copies and budget charges are freed either way.
    asio::awaitable<void> sweep_loop() {
        asio::steady_timer t(co_await asio::this_coro::executor);
        while (!st_->stopping) {
            t.expires_after(std::chrono::seconds(1));
            auto [ec] = co_await t.async_wait(tuple_awaitable);
            if (ec || st_->stopping) co_return;
            st_->http_transactions.sweep();
            st_->ws_sessions.sweep();
        }
    }

    asio::awaitable<void> accept_loop() {
        std::size_t next = 0;
        std::uint64_t failures = 0;  // failed accepts in the current burst
        for (;;) {
            auto& target = io_[next % io_.size()]->ioc;
            ++next;
            auto [ec, sock] = co_await acceptor_->async_accept(target, tuple_awaitable);
            if (ec) {
                if (ec == asio::error::operation_aborted || st_->stopping || draining()) co_return;
                // Out of descriptors etc.: said once per burst (the health check of a server out of
                // descriptors would otherwise fail silently), then back off briefly instead of
                // spinning.
                if (failures++ == 0) {
                    struct rlimit rl {};
                    const bool known = ::getrlimit(RLIMIT_NOFILE, &rl) == 0;
                    std::fprintf(
                        stderr,
                        "tpbench serve: cannot accept connections: %s%s; new connections wait in the "
                        "listen queue until descriptors are free (retrying every 50 ms)\n",
                        ec.message().c_str(),
                        known ? (" (descriptor limit " + std::to_string(rl.rlim_cur) + ", ulimit -n)").c_str()
                              : "");
                }
                asio::steady_timer t(co_await asio::this_coro::executor, std::chrono::milliseconds(50));
                co_await t.async_wait(tuple_awaitable);
                continue;
            }
            if (failures > 0) {
                std::fprintf(stderr,
                             "tpbench serve: accepting connections again (after %llu failed attempts)\n",
                             static_cast<unsigned long long>(failures));
                failures = 0;
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
    job->track(st.jobs);
    // Graceful shutdown under way: no new work.
    if (st.draining.load(std::memory_order_relaxed)) {
        job->reject_shutting_down("tpbench serve is shutting down: no new requests are accepted");
        return;
    }
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
