// AWS Signature Version 4, header signing (the form Amazon Neptune accepts on the WebSocket
// upgrade and on each HTTP request). Follows the published sig-v4 test suite: path normalisation
// (non-S3 services), URI-encoding of every byte but the unreserved set, query parameters decoded,
// re-encoded and sorted, header names lower-cased and sorted, values trimmed with inner whitespace
// runs collapsed, repeated headers joined by ','.
#include <tpbench/auth/auth.hpp>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <ctime>
#include <stdexcept>
#include <utility>

namespace tpbench::auth {
namespace {

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";

std::string hex(const unsigned char* p, std::size_t n) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string s;
    s.reserve(n * 2);
    for (std::size_t i = 0; i < n; ++i) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}

std::string sha256_hex(std::string_view data) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (EVP_Digest(data.data(), data.size(), md, &len, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("sigv4: SHA-256 failed");  // broken libcrypto: an invariant
    return hex(md, len);
}

std::string hmac(std::string_view key, std::string_view data) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
              reinterpret_cast<const unsigned char*>(data.data()), data.size(), md, &len))
        throw std::runtime_error("sigv4: HMAC-SHA256 failed");
    return std::string(reinterpret_cast<const char*>(md), len);
}

bool unreserved(unsigned char c) noexcept {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.' || c == '~';
}

// AWS URI encoding: every byte outside the unreserved set as %XX (upper-case hex); '/' kept when
// keep_slash (paths).
std::string uri_encode(std::string_view s, bool keep_slash) {
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(s.size());
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (unreserved(c) || (keep_slash && c == '/')) {
            out += ch;
        } else {
            out += '%';
            out += digits[c >> 4];
            out += digits[c & 15];
        }
    }
    return out;
}

int hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Decodes %XX escapes of a raw query component; a '%' not followed by two hex digits stays literal.
std::string percent_decode(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            const int hi = hex_value(s[i + 1]), lo = hex_value(s[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += char(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

// RFC 3986 dot-segment removal plus collapsing of empty segments, as the suite's "normalized"
// vectors do for every service but S3. A trailing '/', '.' or '..' keeps a trailing slash.
std::string normalize_path(std::string_view path) {
    std::vector<std::string_view> segs;
    bool trailing_slash = false;
    std::size_t i = 0;
    while (i <= path.size()) {
        const auto j = std::min(path.find('/', i), path.size());
        const auto seg = path.substr(i, j - i);
        const bool is_last = j == path.size();
        if (seg == "..") {
            if (!segs.empty()) segs.pop_back();
            if (is_last) trailing_slash = true;
        } else if (seg == ".") {
            if (is_last) trailing_slash = true;
        } else if (seg.empty()) {
            if (is_last && i > 0) trailing_slash = true;
        } else {
            segs.push_back(seg);
            if (is_last) trailing_slash = false;
        }
        i = j + 1;
    }
    std::string out = "/";
    for (std::size_t k = 0; k < segs.size(); ++k) {
        if (k > 0) out += '/';
        out.append(segs[k]);
    }
    if (trailing_slash && !segs.empty()) out += '/';
    return out;
}

std::string canonical_query(std::string_view query) {
    std::vector<std::pair<std::string, std::string>> params;
    std::size_t i = 0;
    while (i <= query.size() && !query.empty()) {
        const auto j = std::min(query.find('&', i), query.size());
        const auto part = query.substr(i, j - i);
        if (!part.empty()) {
            const auto eq = part.find('=');
            const auto name = part.substr(0, eq);
            const auto value = eq == std::string_view::npos ? std::string_view{} : part.substr(eq + 1);
            params.emplace_back(uri_encode(percent_decode(name), false),
                                uri_encode(percent_decode(value), false));
        }
        i = j + 1;
    }
    std::sort(params.begin(), params.end());
    std::string out;
    for (const auto& [n, v] : params) {
        if (!out.empty()) out += '&';
        out += n;
        out += '=';
        out += v;
    }
    return out;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

// Trims and collapses every run of whitespace (spaces, tabs, folded line breaks) to one space.
std::string canonical_value(std::string_view v) {
    std::string out;
    bool in_ws = false;
    for (char c : v) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            in_ws = true;
            continue;
        }
        if (in_ws && !out.empty()) out += ' ';
        in_ws = false;
        out += c;
    }
    return out;
}

struct Canonical {
    std::string request;
    std::string signed_headers;
};

Canonical build_canonical(const SigV4Request& req, const std::vector<Header>& extra) {
    // Group by lower-cased name, values in order of appearance, then sort by name.
    std::vector<std::pair<std::string, std::string>> headers;
    auto add = [&](const Header& h) {
        auto name = lower(h.name);
        auto value = canonical_value(h.value);
        for (auto& [n, v] : headers)
            if (n == name) {
                v += ',';
                v += value;
                return;
            }
        headers.emplace_back(std::move(name), std::move(value));
    };
    for (const auto& h : req.headers) add(h);
    for (const auto& h : extra) add(h);
    std::stable_sort(headers.begin(), headers.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });

    Canonical c;
    std::string& r = c.request;
    r += req.method;
    r += '\n';
    r += uri_encode(normalize_path(req.path.empty() ? std::string_view("/") : std::string_view(req.path)),
                    true);
    r += '\n';
    r += canonical_query(req.query);
    r += '\n';
    for (const auto& [n, v] : headers) {
        r += n;
        r += ':';
        r += v;
        r += '\n';
        if (!c.signed_headers.empty()) c.signed_headers += ';';
        c.signed_headers += n;
    }
    r += '\n';
    r += c.signed_headers;
    r += '\n';
    r += sha256_hex(req.payload);
    return c;
}

// "20150830T123600Z" and "20150830".
std::pair<std::string, std::string> amz_dates(std::chrono::system_clock::time_point now) {
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char full[32], day[16];
    std::strftime(full, sizeof full, "%Y%m%dT%H%M%SZ", &tm);
    std::strftime(day, sizeof day, "%Y%m%d", &tm);
    return {full, day};
}

std::string scope(const std::string& day, const SigV4Credentials& creds) {
    return day + '/' + creds.region + '/' + creds.service + "/aws4_request";
}

}  // namespace

std::string sigv4_canonical_request(const SigV4Request& req, const std::vector<Header>& extra) {
    return build_canonical(req, extra).request;
}

std::string sigv4_string_to_sign(const std::string& canonical_request, const SigV4Credentials& creds,
                                 std::chrono::system_clock::time_point now) {
    const auto [full, day] = amz_dates(now);
    std::string s(kAlgorithm);
    s += '\n';
    s += full;
    s += '\n';
    s += scope(day, creds);
    s += '\n';
    s += sha256_hex(canonical_request);
    return s;
}

std::vector<Header> sigv4_sign(const SigV4Request& req, const SigV4Credentials& creds,
                               std::chrono::system_clock::time_point now) {
    const auto [full, day] = amz_dates(now);
    std::vector<Header> extra{{"X-Amz-Date", full}};
    if (!creds.session_token.empty()) extra.push_back({"X-Amz-Security-Token", creds.session_token});
    const auto canonical = build_canonical(req, extra);
    const auto sts = sigv4_string_to_sign(canonical.request, creds, now);
    // Derived signing key: HMAC chain over date, region, service and the terminator.
    const auto k_date = hmac("AWS4" + creds.secret_access_key, day);
    const auto k_region = hmac(k_date, creds.region);
    const auto k_service = hmac(k_region, creds.service);
    const auto k_signing = hmac(k_service, "aws4_request");
    const auto sig = hmac(k_signing, sts);
    std::string authz(kAlgorithm);
    authz += " Credential=" + creds.access_key_id + '/' + scope(day, creds);
    authz += ", SignedHeaders=" + canonical.signed_headers;
    authz += ", Signature=" + hex(reinterpret_cast<const unsigned char*>(sig.data()), sig.size());
    extra.push_back({"Authorization", std::move(authz)});
    return extra;
}

}  // namespace tpbench::auth
