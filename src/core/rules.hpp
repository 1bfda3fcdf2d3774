// The refusals of the calls' checks (include/coyel/checks.hpp) as errors:
// the reason of the first check refusing an answer, with the arguments its
// words need (who, whom), and no words. `Game::apply` asks the fast path
// (legal.hpp) whether an answer is legal and, for one it refuses, these;
// so do the engine's narrower questions (`choice_refusal`,
// `answer_refusal`, ...), which the tests and the save's reader ask.
// Private to the engine.
#pragma once

#include "coyel/checks.hpp"
#include "coyel/game.hpp"

namespace coyel::rules {

// The first seat holding `role`, searched (Cast keeps the answers).
std::optional<Seat> holder(const Setup& setup, Role role);

// Why `answer` is refused at the call expecting `kind`, whose answers are of
// `answer_kind` (a ballot: at.voter's); nullopt when every check allows it.
Refusal answer_refusal(const Position& at, ActionKind kind, AnswerKind answer_kind,
                       const Answer& answer);

// The same for a player (or nobody) answering a call of `kind`: elect_mayor,
// carbon_target, ngo_protect or ceo_lobby; any other kind refuses a player.
Refusal player_refusal(const Setup& setup, const Cast& cast, const State& state, ActionKind kind,
                       std::optional<Seat> choice);
Refusal banker_refusal(const Setup& setup, const Cast& cast, const State& state,
                       BankerChoice choice);
// One voter's ballot (SPEC section 5).
Refusal ballot_refusal(const Setup& setup, const Cast& cast, const State& state,
                       const Ballot& ballot);

}  // namespace coyel::rules
