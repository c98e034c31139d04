// HdrHistogram interval log writer, reader and merge.
#include <tpbench/stats/interval_log.hpp>

#include <tpbench/stats/hdr_codec.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <numeric>
#include <stdexcept>

namespace tpbench::stats {

namespace {

constexpr std::size_t kMaxLogBytes = 256u << 20;
constexpr double kYearSeconds = 365 * 24 * 3600.0;

std::string fmt3(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

std::string http_date_like(double epoch_s) {
    // Java's Date.toString layout, in UTC: "Wed Sep 09 15:24:39 UTC 2015".
    const auto t = static_cast<std::time_t>(std::floor(epoch_s));
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%a %b %d %H:%M:%S UTC %Y", &tm);
    return buf;
}

bool parse_double(std::string_view s, double& out) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    if (s.empty()) return false;
    const auto* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc{} && p == end && std::isfinite(out);
}

bool valid_tag(std::string_view tag) { return tag.find_first_of(", \r\n") == std::string_view::npos; }

}  // namespace

double IntervalLog::absolute_start_s(const IntervalLogEntry& e) const noexcept {
    if (base_time_s) return *base_time_s + e.start_s;
    // HdrHistogram's reader: timestamps more than a year before StartTime are relative to it.
    if (start_time_s && e.start_s < *start_time_s - kYearSeconds) return *start_time_s + e.start_s;
    return e.start_s;
}

std::string format_interval_line(const IntervalLogEntry& e, const IntervalLogWriteOptions& opt) {
    if (!valid_tag(e.tag))
        throw std::invalid_argument("interval log tag must not contain commas, spaces or line breaks");
    std::string line;
    if (!e.tag.empty()) line += "Tag=" + e.tag + ",";
    const double max =
        e.histogram.count() ? static_cast<double>(e.histogram.highest_equivalent(e.histogram.max())) : 0.0;
    line += fmt3(e.start_s) + "," + fmt3(e.length_s) + "," + fmt3(max / opt.max_value_unit_ratio) + ",";
    line += encode_histogram_base64(e.histogram, opt.zlib_level);
    line += '\n';
    return line;
}

std::string write_interval_log(const IntervalLog& log, const IntervalLogWriteOptions& opt) {
    std::string out;
    for (const auto& c : log.comments) out += "#" + c + "\n";
    out += "#[Histogram log format version 1.3]\n";
    if (log.start_time_s)
        out += "#[StartTime: " + fmt3(*log.start_time_s) + " (seconds since epoch), " +
               http_date_like(*log.start_time_s) + "]\n";
    if (log.base_time_s) out += "#[BaseTime: " + fmt3(*log.base_time_s) + " (seconds since epoch)]\n";
    out += "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n";
    for (const auto& e : log.entries) out += format_interval_line(e, opt);
    for (const auto& c : log.trailer) out += "#" + c + "\n";
    return out;
}

Expected<IntervalLog> parse_interval_log(std::string_view text) {
    if (text.size() > kMaxLogBytes) return fail("interval log larger than 256 MiB");
    IntervalLog log;
    std::size_t line_no = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const auto where = [&] { return "interval log line " + std::to_string(line_no) + ": "; };
        if (line.empty()) continue;
        if (line.front() == '#') {
            constexpr std::string_view kVersion = "#[Histogram log format version ";
            constexpr std::string_view kStart = "#[StartTime: ";
            constexpr std::string_view kBase = "#[BaseTime: ";
            if (line.starts_with(kVersion)) {
                auto v = line.substr(kVersion.size());
                v = v.substr(0, v.find(']'));
                log.format_version = std::string(v);
                if (!v.starts_with("1."))
                    return fail(where() + "unsupported log format version " + std::string(v));
            } else if (line.starts_with(kStart) || line.starts_with(kBase)) {
                const bool start = line.starts_with(kStart);
                auto v = line.substr(start ? kStart.size() : kBase.size());
                v = v.substr(0, v.find_first_of(" ]"));
                double d = 0;
                if (!parse_double(v, d)) return fail(where() + "bad time value '" + std::string(v) + "'");
                (start ? log.start_time_s : log.base_time_s) = d;
            } else {
                log.comments.emplace_back(line.substr(1));
            }
            continue;
        }
        if (line.front() == '"') continue;  // legend
        IntervalLogEntry e;
        if (line.starts_with("Tag=")) {
            const auto comma = line.find(',');
            if (comma == std::string_view::npos) return fail(where() + "tag without data");
            e.tag = std::string(line.substr(4, comma - 4));
            line = line.substr(comma + 1);
        }
        std::string_view fields[4];
        for (int i = 0; i < 3; ++i) {
            const auto comma = line.find(',');
            if (comma == std::string_view::npos) return fail(where() + "expected 4 comma-separated fields");
            fields[i] = line.substr(0, comma);
            line = line.substr(comma + 1);
        }
        fields[3] = line;
        if (!parse_double(fields[0], e.start_s))
            return fail(where() + "bad StartTimestamp '" + std::string(fields[0]) + "'");
        if (!parse_double(fields[1], e.length_s))
            return fail(where() + "bad Interval_Length '" + std::string(fields[1]) + "'");
        if (!parse_double(fields[2], e.max_scaled))
            return fail(where() + "bad Interval_Max '" + std::string(fields[2]) + "'");
        auto h = decode_histogram_base64(fields[3]);
        if (!h) return fail(where() + h.error());
        e.histogram = std::move(h->histogram);
        log.entries.push_back(std::move(e));
    }
    return log;
}

Expected<IntervalLog> merge_interval_logs(const std::vector<IntervalLog>& logs,
                                          const std::vector<std::string>& tag_prefixes) {
    if (!tag_prefixes.empty() && tag_prefixes.size() != logs.size())
        return fail("merge: " + std::to_string(tag_prefixes.size()) + " tag prefixes for " +
                    std::to_string(logs.size()) + " logs");
    for (const auto& p : tag_prefixes)
        if (!valid_tag(p)) return fail("merge: tag prefix '" + p + "' contains a comma, space or line break");
    struct Item {
        double abs;
        IntervalLogEntry entry;
    };
    std::vector<Item> items;
    std::optional<double> earliest;
    for (std::size_t i = 0; i < logs.size(); ++i) {
        const auto& log = logs[i];
        const std::string prefix = tag_prefixes.empty() ? std::string{} : tag_prefixes[i];
        for (const auto& e : log.entries) {
            Item it{log.absolute_start_s(e), e};
            if (!prefix.empty()) it.entry.tag = e.tag.empty() ? prefix : prefix + "." + e.tag;
            earliest = earliest ? std::min(*earliest, it.abs) : it.abs;
            items.push_back(std::move(it));
        }
        if (log.start_time_s && log.entries.empty())
            earliest = earliest ? std::min(*earliest, *log.start_time_s) : *log.start_time_s;
    }
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.abs < b.abs; });
    IntervalLog out;
    out.comments.emplace_back("[Merged by tpbench from " + std::to_string(logs.size()) + " interval logs]");
    const double base = earliest.value_or(0.0);
    out.start_time_s = base;
    out.base_time_s = base;
    out.format_version = "1.3";
    for (auto& it : items) {
        it.entry.start_s = it.abs - base;
        out.entries.push_back(std::move(it.entry));
    }
    return out;
}

Expected<IntervalLog> read_interval_log_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return fail("cannot open interval log '" + path + "'");
    f.seekg(0, std::ios::end);
    const auto size = f.tellg();
    if (size < 0) return fail("cannot read interval log '" + path + "'");
    if (static_cast<std::uint64_t>(size) > kMaxLogBytes)
        return fail("interval log '" + path + "' is larger than 256 MiB");
    f.seekg(0);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!f.read(text.data(), size)) return fail("cannot read interval log '" + path + "'");
    auto log = parse_interval_log(text);
    if (!log) return fail(path + ": " + log.error());
    return log;
}

Expected<bool> write_interval_log_file(const IntervalLog& log, const std::string& path,
                                       const IntervalLogWriteOptions& opt) {
    std::string text;
    try {
        text = write_interval_log(log, opt);
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) return fail("cannot open '" + path + "' for writing");
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    f.close();
    if (!f) return fail("writing '" + path + "' failed");
    return true;
}

IntervalLogAppender::~IntervalLogAppender() { close(); }

Expected<bool> IntervalLogAppender::open(const std::string& path, const IntervalLog& header,
                                         const IntervalLogWriteOptions& opt) {
    close();
    IntervalLog head = header;
    head.entries.clear();
    std::string text;
    try {
        text = write_interval_log(head, opt);
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) return fail("cannot open '" + path + "' for writing");
    opt_ = opt;
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0) {
        close();
        return fail("writing '" + path + "' failed");
    }
    return true;
}

bool IntervalLogAppender::append(const IntervalLogEntry& e) {
    if (!file_) return false;
    std::string line;
    try {
        line = format_interval_line(e, opt_);
    } catch (const std::exception&) {
        return false;
    }
    return std::fwrite(line.data(), 1, line.size(), file_) == line.size() && std::fflush(file_) == 0;
}

bool IntervalLogAppender::comment(std::string_view text) {
    if (!file_) return false;
    std::string line = "#";
    for (char c : text) line.push_back(c == '\n' || c == '\r' ? ' ' : c);
    line.push_back('\n');
    return std::fwrite(line.data(), 1, line.size(), file_) == line.size() && std::fflush(file_) == 0;
}

void IntervalLogAppender::close() {
    if (file_) std::fclose(file_);
    file_ = nullptr;
}

Expected<bool> replace_interval_log_file(const IntervalLog& log, const std::string& path,
                                         const IntervalLogWriteOptions& opt) {
    const std::string tmp = path + ".tmp";
    auto w = write_interval_log_file(log, tmp, opt);
    if (!w) {
        std::remove(tmp.c_str());
        return w;
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return fail("cannot replace '" + path + "'");
    }
    return true;
}

Histogram total_histogram(const IntervalLog& log, std::string_view tag, const HistogramConfig& fallback) {
    // Union geometry so that every interval fits; identical configs keep the merge exact.
    std::optional<HistogramConfig> cfg;
    for (const auto& e : log.entries) {
        if (e.tag != tag) continue;
        const auto& c = e.histogram.config();
        if (!cfg) {
            cfg = c;
        } else {
            cfg->lowest_discernible = std::min(cfg->lowest_discernible, c.lowest_discernible);
            cfg->highest_trackable = std::max(cfg->highest_trackable, c.highest_trackable);
            cfg->significant_digits = std::max(cfg->significant_digits, c.significant_digits);
        }
    }
    Histogram total{cfg.value_or(fallback)};
    for (const auto& e : log.entries)
        if (e.tag == tag) total.merge(e.histogram);
    return total;
}

}  // namespace tpbench::stats
