// tpbench_features: runs one of Apache TinkerPop's Gherkin feature suites against the embedded
// server (started in-process on an ephemeral port) through tpbench's own clients: --suite 3.7.3
// (tests/data/features/3.7.3, tag 3.7.3 plus sideEffect/Tree.feature of tag 3.8.1: kLaterFiles),
// run over ws37 (GraphBinary 1.0, op eval, language gremlin-lang), where the server evaluates as
// TinkerPop 3.7 does; --suite master (tests/data/features/master, TinkerPop master), run over http4
// (GraphBinary 4), where it evaluates as TinkerPop 4.0 does. Scenarios over the modern graph and over
// the empty graph (with their graph initializers) are run; results are compared as TinkerPop's
// runners do (gherkin.hpp).
//
//   tpbench_features --features DIR --unsupported FILE [--suite 3.7.3|master] [--markdown FILE]
//       [--filter TEXT] [--protocol ws37|http4|both] [--min-pass PERCENT] [--write-unsupported FILE]
//       [--verbose]
//
// Every scenario that does not pass on every protocol must be in the unsupported list with its
// reason, and every listed scenario must still fail: otherwise the exit status is 1 (so is a pass
// rate of the scenarios run below --min-pass). --write-unsupported writes the list the current
// results call for (keeping the reasons of entries that still apply). Exit status 2 on bad arguments
// or when the embedded server cannot be reached.
#include "gherkin.hpp"
#include "../realserver/differential.hpp"

#include "common/embedded_server.hpp"
#include "common/program_args.hpp"
#include "common/sync_client.hpp"

#include <tpbench/engine/backend.hpp>
#include <tpbench/server/server.hpp>

#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace net = boost::asio;
namespace fs = std::filesystem;
using namespace std::chrono_literals;
using namespace tpbench::features;
using tpbench::model::Type;
using tpbench::model::Value;

namespace {

struct Args {
    std::string features, unsupported, markdown, filter, write_unsupported;
    std::string suite = "3.7.3";  // which copy of the feature files: "3.7.3" or "master"
    std::string min_pass;         // percent of the scenarios run that must pass (empty: no floor)
    std::string real_port;        // run against a real TinkerPop 4.0 server on 127.0.0.1:PORT (http4)
    std::string real_answers;     // a --real-port run's --write-unsupported list: where real master fails
    std::vector<std::string> protocols{"ws37", "http4"};
    bool verbose = false;
};

[[noreturn]] void usage(const std::string& why) {
    std::cerr
        << "tpbench_features: " << why
        << "\nusage: tpbench_features --features DIR --unsupported FILE [--markdown FILE] [--filter TEXT] "
           "[--protocol ws37|http4|both] [--suite 3.7.3|master] [--min-pass PERCENT] [--write-unsupported "
           "FILE] "
           "[--real-port PORT] [--real-answers FILE] [--verbose]\n"
           "--real-port: run over http4 against a real TinkerPop 4.0 Gremlin Server on 127.0.0.1:PORT "
           "(its graph is replaced: a test server only) instead of the embedded one\n"
           "--real-answers: a --real-port run's --write-unsupported list; a scenario the embedded server "
           "fails "
           "with the same error as real master there counts as agreeing with real master\n";
    std::exit(2);
}

Args parse(int argc, char** argv) {
    Args a;
    std::string protocol;
    tpbench::test::parse_args(argc, argv,
                              {{{"--features", &a.features},
                                {"--unsupported", &a.unsupported},
                                {"--markdown", &a.markdown},
                                {"--filter", &a.filter},
                                {"--write-unsupported", &a.write_unsupported},
                                {"--suite", &a.suite},
                                {"--min-pass", &a.min_pass},
                                {"--real-port", &a.real_port},
                                {"--real-answers", &a.real_answers},
                                {"--protocol", &protocol}},
                               {{"--verbose", &a.verbose}}},
                              usage);
    if (protocol == "both")
        a.protocols = {"ws37", "http4"};
    else if (protocol == "ws37" || protocol == "http4")
        a.protocols = {protocol};
    else if (!protocol.empty())
        usage("--protocol must be ws37, http4 or both");
    if (a.features.empty() || a.unsupported.empty()) usage("--features and --unsupported are required");
    if (a.suite != "3.7.3" && a.suite != "master") usage("--suite must be 3.7.3 or master");
    if (!a.real_port.empty()) {
        if (a.protocols != std::vector<std::string>{"http4"}) usage("--real-port needs --protocol http4");
        if (std::atoi(a.real_port.c_str()) <= 0) usage("--real-port must be a port number");
        if (!a.real_answers.empty()) usage("--real-answers is for runs against the embedded server");
    }
    return a;
}

std::string slurp(const std::string& path) { return tpbench::test::slurp_or_exit(path, "tpbench_features"); }

struct Answer {
    bool ok = false;
    bool connection = false;  // could not run at all
    std::string message;
    std::vector<Value> results;
};

// One client connection speaking one protocol, used sequentially (tests/common/sync_client.hpp).
class Client {
public:
    Client(net::io_context& ioc, std::uint16_t port, std::string backend)
        : client_(ioc, port, backend, backend == "ws37" ? "graphbinary-v1" : "") {}
    const std::string& name() const { return client_.backend(); }

    Answer run(const std::string& script, const Value& bindings, const std::string& language) {
        tpbench::engine::Request r;
        r.gremlin = script;
        r.bindings = bindings;
        r.language = language;
        r.keep_results = true;
        auto s = client_.run(std::move(r), 30s, 60s);
        Answer a;
        if (!s.ran) {
            a.connection = true;
            a.message = std::move(s.failure);
            return a;
        }
        a.ok = !s.outcome.error;
        a.message = s.outcome.status_message;
        if (!a.ok && a.message.empty()) a.message = s.outcome.error.message();
        a.results = std::move(s.outcome.results);
        return a;
    }

private:
    tpbench::test::SyncClient client_;
};

struct Fatal {
    std::string message;
};

const char* kMutating[] = {"addV(", "addE(", "property(", "drop(", "mergeV(", "mergeE(", "io("};

bool mutates(const std::string& text) {
    for (const char* m : kMutating)
        if (text.find(m) != std::string::npos) return true;
    return false;
}

// Gremlin-lang text for a value used inline (P arguments).
std::string literal(const Value& v) {
    switch (v.type()) {
        case Type::null:
            return "null";
        case Type::boolean:
            return v.as_bool() ? "true" : "false";
        case Type::byte:
            return std::to_string(v.as_int()) + "b";
        case Type::short_:
            return std::to_string(v.as_int()) + "s";
        case Type::int_:
            return std::to_string(v.as_int()) + "i";
        case Type::long_:
            return std::to_string(v.as_int()) + "l";
        case Type::float_:
        case Type::double_: {
            std::ostringstream o;
            o.precision(17);
            o << v.as_double();
            return o.str() + (v.type() == Type::float_ ? "f" : "d");
        }
        case Type::string: {
            std::string out = "\"";
            for (char c : v.str()) {
                if (c == '"' || c == '\\') out += '\\';
                out += c;
            }
            return out + "\"";
        }
        case Type::list: {
            std::string out = "[";
            for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + literal(v[i]);
            return out + "]";
        }
        default:
            throw Fatal{"cannot write " + show(v) + " as a gremlin-lang literal"};
    }
}

std::string id_string(const Value& id) {
    switch (id.type()) {
        case Type::string:
            return id.str();
        case Type::uuid:
            return tpbench::model::uuid_to_string(id.as_uuid());
        default:
            if (id.type() == Type::byte || id.type() == Type::short_ || id.type() == Type::int_ ||
                id.type() == Type::long_)
                return std::to_string(id.as_int());
            return show(id);
    }
}

// A property value of a materialised element (vertex: the first vertex property named `key`; edge: the
// property `key`), or nullopt.
std::optional<Value> prop_of(const Value& el, const std::string& key) {
    const Value& props = el.type() == Type::vertex ? el[2] : el[7];
    if (props.type() != Type::list) return std::nullopt;
    for (const auto& p : props.kids()) {
        if (p.type() == Type::vertex_property && p[1].size() && p[1][0].str() == key) return p[2];
        if (p.type() == Type::property && p[0].str() == key) return p[1];
    }
    return std::nullopt;
}

// "Then the result should be a subgraph with the following": as gremlin-python's runner checks it
// (feature_steps.py assert_subgraph): the table's one column (vertices or edges) lists every element
// the Graph holds, each with the expected id and label and the same properties (vertices: name and
// age/lang; edges: weight, out and in vertex ids).
std::string check_subgraph(const std::vector<std::vector<std::string>>& table, const Value& graph,
                           const Resolver& res) {
    if (table.empty()) return "";
    const bool vertices = table[0].size() == 1 && table[0][0] == "vertices";
    const Value& actual = graph[vertices ? 0 : 1];
    std::vector<Value> expected;
    for (std::size_t i = 1; i < table.size(); ++i)
        if (!table[i].empty()) expected.push_back(convert(table[i][0], res));
    if (actual.size() != expected.size())
        return "subgraph: expected " + std::to_string(expected.size()) + (vertices ? " vertices" : " edges") +
               ", got " + show(actual);
    for (const auto& e : expected) {
        const Value* hit = nullptr;
        for (const auto& a : actual.kids())
            if (a.size() && equal(e[0], a[0])) hit = &a;
        if (!hit) return "subgraph: no element with the id of " + show(e) + " in " + show(actual);
        const Value& a = *hit;
        if (!equal(e[1], a[1])) return "subgraph: " + show(a) + " has another label than " + show(e);
        // Two named arrays: a ternary over two braced lists would leave the loop iterating a
        // destroyed temporary.
        static const std::vector<const char*> vertex_keys{"name", "age", "lang"}, edge_keys{"weight"};
        for (const char* key : vertices ? vertex_keys : edge_keys) {
            auto ev = prop_of(e, key), av = prop_of(a, key);
            if (ev.has_value() != av.has_value() || (ev && !equal(*ev, *av)))
                return "subgraph: property '" + std::string(key) + "' of " + show(a) + " differs from " +
                       show(e);
        }
        if (!vertices && (!equal(e[2], a[2]) || !equal(e[4], a[4])))
            return "subgraph: the vertices of " + show(a) + " differ from " + show(e);
    }
    return "";
}

struct Outcome {
    bool pass = false;
    std::string why;  // failure description
};

struct Stats {
    int scenarios = 0, ineligible = 0, eligible = 0, passed = 0;
};

class Runner {
public:
    // real: the server is a real TinkerPop 4.0 server (http4 and gremlin-lang only): graphs are reset
    // with gremlin-lang traversals instead of the embedded server's Groovy admin scripts.
    Runner(net::io_context& ioc, std::uint16_t port, const std::vector<std::string>& protocols, bool real)
        : admin_(ioc, port, real ? "http4" : "ws37"), real_(real) {
        for (const auto& p : protocols) clients_.push_back(std::make_unique<Client>(ioc, port, p));
    }
    std::vector<std::unique_ptr<Client>>& clients() { return clients_; }
    void restore_modern() { prepare("modern"); }

    // Reason the scenario is not run at all (other graphs, lambdas, OLAP, marked unsupported
    // upstream), or "".
    static std::string ineligible(const Scenario& sc) {
        if (computer_only(sc) && !olap_on_oltp(sc)) return "needs a GraphComputer (OLAP)";
        for (const auto& t : sc.tags) {
            // TinkerPop's GLV runners skip these too: the stock server's TinkerGraph refuses nulls
            if (t == "@AllowNullPropertyValues")
                return "needs a graph that stores null property values (skipped by TinkerPop's GLV runners "
                       "too)";
            // master: a graph configured to answer labels as sets by default (gremlin-python skips
            // these too; a stock server's TinkerGraph is single-label by default)
            if (t == "@MultiLabelDefault")
                return "needs a graph whose labels are multi-label by default (skipped by TinkerPop's GLV "
                       "runners too)";
        }
        for (const auto& st : sc.steps) {
            static const std::regex graph_re("the (\\w+) graph");
            std::smatch m;
            if (std::regex_match(st.text, m, graph_re) && m[1] != "modern" && m[1] != "empty")
                return "uses the " + m[1].str() + " graph (the embedded server hosts the modern graph only)";
            if (st.text == "an unsupported test") {
                for (const auto& s2 : sc.steps)
                    if (s2.text == "nothing should happen because")
                        return "marked unsupported upstream: " + s2.doc.substr(0, s2.doc.find('\n'));
                return "marked unsupported upstream";
            }
            if (st.text.find("defined as \"c[") != std::string::npos) return "uses a lambda";
            if (st.text == "the traversal of" && st.doc.find("withComputer(") != std::string::npos)
                return "needs a GraphComputer (OLAP)";
            if (st.text == "the traversal of" && st.doc.find("io(") != std::string::npos)
                return "reads/writes files with io()";
        }
        return "";
    }

    static bool computer_only(const Scenario& sc) {
        return std::find(sc.tags.begin(), sc.tags.end(), "@GraphComputerOnly") != sc.tags.end();
    }
    // @GraphComputerOnly scenarios of the OLAP steps the embedded server evaluates on its OLTP
    // evaluator (shortestPath()): they run as g.withComputer()..., as TinkerPop's computer suites do.
    static bool olap_on_oltp(const Scenario& sc) {
        return std::find(sc.tags.begin(), sc.tags.end(), "@StepShortestPath") != sc.tags.end();
    }

    Outcome run(const Scenario& sc, Client& c) {
        try {
            return run_inner(sc, c);
        } catch (const Unsupported& u) {
            return Outcome{false, u.reason};
        } catch (const Fatal& f) {
            return Outcome{false, f.message};
        } catch (const std::exception& e) {
            return Outcome{false, e.what()};
        }
    }

private:
    void admin(const std::string& groovy) {
        Answer a = admin_.run(groovy, Value::map(), "gremlin-groovy");
        if (a.connection) throw Fatal{"embedded server unreachable: " + a.message};
        if (!a.ok) throw Fatal{"'" + groovy + "' failed: " + a.message};
    }

    void admin_lang(const std::string& lang) {
        Answer a = admin_.run(lang, Value::map(), "gremlin-lang");
        if (a.connection) throw Fatal{"server unreachable: " + a.message};
        if (!a.ok) throw Fatal{"'" + lang + "' failed: " + a.message};
    }

    void prepare(const std::string& graph) {
        cache_.clear();
        if (graph == "modern") {
            if (state_ == "modern") return;
            if (real_) {
                admin_lang("g.V().drop()");
                admin_lang(tpbench::differential::kModernGremlinLang);
            } else {
                admin("graph.clear()");
                admin("TinkerFactory.generateModern(graph)");
            }
            state_ = "modern";
        } else {
            if (real_)
                admin_lang("g.V().drop()");
            else
                admin("graph.clear()");
            state_ = "dirty";
        }
    }

    std::optional<Value> first(const std::string& lang_script, Value bindings) {
        Answer a = admin_.run(lang_script, bindings, "gremlin-lang");
        if (a.connection) throw Fatal{"embedded server unreachable: " + a.message};
        if (!a.ok) throw Fatal{"element lookup '" + lang_script + "' failed: " + a.message};
        if (a.results.empty()) return std::nullopt;
        return a.results[0];
    }

    std::optional<Value> lookup(const Lookup& l) {
        using K = Lookup::Kind;
        std::string ck = std::to_string(static_cast<int>(l.kind)) + "\t" + l.key;
        if (auto it = cache_.find(ck); it != cache_.end()) return it->second;
        std::optional<Value> el;
        if (l.kind == K::vertex || l.kind == K::vertex_id || l.kind == K::vertex_sid) {
            el =
                first("g.V().has(\"name\", tpbN)", Value::map({Value::string("tpbN"), Value::string(l.key)}));
        } else {
            static const std::regex trip("(.+)-(.+)->(.+)");
            std::smatch m;
            if (!std::regex_match(l.key, m, trip)) throw Fatal{"bad element triplet " + l.key};
            if (l.kind == K::vertex_property) {
                Value v = convert(m[3], [&](const Lookup& x) { return lookup(x); });
                el = first("g.V().has(\"name\", tpbA).properties(tpbK).hasValue(tpbV)",
                           Value::map({Value::string("tpbA"), Value::string(m[1]), Value::string("tpbK"),
                                       Value::string(m[2]), Value::string("tpbV"), v}));
            } else {
                el = first("g.V().has(\"name\", tpbA).outE(tpbL).where(__.inV().has(\"name\", tpbB))",
                           Value::map({Value::string("tpbA"), Value::string(m[1]), Value::string("tpbL"),
                                       Value::string(m[2]), Value::string("tpbB"), Value::string(m[3])}));
            }
        }
        std::optional<Value> out;
        if (el) {
            switch (l.kind) {
                case K::vertex_id:
                case K::edge_id:
                    out = (*el)[0];
                    break;
                case K::vertex_sid:
                case K::edge_sid:
                    out = Value::string(id_string((*el)[0]));
                    break;
                default:
                    out = el;
            }
        }
        cache_[ck] = out;
        return out;
    }

    Outcome run_inner(const Scenario& sc, Client& c) {
        Resolver res = [&](const Lookup& l) { return lookup(l); };
        std::string graph;
        std::vector<std::pair<std::string, std::string>> params;  // name → raw notation or P.x(...)
        std::vector<std::pair<std::string, std::string>> p_params;
        std::vector<std::pair<std::string, std::string>> side_effects;  // key → raw notation
        std::string traversal;
        bool executed = false;
        Answer ans;
        std::vector<Value> actual;
        bool next_mode = false;
        Value bindings = Value::map();
        std::map<std::string, std::string> inline_text;

        auto apply = [&](std::string text) {
            // replace longest names first so that xx1 does not replace xx10
            std::vector<std::string> names;
            for (const auto& [k, v] : inline_text) names.push_back(k);
            std::sort(names.begin(), names.end(),
                      [](const auto& a, const auto& b) { return a.size() > b.size(); });
            for (const auto& n : names) {
                std::size_t p = 0;
                while ((p = text.find(n, p)) != std::string::npos) {
                    text.replace(p, n.size(), inline_text[n]);
                    p += inline_text[n].size();
                }
            }
            return text;
        };
        auto convert_params = [&]() {
            std::vector<Value> kv;
            for (const auto& [name, raw] : params) {
                static const std::regex enum_re("^(t|D|M)\\[(.*)\\]$");
                std::smatch m;
                if (std::regex_match(raw, m, enum_re)) {
                    const char* cls = m[1] == "t" ? "T." : m[1] == "D" ? "Direction." : "Merge.";
                    inline_text[name] = cls + m[2].str();
                    continue;
                }
                kv.push_back(Value::string(name));
                kv.push_back(convert(raw, res));
            }
            // "using the side effect k defined as …": gremlin-python prepends withSideEffect(k, value)
            std::string prefix;
            for (const auto& [key, raw] : side_effects) {
                kv.push_back(Value::string("tpbSE_" + key));
                kv.push_back(convert(raw, res));
                prefix += "withSideEffect(" + literal(Value::string(key)) + ", tpbSE_" + key + ").";
            }
            if (!prefix.empty() && traversal.rfind("g.", 0) == 0)
                traversal = "g." + prefix + traversal.substr(2);
            for (const auto& [name, pv] : p_params) {
                std::size_t paren = pv.find('(');
                std::string op = pv.substr(0, paren);
                std::string raw = pv.substr(paren + 1);
                inline_text[name] = "P." + op + "(" + literal(convert(raw, res)) + ")";
            }
            bindings = Value::map(std::move(kv));
        };
        auto execute = [&](const std::string& text) {
            Answer a = c.run(apply(text), bindings, "gremlin-lang");
            if (a.connection) throw Fatal{"embedded server unreachable over " + c.name() + ": " + a.message};
            return a;
        };

        for (const auto& st : sc.steps) {
            static const std::regex graph_re("the (\\w+) graph");
            static const std::regex param_re("using the parameter (\\w+) defined as \"(.*)\"");
            static const std::regex p_re("using the parameter (\\w+) of P\\.(\\w+)\\(\"(.*)\"\\)");
            static const std::regex se_re("using the side effect (\\w+) defined as \"(.*)\"");
            static const std::regex count_re("the result should have a count of (\\d+)");
            static const std::regex gcount_re("the graph should return (\\d+) for count of \"(.*)\"");
            static const std::regex msg_re(
                "the traversal will raise an error with message (containing|starting|ending) text of "
                "\"(.*)\"");
            static const std::regex be_re("the result should be (ordered|unordered|of|empty)");
            std::smatch m;
            const std::string& t = st.text;
            auto unescape = [](std::string s) {
                std::string out;
                for (std::size_t i = 0; i < s.size(); ++i) {
                    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\')) ++i;
                    out += s[i];
                }
                return out;
            };
            if (std::regex_match(t, m, graph_re)) {
                graph = m[1];
                prepare(graph);
            } else if (t == "the graph initializer of") {
                Answer a = execute(st.doc);
                state_ = "dirty";
                cache_.clear();
                if (!a.ok) return Outcome{false, "graph initializer failed: " + a.message};
            } else if (std::regex_match(t, m, param_re)) {
                params.emplace_back(m[1], unescape(m[2]));
            } else if (std::regex_match(t, m, se_re)) {
                side_effects.emplace_back(m[1], unescape(m[2]));
            } else if (std::regex_match(t, m, p_re)) {
                p_params.emplace_back(m[1], m[2].str() + "(" + unescape(m[3]));
            } else if (t == "the traversal of") {
                traversal = st.doc;
                if (computer_only(sc) && traversal.rfind("g.", 0) == 0)
                    traversal = "g.withComputer()." + traversal.substr(2);
                convert_params();
            } else if (t == "iterated to list" || t == "iterated next") {
                next_mode = t == "iterated next";
                ans = execute(traversal);
                executed = true;
                if (graph != "modern" || mutates(traversal)) {
                    state_ = "dirty";
                    cache_.clear();
                }
                if (ans.ok) {
                    if (!next_mode) {
                        actual = ans.results;
                    } else if (ans.results.empty()) {
                        ans.ok = false;
                        ans.message = "next() on an empty result (NoSuchElementException)";
                    } else {
                        const Value& v = ans.results[0];
                        if (v.type() == Type::list || v.type() == Type::set)
                            actual = v.kids();
                        else if (v.type() == Type::bulk_set) {
                            for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                                for (std::int64_t b = 0; b < v[i + 1].as_int(); ++b) actual.push_back(v[i]);
                        } else if (v.type() == Type::map) {
                            for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                                actual.push_back(Value::map({v[i], v[i + 1]}));
                        } else if (v.type() == Type::path)
                            actual = v[1].kids();
                        else
                            actual = {v};
                    }
                }
            } else if (t == "the traversal will raise an error") {
                if (!executed)
                    throw Fatal{"line " + std::to_string(st.line) + ": error check before iteration"};
                if (ans.ok)
                    return Outcome{false,
                                   "expected an error, got " + std::to_string(actual.size()) + " results"};
            } else if (std::regex_match(t, m, msg_re)) {
                if (ans.ok)
                    return Outcome{false, "expected an error (" + m[1].str() + " \"" + m[2].str() +
                                              "\"), got " + std::to_string(actual.size()) + " results"};
                auto lower = [](std::string s) {
                    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                    return s;
                };
                std::string got = lower(ans.message), want = lower(unescape(m[2]));
                bool okm = m[1] == "containing" ? got.find(want) != std::string::npos
                           : m[1] == "starting"
                               ? got.rfind(want, 0) == 0
                               : got.size() >= want.size() &&
                                     got.compare(got.size() - want.size(), want.size(), want) == 0;
                if (!okm)
                    return Outcome{false, "error message \"" + ans.message + "\" is not " + m[1].str() +
                                              " \"" + unescape(m[2]) + "\""};
            } else if (std::regex_match(t, m, be_re)) {
                if (!ans.ok) return Outcome{false, "error: " + ans.message};
                if (m[1] == "empty") {
                    if (!actual.empty())
                        return Outcome{false,
                                       "expected no results, got " + check_ordered({}, actual).substr(25)};
                    continue;
                }
                std::vector<Value> exp;
                for (std::size_t i = 1; i < st.table.size(); ++i) {
                    if (st.table[i].empty()) continue;
                    exp.push_back(convert(st.table[i][0], res));
                }
                std::string why = m[1] == "ordered"     ? check_ordered(exp, actual)
                                  : m[1] == "unordered" ? check_unordered(exp, actual)
                                                        : check_of(exp, actual);
                if (!why.empty()) return Outcome{false, why};
            } else if (t == "the result should be a subgraph with the following") {
                if (!ans.ok) return Outcome{false, "error: " + ans.message};
                if (!next_mode || ans.results.empty() || ans.results[0].type() != Type::graph)
                    return Outcome{
                        false, "expected one Graph result, got " + check_ordered({}, ans.results).substr(25)};
                std::string why = check_subgraph(st.table, ans.results[0], res);
                if (!why.empty()) return Outcome{false, why};
            } else if (t == "the result should be a tree with a structure of") {
                if (!ans.ok) return Outcome{false, "error: " + ans.message};
                if (!next_mode || ans.results.empty())
                    return Outcome{false, "a tree check needs one result (iterated next)"};
                std::string why = check_tree(st.doc, ans.results[0], res);
                if (!why.empty()) return Outcome{false, why};
            } else if (std::regex_match(t, m, count_re)) {
                if (!ans.ok) return Outcome{false, "error: " + ans.message};
                std::size_t want = std::stoul(m[1]);
                if (actual.size() != want)
                    return Outcome{false, "expected " + std::to_string(want) + " results, got " +
                                              std::to_string(actual.size())};
            } else if (std::regex_match(t, m, gcount_re)) {
                if (!ans.ok) return Outcome{false, "error: " + ans.message};
                Answer a = execute(unescape(m[2]) + ".count()");
                if (!a.ok) return Outcome{false, "count check '" + unescape(m[2]) + "' failed: " + a.message};
                Value want = Value::long_(std::stoll(m[1]));
                if (a.results.size() != 1 || !equal(want, a.results[0]))
                    return Outcome{false, "count of \"" + unescape(m[2]) + "\": expected " + m[1].str() +
                                              ", got " +
                                              (a.results.empty() ? "nothing" : show(a.results[0]))};
            } else if (t == "an unsupported test" || t == "nothing should happen because") {
                return Outcome{false, "marked unsupported upstream"};
            } else {
                throw Fatal{"line " + std::to_string(st.line) + ": step not understood: " + t};
            }
        }
        if (!executed) throw Fatal{"scenario has no 'When iterated' step"};
        return Outcome{true, ""};
    }

    Client admin_;
    bool real_ = false;
    std::vector<std::unique_ptr<Client>> clients_;
    std::string state_ = "unknown";
    std::map<std::string, std::optional<Value>> cache_;
};

// Feature files taken from a later TinkerPop tag because 3.7.3 has none for the step (file → tag).
const std::pair<const char*, const char*> kLaterFiles[] = {{"sideEffect/Tree.feature", "3.8.1"}};
const char* later_file(const std::string& file) {
    for (const auto& [f, tag] : kLaterFiles)
        if (file == f) return tag;
    return nullptr;
}

std::string md_escape(std::string s) {
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    Args args = parse(argc, argv);
    auto t0 = std::chrono::steady_clock::now();
    std::map<std::string, Unsupp> unsupported;
    try {
        unsupported = parse_unsupported(slurp(args.unsupported));
    } catch (const std::exception& e) {
        std::cerr << "tpbench_features: " << args.unsupported << ": " << e.what() << "\n";
        return 2;
    }
    // Where real master fails a scenario with an error, and the embedded server fails it with the
    // very same error, the real server decides (issue: "where the feature files and a real server
    // disagree, the real server decides"): the scenario counts as passed, as agreeing with real master.
    // Only errors are compared: a wrong-result reason names the expected value, not the answer.
    std::map<std::string, Unsupp> real_answers;
    if (!args.real_answers.empty()) {
        try {
            real_answers = parse_unsupported(slurp(args.real_answers));
        } catch (const std::exception& e) {
            std::cerr << "tpbench_features: " << args.real_answers << ": " << e.what() << "\n";
            return 2;
        }
    }
    auto agrees_with_real = [&](const std::string& key, const std::string& why) {
        auto it = real_answers.find(key);
        if (it == real_answers.end()) return false;
        const std::string& r = it->second.reason;
        const bool error =
            r.rfind("http4: error: ", 0) == 0 || r.rfind("http4: graph initializer failed: ", 0) == 0;
        return error && r == why.substr(0, why.find('\n'));
    };
    std::vector<Feature> features;
    try {
        std::vector<fs::path> files;
        for (const auto& de : fs::recursive_directory_iterator(args.features))
            if (de.is_regular_file() && de.path().extension() == ".feature") files.push_back(de.path());
        std::sort(files.begin(), files.end());
        for (const auto& p : files)
            features.push_back(
                parse_feature(fs::relative(p, args.features).generic_string(), slurp(p.string())));
    } catch (const std::exception& e) {
        std::cerr << "tpbench_features: " << e.what() << "\n";
        return 2;
    }
    if (features.empty()) {
        std::cerr << "tpbench_features: no .feature files under " << args.features << "\n";
        return 2;
    }

    const bool real = !args.real_port.empty();
    std::unique_ptr<tpbench::server::ServerHandle> embedded;
    if (!real) {
        tpbench::server::ServerConfig scfg;
        scfg.gremlin_pool = 1;
        scfg.max_parameters = 64;
        scfg.evaluation_timeout = std::chrono::milliseconds(20000);
        embedded = tpbench::test::start_embedded_server(scfg);
    }

    net::io_context ioc;
    Runner runner(ioc,
                  real ? static_cast<std::uint16_t>(std::atoi(args.real_port.c_str())) : embedded->port(),
                  args.protocols, real);

    std::vector<std::string> failures, notes;
    std::map<std::string, std::string> write_list;  // key → reason
    std::ostringstream table, refused, agreed_rows;
    int agreed = 0;  // failures identical to real master's (--real-answers), counted as passes
    Stats total;
    Stats modern, empty;  // eligible scenarios by graph
    Stats modern37;       // eligible modern-graph scenarios of the 3.7.3 files (the coverage measure)
    std::ostringstream perfile;
    std::string protocols_text;
    for (const auto& p : args.protocols) protocols_text += (protocols_text.empty() ? "" : " and ") + p;
    const bool master = args.suite == "master";
    table << "| feature file | scenarios | run | pass (" << protocols_text
          << ") | not run "
             "|\n|---|---:|---:|---:|---:|\n";
    for (const Feature& f : features) {
        Stats st;
        const bool from_373 = !master && later_file(f.file) == nullptr;
        for (const Scenario& sc : f.scenarios) {
            if (!args.filter.empty() && (f.file + " " + sc.name).find(args.filter) == std::string::npos)
                continue;
            ++st.scenarios;
            std::string key = scenario_key(f.file, sc.name);
            auto listed = unsupported.find(key);
            std::string why_not = Runner::ineligible(sc);
            if (!why_not.empty()) {
                ++st.ineligible;
                write_list[key] = listed != unsupported.end() ? listed->second.reason : why_not;
                if (listed == unsupported.end())
                    failures.push_back(f.file + ": " + sc.name + ": not run (" + why_not +
                                       ") but missing from the unsupported list");
                else
                    listed->second.seen = true;
                refused << "| " << f.file << " | `" << sc.name << "` | not run: " << md_escape(why_not)
                        << " |\n";
                continue;
            }
            ++st.eligible;
            bool is_modern = false;
            for (const auto& s : sc.steps)
                if (s.text == "the modern graph") is_modern = true;
            Stats& by = is_modern ? modern : empty;
            ++by.eligible;
            if (is_modern && from_373) ++modern37.eligible;
            std::string why;
            for (auto& c : runner.clients()) {
                Outcome o;
                try {
                    o = runner.run(sc, *c);
                } catch (const Fatal& fa) {
                    std::cerr << "tpbench_features: " << fa.message << "\n";
                    return 2;
                }
                if (args.verbose)
                    std::cout << (o.pass ? "pass" : "FAIL") << "\t" << c->name() << "\t" << f.file << "\t"
                              << sc.name << (o.pass ? "" : "\n      " + o.why) << "\n";
                if (!o.pass && why.empty()) why = c->name() + ": " + o.why;
            }
            if (!why.empty() && agrees_with_real(key, why)) {
                ++agreed;
                agreed_rows << "| " << f.file << " | `" << sc.name << "` | "
                            << md_escape(why.substr(0, why.find('\n'))) << " |\n";
                why.clear();
            }
            if (why.empty()) {
                ++st.passed;
                ++by.passed;
                if (is_modern && from_373) ++modern37.passed;
                if (listed != unsupported.end()) {
                    listed->second.seen = true;
                    failures.push_back(f.file + ": " + sc.name +
                                       ": passes now but is in the unsupported list (remove the entry)");
                }
            } else {
                std::string first_line = why.substr(0, why.find('\n'));
                if (first_line.size() > 200) first_line = first_line.substr(0, 200) + "…";
                write_list[key] = first_line;
                refused << "| " << f.file << " | `" << sc.name << "` | "
                        << md_escape(listed != unsupported.end() ? listed->second.reason : first_line)
                        << " |\n";
                if (listed == unsupported.end())
                    failures.push_back(f.file + ": " + sc.name +
                                       ": FAILED (not in the unsupported list)\n    " + why);
                else
                    listed->second.seen = true;
            }
        }
        if (st.scenarios == 0) continue;
        perfile << f.file << "\t" << st.passed << "/" << st.eligible << " pass"
                << (st.ineligible ? " (" + std::to_string(st.ineligible) + " not run)" : "") << "\n";
        table << "| " << f.file << " | " << st.scenarios << " | " << st.eligible << " | " << st.passed
              << " | " << st.ineligible << " |\n";
        total.scenarios += st.scenarios;
        total.eligible += st.eligible;
        total.passed += st.passed;
        total.ineligible += st.ineligible;
    }
    if (embedded)
        embedded->stop();
    else
        try {
            runner.restore_modern();  // leave a real server with the modern graph its other tests expect
        } catch (const Fatal& fa) {
            std::cerr << "tpbench_features: " << fa.message << "\n";
            return 2;
        }
    if (args.filter.empty())
        for (const auto& [k, u] : unsupported)
            if (!u.seen) notes.push_back("unsupported-list entry matches no scenario: " + k);

    auto pct = [](int a, int b) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f%%", b ? 100.0 * a / b : 0.0);
        return std::string(buf);
    };
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << perfile.str();
    std::cout << "features: " << total.scenarios << " scenarios, " << total.ineligible << " not run, "
              << total.passed << "/" << total.eligible << " pass on " << args.protocols.size()
              << " protocol(s) (modern graph " << modern.passed << "/" << modern.eligible << " = "
              << pct(modern.passed, modern.eligible) << ", empty graph " << empty.passed << "/"
              << empty.eligible << " = " << pct(empty.passed, empty.eligible)
              << (master ? std::string()
                         : "; 3.7.3 files' modern graph " + std::to_string(modern37.passed) + "/" +
                               std::to_string(modern37.eligible) + " = " +
                               pct(modern37.passed, modern37.eligible))
              << ") in " << static_cast<int>(secs) << " s\n";
    if (!args.real_answers.empty())
        std::cout << "features: " << agreed
                  << " of the passes fail the feature file with the very error real master answers "
                     "(--real-answers)\n";

    if (!args.markdown.empty()) {
        std::ofstream md(args.markdown, std::ios::binary);
        if (master) {
            md << "Generated by `tpbench_features --suite master` (tests/features/) from Apache TinkerPop "
                  "master's feature files (tests/data/features/master, commit fd0e3b5)";
        } else {
            md << "Generated by `tpbench_features` (tests/features/) from Apache TinkerPop's 3.7.3 feature "
                  "files (tests/data/features/3.7.3)";
            for (const auto& [file, tag] : kLaterFiles)
                md << ", plus " << file << " of tag " << tag << " (3.7.3 has none)";
        }
        md << "; each scenario runs over " << protocols_text << ".\n\n"
           << "Totals: " << total.scenarios << " scenarios; " << total.eligible << " run, " << total.passed
           << " pass (" << pct(total.passed, total.eligible) << "; modern graph " << modern.passed << "/"
           << modern.eligible << " = " << pct(modern.passed, modern.eligible)
           << ", empty graph with initializers " << empty.passed << "/" << empty.eligible << " = "
           << pct(empty.passed, empty.eligible) << "); " << total.ineligible << " not run.";
        if (!args.real_answers.empty())
            md << " " << agreed
               << " of the passes answer as real TinkerPop 4.0.0-master does where it disagrees with the "
                  "feature file: the very same error (tests/features/real-master-differs.txt, recorded with "
                  "`--real-port` against real master and re-checked by the realserver test "
                  "`realserver/4_m/features`).";
        if (!master)
            md << " The 3.7.3 files alone: modern graph " << modern37.passed << "/" << modern37.eligible
               << " = " << pct(modern37.passed, modern37.eligible) << ".";
        md << "\n\n"
           << table.str() << "\n"
           << (agreed
                   ? "Scenarios where real master disagrees with the feature file and the embedded server "
                     "answers as real master (the same error):\n\n| feature file | scenario | real master's "
                     "and the embedded server's answer |\n|---|---|---|\n" +
                         agreed_rows.str() + "\n"
                   : std::string())
           << "Scenarios the embedded server refuses or answers differently, with the reason:\n\n"
           << "| feature file | scenario | reason |\n|---|---|---|\n"
           << refused.str();
    }
    if (!args.write_unsupported.empty()) {
        std::ofstream w(args.write_unsupported, std::ios::binary);
        if (real)
            w << "# Scenarios of tests/data/features/" << args.suite
              << " (Apache TinkerPop) that real TinkerPop 4.0.0-master (a stock Gremlin Server,\n"
                 "# built from the Apache sources: ../shared/tinkerpop) does not pass over http4, or that "
                 "are not run,\n"
                 "# one per line: feature file<TAB>scenario<TAB>its answer. Written by `tpbench_features "
                 "--real-port PORT\n"
                 "# --write-unsupported FILE`; the realserver test realserver/4_m/features checks it "
                 "against real master,\n"
                 "# and `--real-answers FILE` runs count the embedded server's identical errors as "
                 "agreeing with real master.\n";
        else
            w << "# Scenarios of tests/data/features/" << args.suite << " (Apache TinkerPop " << args.suite
              << ") the embedded server deliberately "
                 "does\n"
                 "# not run or does not pass, one per line: feature file<TAB>scenario<TAB>reason.\n"
                 "# tpbench_features fails when a scenario outside this list fails, and when a listed one "
                 "passes.\n";
        for (const auto& [k, r] : write_list) w << k << "\t" << r << "\n";
    }
    for (const auto& n : notes) std::cout << "note: " << n << "\n";
    for (const auto& f : failures) std::cout << "FAIL: " << f << "\n";
    if (!args.min_pass.empty() && args.filter.empty()) {
        double floor = std::strtod(args.min_pass.c_str(), nullptr);
        double rate = total.eligible ? 100.0 * total.passed / total.eligible : 0.0;
        if (rate < floor)
            failures.push_back("pass rate " + pct(total.passed, total.eligible) + " is below --min-pass " +
                               args.min_pass + "%");
    }
    bool ok = failures.empty() && notes.empty();
    std::cout << (ok ? "features: OK\n" : "features: FAILED\n");
    return ok ? 0 : 1;
}
