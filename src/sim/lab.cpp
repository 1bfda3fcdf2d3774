#include "lab.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "coyel/calls.hpp"
#include "deck_run.hpp"

namespace coyel::sim {
std::vector<Deck> all_decks(int players) {
    std::vector<Deck> decks;
    for (int carbon = 1; 2 * carbon < players; ++carbon)
        for (unsigned subset = 0; subset < (1U << special_roles.size()); ++subset) {
            Deck deck;
            deck[Role::carbon] = carbon;
            for (std::size_t i = 0; i < special_roles.size(); ++i)
                if (subset >> i & 1U) deck[special_roles[i]] = 1;
            deck[Role::citizen] = players - deck.size();
            if (deck[Role::citizen] >= 0 && check_deck(deck, players).empty())
                decks.push_back(deck);
        }
    return decks;
}

std::vector<int> lengths_from(int first, int last, int step) {
    std::vector<int> lengths;
    for (int minutes = first; minutes <= last; minutes += step) lengths.push_back(minutes);
    return lengths;
}

int special_cards(const Deck& deck) {
    int count = 0;
    for (Role role : special_roles) count += deck[role];
    return count;
}

Progress progress_within(const Progress& progress, std::int64_t before, std::int64_t total) {
    if (!progress) return {};
    return [progress, before, total](std::int64_t done, std::int64_t) {
        return progress(before + done, total);
    };
}

std::optional<Candidate> nearest_fair_length(const SimConfig& config, const RunSize& size,
                                             double band) {
    if (config.options.temperature_mode != TemperatureMode::clock) return std::nullopt;
    // Every length in one run of the deck (deck_run.hpp): the same games each.
    std::vector<DeckRun> runs{DeckRun(config.deck, lengths_from(10, 120, 5))};
    (void)play_runs(config, runs, {0}, size.games, size);
    const int given = config.options.temperature_minutes;
    std::optional<Candidate> nearest;
    for (std::size_t i = 0; i < runs[0].minutes.size(); ++i) {
        const int minutes = runs[0].minutes[i];
        auto candidate = runs[0].candidate(i);
        if (minutes == given || distance_from_fair(candidate.summary) > band) continue;
        const auto key = [given](int length) {
            return std::pair{std::abs(length - given), -length};
        };
        if (!nearest || key(minutes) < key(nearest->minutes)) nearest = candidate;
    }
    return nearest;
}

std::vector<Summary> skill_table(SimConfig config, int max_skill, const RunSize& size,
                                 const Progress& progress) {
    std::vector<Summary> rows;
    for (int skill = 1; skill <= max_skill; ++skill) {
        config.skill = skill;
        rows.push_back(
            simulate(config, size.games, size.seed, size.threads,
                     progress_within(progress, (skill - 1) * size.games, max_skill * size.games),
                     size.clock));
        if (rows.back().tally.games < size.games) break;  // stopped
    }
    return rows;
}

namespace {
// The night calls a card answers (each costs call_seconds of clock).
static_assert(call_table.size() <= 16, "TimeModel::free_calls holds a bit per call");
std::uint16_t calls_of(Role role) {
    std::uint16_t calls = 0;
    for (const CallInfo& call : call_table)
        if (call.answerer == role)
            calls |= static_cast<std::uint16_t>(1U << static_cast<unsigned>(call.id));
    return calls;
}
}  // namespace

namespace {
// Newcombe's interval of a − b in points, from each one's Wilson interval.
Interval difference_ci95(const Summary& a, const Summary& b) {
    const double d = a.ecosystems_win - b.ecosystems_win;
    const double below = std::hypot(a.ecosystems_win - a.ci95.low, b.ci95.high - b.ecosystems_win);
    const double above = std::hypot(a.ci95.high - a.ecosystems_win, b.ecosystems_win - b.ci95.low);
    return {100 * (d - below), 100 * (d + above)};
}
}  // namespace

Interval CardValue::points_ci95() const { return difference_ci95(with, without); }

Interval CardValue::points_free_ci95() const {
    return with_free ? difference_ci95(*with_free, without) : Interval{};
}

namespace {

// The deck with one `role` more (step 1) or less (-1), a citizen less or
// more; none when the rules refuse it. A carbon emission is "in" (measured by
// taking one out) when one could be taken out and one remain.
std::optional<CardValue> variant_of(const SimConfig& config, Role role, SimConfig& variant) {
    CardValue value;
    value.role = role;
    value.in_deck = role == Role::carbon ? config.deck[role] > 1 : config.deck[role] > 0;
    variant = config;
    const int step = value.in_deck ? -1 : 1;
    variant.deck[role] += step;
    variant.deck[Role::citizen] -= step;
    if (variant.deck[Role::citizen] < 0 || !check_deck(variant.deck, config.players).empty())
        return std::nullopt;
    return value;
}

// One carbon emission, then each special card.
std::vector<Role> valued_roles() {
    std::vector<Role> roles{Role::carbon};
    roles.insert(roles.end(), special_roles.begin(), special_roles.end());
    return roles;
}

}  // namespace

std::size_t card_values_count(const SimConfig& config) {
    SimConfig variant;
    std::size_t count = 0;
    for (Role role : valued_roles())
        if (variant_of(config, role, variant)) ++count;
    return count;
}

std::vector<CardValue> card_values(const SimConfig& config, const RunSize& size,
                                   const Progress& progress) {
    const std::vector<Role> roles = valued_roles();
    std::int64_t runs = 1;  // the given deck, then each variant (and its free calls)
    SimConfig variant;
    for (Role role : roles)
        if (variant_of(config, role, variant)) runs += role == Role::carbon ? 1 : 2;
    std::int64_t played = 0;
    bool stopped = false;
    auto run = [&](const SimConfig& setup) {
        auto summary = simulate(setup, size.games, size.seed, size.threads,
                                progress_within(progress, played, runs * size.games), size.clock);
        played += summary.tally.games;
        stopped = stopped || summary.tally.games < size.games;
        return summary;
    };
    std::vector<CardValue> values;
    const Summary given = run(config);
    for (Role role : roles) {
        auto value = variant_of(config, role, variant);
        if (!value) continue;
        if (stopped) break;
        const Summary other = run(variant);
        value->with = value->in_deck ? given : other;
        value->without = value->in_deck ? other : given;
        if (role != Role::carbon) {
            SimConfig free = value->in_deck ? config : variant;
            free.time.free_calls |= calls_of(role);
            value->with_free = run(free);
        }
        if (stopped) break;  // this card is not measured whole
        values.push_back(*value);
    }
    return values;
}

}  // namespace coyel::sim
