// The balance lab: many simulated games of one setup, played by a model of
// the table (a policy) through the real engine, and what they say about the
// ecosystems' chance. Deterministic for a seed, whatever the thread count:
// game i plays with its own seed, derived from the base seed and i.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "clock.hpp"
#include "coyel/event.hpp"
#include "coyel/game.hpp"
#include "coyel/options.hpp"
#include "coyel/setup.hpp"

namespace coyel::sim {

// How the players answer (README "Balance lab", docs/balance.md).
enum class Policy { random, uniform, table };
std::string_view policy_id(Policy policy);
std::optional<Policy> policy_from_id(std::string_view id);

// Modelled lengths on the game clock, in seconds (docs/balance.md says where
// each default comes from).
struct TimeModel {
    int call_seconds = 20;       // each night call answered, and the SLAPP-suit's
    int day_seconds = 240;       // the day's talk before the vote (a revote: a quarter)
    int ballot_seconds = 5;      // each ballot
    int election_seconds = 180;  // a new mayor's election (the first is before the clock)
    // Calls that take no clock time, one bit per CallId: --values measures a
    // card's worth without the time its calls cost.
    std::uint16_t free_calls = 0;
};

struct SimConfig {
    Deck deck;
    int players = 0;
    Options options;
    Policy policy = Policy::table;
    int skill = 2;  // table: a carbon emission is `skill` times as likely a suspect
    TimeModel time;
};

// One game's outcome.
struct GameOutcome {
    Team winner = Team::carbon;
    WinReason reason = WinReason::temperature;
    int rounds = 0;
    std::int64_t seconds = 0;  // of game clock at the end
    int votes = 0;             // day votes completed before the end (revotes aside)
    bool refused = false;      // the engine refused a policy's answer: the game was cut short
};

// Sums over games: integers only, so any split between threads adds up the same.
struct Tally {
    std::int64_t games = 0;
    std::int64_t refused = 0;  // games cut short by a refused answer (a bug: never expected)
    std::int64_t ecosystems_wins = 0;
    std::array<std::int64_t, 3> ends{};  // by WinReason
    std::int64_t rounds = 0;
    std::int64_t seconds = 0;
    std::int64_t votes = 0;

    void add(const GameOutcome& outcome);
    void add(const Tally& other);
    bool operator==(const Tally&) const = default;
};

// The Wilson score interval at 95% for `wins` out of `games`.
struct Interval {
    double low = 0;
    double high = 0;
};
// The normal quantiles of two-sided 95% and 99% intervals.
inline constexpr double z95 = 1.959963984540054;
inline constexpr double z99 = 2.5758293035489;

// The Wilson score interval for `wins` of `games` at normal quantile `z`
// (1.96 for 95%).
Interval wilson(std::int64_t wins, std::int64_t games, double z);
Interval wilson95(std::int64_t wins, std::int64_t games);

// Ready-made figures from a tally.
struct Summary {
    Tally tally;
    double ecosystems_win = 0;
    Interval ci95;
    std::array<double, 3> ends{};  // fraction by WinReason
    double rounds_mean = 0;
    double minutes_mean = 0;
    double votes_mean = 0;
    double games_per_second = 0;
};
Summary summarise(const Tally& tally, double elapsed_seconds);

// The seed game `index` of a run plays with.
std::uint64_t game_seed(std::uint64_t base_seed, std::uint64_t index);

// One game of `config` with this seed (the deal and every choice).
// Precondition: check_deck(config.deck, config.players) is empty; options valid.
GameOutcome play_game(const SimConfig& config, std::uint64_t seed);
// The same game, its log kept: each entry stamped `at` with the model's clock,
// no wall times (record.hpp adds them).
Game play_logged_game(const SimConfig& config, std::uint64_t seed);

// Games first..end-1 of a run from `base_seed`, on this thread: the same
// games `simulate` plays under those numbers, so a run can be extended.
Tally play_games(const SimConfig& config, std::int64_t first, std::int64_t end,
                 std::uint64_t base_seed);

// Games first..end-1 in clock mode at each of `minutes` (rising, at least
// one), played once: each game is played to the longest limit, and a shorter
// limit would have ended it, carbon winning, the moment the clock first
// reached it, the game the same until then (the temperature ends a game and
// does nothing else). So tallies[i] is play_games at minutes[i], exactly.
// config.options.temperature_minutes is not read.
std::vector<Tally> play_games_at_lengths(SimConfig config, std::span<const int> minutes,
                                         std::int64_t first, std::int64_t end,
                                         std::uint64_t base_seed);

// How far a run is: called on the calling thread after each of its batches
// of games, with the games played and asked. Returning false stops the run
// once the batches under way are played. The lab reads no clock for it: a
// front end that shows it paces it (paced()).
using Progress = std::function<bool(std::int64_t done, std::int64_t games)>;
inline constexpr std::chrono::milliseconds progress_every{250};

// `progress` told at most once every progress_every of `clock`'s time, the
// first once one has passed since this call (answering true in between):
// one clock reading per batch. `clock` outlives the result.
Progress paced(Progress progress, const platform::Clock& clock);

// Games 0..games-1 on `threads` threads (at least one). With `progress`, a
// stopped run's figures are those of the games played: games 0..n-1 (the
// batches are given out in order, and each one given is played whole). Its
// games_per_second is measured on `clock` (two readings), if one is given.
Summary simulate(const SimConfig& config, std::int64_t games, std::uint64_t base_seed, int threads,
                 const Progress& progress = {}, const platform::Clock* clock = nullptr);

// The player names a simulated game seats: "P1", "P2", ...
std::vector<std::string> seat_names(int players);

}  // namespace coyel::sim
