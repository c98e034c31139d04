#pragma once
// Decode/encode result type for tpbench::io. A decoding failure is a value: an error code, the byte
// offset where the input went wrong and a one-line message ("truncated String at offset 12: needs
// 5 bytes, 2 left"). No exceptions cross the io boundary.
#include <tpbench/model/error.hpp>

#include <cstddef>
#include <string>
#include <utility>
#include <variant>

namespace tpbench::io {

struct Error {
    errc code = errc::ok;
    std::size_t offset = 0;  // byte offset in the input (for JSON: character offset)
    std::string message;     // without the offset; to_string() adds it

    std::string to_string() const { return message + " (at byte offset " + std::to_string(offset) + ")"; }
};

template <class T>
class Result {
public:
    Result(T v) : v_(std::move(v)) {}      // NOLINT: implicit by design
    Result(Error e) : v_(std::move(e)) {}  // NOLINT
    bool ok() const noexcept { return v_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }
    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(v_); }

private:
    std::variant<T, Error> v_;
};

}  // namespace tpbench::io
