// Registers the builders that take their own site struct in the step table: the liststeps
// (steps_list.cpp, steps_date.cpp, steps_math.cpp, steps_call.cpp; StepSite, steps_site.hpp)
// the sack and side-effect steps (steps_sidefx.cpp; StepSite too) and the write steps (steps_write.cpp;
// WriteBuild, steps_write.hpp).
#include "compiler.hpp"
#include "steps_site.hpp"
#include "steps_sidefx.hpp"
#include "steps_write.hpp"

namespace tpbench::server::detail {

namespace {

StepSite site_of(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    return StepSite{
        in,
        s.mods,
        comp.at_start,
        [&comp, &in](const Arg& a) { return comp.child(a, in); },
        [&comp](Plan::Factory f) { comp.add(std::move(f)); },
        [&comp](PathMode m) { comp.need(m); },
        [&comp](const Instr& m) { return comp.by_of(m); },
        [&in] { bad_args(in); },
        [&comp](const model::Value& p, std::function<bool(Ctx&, Traverser&, const model::Value&)> fn) {
            comp.add_pred_fn(p, std::move(fn));
        }};
}

void build_sidefx(Compiler& comp, const Spec& s) {
    StepSite site = site_of(comp, s);
    build_sidefx_step(site);
}

void build_with_site(Compiler& comp, const Spec& s) {
    StepSite site = site_of(comp, s);
    build_liststep(site);
}

void build_write(Compiler& comp, const Spec& s) {
    WriteBuild wb;
    wb.main = s.main;
    wb.mods = s.mods;
    wb.start = comp.at_start;
    wb.child = [&comp](const Arg& a, const Instr& i) { return comp.child(a, i); };
    wb.need = [&comp](PathMode m) { comp.need(m); };
    wb.add = [&comp](Plan::Factory f) { comp.add(std::move(f)); };
    compile_write_step(wb);
}

}  // namespace

void register_write_steps(StepTable& t) {
    for (const char* n : {"addV", "addE", "mergeV", "mergeE"}) t.add(n, build_write, kStepSource);
    for (const char* n : {"property", "drop", "element"}) t.add(n, build_write);
}

void register_list_steps(StepTable& t) {
    for (const char* n : {"toUpper",   "toLower", "length",  "trim",    "lTrim",     "rTrim",      "reverse",
                          "substring", "concat",  "replace", "split",   "asString",  "conjoin",    "all",
                          "any",       "none",    "merge",   "combine", "intersect", "difference", "disjunct",
                          "product",   "index",   "format",  "asDate",  "dateAdd",   "dateDiff",   "math"})
        t.add(n, build_with_site);
    t.add("call", build_with_site, kStepSource);
}

// steps_sidefx.cpp
void register_sidefx_steps(StepTable& t) {
    for (const char* n : {"sack", "aggregate", "store", "fail", "subgraph"}) t.add(n, build_sidefx);
    t.add("barrier", build_sidefx, kStepBarrier);
}

}  // namespace tpbench::server::detail
