#include <tpbench/profiling/workload.hpp>

#include <tpbench/profiling/java_compat.hpp>
#include <tpbench/profiling/profiling.hpp>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <stdexcept>

namespace tpbench::engine {

namespace {

constexpr int max_depth = 32;

model::Value to_value(const boost::json::value& v, std::string_view where, int depth) {
    if (depth > max_depth) throw ConfigError(fmt::format("{}: bindings nested too deeply", where));
    switch (v.kind()) {
        case boost::json::kind::null:
            return model::Value::null();
        case boost::json::kind::bool_:
            return model::Value::boolean(v.get_bool());
        case boost::json::kind::int64:
            return model::Value::long_(v.get_int64());
        case boost::json::kind::uint64:
            if (v.get_uint64() > static_cast<std::uint64_t>(INT64_MAX))
                throw ConfigError(fmt::format("{}: integer out of range", where));
            return model::Value::long_(static_cast<std::int64_t>(v.get_uint64()));
        case boost::json::kind::double_:
            return model::Value::double_(v.get_double());
        case boost::json::kind::string:
            return model::Value::string(std::string(v.get_string()));
        case boost::json::kind::array: {
            std::vector<model::Value> items;
            for (const auto& x : v.get_array()) items.push_back(to_value(x, where, depth + 1));
            return model::Value::list(std::move(items));
        }
        case boost::json::kind::object: {
            const auto& o = v.get_object();
            if (o.contains("@type") && o.contains("@value") && o.size() == 2 && o.at("@type").is_string()) {
                const auto type = o.at("@type").get_string();
                const auto& val = o.at("@value");
                if (!val.is_number()) throw ConfigError(fmt::format("{}: @value must be a number", where));
                if (type == "g:Int32") {
                    const auto n = val.to_number<std::int64_t>();
                    if (n < INT32_MIN || n > INT32_MAX)
                        throw ConfigError(fmt::format("{}: g:Int32 out of range", where));
                    return model::Value::int_(static_cast<std::int32_t>(n));
                }
                if (type == "g:Int64") return model::Value::long_(val.to_number<std::int64_t>());
                if (type == "g:Double") return model::Value::double_(val.to_number<double>());
                if (type == "g:Float")
                    return model::Value::float_(static_cast<float>(val.to_number<double>()));
                throw ConfigError(fmt::format("{}: unsupported @type '{}'", where, std::string_view(type)));
            }
            std::vector<model::Value> kv;
            for (const auto& [k, x] : o) {
                kv.push_back(model::Value::string(std::string(k)));
                kv.push_back(to_value(x, where, depth + 1));
            }
            return model::Value::map(std::move(kv));
        }
    }
    return model::Value::null();
}

std::uint64_t positive_int(const boost::json::value& v, std::size_t line, std::string_view key,
                           std::uint64_t max) {
    std::int64_t n = 0;
    if (v.is_int64())
        n = v.get_int64();
    else if (v.is_uint64() && v.get_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
        n = static_cast<std::int64_t>(v.get_uint64());
    else
        throw ConfigError(fmt::format("workload line {}: '{}' must be an integer", line, key));
    if (n < 0 || static_cast<std::uint64_t>(n) > max)
        throw ConfigError(fmt::format("workload line {}: '{}' must be in 0..{}", line, key, max));
    return static_cast<std::uint64_t>(n);
}

// Fills one request's fields from a line or a "tx" statement object; false for a key it does not
// know (the caller decides).
bool request_field(Request& r, std::string_view k, const boost::json::value& x, std::size_t line_no) {
    if (k == "gremlin") {
        if (!x.is_string() || x.get_string().empty())
            throw ConfigError(fmt::format("workload line {}: 'gremlin' must be a non-empty string", line_no));
        r.gremlin = std::string(x.get_string());
    } else if (k == "bindings") {
        if (!x.is_object())
            throw ConfigError(fmt::format("workload line {}: 'bindings' must be an object", line_no));
        r.bindings = to_value(x, fmt::format("workload line {}", line_no), 0);
    } else if (k == "language") {
        if (!x.is_string())
            throw ConfigError(fmt::format("workload line {}: 'language' must be a string", line_no));
        r.language = std::string(x.get_string());
    } else if (k == "batchSize") {
        r.batch_size = static_cast<std::int32_t>(positive_int(x, line_no, "batchSize", 1000000));
        if (r.batch_size == 0)
            throw ConfigError(fmt::format("workload line {}: 'batchSize' must be positive", line_no));
    } else {
        return false;
    }
    return true;
}

// {"tx": [{"gremlin": …, "bindings": …}, …], "commit": true|false}
std::shared_ptr<TransactionTemplate> parse_tx(const boost::json::value& x, std::size_t line_no) {
    if (!x.is_array() || x.get_array().empty())
        throw ConfigError(
            fmt::format("workload line {}: 'tx' must be a non-empty array of request objects", line_no));
    if (x.get_array().size() > 1000)
        throw ConfigError(fmt::format("workload line {}: 'tx' holds more than 1000 requests", line_no));
    auto t = std::make_shared<TransactionTemplate>();
    std::size_t i = 0;
    for (const auto& item : x.get_array()) {
        ++i;
        if (!item.is_object())
            throw ConfigError(fmt::format("workload line {}: tx request {} is not an object", line_no, i));
        Request r;
        for (const auto& [k, v] : item.get_object())
            if (!request_field(r, k, v, line_no))
                throw ConfigError(fmt::format("workload line {}: tx request {}: unknown key '{}'", line_no, i,
                                              std::string_view(k)));
        if (r.gremlin.empty())
            throw ConfigError(fmt::format("workload line {}: tx request {} has no 'gremlin'", line_no, i));
        t->statements.push_back(std::move(r));
    }
    return t;
}

// "feeder": "FILE" or {"file": FILE, "mode": "sequential"|"random"|"once", "seed": N}
std::shared_ptr<Feeder> parse_feeder_key(const boost::json::value& x, std::size_t line_no) {
    auto f = std::make_shared<Feeder>();
    const auto bad = [&] {
        return ConfigError(
            fmt::format("workload line {}: 'feeder' must be a file name or {{\"file\": ..., \"mode\": "
                        "\"sequential\"|\"random\"|\"once\", \"seed\": N}}",
                        line_no));
    };
    if (x.is_string()) {
        f->file = std::string(x.get_string());
    } else if (x.is_object()) {
        for (const auto& [k, v] : x.get_object()) {
            if (k == "file" && v.is_string()) {
                f->file = std::string(v.get_string());
            } else if (k == "mode" && v.is_string()) {
                const std::string_view m = v.get_string();
                if (m == "sequential")
                    f->mode = Feeder::Mode::sequential;
                else if (m == "random")
                    f->mode = Feeder::Mode::random;
                else if (m == "once")
                    f->mode = Feeder::Mode::once;
                else
                    throw ConfigError(fmt::format(
                        "workload line {}: feeder mode '{}' is not sequential, random or once", line_no, m));
            } else if (k == "seed") {
                f->seed = positive_int(v, line_no, "seed", UINT64_MAX >> 1);
            } else {
                throw bad();
            }
        }
    } else {
        throw bad();
    }
    if (f->file.empty()) throw bad();
    return f;
}

}  // namespace

model::Value parse_feeder_json_row(std::string_view line, std::string_view where) {
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(line, ec);
    if (ec) throw ConfigError(fmt::format("{}: invalid JSON ({})", where, ec.message()));
    if (!v.is_object() || v.get_object().empty())
        throw ConfigError(fmt::format("{}: expected a JSON object of bindings", where));
    return to_value(v, where, 0);
}

std::vector<WeightedQuery> parse_workload(std::string_view text) {
    std::vector<WeightedQuery> out;
    std::size_t line_no = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++line_no;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
        if (line.empty() || line.front() == '#') continue;
        boost::system::error_code ec;
        boost::json::value v = boost::json::parse(line, ec);
        if (ec) throw ConfigError(fmt::format("workload line {}: invalid JSON ({})", line_no, ec.message()));
        if (!v.is_object())
            throw ConfigError(fmt::format("workload line {}: expected a JSON object", line_no));
        const auto& o = v.get_object();
        WeightedQuery q;
        std::optional<bool> commit;
        for (const auto& [k, x] : o) {
            if (request_field(q.request.request, k, x, line_no)) continue;
            if (k == "weight") {
                q.weight = static_cast<std::uint32_t>(positive_int(x, line_no, "weight", 1000000));
                if (q.weight == 0)
                    throw ConfigError(fmt::format("workload line {}: 'weight' must be positive", line_no));
            } else if (k == "expect") {
                q.request.expected_results = positive_int(x, line_no, "expect", UINT64_MAX >> 1);
            } else if (k == "tx") {
                q.request.tx = parse_tx(x, line_no);
            } else if (k == "feeder") {
                q.feeder = parse_feeder_key(x, line_no);
            } else if (k == "commit") {
                if (!x.is_bool())
                    throw ConfigError(
                        fmt::format("workload line {}: 'commit' must be true or false", line_no));
                commit = x.get_bool();
            } else {
                throw ConfigError(
                    fmt::format("workload line {}: unknown key '{}'", line_no, std::string_view(k)));
            }
        }
        if (q.request.tx) {
            if (!q.request.request.gremlin.empty() || q.request.expected_results)
                throw ConfigError(fmt::format(
                    "workload line {}: a 'tx' line takes no 'gremlin' or 'expect' of its own", line_no));
            if (commit) std::const_pointer_cast<TransactionTemplate>(q.request.tx)->commit = *commit;
        } else {
            if (commit)
                throw ConfigError(fmt::format("workload line {}: 'commit' belongs to a 'tx' line", line_no));
            if (q.request.request.gremlin.empty())
                throw ConfigError(fmt::format("workload line {}: missing 'gremlin'", line_no));
        }
        if (q.feeder) {
            if (q.request.tx)
                throw ConfigError(fmt::format(
                    "workload line {}: a 'tx' line takes no 'feeder' (give its statements fixed bindings)",
                    line_no));
            q.request.feeder = q.feeder;
        }
        // The per-query breakdown's name for the line: its query, or its transaction's shape.
        q.request.line = static_cast<std::uint32_t>(line_no);
        q.request.label = q.request.tx
                              ? fmt::format("tx: {} statement(s), {}", q.request.tx->statements.size(),
                                            q.request.tx->commit ? "commit" : "rollback")
                              : q.request.request.gremlin;
        if (out.size() >= 100000) throw ConfigError("workload: more than 100000 queries");
        out.push_back(std::move(q));
    }
    if (out.empty()) throw ConfigError("workload: no queries");
    return out;
}

WeightedPlanner::WeightedPlanner(const std::vector<WeightedQuery>& queries, std::int64_t seed)
    : state_(static_cast<std::uint64_t>(seed)) {
    if (queries.empty()) throw std::invalid_argument("weighted planner: no queries");
    std::uint64_t sum = 0;
    for (const auto& q : queries) {
        sum += q.weight;
        cumulative_.push_back(sum);
    }
}

std::vector<std::uint32_t> WeightedPlanner::next(std::size_t n) {
    std::vector<std::uint32_t> plan(n);
    const std::uint64_t total = cumulative_.back();
    for (auto& p : plan) {
        // splitmix64: fast, deterministic, full-period; modulo bias is negligible for total << 2^64.
        state_ += 0x9E3779B97F4A7C15ULL;
        std::uint64_t z = state_;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        const std::uint64_t r = z % total;
        p = static_cast<std::uint32_t>(std::upper_bound(cumulative_.begin(), cumulative_.end(), r) -
                                       cumulative_.begin());
    }
    return plan;
}

}  // namespace tpbench::engine
