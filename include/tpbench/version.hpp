#pragma once
// tpbench's version, in one place: `--version` and the reports' tool_version.
#include <string_view>

namespace tpbench {

inline constexpr std::string_view version = "0.1.0";
inline constexpr std::string_view tool_version = "tpbench 0.1.0";  // "tpbench " + version
// The clients' User-Agent prefix: "tpbench/" + version (each backend adds its name).
inline constexpr std::string_view user_agent_prefix = "tpbench/0.1.0";
static_assert(tool_version.substr(8) == version && user_agent_prefix.substr(8) == version,
              "one version: tool_version and user_agent_prefix spell `version`");

}  // namespace tpbench
