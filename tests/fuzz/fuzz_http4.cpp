// libFuzzer target for the http4 bodies (src/io/http4.cpp). The input is tried as a request body
// in each format and as a response body in each format, fed to ResponseDecoder whole and in
// pseudo-random splits derived from the input. Checks:
//   * errors carry an offset inside the input; nothing crashes or hangs;
//   * a decoded GraphBinary request re-encodes to a body that decodes to the same request;
//   * the decoder's result (success, item counts, status, error code and offset) does not depend on
//     how the bytes were split, and count mode counts what materialise mode yields;
//   * buffered_bytes() never exceeds the bytes fed so far.
// Seed corpus: tests/fuzz/corpus/http4/ (the http-protocol-4.0.md examples).
#include <tpbench/io/http4.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace {

using namespace tpbench;
using namespace tpbench::io;
using namespace tpbench::io::http4;

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_http4: check failed: %s\n", what);
        __builtin_trap();
    }
}

struct Outcome {
    bool ok = false;
    errc code = errc::ok;
    std::size_t offset = 0;
    std::uint64_t items = 0, results = 0, yielded = 0;
    std::int32_t status = 0;
    std::optional<std::string> message, exception;
};

Outcome run(std::string_view in, ResponseFormat f, DecodeMode mode, std::uint64_t seed) {
    Outcome o;
    ResponseDecoder dec(f, mode, [&](model::Value&&, std::int64_t) { ++o.yielded; });
    std::size_t at = 0;
    std::uint64_t x = seed | 1;
    Result<bool> r = true;
    while (at < in.size()) {
        std::size_t n = in.size() - at;
        if (seed != 0) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            n = std::min<std::size_t>(n, 1 + x % 17);
        }
        r = dec.feed(in.substr(at, n));
        at += n;
        if (!r) break;
        check(dec.buffered_bytes() <= at, "buffered bytes within what was fed");
    }
    if (r) r = dec.finish();
    o.ok = r.ok();
    if (!r) {
        o.code = r.error().code;
        o.offset = r.error().offset;
        check(o.offset <= in.size(), "decoder error offset inside the input");
    }
    o.items = dec.item_count();
    o.results = dec.result_count();
    o.status = dec.status_code();
    o.message = dec.status_message();
    o.exception = dec.status_exception();
    return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);

    for (auto f : {BodyFormat::graphbinary_v4, BodyFormat::json, BodyFormat::graphson_v4}) {
        auto d = decode_request(in, f);
        if (!d) {
            check(d.error().offset <= size, "request error offset inside the input");
            continue;
        }
        if (f == BodyFormat::graphbinary_v4) {
            for (auto dialect : {Dialect::master_http, Dialect::v4_0}) {
                std::string again;
                encode_request(again, *d, f, dialect);
                auto d2 = decode_request(again, f);
                check(d2.ok(), "re-encoded request decodes");
                check(d2->gremlin == d->gremlin && d2->batch_size == d->batch_size &&
                          d2->timeout_ms == d->timeout_ms && d2->language == d->language &&
                          d2->bulk_results == d->bulk_results,
                      "re-encoded request has the same fields");
            }
        }
    }

    std::uint64_t seed = 0x9e3779b97f4a7c15ULL;
    for (std::size_t i = 0; i < size && i < 64; ++i) seed = (seed ^ data[i]) * 0x100000001b3ULL;
    for (auto f :
         {ResponseFormat::graphbinary_v4, ResponseFormat::graphson_v4, ResponseFormat::graphson_v4_untyped}) {
        const Outcome whole = run(in, f, DecodeMode::materialize, 0);
        const Outcome split = run(in, f, DecodeMode::materialize, seed);
        const Outcome count = run(in, f, DecodeMode::count, seed + 1);
        check(whole.ok == split.ok && whole.code == split.code && whole.offset == split.offset,
              "outcome independent of the split");
        check(whole.items == split.items && whole.results == split.results && whole.status == split.status &&
                  whole.message == split.message && whole.exception == split.exception,
              "counts and status independent of the split");
        check(whole.yielded == whole.items, "materialise yields every counted item");
        check(count.yielded == 0, "count mode yields nothing");
        if (whole.ok)
            check(count.ok && count.items == whole.items && count.status == whole.status,
                  "count mode agrees");
    }
    return 0;
}
