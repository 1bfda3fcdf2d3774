#include "lab.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "coyel/calls.hpp"

namespace coyel::sim {
namespace {

// Every valid deck for the count: 1 to the most carbon emissions the rules
// allow, with each subset of the special cards.
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

namespace {

// One candidate of a race: its deck and length, and the games it has played.
struct Runner {
    Deck deck;
    int minutes = 0;
    Tally tally;
};

// Whether a deck holds none but the special cards asked.
bool holds_asked_cards(const Deck& deck, const AdviceAsk& ask) {
    return std::all_of(special_roles.begin(), special_roles.end(), [&](Role role) {
        return deck[role] == 0 ||
               std::find(ask.cards.begin(), ask.cards.end(), role) != ask.cards.end();
    });
}

// The decks of the cards asked (some of them, each subset) at each length asked.
std::vector<Runner> runners_for(const SimConfig& config, const AdviceAsk& ask) {
    std::vector<Runner> runners;
    for (const Deck& deck : all_decks(config.players)) {
        if (!holds_asked_cards(deck, ask)) continue;
        for (int minutes : advised_lengths(config, ask)) runners.push_back({deck, minutes, {}});
    }
    return runners;
}

SimConfig config_of(SimConfig config, const Runner& runner) {
    config.deck = runner.deck;
    if (runner.minutes > 0) config.options.temperature_minutes = runner.minutes;
    return config;
}

// Plays games [tally.games, games) of each runner named in `racing`, in
// pieces of at most 1,024 games shared out between the threads, so that two
// threads share even one runner's games. Each piece's tally is added in
// order afterwards: integer sums, the same whatever the threads did.
void play_up_to(const SimConfig& config, std::vector<Runner>& runners,
                const std::vector<std::size_t>& racing, std::int64_t games, const RunSize& size,
                const Progress& progress = {}) {
    struct Piece {
        std::size_t runner;
        std::int64_t first, end;
        Tally tally;
    };
    constexpr std::int64_t piece_games = 1024;
    std::vector<Piece> pieces;
    for (std::size_t i : racing)
        for (std::int64_t first = runners[i].tally.games; first < games; first += piece_games)
            pieces.push_back({i, first, std::min(games, first + piece_games), {}});
    std::int64_t before = 0;  // games played by every runner so far, for the progress shown
    if (progress)
        for (const Runner& runner : runners) before += runner.tally.games;
    std::atomic<std::int64_t> done{0};
    auto last_report = std::chrono::steady_clock::now();
    std::atomic<std::size_t> next{0};
    auto work = [&](bool reports) {
        for (std::size_t i = next++; i < pieces.size(); i = next++) {
            Piece& piece = pieces[i];
            piece.tally = play_games(config_of(config, runners[piece.runner]), piece.first,
                                     piece.end, size.seed);
            done += piece.end - piece.first;
            const auto now = std::chrono::steady_clock::now();
            if (!reports || !progress || now - last_report < progress_every) continue;
            last_report = now;
            (void)progress(before + done.load(), 0);  // racing: no total known in advance
        }
    };
    std::vector<std::thread> workers;
    for (int thread = 1; thread < size.threads; ++thread) workers.emplace_back(work, false);
    work(true);
    for (auto& worker : workers) worker.join();
    for (const Piece& piece : pieces) runners[piece.runner].tally.add(piece.tally);
}

// Who is in the top is raced at 99%, so that a candidate rarely leaves it
// by a miss; the order within the top, which only sorts what is shown, at 95%.
constexpr double z99 = 2.5758293035489;
constexpr double z95 = 1.959963984540054;

// A runner's best and worst rank its interval allows.
std::pair<AdviceRank, AdviceRank> rank_range(const Runner& runner, double z) {
    const Interval interval = wilson(runner.tally.ecosystems_wins, runner.tally.games, z);
    const double far = std::max(std::abs(interval.low - 0.5), std::abs(interval.high - 0.5));
    const double near = interval.low <= 0.5 && 0.5 <= interval.high
                            ? 0
                            : std::min(std::abs(interval.low - 0.5), std::abs(interval.high - 0.5));
    return {advice_rank(near, runner.deck), advice_rank(far, runner.deck)};
}

// The racing runners that are surely in the top: at least all but `top` of
// the others are surely behind them. They need no more games to be in it.
std::vector<std::size_t> undecided_members(const std::vector<Runner>& runners,
                                           const std::vector<std::size_t>& racing,
                                           std::size_t top) {
    std::vector<std::size_t> playing;
    for (std::size_t i : racing) {
        const AdviceRank worst = rank_range(runners[i], z99).second;
        const auto behind = std::count_if(racing.begin(), racing.end(), [&](std::size_t other) {
            return worst < rank_range(runners[other], z99).first;
        });
        if (static_cast<std::size_t>(behind) + top < racing.size()) playing.push_back(i);
    }
    return playing;
}

// The racing runners whose best rank is not behind the top's `top`-th worst.
std::vector<std::size_t> still_racing(const std::vector<Runner>& runners,
                                      const std::vector<std::size_t>& racing, std::size_t top) {
    std::vector<AdviceRank> worst;
    for (std::size_t i : racing) worst.push_back(rank_range(runners[i], z99).second);
    std::nth_element(worst.begin(), worst.begin() + static_cast<std::ptrdiff_t>(top - 1),
                     worst.end());
    const AdviceRank cut = worst[top - 1];
    std::vector<std::size_t> kept;
    for (std::size_t i : racing)
        if (!(cut < rank_range(runners[i], z99).first)) kept.push_back(i);
    return kept;
}

// Whether runner `i`'s rank range overlaps another's of `top`: their order is not decided.
bool undecided(const std::vector<Runner>& runners, const std::vector<std::size_t>& top,
               std::size_t i) {
    // Plain copies, not a structured binding: clang 14 cannot capture those.
    const auto range = rank_range(runners[i], z95);
    const AdviceRank best = range.first, worst = range.second;
    return std::any_of(top.begin(), top.end(), [&](std::size_t other) {
        if (other == i) return false;
        const auto [other_best, other_worst] = rank_range(runners[other], z95);
        return !(worst < other_best) && !(other_worst < best);
    });
}

// The top's own order, raced too: those whose place among the top is not
// decided play on, twice as many games each time, up to `size.games`.
void order_top(const SimConfig& config, std::vector<Runner>& runners,
               const std::vector<std::size_t>& top, const RunSize& size, const Progress& progress) {
    for (;;) {
        std::vector<std::size_t> playing;
        std::int64_t games = size.games;
        for (std::size_t i : top)
            if (runners[i].tally.games < size.games && undecided(runners, top, i)) {
                playing.push_back(i);
                games = std::min(games, 2 * runners[i].tally.games);
            }
        if (playing.empty()) return;
        play_up_to(config, runners, playing, games, size, progress);
    }
}

AdviceRank rank_of(const Candidate& candidate) {
    return advice_rank(distance_from_fair(candidate), candidate.deck);
}

bool same_candidate(const Candidate& a, const Candidate& b) {
    return a.deck == b.deck && a.minutes == b.minutes;
}

// The runners named, as candidates in rank order, the `top` best. The
// reference, when it is a candidate too, is ranked with its own figures
// (its `size.games`, of which the runner's are the first), so that no
// candidate the ranking puts behind it is shown ahead of it.
Advice ranked_advice(const SimConfig& config, const RunSize& size, const AdviceAsk& ask,
                     const std::vector<Runner>& runners, const std::vector<std::size_t>& chosen) {
    Advice advice;
    const bool clock = config.options.temperature_mode == TemperatureMode::clock;
    advice.reference =
        play_candidate(config, config.deck, clock ? config.options.temperature_minutes : 0, size);
    for (const auto& runner : runners) advice.games_played += runner.tally.games;
    for (std::size_t i : chosen)
        advice.ranked.push_back(
            {runners[i].deck, runners[i].minutes, summarise(runners[i].tally, 0)});
    const auto lengths = advised_lengths(config, ask);
    advice.reference_ranked =
        holds_asked_cards(config.deck, ask) &&
        std::find(lengths.begin(), lengths.end(), advice.reference.minutes) != lengths.end();
    if (advice.reference_ranked) {
        std::erase_if(advice.ranked, [&](const Candidate& candidate) {
            return same_candidate(candidate, advice.reference);
        });
        advice.ranked.push_back(advice.reference);
    }
    std::stable_sort(
        advice.ranked.begin(), advice.ranked.end(),
        [](const Candidate& a, const Candidate& b) { return rank_of(a) < rank_of(b); });
    advice.ranked.resize(std::min(ask.top, advice.ranked.size()));
    return advice;
}

// The racing runners less each whose games so far are exactly those of the
// same deck at a shorter length (a limit the games never reach): the
// shortest stands for them. `racing` is in the runners' order, deck by deck
// and each deck's lengths rising, so the one to compare with is the last kept.
std::vector<std::size_t> without_repeats(const std::vector<Runner>& runners,
                                         const std::vector<std::size_t>& racing) {
    std::vector<std::size_t> kept;
    for (std::size_t i : racing) {
        const bool repeat = !kept.empty() && runners[kept.back()].deck == runners[i].deck &&
                            runners[kept.back()].tally == runners[i].tally;
        if (!repeat) kept.push_back(i);
    }
    return kept;
}

std::vector<std::size_t> every_runner(const std::vector<Runner>& runners) {
    std::vector<std::size_t> all(runners.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    return all;
}

}  // namespace

Advice advise(const SimConfig& config, const RunSize& size, const AdviceAsk& ask,
              const Progress& progress) {
    auto runners = runners_for(config, ask);
    std::vector<std::size_t> racing = every_runner(runners);
    const std::size_t top = std::max<std::size_t>(1, ask.top);
    std::vector<std::size_t> playing = racing;
    for (std::int64_t games = std::min<std::int64_t>(64, size.games);; games *= 2) {
        games = std::min(games, size.games);
        play_up_to(config, runners, playing, games, size, progress);
        racing = without_repeats(runners, racing);
        if (racing.size() > top) racing = still_racing(runners, racing, top);
        playing = undecided_members(runners, racing, top);
        if (racing.size() <= top || playing.empty() || games == size.games) break;
    }
    order_top(config, runners, racing, size, progress);
    return ranked_advice(config, size, ask, runners, racing);
}

Advice advise_fixed(const SimConfig& config, const RunSize& size, const AdviceAsk& ask) {
    auto runners = runners_for(config, ask);
    const auto all = every_runner(runners);
    play_up_to(config, runners, all, size.games, size);
    return ranked_advice(config, size, ask, runners, without_repeats(runners, all));
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

std::vector<CardValue> card_values(const SimConfig& config, const RunSize& size) {
    std::vector<CardValue> values;
    const Summary given = simulate(config, size.games, size.seed, size.threads);
    std::vector<Role> roles{Role::carbon};
    roles.insert(roles.end(), special_roles.begin(), special_roles.end());
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
        if (role != Role::carbon) {
            SimConfig free = value.in_deck ? config : variant;
            free.time.free_calls |= calls_of(role);
            value.with_free = simulate(free, size.games, size.seed, size.threads);
        }
        values.push_back(value);
    }
    return values;
}

}  // namespace coyel::sim
