// The save file, format version 1 (SPEC section 8): setup plus log, nothing
// derived. Loading is strict and replays every entry through the engine.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "coyel/game.hpp"
#include "coyel/result.hpp"

namespace coyel {

inline constexpr std::string_view save_format_name = "coyel-heaven";
inline constexpr int save_format_version = 1;

// Reads a save from its text (reading the file is the front end's). Errors
// are one line, prefixed with `label` (usually the file name): "game.json:
// log entry 5 (ceo_lobby): Ana is out of the game". The "pending" key (beyond
// SPEC, so other tools may ignore it) restores the ballots of a vote still
// being taken and the cards shown of a walk-through not finished.
Result<Game> load_game(std::string_view text, std::string_view label);

// The save file's text: stable key order, one log entry per line, and the
// ballots of a vote being taken as "pending", so a resumed game asks the
// next voter, not the first (and, before the game, the cards shown so far).
std::string save_game(const Game& game);

// One log entry as the save file writes it, on one line.
std::string action_text(const Action& action, const Setup& setup);

// One log entry from the save file; names resolve against the setup.
Result<Action> action_from_json(const nlohmann::json& entry, const Setup& setup);

// The largest save file coyel reads: far above any real game.
inline constexpr std::size_t max_save_bytes = 16 * 1024 * 1024;

}  // namespace coyel
