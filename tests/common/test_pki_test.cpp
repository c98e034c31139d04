// The generated test PKI verifies the way the TLS tests rely on: the server leaf chains to `ca`
// and matches 127.0.0.1/localhost; the others fail for the intended reason.
#include "common/test_pki.hpp"

#include <doctest/doctest.h>

#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace {

using tpbench::test::TestPki;

X509* load_cert(const std::filesystem::path& p) {
    FILE* f = std::fopen(p.c_str(), "rb");
    REQUIRE(f != nullptr);
    X509* x = PEM_read_X509(f, nullptr, nullptr, nullptr);
    std::fclose(f);
    REQUIRE(x != nullptr);
    return x;
}

// X509_V_OK or the verification error of `leaf` against the trust anchor `ca` (purpose
// sslserver/sslclient), with host/IP checks when given.
int verify(const std::filesystem::path& ca, const std::filesystem::path& leaf, const char* purpose,
           const char* host = nullptr, const char* ip = nullptr) {
    X509_STORE* store = X509_STORE_new();
    X509* ca_x = load_cert(ca);
    X509_STORE_add_cert(store, ca_x);
    X509* leaf_x = load_cert(leaf);
    X509_STORE_CTX* ctx = X509_STORE_CTX_new();
    X509_STORE_CTX_init(ctx, store, leaf_x, nullptr);
    X509_VERIFY_PARAM* param = X509_STORE_CTX_get0_param(ctx);
    X509_VERIFY_PARAM_set_purpose(param, X509_PURPOSE_get_by_sname(purpose) + 1);
    if (host) X509_VERIFY_PARAM_set1_host(param, host, 0);
    if (ip) X509_VERIFY_PARAM_set1_ip_asc(param, ip);
    int rc = X509_verify_cert(ctx);
    int err = rc == 1 ? X509_V_OK : X509_STORE_CTX_get_error(ctx);
    X509_STORE_CTX_free(ctx);
    X509_free(leaf_x);
    X509_free(ca_x);
    X509_STORE_free(store);
    return err;
}

}  // namespace

TEST_CASE("test PKI: server leaf chains to the CA and matches localhost and 127.0.0.1") {
    const auto& pki = tpbench::test::shared_pki();
    CHECK(verify(pki.ca.cert, pki.server.cert, "sslserver") == X509_V_OK);
    CHECK(verify(pki.ca.cert, pki.server.cert, "sslserver", "localhost") == X509_V_OK);
    CHECK(verify(pki.ca.cert, pki.server.cert, "sslserver", nullptr, "127.0.0.1") == X509_V_OK);
    CHECK(verify(pki.ca.cert, pki.server.cert, "sslserver", "example.com") == X509_V_ERR_HOSTNAME_MISMATCH);
    CHECK(verify(pki.ca.cert, pki.client.cert, "sslclient") == X509_V_OK);
}

TEST_CASE("test PKI: untrusted, expired and wrong-host certificates fail for their reason") {
    const auto& pki = tpbench::test::shared_pki();
    CHECK(verify(pki.ca.cert, pki.other_server.cert, "sslserver") ==
          X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY);
    CHECK(verify(pki.other_ca.cert, pki.other_server.cert, "sslserver", nullptr, "127.0.0.1") == X509_V_OK);
    CHECK(verify(pki.ca.cert, pki.expired_server.cert, "sslserver") == X509_V_ERR_CERT_HAS_EXPIRED);
    CHECK(verify(pki.ca.cert, pki.wrong_host_server.cert, "sslserver") == X509_V_OK);
    CHECK(verify(pki.ca.cert, pki.wrong_host_server.cert, "sslserver", nullptr, "127.0.0.1") ==
          X509_V_ERR_IP_ADDRESS_MISMATCH);
}

TEST_CASE("test PKI: keys are private files and the PKCS#12 bundle opens with its password") {
    const auto& pki = tpbench::test::shared_pki();
    auto perms = std::filesystem::status(pki.server.key).permissions();
    CHECK((perms & (std::filesystem::perms::group_all | std::filesystem::perms::others_all)) ==
          std::filesystem::perms::none);
    CHECK(TestPki::read(pki.server.key).find("BEGIN PRIVATE KEY") != std::string::npos);

    FILE* f = std::fopen(pki.server_p12.c_str(), "rb");
    REQUIRE(f != nullptr);
    PKCS12* p12 = d2i_PKCS12_fp(f, nullptr);
    std::fclose(f);
    REQUIRE(p12 != nullptr);
    EVP_PKEY* key = nullptr;
    X509* cert = nullptr;
    STACK_OF(X509)* ca = nullptr;
    CHECK(PKCS12_parse(p12, "wrong password", &key, &cert, &ca) == 0);
    REQUIRE(PKCS12_parse(p12, pki.p12_password.c_str(), &key, &cert, &ca) == 1);
    CHECK(key != nullptr);
    CHECK(cert != nullptr);
    CHECK(ca != nullptr);
    CHECK(sk_X509_num(ca) == 1);
    EVP_PKEY_free(key);
    X509_free(cert);
    sk_X509_pop_free(ca, X509_free);
    PKCS12_free(p12);
}

TEST_CASE("test PKI: an owned directory is removed by the destructor, RSA keys work too") {
    std::filesystem::path dir;
    {
        TestPki pki(tpbench::test::PkiOptions{.key = tpbench::test::KeyKind::rsa_2048});
        dir = pki.dir;
        CHECK(std::filesystem::exists(pki.ca.cert));
        CHECK(verify(pki.ca.cert, pki.server.cert, "sslserver", nullptr, "127.0.0.1") == X509_V_OK);
    }
    CHECK_FALSE(std::filesystem::exists(dir));
}
