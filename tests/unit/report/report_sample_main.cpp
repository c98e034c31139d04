// Writes the deterministic sample report (sample_report.hpp) to the file given as argv[1], in
// the format its extension implies (--default-ab: the default A/B's shape). Used by the browser check
// (check_html_dom.cmake) and handy for eyeballing the HTML: report_sample /tmp/sample.html
#include <tpbench/report/render.hpp>

#include "sample_report.hpp"

#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
    const bool default_ab = argc == 3 && std::string_view(argv[1]) == "--default-ab";
    if (argc != 2 && !default_ab) {
        std::fprintf(stderr, "usage: report_sample [--default-ab] OUTPUT.{html,json,md,csv,txt}\n");
        return 2;
    }
    namespace t = tpbench::report::testing;
    auto ok = tpbench::report::write_report_file(
        default_ab ? t::sample_default_ab_report() : t::sample_report(), argv[argc - 1]);
    if (!ok) {
        std::fprintf(stderr, "report_sample: %s\n", ok.error().c_str());
        return 1;
    }
    return 0;
}
