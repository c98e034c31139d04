#pragma once
// The 3.x result core shared by the ws37 job (jobs.cpp) and the http3 job (http3_endpoint.cpp):
// starting the evaluation of a 3.x request plan and encoding its result items. No Asio.
#include "jobs.hpp"

#include <tpbench/io/ws37.hpp>
#include <tpbench/server/gremlin.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tpbench::server::detail {

// Starts evaluating a 3.x request plan (script or bytecode) on `graph`: the result stream, or
// nullptr when the evaluation could not start.
std::unique_ptr<ResultStream> evaluate_ws37_plan(
    Graph& graph, const Ws37Plan& plan, std::optional<std::chrono::steady_clock::time_point> deadline);

// Encodes the result items of one 3.x response in GraphBinary 1.0 or GraphSON 3.0 (typed or not):
// each distinct element is materialised and encoded once per request (ElementCache); bytecode
// results are wrapped as Traverser(bulk).
class ResultItemEncoder {
public:
    explicit ResultItemEncoder(io::ws37::Format f)
        : gs_(f != io::ws37::Format::graphbinary_v1), typed_(f == io::ws37::Format::graphson_v3) {}
    // materializeProperties=tokens (the plan's choice; elements are materialised with it).
    void set_tokens(bool tokens) noexcept { tokens_ = tokens; }
    // The encoding of `item` (a Traverser with `bulk` when `traverser`); valid until the next call.
    const std::string& encode(const Item& item, bool traverser, std::int64_t bulk);

private:
    bool gs_;
    bool typed_;
    bool tokens_ = false;
    std::string scratch_;
    ElementCache cache_;
};

}  // namespace tpbench::server::detail
