#pragma once
// Private to tpbench::gremlin: helpers shared by the step implementations (objects, paths,
// predicates, bulk merging, side effects).
#include "evaluator.hpp"

#include <deque>
#include <optional>
#include <functional>

namespace tpbench::server::detail {

// ---- objects --------------------------------------------------------------------------------------

// The element an object denotes (a record, or a materialised element Value looked up by id in the
// current snapshot); nullptr for non-elements or elements no longer present.
const ElementRec* as_element(Ctx& ctx, const Obj& o);
// Gremlin equality (numbers across widths, elements by id).
bool gremlin_eq(Ctx& ctx, const Obj& a, const Obj& b);
// Gremlin ordering for order()/min()/max(); elements by id.
int obj_compare(Ctx& ctx, const Obj& a, const Obj& b);
// True if `p` (a P/TextP value) accepts `o`.
bool test_p(Ctx& ctx, const model::Value& p, const Obj& o);
// GType (3.8/4.0; steps_since38.cpp): a constant is carried as Value::class_("GType.NAME").
model::Value gtype_value(const std::string& name);
bool is_gtype(const model::Value& v);
std::string gtype_name(const model::Value& v);
bool gtype_exists(const std::string& name);
// The GType of a class name P.typeOf("String") may use (CompareType.GlobalTypeCache), or nullopt.
std::optional<std::string> gtype_of_registered(const std::string& simple_name);
// CompareType.typeOf: `o` is an instance of the GType's class.
bool gtype_matches(Ctx& ctx, const Obj& o, const std::string& gtype);
// Property values of an element (all keys when `keys` is empty).
void property_values(Ctx& ctx, const Obj& o, const std::vector<std::string>& keys,
                     std::vector<model::Value>& out);
// Value for a property key on an element or a map key on a map; false if absent.
bool key_value(Ctx& ctx, const Obj& o, const std::string& key, Obj& out);
// T.id / T.label / T.key / T.value (and Column.keys / Column.values of maps) of an object; throws
// for non-elements. Steps resolve the token once at build time (token_of) and pass the enum.
enum class Token : std::uint8_t { id, label, key, value, keys, values };
// The token a T/Column name denotes; fails (IllegalArgumentException) for other names.
Token token_of(const std::string& name);
const char* token_name(Token t);
Obj token_value(Ctx& ctx, const Obj& o, Token token);
Obj token_value(Ctx& ctx, const Obj& o, const std::string& token);

// ---- BigDecimal arithmetic (exact while the unscaled value fits 127 bits) ------------------------

__extension__ typedef __int128 BigInt128;
// Unscaled value and scale of a BigDecimal, or of an integral number (scale 0); false otherwise or
// when the unscaled value does not fit.
bool bigdec_parts(const model::Value& v, BigInt128& unscaled, std::int32_t& scale);
model::Value bigdec_make(BigInt128 unscaled, std::int32_t scale);
// a + b, a - b, a * b exactly; nullopt on overflow (the caller falls back to double).
std::optional<model::Value> bigdec_arith(char op, const model::Value& a, const model::Value& b);
// Groovy's BigDecimal division: exact when the quotient terminates (at the preferred scale
// a.scale - b.scale or more), else rounded HALF_UP to max(a.scale, b.scale, 10) digits.
std::optional<model::Value> bigdec_div(const model::Value& a, const model::Value& b);

// ---- paths ----------------------------------------------------------------------------------------

// Moves the traverser to a new object, extending its path when full paths are tracked.
void advance(Ctx& ctx, Traverser& t, Obj o);
// Replaces the path with a fresh one for a traverser created by a barrier.
void fresh_path(Ctx& ctx, Traverser& t);
// Labels the traverser's current object (as()).
void add_label(Ctx& ctx, Traverser& t, const std::string& label);
// Pop.first / last / all / mixed, resolved once at build time (pop_of).
enum class Pop : std::uint8_t { first, last, all, mixed };
Pop pop_of(const std::string& name);
// Object under `label` by pop (first, last, all → list Value, mixed: the one object, or a list
// when several carry the label).
bool path_get(Ctx& ctx, const Traverser& t, const std::string& label, Pop pop, Obj& out);
bool path_get(Ctx& ctx, const Traverser& t, const std::string& label, const std::string& pop, Obj& out);
model::Value path_value(Ctx& ctx, const Traverser& t);
// Scoping lookup used by select/where: map key, side effect, then path label.
bool scope_get(Ctx& ctx, const Traverser& t, const std::string& key, Pop pop, Obj& out);
bool scope_get(Ctx& ctx, const Traverser& t, const std::string& key, const std::string& pop, Obj& out);

// ---- bulk merging -----------------------------------------------------------------------------------

// Insertion-ordered set of traversers that merges equal ones (same object, path and loops) by
// adding bulks — TinkerPop's TraverserSet.
class MergeSet {
public:
    // ignore_paths: merge equal objects whatever their paths hold (the first one's path stays)
    explicit MergeSet(bool ignore_paths = false) : ignore_paths_(ignore_paths) {}
    void add(Traverser t);
    bool empty() const { return items_.size() == head_; }
    std::size_t size() const { return items_.size() - head_; }
    // Every entry, first appearance first (not after pop_front).
    std::vector<Traverser>& items() { return items_; }
    // Takes the first entry out (TraverserSet.remove(): a FIFO that still merges what comes in).
    bool pop_front(Traverser& out);
    void clear() {
        items_.clear();
        index_.clear();
        head_ = 0;
    }

private:
    std::size_t hash_of(const Traverser& t) const;
    std::vector<Traverser> items_;
    std::unordered_multimap<std::size_t, std::uint32_t> index_;
    bool ignore_paths_ = false;
    std::size_t head_ = 0;  // entries before it were popped
};

// ---- by() modulators -----------------------------------------------------------------------------

struct By {
    enum class Kind : std::uint8_t { identity, key, token, traversal } kind = Kind::identity;
    std::string name;         // key or token (id/label/key/value)
    Token token = Token::id;  // kind == token: name resolved
    PlanPtr plan;             // traversal
    int order = 1;            // 1 asc, -1 desc, 0 shuffle
};

// A step that takes one by() given more: 4.0 refuses it (Dialect::single_by_modulator; by default
// "<step> step can only have one by modulator", IllegalStateException), 3.7 keeps the last (its
// modulateBy replaces the traversal).
void one_by_modulator(std::vector<By>& byv, const std::string& step, const std::string& message = "",
                      const char* exception = "IllegalStateException");

// 4.0's SideEffectBarrierStep (Dialect::side_effect_barriers) after groupCount('a') / group('a') /
// subgraph('a'): the whole input, let go once it is all in (so a later select('a') sees the complete
// side effect). Unlike master's TraverserSet it does not merge equal traversers: merged, a sum() in a
// group('a') value (sideEffect/Group's weight sum) added in another order and missed 5.0.
Plan::Factory side_effect_barrier();

// Runtime state of a by(): the instantiated child pipeline.
struct ByRt {
    By by;
    std::unique_ptr<Pipeline> pipe;
    ByRt(Ctx& ctx, By b);
    // Applies the modulator; false if unproductive (no value) — under ProductiveByStrategy an
    // unproductive by() yields null instead.
    bool apply(Ctx& ctx, const Traverser& t, Obj& out);
    bool apply_plain(Ctx& ctx, const Traverser& t, Obj& out);
};

struct ElementFilter {
    PlanPtr vertices, edges, vertex_properties;  // SubgraphStrategy criteria (null = all)
    bool check_adjacent = true;
    std::string partition_key;  // PartitionStrategy (empty = none)
    std::vector<model::Value> read_partitions;
    std::unique_ptr<Pipeline> vpipe, epipe, vppipe;
    bool busy = false;  // evaluating a criterion: the criterion itself sees everything
    std::unordered_map<const ElementRec*, bool> cache;
};

// ---- trees ----------------------------------------------------------------------------------------

// TinkerPop's Tree (tree() / tree('a'), steps_tree.cpp): each node maps objects, in first-seen order,
// to their subtrees. Keys compare as objects do (elements by identity, values by ==).
struct TreeNode {
    std::vector<Obj> keys;
    std::vector<TreeNode> kids;                                 // kids[i]: the subtree under keys[i]
    std::unordered_multimap<std::size_t, std::uint32_t> index;  // obj_hash → slot, once the node is wide

    // The subtree under `key`, added (empty) when absent.
    TreeNode& child(const Obj& key);
    // A Type::tree value, each node's keys in Java HashMap order (a Tree is a HashMap on the server).
    model::Value value(Ctx& ctx) const;
};

// ---- side effects ---------------------------------------------------------------------------------

struct SideEffect {
    enum class Kind : std::uint8_t { group, group_count, collection, value, tree } kind = Kind::value;
    // group / group_count: keys in first-seen order
    std::vector<model::Value> keys;
    std::unordered_map<model::Value, std::uint32_t, model::ValueHash> index;
    std::vector<std::vector<Traverser>> groups;     // group: members per key
    std::vector<std::int64_t> counts;               // group_count
    PlanPtr reducer;                                // group value traversal (null = fold)
    bool fold_values = true;                        // non-reducing reducer: fold (by('key')) or keep one
    std::vector<Traverser> collection;              // aggregate/store
    model::Type container = model::Type::bulk_set;  // collection: withSideEffect's list/set, else BulkSet
    model::Value value;                             // withSideEffect value
    std::int8_t op = -1;                            // withSideEffect's reducer (steps_sidefx.hpp), -1 none
    TreeNode tree;                                  // tree('a')

    std::uint32_t slot(const model::Value& key);
    model::Value finalize(Ctx& ctx) const;
};

std::shared_ptr<SideEffect> side_effect(Ctx& ctx, const std::string& name, SideEffect::Kind kind);

// ---- step building blocks ---------------------------------------------------------------------------

class StartStep : public Step {
public:
    bool next(Traverser& out) override {
        if (pos_ >= q_.size()) return false;
        out = std::move(q_[pos_++]);
        if (pos_ == q_.size()) {
            q_.clear();
            pos_ = 0;
        }
        return true;
    }
    void reset() override {
        q_.clear();
        pos_ = 0;
    }
    void push(Traverser t) { q_.push_back(std::move(t)); }

private:
    std::vector<Traverser> q_;
    std::size_t pos_ = 0;
};

}  // namespace tpbench::server::detail
