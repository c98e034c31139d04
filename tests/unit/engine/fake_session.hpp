#pragma once
// An in-process fake Session for engine tests: configurable latency, result counts, connect
// failures, dropped connections, server errors, errors mid-stream and stalls — no sockets. It
// proves the engine needs nothing beyond the Session seam.
#include <tpbench/engine/backend.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <set>

namespace tpbench::engine::test {

struct FakeBehavior {
    std::chrono::microseconds latency{200};  // time until the final response
    std::uint64_t results = 1;               // results per successful request
    std::size_t max_in_flight = 4;           // Session::max_in_flight()
    bool connect_fails = false;              // async_connect returns connect_failed
    std::size_t drop_after = 0;              // the connection dies on its Nth request (0 = never)
    std::size_t fail_every = 0;              // every Nth request gets a server evaluation error
    std::size_t error_mid_stream_every = 0;  // every Nth request: some results then a server error
    bool stall = false;                      // requests never answer
    bool honour_deadline = true;             // a stalled request ends with timeout at its deadline
    std::error_code connect_error;           // set: async_connect returns it (after fail_connects_after)
    std::size_t fail_connects_after = 0;     // connect_error only from the (N+1)th connect attempt on
    ConnectTimings timings;                  // what connect_timings() reports after a connect
    bool native = false;         // start_execute takes requests (else the default: false, async_execute)
    bool native_inline = false;  // ... and breaks its contract: completes inside start_execute
};

// Shared across all sessions of one test (possibly several worker threads).
struct FakeCounters {
    std::atomic<std::size_t> connect_attempts{0};
    std::atomic<std::size_t> connects{0};
    std::atomic<std::size_t> executes{0};
    std::atomic<std::size_t> closes{0};
    std::atomic<std::size_t> peak_in_flight{0};    // max over sessions of concurrent requests
    std::atomic<std::size_t> request_number{0};    // global numbering for fail_every
    std::atomic<std::size_t> live{0};              // FakeSession objects not destroyed yet
    std::atomic<std::size_t> native_starts{0};     // start_execute calls that took the request
    std::atomic<std::size_t> native_completes{0};  // ExecuteSlot::complete calls
    std::atomic<std::size_t> native_reentrant{0};  // ... of them made inside start_execute
};

class FakeSession final : public Session {
public:
    FakeSession(boost::asio::any_io_executor ex, FakeBehavior b, std::shared_ptr<FakeCounters> c)
        : ex_(std::move(ex)), b_(b), c_(std::move(c)) {
        ++c_->live;
    }
    ~FakeSession() override { --c_->live; }

    boost::asio::awaitable<std::error_code> async_connect() override {
        const std::size_t attempt = ++c_->connect_attempts;
        if (b_.connect_fails) co_return make_error_code(errc::connect_failed);
        if (b_.connect_error && attempt > b_.fail_connects_after) co_return b_.connect_error;
        open_ = true;
        ++c_->connects;
        co_return std::error_code{};
    }

    boost::asio::awaitable<Outcome> async_execute(const Request& req) override {
        namespace asio = boost::asio;
        Outcome out;
        out.bytes_out = req.gremlin.size() + 20;
        if (!open_) {
            out.error = make_error_code(errc::connection_closed);
            out.done = Clock::now();
            co_return out;
        }
        ++c_->executes;
        const std::size_t mine = ++handled_;
        const std::size_t global = ++c_->request_number;
        ++in_flight_;
        std::size_t peak = c_->peak_in_flight.load();
        while (in_flight_ > peak && !c_->peak_in_flight.compare_exchange_weak(peak, in_flight_)) {
        }
        out.sent = Clock::now();
        asio::steady_timer t(ex_);
        auto due = b_.stall ? Clock::time_point::max() : out.sent + b_.latency;
        if (b_.honour_deadline) due = std::min(due, req.deadline);
        t.expires_at(due);
        pending_.insert(&t);
        if (b_.drop_after && mine >= b_.drop_after) {
            // The peer goes away: this and every other pending request on the connection fail.
            open_ = false;
            for (auto* p : pending_) p->cancel();
        }
        auto [ec] = co_await t.async_wait(asio::as_tuple(asio::use_awaitable));
        pending_.erase(&t);
        --in_flight_;
        out.done = Clock::now();
        if (ec || !open_) {
            out.error = make_error_code(errc::connection_closed);
            co_return out;
        }
        if (Clock::now() >= req.deadline && (b_.stall || out.sent + b_.latency > req.deadline)) {
            out.error = make_error_code(errc::timeout);
            co_return out;
        }
        out.first_byte = out.first_result = out.sent + b_.latency / 2;
        out.bytes_in = 30 + 10 * b_.results;
        if (b_.fail_every && global % b_.fail_every == 0) {
            out.error = make_error_code(errc::server_evaluation);
            out.status_code = 597;
            out.status_message = "fake evaluation error";
            co_return out;
        }
        if (b_.error_mid_stream_every && global % b_.error_mid_stream_every == 0) {
            out.result_count = b_.results / 2;
            out.partial_responses = 1;
            out.error = make_error_code(errc::server_error_after_ok);
            co_return out;
        }
        out.result_count = b_.results;
        co_return out;
    }

    // FakeBehavior::native: the same request as async_execute, run on a coroutine of the fake's
    // own; the slot is completed when it ends (from that coroutine's completion handler, never
    // from inside this call).
    bool start_execute(const Request& req, ExecuteSlot& slot) override {
        if (!b_.native || !open_) return false;
        ++c_->native_starts;
        if (b_.native_inline) {
            Outcome out;
            out.sent = out.first_byte = out.first_result = out.done = Clock::now();
            out.result_count = b_.results;
            ++c_->native_completes;
            ++c_->native_reentrant;
            slot.complete(std::move(out));
            return true;
        }
        in_start_ = true;
        boost::asio::co_spawn(
            ex_,
            [this, r = req]() -> boost::asio::awaitable<Outcome> { co_return co_await async_execute(r); },
            [this, &slot, c = c_](std::exception_ptr e, Outcome out) {
                if (e) std::rethrow_exception(e);
                ++c->native_completes;
                if (in_start_) ++c->native_reentrant;
                slot.complete(std::move(out));
            });
        in_start_ = false;
        return true;
    }

    boost::asio::awaitable<void> async_close() override {
        if (open_) ++c_->closes;
        open_ = false;
        for (auto* p : pending_) p->cancel();
        co_return;
    }

    std::size_t max_in_flight() const noexcept override { return b_.max_in_flight; }
    bool is_open() const noexcept override { return open_; }
    std::string_view name() const noexcept override { return "fake"; }
    ConnectTimings connect_timings() const noexcept override { return open_ ? b_.timings : ConnectTimings{}; }

private:
    boost::asio::any_io_executor ex_;
    FakeBehavior b_;
    std::shared_ptr<FakeCounters> c_;
    bool open_ = false;
    bool in_start_ = false;
    std::size_t handled_ = 0;
    std::size_t in_flight_ = 0;
    std::set<boost::asio::steady_timer*> pending_;
};

// A SessionFactory making FakeSessions that share `counters`.
inline SessionFactory fake_factory(FakeBehavior b, std::shared_ptr<FakeCounters> counters) {
    return [b, counters](boost::asio::any_io_executor ex, const SessionConfig&) -> std::unique_ptr<Session> {
        return std::make_unique<FakeSession>(std::move(ex), b, counters);
    };
}

}  // namespace tpbench::engine::test
