#include <tpbench/report/hgrm.hpp>

#include <doctest/doctest.h>

using tpbench::report::java_fixed;
using tpbench::report::percentile_distribution;
using tpbench::stats::Histogram;

TEST_CASE("java_fixed rounds HALF_UP on shortest digits like java.util.Formatter") {
    CHECK(java_fixed(0.125, 2) == "0.13");    // C printf: 0.12 (exact tie, half-even)
    CHECK(java_fixed(2.5005, 3) == "2.501");  // C printf: 2.500 (binary value is below the tie)
    CHECK(java_fixed(1.005, 2) == "1.01");
    CHECK(java_fixed(0.0, 3) == "0.000");
    CHECK(java_fixed(9.9996, 3) == "10.000");
    CHECK(java_fixed(123456789.0, 0) == "123456789");
    CHECK(java_fixed(1e-7, 3) == "0.000");
    CHECK(java_fixed(0.1, 12) == "0.100000000000");
    CHECK(java_fixed(1.0 / 0.9, 2) == "1.11");
    CHECK(java_fixed(-1.5, 1) == "-1.5");
    CHECK(java_fixed(1.0 / 0.0, 2) == "Infinity");
}

TEST_CASE(".hgrm of a known small histogram matches the hand-derived HdrHistogram text") {
    // (1, 3600*1000*1000, 3): 22 buckets x 2048 sub-buckets. Values 1000, 2000 are exact;
    // 3000 and 4000 sit in 2-wide buckets, reported as highest equivalents 3001 and 4001.
    // Percentile ticks (5 per half distance): 0,10,...,50 step 10; 55..75 step 5; 77.5 step 2.5;
    // the iteration stops after the last value is reached (77.5%) plus the final 100% line.
    // Mean uses median equivalents: (1000 + 2000 + 3001 + 4001) / 4 = 2500.5 ns -> 2.5005 us,
    // HALF_UP -> 2.501. StdDeviation sqrt(1251000.25) = 1118.48 ns.
    Histogram h{{1, 3600LL * 1000 * 1000, 3}};
    for (int v : {1000, 2000, 3000, 4000}) h.record(v);
    const std::string expected =
        "       Value     Percentile TotalCount 1/(1-Percentile)\n"
        "\n"
        "       1.000 0.000000000000          1           1.00\n"
        "       1.000 0.100000000000          1           1.11\n"
        "       1.000 0.200000000000          1           1.25\n"
        "       2.000 0.300000000000          2           1.43\n"
        "       2.000 0.400000000000          2           1.67\n"
        "       2.000 0.500000000000          2           2.00\n"
        "       3.001 0.550000000000          3           2.22\n"
        "       3.001 0.600000000000          3           2.50\n"
        "       3.001 0.650000000000          3           2.86\n"
        "       3.001 0.700000000000          3           3.33\n"
        "       3.001 0.750000000000          3           4.00\n"
        "       4.001 0.775000000000          4           4.44\n"
        "       4.001 1.000000000000          4\n"
        "#[Mean    =        2.501, StdDeviation   =        1.118]\n"
        "#[Max     =        4.001, Total count    =            4]\n"
        "#[Buckets =           22, SubBuckets     =         2048]\n";
    CHECK(percentile_distribution(h, 1000.0) == expected);
}

TEST_CASE(".hgrm CSV variant and empty histogram") {
    Histogram h{{1, 1'000'000, 2}};
    h.record(5);
    const std::string csv = percentile_distribution(h, 1.0, 5, true);
    CHECK(csv ==
          "\"Value\",\"Percentile\",\"TotalCount\",\"1/(1-Percentile)\"\n"
          "5.00,0.000000000000,1,1.00\n"
          "5.00,1.000000000000,1,Infinity\n");
    const std::string empty = percentile_distribution(Histogram{{1, 1'000'000, 2}}, 1e6);
    CHECK(empty.find("Total count    =            0]") != std::string::npos);
    CHECK(empty.find("0.000000000000") == std::string::npos);
}
