// tpbench_differential: sends the same Gremlin scripts to a real Apache TinkerPop Gremlin Server
// and to the embedded server (tpbench serve, started in-process on an ephemeral port), both through
// tpbench's own client and decoder (Request::keep_results) — ws37 + GraphBinary 1.0 (default), or
// with --protocol http4 the http4 client + GraphBinary 4.0 in dialect 4.0 (a real 4.0 beta.3+/master
// server) — and compares the decoded results with a typed canonical rendering (Int 1 and
// Long 1 differ; map entries, sets and unordered result streams compare order-insensitively).
//
//   tpbench_differential --queries Q.txt --known K.txt --real-port P [--record R.txt [--label TEXT]]
//       [--report F] [--protocol ws37|http4]
//       live: real server on 127.0.0.1:P against the embedded server (--record writes the real
//       server's answers in the recorded format)
//   tpbench_differential --queries Q.txt --known K.txt --expected R.txt [--report F]
//       offline: the embedded server against answers recorded from a real server (no JVM)
//
// Exit status: 0 when every query is the same or documented in K.txt (and every K.txt entry still
// differs), 1 otherwise, 2 on bad arguments or when a server cannot be reached.
#include "differential.hpp"

#include "common/embedded_server.hpp"
#include "common/program_args.hpp"
#include "common/sync_client.hpp"

#include <tpbench/engine/backend.hpp>
#include <tpbench/server/server.hpp>

#include <boost/asio/io_context.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace net = boost::asio;
using namespace std::chrono_literals;
using namespace tpbench::differential;

namespace {

struct Args {
    std::string queries, known, record, expected, report, label = "version not given", protocol = "ws37";
    int real_port = 0;
    bool verbose = false;
};

[[noreturn]] void usage(const std::string& why) {
    std::cerr << "tpbench_differential: " << why
              << "\nusage: tpbench_differential --queries FILE --known FILE (--real-port P [--record FILE] | "
                 "--expected FILE) [--report FILE] [--verbose]\n";
    std::exit(2);
}

Args parse(int argc, char** argv) {
    Args a;
    std::string port;
    tpbench::test::parse_args(argc, argv,
                              {{{"--queries", &a.queries},
                                {"--known", &a.known},
                                {"--record", &a.record},
                                {"--expected", &a.expected},
                                {"--report", &a.report},
                                {"--label", &a.label},
                                {"--protocol", &a.protocol},
                                {"--real-port", &port}},
                               {{"--verbose", &a.verbose}}},
                              usage);
    if (!port.empty()) {
        try {
            a.real_port = std::stoi(port);
        } catch (...) {
            usage("--real-port needs a number");
        }
        if (a.real_port <= 0 || a.real_port > 65535) usage("--real-port out of range");
    }
    if (a.queries.empty() || a.known.empty()) usage("--queries and --known are required");
    if ((a.real_port == 0) == a.expected.empty()) usage("give exactly one of --real-port and --expected");
    if (!a.record.empty() && a.real_port == 0) usage("--record needs --real-port");
    if (a.protocol != "ws37" && a.protocol != "http4") usage("--protocol is ws37 or http4");
    return a;
}

std::string slurp(const std::string& path) {
    return tpbench::test::slurp_or_exit(path, "tpbench_differential");
}

// One client connection to one server, used sequentially (tests/common/sync_client.hpp): ws37 with
// GraphBinary 1.0, or http4 with GraphBinary 4.0 in dialect 4.0 (the same request to both servers:
// parameters, timeoutMillis, no language field, so the server's default gremlin-lang).
class Client {
public:
    Client(net::io_context& ioc, std::uint16_t port, const std::string& protocol)
        : client_(ioc, port, protocol, protocol == "http4" ? "graphbinary-v4" : "graphbinary-v1",
                  protocol == "http4" ? std::map<std::string, std::string>{{"dialect", "4.0"}}
                                      : std::map<std::string, std::string>{}),
          http4_(protocol == "http4") {}
    bool http4() const noexcept { return http4_; }

    // Runs one script (in `language` when given); reconnects when the connection was lost.
    Answer run(const std::string& script, const std::string& language = {}) {
        tpbench::engine::Request r;
        r.gremlin = script;
        r.language = language;
        r.keep_results = true;
        auto s = client_.run(std::move(r), 90s, 120s);
        Answer a;
        if (!s.ran) {
            a.status = -1;
            a.message = std::move(s.failure);
            return a;
        }
        a.ok = !s.outcome.error;
        a.status = s.outcome.status_code;
        a.message = s.outcome.status_message;
        if (!a.ok && a.message.empty()) a.message = s.outcome.error.message();
        if (a.ok)
            for (const auto& v : s.outcome.results) a.lines.push_back(canon(v));
        return a;
    }

private:
    tpbench::test::SyncClient client_;
    bool http4_;
};

// Reloads the modern graph: Groovy graph.clear() + TinkerFactory.generateModern(graph) (ws37, and
// the embedded server over http4, which takes the Groovy scripts when asked in gremlin-groovy);
// `gremlin_lang` = a real 4.0 server: g.V().drop() + kModernGremlinLang.
bool reload(Client& c, const std::string& who, bool gremlin_lang = false) {
    const std::vector<std::string> scripts =
        gremlin_lang ? std::vector<std::string>{"g.V().drop()", tpbench::differential::kModernGremlinLang}
                     : std::vector<std::string>{"graph.clear()", "TinkerFactory.generateModern(graph)"};
    for (const auto& s : scripts) {
        Answer a = c.run(s, c.http4() && !gremlin_lang ? "gremlin-groovy" : "");
        if (!a.ok) {
            std::cerr << "tpbench_differential: " << who << ": '" << s << "' failed: " << a.status << " "
                      << a.message << "\n";
            return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    Args args = parse(argc, argv);
    std::vector<Query> queries;
    std::map<std::string, Known> known;
    try {
        queries = parse_queries(slurp(args.queries));
        known = parse_known(slurp(args.known));
    } catch (const std::exception& e) {
        std::cerr << "tpbench_differential: " << e.what() << "\n";
        return 2;
    }
    std::map<std::string, Answer> recorded;
    if (!args.expected.empty()) {
        try {
            recorded = parse_recorded(slurp(args.expected));
        } catch (const std::exception& e) {
            std::cerr << "tpbench_differential: " << args.expected << ": " << e.what() << "\n";
            return 2;
        }
    }

    tpbench::server::ServerConfig scfg;
    scfg.gremlin_pool = 1;
    scfg.evaluation_timeout = std::chrono::milliseconds(60000);
    auto embedded = tpbench::test::start_embedded_server(scfg);

    net::io_context ioc;
    Client emb(ioc, embedded->port(), args.protocol);
    std::unique_ptr<Client> real;
    if (args.real_port)
        real = std::make_unique<Client>(ioc, static_cast<std::uint16_t>(args.real_port), args.protocol);
    const bool real_gremlin_lang = args.protocol == "http4";

    if (!reload(emb, "embedded server")) return 2;
    if (real && !reload(*real, "real server on port " + std::to_string(args.real_port), real_gremlin_lang))
        return 2;

    std::ofstream rec;
    if (!args.record.empty()) {
        rec.open(args.record, std::ios::binary);
        if (!rec) {
            std::cerr << "tpbench_differential: cannot write " << args.record << "\n";
            return 2;
        }
        rec << "# Answers of a real Apache TinkerPop Gremlin Server (" << args.label << ") to\n"
            << (real_gremlin_lang
                    ? "# tests/data/differential/queries.txt (g.V().drop() + the modern graph in "
                      "gremlin-lang, "
                      "generateModern's ids, first),\n"
                      "# recorded by tpbench_differential --protocol http4 --record (http4 dialect 4.0, "
                      "GraphBinary 4.0, canonical rendering).\n"
                    : "# tests/data/differential/queries.txt (graph.clear() + "
                      "TinkerFactory.generateModern(graph) "
                      "first),\n"
                      "# recorded by tpbench_differential --record (ws37, GraphBinary 1.0, canonical "
                      "rendering).\n");
    }

    Tally tally;
    int real_refused = 0;  // the real server answered an error, the embedded server results
    std::vector<std::string> failures, notes;
    std::ostringstream report;
    for (const Query& q : queries) {
        Answer ref;
        if (real) {
            ref = real->run(q.text);
            if (ref.status == -1) {
                std::cerr << "tpbench_differential: real server: " << ref.message << " (query: " << q.text
                          << ")\n";
                return 2;
            }
            if (rec) write_recorded(rec, q.text, ref);
        } else {
            auto it = recorded.find(q.text);
            if (it == recorded.end()) {
                failures.push_back("no recorded answer (re-record with --real-port --record): " + q.text);
                continue;
            }
            ref = it->second;
        }
        Answer mine = emb.run(q.text);
        if (mine.status == -1) {
            std::cerr << "tpbench_differential: embedded server: " << mine.message << " (query: " << q.text
                      << ")\n";
            return 2;
        }
        if (q.mutating) {
            if (real && !reload(*real, "real server", real_gremlin_lang)) return 2;
            if (!reload(emb, "embedded server")) return 2;
        }
        Verdict v = judge(q, ref, mine);
        tally.add(v);
        if (!ref.ok && mine.ok) ++real_refused;
        auto k = known.find(q.text);
        report << verdict_name(v) << "\t" << q.text << "\n";
        if (v != Verdict::same_results && v != Verdict::same_error) {
            report << describe(ref, mine, q.ordered);
            if (k == known.end())
                failures.push_back(std::string(verdict_name(v)) + " (not in the known list): " + q.text +
                                   "\n" + describe(ref, mine, q.ordered));
            else
                k->second.seen = true;
        } else if (k != known.end()) {
            k->second.seen = true;
            failures.push_back("listed in the known list but now " + std::string(verdict_name(v)) +
                               " (remove the entry): " + q.text);
        }
        if (args.verbose) std::cout << verdict_name(v) << "\t" << q.text << "\n";
    }
    for (const auto& [text, k] : known)
        if (!k.seen) notes.push_back("known-list entry matches no query: " + text);

    embedded->stop();
    if (!args.report.empty()) {
        std::ofstream f(args.report, std::ios::binary);
        f << report.str();
    }
    std::cout << "differential (" << args.protocol << "): " << queries.size()
              << " queries: " << tally.same_results << " same results, " << tally.same_error
              << " same (both errors), " << tally.different << " different, " << tally.unsupported
              << " unsupported by the embedded server, " << tally.error_only
              << " error only on the embedded server\n";
    std::cout << "differential (" << args.protocol << "): same " << tally.same_results + tally.same_error
              << " / different " << tally.different + tally.error_only
              << " (of which the real server refused " << real_refused
              << ") / refused by the embedded server " << tally.unsupported << "\n";
    for (const auto& n : notes) std::cout << "note: " << n << "\n";
    for (const auto& f : failures) std::cout << "FAIL: " << f << "\n";
    std::cout << (failures.empty() && notes.empty() ? "differential: OK\n" : "differential: FAILED\n");
    return failures.empty() && notes.empty() ? 0 : 1;
}
