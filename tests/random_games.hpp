// Seeded random setups and random legal play, shared by the random-play test
// and the benchmark.
#pragma once

#include <cstdint>

#include "coyel/game.hpp"
#include "coyel/rng.hpp"

namespace coyel::test {

// A random valid setup: 5 to 30 players, a random valid deck and options.
Setup random_setup(SplitMix64& rng);

// A uniform pick among the legal choices (nobody counts as one).
// Precondition: at least one choice.
std::optional<Seat> pick(const Choices& choices, SplitMix64& rng);

// A random legal action for what the game expects (plus now and then a
// note, a clock move or a heat). Precondition: the game is not over.
Action random_action(const Game& game, SplitMix64& rng);

}  // namespace coyel::test
