#pragma once
// The client-side fixtures every backend test builds by hand otherwise: a loopback SessionConfig,
// a Request with a deadline, a session of a registry backend, and the real-server tests'
// TPBENCH_RS=VERSION@PORT. Test code only (uses doctest); header-only.
#include <tpbench/backends/registry.hpp>
#include <tpbench/engine/backend.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace tpbench::test {

// A session configuration for 127.0.0.1:`port` with the given serializer and backend options
// (Target::options); everything else at SessionConfig's defaults.
inline engine::SessionConfig loopback_config(std::uint16_t port, std::string serializer = "",
                                             std::map<std::string, std::string> options = {}) {
    engine::SessionConfig cfg;
    cfg.target.host = "127.0.0.1";
    cfg.target.port = port;
    cfg.target.serializer = std::move(serializer);
    cfg.target.options = std::move(options);
    return cfg;
}

// A request for `gremlin` due within `budget` from now; `keep` materialises the results.
inline engine::Request make_request(std::string gremlin,
                                    engine::Clock::duration budget = std::chrono::seconds(60),
                                    bool keep = false) {
    engine::Request r;
    r.gremlin = std::move(gremlin);
    r.deadline = engine::Clock::now() + budget;
    r.keep_results = keep;
    return r;
}

// A new session of the registry's `backend` (the test fails when the registry has no such row).
template <class Executor>
std::unique_ptr<engine::Session> make_backend_session(std::string_view backend, const Executor& ex,
                                                      const engine::SessionConfig& cfg) {
    const backends::BackendInfo* b = backends::find_backend(backend);
    REQUIRE_MESSAGE(b != nullptr, "no backend '" << std::string(backend) << "' in the registry");
    return b->factory(ex, cfg);
}

// TPBENCH_RS = VERSION@PORT, set by the realserver CTest fixtures (one variable, so CTest's
// ENVIRONMENT property needs no list).
inline std::string realserver_env() {
    const char* p = std::getenv("TPBENCH_RS");
    REQUIRE_MESSAGE(p != nullptr, "TPBENCH_RS=VERSION@PORT is not set (run through ctest -L realserver)");
    std::string s = p;
    REQUIRE_MESSAGE(s.find('@') != std::string::npos, "TPBENCH_RS must be VERSION@PORT, not " << s);
    return s;
}
inline std::string realserver_version() {
    const std::string s = realserver_env();
    return s.substr(0, s.find('@'));
}
inline std::uint16_t realserver_port() {
    const std::string s = realserver_env();
    return static_cast<std::uint16_t>(std::atoi(s.c_str() + s.find('@') + 1));
}

}  // namespace tpbench::test
