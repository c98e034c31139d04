// The shared HTTP/1.1 response parser (backends/common/http1_response.hpp) on its own, with a
// recording handler: every response of a corpus (well-formed and malformed heads, chunked bodies
// with trailers, interim responses) is fed whole, byte by byte and in every two-piece and
// three-piece split, and every way must give the same events, the same result and the same error
// text. Feeding it whole takes the in-place head path (every line parsed where it lies); a split
// inside a line takes the buffered path (line_): the two must not differ. Also: the token scan
// (16 bytes per step) against the RFC 9110 table for every byte value at every position.
#include "backends/common/http1_response.hpp"

#include "backends/common/http1_text.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using tpbench::errc;
namespace http1 = tpbench::backends::http1;
using http1::ParserOptions;
using http1::ResponseParser;
using http1::Status;

namespace {

// Records every event as text, so two runs can be compared as a whole.
struct Recorder final : http1::ResponseHandler {
    std::string log;
    void on_field(std::string_view name, std::string_view value, bool trailer) override {
        log += (trailer ? "T[" : "F[") + std::string(name) + "=" + std::string(value) + "]";
    }
    void on_interim() override { log += "I"; }
    bool on_head(ResponseParser& p) override {
        log += 'H';
        log += std::to_string(p.status());
        log += p.http11() ? "/11[" : "/10[";
        log += p.content_type();
        log += '|';
        log += p.content_encoding();
        log += ']';
        return true;
    }
    // The body pieces follow the feed's split; their concatenation and one "B" per run must not.
    std::string body;
    bool on_body(ResponseParser&, std::string_view bytes) override {
        body.append(bytes);
        if (log.empty() || log.back() != 'B') log += "B";
        return true;
    }
    Status on_complete(ResponseParser&) override {
        log += "C";
        return Status::done;
    }
};

struct Result {
    Status status = Status::need_more;
    std::size_t consumed = 0;
    errc error = errc::ok;
    std::string message;
    bool keep_alive = false;
    std::string log;
    std::string body;  // on_body pieces joined (their split differs with the feed's)

    std::string describe() const {
        return std::to_string(static_cast<int>(status)) + " used " + std::to_string(consumed) + " err " +
               std::to_string(static_cast<int>(error)) + " '" + message + "' ka " +
               std::to_string(keep_alive) + " body '" + body + "' log " + log;
    }
};

// Feeds `wire` cut at `cuts` (ascending offsets), stopping at the first non-need_more status.
Result run(std::string_view wire, const std::vector<std::size_t>& cuts, const ParserOptions& opts = {}) {
    ResponseParser p;
    p.set_options(opts);
    Recorder h;
    p.start(&h);
    Result r;
    std::size_t from = 0;
    std::vector<std::size_t> ends = cuts;
    ends.push_back(wire.size());
    for (std::size_t end : ends) {
        if (end <= from) continue;
        std::size_t used = 0;
        r.status = p.feed(wire.substr(from, end - from), used);
        r.consumed += used;
        if (r.status != Status::need_more) break;
        from = end;
    }
    r.error = p.error();
    r.message = p.message();
    r.keep_alive = p.keep_alive();
    r.log = h.log;
    r.body = h.body;
    return r;
}

// (`consumed` is unspecified for a failed response.)
bool same(const Result& a, const Result& b) {
    return a.status == b.status && (a.consumed == b.consumed || a.status == Status::failed) &&
           a.error == b.error && a.message == b.message && a.keep_alive == b.keep_alive && a.log == b.log &&
           a.body == b.body;
}

// Every way of feeding `wire` gives the result of feeding it whole, which is returned.
Result every_split(const std::string& wire, const ParserOptions& opts = {}) {
    Result whole = run(wire, {}, opts);
    std::vector<std::size_t> bytewise;
    for (std::size_t i = 1; i < wire.size(); ++i) bytewise.push_back(i);
    const Result bytes = run(wire, bytewise, opts);
    CHECK_MESSAGE(same(whole, bytes),
                  "byte by byte: " << bytes.describe() << "\nwhole: " << whole.describe());
    for (std::size_t cut = 1; cut < wire.size(); ++cut) {
        const Result two = run(wire, {cut}, opts);
        if (!same(whole, two)) {
            FAIL_CHECK("cut at " << cut << ": " << two.describe() << "\nwhole: " << whole.describe());
            break;
        }
    }
    // Three pieces: a cut in each of two lines, every 7th offset pair (bounded cost).
    for (std::size_t a = 1; a < wire.size(); a += 7)
        for (std::size_t b = a + 1; b < wire.size(); b += 5) {
            const Result three = run(wire, {a, b}, opts);
            if (!same(whole, three)) {
                FAIL_CHECK("cuts at " << a << "," << b << ": " << three.describe()
                                      << "\nwhole: " << whole.describe());
                return whole;
            }
        }
    return whole;
}

const std::string kHead =
    "HTTP/1.1 200 OK\r\nContent-Type: application/vnd.graphbinary-v4.0\r\nTransfer-Encoding: chunked\r\n"
    "Gremlin-RequestId: 5d88f9d4-13d3-4cff-bddb-d297ab8bf9c5\r\nAccess-Control-Allow-Origin: *\r\n\r\n";
const std::string kBody = "11\r\n0123456789abcdefg\r\n0\r\ncode: 200\r\n\r\n";

}  // namespace

TEST_CASE("http1 token scan: 16 bytes per step agrees with the RFC 9110 table at every byte and position") {
    for (int c = 0; c < 256; ++c) {
        const char ch = static_cast<char>(c);
        for (std::size_t len = 1; len <= 40; ++len) {
            for (std::size_t at = 0; at < len; ++at) {
                std::string s(len, 'a');
                s[at] = ch;
                const std::size_t want = http1::is_tchar(ch) ? len : at;
                if (http1::token_length(s) != want) {
                    FAIL_CHECK("byte " << c << " at " << at << " of " << len << ": "
                                       << http1::token_length(s));
                    return;
                }
            }
        }
    }
    // A rarer token character first (the scan's slower check takes over), then every byte value.
    for (char t : std::string_view("!#$%&'*+.^_`|~")) {
        for (int c = 0; c < 256; ++c) {
            for (std::size_t at : {std::size_t{0}, std::size_t{3}, std::size_t{15}, std::size_t{17}}) {
                for (std::size_t later = at + 1; later < 40; later += 3) {
                    std::string s(40, 'a');
                    s[at] = t;
                    s[later] = static_cast<char>(c);
                    const std::size_t want = http1::is_tchar(static_cast<char>(c)) ? 40 : later;
                    if (http1::token_length(s) != want) {
                        FAIL_CHECK("'" << t << "' at " << at << ", byte " << c << " at " << later << ": "
                                       << http1::token_length(s));
                        return;
                    }
                }
            }
        }
    }
    CHECK(http1::token_length("") == 0);
    CHECK(http1::token_length("Access-Control-Allow-Origin: *") == 27);
    CHECK(http1::token_length("!#$%&'*+-.^_`|~09azAZ!#$%&'*+-.^_`|~09azAZ") == 42);
    CHECK(http1::is_token("X-Ab_c.d~e"));
    CHECK_FALSE(http1::is_token("a b"));
}

TEST_CASE("http1 token_equals_lower: exact for tokens at every length, and for any bytes against letters") {
    CHECK(http1::token_equals_lower("Chunked", "chunked"));
    CHECK(http1::token_equals_lower("CHUNKED", "chunked"));
    CHECK_FALSE(http1::token_equals_lower("chunkee", "chunked"));
    CHECK_FALSE(http1::token_equals_lower("Xhunked", "chunked"));
    CHECK_FALSE(http1::token_equals_lower("chunke", "chunked"));
    CHECK_FALSE(http1::token_equals_lower("chu\x0dked", "chunked"));
    CHECK(http1::token_equals_lower("Code", "code"));
    CHECK_FALSE(http1::token_equals_lower("Cod", "code"));
    CHECK(http1::token_equals_lower("ab", "ab"));
    CHECK_FALSE(http1::token_equals_lower("ab", "ac"));
    CHECK(http1::token_equals_lower("Content-Type", "content-type"));
    CHECK_FALSE(http1::token_equals_lower("Content-Typf", "content-type"));
    // Every single-byte change of a 4..7-byte name is noticed (the two overlapping 4-byte loads).
    for (const std::string lower : {"code", "chunk", "abcdef", "chunked"}) {
        for (std::size_t i = 0; i < lower.size(); ++i) {
            std::string a = lower;
            a[i] = static_cast<char>(a[i] == 'z' ? 'y' : a[i] + 1);
            CHECK_FALSE(http1::token_equals_lower(a, lower));
            a[i] = static_cast<char>(lower[i] - 0x20);  // upper case
            CHECK(http1::token_equals_lower(a, lower));
        }
    }
}

TEST_CASE("http1 response parser: a well-formed response gives the same events in every split") {
    const Result r = every_split(kHead + kBody);
    CHECK(r.status == Status::done);
    CHECK(r.consumed == kHead.size() + kBody.size());
    CHECK(r.keep_alive);
    CHECK(r.body == "0123456789abcdefg");
    CHECK(r.log ==
          "F[Gremlin-RequestId=5d88f9d4-13d3-4cff-bddb-d297ab8bf9c5]F[Access-Control-Allow-Origin=*]"
          "H200/11[application/vnd.graphbinary-v4.0|]BT[code=200]C");

    // Bytes after the response stay with the caller.
    const Result more = every_split(kHead + kBody + "HTTP/1.1 200 OK\r\n");
    CHECK(more.status == Status::done);
    CHECK(more.consumed == kHead.size() + kBody.size());

    // Content-Length, case and whitespace in names and values, HTTP/1.0 keep-alive, interim 1xx.
    const Result cl = every_split(
        "HTTP/1.1 100 Continue\r\nX-Interim: 1\r\n\r\n"
        "HTTP/1.0 201 Created\r\ncontent-TYPE:\t text/plain \t\r\nCONNECTION: Keep-Alive\r\n"
        "X-Transaction-Id:abc\r\ncontent-length: 5\r\n\r\nhello");
    CHECK(cl.status == Status::done);
    CHECK(cl.keep_alive);
    CHECK(cl.body == "hello");
    CHECK(cl.log == "F[X-Interim=1]IF[X-Transaction-Id=abc]H201/10[text/plain|]BC");

    // Transfer-Encoding lists: the last coding decides; chunk extensions; several trailers.
    const Result te = every_split(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\nContent-Encoding: deflate\r\n\r\n"
        "3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\ncode: 500\r\nexception: E\r\n\r\n");
    CHECK(te.status == Status::done);
    CHECK(te.body == "abcde");
    CHECK(te.log == "H200/11[|deflate]BT[code=500]T[exception=E]C");

    // No body for 204; until the close without a length (need_more, then on_eof).
    CHECK(every_split("HTTP/1.1 204 No Content\r\nX: y\r\n\r\n").log == "F[X=y]H204/11[|]C");
    const Result close = every_split("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nabc");
    CHECK(close.status == Status::need_more);
    CHECK_FALSE(close.keep_alive);

    // Trailers skipped unread, control characters refused (the http3 options).
    ParserOptions h3;
    h3.reject_ctl = true;
    h3.trailer_fields = false;
    CHECK(every_split(kHead + kBody, h3).log ==
          "F[Gremlin-RequestId=5d88f9d4-13d3-4cff-bddb-d297ab8bf9c5]F[Access-Control-Allow-Origin=*]"
          "H200/11[application/vnd.graphbinary-v4.0|]BC");
}

TEST_CASE("http1 response parser: malformed heads fail with the same error text in every split") {
    struct Case {
        std::string wire;
        const char* message;
        ParserOptions opts{};
    };
    ParserOptions ctl;
    ctl.reject_ctl = true;
    const std::vector<Case> cases = {
        {"HTTP/2 200 OK\r\n\r\n", "bad status line: 'HTTP/2 200 OK'"},
        {"HTTP/1.1 2000 OK\r\n\r\n", "bad status line: 'HTTP/1.1 2000 OK'"},
        {"HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "bad header line: 'no colon here'"},
        {"HTTP/1.1 200 OK\r\n: empty name\r\n\r\n", "bad header line: ': empty name'"},
        {"HTTP/1.1 200 OK\r\nbad name: x\r\n\r\n", "bad header line: 'bad name: x'"},
        {"HTTP/1.1 200 OK\r\n folded: x\r\n\r\n", "bad header line: ' folded: x'"},
        {"HTTP/1.1 200 OK\r\nAccess-Control-Allow(Origin: *\r\n\r\n",
         "bad header line: 'Access-Control-Allow(Origin: *'"},
        {"HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin\r\n\r\n",
         "bad header line: 'Access-Control-Allow-Origin'"},
        {"HTTP/1.1 200 OK\r\nX-Very-Long-Header-Name-Without-A-Colon\r\n\r\n",
         "bad header line: 'X-Very-Long-Header-Name-Without-A-Colon'"},
        {"HTTP/1.1 200 OK\r\nContent\rType: x\r\n\r\n", "bad header line: 'Content?Type: x'"},
        {"HTTP/1.1 200 OK\nX: y\r\n\r\n", "response line not terminated by CRLF"},
        {"HTTP/1.1 200 OK\r\nX: y\n\r\n", "response line not terminated by CRLF"},
        {"HTTP/1.1 200 OK\r\nX: y\r\n\n", "response line not terminated by CRLF"},
        {"\n", "response line not terminated by CRLF"},
        {"HTTP/1.1 200 OK\r\nX: " + std::string(70000, 'a') + "\r\n\r\n", "response head larger than 64 KiB"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
         "unsupported Transfer-Encoding (only chunked is understood)"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunkee\r\n\r\n",
         "unsupported Transfer-Encoding (only chunked is understood)"},
        {"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
         "conflicting Content-Length headers"},
        {"HTTP/1.1 200 OK\r\nContent-Length: 1e3\r\n\r\n", "bad header line: 'Content-Length: 1e3'"},
        {"HTTP/1.1 200 OK\r\nX: a\x01"
         "b\r\n\r\n",
         "bad header line: 'X: a?b'", ctl},
        {"HTTP/1.1 200 O\x7fK\r\n\r\n", "bad status line: 'HTTP/1.1 200 O?K'", ctl},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\ncode 200\r\n\r\n",
         "bad trailer line: 'code 200'"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\ncode: 200\n\r\n",
         "response line not terminated by CRLF"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: " + std::string(70000, 'a') +
             "\r\n\r\n",
         "trailer block larger than 64 KiB"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "bad chunk size line: 'zz'"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\n",
         "chunk size line not terminated by CRLF"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + std::string(5000, '1'),
         "chunk size line longer than 4 KiB"},
        {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabXY", "chunk data not followed by CRLF"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.wire.substr(0, 80));
        const bool big = c.wire.size() > 4096;
        const Result r = big ? run(c.wire, {}, c.opts) : every_split(c.wire, c.opts);
        CHECK(r.status == Status::failed);
        CHECK(r.error == tpbench::errc::protocol_violation);
        CHECK(r.message == c.message);
        CHECK_FALSE(r.keep_alive);
        if (big) {
            // Too big to split everywhere: a cut inside the long line, and byte by byte up to it.
            for (std::size_t cut : {std::size_t{30}, std::size_t{40000}, c.wire.size() - 3}) {
                const Result t = run(c.wire, {cut}, c.opts);
                CHECK_MESSAGE(same(r, t), "cut at " << cut << ": " << t.describe());
            }
        }
    }
}

TEST_CASE(
    "http1 response parser: a handler that fails the response from on_field ends it there, in every split") {
    // The handler refuses one header field (ResponseHandler: every callback may call fail()): the
    // response fails with its text, nothing after that field is handed over (no head, no body).
    struct Refuser final : http1::ResponseHandler {
        ResponseParser* parser = nullptr;
        std::string log;
        void on_field(std::string_view name, std::string_view value, bool trailer) override {
            log += (trailer ? "T[" : "F[") + std::string(name) + "]";
            if (name == "X-Refused") parser->fail(errc::protocol_violation, "refused " + std::string(value));
        }
        void on_interim() override { log += "I"; }
        bool on_head(ResponseParser&) override {
            log += "H";
            return true;
        }
        bool on_body(ResponseParser&, std::string_view) override {
            log += "B";
            return true;
        }
        Status on_complete(ResponseParser&) override {
            log += "C";
            return Status::done;
        }
    };
    for (const std::string& wire :
         {std::string("HTTP/1.1 200 OK\r\nA: 1\r\nX-Refused: yes\r\nB: 2\r\n\r\n"),
          std::string("HTTP/1.1 200 OK\r\nX-Refused: yes\r\n\r\nHTTP/1.1 200 OK\r\n"),
          std::string("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Refused: "
                      "yes\r\n\r\n1\r\na\r\n0\r\n\r\n")}) {
        CAPTURE(wire);
        for (std::size_t cut = 0; cut < wire.size(); ++cut) {
            ResponseParser p;
            Refuser h;
            h.parser = &p;
            p.start(&h);
            std::size_t used = 0;
            Status st = Status::need_more;
            if (cut == 0) {
                st = p.feed(wire, used);
            } else {
                st = p.feed(std::string_view(wire).substr(0, cut), used);
                if (st == Status::need_more) st = p.feed(std::string_view(wire).substr(cut), used);
            }
            CAPTURE(cut);
            CHECK(st == Status::failed);
            CHECK(p.message() == "refused yes");
            CHECK_FALSE(p.keep_alive());
            const bool first = wire.find("A: 1") != std::string::npos;
            CHECK(h.log == (first ? "F[A]F[X-Refused]" : "F[X-Refused]"));
        }
    }
}

TEST_CASE("http1 response parser: every byte value in a header name is taken or refused as RFC 9110 says") {
    for (int c = 0; c < 256; ++c) {
        if (c == '\n' || c == ':') continue;  // they end the line / the name
        for (std::size_t at :
             {std::size_t{0}, std::size_t{5}, std::size_t{15}, std::size_t{16}, std::size_t{20}}) {
            std::string name = "Abcdefghijklmnopqrstuvw";
            name[at] = static_cast<char>(c);
            const std::string wire = "HTTP/1.1 200 OK\r\n" + name + ": v\r\nContent-Length: 0\r\n\r\n";
            const Result whole = run(wire, {});
            const Result split = run(wire, {17 + at});  // the name cut at the byte
            CHECK(same(whole, split));
            if (http1::is_tchar(static_cast<char>(c))) {
                if (whole.status != Status::done)
                    FAIL_CHECK("byte " << c << " at " << at << ": " << whole.describe());
            } else if (whole.status != Status::failed || whole.message.rfind("bad header line: '", 0) != 0) {
                FAIL_CHECK("byte " << c << " at " << at << ": " << whole.describe());
            }
        }
    }
}

TEST_CASE(
    "http1 response parser: only the fields of the handler's name lengths are handed over, in every split") {
    ParserOptions o;
    o.head_field_lengths = http1::field_lengths({"x-transaction-id"});
    o.trailer_field_lengths = http1::field_lengths({"code", "exception"});
    CHECK(o.head_field_lengths == std::uint64_t{1} << 16);
    CHECK(http1::field_lengths({std::string(63, 'x'), std::string(200, 'y')}) == std::uint64_t{1} << 63);
    const std::string wire =
        "HTTP/1.1 200 OK\r\nX-Transaction-Id:  abc \r\nGremlin-RequestId: 5d88f9d4\r\nX-Other-Length-16: "
        "q\r\n"
        "Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\ncode: 500\r\n"
        "exception: E\r\nx-trailer-9: no\r\nserver-x: no\r\n\r\n";
    const Result r = every_split(wire, o);
    CHECK(r.status == Status::done);
    CHECK(r.body == "abc");
    // Names of 16 bytes (X-Other-Length-16 has 17: skipped) in the head, 4 and 9 in the trailers.
    CHECK(r.log == "F[X-Transaction-Id=abc]H200/11[text/plain|]BT[code=500]T[exception=E]C");
    // Every field is still checked: a skipped one with a bad name or (reject_ctl) value fails.
    CHECK(every_split("HTTP/1.1 200 OK\r\nGremlin(RequestId: x\r\n\r\n", o).message ==
          "bad header line: 'Gremlin(RequestId: x'");
    ParserOptions ctl = o;
    ctl.reject_ctl = true;
    CHECK(every_split("HTTP/1.1 200 OK\r\nGremlin-RequestId: a\x01z\r\n\r\n", ctl).message ==
          "bad header line: 'Gremlin-RequestId: a?z'");
    CHECK(
        every_split("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nserver-x: a\x7fz\r\n\r\n", ctl)
            .message == "bad trailer line: 'server-x: a?z'");
    // No field wanted at all: the framing fields still act.
    ParserOptions none;
    none.head_field_lengths = 0;
    none.trailer_field_lengths = 0;
    const Result n = every_split(wire, none);
    CHECK(n.log == "H200/11[text/plain|]BC");
    CHECK(n.body == "abc");
}

TEST_CASE("http1 response parser: Content-Type and its serial over several responses on one parser") {
    ResponseParser p;
    Recorder h;
    // Each response fed whole and in two pieces cut inside its Content-Type line.
    auto parse = [&p, &h](const std::string& wire, std::size_t cut) {
        p.start(&h);
        std::size_t used = 0;
        Status st = p.feed(std::string_view(wire).substr(0, cut), used);
        if (st == Status::need_more && cut < wire.size())
            st = p.feed(std::string_view(wire).substr(cut), used);
        CHECK(st == Status::done);
        return p.content_type_serial();
    };
    for (std::size_t cut : {std::size_t{1000}, std::size_t{30}}) {
        CAPTURE(cut);
        const std::uint64_t a =
            parse("HTTP/1.1 200 OK\r\nContent-Type: type/aaa\r\nContent-Length: 0\r\n\r\n", cut);
        CHECK(a != 0);
        CHECK(p.content_type() == "type/aaa");
        CHECK(parse("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", cut) == 0);  // none
        CHECK(p.content_type().empty());
        CHECK(parse("HTTP/1.1 200 OK\r\nContent-Type:  type/aaa\r\nContent-Length: 0\r\n\r\n", cut) == a);
        CHECK(p.content_type() == "type/aaa");
        const std::uint64_t b =
            parse("HTTP/1.1 200 OK\r\nContent-Type: type/bbb\r\nContent-Length: 0\r\n\r\n", cut);
        CHECK(b != a);
        CHECK(b != 0);
        CHECK(p.content_type() == "type/bbb");
        // Two in one head: the last counts.
        const std::uint64_t c = parse(
            "HTTP/1.1 200 OK\r\nContent-Type: type/aaa\r\nContent-Type: type/c\r\nContent-Length: 0\r\n\r\n",
            cut);
        CHECK(c != b);
        CHECK(p.content_type() == "type/c");
        // An interim head's Content-Type is forgotten with it.
        CHECK(parse("HTTP/1.1 103 Early Hints\r\nContent-Type: type/c\r\n\r\nHTTP/1.1 200 "
                    "OK\r\nContent-Length: 0\r\n\r\n",
                    cut) == 0);
        CHECK(p.content_type().empty());
    }
}

TEST_CASE(
    "http1 response parser: record_skipped gives where the skipped values lay, only when whole in one feed") {
    ParserOptions o;
    o.head_field_lengths = http1::field_lengths({"x-transaction-id"});
    o.trailer_field_lengths = http1::field_lengths({"code"});
    o.record_skipped = true;
    const std::string wire =
        "HTTP/1.1 200 OK\r\nGremlin-RequestId:  id-1 \r\nX-Transaction-Id: t\r\n"
        "Transfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\nserver-x:\r\ncode: 200\r\n\r\n";
    const std::size_t id = wire.find(":  id-1") + 1, sx = wire.find("server-x:") + 9;
    for (std::size_t cut = 1; cut <= wire.size(); ++cut) {
        CAPTURE(cut);
        ResponseParser p;
        p.set_options(o);
        Recorder h;
        p.start(&h);
        std::size_t used = 0;
        Status st = p.feed(std::string_view(wire).substr(0, cut), used);
        if (st == Status::need_more && cut < wire.size())
            st = p.feed(std::string_view(wire).substr(cut), used);
        REQUIRE(st == Status::done);
        CHECK(h.log == "F[X-Transaction-Id=t]H200/11[|]BT[code=200]C");
        const auto sk = p.skipped_values();
        // A cut inside a skipped line (before its LF) puts it in the parser's line buffer.
        const bool in_id_line = cut > wire.rfind('\n', id) + 1 && cut <= wire.find('\n', id);
        const bool in_sx_line = cut > wire.rfind('\n', sx) + 1 && cut <= wire.find('\n', sx);
        if (in_id_line || in_sx_line) {
            CHECK_FALSE(sk.has_value());
            continue;
        }
        REQUIRE(sk.has_value());
        REQUIRE(sk->second == 2);
        CHECK(sk->first[0].offset == id);
        CHECK(sk->first[0].size == 7);  // "  id-1 "
        CHECK(sk->first[1].offset == sx);
        CHECK(sk->first[1].size == 0);
        const auto c = p.completed();
        CHECK(c.status == 200);
        CHECK(c.bytes == wire.size());
        CHECK(c.chunks == 1);
        CHECK(c.body_bytes == 1);
        CHECK(c.keep_alive);
        // replay() after start() gives the same state without a byte.
        p.start(&h);
        p.replay(c);
        CHECK(p.head_complete());
        CHECK(p.status() == 200);
        CHECK(p.bytes_seen() == wire.size());
        CHECK(p.chunks() == 1);
        CHECK(p.keep_alive());
        used = 7;
        CHECK(p.feed("x", used) == Status::done);
        CHECK(used == 0);
    }
    // More skipped values than recorded.
    ResponseParser p;
    p.set_options(o);
    Recorder h;
    p.start(&h);
    std::size_t used = 0;
    CHECK(p.feed("HTTP/1.1 204 X\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n", used) == Status::done);
    CHECK(p.skipped_values().has_value());
    p.start(&h);
    CHECK(p.feed("HTTP/1.1 204 X\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\nE: 5\r\n\r\n", used) == Status::done);
    CHECK_FALSE(p.skipped_values().has_value());
}
