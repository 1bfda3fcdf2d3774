#include "calibrate.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>

#include "coyel/calls.hpp"
#include "coyel/rng.hpp"
#include "coyel/save.hpp"

namespace coyel::sim {
namespace {

// One vote's length from the answer before it to the vote, and its ballots.
struct VoteTime {
    int ballots = 0;
    double seconds = 0;
};

// The lengths one game's wall times give, each from the answer before.
struct GameTimes {
    std::vector<double> calls;
    std::vector<double> elections;
    std::vector<VoteTime> votes;  // day votes; revotes are left out (their talk is shorter)
    // Left out: pauses (over an hour), then far outliers; by kind (calls, votes, elections).
    std::array<std::int64_t, 3> left_out{};
};

bool night_call(CallId call) {
    return call != CallId::first_mayor && call != CallId::new_mayor && call != CallId::vote &&
           call != CallId::revote;
}

// Replays the log to learn which call each entry answered; asides (clock,
// heat, notes, tell) answer none and are skipped. An entry without a wall
// time breaks the chain: the next one has no "before".
GameTimes times_of(const Game& game, const WallReader& wall) {
    GameTimes times;
    Game replay(game.setup(), Log::off);
    std::optional<std::int64_t> before;
    for (const Action& entry : game.log()) {
        if (is_aside(entry.kind)) {
            (void)replay.apply(entry);
            continue;
        }
        const auto call = replay.current_call();
        const auto when = entry.wall ? wall(*entry.wall) : std::nullopt;
        // A wall time before the one ahead of it (a clock set back) gives no length.
        if (call && when && before && *when >= *before) {
            const double seconds = static_cast<double>(*when - *before);
            const std::size_t kind = *call == CallId::vote ? 1 : *call == CallId::new_mayor ? 2 : 0;
            const bool counted =
                *call == CallId::vote || *call == CallId::new_mayor || night_call(*call);
            if (counted && seconds > pause_seconds)
                ++times.left_out[kind];  // the table paused: no answer's length
            else if (*call == CallId::new_mayor)
                times.elections.push_back(seconds);
            else if (*call == CallId::vote)
                times.votes.push_back({static_cast<int>(entry.votes.size()), seconds});
            else if (night_call(*call))
                times.calls.push_back(seconds);
        }
        before = when;
        if (!replay.apply(entry).ok()) break;  // a loaded game replays; never expected
    }
    return times;
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    if (values.size() % 2 == 1) return *middle;
    return (*middle + *std::max_element(values.begin(), middle)) / 2;
}

// The four medians of one sample of games (a point of the bootstrap).
struct Point {
    double call = 0, talk = 0, ballot = 0, election = 0;
    std::int64_t calls = 0, votes = 0, elections = 0;
    bool ballot_tried = false;     // votes of two sizes or more: a slope to take
    bool ballot_measured = false;  // and that slope is not negative
    bool talk_measured = false;    // votes, and what is left of them is not negative
};

// A vote takes talk + ballots × ballot. The ballot: the median slope between
// the median lengths of votes with different numbers of ballots (Theil–Sen,
// robust to a long pause); the talk: the median of what is left. A length
// is never negative: a negative slope or talk (few votes, noisy pauses)
// is not measured, and the model's own is kept (the talk then with the
// model's ballot).
void fit_votes(const std::vector<VoteTime>& votes, double fallback_ballot, Point& point) {
    std::vector<std::vector<double>> by_ballots(max_players + 1);
    for (const auto& vote : votes)
        if (vote.ballots <= max_players) by_ballots[vote.ballots].push_back(vote.seconds);
    std::vector<std::pair<int, double>> groups;
    for (int ballots = 0; ballots <= max_players; ++ballots)
        if (!by_ballots[ballots].empty()) groups.emplace_back(ballots, median(by_ballots[ballots]));
    std::vector<double> slopes;
    for (std::size_t i = 0; i < groups.size(); ++i)
        for (std::size_t j = i + 1; j < groups.size(); ++j)
            slopes.push_back((groups[j].second - groups[i].second) /
                             (groups[j].first - groups[i].first));
    const double slope = median(slopes);
    point.ballot_tried = !slopes.empty();
    point.ballot_measured = point.ballot_tried && slope >= 0;
    point.ballot = point.ballot_measured ? slope : fallback_ballot;
    std::vector<double> talks;
    for (const auto& vote : votes) talks.push_back(vote.seconds - vote.ballots * point.ballot);
    point.talk = median(talks);
    point.votes = static_cast<std::int64_t>(votes.size());
    point.talk_measured = point.votes > 0 && point.talk >= 0;
}

Point point_of(const std::vector<const GameTimes*>& sample, double fallback_ballot) {
    std::vector<double> calls, elections;
    std::vector<VoteTime> votes;
    for (const GameTimes* times : sample) {
        calls.insert(calls.end(), times->calls.begin(), times->calls.end());
        elections.insert(elections.end(), times->elections.begin(), times->elections.end());
        votes.insert(votes.end(), times->votes.begin(), times->votes.end());
    }
    Point point;
    point.call = median(calls);
    point.election = median(elections);
    point.calls = static_cast<std::int64_t>(calls.size());
    point.elections = static_cast<std::int64_t>(elections.size());
    fit_votes(votes, fallback_ballot, point);
    return point;
}

// The 2.5% and 97.5% points of `values` (sorted here; at least one).
Interval percentile95(std::vector<double> values) {
    if (values.empty()) return {};
    std::sort(values.begin(), values.end());
    auto at = [&](double fraction) {
        return values[static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1))];
    };
    return {at(0.025), at(0.975)};
}

constexpr int resamples = 200;

// How many games have a sample of each kind: calls, votes (talk and ballot), elections.
std::array<std::int64_t, 4> games_with_samples(const std::vector<GameTimes>& games) {
    std::array<std::int64_t, 4> count{};
    for (const auto& times : games) {
        count[0] += times.calls.empty() ? 0 : 1;
        count[1] += times.votes.empty() ? 0 : 1;
        count[2] += times.votes.empty() ? 0 : 1;
        count[3] += times.elections.empty() ? 0 : 1;
    }
    return count;
}

// The value past which a sample is a far outlier: the upper quartile plus
// three times the interquartile range (Tukey's far fence); none when the
// quartiles meet.
std::optional<double> far_fence(std::vector<double> values) {
    if (values.size() < 4) return std::nullopt;
    std::sort(values.begin(), values.end());
    const double q1 = values[values.size() / 4], q3 = values[3 * values.size() / 4];
    if (q3 <= q1) return std::nullopt;
    return q3 + 3 * (q3 - q1);
}

// Leaves out the calls and elections beyond their far fence, counted.
void leave_out_outliers(std::vector<GameTimes>& games) {
    for (std::size_t kind : {0U, 2U}) {
        auto samples_of = [kind](GameTimes& times) -> std::vector<double>& {
            return kind == 0 ? times.calls : times.elections;
        };
        std::vector<double> all;
        for (auto& times : games)
            all.insert(all.end(), samples_of(times).begin(), samples_of(times).end());
        const auto fence = far_fence(all);
        if (!fence) continue;
        for (auto& times : games)
            times.left_out[kind] += static_cast<std::int64_t>(
                std::erase_if(samples_of(times), [&](double seconds) { return seconds > *fence; }));
    }
}

// The four medians of `resamples` resamples of the games (drawn with
// replacement, from a fixed seed: the same games, the same interval), by kind.
std::array<std::vector<double>, 4> bootstrap(const std::vector<const GameTimes*>& all,
                                             const TimeModel& model) {
    std::array<std::vector<double>, 4> draws;
    SplitMix64 rng(0xCA11B8A7E);
    std::vector<const GameTimes*> sample(all.size());
    for (int draw = 0; draw < resamples && !all.empty(); ++draw) {
        for (auto& pick : sample) pick = all[rng.below(all.size())];
        const Point point = point_of(sample, model.ballot_seconds);
        // A resample's length is never below 0 either: the interval holds
        // lengths only. A resample without a kind's samples has no median of it.
        const std::array<std::int64_t, 4> samples{point.calls, point.votes, point.votes,
                                                  point.elections};
        for (std::size_t kind = 0;
             const double value : {point.call, point.talk, point.ballot, point.election}) {
            if (samples[kind] > 0) draws[kind].push_back(std::max(0.0, value));
            ++kind;
        }
    }
    return draws;
}

// The medians, each with its bootstrap interval, and whether each is
// measured: enough samples from enough games, not all alike.
void measure_lengths(const std::vector<GameTimes>& games, const TimeModel& model,
                     Calibration& out) {
    std::vector<const GameTimes*> all;
    for (const auto& times : games) all.push_back(&times);
    const Point whole = point_of(all, model.ballot_seconds);
    const auto draws = bootstrap(all, model);
    const std::array<std::int64_t, 4> games_with = games_with_samples(games);
    std::array<std::int64_t, 3> left_out{};
    for (const auto& times : games)
        for (std::size_t kind = 0; kind < left_out.size(); ++kind)
            left_out[kind] += times.left_out[kind];
    auto measured = [&](double median_value, std::int64_t samples, std::size_t kind) {
        if (samples == 0) return Measured{};
        Measured length{median_value, percentile95(draws[kind]), samples, games_with[kind]};
        // A median of 0 s: equal wall times, no length at all.
        const bool few = samples < least_samples || length.games < least_games;
        length.status =
            median_value <= 0 || few ? LengthStatus::undetermined : LengthStatus::measured;
        return length;
    };
    out.call = measured(whole.call, whole.calls, 0);
    out.talk = measured(whole.talk, whole.votes, 1);
    out.ballot = measured(whole.ballot, whole.ballot_tried ? whole.votes : 0, 2);
    out.election = measured(whole.election, whole.elections, 3);
    if (whole.votes > 0 && !whole.talk_measured) out.talk.status = LengthStatus::not_measurable;
    if (whole.ballot_tried && !whole.ballot_measured)
        out.ballot.status = LengthStatus::not_measurable;
    out.call.left_out = left_out[0];
    out.talk.left_out = out.ballot.left_out = left_out[1];
    out.election.left_out = left_out[2];
}

}  // namespace

namespace {

// The games of one setup (count, deck, house rules) and how many the ecosystems won.
struct SetupGames {
    int players = 0;
    Deck deck;
    Options options;
    std::int64_t games = 0;
    std::int64_t wins = 0;
};

std::vector<SetupGames> group_by_setup(const std::vector<const Game*>& finished) {
    std::vector<SetupGames> groups;
    for (const Game* game : finished) {
        const Deck deck = deck_of(game->setup().roles);
        const int players = game->player_count();
        auto group = std::find_if(groups.begin(), groups.end(), [&](const SetupGames& other) {
            return other.players == players && other.deck == deck &&
                   other.options == game->setup().options;
        });
        if (group == groups.end())
            group = groups.insert(groups.end(), {players, deck, game->setup().options});
        ++group->games;
        if (game->state().winner == Team::ecosystems) ++group->wins;
    }
    return groups;
}

// log P(the outcomes | skill): each setup's chance played by the lab. A
// chance of 0 or 1 is moved half a game inwards, so one surprise is unlikely,
// not impossible.
// Stopped by `progress` (told the games played so far), nullopt.
std::optional<double> log_likelihood(const std::vector<SetupGames>& groups, const TimeModel& time,
                                     int skill, const RunSize& size, const Progress& progress,
                                     std::int64_t& played, std::int64_t total_games) {
    double total = 0;
    for (const auto& group : groups) {
        SimConfig config;
        config.players = group.players;
        config.deck = group.deck;
        config.options = group.options;
        config.skill = skill;
        config.time = time;
        const double half = 0.5 / static_cast<double>(size.games);
        const Summary summary = simulate(config, size.games, size.seed, size.threads,
                                         progress_within(progress, played, total_games));
        played += summary.tally.games;
        if (summary.tally.games < size.games) return std::nullopt;  // stopped
        const double chance = std::clamp(summary.ecosystems_win, half, 1 - half);
        total += static_cast<double>(group.wins) * std::log(chance) +
                 static_cast<double>(group.games - group.wins) * std::log(1 - chance);
    }
    return total;
}

// The likelihood-ratio interval: the skills whose log-likelihood is within
// 1.92 (half the 95% point of chi-squared with one degree of freedom) of the best.
SkillFit fit_skill(const std::vector<const Game*>& finished, const TimeModel& time,
                   const RunSize& size, int max_skill, const Progress& progress) {
    SkillFit fit;
    fit.max_skill = max_skill;
    const auto groups = group_by_setup(finished);
    if (groups.empty()) return fit;
    std::int64_t played = 0;
    const auto total = static_cast<std::int64_t>(groups.size()) * max_skill * size.games;
    for (int skill = 1; skill <= max_skill; ++skill) {
        const auto likelihood = log_likelihood(groups, time, skill, size, progress, played, total);
        if (!likelihood) {
            fit.log_likelihood.clear();
            return fit;  // stopped: not fitted
        }
        fit.log_likelihood.push_back(*likelihood);
    }
    const auto best = std::max_element(fit.log_likelihood.begin(), fit.log_likelihood.end());
    fit.skill = static_cast<int>(best - fit.log_likelihood.begin()) + 1;
    fit.low = fit.high = fit.skill;
    for (int skill = 1; skill <= max_skill; ++skill)
        if (*best - fit.log_likelihood[static_cast<std::size_t>(skill - 1)] <= 1.920729) {
            fit.low = std::min(fit.low, skill);
            fit.high = std::max(fit.high, skill);
        }
    return fit;
}

int seconds_of(const Measured& measured, int model) {
    if (!measured.measured()) return model;
    return static_cast<int>(std::lround(measured.median));  // more than 0: see measure_lengths
}

}  // namespace

int Calibration::skill_or(int model) const { return skill.determined() ? skill.skill : model; }

TimeModel Calibration::time(TimeModel model) const {
    model.call_seconds = seconds_of(call, model.call_seconds);
    model.day_seconds = seconds_of(talk, model.day_seconds);
    model.ballot_seconds = seconds_of(ballot, model.ballot_seconds);
    model.election_seconds = seconds_of(election, model.election_seconds);
    return model;
}

Calibration calibrate(const std::vector<Game>& games, const WallReader& wall,
                      const TimeModel& model, const RunSize& size, int max_skill,
                      const Progress& progress) {
    Calibration out;
    std::vector<const Game*> finished;
    std::vector<GameTimes> times;
    std::set<std::string> seen;  // a save copied twice is one game
    for (const Game& game : games) {
        if (!game.over()) continue;
        if (!seen.insert(save_game(game)).second) {
            ++out.copies;
            continue;
        }
        finished.push_back(&game);
        times.push_back(times_of(game, wall));
    }
    out.games = static_cast<std::int64_t>(finished.size());
    leave_out_outliers(times);
    measure_lengths(times, model, out);
    out.skill = fit_skill(finished, out.time(model), size, max_skill, progress);
    out.stopped = out.games > 0 && out.skill.skill == 0;
    return out;
}

}  // namespace coyel::sim
