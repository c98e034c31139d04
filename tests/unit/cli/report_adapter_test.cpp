// The one report adapter of every command: the fields every report::Side has, and the reported
// compression decided by the option's value as the backends decide it (compression=false used to
// be reported as "deflate").
#include "report_adapter.hpp"

#include <doctest/doctest.h>

using namespace tpbench;

TEST_CASE("compression is reported by the option's value") {
    const std::map<std::string, std::string> off = {{"compression", "false"}};
    const std::map<std::string, std::string> on = {{"compression", "true"}};
    const std::map<std::string, std::string> none = {{"dialect", "4.0"}};
    CHECK(cli::compression_name(&off) == "none");
    CHECK(cli::compression_name(&on) == "deflate");
    CHECK(cli::compression_name(&none) == "none");
    CHECK(cli::compression_name(nullptr) == "none");

    cli::SideInput in;
    in.backend_options = &off;
    engine::PhaseStats m;
    engine::ConnectStats c;
    CHECK(cli::to_report_side(in, m, m.errors, c).config.compression == "none");
    in.backend_options = &on;
    CHECK(cli::to_report_side(in, m, m.errors, c).config.compression == "deflate");
}

TEST_CASE("to_report_side fills the common fields") {
    const std::map<std::string, std::string> opts;
    cli::SideInput in;
    in.name = "a";
    in.backend = "ws37";
    in.backend_options = &opts;
    in.serializer = "GRAPHBINARY_V1";
    in.workers = 3;
    in.target = "127.0.0.1:1 (embedded)";
    in.capacity = 256;
    in.per_connection = 64;
    engine::PhaseStats m;
    m.issued = 10;
    m.completed = 7;
    m.failed = 3;
    m.results = 70;
    m.bytes_out = 1000;
    m.bytes_in = 5000;
    m.errors[static_cast<std::size_t>(errc::timeout)] = 2;
    m.errors[static_cast<std::size_t>(errc::server_error)] = 1;
    m.latency.record(1000);
    m.service.record(900);
    engine::ConnectStats c;
    const report::Side s = cli::to_report_side(in, m, m.errors, c);
    CHECK(s.name == "a");
    CHECK(s.config.backend == "ws37");
    CHECK(s.config.serializer == "GRAPHBINARY_V1");
    CHECK(s.config.connections == 4);
    CHECK(s.config.in_flight_per_connection == 64);
    CHECK(s.config.effective_concurrency == 256);
    CHECK(s.config.extra.at("workers") == "3");
    CHECK(s.config.extra.at("target") == "127.0.0.1:1 (embedded)");
    CHECK(s.requests == 10);
    CHECK(s.completed == 7);
    CHECK(s.failed == 3);
    CHECK(s.results == 70);
    CHECK(s.bytes_out == 1000);
    CHECK(s.bytes_in == 5000);
    REQUIRE(s.latency);
    CHECK(s.latency->count() == 1);
    REQUIRE(s.ttlr);
    CHECK(s.ttlr->count() == 1);  // time to last result = service time
    REQUIRE(s.errors.size() == 2);
    std::uint64_t sum = 0;
    for (const auto& e : s.errors) sum += e.count;
    CHECK(sum == 3);
    CHECK_FALSE(s.connect);  // no connection attempted
    c.connections = 2;
    c.tcp.record(5);
    c.tcp.record(6);
    const auto t = cli::connect_times(c);
    REQUIRE(t);
    CHECK(t->connections == 2);
    CHECK_FALSE(t->tls);
}

TEST_CASE("to_report_side carries each class's first messages (every failure explains itself)") {
    cli::SideInput in;
    engine::PhaseStats m;
    m.errors[static_cast<std::size_t>(errc::connect_failed)] = 4;
    m.errors[static_cast<std::size_t>(errc::timeout)] = 1;
    m.note_error_message(errc::connect_failed, "connect 127.0.0.1:1: Connection refused");
    m.note_error_message(errc::connect_failed, "WebSocket upgrade answered HTTP 503");
    m.note_error_message(errc::connect_failed, "connect 127.0.0.1:1: Connection refused");
    engine::ConnectStats c;
    const report::Side s = cli::to_report_side(in, m, m.errors, c);
    REQUIRE(s.errors.size() == 2);
    for (const auto& e : s.errors) {
        if (e.name == "connect_failed")
            CHECK(e.messages == std::vector<std::string>{"connect 127.0.0.1:1: Connection refused",
                                                         "WebSocket upgrade answered HTTP 503"});
        else
            CHECK(e.messages.empty());  // a class without a kept message says nothing, not another's
    }
}

TEST_CASE("a wrong result count is a failed request of class wrong_result (schema tpbench.report/2)") {
    cli::SideInput in;
    engine::PhaseStats m;
    m.issued = 50;
    m.completed = 48;
    m.failed = 2;
    m.errors[static_cast<std::size_t>(errc::timeout)] = 2;
    m.result_mismatches = 48;  // the engine counts them among completed
    engine::ConnectStats c;
    const report::Side s = cli::to_report_side(in, m, m.errors, c);
    CHECK(s.requests == 50);
    CHECK(s.completed == 0);
    CHECK(s.failed == 50);
    CHECK(s.wrong_result_count == 48);
    CHECK(s.error_rate() == doctest::Approx(1.0));
    std::uint64_t sum = 0;
    bool wrong_class = false;
    for (const auto& e : s.errors) {
        sum += e.count;
        if (e.name == "wrong_result") {
            wrong_class = true;
            CHECK(e.count == 48);
            REQUIRE(e.messages.size() == 1);
            CHECK(e.messages[0].find("48 request(s)") != std::string::npos);
        }
    }
    CHECK(wrong_class);
    CHECK(sum == s.failed);  // failed is still the sum of errors[]
    CHECK(s.requests == s.completed + s.failed);
}

TEST_CASE("the dialect the sessions reported reaches the side (distinct names, in order, across merges)") {
    const std::map<std::string, std::string> opts;
    cli::SideInput in;
    in.backend_options = &opts;
    engine::PhaseStats m;
    engine::ConnectStats c;
    CHECK(cli::to_report_side(in, m, m.errors, c).config.dialect.empty());
    c.add_dialect("");  // a backend with a single dialect reports none
    c.add_dialect("4.0");
    c.add_dialect("4.0");
    CHECK(cli::to_report_side(in, m, m.errors, c).config.dialect == "4.0");
    engine::ConnectStats other;
    other.add_dialect("4.0");
    other.add_dialect("master-http");
    c.merge(other);
    CHECK(c.dialect == "4.0, master-http");
    engine::ConnectStats empty;
    empty.merge(c);
    CHECK(empty.dialect == "4.0, master-http");
}
