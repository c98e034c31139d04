// libFuzzer target for the GraphSON codec (src/io/graphson.cpp).
// Input: JSON text, used as is (so the TinkerPop vectors are the seed corpus:
// tests/data/vectors/graphson-v3/ and graphson-v4/). For GraphSON 3.0 and 4.0, typed and untyped:
//   * gs_read never crashes; an error carries a message and an offset within the input;
//   * read -> write -> read succeeds, and a second write gives identical text (the written form is a
//     fixed point);
//   * gs_skip agrees with the untyped reader: it accepts exactly the inputs the reader accepts (the
//     reader may additionally refuse unrepresentable values with bad_value) and ends at the end of
//     the value.
#include <tpbench/io/graphson.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_graphson: check failed: %s\n", what);
        __builtin_trap();
    }
}

bool only_ws(std::string_view s, std::size_t from) {
    for (std::size_t i = from; i < s.size(); ++i)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tpbench::io;
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    bool untyped_ok = false;
    tpbench::errc untyped_err = tpbench::errc::ok;
    for (GsVersion ver : {GsVersion::v3, GsVersion::v4}) {
        for (bool typed : {true, false}) {
            GsOptions o;
            o.version = ver;
            o.typed = typed;
            auto r = gs_read(in, o);
            if (!r.ok()) {
                if (!typed && ver == GsVersion::v3) untyped_err = r.error().code;
                check(!r.error().message.empty(), "error without message");
                check(r.error().offset <= size, "error offset beyond input");
                continue;
            }
            if (!typed && ver == GsVersion::v3) untyped_ok = true;
            std::string once;
            gs_write(once, *r, o);
            auto again = gs_read(once, o);
            if (!again.ok())
                std::fprintf(stderr, "re-read failed: %s\n%s\n", again.error().to_string().c_str(),
                             once.c_str());
            check(again.ok(), "written GraphSON does not read back");
            std::string twice;
            gs_write(twice, *again, o);
            if (twice != once) std::fprintf(stderr, "once:  %s\ntwice: %s\n", once.c_str(), twice.c_str());
            check(twice == once, "write(read(write(read(x)))) != write(read(x))");
        }
    }
    // A trailing space so that a top-level number is not reported as possibly continuing.
    const std::string padded = std::string(in) + " ";
    auto s = gs_skip(padded, 0);
    const bool skip_ok = s.ok() && only_ws(padded, *s);
    if (skip_ok != untyped_ok)
        std::fprintf(stderr, "skip %s (%s), untyped read %s\n", s.ok() ? "ok" : "failed",
                     s.ok() ? "" : s.error().to_string().c_str(), untyped_ok ? "ok" : "failed");
    // The reader may also reject well-formed JSON it cannot represent (an integer of more than
    // 4096 digits): bad_value.
    check(skip_ok == untyped_ok || (skip_ok && untyped_err == tpbench::errc::bad_value),
          "gs_skip and gs_read disagree");
    return 0;
}
