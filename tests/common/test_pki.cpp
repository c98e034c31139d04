// Test PKI generation with the OpenSSL 3 API (see test_pki.hpp).
#include "common/test_pki.hpp"

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace tpbench::test {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& what) {
    std::string msg = "test PKI: " + what;
    unsigned long e = ERR_get_error();
    if (e != 0) {
        char buf[256];
        ERR_error_string_n(e, buf, sizeof buf);
        msg += ": ";
        msg += buf;
    }
    ERR_clear_error();
    throw std::runtime_error(msg);
}

struct PkeyFree {
    void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct X509Free {
    void operator()(X509* p) const { X509_free(p); }
};
struct BioFree {
    void operator()(BIO* p) const { BIO_free_all(p); }
};
struct P12Free {
    void operator()(PKCS12* p) const { PKCS12_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using Cert = std::unique_ptr<X509, X509Free>;

Pkey make_key(KeyKind kind) {
    EVP_PKEY* k = kind == KeyKind::rsa_2048 ? EVP_RSA_gen(2048) : EVP_EC_gen("P-256");
    if (!k) fail("key generation");
    return Pkey(k);
}

void add_ext(X509* cert, X509* issuer, int nid, const char* value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
    if (!ext) fail(std::string("extension ") + OBJ_nid2sn(nid) + "=" + value);
    int ok = X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
    if (!ok) fail("X509_add_ext");
}

struct CertSpec {
    std::string cn;
    bool is_ca = false;
    const char* eku = nullptr;  // "serverAuth" / "clientAuth"
    const char* san = nullptr;  // "DNS:localhost,IP:127.0.0.1"
    long not_before_s = -3600;  // relative to now
    long not_after_s = 30L * 24 * 3600;
};

// Builds a certificate for `key`, signed by `issuer_key` (issuer_cert == nullptr: self-signed).
Cert make_cert(const CertSpec& s, EVP_PKEY* key, X509* issuer_cert, EVP_PKEY* issuer_key) {
    Cert c(X509_new());
    if (!c) fail("X509_new");
    X509* x = c.get();
    X509_set_version(x, 2);  // v3
    unsigned char serial[16];
    if (RAND_bytes(serial, sizeof serial) != 1) fail("RAND_bytes");
    serial[0] &= 0x7f;  // positive
    BIGNUM* bn = BN_bin2bn(serial, sizeof serial, nullptr);
    if (!bn || !BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x))) fail("serial number");
    BN_free(bn);
    if (!X509_gmtime_adj(X509_getm_notBefore(x), s.not_before_s) ||
        !X509_gmtime_adj(X509_getm_notAfter(x), s.not_after_s))
        fail("validity");
    if (!X509_set_pubkey(x, key)) fail("X509_set_pubkey");
    X509_NAME* name = X509_get_subject_name(x);
    X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC,
                               reinterpret_cast<const unsigned char*>("tpbench tests"), -1, -1, 0);
    if (!X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                    reinterpret_cast<const unsigned char*>(s.cn.c_str()), -1, -1, 0))
        fail("subject CN");
    X509* issuer = issuer_cert ? issuer_cert : x;
    if (!X509_set_issuer_name(x, X509_get_subject_name(issuer))) fail("issuer name");
    if (s.is_ca) {
        add_ext(x, issuer, NID_basic_constraints, "critical,CA:TRUE");
        add_ext(x, issuer, NID_key_usage, "critical,keyCertSign,cRLSign");
    } else {
        add_ext(x, issuer, NID_basic_constraints, "critical,CA:FALSE");
        add_ext(x, issuer, NID_key_usage, "critical,digitalSignature,keyEncipherment");
    }
    if (s.eku) add_ext(x, issuer, NID_ext_key_usage, s.eku);
    if (s.san) add_ext(x, issuer, NID_subject_alt_name, s.san);
    add_ext(x, issuer, NID_subject_key_identifier, "hash");
    add_ext(x, issuer, NID_authority_key_identifier, "keyid:always");
    if (!X509_sign(x, issuer_key ? issuer_key : key, EVP_sha256())) fail("X509_sign");
    return c;
}

std::unique_ptr<BIO, BioFree> open_write(const fs::path& p, bool secret) {
    BIO* b = BIO_new_file(p.c_str(), "wb");
    if (!b) fail("cannot write " + p.string());
    if (secret) ::chmod(p.c_str(), 0600);
    return std::unique_ptr<BIO, BioFree>(b);
}

void write_pair(const TestPki::Pair& where, X509* cert, EVP_PKEY* key) {
    {
        auto b = open_write(where.cert, false);
        if (!PEM_write_bio_X509(b.get(), cert)) fail("PEM_write_bio_X509");
    }
    auto b = open_write(where.key, true);
    if (!PEM_write_bio_PrivateKey(b.get(), key, nullptr, nullptr, 0, nullptr, nullptr))
        fail("PEM_write_bio_PrivateKey");
}

void write_p12(const fs::path& p, const std::string& password, const char* alias, X509* cert, EVP_PKEY* key,
               X509* ca) {
    STACK_OF(X509)* chain = sk_X509_new_null();
    if (!chain || !sk_X509_push(chain, ca)) fail("chain stack");
    PKCS12* p12 = PKCS12_create(password.c_str(), alias, key, cert, chain, 0, 0, 0, 0, 0);
    sk_X509_free(chain);  // does not free the certificates
    if (!p12) fail("PKCS12_create");
    std::unique_ptr<PKCS12, P12Free> guard(p12);
    auto b = open_write(p, true);
    if (!i2d_PKCS12_bio(b.get(), p12)) fail("i2d_PKCS12_bio");
}

fs::path make_temp_dir() {
    const char* base = std::getenv("TMPDIR");
    std::string templ = std::string(base && *base ? base : "/tmp") + "/tpbench-pki-XXXXXX";
    if (!::mkdtemp(templ.data())) throw std::runtime_error("test PKI: mkdtemp failed in " + templ);
    return fs::path(templ);
}

}  // namespace

TestPki::TestPki(PkiOptions opts) : dir(make_temp_dir()), owned_(true) {
    try {
        generate(opts);
    } catch (...) {
        std::error_code ec;
        fs::remove_all(dir, ec);
        throw;
    }
}

TestPki::TestPki(std::filesystem::path d, PkiOptions opts) : dir(std::move(d)) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw std::runtime_error("test PKI: cannot create " + dir.string() + ": " + ec.message());
    generate(opts);
}

TestPki::~TestPki() {
    if (!owned_) return;
    std::error_code ec;
    fs::remove_all(dir, ec);
}

void TestPki::generate(const PkiOptions& opts) {
    p12_password = opts.p12_password;
    auto pair = [&](const char* stem) {
        return Pair{dir / (std::string(stem) + ".crt"), dir / (std::string(stem) + ".key")};
    };
    ca = pair("ca");
    server = pair("server");
    client = pair("client");
    other_ca = pair("other-ca");
    other_server = pair("other-server");
    expired_server = pair("expired-server");
    wrong_host_server = pair("wrong-host-server");
    server_p12 = dir / "server.p12";
    client_p12 = dir / "client.p12";

    constexpr const char* loopback_san = "DNS:localhost,IP:127.0.0.1,IP:0:0:0:0:0:0:0:1";
    auto ca_key = make_key(opts.key);
    auto ca_cert = make_cert({.cn = "tpbench test CA", .is_ca = true, .not_after_s = 60L * 24 * 3600},
                             ca_key.get(), nullptr, nullptr);
    write_pair(ca, ca_cert.get(), ca_key.get());

    auto srv_key = make_key(opts.key);
    auto srv_cert = make_cert({.cn = "localhost", .eku = "serverAuth", .san = loopback_san}, srv_key.get(),
                              ca_cert.get(), ca_key.get());
    write_pair(server, srv_cert.get(), srv_key.get());
    write_p12(server_p12, p12_password, "server", srv_cert.get(), srv_key.get(), ca_cert.get());

    auto cli_key = make_key(opts.key);
    auto cli_cert =
        make_cert({.cn = "tpbench-client", .eku = "clientAuth"}, cli_key.get(), ca_cert.get(), ca_key.get());
    write_pair(client, cli_cert.get(), cli_key.get());
    write_p12(client_p12, p12_password, "client", cli_cert.get(), cli_key.get(), ca_cert.get());

    auto oca_key = make_key(opts.key);
    auto oca_cert = make_cert({.cn = "tpbench untrusted CA", .is_ca = true}, oca_key.get(), nullptr, nullptr);
    write_pair(other_ca, oca_cert.get(), oca_key.get());

    auto osrv_key = make_key(opts.key);
    auto osrv_cert = make_cert({.cn = "localhost", .eku = "serverAuth", .san = loopback_san}, osrv_key.get(),
                               oca_cert.get(), oca_key.get());
    write_pair(other_server, osrv_cert.get(), osrv_key.get());

    // Reuses the server key: only the certificate's validity differs.
    auto exp_cert = make_cert({.cn = "localhost",
                               .eku = "serverAuth",
                               .san = loopback_san,
                               .not_before_s = -3L * 24 * 3600,
                               .not_after_s = -24L * 3600},
                              srv_key.get(), ca_cert.get(), ca_key.get());
    write_pair(expired_server, exp_cert.get(), srv_key.get());

    auto wrong_cert = make_cert({.cn = "wrong.invalid", .eku = "serverAuth", .san = "DNS:wrong.invalid"},
                                srv_key.get(), ca_cert.get(), ca_key.get());
    write_pair(wrong_host_server, wrong_cert.get(), srv_key.get());
}

std::string TestPki::read(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("test PKI: cannot read " + file.string());
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const TestPki& shared_pki() {
    // Function-local static: generated once, thread-safe, destroyed (directory removed) at exit.
    static TestPki pki;
    return pki;
}

}  // namespace tpbench::test
