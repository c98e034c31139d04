// The http4 client protocol core: request rendering and the incremental response reader
// (protocol.hpp). Pure: no Asio, no sockets.
#include "backends/http4/protocol.hpp"

#include "backends/http4/status.hpp"

#include "backends/common/http1_text.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>

namespace tpbench::http4 {
namespace {

constexpr std::size_t kMaxErrorBody = 1024 * 1024;  // a JSON error body larger than this is cut

using backends::http1::contains_ci;
using backends::http1::iequals;
using backends::http1::is_tchar;
using backends::http1::last_coding;
using backends::http1::lists_token;
using backends::http1::printable;
using backends::http1::trim;

}  // namespace

void write_request(std::string& out, const RequestHead& head, const HeaderList* extra,
                   std::string_view body) {
    out.reserve(out.size() + 256 + body.size());
    out += head.method;
    out.push_back(' ');
    out += head.target;
    out += " HTTP/1.1\r\n";
    auto put = [&out](const std::string& n, const std::string& v) {
        out += n;
        out += ": ";
        out += v;
        out += "\r\n";
    };
    for (const auto& [n, v] : head.headers) put(n, v);
    if (extra)
        for (const auto& [n, v] : *extra) put(n, v);
    out += "Content-Length: ";
    out += std::to_string(body.size());
    out += "\r\n\r\n";
    out.append(body.data(), body.size());
}

ResponseReader::ResponseReader() {
    inflate_sink_ = [this](std::string_view s) { return plain_bytes(s); };
}
ResponseReader::~ResponseReader() = default;

void ResponseReader::start(io::http4::ResponseFormat format, bool keep_results) {
    format_ = format;
    keep_results_ = keep_results;
    state_ = State::status_line;
    line_.clear();
    head_bytes_ = 0;
    bytes_seen_ = 0;
    head_complete_ = false;
    http_status_ = 0;
    http11_ = true;
    content_type_.clear();
    content_encoding_.clear();
    chunked_ = false;
    te_other_ = false;
    content_length_.reset();
    connection_close_ = false;
    connection_keep_alive_ = false;
    trailer_code_.clear();
    transaction_id_.clear();
    trailer_exception_.clear();
    remaining_ = 0;
    chunks_ = 0;
    inflate_ = false;
    error_body_mode_ = false;
    error_body_.clear();
    decoder_.reset();
    decode_error_.clear();
    results_.clear();
    error_ = errc::ok;
    message_.clear();
    status_code_ = 0;
    keep_alive_ = false;
    bulked_ = false;
    version_byte_ = -1;
}

std::uint64_t ResponseReader::result_count() const noexcept {
    return decoder_ ? decoder_->result_count() : 0;
}

ResponseReader::Status ResponseReader::fail(errc e, std::string message) {
    state_ = State::failed;
    error_ = e;
    message_ = std::move(message);
    keep_alive_ = false;
    return Status::failed;
}

bool ResponseReader::take_line(std::string_view in, std::size_t& pos, std::size_t limit, bool& too_long) {
    too_long = false;
    const std::size_t lf = in.find('\n', pos);
    const std::size_t end = lf == std::string_view::npos ? in.size() : lf + 1;
    if (line_.size() + (end - pos) > limit) {
        too_long = true;
        return false;
    }
    line_.append(in.data() + pos, end - pos);
    pos = end;
    if (lf == std::string_view::npos) return false;
    return true;
}

bool ResponseReader::on_header_line(std::string_view line, bool trailer) {
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    const std::string_view name = line.substr(0, colon);
    for (char c : name)
        if (!is_tchar(c)) return false;
    const std::string_view value = trim(line.substr(colon + 1));
    if (trailer) {
        if (iequals(name, "code"))
            trailer_code_.assign(value);
        else if (iequals(name, "exception"))
            trailer_exception_.assign(value);
        return true;
    }
    if (iequals(name, "content-type")) {
        content_type_.assign(value);
    } else if (iequals(name, "content-encoding")) {
        content_encoding_.assign(value);
    } else if (iequals(name, "transfer-encoding")) {
        if (iequals(last_coding(value), "chunked"))
            chunked_ = true;
        else
            te_other_ = true;
    } else if (iequals(name, "content-length")) {
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
    } else if (iequals(name, "connection")) {
        if (lists_token(value, "close")) connection_close_ = true;
        if (lists_token(value, "keep-alive")) connection_keep_alive_ = true;
    } else if (iequals(name, "x-transaction-id")) {
        transaction_id_ = std::string(value);
    }
    return true;
}

ResponseReader::Status ResponseReader::on_head_complete() {
    // Interim 1xx responses (100 Continue, 103 Early Hints) precede the real one.
    if (http_status_ >= 100 && http_status_ < 200 && http_status_ != 101) {
        const auto fmt = format_;
        const bool keep = keep_results_;
        const auto seen = bytes_seen_;
        start(fmt, keep);
        bytes_seen_ = seen;
        return Status::need_more;
    }
    head_complete_ = true;
    if (content_length_ && *content_length_ == kMaxDeclaredLength + 2)
        return fail(errc::protocol_violation, "conflicting Content-Length headers");
    if (content_length_ && *content_length_ > kMaxDeclaredLength)
        return fail(errc::protocol_violation,
                    "Content-Length above " + std::to_string(kMaxDeclaredLength) + " bytes");
    if (te_other_ && !chunked_)
        return fail(errc::protocol_violation, "unsupported Transfer-Encoding (only chunked is understood)");
    keep_alive_ = http11_ ? !connection_close_ : connection_keep_alive_ && !connection_close_;
    status_code_ = http_status_;

    inflate_ = contains_ci(content_encoding_, "deflate") || contains_ci(content_encoding_, "gzip");
    if (!content_encoding_.empty() && !inflate_ && !iequals(content_encoding_, "identity"))
        return fail(errc::protocol_violation,
                    "unsupported Content-Encoding: " + printable(content_encoding_));
    if (inflate_) inflater_.reset();

    const bool binary_body = contains_ci(content_type_, "graphbinary");
    // A non-200 status line without a message body in the requested format carries JSON
    // ({"message": …} or a GraphSON message): collect it (bounded) and read it at the end.
    error_body_mode_ = http_status_ != 200 && !binary_body;
    if (!error_body_mode_) {
        if ((format_ == io::http4::ResponseFormat::graphbinary_v4) != binary_body)
            return fail(errc::protocol_violation, "response Content-Type '" + printable(content_type_) +
                                                      "' does not match the requested Accept");
        if (keep_results_) {
            decoder_.emplace(
                format_, io::http4::DecodeMode::materialize, [this](model::Value&& v, std::int64_t bulk) {
                    results_.push_back(bulk > 1 ? model::Value::traverser(bulk, std::move(v)) : std::move(v));
                });
        } else {
            decoder_.emplace(format_, io::http4::DecodeMode::count);
        }
    }

    // Body framing (RFC 9112 §6.3): no body for 204/304; chunked wins over Content-Length (and
    // then the connection is not reused); else Content-Length; else until the peer closes.
    if (http_status_ == 204 || http_status_ == 304) return finish_body();
    if (chunked_) {
        if (content_length_) keep_alive_ = false;
        state_ = State::chunk_size;
        return Status::need_more;
    }
    if (content_length_) {
        remaining_ = *content_length_;
        if (remaining_ == 0) return finish_body();
        state_ = State::body_length;
        return Status::need_more;
    }
    keep_alive_ = false;
    state_ = State::body_until_close;
    return Status::need_more;
}

errc ResponseReader::plain_bytes(std::string_view bytes) {
    if (error_body_mode_) {
        const std::size_t room = kMaxErrorBody - std::min(kMaxErrorBody, error_body_.size());
        error_body_.append(bytes.substr(0, std::min(room, bytes.size())));
        return errc::ok;
    }
    if (bytes.empty()) return errc::ok;
    if (version_byte_ < 0 && format_ == io::http4::ResponseFormat::graphbinary_v4)
        version_byte_ = static_cast<unsigned char>(bytes[0]);
    auto r = decoder_->feed(bytes);
    if (!r) {
        decode_error_ = r.error().to_string();
        return errc::protocol_violation;
    }
    return errc::ok;
}

errc ResponseReader::body_bytes(std::string_view piece) {
    if (piece.empty()) return errc::ok;
    return inflate_ ? inflater_.feed(piece, inflate_sink_) : plain_bytes(piece);
}

ResponseReader::Status ResponseReader::finish_body() {
    // Trailers may still follow for chunked bodies; finish_body is called when they have been read.
    return complete();
}

ResponseReader::Status ResponseReader::complete() {
    std::int32_t code = http_status_;
    std::string exception;
    std::string message;
    if (error_body_mode_ || !decoder_) {
        boost::system::error_code jec;
        const auto jv = boost::json::parse(error_body_, jec);
        if (!jec && jv.is_object()) {
            const auto& o = jv.get_object();
            const boost::json::object* status = nullptr;
            if (const auto* s = o.if_contains("status"); s && s->is_object()) status = &s->get_object();
            const auto& src = status ? *status : o;
            if (const auto* m = src.if_contains("message"); m && m->is_string())
                message = m->get_string().c_str();
            if (const auto* x = src.if_contains("exception"); x && x->is_string())
                exception = x->get_string().c_str();
            if (const auto* c = src.if_contains("code"); status && c && c->is_int64())
                code = static_cast<std::int32_t>(c->get_int64());
        } else {
            message = printable(error_body_, 512);
        }
    } else {
        auto fin = decoder_->finish();
        if (!fin || !decoder_->done())
            return fail(errc::protocol_violation, "response body ended without a status footer" +
                                                      (fin ? std::string() : ": " + fin.error().to_string()));
        code = decoder_->status_code();
        bulked_ = decoder_->bulked();
        if (decoder_->status_message()) message = *decoder_->status_message();
        if (decoder_->status_exception()) exception = *decoder_->status_exception();
        // Trailers repeat the footer; if they report an error the footer did not, believe them.
        if (code == 200 && !trailer_code_.empty() && trailer_code_ != "200") {
            int tc = 0;
            for (char ch : trailer_code_) {
                if (ch < '0' || ch > '9' || tc > 100000) {
                    tc = -1;
                    break;
                }
                tc = tc * 10 + (ch - '0');
            }
            code = tc > 0 ? tc : 500;
            if (exception.empty()) exception = trailer_exception_;
        }
    }
    status_code_ = code;
    error_ = classify_status(http_status_, code, exception);
    if (error_ != errc::ok) {
        message_ = message.empty() ? exception : (exception.empty() ? message : exception + ": " + message);
        if (message_.empty()) message_ = "HTTP " + std::to_string(http_status_);
    }
    state_ = State::done;
    return Status::done;
}

ResponseReader::Status ResponseReader::feed(std::string_view in, std::size_t& consumed) {
    std::size_t pos = 0;
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
                bool too_long = false;
                const std::size_t limit = kMaxHeadBytes - std::min(kMaxHeadBytes, head_bytes_);
                const std::size_t before = line_.size();
                const bool got = take_line(in, pos, limit, too_long);
                head_bytes_ += line_.size() - before;
                if (too_long)
                    return out(fail(errc::protocol_violation, state_ == State::trailers
                                                                  ? "trailer block larger than 64 KiB"
                                                                  : "response head larger than 64 KiB"));
                if (!got) return out(Status::need_more);
                std::string_view line = line_;
                if (line.size() < 2 || line[line.size() - 2] != '\r')
                    return out(fail(errc::protocol_violation, "response line not terminated by CRLF"));
                line.remove_suffix(2);
                if (state_ == State::status_line) {
                    // HTTP/1.x SP 3DIGIT [SP reason]
                    if (line.size() < 12 || line.substr(0, 7) != "HTTP/1." || line[7] < '0' ||
                        line[7] > '9' || line[8] != ' ' || line[9] < '1' || line[9] > '5' || line[10] < '0' ||
                        line[10] > '9' || line[11] < '0' || line[11] > '9' ||
                        (line.size() > 12 && line[12] != ' '))
                        return out(
                            fail(errc::protocol_violation, "bad status line: '" + printable(line) + "'"));
                    http11_ = line[7] != '0';
                    http_status_ = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
                    state_ = State::headers;
                } else if (line.empty()) {
                    line_.clear();
                    if (state_ == State::trailers) return out(complete());
                    const Status s = on_head_complete();
                    if (s != Status::need_more) return out(s);
                    continue;
                } else if (!on_header_line(line, state_ == State::trailers)) {
                    return out(fail(errc::protocol_violation,
                                    std::string(state_ == State::trailers ? "bad trailer" : "bad header") +
                                        " line: '" + printable(line) + "'"));
                }
                line_.clear();
                break;
            }
            case State::chunk_size: {
                bool too_long = false;
                const bool got = take_line(in, pos, kMaxChunkLine, too_long);
                if (too_long) return out(fail(errc::protocol_violation, "chunk size line longer than 4 KiB"));
                if (!got) return out(Status::need_more);
                std::string_view line = line_;
                if (line.size() < 2 || line[line.size() - 2] != '\r')
                    return out(fail(errc::protocol_violation, "chunk size line not terminated by CRLF"));
                line.remove_suffix(2);
                std::uint64_t n = 0;
                switch (backends::http1::parse_chunk_size(line, kMaxDeclaredLength, n)) {
                    case backends::http1::ChunkLine::ok:
                        break;
                    case backends::http1::ChunkLine::too_big:
                        return out(fail(errc::protocol_violation, "chunk size above " +
                                                                      std::to_string(kMaxDeclaredLength) +
                                                                      " bytes: '" + printable(line) + "'"));
                    case backends::http1::ChunkLine::malformed:
                        return out(
                            fail(errc::protocol_violation, "bad chunk size line: '" + printable(line) + "'"));
                }
                line_.clear();
                if (n == 0) {
                    state_ = State::trailers;
                    head_bytes_ = 0;
                } else {
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
                const errc e = body_bytes(in.substr(pos, take));
                pos += take;
                if (e != errc::ok)
                    return out(fail(e, decode_error_.empty()
                                           ? "bad compressed body: " + inflater_.message()
                                           : "undecodable response body: " + decode_error_));
                if (state_ == State::body_until_close) break;
                remaining_ -= take;
                if (remaining_ > 0) break;
                if (state_ == State::body_length) return out(complete());
                state_ = State::chunk_data_crlf;
                break;
            }
            case State::chunk_data_crlf: {
                // The CRLF after chunk data (possibly split across feeds).
                while (pos < in.size() && line_.size() < 2) line_.push_back(in[pos++]);
                if (line_.size() < 2) return out(Status::need_more);
                if (line_ != "\r\n")
                    return out(fail(errc::protocol_violation, "chunk data not followed by CRLF"));
                line_.clear();
                state_ = State::chunk_size;
                break;
            }
        }
    }
    if (state_ == State::done) return out(Status::done);
    if (state_ == State::failed) return out(Status::failed);
    return out(Status::need_more);
}

ResponseReader::Status ResponseReader::on_eof() {
    if (state_ == State::done) return Status::done;
    if (state_ == State::failed) return Status::failed;
    if (state_ == State::body_until_close) return complete();
    if (bytes_seen_ == 0) return fail(errc::connection_closed, "connection closed before any response byte");
    return fail(errc::connection_closed, std::string("connection closed mid-response (after ") +
                                             std::to_string(bytes_seen_) + " bytes, " +
                                             (head_complete_ ? "in the body" : "in the head") + ")");
}

}  // namespace tpbench::http4
