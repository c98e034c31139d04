// `tpbench merge OUT.hlog IN.hlog...` — combines HdrHistogram interval logs from several runs or
// machines into one without losing a recorded count (every interval histogram is kept as it was
// recorded, at its own bucket resolution; timestamps are rebased onto the earliest start).
// Optionally prints or writes the percentile distribution of the merged total: every interval, or
// those of one --tag.
#include "commands.hpp"
#include "run_command.hpp"

#include <tpbench/report/hgrm.hpp>
#include <tpbench/stats/interval_log.hpp>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

struct MergeArgs {
    std::string out;
    std::vector<std::string> inputs;
    std::vector<std::string> prefixes;
    std::string hgrm;
    std::optional<std::string> tag;  // none: every interval, whatever its tag
};

int run_merge(const MergeArgs& a) {
    std::vector<tpbench::stats::IntervalLog> logs;
    logs.reserve(a.inputs.size());
    for (const auto& path : a.inputs) {
        auto l = tpbench::stats::read_interval_log_file(path);
        if (!l) {
            fmt::print(stderr, "tpbench merge: {}\n", l.error());
            return 2;
        }
        logs.push_back(std::move(*l));
    }
    auto merged = tpbench::stats::merge_interval_logs(logs, a.prefixes);
    if (!merged) {
        fmt::print(stderr, "tpbench merge: {}\n", merged.error());
        return 2;
    }
    // The --hgrm total: every interval (each input's tag or --prefix), or only those of --tag.
    tpbench::stats::IntervalLog for_total = *merged;
    if (a.tag) {
        std::vector<std::string> tags;
        for (const auto& e : merged->entries)
            if (std::find(tags.begin(), tags.end(), e.tag) == tags.end()) tags.push_back(e.tag);
        if (std::find(tags.begin(), tags.end(), *a.tag) == tags.end()) {
            std::string list;
            for (const auto& t : tags) list += fmt::format("{}'{}'", list.empty() ? "" : ", ", t);
            fmt::print(stderr, "tpbench merge: no interval has tag '{}' (the merged log's tags: {})\n",
                       *a.tag, list.empty() ? std::string("none") : list);
            return 2;
        }
    } else {
        for (auto& e : for_total.entries) e.tag.clear();
    }
    auto w = tpbench::stats::write_interval_log_file(*merged, a.out);
    if (!w) {
        fmt::print(stderr, "tpbench merge: {}\n", w.error());
        return 1;
    }
    const auto total = tpbench::stats::total_histogram(for_total, a.tag.value_or(""));
    fmt::print(stderr, "tpbench merge: {} intervals from {} logs -> {} ({} values{})\n",
               merged->entries.size(), logs.size(), a.out, total.count(),
               a.tag ? fmt::format(", tag '{}'", *a.tag) : std::string());
    if (!a.hgrm.empty()) {
        const std::string text = tpbench::report::percentile_distribution(total, 1e6);
        if (a.hgrm == "-") {
            fmt::print("{}", text);
        } else {
            std::ofstream f(a.hgrm);
            f << text;
            if (!f) {
                fmt::print(stderr, "tpbench merge: cannot write {}\n", a.hgrm);
                return 1;
            }
        }
    }
    return 0;
}

}  // namespace

void register_merge(CLI::App& app) {
    auto args = std::make_shared<MergeArgs>();
    auto* sub = app.add_subcommand(
        "merge",
        "Merge HdrHistogram interval logs (.hlog) from several runs or machines: every recorded count is "
        "kept, at the resolution each histogram was recorded with (its significant digits)");
    sub->add_option("out", args->out, "merged interval log to write")->required();
    sub->add_option("inputs", args->inputs,
                    "interval logs to merge (e.g. from `tpbench run --rate R --hlog FILE`)")
        ->required()
        ->check(CLI::ExistingFile);
    sub->add_option(
        "--prefix", args->prefixes,
        "tag prefix per input (one per input, in order): tag t becomes PREFIX.t, untagged becomes PREFIX");
    sub->add_option("--hgrm", args->hgrm,
                    "also write the merged total's percentile distribution (ms) to FILE, or - for stdout");
    sub->add_option("--tag", args->tag,
                    "only the intervals of this tag make the --hgrm total ('' = the untagged ones; default: "
                    "every interval)");
    sub->callback([args] { tpbench::cli::run_command("tpbench merge", [&] { return run_merge(*args); }); });
}
