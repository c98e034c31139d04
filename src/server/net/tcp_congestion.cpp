#include "tcp_congestion.hpp"

#include <tpbench/server/server.hpp>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace tpbench::server::detail {

namespace {

std::string read_first_line(const char* path) {
    std::ifstream in(path);
    std::string line;
    if (in) std::getline(in, line);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\n' || line.back() == '\r'))
        line.pop_back();
    return line;
}

// Algorithms that pace every send (the kernel's own list has no flag to query from user space).
bool paces(std::string_view algorithm) {
    return algorithm == "bbr" || algorithm == "bbr2" || algorithm == "bbr3";
}

}  // namespace

void validate_congestion_name(std::string_view requested) {
    bool ok = !requested.empty() && requested.size() < 16;  // TCP_CA_NAME_MAX = 16 with the NUL
    for (char c : requested) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
    if (!ok)
        throw std::runtime_error(
            "--tcp-congestion must be auto, system or a TCP congestion control name "
            "(e.g. cubic, reno, bbr), got '" +
            std::string(requested) + "'");
}

CongestionPlan plan_congestion(std::string_view requested, bool loopback_listener,
                               std::string_view system_default) {
    CongestionPlan p;
    if (requested == "system") return p;
    if (requested == "auto") {
        if (loopback_listener && paces(system_default)) p.candidates = {"cubic", "reno"};
        return p;
    }
    p.candidates = {std::string(requested)};
    p.required = true;
    return p;
}

std::string system_congestion_default() {
    return read_first_line("/proc/sys/net/ipv4/tcp_congestion_control");
}

std::string apply_congestion(int fd, const CongestionPlan& plan) {
#ifdef TCP_CONGESTION
    int last_errno = 0;
    for (const auto& name : plan.candidates) {
        if (::setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name.data(), static_cast<socklen_t>(name.size())) ==
            0)
            break;
        last_errno = errno;
        if (plan.required) {
            std::string available = read_first_line("/proc/sys/net/ipv4/tcp_available_congestion_control");
            throw std::runtime_error("cannot use TCP congestion control '" + name +
                                     "': " + std::strerror(last_errno) +
                                     (available.empty() ? std::string() : " (available: " + available + ")"));
        }
    }
    char buf[16] = {};
    socklen_t len = sizeof buf;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, buf, &len) != 0) return {};
    return std::string(buf, ::strnlen(buf, len));
#else
    if (plan.required)
        throw std::runtime_error("--tcp-congestion: TCP_CONGESTION is not supported on this system");
    (void)fd;
    return {};
#endif
}

}  // namespace tpbench::server::detail

namespace tpbench::server {
std::string system_tcp_congestion() { return detail::system_congestion_default(); }
}  // namespace tpbench::server
