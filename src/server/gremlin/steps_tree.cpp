// tree() and tree('a'): TinkerPop's TreeStep and TreeSideEffectStep. Each traverser's
// path, its objects mapped through the by() modulators round-robin, is merged into a Tree (a map of
// object → subtree). tree() is a reducing barrier that answers one Tree (an empty one for no input);
// tree('a') collects into the side effect 'a' and passes its traversers on. As in TinkerPop 3.8 and
// 4.0 (TINKERPOP-3207) tree('a') is a barrier: it lets its traversers go once the whole input is in
// the tree, so a later select('a') sees the complete tree. An unproductive by() skips that level in
// tree() and gives a null key in tree('a') (TraversalUtil.produce / applyNullable).
#include "compiler.hpp"

#include <algorithm>

namespace tpbench::server::detail {

using model::Type;
using model::Value;

namespace {

// Nodes with at most this many keys are searched linearly; wider ones get a hash index.
constexpr std::size_t kLinearKeys = 8;

}  // namespace

TreeNode& TreeNode::child(const Obj& key) {
    if (keys.size() <= kLinearKeys) {
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (obj_equal(keys[i], key)) return kids[i];
    } else {
        if (index.empty())
            for (std::size_t i = 0; i < keys.size(); ++i)
                index.emplace(obj_hash(keys[i]), static_cast<std::uint32_t>(i));
        auto [lo, hi] = index.equal_range(obj_hash(key));
        for (auto it = lo; it != hi; ++it)
            if (obj_equal(keys[it->second], key)) return kids[it->second];
    }
    if (!index.empty()) index.emplace(obj_hash(key), static_cast<std::uint32_t>(keys.size()));
    keys.push_back(key);
    kids.emplace_back();
    return kids.back();
}

Value TreeNode::value(Ctx& ctx) const {
    std::vector<Value> ks;
    ks.reserve(keys.size());
    std::vector<std::pair<std::int32_t, std::uint32_t>> order;
    order.reserve(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        ks.push_back(to_value(ctx, keys[i]));
        order.emplace_back(java_hash(ks.back()), static_cast<std::uint32_t>(i));
    }
    java_hash_order(order);
    std::vector<Value> kv;
    kv.reserve(2 * keys.size());
    for (const auto& [h, i] : order) {
        kv.push_back(std::move(ks[i]));
        kv.push_back(kids[i].value(ctx));
    }
    return Value::tree(std::move(kv));
}

namespace {

// The path's objects, first to last.
std::vector<const PathNode*> path_nodes(const Traverser& t) {
    std::vector<const PathNode*> nodes;
    for (const PathNode* n = t.path.get(); n; n = n->prev.get()) nodes.push_back(n);
    std::reverse(nodes.begin(), nodes.end());
    return nodes;
}

// Adds t's path to `root`. `nullable`: an unproductive by() gives a null key (tree('a')) instead of
// skipping the level (tree()).
void add_path(Ctx& ctx, TreeNode& root, std::vector<ByRt>& rts, const Traverser& t, bool nullable) {
    TreeNode* depth = &root;
    const auto nodes = path_nodes(t);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        ctx.tick();
        if (rts.empty()) {
            depth = &depth->child(nodes[i]->obj);
            continue;
        }
        Traverser x;
        x.obj = nodes[i]->obj;
        Obj o;
        if (!rts[i % rts.size()].apply(ctx, x, o)) {
            if (!nullable) continue;
            o = Obj(Value());
        }
        depth = &depth->child(o);
    }
}

void build_tree(Compiler& comp, const Spec& s) {
    const Instr& in = *s.main;
    std::optional<std::string> key;
    if (in.args.size() == 1 && is_str(in.args[0]))
        key = in.args[0].v.str();
    else if (!in.args.empty())
        bad_args(in);
    for (const Instr* m : s.mods)
        if (m->name != "by") bad_args(*m);
    comp.need(PathMode::full);
    auto byv = comp.bys(s);
    if (!key) {
        // TreeStep: a reducing barrier.
        struct Acc {
            TreeNode root;
            std::shared_ptr<std::vector<ByRt>> rts;
        };
        comp.add_reduce<Acc>(
            [byv](Ctx& ctx, Acc& acc, const Traverser& t) {
                if (!acc.rts) {
                    acc.rts = std::make_shared<std::vector<ByRt>>();
                    for (const auto& b : byv) acc.rts->emplace_back(ctx, b);
                }
                add_path(ctx, acc.root, *acc.rts, t, false);
            },
            [](Ctx& ctx, Acc& acc, Value& out) {
                out = acc.root.value(ctx);
                return true;
            });
        return;
    }
    // TreeSideEffectStep: a side-effect barrier.
    std::string nm = *key;
    comp.add([nm, byv](Ctx& ctx) {
        auto se = side_effect(ctx, nm, SideEffect::Kind::tree);
        auto rts = std::make_shared<std::vector<ByRt>>();
        for (const auto& b : byv) rts->emplace_back(ctx, b);
        auto held = std::make_shared<std::vector<Traverser>>();
        auto st = std::make_unique<BarrierStep>();
        Ctx* c = &ctx;
        st->consume = [se, rts, held, c](Traverser& t) {
            add_path(*c, se->tree, *rts, t, true);
            held->push_back(std::move(t));
        };
        st->finish = [held](std::vector<Traverser>& out) {
            out = std::move(*held);
            held->clear();
        };
        st->clear = [held] { held->clear(); };
        return std::unique_ptr<Step>(std::move(st));
    });
}

}  // namespace

void register_tree_steps(StepTable& t) { t.add("tree", build_tree); }

}  // namespace tpbench::server::detail
