// The policies' answers: each picks among the answers the engine lists as
// legal, so a policy can play badly but never break a rule. What each policy
// does is written in docs/balance.md; the comments here say why.
#pragma once

#include <optional>

#include "coyel/rng.hpp"
#include "engine_port.hpp"
#include "simulate.hpp"

namespace coyel::sim {

// A uniform seat of `seats`, or nullopt when it is empty.
std::optional<Seat> draw_seat(SeatSet seats, SplitMix64& rng);

// A uniform legal answer, "nobody" counting as one where it is legal.
// Precondition: at least one legal answer.
std::optional<Seat> draw_choice(const Choices& choices, SplitMix64& rng);

// The answer to a call of one player (or nobody): mayor, target, protection, lobby.
std::optional<Seat> choose_player(const SimConfig& config, CallId call, const EnginePort& game,
                                  SplitMix64& rng);
BankerChoice choose_gesture(const SimConfig& config, const EnginePort& game, SplitMix64& rng);
bool choose_slapp(const SimConfig& config, SplitMix64& rng);

// What a day's (or revote's) talk settled on, before the ballots.
struct VotePlan {
    std::optional<Seat> suspect;
};
VotePlan plan_vote(const SimConfig& config, const EnginePort& game, SeatSet candidates,
                   SplitMix64& rng);
// One voter's ballot, given the plan and the ballots open to them.
std::optional<Seat> choose_ballot(const SimConfig& config, const EnginePort& game,
                                  const VotePlan& plan, Seat voter, const Choices& legal,
                                  SplitMix64& rng);

}  // namespace coyel::sim
