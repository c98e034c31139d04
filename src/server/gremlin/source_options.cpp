// The traversal source's options (g.with(...), withStrategies(...); withSideEffect, withSack and
// withBulk: steps_sidefx.cpp).
#include "compiler.hpp"
#include "steps_sidefx.hpp"

#include <cstring>

namespace tpbench::server::detail {

using model::Type;
using model::Value;

SourceOptions source_options(const Code& code) {
    SourceOptions o;
    for (const auto& in : code.source) {
        if (sidefx_source_option(in, code.where, o)) continue;  // withSideEffect, withSack, withBulk
        if (in.name == "with") {
            if (in.args.empty() || !is_str(in.args[0]) || in.args.size() > 2) bad_args(in);
            const std::string& k = in.args[0].v.str();
            Value v = in.args.size() == 2 ? in.args[1].v : Value::boolean(true);
            if (k == "materializeProperties") {
                if (v.type() != Type::string || (v.str() != "tokens" && v.str() != "all"))
                    fail(EvalError::Kind::evaluation, "materializeProperties must be 'tokens' or 'all'",
                         "IllegalArgumentException");
                o.tokens = v.str() == "tokens";
            }
            if (k == "multilabel") o.multilabel = v.type() != Type::boolean || v.as_bool();
            continue;
        }
        if (in.name == "withStrategies") {
            for (const auto& a : in.args) {
                if (a.t || a.v.type() != Type::strategy || a.v.size() < 2) bad_args(in);
                const Value& cfg = a.v[1];
                // OptionsStrategy and ReadOnlyStrategy are honoured, optimisations are accepted (the
                // ones whose effects show are on by default, strategies.cpp: naming them changes nothing);
                // silently ignoring e.g. SubgraphStrategy or PartitionStrategy would return wrong results, so
                // they are refused.
                const std::string& cls = a.v[0].str();
                if (cls.find("ReadOnlyStrategy") != std::string::npos) {
                    o.read_only = true;
                    continue;
                }
                if (cls.find("ProductiveByStrategy") != std::string::npos) {
                    o.productive_by = true;
                    continue;
                }
                if (cls.find("SeedStrategy") != std::string::npos) {
                    // coin()/sample() draw from java.util.Random(seed), as TinkerPop's do
                    const Value* seed = cfg.find("seed");
                    if (!seed || !seed->is_number() || seed->type() == Type::double_ ||
                        seed->type() == Type::float_ || seed->type() == Type::big_decimal)
                        fail(EvalError::Kind::evaluation, "SeedStrategy needs an integral seed",
                             "IllegalArgumentException");
                    o.seed = seed->to_int64();
                    continue;
                }
                auto crit = [&](const char* key) -> std::shared_ptr<Code> {
                    const Value* x = cfg.find(key);
                    if (!x || x->is_null()) return nullptr;
                    if (x->type() != Type::bytecode)
                        fail(EvalError::Kind::evaluation,
                             std::string("SubgraphStrategy ") + key + " must be a traversal",
                             "IllegalArgumentException");
                    return code_from_bytecode(*x);
                };
                if (cls.find("SubgraphStrategy") != std::string::npos) {
                    o.sg_vertices = crit("vertices");
                    o.sg_edges = crit("edges");
                    o.sg_vertex_properties = crit("vertexProperties");
                    if (const Value* c = cfg.find("checkAdjacentVertices"))
                        if (c->type() == Type::boolean) o.sg_check_adjacent = c->as_bool();
                    continue;
                }
                if (cls.find("PartitionStrategy") != std::string::npos) {
                    const Value* k = cfg.find("partitionKey");
                    if (!k || k->type() != Type::string || k->str().empty())
                        fail(EvalError::Kind::evaluation, "The partitionKey cannot be null",
                             "IllegalArgumentException");
                    o.partition_key = k->str();
                    if (const Value* w = cfg.find("writePartition")) o.write_partition = *w;
                    if (const Value* r = cfg.find("readPartitions")) {
                        if (r->type() == Type::list || r->type() == Type::set)
                            o.read_partitions = r->kids();
                        else
                            o.read_partitions = {*r};
                    }
                    if (const Value* m = cfg.find("includeMetaProperties"))
                        if (m->type() == Type::boolean && m->as_bool())
                            fail(EvalError::Kind::unsupported,
                                 "PartitionStrategy with includeMetaProperties is not supported",
                                 "MissingMethodException");
                    continue;
                }
                static const char* optimisations[] = {
                    "CountStrategy", "LazyBarrierStrategy", "PathRetractionStrategy", "FilterRankingStrategy",
                    "InlineFilterStrategy", "IncidentToAdjacentStrategy", "AdjacentToIncidentStrategy",
                    "RepeatUnrollStrategy", "MatchPredicateStrategy", "EarlyLimitStrategy",
                    "IdentityRemovalStrategy", "ByModulatorOptimizationStrategy", "TinkerGraphStepStrategy",
                    "TinkerGraphCountStrategy",
                    // no effect on an OLTP evaluation's results
                    "OrderLimitStrategy", "PathProcessorStrategy", "MessagePassingReductionStrategy",
                    "GraphFilterStrategy", "ComputerFinalizationStrategy", "ProfileStrategy",
                    "StandardVerificationStrategy", "ComputerVerificationStrategy", "MatchAlgorithmStrategy"};
                bool optimisation = false;
                for (const char* x : optimisations)
                    if (cls.size() >= std::strlen(x) &&
                        cls.compare(cls.size() - std::strlen(x), std::string::npos, x) == 0)
                        optimisation = true;
                if (optimisation) continue;
                if (cls.find("OptionsStrategy") == std::string::npos)
                    fail(EvalError::Kind::unsupported,
                         "unsupported traversal strategy " + a.v[0].str() + " at " + code.where + " " +
                             std::to_string(in.pos),
                         "MissingMethodException");
                if (const Value* mp = cfg.find("materializeProperties"))
                    if (mp->type() == Type::string) o.tokens = mp->str() == "tokens";
            }
            continue;
        }
        if (in.name == "withoutStrategies" || in.name == "withPath" || in.name == "withComputer") continue;
        fail(EvalError::Kind::unsupported,
             "unsupported traversal source step '" + in.name + "' at " + code.where + " " +
                 std::to_string(in.pos),
             "MissingMethodException");
    }
    return o;
}

}  // namespace tpbench::server::detail
