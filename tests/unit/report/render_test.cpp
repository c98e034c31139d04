#include <tpbench/report/render.hpp>

#include <cmath>

#include "sample_report.hpp"

#include <boost/json.hpp>
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

using namespace tpbench::report;
namespace json = boost::json;

namespace {

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::size_t count(const std::string& hay, const std::string& needle) {
    std::size_t n = 0;
    for (auto p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
    return n;
}

std::size_t csv_fields(const std::string& line) {
    std::size_t n = 1;
    bool quoted = false;
    for (char c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            ++n;
    }
    return n;
}

}  // namespace

TEST_CASE("compare_metric builds A/B rows") {
    const Report r = testing::sample_report();
    REQUIRE(r.comparisons.size() == 2);
    const auto& p99 = r.comparisons[0];
    CHECK(p99.verdict == "slower");
    CHECK(p99.ratio == doctest::Approx(535.0 / 412.4).epsilon(0.001));
    REQUIRE(p99.ci_low.has_value());
    CHECK(*p99.ci_low <= p99.ratio);
    CHECK(*p99.ci_high >= p99.ratio);
    CHECK(r.comparisons[1].verdict == "~");
    const double one[] = {1.0};
    const double two[] = {1.0, 2.0};
    auto single = compare_metric("m", "ns", "a", "b", one, two);
    CHECK(single.verdict == "n/a");               // one run per side has no dispersion: no "~" claim
    CHECK(single.ratio == doctest::Approx(1.5));  // the ratio is still shown
    CHECK_FALSE(single.ci_low.has_value());
    CHECK(single.note.find("single run") != std::string::npos);
    const double five[] = {5.0};
    CHECK(compare_metric("m", "rps", "a", "b", one, five).verdict == "n/a");  // a 5x gap is not "~"
    auto none = compare_metric("m", "rps", "a", "b", std::span<const double>{}, five);
    CHECK(none.verdict == "n/a");
    CHECK(none.note.find("a has no figure") != std::string::npos);
    CHECK(std::isnan(none.ratio));
    auto refused = compare_metric("m", "ns", "a", "b", two, two, {.a_saturated = true});
    CHECK(refused.verdict == "refused");
    CHECK(refused.note.find("a saturated") != std::string::npos);
    const double zeros[] = {0.0, 0.0};
    CHECK(compare_metric("m", "ns", "a", "b", zeros, two).verdict == "error");
}

TEST_CASE("JSON report parses, carries the schema fields and round-trips losslessly") {
    const Report r = testing::sample_report();
    const std::string text = render_json(r);
    boost::system::error_code ec;
    const json::value v = json::parse(text, ec);
    REQUIRE_FALSE(ec);
    const auto& o = v.as_object();
    CHECK(o.at("schema").as_string() == "tpbench.report/2");
    CHECK(o.at("title").as_string() == r.title);
    const auto& sides = o.at("sides").as_array();
    REQUIRE(sides.size() == 2);
    const auto& s0 = sides[0].as_object();
    CHECK(s0.at("name").as_string() == "ws37");
    CHECK(s0.at("config").as_object().at("effective_concurrency").to_number<std::uint64_t>() == 32);
    CHECK(s0.at("requests").to_number<std::uint64_t>() == 20000);
    const auto& lat = s0.at("histograms").as_object().at("latency").as_object();
    CHECK(lat.at("unit").as_string() == "ns");
    CHECK(lat.at("count").as_int64() == 20000);
    CHECK(lat.at("percentiles").as_object().at("99").as_int64() ==
          r.sides[0].latency->value_at_percentile(99));
    CHECK(lat.at("hdr").as_string().starts_with("HISTF"));
    CHECK(s0.at("errors").as_array().size() == 2);
    CHECK(s0.at("intervals").as_array().size() == 10);
    CHECK(o.at("comparisons").as_array()[0].as_object().at("verdict").as_string() == "slower");
    CHECK(o.at("thresholds").as_array()[1].as_object().at("passed").as_bool() == false);

    auto back = parse_report_json(text);
    REQUIRE_MESSAGE(back.ok(), back.error());
    REQUIRE(back->sides.size() == 2);
    CHECK(back->sides[1].name == "http4");
    REQUIRE(back->sides[1].latency.has_value());
    CHECK(back->sides[1].latency->same_counts(*r.sides[1].latency));
    CHECK(back->sides[1].config.extra.at("workers") == "2");
    CHECK(back->comparisons[0].ci_low == r.comparisons[0].ci_low);
    // Histograms and integers survive exactly; Boost.JSON 1.81 may move a double by one ulp on
    // parse, which no rendered (rounded) output shows.
    CHECK(render_table(*back) == render_table(r));
    CHECK(render_csv(*back) == render_csv(r));
    CHECK(render_markdown(*back) == render_markdown(r));
    CHECK(back->sides[0].intervals.size() == 10);
    CHECK(back->sides[0].intervals[3].rps == doctest::Approx(r.sides[0].intervals[3].rps));

    CHECK(parse_report_json("{").error().find("does not parse") != std::string::npos);
    // Version 1 documents still read (no wrong_result_count: 0).
    auto v1 =
        parse_report_json("{\"schema\":\"tpbench.report/1\",\"sides\":[{\"name\":\"a\",\"failed\":3}]}");
    REQUIRE_MESSAGE(v1.ok(), v1.error());
    CHECK(v1->sides[0].failed == 3);
    CHECK(v1->sides[0].wrong_result_count == 0);
    CHECK(parse_report_json("{\"schema\":\"other/9\"}").error().find("unsupported report schema") !=
          std::string::npos);
    CHECK(parse_report_json("{\"schema\":\"tpbench.report/2\",\"sides\":[{\"requests\":\"x\"}]}")
              .error()
              .find("requests") != std::string::npos);
    CHECK(parse_report_json("{\"schema\":\"tpbench.report/"
                            "1\",\"sides\":[{\"histograms\":{\"latency\":{\"hdr\":\"HISTF\"}}}]}")
              .error()
              .find("latency") != std::string::npos);
}

TEST_CASE("per-query breakdown: JSON round trip, table top N by time, CSV block, markdown, HTML") {
    Report r = testing::sample_report();
    Side& s = r.sides[0];
    s.duration_s = 2;
    for (int i = 0; i < 12; ++i) {
        QueryBreakdown q;
        q.label = "g.V(" + std::to_string(i) + ")";
        q.line = static_cast<std::uint32_t>(i + 1);
        q.count = 10;
        q.completed = i == 3 ? 6 : 10;
        q.failed = q.count - q.completed;
        q.wrong_result_count = i == 3 ? 4 : 0;
        q.results = q.completed;
        q.share = 1.0 / 12;
        q.latency.emplace(tpbench::stats::HistogramConfig{1000, 600'000'000'000, 2});
        q.latency->record(1'000'000 * (i + 1), 10);  // line 12 took the most time, line 1 the least
        q.ttfr = q.latency;
        if (i == 3) q.errors.push_back({"wrong_result", 4});
        s.queries.push_back(std::move(q));
    }
    const std::string text = render_json(r);
    const auto o = json::parse(text).as_object();
    const auto& qs = o.at("sides").as_array()[0].as_object().at("queries").as_array();
    REQUIRE(qs.size() == 12);
    const auto& q3 = qs[3].as_object();
    CHECK(q3.at("line").to_number<std::uint64_t>() == 4);
    CHECK(q3.at("count").to_number<std::uint64_t>() == 10);
    CHECK(q3.at("wrong_result_count").to_number<std::uint64_t>() == 4);
    CHECK(q3.at("throughput_rps").as_double() == doctest::Approx(3.0));
    CHECK(q3.at("latency").as_object().at("percentiles").as_object().at("99").to_number<std::int64_t>() ==
          s.queries[3].latency->value_at_percentile(99));
    CHECK(q3.at("errors").as_array()[0].as_object().at("class").as_string() == "wrong_result");
    CHECK_FALSE(o.at("sides").as_array()[1].as_object().contains("queries"));  // none kept: absent
    auto back = parse_report_json(text);
    REQUIRE_MESSAGE(back.ok(), back.error());
    REQUIRE(back->sides[0].queries.size() == 12);
    CHECK(back->sides[0].queries[3].latency->same_counts(*s.queries[3].latency));
    CHECK(render_csv(*back) == render_csv(r));
    CHECK(render_markdown(*back) == render_markdown(r));

    const std::string table = render_table(r);
    CHECK(table.find("per query (ws37; top 10 of 12 by total time)") != std::string::npos);
    CHECK(table.find("line 12: g.V(11)") < table.find("line 11: g.V(10)"));  // most time first
    CHECK(table.find("line 3: g.V(2)") != std::string::npos);
    CHECK(table.find("line 2: g.V(1)") == std::string::npos);  // 11th and 12th by time: not shown
    CHECK(table.find("wrong_result 4") != std::string::npos);
    const std::string csv = render_csv(r);
    CHECK(count(csv, "\nws37,") == 1 + 12);  // the side's row and its 12 query rows
    CHECK(csv.find("\nws37,3,4,g.V(3),10,6,4,4,6,") != std::string::npos);
    CHECK(count(render_markdown(r), "| line ") == 12);
    const std::string html = render_html(r);
    CHECK(html.find("<h2>Per query: ws37</h2>") != std::string::npos);
    CHECK(count(html, "<td>line ") == 12);
}

TEST_CASE("CSV has the documented header and one row per side") {
    Report r = testing::sample_report();
    r.sides[1].name = "http4, \"gzip\"";
    const auto all = split_lines(render_csv(r));
    // The sides block, then (after an empty line each) the A/B rows and the thresholds.
    const auto blank = std::find(all.begin(), all.end(), std::string());
    const std::vector<std::string> lines(all.begin(), blank);
    REQUIRE(lines.size() == 3);
    REQUIRE(blank != all.end());
    CHECK(*(blank + 1) == "comparison_metric,unit,a,b,a_value,b_value,ratio,ci_low,ci_high,verdict,note");
    CHECK((blank + 2)->starts_with("p99 latency,ns,ws37,http4,"));
    CHECK((blank + 2)->find(",slower,") != std::string::npos);
    const auto th = std::find(all.begin(), all.end(), "threshold,passed,message");
    REQUIRE(th != all.end());
    CHECK(static_cast<std::size_t>(all.end() - th) == 1 + testing::sample_report().thresholds.size());
    CHECK((th + 2)->find(",false,") != std::string::npos);  // the sample's second threshold failed
    CHECK(lines[0].starts_with("name,backend,serializer,compression,connections,in_flight_per_connection,"));
    CHECK(lines[0].ends_with(",saturated,skipped,interrupted"));
    CHECK(csv_fields(lines[1]) == csv_fields(lines[0]));
    CHECK(csv_fields(lines[2]) == csv_fields(lines[0]));
    CHECK(lines[1].starts_with("ws37,ws37,graphbinary-1.0,none,8,4,32,"));
    CHECK(lines[2].starts_with("\"http4, \"\"gzip\"\"\","));
    CHECK(lines[1].find("," + std::to_string(r.sides[0].latency->value_at_percentile(99)) + ",") !=
          std::string::npos);
}

TEST_CASE("markdown has summary, errors, A/B and threshold tables") {
    const std::string md = render_markdown(testing::sample_report());
    // Each A/B row's note is said under the table (why "~", "n/a", "failed", "refused").
    Report with_note = testing::sample_report();
    const double one[] = {1.0}, five[] = {5.0};
    with_note.comparisons.push_back(compare_metric("rps once", "rps", "ws37", "http4", one, five));
    CHECK(render_markdown(with_note).find("- note (rps once): single run per side") != std::string::npos);
    for (const auto& c : testing::sample_report().comparisons)
        if (!c.note.empty()) CHECK(md.find("- note (" + c.metric + "): ") != std::string::npos);
    const auto lines = split_lines(md);
    CHECK(lines[0] == "# tpbench report: ws37 vs http4 <g.V().out()>");
    CHECK(std::find(lines.begin(), lines.end(), "| metric | ws37 | http4 |") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "|---|---:|---:|") != lines.end());
    const auto p99 = std::find_if(lines.begin(), lines.end(),
                                  [](const std::string& l) { return l.starts_with("| p99 |"); });
    REQUIRE(p99 != lines.end());
    CHECK(count(*p99, "|") == 4);
    CHECK(std::find(lines.begin(), lines.end(), "| ws37 | timeout | 10 |") != lines.end());
    const auto ab = std::find_if(lines.begin(), lines.end(),
                                 [](const std::string& l) { return l.starts_with("| p99 latency |"); });
    REQUIRE(ab != lines.end());
    CHECK(ab->ends_with("| slower |"));
    CHECK(md.find("| `errors<0.01%` | **FAILED** |") != std::string::npos);
}

TEST_CASE("aligned table lines up columns") {
    const auto lines = split_lines(render_table(testing::sample_report()));
    CHECK(lines[0] == "tpbench report: ws37 vs http4 <g.V().out()>");
    const auto head = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("ws37") != std::string::npos && l.find("http4") != std::string::npos &&
               l.find(':') == std::string::npos;
    });
    REQUIRE(head != lines.end());
    const auto tput = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
        return l.starts_with("  throughput (req/s)");
    });
    REQUIRE(tput != lines.end());
    // Right-aligned value columns end at the same offsets as the header names.
    CHECK(head->size() == tput->size());
    CHECK(tput->ends_with("1998.8"));
    const std::string text = render_table(testing::sample_report());
    CHECK(text.find("A/B comparison") != std::string::npos);
    CHECK(text.find("[FAILED] errors<0.01%") != std::string::npos);
}

TEST_CASE("HTML is self-contained with the three SVG plots") {
    const std::string html = render_html(testing::sample_report());
    CHECK(html.starts_with("<!DOCTYPE html>"));
    CHECK(html.find("<style>") != std::string::npos);
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("<link") == std::string::npos);
    CHECK(html.find("src=") == std::string::npos);
    CHECK(count(html, "http://") == count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
    CHECK(count(html, "<svg ") == 3);
    CHECK(count(html, "class=\"plot\"") == 3);
    CHECK(html.find("id=\"plot-spectrum\"") != std::string::npos);
    CHECK(html.find("id=\"plot-latency-time\"") != std::string::npos);
    CHECK(html.find("id=\"plot-throughput-time\"") != std::string::npos);
    // spectrum: 2 sides x (latency, service); latency/time: 2 x (p99, p50); throughput: 2.
    CHECK(count(html, "<polyline class=\"series\"") == 10);
    CHECK(html.find("id=\"ab-summary\"") != std::string::npos);
    CHECK(html.find("99.9%") != std::string::npos);
    CHECK(html.find("&lt;g.V().out()&gt;") != std::string::npos);  // escaped title
    CHECK(html.find("<g.V()") == std::string::npos);
    // The header says what ran against what.
    CHECK(html.find("id=\"setup\"") != std::string::npos);
    CHECK(html.find("8 connections x 4 in flight = 32") != std::string::npos);
    // No data: no empty boxes, a line saying why instead.
    Report empty;
    const std::string e = render_html(empty);
    CHECK(count(e, "<svg ") == 0);
    CHECK(count(e, "class=\"omitted\"") == 3);
}

TEST_CASE("HTML of the default A/B: seed table with ratio and verdict, one spectrum panel per scenario") {
    const Report r = testing::sample_default_ab_report();
    const std::string html = render_html(r);
    CHECK(html.find("id=\"seed-table\"") != std::string::npos);
    // 8 rows: the A rows say "A", each B row its ratio and verdict.
    CHECK(count(html, "<td class=\"num\">A</td>") == 4);
    CHECK(html.find("<td class=\"num\">x1.917</td>") != std::string::npos);  // 2.3 ms / 1.2 ms
    CHECK(html.find("<td class=\"num\">x0.225</td>") != std::string::npos);  // 9000 / 40000
    CHECK(count(html, "<span class=\"verdict-na\">n/a</span>") == 4);
    // One spectrum panel per scenario with the two sides (service time = latency: not drawn twice).
    for (int i = 1; i <= 4; ++i)
        CHECK(html.find("id=\"plot-spectrum-" + std::to_string(i) + "\"") != std::string::npos);
    CHECK(html.find("id=\"plot-spectrum\"") == std::string::npos);
    CHECK(count(html, "<svg xmlns") == 4);
    CHECK(count(html, "<polyline class=\"series\"") == 8);
    CHECK(html.find("(service time)") == std::string::npos);
    CHECK(html.find("service time dashed") == std::string::npos);
    // No intervals: the over-time plots are omitted with the reason.
    CHECK(html.find("id=\"plot-latency-time") == std::string::npos);
    CHECK(count(html, "Not drawn: no per-interval figures") == 2);
    // One summary table per scenario, headed by the branch names; the header has one line per branch.
    CHECK(count(html, "<table class=\"summary\">") == 4);
    CHECK(count(html, "<th>http4 (master-http)</th>") == 4);
    CHECK(html.find("1 connection, one request at a time; 8 connections x 4 in flight = 32") !=
          std::string::npos);
    CHECK(count(html, "<td>ws37 (3.7)</td><td>127.0.0.1:8182 (embedded)</td>") == 1);
}

TEST_CASE("make_interval_point") {
    tpbench::stats::Histogram h{{1, 1'000'000'000, 3}};
    for (int i = 1; i <= 100; ++i) h.record(i * 1000);
    const auto p = make_interval_point(3.0, 0.5, 400, 2, h);
    CHECK(p.t_s == 3.0);
    CHECK(p.rps == 800.0);
    CHECK(p.p50_ns == 50'015.0);  // highest equivalent of 50000 (32-wide bucket)
    CHECK(p.p99_ns == h.value_at_percentile(99));
    CHECK(p.errors == 2);
    const auto e = make_interval_point(1.0, 0.0, 5, 0, tpbench::stats::Histogram{{1, 1000, 2}});
    CHECK(e.rps == 0.0);
    CHECK(e.p99_ns == 0.0);
}

TEST_CASE("format selection") {
    CHECK(*parse_format("md") == Format::markdown);
    CHECK(*parse_format("json") == Format::json);
    CHECK(parse_format("pdf").error().find("unknown report format 'pdf'") != std::string::npos);
    CHECK(format_for_path("out/report.HTML") == Format::html);
    CHECK(format_for_path("r.csv") == Format::csv);
    CHECK(format_for_path("noext") == Format::table);
    CHECK(render(testing::sample_report(), Format::json).find("\"schema\":\"tpbench.report/2\"") !=
          std::string::npos);
    CHECK_FALSE(write_report_file(testing::sample_report(), "/nonexistent-dir/x.html").ok());
}

TEST_CASE(
    "connect times: JSON round trip and a 'connections (not in latency)' section in table, markdown and "
    "HTML") {
    Report r;
    r.title = "tls";
    Side& s = r.sides.emplace_back();
    s.name = "ws37";
    ConnectTimes c;
    c.connections = 4;
    c.tls_handshakes = 4;
    c.tls_resumed = 1;
    c.failures = 2;
    tpbench::stats::Histogram tcp, tls;
    for (int i = 0; i < 4; ++i) {
        tcp.record(200'000);
        tls.record(3'000'000 + i);
    }
    c.tcp = tcp;
    c.tls = tls;
    s.connect = c;
    r.sides.emplace_back().name = "http4";  // a side without connect figures

    const auto text = render_json(r);
    const auto v = json::parse(text).as_object();
    const auto& side0 = v.at("sides").as_array()[0].as_object();
    CHECK(side0.at("connect").at("connections").to_number<int>() == 4);
    CHECK(side0.at("connect").at("tls_resumed").to_number<int>() == 1);
    CHECK(side0.at("connect").at("histograms").at("protocol").is_null());
    CHECK(v.at("sides").as_array()[1].as_object().at("connect").is_null());
    auto back = parse_report_json(text);
    REQUIRE_MESSAGE(back.ok(), back.error());
    REQUIRE(back->sides[0].connect.has_value());
    CHECK(back->sides[0].connect->failures == 2);
    REQUIRE(back->sides[0].connect->tls.has_value());
    CHECK(back->sides[0].connect->tls->count() == 4);
    CHECK_FALSE(back->sides[1].connect.has_value());
    CHECK(render_json(*back) == text);

    for (auto f : {Format::table, Format::markdown, Format::html}) {
        const auto out = render(r, f);
        CHECK(out.find("connections (not in latency)") != std::string::npos);
        CHECK(out.find("TLS handshake p50") != std::string::npos);
        CHECK(out.find("3.000ms") != std::string::npos);
    }
}

TEST_CASE("error classes carry their first messages: JSON (round trip), text and markdown") {
    Report r = testing::sample_report();
    r.sides[0].errors = {{"connect_failed", 3, {"connect to 127.0.0.1:1 failed: Connection refused"}},
                         {"server_error", 2, {"Service unavailable (injected by tpbench serve --fault)"}}};
    const std::string text = render_json(r);
    auto back = parse_report_json(text);
    REQUIRE_MESSAGE(back.ok(), back.error());
    REQUIRE(back->sides[0].errors.size() == 2);
    CHECK(back->sides[0].errors[0].messages ==
          std::vector<std::string>{"connect to 127.0.0.1:1 failed: Connection refused"});
    CHECK(back->sides[0].errors[1].count == 2);
    // An older report without "messages" still reads (empty).
    auto old = parse_report_json(
        "{\"schema\":\"tpbench.report/"
        "1\",\"sides\":[{\"name\":\"x\",\"errors\":[{\"class\":\"timeout\",\"count\":1}]}]}");
    REQUIRE_MESSAGE(old.ok(), old.error());
    CHECK(old->sides[0].errors[0].messages.empty());
    const std::string table = render(r, Format::table);
    CHECK(table.find("ws37 server_error: Service unavailable (injected by tpbench serve --fault)") !=
          std::string::npos);
    CHECK(render(r, Format::markdown).find("Connection refused") != std::string::npos);
}

TEST_CASE(
    "wrong result counts, failed connections and failed executions are counted fields in every format") {
    Report r = testing::sample_report();
    r.sides[1].wrong_result_count = 7;
    r.sides[1].failed_executions = 2;
    r.sides[1].config.offered_rps = 0;  // closed loop: failed executions are shown
    if (!r.sides[1].connect) r.sides[1].connect = ConnectTimes{};
    r.sides[1].connect->failures = 3;
    const auto csv = split_lines(render_csv(r));
    const auto split = [](const std::string& line) {  // the sample's names have no quoted commas
        std::vector<std::string> out(1);
        for (char c : line) {
            if (c == ',')
                out.emplace_back();
            else
                out.back().push_back(c);
        }
        return out;
    };
    const auto head = split(csv[0]);
    const auto row = split(csv[2]);
    REQUIRE(head.size() == row.size());
    const auto col = [&](const std::string& name) {
        const auto it = std::find(head.begin(), head.end(), name);
        REQUIRE(it != head.end());
        return row[static_cast<std::size_t>(it - head.begin())];
    };
    CHECK(col("wrong_result_count") == "7");
    CHECK(col("failed_connections") == "3");
    CHECK(col("failed_executions") == "2");
    auto back = parse_report_json(render_json(r));
    REQUIRE_MESSAGE(back.ok(), back.error());
    CHECK(back->sides[1].wrong_result_count == 7);
    CHECK(back->sides[1].failed_executions == 2);
    CHECK(back->sides[1].connect->failures == 3);
    for (const auto& text : {render_table(r), render_markdown(r), render_html(r)}) {
        CHECK(text.find("of which wrong result count") != std::string::npos);
        CHECK(text.find("failed executions") != std::string::npos);
    }
}

TEST_CASE("an interrupted report is marked in every format; JSON says so always and round-trips it") {
    Report complete = testing::sample_report();
    {
        auto o = json::parse(render_json(complete)).as_object();
        CHECK(o.at("interrupted").as_bool() == false);
        CHECK(o.find("interruption") == o.end());
        CHECK(render_table(complete).find("INTERRUPTED") == std::string::npos);
        CHECK(interruption_line(complete).empty());
    }
    Report r = testing::sample_report();
    r.interrupted = Interruption{"SIGINT", "2026-12-07T08:00:03Z", 3.25, 5.0, 5400};
    const std::string line = interruption_line(r);
    CHECK(line ==
          "INTERRUPTED by SIGINT at 2026-12-07T08:00:03Z, 3.2 s into the run: partial results (in-flight "
          "requests drained for at most 5.0 s; 5400 planned request(s) not sent)");
    const auto o = json::parse(render_json(r)).as_object();
    CHECK(o.at("interrupted").as_bool());
    const auto& i = o.at("interruption").as_object();
    CHECK(i.at("signal").as_string() == "SIGINT");
    CHECK(i.at("at_utc").as_string() == "2026-12-07T08:00:03Z");
    CHECK(i.at("after_s").as_double() == doctest::Approx(3.25));
    CHECK(i.at("not_sent").to_number<std::uint64_t>() == 5400);
    auto back = parse_report_json(render_json(r));
    REQUIRE(back);
    REQUIRE(back->interrupted);
    CHECK(back->interrupted->signal == "SIGINT");
    CHECK(back->interrupted->grace_s == doctest::Approx(5.0));
    CHECK(back->interrupted->not_sent == 5400);
    CHECK(split_lines(render_table(r))[1] == line);
    CHECK(render_markdown(r).find("**" + line + "**") != std::string::npos);
    CHECK(render_html(r).find("id=\"interrupted\"") != std::string::npos);
    const auto csv = split_lines(render_csv(r));
    CHECK(csv[0].ends_with(",interrupted"));
    CHECK(csv[1].ends_with(",true"));
    CHECK(split_lines(render_csv(complete))[1].ends_with(",false"));
}

TEST_CASE("a skipped side shows its one-line reason in every format, and JSON round-trips it") {
    Report r = testing::sample_report();
    const std::string why =
        "not resetting the graph of db:8182 (a server tpbench did not start); pass "
        "--allow-writes to allow it";
    r.sides[1].skipped = why;
    for (auto f : {Format::table, Format::markdown, Format::csv, Format::json, Format::html}) {
        CAPTURE(static_cast<int>(f));
        CHECK(count(render(r, f), "--allow-writes to allow it") == 1);
    }
    CHECK(render_table(r).find("skipped (http4): " + why) != std::string::npos);
    CHECK(render_markdown(r).find("## Skipped\n\n- http4: ") != std::string::npos);
    CHECK(render_html(r).find("<p class=\"skipped\">skipped: http4: ") != std::string::npos);
    const auto csv = split_lines(render_csv(r));
    REQUIRE(csv.size() >= 3);  // the header, one row per side (then the A/B and threshold blocks)
    CHECK(csv[1].ends_with(",false,,false"));  // ws37 ran: empty skipped field (then interrupted)
    CHECK(csv[2].ends_with("," + why + ",false"));
    auto back = parse_report_json(render_json(r));
    REQUIRE_MESSAGE(back.ok(), back.error());
    CHECK(back->sides[0].skipped.empty());
    CHECK(back->sides[1].skipped == why);
    // A side that ran says nothing about skipping.
    r.sides[1].skipped.clear();
    for (auto f : {Format::table, Format::markdown, Format::html})
        CHECK(render(r, f).find("kipped") == std::string::npos);
}

TEST_CASE(
    "the dialect a side sent: JSON config.dialect (round trip), a dialect row only when some side has one") {
    Report r = testing::sample_report();
    REQUIRE(r.sides.size() >= 2);
    // Without any dialect the reports keep their shape: no member, no row.
    CHECK(render_json(r).find("\"dialect\"") == std::string::npos);
    CHECK(render(r, Format::table).find("dialect") == std::string::npos);
    r.sides[1].config.dialect = "4.0-beta.1";
    const std::string text = render_json(r);
    const json::value v = json::parse(text);
    CHECK(v.at("sides").at(1).at("config").at("dialect").as_string() == "4.0-beta.1");
    CHECK(v.at("sides").at(0).at("config").as_object().if_contains("dialect") == nullptr);
    auto back = parse_report_json(text);
    REQUIRE_MESSAGE(back.ok(), back.error());
    CHECK(back->sides[0].config.dialect.empty());
    CHECK(back->sides[1].config.dialect == "4.0-beta.1");
    // text and HTML: a "dialect" row with "-" for the side that has none
    const std::string table = render(r, Format::table);
    bool row = false;
    for (const auto& l : split_lines(table))
        if (l.find("dialect") != std::string::npos && l.find("4.0-beta.1") != std::string::npos &&
            l.find(" - ") != std::string::npos)
            row = true;
    CHECK_MESSAGE(row, table);
    CHECK(render(r, Format::html).find("4.0-beta.1") != std::string::npos);
}
