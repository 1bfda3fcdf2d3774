// The balance lab's questions beyond one setup's figures: how skill moves
// the chance, what each special card is worth, the length that makes a deck
// fair (advise.hpp: which decks and lengths come closest to a fair game;
// defaults.hpp: each count's default). Each runs `simulate` on variants of a config.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "simulate.hpp"

namespace coyel::sim {

// How many games, from which seed, on how many threads; and the clock each
// run's speed is measured on (games_per_second; none: not measured).
struct RunSize {
    std::int64_t games = 9604;  // ±1 point at 95% for a chance near 50%
    std::uint64_t seed = 1;
    int threads = 1;
    const platform::Clock* clock = nullptr;
};

struct Candidate {
    Deck deck;
    int minutes = 0;  // clock mode's length; 0 in the other modes
    Summary summary;
};

// How many of the four special cards (NGO, CEO, banker, fragile) a deck holds.
int special_cards(const Deck& deck);

// Every valid deck for the count: 1 to the most carbon emissions the rules
// allow, with each subset of the special cards, the rest citizens.
std::vector<Deck> all_decks(int players);

// first, first + step, ... up to last.
std::vector<int> lengths_from(int first, int last, int step);

// How far a chance is from a fair game (50%).
inline double distance_from_fair(const Summary& summary) {
    return summary.ecosystems_win > 0.5 ? summary.ecosystems_win - 0.5
                                        : 0.5 - summary.ecosystems_win;
}

// A progress that tells `progress` the games of a longer task: `before`
// played already, `total` in all (0: not known).
Progress progress_within(const Progress& progress, std::int64_t before, std::int64_t total);

// In clock mode, the length nearest the config's own (ties: the longer) of
// 10 to 120 minutes in steps of 5 whose chance with `size` is within `band`
// of 50%; none when no length is, or in the other modes.
std::optional<Candidate> nearest_fair_length(const SimConfig& config, const RunSize& size,
                                             double band);

// The ecosystems' figures at skill 1..max_skill (table policy). Stopped by
// `progress` (told the games of every row), the rows played so far, the
// last one with the games it had.
std::vector<Summary> skill_table(SimConfig config, int max_skill, const RunSize& size,
                                 const Progress& progress = {});

// One card's worth: the chance with it and without it (a citizen instead).
// Positive: the card helps the ecosystems; negative: the carbon team.
struct CardValue {
    Role role = Role::carbon;
    bool in_deck = false;  // measured by taking it out; else by putting it in
    Summary with;
    // With the card, its own calls taking no clock time. Not measured for a
    // carbon emission: the carbon call is answered with or without one more
    // card, so making it free would change both sides, not the card's cost.
    std::optional<Summary> with_free;
    Summary without;
    double points() const { return 100 * (with.ecosystems_win - without.ecosystems_win); }
    // The worth were the card's calls free: the difference is their time's cost.
    double points_free() const {
        return with_free ? 100 * (with_free->ecosystems_win - without.ecosystems_win) : 0;
    }
    // 95% intervals in points (Newcombe's, from the two Wilson intervals as
    // if the two runs were independent; they share seeds, so it is wider
    // than the truth, never narrower).
    Interval points_ci95() const;
    Interval points_free_ci95() const;
};
// Each special card and one carbon emission, where the variant deck is valid.
// Stopped by `progress` (told the games of every run), the cards measured
// whole so far.
std::vector<CardValue> card_values(const SimConfig& config, const RunSize& size,
                                   const Progress& progress = {});
// How many cards card_values measures for `config` when it is not stopped.
std::size_t card_values_count(const SimConfig& config);

}  // namespace coyel::sim
