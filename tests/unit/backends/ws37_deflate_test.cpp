// permessage-deflate's pure parts (backends/ws37/deflate.hpp): the 101 response's parameters, and
// the inflater and deflater against zlib used directly (the peer's side), message by message, with
// context takeover on and off, fed in every split.
#include "backends/ws37/deflate.hpp"

#include <doctest/doctest.h>
#include <zlib.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace pmd = tpbench::ws37::pmd;

namespace {

constexpr char kTail[4] = {0x00, 0x00, static_cast<char>(0xff), static_cast<char>(0xff)};

// The peer's deflater: raw deflate, sync flush per message, tail stripped.
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
        REQUIRE(out.compare(out.size() - 4, 4, kTail, 4) == 0);
        out.resize(out.size() - 4);
        return out;
    }

private:
    z_stream zs_{};
    bool takeover_;
};

// The peer's inflater (appends the tail); "" with ok = false on corrupt data.
class PeerUnzip {
public:
    explicit PeerUnzip(bool takeover) : takeover_(takeover) { REQUIRE(inflateInit2(&zs_, -15) == Z_OK); }
    ~PeerUnzip() { inflateEnd(&zs_); }
    std::string operator()(std::string in, bool& ok) {
        if (!takeover_) inflateReset(&zs_);
        in.append(kTail, 4);
        std::string out(in.size() * 50 + 1024, '\0');
        zs_.next_in = reinterpret_cast<Bytef*>(in.data());
        zs_.avail_in = static_cast<uInt>(in.size());
        zs_.next_out = reinterpret_cast<Bytef*>(out.data());
        zs_.avail_out = static_cast<uInt>(out.size());
        ok = inflate(&zs_, Z_SYNC_FLUSH) == Z_OK && zs_.avail_in == 0;
        out.resize(out.size() - zs_.avail_out);
        return out;
    }

private:
    z_stream zs_{};
    bool takeover_;
};

std::string message(int i, std::size_t n) {
    std::mt19937 rng(static_cast<unsigned>(i));
    std::string s = "{\"requestId\":\"" + std::to_string(i) + "\",\"result\":[";
    while (s.size() < n) s += "{\"name\":\"marko\",\"age\":" + std::to_string(rng() % 100) + "},";
    return s;
}

}  // namespace

TEST_CASE("pmd: the 101 response's Sec-WebSocket-Extensions") {
    bool accepted = true;
    pmd::Params p;
    std::string why;
    REQUIRE(pmd::negotiate("", accepted, p, why));
    CHECK_FALSE(accepted);
    REQUIRE(pmd::negotiate("permessage-deflate", accepted, p, why));
    CHECK(accepted);
    CHECK_FALSE(p.server_no_context_takeover);
    CHECK_FALSE(p.client_no_context_takeover);
    CHECK(p.client_max_window_bits == 15);
    REQUIRE(
        pmd::negotiate(" Permessage-Deflate ; server_no_context_takeover;client_no_context_takeover ; "
                       "server_max_window_bits=10; client_max_window_bits=\"9\"",
                       accepted, p, why));
    CHECK(accepted);
    CHECK(p.server_no_context_takeover);
    CHECK(p.client_no_context_takeover);
    CHECK(p.server_max_window_bits == 10);
    CHECK(p.client_max_window_bits == 9);
    for (const char* bad :
         {"x-webkit-deflate-frame", "permessage-deflate, permessage-deflate", "permessage-deflate; foo",
          "permessage-deflate; server_max_window_bits", "permessage-deflate; client_max_window_bits=7",
          "permessage-deflate; client_max_window_bits=16", "permessage-deflate; server_max_window_bits=1a",
          "permessage-deflate; server_no_context_takeover=1",
          "permessage-deflate; client_no_context_takeover; client_no_context_takeover"}) {
        CAPTURE(bad);
        why.clear();
        CHECK_FALSE(pmd::negotiate(bad, accepted, p, why));
        CHECK_FALSE(why.empty());
    }
}

TEST_CASE("pmd: the inflater reads the peer's messages in every split, context takeover on and off") {
    // Six messages (one of 200 kB) from one peer, each fed in fragments of `step` bytes; with
    // takeover the later ones refer back into the earlier ones.
    for (bool takeover : {true, false}) {
        for (std::size_t step : {std::size_t{1}, std::size_t{7}, std::size_t{1000}, std::size_t{1} << 30}) {
            CAPTURE(takeover);
            CAPTURE(step);
            PeerZip zip(takeover);
            pmd::Inflater inf(!takeover);
            for (int i = 0; i < 6; ++i) {
                CAPTURE(i);
                const std::string plain = message(i % 3, i == 3 ? 200000 : 300 + 100 * (i % 3));
                const std::string z = zip(plain);
                const std::size_t st = z.size() > 5000 ? std::max<std::size_t>(step, 1000) : step;
                std::string out = "kept:", why;
                for (std::size_t at = 0; at < z.size(); at += st)
                    REQUIRE(
                        inf.feed(std::string_view(z).substr(at, st), at + st >= z.size(), out, 1 << 24, why));
                CHECK(out == "kept:" + plain);  // appended to what `out` held
            }
        }
    }
}

TEST_CASE("pmd: the deflater's messages inflate on the peer's side, context takeover on and off") {
    for (bool takeover : {true, false}) {
        for (int bits : {9, 12, 15}) {
            CAPTURE(takeover);
            CAPTURE(bits);
            pmd::Deflater def(bits, !takeover);
            PeerUnzip unzip(takeover);
            std::vector<std::size_t> sizes;
            for (int i = 0; i < 4; ++i) {
                const std::string plain = message(7, 2000);  // the same message each time
                std::string z;
                def.compress(plain, z);
                bool ok = false;
                CHECK(unzip(z, ok) == plain);
                CHECK(ok);
                sizes.push_back(z.size());
            }
            if (takeover && bits >= 12)
                CHECK(sizes[1] < sizes[0] / 4);  // the window still holds the previous message
            else if (!takeover)
                CHECK(sizes[1] == sizes[0]);
        }
    }
}

TEST_CASE("pmd: corrupt data and oversized messages fail the inflater") {
    std::string out, why;
    {
        pmd::Inflater inf(false);
        CHECK_FALSE(inf.feed(std::string(6, '\xff'), true, out, 1 << 24, why));
        CHECK(why.find("corrupt permessage-deflate data") != std::string::npos);
    }
    {
        PeerZip zip(true);
        const std::string first = zip(message(1, 5000));
        const std::string second = zip(message(1, 5000));  // refers back into `first`
        pmd::Inflater inf(false);
        out.clear();
        why.clear();
        CHECK_FALSE(inf.feed(second, true, out, 1 << 24, why));
        CHECK(why.find("corrupt") != std::string::npos);
    }
    {
        PeerZip zip(true);
        const std::string z = zip(std::string(100001, 'a'));
        pmd::Inflater inf(false);
        out.clear();
        why.clear();
        CHECK_FALSE(inf.feed(z, true, out, 100000, why));
        CHECK(why.find("too big") != std::string::npos);
        CHECK(out.size() <= 100001);
        pmd::Inflater exact(false);
        out.clear();
        CHECK(exact.feed(z, true, out, 100001, why));
        CHECK(out.size() == 100001);
    }
}
