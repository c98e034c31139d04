#pragma once
// Command-line scaffolding of the test programs (tpbench_features, tpbench_differential):
// "--key value" / "--flag" arguments read into the caller's variables from one table, and whole-file
// reads that end the program with exit status 2 and a message when the file cannot be read.
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

namespace tpbench::test {

struct ArgTable {
    std::map<std::string, std::string*> values;  // --key VALUE
    std::map<std::string, bool*> flags;          // --flag
};

// Reads argv[1..] into the table's variables. `usage(why)` must not return (it prints and exits):
// it is called with "missing value for --key" or "unknown argument X".
inline void parse_args(int argc, char** argv, const ArgTable& table,
                       const std::function<void(const std::string&)>& usage) {
    for (int i = 1; i < argc; ++i) {
        const std::string k = argv[i];
        if (auto v = table.values.find(k); v != table.values.end()) {
            if (i + 1 >= argc) usage("missing value for " + k);
            *v->second = argv[++i];
        } else if (auto f = table.flags.find(k); f != table.flags.end()) {
            *f->second = true;
        } else {
            usage("unknown argument " + k);
        }
    }
}

// The whole file; "PROGRAM: cannot read PATH" on stderr and exit status 2 when it cannot be read.
inline std::string slurp_or_exit(const std::string& path, std::string_view program) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        std::cerr << program << ": cannot read " << path << "\n";
        std::exit(2);
    }
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

}  // namespace tpbench::test
