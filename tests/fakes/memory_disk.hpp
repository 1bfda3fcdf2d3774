// The one disk (src/platform/disk.hpp), in memory: files and folders in
// maps, locks held by this process or, on demand, by another one, and the
// faults a moderator's laptop meets made to order: a full disk, a rename
// refused, a device or a folder where a save was expected. The store's rules
// (never over a foreign file, nothing lost on a full disk, one coyel per
// save) run on it without a file system, and each run is the same.
//
// Paths are taken as written: "games/a.json" lies in the folder "games",
// "a.json" in "" (the current folder, which always exists). Only full_path
// knows where the current folder is (work_in; nowhere said, the paths as
// written).
#pragma once

#include <algorithm>
#include <cerrno>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "disk.hpp"

namespace coyel::test {

class MemoryDisk : public platform::Disk {
  public:
    // The process id this disk's locks write, and another coyel's.
    static constexpr const char* own_pid = "1000";

    // --- The disk as the test sets it up ---
    void put(const std::string& path, std::string text) {
        std::lock_guard lock(mutex_);
        make_folders_locked(folder_of(path));
        files_[path] = File{std::move(text), ++tick_, ++identities_, false};
        changed(path);
    }
    void add_folder(const std::string& folder) {
        std::lock_guard lock(mutex_);
        make_folders_locked(folder);
    }
    // Something neither a file nor a folder (a device, a socket).
    void put_device(const std::string& path) {
        std::lock_guard lock(mutex_);
        make_folders_locked(folder_of(path));
        files_[path] = File{"", ++tick_, ++identities_, true};
    }
    void remove(const std::string& path) {
        std::lock_guard lock(mutex_);
        files_.erase(path);
        changed(path);
    }
    // The folder and all it holds, as when a USB stick is pulled.
    void remove_folder(const std::string& folder) {
        std::lock_guard lock(mutex_);
        std::erase_if(files_, [&](const auto& file) { return within(file.first, folder); });
        std::erase_if(folders_,
                      [&](const auto& path) { return path == folder || within(path, folder); });
        for (const auto& watch : watches_)
            if (watch->folder == folder || within(watch->folder, folder)) watch->lost = true;
    }
    // Writes to files in `folder` fail as on a full disk; the files stay as they were.
    void fill(const std::string& folder) {
        std::lock_guard lock(mutex_);
        full_.insert(folder);
    }
    void empty(const std::string& folder) {
        std::lock_guard lock(mutex_);
        full_.erase(folder);
    }
    // Renaming a temporary file over `path` fails with `error`.
    void refuse_rename(const std::string& path, int error = EACCES) {
        std::lock_guard lock(mutex_);
        refused_renames_[path] = error;
    }
    // Another coyel, process `pid`, holds the lock file `lock_path` ("":
    // one that wrote no id).
    void hold_elsewhere(const std::string& lock_path, std::string pid) {
        std::lock_guard lock(mutex_);
        make_folders_locked(folder_of(lock_path));
        files_[lock_path] = File{pid + "\n", ++tick_, ++identities_, false};
        held_[lock_path] = {files_[lock_path].identity, std::move(pid)};
    }
    // The current folder's full path, as full_path gives it.
    void work_in(std::string folder) {
        std::lock_guard lock(mutex_);
        working_folder_ = std::move(folder);
    }
    void release_elsewhere(const std::string& lock_path) {
        std::lock_guard lock(mutex_);
        held_.erase(lock_path);
        files_.erase(lock_path);
    }

    // --- What the test reads back ---
    std::optional<std::string> text_of(const std::string& path) const {
        std::lock_guard lock(mutex_);
        const auto file = files_.find(path);
        if (file == files_.end() || file->second.device) return std::nullopt;
        return file->second.text;
    }
    std::vector<std::string> paths() const {
        std::lock_guard lock(mutex_);
        std::vector<std::string> all;
        for (const auto& file : files_) all.push_back(file.first);
        return all;
    }
    std::size_t writes() const {
        std::lock_guard lock(mutex_);
        return writes_;
    }

    // --- platform::Disk ---
    platform::FileInfo info(const std::string& path) override {
        std::lock_guard lock(mutex_);
        platform::FileInfo info;
        if (folder_exists(path)) {
            info.kind = platform::FileInfo::Kind::folder;
            info.identity = std::hash<std::string>{}(path == "." ? "" : path);
            return info;
        }
        const auto file = files_.find(path);
        if (file == files_.end()) {
            info.error = ENOENT;
            return info;
        }
        info.kind =
            file->second.device ? platform::FileInfo::Kind::other : platform::FileInfo::Kind::file;
        info.size = file->second.text.size();
        info.modified_ns = file->second.modified * 1'000'000'000;  // a second a write
        info.identity = file->second.identity;
        return info;
    }

    platform::FileText read(const std::string& path) override {
        std::lock_guard lock(mutex_);
        if (folder_exists(path)) return {std::nullopt, EISDIR};
        const auto file = files_.find(path);
        if (file == files_.end()) return {std::nullopt, ENOENT};
        return {file->second.text, 0};
    }

    std::optional<platform::WriteFailure> write_atomically(const std::string& path,
                                                           std::string_view text) override {
        std::lock_guard lock(mutex_);
        const std::string folder = folder_of(path);
        const std::string temporary = path + ".tmp";
        if (!folder_exists(folder)) return platform::WriteFailure{"write", temporary, ENOENT};
        if (full_.count(folder)) return platform::WriteFailure{"write", temporary, ENOSPC};
        if (folder_exists(path)) return platform::WriteFailure{"replace", path, EISDIR};
        if (const auto refused = refused_renames_.find(path); refused != refused_renames_.end())
            return platform::WriteFailure{"replace", path, refused->second};
        files_[path] = File{std::string{text}, ++tick_, ++identities_, false};
        ++writes_;
        changed(path);
        return std::nullopt;
    }

    int make_folders(const std::string& folder) override {
        std::lock_guard lock(mutex_);
        for (std::string at = folder; !at.empty(); at = folder_of(at))
            if (files_.count(at)) return ENOTDIR;
        make_folders_locked(folder);
        return 0;
    }

    platform::Listing list(const std::string& folder) override {
        std::lock_guard lock(mutex_);
        if (files_.count(folder)) return {{}, ENOTDIR};
        if (!folder_exists(folder)) return {{}, ENOENT};
        platform::Listing listing;
        for (const auto& file : files_)
            if (folder_of(file.first) == folder)
                listing.entries.push_back({name_of(file.first), false});
        for (const auto& path : folders_)
            if (path != folder && folder_of(path) == folder)
                listing.entries.push_back({name_of(path), true});
        return listing;
    }

    platform::LockAttempt lock(const std::string& lock_path) override {
        std::lock_guard lock(mutex_);
        if (const Holder* holder = holder_of(lock_path)) return {nullptr, holder->pid};
        if (!folder_exists(folder_of(lock_path)) || full_.count(folder_of(lock_path)))
            return {};  // no lock file can be made there
        files_[lock_path] = File{std::string{own_pid} + "\n", ++tick_, ++identities_, false};
        const auto identity = files_[lock_path].identity;
        held_[lock_path] = {identity, own_pid};
        changed(lock_path);
        return {std::make_unique<Lock>(*this, lock_path, identity), std::nullopt};
    }

    std::optional<std::string> lock_holder(const std::string& lock_path) override {
        std::lock_guard lock(mutex_);
        if (const Holder* holder = holder_of(lock_path)) return holder->pid;
        return std::nullopt;
    }

    std::unique_ptr<platform::FileWatch> watch(const std::string& folder,
                                               std::vector<std::string> names) override {
        auto watch = std::make_unique<Watch>(*this, folder == "." ? "" : folder, std::move(names));
        std::lock_guard lock(mutex_);
        watches_.push_back(watch->state);
        return watch;
    }

    std::string full_path(const std::string& path) override {
        std::lock_guard lock(mutex_);
        if (working_folder_.empty() || path.starts_with('/')) return path;
        return working_folder_ + "/" + path;
    }

    platform::AppendStart start_appending(const std::string& path) override {
        std::lock_guard lock(mutex_);
        if (!folder_exists(folder_of(path))) return {nullptr, ENOENT};
        if (folder_exists(path)) return {nullptr, EISDIR};
        files_[path] = File{"", ++tick_, ++identities_, false};
        changed(path);
        return {std::make_unique<Appended>(*this, path, identities_), 0};
    }

    platform::AppendStart keep_appending(const std::string& path) override {
        std::lock_guard lock(mutex_);
        if (!folder_exists(folder_of(path))) return {nullptr, ENOENT};
        if (folder_exists(path)) return {nullptr, EISDIR};
        if (!files_.count(path)) {
            files_[path] = File{"", ++tick_, ++identities_, false};
            changed(path);
        }
        return {std::make_unique<Appended>(*this, path, files_[path].identity), 0};
    }

  private:
    struct File {
        std::string text;
        std::int64_t modified = 0;
        std::uint64_t identity = 0;
        bool device = false;
    };
    struct Holder {
        std::uint64_t identity = 0;  // of the lock file it holds
        std::string pid;
    };
    struct WatchState {
        std::string folder;
        std::vector<std::string> names;
        bool armed = false;
        bool lost = false;
        bool pending = false;
    };

    class Lock final : public platform::FileLock {
      public:
        Lock(MemoryDisk& disk, std::string path, std::uint64_t identity)
            : disk_(disk), path_(std::move(path)), identity_(identity) {}
        ~Lock() override {
            std::lock_guard lock(disk_.mutex_);
            const auto held = disk_.held_.find(path_);
            if (held != disk_.held_.end() && held->second.identity == identity_)
                disk_.held_.erase(held);
            const auto file = disk_.files_.find(path_);
            if (file != disk_.files_.end() && file->second.identity == identity_) {
                disk_.files_.erase(file);
                disk_.changed(path_);
            }
        }
        bool guards() const override {
            std::lock_guard lock(disk_.mutex_);
            const auto file = disk_.files_.find(path_);
            return file != disk_.files_.end() && file->second.identity == identity_;
        }

      private:
        MemoryDisk& disk_;
        std::string path_;
        std::uint64_t identity_;
    };

    class Watch final : public platform::FileWatch {
      public:
        Watch(MemoryDisk& disk, std::string folder, std::vector<std::string> names)
            : disk_(disk),
              state(std::make_shared<WatchState>(WatchState{std::move(folder), std::move(names)})) {
        }
        ~Watch() override {
            std::lock_guard lock(disk_.mutex_);
            std::erase(disk_.watches_, state);
        }
        bool arm() override {
            std::lock_guard lock(disk_.mutex_);
            state->armed = disk_.folder_exists(state->folder);
            state->lost = false;
            return state->armed;
        }
        bool armed() const override {
            std::lock_guard lock(disk_.mutex_);
            return state->armed;
        }
        int fd() const override { return -1; }
        bool take_changes() override {
            std::lock_guard lock(disk_.mutex_);
            bool changes = std::exchange(state->pending, false);
            if (state->lost && state->armed) {
                state->armed = false;
                changes = true;
            }
            return changes;
        }

        MemoryDisk& disk_;
        std::shared_ptr<WatchState> state;
    };

    // Appends to the file it made while that file is still there; a file
    // removed since takes the writes nowhere, as an unlinked file would.
    class Appended final : public platform::AppendFile {
      public:
        Appended(MemoryDisk& disk, std::string path, std::uint64_t identity)
            : disk_(disk), path_(std::move(path)), identity_(identity) {}
        int append(std::string_view text) override {
            std::lock_guard lock(disk_.mutex_);
            if (disk_.full_.count(folder_of(path_))) return ENOSPC;
            const auto file = disk_.files_.find(path_);
            if (file == disk_.files_.end() || file->second.identity != identity_) return 0;
            file->second.text += text;
            file->second.modified = ++disk_.tick_;
            disk_.changed(path_);
            return 0;
        }

      private:
        MemoryDisk& disk_;
        std::string path_;
        std::uint64_t identity_;
    };

    static std::string folder_of(const std::string& path) {
        const auto slash = path.rfind('/');
        return slash == std::string::npos ? "" : path.substr(0, slash);
    }
    static std::string name_of(const std::string& path) {
        const auto slash = path.rfind('/');
        return slash == std::string::npos ? path : path.substr(slash + 1);
    }
    static bool within(const std::string& path, const std::string& folder) {
        return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
               path[folder.size()] == '/';
    }
    bool folder_exists(const std::string& folder) const {
        return folder.empty() || folder == "." || folders_.count(folder) > 0;
    }
    void make_folders_locked(const std::string& folder) {
        for (std::string at = folder; !at.empty() && at != "."; at = folder_of(at))
            folders_.insert(at);
    }
    // Who holds the lock file at `lock_path`: a lock on a file since removed
    // (with its folder, say) holds nothing there.
    const Holder* holder_of(const std::string& lock_path) const {
        const auto held = held_.find(lock_path);
        const auto file = files_.find(lock_path);
        if (held == held_.end() || file == files_.end()) return nullptr;
        return held->second.identity == file->second.identity ? &held->second : nullptr;
    }
    // Tells the armed watches of the path's folder that watch its name.
    void changed(const std::string& path) {
        for (const auto& watch : watches_)
            if (watch->armed && watch->folder == folder_of(path) &&
                std::find(watch->names.begin(), watch->names.end(), name_of(path)) !=
                    watch->names.end())
                watch->pending = true;
    }

    mutable std::mutex mutex_;
    std::map<std::string, File> files_;
    std::set<std::string> folders_;
    std::set<std::string> full_;
    std::map<std::string, int> refused_renames_;
    std::map<std::string, Holder> held_;
    std::string working_folder_;
    std::vector<std::shared_ptr<WatchState>> watches_;
    std::int64_t tick_ = 0;
    std::uint64_t identities_ = 0;
    std::size_t writes_ = 0;
};

}  // namespace coyel::test
