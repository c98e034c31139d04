#pragma once
// The http3 backend: TinkerPop 3.x Gremlin Server's HTTP endpoint (HttpChannelizer /
// WsAndHttpChannelizer, e.g. JanusGraph and other 3.x deployments) over HTTP/1.1 keep-alive (plain
// TCP or TLS, through the shared transport of backends/common), one request in flight per
// connection, the whole response in one body: a GraphSON 3.0 or GraphBinary 1.0 ResponseMessage on
// success, a JSON {"message", "Exception-Class", "exceptions", "stackTrace", "requestId"} object on
// error. Rules read from the 3.7 server (HttpGremlinEndpointHandler, HttpHandlerUtil).
// Implementation: backends/http3/protocol.* (the pure protocol core), backends/http3/session.cpp
// (the thin I/O layer).
#include <tpbench/engine/backend.hpp>

#include <memory>
#include <string_view>

namespace tpbench::http3 {

// Response serializer names accepted in engine::Target::serializer ("" = the default), sent as
// the Accept header: "graphbinary-v1" (application/vnd.graphbinary-v1.0) | "graphson-v3"
// (application/vnd.gremlin-v3.0+json) | "graphson-v3-untyped"
// (application/vnd.gremlin-v3.0+json;types=false) | "graphson-v3-json" (application/json, which
// the stock server maps to GraphSON 3.0).
inline constexpr std::string_view default_serializer = "graphbinary-v1";

// Creates one unconnected http3 session on `ex` (call async_connect next). Target::options read:
//   "body"     = "json" (default) | "serialized"
//                json: POST {"gremlin", "bindings", "language", "aliases"} with Content-Type
//                application/json (the documented curl/REST form; no bytecode);
//                serialized: POST of a RequestMessage in the response serializer's format with
//                that Content-Type (the 3.x Java driver's HTTP form; GraphBinary 1.0 with its mime
//                prefix, or typed GraphSON 3.0), which also carries bytecode and evaluationTimeout
//   "method"   = "post" (default) | "get"  GET ?gremlin=…&bindings.k=…&language=… (bindings
//                become strings, as the server reads query parameters)
//   "language" = script language sent when a request names none ("" = none: the server's default,
//                gremlin-groovy)
//   "alias"    = traversal source the request's "g" is bound to (aliases {"g": NAME}; "" = none)
//   "maxResponseBytes" = largest response body accepted (default 1073741824); a larger
//                Content-Length fails the request with protocol_violation before reading it
// Target::tls.enabled = https (see backends/common/transport.hpp); Target::auth basic = HTTP Basic
// on every request (HttpBasicAuthenticationHandler); sasl_plain and sigv4 are refused.
// Throws std::invalid_argument on an unknown serializer or option value, an unsupported
// combination (GET or serialized bodies with untyped GraphSON, bytecode without a serialized
// body is reported per request) or an unreadable TLS file (configuration errors); all run-time
// errors are Outcome values. A keep-alive connection closed by the server between requests is
// re-opened transparently (Outcome::reconnects). The session must outlive every async_execute
// call on it.
std::unique_ptr<engine::Session> make_session(boost::asio::any_io_executor ex,
                                              const engine::SessionConfig& cfg);

// Throws what make_session would throw for `cfg` (the same checks), without building a session.
void check_config(const engine::SessionConfig& cfg);

}  // namespace tpbench::http3
