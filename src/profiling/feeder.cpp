#include <tpbench/profiling/feeder.hpp>

#include <tpbench/profiling/profiling.hpp>

#include <fmt/core.h>

#include <charconv>
#include <cstdlib>
#include <map>

namespace tpbench::engine {

namespace {

constexpr std::size_t max_rows = 10'000'000;

bool is_binding_name(std::string_view s) noexcept {
    if (s.empty()) return false;
    const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    if (!alpha(s.front())) return false;
    for (char c : s)
        if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
    return true;
}

bool ends_with_csv(std::string_view f) noexcept {
    if (f.size() < 4) return false;
    std::string tail(f.substr(f.size() - 4));
    for (auto& c : tail) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return tail == ".csv";
}

// An unquoted CSV cell: Long, Double, Boolean or String.
model::Value csv_cell(std::string_view s) {
    if (!s.empty()) {
        std::int64_t n = 0;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec == std::errc() && p == s.data() + s.size()) return model::Value::long_(n);
        const bool numeric = s.find_first_not_of("0123456789+-.eE") == std::string_view::npos &&
                             s.find_first_of("0123456789") != std::string_view::npos;
        if (numeric) {
            const std::string z(s);
            char* end = nullptr;
            const double d = std::strtod(z.c_str(), &end);
            if (end == z.c_str() + z.size()) return model::Value::double_(d);
        }
        if (s == "true") return model::Value::boolean(true);
        if (s == "false") return model::Value::boolean(false);
    }
    return model::Value::string(std::string(s));
}

struct Cell {
    std::string text;
    bool quoted = false;
};

// RFC 4180 records: calls on_record(line the record starts on, cells) for every non-blank record.
template <class F>
void csv_records(std::string_view text, const std::string& file, F&& on_record) {
    std::size_t line = 1, i = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;  // UTF-8 byte order mark
    while (i < text.size()) {
        const std::size_t start_line = line;
        std::vector<Cell> cells(1);
        bool blank = true;
        while (true) {
            Cell& c = cells.back();
            if (i < text.size() && text[i] == '"' && c.text.empty() && !c.quoted) {
                c.quoted = true;
                blank = false;
                ++i;
                while (true) {
                    if (i >= text.size())
                        throw ConfigError(
                            fmt::format("feeder {} line {}: a quoted field is not closed", file, start_line));
                    const char ch = text[i++];
                    if (ch == '"') {
                        if (i < text.size() && text[i] == '"') {
                            c.text += '"';
                            ++i;
                            continue;
                        }
                        break;
                    }
                    if (ch == '\n') ++line;
                    c.text += ch;
                }
                if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
                    throw ConfigError(
                        fmt::format("feeder {} line {}: text after a closing quote", file, line));
            }
            // Unquoted text up to the next comma or line end.
            while (i < text.size() && text[i] != ',' && text[i] != '\n' &&
                   !(text[i] == '\r' && (i + 1 == text.size() || text[i + 1] == '\n'))) {
                if (text[i] == '"')
                    throw ConfigError(fmt::format(
                        "feeder {} line {}: a quote inside an unquoted field (quote the whole field)", file,
                        line));
                c.text += text[i++];
                blank = false;
            }
            if (i < text.size() && text[i] == ',') {
                ++i;
                cells.emplace_back();
                blank = false;
                continue;
            }
            if (i < text.size() && text[i] == '\r') ++i;
            if (i < text.size() && text[i] == '\n') {
                ++i;
                ++line;
            }
            break;
        }
        if (!blank) on_record(start_line, cells);
    }
}

void load_csv(Feeder& f, std::string_view text, const model::Value& line_bindings) {
    std::vector<std::string> names;
    csv_records(text, f.file, [&](std::size_t line, std::vector<Cell>& cells) {
        if (names.empty()) {
            for (const auto& c : cells) {
                if (!is_binding_name(c.text))
                    throw ConfigError(fmt::format(
                        "feeder {} line {}: header column '{}' is not a binding name (letters, digits, _)",
                        f.file, line, c.text));
                for (const auto& n : names)
                    if (n == c.text)
                        throw ConfigError(fmt::format("feeder {} line {}: column '{}' appears twice", f.file,
                                                      line, c.text));
                if (line_bindings.find(c.text))
                    throw ConfigError(
                        fmt::format("feeder {} line {}: column '{}' is also in the workload line's bindings",
                                    f.file, line, c.text));
                names.push_back(c.text);
            }
            return;
        }
        if (cells.size() != names.size())
            throw ConfigError(fmt::format("feeder {} line {}: {} field(s), the header has {}", f.file, line,
                                          cells.size(), names.size()));
        if (f.rows.size() >= max_rows)
            throw ConfigError(fmt::format("feeder {}: more than {} rows", f.file, max_rows));
        std::vector<model::Value> kv = line_bindings.kids();
        for (std::size_t k = 0; k < cells.size(); ++k) {
            kv.push_back(model::Value::string(names[k]));
            kv.push_back(cells[k].quoted ? model::Value::string(std::move(cells[k].text))
                                         : csv_cell(cells[k].text));
        }
        f.rows.push_back(model::Value::map(std::move(kv)));
    });
}

void load_jsonl(Feeder& f, std::string_view text, const model::Value& line_bindings) {
    std::size_t line_no = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++line_no;
        if (line_no == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
        if (line.empty() || line.front() == '#') continue;
        const std::string where = fmt::format("feeder {} line {}", f.file, line_no);
        model::Value row = parse_feeder_json_row(line, where);
        if (f.rows.size() >= max_rows)
            throw ConfigError(fmt::format("feeder {}: more than {} rows", f.file, max_rows));
        std::vector<model::Value> kv = line_bindings.kids();
        const auto& cols = row.kids();
        for (std::size_t k = 0; k + 1 < cols.size(); k += 2) {
            const std::string& name = cols[k].str();
            if (!is_binding_name(name))
                throw ConfigError(
                    fmt::format("{}: '{}' is not a binding name (letters, digits, _)", where, name));
            if (line_bindings.find(name))
                throw ConfigError(
                    fmt::format("{}: '{}' is also in the workload line's bindings", where, name));
            kv.push_back(cols[k]);
            kv.push_back(cols[k + 1]);
        }
        f.rows.push_back(model::Value::map(std::move(kv)));
    }
}

}  // namespace

void load_feeder_rows(Feeder& f, std::string_view text, const model::Value& line_bindings) {
    f.rows.clear();
    if (ends_with_csv(f.file))
        load_csv(f, text, line_bindings);
    else
        load_jsonl(f, text, line_bindings);
    if (f.rows.empty()) throw ConfigError(fmt::format("feeder {}: no rows", f.file));
}

void load_feeders(std::vector<WeightedQuery>& queries,
                  const std::function<std::string(const std::string& file)>& read) {
    std::map<std::string, std::string> texts;  // each file read once
    for (auto& q : queries) {
        if (!q.feeder) continue;
        auto it = texts.find(q.feeder->file);
        if (it == texts.end()) it = texts.emplace(q.feeder->file, read(q.feeder->file)).first;
        load_feeder_rows(*q.feeder, it->second, q.request.request.bindings);
    }
}

FeederCursor::FeederCursor(const Feeder& f) noexcept : mode_(f.mode), size_(f.rows.size()), state_(f.seed) {}

std::optional<std::uint32_t> FeederCursor::next() noexcept {
    if (size_ == 0) return std::nullopt;
    switch (mode_) {
        case Feeder::Mode::sequential:
            return static_cast<std::uint32_t>(at_++ % size_);
        case Feeder::Mode::once:
            if (at_ >= size_) return std::nullopt;
            return static_cast<std::uint32_t>(at_++);
        case Feeder::Mode::random: {
            state_ += 0x9E3779B97F4A7C15ULL;  // splitmix64
            std::uint64_t z = state_;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            z ^= z >> 31;
            return static_cast<std::uint32_t>(z % size_);
        }
    }
    return std::nullopt;
}

}  // namespace tpbench::engine
