#pragma once
// "Did you mean ...?" for a mistyped name: the nearest of the known names by edit distance
// (Levenshtein with adjacent transpositions, ASCII case-insensitive). Used for the CLI's flag typos
// (src/cli/main.cpp) and `tpbench serve --config`'s unknown yaml keys (src/server/net/config.cpp).
// Header-only, no dependencies, usable on any thread.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::model {

// Edit distance between a and b, ignoring ASCII case: insertions, deletions, substitutions and
// swaps of two adjacent characters each cost 1.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

// The known name nearest to `word`, when it is close enough to be a typo of it: at most a third of
// the word's length (at least 1, at most 3) edits away. The first of equally near names wins.
inline std::optional<std::string> did_you_mean(std::string_view word, const std::vector<std::string>& known) {
    const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
    std::optional<std::string> best;
    std::size_t best_d = limit + 1;
    for (const auto& k : known) {
        const std::size_t d = edit_distance(word, k);
        if (d < best_d) {
            best_d = d;
            best = k;
        }
    }
    return best;
}

}  // namespace tpbench::model
