// tpbench_test_pki DIR [--rsa] — writes the test PKI (see test_pki.hpp) into DIR and prints one
// `name=path` line per file, for scripts and the node conformance tests. DIR is kept; the caller
// removes it. Exit 2 on bad usage, 1 on failure.
#include "common/test_pki.hpp"

#include <cstdio>
#include <cstring>
#include <exception>

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3 || (argc == 3 && std::strcmp(argv[2], "--rsa") != 0)) {
        std::fprintf(stderr, "usage: tpbench_test_pki DIR [--rsa]\n");
        return 2;
    }
    try {
        tpbench::test::PkiOptions opts;
        if (argc == 3) opts.key = tpbench::test::KeyKind::rsa_2048;
        tpbench::test::TestPki pki(argv[1], opts);
        auto line = [](const char* name, const std::filesystem::path& p) {
            std::printf("%s=%s\n", name, p.c_str());
        };
        line("ca_cert", pki.ca.cert);
        line("ca_key", pki.ca.key);
        line("server_cert", pki.server.cert);
        line("server_key", pki.server.key);
        line("client_cert", pki.client.cert);
        line("client_key", pki.client.key);
        line("other_ca_cert", pki.other_ca.cert);
        line("other_server_cert", pki.other_server.cert);
        line("other_server_key", pki.other_server.key);
        line("expired_server_cert", pki.expired_server.cert);
        line("expired_server_key", pki.expired_server.key);
        line("wrong_host_server_cert", pki.wrong_host_server.cert);
        line("wrong_host_server_key", pki.wrong_host_server.key);
        line("server_p12", pki.server_p12);
        line("client_p12", pki.client_p12);
        std::printf("p12_password=%s\n", pki.p12_password.c_str());
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tpbench_test_pki: %s\n", e.what());
        return 1;
    }
}
