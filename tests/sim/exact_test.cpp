// The uniform policy against theory: with citizens and carbon emissions only
// and a temperature that never rises, the ecosystems' chance has a closed
// recursion (issue 12). Written here from the rules alone, independently of
// the simulator.
#include <catch2/catch.hpp>
#include <map>
#include <utility>

#include "simulate.hpp"

namespace {

// The ecosystems' chance at nightfall with `citizens` and `carbon` in the
// game. Each night the carbon emissions damage one of the citizens; each day
// the whole table votes out one player drawn uniformly among those in the
// game. The mayor's double vote changes nothing when every vote is the same,
// and with one name on every ballot there is never a tie.
double chance_at_night(int citizens, int carbon, std::map<std::pair<int, int>, double>& memo);

double chance_at_day(int citizens, int carbon, std::map<std::pair<int, int>, double>& memo) {
    const double in_game = citizens + carbon;
    const double carbon_out = carbon == 1 ? 1.0 : chance_at_night(citizens, carbon - 1, memo);
    const double citizen_out = citizens == 1 ? 0.0 : chance_at_night(citizens - 1, carbon, memo);
    return carbon / in_game * carbon_out + citizens / in_game * citizen_out;
}

double chance_at_night(int citizens, int carbon, std::map<std::pair<int, int>, double>& memo) {
    if (citizens == 1) return 0.0;  // the last ecosystem is damaged: carbon wins
    const auto key = std::make_pair(citizens, carbon);
    if (auto found = memo.find(key); found != memo.end()) return found->second;
    return memo[key] = chance_at_day(citizens - 1, carbon, memo);
}

double exact_chance(int players, int carbon) {
    std::map<std::pair<int, int>, double> memo;
    return chance_at_night(players - carbon, carbon, memo);
}

coyel::sim::SimConfig textbook(int players, int carbon) {
    coyel::sim::SimConfig config;
    config.players = players;
    config.deck[coyel::Role::carbon] = carbon;
    config.deck[coyel::Role::citizen] = players - carbon;
    config.options.temperature_mode = coyel::TemperatureMode::manual;
    config.policy = coyel::sim::Policy::uniform;
    return config;
}

}  // namespace

TEST_CASE("the recursion gives the issue's three exact figures", "[sim]") {
    CHECK(exact_chance(8, 1) == Approx(0.5429).margin(0.00005));
    CHECK(exact_chance(12, 2) == Approx(0.3521).margin(0.00005));
    CHECK(exact_chance(20, 2) == Approx(0.4851).margin(0.00005));
}

TEST_CASE("the uniform policy's chance holds the exact value in its 95% interval", "[sim]") {
    const std::pair<int, int> counts[] = {{8, 1}, {12, 2}, {20, 2}, {6, 1}, {10, 3}, {15, 4}};
    for (const auto& [players, carbon] : counts) {
        // Seed 1, coyel balance's default. Six 95% intervals would miss the
        // truth somewhere for one seed in four by chance alone, so each count
        // is held to its 99.9% interval (all six: 99.4%). A broken rule moves
        // the estimate by many intervals, which no seed hides.
        constexpr int games = 20'000;
        const auto summary = coyel::sim::simulate(textbook(players, carbon), games, 1, 2);
        const auto interval = coyel::sim::wilson(summary.tally.ecosystems_wins, games, 3.2905);
        const double exact = exact_chance(players, carbon);
        INFO(players << " players, " << carbon << " carbon: exact " << exact << ", simulated "
                     << summary.ecosystems_win);
        CHECK(summary.tally.refused == 0);
        CHECK(interval.low <= exact);
        CHECK(exact <= interval.high);
        // Manual mode, no heat: only the cards end the game.
        CHECK(summary.tally.ends[static_cast<int>(coyel::WinReason::temperature)] == 0);
    }
}
