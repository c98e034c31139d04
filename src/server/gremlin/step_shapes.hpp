#pragma once
// Step shapes shared by the step files (compiler.hpp, steps_write.cpp): generic pull-based steps whose
// behaviour is a closure set by the builder.
#include "engine.hpp"

#include <cstddef>
#include <functional>
#include <vector>

namespace tpbench::server::detail {

// One-to-many: fn appends the outputs for one input to a buffer.
class ExpandStep : public Step {
public:
    std::function<void(Traverser&, std::vector<Traverser>&)> fn;
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
            fn(t, buf_);
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

}  // namespace tpbench::server::detail
