// A huge script must not make the evaluator allocate far more than its own
// size. This binary replaces the global operator new/delete with counting versions (bytes in use
// and the peak, by malloc_usable_size) and measures the peak while evaluating 10 MiB scripts.
// The old tokenizer materialised every token (~56 bytes per 1-byte token): `1+1+…` of 10 MiB
// peaked above 500 MiB before the operator limit rejected it.
#include <tpbench/server/gremlin.hpp>

#include <doctest/doctest.h>

#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

namespace {
std::atomic<std::int64_t> g_in_use{0};
std::atomic<std::int64_t> g_peak{0};

void* counted_alloc(std::size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    auto now =
        g_in_use.fetch_add(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed) +
        static_cast<std::int64_t>(malloc_usable_size(p));
    auto peak = g_peak.load(std::memory_order_relaxed);
    while (now > peak && !g_peak.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
    return p;
}
void counted_free(void* p) noexcept {
    if (!p) return;
    g_in_use.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
    std::free(p);
}
}  // namespace

void* operator new(std::size_t n) { return counted_alloc(n); }
void* operator new[](std::size_t n) { return counted_alloc(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return counted_alloc(n);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return counted_alloc(n);
    } catch (...) {
        return nullptr;
    }
}
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }

namespace {

namespace server = tpbench::server;

// Peak bytes allocated above the level at the start while evaluating `script` to the end.
std::int64_t peak_while_evaluating(server::Graph& g, const std::string& script, bool& failed,
                                   std::string& message) {
    const auto base = g_in_use.load();
    g_peak.store(base);
    {
        auto s = server::evaluate_script(g, script, {});
        server::Item it;
        while (s->next(it)) {
        }
        failed = s->error().has_value();
        if (failed) message = s->error()->message;
    }
    return g_peak.load() - base;
}

std::string repeated(const std::string& head, const std::string& unit, const std::string& tail,
                     std::size_t bytes) {
    std::string s = head;
    s.reserve(bytes + tail.size() + unit.size());
    while (s.size() < bytes) s += unit;
    return s + tail;
}

}  // namespace

TEST_CASE("memory: a 10 MiB script costs at most a small multiple of its size") {
    server::Graph g;
    g.load_modern();
    constexpr std::size_t kSize = 10u << 20;
    struct Case {
        const char* name;
        std::string script;
    };
    const Case cases[] = {
        {"1+1+1+…", repeated("1", "+1", "", kSize)},
        {"((((…", repeated("", "(", "1", kSize)},
        {"1;1;1;…", repeated("1", ";1", "", kSize)},
        {"[1,1,1,…]", repeated("[1", ",1", "]", kSize)},
        {"g.inject(1,1,…)", repeated("g.inject(1", ",1", ")", kSize)},
        {"g.V().out().out()…", repeated("g.V()", ".out()", "", kSize)},
        {"newline-separated statements", repeated("x=1", "\nx", "", kSize)},
    };
    for (const auto& c : cases) {
        bool failed = false;
        std::string message;
        const auto peak = peak_while_evaluating(g, c.script, failed, message);
        INFO(std::string(c.name) << ": peak " << peak << " bytes above the baseline for a " << c.script.size()
                                 << "-byte script; error: " << message);
        MESSAGE(std::string(c.name) << ": peak " << peak << " bytes for " << c.script.size()
                                    << " bytes of script");
        CHECK(failed);  // each of these exceeds a parser or evaluator limit
        CHECK(peak < static_cast<std::int64_t>(2 * c.script.size()));
    }
}

TEST_CASE("memory: a large but legitimate script still evaluates") {
    server::Graph g;
    g.load_modern();
    // a 1 MiB string literal: one token, one value
    std::string big(1u << 20, 'x');
    bool failed = true;
    std::string message;
    const auto peak = peak_while_evaluating(g, "g.inject('" + big + "').count()", failed, message);
    INFO(message);
    CHECK_FALSE(failed);
    CHECK(peak < static_cast<std::int64_t>(8 * big.size()));
    // 10,000 list items are fine
    std::string list = "[1";
    for (int i = 0; i < 9999; ++i) list += ",1";
    list += "].size()";
    auto s = server::evaluate_script(g, list, {});
    server::Item it;
    REQUIRE(s->next(it));
    CHECK(it.value == tpbench::model::Value::int_(10000));
}
