// The time model and the skill measured on a group's own games (`coyel
// balance --calibrate`, docs/balance.md "Calibration"): the median length of
// each kind of answer from the saves' wall times, and the skill K under which
// the table policy best explains who won.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "coyel/game.hpp"
#include "lab.hpp"
#include "simulate.hpp"

namespace coyel::sim {

// A `wall` time as seconds since 1970, or nullopt when it is not one.
using WallReader = std::function<std::optional<std::int64_t>(std::string_view)>;

// Why a length is kept at the model's, when it is.
enum class LengthStatus {
    measured,
    none,            // no sample: no wall times, or no such answer
    not_measurable,  // votes, but the ballot or the talk came out negative
    undetermined,    // too few samples or games, or a median of 0 s (equal wall times)
};

// A length measured once a sample has at least this many samples, from at
// least this many games: the bootstrap resamples games, and one or two give
// an interval of no width.
inline constexpr std::int64_t least_samples = 5;
inline constexpr std::int64_t least_games = 3;
// A length over an hour is a pause (the table stopped), not an answer's.
inline constexpr double pause_seconds = 3600;

// One kind of length: its median over the games, and a 95% interval from
// resampling the games (bootstrap); the model's length is kept unless it is
// `measured`. Pauses and far outliers (beyond the upper quartile by three
// times the interquartile range) are left out first.
struct Measured {
    double median = 0;  // more than 0 when measured
    Interval ci95;      // within 0 and up
    std::int64_t samples = 0;
    std::int64_t games = 0;     // games with a sample
    std::int64_t left_out = 0;  // pauses and far outliers
    LengthStatus status = LengthStatus::none;
    bool measured() const { return status == LengthStatus::measured; }
};

// The skill K of 1..max_skill with the highest likelihood of the games'
// outcomes, and the Ks within the likelihood-ratio 95% interval.
struct SkillFit {
    int skill = 0;  // 0: no finished game to fit
    int low = 0;
    int high = 0;
    int max_skill = 0;
    std::vector<double> log_likelihood;  // by skill, 1 first
    // False when the interval reaches the highest skill tried (the games do
    // not bound it) or spans more than a factor of three (they say little):
    // then the model's own is kept.
    bool determined() const { return skill > 0 && high < max_skill && high <= 3 * low; }
};

struct Calibration {
    std::int64_t games = 0;   // finished games read, copies aside
    std::int64_t copies = 0;  // finished games left out as copies of another (the same save)
    Measured call;            // a night call answered (the previous answer to this one)
    Measured talk;            // a day's talk before its first ballot
    Measured ballot;          // one ballot
    Measured election;        // a new mayor's election
    SkillFit skill;
    bool stopped = false;  // by the progress: the skill not fitted
    // `model` with every measured length in place of its own (to the second).
    TimeModel time(TimeModel model) const;
    // The fitted skill, or `model`'s when it is not determined.
    int skill_or(int model) const;
};

// The games' lengths, then the skill fitted with those lengths: each kind of
// setup among the games (count, deck, house rules) played `size.games` times
// at each skill of 1..max_skill. Unfinished games and copies are left out.
// Stopped by `progress` (told the fit's games), the skill is not fitted (0).
Calibration calibrate(const std::vector<Game>& games, const WallReader& wall,
                      const TimeModel& model, const RunSize& size, int max_skill,
                      const Progress& progress = {});

}  // namespace coyel::sim
