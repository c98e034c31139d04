#pragma once
// The HTTP/1.1 response framing core shared by the http3 and http4 client protocol cores (pure: no
// Asio, no sockets). One ResponseParser per connection, start() per response; it parses the status
// line, the header block, the body framing (chunked with extensions and trailers, Content-Length,
// or until close, RFC 9112 §6.3) and hands what belongs to the backend to its ResponseHandler: the
// header fields it does not interpret itself, the head once complete, every piece of body bytes,
// and the end of the body. The backends' ResponseReaders (backends/http{3,4}/protocol.hpp) are
// such handlers: they decide what the body means and how the response is classified.
//
// Cost: one pass over the head as it lies in the bytes given: each line's end (and each chunk
// size line's) is found once, 16 bytes per step (SSE2), each field name is checked as a token 16
// bytes per step and told apart by length, then compared; only the fields the parser interprets
// are kept (the Content-Type compared with the last response's, copied only when it differs), the
// rest go to the handler as views, and only those of the name lengths it asked for (the others
// are not even trimmed). Only a line split across feeds is copied, into a buffer whose capacity
// is kept; nothing allocates once the buffers have their capacity, unless the response fails (the
// message is built then).
//
// Error contract (error() after Status::failed): protocol_violation for a bad status line or
// header, a head or trailer block over 64 KiB, a bad chunk size line, a chunk size or
// Content-Length above 2^40 bytes (or above ParserOptions::max_body), conflicting Content-Lengths,
// a Transfer-Encoding other than chunked; connection_closed when on_eof() comes before the
// response is complete; whatever the handler decides otherwise.
#include <tpbench/model/error.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace tpbench::backends::http1 {

// Largest chunk size or Content-Length accepted (1 TiB): far above any real Gremlin response part,
// far below the 2^63-1 a broken or hostile peer may announce.
inline constexpr std::uint64_t kMaxDeclaredLength = std::uint64_t{1} << 40;
// Largest response head (status line + headers) and trailer block.
inline constexpr std::size_t kMaxHeadBytes = 64 * 1024;
// Largest chunk-size line (size plus chunk extensions).
inline constexpr std::size_t kMaxChunkLine = 4096;

enum class Status : std::uint8_t {
    need_more,  // every byte given was consumed; feed more (or on_eof())
    done,       // the response is complete
    failed,     // the response is unusable; error()/message() say why; close the connection
};

struct ParserOptions {
    // Control characters (other than HTAB) in the status line or a field value are an error
    // (RFC 9110 §5.5).
    bool reject_ctl = false;
    // Trailer lines are checked like header lines and handed to on_field(trailer = true); false:
    // they are skipped unread.
    bool trailer_fields = true;
    // Largest body as a whole (0 = no limit beyond kMaxDeclaredLength per length); over it the
    // response fails ("... (option maxResponseBytes)").
    std::uint64_t max_body = 0;
    // The header / trailer fields the handler is given (on_field), by name length: bit n for names
    // of n bytes (n < 63), bit 63 for names of 63 bytes or more (field_lengths()). A field of
    // another length is checked like any other and then skipped: no value trim, no call. Default:
    // every field.
    std::uint64_t head_field_lengths = ~std::uint64_t{0};
    std::uint64_t trailer_field_lengths = ~std::uint64_t{0};
    // Record where the values of the skipped fields lie (skipped_values()).
    bool record_skipped = false;
};

// Where the value of a skipped field lay in the response: `size` bytes from byte `offset` of the
// response (its first byte is 0), from after the colon to before the CR, whitespace included.
struct SkippedValue {
    std::uint64_t offset = 0;
    std::size_t size = 0;
};
inline constexpr std::size_t kMaxSkippedValues = 4;

// The field_lengths mask of ParserOptions for these names.
constexpr std::uint64_t field_lengths(std::initializer_list<std::string_view> names) noexcept {
    std::uint64_t m = 0;
    for (std::string_view n : names) m |= std::uint64_t{1} << (n.size() < 63 ? n.size() : 63);
    return m;
}

class ResponseParser;

// What a backend's reader implements. Every callback may call ResponseParser::fail().
class ResponseHandler {
public:
    // A header (or, with trailer_fields, trailer) field the parser does not interpret itself; it
    // interprets Content-Type, Content-Encoding, Transfer-Encoding, Content-Length and Connection.
    // Only names of the lengths in ParserOptions::head_field_lengths / trailer_field_lengths.
    virtual void on_field(std::string_view name, std::string_view value, bool trailer) = 0;
    // An interim 1xx head was skipped: forget what on_field collected from it.
    virtual void on_interim() = 0;
    // The head is complete and its framing is valid. false: the handler called fail().
    virtual bool on_head(ResponseParser& p) = 0;
    // Body bytes (decoded from the framing, never empty). false: the handler called fail().
    virtual bool on_body(ResponseParser& p, std::string_view bytes) = 0;
    // The body (and trailer block) ended: classify the response (set_outcome()) and return done,
    // or call fail() and return failed.
    virtual Status on_complete(ResponseParser& p) = 0;

protected:
    ~ResponseHandler() = default;
};

class ResponseParser {
public:
    ResponseParser() = default;
    ResponseParser(const ResponseParser&) = delete;
    ResponseParser& operator=(const ResponseParser&) = delete;

    void set_options(const ParserOptions& o) noexcept { opts_ = o; }
    const ParserOptions& options() const noexcept { return opts_; }

    // Starts a new response; `h` receives its events until the next start().
    void start(ResponseHandler* h) noexcept;

    // Consumes response bytes (any split). consumed = how many bytes of `in` belong to this
    // response: all of them for need_more; for done, bytes after the response stay with the
    // caller; for failed, unspecified.
    Status feed(std::string_view in, std::size_t& consumed);
    // The peer closed the connection: done when the body was delimited by the close, failed with
    // connection_closed otherwise. Idempotent after done/failed.
    Status on_eof();

    // Ends the response as failed (any time; from a handler callback too). Returns failed.
    Status fail(errc e, std::string message);
    // The classification of a complete response (from on_complete).
    void set_outcome(errc e, std::string message) {
        error_ = e;
        message_ = std::move(message);
    }

    // --- progress -------------------------------------------------------------------------------
    bool started() const noexcept { return bytes_seen_ > 0; }
    bool head_complete() const noexcept { return head_complete_; }
    std::uint64_t bytes_seen() const noexcept { return bytes_seen_; }
    std::uint64_t chunks() const noexcept { return chunks_; }  // non-empty body chunks
    std::uint64_t body_bytes() const noexcept { return body_total_; }

    // --- the head (valid from on_head on; status() from the status line on) -----------------
    int status() const noexcept { return status_; }  // 0 until the status line was read
    bool http11() const noexcept { return http11_; }
    // "" when the head has no Content-Type.
    const std::string& content_type() const noexcept { return content_type_set_ ? content_type_ : empty_; }
    // Changes whenever content_type() may have: equal serials, equal content_type() (a handler
    // that classifies the type compares this instead of the string).
    std::uint64_t content_type_serial() const noexcept {
        return content_type_set_ ? content_type_serial_ : 0;
    }
    const std::string& content_encoding() const noexcept { return content_encoding_; }

    // With ParserOptions::record_skipped: the values of the fields skipped (not interpreted, not
    // handed to the handler) in this response so far, in order, when there were at most
    // kMaxSkippedValues and each lay whole in one feed; else nullopt. Given the same parser state
    // and options, a response with the same bytes outside these values, and no LF in them, parses
    // to the same events and result: the parser reads nothing of such a value but its end (with
    // reject_ctl: its characters too, which this does not cover).
    std::optional<std::pair<const SkippedValue*, std::size_t>> skipped_values() const noexcept {
        if (skipped_overflow_) return std::nullopt;
        return std::make_pair(skipped_, skipped_count_);
    }

    // The state of a response that is complete (done) and succeeded, to give a later response
    // with bytes that parse the same (skipped_values()) the same result without parsing it.
    struct Completed {
        int status = 0;
        bool http11 = true;
        bool keep_alive = false;
        bool content_type_set = false;
        std::uint64_t bytes = 0;
        std::uint64_t chunks = 0;
        std::uint64_t body_bytes = 0;
    };
    // Only after done with error() == ok and content_encoding() empty.
    Completed completed() const noexcept {
        return {status_, http11_, keep_alive_, content_type_set_, bytes_seen_, chunks_, body_total_};
    }
    // Right after start(): the response is complete, as `c` says. content_type() is the last one
    // parsed (the caller makes sure it is the one `c` was taken with).
    void replay(const Completed& c) noexcept {
        state_ = State::done;
        head_complete_ = true;
        status_ = c.status;
        http11_ = c.http11;
        keep_alive_ = c.keep_alive;
        content_type_set_ = c.content_type_set;
        bytes_seen_ = c.bytes;
        chunks_ = c.chunks;
        body_total_ = c.body_bytes;
    }

    // --- result ---------------------------------------------------------------------------------
    errc error() const noexcept { return error_; }
    const std::string& message() const noexcept { return message_; }
    // Whether the connection may carry the next request (HTTP/1.1 keep-alive, no Connection:
    // close, a body not delimited by the close, no failure).
    bool keep_alive() const noexcept { return keep_alive_; }

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
    // Whether feed() goes on with the next bytes (more) or returns the Status it was given (stop).
    enum class Step : std::uint8_t { more, stop };
    void reset_head() noexcept;
    Status on_head_complete();
    Status complete();
    // The next line of `in` from pos: where it lies when nothing is buffered in line_ and its LF is
    // within `limit` bytes, else through line_ (take_line_split).
    bool take_line(std::string_view in, std::size_t& pos, std::size_t limit, std::string_view& line,
                   bool& too_long);
    bool take_line_split(std::string_view in, std::size_t& pos, std::size_t limit, std::string_view& line,
                         bool& too_long);
    // The head and trailer blocks with nothing buffered: every complete line of `in` is parsed
    // where it lies, one after the other; a last incomplete line goes to line_.
    Step lines_in_place(std::string_view in, std::size_t& pos, Status& s);
    // One complete line of the status line / header / trailer block, its CRLF removed (the CR is
    // still there in memory after it); [line.data(), readable) may be read, readable > the CR.
    Step on_line(std::string_view line, Status& s, const char* readable);
    bool header_line(std::string_view line, bool trailer, const char* readable);
    [[gnu::cold]] [[gnu::noinline]] Status fail_line(const char* what, std::string_view line);
    Status too_big();
    void note_skipped(std::string_view raw) noexcept;

    ParserOptions opts_;
    ResponseHandler* handler_ = nullptr;
    State state_ = State::status_line;
    std::string line_;  // a line split across feeds (only)
    std::size_t head_bytes_ = 0;
    std::uint64_t bytes_seen_ = 0;
    bool head_complete_ = false;

    int status_ = 0;
    bool http11_ = true;
    // The last Content-Type value seen, kept across responses (a server sends the same one every
    // time: compared, not copied); content_type_set_: this head has one.
    std::string content_type_;
    bool content_type_set_ = false;
    std::uint64_t content_type_serial_ = 1;  // > 0; 0 is "no Content-Type"
    static inline const std::string empty_;
    std::string content_encoding_;
    bool chunked_ = false;
    bool te_other_ = false;  // a Transfer-Encoding other than chunked
    std::optional<std::uint64_t> content_length_;
    bool connection_close_ = false;
    bool connection_keep_alive_ = false;

    std::uint64_t remaining_ = 0;  // of the current chunk / Content-Length body
    std::uint64_t chunks_ = 0;
    std::uint64_t body_total_ = 0;
    std::uint8_t crlf_got_ = 0;  // bytes of the CRLF after chunk data seen
    char crlf_first_ = 0;

    errc error_ = errc::ok;
    std::string message_;
    bool keep_alive_ = false;

    // record_skipped: the bytes of the current feed() (the response's byte feed_offset_ on), the
    // skipped values so far.
    const char* feed_begin_ = nullptr;
    const char* feed_end_ = nullptr;
    std::uint64_t feed_offset_ = 0;
    SkippedValue skipped_[kMaxSkippedValues];
    std::size_t skipped_count_ = 0;
    bool skipped_overflow_ = false;
};

}  // namespace tpbench::backends::http1
