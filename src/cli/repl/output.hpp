// The REPL's one output port: every line the session shows the moderator
// goes through it, so that what is shown can be captured (the live prompt
// shows it above itself) and the lines read to the table can be listened to
// (a voice, later). It lays lines out for the terminal; it decides nothing
// about what may be shown (table_gate.hpp does).
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "narrator.hpp"
#include "speaker.hpp"

namespace coyel::cli {

class LineReader;

class Output {
  public:
    // `reader` says whether a person is at a terminal (the bell, the width,
    // refusals on standard error in a pipe); `narrator` gives quotation marks.
    // `out` and `err` may be null: what would go there goes nowhere (a game
    // with no moderator has nobody to show the moderator's lines to).
    Output(std::FILE* out, std::FILE* err, bool colour, const LineReader& reader,
           const narration::Narrator& narrator)
        : out_(out), err_(err), colour_(colour), reader_(reader), narrator_(narrator) {}

    // Raw text, as it is: into the capture while one runs, else to `out`.
    void write(std::string_view text);
    // What `show` writes through this port, as text instead.
    std::string captured(const std::function<void()>& show);

    void show(const std::vector<narration::Line>& lines);
    void say(const std::string& text);              // plain, to the moderator
    void bold(const std::string& text);             // a heading's line
    void command_line(const std::string& command);  // whole, to copy
    void aloud(const std::string& text);            // to read to the table
    // The same, for a call's line that wakes someone (narration::Line::closes_with).
    void aloud(const std::string& text, const std::string& closes_with);
    void alert(const std::string& text, bool ring = true);  // bell on a terminal
    void refuse(const std::string& reason);                 // one line; the prompt again
    // What a script may look for comes whole on one line in a pipe
    // (failures on standard error); a terminal wraps it as any line.
    void tell_whole(const std::string& text, bool failure);
    void bell();  // on a terminal only
    void flush() {
        if (out_) std::fflush(out_);
    }

    // A line read aloud to the table, as the script words it (no quotation
    // marks, no colour), with what no cut may lose of it: for a voice to
    // speak. One listener; none by default.
    void listen_aloud(std::function<void(const speech::Aloud&)> listener) {
        listener_ = std::move(listener);
    }

    std::size_t columns() const;
    bool colour() const { return colour_; }
    bool interactive() const;

  private:
    std::vector<std::string> quoted(const std::string& text) const;
    // One line to `to`, unless it is nowhere; `out` flushed first, so that
    // both keep their order when they go to one place.
    void print_line(std::FILE* to, const std::string& line);

    std::FILE* out_;
    std::FILE* err_;
    bool colour_;
    const LineReader& reader_;
    const narration::Narrator& narrator_;
    std::string* capture_ = nullptr;
    std::function<void(const speech::Aloud&)> listener_;
};

}  // namespace coyel::cli
