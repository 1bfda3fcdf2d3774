// Each call's refusal rules, written once as functions of (setup, state).
// `Game::apply` runs them on the state it is changing; the questions the
// front ends ask (`legal_choices`, `banker_refusal`, ...) run them on the
// committed state. Private to the engine.
//
// Each rule answers with a code, `Why`, and writes no text: the legal answers
// are listed and every legal action applied without a string. The message is
// written by `explain`, only for an answer refused.
#pragma once

#include "coyel/game.hpp"

namespace coyel::rules {

// A rule's answer: allowed, or the part that refuses. Its codes are
// rules.cpp's own, so that a new refusal is written in that one file; the
// engine asks only whether an answer is `allowed`.
enum class Why : std::uint8_t;
inline constexpr Why allowed = static_cast<Why>(0);

// The first seat holding `role`, searched (Cast keeps the answers).
std::optional<Seat> holder(const Setup& setup, Role role);

// A player (or nobody) as the answer to `call`: elect_mayor, carbon_target,
// ngo_protect or ceo_lobby. (Votes go through ballot_rule.)
Why player_rule(const Setup& setup, const Cast& cast, const State& state, ActionKind call,
                std::optional<Seat> choice);
Why banker_rule(const Setup& setup, const Cast& cast, const State& state, BankerChoice choice);
// One voter's ballot (SPEC section 5); `voter` must be a seat.
Why ballot_rule(const Setup& setup, const Cast& cast, const State& state, const Ballot& ballot);

// The refusal for `why`, in words (nullopt for Why::allowed). `call`,
// `ballot` and `choice` are what the rule was asked about.
Refusal explain(Why why, const Setup& setup, const State& state, ActionKind call,
                const Ballot& ballot);

Refusal player_refusal(const Setup& setup, const Cast& cast, const State& state, ActionKind call,
                       std::optional<Seat> choice);
Refusal banker_refusal(const Setup& setup, const Cast& cast, const State& state,
                       BankerChoice choice);
Refusal ballot_refusal(const Setup& setup, const Cast& cast, const State& state,
                       const Ballot& ballot);

}  // namespace coyel::rules
