#pragma once
// Step shapes shared by the step files (compiler.hpp, steps_write.cpp): generic pull-based steps whose
// behaviour is a closure set by the builder.
#include "evaluator.hpp"

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

}  // namespace tpbench::server::detail
