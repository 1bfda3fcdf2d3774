// The balance lab's questions beyond one setup's figures: which decks and
// lengths come closest to a fair game, how skill moves the chance, and what
// each special card is worth. Each runs `simulate` on variants of a config.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "simulate.hpp"

namespace coyel::sim {

// How many games, from which seed, on how many threads.
struct RunSize {
    std::int64_t games = 9604;  // ±1 point at 95% for a chance near 50%
    std::uint64_t seed = 1;
    int threads = 1;
};

struct Candidate {
    Deck deck;
    int minutes = 0;  // clock mode's length; 0 in the other modes
    Summary summary;
};

struct Advice {
    Candidate reference;            // the config as given (the default deck unless --deck)
    std::vector<Candidate> ranked;  // closest to 50% first
};

// Every valid deck of carbon emissions and special cards for the count (and,
// in clock mode, lengths of 15 to 45 minutes), screened with `screen_games`
// each; the `top` closest to 50% are then played `size.games` times and ranked.
Advice advise(const SimConfig& config, const RunSize& size, std::int64_t screen_games,
              std::size_t top);

// How many of the four special cards (NGO, CEO, banker, fragile) a deck holds.
int special_cards(const Deck& deck);

// A count's fair default: the deck keeping the most special cards, then the
// length in minutes (multiples of 5 first), whose chance is nearest 50%,
// among those the lab puts within `band` of 50% (docs/balance.md).
struct FairDefault {
    Candidate chosen;
    bool found = false;  // false: no deck and length within the band
};
FairDefault fair_default(const SimConfig& config, const RunSize& size, std::int64_t screen_games,
                         double band);

// In clock mode, the length nearest the config's own (ties: the longer) of
// 10 to 120 minutes in steps of 5 whose chance with `size` is within `band`
// of 50%; none when no length is, or in the other modes.
std::optional<Candidate> nearest_fair_length(const SimConfig& config, const RunSize& size,
                                             double band);

// The ecosystems' figures at skill 1..max_skill (table policy).
std::vector<Summary> skill_table(SimConfig config, int max_skill, const RunSize& size);

// One card's worth: the chance with it and without it (a citizen instead).
struct CardValue {
    Role role = Role::carbon;
    bool in_deck = false;  // measured by taking it out; else by putting it in
    Summary with;
    Summary with_free;  // with the card, its calls taking no clock time
    Summary without;
    double points() const { return 100 * (with.ecosystems_win - without.ecosystems_win); }
    // The worth were the card's calls free: the difference is their time's cost.
    double points_free() const { return 100 * (with_free.ecosystems_win - without.ecosystems_win); }
};
// Each special card and one carbon emission, where the variant deck is valid.
std::vector<CardValue> card_values(const SimConfig& config, const RunSize& size);

}  // namespace coyel::sim
