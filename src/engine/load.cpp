#include <tpbench/engine/load.hpp>
#include <tpbench/engine/inplace_handler.hpp>
#include <tpbench/engine/interrupt.hpp>

#include <tpbench/engine/pool.hpp>
#include <tpbench/engine/transaction.hpp>
#include <tpbench/stats/hdr_codec.hpp>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/deferred.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <algorithm>
#include <cmath>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>

namespace tpbench::engine {

namespace asio = boost::asio;
using namespace std::chrono_literals;

namespace {

// Latency histograms: 1 ns .. 1 h, 3 significant digits (HdrHistogram defaults for ns).
stats::HistogramConfig latency_config() { return {}; }
// Per-second histograms are many: 1 µs resolution is plenty, 2 digits, up to 10 min.
stats::HistogramConfig interval_config() { return {1000, 600'000'000'000, 2}; }

std::int64_t to_ns(Clock::duration d) noexcept {
    return std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(d).count());
}

std::size_t share(std::size_t total, std::size_t parts, std::size_t index) {
    return total / parts + (index < total % parts ? 1 : 0);
}

// What the orchestrating thread and the workers share: only the start handshake and progress
// counters, never touched on the per-request path except a relaxed store every few requests.
struct Control {
    std::mutex mutex;
    std::condition_variable cv;
    std::size_t ready = 0;  // workers that finished opening their minimum pool
    Clock::time_point start{};
    bool stop = false;  // a stop was requested (interrupt.hpp)
};

// A second of the measured phase while the run lasts: a full histogram while completions
// may still land in it, then its V2 encoding (zero runs compressed: a few hundred bytes).
struct IntervalSlot {
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;
    std::unique_ptr<stats::Histogram> hist;
    std::vector<std::uint8_t> packed;
    stats::Histogram& histogram() {
        if (!hist) {
            hist = std::make_unique<stats::Histogram>(interval_config());
            if (!packed.empty()) {  // a late completion for a packed second (rare)
                if (auto d = stats::decode_v2(packed)) hist->merge(d->histogram);
                packed.clear();
                packed.shrink_to_fit();
            }
        }
        return *hist;
    }
    void pack() {
        if (!hist) return;
        if (hist->count() > 0) packed = stats::encode_v2(*hist);
        hist.reset();
    }
    void merge_into(stats::Histogram& out) const {
        if (hist) {
            out.merge(*hist);
        } else if (!packed.empty()) {
            if (auto d = stats::decode_v2(packed)) out.merge(d->histogram);
        }
    }
};

// Open loop: the lanes waiting for the pacer role, in arrival order, each as its suspended
// coroutine's completion handler kept here. A park is a push_back and a hand-off a post from the
// worker's own thread (no lock); with a steady_timer of expiry max in this role, every park
// scheduled a timer operation and every hand-off cancelled one, each under the reactor's
// registration lock. Worker thread only. Declared after the io_context: a handler still here at
// destruction (the loop was stopped) is destroyed while the io_context exists.
class ParkedLanes {
public:
    using Handler = asio::async_result<asio::use_awaitable_t<>, void()>::handler_type;
    explicit ParkedLanes(asio::io_context::executor_type ex) : ex_(ex) {}
    // Suspends the calling coroutine until wake_one() or wake_all() picks it.
    auto async_wait() {
        return asio::async_initiate<const asio::use_awaitable_t<>&, void()>(
            [this](Handler h) { waiting_.push_back(std::move(h)); }, asio::use_awaitable);
    }
    // Resumes the longest-waiting lane (posted: it runs after the caller suspends); false when
    // none waits.
    bool wake_one() {
        if (waiting_.empty()) return false;
        // Wrapped: posted on the io_context's own executor, not through the handler's
        // type-erased one (no work-tracking executor copies per hand-off).
        asio::post(ex_, [h = std::move(waiting_.front())]() mutable { std::move(h)(); });
        waiting_.pop_front();
        return true;
    }
    void wake_all() {
        while (wake_one()) {
        }
    }
    std::size_t size() const noexcept { return waiting_.size(); }

private:
    asio::io_context::executor_type ex_;
    std::deque<Handler> waiting_;
};

// The watchdog's (lane, deadline) entries in hand-off order: a ring over a vector that only grows
// (to the requests handed off between two watchdog ticks), so the steady state allocates nothing
// (a std::deque allocated and freed a 512-byte node every 32 requests).
class DeadlineQueue {
public:
    using Entry = std::pair<std::size_t, Clock::time_point>;
    bool empty() const noexcept { return size_ == 0; }
    const Entry& front() const noexcept { return buf_[head_]; }
    void pop_front() noexcept {
        head_ = (head_ + 1) & (buf_.size() - 1);
        --size_;
    }
    void push_back(std::size_t lane, Clock::time_point d) {
        if (size_ == buf_.size()) grow();
        buf_[(head_ + size_) & (buf_.size() - 1)] = Entry{lane, d};
        ++size_;
    }

private:
    void grow() {
        std::vector<Entry> bigger(std::max<std::size_t>(64, buf_.size() * 2));  // a power of two
        for (std::size_t i = 0; i < size_; ++i) bigger[i] = buf_[(head_ + i) & (buf_.size() - 1)];
        buf_.swap(bigger);
        head_ = 0;
    }
    std::vector<Entry> buf_;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

// A lane's request slot for sessions with Session::start_execute: the lane waits for it as an
// async operation co_awaited directly (asio::deferred: the completion handler lives in the lane's
// own frame), so a request costs neither a coroutine frame nor an allocation. The handler is kept
// in place, type-erased without allocation. One per lane, reused for every request; owned by the
// Worker, never by a session (a session only holds a pointer until it calls complete()), and
// declared after the io_context: a lane still waiting here at destruction (the loop was stopped)
// is destroyed while the io_context exists.
class LaneSlot final : public ExecuteSlot {
public:
    LaneSlot() = default;
    LaneSlot(const LaneSlot&) = delete;
    LaneSlot& operator=(const LaneSlot&) = delete;

    // Suspends the calling lane until complete(); co_await it right after a start_execute that
    // returned true. The request's Outcome is then outcome().
    auto async_wait() {
        return asio::async_initiate<const asio::deferred_t&, void()>(
            [this](auto handler) { store(std::move(handler)); }, asio::deferred);
    }
    // The request's Outcome, read by the lane in place: complete() moves the session's here once
    // (not through the handler's argument, the awaitable's result and a variable of the lane).
    Outcome& outcome() noexcept { return out_; }
    // Resumes the lane now (Session::start_execute: from a handler of the session's own, never
    // from inside start_execute).
    void complete(Outcome&& out) noexcept override {
        out_ = std::move(out);
        if (!handler_.armed()) {
            // Completed before the lane waited (a session breaking the contract): the wait
            // ends at once (posted).
            early_ = true;
            return;
        }
        handler_.invoke();  // moves the handler out first: the lane may wait here again
    }

private:
    template <class Handler>
    void store(Handler&& h) {
        if (early_) {
            early_ = false;
            auto ex = asio::get_associated_executor(h);
            asio::post(ex, [h = std::forward<Handler>(h)]() mutable { std::move(h)(); });
            return;
        }
        handler_.store(std::forward<Handler>(h));
    }

    InplaceHandler<32> handler_;
    bool early_ = false;
    Outcome out_;
};

class Worker {
public:
    Worker(const LoadSpec& spec, std::size_t workers, const SessionFactory& factory,
           const SessionConfig& scfg, std::size_t index, Control& control)
        : spec_(spec),
          workers_(workers),
          index_(index),
          control_(control),
          start_timer_(ioc_, Clock::time_point::max()),
          done_timer_(ioc_, Clock::time_point::max()) {
        const std::size_t n = workers;
        count_ = spec.plan.size() / n + (index < spec.plan.size() % n ? 1 : 0);
        PoolLimits limits;
        limits.max = share(spec.pool.max_connections, n, index);
        limits.min = std::min(limits.max, share(spec.pool.min_connections, n, index));
        limits.max_simultaneous = spec.pool.max_simultaneous_usage_per_connection;
        limits.max_wait = spec.pool.max_wait_for_connection;
        limits.idle_close = spec.pool.idle_close;
        SessionConfig cfg = scfg;
        cfg.max_in_process_per_connection = spec.pool.max_in_process_per_connection;
        pool_ = std::make_unique<ConnectionPool>(ioc_.get_executor(), factory, cfg, limits);
        // Per-template breakdown of the measured phase when the templates are labelled.
        const bool labelled = std::any_of(spec.templates.begin(), spec.templates.end(),
                                          [](const RequestTemplate& t) { return !t.label.empty(); });
        if (labelled && spec.templates.size() <= max_query_breakdown) {
            auto& qs = phases_[static_cast<std::size_t>(Phase::measured)].queries;
            qs.resize(spec.templates.size());
            for (std::size_t i = 0; i < qs.size(); ++i) {
                qs[i].label = spec.templates[i].label;
                qs[i].line = spec.templates[i].line;
            }
        }
    }

    // Thread body: connect, wait for the start signal, run the lanes, close. Never throws.
    void run() {
        try {
            asio::co_spawn(ioc_, async_main(), [this](std::exception_ptr e) {
                if (e) record_exception(e);
            });
            ioc_.run();
        } catch (...) {
            record_exception(std::current_exception());
        }
        finish();
        finished_flag_.store(true, std::memory_order_release);
        // Taking the lock orders the flag before the orchestrator's predicate check: no lost wake-up.
        { std::lock_guard lock(control_.mutex); }
        control_.cv.notify_all();
    }

    bool finished() const noexcept { return finished_flag_.load(std::memory_order_acquire); }

    // Called by the orchestrator (another thread) once every worker is ready.
    void start() {
        asio::post(ioc_, [this] { start_timer_.cancel(); });
    }
    // Called by the orchestrator to abandon the run (setup failed elsewhere or timed out).
    void abort() {
        asio::post(ioc_, [this] {
            aborted_ = true;
            start_timer_.cancel();
        });
    }
    // Hard stop from the orchestrator when even the watchdog could not end the run.
    void hard_stop() { ioc_.stop(); }
    // A stop request (interrupt.hpp), from the orchestrator: take no new request, give the ones
    // in flight `grace`, then cut them off (the watchdog, as at run_deadline; counted cancelled).
    void interrupt(Clock::duration grace) {
        asio::post(ioc_, [this, grace] {
            if (interrupted_) return;
            interrupted_ = true;
            stopping_ = true;
            run_end_ = std::min(run_end_, Clock::now() + grace);
            wake_schedule();
            if (pool_) pool_->wake_all();
        });
    }
    bool interrupted() const noexcept { return interrupted_; }
    std::uint64_t not_sent() const noexcept { return not_sent_; }
    // LoadSpec::on_interval: the seconds [0, sealed()) of this worker are closed and were handed
    // over (take_sealed); SIZE_MAX when this worker seals nothing (no lanes, or not asked).
    std::size_t sealed() const noexcept { return sealed_.load(std::memory_order_acquire); }
    // Moves the closed seconds handed over since the last call into `out` (any thread).
    void take_sealed(std::vector<std::pair<std::size_t, IntervalStats>>& out) {
        std::lock_guard lock(seal_mutex_);
        for (auto& x : sealed_out_) out.push_back(std::move(x));
        sealed_out_.clear();
    }

    std::uint64_t progress() const noexcept { return progress_.load(std::memory_order_relaxed); }
    // What this worker counted for LoadSpec::live (written by the worker thread only).
    const LiveCounters& live() const noexcept { return live_; }
    std::size_t lanes() const noexcept { return lanes_; }
    std::size_t lanes_ready_at_start() const noexcept { return lanes_ready_at_start_; }
    const LateSends& late_sends() const noexcept { return late_sends_; }
    std::size_t capacity() const noexcept { return capacity_; }
    std::size_t opened() const noexcept { return opened_; }
    std::size_t connect_failures() const noexcept { return connect_failures_; }
    std::size_t per_connection() const noexcept { return per_connection_; }
    const std::string& setup_error() const noexcept { return setup_error_; }
    const std::string& first_error() const noexcept { return first_error_; }
    bool deadline_hit() const noexcept { return deadline_hit_; }
    errc fatal() const noexcept { return fatal_; }
    const ConnectStats& connect_stats() const noexcept { return connect_stats_; }
    const Counters& counters() const noexcept { return counters_; }
    std::array<PhaseStats, phase_count>& phases() noexcept { return phases_; }
    // Adds this worker's per-second statistics into `out` (index = second since start).
    void add_intervals_to(std::vector<IntervalStats>& out) {
        if (out.size() < intervals_.size()) out.resize(intervals_.size());
        for (std::size_t i = 0; i < intervals_.size(); ++i) {
            out[i].completed += intervals_[i].completed;
            out[i].failed += intervals_[i].failed;
            intervals_[i].merge_into(out[i].latency);
            intervals_[i] = IntervalSlot{};  // free as we go
        }
    }
    std::vector<model::Value>& first_results() noexcept { return first_results_; }

private:
    asio::awaitable<void> async_main() {
        auto ex = co_await asio::this_coro::executor;
        const std::size_t opened = count_ > 0 ? co_await pool_->async_open_min(true) : 0;
        if (count_ > 0 && opened == 0) setup_error_ = pool_->last_connect_error();
        // A credentials/TLS refusal on any connection fails the setup, even if others opened.
        if (count_ > 0 && pool_->fatal_error()) {
            setup_error_ = pool_->last_connect_error();
            fatal_ = classify_error(pool_->fatal_error());
        }
        // The lanes are spawned, and each has reached its first wait, BEFORE this worker says it
        // is ready: the orchestrator takes the schedule's start (control.start) only once every
        // worker is ready, so no request falls due while thousands of lane frames are still being
        // allocated (a 256 x 32 pool is 8192 lanes: ~15-35 ms, which made the first sends of every
        // rate run late).
        const bool run_lanes = count_ > 0 && opened > 0 && setup_error_.empty();
        if (run_lanes) co_await spawn_lanes(ex);
        if (run_lanes && spec_.intervals && spec_.on_interval) sealed_.store(0, std::memory_order_release);
        {
            std::lock_guard lock(control_.mutex);
            ++control_.ready;
        }
        control_.cv.notify_all();
        // Wait for the orchestrator's start (or abort) signal.
        co_await start_timer_.async_wait(asio::as_tuple(asio::use_awaitable));
        {
            std::lock_guard lock(control_.mutex);
            start_ = control_.start;
        }
        if (run_lanes) {
            lanes_ready_at_start_ = lanes_waiting_;
            if (aborted_) {
                // Nothing was issued: the lanes leave at once and the run counts nothing.
                stopping_ = true;
                open_gate();
                while (active_ > 0) co_await done_timer_.async_wait(asio::as_tuple(asio::use_awaitable));
                lanes_ = capacity_ = 0;
                lanes_ready_at_start_ = 0;
            } else {
                run_end_ = std::min(run_end_, start_ + spec_.run_deadline);  // an interrupt may have set it
                asio::co_spawn(ex, async_watchdog(), [this](std::exception_ptr e) {
                    if (e) record_exception(e);
                });
                open_gate();
                while (active_ > 0) co_await done_timer_.async_wait(asio::as_tuple(asio::use_awaitable));
                finished_ = true;
                if (watchdog_timer_) watchdog_timer_->cancel();
            }
        }
        co_await pool_->async_close_all(2s);
        connect_failures_ = pool_->connect_failures();
        opened_ = pool_->connections_opened();
        connect_stats_ = pool_->connect_stats();
        counters_ = pool_->counters();
        // Sessions may keep reader coroutines alive a little longer: stop the loop explicitly.
        ioc_.stop();
    }

    // Sizes and spawns the lanes and returns once every one of them waits at its first suspension
    // point: open loop, parked on the schedule (the start gate holds the pacer role, so the first
    // lane to reach the schedule parks too); closed loop, on the start gate. Before the start.
    asio::awaitable<void> spawn_lanes(const asio::any_io_executor& ex) {
        per_connection_ = pool_->per_connection_limit();
        const std::size_t max_conns = share(spec_.pool.max_connections, workers_, index_);
        std::size_t lanes = std::max<std::size_t>(1, max_conns * per_connection_);
        capacity_ = lanes;
        if (spec_.max_outstanding > 0)
            lanes = std::min(lanes, std::max<std::size_t>(1, share(spec_.max_outstanding, workers_, index_)));
        lanes_ = std::min(lanes, count_);
        lane_deadline_.assign(lanes_, Clock::time_point::max());
        lane_slot_.assign(lanes_, 0);
        lane_timed_out_.assign(lanes_, false);
        lane_slots_ = std::make_unique<LaneSlot[]>(lanes_);
        active_ = lanes_;
        pace_timer_.emplace(ex, Clock::time_point::max());
        parked_.emplace(ioc_.get_executor());
        gate_timer_.emplace(ex, Clock::time_point::max());
        pacer_busy_ = true;  // held by the start gate until open_gate()
        for (std::size_t i = 0; i < lanes_; ++i)
            asio::co_spawn(ex, async_lane(i), [this](std::exception_ptr e) {
                if (e) record_exception(e);
                if (--active_ == 0) done_timer_.cancel();
            });
        // Each lane counts itself in lanes_waiting_ just before its first suspension (no other
        // suspension point lies between), so after enough turns of the loop every lane waits.
        // A lane that ended instead (an exception) is no longer active.
        while (lanes_waiting_ + (lanes_ - active_) < lanes_) co_await asio::post(ex, asio::use_awaitable);
    }

    // The schedule starts (or the run is abandoned: stopping_ set): closed loop, every lane goes;
    // open loop, the first parked lane takes the pacer role and the others stay parked.
    void open_gate() {
        started_ = true;
        pacer_busy_ = false;
        if (gate_timer_) gate_timer_->cancel();
        if (parked_) {
            if (stopping_)
                parked_->wake_all();
            else
                parked_->wake_one();
        }
    }

    // Wakes every lane parked on, or pacing, the schedule (the run stops).
    void wake_schedule() {
        if (gate_timer_) gate_timer_->cancel();
        if (parked_) parked_->wake_all();
        if (pace_timer_) pace_timer_->cancel();
    }

    asio::awaitable<void> async_lane(std::size_t lane) {
        Request req;
        std::size_t current_template = static_cast<std::size_t>(-1);
        std::size_t last_slot = ConnectionPool::no_slot;
        const bool open_loop = spec_.open_loop();
        const std::size_t n = workers_;
        // Ready: the next statement suspends this lane (spawn_lanes counts on it). Open loop it
        // parks on the schedule (the start gate holds pacer_busy_); closed loop, here.
        ++lanes_waiting_;
        while (!open_loop && !started_ && !stopping_)
            co_await gate_timer_->async_wait(asio::as_tuple(asio::use_awaitable));
        while (!stopping_) {
            std::size_t k = 0;
            Clock::time_point intended;
            if (open_loop) {
                // The worker's schedule is held by one lane at a time (the pacer), which sleeps on
                // the worker's single pace timer until the next request is due; every other free
                // lane is parked (ParkedLanes) and the pacer hands the role to the longest-parked
                // one as soon as its request is due. So a pool of any shape costs one timer wait
                // and one hand-off per request, never a timer per lane, and requests leave in
                // schedule order on the first free lane. The run stopping or the plan running out
                // ends the lane with nothing taken.
                while (pacer_busy_ && !stopping_) co_await parked_->async_wait();
                if (stopping_) break;
                pacer_busy_ = true;
                k = next_++;
                bool due = k < count_;
                if (due) {
                    intended =
                        start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                                     schedule_offset_seconds(spec_, index_ + k * n)));
                    if (Clock::now() < intended) {
                        pace_timer_->expires_at(intended);
                        co_await pace_timer_->async_wait(asio::as_tuple(asio::use_awaitable));
                        // Stopped while pacing: never issued (finish() counts it as cancelled).
                        if (stopping_) due = false;
                    }
                }
                pacer_busy_ = false;
                parked_->wake_one();  // the next free lane paces the next request
                if (!due) break;
            } else {
                k = next_++;
                if (k >= count_) break;
                intended = Clock::now();
            }
            const std::size_t seq = index_ + k * n;
            const std::uint32_t tidx = spec_.plan[seq];
            const RequestTemplate& tpl = spec_.templates[tidx];
            const bool warm = open_loop
                                  ? (intended < start_ + spec_.warmup_time || seq < spec_.warmup_requests)
                                  : seq < spec_.warmup_requests;
            PhaseStats& st = phases_[warm ? 0 : 1];
            ++st.issued;
            st.first_issue = std::min(st.first_issue, intended);

            // A connection with room is borrowed without a coroutine frame; closed loop, the
            // lane's previous connection first when it is idle (http4: one request each).
            ConnectionPool::Lease lease;
            const bool at_once = pool_->try_acquire(lease, open_loop ? ConnectionPool::no_slot : last_slot);
            if (!at_once) lease = co_await pool_->async_acquire();
            if (interrupted_ && (!at_once || lease.error)) {
                // Stopped while this lane waited for a connection: the request never left.
                if (!lease.error) pool_->release(lease, false, Clock::now());
                record_failure(st, errc::cancelled, "not sent: interrupted while waiting for a connection");
                st.last_done = std::max(st.last_done, Clock::now());
                bump_progress();
                continue;
            }
            if (lease.error) {
                // The pool knows why connecting failed (OS / TLS reason, upgrade status).
                record_failure(st, classify_error(lease.error),
                               pool_->last_connect_error().empty() ? lease.error.message()
                                                                   : pool_->last_connect_error());
                count_query_failure(st, tpl, classify_error(lease.error));
                st.last_done = std::max(st.last_done, Clock::now());
                bump_progress();
                // Wrong credentials / untrusted certificate: stop this worker's run now (the rest
                // are counted as cancelled) rather than fail every remaining request in turn.
                if (is_fatal_connect_error(lease.error)) {
                    fatal_ = classify_error(lease.error);
                    stopping_ = true;
                    pool_->wake_all();
                    wake_schedule();
                }
                continue;
            }
            if (current_template != tidx) {
                req = tpl.request;
                current_template = tidx;
            }
            // Copy-assigned into the request's own map: same-shaped rows reuse its storage.
            if (tpl.feeder) req.bindings = tpl.feeder->rows[spec_.rows[seq]];
            last_slot = lease.slot;
            req.keep_results = spec_.keep_first_results && seq == 0;
            // Closed loop, a lease taken at once was handed over at the pick-up time.
            const auto handed = at_once && !open_loop ? intended : Clock::now();
            req.deadline = handed + spec_.request_timeout;
            lane_deadline_[lane] = req.deadline + grace_;
            deadlines_.push_back(lane, lane_deadline_[lane]);
            lane_slot_[lane] = lease.slot;
            if (open_loop) {
                const std::int64_t lag = to_ns(handed - intended);
                st.schedule_lag.record(lag);
                if (lag > LateSends::threshold_ns && !warm)
                    late_sends_.add(lag, std::chrono::duration<double>(intended - start_).count());
            }

            // A session with a native request path (Session::start_execute) ends the request in
            // the lane's slot, whose Outcome the lane reads in place: no coroutine frame per
            // request. Otherwise the session's coroutine, its Outcome built in place here.
            std::optional<TxRun> txr;
            LaneSlot& slot = lane_slots_[lane];
            if (!tpl.tx && lease.session->start_execute(req, slot)) {
                co_await slot.async_wait();
                end_request(lane, lease, st, tpl, req, txr, slot.outcome(), intended, handed, warm);
            } else {
                Outcome out = co_await start_request(lease.session, tpl, req, txr);
                end_request(lane, lease, st, tpl, req, txr, out, intended, handed, warm);
            }
        }
    }

    // What the lane does with a finished request: hands the connection back and records it.
    void end_request(std::size_t lane, ConnectionPool::Lease& lease, PhaseStats& st,
                     const RequestTemplate& tpl, const Request& req, const std::optional<TxRun>& txr,
                     Outcome& out, Clock::time_point intended, Clock::time_point handed, bool warm) {
        lane_deadline_[lane] = Clock::time_point::max();
        const bool watchdog_fired = lane_timed_out_[lane];
        lane_timed_out_[lane] = false;
        const bool broken = watchdog_fired || is_connection_error(out.error);
        // A session the pool retires is destroyed once idle, and its address may come back for a
        // new connection: forget its transaction session ids with it.
        if (!tx_sessions_.empty() && (broken || !lease.session->is_open())) tx_sessions_.erase(lease.session);
        pool_->release(lease, broken, out.done);
        if (txr) record_tx(st.tx, *txr, out, intended, watchdog_fired);
        record(st, tpl, out, intended, handed, watchdog_fired, warm);
        // A request refused for its credentials (http4 401/403) means every other one will be
        // too: stop this worker now instead of sending the rest of the plan to be refused.
        if (out.error && is_fatal_connect_error(out.error)) {
            fatal_ = classify_error(out.error);
            stopping_ = true;
            pool_->wake_all();
            wake_schedule();
        }
        if (req.keep_results) first_results_ = std::move(out.results);
        bump_progress();
    }

    // The request's coroutine, not started yet (a plain function: g++ 12 mishandles a co_await
    // of a conditional expression's temporary).
    asio::awaitable<Outcome> start_request(Session* s, const RequestTemplate& tpl, const Request& req,
                                           std::optional<TxRun>& txr) {
        if (tpl.tx) return async_tx_group(s, *tpl.tx, req.deadline, txr);
        return s->async_execute(req);
    }

    // A workload transaction group, on this one connection (transaction.hpp); `txr` keeps the
    // run's detail for record_tx, the returned Outcome is its total.
    asio::awaitable<Outcome> async_tx_group(Session* s, const TransactionTemplate& tx,
                                            Clock::time_point deadline, std::optional<TxRun>& txr) {
        std::string sid = take_session_id(s);
        txr.emplace(co_await execute_transaction(*s, tx, sid, deadline));
        if (!is_connection_error(txr->total.error)) tx_sessions_[s].push_back(std::move(sid));
        co_return std::move(txr->total);
    }

    // Ends requests that outlived their deadline by more than the grace period (the session did
    // not honour Request::deadline) and the whole run at run_deadline.
    asio::awaitable<void> async_watchdog() {
        watchdog_timer_.emplace(co_await asio::this_coro::executor);
        bool closing = false;
        while (!finished_) {
            watchdog_timer_->expires_after(50ms);
            co_await watchdog_timer_->async_wait(asio::as_tuple(asio::use_awaitable));
            if (finished_) break;
            const auto now = Clock::now();
            // Deadlines in hand-off order are non-decreasing (constant timeout): only the front
            // of the queue can have expired, and entries of finished requests are dropped as
            // they reach it — no scan over every lane (8192 with a 256 x 32 pool).
            while (!deadlines_.empty()) {
                const auto [l, d] = deadlines_.front();
                if (lane_deadline_[l] != d) {  // that request finished
                    deadlines_.pop_front();
                    continue;
                }
                if (now <= d) break;
                if (!lane_timed_out_[l]) {
                    lane_timed_out_[l] = true;
                    pool_->abort_slot(lane_slot_[l]);
                }
                deadlines_.pop_front();
            }
            if (sealed_.load(std::memory_order_relaxed) != static_cast<std::size_t>(-1)) seal_intervals(now);
            if (now >= run_end_ && !closing) {
                // Stop taking requests; force every connection closed so in-flight ones finish.
                // After an interrupt's grace period the requests cut off count as cancelled.
                closing = true;
                if (interrupted_)
                    interrupt_cut_ = true;
                else
                    deadline_hit_ = true;
                stopping_ = true;
                wake_schedule();
                for (std::size_t i = 0; i < lane_deadline_.size(); ++i)
                    if (lane_deadline_[i] != Clock::time_point::max()) {
                        lane_timed_out_[i] = true;
                        pool_->abort_slot(lane_slot_[i]);
                    }
                pool_->wake_all();
            }
            if (closing && now >= run_end_ + 2 * grace_) {
                // The sessions ignored their close: give up on them.
                ioc_.stop();
                co_return;
            }
        }
    }

    void record(PhaseStats& st, const RequestTemplate& tpl, const Outcome& out, Clock::time_point intended,
                Clock::time_point handed, bool watchdog_fired, bool warm) {
        const auto done = out.done == Clock::time_point{} ? Clock::now() : out.done;
        st.last_done = std::max(st.last_done, done);
        st.bytes_out += out.bytes_out;
        st.bytes_in += out.bytes_in;
        st.partial_responses += out.partial_responses;
        if (watchdog_fired || out.error) {
            const bool cut = watchdog_fired && interrupt_cut_;
            const errc e = cut ? errc::cancelled
                           : watchdog_fired && classify_error(out.error) != errc::timeout
                               ? errc::timeout
                               : classify_error(out.error);
            std::string msg = cut ? std::string("still outstanding when the interrupt's grace period ended")
                              : out.status_message.empty() ? make_error_code(e).message()
                                                           : out.status_message;
            record_failure(st, e, msg);
            count_query_failure(st, tpl, e);
            if (spec_.live)
                live_.count(out, 0, false,
                            std::min<std::size_t>(static_cast<std::size_t>(e), errc_slots - 1));
            if (spec_.intervals && !warm) interval_at(done).failed++;
            return;
        }
        ++st.completed;
        st.results += out.result_count;
        const bool mismatch = tpl.expected_results && *tpl.expected_results != out.result_count;
        if (mismatch) ++st.result_mismatches;
        const std::int64_t lat = to_ns(done - intended);
        st.latency.record(lat);
        if (spec_.live) live_.count(out, lat, true, 0);
        st.service.record(to_ns(done - handed));
        const auto first = out.first_result == Clock::time_point{} ? done : out.first_result;
        const std::int64_t ttfr = to_ns(first - handed);
        st.ttfr.record(ttfr);
        if (QueryStats* q = query_of(st, tpl)) {
            ++q->completed;
            q->results += out.result_count;
            if (mismatch) ++q->result_mismatches;
            if (!q->latency) {
                q->latency.emplace(QueryStats::histogram_config());
                q->ttfr.emplace(QueryStats::histogram_config());
            }
            q->latency->record(lat);
            q->ttfr->record(ttfr);
        }
        if (spec_.too_slow_threshold.count() > 0) {
            const auto sent = out.sent == Clock::time_point{} ? handed : out.sent;
            if (done - sent > spec_.too_slow_threshold) ++st.too_slow;
        }
        if (spec_.intervals && !warm) {
            IntervalSlot& iv = interval_at(done);
            ++iv.completed;
            iv.histogram().record(lat);
        }
    }

    // ws37 session ids for transaction groups: reused per connection (a 3.7 session lives until
    // its connection closes), one per transaction in flight on it.
    std::string take_session_id(const Session* s) {
        auto it = tx_sessions_.find(s);
        if (it == tx_sessions_.end() || it->second.empty()) return random_session_id();
        std::string id = std::move(it->second.back());
        it->second.pop_back();
        return id;
    }

    void record_tx(TxStats& ts, const TxRun& r, const Outcome& out, Clock::time_point intended,
                   bool watchdog_fired) {
        ++ts.started;
        ts.requests += r.requests;
        if (watchdog_fired || r.end == TxRun::End::failed) {
            ++ts.failed;
            return;
        }
        ++(r.end == TxRun::End::committed ? ts.committed : ts.rolled_back);
        const auto done = out.done == Clock::time_point{} ? Clock::now() : out.done;
        ts.latency.record(to_ns(done - intended));
    }

    IntervalSlot& interval_at(Clock::time_point t) {
        const auto sec =
            static_cast<std::size_t>(std::max<std::int64_t>(0, to_ns(t - start_) / 1'000'000'000));
        // Bounded by run_deadline (plus the closing grace).
        const auto cap = static_cast<std::size_t>(spec_.run_deadline.count() / 1000 + 4);
        const std::size_t i = std::min(sec, cap);
        while (intervals_.size() <= i) intervals_.emplace_back();
        // Seconds that completions have left behind are packed (a full per-second histogram is
        // ~25 KB, which grew a long rate run's RSS by that much every second).
        while (packed_upto_ + kOpenSeconds < i) intervals_[packed_upto_++].pack();
        return intervals_[i];
    }

    // LoadSpec::on_interval: hands every second that ended over a second ago (a completion is
    // filed under the second of its `done` time, taken just before it is recorded) to the
    // orchestrator: a copy of its counters and histogram. Worker thread (the watchdog).
    void seal_intervals(Clock::time_point now) {
        if (now < start_) return;
        const auto current = static_cast<std::size_t>(to_ns(now - start_) / 1'000'000'000);
        if (sealed_upto_ + 2 > current) return;
        std::vector<std::pair<std::size_t, IntervalStats>> batch;
        for (; sealed_upto_ + 2 <= current; ++sealed_upto_) {
            IntervalStats iv;
            if (sealed_upto_ < intervals_.size()) {
                const IntervalSlot& slot = intervals_[sealed_upto_];
                iv.completed = slot.completed;
                iv.failed = slot.failed;
                slot.merge_into(iv.latency);
            }
            batch.emplace_back(sealed_upto_, std::move(iv));
        }
        {
            std::lock_guard lock(seal_mutex_);
            for (auto& x : batch) sealed_out_.push_back(std::move(x));
        }
        sealed_.store(sealed_upto_, std::memory_order_release);
    }

    // The per-template entry of `tpl` (a reference into spec_.templates) in `st`, or null when the
    // phase keeps none: an index into a small per-worker array, no lookup.
    QueryStats* query_of(PhaseStats& st, const RequestTemplate& tpl) noexcept {
        if (st.queries.empty()) return nullptr;
        const auto i = static_cast<std::size_t>(&tpl - spec_.templates.data());
        return i < st.queries.size() ? &st.queries[i] : nullptr;
    }

    void count_query_failure(PhaseStats& st, const RequestTemplate& tpl, errc e) noexcept {
        if (QueryStats* q = query_of(st, tpl)) {
            ++q->failed;
            ++q->errors[std::min<std::size_t>(static_cast<std::size_t>(e), errc_slots - 1)];
        }
    }

    void record_failure(PhaseStats& st, errc e, const std::string& message) {
        ++st.failed;
        ++st.errors[std::min<std::size_t>(static_cast<std::size_t>(e), errc_slots - 1)];
        st.note_error_message(e, message);
        if (first_error_.empty()) first_error_ = message;
    }

    void bump_progress() {
        ++done_local_;
        if ((done_local_ & 63) == 0 || done_local_ == count_)
            progress_.store(done_local_, std::memory_order_relaxed);
    }

    void record_exception(std::exception_ptr e) {
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& ex) {
            if (setup_error_.empty()) setup_error_ = std::string("internal error: ") + ex.what();
        } catch (...) {
            if (setup_error_.empty()) setup_error_ = "internal error: unknown exception";
        }
        stopping_ = true;
        wake_schedule();
    }

    // Requests never recorded (the run was cut off) are counted so issued == completed + failed.
    void finish() {
        pool_.reset();  // destroy sessions while the io_context still exists
        std::uint64_t recorded = 0;
        for (auto& p : phases_) recorded += p.completed + p.failed;
        if (recorded < count_ && lanes_ > 0 && interrupted_) {
            // Stopped on request: the requests never sent are not part of the run (not_sent); any
            // issued one not recorded (the loop was stopped hard) was cancelled.
            PhaseStats& st = phases_[1];
            std::uint64_t issued = 0;
            for (auto& p : phases_) issued += p.issued;
            const std::uint64_t unfinished = issued - recorded;
            not_sent_ = count_ - issued;
            if (unfinished > 0) {
                st.errors[static_cast<std::size_t>(errc::cancelled)] += unfinished;
                st.failed += unfinished;
                st.note_error_message(errc::cancelled, "still outstanding when the interrupted run ended");
            }
        } else if (recorded < count_ && lanes_ > 0) {
            PhaseStats& st = phases_[1];
            const std::uint64_t missing = count_ - recorded;
            // Issued but unfinished ones are timeouts; never-issued ones were cancelled.
            std::uint64_t issued = 0;
            for (auto& p : phases_) issued += p.issued;
            const std::uint64_t unfinished = issued - recorded;
            st.errors[static_cast<std::size_t>(errc::timeout)] += unfinished;
            st.errors[static_cast<std::size_t>(errc::cancelled)] += missing - unfinished;
            if (unfinished > 0)
                st.note_error_message(errc::timeout,
                                      "still outstanding when the run was cut off (run deadline)");
            if (missing > unfinished) st.note_error_message(errc::cancelled, "not sent: the run ended first");
            st.failed += missing;
            st.issued += missing - unfinished;
        }
        progress_.store(count_, std::memory_order_relaxed);
    }

    const LoadSpec& spec_;
    std::size_t workers_;  // threads in this run (spec.workers capped by max connections)
    std::size_t index_;
    Control& control_;
    // The io_context is declared first so it is destroyed last; finish() also destroys the pool
    // explicitly, so every session dies while its io_context still exists.
    // UNSAFE_IO turns off the reactor's per-descriptor mutexes (a lock/unlock pair around every
    // socket operation start and completion) while keeping the scheduler's and the reactor
    // registration's locks. Asio's condition for it: run() and every operation on this
    // io_context's I/O objects (sockets, timers) happen on one thread at a time. They do: the
    // worker thread alone runs the loop, and everything on it (pool, sessions, lanes, timers) is
    // touched from that thread only. Other threads only post() into it (start(), abort(): the
    // scheduler, still locked) or call stop() (hard_stop(): also the scheduler); the resolver runs
    // getaddrinfo on Asio's private thread and posts its completion to the scheduler. One thread
    // is implied as with the previous hint of 1.
    asio::io_context ioc_{BOOST_ASIO_CONCURRENCY_HINT_UNSAFE_IO};
    std::unique_ptr<ConnectionPool> pool_;
    asio::steady_timer start_timer_;
    asio::steady_timer done_timer_;
    std::optional<asio::steady_timer> watchdog_timer_;
    std::optional<asio::steady_timer> pace_timer_;  // open loop: the pacer sleeps on it
    std::optional<ParkedLanes> parked_;             // open loop: free lanes wait here for the pacer role
    std::unique_ptr<LaneSlot[]> lane_slots_;        // one per lane (Session::start_execute)
    std::optional<asio::steady_timer> gate_timer_;  // closed loop: lanes wait on it for the start
    bool pacer_busy_ = false;                       // a lane (or the start gate) holds the schedule
    bool started_ = false;                          // open_gate() ran
    std::size_t lanes_waiting_ = 0;                 // lanes that reached their first wait
    std::size_t lanes_ready_at_start_ = 0;          // ... of them, when the schedule started
    std::size_t count_ = 0;                         // requests this worker owns: plan[index + k * workers]
    std::size_t next_ = 0;                          // next k to take
    std::size_t lanes_ = 0;
    std::size_t capacity_ = 0;
    std::size_t active_ = 0;
    std::size_t opened_ = 0;
    std::size_t connect_failures_ = 0;
    std::size_t per_connection_ = 0;
    std::uint64_t done_local_ = 0;
    std::atomic<std::uint64_t> progress_{0};
    std::atomic<bool> finished_flag_{false};
    // This worker's share of LoadSpec::live, on its own cache lines; LivePublisher sums them.
    alignas(64) LiveCounters live_;
    bool aborted_ = false;
    bool stopping_ = false;
    bool interrupted_ = false;    // a stop request reached this worker (interrupt())
    bool interrupt_cut_ = false;  // ... and its grace period ended with requests in flight
    std::uint64_t not_sent_ = 0;  // set by finish() after an interrupt
    // LoadSpec::on_interval: seconds closed by the watchdog and not yet taken by the orchestrator.
    std::atomic<std::size_t> sealed_{static_cast<std::size_t>(-1)};
    std::size_t sealed_upto_ = 0;  // worker thread: seconds [0, this) are closed
    std::mutex seal_mutex_;
    std::vector<std::pair<std::size_t, IntervalStats>> sealed_out_;
    bool finished_ = false;
    bool deadline_hit_ = false;
    errc fatal_ = errc::ok;
    ConnectStats connect_stats_;
    Counters counters_;
    Clock::time_point start_{};
    Clock::time_point run_end_{Clock::time_point::max()};
    Clock::duration grace_ = std::chrono::seconds(1);
    std::vector<Clock::time_point> lane_deadline_;
    DeadlineQueue deadlines_;  // (lane, deadline), hand-off order
    std::vector<std::size_t> lane_slot_;
    std::vector<bool> lane_timed_out_;
    std::array<PhaseStats, phase_count> phases_;
    LateSends late_sends_;
    static constexpr std::size_t kOpenSeconds = 3;  // seconds kept unpacked behind the newest
    std::vector<IntervalSlot> intervals_;
    std::size_t packed_upto_ = 0;
    std::vector<model::Value> first_results_;
    std::unordered_map<const Session*, std::vector<std::string>> tx_sessions_;
    std::string setup_error_;
    std::string first_error_;
};

constexpr auto kRelaxed = std::memory_order_relaxed;

// Publishes the workers' own live counters into LoadSpec::live: adds what they counted since the
// last publish (orchestrating thread only; the adds are atomic, as another run may share `live`).
class LivePublisher {
public:
    LivePublisher(LiveCounters* live, const std::vector<std::unique_ptr<Worker>>& workers)
        : live_(live), workers_(workers) {}
    void publish() {
        if (live_ == nullptr) return;
        LiveCounters sum;
        for (const auto& w : workers_)
            LiveCounters::zip(
                [](auto& s, const auto& x) { s.store(s.load(kRelaxed) + x.load(kRelaxed), kRelaxed); }, sum,
                w->live());
        LiveCounters::zip(
            [](auto& l, auto& p, const auto& s) {
                const auto now = s.load(kRelaxed);
                if (const auto delta = now - p.load(kRelaxed)) l.fetch_add(delta, kRelaxed);
                p.store(now, kRelaxed);
            },
            *live_, published_, sum);
    }

private:
    LiveCounters* live_;
    const std::vector<std::unique_ptr<Worker>>& workers_;
    LiveCounters published_;  // the sums added to *live_ so far
};

}  // namespace

errc classify_error(const std::error_code& ec) noexcept {
    if (!ec) return errc::ok;
    if (ec.category() == tpbench_category()) return static_cast<errc>(ec.value());
    if (ec == std::errc::timed_out) return errc::timeout;
    if (ec == std::errc::operation_canceled) return errc::cancelled;
    return errc::connection_closed;
}

namespace {

// Seconds into a linear segment from rate r0 to r1 over d seconds at which m requests are due.
double segment_offset(double r0, double r1, double d, double m) noexcept {
    if (m <= 0) return 0;
    if (r0 == r1) return m / r0;
    const double a = (r1 - r0) / d;
    // Solve a t^2 / 2 + r0 t - m = 0 for the smallest t >= 0 (stable form, no cancellation).
    return 2 * m / (r0 + std::sqrt(std::max(0.0, r0 * r0 + 2 * a * m)));
}

}  // namespace

double schedule_offset_seconds(const LoadSpec& spec, std::uint64_t seq) noexcept {
    const double n = static_cast<double>(seq);
    if (!spec.stages.empty()) {
        double r = spec.rate, due = 0, t = 0;
        for (const auto& st : spec.stages) {
            const double in_stage = (r + st.target) / 2 * st.seconds;
            if (n < due + in_stage)
                return t + std::min(st.seconds, segment_offset(r, st.target, st.seconds, n - due));
            due += in_stage;
            t += st.seconds;
            r = st.target;
        }
        return t;  // beyond the last stage (the plan never gets here)
    }
    const double r0 = spec.rate;
    const double ramp_s = std::chrono::duration<double>(spec.ramp).count();
    if (spec.rate_end <= 0 || ramp_s <= 0 || spec.rate_end == r0) return n / r0;
    const double r1 = spec.rate_end;
    // Requests due by time t (t <= ramp_s): N(t) = r0 t + a t^2 / 2 with a = (r1 - r0) / ramp_s.
    const double a = (r1 - r0) / ramp_s;
    const double n_ramp = (r0 + r1) / 2 * ramp_s;
    if (n >= n_ramp) return ramp_s + (n - n_ramp) / r1;
    // Solve a t^2 / 2 + r0 t - n = 0 for the smallest t >= 0 (stable form, no cancellation).
    return 2 * n / (r0 + std::sqrt(std::max(0.0, r0 * r0 + 2 * a * n)));
}

std::uint64_t scheduled_requests(const LoadSpec& spec, double seconds) noexcept {
    const double r0 = spec.rate;
    const double ramp_s = std::chrono::duration<double>(spec.ramp).count();
    double n = 0;
    if (!spec.stages.empty()) {
        double r = spec.rate, t = 0;
        for (const auto& st : spec.stages) {
            const double in = std::min(st.seconds, std::max(0.0, seconds - t));
            n += r * in + (st.target - r) / st.seconds * in * in / 2;
            t += st.seconds;
            r = st.target;
        }
    } else if (spec.rate_end <= 0 || ramp_s <= 0) {
        n = r0 * seconds;
    } else if (seconds <= ramp_s) {
        n = r0 * seconds + (spec.rate_end - r0) / ramp_s * seconds * seconds / 2;
    } else {
        n = (r0 + spec.rate_end) / 2 * ramp_s + spec.rate_end * (seconds - ramp_s);
    }
    return static_cast<std::uint64_t>(std::ceil(std::max(0.0, n) - 1e-9));
}

std::string errc_name(errc e) {
    switch (e) {
        case errc::ok:
            return "ok";
        case errc::truncated:
            return "truncated";
        case errc::unknown_type:
            return "unknown_type";
        case errc::bad_length:
            return "bad_length";
        case errc::too_deep:
            return "too_deep";
        case errc::bad_utf8:
            return "bad_utf8";
        case errc::bad_version:
            return "bad_version";
        case errc::bad_value:
            return "bad_value";
        case errc::bad_json:
            return "bad_json";
        case errc::trailing_bytes:
            return "trailing_bytes";
        case errc::connect_failed:
            return "connect_failed";
        case errc::connection_closed:
            return "connection_closed";
        case errc::timeout:
            return "timeout";
        case errc::write_failed:
            return "write_failed";
        case errc::protocol_violation:
            return "protocol_violation";
        case errc::pool_exhausted:
            return "pool_exhausted";
        case errc::cancelled:
            return "cancelled";
        case errc::tls_failed:
            return "tls_failed";
        case errc::auth_failed:
            return "auth_failed";
        case errc::server_rate_limited:
            return "server_rate_limited";
        case errc::server_bad_request:
            return "server_bad_request";
        case errc::server_evaluation:
            return "server_evaluation";
        case errc::server_timeout:
            return "server_timeout";
        case errc::server_serialization:
            return "server_serialization";
        case errc::server_error:
            return "server_error";
        case errc::server_error_after_ok:
            return "server_error_after_ok";
        case errc::server_shutdown:
            return "server_shutdown";
    }
    return "errc_" + std::to_string(static_cast<int>(e));
}

void LateSends::add(std::int64_t late_ns, double due_s) noexcept {
    if (late_ns <= threshold_ns) return;
    first_due_s = count == 0 ? due_s : std::min(first_due_s, due_s);
    last_due_s = count == 0 ? due_s : std::max(last_due_s, due_s);
    ++count;
    if (due_s < 1.0) ++in_first_second;
    if (late_ns > worst_ns) {
        worst_ns = late_ns;
        worst_due_s = due_s;
    }
}

void LateSends::merge(const LateSends& o) noexcept {
    if (o.count == 0) return;
    first_due_s = count == 0 ? o.first_due_s : std::min(first_due_s, o.first_due_s);
    last_due_s = count == 0 ? o.last_due_s : std::max(last_due_s, o.last_due_s);
    count += o.count;
    in_first_second += o.in_first_second;
    if (o.worst_ns > worst_ns) {
        worst_ns = o.worst_ns;
        worst_due_s = o.worst_due_s;
    }
}

TxStats::TxStats() : latency(latency_config()) {}

void TxStats::merge(const TxStats& o) {
    started += o.started;
    committed += o.committed;
    rolled_back += o.rolled_back;
    failed += o.failed;
    requests += o.requests;
    latency.merge(o.latency);
}

PhaseStats::PhaseStats()
    : latency(latency_config()),
      service(latency_config()),
      ttfr(latency_config()),
      schedule_lag(latency_config()) {}

void PhaseStats::merge(const PhaseStats& o) {
    issued += o.issued;
    completed += o.completed;
    failed += o.failed;
    for (std::size_t i = 0; i < errors.size(); ++i) errors[i] += o.errors[i];
    too_slow += o.too_slow;
    result_mismatches += o.result_mismatches;
    results += o.results;
    partial_responses += o.partial_responses;
    bytes_out += o.bytes_out;
    bytes_in += o.bytes_in;
    first_issue = std::min(first_issue, o.first_issue);
    last_done = std::max(last_done, o.last_done);
    for (const auto& m : o.error_messages) note_error_message(m.error, m.message);
    latency.merge(o.latency);
    tx.merge(o.tx);
    service.merge(o.service);
    ttfr.merge(o.ttfr);
    schedule_lag.merge(o.schedule_lag);
    if (queries.size() < o.queries.size()) queries.resize(o.queries.size());
    for (std::size_t i = 0; i < o.queries.size(); ++i) queries[i].merge(o.queries[i]);
}

void QueryStats::merge(const QueryStats& o) {
    if (label.empty()) label = o.label;
    if (line == 0) line = o.line;
    completed += o.completed;
    failed += o.failed;
    result_mismatches += o.result_mismatches;
    results += o.results;
    for (std::size_t i = 0; i < errors.size(); ++i) errors[i] += o.errors[i];
    if (o.latency) {
        if (!latency) latency.emplace(histogram_config());
        latency->merge(*o.latency);
    }
    if (o.ttfr) {
        if (!ttfr) ttfr.emplace(histogram_config());
        ttfr->merge(*o.ttfr);
    }
}

double PhaseStats::wall_seconds() const noexcept {
    if (first_issue == Clock::time_point::max() || last_done == Clock::time_point::min() ||
        last_done < first_issue)
        return 0;
    return std::chrono::duration<double>(last_done - first_issue).count();
}

void PhaseStats::note_error_message(errc e, std::string_view message) {
    const bool cut = message.size() > max_error_message_chars;
    const std::string_view head = message.substr(0, max_error_message_chars);
    std::size_t of_class = 0;
    for (const auto& m : error_messages) {
        if (m.error != e) continue;
        if (++of_class >= max_error_messages) return;
        const std::string_view kept = m.message;
        if (kept.substr(0, head.size()) == head && kept.size() == head.size() + (cut ? 3 : 0)) return;
    }
    std::string kept(head);
    if (cut) kept += "...";
    error_messages.push_back({e, std::move(kept)});
}

std::vector<std::string> PhaseStats::error_messages_of(errc e) const {
    std::vector<std::string> out;
    for (const auto& m : error_messages)
        if (m.error == e) out.push_back(m.message);
    return out;
}

errc PhaseStats::top_error() const noexcept {
    std::size_t best = 0;
    for (std::size_t i = 1; i < errors.size(); ++i)
        if (errors[i] > errors[best]) best = i;
    return errors[best] ? static_cast<errc>(best) : errc::ok;
}

IntervalStats::IntervalStats() : latency(interval_config()) {}

ConnectStats::ConnectStats() : tcp(latency_config()), tls(latency_config()), protocol(latency_config()) {}

void ConnectStats::add(const ConnectTimings& t) {
    ++connections;
    tcp.record(std::max<std::int64_t>(0, t.tcp.count()));
    if (t.tls.count() > 0) {
        ++tls_handshakes;
        tls.record(t.tls.count());
        if (t.tls_resumed) ++tls_resumed;
    }
    if (t.protocol.count() > 0) protocol.record(t.protocol.count());
}

void ConnectStats::add_dialect(std::string_view d) {
    if (d.empty()) return;
    // Almost always one name, compared once per connect (never per request).
    std::string_view rest = dialect;
    while (!rest.empty()) {
        const auto comma = rest.find(", ");
        if (rest.substr(0, comma) == d) return;
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 2);
    }
    if (!dialect.empty()) dialect += ", ";
    dialect += d;
}

void ConnectStats::merge(const ConnectStats& o) {
    connections += o.connections;
    tls_handshakes += o.tls_handshakes;
    tls_resumed += o.tls_resumed;
    failures += o.failures;
    tcp.merge(o.tcp);
    tls.merge(o.tls);
    protocol.merge(o.protocol);
    std::string_view rest = o.dialect;
    while (!rest.empty()) {
        const auto comma = rest.find(", ");
        add_dialect(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 2);
    }
}

LoadResult run_load(const LoadSpec& spec, const SessionFactory& factory,
                    const SessionConfig& session_config) {
    if (spec.workers == 0) throw std::invalid_argument("load: workers must be at least 1");
    if (spec.pool.max_connections == 0)
        throw std::invalid_argument("load: max connections must be at least 1");
    if (spec.plan.empty()) throw std::invalid_argument("load: empty request plan");
    if (spec.templates.empty()) throw std::invalid_argument("load: no request templates");
    for (auto t : spec.plan)
        if (t >= spec.templates.size())
            throw std::invalid_argument("load: plan refers to a missing template");
    bool feeders = false;
    for (const auto& t : spec.templates) feeders = feeders || t.feeder;
    if (feeders) {
        if (spec.rows.size() != spec.plan.size())
            throw std::invalid_argument("load: a feeder's template needs a row per request");
        for (std::size_t i = 0; i < spec.plan.size(); ++i) {
            const auto& f = spec.templates[spec.plan[i]].feeder;
            if (f && spec.rows[i] >= f->rows.size())
                throw std::invalid_argument("load: plan refers to a missing feeder row");
        }
    }
    if (!factory) throw std::invalid_argument("load: no session factory");
    if (spec.rate < 0) throw std::invalid_argument("load: negative rate");

    // A worker without a connection could not send anything: never more workers than connections.
    const std::size_t n_workers = std::min(spec.workers, spec.pool.max_connections);
    Control control;
    // A stop request (interrupt.hpp) wakes the orchestrator below; one made before this run
    // started ends it before it connects.
    StopListener stop_listener([&control] {
        {
            std::lock_guard lock(control.mutex);
            control.stop = true;
        }
        control.cv.notify_all();
    });
    if (stop_requested()) {
        LoadResult r;
        r.interrupted = true;
        r.not_sent = spec.plan.size();
        return r;
    }
    std::vector<std::unique_ptr<Worker>> workers;
    for (std::size_t i = 0; i < n_workers; ++i)
        workers.push_back(std::make_unique<Worker>(spec, n_workers, factory, session_config, i, control));
    LivePublisher live(spec.live, workers);
    std::vector<std::thread> threads;
    for (auto& w : workers) threads.emplace_back([&w] { w->run(); });

    LoadResult result;
    bool all_ready;
    bool stopped_before_start;
    {
        std::unique_lock lock(control.mutex);
        all_ready = control.cv.wait_for(lock, spec.connect_deadline,
                                        [&] { return control.ready == workers.size() || control.stop; });
        stopped_before_start = control.stop;
        control.start = Clock::now();
    }
    bool any_failed = false;
    for (auto& w : workers)
        if (!w->setup_error().empty()) any_failed = true;
    if (stopped_before_start) {
        // Interrupted while connecting: nothing is sent.
        for (auto& w : workers) w->abort();
        result.interrupted = true;
        result.not_sent = spec.plan.size();
    } else if (!all_ready || any_failed) {
        for (auto& w : workers) w->abort();
        result.setup_failed = true;
    } else {
        for (auto& w : workers) w->start();
    }
    // Wait for every worker, reporting progress, with a hard stop in case one is stuck past every
    // deadline (its sessions ignored cancellation and close).
    auto hard_end = control.start + spec.run_deadline + std::chrono::seconds(10);
    auto next_report = Clock::now() + 1s;
    auto all_done = [&] {
        for (auto& w : workers)
            if (!w->finished()) return false;
        return true;
    };
    bool stop_sent = stopped_before_start;
    // LoadSpec::on_interval: the closed seconds taken from the workers, merged, until delivered.
    std::vector<std::pair<std::size_t, IntervalStats>> taken;
    std::map<std::size_t, IntervalStats> closed;
    std::size_t delivered = 0;
    auto deliver_intervals = [&] {
        if (!spec.intervals || !spec.on_interval) return;
        std::size_t upto = static_cast<std::size_t>(-1);
        for (auto& w : workers) {
            w->take_sealed(taken);
            upto = std::min(upto, w->sealed());
        }
        for (auto& [sec, iv] : taken) {
            auto& c = closed[sec];
            c.completed += iv.completed;
            c.failed += iv.failed;
            c.latency.merge(iv.latency);
        }
        taken.clear();
        if (upto == static_cast<std::size_t>(-1)) return;
        for (; delivered < upto; ++delivered) {
            auto it = closed.find(delivered);
            if (it == closed.end()) {
                spec.on_interval(delivered, IntervalStats{});
            } else {
                spec.on_interval(delivered, it->second);
                closed.erase(it);
            }
        }
    };
    for (;;) {
        {
            // Sleep until every worker finished, a stop request, the next progress report, or the
            // hard end.
            std::unique_lock lock(control.mutex);
            if (control.cv.wait_until(lock, std::min(next_report, hard_end),
                                      [&] { return all_done() || (control.stop && !stop_sent); }) &&
                !(control.stop && !stop_sent))
                break;
        }
        const auto now = Clock::now();
        bool stop_now = false;
        {
            std::lock_guard lock(control.mutex);
            stop_now = control.stop && !stop_sent;
        }
        if (stop_now) {
            stop_sent = true;
            const auto grace = stop_grace();
            for (auto& w : workers) w->interrupt(grace);
            // The workers end by the grace period, their watchdog's close (2 x 1 s) and the pool's
            // close (2 s); after that they are stopped hard.
            hard_end = std::min(hard_end, now + grace + std::chrono::seconds(6));
            continue;
        }
        if (now >= hard_end) {
            for (auto& w : workers) w->hard_stop();
            hard_end = now + 100ms;  // re-issue until the workers are gone, without spinning
        }
        if (now >= next_report) {
            deliver_intervals();
            live.publish();
            if (spec.progress) {
                std::uint64_t done = 0;
                for (auto& w : workers) done += w->progress();
                spec.progress(done, spec.plan.size());
            }
            next_report = now + 1s;
        }
    }
    for (auto& t : threads) t.join();
    live.publish();

    for (auto& w : workers) {
        for (std::size_t p = 0; p < phase_count; ++p) result.phases[p].merge(w->phases()[p]);
        w->add_intervals_to(result.intervals);
        result.lanes += w->lanes();
        result.lanes_ready_at_start += w->lanes_ready_at_start();
        result.late_sends.merge(w->late_sends());
        result.capacity += w->capacity();
        result.connections_opened += w->opened();
        result.connect_failures += w->connect_failures();
        result.per_connection_in_flight = std::max(result.per_connection_in_flight, w->per_connection());
        result.deadline_hit = result.deadline_hit || w->deadline_hit();
        if (!w->setup_error().empty() && (result.setup_error.empty() || w->fatal() != errc::ok)) {
            result.setup_error = w->setup_error();
            if (w->fatal() != errc::ok) result.setup_error_class = w->fatal();
        }
        if (w->fatal() != errc::ok) result.fatal_error = w->fatal();
        result.connect.merge(w->connect_stats());
        for (const auto& [name, n] : w->counters()) result.counters[name] += n;
        if (result.first_error_message.empty()) result.first_error_message = w->first_error();
        if (!w->first_results().empty()) result.first_results = std::move(w->first_results());
        if (w->interrupted()) result.interrupted = true;
        result.not_sent += w->not_sent();
    }
    if (result.setup_failed && result.setup_error.empty())
        result.setup_error = "timed out opening connections";
    Clock::time_point last = Clock::time_point::min();
    for (auto& p : result.phases) last = std::max(last, p.last_done);
    if (!result.setup_failed && last > control.start)
        result.elapsed_seconds = std::chrono::duration<double>(last - control.start).count();
    if (spec.open_loop()) {
        // The generator kept its schedule when 99% of sends left within 5 ms of their due time.
        const auto& lag = result.measured().schedule_lag;
        if (lag.count() > 0 && lag.count_at_or_below(LateSends::threshold_ns) < lag.count() * 99 / 100)
            result.schedule_missed = true;
    }
    return result;
}

void LiveCounters::count(const Outcome& out, std::int64_t latency_ns, bool ok,
                         std::size_t errc_slot) noexcept {
    auto bump = [](auto& a, auto n) { a.store(a.load(kRelaxed) + n, kRelaxed); };
    bump(bytes_in, out.bytes_in);
    bump(bytes_out, out.bytes_out);
    if (!ok) {
        bump(failed, 1U);
        bump(errors[std::min(errc_slot, errc_slots - 1)], 1U);
        return;
    }
    bump(completed, 1U);
    bump(results, out.result_count);
    bump(latency_sum_ns, latency_ns);
    std::size_t b = 0;
    while (b < latency_bounds_ns.size() && latency_ns > latency_bounds_ns[b]) ++b;
    bump(latency_buckets[b], 1U);
}

}  // namespace tpbench::engine
