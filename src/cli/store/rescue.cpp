#include "rescue.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "save_lock.hpp"
#include "saved_games.hpp"

namespace coyel::cli {
namespace {

// "g" for ".../g.json", "notes.txt" for ".../notes.txt".
std::string stem_of(const std::string& save_path) {
    const auto slash = save_path.rfind('/');
    std::string name = slash == std::string::npos ? save_path : save_path.substr(slash + 1);
    const std::string extension = ".json";
    if (name.size() > extension.size() &&
        name.compare(name.size() - extension.size(), extension.size(), extension) == 0)
        name.resize(name.size() - extension.size());
    return name;
}

// The `copy`th name of a rescue copy of `save_path` in `folder`.
std::string rescue_name(const std::string& folder, const std::string& save_path, int copy) {
    const std::string base = folder + "/" + stem_of(save_path) + "-rescued";
    return copy == 1 ? base + ".json" : fmt::format("{}-{}.json", base, copy);
}

}  // namespace

std::vector<RescueFolder> rescue_folders(platform::Disk& disk) {
    std::vector<RescueFolder> folders;
    if (auto games = make_games_folder(disk)) folders.push_back({*games, false});
    const char* temporary = std::getenv("TMPDIR");
    folders.push_back({temporary && temporary[0] == '/' ? temporary : "/tmp", true});
    return folders;
}

std::string rescue_path(const std::string& folder, const std::string& save_path,
                        platform::Disk& disk) {
    std::string path;
    for (int copy = 1; path.empty() || disk.exists(path); ++copy)
        path = rescue_name(folder, save_path, copy);
    return path;
}

Rescue write_rescue(const std::vector<RescueFolder>& folders, const std::string& save_path,
                    const RescueWriter& write, platform::Disk& disk) {
    Rescue rescue;
    for (const auto& folder : folders) {
        // Held while written, so that no other coyel takes the same name at
        // the same moment; a name another one holds is passed over.
        std::string path;
        std::optional<SaveLock> lock;
        for (int copy = 1; !lock; ++copy) {
            path = rescue_name(folder.path, save_path, copy);
            if (disk.exists(path)) continue;
            auto taken = SaveLock::take(path, disk);
            if (taken && !disk.exists(path)) lock = std::move(*taken);
        }
        if (auto failure = write(path)) {
            rescue.failures.push_back(*failure);
            continue;
        }
        rescue.path = path;
        rescue.temporary = folder.temporary;
        return rescue;
    }
    return rescue;
}

}  // namespace coyel::cli
