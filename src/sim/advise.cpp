#include "advise.hpp"

#include <algorithm>
#include <cmath>

#include "deck_run.hpp"

namespace coyel::sim {

std::vector<int> advised_lengths(const SimConfig& config, const AdviceAsk& ask) {
    if (config.options.temperature_mode != TemperatureMode::clock) return {0};
    if (ask.minutes) return {*ask.minutes};
    // The lengths the defaults are chosen from, and the config's own (the count's default).
    std::vector<int> lengths = lengths_from(10, 120, 5);
    const int own = config.options.temperature_minutes;
    if (std::find(lengths.begin(), lengths.end(), own) == lengths.end())
        lengths.insert(std::upper_bound(lengths.begin(), lengths.end(), own), own);
    return lengths;
}

AdviceRank advice_rank(double distance, const Deck& deck) {
    if (distance <= advice_band) return {0, -special_cards(deck), distance};
    return {1, 0, distance};
}

AdviceRank advice_rank(const Candidate& candidate) {
    return advice_rank(distance_from_fair(candidate.summary), candidate.deck);
}

namespace {

// Who is in the top is raced at 99%, so that a candidate rarely leaves it
// by a miss; the order within the top, which only sorts what is shown, at 95%.

// Whether a deck holds none but the special cards asked.
bool holds_asked_cards(const Deck& deck, const AdviceAsk& ask) {
    return std::all_of(special_roles.begin(), special_roles.end(), [&](Role role) {
        return deck[role] == 0 ||
               std::find(ask.cards.begin(), ask.cards.end(), role) != ask.cards.end();
    });
}

// One candidate of the race: a length of one deck's run.
struct Slot {
    std::size_t run = 0;
    std::size_t length = 0;
    bool operator==(const Slot&) const = default;
};

// A candidate's best and worst rank within its interval at `z`.
struct RankRange {
    AdviceRank best, worst;
};

RankRange rank_range(const Tally& tally, const Deck& deck, double z) {
    const Interval interval = wilson(tally.ecosystems_wins, tally.games, z);
    const double far = std::max(std::abs(interval.low - 0.5), std::abs(interval.high - 0.5));
    const double near = interval.low <= 0.5 && 0.5 <= interval.high
                            ? 0
                            : std::min(std::abs(interval.low - 0.5), std::abs(interval.high - 0.5));
    return {advice_rank(near, deck), advice_rank(far, deck)};
}

// The race: every deck of the cards asked, each a run at every length asked.
struct Race {
    const SimConfig& config;
    const RunSize& size;
    Progress progress;  // a copy: the race outlives a progress made for the call
    std::vector<DeckRun> runs;
    std::vector<Slot> racing;       // by run, then length: a deck's lengths rising
    std::optional<Slot> reference;  // the reference, when it is a candidate
    bool stopped = false;

    const Tally& tally(Slot slot) const { return runs[slot.run].tallies[slot.length]; }
    RankRange range(Slot slot, double z) const {
        return rank_range(tally(slot), runs[slot.run].deck, z);
    }
    std::int64_t games_played() const {
        std::int64_t games = 0;
        for (const auto& run : runs) games += run.games();
        return games;
    }
    // Plays the runs of `slots` on to `games`; false once stopped.
    bool play(const std::vector<Slot>& slots, std::int64_t games) {
        std::vector<std::size_t> which;
        for (Slot slot : slots) which.push_back(slot.run);
        std::sort(which.begin(), which.end());
        which.erase(std::unique(which.begin(), which.end()), which.end());
        if (!stopped && !play_runs(config, runs, which, games, size, progress, games_played()))
            stopped = true;
        return !stopped;
    }
};

Race start_race(const SimConfig& config, const RunSize& size, const AdviceAsk& ask,
                const Progress& progress) {
    Race race{config, size, progress, {}, {}, std::nullopt};
    const auto lengths = advised_lengths(config, ask);
    const bool clock = config.options.temperature_mode == TemperatureMode::clock;
    const int own = clock ? config.options.temperature_minutes : 0;
    for (const Deck& deck : all_decks(config.players)) {
        if (!holds_asked_cards(deck, ask)) continue;
        race.runs.emplace_back(deck, lengths);
        for (std::size_t length = 0; length < lengths.size(); ++length) {
            const Slot slot{race.runs.size() - 1, length};
            race.racing.push_back(slot);
            if (deck == config.deck && lengths[length] == own) race.reference = slot;
        }
    }
    return race;
}

// The racing candidates whose best rank is not behind the top's `top`-th worst.
std::vector<Slot> still_racing(const Race& race, std::size_t top) {
    std::vector<AdviceRank> worst;
    for (Slot slot : race.racing) worst.push_back(race.range(slot, z99).worst);
    std::nth_element(worst.begin(), worst.begin() + static_cast<std::ptrdiff_t>(top - 1),
                     worst.end());
    const AdviceRank cut = worst[top - 1];
    std::vector<Slot> kept;
    for (Slot slot : race.racing)
        if (!(cut < race.range(slot, z99).best)) kept.push_back(slot);
    return kept;
}

// The racing candidates not yet surely in the top: fewer than all but `top`
// of the others are surely behind them. Sorted bests: n log n, not n².
std::vector<Slot> undecided_members(const Race& race, std::size_t top) {
    std::vector<RankRange> ranges;
    std::vector<AdviceRank> bests;
    for (Slot slot : race.racing) {
        ranges.push_back(race.range(slot, z99));
        bests.push_back(ranges.back().best);
    }
    std::sort(bests.begin(), bests.end());
    std::vector<Slot> playing;
    for (std::size_t i = 0; i < race.racing.size(); ++i) {
        const auto behind =
            bests.end() - std::upper_bound(bests.begin(), bests.end(), ranges[i].worst);
        if (static_cast<std::size_t>(behind) + top < race.racing.size())
            playing.push_back(race.racing[i]);
    }
    return playing;
}

// The racing candidates less each whose games so far are exactly those of
// the same deck at a shorter length (a limit the games never reach): the
// shortest stands for them.
std::vector<Slot> without_repeats(const Race& race) {
    std::vector<Slot> kept;
    for (Slot slot : race.racing) {
        const bool repeat = !kept.empty() && kept.back().run == slot.run &&
                            race.tally(kept.back()) == race.tally(slot);
        if (!repeat) kept.push_back(slot);
    }
    return kept;
}

// Each run plays its lengths up to the longest still racing (or the
// reference's): shorter games for the rest of the race.
void shorten_runs(Race& race) {
    std::vector<std::size_t> needed(race.runs.size(), 0);
    for (Slot slot : race.racing) needed[slot.run] = std::max(needed[slot.run], slot.length + 1);
    if (race.reference)
        needed[race.reference->run] =
            std::max(needed[race.reference->run], race.reference->length + 1);
    for (std::size_t i = 0; i < race.runs.size(); ++i)
        race.runs[i].played = std::min(race.runs[i].played, std::max<std::size_t>(1, needed[i]));
}

// A candidate's rank by its figures so far.
AdviceRank point_rank(const Race& race, Slot slot) {
    return advice_rank(distance_from_fair(summarise(race.tally(slot), 0)),
                       race.runs[slot.run].deck);
}

// Whether two candidates' rank ranges overlap: their order is not decided.
bool overlap(const Race& race, Slot slot, Slot other) {
    const RankRange range = race.range(slot, z95), theirs = race.range(other, z95);
    return !(range.worst < theirs.best) && !(theirs.worst < range.best);
}

// The `top` racing candidates of the best figures, in the runs' order.
void keep_best(Race& race, std::size_t top) {
    if (race.racing.size() <= top) return;
    std::stable_sort(race.racing.begin(), race.racing.end(),
                     [&](Slot a, Slot b) { return point_rank(race, a) < point_rank(race, b); });
    race.racing.resize(top);
    std::sort(race.racing.begin(), race.racing.end(), [](Slot a, Slot b) {
        return std::pair{a.run, a.length} < std::pair{b.run, b.length};
    });
}

// The top's order, raced at 95%: each whose rank range overlaps another's
// plays on, twice as many games at a time, up to `order_games`; then the
// first place alone: the leader and those it overlaps, up to `size.games`.
void order_top(Race& race, std::int64_t order_games) {
    for (bool first_only : {false, true})
        for (;;) {
            Slot leader = race.racing.front();
            for (Slot slot : race.racing)
                if (point_rank(race, slot) < point_rank(race, leader)) leader = slot;
            const std::int64_t most = first_only ? race.size.games : order_games;
            std::vector<Slot> playing;
            std::int64_t games = most;
            for (Slot slot : race.racing) {
                const bool open =
                    std::any_of(race.racing.begin(), race.racing.end(), [&](Slot other) {
                        return !(other == slot) &&
                               (!first_only || slot == leader || other == leader) &&
                               overlap(race, slot, other);
                    });
                if (race.tally(slot).games >= most || !open) continue;
                playing.push_back(slot);
                games = std::min(games, 2 * race.tally(slot).games);
            }
            if (playing.empty()) break;
            if (!race.play(playing, games)) return;
        }
}

// Who is in the top: raced at 99%, 64 games each, then twice as many, up
// to a sixteenth of `size.games` (about ±4 points); then the best by their
// figures. Its order: up to a quarter (±2 points), the first up to all.
void run_race(Race& race, std::size_t top) {
    const std::int64_t membership =
        std::max(std::min<std::int64_t>(64, race.size.games), race.size.games / 16);
    std::vector<Slot> playing = race.racing;
    for (std::int64_t games = std::min<std::int64_t>(64, membership);; games *= 2) {
        games = std::min(games, membership);
        if (!race.play(playing, games)) return;
        race.racing = without_repeats(race);
        if (race.racing.size() > top) race.racing = still_racing(race, top);
        shorten_runs(race);
        playing = undecided_members(race, top);
        if (race.racing.size() <= top || playing.empty() || games == membership) break;
    }
    keep_best(race, top);
    shorten_runs(race);
    order_top(race, std::max(membership, race.size.games / 4));
}

bool same_candidate(const Candidate& a, const Candidate& b) {
    return a.deck == b.deck && a.minutes == b.minutes;
}

// The reference with its own `size.games` figures: its run's, played on to
// them when it is a candidate, else a run of its own.
Candidate reference_of(Race& race) {
    if (race.reference) {
        (void)race.play({*race.reference}, race.size.games);
        return race.runs[race.reference->run].candidate(race.reference->length);
    }
    const bool clock = race.config.options.temperature_mode == TemperatureMode::clock;
    std::vector<DeckRun> own{
        DeckRun(race.config.deck, {clock ? race.config.options.temperature_minutes : 0})};
    if (!race.stopped && !play_runs(race.config, own, {0}, race.size.games, race.size,
                                    race.progress, race.games_played()))
        race.stopped = true;
    return own[0].candidate(0);
}

// The racing candidates in rank order, the `top` best, the reference among
// them with its own figures when it is a candidate.
Advice ranked_advice(Race& race, std::size_t top) {
    Advice advice;
    advice.reference = reference_of(race);
    advice.games_played = race.games_played();
    advice.reference_ranked = race.reference.has_value();
    for (Slot slot : race.racing)
        advice.ranked.push_back(race.runs[slot.run].candidate(slot.length));
    if (advice.reference_ranked) {
        std::erase_if(advice.ranked, [&](const Candidate& candidate) {
            return same_candidate(candidate, advice.reference);
        });
        advice.ranked.push_back(advice.reference);
    }
    std::stable_sort(
        advice.ranked.begin(), advice.ranked.end(),
        [](const Candidate& a, const Candidate& b) { return advice_rank(a) < advice_rank(b); });
    advice.ranked.resize(std::min(top, advice.ranked.size()));
    advice.stopped = race.stopped;
    return advice;
}

}  // namespace

Advice advise(const SimConfig& config, const RunSize& size, const AdviceAsk& ask,
              const Progress& progress) {
    Race race = start_race(config, size, ask, progress);
    const std::size_t top = std::max<std::size_t>(1, ask.top);
    run_race(race, top);
    Advice advice = ranked_advice(race, top);
    advice.fresh_seed = size.seed + 1;
    if (advice.stopped)
        leave_unchecked_below(advice);
    else
        check_on_fresh_games(config, size, advice, progress);
    return advice;
}

Advice advise_fixed(const SimConfig& config, const RunSize& size, const AdviceAsk& ask) {
    Race race = start_race(config, size, ask, {});
    (void)race.play(race.racing, size.games);
    race.racing = without_repeats(race);
    return ranked_advice(race, ask.top);
}

}  // namespace coyel::sim
