#include "save_follower.hpp"

#include "save_file.hpp"
#include "save_lock.hpp"

namespace coyel::cli {

std::unique_ptr<FileWatch> watch_save(platform::Disk& disk, const std::string& save_path) {
    return disk.watch(platform::folder_of(save_path),
                      {platform::name_of(save_path), platform::name_of(lock_path_of(save_path))});
}

SaveFollower::SaveFollower(std::string path, Watcher watcher, Reader read,
                           std::optional<SavedGame> first)
    : path_(std::move(path)),
      watcher_(std::move(watcher)),
      watch_(watcher_(path_)),
      read_(std::move(read)),
      reader_(std::move(first)),
      disk_(&platform::real_disk()) {}

SaveFollower::SaveFollower(std::string path, platform::Disk& disk, std::optional<SavedGame> first)
    : SaveFollower(
          std::move(path), [&disk](const std::string& save) { return watch_save(disk, save); },
          [&disk](const std::string& save) { return read_text_file(save, "save", disk); },
          std::move(first)) {
    disk_ = &disk;
}

void SaveFollower::start() {
    if (moved()) return;
    watch_->arm();
    read();
    moved();
}

bool SaveFollower::update() {
    bool changed = watch_->take_changes();
    // Lost with its folder: armed again once the folder is back, and read
    // then, since a save written before the watch was armed made no event.
    if (!watch_->armed() && watch_->arm()) changed = true;
    if (!changed) return false;
    read();
    moved();
    return true;
}

std::optional<std::chrono::milliseconds> SaveFollower::wait() const {
    if (watch_->armed()) return std::nullopt;
    return rearm_every;
}

bool SaveFollower::read() {
    auto text = read_(path_);
    const bool read = text && !reader_.read(std::move(*text), path_);
    missing_ = !read && !disk_->exists(path_);
    return read;
}

// Follows the game to the file it went on in, armed first there too; a
// chain of moves is followed (a loop would end at a file already left).
bool SaveFollower::moved() {
    bool switched = false;
    for (int hops = 0; hops < 8 && saved() && saved()->live; ++hops) {
        const std::string to = saved()->live->moved_to;
        if (to.empty() || to == path_) break;
        switched = true;
        path_ = to;
        watch_ = watcher_(path_);
        watch_->arm();
        if (!read()) break;  // the new file is looked for as any missing save
    }
    return switched;
}

}  // namespace coyel::cli
