#pragma once
// Private helpers of the ws37/http4 envelope codecs: JSON member/element walkers over complete
// messages (value boundaries come from gs_skip, which validates without allocating), a string
// parser, a JSON string writer and a "loose" reader that turns envelope members into model
// values (typed GraphSON objects are handed to gs_read, plain JSON is converted here).
// Not a public header: lives next to the .cpp files that use it.
#include <tpbench/io/graphson.hpp>
#include <tpbench/io/depth_caps.hpp>
#include <tpbench/io/result.hpp>
#include <tpbench/model/value.hpp>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <optional>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace tpbench::io::detail::json {

// Outcome of a scanning step. `truncated` means the input ended inside the item (a streaming caller
// may retry with more bytes); `bad` means the bytes are not JSON.
enum class Scan : std::uint8_t { ok, truncated, bad };

inline bool is_ws(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

inline void skip_ws(std::string_view s, std::size_t& pos) noexcept {
    while (pos < s.size() && is_ws(s[pos])) ++pos;
}

inline int hex_digit(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Skips a JSON string starting at the opening quote. On `bad`, `pos` is the offending byte.
inline Scan skip_string(std::string_view s, std::size_t& pos) noexcept {
    std::size_t p = pos + 1;
    const std::size_t n = s.size();
    for (;;) {
        // Fast path: run to the next quote, backslash or control byte.
        while (p < n) {
            const auto c = static_cast<unsigned char>(s[p]);
            if (c == '"' || c == '\\' || c < 0x20) break;
            ++p;
        }
        if (p >= n) return Scan::truncated;
        const auto c = static_cast<unsigned char>(s[p]);
        if (c == '"') {
            pos = p + 1;
            return Scan::ok;
        }
        if (c < 0x20) {
            pos = p;
            return Scan::bad;
        }
        // Backslash escape.
        if (p + 1 >= n) return Scan::truncated;
        const char e = s[p + 1];
        if (e == 'u') {
            if (p + 6 > n) return Scan::truncated;
            for (std::size_t k = p + 2; k < p + 6; ++k) {
                if (hex_digit(s[k]) < 0) {
                    pos = k;
                    return Scan::bad;
                }
            }
            p += 6;
        } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' ||
                   e == 't') {
            p += 2;
        } else {
            pos = p + 1;
            return Scan::bad;
        }
    }
}

inline Scan skip_literal(std::string_view s, std::size_t& pos, std::string_view lit) noexcept {
    const std::size_t avail = s.size() - pos;
    const std::size_t k = avail < lit.size() ? avail : lit.size();
    for (std::size_t i = 0; i < k; ++i) {
        if (s[pos + i] != lit[i]) {
            pos += i;
            return Scan::bad;
        }
    }
    if (k < lit.size()) return Scan::truncated;
    pos += lit.size();
    return Scan::ok;
}

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

// Parses a JSON string at `pos` (must be the opening quote) into `out`, decoding escapes.
inline Scan parse_string(std::string_view s, std::size_t& pos, std::string& out) {
    std::size_t end = pos;
    const Scan r = skip_string(s, end);
    if (r != Scan::ok) {
        if (r == Scan::bad) pos = end;
        return r;
    }
    out.clear();
    std::size_t p = pos + 1;
    const std::size_t last = end - 1;  // closing quote
    while (p < last) {
        const std::size_t q = s.find('\\', p);
        if (q == std::string_view::npos || q >= last) {
            out.append(s.data() + p, last - p);
            break;
        }
        out.append(s.data() + p, q - p);
        const char e = s[q + 1];
        p = q + 2;
        switch (e) {
            case 'b':
                out.push_back('\b');
                break;
            case 'f':
                out.push_back('\f');
                break;
            case 'n':
                out.push_back('\n');
                break;
            case 'r':
                out.push_back('\r');
                break;
            case 't':
                out.push_back('\t');
                break;
            case 'u': {
                std::uint32_t cp = 0;
                for (int k = 0; k < 4; ++k) cp = cp * 16 + static_cast<std::uint32_t>(hex_digit(s[p + k]));
                p += 4;
                // Surrogate pair → one code point; a lone surrogate becomes U+FFFD.
                if (cp >= 0xd800 && cp < 0xdc00 && p + 6 <= last && s[p] == '\\' && s[p + 1] == 'u') {
                    std::uint32_t lo = 0;
                    bool okhex = true;
                    for (int k = 0; k < 4; ++k) {
                        const int h = hex_digit(s[p + 2 + k]);
                        okhex = okhex && h >= 0;
                        lo = lo * 16 + static_cast<std::uint32_t>(h < 0 ? 0 : h);
                    }
                    if (okhex && lo >= 0xdc00 && lo < 0xe000) {
                        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                        p += 6;
                    } else {
                        cp = 0xfffd;
                    }
                } else if (cp >= 0xd800 && cp < 0xe000) {
                    cp = 0xfffd;
                }
                append_utf8(out, cp);
                break;
            }
            default:
                out.push_back(e);
                break;  // '"', '\\', '/'
        }
    }
    pos = end;
    return Scan::ok;
}

// Appends `v` as a JSON string literal (quotes included).
inline void write_string(std::string& out, std::string_view v) {
    static constexpr char kHex[] = "0123456789abcdef";
    out.push_back('"');
    std::size_t run = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const auto c = static_cast<unsigned char>(v[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(v.data() + run, i - run);
        run = i + 1;
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                out += "\\u00";
                out.push_back(kHex[c >> 4]);
                out.push_back(kHex[c & 15]);
        }
    }
    out.append(v.data() + run, v.size() - run);
    out.push_back('"');
}

inline Error make_error(errc code, std::size_t offset, std::string msg) {
    return Error{code, offset, std::move(msg)};
}

// Converts a Scan failure at `pos` into an io::Error.
inline Error scan_error(Scan r, std::size_t pos, std::string_view what, bool too_deep = false) {
    if (too_deep) return make_error(errc::too_deep, pos, std::string(what) + ": JSON nesting too deep");
    if (r == Scan::truncated)
        return make_error(errc::truncated, pos, std::string(what) + ": JSON text ends early");
    return make_error(errc::bad_json, pos, std::string(what) + ": invalid JSON");
}

// Member-by-member walk of a JSON object that leaves each value to the callback:
// `on_member(key, value_begin, p)` must move `p` past the value (so a value is scanned only once).
// `pos` must point at '{'; on success it is moved past the closing '}'. The callback returns an
// empty optional to continue or an Error.
template <class F>
inline std::optional<Error> for_each_member_lazy(std::string_view s, std::size_t& pos, std::string_view what,
                                                 F&& on_member) {
    std::size_t p = pos;
    skip_ws(s, p);
    if (p >= s.size()) return make_error(errc::truncated, p, std::string(what) + ": expected a JSON object");
    if (s[p] != '{') return make_error(errc::bad_json, p, std::string(what) + ": expected a JSON object");
    ++p;
    skip_ws(s, p);
    if (p < s.size() && s[p] == '}') {
        pos = p + 1;
        return std::nullopt;
    }
    std::string key;
    for (;;) {
        skip_ws(s, p);
        if (p >= s.size()) return make_error(errc::truncated, p, std::string(what) + ": object ends early");
        if (s[p] != '"') return make_error(errc::bad_json, p, std::string(what) + ": expected a member name");
        const Scan r = parse_string(s, p, key);
        if (r != Scan::ok) return scan_error(r, p, what);
        skip_ws(s, p);
        if (p >= s.size()) return make_error(errc::truncated, p, std::string(what) + ": object ends early");
        if (s[p] != ':') return make_error(errc::bad_json, p, std::string(what) + ": expected ':'");
        ++p;
        skip_ws(s, p);
        const std::size_t vb = p;
        if (auto e = on_member(std::string_view(key), vb, p)) return e;
        skip_ws(s, p);
        if (p >= s.size()) return make_error(errc::truncated, p, std::string(what) + ": object ends early");
        if (s[p] == ',') {
            ++p;
            continue;
        }
        if (s[p] == '}') {
            pos = p + 1;
            return std::nullopt;
        }
        return make_error(errc::bad_json, p, std::string(what) + ": expected ',' or '}'");
    }
}

// Member-by-member walk of a JSON object: calls `on_member(key, value_begin, value_end)` for each
// member (value bounds are absolute offsets into `s`, found with gs_skip). `pos` must point at '{';
// on success it is moved past the closing '}'. The callback returns an empty optional to continue
// or an Error.
template <class F>
inline std::optional<Error> for_each_member(std::string_view s, std::size_t& pos, std::size_t max_depth,
                                            std::string_view what, F&& on_member) {
    return for_each_member_lazy(
        s, pos, what, [&](std::string_view key, std::size_t vb, std::size_t& p) -> std::optional<Error> {
            auto sk = gs_skip(s, p, max_depth);
            if (!sk) return sk.error();
            p = *sk;
            return on_member(key, vb, p);
        });
}

// Element-by-element walk of a JSON array at `pos` ('['): `on_element(begin, end)`.
template <class F>
inline std::optional<Error> for_each_element(std::string_view s, std::size_t& pos, std::size_t max_depth,
                                             std::string_view what, F&& on_element) {
    std::size_t p = pos;
    skip_ws(s, p);
    if (p >= s.size()) return make_error(errc::truncated, p, std::string(what) + ": expected a JSON array");
    if (s[p] != '[') return make_error(errc::bad_json, p, std::string(what) + ": expected a JSON array");
    ++p;
    skip_ws(s, p);
    if (p < s.size() && s[p] == ']') {
        pos = p + 1;
        return std::nullopt;
    }
    for (;;) {
        skip_ws(s, p);
        const std::size_t vb = p;
        auto sk = gs_skip(s, p, max_depth);
        if (!sk) return sk.error();
        p = *sk;
        if (auto e = on_element(vb, p)) return e;
        skip_ws(s, p);
        if (p >= s.size()) return make_error(errc::truncated, p, std::string(what) + ": array ends early");
        if (s[p] == ',') {
            ++p;
            continue;
        }
        if (s[p] == ']') {
            pos = p + 1;
            return std::nullopt;
        }
        return make_error(errc::bad_json, p, std::string(what) + ": expected ',' or ']'");
    }
}

// Returns the "@type" name if the object at [b, e) is a typed GraphSON wrapper, else "".
// Only looks at the first member (Java and every TinkerPop writer put "@type" first).
inline std::string typed_name(std::string_view s, std::size_t b, std::size_t e) {
    std::size_t p = b;
    skip_ws(s, p);
    if (p >= e || s[p] != '{') return {};
    ++p;
    skip_ws(s, p);
    static constexpr std::string_view kType = "\"@type\"";
    if (e - p < kType.size() || s.substr(p, kType.size()) != kType) return {};
    p += kType.size();
    skip_ws(s, p);
    if (p >= e || s[p] != ':') return {};
    ++p;
    skip_ws(s, p);
    if (p >= e || s[p] != '"') return {};
    std::string name;
    if (parse_string(s.substr(0, e), p, name) != Scan::ok) return {};
    return name;
}

// True if the object at [b, e) starts with "@type":"<name>" (raw bytes, no allocation).
inline bool has_type(std::string_view s, std::size_t b, std::size_t e, std::string_view name) {
    std::size_t p = b;
    skip_ws(s, p);
    if (p >= e || s[p] != '{') return false;
    ++p;
    skip_ws(s, p);
    static constexpr std::string_view kType = "\"@type\"";
    if (e - p < kType.size() || s.substr(p, kType.size()) != kType) return false;
    p += kType.size();
    skip_ws(s, p);
    if (p >= e || s[p] != ':') return false;
    ++p;
    skip_ws(s, p);
    if (p >= e || s[p] != '"') return false;
    ++p;
    return e - p > name.size() && s.substr(p, name.size()) == name && s[p + name.size()] == '"';
}

// Returns the bounds of the "@value" member of a typed wrapper object at [b, e).
inline bool typed_value_bounds(std::string_view s, std::size_t b, std::size_t e, std::size_t& vb,
                               std::size_t& ve, std::size_t max_depth) {
    std::size_t p = b;
    bool found = false;
    auto err = for_each_member(s.substr(0, e), p, max_depth, "typed value",
                               [&](std::string_view k, std::size_t x, std::size_t y) -> std::optional<Error> {
                                   if (k == "@value") {
                                       vb = x;
                                       ve = y;
                                       found = true;
                                   }
                                   return std::nullopt;
                               });
    return !err && found;
}

// Reads a plain JSON number at [b, e) into a model value: integers become Int when they fit and
// `int_as_long` is false, else Long; integers beyond 64 bits and reals become Double.
inline model::Value number_value(std::string_view text, bool int_as_long) {
    const bool real = text.find_first_of(".eE") != std::string_view::npos;
    if (!real) {
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && ptr == text.data() + text.size()) {
            if (!int_as_long && v >= INT32_MIN && v <= INT32_MAX)
                return model::Value::int_(static_cast<std::int32_t>(v));
            return model::Value::long_(v);
        }
    }
    // strtod needs a NUL-terminated copy.
    std::string tmp(text);
    return model::Value::double_(std::strtod(tmp.c_str(), nullptr));
}

// Converts the JSON value at [b, e) to a model value. Objects whose first member is "@type" are
// typed GraphSON and go to gs_read (when `typed_ok`); everything else is plain JSON.
inline Result<model::Value> read_loose(std::string_view s, std::size_t b, std::size_t e, const GsOptions& opt,
                                       bool int_as_long, bool typed_ok, std::size_t depth = 0) {
    // Recursive: bounded by the reader's cap too (issue 11 #15), and a typed value inside gets only
    // the depth that is left.
    const std::size_t max_depth = std::min(opt.max_depth, gs_depth_cap);
    if (depth > max_depth) return make_error(errc::too_deep, b, "JSON nesting too deep");
    std::size_t p = b;
    skip_ws(s, p);
    if (p >= e) return make_error(errc::truncated, p, "expected a JSON value");
    const char c = s[p];
    if (c == '{') {
        if (typed_ok && !typed_name(s, p, e).empty()) {
            GsOptions inner = opt;
            inner.max_depth = std::min(opt.max_depth, gs_depth_cap - depth);
            auto r = gs_read(s.substr(p, e - p), inner);
            if (!r) {
                Error err = r.error();
                err.offset += p;
                return err;
            }
            return std::move(r).value();
        }
        std::vector<model::Value> kv;
        std::size_t q = p;
        auto err =
            for_each_member(s.substr(0, e), q, opt.max_depth, "object",
                            [&](std::string_view k, std::size_t x, std::size_t y) -> std::optional<Error> {
                                auto v = read_loose(s, x, y, opt, int_as_long, typed_ok, depth + 1);
                                if (!v) return v.error();
                                kv.push_back(model::Value::string(std::string(k)));
                                kv.push_back(std::move(v).value());
                                return std::nullopt;
                            });
        if (err) return *err;
        return model::Value::map(std::move(kv));
    }
    if (c == '[') {
        std::vector<model::Value> items;
        std::size_t q = p;
        auto err = for_each_element(s.substr(0, e), q, opt.max_depth, "array",
                                    [&](std::size_t x, std::size_t y) -> std::optional<Error> {
                                        auto v = read_loose(s, x, y, opt, int_as_long, typed_ok, depth + 1);
                                        if (!v) return v.error();
                                        items.push_back(std::move(v).value());
                                        return std::nullopt;
                                    });
        if (err) return *err;
        return model::Value::list(std::move(items));
    }
    if (c == '"') {
        std::string str;
        const Scan r = parse_string(s.substr(0, e), p, str);
        if (r != Scan::ok) return scan_error(r, p, "string");
        return model::Value::string(std::move(str));
    }
    if (c == 't') return model::Value::boolean(true);
    if (c == 'f') return model::Value::boolean(false);
    if (c == 'n') return model::Value::null();
    std::size_t q = e;
    while (q > p && is_ws(s[q - 1])) --q;
    return number_value(s.substr(p, q - p), int_as_long);
}

}  // namespace tpbench::io::detail::json
