// The two views of a game as the terminal shows them: the moderator's (every
// role) and the table's (what the players know), each an observation
// (coyel/observe.hpp). The words come from the narrator; only colour is added here.
#pragma once

#include <string>
#include <vector>

#include "coyel/observe.hpp"
#include "narrator.hpp"

namespace coyel::cli {

// Round, phase, temperature, clock, every player with role, mayor,
// corruption, and what comes next: the moderator's observation, the game as
// it stands, with a line when news waits for the table (the REPL's `status`
// at a gate, `replay --upto` there).
std::string moderator_view_text(const narration::Narrator& narrator, const Game& game, bool colour);

// `coyel status`: the moderator's view of the game as it stands, the news
// the table has not been told yet included (a game left at the dawn's
// gate), with a line saying that news waits; the same state as status_json.
std::string status_text(const narration::Narrator& narrator, const Game& game, bool colour);

// What the table knows: who is in, who is out and their revealed role, the
// mayor, the temperature; no hidden role and no corruption.
std::string table_view_text(const narration::Narrator& narrator, const TableView& view,
                            bool colour);

// The end's roles, a row per player: seat, name, role (and corrupted).
std::vector<std::string> roles_at_end(const narration::Narrator& narrator, const Game& game);

}  // namespace coyel::cli
