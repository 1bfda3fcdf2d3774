// Saves and scripts on the disk (platform/disk.hpp): read whole and checked,
// written so that a crash leaves the previous or the new file, never a torn
// one. Each takes the disk, the machine's by default.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "coyel/game.hpp"
#include "coyel/result.hpp"
#include "coyel/save.hpp"
#include "disk.hpp"

namespace coyel::cli {

// Returns why the file could not be written, or nullopt: the step that
// failed, the file and the system's reason as data (the reason
// "write_failed"), for the narration to word in the game's language.
Refusal write_atomically(platform::Disk& disk, const std::string& path, std::string_view text);
// The same reason for a write that failed elsewhere (an appended file's).
Error write_failure(const platform::WriteFailure& failure);
Refusal write_atomically(const std::string& path, std::string_view text);

// Reads a whole file of text, a save or a script (`noun` names it in errors):
// refuses folders, devices and files over the size limit before reading.
Result<std::string> read_text_file(const std::string& path, std::string_view noun,
                                   platform::Disk& disk = platform::real_disk());

// Reads and loads a save from disk: refuses folders, devices and files over
// the size limit before reading; errors are one line naming the file.
Result<Game> read_save_file(const std::string& path, platform::Disk& disk = platform::real_disk());
// The same, with the save's live clock (save.hpp) for a players' screen.
// (One name per disk: a follower takes the machine's by name, as a Reader.)
Result<SavedGame> read_saved_game(const std::string& path);
Result<SavedGame> read_saved_game_on(platform::Disk& disk, const std::string& path);

// The file-writing interface the REPL uses; tests replace it with a fake.
using FileWriter = std::function<Refusal(const std::string&, std::string_view)>;
// Writes atomically on `disk`.
FileWriter writer_on(platform::Disk& disk);

}  // namespace coyel::cli
