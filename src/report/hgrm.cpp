// HdrHistogram .hgrm text with Java Formatter number formatting.
#include <tpbench/report/hgrm.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

namespace tpbench::report {

namespace {

std::string pad_left(const std::string& s, std::size_t width) {
    if (s.size() >= width) return s;
    std::string out(width - s.size(), ' ');
    out.append(s);
    return out;
}

std::string int_text(std::int64_t v) { return std::to_string(v); }

}  // namespace

std::string java_fixed(double v, int precision) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    if (precision < 0) precision = 0;
    const bool neg = std::signbit(v) && v != 0.0;
    // Shortest round-trip digits in scientific form: d[.ddd]e±X.
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, std::fabs(v), std::chars_format::scientific);
    std::string sci(buf, ec == std::errc{} ? end : buf);
    const auto epos = sci.find('e');
    std::string digits;
    for (std::size_t i = 0; i < epos; ++i)
        if (sci[i] != '.') digits += sci[i];
    const int exp10 = std::stoi(sci.substr(epos + 1));
    // Value = 0.DIGITS * 10^(exp10 + 1): `point` digits precede the decimal point.
    int point = exp10 + 1;
    if (point <= 0) {
        digits.insert(0, static_cast<std::size_t>(-point), '0');
        point = 0;
    }
    if (static_cast<int>(digits.size()) < point)
        digits.append(static_cast<std::size_t>(point) - digits.size(), '0');
    const std::size_t keep = static_cast<std::size_t>(point + precision);
    if (digits.size() > keep) {
        const bool up = digits[keep] >= '5';
        digits.resize(keep);
        if (up) {
            int i = static_cast<int>(keep) - 1;
            for (; i >= 0; --i) {
                if (digits[static_cast<std::size_t>(i)] == '9') {
                    digits[static_cast<std::size_t>(i)] = '0';
                } else {
                    ++digits[static_cast<std::size_t>(i)];
                    break;
                }
            }
            if (i < 0) {
                digits.insert(digits.begin(), '1');
                ++point;
            }
        }
    } else {
        digits.append(keep - digits.size(), '0');
    }
    std::string out;
    // Java prints "-0.000" for negative values that round to zero too.
    if (neg) out.push_back('-');
    if (point == 0)
        out.push_back('0');
    else
        out.append(digits, 0, static_cast<std::size_t>(point));
    if (precision > 0) {
        out.push_back('.');
        out.append(digits, static_cast<std::size_t>(point), std::string::npos);
    }
    return out;
}

std::string percentile_distribution(const stats::Histogram& h, double ratio, int ticks, bool csv) {
    if (!(ratio > 0)) ratio = 1.0;
    const int digits = h.config().significant_digits;
    std::string out;
    if (csv)
        out += "\"Value\",\"Percentile\",\"TotalCount\",\"1/(1-Percentile)\"\n";
    else
        out += pad_left("Value", 12) + " " + pad_left("Percentile", 14) + " " + pad_left("TotalCount", 10) +
               " " + pad_left("1/(1-Percentile)", 14) + "\n\n";
    for (const auto& step : h.percentiles(ticks)) {
        const double value = static_cast<double>(step.value) / ratio;
        const double p = step.percentile / 100.0;
        if (csv) {
            out +=
                java_fixed(value, digits) + "," + java_fixed(p, 12) + "," + int_text(step.total_count) + ",";
            out += step.percentile != 100.0 ? java_fixed(1.0 / (1.0 - p), 2) : std::string("Infinity");
            out += "\n";
        } else if (step.percentile != 100.0) {
            out += pad_left(java_fixed(value, digits), 12) + " " + pad_left(java_fixed(p, 12), 2) + " " +
                   pad_left(int_text(step.total_count), 10) + " " +
                   pad_left(java_fixed(1.0 / (1.0 - p), 2), 14) + "\n";
        } else {
            out += pad_left(java_fixed(value, digits), 12) + " " + pad_left(java_fixed(p, 12), 2) + " " +
                   pad_left(int_text(step.total_count), 10) + "\n";
        }
    }
    if (!csv) {
        const double max = h.count() ? static_cast<double>(h.highest_equivalent(h.max())) : 0.0;
        out += "#[Mean    = " + pad_left(java_fixed(h.mean() / ratio, digits), 12) +
               ", StdDeviation   = " + pad_left(java_fixed(h.stddev() / ratio, digits), 12) + "]\n";
        out += "#[Max     = " + pad_left(java_fixed(max / ratio, digits), 12) +
               ", Total count    = " + pad_left(int_text(h.count()), 12) + "]\n";
        out += "#[Buckets = " + pad_left(int_text(h.bucket_count()), 12) +
               ", SubBuckets     = " + pad_left(int_text(h.sub_bucket_count()), 12) + "]\n";
    }
    return out;
}

}  // namespace tpbench::report
