// The http4 protocol core without sockets: scripted byte exchanges (requests rendered, responses
// fed in every split), with a failure injected at every step — truncation at every byte offset,
// bad chunk sizes, oversized declared lengths, early close, error footers and trailers.
#include "backends/http4/protocol.hpp"

#include "backends/common/http1_text.hpp"

#include <tpbench/io/http4.hpp>

#include "common/bytes.hpp"

#include <doctest/doctest.h>
#include <zlib.h>

#include <cstdio>
#include <string>
#include <vector>

using tpbench::errc;
using tpbench::http4::HeaderList;
using tpbench::http4::RequestHead;
using tpbench::http4::ResponseReader;
using tpbench::model::Value;
namespace h4 = tpbench::io::http4;
using Status = ResponseReader::Status;

namespace {

using tpbench::test::hex_size;

const h4::ResponseFormat gb = h4::ResponseFormat::graphbinary_v4;
const std::string kGbType = "application/vnd.graphbinary-v4.0";

// A GraphBinary 4 body of Int items 0.. split into chunks (chunk i holds per_chunk[i] items), the
// last one ending with the footer.
std::vector<std::string> gb_chunks(const std::vector<int>& per_chunk, std::int32_t code = 200,
                                   std::optional<std::string> message = std::nullopt,
                                   std::optional<std::string> exception = std::nullopt, bool bulked = false,
                                   std::uint8_t version = 0x84) {
    std::vector<std::string> chunks;
    std::string cur;
    h4::write_response_start(cur, gb, bulked, version);
    int v = 0;
    for (std::size_t i = 0; i < per_chunk.size(); ++i) {
        for (int k = 0; k < per_chunk[i]; ++k)
            h4::write_response_item(cur, gb, Value::int_(v++), false,
                                    bulked ? std::optional<std::int64_t>(3) : std::nullopt);
        if (i + 1 < per_chunk.size()) {
            chunks.push_back(std::move(cur));
            cur.clear();
        }
    }
    h4::write_response_end(cur, gb, code, message, exception);
    chunks.push_back(std::move(cur));
    return chunks;
}

std::string chunked(const std::vector<std::string>& chunks, const std::string& trailers = "code: 200\r\n") {
    std::string out;
    for (const auto& c : chunks) out += hex_size(c.size()) + "\r\n" + c + "\r\n";
    return out + "0\r\n" + trailers + "\r\n";
}

std::string head(int status, const std::string& ctype, const std::string& extra = "") {
    return "HTTP/1.1 " + std::to_string(status) + " X\r\nContent-Type: " + ctype +
           "\r\nTransfer-Encoding: chunked\r\nGremlin-RequestId: 8a2a7b5e\r\n" + extra + "\r\n";
}

std::string gb_response(const std::vector<int>& per_chunk) {
    return head(200, kGbType) + chunked(gb_chunks(per_chunk));
}

std::string json_error(int status, const std::string& body, const std::string& extra = "") {
    return "HTTP/1.1 " + std::to_string(status) +
           " Error\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n" + extra + "\r\n" + body;
}

struct Fed {
    Status status = Status::need_more;
    std::size_t consumed = 0;  // total bytes taken by the reader
};

// Feeds `bytes` in pieces of `step` bytes (0 = all at once) until the reader is done or failed.
Fed feed(ResponseReader& r, std::string_view bytes, std::size_t step = 0) {
    Fed f;
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        const std::size_t n = step == 0 ? bytes.size() - pos : std::min(step, bytes.size() - pos);
        std::size_t used = 0;
        f.status = r.feed(bytes.substr(pos, n), used);
        f.consumed += used;
        if (f.status != Status::need_more) return f;
        REQUIRE(used == n);
        pos += n;
    }
    return f;
}

Fed read_all(ResponseReader& r, std::string_view bytes, std::size_t step = 0, bool keep = false,
             h4::ResponseFormat f = gb) {
    r.start(f, keep);
    return feed(r, bytes, step);
}

std::vector<std::string> deflate_chunks(const std::vector<std::string>& in) {
    z_stream zs{};
    REQUIRE(deflateInit(&zs, 6) == Z_OK);
    std::vector<std::string> out;
    char buf[8192];
    for (std::size_t i = 0; i < in.size(); ++i) {
        std::string piece;
        zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in[i].data()));
        zs.avail_in = static_cast<uInt>(in[i].size());
        do {
            zs.next_out = reinterpret_cast<Bytef*>(buf);
            zs.avail_out = sizeof buf;
            deflate(&zs, i + 1 == in.size() ? Z_FINISH : Z_SYNC_FLUSH);
            piece.append(buf, sizeof buf - zs.avail_out);
        } while (zs.avail_out == 0);
        out.push_back(std::move(piece));
    }
    deflateEnd(&zs);
    return out;
}

}  // namespace

TEST_CASE("http4 protocol: one request is one buffer, head and body together") {
    RequestHead h;
    h.target = "/gremlin";
    h.headers = {{"Host", "127.0.0.1:8182"}, {"Content-Type", kGbType}, {"Accept", kGbType}};
    const HeaderList extra = {{"Authorization", "Basic dTpw"}};
    std::string out = "left";
    tpbench::http4::write_request(out, h, &extra, std::string("\x84\x00", 2));
    CHECK(out == "leftPOST /gremlin HTTP/1.1\r\nHost: 127.0.0.1:8182\r\nContent-Type: " + kGbType +
                     "\r\nAccept: " + kGbType + "\r\nAuthorization: Basic dTpw\r\nContent-Length: 2\r\n\r\n" +
                     std::string("\x84\x00", 2));
    out.clear();
    tpbench::http4::write_request(out, h, nullptr, "");
    CHECK(out.ends_with("Accept: " + kGbType + "\r\nContent-Length: 0\r\n\r\n"));
}

TEST_CASE("http4 protocol: a chunked GraphBinary response in every split gives the same events") {
    const std::string wire = gb_response({2, 3, 1});
    for (std::size_t step :
         {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{64}}) {
        CAPTURE(step);
        ResponseReader r;
        const Fed f = read_all(r, wire, step, true);
        REQUIRE(f.status == Status::done);
        CHECK(f.consumed == wire.size());
        CHECK(r.error() == errc::ok);
        CHECK(r.http_status() == 200);
        CHECK(r.status_code() == 200);
        CHECK(r.result_count() == 6);
        CHECK(r.chunks() == 3);
        CHECK(r.keep_alive());
        CHECK(r.version_byte() == 0x84);
        REQUIRE(r.results().size() == 6);
        CHECK(r.results()[5] == Value::int_(5));
    }
    // Every two-piece split.
    for (std::size_t cut = 0; cut < wire.size(); ++cut) {
        CAPTURE(cut);
        ResponseReader r;
        r.start(gb, false);
        std::size_t used = 0;
        Status s = r.feed(std::string_view(wire).substr(0, cut), used);
        REQUIRE(s == Status::need_more);
        s = r.feed(std::string_view(wire).substr(cut), used);
        REQUIRE(s == Status::done);
        CHECK(r.result_count() == 6);
    }
}

TEST_CASE("http4 protocol: bytes after a complete response are left to the caller") {
    const std::string wire = gb_response({1});
    ResponseReader r;
    const Fed f = read_all(r, wire + "HTTP/1.1 200 OK\r\n");
    CHECK(f.status == Status::done);
    CHECK(f.consumed == wire.size());
}

TEST_CASE("http4 protocol: truncation at every byte offset is connection_closed, never a hang or a success") {
    const std::vector<std::string> wires = {
        gb_response({2, 2}),
        head(200, kGbType) + chunked(gb_chunks({1}), "code: 200\r\nexception: none\r\n"),
        json_error(400, "{\"message\":\"no gremlin script supplied\"}"),
        "HTTP/1.1 200 OK\r\nContent-Type: " + kGbType + "\r\nContent-Length: " +
            std::to_string(gb_chunks({3})[0].size()) + "\r\n\r\n" + gb_chunks({3})[0],
    };
    for (const auto& wire : wires) {
        for (std::size_t cut = 0; cut < wire.size(); ++cut) {
            CAPTURE(cut);
            ResponseReader r;
            const Fed f = read_all(r, std::string_view(wire).substr(0, cut));
            REQUIRE(f.status == Status::need_more);
            CHECK(r.on_eof() == Status::failed);
            CHECK(r.error() == errc::connection_closed);
            CHECK_FALSE(r.keep_alive());
            CHECK(r.on_eof() == Status::failed);  // idempotent
        }
        ResponseReader r;
        CHECK(read_all(r, wire).status == Status::done);
        CHECK(r.on_eof() == Status::done);
    }
}

TEST_CASE("http4 protocol: a body delimited by the close ends at EOF; truncated, it lacks its footer") {
    const std::string body = gb_chunks({2})[0];
    const std::string wire = "HTTP/1.1 200 OK\r\nContent-Type: " + kGbType + "\r\n\r\n" + body;
    ResponseReader r;
    CHECK(read_all(r, wire, 3).status == Status::need_more);
    CHECK(r.on_eof() == Status::done);
    CHECK(r.error() == errc::ok);
    CHECK(r.result_count() == 2);
    CHECK_FALSE(r.keep_alive());
    for (std::size_t cut = wire.size() - body.size(); cut < wire.size(); ++cut) {
        CAPTURE(cut);
        ResponseReader t;
        CHECK(read_all(t, std::string_view(wire).substr(0, cut)).status == Status::need_more);
        CHECK(t.on_eof() == Status::failed);
        CHECK(t.error() == errc::protocol_violation);
    }
}

TEST_CASE("http4 protocol: bad chunk sizes and oversized declared lengths are protocol violations") {
    const std::string h = head(200, kGbType);
    const std::string body = gb_chunks({1})[0];
    const std::vector<std::string> bad = {
        h + "zz\r\n",                                      // not hex
        h + "\r\n",                                        // empty size
        h + "-1\r\n",                                      // sign
        h + "0x10\r\n",                                    // 0x prefix
        h + "10 junk\r\n",                                 // junk after the size
        h + "7fffffffffffffff\r\n",                        // 2^63-1
        h + "ffffffffffffffffffffffff\r\n",                // overflows 64 bits
        h + "10000000001\r\n",                             // 2^40 + 1
        h + "5\n",                                         // bare LF
        h + std::string(5000, '1'),                        // endless size line
        h + hex_size(body.size()) + "\r\n" + body + "XY",  // data not followed by CRLF
        h + "0\r\ncode 200\r\n\r\n",                       // bad trailer line
    };
    for (std::size_t i = 0; i < bad.size(); ++i) {
        CAPTURE(i);
        ResponseReader r;
        const Fed f = read_all(r, bad[i]);
        CHECK(f.status == Status::failed);
        CHECK(r.error() == errc::protocol_violation);
        CHECK_FALSE(r.keep_alive());
    }
    // The huge size is refused as soon as its line is complete, without waiting for the bytes.
    ResponseReader r;
    CHECK(read_all(r, h + "7fffffffffffffff\r\nabc").status == Status::failed);
    CHECK(r.message().find("chunk size above") != std::string::npos);
    // Chunk extensions are fine.
    ResponseReader e;
    CHECK(read_all(e, h + hex_size(body.size()) + ";name=value\r\n" + body + "\r\n0\r\n\r\n").status ==
          Status::done);
    CHECK(e.error() == errc::ok);
}

TEST_CASE("http4 protocol: Content-Length of 2^63-1, conflicting or malformed is a protocol violation") {
    for (const std::string cl :
         {"Content-Length: 9223372036854775807\r\n", "Content-Length: 1099511627777\r\n",
          "Content-Length: 99999999999999999999999999\r\n", "Content-Length: 5\r\nContent-Length: 6\r\n",
          "Content-Length: -1\r\n", "Content-Length: 1e3\r\n", "Content-Length:\r\n"}) {
        CAPTURE(cl);
        ResponseReader r;
        const Fed f = read_all(r, "HTTP/1.1 200 OK\r\nContent-Type: " + kGbType + "\r\n" + cl + "\r\n");
        CHECK(f.status == Status::failed);
        CHECK(r.error() == errc::protocol_violation);
    }
}

TEST_CASE("http4 protocol: bad heads") {
    const std::vector<std::string> bad = {
        "HTTP/2 200 OK\r\n\r\n",
        "HTTP/1.1 2000 OK\r\n\r\n",
        "HTTP/1.1 20 OK\r\n\r\n",
        "ICY 200 OK\r\n\r\n",
        "HTTP/1.1 200OK\r\n\r\n",
        "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
        "HTTP/1.1 200 OK\r\n: empty name\r\n\r\n",
        "HTTP/1.1 200 OK\r\nbad name: x\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: " + std::string(70000, 'a') + "\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Type: " + kGbType + "\r\nTransfer-Encoding: gzip\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Type: " + kGbType +
            "\r\nContent-Encoding: br\r\nContent-Length: 0\r\n\r\n",
        // the requested format was GraphBinary
        "HTTP/1.1 200 OK\r\nContent-Type: application/vnd.gremlin-v4.0+json\r\nContent-Length: 0\r\n\r\n",
    };
    for (std::size_t i = 0; i < bad.size(); ++i) {
        CAPTURE(i);
        ResponseReader r;
        CHECK(read_all(r, bad[i]).status == Status::failed);
        CHECK(r.error() == errc::protocol_violation);
    }
}

TEST_CASE("http4 protocol: interim 1xx responses are skipped; Connection and HTTP/1.0 decide keep-alive") {
    ResponseReader r;
    CHECK(read_all(r, "HTTP/1.1 100 Continue\r\n\r\n" + gb_response({1}), 5).status == Status::done);
    CHECK(r.error() == errc::ok);
    CHECK(r.result_count() == 1);
    CHECK(r.keep_alive());

    CHECK(read_all(r, head(200, kGbType, "Connection: close\r\n") + chunked(gb_chunks({1}))).status ==
          Status::done);
    CHECK_FALSE(r.keep_alive());
    std::string v10 = gb_response({1});
    v10.replace(0, 8, "HTTP/1.0");
    CHECK(read_all(r, v10).status == Status::done);
    CHECK_FALSE(r.keep_alive());
    v10 = "HTTP/1.0" + head(200, kGbType, "Connection: keep-alive\r\n").substr(8) + chunked(gb_chunks({1}));
    CHECK(read_all(r, v10).status == Status::done);
    CHECK(r.keep_alive());
}

TEST_CASE("http4 protocol: status interpretation — footer, trailers, status line, error bodies") {
    struct Case {
        std::string wire;
        errc expect;
        std::int32_t code;
        const char* message_part;
        std::uint64_t results;
    };
    const std::string t500 = "code: 500\r\nexception: ServerErrorException\r\n";
    const std::vector<Case> cases = {
        {head(200, kGbType) +
             chunked(gb_chunks({2, 2}, 500, "No such property: x", "ServerErrorException"), t500),
         errc::server_error_after_ok, 500, "No such property", 4},
        {head(200, kGbType) +
             chunked(gb_chunks({1}, 500, "A timeout occurred", "ServerTimeoutExceededException")),
         errc::server_timeout, 500, "timeout", 1},
        // success footer, error trailer: believe the trailer
        {head(200, kGbType) + chunked(gb_chunks({3}), t500), errc::server_error_after_ok, 500,
         "ServerErrorException", 3},
        {head(200, kGbType) + chunked(gb_chunks({3}), "code: 5x0\r\n"), errc::server_error_after_ok, 500, "",
         3},
        {head(429, kGbType) +
             chunked(gb_chunks({}, 429, "Too many requests", "TooManyRequestsException"), "code: 429\r\n"),
         errc::server_rate_limited, 429, "Too many", 0},
        {head(500, kGbType) +
             chunked(gb_chunks({}, 500, "boom", "ServerEvaluationException"), "code: 500\r\n"),
         errc::server_evaluation, 500, "boom", 0},
        {json_error(400, "{\"message\":\"no gremlin script supplied\"}"), errc::server_bad_request, 400,
         "no gremlin script", 0},
        {json_error(400,
                    "{\"result\":{\"data\":[]},\"status\":{\"code\":400,\"message\":\"Script engine "
                    "[gremlin-groovy] is not available.\",\"exception\":\"InvalidRequestException\"}}"),
         errc::server_bad_request, 400, "Script engine", 0},
        {json_error(401, "{\"message\":\"Invalid username or password\"}"), errc::auth_failed, 401, "Invalid",
         0},
        {json_error(403, "forbidden"), errc::auth_failed, 403, "forbidden", 0},
        {json_error(404, ""), errc::server_error, 404, "HTTP 404", 0},
        {"HTTP/1.1 204 No Content\r\n\r\n", errc::server_error, 204, "", 0},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        CAPTURE(i);
        for (std::size_t step : {std::size_t{0}, std::size_t{1}}) {
            ResponseReader r;
            const Fed f = read_all(r, cases[i].wire, step);
            REQUIRE(f.status == Status::done);
            CHECK(r.error() == cases[i].expect);
            CHECK(r.status_code() == cases[i].code);
            CHECK(r.message().find(cases[i].message_part) != std::string::npos);
            CHECK(r.result_count() == cases[i].results);
        }
    }
}

TEST_CASE("http4 protocol: a body that ends without its footer, or undecodable, is a protocol violation") {
    std::string body = gb_chunks({2})[0];
    const std::string no_footer = body.substr(0, body.size() - 9);
    ResponseReader r;
    CHECK(read_all(r, head(200, kGbType) + chunked({no_footer})).status == Status::failed);
    CHECK(r.error() == errc::protocol_violation);
    CHECK(r.message().find("without a status footer") != std::string::npos);
    body[2] = static_cast<char>(0x77);  // unknown type code
    CHECK(read_all(r, head(200, kGbType) + chunked({body})).status == Status::failed);
    CHECK(r.error() == errc::protocol_violation);
    CHECK(r.message().find("undecodable") != std::string::npos);
}

TEST_CASE("http4 protocol: deflate bodies inflate in every split; corrupt ones fail") {
    const auto plain = gb_chunks({5, 5, 5}, 200, std::nullopt, std::nullopt, /*bulked=*/true, 0x81);
    const std::string wire =
        head(200, kGbType, "Content-Encoding: deflate\r\n") + chunked(deflate_chunks(plain));
    for (std::size_t step : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{50}}) {
        CAPTURE(step);
        ResponseReader r;
        REQUIRE(read_all(r, wire, step).status == Status::done);
        CHECK(r.error() == errc::ok);
        CHECK(r.result_count() == 45);  // 15 items, bulk 3
        CHECK(r.bulked());
        CHECK(r.version_byte() == 0x81);
    }
    auto z = deflate_chunks(plain);
    z[1][3] = static_cast<char>(z[1][3] ^ 0x5a);
    ResponseReader r;
    const Fed f = read_all(r, head(200, kGbType, "Content-Encoding: deflate\r\n") + chunked(z));
    CHECK(f.status == Status::failed);
    CHECK(r.error() == errc::protocol_violation);
}

TEST_CASE("http4 protocol: GraphSON 4 responses") {
    std::string body;
    h4::write_response_start(body, h4::ResponseFormat::graphson_v4, false);
    for (int i = 0; i < 3; ++i)
        h4::write_response_item(body, h4::ResponseFormat::graphson_v4, Value::long_(i), i == 0);
    h4::write_response_end(body, h4::ResponseFormat::graphson_v4, 200);
    const std::string wire = head(200, "application/vnd.gremlin-v4.0+json") + chunked({body});
    ResponseReader r;
    REQUIRE(read_all(r, wire, 4, true, h4::ResponseFormat::graphson_v4).status == Status::done);
    CHECK(r.error() == errc::ok);
    CHECK(r.result_count() == 3);
    CHECK(r.version_byte() == -1);
    // a GraphBinary body where GraphSON was asked for
    CHECK(read_all(r, gb_response({1}), 0, false, h4::ResponseFormat::graphson_v4).status == Status::failed);
    CHECK(r.error() == errc::protocol_violation);
}

TEST_CASE(
    "http4 protocol: a failure injected at every step of the exchange ends the response, never a success") {
    // Steps of one response: status line, each header, the blank line, each chunk size line, each
    // chunk's data, each CRLF, the terminating chunk, each trailer, the final blank line. At every
    // step boundary inject (a) an early close and (b) a garbage byte; (a) is always
    // connection_closed, (b) a protocol violation or — if the garbage landed inside chunk data,
    // which the framing cannot see — an undecodable body; never ok.
    const std::string wire = head(200, kGbType) + chunked(gb_chunks({2, 1}), "code: 200\r\nexception: x\r\n");
    std::vector<std::size_t> steps;
    for (std::size_t i = 0; i + 1 < wire.size(); ++i)
        if (wire[i] == '\n') steps.push_back(i + 1);
    REQUIRE(steps.size() > 10);
    for (std::size_t at : steps) {
        CAPTURE(at);
        ResponseReader r;
        REQUIRE(read_all(r, std::string_view(wire).substr(0, at)).status == Status::need_more);
        CHECK(r.on_eof() == Status::failed);
        CHECK(r.error() == errc::connection_closed);

        std::string bad = wire.substr(0, at) + '\x01' + wire.substr(at);
        ResponseReader g;
        const Fed f = read_all(g, bad);
        if (f.status == Status::need_more) CHECK(g.on_eof() == Status::failed);
        CHECK(g.error() != errc::ok);
        CHECK_FALSE(g.keep_alive());
    }
}

TEST_CASE("http4 protocol: the reader is reusable across responses") {
    ResponseReader r;
    CHECK(read_all(r, json_error(500, "{\"message\":\"x\"}")).status == Status::done);
    CHECK(r.error() == errc::server_error);
    CHECK(read_all(r, gb_response({4})).status == Status::done);
    CHECK(r.error() == errc::ok);
    CHECK(r.result_count() == 4);
    CHECK(r.message().empty());
}

TEST_CASE(
    "http1 text: has_ctl (8 bytes per step) agrees with the byte-by-byte rule at every length and position") {
    using tpbench::backends::http1::has_ctl;
    auto reference = [](const std::string& s) {
        for (char c : s) {
            const auto u = static_cast<unsigned char>(c);
            if ((u < 0x20 && u != '\t') || u == 0x7f) return true;
        }
        return false;
    };
    int ctl_found = 0;
    for (std::size_t len = 1; len <= 19; ++len) {
        for (std::size_t pos = 0; pos < len; ++pos) {
            for (int b = 0; b < 256; ++b) {
                std::string s(len, 'a');
                s[pos] = static_cast<char>(b);
                if (pos + 1 < len) s[pos + 1] = static_cast<char>(0xff - b);  // high bytes and borrows nearby
                REQUIRE(has_ctl(s) == reference(s));
                ctl_found += has_ctl(s);
            }
        }
    }
    CHECK(ctl_found > 0);
    CHECK_FALSE(has_ctl(""));
    CHECK_FALSE(has_ctl("text/plain;\tcharset=utf-8 \x80\xff"));  // HTAB and obs-text are allowed
    CHECK(has_ctl("0123456789abcde\x7f"));
    CHECK(has_ctl("0123456789abcdef\r"));
}

namespace {
// Everything a reader says of a response, as text.
std::string outcome(const ResponseReader& r, const Fed& f) {
    return std::to_string(static_cast<int>(f.status)) + " used " + std::to_string(f.consumed) + " err " +
           std::to_string(static_cast<int>(r.error())) + " '" + r.message() + "' http " +
           std::to_string(r.http_status()) + " code " + std::to_string(r.status_code()) + " results " +
           std::to_string(r.result_count()) + " chunks " + std::to_string(r.chunks()) + " ka " +
           std::to_string(r.keep_alive()) + " bulked " + std::to_string(r.bulked()) + " vb " +
           std::to_string(r.version_byte()) + " tx '" + r.transaction_id() + "' seen " +
           std::to_string(r.bytes_seen()) + " head " + std::to_string(r.head_complete());
}
// The outcome of `bytes` fed whole to a reader that has seen nothing before.
std::string fresh_outcome(std::string_view bytes, bool keep = false, h4::ResponseFormat f = gb) {
    ResponseReader fresh;
    const Fed fed = read_all(fresh, bytes, 0, keep, f);
    return outcome(fresh, fed);
}
}  // namespace

TEST_CASE("http4 protocol: a response like the last one takes its result; any other byte means a parse") {
    const std::string a =
        "HTTP/1.1 200 OK\r\nContent-Type: " + kGbType +
        "\r\nTransfer-Encoding: chunked\r\nGremlin-RequestId: 5d88f9d4-13d3-4cff-bddb-d297ab8bf9c5"
        "\r\nAccess-Control-Allow-Origin: *\r\n\r\n" +
        chunked(gb_chunks({1}));
    ResponseReader r;
    CHECK(read_all(r, a).status == Status::done);
    CHECK(r.result_count() == 1);
    CHECK(r.responses_replayed() == 0);
    const std::string want = outcome(r, Fed{Status::done, a.size()});
    CHECK(want == fresh_outcome(a));

    // Another request id (the value of a field the parser skips): the same result, not parsed.
    std::string b = a;
    const std::size_t id = b.find("5d88f9d4");
    b.replace(id, 36, "00000000-1111-2222-3333-444444444444");
    Fed fed = read_all(r, b);
    CHECK(r.responses_replayed() == 1);
    CHECK(outcome(r, fed) == want);
    CHECK(outcome(r, fed) == fresh_outcome(b));
    b[b.find("Origin: *") + 8] = '#';  // both skipped values differ
    fed = read_all(r, b);
    CHECK(r.responses_replayed() == 2);
    CHECK(outcome(r, fed) == fresh_outcome(b));

    // Every byte of the response changed to each of these values, fed after `a`: the outcome is
    // the one a reader that never saw `a` gives (replayed or parsed), and only a change inside a
    // skipped value (no LF) may be replayed.
    const std::size_t id_end = id + 36;
    const std::size_t origin = a.find("Origin:") + 7;  // " *"
    std::size_t replayed = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (char c : {'\n', '\r', 'x', '0', ':', ' ', '\x01', '\xff'}) {
            if (a[i] == c) continue;
            std::string m = a;
            m[i] = c;
            ResponseReader rm;
            CHECK(read_all(rm, a).status == Status::done);  // the memo is `a`
            fed = read_all(rm, m);
            const bool took = rm.responses_replayed() != 0;
            const bool neutral =
                c != '\n' && ((i >= id - 1 && i < id_end) || (i >= origin && i < origin + 2));
            if (took != neutral || outcome(rm, fed) != fresh_outcome(m))
                FAIL_CHECK("byte " << i << " = " << int(c) << ": " << outcome(rm, fed) << " (replayed "
                                   << took << ")\nfresh: " << fresh_outcome(m));
            replayed += took;
        }
    }
    CHECK(replayed > 0);

    // One byte more or less in a skipped value, a response in two pieces, results kept, another
    // format: parsed.
    for (const std::string& m : {std::string(a).insert(id, "9"), std::string(a).erase(id, 1)}) {
        ResponseReader rm;
        CHECK(read_all(rm, a).status == Status::done);
        fed = read_all(rm, m);
        CHECK(rm.responses_replayed() == 0);
        CHECK(outcome(rm, fed) == fresh_outcome(m));
    }
    // (A reader that has parsed fewer than 8 responses in a row remembers each.)
    ResponseReader r2;
    CHECK(read_all(r2, a).status == Status::done);
    const std::uint64_t before = r2.responses_replayed();
    for (std::size_t step : {std::size_t{1}, std::size_t{100}, a.size() - 1}) {
        fed = read_all(r2, a, step);
        CHECK(outcome(r2, fed) == want);
    }
    CHECK(r2.responses_replayed() == before);
    fed = read_all(r2, a);  // the memo was forgotten by the split ones (no one-piece response since)
    CHECK(r2.responses_replayed() == before);
    fed = read_all(r2, a, 0, true);
    CHECK(r2.responses_replayed() == before);
    CHECK(r2.results().size() == 1);
    CHECK(outcome(r2, fed) == fresh_outcome(a, true));
    fed = read_all(r2, a, 0, false, h4::ResponseFormat::graphson_v4);
    CHECK(r2.responses_replayed() == before);
    CHECK(r2.error() == errc::protocol_violation);
    CHECK(outcome(r2, fed) == fresh_outcome(a, false, h4::ResponseFormat::graphson_v4));
    fed = read_all(r2, a);  // stored again, then taken
    fed = read_all(r2, a);
    CHECK(r2.responses_replayed() == before + 1);
    CHECK(outcome(r2, fed) == want);

    // Not remembered: an error, a transaction id, a deflated body, bytes after the response.
    auto never = [](const std::string& m, bool extra = false) {
        CAPTURE(m);
        ResponseReader rn;
        Fed f1 = read_all(rn, extra ? m + "HTTP/1.1 200 OK\r\n" : m);
        Fed f2 = read_all(rn, extra ? m + "HTTP/1.1 200 OK\r\n" : m);
        CHECK(rn.responses_replayed() == 0);
        CHECK(outcome(rn, f1) == outcome(rn, f2));
        CHECK(outcome(rn, f2) == fresh_outcome(extra ? m + "HTTP/1.1 200 OK\r\n" : m));
    };
    never(head(200, kGbType) + chunked(gb_chunks({1}, 500, std::string("boom"))));
    never(json_error(500, "{\"message\":\"x\"}"));
    never(head(200, kGbType, "X-Transaction-Id: t1\r\n") + chunked(gb_chunks({1})));
    never(head(200, kGbType, "Content-Encoding: deflate\r\n") + chunked(deflate_chunks(gb_chunks({1}))));
    never(a, true);
    // More skipped fields than the parser records.
    never(head(200, kGbType, "A1: x\r\nA2: x\r\nA3: x\r\nA4: x\r\n") + chunked(gb_chunks({1})));
    // A trailer that says otherwise is read again each time (its bytes differ from the memo's).
    CHECK(read_all(r2, a).status == Status::done);
    const std::string bad_trailer = head(200, kGbType) + chunked(gb_chunks({1}), "code: 503\r\n");
    fed = read_all(r2, bad_trailer);
    CHECK(r2.error() != errc::ok);
    CHECK(outcome(r2, fed) == fresh_outcome(bad_trailer));
}

TEST_CASE("http4 protocol: after many different responses the memo is tried again now and then") {
    ResponseReader r;
    for (int i = 0; i < 100; ++i) {
        const std::string m = gb_response({i % 7 + 1, i % 3});
        // Each differs from the one before: parsed, with the outcome of a fresh reader.
        const Fed fed = read_all(r, m);
        CHECK(outcome(r, fed) == fresh_outcome(m));
    }
    CHECK(r.responses_replayed() == 0);
    const std::string a = gb_response({2});
    const std::string want = fresh_outcome(a);
    int first = -1;
    for (int i = 0; i < 70; ++i) {
        const Fed fed = read_all(r, a);
        CHECK(outcome(r, fed) == want);
        if (first < 0 && r.responses_replayed() > 0) first = i;
    }
    // Remembered at the latest at the 64th parse in a row, taken from the next one on.
    CHECK(first > 0);
    CHECK(first <= 64);
    CHECK(r.responses_replayed() == static_cast<std::uint64_t>(70 - first));
}
