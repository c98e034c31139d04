#pragma once
// Private to tpbench::gremlin: the filter steps (where, the has() family, dedup,
// simplePath/cyclicPath, sample, coin) and TinkerPop's ConnectiveStrategy (infix and()/or()),
// registered in the step table by register_filters_steps (compiler.cpp's kStepFiles).
#include "runtime.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tpbench::server::detail {

// TinkerPop's ConnectiveStrategy: the infix form a.and().b becomes and(a, b) and a.or().b becomes
// or(a, b), and binding tighter than or (a.and().b.or().c is or(and(a, b), c)). The left operand
// is every step before the marker back to the traversal's start (a source's first step with the
// as() labels right after it; an anonymous traversal's leading as() when it carries more than one
// label); the right operands are the steps after it, split at further markers of the same kind.
// Applied to `code` and every traversal nested in it.
void rewrite_connectives(Code& code, bool source);

// java.util.Random (48-bit LCG) — coin() and sample() draw from it as TinkerPop's CoinStep,
// SampleGlobalStep and SampleLocalStep do, so SeedStrategy(seed: n) reproduces their choices.
class JavaRandom {
public:
    explicit JavaRandom(std::int64_t seed) { set_seed(seed); }
    void set_seed(std::int64_t seed) { seed_ = (static_cast<std::uint64_t>(seed) ^ kMultiplier) & kMask; }
    double next_double() {
        auto hi = static_cast<std::int64_t>(next(26));
        auto lo = static_cast<std::int64_t>(next(27));
        return static_cast<double>((hi << 27) + lo) * 0x1.0p-53;
    }
    // Uniform in [0, bound); bound > 0.
    std::int32_t next_int(std::int32_t bound);

private:
    static constexpr std::uint64_t kMultiplier = 0x5DEECE66DULL;
    static constexpr std::uint64_t kMask = (1ULL << 48) - 1;
    std::uint32_t next(int bits) {
        seed_ = (seed_ * kMultiplier + 0xBULL) & kMask;
        return static_cast<std::uint32_t>(seed_ >> (48 - bits));
    }
    std::uint64_t seed_ = 0;
};

// The traverser's path nodes first to last, cut to [from, to] as Path.subPath does (each label's
// last occurrence; empty = the path's end); throws IllegalArgumentException for a missing label.
std::vector<const PathNode*> sub_path(const Traverser& t, const std::string& from, const std::string& to);
// A Path value of `nodes`.
model::Value path_of(Ctx& ctx, const std::vector<const PathNode*>& nodes);

}  // namespace tpbench::server::detail
