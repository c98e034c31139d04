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
using backends::http1::printable;

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

ResponseReader::ResponseReader() {
    backends::http1::ParserOptions o;
    o.reject_ctl = true;
    o.trailer_fields = false;
    o.max_body = kDefaultMaxBody;
    parser_.set_options(o);
}

void ResponseReader::set_max_body(std::uint64_t n) noexcept {
    backends::http1::ParserOptions o = parser_.options();
    o.max_body = n;
    parser_.set_options(o);
}

void ResponseReader::start(io::ws37::Format format, bool keep_results,
                           std::optional<model::Uuid> expected_id) {
    format_ = format;
    keep_results_ = keep_results;
    expected_id_ = expected_id;
    parser_.start(this);
    body_.clear();
    status_code_ = 0;
    result_count_ = 0;
    request_id_.reset();
    exceptions_.clear();
    results_.clear();
}

bool ResponseReader::on_head(Parser& p) {
    const std::string& encoding = p.content_encoding();
    if (!encoding.empty() && !iequals(encoding, "identity")) {
        p.fail(errc::protocol_violation,
               "unexpected Content-Encoding '" + printable(encoding) + "' (none was asked for)");
        return false;
    }
    status_code_ = p.status();
    return true;
}

bool ResponseReader::on_body(Parser&, std::string_view piece) {
    body_.append(piece.data(), piece.size());  // bounded by the parser's max_body
    return true;
}

ResponseReader::Status ResponseReader::on_complete(Parser& p) {
    const int http_status = p.status();
    if (http_status == 200) {
        const bool binary = format_ == io::ws37::Format::graphbinary_v1;
        const bool binary_body = contains_ci(p.content_type(), "graphbinary");
        const bool json_body = contains_ci(p.content_type(), "json");
        if (binary ? !binary_body : !json_body)
            return p.fail(errc::protocol_violation, "response Content-Type '" + printable(p.content_type()) +
                                                        "' does not match the requested Accept");
        std::function<void(model::Value &&)> on_item;
        if (keep_results_) on_item = [this](model::Value&& v) { results_.push_back(std::move(v)); };
        auto s = io::ws37::scan_response(body_, format_, on_item, shortcuts_ ? &scan_cache_ : nullptr);
        if (!s)
            return p.fail(errc::protocol_violation, "undecodable ResponseMessage: " + s.error().to_string());
        request_id_ = s.value().request_id;
        if (expected_id_ && request_id_ != expected_id_)
            return p.fail(errc::protocol_violation,
                          "the ResponseMessage names requestId " +
                              (request_id_ ? model::uuid_to_string(*request_id_) : std::string("null")) +
                              ", the request sent " + model::uuid_to_string(*expected_id_));
        status_code_ = s.value().code;
        result_count_ = s.value().result_count;
        const errc e = classify(200, status_code_, {}, s.value().message);
        if (e != errc::ok)
            p.set_outcome(
                e, s.value().message.empty() ? "status " + std::to_string(status_code_) : s.value().message);
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
    const errc e = classify(http_status, http_status, exceptions_, message);
    std::string m = exceptions_.empty() || message.find(exceptions_.front()) != std::string::npos
                        ? message
                        : exceptions_.front() + ": " + message;
    if (message.empty()) m = "HTTP " + std::to_string(http_status);
    p.set_outcome(e, std::move(m));
    return Status::done;
}

}  // namespace tpbench::http3
