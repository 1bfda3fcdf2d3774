#pragma once
// What reads one line aloud. The speaker (speaker.hpp) decides when and in
// which order; a voice only turns a line into sound, and stops when cut.

#include <string>

#include "clock.hpp"

namespace coyel::speech {

class Voice {
  public:
    virtual ~Voice() = default;
    // Speaks `text` and returns once it has been heard, or once cut() is
    // called from another thread. Returns when the sound began, on the
    // voice's clock (the speaker's log measures from there).
    virtual platform::Clock::Steady speak(const std::string& text) = 0;
    // Stops the line being spoken at once, or the next one before it starts;
    // safe from any thread.
    virtual void cut() = 0;
    // Forgets a cut: the next line is spoken. Called before each line, by the
    // thread that orders them, so that a cut in between is never lost.
    virtual void prepare() = 0;
};

}  // namespace coyel::speech
