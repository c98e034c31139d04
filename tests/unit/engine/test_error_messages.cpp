// "Every failure explains itself": per error class the first few distinct
// messages, kept on the error path only, bounded in number and length, merged across workers.
#include <tpbench/engine/load.hpp>

#include "fake_session.hpp"

#include <doctest/doctest.h>

using namespace tpbench;
using namespace tpbench::engine;
using namespace std::chrono_literals;

TEST_CASE("error messages: first distinct ones per class, at most max_error_messages, cut when long") {
    PhaseStats p;
    p.note_error_message(errc::timeout, "a");
    p.note_error_message(errc::timeout, "a");  // not distinct
    p.note_error_message(errc::connect_failed, "connect: Connection refused");
    p.note_error_message(errc::timeout, "b");
    p.note_error_message(errc::timeout, "c");
    p.note_error_message(errc::timeout, "d");  // beyond the bound
    CHECK(p.error_messages_of(errc::timeout) == std::vector<std::string>{"a", "b", "c"});
    CHECK(p.error_messages_of(errc::connect_failed) ==
          std::vector<std::string>{"connect: Connection refused"});
    CHECK(p.error_messages_of(errc::server_error).empty());

    const std::string long_msg(1000, 'x');
    PhaseStats q;
    q.note_error_message(errc::server_error, long_msg);
    q.note_error_message(errc::server_error, long_msg);  // the same after cutting
    auto kept = q.error_messages_of(errc::server_error);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].size() == max_error_message_chars + 3);
    CHECK(kept[0].substr(max_error_message_chars) == "...");

    // Merging keeps the bound and the order (this one's first).
    q.note_error_message(errc::timeout, "z");
    p.merge(q);
    CHECK(p.error_messages_of(errc::timeout) == std::vector<std::string>{"a", "b", "c"});
    CHECK(p.error_messages_of(errc::server_error).size() == 1);
}

TEST_CASE("error messages: a run keeps the server's message per class, over several workers") {
    auto c = std::make_shared<test::FakeCounters>();
    test::FakeBehavior b;
    b.fail_every = 7;
    LoadSpec s;
    s.workers = 2;
    s.pool.min_connections = 2;
    s.pool.max_connections = 2;
    RequestTemplate t;
    t.request.gremlin = "1+1";
    s.templates.push_back(t);
    s.plan.assign(200, 0);
    s.run_deadline = 20s;
    auto r = run_load(s, test::fake_factory(b, c), SessionConfig{});
    CHECK(r.measured().errors[static_cast<std::size_t>(errc::server_evaluation)] > 0);
    CHECK(r.measured().error_messages_of(errc::server_evaluation) ==
          std::vector<std::string>{"fake evaluation error"});
    // Nothing kept for classes that did not occur; nothing at all without failures.
    CHECK(r.measured().error_messages_of(errc::timeout).empty());
    test::FakeBehavior fine;
    auto ok = run_load(s, test::fake_factory(fine, c), SessionConfig{});
    CHECK(ok.measured().error_messages.empty());
}
