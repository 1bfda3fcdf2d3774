// Where a game goes when its own file cannot be written (a full disk, a
// pulled USB stick, a folder become read-only): a copy in the games folder,
// else in the temporary folder, under a name no file has yet. A rescue copy
// is an ordinary save: `coyel resume` takes it, with the same lock.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "coyel/result.hpp"
#include "disk.hpp"

namespace coyel::cli {

struct RescueFolder {
    std::string path;
    bool temporary = false;  // emptied when the computer restarts, on many systems
};

// The games folder (saved_games.hpp, created when missing), then $TMPDIR
// when it is an absolute path, else /tmp. A games folder that cannot be
// named or made is left out.
std::vector<RescueFolder> rescue_folders(platform::Disk& disk = platform::real_disk());

// "NAME-rescued.json" in `folder` for the save ".../NAME.json" (".json" added
// to a name without it), then "NAME-rescued-2.json", "-3", ... while a file
// of that name exists.
std::string rescue_path(const std::string& folder, const std::string& save_path,
                        platform::Disk& disk = platform::real_disk());

// Writes the text of a game to `path`: why it could not, or nullopt.
using RescueWriter = std::function<Refusal(const std::string& path)>;

struct Rescue {
    std::optional<std::string> path;  // the copy that holds the whole game
    bool temporary = false;           // it is in the temporary folder
    std::vector<Error> failures;      // why each place tried failed
};

// Tries each folder in turn, under a name that is free and that no other
// coyel holds (save_lock.hpp), until one copy is written: never over a file.
Rescue write_rescue(const std::vector<RescueFolder>& folders, const std::string& save_path,
                    const RescueWriter& write, platform::Disk& disk = platform::real_disk());

}  // namespace coyel::cli
