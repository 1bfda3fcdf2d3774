#include "coyel/invariants.hpp"

#include "rules.hpp"

namespace coyel {
namespace {

std::string broken_in_players(const Setup& setup, const State& before, const State& s) {
    if (s.mayor && !s.in_game.contains(*s.mayor)) return "the mayor is out of the game";
    if (auto ngo = rules::holder(setup, Role::ngo); ngo && s.corrupted.contains(*ngo))
        return "the NGO is corrupted";
    if ((before.corrupted.bits() & ~s.corrupted.bits()) != 0) return "a corruption was lifted";
    const std::uint32_t seats = (std::uint32_t{1} << setup.player_count()) - 1;
    if (((s.in_game.bits() | s.corrupted.bits()) & ~seats) != 0) return "a seat beyond the table";
    return "";
}

std::string broken_in_time(const State& before, const State& s) {
    if (s.clock_s < before.clock_s) return "the clock ran back";
    if (s.temperature < before.temperature) return "the temperature fell";
    if (s.round < before.round) return "the round went back";
    return "";
}

// No player out of the game is called, and a vote holds only legal ballots.
std::string broken_in_calls(const Setup& setup, const State& s) {
    if (!s.expects) return "";
    if (const auto call = first_call_of(*s.expects); call && call_info(*call).answerer) {
        const Role caller = *call_info(*call).answerer;
        bool caller_in = false;
        for (Seat seat : s.in_game) caller_in |= setup.roles[seat] == caller;
        if (!caller_in) return "a role with no player in the game is called";
    }
    if (!s.ballots.empty() && s.expects != ActionKind::vote) return "ballots outside a vote";
    for (std::size_t i = 0; i < s.ballots.size(); ++i) {
        if (i && s.ballots[i].voter <= s.ballots[i - 1].voter) return "ballots out of seat order";
        if (!s.in_game.contains(s.ballots[i].voter))
            return "a ballot from a player out of the game";
    }
    return "";
}

std::string broken_in_phase(const State& s) {
    if (s.phase == Phase::over) {
        if (!s.winner || s.expects || !s.ballots.empty())
            return "a finished game without a winner, or still expecting";
        return "";
    }
    if (!s.expects) return "a running game expects nothing";
    if (s.winner) return "a winner before the end";
    return "";
}

}  // namespace

std::string broken_invariant(const Setup& setup, const State& before, const State& after) {
    for (const std::string& broken :
         {broken_in_players(setup, before, after), broken_in_time(before, after),
          broken_in_calls(setup, after), broken_in_phase(after)})
        if (!broken.empty()) return broken;
    return "";
}

}  // namespace coyel
