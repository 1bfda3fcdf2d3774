#include "play.hpp"

#include <fmt/format.h>

#include <memory>

#include "clock_driver.hpp"
#include "coyel/save.hpp"
#include "espeak_voice.hpp"
#include "self_play.hpp"
#include "session.hpp"
#include "speaker.hpp"
#include "store/save_file.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {
namespace {

// espeak-ng's voice for the script's language: "fr-CA" speaks "fr".
std::string voice_language(const narration::Script& script) {
    const std::string& code = script.language();
    return code.substr(0, code.find('-'));
}

// The voice's log: a new game's starts empty; a resumed game's goes on
// after the lines it holds, from a line that marks the resume (each line's
// times count from its own run's voice, so they start again from 0 there).
platform::AppendStart open_log(const SpeechFlags& speech, platform::Disk& disk) {
    if (!speech.resumed) return disk.start_appending(speech.log);
    // Read only a file (a log on /dev/stderr would wait for the keyboard).
    const auto was = disk.info(speech.log);
    const bool holds_lines = was.kind == platform::FileInfo::Kind::file && was.size > 0;
    const auto kept = holds_lines ? disk.read(speech.log) : platform::FileText{};
    auto started = disk.keep_appending(speech.log);
    if (started.file && kept.text && !kept.text->empty()) {
        // A line cut short (a full disk) is ended first: the mark is a line of its own.
        const bool cut = kept.text->back() != '\n';
        (void)started.file->append(cut ? "\n{\"resumed\":true}\n" : "{\"resumed\":true}\n");
    }
    return started;
}

// The laptop's speaker as the flags ask, or why it cannot speak.
Result<std::unique_ptr<speech::Speaker>> start_speaker(const SpeechFlags& speech,
                                                       const narration::Script& script,
                                                       SpeechLog& log, const GameClock& clock,
                                                       platform::Disk& disk) {
    if (!speech.log.empty()) {
        auto started = open_log(speech, disk);
        if (!started.file)
            return write_failure(platform::WriteFailure{"write", speech.log, started.error});
        log = std::move(started.file);
    }
    // A frozen clock (COYEL_FROZEN_CLOCK, the transcripts) lets no time pass.
    const auto output = speech.speak     ? speech::Sound::loudspeaker
                        : clock.frozen() ? speech::Sound::instant
                                         : speech::Sound::timed;
    auto voice = speech::espeak_voice(voice_language(script), output, clock.time());
    if (!voice) return voice.failure();
    return std::make_unique<speech::Speaker>(std::move(*voice), log.get(), clock.time());
}

}  // namespace

std::unique_ptr<speech::Speaker> voice_for(const SpeechFlags& speech,
                                           const narration::Script& script, SpeechLog& log,
                                           const GameClock& clock, platform::Disk& disk) {
    if (!speech.wanted()) return nullptr;
    auto started = start_speaker(speech, script, log, clock, disk);
    if (started) return std::move(*started);
    const narration::Narrator narrator(script);
    fmt::print(
        stderr, "{}\n",  // the game goes on, silent
        narrator.line(started.failure().reason == "no_sound" ? "speech.no_sound" : "speech.cannot",
                      narration::Args{}.set("why", narrator.refusal(started.failure()))));
    return nullptr;
}

std::pair<SpeechFlags, SelfFlags> as_started(const Setup& setup, const SpeechFlags& speech,
                                             const SelfFlags& self) {
    std::pair<SpeechFlags, SelfFlags> flags{speech, self};
    if (!self.self || !setup.self_play) return flags;
    if (!self.talk) flags.second.talk = setup.self_play->talk;
    if (!speech.wanted()) flags.first = {setup.self_play->speak, setup.self_play->speak_log};
    return flags;
}

bool talk_allowed(const SelfFlags& self, const narration::Narrator& narrator) {
    if (!self.talk || (self.self && timer_seconds(*self.talk))) return true;
    fmt::print(stderr, "{}\n",
               narrator.line(self.self ? "self.talk_usage" : "self.talk_needs_self"));
    return false;
}

int play(Game game, const std::string& path, LineReader& reader, SaveLock lock, bool clear,
         const narration::Script& script, const SpeechFlags& speech, PhoneInbox* phones,
         const SelfFlags& self, const std::optional<std::string>& page_address,
         platform::Disk& disk) {
    GameClock clock = GameClock::from_environment(game.state().clock_s);
    // The speaker outlives the session that hands it lines; the log, the speaker.
    SpeechLog log;
    SpeechFlags voice = speech;
    voice.speak = voice.speak || (self.self && voice.log.empty());  // nobody else reads the calls
    std::unique_ptr<speech::Speaker> speaker = voice_for(voice, script, log, clock, disk);
    // With no moderator their lines go nowhere: the screen is the table's.
    const narration::Narrator narrator(script);
    TableScreen table(narrator, speaker.get(), clock.time());
    SelfReader by_itself(table);
    const SessionIo io = self.self
                             ? SessionIo{by_itself, nullptr, nullptr, false, false}
                             : SessionIo{reader, stdout, stderr,
                                         reader.interactive() && colour_enabled(stdout), clear};
    // Each save written from the lines kept since the last (SaveWriter): an
    // input's save costs that input, not the whole log.
    GameWriter writer = [&table, &self, written = writing_text(writer_on(disk))](
                            const std::string& to, const Game& saved,
                            const std::optional<LiveClock>& live) {
        auto failed = written(to, saved, live);
        if (self.self) table.saved(saved, live);
        return failed;
    };
    Session session(std::move(game), path, io, std::move(clock), std::move(writer), script);
    session.use_disk(disk);
    session.hold(std::move(lock));
    if (speaker) session.speak_with(*speaker);
    if (phones) session.answers_from_phones(*phones);
    if (page_address) session.serves_page_at(*page_address);
    if (self.self) {
        session.plays_by_itself(self.talk_or_default());
        by_itself.enter();
    }
    const int code = session.run();
    by_itself.leave();
    if (self.self)  // the session's own word on it went nowhere; this is no secret
        print_wrapped(
            stdout,
            narrator.line(
                "self.kept",
                narration::Args{}.set("path", path).set("over", table.over() ? "yes" : "no")));
    // Leaving by choice, the last line (the end) is heard whole; after a
    // signal (a closed terminal, a kill), nothing keeps the process.
    if (speaker && code < 128) speaker->wait_quiet();
    return code;
}

}  // namespace coyel::cli
