// Starts the REPL on a game: the terminal, the clock, the save file.
#pragma once

#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "line_reader.hpp"

namespace coyel::cli {

int play(Game game, const std::string& path, LineReader& reader);

}  // namespace coyel::cli
