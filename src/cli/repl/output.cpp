#include "output.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <utility>

#include "coyel/text.hpp"
#include "line_reader.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {

bool Output::interactive() const { return reader_.interactive(); }

// The terminal's width, so that a long line is never cut by the terminal
// nor wrapped short in a wide window; 80 on a pipe, for stable transcripts.
std::size_t Output::columns() const { return interactive() && out_ ? terminal_width(out_) : 80; }

void Output::write(std::string_view text) {
    if (capture_) {
        capture_->append(text);
        return;
    }
    if (out_) std::fwrite(text.data(), 1, text.size(), out_);  // no exception on a closed terminal
}

std::string Output::captured(const std::function<void()>& show) {
    std::string text;
    capture_ = &text;
    show();
    capture_ = nullptr;
    return text;
}

void Output::say(const std::string& text) {
    for (const auto& line : wrap(text, columns(), 2)) write(line + "\n");
}

void Output::bold(const std::string& text) { say(paint(colour_, fmt::emphasis::bold, text)); }

// A command to copy, on a line of its own and never wrapped.
void Output::command_line(const std::string& command) { write("    " + command + "\n"); }

// A line read aloud between the script's quotation marks, wrapped so that
// the text of every row starts under the first letter.
std::vector<std::string> Output::quoted(const std::string& text) const {
    const auto [open, close] = narrator_.quote_marks();
    return wrap(open + text + close, columns() - 2, utf8_length(open));
}

// Lines for the table stand out: indented, quoted, in colour on a terminal.
void Output::aloud(const std::string& text) { aloud(text, {}); }

void Output::aloud(const std::string& text, const std::string& closes_with) {
    if (listener_) listener_(speech::Aloud{text, closes_with, false});
    for (const auto& line : quoted(text))
        write("  " + paint(colour_, fmt::fg(fmt::terminal_color::cyan), line) + "\n");
}

void Output::bell() {
    if (interactive()) write("\a");
}

// A degree, the end: never dropped by the voice, read after the line being read.
void Output::alert(const std::string& text, bool ring) {
    if (listener_) listener_(speech::Aloud{text, {}, true});
    if (ring) bell();
    for (const auto& line : quoted(text))
        write("  " +
              paint(colour_, fmt::emphasis::bold | fmt::fg(fmt::terminal_color::yellow), line) +
              "\n");
}

void Output::show(const std::vector<narration::Line>& lines) {
    using Kind = narration::Line::Kind;
    // One bell for what happened at once: the last degree and the end it
    // brings ring together.
    bool rung = false;
    for (const auto& line : lines) {
        switch (line.kind) {
            case Kind::heading:
                say("");
                bold(line.text);
                break;
            case Kind::call:
            case Kind::aloud: aloud(line.text, line.closes_with); break;
            case Kind::alert: alert(line.text, !std::exchange(rung, true)); break;
            case Kind::instruction:
            case Kind::record: say(line.text); break;
        }
    }
}

void Output::refuse(const std::string& reason) {
    const bool to_err = !interactive() && !capture_;
    for (const auto& line : wrap(reason, columns(), 2)) {
        if (to_err)
            print_line(err_, line);
        else
            write(paint(colour_, fmt::fg(fmt::terminal_color::red), line) + "\n");
    }
}

void Output::tell_whole(const std::string& text, bool failure) {
    if (interactive() || capture_) return failure ? refuse(text) : say(text);
    print_line(failure ? err_ : out_, text);
}

void Output::print_line(std::FILE* to, const std::string& line) {
    if (!to) return;
    flush();
    fmt::print(to, "{}\n", line);
}

}  // namespace coyel::cli
