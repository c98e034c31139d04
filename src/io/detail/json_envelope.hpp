#pragma once
// Private helpers of the ws37/http4 envelope codecs: JSON member/element walkers over complete
// messages (value boundaries come from gs_skip, which validates without allocating) and a "loose"
// reader that turns envelope members into model values (typed GraphSON objects are handed to
// gs_read, plain JSON is converted here). The lexing (strings, whitespace, literals) and the string
// writer are json_lexer.hpp's, shared with the GraphSON codec. Not a public header.
#include "json_lexer.hpp"

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
        errc bad = errc::bad_json;
        const Scan r = parse_string(s, p, key, &bad);
        if (r == Scan::bad && bad == errc::bad_utf8)
            return make_error(errc::bad_utf8, p, std::string(what) + ": member name is not valid UTF-8");
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
    // Recursive: bounded by the reader's cap too (depth_caps.hpp), and a typed value inside gets
    // only the depth that is left.
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
