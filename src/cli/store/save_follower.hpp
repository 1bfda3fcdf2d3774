// One way to follow a save that another coyel writes: `display`, `serve` and
// `--serve` all read it through a SaveFollower. It arms its watch before each
// read, so a write that lands between the two is never missed, and when the
// save's folder goes (and comes back), it arms again and reads again. A save
// that says the game went on in another file (`save AS`: live.moved_to) is
// left for that one.
// The watch and the reading come from the disk (platform/disk.hpp: inotify
// on the machine's, a fake in the tests), so the order of arming and reading
// is an ordinary unit test. Each reading goes on from the last (SaveReader):
// a save one answer longer costs that answer, not the whole game.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "coyel/result.hpp"
#include "coyel/save.hpp"
#include "disk.hpp"

namespace coyel::cli {

// Watches the save's folder for the save or its lock being written,
// replaced, created or removed (platform/disk.hpp).
using FileWatch = platform::FileWatch;

// That watch, on `disk`.
std::unique_ptr<FileWatch> watch_save(platform::Disk& disk, const std::string& save_path);

class SaveFollower {
  public:
    // The save's text.
    using Reader = std::function<Result<std::string>(const std::string&)>;
    using Watcher = std::function<std::unique_ptr<FileWatch>(const std::string& save_path)>;
    // How often a lost watch is tried again, while its folder is missing.
    static constexpr std::chrono::milliseconds rearm_every{200};

    // `first`: a reading already made (and checked) by the caller, or none.
    SaveFollower(std::string path, Watcher watcher, Reader read,
                 std::optional<SavedGame> first = std::nullopt);
    // The save on `disk`: its watch and its readings.
    SaveFollower(std::string path, platform::Disk& disk,
                 std::optional<SavedGame> first = std::nullopt);
    // Arms the watch, then reads: from now on no write is missed.
    void start();
    // After the watch's descriptor became readable, or `wait()` passed:
    // reads again if the save may have changed. True when it was read again.
    bool update();
    // The descriptor to wait on (-1: none), and how long to wait at most.
    int fd() const { return watch_->fd(); }
    std::optional<std::chrono::milliseconds> wait() const;

    const std::string& path() const { return path_; }
    // The last good reading (kept while the file is missing or half written).
    const std::optional<SavedGame>& saved() const { return reader_.saved(); }
    bool missing() const { return missing_; }

  private:
    // Reads the save at path_: whether it read (missing_ says if it is there).
    bool read();
    bool moved();

    std::string path_;
    Watcher watcher_;
    std::unique_ptr<FileWatch> watch_;
    Reader read_;
    SaveReader reader_;
    bool missing_ = false;
    platform::Disk* disk_;  // where a save that does not read is looked for
};

}  // namespace coyel::cli
