// TinkerGQL (gql.hpp): the MATCH parser, planner and matcher behind match(String), after TinkerPop
// master's gql-gremlin module (GQL.g4, QueryGraph, DefaultGqlPlanner, DefaultGqlExecutor,
// PropertyPredicate, GqlMatchStep). The parser is hand-written; its error messages follow what
// master's generated ANTLR parser reports (DefaultErrorStrategy: sync before optional parts and
// loops, single-token deletion and insertion in match, the expected set remembered by the first
// sync that could only go on by leaving its rule), each checked against a real 4.0 master server.
#include "gql.hpp"

#include "dialect.hpp"
#include "step_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

namespace tpbench::server::detail {

using model::Type;
using model::Value;

namespace {

// ---- tokens (GQL.g4's lexer rules, numbered as ANTLR numbers them; 0 is EOF) ------------------------

enum Tok : int {
    kEof = 0,
    kMatch,
    kTrue,
    kFalse,
    kNull,
    kNaN,
    kInfinity,
    kArrow,
    kLArrow,
    kLParen,
    kRParen,
    kLBracket,
    kRBracket,
    kLBrace,
    kRBrace,
    kDash,
    kColon,
    kComma,
    kDollar,
    kSignedInfinity,
    kString,
    kFloat,
    kInteger,
    kIdent,
};

const char* const kTokName[] = {
    "<EOF>",
    "K_MATCH",
    "K_TRUE",
    "K_FALSE",
    "'null'",
    "'NaN'",
    "'Infinity'",
    "'->'",
    "'<-'",
    "'('",
    "')'",
    "'['",
    "']'",
    "'{'",
    "'}'",
    "'-'",
    "':'",
    "','",
    "'$'",
    "SIGNED_INFINITY",
    "STRING_LITERAL",
    "FLOAT_LITERAL",
    "INTEGER_LITERAL",
    "IDENTIFIER",
};

using TokSet = std::uint32_t;
constexpr TokSet bit(int t) { return TokSet{1} << t; }
constexpr TokSet kLiteralSet = bit(kString) | bit(kFloat) | bit(kInteger) | bit(kTrue) | bit(kFalse) |
                               bit(kNull) | bit(kNaN) | bit(kSignedInfinity) | bit(kInfinity);

struct Token {
    int type = kEof;
    std::string text;
    std::size_t start = 0, line = 1, col = 0;
};

struct SyntaxError {
    std::size_t line, col;
    std::string msg;
};

// ANTLR's getErrorDisplay: \n, \r, \t shown escaped.
std::string escape_ws(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '\n')
            o += "\\n";
        else if (c == '\r')
            o += "\\r";
        else if (c == '\t')
            o += "\\t";
        else
            o += c;
    }
    return o;
}

std::string set_text(TokSet s) {
    std::vector<const char*> names;
    for (int t = 0; t <= kIdent; ++t)
        if (s & bit(t)) names.push_back(kTokName[t]);
    if (names.size() == 1) return names[0];
    std::string o = "{";
    for (std::size_t i = 0; i < names.size(); ++i) o += (i ? ", " : "") + std::string(names[i]);
    return o + "}";
}

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// The lexer: longest match, the earlier rule on a tie (keywords before IDENTIFIER), whitespace skipped.
class Lexer {
public:
    explicit Lexer(std::string_view src) : src_(src) {}
    void reset() {
        pos_ = 0;
        line_ = 1;
        col_ = 0;
    }
    Token next() {
        while (pos_ < src_.size() &&
               (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\r' || src_[pos_] == '\n'))
            step();
        Token t;
        t.start = pos_;
        t.line = line_;
        t.col = col_;
        if (pos_ >= src_.size()) {
            t.text = "<EOF>";
            return t;
        }
        std::size_t n = 0;
        int type = scan(n, t);
        t.type = type;
        t.text = std::string(src_.substr(pos_, n));
        for (std::size_t i = 0; i < n; ++i) step();
        return t;
    }

private:
    void step() {
        if (src_[pos_] == '\n') {
            ++line_;
            col_ = 0;
        } else {
            ++col_;
        }
        ++pos_;
    }
    char at(std::size_t i) const { return i < src_.size() ? src_[i] : '\0'; }
    [[noreturn]] void bad(const Token& t, std::size_t fail_at) const {
        std::size_t stop = std::min(fail_at, src_.size() - 1);
        throw SyntaxError{t.line, t.col,
                          "token recognition error at: '" +
                              escape_ws(std::string(src_.substr(t.start, stop - t.start + 1))) + "'"};
    }
    // Length of a number ([+-]?digits…) at i, and its token type; 0 if none.
    std::size_t number(std::size_t i, int& type) const {
        std::size_t j = i;
        if (at(j) == '+' || at(j) == '-') ++j;
        if (!digit(at(j))) return 0;
        while (digit(at(j))) ++j;
        if (at(j) == '.') {
            ++j;
            while (digit(at(j))) ++j;
            if (std::string_view("fFdDmM").find(at(j)) != std::string_view::npos && at(j)) ++j;
            type = kFloat;
            return j - i;
        }
        if (at(j) && std::string_view("fFdDmM").find(at(j)) != std::string_view::npos) {
            type = kFloat;
            return j + 1 - i;
        }
        if (at(j) && std::string_view("bBsSnNiIlL").find(at(j)) != std::string_view::npos) ++j;
        type = kInteger;
        return j - i;
    }
    int scan(std::size_t& n, const Token& t) const {
        const char c = src_[pos_];
        auto single = [&](int type) {
            n = 1;
            return type;
        };
        switch (c) {
            case '(':
                return single(kLParen);
            case ')':
                return single(kRParen);
            case '[':
                return single(kLBracket);
            case ']':
                return single(kRBracket);
            case '{':
                return single(kLBrace);
            case '}':
                return single(kRBrace);
            case ':':
                return single(kColon);
            case ',':
                return single(kComma);
            case '$':
                return single(kDollar);
            case '<':
                if (at(pos_ + 1) == '-') {
                    n = 2;
                    return kLArrow;
                }
                bad(t, pos_ + 1);
            case '\'':
            case '"': {
                std::size_t j = pos_ + 1;
                for (;;) {
                    char d = at(j);
                    if (j >= src_.size() || d == '\r' || d == '\n') bad(t, j);
                    if (d == c) break;
                    if (d == '\\') {
                        char e = at(j + 1);
                        if (j + 1 >= src_.size()) bad(t, j + 1);
                        if (std::string_view("btnfr\"'\\").find(e) != std::string_view::npos) {
                            j += 2;
                        } else if (e >= '0' && e <= '7') {
                            j += 2;
                            if (at(j) >= '0' && at(j) <= '7') ++j;
                            if (at(j) >= '0' && at(j) <= '7') ++j;
                        } else if (e == 'u') {
                            for (std::size_t k = 2; k < 6; ++k)
                                if (!std::isxdigit(static_cast<unsigned char>(at(j + k))) ||
                                    j + k >= src_.size())
                                    bad(t, j + k);
                            j += 6;
                        } else {
                            bad(t, j + 1);
                        }
                        continue;
                    }
                    ++j;
                }
                n = j + 1 - pos_;
                return kString;
            }
            default:
                break;
        }
        if (c == '-' || c == '+') {
            int type = kDash;
            std::size_t best = c == '-' ? 1 : 0;
            if (c == '-' && at(pos_ + 1) == '>') {
                best = 2;
                type = kArrow;
            }
            if (src_.substr(pos_ + 1, 8) == "Infinity") {
                best = 9;
                type = kSignedInfinity;
            }
            int nt = kInteger;
            std::size_t nl = number(pos_, nt);
            if (nl > best) {
                best = nl;
                type = nt;
            }
            if (best == 0) bad(t, pos_ + 1);
            n = best;
            return type;
        }
        if (digit(c)) {
            int nt = kInteger;
            n = number(pos_, nt);
            return nt;
        }
        if (ident_start(c)) {
            std::size_t j = pos_;
            while (ident_char(at(j))) ++j;
            n = j - pos_;
            std::string_view w = src_.substr(pos_, n);
            if (iequals(w, "MATCH")) return kMatch;
            if (iequals(w, "true")) return kTrue;
            if (iequals(w, "false")) return kFalse;
            if (w == "null") return kNull;
            if (w == "NaN") return kNaN;
            if (w == "Infinity") return kInfinity;
            return kIdent;
        }
        bad(t, pos_);
    }

    std::string_view src_;
    std::size_t pos_ = 0, line_ = 1, col_ = 0;
};

// The token stream: tokens are lexed as the parser first looks at them and kept; seek(0) keeps them
// (so master's retry after a lexer error reads the kept tokens and then lexes again from the start).
class Tokens {
public:
    explicit Tokens(Lexer& lx) : lx_(lx) {}
    const Token& la(std::size_t k) {
        std::size_t i = p_ + k - 1;
        while (buf_.size() <= i) {
            if (!buf_.empty() && buf_.back().type == kEof) return buf_.back();
            buf_.push_back(lx_.next());
        }
        return buf_[i];
    }
    void consume() {
        ++p_;
        la(1);
    }
    void seek0() { p_ = 0; }
    std::size_t index() const { return p_; }
    const Token& at(std::size_t i) { return la(i - p_ + 1); }

private:
    Lexer& lx_;
    std::vector<Token> buf_;
    std::size_t p_ = 0;
};

// What may come next at a parser state within its rule (`eps`: the rule may end there).
struct Follow {
    TokSet set = 0;
    bool eps = false;
};

// A node or edge filler as parsed: variable, label, {key: value} pairs (values still as tokens).
struct RawFiller {
    std::string var, label;
    std::vector<std::pair<std::string, Token>> pairs;  // value token; a param is kDollar + its name
};
struct RawEdge {
    RawFiller f;
    GqlDir dir = GqlDir::out;
};
struct RawPath {
    std::vector<RawFiller> nodes;
    std::vector<RawEdge> edges;
};

class Parser {
public:
    explicit Parser(Tokens& ts) : ts_(ts) {}

    std::vector<RawPath> match_clause() {
        match(kMatch, {bit(kLParen), false});
        frames_.push_back({bit(kEof), false});
        graph_pattern();
        frames_.pop_back();
        match(kEof, {0, true});
        return std::move(paths_);
    }

private:
    int la(std::size_t k) { return ts_.la(k).type; }
    TokSet expand(Follow f, const std::vector<Follow>& frames) const {
        TokSet s = f.set;
        bool eps = f.eps;
        for (auto it = frames.rbegin(); eps && it != frames.rend(); ++it) {
            s |= it->set;
            eps = it->eps;
        }
        if (eps) s |= bit(kEof);
        return s;
    }
    [[noreturn]] void error(const Token& t, const std::string& msg) { throw SyntaxError{t.line, t.col, msg}; }
    std::string shown(const Token& t) const { return "'" + escape_ws(t.text) + "'"; }
    [[noreturn]] void unwanted(Follow here) {
        const Token& t = ts_.la(1);
        error(t, "extraneous input " + shown(t) + " expecting " + set_text(expand(here, frames_)));
    }
    enum class Sync { eps, block, loop_back };
    void sync(Follow here, Sync kind) {
        int t = la(1);
        if (here.set & bit(t)) {
            remembered_.reset();
            return;
        }
        if (here.eps) {
            if (!remembered_) remembered_ = std::make_pair(here, frames_);
            return;
        }
        if (kind == Sync::loop_back) unwanted(here);
        if (expand(here, frames_) & bit(la(2))) unwanted(here);
        const Token& tok = ts_.la(1);
        error(tok, "mismatched input " + shown(tok) + " expecting " + set_text(expand(here, frames_)));
    }
    Token match(int type, Follow after) {
        if (la(1) == type) {
            Token t = ts_.la(1);
            if (type != kEof) ts_.consume();
            return t;
        }
        Follow here{bit(type), false};
        if (bit(la(2)) & expand(here, frames_)) unwanted(here);
        const Token& t = ts_.la(1);
        if (expand(after, frames_) & bit(t.type))
            error(t, "missing " + set_text(bit(type)) + " at " + shown(t));
        TokSet want = remembered_ ? expand(remembered_->first, remembered_->second) : bit(type);
        error(t, "mismatched input " + shown(t) + " expecting " + set_text(want));
    }

    void graph_pattern() {
        const Follow loop{bit(kComma), true};
        path_pattern();
        sync(loop, Sync::eps);
        while (la(1) == kComma) {
            match(kComma, {bit(kLParen), false});
            path_pattern();
            sync(loop, Sync::eps);
        }
    }
    void path_pattern() {
        frames_.push_back({bit(kComma), true});
        RawPath p;
        const Follow loop{bit(kDash) | bit(kLArrow), true};
        frames_.push_back(loop);
        p.nodes.push_back(node_pattern());
        frames_.pop_back();
        sync(loop, Sync::eps);
        while (la(1) == kDash || la(1) == kLArrow) {
            frames_.push_back({bit(kLParen), false});
            p.edges.push_back(edge_pattern());
            frames_.pop_back();
            frames_.push_back(loop);
            p.nodes.push_back(node_pattern());
            frames_.pop_back();
            sync(loop, Sync::eps);
        }
        frames_.pop_back();
        paths_.push_back(std::move(p));
    }
    RawFiller node_pattern() {
        match(kLParen, {bit(kIdent) | bit(kColon) | bit(kLBrace) | bit(kRParen), false});
        frames_.push_back({bit(kRParen), false});
        RawFiller f = filler();
        frames_.pop_back();
        match(kRParen, {0, true});
        return f;
    }
    RawFiller filler() {
        RawFiller f;
        sync({bit(kIdent) | bit(kColon) | bit(kLBrace), true}, Sync::eps);
        if (la(1) == kIdent) {
            frames_.push_back({bit(kColon) | bit(kLBrace), true});
            f.var = match(kIdent, {0, true}).text;
            frames_.pop_back();
        }
        sync({bit(kColon) | bit(kLBrace), true}, Sync::eps);
        if (la(1) == kColon) {
            frames_.push_back({bit(kLBrace), true});
            match(kColon, {bit(kIdent), false});
            frames_.push_back({0, true});
            f.label = match(kIdent, {0, true}).text;
            frames_.pop_back();
            frames_.pop_back();
        }
        sync({bit(kLBrace), true}, Sync::eps);
        if (la(1) == kLBrace) {
            frames_.push_back({0, true});
            property_filter(f);
            frames_.pop_back();
        }
        return f;
    }
    void property_filter(RawFiller& f) {
        match(kLBrace, {bit(kIdent), false});
        const Follow loop{bit(kComma) | bit(kRBrace), false};
        frames_.push_back(loop);
        property_pair(f);
        frames_.pop_back();
        sync(loop, Sync::block);
        while (la(1) == kComma) {
            match(kComma, {bit(kIdent), false});
            frames_.push_back(loop);
            property_pair(f);
            frames_.pop_back();
            sync(loop, Sync::loop_back);
        }
        match(kRBrace, {0, true});
    }
    void property_pair(RawFiller& f) {
        frames_.push_back({bit(kColon), false});
        std::string key = match(kIdent, {0, true}).text;
        frames_.pop_back();
        match(kColon, {kLiteralSet | bit(kDollar), false});
        frames_.push_back({0, true});
        sync({kLiteralSet | bit(kDollar), false}, Sync::block);
        Token v;
        if (la(1) == kDollar) {
            frames_.push_back({0, true});
            match(kDollar, {bit(kIdent), false});
            v = match(kIdent, {0, true});
            v.type = kDollar;
            frames_.pop_back();
        } else {
            v = ts_.la(1);
            ts_.consume();
        }
        frames_.pop_back();
        f.pairs.emplace_back(std::move(key), std::move(v));
    }
    // edgePattern: `<-` decides at once; after `-` the parser looks ahead past the filler and `]` for
    // `->` (directed) or `-` (undirected), failing with "no viable alternative" where neither fits.
    RawEdge edge_pattern() {
        sync({bit(kDash) | bit(kLArrow), false}, Sync::block);
        RawEdge e;
        frames_.push_back({0, true});
        if (la(1) == kLArrow) {
            e.dir = GqlDir::in;
            match(kLArrow, {bit(kLBracket), false});
            e.f = bracket(kDash);
        } else {
            e.dir = predict_dash() ? GqlDir::out : GqlDir::both;
            match(kDash, {bit(kLBracket), false});
            e.f = bracket(e.dir == GqlDir::out ? kArrow : kDash);
        }
        frames_.pop_back();
        return e;
    }
    RawFiller bracket(int close) {
        match(kLBracket, {bit(kIdent) | bit(kColon) | bit(kLBrace) | bit(kRBracket), false});
        frames_.push_back({bit(kRBracket), false});
        RawFiller f = filler();
        frames_.pop_back();
        match(kRBracket, {bit(close), false});
        match(close, {0, true});
        return f;
    }
    // True for `-[…]->`, false for `-[…]-`.
    bool predict_dash() {
        const std::size_t start = ts_.index();
        std::size_t i = start;
        auto tok = [&](std::size_t k) { return ts_.at(k).type; };
        auto fail_at = [&](std::size_t k) {
            std::string text;
            for (std::size_t j = start; j <= k; ++j)
                if (ts_.at(j).type != kEof) text += ts_.at(j).text;
            const Token& off = ts_.at(k);
            error(off, "no viable alternative at input '" +
                           escape_ws(ts_.at(start).type == kEof ? std::string("<EOF>") : text) + "'");
        };
        ++i;  // the '-'
        if (tok(i) != kLBracket) fail_at(i);
        ++i;
        if (tok(i) == kIdent) ++i;
        if (tok(i) == kColon) {
            ++i;
            if (tok(i) != kIdent) fail_at(i);
            ++i;
        }
        if (tok(i) == kLBrace) {
            ++i;
            for (;;) {
                if (tok(i) != kIdent) fail_at(i);
                ++i;
                if (tok(i) != kColon) fail_at(i);
                ++i;
                if (tok(i) == kDollar) {
                    ++i;
                    if (tok(i) != kIdent) fail_at(i);
                } else if (!(kLiteralSet & bit(tok(i)))) {
                    fail_at(i);
                }
                ++i;
                if (tok(i) == kComma) {
                    ++i;
                    continue;
                }
                if (tok(i) != kRBrace) fail_at(i);
                ++i;
                break;
            }
        }
        if (tok(i) != kRBracket) fail_at(i);
        ++i;
        if (tok(i) == kArrow) return true;
        if (tok(i) == kDash) return false;
        fail_at(i);
        return false;
    }

    Tokens& ts_;
    std::vector<Follow> frames_;
    std::optional<std::pair<Follow, std::vector<Follow>>> remembered_;
    std::vector<RawPath> paths_;
};

// ---- literals (QueryGraph.parseLiteral) --------------------------------------------------------------

[[noreturn]] void bad_number(const std::string& msg) {
    fail(EvalError::Kind::evaluation, msg, "NumberFormatException");
}

std::string twos_complement(BigInt128 x) {
    std::string b;
    for (;;) {
        b.insert(b.begin(), static_cast<char>(static_cast<unsigned char>(x & 0xff)));
        BigInt128 rest = x >> 8;  // arithmetic shift
        bool sign = (b.front() & 0x80) != 0;
        if ((rest == 0 && !sign) || (rest == -1 && sign)) break;
        x = rest;
    }
    return b;
}

// Decimal digits with an optional sign into a 128-bit value; false on overflow.
bool parse_i128(std::string_view s, BigInt128& out) {
    bool neg = false;
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    BigInt128 v = 0;
    for (; i < s.size(); ++i) {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s[i] - '0', &v)) return false;
    }
    out = neg ? -v : v;
    return true;
}

std::string unescape(std::string_view s) {
    std::string o;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c != '\\' || i + 1 >= s.size()) {
            o += c;
            continue;
        }
        char n = s[++i];
        switch (n) {
            case 'b':
                o += '\b';
                break;
            case 't':
                o += '\t';
                break;
            case 'n':
                o += '\n';
                break;
            case 'f':
                o += '\f';
                break;
            case 'r':
                o += '\r';
                break;
            case 'u': {
                unsigned cp = static_cast<unsigned>(std::stoul(std::string(s.substr(i + 1, 4)), nullptr, 16));
                i += 4;
                // a Java char: one UTF-16 unit, written as UTF-8
                if (cp < 0x80) {
                    o += static_cast<char>(cp);
                } else if (cp < 0x800) {
                    o += static_cast<char>(0xC0 | (cp >> 6));
                    o += static_cast<char>(0x80 | (cp & 0x3F));
                } else {
                    o += static_cast<char>(0xE0 | (cp >> 12));
                    o += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
                    o += static_cast<char>(0x80 | (cp & 0x3F));
                }
                break;
            }
            default:
                if (n >= '0' && n <= '7') {
                    int v = n - '0';
                    if (i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7') {
                        v = v * 8 + (s[++i] - '0');
                        if (n <= '3' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7')
                            v = v * 8 + (s[++i] - '0');
                    }
                    if (v < 0x80) {
                        o += static_cast<char>(v);
                    } else {
                        o += static_cast<char>(0xC0 | (v >> 6));
                        o += static_cast<char>(0x80 | (v & 0x3F));
                    }
                } else {
                    o += n;  // \" \' \\ (the lexer admits no other)
                }
        }
    }
    return o;
}

Value literal_of(const Token& t) {
    switch (t.type) {
        case kString:
            return Value::string(unescape(std::string_view(t.text).substr(1, t.text.size() - 2)));
        case kTrue:
            return Value::boolean(true);
        case kFalse:
            return Value::boolean(false);
        case kNull:
            return Value::null();
        case kNaN:
            return Value::double_(std::nan(""));
        case kInfinity:
            return Value::double_(HUGE_VAL);
        case kSignedInfinity:
            return Value::double_(t.text[0] == '-' ? -HUGE_VAL : HUGE_VAL);
        default:
            break;
    }
    const std::string& text = t.text;
    const char last = static_cast<char>(std::tolower(static_cast<unsigned char>(text.back())));
    const bool suffixed = std::isalpha(static_cast<unsigned char>(last)) != 0;
    const std::string num = suffixed ? text.substr(0, text.size() - 1) : text;
    if (t.type == kFloat) {
        if (last == 'm') {
            std::string digits;
            std::int32_t scale = 0;
            bool frac = false;
            for (char c : num) {
                if (c == '.') {
                    frac = true;
                } else {
                    digits += c;
                    if (frac && c != '+' && c != '-') ++scale;
                }
            }
            BigInt128 u = 0;
            if (!parse_i128(digits, u)) bad_number("BigDecimal literal '" + text + "' is out of range");
            return Value::big_decimal(scale, twos_complement(u));
        }
        double d = std::strtod(num.c_str(), nullptr);
        if (last == 'f') return Value::float_(static_cast<float>(d));
        return Value::double_(d);
    }
    BigInt128 v = 0;
    bool fits = parse_i128(num, v);
    auto in = [&](BigInt128 lo, BigInt128 hi) { return fits && v >= lo && v <= hi; };
    // Java's parseByte/parseShort and parseInt/parseLong messages
    const std::string range = "Value out of range. Value:\"" + num + "\" Radix:10";
    const std::string input = "For input string: \"" + num + "\"";
    switch (suffixed ? last : ' ') {
        case 'b':
            if (!in(-128, 127)) bad_number(fits ? range : input);
            return Value::byte(static_cast<std::int8_t>(v));
        case 's':
            if (!in(-32768, 32767)) bad_number(fits ? range : input);
            return Value::short_(static_cast<std::int16_t>(v));
        case 'i':
            if (!in(INT32_MIN, INT32_MAX)) bad_number(input);
            return Value::int_(static_cast<std::int32_t>(v));
        case 'l':
            if (!in(INT64_MIN, INT64_MAX)) bad_number(input);
            return Value::long_(static_cast<std::int64_t>(v));
        case 'n':
            if (!fits) bad_number("BigInteger literal '" + text + "' is out of range");
            return Value::big_integer(twos_complement(v));
        default:
            break;
    }
    if (in(INT32_MIN, INT32_MAX)) return Value::int_(static_cast<std::int32_t>(v));
    if (in(INT64_MIN, INT64_MAX)) return Value::long_(static_cast<std::int64_t>(v));
    if (!fits) bad_number("BigInteger literal '" + text + "' is out of range");
    return Value::big_integer(twos_complement(v));
}

[[noreturn]] void bad_pattern(const std::string& msg) {
    fail(EvalError::Kind::evaluation, msg, "IllegalArgumentException");
}

// QueryGraph.fromParseTree: nodes merged by variable (a later occurrence may add a label or filters),
// anonymous nodes always new, no name both a node and an edge variable.
GqlPattern build_pattern(const std::vector<RawPath>& paths) {
    GqlPattern p;
    std::unordered_map<std::string, std::size_t> by_var;
    std::vector<std::string> edge_vars;
    auto props = [](const RawFiller& f) {
        std::vector<GqlProp> out;
        for (const auto& [k, v] : f.pairs) {
            GqlProp pr;
            pr.key = k;
            if (v.type == kDollar)
                pr.param = v.text;
            else
                pr.literal = literal_of(v);
            out.push_back(std::move(pr));
        }
        return out;
    };
    auto resolve = [&](const RawFiller& f) {
        auto pr = props(f);
        if (!f.var.empty()) {
            auto it = by_var.find(f.var);
            if (it != by_var.end()) {
                GqlNode& n = p.nodes[it->second];
                if (!n.label.empty() && !f.label.empty() && n.label != f.label)
                    bad_pattern("Variable '" + f.var + "' is used with conflicting label constraints: '" +
                                n.label + "' vs '" + f.label + "'");
                if (n.label.empty()) n.label = f.label;
                for (auto& x : pr) n.props.push_back(std::move(x));
                return it->second;
            }
            by_var.emplace(f.var, p.nodes.size());
        }
        p.nodes.push_back(GqlNode{f.var, f.label, std::move(pr)});
        return p.nodes.size() - 1;
    };
    auto both = [](const std::string& v) {
        bad_pattern("Variable '" + v + "' is used as both a node variable and an edge variable");
    };
    for (const auto& path : paths) {
        std::size_t cur = resolve(path.nodes[0]);
        for (std::size_t i = 0; i < path.edges.size(); ++i) {
            std::size_t next = resolve(path.nodes[i + 1]);
            const RawEdge& re = path.edges[i];
            if (!re.f.var.empty()) {
                if (by_var.count(re.f.var)) both(re.f.var);
                edge_vars.push_back(re.f.var);
            }
            p.edges.push_back(GqlEdge{re.f.var, re.f.label, re.dir, cur, next, props(re.f)});
            cur = next;
        }
    }
    for (const auto& n : p.nodes)
        if (!n.var.empty() && std::find(edge_vars.begin(), edge_vars.end(), n.var) != edge_vars.end())
            both(n.var);
    return p;
}

std::string parse_message(const SyntaxError& e) {
    return "Query parsing failed at line " + std::to_string(e.line) + ", character position at " +
           std::to_string(e.col) + ", error message : " + e.msg;
}

// ---- matching -------------------------------------------------------------------------------------

GqlDir flip(GqlDir d) { return d == GqlDir::out ? GqlDir::in : d == GqlDir::in ? GqlDir::out : d; }

bool is_nan(const Value& v) {
    return (v.type() == Type::double_ || v.type() == Type::float_) && std::isnan(v.as_double());
}

bool is_floating(const Value& v) { return v.type() == Type::double_ || v.type() == Type::float_; }

// An exact number u / 10^scale equals the binary floating-point value d (BigDecimal(double) is exact).
bool exact_equals_double(BigInt128 u, std::int32_t scale, double d) {
    if (!std::isfinite(d)) return false;
    while (scale > 0 && u % 10 == 0) {
        u /= 10;
        --scale;
    }
    if (scale < 0 || scale > 55) return false;
    BigInt128 five = 1;
    for (std::int32_t i = 0; i < scale; ++i) five *= 5;
    if (u % five != 0) return false;  // not a binary fraction: no double is exactly it
    const BigInt128 q = u / five;
    const double qd = static_cast<double>(q);
    if (static_cast<BigInt128>(qd) != q) return false;
    return std::ldexp(qd, -scale) == d;
}

// PropertyPredicate.numericAwareEquals: equal values, or numbers whose exact values (BigDecimal)
// are equal — 1 and 1.0 are, 0.4 (a double) and 0.4m are not.
bool prop_equal(Ctx& ctx, const Value& a, const Value& b) {
    if (!a.is_number() || !b.is_number()) return gremlin_eq(ctx, Obj(a), Obj(b));
    if (is_nan(a) || is_nan(b)) return is_nan(a) && is_nan(b);
    if (is_floating(a) && is_floating(b)) return a.as_double() == b.as_double();
    BigInt128 ua = 0, ub = 0;
    std::int32_t sa = 0, sb = 0;
    if (is_floating(a) || is_floating(b)) {
        const Value& f = is_floating(a) ? a : b;
        const Value& x = is_floating(a) ? b : a;
        if (!bigdec_parts(x, ua, sa)) return gremlin_eq(ctx, Obj(a), Obj(b));
        return exact_equals_double(ua, sa, f.as_double());
    }
    if (!bigdec_parts(a, ua, sa) || !bigdec_parts(b, ub, sb)) return gremlin_eq(ctx, Obj(a), Obj(b));
    auto raise = [](BigInt128& u, std::int32_t from, std::int32_t to) {
        for (; from < to; ++from)
            if (__builtin_mul_overflow(u, 10, &u)) return false;
        return true;
    };
    const std::int32_t s = std::max(sa, sb);
    if (!raise(ua, sa, s) || !raise(ub, sb, s)) return gremlin_eq(ctx, Obj(a), Obj(b));
    return ua == ub;
}

const Value& param_of(const Value& params, const std::string& name) {
    static const Value none;
    if (params.type() != Type::map) return none;
    const auto& kv = params.kids();
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2)
        if (kv[i].type() == Type::string && kv[i].str() == name) return kv[i + 1];
    return none;
}

// PropertyPredicate.test for every filter: some value of the key equals the expected one, or the
// key is absent and the expected value is null.
bool props_ok(Ctx& ctx, const ElementRec& el, const std::vector<GqlProp>& props, const Value& params) {
    for (const auto& p : props) {
        const Value& want = p.param.empty() ? p.literal : param_of(params, p.param);
        bool any = false, hit = false;
        if (el.kind == ElKind::vertex) {
            for (const auto& vp : static_cast<const VertexRec&>(el).props)
                if (vp.key == p.key && visible(ctx, &vp)) {
                    any = true;
                    if (prop_equal(ctx, vp.value, want)) hit = true;
                }
        } else {
            for (const auto& [k, v] : static_cast<const EdgeRec&>(el).props)
                if (k == p.key) {
                    any = true;
                    if (prop_equal(ctx, v, want)) hit = true;
                }
        }
        if (any ? !hit : !want.is_null()) return false;
    }
    return true;
}

class Matcher {
public:
    Matcher(Ctx& ctx, const GqlPlan& plan, const Value& params,
            const std::function<void(const std::vector<const ElementRec*>&)>& row)
        : ctx_(ctx), plan_(plan), params_(params), row_(row), slots_(plan.slots.size(), nullptr) {}

    void run() {
        const GqlNode& seed = *plan_.seed;
        for (const auto& v : ctx_.snap->vertices) {
            ctx_.tick();
            if (!visible(ctx_, &v) || (!seed.label.empty() && v.label != seed.label) ||
                !props_ok(ctx_, v, seed.props, params_))
                continue;
            slots_[0] = &v;
            extend(0);
            slots_[0] = nullptr;
        }
    }

private:
    // DefaultGqlExecutor.extend: the steps in plan order (each one's anchor is bound by then).
    void extend(std::size_t k) {
        if (k == plan_.steps.size()) {
            row_(slots_);
            return;
        }
        const GqlStep& st = plan_.steps[k];
        const auto& anchor = *static_cast<const VertexRec*>(slots_[st.anchor]);
        const Snapshot& s = *anchor.snap;
        const bool named_edge = st.edge_slot != GqlPlan::kNoSlot;
        std::vector<const ElementRec*> seen;  // anonymous edge: each target once
        auto visit = [&](const EdgeRec& e, const VertexRec& target) {
            ctx_.tick();
            if (!visible(ctx_, &e) || !visible(ctx_, &target)) return true;
            if (!st.edge->label.empty() && e.label != st.edge->label) return true;
            if (!props_ok(ctx_, e, st.edge->props, params_)) return true;
            if (named_edge && slots_[st.edge_slot] && slots_[st.edge_slot] != &e) return true;
            if (!st.target_node->label.empty() && target.label != st.target_node->label) return true;
            if (!props_ok(ctx_, target, st.target_node->props, params_)) return true;
            const bool write_edge = named_edge && !slots_[st.edge_slot];
            if (slots_[st.target]) {
                if (slots_[st.target] != &target) return true;
                if (write_edge) slots_[st.edge_slot] = &e;
                extend(k + 1);
                if (write_edge) slots_[st.edge_slot] = nullptr;
                return named_edge;  // an anonymous edge to a bound target: it exists, once is enough
            }
            if (!named_edge) {
                if (std::find(seen.begin(), seen.end(), &target) != seen.end()) return true;
                seen.push_back(&target);
            }
            if (write_edge) slots_[st.edge_slot] = &e;
            slots_[st.target] = &target;
            extend(k + 1);
            slots_[st.target] = nullptr;
            if (write_edge) slots_[st.edge_slot] = nullptr;
            return true;
        };
        if (st.dir == GqlDir::out || st.dir == GqlDir::both)
            for (auto ei : anchor.out)
                if (!visit(s.edges[ei], s.vertices[s.edges[ei].in_v])) return;
        if (st.dir == GqlDir::in || st.dir == GqlDir::both)
            for (auto ei : anchor.in)
                if (!visit(s.edges[ei], s.vertices[s.edges[ei].out_v])) return;
    }

    Ctx& ctx_;
    const GqlPlan& plan_;
    const Value& params_;
    const std::function<void(const std::vector<const ElementRec*>&)>& row_;
    std::vector<const ElementRec*> slots_;
};

bool path_has_label(const Traverser& t, const std::string& label) {
    for (const PathNode* n = t.path.get(); n; n = n->prev.get())
        if (std::find(n->labels.begin(), n->labels.end(), label) != n->labels.end()) return true;
    return false;
}

}  // namespace

GqlPattern gql_parse(std::string_view text) {
    Lexer lx(text);
    Tokens ts(lx);
    std::vector<RawPath> paths;
    try {
        paths = Parser(ts).match_clause();
    } catch (const SyntaxError&) {
        // master parses once more (full LL) on the same token stream, rewound, with its lexer reset:
        // the tokens already read are kept and any further ones are lexed from the start again.
        ts.seek0();
        lx.reset();
        try {
            paths = Parser(ts).match_clause();
        } catch (const SyntaxError& e) {
            fail(EvalError::Kind::evaluation, parse_message(e), "ParseCancellationException");
        }
    }
    return build_pattern(paths);
}

GqlPlan gql_plan(const GqlPattern& p, const Snapshot& s) {
    auto count_v = [&](const std::string& label) {
        if (label.empty()) return s.vertices.size();
        return static_cast<std::size_t>(std::count_if(s.vertices.begin(), s.vertices.end(),
                                                      [&](const VertexRec& v) { return v.label == label; }));
    };
    auto count_e = [&](const std::string& label) {
        if (label.empty()) return s.edges.size();
        return static_cast<std::size_t>(std::count_if(s.edges.begin(), s.edges.end(),
                                                      [&](const EdgeRec& e) { return e.label == label; }));
    };
    GqlPlan plan;
    // the seed: the node with the fewest vertices of its label (the first on a tie)
    std::size_t seed = 0, best = static_cast<std::size_t>(-1);
    for (std::size_t i = 0; i < p.nodes.size(); ++i) {
        std::size_t c = count_v(p.nodes[i].label);
        if (best == static_cast<std::size_t>(-1) || c < best) {
            best = c;
            seed = i;
        }
    }
    plan.seed = &p.nodes[seed];
    std::vector<std::size_t> node_slot(p.nodes.size(), GqlPlan::kNoSlot);
    std::unordered_map<std::string, std::size_t> edge_slot;
    node_slot[seed] = 0;
    plan.slots.push_back(p.nodes[seed].var);
    // breadth first from the seed; at each node its unplanned edges, rarer edge labels first
    std::vector<int> order(p.nodes.size(), -1);
    std::vector<bool> done(p.edges.size(), false);
    std::vector<std::size_t> queue{seed};
    order[seed] = 0;
    int visits = 1;
    for (std::size_t qi = 0; qi < queue.size(); ++qi) {
        const std::size_t cur = queue[qi];
        std::vector<std::size_t> eligible;
        for (std::size_t e = 0; e < p.edges.size(); ++e)
            if (!done[e] && (p.edges[e].from == cur || p.edges[e].to == cur)) eligible.push_back(e);
        std::stable_sort(eligible.begin(), eligible.end(), [&](std::size_t a, std::size_t b) {
            return count_e(p.edges[a].label) < count_e(p.edges[b].label);
        });
        for (std::size_t ei : eligible) {
            done[ei] = true;
            const GqlEdge& e = p.edges[ei];
            std::size_t anchor = cur, target;
            GqlDir dir = e.dir;
            if (e.from == cur && e.to == cur) {
                target = cur;
            } else if (e.from == cur) {
                target = e.to;
                if (order[target] >= 0 && order[cur] > order[target]) {
                    anchor = target;
                    target = cur;
                    dir = flip(dir);
                }
            } else {
                target = e.from;
                dir = flip(dir);
                if (order[target] >= 0 && order[target] <= order[cur]) {
                    anchor = target;
                    target = cur;
                    dir = e.dir;
                }
            }
            GqlStep st;
            st.anchor = node_slot[anchor];
            st.dir = dir;
            st.edge = &e;
            st.target_node = &p.nodes[target];
            st.edge_slot = GqlPlan::kNoSlot;
            if (!e.var.empty()) {
                auto it = edge_slot.find(e.var);
                if (it == edge_slot.end()) {
                    it = edge_slot.emplace(e.var, plan.slots.size()).first;
                    plan.slots.push_back(e.var);
                }
                st.edge_slot = it->second;
            }
            if (node_slot[target] == GqlPlan::kNoSlot) {
                node_slot[target] = plan.slots.size();
                plan.slots.push_back(p.nodes[target].var);
            }
            st.target = node_slot[target];
            plan.steps.push_back(st);
            if (order[target] < 0) {
                order[target] = visits++;
                queue.push_back(target);
            }
        }
    }
    if (queue.size() < p.nodes.size()) {
        std::string unvisited;
        for (std::size_t i = 0; i < p.nodes.size(); ++i)
            if (order[i] < 0)
                unvisited +=
                    (unvisited.empty() ? "" : ", ") +
                    (p.nodes[i].var.empty() ? std::string("(anonymous)") : "(" + p.nodes[i].var + ")");
        bad_pattern(
            "MATCH pattern contains disconnected components \xE2\x80\x94 all patterns must share at least "
            "one "
            "variable to join them. Unconnected nodes: [" +
            unvisited +
            "]. Use a shared variable (e.g. MATCH (a)-[:E1]->(b), (b)-[:E2]->(c)) to connect patterns.");
    }
    return plan;
}

void gql_match(Ctx& ctx, const GqlPlan& plan, const Value& params,
               const std::function<void(const std::vector<const ElementRec*>&)>& row) {
    Matcher(ctx, plan, params, row).run();
}

void build_gql_match(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    if (!compiling_dialect().gql_match) {
        if (comp.at_start)
            fail(EvalError::Kind::unsupported,
                 "traversal source has no step 'match' (at " + comp.code.where + " " +
                     std::to_string(in.pos) + ")",
                 "MissingMethodException");
        bad_args(in);
    }
    if (in.args.empty() || in.args.size() > 2 || !is_str(in.args[0]) ||
        (in.args.size() == 2 && (in.args[1].t || in.args[1].v.type() != Type::map)))
        bad_args(in);
    // with('queryLanguage', name): GqlMatchStep runs "gql" only
    for (const Instr* m : s.mods)
        if (m->name == "with" && m->args.size() == 2 && is_str(m->args[0]) &&
            m->args[0].v.str() == "queryLanguage" && is_str(m->args[1]) && m->args[1].v.str() != "gql")
            fail(EvalError::Kind::evaluation,
                 "GqlMatchStep only supports query language 'gql', got: " + m->args[1].v.str(),
                 "UnsupportedOperationException");
    auto pattern = std::make_shared<const GqlPattern>(gql_parse(in.args[0].v.str()));
    Value params = in.args.size() == 2 ? in.args[1].v : Value();
    const bool spawn = comp.at_start;
    comp.need(PathMode::labeled);
    comp.add([pattern, params, spawn](Ctx& ctx) {
        auto st = std::make_unique<ExpandStep>();
        Ctx* c = &ctx;
        st->fn = [pattern, params, spawn, c](Traverser& t, std::vector<Traverser>& out) {
            Ctx& ctx = *c;
            const GqlPlan plan = gql_plan(*pattern, *ctx.snap);
            if (!spawn)
                for (const auto& v : plan.slots)
                    if (!v.empty() && path_has_label(t, v))
                        fail(EvalError::Kind::evaluation,
                             "Pattern variable '" + v +
                                 "' in the match() query shares its name with step label '" + v +
                                 "' already bound in the traverser path. Binding traversal step labels into "
                                 "match() "
                                 "patterns (path-label pre-binding) is not yet supported. Use distinct "
                                 "variable "
                                 "names until the feature is available.",
                             "UnsupportedOperationException");
            gql_match(ctx, plan, params, [&](const std::vector<const ElementRec*>& row) {
                Traverser o;
                if (spawn) {
                    o.bulk = t.bulk;
                    o.sack = ctx.sack0;
                } else {
                    o = t;
                }
                std::vector<Value> kv;
                for (std::size_t i = 0; i < row.size(); ++i) {
                    if (plan.slots[i].empty() || !row[i]) continue;
                    Obj el(row[i]);
                    kv.push_back(Value::string(plan.slots[i]));
                    kv.push_back(to_value(ctx, el));
                    // each variable labels its element in the path, so select()/where() find it later
                    if (ctx.path_mode != PathMode::none) {
                        auto n = std::make_shared<PathNode>();
                        n->obj = el;
                        n->labels.push_back(plan.slots[i]);
                        n->prev = o.path;
                        o.path = std::move(n);
                    }
                }
                advance(ctx, o, Obj(Value::map(std::move(kv))));
                out.push_back(std::move(o));
            });
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

}  // namespace tpbench::server::detail
