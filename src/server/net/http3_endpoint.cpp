// The embedded server's TinkerPop 3.x HTTP endpoint: request validation, the job that evaluates a
// request and answers with one whole response (http3_endpoint.hpp). No Beast: the listener hands
// over the method, target, headers and body as strings.
#include "http3_endpoint.hpp"

#include "http3_protocol.hpp"
#include "net_internal.hpp"
#include "result_items.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/graphson.hpp>

#include <vector>

namespace tpbench::server::detail {
namespace {

using model::Value;

std::string head_200(std::string_view content_type, std::size_t length, bool keep_alive) {
    std::string h;
    h.reserve(160);
    h += "HTTP/1.1 200 OK\r\nContent-Type: ";
    h += content_type;
    h += "\r\nContent-Length: ";
    h += std::to_string(length);
    h += "\r\n";
    if (!keep_alive) h += "Connection: close\r\n";
    h += "\r\n";
    return h;
}

struct Http3JobParams {
    std::shared_ptr<Outbox> outbox;
    Graph* graph = nullptr;
    io::ws37::Format format = io::ws37::Format::graphson_v3;
    std::string content_type;
    model::Uuid request_id{};
    Ws37Plan plan;
    bool keep_alive = true;
    std::int64_t timeout_ms = 0;
    std::optional<Clock::time_point> deadline;
    std::int64_t drop_after_results = -1;
    std::function<std::size_t()> queued;  // gremlinPool queue length, for the rejection message
};

class Http3Job final : public Job {
public:
    explicit Http3Job(Http3JobParams p)
        : p_(std::move(p)), gs_(p_.format != io::ws37::Format::graphbinary_v1), encoder_(p_.format) {}

    void reject_rate_limited() override {
        error(500, http3_rejected_message(p_.queued ? p_.queued() : 0), {});
    }
    bool single_batch() const override { return count_ <= 64; }
    void abort() override { p_.outbox->close(); }

    JobStep run(bool inline_mode, Clock::time_point yield_at) override {
        if (!started_) {
            started_ = true;
            if (p_.deadline && Clock::now() >= *p_.deadline) return timeout();
            if (p_.drop_after_results == 0) return drop();
            encoder_.set_tokens(p_.plan.materialize_tokens);
            stream_ = evaluate_ws37_plan(*p_.graph, p_.plan, p_.deadline);
            if (!stream_) return error(500, "evaluation failed", "javax.script.ScriptException");
        }
        for (;;) {
            if (remaining_ == 0) {
                if (inline_mode && Clock::now() >= yield_at) return JobStep::yielded;
                item_.element_key = nullptr;
                item_.bulk = 1;
                if (!stream_->next(item_)) break;
                if (item_.bulk <= 0) continue;
                encode_current();
                remaining_ = item_.bulk;
                if ((++items_ & 255) == 0 && p_.deadline && Clock::now() >= *p_.deadline) return timeout();
            }
            while (remaining_ > 0) {
                if (batch_.size() + cur_->size() + 1 > kHttp3MaxResponseBytes)
                    return error(500,
                                 "Could not serialize the result with " + p_.content_type +
                                     " - the response would exceed the embedded server's limit of " +
                                     std::to_string(kHttp3MaxResponseBytes) + " bytes",
                                 "org.apache.tinkerpop.gremlin.util.ser.SerializationException");
                if (gs_ && count_ > 0) batch_ += ',';
                batch_ += *cur_;
                if ((++count_ & 4095) == 0 && p_.deadline && Clock::now() >= *p_.deadline) return timeout();
                --remaining_;
                if (p_.drop_after_results > 0 && static_cast<std::int64_t>(count_) >= p_.drop_after_results)
                    return drop();
            }
        }
        if (const auto& err = stream_->error()) {
            if (err->kind == EvalError::Kind::timeout) return timeout();
            std::string msg =
                err->message.empty()
                    ? (err->exception.empty() ? std::string("evaluation failed") : err->exception)
                    : err->message;
            return error(500, std::move(msg),
                         err->exception.empty() ? "javax.script.ScriptException" : err->exception);
        }
        io::ws37::ResponseHeader h;
        h.request_id = p_.request_id;
        h.code = 200;
        h.message = std::string();
        // The envelope around the items, split where they go (GraphBinary: the List is the last
        // field; GraphSON: at a 0x01 byte, which JSON text never holds raw), so the items are
        // written as they were collected, never copied into a second buffer.
        std::string envelope;
        io::ws37::encode_response_list(envelope, p_.format, h, count_, gs_ ? std::string_view("\x01") : "");
        const std::size_t cut = gs_ ? envelope.find('\x01') : envelope.size();
        std::vector<Outbox::Entry> parts(gs_ ? 4 : 3);
        parts[1].bytes = envelope.substr(0, cut);
        parts[2].bytes = std::move(batch_);
        if (gs_) parts[3].bytes = envelope.substr(cut + 1);
        std::size_t length = 0;
        for (std::size_t i = 1; i < parts.size(); ++i) length += parts[i].bytes.size();
        parts[0].bytes = head_200(p_.content_type, length, p_.keep_alive);
        parts.back().last = true;
        // One gather write on the connection's writer.
        for (auto& e : parts)
            if (!p_.outbox->push(std::move(e))) break;
        return JobStep::done;
    }

private:
    // Bytecode results are DefaultRemoteTraverser(r, 1), one per unit of bulk (the whole response
    // is one List, so the bulk is expanded rather than carried).
    void encode_current() { cur_ = &encoder_.encode(item_, p_.plan.kind == Ws37Plan::Kind::bytecode, 1); }

    JobStep error(int status, const std::string& message, std::string_view exception) {
        Outbox::Entry e;
        e.bytes = simple_response(status, reason_phrase(status), "application/json",
                                  http3_error_body(bounded_error_message(message), exception, p_.request_id),
                                  p_.keep_alive);
        e.last = true;
        p_.outbox->push(std::move(e));
        return JobStep::done;
    }
    JobStep timeout() {
        return error(500,
                     p_.plan.kind == Ws37Plan::Kind::bytecode
                         ? ws37_bytecode_timeout_message(p_.plan.bytecode.to_string())
                         : ws37_script_timeout_message(p_.timeout_ms, p_.plan.script),
                     "java.util.concurrent.TimeoutException");
    }
    // drop-after-results: the connection closes before any byte of the response.
    JobStep drop() {
        Outbox::Entry e;
        e.close_after = true;
        e.last = true;
        p_.outbox->push(std::move(e));
        return JobStep::done;
    }

    Http3JobParams p_;
    bool gs_;
    bool started_ = false;
    std::unique_ptr<ResultStream> stream_;
    Item item_;
    const std::string* cur_ = nullptr;
    std::int64_t remaining_ = 0;
    std::string batch_;
    std::size_t count_ = 0;
    std::uint64_t items_ = 0;  // distinct items pulled (the deadline is checked every 256)
    ResultItemEncoder encoder_;
};

}  // namespace

Http3Start start_http3(ServerState& st, const std::shared_ptr<Outbox>& ob, bool get, std::string_view target,
                       std::string_view content_type, std::string_view accept, std::string_view body,
                       bool keep_alive) {
    Http3Start out;
    out.keep_alive = keep_alive;
    auto refuse = [&](int status, std::string_view message, std::string_view exception,
                      const std::optional<model::Uuid>& id) {
        out.immediate = simple_response(status, reason_phrase(status), "application/json",
                                        http3_error_body(message, exception, id), keep_alive);
        return out;
    };
    if (target == "/favicon.ico")
        return refuse(404, "Gremlin Server doesn't have a favicon.ico", {}, std::nullopt);
    Http3Request req;
    if (auto rej = read_http3_request(get, target, content_type, body, req, st.cfg.max_parameters)) {
        // A 500 (the request was read, its evaluation refused) names the request's id, a generated
        // one when the client sent none, as 3.7.5 does.
        if (rej->status == 500 && !rej->request_id) {
            model::Uuid u{};
            model::uuid_from_string(random_uuid_text(), u);
            rej->request_id = u;
        }
        return refuse(rej->status, rej->message, {}, rej->request_id);
    }
    const model::Uuid id = req.request_id ? *req.request_id : [] {
        model::Uuid u{};
        model::uuid_from_string(random_uuid_text(), u);
        return u;
    }();
    auto choice = negotiate_http3_accept(accept);
    if (!choice)
        return refuse(400, "no serializer for requested Accept header: " + std::string(accept), {}, id);
    if (req.plan.kind == Ws37Plan::Kind::eval && req.plan.language != "gremlin-groovy" &&
        req.plan.language != "gremlin-lang")
        return refuse(500, "Language [" + req.plan.language + "] not supported",
                      "java.lang.IllegalArgumentException", id);
    std::int64_t drop_after_results = -1;
    if (st.faults) {
        auto d = st.faults->next(FaultPlan::Protocol::http3);
        if (d.status != 0) return refuse(d.status, fault_status_message(d.status), {}, id);
        drop_after_results = d.drop_after_results;
    }
    Http3JobParams p;
    p.outbox = ob;
    p.graph = st.graph.get();
    p.format = choice->format;
    p.content_type = std::move(choice->content_type);
    p.request_id = id;
    p.keep_alive = keep_alive;
    p.timeout_ms = req.plan.timeout_ms.value_or(st.cfg.evaluation_timeout.count());
    if (p.timeout_ms > 0) p.deadline = Clock::now() + std::chrono::milliseconds(p.timeout_ms);
    p.drop_after_results = drop_after_results;
    WorkPool* pool = st.pool.get();
    p.queued = [pool] { return pool->queued(); };
    std::string key;
    if (req.plan.kind == Ws37Plan::Kind::eval && req.plan.bindings.size() == 0) {
        key.reserve(req.plan.script.size() + 32);
        key = "h3|";
        key += req.plan.language;
        key += '|';
        key += req.plan.script;
    }
    p.plan = std::move(req.plan);
    dispatch_job(st, std::make_shared<Http3Job>(std::move(p)), std::move(key));
    return out;
}

}  // namespace tpbench::server::detail
