#pragma once
// WorkPool: Gremlin Server's gremlinPool — a fixed set of evaluation threads in front of a bounded
// queue (maxWorkQueueSize). A full queue rejects the task (the protocol layer answers 429).
// No Asio: tasks are plain callables that run to completion on a pool thread.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
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

}  // namespace tpbench::server::detail
