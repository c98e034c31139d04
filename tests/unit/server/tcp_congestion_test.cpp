// `tpbench serve --tcp-congestion`: the plan (pure), the option's validation, and the listener's
// algorithm on real sockets.
#include <tpbench/server/server.hpp>

#include "tcp_congestion.hpp"

#include <doctest/doctest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <string>

using namespace tpbench::server;
using namespace tpbench::server::detail;

namespace {

struct Fd {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

TEST_CASE("plan_congestion: auto leaves the system default except a pacing one on loopback") {
    auto p = plan_congestion("auto", true, "bbr");
    CHECK(p.candidates == std::vector<std::string>{"cubic", "reno"});
    CHECK_FALSE(p.required);
    CHECK(plan_congestion("auto", false, "bbr").candidates.empty());  // a real path: BBR is its choice
    CHECK(plan_congestion("auto", true, "cubic").candidates.empty());
    CHECK(plan_congestion("auto", true, "").candidates.empty());  // unknown default: untouched
    CHECK(plan_congestion("system", true, "bbr").candidates.empty());
    auto named = plan_congestion("reno", false, "bbr");
    CHECK(named.candidates == std::vector<std::string>{"reno"});
    CHECK(named.required);
}

TEST_CASE("validate_config: --tcp-congestion takes auto, system or an algorithm name") {
    ServerConfig c;
    CHECK_NOTHROW(validate_config(c));  // "auto"
    for (const char* ok : {"system", "reno", "cubic", "bbr", "dctcp"}) {
        c.tcp_congestion = ok;
        CHECK_NOTHROW(validate_config(c));
    }
    for (const char* bad : {"", "BBR", "cu bic", "a_name_far_too_long", "reno;rm"}) {
        c.tcp_congestion = bad;
        try {
            validate_config(c);
            FAIL("accepted --tcp-congestion '" << bad << "'");
        } catch (const std::runtime_error& e) {
            CHECK(std::string(e.what()).find("--tcp-congestion") != std::string::npos);
        }
    }
}

#ifdef __linux__
TEST_CASE("apply_congestion sets the algorithm on the socket and reports what is in effect") {
    const std::string sys = system_congestion_default();
    REQUIRE_FALSE(sys.empty());
    {
        Fd s;
        REQUIRE(s.fd >= 0);
        CHECK(apply_congestion(s.fd, {}) == sys);  // an empty plan leaves the default
    }
    {
        Fd s;
        CHECK(apply_congestion(s.fd, plan_congestion("reno", true, sys)) == "reno");  // reno is built in
    }
    {
        Fd s;  // auto's fallback list: the first one the socket takes wins
        CongestionPlan p{{"no_such_cc", "reno"}, false};
        CHECK(apply_congestion(s.fd, p) == "reno");
    }
    {
        Fd s;
        try {
            apply_congestion(s.fd, plan_congestion("no_such_cc", true, sys));
            FAIL("an unknown algorithm was accepted");
        } catch (const std::runtime_error& e) {
            const std::string what = e.what();
            CHECK(what.find("'no_such_cc'") != std::string::npos);
            CHECK(what.find("available:") != std::string::npos);
        }
    }
}

TEST_CASE("start(): the listener's algorithm, and a clear refusal of an unknown one") {
    ServerConfig c;
    c.port = 0;
    c.gremlin_pool = 1;
    c.tcp_congestion = "reno";
    {
        auto srv = start(c);
        CHECK(srv->tcp_congestion() == "reno");
    }
    c.tcp_congestion = "auto";
    {
        auto srv = start(c);
        const std::string sys = system_tcp_congestion();
        if (sys == "bbr")
            CHECK(srv->tcp_congestion() != "bbr");  // loopback listener: no pacing
        else
            CHECK(srv->tcp_congestion() == sys);
    }
    c.tcp_congestion = "no_such_cc";
    try {
        auto srv = start(c);
        FAIL("start() accepted an unknown congestion control");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()).find("no_such_cc") != std::string::npos);
    }
}
#endif
