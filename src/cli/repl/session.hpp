// The moderator's REPL: shows each call (lines to read aloud, what to do,
// what to answer), takes the table's answers, refuses illegal ones with the
// reason, and saves after every accepted input. No rule lives here and no
// sentence: the engine decides what is legal and what happened, the
// narrator says it in the script's words.
//
// The session coordinates its rooms, each with one responsibility: the
// output port (output.hpp), the call on the screen (call_board.hpp), the
// answers' reading (answer_reader.hpp), the
// clock's driver (clock_driver.hpp), the save keeper (save_keeper.hpp), the
// table's gate (table_gate.hpp), the prompt's commands
// (prompt_commands.hpp) and the phones' turns (phone_turns.hpp).
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answer_reader.hpp"
#include "call_board.hpp"
#include "chronicle.hpp"
#include "clock_driver.hpp"
#include "coyel/game.hpp"
#include "game_clock.hpp"
#include "line_reader.hpp"
#include "narrator.hpp"
#include "output.hpp"
#include "phone_turns.hpp"
#include "phones/phone_inbox.hpp"
#include "prompt_commands.hpp"
#include "save_keeper.hpp"
#include "speaker.hpp"
#include "store/rescue.hpp"
#include "store/save_file.hpp"
#include "store/save_lock.hpp"
#include "table_gate.hpp"

namespace coyel::cli {

struct SessionIo {
    LineReader& reader;
    std::FILE* out;  // null: nowhere (nobody moderates)
    std::FILE* err;  // refusals go here when not interactive; null: nowhere
    bool colour;
    // On a terminal, the screen and its scrollback are cleared at dawn and
    // after `status`, each time after Enter (false: --no-clear).
    bool clear = true;
};

class Session final : private LivePrompt, private PromptHost {
  public:
    Session(Game game, std::string path, SessionIo io, GameClock clock,
            FileWriter writer = writer_on(platform::real_disk()),
            const narration::Script& script = narration::english_script());
    // Every file on `disk`: the saves, their locks and the rescue copies.
    Session(Game game, std::string path, SessionIo io, GameClock clock, platform::Disk& disk,
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

    // Where rescue copies may go, in order (rescue_folders() by default).
    void rescue_in(std::vector<RescueFolder> folders) { keeper_.rescue_in(std::move(folders)); }
    // The disk of the locks and the rescue copies (the machine's by default),
    // when a GameWriter writes the saves.
    void use_disk(platform::Disk& disk) { keeper_.use_disk(disk); }

    // The lock on the save file (save_lock.hpp). `save AS` adds the new
    // file's and keeps the old one's: resuming the old file would fork the game.
    void hold(SaveLock lock) { keeper_.hold(std::move(lock)); }

    // The output port: a voice may listen to the lines read aloud.
    Output& output() { return out_; }
    // The laptop reads the lines marked aloud through `speaker` (--speak):
    // Ctrl-C and undo cut it short; say, mute and unmute ask it.
    void speak_with(speech::Speaker& speaker);
    // The players' phones answer the night's calls through `inbox`
    // (--cards phone): each answer is taken as a typed one would be, while
    // its call is still the one expected; the moderator may always type first.
    void answers_from_phones(PhoneInbox& inbox) { phones_.listen_to(inbox); }
    // This coyel serves the players' page at `address` (--serve): `page`
    // and `card` show it again.
    void serves_page_at(std::string address) { commands_.serve_page_at(std::move(address)); }
    // No moderator (`new --self`): nothing waits for an Enter (the screen
    // is the table's, as in a pipe), the phones' answers wait for the voice,
    // and each day's vote opens with a talk timer of `talk` (as `timer`
    // takes it).
    void plays_by_itself(std::string talk);

  private:
    // The verbs of the prompt's commands (prompt_commands.hpp).
    bool apply(Action action) override;
    bool undo() override;
    void leave(bool anyway) override;
    void show_news() override;
    void end_shown_again() override { end_shown_ = false; }

    // The live prompt (line_reader.hpp).
    std::string text() const override;
    std::optional<std::chrono::milliseconds> wake_in() const override;
    const platform::Clock& time() const override { return clock_.clock().time(); }
    int wake_fd() const override { return phones_.fd(); }
    std::string on_wake() override;
    std::string on_interrupt() override;
    bool closed() const override;
    void on_suspend(bool stopped) override;

    void pass_gate();
    void hold_news_behind_gate();
    void tell_news();
    void catch_up_clock() { clock_.catch_up(announced_temperature_); }
    bool read_one();
    int finish();
    bool keep_for_leaving();
    void handle(const std::string& line);
    void answer(const std::string& text);
    void cast_ballot(const std::string& text, std::optional<Seat> player, CallId call);
    void tell(const Result<std::vector<Event>>& applied, const Action& action,
              std::optional<CallId> answered);
    void tell_lines(const std::vector<Event>& events, const Action& action,
                    std::optional<CallId> closed);
    void show_end();
    void tell_roles();

    Game game_;
    SessionIo io_;
    narration::Narrator narrator_;
    narration::TableStory story_;  // the table's, for `news` and the dawn after a clear
    Output out_;
    ClockDriver clock_;
    SaveKeeper keeper_;
    TableGate gate_;
    CallBoard board_;
    PromptCommands commands_;
    AnswerReader answers_;
    PhoneTurns phones_;
    speech::Speaker* speaker_ = nullptr;  // none unless --speak
    int announced_temperature_;
    bool end_shown_ = false;
    bool quit_ = false;
};

}  // namespace coyel::cli
