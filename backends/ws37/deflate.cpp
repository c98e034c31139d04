#include "backends/ws37/deflate.hpp"

#include <zlib.h>

#include <algorithm>
#include <new>

namespace tpbench::ws37::pmd {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool equal_nocase(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

// A window-bits value: 8..15, digits only (optionally quoted, RFC 7692 §7.1.2).
bool window_bits(std::string_view v, int& out) {
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
    if (v.empty() || v.size() > 2) return false;
    int n = 0;
    for (char c : v) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + (c - '0');
    }
    if (n < 8 || n > 15) return false;
    out = n;
    return true;
}

constexpr unsigned char kTail[4] = {0x00, 0x00, 0xff, 0xff};

}  // namespace

bool negotiate(std::string_view header, bool& accepted, Params& p, std::string& why) {
    accepted = false;
    p = Params{};
    header = trim(header);
    if (header.empty()) return true;
    if (header.find(',') != std::string_view::npos) {
        why = "the server answered with more than one WebSocket extension: " + std::string(header);
        return false;
    }
    std::size_t at = header.find(';');
    if (!equal_nocase(trim(header.substr(0, at)), "permessage-deflate")) {
        why = "the server answered with a WebSocket extension that was not offered: " + std::string(header);
        return false;
    }
    bool seen[4] = {false, false, false, false};
    while (at != std::string_view::npos) {
        header.remove_prefix(at + 1);
        at = header.find(';');
        const std::string_view param = trim(header.substr(0, at));
        const std::size_t eq = param.find('=');
        const std::string_view name = trim(param.substr(0, eq));
        const bool has_value = eq != std::string_view::npos;
        const std::string_view value = has_value ? trim(param.substr(eq + 1)) : std::string_view{};
        int which = -1;
        bool ok = false;
        if (equal_nocase(name, "server_no_context_takeover")) {
            which = 0;
            ok = !has_value;
            p.server_no_context_takeover = true;
        } else if (equal_nocase(name, "client_no_context_takeover")) {
            which = 1;
            ok = !has_value;
            p.client_no_context_takeover = true;
        } else if (equal_nocase(name, "server_max_window_bits")) {
            which = 2;
            ok = has_value && window_bits(value, p.server_max_window_bits);
        } else if (equal_nocase(name, "client_max_window_bits")) {
            which = 3;
            ok = has_value && window_bits(value, p.client_max_window_bits);
        }
        if (which < 0 || !ok || seen[which]) {
            why = "the server's permessage-deflate parameters are not acceptable: " + std::string(param);
            return false;
        }
        seen[which] = true;
    }
    accepted = true;
    return true;
}

// ---- Inflater --------------------------------------------------------------------------------

struct Inflater::Impl {
    z_stream zs{};
    Impl() {
        if (inflateInit2(&zs, -15) != Z_OK) throw std::bad_alloc();
    }
    ~Impl() { inflateEnd(&zs); }
};

Inflater::Inflater(bool reset_each_message) : impl_(std::make_unique<Impl>()), reset_(reset_each_message) {}
Inflater::~Inflater() = default;

bool Inflater::feed(std::string_view in, bool last, std::string& out, std::size_t max, std::string& why) {
    if (!run(reinterpret_cast<const unsigned char*>(in.data()), in.size(), out, max, why)) return false;
    if (!last) return true;
    if (!run(kTail, sizeof kTail, out, max, why)) return false;
    if (reset_) inflateReset(&impl_->zs);
    return true;
}

bool Inflater::run(const unsigned char* in, std::size_t n, std::string& out, std::size_t max,
                   std::string& why) {
    z_stream& zs = impl_->zs;
    zs.next_in = const_cast<unsigned char*>(in);
    zs.avail_in = static_cast<uInt>(n);
    for (;;) {
        const std::size_t at = out.size();
        // Room for what this input may give, more as it turns out to give more (zero-filled by
        // resize, so not much more); bounded by one byte past the limit: the overflow shows as
        // out.size() > max.
        const std::size_t want = std::max<std::size_t>({1024, std::min<std::size_t>(8 * n, 1 << 20), at / 2});
        const std::size_t room = std::min(want, max + 1 - at);
        out.resize(at + room);
        zs.next_out = reinterpret_cast<unsigned char*>(out.data() + at);
        zs.avail_out = static_cast<uInt>(room);
        const int rc = inflate(&zs, Z_SYNC_FLUSH);
        out.resize(at + room - zs.avail_out);
        if (out.size() > max) {
            why = "message too big (inflated)";
            return false;
        }
        if (rc == Z_STREAM_END) {
            // A final block: the server ended its deflate stream (a new one may follow).
            inflateReset(&zs);
            if (zs.avail_in == 0) return true;
            continue;
        }
        if (rc == Z_BUF_ERROR) {
            if (zs.avail_out != 0) return true;  // all input used, nothing more to give
            continue;
        }
        if (rc != Z_OK) {
            why = std::string("corrupt permessage-deflate data (") + (zs.msg ? zs.msg : "zlib error") + ")";
            return false;
        }
        if (zs.avail_in == 0 && zs.avail_out != 0) return true;
    }
}

// ---- Deflater --------------------------------------------------------------------------------

struct Deflater::Impl {
    z_stream zs{};
    explicit Impl(int bits) {
        if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -bits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            throw std::bad_alloc();
    }
    ~Impl() { deflateEnd(&zs); }
};

Deflater::Deflater(int window_bits, bool reset_each_message)
    : impl_(std::make_unique<Impl>(std::clamp(window_bits, 9, 15))), reset_(reset_each_message) {}
Deflater::~Deflater() = default;

void Deflater::compress(std::string_view in, std::string& out) {
    z_stream& zs = impl_->zs;
    out.clear();
    zs.next_in = reinterpret_cast<unsigned char*>(const_cast<char*>(in.data()));
    zs.avail_in = static_cast<uInt>(in.size());
    do {
        const std::size_t at = out.size();
        const std::size_t room = deflateBound(&zs, static_cast<uLong>(zs.avail_in)) + 16;
        out.resize(at + room);
        zs.next_out = reinterpret_cast<unsigned char*>(out.data() + at);
        zs.avail_out = static_cast<uInt>(room);
        deflate(&zs, Z_SYNC_FLUSH);  // Z_OK, or Z_BUF_ERROR when a call had nothing left to do
        out.resize(at + room - zs.avail_out);
    } while (zs.avail_out == 0);
    if (out.size() >= 4 && out.compare(out.size() - 4, 4, reinterpret_cast<const char*>(kTail), 4) == 0)
        out.resize(out.size() - 4);
    if (reset_) deflateReset(&zs);
}

}  // namespace tpbench::ws37::pmd
