#include "backends/ws37/pending_table.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <set>

using tpbench::errc;
using tpbench::model::Uuid;
using tpbench::ws37::classify_status;
using tpbench::ws37::PendingTable;
using Kind = PendingTable::Dispatch::Kind;
using Clock = PendingTable::Clock;

namespace {

Uuid id_of(std::uint8_t n) {
    Uuid u{};
    u[0] = n;
    u[15] = static_cast<std::uint8_t>(0xa0 + n);
    return u;
}

const Clock::time_point t0 = Clock::time_point{} + std::chrono::seconds(100);
Clock::time_point at(int ms) { return t0 + std::chrono::milliseconds(ms); }

}  // namespace

TEST_CASE("classify_status maps 3.7 status codes to error buckets") {
    CHECK(classify_status(200) == errc::ok);
    CHECK(classify_status(204) == errc::ok);
    CHECK(classify_status(429) == errc::server_rate_limited);
    CHECK(classify_status(498) == errc::server_bad_request);
    CHECK(classify_status(499) == errc::server_bad_request);
    CHECK(classify_status(597) == errc::server_evaluation);
    CHECK(classify_status(598) == errc::server_timeout);
    CHECK(classify_status(599) == errc::server_serialization);
    CHECK(classify_status(500) == errc::server_error);
    CHECK(classify_status(595) == errc::server_error);
    CHECK(classify_status(401) == errc::server_error);
    CHECK(classify_status(300) == errc::server_error);
    CHECK(classify_status(100) == errc::server_error);
    // 596 is the shutdown's final response when its exception says so (tpbench serve's graceful
    // shutdown, simple or qualified name); any other 596 (over a memory budget) is a server error.
    CHECK(classify_status(596) == errc::server_error);
    CHECK(classify_status(596, "ServerShutdownException") == errc::server_shutdown);
    CHECK(classify_status(596, "org.apache.tinkerpop.ServerShutdownException") == errc::server_shutdown);
    CHECK(classify_status(596, "ServerMemoryBudgetException") == errc::server_error);
    CHECK(classify_status(596, "NotServerShutdownException") == errc::server_error);
    CHECK(classify_status(500, "ServerShutdownException") == errc::server_error);
}

TEST_CASE("a request streams 206 partials then a final 200") {
    PendingTable t(4);
    auto s = t.add(id_of(1));
    REQUIRE(s);
    CHECK(t.in_use() == 1);
    REQUIRE(t.begin_write(*s));
    t.end_write(*s, true, at(1), 120);
    CHECK(t.entry(*s).state == PendingTable::State::sent);

    auto d = t.on_response(id_of(1), 206, "", 64, 1000, at(5), at(6));
    CHECK(d.kind == Kind::partial);
    CHECK(d.slot == *s);
    CHECK_FALSE(t.finished(*s));
    d = t.on_response(id_of(1), 206, "", 64, 1000, at(7), at(8));
    CHECK(d.kind == Kind::partial);
    d = t.on_response(id_of(1), 200, "", 10, 300, at(9), at(10));
    CHECK(d.kind == Kind::final);
    REQUIRE(t.finished(*s));
    const auto& e = t.entry(*s);
    CHECK(e.error == errc::ok);
    CHECK(e.outcome.status_code == 200);
    CHECK(e.outcome.result_count == 138);
    CHECK(e.outcome.partial_responses == 2);
    CHECK(e.outcome.bytes_in == 2300);
    CHECK(e.outcome.bytes_out == 120);
    CHECK(e.outcome.sent == at(1));
    CHECK(e.outcome.first_byte == at(5));
    CHECK(e.outcome.first_result == at(6));
    CHECK(e.outcome.done == at(10));
    t.release(*s);
    CHECK(t.in_use() == 0);
}

TEST_CASE("204 finishes with no results and first_result == done") {
    PendingTable t(1);
    auto s = *t.add(id_of(2));
    t.begin_write(s);
    t.end_write(s, true, at(0), 50);
    auto d = t.on_response(id_of(2), 204, "", 0, 40, at(3), at(4));
    CHECK(d.kind == Kind::final);
    CHECK(t.entry(s).error == errc::ok);
    CHECK(t.entry(s).outcome.result_count == 0);
    CHECK(t.entry(s).outcome.first_result == at(4));
}

TEST_CASE("interleaved responses of several requests are routed by request id") {
    PendingTable t(3);
    auto a = *t.add(id_of(1));
    auto b = *t.add(id_of(2));
    auto c = *t.add(id_of(3));
    CHECK(std::set<std::size_t>{a, b, c}.size() == 3);
    CHECK_FALSE(t.add(id_of(4)));  // full
    for (auto s : {a, b, c}) {
        t.begin_write(s);
        t.end_write(s, true, at(0), 10);
    }
    CHECK(t.on_response(id_of(2), 206, "", 5, 1, at(1), at(1)).slot == b);
    CHECK(t.on_response(id_of(1), 206, "", 7, 1, at(1), at(1)).slot == a);
    CHECK(t.on_response(id_of(2), 200, "", 1, 1, at(2), at(2)).kind == Kind::final);
    CHECK(t.on_response(id_of(3), 597, "No such property", 0, 1, at(2), at(2)).kind == Kind::final);
    CHECK(t.on_response(id_of(1), 200, "", 3, 1, at(3), at(3)).kind == Kind::final);
    CHECK(t.entry(a).outcome.result_count == 10);
    CHECK(t.entry(b).outcome.result_count == 6);
    CHECK(t.entry(c).error == errc::server_evaluation);
    CHECK(t.entry(c).outcome.status_message == "No such property");
    CHECK(t.entry(c).outcome.status_code == 597);
    t.release(a);
    t.release(b);
    t.release(c);
    CHECK(t.in_use() == 0);
    CHECK(t.add(id_of(4)));
}

TEST_CASE("a response that arrives before the write completion is accepted") {
    PendingTable t(2);
    auto s = *t.add(id_of(1));
    REQUIRE(t.begin_write(s));
    CHECK(t.on_response(id_of(1), 200, "", 1, 20, at(2), at(3)).kind == Kind::final);
    t.end_write(s, true, at(5), 30);
    // sent is never after the first response byte
    CHECK(t.entry(s).outcome.sent == at(2));
    CHECK(t.entry(s).outcome.bytes_out == 30);
    CHECK(t.entry(s).error == errc::ok);
}

TEST_CASE("a null request id fails every active request") {
    PendingTable t(4);
    auto a = *t.add(id_of(1));
    auto b = *t.add(id_of(2));
    t.begin_write(a);
    t.end_write(a, true, at(0), 1);
    auto d = t.on_response(std::nullopt, 499, "Invalid OpProcessor requested [null]", 0, 10, at(1), at(1));
    CHECK(d.kind == Kind::null_id);
    CHECK(t.finished(a));
    CHECK(t.finished(b));
    CHECK(t.entry(a).error == errc::server_bad_request);
    CHECK(t.entry(b).error == errc::server_bad_request);
    CHECK(t.entry(b).outcome.status_message == "Invalid OpProcessor requested [null]");
    // b was still queued: the writer must skip it
    CHECK_FALSE(t.begin_write(b));
}

TEST_CASE("fail_all finishes only unfinished entries") {
    PendingTable t(3);
    auto a = *t.add(id_of(1));
    auto b = *t.add(id_of(2));
    t.begin_write(a);
    t.end_write(a, true, at(0), 1);
    t.on_response(id_of(1), 200, "", 1, 1, at(1), at(1));
    CHECK(t.fail_all(errc::connection_closed, "gone", at(2)) == 1);
    CHECK(t.entry(a).error == errc::ok);
    CHECK(t.entry(b).error == errc::connection_closed);
    CHECK(t.entry(b).outcome.status_message == "gone");
    CHECK(t.entry(b).outcome.done == at(2));
}

TEST_CASE("abandoned requests free their slot and late responses are dropped") {
    PendingTable t(1);
    auto s = *t.add(id_of(1));
    t.begin_write(s);
    t.end_write(s, true, at(0), 1);
    CHECK(t.on_response(id_of(1), 206, "", 64, 1, at(1), at(1)).kind == Kind::partial);
    t.abandon(s, at(50));
    CHECK(t.entry(s).error == errc::timeout);
    CHECK(t.entry(s).abandoned);
    CHECK(t.in_use() == 0);
    auto s2 = t.add(id_of(2));
    REQUIRE(s2);
    CHECK(t.on_response(id_of(1), 206, "", 64, 1, at(51), at(51)).kind == Kind::late);
    CHECK(t.on_response(id_of(1), 200, "", 3, 1, at(52), at(52)).kind == Kind::late);
    CHECK(t.late_responses() == 2);
    CHECK(t.on_response(id_of(9), 200, "", 3, 1, at(52), at(52)).kind == Kind::unknown);
    CHECK(t.unknown_responses() == 1);
    // The new request on the reused slot is untouched by the late ones.
    CHECK(t.entry(*s2).outcome.result_count == 0);
    CHECK_FALSE(t.finished(*s2));
}

TEST_CASE("a slot abandoned while its frame is being written is not reused until the write ends") {
    PendingTable t(1);
    auto s = *t.add(id_of(1));
    REQUIRE(t.begin_write(s));
    t.abandon(s, at(5));
    CHECK(t.in_use() == 1);
    CHECK_FALSE(t.add(id_of(2)));  // the writer still reads the slot's frame
    t.end_write(s, true, at(6), 10);
    CHECK(t.in_use() == 0);
    CHECK(t.add(id_of(2)));
}

TEST_CASE("abandoned before its turn: the slot stays with the writer until it skips it") {
    PendingTable t(1);
    auto s = *t.add(id_of(1));
    t.abandon(s, at(1));
    // Still in the writer's queue: reusing it now could queue one slot twice.
    CHECK(t.in_use() == 1);
    CHECK_FALSE(t.add(id_of(2)));
    CHECK_FALSE(t.begin_write(s));
    CHECK(t.in_use() == 0);
    auto s2 = t.add(id_of(2));
    REQUIRE(s2);
    CHECK(t.begin_write(*s2));
}

TEST_CASE("a failed-before-write entry released by its owner is freed when the writer skips it") {
    PendingTable t(2);
    auto s = *t.add(id_of(1));
    CHECK(t.fail_all(errc::connection_closed, "gone", at(1)) == 1);
    t.release(s);
    CHECK(t.in_use() == 1);
    CHECK_FALSE(t.begin_write(s));
    CHECK(t.in_use() == 0);
}

TEST_CASE("a failed write finishes the entry with write_failed") {
    PendingTable t(1);
    auto s = *t.add(id_of(1));
    REQUIRE(t.begin_write(s));
    t.end_write(s, false, at(1), 0);
    CHECK(t.finished(s));
    CHECK(t.entry(s).error == errc::write_failed);
    t.release(s);
    CHECK(t.in_use() == 0);
}

TEST_CASE("a 407 challenge is reported without finishing the request; finish_entry ends it") {
    PendingTable t(1);
    auto s = *t.add(id_of(1));
    t.begin_write(s);
    t.end_write(s, true, at(0), 1);
    const auto d = t.on_response(id_of(1), 407, "", 0, 5, at(1), at(1));
    CHECK(d.kind == Kind::challenge);
    CHECK(d.slot == s);
    CHECK_FALSE(t.finished(s));
    CHECK(t.entry(s).outcome.bytes_in == 5);
    CHECK(t.entry(s).outcome.first_byte == at(1));
    t.add_bytes_out(s, 10);
    CHECK(t.entry(s).outcome.bytes_out == 11);
    t.finish_entry(s, errc::auth_failed, 407, "no credentials", at(2));
    CHECK(t.finished(s));
    CHECK(t.entry(s).error == errc::auth_failed);
    CHECK(t.entry(s).outcome.status_code == 407);
    CHECK(t.entry(s).outcome.status_message == "no credentials");
    t.release(s);
    CHECK(t.in_use() == 0);
}

TEST_CASE("release before finishing acts as abandon") {
    PendingTable t(1);
    auto s = *t.add(id_of(7));
    t.begin_write(s);
    t.end_write(s, true, at(0), 1);
    t.release(s);
    CHECK(t.in_use() == 0);
    CHECK(t.on_response(id_of(7), 200, "", 1, 1, at(1), at(1)).kind == Kind::late);
}

TEST_CASE("the late-id memory is a bounded ring") {
    PendingTable t(1, 2);
    for (std::uint8_t i = 1; i <= 3; ++i) {
        auto s = *t.add(id_of(i));
        t.abandon(s, at(i));
        CHECK_FALSE(t.begin_write(s));  // the writer skips it and hands the slot back
    }
    CHECK(t.on_response(id_of(1), 200, "", 1, 1, at(9), at(9)).kind == Kind::unknown);  // evicted
    CHECK(t.on_response(id_of(2), 200, "", 1, 1, at(9), at(9)).kind == Kind::late);
    CHECK(t.on_response(id_of(3), 200, "", 1, 1, at(9), at(9)).kind == Kind::late);
}

TEST_CASE("capacity zero is a configuration error") {
    CHECK_THROWS_AS(PendingTable(0), std::invalid_argument);
}
