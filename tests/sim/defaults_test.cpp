// The default decks and lengths (data/decks.json, made by tools/make-decks):
// each count's default is fair under the default model, its whole 95%
// interval within 45-55%, on a seed other than the one that chose it.
#include <catch2/catch.hpp>

#include "lab.hpp"
#include "simulate.hpp"

using namespace coyel;

namespace {

sim::SimConfig default_setup(int players) {
    sim::SimConfig config;
    config.players = players;
    config.deck = *default_deck(players);
    config.options.temperature_minutes = default_minutes(players);
    return config;
}

}  // namespace

TEST_CASE("every default deck and length is fair in the lab", "[sim]") {
    // 16,000 games: an interval of about ±0.8 points at 50%.
    for (int players = min_players; players <= max_players; ++players) {
        const auto summary = sim::simulate(default_setup(players), 16000, 2, 2);
        INFO(players << " players: " << describe_deck(default_setup(players).deck) << ", "
                     << default_minutes(players) << " minutes: " << 100 * summary.ecosystems_win
                     << "%");
        CHECK(summary.tally.refused == 0);
        CHECK(summary.ci95.low >= 0.45);
        CHECK(summary.ci95.high <= 0.55);
    }
}
