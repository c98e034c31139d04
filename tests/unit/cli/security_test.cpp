// TLS/credential option resolution, URL hosts and secret redaction of the load commands.
#include "security.hpp"

#include <tpbench/profiling/profiling.hpp>
#include <tpbench/report/report.hpp>

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include <unistd.h>

using namespace tpbench;
using namespace tpbench::cli;
using M = engine::AuthOptions::Mechanism;
using Keys = std::map<std::string, std::string>;

namespace {

Getenv env_of(std::map<std::string, std::string> vars) {
    return [vars](const char* name) -> std::optional<std::string> {
        auto it = vars.find(name);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
}

std::string temp_file(const std::string& name, const std::string& content) {
    const auto p =
        std::filesystem::temp_directory_path() / ("tpbench-sec-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
}

// The message of the ConfigError `f` throws ("" when it does not throw).
template <class F>
std::string error_of(F f) {
    try {
        f();
    } catch (const engine::ConfigError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("security: defaults are no TLS, no auth") {
    auto s = resolve_security({}, "ws37", "", env_of({}));
    CHECK_FALSE(s.tls.enabled);
    CHECK(s.auth.mechanism == M::none);
    CHECK(s.warnings.empty());
}

TEST_CASE("security: --user picks SASL PLAIN on ws37 and Basic on http4; password sources") {
    auto s = resolve_security({{"user", "bob"}, {"password-env", "PW"}}, "ws37", "127.0.0.1",
                              env_of({{"PW", "s3cret"}}));
    CHECK(s.auth.mechanism == M::sasl_plain);
    CHECK(s.auth.username == "bob");
    CHECK(s.auth.password == "s3cret");
    CHECK(s.warnings.empty());

    auto b = resolve_security({{"user", "bob"}, {"password-env", "PW"}}, "http4", "127.0.0.1",
                              env_of({{"PW", "x"}}));
    CHECK(b.auth.mechanism == M::basic);

    const auto f = temp_file("pw", "from-file\r\nsecond line ignored\n");
    auto pf = resolve_security({{"user", "bob"}, {"password-file", f}}, "ws37", "", env_of({}));
    CHECK(pf.auth.password == "from-file");

    auto direct = resolve_security({{"user", "bob"}, {"password", "pass"}}, "ws37", "", env_of({}));
    CHECK(direct.auth.password == "pass");
    REQUIRE(direct.warnings.size() == 1);
    CHECK(direct.warnings[0].find("process list") != std::string::npos);
    auto tiny =
        resolve_security({{"user", "bob"}, {"password-env", "PW"}}, "ws37", "", env_of({{"PW", "x"}}));
    REQUIRE(tiny.warnings.size() == 1);
    CHECK(tiny.warnings[0].find("cannot redact") != std::string::npos);
}

TEST_CASE("security: errors are clear and never contain the secret") {
    CHECK(error_of([] {
              resolve_security({{"user", "bob"}}, "ws37", "", env_of({}));
          }).find("needs a password") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"user", "bob"}, {"password-env", "NOPE"}}, "ws37", "", env_of({}));
          }).find("'NOPE' is not set") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"user", "bob"}, {"password", "a"}, {"password-env", "B"}}, "ws37", "",
                               env_of({}));
          }).find("give the password once") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"auth", "kerberos"}}, "ws37", "", env_of({}));
          }).find("sasl, basic, sigv4") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"auth", "basic"}, {"user", "u"}, {"password", "p"}}, "ws37", "", env_of({}));
          }).find("http4 mechanism") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"auth", "sasl"}}, "ws37", "", env_of({}));
          }).find("needs --user") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"tls-ca", "x.pem"}}, "ws37", "h", env_of({}));
          }).find("need TLS") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"tls", "true"}, {"tls-cert", "c.pem"}}, "ws37", "h", env_of({}));
          }).find("go together") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"tls", "true"}, {"tls-ca", "/nonexistent/ca.pem"}}, "ws37", "h", env_of({}));
          }).find("cannot read TLS file") != std::string::npos);
    // A malformed credentials file names the line, not its (secret) content.
    const auto f = temp_file("bad-creds", "user = bob\nTOPSECRETLINE\n");
    const auto msg = error_of([&] { resolve_security({{"credentials-file", f}}, "ws37", "", env_of({})); });
    CHECK(msg.find("line 2") != std::string::npos);
    CHECK(msg.find("TOPSECRETLINE") == std::string::npos);
    const auto empty = temp_file("empty-pw", "\n");
    CHECK(error_of([&] {
              resolve_security({{"user", "u"}, {"password-file", empty}}, "ws37", "", env_of({}));
          }).find("empty first line") != std::string::npos);
}

TEST_CASE("security: TLS options and the loud warnings") {
    auto s = resolve_security({{"tls", "true"}, {"tls-insecure", "true"}, {"tls-server-name", "db.example"}},
                              "http4", "10.0.0.1", env_of({}));
    CHECK(s.tls.enabled);
    CHECK(s.tls.insecure);
    CHECK(s.tls.server_name == "db.example");
    REQUIRE(s.warnings.size() == 1);
    CHECK(s.warnings[0].find("NOT verified") != std::string::npos);
    // Credentials in clear text to a remote host: a warning; to loopback: none.
    auto clear =
        resolve_security({{"user", "u"}, {"password", "pass"}}, "http4", "db.example.com", env_of({}));
    CHECK(clear.warnings.size() == 2);
    auto local = resolve_security({{"user", "u"}, {"password", "pass"}}, "http4", "localhost", env_of({}));
    CHECK(local.warnings.size() == 1);
}

TEST_CASE("security: SigV4 from the standard AWS environment variables, flags and a credentials file") {
    auto s = resolve_security({{"auth", "sigv4"}}, "ws37", "db",
                              env_of({{"AWS_ACCESS_KEY_ID", "AKID"},
                                      {"AWS_SECRET_ACCESS_KEY", "SECRET"},
                                      {"AWS_SESSION_TOKEN", "TOKEN"},
                                      {"AWS_DEFAULT_REGION", "eu-west-1"}}));
    CHECK(s.auth.mechanism == M::sigv4);
    CHECK(s.auth.access_key_id == "AKID");
    CHECK(s.auth.secret_access_key == "SECRET");
    CHECK(s.auth.session_token == "TOKEN");
    CHECK(s.auth.region == "eu-west-1");
    CHECK(s.auth.service == "neptune-db");

    // AWS_REGION wins over AWS_DEFAULT_REGION; the flag over both.
    auto r = resolve_security({{"auth", "sigv4"}, {"aws-service", "svc"}}, "http4", "db",
                              env_of({{"AWS_ACCESS_KEY_ID", "A"},
                                      {"AWS_SECRET_ACCESS_KEY", "S"},
                                      {"AWS_REGION", "us-east-2"},
                                      {"AWS_DEFAULT_REGION", "eu-west-1"}}));
    CHECK(r.auth.region == "us-east-2");
    CHECK(r.auth.service == "svc");
    auto fl = resolve_security(
        {{"auth", "sigv4"}, {"aws-region", "ap-south-1"}}, "http4", "db",
        env_of({{"AWS_ACCESS_KEY_ID", "A"}, {"AWS_SECRET_ACCESS_KEY", "S"}, {"AWS_REGION", "x"}}));
    CHECK(fl.auth.region == "ap-south-1");

    // ~/.aws/credentials shape: the selected profile's keys; other sections ignored.
    const auto f =
        temp_file("aws",
                  "# comment\n[default]\naws_access_key_id = DEFKEY\naws_secret_access_key = DEFSECRET\n"
                  "[other]\naws_access_key_id = OTHERKEY\naws_secret_access_key = OTHERSECRET\n"
                  "aws_session_token = OTHERTOKEN\nregion = us-west-2\n");
    auto d = resolve_security(
        {{"auth", "sigv4"}, {"credentials-file", f}, {"aws-region", "us-east-1"}}, "ws37", "db",
        env_of({{"AWS_ACCESS_KEY_ID", "ENVKEY"}, {"AWS_SECRET_ACCESS_KEY", "ENVSECRET"}}));
    CHECK(d.auth.access_key_id == "DEFKEY");
    CHECK(d.auth.secret_access_key == "DEFSECRET");
    CHECK(d.auth.session_token == "");
    auto o = resolve_security({{"auth", "sigv4"}, {"credentials-file", f}, {"aws-profile", "other"}}, "ws37",
                              "db", env_of({}));
    CHECK(o.auth.access_key_id == "OTHERKEY");
    CHECK(o.auth.session_token == "OTHERTOKEN");
    CHECK(o.auth.region == "us-west-2");

    CHECK(error_of([] {
              resolve_security({{"auth", "sigv4"}, {"aws-region", "r"}}, "ws37", "db", env_of({}));
          }).find("needs AWS credentials") != std::string::npos);
    CHECK(error_of([] {
              resolve_security({{"auth", "sigv4"}}, "ws37", "db",
                               env_of({{"AWS_ACCESS_KEY_ID", "A"}, {"AWS_SECRET_ACCESS_KEY", "S"}}));
          }).find("needs a region") != std::string::npos);
}

TEST_CASE("security: hosts as names, host:port, [v6]:port and URLs") {
    auto a = parse_host("db.example.com");
    CHECK(a.host == "db.example.com");
    CHECK_FALSE(a.port);
    CHECK(a.scheme.empty());
    auto b = parse_host("wss://db.example.com:8182/gremlin");
    CHECK(b.tls());
    CHECK(b.backend() == "ws37");
    CHECK(b.host == "db.example.com");
    CHECK(*b.port == 8182);
    CHECK(b.path == "/gremlin");
    auto c = parse_host("HTTPS://[::1]:9443");
    CHECK(c.tls());
    CHECK(c.backend() == "http4");
    CHECK(c.host == "::1");
    CHECK(*c.port == 9443);
    auto d = parse_host("http://h");
    CHECK_FALSE(d.tls());
    CHECK_FALSE(d.port);
    CHECK(parse_host("::1").host == "::1");
    CHECK(error_of([] { parse_host("ftp://h"); }).find("unknown scheme") != std::string::npos);
    CHECK(error_of([] { parse_host("wss://h:0"); }).find("1..65535") != std::string::npos);
    CHECK(error_of([] { parse_host("wss://h:99999"); }).find("port") != std::string::npos);
    CHECK(error_of([] { parse_host("wss://:8182"); }).find("empty host") != std::string::npos);
    CHECK(error_of([] { parse_host("h:"); }).find("empty port") != std::string::npos);
}

TEST_CASE("security: registered secrets and their wire encodings are redacted everywhere") {
    engine::AuthOptions a;
    a.mechanism = M::sasl_plain;
    a.username = "bob";
    a.password = "Zebra-Pass-42";
    a.secret_access_key = "AWS/SECRET+KEY";
    add_secrets(a);
    CHECK(redacted("bad password Zebra-Pass-42!") == "bad password ***!");
    CHECK(redacted("sigv4 secret AWS/SECRET+KEY") == "sigv4 secret ***");
    // What goes on the wire: base64 of the SASL message and of user:password.
    CHECK(redacted("sasl=AGJvYgBaZWJyYS1QYXNzLTQy") == "sasl=***");
    CHECK(redacted("Authorization: Basic Ym9iOlplYnJhLVBhc3MtNDI=") == "Authorization: Basic ***");
    CHECK(redacted("user bob") == "user bob");
    add_secret("abc");  // too short to redact
    CHECK(redacted("abc") == "abc");

    report::Report r;
    r.title = "t Zebra-Pass-42";
    r.command = "tpbench run --password Zebra-Pass-42";
    r.meta["k"] = "Zebra-Pass-42";
    auto& side = r.sides.emplace_back();
    side.name = "ws37";
    side.notes = "server said: Zebra-Pass-42 is wrong";
    side.config.extra["target"] = "h Zebra-Pass-42";
    redact_report(r);
    CHECK(r.title == "t ***");
    CHECK(r.command == "tpbench run --password ***");
    CHECK(r.meta["k"] == "***");
    CHECK(r.sides[0].notes == "server said: *** is wrong");
    CHECK(r.sides[0].config.extra["target"] == "h ***");
}
