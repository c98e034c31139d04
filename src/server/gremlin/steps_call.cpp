// call(): TinkerPop's service registry as TinkerGraph fills it — the directory ("--list", the
// default), tinker.search (a start service: properties whose value's text matches a regex) and
// tinker.degree.centrality (a streaming service: a vertex's edge count, direction IN by default).
// Parameters merge as CallStep merges them: the static map, then the map traversal's result,
// then with(key, value | traversal) modulators, each evaluated per traverser.
#include "step_shapes.hpp"
#include "steps_site.hpp"

#include <tpbench/model/map_entries.hpp>

#include <memory>
#include <regex>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

constexpr const char* kSearch = "tinker.search";
constexpr const char* kDegree = "tinker.degree.centrality";

[[noreturn]] void illegal(const std::string& msg, const char* exc = "IllegalArgumentException") {
    fail(EvalError::Kind::evaluation, msg, exc);
}

struct CallSpec {
    enum class Svc : std::uint8_t { directory, search, degree } svc = Svc::directory;
    Value service;  // string, or null for the directory
    Value static_params = Value::map();
    PlanPtr param_plan;                                 // a traversal yielding a map
    std::vector<std::pair<Value, Value>> with_values;   // with(key, value)
    std::vector<std::pair<Value, PlanPtr>> with_plans;  // with(key, traversal)
    std::vector<std::size_t> with_order;                // index into values (even) / plans (odd)
    bool start = false;
};

const Value* param(const std::vector<Value>& kv, const char* key) {
    for (std::size_t i = 0; i + 1 < kv.size(); i += 2)
        if (kv[i].type() == Type::string && kv[i].str() == key) return &kv[i + 1];
    return nullptr;
}

class CallStep : public BufferedExpandStep<CallStep> {
public:
    std::shared_ptr<const CallSpec> spec;
    std::unique_ptr<Pipeline> param_pipe;
    std::vector<std::unique_ptr<Pipeline>> with_pipes;

private:
    Obj first_of(Pipeline& p, const Traverser& t) {
        Traverser s0 = t;
        s0.bulk = 1;
        p.start_with(s0);
        Traverser r;
        if (!p.next(r)) illegal("The provided traverser does not map to a value: call() parameter traversal");
        return r.obj;
    }

    std::vector<Value> params(const Traverser& t) {
        Ctx& ctx = *ctx_;
        std::vector<Value> kv = spec->static_params.kids();
        if (param_pipe) {
            Obj m = first_of(*param_pipe, t);
            if (m.el || m.v.type() != Type::map)
                illegal("call() parameter traversal must yield a Map, encountered " + java_class(ctx, m),
                        "ClassCastException");
            for (std::size_t i = 0; i + 1 < m.v.size(); i += 2) model::map_set(kv, m.v[i], m.v[i + 1]);
        }
        std::size_t vi = 0, pi = 0;
        for (std::size_t w : spec->with_order) {
            if (w % 2 == 0) {
                const auto& [k, v] = spec->with_values[vi++];
                model::map_set(kv, k, v);
            } else {
                Obj r = first_of(*with_pipes[pi], t);
                model::map_set(kv, spec->with_plans[pi].first, r.el ? to_value(ctx, r) : r.v);
                ++pi;
            }
        }
        return kv;
    }

    void emit_value(std::vector<Traverser>& out, const Traverser& t, Obj o) {
        if (spec->start) {
            Traverser n;
            n.bulk = t.bulk;
            n.obj = std::move(o);
            fresh_path(*ctx_, n);
            out.push_back(std::move(n));
        } else {
            out.push_back(t);
            advance(*ctx_, out.back(), std::move(o));
        }
    }

public:
    // The outputs of the service for one input traverser (BufferedExpandStep hands them out).
    void expand(const Traverser& t, std::vector<Traverser>& out) {
        Ctx& ctx = *ctx_;
        auto kv = params(t);
        if (spec->svc == CallSpec::Svc::directory) {
            if (!spec->start)
                illegal("This service cannot be used mid-traversal.", "UnsupportedOperationException");
            const Value* only = param(kv, "service");
            const Value* verbose = param(kv, "verbose");
            if (verbose && verbose->type() == Type::boolean && verbose->as_bool())
                fail(EvalError::Kind::unsupported, "call('--list') with verbose=true is not supported",
                     "UnsupportedOperationException");
            for (const char* name : {kSearch, kDegree})
                if (!only || only->is_null() || (only->type() == Type::string && only->str() == name))
                    emit_value(out, t, Obj(Value::string(name)));
            return;
        }
        if (spec->svc == CallSpec::Svc::search) {
            if (!spec->start)
                illegal("This service cannot be used mid-traversal.", "UnsupportedOperationException");
            const Value* regex = param(kv, "regex");
            const Value* search = param(kv, "search");
            std::string pattern;
            if (regex)
                pattern = regex->type() == Type::string ? regex->str() : regex->to_string();
            else if (search)
                pattern =
                    ".*(" + (search->type() == Type::string ? search->str() : search->to_string()) + ").*";
            else
                illegal("Missing search/regex parameter", "IllegalStateException");
            std::string type;
            if (const Value* ty = param(kv, "type"); ty && !ty->is_null()) {
                type = ty->type() == Type::string ? ty->str() : ty->to_string();
                if (type != "Vertex" && type != "Edge" && type != "VertexProperty")
                    illegal("Type must be one of Vertex/Edge/VertexProperty: " + type);
            }
            if (pattern.size() > 1000) illegal("tinker.search pattern too long (limit 1000 bytes)");
            std::regex re;
            try {
                re = std::regex(pattern);
            } catch (const std::regex_error&) {
                illegal("invalid regular expression '" + pattern + "'", "PatternSyntaxException");
            }
            auto matches = [&](const Value& v) {
                std::string s = v.type() == Type::string ? v.str() : v.to_string();
                return s.size() <= 65536 && std::regex_match(s, re);
            };
            const Snapshot& s = *ctx.snap;
            if (type.empty() || type == "Vertex")
                for (const auto& v : s.vertices) {
                    if (!visible(ctx, &v)) continue;
                    for (const auto& p : v.props)
                        if (visible(ctx, &p) && matches(p.value)) emit_value(out, t, Obj(&p));
                }
            if (type.empty() || type == "Edge")
                for (const auto& e : s.edges) {
                    if (!visible(ctx, &e)) continue;
                    for (const auto& [k, v] : e.props)
                        if (matches(v)) emit_value(out, t, Obj(Value::property(k, v)));
                }
            // VertexProperty: the properties of vertex properties (meta-properties), which this
            // store does not keep — nothing to match.
            return;
        }
        {  // tinker.degree.centrality
            if (spec->start)
                illegal("This service cannot be used to start a traversal.", "UnsupportedOperationException");
            std::string dir = "IN";
            if (const Value* d = param(kv, "direction"); d && !d->is_null()) {
                if (d->type() != Type::enum_ || d->enum_kind() != EnumKind::direction)
                    illegal("tinker.degree.centrality's direction must be a Direction, encountered " +
                                java_class(ctx, Obj(*d)),
                            "ClassCastException");
                dir = d->str();
            }
            const ElementRec* el = as_element(ctx, t.obj);
            if (!el || el->kind != ElKind::vertex)
                illegal(java_class(ctx, t.obj).substr(6) +
                            " cannot be cast to class org.apache.tinkerpop.gremlin.structure.Vertex",
                        "ClassCastException");
            const auto& v = *static_cast<const VertexRec*>(el);
            const Snapshot& s = *v.snap;
            std::int64_t n = 0;
            auto count = [&](const std::vector<std::uint32_t>& idx) {
                for (auto i : idx)
                    if (visible(ctx, &s.edges[i])) ++n;
            };
            if (dir == "OUT" || dir == "BOTH") count(v.out);
            if (dir == "IN" || dir == "BOTH") count(v.in);
            emit_value(out, t, Obj(Value::long_(n)));
        }
    }
};

}  // namespace

void build_call(StepSite& site) {
    const Instr& in = site.in;
    auto spec = std::make_shared<CallSpec>();
    spec->start = site.start;
    std::size_t i = 0;
    if (!in.args.empty()) {
        if (in.args[0].t || (in.args[0].v.type() != Type::string && !in.args[0].v.is_null())) site.bad_args();
        spec->service = in.args[0].v;
        i = 1;
    }
    if (i < in.args.size() && !in.args[i].t) {
        if (in.args[i].v.type() != Type::map && !in.args[i].v.is_null()) site.bad_args();
        if (in.args[i].v.type() == Type::map) spec->static_params = in.args[i].v;
        ++i;
    }
    if (i < in.args.size() && in.args[i].t) spec->param_plan = site.child(in.args[i++]);
    if (i != in.args.size()) site.bad_args();
    const Value& svc = spec->service;
    if (svc.is_null() || svc.str() == "--list")
        spec->svc = CallSpec::Svc::directory;
    else if (svc.str() == kSearch)
        spec->svc = CallSpec::Svc::search;
    else if (svc.str() == kDegree)
        spec->svc = CallSpec::Svc::degree;
    else
        illegal("Unrecognized service: " + svc.str());
    for (const Instr* m : site.mods) {
        if (m->name != "with") continue;
        if (m->args.empty() || m->args.size() > 2 || m->args[0].t) site.bad_args();
        Value k = m->args[0].v;
        if (m->args.size() == 2 && m->args[1].t) {
            spec->with_order.push_back(2 * spec->with_plans.size() + 1);
            spec->with_plans.emplace_back(k, site.child(m->args[1]));
        } else {
            spec->with_order.push_back(2 * spec->with_values.size());
            spec->with_values.emplace_back(k, m->args.size() == 2 ? m->args[1].v : Value::boolean(true));
        }
    }
    std::shared_ptr<const CallSpec> cspec = spec;
    site.add([cspec](Ctx& ctx) {
        auto st = std::make_unique<CallStep>();
        st->spec = cspec;
        if (cspec->param_plan) st->param_pipe = cspec->param_plan->instantiate(ctx);
        for (const auto& [k, p] : cspec->with_plans) st->with_pipes.push_back(p->instantiate(ctx));
        return std::unique_ptr<Step>(std::move(st));
    });
}

}  // namespace tpbench::server::detail
