#pragma once
// The differential check's pure parts (no networking): a typed canonical rendering of decoded
// results, the query / known-difference / recorded-answer file formats, and the verdict.
#include <tpbench/model/value.hpp>

#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace tpbench::differential {

// The modern graph in gremlin-lang with generateModern's own ids (TinkerFactory.java): vertices 1-6
// and edges 7-12 (Integer, as it passes them), vertex properties 0-11 (Long), for a real 4.0 server
// without Groovy (beta.3+); the differential check and the feature runner's --real-port mode load it. The
// http4 client's built-in gremlin-lang form of generateModern leaves edge and property ids to the server,
// because the embedded server takes neither addE().property(T.id, n) nor meta-property key/values.
inline constexpr const char* kModernGremlinLang =
    "g.addV('person').property(T.id,1).property('name','marko',T.id,0L).property('age',29,T.id,1L).as('marko'"
    ")"
    ".addV('person').property(T.id,2).property('name','vadas',T.id,2L).property('age',27,T.id,3L).as('vadas')"
    ".addV('software').property(T.id,3).property('name','lop',T.id,4L).property('lang','java',T.id,5L).as('"
    "lop')"
    ".addV('person').property(T.id,4).property('name','josh',T.id,6L).property('age',32,T.id,7L).as('josh')"
    ".addV('software').property(T.id,5).property('name','ripple',T.id,8L).property('lang','java',T.id,9L)"
    ".as('ripple')"
    ".addV('person').property(T.id,6).property('name','peter',T.id,10L).property('age',35,T.id,11L).as('"
    "peter')"
    ".addE('knows').from('marko').to('vadas').property(T.id,7).property('weight',0.5d)"
    ".addE('knows').from('marko').to('josh').property(T.id,8).property('weight',1.0d)"
    ".addE('created').from('marko').to('lop').property(T.id,9).property('weight',0.4d)"
    ".addE('created').from('josh').to('ripple').property(T.id,10).property('weight',1.0d)"
    ".addE('created').from('josh').to('lop').property(T.id,11).property('weight',0.4d)"
    ".addE('created').from('peter').to('lop').property(T.id,12).property('weight',0.2d)";

// Canonical one-line rendering: every scalar carries its type (i:1 is an Int, L:1 a Long, d:0.5 a
// Double, 'x' a String); map entries, set items and element properties are sorted, lists keep their
// order. Two results are equal exactly when their renderings are.
std::string canon(const model::Value& v);

struct Query {
    std::string text;
    bool ordered = false;   // compare the result stream in order (order( in the query, or @ordered)
    bool mutating = false;  // both servers reload the modern graph afterwards (@mutating)
};
// One query per line; '#' comments and blank lines skipped; prefixes "@ordered ", "@unordered ",
// "@mutating ". Throws std::runtime_error on a duplicate query.
std::vector<Query> parse_queries(const std::string& text);

// A documented difference: kind ("deliberate" or "unsupported" or "bug"), the query, the reason.
struct Known {
    std::string kind, reason;
    bool seen = false;
};
// Lines "kind<TAB>query<TAB>reason"; '#' comments. Throws std::runtime_error on a malformed line.
std::map<std::string, Known> parse_known(const std::string& text);

struct Answer {
    bool ok = false;
    int status = 0;                  // protocol status; -1 = could not run at all (connection)
    std::string message;             // error message
    std::vector<std::string> lines;  // canonical results in arrival order
};
void write_recorded(std::ostream& out, const std::string& query, const Answer& a);
std::map<std::string, Answer> parse_recorded(const std::string& text);

enum class Verdict { same_results, same_error, different, unsupported, embedded_error };
const char* verdict_name(Verdict v);
// ref = the real server's answer, mine = the embedded server's.
Verdict judge(const Query& q, const Answer& ref, const Answer& mine);
// Both answers, for a report (results truncated to a few lines each).
std::string describe(const Answer& ref, const Answer& mine, bool ordered);

struct Tally {
    int same_results = 0, same_error = 0, different = 0, unsupported = 0, error_only = 0;
    void add(Verdict v);
};

}  // namespace tpbench::differential
