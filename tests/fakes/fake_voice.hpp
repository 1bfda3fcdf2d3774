// A voice (src/speech/voice.hpp) that speaks on the fake clock: a line lasts
// as long as espeak-ng would take to read it at its default pace, about 14
// characters a second, and ends early when cut. It keeps what it said.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "fake_clock.hpp"
#include "voice.hpp"

namespace coyel::test {

class FakeVoice final : public speech::Voice {
  public:
    explicit FakeVoice(const FakeClock& clock,
                       std::chrono::milliseconds per_character = std::chrono::milliseconds(70))
        : clock_(clock), per_character_(per_character) {}

    // How long `text` lasts when read whole.
    std::chrono::milliseconds lasts(const std::string& text) const {
        return per_character_ * static_cast<long>(text.size());
    }

    platform::Clock::Steady speak(const std::string& text) override {
        const auto began = clock_.now();
        std::unique_lock lock(mutex_);
        if (++speaking_ > 1) overlapped_ = true;
        said_.push_back(text);
        spoken_.push_back({text, began, began});
        const std::size_t line = spoken_.size() - 1;
        ++begun_;
        asleep_ = true;
        clock_.wait_until(lock, woken_, began + lasts(text), [&] { return cut_; });
        asleep_ = false;
        spoken_[line].ended = clock_.now();
        --speaking_;
        woken_.notify_all();
        return began;
    }
    // Returns once a line being spoken has stopped: the cut is done when a
    // test goes on, as a real voice's would be a moment later.
    void cut() override {
        std::unique_lock lock(mutex_);
        cut_ = true;
        woken_.notify_all();
        const auto line = begun_;  // the line being spoken; the next may begin before we look
        woken_.wait(lock, [&] { return !asleep_ || begun_ != line; });
    }
    void prepare() override {
        std::lock_guard lock(mutex_);
        cut_ = false;
    }

    std::vector<std::string> said() const {
        std::lock_guard lock(mutex_);
        return said_;
    }
    // Each line said, when it began and when it ended (on the fake clock).
    struct Spoken {
        std::string text;
        platform::Clock::Steady began, ended;
    };
    std::vector<Spoken> spoken() const {
        std::lock_guard lock(mutex_);
        return spoken_;
    }
    bool overlapped() const {
        std::lock_guard lock(mutex_);
        return overlapped_;
    }

  private:
    const FakeClock& clock_;
    const std::chrono::milliseconds per_character_;
    mutable std::mutex mutex_;
    std::condition_variable woken_;
    bool cut_ = false;
    bool asleep_ = false;      // in speak(), waiting on the clock
    unsigned long begun_ = 0;  // lines begun
    int speaking_ = 0;
    bool overlapped_ = false;
    std::vector<std::string> said_;
    std::vector<Spoken> spoken_;
};

}  // namespace coyel::test
