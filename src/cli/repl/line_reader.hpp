// Where the REPL's answers come from: libedit on a terminal (line editing,
// history, tab completion, a prompt that lives while it waits), plain lines
// from a pipe or a script.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clock.hpp"

namespace coyel::cli {

// A prompt that changes while it waits, such as the game clock's. A terminal
// reader redraws it when it may have changed, without disturbing what is
// being typed; other readers show it once.
class LivePrompt {
  public:
    virtual ~LivePrompt() = default;
    // The prompt as it stands now.
    virtual std::string text() const = 0;
    // How long the prompt stays as it is; nullopt: until something is typed.
    virtual std::optional<std::chrono::milliseconds> wake_in() const = 0;
    // The clock wake_in() counts on (the game clock's): the reader waits through it.
    virtual const platform::Clock& time() const = 0;
    // A descriptor that, once readable, wakes the prompt as wake_in's time
    // would (the phones' answers); -1: none.
    virtual int wake_fd() const { return -1; }
    // Called once that time has passed: what to show above the prompt, if any.
    virtual std::string on_wake() = 0;
    // Ctrl-C emptied the line: what to show above the prompt.
    virtual std::string on_interrupt() = 0;
    // True when the wait is over with nothing read (the game ended meanwhile).
    virtual bool closed() const = 0;
    // Ctrl-Z stopped the program (true), `fg` brought it back (false).
    virtual void on_suspend(bool stopped) = 0;
};

class LineReader {
  public:
    virtual ~LineReader() = default;
    // One line without its newline, or nullopt at the end of input, on Ctrl-C
    // and when a signal asks the program to leave (see signals.hpp).
    virtual std::optional<std::string> read(const std::string& prompt) = 0;
    // One line, the prompt kept live; nullopt at the end of input, when the
    // prompt is closed and when a signal asks the program to leave.
    virtual std::optional<std::string> read_live(LivePrompt& prompt) { return read(prompt.text()); }
    // What Tab may complete to at the next read.
    virtual void set_completions(std::vector<std::string> words) { (void)words; }
    // What Up and Ctrl-R may bring back, oldest first. The reader keeps no
    // line by itself: its history is an output, and the session says what
    // it may show (table_gate.hpp).
    virtual void set_history(const std::vector<std::string>& lines) { (void)lines; }
    // True on a terminal: prompts may clear the screen and ring the bell.
    virtual bool interactive() const = 0;
};

// libedit when `in` is a terminal, plain lines otherwise. `out` shows prompts.
// Either way the signals of signals.hpp are watched from then on.
std::unique_ptr<LineReader> make_line_reader(std::FILE* in, std::FILE* out);

// The completions of `typed` among `words`: those it begins, ignoring case.
std::vector<std::string> complete(const std::string& typed, const std::vector<std::string>& words);

// Several completions as Tab lists them: in columns down then across, as
// `ls` does, each row indented two spaces and within `width` characters
// (one column when a word is wider), so that a long list leaves the call on
// an 80x24 screen. Each row ends with a newline.
std::string in_columns(const std::vector<std::string>& words, std::size_t width);

}  // namespace coyel::cli
