#include "backends/http4/inflater.hpp"
#include "backends/http4/status.hpp"

#include <doctest/doctest.h>
#include <zlib.h>

#include <random>
#include <string>

using tpbench::errc;
using tpbench::http4::classify_status;
using tpbench::http4::Inflater;

namespace {

// Compresses with zlib's deflate; window_bits 15 = zlib format, -15 = raw, 31 = gzip.
// sync_every > 0 emits a Z_SYNC_FLUSH every that many input bytes (as the Java server does per chunk).
std::string compress(const std::string& in, int window_bits, std::size_t sync_every = 0) {
    z_stream zs{};
    REQUIRE(deflateInit2(&zs, 6, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out;
    char buf[4096];
    std::size_t pos = 0;
    do {
        const std::size_t n = sync_every ? std::min(sync_every, in.size() - pos) : in.size() - pos;
        zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + pos));
        zs.avail_in = static_cast<uInt>(n);
        pos += n;
        const int flush = pos == in.size() ? Z_FINISH : Z_SYNC_FLUSH;
        do {
            zs.next_out = reinterpret_cast<Bytef*>(buf);
            zs.avail_out = sizeof buf;
            deflate(&zs, flush);
            out.append(buf, sizeof buf - zs.avail_out);
        } while (zs.avail_out == 0);
    } while (pos < in.size());
    deflateEnd(&zs);
    return out;
}

std::string sample(std::size_t n) {
    std::mt19937 rng(7);
    std::string s;
    s.reserve(n);
    for (std::size_t i = 0; i < n; ++i) s.push_back(static_cast<char>('a' + rng() % 6));
    return s;
}

std::string inflate_split(Inflater& inf, const std::string& z, std::size_t step, errc* err = nullptr) {
    std::string out;
    Inflater::Sink sink = [&out](std::string_view s) {
        out.append(s);
        return errc::ok;
    };
    errc e = errc::ok;
    for (std::size_t i = 0; i < z.size() && e == errc::ok; i += step)
        e = inf.feed(std::string_view(z).substr(i, step), sink);
    if (err) *err = e;
    return out;
}

}  // namespace

TEST_CASE("inflates zlib, raw deflate and gzip streams split at every size") {
    const std::string plain = sample(300000);
    for (int wb : {15, -15, 31}) {
        const std::string z = compress(plain, wb, 16384);
        for (std::size_t step :
             {std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(1000), z.size()}) {
            CAPTURE(wb);
            CAPTURE(step);
            Inflater inf;
            errc e = errc::ok;
            const std::string out = inflate_split(inf, z, step, &e);
            CHECK(e == errc::ok);
            CHECK(out == plain);
            CHECK(inf.finished());
            CHECK(inf.bytes_out() == plain.size());
        }
    }
}

TEST_CASE("sync-flushed prefix is decodable before the stream ends") {
    const std::string plain = sample(50000);
    const std::string z = compress(plain, 15, 10000);
    // Everything up to the last sync flush decodes without the final block.
    Inflater inf;
    std::string out;
    Inflater::Sink sink = [&out](std::string_view s) {
        out.append(s);
        return errc::ok;
    };
    CHECK(inf.feed(std::string_view(z).substr(0, z.size() - 12), sink) == errc::ok);
    CHECK(out.size() >= 40000);
    CHECK(plain.compare(0, out.size(), out) == 0);
    CHECK_FALSE(inf.finished());
}

TEST_CASE("corrupt data and trailing bytes are protocol violations") {
    const std::string plain = sample(1000);
    std::string z = compress(plain, 15);
    SUBCASE("flipped bytes") {
        for (std::size_t i = 2; i < z.size(); i += 5) z[i] = static_cast<char>(z[i] ^ 0x5a);
        Inflater inf;
        errc e = errc::ok;
        inflate_split(inf, z, z.size(), &e);
        CHECK(e == errc::protocol_violation);
        CHECK_FALSE(inf.message().empty());
        // stays failed
        Inflater::Sink sink = [](std::string_view) { return errc::ok; };
        CHECK(inf.feed("x", sink) == errc::protocol_violation);
    }
    SUBCASE("bytes after the end") {
        z += "garbage";
        Inflater inf;
        errc e = errc::ok;
        inflate_split(inf, z, z.size(), &e);
        CHECK(e == errc::protocol_violation);
        CHECK(inf.message().find("after the end") != std::string::npos);
    }
    SUBCASE("reset starts a new stream") {
        Inflater inf;
        errc e = errc::ok;
        inflate_split(inf, "\x78\x9c\xff\xff\xff\xff", 6, &e);
        CHECK(e == errc::protocol_violation);
        inf.reset();
        CHECK(inflate_split(inf, z, 3, &e) == plain);
        CHECK(e == errc::ok);
    }
}

TEST_CASE("one inflater carries many streams: formats change, a stream is abandoned or corrupt") {
    // The zlib state is kept across responses (inflateReset2 at each start); every stream must
    // still decode exactly as on a fresh inflater, whatever the previous one was or how it ended.
    const std::string plain = sample(70000);  // more than one 64 KiB output piece
    Inflater inf;
    errc e = errc::ok;
    for (int round = 0; round < 3; ++round) {
        for (int wb : {15, -15, 31, 15}) {
            CAPTURE(round);
            CAPTURE(wb);
            const std::string z = compress(plain, wb, 9000);
            inf.reset();
            CHECK(inflate_split(inf, z, 1000, &e) == plain);
            CHECK(e == errc::ok);
            CHECK(inf.finished());
            CHECK(inf.bytes_out() == plain.size());
            // Abandoned halfway (the connection moved on), then corrupt: neither leaks into the next.
            inf.reset();
            inflate_split(inf, z.substr(0, z.size() / 2), 777, &e);
            CHECK(e == errc::ok);
            CHECK_FALSE(inf.finished());
            inf.reset();
            inflate_split(inf, "\x78\x9c\xff\xff\xff\xff", 6, &e);
            CHECK(e == errc::protocol_violation);
        }
    }
}

TEST_CASE("a sink error stops inflation with that error") {
    const std::string z = compress(sample(1000), 15);
    Inflater inf;
    Inflater::Sink sink = [](std::string_view) { return errc::bad_value; };
    CHECK(inf.feed(z, sink) == errc::bad_value);
}

TEST_CASE("http4 status classification") {
    CHECK(classify_status(200, 200, "") == errc::ok);
    CHECK(classify_status(200, 500, "ServerErrorException") == errc::server_error_after_ok);
    CHECK(classify_status(200, 500, "ServerEvaluationException") == errc::server_error_after_ok);
    CHECK(classify_status(200, 500, "ServerTimeoutExceededException") == errc::server_timeout);
    CHECK(classify_status(200, 500, "org.apache.tinkerpop.gremlin.server.ServerTimeoutExceededException") ==
          errc::server_timeout);
    CHECK(classify_status(200, 500, "NotServerTimeoutExceededException") == errc::server_error_after_ok);
    // A stream ended by the server's graceful shutdown (503 in the footer after the 200 head).
    CHECK(classify_status(200, 503, "ServiceUnavailableException") == errc::server_shutdown);
    CHECK(classify_status(503, 503, "ServiceUnavailableException") == errc::server_error);
    CHECK(classify_status(429, 429, "TooManyRequestsException") == errc::server_rate_limited);
    for (int c : {400, 405, 413, 505}) CHECK(classify_status(c, c, "") == errc::server_bad_request);
    CHECK(classify_status(500, 500, "ServerTimeoutExceededException") == errc::server_timeout);
    CHECK(classify_status(500, 500, "ServerSerializationException") == errc::server_serialization);
    CHECK(classify_status(500, 500, "ServerEvaluationException") == errc::server_evaluation);
    CHECK(classify_status(500, 500, "ServerErrorException") == errc::server_evaluation);
    CHECK(classify_status(500, 500, "ServerFailStepException") == errc::server_error);
    CHECK(classify_status(401, 401, "") == errc::auth_failed);
    CHECK(classify_status(403, 403, "") == errc::auth_failed);
    CHECK(classify_status(404, 404, "") == errc::server_error);
}
