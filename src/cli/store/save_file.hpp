// Writing a save so that a crash leaves the previous or the new file, never
// a torn one: a temporary file in the same folder, fsync, rename, fsync of
// the folder.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "coyel/game.hpp"
#include "coyel/result.hpp"
#include "coyel/save.hpp"

namespace coyel::cli {

// Returns why the file could not be written, or nullopt: the step that
// failed, the file and the system's reason as data (the reason
// "write_failed"), for the narration to word in the game's language.
Refusal write_atomically(const std::string& path, std::string_view text);

// Reads a whole file of text, a save or a script (`noun` names it in errors):
// refuses folders, devices and files over the size limit before reading.
Result<std::string> read_text_file(const std::string& path, std::string_view noun);

// Reads and loads a save from disk: refuses folders, devices and files over
// the size limit before reading; errors are one line naming the file.
Result<Game> read_save_file(const std::string& path);
// The same, with the save's live clock (save.hpp) for a players' screen.
Result<SavedGame> read_saved_game(const std::string& path);

// The file-writing interface the REPL uses; tests replace it with a fake.
using FileWriter = std::function<Refusal(const std::string&, std::string_view)>;

}  // namespace coyel::cli
