// client_cost — measures the CPU the client side (a backend session) spends per request and per
// result, with the embedded server in a separate process so its work is not counted.
//
//   ninja -C BUILD tpbench_client_cost
//   BUILD/bench/tpbench_client_cost server 18431 &            # embedded server, 127.0.0.1:18431
//   BUILD/bench/tpbench_client_cost client 18431 ws37 'g.V().repeat(both()).times(15)' 1 1
//   BUILD/bench/tpbench_client_cost client 18431 http4 '1+1' 20000 16 [option value]...
//
// client arguments: port backend script requests concurrency [option value]... (ws37 multiplexes
// all concurrent requests on one connection; http4 opens one connection per concurrent request).
// Bounded: every request has a 120 s deadline, the run stops after `requests` requests.
#include <tpbench/backends/http4.hpp>
#include <tpbench/backends/ws37.hpp>
#include <tpbench/backends/registry.hpp>
#include <tpbench/engine/backend.hpp>
#include <tpbench/server/server.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <string>
#include <vector>

namespace net = boost::asio;
using namespace tpbench;

namespace {

double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

void report(std::exception_ptr e) {
    if (!e) return;
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        std::fprintf(stderr, "client_cost: %s\n", x.what());
    }
}

int usage() {
    std::fprintf(stderr,
                 "usage: tpbench_client_cost server PORT | client PORT BACKEND SCRIPT REQUESTS CONCURRENCY "
                 "[KEY VALUE]...\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 3 && std::strcmp(argv[1], "server") == 0) {
        server::ServerConfig cfg;
        cfg.port = static_cast<std::uint16_t>(std::stoi(argv[2]));
        cfg.gremlin_pool = 1;
        auto h = server::start(cfg);
        h->wait();
        return 0;
    }
    if (argc < 7 || std::strcmp(argv[1], "client") != 0) return usage();
    const auto port = static_cast<std::uint16_t>(std::stoi(argv[2]));
    const std::string backend = argv[3];
    const std::string script = argv[4];
    const int n = std::stoi(argv[5]);
    const int conc = std::max(1, std::stoi(argv[6]));
    const auto* info = backends::find_backend(backend);
    if (!info) return usage();
    engine::SessionConfig cfg;
    cfg.target.port = port;
    for (int i = 7; i + 1 < argc; i += 2) cfg.target.options[argv[i]] = argv[i + 1];
    cfg.max_in_process_per_connection = static_cast<std::size_t>(std::max(conc, 1));

    net::io_context ioc;
    std::uint64_t results = 0, bytes_in = 0, bytes_out = 0, errors = 0;
    int issued = 0, done = 0;
    double cpu0 = 0;
    auto t0 = engine::Clock::now();
    std::vector<std::unique_ptr<engine::Session>> sessions;
    net::co_spawn(
        ioc,
        [&]() -> net::awaitable<void> {
            const int nconn = backend == "ws37" ? 1 : conc;
            for (int i = 0; i < nconn; ++i) {
                sessions.push_back(info->factory(ioc.get_executor(), cfg));
                if (co_await sessions.back()->async_connect()) {
                    std::fprintf(stderr, "connect failed\n");
                    co_return;
                }
            }
            cpu0 = cpu_seconds();
            t0 = engine::Clock::now();
            for (int w = 0; w < conc; ++w) {
                net::co_spawn(
                    ioc,
                    [&, w]() -> net::awaitable<void> {
                        auto& s = *sessions[static_cast<std::size_t>(w) % sessions.size()];
                        engine::Request r;
                        r.gremlin = script;
                        while (issued < n) {
                            ++issued;
                            r.deadline = engine::Clock::now() + std::chrono::seconds(120);
                            const auto o = co_await s.async_execute(r);
                            results += o.result_count;
                            bytes_in += o.bytes_in;
                            bytes_out += o.bytes_out;
                            if (o.error) {
                                ++errors;
                                std::fprintf(stderr, "error: %s %s\n", o.error.message().c_str(),
                                             o.status_message.c_str());
                            }
                            ++done;
                        }
                    },
                    report);
            }
            net::steady_timer t(ioc);
            while (done < n) {
                t.expires_after(std::chrono::milliseconds(1));
                co_await t.async_wait(net::as_tuple(net::use_awaitable));
            }
            for (auto& s : sessions) co_await s->async_close();
        },
        report);
    ioc.run();
    const double secs = std::chrono::duration<double>(engine::Clock::now() - t0).count();
    const double cpu = cpu_seconds() - cpu0;
    std::printf(
        "%s '%s' requests=%d concurrency=%d: %.3f s wall, %.3f s client CPU, %.1f req/s, "
        "%.2f us CPU/request, %.1f ns CPU/result, results=%llu bytes_in=%llu bytes_out=%llu errors=%llu\n",
        backend.c_str(), script.c_str(), n, conc, secs, cpu, n / secs, cpu / n * 1e6,
        results ? cpu / static_cast<double>(results) * 1e9 : 0.0, static_cast<unsigned long long>(results),
        static_cast<unsigned long long>(bytes_in), static_cast<unsigned long long>(bytes_out),
        static_cast<unsigned long long>(errors));
    return errors ? 1 : 0;
}
