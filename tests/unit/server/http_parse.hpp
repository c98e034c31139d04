#pragma once
// Test helper: parses one complete HTTP/1.1 response (Content-Length or chunked with trailers)
// from raw bytes, keeping the chunk boundaries. Header names are lower-cased.
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

inline std::string to_hex(std::string_view s) {
    static const char* d = "0123456789abcdef";
    std::string o;
    for (unsigned char c : s) {
        o += d[c >> 4];
        o += d[c & 15];
    }
    return o;
}

inline std::string from_hex(std::string_view h) {
    std::string o;
    auto val = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
    for (std::size_t i = 0; i + 1 < h.size(); i += 2) o += static_cast<char>(val(h[i]) * 16 + val(h[i + 1]));
    return o;
}

}  // namespace tpbench::test
