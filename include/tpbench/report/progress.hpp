#pragma once
// Live progress line for a running benchmark, redrawn in place about once a second:
//
//   [  12.0s] 1987.3 req/s  p99 1.234ms  errors 3 (0.015%)  24021/50000 48%
//
// It prints only when its stream is a terminal (isatty) and not --quiet, so logs and pipes stay
// clean. The engine (or CLI) calls update() from one thread, e.g. from LoadSpec::progress.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace tpbench::report {

// Cumulative state of the run at one moment.
struct ProgressSample {
    double elapsed_s = 0;          // since the measured phase started
    std::uint64_t completed = 0;   // requests finished so far (ok + failed)
    std::uint64_t errors = 0;      // failed requests so far
    std::uint64_t total = 0;       // planned requests; 0 = unknown (no percentage shown)
    std::optional<double> p99_ns;  // recent p99 if the caller has one
};

class ProgressLine {
public:
    struct Options {
        bool quiet = false;  // --quiet: never print
        int fd = 2;          // stream to draw on (stderr by default; stdout = 1)
        // Test hook / redirection: when set, output goes here and the TTY check is skipped.
        std::function<void(std::string_view)> sink;
    };

    // Decides once whether to draw: !quiet && (sink set || isatty(fd)).
    explicit ProgressLine(Options opt);
    ProgressLine();
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    bool enabled() const noexcept { return enabled_; }

    // Redraws the line from a cumulative sample; the rate is computed from the previous sample
    // (the first call uses completed / elapsed). No-op when disabled. Never throws.
    void update(const ProgressSample& s);
    // Ends the line (newline) if anything was drawn; called by the destructor too.
    void finish();

    // The text of one line for `s`, given the request rate to show (pure; used by update()).
    static std::string format(const ProgressSample& s, double rps);

private:
    void emit(std::string_view text);

    Options opt_;
    bool enabled_ = false;
    bool drawn_ = false;
    std::optional<ProgressSample> last_;
};

}  // namespace tpbench::report
