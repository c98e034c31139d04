#pragma once
// Private to tpbench::gremlin: the mutating steps (addV, addE, property, drop, mergeV, mergeE) and
// element(), with TinkerPop 3.7's semantics as TinkerGraph implements them (AddVertexStep,
// AddEdgeStep, AddPropertyStep, DropStep, MergeVertexStep, MergeEdgeStep, ElementStep), over the
// copy-on-write graph store.
#include "runtime.hpp"

#include <deque>
#include <functional>
#include <string>
#include <vector>

namespace tpbench::server::detail {

// What the compiler hands a write-step builder.
struct WriteBuild {
    const Instr* main = nullptr;
    std::vector<const Instr*> mods;  // modulators, incl. property() folded into addV()/addE()
    bool start = false;              // first step of a source traversal
    std::function<PlanPtr(const Arg&, const Instr&)> child;  // compiles an anonymous traversal
    std::function<void(PathMode)> need;
    std::function<void(Plan::Factory)> add;
};

// True for the steps compile_write_step builds.
bool is_write_step(const std::string& name);
// Builds the step (throws EvalFailure for bad arguments).
void compile_write_step(const WriteBuild& b);

// GraphTraversal.property()'s construction-time rules: property(Map) / property(Cardinality, Map) /
// property(null) expand to one property() per entry (or none); property() that follows addV()/addE()
// (possibly after other property() steps) is folded into it when TinkerPop folds it (always for
// addE; for addV when it has no meta-properties and its key is a T, a traversal, or a String
// without an explicit cardinality). Folded property() steps (and their own modulators, e.g. a
// from()/to() written after them) become modulators of the addV()/addE(). `storage` keeps the
// instructions this creates alive while the plan is compiled.
bool property_expands(const Instr& in, std::vector<Instr>& parts);
bool property_folds(const std::string& target, const Instr& prop);

template <class SpecT>
void fold_write_properties(std::vector<SpecT>& specs, std::deque<Instr>& storage) {
    std::vector<SpecT> expanded;
    for (auto& s : specs) {
        std::vector<Instr> parts;
        if (s.main->name == "property" && property_expands(*s.main, parts)) {
            if (parts.empty()) {
                if (!expanded.empty())
                    for (auto* m : s.mods) expanded.back().mods.push_back(m);
                continue;
            }
            for (std::size_t i = 0; i < parts.size(); ++i) {
                storage.push_back(std::move(parts[i]));
                SpecT x;
                x.main = &storage.back();
                if (i + 1 == parts.size()) x.mods = s.mods;
                expanded.push_back(std::move(x));
            }
            continue;
        }
        expanded.push_back(std::move(s));
    }
    std::vector<SpecT> out;
    std::ptrdiff_t target = -1;
    for (auto& s : expanded) {
        const std::string& n = s.main->name;
        if (n == "property" && target >= 0) {
            auto& t = out[static_cast<std::size_t>(target)];
            if (property_folds(t.main->name, *s.main)) {
                t.mods.push_back(s.main);
                for (auto* m : s.mods) t.mods.push_back(m);
                continue;
            }
            out.push_back(std::move(s));
            continue;
        }
        target = n == "addV" || n == "addE" ? static_cast<std::ptrdiff_t>(out.size()) : -1;
        out.push_back(std::move(s));
    }
    specs = std::move(out);
}

// A Property value of an edge or of a vertex property (a meta-property), carrying its owner as the
// parent (so drop() and element() find it). The parent never goes out on the wire:
// strip_property_parents() clears it in results.
model::Value edge_property_value(const EdgeRec& e, const std::string& key, const model::Value& v);
model::Value meta_property_value(const VPropRec& p, const std::string& key, const model::Value& v);
void strip_property_parents(model::Value& v);

// properties()/values() of a vertex property: its meta-properties (all when `keys` is empty).
void meta_properties(const VPropRec& p, const std::vector<std::string>& keys, bool values,
                     std::vector<model::Value>& out);

}  // namespace tpbench::server::detail
