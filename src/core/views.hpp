// The views observe() is made of (coyel/observe.hpp), kept in the core: a
// front end asks observe, never these.
#pragma once

#include "coyel/card_view.hpp"
#include "coyel/table_view.hpp"

namespace coyel {

// The game as `observer` knows it. Every observer sees the game as the
// table was told it (while news is held, as it stood before); they differ
// only in the roles and corruptions each may know.
// Precondition for Kind::player: seat < game.player_count().
TableView view_for(const Game& game, Observer observer);

// The table's view: view_for(game, Observer::table()).
TableView table_view(const Game& game);

// The moderator's view of the game as it stands, held news included: every
// role and corruption.
TableView present_view(const Game& game);

// One player's card (Observation::card).
// Precondition: seat < game.player_count().
CardView card_view(const Game& game, Seat seat);

}  // namespace coyel
