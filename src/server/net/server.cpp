// The embedded server's listener and http4 endpoint (Beast server-flex-awaitable shape): one
// acceptor, one io_context per I/O thread, a per-connection HTTP loop that hands WebSocket
// upgrades on /gremlin to the ws37 session (ws_session.cpp) and serves http4 POST requests with
// chunked responses produced by request jobs (jobs.cpp) on the gremlinPool.
#include "net_internal.hpp"

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

#include <pthread.h>

#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace tpbench::server {
namespace detail {
namespace {

using tcp = asio::ip::tcp;
constexpr auto tuple_awaitable = asio::as_tuple(asio::use_awaitable);

std::string_view sv(beast::string_view s) { return {s.data(), s.size()}; }

// Writes bytes; false on error.
asio::awaitable<bool> async_write_all(beast::tcp_stream& stream, std::string_view bytes) {
    auto [ec, n] = co_await asio::async_write(stream, asio::buffer(bytes.data(), bytes.size()), tuple_awaitable);
    co_return !ec;
}

// After an error response that ends the connection: stop sending, read and drop what the client
// still sends (bounded in bytes and time) so it sees our response instead of a reset.
asio::awaitable<void> async_linger_close(beast::tcp_stream& stream) {
    boost::system::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_send, ec);
    std::vector<char> sink(64 * 1024);
    std::size_t total = 0;
    stream.expires_after(std::chrono::seconds(2));
    while (total < (64u << 20)) {
        auto [rec, n] = co_await stream.async_read_some(asio::buffer(sink), tuple_awaitable);
        if (rec) break;
        total += n;
    }
    stream.socket().close(ec);
}

// Writes the Outbox entries of one http4 response until its last entry; false when the
// connection failed (the outbox is then closed).
asio::awaitable<bool> async_drain_response(beast::tcp_stream& stream, Outbox& ob, WakeTimer& wake) {
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
        for (auto& e : entries) {
            bufs.emplace_back(e.bytes.data(), e.bytes.size());
            bytes += e.bytes.size();
            last = last || e.last;
        }
        auto [ec, n] = co_await asio::async_write(stream, bufs, tuple_awaitable);
        ob.release(bytes);
        if (ec) {
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
    bool bulk_asked = p.request.bulk_results.value_or(false);
    if (!p.request.bulk_results) {
        for (auto name : {"bulkResults", "bulked"}) {
            auto it = req.find(name);
            if (it != req.end() && header_is_true(sv(it->value()))) bulk_asked = true;
        }
    }
    p.bulked = bulk_asked && p.language == "gremlin-lang" && p.format == io::http4::ResponseFormat::graphbinary_v4;
    p.keep_alive = keep_alive;
    p.batch_size = p.request.batch_size.value_or(st.cfg.result_iteration_batch_size);
    if (p.batch_size <= 0) p.batch_size = st.cfg.result_iteration_batch_size;
    p.version = st.cfg.http4_version_byte;
    p.max_parameters = st.cfg.max_parameters;
    std::int64_t timeout_ms = p.request.timeout_ms.value_or(st.cfg.evaluation_timeout.count());
    if (timeout_ms > 0) p.deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);

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

asio::awaitable<void> run_connection(std::shared_ptr<ServerState> st, tcp::socket sock) {
    boost::system::error_code ec;
    sock.set_option(tcp::no_delay(true), ec);
    auto rep = sock.remote_endpoint(ec);
    std::string host = java_host(ec ? std::string("0.0.0.0") : rep.address().to_string(), ec ? 0 : rep.port());
    beast::tcp_stream stream(std::move(sock));
    beast::flat_buffer buf;
    std::shared_ptr<WakeTimer> wake;
    std::shared_ptr<Outbox> ob;
    const auto& cfg = st->cfg;
    for (;;) {
        http::request_parser<http::string_body> parser;
        parser.header_limit(8192 + 4096);
        parser.body_limit(cfg.max_content_length);
        if (cfg.idle_connection_timeout.count() > 0)
            stream.expires_after(cfg.idle_connection_timeout);
        else
            stream.expires_never();
        auto [rec, n] = co_await http::async_read_header(stream, buf, parser, tuple_awaitable);
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
            stream.expires_after(std::chrono::seconds(10));
            co_await async_write_all(stream, simple_response(413, reason_phrase(413), "application/json",
                                                             json_error_body(msg), false));
            co_await async_linger_close(stream);
            break;
        }
        if (rec == http::error::header_limit) {
            stream.expires_after(std::chrono::seconds(10));
            co_await async_write_all(stream, simple_response(431, reason_phrase(431), "application/json",
                                                             json_error_body("request header too large"), false));
            co_await async_linger_close(stream);
            break;
        }
        if (rec && rec.category() == boost::system::error_code(http::error::bad_target).category() && rec != http::error::end_of_stream &&
            rec != http::error::partial_message) {
            stream.expires_after(std::chrono::seconds(10));
            co_await async_write_all(stream, simple_response(400, reason_phrase(400), "application/json",
                                                             json_error_body("malformed HTTP request: " + rec.message()),
                                                             false));
            co_await async_linger_close(stream);
            break;
        }
        if (rec) break;  // end of stream, reset, idle timeout
        auto& req = parser.get();
        stream.expires_never();

        if (beast::websocket::is_upgrade(req)) {
            if (req.target() == "/gremlin") {
                if (ob) {
                    ob->close();
                    st->unregister_outbox(ob.get());
                    ob.reset();
                }
                co_await run_ws37_session(st, std::move(stream), parser.release(), std::move(host));
                co_return;
            }
            co_await async_write_all(stream, simple_response(404, reason_phrase(404), "application/json",
                                                             json_error_body("WebSocket endpoint is /gremlin"), false));
            break;
        }
        if (req.version() != 11) {
            co_await async_write_all(stream,
                                     simple_response(505, reason_phrase(505), "application/json",
                                                     json_error_body("505 HTTP Version Not Supported"), false));
            break;
        }
        bool keep_alive = req.keep_alive();
        std::string_view target = sv(req.target());
        if (target == "/favicon.ico") {
            if (!co_await async_write_all(stream, simple_response(404, reason_phrase(404), "application/json",
                                                                  json_error_body("404 Not Found"), keep_alive)))
                break;
            if (!keep_alive) break;
            continue;
        }
        if (req.method() == http::verb::options) {
            std::string resp =
                "HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, OPTIONS\r\n"
                "Access-Control-Allow-Headers: *\r\nContent-Length: 0\r\n\r\n";
            if (!co_await async_write_all(stream, resp)) break;
            if (!keep_alive) break;
            continue;
        }
        if (req.method() != http::verb::post) {
            if (!co_await async_write_all(stream, simple_response(405, reason_phrase(405), "application/json",
                                                                  json_error_body("405 Method Not Allowed"),
                                                                  keep_alive)))
                break;
            if (!keep_alive) break;
            continue;
        }
        if (!ob) ob = make_connection_outbox(*st, stream.get_executor(), wake);
        auto outcome = start_http4(*st, ob, req, keep_alive);
        if (!outcome.immediate.empty()) {
            if (!co_await async_write_all(stream, outcome.immediate)) break;
        } else if (!co_await async_drain_response(stream, *ob, *wake)) {
            break;
        }
        if (!outcome.keep_alive) break;
    }
    if (ob) {
        ob->close();
        st->unregister_outbox(ob.get());
    }
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream.socket().close(ec);
}

// One I/O thread: its own io_context.
struct IoThread {
    asio::io_context ioc{1};
    std::thread thread;
};

class Server final : public ServerHandle {
public:
    explicit Server(const ServerConfig& cfg) : st_(std::make_shared<ServerState>()) {
        validate_config(cfg);
        st_->cfg = cfg;
        st_->graph = std::make_unique<Graph>(cfg.int_vertex_ids ? Graph::IdMode::int_ids : Graph::IdMode::long_ids);
        if (cfg.graph_file) {
            std::ifstream in(*cfg.graph_file, std::ios::binary);
            if (!in) throw std::runtime_error("cannot read graph file '" + *cfg.graph_file + "'");
            std::stringstream ss;
            ss << in.rdbuf();
            st_->graph->load_graphson_adjacency(ss.str());
        } else if (cfg.load_modern) {
            st_->graph->load_modern();
        }
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
        if (!ec) acceptor_->listen(asio::socket_base::max_listen_connections, ec);
        if (ec) {
            st_->pool->stop();
            throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
        }
        port_ = acceptor_->local_endpoint().port();
        host_ = cfg.host;
        asio::co_spawn(io_[0]->ioc, accept_loop(), [](std::exception_ptr e) { log_escaped(e, "accept loop"); });
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
    const std::string& host() const noexcept override { return host_; }

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
            auto ex = sock.get_executor();
            asio::co_spawn(ex, run_connection(st_, std::move(sock)),
                           [](std::exception_ptr e) { log_escaped(e, "connection"); });
        }
    }

    std::shared_ptr<ServerState> st_;
    std::vector<std::unique_ptr<IoThread>> io_;
    std::unique_ptr<tcp::acceptor> acceptor_;
    std::uint16_t port_ = 0;
    std::string host_;
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
    auto ob = std::make_shared<Outbox>(st.cfg.write_buffer_high_water_mark, st.cfg.write_buffer_low_water_mark);
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

void dispatch_job(ServerState& st, std::shared_ptr<Job> job, std::string cheap_key) {
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
