#include "game_clock.hpp"

#include <cstdlib>

namespace coyel::cli {

GameClock::GameClock(std::int64_t seconds, Now now) : now_(std::move(now)), banked_(seconds) {}

GameClock GameClock::from_environment(std::int64_t seconds) {
    const char* frozen = std::getenv("COYEL_FROZEN_CLOCK");
    if (frozen && *frozen) return GameClock(seconds, [] { return TimePoint{}; });
    return GameClock(seconds);
}

std::int64_t GameClock::seconds() const {
    if (!running_) return banked_;
    return banked_ + std::chrono::duration_cast<std::chrono::seconds>(now_() - since_).count();
}

void GameClock::set(std::int64_t seconds) {
    banked_ = seconds;
    since_ = now_();
}

std::chrono::milliseconds GameClock::until_next_second() const {
    using std::chrono::milliseconds;
    const auto elapsed = std::chrono::duration_cast<milliseconds>(now_() - since_).count();
    return milliseconds(1000 - elapsed % 1000);
}

void GameClock::start() {
    if (running_) return;
    since_ = now_();
    running_ = true;
}

void GameClock::stop() {
    if (!running_) return;
    banked_ = seconds();
    running_ = false;
}

}  // namespace coyel::cli
