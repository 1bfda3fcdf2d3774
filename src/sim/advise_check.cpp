// The advice's checks on fresh games (advise.hpp, check_on_fresh_games): the
// first of hundreds of estimates good to a point is optimistic, so a
// candidate goes above the reference only if games it was not chosen on
// find it nearer fair by more than their noise.
#include <algorithm>
#include <cmath>

#include "advise.hpp"
#include "deck_run.hpp"

namespace coyel::sim {
namespace {

constexpr std::int64_t first_fresh_games = 2048;

// Where a candidate plays: its deck's run, at its length.
struct Place {
    std::size_t run = 0;
    std::size_t length = 0;
};

// One run per deck, at the lengths its candidates need.
std::vector<DeckRun> runs_for(const std::vector<Candidate>& candidates) {
    std::vector<std::pair<Deck, std::vector<int>>> decks;
    for (const auto& candidate : candidates) {
        auto deck = std::find_if(decks.begin(), decks.end(),
                                 [&](const auto& other) { return other.first == candidate.deck; });
        if (deck == decks.end()) deck = decks.insert(decks.end(), {candidate.deck, {}});
        auto& lengths = deck->second;
        if (std::find(lengths.begin(), lengths.end(), candidate.minutes) == lengths.end())
            lengths.insert(std::upper_bound(lengths.begin(), lengths.end(), candidate.minutes),
                           candidate.minutes);
    }
    std::vector<DeckRun> runs;
    for (auto& [deck, lengths] : decks) runs.emplace_back(deck, std::move(lengths));
    return runs;
}

Place place_of(const std::vector<DeckRun>& runs, const Candidate& candidate) {
    for (std::size_t run = 0; run < runs.size(); ++run)
        if (runs[run].deck == candidate.deck)
            return {run, runs[run].length_index(candidate.minutes)};
    return {};  // never: every candidate has its run
}

// Decides a check on the fresh games so far; true once decided. `last`: no
// more games will come. Before the last games the bar is 99% (the look is
// one of several), and a candidate the fresh games do not put nearer at all
// is let go: ties go to the reference.
bool judge(Check& check, const Tally& fresh, const Tally& reference, const Deck& reference_deck,
           bool last) {
    check.fresh = summarise(fresh, 0);
    check.reference = summarise(reference, 0);
    const double p = check.fresh.ecosystems_win, q = check.reference.ecosystems_win;
    const double se = 100 * std::sqrt(p * (1 - p) / static_cast<double>(fresh.games) +
                                      q * (1 - q) / static_cast<double>(reference.games));
    check.nearer = 100 * (distance_from_fair(check.reference) - distance_from_fair(check.fresh));
    check.nearer_ci95 = {check.nearer - z95 * se, check.nearer + z95 * se};
    if (special_cards(check.candidate.deck) > special_cards(reference_deck)) {
        // More cards kept rank it above once it is fair: within the band on fresh games.
        const Interval sure = wilson(fresh.ecosystems_wins, fresh.games, z99);
        const bool inside = sure.low >= 0.5 - advice_band && sure.high <= 0.5 + advice_band;
        const bool outside = sure.high < 0.5 - advice_band || sure.low > 0.5 + advice_band;
        check.confirmed = last ? distance_from_fair(check.fresh) <= advice_band : inside;
        return last || inside || outside;
    }
    check.confirmed = last ? check.nearer_ci95.low > 0 : check.nearer - z99 * se > 0;
    return last || check.confirmed || check.nearer <= 0;
}

// The candidates to check: those ranked above the reference, or the first
// when the reference is not ranked.
std::vector<Check> checks_for(const Advice& advice) {
    std::vector<Check> checks;
    for (const auto& candidate : advice.ranked) {
        if (advice.reference_ranked && candidate.deck == advice.reference.deck &&
            candidate.minutes == advice.reference.minutes)
            break;
        checks.push_back({candidate, {}, {}, 0, {}, false});
        if (!advice.reference_ranked) break;
    }
    return checks;
}

// Those above the reference not `confirmed` go just below it, in the race's
// order; the reference, when the race left it out of the list, comes in
// there, and the list keeps its length.
void apply_checks(Advice& advice, const std::vector<bool>& confirmed) {
    if (!advice.reference_ranked) return;
    const std::size_t length = advice.ranked.size();
    std::vector<Candidate> ranked, demoted;
    std::size_t i = 0;
    for (; i < confirmed.size(); ++i) (confirmed[i] ? ranked : demoted).push_back(advice.ranked[i]);
    ranked.push_back(advice.reference);
    if (i < length) ++i;  // the reference's place in the race's list
    ranked.insert(ranked.end(), demoted.begin(), demoted.end());
    ranked.insert(ranked.end(), advice.ranked.begin() + static_cast<std::ptrdiff_t>(i),
                  advice.ranked.end());
    ranked.resize(length);
    advice.ranked = std::move(ranked);
}

}  // namespace

void check_on_fresh_games(const SimConfig& config, const RunSize& size, Advice& advice,
                          const Progress& progress) {
    advice.checks = checks_for(advice);
    if (advice.checks.empty()) return;
    std::vector<Candidate> playing{advice.reference};
    for (const auto& check : advice.checks) playing.push_back(check.candidate);
    auto runs = runs_for(playing);
    const Place reference = place_of(runs, advice.reference);
    RunSize fresh = size;
    fresh.seed = advice.fresh_seed;
    std::vector<bool> decided(advice.checks.size(), false);
    for (std::int64_t games = std::min(first_fresh_games, size.games);;
         games = std::min(2 * games, size.games)) {
        std::vector<std::size_t> which{reference.run};
        for (std::size_t i = 0; i < advice.checks.size(); ++i)
            if (!decided[i]) which.push_back(place_of(runs, advice.checks[i].candidate).run);
        std::sort(which.begin(), which.end());
        which.erase(std::unique(which.begin(), which.end()), which.end());
        std::int64_t before = advice.games_played;
        for (const auto& run : runs) before += run.games();
        advice.stopped = !play_runs(config, runs, which, games, fresh, progress, before);
        const bool last = advice.stopped || games >= size.games;
        for (std::size_t i = 0; i < advice.checks.size(); ++i) {
            if (decided[i]) continue;
            const Place place = place_of(runs, advice.checks[i].candidate);
            decided[i] =
                judge(advice.checks[i], runs[place.run].tallies[place.length],
                      runs[reference.run].tallies[reference.length], advice.reference.deck, last);
            if (advice.stopped) advice.checks[i].confirmed = false;  // not decided: a tie
        }
        if (last || std::all_of(decided.begin(), decided.end(), [](bool done) { return done; }))
            break;
    }
    advice.fresh_games = 0;
    for (const auto& run : runs) advice.fresh_games += run.games();
    std::vector<bool> confirmed;
    for (const auto& check : advice.checks) confirmed.push_back(check.confirmed);
    apply_checks(advice, confirmed);
}

void leave_unchecked_below(Advice& advice) {
    apply_checks(advice, std::vector<bool>(checks_for(advice).size(), false));
}

}  // namespace coyel::sim
