// The rules engine: a setup and the log of the moderator's inputs. Every
// change goes through `apply`, which checks the action against the rules,
// resolves it and appends it to the log. State is what the log made it; the
// engine has no terminal, no files, no wall clock and no randomness.
//
// The rules that refuse an answer are written once (src/core/rules.cpp) and
// used both by `apply` and by the questions the front ends ask.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/calls.hpp"
#include "coyel/event.hpp"
#include "coyel/result.hpp"
#include "coyel/seats.hpp"
#include "coyel/setup.hpp"

namespace coyel {

enum class Phase { setup, night, dawn, day, over };
std::string_view phase_id(Phase phase);

struct PlayerState {
    bool in_game = true;
    bool corrupted = false;
    bool operator==(const PlayerState&) const = default;
};

// The calls answered so far tonight (SPEC section 3), resolved at dawn.
struct NightCalls {
    std::optional<Seat> target;
    std::optional<Seat> protect;
    BankerChoice banker = BankerChoice::none;
    int lobbies_left = 0;      // the CEO's lobbies still to come tonight
    bool extra_lobby = false;  // the lobby expected is the one the banker's corruption bought
    bool operator==(const NightCalls&) const = default;
};

struct State {
    int round = 0;
    Phase phase = Phase::setup;
    std::optional<ActionKind> expects = ActionKind::elect_mayor;  // nullopt when over
    int temperature = 0;
    // The game clock's reading: the last entry's `at`, or later once
    // advance_clock() has moved it on (the save keeps it as "pending").
    std::int64_t clock_s = 0;
    std::optional<Team> winner;
    std::optional<WinReason> win_reason;
    bool ceo_revealed = false;  // by a SLAPP-suit
    std::vector<PlayerState> players;
    std::optional<Seat> mayor;
    bool mayor_vacant = false;  // the mayor went out since the last election

    NightCalls night;
    std::optional<Seat> protected_last_night;  // for ngo_repeat = false
    bool social_used = false;
    bool speculation_used = false;
    int slapps_filed = 0;
    std::optional<Seat> saved;            // at dawn: saved by a protest, open to a SLAPP-suit
    std::vector<Seat> revote_candidates;  // during a revote: the tied players
    // The vote being taken, ballot by ballot, in seat order. Not in the log
    // until complete: the save keeps it as "pending".
    std::vector<Ballot> ballots;

    bool operator==(const State&) const = default;
};

// What `undo` took back.
struct Undone {
    // end: the `clock` entry of a temperature end; the clock now stands one
    // second before the limit (see Game::undo).
    enum class Kind { ballot, entry, end } kind;
    Ballot ballot;  // Kind::ballot
    Action action;  // Kind::entry and Kind::end
};

class Game {
  public:
    // Precondition: check_setup(setup) is empty.
    explicit Game(Setup setup);

    const Setup& setup() const { return setup_; }
    const State& state() const { return state_; }
    const std::vector<Action>& log() const { return log_; }

    // Checks the action against the rules; if legal, resolves it, appends it to
    // the log and returns what happened. If not, returns why and changes nothing.
    // A complete `vote` replaces any ballots being taken.
    Result<std::vector<Event>> apply(const Action& action);

    // --- The vote being taken (SPEC section 5), one ballot at a time. ---
    // The next player in seat order to vote, while a vote is expected.
    std::optional<Seat> next_voter() const;
    // The next voter's ballot, cast at `at` (the clock moves there first, as
    // advance_clock does). The last one completes the vote: it is applied as
    // one `vote` action stamped `at`, and its events are returned; before
    // that, no events. A refused ballot is not cast.
    Result<std::vector<Event>> cast_ballot(std::optional<Seat> choice,
                                           std::optional<std::int64_t> at = std::nullopt);

    // --- The game clock (SPEC section 6). ---
    // Moves the clock's reading on to `seconds` of active play. In clock mode
    // each degree passed on the way is logged as a `clock` entry at the second
    // it was reached, so that no degree the table heard is ever lost; the
    // limit ends the game there. Returns what happened; refused before Night 1,
    // after the end, or back in time.
    Result<std::vector<Event>> advance_clock(std::int64_t seconds);

    // Takes back the last input: a ballot of the vote being taken, else the
    // last log entry that is not a `clock` entry (degrees that really passed
    // stay); a vote taken back returns to its last ballot. The clock's reading
    // never goes back, but for one case: after a temperature end in clock
    // mode, undo takes back the end itself, and the clock then stands one
    // second before the limit, with the vote the end interrupted restored.
    // nullopt when there is nothing to take back.
    std::optional<Undone> undo();

    // A game made of this one's setup and the first `entries` of its log.
    Game replay_prefix(std::size_t entries) const;

    bool over() const { return state_.phase == Phase::over; }
    // The question the game asks now; nullopt when it is over.
    std::optional<CallId> current_call() const;

    // --- Questions the front ends ask rather than re-deriving the rules. ---
    std::optional<Seat> holder(Role role) const;  // the holder of a unique role
    bool in_game(Seat seat) const { return state_.players[seat].in_game; }
    Role role(Seat seat) const { return setup_.roles[seat]; }
    const std::string& name(Seat seat) const { return setup_.players[seat]; }
    int player_count() const { return setup_.player_count(); }
    SeatSet seats_in_game() const;

    // The legal player answers to the expected call (for a vote: the next
    // voter's ballots). Every choice listed is accepted, and only those.
    Choices legal_choices() const;
    // Why `choice` is refused as the answer to the expected call (for a vote:
    // the next voter's ballot), or nullopt when it is legal.
    Refusal choice_refusal(std::optional<Seat> choice) const;
    // The ballots open to `voter` in the vote being taken.
    Choices legal_ballots(Seat voter) const;
    // Why `choice` is not open to the banker tonight, or nullopt if it is.
    Refusal banker_refusal(BankerChoice choice) const;
    // The gestures open to the banker tonight, in the order up, down, none.
    std::vector<BankerChoice> legal_banker_choices() const;
    // Why one voter's ballot is refused (SPEC section 5), or nullopt.
    Refusal ballot_refusal(const Ballot& ballot) const;

    // --- The private walk-through of a random deal (SPEC section 8, "pending"). ---
    // How many cards the moderator has been shown, while some are left to
    // show; nullopt when none is (or there was no walk-through).
    std::optional<int> cards_shown() const { return cards_shown_; }
    // Records that `count` cards are shown; every card, or nullopt: none left.
    // Refused once the game has started (the log is not empty) and out of
    // 0..player_count(). The first action applied ends the walk-through.
    Refusal set_cards_shown(std::optional<int> count);

    int slapps_left() const;
    // The moment the clock reaches the next degree, in clock mode.
    std::optional<std::int64_t> next_rise_at() const;
    // Vote weight of a voter: the mayor's counts two.
    int vote_weight(Seat voter) const;

  private:
    std::optional<Undone> undo_temperature_end();
    std::optional<Undone> undo_input();

    Setup setup_;
    State state_;
    std::vector<Action> log_;
    // The ballots of a vote the temperature limit cut short: undoing that
    // end restores them. Kept in memory only.
    std::vector<Ballot> interrupted_ballots_;
    std::optional<int> cards_shown_;  // see cards_shown()
};

}  // namespace coyel
