#include "save_lock.hpp"

#include <fmt/format.h>

#include <utility>

namespace coyel::cli {

std::string lock_path_of(const std::string& save_path) {
    const auto slash = save_path.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : save_path.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? save_path : save_path.substr(slash + 1);
    return folder + "." + name + ".lock";
}

bool in_play(const std::string& save_path, platform::Disk& disk) {
    return played_by(save_path, disk).has_value();
}

std::optional<std::string> played_by(const std::string& save_path, platform::Disk& disk) {
    return disk.lock_holder(lock_path_of(save_path));
}

Result<SaveLock> SaveLock::take(const std::string& save_path, platform::Disk& disk) {
    auto attempt = disk.lock(lock_path_of(save_path));
    if (attempt.held_by) {
        const std::string& holder = *attempt.held_by;
        return reasoned(fmt::format("{} is in play in another coyel ({}): leave that one first",
                                    save_path, holder.empty() ? "a process" : "process " + holder),
                        ErrorCode::invalid, "in_play_elsewhere",
                        {{"path", save_path}, {"pid", holder.empty() ? "none" : holder}});
    }
    // No lock file could be made: the saves will say why.
    return SaveLock(std::move(attempt.lock), save_path, disk);
}

Refusal SaveLock::keep() {
    if (lock_ && lock_->guards()) return std::nullopt;
    auto again = take(save_path_, *disk_);
    if (!again) return again.failure();
    lock_ = std::move(again->lock_);  // the old one lets go, leaving the name to the new one
    return std::nullopt;
}

}  // namespace coyel::cli
