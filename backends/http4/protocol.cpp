// The http4 client protocol core: request rendering and the incremental response reader
// (protocol.hpp). Pure: no Asio, no sockets.
#include "backends/http4/protocol.hpp"

#include "backends/http4/status.hpp"

#include "backends/common/http1_text.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cstring>
#include <functional>

namespace tpbench::http4 {
namespace {

constexpr std::size_t kMaxErrorBody = 1024 * 1024;  // a JSON error body larger than this is cut

using backends::http1::contains_ci;
using backends::http1::iequals;
using backends::http1::printable;
using backends::http1::token_equals_lower;

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
    // on_field reads X-Transaction-Id in the head and code / exception in the trailers: the
    // parser skips fields of other name lengths without calling it.
    backends::http1::ParserOptions o;
    o.head_field_lengths = backends::http1::field_lengths({"x-transaction-id"});
    o.trailer_field_lengths = backends::http1::field_lengths({"code", "exception"});
    o.record_skipped = true;  // for memo_
    parser_.set_options(o);
}
ResponseReader::~ResponseReader() = default;

void ResponseReader::set_shortcuts(bool on) {
    shortcuts_ = on;
    memo_.valid = false;
    if (decoder_) decoder_->set_shortcuts(on);
}

void ResponseReader::start(io::http4::ResponseFormat format, bool keep_results) {
    format_ = format;
    keep_results_ = keep_results;
    parser_.start(this);
    trailer_code_.clear();
    transaction_id_.clear();
    trailer_exception_.clear();
    inflate_ = false;
    error_body_mode_ = false;
    error_body_.clear();
    decoding_ = false;
    decode_error_.clear();
    results_.clear();
    status_code_ = 0;
    bulked_ = false;
    version_byte_ = -1;
    replayed_results_ = 0;
}

bool ResponseReader::ResponseMemo::match(std::string_view in) noexcept {
    if (in.size() != bytes.size()) return false;
    // The skipped values are copied into the remembered bytes (what they hold does not matter),
    // then one compare covers the rest.
    for (std::size_t i = 0; i < skipped_count; ++i) {
        const auto& v = skipped[i];
        const char* const p = in.data() + v.offset;
        if (std::memchr(p, '\n', v.size) != nullptr) return false;
        std::memcpy(bytes.data() + v.offset, p, v.size);
    }
    return std::memcmp(in.data(), bytes.data(), in.size()) == 0;
}

ResponseReader::Status ResponseReader::feed_first(std::string_view in, std::size_t& consumed) {
    if (shortcuts_ && memo_.valid && memo_.format == format_ && !keep_results_ && memo_.match(in)) {
        parser_.replay(memo_.parsed);
        status_code_ = memo_.status_code;
        bulked_ = memo_.bulked;
        version_byte_ = memo_.version_byte;
        replayed_results_ = memo_.results;
        memo_.misses = 0;
        ++replayed_;
        consumed = in.size();
        return Status::done;
    }
    // Parsed: the memo is replaced by this response or forgotten (the parser's Content-Type is
    // this response's from now on). After 8 parses in a row (responses that differ), only every
    // 64th is remembered: a stream of different responses does not pay for a copy each.
    memo_.valid = false;
    ++memo_.misses;
    const Status st = parser_.feed(in, consumed);
    if (!shortcuts_ || (memo_.misses > 8 && memo_.misses % 64 != 0) || st != Status::done ||
        consumed != in.size() || in.size() > ResponseMemo::kMax || keep_results_ || !decoding_ || inflate_ ||
        parser_.error() != errc::ok || !transaction_id_.empty() || !parser_.content_encoding().empty() ||
        parser_.options().reject_ctl)
        return st;
    const auto skipped = parser_.skipped_values();
    if (!skipped) return st;
    memo_.bytes.assign(in.data(), in.size());
    std::copy_n(skipped->first, skipped->second, memo_.skipped);
    memo_.skipped_count = skipped->second;
    memo_.format = format_;
    memo_.parsed = parser_.completed();
    memo_.status_code = status_code_;
    memo_.bulked = bulked_;
    memo_.version_byte = version_byte_;
    memo_.results = decoder_->result_count();
    memo_.valid = true;
    return st;
}

std::uint64_t ResponseReader::result_count() const noexcept {
    return decoding_ ? decoder_->result_count() : replayed_results_;
}

void ResponseReader::on_field(std::string_view name, std::string_view value, bool trailer) {
    if (trailer) {
        if (token_equals_lower(name, "code"))
            trailer_code_.assign(value);
        else if (token_equals_lower(name, "exception"))
            trailer_exception_.assign(value);
        return;
    }
    if (token_equals_lower(name, "x-transaction-id")) transaction_id_.assign(value);
}

void ResponseReader::on_interim() { transaction_id_.clear(); }

bool ResponseReader::on_head(Parser& p) {
    status_code_ = p.status();
    const std::string& encoding = p.content_encoding();
    inflate_ = contains_ci(encoding, "deflate") || contains_ci(encoding, "gzip");
    if (!encoding.empty() && !inflate_ && !iequals(encoding, "identity")) {
        p.fail(errc::protocol_violation, "unsupported Content-Encoding: " + printable(encoding));
        return false;
    }
    if (inflate_) inflater_.reset();

    // The server sends the same Content-Type on every response: classify each distinct one once
    // (the parser's serial changes with the value).
    if (p.content_type_serial() != last_content_type_serial_) {
        last_content_type_serial_ = p.content_type_serial();
        last_binary_ = contains_ci(p.content_type(), "graphbinary");
    }
    const bool binary_body = last_binary_;
    // A non-200 status line without a message body in the requested format carries JSON
    // ({"message": …} or a GraphSON message): collect it (bounded) and read it at the end.
    error_body_mode_ = p.status() != 200 && !binary_body;
    if (!error_body_mode_) {
        if ((format_ == io::http4::ResponseFormat::graphbinary_v4) != binary_body) {
            p.fail(errc::protocol_violation, "response Content-Type '" + printable(p.content_type()) +
                                                 "' does not match the requested Accept");
            return false;
        }
        // One decoder per reader, reset per response (no allocation once its buffer has grown).
        const auto mode = keep_results_ ? io::http4::DecodeMode::materialize : io::http4::DecodeMode::count;
        if (decoder_ && decoder_collects_ == keep_results_) {
            decoder_->restart(format_, mode);  // its callback is the one this response needs
        } else {
            std::function<void(model::Value&&, std::int64_t)> on_item;
            if (keep_results_)
                on_item = [this](model::Value&& v, std::int64_t bulk) {
                    results_.push_back(bulk > 1 ? model::Value::traverser(bulk, std::move(v)) : std::move(v));
                };
            if (decoder_)
                decoder_->reset(format_, mode, std::move(on_item));
            else
                decoder_.emplace(format_, mode, std::move(on_item));
            decoder_->set_shortcuts(shortcuts_);
            decoder_collects_ = keep_results_;
        }
        decoding_ = true;
    }
    return true;
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

bool ResponseReader::on_body(Parser& p, std::string_view piece) {
    const errc e = inflate_ ? inflater_.feed(piece, inflate_sink_) : plain_bytes(piece);
    if (e == errc::ok) return true;
    p.fail(e, decode_error_.empty() ? "bad compressed body: " + inflater_.message()
                                    : "undecodable response body: " + decode_error_);
    return false;
}

ResponseReader::Status ResponseReader::on_complete(Parser& p) {
    const int http_status = p.status();
    std::int32_t code = http_status;
    std::string exception;
    std::string message;
    if (error_body_mode_ || !decoding_) {
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
            return p.fail(errc::protocol_violation,
                          "response body ended without a status footer" +
                              (fin ? std::string() : ": " + fin.error().to_string()));
        code = decoder_->status_code();
        bulked_ = decoder_->bulked();
        if (decoder_->status_message()) message = *decoder_->status_message();
        if (decoder_->status_exception()) exception = *decoder_->status_exception();
        // Trailers repeat the footer; if they report an error the footer did not, believe them.
        if (code == 200 && !trailer_code_.empty() && std::string_view(trailer_code_) != "200") {
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
    const errc e = classify_status(http_status, code, exception);
    if (e != errc::ok) {
        std::string m =
            message.empty() ? exception : (exception.empty() ? message : exception + ": " + message);
        if (m.empty()) m = "HTTP " + std::to_string(http_status);
        p.set_outcome(e, std::move(m));
    }
    return Status::done;
}

}  // namespace tpbench::http4
