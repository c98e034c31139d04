#include <tpbench/engine/transaction.hpp>

#include <random>

namespace tpbench::engine {

namespace {

void add(Outcome& total, const Outcome& o, bool first) {
    if (first) total.sent = o.sent;
    if (total.first_byte == Clock::time_point{}) total.first_byte = o.first_byte;
    if (total.first_result == Clock::time_point{} && o.result_count > 0) total.first_result = o.first_result;
    total.done = o.done == Clock::time_point{} ? Clock::now() : o.done;
    total.bytes_out += o.bytes_out;
    total.bytes_in += o.bytes_in;
    total.partial_responses += o.partial_responses;
    total.reconnects += o.reconnects;
}

void fail(TxRun& run, const Outcome& o, const std::string& what) {
    run.end = TxRun::End::failed;
    run.total.error = o.error;
    run.total.status_code = o.status_code;
    run.total.status_message = what + (o.status_message.empty() ? o.error.message() : o.status_message);
}

}  // namespace

std::string random_session_id() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    const std::uint64_t a = rng(), b = rng();
    model::Uuid u{};
    for (int i = 0; i < 8; ++i) {
        u[i] = static_cast<std::uint8_t>(a >> (56 - 8 * i));
        u[8 + i] = static_cast<std::uint8_t>(b >> (56 - 8 * i));
    }
    u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | 0x40);
    u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);
    return model::uuid_to_string(u);
}

boost::asio::awaitable<TxRun> execute_transaction(Session& s, const TransactionTemplate& t,
                                                  const std::string& session_id, Clock::time_point deadline) {
    TxRun run;
    Request begin;
    begin.gremlin = "g.tx().begin()";
    begin.session = session_id;
    begin.tx_begin = true;
    begin.deadline = deadline;
    if (!t.statements.empty()) begin.language = t.statements.front().language;
    Outcome b = co_await s.async_execute(begin);
    ++run.requests;
    add(run.total, b, true);
    if (b.error) {
        fail(run, b, "transaction begin: ");
        co_return run;
    }
    const std::string id = b.transaction_id.empty() ? session_id : b.transaction_id;
    Request end;
    end.session = id;
    end.deadline = deadline;
    end.language = begin.language;
    for (std::size_t i = 0; i < t.statements.size(); ++i) {
        Request r = t.statements[i];
        r.session = id;
        r.tx_begin = false;
        r.deadline = deadline;
        r.keep_results = false;
        Outcome o = co_await s.async_execute(r);
        ++run.requests;
        add(run.total, o, false);
        if (o.error) {
            fail(run, o, "transaction statement " + std::to_string(i + 1) + ": ");
            // Best effort: release the server's transaction now rather than at its timeout.
            if (s.is_open()) {
                end.gremlin = "g.tx().rollback()";
                Outcome rb = co_await s.async_execute(end);
                ++run.requests;
                run.total.bytes_out += rb.bytes_out;
                run.total.bytes_in += rb.bytes_in;
            }
            co_return run;
        }
        run.total.result_count += o.result_count;
    }
    end.gremlin = t.commit ? "g.tx().commit()" : "g.tx().rollback()";
    Outcome e = co_await s.async_execute(end);
    ++run.requests;
    add(run.total, e, false);
    if (e.error) {
        fail(run, e, t.commit ? "transaction commit: " : "transaction rollback: ");
        co_return run;
    }
    if (run.total.first_result == Clock::time_point{}) run.total.first_result = run.total.done;
    run.end = t.commit ? TxRun::End::committed : TxRun::End::rolled_back;
    co_return run;
}

}  // namespace tpbench::engine
