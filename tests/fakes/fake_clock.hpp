// The one clock (src/platform/clock.hpp), in memory: time passes only when
// the test moves it, so a table's real durations (a 15-second call, a
// three-minute talk) run in microseconds and every run is the same.
//
// Threads that wait through it (the voice) are sleepers: `advance_to` wakes
// those whose deadline it reaches, and `sleeping()` counts those still
// waiting, so that a test moves time only once every other thread is
// asleep (see settle() in self_table.hpp).
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "clock.hpp"

namespace coyel::test {

class FakeClock final : public platform::Clock {
  public:
    // Starts at `wall` on the wall clock (the epoch by default: two runs
    // stamp the same times), and at steady time zero.
    explicit FakeClock(Wall wall = {}) : wall_origin_(wall) {}

    Steady now() const override {
        std::lock_guard lock(mutex_);
        return now_;
    }
    Wall wall() const override {
        std::lock_guard lock(mutex_);
        return wall_origin_ + std::chrono::duration_cast<Wall::duration>(now_ - Steady{});
    }

    bool wait_until(std::unique_lock<std::mutex>& lock, std::condition_variable& woken,
                    Steady deadline, const std::function<bool()>& done) const override {
        // Shared: a wake-up may still hold it as the sleeper leaves.
        const auto self = std::make_shared<Sleeper>(Sleeper{lock.mutex(), &woken, deadline});
        {
            std::lock_guard guard(mutex_);
            sleepers_.push_back(self);
        }
        for (;;) {
            if (done() || now() >= deadline) break;
            woken.wait(lock);
        }
        std::lock_guard guard(mutex_);
        std::erase(sleepers_, self);
        return done();
    }

    // Moves time on to `moment` (never back), waking the sleepers it reaches.
    void advance_to(Steady moment) {
        std::vector<std::shared_ptr<Sleeper>> due;
        {
            std::lock_guard lock(mutex_);
            now_ = std::max(now_, moment);
            for (const auto& sleeper : sleepers_)
                if (sleeper->deadline <= now_) due.push_back(sleeper);
        }
        // Each under its own mutex, so that a sleeper between its check and its
        // wait cannot miss the news.
        for (const auto& sleeper : due) {
            std::lock_guard lock(*sleeper->mutex);
            sleeper->woken->notify_all();
        }
    }
    void advance(std::chrono::nanoseconds by) { advance_to(now() + by); }

    // The threads waiting for a moment still to come, and the soonest moment.
    std::size_t sleeping() const {
        std::lock_guard lock(mutex_);
        return static_cast<std::size_t>(
            std::count_if(sleepers_.begin(), sleepers_.end(),
                          [&](const auto& sleeper) { return sleeper->deadline > now_; }));
    }
    std::optional<Steady> next_deadline() const {
        std::lock_guard lock(mutex_);
        std::optional<Steady> soonest;
        for (const auto& sleeper : sleepers_)
            if (sleeper->deadline > now_ && (!soonest || sleeper->deadline < *soonest))
                soonest = sleeper->deadline;
        return soonest;
    }

  private:
    struct Sleeper {
        std::mutex* mutex;
        std::condition_variable* woken;
        Steady deadline;
    };
    mutable std::mutex mutex_;
    Steady now_{};
    Wall wall_origin_;
    mutable std::vector<std::shared_ptr<Sleeper>> sleepers_;
};

// A fake clock nobody moves: a session's time stands at the epoch.
inline FakeClock epoch_time;

}  // namespace coyel::test
