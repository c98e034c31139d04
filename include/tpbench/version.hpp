#pragma once
// tpbench's version, in one place: `--version` and the reports' tool_version.
#include <string_view>

namespace tpbench {

inline constexpr std::string_view version = "0.1.0";
inline constexpr std::string_view tool_version = "tpbench 0.1.0";  // "tpbench " + version

}  // namespace tpbench
