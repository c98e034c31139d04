#pragma once
// Step shapes shared by the step files (compiler.hpp, steps_write.cpp, steps_sidefx.cpp): generic pull-based
// steps whose behaviour is a closure set by the builder.
#include "evaluator.hpp"
#include "runtime.hpp"

#include <cstddef>
#include <functional>
#include <vector>

namespace tpbench::server::detail {

// One-to-many, buffered: Derived::expand(in, outs) appends the outputs for one input; next() hands
// them out one at a time and pulls the next input once they are used up (ExpandStep, CallStep).
template <class Derived>
class BufferedExpandStep : public Step {
public:
    bool next(Traverser& out) override {
        for (;;) {
            if (pos_ < buf_.size()) {
                out = std::move(buf_[pos_++]);
                return true;
            }
            buf_.clear();
            pos_ = 0;
            Traverser t;
            if (!input_->next(t)) return false;
            ctx_->tick();
            static_cast<Derived&>(*this).expand(t, buf_);
        }
    }
    void reset() override {
        buf_.clear();
        pos_ = 0;
        Step::reset();
    }

private:
    std::vector<Traverser> buf_;
    std::size_t pos_ = 0;
};

// One-to-many: fn appends the outputs for one input to a buffer.
class ExpandStep : public BufferedExpandStep<ExpandStep> {
public:
    std::function<void(Traverser&, std::vector<Traverser>&)> fn;
    void expand(Traverser& in, std::vector<Traverser>& out) { fn(in, out); }
};

// Collects its input into a TraverserSet — merging equal traversers (object, path unless
// `ignore_paths`, loops), first appearance first, unless `merge` is off — `window` distinct ones at a
// time (0: all of it; TinkerPop's NoOpBarrierStep(maxBarrierSize)), lets `finish` transform each
// round, then emits it. The NoOpBarrierStep(2500)s strategies.cpp places, barrier(), aggregate(),
// sample(), 4.0's SideEffectBarrierStep.
class CollectStep final : public Step {
public:
    explicit CollectStep(bool ignore_paths = false) : set_(ignore_paths) {}
    bool merge = true;
    std::size_t window = 0;
    std::function<void(std::vector<Traverser>&)> finish;
    bool next(Traverser& out) override {
        for (;;) {
            if (pos_ < set_.items().size()) {
                out = std::move(set_.items()[pos_++]);
                return true;
            }
            if (done_) return false;
            set_.clear();
            pos_ = 0;
            Traverser t;
            bool more = false;
            while ((window == 0 || set_.size() < window) && (more = input_->next(t))) {
                ctx_->tick();
                if (merge)
                    set_.add(std::move(t));
                else
                    set_.items().push_back(std::move(t));
            }
            if (!more) done_ = true;
            if (finish && !set_.empty()) finish(set_.items());
        }
    }
    void reset() override {
        done_ = false;
        set_.clear();
        pos_ = 0;
        Step::reset();
    }

private:
    bool done_ = false;
    MergeSet set_;
    std::size_t pos_ = 0;
};

}  // namespace tpbench::server::detail
