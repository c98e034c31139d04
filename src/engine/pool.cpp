#include <tpbench/engine/pool.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <algorithm>
#include <stdexcept>

namespace tpbench::engine {

namespace asio = boost::asio;

namespace {
// Completion handler for fire-and-forget coroutines: an escaped exception is a broken invariant
// and propagates out of io_context::run(), where the worker reports it.
void rethrow(std::exception_ptr e) {
    if (e) std::rethrow_exception(e);
}
}  // namespace

bool is_connection_error(const std::error_code& ec) noexcept {
    if (!ec) return false;
    if (ec.category() != tpbench_category()) return true;  // raw socket errors
    switch (static_cast<errc>(ec.value())) {
        case errc::connection_closed:
        case errc::write_failed:
        case errc::protocol_violation:
        case errc::connect_failed:
            return true;
        default:
            return false;
    }
}

bool is_fatal_connect_error(const std::error_code& ec) noexcept {
    return ec == make_error_code(errc::auth_failed) || ec == make_error_code(errc::tls_failed);
}

ConnectionPool::ConnectionPool(asio::any_io_executor ex, SessionFactory factory, SessionConfig config,
                               PoolLimits limits)
    : ex_(std::move(ex)), factory_(std::move(factory)), config_(std::move(config)), limits_(limits) {
    if (limits_.max == 0) throw std::invalid_argument("connection pool: max connections must be at least 1");
    if (limits_.min > limits_.max) throw std::invalid_argument("connection pool: min connections exceed max");
    if (limits_.max_simultaneous == 0)
        throw std::invalid_argument("connection pool: max simultaneous usage is 0");
    slots_.reserve(limits_.max);
}

ConnectionPool::~ConnectionPool() {
    *self_ = nullptr;
    if (restore_backoff_) restore_backoff_->cancel();  // the restorer wakes, sees the pool gone, ends
}

void ConnectionPool::retire(std::unique_ptr<Session> session, std::size_t in_flight) {
    Session* raw = session.get();
    retired_.push_back(Retired{std::move(session), in_flight});
    spawn_close(raw);
}

void ConnectionPool::spawn_close(Session* s) {
    ++closing_[s];
    std::weak_ptr<ConnectionPool*> weak = self_;
    asio::co_spawn(ex_, s->async_close(), [weak, s](std::exception_ptr e) {
        if (auto p = weak.lock(); p && *p) {
            ConnectionPool& pool = **p;
            if (auto it = pool.closing_.find(s); it != pool.closing_.end() && --it->second == 0)
                pool.closing_.erase(it);
            pool.reap();
        }
        rethrow(e);
    });
}

void ConnectionPool::reap() {
    std::erase_if(retired_, [this](const Retired& r) {
        const bool done = r.in_flight == 0 && !closing_.contains(r.session.get());
        if (done) r.session->add_counters(reaped_counters_);
        return done;
    });
}

Counters ConnectionPool::counters() const {
    Counters c = reaped_counters_;
    for (const auto& s : slots_)
        if (s.session) s.session->add_counters(c);
    for (const auto& r : retired_) r.session->add_counters(c);
    return c;
}

std::size_t ConnectionPool::open_count() const noexcept {
    return static_cast<std::size_t>(std::count_if(
        slots_.begin(), slots_.end(), [](const Slot& s) { return s.session && s.session->is_open(); }));
}

ConnectionPool::Slot* ConnectionPool::pick() {
    Slot* best = nullptr;
    for (auto& s : slots_) {
        if (!s.session || s.connecting || s.in_flight >= s.limit) continue;
        if (best && s.in_flight >= best->in_flight) continue;
        if (!s.session->is_open()) continue;
        best = &s;
        // Nothing beats an idle connection (and the first one wins ties anyway): stop scanning,
        // so a large pool costs little per request when it is lightly loaded.
        if (best->in_flight == 0) break;
    }
    return best;
}

asio::awaitable<std::error_code> ConnectionPool::async_open_one(std::size_t& slot_out) {
    // Reuse a free slot (never opened, or retired and idle) before growing.
    std::size_t idx = slots_.size();
    for (std::size_t i = 0; i < slots_.size(); ++i)
        if (!slots_[i].session && !slots_[i].connecting) {
            idx = i;
            break;
        }
    if (idx == slots_.size()) slots_.emplace_back();
    slots_[idx].connecting = true;
    slots_[idx].in_flight = 0;
    slots_[idx].idle_since = Clock::time_point{};  // not idle until its first release
    ++connecting_;
    // The background restorer may outlive the pool: after the connect, touch nothing if it is gone.
    const auto alive = self_;
    std::unique_ptr<Session> session = factory_(ex_, config_);
    std::error_code ec = session ? co_await session->async_connect() : make_error_code(errc::connect_failed);
    if (!*alive) co_return make_error_code(errc::connect_failed);
    --connecting_;
    // slots_ may have grown while connecting: index again.
    Slot& slot = slots_[idx];
    slot.connecting = false;
    if (ec) {
        ++connect_failures_;
        ++connect_stats_.failures;
        if (last_connect_error_.empty() || ec != make_error_code(errc::connect_failed))
            last_connect_error_ = session && !session->connect_error_message().empty()
                                      ? session->connect_error_message()
                                      : ec.message();
        if (session) retire(std::move(session), 0);
        // Wrong credentials or an untrusted certificate: keep the class, and never retry.
        if (is_fatal_connect_error(ec)) {
            if (!fatal_) fatal_ = ec;
            co_return ec;
        }
        co_return make_error_code(errc::connect_failed);
    }
    ++opened_;
    connect_stats_.add(session->connect_timings());
    connect_stats_.add_dialect(session->dialect());
    slot.limit = std::max<std::size_t>(1, std::min(session->max_in_flight(), limits_.max_simultaneous));
    if (per_connection_limit_ == 0) per_connection_limit_ = slot.limit;
    slot.session = std::move(session);
    slot_out = idx;
    co_return std::error_code{};
}

asio::awaitable<std::size_t> ConnectionPool::async_open_min(bool at_least_one) {
    const std::size_t want = std::max<std::size_t>(limits_.min, at_least_one ? 1 : 0);
    // Open in parallel batches so hundreds of connections do not take hundreds of round trips.
    constexpr std::size_t batch = 32;
    std::size_t ok = 0;
    for (std::size_t started = 0; started < want;) {
        const std::size_t n = std::min(batch, want - started);
        std::size_t done = 0, succeeded = 0;
        asio::steady_timer all_done(ex_, asio::steady_timer::time_point::max());
        for (std::size_t i = 0; i < n; ++i) {
            asio::co_spawn(
                ex_,
                [this, &done, &succeeded, &all_done, n]() -> asio::awaitable<void> {
                    std::size_t slot = 0;
                    if (!co_await async_open_one(slot)) ++succeeded;
                    if (++done == n) all_done.cancel();
                },
                rethrow);
        }
        while (done < n) co_await all_done.async_wait(asio::as_tuple(asio::use_awaitable));
        started += n;
        ok += succeeded;
        // Nothing will work if the first batch could not open a single connection, nor after a
        // credentials/TLS refusal.
        if (succeeded == 0 || fatal_) break;
    }
    co_return ok;
}

bool ConnectionPool::try_acquire(Lease& out, std::size_t preferred) noexcept {
    Slot* s = nullptr;
    if (preferred < slots_.size()) {
        Slot& p = slots_[preferred];
        if (p.session && !p.connecting && p.in_flight == 0 && p.session->is_open()) s = &p;
    }
    if (s == nullptr) s = pick();
    if (s == nullptr) return false;
    ++s->in_flight;
    peak_in_flight_ = std::max(peak_in_flight_, s->in_flight);
    out = Lease{s->session.get(), static_cast<std::size_t>(s - slots_.data()), {}};
    return true;
}

asio::awaitable<ConnectionPool::Lease> ConnectionPool::async_acquire() {
    const auto deadline = Clock::now() + limits_.max_wait;
    for (;;) {
        if (Lease lease; try_acquire(lease)) co_return lease;
        std::size_t live = connecting_;
        for (auto& s : slots_)
            if (s.session && s.session->is_open()) ++live;
        if (live < limits_.max) {
            // No reconnect storm after a credentials/TLS refusal: every new connection would fail alike.
            if (fatal_) co_return Lease{nullptr, 0, fatal_};
            std::size_t idx = 0;
            if (auto ec = co_await async_open_one(idx)) {
                notify_one();
                co_return Lease{nullptr, 0, ec};
            }
            Slot& s = slots_[idx];
            ++s.in_flight;
            peak_in_flight_ = std::max(peak_in_flight_, s.in_flight);
            // The new connection may have room for others too.
            if (s.limit > 1) notify_one();
            co_return Lease{s.session.get(), idx, {}};
        }
        if (Clock::now() >= deadline) co_return Lease{nullptr, 0, make_error_code(errc::pool_exhausted)};
        asio::steady_timer t(ex_, deadline);
        waiters_.push_back(&t);
        auto [ec] = co_await t.async_wait(asio::as_tuple(asio::use_awaitable));
        if (auto it = std::find(waiters_.begin(), waiters_.end(), &t); it != waiters_.end())
            waiters_.erase(it);
        if (!ec) co_return Lease{nullptr, 0, make_error_code(errc::pool_exhausted)};
    }
}

std::size_t ConnectionPool::live_count() const noexcept { return connecting_ + open_count(); }

void ConnectionPool::restore_min() {
    if (restoring_ || closed_ || fatal_ || limits_.min == 0 || live_count() >= limits_.min) return;
    restoring_ = true;
    // Posted, not run inline inside release() (co_spawn would start it at once on this thread).
    asio::post(ex_, [this, alive = self_] {
        if (*alive) asio::co_spawn(ex_, async_restore(alive), rethrow);
    });
}

asio::awaitable<void> ConnectionPool::async_restore(std::shared_ptr<ConnectionPool*> alive) {
    using namespace std::chrono_literals;
    std::chrono::milliseconds backoff = 50ms;
    while (!closed_ && !fatal_ && live_count() < limits_.min) {
        std::size_t idx = 0;
        const std::error_code ec = co_await async_open_one(idx);
        if (!*alive) co_return;  // the pool was destroyed meanwhile
        if (!ec) {
            ++restored_;
            if (closed_) {  // closed while connecting: do not leave it open
                retire(std::move(slots_[idx].session), 0);
                break;
            }
            notify_one();  // a waiter can use it
            backoff = 50ms;
            continue;
        }
        if (fatal_) break;
        // The server refuses: wait before the next attempt (no reconnect storm).
        asio::steady_timer t(ex_, backoff);
        restore_backoff_ = &t;
        co_await t.async_wait(asio::as_tuple(asio::use_awaitable));
        if (!*alive) co_return;
        restore_backoff_ = nullptr;
        backoff = std::min<std::chrono::milliseconds>(backoff * 2, 2s);
    }
    restoring_ = false;
}

void ConnectionPool::notify_one() {
    if (waiters_.empty()) return;
    asio::steady_timer* t = waiters_.front();
    waiters_.pop_front();
    t->cancel();
}

void ConnectionPool::wake_all() {
    while (!waiters_.empty()) notify_one();
}

void ConnectionPool::release(const Lease& lease, bool broken, Clock::time_point now) {
    if (lease.error || !lease.session || lease.slot >= slots_.size()) return;
    Slot& s = slots_[lease.slot];
    if (s.session.get() != lease.session) {
        // Already retired (and its slot perhaps reopened): one request less inside it.
        for (auto& r : retired_)
            if (r.session.get() == lease.session && r.in_flight > 0) --r.in_flight;
        reap();
        notify_one();
        return;
    }
    if (s.in_flight > 0) --s.in_flight;
    if (s.in_flight == 0 && limits_.idle_close.count() > 0) {
        if (now == Clock::time_point{}) now = Clock::now();
        s.idle_since = now;
        if (now >= next_shed_) shed_idle(now);
    }
    if (broken || !s.session->is_open()) {
        // Retire now: no new borrows; the object stays alive while other requests are still inside
        // it and until its close has completed, then reap() destroys it.
        const std::size_t inside = s.in_flight;
        s.in_flight = 0;
        retire(std::move(s.session), inside);
        restore_min();
    }
    notify_one();
}

void ConnectionPool::shed_idle(Clock::time_point now) {
    next_shed_ =
        now + std::max<std::chrono::milliseconds>(limits_.idle_close / 4, std::chrono::milliseconds(1));
    // pick() prefers the lowest idle slot, so under a steady load the high slots are the ones idle.
    for (std::size_t i = slots_.size(); i-- > 0 && live_count() > limits_.min;) {
        Slot& s = slots_[i];
        if (!s.session || s.connecting || s.in_flight != 0 || !s.session->is_open()) continue;
        if (s.idle_since == Clock::time_point{} || now - s.idle_since < limits_.idle_close) continue;
        retire(std::move(s.session), 0);
        ++shed_;
    }
}

void ConnectionPool::abort_slot(std::size_t slot) {
    if (slot >= slots_.size() || !slots_[slot].session) return;
    spawn_close(slots_[slot].session.get());  // counted: the session is not destroyed under it
}

asio::awaitable<void> ConnectionPool::async_close_all(std::chrono::milliseconds timeout) {
    closed_ = true;
    if (restore_backoff_) restore_backoff_->cancel();
    wake_all();
    std::vector<Session*> to_close;
    for (auto& s : slots_)
        if (s.session) to_close.push_back(s.session.get());
    if (to_close.empty()) co_return;
    // Shared with the close coroutines: a close that outlives `timeout` must not touch this frame.
    struct Join {
        std::size_t remaining;
        asio::steady_timer timer;
    };
    auto join =
        std::make_shared<Join>(Join{to_close.size(), asio::steady_timer(ex_, Clock::now() + timeout)});
    for (Session* s : to_close)
        asio::co_spawn(ex_, s->async_close(), [join](std::exception_ptr e) {
            if (--join->remaining == 0) join->timer.cancel();
            if (e) std::rethrow_exception(e);  // Session::async_close must not throw: report it
        });
    auto [ec] = co_await join->timer.async_wait(asio::as_tuple(asio::use_awaitable));
    (void)ec;
}

}  // namespace tpbench::engine
