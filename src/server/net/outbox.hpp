#pragma once
// Outbox: the per-connection queue between result producers (gremlinPool threads, or the I/O
// thread itself) and the connection's single writer coroutine. Thread-safe, no Asio: the writer
// registers a waker (which posts to its io_context) and producers block in wait_writable() while
// more than the high-water mark is queued (Gremlin Server's writeBufferHigh/LowWaterMark).
// With a MemoryBudget (`serve --memory-budget`), the queued bytes — taken by the writer but not yet
// written included — are charged to it while they wait, and while the budget is exhausted a
// producer with bytes still queued waits for them to drain completely. Queued bytes are the memory
// the entries hold: an entry of `copies` copies of one message holds its bytes once.
#include "work_pool.hpp"

#include <atomic>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tpbench::server::detail {

class Outbox {
public:
    enum class Kind : std::uint8_t { raw, ws_binary, ws_text };
    struct Entry {
        std::string bytes;
        Kind kind = Kind::raw;
        bool last = false;  // last entry of one response (http4: end the response)
        // ws37: the final message of a dispatched request; the writer frees `request_id` in the
        // connection's in-flight set when it takes the entry (before the client can see it).
        bool releases_request = false;
        std::array<std::uint8_t, 16> request_id{};
        // Fault injection (drop-after-results): the writer closes the connection right after
        // writing this entry (empty bytes: writes nothing first).
        bool close_after = false;
        // The entry stands for this many copies of `bytes` in a row, written one after another
        // (ws37: a frame each): a full batch repeated (jobs.cpp BatchRun). Queued bytes count
        // `bytes` once (the memory it holds).
        std::uint32_t copies = 1;
        // ws37, graceful shutdown: instead of a frame, the writer closes the WebSocket with this
        // close code (1001 going away) and ends; 0 = a normal entry.
        std::uint16_t close_code = 0;
    };
    enum class Wait : std::uint8_t { ready, closed, deadline };

    // `budget` (may be null): charged with the queued bytes; must outlive the outbox.
    Outbox(std::size_t high_water, std::size_t low_water, MemoryBudget* budget = nullptr)
        : high_(high_water), low_(low_water < high_water ? low_water : high_water), budget_(budget) {}
    ~Outbox() {
        if (budget_) budget_->discharge_buffered(bytes_);
    }
    Outbox(const Outbox&) = delete;
    Outbox& operator=(const Outbox&) = delete;

    // Writer side, set once before any producer runs: called (without the lock held) when the
    // writer is idle and something arrived or the outbox was closed.
    void set_waker(std::function<void()> w) { waker_ = std::move(w); }

    // Producer: queues one entry. Returns false (and drops it) once the outbox is closed.
    bool push(Entry e) {
        bool wake = false;
        {
            std::lock_guard lk(m_);
            if (closed_) return false;
            bytes_ += e.bytes.size();
            if (budget_) budget_->charge_buffered(e.bytes.size());
            q_.push_back(std::move(e));
            if (writer_idle_) {
                writer_idle_ = false;
                wake = true;
            }
        }
        if (wake && waker_) waker_();
        return true;
    }

    // Producer: blocks while the queued bytes are above the high-water mark, until they drop
    // below the low-water mark, the outbox closes, or `deadline` passes. While the memory budget
    // is exhausted it also blocks while anything is queued, until the queue is empty (the reader
    // took it all) or the budget has room again when the queue drops below the low-water mark.
    Wait wait_writable(std::optional<std::chrono::steady_clock::time_point> deadline) {
        std::unique_lock lk(m_);
        if (closed_) return Wait::closed;
        const auto over = [&] { return budget_ && budget_->exhausted(); };
        if (bytes_ == 0 || (bytes_ <= high_ && !over())) return Wait::ready;
        auto pred = [&] { return closed_ || bytes_ == 0 || (bytes_ < low_ && !over()); };
        if (deadline) {
            if (!cv_.wait_until(lk, *deadline, pred)) return Wait::deadline;
        } else {
            cv_.wait(lk, pred);
        }
        return closed_ ? Wait::closed : Wait::ready;
    }

    // True when a producer would block in wait_writable().
    bool above_high_water() const {
        std::lock_guard lk(m_);
        return bytes_ > high_;
    }

    // Writer: moves every queued entry into `out` (appending). When nothing is queued, marks the
    // writer idle (the next push or close() calls the waker) and returns false.
    bool take(std::vector<Entry>& out) {
        std::lock_guard lk(m_);
        if (q_.empty()) {
            writer_idle_ = true;
            return false;
        }
        for (auto& e : q_) out.push_back(std::move(e));
        q_.clear();
        return true;
    }

    // Writer, awake (after a take() that returned true): moves the entries queued since into `out`
    // (appending); never marks the writer idle. Returns how many it moved.
    std::size_t take_more(std::vector<Entry>& out) {
        std::lock_guard lk(m_);
        const std::size_t n = q_.size();
        for (auto& e : q_) out.push_back(std::move(e));
        q_.clear();
        return n;
    }

    // Writer: `n` bytes taken earlier have been written (or discarded); wakes blocked producers
    // once the queue drains below the low-water mark.
    void release(std::size_t n) {
        bool notify = false;
        {
            std::lock_guard lk(m_);
            const std::size_t freed = n > bytes_ ? bytes_ : n;
            bytes_ -= freed;
            if (budget_) budget_->discharge_buffered(freed);
            notify = bytes_ < low_ || bytes_ == 0;
        }
        if (notify) cv_.notify_all();
    }

    // Either side: no more entries are accepted; blocked producers return Wait::closed.
    void close() {
        bool wake = false;
        {
            std::lock_guard lk(m_);
            if (closed_) return;
            closed_ = true;
            q_.clear();
            if (budget_) budget_->discharge_buffered(bytes_);
            bytes_ = 0;
            if (writer_idle_) {
                writer_idle_ = false;
                wake = true;
            }
        }
        cv_.notify_all();
        if (wake && waker_) waker_();
    }

    bool closed() const {
        std::lock_guard lk(m_);
        return closed_;
    }
    std::size_t queued_bytes() const {
        std::lock_guard lk(m_);
        return bytes_;
    }
    std::size_t queued_entries() const {
        std::lock_guard lk(m_);
        return q_.size();
    }
    // A WebSocket connection's outbox (set once by its session; see Entry::close_code).
    void set_websocket() noexcept { websocket_.store(true, std::memory_order_relaxed); }
    bool websocket() const noexcept { return websocket_.load(std::memory_order_relaxed); }

private:
    const std::size_t high_;
    const std::size_t low_;
    MemoryBudget* const budget_;
    mutable std::mutex m_;
    std::condition_variable cv_;
    std::deque<Entry> q_;
    std::size_t bytes_ = 0;
    bool closed_ = false;
    bool writer_idle_ = false;
    std::atomic<bool> websocket_{false};
    std::function<void()> waker_;
};

}  // namespace tpbench::server::detail
