// The policies' answers: each picks among the answers the engine lists as
// legal, so a policy can play badly but never break a rule. What each policy
// does is written in docs/balance.md; the comments here say why.
#pragma once

#include <optional>

#include "coyel/rng.hpp"
#include "engine_port.hpp"
#include "simulate.hpp"

namespace coyel::sim {

// A policy's pick: a seat, or no_one for nobody. A plain int rather than
// std::optional<Seat>: GCC returns an optional through memory and stalls
// reading it back, at every answer of millions of games.
using Pick = int;
inline constexpr Pick no_one = -1;
inline Pick pick_of(std::optional<Seat> seat) { return seat.value_or(no_one); }
inline std::optional<Seat> as_choice(Pick pick) {
    return pick == no_one ? std::nullopt : std::optional<Seat>{pick};
}

// A uniform draw in [0, count): the players' dice (SplitMix64::fast_below).
inline int roll(SplitMix64& rng, int count) {
    return static_cast<int>(rng.fast_below(static_cast<std::uint32_t>(count)));
}

// A uniform seat of `seats`, or no_one when it is empty. Inline, like
// draw_choice: one per ballot.
inline Pick draw_seat(SeatSet seats, SplitMix64& rng) {
    if (seats.empty()) return no_one;
    return pick_of(seats.nth(roll(rng, seats.size())));
}

// A uniform legal answer, "nobody" counting as one where it is legal.
// Precondition: at least one legal answer.
inline Pick draw_choice(const Choices& choices, SplitMix64& rng) {
    const int count = choices.players.size() + (choices.nobody ? 1 : 0);
    return pick_of(choices.players.nth(roll(rng, count)));  // past the players: nobody
}

// The answer to a call of one player (or nobody): mayor, target, protection, lobby.
Pick choose_player(const SimConfig& config, CallId call, const EnginePort& game, SplitMix64& rng);
BankerChoice choose_gesture(const SimConfig& config, const EnginePort& game, SplitMix64& rng);
bool choose_slapp(const SimConfig& config, SplitMix64& rng);

// What a day's (or revote's) talk settled on, before the ballots.
struct VotePlan {
    Pick suspect = no_one;
};
VotePlan plan_vote(const SimConfig& config, const EnginePort& game, SeatSet candidates,
                   SplitMix64& rng);
// One voter's ballot, given the plan and the ballots open to them.
Pick choose_ballot(const SimConfig& config, const EnginePort& game, const VotePlan& plan,
                   Seat voter, const Choices& legal, SplitMix64& rng);

}  // namespace coyel::sim
