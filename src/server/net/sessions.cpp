#include "sessions.hpp"

#include <tpbench/model/map_entries.hpp>

#include <algorithm>

namespace tpbench::server::detail {

using model::Value;

void TxSession::acquire() {
    std::unique_lock lk(m_);
    cv_.wait(lk, [this] { return !busy_; });
    busy_ = true;
}

void TxSession::release() {
    {
        std::lock_guard lk(m_);
        busy_ = false;
    }
    cv_.notify_one();
}

// ---- table --------------------------------------------------------------------------------------

void SessionTable::sweep_locked(SessClock::time_point now) {
    if (now - last_sweep_ < std::chrono::milliseconds(100)) return;
    last_sweep_ = now;
    if (limits_.idle.count() <= 0 && limits_.lifetime.count() <= 0) return;
    for (auto it = map_.begin(); it != map_.end();) {
        const auto& s = *it->second;
        bool idle = limits_.idle.count() > 0 && now - s.last_used > limits_.idle;
        bool old = limits_.lifetime.count() > 0 && now - s.created > limits_.lifetime;
        if (idle || old) {
            if (expired_.emplace(it->first, true).second) {
                expired_order_.push_back(it->first);
                if (expired_order_.size() > 4096) {
                    expired_.erase(expired_order_.front());
                    expired_order_.pop_front();
                }
            }
            it = map_.erase(it);
        } else {
            ++it;
        }
    }
}

std::shared_ptr<TxSession> SessionTable::find(const std::string& id) {
    std::lock_guard lk(m_);
    auto now = SessClock::now();
    sweep_locked(now);
    auto it = map_.find(id);
    if (it == map_.end()) return nullptr;
    it->second->last_used = now;
    return it->second;
}

std::shared_ptr<TxSession> SessionTable::create(Graph& g, const std::string& id, const void* owner) {
    std::lock_guard lk(m_);
    sweep_locked(SessClock::now());
    if (limits_.max > 0 && map_.size() >= limits_.max) return nullptr;
    auto s = std::make_shared<TxSession>(g, id);
    s->owner = owner;
    map_[id] = s;
    return s;
}

void SessionTable::erase(const std::string& id) {
    std::lock_guard lk(m_);
    map_.erase(id);
}

void SessionTable::erase_owned_by(const void* owner) {
    std::lock_guard lk(m_);
    std::erase_if(map_, [owner](const auto& kv) { return kv.second->owner == owner; });
}

void SessionTable::sweep() {
    std::lock_guard lk(m_);
    sweep_locked(SessClock::now());
}

std::size_t tx_idle_charge() {
    // Above what one open transaction without writes holds (its session record, an empty working
    // graph, the table's entry: a few kilobytes), so 1,000 open ones claim 16 MB.
    return 16 * 1024;
}

std::size_t tx_copy_charge(const Graph& g) {
    // Above the RSS a transaction holding one write was measured to add: ~99 MB each for four open
    // at 20,000 vertices and 200,000 edges (the copy, its indexes and the allocator's per-thread
    // arenas); this charges 123 MB there.
    constexpr std::size_t per_vertex = 1024;
    constexpr std::size_t per_edge = 512;
    return MemoryBudget::base_charge + g.vertex_count() * per_vertex + g.edge_count() * per_edge;
}

bool SessionTable::timed_out(const std::string& id) {
    std::lock_guard lk(m_);
    sweep_locked(SessClock::now());
    return expired_.count(id) > 0;
}

std::size_t SessionTable::size() {
    std::lock_guard lk(m_);
    return map_.size();
}

// ---- statements ---------------------------------------------------------------------------------

TxControl tx_control(std::string_view g) {
    auto b = g.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) return TxControl::none;
    auto e = g.find_last_not_of(" \t\r\n");
    g = g.substr(b, e - b + 1);
    if (g == "g.tx().begin()") return TxControl::begin;
    if (g == "g.tx().commit()") return TxControl::commit;
    if (g == "g.tx().rollback()") return TxControl::rollback;
    return TxControl::none;
}

namespace {

class ListStream final : public ResultStream {
public:
    explicit ListStream(std::vector<Value> items) : items_(std::move(items)) {}
    explicit ListStream(EvalError e) : err_(std::move(e)) {}
    bool next(Item& out) override {
        if (err_ || i_ >= items_.size()) return false;
        out.value = items_[i_++];
        out.bulk = 1;
        out.element_key = nullptr;
        return true;
    }
    const std::optional<EvalError>& error() const override { return err_; }

private:
    std::vector<Value> items_;
    std::size_t i_ = 0;
    std::optional<EvalError> err_;
};

// Merges `add` (a Map) into `into` (a Map), later keys winning.
void merge_bindings(Value& into, const Value& add) {
    if (add.type() != model::Type::map) return;
    auto& kids = into.kids();
    const auto& ak = add.kids();
    for (std::size_t i = 0; i + 1 < ak.size(); i += 2) model::map_set(kids, ak[i], ak[i + 1]);
}

class SessionStream final : public ResultStream {
public:
    SessionStream(std::shared_ptr<TxSession> s, SessionStatement st) : s_(std::move(s)), st_(std::move(st)) {}
    ~SessionStream() override {
        inner_.reset();  // the evaluation's hold on the statement's graph goes first
        done();
    }

    bool next(Item& out) override {
        if (!started_) start();
        if (ended_) return false;
        if (inner_->next(out)) return true;
        ended_ = true;
        if (inner_->error()) {
            err_ = inner_->error();
            if (st_.manage_transaction) s_->tx.rollback();
        } else if (st_.manage_transaction) {
            if (auto c = s_->tx.commit())
                err_ = EvalError{EvalError::Kind::evaluation, *c, "TransactionException"};
        }
        inner_.reset();
        done();
        return false;
    }
    const std::optional<EvalError>& error() const override { return err_; }

private:
    // Ends the statement (its writes kept in the write set, its working copy dropped), resizes
    // the session's claim to what the transaction now holds and releases the copy's claim, then
    // the session.
    void done() {
        if (!held_) return;
        held_ = false;
        s_->tx.end_statement();
        if (st_.budget) st_.budget->resize(s_->budget_lease, tx_idle_charge() + s_->tx.write_set_bytes());
        copy_lease_ = MemoryBudget::Lease();
        s_->release();
    }

    Value answer() const {
        if (st_.http4) return Value::map({Value::string("transactionId"), Value::string(s_->id)});
        return Value();
    }

    void start() {
        started_ = true;
        s_->acquire();
        held_ = true;
        TxControl c = st_.bytecode ? TxControl::none : tx_control(st_.script);
        switch (c) {
            case TxControl::begin:
                inner_ = std::make_unique<ListStream>(std::vector<Value>{answer()});
                return;
            case TxControl::commit: {
                auto failed = s_->tx.commit();
                if (st_.http4 && st_.table) st_.table->erase(s_->id);
                if (failed)
                    inner_ = std::make_unique<ListStream>(
                        EvalError{EvalError::Kind::evaluation, *failed, "TransactionException"});
                else
                    inner_ = std::make_unique<ListStream>(std::vector<Value>{answer()});
                return;
            }
            case TxControl::rollback:
                s_->tx.rollback();
                if (st_.http4 && st_.table) st_.table->erase(s_->id);
                inner_ = std::make_unique<ListStream>(std::vector<Value>{answer()});
                return;
            case TxControl::none:
                break;
        }
        // A transaction holding writes needs a private copy of the graph for this statement:
        // claimed for as long as the statement runs, refused over the budget.
        if (st_.budget && s_->tx.has_writes()) {
            auto lease = st_.budget->try_acquire(st_.copy_charge);
            if (!lease) {
                std::string why =
                    st_.refusal ? st_.refusal(st_.copy_charge) : st_.budget->refusal_message(st_.copy_charge);
                inner_ = std::make_unique<ListStream>(
                    EvalError{EvalError::Kind::over_budget, std::move(why), "ServerMemoryBudgetException"});
                return;
            }
            copy_lease_ = std::move(*lease);
        }
        s_->tx.begin_statement();
        if (!st_.http4) {
            // ws37 sessions keep their bindings: earlier requests' variables, this request's win.
            merge_bindings(s_->variables, st_.opts.bindings);
            st_.opts.bindings = s_->variables;
            // ... and its script's assignments (x = 1 here, x + 1 in the next request).
            st_.opts.assigned = &s_->variables;
        }
        if (st_.bytecode)
            inner_ = evaluate_bytecode(s_->tx.graph(), *st_.bytecode, st_.opts);
        else
            inner_ = evaluate_script(s_->tx.graph(), st_.script, st_.opts);
        if (!inner_)
            inner_ =
                std::make_unique<ListStream>(EvalError{EvalError::Kind::evaluation, "evaluation failed", ""});
    }

    std::shared_ptr<TxSession> s_;
    SessionStatement st_;
    std::unique_ptr<ResultStream> inner_;
    MemoryBudget::Lease copy_lease_;
    std::optional<EvalError> err_;
    bool started_ = false;
    bool ended_ = false;
    bool held_ = false;
};

}  // namespace

std::unique_ptr<ResultStream> session_statement_stream(std::shared_ptr<TxSession> s, SessionStatement st) {
    return std::make_unique<SessionStream>(std::move(s), std::move(st));
}

std::string tx_not_found_message(const std::string& id) {
    return "Transaction not found: " + id +
           ". The transaction may have timed out, already been committed/rolled back, or was never started. "
           "Call g.tx().begin() to start a new transaction.";
}

std::string tx_timeout_message(const std::string& id, std::string_view operation) {
    return "Transaction " + id + " timed out during " + std::string(operation) +
           " operation. The transaction has been rolled back. Consider increasing the transaction timeout or "
           "breaking the operation into smaller parts.";
}

std::string tx_max_exceeded_message(std::size_t max) {
    return "Maximum concurrent transactions exceeded (" + std::to_string(max) +
           ") The server has reached its transaction limit. Please wait for existing transactions to "
           "complete or "
           "increase the server's maxConcurrentTransactions setting.";
}

std::string tx_source_mismatch_message(const std::string& expected, const std::string& actual) {
    return "Transaction traversal source alias mismatch: transaction bound to '" + expected +
           "' but request used '" + actual + "'";
}

}  // namespace tpbench::server::detail
