// The compiler from instructions to plans: groups modulators with their steps, dispatches each step
// to its builder through the step table (compiler.hpp), and the argument helpers the builders share.
// The builders live in steps_*.cpp, one file per family.
#include "compiler.hpp"
#include "steps_write.hpp"

#include <algorithm>
#include <deque>

#include <stdexcept>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

// The step files' register functions. A new steps_*.cpp file adds its function here.
void register_graph_steps(StepTable& t);
void register_filter_steps(StepTable& t);
void register_select_steps(StepTable& t);
void register_branch_steps(StepTable& t);
void register_reduce_steps(StepTable& t);
void register_map_steps(StepTable& t);
void register_write_steps(StepTable& t);
void register_list_steps(StepTable& t);
void register_filters_steps(StepTable& t);
void register_sidefx_steps(StepTable& t);
void register_tree_steps(StepTable& t);
void register_shortest_path_steps(StepTable& t);
void register_v4_steps(StepTable& t);

namespace {

constexpr void (*kStepFiles[])(StepTable&) = {
    register_graph_steps,   register_filter_steps, register_select_steps, register_branch_steps,
    register_reduce_steps,  register_map_steps,    register_write_steps,  register_list_steps,
    register_filters_steps, register_sidefx_steps, register_tree_steps,   register_shortest_path_steps,
    register_v4_steps,
};

bool is_modulator(const Instr& in) {
    const std::string& n = in.name;
    // to(Direction, labels...) is a step (VertexStep), to(label|traversal) a from()/to() modulator
    if (n == "to") return in.args.empty() || !is_enum(in.args[0], EnumKind::direction);
    return n == "by" || n == "option" || n == "from" || n == "with";
}

}  // namespace

// ---- argument helpers -------------------------------------------------------------------------------

std::string java_type(const Arg& a) {
    if (a.t) return "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.DefaultGraphTraversal";
    switch (a.v.type()) {
        case Type::null:
            return "null";
        case Type::boolean:
            return "java.lang.Boolean";
        case Type::int_:
            return "java.lang.Integer";
        case Type::long_:
            return "java.lang.Long";
        case Type::double_:
            return "java.lang.Double";
        case Type::float_:
            return "java.lang.Float";
        case Type::string:
            return "java.lang.String";
        case Type::big_decimal:
            return "java.math.BigDecimal";
        case Type::list:
            return "java.util.ArrayList";
        case Type::map:
            return "java.util.LinkedHashMap";
        case Type::p:
            return "org.apache.tinkerpop.gremlin.process.traversal.P";
        case Type::text_p:
            return "org.apache.tinkerpop.gremlin.process.traversal.TextP";
        case Type::enum_:
            return "org.apache.tinkerpop.gremlin.structure." + std::string(model::type_name(a.v.type()));
        default:
            return std::string(model::type_name(a.v.type()));
    }
}

[[noreturn]] void bad_args(const Instr& in) {
    std::string types, vals;
    for (std::size_t i = 0; i < in.args.size(); ++i) {
        if (i) {
            types += ", ";
            vals += ", ";
        }
        types += java_type(in.args[i]);
        vals += in.args[i].t ? "[GraphStep...]" : in.args[i].v.to_string();
    }
    fail(EvalError::Kind::evaluation,
         "No signature of method: "
         "org.apache.tinkerpop.gremlin.process.traversal.dsl.graph.DefaultGraphTraversal." +
             in.name + "() is applicable for argument types: (" + types + ") values: [" + vals + "]",
         "MissingMethodException");
}

bool is_int_arg(const Arg& a) {
    return !a.t && (a.v.type() == Type::int_ || a.v.type() == Type::long_ || a.v.type() == Type::short_ ||
                    a.v.type() == Type::byte);
}

std::vector<std::string> strings(const Instr& in, std::size_t from) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < in.args.size(); ++i) {
        if (!is_str(in.args[i])) bad_args(in);
        out.push_back(in.args[i].v.str());
    }
    return out;
}

Value as_pred(const Arg& a, const Instr& in) {
    // 4.0: is(__.x()) / has(key, __.x())-style value traversals are P.eq(traversal)
    if (a.t && compiling_dialect().traversal_arguments) return Value::p("eq", {code_to_bytecode(*a.t)});
    if (a.t) bad_args(in);
    if (a.v.type() == Type::p || a.v.type() == Type::text_p) return a.v;
    return Value::p("eq", {a.v});
}

Value within_of(const Instr& in, std::size_t from) {
    if (in.args.size() == from + 1) return as_pred(in.args[from], in);
    std::vector<Value> vals;
    for (std::size_t i = from; i < in.args.size(); ++i) {
        if (in.args[i].t || is_pred(in.args[i])) bad_args(in);
        vals.push_back(in.args[i].v);
    }
    return Value::p("within", std::move(vals));
}

int order_of(const Value& v) {
    const std::string& n = v.str();
    if (n == "asc" || n == "incr") return 1;
    if (n == "desc" || n == "decr") return -1;
    return 0;  // shuffle
}

std::int64_t int_of(const Arg& a, const Instr& in) {
    if (!is_int_arg(a)) bad_args(in);
    return a.v.as_int();
}

// ---- the step table -----------------------------------------------------------------------------------

void StepTable::add(std::string_view name, StepBuilder build, std::uint8_t flags) {
    if (!map_.emplace(name, StepEntry{build, flags}).second)
        throw std::logic_error("gremlin step '" + std::string(name) + "' is registered twice");
}

const StepEntry* StepTable::find(std::string_view name) const {
    auto it = map_.find(name);
    return it == map_.end() ? nullptr : &it->second;
}

const StepTable& step_table() {
    static const StepTable table = [] {
        StepTable t;
        for (auto reg : kStepFiles) reg(t);
        return t;
    }();
    return table;
}

// ---- the compiler -------------------------------------------------------------------------------------

std::vector<Spec> split_specs(const Code& code) {
    std::vector<Spec> specs;
    std::vector<const Instr*> pending;
    for (const auto& in : code.steps) {
        const std::string& n = in.name;
        bool loop_mod = n == "times" || n == "until" || n == "emit";
        // until()/times() and emit() modulate the repeat() before them only while it has none of the
        // kind yet (RepeatStep.addUntilToTraversal / addEmitToTraversal); otherwise they start the next
        if (loop_mod && !specs.empty() && specs.back().main->name == "repeat" && pending.empty()) {
            const Spec& r = specs.back();
            auto taken = [&](const std::vector<const Instr*>& xs) {
                return std::any_of(xs.begin(), xs.end(), [&](const Instr* m) {
                    return n == "emit" ? m->name == "emit" : m->name == "until" || m->name == "times";
                });
            };
            if (!taken(r.mods) && !taken(r.pre)) {
                specs.back().mods.push_back(&in);
                continue;
            }
        }
        if (loop_mod) {
            pending.push_back(&in);
            continue;
        }
        if (is_modulator(in)) {
            if (specs.empty())
                fail(EvalError::Kind::evaluation,
                     n + "() at " + code.where + " " + std::to_string(in.pos) +
                         " does not follow a step it can modulate",
                     "IllegalStateException");
            specs.back().mods.push_back(&in);
            continue;
        }
        Spec s;
        s.main = &in;
        if (!pending.empty()) {
            if (n != "repeat")
                fail(EvalError::Kind::evaluation,
                     pending.front()->name + "() at " + code.where + " " +
                         std::to_string(pending.front()->pos) + " must be followed by repeat()",
                     "IllegalStateException");
            s.pre = std::move(pending);
            pending.clear();
        }
        specs.push_back(std::move(s));
    }
    if (!pending.empty()) {
        // until()/emit()/times() after another modulator of the same repeat
        if (!specs.empty() && specs.back().main->name == "repeat") {
            for (auto* p : pending) specs.back().mods.push_back(p);
        } else {
            // real 3.7.5 and 4.0 master: "The repeat()-traversal was not defined:[<steps>]"
            fail(EvalError::Kind::evaluation,
                 "The repeat()-traversal was not defined: " + pending.front()->name + "() at " + code.where +
                     " " + std::to_string(pending.front()->pos) + " has no repeat() to modulate",
                 "IllegalStateException");
        }
    }
    return specs;
}

void Compiler::run(bool source) {
    std::vector<Spec> specs = split_specs(code);
    std::deque<Instr> folded;
    fold_write_properties(specs, folded);
    early_limit(specs, folded);
    fuse_incident(specs, folded);
    bound_counts(specs, folded);
    const LazyBarriers barriers = lazy_barriers(code, specs, inherit);
    for (std::size_t i = 0; i < specs.size(); ++i) {
        at_start = source && i == 0;
        first = i == 0;
        here_ = barriers.at[i];
        unrolled_ = barriers.body[i];
        lazy_last_ = barriers.lazy_last[i];
        compile_step(specs[i]);
        if (barriers.after[i] != LazyBarriers::none)
            add([retracted = barriers.after[i] == LazyBarriers::merge_retracted](Ctx&) {
                auto s = std::make_unique<CollectStep>(retracted);
                s->window = 2500;  // LazyBarrierStrategy.MAX_BARRIER_SIZE
                return std::unique_ptr<Step>(std::move(s));
            });
    }
    plan.has_start = source;
    plan.reducing = !specs.empty() && reducing_last;
}

void Compiler::compile_step(const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    const StepEntry* e = step_table().find(n);
    // Steps TinkerPop added after 3.7 do not exist for a 3.7 evaluation (Dialect::new_steps).
    if (e && (e->flags & kStepSince38) && !compiling_dialect().new_steps) e = nullptr;
    if (at_start && (!e || !(e->flags & kStepSource)))
        fail(
            EvalError::Kind::unsupported,
            "traversal source has no step '" + n + "' (at " + code.where + " " + std::to_string(in.pos) + ")",
            "MissingMethodException");
    if (!e) {
        if (n == "times" || n == "until" || n == "emit")
            fail(EvalError::Kind::evaluation, n + "() must modulate repeat()", "IllegalStateException");
        fail(EvalError::Kind::unsupported,
             "unsupported step '" + n + "' at " + code.where + " " + std::to_string(in.pos),
             "MissingMethodException");
    }
    if (e->flags & kStepBarrier) plan.has_barrier = true;
    e->build(*this, s);
}

PlanPtr Compiler::child(const Arg& a, const Instr& in) {
    if (!a.t) bad_args(in);
    auto p = compile(*a.t, false);
    need(p->needs);
    return p;
}

PlanPtr Compiler::child_code(const Code& c) {
    auto p = compile(c, false);
    need(p->needs);
    return p;
}

PlanPtr Compiler::repeat_body(const Arg& a, const Instr& in) {
    if (!a.t) bad_args(in);
    auto p = a.t.get() == unrolled_ ? compile(*a.t, false, &here_) : compile(*a.t, false);
    need(p->needs);
    return p;
}

PlanPtr Compiler::single(const std::string& name, std::vector<Arg> args) {
    Code c;
    c.anonymous = true;
    c.where = code.where;
    c.steps.push_back(Instr{name, std::move(args), 0});
    return child_code(c);
}

By Compiler::by_of(const Instr& in) {
    By b;
    if (in.args.empty()) return b;
    if (in.args.size() > 2) bad_args(in);
    const Arg& a = in.args[0];
    std::size_t rest = 1;
    if (a.t) {
        b.kind = By::Kind::traversal;
        b.plan = child(a, in);
    } else if (a.v.type() == Type::string) {
        b.kind = By::Kind::key;
        b.name = a.v.str();
    } else if (a.v.type() == Type::enum_ &&
               (a.v.enum_kind() == EnumKind::t || a.v.enum_kind() == EnumKind::column)) {
        b.kind = By::Kind::token;
        b.name = a.v.str();
        b.token = token_of(b.name);
    } else if (a.v.type() == Type::enum_ && a.v.enum_kind() == EnumKind::order) {
        b.order = order_of(a.v);
        rest = 2;
        if (in.args.size() > 1) bad_args(in);
    } else {
        bad_args(in);
    }
    if (rest == 1 && in.args.size() == 2) {
        if (!is_enum(in.args[1], EnumKind::order)) bad_args(in);
        b.order = order_of(in.args[1].v);
    }
    return b;
}

std::vector<By> Compiler::bys(const Spec& s) {
    std::vector<By> out;
    for (auto* m : s.mods)
        if (m->name == "by") out.push_back(by_of(*m));
    return out;
}

PlanPtr Compiler::by_plan(const By& b) {
    switch (b.kind) {
        case By::Kind::identity:
            return nullptr;
        case By::Kind::key:
            return single("values", {Arg{Value::string(b.name), nullptr}});
        case By::Kind::token:
            return single(b.name, {});
        case By::Kind::traversal:
            return b.plan;
    }
    return nullptr;
}

// ---- predicates with child traversals (4.0: P.eq(__.x()), …) ------------------------------------------

void check_read_only_child(const Code& c) {
    static const std::pair<const char*, const char*> mutating[] = {
        {"addV", "AddVertexStep"}, {"addE", "AddEdgeStep"},       {"property", "AddPropertyStep"},
        {"drop", "DropStep"},      {"mergeV", "MergeVertexStep"}, {"mergeE", "MergeEdgeStep"}};
    for (const auto& in : c.steps) {
        for (const auto& [name, cls] : mutating)
            if (in.name == name)
                fail(EvalError::Kind::evaluation,
                     std::string("Child traversal contains a mutating step '") + cls +
                         "'. Mutating steps are not allowed in child traversals.",
                     "IllegalArgumentException");
        for (const auto& a : in.args)
            if (a.t) check_read_only_child(*a.t);
    }
}

bool p_has_traversal(const Value& p) {
    if (p.type() != Type::p) return false;
    for (const auto& k : p.kids())
        if (k.type() == Type::bytecode || p_has_traversal(k)) return true;
    return false;
}
namespace {
void collect_p_traversals(Compiler& comp, const Value& p, std::vector<PlanPtr>& out) {
    if (p.type() != Type::p) return;
    for (const auto& k : p.kids()) {
        if (k.type() == Type::bytecode) {
            auto code = code_from_bytecode(k);
            check_read_only_child(*code);
            out.push_back(comp.child_code(*code));
        } else {
            collect_p_traversals(comp, k, out);
        }
    }
}

}  // namespace

PredRt::PredRt(Ctx& ctx, const std::vector<PlanPtr>& plans) {
    for (const auto& p : plans) pipes_.push_back(p->instantiate(ctx));
}

Value PredRt::resolve(Ctx& ctx, const Traverser& t, const Value& p) {
    std::size_t next = 0;
    return resolve(ctx, t, p, next);
}

Value PredRt::resolve(Ctx& ctx, const Traverser& t, const Value& p, std::size_t& next) {
    if (p.type() != Type::p) return p;
    const std::string& n = p.str();
    bool leaf_traversal = false;
    for (const auto& k : p.kids())
        if (k.type() == Type::bytecode) leaf_traversal = true;
    if (!leaf_traversal) {
        if (!p_has_traversal(p)) return p;
        std::vector<Value> kids;
        for (const auto& k : p.kids()) kids.push_back(resolve(ctx, t, k, next));
        return Value::p(n, std::move(kids));
    }
    const bool collection = n == "within" || n == "without";
    std::vector<Value> results;
    std::size_t children = 0;
    std::vector<Value> literals;
    for (const auto& k : p.kids()) {
        if (k.type() != Type::bytecode) {
            literals.push_back(k);
            continue;
        }
        ++children;
        Pipeline& pipe = *pipes_[next++];
        Traverser s0 = t;
        s0.bulk = 1;
        pipe.start_with(s0);
        Traverser r;
        if (pipe.next(r)) results.push_back(to_value(ctx, r.obj));
    }
    if (collection) {
        std::vector<Value> items = literals;
        if (children == 1 && results.size() == 1 &&
            (results[0].type() == Type::list || results[0].type() == Type::set)) {
            for (const auto& x : results[0].kids()) items.push_back(x);
        } else {
            for (auto& r : results) items.push_back(std::move(r));
        }
        return Value::p(n, std::move(items));
    }
    if (results.size() < children) return Value::p("~never", {});
    std::vector<Value> kids;
    std::size_t ri = 0;
    for (const auto& k : p.kids()) kids.push_back(k.type() == Type::bytecode ? results[ri++] : k);
    return Value::p(n, std::move(kids));
}

std::vector<PlanPtr> Compiler::pred_plans(const Value& p) {
    std::vector<PlanPtr> plans;
    collect_p_traversals(*this, p, plans);
    return plans;
}

void Compiler::add_pred_fn(const Value& p, std::function<bool(Ctx&, Traverser&, const Value&)> fn) {
    if (!p_has_traversal(p)) {
        add_fn([p, fn](Ctx& ctx, Traverser& t) { return fn(ctx, t, p); });
        return;
    }
    add([p, fn, plans = pred_plans(p)](Ctx& ctx) {
        auto rt = std::make_shared<PredRt>(ctx, plans);
        auto s = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        s->fn = [p, fn, rt, c](Traverser& t) {
            Value resolved = rt->resolve(*c, t, p);
            return fn(*c, t, resolved);
        };
        return std::unique_ptr<Step>(std::move(s));
    });
}

void Compiler::add_fn(const std::function<bool(Ctx&, Traverser&)>& fn) {
    add([fn](Ctx& ctx) {
        auto s = std::make_unique<FnStep>();
        Ctx* c = &ctx;
        s->fn = [fn, c](Traverser& t) { return fn(*c, t); };
        return std::unique_ptr<Step>(std::move(s));
    });
}

void Compiler::add_expand(const std::function<void(Ctx&, Traverser&, std::vector<Traverser>&)>& fn) {
    add([fn](Ctx& ctx) {
        auto s = std::make_unique<ExpandStep>();
        Ctx* c = &ctx;
        s->fn = [fn, c](Traverser& t, std::vector<Traverser>& out) { fn(*c, t, out); };
        return std::unique_ptr<Step>(std::move(s));
    });
}

// ---- entry points ---------------------------------------------------------------------------------------

std::size_t instruction_count(const Code& code) {
    std::size_t n = code.source.size() + code.steps.size();
    for (const auto& in : code.steps)
        for (const auto& a : in.args)
            if (a.t) n += instruction_count(*a.t);
    return n;
}

namespace {
// Set while a source traversal that has withComputer() compiles (its child traversals included).
thread_local bool t_on_computer = false;
// The strategy environment of the source traversal compiling (strategies.cpp).
thread_local StrategyEnv t_strategy_env;
}  // namespace

// Declared by the steps that need a GraphComputer (steps_shortest_path.cpp): TinkerPop's
// StandardVerificationStrategy refuses VertexComputing steps in a traversal without withComputer().
bool compiling_on_computer() { return t_on_computer; }

const StrategyEnv& strategy_env() { return t_strategy_env; }

PlanPtr compile(const Code& code, bool source, const LazyBarrierState* inherit) {
    struct Restore {
        bool saved = t_on_computer;
        StrategyEnv env = t_strategy_env;
        ~Restore() {
            t_on_computer = saved;
            t_strategy_env = env;
        }
    } restore;
    if (source) {
        t_on_computer = std::any_of(code.source.begin(), code.source.end(),
                                    [](const Instr& in) { return in.name == "withComputer"; });
        t_strategy_env = strategy_env_of(code);
    }
    auto plan = std::make_shared<Plan>();
    Compiler c(code, *plan);
    if (inherit) c.inherit = *inherit;
    c.run(source);
    return plan;
}

}  // namespace tpbench::server::detail
