// The one clock every part of coyel that lives in time reads: the game
// clock, the talk timer, the voice, the phones' calls and the players'
// screens. Steady time measures how long things last; wall time stamps the
// log and tells a players' screen in another process when a reading was
// taken. Anything that waits for a moment waits through it, so that the tests
// can put a fake in its place (tests/fakes/fake_clock.hpp) and run a table's
// real durations, a 15-second call among them, in microseconds.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

namespace coyel::platform {

class Clock {
  public:
    using Steady = std::chrono::steady_clock::time_point;
    using Wall = std::chrono::system_clock::time_point;

    virtual ~Clock() = default;
    virtual Steady now() const = 0;
    virtual Wall wall() const = 0;
    // Waits on `woken` (with `lock` held, as condition_variable::wait does)
    // until `done()` or until `deadline` on this clock; returns done(). Whoever
    // makes done() true notifies `woken` while holding the lock's mutex.
    virtual bool wait_until(std::unique_lock<std::mutex>& lock, std::condition_variable& woken,
                            Steady deadline, const std::function<bool()>& done) const = 0;

    // Milliseconds since the Unix epoch, of wall time.
    std::int64_t unix_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(wall().time_since_epoch())
            .count();
    }
};

// The machine's clocks.
class SystemClock final : public Clock {
  public:
    Steady now() const override { return std::chrono::steady_clock::now(); }
    Wall wall() const override { return std::chrono::system_clock::now(); }
    bool wait_until(std::unique_lock<std::mutex>& lock, std::condition_variable& woken,
                    Steady deadline, const std::function<bool()>& done) const override {
        return woken.wait_until(lock, deadline, done);
    }
};

inline const Clock& system_clock() {
    static const SystemClock clock;
    return clock;
}

// A clock at which no time passes (COYEL_FROZEN_CLOCK: the golden
// transcripts): every reading is the epoch's, and nothing waits.
class FrozenClock final : public Clock {
  public:
    Steady now() const override { return {}; }
    Wall wall() const override { return {}; }
    bool wait_until(std::unique_lock<std::mutex>&, std::condition_variable&, Steady,
                    const std::function<bool()>& done) const override {
        return done();
    }
};

inline const Clock& frozen_clock() {
    static const FrozenClock clock;
    return clock;
}

}  // namespace coyel::platform
