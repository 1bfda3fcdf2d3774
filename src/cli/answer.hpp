// Reading what the moderator types at a prompt: a player (a name in any
// case, its first letters, a seat number), "none", yes/no, a gesture.
#pragma once

#include <optional>
#include <string_view>

#include "coyel/action.hpp"
#include "coyel/game.hpp"
#include "coyel/result.hpp"

namespace coyel::cli {

// A player or nobody (nullopt). Out players are found too, so that the
// engine can say why they cannot be chosen. `allow_none`: "none" is an answer.
// Accents may be left out where that names one player: "emile" is Émile.
Result<std::optional<Seat>> parse_player(std::string_view text, const Game& game, bool allow_none);

// A whole name, ignoring case, surrounding space, and accents if that names
// one player.
bool is_player_name(std::string_view text, const Game& game);

Result<bool> parse_yes_no(std::string_view text);

// up / social, down / speculation, none / shake.
Result<BankerChoice> parse_gesture(std::string_view text);

}  // namespace coyel::cli
