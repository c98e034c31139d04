// Embedded server cost: `1+1` request rate and server CPU per request (http4 over 16 keep-alive
// connections, ws37 pipelined 16 deep on one connection), and the streaming rate of
// g.V().repeat(both()).times(18) (39,750,654 results) per protocol. The server runs in-process
// (threadPoolWorker 1, gremlinPool 1); "server CPU" = process CPU time minus the benchmark
// (client) thread's CPU time. Everything on 127.0.0.1, bounded in count and time.
// Results and commands: docs/performance.md ("Embedded server").
#include <tpbench/io/http4.hpp>
#include <tpbench/io/ws37.hpp>
#include <tpbench/server/server.hpp>

#include <benchmark/benchmark.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using namespace tpbench;

double cpu_seconds(clockid_t id) {
    timespec ts{};
    clock_gettime(id, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Process CPU minus the calling thread's CPU: the server's share when the client is this thread.
struct ServerCpu {
    double p0 = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID), t0 = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
    double seconds() const {
        return (cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - p0) - (cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - t0);
    }
};

long proc_status_kib(const char* key) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key, 0) == 0) return std::stol(line.substr(std::string(key).size()));
    return -1;
}

void reset_peak_rss() {
    std::ofstream f("/proc/self/clear_refs");
    f << "5";
}

server::ServerHandle& bench_server() {
    static std::unique_ptr<server::ServerHandle> srv = [] {
        server::ServerConfig cfg;
        cfg.host = "127.0.0.1";
        cfg.port = 0;
        cfg.thread_pool_worker = 1;
        cfg.gremlin_pool = 1;
        cfg.evaluation_timeout = std::chrono::seconds(300);
        return server::start(cfg);
    }();
    return *srv;
}

int connect_fd(std::uint16_t port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    timeval tv{30, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
        throw std::runtime_error("connect failed");
    return fd;
}

std::string http4_request(const std::string& gremlin) {
    std::string body = "{\"gremlin\":\"" + gremlin + "\",\"language\":\"gremlin-groovy\"}";
    return "POST /gremlin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: "
           "application/vnd.graphbinary-v4.0\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
}

// Reads one small chunked response (ends with the trailer block after the 0-size chunk).
bool read_small_response(int fd, std::string& buf) {
    for (;;) {
        auto end = buf.find("\r\n0\r\n");
        if (end != std::string::npos) {
            auto fin = buf.find("\r\n\r\n", end + 2);
            if (fin != std::string::npos) {
                buf.erase(0, fin + 4);
                return true;
            }
        }
        char tmp[4096];
        auto n = ::recv(fd, tmp, sizeof tmp, 0);
        if (n <= 0) return false;
        buf.append(tmp, static_cast<std::size_t>(n));
    }
}

void BM_Http4OnePlusOne(benchmark::State& state) {
    const int conns = static_cast<int>(state.range(0));
    auto port = bench_server().port();
    std::vector<int> fds;
    std::vector<std::string> bufs(static_cast<std::size_t>(conns));
    const std::string req = http4_request("1+1");
    for (int i = 0; i < conns; ++i) {
        fds.push_back(connect_fd(port));
        ::send(fds.back(), req.data(), req.size(), MSG_NOSIGNAL);
    }
    ServerCpu cpu;
    std::size_t k = 0;
    std::int64_t done = 0;
    for (auto _ : state) {
        if (!read_small_response(fds[k], bufs[k])) {
            state.SkipWithError("http4 connection failed");
            break;
        }
        ++done;
        ::send(fds[k], req.data(), req.size(), MSG_NOSIGNAL);
        k = (k + 1) % fds.size();
    }
    for (std::size_t i = 0; i < fds.size(); ++i) {
        read_small_response(fds[i], bufs[i]);
        ++done;
    }
    double server_cpu = cpu.seconds();
    for (int fd : fds) ::close(fd);
    state.counters["req/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["server_cpu_us/req"] = server_cpu * 1e6 / static_cast<double>(done);
    state.counters["req/s/server_core"] = static_cast<double>(done) / server_cpu;
}
BENCHMARK(BM_Http4OnePlusOne)->Arg(16)->MinTime(3.0)->UseRealTime()->Unit(benchmark::kMicrosecond);

class WsClient {
public:
    explicit WsClient(std::uint16_t port) {
        ws_.next_layer().connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
        ws_.next_layer().set_option(asio::ip::tcp::no_delay(true));
        ws_.read_message_max(64u << 20);
        ws_.auto_fragment(false);
        ws_.binary(true);
        ws_.handshake("127.0.0.1", "/gremlin");
    }
    void write(const std::string& frame) { ws_.write(asio::buffer(frame)); }
    std::string_view read() {
        buf_.clear();
        ws_.read(buf_);
        return {static_cast<const char*>(buf_.data().data()), buf_.size()};
    }
    void close() { ws_.close(websocket::close_code::normal); }

private:
    asio::io_context ioc_;
    websocket::stream<asio::ip::tcp::socket> ws_{ioc_};
    beast::flat_buffer buf_;
};

std::string ws37_frame(const std::string& script) {
    io::ws37::RequestMessage m;
    m.request_id = model::Uuid{0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x47, 0x88,
                               0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0};
    m.args = model::Value::map({model::Value::string("gremlin"), model::Value::string(script),
                                model::Value::string("batchSize"), model::Value::int_(64)});
    std::string f;
    io::ws37::encode_request(f, m, io::ws37::Format::graphbinary_v1);
    return f;
}

void BM_Ws37OnePlusOne(benchmark::State& state) {
    const int depth = static_cast<int>(state.range(0));
    WsClient c(bench_server().port());
    const std::string req = ws37_frame("1+1");
    for (int i = 0; i < depth; ++i) c.write(req);
    ServerCpu cpu;
    std::int64_t done = 0;
    for (auto _ : state) {
        auto s = io::ws37::scan_response(c.read(), io::ws37::Format::graphbinary_v1);
        if (!s.ok() || s->code != 200) {
            state.SkipWithError("unexpected ws37 response");
            break;
        }
        ++done;
        c.write(req);
    }
    for (int i = 0; i < depth; ++i) {
        c.read();
        ++done;
    }
    double server_cpu = cpu.seconds();
    c.close();
    state.counters["req/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["server_cpu_us/req"] = server_cpu * 1e6 / static_cast<double>(done);
    state.counters["req/s/server_core"] = static_cast<double>(done) / server_cpu;
}
BENCHMARK(BM_Ws37OnePlusOne)->Arg(16)->MinTime(3.0)->UseRealTime()->Unit(benchmark::kMicrosecond);

constexpr const char* times18 = "g.V().repeat(both()).times(18)";
constexpr std::uint64_t times18_results = 39750654;

void report_stream(benchmark::State& state, std::uint64_t results, std::uint64_t bytes, double wall,
                   double server_cpu) {
    state.counters["values"] = static_cast<double>(results);
    state.counters["values/s"] = static_cast<double>(results) / wall;
    state.counters["MB/s"] = static_cast<double>(bytes) / wall / 1e6;
    state.counters["server_cpu_s"] = server_cpu;
    state.counters["peak_rss_MB"] = static_cast<double>(proc_status_kib("VmHWM:")) / 1024.0;
    if (results != times18_results) state.SkipWithError("wrong result count");
}

void BM_Http4Times18(benchmark::State& state) {
    auto port = bench_server().port();
    for (auto _ : state) {
        reset_peak_rss();
        int fd = connect_fd(port);
        std::string req = http4_request(times18);
        ::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
        io::http4::ResponseDecoder dec(io::http4::ResponseFormat::graphbinary_v4,
                                       io::http4::DecodeMode::count);
        ServerCpu cpu;
        auto t0 = std::chrono::steady_clock::now();
        std::string buf;
        std::uint64_t bytes = 0;
        bool head = false, ended = false;
        std::vector<char> tmp(1 << 16);
        // Minimal chunked reader: head, then size lines + data, until the 0 chunk.
        while (!ended) {
            auto n = ::recv(fd, tmp.data(), tmp.size(), 0);
            if (n <= 0) break;
            bytes += static_cast<std::uint64_t>(n);
            buf.append(tmp.data(), static_cast<std::size_t>(n));
            std::size_t pos = 0;
            if (!head) {
                auto e = buf.find("\r\n\r\n");
                if (e == std::string::npos) continue;
                head = true;
                pos = e + 4;
            }
            for (;;) {
                auto e = buf.find("\r\n", pos);
                if (e == std::string::npos) break;
                std::size_t size = std::stoul(buf.substr(pos, e - pos), nullptr, 16);
                if (size == 0) {
                    ended = true;
                    break;
                }
                if (buf.size() < e + 2 + size + 2) break;
                if (!dec.feed(std::string_view(buf).substr(e + 2, size)).ok()) {
                    ended = true;
                    break;
                }
                pos = e + 2 + size + 2;
            }
            buf.erase(0, pos);
        }
        double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ::close(fd);
        report_stream(state, dec.result_count(), bytes, wall, cpu.seconds());
    }
}
BENCHMARK(BM_Http4Times18)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_Ws37Times18(benchmark::State& state) {
    for (auto _ : state) {
        reset_peak_rss();
        WsClient c(bench_server().port());
        ServerCpu cpu;
        auto t0 = std::chrono::steady_clock::now();
        c.write(ws37_frame(times18));
        std::uint64_t results = 0, bytes = 0;
        for (;;) {
            auto f = c.read();
            bytes += f.size();
            auto s = io::ws37::scan_response(f, io::ws37::Format::graphbinary_v1);
            if (!s.ok()) break;
            results += s->result_count;
            if (io::ws37::is_final(s->code)) break;
        }
        double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        c.close();
        report_stream(state, results, bytes, wall, cpu.seconds());
    }
}
BENCHMARK(BM_Ws37Times18)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
