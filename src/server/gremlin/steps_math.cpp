// math(): TinkerPop's MathStep over exp4j's expression language — + - * / % ^, unary minus/plus,
// parentheses, the 19 functions MathStep names, numbers, and variables ([a-zA-Z_][a-zA-Z0-9_]*;
// "_" is the current object, other names scope values: side effects, map keys, step labels).
// A recursive-descent parser compiles to a postfix program evaluated per traverser on a small stack.
// Precedence as exp4j's: + - below * / % below unary minus/plus below ^ (right-associative), so -2^2 = -4 and
// 2^-1 = 0.5. A function name not followed by '(' applies to the rest of its sub-expression ("sin _").
#include "steps_site.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace tpbench::server::detail {

namespace {

constexpr const char* kFunctions[] = {"abs",  "acos", "asin",  "atan", "cbrt",  "ceil", "cos",
                                      "cosh", "exp",  "floor", "log",  "log10", "log2", "signum",
                                      "sin",  "sinh", "sqrt",  "tan",  "tanh"};

int function_id(const std::string& name) {
    for (unsigned i = 0; i < sizeof kFunctions / sizeof kFunctions[0]; ++i)
        if (name == kFunctions[i]) return static_cast<int>(i);
    return -1;
}

double apply_function(unsigned id, double x) {
    switch (id) {
        case 0:
            return std::fabs(x);
        case 1:
            return std::acos(x);
        case 2:
            return std::asin(x);
        case 3:
            return std::atan(x);
        case 4:
            return std::cbrt(x);
        case 5:
            return std::ceil(x);
        case 6:
            return std::cos(x);
        case 7:
            return std::cosh(x);
        case 8:
            return std::exp(x);
        case 9:
            return std::floor(x);
        case 10:
            return std::log(x);
        case 11:
            return std::log10(x);
        case 12:
            return std::log(x) / std::log(2.0);
        case 13:
            return std::isnan(x) ? x : x > 0 ? 1.0 : x < 0 ? -1.0 : x;  // Math.signum
        case 14:
            return std::sin(x);
        case 15:
            return std::sinh(x);
        case 16:
            return std::sqrt(x);
        case 17:
            return std::tan(x);
        default:
            return std::tanh(x);
    }
}

class Parser {
public:
    Parser(const std::string& s, std::vector<std::string>& vars, std::vector<MathExpr::Op>& prog)
        : s_(s), vars_(vars), prog_(prog) {}

    void run() {
        skip();
        if (i_ >= s_.size()) error("the expression is empty");
        expr();
        skip();
        if (i_ < s_.size()) error(std::string("unexpected '") + s_[i_] + "'");
    }

private:
    using K = MathExpr::Op::K;

    [[noreturn]] void error(const std::string& what) {
        fail(EvalError::Kind::evaluation,
             "math() cannot parse '" + s_ + "' at position " + std::to_string(i_) + ": " + what,
             "IllegalArgumentException");
    }
    void skip() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    bool eat(char c) {
        skip();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    void emit(K k, double num = 0, unsigned idx = 0) { prog_.push_back(MathExpr::Op{k, num, idx}); }

    void expr() {
        if (++depth_ > 200) error("the expression nests too deeply");
        term();
        for (;;) {
            if (eat('+')) {
                term();
                emit(K::add);
            } else if (eat('-')) {
                term();
                emit(K::sub);
            } else {
                break;
            }
        }
        --depth_;
    }
    void term() {
        unary();
        for (;;) {
            if (eat('*')) {
                unary();
                emit(K::mul);
            } else if (eat('/')) {
                unary();
                emit(K::div);
            } else if (eat('%')) {
                unary();
                emit(K::mod);
            } else {
                break;
            }
        }
    }
    void unary() {
        if (++depth_ > 200) error("the expression nests too deeply");
        if (eat('-')) {
            unary();
            emit(K::neg);
        } else if (eat('+')) {
            unary();
        } else {
            power();
        }
        --depth_;
    }
    void power() {
        primary();
        if (eat('^')) {
            unary();  // right-associative; the exponent may carry a sign
            emit(K::pow);
        }
    }
    void primary() {
        skip();
        if (i_ >= s_.size()) error("an operand is missing");
        char c = s_[i_];
        if (c == '(') {
            ++i_;
            expr();
            if (!eat(')')) error("')' expected");
            return;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            std::size_t b = i_;
            while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.'))
                ++i_;
            if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
                std::size_t k = i_ + 1;
                if (k < s_.size() && (s_[k] == '+' || s_[k] == '-')) ++k;
                if (k < s_.size() && std::isdigit(static_cast<unsigned char>(s_[k]))) {
                    i_ = k;
                    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
                }
            }
            std::string text = s_.substr(b, i_ - b);
            char* end = nullptr;
            double d = std::strtod(text.c_str(), &end);
            if (end != text.c_str() + text.size()) error("bad number '" + text + "'");
            emit(K::num, d);
            return;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t b = i_;
            while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_'))
                ++i_;
            std::string name = s_.substr(b, i_ - b);
            int f = function_id(name);
            if (f >= 0) {
                if (eat('(')) {
                    expr();
                    if (!eat(')')) error("')' expected after the argument of " + name + "()");
                } else {
                    expr();
                }
                emit(K::fn, 0, static_cast<unsigned>(f));
                return;
            }
            unsigned idx = 0;
            while (idx < vars_.size() && vars_[idx] != name) ++idx;
            if (idx == vars_.size()) vars_.push_back(name);
            emit(K::var, 0, idx);
            return;
        }
        error(std::string("unexpected '") + c + "'");
    }

    const std::string& s_;
    std::vector<std::string>& vars_;
    std::vector<MathExpr::Op>& prog_;
    std::size_t i_ = 0;
    int depth_ = 0;
};

}  // namespace

MathExpr::MathExpr(const std::string& equation) {
    if (equation.size() > 10000)
        fail(EvalError::Kind::evaluation, "math() expression too long (limit 10000 characters)",
             "IllegalArgumentException");
    Parser(equation, vars_, prog_).run();
}

double MathExpr::eval(const std::vector<double>& values) const {
    std::vector<double> st;
    st.reserve(16);
    auto pop = [&] {
        double x = st.back();
        st.pop_back();
        return x;
    };
    for (const Op& op : prog_) {
        switch (op.k) {
            case Op::K::num:
                st.push_back(op.num);
                break;
            case Op::K::var:
                st.push_back(op.idx < values.size() ? values[op.idx] : 0.0);
                break;
            case Op::K::neg:
                st.back() = -st.back();
                break;
            case Op::K::fn:
                st.back() = apply_function(op.idx, st.back());
                break;
            default: {
                double b = pop(), a = pop();
                double r = 0;
                switch (op.k) {
                    case Op::K::add:
                        r = a + b;
                        break;
                    case Op::K::sub:
                        r = a - b;
                        break;
                    case Op::K::mul:
                        r = a * b;
                        break;
                    case Op::K::div:
                        if (b == 0.0)
                            fail(EvalError::Kind::evaluation, "Division by zero!", "ArithmeticException");
                        r = a / b;
                        break;
                    case Op::K::mod:
                        if (b == 0.0)
                            fail(EvalError::Kind::evaluation, "Division by zero!", "ArithmeticException");
                        r = std::fmod(a, b);
                        break;
                    default:
                        r = std::pow(a, b);
                        break;
                }
                st.push_back(r);
            }
        }
    }
    return st.empty() ? 0.0 : st.back();
}

}  // namespace tpbench::server::detail

namespace tpbench::server::detail {

using model::Type;
using model::Value;

void build_math(StepSite& site) {
    const Instr& in = site.in;
    if (in.args.size() != 1 || in.args[0].t || in.args[0].v.type() != Type::string) site.bad_args();
    auto expr = std::make_shared<const MathExpr>(in.args[0].v.str());
    std::vector<By> bys;
    for (const Instr* m : site.mods)
        if (m->name == "by") bys.push_back(site.by(*m));
    for (const auto& v : expr->variables())
        if (v != "_") site.need(PathMode::labeled);
    std::vector<bool> current;  // variable i is "_"
    for (const auto& v : expr->variables()) current.push_back(v == "_");
    site.add([expr, bys, current](Ctx& ctx) {
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : bys) rts->emplace_back(ctx, b);
        auto st = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        st->fn = [expr, rts, current, c](Traverser& t) {
            Ctx& ctx = *c;
            const auto& vars = expr->variables();
            std::vector<double> vals(vars.size());
            for (std::size_t i = 0; i < vars.size(); ++i) {
                ByRt* by = rts->empty() ? nullptr : &(*rts)[i % rts->size()];
                Obj o;
                if (current[i]) {
                    if (by) {
                        if (!by->apply(ctx, t, o)) return false;  // unproductive: filtered
                    } else {
                        o = t.obj;
                    }
                } else {
                    Obj scoped;
                    bool found = scope_get(ctx, t, vars[i], "last", scoped);
                    if (found && by) {
                        Traverser s = t;
                        s.obj = scoped;
                        if (!by->apply(ctx, s, o)) return false;
                    } else {
                        o = scoped;
                    }
                }
                Value v = o.el ? to_value(ctx, o) : o.v;
                if (!v.is_number())
                    fail(EvalError::Kind::evaluation,
                         "The variable " + vars[i] +
                             " for math() step must resolve to a Number - it is instead of type " +
                             (v.is_null() ? std::string("null") : java_class(ctx, o).substr(6)) +
                             " with value " + v.to_string(),
                         "IllegalStateException");
                vals[i] = v.to_double();
            }
            advance(ctx, t, Obj(Value::double_(expr->eval(vals))));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

}  // namespace tpbench::server::detail
