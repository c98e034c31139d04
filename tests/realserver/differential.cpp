#include "differential.hpp"

#include "common/bytes.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>
#include <stdexcept>

namespace tpbench::differential {

using model::Type;
using model::Value;
using test::hex;

namespace {

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '\\':
                out += "\\\\";
                break;
            case '\'':
                out += "\\'";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char b[8];
                    std::snprintf(b, sizeof b, "\\x%02x", static_cast<unsigned char>(c));
                    out += b;
                } else {
                    out += c;
                }
        }
    }
    return out;
}

std::string num(double d) {
    char b[40];
    std::snprintf(b, sizeof b, "%.17g", d);
    // prefer the shortest form that round-trips
    for (int p = 1; p <= 17; ++p) {
        char c[40];
        std::snprintf(c, sizeof c, "%.*g", p, d);
        if (std::strtod(c, nullptr) == d) return c;
    }
    return b;
}

std::string labels(const Value& l) {
    if (l.type() == Type::string) return "'" + escape(l.str()) + "'";
    if (l.type() != Type::list && l.type() != Type::set) return canon(l);
    std::string out;
    for (std::size_t i = 0; i < l.size(); ++i) {
        if (i) out += "::";
        out += "'" + escape(l[i].str()) + "'";
    }
    return out;
}

std::string sorted_join(std::vector<std::string> xs, const char* sep = ", ") {
    std::sort(xs.begin(), xs.end());
    std::string out;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        if (i) out += sep;
        out += xs[i];
    }
    return out;
}

std::string props(const Value& p) {
    if (p.is_null()) return "";
    std::vector<std::string> xs;
    for (const auto& x : p.kids()) xs.push_back(canon(x));
    return " {" + sorted_join(xs) + "}";
}

std::string trim(std::string s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
    std::size_t b = 0;
    while (b < s.size() && (s[b] == ' ' || s[b] == '\t')) ++b;
    return s.substr(b);
}

}  // namespace

std::string canon(const Value& v) {
    switch (v.type()) {
        case Type::null:
            return "null";
        case Type::boolean:
            return v.as_bool() ? "true" : "false";
        case Type::byte:
            return "b:" + std::to_string(v.as_int());
        case Type::short_:
            return "s:" + std::to_string(v.as_int());
        case Type::int_:
            return "i:" + std::to_string(v.as_int());
        case Type::long_:
            return "L:" + std::to_string(v.as_int());
        case Type::float_:
            return "f:" + num(v.as_double());
        case Type::double_:
            return "d:" + num(v.as_double());
        case Type::big_integer:
            return "BigInteger:0x" + hex(v.str());
        case Type::big_decimal:
            return "BigDecimal:0x" + hex(v.str()) + "e-" + std::to_string(v.as_int());
        case Type::char_:
            return "char:'" + escape(v.str()) + "'";
        case Type::string:
            return "'" + escape(v.str()) + "'";
        case Type::uuid:
            return "uuid:" + model::uuid_to_string(v.as_uuid());
        case Type::date:
            return "date:" + std::to_string(v.as_int());
        case Type::timestamp:
            return "timestamp:" + std::to_string(v.as_int());
        case Type::duration:
            return "duration:" + std::to_string(v.as_int()) + "s" + std::to_string(v.nanos());
        case Type::list: {
            std::string out = "[";
            for (std::size_t i = 0; i < v.size(); ++i) {
                if (i) out += ", ";
                out += canon(v[i]);
            }
            return out + "]";
        }
        case Type::set: {
            std::vector<std::string> xs;
            for (const auto& x : v.kids()) xs.push_back(canon(x));
            return "set{" + sorted_join(xs) + "}";
        }
        case Type::bulk_set: {
            std::vector<std::string> xs;
            for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                xs.push_back(canon(v[i]) + "*" + std::to_string(v[i + 1].as_int()));
            return "bulkset{" + sorted_join(xs) + "}";
        }
        case Type::map:
        case Type::tree: {
            std::vector<std::string> xs;
            for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                xs.push_back(canon(v[i]) + "=" + canon(v[i + 1]));
            return (v.type() == Type::tree ? "tree{" : "{") + sorted_join(xs) + "}";
        }
        case Type::vertex:
            return "v[" + canon(v[0]) + " " + labels(v[1]) + (v.size() > 2 ? props(v[2]) : "") + "]";
        case Type::edge:
            return "e[" + canon(v[0]) + " " + labels(v[1]) + " " + canon(v[4]) + ":" + labels(v[5]) + "->" +
                   canon(v[2]) + ":" + labels(v[3]) + (v.size() > 7 ? props(v[7]) : "") + "]";
        case Type::vertex_property: {
            std::string p = v.size() > 4 ? props(v[4]) : "";
            if (p == " {}") p.clear();  // an empty meta-property list and none are the same here
            return "vp[" + canon(v[0]) + " " + labels(v[1]) + "=" + canon(v[2]) + p + "]";
        }
        case Type::property:
            return "p[" + labels(v[0]) + "=" + canon(v[1]) + "]";
        case Type::path: {
            std::string out = "path[";
            const Value& ls = v[0];
            const Value& os = v[1];
            for (std::size_t i = 0; i < os.size(); ++i) {
                if (i) out += ", ";
                if (i < ls.size() && ls[i].size() > 0) {
                    std::vector<std::string> names;
                    for (const auto& n : ls[i].kids()) names.push_back(n.str());
                    out += "@" + sorted_join(names, "@") + " ";
                }
                out += canon(os[i]);
            }
            return out + "]";
        }
        case Type::traverser:
            return "traverser[" + std::to_string(v.as_int()) + " " + canon(v[0]) + "]";
        case Type::enum_:
            return "enum:" + v.str();
        case Type::class_:
            return "class:" + v.str();
        default:
            return std::string(model::type_name(v.type())) + ":" + v.to_string();
    }
}

std::vector<Query> parse_queries(const std::string& text) {
    std::vector<Query> out;
    std::set<std::string> seen;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        Query q;
        for (;;) {
            if (line.rfind("@ordered ", 0) == 0) {
                q.ordered = true;
                line = trim(line.substr(9));
            } else if (line.rfind("@unordered ", 0) == 0) {
                line = trim(line.substr(11));
                q.ordered = false;
                q.text = "-";  // marker: explicit
            } else if (line.rfind("@mutating ", 0) == 0) {
                q.mutating = true;
                line = trim(line.substr(10));
            } else {
                break;
            }
        }
        bool explicit_unordered = q.text == "-";
        q.text = line;
        if (!q.ordered && !explicit_unordered && line.find("order(") != std::string::npos) q.ordered = true;
        if (!seen.insert(line).second) throw std::runtime_error("duplicate query: " + line);
        out.push_back(q);
    }
    return out;
}

std::map<std::string, Known> parse_known(const std::string& text) {
    std::map<std::string, Known> out;
    std::istringstream in(text);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (trim(line).empty() || trim(line)[0] == '#') continue;
        auto a = line.find('\t');
        auto b = a == std::string::npos ? a : line.find('\t', a + 1);
        if (b == std::string::npos)
            throw std::runtime_error("known list line " + std::to_string(n) +
                                     ": expected kind<TAB>query<TAB>reason");
        Known k;
        k.kind = line.substr(0, a);
        if (k.kind != "deliberate" && k.kind != "unsupported" && k.kind != "bug")
            throw std::runtime_error("known list line " + std::to_string(n) +
                                     ": kind must be deliberate, unsupported or bug");
        std::string q = trim(line.substr(a + 1, b - a - 1));
        k.reason = trim(line.substr(b + 1));
        if (k.reason.empty())
            throw std::runtime_error("known list line " + std::to_string(n) + ": no reason given");
        if (!out.emplace(q, k).second)
            throw std::runtime_error("known list line " + std::to_string(n) + ": duplicate");
    }
    return out;
}

void write_recorded(std::ostream& out, const std::string& query, const Answer& a) {
    out << "Q\t" << query << "\n";
    if (a.ok) {
        out << "A\tok\t" << a.status << "\t" << a.lines.size() << "\n";
        for (const auto& l : a.lines) out << "L\t" << l << "\n";
    } else {
        out << "A\terror\t" << a.status << "\t" << escape(a.message) << "\n";
    }
}

std::map<std::string, Answer> parse_recorded(const std::string& text) {
    std::map<std::string, Answer> out;
    std::istringstream in(text);
    std::string line, query;
    Answer* cur = nullptr;
    std::size_t expect = 0;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        auto bad = [&](const char* what) {
            return std::runtime_error("line " + std::to_string(n) + ": " + what);
        };
        if (line.rfind("Q\t", 0) == 0) {
            if (cur && cur->lines.size() != expect) throw bad("result count does not match");
            query = line.substr(2);
            cur = &out[query];
            expect = 0;
        } else if (line.rfind("A\t", 0) == 0 && cur) {
            std::istringstream f(line.substr(2));
            std::string kind, status, rest;
            std::getline(f, kind, '\t');
            std::getline(f, status, '\t');
            std::getline(f, rest);
            cur->ok = kind == "ok";
            cur->status = std::atoi(status.c_str());
            if (cur->ok)
                expect = static_cast<std::size_t>(std::atoll(rest.c_str()));
            else
                cur->message = rest;
        } else if (line.rfind("L\t", 0) == 0 && cur) {
            cur->lines.push_back(line.substr(2));
        } else {
            throw bad("expected Q, A or L");
        }
    }
    if (cur && cur->lines.size() != expect)
        throw std::runtime_error("last query: result count does not match");
    return out;
}

const char* verdict_name(Verdict v) {
    switch (v) {
        case Verdict::same_results:
            return "same";
        case Verdict::same_error:
            return "same-error";
        case Verdict::different:
            return "different";
        case Verdict::unsupported:
            return "unsupported";
        case Verdict::embedded_error:
            return "embedded-error";
    }
    return "?";
}

namespace {
bool refuses(const Answer& a) {
    return a.message.find("unsupported") != std::string::npos ||
           a.message.find("not supported") != std::string::npos;
}
std::vector<std::string> normalised(const Answer& a, bool ordered) {
    std::vector<std::string> x = a.lines;
    if (!ordered) std::sort(x.begin(), x.end());
    return x;
}
}  // namespace

Verdict judge(const Query& q, const Answer& ref, const Answer& mine) {
    if (!ref.ok && !mine.ok) return Verdict::same_error;
    if (ref.ok && !mine.ok) return refuses(mine) ? Verdict::unsupported : Verdict::embedded_error;
    if (!ref.ok) return Verdict::different;
    return normalised(ref, q.ordered) == normalised(mine, q.ordered) ? Verdict::same_results
                                                                     : Verdict::different;
}

std::string describe(const Answer& ref, const Answer& mine, bool ordered) {
    std::ostringstream out;
    auto one = [&](const char* who, const Answer& a) {
        if (!a.ok) {
            out << "    " << who << ": error " << a.status << ": " << escape(a.message) << "\n";
            return;
        }
        auto xs = normalised(a, ordered);
        out << "    " << who << ": " << xs.size() << " result(s)" << (ordered ? "" : " (sorted)") << "\n";
        for (std::size_t i = 0; i < xs.size() && i < 8; ++i) {
            std::string l = xs[i];
            if (l.size() > 400) l = l.substr(0, 400) + "…";
            out << "      " << l << "\n";
        }
        if (xs.size() > 8) out << "      …\n";
    };
    one("real    ", ref);
    one("embedded", mine);
    return out.str();
}

void Tally::add(Verdict v) {
    switch (v) {
        case Verdict::same_results:
            ++same_results;
            break;
        case Verdict::same_error:
            ++same_error;
            break;
        case Verdict::different:
            ++different;
            break;
        case Verdict::unsupported:
            ++unsupported;
            break;
        case Verdict::embedded_error:
            ++error_only;
            break;
    }
}

}  // namespace tpbench::differential
