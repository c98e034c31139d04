#pragma once
// UTF-8 encoding of one code point: the one encoder of the codecs (src/io, through
// src/io/detail/bytes.hpp), the script lexer's \u escapes (src/server/gremlin/script.cpp) and the
// feature files' JSON strings (tests/features/gherkin.cpp). Header-only, no dependencies.
#include <cstdint>
#include <string>

namespace tpbench::model {

// Appends code point `cp` (<= U+10FFFF) as UTF-8: 1 to 4 bytes by magnitude. A surrogate
// (U+D800..U+DFFF) is written as its 3-byte form; callers that must emit well-formed UTF-8 pair or
// reject surrogates first.
inline void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xc0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xe0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else {
        out.push_back(static_cast<char>(0xf0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    }
}

}  // namespace tpbench::model
