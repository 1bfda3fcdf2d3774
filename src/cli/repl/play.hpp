// Starts the REPL on a game: the terminal, the clock, the save file.
#pragma once

#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "line_reader.hpp"
#include "script.hpp"
#include "store/save_lock.hpp"

namespace coyel::cli {

// `lock` is the save's (save_lock.hpp), held until the session ends.
// `clear`: the screen may be cleared at dawn and after `status` (not --no-clear).
// `script` narrates (language.hpp).
int play(Game game, const std::string& path, LineReader& reader, SaveLock lock, bool clear,
         const narration::Script& script);

}  // namespace coyel::cli
