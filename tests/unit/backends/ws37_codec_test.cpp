// The ws37 client's WebSocket core without sockets (backends/ws37/ws_codec.hpp): byte vectors in,
// actions out. WsReader: data messages, fragments with control frames between them, compressed
// messages (permessage-deflate, context takeover on and off), in every split of the bytes; what a
// client must refuse; the read buffer's growth. WsWriter: a batch of masked request frames with the
// pongs first, deflated into RSV1 frames when negotiated, cut at the batch limit; close frames.
#include "backends/ws37/ws_codec.hpp"

#include <tpbench/io/ws37.hpp>

#include <doctest/doctest.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace tpbench;
using tpbench::ws37::ClientProtocol;
using tpbench::ws37::WsReader;
using tpbench::ws37::WsWriter;
using Kind = WsReader::Action::Kind;
using Clock = std::chrono::steady_clock;
namespace ws37io = tpbench::io::ws37;

constexpr std::uint8_t kCont = 0x0, kBinary = 0x2, kClose = 0x8, kPing = 0x9, kPong = 0xa;
constexpr char kTail[4] = {0x00, 0x00, static_cast<char>(0xff), static_cast<char>(0xff)};

Clock::time_point at(int ms) { return Clock::time_point{} + std::chrono::milliseconds(1000 + ms); }

std::string server_frame(std::uint8_t opcode, std::string_view payload, bool fin = true, bool rsv1 = false) {
    std::string f;
    f.push_back(static_cast<char>((fin ? 0x80 : 0x00) | (rsv1 ? 0x40 : 0x00) | opcode));
    const std::size_t n = payload.size();
    if (n < 126) {
        f.push_back(static_cast<char>(n));
    } else if (n <= 0xffff) {
        f.push_back(static_cast<char>(126));
        f.push_back(static_cast<char>(n >> 8));
        f.push_back(static_cast<char>(n & 0xff));
    } else {
        f.push_back(static_cast<char>(127));
        for (int s = 56; s >= 0; s -= 8)
            f.push_back(static_cast<char>((static_cast<std::uint64_t>(n) >> s) & 0xff));
    }
    f.append(payload);
    return f;
}

// The peer's deflater (zlib directly): raw deflate, sync flush per message, tail stripped.
class PeerZip {
public:
    explicit PeerZip(bool takeover) : takeover_(takeover) {
        REQUIRE(deflateInit2(&zs_, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    }
    ~PeerZip() { deflateEnd(&zs_); }
    std::string operator()(const std::string& msg) {
        if (!takeover_) deflateReset(&zs_);
        std::string out(deflateBound(&zs_, msg.size()) + 64, '\0');
        zs_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(msg.data()));
        zs_.avail_in = static_cast<uInt>(msg.size());
        zs_.next_out = reinterpret_cast<Bytef*>(out.data());
        zs_.avail_out = static_cast<uInt>(out.size());
        REQUIRE(deflate(&zs_, Z_SYNC_FLUSH) == Z_OK);
        out.resize(out.size() - zs_.avail_out);
        out.resize(out.size() - 4);
        return out;
    }

private:
    z_stream zs_{};
    bool takeover_;
};

std::string text(int i, std::size_t n) {
    std::string s = "message " + std::to_string(i) + ":";
    while (s.size() < n) s += "{\"name\":\"marko\",\"n\":" + std::to_string(s.size() % 97) + "},";
    return s;
}

// What the reader said, in order ("M:<payload>", "P:<payload>", "C:<payload>", "E:<why>").
struct Log {
    std::vector<std::string> events;
    std::vector<std::uint64_t> wires;
    std::vector<Clock::time_point> firsts;
};

// Feeds `bytes` in chunks ending at `cuts` (chunk k read at at(k)), collecting every action; stops
// at close or error.
Log run(WsReader& r, const std::string& bytes, const std::vector<std::size_t>& cuts) {
    Log log;
    std::size_t from = 0;
    int k = 0;
    auto drain = [&] {
        for (;;) {
            const auto a = r.next();
            if (a.kind == Kind::read) return true;
            if (a.kind == Kind::message) {
                log.events.push_back("M:" + std::string(a.payload));
                log.wires.push_back(a.wire);
                log.firsts.push_back(a.first);
            } else if (a.kind == Kind::ping) {
                log.events.push_back("P:" + std::string(a.payload));
            } else {
                log.events.push_back((a.kind == Kind::close ? "C:" : "E:") + std::string(a.payload));
                return false;
            }
        }
    };
    std::vector<std::size_t> ends = cuts;
    ends.push_back(bytes.size());
    for (std::size_t end : ends) {
        if (end <= from && end != bytes.size()) continue;
        std::size_t pos = from;
        while (pos < end) {  // as much as each read_buffer() offers
            const auto room = r.read_buffer();
            const std::size_t n = std::min(room.size, end - pos);
            std::memcpy(room.data, bytes.data() + pos, n);
            r.commit(n, at(k));
            pos += n;
            if (!drain()) return log;
        }
        from = end;
        ++k;
    }
    return log;
}

}  // namespace

TEST_CASE("ws37 codec: messages, pings, pongs and a close read in every split") {
    const std::string a = text(1, 300), b = text(2, 20);
    const std::string bytes = server_frame(kBinary, a) + server_frame(kPing, "hb") +
                              server_frame(kPong, "x") + server_frame(kBinary, b) +
                              server_frame(kClose, "\x03\xe8");
    const std::vector<std::string> want = {"M:" + a, "P:hb", "M:" + b, "C:\x03\xe8"};
    for (std::size_t cut = 0; cut <= bytes.size(); ++cut) {
        CAPTURE(cut);
        WsReader r(1 << 20);
        const Log log = run(r, bytes, {cut});
        CHECK(log.events == want);
        REQUIRE(log.wires.size() == 2);
        CHECK(log.wires[0] == a.size() + 4);  // 16-bit length form
        CHECK(log.wires[1] == b.size() + 2);
        // When each message's first byte arrived: the first read (at(0)), or the second (at(1))
        // for the second message when the cut came before it (a cut at 0 is no cut).
        const std::size_t b_at = server_frame(kBinary, a).size() + 4 + 3;
        CHECK(log.firsts[0] == at(0));
        CHECK(log.firsts[1] == (cut != 0 && cut <= b_at ? at(1) : at(0)));
        // After the close the reader is done.
        CHECK(r.next().kind == Kind::error);
    }
    // One byte per read: every header and payload split everywhere.
    std::vector<std::size_t> each;
    for (std::size_t i = 1; i < bytes.size(); ++i) each.push_back(i);
    WsReader r(1 << 20);
    CHECK(run(r, bytes, each).events == want);
}

TEST_CASE(
    "ws37 codec: fragments with control frames between them, compressed or not, context takeover on and "
    "off") {
    for (bool takeover : {true, false}) {
        CAPTURE(takeover);
        PeerZip zip(takeover);
        const std::string m1 = text(1, 2000), m2 = text(2, 50), m3 = text(1, 2000);
        const std::string z1 = zip(m1), z3 = zip(m3);  // z3 refers back into m1 with takeover
        std::string bytes;
        // m1: compressed, in three fragments, a ping between each.
        bytes += server_frame(kBinary, z1.substr(0, 5), false, true) + server_frame(kPing, "1");
        bytes += server_frame(kCont, z1.substr(5, 100), false) + server_frame(kPing, "2");
        bytes += server_frame(kCont, z1.substr(105), true);
        // m2: uncompressed, two fragments with a pong between.
        bytes += server_frame(kBinary, m2.substr(0, 10), false) + server_frame(kPong, "");
        bytes += server_frame(kCont, m2.substr(10), true);
        // m3: compressed, one frame.
        bytes += server_frame(kBinary, z3, true, true);
        const std::vector<std::string> want = {"P:1", "P:2", "M:" + m1, "M:" + m2, "M:" + m3};
        if (takeover) CHECK(z3.size() < z1.size() / 4);
        for (std::size_t step : {std::size_t{1}, std::size_t{3}, std::size_t{64}, bytes.size()}) {
            CAPTURE(step);
            std::vector<std::size_t> cuts;
            for (std::size_t i = step; i < bytes.size(); i += step) cuts.push_back(i);
            WsReader r(1 << 20);
            r.enable_deflate(!takeover);
            const Log log = run(r, bytes, cuts);
            CHECK(log.events == want);
            REQUIRE(log.wires.size() == 3);
            // The compressed frames as on the wire (the pings between them are no part of it).
            CHECK(log.wires[0] == server_frame(kBinary, z1.substr(0, 5)).size() +
                                      server_frame(kCont, z1.substr(5, 100)).size() +
                                      server_frame(kCont, z1.substr(105)).size());
        }
    }
}

TEST_CASE("ws37 codec: what a client must refuse is an error action, and stays one") {
    PeerZip zip(true);
    const std::string z = zip(text(1, 500));
    struct Case {
        const char* name;
        bool deflate;
        std::string bytes;
        const char* says;
    };
    const std::vector<Case> cases = {
        {"RSV1 without permessage-deflate", false, server_frame(kBinary, z, true, true), "reserved bits"},
        {"RSV1 on a continuation", true,
         server_frame(kBinary, z.substr(0, 3), false, true) + server_frame(kCont, z.substr(3), true, true),
         "RSV1"},
        {"RSV1 on a ping", true, server_frame(kPing, "x", true, true), "RSV1"},
        {"corrupt deflate data", true, server_frame(kBinary, std::string(8, '\xff'), true, true),
         "corrupt permessage-deflate data"},
        {"a message inflating past the limit", true,
         server_frame(kBinary, zip(std::string(5000, 'a')), true, true), "too big"},
        {"a new message inside a fragmented one", false,
         server_frame(kBinary, "ab", false) + server_frame(kBinary, "cd"), "a new message inside"},
        {"a continuation outside a message", false, server_frame(kCont, "ab"), "outside a message"},
        {"fragments past the limit", false,
         server_frame(kBinary, std::string(3000, 'a'), false) + server_frame(kCont, std::string(2000, 'a')),
         "too big"},
        {"a frame past the limit", false, server_frame(kBinary, std::string(4097, 'a')), "too big"},
        {"a masked frame", false, std::string("\x82\x81\x00\x00\x00\x00x", 7), "masked"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.name);
        WsReader r(4096);
        if (c.deflate) r.enable_deflate(false);
        const Log log = run(r, c.bytes, {});
        REQUIRE_FALSE(log.events.empty());
        CHECK(log.events.back().rfind("E:", 0) == 0);
        CHECK_MESSAGE(log.events.back().find(c.says) != std::string::npos, log.events.back());
        const auto again = r.next();
        CHECK(again.kind == Kind::error);
    }
}

TEST_CASE("ws37 codec: the read buffer grows for a large frame and offers more to a streaming peer") {
    WsReader r(1 << 22);
    const auto first = r.read_buffer();
    CHECK(first.size == WsReader::kReadStart);
    // Full reads double the room offered, up to kReadMax.
    std::size_t offered = first.size;
    const std::string big = text(0, 600000);
    const std::string bytes = server_frame(kBinary, big);
    std::size_t pos = 0, max_offer = 0;
    std::vector<std::string> got;
    while (pos < bytes.size()) {
        const auto room = r.read_buffer();
        offered = room.size;
        max_offer = std::max(max_offer, offered);
        const std::size_t n = std::min(room.size, bytes.size() - pos);
        std::memcpy(room.data, bytes.data() + pos, n);
        r.commit(n, at(0));
        pos += n;
        for (auto a = r.next(); a.kind != Kind::read; a = r.next()) got.emplace_back(a.payload);
    }
    REQUIRE(got.size() == 1);
    CHECK(got[0] == big);
    CHECK(max_offer >= WsReader::kReadMax);
    CHECK_FALSE(r.buffered());
}

namespace {

struct Hooks : ws37::ProtocolHooks {
    void on_finished(std::size_t) override {}
    void on_write_ready() override {}
    void on_fatal(errc, std::string_view) override {}
};

// The client frames in `bytes`, unmasked: (first byte, payload).
std::vector<std::pair<unsigned char, std::string>> client_frames(std::string_view bytes) {
    std::vector<std::pair<unsigned char, std::string>> out;
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    std::size_t o = 0;
    while (o < bytes.size()) {
        REQUIRE((p[o + 1] & 0x80) != 0);
        std::uint64_t n = p[o + 1] & 0x7f;
        std::size_t h = 2;
        if (n == 126) {
            n = (std::uint64_t{p[o + 2]} << 8) | p[o + 3];
            h = 4;
        } else if (n == 127) {
            n = 0;
            for (int i = 0; i < 8; ++i) n = (n << 8) | p[o + 2 + i];
            h = 10;
        }
        const unsigned char* key = p + o + h;
        std::string payload(n, '\0');
        for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<char>(p[o + h + 4 + i] ^ key[i & 3]);
        out.emplace_back(p[o], std::move(payload));
        o += h + 4 + n;
    }
    REQUIRE(o == bytes.size());
    return out;
}

std::string inflate_message(z_stream& zs, std::string in) {
    in.append(kTail, 4);
    std::string out(in.size() * 50 + 1024, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(in.data());
    zs.avail_in = static_cast<uInt>(in.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    REQUIRE(inflate(&zs, Z_SYNC_FLUSH) == Z_OK);
    out.resize(out.size() - zs.avail_out);
    return out;
}

engine::Request req(std::string g) {
    engine::Request r;
    r.gremlin = std::move(g);
    return r;
}

}  // namespace

TEST_CASE("ws37 codec: the writer's batch: pongs first, every ready request, deflated when negotiated") {
    for (bool deflate : {false, true}) {
        CAPTURE(deflate);
        Hooks hooks;
        ClientProtocol::Config cfg;
        cfg.capacity = 8;
        ClientProtocol proto(cfg, hooks, 7);
        WsWriter w(12345);
        if (deflate) w.enable_deflate(15, false);
        CHECK_FALSE(w.fill(proto));  // nothing to send
        w.queue_pong("hb");
        for (int i = 0; i < 3; ++i) REQUIRE(proto.submit(req("g.V().count()")));
        REQUIRE(w.fill(proto));
        const auto frames = client_frames(w.bytes());
        REQUIRE(frames.size() == 4);
        CHECK(frames[0].first == 0x8a);  // FIN + pong, never compressed
        CHECK(frames[0].second == "hb");
        REQUIRE(w.batch().size() == 3);
        std::size_t batched = 0;
        std::set<model::Uuid> ids;  // three requests, three ids
        z_stream zs{};
        REQUIRE(inflateInit2(&zs, -15) == Z_OK);
        for (std::size_t i = 1; i < 4; ++i) {
            CHECK(frames[i].first == (deflate ? 0xc2 : 0x82));
            const std::string payload = deflate ? inflate_message(zs, frames[i].second) : frames[i].second;
            auto d = ws37io::decode_request(payload, false);
            REQUIRE(d.ok());
            ids.insert(d->message.request_id);
            batched += w.batch()[i - 1].bytes;
        }
        inflateEnd(&zs);
        CHECK(ids.size() == 3);
        CHECK(batched + 2 + 4 + 2 == w.bytes().size());  // the pong's frame is not in the batch
        if (deflate) CHECK(frames[3].second.size() < frames[1].second.size());  // the window kept
        for (const auto& b : w.batch()) proto.on_written(b.w, true, at(1), b.bytes);
        CHECK_FALSE(w.fill(proto));
        // A close frame: masked, FIN, the status code.
        const auto close = client_frames(w.close_frame(std::string("\x03\xe8", 2)));
        REQUIRE(close.size() == 1);
        CHECK(close[0].first == 0x88);
        CHECK(close[0].second == std::string("\x03\xe8", 2));
    }
}

TEST_CASE("ws37 codec: the writer cuts its batch at kMaxBatch; a larger frame goes alone") {
    Hooks hooks;
    ClientProtocol::Config cfg;
    cfg.capacity = 8;
    cfg.memo = false;
    ClientProtocol proto(cfg, hooks, 7);
    WsWriter w(1);
    const std::string big(WsWriter::kMaxBatch / 3, 'x');
    for (int i = 0; i < 5; ++i) REQUIRE(proto.submit(req("'" + big + "'")));
    std::vector<std::size_t> per_batch;
    while (w.fill(proto)) {
        per_batch.push_back(w.batch().size());
        for (const auto& b : w.batch()) proto.on_written(b.w, true, at(1), b.bytes);
    }
    CHECK(per_batch == std::vector<std::size_t>{3, 2});
    const std::string huge(WsWriter::kMaxBatch + 10, 'y');
    REQUIRE(proto.submit(req("'" + huge + "'")));
    REQUIRE(proto.submit(req("1+1")));
    REQUIRE(w.fill(proto));
    CHECK(w.batch().size() == 1);
    CHECK(w.bytes().size() > WsWriter::kMaxBatch);
}
