#pragma once
// `tpbench inspect`: renders a captured payload (one value, a request or a response, in GraphBinary
// 1.0/4.0 or GraphSON 3.0/4.0) as indented text or JSON. The rendering lives here, apart from the
// CLI11 wiring in cmd_inspect.cpp, so tests can call it directly. Pure functions, any thread.
#include <tpbench/io/result.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tpbench::cli {

enum class InspectFormat : std::uint8_t { gb1, gb4, gs3, gs4 };
enum class InspectMessage : std::uint8_t { value, request, response };

struct InspectOptions {
    InspectFormat format = InspectFormat::gb1;
    InspectMessage message = InspectMessage::value;
    bool json = false;  // JSON instead of indented text
};

// "gb1" | "gb4" | "gs3" | "gs4" → format; nullopt otherwise.
std::optional<InspectFormat> parse_inspect_format(std::string_view s) noexcept;
// "value" | "request" | "response" → kind; nullopt otherwise.
std::optional<InspectMessage> parse_inspect_message(std::string_view s) noexcept;

// Decodes `input` as described by `opt` and returns the rendering (ending in a newline).
// Errors: the decoder's io::Error (code, byte offset, message); nothing is printed.
//  * value: one fully-qualified GraphBinary value / one GraphSON value spanning the whole input
//    (GraphSON typed or untyped is detected from the presence of "@type").
//  * request: gb1 = ws37 binary frame with or without its mime prefix; gs3 = ws37 JSON request;
//    gb4 = http4 GraphBinary body; gs4 = http4 GraphSON 4 body (or plain JSON when untyped).
//  * response: gb1/gs3 = one ws37 ResponseMessage; gb4/gs4 = a whole http4 body (header, items,
//    end marker, status footer).
io::Result<std::string> inspect(std::string_view input, const InspectOptions& opt);

// The one-line diagnostic the CLI prints for a decoding error:
// "tpbench inspect: truncated String at byte offset 37".
std::string inspect_error_line(const io::Error& e);

}  // namespace tpbench::cli
