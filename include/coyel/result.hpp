// A value or the reason it could not be had: how untrusted input (a person's
// answer, a file) reports failure. Broken invariants are asserts instead.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace coyel {

// What kind of failure: front ends decide by the code, never by the words.
enum class ErrorCode : std::uint8_t {
    invalid,  // malformed input: a bad value, a broken file, a wrong type
    not_now,  // a well-formed action the game does not expect now
    refused,  // the rules forbid this choice here (the reason says which rule)
    // The rules forbid it for a reason the table must not hear (a corrupted
    // voter's ballot for the CEO): a front end the players see says no why.
    refused_secretly,
    unknown_answer,  // an answer that names nothing: maybe a mistyped command
    ambiguous,       // an answer that could mean more than one thing
    game_over,       // nothing but a note is legal after the end
};

struct Error {
    // The words, where C++ wrote them: usage and file errors, in English.
    // Empty for a refusal of the rules engine (include/coyel/reasons.hpp),
    // which only the narration words (Narrator::refusal).
    std::string message;
    ErrorCode code = ErrorCode::invalid;
    // The reason as data, for a front end to word in the game's language: the
    // script key `refusal.<reason>` and its arguments. A list argument holds
    // its items separated by '\n' (the narration joins them "a, b or c").
    // Empty when only `message` says it (usage and file errors).
    std::string reason = {};
    std::vector<std::pair<std::string, std::string>> args = {};
    // Where a reason was met, said before the script's words for it: a file
    // and the place in it ("game.json: log entry 7 (vote)"; see `located`).
    // Empty where the moment says it.
    std::string where = {};
};

// An error with its reason as data, and its English words in `message`.
inline Error reasoned(std::string message, ErrorCode code, std::string reason,
                      std::vector<std::pair<std::string, std::string>> args = {}) {
    return Error{std::move(message), code, std::move(reason), std::move(args)};
}

// `error` as met at `place` (a file, or a place in it), said before its
// words: in `where` for the narration's words of its reason, and in
// `message`'s words where C++ wrote some.
inline Error located(Error error, std::string_view place) {
    auto prefix = [&](std::string& words) {
        words = words.empty() ? std::string{place} : std::string{place} + ": " + words;
    };
    if (!error.reason.empty()) prefix(error.where);
    if (!error.message.empty() || error.reason.empty()) prefix(error.message);
    return error;
}

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

    const std::string& error() const { return failure().message; }
    ErrorCode code() const { return failure().code; }
    const Error& failure() const {
        assert(!ok());
        return std::get<Error>(data_);
    }

  private:
    std::variant<T, Error> data_;
};

// A refusal: nullopt when allowed.
using Refusal = std::optional<Error>;

}  // namespace coyel
