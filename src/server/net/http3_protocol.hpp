#pragma once
// Pure protocol helpers of the embedded server's TinkerPop 3.x HTTP endpoint (no Asio, no
// sockets), the rules of the 3.7 server's HttpGremlinEndpointHandler / HttpHandlerUtil:
// telling a 3.x HTTP request from a 4.0 one on the shared port, the 3.x Accept negotiation, the
// request forms (JSON body, serialized RequestMessage, GET query string) and the JSON error body.
// Unit-tested in tests/unit/server/http3_protocol_test.cpp.
#include "protocol.hpp"

#include <tpbench/io/ws37.hpp>
#include <tpbench/model/value.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tpbench::server::detail {

// Whether a non-upgrade request is for the 3.x HTTP endpoint rather than http4. The two real
// servers never share a port, so the embedded one decides by what only a 3.x client sends:
//   * a GET with ?gremlin= (is_http3_get; TinkerPop 4 has no GET endpoint);
//   * a POST whose Content-Type is a 3.x serializer (application/vnd.graphbinary-v1.0,
//     application/vnd.gremlin-v3.0+json[;types=false], gremlin-v1.0/v2.0): a serialized
//     RequestMessage, the 3.x Java driver's HTTP form;
//   * a POST whose Accept names a 3.x serializer and no 4.0 one (…-v1.0, -v2.0, -v3.0).
// Anything else — a 4.0 mime type, or only application/json, */* or no Accept — stays http4 (the
// embedded server's historical default for plain JSON).
bool is_http3_post(std::string_view content_type, std::string_view accept) noexcept;

// Whether a GET is for the 3.x HTTP endpoint: its target has a query string naming `gremlin`
// (TinkerPop 4 has no GET endpoint; a bare GET keeps the listener's 405).
bool is_http3_get(std::string_view target) noexcept;

struct Http3Accept {
    io::ws37::Format format;
    std::string content_type;  // sent back as Content-Type (the matched mime type)
};
// chooseSerializer: absent/empty = application/json; the header is split on ',' (entries are not
// trimmed, as in the server), ";q=…" is cut off, the entries are tried in descending
// lexicographic order of the media type, */* = application/json. Registered here:
// application/json and application/vnd.gremlin-v3.0+json (GraphSON 3.0),
// application/vnd.gremlin-v3.0+json;types=false, application/vnd.graphbinary-v1.0. nullopt =
// 400 "no serializer for requested Accept header: <value>".
std::optional<Http3Accept> negotiate_http3_accept(std::string_view accept);

struct Http3Request {
    Ws37Plan plan;                          // what to evaluate (eval or bytecode)
    std::optional<model::Uuid> request_id;  // the request's, or nullopt (the server makes one)
};

struct Http3Reject {
    int status = 400;
    std::string message;
    std::optional<model::Uuid> request_id;
};

// Reads a 3.x HTTP request: GET ?gremlin= (bindings.K, aliases.K, language, requestId); a POST
// whose Content-Type is a 3.x serializer (a RequestMessage in that format; GraphBinary with the
// mime prefix checked against the header: "Mime type mismatch…"), validated like the op
// processors (plan_ws37_request); else a POST of {"gremlin", "bindings", "language", "aliases",
// "requestId", "op"} ("body could not be parsed", "no gremlin script supplied", "bindings must be
// a Map", "aliases must be a Map", "Invalid UUID string: …"). Aliases other than g -> g are
// refused ("Could not rebind [x] to [y] as [y] not in the Graph or TraversalSource global
// bindings"), as the embedded server has one traversal source.
std::optional<Http3Reject> read_http3_request(bool get, std::string_view target,
                                              std::string_view content_type, std::string_view body,
                                              Http3Request& out, std::size_t max_parameters = 16);

// {"message": …, ["Exception-Class": …, "exceptions": [...], "stackTrace": …,] ["requestId": …]}:
// HttpHandlerUtil.sendError's body (the exception members only for evaluation failures).
std::string http3_error_body(std::string_view message, std::string_view exception = {},
                             const std::optional<model::Uuid>& request_id = std::nullopt);

// The message of a request refused because the gremlinPool queue is full (the Java server's
// RejectedExecutionException text, answered with 500).
std::string http3_rejected_message(std::size_t queue_size);

}  // namespace tpbench::server::detail
