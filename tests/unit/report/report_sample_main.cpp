// Writes the deterministic sample report (sample_report.hpp) to the file given as argv[1], in
// the format its extension implies. Used by the browser check (check_html_dom.cmake) and handy
// for eyeballing the HTML: report_sample /tmp/sample.html
#include <tpbench/report/render.hpp>

#include "sample_report.hpp"

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: report_sample OUTPUT.{html,json,md,csv,txt}\n");
        return 2;
    }
    auto ok = tpbench::report::write_report_file(tpbench::report::testing::sample_report(), argv[1]);
    if (!ok) {
        std::fprintf(stderr, "report_sample: %s\n", ok.error().c_str());
        return 1;
    }
    return 0;
}
