#pragma once
// SkipMemo: the count paths' memory of values already validated. A result stream repeats the same
// encodings over and over (a traversal revisits elements: times(18) is 39.7 M copies of six
// vertices), so before validating a value the counting decoder asks the memo whether the bytes at
// the cursor begin with a value it validated before; a byte-equal copy is that same value (a
// GraphBinary value, like a JSON object or array, determines its own length), so it is counted
// without being validated again. Values of kMinBytes..kMaxBytes are remembered in a small
// direct-mapped table keyed by their first 16 bytes (for elements: type code and id); nothing is
// allocated once each slot has held a value. Not thread-safe (one per decoder or per thread).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace tpbench::io::detail {

class SkipMemo {
public:
    static constexpr std::size_t kMinBytes = 16;
    static constexpr std::size_t kMaxBytes = 4096;

    // The length of the remembered value that s[p..] begins with, or 0.
    std::size_t match(std::string_view s, std::size_t p) const noexcept {
        const std::size_t left = s.size() - p;
        if (left < kMinBytes) return 0;
        const std::string& v = slots_[slot(s.data() + p)];
        if (v.empty() || v.size() > left || std::memcmp(v.data(), s.data() + p, v.size()) != 0) return 0;
        return v.size();
    }
    // Remembers a value that was just validated (whole, as it lies in the stream).
    void store(std::string_view value) {
        if (value.size() < kMinBytes || value.size() > kMaxBytes) return;
        slots_[slot(value.data())].assign(value.data(), value.size());
    }

private:
    static constexpr std::size_t kSlots = 32;
    static std::size_t slot(const char* p) noexcept {
        std::uint64_t a, b;
        std::memcpy(&a, p, 8);
        std::memcpy(&b, p + 8, 8);
        const std::uint64_t h = (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL);
        return static_cast<std::size_t>((h ^ (h >> 29)) >> 59);  // top 5 bits: 32 slots
    }
    std::array<std::string, kSlots> slots_;
};

}  // namespace tpbench::io::detail
