// asDate(), dateAdd(DT, n), dateDiff(date | traversal) with TinkerPop 3.7.3's semantics (dates are
// java.util.Date: milliseconds since the epoch, UTC) and the ISO-8601 parser behind asDate() and
// gremlin-lang's datetime() (DatetimeHelper.parse).
#include "steps_site.hpp"

#include <cctype>
#include <memory>

namespace tpbench::server::detail {

using model::EnumKind;
using model::TemporalKind;
using model::Type;
using model::Value;

namespace {

std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

unsigned month_days(std::int64_t y, unsigned m) {
    static const unsigned d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : d[m - 1];
}

// Reads exactly `n` digits (n = 0: one or more) at s[i].
bool digits(const std::string& s, std::size_t& i, std::size_t n, std::int64_t& out) {
    std::size_t b = i;
    out = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && (n == 0 || i - b < n)) {
        out = out * 10 + (s[i] - '0');
        if (out > 1000000000) return false;
        ++i;
    }
    return n == 0 ? i > b : i - b == n;
}

}  // namespace

// DatetimeHelper.parse: yyyy-MM-dd['T'HH:mm[:ss[.f{1,9}]][Z|±HH[MM[ss]]|±HH:MM[:ss]]] or yyyy-M
// (a year-month, the first of the month), at UTC unless an offset is given; case-insensitive.
std::optional<std::int64_t> parse_iso_datetime(const std::string& s) {
    std::size_t i = 0;
    std::int64_t y, mo, d = 1, h = 0, mi = 0, sec = 0, nanos = 0, off = 0;
    bool neg_year = false;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
        neg_year = s[i] == '-';
        ++i;
    }
    std::size_t yb = i;
    if (!digits(s, i, 0, y) || i - yb < 4) return std::nullopt;
    if (neg_year) y = -y;
    if (i >= s.size() || s[i] != '-') return std::nullopt;
    ++i;
    std::size_t mb = i;
    if (!digits(s, i, 0, mo) || i - mb > 2) return std::nullopt;
    if (i == s.size()) {  // year-month
        if (mo < 1 || mo > 12) return std::nullopt;
        return days_from_civil(y, static_cast<unsigned>(mo), 1) * 86400000;
    }
    if (i - mb != 2 || s[i] != '-') return std::nullopt;
    ++i;
    if (!digits(s, i, 2, d)) return std::nullopt;
    if (mo < 1 || mo > 12 || d < 1 || d > month_days(y, static_cast<unsigned>(mo))) return std::nullopt;
    if (i < s.size()) {
        if (s[i] != 'T' && s[i] != 't') return std::nullopt;
        ++i;
        if (!digits(s, i, 2, h) || i >= s.size() || s[i] != ':') return std::nullopt;
        ++i;
        if (!digits(s, i, 2, mi)) return std::nullopt;
        if (i < s.size() && s[i] == ':') {
            ++i;
            if (!digits(s, i, 2, sec)) return std::nullopt;
            if (i < s.size() && s[i] == '.') {
                ++i;
                std::size_t fb = i;
                std::int64_t f;
                if (!digits(s, i, 0, f) || i - fb > 9) return std::nullopt;
                nanos = f;
                for (std::size_t k = i - fb; k < 9; ++k) nanos *= 10;
            }
        }
        if (h > 23 || mi > 59 || sec > 59) return std::nullopt;
        if (i < s.size()) {
            char c = s[i];
            if (c == 'Z' || c == 'z') {
                ++i;
            } else if (c == '+' || c == '-') {
                ++i;
                std::int64_t oh = 0, om = 0, os = 0;
                if (!digits(s, i, 2, oh)) return std::nullopt;
                if (i < s.size() && s[i] == ':') {
                    ++i;
                    if (!digits(s, i, 2, om)) return std::nullopt;
                    if (i < s.size() && s[i] == ':') {
                        ++i;
                        if (!digits(s, i, 2, os)) return std::nullopt;
                    }
                } else if (i < s.size()) {
                    if (!digits(s, i, 2, om)) return std::nullopt;
                    if (i < s.size() && !digits(s, i, 2, os)) return std::nullopt;
                }
                if (oh > 18 || om > 59 || os > 59) return std::nullopt;
                off = (oh * 3600 + om * 60 + os) * (c == '-' ? -1 : 1);
            } else {
                return std::nullopt;
            }
        }
        if (i != s.size()) return std::nullopt;
    }
    std::int64_t secs = days_from_civil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 +
                        h * 3600 + mi * 60 + sec - off;
    return secs * 1000 + nanos / 1000000;
}

bool date_millis(const Value& v, std::int64_t& ms) {
    if (v.type() == Type::date || v.type() == Type::timestamp) {
        ms = v.as_int();
        return true;
    }
    if (v.type() != Type::temporal) return false;
    auto k = v.temporal_kind();
    if ((k == TemporalKind::offset_date_time || k == TemporalKind::zoned_date_time ||
         k == TemporalKind::datetime4) &&
        v.size() >= 5) {
        std::int64_t days = days_from_civil(v[0].to_int64(), static_cast<unsigned>(v[1].to_int64()),
                                            static_cast<unsigned>(v[2].to_int64()));
        ms = days * 86400000 + v[3].to_int64() / 1000000 - v[4].to_int64() * 1000;
        return true;
    }
    if (k == TemporalKind::instant && v.size() >= 2) {
        ms = v[0].to_int64() * 1000 + v[1].to_int64() / 1000000;
        return true;
    }
    return false;
}

namespace {

[[noreturn]] void illegal(const std::string& msg) {
    fail(EvalError::Kind::evaluation, msg, "IllegalArgumentException");
}

Plan::Factory map_factory(std::function<bool(Ctx&, Traverser&)> fn) {
    return [fn](Ctx& ctx) {
        auto s = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        s->fn = [fn, c](Traverser& t) { return fn(*c, t); };
        return std::unique_ptr<Step>(std::move(s));
    };
}

}  // namespace

void build_date_step(StepSite& site) {
    const Instr& in = site.in;
    const std::string& n = in.name;
    if (n == "asDate") {
        if (!in.args.empty()) site.bad_args();
        site.add(map_factory([](Ctx& ctx, Traverser& t) {
            Value v = t.obj.el ? Value() : t.obj.v;
            if (!t.obj.el && v.is_null()) illegal("Can't parse null as Date.");
            std::int64_t ms = 0;
            if (t.obj.el) {
                illegal("Can't parse " + java_class(ctx, t.obj).substr(6) + " as Date.");
            } else if (date_millis(v, ms)) {
            } else if (v.type() == Type::byte || v.type() == Type::short_ || v.type() == Type::int_ ||
                       v.type() == Type::long_) {
                ms = v.as_int();
            } else if (v.type() == Type::string) {
                auto p = parse_iso_datetime(v.str());
                if (!p) illegal("Can't parse " + v.str() + " as Date.");
                ms = *p;
            } else {
                illegal("Can't parse " + java_class(ctx, t.obj).substr(6) + " as Date.");
            }
            advance(ctx, t, Obj(Value::date(ms)));
            return true;
        }));
        return;
    }
    if (n == "dateAdd") {
        if (in.args.size() != 2 || in.args[0].t || in.args[1].t || in.args[0].v.type() != Type::enum_ ||
            in.args[0].v.enum_kind() != EnumKind::dt || !in.args[1].v.is_number())
            site.bad_args();
        const std::string unit = in.args[0].v.str();
        std::int64_t per = unit == "second"   ? 1000
                           : unit == "minute" ? 60000
                           : unit == "hour"   ? 3600000
                                              : 86400000;
        std::int64_t delta = per * in.args[1].v.to_int64();
        site.add(map_factory([delta](Ctx& ctx, Traverser& t) {
            std::int64_t ms;
            if (t.obj.el || !date_millis(t.obj.v, ms)) illegal("dateAdd accept only Date.");
            advance(ctx, t, Obj(Value::date(ms + delta)));
            return true;
        }));
        return;
    }
    // dateDiff(date) / dateDiff(traversal): (this - other) in whole seconds, 4.0 in milliseconds
    // (Dialect::date_diff_millis); a null other is 0
    if (in.args.size() != 1) site.bad_args();
    const std::int64_t unit = compiling_dialect().date_diff_millis ? 1 : 1000;
    Value lit = in.args[0].t ? Value() : in.args[0].v;
    std::int64_t lit_ms = 0;
    if (!in.args[0].t && !lit.is_null() && !date_millis(lit, lit_ms)) site.bad_args();
    PlanPtr plan = in.args[0].t ? site.child(in.args[0]) : nullptr;
    site.add([plan, lit_ms, unit](Ctx& ctx) {
        std::shared_ptr<Pipeline> pipe = plan ? std::shared_ptr<Pipeline>(plan->instantiate(ctx)) : nullptr;
        auto st = std::make_unique<MapFnStep>();
        Ctx* c = &ctx;
        st->fn = [pipe, lit_ms, unit, c](Traverser& t) {
            Ctx& ctx = *c;
            std::int64_t ms;
            if (t.obj.el || !date_millis(t.obj.v, ms))
                illegal("DateDiff can only take Date as argument, encountered " + java_class(ctx, t.obj));
            std::int64_t other = lit_ms;
            if (pipe) {
                Traverser s0 = t;
                s0.bulk = 1;
                pipe->start_with(s0);
                Traverser r;
                if (!pipe->next(r))
                    illegal("The provided traverser does not map to a value: dateDiff() argument traversal");
                other = 0;
                if (!r.obj.el && !r.obj.v.is_null() && !date_millis(r.obj.v, other))
                    fail(EvalError::Kind::evaluation,
                         java_class(ctx, r.obj) + " cannot be cast to class java.util.Date",
                         "ClassCastException");
            }
            advance(ctx, t, Obj(Value::long_((ms - other) / unit)));
            return true;
        };
        return std::unique_ptr<Step>(std::move(st));
    });
}

}  // namespace tpbench::server::detail
