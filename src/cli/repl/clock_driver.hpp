// The clock's driver: the game clock (game_clock.hpp) and the table's timer,
// and the game brought to the clock's reading (SPEC section 6): each degree
// passed logged at its own second, told and saved, the limit's end.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "coyel/game.hpp"
#include "coyel/save.hpp"
#include "game_clock.hpp"
#include "live_reading.hpp"
#include "narrator.hpp"

namespace coyel::cli {

class Output;
class SaveKeeper;

// A timer's length: "3" (minutes), "1:30" or "90s"; nullopt for anything
// else, zero, or longer than the longest timer.
std::optional<int> timer_seconds(std::string_view text);

class ClockDriver final : public LiveReading {
  public:
    // `keeper` saves the reading; it may be built after this driver.
    ClockDriver(GameClock clock, Game& game, Output& out, const narration::Narrator& narrator,
                SaveKeeper& keeper)
        : clock_(std::move(clock)), game_(game), out_(out), narrator_(narrator), keeper_(keeper) {}

    // The clock goes on from the game's reading, from Night 1 on. At a
    // terminal (`interactive`), a resumed game waits for Enter or `resume`.
    void begin(bool interactive);
    GameClock& clock() { return clock_; }
    const GameClock& clock() const { return clock_; }

    // Brings the game to the clock's reading and saves it; `announced` is
    // the temperature the table was told last.
    void catch_up(int announced);
    // The moment an input is stamped with: the clock's reading, which
    // catch_up() has brought the game to (none before the clock may run).
    std::optional<std::int64_t> stamp() const {
        if (!game_.clock_may_run()) return std::nullopt;
        return game_.state().clock_s;
    }
    // A timer lasts the phase it was started in, and rings once at zero.
    void check_timer();
    // After an undo (`undone`; `was_over`: the game had ended): the clock at
    // the game's reading, stopped for the end taken back or the deal,
    // started when an end is taken back and the game goes on, else as it was.
    void follow_undo(const Undone& undone, bool was_over);
    // Ctrl-Z (`stopped`) stops the clock; `fg` starts it again if it ran.
    void suspend(bool stopped, int announced);

    // A resumed game's clock waiting for the moderator's Enter or `resume`.
    bool waits_for_enter() const { return start_on_enter_; }
    // `pause` and `resume`: refused before Night 1 and after the end.
    void pause();
    void resume();
    // `clock`: the reading and the temperature.
    void tell_reading() const;
    // A night or a day that begins while the clock is paused says so once,
    // above its first prompt: a pause kept by mistake is not a whole night's.
    void remind_if_paused();
    // `timer`, `timer 2`, `timer 1:30`, `timer 45s`, `timer off`.
    void timer(const std::string& argument);
    void drop_timer() { timer_.reset(); }
    // With no moderator, the talk's timer stands at its whole length while
    // the voice reads the day's call (held), and runs from when it is heard
    // (released, saved): a short talk never ends before it was heard.
    void hold_timer();
    void release_timer();

    // What a players' screen needs to tick on (save.hpp); none with a
    // frozen clock, whose moments have no wall time.
    std::optional<LiveClock> live() const override;
    std::optional<std::string> wall_now() const override { return clock_.wall_now(); }
    // When the prompt next changes: the clock's second or the timer's.
    std::optional<std::chrono::milliseconds> wake_in() const;
    // The prompt's status: degrees, the next rise, paused, `unsaved`, the timer.
    std::string prompt_status(bool unsaved) const;

  private:
    // A countdown for the table's talk, on the wall clock of the game
    // clock's time source; it lasts the phase it was started in.
    struct Timer {
        GameClock::TimePoint ends;
        std::chrono::seconds length;
        Phase phase;
        int round;
        bool held = false;  // hold_timer
    };
    std::optional<std::chrono::milliseconds> timer_left() const;
    void refuse_clock(const Error& standing) const;

    GameClock clock_;
    Game& game_;
    Output& out_;
    const narration::Narrator& narrator_;
    SaveKeeper& keeper_;
    std::optional<Timer> timer_;
    bool running_before_suspend_ = false;
    std::optional<std::pair<Phase, int>> phase_seen_;  // the night or day last reminded of
    bool start_on_enter_ = false;
};

}  // namespace coyel::cli
