#include <tpbench/engine/interrupt.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <iterator>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include <signal.h>
#include <unistd.h>

namespace tpbench::engine {

namespace {

// The stop registry: the request and the listeners, under one mutex; the flag is also an atomic
// so stop_requested() takes no lock.
struct Registry {
    std::mutex mutex;
    std::condition_variable cv;  // sleep_unless_stopped
    std::optional<StopRequest> request;
    std::vector<const std::function<void()>*> listeners;
};

Registry& registry() {
    static Registry r;
    return r;
}

std::atomic<bool> g_stop{false};
std::atomic<std::int64_t> g_grace_ms{default_stop_grace.count()};

// write(2) of a fixed text: usable right before std::_Exit.
void write_stderr(const char* text) noexcept {
    const std::size_t n = std::strlen(text);
    ssize_t w = ::write(STDERR_FILENO, text, n);
    (void)w;
}

}  // namespace

void request_stop(int signal) {
    Registry& r = registry();
    {
        std::lock_guard lock(r.mutex);
        if (r.request) return;
        r.request = StopRequest{signal, std::chrono::system_clock::now()};
        g_stop.store(true, std::memory_order_release);
        for (const auto* f : r.listeners) (*f)();
    }
    r.cv.notify_all();
}

bool stop_requested() noexcept { return g_stop.load(std::memory_order_acquire); }

std::optional<StopRequest> stop_request() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    return r.request;
}

void reset_stop() noexcept {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.request.reset();
    g_stop.store(false, std::memory_order_release);
}

void set_stop_grace(std::chrono::milliseconds grace) noexcept {
    g_grace_ms.store(std::max<std::int64_t>(0, grace.count()), std::memory_order_relaxed);
}

std::chrono::milliseconds stop_grace() noexcept {
    return std::chrono::milliseconds(g_grace_ms.load(std::memory_order_relaxed));
}

bool sleep_unless_stopped(std::chrono::nanoseconds d) {
    Registry& r = registry();
    std::unique_lock lock(r.mutex);
    return r.cv.wait_for(lock, d, [&] { return r.request.has_value(); });
}

StopListener::StopListener(std::function<void()> on_stop) : on_stop_(std::move(on_stop)) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.listeners.push_back(&on_stop_);
}

StopListener::~StopListener() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    std::erase(r.listeners, &on_stop_);
}

std::string signal_name(int signal) {
    switch (signal) {
        case 0:
            return "";
        case SIGINT:
            return "SIGINT";
        case SIGTERM:
            return "SIGTERM";
        case SIGHUP:
            return "SIGHUP";
        default:
            return "signal " + std::to_string(signal);
    }
}

int signal_exit_code(int signal) noexcept { return 128 + signal; }

// The signal handler does only async-signal-safe work: the first signal's number goes down a
// self-pipe to the watcher thread (which asks for the stop and prints the note); a second signal
// exits at once from the handler itself. SA_RESTART: a system call a signal lands in is
// restarted, not failed with EINTR (stdio writes of the report would be cut short otherwise).
namespace {

int g_pipe[2] = {-1, -1};
volatile std::sig_atomic_t g_signals_seen = 0;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void on_interrupt_signal(int sig) {
    const int saved = errno;
    if (g_signals_seen > 0) {
        write_stderr("tpbench: second signal: exiting now\n");
        ::_exit(signal_exit_code(sig));
    }
    g_signals_seen = 1;
    const unsigned char b = static_cast<unsigned char>(sig);
    ssize_t w = ::write(g_pipe[1], &b, 1);
    (void)w;
    errno = saved;
}

}  // namespace

struct InterruptSignals::Impl {
    struct sigaction old[std::size(kSignals)] = {};
    std::thread watcher;

    void watch() {
        for (;;) {
            unsigned char b = 0;
            const ssize_t n = ::read(g_pipe[0], &b, 1);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0 || b == 0) return;  // 0: the guard is going away
            const int sig = b;
            const std::string line = "tpbench: " + signal_name(sig) +
                                     " received: stopping (no new requests), draining in-flight requests for "
                                     "at most " +
                                     std::to_string(stop_grace().count()) +
                                     " ms, then writing the partial report; send it again to exit at once\n";
            write_stderr(line.c_str());
            request_stop(sig);
        }
    }
};

InterruptSignals::InterruptSignals() : impl_(std::make_unique<Impl>()) {
    if (::pipe(g_pipe) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
    g_signals_seen = 0;
    impl_->watcher = std::thread([this] { impl_->watch(); });
    struct sigaction sa {};
    sa.sa_handler = on_interrupt_signal;
    sigfillset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (std::size_t i = 0; i < std::size(kSignals); ++i) ::sigaction(kSignals[i], &sa, &impl_->old[i]);
}

InterruptSignals::~InterruptSignals() {
    for (std::size_t i = 0; i < std::size(kSignals); ++i) ::sigaction(kSignals[i], &impl_->old[i], nullptr);
    const unsigned char quit = 0;
    ssize_t w = ::write(g_pipe[1], &quit, 1);
    (void)w;
    if (impl_->watcher.joinable()) impl_->watcher.join();
    ::close(g_pipe[0]);
    ::close(g_pipe[1]);
    g_pipe[0] = g_pipe[1] = -1;
}

}  // namespace tpbench::engine
