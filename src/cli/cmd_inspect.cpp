// `tpbench inspect --format gb1|gb4|gs3|gs4 [--message value|request|response] [--json] FILE|-`
// Prints a captured payload as readable text or JSON; malformed input exits with code 2 and a
// one-line message naming the byte offset. Rendering: inspect.cpp.
#include "commands.hpp"
#include "inspect.hpp"
#include "run_command.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

namespace {

struct InspectArgs {
    std::string format;
    std::string message = "value";
    bool json = false;
    std::string file;
};

// Reads a whole file, or stdin for "-". Throws CLI::RuntimeError(2) when it cannot be read.
std::string read_input(const std::string& path) {
    std::ostringstream ss;
    if (path == "-") {
        ss << std::cin.rdbuf();
        return ss.str();
    }
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        std::cerr << "tpbench inspect: cannot open " << path << "\n";
        throw CLI::RuntimeError(2);
    }
    ss << f.rdbuf();
    return ss.str();
}

void run_inspect(const InspectArgs& a) {
    tpbench::cli::InspectOptions opt;
    // CLI11 already restricted the choices; the parse cannot fail here.
    opt.format = *tpbench::cli::parse_inspect_format(a.format);
    opt.message = *tpbench::cli::parse_inspect_message(a.message);
    opt.json = a.json;
    const std::string input = read_input(a.file);
    auto r = tpbench::cli::inspect(input, opt);
    if (!r) {
        std::cerr << tpbench::cli::inspect_error_line(r.error()) << "\n";
        throw CLI::RuntimeError(2);
    }
    std::cout << *r;
    std::cout.flush();
}

}  // namespace

void register_inspect(CLI::App& app) {
    auto args = std::make_shared<InspectArgs>();
    CLI::App* sub =
        app.add_subcommand("inspect", "Decode a captured payload (value, request or response) and print it");
    sub->add_option("--format", args->format,
                    "Wire format: gb1 (GraphBinary 1.0), gb4, gs3 (GraphSON 3.0), gs4")
        ->required()
        ->check(CLI::IsMember({"gb1", "gb4", "gs3", "gs4"}));
    sub->add_option("--message", args->message,
                    "What the bytes are: value (default), request, or response (gb4/gs4: a whole HTTP body)")
        ->check(CLI::IsMember({"value", "request", "response"}));
    sub->add_flag("--json", args->json, "Print JSON instead of indented text");
    sub->add_option("file", args->file, "Input file, or - for stdin")->required();
    sub->callback([args] {
        tpbench::cli::run_command("tpbench inspect", [&] {
            run_inspect(*args);
            return 0;
        });
    });
}
