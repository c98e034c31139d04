// The recursive GraphBinary and GraphSON readers are bounded by a nesting cap
// (gb_depth_cap, gs_depth_cap) that holds whatever the caller's max_depth says, and the cap leaves a
// wide stack margin even where frames are largest (ASan+UBSan builds, where the old 1000-level cap
// overflowed the 8 MiB main-thread stack). Every input here runs on a thread with a 1 MiB stack —
// an eighth of the 8 MiB that the main thread and std::thread get by default — so a build whose
// frames outgrow the margin fails this test (with a stack overflow) before it can fail a user.
#include <tpbench/io/graphbinary.hpp>
#include <tpbench/io/depth_caps.hpp>
#include <tpbench/io/graphson.hpp>

#include <doctest/doctest.h>

#include <pthread.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

using namespace tpbench;
using namespace tpbench::io;

namespace {

constexpr std::size_t kSmallStack = std::size_t{1} << 20;

// Runs fn on a fresh thread with a stack of `bytes` and waits for it. doctest's CHECKs are
// thread-safe, so fn may use them.
void on_stack(std::size_t bytes, const std::function<void()>& fn) {
    pthread_attr_t attr;
    REQUIRE(pthread_attr_init(&attr) == 0);
    REQUIRE(pthread_attr_setstacksize(&attr, bytes) == 0);
    pthread_t t;
    auto* arg = const_cast<std::function<void()>*>(&fn);
    const int rc = pthread_create(
        &t, &attr,
        [](void* p) -> void* {
            (*static_cast<std::function<void()>*>(p))();
            return nullptr;
        },
        arg);
    pthread_attr_destroy(&attr);
    REQUIRE(rc == 0);
    pthread_join(t, nullptr);
}

std::string be32(std::uint32_t v) {
    std::string s(4, '\0');
    for (int i = 0; i < 4; ++i) s[static_cast<std::size_t>(i)] = static_cast<char>(v >> (24 - 8 * i));
    return s;
}

const std::string kInt7 = std::string("\x01\x00", 2) + be32(7);

// `levels` nested compound values of one kind around an Int, in GraphBinary.
enum class Kind { list, set, map_value, map_key, traverser, list_map };
std::string gb_nested(Kind k, std::size_t levels) {
    std::string s;
    std::string tail;
    for (std::size_t i = 0; i < levels; ++i) {
        switch (k) {
            case Kind::list:
                s += std::string("\x09\x00", 2) + be32(1);
                break;
            case Kind::set:
                s += std::string("\x0b\x00", 2) + be32(1);
                break;
            case Kind::map_value:
                s += std::string("\x0a\x00", 2) + be32(1) + kInt7;
                break;
            case Kind::map_key:
                s += std::string("\x0a\x00", 2) + be32(1);
                tail += kInt7;
                break;
            case Kind::traverser:
                s += std::string("\x21\x00", 2) + std::string(7, '\0') + "\x01";
                break;
            case Kind::list_map:
                if (i % 2 == 0)
                    s += std::string("\x09\x00", 2) + be32(1);
                else
                    s += std::string("\x0a\x00", 2) + be32(1) + kInt7;
                break;
        }
    }
    s += kInt7;
    // map_key: the innermost map's value comes first, the outermost's last.
    s += tail;
    return s;
}

// `levels` nested Trees (each but the innermost: one entry of key Int and subtree).
std::string gb_trees(std::size_t levels) {
    std::string s = std::string("\x2b\x00", 2);
    for (std::size_t i = 1; i < levels; ++i) s += be32(1) + kInt7;
    s += be32(0);
    return s;
}

errc gb_code(const std::string& in, GbVersion ver, std::size_t max_depth) {
    GbLimits lim;
    lim.max_depth = max_depth;
    lim.complete_input = true;
    std::size_t pos = 0;
    auto r = gb_read(in, pos, ver, lim);
    auto s = gb_skip(in, 0, ver, lim);
    // The reader and the skipper agree, at every depth.
    CHECK(r.ok() == s.ok());
    if (!r.ok()) {
        CHECK(!s.ok());
        if (!s.ok()) CHECK(s.error().code == r.error().code);
        return r.error().code;
    }
    CHECK(pos == in.size());
    return errc::ok;
}

std::string gs_nested(const char* open, const char* close, std::size_t levels, const char* inner = "1") {
    std::string s;
    for (std::size_t i = 0; i < levels; ++i) s += open;
    s += inner;
    for (std::size_t i = 0; i < levels; ++i) s += close;
    return s;
}

errc gs_code(const std::string& in, GsVersion ver, bool typed, std::size_t max_depth) {
    GsOptions o;
    o.version = ver;
    o.typed = typed;
    o.max_depth = max_depth;
    auto r = gs_read(in, o);
    return r.ok() ? errc::ok : r.error().code;
}

}  // namespace

TEST_CASE("graphbinary: the deepest nesting the cap allows decodes on a 1 MiB stack") {
    constexpr std::size_t huge = std::numeric_limits<std::size_t>::max();
    static_assert(gb_depth_cap >= 64, "the cap must not be below the default max_depth");
    on_stack(kSmallStack, [&] {
        for (GbVersion ver : {GbVersion::v1, GbVersion::v4}) {
            for (Kind k :
                 {Kind::list, Kind::set, Kind::map_value, Kind::map_key, Kind::traverser, Kind::list_map}) {
                if (k == Kind::traverser && ver == GbVersion::v4) continue;  // 1.0 only
                CAPTURE(static_cast<int>(k));
                CAPTURE(ver == GbVersion::v4);
                // A configured limit above the cap is clamped to it: exactly the cap decodes, one
                // more level is too_deep, and so is far more.
                CHECK(gb_code(gb_nested(k, gb_depth_cap), ver, huge) == errc::ok);
                CHECK(gb_code(gb_nested(k, gb_depth_cap + 1), ver, huge) == errc::too_deep);
                CHECK(gb_code(gb_nested(k, 100000), ver, huge) == errc::too_deep);
                // The default limit still applies below the cap.
                CHECK(gb_code(gb_nested(k, 64), ver, 64) == errc::ok);
                CHECK(gb_code(gb_nested(k, 65), ver, 64) == errc::too_deep);
            }
            CHECK(gb_code(gb_trees(gb_depth_cap), ver, huge) == errc::ok);
            CHECK(gb_code(gb_trees(gb_depth_cap + 1), ver, huge) == errc::too_deep);
            CHECK(gb_code(gb_trees(100000), ver, huge) == errc::too_deep);
        }
    });
}

TEST_CASE("graphson: the deepest nesting the cap allows parses on a 1 MiB stack") {
    constexpr std::size_t huge = std::numeric_limits<std::size_t>::max();
    static_assert(gs_depth_cap >= 64, "the cap must not be below the default max_depth");
    on_stack(kSmallStack, [&] {
        for (GsVersion ver : {GsVersion::v3, GsVersion::v4}) {
            for (bool typed : {true, false}) {
                CAPTURE(typed);
                // Arrays and objects, untyped or typed containers.
                CHECK(gs_code(gs_nested("[", "]", gs_depth_cap), ver, typed, huge) == errc::ok);
                CHECK(gs_code(gs_nested("[", "]", gs_depth_cap + 1), ver, typed, huge) == errc::too_deep);
                CHECK(gs_code(gs_nested("[", "]", 300000), ver, typed, huge) == errc::too_deep);
                CHECK(gs_code(gs_nested("{\"a\":", "}", gs_depth_cap), ver, typed, huge) == errc::ok);
                CHECK(gs_code(gs_nested("{\"a\":", "}", 300000), ver, typed, huge) == errc::too_deep);
                // gs_skip is iterative; it holds the same cap.
                CHECK(gs_skip(gs_nested("[", "]", gs_depth_cap), 0, huge).ok());
                CHECK(gs_skip(gs_nested("[", "]", 300000), 0, huge).error().code == errc::too_deep);
            }
            // Typed lists and maps nest through @value.
            const std::string typed_list = gs_nested("{\"@type\":\"g:List\",\"@value\":[", "]}", 100000);
            CHECK(gs_code(typed_list, ver, true, huge) == errc::too_deep);
            const std::string typed_map =
                gs_nested("{\"@type\":\"g:Map\",\"@value\":[\"k\",", "]}", 100000, "1");
            CHECK(gs_code(typed_map, ver, true, huge) == errc::too_deep);
            const std::string typed_ok =
                gs_nested("{\"@type\":\"g:List\",\"@value\":[", "]}", gs_depth_cap / 2 - 1);
            CHECK(gs_code(typed_ok, ver, true, huge) == errc::ok);
        }
    });
}
