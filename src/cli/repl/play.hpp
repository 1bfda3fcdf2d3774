// Starts the REPL on a game: the terminal, the clock, the save file.
#pragma once

#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "line_reader.hpp"
#include "phone_inbox.hpp"
#include "script.hpp"
#include "store/save_lock.hpp"

namespace coyel::cli {

// --speak and --speak-log: the laptop reads the lines marked aloud
// (speech/speaker.hpp), to the loudspeaker, or timed and silent into a log.
struct SpeechFlags {
    bool speak = false;
    std::string log;  // a file: each line read aloud, with when it was due, began, ended
    bool wanted() const { return speak || !log.empty(); }
};

// `lock` is the save's (save_lock.hpp), held until the session ends.
// `clear`: the screen may be cleared at dawn and after `status` (not --no-clear).
// `script` narrates (language.hpp). `phones`: the players' phones answer
// the night's calls (--cards phone, served by this coyel).
int play(Game game, const std::string& path, LineReader& reader, SaveLock lock, bool clear,
         const narration::Script& script, const SpeechFlags& speech = {},
         PhoneInbox* phones = nullptr);

}  // namespace coyel::cli
