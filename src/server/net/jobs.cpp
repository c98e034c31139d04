#include "jobs.hpp"

#include "result_items.hpp"

#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/graphson.hpp>

#include <zlib.h>

#include <algorithm>
#include <stdexcept>

namespace tpbench::server::detail {

using model::Value;

const std::string& ElementCache::put(const void* key, std::string bytes) {
    if (bytes_ + bytes.size() > max_bytes_) {
        overflow_ = std::move(bytes);
        return overflow_;
    }
    bytes_ += bytes.size();
    auto [it, inserted] = map_.emplace(key, std::move(bytes));
    return it->second;
}

std::unique_ptr<ResultStream> evaluate_ws37_plan(Graph& graph, const Ws37Plan& plan,
                                                 std::optional<Clock::time_point> deadline) {
    EvalOptions o;
    o.language = plan.language;
    o.bindings = plan.bindings;
    o.materialize_tokens = plan.materialize_tokens;
    o.deadline = deadline;
    return plan.kind == Ws37Plan::Kind::bytecode ? evaluate_bytecode(graph, plan.bytecode, o)
                                                 : evaluate_script(graph, plan.script, o);
}

const std::string& ResultItemEncoder::encode(const Item& item, bool traverser, std::int64_t bulk) {
    if (!gs_) {
        if (item.element_key != nullptr) {
            const std::string* hit = cache_.find(item.element_key);
            if (hit == nullptr) {
                std::string b;
                io::gb_write(b, materialize(item, tokens_), io::GbVersion::v1);
                hit = &cache_.put(item.element_key, std::move(b));
            }
            if (!traverser) return *hit;
            scratch_.clear();
            scratch_ += '\x21';
            scratch_ += '\x00';
            io::gb::put_i64(scratch_, bulk);
            scratch_ += *hit;
            return scratch_;
        }
        scratch_.clear();
        if (traverser) {
            scratch_ += '\x21';
            scratch_ += '\x00';
            io::gb::put_i64(scratch_, bulk);
        }
        io::gb_write(scratch_, item.value, io::GbVersion::v1);
        return scratch_;
    }
    io::GsOptions o;
    o.version = io::GsVersion::v3;
    o.typed = typed_;
    if (!traverser && item.element_key != nullptr) {
        const std::string* hit = cache_.find(item.element_key);
        if (hit == nullptr) {
            std::string b;
            io::gs_write(b, materialize(item, tokens_), o);
            hit = &cache_.put(item.element_key, std::move(b));
        }
        return *hit;
    }
    scratch_.clear();
    Value v = item.element_key != nullptr ? materialize(item, tokens_) : item.value;
    if (traverser) v = Value::traverser(bulk, std::move(v));
    io::gs_write(scratch_, v, o);
    return scratch_;
}

namespace {

// The http4 exception of a response ended (or refused) by the graceful shutdown.
const std::string kShutdownException = "ServiceUnavailableException";

Value error_attributes(const std::string& exception, const std::string& message) {
    std::string ex = exception.empty() ? std::string("ServerErrorException") : exception;
    return Value::map({Value::string("exceptions"), Value::list({Value::string(ex)}),
                       Value::string("stackTrace"),
                       Value::string(ex + ": " + bounded_error_message(message) +
                                     "\n\tat tpbench.server.gremlin(embedded)")});
}

// The exception the fail() step reports (steps_sidefx.cpp).
constexpr std::string_view kFailException = "FailException";

// Failure.format()'s frame around the fail() message. The Traverser/Traversal/Metadata lines of the
// Java server's text are not given: the evaluator reports only the message.
std::string fail_step_message(const std::string& message) {
    const std::string line = "Message  > " + message;
    const std::string sep(line.size(), '=');
    return "fail() Step Triggered\n" + sep + "\n" + line + "\n" + sep;
}

// Room reserved in a ws37 frame for the envelope around the batch (ids, status, attributes).
constexpr std::size_t ws_envelope_reserve = 512;

// A run of byte-identical batches. When one result item fills whole batches (a script response
// streams a traverser of bulk b as b copies of its value: times(18) is six vertices with bulks in
// the millions), every full non-final batch of that item encodes to the same bytes, so after the
// first one is built result by result, the next ones are sent as copies of its encoded message
// (ws37 frame payload, http4 chunk). Every result still goes on the wire: only the per-result
// appending is skipped. Keyed by the item's encoded bytes, compared once per item, not per result.
class BatchRun {
public:
    // A new item is current; `bytes`: its encoding (null when it is not a cached encoding).
    void on_item(const std::string* bytes) {
        ++seq_;
        hit_ = bytes != nullptr && n_ > 0 && *bytes == item_;
    }
    // One result of the current item goes into a batch that holds `count` results so far.
    void on_append(std::int32_t count) noexcept {
        if (count == 0) {
            first_seq_ = seq_;
            uniform_ = true;
        } else if (seq_ != first_seq_) {
            uniform_ = false;
        }
    }
    // A full, non-final batch of `count` results went out as `message`; remembered when all of
    // them were the current item (`bytes`) and nothing but the batch decides the message's bytes.
    void on_full_batch(const std::string* bytes, std::int32_t count, const std::string& message) {
        if (!uniform_ || first_seq_ != seq_ || bytes == nullptr || count <= 0) return;
        if (n_ != count || *bytes != item_) {
            item_ = *bytes;
            n_ = count;
        }
        message_ = message;
        hit_ = true;
    }
    // The results a copy of the remembered message stands for, when the next batch (the batch
    // being empty, `remaining` results of the current item left) is that message: more than one
    // batch is left, so this one is full and not final. 0: build the batch.
    std::int32_t ready(std::int32_t count, std::int64_t remaining) const noexcept {
        return count == 0 && hit_ && remaining > n_ ? n_ : 0;
    }
    // How many copies in a row (of `n` = ready() results each) the next entry can carry: each
    // one is followed by more results, at most kMaxCopies (one gathered write of the ws37 writer).
    static std::uint32_t copies(std::int32_t n, std::int64_t remaining) noexcept {
        const std::int64_t fit = (remaining - 1) / n;
        return static_cast<std::uint32_t>(std::clamp<std::int64_t>(fit, 1, kMaxCopies));
    }
    static constexpr std::int64_t kMaxCopies = 32;

    // The entry of copies of the remembered message (`n` = ready() results each) that the next
    // push carries: as many as copies() allows; their results are taken off `remaining` and the
    // copies counted in `flushes` (each one is a full, non-final batch).
    Outbox::Entry copies_entry(std::int32_t n, std::int64_t& remaining, std::uint64_t& flushes) const {
        Outbox::Entry e;
        e.bytes = message_;
        e.copies = copies(n, remaining);
        remaining -= static_cast<std::int64_t>(n) * e.copies;
        flushes += e.copies;
        return e;
    }

private:
    std::string item_;     // the item's encoding
    std::string message_;  // the encoded batch of n_ copies of it
    std::int32_t n_ = 0;
    bool hit_ = false;  // the current item is item_
    bool uniform_ = false;
    std::uint64_t seq_ = 0, first_seq_ = 0;
};

// ================================================================================================
class Ws37Job final : public Job {
public:
    explicit Ws37Job(Ws37JobParams p) : p_(std::move(p)), encoder_(p_.format) {
        if (p_.batch_size <= 0) p_.batch_size = 64;
        gs_ = p_.format != io::ws37::Format::graphbinary_v1;
        batch_size_ = p_.batch_size;
        clamp_batch_to_drop();
    }

    void reject_rate_limited() override {
        push_ws37_final(*p_.outbox, p_.format, p_.text_frames, p_.request_id, 429, "Rate limiting");
    }
    void reject_over_budget(std::string message) override {
        push_ws37_final(*p_.outbox, p_.format, p_.text_frames, p_.request_id, 596, message,
                        error_attributes("ServerMemoryBudgetException", message));
    }
    void reject_shutting_down(std::string message) override {
        push_ws37_final(*p_.outbox, p_.format, p_.text_frames, p_.request_id, 596, message,
                        error_attributes("ServerShutdownException", message));
    }
    std::size_t request_bytes() const override {
        return p_.request_bytes != 0 ? p_.request_bytes : p_.plan.script.size();
    }
    bool single_batch() const override { return flushes_ == 0; }
    void abort() override { p_.outbox->close(); }

    JobStep run(bool inline_mode, Clock::time_point yield_at) override {
        if (!started_) {
            started_ = true;
            if (p_.deadline && Clock::now() >= *p_.deadline) return send_timeout();
            if (ending()) {
                reject_shutting_down(std::string(kShutdownMessage));
                return JobStep::done;
            }
            if (p_.drop_after_results == 0) return drop_now();
            if (p_.plan.kind == Ws37Plan::Kind::session_close) {
                push_ws37_final(*p_.outbox, p_.format, p_.text_frames, p_.request_id, 204, "",
                                host_attributes());
                return JobStep::done;
            }
            encoder_.set_tokens(p_.plan.materialize_tokens);
            stream_ =
                p_.stream_factory ? p_.stream_factory() : evaluate_ws37_plan(*p_.graph, p_.plan, p_.deadline);
            if (!stream_) return send_error(EvalError{EvalError::Kind::evaluation, "evaluation failed", ""});
        }
        for (;;) {
            if (remaining_ == 0) {
                if (inline_mode && Clock::now() >= yield_at) return JobStep::yielded;
                item_.element_key = nullptr;
                item_.bulk = 1;
                if (!stream_->next(item_)) break;
                if (item_.bulk <= 0) continue;
                encode_current();
                remaining_ = p_.plan.kind == Ws37Plan::Kind::bytecode ? 1 : item_.bulk;
            }
            while (remaining_ > 0) {
                // A full batch and another result: the batch goes out as 206 — or, when it is
                // byte-identical to the last full one (BatchRun), copies of that one do.
                const std::int32_t run_n = run_.ready(count_, remaining_);
                std::size_t extra = cur_->size() + (gs_ && count_ > 0 ? 1 : 0);
                bool full = run_n > 0 || count_ == p_.batch_size ||
                            (count_ > 0 && batch_.size() + extra + ws_envelope_reserve > p_.max_frame);
                if (full) {
                    if (inline_mode) return JobStep::yielded;
                    if (!(run_n > 0 ? push_run_copy(run_n) : flush(206))) return JobStep::done;
                    auto w = p_.outbox->wait_writable(p_.deadline);
                    if (w == Outbox::Wait::closed) return JobStep::done;
                    if (w == Outbox::Wait::deadline) return send_timeout();
                    if (p_.deadline && Clock::now() >= *p_.deadline) return send_timeout();
                    if (ending()) {  // the shutdown's grace period is over: a final 596 after the 206s
                        reject_shutting_down(std::string(kShutdownMessage));
                        return JobStep::done;
                    }
                    continue;
                }
                if (count_ == 0 && cur_->size() + ws_envelope_reserve > p_.max_frame)
                    return send_status(599,
                                       "Error during serialization: a result of " +
                                           std::to_string(cur_->size()) +
                                           " bytes exceeds the maximum frame size of " +
                                           std::to_string(p_.max_frame) + " bytes",
                                       error_attributes("SerializationException", "result too large"));
                if (gs_ && count_ > 0) batch_ += ',';
                batch_ += *cur_;
                run_.on_append(count_);
                ++count_;
                --remaining_;
            }
        }
        if (const auto& err = stream_->error()) return send_error(*err);
        if (count_ == 0 && flushes_ == 0) {
            push_ws37_final(*p_.outbox, p_.format, p_.text_frames, p_.request_id, 204, "", host_attributes());
            return JobStep::done;
        }
        flush(200);
        return JobStep::done;
    }

private:
    // The request's final status-only message (errors, 204, 429): releases its requestId.
    void push_ws37_final(Outbox& ob, io::ws37::Format f, bool text, const model::Uuid& id, std::int32_t code,
                         std::string message, Value attributes = Value::map()) {
        push_ws37_status(ob, f, text, id, code, std::move(message), std::move(attributes), true);
    }

    Value host_attributes() const { return Value::map({Value::string("host"), Value::string(p_.host)}); }

    void encode_current() {
        cur_ = &encoder_.encode(item_, p_.plan.kind == Ws37Plan::Kind::bytecode, item_.bulk);
        run_.on_item(cur_);
    }

    // Sends copies of the BatchRun's message, 206s of `n` results each (only without a
    // drop-after-results fault: see flush()), as one entry.
    bool push_run_copy(std::int32_t n) {
        Outbox::Entry e = run_.copies_entry(n, remaining_, flushes_);
        e.kind = p_.text_frames ? Outbox::Kind::ws_text : Outbox::Kind::ws_binary;
        e.request_id = p_.request_id;
        return p_.outbox->push(std::move(e));
    }

    // drop-after-results: batches end exactly where the N-th result is.
    void clamp_batch_to_drop() {
        if (p_.drop_after_results > 0)
            p_.batch_size = static_cast<std::int32_t>(std::min<std::int64_t>(
                batch_size_, p_.drop_after_results - static_cast<std::int64_t>(sent_)));
    }

    // drop-after-results=0: the connection closes before anything of this response.
    JobStep drop_now() {
        Outbox::Entry e;
        e.close_after = true;
        p_.outbox->push(std::move(e));
        return JobStep::done;
    }

    // Sends the current batch with `code`; false when the connection is gone (or dropped by a
    // drop-after-results fault: the batch with the N-th result goes out as 206, then the close).
    bool flush(std::int32_t code) {
        bool drop = false;
        if (p_.drop_after_results >= 0) {
            sent_ += static_cast<std::uint64_t>(count_);
            drop = static_cast<std::int64_t>(sent_) >= p_.drop_after_results;
            if (drop) code = 206;
            clamp_batch_to_drop();
        }
        io::ws37::ResponseHeader h;
        h.request_id = p_.request_id;
        h.code = code;
        h.message = std::string();
        if (code == 200) h.attributes = host_attributes();
        Outbox::Entry e;
        e.kind = p_.text_frames ? Outbox::Kind::ws_text : Outbox::Kind::ws_binary;
        e.last = code != 206;
        // The final message frees the requestId for reuse on this connection (in-flight set).
        e.releases_request = e.last;
        e.request_id = p_.request_id;
        e.bytes.reserve(batch_.size() + 128);
        io::ws37::encode_response_list(e.bytes, p_.format, h, count_, batch_);
        if (code == 206 && p_.drop_after_results < 0) run_.on_full_batch(cur_, count_, e.bytes);
        batch_.clear();
        count_ = 0;
        if (code == 206) ++flushes_;
        e.close_after = drop;
        return p_.outbox->push(std::move(e)) && !drop;
    }

    JobStep send_status(std::int32_t code, std::string message, Value attributes) {
        push_ws37_final(*p_.outbox, p_.format, p_.text_frames, p_.request_id, code, std::move(message),
                        std::move(attributes));
        return JobStep::done;
    }

    JobStep send_timeout() {
        std::string msg = p_.plan.kind == Ws37Plan::Kind::bytecode
                              ? ws37_bytecode_timeout_message(bytecode_text())
                              : ws37_script_timeout_message(p_.timeout_ms, p_.plan.script);
        return send_status(598, msg, error_attributes("java.util.concurrent.TimeoutException", msg));
    }

    JobStep send_error(const EvalError& e) {
        if (e.kind == EvalError::Kind::timeout) return send_timeout();
        if (e.kind == EvalError::Kind::over_budget) {  // a transaction's statement refused its copy
            reject_over_budget(e.message);
            return JobStep::done;
        }
        std::int32_t code = p_.plan.kind == Ws37Plan::Kind::bytecode ? 500 : 597;
        std::string msg = e.message.empty()
                              ? (e.exception.empty() ? std::string("evaluation failed") : e.exception)
                              : e.message;
        Value attrs = error_attributes(e.exception, msg);
        if (e.exception == kFailException) {
            // fail(): SERVER_ERROR_FAIL_STEP with the failStepMessage attribute (3.7 eval and bytecode)
            code = 595;
            attrs.push_back(Value::string("failStepMessage"));
            attrs.push_back(Value::string(fail_step_message(msg)));
        }
        return send_status(code, msg, std::move(attrs));
    }

    std::string bytecode_text() const {
        return "RequestMessage{, requestId=" + model::uuid_to_string(p_.request_id) +
               ", op='bytecode', processor='traversal', args={gremlin=" + p_.plan.bytecode.to_string() +
               ", aliases={g=g}}}";
    }

    Ws37JobParams p_;
    bool gs_ = false;
    bool started_ = false;
    std::unique_ptr<ResultStream> stream_;
    Item item_;
    const std::string* cur_ = nullptr;
    std::int64_t remaining_ = 0;
    std::string batch_;
    std::int32_t count_ = 0;
    std::uint64_t flushes_ = 0;
    std::int32_t batch_size_ = 64;  // before any drop-after-results clamp
    std::uint64_t sent_ = 0;        // results sent (counted only with drop-after-results)
    ResultItemEncoder encoder_;
    BatchRun run_;
};

// ================================================================================================
class Deflater {
public:
    Deflater() {
        zs_ = new z_stream{};
        if (deflateInit(zs_, 6) != Z_OK) {
            delete zs_;
            zs_ = nullptr;
            throw std::runtime_error("zlib deflateInit failed");
        }
    }
    ~Deflater() {
        if (zs_) {
            deflateEnd(zs_);
            delete zs_;
        }
    }
    Deflater(const Deflater&) = delete;
    Deflater& operator=(const Deflater&) = delete;

    // Compresses `in` into `out` (replacing it) with a sync flush, or finishing the stream.
    void compress(std::string_view in, std::string& out, bool finish) {
        out.clear();
        zs_->next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
        zs_->avail_in = static_cast<uInt>(in.size());
        int flush = finish ? Z_FINISH : Z_SYNC_FLUSH;
        for (;;) {
            std::size_t old = out.size();
            std::size_t room = deflateBound(zs_, static_cast<uLong>(zs_->avail_in)) + 64;
            out.resize(old + room);
            zs_->next_out = reinterpret_cast<Bytef*>(out.data() + old);
            zs_->avail_out = static_cast<uInt>(room);
            int rc = deflate(zs_, flush);
            out.resize(old + (room - zs_->avail_out));
            if (rc == Z_STREAM_END) break;
            if (rc != Z_OK && rc != Z_BUF_ERROR) throw std::runtime_error("zlib deflate failed");
            if (zs_->avail_in == 0 && zs_->avail_out != 0) break;
        }
    }

private:
    z_stream* zs_ = nullptr;
};

std::string http_head(int status, std::string_view content_type, bool deflate, bool keep_alive,
                      std::string_view extra_headers = {}) {
    std::string h;
    h.reserve(256);
    h += "HTTP/1.1 ";
    h += std::to_string(status);
    h += ' ';
    h += reason_phrase(status);
    h += "\r\nContent-Type: ";
    h += content_type;
    h += "\r\nTransfer-Encoding: chunked\r\nGremlin-RequestId: ";
    h += random_uuid_text();
    h += "\r\nAccess-Control-Allow-Origin: *\r\n";
    if (deflate) h += "Content-Encoding: deflate\r\n";
    if (!keep_alive) h += "Connection: close\r\n";
    h += extra_headers;
    h += "\r\n";
    return h;
}

class Http4Job final : public Job {
public:
    explicit Http4Job(Http4JobParams p) : p_(std::move(p)) {
        if (p_.batch_size <= 0) p_.batch_size = 64;
        gb_ = p_.format == io::http4::ResponseFormat::graphbinary_v4;
        if (p_.deflate) deflater_ = std::make_unique<Deflater>();
        batch_size_ = p_.batch_size;
        clamp_batch_to_drop();
    }

    void reject_rate_limited() override {
        Outbox::Entry e;
        e.last = true;
        e.bytes = http4_status_error_response(p_.format, p_.content_type, p_.version, 429,
                                              "Too many requests have been sent in a given amount of time.",
                                              "TooManyRequestsException", p_.keep_alive);
        p_.outbox->push(std::move(e));
    }
    void reject_over_budget(std::string message) override {
        Outbox::Entry e;
        e.last = true;
        e.bytes = http4_status_error_response(p_.format, p_.content_type, p_.version, 503, message,
                                              "ServiceUnavailableException", p_.keep_alive);
        p_.outbox->push(std::move(e));
    }
    void reject_shutting_down(std::string message) override {
        Outbox::Entry e;
        e.last = true;
        e.bytes = http4_status_error_response(p_.format, p_.content_type, p_.version, 503, message,
                                              kShutdownException, p_.keep_alive);
        p_.outbox->push(std::move(e));
    }
    std::size_t request_bytes() const override {
        return p_.request_bytes != 0 ? p_.request_bytes : p_.request.gremlin.size();
    }
    bool single_batch() const override { return flushes_ == 0; }
    void abort() override { p_.outbox->close(); }

    JobStep run(bool inline_mode, Clock::time_point yield_at) override {
        if (!started_) {
            started_ = true;
            if (p_.deadline && Clock::now() >= *p_.deadline) {
                // Timed out while queued: the status line carries the error.
                Outbox::Entry e;
                e.last = true;
                e.bytes = http4_status_error_response(p_.format, p_.content_type, p_.version, 500,
                                                      http4_timeout_message(p_.request.gremlin),
                                                      "ServerTimeoutExceededException", p_.keep_alive);
                p_.outbox->push(std::move(e));
                return JobStep::done;
            }
            if (ending()) {
                reject_shutting_down(std::string(kShutdownMessage));
                return JobStep::done;
            }
            if (p_.drop_after_results == 0) {
                // drop-after-results=0: the connection closes before the head.
                Outbox::Entry e;
                e.close_after = true;
                p_.outbox->push(std::move(e));
                return JobStep::done;
            }
            io::http4::write_response_start(chunk_, p_.format, p_.bulked, p_.version);
            start_len_ = chunk_.size();
            if (p_.request.g && *p_.request.g != "g")
                return finish_error(400,
                                    "Could not alias [g] to [" + *p_.request.g + "] as [" + *p_.request.g +
                                        "] not in the Graph or TraversalSource global bindings",
                                    "InvalidRequestException");
            if (auto why = check_bindings(p_.request.bindings, "eval", p_.max_parameters)) {
                std::string m = *why;
                // 4.0 words it without the op name.
                if (auto pos = m.find("The [eval] message"); pos == 0) m.replace(0, 18, "The message");
                return finish_error(400, m, "InvalidRequestException");
            }
            EvalOptions o;
            o.language = p_.language;
            o.generation = Generation::tp40;  // the 4.0 endpoint evaluates as TinkerPop 4.0 (dialect.hpp)
            o.bindings = p_.request.bindings.is_null() ? Value::map() : p_.request.bindings;
            o.materialize_tokens =
                p_.request.materialize_properties && *p_.request.materialize_properties == "tokens";
            o.deadline = p_.deadline;
            tokens_ = o.materialize_tokens;
            stream_ =
                p_.stream_factory ? p_.stream_factory() : evaluate_script(*p_.graph, p_.request.gremlin, o);
            if (!stream_) return finish_error(500, "evaluation failed", "ServerErrorException");
        }
        for (;;) {
            if (remaining_ == 0) {
                if (inline_mode && Clock::now() >= yield_at) return JobStep::yielded;
                item_.element_key = nullptr;
                item_.bulk = 1;
                if (!stream_->next(item_)) break;
                if (item_.bulk <= 0) continue;
                encode_current();
                remaining_ = p_.bulked ? 1 : item_.bulk;
            }
            while (remaining_ > 0) {
                // A full chunk and another result: the chunk goes out — or, when it is
                // byte-identical to the last full one (BatchRun), copies of that one do.
                const std::int32_t run_n = run_.ready(count_, remaining_);
                if (run_n > 0 || count_ == p_.batch_size) {
                    if (inline_mode) return JobStep::yielded;
                    if (!(run_n > 0 ? push_run_copy(run_n) : flush(false))) return JobStep::done;
                    auto w = p_.outbox->wait_writable(p_.deadline);
                    if (w == Outbox::Wait::closed) return JobStep::done;
                    if (w == Outbox::Wait::deadline || (p_.deadline && Clock::now() >= *p_.deadline))
                        return finish_error(500, http4_timeout_message(p_.request.gremlin),
                                            "ServerTimeoutExceededException");
                    // The shutdown's grace period is over: 503 in the footer and the trailers.
                    if (ending()) return finish_error(503, std::string(kShutdownMessage), kShutdownException);
                    continue;
                }
                append_current();
                run_.on_append(count_);
                ++count_;
                --remaining_;
            }
        }
        if (const auto& err = stream_->error()) {
            switch (err->kind) {
                case EvalError::Kind::timeout:
                    return finish_error(500, http4_timeout_message(p_.request.gremlin),
                                        "ServerTimeoutExceededException");
                case EvalError::Kind::over_budget:
                    // A transaction's statement refused its working copy (before any result):
                    // 503 in the status line, as a request refused over the budget.
                    if (!head_sent_ && flushes_ == 0) {
                        reject_over_budget(err->message);
                        return JobStep::done;
                    }
                    return finish_error(503, err->message, "ServiceUnavailableException");
                case EvalError::Kind::syntax:
                    if (p_.language == "gremlin-lang") {
                        // A malformed script (a syntax error, "nested too deeply", "more than 200
                        // operators") is a request error: before anything was sent its status line
                        // says 400, like the other request errors, not 200 with 400 in the footer.
                        if (!head_sent_ && flushes_ == 0) {
                            Outbox::Entry e;
                            e.last = true;
                            e.bytes = http4_status_error_response(p_.format, p_.content_type, p_.version, 400,
                                                                  err->message, "MalformedQueryException",
                                                                  p_.keep_alive);
                            p_.outbox->push(std::move(e));
                            return JobStep::done;
                        }
                        return finish_error(400, err->message, "MalformedQueryException");
                    }
                    return finish_error(500, err->message, "ServerErrorException");
                default:
                    if (err->exception == kFailException)  // GremlinError.failStep (4.0)
                        return finish_error(500, err->message, "ServerFailStepException");
                    return finish_error(500, err->message.empty() ? err->exception : err->message,
                                        "ServerErrorException");
            }
        }
        if (p_.drop_after_results >= 0 &&
            static_cast<std::int64_t>(sent_) + count_ >= p_.drop_after_results) {
            flush(false);  // the N-th result, then the close (no footer)
            return JobStep::done;
        }
        io::http4::write_response_end(chunk_, p_.format, 200);
        flush(true, 200, {});
        return JobStep::done;
    }

private:
    void encode_current() {
        if (item_.element_key == nullptr) {
            cur_value_ = &item_.value;
            cur_bytes_ = nullptr;
            run_.on_item(nullptr);
            return;
        }
        const std::string* hit = cache_.find(item_.element_key);
        if (hit == nullptr) {
            std::string b;
            Value v = materialize(item_, tokens_);
            if (gb_) {
                io::gb_write(b, v, io::GbVersion::v4);
            } else {
                // write_response_item adds the separator; cache the bare value text.
                io::http4::write_response_item(b, p_.format, v, true);
            }
            hit = &cache_.put(item_.element_key, std::move(b));
        }
        cur_bytes_ = hit;
        cur_value_ = nullptr;
        run_.on_item(cur_bytes_);
    }

    // Sends copies of the BatchRun's chunk of `n` results each (only after the head, without
    // deflate or a drop-after-results fault: see flush()), as one entry.
    bool push_run_copy(std::int32_t n) { return p_.outbox->push(run_.copies_entry(n, remaining_, flushes_)); }

    void append_current() {
        std::optional<std::int64_t> bulk;
        if (p_.bulked) bulk = item_.bulk;
        if (cur_value_ != nullptr) {
            io::http4::write_response_item(chunk_, p_.format, *cur_value_, first_, bulk);
        } else {
            if (!gb_ && !first_) chunk_ += ',';
            chunk_ += *cur_bytes_;
            if (bulk) {
                chunk_ += '\x02';
                chunk_ += '\x00';
                io::gb::put_i64(chunk_, *bulk);
            }
        }
        first_ = false;
    }

    JobStep finish_error(std::int32_t code, const std::string& message, const std::string& exception) {
        // Results of an unfinished batch are dropped: the error chunk carries only the marker and
        // the status footer (plus the body header when nothing was sent yet).
        chunk_.resize(flushes_ == 0 ? start_len_ : 0);
        io::http4::write_response_end(chunk_, p_.format, code, bounded_error_message(message), exception);
        flush(true, code, exception);
        return JobStep::done;
    }

    void clamp_batch_to_drop() {
        if (p_.drop_after_results > 0)
            p_.batch_size = static_cast<std::int32_t>(std::min<std::int64_t>(
                batch_size_, p_.drop_after_results - static_cast<std::int64_t>(sent_)));
    }

    // Sends the current chunk (and the head first); `last` adds the terminating chunk. With a
    // drop-after-results fault, the chunk holding the N-th result is the last thing written
    // before the connection closes (no terminating chunk, no trailers).
    bool flush(bool last, std::int32_t code = 200, std::string_view exception = {}) {
        bool drop = false;
        if (p_.drop_after_results >= 0 && code == 200) {
            sent_ += static_cast<std::uint64_t>(count_);
            drop = static_cast<std::int64_t>(sent_) >= p_.drop_after_results;
            if (drop) last = false;
            clamp_batch_to_drop();
        }
        Outbox::Entry e;
        e.last = last;
        e.bytes.reserve(chunk_.size() + 300);
        // A full chunk after the head, plain, without a fault: the same items make the same bytes.
        const bool repeatable = head_sent_ && !last && !deflater_ && p_.drop_after_results < 0;
        if (!head_sent_) {
            e.bytes = http_head(200, p_.content_type, p_.deflate, p_.keep_alive, p_.extra_headers);
            head_sent_ = true;
        }
        if (deflater_) {
            deflater_->compress(chunk_, zbuf_, last);
            append_chunk(e.bytes, zbuf_);
        } else {
            append_chunk(e.bytes, chunk_);
        }
        if (last) append_last_chunk(e.bytes, code, exception);
        if (repeatable) run_.on_full_batch(cur_bytes_, count_, e.bytes);
        chunk_.clear();
        count_ = 0;
        if (!last) ++flushes_;
        e.close_after = drop;
        return p_.outbox->push(std::move(e)) && !drop;
    }

    Http4JobParams p_;
    bool gb_ = true;
    bool started_ = false;
    bool head_sent_ = false;
    bool tokens_ = false;
    bool first_ = true;
    std::unique_ptr<ResultStream> stream_;
    Item item_;
    const Value* cur_value_ = nullptr;
    const std::string* cur_bytes_ = nullptr;
    std::int64_t remaining_ = 0;
    std::string chunk_;
    std::size_t start_len_ = 0;
    std::int32_t count_ = 0;
    std::uint64_t flushes_ = 0;
    std::unique_ptr<Deflater> deflater_;
    std::string zbuf_;
    std::int32_t batch_size_ = 64;  // before any drop-after-results clamp
    std::uint64_t sent_ = 0;        // results sent (counted only with drop-after-results)
    ElementCache cache_;
    BatchRun run_;
};

}  // namespace

std::unique_ptr<Job> make_ws37_job(Ws37JobParams p) { return std::make_unique<Ws37Job>(std::move(p)); }
std::unique_ptr<Job> make_http4_job(Http4JobParams p) { return std::make_unique<Http4Job>(std::move(p)); }

void push_ws37_status(Outbox& ob, io::ws37::Format f, bool text, const std::optional<model::Uuid>& id,
                      std::int32_t code, std::string message, model::Value attributes,
                      bool releases_request) {
    io::ws37::ResponseMessage m;
    m.header.request_id = id;
    m.header.code = code;
    m.header.message = bounded_error_message(std::move(message));
    m.header.attributes = std::move(attributes);
    m.data = Value::null();
    Outbox::Entry e;
    e.kind = text ? Outbox::Kind::ws_text : Outbox::Kind::ws_binary;
    e.last = true;
    e.releases_request = releases_request && id.has_value();
    if (id) e.request_id = *id;
    io::ws37::encode_response(e.bytes, m, f);
    ob.push(std::move(e));
}

std::string http4_status_error_response(io::http4::ResponseFormat f, std::string_view content_type,
                                        std::uint8_t version, std::int32_t code, std::string_view message,
                                        std::string_view exception, bool keep_alive) {
    std::string body;
    io::http4::write_response_start(body, f, false, version);
    io::http4::write_response_end(body, f, code, bounded_error_message(std::string(message)),
                                  std::string(exception));
    std::string out = http_head(code, content_type, false, keep_alive);
    append_chunk(out, body);
    append_last_chunk(out, code, exception);
    return out;
}

}  // namespace tpbench::server::detail
