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

#include "coyel/game.hpp"
#include "narrator.hpp"
#include "repl/phone_inbox.hpp"

namespace coyel::cli {

// Every poll's body is this long, padded with spaces: whoever sees the
// traffic learns nothing from its size.
inline constexpr std::size_t phone_poll_bytes = 8192;
// A call lasts this long at least, so that a called player's quick tap is
// hidden among the others' (COYEL_CALL_FLOOR_MS shortens it for the tests).
inline constexpr std::chrono::milliseconds phone_call_floor{15'000};

class PhoneDesk {
  public:
    using Clock = std::chrono::steady_clock;

    PhoneDesk(const narration::Narrator& narrator,
              std::chrono::milliseconds floor = phone_call_floor)
        : narrator_(narrator), floor_(floor) {}

    // The game as last saved. A call not seen before (an undo's call asked
    // again included) opens with a fresh nonce on every phone and no picks.
    void follow(const Game& game, Clock::time_point now);

    // What `seat`'s phone shows now, as JSON padded to phone_poll_bytes.
    std::string poll(Seat seat) const;

    enum class Posted { taken, stale, replayed, bad };
    // `seat`'s Done with its pick (an index in the list): `nonce` must be
    // the one its last poll showed (stale if from another call or made up,
    // replayed if already used). A pick the rules refuse is refused on that
    // phone alone, in its next poll; its Done then waits for another pick.
    Posted post(Seat seat, std::string_view nonce, std::size_t index);

    // The call's answer, once: when every phone in the game has sent Done,
    // the floor has passed and the answerers agree on a pick. At a vote, the
    // next voter's ballot once their phone has sent Done, in seat order,
    // with no floor: the ballots are public.
    std::optional<PhoneAnswer> due(Clock::time_point now);

  private:
    struct Phone {
        std::string nonce;
        std::vector<std::string> used;  // this call's nonces already sent
        std::optional<std::size_t> pick;
        bool done = false;
        std::string note;  // a refusal, or the carbon team's "agree"
    };

    void open_call(const Game& game, Clock::time_point now);
    void follow_ballots(const Game& game);
    std::optional<PhoneAnswer> next_ballot();
    bool allowed(Seat seat, const Action& action, std::string& why) const;
    std::string renewed_nonce();
    std::vector<std::string> choice_words() const;
    std::string call_heading() const;

    const narration::Narrator& narrator_;
    std::chrono::milliseconds floor_;
    std::optional<Game> game_;  // the last saved reading
    std::optional<CallId> call_;
    std::size_t log_size_ = 0;
    bool answered_ = false;
    std::vector<Seat> voted_;            // the ballots cast, as last saved
    std::optional<std::size_t> passed_;  // the ballots cast when the last one was passed on
    Clock::time_point opened_{};
    std::vector<Phone> phones_;  // one per seat
};

}  // namespace coyel::cli
