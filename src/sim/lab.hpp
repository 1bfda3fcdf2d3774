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
    std::vector<Candidate> ranked;  // the best first (see advise)
    std::int64_t games_played = 0;  // over every candidate, the reference aside
    // The reference is itself a candidate (its cards asked, its length among
    // those searched): it is ranked among them with its own figures.
    bool reference_ranked = false;
};

// What the moderator has and wants: the special cards they may keep (each
// deck holds some of them), and the minutes they have (clock mode).
struct AdviceAsk {
    std::vector<Role> cards{special_roles.begin(), special_roles.end()};
    std::optional<int> minutes;  // none: 10 to 120 minutes in steps of 5, and the config's own
    std::size_t top = 10;
};

// The chance a candidate is "fair" within: 3 points of 50% (as the defaults).
inline constexpr double advice_band = 0.03;

// The lengths advice searches: in clock mode the minutes asked, or those
// the defaults are chosen from (10 to 120 in steps of 5) and the config's
// own length (the count's default unless given); {0} in the other modes.
std::vector<int> advised_lengths(const SimConfig& config, const AdviceAsk& ask);

// Every deck of 1 or more carbon emissions and some of the cards asked, at
// each length asked (the config's deck and length among them when its cards
// are asked), ranked: those within advice_band of 50% first, most
// special cards kept first, then nearest 50%; then the others, nearest 50%
// first. The `ask.top` best are returned. Racing: every candidate plays 64
// games, then those that cannot reach the top (their 99% interval's best
// rank is behind the top's worst) drop out, and the rest play twice as many,
// until the top is decided or each has played `size.games`. `progress` is
// told the games played so far (its total: 0, not known in advance); its
// answer is not asked (a race cut short would rank nothing).
Advice advise(const SimConfig& config, const RunSize& size, const AdviceAsk& ask,
              const Progress& progress = {});
// The same ranking with every candidate played `size.games` times: the long
// fixed run that racing must agree with (tests/sim/advice_test.cpp).
Advice advise_fixed(const SimConfig& config, const RunSize& size, const AdviceAsk& ask);

// A candidate's place in the ranking: smaller is better.
struct AdviceRank {
    int band = 0;         // 0: within advice_band of 50%
    int fewer_kept = 0;   // within the band: minus the special cards kept
    double distance = 0;  // from 50%
    auto operator<=>(const AdviceRank&) const = default;
};
AdviceRank advice_rank(double distance, const Deck& deck);

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
std::vector<CardValue> card_values(const SimConfig& config, const RunSize& size);

}  // namespace coyel::sim
