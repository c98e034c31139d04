#pragma once
// Helpers for the embedded-server integration tests: a blocking loopback TCP client with receive
// timeouts (so a broken server fails a test instead of hanging it) and /proc RSS reading; the
// server itself starts with tests/common's start_embedded_server, responses parse with
// tests/common's parse_http_response.
#include "common/bytes.hpp"
#include "common/embedded_server.hpp"
#include "common/http_parse.hpp"

#include <tpbench/server/server.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

namespace tpbench::test {

class TcpClient {
public:
    explicit TcpClient(std::uint16_t port, int rcvbuf = 0, int timeout_ms = 10000) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd_ < 0) throw std::runtime_error("socket failed");
        if (rcvbuf > 0) ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
        timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
        ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        int one = 1;
        ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
            ::close(fd_);
            throw std::runtime_error("connect failed");
        }
    }
    ~TcpClient() { close(); }
    TcpClient(const TcpClient&) = delete;
    TcpClient& operator=(const TcpClient&) = delete;

    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    bool send_all(std::string_view b) {
        while (!b.empty()) {
            auto n = ::send(fd_, b.data(), b.size(), MSG_NOSIGNAL);
            if (n <= 0) return false;
            b.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }
    // Reads some bytes into buf_; false on EOF/error/timeout.
    bool read_some() {
        char tmp[65536];
        auto n = ::recv(fd_, tmp, sizeof tmp, 0);
        if (n <= 0) return false;
        buf_.append(tmp, static_cast<std::size_t>(n));
        return true;
    }
    // Reads until one complete HTTP response is buffered and returns it (consumed from buf_).
    std::optional<ParsedResponse> read_response() {
        for (;;) {
            if (auto r = parse_http_response(buf_)) {
                buf_.erase(0, r->consumed);
                return r;
            }
            if (!read_some()) return std::nullopt;
        }
    }
    // Reads until the peer closes (or timeout); returns everything read.
    std::string read_to_eof() {
        while (read_some()) {
        }
        return buf_;
    }
    int fd() const { return fd_; }
    std::string& buffer() { return buf_; }

private:
    int fd_ = -1;
    std::string buf_;
};

inline std::string http_post(std::string_view body, std::string_view content_type, std::string_view accept,
                             std::string_view extra_headers = {}) {
    std::string r = "POST /gremlin HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    if (!content_type.empty()) r += "Content-Type: " + std::string(content_type) + "\r\n";
    if (!accept.empty()) r += "Accept: " + std::string(accept) + "\r\n";
    r += extra_headers;
    r += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    r += body;
    return r;
}

// Resident set size of this process in KiB (VmRSS from /proc/self/status).
inline long vm_rss_kib() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

}  // namespace tpbench::test
