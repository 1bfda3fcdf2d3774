// Simulated games as ordinary saves (`coyel balance --save-games`): the lab's
// game i, its log kept, each entry given the wall time the model's durations
// put it at, so that `coyel replay`, `check`, `games` and `--calibrate` read
// it like a game played at a table.
#pragma once

#include <cstdint>

#include "coyel/game.hpp"
#include "simulate.hpp"

namespace coyel::sim {

// Game 0 starts at 2026-01-01T20:00:00Z, game i i days later: a fixed epoch,
// so the same run writes the same files, and one game an evening keeps them in order.
inline constexpr std::int64_t recorded_epoch_ms = 1'767'297'600'000;
inline constexpr std::int64_t recorded_spacing_ms = 24 * 3600 * 1000;

// The lab's game `index` of a run from `base_seed` (the one `simulate` counts),
// with wall times: the first mayor's election takes `election_seconds` from the
// game's start, and every entry then comes `at` seconds of game clock later.
Game recorded_game(const SimConfig& config, std::uint64_t base_seed, std::int64_t index);

}  // namespace coyel::sim
