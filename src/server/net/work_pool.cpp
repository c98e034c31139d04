#include "work_pool.hpp"

#include <cstdio>
#include <exception>

#include <pthread.h>

namespace tpbench::server::detail {

WorkPool::WorkPool(unsigned threads, std::size_t max_queue) : max_queue_(max_queue) {
    if (threads == 0) threads = std::thread::hardware_concurrency();
    if (threads == 0) threads = 1;
    threads_.reserve(threads);
    for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

WorkPool::~WorkPool() { stop(); }

bool WorkPool::try_submit(Task t) {
    {
        std::lock_guard lk(m_);
        if (stopping_) return false;
        // Like ThreadPoolExecutor with a bounded queue: an idle worker takes the task directly;
        // otherwise it waits in the queue, which holds at most max_queue_ tasks.
        if (q_.size() >= idle_ + max_queue_) return false;
        q_.push_back(std::move(t));
    }
    cv_.notify_one();
    return true;
}

bool WorkPool::submit_admitted(Task t) {
    {
        std::lock_guard lk(m_);
        if (stopping_) return false;
        q_.push_back(std::move(t));
    }
    cv_.notify_one();
    return true;
}

bool WorkPool::has_idle_worker() const {
    std::lock_guard lk(m_);
    return !stopping_ && q_.size() < idle_;
}

std::size_t WorkPool::queued() const {
    std::lock_guard lk(m_);
    return q_.size();
}

void WorkPool::stop() {
    std::deque<Task> dropped;
    {
        std::lock_guard lk(m_);
        if (stopping_ && threads_.empty()) return;
        stopping_ = true;
        dropped.swap(q_);
    }
    cv_.notify_all();
    for (auto& th : threads_)
        if (th.joinable()) th.join();
    threads_.clear();
    // Destroy dropped tasks outside the lock (their captures may close connections).
    dropped.clear();
}

void WorkPool::run() {
    // Named like Gremlin Server's "exec-N" pool threads (visible in top -H / perf).
    pthread_setname_np(pthread_self(), "tpbench-exec");
    for (;;) {
        Task t;
        {
            std::unique_lock lk(m_);
            ++idle_;
            cv_.wait(lk, [&] { return stopping_ || !q_.empty(); });
            --idle_;
            if (stopping_) return;
            t = std::move(q_.front());
            q_.pop_front();
        }
        try {
            t();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "tpbench serve: evaluation task failed: %s\n", e.what());
        } catch (...) {
            std::fprintf(stderr, "tpbench serve: evaluation task failed with an unknown exception\n");
        }
    }
}

// ---- MemoryBudget ----------------------------------------------------------------------------------

void MemoryBudget::Lease::release() noexcept {
    if (b_ == nullptr) return;
    b_->in_use_.fetch_sub(n_, std::memory_order_relaxed);
    b_ = nullptr;
}

std::optional<MemoryBudget::Lease> MemoryBudget::try_acquire(std::size_t bytes) {
    std::size_t cur = in_use_.load(std::memory_order_relaxed);
    for (;;) {
        const bool fits = total_ == 0 || (bytes <= total_ && cur <= total_ - bytes);
        if (!fits) {
            refused_.fetch_add(1, std::memory_order_relaxed);
            return std::nullopt;
        }
        if (in_use_.compare_exchange_weak(cur, cur + bytes, std::memory_order_relaxed)) break;
    }
    note_peak(cur + bytes);
    return Lease(this, bytes);
}

bool MemoryBudget::try_grow(Lease& lease, std::size_t bytes) {
    const std::size_t have = lease.bytes();
    if (bytes <= have) return true;
    auto more = try_acquire(bytes - have);
    if (!more) return false;
    more->b_ = nullptr;  // its bytes move into `lease`
    lease.b_ = this;
    lease.n_ = bytes;
    return true;
}

void MemoryBudget::resize(Lease& lease, std::size_t bytes) noexcept {
    const std::size_t have = lease.bytes();
    if (bytes >= have)
        note_peak(in_use_.fetch_add(bytes - have, std::memory_order_relaxed) + (bytes - have));
    else
        in_use_.fetch_sub(have - bytes, std::memory_order_relaxed);
    lease.b_ = this;
    lease.n_ = bytes;
}

void MemoryBudget::note_peak(std::size_t now) noexcept {
    std::size_t pk = peak_.load(std::memory_order_relaxed);
    while (now > pk && !peak_.compare_exchange_weak(pk, now, std::memory_order_relaxed)) {
    }
}

void MemoryBudget::charge_buffered(std::size_t bytes) noexcept {
    if (bytes == 0) return;
    buffered_.fetch_add(bytes, std::memory_order_relaxed);
    note_peak(in_use_.fetch_add(bytes, std::memory_order_relaxed) + bytes);
}

void MemoryBudget::discharge_buffered(std::size_t bytes) noexcept {
    if (bytes == 0) return;
    buffered_.fetch_sub(bytes, std::memory_order_relaxed);
    in_use_.fetch_sub(bytes, std::memory_order_relaxed);
}

std::size_t MemoryBudget::request_charge(std::size_t request_bytes) noexcept {
    const std::size_t max = static_cast<std::size_t>(-1);
    if (request_bytes > (max - base_charge) / 3) return max;
    return base_charge + 3 * request_bytes;
}

std::string MemoryBudget::refusal_message(std::size_t bytes) const {
    return "Server memory budget exhausted: this request needs an estimated " + std::to_string(bytes) +
           " bytes, " + std::to_string(in_use()) + " of the budget of " + std::to_string(total_) +
           " bytes (tpbench serve --memory-budget) are held by requests in progress (" +
           std::to_string(buffered()) + " of them by responses waiting for their readers); retry later";
}

}  // namespace tpbench::server::detail
