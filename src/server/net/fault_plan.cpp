#include "fault_plan.hpp"

#include "protocol.hpp"
#include "ws_frame.hpp"

#include <charconv>
#include <cstdio>
#include <cmath>
#include <stdexcept>

namespace tpbench::server::detail {
namespace {

[[noreturn]] void bad(std::string_view spec, const std::string& why) {
    throw std::invalid_argument("--fault '" + std::string(spec) + "': " + why);
}

std::uint64_t parse_uint(std::string_view spec, std::string_view s, const char* what) {
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size())
        bad(spec, std::string(what) + " must be a non-negative integer, got '" + std::string(s) + "'");
    return v;
}

double parse_rate(std::string_view spec, std::string_view s) {
    // from_chars for double is in libstdc++ 11+.
    double v = -1;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || !(v >= 0.0 && v <= 1.0))
        bad(spec, "RATE must be a fraction in [0,1], got '" + std::string(s) + "'");
    return v;
}

// splitmix64: a well-mixed 64-bit hash of (seed, spec, request index).
std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

FaultSpec parse_fault_spec(std::string_view spec) {
    FaultSpec f;
    f.text = std::string(spec);
    std::string_view s = spec;
    if (auto at = s.find('@'); at != std::string_view::npos) {
        std::string_view c = s.substr(at + 1);
        if (c.substr(0, 6) != "count=") bad(spec, "expected '@count=K' after the kind");
        f.count = parse_uint(spec, c.substr(6), "K of @count=K");
        s = s.substr(0, at);
    }
    if (auto colon = s.find(':'); colon != std::string_view::npos) {
        f.rate = parse_rate(spec, s.substr(colon + 1));
        s = s.substr(0, colon);
    }
    std::string_view kind = s, arg;
    bool has_arg = false;
    if (auto eq = s.find('='); eq != std::string_view::npos) {
        kind = s.substr(0, eq);
        arg = s.substr(eq + 1);
        has_arg = true;
    }
    using K = FaultSpec::Kind;
    auto seconds_arg = [&](std::int64_t dflt) -> std::int64_t {
        if (!has_arg) return dflt;
        auto v = static_cast<std::int64_t>(parse_uint(spec, arg, "SECONDS"));
        if (v < 1 || v > 3600) bad(spec, "SECONDS must be 1..3600");
        return v;
    };
    if (kind == "status") {
        f.kind = K::status;
        f.arg = static_cast<std::int64_t>(parse_uint(spec, arg, "the status"));
        if (f.arg != 429 && f.arg != 500 && f.arg != 503) bad(spec, "status must be 429, 500 or 503");
    } else if (kind == "drop-after-results" || kind == "drop-after-bytes") {
        f.kind = kind == "drop-after-results" ? K::drop_after_results : K::drop_after_bytes;
        f.arg = static_cast<std::int64_t>(parse_uint(spec, arg, "N"));
        if (f.arg > (std::int64_t{1} << 40)) bad(spec, "N is too large");
    } else if (kind == "stall-after-head" || kind == "stall-mid-stream") {
        f.kind = kind == "stall-after-head" ? K::stall_after_head : K::stall_mid_stream;
        f.arg = seconds_arg(30);
    } else if (kind == "corrupt") {
        f.kind = K::corrupt;
        if (arg == "length")
            f.arg = static_cast<std::int64_t>(CorruptKind::length);
        else if (arg == "type")
            f.arg = static_cast<std::int64_t>(CorruptKind::type);
        else if (arg == "utf8")
            f.arg = static_cast<std::int64_t>(CorruptKind::utf8);
        else
            bad(spec, "corrupt must be length, type or utf8");
    } else if (kind == "request-id") {
        f.kind = K::request_id;
        if (arg == "unknown")
            f.arg = static_cast<std::int64_t>(RequestIdFault::unknown);
        else if (arg == "duplicate")
            f.arg = static_cast<std::int64_t>(RequestIdFault::duplicate);
        else
            bad(spec, "request-id must be unknown or duplicate");
    } else if (kind == "slow-read") {
        f.kind = K::slow_read;
        f.arg = 20;
        if (has_arg) {
            f.arg = static_cast<std::int64_t>(parse_uint(spec, arg, "MS of slow-read=MS"));
            if (f.arg < 1 || f.arg > 10000) bad(spec, "MS must be 1..10000");
        }
    } else if (kind == "refuse-handshake") {
        f.kind = K::refuse_handshake;
        f.arg = 503;
        if (arg == "close") {
            f.arg = 0;
        } else if (has_arg) {
            f.arg = static_cast<std::int64_t>(parse_uint(spec, arg, "the status (or 'close')"));
            if (f.arg < 400 || f.arg > 599) bad(spec, "the status must be 400..599 (or 'close')");
        }
    } else {
        bad(spec, "unknown fault kind '" + std::string(kind) +
                      "' (available: status=429|500|503, drop-after-results=N, drop-after-bytes=N, "
                      "stall-after-head[=S], stall-mid-stream[=S], corrupt=length|type|utf8, "
                      "request-id=unknown|duplicate, slow-read[=MS], refuse-handshake[=close|STATUS])");
    }
    return f;
}

FaultPlan::FaultPlan(const std::vector<std::string>& specs, std::uint64_t seed) : seed_(seed) {
    if (specs.empty()) throw std::invalid_argument("a fault plan needs at least one --fault");
    for (const auto& s : specs) specs_.push_back(parse_fault_spec(s));
    fired_ = std::make_unique<std::atomic<std::uint64_t>[]>(specs_.size());
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        fired_[i].store(0);
        has_connection_faults_ = has_connection_faults_ || specs_[i].per_connection();
    }
}

bool FaultPlan::draws(std::size_t spec_index, std::uint64_t index) const noexcept {
    double rate = specs_[spec_index].rate;
    if (rate >= 1.0) return true;
    if (rate <= 0.0) return false;
    std::uint64_t h = mix(seed_ ^ mix(index * 0x100000001b3ull + spec_index));
    // 53 high bits -> [0,1).
    double u = static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0);
    return u < rate;
}

bool FaultPlan::claim(std::size_t i) {
    const auto& f = specs_[i];
    if (!f.count) {
        fired_[i].fetch_add(1, std::memory_order_relaxed);
        return true;
    }
    // Claim one of the K slots; once they are gone this spec never fires again.
    std::uint64_t cur = fired_[i].load(std::memory_order_relaxed);
    while (cur < *f.count)
        if (fired_[i].compare_exchange_weak(cur, cur + 1, std::memory_order_relaxed)) return true;
    return false;
}

FaultDecision FaultPlan::next(Protocol p) {
    std::uint64_t index = requests_.fetch_add(1, std::memory_order_relaxed);
    FaultDecision d;
    using K = FaultSpec::Kind;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        const auto& f = specs_[i];
        if (f.per_connection() || (f.kind == K::request_id && p != Protocol::ws37)) continue;
        if (p == Protocol::http3 && f.kind != K::status && f.kind != K::drop_after_results) continue;
        if (!draws(i, index) || !claim(i)) continue;
        switch (f.kind) {
            case K::status:
                d.status = static_cast<int>(f.arg);
                break;
            case K::drop_after_results:
                d.drop_after_results = f.arg;
                break;
            case K::drop_after_bytes:
                d.drop_after_bytes = f.arg;
                break;
            case K::stall_after_head:
            case K::stall_mid_stream:
                d.stall = f.kind == K::stall_after_head ? StallKind::after_head : StallKind::mid_stream;
                d.stall_bound = std::chrono::seconds(f.arg);
                break;
            case K::corrupt:
                d.corrupt = static_cast<CorruptKind>(f.arg);
                break;
            case K::request_id:
                d.request_id = static_cast<RequestIdFault>(f.arg);
                break;
            case K::slow_read:
            case K::refuse_handshake:
                break;
        }
        return d;
    }
    return d;
}

ConnectionFault FaultPlan::next_connection() {
    std::uint64_t index = connections_.fetch_add(1, std::memory_order_relaxed);
    ConnectionFault c;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        const auto& f = specs_[i];
        if (!f.per_connection() || !draws(i, index) || !claim(i)) continue;
        if (f.kind == FaultSpec::Kind::slow_read) {
            c.slow_read = std::chrono::milliseconds(f.arg);
        } else {
            c.refuse = true;
            c.refuse_status = static_cast<int>(f.arg);
        }
        return c;
    }
    return c;
}

std::string fault_status_message(int status) {
    switch (status) {
        case 429:
            return "Too many requests have been sent in a given amount of time. (injected by tpbench serve "
                   "--fault)";
        case 503:
            return "Service unavailable (injected by tpbench serve --fault)";
        default:
            return "Server error (injected by tpbench serve --fault)";
    }
}

namespace {

constexpr std::string_view corrupt_marker = "tpbench-injected-corrupt-result";

// Patches the encoded single-result response `out` (whose one result is the marker string).
void corrupt_encoded(std::string& out, CorruptKind kind, bool graphbinary) {
    auto pos = out.find(corrupt_marker);
    if (pos == std::string::npos) return;
    if (kind == CorruptKind::utf8) {
        // 0xC3 0x28: a 2-byte lead followed by a non-continuation byte.
        out[pos] = static_cast<char>(0xC3);
        out[pos + 1] = '(';
    } else if (kind == CorruptKind::type) {
        if (graphbinary) {
            // FQ String: {type 0x03}{value_flag}{int32 length}{bytes}; 0xEE is no GraphBinary type.
            if (pos >= 6) out[pos - 6] = static_cast<char>(0xEE);
        } else {
            // GraphSON: the string as a typed value whose type does not exist.
            std::string quoted = "\"" + std::string(corrupt_marker) + "\"";
            if (pos >= 1 && out.compare(pos - 1, quoted.size(), quoted) == 0)
                out.replace(pos - 1, quoted.size(), "{\"@type\":\"g:NoSuchType\",\"@value\":" + quoted + "}");
        }
    }
}

}  // namespace

std::string ws37_corrupt_response(io::ws37::Format f, const model::Uuid& id, CorruptKind kind) {
    io::ws37::ResponseMessage m;
    m.header.request_id = id;
    m.header.code = 200;
    m.data = model::Value::list({model::Value::string(std::string(corrupt_marker))});
    std::string out;
    io::ws37::encode_response(out, m, f);
    corrupt_encoded(out, kind, f == io::ws37::Format::graphbinary_v1);
    return out;
}

std::string ws_frame_header(std::size_t n, bool binary) {
    std::array<unsigned char, 10> h{};
    const std::size_t len = put_server_frame_header(h, n, binary);
    return std::string(reinterpret_cast<const char*>(h.data()), len);
}

std::string ws_corrupt_frame_header(std::size_t n, bool binary) {
    std::string h;
    h += static_cast<char>(binary ? 0x82 : 0x81);
    h += static_cast<char>(127);
    // Sizes of 64 KiB and more fit no shorter form: set the top bit, which RFC 6455 forbids.
    std::uint64_t len = n < 65536 ? n : (static_cast<std::uint64_t>(n) | (std::uint64_t{1} << 63));
    for (int i = 7; i >= 0; --i) h += static_cast<char>((len >> (8 * i)) & 0xff);
    return h;
}

std::string http4_corrupt_response(io::http4::ResponseFormat f, std::string_view content_type,
                                   std::uint8_t version, CorruptKind kind, bool keep_alive) {
    std::string body;
    io::http4::write_response_start(body, f, false, version);
    io::http4::write_response_item(body, f, model::Value::string(std::string(corrupt_marker)), true);
    io::http4::write_response_end(body, f, 200);
    corrupt_encoded(body, kind, f == io::http4::ResponseFormat::graphbinary_v4);
    std::string out = "HTTP/1.1 200 OK\r\nContent-Type: ";
    out += content_type;
    out += "\r\nTransfer-Encoding: chunked\r\n";
    if (!keep_alive) out += "Connection: close\r\n";
    out += "\r\n";
    if (kind == CorruptKind::length) {
        // The size line claims half of the bytes that follow: the client reads that many, then
        // finds data where the chunk's CRLF must be.
        char buf[24];
        int n = std::snprintf(buf, sizeof buf, "%zx\r\n", body.size() / 2);
        out.append(buf, static_cast<std::size_t>(n));
        out += body;
        out += "\r\n";
    } else {
        append_chunk(out, body);
    }
    append_last_chunk(out, 200);
    return out;
}

}  // namespace tpbench::server::detail
