// Where the REPL's answers come from: libedit on a terminal (line editing,
// history, tab completion), plain lines from a pipe or a script.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coyel::cli {

class LineReader {
  public:
    virtual ~LineReader() = default;
    // One line without its newline, or nullopt at the end of input.
    virtual std::optional<std::string> read(const std::string& prompt) = 0;
    // What Tab may complete to at the next read.
    virtual void set_completions(std::vector<std::string> words) { (void)words; }
    // True on a terminal: prompts may clear the screen and ring the bell.
    virtual bool interactive() const = 0;
};

// libedit when `in` is a terminal, plain lines otherwise. `out` shows prompts.
std::unique_ptr<LineReader> make_line_reader(std::FILE* in, std::FILE* out);

// The completions of `typed` among `words`: those it begins, ignoring case.
std::vector<std::string> complete(const std::string& typed, const std::vector<std::string>& words);

}  // namespace coyel::cli
