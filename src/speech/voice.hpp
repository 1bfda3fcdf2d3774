#pragma once
// What reads one line aloud. The speaker (speaker.hpp) decides when and in
// which order; a voice only turns a line into sound, and stops when cut.

#include <chrono>
#include <string>

namespace coyel::speech {

class Voice {
  public:
    virtual ~Voice() = default;
    // Speaks `text` and returns once it has been heard, or once cut() is
    // called from another thread. Returns when the sound began (the
    // speaker's log measures from there).
    virtual std::chrono::steady_clock::time_point speak(const std::string& text) = 0;
    // Stops the line being spoken at once, or the next one before it starts;
    // safe from any thread.
    virtual void cut() = 0;
    // Forgets a cut: the next line is spoken. Called before each line, by the
    // thread that orders them, so that a cut in between is never lost.
    virtual void prepare() = 0;
};

}  // namespace coyel::speech
