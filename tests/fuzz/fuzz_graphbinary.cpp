// libFuzzer target for the GraphBinary codec (src/io/graphbinary.cpp).
// Input: byte 0 selects the version (bit 0: 0 = 1.0, 1 = 4.0) and bit 1 the complete_input mode;
// the rest is one GraphBinary value. Checks, for both versions:
//   * gb_read and gb_skip accept/reject the same inputs with the same code, offset and end;
//   * errors carry a message and an offset inside the input;
//   * decode -> encode -> decode succeeds and is stable (a second encode gives identical bytes and
//     the re-decoded values compare equal);
//   * the decoded value written in the *other* version (the "closest equivalent" mappings for
//     types that version lacks) decodes in that version and re-encodes stably.
// Seed corpus: tests/data/vectors/graphbinary-v{1,4}/ with the selector byte prepended.
#include <tpbench/io/graphbinary.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_graphbinary: check failed: %s\n", what);
        __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tpbench::io;
    if (size < 1) return 0;
    const GbVersion ver = (data[0] & 1) ? GbVersion::v4 : GbVersion::v1;
    GbLimits lim;
    lim.complete_input = (data[0] & 2) != 0;
    const std::string_view in(reinterpret_cast<const char*>(data + 1), size - 1);

    std::size_t pos = 0;
    auto r = gb_read(in, pos, ver, lim);
    auto s = gb_skip(in, 0, ver, lim);
    check(r.ok() == s.ok(), "read and skip agree on success");
    if (!r.ok()) {
        check(r.error().code != tpbench::errc::ok, "error has a code");
        check(!r.error().message.empty(), "error has a message");
        check(r.error().offset <= in.size(), "error offset inside the input");
        check(r.error().code == s.error().code, "read and skip give the same error code");
        check(r.error().offset == s.error().offset, "read and skip give the same error offset");
        check(pos == 0, "failed read leaves pos unchanged");
        return 0;
    }
    check(pos == s.value(), "read and skip end at the same position");
    check(pos <= in.size() && pos >= 2, "end position plausible");

    std::string b1;
    gb_write(b1, r.value(), ver);
    auto r2 = gb_decode(b1, ver);
    check(r2.ok(), "re-encoded value decodes");
    std::string b2;
    gb_write(b2, r2.value(), ver);
    check(b1 == b2, "encode is stable after one round");
    auto r3 = gb_decode(b2, ver);
    check(r3.ok() && r3.value() == r2.value(), "decode(encode(v)) == v after one round");
    auto s2 = gb_skip(b1, 0, ver);
    check(s2.ok() && s2.value() == b1.size(), "skip accepts the re-encoded bytes");

    const GbVersion other = ver == GbVersion::v1 ? GbVersion::v4 : GbVersion::v1;
    std::string x1;
    gb_write(x1, r.value(), other);
    auto rx = gb_decode(x1, other);
    check(rx.ok(), "value written in the other version decodes there");
    std::string x2;
    gb_write(x2, rx.value(), other);
    auto rx2 = gb_decode(x2, other);
    check(rx2.ok(), "other-version round trip decodes");
    std::string x3;
    gb_write(x3, rx2.value(), other);
    check(x2 == x3, "other-version encoding is stable");
    return 0;
}
