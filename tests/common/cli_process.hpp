#pragma once
// The tpbench binary as a child process, for the tests of its command line: run_cli (one command,
// its exit code and output), ServeProcess (`tpbench serve --port 0 ...` for the test's lifetime)
// and RawTcpListener (a listener on 127.0.0.1 that accepts and closes, holds, or answers one fixed
// reply). Test code only (uses doctest, POSIX); header-only.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace tpbench::test {

struct CliResult {
    int code = -1;                   // the exit code (-1: killed by a signal)
    std::string out;                 // stdout, and stderr when asked
    std::vector<std::string> lines;  // `out` line by line
};

// Runs `binary args` through the shell (args are shell words); stderr joins stdout when
// `with_stderr`, else it is dropped.
inline CliResult run_cli(const std::string& binary, const std::string& args, bool with_stderr) {
    CliResult r;
    const std::string cmd = binary + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::array<char, 4096> buf{};
    while (std::fgets(buf.data(), buf.size(), p)) r.out += buf.data();
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::istringstream ss(r.out);
    for (std::string l; std::getline(ss, l);) r.lines.push_back(l);
    return r;
}

// `binary serve --port 0 ARGS...` as a child process until destruction (SIGTERM, then reaped);
// port() from its first stdout line ("... listening on 127.0.0.1:PORT ...").
class ServeProcess {
public:
    explicit ServeProcess(const std::string& binary, std::vector<std::string> args = {}) {
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::dup2(fds[1], 1);
            ::close(fds[0]);
            ::close(fds[1]);
            std::vector<std::string> all{binary, "serve", "--port", "0"};
            all.insert(all.end(), args.begin(), args.end());
            std::vector<char*> argv;
            for (auto& a : all) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(binary.c_str(), argv.data());
            ::_exit(127);
        }
        ::close(fds[1]);
        out_ = ::fdopen(fds[0], "r");
        std::array<char, 1024> buf{};
        if (std::fgets(buf.data(), buf.size(), out_)) first_line_ = buf.data();
        const std::regex re(R"(listening on 127\.0\.0\.1:(\d+))");
        std::smatch m;
        if (std::regex_search(first_line_, m, re)) port_ = std::stoi(m[1]);
        REQUIRE_MESSAGE(port_ > 0, first_line_);
    }
    ~ServeProcess() {
        ::kill(pid_, SIGTERM);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        if (out_) std::fclose(out_);
    }
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    int port() const { return port_; }
    const std::string& first_line() const { return first_line_; }
    // "127.0.0.1:PORT", as a --side target.
    std::string target() const { return "127.0.0.1:" + std::to_string(port_); }
    // "--host 127.0.0.1 --port PORT".
    std::string host_flags() const { return "--host 127.0.0.1 --port " + std::to_string(port_); }

private:
    pid_t pid_ = -1;
    FILE* out_ = nullptr;
    std::string first_line_;
    int port_ = 0;
};

// A TCP listener on 127.0.0.1 (ephemeral port) on a thread of its own, plain POSIX sockets, for
// servers that misbehave simply: `close` closes each connection at once, `hold` keeps them open
// (never read) until destruction, `answer` reads once, sends `reply` and closes. accepted() counts
// the connections.
class RawTcpListener {
public:
    enum class Accepted { close, hold, answer };

    explicit RawTcpListener(Accepted mode, std::string reply = {}) : mode_(mode), reply_(std::move(reply)) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        REQUIRE(fd_ >= 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = 0;
        REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
        REQUIRE(::listen(fd_, 512) == 0);
        socklen_t len = sizeof a;
        REQUIRE(::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) == 0);
        port_ = ntohs(a.sin_port);
        thread_ = std::thread([this] {
            for (;;) {
                const int c = ::accept(fd_, nullptr, nullptr);
                if (c < 0) break;
                ++accepted_;
                if (mode_ == Accepted::hold) {
                    held_.push_back(c);
                    continue;
                }
                if (mode_ == Accepted::answer) {
                    std::array<char, 8192> buf{};
                    (void)::recv(c, buf.data(), buf.size(), 0);
                    (void)::send(c, reply_.data(), reply_.size(), MSG_NOSIGNAL);
                }
                ::close(c);
            }
        });
    }
    ~RawTcpListener() {
        ::shutdown(fd_, SHUT_RDWR);
        ::close(fd_);
        thread_.join();
        for (int c : held_) ::close(c);
    }
    RawTcpListener(const RawTcpListener&) = delete;
    RawTcpListener& operator=(const RawTcpListener&) = delete;

    int port() const { return port_; }
    int accepted() const { return accepted_.load(); }

private:
    Accepted mode_;
    std::string reply_;
    int fd_ = -1;
    int port_ = 0;
    std::atomic<int> accepted_{0};
    std::vector<int> held_;  // the accept thread's only, until it is joined
    std::thread thread_;
};

}  // namespace tpbench::test
