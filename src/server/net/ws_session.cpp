// ws37: the TinkerPop 3.7 WebSocket session on /gremlin over plain TCP (the session template is in
// ws_session_impl.hpp; ws_session_tls.cpp instantiates it over TLS), and the stream-independent
// frame handling: decoding, the SASL gate, validation, job dispatch.
#include "ws_session_impl.hpp"

namespace tpbench::server::detail {
namespace {

// ws37 `session` processor (sessions.hpp): the session named by the `session` argument, created
// on first use and bound to this connection (another connection gets 500, as SessionOpProcessor
// answers), statements run one at a time inside the session's transaction; manageTransaction
// commits after each request; close ends the session (rolling back what is uncommitted).
// Returns false when the request was answered here.
bool prepare_session_request(ServerState& st, const std::shared_ptr<Outbox>& ob,
                             const io::ws37::RequestMessage& m, io::ws37::Format format, bool text,
                             Ws37Connection& conn, Ws37JobParams& p) {
    const model::Value* sid = m.args.type() == model::Type::map ? m.args.find("session") : nullptr;
    std::string id;
    if (sid && sid->type() == model::Type::string) id = sid->str();
    if (sid && sid->type() == model::Type::uuid) id = model::uuid_to_string(sid->as_uuid());
    if (id.empty()) {
        push_ws37_status(*ob, format, text, m.request_id, 499,
                         "A message with an [" + m.op + "] op code requires a [session] argument.");
        return false;
    }
    auto sess = st.ws_sessions.find(id);
    if (sess && sess->owner != &conn) {
        push_ws37_status(*ob, format, text, m.request_id, 500,
                         "Session " + id + " is not bound to the connecting client");
        return false;
    }
    if (p.plan.kind == Ws37Plan::Kind::session_close) {
        if (sess) st.ws_sessions.erase(id);
        return true;  // the job answers 204
    }
    if (!sess) {
        // `--memory-budget`: what the session's transaction holds between statements (its write
        // set is added after each statement), claimed for as long as the session is open; over
        // the budget the request is refused (596). Its statements claim their working copy as
        // they run.
        const std::size_t charge = tx_idle_charge();
        auto lease = st.budget.try_acquire(charge);
        if (!lease) {
            const std::string why = note_budget_refusal(st, charge);
            push_ws37_status(*ob, format, text, m.request_id, 596, why);
            return false;
        }
        sess = st.ws_sessions.create(*st.graph, id, &conn);
        if (sess) sess->budget_lease = std::move(*lease);
    }
    const model::Value* mt = m.args.find("manageTransaction");
    SessionStatement stmt;
    stmt.manage_transaction = mt && mt->type() == model::Type::boolean && mt->as_bool();
    if (p.plan.kind == Ws37Plan::Kind::bytecode)
        stmt.bytecode = p.plan.bytecode;
    else
        stmt.script = p.plan.script;
    stmt.opts.language = p.plan.language;
    stmt.opts.bindings = p.plan.bindings;
    stmt.opts.materialize_tokens = p.plan.materialize_tokens;
    stmt.opts.deadline = p.deadline;
    stmt.budget = &st.budget;
    stmt.copy_charge = tx_copy_charge(*st.graph);
    stmt.refusal = [sp = &st](std::size_t n) { return note_budget_refusal(*sp, n); };
    p.graph = &sess->tx.graph();
    p.stream_factory = [sess, stmt]() mutable { return session_statement_stream(sess, std::move(stmt)); };
    return true;
}

// Validates one request and starts its job (or queues its rejection).
void start_request(ServerState& st, const std::shared_ptr<Outbox>& ob, const io::ws37::RequestMessage& m,
                   io::ws37::Format format, bool text, const std::string& host, Ws37Connection& conn,
                   std::size_t frame_bytes) {
    Ws37Plan plan;
    if (auto rej = plan_ws37_request(m, plan, st.cfg.max_parameters)) {
        push_ws37_status(*ob, format, text, m.request_id, rej->code, std::move(rej->message));
        return;
    }
    // A NUL or bytes that are not UTF-8 in the script: refused (499), never evaluated.
    if (plan.kind == Ws37Plan::Kind::eval) {
        if (auto why = script_text_problem(plan.script)) {
            push_ws37_status(*ob, format, text, m.request_id, 499, std::move(*why));
            return;
        }
    }
    // `--fault` (fault_plan.hpp): an injected status or a corrupted response instead of the
    // evaluation, a drop after N results, the response under another requestId, or a fault the
    // writer carries out (drop-after-bytes, stalls, corrupt=length; keyed by the id it answers to).
    std::int64_t drop_after_results = -1;
    model::Uuid rid = m.request_id;
    bool duplicate_id = false;
    if (st.faults) {
        auto d = st.faults->next(FaultPlan::Protocol::ws37);
        auto previous = conn.previous_request_id;
        conn.previous_request_id = m.request_id;
        if (d.status != 0) {
            push_ws37_status(*ob, format, text, m.request_id, d.status, fault_status_message(d.status));
            return;
        }
        if (d.request_id == RequestIdFault::duplicate && previous && *previous != m.request_id) {
            rid = *previous;
            duplicate_id = true;
        } else if (d.request_id != RequestIdFault::none) {
            for (auto& b : rid) b ^= 0x5a;  // an id the client never sent
        }
        if (d.in_writer()) conn.faulted[rid] = Ws37Connection::WriterFault{d, 0};
        if (d.corrupt != CorruptKind::none) {
            Outbox::Entry e;
            e.kind = text ? Outbox::Kind::ws_text : Outbox::Kind::ws_binary;
            e.last = true;
            e.request_id = rid;
            e.bytes = ws37_corrupt_response(format, rid, d.corrupt);
            ob->push(std::move(e));
            return;
        }
        drop_after_results = d.drop_after_results;
    }
    // Two streams under one requestId could not be told apart by the client: refuse the second.
    // Its rejection does not release the id of the one still running.
    if (!duplicate_id && !conn.in_flight.insert(rid).second) {
        push_ws37_status(*ob, format, text, m.request_id, 500, ws37_duplicate_request_message(m.request_id));
        return;
    }
    Ws37JobParams p;
    p.outbox = ob;
    p.graph = st.graph.get();
    p.format = format;
    p.text_frames = text;
    p.request_id = rid;
    p.batch_size = plan.batch_size.value_or(st.cfg.result_iteration_batch_size);
    p.timeout_ms = plan.timeout_ms.value_or(st.cfg.evaluation_timeout.count());
    if (p.timeout_ms > 0) p.deadline = Clock::now() + std::chrono::milliseconds(p.timeout_ms);
    p.host = host;
    p.max_frame = st.cfg.max_content_length;
    p.drop_after_results = drop_after_results;
    p.request_bytes = frame_bytes;
    const bool in_session = m.processor == "session";
    p.plan = plan;
    if (in_session && !prepare_session_request(st, ob, m, format, text, conn, p)) {
        conn.in_flight.erase(m.request_id);
        return;
    }
    std::string key;
    if (!in_session && plan.kind == Ws37Plan::Kind::eval && plan.bindings.size() == 0) {
        key.reserve(plan.script.size() + 32);
        key = "ws|";
        key += plan.language;
        key += '|';
        key += plan.script;
    }
    p.plan = std::move(plan);
    dispatch_job(st, std::shared_ptr<Job>(make_ws37_job(std::move(p))), std::move(key));
}

}  // namespace

std::string ws37_duplicate_request_message(const model::Uuid& id) {
    return "Request [" + model::uuid_to_string(id) +
           "] is already in progress on this connection - a requestId must not be reused before the final "
           "response to it";
}

void handle_ws37_frame(ServerState& st, const std::shared_ptr<Outbox>& ob, std::string_view frame, bool text,
                       const std::string& host, Ws37Connection& conn) {
    auto decoded = io::ws37::decode_request(frame, text);
    if (!decoded) {
        // Unparseable: Gremlin Server answers 499 "Invalid OpProcessor requested [null]" with a null
        // requestId; the code, id and that prefix are kept, and the reason is added.
        push_ws37_status(*ob, guess_frame_format(frame, text), text, std::nullopt, 499,
                         "Invalid OpProcessor requested [null]: the request frame could not be decoded: " +
                             decoded.error().to_string());
        return;
    }
    auto& d = decoded.value();
    if (conn.gate && !conn.gate->authenticated()) {
        // Before authentication the gate decides: challenge, defer, refuse, or release requests.
        auto out = conn.gate->on_request(GatedRequest{std::move(d.message), d.format, text, frame.size()},
                                         Clock::now());
        for (auto& r : out.replies)
            push_ws37_status(*ob, r.format, r.text, r.request_id, r.code, std::move(r.message));
        for (auto& g : out.run) start_request(st, ob, g.message, g.format, g.text, host, conn, g.frame_bytes);
        return;
    }
    start_request(st, ob, d.message, d.format, text, host, conn, frame.size());
}

asio::awaitable<void> run_ws37_session(std::shared_ptr<ServerState> st, beast::tcp_stream stream,
                                       http::request<http::string_body> req, std::string host,
                                       std::chrono::milliseconds slow_read) {
    return ws37_impl::run_session(std::move(st), std::move(stream), std::move(req), std::move(host),
                                  slow_read);
}

}  // namespace tpbench::server::detail
