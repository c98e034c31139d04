// Result streams and the bytecode front end.
#include "runtime.hpp"
#include "steps_filter_where_has.hpp"
#include "steps_sidefx.hpp"
#include "steps_write.hpp"

#include <exception>

namespace tpbench::server::detail {

using model::Type;
using model::Value;

namespace {

EvalError internal_error(const std::exception& e) {
    return EvalError{EvalError::Kind::evaluation, std::string("internal error: ") + e.what(),
                     "RuntimeException"};
}

// The first mutating step of a traversal (nested ones too), for ReadOnlyStrategy.
static const std::string* mutating_step(const Code& code) {
    for (const auto& in : code.steps) {
        if (in.name == "addV" || in.name == "addE" || in.name == "property" || in.name == "drop" ||
            in.name == "mergeV" || in.name == "mergeE")
            return &in.name;
        for (const auto& a : in.args)
            if (a.t)
                if (const std::string* m = mutating_step(*a.t)) return m;
    }
    return nullptr;
}

// A compiled source traversal pulled lazily.
class TraversalStream final : public ResultStream {
public:
    TraversalStream(Graph& graph, const Code& code, const EvalOptions& opts) {
        try {
            DialectScope dialect(opts.generation);
            ctx_.dialect = &dialect_of(opts.generation);
            if (std::size_t n = instruction_count(code); n > kMaxInstructions)
                fail(EvalError::Kind::evaluation,
                     "traversal has " + std::to_string(n) + " steps; at most " +
                         std::to_string(kMaxInstructions) + " are supported",
                     "IllegalArgumentException");
            SourceOptions so = source_options(code);
            if (so.read_only)
                if (const std::string* m = mutating_step(code))
                    fail(EvalError::Kind::evaluation,
                         "The provided traversal has a mutating step and thus is not read only: " + *m + "()",
                         "VerificationException");
            code_ = code;
            rewrite_connectives(code_, true);  // ConnectiveStrategy: infix and()/or()
            plan_ = compile(code_, true);
            ctx_.graph = &graph;
            ctx_.set_snapshot(graph.store().snapshot());
            ctx_.deadline = opts.deadline;
            ctx_.path_mode = plan_->needs;
            ctx_.tokens = so.tokens.value_or(opts.materialize_tokens);
            ctx_.productive_by = so.productive_by;
            ctx_.multilabel = so.multilabel && ctx_.dialect->label_cardinality_one;
            ctx_.seed = so.seed;
            if (so.sg_vertices || so.sg_edges || so.sg_vertex_properties || !so.partition_key.empty()) {
                auto f = std::make_shared<ElementFilter>();
                auto criterion = [](const std::shared_ptr<Code>& c) {
                    Code x = *c;
                    rewrite_connectives(x, false);
                    return compile(x, false);
                };
                if (so.sg_vertices) f->vertices = criterion(so.sg_vertices);
                if (so.sg_edges) f->edges = criterion(so.sg_edges);
                if (so.sg_vertex_properties) f->vertex_properties = criterion(so.sg_vertex_properties);
                f->check_adjacent = so.sg_check_adjacent;
                f->partition_key = so.partition_key;
                f->read_partitions = so.read_partitions;
                ctx_.filter = std::move(f);
                ctx_.partition_key = so.partition_key;
                ctx_.write_partition = so.write_partition;
            }
            // Elements are handed out by key unless the traversal itself overrode the protocol's
            // materializeProperties choice, in which case they are materialised here.
            by_key_ = !so.tokens.has_value() || *so.tokens == opts.materialize_tokens;
            apply_sidefx_options(ctx_, so);  // withSideEffect, withSack, withBulk
            auto start = std::make_unique<StartStep>();
            start->ctx_ = &ctx_;
            start->push(Traverser{});
            tail_ = plan_->instantiate_on(ctx_, std::move(start));
        } catch (const EvalFailure& f) {
            error_ = f.error;
        } catch (const std::exception& e) {
            error_ = internal_error(e);
        }
    }

    bool next(Item& out) override {
        if (error_ || done_) return false;
        DialectScope dialect(ctx_.dialect->generation);  // steps read compiling_dialect() at run time too
        try {
            Traverser t;
            if (!tail_->next(t)) {
                done_ = true;
                return false;
            }
            ctx_.tick();
            out.bulk = t.bulk;
            if (t.obj.el && by_key_) {
                out.value = Value();
                out.element_key = t.obj.el;
            } else {
                out.value = to_value(ctx_, t.obj);
                strip_property_parents(out.value);
                out.element_key = nullptr;
            }
            return true;
        } catch (const EvalFailure& f) {
            error_ = f.error;
        } catch (const std::bad_alloc&) {
            error_ =
                EvalError{EvalError::Kind::evaluation, "out of memory while evaluating", "OutOfMemoryError"};
        } catch (const std::exception& e) {
            error_ = internal_error(e);
        }
        done_ = true;
        return false;
    }
    const std::optional<EvalError>& error() const override { return error_; }

private:
    Code code_;  // the traversal after ConnectiveStrategy
    Ctx ctx_;
    PlanPtr plan_;
    std::unique_ptr<Step> tail_;
    std::optional<EvalError> error_;
    bool done_ = false;
    bool by_key_ = true;
};

// A stream that fails immediately.
class ErrorStream final : public ResultStream {
public:
    explicit ErrorStream(EvalError e) : error_(std::move(e)) {}
    bool next(Item&) override { return false; }
    const std::optional<EvalError>& error() const override { return error_; }

private:
    std::optional<EvalError> error_;
};

constexpr int kMaxBytecodeDepth = 64;

std::shared_ptr<Code> from_bytecode(const Value& bc, int depth);

Arg arg_from(const Value& v, int depth) {
    if (v.type() == Type::bytecode) return Arg{Value(), from_bytecode(v, depth + 1)};
    if (v.type() == Type::binding) return arg_from(v.size() ? v[0] : Value(), depth);
    if (v.type() == Type::traverser) return arg_from(v.size() ? v[0] : Value(), depth);
    return Arg{v, nullptr};
}

void instructions(const Value& list, std::vector<Instr>& out, int depth) {
    if (list.type() != Type::list)
        fail(EvalError::Kind::syntax, "bytecode instructions must be a list", "IllegalArgumentException");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Value& ins = list[i];
        if (ins.type() != Type::list || ins.size() == 0 || ins[0].type() != Type::string)
            fail(EvalError::Kind::syntax,
                 "bytecode instruction " + std::to_string(i) + " is not [name, args...]",
                 "IllegalArgumentException");
        Instr in;
        in.name = ins[0].str();
        in.pos = i;
        for (std::size_t k = 1; k < ins.size(); ++k) in.args.push_back(arg_from(ins[k], depth));
        out.push_back(std::move(in));
    }
}

std::shared_ptr<Code> from_bytecode(const Value& bc, int depth) {
    if (depth > kMaxBytecodeDepth)
        fail(EvalError::Kind::syntax, "bytecode nested deeper than " + std::to_string(kMaxBytecodeDepth),
             "IllegalArgumentException");
    if (bc.type() != Type::bytecode || bc.size() != 2)
        fail(EvalError::Kind::syntax, "expected Bytecode, got " + std::string(model::type_name(bc.type())),
             "IllegalArgumentException");
    auto code = std::make_shared<Code>();
    code->where = "instruction";
    code->anonymous = depth > 0;
    instructions(bc[0], code->steps, depth);
    instructions(bc[1], code->source, depth);
    return code;
}

}  // namespace

namespace {
Value instr_list(const std::vector<Instr>& ins) {
    std::vector<Value> out;
    for (const auto& in : ins) {
        std::vector<Value> xs{Value::string(in.name)};
        for (const auto& a : in.args) xs.push_back(a.t ? code_to_bytecode(*a.t) : a.v);
        out.push_back(Value::list(std::move(xs)));
    }
    return Value::list(std::move(out));
}
}  // namespace

Value code_to_bytecode(const Code& code) {
    return Value::bytecode(instr_list(code.steps), instr_list(code.source));
}

std::shared_ptr<Code> code_from_bytecode(const Value& bc) {
    auto c = from_bytecode(bc, 1);
    c->anonymous = true;
    return c;
}

std::unique_ptr<ResultStream> make_traversal_stream(Graph& graph, const Code& code, const EvalOptions& opts) {
    return std::make_unique<TraversalStream>(graph, code, opts);
}

Value run_to_list(Graph& graph, const Code& code, const EvalOptions& opts, std::size_t limit) {
    TraversalStream s(graph, code, opts);
    std::vector<Value> out;
    Item it;
    while (out.size() < limit && s.next(it)) {
        Value v = it.element_key ? materialize(it, opts.materialize_tokens) : it.value;
        for (std::int64_t b = 0; b < it.bulk && out.size() < limit; ++b) out.push_back(v);
    }
    if (s.error()) throw EvalFailure{*s.error()};
    return Value::list(std::move(out));
}

}  // namespace tpbench::server::detail

namespace tpbench::server {

std::unique_ptr<ResultStream> evaluate_bytecode(Graph& graph, const model::Value& bytecode,
                                                const EvalOptions& opts) {
    try {
        auto code = detail::from_bytecode(bytecode, 0);
        if (code->steps.empty())
            return std::make_unique<detail::ErrorStream>(
                EvalError{EvalError::Kind::evaluation, "bytecode has no steps", "IllegalArgumentException"});
        return detail::make_traversal_stream(graph, *code, opts);
    } catch (const detail::EvalFailure& f) {
        return std::make_unique<detail::ErrorStream>(f.error);
    } catch (const std::exception& e) {
        return std::make_unique<detail::ErrorStream>(EvalError{
            EvalError::Kind::evaluation, std::string("internal error: ") + e.what(), "RuntimeException"});
    }
}

}  // namespace tpbench::server
