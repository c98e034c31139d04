// The http3 client protocol core: request rendering and the incremental response reader
// (protocol.hpp). Pure: no Asio, no sockets.
#include "backends/http3/protocol.hpp"

#include <tpbench/io/graphson.hpp>

#include "backends/common/http1_text.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <functional>

namespace tpbench::http3 {
namespace {

constexpr std::size_t kMaxErrorBody = 1024 * 1024;  // an error body is read up to this size

using backends::http1::contains_ci;
using backends::http1::iequals;
using backends::http1::is_tchar;
using backends::http1::last_coding;
using backends::http1::lists_token;
using backends::http1::printable;
using backends::http1::trim;

// RFC 9110: no control characters (other than HTAB) in a field value or reason phrase.
bool has_ctl(std::string_view s) noexcept {
    return std::any_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && u != '\t') || u == 0x7f;
    });
}

// Whether an exception class name (simple or qualified) is `simple`.
bool names(std::string_view exception, std::string_view simple) noexcept {
    if (exception.size() < simple.size()) return false;
    if (exception.substr(exception.size() - simple.size()) != simple) return false;
    return exception.size() == simple.size() || exception[exception.size() - simple.size() - 1] == '.' ||
           exception[exception.size() - simple.size() - 1] == '$';
}

bool any_names(const std::vector<std::string>& list, std::string_view simple) noexcept {
    return std::any_of(list.begin(), list.end(), [&](const std::string& e) { return names(e, simple); });
}

void plain_json(std::string& out, const model::Value& v) {
    io::GsOptions o;
    o.version = io::GsVersion::v3;
    o.typed = false;
    io::gs_write(out, v, o);
}

void percent_encode(std::string& out, std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
            c == '.' || c == '_' || c == '~') {
            out.push_back(ch);
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
}

}  // namespace

void json_body(std::string& out, const RequestParts& r) {
    out += "{\"gremlin\":";
    io::write_json_string(out, r.gremlin);
    if (r.bindings && r.bindings->type() == model::Type::map && r.bindings->size() > 0) {
        out += ",\"bindings\":";
        plain_json(out, *r.bindings);
    }
    if (!r.language.empty()) {
        out += ",\"language\":";
        io::write_json_string(out, r.language);
    }
    if (!r.alias.empty()) {
        out += ",\"aliases\":{\"g\":";
        io::write_json_string(out, r.alias);
        out += '}';
    }
    out += '}';
}

std::string get_target(std::string_view path, const RequestParts& r) {
    std::string t(path.empty() ? std::string_view("/") : path);
    t += "?gremlin=";
    percent_encode(t, r.gremlin);
    if (r.bindings && r.bindings->type() == model::Type::map) {
        const auto& b = *r.bindings;
        for (std::size_t i = 0; i + 1 < b.size(); i += 2) {
            t += "&bindings.";
            percent_encode(t, b[i].type() == model::Type::string ? b[i].str() : b[i].to_string());
            t += '=';
            const model::Value& v = b[i + 1];
            if (v.type() == model::Type::string) {
                percent_encode(t, v.str());
            } else {
                std::string j;
                plain_json(j, v);
                percent_encode(t, j);
            }
        }
    }
    if (!r.language.empty()) {
        t += "&language=";
        percent_encode(t, r.language);
    }
    if (!r.alias.empty()) {
        t += "&aliases.g=";
        percent_encode(t, r.alias);
    }
    return t;
}

void serialized_body(std::string& out, io::ws37::Format f, const model::Uuid& request_id,
                     const RequestParts& r, const model::Value* bytecode,
                     std::optional<std::int64_t> evaluation_timeout_ms) {
    io::ws37::RequestMessage m;
    m.request_id = request_id;
    std::vector<model::Value> kv;
    auto add = [&kv](const char* k, model::Value v) {
        kv.push_back(model::Value::string(k));
        kv.push_back(std::move(v));
    };
    if (bytecode) {
        m.op = "bytecode";
        m.processor = "traversal";
        add("gremlin", *bytecode);
    } else {
        m.op = "eval";
        add("gremlin", model::Value::string(std::string(r.gremlin)));
        if (r.bindings && r.bindings->type() == model::Type::map && r.bindings->size() > 0)
            add("bindings", *r.bindings);
        if (!r.language.empty()) add("language", model::Value::string(std::string(r.language)));
    }
    if (!r.alias.empty() || bytecode)
        add("aliases",
            model::Value::map({model::Value::string("g"),
                               model::Value::string(r.alias.empty() ? "g" : std::string(r.alias))}));
    if (evaluation_timeout_ms) add("evaluationTimeout", model::Value::long_(*evaluation_timeout_ms));
    m.args = model::Value::map(std::move(kv));
    io::ws37::encode_request(out, m, f, f == io::ws37::Format::graphbinary_v1);
}

void write_request(std::string& out, std::string_view method, std::string_view target,
                   const HeaderList& headers, std::string_view body, bool with_body) {
    out.reserve(out.size() + 256 + target.size() + body.size());
    out += method;
    out.push_back(' ');
    out += target;
    out += " HTTP/1.1\r\n";
    for (const auto& [n, v] : headers) {
        out += n;
        out += ": ";
        out += v;
        out += "\r\n";
    }
    if (with_body) {
        out += "Content-Length: ";
        out += std::to_string(body.size());
        out += "\r\n\r\n";
        out.append(body.data(), body.size());
    } else {
        out += "\r\n";
    }
}

errc classify(int http_status, std::int32_t code, const std::vector<std::string>& exceptions,
              std::string_view message) noexcept {
    if (http_status == 200) {
        switch (code) {
            case 200:
            case 204:
                return errc::ok;
            case 401:
            case 403:
            case 407:
                return errc::auth_failed;
            case 429:
                return errc::server_rate_limited;
            case 498:
            case 499:
                return errc::server_bad_request;
            case 597:
                return errc::server_evaluation;
            case 598:
                return errc::server_timeout;
            case 599:
                return errc::server_serialization;
            default:
                return errc::server_error;
        }
    }
    switch (http_status) {
        case 401:
        case 403:
            return errc::auth_failed;
        case 400:
        case 404:
        case 405:
        case 413:
        case 414:
        case 431:
        case 505:
            return errc::server_bad_request;
        case 429:
            return errc::server_rate_limited;
        case 500:
            if (any_names(exceptions, "TimeoutException") || any_names(exceptions, "TimedOutException"))
                return errc::server_timeout;
            if (any_names(exceptions, "RejectedExecutionException") ||
                message.find(" rejected from ") != std::string_view::npos)
                return errc::server_rate_limited;
            if (any_names(exceptions, "SerializationException") ||
                message.substr(0, 29) == "Could not serialize the resul")
                return errc::server_serialization;
            if (!exceptions.empty()) return errc::server_evaluation;
            return errc::server_error;
        default:
            return errc::server_error;
    }
}

// ---- ResponseReader -------------------------------------------------------------------------------

void ResponseReader::reset_response() {
    state_ = State::status_line;
    line_.clear();
    head_bytes_ = 0;
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
    remaining_ = 0;
    body_.clear();
}

void ResponseReader::start(io::ws37::Format format, bool keep_results,
                           std::optional<model::Uuid> expected_id) {
    format_ = format;
    keep_results_ = keep_results;
    expected_id_ = expected_id;
    reset_response();
    bytes_seen_ = 0;
    error_ = errc::ok;
    message_.clear();
    status_code_ = 0;
    result_count_ = 0;
    keep_alive_ = false;
    request_id_.reset();
    exceptions_.clear();
    results_.clear();
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
    return lf != std::string_view::npos;
}

bool ResponseReader::on_header_line(std::string_view line) {
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    const std::string_view name = line.substr(0, colon);
    for (char c : name)
        if (!is_tchar(c)) return false;
    const std::string_view value = trim(line.substr(colon + 1));
    if (has_ctl(value)) return false;
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
                content_length_ = kMaxDeclaredLength + 1;
                return true;
            }
        }
        if (content_length_ && *content_length_ != n) {
            content_length_ = kMaxDeclaredLength + 2;
            return true;
        }
        content_length_ = n;
    } else if (iequals(name, "connection")) {
        if (lists_token(value, "close")) connection_close_ = true;
        if (lists_token(value, "keep-alive")) connection_keep_alive_ = true;
    }
    return true;
}

ResponseReader::Status ResponseReader::on_head_complete() {
    if (http_status_ >= 100 && http_status_ < 200 && http_status_ != 101) {  // 100 Continue etc.
        reset_response();
        return Status::need_more;
    }
    head_complete_ = true;
    if (content_length_ && *content_length_ == kMaxDeclaredLength + 2)
        return fail(errc::protocol_violation, "conflicting Content-Length headers");
    if (content_length_ && *content_length_ > std::min(kMaxDeclaredLength, max_body_))
        return fail(errc::protocol_violation, "response Content-Length above the limit of " +
                                                  std::to_string(std::min(kMaxDeclaredLength, max_body_)) +
                                                  " bytes (option maxResponseBytes)");
    if (te_other_ && !chunked_)
        return fail(errc::protocol_violation, "unsupported Transfer-Encoding (only chunked is understood)");
    if (!content_encoding_.empty() && !iequals(content_encoding_, "identity"))
        return fail(errc::protocol_violation, "unexpected Content-Encoding '" + printable(content_encoding_) +
                                                  "' (none was asked for)");
    keep_alive_ = http11_ ? !connection_close_ : connection_keep_alive_ && !connection_close_;
    status_code_ = http_status_;
    if (http_status_ == 204 || http_status_ == 304) return complete();
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

bool ResponseReader::body_bytes(std::string_view piece) {
    if (body_.size() + piece.size() > max_body_) return false;
    body_.append(piece.data(), piece.size());
    return true;
}

ResponseReader::Status ResponseReader::complete() {
    state_ = State::done;
    if (http_status_ == 200) {
        const bool binary = format_ == io::ws37::Format::graphbinary_v1;
        const bool binary_body = contains_ci(content_type_, "graphbinary");
        const bool json_body = contains_ci(content_type_, "json");
        if (binary ? !binary_body : !json_body)
            return fail(errc::protocol_violation, "response Content-Type '" + printable(content_type_) +
                                                      "' does not match the requested Accept");
        std::function<void(model::Value &&)> on_item;
        if (keep_results_) on_item = [this](model::Value&& v) { results_.push_back(std::move(v)); };
        auto s = io::ws37::scan_response(body_, format_, on_item);
        if (!s)
            return fail(errc::protocol_violation, "undecodable ResponseMessage: " + s.error().to_string());
        request_id_ = s.value().request_id;
        if (expected_id_ && request_id_ != expected_id_)
            return fail(errc::protocol_violation,
                        "the ResponseMessage names requestId " +
                            (request_id_ ? model::uuid_to_string(*request_id_) : std::string("null")) +
                            ", the request sent " + model::uuid_to_string(*expected_id_));
        status_code_ = s.value().code;
        result_count_ = s.value().result_count;
        error_ = classify(200, status_code_, {}, s.value().message);
        if (error_ != errc::ok)
            message_ =
                s.value().message.empty() ? "status " + std::to_string(status_code_) : s.value().message;
        body_.clear();
        return Status::done;
    }
    // An error: a JSON object {"message", "Exception-Class", "exceptions", "stackTrace", "requestId"}
    // (or anything else a proxy may send).
    std::string message;
    boost::system::error_code jec;
    const auto jv = boost::json::parse(std::string_view(body_).substr(0, kMaxErrorBody), jec);
    if (!jec && jv.is_object()) {
        const auto& o = jv.get_object();
        if (const auto* m = o.if_contains("message"); m && m->is_string()) message = m->get_string().c_str();
        if (const auto* x = o.if_contains("Exception-Class"); x && x->is_string())
            exceptions_.emplace_back(x->get_string().c_str());
        if (const auto* xs = o.if_contains("exceptions"); xs && xs->is_array())
            for (const auto& e : xs->get_array())
                if (e.is_string()) exceptions_.emplace_back(e.get_string().c_str());
        if (const auto* id = o.if_contains("requestId"); id && id->is_string()) {
            model::Uuid u{};
            if (model::uuid_from_string(std::string_view(id->get_string().data(), id->get_string().size()),
                                        u))
                request_id_ = u;
        }
    } else {
        message = printable(body_, 512);
    }
    body_.clear();
    error_ = classify(http_status_, http_status_, exceptions_, message);
    message_ = exceptions_.empty() || message.find(exceptions_.front()) != std::string::npos
                   ? message
                   : exceptions_.front() + ": " + message;
    if (message.empty()) message_ = "HTTP " + std::to_string(http_status_);
    return Status::done;
}

ResponseReader::Status ResponseReader::feed(std::string_view in, std::size_t& consumed) {
    std::size_t pos = 0;
    auto out = [&](Status s) {
        consumed = pos;
        bytes_seen_ += pos;
        return s;
    };
    auto too_big = [&] {
        return out(fail(errc::protocol_violation, "response body above the limit of " +
                                                      std::to_string(max_body_) +
                                                      " bytes (option maxResponseBytes)"));
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
                    if (line.size() < 12 || line.substr(0, 7) != "HTTP/1." || line[7] < '0' ||
                        line[7] > '9' || line[8] != ' ' || line[9] < '1' || line[9] > '5' || line[10] < '0' ||
                        line[10] > '9' || line[11] < '0' || line[11] > '9' ||
                        (line.size() > 12 && line[12] != ' ') || has_ctl(line))
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
                } else if (state_ == State::headers && !on_header_line(line)) {
                    return out(fail(errc::protocol_violation, "bad header line: '" + printable(line) + "'"));
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
                    if (body_.size() + n > max_body_) return too_big();
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
                if (!body_bytes(in.substr(pos, take))) return too_big();
                pos += take;
                if (state_ == State::body_until_close) break;
                remaining_ -= take;
                if (remaining_ > 0) break;
                if (state_ == State::body_length) return out(complete());
                state_ = State::chunk_data_crlf;
                break;
            }
            case State::chunk_data_crlf: {
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

}  // namespace tpbench::http3
