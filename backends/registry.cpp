// The explicit backend registry (h2load's closed switch): a plain table, no static
// self-registration. Adding a transport = one new backend library + one row here.
#include <tpbench/backends/http3.hpp>
#include <tpbench/backends/http4.hpp>
#include <tpbench/backends/ws37.hpp>
#include <tpbench/engine/backend.hpp>

namespace tpbench::engine {

const std::vector<BackendInfo>& backends() {
    static const std::vector<BackendInfo> table = {
        {"ws37",
         "TinkerPop 3.7 WebSocket: GraphBinary 1.0 / GraphSON 3.0, requests multiplexed per connection",
         ws37::default_serializer, &ws37::make_session},
        {"http4", "TinkerPop 4 HTTP/1.1: POST /gremlin, GraphBinary 4 / GraphSON 4 streamed chunk by chunk",
         http4::default_serializer, &http4::make_session},
        {"http3",
         "TinkerPop 3.x HTTP endpoint (HttpChannelizer / WsAndHttpChannelizer): POST of a script, whole "
         "GraphBinary 1.0 / GraphSON 3.0 response",
         http3::default_serializer, &http3::make_session},
    };
    return table;
}

const BackendInfo* find_backend(std::string_view name) {
    for (const auto& b : backends()) {
        if (b.name == name) return &b;
    }
    return nullptr;
}

}  // namespace tpbench::engine
