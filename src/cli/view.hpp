// Text views of a game for people: the moderator's (every role) and the
// table's (only what the players know).
#pragma once

#include <string>

#include "coyel/game.hpp"

namespace coyel::cli {

// "Night 2", "Dawn 2", "Day 2", "Before the game", "Game over"
std::string phase_title(const Game& game);

// What the game waits for, in words: "the carbon emissions' target".
std::string expects_text(const Game& game);

// The temperature line: "1°C of 5°C · clock 6:52 · next degree at 10:00".
std::string temperature_line(const Game& game);

// Round, phase, temperature, clock, every player with role, mayor,
// corruption, and what comes next.
std::string moderator_view(const Game& game, bool colour);

// What the table knows: who is in, who is out and their revealed role, the
// mayor, the temperature; no hidden role and no corruption.
std::string table_view(const Game& game, bool colour);

// One input in words, for undo and review: "the CEO's lobby on Eve".
std::string describe_action(const Action& action, const Game& game);

// Why the game ended, in words: "no carbon emission is left in the game".
std::string win_reason_text(WinReason reason);

// One line: "8 players, round 2, night, expects ngo_protect, 1°C".
std::string one_line_summary(const Game& game);

}  // namespace coyel::cli
