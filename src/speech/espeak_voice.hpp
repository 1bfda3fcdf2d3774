#pragma once
// The laptop's voice: GNU espeak-ng (Debian's libespeak-ng1), loaded when the
// game first speaks, so that coyel starts without it when nobody asks.

#include <memory>
#include <string>

#include "clock.hpp"
#include "coyel/result.hpp"
#include "voice.hpp"

namespace coyel::speech {

enum class Sound {
    loudspeaker,  // played on the machine's sound device
    timed,        // synthesised, then waited for as long as it would play: no
                  // sound, the same timing (tests, and machines without sound)
    instant,      // synthesised, not waited for: a frozen clock's games, in
                  // which no time passes (the transcripts)
};

// A voice for `language` ("en", "fr": a voice espeak-ng ships), or why not.
// espeak-ng keeps one state per process: make one voice at a time. The voice
// tells when each line began on `clock`, and a timed voice waits on it;
// `clock` outlives the voice.
Result<std::unique_ptr<Voice>> espeak_voice(const std::string& language, Sound sound,
                                            const platform::Clock& clock);

}  // namespace coyel::speech
