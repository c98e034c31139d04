#include <tpbench/report/metrics.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace tpbench::report {

namespace {

std::string num(double v) {
    if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string label_value(const std::string& s) {
    // OpenMetrics label values escape backslash, double quote and newline.
    std::string out;
    for (char c : s) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

void family(std::string& out, const char* name, const char* type, const char* help) {
    out += "# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += "\n# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += '\n';
}

}  // namespace

std::string render_openmetrics(const std::vector<LiveMetrics>& sides) {
    std::string out;
    auto side_label = [](const LiveMetrics& m) { return "side=\"" + label_value(m.side) + "\""; };

    family(out, "tpbench_requests", "counter", "Finished requests by outcome.");
    for (const auto& m : sides) {
        out += "tpbench_requests_total{" + side_label(m) + ",outcome=\"ok\"} " + std::to_string(m.completed) +
               '\n';
        out += "tpbench_requests_total{" + side_label(m) + ",outcome=\"error\"} " + std::to_string(m.failed) +
               '\n';
    }
    family(out, "tpbench_errors", "counter", "Failed requests by error class.");
    for (const auto& m : sides)
        for (const auto& [name, n] : m.errors)
            out += "tpbench_errors_total{" + side_label(m) + ",class=\"" + label_value(name) + "\"} " +
                   std::to_string(n) + '\n';
    family(out, "tpbench_results", "counter", "Results received by successful requests.");
    for (const auto& m : sides)
        out += "tpbench_results_total{" + side_label(m) + "} " + std::to_string(m.results) + '\n';
    family(out, "tpbench_received_bytes", "counter", "Response bytes on the wire.");
    for (const auto& m : sides)
        out += "tpbench_received_bytes_total{" + side_label(m) + "} " + std::to_string(m.bytes_in) + '\n';
    family(out, "tpbench_sent_bytes", "counter", "Request bytes on the wire.");
    for (const auto& m : sides)
        out += "tpbench_sent_bytes_total{" + side_label(m) + "} " + std::to_string(m.bytes_out) + '\n';
    family(out, "tpbench_request_duration_seconds", "histogram",
           "Latency of successful requests from intended send to last result (coordinated-omission corrected "
           "in rate mode).");
    for (const auto& m : sides) {
        std::uint64_t cumulative = 0;
        for (const auto& [bound, n] : m.latency_buckets) {
            cumulative += n;
            out += "tpbench_request_duration_seconds_bucket{" + side_label(m) + ",le=\"" + num(bound) +
                   "\"} " + std::to_string(cumulative) + '\n';
        }
        out += "tpbench_request_duration_seconds_count{" + side_label(m) + "} " + std::to_string(cumulative) +
               '\n';
        out += "tpbench_request_duration_seconds_sum{" + side_label(m) + "} " + num(m.latency_sum_s) + '\n';
    }
    family(out, "tpbench_planned_requests", "gauge", "Requests planned for the run.");
    for (const auto& m : sides)
        out += "tpbench_planned_requests{" + side_label(m) + "} " + std::to_string(m.planned) + '\n';
    family(out, "tpbench_offered_rate_rps", "gauge", "Offered request rate (0 = closed loop).");
    for (const auto& m : sides)
        out += "tpbench_offered_rate_rps{" + side_label(m) + "} " + num(m.offered_rps) + '\n';
    family(out, "tpbench_elapsed_seconds", "gauge", "Seconds since the run started.");
    for (const auto& m : sides)
        out += "tpbench_elapsed_seconds{" + side_label(m) + "} " + num(m.elapsed_s) + '\n';
    out += "# EOF\n";
    return out;
}

struct MetricsServer::Impl {
    int listen_fd = -1;
    int wake[2] = {-1, -1};
    std::uint16_t port = 0;
    std::function<std::string()> body;
    std::atomic<std::uint64_t> served{0};
    std::thread thread;

    void serve_one(int fd) {
        timeval tv{2, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        std::string head;
        char buf[1024];
        // Read the request head only (bounded); a body, if any, is ignored.
        while (head.find("\r\n\r\n") == std::string::npos && head.size() < 8192) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0) return;
            head.append(buf, static_cast<std::size_t>(n));
        }
        std::string status = "200 OK", type = "application/openmetrics-text; version=1.0.0; charset=utf-8",
                    payload;
        if (head.rfind("GET ", 0) != 0 && head.rfind("HEAD ", 0) != 0) {
            status = "405 Method Not Allowed";
            type = "text/plain";
            payload = "only GET /metrics\n";
        } else {
            const auto sp = head.find(' ');
            const auto sp2 = head.find(' ', sp + 1);
            const std::string target =
                head.substr(sp + 1, sp2 == std::string::npos ? std::string::npos : sp2 - sp - 1);
            if (target != "/metrics" && target.rfind("/metrics?", 0) != 0) {
                status = "404 Not Found";
                type = "text/plain";
                payload = "try GET /metrics\n";
            } else {
                payload = body();
                if (head.find("openmetrics") == std::string::npos)
                    type = "text/plain; version=0.0.4; charset=utf-8";  // plain Prometheus scrapers
            }
        }
        std::string resp = "HTTP/1.1 " + status + "\r\nContent-Type: " + type +
                           "\r\nContent-Length: " + std::to_string(payload.size()) +
                           "\r\nConnection: close\r\n\r\n";
        if (head.rfind("HEAD ", 0) != 0) resp += payload;
        std::size_t off = 0;
        while (off < resp.size()) {
            const ssize_t n = ::send(fd, resp.data() + off, resp.size() - off, MSG_NOSIGNAL);
            if (n <= 0) return;
            off += static_cast<std::size_t>(n);
        }
        served.fetch_add(1, std::memory_order_relaxed);
    }

    void loop() {
        for (;;) {
            pollfd fds[2] = {{listen_fd, POLLIN, 0}, {wake[0], POLLIN, 0}};
            if (::poll(fds, 2, -1) < 0) {
                if (errno == EINTR) continue;
                return;
            }
            if (fds[1].revents) return;
            if (fds[0].revents & POLLIN) {
                const int fd = ::accept(listen_fd, nullptr, nullptr);
                if (fd < 0) continue;
                serve_one(fd);
                ::close(fd);
            }
        }
    }
};

MetricsServer::MetricsServer(const std::string& host, std::uint16_t port, std::function<std::string()> body)
    : impl_(std::make_unique<Impl>()) {
    impl_->body = std::move(body);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    const std::string where = host + ":" + std::to_string(port);
    if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1)
        throw std::runtime_error("metrics endpoint: not an IPv4 address: " + host);
    impl_->listen_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (impl_->listen_fd < 0)
        throw std::runtime_error("metrics endpoint: socket: " + std::string(std::strerror(errno)));
    const int one = 1;
    ::setsockopt(impl_->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(impl_->listen_fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::listen(impl_->listen_fd, 16) != 0) {
        const std::string err = std::strerror(errno);
        ::close(impl_->listen_fd);
        throw std::runtime_error("metrics endpoint: cannot listen on " + where + ": " + err);
    }
    socklen_t len = sizeof addr;
    ::getsockname(impl_->listen_fd, reinterpret_cast<sockaddr*>(&addr), &len);
    impl_->port = ntohs(addr.sin_port);
    if (::pipe2(impl_->wake, O_CLOEXEC) != 0) {
        ::close(impl_->listen_fd);
        throw std::runtime_error("metrics endpoint: pipe: " + std::string(std::strerror(errno)));
    }
    impl_->thread = std::thread([p = impl_.get()] { p->loop(); });
}

MetricsServer::~MetricsServer() {
    const char c = 0;
    [[maybe_unused]] auto n = ::write(impl_->wake[1], &c, 1);
    if (impl_->thread.joinable()) impl_->thread.join();
    ::close(impl_->listen_fd);
    ::close(impl_->wake[0]);
    ::close(impl_->wake[1]);
}

std::uint16_t MetricsServer::port() const noexcept { return impl_->port; }
std::uint64_t MetricsServer::requests_served() const noexcept { return impl_->served.load(); }

}  // namespace tpbench::report
