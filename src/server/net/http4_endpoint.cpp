// The embedded server's HTTP/1.1 request reader and its TinkerPop 4.0 HTTP endpoint
// (http4_endpoint.hpp): reading a request under the limits, the plain-HTTP gate, and http4
// POST requests with chunked responses produced by request jobs (jobs.cpp) on the gremlinPool.
#include "http4_endpoint.hpp"

#include "http_io.hpp"

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/read.hpp>

#include <optional>
#include <string>

namespace tpbench::server::detail {
namespace {

using namespace http_io;

struct HttpOutcome {
    bool keep_alive = true;
    std::string immediate;  // a complete response to write now (errors before evaluation)
    bool linger = false;    // close after writing, draining the socket first
    FaultDecision fault;    // `--fault`: what the writer does to the response (in_writer())
};

// Validates an http4 request and starts its job (or returns an immediate error response).
HttpOutcome start_http4(ServerState& st, const std::shared_ptr<Outbox>& ob,
                        http::request<http::string_body>& req, bool keep_alive) {
    HttpOutcome out;
    out.keep_alive = keep_alive;
    auto fail = [&](int status, std::string_view message) {
        out.immediate = simple_response(status, reason_phrase(status), "application/json",
                                        json_error_body(message), keep_alive);
        return out;
    };
    auto ct_it = req.find(http::field::content_type);
    std::string_view ct = ct_it == req.end() ? std::string_view() : sv(ct_it->value());
    auto body_fmt = io::http4::body_format_from_content_type(ct);
    if (!body_fmt) return fail(400, "unsupported Content-Type: " + std::string(ct));
    auto acc_it = req.find(http::field::accept);
    std::string_view accept = acc_it == req.end() ? std::string_view() : sv(acc_it->value());
    auto choice = negotiate_accept(accept);
    if (!choice) return fail(400, "no serializer for requested Accept header: " + std::string(accept));
    auto decoded = io::http4::decode_request(req.body(), *body_fmt);
    if (!decoded) return fail(400, decoded.error().message);

    Http4JobParams p;
    p.request_bytes = req.body().size();
    p.outbox = ob;
    p.graph = st.graph.get();
    p.request = std::move(decoded.value());
    p.format = choice->format;
    p.content_type = choice->content_type;
    auto ae = req.find(http::field::accept_encoding);
    p.deflate = ae != req.end() && accepts_deflate(sv(ae->value()));
    if (p.request.language) {
        p.language = *p.request.language;
    } else if (!st.cfg.http4_default_language.empty()) {
        p.language = st.cfg.http4_default_language;
    } else {
        p.language = st.cfg.http4_version_byte >= 0x84 ? "gremlin-lang" : "gremlin-groovy";
    }
    // Only the engines this server has: any other language is refused before evaluation, as 4.0
    // does (GremlinError.scriptEngineNotAvailable: 400 InvalidRequestException), instead of
    // evaluating it as Groovy.
    auto refuse = [&](std::int32_t code, const std::string& message, std::string_view exception) {
        out.immediate =
            http4_status_error_response(choice->format, choice->content_type, st.cfg.http4_version_byte, code,
                                        message, exception, keep_alive);
        return out;
    };
    if (p.language != "gremlin-lang" && p.language != "gremlin-groovy")
        return refuse(400, "Script engine [" + p.language + "] is not available.", "InvalidRequestException");
    // A NUL is not part of any Gremlin token: a script carrying one is malformed, not "1+1"; nor
    // is one that is not UTF-8 (script_text_problem).
    if (auto why = script_text_problem(p.request.gremlin)) {
        if (p.language == "gremlin-lang") return refuse(400, *why, "MalformedQueryException");
        return refuse(500, *why, "ServerErrorException");
    }
    // `--fault`: an injected status instead of the evaluation, or a drop after N results.
    if (st.faults) {
        auto d = st.faults->next(FaultPlan::Protocol::http4);
        if (d.status != 0)
            return refuse(d.status, fault_status_message(d.status),
                          d.status == 429
                              ? "TooManyRequestsException"
                              : (d.status == 503 ? "ServiceUnavailableException" : "InjectedFaultException"));
        if (d.corrupt != CorruptKind::none) {
            out.immediate = http4_corrupt_response(choice->format, choice->content_type,
                                                   st.cfg.http4_version_byte, d.corrupt, keep_alive);
            return out;
        }
        p.drop_after_results = d.drop_after_results;
        if (d.in_writer()) out.fault = d;
    }
    bool bulk_asked = p.request.bulk_results.value_or(false);
    if (!p.request.bulk_results) {
        for (auto name : {"bulkResults", "bulked"}) {
            auto it = req.find(name);
            if (it != req.end() && header_is_true(sv(it->value()))) bulk_asked = true;
        }
    }
    p.bulked =
        bulk_asked && p.language == "gremlin-lang" && p.format == io::http4::ResponseFormat::graphbinary_v4;
    p.keep_alive = keep_alive;
    p.batch_size = p.request.batch_size.value_or(st.cfg.result_iteration_batch_size);
    if (p.batch_size <= 0) p.batch_size = st.cfg.result_iteration_batch_size;
    p.version = st.cfg.http4_version_byte;
    p.max_parameters = st.cfg.max_parameters;
    std::int64_t timeout_ms = p.request.timeout_ms.value_or(st.cfg.evaluation_timeout.count());
    if (timeout_ms > 0) p.deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);

    // 4.0 HTTP transactions (beta.2+; sessions.hpp): begin / in-transaction / commit / rollback.
    {
        std::optional<std::string> tx_id = p.request.transaction_id;
        if (!tx_id) {
            auto h = req.find("X-Transaction-Id");
            if (h != req.end()) tx_id = std::string(sv(h->value()));
        }
        if (tx_id) {
            auto b = tx_id->find_first_not_of(" \t");
            auto e = tx_id->find_last_not_of(" \t");
            *tx_id = b == std::string::npos ? std::string() : tx_id->substr(b, e - b + 1);
        }
        const TxControl ctl = tx_control(p.request.gremlin);
        const std::string source = p.request.g.value_or("g");
        std::shared_ptr<TxSession> sess;
        if (ctl == TxControl::begin) {
            if (tx_id) return refuse(400, std::string(tx_begin_has_id_message), "TransactionException");
            // `--memory-budget`: what an open transaction holds between statements (its write set
            // is added after each statement), claimed for as long as it is open; over the budget
            // the begin is refused. Its statements claim their working copy as they run.
            const std::size_t charge = tx_idle_charge();
            auto lease = st.budget.try_acquire(charge);
            if (!lease) return refuse(503, note_budget_refusal(st, charge), "ServiceUnavailableException");
            sess = st.http_transactions.create(*st.graph, random_uuid_text(), nullptr);
            if (!sess)
                return refuse(503, tx_max_exceeded_message(st.cfg.max_concurrent_transactions),
                              "TransactionException");
            sess->budget_lease = std::move(*lease);
            sess->source = source;
        } else if (tx_id) {
            sess = st.http_transactions.find(*tx_id);
            if (!sess) {
                if (st.http_transactions.timed_out(*tx_id))
                    return refuse(504, tx_timeout_message(*tx_id, "execute"), "TransactionException");
                return refuse(404, tx_not_found_message(*tx_id), "TransactionException");
            }
            if (sess->source != source)
                return refuse(400, tx_source_mismatch_message(sess->source, source), "TransactionException");
        } else if (ctl == TxControl::commit || ctl == TxControl::rollback) {
            return refuse(400, std::string(tx_control_requires_tx_message), "TransactionException");
        }
        if (sess) {
            p.extra_headers = "X-Transaction-Id: " + sess->id + "\r\n";
            SessionStatement stmt;
            stmt.script = p.request.gremlin;
            stmt.opts.language = p.language;
            stmt.opts.generation = Generation::tp40;  // as TinkerPop 4.0 (dialect.hpp)
            stmt.opts.bindings = p.request.bindings.is_null() ? model::Value::map() : p.request.bindings;
            stmt.opts.materialize_tokens =
                p.request.materialize_properties && *p.request.materialize_properties == "tokens";
            stmt.opts.deadline = p.deadline;
            stmt.http4 = true;
            stmt.table = &st.http_transactions;
            stmt.budget = &st.budget;
            stmt.copy_charge = tx_copy_charge(*st.graph);
            stmt.refusal = [sp = &st](std::size_t n) { return note_budget_refusal(*sp, n); };
            p.graph = &sess->tx.graph();
            p.stream_factory = [sess, stmt]() mutable {
                return session_statement_stream(sess, std::move(stmt));
            };
            dispatch_job(st, std::shared_ptr<Job>(make_http4_job(std::move(p))), std::string());
            return out;
        }
    }

    std::string key;
    if (p.request.bindings.size() == 0 && !p.request.parameters_literal) {
        key.reserve(p.request.gremlin.size() + 32);
        key = "h4|";
        key += p.language;
        key += '|';
        key += p.request.gremlin;
    }
    dispatch_job(st, std::shared_ptr<Job>(make_http4_job(std::move(p))), std::move(key));
    return out;
}

// How a chunked body read ended.
struct BodyRead {
    enum Kind { done, over_budget, failed } kind = done;
    boost::system::error_code ec;  // failed: the read's error
    std::size_t held = 0;          // over_budget: the bytes the body would have held
    bool operator==(Kind k) const noexcept { return kind == k; }
};

// Reads the rest of a body of no declared size (chunked) into `parser`, charging what it holds
// (the body's and the read buffer's capacity, past the fixed per-request share) to `lease` as it
// grows: the budget sees a body that never ends instead of letting it grow to maxContentLength.
template <class Stream>
asio::awaitable<BodyRead> async_read_chunked_body(ServerState& st, Stream& stream, beast::flat_buffer& buf,
                                                  http::request_parser<http::string_body>& parser,
                                                  MemoryBudget::Lease& lease) {
    while (!parser.is_done()) {
        auto [ec, n] = co_await http::async_read_some(stream, buf, parser, tuple_awaitable);
        if (ec) co_return BodyRead{BodyRead::failed, ec};
        const std::size_t held = parser.get().body().capacity() + buf.capacity();
        if (held > MemoryBudget::base_charge && held > lease.bytes() && !st.budget.try_grow(lease, held))
            co_return BodyRead{BodyRead::over_budget, {}, held};
    }
    co_return BodyRead{};
}

}  // namespace

template <class Stream>
asio::awaitable<bool> async_read_http_request(ServerState& st, Stream& stream, HttpConnection& conn,
                                              http::request_parser<http::string_body>& parser) {
    auto& tcp_layer = beast::get_lowest_layer(stream);
    auto& buf = conn.buf;
    const auto& cfg = st.cfg;
    parser.header_limit(8192 + 4096);
    parser.body_limit(cfg.max_content_length);
    if (cfg.idle_connection_timeout.count() > 0)
        tcp_layer.expires_after(cfg.idle_connection_timeout);
    else
        tcp_layer.expires_never();
    boost::system::error_code rec;
    if (conn.cf.slow_read.count() > 0) {
        rec = co_await faults::async_read_request_slowly(stream, buf, parser, conn.cf.slow_read);
    } else {
        auto [hec, n] = co_await http::async_read_header(stream, buf, parser, tuple_awaitable);
        rec = hec;
    }
    // `--memory-budget`: a body above the fixed per-request share is checked by its declared
    // size (Content-Length) before it is read, and its charge is held while it is read, so
    // concurrent large uploads cannot all be read into memory first; over the budget it is
    // refused without reading it. A chunked body (no declared size) is charged as it is read
    // (async_read_chunked_body); a smaller one when its job is dispatched.
    MemoryBudget::Lease body_lease;
    if (!rec && !parser.is_done() && st.budget.total() != 0) {
        if (auto len = parser.content_length(); len && *len > MemoryBudget::base_charge) {
            const std::size_t charge = MemoryBudget::request_charge(static_cast<std::size_t>(*len));
            auto lease = st.budget.try_acquire(charge);
            if (!lease) {
                const std::string why = note_budget_refusal(st, charge);
                // the unread body is discarded, not stored
                co_await async_refuse_and_close(
                    stream, simple_response(503, reason_phrase(503), "application/json", json_error_body(why),
                                            false));
                co_return false;
            }
            body_lease = std::move(*lease);
        }
    }
    if (!rec && !parser.is_done()) {
        // curl and others wait for "100 Continue" before sending a larger body.
        auto expect = parser.get().find(http::field::expect);
        if (expect != parser.get().end() && beast::iequals(expect->value(), "100-continue"))
            co_await async_write_all(stream, "HTTP/1.1 100 Continue\r\n\r\n");
        // `--request-read-timeout`: the whole body within the limit (a trickle ends here).
        if (cfg.request_read_timeout.count() > 0) tcp_layer.expires_after(cfg.request_read_timeout);
        if (!parser.content_length() && st.budget.total() != 0) {
            const auto r = co_await async_read_chunked_body(st, stream, buf, parser, body_lease);
            if (r == BodyRead::over_budget) {
                // What was buffered is freed before the refusal is written.
                std::string().swap(parser.get().body());
                body_lease = {};
                st.budget_refused_reads.fetch_add(1, std::memory_order_relaxed);
                const std::string why = note_budget_refusal(st, r.held);
                co_await async_refuse_and_close(
                    stream, simple_response(503, reason_phrase(503), "application/json", json_error_body(why),
                                            false));
                co_return false;
            }
            rec = r == BodyRead::done ? boost::system::error_code() : r.ec;
        } else {
            auto [rec2, n2] = co_await http::async_read(stream, buf, parser, tuple_awaitable);
            rec = rec2;
        }
        if (rec == beast::error::timeout) {
            // The stream's timeout closed the socket (nothing more can be sent); counted.
            st.read_timeouts.fetch_add(1, std::memory_order_relaxed);
            co_return false;
        }
    }
    if (rec == http::error::body_limit) {
        std::string msg = "The request body";
        if (auto len = parser.content_length()) msg += " of " + std::to_string(*len) + " bytes";
        msg += " exceeds the maximum of " + std::to_string(cfg.max_content_length) +
               " bytes - increase the maxRequestContentLength";
        co_await async_refuse_and_close(stream, simple_response(413, reason_phrase(413), "application/json",
                                                                json_error_body(msg), false));
        co_return false;
    }
    if (rec == http::error::header_limit) {
        co_await async_refuse_and_close(stream,
                                        simple_response(431, reason_phrase(431), "application/json",
                                                        json_error_body("request header too large"), false));
        co_return false;
    }
    if (rec && rec.category() == boost::system::error_code(http::error::bad_target).category() &&
        rec != http::error::end_of_stream && rec != http::error::partial_message) {
        co_await async_refuse_and_close(
            stream, simple_response(400, reason_phrase(400), "application/json",
                                    json_error_body("malformed HTTP request: " + rec.message()), false));
        co_return false;
    }
    if (rec) co_return false;  // end of stream, reset, idle timeout
    // read: dispatch_job charges the request from here on (body_lease ends with this scope)
    tcp_layer.expires_never();
    co_return true;
}

template <class Stream>
asio::awaitable<std::optional<HttpNext>> async_http_gate(ServerState& st, Stream& stream,
                                                         http::request<http::string_body>& req) {
    // http4 HTTP Basic (HttpBasicAuthenticationHandler): every non-upgrade request, before
    // anything else is looked at; the ws37 upgrade authenticates in-band with SASL instead.
    if (st.cfg.credentials) {
        auto auth_it = req.find(http::field::authorization);
        std::optional<std::string_view> auth_value;
        if (auth_it != req.end()) auth_value = sv(auth_it->value());
        if (auto why = http4_basic_auth_failure(*st.cfg.credentials, auth_value)) {
            bool keep_alive = req.keep_alive();
            if (!co_await async_write_all(stream, simple_response(401, reason_phrase(401), "application/json",
                                                                  json_error_body(*why), keep_alive)))
                co_return HttpNext::close;
            co_return keep_alive ? HttpNext::next_request : HttpNext::close;
        }
    }
    if (req.version() != 11) {
        co_await async_write_all(stream,
                                 simple_response(505, reason_phrase(505), "application/json",
                                                 json_error_body("505 HTTP Version Not Supported"), false));
        co_return HttpNext::close;
    }
    const bool keep_alive = req.keep_alive();
    if (sv(req.target()) == "/favicon.ico") {
        if (!co_await async_write_all(stream, simple_response(404, reason_phrase(404), "application/json",
                                                              json_error_body("404 Not Found"), keep_alive)))
            co_return HttpNext::close;
        co_return keep_alive ? HttpNext::next_request : HttpNext::close;
    }
    if (req.method() == http::verb::options) {
        std::string resp =
            "HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, "
            "OPTIONS\r\n"
            "Access-Control-Allow-Headers: *\r\nContent-Length: 0\r\n\r\n";
        if (!co_await async_write_all(stream, resp)) co_return HttpNext::close;
        co_return keep_alive ? HttpNext::next_request : HttpNext::close;
    }
    co_return std::nullopt;
}

template <class Stream>
asio::awaitable<HttpNext> async_serve_http4(ServerState& st, Stream& stream, HttpConnection& conn,
                                            http::request<http::string_body>& req) {
    const bool keep_alive = req.keep_alive();
    if (req.method() != http::verb::post) {
        if (!co_await async_write_all(stream,
                                      simple_response(405, reason_phrase(405), "application/json",
                                                      json_error_body("405 Method Not Allowed"), keep_alive)))
            co_return HttpNext::close;
        co_return keep_alive ? HttpNext::next_request : HttpNext::close;
    }
    auto& ob = conn.outbox(st, stream.get_executor());
    auto outcome = start_http4(st, conn.ob, req, keep_alive);
    if (!outcome.immediate.empty()) {
        if (!co_await async_write_all(stream, outcome.immediate)) co_return HttpNext::close;
    } else if (!co_await async_drain_response(stream, ob, *conn.wake,
                                              outcome.fault.in_writer() ? &outcome.fault : nullptr)) {
        co_return HttpNext::close;
    }
    co_return outcome.keep_alive ? HttpNext::next_request : HttpNext::close;
}

// One instantiation per stream: plain TCP and TLS. (`Stream` is a type: it cannot be parenthesized.)
// NOLINTBEGIN(bugprone-macro-parentheses)
#define TPBENCH_HTTP4_ENDPOINT(Stream)                                                                   \
    template asio::awaitable<bool> async_read_http_request<Stream>(                                      \
        ServerState&, Stream&, HttpConnection&, http::request_parser<http::string_body>&);               \
    template asio::awaitable<std::optional<HttpNext>> async_http_gate<Stream>(                           \
        ServerState&, Stream&, http::request<http::string_body>&);                                       \
    template asio::awaitable<HttpNext> async_serve_http4<Stream>(ServerState&, Stream&, HttpConnection&, \
                                                                 http::request<http::string_body>&);
// NOLINTEND(bugprone-macro-parentheses)
TPBENCH_HTTP4_ENDPOINT(beast::tcp_stream)
TPBENCH_HTTP4_ENDPOINT(TlsStream)
#undef TPBENCH_HTTP4_ENDPOINT

}  // namespace tpbench::server::detail
