#pragma once
// HdrHistogram percentile-distribution text (".hgrm"), exactly as HdrHistogram's Java
// AbstractHistogram.outputPercentileDistribution(printStream, ticksPerHalfDistance,
// outputValueUnitScalingRatio) prints it — the format HdrHistogram's plotter and wrk2 users know:
//
//          Value     Percentile TotalCount 1/(1-Percentile)
//
//          1.000 0.000000000000          1           1.00
//          ...
//          4.001 1.000000000000          4
//   #[Mean    =        2.501, StdDeviation   =        1.118]
//   #[Max     =        4.001, Total count    =            4]
//   #[Buckets =           22, SubBuckets     =         2048]
//
// Numbers are formatted like java.util.Formatter (shortest round-trip digits, then HALF_UP
// rounding), so output matches Java byte for byte, not C printf's round-half-even on the binary
// value.
#include <tpbench/stats/histogram.hpp>

#include <string>

namespace tpbench::report {

// The .hgrm text of h. value_unit_ratio divides every value (1e6: ns -> ms, 1e3: ns -> us);
// ticks_per_half_distance as in HdrHistogram (5 by default). csv = true gives HdrHistogram's CSV
// variant ("Value","Percentile","TotalCount","1/(1-Percentile)" rows, no footer). An empty
// histogram yields the header and footer only. value_unit_ratio <= 0 is treated as 1.
std::string percentile_distribution(const stats::Histogram& h, double value_unit_ratio = 1e6,
                                    int ticks_per_half_distance = 5, bool csv = false);

// Formats v with `precision` decimals the way java.util.Formatter's %.Nf does (HALF_UP on the
// shortest round-trip decimal digits). "NaN", "Infinity", "-Infinity" for non-finite values.
std::string java_fixed(double v, int precision);

}  // namespace tpbench::report
