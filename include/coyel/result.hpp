// A value or the reason it could not be had: how untrusted input (a person's
// answer, a file) reports failure. Broken invariants are asserts instead.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace coyel {

struct Error {
    std::string message;
};

template <typename T>
class Result {
  public:
    Result(T value) : data_(std::move(value)) {}
    Result(Error error) : data_(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(data_); }
    explicit operator bool() const { return ok(); }

    T& value() {
        assert(ok());
        return std::get<T>(data_);
    }
    const T& value() const {
        assert(ok());
        return std::get<T>(data_);
    }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const std::string& error() const {
        assert(!ok());
        return std::get<Error>(data_).message;
    }

  private:
    std::variant<T, Error> data_;
};

}  // namespace coyel
