#pragma once
// Throw-away X.509 material for tests, generated at test time with the OpenSSL 3 API into a fresh
// temporary directory (no key is ever committed). See tests/common/README.md.
//
//   ca                 trusted test CA (CN "tpbench test CA")
//   server             leaf for the loopback server: CN localhost, SAN DNS:localhost, IP:127.0.0.1,
//                      IP:::1, EKU serverAuth, signed by `ca`
//   client             client-certificate leaf (CN "tpbench-client", EKU clientAuth), signed by `ca`
//   other_ca           a second, untrusted CA (CN "tpbench untrusted CA")
//   other_server       same names as `server` but signed by `other_ca` (an "untrusted" server)
//   expired_server     like `server`, signed by `ca`, validity ended yesterday
//   wrong_host_server  signed by `ca`, SAN DNS:wrong.invalid only (hostname mismatch on 127.0.0.1)
//   server_p12 / client_p12  PKCS#12 bundles (key + leaf + ca) for Java keystores, password
//                      `p12_password`
//
// Thread-safety: a TestPki is immutable after construction; shared_pki() is safe to call from any
// thread. Errors (OpenSSL failure, unwritable directory) throw std::runtime_error.
#include <filesystem>
#include <string>

namespace tpbench::test {

enum class KeyKind { ec_p256, rsa_2048 };

struct PkiOptions {
    KeyKind key = KeyKind::ec_p256;             // EC is ~100x faster to generate than RSA
    std::string p12_password = "tpbench-test";  // throw-away; for the PKCS#12 bundles only
};

class TestPki {
public:
    struct Pair {
        std::filesystem::path cert;  // PEM certificate
        std::filesystem::path key;   // PEM private key (unencrypted PKCS#8, mode 0600)
    };

    // Generates everything into a fresh directory under $TMPDIR (or /tmp), removed by the
    // destructor.
    explicit TestPki(PkiOptions opts = {});
    // Generates into an existing directory `dir`, which is kept (for tpbench_test_pki and scripts).
    TestPki(std::filesystem::path dir, PkiOptions opts);
    ~TestPki();
    TestPki(const TestPki&) = delete;
    TestPki& operator=(const TestPki&) = delete;

    std::filesystem::path dir;
    Pair ca, server, client, other_ca, other_server, expired_server, wrong_host_server;
    std::filesystem::path server_p12, client_p12;
    std::string p12_password;

    // Whole contents of a file (e.g. a PEM to pass as a string); throws when unreadable.
    static std::string read(const std::filesystem::path& file);

private:
    void generate(const PkiOptions& opts);
    bool owned_ = false;
};

// One PKI per test process (EC keys), generated on first use, removed at process exit.
const TestPki& shared_pki();

}  // namespace tpbench::test
