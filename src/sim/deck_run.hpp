// One deck played at several lengths at once (play_games_at_lengths), and
// many such runs played on together, their games shared between threads:
// what advice, its checks and the defaults are built on.
#pragma once

#include <cstdint>
#include <vector>

#include "lab.hpp"

namespace coyel::sim {

struct DeckRun {
    Deck deck;
    std::vector<int> minutes;    // rising; {0} in the modes without a length
    std::vector<Tally> tallies;  // by length, each over games 0..n-1
    // The lengths still played: minutes[0..played). The others keep the
    // games they have (a length out of a race needs no more).
    std::size_t played = 0;

    DeckRun(const Deck& deck, std::vector<int> minutes);
    std::int64_t games() const { return tallies.front().games; }
    std::size_t length_index(int minutes) const;  // precondition: among `minutes`
    Candidate candidate(std::size_t length) const;
};

// Plays each run of `which` on to `games` (the lengths it plays have its
// games so far), in pieces of 1,024 games shared between `size.threads`
// threads, from `size.seed`: game i of a run is the same game whenever it is
// played. `progress` hears the games played after each piece the calling
// thread plays (`before` plus those of this call; its total 0: not known in
// advance); when it answers false, the pieces under way are finished and no
// other is begun, so that each run's games are still its first n. False
// when stopped so (even if no piece was left).
bool play_runs(const SimConfig& config, std::vector<DeckRun>& runs,
               const std::vector<std::size_t>& which, std::int64_t games, const RunSize& size,
               const Progress& progress = {}, std::int64_t before = 0);

// The config playing `deck` at `minutes` (0: its own length, or none).
SimConfig config_for(SimConfig config, const Deck& deck, int minutes);

}  // namespace coyel::sim
