// A game with no moderator (`coyel new --self`) at the table's real pace, on
// the fake clock: the session, its voice (a fake that lasts as espeak-ng
// would), the phones' relay with the real 15-second floor and the pages'
// one-second poll, and the players' phones played by test code, each
// polling and tapping as a person would. Time moves only once every part
// is waiting, to the soonest moment one of them waits for, so a whole game
// runs in milliseconds and the same way every time.
//
// Every phone's traffic is kept (what it asked, when, and how many bytes
// came back), and every line the voice read, so that twin games can be
// held to the same requests, sizes, rounds and voice.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "../fakes/fake_clock.hpp"
#include "../fakes/fake_voice.hpp"
#include "capture.hpp"
#include "coyel/save.hpp"
#include "phones/phone_relay.hpp"
#include "repl/self_play.hpp"
#include "repl/session.hpp"
#include "speaker.hpp"

namespace coyel::test {

using namespace std::chrono_literals;

// What a player does with their phone's view: the entry to tap (its words,
// as the phone shows them), or nullopt to tap nothing yet.
using PhonePlayer = std::function<std::optional<std::string>(Seat seat, const nlohmann::json&)>;

// One thing a phone did, as the wire would show it.
struct PhoneRequest {
    std::int64_t at_ms = 0;  // on the fake clock, from the start
    Seat seat = 0;
    std::string what;       // "poll", or "done" with the answer's status
    std::size_t bytes = 0;  // of the answer
    std::string shown;      // a poll's call heading, or "out" (empty: no call)
    std::string note;       // a poll's note to this phone (an election tied)
    bool operator==(const PhoneRequest&) const = default;
};

class SelfTable {
  public:
    // `game` as dealt; each day's talk lasts `talk` (as --talk takes it).
    SelfTable(Game game, PhonePlayer player, std::string talk = "3")
        : player_(std::move(player)),
          players_(game.player_count()),
          voice_(new FakeVoice(clock_)),
          speaker_(std::unique_ptr<speech::Voice>(voice_), nullptr, clock_),
          relay_(narrator_, inbox_, clock_),
          screen_(narrator_, &speaker_, clock_),
          reader_(*this),
          session_(std::move(game), "self.json",
                   cli::SessionIo{reader_, moderator_.file, moderator_.file, false, false},
                   cli::GameClock(0, clock_),
                   cli::GameWriter{[this](const std::string&, const Game& saved,
                                          const std::optional<LiveClock>& live) {
                       saves_.push_back({saved, live});
                       screen_.saved(saved, live);
                       return Refusal{};
                   }}) {
        session_.speak_with(speaker_);
        session_.answers_from_phones(inbox_);
        session_.plays_by_itself(std::move(talk));
        phones_.resize(static_cast<std::size_t>(players_));
        for (std::size_t seat = 0; seat < phones_.size(); ++seat)
            phones_[seat].next_poll = platform::Clock::Steady{} + 50ms * static_cast<long>(seat);
    }

    // Plays until the game is over and its end is heard, or `longest` of
    // the table's time has passed (then the test fails).
    void play(std::chrono::minutes longest = std::chrono::minutes(120)) {
        longest_ = platform::Clock::Steady{} + longest;
        session_.run();
        speaker_.wait_quiet();
    }
    // Plays until a save makes `stop` true, then leaves as a killed coyel
    // would: what was saved stays, the voice stops where it was.
    void play_until(std::function<bool(const Game&)> stop) {
        stop_ = std::move(stop);
        longest_ = platform::Clock::Steady{} + std::chrono::minutes(120);
        session_.run();
    }

    const Game& last() const { return saves_.back().game; }
    std::chrono::milliseconds elapsed() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(clock_.now() -
                                                                     platform::Clock::Steady{});
    }
    const std::vector<PhoneRequest>& requests() const { return requests_; }
    // What `seat`'s phone shows now.
    nlohmann::json poll(Seat seat) { return nlohmann::json::parse(relay_.poll(seat)); }
    std::vector<std::string> said() const { return voice_->said(); }
    std::vector<FakeVoice::Spoken> spoken() const { return voice_->spoken(); }
    // Each screen the laptop showed face up, in order, repeats left out.
    const std::vector<std::string>& screens() const { return screens_; }
    std::string moderator_lines() { return moderator_.text(); }
    FakeClock& clock() { return clock_; }

  private:
    struct Phone {
        platform::Clock::Steady next_poll{};
        std::optional<platform::Clock::Steady> tap_at;
        nlohmann::json shown;
        std::string tapped_nonce;  // the nonce of the last Done sent
    };
    struct Saved {
        Game game;
        std::optional<LiveClock> live;
    };

    // The session's reader: between two wake-ups of the prompt, the world
    // goes on (the voice, the relay, the phones) and time moves.
    class Driver final : public cli::LineReader {
      public:
        explicit Driver(SelfTable& table) : table_(table) {}
        std::optional<std::string> read(const std::string&) override { return "yes"; }
        std::optional<std::string> read_live(cli::LivePrompt& prompt) override {
            return table_.run_until_closed(prompt);
        }
        bool interactive() const override { return false; }

      private:
        SelfTable& table_;
    };

    std::optional<std::string> run_until_closed(cli::LivePrompt& prompt);
    void settle() const;
    void follow_saves();
    void play_phones();
    void play_phone(Seat seat);
    void show_screen();
    void trace(platform::Clock::Steady next) const;
    std::optional<platform::Clock::Steady> next_moment(cli::LivePrompt& prompt) const;

    FakeClock clock_;
    narration::Narrator narrator_{narration::english_script()};
    PhonePlayer player_;
    int players_;
    FakeVoice* voice_;  // owned by the speaker
    speech::Speaker speaker_;
    cli::PhoneInbox inbox_;
    cli::PhoneRelay relay_;
    cli::TableScreen screen_;
    Capture moderator_;
    Driver reader_;
    std::vector<Saved> saves_;
    std::size_t followed_ = 0;
    std::vector<Phone> phones_;
    std::vector<PhoneRequest> requests_;
    std::vector<std::string> screens_;
    platform::Clock::Steady longest_{};
    std::function<bool(const Game&)> stop_;  // play_until
    cli::Session session_;
};

// --- The world between two wake-ups ----------------------------------------

inline std::optional<std::string> SelfTable::run_until_closed(cli::LivePrompt& prompt) {
    for (;;) {
        settle();
        (void)prompt.on_wake();  // the clock, the timer, the phones' answers
        settle();
        show_screen();
        if (prompt.closed()) return std::nullopt;
        if (last().over() && speaker_.quiet()) return "quit";  // the table has heard the end
        if (stop_ && stop_(last())) return "quit";
        follow_saves();
        relay_.step();
        play_phones();
        if (!inbox_.waiting()) {
            const auto next = next_moment(prompt);
            if (!next) FAIL("nothing is left to wait for: the game is stuck");
            if (*next > longest_) FAIL("the game outlasted its longest time");
            trace(*next);
            clock_.advance_to(*next);
        }
    }
}

// Waits (in real time, briefly) until the voice's thread is asleep on the
// fake clock or has nothing to say: only then may time move.
inline void SelfTable::settle() const {
    const auto give_up = std::chrono::steady_clock::now() + 10s;
    while (!speaker_.quiet() && clock_.sleeping() == 0) {
        if (std::chrono::steady_clock::now() > give_up) FAIL("the voice never settled");
        std::this_thread::yield();
    }
}

// The relay follows every save the session made since the last look, as
// the server's follower would (it may skip some: it reads the newest).
inline void SelfTable::follow_saves() {
    if (followed_ == saves_.size()) return;
    followed_ = saves_.size();
    relay_.follow(saves_.back().game, saves_.back().live);
}

inline void SelfTable::play_phones() {
    for (Seat seat = 0; seat < players_; ++seat) play_phone(seat);
}

// A phone polls once a second; a person taps a few seconds after a new
// call shows (a little later the further round the table), whoever they are.
inline void SelfTable::play_phone(Seat seat) {
    Phone& phone = phones_[static_cast<std::size_t>(seat)];
    const auto now = clock_.now();
    const auto at_ms = [&] { return elapsed().count(); };
    if (phone.tap_at && *phone.tap_at <= now) {
        phone.tap_at.reset();
        const auto chosen = player_(seat, phone.shown);
        const auto& words = phone.shown["choices"];
        for (std::size_t index = 0; chosen && index < words.size(); ++index) {
            if (words[index] != *chosen) continue;
            const std::string nonce = phone.shown["nonce"];
            const auto posted = relay_.post(seat, nonce, index);
            // A refused pick keeps the call's nonce: the player taps again.
            if (posted != cli::PhoneDesk::Posted::bad) phone.tapped_nonce = nonce;
            requests_.push_back(
                {at_ms(), seat, "done " + std::to_string(static_cast<int>(posted)), 0, "", ""});
            break;
        }
    }
    if (phone.next_poll > now) return;
    phone.next_poll = now + cli::phone_poll_every;
    const std::string body = relay_.poll(seat);
    phone.shown = nlohmann::json::parse(body);
    requests_.push_back({at_ms(), seat, "poll", body.size(),
                         phone.shown.contains("out") ? "out" : phone.shown.value("call", ""),
                         phone.shown.value("note", "")});
    const bool asked = phone.shown.contains("choices") && !phone.shown["choices"].empty() &&
                       !phone.shown["done"].get<bool>();
    if (asked && !phone.tap_at && phone.shown["nonce"] != phone.tapped_nonce)
        phone.tap_at = now + 3s + 400ms * static_cast<long>(seat);
}

// COYEL_SELF_TRACE=1: each step of time on standard error, to see where a game stands.
inline void SelfTable::trace(platform::Clock::Steady next) const {
    if (!std::getenv("COYEL_SELF_TRACE")) return;
    const auto call = last().current_call();
    std::fprintf(
        stderr, "at %lld ms, +%lld ms: %zu entries, call %d, voice %s\n",
        static_cast<long long>(elapsed().count()),
        static_cast<long long>(
            std::chrono::duration_cast<std::chrono::milliseconds>(next - clock_.now()).count()),
        last().log().size(), call ? static_cast<int>(*call) : -1,
        speaker_.quiet() ? "quiet" : "speaking");
}

inline void SelfTable::show_screen() {
    const auto drawn = screen_.draw(cli::ScreenSize{100, 40}, false);
    if (!drawn.text.empty() && (screens_.empty() || screens_.back() != drawn.text))
        screens_.push_back(drawn.text);
}

// The soonest moment anything waits for: the prompt's next wake-up, the
// relay's (a call's floor, the talk's end), a phone's poll or tap, the voice.
inline std::optional<platform::Clock::Steady> SelfTable::next_moment(
    cli::LivePrompt& prompt) const {
    std::optional<platform::Clock::Steady> soonest;
    const auto consider = [&](std::optional<platform::Clock::Steady> moment) {
        if (moment && (!soonest || *moment < *soonest)) soonest = moment;
    };
    if (const auto wake = prompt.wake_in()) consider(clock_.now() + *wake);
    consider(relay_.next_change());
    consider(clock_.next_deadline());
    for (const Phone& phone : phones_) {
        consider(phone.next_poll);
        consider(phone.tap_at);
    }
    return soonest;
}

}  // namespace coyel::test
