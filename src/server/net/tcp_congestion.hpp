// The listening socket's TCP congestion control (`tpbench serve --tcp-congestion`). No Asio: the
// socket is a native descriptor, the decision a pure function (unit-tested).
//
// Why it exists: on a loopback listener a pacing algorithm (BBR, a common system default) makes
// every paced send arm an hrtimer, and the loopback device has no qdisc to pace for it, so the
// kernel paces in TCP itself (tcp_pacing_check -> hrtimer, the send resumed from the timer's
// softirq). For a streamed response that is most of the server's CPU: http4 `times(18)` spent
// ~2.0 s of I/O-thread kernel time under BBR against ~0.8 s under CUBIC (docs/performance.md,
// session 8). Pacing protects a bottleneck queue on a real path; a loopback connection has none.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tpbench::server::detail {

// What to ask for on the listener. `requested`: "auto" (the default), "system" or an algorithm
// name. "auto" on a loopback listener whose system default paces (bbr) asks for the first of
// `fallbacks` the socket accepts ({"cubic", "reno"}); everything else keeps the system default.
// An empty result means "leave the socket alone".
struct CongestionPlan {
    std::vector<std::string> candidates;  // tried in order; empty = system default
    bool required = false;                // an explicit name: failing to set it is an error
};
CongestionPlan plan_congestion(std::string_view requested, bool loopback_listener,
                               std::string_view system_default);

// The system's default algorithm (/proc/sys/net/ipv4/tcp_congestion_control), "" when unknown.
std::string system_congestion_default();

// Applies `plan` to the listening socket `fd` (before listen(): accepted sockets inherit it).
// Returns the algorithm in effect afterwards (getsockopt), "" where TCP_CONGESTION is not
// supported. Throws std::runtime_error when a required algorithm cannot be set, naming it, the
// OS reason and /proc/sys/net/ipv4/tcp_available_congestion_control.
std::string apply_congestion(int fd, const CongestionPlan& plan);

// Checks the --tcp-congestion value's shape ("auto", "system" or an algorithm name: up to 15
// characters of [a-z0-9_]); throws std::runtime_error otherwise.
void validate_congestion_name(std::string_view requested);

}  // namespace tpbench::server::detail
