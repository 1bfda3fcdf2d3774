// One coyel per save file. Two processes writing the same save would each
// overwrite the other's answers, so a session holds an advisory lock on a
// small file beside the save (".NAME.lock") while it runs. The kernel drops
// the lock when a process dies, so a crash leaves nothing that blocks.
// The lock goes through the disk (platform/disk.hpp), the machine's by default.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "coyel/result.hpp"
#include "disk.hpp"

namespace coyel::cli {

class SaveLock {
  public:
    // Takes the lock of `save_path`, or says which process holds it. A folder
    // where no lock file can be made (read-only, say) gives a lock that holds
    // nothing: the saves will say what is wrong. The refusal advises only to
    // leave the other coyel: a caller that can take another name says so.
    static Result<SaveLock> take(const std::string& save_path,
                                 platform::Disk& disk = platform::real_disk());
    // Makes sure the lock still guards the save, before each write: a lock
    // file removed with its folder guards nothing, and a second coyel could
    // take the save. Taken again, or refused (take's refusal) if one has:
    // then the save must not be written.
    Refusal keep();

  private:
    SaveLock(std::unique_ptr<platform::FileLock> lock, std::string save_path, platform::Disk& disk)
        : lock_(std::move(lock)), save_path_(std::move(save_path)), disk_(&disk) {}

    std::unique_ptr<platform::FileLock> lock_;  // none: nowhere to lock
    std::string save_path_;
    platform::Disk* disk_;
};

// Whether a coyel is playing the save now: its lock is held. Only reads, so
// it never stands in the way of a `resume`.
bool in_play(const std::string& save_path, platform::Disk& disk = platform::real_disk());
// The process playing the save now, as its lock file names it ("" when it
// names none), or nullopt when no coyel plays it.
std::optional<std::string> played_by(const std::string& save_path,
                                     platform::Disk& disk = platform::real_disk());

// ".NAME.lock" in the save's folder.
std::string lock_path_of(const std::string& save_path);

}  // namespace coyel::cli
