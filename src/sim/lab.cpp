#include "lab.hpp"

#include <algorithm>
#include <cmath>

#include "coyel/calls.hpp"

namespace coyel::sim {
namespace {

constexpr std::array<Role, 4> special_roles = {Role::ngo, Role::ceo, Role::banker, Role::fragile};
constexpr std::array<int, 6> advised_minutes = {15, 20, 25, 30, 35, 45};

// Every valid deck for the count: 1 to the most carbon emissions the rules
// allow, with each subset of the four special cards.
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

Candidate play_candidate(SimConfig config, const Deck& deck, int minutes, const RunSize& size) {
    config.deck = deck;
    if (minutes > 0) config.options.temperature_minutes = minutes;
    return {deck, minutes, simulate(config, size.games, size.seed, size.threads)};
}

double distance_from_fair(const Candidate& candidate) {
    return std::abs(candidate.summary.ecosystems_win - 0.5);
}

bool closer_to_fair(const Candidate& a, const Candidate& b) {
    return distance_from_fair(a) < distance_from_fair(b);
}

// Every valid deck with exactly `specials` special cards, each at every length.
std::vector<Candidate> screen_with_specials(const SimConfig& config, int specials,
                                            const std::vector<int>& lengths,
                                            const RunSize& screen) {
    std::vector<Candidate> screened;
    for (const Deck& deck : all_decks(config.players)) {
        if (special_cards(deck) != specials) continue;
        for (int minutes : lengths)
            screened.push_back(play_candidate(config, deck, minutes, screen));
    }
    return screened;
}

// The screened candidates' best few, played with `size`, and the one chosen
// among those within the band: nearest 50%.
FairDefault settle(const SimConfig& config, std::vector<Candidate> screened, const RunSize& size,
                   double band) {
    std::sort(screened.begin(), screened.end(), closer_to_fair);
    screened.resize(std::min<std::size_t>(6, screened.size()));
    FairDefault best;
    for (const auto& candidate : screened) {
        if (distance_from_fair(candidate) > 2 * band) continue;
        auto played = play_candidate(config, candidate.deck, candidate.minutes, size);
        if (distance_from_fair(played) > band) continue;
        if (!best.found || closer_to_fair(played, best.chosen)) best = {played, true};
    }
    return best;
}

std::vector<int> lengths_from(int first, int last, int step) {
    std::vector<int> lengths;
    for (int minutes = first; minutes <= last; minutes += step) lengths.push_back(minutes);
    return lengths;
}

}  // namespace

int special_cards(const Deck& deck) {
    int count = 0;
    for (Role role : special_roles) count += deck[role];
    return count;
}

FairDefault fair_default(const SimConfig& config, const RunSize& size, std::int64_t screen_games,
                         double band) {
    RunSize screen = size;
    screen.games = screen_games;
    const bool clock = config.options.temperature_mode == TemperatureMode::clock;
    // Round lengths first; every minute only when no round length will do.
    const std::vector<std::vector<int>> tries =
        clock ? std::vector<std::vector<int>>{lengths_from(10, 120, 5), lengths_from(10, 120, 1)}
              : std::vector<std::vector<int>>{{0}};
    for (int specials = static_cast<int>(special_roles.size()); specials >= 0; --specials)
        for (const auto& lengths : tries) {
            auto best =
                settle(config, screen_with_specials(config, specials, lengths, screen), size, band);
            if (best.found) return best;
        }
    return {};
}

std::optional<Candidate> nearest_fair_length(const SimConfig& config, const RunSize& size,
                                             double band) {
    if (config.options.temperature_mode != TemperatureMode::clock) return std::nullopt;
    auto lengths = lengths_from(10, 120, 5);
    const int given = config.options.temperature_minutes;
    std::stable_sort(lengths.begin(), lengths.end(), [given](int a, int b) {
        return std::pair{std::abs(a - given), -a} < std::pair{std::abs(b - given), -b};
    });
    for (int minutes : lengths) {
        if (minutes == given) continue;
        auto played = play_candidate(config, config.deck, minutes, size);
        if (distance_from_fair(played) <= band) return played;
    }
    return std::nullopt;
}

Advice advise(const SimConfig& config, const RunSize& size, std::int64_t screen_games,
              std::size_t top) {
    const bool clock = config.options.temperature_mode == TemperatureMode::clock;
    Advice advice;
    advice.reference =
        play_candidate(config, config.deck, clock ? config.options.temperature_minutes : 0, size);
    RunSize screen = size;
    screen.games = screen_games;
    std::vector<Candidate> screened;
    for (const Deck& deck : all_decks(config.players)) {
        if (!clock) {
            screened.push_back(play_candidate(config, deck, 0, screen));
            continue;
        }
        for (int minutes : advised_minutes)
            screened.push_back(play_candidate(config, deck, minutes, screen));
    }
    auto closer = [](const Candidate& a, const Candidate& b) {
        return distance_from_fair(a) < distance_from_fair(b);
    };
    std::sort(screened.begin(), screened.end(), closer);
    screened.resize(std::min(top, screened.size()));
    for (const auto& candidate : screened)
        advice.ranked.push_back(play_candidate(config, candidate.deck, candidate.minutes, size));
    std::stable_sort(advice.ranked.begin(), advice.ranked.end(), closer);
    return advice;
}

std::vector<Summary> skill_table(SimConfig config, int max_skill, const RunSize& size) {
    std::vector<Summary> rows;
    for (int skill = 1; skill <= max_skill; ++skill) {
        config.skill = skill;
        rows.push_back(simulate(config, size.games, size.seed, size.threads));
    }
    return rows;
}

namespace {
// The night calls a card answers (each costs call_seconds of clock).
std::uint16_t calls_of(Role role) {
    auto bit = [](CallId call) {
        return static_cast<std::uint16_t>(1U << static_cast<unsigned>(call));
    };
    switch (role) {
        case Role::carbon: return bit(CallId::carbon_target);
        case Role::ngo: return bit(CallId::ngo_protect);
        case Role::banker: return bit(CallId::banker);
        case Role::ceo:
            return bit(CallId::ceo_lobby) | bit(CallId::ceo_extra_lobby) | bit(CallId::slapp);
        default: return 0;
    }
}
}  // namespace

std::vector<CardValue> card_values(const SimConfig& config, const RunSize& size) {
    std::vector<CardValue> values;
    const Summary given = simulate(config, size.games, size.seed, size.threads);
    std::array<Role, 5> roles = {Role::carbon, Role::ngo, Role::ceo, Role::banker, Role::fragile};
    for (Role role : roles) {
        CardValue value;
        value.role = role;
        // A carbon emission is "in" when one more could be taken out and one remain.
        value.in_deck = role == Role::carbon ? config.deck[role] > 1 : config.deck[role] > 0;
        SimConfig variant = config;
        const int step = value.in_deck ? -1 : 1;
        variant.deck[role] += step;
        variant.deck[Role::citizen] -= step;
        if (variant.deck[Role::citizen] < 0 || !check_deck(variant.deck, config.players).empty())
            continue;
        const Summary other = simulate(variant, size.games, size.seed, size.threads);
        value.with = value.in_deck ? given : other;
        value.without = value.in_deck ? other : given;
        SimConfig free = value.in_deck ? config : variant;
        free.time.free_calls |= calls_of(role);
        value.with_free = simulate(free, size.games, size.seed, size.threads);
        values.push_back(value);
    }
    return values;
}

}  // namespace coyel::sim
