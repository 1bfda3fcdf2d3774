// The moderator's REPL: shows each call (lines to read aloud, what to do,
// what to answer), takes the table's answers, refuses illegal ones with the
// reason, and saves after every accepted input. No rule lives here: the
// engine decides what is legal and what happened.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "game_clock.hpp"
#include "line_reader.hpp"
#include "save_file.hpp"
#include "script.hpp"

namespace coyel::cli {

struct SessionIo {
    LineReader& reader;
    std::FILE* out;
    std::FILE* err;  // refusals go here when not interactive
    bool colour;
};

class Session {
  public:
    Session(Game game, std::vector<Ballot> pending, std::string path, SessionIo io, GameClock clock,
            FileWriter writer = write_atomically);

    // Runs until the game ends, `quit` or the end of input. Returns the exit code.
    int run();

    // Saves now; false (and the moderator told) when the file cannot be written.
    bool save();

  private:
    struct Command;
    static const std::vector<Command>& commands();

    void show_call();
    std::string prompt() const;
    void refresh_completions();
    void handle(const std::string& line);
    bool run_command(const std::string& line, bool forced);
    void answer(const std::string& text);
    void answer_vote(const std::string& text);
    bool apply(Action action, const std::string& sleep_line = "");
    void check_clock();
    void show_end();
    void finish();

    void say(const std::string& text);       // plain, to the moderator
    void aloud(const std::string& text);     // to read to the table
    void alert(const std::string& text);     // bell on a terminal
    void refuse(const std::string& reason);  // one line; the prompt again
    void refuse_answer(const std::string& reason, const std::string& text);  // + command hint
    std::optional<ActionKind> last_move() const;  // the last input but asides
    std::optional<Seat> next_voter() const;

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

    Game game_;
    std::vector<Ballot> pending_;  // the ballots of the vote being taken
    std::string path_;
    SessionIo io_;
    GameClock clock_;
    FileWriter writer_;
    const Script& script_;
    std::size_t shown_at_ = static_cast<std::size_t>(-1);  // inputs when the call was shown
    int announced_temperature_;
    std::optional<std::chrono::steady_clock::time_point> timer_ends_;  // wall time, see cmd_timer
    bool quit_ = false;
    bool save_failing_ = false;
};

}  // namespace coyel::cli
