#include "defaults.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

#include "deck_run.hpp"

namespace coyel::sim {
namespace {

// A quick look first: a deck none of whose lengths can be within the band
// at 99% after this many games is let go.
constexpr std::int64_t glance_games = 1024;

// Where the counts so far left the carbon count and the length.
struct Walk {
    int carbon = 1;
    int minutes = 10;
};

class Chooser {
  public:
    Chooser(const DefaultsSize& size, const Progress& progress)
        : size_(size), progress_(progress) {}

    // The deck at its length nearest 50% of those from `from_minutes` on,
    // with its chance at each skill; none when it is not within the band.
    std::optional<DefaultCandidate> screen(const SimConfig& config, const Deck& deck,
                                           int from_minutes) {
        const bool clock = config.options.temperature_mode == TemperatureMode::clock;
        std::vector<DeckRun> runs{
            DeckRun(deck, clock ? lengths_from(from_minutes, 120, 1) : std::vector<int>{0})};
        const RunSize screen{size_.screen_games, size_.seed, size_.threads};
        if (!play(config, runs, screen, std::min(glance_games, size_.screen_games))) return {};
        if (!may_be_fair(runs[0])) return {};
        if (!play(config, runs, screen, size_.screen_games)) return {};
        DefaultCandidate candidate{runs[0].candidate(nearest_fair(runs[0])), {}, {}};
        if (distance_from_fair(candidate.screened.summary) > default_band) return {};
        return with_skills(config, candidate, size_.screen_games) ? std::optional{candidate}
                                                                  : std::nullopt;
    }

    // The candidate's length again, nearest 50% on as many games as the
    // fresh ones (the screen's seed), its skills there, then its figures on
    // the fresh games; true when they are within the band.
    bool settle(const SimConfig& config, DefaultCandidate& candidate, int from_minutes) {
        const bool clock = config.options.temperature_mode == TemperatureMode::clock;
        if (clock) {
            std::vector<DeckRun> runs{
                DeckRun(candidate.screened.deck, lengths_from(from_minutes, 120, 1))};
            if (!play(config, runs, {size_.fresh_games, size_.seed, size_.threads},
                      size_.fresh_games))
                return false;
            candidate.screened = runs[0].candidate(nearest_fair(runs[0]));
            if (!with_skills(config, candidate, size_.fresh_games)) return false;
        }
        const RunSize fresh{size_.fresh_games, size_.seed + 1, size_.threads};
        std::vector<DeckRun> runs{DeckRun(candidate.screened.deck, {candidate.screened.minutes})};
        if (!play(config, runs, fresh, size_.fresh_games)) return false;
        candidate.fresh = runs[0].candidate(0).summary;
        return distance_from_fair(candidate.fresh) <= default_band;
    }

    bool stopped() const { return stopped_; }

  private:
    bool play(const SimConfig& config, std::vector<DeckRun>& runs, const RunSize& run,
              std::int64_t games) {
        const std::int64_t before = runs[0].games();
        if (!stopped_ && !play_runs(config, runs, {0}, games, run, progress_, played_))
            stopped_ = true;
        played_ += runs[0].games() - before;
        return !stopped_;
    }

    // The length whose chance is nearest 50% (the shortest of equals).
    static std::size_t nearest_fair(const DeckRun& run) {
        std::size_t nearest = 0;
        for (std::size_t i = 1; i < run.minutes.size(); ++i)
            if (distance_from_fair(run.candidate(i).summary) <
                distance_from_fair(run.candidate(nearest).summary))
                nearest = i;
        return nearest;
    }

    // Whether some length's 99% interval reaches into the band.
    static bool may_be_fair(const DeckRun& run) {
        return std::any_of(run.tallies.begin(), run.tallies.end(), [](const Tally& tally) {
            const Interval interval = wilson(tally.ecosystems_wins, tally.games, z99);
            return interval.high >= 0.5 - default_band && interval.low <= 0.5 + default_band;
        });
    }

    // Skills 1 to 4 at the candidate's deck and length, `games` each (the
    // screen's own at the config's skill); the same figures at each for a
    // policy without skill.
    bool with_skills(const SimConfig& config, DefaultCandidate& candidate, std::int64_t games) {
        for (int skill = 1; skill <= 4; ++skill) {
            auto& row = candidate.skills[static_cast<std::size_t>(skill - 1)];
            if (config.policy != Policy::table || skill == config.skill) {
                row = candidate.screened.summary;
                continue;
            }
            SimConfig at = config_for(config, candidate.screened.deck, candidate.screened.minutes);
            at.skill = skill;
            std::vector<DeckRun> runs{DeckRun(at.deck, {candidate.screened.minutes})};
            if (!play(at, runs, {games, size_.seed, size_.threads}, games)) return false;
            row = runs[0].candidate(0).summary;
        }
        return true;
    }

    const DefaultsSize& size_;
    const Progress& progress_;
    std::int64_t played_ = 0;
    bool stopped_ = false;
};

// The narrowest spread first; then fewer carbon emissions; then nearest 50%.
bool narrower(const DefaultCandidate& a, const DefaultCandidate& b) {
    auto key = [](const DefaultCandidate& candidate) {
        return std::tuple{candidate.spread(), candidate.screened.deck[Role::carbon],
                          distance_from_fair(candidate.screened.summary)};
    };
    return key(a) < key(b);
}

CountDefault choose_count(const SimConfig& base, int players, Walk& walk, Chooser& chooser) {
    CountDefault count;
    count.players = players;
    SimConfig config = base;
    config.players = players;
    for (int specials = static_cast<int>(special_roles.size()); specials >= 0; --specials) {
        for (const Deck& deck : all_decks(players))
            if (special_cards(deck) == specials && deck[Role::carbon] >= walk.carbon)
                if (auto candidate = chooser.screen(config, deck, walk.minutes))
                    count.considered.push_back(*candidate);
        std::stable_sort(count.considered.begin(), count.considered.end(), narrower);
        for (auto& candidate : count.considered) {
            if (!chooser.settle(config, candidate, walk.minutes)) continue;
            count.chosen = candidate;
            count.found = true;
            walk.carbon = candidate.screened.deck[Role::carbon];
            walk.minutes = std::max(walk.minutes, candidate.screened.minutes);
            return count;
        }
        if (chooser.stopped()) return count;
        count.considered.clear();  // none fair with this many cards: one fewer
    }
    return count;
}

}  // namespace

Defaults fair_defaults(const SimConfig& base, int first, int last, const DefaultsSize& size,
                       const Progress& progress) {
    Defaults defaults;
    Chooser chooser(size, progress);
    Walk walk;
    for (int players = first; players <= last; ++players) {
        auto count = choose_count(base, players, walk, chooser);
        if (chooser.stopped()) break;  // not chosen whole: left out
        defaults.counts.push_back(std::move(count));
        if (!defaults.counts.back().found) break;
    }
    defaults.stopped = chooser.stopped();
    return defaults;
}

}  // namespace coyel::sim
