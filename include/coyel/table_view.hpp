// What the players know, decided in one place. The REPL's `table`, the
// chronicle's table view and any players' screen are drawn from these two
// functions only; a test plays twin games that differ only in hidden facts
// and checks that every table output is byte for byte the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "coyel/game.hpp"

namespace coyel {

struct TablePlayer {
    std::string name;
    bool in_game = true;
    std::optional<Role>
        role;  // known to the table: out, a CEO revealed by a SLAPP-suit, or the end
    bool mayor = false;
    bool corrupted = false;  // known only at the end
    bool operator==(const TablePlayer&) const = default;
};

struct TableView {
    int round = 0;
    Phase phase = Phase::setup;
    int temperature = 0;
    int temperature_limit = 0;
    TemperatureMode mode = TemperatureMode::clock;
    bool abstain = true;  // the house rule: a voter may name nobody
    std::int64_t clock_s = 0;
    std::optional<std::int64_t> next_rise_at;  // clock mode
    std::vector<TablePlayer> players;          // seat order
    std::vector<Seat> revote_between;          // the tied players of a revote
    std::vector<Ballot> ballots;               // the vote being taken: said aloud
    std::optional<Seat> next_voter;
    std::optional<Team> winner;
    std::optional<WinReason> win_reason;
    bool operator==(const TableView&) const = default;

    // The core's answers (state.hpp), for the game as the table knows it.
    bool clock_may_run() const { return clock_runs_in(phase); }
    std::optional<std::int64_t> seconds_to_next_degree(std::int64_t clock) const {
        return seconds_to_degree(next_rise_at, clock);
    }
};

// What the table has been told (Game::told()): while the news of the night
// or of a SLAPP-suit is held, the game as it stood before it.
TableView table_view(const Game& game);

// The part of an event the table witnessed, or nullopt for a secret one
// (a lobby). A protest's save is public, not whom it saved; so is the
// SLAPP-suit's outcome, filed or not, once the table opens its eyes.
std::optional<Event> public_part(const Event& event);

// Whether the players may be looking at the moderator's screen: their eyes
// are open. Not during the night's calls or the SLAPP-suit call, nor while
// the news of the night is held (Game::news_held).
bool table_may_look(const Game& game);

// Whether the table sees the answer itself (a vote, an election, a SLAPP-suit
// filed), or only what it caused (the night's calls, answered eyes closed).
bool answer_is_public(const Action& action);

}  // namespace coyel
