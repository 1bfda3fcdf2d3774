// `coyel balance --advise`: which decks and lengths come closest to a fair
// game, raced (the games go where they decide the ranking), then checked on
// fresh games before any is put above the default (docs/balance.md "--advise").
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "lab.hpp"

namespace coyel::sim {

// What the moderator has and wants: the special cards they may keep (each
// deck holds some of them), and the minutes they have (clock mode).
struct AdviceAsk {
    std::vector<Role> cards{special_roles.begin(), special_roles.end()};
    std::optional<int> minutes;  // none: 10 to 120 minutes in steps of 5, and the config's own
    std::size_t top = 10;
};

// The chance a candidate is "fair" within: 3 points of 50%.
inline constexpr double advice_band = 0.03;

// The lengths advice searches: in clock mode the minutes asked, or those
// the defaults are chosen from (10 to 120 in steps of 5) and the config's
// own length (the count's default unless given); {0} in the other modes.
std::vector<int> advised_lengths(const SimConfig& config, const AdviceAsk& ask);

// A candidate's place in the ranking: smaller is better.
struct AdviceRank {
    int band = 0;         // 0: within advice_band of 50%
    int fewer_kept = 0;   // within the band: minus the special cards kept
    double distance = 0;  // from 50%
    auto operator<=>(const AdviceRank&) const = default;
};
AdviceRank advice_rank(double distance, const Deck& deck);
AdviceRank advice_rank(const Candidate& candidate);

// A candidate the race put above the reference (or, when the reference is
// not a candidate, the first), played again on fresh games beside the
// reference: the winner of hundreds of estimates is optimistic.
struct Check {
    Candidate candidate;  // with the race's figures
    Summary fresh;        // the candidate on the fresh games
    Summary reference;    // the reference on as many fresh games
    // How much nearer 50% than the reference the fresh games put it, in
    // points, with its 95% interval (the two runs taken as independent).
    double nearer = 0;
    Interval nearer_ci95;
    // Above the reference on the fresh games by more than their noise: a
    // card kept more and within the band, or nearer 50% with the whole
    // interval above 0. Else it goes below the reference (ties go to it).
    bool confirmed = false;
};

struct Advice {
    Candidate reference;            // the config as given (the default deck unless --deck)
    std::vector<Candidate> ranked;  // the best first, the checks applied
    std::int64_t games_played = 0;  // raced, each deck's games counted once for all its lengths
    // The reference is itself a candidate (its cards asked, its length among
    // those searched): it is ranked among them with its own figures.
    bool reference_ranked = false;
    std::uint64_t fresh_seed = 0;  // the checks' games: the run's seed + 1
    std::vector<Check> checks;     // in the race's order
    std::int64_t fresh_games = 0;  // played for the checks, the reference's included
    bool stopped = false;          // stopped (Ctrl-C): ranked on the games so far, unchecked
};

// Every deck of 1 or more carbon emissions and some of the cards asked, at
// each length asked (the config's deck and length among them when its cards
// are asked), ranked: those within advice_band of 50% first, most special
// cards kept first, then nearest 50%; then the others, nearest 50% first.
// The `ask.top` best are returned. Racing: each deck plays every length at
// once (play_games_at_lengths), 64 games, then the candidates that cannot
// reach the top (their 99% interval's best rank is behind the top's worst)
// drop out, and the decks still racing play twice as many, until the top is
// decided or each has played `size.games`. Then each candidate ranked above
// the reference is checked on fresh games (Check). `progress` is told the
// games played so far (its total: 0, not known in advance); when it answers
// false, the advice ranks what was played (`stopped`).
Advice advise(const SimConfig& config, const RunSize& size, const AdviceAsk& ask,
              const Progress& progress = {});
// The checks of a ranking (advise_check.cpp): each candidate ranked above the
// reference (or the first, when the reference is not ranked) and the
// reference play `advice.fresh_seed`'s games, 2,048 then twice as many up to
// `size.games`, until each is decided; those not confirmed go just below the
// reference. Stopped by `progress`, the undecided are not confirmed.
void check_on_fresh_games(const SimConfig& config, const RunSize& size, Advice& advice,
                          const Progress& progress = {});

// A stopped advice's ranking: those above the reference, unchecked, go just
// below it (none is confirmed).
void leave_unchecked_below(Advice& advice);

// The same ranking with every candidate played `size.games` times and no
// check: the long fixed run that racing must agree with (tests/sim/advice_test.cpp).
Advice advise_fixed(const SimConfig& config, const RunSize& size, const AdviceAsk& ask);

}  // namespace coyel::sim
