#include "dialect.hpp"

namespace tpbench::server::detail {

const Dialect& dialect_of(Generation g) {
    static const Dialect tp37{};
    static const Dialect tp40 = [] {
        Dialect d;
        d.generation = Generation::tp40;
        d.traversal_arguments = true;
        d.new_steps = true;
        d.number_promotion = true;
        d.inject_under_repeat_rejected = true;
        d.single_by_modulator = true;
        d.mergee_vertex_does_not_exist = true;
        d.branch_v4_picks = true;
        d.label_cardinality_one = true;
        d.gql_match = true;
        d.date_diff_millis = true;
        d.local_range_collection = true;
        d.binary_comparability = true;
        d.has_id_lists_alone = true;
        d.split_empty_chars = true;
        d.as_string_null_refused = true;
        d.property_traversal_values = true;
        d.tinker_memory_graph = true;
        d.side_effect_barriers = true;
        d.local_splits_bulk = true;
        d.loops_message_unnamed = true;
        d.range_count_per_loop = true;
        d.repeat_barrier_all_starts = true;
        return d;
    }();
    return g == Generation::tp40 ? tp40 : tp37;
}

namespace {
thread_local const Dialect* t_dialect = nullptr;
}  // namespace

const Dialect& compiling_dialect() { return t_dialect ? *t_dialect : dialect_of(Generation::tp37); }

DialectScope::DialectScope(Generation g) : saved_(t_dialect) { t_dialect = &dialect_of(g); }
DialectScope::~DialectScope() { t_dialect = saved_; }

}  // namespace tpbench::server::detail
