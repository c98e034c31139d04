#pragma once
// A per-worker connection pool (the Java driver's ConnectionPool, reduced to what a benchmark
// needs): opens `min` sessions up front, grows on demand up to `max`, hands out the open
// connection with the fewest requests in flight while that is below its limit
// (min(Session::max_in_flight(), max_simultaneous_usage)), and makes borrowers wait up to
// max_wait for capacity before failing with errc::pool_exhausted. Broken connections are retired
// and their slots reopened on demand; when a retirement takes the pool below `min`, a background
// connect restores it (as the Java driver's ConnectionPool does after a dropped connection): one
// restorer at a time, which backs off (50 ms doubling to 2 s) after failed connects and stops after
// a credentials/TLS refusal or async_close_all(). A retired session is destroyed once its close has completed
// and no lease is inside it any more (so a long run with many reconnects holds only the sessions it
// uses, instead of growing with every dropped connection). Connections above
// `min` idle for PoolLimits::idle_close are closed, so a pool shrinks back after a burst.
//
// Threading: single-threaded; every member must be called from coroutines on the pool's executor
// (one worker's io_context). Nothing here is shared between workers.
#include <tpbench/engine/backend.hpp>
#include <tpbench/engine/connect_stats.hpp>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace tpbench::engine {

struct PoolLimits {
    std::size_t min = 1;                // connections opened by async_open_min()
    std::size_t max = 1;                // connections open (or opening) at most
    std::size_t max_simultaneous = 64;  // borrows per connection at most (also capped by max_in_flight())
    std::chrono::milliseconds max_wait{3000};  // how long async_acquire waits for capacity
    // A connection above `min` with nothing in flight for this long is closed (0 = never): after a
    // burst (an http4 pool opens one connection per concurrent request) the pool shrinks back
    // instead of holding every connection it once needed — as the Java driver's pool destroys
    // connections above its minimum once they are no longer borrowed.
    std::chrono::milliseconds idle_close{0};
};

class ConnectionPool {
public:
    // A borrowed connection. `error` set means nothing was borrowed (pool_exhausted or
    // connect_failed); otherwise `session` is valid until release().
    struct Lease {
        Session* session = nullptr;
        std::size_t slot = 0;
        std::error_code error;
    };

    // Does not connect; call async_open_min(). Throws std::invalid_argument when max == 0 or
    // min > max.
    ConnectionPool(boost::asio::any_io_executor ex, SessionFactory factory, SessionConfig config,
                   PoolLimits limits);
    ~ConnectionPool();
    ConnectionPool(const ConnectionPool&) = delete;
    ConnectionPool& operator=(const ConnectionPool&) = delete;

    // Opens limits.min connections concurrently (at least one when `at_least_one`). Returns how many
    // opened; failures are counted in connect_failures() and last_connect_error(). Never throws.
    boost::asio::awaitable<std::size_t> async_open_min(bool at_least_one);

    // Borrows capacity on one connection, opening a new one when all are full and the pool is
    // below max, otherwise waiting up to max_wait. Errors: errc::pool_exhausted after max_wait;
    // errc::connect_failed when the new connection it opened failed; errc::auth_failed /
    // errc::tls_failed (kept as they are) when that connect was refused for credentials or TLS,
    // and at once, without connecting, for every later call (fatal_error()). Never throws.
    boost::asio::awaitable<Lease> async_acquire();

    // The per-request fast path of async_acquire(), without a coroutine frame: borrows capacity
    // on the connection pick() would choose when one has room and returns true; returns false
    // (and leaves `out` alone) when async_acquire() has to wait or connect. When `preferred` (a
    // slot index, e.g. the one the caller's previous lease had) is open with nothing in flight it
    // is taken without a scan: nothing beats an idle connection.
    static constexpr std::size_t no_slot = static_cast<std::size_t>(-1);
    bool try_acquire(Lease& out, std::size_t preferred = no_slot) noexcept;

    // Returns a lease. `broken` retires the connection (it is closed once idle and its slot can be
    // reopened). Wakes one waiter. Safe to call with an errored lease (no-op).
    // `now` (optional) is the caller's current time, e.g. the request's completion: saves the
    // clock read that marks a connection idle.
    void release(const Lease& lease, bool broken, Clock::time_point now = {});

    // Closes every connection (graceful close, each bounded by `timeout`), waits for the closes.
    boost::asio::awaitable<void> async_close_all(std::chrono::milliseconds timeout);

    // Starts closing the connection in `slot` without waiting (used by the engine's watchdog on a
    // request that outlived its deadline). Its in-flight requests then fail.
    void abort_slot(std::size_t slot);

    // Wakes every waiter (they re-check and fail or proceed); used when the run stops.
    void wake_all();

    std::size_t open_count() const noexcept;                             // connections open and not retired
    std::size_t connections_opened() const noexcept { return opened_; }  // successful connects so far
    std::size_t connect_failures() const noexcept { return connect_failures_; }
    const std::string& last_connect_error() const noexcept { return last_connect_error_; }
    // In-flight limit per connection as seen on the first open session (0 before any opened).
    std::size_t per_connection_limit() const noexcept { return per_connection_limit_; }
    // Highest number of requests ever in flight on one connection (for tests and reports).
    std::size_t peak_in_flight() const noexcept { return peak_in_flight_; }
    // Retired sessions not destroyed yet (closing, or a request still inside); for tests.
    std::size_t retired_count() const noexcept { return retired_.size(); }
    // Connections opened in the background to restore `min` after drops (part of connections_opened()).
    std::size_t restored_count() const noexcept { return restored_; }
    // Connections above `min` closed after limits.idle_close without a request.
    std::size_t shed_count() const noexcept { return shed_; }
    // Stage timings of every successful connect so far (Session::connect_timings()).
    const ConnectStats& connect_stats() const noexcept { return connect_stats_; }
    // Session::add_counters of every session the pool has held (destroyed ones included).
    Counters counters() const;
    // Set once a connect failed with errc::auth_failed or errc::tls_failed: retrying cannot help,
    // so from then on async_acquire fails at once with this error instead of reconnecting.
    std::error_code fatal_error() const noexcept { return fatal_; }

private:
    struct Slot {
        std::unique_ptr<Session> session;
        std::size_t in_flight = 0;
        std::size_t limit = 1;
        bool connecting = false;         // a coroutine is opening this slot's session
        Clock::time_point idle_since{};  // when in_flight last dropped to 0 (release)
    };
    // Closes connections above `min` idle for limits.idle_close; runs at most once per
    // idle_close / 4 (from release), so it costs nothing per request.
    void shed_idle(Clock::time_point now);
    Clock::time_point next_shed_{};
    std::size_t shed_ = 0;
    Slot* pick();
    boost::asio::awaitable<std::error_code> async_open_one(std::size_t& slot_out);
    void notify_one();
    // Connections open (not retired) plus those being opened.
    std::size_t live_count() const noexcept;
    // Starts the restorer when the pool is below `min` (and none runs, nothing forbids it).
    void restore_min();
    boost::asio::awaitable<void> async_restore(std::shared_ptr<ConnectionPool*> alive);

    boost::asio::any_io_executor ex_;
    SessionFactory factory_;
    SessionConfig config_;
    PoolLimits limits_;
    std::vector<Slot> slots_;
    // Retired sessions: closing (or failed to connect), perhaps still with requests inside, and
    // destroyed by reap() once both are over.
    struct Retired {
        std::unique_ptr<Session> session;
        std::size_t in_flight = 0;  // leases not yet released
    };
    void retire(std::unique_ptr<Session> session, std::size_t in_flight);
    // Starts a close of `s` whose completion is counted in closing_ (then reap()).
    void spawn_close(Session* s);
    void reap();
    std::vector<Retired> retired_;
    std::unordered_map<Session*, std::size_t> closing_;  // async_close coroutines running per session
    // Expires with the pool: close completions that arrive later leave it alone.
    std::shared_ptr<ConnectionPool*> self_ = std::make_shared<ConnectionPool*>(this);
    std::deque<boost::asio::steady_timer*> waiters_;
    bool restoring_ = false;                                // async_restore is running
    bool closed_ = false;                                   // async_close_all was called: no restoring
    boost::asio::steady_timer* restore_backoff_ = nullptr;  // the restorer's wait, cancelled on close
    std::size_t restored_ = 0;
    std::size_t connecting_ = 0;
    std::size_t opened_ = 0;
    std::size_t connect_failures_ = 0;
    std::size_t per_connection_limit_ = 0;
    std::size_t peak_in_flight_ = 0;
    std::string last_connect_error_;
    ConnectStats connect_stats_;
    Counters reaped_counters_;  // add_counters of the sessions reap() destroyed
    std::error_code fatal_;
};

// True for connect (or request) errors no retry can fix: errc::auth_failed (wrong credentials),
// errc::tls_failed (untrusted certificate, handshake refused).
bool is_fatal_connect_error(const std::error_code& ec) noexcept;

// True for errors after which a connection cannot be trusted (closed, write failed, protocol
// violation): the engine retires the connection. A timeout alone does not (a multiplexed ws37
// connection stays usable); a session that cannot continue reports is_open() == false.
bool is_connection_error(const std::error_code& ec) noexcept;

}  // namespace tpbench::engine
