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
// Precondition: at least one choice. Inline: the benchmark picks every answer.
inline std::optional<Seat> pick(const Choices& choices, SplitMix64& rng) {
    const int count = choices.players.size() + (choices.nobody ? 1 : 0);
    return choices.players.nth(static_cast<int>(rng.fast_below(static_cast<std::uint32_t>(count))));
}

// A random legal action for what the game expects (plus now and then a
// note, a clock move or a heat). Precondition: the game is not over.
Action random_action(const Game& game, SplitMix64& rng);

}  // namespace coyel::test

namespace coyel::test {

// The balance lab's `random` policy (issue 12): every answer uniform among the
// engine's legal answers (nobody counts as one where legal), each ballot
// uniform among that voter's legal ballots. Plays `game` to its end and
// returns how many answers it gave. For a game without the clock. Through the
// lean API: nothing allocates once `events` has grown.
int play_random_policy(Game& game, SplitMix64& rng, EventBuffer& events);

// Ten named players, the default deck for ten, temperature.mode night.
Setup ten_player_night_setup();

}  // namespace coyel::test
