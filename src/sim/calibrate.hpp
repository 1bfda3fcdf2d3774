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

// One kind of length: its median over the games, and a 95% interval from
// resampling the games (bootstrap). No samples: not measured (the model's
// length is kept); `not_measurable` says why: the games had what it takes
// (votes), but the estimate came out negative, which no length is.
struct Measured {
    double median = 0;  // never negative
    Interval ci95;      // within 0 and up
    std::int64_t samples = 0;
    bool not_measurable = false;
};

// The skill K of 1..max_skill with the highest likelihood of the games'
// outcomes, and the Ks within the likelihood-ratio 95% interval.
struct SkillFit {
    int skill = 0;  // 0: no finished game to fit
    int low = 0;
    int high = 0;
    int max_skill = 0;
    std::vector<double> log_likelihood;  // by skill, 1 first
    // False when the interval holds every skill tried: the games cannot tell
    // one skill from another, and the model's own is kept.
    bool determined() const { return skill > 0 && !(low == 1 && high == max_skill); }
};

struct Calibration {
    std::int64_t games = 0;  // finished games read
    Measured call;           // a night call answered (the previous answer to this one)
    Measured talk;           // a day's talk before its first ballot
    Measured ballot;         // one ballot
    Measured election;       // a new mayor's election
    SkillFit skill;
    // `model` with every measured length in place of its own (to the second).
    TimeModel time(TimeModel model) const;
    // The fitted skill, or `model`'s when it is not determined.
    int skill_or(int model) const;
};

// The games' lengths, then the skill fitted with those lengths: each kind of
// setup among the games (count, deck, house rules) played `size.games` times
// at each skill of 1..max_skill. Unfinished games are left out.
Calibration calibrate(const std::vector<Game>& games, const WallReader& wall,
                      const TimeModel& model, const RunSize& size, int max_skill);

}  // namespace coyel::sim
