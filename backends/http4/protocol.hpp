#pragma once
// The http4 client protocol core (sans-io, Boost.MySQL / Boost.Redis style): no Asio, no sockets.
//
//   requests in -> bytes out:  write_request() renders one complete HTTP/1.1 request (request line,
//                              headers, Content-Length, body) into one buffer, so a request is one
//                              write on the stream.
//   bytes in -> events out:    ResponseReader parses the response as it arrives in pieces of any
//                              size: status line, headers, body framing (chunked with extensions
//                              and trailers, Content-Length, or until close), Content-Encoding
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

// Largest chunk size or Content-Length accepted (1 TiB): far above any real Gremlin response part,
// far below the 2^63-1 a broken or hostile peer may announce.
inline constexpr std::uint64_t kMaxDeclaredLength = std::uint64_t{1} << 40;
// Largest response head (status line + headers) and trailer block.
inline constexpr std::size_t kMaxHeadBytes = 64 * 1024;
// Largest chunk-size line (size plus chunk extensions).
inline constexpr std::size_t kMaxChunkLine = 4096;

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

// Incremental reader of one HTTP/1.1 response to an http4 request.
class ResponseReader {
public:
    enum class Status : std::uint8_t {
        need_more,  // every byte given was consumed; feed more (or on_eof())
        done,       // the response is complete; error() holds its classification
        failed,     // the response is unusable; error() says why; close the connection
    };

    ResponseReader();
    ~ResponseReader();
    ResponseReader(const ResponseReader&) = delete;
    ResponseReader& operator=(const ResponseReader&) = delete;

    // Starts a new response to a request that sent Accept: mime_type(format). keep_results: decode
    // every value into results() (Traverser values for bulks > 1); otherwise values are only
    // validated and counted.
    void start(io::http4::ResponseFormat format, bool keep_results);

    // Consumes response bytes (any split). `consumed` = how many bytes of `in` belong to this
    // response: all of them for need_more; for done, bytes after the response stay with the caller
    // (the peer sent them early; the caller decides); for failed, unspecified.
    Status feed(std::string_view in, std::size_t& consumed);
    // The peer closed the connection (or the stream ended): done when the body was delimited by
    // the close, failed with connection_closed otherwise. Idempotent after done/failed.
    Status on_eof();

    // --- progress -------------------------------------------------------------------------------
    bool started() const noexcept { return bytes_seen_ > 0; }  // at least one byte of this response
    bool head_complete() const noexcept { return head_complete_; }
    std::uint64_t bytes_seen() const noexcept { return bytes_seen_; }
    std::uint64_t result_count() const noexcept;               // results decoded so far (bulks expanded)
    std::uint64_t chunks() const noexcept { return chunks_; }  // non-empty body chunks

    // --- result (valid after done; error()/message() also after failed) -------------------------
    errc error() const noexcept { return error_; }
    // The server's message on error ("exception: message"), or why the response failed.
    const std::string& message() const noexcept { return message_; }
    int http_status() const noexcept { return http_status_; }           // 0 until the status line was read
    std::int32_t status_code() const noexcept { return status_code_; }  // footer / trailer / status line
    // Whether the connection may carry the next request (HTTP/1.1 keep-alive, no Connection: close,
    // a body not delimited by the close, no failure).
    bool keep_alive() const noexcept { return keep_alive_; }
    bool bulked() const noexcept { return bulked_; }
    int version_byte() const noexcept { return version_byte_; }  // GraphBinary body: first byte, else -1
    std::vector<model::Value>& results() noexcept { return results_; }
    // The X-Transaction-Id response header (beta.2+ transactions), "" when absent.
    const std::string& transaction_id() const noexcept { return transaction_id_; }

private:
    enum class State : std::uint8_t {
        status_line,
        headers,
        body_length,
        body_until_close,
        chunk_size,
        chunk_data,
        chunk_data_crlf,
        trailers,
        done,
        failed
    };
    Status fail(errc e, std::string message);
    Status on_head_complete();
    Status finish_body();
    Status complete();
    // Takes one CRLF-terminated line into line_ (false: need more bytes). Enforces `limit`.
    bool take_line(std::string_view in, std::size_t& pos, std::size_t limit, bool& too_long);
    bool on_header_line(std::string_view line, bool trailer);
    errc body_bytes(std::string_view piece);
    errc plain_bytes(std::string_view piece);

    io::http4::ResponseFormat format_ = io::http4::ResponseFormat::graphbinary_v4;
    bool keep_results_ = false;
    State state_ = State::status_line;
    std::string line_;
    std::size_t head_bytes_ = 0;  // of the current head / trailer block
    std::uint64_t bytes_seen_ = 0;
    bool head_complete_ = false;

    // head
    int http_status_ = 0;
    bool http11_ = true;
    std::string content_type_;
    std::string content_encoding_;
    bool chunked_ = false;
    bool te_other_ = false;  // a Transfer-Encoding other than chunked
    std::optional<std::uint64_t> content_length_;
    bool connection_close_ = false;
    bool connection_keep_alive_ = false;
    std::string trailer_code_;
    std::string trailer_exception_;
    std::string transaction_id_;

    // body
    std::uint64_t remaining_ = 0;  // of the current chunk / Content-Length body
    std::uint64_t chunks_ = 0;
    bool inflate_ = false;
    Inflater inflater_;
    Inflater::Sink inflate_sink_;
    bool error_body_mode_ = false;
    std::string error_body_;
    std::optional<io::http4::ResponseDecoder> decoder_;
    std::string decode_error_;
    std::vector<model::Value> results_;

    // result
    errc error_ = errc::ok;
    std::string message_;
    std::int32_t status_code_ = 0;
    bool keep_alive_ = false;
    bool bulked_ = false;
    int version_byte_ = -1;
};

}  // namespace tpbench::http4
