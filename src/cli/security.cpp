#include "security.hpp"

#include <tpbench/auth/auth.hpp>
#include <tpbench/backends/registry.hpp>
#include <tpbench/profiling/profiling.hpp>
#include <tpbench/report/report.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>

namespace tpbench::cli {

using engine::ConfigError;

namespace {

// The --auth spelling of a mechanism.
std::string_view mechanism_name(engine::AuthOptions::Mechanism m) {
    using M = engine::AuthOptions::Mechanism;
    switch (m) {
        case M::sasl_plain:
            return "sasl";
        case M::basic:
            return "basic";
        case M::sigv4:
            return "sigv4";
        case M::none:
            break;
    }
    return "none";
}

// "--auth" help: the mechanism each backend uses when only --user is given (registry facts).
std::string auth_help(std::string_view base) {
    std::string d;
    for (const auto& b : backends::registry())
        d += fmt::format("{}{} on {}", d.empty() ? "" : ", ", mechanism_name(b.user_auth), b.name);
    return fmt::format("{} (default: {} when --user is given)", base, d);
}

std::mutex secrets_mutex;
std::vector<std::string>& secrets() {
    static std::vector<std::string> s;
    return s;
}

// The long flags, their side-spec keys and help; boolean flags are handled separately.
struct FlagDef {
    const char* key;
    const char* help;
};
const FlagDef value_flags[] = {
    {"tls-ca", "PEM file of trusted CA certificates (default: the system trust store)"},
    {"tls-cert", "client certificate (PEM) for mutual TLS"},
    {"tls-key", "private key (PEM) of --tls-cert"},
    {"tls-server-name", "name sent as SNI and checked against the certificate (default: the host)"},
    {"auth", "sasl | basic | sigv4 | none"},  // + the per-backend default (auth_help)
    {"user", "user name for SASL PLAIN / HTTP Basic"},
    {"authzid", "SASL PLAIN authorization identity (rarely needed)"},
    {"password-env", "read the password from this environment variable"},
    {"password-file", "read the password from this file (first line)"},
    {"password", "the password itself (visible in the process list: prefer --password-env/--password-file)"},
    {"credentials-file",
     "file of key = value lines: user, password, aws_access_key_id, aws_secret_access_key, "
     "aws_session_token, region ([profile] sections as in ~/.aws/credentials)"},
    {"aws-region", "SigV4 region (default: AWS_REGION, AWS_DEFAULT_REGION, the credentials file)"},
    {"aws-service", "SigV4 service name (default neptune-db)"},
    {"aws-access-key-id", "SigV4 access key id (default: AWS_ACCESS_KEY_ID or the credentials file)"},
    {"aws-profile", "section of --credentials-file to use (default: AWS_PROFILE, then [default])"},
};

bool truthy(std::string_view v) { return v.empty() || v == "true" || v == "1" || v == "yes" || v == "on"; }

bool is_loopback(std::string_view host) {
    return host.empty() || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

std::string trim(std::string_view s) {
    auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && ws(s.front())) s.remove_prefix(1);
    while (!s.empty() && ws(s.back())) s.remove_suffix(1);
    return std::string(s);
}

std::optional<std::string> read_small_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    if (ss.str().size() > 1024 * 1024) return std::nullopt;
    return ss.str();
}

// key = value lines; '#'/';' comments; [section] headers (keys before any header always apply,
// keys under other sections than `profile` are ignored). Errors name the line, never its text.
std::map<std::string, std::string> read_credentials_file(const std::string& path,
                                                         const std::string& profile) {
    auto text = read_small_file(path);
    if (!text) throw ConfigError("cannot read credentials file '" + path + "'");
    std::map<std::string, std::string> out;
    std::istringstream in(*text);
    std::string line, section;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#' || t[0] == ';') continue;
        if (t.front() == '[') {
            if (t.back() != ']')
                throw ConfigError("credentials file '" + path + "' line " + std::to_string(n) +
                                  ": bad section header");
            section = trim(std::string_view(t).substr(1, t.size() - 2));
            if (section.rfind("profile ", 0) == 0) section = trim(section.substr(8));
            continue;
        }
        const auto eq = t.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError("credentials file '" + path + "' line " + std::to_string(n) +
                              ": expected key = value");
        if (!section.empty() && section != profile) continue;
        out[trim(std::string_view(t).substr(0, eq))] = trim(std::string_view(t).substr(eq + 1));
    }
    return out;
}

}  // namespace

void add_secret(std::string secret) {
    // Very short secrets are not redacted: replacing every "x" in all output would mangle it and
    // reveal the secret by the pattern anyway (resolve_security warns about such passwords).
    if (secret.size() < kMinRedactedSecret) return;
    std::lock_guard lock(secrets_mutex);
    if (std::find(secrets().begin(), secrets().end(), secret) == secrets().end())
        secrets().push_back(std::move(secret));
}

void add_secrets(const engine::AuthOptions& a) {
    add_secret(a.password);
    add_secret(a.secret_access_key);
    add_secret(a.session_token);
    if (!a.password.empty()) {
        add_secret(auth::base64_encode(auth::sasl_plain_message(a.authzid, a.username, a.password)));
        add_secret(auth::basic_authorization(a.username, a.password).substr(6));  // after "Basic "
    }
}

std::string redacted(std::string_view text) {
    std::lock_guard lock(secrets_mutex);
    if (secrets().empty()) return std::string(text);
    std::vector<std::string_view> views(secrets().begin(), secrets().end());
    return auth::redact(text, views);
}

void redact_report(report::Report& r) {
    auto fix = [](std::string& s) { s = redacted(s); };
    fix(r.title);
    fix(r.scenario);
    fix(r.command);
    for (auto& [k, v] : r.meta) fix(v);
    for (auto& s : r.sides) {
        fix(s.name);
        fix(s.notes);
        for (auto& [k, v] : s.config.extra) fix(v);
        for (auto& e : s.errors) fix(e.name);
    }
    for (auto& c : r.comparisons) {
        fix(c.a);
        fix(c.b);
        fix(c.note);
    }
    for (auto& t : r.thresholds) {
        fix(t.expression);
        fix(t.message);
    }
}

bool is_security_key(std::string_view key) {
    if (key == "tls" || key == "tls-insecure") return true;
    for (const auto& f : value_flags)
        if (key == f.key) return true;
    return false;
}

void SecurityFlags::add_to(CLI::App& app) {
    app_ = &app;
    const char* g = "TLS and authentication";
    app.add_flag("--tls", tls_, "connect with TLS (implied by a wss:// or https:// --host)")->group(g);
    app.add_flag("--tls-insecure", insecure_,
                 "do NOT verify the server certificate or host name (a warning is printed)")
        ->group(g);
    for (const auto& f : value_flags)
        app.add_option(std::string("--") + f.key, values_[f.key],
                       std::string_view(f.key) == "auth" ? auth_help(f.help) : std::string(f.help))
            ->group(g);
}

std::map<std::string, std::string> SecurityFlags::given() const {
    std::map<std::string, std::string> out;
    if (!app_) return out;
    if (tls_) out["tls"] = "true";
    if (insecure_) out["tls-insecure"] = "true";
    for (const auto& f : value_flags)
        if (app_->get_option(std::string("--") + f.key)->count() > 0) out[f.key] = values_.at(f.key);
    return out;
}

Getenv process_env() {
    return [](const char* name) -> std::optional<std::string> {
        const char* v = std::getenv(name);
        if (!v || !*v) return std::nullopt;
        return std::string(v);
    };
}

Security resolve_security(const std::map<std::string, std::string>& keys, std::string_view backend,
                          std::string_view host, const Getenv& env) {
    Security s;
    auto get = [&](const char* k) -> std::optional<std::string> {
        auto it = keys.find(k);
        if (it == keys.end()) return std::nullopt;
        return it->second;
    };
    for (const auto& [k, v] : keys)
        if (!is_security_key(k)) throw ConfigError("unknown security option '" + k + "'");

    // ---- TLS
    if (auto v = get("tls")) s.tls.enabled = truthy(*v);
    if (auto v = get("tls-insecure")) s.tls.insecure = truthy(*v);
    if (auto v = get("tls-ca")) s.tls.ca_file = *v;
    if (auto v = get("tls-cert")) s.tls.cert_file = *v;
    if (auto v = get("tls-key")) s.tls.key_file = *v;
    if (auto v = get("tls-server-name")) s.tls.server_name = *v;
    const bool tls_detail = !s.tls.ca_file.empty() || !s.tls.cert_file.empty() || !s.tls.key_file.empty() ||
                            !s.tls.server_name.empty() || s.tls.insecure;
    if (tls_detail && !s.tls.enabled)
        throw ConfigError(
            "--tls-ca/--tls-cert/--tls-key/--tls-server-name/--tls-insecure need TLS: add --tls or use a "
            "wss:// or https:// --host");
    if (s.tls.cert_file.empty() != s.tls.key_file.empty())
        throw ConfigError("--tls-cert and --tls-key go together");
    for (const auto* f : {&s.tls.ca_file, &s.tls.cert_file, &s.tls.key_file})
        if (!f->empty() && !std::ifstream(*f)) throw ConfigError("cannot read TLS file '" + *f + "'");
    if (s.tls.insecure)
        s.warnings.push_back(
            "WARNING: --tls-insecure: the server certificate and host name are NOT verified; anyone "
            "on the network path can impersonate the server and read the credentials and traffic");

    // ---- credentials file
    std::map<std::string, std::string> file;
    if (auto f = get("credentials-file")) {
        std::string profile = get("aws-profile").value_or(env("AWS_PROFILE").value_or("default"));
        file = read_credentials_file(*f, profile);
    }
    auto from_file = [&](std::initializer_list<const char*> names) -> std::optional<std::string> {
        for (auto n : names)
            if (auto it = file.find(n); it != file.end() && !it->second.empty()) return it->second;
        return std::nullopt;
    };

    // ---- mechanism
    using M = engine::AuthOptions::Mechanism;
    std::optional<std::string> user = get("user");
    if (!user) user = from_file({"user", "username"});
    std::string mech = get("auth").value_or("");
    const backends::BackendInfo* info = backends::find_backend(backend);
    if (!info)
        throw ConfigError(
            fmt::format("unknown backend '{}' (known: {})", backend, backends::backend_names()));
    if (mech.empty()) mech = user ? std::string(mechanism_name(info->user_auth)) : "none";
    if (mech == "sasl" || mech == "sasl-plain" || mech == "plain")
        s.auth.mechanism = M::sasl_plain;
    else if (mech == "basic")
        s.auth.mechanism = M::basic;
    else if (mech == "sigv4" || mech == "aws-sigv4")
        s.auth.mechanism = M::sigv4;
    else if (mech == "none")
        s.auth.mechanism = M::none;
    else
        throw ConfigError("--auth must be sasl, basic, sigv4 or none, got '" + mech + "'");

    if (!info->accepts_auth(s.auth.mechanism)) {
        std::string accepted;
        for (auto m : info->auth_mechanisms)
            if (m != M::none)
                accepted += fmt::format("{}{}", accepted.empty() ? "" : " or ", mechanism_name(m));
        std::string first, also;
        for (const auto& b : backends::registry())
            if (b.accepts_auth(s.auth.mechanism)) {
                if (first.empty())
                    first = b.name;
                else
                    also += fmt::format("{}{}", also.empty() ? "" : ", ", b.name);
            }
        throw ConfigError(
            fmt::format("--auth {} is {} mechanism{}; {} uses --auth {}", mechanism_name(s.auth.mechanism),
                        first.empty() ? std::string("no backend's") : "the " + first,
                        also.empty() ? std::string() : " (also " + also + ")", backend, accepted));
    }

    const int password_sources = int(get("password").has_value()) + int(get("password-env").has_value()) +
                                 int(get("password-file").has_value());
    if (password_sources > 1)
        throw ConfigError("give the password once: --password-env, --password-file or --password");

    if (s.auth.mechanism == M::sasl_plain || s.auth.mechanism == M::basic) {
        if (!user || user->empty()) throw ConfigError("--auth " + mech + " needs --user");
        s.auth.username = *user;
        s.auth.authzid = get("authzid").value_or("");
        if (auto p = get("password")) {
            s.auth.password = *p;
            s.warnings.push_back(
                "WARNING: --password shows the password in the process list and shell history; "
                "prefer --password-env VAR or --password-file FILE");
        } else if (auto var = get("password-env")) {
            auto v = env(var->c_str());
            if (!v)
                throw ConfigError("--password-env: environment variable '" + *var + "' is not set or empty");
            s.auth.password = *v;
        } else if (auto f = get("password-file")) {
            auto text = read_small_file(*f);
            if (!text) throw ConfigError("cannot read password file '" + *f + "'");
            std::string pw = text->substr(0, text->find('\n'));
            if (!pw.empty() && pw.back() == '\r') pw.pop_back();
            if (pw.empty()) throw ConfigError("password file '" + *f + "' has an empty first line");
            s.auth.password = std::move(pw);
        } else if (auto p = from_file({"password"})) {
            s.auth.password = *p;
        } else {
            throw ConfigError(
                "--user needs a password: --password-env VAR, --password-file FILE, --password or a "
                "--credentials-file with a password line");
        }
        if (s.auth.password.size() < kMinRedactedSecret)
            s.warnings.push_back(
                "WARNING: the password is shorter than " + std::to_string(kMinRedactedSecret) +
                " characters: tpbench never prints it, but cannot redact it from messages a server "
                "echoes");
        if (!s.tls.enabled && !is_loopback(host))
            s.warnings.push_back(
                "WARNING: credentials for " + std::string(host) +
                " are sent without TLS (readable on the network); use --tls or a wss:// / https:// host");
    } else if (s.auth.mechanism == M::sigv4) {
        if (password_sources > 0 || get("user"))
            throw ConfigError("--auth sigv4 uses AWS credentials, not --user/--password");
        s.auth.service = get("aws-service").value_or("neptune-db");
        auto region = get("aws-region");
        if (!region) region = from_file({"region"});
        if (!region) region = env("AWS_REGION");
        if (!region) region = env("AWS_DEFAULT_REGION");
        if (!region)
            throw ConfigError("--auth sigv4 needs a region: --aws-region, AWS_REGION or AWS_DEFAULT_REGION");
        s.auth.region = *region;
        // Precedence: flags, then --credentials-file (explicitly given), then the environment.
        auto key_id = get("aws-access-key-id");
        if (!key_id) key_id = from_file({"aws_access_key_id"});
        if (!key_id) key_id = env("AWS_ACCESS_KEY_ID");
        auto secret = from_file({"aws_secret_access_key"});
        auto token = from_file({"aws_session_token"});
        if (!secret) {
            secret = env("AWS_SECRET_ACCESS_KEY");
            if (!token) token = env("AWS_SESSION_TOKEN");
        }
        if (!key_id || !secret)
            throw ConfigError(
                "--auth sigv4 needs AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and "
                "AWS_SESSION_TOKEN for temporary ones), or a --credentials-file");
        s.auth.access_key_id = *key_id;
        s.auth.secret_access_key = *secret;
        s.auth.session_token = token.value_or("");
        if (!s.tls.enabled && !is_loopback(host))
            s.warnings.push_back(
                "WARNING: SigV4 to " + std::string(host) +
                " without TLS: the signature is replayable for 5 minutes; use --tls or wss:// / https://");
    } else {
        if (password_sources > 0 || get("user"))
            throw ConfigError("--auth none with --user/--password: drop them or choose --auth sasl|basic");
    }
    return s;
}

std::string HostUrl::backend() const {
    const backends::BackendInfo* b = backends::backend_for_scheme(scheme);
    return b ? std::string(b->name) : std::string();
}

HostUrl parse_host(std::string_view text) {
    HostUrl u;
    std::string_view rest = text;
    if (auto p = rest.find("://"); p != std::string_view::npos) {
        u.scheme = std::string(rest.substr(0, p));
        for (auto& c : u.scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (u.backend().empty())
            throw ConfigError("host '" + std::string(text) + "': unknown scheme '" + u.scheme +
                              "' (ws, wss, http, https)");
        rest.remove_prefix(p + 3);
        if (auto slash = rest.find('/'); slash != std::string_view::npos) {
            u.path = std::string(rest.substr(slash));
            rest = rest.substr(0, slash);
        }
    }
    std::string_view port;
    if (!rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos)
            throw ConfigError("host '" + std::string(text) + "': missing ']'");
        u.host = std::string(rest.substr(1, close - 1));
        auto after = rest.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':')
                throw ConfigError("host '" + std::string(text) + "': expected :PORT after ']'");
            port = after.substr(1);
            if (port.empty()) throw ConfigError("host '" + std::string(text) + "': empty port");
        }
    } else if (auto c = rest.rfind(':'); c != std::string_view::npos && rest.find(':') == c) {
        u.host = std::string(rest.substr(0, c));
        port = rest.substr(c + 1);
        if (port.empty()) throw ConfigError("host '" + std::string(text) + "': empty port");
    } else {
        u.host = std::string(rest);  // a plain name, or a bare IPv6 address
    }
    if (u.host.empty()) throw ConfigError("host '" + std::string(text) + "': empty host");
    if (!port.empty()) {
        int v = 0;
        for (char ch : port) {
            if (ch < '0' || ch > '9' || v > 65535)
                throw ConfigError("host '" + std::string(text) + "': bad port");
            v = v * 10 + (ch - '0');
        }
        if (v < 1 || v > 65535) throw ConfigError("host '" + std::string(text) + "': port must be 1..65535");
        u.port = static_cast<std::uint16_t>(v);
    }
    return u;
}

}  // namespace tpbench::cli
