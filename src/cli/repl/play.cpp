#include "play.hpp"

#include <fmt/format.h>

#include <memory>

#include "espeak_voice.hpp"
#include "session.hpp"
#include "speaker.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {
namespace {

struct CloseFile {
    void operator()(std::FILE* file) const { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, CloseFile>;

// espeak-ng's voice for the script's language: "fr-CA" speaks "fr".
std::string voice_language(const narration::Script& script) {
    const std::string& code = script.language();
    return code.substr(0, code.find('-'));
}

// The laptop's speaker as the flags ask, or why it cannot speak.
Result<std::unique_ptr<speech::Speaker>> start_speaker(const SpeechFlags& speech,
                                                       const narration::Script& script,
                                                       FileHandle& log, bool frozen) {
    if (!speech.log.empty()) {
        log.reset(std::fopen(speech.log.c_str(), "w"));
        if (!log) return Error{fmt::format("cannot write {}", speech.log)};
    }
    // A frozen clock (COYEL_FROZEN_CLOCK, the transcripts) lets no time pass.
    const auto output = speech.speak ? speech::Sound::loudspeaker
                        : frozen     ? speech::Sound::instant
                                     : speech::Sound::timed;
    auto voice = speech::espeak_voice(voice_language(script), output);
    if (!voice) return voice.failure();
    return std::make_unique<speech::Speaker>(std::move(*voice), log.get());
}

}  // namespace

int play(Game game, const std::string& path, LineReader& reader, SaveLock lock, bool clear,
         const narration::Script& script, const SpeechFlags& speech, PhoneInbox* phones) {
    const bool colour = reader.interactive() && colour_enabled(stdout);
    GameClock clock = GameClock::from_environment(game.state().clock_s);
    // The speaker outlives the session that hands it lines; the log, the speaker.
    FileHandle log;
    std::unique_ptr<speech::Speaker> speaker;
    if (speech.wanted()) {
        auto started = start_speaker(speech, script, log, clock.frozen());
        if (started)
            speaker = std::move(*started);
        else  // the game goes on, silent
            fmt::print(
                stderr, "{}\n",
                narration::Narrator(script).line(
                    started.failure().reason == "no_sound" ? "speech.no_sound" : "speech.cannot",
                    narration::Args{}.set("why", started.error())));
    }
    Session session(std::move(game), path, SessionIo{reader, stdout, stderr, colour, clear},
                    std::move(clock), write_atomically, script);
    session.hold(std::move(lock));
    if (speaker) session.speak_with(*speaker);
    if (phones) session.answers_from_phones(*phones);
    const int code = session.run();
    // Leaving by choice, the last line (the end) is heard whole; after a
    // signal (a closed terminal, a kill), nothing keeps the process.
    if (speaker && code < 128) speaker->wait_quiet();
    return code;
}

}  // namespace coyel::cli
