// The commands of the REPL's prompt (status, undo, note, pause, timer,
// save, quit…): one table drives their dispatch, `help` and tab completion,
// so the three never disagree. A command is found by its English name or
// by the script's words for it (repl.word.<name>: "annuler"), case and
// accents aside.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace coyel {
class Game;
struct Action;
}  // namespace coyel
namespace coyel::narration {
class Narrator;
}
namespace coyel::speech {
class Speaker;
}

namespace coyel::cli {

class Output;
class ClockDriver;
class SaveKeeper;
class TableGate;
class CallBoard;

// What the prompt's commands reach of the session (which implements it):
// its rooms, and the verbs that change several of them at once. Nothing
// else of the session is theirs.
class PromptHost {
  public:
    virtual const Game& game() const = 0;
    virtual const narration::Narrator& narrator() const = 0;
    virtual Output& out() = 0;
    virtual ClockDriver& clock() = 0;
    virtual SaveKeeper& keeper() = 0;
    virtual TableGate& gate() = 0;
    virtual CallBoard& board() = 0;
    virtual speech::Speaker* speaker() = 0;  // none unless --speak

    // An input of the moderator's own (a note, a degree by hand), told and saved.
    virtual bool apply(Action action) = 0;
    // Takes back the last input and brings the clock, the gate and the
    // screen to the game before it; false when there is none.
    virtual bool undo() = 0;
    virtual void leave(bool anyway) = 0;
    virtual void show_news() = 0;
    // Whether Enter clears the screen (a terminal, not --no-clear).
    virtual bool clears() const = 0;
    // A wait takes the end's place: the end is shown again once it passes.
    virtual void end_shown_again() = 0;
    // Where this coyel serves the players' page ("http://192.168.1.20:8080/"),
    // if it does (--serve): what `page` and `card` show again.
    virtual const std::optional<std::string>& page_address() const = 0;

  protected:
    ~PromptHost() = default;
};

class PromptCommands {
  public:
    explicit PromptCommands(PromptHost& session) : s_(session) {}

    // The commands with their arguments, in help's order ({"timer",
    // "[LENGTH]"}), for the man page.
    static std::vector<std::pair<std::string_view, std::string_view>> list();

    // Whether the first word of `text` names a command.
    bool is_command(const std::string& text) const;
    // Every word that runs a command, the script's first, then the English names.
    std::vector<std::string> words() const;
    // Runs `line` if it starts with a command word. `forced` (typed with
    // '/'): an unknown word is refused rather than read as an answer.
    bool run(const std::string& line, bool forced);
    // A line typed at the prompt, taken if it is a command (or refused as
    // one a player's name makes unclear); false: it is an answer.
    bool take(const std::string& line);

    void quit(const std::string& = {});
    void resume(const std::string& = {});

  private:
    struct Command;
    static const std::vector<Command>& table();
    const Command* named(std::string_view word) const;
    // The script's first word for `command` ("aide"), which help and Tab show.
    std::string word_for(const Command& command) const;

    void help(const std::string&);
    void status(const std::string&);
    void table_view(const std::string&);
    void undo(const std::string&);
    void note(const std::string&);
    void pause(const std::string&);
    void clock(const std::string&);
    void heat(const std::string&);
    void timer(const std::string&);
    void save(const std::string&);
    void news(const std::string&);
    void quit_anyway(const std::string&);
    void say_again(const std::string&);
    void mute(const std::string&);
    void unmute(const std::string&);
    void card(const std::string&);
    void page(const std::string&);

    void ask_privacy(const std::string& reason_key, std::function<void()> then);
    void show_status();
    void undo_now();
    void show_card_link(int seat);

    PromptHost& s_;
};

}  // namespace coyel::cli
