// base64 (RFC 4648), SASL PLAIN (RFC 4616), HTTP Basic (RFC 7617) and redaction.
#include <tpbench/auth/auth.hpp>

#include <algorithm>
#include <array>
#include <cstdint>

namespace tpbench::auth {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Value of one base64 alphabet character, -1 for anything else (including '=').
int b64_value(unsigned char c) noexcept {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

bool iequals(std::string_view a, std::string_view b) noexcept {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; };
               return lower(x) == lower(y);
           });
}

}  // namespace

std::string base64_encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        std::uint32_t v = (std::uint32_t(std::uint8_t(bytes[i])) << 16) |
                          (std::uint32_t(std::uint8_t(bytes[i + 1])) << 8) | std::uint8_t(bytes[i + 2]);
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
        out += kAlphabet[v & 63];
    }
    const std::size_t rest = bytes.size() - i;
    if (rest > 0) {
        std::uint32_t v = std::uint32_t(std::uint8_t(bytes[i])) << 16;
        if (rest == 2) v |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += rest == 2 ? kAlphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
    if (text.size() % 4 != 0) return std::nullopt;
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        const bool last = i + 4 == text.size();
        std::array<int, 4> v{};
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const unsigned char c = static_cast<unsigned char>(text[i + k]);
            if (c == '=') {
                // Padding only in the last quantum, only in its last two places, and only at the end.
                if (!last || k < 2) return std::nullopt;
                ++pad;
                v[k] = 0;
                continue;
            }
            if (pad > 0) return std::nullopt;  // data after '='
            v[k] = b64_value(c);
            if (v[k] < 0) return std::nullopt;
        }
        const std::uint32_t n = (std::uint32_t(v[0]) << 18) | (std::uint32_t(v[1]) << 12) |
                                (std::uint32_t(v[2]) << 6) | std::uint32_t(v[3]);
        // Canonical encoding only (RFC 4648 §3.5): the bits dropped by padding must be zero.
        if (pad == 1 && (n & 0xFF) != 0) return std::nullopt;
        if (pad == 2 && (n & 0xFFFF) != 0) return std::nullopt;
        out += char((n >> 16) & 0xFF);
        if (pad < 2) out += char((n >> 8) & 0xFF);
        if (pad < 1) out += char(n & 0xFF);
    }
    return out;
}

std::string sasl_plain_message(std::string_view authzid, std::string_view user, std::string_view password) {
    std::string m;
    m.reserve(authzid.size() + user.size() + password.size() + 2);
    m.append(authzid);
    m += '\0';
    m.append(user);
    m += '\0';
    m.append(password);
    return m;
}

std::optional<PlainCredentials> parse_sasl_plain(std::string_view message) {
    const auto first = message.find('\0');
    if (first == std::string_view::npos) return std::nullopt;
    const auto second = message.find('\0', first + 1);
    if (second == std::string_view::npos) return std::nullopt;
    if (message.find('\0', second + 1) != std::string_view::npos) return std::nullopt;
    PlainCredentials c;
    c.authzid = std::string(message.substr(0, first));
    c.user = std::string(message.substr(first + 1, second - first - 1));
    c.password = std::string(message.substr(second + 1));
    // RFC 4616: the authentication identity is required (1*SAFE).
    if (c.user.empty()) return std::nullopt;
    return c;
}

std::string basic_authorization(std::string_view user, std::string_view password) {
    std::string creds;
    creds.reserve(user.size() + password.size() + 1);
    creds.append(user);
    creds += ':';
    creds.append(password);
    return "Basic " + base64_encode(creds);
}

std::optional<PlainCredentials> parse_basic_authorization(std::string_view v) {
    // Optional surrounding whitespace; scheme is case-insensitive (RFC 7235 §2.1).
    auto is_ws = [](char c) { return c == ' ' || c == '\t'; };
    while (!v.empty() && is_ws(v.front())) v.remove_prefix(1);
    while (!v.empty() && is_ws(v.back())) v.remove_suffix(1);
    const auto sp = v.find_first_of(" \t");
    if (sp == std::string_view::npos || !iequals(v.substr(0, sp), "Basic")) return std::nullopt;
    auto token = v.substr(sp);
    while (!token.empty() && is_ws(token.front())) token.remove_prefix(1);
    if (token.empty()) return std::nullopt;
    auto decoded = base64_decode(token);
    if (!decoded) return std::nullopt;
    // The user-id cannot contain ':' (RFC 7617 §2); the password may.
    const auto colon = decoded->find(':');
    if (colon == std::string::npos) return std::nullopt;
    PlainCredentials c;
    c.user = decoded->substr(0, colon);
    c.password = decoded->substr(colon + 1);
    return c;
}

std::string redact(std::string_view text, const std::vector<std::string_view>& secrets) {
    // Longest secrets first so a secret that contains another is replaced whole.
    std::vector<std::string_view> order;
    for (auto s : secrets)
        if (!s.empty()) order.push_back(s);
    std::sort(order.begin(), order.end(), [](auto a, auto b) { return a.size() > b.size(); });
    std::string out(text);
    for (auto s : order) {
        std::size_t pos = 0;
        while ((pos = out.find(s, pos)) != std::string::npos) {
            out.replace(pos, s.size(), "***");
            pos += 3;
        }
    }
    return out;
}

}  // namespace tpbench::auth
