#pragma once
// FaultPlan: the `tpbench serve --fault SPEC` failures, parsed once and decided per request. Pure
// (no Asio, no sockets), thread-safe and deterministic for a given seed: request number i (in the
// order the server sees requests, over all connections) draws the same faults on every run.
// Unit-tested in tests/unit/server/fault_plan_test.cpp; grammar in docs/usage.md ("Rehearsing
// failures").
//
//   SPEC  := KIND[=ARG][:RATE][@count=K]
//   KIND  := status=429|500|503 | drop-after-results=N
//   RATE  := fraction of requests in [0,1] (default 1: every request)
//   K     := at most K requests get this fault (default unbounded)
//
// Several specs: the first one (in the order given) that fires for a request wins.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::server::detail {

struct FaultSpec {
    enum class Kind : std::uint8_t { status, drop_after_results };
    Kind kind = Kind::status;
    std::int64_t arg = 0;                // status code, or N results
    double rate = 1.0;                   // fraction of requests
    std::optional<std::uint64_t> count;  // at most this many requests
    std::string text;                    // the spec as given (messages)
};

// What happens to one request. Default: nothing.
struct FaultDecision {
    int status = 0;                        // answer this status instead of evaluating (0 = no)
    std::int64_t drop_after_results = -1;  // close the connection once N results were sent (-1 = no)
    bool any() const noexcept { return status != 0 || drop_after_results >= 0; }
};

// Parses one SPEC; throws std::invalid_argument naming the spec and what is wrong.
FaultSpec parse_fault_spec(std::string_view spec);

class FaultPlan {
public:
    // Throws std::invalid_argument for a bad spec (see parse_fault_spec).
    FaultPlan(const std::vector<std::string>& specs, std::uint64_t seed);
    FaultPlan(const FaultPlan&) = delete;
    FaultPlan& operator=(const FaultPlan&) = delete;

    // Draws the next request's faults (thread-safe).
    FaultDecision next();
    // The decision for request number `index` of the spec `spec_index`'s draw, ignoring counts
    // (pure; what next() uses).
    bool draws(std::size_t spec_index, std::uint64_t index) const noexcept;

    const std::vector<FaultSpec>& specs() const noexcept { return specs_; }
    // Requests that got spec i so far.
    std::uint64_t fired(std::size_t i) const noexcept { return fired_[i].load(std::memory_order_relaxed); }

private:
    std::vector<FaultSpec> specs_;
    std::uint64_t seed_;
    std::atomic<std::uint64_t> requests_{0};
    std::unique_ptr<std::atomic<std::uint64_t>[]> fired_;
};

// The messages of an injected status, per protocol.
std::string fault_status_message(int status);

}  // namespace tpbench::server::detail
