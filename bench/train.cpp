// The training run of a profile-guided build (tools/profile-build): the
// balance lab's games as groups ask for them, so that the second build
// optimises the engine and the simulator for what they really do. Each
// player model, each temperature mode, small and large tables; seeded and on
// one thread, so the counts (and so the binary) are the same at every build.
#include <cstdio>

#include "coyel/setup.hpp"
#include "simulate.hpp"

namespace {

struct Run {
    int players;
    coyel::TemperatureMode mode;
    coyel::sim::Policy policy;
    long games;
};

}  // namespace

int main() {
    using coyel::TemperatureMode;
    using coyel::sim::Policy;
    // Weighted towards the default model and the benchmark's ten-player night games.
    constexpr Run runs[] = {
        {10, TemperatureMode::night, Policy::random, 150'000},
        {9, TemperatureMode::clock, Policy::table, 60'000},
        {12, TemperatureMode::manual, Policy::uniform, 30'000},
        {20, TemperatureMode::clock, Policy::random, 15'000},
        {6, TemperatureMode::night, Policy::table, 30'000},
    };
    for (const Run& run : runs) {
        coyel::sim::SimConfig config;
        config.players = run.players;
        config.deck = *coyel::default_deck(run.players);
        config.options.temperature_mode = run.mode;
        config.policy = run.policy;
        const auto summary = coyel::sim::simulate(config, run.games, 1, 1);
        if (summary.tally.refused != 0) {
            std::fprintf(stderr, "coyel_train: the engine refused a policy's answer\n");
            return 1;
        }
    }
    return 0;
}
