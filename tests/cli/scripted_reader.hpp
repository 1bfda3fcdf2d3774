// A pipe's reader for REPL tests: answers from a list, then the end of input.
// `before_each` runs before each read, with its number (from 1): a test moves
// its clock there, or makes the disk fail.
#pragma once

#include <deque>
#include <functional>
#include <optional>
#include <string>

#include "repl/line_reader.hpp"

namespace coyel::test {

class ScriptedReader final : public cli::LineReader {
  public:
    explicit ScriptedReader(std::deque<std::string> lines,
                            std::function<void(int)> before_each = {})
        : lines_(std::move(lines)), before_each_(std::move(before_each)) {}
    ScriptedReader(std::deque<std::string> lines, std::function<void()> before_each)
        : ScriptedReader(std::move(lines), [before_each](int) { before_each(); }) {}
    std::optional<std::string> read(const std::string&) override {
        if (before_each_) before_each_(++reads_);
        if (lines_.empty()) return std::nullopt;
        std::string line = lines_.front();
        lines_.pop_front();
        return line;
    }
    bool interactive() const override { return false; }

  private:
    std::deque<std::string> lines_;
    std::function<void(int)> before_each_;
    int reads_ = 0;
};

}  // namespace coyel::test
