#include "line_reader.hpp"

#include <histedit.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstring>
#include <cwchar>
#include <utility>

#include "coyel/text.hpp"
#include "terminal/signals.hpp"

namespace coyel::cli {

// The same matching as answers' first letters: "pi" completes to Pía, unless
// Pia plays; "alv" to José Álvarez.
std::vector<std::string> complete(const std::string& typed, const std::vector<std::string>& words) {
    const std::vector<std::string_view> views(words.begin(), words.end());
    std::vector<std::string> matches;
    for (std::size_t i : match_names(views, typed, NameMatch::word_prefix))
        matches.push_back(words[i]);
    return matches;
}

std::string in_columns(const std::vector<std::string>& words, std::size_t width) {
    std::size_t widest = 0;
    for (const auto& word : words) widest = std::max(widest, utf8_length(word));
    const std::size_t column = widest + 2, indent = 2;
    const std::size_t columns =
        std::max<std::size_t>(1, width > indent + widest ? (width - indent + 2) / column : 1);
    const std::size_t rows = (words.size() + columns - 1) / columns;
    std::string out;
    for (std::size_t row = 0; row < rows; ++row) {
        std::string line(indent, ' ');
        for (std::size_t at = row; at < words.size(); at += rows) {
            line += words[at];
            if (at + rows < words.size()) line += std::string(column - utf8_length(words[at]), ' ');
        }
        out += line + "\n";
    }
    return out;
}

namespace {

// Lines from a pipe or a file: the prompt is shown and the answer echoed,
// so a transcript reads like the session it was. Read from the descriptor,
// not through stdio, so that a signal asking to leave ends the wait.
class StreamReader final : public LineReader {
  public:
    StreamReader(std::FILE* in, std::FILE* out) : fd_(::fileno(in)), out_(out) {}

    std::optional<std::string> read(const std::string& prompt) override {
        std::string line;
        if (next_line(line, nullptr) != Got::line) return std::nullopt;
        return echoed(prompt, std::move(line));
    }
    // The prompt's time goes on while the next line is awaited: a degree
    // the clock reaches rings at its second, not at the next line.
    std::optional<std::string> read_live(LivePrompt& prompt) override {
        std::string line;
        for (;;) {
            const Got got = next_line(line, &prompt);
            if (got == Got::line) break;
            if (got == Got::end) return std::nullopt;
            const std::string above = prompt.on_wake();
            std::fwrite(above.data(), 1, above.size(), out_);
            std::fflush(out_);
            if (prompt.closed()) return std::nullopt;
        }
        return echoed(prompt.text(), std::move(line));
    }
    bool interactive() const override { return false; }

  private:
    enum class Got { line, end, timeout };

    std::string echoed(const std::string& prompt, std::string line) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        fmt::print(out_, "{}{}\n", prompt, line);
        std::fflush(out_);
        return line;
    }

    // The next line; the end of input (a last line without '\n' still
    // counts), or a signal asking to leave, ends it (Ctrl-C too: there is
    // no line to clear); the live `prompt`'s wait passing with no line, on its
    // clock, is a timeout, and so is its wake_fd becoming readable.
    Got next_line(std::string& line, const LivePrompt* prompt) {
        const auto wait = prompt ? prompt->wake_in() : std::nullopt;
        const int wake_fd = prompt ? prompt->wake_fd() : -1;
        std::optional<platform::Clock::Steady> deadline;
        if (wait) deadline = prompt->time().now() + *wait;
        for (;;) {
            if (auto newline = buffer_.find('\n'); newline != std::string::npos) {
                line = buffer_.substr(0, newline);
                buffer_.erase(0, newline + 1);
                return Got::line;
            }
            if (signals::take_interrupt()) signals::leave_on(SIGINT);
            if (signals::leaving()) return Got::end;
            if (at_end_) break;
            std::optional<std::chrono::milliseconds> left;
            if (deadline) {
                left =
                    std::chrono::ceil<std::chrono::milliseconds>(*deadline - prompt->time().now());
                if (left->count() <= 0) return Got::timeout;
            }
            const signals::Wait waited = signals::wait_for(fd_, left, wake_fd);
            if (waited == signals::Wait::timeout) return Got::timeout;
            if (waited == signals::Wait::signal) continue;
            char bytes[4096];
            const ssize_t n = ::read(fd_, bytes, sizeof bytes);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) at_end_ = true;
            if (n > 0) buffer_.append(bytes, static_cast<std::size_t>(n));
        }
        if (buffer_.empty()) return Got::end;
        line = std::exchange(buffer_, {});
        return Got::line;
    }

    int fd_;
    std::FILE* out_;
    std::string buffer_;
    bool at_end_ = false;
};

// The character the reader hands libedit when the live prompt must be
// redrawn or the line emptied: a control character nobody types by
// accident (Ctrl-]); typed, it only redraws the prompt.
constexpr wchar_t wake_key = 0x1d;

class EditLineReader final : public LineReader {
  public:
    EditLineReader(std::FILE* in, std::FILE* out) : fd_(::fileno(in)), out_(out) {
        // libedit works in wide characters: without a UTF-8 locale it cannot
        // take "°C" in a prompt, nor names beyond ASCII.
        const char* locale = std::setlocale(LC_CTYPE, "");
        if (!locale || !std::strstr(locale, "UTF-8")) std::setlocale(LC_CTYPE, "C.UTF-8");
        editor_ = el_init("coyel", in, out, stderr);
        history_ = history_init();
        HistEvent event;
        history(history_, &event, H_SETSIZE, 200);
        el_set(editor_, EL_EDITOR, "emacs");
        el_set(editor_, EL_HIST, history, history_);
        el_set(editor_, EL_CLIENTDATA, this);
        el_set(editor_, EL_PROMPT, &EditLineReader::prompt_of);
        el_set(editor_, EL_ADDFN, "coyel-complete", "complete a name or command",
               &EditLineReader::on_tab);
        el_set(editor_, EL_BIND, "^I", "coyel-complete", nullptr);
        el_set(editor_, EL_ADDFN, "coyel-wake", "redraw the live prompt",
               &EditLineReader::on_wake_key);
        el_set(editor_, EL_BIND, "^]", "coyel-wake", nullptr);
        // Our own signal handling (signals.hpp), not libedit's: libedit's
        // handler re-sends the signal to the whole process group.
        el_set(editor_, EL_SIGNAL, 0);
        el_set(editor_, EL_GETCFN, &EditLineReader::read_char);
    }
    ~EditLineReader() override {
        el_end(editor_);
        history_end(history_);
    }

    std::optional<std::string> read(const std::string& prompt) override {
        live_ = nullptr;
        fixed_prompt_ = prompt;
        return edit();
    }
    std::optional<std::string> read_live(LivePrompt& prompt) override {
        live_ = &prompt;
        auto line = edit();
        live_ = nullptr;
        return line;
    }
    void set_completions(std::vector<std::string> words) override { words_ = std::move(words); }
    void set_history(const std::vector<std::string>& lines) override {
        HistEvent event;
        history(history_, &event, H_CLEAR);
        for (const auto& line : lines) history(history_, &event, H_ENTER, line.c_str());
    }
    bool interactive() const override { return true; }

  private:
    enum class Wake { redraw, interrupt };

    std::optional<std::string> edit() {
        int count = 0;
        const char* line = el_gets(editor_, &count);
        if (!line) return std::nullopt;
        std::string text(line, static_cast<std::size_t>(count));
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
        return text;
    }

    static EditLineReader* self(EditLine* editor) {
        void* data = nullptr;
        el_get(editor, EL_CLIENTDATA, &data);
        return static_cast<EditLineReader*>(data);
    }
    // libedit asks at every redraw, so a live prompt shows its latest state.
    static char* prompt_of(EditLine* editor) {
        EditLineReader* reader = self(editor);
        reader->shown_prompt_ = reader->live_ ? reader->live_->text() : reader->fixed_prompt_;
        return reader->shown_prompt_.data();
    }

    static int read_char(EditLine* editor, wchar_t* out);
    int next_char(EditLine* editor, wchar_t* out);
    bool take_terminal_signals(EditLine* editor);
    static unsigned char on_wake_key(EditLine* editor, int);
    void erase_prompt(EditLine* editor);
    unsigned char show_above(EditLine* editor, const std::string& text);
    static unsigned char on_tab(EditLine* editor, int);

    int fd_;
    std::FILE* out_;
    EditLine* editor_;
    History* history_;
    LivePrompt* live_ = nullptr;
    std::string fixed_prompt_;
    std::string shown_prompt_;
    std::vector<std::string> words_;
    Wake wake_ = Wake::redraw;
    // Ctrl-R (or Ctrl-S) is searching the history: libedit reads the
    // search's keys itself, and any other key ends it, the wake key too. The
    // clock goes on meanwhile (saved each second) but the prompt is not
    // redrawn, unless there is something to show above it (a degree).
    bool searching_ = false;
    std::string held_above_;  // what a wake during a search has to show
};

// Whether `key`, read while a history search runs, leaves it running: a
// letter, Backspace, Ctrl-W, or Ctrl-R and Ctrl-S again.
bool keeps_searching(wchar_t key) {
    return key >= 0x20 || key == 0x12 || key == 0x13 || key == 0x08 || key == 0x17;
}

int EditLineReader::read_char(EditLine* editor, wchar_t* out) {
    return self(editor)->next_char(editor, out);
}

// libedit's reading of one character, made to wait for the terminal, the
// live prompt's next change and the signals at once (signals::wait_for).
int EditLineReader::next_char(EditLine* editor, wchar_t* out) {
    char bytes[MB_LEN_MAX];
    std::size_t count = 0;
    for (;;) {
        if (signals::leaving()) {
            errno = EINTR;
            return -1;  // el_gets returns nothing: the session saves and leaves
        }
        if (signals::take_interrupt()) {
            if (!live_) return -1;  // a question outside the game: Ctrl-C leaves it
            wake_ = Wake::interrupt;
            searching_ = false;  // the wake key ends a search
            *out = wake_key;
            return 1;
        }
        if (take_terminal_signals(editor) || (live_ && live_->closed())) {
            wake_ = Wake::redraw;
            searching_ = false;
            *out = wake_key;
            return 1;
        }
        const auto timeout = live_ && count == 0 ? live_->wake_in() : std::nullopt;
        const auto waited =
            signals::wait_for(fd_, timeout, live_ && count == 0 ? live_->wake_fd() : -1);
        if (waited == signals::Wait::signal) continue;
        if (waited == signals::Wait::timeout) {
            if (searching_) {  // the wake's work without its redraw, which would end the search
                held_above_ += live_->on_wake();
                if (held_above_.empty() && !live_->closed()) continue;
                searching_ = false;
            }
            wake_ = Wake::redraw;
            *out = wake_key;
            return 1;
        }
        const ssize_t n = ::read(fd_, bytes + count, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n == 0 ? 0 : -1;  // end of input, or the terminal is gone
        ++count;
        std::mbstate_t state{};
        const std::size_t decoded = std::mbrtowc(out, bytes, count, &state);
        if (decoded == static_cast<std::size_t>(-2) && count < sizeof bytes) continue;
        if (decoded > static_cast<std::size_t>(-3)) {  // not UTF-8: drop it
            count = 0;
            continue;
        }
        searching_ = searching_ ? keeps_searching(*out) : *out == 0x12 || *out == 0x13;
        return 1;
    }
}

// Ctrl-Z, `fg` and a resized window; true when the prompt must be redrawn.
bool EditLineReader::take_terminal_signals(EditLine* editor) {
    bool redraw = false;
    if (signals::take_stop()) {
        if (live_) live_->on_suspend(true);
        el_set(editor, EL_PREP_TERM, 0);  // the shell gets its terminal back as it was
        signals::stop_now();
        if (live_) live_->on_suspend(false);
        redraw = true;
    }
    if (signals::take_continue() || redraw) {
        el_set(editor, EL_PREP_TERM, 0);
        el_set(editor, EL_PREP_TERM, 1);
        el_set(editor, EL_REFRESH);
        redraw = true;
    }
    if (signals::take_resize()) {
        el_resize(editor);
        redraw = true;
    }
    return redraw;
}

unsigned char EditLineReader::on_wake_key(EditLine* editor, int) {
    EditLineReader* reader = self(editor);
    if (!reader->live_) return CC_REFRESH;
    LivePrompt& live = *reader->live_;
    if (std::exchange(reader->wake_, Wake::redraw) == Wake::interrupt) {
        const LineInfoW* line = el_wline(editor);  // empty the line, as shells do
        el_cursor(editor, static_cast<int>(line->lastchar - line->cursor));
        el_deletestr(editor, static_cast<int>(line->lastchar - line->buffer));
        return reader->show_above(editor, "^C\n" + live.on_interrupt());
    }
    std::string above = std::exchange(reader->held_above_, {}) + live.on_wake();
    if (live.closed()) {  // the prompt goes; what comes next is the caller's
        reader->erase_prompt(editor);
        std::fputs(above.c_str(), reader->out_);
        return CC_EOF;
    }
    if (above.empty()) return CC_REFRESH;  // libedit redraws only what changed
    return reader->show_above(editor, above);
}

// Clears the prompt's rows, what was typed included; the cursor is left
// where the prompt began.
void EditLineReader::erase_prompt(EditLine* editor) {
    const LineInfoW* line = el_wline(editor);
    int columns = 80;
    el_get(editor, EL_GETTC, "co", &columns);
    const std::size_t before_cursor =
        utf8_length(shown_prompt_) + static_cast<std::size_t>(line->cursor - line->buffer);
    const std::size_t rows_up = columns > 0 ? before_cursor / static_cast<std::size_t>(columns) : 0;
    std::string erase = "\r";
    if (rows_up > 0) erase += fmt::format("\x1b[{}A", rows_up);
    erase += "\x1b[J";
    std::fputs(erase.c_str(), out_);
}

// Replaces the prompt's rows with `text`, then draws the prompt again below
// it, with what was typed and the cursor where they were.
unsigned char EditLineReader::show_above(EditLine* editor, const std::string& text) {
    erase_prompt(editor);
    std::fputs(text.c_str(), out_);
    std::fflush(out_);
    el_set(editor, EL_REFRESH);  // draws from where the cursor is now
    return CC_NORM;
}

// Tab: completes the whole line typed so far (names may hold spaces);
// several matches are listed and their common start inserted.
unsigned char EditLineReader::on_tab(EditLine* editor, int) {
    EditLineReader* reader = self(editor);
    const LineInfo* info = el_line(editor);
    std::string typed(info->buffer, info->cursor);
    auto matches = complete(typed, reader->words_);
    if (matches.empty()) return CC_REFRESH_BEEP;
    const std::string common = common_start(matches);
    // Replace what was typed, so the completion carries the name's own case
    // and accents; unless the names part within it ("pi" for Pía and Pïa).
    // libedit counts characters, not bytes: "Pí" is two.
    if (fold_accents(common).size() >= fold_accents(typed).size()) {
        el_deletestr(editor, static_cast<int>(utf8_length(typed)));
        el_insertstr(editor, common.c_str());
    }
    if (matches.size() > 1) {
        int columns = 80;
        el_get(editor, EL_GETTC, "co", &columns);
        const std::string listed = in_columns(matches, columns > 0 ? columns - 1 : 79);
        std::fputs(("\n" + listed).c_str(), stdout);
        return CC_REDISPLAY;
    }
    return CC_REFRESH;
}

}  // namespace

std::unique_ptr<LineReader> make_line_reader(std::FILE* in, std::FILE* out) {
    signals::watch();
    if (::isatty(::fileno(in)) && ::isatty(::fileno(out)))
        return std::make_unique<EditLineReader>(in, out);
    return std::make_unique<StreamReader>(in, out);
}

}  // namespace coyel::cli
