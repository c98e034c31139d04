// valueMap() / elementMap() / propertyMap(), with by() and with(WithOptions.tokens[, ids|labels]).
#include "compiler.hpp"

#include <algorithm>

namespace tpbench::server::detail {

using model::EnumKind;
using model::Type;
using model::Value;

namespace {

void build_maps(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    const std::string& n = in.name;
    bool tokens = false;
    std::size_t from = 0;
    if (!in.args.empty() && !in.args[0].t && in.args[0].v.type() == Type::boolean) {
        tokens = in.args[0].v.as_bool();
        from = 1;
    }
    // null keys match no property (valueMap('name', null))
    Instr nn = in;
    std::erase_if(nn.args, [](const Arg& a) { return !a.t && a.v.is_null(); });
    auto keys = strings(nn, from);
    bool only_null = keys.empty() && nn.args.size() < in.args.size();
    int token_flags = tokens ? 15 : 0;  // WithOptions.ids 1 | labels 2 | keys 4 | values 8
    for (auto* m : s.mods)
        if (m->name == "with" && !m->args.empty() && is_str(m->args[0]) &&
            m->args[0].v.str() == "~tinkerpop.valueMap.tokens")
            token_flags =
                m->args.size() > 1 && is_int_arg(m->args[1]) ? static_cast<int>(m->args[1].v.as_int()) : 15;
    tokens = token_flags != 0;
    auto byv = comp.bys(s);
    bool element_map = n == "elementMap";
    bool property_map = n == "propertyMap";
    // 4.0's PropertyMapStep takes one by(); 3.7's keeps a ring of them (Dialect::single_by_modulator)
    if (!element_map && byv.size() > 1 && compiling_dialect().single_by_modulator)
        fail(EvalError::Kind::evaluation, "valueMap()/propertyMap() step can only have one by modulator",
             "IllegalArgumentException");
    comp.add_fn(
        [keys, tokens, token_flags, only_null, byv, element_map, property_map](Ctx& ctx, Traverser& t) {
            const ElementRec* el = as_element(ctx, t.obj);
            if (!el)
                fail(EvalError::Kind::evaluation,
                     std::string(element_map ? "elementMap" : "valueMap") + "() expects an element but got " +
                         t.obj.v.to_string(),
                     "IllegalArgumentException");
            auto wanted = [&](const std::string& k) {
                if (only_null) return false;
                return keys.empty() || std::find(keys.begin(), keys.end(), k) != keys.end();
            };
            std::vector<Value> kv;
            auto T = [](const char* x) { return Value::enum_(EnumKind::t, x); };
            Obj self(el);
            if (element_map || (token_flags & 1)) {
                kv.push_back(T("id"));
                kv.push_back(token_value(ctx, self, Token::id).v);
            }
            if (element_map || (token_flags & 2)) {
                kv.push_back(T("label"));
                Value label = token_value(ctx, self, Token::label).v;
                kv.push_back(ctx.multilabel ? Value::set({std::move(label)}) : std::move(label));
            }
            if (el->kind == ElKind::vertex) {
                const auto& v = *static_cast<const VertexRec*>(el);
                std::vector<std::string> order;
                for (const auto& p : v.props)
                    if (wanted(p.key) && std::find(order.begin(), order.end(), p.key) == order.end())
                        order.push_back(p.key);
                for (const auto& k : order) {
                    std::vector<Value> vals;
                    for (const auto& p : v.props)
                        if (p.key == k) {
                            if (property_map)
                                vals.push_back(materialize_element(p, ctx.tokens));
                            else
                                vals.push_back(p.value);
                        }
                    kv.push_back(Value::string(k));
                    kv.push_back(element_map ? vals.front() : Value::list(std::move(vals)));
                }
            } else if (el->kind == ElKind::edge) {
                const auto& e = *static_cast<const EdgeRec*>(el);
                if (element_map) {
                    const auto& iv = e.snap->in_vertex(e);
                    const auto& ov = e.snap->out_vertex(e);
                    kv.push_back(Value::enum_(EnumKind::direction, "IN"));
                    kv.push_back(Value::map({T("id"), iv.id, T("label"), Value::string(iv.label)}));
                    kv.push_back(Value::enum_(EnumKind::direction, "OUT"));
                    kv.push_back(Value::map({T("id"), ov.id, T("label"), Value::string(ov.label)}));
                }
                for (const auto& [k, val] : e.props)
                    if (wanted(k)) {
                        kv.push_back(Value::string(k));
                        kv.push_back(property_map ? Value::property(k, val) : val);
                    }
            } else {
                const auto& p = *static_cast<const VPropRec*>(el);
                if (element_map) {
                    kv.push_back(Value::string(p.key));
                    kv.push_back(p.value);
                }
            }
            Value m = Value::map(std::move(kv));
            if (!byv.empty()) {
                // valueMap().by(x).by(y): the by() modulators apply round-robin to the map's entries
                // (tokens included); an unproductive one drops its key (PropertyMapStep's traversal ring)
                std::vector<ByRt> rts;
                for (const auto& b : byv) rts.emplace_back(ctx, b);
                std::vector<Value> out;
                for (std::size_t i = 1, r = 0; i < m.size(); i += 2, ++r) {
                    Traverser x;
                    x.obj = Obj(m[i]);
                    Obj o;
                    if (!rts[r % rts.size()].apply(ctx, x, o)) continue;
                    out.push_back(m[i - 1]);
                    out.push_back(to_value(ctx, o));
                }
                m = Value::map(std::move(out));
            }
            advance(ctx, t, Obj(std::move(m)));
            return true;
        });
}

}  // namespace

void register_map_steps(StepTable& t) {
    for (const char* n : {"valueMap", "elementMap", "propertyMap"}) t.add(n, build_maps);
}

}  // namespace tpbench::server::detail
