#include "line_reader.hpp"

#include <histedit.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <clocale>
#include <cstring>

#include "coyel/text.hpp"

namespace coyel::cli {

std::vector<std::string> complete(const std::string& typed, const std::vector<std::string>& words) {
    std::vector<std::string> matches;
    for (const auto& word : words)
        if (istarts_with(word, typed)) matches.push_back(word);
    return matches;
}

namespace {

// Lines from a pipe or a file: the prompt is shown and the answer echoed,
// so a transcript reads like the session it was.
class StreamReader final : public LineReader {
  public:
    StreamReader(std::FILE* in, std::FILE* out) : in_(in), out_(out) {}

    std::optional<std::string> read(const std::string& prompt) override {
        std::string line;
        int c;
        while ((c = std::fgetc(in_)) != EOF && c != '\n') line += static_cast<char>(c);
        if (c == EOF && line.empty()) return std::nullopt;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        fmt::print(out_, "{}{}\n", prompt, line);
        std::fflush(out_);
        return line;
    }
    bool interactive() const override { return false; }

  private:
    std::FILE* in_;
    std::FILE* out_;
};

class EditLineReader final : public LineReader {
  public:
    EditLineReader(std::FILE* in, std::FILE* out) {
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
        el_set(editor_, EL_SIGNAL, 1);
    }
    ~EditLineReader() override {
        el_end(editor_);
        history_end(history_);
    }

    std::optional<std::string> read(const std::string& prompt) override {
        prompt_ = prompt;
        int count = 0;
        const char* line = el_gets(editor_, &count);
        if (!line) return std::nullopt;
        std::string text(line, static_cast<std::size_t>(count));
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
        if (!trim(text).empty()) {
            HistEvent event;
            history(history_, &event, H_ENTER, text.c_str());
        }
        return text;
    }
    void set_completions(std::vector<std::string> words) override { words_ = std::move(words); }
    bool interactive() const override { return true; }

  private:
    static EditLineReader* self(EditLine* editor) {
        void* data = nullptr;
        el_get(editor, EL_CLIENTDATA, &data);
        return static_cast<EditLineReader*>(data);
    }
    static char* prompt_of(EditLine* editor) { return self(editor)->prompt_.data(); }

    // Tab: completes the whole line typed so far (names may hold spaces);
    // several matches are listed and their common start inserted.
    static unsigned char on_tab(EditLine* editor, int) {
        EditLineReader* reader = self(editor);
        const LineInfo* info = el_line(editor);
        std::string typed(info->buffer, info->cursor);
        auto matches = complete(typed, reader->words_);
        if (matches.empty()) return CC_REFRESH_BEEP;
        std::string common = matches.front();
        for (const auto& match : matches) {
            std::size_t n = 0;
            while (n < common.size() && n < match.size() &&
                   to_lower(common.substr(n, 1)) == to_lower(match.substr(n, 1)))
                ++n;
            common.resize(n);
        }
        // Replace what was typed, so the completion carries the name's own case.
        el_deletestr(editor, static_cast<int>(typed.size()));
        el_insertstr(editor, common.c_str());
        if (matches.size() > 1) {
            std::fputs("\n", stdout);
            for (const auto& match : matches) std::fprintf(stdout, "  %s\n", match.c_str());
            return CC_REDISPLAY;
        }
        return CC_REFRESH;
    }
    EditLine* editor_;
    History* history_;
    std::string prompt_;
    std::vector<std::string> words_;
};

}  // namespace

std::unique_ptr<LineReader> make_line_reader(std::FILE* in, std::FILE* out) {
    if (::isatty(::fileno(in)) && ::isatty(::fileno(out)))
        return std::make_unique<EditLineReader>(in, out);
    return std::make_unique<StreamReader>(in, out);
}

}  // namespace coyel::cli
