#pragma once
// The HTTP side of the run's metrics (--metrics-port, --metrics-push), on Beast: an endpoint that
// serves the live view on GET /metrics, and a client that pushes the final view to a Prometheus
// Pushgateway-compatible URL. The only Asio/Beast translation unit of the CLI's metrics; this
// header has none (the report module renders the text: tpbench/report/metrics.hpp).
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace tpbench::cli {

// An HTTP/1.1 endpoint serving `body(openmetrics)` on GET (and HEAD) /metrics — openmetrics is
// true when the request's Accept names application/openmetrics-text, else Prometheus text 0.0.4 is
// asked for — 404 elsewhere, 405 for other methods. One background thread, one connection at a
// time, each bounded by 2 s and 8 KiB of request head (and 8 KiB of body); every response closes
// its connection. Stops and joins in the destructor.
class MetricsServer {
public:
    // Binds host:port (port 0 = ephemeral; see port()). Throws std::runtime_error naming the
    // address when it cannot bind or host is not an IP address.
    MetricsServer(const std::string& host, std::uint16_t port,
                  std::function<std::string(bool openmetrics)> body);
    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    std::uint16_t port() const noexcept;
    std::uint64_t requests_served() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// A --metrics-push URL: http://HOST[:PORT]/PATH (a Pushgateway's http://H:9091/metrics/job/NAME).
struct PushUrl {
    std::string host;
    std::uint16_t port = 80;
    std::string target;  // "/metrics/job/tpbench"
};

// Parses `url`. Throws engine::ConfigError naming --metrics-push: not http://, no host, bad port.
PushUrl parse_push_url(const std::string& url);

// PUTs `body` (Prometheus text 0.0.4) to `url` as a Pushgateway expects: the whole group is
// replaced. Returns "" on a 2xx answer, else what went wrong (connect error, timeout, "HTTP 400:
// ..."). Bounded by `timeout` overall. Never throws.
std::string push_metrics(const PushUrl& url, const std::string& body,
                         std::chrono::milliseconds timeout = std::chrono::seconds(5));

}  // namespace tpbench::cli
