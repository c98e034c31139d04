#pragma once
// Private to tpbench::gremlin: the 3.7 string, list, date and math steps and call(),
// registered in the step table by steps_site.cpp. The compiler hands each builder a StepSite (the
// instruction, its modulators and the compiler services a builder needs) and registers the names below.
#include "runtime.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tpbench::server::detail {

struct StepSite {
    const Instr& in;
    const std::vector<const Instr*>& mods;     // by/with/… after the step
    bool start = false;                        // first step of a source traversal (g.call())
    std::function<PlanPtr(const Arg&)> child;  // compiles an anonymous traversal argument
    std::function<void(Plan::Factory)> add;    // appends a step factory
    std::function<void(PathMode)> need;        // path tracking the step needs
    std::function<By(const Instr&)> by;        // a by() modulator
    std::function<void()> bad_args;            // throws "No signature of method: …"
    // A filter over a predicate that may hold child traversals (Compiler::add_pred_fn)
    std::function<void(const model::Value&, std::function<bool(Ctx&, Traverser&, const model::Value&)>)>
        add_pred_fn;
};

// Names handled by build_liststep (toUpper … asString, conjoin … index, format, asDate,
// dateAdd, dateDiff, math, call).
bool is_liststep(const std::string& name);
void build_liststep(StepSite& site);

// The Java class TinkerPop's messages name for an object ("class java.lang.String").
std::string java_class(Ctx& ctx, const Obj& o);
// DatetimeHelper.parse (yyyy-MM-dd[THH:mm[:ss[.f]]][offset], yyyy-M) to ms since the epoch.
std::optional<std::int64_t> parse_iso_datetime(const std::string& s);
// Milliseconds since the epoch of a date value (Date, Timestamp, OffsetDateTime, 4.0 DateTime,
// Instant); false for anything else.
bool date_millis(const model::Value& v, std::int64_t& ms);

void build_string_step(StepSite& site);
void build_list_step(StepSite& site);
void build_format(StepSite& site);
void build_date_step(StepSite& site);
void build_math(StepSite& site);
void build_call(StepSite& site);

// math()'s expression (exp4j's language as MathStep uses it).
class MathExpr {
public:
    // Parses `equation`; throws EvalFailure (IllegalArgumentException) on a malformed one.
    explicit MathExpr(const std::string& equation);
    // Variable names in order of first appearance.
    const std::vector<std::string>& variables() const { return vars_; }
    // Evaluates with values[i] bound to variables()[i]; throws EvalFailure on division by zero.
    double eval(const std::vector<double>& values) const;

    struct Op {
        enum class K : unsigned char { num, var, neg, add, sub, mul, div, mod, pow, fn } k;
        double num = 0;
        unsigned idx = 0;  // variable index or function id
    };

private:
    std::vector<std::string> vars_;
    std::vector<Op> prog_;  // postfix
};

// The step shapes the builders use.
class MapFnStep : public Step {
public:
    std::function<bool(Traverser&)> fn;  // false: drop the traverser
    bool next(Traverser& out) override {
        while (input_->next(out)) {
            ctx_->tick();
            if (fn(out)) return true;
        }
        return false;
    }
};

}  // namespace tpbench::server::detail
