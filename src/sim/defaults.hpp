// Each count's default deck and length (data/decks.json, tools/make-decks),
// chosen in the lab by the criterion docs/balance.md "Default decks and
// lengths" writes down: counts in rising order, the carbon count and the
// length never falling; fair at the table policy on fresh games; the most
// special cards; then the narrowest spread of the chance over skills 1 to 4.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "lab.hpp"

namespace coyel::sim {

// One deck at its fair length: the screen's figures, its chance at skills
// 1 to 4 there, and (the one chosen) its figures on fresh games.
struct DefaultCandidate {
    Candidate screened;             // at the config's skill, `screen_games` from the run's seed
    std::array<Summary, 4> skills;  // skill 1 to 4, as many games, the same seed
    Summary fresh;                  // `fresh_games` from the fresh seed (the chosen only)
    // Skill 4's chance less skill 1's, in points: how much the table's flair moves it.
    double spread() const { return 100 * (skills[3].ecosystems_win - skills[0].ecosystems_win); }
};

struct CountDefault {
    int players = 0;
    bool found = false;  // false: no deck of these counts and lengths is fair
    DefaultCandidate chosen;
    // Every fair deck considered for the count, the chosen among them.
    std::vector<DefaultCandidate> considered;
};

struct DefaultsSize {
    std::int64_t screen_games = 9604;  // ±1 point
    std::int64_t fresh_games = 38416;  // ±0.5 point at 95%: sure to half a point
    std::uint64_t seed = 1;            // the screen's; the fresh games' is seed + 1
    int threads = 1;
};

// A count's default is fair when its chance is within this of 50% on the
// fresh games (as --advise's band).
inline constexpr double default_band = 0.03;

// The defaults of `first` to `last` players, in rising order: for each count
// the decks of the most special cards (all four where the rules allow) with
// as many carbon emissions as the count before or more, each at the whole
// minute of 10 to 120 (no shorter than the count before's length) nearest
// 50% on the screen; of those within the band, the narrowest spread over
// skills 1 to 4 (ties: fewer carbon emissions, then nearest 50%), kept if its
// fresh games put it within the band too, else the next. `base` gives the
// model (policy, skill, time, house rules). `progress` hears the games played.
struct Defaults {
    std::vector<CountDefault> counts;  // from `first` on, up to the first not found
    bool stopped = false;              // by `progress`: the counts chosen so far
};
Defaults fair_defaults(const SimConfig& base, int first, int last, const DefaultsSize& size,
                       const Progress& progress = {});

}  // namespace coyel::sim
