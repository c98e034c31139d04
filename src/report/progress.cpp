// Live progress line: carriage return + erase-to-end-of-line redraws on a TTY only.
#include <tpbench/report/progress.hpp>

#include <tpbench/report/render.hpp>

#include <cstdio>
#include <unistd.h>

namespace tpbench::report {

ProgressLine::ProgressLine(Options opt) : opt_(std::move(opt)) {
    enabled_ = !opt_.quiet && (opt_.sink || ::isatty(opt_.fd) == 1);
}

ProgressLine::ProgressLine() : ProgressLine(Options{}) {}

ProgressLine::~ProgressLine() { finish(); }

std::string ProgressLine::format(const ProgressSample& s, double rps) {
    char buf[256];
    std::string line;
    std::snprintf(buf, sizeof buf, "[%6.1fs] %.1f req/s", s.elapsed_s, rps);
    line += buf;
    line += "  p99 " + (s.p99_ns ? format_ns(*s.p99_ns) : std::string("-"));
    const double err_pct =
        s.completed ? 100.0 * static_cast<double>(s.errors) / static_cast<double>(s.completed) : 0.0;
    std::snprintf(buf, sizeof buf, "  errors %llu (%.3f%%)", static_cast<unsigned long long>(s.errors),
                  err_pct);
    line += buf;
    if (s.total > 0) {
        std::snprintf(buf, sizeof buf, "  %llu/%llu %.0f%%", static_cast<unsigned long long>(s.completed),
                      static_cast<unsigned long long>(s.total),
                      100.0 * static_cast<double>(s.completed) / static_cast<double>(s.total));
        line += buf;
    }
    return line;
}

void ProgressLine::update(const ProgressSample& s) {
    if (!enabled_) return;
    double rps = 0;
    if (last_ && s.elapsed_s > last_->elapsed_s && s.completed >= last_->completed)
        rps = static_cast<double>(s.completed - last_->completed) / (s.elapsed_s - last_->elapsed_s);
    else if (s.elapsed_s > 0)
        rps = static_cast<double>(s.completed) / s.elapsed_s;
    last_ = s;
    // "\r" returns to column 0; "\x1b[K" erases what a longer previous line left behind.
    emit("\r" + format(s, rps) + "\x1b[K");
    drawn_ = true;
}

void ProgressLine::finish() {
    if (enabled_ && drawn_) emit("\n");
    drawn_ = false;
}

void ProgressLine::emit(std::string_view text) {
    if (opt_.sink) {
        opt_.sink(text);
        return;
    }
    // Best effort: a failed or partial write of a progress line is not worth an error.
    std::size_t off = 0;
    while (off < text.size()) {
        const ssize_t n = ::write(opt_.fd, text.data() + off, text.size() - off);
        if (n <= 0) return;
        off += static_cast<std::size_t>(n);
    }
}

}  // namespace tpbench::report
