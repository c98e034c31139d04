#pragma once
// Reading Target::options (`--option key=value`), shared by the three sessions: the value of a
// key, a true|false switch, and the memo switch every backend honours. Values are checked when
// the session is built (engine::Session construction; the CLI's validate does it before a run),
// so a bad value is a clear std::invalid_argument, never a surprise mid-run. Pure: no Asio.
#include <tpbench/engine/backend.hpp>

#include <stdexcept>
#include <string>

namespace tpbench::backends_detail {

// The value of option `key`, or `fallback` when it is absent or empty.
inline std::string option(const engine::Target& t, const char* key, const char* fallback) {
    const auto it = t.options.find(key);
    return it == t.options.end() || it->second.empty() ? std::string(fallback) : it->second;
}

// A true|false option (absent = false); `backend` names the side in the message.
inline bool bool_option(const engine::Target& t, const char* backend, const char* key) {
    const std::string v = option(t, key, "false");
    if (v == "true") return true;
    if (v == "false") return false;
    throw std::invalid_argument(std::string(backend) + ": option " + key + " must be true or false, got '" +
                                v + "'");
}

// Option memo=on|off (absent = on): whether the session may take its shortcuts, the caches that
// answer a request or a response "as the last one" instead of encoding or validating it again
// (docs/backends.md "Shortcuts"). Off, every request is encoded and every response byte read.
inline bool memo_option(const engine::Target& t, const char* backend) {
    const std::string v = option(t, "memo", "on");
    if (v == "on") return true;
    if (v == "off") return false;
    throw std::invalid_argument(std::string(backend) + ": option memo must be on or off, got '" + v + "'");
}

}  // namespace tpbench::backends_detail
