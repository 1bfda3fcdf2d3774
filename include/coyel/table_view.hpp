// What an observer may know of the game, as data: the table's view, who is
// looking, and the public part of what happens. The views themselves are
// built in the core (src/core/views.hpp) and reached only through
// `observe` (coyel/observe.hpp), so that no front end can ask the game for a
// view observe does not give. Twin games that differ only in hidden facts
// give the table byte for byte the same output (tests/cli/twins_test.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/legal.hpp"

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

    // The core's answers (state.hpp, legal.hpp), for the game as the table knows it.
    bool clock_may_run() const { return clock_runs_in(phase); }
    std::optional<std::int64_t> seconds_to_next_degree(std::int64_t clock) const {
        return seconds_to_degree(next_rise_at, clock);
    }
    // How many votes `voter`'s ballot counts for: the mayor's is public.
    int vote_weight(Seat voter) const { return rules::ballot_weight(players.at(voter).mayor); }
};

// Who is looking at the game.
struct Observer {
    enum class Kind {
        moderator,  // every role and every corruption, on the game as it stands
                    // (or, at a moment as told, on the table's view)
        table,      // what the table has been told, and nothing more
        player,     // the table's view and what the night showed them: their
                    // role, a carbon emission's fellows, the CEO to a player
                    // it corrupted, and to the CEO whom it corrupted
    };
    Kind kind = Kind::table;
    Seat seat = 0;  // whose card, for Kind::player

    static constexpr Observer moderator() { return {Kind::moderator, 0}; }
    static constexpr Observer table() { return {Kind::table, 0}; }
    static constexpr Observer player(Seat seat) { return {Kind::player, seat}; }
    bool operator==(const Observer&) const = default;
};

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
