// The HTTP/1.1 response framing core (http1_response.hpp). Pure: no Asio, no sockets.
#include "backends/common/http1_response.hpp"

#include "backends/common/http1_text.hpp"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tpbench::backends::http1 {

void ResponseParser::reset_head() noexcept {
    state_ = State::status_line;
    line_.clear();
    head_bytes_ = 0;
    head_complete_ = false;
    status_ = 0;
    http11_ = true;
    content_type_set_ = false;
    content_encoding_.clear();
    chunked_ = false;
    te_other_ = false;
    content_length_.reset();
    connection_close_ = false;
    connection_keep_alive_ = false;
    remaining_ = 0;
    chunks_ = 0;
    body_total_ = 0;
    crlf_got_ = 0;
}

void ResponseParser::start(ResponseHandler* h) noexcept {
    handler_ = h;
    reset_head();
    bytes_seen_ = 0;
    error_ = errc::ok;
    message_.clear();
    keep_alive_ = false;
    skipped_count_ = 0;
    skipped_overflow_ = false;
}

void ResponseParser::note_skipped(std::string_view raw) noexcept {
    const auto at = reinterpret_cast<std::uintptr_t>(raw.data());
    if (skipped_count_ == kMaxSkippedValues || at < reinterpret_cast<std::uintptr_t>(feed_begin_) ||
        at + raw.size() > reinterpret_cast<std::uintptr_t>(feed_end_)) {
        skipped_overflow_ = true;  // too many, or a line split across feeds (its value lies in line_)
        return;
    }
    skipped_[skipped_count_++] = {feed_offset_ + static_cast<std::uint64_t>(raw.data() - feed_begin_),
                                  raw.size()};
}

Status ResponseParser::fail(errc e, std::string message) {
    state_ = State::failed;
    error_ = e;
    message_ = std::move(message);
    keep_alive_ = false;
    return Status::failed;
}

// The first '\n' in [p, stop), or nullptr; `begin` <= p: the bytes from begin on may be read.
// SSE2: 16 bytes per step, the last step overlapping bytes before p (ignored) when it can.
inline const char* find_lf(const char* begin, const char* p, const char* stop) noexcept {
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    for (; stop - p >= 16; p += 16) {
        __m128i x;
        std::memcpy(&x, p, 16);
        if (const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, nl))))
            return p + __builtin_ctz(m);
    }
    if (p == stop) return nullptr;
    if (stop - begin >= 16) {
        __m128i x;
        std::memcpy(&x, stop - 16, 16);
        const auto skip = static_cast<unsigned>(16 - (stop - p));
        const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, nl))) >> skip;
        return m ? p + __builtin_ctz(m) : nullptr;
    }
#else
    (void)begin;
#endif
    return static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(stop - p)));
}

inline bool ResponseParser::take_line(std::string_view in, std::size_t& pos, std::size_t limit,
                                      std::string_view& line, bool& too_long) {
    if (line_.empty()) {
        const char* b = in.data() + pos;
        const char* lf = find_lf(in.data(), b, b + std::min(in.size() - pos, limit));
        if (lf) {
            const std::size_t n = static_cast<std::size_t>(lf - b) + 1;
            too_long = false;
            pos += n;
            line = std::string_view(b, n);  // parsed where it lies
            return true;
        }
    }
    return take_line_split(in, pos, limit, line, too_long);
}

bool ResponseParser::take_line_split(std::string_view in, std::size_t& pos, std::size_t limit,
                                     std::string_view& line, bool& too_long) {
    too_long = false;
    const char* b = in.data() + pos;
    const std::size_t left = in.size() - pos;
    const void* lf = std::memchr(b, '\n', left);
    const std::size_t n = lf ? static_cast<std::size_t>(static_cast<const char*>(lf) - b) + 1 : left;
    if (line_.size() + n > limit) {
        too_long = true;
        return false;
    }
    pos += n;
    if (!lf) {
        line_.append(b, n);
        return false;
    }
    if (line_.empty()) {
        line = std::string_view(b, n);  // parsed where it lies
    } else {
        line_.append(b, n);
        line = line_;
    }
    return true;
}

namespace {
constexpr const char* kCrlfMessage = "response line not terminated by CRLF";
const char* too_long_message(bool trailers) {
    return trailers ? "trailer block larger than 64 KiB" : "response head larger than 64 KiB";
}
}  // namespace

ResponseParser::Step ResponseParser::lines_in_place(std::string_view in, std::size_t& pos, Status& s) {
    const char* const begin = in.data();
    const char* const end = begin + in.size();
    const char* p = begin + pos;
    while (state_ == State::status_line || state_ == State::headers || state_ == State::trailers) {
        // One block (a head, or the trailers) as far as it lies in `in`: its lines may take what is
        // left of kMaxHeadBytes. head_bytes_ is brought up to date when the block is left.
        const std::size_t budget = kMaxHeadBytes - std::min(kMaxHeadBytes, head_bytes_);
        const char* const stop = static_cast<std::size_t>(end - p) > budget ? p + budget : end;
        const char* const block = p;
        const std::size_t counted = head_bytes_;
        for (;;) {
            const char* const lf = find_lf(begin, p, stop);
            if (lf == nullptr) {
                head_bytes_ = counted + static_cast<std::size_t>(p - block);
                pos = static_cast<std::size_t>(p - begin);
                if (stop != end) {
                    s = fail(errc::protocol_violation, too_long_message(state_ == State::trailers));
                    return Step::stop;
                }
                if (p != end) {
                    line_.assign(p, static_cast<std::size_t>(end - p));  // the line goes on in the next feed
                    head_bytes_ += static_cast<std::size_t>(end - p);
                }
                pos = in.size();
                s = Status::need_more;
                return Step::stop;
            }
            const char* const next = lf + 1;
            if (lf == p || lf[-1] != '\r') {
                pos = static_cast<std::size_t>(next - begin);
                s = fail(errc::protocol_violation, kCrlfMessage);
                return Step::stop;
            }
            const std::string_view line(p, static_cast<std::size_t>(lf - 1 - p));
            // The usual line: a header field (on_line's path for it, without its dispatch).
            if (state_ == State::headers && !line.empty()) {
                p = next;
                if (!header_line(line, false, end)) {
                    pos = static_cast<std::size_t>(p - begin);
                    s = fail_line("bad header line: '", line);
                    return Step::stop;
                }
                if (state_ == State::headers) continue;
                // The handler ended the response from on_field (fail()): as after on_line below.
                if (state_ != State::status_line && state_ != State::trailers) {
                    head_bytes_ = counted + static_cast<std::size_t>(p - block);
                    break;
                }
                if (state_ == State::status_line) break;
                continue;
            }
            const bool in_head = state_ == State::headers;
            const Step step = on_line(line, s, end);
            p = next;
            if (step == Step::stop) {
                pos = static_cast<std::size_t>(p - begin);
                return Step::stop;
            }
            if (in_head && state_ == State::status_line) break;  // an interim 1xx head ended: a new block
            if (state_ != State::status_line && state_ != State::headers && state_ != State::trailers) {
                head_bytes_ = counted + static_cast<std::size_t>(p - block);  // on to the body
                break;
            }
        }
    }
    pos = static_cast<std::size_t>(p - begin);
    return Step::more;
}

Status ResponseParser::fail_line(const char* what, std::string_view line) {
    return fail(errc::protocol_violation, what + printable(line) + "'");
}

[[gnu::always_inline]] inline ResponseParser::Step ResponseParser::on_line(std::string_view line, Status& s,
                                                                           const char* readable) {
    if (state_ == State::status_line) {
        // HTTP/1.x SP 3DIGIT [SP reason]
        if (line.size() < 12 || line.substr(0, 7) != "HTTP/1." || line[7] < '0' || line[7] > '9' ||
            line[8] != ' ' || line[9] < '1' || line[9] > '5' || line[10] < '0' || line[10] > '9' ||
            line[11] < '0' || line[11] > '9' || (line.size() > 12 && line[12] != ' ') ||
            (opts_.reject_ctl && has_ctl(line))) {
            s = fail_line("bad status line: '", line);
            return Step::stop;
        }
        http11_ = line[7] != '0';
        status_ = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
        state_ = State::headers;
        return Step::more;
    }
    if (line.empty()) {
        if (state_ == State::trailers) {
            s = complete();
            return Step::stop;
        }
        s = on_head_complete();
        return s == Status::need_more ? Step::more : Step::stop;
    }
    if (state_ == State::headers || opts_.trailer_fields) {
        const bool trailer = state_ == State::trailers;
        if (!header_line(line, trailer, readable)) {
            s = fail_line(trailer ? "bad trailer line: '" : "bad header line: '", line);
            return Step::stop;
        }
    }
    return Step::more;
}

[[gnu::always_inline]] inline bool ResponseParser::header_line(std::string_view line, bool trailer,
                                                               const char* readable) {
    // The name: token characters up to the colon (one pass: the first non-token character must be
    // the colon, which is not a token character). The CR after the line ends the scan at the
    // latest: it may be read (a line here is always followed by its CRLF), and so may every byte
    // up to `readable` (> the CR): the scan takes 16 bytes per step as far as they reach, for
    // the same result.
    const char* const b = line.data();
    const char* const e = b + line.size();
    const char* const colon = token_end(b, readable);
    if (colon == b || colon >= e || *colon != ':') return false;
    const std::string_view name(b, static_cast<std::size_t>(colon - b));
    // The value with its surrounding whitespace; trimmed only when the field is used. (SP and HTAB
    // are not control characters: the check needs no trim.)
    const std::string_view raw(colon + 1, static_cast<std::size_t>(e - colon - 1));
    if (opts_.reject_ctl && has_ctl(raw)) return false;
    const std::uint64_t length_bit = std::uint64_t{1} << (name.size() < 63 ? name.size() : 63);
    if (trailer) {
        if (opts_.trailer_field_lengths & length_bit)
            handler_->on_field(name, trim(raw), true);
        else if (opts_.record_skipped)
            note_skipped(raw);
        return true;
    }
    switch (name.size()) {
        case 10:
            if (token_equals_lower(name, "connection")) {
                const std::string_view value = trim(raw);
                if (lists_token(value, "close")) connection_close_ = true;
                if (lists_token(value, "keep-alive")) connection_keep_alive_ = true;
                return true;
            }
            break;
        case 12:
            if (token_equals_lower(name, "content-type")) {
                const std::string_view value = trim(raw);
                // Compared with the last response's (the usual case: the same), copied when it
                // differs. (A second Content-Type in one head: the last one counts.)
                if (value != content_type_) {
                    content_type_.assign(value);
                    ++content_type_serial_;
                }
                content_type_set_ = true;
                return true;
            }
            break;
        case 14:
            if (token_equals_lower(name, "content-length")) {
                const std::string_view value = trim(raw);
                if (value.empty()) return false;
                std::uint64_t n = 0;
                for (char c : value) {
                    if (c < '0' || c > '9') return false;
                    n = n * 10 + static_cast<std::uint64_t>(c - '0');
                    if (n > kMaxDeclaredLength) {
                        content_length_ = kMaxDeclaredLength + 1;  // reported in on_head_complete
                        return true;
                    }
                }
                if (content_length_ && *content_length_ != n) {
                    content_length_ = kMaxDeclaredLength + 2;  // conflicting values
                    return true;
                }
                content_length_ = n;
                return true;
            }
            break;
        case 16:
            if (token_equals_lower(name, "content-encoding")) {
                const std::string_view value = trim(raw);
                content_encoding_.assign(value);
                return true;
            }
            break;
        case 17:
            if (token_equals_lower(name, "transfer-encoding")) {
                const std::string_view value = trim(raw);
                // "chunked" is letters only: token_equals_lower is exact for any bytes.
                const std::string_view coding = value.size() == 7 ? value : last_coding(value);
                if (token_equals_lower(coding, "chunked"))
                    chunked_ = true;
                else
                    te_other_ = true;
                return true;
            }
            break;
        default:
            break;
    }
    if (opts_.head_field_lengths & length_bit)
        handler_->on_field(name, trim(raw), false);
    else if (opts_.record_skipped)
        note_skipped(raw);
    return true;
}

Status ResponseParser::on_head_complete() {
    // Interim 1xx responses (100 Continue, 103 Early Hints) precede the real one.
    if (status_ >= 100 && status_ < 200 && status_ != 101) {
        reset_head();
        handler_->on_interim();
        return Status::need_more;
    }
    head_complete_ = true;
    if (content_length_ && *content_length_ == kMaxDeclaredLength + 2)
        return fail(errc::protocol_violation, "conflicting Content-Length headers");
    if (opts_.max_body > 0) {
        const std::uint64_t limit = std::min(kMaxDeclaredLength, opts_.max_body);
        if (content_length_ && *content_length_ > limit)
            return fail(errc::protocol_violation, "response Content-Length above the limit of " +
                                                      std::to_string(limit) +
                                                      " bytes (option maxResponseBytes)");
    } else if (content_length_ && *content_length_ > kMaxDeclaredLength) {
        return fail(errc::protocol_violation,
                    "Content-Length above " + std::to_string(kMaxDeclaredLength) + " bytes");
    }
    if (te_other_ && !chunked_)
        return fail(errc::protocol_violation, "unsupported Transfer-Encoding (only chunked is understood)");
    keep_alive_ = http11_ ? !connection_close_ : connection_keep_alive_ && !connection_close_;
    if (!handler_->on_head(*this)) return Status::failed;

    // Body framing (RFC 9112 §6.3): no body for 204/304; chunked wins over Content-Length (and
    // then the connection is not reused); else Content-Length; else until the peer closes.
    if (status_ == 204 || status_ == 304) return complete();
    if (chunked_) {
        if (content_length_) keep_alive_ = false;
        state_ = State::chunk_size;
        return Status::need_more;
    }
    if (content_length_) {
        remaining_ = *content_length_;
        if (remaining_ == 0) return complete();
        state_ = State::body_length;
        return Status::need_more;
    }
    keep_alive_ = false;
    state_ = State::body_until_close;
    return Status::need_more;
}

Status ResponseParser::complete() {
    state_ = State::done;
    const Status s = handler_->on_complete(*this);
    if (s == Status::failed) state_ = State::failed;
    return s;
}

Status ResponseParser::too_big() {
    return fail(errc::protocol_violation, "response body above the limit of " +
                                              std::to_string(opts_.max_body) +
                                              " bytes (option maxResponseBytes)");
}

Status ResponseParser::feed(std::string_view in, std::size_t& consumed) {
    std::size_t pos = 0;
    if (opts_.record_skipped) {
        feed_begin_ = in.data();
        feed_end_ = in.data() + in.size();
        feed_offset_ = bytes_seen_;
    }
    auto out = [&](Status s) {
        consumed = pos;
        bytes_seen_ += pos;
        return s;
    };
    while (pos < in.size()) {
        switch (state_) {
            case State::done:
                return out(Status::done);
            case State::failed:
                return out(Status::failed);
            case State::status_line:
            case State::headers:
            case State::trailers: {
                Status s = Status::need_more;
                if (line_.empty()) {
                    if (lines_in_place(in, pos, s) == Step::stop) return out(s);
                    continue;  // on to the body
                }
                // A line split across feeds: complete it in line_, then go on in place.
                bool too_long = false;
                const std::size_t limit = kMaxHeadBytes - std::min(kMaxHeadBytes, head_bytes_);
                const std::size_t before = pos;
                std::string_view line;
                const bool got = take_line_split(in, pos, limit, line, too_long);
                head_bytes_ += pos - before;
                if (too_long)
                    return out(fail(errc::protocol_violation, too_long_message(state_ == State::trailers)));
                if (!got) return out(Status::need_more);
                if (line.size() < 2 || line[line.size() - 2] != '\r')
                    return out(fail(errc::protocol_violation, kCrlfMessage));
                line.remove_suffix(2);
                const Step step = on_line(line, s, line.data() + line.size() + 1);
                line_.clear();
                if (step == Step::stop) return out(s);
                break;
            }
            case State::chunk_size: {
                bool too_long = false;
                std::string_view line;
                const bool got = take_line(in, pos, kMaxChunkLine, line, too_long);
                if (too_long) return out(fail(errc::protocol_violation, "chunk size line longer than 4 KiB"));
                if (!got) return out(Status::need_more);
                if (line.size() < 2 || line[line.size() - 2] != '\r')
                    return out(fail(errc::protocol_violation, "chunk size line not terminated by CRLF"));
                line.remove_suffix(2);
                std::uint64_t n = 0;
                switch (parse_chunk_size(line, kMaxDeclaredLength, n)) {
                    case ChunkLine::ok:
                        break;
                    case ChunkLine::too_big:
                        return out(fail(errc::protocol_violation, "chunk size above " +
                                                                      std::to_string(kMaxDeclaredLength) +
                                                                      " bytes: '" + printable(line) + "'"));
                    case ChunkLine::malformed:
                        return out(
                            fail(errc::protocol_violation, "bad chunk size line: '" + printable(line) + "'"));
                }
                line_.clear();
                if (n == 0) {
                    state_ = State::trailers;
                    head_bytes_ = 0;
                } else {
                    if (opts_.max_body > 0 && body_total_ + n > opts_.max_body) return out(too_big());
                    ++chunks_;
                    remaining_ = n;
                    state_ = State::chunk_data;
                }
                break;
            }
            case State::chunk_data:
            case State::body_length:
            case State::body_until_close: {
                std::size_t take = in.size() - pos;
                if (state_ != State::body_until_close)
                    take = static_cast<std::size_t>(std::min<std::uint64_t>(take, remaining_));
                if (opts_.max_body > 0 && body_total_ + take > opts_.max_body) return out(too_big());
                if (!handler_->on_body(*this, in.substr(pos, take))) return out(Status::failed);
                pos += take;
                body_total_ += take;
                if (state_ == State::body_until_close) break;
                remaining_ -= take;
                if (remaining_ > 0) break;
                if (state_ == State::body_length) return out(complete());
                state_ = State::chunk_data_crlf;
                crlf_got_ = 0;
                break;
            }
            case State::chunk_data_crlf: {
                // The CRLF after chunk data (possibly split across feeds): both bytes, then the check.
                if (crlf_got_ == 0) {
                    crlf_first_ = in[pos++];
                    crlf_got_ = 1;
                    if (pos == in.size()) return out(Status::need_more);
                }
                const char second = in[pos++];
                crlf_got_ = 0;
                if (crlf_first_ != '\r' || second != '\n')
                    return out(fail(errc::protocol_violation, "chunk data not followed by CRLF"));
                state_ = State::chunk_size;
                break;
            }
        }
    }
    if (state_ == State::done) return out(Status::done);
    if (state_ == State::failed) return out(Status::failed);
    return out(Status::need_more);
}

Status ResponseParser::on_eof() {
    if (state_ == State::done) return Status::done;
    if (state_ == State::failed) return Status::failed;
    if (state_ == State::body_until_close) return complete();
    if (bytes_seen_ == 0) return fail(errc::connection_closed, "connection closed before any response byte");
    return fail(errc::connection_closed, std::string("connection closed mid-response (after ") +
                                             std::to_string(bytes_seen_) + " bytes, " +
                                             (head_complete_ ? "in the body" : "in the head") + ")");
}

}  // namespace tpbench::backends::http1
