// The Groovy-flavoured script front end: tokenizer, recursive-descent parser to an AST of
// method-call chains, and an evaluator that builds traversals (Code) or computes plain values.
#include "runtime.hpp"
#include "steps_site.hpp"

#include <tpbench/model/map_entries.hpp>
#include <tpbench/model/utf8.hpp>

#include <chrono>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <map>

namespace tpbench::server {

using detail::Arg;
using detail::Code;
using detail::EvalFailure;
using detail::fail;
using detail::Instr;
using model::EnumKind;
using model::Type;
using model::Value;

namespace {

// ---- tokens -------------------------------------------------------------------------------------

enum class Tok : std::uint8_t { ident, integer, decimal, string, punct, eof };

struct Token {
    Tok kind;
    std::string text;  // identifier, punctuation, string contents, or number text (without suffix)
    char suffix = 0;   // numeric suffix: L, D, F, I, G (upper-cased), or 0
    std::size_t pos;
    bool nl_before = false;
};

std::string where_text(std::string_view src, std::size_t pos) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < pos && i < src.size(); ++i) {
        if (src[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return "offset " + std::to_string(pos) + " (line " + std::to_string(line) + ", column " +
           std::to_string(col) + ")";
}

[[noreturn]] void syntax(std::string_view src, std::size_t pos, const std::string& what) {
    fail(EvalError::Kind::syntax, "syntax error at " + where_text(src, pos) + ": " + what,
         "MultipleCompilationErrorsException");
}

// Produces tokens on demand: the parser holds a few at a time, so a huge script costs no more
// than its own bytes plus a bounded window (a 10 MiB `1+1+…` lexed up front would be 10 M
// tokens of ~56 bytes each before the operator limit could reject it).
class Lexer {
public:
    Lexer(std::string_view src, bool groovy) : s(src), groovy(groovy) {}
    Token next();

private:
    std::string_view s;
    bool groovy = true;  // Groovy strings ("$x" interpolates); gremlin-lang's are plain
    std::size_t i = 0;
    bool nl = false;
    bool have_prev = false;
    Tok prev_kind = Tok::punct;
};

Token Lexer::next() {
    auto is_id_start = [](char c) {
        return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$';
    };
    auto is_id = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
    while (i < s.size()) {
        char c = s[i];
        if (c == '\n') {
            nl = true;
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
            ++i;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            while (i < s.size() && s[i] != '\n') ++i;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            std::size_t e = s.find("*/", i + 2);
            if (e == std::string_view::npos) syntax(s, i, "unterminated comment");
            for (std::size_t k = i; k < e; ++k)
                if (s[k] == '\n') nl = true;
            i = e + 2;
            continue;
        }
        Token t{Tok::punct, {}, 0, i, nl};
        nl = false;
        if (is_id_start(c)) {
            std::size_t b = i;
            while (i < s.size() && is_id(s[i])) ++i;
            t.kind = Tok::ident;
            t.text = std::string(s.substr(b, i - b));
        } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                   (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])) &&
                    (!have_prev || prev_kind == Tok::punct))) {
            std::size_t b = i;
            bool dec = false;
            if (c == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
                i += 2;
                while (i < s.size() && std::isxdigit(static_cast<unsigned char>(s[i]))) ++i;
            } else {
                while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
                if (i + 1 < s.size() && s[i] == '.' && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
                    dec = true;
                    ++i;
                    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
                }
                if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
                    std::size_t k = i + 1;
                    if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
                    if (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) {
                        dec = true;
                        i = k;
                        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
                    }
                }
            }
            t.kind = dec ? Tok::decimal : Tok::integer;
            for (char ch : s.substr(b, i - b))
                if (ch != '_') t.text += ch;
            if (i < s.size() && std::strchr("lLdDfFiIgGbBsSnNmM", s[i]) &&
                !(i + 1 < s.size() && is_id(s[i + 1]))) {
                t.suffix = static_cast<char>(std::toupper(static_cast<unsigned char>(s[i])));
                ++i;
            }
            if (i < s.size() && is_id(s[i])) syntax(s, i, "malformed number");
        } else if (c == '\'' || c == '"') {
            char q = c;
            bool triple = s.substr(i, 3) == std::string(3, q);
            i += triple ? 3 : 1;
            t.kind = Tok::string;
            for (;;) {
                if (i >= s.size()) syntax(s, t.pos, "unterminated string literal");
                char d = s[i];
                if (triple ? s.substr(i, 3) == std::string(3, q) : d == q) {
                    i += triple ? 3 : 1;
                    break;
                }
                if (d == '\n' && !triple) syntax(s, i, "newline in string literal");
                if (groovy && q == '"' && d == '$' && i + 1 < s.size() &&
                    (s[i + 1] == '{' || is_id_start(s[i + 1])))
                    fail(EvalError::Kind::unsupported,
                         "GString interpolation is not supported (at " + where_text(s, i) + ")",
                         "MissingMethodException");
                if (d == '\\') {
                    if (i + 1 >= s.size()) syntax(s, i, "unterminated escape");
                    char e = s[i + 1];
                    i += 2;
                    switch (e) {
                        case 'n':
                            t.text += '\n';
                            break;
                        case 't':
                            t.text += '\t';
                            break;
                        case 'r':
                            t.text += '\r';
                            break;
                        case 'b':
                            t.text += '\b';
                            break;
                        case 'f':
                            t.text += '\f';
                            break;
                        case '0':
                            t.text += '\0';
                            break;
                        case '\\':
                        case '\'':
                        case '"':
                        case '$':
                        case '/':
                            t.text += e;
                            break;
                        case 'u': {
                            if (i + 4 > s.size()) syntax(s, i, "bad \\u escape");
                            std::uint32_t cp = 0;
                            for (int k = 0; k < 4; ++k) {
                                char h = s[i + static_cast<std::size_t>(k)];
                                if (!std::isxdigit(static_cast<unsigned char>(h)))
                                    syntax(s, i, "bad \\u escape");
                                cp = cp * 16 +
                                     static_cast<std::uint32_t>(std::isdigit(static_cast<unsigned char>(h))
                                                                    ? h - '0'
                                                                    : (std::tolower(h) - 'a' + 10));
                            }
                            i += 4;
                            // surrogate pair
                            if (cp >= 0xd800 && cp < 0xdc00 && i + 6 <= s.size() && s[i] == '\\' &&
                                s[i + 1] == 'u') {
                                std::uint32_t lo = 0;
                                bool ok = true;
                                for (int k = 0; k < 4; ++k) {
                                    char h = s[i + 2 + static_cast<std::size_t>(k)];
                                    if (!std::isxdigit(static_cast<unsigned char>(h)))
                                        ok = false;
                                    else
                                        lo = lo * 16 + static_cast<std::uint32_t>(
                                                           std::isdigit(static_cast<unsigned char>(h))
                                                               ? h - '0'
                                                               : (std::tolower(h) - 'a' + 10));
                                }
                                if (ok && lo >= 0xdc00 && lo < 0xe000) {
                                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                                    i += 6;
                                }
                            }
                            model::append_utf8(t.text, cp);
                            break;
                        }
                        default:
                            syntax(s, i - 2, std::string("unknown escape \\") + e);
                    }
                    continue;
                }
                t.text += d;
                ++i;
            }
            // gremlin-lang's char literal: "a"c
            if (i < s.size() && s[i] == 'c' && !(i + 1 < s.size() && is_id(s[i + 1]))) {
                t.suffix = 'C';
                ++i;
            }
        } else {
            static const char* two[] = {"==", "!=", "<=", ">=", "&&", "||", "?.", "->", "**"};
            std::string_view rest = s.substr(i);
            std::string p(1, c);
            for (const char* tw : two)
                if (rest.substr(0, 2) == tw) p = tw;
            if (std::strchr("().,[]:;+-*/%<>=!&|?{}", c) == nullptr)
                syntax(s, i, std::string("unexpected character '") + c + "'");
            t.text = p;
            i += p.size();
        }
        have_prev = true;
        prev_kind = t.kind;
        return t;
    }
    return Token{Tok::eof, {}, 0, s.size(), nl};
}

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

// Minimal two's-complement big-endian bytes of a 128-bit value (BigDecimal unscaled value).
std::string twos_complement(i128 x) {
    std::string out;
    for (;;) {
        auto b = static_cast<unsigned char>(static_cast<u128>(x) & 0xff);
        out.insert(out.begin(), static_cast<char>(b));
        i128 rest = x >> 8;
        bool sign = (b & 0x80) != 0;
        if ((rest == 0 && !sign) || (rest == -1 && sign)) break;
        x = rest;
    }
    return out;
}

// ---- AST ----------------------------------------------------------------------------------------

struct Node;
using NodePtr = std::unique_ptr<Node>;

struct Node {
    enum class K : std::uint8_t {
        literal,
        ident,
        call,
        member,
        list,
        map,
        set,
        binop,
        unop,
        assign,
        index
    } k;
    std::size_t pos = 0;
    Value lit;
    std::string name;           // identifier / method / member / operator
    NodePtr target;             // receiver (call/member/index), left operand
    NodePtr rhs;                // right operand / assigned value / index
    std::vector<NodePtr> args;  // call args; list items; map k0,v0,…

    Node() = default;
    Node(const Node&) = delete;
    Node& operator=(const Node&) = delete;
    // Unlinks receiver chains iteratively: a 100k-link method chain must not recurse.
    ~Node() {
        NodePtr t = std::move(target);
        while (t) {
            NodePtr next = std::move(t->target);
            t.reset();
            t = std::move(next);
        }
    }
};

NodePtr make(Node::K k, std::size_t pos) {
    auto n = std::make_unique<Node>();
    n->k = k;
    n->pos = pos;
    return n;
}

constexpr int kMaxDepth = 200;
constexpr std::size_t kMaxNodes = 50000;

class Parser {
public:
    // set_literals: gremlin-lang 3.8/4.0's `{a, b}` (Dialect::new_steps); otherwise `{` opens a closure,
    // refused
    Parser(std::string_view src, bool groovy, bool set_literals)
        : src_(src), lex_(src, groovy), groovy_(groovy), set_literals_(set_literals) {}

    std::vector<NodePtr> script() {
        std::vector<NodePtr> stmts;
        for (;;) {
            while (is(";")) ++i_;
            if (cur().kind == Tok::eof) break;
            stmts.push_back(statement());
            if (cur().kind == Tok::eof) break;
            if (is(";")) continue;
            if (!cur().nl_before) syntax(src_, cur().pos, "unexpected " + describe(cur()));
        }
        return stmts;
    }

private:
    // Token at absolute index k (k >= i_ - kKeep), read from the lexer on demand. The window keeps
    // the last few consumed tokens alive, so a reference to the token just consumed stays valid.
    const Token& tok(std::size_t k) {
        while (base_ + 4 < i_) {
            win_.pop_front();
            ++base_;
        }
        while (base_ + win_.size() <= k) win_.push_back(lex_.next());
        return win_[k - base_];
    }
    const Token& cur() { return tok(i_); }
    // Every AST node counts against a budget, so memory stays a small multiple of the script
    // (e.g. a 10 MiB `1;1;1;…` or `[1,1,…]` is refused early instead of building 5 M nodes).
    NodePtr node(Node::K k, std::size_t pos) {
        if (++nodes_ > kMaxNodes)
            fail(EvalError::Kind::syntax,
                 "script too complex (more than " + std::to_string(kMaxNodes) + " syntax nodes) at " +
                     where_text(src_, pos),
                 "MultipleCompilationErrorsException");
        return make(k, pos);
    }
    bool is(const char* p) { return cur().kind == Tok::punct && cur().text == p; }
    std::string describe(const Token& t) const {
        switch (t.kind) {
            case Tok::eof:
                return "end of script";
            case Tok::string:
                return "string literal";
            default:
                return "'" + t.text + "'";
        }
    }
    void expect(const char* p) {
        if (!is(p)) syntax(src_, cur().pos, std::string("expected '") + p + "' but found " + describe(cur()));
        ++i_;
    }
    struct Guard {
        Parser& p;
        explicit Guard(Parser& x) : p(x) {
            if (++p.depth_ > kMaxDepth)
                fail(EvalError::Kind::syntax,
                     "script nested too deeply (more than " + std::to_string(kMaxDepth) + " levels) at " +
                         where_text(p.src_, p.cur().pos),
                     "MultipleCompilationErrorsException");
        }
        ~Guard() { --p.depth_; }
    };
    // A binary operator ends the statement if it starts a new line outside brackets.
    bool op_here(const char* p) { return is(p) && (nest_ > 0 || !cur().nl_before); }

    NodePtr statement() {
        binops_ = 0;
        if (cur().kind == Tok::ident && cur().text == "def") ++i_;
        if (cur().kind == Tok::ident && tok(i_ + 1).kind == Tok::punct && tok(i_ + 1).text == "=") {
            auto n = node(Node::K::assign, cur().pos);
            n->name = cur().text;
            i_ += 2;
            n->rhs = expr();
            return n;
        }
        return expr();
    }
    NodePtr expr() {
        Guard g(*this);
        auto l = binary(0);
        if (op_here("?")) syntax(src_, cur().pos, "the ternary operator is not supported");
        return l;
    }
    NodePtr binary(int level) {
        static const std::vector<std::vector<const char*>> ops = {
            {"||"}, {"&&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"+", "-"}, {"*", "/", "%"}};
        if (level == static_cast<int>(ops.size())) return unary();
        auto l = binary(level + 1);
        for (;;) {
            const char* hit = nullptr;
            for (const char* o : ops[static_cast<std::size_t>(level)])
                if (op_here(o)) hit = o;
            if (!hit) return l;
            auto n = node(Node::K::binop, cur().pos);
            n->name = hit;
            ++i_;
            // Left-nested operator chains are evaluated recursively: bound them like nesting.
            if (++binops_ > kMaxDepth)
                fail(EvalError::Kind::syntax,
                     "expression has more than " + std::to_string(kMaxDepth) + " operators at " +
                         where_text(src_, n->pos),
                     "MultipleCompilationErrorsException");
            n->target = std::move(l);
            n->rhs = binary(level + 1);
            l = std::move(n);
        }
    }
    NodePtr unary() {
        Guard g(*this);
        // A minus sign before an integer literal is part of the literal (gremlin-lang's signed
        // integerLiteral), so the minima -128b, -32768s, -2147483648i, -9223372036854775808l exist
        // (and -129n is a BigInteger).
        if (is("-") && tok(i_ + 1).kind == Tok::integer && tok(i_ + 1).pos == cur().pos + 1) {
            ++i_;
            const Token t = cur();
            ++i_;
            return postfix(number(t, true));
        }
        if (is("-") || is("!") || is("+")) {
            auto n = node(Node::K::unop, cur().pos);
            n->name = cur().text;
            ++i_;
            n->target = unary();
            return n;
        }
        return postfix(primary());
    }
    void skip_generic() {
        // .<Vertex>select(...) / .<String, Map<String,Object>>group()
        int d = 0;
        do {
            if (cur().kind == Tok::eof) syntax(src_, cur().pos, "unterminated generic type");
            if (is("<"))
                ++d;
            else if (is(">"))
                --d;
            else if (cur().kind != Tok::ident && !is(",") && !is(".") && !is("?") && !is("[") && !is("]"))
                syntax(src_, cur().pos, "unexpected " + describe(cur()) + " in generic type");
            ++i_;
        } while (d > 0);
    }
    std::vector<NodePtr> call_args() {
        expect("(");
        ++nest_;
        std::vector<NodePtr> args;
        if (!is(")")) {
            for (;;) {
                args.push_back(expr());
                if (is(",")) {
                    ++i_;
                    continue;
                }
                break;
            }
        }
        --nest_;
        expect(")");
        if (is("{")) syntax(src_, cur().pos, "closures are not supported");
        return args;
    }
    NodePtr postfix(NodePtr n) {
        for (;;) {
            if (is(".") || is("?.")) {
                ++i_;
                if (is("<")) skip_generic();
                if (cur().kind != Tok::ident) syntax(src_, cur().pos, "expected a method name after '.'");
                std::size_t pos = cur().pos;
                std::string name = cur().text;
                ++i_;
                if (is("(")) {
                    auto c = node(Node::K::call, pos);
                    c->name = name;
                    c->target = std::move(n);
                    c->args = call_args();
                    n = std::move(c);
                } else {
                    if (is("{")) syntax(src_, cur().pos, "closures are not supported");
                    auto m = node(Node::K::member, pos);
                    m->name = name;
                    m->target = std::move(n);
                    n = std::move(m);
                }
                continue;
            }
            if (is("[") && !cur().nl_before) {
                auto x = node(Node::K::index, cur().pos);
                ++i_;
                ++nest_;
                x->target = std::move(n);
                x->rhs = expr();
                --nest_;
                expect("]");
                n = std::move(x);
                continue;
            }
            return n;
        }
    }
    // new XStrategy(key: value, ...) — gremlin-lang's strategy construction (withStrategies).
    NodePtr construction(const Token& t) {
        if (cur().kind != Tok::ident) syntax(src_, cur().pos, "expected a class name after 'new'");
        auto c = node(Node::K::call, t.pos);
        c->name = "new " + cur().text;
        ++i_;
        expect("(");
        ++nest_;
        if (!is(")")) {
            for (;;) {
                if (cur().kind != Tok::ident)
                    syntax(src_, cur().pos, "expected 'name:' in a constructor call");
                auto k = node(Node::K::literal, cur().pos);
                k->lit = Value::string(cur().text);
                ++i_;
                expect(":");
                c->args.push_back(std::move(k));
                c->args.push_back(expr());
                if (is(",")) {
                    ++i_;
                    continue;
                }
                break;
            }
        }
        --nest_;
        expect(")");
        return c;
    }
    NodePtr number(const Token& t, bool negative = false) {
        auto n = node(Node::K::literal, t.pos);
        // Groovy: a decimal literal without a suffix is a BigDecimal (1.5 is 1.5G); with an
        // exponent (1e3) it stays a Double here.
        bool groovy_decimal = groovy_ && t.kind == Tok::decimal && t.suffix == 0 &&
                              t.text.find_first_of("eE") == std::string::npos;
        if (t.suffix == 'M' || t.suffix == 'N' || t.suffix == 'G' || groovy_decimal) {
            // BigDecimal (gremlin-lang 1.5m) / BigInteger (1n, Groovy 1G), up to 38 digits
            bool hex = t.text.size() > 2 && (t.text[1] == 'x' || t.text[1] == 'X');
            i128 unscaled = 0;
            int scale = 0, digits = 0;
            bool frac = false;
            for (char c : t.text) {
                if (c == '.') {
                    frac = true;
                    continue;
                }
                if (c == 'e' || c == 'E' || hex || ++digits > 38)
                    fail(EvalError::Kind::unsupported,
                         "big number literal '" + t.text + "' is not supported (at " +
                             where_text(src_, t.pos) + ")",
                         "MissingMethodException");
                unscaled = unscaled * 10 + (c - '0');
                if (frac) ++scale;
            }
            if (negative) unscaled = -unscaled;
            if (t.suffix == 'M' || groovy_decimal || (t.suffix == 'G' && frac))
                n->lit = Value::big_decimal(scale, twos_complement(unscaled));
            else if (frac)
                syntax(src_, t.pos, "BigInteger literal with a fraction");
            else
                n->lit = Value::big_integer(twos_complement(unscaled));
            return n;
        }
        if (t.kind == Tok::decimal || t.suffix == 'D' || t.suffix == 'F') {
            double d = std::strtod(t.text.c_str(), nullptr);
            if (t.suffix == 'F')
                n->lit = Value::float_(static_cast<float>(d));
            else
                n->lit = Value::double_(d);
            return n;
        }
        errno = 0;
        char* end = nullptr;
        bool hex = t.text.size() > 2 && (t.text[1] == 'x' || t.text[1] == 'X');
        unsigned long long u = std::strtoull(hex ? t.text.c_str() + 2 : t.text.c_str(), &end, hex ? 16 : 10);
        // the magnitude may reach 2^63 when negative (-9223372036854775808l)
        const unsigned long long limit =
            static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max()) + (negative ? 1 : 0);
        if (errno == ERANGE || u > limit) syntax(src_, t.pos, "integer literal out of range");
        const std::int64_t v = negative ? static_cast<std::int64_t>(0 - u) : static_cast<std::int64_t>(u);
        auto check = [&](std::int64_t min, std::int64_t max) {
            if (v > max || v < min) syntax(src_, t.pos, "integer literal out of range for its suffix");
        };
        using I32 = std::numeric_limits<std::int32_t>;
        if (t.suffix == 'B') {
            check(-128, 127);
            n->lit = Value::byte(static_cast<std::int8_t>(v));
        } else if (t.suffix == 'S') {
            check(-32768, 32767);
            n->lit = Value::short_(static_cast<std::int16_t>(v));
        } else if (t.suffix == 'I') {
            check(I32::min(), I32::max());
            n->lit = Value::int_(static_cast<std::int32_t>(v));
        } else if (t.suffix == 'L' || v > I32::max() || v < I32::min())
            n->lit = Value::long_(v);
        else
            n->lit = Value::int_(static_cast<std::int32_t>(v));
        return n;
    }
    NodePtr primary() {
        Guard g(*this);
        const Token& t = cur();
        switch (t.kind) {
            case Tok::integer:
            case Tok::decimal:
                ++i_;
                return number(t);
            case Tok::string: {
                ++i_;
                auto n = node(Node::K::literal, t.pos);
                n->lit = Value::string(t.text);
                if (t.suffix == 'C') {
                    std::size_t len = 0;
                    if (!t.text.empty()) {
                        auto lead = static_cast<unsigned char>(t.text[0]);
                        len = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
                    }
                    if (t.text.empty() || len != t.text.size())
                        syntax(src_, t.pos, "a char literal holds exactly one character");
                    n->lit = Value::char_(t.text);
                }
                return n;
            }
            case Tok::ident: {
                ++i_;
                if (t.text == "true" || t.text == "false" || t.text == "null") {
                    auto n = node(Node::K::literal, t.pos);
                    n->lit = t.text == "null" ? Value() : Value::boolean(t.text == "true");
                    return n;
                }
                if (t.text == "NaN" || t.text == "Infinity") {  // gremlin-lang literals
                    auto n = node(Node::K::literal, t.pos);
                    n->lit = Value::double_(t.text == "NaN" ? std::nan("") : HUGE_VAL);
                    return n;
                }
                if (t.text == "new") return construction(t);
                // gremlin-lang 4.0: XStrategy(key: value, …) without `new`
                if (is("(") && t.text.size() > 8 && t.text.compare(t.text.size() - 8, 8, "Strategy") == 0 &&
                    tok(i_ + 1).kind == Tok::ident && tok(i_ + 2).kind == Tok::punct &&
                    tok(i_ + 2).text == ":") {
                    --i_;
                    return construction(t);
                }
                if (is("(")) {
                    auto c = node(Node::K::call, t.pos);
                    c->name = t.text;
                    c->args = call_args();
                    return c;
                }
                if (is("{")) syntax(src_, cur().pos, "closures are not supported");
                auto n = node(Node::K::ident, t.pos);
                n->name = t.text;
                return n;
            }
            case Tok::punct:
                break;
            case Tok::eof:
                syntax(src_, t.pos, "unexpected end of script");
        }
        if (is("(")) {
            ++i_;
            ++nest_;
            auto e = expr();
            --nest_;
            expect(")");
            return e;
        }
        if (is("[")) {
            std::size_t pos = cur().pos;
            ++i_;
            ++nest_;
            if (is(":")) {
                ++i_;
                --nest_;
                expect("]");
                return node(Node::K::map, pos);
            }
            std::vector<NodePtr> items;
            bool is_map = false;
            if (!is("]")) {
                for (;;) {
                    NodePtr item;
                    // bare identifiers before ':' are string keys
                    if (cur().kind == Tok::ident && tok(i_ + 1).kind == Tok::punct &&
                        tok(i_ + 1).text == ":") {
                        item = node(Node::K::literal, cur().pos);
                        item->lit = Value::string(cur().text);
                        ++i_;
                    } else {
                        item = expr();
                    }
                    if (is(":")) {
                        if (!items.empty() && !is_map) syntax(src_, cur().pos, "mixed list and map literal");
                        is_map = true;
                        ++i_;
                        items.push_back(std::move(item));
                        items.push_back(expr());
                    } else {
                        if (is_map) syntax(src_, cur().pos, "expected ':' in map literal");
                        items.push_back(std::move(item));
                    }
                    if (is(",")) {
                        ++i_;
                        if (is("]")) break;
                        continue;
                    }
                    break;
                }
            }
            --nest_;
            expect("]");
            auto n = make(is_map ? Node::K::map : Node::K::list, pos);
            n->args = std::move(items);
            return n;
        }
        if (is("{") &&
            set_literals_) {  // genericSetLiteral: LBRACE (genericLiteral (COMMA genericLiteral)*)? RBRACE
            std::size_t pos = cur().pos;
            ++i_;
            ++nest_;
            std::vector<NodePtr> items;
            while (!is("}")) {
                items.push_back(expr());
                if (!is(",")) break;
                ++i_;
            }
            --nest_;
            expect("}");
            auto n = make(Node::K::set, pos);
            n->args = std::move(items);
            return n;
        }
        if (is("{")) syntax(src_, t.pos, "closures are not supported");
        syntax(src_, t.pos, "unexpected " + describe(t));
    }

    std::string_view src_;
    Lexer lex_;
    bool groovy_ = true;  // Groovy literal rules (decimal literals are BigDecimal)
    bool set_literals_ = false;
    std::deque<Token> win_;
    std::size_t base_ = 0;  // absolute index of win_.front()
    std::size_t nodes_ = 0;
    std::size_t i_ = 0;
    int depth_ = 0;
    int nest_ = 0;
    int binops_ = 0;
};

// ---- values the evaluator juggles ------------------------------------------------------------------

struct SVal {
    enum class K : std::uint8_t { value, traversal, source, graph, klass, void_ } k = K::value;
    Value v;
    std::shared_ptr<Code> code;  // traversal / source
    std::string klass;
};

SVal val(Value v) {
    SVal s;
    s.v = std::move(v);
    return s;
}

const std::map<std::string, std::pair<EnumKind, std::vector<const char*>>>& enum_classes() {
    static const std::map<std::string, std::pair<EnumKind, std::vector<const char*>>> m = {
        {"T", {EnumKind::t, {"id", "label", "key", "value"}}},
        {"Order", {EnumKind::order, {"asc", "desc", "shuffle"}}},  // incr/decr: removed in 3.5
        {"Pop", {EnumKind::pop, {"first", "last", "all", "mixed"}}},
        {"Scope", {EnumKind::scope, {"global", "local"}}},
        {"Column", {EnumKind::column, {"keys", "values"}}},
        {"Direction", {EnumKind::direction, {"OUT", "IN", "BOTH", "from", "to"}}},
        {"Cardinality", {EnumKind::cardinality, {"single", "list", "set"}}},
        {"VertexProperty.Cardinality", {EnumKind::cardinality, {"single", "list", "set"}}},
        {"Operator",
         {EnumKind::operator_,
          {"sum", "minus", "mult", "div", "min", "max", "assign", "and", "or", "addAll", "sumLong"}}},
        {"Pick", {EnumKind::pick, {"any", "none", "unproductive"}}},
        {"Barrier", {EnumKind::barrier, {"normSack"}}},
        {"Merge", {EnumKind::merge, {"onCreate", "onMatch", "outV", "inV"}}},
        {"DT", {EnumKind::dt, {"second", "minute", "hour", "day"}}},
    };
    return m;
}

// Bare identifiers Gremlin-Groovy imports statically.
bool bare_token(const std::string& n, Value& out) {
    static const std::map<std::string, std::pair<EnumKind, const char*>> m = {
        {"id", {EnumKind::t, "id"}},
        {"label", {EnumKind::t, "label"}},
        {"key", {EnumKind::t, "key"}},
        {"value", {EnumKind::t, "value"}},
        {"asc", {EnumKind::order, "asc"}},
        {"desc", {EnumKind::order, "desc"}},
        {"shuffle", {EnumKind::order, "shuffle"}},
        {"first", {EnumKind::pop, "first"}},
        {"sum", {EnumKind::operator_, "sum"}},
        {"second", {EnumKind::dt, "second"}},
        {"minute", {EnumKind::dt, "minute"}},
        {"hour", {EnumKind::dt, "hour"}},
        {"day", {EnumKind::dt, "day"}},
        {"minus", {EnumKind::operator_, "minus"}},
        {"mult", {EnumKind::operator_, "mult"}},
        {"div", {EnumKind::operator_, "div"}},
        {"min", {EnumKind::operator_, "min"}},
        {"max", {EnumKind::operator_, "max"}},
        {"assign", {EnumKind::operator_, "assign"}},
        {"addAll", {EnumKind::operator_, "addAll"}},
        {"sumLong", {EnumKind::operator_, "sumLong"}},
        {"last", {EnumKind::pop, "last"}},
        {"all", {EnumKind::pop, "all"}},
        {"mixed", {EnumKind::pop, "mixed"}},
        {"global", {EnumKind::scope, "global"}},
        {"local", {EnumKind::scope, "local"}},
        {"keys", {EnumKind::column, "keys"}},
        {"values", {EnumKind::column, "values"}},
        {"OUT", {EnumKind::direction, "OUT"}},
        {"IN", {EnumKind::direction, "IN"}},
        {"BOTH", {EnumKind::direction, "BOTH"}},
        {"single", {EnumKind::cardinality, "single"}},
        {"list", {EnumKind::cardinality, "list"}},
        {"set", {EnumKind::cardinality, "set"}},
        {"none", {EnumKind::pick, "none"}},
        {"any", {EnumKind::pick, "any"}},
        {"onCreate", {EnumKind::merge, "onCreate"}},
        {"onMatch", {EnumKind::merge, "onMatch"}},
        {"outV", {EnumKind::merge, "outV"}},
        {"inV", {EnumKind::merge, "inV"}},
    };
    auto it = m.find(n);
    if (it == m.end()) return false;
    out = Value::enum_(it->second.first, it->second.second);
    return true;
}

bool is_p_name(const std::string& n) {
    static const char* names[] = {"eq",     "neq",     "lt",      "lte",    "gt",     "gte",
                                  "inside", "outside", "between", "within", "without"};
    for (const char* x : names)
        if (n == x) return true;
    return false;
}

bool is_textp_name(const std::string& n) {
    static const char* names[] = {"containing", "notContaining", "startingWith", "notStartingWith",
                                  "endingWith", "notEndingWith", "regex",        "notRegex"};
    for (const char* x : names)
        if (n == x) return true;
    return false;
}

bool integral(const Value& v) {
    return v.type() == Type::int_ || v.type() == Type::long_ || v.type() == Type::short_ ||
           v.type() == Type::byte;
}
bool floating(const Value& v) { return v.type() == Type::double_ || v.type() == Type::float_; }
bool big_dec(const Value& v) { return v.type() == Type::big_decimal; }

std::string groovy_string(const Value& v) {
    switch (v.type()) {
        case Type::string:
        case Type::char_:
            return v.str();
        case Type::null:
            return "null";
        case Type::boolean:
            return v.as_bool() ? "true" : "false";
        default:
            return v.to_string();
    }
}

// Groovy integer division yields a BigDecimal (scale ≤ 10, HALF_UP, trailing zeros stripped).
Value big_decimal_div(std::int64_t a, std::int64_t b) {
    bool neg = (a < 0) != (b < 0);
    u128 ua = a < 0 ? static_cast<u128>(-static_cast<i128>(a)) : static_cast<u128>(a);
    u128 ub = b < 0 ? static_cast<u128>(-static_cast<i128>(b)) : static_cast<u128>(b);
    u128 q = ua / ub, r = ua % ub;
    int scale = 0;
    while (r != 0 && scale < 10) {
        r *= 10;
        q = q * 10 + r / ub;
        r %= ub;
        ++scale;
    }
    if (r != 0 && r * 2 >= ub) ++q;
    while (scale > 0 && q % 10 == 0) {
        q /= 10;
        --scale;
    }
    i128 sq = static_cast<i128>(q);
    if (neg) sq = -sq;
    return Value::big_decimal(scale, twos_complement(sq));
}

Value arith(const std::string& op, const Value& a, const Value& b, std::size_t pos, std::string_view src) {
    if (op == "+" && (a.type() == Type::string || b.type() == Type::string))
        return Value::string(groovy_string(a) + groovy_string(b));
    if (op == "+" && a.type() == Type::list) {
        Value r = a;
        if (b.type() == Type::list)
            for (const auto& x : b.kids()) r.push_back(x);
        else
            r.push_back(b);
        return r;
    }
    if (!a.is_number() || !b.is_number())
        fail(EvalError::Kind::evaluation,
             "No signature of method: " + std::string(model::type_name(a.type())) + "." +
                 (op == "+"   ? "plus"
                  : op == "-" ? "minus"
                  : op == "*" ? "multiply"
                  : op == "/" ? "div"
                              : "mod") +
                 "() is applicable for argument types: (" + std::string(model::type_name(b.type())) +
                 ") values: [" + b.to_string() + "] at " + where_text(src, pos),
             "MissingMethodException");
    if (op == "/") {
        if (floating(a) || floating(b)) return Value::double_(a.to_double() / b.to_double());
        if (b.to_double() == 0) fail(EvalError::Kind::evaluation, "Division by zero", "ArithmeticException");
        if (big_dec(a) || big_dec(b)) {
            if (auto r = detail::bigdec_div(a, b)) return *r;
            return Value::double_(a.to_double() / b.to_double());
        }
        return big_decimal_div(a.to_int64(), b.to_int64());
    }
    // Groovy: BigDecimal with an integral or BigDecimal operand stays exact (1.5 + 1 = 2.5G)
    if ((big_dec(a) || big_dec(b)) && !floating(a) && !floating(b) && op != "%") {
        if (auto r = detail::bigdec_arith(op[0], a, b)) return *r;
    }
    if (floating(a) || floating(b) || big_dec(a) || big_dec(b)) {
        double x = a.to_double(), y = b.to_double();
        if (op == "+") return Value::double_(x + y);
        if (op == "-") return Value::double_(x - y);
        if (op == "*") return Value::double_(x * y);
        return Value::double_(std::fmod(x, y));
    }
    bool wide = a.type() == Type::long_ || b.type() == Type::long_;
    auto x = static_cast<std::uint64_t>(a.to_int64()), y = static_cast<std::uint64_t>(b.to_int64());
    std::uint64_t r;
    if (op == "+")
        r = x + y;
    else if (op == "-")
        r = x - y;
    else if (op == "*")
        r = x * y;
    else {
        if (y == 0) fail(EvalError::Kind::evaluation, "Division by zero", "ArithmeticException");
        if (wide) return Value::long_(a.to_int64() % b.to_int64());
        return Value::int_(static_cast<std::int32_t>(a.to_int64() % b.to_int64()));
    }
    if (wide) return Value::long_(static_cast<std::int64_t>(r));
    // Java int arithmetic wraps at 32 bits.
    return Value::int_(static_cast<std::int32_t>(static_cast<std::uint32_t>(r)));
}

bool truthy(const Value& v) {
    switch (v.type()) {
        case Type::null:
            return false;
        case Type::boolean:
            return v.as_bool();
        case Type::string:
            return !v.str().empty();
        case Type::list:
        case Type::set:
        case Type::map:
            return v.size() > 0;
        default:
            return v.is_number() ? v.to_double() != 0 : true;
    }
}

// ---- the evaluator ----------------------------------------------------------------------------------

class Evaluator {
public:
    Evaluator(Graph& g, std::string_view src, const EvalOptions& opts) : graph_(g), src_(src), opts_(opts) {}

    SVal run(const std::vector<NodePtr>& stmts) {
        SVal last;
        last.k = SVal::K::void_;
        for (const auto& s : stmts) last = eval(*s);
        return last;
    }

private:
    [[noreturn]] void unsupported(std::size_t pos, const std::string& what) {
        fail(EvalError::Kind::unsupported, what + " at " + where_text(src_, pos), "MissingMethodException");
    }
    [[noreturn]] void no_method(std::size_t pos, const std::string& cls, const std::string& name,
                                const std::vector<SVal>& args) {
        std::string types, vals;
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i) {
                types += ", ";
                vals += ", ";
            }
            types += describe(args[i]);
            vals += args[i].k == SVal::K::value ? args[i].v.to_string() : describe(args[i]);
        }
        fail(EvalError::Kind::unsupported,
             "No signature of method: " + cls + "." + name + "() is applicable for argument types: (" +
                 types + ") values: [" + vals + "] at " + where_text(src_, pos),
             "MissingMethodException");
    }
    static std::string describe(const SVal& s) {
        switch (s.k) {
            case SVal::K::traversal:
                return "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.DefaultGraphTraversal";
            case SVal::K::source:
                return "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.GraphTraversalSource";
            case SVal::K::graph:
                return "org.apache.tinkerpop.gremlin.tinkergraph.structure.TinkerGraph";
            case SVal::K::klass:
                return "java.lang.Class";
            case SVal::K::void_:
                return "null";
            case SVal::K::value:
                break;
        }
        return std::string(model::type_name(s.v.type()));
    }

    // Method chains are evaluated iteratively (innermost receiver first), so a long
    // g.addV().property()... chain costs no stack depth.
    static bool is_link(const Node& n) {
        return (n.k == Node::K::call && n.target) || n.k == Node::K::member || n.k == Node::K::index;
    }
    SVal eval_chain(const Node& n) {
        std::vector<const Node*> links;
        const Node* b = &n;
        while (is_link(*b)) {
            links.push_back(b);
            b = b->target.get();
        }
        SVal cur = eval(*b);
        for (auto it = links.rbegin(); it != links.rend(); ++it) {
            const Node& l = **it;
            if (l.k == Node::K::call)
                cur = call_on(std::move(cur), l);
            else if (l.k == Node::K::member)
                cur = member_of(std::move(cur), l);
            else
                cur = index_of(std::move(cur), l);
        }
        return cur;
    }

    SVal eval(const Node& n) {
        if (is_link(n)) return eval_chain(n);
        switch (n.k) {
            case Node::K::literal:
                return val(n.lit);
            case Node::K::ident:
                return ident(n);
            case Node::K::list: {
                std::vector<Value> items;
                for (const auto& a : n.args) items.push_back(value_of(*a));
                return val(Value::list(std::move(items)));
            }
            case Node::K::set: {  // a HashSet: each distinct item once (kept in the order written)
                std::vector<Value> items;
                for (const auto& a : n.args) {
                    Value v = value_of(*a);
                    if (std::find(items.begin(), items.end(), v) == items.end())
                        items.push_back(std::move(v));
                }
                return val(Value::set(std::move(items)));
            }
            case Node::K::map: {
                std::vector<Value> kv;
                for (const auto& a : n.args) kv.push_back(value_of(*a));
                return val(Value::map(std::move(kv)));
            }
            case Node::K::assign: {
                SVal v = eval(*n.rhs);
                if (n.name == "g" || n.name == "graph") unsupported(n.pos, "re-binding '" + n.name + "'");
                vars_[n.name] = v;
                if (opts_.assigned && v.k == SVal::K::value) record_assignment(n.name, v.v);
                return v;
            }
            case Node::K::unop: {
                Value v = value_of(*n.target);
                if (n.name == "!") return val(Value::boolean(!truthy(v)));
                if (!v.is_number())
                    fail(EvalError::Kind::evaluation, "cannot apply unary " + n.name + " to " + v.to_string(),
                         "MissingMethodException");
                if (n.name == "+") return val(v);
                if (big_dec(v))
                    if (auto r = detail::bigdec_arith('-', Value::int_(0), v)) return val(*r);
                if (floating(v) || big_dec(v))
                    return val(v.type() == Type::float_ ? Value::float_(static_cast<float>(-v.as_double()))
                                                        : Value::double_(-v.to_double()));
                if (v.type() == Type::long_)
                    return val(
                        Value::long_(static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(v.as_int()))));
                return val(
                    Value::int_(static_cast<std::int32_t>(0 - static_cast<std::uint32_t>(v.as_int()))));
            }
            case Node::K::binop:
                return binop(n);
            case Node::K::member:
                break;  // handled by eval_chain
            case Node::K::index:
                break;  // handled by eval_chain
            case Node::K::call:
                return call(n);
        }
        return {};
    }

    Value value_of(const Node& n) {
        SVal s = eval(n);
        if (s.k == SVal::K::value) return s.v;
        if (s.k == SVal::K::void_) return Value();
        fail(EvalError::Kind::evaluation,
             "expected a value but found a " + describe(s) + " at " + where_text(src_, n.pos),
             "IllegalArgumentException");
    }

    SVal binop(const Node& n) {
        const std::string& op = n.name;
        if (op == "&&" || op == "||") {
            bool l = truthy(value_of(*n.target));
            if (op == "&&" && !l) return val(Value::boolean(false));
            if (op == "||" && l) return val(Value::boolean(true));
            return val(Value::boolean(truthy(value_of(*n.rhs))));
        }
        Value a = value_of(*n.target);
        Value b = value_of(*n.rhs);
        if (op == "==" || op == "!=") {
            detail::Ctx ctx;
            ctx.snap = graph_.store().snapshot();
            bool eq = a.is_null() || b.is_null() ? a.is_null() && b.is_null()
                                                 : detail::gremlin_eq(ctx, detail::Obj(a), detail::Obj(b));
            return val(Value::boolean(op == "==" ? eq : !eq));
        }
        if (op == "<" || op == ">" || op == "<=" || op == ">=") {
            bool comparable =
                (a.is_number() && b.is_number()) || (a.type() == b.type() && a.type() == Type::string);
            if (!comparable)
                fail(EvalError::Kind::evaluation,
                     "Cannot compare " + a.to_string() + " with " + b.to_string() + " at " +
                         where_text(src_, n.pos),
                     "IllegalArgumentException");
            int c = compare(a, b);
            bool r = op == "<" ? c < 0 : op == ">" ? c > 0 : op == "<=" ? c <= 0 : c >= 0;
            return val(Value::boolean(r));
        }
        return val(arith(op, a, b, n.pos, src_));
    }

    // A session variable (EvalOptions::assigned): set or replace key `name` in the map.
    void record_assignment(const std::string& name, const Value& v) {
        Value& into = *opts_.assigned;
        if (into.type() != Type::map) into = Value::map();
        model::map_set(into.kids(), Value::string(name), v);
    }

    SVal ident(const Node& n) {
        auto v = vars_.find(n.name);
        if (v != vars_.end()) return v->second;
        if (n.name == "g") {
            SVal s;
            s.k = SVal::K::source;
            s.code = std::make_shared<Code>();
            s.code->where = "offset";
            return s;
        }
        if (n.name == "graph") {
            SVal s;
            s.k = SVal::K::graph;
            return s;
        }
        if (const Value* b = opts_.bindings.type() == Type::map ? opts_.bindings.find(n.name) : nullptr)
            return val(*b);
        static const char* classes[] = {
            "__",       "P",           "TextP",   "TinkerFactory", "WithOptions",    "T",
            "Order",    "Pop",         "Scope",   "Column",        "Direction",      "Cardinality",
            "Operator", "Pick",        "Barrier", "Merge",         "VertexProperty", "Vertex",
            "Edge",     "TinkerGraph", "DT",      "ShortestPath"};
        for (const char* c : classes)
            if (n.name == c) {
                SVal s;
                s.k = SVal::K::klass;
                s.klass = c;
                return s;
            }
        if (n.name == "GType" && dialect().new_steps) {
            SVal s;
            s.k = SVal::K::klass;
            s.klass = "GType";
            return s;
        }
        Value tok;
        if (bare_token(n.name, tok)) return val(tok);
        // Strategy classes Gremlin-Groovy imports (withStrategies(ReadOnlyStrategy),
        // withoutStrategies(CountStrategy)); the evaluator decides which ones it can honour.
        static const char* strategies[] = {"ReadOnlyStrategy",
                                           "EdgeLabelVerificationStrategy",
                                           "LambdaRestrictionStrategy",
                                           "ReservedKeysVerificationStrategy",
                                           "CountStrategy",
                                           "LazyBarrierStrategy",
                                           "PathRetractionStrategy",
                                           "FilterRankingStrategy",
                                           "InlineFilterStrategy",
                                           "IncidentToAdjacentStrategy",
                                           "AdjacentToIncidentStrategy",
                                           "RepeatUnrollStrategy",
                                           "MatchPredicateStrategy",
                                           "EarlyLimitStrategy",
                                           "IdentityRemovalStrategy",
                                           "ByModulatorOptimizationStrategy",
                                           "ProductiveByStrategy",
                                           "ConnectiveStrategy",
                                           "SubgraphStrategy",
                                           "PartitionStrategy",
                                           "ElementIdStrategy",
                                           "HaltedTraverserStrategy",
                                           "OptionsStrategy",
                                           "SeedStrategy",
                                           "ReferenceElementStrategy",
                                           "TinkerGraphStepStrategy",
                                           "TinkerGraphCountStrategy",
                                           "OrderLimitStrategy",
                                           "PathProcessorStrategy",
                                           "MessagePassingReductionStrategy",
                                           "GraphFilterStrategy",
                                           "ComputerFinalizationStrategy",
                                           "ProfileStrategy",
                                           "StandardVerificationStrategy",
                                           "ComputerVerificationStrategy",
                                           "MatchAlgorithmStrategy"};
        for (const char* c : strategies)
            if (n.name == c)
                return val(Value::compound(Type::strategy,
                                           {Value::string(std::string("strategy.") + c), Value::map()}));
        fail(EvalError::Kind::evaluation,
             "No such property: " + n.name + " for class: Script1 (at " + where_text(src_, n.pos) + ")",
             "MissingPropertyException");
    }

    SVal index_of(SVal ts, const Node& n) {
        if (ts.k != SVal::K::value) unsupported(n.pos, "indexing a " + describe(ts));
        const Value& t = ts.v;
        Value i = value_of(*n.rhs);
        if ((t.type() == Type::list) && integral(i)) {
            std::int64_t k = i.as_int();
            if (k < 0) k += static_cast<std::int64_t>(t.size());
            if (k < 0 || k >= static_cast<std::int64_t>(t.size())) return val(Value());
            return val(t[static_cast<std::size_t>(k)]);
        }
        if (t.type() == Type::map) {
            for (std::size_t k = 0; k + 1 < t.size(); k += 2)
                if (t[k] == i) return val(t[k + 1]);
            return val(Value());
        }
        unsupported(n.pos, "indexing " + std::string(model::type_name(t.type())));
    }

    SVal member_of(SVal t, const Node& n) {
        if (t.k == SVal::K::klass) {
            if (t.klass == "GType" && detail::gtype_exists(n.name)) return val(detail::gtype_value(n.name));
            if (t.klass == "VertexProperty" && n.name == "Cardinality") {
                SVal s;
                s.k = SVal::K::klass;
                s.klass = "VertexProperty.Cardinality";
                return s;
            }
            if (t.klass == "ShortestPath") {  // ShortestPath.target etc.: the with() keys of shortestPath()
                for (const char* k : {"target", "edges", "distance", "maxDistance", "includeEdges"})
                    if (n.name == k) return val(Value::string(std::string("~tinkerpop.shortestPath.") + k));
            }
            if (t.klass == "WithOptions") {
                if (n.name == "tokens") return val(Value::string("~tinkerpop.valueMap.tokens"));
                if (n.name == "indexer") return val(Value::string("~tinkerpop.index.indexer"));
                static const std::map<std::string, int> ints = {{"none", 0}, {"ids", 1},    {"labels", 2},
                                                                {"keys", 4}, {"values", 8}, {"all", 15},
                                                                {"list", 0}, {"map", 1}};
                auto it = ints.find(n.name);
                if (it != ints.end()) return val(Value::int_(it->second));
            }
            auto& ec = enum_classes();
            auto it = ec.find(t.klass);
            if (it != ec.end()) {
                for (const char* c : it->second.second)
                    if (n.name == c) {
                        std::string name = n.name;
                        if (name == "incr") name = "asc";
                        if (name == "decr") name = "desc";
                        return val(Value::enum_(it->second.first, name));
                    }
            }
            unsupported(n.pos, "No such property: " + n.name + " for class: " + t.klass);
        }
        if (t.k == SVal::K::value && t.v.type() == Type::map) {
            if (const Value* x = t.v.find(n.name)) return val(*x);
            return val(Value());
        }
        unsupported(n.pos, "property access '." + n.name + "' on " + describe(t));
    }

    Arg to_arg(const SVal& s, std::size_t pos) {
        switch (s.k) {
            case SVal::K::value:
                return Arg{s.v, nullptr};
            case SVal::K::void_:
                return Arg{Value(), nullptr};
            case SVal::K::traversal:
                if (!s.code->anonymous)
                    fail(EvalError::Kind::evaluation,
                         "The child traversal was not spawned anonymously - use the __ class rather than a "
                         "TraversalSource to construct the child traversal (at " +
                             where_text(src_, pos) + ")",
                         "IllegalArgumentException");
                return Arg{Value(), s.code};
            default:
                fail(EvalError::Kind::evaluation,
                     "a " + describe(s) + " cannot be a step argument (at " + where_text(src_, pos) + ")",
                     "IllegalArgumentException");
        }
    }

    Value make_p(const std::string& name, const std::vector<SVal>& args, std::size_t pos, bool text) {
        std::vector<Value> vals;
        for (const auto& a : args) {
            // 4.0: a child traversal resolved per traverser (P.eq(__.x()); Dialect::traversal_arguments),
            // carried as its bytecode until the step compiles it
            if (a.k == SVal::K::traversal && !text && dialect().traversal_arguments && a.code->anonymous) {
                vals.push_back(detail::code_to_bytecode(*a.code));
                continue;
            }
            if (a.k != SVal::K::value && a.k != SVal::K::void_)
                no_method(pos, text ? "TextP" : "P", name, args);
            vals.push_back(a.v);
        }
        if (text) {
            if (vals.size() != 1 || vals[0].type() != Type::string) no_method(pos, "TextP", name, args);
            return Value::text_p(name, std::move(vals));
        }
        if (name == "within" || name == "without") {
            if (vals.size() == 1 && (vals[0].type() == Type::list || vals[0].type() == Type::set))
                return Value::p(name, vals[0].kids());
            return Value::p(name, std::move(vals));
        }
        std::size_t want = (name == "between" || name == "inside" || name == "outside") ? 2 : 1;
        if (vals.size() != want) no_method(pos, "P", name, args);
        return Value::p(name, std::move(vals));
    }

    std::vector<SVal> eval_args(const Node& n) {
        std::vector<SVal> args;
        for (const auto& a : n.args) args.push_back(eval(*a));
        return args;
    }

    SVal traversal_call(std::shared_ptr<Code> code, const Node& n, std::vector<SVal>& args) {
        Instr in;
        in.name = n.name;
        in.pos = n.pos;
        for (const auto& a : args) in.args.push_back(to_arg(a, n.pos));
        code->steps.push_back(std::move(in));
        SVal s;
        s.k = SVal::K::traversal;
        s.code = std::move(code);
        return s;
    }

    SVal anonymous(const Node& n, std::vector<SVal>& args) {
        auto code = std::make_shared<Code>();
        code->anonymous = true;
        code->where = "offset";
        return traversal_call(std::move(code), n, args);
    }

    SVal call(const Node& n) {
        if (!n.target && n.name.rfind("new ", 0) == 0) {
            // a strategy: class name and configuration (traversals as bytecode)
            std::vector<Value> kv;
            for (std::size_t i = 0; i + 1 < n.args.size(); i += 2) {
                SVal v = eval(*n.args[i + 1]);
                kv.push_back(n.args[i]->lit);
                if (v.k == SVal::K::traversal)
                    kv.push_back(code_to_bytecode(*v.code));
                else if (v.k == SVal::K::value)
                    kv.push_back(v.v);
                else
                    fail(EvalError::Kind::evaluation,
                         "a " + describe(v) + " cannot configure " + n.name.substr(4) + " (at " +
                             where_text(src_, n.pos) + ")",
                         "IllegalArgumentException");
            }
            return val(Value::compound(
                Type::strategy, {Value::string("strategy." + n.name.substr(4)), Value::map(std::move(kv))}));
        }
        if (!n.target) {
            // Static imports: P/TextP predicates and __ steps.
            auto args = eval_args(n);
            if (dialect().new_steps && (n.name == "Binary" || n.name == "Duration" || n.name == "UUID"))
                return val(literal_constructor(n, args));
            bool all_values =
                std::all_of(args.begin(), args.end(), [](const SVal& a) { return a.k == SVal::K::value; });
            if (is_p_name(n.name) && (all_values || dialect().traversal_arguments))
                return val(make_p(n.name, args, n.pos, false));
            if (n.name == "typeOf" && dialect().new_steps && args.size() == 1 && all_values &&
                (detail::is_gtype(args[0].v) || args[0].v.type() == Type::string))
                return val(Value::p("typeOf", {args[0].v}));
            if ((n.name == "datetime" || (n.name == "DateTime" && dialect().new_steps)) && all_values &&
                args.size() <= 1)
                return val(datetime_of(args, n.pos));
            if (is_textp_name(n.name) && all_values) return val(make_p(n.name, args, n.pos, true));
            if (n.name == "not" && args.size() == 1 && args[0].k == SVal::K::value &&
                (args[0].v.type() == Type::p || args[0].v.type() == Type::text_p))
                return val(Value::p("not", {args[0].v}));
            return anonymous(n, args);
        }
        return call_on(eval(*n.target), n);
    }

    // gremlin-lang 4.0's typed literals: Binary("base64"), Duration(seconds, nanos[, positive]),
    // UUID("…") and UUID() (a random one).
    Value literal_constructor(const Node& n, const std::vector<SVal>& args) {
        for (const auto& a : args)
            if (a.k != SVal::K::value) no_method(n.pos, "Script", n.name, args);
        if (n.name == "Binary" && args.size() == 1 && args[0].v.type() == Type::string) {
            std::string out;
            std::uint32_t acc = 0;
            int bits = 0;
            for (char c : args[0].v.str()) {
                int v = c >= 'A' && c <= 'Z'   ? c - 'A'
                        : c >= 'a' && c <= 'z' ? c - 'a' + 26
                        : c >= '0' && c <= '9' ? c - '0' + 52
                        : c == '+'             ? 62
                        : c == '/'             ? 63
                                               : -1;
                if (c == '=') break;
                if (v < 0)
                    fail(EvalError::Kind::evaluation,
                         "Binary() takes base64 text (at " + where_text(src_, n.pos) + ")",
                         "IllegalArgumentException");
                acc = (acc << 6) | static_cast<std::uint32_t>(v);
                bits += 6;
                if (bits >= 8) {
                    bits -= 8;
                    out += static_cast<char>((acc >> bits) & 0xff);
                }
            }
            return Value::binary(std::move(out));
        }
        if (n.name == "Duration" && (args.size() == 2 || args.size() == 3) && integral(args[0].v) &&
            integral(args[1].v) && (args.size() == 2 || args[2].v.type() == Type::boolean)) {
            std::int64_t secs = args[0].v.as_int();
            auto nanos = static_cast<std::int32_t>(args[1].v.as_int());
            if (args.size() == 3 && !args[2].v.as_bool()) {  // Duration.negated()
                secs = -secs;
                if (nanos != 0) {
                    secs -= 1;
                    nanos = 1000000000 - nanos;
                }
            }
            return Value::duration(secs, nanos);
        }
        if (n.name == "UUID" && args.empty()) {
            model::Uuid u{};
            static thread_local std::uint64_t state =
                static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) | 1;
            for (auto& b : u) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                b = static_cast<std::uint8_t>(state);
            }
            u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | 0x40);
            u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);
            return Value::uuid(u);
        }
        if (n.name == "UUID" && args.size() == 1 && args[0].v.type() == Type::string) {
            model::Uuid u{};
            if (!model::uuid_from_string(args[0].v.str(), u))
                fail(EvalError::Kind::evaluation, "Invalid UUID string: " + args[0].v.str(),
                     "IllegalArgumentException");
            return Value::uuid(u);
        }
        no_method(n.pos, "Script", n.name, args);
    }

    // gremlin-lang's datetime('2023-08-02T00:00:00Z') (DatetimeHelper.datetime): a Date; datetime()
    // is now.
    Value datetime_of(const std::vector<SVal>& args, std::size_t pos) {
        if (args.empty())
            return Value::date(std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count());
        if (args[0].v.type() != Type::string)
            fail(EvalError::Kind::evaluation, "datetime() takes a string (at " + where_text(src_, pos) + ")",
                 "IllegalArgumentException");
        auto ms = detail::parse_iso_datetime(args[0].v.str());
        if (!ms)
            fail(EvalError::Kind::evaluation,
                 "Text '" + args[0].v.str() + "' could not be parsed (at " + where_text(src_, pos) + ")",
                 "DateTimeParseException");
        return Value::date(*ms);
    }

    SVal call_on(SVal t, const Node& n) {
        auto args = eval_args(n);
        switch (t.k) {
            case SVal::K::klass:
                return class_call(t, n, args);
            case SVal::K::graph:
                return graph_call(n, args);
            case SVal::K::source:
                return source_call(t, n, args);
            case SVal::K::traversal:
                return traversal_method(t, n, args);
            case SVal::K::value:
                return value_call(t, n, args);
            case SVal::K::void_:
                break;
        }
        fail(EvalError::Kind::evaluation,
             "Cannot invoke method " + n.name + "() on null object (at " + where_text(src_, n.pos) + ")",
             "NullPointerException");
    }

    SVal class_call(const SVal& t, const Node& n, std::vector<SVal>& args) {
        if (t.klass == "__") return anonymous(n, args);
        if (t.klass == "P") {
            if (is_p_name(n.name)) return val(make_p(n.name, args, n.pos, false));
            if (n.name == "typeOf" && dialect().new_steps && args.size() == 1 &&
                args[0].k == SVal::K::value &&
                (detail::is_gtype(args[0].v) || args[0].v.type() == Type::string))
                return val(Value::p("typeOf", {args[0].v}));
            if (n.name == "not" && args.size() == 1 && args[0].k == SVal::K::value &&
                args[0].v.type() == Type::p)
                return val(Value::p("not", {args[0].v}));
        }
        if (t.klass == "TextP" && is_textp_name(n.name)) return val(make_p(n.name, args, n.pos, true));
        if ((t.klass == "Cardinality" || t.klass == "VertexProperty.Cardinality") && args.size() == 1 &&
            args[0].k == SVal::K::value && (n.name == "single" || n.name == "list" || n.name == "set"))
            // CardinalityValueTraversal: the cardinality enum carrying the value as its one kid
            return val(Value::compound(Type::enum_, {args[0].v}, n.name, 0,
                                       static_cast<std::uint8_t>(EnumKind::cardinality)));
        if (t.klass == "TinkerFactory" && n.name == "generateModern") {
            if (args.size() != 1 || args[0].k != SVal::K::graph)
                no_method(n.pos, "TinkerFactory", n.name, args);
            graph_.load_modern();
            SVal v;
            v.k = SVal::K::void_;
            return v;
        }
        no_method(n.pos, t.klass, n.name, args);
    }

    SVal graph_call(const Node& n, std::vector<SVal>& args) {
        if (n.name == "clear" && args.empty()) {
            graph_.clear();
            SVal v;
            v.k = SVal::K::void_;
            return v;
        }
        if (n.name == "traversal" && args.empty()) {
            SVal s;
            s.k = SVal::K::source;
            s.code = std::make_shared<Code>();
            s.code->where = "offset";
            return s;
        }
        no_method(n.pos, "org.apache.tinkerpop.gremlin.tinkergraph.structure.TinkerGraph", n.name, args);
    }

    SVal source_call(const SVal& t, const Node& n, std::vector<SVal>& args) {
        static const char* cfg[] = {"with",     "withSideEffect", "withStrategies", "withoutStrategies",
                                    "withBulk", "withPath",       "withComputer",   "withSack"};
        for (const char* c : cfg)
            if (n.name == c) {
                auto code = std::make_shared<Code>(*t.code);
                Instr in;
                in.name = n.name;
                in.pos = n.pos;
                for (const auto& a : args) in.args.push_back(to_arg(a, n.pos));
                code->source.push_back(std::move(in));
                SVal s;
                s.k = SVal::K::source;
                s.code = std::move(code);
                return s;
            }
        static const char* spawn[] = {"V",      "E",      "addV", "addE", "inject",
                                      "mergeV", "mergeE", "call", "io",   "union"};
        for (const char* c : spawn)
            if (n.name == c) return traversal_call(std::make_shared<Code>(*t.code), n, args);
        if (n.name == "match" && dialect().gql_match)
            return traversal_call(std::make_shared<Code>(*t.code), n, args);
        no_method(n.pos, "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.GraphTraversalSource",
                  n.name, args);
    }

    SVal traversal_method(const SVal& t, const Node& n, std::vector<SVal>& args) {
        const std::string& m = n.name;
        bool terminal = m == "next" || m == "toList" || m == "toSet" || m == "iterate" || m == "hasNext" ||
                        m == "tryNext" || m == "toBulkSet";
        if (!terminal) return traversal_call(t.code, n, args);
        if (t.code->anonymous)
            fail(EvalError::Kind::evaluation,
                 "an anonymous traversal cannot be iterated without a traversal source (at " +
                     where_text(src_, n.pos) + ")",
                 "IllegalStateException");
        if (m == "iterate") {
            auto s = detail::make_traversal_stream(graph_, *t.code, opts_);
            Item it;
            while (s->next(it)) {
            }
            if (s->error()) throw EvalFailure{*s->error()};
            SVal v;
            v.k = SVal::K::void_;
            return v;
        }
        std::size_t limit = std::numeric_limits<std::size_t>::max();
        if (m == "next" || m == "hasNext" || m == "tryNext") limit = 1;
        if (m == "next" && args.size() == 1 && args[0].k == SVal::K::value && integral(args[0].v))
            limit = static_cast<std::size_t>(std::max<std::int64_t>(0, args[0].v.as_int()));
        else if (!args.empty())
            no_method(n.pos, "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.DefaultGraphTraversal",
                      m, args);
        Value list = detail::run_to_list(graph_, *t.code, opts_, limit);
        if (m == "hasNext") return val(Value::boolean(list.size() > 0));
        if (m == "toSet") {
            std::vector<Value> uniq;
            for (const auto& x : list.kids())
                if (std::find(uniq.begin(), uniq.end(), x) == uniq.end()) uniq.push_back(x);
            return val(Value::set(std::move(uniq)));
        }
        if (m == "next" && args.empty()) {
            if (list.size() == 0)
                fail(EvalError::Kind::evaluation, "No such element", "NoSuchElementException");
            return val(list[0]);
        }
        if (m == "tryNext") {
            // Optional: empty → null
            return val(list.size() ? list[0] : Value());
        }
        return val(std::move(list));
    }

    SVal value_call(const SVal& t, const Node& n, std::vector<SVal>& args) {
        const Value& v = t.v;
        if ((v.type() == Type::p || v.type() == Type::text_p) && (n.name == "and" || n.name == "or") &&
            args.size() == 1 && args[0].k == SVal::K::value &&
            (args[0].v.type() == Type::p || args[0].v.type() == Type::text_p))
            return val(Value::p(n.name, {v, args[0].v}));
        if ((v.type() == Type::p || v.type() == Type::text_p) && n.name == "negate" && args.empty())
            return val(Value::p("not", {v}));
        if (n.name == "size" && args.empty() &&
            (v.type() == Type::list || v.type() == Type::set || v.type() == Type::map ||
             v.type() == Type::string))
            return val(Value::int_(static_cast<std::int32_t>(v.type() == Type::map      ? v.size() / 2
                                                             : v.type() == Type::string ? v.str().size()
                                                                                        : v.size())));
        if (n.name == "toString" && args.empty()) return val(Value::string(groovy_string(v)));
        no_method(n.pos, std::string(model::type_name(v.type())), n.name, args);
    }

    const detail::Dialect& dialect() const { return detail::dialect_of(opts_.generation); }

    Graph& graph_;
    std::string_view src_;
    const EvalOptions& opts_;
    std::map<std::string, SVal> vars_;
};

// Streams a plain script value the way Gremlin Server iterates results.
class ValueStream final : public ResultStream {
public:
    explicit ValueStream(Value v, bool is_void) {
        if (is_void) return;
        switch (v.type()) {
            case Type::list:
            case Type::set:
                items_ = std::move(v.kids());
                break;
            case Type::map:
                for (std::size_t i = 0; i + 1 < v.size(); i += 2)
                    items_.push_back(Value::map({v[i], v[i + 1]}));
                break;
            case Type::bulk_set:
                for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                    items_.push_back(v[i]);
                    bulks_.resize(items_.size(), 1);
                    bulks_.back() = v[i + 1].to_int64();
                }
                break;
            default:
                items_.push_back(std::move(v));
                break;
        }
    }
    bool next(Item& out) override {
        if (pos_ >= items_.size()) return false;
        out.bulk = pos_ < bulks_.size() ? bulks_[pos_] : 1;
        out.value = std::move(items_[pos_++]);
        out.element_key = nullptr;
        return true;
    }
    const std::optional<EvalError>& error() const override { return error_; }

private:
    std::vector<Value> items_;
    std::vector<std::int64_t> bulks_;
    std::size_t pos_ = 0;
    std::optional<EvalError> error_;
};

class FailedStream final : public ResultStream {
public:
    explicit FailedStream(EvalError e) : error_(std::move(e)) {}
    bool next(Item&) override { return false; }
    const std::optional<EvalError>& error() const override { return error_; }

private:
    std::optional<EvalError> error_;
};

}  // namespace

std::unique_ptr<ResultStream> evaluate_script(Graph& graph, std::string_view script,
                                              const EvalOptions& opts) {
    try {
        const bool lang = opts.language == "gremlin-lang";
        Parser p(script, !lang, lang && detail::dialect_of(opts.generation).new_steps);
        auto stmts = p.script();
        Evaluator ev(graph, script, opts);
        SVal r = ev.run(stmts);
        switch (r.k) {
            case SVal::K::traversal:
                if (r.code->anonymous)
                    return std::make_unique<FailedStream>(
                        EvalError{EvalError::Kind::evaluation,
                                  "an anonymous traversal cannot be iterated without a traversal source",
                                  "IllegalStateException"});
                return detail::make_traversal_stream(graph, *r.code, opts);
            case SVal::K::void_:
                return std::make_unique<ValueStream>(Value(), true);
            case SVal::K::value:
                return std::make_unique<ValueStream>(std::move(r.v), false);
            case SVal::K::source:
                return std::make_unique<ValueStream>(
                    Value::string(
                        "graphtraversalsource[tinkergraph[vertices:" + std::to_string(graph.vertex_count()) +
                        " edges:" + std::to_string(graph.edge_count()) + "], standard]"),
                    false);
            case SVal::K::graph:
                return std::make_unique<ValueStream>(
                    Value::string("tinkergraph[vertices:" + std::to_string(graph.vertex_count()) +
                                  " edges:" + std::to_string(graph.edge_count()) + "]"),
                    false);
            case SVal::K::klass:
                return std::make_unique<ValueStream>(Value::class_(r.klass), false);
        }
        return std::make_unique<ValueStream>(Value(), true);
    } catch (const EvalFailure& f) {
        return std::make_unique<FailedStream>(f.error);
    } catch (const std::bad_alloc&) {
        return std::make_unique<FailedStream>(
            EvalError{EvalError::Kind::evaluation, "out of memory while evaluating", "OutOfMemoryError"});
    } catch (const std::exception& e) {
        return std::make_unique<FailedStream>(EvalError{
            EvalError::Kind::evaluation, std::string("internal error: ") + e.what(), "RuntimeException"});
    }
}

}  // namespace tpbench::server
