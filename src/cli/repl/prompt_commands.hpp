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

// The verbs of the prompt's commands that change the game and several
// rooms at once: the session's (which implements them). Everything else
// a command reads or drives is a room, lent once (PromptCommands' constructor).
class PromptHost {
  public:
    // An input of the moderator's own (a note, a degree by hand), told and saved.
    virtual bool apply(Action action) = 0;
    // Takes back the last input and brings the clock, the gate and the
    // screen to the game before it; false when there is none.
    virtual bool undo() = 0;
    // `quit`: the session ends once the whole game is kept, else says so
    // and goes on; `quit!` (anyway) ends it all the same.
    virtual void leave(bool anyway) = 0;
    // What the table was told last, again.
    virtual void show_news() = 0;
    // A wait takes the end's place: the end is shown again once it passes.
    virtual void end_shown_again() = 0;

  protected:
    ~PromptHost() = default;
};

class PromptCommands {
  public:
    // The session's rooms, lent for its life: what the commands read and drive.
    PromptCommands(const Game& game, const narration::Narrator& narrator, Output& out,
                   ClockDriver& clock, SaveKeeper& keeper, TableGate& gate, CallBoard& board,
                   PromptHost& host)
        : game_(game),
          narrator_(narrator),
          out_(out),
          clock_(clock),
          keeper_(keeper),
          gate_(gate),
          board_(board),
          host_(host) {}

    // The laptop's voice (--speak): `say`, `mute` and `unmute` ask it, `undo` cuts it.
    void speak_with(speech::Speaker& speaker) { speaker_ = &speaker; }
    // Where this coyel serves the players' page ("http://192.168.1.20:8080/"),
    // with --serve: what `page` and `card` show again.
    void serve_page_at(std::string address) { page_address_ = std::move(address); }

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
    bool hide_on_enter(const char* prompt_key);

    const Game& game_;
    const narration::Narrator& narrator_;
    Output& out_;
    ClockDriver& clock_;
    SaveKeeper& keeper_;
    TableGate& gate_;
    CallBoard& board_;
    PromptHost& host_;
    speech::Speaker* speaker_ = nullptr;       // none unless --speak
    std::optional<std::string> page_address_;  // none unless --serve
};

}  // namespace coyel::cli
