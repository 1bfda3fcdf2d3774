// The moderator's REPL: shows each call (lines to read aloud, what to do,
// what to answer), takes the table's answers, refuses illegal ones with the
// reason, and saves after every accepted input. No rule lives here and no
// sentence: the engine decides what is legal and what happened, the
// narrator says it in the script's words.
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "answer.hpp"
#include "coyel/game.hpp"
#include "coyel/save.hpp"
#include "game_clock.hpp"
#include "line_reader.hpp"
#include "narrator.hpp"
#include "store/rescue.hpp"
#include "store/save_file.hpp"
#include "store/save_lock.hpp"
#include "table_gate.hpp"

namespace coyel::cli {

// Where the session's saves go: `game`, to be written to `path`; a failure's
// reason, or nothing. Given a FileWriter, the session passes it the text of
// save_game(game); the fuzz target keeps the game and serialises only the last.
// `live` is what a players' screen needs to tick on (save.hpp).
using GameWriter = std::function<std::optional<std::string>(
    const std::string& path, const Game& game, const std::optional<LiveClock>& live)>;

struct SessionIo {
    LineReader& reader;
    std::FILE* out;
    std::FILE* err;  // refusals go here when not interactive
    bool colour;
    // On a terminal, the screen and its scrollback are cleared at dawn and
    // after `status`, each time after Enter (false: --no-clear).
    bool clear = true;
};

class Session final : private LivePrompt {
  public:
    Session(Game game, std::string path, SessionIo io, GameClock clock,
            FileWriter writer = write_atomically,
            const narration::Script& script = narration::english_script());
    Session(Game game, std::string path, SessionIo io, GameClock clock, GameWriter writer,
            const narration::Script& script = narration::english_script());

    // Runs until `quit`, Enter after the end, the end of input or a signal
    // that asks to leave (signals.hpp). Before leaving, the whole game goes
    // to its file, else to a rescue copy (rescue.hpp), and the output names
    // the one that holds it. Returns the exit code: 128 + the signal's
    // number after one; else 0 when the game's own file holds the whole
    // game, 1 when only a rescue copy does, or nothing.
    int run();

    // Saves now; false (and the moderator told at once) when the file cannot
    // be written. Until a save works again, the game is ahead of its file.
    bool save();
    void stamp_walls();
    std::optional<std::string> write_game(const std::string& to);

    // Where rescue copies may go, in order (rescue_folders() by default).
    void rescue_in(std::vector<RescueFolder> folders) { rescue_folders_ = std::move(folders); }
    // The commands of the prompt with their arguments, in help's order
    // ({"timer", "[LENGTH]"}), for the man page.
    static std::vector<std::pair<std::string_view, std::string_view>> command_list();

    // The lock on the save file (save_lock.hpp). `save AS` adds the new
    // file's and keeps the old one's: resuming the old file would fork the game.
    void hold(SaveLock lock) { locks_.push_back(std::move(lock)); }

  private:
    struct Command;
    static const std::vector<Command>& commands();
    // The command `word` names: its English name or the script's words for it
    // (repl.word.<name>: "annuler"), case and accents aside; else nullptr.
    const Command* command_named(std::string_view word) const;
    // The script's first word for `command` ("aide"), which help and Tab show.
    std::string command_word(const Command& command) const;
    bool is_command(const std::string& text) const;
    // Every word that runs a command, the script's first, then the English names.
    std::vector<std::string> command_words() const;
    // A countdown for the table's talk, on the wall clock of the game
    // clock's time source; it lasts the phase it was started in.
    struct Timer {
        GameClock::TimePoint ends;
        Phase phase;
        int round;
    };
    // The live prompt (line_reader.hpp).
    std::string text() const override;
    std::optional<std::chrono::milliseconds> wake_in() const override;
    std::string on_wake() override;
    std::string on_interrupt() override;
    bool closed() const override;
    void on_suspend(bool stopped) override;

    std::size_t inputs_so_far() const;
    void show_call();
    void show_slapp_call();
    void show_vote_so_far();
    void pass_gate();
    void hold_news_behind_gate();
    void tell_news();
    void show_news();
    void ask_privacy(const std::string& reason_key, std::function<void()> then);
    void show_status();
    void undo_now();
    bool clears() const;
    std::size_t columns() const;
    std::string prompt_status() const;
    void refresh_completions();
    void catch_up_clock();
    void save_reading();
    std::optional<LiveClock> live_clock() const;
    void check_timer();
    std::optional<std::chrono::milliseconds> timer_left() const;
    int finish();
    // Where the whole game is kept as the session ends.
    struct Kept {
        std::string path;
        bool rescued = false;    // a rescue copy: the game's own file could not be written
        bool temporary = false;  // in the temporary folder
        std::string why;         // why the game's own file could not be written
    };
    std::optional<Kept> keep_for_leaving();
    void leave(bool anyway);
    void tell_kept(const Kept& kept);
    void tell_save_failed(const std::string& why);
    void tell_whole(const std::string& text, bool failure);
    void handle(const std::string& line);
    bool run_command(const std::string& line, bool forced);
    void answer(const std::string& text);
    bool apply(Action action);
    void tell(const Result<std::vector<Event>>& applied, const Action& action,
              std::optional<CallId> answered);
    void tell_lines(const std::vector<Event>& events, const Action& action,
                    std::optional<CallId> closed);
    void show_end();
    void tell_roles();

    // Every output goes through write(): into `capture_` while the live
    // prompt asks what to show above it, else to io_.out.
    void write(std::string_view text);
    template <typename Show>
    std::string captured(Show show);
    void show(const std::vector<narration::Line>& lines);
    void say(const std::string& text);              // plain, to the moderator
    void command_line(const std::string& command);  // whole, to copy
    void aloud(const std::string& text);
    std::vector<std::string> quoted(const std::string& text) const;   // to read to the table
    void alert(const std::string& text, bool ring = true);            // bell on a terminal
    void refuse(const std::string& reason);                           // one line; the prompt again
    void refuse_answer(const Error& error, const std::string& text);  // + "did you mean"
    void refuse_clock(const Error& standing);  // pause or resume, before Night 1 or after the end

    // The commands, each a member so they reach the session.
    void cmd_help(const std::string&);
    void cmd_status(const std::string&);
    void cmd_table(const std::string&);
    void cmd_undo(const std::string&);
    void cmd_note(const std::string&);
    void cmd_pause(const std::string&);
    void cmd_resume(const std::string&);
    void cmd_clock(const std::string&);
    void cmd_heat(const std::string&);
    void cmd_timer(const std::string&);
    void cmd_save(const std::string&);
    void cmd_quit(const std::string&);
    void cmd_news(const std::string&);
    void cmd_quit_anyway(const std::string&);
    void point_to_new_file(const std::string& previous);

    Game game_;
    std::string path_;
    SessionIo io_;
    GameClock clock_;
    GameWriter writer_;
    narration::Narrator narrator_;
    AnswerWords words_;  // in the script's language and in English
    std::vector<SaveLock> locks_;
    std::size_t shown_at_ = static_cast<std::size_t>(-1);  // inputs when the call was shown
    int announced_temperature_;
    std::optional<Timer> timer_;
    TableGate gate_;
    std::string* capture_ = nullptr;
    bool end_shown_ = false;
    bool running_before_suspend_ = false;
    bool start_on_enter_ = false;  // a resumed game: its clock waits for Enter or `resume`
    bool quit_ = false;
    bool save_failing_ = false;  // the game in memory is ahead of its file
    std::string failure_told_;   // the reason last told, so that it is told once
    bool leaving_ = false;       // the leaving save is the last one
    std::size_t saves_tried_ = 0;
    std::size_t walls_from_ = 0;  // log entries before this one are not this session's
    std::optional<std::vector<RescueFolder>> rescue_folders_;
    std::optional<Kept> kept_;           // set once the game is kept for leaving
    std::vector<std::string> lost_why_;  // why nothing could be written, if so
};

}  // namespace coyel::cli
