#pragma once
// The simple-name test both protocol clients use to classify a server's exception: servers send a
// Java exception's simple class name ("ServerShutdownException"), some a fully qualified one.
#include <string_view>

namespace tpbench::backends {

// True when `exception` is `simple_name` or ends with "." + simple_name.
inline bool names_exception(std::string_view exception, std::string_view simple_name) noexcept {
    if (exception.size() < simple_name.size()) return false;
    if (exception.substr(exception.size() - simple_name.size()) != simple_name) return false;
    return exception.size() == simple_name.size() ||
           exception[exception.size() - simple_name.size() - 1] == '.';
}

}  // namespace tpbench::backends
