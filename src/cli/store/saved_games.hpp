// The group's games folder: where `coyel new` saves without --save, and what
// `coyel games`, `coyel resume` alone and `coyel stats` read. Each function
// that looks at files takes the disk, the machine's by default.
#pragma once

#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/result.hpp"
#include "coyel/save.hpp"
#include "disk.hpp"

namespace coyel::cli {

// $XDG_DATA_HOME/coyel/games when XDG_DATA_HOME is an absolute path, else
// $HOME/.local/share/coyel/games (the XDG Base Directory rule). An error
// when neither variable gives an absolute path.
Result<std::string> games_folder();

// The games folder, created with its parents when missing.
Result<std::string> make_games_folder(platform::Disk& disk = platform::real_disk());

// The command that goes on with the save at `path`, just written: `coyel
// resume` alone when it lies in the games folder (it is the newest game
// there), else `coyel resume PATH`, the path quoted for a shell if need be.
std::string resume_command(const std::string& path, platform::Disk& disk = platform::real_disk());

// A new save's path in `folder`, readable and unique: the local time to the
// minute and the first three players, "2026-11-30-2115-ana-ben-cleo.json"
// (accents dropped, other characters as dashes), then "-2", "-3", ... before
// ".json" while that file exists.
std::string new_game_path(const std::string& folder, const std::vector<std::string>& players,
                          std::time_t now, platform::Disk& disk = platform::real_disk());

// The UTC time of an ISO-8601 `wall` ("2026-11-30T21:15:04Z", an offset
// "+01:00", or none: UTC), or nullopt when it is not one.
std::optional<std::time_t> parse_wall(std::string_view wall);

// A save as a listing of files finds it: where it is, the game, and when and how it was told.
struct ListedSave {
    std::string path;
    Game game;
    // When the game was last played: its last `wall` time, else the file's
    // modification time.
    std::time_t when = 0;
    std::string language;  // the language it was told in, when its save says
};

// Every save among `paths`: a file, or a folder for its files (not its
// subfolders; hidden files and the ".tmp" of a save being written are left
// alone). Each file that does not load is reported to `skipped` with the
// loader's one-line reason, and left out. Newest first (then by path).
std::vector<ListedSave> read_saved_games(const std::vector<std::string>& paths,
                                         const std::function<void(const std::string&)>& skipped,
                                         platform::Disk& disk = platform::real_disk());

// The saves of the games folder (none when it does not exist yet), as
// read_saved_games reads them; its path goes to `folder`.
Result<std::vector<ListedSave>> read_games_folder(
    std::string& folder, const std::function<void(const std::string&)>& skipped,
    platform::Disk& disk = platform::real_disk());

// Reports a file that is not a save on standard error: "skipped: REASON".
void print_skipped(const std::string& reason);

// The first and last `wall` times of a game's log (UTC), when an entry has one.
struct PlayedSpan {
    std::time_t first = 0;
    std::time_t last = 0;
};
std::optional<PlayedSpan> played_span(const Game& game);

// "2026-11-30 21:15", local time.
std::string local_time_text(std::time_t when);

// "2026-11-30T21:15:04Z" (ISO 8601, UTC), for the listings' JSON.
std::string utc_text(std::time_t when);

// Whether anything is at `path` (a file, a folder, a dangling link).
bool path_exists(const std::string& path, platform::Disk& disk = platform::real_disk());

}  // namespace coyel::cli
