// The night's calls on the players' phones, as the server keeps them
// (docs/phone-answers.md): each phone's nonce and pick at the call now
// expected, what each phone's poll shows, and the answer once the call is
// over. The rules (the list, whose taps count, the carbon team's agreement)
// are the core's (coyel/phone_call.hpp); the words are the narrator's.
// Nothing here reads a clock or the network: the server gives it the time.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "coyel/game.hpp"
#include "coyel/observe.hpp"
#include "coyel/phone_call.hpp"
#include "narrator.hpp"
#include "phone_inbox.hpp"

namespace coyel::cli {

// Every poll's body is this long, padded with spaces: whoever sees the
// traffic learns nothing from its size.
inline constexpr std::size_t phone_poll_bytes = 8192;
// A call lasts this long at least, so that a called player's quick tap is
// hidden among the others'.
inline constexpr std::chrono::milliseconds phone_call_floor{15'000};
// Every page asks for its phone's view this often (the same for all).
inline constexpr std::chrono::milliseconds phone_poll_every{1'000};

class PhoneDesk {
  public:
    using Clock = std::chrono::steady_clock;

    PhoneDesk(const narration::Narrator& narrator,
              std::chrono::milliseconds floor = phone_call_floor,
              std::chrono::milliseconds poll_every = phone_poll_every)
        : narrator_(narrator), floor_(floor), poll_every_(poll_every) {}

    // The game as last saved. A call not seen before (an undo's call asked
    // again included) opens with a fresh nonce on every phone and no picks.
    // While the night's news waits for the moderator, no phone shows a call,
    // and who is out is as the table was told.
    // `talk_left`: how long the day's talk timer still runs (the save's
    // live clock), during which no phone shows the ballot yet.
    void follow(const Game& game, Clock::time_point now,
                std::optional<std::chrono::milliseconds> talk_left = std::nullopt);

    // What `seat`'s phone shows now, as JSON padded to phone_poll_bytes.
    std::string poll(Seat seat, Clock::time_point now) const;

    enum class Posted { taken, stale, replayed, bad };
    // `seat`'s Done with its pick (an index in the list): `nonce` must be
    // the one its last poll showed (stale if from another call or made up,
    // replayed if already used). Done is final: a phone done is stale for
    // the rest of the call. A pick the phone showed closed (observe's open
    // entries; a carbon emission's once a fellow is done on another) is bad,
    // refused on that phone alone, which taps again: no other phone, nor
    // the call's length, tells that a pick fell short.
    Posted post(Seat seat, std::string_view nonce, std::size_t index, Clock::time_point now);

    // The call's answer, once: at night, when every phone in the game has
    // sent Done and the floor has passed (every pick counted is open, so it
    // stands). At a vote, the next voter's ballot once their phone has sent
    // Done, in seat order, with no floor. At the mayor's election, the
    // most-tapped entry once every phone is done; a tie asks every phone
    // again, naming the tied: the table's own new round.
    std::optional<PhoneAnswer> due(Clock::time_point now);

    // The moderator took an answer back, leaving `answered` answers logged.
    // If the phones' answer to the call at that count was passed on and the
    // server never saw it in a save (an undo within the follower's 50 ms),
    // the call opens again on every phone; else follow() has done so.
    void undone_to(std::size_t answered, Clock::time_point now) {
        if (game_ && answered_ && answered == answered_count_)
            open_call(call_, answered_count_, now);
    }

    // The call at `answered` answers logged has been heard (PhoneInbox::
    // call_read: the moderator's Enter at a gate, or the voice done with the
    // lines before it): until then no phone shows it, nor who is out since
    // the last call, so that the phones never run ahead of the table (a dawn's
    // new mayor shown before the dawn is told). From then every phone shows
    // it at once (the SLAPP-suit's, the CEO's naming the saved player), and
    // the floor starts. The session says it again at each of its wake-ups:
    // the first time alone opens the call, or its floor would never pass.
    // `notes_heard`: how many of the desk's table notes (a tie) the session
    // had taken by then; heard before the last tie's note, it says nothing
    // of the tie's round.
    void call_read(std::size_t answered, std::size_t notes_heard, Clock::time_point now) {
        if (notes_heard < notes_made_ || read_for_ == answered) return;
        read_for_ = answered;
        if (answered != answered_count_) return;
        opened_ = now;
        in_game_ = told_in_game_;
    }

    // The table's note of a new round, once: an election tied.
    std::optional<std::string> take_table_note() {
        return std::exchange(table_note_, std::nullopt);
    }

    // When, after `now`, the desk next changes by itself, with no phone's
    // help: a night call's floor passing, the talk timer ending; nullopt:
    // not by itself.
    std::optional<Clock::time_point> next_change(Clock::time_point now) const;

  private:
    struct Phone {
        std::string nonce;
        std::vector<std::string> used;  // this call's nonces already sent
        std::optional<std::size_t> pick;
        bool done = false;
        std::string note;  // a refusal, "agree" or "again": why the call is asked again
    };

    void open_call(std::optional<CallId> call, std::size_t answered, Clock::time_point now);
    void follow_ballots(const Game& game);
    std::optional<PhoneAnswer> next_ballot();
    std::optional<PhoneAnswer> night_answer(Clock::time_point now);
    std::optional<PhoneAnswer> election_answer(Clock::time_point now);
    void ask_again(const std::string& note, Clock::time_point now);
    std::vector<PhoneChoice> choices() const;
    std::string renewed_nonce();
    void renew(Phone& phone);
    std::vector<std::string> choice_words() const;
    std::vector<Seat> answering_fellows(const Observation& seen) const;
    nlohmann::json fellows_picks(const Observation& seen) const;
    std::vector<std::string> told_lines(const Observation& seen, bool held) const;
    std::string open_marks(const Observation& seen) const;
    std::string call_heading() const;
    // The vote waits for the talk timer: the phones show no ballot until it
    // ends (once a ballot is cast, the vote is under way).
    bool talking(Clock::time_point now) const {
        return call_ && is_ballot(*call_) && talk_until_ && now < *talk_until_ && voted_.empty();
    }
    // The call not heard yet (call_read): the phones show nothing of it.
    bool unread() const { return call_ && read_for_ != answered_count_; }
    // A call the phones show nothing of for now.
    bool held(Clock::time_point now) const { return talking(now) || unread(); }

    const narration::Narrator& narrator_;
    std::chrono::milliseconds floor_;
    std::chrono::milliseconds poll_every_;
    std::optional<Game> game_;        // the last saved reading
    SeatSet in_game_;                 // as the table has heard it (call_read)
    SeatSet told_in_game_;            // as the table was told
    std::optional<CallId> call_;      // the call the phones answer, if any
    std::size_t answered_count_ = 0;  // answers_logged() at the call
    bool answered_ = false;
    std::vector<Seat> voted_;            // the ballots cast, as last saved
    std::optional<std::size_t> passed_;  // the ballots cast when the last one was passed on
    Clock::time_point opened_{};
    std::optional<Clock::time_point> talk_until_;
    std::optional<std::size_t> read_for_;    // the answers logged at the last call heard
    std::vector<Phone> phones_;              // one per seat
    std::optional<std::string> table_note_;  // see take_table_note
    std::size_t notes_made_ = 0;             // table notes given, ever
};

}  // namespace coyel::cli
