#pragma once
// TLS and credential options of the load commands (run, ab, profile): the flags, the side-spec
// keys, where secrets come from (flags, environment, a credentials file), and the process-wide
// redaction of those secrets from everything tpbench prints or writes. Main thread only, except
// redacted()/say(), which may be called from any thread once the secrets are registered.
#include <tpbench/engine/backend.hpp>

#include <fmt/core.h>

#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}
namespace tpbench::report {
struct Report;
}

namespace tpbench::cli {

// ---- redaction ---------------------------------------------------------------------------------

// Secrets shorter than this are not redacted (see add_secret); a warning says so.
inline constexpr std::size_t kMinRedactedSecret = 4;

// Registers a secret (nothing if it is shorter than kMinRedactedSecret); every later redacted()/say()
// replaces it by
// "***". Call before any worker thread starts.
void add_secret(std::string secret);
// Registers the secrets of `auth` and the encodings that carry them on the wire (the base64 of
// the SASL PLAIN message and of the Basic credentials).
void add_secrets(const engine::AuthOptions& auth);
// `text` with every registered secret replaced by "***".
std::string redacted(std::string_view text);
// Replaces every registered secret in every string of a report (before rendering or writing it).
void redact_report(report::Report& r);

// fmt::print with redaction: every line tpbench's load commands print goes through this. (Not
// named print: fmt::print would be found by argument-dependent lookup too.)
template <class... Args>
void say(std::FILE* f, fmt::format_string<Args...> s, Args&&... args) {
    const std::string text = redacted(fmt::format(s, std::forward<Args>(args)...));
    std::fwrite(text.data(), 1, text.size(), f);
}

// ---- options -----------------------------------------------------------------------------------

// Side-spec keys (and long flags without the dashes) that configure TLS and authentication.
bool is_security_key(std::string_view key);

// The flags of one target: --tls, --tls-ca, --tls-insecure, --tls-cert, --tls-key,
// --tls-server-name, --auth, --user, --authzid, --password, --password-env, --password-file,
// --credentials-file, --aws-region, --aws-service, --aws-access-key-id, --aws-profile.
struct SecurityFlags {
    void add_to(CLI::App& app);
    // The flags the user gave, as side-spec keys ("tls" -> "true", "user" -> "bob", ...).
    std::map<std::string, std::string> given() const;

private:
    std::map<std::string, std::string> values_;
    bool tls_ = false, insecure_ = false;
    CLI::App* app_ = nullptr;
};

// Environment lookup (std::getenv by default; tests pass their own).
using Getenv = std::function<std::optional<std::string>(const char*)>;
Getenv process_env();

struct Security {
    engine::TlsOptions tls;
    engine::AuthOptions auth;
    std::vector<std::string> warnings;  // to print on stderr (insecure TLS, --password, clear text)
};

// Resolves the security keys of a side (see docs/usage.md "TLS and authentication") for
// `backend` (a backends::registry() name) at `host` ("" = embedded server). Throws engine::ConfigError with a
// message that never contains a secret (missing credentials, unreadable file, bad --auth value,
// conflicting password sources). Does not register secrets (add_secrets does).
Security resolve_security(const std::map<std::string, std::string>& keys, std::string_view backend,
                          std::string_view host, const Getenv& env = process_env());

// A host given as a URL: ws://, wss://, http://, https:// HOST[:PORT][/PATH].
struct HostUrl {
    std::string scheme;  // lower-case, "" when `text` is a plain host name
    std::string host;
    std::optional<std::uint16_t> port;
    std::string path;  // "" when none
    bool tls() const noexcept { return scheme == "wss" || scheme == "https"; }
    // The backend the scheme implies (backends::backend_for_scheme; "" for none).
    std::string backend() const;
};
// Parses HOST, HOST:PORT, [V6]:PORT or a URL. Throws engine::ConfigError (unknown scheme, bad port,
// empty host).
HostUrl parse_host(std::string_view text);

}  // namespace tpbench::cli
