// The laptop's speaker (issue 39): lines spoken in the order handed over,
// never two at once, each starting within 200 ms of its moment; cut, repeat
// and mute; and espeak-ng's own voice, timed as it would sound.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "espeak_voice.hpp"
#include "speaker.hpp"

using namespace coyel::speech;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

// A voice that takes `lasts` a line (or until cut) and counts the lines it
// holds at once.
class FakeVoice final : public Voice {
  public:
    explicit FakeVoice(std::chrono::milliseconds lasts) : lasts_(lasts) {}
    Clock::time_point speak(const std::string& text) override {
        const auto began = Clock::now();
        if (++speaking_ > 1) overlapped_ = true;
        {
            std::unique_lock lock(mutex_);
            spoken_.push_back(text);
            woken_.wait_until(lock, began + lasts_, [&] { return cut_; });
        }
        --speaking_;
        return began;
    }
    void cut() override {
        {
            std::lock_guard lock(mutex_);
            cut_ = true;
        }
        woken_.notify_all();
    }
    void prepare() override {
        std::lock_guard lock(mutex_);
        cut_ = false;
    }
    std::vector<std::string> spoken() {
        std::lock_guard lock(mutex_);
        return spoken_;
    }
    bool overlapped() const { return overlapped_; }

  private:
    const std::chrono::milliseconds lasts_;
    std::mutex mutex_;
    std::condition_variable woken_;
    bool cut_ = false;
    std::vector<std::string> spoken_;
    std::atomic<int> speaking_ = 0;
    std::atomic<bool> overlapped_ = false;
};

// The speaker's log, read back.
std::vector<nlohmann::json> read_log(std::FILE* log) {
    std::rewind(log);
    std::vector<nlohmann::json> entries;
    char line[4096];
    while (std::fgets(line, sizeof line, log)) entries.push_back(nlohmann::json::parse(line));
    return entries;
}

}  // namespace

TEST_CASE("the speaker says lines in the order handed over, one at a time") {
    auto owned = std::make_unique<FakeVoice>(30ms);
    FakeVoice& voice = *owned;
    std::FILE* log = std::tmpfile();
    Speaker speaker(std::move(owned), log);  // owns the voice: kept to the end
    for (const char* line : {"Night 1 falls.", "Carbon emissions, open your eyes.",
                             "Carbon emissions, close your eyes."})
        speaker.say(line);
    speaker.wait_quiet();
    CHECK(voice.spoken() == std::vector<std::string>{"Night 1 falls.",
                                                     "Carbon emissions, open your eyes.",
                                                     "Carbon emissions, close your eyes."});
    CHECK_FALSE(voice.overlapped());
    const auto entries = read_log(log);
    REQUIRE(entries.size() == 3);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        CHECK_FALSE(entries[i]["cut"].get<bool>());
        if (i > 0) CHECK(entries[i]["start_ms"] >= entries[i - 1]["end_ms"]);  // no overlap
    }
    // The first is due when nothing is said: it starts at once.
    CHECK(entries[0]["start_ms"].get<long>() - entries[0]["due_ms"].get<long>() <= 200);
    std::fclose(log);
}

TEST_CASE("a cut stops the line being said and drops those waiting, and say repeats the last") {
    auto owned = std::make_unique<FakeVoice>(10s);  // long: only a cut ends it
    FakeVoice& voice = *owned;
    std::FILE* log = std::tmpfile();
    Speaker speaker(std::move(owned), log);
    speaker.say("Everyone, close your eyes.");
    speaker.say("The NGO, open your eyes.");
    while (voice.spoken().empty()) std::this_thread::yield();
    const auto cut_at = Clock::now();
    speaker.cut();
    speaker.wait_quiet();
    CHECK(Clock::now() - cut_at < 1s);
    CHECK(voice.spoken() == std::vector<std::string>{"Everyone, close your eyes."});
    auto entries = read_log(log);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0]["cut"].get<bool>());

    speaker.repeat();  // `say`: the last line handed over, again
    while (voice.spoken().size() < 2) std::this_thread::yield();
    speaker.cut();
    speaker.wait_quiet();
    CHECK(voice.spoken().back() == "The NGO, open your eyes.");
    std::fclose(log);
}

TEST_CASE("a mark is heard once every line handed over before it is said, cut or dropped") {
    auto owned = std::make_unique<FakeVoice>(10s);  // long: only a cut ends a line
    FakeVoice& voice = *owned;
    Speaker speaker(std::move(owned));
    CHECK(speaker.heard(speaker.handed()));  // nothing handed over yet
    speaker.say("Everyone, close your eyes.");
    speaker.say("The NGO, open your eyes.");
    const auto mark = speaker.handed();
    CHECK(mark == 2);
    while (voice.spoken().empty()) std::this_thread::yield();
    CHECK_FALSE(speaker.heard(1));
    CHECK_FALSE(speaker.heard(mark));
    speaker.cut();  // the first line cut, the second dropped
    speaker.wait_quiet();
    CHECK(speaker.heard(mark));
    speaker.say("Everyone, open your eyes.");
    CHECK_FALSE(speaker.heard(speaker.handed()));
    CHECK(speaker.heard(mark));
    speaker.cut();
}

// With no moderator the session waits on a descriptor, not on the voice: the
// voice falling quiet must wake it, once a batch of lines is done, and it
// must find the voice quiet then (a wake before that is a game stuck).
TEST_CASE("the speaker calls on_quiet once its last line is done and is quiet by then") {
    auto owned = std::make_unique<FakeVoice>(10s);  // long: only a cut ends a line
    FakeVoice& voice = *owned;
    Speaker speaker(std::move(owned));
    std::atomic<int> calls = 0;
    std::atomic<bool> quiet_when_called = true;
    speaker.on_quiet([&] {
        if (!speaker.quiet()) quiet_when_called = false;
        ++calls;
    });
    speaker.say("Players, elect a mayor.");
    speaker.say("The mayor's vote counts for two.");
    while (voice.spoken().empty()) std::this_thread::yield();
    voice.cut();  // the first line ends; the second is still to say
    while (voice.spoken().size() < 2) std::this_thread::yield();
    CHECK(calls == 0);
    voice.cut();  // the last line ends
    const auto until = Clock::now() + 5s;
    while (calls == 0 && Clock::now() < until) std::this_thread::yield();
    CHECK(calls == 1);
    CHECK(quiet_when_called);
    CHECK(speaker.quiet());
}

TEST_CASE("muted, the speaker says nothing, and unmuted it goes on") {
    auto owned = std::make_unique<FakeVoice>(5ms);
    FakeVoice& voice = *owned;
    Speaker speaker(std::move(owned));
    speaker.set_muted(true);
    speaker.say("Night 2 falls.");
    speaker.repeat();
    speaker.wait_quiet();
    CHECK(voice.spoken().empty());
    speaker.set_muted(false);
    speaker.repeat();
    speaker.say("Everyone, open your eyes.");
    speaker.wait_quiet();
    CHECK(voice.spoken() ==
          std::vector<std::string>{"Night 2 falls.", "Everyone, open your eyes."});
}

TEST_CASE("espeak-ng speaks English and French, timed as the sound would last") {
    for (const char* language : {"en", "fr"}) {
        auto voice = espeak_voice(language, Sound::timed);
        REQUIRE(voice.ok());
        const auto before = Clock::now();
        const auto began = (*voice)->speak(std::string(language) == "fr"
                                               ? "La deuxième nuit tombe sur Coyel Heaven."
                                               : "Night two falls on Coyel Heaven.");
        const auto lasted = Clock::now() - began;
        CHECK(began - before < 200ms);
        CHECK(lasted > 1s);  // a sentence, as long as it sounds
        CHECK(lasted < 6s);
    }
}

TEST_CASE("espeak-ng's voice stops at a cut, within a tenth of a second") {
    auto voice = espeak_voice("en", Sound::timed);
    REQUIRE(voice.ok());
    Voice& speaking = **voice;
    std::atomic<Clock::rep> cut_at{0};
    std::thread cutter([&] {
        std::this_thread::sleep_for(300ms);  // the cut comes mid-sentence, as a Ctrl-C would
        cut_at = Clock::now().time_since_epoch().count();
        speaking.cut();
    });
    (void)speaking.speak(
        "Discuss, then vote: who should leave Coyel Heaven? You have five minutes.");
    const auto stopped = Clock::now();
    cutter.join();
    // Stopped by the cut (the sentence lasts over four seconds), soon after it.
    REQUIRE(cut_at != 0);
    const auto after_cut = stopped - Clock::time_point(Clock::duration(cut_at.load()));
    CHECK(after_cut >= 0ms);
    CHECK(after_cut < 100ms);
}

TEST_CASE("espeak-ng refuses a language it has no voice for") {
    auto voice = espeak_voice("xx-not-a-language", Sound::timed);
    REQUIRE_FALSE(voice.ok());
    CHECK(voice.error().find("no voice") != std::string::npos);
}
