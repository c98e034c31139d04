#include <tpbench/io/graphbinary.hpp>

#include "common/bytes.hpp"
#include "common/data_files.hpp"
#include "tpbench_test_data.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <new>
#include <string>
#include <vector>

// Counts heap allocations so the tests can check that gb_skip allocates nothing.
namespace {
std::size_t g_allocations = 0;
}  // namespace

void* operator new(std::size_t n) {
    ++g_allocations;
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using tpbench::errc;
using tpbench::io::gb_decode;
using tpbench::io::gb_read;
using tpbench::io::gb_skip;
using tpbench::io::gb_write;
using tpbench::io::GbLimits;
using tpbench::io::GbVersion;
using tpbench::model::EnumKind;
using tpbench::model::TemporalKind;
using tpbench::model::Type;
using tpbench::model::Value;
using tpbench::test::hex;
using tpbench::test::read_file_or_fail;
using tpbench::test::unhex;
namespace fs = std::filesystem;

fs::path vector_dir(GbVersion ver) {
    return fs::path(TPBENCH_TEST_DATA) / "vectors" /
           (ver == GbVersion::v1 ? "graphbinary-v1" : "graphbinary-v4");
}

std::string vec(GbVersion ver, const std::string& name) { return read_file_or_fail(vector_dir(ver) / name); }

struct VectorFile {
    std::string name;
    GbVersion ver;
    std::string bytes;
};

std::vector<VectorFile> all_vectors() {
    std::vector<VectorFile> out;
    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(vector_dir(ver)))
            if (e.path().extension() == ".gbin") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) out.push_back({f.filename().string(), ver, read_file_or_fail(f)});
    }
    return out;
}

std::string encode(const Value& v, GbVersion ver) {
    std::string out;
    gb_write(out, v, ver);
    return out;
}

Value decode_ok(std::string_view bytes, GbVersion ver) {
    auto r = gb_decode(bytes, ver);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    return std::move(r).value();
}

errc decode_err(std::string_view bytes, GbVersion ver, const GbLimits& lim = {}) {
    auto r = gb_decode(bytes, ver, lim);
    return r.ok() ? errc::ok : r.error().code;
}

Value I(std::int32_t v) { return Value::int_(v); }
Value Lg(std::int64_t v) { return Value::long_(v); }
Value S(std::string s) { return Value::string(std::move(s)); }
Value B(std::int8_t v) { return Value::byte(v); }
Value L(std::vector<Value> v) { return Value::list(std::move(v)); }
Value Set(std::vector<Value> v) { return Value::set(std::move(v)); }
Value M(std::vector<Value> kv, bool ordered = false) { return Value::map(std::move(kv), ordered); }
Value T(std::vector<Value> kv) { return Value::tree(std::move(kv)); }
Value Tm(TemporalKind k, std::vector<Value> f) { return Value::temporal(k, std::move(f)); }
Value En(EnumKind k, std::string n) { return Value::enum_(k, std::move(n)); }
Value Prop(std::string k, Value v) { return Value::property(std::move(k), std::move(v)); }

const std::string kBig = unhex("17c6e3c2fdd1825acf7d024476fab1");     // 123456789987654321123456789987654321
const std::string kNegBig = unhex("e8391c3d022e7da53082fdbb89054f");  // -123456789987654321123456789987654321

tpbench::model::Uuid uuid_of(const char* text) {
    tpbench::model::Uuid u{};
    REQUIRE(tpbench::model::uuid_from_string(text, u));
    return u;
}

Value bulk(std::vector<Value> kv) { return Value::bulk_set(std::move(kv)); }

// Expected values of every vector whose value vectors/README.md states in full.
std::map<std::string, Value> expected_v1() {
    std::map<std::string, Value> m;
    m["barrier-v1.gbin"] = En(EnumKind::barrier, "normSack");
    m["bigdecimal-v1.gbin"] = Value::big_decimal(0, kBig);
    m["biginteger-v1.gbin"] = Value::big_integer(kBig);
    m["binding-v1.gbin"] = Value::binding("x", I(1));
    m["bulkset-v1.gbin"] = bulk({S("marko"), Lg(1), S("josh"), Lg(2)});
    m["byte-v1.gbin"] = B(1);
    m["bytebuffer-v1.gbin"] = Value::binary("some bytes for you");
    m["bytecode-v1.gbin"] = Value::bytecode(
        L({L({S("V")}), L({S("hasLabel"), S("person")}), L({S("out")}), L({S("in")}), L({S("tree")})}),
        L({}));
    m["cardinality-v1.gbin"] = En(EnumKind::cardinality, "list");
    m["char-v1.gbin"] = Value::char_("x");
    m["class-v1.gbin"] = Value::class_("java.io.File");
    m["column-v1.gbin"] = En(EnumKind::column, "keys");
    m["date-v1.gbin"] = Value::date(1481750076295);
    m["direction-v1.gbin"] = En(EnumKind::direction, "OUT");
    m["double-v1.gbin"] = Value::double_(100.0);
    m["duration-v1.gbin"] = Value::duration(432000, 0);
    m["edge-v1.gbin"] =
        Value::edge(I(13), "develops", I(10), "software", I(1), "person", L({Prop("since", I(2009))}));
    m["float-v1.gbin"] = Value::float_(100.0f);
    m["inetaddress-v1.gbin"] = Value::inet_address(std::string("\x7f\x00\x00\x01", 4));
    m["instant-v1.gbin"] = Tm(TemporalKind::instant, {Lg(1481733559), I(349000000)});
    m["integer-v1.gbin"] = I(100);
    m["lambda-v1.gbin"] = Value::lambda("gremlin-groovy", "{ it.get() }", 1);
    m["list-v1.gbin"] = L({I(1), S("person"), Value::boolean(true)});
    m["localdate-v1.gbin"] = Tm(TemporalKind::local_date, {I(2016), B(1), B(1)});
    m["localdatetime-v1.gbin"] = Tm(TemporalKind::local_date_time, {I(2016), B(1), B(1), Lg(45000000000000)});
    m["localtime-v1.gbin"] = Tm(TemporalKind::local_time, {Lg(45045000000000)});
    m["long-v1.gbin"] = Lg(100);
    m["map-v1.gbin"] = M({Value::date(1481750076295), S("red"), L({I(1), I(2), I(3)}),
                          Value::date(1481750076295), S("test"), I(123)});
    m["monthday-v1.gbin"] = Tm(TemporalKind::month_day, {B(1), B(1)});
    m["offsetdatetime-v1.gbin"] =
        Tm(TemporalKind::offset_date_time, {I(2007), B(12), B(3), Lg(36930000000000), I(3600)});
    m["offsettime-v1.gbin"] = Tm(TemporalKind::offset_time, {Lg(36930000000000), I(3600)});
    m["operator-v1.gbin"] = En(EnumKind::operator_, "sum");
    m["order-v1.gbin"] = En(EnumKind::order, "shuffle");
    m["p-v1.gbin"] = Value::p("gt", {I(0)});
    m["pand-v1.gbin"] = Value::p("and", {Value::p("gt", {I(0)}), Value::p("lt", {I(10)})});
    m["path-v1.gbin"] = Value::path(L({Set({}), Set({}), Set({})}),
                                    L({Value::vertex(I(1), "person"), Value::vertex(I(10), "software"),
                                       Value::vertex(I(11), "software")}));
    m["period-v1.gbin"] = Tm(TemporalKind::period, {I(1), I(6), I(15)});
    m["pick-v1.gbin"] = En(EnumKind::pick, "any");
    m["pop-v1.gbin"] = En(EnumKind::pop, "all");
    m["por-v1.gbin"] = Value::p("or", {Value::p("gt", {I(0)}), Value::p("within", {I(-1), I(-10), I(-100)})});
    m["property-v1.gbin"] = Prop("since", I(2009));
    m["pwithin-v1.gbin"] = Value::p("within", {I(1)});
    m["pwithout-v1.gbin"] = Value::p("without", {I(1), I(2)});
    m["scope-v1.gbin"] = En(EnumKind::scope, "local");
    m["set-v1.gbin"] = Set({I(1), S("person"), Value::boolean(true)});
    m["short-v1.gbin"] = Value::short_(100);
    m["t-v1.gbin"] = En(EnumKind::t, "label");
    m["textp-v1.gbin"] = Value::text_p("containing", {S("ark")});
    m["timestamp-v1.gbin"] = Value::timestamp(1481750076295);
    m["uuid-v1.gbin"] = Value::uuid(uuid_of("41d2e28a-20a4-4ab0-b379-d810dede3786"));
    m["vertexproperty-v1.gbin"] = Value::vertex_property(Lg(0), "name", S("marko"));
    m["year-v1.gbin"] = Tm(TemporalKind::year, {I(2016)});
    m["yearmonth-v1.gbin"] = Tm(TemporalKind::year_month, {I(2016), B(6)});
    m["zoneddatetime-v1.gbin"] =
        Tm(TemporalKind::zoned_date_time, {I(2016), B(12), B(23), Lg(43944000000036), I(7200)});
    m["zoneoffset-v1.gbin"] = Tm(TemporalKind::zone_offset, {I(11169)});
    return m;
}

Value dt4(std::int32_t y, std::int8_t mo, std::int8_t d, std::int64_t nod, std::int32_t off) {
    return Tm(TemporalKind::datetime4, {I(y), B(mo), B(d), Lg(nod), I(off)});
}

std::map<std::string, Value> expected_v4() {
    std::map<std::string, Value> m;
    const double dmax = std::numeric_limits<double>::max(), dmin = std::numeric_limits<double>::denorm_min();
    const float fmax = std::numeric_limits<float>::max(), fmin = std::numeric_limits<float>::denorm_min();
    const double inf = std::numeric_limits<double>::infinity();
    m["edge-property-v4.gbin"] = Prop("since", I(2009));
    m["empty-binary-v4.gbin"] = Value::binary("");
    m["empty-bulklist-v4.gbin"] = bulk({});
    m["empty-label-vertex-v4.gbin"] = Value::vertex_multi(I(1), {}, L({}));
    m["empty-list-v4.gbin"] = L({});
    m["empty-map-v4.gbin"] = M({});
    m["empty-path-v4.gbin"] = Value::path(L({}), L({}));
    m["empty-set-v4.gbin"] = Set({});
    m["empty-string-v4.gbin"] = S("");
    m["empty-tree-v4.gbin"] = T({});
    m["false-boolean-v4.gbin"] = Value::boolean(false);
    m["forever-duration-v4.gbin"] = Value::duration(std::numeric_limits<std::int64_t>::max(), 999999999);
    m["four-byte-char-v4.gbin"] = Value::char_("\xF0\x9F\x98\x80");
    m["id-t-v4.gbin"] = En(EnumKind::t, "id");
    m["max-byte-v4.gbin"] = B(127);
    m["max-double-v4.gbin"] = Value::double_(dmax);
    m["max-float-v4.gbin"] = Value::float_(fmax);
    m["max-int-v4.gbin"] = I(std::numeric_limits<std::int32_t>::max());
    m["max-long-v4.gbin"] = Lg(std::numeric_limits<std::int64_t>::max());
    m["max-offsetdatetime-v4.gbin"] = dt4(999999999, 12, 31, 86399999999999, -64800);
    m["max-short-v4.gbin"] = Value::short_(32767);
    m["merge-in-v-v4.gbin"] = En(EnumKind::merge, "inV");
    m["merge-on-create-v4.gbin"] = En(EnumKind::merge, "onCreate");
    m["merge-on-match-v4.gbin"] = En(EnumKind::merge, "onMatch");
    m["merge-out-v-v4.gbin"] = En(EnumKind::merge, "outV");
    m["meta-vertexproperty-v4.gbin"] =
        Value::vertex_property(I(1), "person", S("stephen"), L({Prop("a", S("b"))}));
    m["min-byte-v4.gbin"] = B(-128);
    m["min-double-v4.gbin"] = Value::double_(dmin);
    m["min-float-v4.gbin"] = Value::float_(fmin);
    m["min-int-v4.gbin"] = I(std::numeric_limits<std::int32_t>::min());
    m["min-long-v4.gbin"] = Lg(std::numeric_limits<std::int64_t>::min());
    m["min-offsetdatetime-v4.gbin"] = dt4(-999999999, 1, 1, 0, 64800);
    m["min-short-v4.gbin"] = Value::short_(-32768);
    m["mixed-string-v4.gbin"] = S("abc\xCE\x91\xCE\x92\xCE\x93");
    m["multi-label-vertex-v4.gbin"] = Value::vertex_multi(I(1), {"person", "employee"}, L({}));
    m["nan-double-v4.gbin"] = Value::double_(std::nan(""));
    m["nan-float-v4.gbin"] = Value::float_(std::nanf(""));
    m["nanos-duration-v4.gbin"] = Value::duration(123, 456789);
    m["neg-bigdecimal-v4.gbin"] = Value::big_decimal(33, kNegBig);
    m["neg-biginteger-v4.gbin"] = Value::big_integer(kNegBig);
    m["neg-inf-double-v4.gbin"] = Value::double_(-inf);
    m["neg-inf-float-v4.gbin"] = Value::float_(-std::numeric_limits<float>::infinity());
    m["neg-max-double-v4.gbin"] = Value::double_(-dmax);
    m["neg-max-float-v4.gbin"] = Value::float_(-fmax);
    m["neg-min-double-v4.gbin"] = Value::double_(-dmin);
    m["neg-min-float-v4.gbin"] = Value::float_(-fmin);
    m["neg-zero-double-v4.gbin"] = Value::double_(-0.0);
    m["neg-zero-float-v4.gbin"] = Value::float_(-0.0f);
    m["negative-duration-v4.gbin"] = Value::duration(-123, 0);
    m["negative-scale-bigdecimal-v4.gbin"] = Value::big_decimal(-2, unhex("04d2"));
    m["nil-uuid-v4.gbin"] = Value::uuid(tpbench::model::Uuid{});
    m["no-prop-edge-v4.gbin"] = Value::edge(I(13), "develops", I(10), "software", I(1), "person", L({}));
    m["no-prop-vertex-v4.gbin"] = Value::vertex(I(1), "person", L({}));
    m["null-int-v4.gbin"] = Value::typed_null(0x01);
    m["null-list-v4.gbin"] = Value::typed_null(0x09);
    m["null-long-v4.gbin"] = Value::typed_null(0x02);
    m["null-map-v4.gbin"] = Value::typed_null(0x0a);
    m["null-property-v4.gbin"] = Prop("", Value::null());
    m["null-set-v4.gbin"] = Value::typed_null(0x0b);
    m["null-string-v4.gbin"] = Value::typed_null(0x03);
    m["ordered-string-int-map-v4.gbin"] = M({S("delta"), I(4), S("alpha"), I(1), S("charlie"), I(3),
                                             S("bravo"), I(2), S("echo"), I(5), S("foxtrot"), I(6)},
                                            true);
    m["out-direction-v4.gbin"] = En(EnumKind::direction, "OUT");
    m["path-multiple-labels-v4.gbin"] = Value::path(L({Set({S("a"), S("b")})}), L({S("marko")}));
    m["path-zero-labels-v4.gbin"] = Value::path(L({Set({})}), L({S("marko")}));
    m["point-composite-pdt-v4.gbin"] =
        Value::compound(Type::composite_pdt, {M({S("x"), I(1), S("y"), I(2)})}, "Point");
    m["pos-bigdecimal-v4.gbin"] = Value::big_decimal(33, kBig);
    m["pos-biginteger-v4.gbin"] = Value::big_integer(kBig);
    m["pos-inf-double-v4.gbin"] = Value::double_(inf);
    m["pos-inf-float-v4.gbin"] = Value::float_(std::numeric_limits<float>::infinity());
    m["positive-duration-v4.gbin"] = Value::duration(123, 0);
    m["scale-zero-bigdecimal-v4.gbin"] = Value::big_decimal(0, unhex("04d2"));
    m["set-cardinality-vertexproperty-v4.gbin"] =
        Value::vertex_property(I(1), "person", Set({S("stephen"), S("marko")}), L({Prop("a", S("b"))}));
    m["sign-boundary-neg-biginteger-v4.gbin"] = Value::big_integer(unhex("ff7f"));
    m["sign-boundary-pos-biginteger-v4.gbin"] = Value::big_integer(unhex("0080"));
    m["single-byte-char-v4.gbin"] = Value::char_("a");
    m["single-byte-string-v4.gbin"] = S("abc");
    m["small-decimal-bigdecimal-v4.gbin"] = Value::big_decimal(2, unhex("04d2"));
    m["specified-uuid-v4.gbin"] = Value::uuid(uuid_of("41d2e28a-20a4-4ab0-b379-d810dede3786"));
    m["str-binary-v4.gbin"] = Value::binary("some bytes for you");
    m["three-byte-char-v4.gbin"] = Value::char_("\xE2\x82\xAC");
    m["traversal-edge-v4.gbin"] =
        Value::edge(I(13), "develops", I(10), "software", I(1), "person", L({Prop("since", I(2009))}));
    m["traversal-path-v4.gbin"] =
        Value::path(L({Set({}), Set({}), Set({})}),
                    L({Value::vertex(I(1), "person", L({})), Value::vertex(I(10), "software", L({})),
                       Value::vertex(I(11), "software", L({}))}));
    m["traversal-vertexproperty-v4.gbin"] = Value::vertex_property(Lg(0), "name", S("marko"), L({}));
    m["tree-deep-nesting-v4.gbin"] = T({S("root"), T({S("branch"), T({S("leaf"), T({})})})});
    m["tree-mixed-key-types-v4.gbin"] = T({S("name"), T({}), I(123), T({})});
    m["tree-null-key-v4.gbin"] = T({Value::null(), T({})});
    m["true-boolean-v4.gbin"] = Value::boolean(true);
    m["two-byte-char-v4.gbin"] = Value::char_("\xCE\xA9");
    m["uint8-primitive-pdt-v4.gbin"] = Value::compound(Type::primitive_pdt, {S("10")}, "Uint8");
    m["unspecified-null-v4.gbin"] = Value::null();
    m["var-bulklist-v4.gbin"] = bulk({S("marko"), Lg(1), S("josh"), Lg(2)});
    m["var-type-list-v4.gbin"] = L({I(1), S("person"), Value::boolean(true), Value::null()});
    m["var-type-map-v4.gbin"] =
        M({Value::null(), Value::null(), L({I(1), I(2), I(3)}), dt4(1970, 1, 1, 1481295000000, 0), S("test"),
           I(123), dt4(1970, 1, 1, 1481295000000, 0), S("red")});
    m["var-type-set-v4.gbin"] = Set({Value::null(), I(2), S("person"), Value::boolean(true)});
    m["zero-bigdecimal-v4.gbin"] = Value::big_decimal(0, std::string(1, '\0'));
    m["zero-biginteger-v4.gbin"] = Value::big_integer(std::string(1, '\0'));
    m["zero-duration-v4.gbin"] = Value::duration(0, 0);
    return m;
}

// Fuzz-regression files: byte 0 bit 0 selects the version (0 = 1.0, 1 = 4.0), bit 1 complete_input;
// the rest is the input (same convention as tests/fuzz/fuzz_graphbinary.cpp). Returns whether the
// input decoded.
bool check_hostile(std::string_view data, GbVersion ver, const GbLimits& lim = {}) {
    std::size_t pos = 0;
    auto r = gb_read(data, pos, ver, lim);
    auto s = gb_skip(data, 0, ver, lim);
    REQUIRE(r.ok() == s.ok());
    if (!r.ok()) {
        CHECK(r.error().code != errc::ok);
        CHECK(!r.error().message.empty());
        CHECK(r.error().code == s.error().code);
        CHECK(r.error().offset == s.error().offset);
        CHECK(r.error().offset <= data.size());
        return false;
    }
    CHECK(pos == s.value());
    // Encoding the decoded value must decode again, and a second round must be a fixpoint.
    const std::string b1 = encode(r.value(), ver);
    auto r2 = gb_decode(b1, ver);
    REQUIRE_MESSAGE(r2.ok(), r2.error().to_string());
    const std::string b2 = encode(r2.value(), ver);
    CHECK(hex(b1) == hex(b2));
    return true;
}

}  // namespace

TEST_CASE("graphbinary: every vector decodes completely and re-encodes byte-identical") {
    const auto files = all_vectors();
    REQUIRE(files.size() == 161);
    for (const auto& f : files) {
        CAPTURE(f.name);
        auto r = gb_decode(f.bytes, f.ver);
        REQUIRE_MESSAGE(r.ok(), f.name << ": " << r.error().to_string());
        auto s = gb_skip(f.bytes, 0, f.ver);
        REQUIRE_MESSAGE(s.ok(), s.error().to_string());
        CHECK(s.value() == f.bytes.size());
        const std::string again = encode(r.value(), f.ver);
        CHECK(hex(again) == hex(f.bytes));
        // Semantic comparison as well (order-insensitive for maps/sets).
        auto r2 = gb_decode(again, f.ver);
        REQUIRE(r2.ok());
        CHECK(equivalent(r.value(), r2.value()));
    }
}

TEST_CASE("graphbinary: decoded vectors have the values vectors/README.md states") {
    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        const auto expected = ver == GbVersion::v1 ? expected_v1() : expected_v4();
        CHECK(expected.size() >= (ver == GbVersion::v1 ? 53u : 94u));
        for (const auto& entry : expected) {
            // Named references, not a structured binding: doctest's macros are lambdas, and clang
            // (clang-tidy) refuses a lambda naming a structured binding of its enclosing scope.
            const auto& name = entry.first;
            const auto& want = entry.second;
            CAPTURE(name);
            const Value got = decode_ok(vec(ver, name), ver);
            if (name == "map-v1.gbin" || name == "set-v1.gbin" || name == "var-type-map-v4.gbin" ||
                name == "var-type-set-v4.gbin")
                CHECK_MESSAGE(equivalent(got, want), got.to_string() << " vs " << want.to_string());
            else
                CHECK_MESSAGE(got == want, got.to_string() << " vs " << want.to_string());
        }
    }
}

TEST_CASE("graphbinary: scalar details (NaN, -0.0, big numbers, chars, UUIDs, DateTime)") {
    const Value nan = decode_ok(vec(GbVersion::v4, "nan-double-v4.gbin"), GbVersion::v4);
    CHECK(nan.type() == Type::double_);
    CHECK(std::isnan(nan.as_double()));
    const Value nzf = decode_ok(vec(GbVersion::v4, "neg-zero-float-v4.gbin"), GbVersion::v4);
    CHECK(nzf.type() == Type::float_);
    CHECK(nzf.as_double() == 0.0);
    CHECK(std::signbit(nzf.as_double()));
    const Value nzd = decode_ok(vec(GbVersion::v4, "neg-zero-double-v4.gbin"), GbVersion::v4);
    CHECK(std::signbit(nzd.as_double()));
    CHECK(decode_ok(vec(GbVersion::v1, "integer-v1.gbin"), GbVersion::v1).as_int() == 100);
    const Value big = decode_ok(vec(GbVersion::v1, "biginteger-v1.gbin"), GbVersion::v1);
    CHECK(hex(big.str()) == "17c6e3c2fdd1825acf7d024476fab1");
    CHECK(big.to_double() == doctest::Approx(1.2345678998765432e35));
    const Value c4 = decode_ok(vec(GbVersion::v4, "four-byte-char-v4.gbin"), GbVersion::v4);
    CHECK(c4.type() == Type::char_);
    CHECK(c4.str() == "\xF0\x9F\x98\x80");
    const Value u = decode_ok(vec(GbVersion::v1, "uuid-v1.gbin"), GbVersion::v1);
    CHECK(tpbench::model::uuid_to_string(u.as_uuid()) == "41d2e28a-20a4-4ab0-b379-d810dede3786");
    const Value d = decode_ok(vec(GbVersion::v4, "forever-duration-v4.gbin"), GbVersion::v4);
    CHECK(d.as_int() == std::numeric_limits<std::int64_t>::max());
    CHECK(d.nanos() == 999999999);
    const Value dt = decode_ok(vec(GbVersion::v4, "max-offsetdatetime-v4.gbin"), GbVersion::v4);
    REQUIRE(dt.type() == Type::temporal);
    CHECK(dt.temporal_kind() == TemporalKind::datetime4);
    REQUIRE(dt.size() == 5);
    CHECK(dt[0].as_int() == 999999999);
    CHECK(dt[1].as_int() == 12);
    CHECK(dt[2].as_int() == 31);
    CHECK(dt[3].as_int() == 86399999999999);
    CHECK(dt[4].as_int() == -64800);
    const Value bl = decode_ok(vec(GbVersion::v4, "var-bulklist-v4.gbin"), GbVersion::v4);
    REQUIRE(bl.type() == Type::bulk_set);
    REQUIRE(bl.size() == 4);
    CHECK(bl[0] == S("marko"));
    CHECK(bl[1] == Lg(1));
    CHECK(bl[2] == S("josh"));
    CHECK(bl[3] == Lg(2));
}

TEST_CASE("graphbinary: large vectors (crew vertex, traverser, graph, metrics, tree, paths)") {
    // vertex-v1: crew marko with name + 4 locations with startTime/endTime meta-properties.
    const Value v = decode_ok(vec(GbVersion::v1, "vertex-v1.gbin"), GbVersion::v1);
    REQUIRE(v.type() == Type::vertex);
    CHECK(v.id() == I(1));
    CHECK(v.label() == "person");
    REQUIRE(v[2].type() == Type::list);
    REQUIRE(v[2].size() == 5);
    CHECK(v[2][0] == Value::vertex_property(Lg(0), "name", S("marko"), L({})));
    CHECK(v[2][1].label() == "location");
    CHECK(v[2][1][2] == S("san diego"));
    CHECK(v[2][1][4] == L({Prop("startTime", I(1997)), Prop("endTime", I(2001))}));
    const Value tr = decode_ok(vec(GbVersion::v1, "traverser-v1.gbin"), GbVersion::v1);
    REQUIRE(tr.type() == Type::traverser);
    CHECK(tr.as_int() == 1);
    CHECK(tr[0] == v);
    const Value v4 = decode_ok(vec(GbVersion::v4, "traversal-vertex-v4.gbin"), GbVersion::v4);
    CHECK(v4 == v);  // same crew vertex; labels are lists in both models

    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        const Value g =
            decode_ok(vec(ver, ver == GbVersion::v1 ? "tinkergraph-v1.gbin" : "tinker-graph-v4.gbin"), ver);
        REQUIRE(g.type() == Type::graph);
        CHECK(g[0].size() == 6);
        CHECK(g[1].size() == 14);
        CHECK(g[0][0].id() == I(1));
        CHECK(g[0][0].label() == "person");
        CHECK(g[0][0][2].size() == 5);
        CHECK(g[0][0][2][0][2] == S("marko"));
        CHECK(g[1][0] == Value::compound(Type::edge, {I(13), L({S("develops")}), I(10), Value(), I(1),
                                                      Value(), Value(), L({Prop("since", I(2009))})}));
    }

    const Value m = decode_ok(vec(GbVersion::v1, "metrics-v1.gbin"), GbVersion::v1);
    REQUIRE(m.type() == Type::metrics);
    CHECK(m[0] == S("7.0.0()"));
    CHECK(m[1] == S("TinkerGraphStep(vertex,[~label.eq(person)])"));
    CHECK(m[2] == Lg(100000000));
    CHECK(m[3] == M({S("traverserCount"), Lg(4), S("elementCount"), Lg(4)}));
    CHECK(m[4] == M({S("percentDur"), Value::double_(25.0)}));
    REQUIRE(m[5].size() == 1);
    CHECK(m[5][0][0] == S("3.0.0()"));
    const Value tm = decode_ok(vec(GbVersion::v1, "traversalmetrics-v1.gbin"), GbVersion::v1);
    REQUIRE(tm.type() == Type::traversal_metrics);
    CHECK(tm[0] == Lg(4000));
    CHECK(tm[1].size() == 4);
    for (const Value& x : tm[1].kids()) CHECK(x.type() == Type::metrics);

    const Value tree = decode_ok(vec(GbVersion::v4, "traversal-tree-v4.gbin"), GbVersion::v4);
    REQUIRE(tree.type() == Type::tree);
    REQUIRE(tree.size() == 2);
    CHECK(tree[0].id() == I(10));
    CHECK(tree[0][2][0][2] == S("gremlin"));
    REQUIRE(tree[1].size() == 2);
    CHECK(tree[1][0].id() == I(11));
    CHECK(tree[1][1] == T({}));

    const Value pp = decode_ok(vec(GbVersion::v4, "prop-path-v4.gbin"), GbVersion::v4);
    REQUIRE(pp.type() == Type::path);
    REQUIRE(pp[1].size() == 3);
    CHECK(pp[1][0] == v);
    CHECK(pp[1][1].id() == I(10));
    CHECK(pp[1][2].id() == I(11));
}

TEST_CASE("graphbinary: gb_skip allocates nothing on valid input; gb_read does") {
    const auto files = all_vectors();
    std::size_t skipped = 0;
    const std::size_t before = g_allocations;
    for (const auto& f : files) {
        auto s = gb_skip(f.bytes, 0, f.ver);
        skipped += s.ok() ? 1 : 0;
    }
    CHECK(g_allocations == before);
    CHECK(skipped == files.size());
    const std::string vertex = vec(GbVersion::v1, "vertex-v1.gbin");
    std::size_t pos = 0;
    const std::size_t before_read = g_allocations;
    auto r = gb_read(vertex, pos, GbVersion::v1);
    CHECK(r.ok());
    CHECK(g_allocations > before_read);  // the counter sees the decoder's allocations
}

TEST_CASE("graphbinary: every proper prefix of every vector is truncated; skip agrees with read") {
    for (const auto& f : all_vectors()) {
        CAPTURE(f.name);
        for (std::size_t n = 0; n < f.bytes.size(); ++n) {
            CAPTURE(n);
            const std::string_view prefix(f.bytes.data(), n);
            std::size_t pos = 0;
            auto r = gb_read(prefix, pos, f.ver);
            REQUIRE(!r.ok());
            CHECK(r.error().code == errc::truncated);
            CHECK(pos == 0);
            CHECK(r.error().offset <= n);
            auto s = gb_skip(prefix, 0, f.ver);
            REQUIRE(!s.ok());
            CHECK(s.error().code == errc::truncated);
            CHECK(s.error().offset == r.error().offset);
            // With complete_input a length past the end is bad_length instead; never anything else.
            const errc d = decode_err(prefix, f.ver);
            CHECK((d == errc::truncated || d == errc::bad_length));
        }
        // Read at an offset inside a longer buffer: positions and end agree.
        const std::string framed = "\x01\x02" + f.bytes + "\xfe\x01";
        std::size_t pos = 2;
        auto r = gb_read(framed, pos, f.ver);
        REQUIRE(r.ok());
        CHECK(pos == 2 + f.bytes.size());
        auto s = gb_skip(framed, 2, f.ver);
        REQUIRE(s.ok());
        CHECK(s.value() == pos);
        CHECK(decode_err(framed.substr(2), f.ver) == errc::trailing_bytes);
    }
}

TEST_CASE("graphbinary: spec hex examples encode from model values") {
    auto vp = [](std::int64_t id, const char* key, Value value) {
        return Value::vertex_property(Lg(id), key, std::move(value), L({}));
    };
    // graphbinary-v1.md §3: modern vertex 1 with Int id, 96 bytes; reference form 20 bytes.
    const Value marko_int =
        Value::vertex(I(1), "person", L({vp(0, "name", S("marko")), vp(1, "age", I(29))}));
    const std::string v1_hex =
        "110001000000000100000006706572736f6e090000000002120002000000000000000000000000046e616d65030000000005"
        "6d61726b6ffe0109"
        "00000000001200020000000000000000010000000361676501000000001dfe01090000000000";
    const std::string e1 = encode(marko_int, GbVersion::v1);
    CHECK(e1.size() == 96);
    CHECK(hex(e1) == v1_hex);
    CHECK(decode_ok(e1, GbVersion::v1) == marko_int);
    const Value ref = Value::vertex(I(1), "person");
    CHECK(hex(encode(ref, GbVersion::v1)) == "110001000000000100000006706572736f6efe01");
    CHECK(decode_ok(unhex("110001000000000100000006706572736f6efe01"), GbVersion::v1) == ref);

    // modern-graph.md §5: marko with a Long id (stock server), 100 bytes.
    const Value marko = Value::vertex(Lg(1), "person", L({vp(0, "name", S("marko")), vp(1, "age", I(29))}));
    const std::string e2 = encode(marko, GbVersion::v1);
    CHECK(e2.size() == 100);
    CHECK(hex(e2) ==
          "1100"
          "0200"
          "0000000000000001"
          "00000006"
          "706572736f6e"
          "0900"
          "00000002"
          "1200"
          "0200"
          "0000000000000000"
          "00000004"
          "6e616d65"
          "0300"
          "00000005"
          "6d61726b6f"
          "fe01"
          "0900"
          "00000000"
          "1200"
          "0200"
          "0000000000000001"
          "00000003"
          "616765"
          "0100"
          "0000001d"
          "fe01"
          "0900"
          "00000000");

    // http-protocol-4.0.md §5.2: the same vertex in GraphBinary 4.0 (118 bytes) inside a response.
    const std::string resp = unhex(
        "810011000200000000000000000100000001030000000006706572736f6e0900000000021200020000000000000000000000"
        "000103000000"
        "00046e616d650300000000056d61726b6ffe0109000000000012000200000000000000000100000001030000000003616765"
        "01000000001d"
        "fe01090000000000fd0000000000c80101");
    const std::string e4 = encode(marko, GbVersion::v4);
    CHECK(e4.size() == 118);
    CHECK(hex(e4) == hex(resp.substr(2, 118)));
    std::size_t pos = 2;
    auto r = gb_read(resp, pos, GbVersion::v4);
    REQUIRE(r.ok());
    CHECK(r.value() == marko);
    CHECK(pos == 120);
    auto mk = gb_read(resp, pos, GbVersion::v4);  // the end-of-stream marker
    REQUIRE(mk.ok());
    CHECK(mk.value() == Value::marker(0));
    CHECK(pos == 123);
    CHECK(hex(encode(Value::marker(0), GbVersion::v4)) == "fd0000");

    // Sizes of modern-graph.md §5 for v1..v6 (Long ids, all properties / reference).
    struct Row {
        std::int64_t id;
        const char* label;
        const char* name;
        Value second;
        const char* key2;
        std::size_t gb1, gb4;
    };
    const Row rows[] = {{1, "person", "marko", I(29), "age", 100, 118},
                        {2, "person", "vadas", I(27), "age", 100, 118},
                        {3, "software", "lop", S("java"), "lang", 105, 123},
                        {4, "person", "josh", I(32), "age", 99, 117},
                        {5, "software", "ripple", S("java"), "lang", 108, 126},
                        {6, "person", "peter", I(35), "age", 100, 118}};
    std::int64_t pid = 0;
    for (const Row& row : rows) {
        const Value full = Value::vertex(
            Lg(row.id), row.label, L({vp(pid, "name", S(row.name)), vp(pid + 1, row.key2, row.second)}));
        pid += 2;
        CHECK(encode(full, GbVersion::v1).size() == row.gb1);
        CHECK(encode(full, GbVersion::v4).size() == row.gb4);
        const Value tokens = Value::vertex(Lg(row.id), row.label);
        const std::size_t lab = std::strlen(row.label);
        CHECK(encode(tokens, GbVersion::v1).size() == 18 + lab);
        CHECK(encode(tokens, GbVersion::v4).size() == 28 + lab);
    }
}

TEST_CASE("graphbinary: 4.0 differences") {
    // A reference vertex writes an empty property list in 4.0 and fe 01 in 1.0.
    const Value ref = Value::vertex(I(1), "person");
    CHECK(hex(encode(ref, GbVersion::v4)) == "110001000000000100000001030000000006706572736f6e090000000000");
    CHECK(hex(encode(ref, GbVersion::v1)) == "110001000000000100000006706572736f6efe01");
    // The 4.0 reader accepts fe 01 too.
    const Value got = decode_ok(unhex("110001000000000100000001030000000006706572736f6efe01"), GbVersion::v4);
    CHECK(got == ref);
    // Labels: multi-label vertices write every label in 4.0, the first in 1.0.
    const Value multi = Value::vertex_multi(I(1), {"person", "employee"}, L({}));
    CHECK(encode(multi, GbVersion::v4) == vec(GbVersion::v4, "multi-label-vertex-v4.gbin"));
    CHECK(hex(encode(multi, GbVersion::v1)) == "110001000000000100000006706572736f6e090000000000");
    // Ordered map flag: kept in 4.0, dropped in 1.0.
    const Value om = M({S("a"), I(1)}, true);
    CHECK(hex(encode(om, GbVersion::v4)).substr(0, 4) == "0a02");
    CHECK(hex(encode(om, GbVersion::v1)).substr(0, 4) == "0a00");
    CHECK(decode_err(unhex("0a0200000000"), GbVersion::v1) == errc::bad_value);
    // Bulk list: 4.0 List flag 0x02; 1.0 BulkSet 0x2a with the same body.
    const Value bs = bulk({S("marko"), Lg(1), S("josh"), Lg(2)});
    CHECK(encode(bs, GbVersion::v4) == vec(GbVersion::v4, "var-bulklist-v4.gbin"));
    CHECK(encode(bs, GbVersion::v1) == vec(GbVersion::v1, "bulkset-v1.gbin"));
    CHECK(decode_err(unhex("090200000000"), GbVersion::v1) == errc::bad_value);
    CHECK(decode_err(unhex("0b0200000000"), GbVersion::v4) == errc::bad_value);
    // Date in 4.0 becomes DateTime (UTC); in 1.0 it stays Date.
    const Value date = Value::date(1481750076295);
    CHECK(encode(date, GbVersion::v1) == vec(GbVersion::v1, "date-v1.gbin"));
    CHECK(decode_ok(encode(date, GbVersion::v4), GbVersion::v4) == dt4(2016, 12, 14, 76476295000000, 0));
    CHECK(decode_ok(encode(Value::date(-1), GbVersion::v4), GbVersion::v4) ==
          dt4(1969, 12, 31, 86399999000000, 0));
    // DateTime in 1.0 becomes OffsetDateTime with the same fields.
    const Value odt = dt4(2007, 12, 3, 36930000000000, 3600);
    CHECK(encode(odt, GbVersion::v1) == vec(GbVersion::v1, "offsetdatetime-v1.gbin"));
    // Types removed in 4.0 are unknown to the 4.0 reader and written as their closest equivalent.
    CHECK(decode_err(vec(GbVersion::v1, "bytecode-v1.gbin"), GbVersion::v4) == errc::unknown_type);
    CHECK(decode_err(vec(GbVersion::v1, "traverser-v1.gbin"), GbVersion::v4) == errc::unknown_type);
    CHECK(decode_err(vec(GbVersion::v1, "date-v1.gbin"), GbVersion::v4) ==
          errc::truncated);  // DateTime needs 18 bytes
    const Value trav = Value::traverser(3, S("a"));
    CHECK(decode_ok(encode(trav, GbVersion::v4), GbVersion::v4) == bulk({S("a"), Lg(3)}));
    CHECK(decode_ok(encode(Value::p("gt", {I(0)}), GbVersion::v4), GbVersion::v4) == S("gt(0)"));
    CHECK(decode_ok(encode(En(EnumKind::order, "desc"), GbVersion::v4), GbVersion::v4) == S("desc"));
    CHECK(decode_ok(encode(En(EnumKind::direction, "OUT"), GbVersion::v4), GbVersion::v4) ==
          En(EnumKind::direction, "OUT"));
    CHECK(decode_ok(encode(Value::class_("java.io.File"), GbVersion::v4), GbVersion::v4) ==
          S("java.io.File"));
    CHECK(decode_ok(encode(Tm(TemporalKind::local_time, {Lg(45045000000000)}), GbVersion::v4),
                    GbVersion::v4) == S("12:30:45"));
    CHECK(decode_ok(encode(Tm(TemporalKind::period, {I(1), I(6), I(15)}), GbVersion::v4), GbVersion::v4) ==
          S("P1Y6M15D"));
    CHECK(decode_ok(encode(Tm(TemporalKind::zone_offset, {I(11169)}), GbVersion::v4), GbVersion::v4) ==
          S("+03:06:09"));
    CHECK(decode_ok(encode(Tm(TemporalKind::instant, {Lg(1481733559), I(349000000)}), GbVersion::v4),
                    GbVersion::v4) == dt4(2016, 12, 14, 59959349000000, 0));
    const Value bc = Value::bytecode(L({L({S("V")})}), L({}));
    CHECK(decode_ok(encode(bc, GbVersion::v4), GbVersion::v4) == L({L({L({S("V")})}), L({})}));
    CHECK(decode_ok(encode(Value::typed_null(0x15), GbVersion::v4), GbVersion::v4) == Value::null());
    CHECK(hex(encode(Value::typed_null(0x15), GbVersion::v1)) == "1501");
    // Extreme model values convert without overflow.
    CHECK(
        decode_ok(encode(Value::date(std::numeric_limits<std::int64_t>::min()), GbVersion::v4), GbVersion::v4)
            .type() == Type::temporal);
    CHECK(decode_ok(encode(Tm(TemporalKind::local_time, {Lg(std::numeric_limits<std::int64_t>::min())}),
                           GbVersion::v4),
                    GbVersion::v4)
              .type() == Type::string);
    CHECK(decode_ok(
              encode(Tm(TemporalKind::instant, {Lg(std::numeric_limits<std::int64_t>::max()), I(999999999)}),
                     GbVersion::v4),
              GbVersion::v4)
              .type() == Type::temporal);
    CHECK(decode_ok(encode(Tm(TemporalKind::zone_offset, {I(-3600)}), GbVersion::v4), GbVersion::v4) ==
          S("-01:00"));
    // Marker exists only in 4.0.
    CHECK(decode_err(unhex("fd0000"), GbVersion::v1) == errc::unknown_type);
    CHECK(decode_ok(encode(Value::marker(0), GbVersion::v1), GbVersion::v1) == B(0));
    // PDTs exist only in 4.0; 1.0 writes the Map / String they carry.
    const Value pdt = decode_ok(vec(GbVersion::v4, "point-composite-pdt-v4.gbin"), GbVersion::v4);
    CHECK(decode_ok(encode(pdt, GbVersion::v1), GbVersion::v1) == M({S("x"), I(1), S("y"), I(2)}));
}

TEST_CASE("graphbinary: every vector written in the other version decodes there") {
    for (const auto& f : all_vectors()) {
        CAPTURE(f.name);
        const GbVersion other = f.ver == GbVersion::v1 ? GbVersion::v4 : GbVersion::v1;
        const Value v = decode_ok(f.bytes, f.ver);
        const std::string x = encode(v, other);
        auto r = gb_decode(x, other);
        REQUIRE_MESSAGE(r.ok(), r.error().to_string());
        // Documented lossy mappings: 4.0 has no null property list, 1.0 carries one label.
        if (f.name == "path-v1.gbin") {
            for (const Value& o : r.value()[1].kids()) CHECK(o[2] == L({}));
            continue;
        }
        if (f.name == "empty-label-vertex-v4.gbin" || f.name == "multi-label-vertex-v4.gbin") {
            CHECK(r.value()[1] == L({S(f.name[0] == 'e' ? "" : "person")}));
            continue;
        }
        // Types both versions share come back unchanged.
        switch (v.type()) {
            case Type::int_:
            case Type::long_:
            case Type::string:
            case Type::double_:
            case Type::float_:
            case Type::list:
            case Type::set:
            case Type::uuid:
            case Type::edge:
            case Type::path:
            case Type::property:
            case Type::vertex:
            case Type::big_decimal:
            case Type::big_integer:
            case Type::byte:
            case Type::binary:
            case Type::short_:
            case Type::boolean:
            case Type::tree:
            case Type::char_:
            case Type::duration:
            case Type::bulk_set:
                CHECK(r.value() == v);
                break;
            default:
                break;
        }
    }
}

TEST_CASE("graphbinary: Custom 0x00 is kept raw and re-encoded byte for byte") {
    // name "sampleProvider.SamplePerson", type info 2 bytes, flag 0, blob of 3 bytes.
    std::string b = unhex("00");
    tpbench::io::gb::put_string_value(b, "sampleProvider.SamplePerson");
    b += unhex(
        "00000002abcd"
        "00"
        "00000003010203");
    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        const Value v = decode_ok(b, ver);
        REQUIRE(v.type() == Type::raw);
        CHECK(v.aux() == 0x00);
        CHECK(v.str() == b.substr(1));
        CHECK(encode(v, ver) == b);
        // Inside a list, and as a custom null (flag 01, no blob).
        std::string nul = unhex("00");
        tpbench::io::gb::put_string_value(nul, "x");
        nul += unhex(
            "00000000"
            "01");
        const std::string list = unhex(
                                     "0900"
                                     "00000002") +
                                 b + nul;
        const Value l = decode_ok(list, ver);
        REQUIRE(l.size() == 2);
        CHECK(l[1] == Value::raw(0x00, nul.substr(1)));
        CHECK(encode(l, ver) == list);
        CHECK(decode_err(unhex("00"
                               "00000001"
                               "78"
                               "00000000"
                               "02"),
                         ver) == errc::bad_value);
        CHECK(decode_err(unhex("00"
                               "00000001"
                               "ff"
                               "00000000"
                               "01"),
                         ver) == errc::bad_utf8);
    }
}

TEST_CASE("graphbinary: hostile input gives clear errors without allocating") {
    // A declared 2 GB string in a 20-byte buffer.
    const std::string huge = unhex(
                                 "0300"
                                 "7fffffff") +
                             std::string(14, 'a');
    REQUIRE(huge.size() == 20);
    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        auto r = gb_decode(huge, ver);
        REQUIRE(!r.ok());
        CHECK(r.error().code == errc::bad_length);
        CHECK(r.error().offset == 2);
        CHECK(r.error().message == "String length 2147483647 exceeds the 14 bytes left");
        std::size_t pos = 0;
        auto r2 = gb_read(huge, pos, ver);  // incremental: still bad_length (above max_length)
        REQUIRE(!r2.ok());
        CHECK(r2.error().code == errc::bad_length);
        auto s = gb_skip(huge, 0, ver);
        REQUIRE(!s.ok());
        CHECK(s.error().code == errc::bad_length);
        // A small length past the end: truncated for incremental callers, bad_length for complete input.
        const std::string short_str = unhex(
                                          "0300"
                                          "00000010") +
                                      "abc";
        pos = 0;
        auto t = gb_read(short_str, pos, ver);
        REQUIRE(!t.ok());
        CHECK(t.error().code == errc::truncated);
        CHECK(decode_err(short_str, ver) == errc::bad_length);
        // Negative lengths and counts.
        CHECK(decode_err(unhex("0300"
                               "ffffffff"),
                         ver) == errc::bad_length);
        CHECK(decode_err(unhex("0900"
                               "80000000"),
                         ver) == errc::bad_length);
        CHECK(decode_err(unhex("0a00"
                               "7fffffff"
                               "0101"),
                         ver) == errc::bad_length);
        auto neg = gb_decode(unhex("0900"
                                   "fffffffe"),
                             ver);
        REQUIRE(!neg.ok());
        CHECK(neg.error().message == "List count -2 is negative");
        // A huge list count in a small buffer: bad_length, not a 2^31-element reservation.
        auto lc = gb_decode(unhex("0900"
                                  "7ffffff0"
                                  "010000000001"),
                            ver);
        REQUIRE(!lc.ok());
        CHECK(lc.error().code == errc::bad_length);
        CHECK(lc.error().message.find("List count 2147483632") == 0);
        // max_length applies to incremental reads too.
        GbLimits small;
        small.max_length = 4;
        pos = 0;
        auto ml = gb_read(unhex("0300"
                                "00000005") +
                              "abcde",
                          pos, ver, small);
        REQUIRE(!ml.ok());
        CHECK(ml.error().code == errc::bad_length);
        CHECK(ml.error().message == "String length 5 exceeds the limit of 4");
        // Unknown type codes.
        auto u = gb_decode(unhex("3100"), ver);
        REQUIRE(!u.ok());
        CHECK(u.error().code == errc::unknown_type);
        CHECK(u.error().message.find("unknown type code 0x31") == 0);
        CHECK(decode_err(unhex("0900"
                               "00000001"
                               "9900"),
                         ver) == errc::unknown_type);
        // Invalid UTF-8: bad continuation, overlong, surrogate, beyond U+10FFFF; in a Char too.
        for (const char* bad : {"c328", "c0af", "eda080", "f4908080", "ff", "e282"}) {
            CAPTURE(bad);
            const std::string payload = unhex(bad);
            std::string sb = unhex("0300");
            tpbench::io::gb::put_string_value(sb, payload);
            CHECK(decode_err(sb, ver) == errc::bad_utf8);
            CHECK(gb_skip(sb, 0, ver).error().code == errc::bad_utf8);
        }
        CHECK(decode_err(unhex("8000"
                               "ff"),
                         ver) == errc::bad_utf8);
        CHECK(decode_err(unhex("8000"
                               "c328"),
                         ver) == errc::bad_utf8);
        CHECK(decode_err(unhex("8000"
                               "e282"),
                         ver) == errc::truncated);
        // Bad value flags and bad values.
        auto fl = gb_decode(unhex("0103"
                                  "00000001"),
                            ver);
        REQUIRE(!fl.ok());
        CHECK(fl.error().code == errc::bad_value);
        CHECK(fl.error().offset == 1);
        CHECK(fl.error().message.find("Int value_flag 0x03 is invalid") == 0);
        CHECK(decode_err(unhex("fe00"), ver) == errc::bad_value);
        CHECK(decode_err(unhex("2700"
                               "02"),
                         ver) == errc::bad_value);
        CHECK(decode_err(unhex("2300"
                               "00000000"),
                         ver) == errc::bad_value);
        CHECK(decode_err(unhex("1800"
                               "0100000001"),
                         ver) == errc::bad_value);  // enum name must be a String
        CHECK(decode_err(unhex("1800"
                               "0301"),
                         ver) == errc::bad_value);
        // Trailing bytes.
        CHECK(decode_err(unhex("0100000000010000"), ver) == errc::trailing_bytes);
        // Read position past the end.
        std::size_t far = 10;
        CHECK(gb_read("ab", far, ver).error().code == errc::truncated);
    }
    CHECK(decode_err(unhex("8200"
                           "00000003"
                           "010203"),
                     GbVersion::v1) == errc::bad_value);  // InetAddress
    // 4.0 label lists must hold non-null Strings.
    CHECK(decode_err(unhex("1100"
                           "010000000001"
                           "00000001"
                           "010000000001"
                           "fe01"),
                     GbVersion::v4) == errc::bad_value);
    CHECK(decode_err(unhex("1100"
                           "010000000001"
                           "00000001"
                           "0301"
                           "090000000000"),
                     GbVersion::v4) == errc::bad_value);
    // 4.0 removed types.
    CHECK(decode_err(unhex("0500"
                           "0000000000000000"),
                     GbVersion::v4) == errc::unknown_type);
    CHECK(decode_err(unhex("8b00"
                           "000007e0"),
                     GbVersion::v4) == errc::unknown_type);
}

TEST_CASE("graphbinary: nesting beyond max_depth is too_deep, never a stack overflow") {
    auto nested = [](std::size_t levels) {
        std::string s;
        for (std::size_t i = 0; i < levels; ++i)
            s += unhex(
                "0900"
                "00000001");
        s += unhex("010000000007");
        return s;
    };
    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        CHECK(decode_err(nested(64), ver) == errc::ok);
        auto r = gb_decode(nested(65), ver);
        REQUIRE(!r.ok());
        CHECK(r.error().code == errc::too_deep);
        CHECK(r.error().message.find("List nested deeper than the limit of 64") == 0);
        CHECK(gb_skip(nested(65), 0, ver).error().code == errc::too_deep);
        // 200 000 levels (1.2 MB): still a clean error.
        const std::string deep = nested(200000);
        CHECK(decode_err(deep, ver) == errc::too_deep);
        CHECK(gb_skip(deep, 0, ver).error().code == errc::too_deep);
        // Even with a huge configured limit the internal cap holds.
        GbLimits lim;
        lim.max_depth = std::size_t{1} << 40;
        CHECK(decode_err(deep, ver, lim) == errc::too_deep);
        GbLimits small;
        small.max_depth = 2;
        CHECK(decode_err(nested(2), ver, small) == errc::ok);
        CHECK(decode_err(nested(3), ver, small) == errc::too_deep);
        // Trees nest through their subtree values.
        std::string tree;
        for (int i = 0; i < 100; ++i)
            tree += i == 0 ? unhex(
                                 "2b00"
                                 "00000001"
                                 "fe01")
                           : unhex(
                                 "00000001"
                                 "fe01");
        tree += unhex("00000000");
        CHECK(decode_err(tree, ver) == errc::too_deep);
    }
}

TEST_CASE("graphbinary: write then read round-trips model values in both versions") {
    const Value props = L({Value::vertex_property(Lg(0), "name", S("marko"), L({})),
                           Value::vertex_property(Lg(1), "age", I(29), L({Prop("since", I(1))}))});
    const std::vector<Value> values = {
        Value::null(),
        Value::boolean(true),
        B(-5),
        Value::short_(-2),
        I(-7),
        Lg(1),
        Value::float_(1.5f),
        Value::double_(-2.25),
        Value::big_integer(unhex("ff7f")),
        Value::big_decimal(3, unhex("04d2")),
        Value::char_("\xE2\x82\xAC"),
        S("h\xC3\xA9llo"),
        Value::uuid(uuid_of("41d2e28a-20a4-4ab0-b379-d810dede3786")),
        Value::duration(-1, 5),
        Value::binary(std::string("\0\1\2", 3)),
        L({I(1), L({S("x")})}),
        Set({S("a")}),
        M({S("k"), M({I(1), Value::null()})}),
        M({S("b"), I(2), S("a"), I(1)}, true),
        bulk({S("x"), Lg(5)}),
        Value::vertex(Lg(1), "person", props),
        Value::vertex(I(2), "person"),
        Value::edge(I(7), "knows", Lg(2), "person", Lg(1), "person",
                    L({Prop("weight", Value::double_(0.5))})),
        Value::property("k", S("v")),
        Value::path(L({Set({S("a")}), Set({})}), L({I(1), S("x")})),
        T({S("a"), T({S("b"), T({})})}),
        En(EnumKind::t, "id"),
        En(EnumKind::direction, "IN"),
        Value::graph(L({Value::vertex(Lg(1), "person", props)}),
                     L({Value::compound(Type::edge, {I(7), L({S("knows")}), Lg(2), Value(), Lg(1), Value(),
                                                     Value(), L({Prop("w", I(1))})})}))};
    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        for (const Value& v : values) {
            CAPTURE(v.to_string());
            const std::string b = encode(v, ver);
            const Value back = decode_ok(b, ver);
            if (ver == GbVersion::v1 && v.type() == Type::map && v.ordered())
                CHECK(back == M({S("b"), I(2), S("a"), I(1)}));
            else if (ver == GbVersion::v4 && v == Value::vertex(I(2), "person"))
                CHECK(back == Value::vertex(I(2), "person", L({})));
            else
                CHECK(back == v);
            CHECK(gb_skip(b, 0, ver).value() == b.size());
        }
    }
    // 1.0-only process types round-trip in 1.0.
    const std::vector<Value> v1_only = {
        Value::date(5),
        Value::timestamp(-5),
        Value::class_("C"),
        Value::traverser(2, I(1)),
        Value::bytecode(L({L({S("V"), I(1)}), L({S("out")})}), L({L({S("withStrategies"), S("x")})})),
        Value::p("within", {I(1), I(2)}),
        Value::text_p("startingWith", {S("m")}),
        Value::binding("x", I(1)),
        Value::lambda("gremlin-groovy", "{ it }", 1),
        Value::inet_address(std::string(16, '\1')),
        Value::compound(Type::strategy, {S("org.Foo"), M({S("a"), I(1)})}),
        Value::compound(
            Type::traversal_metrics,
            {Lg(10), L({Value::compound(Type::metrics, {S("1"), S("n"), Lg(3), M({}), M({}), L({})})})}),
        En(EnumKind::barrier, "normSack"),
        En(EnumKind::dt, "day"),
        Tm(TemporalKind::year, {I(2016)})};
    for (const Value& v : v1_only) {
        CAPTURE(v.to_string());
        CHECK(decode_ok(encode(v, GbVersion::v1), GbVersion::v1) == v);
    }
    // gb:: helpers.
    std::string h;
    tpbench::io::gb::put_u8(h, 0x81);
    tpbench::io::gb::put_i16(h, -2);
    tpbench::io::gb::put_i32(h, 200);
    tpbench::io::gb::put_i64(h, -1);
    tpbench::io::gb::put_string_value(h, "ab");
    CHECK(hex(h) == "81fffe000000c8ffffffffffffffff000000026162");
}

TEST_CASE("graphbinary: fuzz regressions replay cleanly") {
    const fs::path dir = fs::path(TPBENCH_TEST_DATA) / "fuzz-regressions" / "graphbinary";
    std::size_t n = 0;
    if (fs::exists(dir)) {
        for (const auto& e : fs::directory_iterator(dir)) {
            if (!e.is_regular_file()) continue;
            const std::string data = read_file_or_fail(e.path());
            if (data.empty()) continue;
            CAPTURE(e.path().filename().string());
            const GbVersion ver = (static_cast<unsigned char>(data[0]) & 1) ? GbVersion::v4 : GbVersion::v1;
            GbLimits lim;
            lim.complete_input = (static_cast<unsigned char>(data[0]) & 2) != 0;
            const bool decoded = check_hostile(std::string_view(data).substr(1), ver, lim);
            // Files named ok-* are inputs that must decode; all others must fail cleanly.
            CHECK(decoded == (e.path().filename().string().rfind("ok-", 0) == 0));
            ++n;
        }
    }
    MESSAGE("replayed " << n << " fuzz regression inputs");
    CHECK(n >= 10);
    // Hand-made hostile inputs go through the same checks.
    for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
        for (const char* h :
             {"", "09", "0900ffffffff", "0a0000000001fe01", "1100fe01000000", "2b00000000010100",
              "1000000000010100000001", "0e00fe01fe01", "12000100000001"}) {
            CAPTURE(h);
            check_hostile(unhex(h), ver);
        }
    }
}

// GType (TinkerPop 3.8): model::EnumKind values are the GraphBinary codes; 0x30 has no name.
constexpr EnumKind kGType = static_cast<EnumKind>(0x30);

TEST_CASE("graphbinary: GType 0x30 (TinkerPop 3.8, GraphBinary 1.0 only)") {
    // EnumSerializer layout: {0x30}{flag} then a fully qualified String with the constant name.
    const std::string wire = unhex(
        "3000"
        "0300"
        "00000003"
        "494e54");  // GType.INT
    const Value v = decode_ok(wire, GbVersion::v1);
    REQUIRE(v.type() == Type::enum_);
    CHECK(v.enum_kind() == kGType);
    CHECK(v.str() == "INT");
    CHECK(encode(v, GbVersion::v1) == wire);
    CHECK(encode(Value::enum_(kGType, "VPROPERTY"), GbVersion::v1) == unhex("3000"
                                                                            "0300"
                                                                            "00000009") +
                                                                          "VPROPERTY");
    // inside a List (as a 3.8 result batch would carry it), read and skipped alike
    const std::string list = unhex(
                                 "0900"
                                 "00000002"
                                 "3000"
                                 "0300"
                                 "00000006") +
                             "NUMBER" +
                             unhex(
                                 "0100"
                                 "00000007");
    const Value l = decode_ok(list, GbVersion::v1);
    REQUIRE(l.size() == 2);
    CHECK(l[0] == Value::enum_(kGType, "NUMBER"));
    CHECK(l[1] == I(7));
    auto sk = gb_skip(list, 0, GbVersion::v1);
    REQUIRE(sk.ok());
    CHECK(sk.value() == list.size());
    // typed null
    const Value n = decode_ok(unhex("3001"), GbVersion::v1);
    CHECK(n.is_null());
    CHECK(n.aux() == 0x30);
    CHECK(encode(n, GbVersion::v1) == unhex("3001"));
    // the name must be a non-null String; every proper prefix fails (truncated, or bad_length once
    // the String length is readable and exceeds the rest of the input)
    CHECK(decode_err(unhex("3000"
                           "0100"
                           "00000001"),
                     GbVersion::v1) == errc::bad_value);
    CHECK(decode_err(unhex("3000"
                           "0301"),
                     GbVersion::v1) == errc::bad_value);
    for (std::size_t i = 1; i < wire.size(); ++i) {
        CAPTURE(i);
        CHECK(decode_err(wire.substr(0, i), GbVersion::v1) == (i < 8 ? errc::truncated : errc::bad_length));
        CHECK(!gb_skip(wire.substr(0, i), 0, GbVersion::v1).ok());
    }
    // 4.0 has no GType on the wire (beta.2 declared it unregistered, beta.3 removed it)
    CHECK(decode_err(wire, GbVersion::v4) == errc::unknown_type);
    // writing one in 4.0 falls back to its String name, like the other 1.0-only enums
    CHECK(encode(v, GbVersion::v4) == unhex("0300"
                                            "00000003"
                                            "494e54"));
}
