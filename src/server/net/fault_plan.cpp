#include "fault_plan.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace tpbench::server::detail {
namespace {

[[noreturn]] void bad(std::string_view spec, const std::string& why) {
    throw std::invalid_argument("--fault '" + std::string(spec) + "': " + why);
}

std::uint64_t parse_uint(std::string_view spec, std::string_view s, const char* what) {
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size())
        bad(spec, std::string(what) + " must be a non-negative integer, got '" + std::string(s) + "'");
    return v;
}

double parse_rate(std::string_view spec, std::string_view s) {
    // from_chars for double is in libstdc++ 11+.
    double v = -1;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || !(v >= 0.0 && v <= 1.0))
        bad(spec, "RATE must be a fraction in [0,1], got '" + std::string(s) + "'");
    return v;
}

// splitmix64: a well-mixed 64-bit hash of (seed, spec, request index).
std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

FaultSpec parse_fault_spec(std::string_view spec) {
    FaultSpec f;
    f.text = std::string(spec);
    std::string_view s = spec;
    if (auto at = s.find('@'); at != std::string_view::npos) {
        std::string_view c = s.substr(at + 1);
        if (c.substr(0, 6) != "count=") bad(spec, "expected '@count=K' after the kind");
        f.count = parse_uint(spec, c.substr(6), "K of @count=K");
        s = s.substr(0, at);
    }
    if (auto colon = s.find(':'); colon != std::string_view::npos) {
        f.rate = parse_rate(spec, s.substr(colon + 1));
        s = s.substr(0, colon);
    }
    std::string_view kind = s, arg;
    if (auto eq = s.find('='); eq != std::string_view::npos) {
        kind = s.substr(0, eq);
        arg = s.substr(eq + 1);
    }
    if (kind == "status") {
        f.kind = FaultSpec::Kind::status;
        f.arg = static_cast<std::int64_t>(parse_uint(spec, arg, "the status"));
        if (f.arg != 429 && f.arg != 500 && f.arg != 503) bad(spec, "status must be 429, 500 or 503");
    } else if (kind == "drop-after-results") {
        f.kind = FaultSpec::Kind::drop_after_results;
        f.arg = static_cast<std::int64_t>(parse_uint(spec, arg, "N of drop-after-results=N"));
        if (f.arg > (std::int64_t{1} << 40)) bad(spec, "N is too large");
    } else if (kind == "stall-after-head" || kind == "stall-mid-stream" || kind == "corrupt" ||
               kind == "refuse-handshake" || kind == "duplicate-request-id" || kind == "unknown-request-id") {
        bad(spec, "fault kind '" + std::string(kind) +
                      "' is not implemented yet (available: status, drop-after-results)");
    } else {
        bad(spec, "unknown fault kind '" + std::string(kind) +
                      "' (available: status=429|500|503, drop-after-results=N)");
    }
    return f;
}

FaultPlan::FaultPlan(const std::vector<std::string>& specs, std::uint64_t seed) : seed_(seed) {
    if (specs.empty()) throw std::invalid_argument("a fault plan needs at least one --fault");
    for (const auto& s : specs) specs_.push_back(parse_fault_spec(s));
    fired_ = std::make_unique<std::atomic<std::uint64_t>[]>(specs_.size());
    for (std::size_t i = 0; i < specs_.size(); ++i) fired_[i].store(0);
}

bool FaultPlan::draws(std::size_t spec_index, std::uint64_t index) const noexcept {
    double rate = specs_[spec_index].rate;
    if (rate >= 1.0) return true;
    if (rate <= 0.0) return false;
    std::uint64_t h = mix(seed_ ^ mix(index * 0x100000001b3ull + spec_index));
    // 53 high bits -> [0,1).
    double u = static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0);
    return u < rate;
}

FaultDecision FaultPlan::next() {
    std::uint64_t index = requests_.fetch_add(1, std::memory_order_relaxed);
    FaultDecision d;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        if (!draws(i, index)) continue;
        const auto& f = specs_[i];
        if (f.count) {
            // Claim one of the K slots; once they are gone this spec never fires again.
            std::uint64_t cur = fired_[i].load(std::memory_order_relaxed);
            bool claimed = false;
            while (cur < *f.count) {
                if (fired_[i].compare_exchange_weak(cur, cur + 1, std::memory_order_relaxed)) {
                    claimed = true;
                    break;
                }
            }
            if (!claimed) continue;
        } else {
            fired_[i].fetch_add(1, std::memory_order_relaxed);
        }
        switch (f.kind) {
            case FaultSpec::Kind::status:
                d.status = static_cast<int>(f.arg);
                break;
            case FaultSpec::Kind::drop_after_results:
                d.drop_after_results = f.arg;
                break;
        }
        return d;
    }
    return d;
}

std::string fault_status_message(int status) {
    switch (status) {
        case 429:
            return "Too many requests have been sent in a given amount of time. (injected by tpbench serve "
                   "--fault)";
        case 503:
            return "Service unavailable (injected by tpbench serve --fault)";
        default:
            return "Server error (injected by tpbench serve --fault)";
    }
}

}  // namespace tpbench::server::detail
