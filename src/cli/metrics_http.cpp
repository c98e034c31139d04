// --metrics-port's endpoint and --metrics-push's client on Beast (metrics_http.hpp). The only
// Beast translation unit of the CLI: keep it small (one Beast TU costs about a minute to compile).
#include "metrics_http.hpp"

#include <tpbench/profiling/profiling.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include <fmt/core.h>

#include <atomic>
#include <charconv>
#include <stdexcept>
#include <thread>

namespace tpbench::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

struct MetricsServer::Impl {
    asio::io_context ioc{1};
    tcp::acceptor acceptor{ioc};
    std::function<std::string(bool)> body;
    std::atomic<std::uint64_t> served{0};
    std::uint16_t port = 0;
    std::thread thread;

    asio::awaitable<void> serve_one(tcp::socket socket) {
        beast::tcp_stream stream(std::move(socket));
        stream.expires_after(2s);
        beast::flat_buffer buffer(8192);
        http::request_parser<http::string_body> parser;
        parser.header_limit(8192);
        parser.body_limit(8192);
        auto [rec, rn] =
            co_await http::async_read(stream, buffer, parser, asio::as_tuple(asio::use_awaitable));
        if (rec) co_return;
        const auto& req = parser.get();
        http::response<http::string_body> res{http::status::ok, req.version()};
        res.keep_alive(false);
        const bool head = req.method() == http::verb::head;
        const std::string_view target(req.target().data(), req.target().size());
        std::string payload;
        if (req.method() != http::verb::get && !head) {
            res.result(http::status::method_not_allowed);
            res.set(http::field::content_type, "text/plain");
            payload = "only GET /metrics\n";
        } else if (target != "/metrics" && !target.starts_with("/metrics?")) {
            res.result(http::status::not_found);
            res.set(http::field::content_type, "text/plain");
            payload = "try GET /metrics\n";
        } else {
            const auto accept = req[http::field::accept];
            const bool om = accept.find("openmetrics") != std::string_view::npos;
            payload = body(om);
            res.set(http::field::content_type,
                    om ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
                       : "text/plain; version=0.0.4; charset=utf-8");
        }
        res.set(http::field::content_length, std::to_string(payload.size()));
        if (!head) res.body() = std::move(payload);
        auto [wec, wn] = co_await http::async_write(stream, res, asio::as_tuple(asio::use_awaitable));
        if (wec) co_return;
        served.fetch_add(1, std::memory_order_relaxed);
        beast::error_code ignored;
        stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
    }

    asio::awaitable<void> accept_loop() {
        for (;;) {
            auto [ec, socket] = co_await acceptor.async_accept(asio::as_tuple(asio::use_awaitable));
            if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
            if (ec) continue;
            co_await serve_one(std::move(socket));  // one at a time, each bounded by 2 s
        }
    }
};

MetricsServer::MetricsServer(const std::string& host, std::uint16_t port,
                             std::function<std::string(bool)> body)
    : impl_(std::make_unique<Impl>()) {
    impl_->body = std::move(body);
    const std::string where = fmt::format("{}:{}", host, port);
    beast::error_code ec;
    const auto addr = asio::ip::make_address(host, ec);
    if (ec) throw std::runtime_error("metrics endpoint: not an IP address: " + host);
    const tcp::endpoint ep(addr, port);
    auto& a = impl_->acceptor;
    a.open(ep.protocol(), ec);
    if (!ec) a.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) a.bind(ep, ec);
    if (!ec) a.listen(16, ec);
    if (ec) throw std::runtime_error("metrics endpoint: cannot listen on " + where + ": " + ec.message());
    impl_->port = a.local_endpoint().port();
    asio::co_spawn(impl_->ioc, impl_->accept_loop(), asio::detached);
    impl_->thread = std::thread([p = impl_.get()] { p->ioc.run(); });
}

MetricsServer::~MetricsServer() {
    impl_->ioc.stop();
    if (impl_->thread.joinable()) impl_->thread.join();
}

std::uint16_t MetricsServer::port() const noexcept { return impl_->port; }
std::uint64_t MetricsServer::requests_served() const noexcept { return impl_->served.load(); }

PushUrl parse_push_url(const std::string& url) {
    const auto bad = [&](std::string_view why) {
        return engine::ConfigError(
            fmt::format("--metrics-push '{}': {} (expected http://HOST[:PORT]/PATH, e.g. "
                        "http://127.0.0.1:9091/metrics/job/tpbench)",
                        url, why));
    };
    constexpr std::string_view scheme = "http://";
    if (!url.starts_with(scheme)) throw bad("only http:// URLs");
    std::string_view rest = std::string_view(url).substr(scheme.size());
    const auto slash = rest.find('/');
    const std::string_view authority = rest.substr(0, slash);
    PushUrl u;
    u.target = slash == std::string_view::npos ? "/" : std::string(rest.substr(slash));
    std::string_view host = authority;
    if (const auto colon = authority.rfind(':');
        colon != std::string_view::npos && authority.find(']') == std::string_view::npos) {
        host = authority.substr(0, colon);
        const std::string_view p = authority.substr(colon + 1);
        unsigned v = 0;
        const auto [ptr, ec] = std::from_chars(p.data(), p.data() + p.size(), v);
        if (p.empty() || ec != std::errc{} || ptr != p.data() + p.size() || v == 0 || v > 65535)
            throw bad("bad port");
        u.port = static_cast<std::uint16_t>(v);
    }
    if (host.empty()) throw bad("no host");
    u.host = std::string(host);
    return u;
}

std::string push_metrics(const PushUrl& url, const std::string& body, std::chrono::milliseconds timeout) {
    try {
        asio::io_context ioc{1};
        std::string result = "did not finish";
        asio::co_spawn(
            ioc,
            [&]() -> asio::awaitable<void> {
                tcp::resolver resolver(ioc);
                beast::tcp_stream stream(ioc);
                stream.expires_after(timeout);
                auto [rec, hosts] = co_await resolver.async_resolve(url.host, std::to_string(url.port),
                                                                    asio::as_tuple(asio::use_awaitable));
                if (rec) {
                    result = "cannot resolve " + url.host + ": " + rec.message();
                    co_return;
                }
                auto [cec, ep] = co_await stream.async_connect(hosts, asio::as_tuple(asio::use_awaitable));
                if (cec) {
                    result = fmt::format("cannot connect to {}:{}: {}", url.host, url.port, cec.message());
                    co_return;
                }
                http::request<http::string_body> req{http::verb::put, url.target, 11};
                req.set(http::field::host, fmt::format("{}:{}", url.host, url.port));
                req.set(http::field::user_agent, "tpbench");
                req.set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
                req.body() = body;
                req.prepare_payload();
                auto [wec, wn] = co_await http::async_write(stream, req, asio::as_tuple(asio::use_awaitable));
                if (wec) {
                    result = "cannot send: " + wec.message();
                    co_return;
                }
                beast::flat_buffer buffer;
                http::response_parser<http::string_body> parser;
                parser.body_limit(64 * 1024);
                auto [rdec, rn] =
                    co_await http::async_read(stream, buffer, parser, asio::as_tuple(asio::use_awaitable));
                if (rdec) {
                    result = "no answer: " + rdec.message();
                    co_return;
                }
                const auto& res = parser.get();
                const unsigned status = res.result_int();
                if (status >= 200 && status < 300) {
                    result.clear();
                } else {
                    std::string why = res.body().substr(0, res.body().find('\n'));
                    result = fmt::format("HTTP {}{}{}", status, why.empty() ? "" : ": ", why.substr(0, 200));
                }
                beast::error_code ignored;
                stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
            },
            [&](std::exception_ptr e) {
                if (!e) return;
                try {
                    std::rethrow_exception(e);
                } catch (const std::exception& x) {
                    result = x.what();
                }
            });
        ioc.run_for(timeout + 1s);  // the resolver's own thread is not bounded by the stream's expiry
        if (!ioc.stopped()) result = "timed out";
        return result;
    } catch (const std::exception& e) {
        return e.what();
    }
}

}  // namespace tpbench::cli
