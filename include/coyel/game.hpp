// The rules engine: a setup and the log of the moderator's inputs. Every
// change goes through `apply`, which checks the action against the rules,
// resolves it and appends it to the log. State is what the log made it; the
// engine has no terminal, no files, no wall clock and no randomness.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/event.hpp"
#include "coyel/result.hpp"
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
    int lobbies_left = 0;  // the CEO's lobbies still to come tonight
    bool operator==(const NightCalls&) const = default;
};

struct State {
    int round = 0;
    Phase phase = Phase::setup;
    std::optional<ActionKind> expects = ActionKind::elect_mayor;  // nullopt when over
    int temperature = 0;
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

    bool operator==(const State&) const = default;
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
    Result<std::vector<Event>> apply(const Action& action);

    // A game made of this one's setup and the first `entries` of its log.
    Game replay_prefix(std::size_t entries) const;

    bool over() const { return state_.phase == Phase::over; }

    // --- Questions the front ends ask rather than re-deriving the rules. ---
    std::optional<Seat> seat_of(Role role) const;  // the holder of a unique role
    bool in_game(Seat seat) const { return state_.players[seat].in_game; }
    Role role(Seat seat) const { return setup_.roles[seat]; }
    const std::string& name(Seat seat) const { return setup_.players[seat]; }
    int player_count() const { return setup_.player_count(); }
    std::vector<Seat> seats_in_game() const;

    // The legal answers to the expected call: players (nullopt = nobody).
    // For a vote, the choices open to `voter`.
    std::vector<std::optional<Seat>> legal_players(std::optional<Seat> voter = std::nullopt) const;
    std::vector<BankerChoice> legal_banker_choices() const;
    // Why `choice` is not open to the banker tonight, or nullopt if it is.
    std::optional<std::string> banker_refusal(BankerChoice choice) const;
    int slapps_left() const;
    // The degree the clock will reach next and when, in clock mode.
    std::optional<std::int64_t> next_rise_at() const;
    // Why one voter's ballot is refused (SPEC section 5), or nullopt. The voter
    // must be a seat; whether everyone voted once is the whole vote's check.
    std::optional<std::string> ballot_refusal(const Ballot& ballot) const;
    // Vote weight of a voter: the mayor's counts two.
    int vote_weight(Seat voter) const;

  private:
    Setup setup_;
    State state_;
    std::vector<Action> log_;
};

}  // namespace coyel
