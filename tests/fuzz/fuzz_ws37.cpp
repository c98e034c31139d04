// libFuzzer target for the ws37 envelopes (src/io/ws37.cpp). The whole input is tried as a request
// frame (binary and text) and as a response in each format. Checks:
//   * errors carry an offset inside the input (binary) and never crash/hang;
//   * decode_response and scan_response agree on success, and on the item count of a List;
//   * a decoded GraphBinary request/response re-encodes to bytes that decode to the same message.
// Seed corpus: tests/fuzz/corpus/ws37/ (the websocket-protocol-3.7.md §8.1 examples).
#include <tpbench/io/ws37.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_ws37: check failed: %s\n", what);
        __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tpbench;
    using namespace tpbench::io;
    const std::string_view in(reinterpret_cast<const char*>(data), size);

    for (bool text : {false, true}) {
        auto d = ws37::decode_request(in, text);
        if (!d) {
            check(d.error().offset <= size, "request error offset inside the input");
            continue;
        }
        if (d->format == ws37::Format::graphbinary_v1) {
            std::string again;
            ws37::encode_request(again, d->message, ws37::Format::graphbinary_v1);
            auto d2 = ws37::decode_request(again, false);
            check(d2.ok(), "re-encoded request decodes");
            check(d2->message.op == d->message.op && d2->message.request_id == d->message.request_id &&
                      d2->message.args == d->message.args,
                  "re-encoded request is the same message");
        }
    }

    for (auto f :
         {ws37::Format::graphbinary_v1, ws37::Format::graphson_v3, ws37::Format::graphson_v3_untyped}) {
        auto d = ws37::decode_response(in, f);
        std::uint64_t seen = 0;
        auto s = ws37::scan_response(in, f);
        auto sm = ws37::scan_response(in, f, [&](model::Value&&) { ++seen; });
        // GraphBinary: gb_skip accepts exactly what gb_read accepts. GraphSON counting only checks
        // JSON syntax (gs_skip), so it may accept what materialising rejects — not the reverse.
        if (f == ws37::Format::graphbinary_v1)
            check(s.ok() == sm.ok(), "scan with and without materialising agree");
        else if (sm.ok())
            check(s.ok(), "counting accepts what materialising accepts");
        if (!d) {
            check(d.error().offset <= size, "response error offset inside the input");
            continue;
        }
        check(s.ok(), "scan accepts what decode accepts");
        if (f == ws37::Format::graphbinary_v1) {
            check(seen == s->item_count, "materialised items = counted items");
            if (d->data.type() == model::Type::list)
                check(s->item_count == d->data.size(), "item count = List size");
            std::string again;
            ws37::encode_response(again, *d, f);
            auto d2 = ws37::decode_response(again, f);
            check(d2.ok(), "re-encoded response decodes");
            check(d2->header.code == d->header.code && d2->header.request_id == d->header.request_id &&
                      d2->header.message == d->header.message && d2->data == d->data,
                  "re-encoded response is the same message");
        }
    }
    return 0;
}
