#pragma once
// TinkerPop 3.7 WebSocket message envelopes (sans-io): RequestMessage / ResponseMessage in
// GraphBinary 1.0 (mime-prefixed binary frames) and GraphSON 3.0 (typed or untyped JSON).
// Spec: ../shared/spec/websocket-protocol-3.7.md §2, §3, §4, §8, §9.
#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tpbench::io::ws37 {

enum class Format : std::uint8_t {
    graphbinary_v1,       // application/vnd.graphbinary-v1.0
    graphson_v3,          // application/vnd.gremlin-v3.0+json   (also application/json)
    graphson_v3_untyped,  // application/vnd.gremlin-v3.0+json;types=false
};

std::string_view mime_type(Format f) noexcept;
// Maps a mime type to a format; unknown mime types fall back to GraphBinary 1.0 (as the server
// does) and set `known` to false.
Format format_from_mime(std::string_view mime, bool* known = nullptr) noexcept;

struct RequestMessage {
    model::Uuid request_id{};
    std::string op = "eval";                  // eval | bytecode | authentication | close
    std::string processor;                    // "" | traversal | session
    model::Value args = model::Value::map();  // map String -> any
};

// Binary frame payload: mime prefix (length byte + mime) + serialized message. For GraphSON
// formats the body is JSON text; `with_mime_prefix=false` gives the text-frame form.
void encode_request(std::string& out, const RequestMessage& m, Format f, bool with_mime_prefix = true);

struct DecodedRequest {
    Format format = Format::graphbinary_v1;
    bool known_mime = true;
    RequestMessage message;
};
// Decodes a request frame. `text_frame` = WebSocket text frame (GraphSON 3.0, no prefix).
Result<DecodedRequest> decode_request(std::string_view frame, bool text_frame);

struct ResponseHeader {
    std::optional<model::Uuid> request_id;  // nullopt => null (unparseable request)
    std::int32_t code = 200;
    std::optional<std::string> message = std::string();  // "" on success
    model::Value attributes = model::Value::map();
    model::Value meta = model::Value::map();
};

struct ResponseMessage {
    ResponseHeader header;
    model::Value data;  // List for result batches; null for 204/errors
};

void encode_response(std::string& out, const ResponseMessage& m, Format f);

// Server fast path: a response whose result.data is a List of `count` items, given as the
// concatenation of their encodings in `f` (GraphBinary: FQ values back to back; GraphSON: values
// already separated by commas). Produces the same bytes as encode_response with the list built.
void encode_response_list(std::string& out, Format f, const ResponseHeader& h, std::size_t count,
                          std::string_view encoded_items);

Result<ResponseMessage> decode_response(std::string_view frame, Format f);

// Benchmark path: reads a response frame without materialising result items unless `on_item` is
// set; items are counted (a BulkSet / Traverser counts its bulk in `result_count`).
struct ResponseSummary {
    static constexpr std::size_t npos = std::string_view::npos;
    std::optional<model::Uuid> request_id;
    // Where the requestId lies in the frame, when its bytes there are the whole of its value: the
    // 16 raw bytes (GraphBinary: 2), or the 36 characters of a plain JSON string written without
    // escapes (GraphSON; any other form, a typed g:UUID included: npos). Any other valid id in
    // their place changes nothing of the summary but request_id (a response memo's premise).
    std::size_t request_id_at = npos;
    std::int32_t code = 0;
    std::string message;
    model::Value attributes;
    std::uint64_t item_count = 0;    // top-level items in result.data
    std::uint64_t result_count = 0;  // items with bulks expanded (what a user iterates)
};
// What the count path may remember between messages: its shortcuts (docs/backends.md
// "Shortcuts"). Owned by one connection (not thread-safe), passed to every scan_response of it;
// the shortcuts only apply while counting (on_item empty) and never change a summary:
//   * the last 206 message validated whole (GraphBinary: when its items were copies of one value;
//     every GraphSON one): a byte-equal message has the same summary (hits().messages);
//   * values validated before (detail/skip_memo.hpp): a byte-equal copy is counted without being
//     validated again (hits().values);
//   * a GraphBinary List whose items are copies of its first item, found with one overlapping
//     compare (hits().repeated_lists).
class ScanCache {
public:
    struct Hits {
        std::uint64_t messages = 0;
        std::uint64_t values = 0;
        std::uint64_t repeated_lists = 0;
    };
    ScanCache();
    ~ScanCache();
    ScanCache(const ScanCache&) = delete;
    ScanCache& operator=(const ScanCache&) = delete;
    const Hits& hits() const noexcept;

    struct State;  // defined in ws37.cpp
    State& state() noexcept { return *state_; }

private:
    std::unique_ptr<State> state_;
};

// A function of its arguments: with `cache` null, every byte is validated (no shortcut); with a
// cache, the same summary, sooner for repeated bytes (the cache's hit counts grow).
Result<ResponseSummary> scan_response(std::string_view frame, Format f,
                                      const std::function<void(model::Value&&)>& on_item = {},
                                      ScanCache* cache = nullptr);

// Status classes.
inline bool is_final(std::int32_t code) noexcept { return code != 206 && code != 407; }
inline bool is_success(std::int32_t code) noexcept { return code >= 200 && code < 300; }

}  // namespace tpbench::io::ws37
