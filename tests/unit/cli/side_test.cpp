// Side specifications, side options and the A/B concurrency defaults (cli_common.*): what a side
// text turns into, what is refused, and the registry-driven pool knobs.
#include "cli_common.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace tpbench;
using engine::ConfigError;
using engine::Generation;

namespace {
std::string error_of(const char* text) {
    try {
        (void)cli::parse_side(text);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}
std::string value_of(const std::vector<std::pair<std::string, std::string>>& kv, const char* key) {
    for (const auto& [k, v] : kv)
        if (k == key) return v;
    return "";
}
}  // namespace

TEST_CASE("parse_side: backend, target, keys") {
    const auto a = cli::parse_side("ws37");
    CHECK(a.backend == "ws37");
    CHECK(a.label == "ws37");
    CHECK_FALSE(a.host);
    CHECK(a.effective_generation() == Generation::v3_7);

    const auto b = cli::parse_side("http4@10.0.0.1:9999 maxConnectionPoolSize=5000 dialect=4.0 label=four");
    CHECK(b.backend == "http4");
    CHECK(b.label == "four");
    REQUIRE(b.host);
    CHECK(*b.host == "10.0.0.1");
    CHECK(b.port == 9999);
    CHECK(value_of(b.profiling, "maxConnectionPoolSize") == "5000");
    CHECK(b.backend_options.at("dialect") == "4.0");
    CHECK(b.effective_generation() == Generation::v4_0);
    CHECK(cli::parse_side("http4").effective_generation() == Generation::master_http);
    CHECK(cli::parse_side("http4 generation=3.7").effective_generation() == Generation::v3_7);

    const auto c = cli::parse_side("ws37@wss://db.example.com:8183/g serializer=GRAPHSON");
    REQUIRE(c.host);
    CHECK(*c.host == "db.example.com");
    CHECK(c.port == 8183);
    CHECK(c.path == "/g");
    CHECK(c.tls.enabled);
    CHECK(c.serializer == "GRAPHSON");
}

TEST_CASE("parse_side refuses what it does not know, naming the known values") {
    CHECK(error_of("h2").find("unknown backend 'h2' (known: ws37, http4") != std::string::npos);
    CHECK(
        error_of("ws37 nonsense=1").find("unknown ws37 option 'nonsense' (known: compression, sasl, memo)") !=
        std::string::npos);
    CHECK(error_of("ws37 dialect=4.0").find("unknown ws37 option 'dialect'") != std::string::npos);
    CHECK(error_of("ws37 generation=5").find("unknown generation '5'") != std::string::npos);
    CHECK(error_of("ws37 port=1").find("BACKEND@HOST:PORT") != std::string::npos);
    CHECK(error_of("ws37 novalue").find("expected key=value") != std::string::npos);
    CHECK(error_of("").find("empty side") != std::string::npos);
    CHECK(error_of("http4 auth=sasl user=bob password-env=TPBENCH_NO_SUCH_VAR").find("--auth sasl") !=
          std::string::npos);
    CHECK(error_of("ws37 auth=basic user=bob")
              .find("--auth basic is the http4 mechanism (also http3); ws37 uses --auth sasl or sigv4") !=
          std::string::npos);
    CHECK(error_of("http4 compression=true").empty());
    CHECK(error_of("ws37 connect-timeout=0")
              .find("connect-timeout: expected milliseconds, 1..600000, got '0'") != std::string::npos);
    CHECK(error_of("ws37 connect-timeout=3s").find("got '3s'") != std::string::npos);
    CHECK(error_of("ws37 connect-timeout=600001").find("1..600000") != std::string::npos);
}

TEST_CASE("--connect-timeout / connect-timeout=MS reaches the session config; the default stays 3 s") {
    const auto s = cli::parse_side("ws37@127.0.0.1:1 connect-timeout=250");
    REQUIRE(s.connect_timeout);
    CHECK(s.connect_timeout->count() == 250);
    cli::Targets targets;
    CHECK(targets.endpoint(s).session.connect_timeout.count() == 250);
    CHECK(targets.endpoint(cli::parse_side("http4@127.0.0.1:1")).session.connect_timeout.count() == 3000);
    CHECK(cli::parse_connect_timeout("x", "600000").count() == 600000);
}

TEST_CASE("side_options: generation defaults, then flags, then the side's keys; HTTP knobs forced") {
    auto ws = cli::side_options(cli::parse_side("ws37 maxInProcessPerConnection=8"), nullptr);
    CHECK(ws.max_in_process_per_connection == 8);
    CHECK(ws.serializer == "GRAPHBINARY_V1");
    auto h = cli::side_options(cli::parse_side("http4 maxInProcessPerConnection=8"), nullptr,
                               {{"maxConnectionPoolSize", "7"}});
    CHECK(h.max_in_process_per_connection == 1);  // one request per HTTP/1.1 connection
    CHECK(h.min_connection_pool_size == 0);
    CHECK(h.max_connection_pool_size == 7);
    CHECK(h.serializer == "GRAPHBINARY_V4");
    CHECK(cli::side_options(cli::parse_side("http4 dialect=4.0"), nullptr).script == "g.inject(1)");
    // http3 follows the 3.7 generation's defaults but is one request per connection all the same:
    // the 3.x pool minimum must not survive (the default A/B's latency pass has one connection).
    for (bool latency : {true, false}) {
        const auto side = cli::parse_side("http3");
        auto h3 = cli::side_options(side, nullptr, cli::concurrency_defaults(side, latency));
        CHECK(h3.min_connection_pool_size == 0);
        CHECK(h3.max_in_process_per_connection == 1);
        CHECK(h3.max_connection_pool_size == (latency ? 1u : 256u));
    }
    CHECK_THROWS_AS(cli::side_options(cli::parse_side("ws37 requests=0"), nullptr), ConfigError);
}

TEST_CASE("A/B concurrency defaults follow the registry's concurrency model") {
    const auto ws = cli::concurrency_defaults(cli::parse_side("ws37"), false);
    CHECK(value_of(ws, "maxConnectionPoolSize") == "4");
    CHECK(value_of(ws, "minConnectionPoolSize") == "4");
    CHECK(value_of(ws, "maxInProcessPerConnection") == "64");
    const auto h = cli::concurrency_defaults(cli::parse_side("http4"), false);
    CHECK(value_of(h, "maxConnectionPoolSize") == "256");
    CHECK(value_of(h, "maxInProcessPerConnection").empty());
    CHECK(value_of(cli::concurrency_defaults(cli::parse_side("ws37"), true), "maxConnectionPoolSize") == "1");
    CHECK(value_of(cli::concurrency_defaults(cli::parse_side("http4"), true), "maxConnectionPoolSize") ==
          "1");
    // A multiplexed backend on an HTTP generation has no multiplexing knobs: 256 connections.
    const auto wsh = cli::concurrency_defaults(cli::parse_side("ws37 generation=master-http"), false);
    CHECK(value_of(wsh, "maxConnectionPoolSize") == "256");
    // Equal effective concurrency on both sides.
    auto cap = [](const char* text) {
        const auto side = cli::parse_side(text);
        const auto o = cli::side_options(side, nullptr, cli::concurrency_defaults(side, false));
        return o.max_connection_pool_size * o.max_in_process_per_connection;
    };
    CHECK(cap("ws37") == 256);
    CHECK(cap("http4") == 256);
}
