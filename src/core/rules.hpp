// Each call's refusal rules, written once as functions of (setup, state).
// `Game::apply` runs them on the state it is changing; the questions the
// front ends ask (`legal_choices`, `banker_refusal`, ...) run them on the
// committed state. Private to the engine.
#pragma once

#include "coyel/game.hpp"

namespace coyel::rules {

std::optional<Seat> holder(const Setup& setup, Role role);

// A player (or nobody) as the answer to `call`: elect_mayor, carbon_target,
// ngo_protect or ceo_lobby. (Votes go through ballot_refusal.)
Refusal player_refusal(const Setup& setup, const State& state, ActionKind call,
                       std::optional<Seat> choice);

Refusal banker_refusal(const Setup& setup, const State& state, BankerChoice choice);

// One voter's ballot (SPEC section 5); `voter` must be a seat.
Refusal ballot_refusal(const Setup& setup, const State& state, const Ballot& ballot);

// The choices each function above accepts, listed by asking it.
Choices legal_players(const Setup& setup, const State& state, ActionKind call);
Choices legal_ballots(const Setup& setup, const State& state, Seat voter);

// The next voter in seat order who has not voted, while a vote is expected.
std::optional<Seat> next_voter(const State& state);

}  // namespace coyel::rules
