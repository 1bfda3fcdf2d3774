#include "game_clock.hpp"

#include <cstdlib>
#include <ctime>

namespace coyel::cli {

GameClock::GameClock(std::int64_t seconds, const platform::Clock& time)
    : time_(&time), origin_(time.now()), wall_origin_(time.wall()), banked_(seconds) {}

GameClock GameClock::from_environment(std::int64_t seconds) {
    const char* frozen = std::getenv("COYEL_FROZEN_CLOCK");
    if (frozen && *frozen) {
        GameClock clock(seconds, platform::frozen_clock());
        clock.frozen_ = true;
        return clock;
    }
    return GameClock(seconds, platform::system_clock());
}

std::int64_t GameClock::seconds() const {
    if (!running_) return banked_;
    return banked_ +
           std::chrono::duration_cast<std::chrono::seconds>(time_->now() - since_).count();
}

void GameClock::set(std::int64_t seconds) {
    banked_ = seconds;
    since_ = time_->now();
}

std::chrono::milliseconds GameClock::until_next_second() const {
    using std::chrono::milliseconds;
    const auto elapsed = std::chrono::duration_cast<milliseconds>(time_->now() - since_).count();
    return milliseconds(1000 - elapsed % 1000);
}

void GameClock::start() {
    if (running_) return;
    since_ = time_->now();
    running_ = true;
}

void GameClock::stop() {
    if (!running_) return;
    banked_ = seconds();
    running_ = false;
}

std::optional<std::int64_t> GameClock::wall_ms(TimePoint moment) const {
    using std::chrono::milliseconds;
    if (frozen_) return std::nullopt;
    const auto wall = wall_origin_ + std::chrono::duration_cast<milliseconds>(moment - origin_);
    return std::chrono::duration_cast<milliseconds>(wall.time_since_epoch()).count();
}

std::optional<std::int64_t> GameClock::wall_ms_of_reading(std::int64_t reading) const {
    if (!running_) return wall_ms(time_->now());
    return wall_ms(since_ + std::chrono::seconds(reading - banked_));
}

std::optional<std::string> GameClock::wall_now() const {
    const auto ms = wall_ms(time_->now());
    if (!ms) return std::nullopt;
    const std::time_t seconds = static_cast<std::time_t>(*ms / 1000);
    std::tm utc{};
    if (!gmtime_r(&seconds, &utc)) return std::nullopt;
    char text[32];
    if (std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc) == 0) return std::nullopt;
    return std::string{text};
}

}  // namespace coyel::cli
