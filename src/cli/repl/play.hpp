// Starts the REPL on a game: the terminal, the clock, the save file.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "coyel/game.hpp"
#include "disk.hpp"
#include "game_clock.hpp"
#include "line_reader.hpp"
#include "narrator.hpp"
#include "phones/phone_inbox.hpp"
#include "script.hpp"
#include "store/save_lock.hpp"

namespace coyel::speech {
class Speaker;
}

namespace coyel::cli {

// --speak and --speak-log: the laptop reads the lines marked aloud
// (speech/speaker.hpp), to the loudspeaker, or timed and silent into a log.
struct SpeechFlags {
    bool speak = false;
    std::string log;  // a file: each line read aloud, with when it was due, began, ended
    // A resumed game's: the log goes on after the lines it holds, one line
    // marking where the times start again (README, --speak-log).
    bool resumed = false;
    bool wanted() const { return speak || !log.empty(); }
};

// The voice's log (--speak-log), outliving the speaker that writes it.
using SpeechLog = std::unique_ptr<platform::AppendFile>;

// The laptop's voice as the flags ask, its log made on `disk`; none (said
// on standard error, in one line) if it cannot speak or the log cannot be made.
std::unique_ptr<speech::Speaker> voice_for(const SpeechFlags& speech,
                                           const narration::Script& script, SpeechLog& log,
                                           const GameClock& clock, platform::Disk& disk);

// `new --self`: no moderator (self_play.hpp); each day's talk timer lasts
// `talk` (as the prompt's `timer` takes it: "3", "1:30").
struct SelfFlags {
    bool self = false;
    std::optional<std::string> talk;  // 3 minutes unless given
    std::string talk_or_default() const { return talk.value_or("3"); }
};

// `resume --self` goes on as `new --self` started it (Setup::self_play): the
// talk's length and the voice, unless given again on the command line.
std::pair<SpeechFlags, SelfFlags> as_started(const Setup& setup, const SpeechFlags& speech,
                                             const SelfFlags& self);

// Whether --talk is a length the prompt's `timer` takes, and given with
// --self only; if not, why, on standard error.
bool talk_allowed(const SelfFlags& self, const narration::Narrator& narrator);

// `lock` is the save's (save_lock.hpp), held until the session ends.
// `clear`: the screen may be cleared at dawn and after `status` (not --no-clear).
// `script` narrates (language.hpp). `phones`: the players' phones answer
// the night's calls (--cards phone, served by this coyel). `self`: they
// answer every call, and nobody moderates (the reader is not read).
// `page_address`: where this coyel serves the players' page (--serve).
// Every file is on `disk`.
int play(Game game, const std::string& path, LineReader& reader, SaveLock lock, bool clear,
         const narration::Script& script, const SpeechFlags& speech = {},
         PhoneInbox* phones = nullptr, const SelfFlags& self = {},
         const std::optional<std::string>& page_address = std::nullopt,
         platform::Disk& disk = platform::real_disk());

}  // namespace coyel::cli
