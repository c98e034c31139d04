#pragma once
// HTTP/1.1 parsing for tests, over raw bytes (no I/O): one complete response (Content-Length or
// chunked with trailers, keeping the chunk boundaries; header names lower-cased), as the server
// tests' clients read it, and one complete request, as the backends' fake servers read it.
// Test code only; header-only.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::test {

struct ParsedResponse {
    int status = 0;
    std::map<std::string, std::string> headers;
    std::vector<std::string> chunks;  // chunked: each data chunk; else one element = the body
    std::map<std::string, std::string> trailers;
    std::string body;          // de-chunked
    std::size_t consumed = 0;  // bytes of `raw` used
};

inline std::string lower_ascii(std::string s) {
    for (auto& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// Returns nullopt when `raw` does not (yet) hold a complete response.
inline std::optional<ParsedResponse> parse_http_response(std::string_view raw) {
    ParsedResponse r;
    auto head_end = raw.find("\r\n\r\n");
    if (head_end == std::string_view::npos) return std::nullopt;
    std::string_view head = raw.substr(0, head_end);
    auto line_end = head.find("\r\n");
    std::string_view status_line = head.substr(0, line_end);
    if (status_line.size() < 12) return std::nullopt;
    r.status = std::stoi(std::string(status_line.substr(9, 3)));
    std::size_t pos = line_end == std::string_view::npos ? head.size() : line_end + 2;
    while (pos < head.size()) {
        auto e = head.find("\r\n", pos);
        if (e == std::string_view::npos) e = head.size();
        auto line = head.substr(pos, e - pos);
        auto colon = line.find(':');
        if (colon != std::string_view::npos) {
            std::string v(line.substr(colon + 1));
            while (!v.empty() && v.front() == ' ') v.erase(v.begin());
            r.headers[lower_ascii(std::string(line.substr(0, colon)))] = v;
        }
        pos = e + 2;
    }
    pos = head_end + 4;
    if (r.headers.count("transfer-encoding")) {
        for (;;) {
            auto e = raw.find("\r\n", pos);
            if (e == std::string_view::npos) return std::nullopt;
            std::size_t size = std::stoul(std::string(raw.substr(pos, e - pos)), nullptr, 16);
            pos = e + 2;
            if (size == 0) {
                for (;;) {
                    auto te = raw.find("\r\n", pos);
                    if (te == std::string_view::npos) return std::nullopt;
                    auto line = raw.substr(pos, te - pos);
                    pos = te + 2;
                    if (line.empty()) break;
                    auto colon = line.find(':');
                    if (colon != std::string_view::npos) {
                        std::string v(line.substr(colon + 1));
                        while (!v.empty() && v.front() == ' ') v.erase(v.begin());
                        r.trailers[lower_ascii(std::string(line.substr(0, colon)))] = v;
                    }
                }
                break;
            }
            if (raw.size() < pos + size + 2) return std::nullopt;
            r.chunks.emplace_back(raw.substr(pos, size));
            r.body += r.chunks.back();
            pos += size + 2;
        }
    } else {
        std::size_t len = r.headers.count("content-length") ? std::stoul(r.headers["content-length"]) : 0;
        if (raw.size() < pos + len) return std::nullopt;
        r.body = std::string(raw.substr(pos, len));
        r.chunks.push_back(r.body);
        pos += len;
    }
    r.consumed = pos;
    return r;
}

// One complete HTTP/1.1 request as a fake server receives it: the head (request line and headers,
// each line ending in CRLF; the blank line is not part of it) and a Content-Length body.
struct ParsedRequest {
    std::string raw;   // the whole request as received (head, blank line, body)
    std::string head;  // up to and including the last header line's CRLF
    std::string body;
    // The value of header `name` (case-insensitive), leading spaces removed; "" when absent.
    std::string header(std::string_view name) const {
        const std::string lower_head = lower_ascii(head);
        const std::string key = "\r\n" + lower_ascii(std::string(name)) + ":";
        const auto at = lower_head.find(key);
        if (at == std::string::npos) return {};
        auto b = at + key.size();
        while (b < head.size() && head[b] == ' ') ++b;
        return head.substr(b, head.find("\r\n", b) - b);
    }
};

// Takes one complete request (head + Content-Length body) off the front of `buf`; nullopt (and
// `buf` untouched) while it does not hold one yet.
inline std::optional<ParsedRequest> take_http_request(std::string& buf) {
    const auto end = buf.find("\r\n\r\n");
    if (end == std::string::npos) return std::nullopt;
    ParsedRequest r;
    r.head = buf.substr(0, end + 2);
    const std::string cl = r.header("content-length");
    const std::size_t len = cl.empty() ? 0 : std::stoul(cl);
    if (buf.size() < end + 4 + len) return std::nullopt;
    r.body = buf.substr(end + 4, len);
    r.raw = buf.substr(0, end + 4 + len);
    buf.erase(0, end + 4 + len);
    return r;
}

}  // namespace tpbench::test
