// The active game clock (SPEC section 6): runs from Night 1 on, stops while
// paused, during the deal and while the program is closed.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "clock.hpp"

namespace coyel::cli {

class GameClock {
  public:
    using TimePoint = platform::Clock::Steady;

    // Starts stopped at `seconds`, on `time` (platform/clock.hpp: the
    // machine's, or a test's fake), which outlives it.
    GameClock(std::int64_t seconds, const platform::Clock& time);

    // On the machine's clock, or frozen in place when COYEL_FROZEN_CLOCK is
    // set (scripts, tests).
    static GameClock from_environment(std::int64_t seconds);

    std::int64_t seconds() const;
    bool running() const { return running_; }
    // COYEL_FROZEN_CLOCK's: it never moves, so nothing waits on it.
    bool frozen() const { return frozen_; }
    void start();
    void stop();
    // Puts the clock at `seconds`, running or not as it was.
    void set(std::int64_t seconds);
    // While running: how long until seconds() next changes.
    std::chrono::milliseconds until_next_second() const;
    // The time source's reading: the session's timers count on it, so a
    // frozen clock freezes them too.
    TimePoint now() const { return time_->now(); }
    // The time source itself, for whatever else waits on the game's time.
    const platform::Clock& time() const { return *time_; }
    // The Unix time, in milliseconds, of `moment` on this clock's time
    // source (the system clock's reading at construction, moved on as the
    // source moved); nullopt for a frozen clock, whose moments have none.
    std::optional<std::int64_t> wall_ms(TimePoint moment) const;
    // When the clock read `reading`: the start of that second while running,
    // now while stopped. For a players' screen to tick on from a save.
    std::optional<std::int64_t> wall_ms_of_reading(std::int64_t reading) const;
    // Now as a log entry's `wall`: ISO 8601 in UTC to the second
    // ("2026-12-01T20:15:03Z"); nullopt for a frozen clock, so that scripts
    // and tests with one write the same save every time.
    std::optional<std::string> wall_now() const;

  private:
    const platform::Clock* time_;
    // The time source's reading at construction, when its wall clock read
    // wall_origin_: wall times are told from there, steady as the game goes.
    TimePoint origin_{};
    platform::Clock::Wall wall_origin_{};
    std::int64_t banked_ = 0;  // seconds counted before the current run
    TimePoint since_{};
    bool running_ = false;
    bool frozen_ = false;
};

}  // namespace coyel::cli
