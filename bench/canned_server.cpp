// bench_canned_server: a Gremlin endpoint that answers from a cache, so that a client benchmark
// (bench/workers.sh PEER=canned) is not limited by the server. One thread, plain POSIX sockets and
// level-triggered epoll on 127.0.0.1; no Asio, no Beast, nothing of tpbench but the warnings.
//
// One port serves both protocols; each connection's first request decides:
//   http4  (TinkerPop 4 HTTP/1.1, keep-alive, pipelining allowed): every complete request (head
//          parsed, Content-Length honoured) is answered with the cached response bytes recorded for
//          its BODY (tpbench's probe body and its query body are two entries). Chunked request
//          bodies are refused (501).
//   ws37   (TinkerPop 3.x WebSocket, GraphBinary 1.0): the upgrade is accepted (Sec-WebSocket-Accept
//          computed), client frames are unmasked, and every request message is answered with the
//          cached response frames recorded for its bytes minus the 16-byte requestId (after the mime
//          prefix and the version byte), with that id patched into each response at its fixed
//          offset (2 bytes into the ResponseMessage). Pings get pongs, a Close gets a Close back.
// A request nothing was recorded for gets a clear error (http4: 500 with a text body; ws37: a
// ResponseMessage with status 500 and the same text), so a run against it reports failures.
//
// The cache comes from the real server: with --record-from HOST:PORT a request not in the cache
// is replayed once, byte for byte, to that server (blocking: HTTP on a keep-alive connection, ws37
// over a WebSocket of its own), and its answer is cached (and written to --save FILE). A recording
// pass therefore sends one short `tpbench run` per backend through the canned server; the measured
// runs then use `--cache FILE` alone (no upstream; bench/workers.sh PEER=canned does both).
//
// Every read's complete requests are answered with ONE send() (their responses appended to one
// buffer), which keeps pipelined ws37 cheap; while a send is incomplete the connection is not read.
// Bounds: --max-request (one request head+body or one frame), --max-connections, --seconds (the
// process exits after that many seconds; SIGTERM/SIGINT end it early). On exit it prints what it
// answered on stderr ("served: http4 N, ws37 M, ...", and the serving loop's epoll_pwait, recv and
// send calls), so a script can count requests and syscalls per request.
//
//   bench_canned_server [--port N] [--cache FILE] [--save FILE] [--record-from HOST:PORT]
//                       [--seconds S] [--max-connections N] [--max-request BYTES]
// The first line on stdout is "port N" (the listening port; --port 0 = ephemeral, the default).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

using namespace std::string_view_literals;

constexpr std::size_t kMaxHead = 16 * 1024;  // one HTTP head (request or upgrade)
constexpr std::size_t kIdBytes = 16;
constexpr std::size_t kResponseIdOffset = 2;  // {version 0x81}{value flag 0x00}{id}
constexpr std::string_view kWsGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
constexpr std::string_view kCacheMagic = "tpbench-canned-cache 1";
constexpr int kUpstreamTimeoutS = 10;

struct Options {
    std::uint16_t port = 0;
    std::string cache_file;
    std::string save_file;
    std::string record_host;
    std::uint16_t record_port = 0;
    int seconds = 600;
    std::size_t max_connections = 1024;
    std::size_t max_request = 1024 * 1024;
};

[[noreturn]] void die(const std::string& what) {
    std::fprintf(stderr, "bench_canned_server: %s\n", what.c_str());
    std::exit(2);
}

std::uint64_t parse_number(std::string_view text, std::uint64_t max, const char* what) {
    std::uint64_t v = 0;
    if (text.empty()) die(std::string(what) + ": empty number");
    for (const char c : text) {
        if (c < '0' || c > '9') die(std::string(what) + ": not a number: " + std::string(text));
        v = v * 10 + static_cast<std::uint64_t>(c - '0');
        if (v > max) die(std::string(what) + ": too large: " + std::string(text));
    }
    return v;
}

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--help" || a == "-h") {
            std::puts(
                "bench_canned_server [--port N] [--cache FILE] [--save FILE] [--record-from HOST:PORT]\n"
                "                    [--seconds S] [--max-connections N] [--max-request BYTES]");
            std::exit(0);
        }
        if (i + 1 >= argc) die("missing value after " + std::string(a));
        const std::string_view v = argv[++i];
        if (a == "--port") {
            o.port = static_cast<std::uint16_t>(parse_number(v, 65535, "--port"));
        } else if (a == "--cache") {
            o.cache_file = v;
        } else if (a == "--save") {
            o.save_file = v;
        } else if (a == "--record-from") {
            const auto colon = v.rfind(':');
            if (colon == std::string_view::npos) die("--record-from wants HOST:PORT");
            o.record_host = v.substr(0, colon);
            o.record_port =
                static_cast<std::uint16_t>(parse_number(v.substr(colon + 1), 65535, "--record-from"));
        } else if (a == "--seconds") {
            o.seconds = static_cast<int>(parse_number(v, 86400, "--seconds"));
        } else if (a == "--max-connections") {
            o.max_connections = parse_number(v, 100000, "--max-connections");
        } else if (a == "--max-request") {
            o.max_request = parse_number(v, std::uint64_t{256} << 20, "--max-request");
        } else {
            die("unknown option " + std::string(a));
        }
    }
    if (o.seconds <= 0) die("--seconds must be > 0");
    return o;
}

// ---- small helpers -------------------------------------------------------------------------------

bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i];
        char y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

bool icontains(std::string_view hay, std::string_view needle) noexcept {
    if (needle.size() > hay.size()) return false;
    for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i)
        if (iequals(hay.substr(i, needle.size()), needle)) return true;
    return false;
}

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::uint32_t be32(const char* p) noexcept {
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    return std::uint32_t{u[0]} << 24 | std::uint32_t{u[1]} << 16 | std::uint32_t{u[2]} << 8 | u[3];
}

void put_be32(std::string& out, std::uint32_t v) {
    out += static_cast<char>(v >> 24);
    out += static_cast<char>(v >> 16);
    out += static_cast<char>(v >> 8);
    out += static_cast<char>(v);
}

// Appends an unmasked (server) WebSocket frame header for a final frame of `opcode`.
void put_frame_header(std::string& out, unsigned opcode, std::size_t n) {
    out += static_cast<char>(0x80 | opcode);
    if (n < 126) {
        out += static_cast<char>(n);
    } else if (n <= 0xffff) {
        out += static_cast<char>(126);
        out += static_cast<char>(n >> 8);
        out += static_cast<char>(n);
    } else {
        out += static_cast<char>(127);
        for (int s = 56; s >= 0; s -= 8) out += static_cast<char>(static_cast<std::uint64_t>(n) >> s);
    }
}

// A WebSocket frame header's size before any mask key (2, 4 or 10), from its second byte.
std::size_t frame_header_size(unsigned char b1) noexcept {
    const unsigned short_len = b1 & 0x7fU;
    return short_len == 126 ? 4 : short_len == 127 ? 10 : 2;
}

// The payload length of a frame header whose first `hdr` (frame_header_size) bytes are in `buf`.
std::uint64_t frame_payload_length(std::string_view buf, std::size_t hdr) noexcept {
    if (hdr == 2) return static_cast<unsigned char>(buf[1]) & 0x7fU;
    std::uint64_t len = 0;
    for (std::size_t i = 2; i < hdr; ++i) len = len << 8 | static_cast<unsigned char>(buf[i]);
    return len;
}

std::string ws_accept(std::string_view key) {
    std::string in(key);
    in += kWsGuid;
    unsigned char digest[SHA_DIGEST_LENGTH];
    SHA1(reinterpret_cast<const unsigned char*>(in.data()), in.size(), digest);
    unsigned char b64[4 * ((SHA_DIGEST_LENGTH + 2) / 3) + 1];
    const int n = EVP_EncodeBlock(b64, digest, SHA_DIGEST_LENGTH);
    return {reinterpret_cast<const char*>(b64), static_cast<std::size_t>(n)};
}

// A parsed HTTP/1.1 message head (request or response): just what this server looks at.
struct Head {
    std::size_t size = 0;  // bytes up to and including the blank line
    std::string_view start_line;
    std::optional<std::uint64_t> content_length;
    bool bad_length = false;
    bool chunked = false;
    bool other_encoding = false;  // Transfer-Encoding other than chunked
    bool connection_close = false;
    bool upgrade_websocket = false;
    std::string_view ws_key;
};

// Parses the head at the start of `buf`; nullopt = not complete yet.
std::optional<Head> parse_head(std::string_view buf) {
    const auto end = buf.find("\r\n\r\n"sv);
    if (end == std::string_view::npos) return std::nullopt;
    Head h;
    h.size = end + 4;
    std::string_view rest = buf.substr(0, end + 2);
    auto eol = rest.find("\r\n"sv);
    h.start_line = rest.substr(0, eol);
    rest.remove_prefix(eol + 2);
    while (!rest.empty()) {
        eol = rest.find("\r\n"sv);
        const std::string_view line = rest.substr(0, eol);
        rest.remove_prefix(eol + 2);
        const auto colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        const std::string_view name = line.substr(0, colon);
        const std::string_view value = trim(line.substr(colon + 1));
        switch (name.size()) {
            case 14:
                if (iequals(name, "Content-Length"sv)) {
                    std::uint64_t v = 0;
                    bool ok = !value.empty() && value.size() <= 15;
                    for (const char c : value) {
                        if (c < '0' || c > '9') ok = false;
                        v = v * 10 + static_cast<std::uint64_t>(c - '0');
                    }
                    if (!ok || (h.content_length && *h.content_length != v)) h.bad_length = true;
                    h.content_length = v;
                }
                break;
            case 17:
                if (iequals(name, "Transfer-Encoding"sv)) {
                    if (iequals(value, "chunked"sv))
                        h.chunked = true;
                    else
                        h.other_encoding = true;
                } else if (iequals(name, "Sec-WebSocket-Key"sv)) {
                    h.ws_key = value;
                }
                break;
            case 10:
                if (iequals(name, "Connection"sv) && icontains(value, "close"sv)) h.connection_close = true;
                break;
            case 7:
                if (iequals(name, "Upgrade"sv) && iequals(value, "websocket"sv)) h.upgrade_websocket = true;
                break;
            default:
                break;
        }
    }
    return h;
}

// The size of the complete HTTP response at the start of `buf`, 0 = not complete yet;
// throws on a response this recorder does not understand.
std::size_t complete_response(std::string_view buf) {
    const auto head = parse_head(buf);
    if (!head) {
        if (buf.size() > kMaxHead) throw std::runtime_error("upstream response head larger than 16 KiB");
        return 0;
    }
    if (head->other_encoding || head->bad_length)
        throw std::runtime_error("upstream response framing not supported");
    if (head->chunked) {
        std::size_t pos = head->size;
        for (;;) {
            const auto eol = buf.find("\r\n"sv, pos);
            if (eol == std::string_view::npos) return 0;
            std::uint64_t size = 0;
            std::size_t i = pos;
            for (; i < eol; ++i) {
                const char c = buf[i];
                int d = -1;
                if (c >= '0' && c <= '9') d = c - '0';
                if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
                if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
                if (d < 0) break;  // chunk extensions (";...") are ignored
                size = size * 16 + static_cast<std::uint64_t>(d);
                if (size > (std::uint64_t{1} << 32)) throw std::runtime_error("upstream chunk too large");
            }
            if (i == pos) throw std::runtime_error("upstream chunk size missing");
            pos = eol + 2;
            if (size == 0) {
                for (;;) {  // trailers up to the blank line
                    const auto t = buf.find("\r\n"sv, pos);
                    if (t == std::string_view::npos) return 0;
                    if (t == pos) return pos + 2;
                    pos = t + 2;
                }
            }
            if (buf.size() < pos + size + 2) return 0;
            pos += size + 2;
        }
    }
    const std::uint64_t body = head->content_length.value_or(0);
    if (!head->content_length && !head->start_line.starts_with("HTTP/1.1 204"sv) &&
        !head->start_line.starts_with("HTTP/1.1 304"sv))
        throw std::runtime_error("upstream response without Content-Length or chunked framing");
    return buf.size() >= head->size + body ? head->size + body : 0;
}

// ---- the cache ------------------------------------------------------------------------------------

struct Canned {
    std::string wire;                       // the bytes to send (ws37: complete server frames)
    std::vector<std::uint32_t> id_offsets;  // ws37: where the request id goes in `wire`
};

struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
using CacheMap = std::unordered_map<std::string, Canned, StringHash, std::equal_to<>>;

struct Cache {
    CacheMap http4;  // key: the request body
    CacheMap ws37;   // key: the request message (mime prefix included) without its 16-byte id

    void load(const std::string& file) {
        std::ifstream in(file, std::ios::binary);
        if (!in) die("cannot read the cache file " + file);
        std::string line;
        if (!std::getline(in, line) || line != kCacheMagic)
            die(file + " is not a cache file (" + std::string(kCacheMagic) + ")");
        while (std::getline(in, line)) {
            if (line.empty()) continue;
            std::istringstream f(line);
            std::string kind;
            std::size_t key_len = 0;
            std::size_t wire_len = 0;
            std::size_t n = 0;
            if (!(f >> kind >> key_len >> wire_len >> n) || (kind != "http4" && kind != "ws37"))
                die(file + ": bad entry line '" + line + "'");
            Canned c;
            for (std::size_t i = 0; i < n; ++i) {
                std::uint32_t off = 0;
                if (!(f >> off) || off + kIdBytes > wire_len) die(file + ": bad id offset in '" + line + "'");
                c.id_offsets.push_back(off);
            }
            std::string key(key_len, '\0');
            c.wire.resize(wire_len);
            if (!in.read(key.data(), static_cast<std::streamsize>(key_len)) ||
                !in.read(c.wire.data(), static_cast<std::streamsize>(wire_len)))
                die(file + ": truncated entry");
            (kind == "http4" ? http4 : ws37)[std::move(key)] = std::move(c);
        }
    }

    void save(const std::string& file) const {
        const std::string tmp = file + ".tmp";
        {
            std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
            out << kCacheMagic << '\n';
            const auto put = [&out](const char* kind, const CacheMap& m) {
                for (const auto& [key, c] : m) {
                    out << kind << ' ' << key.size() << ' ' << c.wire.size() << ' ' << c.id_offsets.size();
                    for (const auto off : c.id_offsets) out << ' ' << off;
                    out << '\n';
                    out.write(key.data(), static_cast<std::streamsize>(key.size()));
                    out.write(c.wire.data(), static_cast<std::streamsize>(c.wire.size()));
                    out << '\n';
                }
            };
            put("http4", http4);
            put("ws37", ws37);
            if (!out) die("cannot write " + tmp);
        }
        if (std::rename(tmp.c_str(), file.c_str()) != 0) die("cannot rename " + tmp + " to " + file);
    }
};

// ---- the recorder: a blocking client of the real server -----------------------------------------

int connect_blocking(const std::string& host, std::uint16_t port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    if (inet_pton(AF_INET, host.c_str(), &a.sin_addr) != 1)
        throw std::runtime_error("--record-from wants a numeric IPv4 address, got " + host);
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
    timeval tv{};
    tv.tv_sec = kUpstreamTimeoutS;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) {
        const int e = errno;
        ::close(fd);
        throw std::runtime_error("cannot connect to " + host + ":" + std::to_string(port) + ": " +
                                 std::strerror(e));
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

void write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const auto n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw std::runtime_error(std::string("upstream write: ") + std::strerror(errno));
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

// Appends what one recv() returns to `buf`; throws on EOF, error or the upstream timeout.
void read_more(int fd, std::string& buf) {
    char tmp[16384];
    for (;;) {
        const auto n = ::recv(fd, tmp, sizeof tmp, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) throw std::runtime_error("upstream closed the connection");
        if (n < 0)
            throw std::runtime_error(errno == EAGAIN || errno == EWOULDBLOCK
                                         ? "upstream did not answer within " +
                                               std::to_string(kUpstreamTimeoutS) + " s"
                                         : std::string("upstream read: ") + std::strerror(errno));
        buf.append(tmp, static_cast<std::size_t>(n));
        return;
    }
}

class Recorder {
public:
    Recorder(std::string host, std::uint16_t port) : host_(std::move(host)), port_(port) {}
    Recorder(const Recorder&) = delete;
    Recorder& operator=(const Recorder&) = delete;
    ~Recorder() {
        if (http_fd_ >= 0) ::close(http_fd_);
        if (ws_fd_ >= 0) ::close(ws_fd_);
    }

    // The real server's complete response to `request` (one HTTP/1.1 request, head and body).
    std::string http(std::string_view request) {
        for (int attempt = 0;; ++attempt) {
            try {
                if (http_fd_ < 0) http_fd_ = connect_blocking(host_, port_);
                write_all(http_fd_, request);
                std::string buf;
                std::size_t n = 0;
                while ((n = complete_response(buf)) == 0) read_more(http_fd_, buf);
                std::string response = buf.substr(0, n);
                if (const auto h = parse_head(response); h && h->connection_close) drop(http_fd_);
                return response;
            } catch (const std::exception&) {
                drop(http_fd_);  // a stale keep-alive connection: one fresh attempt
                if (attempt > 0) throw;
            }
        }
    }

    // The real server's response frames (as this server sends them) to the GraphBinary request
    // message `payload` (mime prefix included) whose id is at `id_at`; the offsets of the id in them
    // go to `offsets`.
    std::string ws37(std::string_view path, std::string_view payload, std::size_t id_at,
                     std::vector<std::uint32_t>& offsets) {
        if (ws_fd_ < 0) open_ws(path);
        // One masked client frame (the mask is fixed: nothing here is secret).
        std::string frame;
        frame += static_cast<char>(0x82);
        const std::size_t n = payload.size();
        if (n < 126) {
            frame += static_cast<char>(0x80 | n);
        } else if (n <= 0xffff) {
            frame += static_cast<char>(0x80 | 126);
            frame += static_cast<char>(n >> 8);
            frame += static_cast<char>(n);
        } else {
            frame += static_cast<char>(0x80 | 127);
            for (int s = 56; s >= 0; s -= 8) frame += static_cast<char>(static_cast<std::uint64_t>(n) >> s);
        }
        const unsigned char mask[4] = {0x5a, 0x17, 0xc3, 0x2e};
        frame.append(reinterpret_cast<const char*>(mask), 4);
        for (std::size_t i = 0; i < n; ++i)
            frame += static_cast<char>(payload[i] ^ static_cast<char>(mask[i & 3]));
        try {
            write_all(ws_fd_, frame);
            const std::string_view id = payload.substr(id_at, kIdBytes);
            std::string wire;
            for (;;) {
                const std::string msg = read_ws_message();
                if (msg.size() < kResponseIdOffset + kIdBytes + 4 ||
                    static_cast<unsigned char>(msg[0]) != 0x81 || msg[1] != 0)
                    throw std::runtime_error(
                        "upstream ws37 response is not a GraphBinary 1.0 ResponseMessage with an id");
                if (msg.compare(kResponseIdOffset, kIdBytes, id) != 0)
                    throw std::runtime_error("upstream ws37 response for another request id");
                put_frame_header(wire, 0x2, msg.size());
                offsets.push_back(static_cast<std::uint32_t>(wire.size() + kResponseIdOffset));
                wire += msg;
                const std::uint32_t code = be32(msg.data() + kResponseIdOffset + kIdBytes);
                if (code != 206 && code != 407) return wire;  // the final message of the request
            }
        } catch (...) {
            drop(ws_fd_);
            throw;
        }
    }

private:
    static void drop(int& fd) noexcept {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }

    void open_ws(std::string_view path) {
        ws_fd_ = connect_blocking(host_, port_);
        ws_buf_.clear();
        std::string req = "GET ";
        req += path;
        req +=
            " HTTP/1.1\r\nHost: " + host_ + ":" + std::to_string(port_) +
            "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\nUser-Agent: bench_canned_server recorder\r\n\r\n";
        try {
            write_all(ws_fd_, req);
            std::optional<Head> h;
            while (!(h = parse_head(ws_buf_))) {
                if (ws_buf_.size() > kMaxHead)
                    throw std::runtime_error("upstream upgrade response too large");
                read_more(ws_fd_, ws_buf_);
            }
            if (!h->start_line.starts_with("HTTP/1.1 101"sv))
                throw std::runtime_error("upstream refused the WebSocket upgrade: " +
                                         std::string(h->start_line));
            ws_buf_.erase(0, h->size);
        } catch (...) {
            drop(ws_fd_);
            throw;
        }
    }

    // The next data message from the upstream WebSocket (pings answered, fragments refused).
    std::string read_ws_message() {
        for (;;) {
            while (ws_buf_.size() < 2) read_more(ws_fd_, ws_buf_);
            const auto b0 = static_cast<unsigned char>(ws_buf_[0]);
            const auto b1 = static_cast<unsigned char>(ws_buf_[1]);
            const std::size_t hdr = frame_header_size(b1);
            while (ws_buf_.size() < hdr) read_more(ws_fd_, ws_buf_);
            const std::uint64_t len = frame_payload_length(ws_buf_, hdr);
            if ((b1 & 0x80) != 0) throw std::runtime_error("upstream sent a masked frame");
            if (len > (std::uint64_t{64} << 20))
                throw std::runtime_error("upstream frame larger than 64 MiB");
            while (ws_buf_.size() < hdr + len) read_more(ws_fd_, ws_buf_);
            std::string payload = ws_buf_.substr(hdr, len);
            ws_buf_.erase(0, hdr + len);
            const unsigned opcode = b0 & 0x0f;
            if ((b0 & 0x80) == 0 || opcode == 0)
                throw std::runtime_error("upstream sent a fragmented message");
            if (opcode == 0x2 || opcode == 0x1) return payload;
            if (opcode == 0x8) throw std::runtime_error("upstream closed the WebSocket");
            if (opcode == 0x9) {  // ping: pong with the same payload, masked
                std::string pong;
                pong += static_cast<char>(0x8a);
                pong += static_cast<char>(0x80 | payload.size());  // control payloads are < 126
                pong.append(4, '\0');                              // zero mask
                pong += payload;
                write_all(ws_fd_, pong);
            }
        }
    }

    std::string host_;
    std::uint16_t port_;
    int http_fd_ = -1;
    int ws_fd_ = -1;
    std::string ws_buf_;
};

// ---- the server -----------------------------------------------------------------------------------

struct Stats {
    std::uint64_t connections = 0;
    std::uint64_t refused = 0;  // over --max-connections
    std::uint64_t http4 = 0;
    std::uint64_t http4_unknown = 0;
    std::uint64_t ws37 = 0;
    std::uint64_t ws37_unknown = 0;
    std::uint64_t upgrades = 0;
    std::uint64_t pings = 0;
    std::uint64_t closes = 0;  // WebSocket Close frames answered
    std::uint64_t recorded = 0;
    std::uint64_t protocol_errors = 0;
    // the syscalls of the serving loop (accept, setsockopt, epoll_ctl, close are per connection)
    std::uint64_t waits = 0;  // epoll_pwait
    std::uint64_t recvs = 0;
    std::uint64_t sends = 0;
};

struct Conn {
    int fd = -1;
    bool ws = false;
    bool closing = false;  // close once `out` is sent
    bool writing = false;  // EPOLLOUT registered (EPOLLIN off)
    bool dead = false;     // out of epoll, closed and freed at the end of the event batch
    std::string path = "/gremlin";
    std::string in;  // [in_begin, in_end) unparsed
    std::size_t in_begin = 0;
    std::size_t in_end = 0;
    std::string out;
    std::size_t out_off = 0;
};

volatile sig_atomic_t g_stop = 0;
extern "C" void on_signal(int /*sig*/) { g_stop = 1; }

class Server {
public:
    Server(Options o, Cache cache) : opt_(std::move(o)), cache_(std::move(cache)) {
        if (!opt_.record_host.empty())
            recorder_ = std::make_unique<Recorder>(opt_.record_host, opt_.record_port);
    }

    int run() {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (listen_fd_ < 0) die(std::string("socket: ") + std::strerror(errno));
        const int one = 1;
        ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(opt_.port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::bind(listen_fd_, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0)
            die("bind 127.0.0.1:" + std::to_string(opt_.port) + ": " + std::strerror(errno));
        if (::listen(listen_fd_, 1024) != 0) die(std::string("listen: ") + std::strerror(errno));
        socklen_t len = sizeof a;
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
        std::printf("port %u\n", static_cast<unsigned>(ntohs(a.sin_port)));
        std::fflush(stdout);

        ep_ = ::epoll_create1(EPOLL_CLOEXEC);
        if (ep_ < 0) die(std::string("epoll_create1: ") + std::strerror(errno));
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.ptr = nullptr;  // the listener
        ::epoll_ctl(ep_, EPOLL_CTL_ADD, listen_fd_, &ev);

        // SIGTERM/SIGINT are blocked except inside epoll_pwait, so a stop is never missed.
        sigset_t block;
        sigemptyset(&block);
        sigaddset(&block, SIGTERM);
        sigaddset(&block, SIGINT);
        sigset_t wait_mask;
        ::sigprocmask(SIG_BLOCK, &block, &wait_mask);
        sigdelset(&wait_mask, SIGTERM);
        sigdelset(&wait_mask, SIGINT);
        struct sigaction sa {};
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        ::sigaction(SIGTERM, &sa, nullptr);
        ::sigaction(SIGINT, &sa, nullptr);

        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(opt_.seconds);
        std::vector<epoll_event> events(256);
        bool timed_out = false;
        while (g_stop == 0) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  deadline - std::chrono::steady_clock::now())
                                  .count();
            if (left <= 0) {
                timed_out = true;
                break;
            }
            ++st_.waits;
            const int n = ::epoll_pwait(ep_, events.data(), static_cast<int>(events.size()),
                                        static_cast<int>(std::min<long long>(left, 1 << 30)), &wait_mask);
            if (n < 0) {
                if (errno == EINTR) continue;
                die(std::string("epoll_pwait: ") + std::strerror(errno));
            }
            for (int i = 0; i < n; ++i) {
                auto* c = static_cast<Conn*>(events[static_cast<std::size_t>(i)].data.ptr);
                if (c == nullptr) {
                    accept_all();
                    continue;
                }
                const auto e = events[static_cast<std::size_t>(i)].events;
                if (c->writing) {
                    if ((e & (EPOLLOUT | EPOLLERR | EPOLLHUP)) != 0) flush(*c);
                } else if ((e & (EPOLLIN | EPOLLERR | EPOLLHUP)) != 0) {
                    on_readable(*c);
                }
            }
            reap();
        }
        for (auto& [fd, c] : conns_) ::close(fd);
        conns_.clear();
        ::close(ep_);
        ::close(listen_fd_);
        std::fprintf(
            stderr,
            "bench_canned_server: %s; served: http4 %llu (%llu unknown), ws37 %llu (%llu unknown); "
            "connections %llu (%llu refused), upgrades %llu, pings %llu, closes %llu, recorded %llu, "
            "protocol errors %llu; loop syscalls: epoll_pwait %llu, recv %llu, send %llu\n",
            timed_out ? "--seconds reached" : "stopped", ull(st_.http4), ull(st_.http4_unknown),
            ull(st_.ws37), ull(st_.ws37_unknown), ull(st_.connections), ull(st_.refused), ull(st_.upgrades),
            ull(st_.pings), ull(st_.closes), ull(st_.recorded), ull(st_.protocol_errors), ull(st_.waits),
            ull(st_.recvs), ull(st_.sends));
        return 0;
    }

private:
    static unsigned long long ull(std::uint64_t v) noexcept { return v; }

    void accept_all() {
        for (;;) {
            const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) return;  // EAGAIN (or a transient error: the next event retries)
            if (conns_.size() >= opt_.max_connections) {
                ++st_.refused;
                ::close(fd);
                continue;
            }
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            auto c = std::make_unique<Conn>();
            c->fd = fd;
            c->in.resize(16 * 1024);
            epoll_event ev{};
            ev.events = EPOLLIN;
            ev.data.ptr = c.get();
            if (::epoll_ctl(ep_, EPOLL_CTL_ADD, fd, &ev) != 0) {
                ::close(fd);
                continue;
            }
            ++st_.connections;
            conns_.emplace(fd, std::move(c));
        }
    }

    // Closes at the end of the event batch (a Conn may still be referenced by a later event).
    void close_later(Conn& c) {
        if (c.dead) return;
        c.dead = c.closing = true;
        ::epoll_ctl(ep_, EPOLL_CTL_DEL, c.fd, nullptr);
        dead_.push_back(c.fd);
    }
    void reap() {
        for (const int fd : dead_) {
            ::close(fd);
            conns_.erase(fd);
        }
        dead_.clear();
    }

    void on_readable(Conn& c) {
        if (c.closing) return;  // (dead, or only its last output left to send)
        if (c.in_begin == c.in_end) {
            c.in_begin = c.in_end = 0;
        } else if (c.in_begin > 0 && c.in.size() - c.in_end < 4096) {
            std::memmove(c.in.data(), c.in.data() + c.in_begin, c.in_end - c.in_begin);
            c.in_end -= c.in_begin;
            c.in_begin = 0;
        }
        if (c.in_end == c.in.size()) {
            // A request larger than the buffer: grow it, up to the bound (+ a head).
            if (c.in.size() >= opt_.max_request + kMaxHead + 16) {
                ++st_.protocol_errors;
                close_later(c);
                return;
            }
            c.in.resize(std::min(c.in.size() * 2, opt_.max_request + kMaxHead + 16));
        }
        ++st_.recvs;
        const auto n = ::recv(c.fd, c.in.data() + c.in_end, c.in.size() - c.in_end, 0);
        if (n <= 0) {
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
            close_later(c);
            return;
        }
        c.in_end += static_cast<std::size_t>(n);
        while (!c.closing && c.in_begin < c.in_end) {
            const std::string_view buf(c.in.data() + c.in_begin, c.in_end - c.in_begin);
            const std::size_t used = c.ws ? on_ws(c, buf) : on_http(c, buf);
            if (used == 0) break;
            c.in_begin += used;
        }
        if (c.closing && c.out.empty()) {
            close_later(c);
            return;
        }
        flush(c);
    }

    void flush(Conn& c) {
        if (c.dead) return;
        while (c.out_off < c.out.size()) {
            ++st_.sends;
            const auto n = ::send(c.fd, c.out.data() + c.out_off, c.out.size() - c.out_off, MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
            if (n <= 0) {
                c.out.clear();
                c.out_off = 0;
                close_later(c);
                return;
            }
            c.out_off += static_cast<std::size_t>(n);
        }
        const bool done = c.out_off == c.out.size();
        if (done) {
            c.out.clear();
            c.out_off = 0;
            if (c.closing) {
                close_later(c);
                return;
            }
        }
        if (done == c.writing) {  // switch between reading and waiting for the socket to drain
            c.writing = !done;
            epoll_event ev{};
            ev.events = c.writing ? EPOLLOUT : EPOLLIN;
            ev.data.ptr = &c;
            ::epoll_ctl(ep_, EPOLL_CTL_MOD, c.fd, &ev);
        }
    }

    static void http_error(Conn& c, int status, std::string_view reason, std::string_view text, bool close) {
        c.out += "HTTP/1.1 ";
        c.out += std::to_string(status);
        c.out += ' ';
        c.out += reason;
        c.out += "\r\nContent-Type: text/plain\r\nContent-Length: ";
        c.out += std::to_string(text.size());
        c.out += close ? "\r\nConnection: close\r\n\r\n"sv : "\r\n\r\n"sv;
        c.out += text;
        if (close) c.closing = true;
    }

    // One HTTP request at the start of `buf`: returns the bytes it took (0 = incomplete).
    std::size_t on_http(Conn& c, std::string_view buf) {
        const auto head = parse_head(buf);
        if (!head) {
            if (buf.size() > kMaxHead) {
                ++st_.protocol_errors;
                http_error(c, 431, "Request Header Fields Too Large",
                           "bench_canned_server: request head over 16 KiB\n", true);
            }
            return 0;
        }
        if (head->upgrade_websocket) {
            if (head->ws_key.empty()) {
                ++st_.protocol_errors;
                http_error(c, 400, "Bad Request",
                           "bench_canned_server: WebSocket upgrade without Sec-WebSocket-Key\n", true);
                return head->size;
            }
            const std::string_view line = head->start_line;
            const auto sp1 = line.find(' ');
            const auto sp2 = line.find(' ', sp1 + 1);
            if (sp1 != std::string_view::npos && sp2 != std::string_view::npos)
                c.path = std::string(line.substr(sp1 + 1, sp2 - sp1 - 1));
            c.out +=
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: "
                "Upgrade\r\nSec-WebSocket-Accept: ";
            c.out += ws_accept(head->ws_key);
            c.out += "\r\n\r\n";
            c.ws = true;
            ++st_.upgrades;
            return head->size;
        }
        if (head->chunked || head->other_encoding) {
            ++st_.protocol_errors;
            http_error(c, 501, "Not Implemented", "bench_canned_server: only Content-Length request bodies\n",
                       true);
            return 0;
        }
        if (head->bad_length) {
            ++st_.protocol_errors;
            http_error(c, 400, "Bad Request", "bench_canned_server: bad Content-Length\n", true);
            return 0;
        }
        const std::uint64_t body_len = head->content_length.value_or(0);
        if (body_len > opt_.max_request) {
            ++st_.protocol_errors;
            http_error(c, 413, "Content Too Large", "bench_canned_server: request body over --max-request\n",
                       true);
            return 0;
        }
        if (buf.size() < head->size + body_len) return 0;
        const std::size_t total = head->size + body_len;
        const std::string_view body = buf.substr(head->size, body_len);
        auto it = cache_.http4.find(body);
        if (it == cache_.http4.end() && recorder_) it = record_http(buf.substr(0, total), body);
        if (it != cache_.http4.end()) {
            ++st_.http4;
            c.out += it->second.wire;
        } else {
            ++st_.http4_unknown;
            http_error(c, 500, "Internal Server Error",
                       "bench_canned_server: no cached response for this request body (" +
                           std::to_string(body_len) +
                           " bytes); record it first (--record-from HOST:PORT --save FILE)\n",
                       false);
        }
        if (head->connection_close) c.closing = true;
        return total;
    }

    CacheMap::iterator record_http(std::string_view request, std::string_view body) {
        try {
            std::string response = recorder_->http(request);
            ++st_.recorded;
            auto it = cache_.http4.emplace(std::string(body), Canned{std::move(response), {}}).first;
            if (!opt_.save_file.empty()) cache_.save(opt_.save_file);
            return it;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench_canned_server: recording an http4 request failed: %s\n", e.what());
            return cache_.http4.end();
        }
    }

    void ws_close(Conn& c, std::uint16_t code) {
        put_frame_header(c.out, 0x8, 2);
        c.out += static_cast<char>(code >> 8);
        c.out += static_cast<char>(code);
        c.closing = true;
    }

    // One WebSocket frame at the start of `buf`: returns the bytes it took (0 = incomplete).
    std::size_t on_ws(Conn& c, std::string_view buf) {
        if (buf.size() < 2) return 0;
        const auto b0 = static_cast<unsigned char>(buf[0]);
        const auto b1 = static_cast<unsigned char>(buf[1]);
        const std::size_t hdr = frame_header_size(b1);
        if ((b1 & 0x80) == 0) {  // client frames must be masked (RFC 6455 5.1)
            ++st_.protocol_errors;
            ws_close(c, 1002);
            return 0;
        }
        if (buf.size() < hdr + 4) return 0;
        const std::uint64_t len = frame_payload_length(buf, hdr);
        if (len > opt_.max_request) {
            ++st_.protocol_errors;
            ws_close(c, 1009);
            return 0;
        }
        const std::size_t total = hdr + 4 + len;
        if (buf.size() < total) return 0;
        // Unmask in place (the buffer is ours), a word at a time.
        char* p = c.in.data() + c.in_begin + hdr + 4;
        const char* mask = p - 4;
        std::uint32_t m32 = 0;
        std::memcpy(&m32, mask, 4);
        const std::uint64_t m64 = std::uint64_t{m32} << 32 | m32;
        std::size_t i = 0;
        for (; i + 8 <= len; i += 8) {
            std::uint64_t w = 0;
            std::memcpy(&w, p + i, 8);
            w ^= m64;
            std::memcpy(p + i, &w, 8);
        }
        for (; i < len; ++i) p[i] = static_cast<char>(p[i] ^ mask[i & 3]);
        const std::string_view payload(p, len);
        const unsigned opcode = b0 & 0x0f;
        if ((b0 & 0x80) == 0 || opcode == 0 || opcode == 0x1) {  // fragments, text frames
            ++st_.protocol_errors;
            ws_close(c, 1003);
            return total;
        }
        switch (opcode) {
            case 0x2:
                on_ws_request(c, payload);
                break;
            case 0x8:
                ++st_.closes;
                ws_close(c, payload.size() >= 2
                                ? static_cast<std::uint16_t>(static_cast<unsigned char>(payload[0]) << 8 |
                                                             static_cast<unsigned char>(payload[1]))
                                : 1000);
                break;
            case 0x9:
                ++st_.pings;
                put_frame_header(c.out, 0xa, payload.size());
                c.out += payload;
                break;
            case 0xa:  // pong: nothing to do
                break;
            default:
                ++st_.protocol_errors;
                ws_close(c, 1002);
                break;
        }
        return total;
    }

    void on_ws_request(Conn& c, std::string_view payload) {
        // {mime length}{mime}{version 0x81..}{id: 16 bytes}{op}{processor}{args}
        const auto mime_len = static_cast<std::int8_t>(payload.empty() ? 0 : payload[0]);
        const std::size_t id_at = mime_len > 0 ? static_cast<std::size_t>(mime_len) + 2 : 0;
        if (mime_len <= 0 || payload.size() < id_at + kIdBytes ||
            (static_cast<unsigned char>(payload[id_at - 1]) & 0x80) == 0) {
            ++st_.protocol_errors;
            ws_close(c, 1003);  // not a GraphBinary request message
            return;
        }
        key_.assign(payload.data(), id_at);
        key_.append(payload.data() + id_at + kIdBytes, payload.size() - id_at - kIdBytes);
        auto it = cache_.ws37.find(key_);
        if (it == cache_.ws37.end() && recorder_) it = record_ws37(c, payload, id_at);
        const char* id = payload.data() + id_at;
        if (it == cache_.ws37.end()) {
            ++st_.ws37_unknown;
            std::string msg;
            msg += static_cast<char>(0x81);
            msg += '\0';
            msg.append(id, kIdBytes);
            put_be32(msg, 500);
            const std::string_view text =
                "bench_canned_server: no cached response for this request message; record it first "
                "(--record-from HOST:PORT --save FILE)"sv;
            msg += '\0';
            put_be32(msg, static_cast<std::uint32_t>(text.size()));
            msg += text;
            put_be32(msg, 0);     // status attributes: {}
            put_be32(msg, 0);     // result meta: {}
            msg += "\xfe\x01"sv;  // result data: null
            put_frame_header(c.out, 0x2, msg.size());
            c.out += msg;
            return;
        }
        ++st_.ws37;
        const std::size_t at = c.out.size();
        c.out += it->second.wire;
        for (const auto off : it->second.id_offsets) std::memcpy(c.out.data() + at + off, id, kIdBytes);
    }

    CacheMap::iterator record_ws37(const Conn& c, std::string_view payload, std::size_t id_at) {
        try {
            Canned canned;
            canned.wire = recorder_->ws37(c.path, payload, id_at, canned.id_offsets);
            ++st_.recorded;
            auto it = cache_.ws37.emplace(key_, std::move(canned)).first;
            if (!opt_.save_file.empty()) cache_.save(opt_.save_file);
            return it;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench_canned_server: recording a ws37 request failed: %s\n", e.what());
            return cache_.ws37.end();
        }
    }

    Options opt_;
    Cache cache_;
    std::unique_ptr<Recorder> recorder_;
    int listen_fd_ = -1;
    int ep_ = -1;
    std::unordered_map<int, std::unique_ptr<Conn>> conns_;
    std::vector<int> dead_;
    std::string key_;  // scratch: the ws37 cache key of the current request
    Stats st_;
};

}  // namespace

int main(int argc, char** argv) {
    Options opt = parse_options(argc, argv);
    Cache cache;
    if (!opt.cache_file.empty()) cache.load(opt.cache_file);
    if (opt.record_host.empty() && cache.http4.empty() && cache.ws37.empty())
        std::fprintf(stderr,
                     "bench_canned_server: empty cache and no --record-from: every request gets an error\n");
    return Server(std::move(opt), std::move(cache)).run();
}
