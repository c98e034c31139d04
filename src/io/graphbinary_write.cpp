// GraphBinary 1.0 / 4.0 writer: model::Value -> bytes (include/tpbench/io/graphbinary.hpp; the
// mapping table, the "closest equivalent" rules included, is in detail/gb_tables.hpp).
#include <tpbench/io/graphbinary.hpp>

#include "detail/bytes.hpp"
#include "detail/gb_tables.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

namespace tpbench::io {

namespace {

using namespace gb_detail;
using model::EnumKind;
using model::TemporalKind;
using model::Type;
using model::Value;

const Value& null_value() {
    static const Value v;
    return v;
}

const Value& kid(const Value& v, std::size_t i) { return i < v.size() ? v[i] : null_value(); }

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

// Days since 1970-01-01 -> proleptic Gregorian (y, m, d) (H. Hinnant's civil_from_days).
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    if (m <= 2) ++y;
}

// Decimal of |v| zero-padded to `width`, with a leading '-' for negatives (no overflow on INT64_MIN).
std::string pad(std::int64_t v, int width) {
    const std::uint64_t mag = v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    std::string s = std::to_string(mag);
    if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<std::size_t>(width) - s.size(), '0');
    return v < 0 ? "-" + s : s;
}

// a mod b in [0, b) for b > 0.
std::int64_t floor_mod(std::int64_t a, std::int64_t b) {
    const std::int64_t r = a % b;
    return r < 0 ? r + b : r;
}

// java.time.LocalTime.toString of a nano-of-day.
std::string iso_time(std::int64_t nod) {
    const std::int64_t h = nod / 3600000000000LL, mi = nod / 60000000000LL % 60, s = nod / 1000000000LL % 60,
                       n = nod % 1000000000LL;
    // Appended piece by piece: "lit" + std::string&& trips g++ 12's -Wrestrict (a false positive).
    std::string out = pad(h, 2);
    out += ':';
    out += pad(mi, 2);
    if (s != 0 || n != 0) {
        out += ':';
        out += pad(s, 2);
    }
    if (n != 0) {
        out += '.';
        if (n % 1000000 == 0)
            out += pad(n / 1000000, 3);
        else if (n % 1000 == 0)
            out += pad(n / 1000, 6);
        else
            out += pad(n, 9);
    }
    return out;
}

// java.time.ZoneOffset id.
std::string iso_offset(std::int64_t total) {
    if (total == 0) return "Z";
    const std::uint64_t a =
        total < 0 ? 0 - static_cast<std::uint64_t>(total) : static_cast<std::uint64_t>(total);
    auto two = [](std::uint64_t x) { return pad(static_cast<std::int64_t>(x), 2); };
    std::string out(1, total < 0 ? '-' : '+');
    out += two(a / 3600);
    out += ':';
    out += two(a / 60 % 60);
    if (a % 60 != 0) {
        out += ':';
        out += two(a % 60);
    }
    return out;
}

class Writer {
public:
    Writer(std::string& out, GbVersion ver) : out_(out), start_(out.size()), v4_(ver == GbVersion::v4) {}
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;
    // Drops the unused slack grown by room(); must be called once after the last write.
    void finish() {
        if (p_ != nullptr) out_.resize(static_cast<std::size_t>(p_ - out_.data()));
    }

    void fq(const Value& v) {
        switch (v.type()) {
            case Type::null: {
                const std::uint8_t c = v.aux();
                const bool ok = c != code::custom && (v4_ ? kCodes.v4[c] : kCodes.v1[c]);
                hdr(ok ? c : code::null, 1);
                return;
            }
            case Type::boolean:
                hdr(code::boolean, 0);
                u8(v.as_bool() ? '\1' : '\0');
                return;
            case Type::byte:
                hdr(code::byte, 0);
                u8(static_cast<char>(static_cast<std::uint8_t>(v.as_int())));
                return;
            case Type::short_:
                hdr(code::short_, 0);
                be16(static_cast<std::uint16_t>(v.as_int()));
                return;
            case Type::int_:
                hdr(code::int_, 0);
                be32(static_cast<std::uint32_t>(v.as_int()));
                return;
            case Type::long_:
                hdr(code::long_, 0);
                be64(static_cast<std::uint64_t>(v.as_int()));
                return;
            case Type::float_: {
                hdr(code::float_, 0);
                const float f = static_cast<float>(v.as_double());
                std::uint32_t bits;
                std::memcpy(&bits, &f, 4);
                be32(bits);
                return;
            }
            case Type::double_: {
                hdr(code::double_, 0);
                const double d = v.as_double();
                std::uint64_t bits;
                std::memcpy(&bits, &d, 8);
                be64(bits);
                return;
            }
            case Type::big_integer:
                hdr(code::big_integer, 0);
                big_bytes(v.str());
                return;
            case Type::big_decimal:
                hdr(code::big_decimal, 0);
                be32(static_cast<std::uint32_t>(v.as_int()));
                big_bytes(v.str());
                return;
            case Type::char_:
                hdr(code::char_, 0);
                char_bytes(v.str());
                return;
            case Type::string:
                string_fq(v.str());
                return;
            case Type::uuid: {
                hdr(code::uuid, 0);
                const model::Uuid u = v.as_uuid();
                raw(reinterpret_cast<const char*>(u.data()), u.size());
                return;
            }
            case Type::date:
            case Type::timestamp:
                if (v4_) {
                    datetime_from_seconds(floor_div(v.as_int(), 1000), floor_mod(v.as_int(), 1000) * 1000000);
                } else {
                    hdr(v.type() == Type::date ? code::date : code::timestamp, 0);
                    be64(static_cast<std::uint64_t>(v.as_int()));
                }
                return;
            case Type::duration:
                hdr(code::duration, 0);
                be64(static_cast<std::uint64_t>(v.as_int()));
                be32(static_cast<std::uint32_t>(v.nanos()));
                return;
            case Type::binary:
                hdr(code::binary, 0);
                bytes(v.str());
                return;
            case Type::inet_address:
                hdr(v4_ ? code::binary : code::inet_address, 0);
                bytes(v.str());
                return;
            case Type::temporal:
                temporal(v);
                return;
            case Type::list:
                hdr(code::list, 0);
                items(v);
                return;
            case Type::set:
                hdr(code::set, 0);
                items(v);
                return;
            case Type::map:
                hdr(code::map, v4_ && v.ordered() ? 2 : 0);
                map_value(v);
                return;
            case Type::bulk_set:
                if (v4_)
                    hdr(code::list, 2);
                else
                    hdr(code::bulk_set, 0);
                bulk_value(v);
                return;
            case Type::vertex:
                hdr(code::vertex, 0);
                fq(kid(v, 0));
                labels(kid(v, 1));
                properties(kid(v, 2));
                return;
            case Type::edge:
                hdr(code::edge, 0);
                fq(kid(v, 0));
                labels(kid(v, 1));
                fq(kid(v, 2));
                labels(kid(v, 3));
                fq(kid(v, 4));
                labels(kid(v, 5));
                fq(kid(v, 6));
                properties(kid(v, 7));
                return;
            case Type::vertex_property:
                hdr(code::vertex_property, 0);
                fq(kid(v, 0));
                labels(kid(v, 1));
                fq(kid(v, 2));
                fq(kid(v, 3));
                properties(kid(v, 4));
                return;
            case Type::property:
                hdr(code::property, 0);
                string_value(kid(v, 0).str());
                fq(kid(v, 1));
                fq(kid(v, 2));
                return;
            case Type::path:
                hdr(code::path, 0);
                fq(kid(v, 0));
                fq(kid(v, 1));
                return;
            case Type::tree:
                hdr(code::tree, 0);
                tree_value(v);
                return;
            case Type::graph:
                hdr(code::graph, 0);
                graph(v);
                return;
            case Type::traverser:
                if (v4_) {
                    hdr(code::list, 2);
                    be32(1);
                    fq(kid(v, 0));
                    be64(static_cast<std::uint64_t>(v.as_int()));
                } else {
                    hdr(code::traverser, 0);
                    be64(static_cast<std::uint64_t>(v.as_int()));
                    fq(kid(v, 0));
                }
                return;
            case Type::enum_: {
                const auto c = static_cast<std::uint8_t>(v.aux());
                const bool ok = is_enum_code(c) && (!v4_ || kCodes.v4[c]);
                if (ok) hdr(c, 0);
                string_fq(v.str());
                return;
            }
            case Type::bytecode:
                if (v4_) {
                    hdr(code::list, 0);
                    be32(2);
                    fq(kid(v, 0));
                    fq(kid(v, 1));
                } else {
                    hdr(code::bytecode, 0);
                    instructions(kid(v, 0));
                    instructions(kid(v, 1));
                }
                return;
            case Type::p:
            case Type::text_p:
                if (v4_) {
                    string_fq(v.to_string());
                } else {
                    hdr(v.type() == Type::p ? code::p : code::text_p, 0);
                    string_value(v.str());
                    items(v);
                }
                return;
            case Type::binding:
                if (v4_) {
                    fq(kid(v, 0));
                } else {
                    hdr(code::binding, 0);
                    string_value(v.str());
                    fq(kid(v, 0));
                }
                return;
            case Type::lambda:
                if (v4_) {
                    string_fq(kid(v, 1).str());
                } else {
                    hdr(code::lambda, 0);
                    string_value(kid(v, 0).str());
                    string_value(kid(v, 1).str());
                    be32(static_cast<std::uint32_t>(kid(v, 2).to_int64()));
                }
                return;
            case Type::class_:
                if (!v4_) {
                    hdr(code::class_, 0);
                    string_value(v.str());
                } else {
                    string_fq(v.str());
                }
                return;
            case Type::marker:
                hdr(v4_ ? code::marker : code::byte, 0);
                u8(static_cast<char>(static_cast<std::uint8_t>(v.as_int())));
                return;
            case Type::metrics:
                if (v4_) {
                    metrics_map(v);
                } else {
                    hdr(code::metrics, 0);
                    metrics_value(v);
                }
                return;
            case Type::traversal_metrics:
                if (v4_) {
                    hdr(code::map, 0);
                    be32(2);
                    string_fq("dur");
                    long_fq(kid(v, 0).to_int64());
                    string_fq("metrics");
                    metrics_list(kid(v, 1));
                } else {
                    hdr(code::traversal_metrics, 0);
                    be64(static_cast<std::uint64_t>(kid(v, 0).to_int64()));
                    list_value(kid(v, 1));
                }
                return;
            case Type::strategy:
                if (v4_) {
                    hdr(code::map, 0);
                    be32(2);
                    string_fq("class");
                    string_fq(kid(v, 0).str());
                    string_fq("configuration");
                    hdr(code::map, 0);
                    map_value(kid(v, 1));
                } else {
                    hdr(code::strategy, 0);
                    string_value(kid(v, 0).str());
                    map_value(kid(v, 1));
                }
                return;
            case Type::composite_pdt:
                if (v4_) {
                    hdr(code::composite_pdt, 0);
                    string_fq(v.str());
                }
                if (kid(v, 0).type() == Type::map) {
                    fq(kid(v, 0));
                } else {
                    hdr(code::map, 0);
                    be32(0);
                }
                return;
            case Type::primitive_pdt:
                if (v4_) {
                    hdr(code::primitive_pdt, 0);
                    string_fq(v.str());
                }
                string_fq(kid(v, 0).str());
                return;
            case Type::raw:
                u8(static_cast<char>(v.aux()));
                raw(v.str().data(), v.str().size());
                return;
        }
        hdr(code::null, 1);
    }

private:
    // Output goes through a raw pointer into `out_`, grown geometrically with resize(); this keeps
    // each field write to a bounds check and a memcpy instead of a std::string::append call.
    [[gnu::always_inline]] char* room(std::size_t n) {
        if (static_cast<std::size_t>(end_ - p_) < n) [[unlikely]]
            grow(n);
        char* r = p_;
        p_ += n;
        return r;
    }
    [[gnu::noinline]] void grow(std::size_t n) {
        const std::size_t used = p_ != nullptr ? static_cast<std::size_t>(p_ - out_.data()) : out_.size();
        const std::size_t add = std::max(n, std::max<std::size_t>(128, used - start_));
        out_.resize(used + add);
        p_ = out_.data() + used;
        end_ = out_.data() + out_.size();
    }
    [[gnu::always_inline]] void u8(char c) { *room(1) = c; }
    [[gnu::always_inline]] void hdr(std::uint8_t c, std::uint8_t flag) {
        char* r = room(2);
        r[0] = static_cast<char>(c);
        r[1] = static_cast<char>(flag);
    }
    [[gnu::always_inline]] void be16(std::uint16_t v) {
        v = __builtin_bswap16(v);
        std::memcpy(room(2), &v, 2);
    }
    [[gnu::always_inline]] void be32(std::uint32_t v) {
        v = __builtin_bswap32(v);
        std::memcpy(room(4), &v, 4);
    }
    [[gnu::always_inline]] void be64(std::uint64_t v) {
        v = __builtin_bswap64(v);
        std::memcpy(room(8), &v, 8);
    }
    [[gnu::always_inline]] void raw(const char* s, std::size_t n) {
        if (n != 0) std::memcpy(room(n), s, n);
    }

    // Int length + bytes (ByteBuffer, BigInteger magnitude, …: not text).
    [[gnu::always_inline]] void sized(std::string_view s) {
        be32(static_cast<std::uint32_t>(s.size()));
        raw(s.data(), s.size());
    }
    // String value: Int length + well-formed UTF-8 (a byte that does not start a well-formed
    // sequence is written as U+FFFD: detail/bytes.hpp's policy).
    [[gnu::always_inline]] void string_value(std::string_view s) {
        if (!detail::valid_utf8(s)) [[unlikely]]
            return string_value_replacing(s);
        sized(s);
    }
    [[gnu::cold, gnu::noinline]] void string_value_replacing(std::string_view s) {
        std::string fixed;
        fixed.reserve(detail::utf8_replaced_size(s));
        detail::append_utf8_replacing(fixed, s);
        sized(fixed);
    }
    [[gnu::always_inline]] void string_fq(std::string_view s) {
        hdr(code::string, 0);
        string_value(s);
    }
    void long_fq(std::int64_t x) {
        hdr(code::long_, 0);
        be64(static_cast<std::uint64_t>(x));
    }
    void bytes(std::string_view s) { sized(s); }
    // BigInteger magnitude: at least one byte (an empty model value means 0).
    void big_bytes(const std::string& s) {
        if (s.empty()) {
            be32(1);
            u8('\0');
        } else {
            bytes(s);
        }
    }
    // Exactly one UTF-8 character: the first of the model value; an empty one becomes U+0000, a
    // malformed one U+FFFD (detail/bytes.hpp's policy).
    void char_bytes(const std::string& s) {
        if (s.empty()) {
            u8('\0');
            return;
        }
        const auto* p = reinterpret_cast<const unsigned char*>(s.data());
        const int n = *p < 0x80 ? 1 : detail::utf8_sequence_at(p, p + s.size());
        if (n <= 0)
            raw(detail::utf8_replacement.data(), detail::utf8_replacement.size());
        else
            raw(s.data(), static_cast<std::size_t>(n));
    }

    static std::string_view first_label(const Value& l) {
        if (l.type() == Type::list) return l.size() ? std::string_view(l[0].str()) : std::string_view{};
        return l.str();
    }

    void labels(const Value& l) {
        if (!v4_) {
            string_value(first_label(l));
            return;
        }
        if (l.type() == Type::list) {
            be32(static_cast<std::uint32_t>(l.size()));
            for (const Value& s : l.kids()) string_fq(s.str());
        } else if (l.type() == Type::string) {
            be32(1);
            string_fq(l.str());
        } else {
            be32(0);
        }
    }

    // Element properties: a null list is fe 01 in 1.0 and an empty List in 4.0.
    void properties(const Value& p) {
        if (p.is_null() && v4_) {
            hdr(code::list, 0);
            be32(0);
        } else {
            fq(p);
        }
    }

    // Count + FQ kids.
    void items(const Value& v) {
        be32(static_cast<std::uint32_t>(v.size()));
        for (const Value& k : v.kids()) fq(k);
    }
    // List value of a list/set (anything else: empty).
    void list_value(const Value& v) {
        if (v.type() == Type::list || v.type() == Type::set)
            items(v);
        else
            be32(0);
    }
    void map_value(const Value& v) {
        if (v.type() != Type::map) {
            be32(0);
            return;
        }
        const std::size_t n = v.size() / 2;
        be32(static_cast<std::uint32_t>(n));
        for (std::size_t i = 0; i < 2 * n; ++i) fq(v[i]);
    }
    void bulk_value(const Value& v) {
        const std::size_t n = v.size() / 2;
        be32(static_cast<std::uint32_t>(n));
        for (std::size_t i = 0; i < n; ++i) {
            fq(v[2 * i]);
            be64(static_cast<std::uint64_t>(v[2 * i + 1].to_int64()));
        }
    }
    void tree_value(const Value& v) {
        if (v.type() != Type::tree) {
            be32(0);
            return;
        }
        const std::size_t n = v.size() / 2;
        be32(static_cast<std::uint32_t>(n));
        for (std::size_t i = 0; i < n; ++i) {
            fq(v[2 * i]);
            tree_value(v[2 * i + 1]);
        }
    }
    void instructions(const Value& list) {
        be32(static_cast<std::uint32_t>(list.size()));
        for (const Value& instr : list.kids()) {
            string_value(kid(instr, 0).str());
            const std::size_t n = instr.size() ? instr.size() - 1 : 0;
            be32(static_cast<std::uint32_t>(n));
            for (std::size_t i = 1; i < instr.size(); ++i) fq(instr[i]);
        }
    }

    void metrics_value(const Value& v) {
        string_value(kid(v, 0).str());
        string_value(kid(v, 1).str());
        be64(static_cast<std::uint64_t>(kid(v, 2).to_int64()));
        map_value(kid(v, 3));
        map_value(kid(v, 4));
        list_value(kid(v, 5));
    }
    // 4.0: Metrics as Map {id, name, dur, counts, annotations, metrics}.
    void metrics_map(const Value& v) {
        hdr(code::map, 0);
        be32(6);
        string_fq("id");
        string_fq(kid(v, 0).str());
        string_fq("name");
        string_fq(kid(v, 1).str());
        string_fq("dur");
        long_fq(kid(v, 2).to_int64());
        string_fq("counts");
        fq(kid(v, 3).type() == Type::map ? kid(v, 3) : Value::map());
        string_fq("annotations");
        fq(kid(v, 4).type() == Type::map ? kid(v, 4) : Value::map());
        string_fq("metrics");
        metrics_list(kid(v, 5));
    }
    void metrics_list(const Value& l) {
        hdr(code::list, 0);
        list_value(l);
    }

    void graph(const Value& g) {
        const Value& vs = kid(g, 0);
        std::size_t nv = 0;
        for (const Value& v : vs.kids()) nv += v.type() == Type::vertex;
        be32(static_cast<std::uint32_t>(nv));
        for (const Value& v : vs.kids()) {
            if (v.type() != Type::vertex) continue;
            fq(kid(v, 0));
            labels(kid(v, 1));
            const Value& props = kid(v, 2);
            std::size_t np = 0;
            for (const Value& p : props.kids()) np += p.type() == Type::vertex_property;
            be32(static_cast<std::uint32_t>(np));
            for (const Value& p : props.kids()) {
                if (p.type() != Type::vertex_property) continue;
                fq(kid(p, 0));
                labels(kid(p, 1));
                fq(kid(p, 2));
                fq(kid(p, 3));
                list_value(kid(p, 4));
            }
        }
        const Value& es = kid(g, 1);
        std::size_t ne = 0;
        for (const Value& e : es.kids()) ne += e.type() == Type::edge;
        be32(static_cast<std::uint32_t>(ne));
        for (const Value& e : es.kids()) {
            if (e.type() != Type::edge) continue;
            fq(kid(e, 0));
            labels(kid(e, 1));
            fq(kid(e, 2));
            hdr(code::null, 1);
            fq(kid(e, 4));
            hdr(code::null, 1);
            fq(kid(e, 6));
            list_value(kid(e, 7));
        }
    }

    void datetime(std::int64_t y, std::int64_t m, std::int64_t d, std::int64_t nod, std::int64_t off) {
        hdr(code::date, 0);
        be32(static_cast<std::uint32_t>(y));
        u8(static_cast<char>(static_cast<std::uint8_t>(m)));
        u8(static_cast<char>(static_cast<std::uint8_t>(d)));
        be64(static_cast<std::uint64_t>(nod));
        be32(static_cast<std::uint32_t>(off));
    }
    void datetime_from_seconds(std::int64_t secs, std::int64_t nanos) {
        std::int64_t y;
        unsigned m, d;
        civil_from_days(floor_div(secs, 86400), y, m, d);
        // Wrapping add: `nanos` comes from a model value and is not range-checked.
        const auto nod = static_cast<std::uint64_t>(floor_mod(secs, 86400) * 1000000000LL) +
                         static_cast<std::uint64_t>(nanos);
        datetime(y, m, d, static_cast<std::int64_t>(nod), 0);
    }

    void temporal(const Value& v) {
        const auto kind = static_cast<std::uint8_t>(v.aux());
        auto f = [&](std::size_t i) { return kid(v, i).to_int64(); };
        if (!v4_) {
            const std::uint8_t c = kind == 0x04 ? 0x88 : kind;  // DateTime -> OffsetDateTime
            const TemporalLayout l = temporal_layout(c);
            if (l.count == 0 || c < 0x83) {  // malformed kind: write it as a null
                hdr(code::null, 1);
                return;
            }
            hdr(c, 0);
            for (std::uint8_t i = 0; i < l.count; ++i) {
                const std::int64_t x = f(i);
                switch (l.width[i]) {
                    case 1:
                        u8(static_cast<char>(static_cast<std::uint8_t>(x)));
                        break;
                    case 4:
                        be32(static_cast<std::uint32_t>(x));
                        break;
                    default:
                        be64(static_cast<std::uint64_t>(x));
                        break;
                }
            }
            return;
        }
        switch (static_cast<TemporalKind>(kind)) {
            case TemporalKind::datetime4:
            case TemporalKind::offset_date_time:
            case TemporalKind::zoned_date_time:
                datetime(f(0), f(1), f(2), f(3), f(4));
                return;
            case TemporalKind::local_date_time:
                datetime(f(0), f(1), f(2), f(3), 0);
                return;
            case TemporalKind::local_date:
                datetime(f(0), f(1), f(2), 0, 0);
                return;
            case TemporalKind::instant:
                datetime_from_seconds(f(0), f(1));
                return;
            case TemporalKind::local_time:
                string_fq(iso_time(f(0)));
                return;
            case TemporalKind::offset_time:
                string_fq(iso_time(f(0)) + iso_offset(f(1)));
                return;
            case TemporalKind::month_day:
                string_fq("--" + pad(f(0), 2) + "-" + pad(f(1), 2));
                return;
            case TemporalKind::period: {
                std::string s = "P";
                if (f(0)) s += std::to_string(f(0)) + "Y";
                if (f(1)) s += std::to_string(f(1)) + "M";
                if (f(2) || s.size() == 1) s += std::to_string(f(2)) + "D";
                string_fq(s);
                return;
            }
            case TemporalKind::year:
                string_fq(std::to_string(f(0)));
                return;
            case TemporalKind::year_month:
                string_fq(pad(f(0), 4) + "-" + pad(f(1), 2));
                return;
            case TemporalKind::zone_offset:
                string_fq(iso_offset(f(0)));
                return;
        }
        hdr(code::null, 1);
    }

    std::string& out_;
    std::size_t start_;
    char* p_ = nullptr;
    char* end_ = nullptr;
    bool v4_;
};

}  // namespace

void gb_write(std::string& out, const model::Value& v, GbVersion ver) {
    Writer w(out, ver);
    w.fq(v);
    w.finish();
}

namespace gb {
void put_u8(std::string& out, std::uint8_t v) { out.push_back(static_cast<char>(v)); }
void put_i16(std::string& out, std::int16_t v) { detail::append_be16(out, static_cast<std::uint16_t>(v)); }
void put_i32(std::string& out, std::int32_t v) { detail::append_be32(out, static_cast<std::uint32_t>(v)); }
void put_i64(std::string& out, std::int64_t v) { detail::append_be64(out, static_cast<std::uint64_t>(v)); }
// The bytes exactly as given: a wire-level primitive (hostile test input is built with it);
// String values written by gb_write follow the UTF-8 policy.
void put_string_value(std::string& out, std::string_view s) {
    detail::append_be32(out, static_cast<std::uint32_t>(s.size()));
    out.append(s.data(), s.size());
}
}  // namespace gb

}  // namespace tpbench::io
