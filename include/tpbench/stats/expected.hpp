#pragma once
// tpbench::stats::Expected<T> — a value or a one-line error message. Decoders, parsers and the
// statistics functions of tpbench::stats return it instead of throwing on bad input.
#include <string>
#include <utility>
#include <variant>

namespace tpbench::stats {

// The error half of Expected: a human-readable, single-line reason.
struct Failure {
    std::string message;
};

template <class T>
class Expected {
public:
    Expected(T v) : v_(std::in_place_index<0>, std::move(v)) {}        // NOLINT: implicit by design
    Expected(Failure f) : v_(std::in_place_index<1>, std::move(f)) {}  // NOLINT
    bool ok() const noexcept { return v_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }
    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    // The error message; empty when ok().
    const std::string& error() const {
        static const std::string none;
        return ok() ? none : std::get<1>(v_).message;
    }

private:
    std::variant<T, Failure> v_;
};

// Builds a Failure from a message.
inline Failure fail(std::string message) { return Failure{std::move(message)}; }

}  // namespace tpbench::stats
