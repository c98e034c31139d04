#include <tpbench/stats/hdr_codec.hpp>

#include <tpbench/stats/interval_log.hpp>

#include "tpbench_test_data.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tpbench::stats;

namespace {

std::string read_data(const std::string& rel) {
    std::ifstream f(std::string(TPBENCH_TEST_DATA) + "/" + rel, std::ios::binary);
    REQUIRE_MESSAGE(f.good(), "missing test data " << rel);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) out.push_back(l);
    return out;
}

}  // namespace

TEST_CASE("zigzag LEB128-64b9B known bytes") {
    struct Case {
        std::int64_t v;
        std::vector<std::uint8_t> bytes;
    };
    const Case cases[] = {
        {0, {0x00}},
        {1, {0x02}},
        {-1, {0x01}},
        {-10, {0x13}},  // HdrHistogram_py test_zz_encode: 10 zeros -> 0x13
        {-9, {0x11}},
        {63, {0x7e}},
        {64, {0x80, 0x01}},
        {-2048, {0xff, 0x1f}},
        {10000, {0xa0, 0x9c, 0x01}},
        {INT64_MAX, {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
        {INT64_MIN, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
    };
    for (const auto& c : cases) {
        std::vector<std::uint8_t> out;
        put_zigzag(out, c.v);
        CHECK(out == c.bytes);
        std::size_t pos = 0;
        std::int64_t back = 0;
        REQUIRE(get_zigzag(out, pos, back));
        CHECK(back == c.v);
        CHECK(pos == out.size());
    }
    std::vector<std::uint8_t> truncated{0xff, 0xff};
    std::size_t pos = 0;
    std::int64_t v = 0;
    CHECK_FALSE(get_zigzag(truncated, pos, v));
    CHECK(pos == 0);
}

TEST_CASE("hand-computed V2 encoding of Histogram(1, 2048, 3) holding 2048") {
    Histogram h{{1, 2048, 3}};
    h.record(2048);
    // Derivation: sub_bucket_count 2048, 2 buckets, counts length 3072; 2048 lands at index 2048
    // (bucket 1, sub-bucket 1024). Payload: 2048 zeros -> zigzag(-2048) = 4095 = ff 1f; count 1 -> 02.
    const std::vector<std::uint8_t> expected{
        0x1c, 0x84, 0x93, 0x13,                    // cookie V2 | word size 1
        0x00, 0x00, 0x00, 0x03,                    // payload length
        0x00, 0x00, 0x00, 0x00,                    // normalizing index offset
        0x00, 0x00, 0x00, 0x03,                    // significant digits
        0,    0,    0,    0,    0, 0, 0,    1,     // lowest discernible
        0,    0,    0,    0,    0, 0, 0x08, 0x00,  // highest trackable 2048
        0x3f, 0xf0, 0,    0,    0, 0, 0,    0,     // conversion ratio 1.0
        0xff, 0x1f, 0x02};
    CHECK(h.counts_index_for(2048) == 2048);
    CHECK(encode_v2(h) == expected);
    auto back = decode_v2(expected);
    REQUIRE_MESSAGE(back.ok(), back.error());
    CHECK(back->histogram.count() == 1);
    CHECK(back->histogram.count_at_index(2048) == 1);
    CHECK(back->histogram.highest_equivalent(back->histogram.max()) ==
          2049);  // HdrHistogram reports max 2049
    CHECK(back->conversion_ratio == 1.0);
}

TEST_CASE("Java single-zero rule: one zero is written as count 0, runs as negative") {
    Histogram h{{1, 1000, 3}};
    h.record(0);
    h.record(2);  // index 1 stays empty: a single zero
    h.record(10);
    const auto enc = encode_v2(h);
    const std::vector<std::uint8_t> payload(enc.begin() + 40, enc.end());
    // index0=1 -> 02, index1=0 -> 00, index2=1 -> 02, indexes 3..9 = 7 zeros -> zigzag(-7)=0x0d, index10 ->
    // 02
    CHECK(payload == std::vector<std::uint8_t>{0x02, 0x00, 0x02, 0x0d, 0x02});
    // An empty histogram encodes one zero count.
    const auto empty = encode_v2(Histogram{{1, 1000, 3}});
    CHECK(std::vector<std::uint8_t>(empty.begin() + 40, empty.end()) == std::vector<std::uint8_t>{0x00});
}

TEST_CASE("HdrHistogram_c sample encodings: raw and coordinated-omission corrected test histograms") {
    // HdrHistogram_c's load_histograms(): (1, 3600*1000*1000, 3); 10000 x 1000 and one 100000000,
    // raw and with record_corrected(v, 10000).
    const auto samples = lines(read_data("hdr/hdrhistogram_c_samples.txt"));
    REQUIRE(samples.size() == 2);
    Histogram raw{{1, 3600LL * 1000 * 1000, 3}}, cor{{1, 3600LL * 1000 * 1000, 3}};
    for (int i = 0; i < 10000; ++i) {
        raw.record(1000);
        cor.record_corrected(1000, 10000);
    }
    raw.record(100000000);
    cor.record_corrected(100000000, 10000);

    auto d_raw = decode_histogram_base64(samples[0]);
    REQUIRE_MESSAGE(d_raw.ok(), d_raw.error());
    CHECK(d_raw->histogram.same_counts(raw));
    auto d_cor = decode_histogram_base64(samples[1]);
    REQUIRE_MESSAGE(d_cor.ok(), d_cor.error());
    CHECK(d_cor->histogram.count() == 20000);
    CHECK(d_cor->histogram.same_counts(cor));  // record_corrected == hdr_record_corrected_value

    // The sample came from an older HdrHistogram_c that stored header+payload size (49) in the
    // payload-length field, so compare the counts payload itself: 1000 zeros (cf 0f), 10000
    // (a0 9c 01), 16908 zeros (97 88 02), 1 (02). The raw histogram has no single zero, so the
    // C and Java zero rules agree on it.
    const auto ours = encode_v2(raw);
    CHECK(std::vector<std::uint8_t>(ours.begin() + 40, ours.end()) ==
          std::vector<std::uint8_t>{0xcf, 0x0f, 0xa0, 0x9c, 0x01, 0x97, 0x88, 0x02, 0x02});
}

TEST_CASE("V2 compressed round trip on random data, all digit settings") {
    for (int digits = 1; digits <= 5; ++digits) {
        Histogram h{{1, 10'000'000'000, digits}};
        std::mt19937_64 rng(digits);
        std::lognormal_distribution<double> dist(11.0, 2.0);
        for (int i = 0; i < 5000; ++i) h.record(static_cast<std::int64_t>(dist(rng)), 1 + (i % 7));
        const auto text = encode_histogram_base64(h);
        CHECK(text.rfind("HISTF", 0) == 0);
        auto back = decode_histogram_base64(text);
        REQUIRE_MESSAGE(back.ok(), back.error());
        CHECK(back->histogram.config() == h.config());
        CHECK(back->histogram.same_counts(h));
        CHECK(back->histogram.value_at_percentile(99.9) == h.value_at_percentile(99.9));
    }
}

TEST_CASE("decoders reject bad input with clear errors") {
    CHECK(decode_histogram_base64("HISTF").error().find("base64") != std::string::npos);
    CHECK(decode_histogram_base64("AAAA").error().find("truncated") != std::string::npos);
    CHECK_FALSE(decode_histogram_base64("AAAAAAAAAAA=").ok());
    CHECK(base64_decode("ab$d").error().find("bad base64 character") != std::string::npos);

    Histogram h{{1, 2048, 3}};
    h.record(2048);
    auto enc = encode_v2(h);
    // Truncations at every length fail cleanly.
    for (std::size_t n = 0; n < enc.size(); ++n) {
        auto r = decode_v2(std::span<const std::uint8_t>(enc.data(), n));
        CHECK_FALSE(r.ok());
    }
    // Bad cookie.
    auto bad = enc;
    bad[0] = 0x00;
    CHECK(decode_v2(bad).error().find("cookie") != std::string::npos);
    // Digits 9: invalid geometry.
    bad = enc;
    bad[15] = 9;
    CHECK(decode_v2(bad).error().find("geometry") != std::string::npos);
    // Zero run past the end of the counts array: -5000 zeros.
    bad = std::vector<std::uint8_t>(enc.begin(), enc.begin() + 40);
    std::vector<std::uint8_t> payload;
    put_zigzag(payload, -5000);
    bad.insert(bad.end(), payload.begin(), payload.end());
    bad[7] = static_cast<std::uint8_t>(payload.size());
    CHECK(decode_v2(bad).error().find("past the end") != std::string::npos);
    // Huge geometry is refused before allocating.
    Histogram big{{1, INT64_MAX / 2, 5}};
    CHECK(big.counts_length() > kMaxDecodedCounts);
    CHECK(decode_v2(encode_v2(big)).error().find("too large") != std::string::npos);
    // Corrupt deflate data.
    auto comp = encode_v2_compressed(h);
    for (std::size_t i = 10; i < comp.size(); ++i) comp[i] ^= 0x5a;
    CHECK_FALSE(decode_v2_compressed(comp).ok());
}

TEST_CASE("jHiccup V2 log from HdrHistogram_c decodes to HdrHistogram's reference values") {
    const auto text = read_data("hdr/jHiccup-2.0.7S.logV2.hlog");
    auto log = parse_interval_log(text);
    REQUIRE_MESSAGE(log.ok(), log.error());
    // Reference values asserted by HdrHistogram_c test/hdr_histogram_log_test.c decode_v2_log.
    CHECK(log->entries.size() == 62);
    REQUIRE(log->start_time_s.has_value());
    CHECK(*log->start_time_s == doctest::Approx(1441812279.474));
    CHECK(log->format_version == "1.2");
    Histogram accum{{1, 3600000000000, 3}};
    std::int64_t total = 0;
    for (const auto& e : log->entries) {
        total += e.histogram.count();
        CHECK(accum.merge(e.histogram));
    }
    CHECK(total == 48761);
    CHECK(accum.value_at_percentile(99.9) == 1745879039);
    CHECK(accum.highest_equivalent(accum.max()) == 1796210687);

    // Interval 0 (golden values used by HdrHistogram's Go port for the same file).
    const auto& first = log->entries.front().histogram;
    CHECK(first.count() == 741);
    CHECK(first.highest_equivalent(first.max()) == 2768895);
    CHECK(first.value_at_percentile(50) == 344063);
    CHECK(first.value_at_percentile(99) == 409599);
    CHECK(log->absolute_start_s(log->entries.front()) == doctest::Approx(1441812279.601));

    // Re-encoding every interval at BEST_COMPRESSION reproduces jHiccup's (Java's) bytes exactly.
    const auto raw_lines = lines(text);
    std::size_t data_line = 0;
    for (const auto& l : raw_lines) {
        if (l[0] == '#' || l[0] == '"') continue;
        const auto& e = log->entries[data_line++];
        CHECK(format_interval_line(e) == l + "\n");
    }
    CHECK(data_line == 62);
}

TEST_CASE("interval log write/parse round trip, tags, and lossless merge") {
    HistogramConfig cfg{1, 60'000'000'000, 3};
    IntervalLog a, b;
    a.start_time_s = 1'700'000'000.0;
    b.start_time_s = 1'700'000'000.5;
    b.base_time_s = 1'700'000'000.5;
    Histogram all_a{cfg}, all_b{cfg};
    std::mt19937_64 rng(99);
    std::uniform_int_distribution<std::int64_t> dist(1000, 50'000'000);
    for (int i = 0; i < 4; ++i) {
        IntervalLogEntry ea{"", i * 1.0, 1.0, 0, Histogram{cfg}};
        IntervalLogEntry eb{"svc", i * 1.0, 1.0, 0, Histogram{cfg}};
        for (int k = 0; k < 500; ++k) {
            auto v = dist(rng);
            ea.histogram.record(v);
            all_a.record(v);
            v = dist(rng);
            eb.histogram.record(v);
            all_b.record(v);
        }
        a.entries.push_back(ea);
        b.entries.push_back(eb);
    }
    const auto text_a = write_interval_log(a);
    CHECK(text_a.find("#[Histogram log format version 1.3]\n") != std::string::npos);
    CHECK(
        text_a.find(
            "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n") !=
        std::string::npos);
    auto pa = parse_interval_log(text_a);
    auto pb = parse_interval_log(write_interval_log(b));
    REQUIRE(pa.ok());
    REQUIRE(pb.ok());
    CHECK(pb->entries[0].tag == "svc");
    CHECK(pb->base_time_s.has_value());
    CHECK(total_histogram(*pa).same_counts(all_a));
    CHECK(total_histogram(*pb, "svc").same_counts(all_b));
    CHECK(total_histogram(*pb).count() == 0);

    auto merged = merge_interval_logs({*pa, *pb}, {"runA", "runB"});
    REQUIRE_MESSAGE(merged.ok(), merged.error());
    CHECK(merged->entries.size() == 8);
    CHECK(*merged->start_time_s == doctest::Approx(1'700'000'000.0));
    // Ordered by absolute start: a0 (0.0), b0 (0.5), a1 (1.0), ...
    CHECK(merged->entries[0].tag == "runA");
    CHECK(merged->entries[1].tag == "runB.svc");
    CHECK(merged->entries[1].start_s == doctest::Approx(0.5));
    auto reparsed = parse_interval_log(write_interval_log(*merged));
    REQUIRE(reparsed.ok());
    CHECK(total_histogram(*reparsed, "runA").same_counts(all_a));
    CHECK(total_histogram(*reparsed, "runB.svc").same_counts(all_b));

    // File round trip.
    const std::string path = "stats_interval_log_test.hlog";
    REQUIRE(write_interval_log_file(*merged, path).ok());
    auto from_file = read_interval_log_file(path);
    REQUIRE_MESSAGE(from_file.ok(), from_file.error());
    CHECK(from_file->entries.size() == 8);
    std::remove(path.c_str());
    CHECK(read_interval_log_file("/nonexistent/x.hlog").error().find("cannot open") != std::string::npos);

    CHECK_FALSE(merge_interval_logs({*pa, *pb}, {"x"}).ok());
    CHECK_FALSE(merge_interval_logs({*pa}, {"bad,prefix"}).ok());
}

TEST_CASE("interval log parse errors name the line") {
    auto r = parse_interval_log("#[StartTime: 1.0 (seconds since epoch), x]\n0.1,0.2,0.3,HISTFAAAACx\n");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("line 2") != std::string::npos);
    r = parse_interval_log("0.1,0.2\n");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("4 comma-separated fields") != std::string::npos);
    r = parse_interval_log("abc,0.2,0.3,AAAA\n");
    CHECK(r.error().find("StartTimestamp") != std::string::npos);
    r = parse_interval_log("#[Histogram log format version 2.0]\n");
    CHECK(r.error().find("unsupported log format version") != std::string::npos);
    r = parse_interval_log("Tag=abc\n");
    CHECK(r.error().find("tag without data") != std::string::npos);
    auto ok = parse_interval_log("# just a comment\n\n");
    REQUIRE(ok.ok());
    CHECK(ok->entries.empty());
    CHECK(ok->comments.size() == 1);
}

TEST_CASE("decoders survive random corruption of valid encodings") {
    Histogram h{{1, 60'000'000'000, 3}};
    std::mt19937_64 rng(2024);
    std::lognormal_distribution<double> dist(12.0, 1.5);
    for (int i = 0; i < 3000; ++i) h.record(static_cast<std::int64_t>(dist(rng)));
    const auto raw = encode_v2(h);
    const auto comp = encode_v2_compressed(h);
    const auto text = base64_encode(comp);
    std::uniform_int_distribution<int> byte(0, 255);
    int decoded_ok = 0;
    for (int round = 0; round < 3000; ++round) {
        auto r = raw;
        auto c = comp;
        auto t = text;
        for (int k = 0; k < 1 + round % 4; ++k) {
            r[rng() % r.size()] = static_cast<std::uint8_t>(byte(rng));
            c[rng() % c.size()] = static_cast<std::uint8_t>(byte(rng));
            t[rng() % t.size()] = "AZaz09+/=-"[rng() % 10];
        }
        const auto cut = rng() % (r.size() + 1);
        auto a = decode_v2(std::span<const std::uint8_t>(r.data(), cut));
        auto b = decode_v2_compressed(c);
        auto d = decode_histogram_base64(t);
        for (const auto* res : {&a, &b, &d}) {
            // Either a clean error or a histogram within its declared geometry.
            if (res->ok()) {
                ++decoded_ok;
                CHECK((*res)->histogram.counts_length() <= kMaxDecodedCounts);
            } else {
                CHECK_FALSE(res->error().empty());
            }
        }
    }
    CHECK(decoded_ok > 0);  // some mutations only touch counts and still decode
}

TEST_CASE(
    "interval log appender: each line on disk as soon as it is appended; comments after entries parse") {
    using namespace tpbench::stats;
    const std::string path = "tpbench_appender_test.hlog";
    auto read_all = [&] {
        std::ifstream in(path, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    };
    IntervalLog head;
    head.start_time_s = 1796626205.5;
    head.comments.push_back("tpbench test");
    Histogram h;
    for (int i = 1; i <= 100; ++i) h.record(i * 1000);
    {
        IntervalLogAppender app;
        REQUIRE(app.open(path, head));
        CHECK(app.is_open());
        for (int i = 0; i < 3; ++i) {
            IntervalLogEntry e;
            e.start_s = i;
            e.length_s = 1;
            e.histogram = h;
            REQUIRE(app.append(e));
            // Readable at once (flushed), without closing: a killed writer leaves these lines.
            auto log = parse_interval_log(read_all());
            REQUIRE(log);
            CHECK(log->entries.size() == static_cast<std::size_t>(i + 1));
            CHECK(log->entries.back().histogram.count() == 100);
        }
        REQUIRE(app.comment("[tpbench: INTERRUPTED by SIGINT\nat noon]"));
    }
    auto log = parse_interval_log(read_all());
    REQUIRE(log);
    CHECK(log->entries.size() == 3);
    CHECK(log->start_time_s.value() == doctest::Approx(1796626205.5));
    CHECK(log->comments.back() == "[tpbench: INTERRUPTED by SIGINT at noon]");

    // replace_interval_log_file swaps the whole log in; IntervalLog::trailer comes after the entries.
    IntervalLog full = head;
    IntervalLogEntry e;
    e.length_s = 1;
    e.histogram = h;
    full.entries.assign(5, e);
    full.trailer.push_back("[end mark]");
    REQUIRE(replace_interval_log_file(full, path));
    const std::string text = read_all();
    CHECK(text.ends_with("#[end mark]\n"));
    auto again = parse_interval_log(text);
    REQUIRE(again);
    CHECK(again->entries.size() == 5);
    CHECK(std::ifstream(path + ".tmp").fail());  // no temporary left behind
    std::remove(path.c_str());
}
