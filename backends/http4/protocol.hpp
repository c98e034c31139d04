#pragma once
// The http4 client protocol core (sans-io, Boost.MySQL / Boost.Redis style): no Asio, no sockets.
//
//   requests in -> bytes out:  write_request() renders one complete HTTP/1.1 request (request line,
//                              headers, Content-Length, body) into one buffer, so a request is one
//                              write on the stream.
//   bytes in -> events out:    ResponseReader parses the response as it arrives in pieces of any
//                              size: status line, headers, body framing (chunked with extensions
//                              and trailers, Content-Length, or until close: the HTTP/1.1 core
//                              shared with http3, backends/common/http1_response.hpp), Content-Encoding
//                              (deflate/gzip, streamed), the GraphBinary 4 / GraphSON 4 body
//                              (io::http4::ResponseDecoder, count or materialize mode) or a JSON
//                              error body, and finally the status interpretation (status line vs
//                              footer vs trailers) into one tpbench::errc.
//
// The I/O layer (session.cpp) only moves bytes between a stream and these two. Every protocol
// decision is made here and unit-tested with scripted byte exchanges
// (tests/unit/backends/http4_protocol_test.cpp).
//
// Error contract of ResponseReader (error() after Status::failed / Status::done):
//   * protocol_violation: anything a correct server cannot send — a bad status line or header, a
//     head or trailer block over 64 KiB, a bad chunk size line, a chunk size or Content-Length
//     above 2^40 bytes (e.g. 2^63-1: refused at once instead of waiting for bytes that never come),
//     conflicting Content-Lengths, an unsupported Content-Encoding, corrupt compressed data, a body
//     in the wrong format or undecodable, a body that ends without its status footer;
//   * connection_closed: on_eof() before the response was complete (truncation at any byte);
//   * the classification of a complete response (status.hpp classify_status): ok, server_*,
//     auth_failed.
// Single-threaded; one reader per connection, start() per response.
#include "backends/common/http1_response.hpp"
#include "backends/http4/inflater.hpp"

#include <tpbench/io/http4.hpp>
#include <tpbench/model/error.hpp>
#include <tpbench/model/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tpbench::http4 {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// Limits of the shared HTTP/1.1 core (backends/common/http1_response.hpp).
inline constexpr std::uint64_t kMaxDeclaredLength = backends::http1::kMaxDeclaredLength;
inline constexpr std::size_t kMaxHeadBytes = backends::http1::kMaxHeadBytes;
inline constexpr std::size_t kMaxChunkLine = backends::http1::kMaxChunkLine;

// The parts of a request that stay the same for every request of a session.
struct RequestHead {
    std::string method = "POST";
    std::string target = "/gremlin";
    HeaderList headers;  // sent in this order (Host first), e.g. Host, User-Agent, Content-Type, Accept
};

// Appends one complete request to `out`: "METHOD target HTTP/1.1", head.headers, then `extra`
// (per-request headers such as Authorization or the SigV4 set; may be null), Content-Length, an
// empty line and `body`. Pure; never fails.
void write_request(std::string& out, const RequestHead& head, const HeaderList* extra, std::string_view body);

// Incremental reader of one HTTP/1.1 response to an http4 request: the shared HTTP/1.1 framing
// core (backends/common/http1_response.hpp) plus what the body means for http4.
class ResponseReader : private backends::http1::ResponseHandler {
public:
    using Status = backends::http1::Status;

    ResponseReader();
    ~ResponseReader();
    ResponseReader(const ResponseReader&) = delete;
    ResponseReader& operator=(const ResponseReader&) = delete;

    // Starts a new response to a request that sent Accept: mime_type(format). keep_results: decode
    // every value into results() (Traverser values for bulks > 1); otherwise values are only
    // validated and counted. Reuses every buffer and the body decoder of the previous response.
    void start(io::http4::ResponseFormat format, bool keep_results);

    // Consumes response bytes (any split). `consumed` = how many bytes of `in` belong to this
    // response: all of them for need_more; for done, bytes after the response stay with the caller
    // (the peer sent them early; the caller decides); for failed, unspecified.
    // A response that comes whole in one feed and parses as the last one did (ResponseMemo) takes
    // its result without being parsed again.
    Status feed(std::string_view in, std::size_t& consumed) {
        if (!parser_.started()) return feed_first(in, consumed);
        return parser_.feed(in, consumed);
    }
    // The peer closed the connection (or the stream ended): done when the body was delimited by
    // the close, failed with connection_closed otherwise. Idempotent after done/failed.
    Status on_eof() { return parser_.on_eof(); }

    // --- progress -------------------------------------------------------------------------------
    bool started() const noexcept { return parser_.started(); }  // at least one byte of this response
    bool head_complete() const noexcept { return parser_.head_complete(); }
    std::uint64_t bytes_seen() const noexcept { return parser_.bytes_seen(); }
    std::uint64_t result_count() const noexcept;  // results decoded so far (bulks expanded)
    std::uint64_t chunks() const noexcept { return parser_.chunks(); }  // non-empty body chunks

    // --- result (valid after done; error()/message() also after failed) -------------------------
    errc error() const noexcept { return parser_.error(); }
    // The server's message on error ("exception: message"), or why the response failed.
    const std::string& message() const noexcept { return parser_.message(); }
    int http_status() const noexcept { return parser_.status(); }       // 0 until the status line was read
    std::int32_t status_code() const noexcept { return status_code_; }  // footer / trailer / status line
    // Whether the connection may carry the next request (HTTP/1.1 keep-alive, no Connection: close,
    // a body not delimited by the close, no failure).
    bool keep_alive() const noexcept { return parser_.keep_alive(); }
    bool bulked() const noexcept { return bulked_; }
    int version_byte() const noexcept { return version_byte_; }  // GraphBinary body: first byte, else -1
    std::vector<model::Value>& results() noexcept { return results_; }
    // How many responses took the last one's result without a parse (ResponseMemo).
    std::uint64_t responses_replayed() const noexcept { return replayed_; }
    // The shortcuts (option memo; docs/backends.md "Shortcuts"): the ResponseMemo and the body
    // decoder's (io::http4::ResponseDecoder::set_shortcuts). On by default; off = every response
    // parsed and every value validated.
    void set_shortcuts(bool on);
    // The body decoder's shortcut hits so far (zeros before the first body).
    io::http4::ResponseDecoder::ShortcutHits decoder_hits() const noexcept {
        return decoder_ ? decoder_->shortcut_hits() : io::http4::ResponseDecoder::ShortcutHits{};
    }
    // The X-Transaction-Id response header (beta.2+ transactions), "" when absent.
    const std::string& transaction_id() const noexcept { return transaction_id_; }

private:
    using Parser = backends::http1::ResponseParser;
    void on_field(std::string_view name, std::string_view value, bool trailer) override;
    void on_interim() override;
    bool on_head(Parser& p) override;
    bool on_body(Parser& p, std::string_view bytes) override;
    Status on_complete(Parser& p) override;
    errc plain_bytes(std::string_view piece);
    Status feed_first(std::string_view in, std::size_t& consumed);

    // The last response, when it came whole in one feed, was a small success counted (not kept)
    // with no Content-Encoding and no X-Transaction-Id: a response with the same bytes except in
    // the values of the fields the parser skipped (of the same lengths, no LF in them) parses to
    // the same events and result (ResponseParser::skipped_values()), so it takes that result
    // after a compare instead of a parse and a decode. Bodies are decoded as before whenever the
    // bytes differ anywhere else (another result, another status, another framing).
    struct ResponseMemo {
        static constexpr std::size_t kMax = 512;  // larger responses are not remembered
        bool valid = false;
        io::http4::ResponseFormat format = io::http4::ResponseFormat::graphbinary_v4;
        std::string bytes;
        backends::http1::SkippedValue skipped[backends::http1::kMaxSkippedValues];
        std::size_t skipped_count = 0;
        Parser::Completed parsed;
        std::int32_t status_code = 0;
        bool bulked = false;
        int version_byte = -1;
        std::uint64_t results = 0;
        std::uint32_t misses = 0;                  // responses parsed since the last one taken from here
        bool match(std::string_view in) noexcept;  // (overwrites the skipped values in `bytes`)
    };
    ResponseMemo memo_;
    bool shortcuts_ = true;
    std::uint64_t replayed_results_ = 0;  // result_count() of a response taken from memo_
    std::uint64_t replayed_ = 0;

    Parser parser_;
    io::http4::ResponseFormat format_ = io::http4::ResponseFormat::graphbinary_v4;
    bool keep_results_ = false;

    // head / trailer fields beyond the framing
    std::string trailer_code_;
    std::string trailer_exception_;
    std::string transaction_id_;
    // The parser's content_type_serial() of the last Content-Type classified, and whether it names
    // GraphBinary (serial 0: no Content-Type, which does not).
    std::uint64_t last_content_type_serial_ = 0;
    bool last_binary_ = false;

    // body
    bool inflate_ = false;
    Inflater inflater_;
    Inflater::Sink inflate_sink_;
    bool error_body_mode_ = false;
    std::string error_body_;
    std::optional<io::http4::ResponseDecoder> decoder_;  // kept across responses (reset, not rebuilt)
    bool decoding_ = false;                              // decoder_ reads this response's body
    bool decoder_collects_ = false;  // decoder_'s callback appends to results_ (else it has none)
    std::string decode_error_;
    std::vector<model::Value> results_;

    // result
    std::int32_t status_code_ = 0;
    bool bulked_ = false;
    int version_byte_ = -1;
};

}  // namespace tpbench::http4
