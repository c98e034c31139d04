#pragma once
// Starts the embedded reference server for a test: 127.0.0.1, an ephemeral port, two Gremlin
// worker threads unless the configuration names another count. Test code only.
#include <tpbench/server/server.hpp>

#include <memory>

namespace tpbench::test {

inline std::unique_ptr<server::ServerHandle> start_embedded_server(server::ServerConfig cfg = {}) {
    cfg.host = "127.0.0.1";
    cfg.port = 0;
    if (cfg.gremlin_pool == 0) cfg.gremlin_pool = 2;
    return server::start(cfg);
}

}  // namespace tpbench::test
