// gremlin-server.yaml subset: the top-level scalar keys that tune the embedded server, the `ssl:`
// and `authentication:` sections (a small YAML subset: block mappings/lists and flow {…}/[…]),
// and the credentials file.
#include <tpbench/server/server.hpp>

#include "fault_plan.hpp"
#include "tcp_congestion.hpp"

#include <tpbench/model/did_you_mean.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tpbench::server {
namespace {

void validate_knobs(const ServerConfig& cfg);
void validate_security(const ServerConfig& cfg);

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// Removes a trailing " # comment" and surrounding quotes.
std::string scalar(std::string_view v, std::size_t line_no, std::string_view key) {
    v = trim(v);
    if (!v.empty() && (v.front() == '"' || v.front() == '\'')) {
        char q = v.front();
        auto end = v.find(q, 1);
        if (end == std::string_view::npos)
            throw std::runtime_error("config line " + std::to_string(line_no) +
                                     ": unterminated quote in value of '" + std::string(key) + "'");
        return std::string(v.substr(1, end - 1));
    }
    auto hash = v.find(" #");
    if (hash != std::string_view::npos) v = trim(v.substr(0, hash));
    return std::string(v);
}

std::uint64_t parse_uint(const std::string& v, std::string_view key, std::uint64_t max) {
    std::uint64_t out = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || p != v.data() + v.size() || v.empty() || out > max)
        throw std::runtime_error("config key '" + std::string(key) + "': expected an integer in [0, " +
                                 std::to_string(max) + "], got '" + v + "'");
    return out;
}

// ---- a YAML subset for the ssl / authentication sections --------------------------------------

struct YNode {
    enum class Kind : std::uint8_t { scalar, list, map } kind = Kind::scalar;
    std::string scalar;
    std::vector<YNode> list;
    std::vector<std::pair<std::string, YNode>> map;
    const YNode* get(std::string_view k) const {
        for (const auto& [key, v] : map)
            if (key == k) return &v;
        return nullptr;
    }
};

YNode scalar_node(std::string v) {
    YNode n;
    n.scalar = std::move(v);
    return n;
}

[[noreturn]] void section_error(std::string_view section, const std::string& what) {
    throw std::runtime_error("config section '" + std::string(section) + "': " + what);
}

// Drops a comment: '#' at the start or after a space, outside quotes.
std::string_view strip_comment(std::string_view line) {
    char q = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (q) {
            if (c == q) q = 0;
        } else if (c == '"' || c == '\'') {
            q = c;
        } else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
            return line.substr(0, i);
        }
    }
    return line;
}

std::string unquote(std::string_view v) {
    v = trim(v);
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        return std::string(v.substr(1, v.size() - 2));
    return std::string(v);
}

// Flow style: {k: v, k: {…}, k: [a, b]} (comments already removed, lines joined).
struct FlowParser {
    std::string_view s;
    std::string_view section;
    std::size_t i = 0;
    void ws() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    }
    std::string token(std::string_view stops) {
        ws();
        std::size_t b = i;
        char q = 0;
        for (; i < s.size(); ++i) {
            char c = s[i];
            if (q) {
                if (c == q) q = 0;
                continue;
            }
            if (c == '"' || c == '\'') {
                q = c;
                continue;
            }
            if (stops.find(c) != std::string_view::npos) break;
        }
        return unquote(s.substr(b, i - b));
    }
    YNode value() {
        ws();
        YNode n;
        if (i < s.size() && s[i] == '{') {
            ++i;
            n.kind = YNode::Kind::map;
            for (;;) {
                ws();
                if (i < s.size() && s[i] == '}') {
                    ++i;
                    break;
                }
                std::string key = token(":,}");
                if (i >= s.size() || s[i] != ':') section_error(section, "expected 'key: value' in '{…}'");
                ++i;
                n.map.emplace_back(std::move(key), value());
                ws();
                if (i < s.size() && s[i] == ',')
                    ++i;
                else if (i < s.size() && s[i] == '}')
                    continue;
                else
                    section_error(section, "expected ',' or '}'");
            }
        } else if (i < s.size() && s[i] == '[') {
            ++i;
            n.kind = YNode::Kind::list;
            for (;;) {
                ws();
                if (i < s.size() && s[i] == ']') {
                    ++i;
                    break;
                }
                n.list.push_back(value());
                ws();
                if (i < s.size() && s[i] == ',')
                    ++i;
                else if (i < s.size() && s[i] == ']')
                    continue;
                else
                    section_error(section, "expected ',' or ']'");
            }
        } else {
            n.scalar = token(",}]");
        }
        return n;
    }
};

YNode parse_flow(std::string_view text, std::string_view section) {
    FlowParser p{text, section};
    YNode n = p.value();
    p.ws();
    if (p.i != text.size()) section_error(section, "unexpected text after the closing bracket");
    return n;
}

struct BlockLine {
    std::size_t indent;
    std::string_view text;  // comment stripped, trimmed
};

// Block style: nested `key: value` / `- item` lines by indentation; values may be flow.
YNode parse_block(const std::vector<BlockLine>& lines, std::size_t& pos, std::size_t indent,
                  std::string_view section) {
    YNode n;
    bool first = true;
    while (pos < lines.size() && lines[pos].indent >= indent) {
        const auto& l = lines[pos];
        if (l.indent > indent) section_error(section, "unexpected indentation");
        if (l.text.rfind("- ", 0) == 0 || l.text == "-") {
            if (!first && n.kind != YNode::Kind::list) section_error(section, "mixed list and mapping");
            n.kind = YNode::Kind::list;
            auto item = trim(l.text.substr(1));
            ++pos;
            n.list.push_back(!item.empty() && (item.front() == '{' || item.front() == '[')
                                 ? parse_flow(item, section)
                                 : scalar_node(unquote(item)));
        } else {
            if (!first && n.kind != YNode::Kind::map) section_error(section, "mixed list and mapping");
            n.kind = YNode::Kind::map;
            auto colon = l.text.find(':');
            if (colon == std::string_view::npos) section_error(section, "expected 'key: value'");
            std::string key = unquote(l.text.substr(0, colon));
            auto v = trim(l.text.substr(colon + 1));
            ++pos;
            if (v.empty()) {
                if (pos < lines.size() && lines[pos].indent > indent)
                    n.map.emplace_back(std::move(key), parse_block(lines, pos, lines[pos].indent, section));
                else
                    n.map.emplace_back(std::move(key), YNode{});
            } else if (v.front() == '{' || v.front() == '[') {
                n.map.emplace_back(std::move(key), parse_flow(v, section));
            } else {
                n.map.emplace_back(std::move(key), scalar_node(unquote(v)));
            }
        }
        first = false;
    }
    return n;
}

bool yaml_true(const YNode* n, std::string_view section, std::string_view key) {
    if (n == nullptr) return false;
    std::string v = n->scalar;
    std::transform(v.begin(), v.end(), v.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (n->kind == YNode::Kind::scalar && (v == "true" || v == "yes" || v == "on")) return true;
    if (n->kind == YNode::Kind::scalar && (v == "false" || v == "no" || v == "off" || v.empty()))
        return false;
    section_error(section, std::string(key) + " must be true or false");
}

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string scalar_of(const YNode& n, std::string_view section, std::string_view key) {
    if (n.kind != YNode::Kind::scalar) section_error(section, std::string(key) + " must be a single value");
    return n.scalar;
}

// ssl: enabled, keyStore (PKCS12), keyStorePassword, keyStoreType, keyCertChainFile/keyFile (PEM),
// sslEnabledProtocols, needClientAuth NONE, trustStore* (no effect without client auth, as in
// Gremlin Server). Anything else is refused.
void apply_ssl_section(ServerConfig& cfg, const YNode& n) {
    constexpr std::string_view sec = "ssl";
    if (n.kind == YNode::Kind::scalar && n.scalar.empty()) return;
    if (n.kind != YNode::Kind::map) section_error(sec, "expected a mapping");
    if (!yaml_true(n.get("enabled"), sec, "enabled")) return;
    std::string store_type;
    TlsConfig t;
    for (const auto& [key, v] : n.map) {
        if (key == "enabled") continue;
        if (key == "keyStore") {
            t.pkcs12_file = scalar_of(v, sec, key);
        } else if (key == "keyStorePassword") {
            t.pkcs12_password = scalar_of(v, sec, key);
        } else if (key == "keyStoreType") {
            store_type = scalar_of(v, sec, key);
        } else if (key == "keyCertChainFile") {
            t.cert_file = scalar_of(v, sec, key);
        } else if (key == "keyFile") {
            t.key_file = scalar_of(v, sec, key);
        } else if (key == "keyPassword") {
            if (!scalar_of(v, sec, key).empty())
                section_error(sec,
                              "keyPassword (an encrypted PEM key) is not supported by tpbench serve; use an "
                              "unencrypted key or a PKCS12 keyStore");
        } else if (key == "trustStore" || key == "trustStorePassword" || key == "trustStoreType") {
            // Only used to verify client certificates, which needClientAuth NONE does not ask for.
        } else if (key == "sslEnabledProtocols") {
            std::vector<std::string> protos;
            if (v.kind == YNode::Kind::list) {
                for (const auto& p : v.list) protos.push_back(scalar_of(p, sec, key));
            } else if (!v.scalar.empty()) {
                protos.push_back(v.scalar);
            }
            for (const auto& p : protos)
                if (p != "TLSv1.2" && p != "TLSv1.3")
                    section_error(sec, "sslEnabledProtocols: '" + p +
                                           "' is not supported by tpbench serve (TLSv1.2 and TLSv1.3 are)");
            t.protocols = std::move(protos);
        } else if (key == "sslCipherSuites") {
            if ((v.kind == YNode::Kind::list && !v.list.empty()) ||
                (v.kind == YNode::Kind::scalar && !v.scalar.empty()))
                section_error(
                    sec, "sslCipherSuites is not supported by tpbench serve (it uses OpenSSL's defaults)");
        } else if (key == "needClientAuth") {
            std::string a = scalar_of(v, sec, key);
            if (!a.empty() && a != "NONE")
                section_error(
                    sec, "needClientAuth: " + a + " (client certificates) is not supported by tpbench serve");
        } else {
            section_error(sec, key + " is not supported by tpbench serve");
        }
    }
    if (!t.pkcs12_file.empty()) {
        std::string up = store_type;
        std::transform(up.begin(), up.end(), up.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        if (!up.empty() && up != "PKCS12")
            section_error(sec,
                          "keyStoreType " + store_type +
                              " is not supported by tpbench serve; convert it with keytool -importkeystore "
                              "-deststoretype PKCS12, or give keyCertChainFile/keyFile (PEM)");
    }
    // TLS is required even when the file names no key material (flags may still add it);
    // validate_config refuses to start plaintext.
    cfg.tls = std::move(t);
    cfg.tls_required = true;
}

// authentication: authenticator AllowAllAuthenticator (off) or SimpleAuthenticator with
// config.credentialsFile (tpbench) / config.credentialsDb (a TinkerGraph file tpbench cannot read).
void apply_authentication_section(ServerConfig& cfg, const YNode& n) {
    constexpr std::string_view sec = "authentication";
    if (n.kind == YNode::Kind::scalar && n.scalar.empty()) return;
    if (n.kind != YNode::Kind::map) section_error(sec, "expected a mapping");
    std::string authenticator;
    const YNode* config = nullptr;
    for (const auto& [key, v] : n.map) {
        if (key == "authenticator") {
            authenticator = scalar_of(v, sec, key);
        } else if (key == "authenticationHandler") {
            std::string h = scalar_of(v, sec, key);
            if (!h.empty() && !ends_with(h, "SaslAuthenticationHandler") &&
                !ends_with(h, "HttpBasicAuthenticationHandler"))
                section_error(sec, "authenticationHandler " + h +
                                       " is not supported by tpbench serve (it speaks SASL "
                                       "PLAIN on ws37 and HTTP Basic on http4)");
        } else if (key == "config") {
            config = &v;
        } else {
            section_error(sec, key + " is not supported by tpbench serve");
        }
    }
    if (authenticator.empty() || ends_with(authenticator, "AllowAllAuthenticator")) return;
    if (!ends_with(authenticator, "SimpleAuthenticator"))
        section_error(
            sec,
            "authenticator " + authenticator +
                " is not supported by tpbench serve (SimpleAuthenticator and AllowAllAuthenticator are)");
    cfg.authentication_required = true;
    if (config && config->kind == YNode::Kind::map) {
        for (const auto& [key, v] : config->map) {
            if (key == "credentialsFile") {
                cfg.credentials_file = scalar_of(v, sec, "config.credentialsFile");
            } else if (key == "credentialsDb") {
                // A TinkerGraph of bcrypt hashes: not readable here. authentication_required stays
                // set, so start() refuses unless credentials come from credentialsFile/--credentials.
            } else {
                section_error(sec, "config." + key + " is not supported by tpbench serve");
            }
        }
    } else if (config && !(config->kind == YNode::Kind::scalar && config->scalar.empty())) {
        section_error(sec, "config must be a mapping");
    }
}

// Every top-level key of Gremlin Server's yaml (3.7 Settings and the 4.0 renames): tpbench serve
// applies some, the others do not apply to it and are skipped quietly; any other key is a typo.
const std::vector<std::string>& gremlin_server_keys() {
    static const std::vector<std::string> keys = {"host",
                                                  "port",
                                                  "threadPoolWorker",
                                                  "gremlinPool",
                                                  "threadPoolBoss",
                                                  "maxWorkQueueSize",
                                                  "evaluationTimeout",
                                                  "scriptEvaluationTimeout",
                                                  "timeoutMillis",
                                                  "serializedResponseTimeout",
                                                  "resultIterationBatchSize",
                                                  "maxInitialLineLength",
                                                  "maxHeaderSize",
                                                  "maxChunkSize",
                                                  "maxContentLength",
                                                  "maxRequestContentLength",
                                                  "maxAccumulationBufferComponents",
                                                  "writeBufferHighWaterMark",
                                                  "writeBufferLowWaterMark",
                                                  "idleConnectionTimeout",
                                                  "idleConnectionTimeoutMillis",
                                                  "keepAliveInterval",
                                                  "keepAliveIntervalMillis",
                                                  "useEpollEventLoop",
                                                  "strictTransactionManagement",
                                                  "channelizer",
                                                  "graphManager",
                                                  "metrics",
                                                  "graphs",
                                                  "scriptEngines",
                                                  "serializers",
                                                  "ssl",
                                                  "authentication",
                                                  "authorization",
                                                  "plugins",
                                                  "processors",
                                                  "enableAuditLog",
                                                  "maxSessionTaskQueueSize",
                                                  "useCommonEngineForSessions",
                                                  "useGlobalFunctionCacheForSessions",
                                                  "sessionLifetimeTimeout",
                                                  "maxParameters",
                                                  "enableCompression",
                                                  "maxConcurrentTransactions",
                                                  "transactionTimeout",
                                                  "perGraphCloseTimeout",
                                                  "closeSessionPostGraphOp",
                                                  "gremlinLangLimits"};
    return keys;
}

// The `graphs:` entries (`name: path`), from a flow map on the key's line or the indented lines below it.
std::vector<std::string> graph_entries(const std::vector<std::string_view>& lines, std::size_t idx,
                                       std::string_view rest) {
    std::vector<std::string> out;
    rest = trim(rest);
    if (auto hash = rest.find(" #"); hash != std::string_view::npos) rest = trim(rest.substr(0, hash));
    if (!rest.empty() && rest.front() == '{') {
        // A flow map, possibly over several lines: up to its '}'.
        std::string joined(rest.substr(1));
        for (std::size_t i = idx + 1; joined.find('}') == std::string::npos && i < lines.size(); ++i)
            joined += "," + std::string(trim(lines[i]));
        std::string_view body = joined;
        body = body.substr(0, body.find('}'));
        while (!body.empty()) {
            const auto comma = body.find(',');
            const auto item = trim(body.substr(0, comma));
            if (!item.empty()) out.emplace_back(item);
            body = comma == std::string_view::npos ? std::string_view() : body.substr(comma + 1);
        }
        return out;
    }
    for (std::size_t i = idx + 1; i < lines.size(); ++i) {
        const auto l = lines[i];
        const auto body = trim(l);
        if (body.empty() || body.front() == '#') continue;
        if (l[0] != ' ' && l[0] != '\t') break;
        out.emplace_back(body);
    }
    return out;
}

}  // namespace

void apply_yaml_config(ServerConfig& cfg, const std::string& yaml_text, std::vector<std::string>* warnings) {
    std::vector<std::string_view> lines;
    {
        std::string_view text = yaml_text;
        while (!text.empty()) {
            auto nl = text.find('\n');
            lines.push_back(text.substr(0, nl));
            text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        }
    }
    // The security sections are parsed as a whole (flow `{…}` over several lines, or the indented
    // block below the key).
    auto security_section = [&](std::size_t& idx, std::string_view key, std::string_view rest) {
        YNode node;
        rest = trim(strip_comment(rest));
        if (!rest.empty() && (rest.front() == '{' || rest.front() == '[')) {
            std::string joined(rest);
            int depth = 0;
            auto depth_of = [](std::string_view t) {
                int d = 0;
                char q = 0;
                for (char c : t) {
                    if (q) {
                        if (c == q) q = 0;
                    } else if (c == '"' || c == '\'') {
                        q = c;
                    } else if (c == '{' || c == '[') {
                        ++d;
                    } else if (c == '}' || c == ']') {
                        --d;
                    }
                }
                return d;
            };
            depth = depth_of(joined);
            while (depth > 0 && idx + 1 < lines.size()) {
                ++idx;
                auto more = strip_comment(lines[idx]);
                depth += depth_of(more);
                joined += '\n';
                joined += more;
            }
            if (depth != 0) section_error(key, "unbalanced brackets");
            node = parse_flow(joined, key);
        } else if (!rest.empty()) {
            node.scalar = unquote(rest);
        } else {
            std::vector<BlockLine> block;
            while (idx + 1 < lines.size()) {
                auto l = lines[idx + 1];
                auto body = trim(strip_comment(l));
                if (body.empty()) {
                    ++idx;
                    continue;
                }
                if (l[0] != ' ' && l[0] != '\t') break;
                std::size_t ind = 0;
                while (ind < l.size() && (l[ind] == ' ' || l[ind] == '\t')) ++ind;
                block.push_back({ind, body});
                ++idx;
            }
            std::size_t pos = 0;
            if (!block.empty()) node = parse_block(block, pos, block.front().indent, key);
        }
        if (key == "ssl")
            apply_ssl_section(cfg, node);
        else if (key == "authentication")
            apply_authentication_section(cfg, node);
        else if (node.kind == YNode::Kind::map && node.get("authorizer") &&
                 !node.get("authorizer")->scalar.empty())
            section_error(
                key, "authorizer " + node.get("authorizer")->scalar + " is not supported by tpbench serve");
    };
    for (std::size_t idx = 0; idx < lines.size(); ++idx) {
        std::string_view line = lines[idx];
        std::size_t line_no = idx + 1;
        // Only unindented `key: value` lines are settings; nested sections (graphs, serializers,
        // scriptEngines, …) and comments are skipped.
        if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-') continue;
        if (trim(line) == "---" || trim(line).empty()) continue;
        auto colon = line.find(':');
        if (colon == std::string_view::npos)
            throw std::runtime_error("config line " + std::to_string(line_no) + ": expected 'key: value'");
        std::string key(trim(line.substr(0, colon)));
        if (warnings) {
            const auto& known = gremlin_server_keys();
            if (std::find(known.begin(), known.end(), key) == known.end()) {
                const auto near = model::did_you_mean(key, known);
                warnings->push_back("config line " + std::to_string(line_no) + ": unknown key '" + key +
                                    "' ignored" + (near ? "; did you mean '" + *near + "'?" : ""));
            } else if (key == "graphs") {
                for (const auto& g : graph_entries(lines, idx, line.substr(colon + 1)))
                    warnings->push_back(
                        "config line " + std::to_string(line_no) + ": graphs entry '" + g +
                        "' is not loaded: tpbench serve serves one graph, TinkerPop's modern graph (or "
                        "--graph FILE), bound as 'graph' with traversal source 'g'");
            }
        }
        if (key == "ssl" || key == "authentication" || key == "authorization") {
            security_section(idx, key, line.substr(colon + 1));
            continue;
        }
        std::string v = scalar(line.substr(colon + 1), line_no, key);
        if (v.empty() || v.front() == '{' || v.front() == '[') continue;  // section or flow collection
        constexpr auto u32 = std::numeric_limits<std::uint32_t>::max();
        constexpr auto i32 = static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
        if (key == "host") {
            cfg.host = v == "localhost" ? "127.0.0.1" : v;
        } else if (key == "port") {
            cfg.port = static_cast<std::uint16_t>(parse_uint(v, key, 65535));
        } else if (key == "threadPoolWorker") {
            auto n = parse_uint(v, key, 1024);
            if (n == 0) throw std::runtime_error("config key 'threadPoolWorker': must be at least 1");
            cfg.thread_pool_worker = static_cast<unsigned>(n);
        } else if (key == "gremlinPool") {
            cfg.gremlin_pool = static_cast<unsigned>(parse_uint(v, key, 4096));
        } else if (key == "maxWorkQueueSize") {
            cfg.max_work_queue_size = parse_uint(v, key, u32);
        } else if (key == "evaluationTimeout" || key == "timeoutMillis" || key == "scriptEvaluationTimeout") {
            cfg.evaluation_timeout = std::chrono::milliseconds(parse_uint(v, key, i32 * 1000));
        } else if (key == "resultIterationBatchSize") {
            auto n = parse_uint(v, key, i32);
            if (n == 0) throw std::runtime_error("config key 'resultIterationBatchSize': must be at least 1");
            cfg.result_iteration_batch_size = static_cast<std::int32_t>(n);
        } else if (key == "writeBufferHighWaterMark") {
            cfg.write_buffer_high_water_mark = parse_uint(v, key, u32);
        } else if (key == "writeBufferLowWaterMark") {
            cfg.write_buffer_low_water_mark = parse_uint(v, key, u32);
        } else if (key == "maxContentLength" || key == "maxRequestContentLength") {
            auto n = parse_uint(v, key, u32);
            if (n < 1024) throw std::runtime_error("config key '" + key + "': must be at least 1024");
            cfg.max_content_length = n;
        } else if (key == "idleConnectionTimeout" || key == "idleConnectionTimeoutMillis") {
            cfg.idle_connection_timeout = std::chrono::milliseconds(parse_uint(v, key, i32 * 1000));
        }
        // Other keys (channelizer, graphs, serializers, …) do not apply to this server.
    }
    // Security requirements (tls_required, authentication_required) are checked by start(): the
    // command line may still supply the key material and credentials.
    validate_knobs(cfg);
}

void validate_config(const ServerConfig& cfg) {
    validate_knobs(cfg);
    validate_security(cfg);
    for (const auto& f : cfg.faults) {
        try {
            detail::parse_fault_spec(f);
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(e.what());
        }
    }
}

namespace {

void validate_knobs(const ServerConfig& cfg) {
    if (cfg.thread_pool_worker == 0) throw std::runtime_error("threadPoolWorker must be at least 1");
    if (cfg.result_iteration_batch_size <= 0)
        throw std::runtime_error("resultIterationBatchSize must be at least 1");
    if (cfg.write_buffer_low_water_mark > cfg.write_buffer_high_water_mark)
        throw std::runtime_error("writeBufferLowWaterMark (" +
                                 std::to_string(cfg.write_buffer_low_water_mark) +
                                 ") must not exceed writeBufferHighWaterMark (" +
                                 std::to_string(cfg.write_buffer_high_water_mark) + ")");
    if (cfg.max_content_length < 1024) throw std::runtime_error("maxContentLength must be at least 1024");
    if (cfg.http4_version_byte < 0x80)
        throw std::runtime_error("the http4 version byte must have its top bit set");
    if (cfg.host.empty()) throw std::runtime_error("host must not be empty");
    detail::validate_congestion_name(cfg.tcp_congestion);
}

void validate_security(const ServerConfig& cfg) {
    const auto& t = cfg.tls;
    if (cfg.tls_required && !t.enabled())
        throw std::runtime_error(
            "ssl is enabled but no key material is configured: give --tls-cert FILE --tls-key "
            "FILE, or ssl.keyStore (PKCS12) / ssl.keyCertChainFile + ssl.keyFile");
    if (!t.pkcs12_file.empty() && (!t.cert_file.empty() || !t.key_file.empty()))
        throw std::runtime_error("TLS: give either a PKCS12 keystore or a PEM certificate and key, not both");
    if (t.pkcs12_file.empty() && t.cert_file.empty() != t.key_file.empty())
        throw std::runtime_error(t.cert_file.empty()
                                     ? "TLS: a key file needs a certificate (--tls-cert)"
                                     : "TLS: a certificate needs its private key (--tls-key)");
    for (const auto& p : t.protocols)
        if (p != "TLSv1.2" && p != "TLSv1.3")
            throw std::runtime_error("TLS protocol '" + p + "' is not supported (TLSv1.2, TLSv1.3)");
    if (cfg.authentication_required && !cfg.credentials)
        throw std::runtime_error(
            "authentication (SimpleAuthenticator) is enabled but no credentials are loaded: tpbench serve "
            "cannot "
            "read a credentialsDb graph; give --credentials FILE or authentication.config.credentialsFile "
            "(one user:password per line)");
    if (cfg.credentials && cfg.credentials->users.empty())
        throw std::runtime_error("authentication is enabled with an empty user list");
}

}  // namespace

Credentials parse_credentials(std::string_view text) {
    Credentials c;
    std::size_t line_no = 0;
    while (!text.empty()) {
        auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim(line).empty() || trim(line).front() == '#') continue;
        // Errors name the line, never its content: it holds a password.
        auto colon = line.find(':');
        if (colon == std::string_view::npos)
            throw std::runtime_error("credentials line " + std::to_string(line_no) +
                                     ": expected user:password");
        std::string user(trim(line.substr(0, colon)));
        if (user.empty())
            throw std::runtime_error("credentials line " + std::to_string(line_no) + ": empty user name");
        if (!c.users.emplace(user, std::string(line.substr(colon + 1))).second)
            throw std::runtime_error("credentials line " + std::to_string(line_no) + ": duplicate user '" +
                                     user + "'");
    }
    if (c.users.empty()) throw std::runtime_error("credentials: no user defined");
    return c;
}

Credentials load_credentials_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read credentials file '" + path + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    try {
        return parse_credentials(ss.str());
    } catch (const std::runtime_error& e) {
        throw std::runtime_error("credentials file '" + path + "': " + e.what());
    }
}

}  // namespace tpbench::server
