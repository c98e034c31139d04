// The backend registry's facts: everything the CLI and the ProfilingApplication layer ask about a
// backend comes from its row (no backend-name compares outside backends/).
#include <tpbench/backends/registry.hpp>

#include <boost/asio/io_context.hpp>
#include <doctest/doctest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tpbench;
using backends::find_backend;
using engine::Generation;
using M = engine::AuthOptions::Mechanism;

namespace {
std::string serializer(std::string_view backend, std::string_view java_name) {
    const auto* b = find_backend(backend);
    REQUIRE(b != nullptr);
    return b->map_serializer(java_name);
}
}  // namespace

// (Moved from tests/unit/engine/test_scenario.cpp: the mapping is a registry fact now.)
TEST_CASE("serializer names map from Java enum spelling") {
    CHECK(serializer("ws37", "GRAPHBINARY_V1") == "graphbinary-v1");
    CHECK(serializer("ws37", "GRAPHSON_V3_UNTYPED") == "graphson-v3-untyped");
    CHECK(serializer("ws37", "GRAPHSON") == "graphson-v3");
    CHECK(serializer("http4", "GRAPHSON") == "graphson-v4");
    CHECK(serializer("http4", "graphbinary-v4") == "graphbinary-v4");
    CHECK(serializer("ws37", "") == "");
    CHECK(backends::java_serializer_spelling("GRAPHSON_V3") == "graphson-v3");
}

TEST_CASE("every row is complete and names are unique") {
    std::set<std::string_view> names;
    for (const auto& b : backends::registry()) {
        CAPTURE(b.name);
        CHECK(names.insert(b.name).second);
        CHECK_FALSE(b.description.empty());
        CHECK_FALSE(b.default_serializer.empty());
        CHECK(static_cast<bool>(b.factory));
        CHECK(static_cast<bool>(b.default_generation));
        CHECK(static_cast<bool>(b.map_serializer));
        CHECK(b.default_in_flight >= 1);
        if (!b.multiplexed()) CHECK(b.default_in_flight == 1);
        CHECK(b.accepts_auth(M::none));
        if (b.user_auth != M::none) CHECK(b.accepts_auth(b.user_auth));
        CHECK(b.map_serializer(b.default_serializer) == b.default_serializer);
    }
    CHECK(&backends::default_backend() == &backends::registry().front());
    CHECK(find_backend("h2") == nullptr);
}

TEST_CASE("ws37 and http4 facts") {
    const auto* ws = find_backend("ws37");
    const auto* h4 = find_backend("http4");
    REQUIRE(ws);
    REQUIRE(h4);
    CHECK(backends::default_backend().name == "ws37");
    // Concurrency model: ws37 multiplexes 64 per connection by default, http4 carries one.
    CHECK(ws->multiplexed());
    CHECK(ws->default_in_flight == 64);
    CHECK_FALSE(h4->multiplexed());
    // Default generation (moved from tests/unit/engine/test_profiling.cpp), and http4's
    // dialect=4.0 -> 4.0.
    CHECK(ws->default_generation({}) == Generation::v3_7);
    CHECK(h4->default_generation({}) == Generation::master_http);
    CHECK(h4->default_generation({{"dialect", "4.0"}}) == Generation::v4_0);
    CHECK(h4->default_generation({{"dialect", "4.0-beta.1"}}) == Generation::master_http);
    // Option keys.
    CHECK(ws->knows_option("compression"));
    CHECK(ws->knows_option("sasl"));
    CHECK_FALSE(ws->knows_option("dialect"));
    for (auto k : {"body", "dialect", "language", "compression", "bulkResults", "g"})
        CHECK(h4->knows_option(k));
    CHECK(ws->options_text() == "compression=true|false, sasl=eager|lazy, memo=on|off");
    // URL schemes.
    CHECK(backends::backend_for_scheme("wss") == ws);
    CHECK(backends::backend_for_scheme("ws") == ws);
    CHECK(backends::backend_for_scheme("https") == h4);
    CHECK(backends::backend_for_scheme("ftp") == nullptr);
    // Authentication.
    CHECK(ws->user_auth == M::sasl_plain);
    CHECK(h4->user_auth == M::basic);
    CHECK_FALSE(ws->accepts_auth(M::basic));
    CHECK_FALSE(h4->accepts_auth(M::sasl_plain));
    CHECK(ws->accepts_auth(M::sigv4));
    CHECK(h4->accepts_auth(M::sigv4));
    // Names for help text.
    CHECK(backends::backend_names(" | ").find("ws37 | http4") == 0);
}

TEST_CASE("validate rejects bad configuration as std::invalid_argument") {
    const auto* ws = find_backend("ws37");
    REQUIRE(ws);
    engine::SessionConfig cfg;
    CHECK_NOTHROW(ws->validate(cfg));
    cfg.target.serializer = "nonsense";
    CHECK_THROWS_AS(ws->validate(cfg), std::invalid_argument);
    cfg.target.serializer.clear();
    cfg.target.options["compression"] = "maybe";
    CHECK_THROWS_AS(ws->validate(cfg), std::invalid_argument);
}

// validate() runs each backend's check_config, which shares its checks with the factory: every
// configuration one refuses, the other refuses with the same message, and a good one passes both.
TEST_CASE("check_config refuses exactly what the factory refuses, with the same message") {
    boost::asio::io_context ioc;
    auto message = [](auto&& f) -> std::string {
        try {
            f();
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "";
    };
    struct Bad {
        const char* backend;
        std::string key, value;
        M mechanism = M::none;
    };
    const std::vector<Bad> cases{
        {"ws37", "", ""},  // a good configuration: neither throws
        {"ws37", "compression", "maybe"},
        {"ws37", "sasl", "later"},
        {"ws37", "memo", "sometimes"},
        {"ws37", "", "", M::basic},
        {"http4", "", ""},
        {"http4", "body", "xml"},
        {"http4", "dialect", "5.0"},
        {"http4", "bulkResults", "maybe"},
        {"http4", "", "", M::sasl_plain},
        {"http4", "", "", M::sigv4},
        {"http3", "", ""},
        {"http3", "method", "put"},
        {"http3", "maxResponseBytes", "0"},
        {"http3", "", "", M::sigv4},
    };
    for (const auto& c : cases) {
        const auto* b = find_backend(c.backend);
        REQUIRE(b);
        engine::SessionConfig cfg;
        if (!c.key.empty()) cfg.target.options[c.key] = c.value;
        cfg.target.auth.mechanism = c.mechanism;
        CAPTURE(c.backend);
        CAPTURE(c.key);
        const std::string checked = message([&] { b->validate(cfg); });
        const std::string built = message([&] { (void)b->factory(ioc.get_executor(), cfg); });
        CHECK(checked == built);
        CHECK((checked.empty() == (c.key.empty() && c.mechanism == M::none)));
    }
}
