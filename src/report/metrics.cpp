#include <tpbench/report/metrics.hpp>

#include <cmath>
#include <cstdio>
#include <string_view>

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

// Prometheus text 0.0.4 names a counter family by its sample ("..._total"); OpenMetrics without.
void write_family(std::string& out, const char* name, const char* type, const char* help, bool prometheus) {
    const std::string n =
        std::string(name) + (prometheus && std::string_view(type) == "counter" ? "_total" : "");
    out += "# TYPE ";
    out += n;
    out += ' ';
    out += type;
    out += "\n# HELP ";
    out += n;
    out += ' ';
    out += help;
    out += '\n';
}

std::string render(const std::vector<LiveMetrics>& sides, bool prometheus) {
    std::string out;
    const auto family = [&out, prometheus](const char* name, const char* type, const char* help) {
        write_family(out, name, type, help, prometheus);
    };
    auto side_label = [](const LiveMetrics& m) { return "side=\"" + label_value(m.side) + "\""; };

    family("tpbench_requests", "counter", "Finished requests by outcome.");
    for (const auto& m : sides) {
        out += "tpbench_requests_total{" + side_label(m) + ",outcome=\"ok\"} " + std::to_string(m.completed) +
               '\n';
        out += "tpbench_requests_total{" + side_label(m) + ",outcome=\"error\"} " + std::to_string(m.failed) +
               '\n';
    }
    family("tpbench_errors", "counter", "Failed requests by error class.");
    for (const auto& m : sides)
        for (const auto& [name, n] : m.errors)
            out += "tpbench_errors_total{" + side_label(m) + ",class=\"" + label_value(name) + "\"} " +
                   std::to_string(n) + '\n';
    family("tpbench_results", "counter", "Results received by successful requests.");
    for (const auto& m : sides)
        out += "tpbench_results_total{" + side_label(m) + "} " + std::to_string(m.results) + '\n';
    family("tpbench_received_bytes", "counter", "Response bytes on the wire.");
    for (const auto& m : sides)
        out += "tpbench_received_bytes_total{" + side_label(m) + "} " + std::to_string(m.bytes_in) + '\n';
    family("tpbench_sent_bytes", "counter", "Request bytes on the wire.");
    for (const auto& m : sides)
        out += "tpbench_sent_bytes_total{" + side_label(m) + "} " + std::to_string(m.bytes_out) + '\n';
    family("tpbench_request_duration_seconds", "histogram",
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
    family("tpbench_planned_requests", "gauge", "Requests planned for the run.");
    for (const auto& m : sides)
        out += "tpbench_planned_requests{" + side_label(m) + "} " + std::to_string(m.planned) + '\n';
    family("tpbench_offered_rate_rps", "gauge", "Offered request rate (0 = closed loop).");
    for (const auto& m : sides)
        out += "tpbench_offered_rate_rps{" + side_label(m) + "} " + num(m.offered_rps) + '\n';
    family("tpbench_elapsed_seconds", "gauge", "Seconds since the run started.");
    for (const auto& m : sides)
        out += "tpbench_elapsed_seconds{" + side_label(m) + "} " + num(m.elapsed_s) + '\n';
    if (!prometheus) out += "# EOF\n";
    return out;
}

}  // namespace

std::string render_openmetrics(const std::vector<LiveMetrics>& sides) { return render(sides, false); }

std::string render_prometheus_text(const std::vector<LiveMetrics>& sides) { return render(sides, true); }

}  // namespace tpbench::report
