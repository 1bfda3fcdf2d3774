// --advise races: candidates drop out once they cannot reach the top, so the
// games go where they decide the ranking. Its top ten must be a long fixed
// run's (every candidate played as long), but for ties within the intervals
// the race decided them at (who is in the ten: a sixteenth of the games,
// about ±4 points; docs/balance.md "Racing").
#include <catch2/catch.hpp>

#include "advise.hpp"

using namespace coyel;

namespace {

// The best and worst ranks a candidate's figures' 95% interval allows.
std::pair<sim::AdviceRank, sim::AdviceRank> rank_range(const Deck& deck,
                                                       const sim::Summary& summary) {
    const auto [low, high] = summary.ci95;
    const double far = std::max(std::abs(low - 0.5), std::abs(high - 0.5));
    const double near =
        low <= 0.5 && 0.5 <= high ? 0 : std::min(std::abs(low - 0.5), std::abs(high - 0.5));
    return {sim::advice_rank(near, deck), sim::advice_rank(far, deck)};
}

// The rank range of a candidate on the games the race decides who is in
// the ten with: its first sixteenth of the run's games (game i is the same
// game in any run).
std::pair<sim::AdviceRank, sim::AdviceRank> decided_range(const sim::SimConfig& config,
                                                          const sim::RunSize& size,
                                                          const sim::Candidate& candidate) {
    sim::SimConfig variant = config;
    variant.deck = candidate.deck;
    if (candidate.minutes > 0) variant.options.temperature_minutes = candidate.minutes;
    const std::int64_t games = std::max<std::int64_t>(64, size.games / 16);
    return rank_range(candidate.deck,
                      sim::summarise(sim::play_games(variant, 0, games, size.seed), 0));
}

bool same_candidate(const sim::Candidate& a, const sim::Candidate& b) {
    return a.deck == b.deck && a.minutes == b.minutes;
}

// Each of `shown` is in `fixed`'s top, or tied with its last within the
// intervals the race decided them at.
void check_within_ties(const sim::SimConfig& config, const sim::RunSize& size,
                       const std::vector<sim::Candidate>& shown, const sim::Advice& fixed,
                       std::size_t top) {
    const auto last = decided_range(config, size, fixed.ranked[top - 1]);
    for (const auto& candidate : shown) {
        INFO(describe_deck(candidate.deck)
             << " at " << candidate.minutes << " minutes, " << candidate.summary.ecosystems_win);
        auto in_fixed =
            std::find_if(fixed.ranked.begin(), fixed.ranked.end(),
                         [&](const auto& other) { return same_candidate(candidate, other); });
        REQUIRE(in_fixed != fixed.ranked.end());
        if (in_fixed - fixed.ranked.begin() < static_cast<std::ptrdiff_t>(top)) continue;
        CHECK(!(last.second < decided_range(config, size, candidate).first));
    }
}

void check_race_against_fixed(const sim::SimConfig& config, const sim::AdviceAsk& ask,
                              std::int64_t games) {
    const sim::RunSize size{games, 7, 2};
    const auto raced = sim::advise(config, size, ask);
    sim::AdviceAsk every = ask;
    every.top = 1000;  // the whole fixed ranking, to find any candidate in it
    const auto fixed = sim::advise_fixed(config, size, every);
    REQUIRE(raced.ranked.size() == ask.top);
    REQUIRE(fixed.ranked.size() > ask.top);
    // Racing spends fewer games than the fixed run (which plays each deck
    // once for all its lengths too).
    CHECK(raced.games_played * 2 < fixed.games_played);
    check_within_ties(config, size, raced.ranked, fixed, ask.top);
    const std::vector<sim::Candidate> fixed_top(fixed.ranked.begin(),
                                                fixed.ranked.begin() + ask.top);
    for (const auto& candidate : fixed_top) {
        const bool raced_has =
            std::any_of(raced.ranked.begin(), raced.ranked.end(),
                        [&](const auto& other) { return same_candidate(candidate, other); });
        if (raced_has) continue;
        // Left out by the race: only as a tie with the race's last, within
        // the intervals the race decided them at.
        INFO(describe_deck(candidate.deck) << " at " << candidate.minutes << " minutes");
        CHECK(!(decided_range(config, size, candidate).second <
                decided_range(config, size, raced.ranked.back()).first));
    }
    // The race's figures are its games' own: game i of a candidate is the same
    // game in any run, so they are the fixed run's first games.
    for (const auto& candidate : raced.ranked) {
        sim::SimConfig variant = config;
        variant.deck = candidate.deck;
        if (candidate.minutes > 0) variant.options.temperature_minutes = candidate.minutes;
        CHECK(candidate.summary.tally ==
              sim::play_games(variant, 0, candidate.summary.tally.games, size.seed));
    }
}

}  // namespace

TEST_CASE("racing advice gives a long fixed run's top ten: 16 players, all cards, one length",
          "[sim][long]") {
    sim::SimConfig config;
    config.players = 16;
    config.deck = *default_deck(16);
    config.options.temperature_minutes = 40;
    sim::AdviceAsk ask;
    ask.minutes = 40;
    check_race_against_fixed(config, ask, 12000);
}

TEST_CASE("racing advice gives a long fixed run's top ten: 12 players, NGO and CEO, every length",
          "[sim][long]") {
    sim::SimConfig config;
    config.players = 12;
    config.deck = *default_deck(12);
    sim::AdviceAsk ask;
    ask.cards = {Role::ngo, Role::ceo};
    // 6,000 games (not 12,000): the 23 lengths make four times the candidates.
    check_race_against_fixed(config, ask, 6000);
    // Only the cards asked: no banker, no fragile in any deck.
    for (const auto& candidate : sim::advise(config, {2000, 7, 2}, ask).ranked) {
        CHECK(candidate.deck[Role::banker] == 0);
        CHECK(candidate.deck[Role::fragile] == 0);
    }
}
