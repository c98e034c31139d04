#pragma once
// WorkPool: Gremlin Server's gremlinPool — a fixed set of evaluation threads in front of a bounded
// queue (maxWorkQueueSize). A full queue rejects the task (the protocol layer answers 429).
// No Asio: tasks are plain callables that run to completion on a pool thread.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace tpbench::server::detail {

class WorkPool {
public:
    using Task = std::function<void()>;

    // Starts `threads` workers (0 = std::thread::hardware_concurrency(), at least 1).
    WorkPool(unsigned threads, std::size_t max_queue);
    ~WorkPool();
    WorkPool(const WorkPool&) = delete;
    WorkPool& operator=(const WorkPool&) = delete;

    // Queues a task. Returns false (the task is not run) when the queue already holds
    // max_queue waiting tasks and no worker is idle, or after stop().
    bool try_submit(Task t);
    // Queues a task that was already admitted (continuation of started work); ignores the bound.
    // Returns false after stop().
    bool submit_admitted(Task t);
    // True when a worker is idle and nothing is waiting: a task submitted now would start at once.
    bool has_idle_worker() const;
    // Drops queued tasks, lets running ones finish, joins the threads. Idempotent.
    void stop();

    unsigned size() const noexcept { return static_cast<unsigned>(threads_.size()); }
    std::size_t queued() const;

private:
    void run();

    const std::size_t max_queue_;
    mutable std::mutex m_;
    std::condition_variable cv_;
    std::deque<Task> q_;
    unsigned idle_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

// MemoryBudget: `tpbench serve --memory-budget BYTES`, the total memory the requests being
// evaluated or queued, and the responses buffered for their readers, may claim together
// (one request is bounded by the parser's node cap; this bounds their sum). A request is charged
// an estimate when it is admitted (request_charge()) and released when its job is destroyed; a
// request that would take the total over the budget is refused at once (ws37 596, http4 503) and
// counted. Response bytes queued in a connection's Outbox (results waiting for a slow reader) are
// charged while they wait (charge_buffered(), from the Outbox): they cannot be refused, but they
// count against new requests, and while the budget is exhausted a producer whose connection still
// has bytes queued waits for them to drain (Outbox::wait_writable) — so the total passes the budget
// by at most one batch per response in progress. 0 = unlimited. Thread-safe.
class MemoryBudget {
public:
    // A claim on the budget; releases it when destroyed. Movable.
    class Lease {
    public:
        Lease() = default;
        Lease(Lease&& o) noexcept : b_(o.b_), n_(o.n_) { o.b_ = nullptr; }
        Lease& operator=(Lease&& o) noexcept {
            if (this != &o) {
                release();
                b_ = o.b_;
                n_ = o.n_;
                o.b_ = nullptr;
            }
            return *this;
        }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        ~Lease() { release(); }
        std::size_t bytes() const noexcept { return b_ ? n_ : 0; }

    private:
        friend class MemoryBudget;
        Lease(MemoryBudget* b, std::size_t n) : b_(b), n_(n) {}
        void release() noexcept;
        MemoryBudget* b_ = nullptr;
        std::size_t n_ = 0;
    };

    explicit MemoryBudget(std::size_t total) : total_(total) {}
    MemoryBudget(const MemoryBudget&) = delete;
    MemoryBudget& operator=(const MemoryBudget&) = delete;

    // Claims `bytes`; nullopt (counted in refused()) when the claims in use plus `bytes` would
    // exceed the budget. With an unlimited budget every claim succeeds (still tracked in in_use()).
    std::optional<Lease> try_acquire(std::size_t bytes);
    // Grows `lease` (empty or of this budget) to hold `bytes` in all: for memory that grows while
    // it is read (a chunked body, a fragmented WebSocket message). False (counted in refused(),
    // `lease` unchanged) when the growth would exceed the budget.
    bool try_grow(Lease& lease, std::size_t bytes);
    // Sets `lease` (empty or of this budget) to hold exactly `bytes`, unconditionally: for memory
    // that exists already (a transaction's write set after its statement). A growth past the
    // budget shows in in_use() and refuses the next claims.
    void resize(Lease& lease, std::size_t bytes) noexcept;

    // Buffered response bytes (Outbox): charged unconditionally (they exist already), released
    // when written or discarded. In in_use() and peak(), also apart in buffered().
    void charge_buffered(std::size_t bytes) noexcept;
    void discharge_buffered(std::size_t bytes) noexcept;
    // True when the claims in use reach the budget (never with an unlimited one).
    bool exhausted() const noexcept { return total_ != 0 && in_use() >= total_; }

    std::size_t total() const noexcept { return total_; }
    std::size_t buffered() const noexcept { return buffered_.load(std::memory_order_relaxed); }
    std::size_t in_use() const noexcept { return in_use_.load(std::memory_order_relaxed); }
    std::uint64_t refused() const noexcept { return refused_.load(std::memory_order_relaxed); }
    // The high-water mark of in_use().
    std::size_t peak() const noexcept { return peak_.load(std::memory_order_relaxed); }

    // The estimate charged for a request of `request_bytes` (its frame or body): a fixed share for
    // the job, its result batch, element cache and outbox (base_charge), plus three times the
    // request (held as received, decoded, and parsed: the parser keeps its syntax tree within about
    // one script size, tests/unit/gremlin memory tests).
    static constexpr std::size_t base_charge = 64 * 1024;
    static std::size_t request_charge(std::size_t request_bytes) noexcept;

    // The refusal text ("... memory budget of N bytes ...") for a request charged `bytes`.
    std::string refusal_message(std::size_t bytes) const;

private:
    const std::size_t total_;
    std::atomic<std::size_t> in_use_{0};
    std::atomic<std::size_t> peak_{0};
    std::atomic<std::uint64_t> refused_{0};
    std::atomic<std::size_t> buffered_{0};
    void note_peak(std::size_t now) noexcept;
};

}  // namespace tpbench::server::detail
