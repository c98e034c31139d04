// base64 (RFC 4648 §10 vectors and malformed inputs), SASL PLAIN, HTTP Basic and redaction.
#include <tpbench/auth/auth.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace tpbench::auth;
using namespace std::string_literals;

TEST_CASE("base64: RFC 4648 section 10 test vectors, both directions") {
    const std::pair<const char*, const char*> vectors[] = {
        {"", ""},
        {"f", "Zg=="},
        {"fo", "Zm8="},
        {"foo", "Zm9v"},
        {"foob", "Zm9vYg=="},
        {"fooba", "Zm9vYmE="},
        {"foobar", "Zm9vYmFy"},
    };
    for (auto [plain, encoded] : vectors) {
        CAPTURE(plain);
        CHECK(base64_encode(plain) == encoded);
        auto d = base64_decode(encoded);
        REQUIRE(d.has_value());
        CHECK(*d == plain);
    }
}

TEST_CASE("base64: every byte value round-trips, and the high alphabet characters appear") {
    std::string all;
    for (int i = 0; i < 256; ++i) all += char(i);
    const auto e = base64_encode(all);
    CHECK(e.find('+') != std::string::npos);
    CHECK(e.find('/') != std::string::npos);
    auto d = base64_decode(e);
    REQUIRE(d.has_value());
    CHECK(*d == all);
    CHECK(base64_encode("\xfb\xff"s) == "+/8=");
}

TEST_CASE("base64: strict decoding rejects malformed input") {
    const char* bad[] = {
        "Zg",        // missing padding
        "Zg=",       // short padding
        "Zm9v\n",    // whitespace
        "Zm 9v",     // inner whitespace
        "Zm9v====",  // a whole quantum of padding
        "Z===",      // padding in the second place
        "Zg==Zg==",  // padding before the end
        "Zm=v",      // data after padding
        "Zm9-",      // base64url alphabet is not accepted
        "Zm9_",
        "Zh==",  // non-canonical: dropped bits not zero
        "Zm9=",  // non-canonical: dropped bits not zero
        "Zm9vYg=\x01", "@@@@",
    };
    for (auto b : bad) {
        CAPTURE(b);
        CHECK_FALSE(base64_decode(b).has_value());
    }
}

TEST_CASE("SASL PLAIN: message layout and parsing") {
    const auto m = sasl_plain_message("", "stephen", "password");
    CHECK(m == "\0stephen\0password"s);
    CHECK(base64_encode(m) == "AHN0ZXBoZW4AcGFzc3dvcmQ=");  // what gremlin drivers send
    auto p = parse_sasl_plain(m);
    REQUIRE(p.has_value());
    CHECK(p->authzid == "");
    CHECK(p->user == "stephen");
    CHECK(p->password == "password");

    auto z = parse_sasl_plain(sasl_plain_message("admin", "bob", "p:w\x01"));
    REQUIRE(z.has_value());
    CHECK(z->authzid == "admin");
    CHECK(z->user == "bob");
    CHECK(z->password == "p:w\x01");

    CHECK_FALSE(parse_sasl_plain("").has_value());
    CHECK_FALSE(parse_sasl_plain("stephen").has_value());
    CHECK_FALSE(parse_sasl_plain("\0stephen"s).has_value());     // two fields
    CHECK_FALSE(parse_sasl_plain("\0a\0b\0c"s).has_value());     // four fields
    CHECK_FALSE(parse_sasl_plain("\0\0password"s).has_value());  // empty authcid
    auto empty_pw = parse_sasl_plain("\0u\0"s);                  // structurally valid
    REQUIRE(empty_pw.has_value());
    CHECK(empty_pw->password == "");
}

TEST_CASE("HTTP Basic: RFC 7617 example, parsing and malformed headers") {
    CHECK(basic_authorization("Aladdin", "open sesame") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
    auto p = parse_basic_authorization("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
    REQUIRE(p.has_value());
    CHECK(p->user == "Aladdin");
    CHECK(p->password == "open sesame");
    CHECK(p->authzid == "");

    // Scheme is case-insensitive; extra spaces around the token are tolerated.
    auto q = parse_basic_authorization("  bAsIc   QWxhZGRpbjpvcGVuIHNlc2FtZQ==  ");
    REQUIRE(q.has_value());
    CHECK(q->user == "Aladdin");

    // The password may contain ':'; the user cannot.
    auto r = parse_basic_authorization(basic_authorization("u", "a:b:c"));
    REQUIRE(r.has_value());
    CHECK(r->user == "u");
    CHECK(r->password == "a:b:c");

    CHECK_FALSE(parse_basic_authorization("").has_value());
    CHECK_FALSE(parse_basic_authorization("Basic").has_value());
    CHECK_FALSE(parse_basic_authorization("Basic ").has_value());
    CHECK_FALSE(parse_basic_authorization("Bearer QWxhZGRpbjpvcGVuIHNlc2FtZQ==").has_value());
    CHECK_FALSE(parse_basic_authorization("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ").has_value());  // bad b64
    CHECK_FALSE(parse_basic_authorization("Basic " + base64_encode("nocolon")).has_value());
    CHECK_FALSE(parse_basic_authorization("BasicQWxhZGRpbjpvcGVuIHNlc2FtZQ==").has_value());
}

TEST_CASE("redact: every occurrence of every secret, longest first, empty secrets ignored") {
    CHECK(redact("pw=hunter2 again hunter2", {"hunter2"}) == "pw=*** again ***");
    CHECK(redact("abc", {}) == "abc");
    CHECK(redact("abc", {""}) == "abc");
    // A secret containing another is replaced whole, not partially.
    CHECK(redact("token=secretXYZ", {"secret", "secretXYZ"}) == "token=***");
    CHECK(redact("a secret and AKID", {"secret", "AKID"}) == "a *** and ***");
    CHECK(redact("", {"x"}) == "");
    CHECK(redact("xxxx", {"xx"}) == "******");
}
