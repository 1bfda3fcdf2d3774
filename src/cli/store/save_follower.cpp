#include "save_follower.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <filesystem>

#include "save_lock.hpp"

namespace coyel::cli {
namespace {

namespace fs = std::filesystem;

class InotifyWatch final : public FileWatch {
  public:
    explicit InotifyWatch(const std::string& save_path)
        : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)),
          folder_(fs::path(save_path).parent_path().string()),
          name_(fs::path(save_path).filename().string()),
          lock_name_(fs::path(lock_path_of(save_path)).filename().string()) {
        if (folder_.empty()) folder_ = ".";
    }
    InotifyWatch(const InotifyWatch&) = delete;
    InotifyWatch& operator=(const InotifyWatch&) = delete;
    ~InotifyWatch() override {
        if (fd_ >= 0) ::close(fd_);
    }

    bool arm() override {
        constexpr auto events = IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE |
                                IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF;
        if (fd_ < 0) return false;
        watch_ = ::inotify_add_watch(fd_, folder_.c_str(), events);
        return watch_ >= 0;
    }
    bool armed() const override { return watch_ >= 0; }
    int fd() const override { return fd_; }

    bool take_changes() override {
        alignas(inotify_event) char buffer[4096];
        bool named = false;
        for (;;) {
            const ssize_t n = fd_ < 0 ? -1 : ::read(fd_, buffer, sizeof buffer);
            if (n <= 0) return named;
            for (ssize_t at = 0; at < n;) {
                const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
                const std::string name = event->len ? event->name : "";
                // The folder itself gone: the watch with it, and the save.
                if (event->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) {
                    if (event->wd == watch_) lost();
                    named = true;
                }
                named = named || name == name_ || name == lock_name_ ||
                        (event->mask & IN_Q_OVERFLOW);  // events lost: look anyway
                at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
            }
        }
    }

  private:
    void lost() {
        if (watch_ >= 0) ::inotify_rm_watch(fd_, watch_);
        watch_ = -1;
    }

    int fd_;
    int watch_ = -1;
    std::string folder_, name_, lock_name_;
};

}  // namespace

std::unique_ptr<FileWatch> folder_watch(const std::string& save_path) {
    return std::make_unique<InotifyWatch>(save_path);
}

SaveFollower::SaveFollower(std::string path, Watcher watcher, Reader read,
                           std::optional<SavedGame> first)
    : path_(std::move(path)),
      watcher_(std::move(watcher)),
      watch_(watcher_(path_)),
      read_(std::move(read)),
      saved_(std::move(first)) {}

void SaveFollower::start() {
    if (moved()) return;
    watch_->arm();
    read();
}

bool SaveFollower::update() {
    bool changed = watch_->take_changes();
    // Lost with its folder: armed again once the folder is back, and read
    // then, since a save written before the watch was armed made no event.
    if (!watch_->armed() && watch_->arm()) changed = true;
    if (!changed) return false;
    read();
    return true;
}

std::optional<std::chrono::milliseconds> SaveFollower::wait() const {
    if (watch_->armed()) return std::nullopt;
    return rearm_every;
}

void SaveFollower::read() {
    auto read = read_(path_);
    std::error_code error;
    missing_ = !read && !fs::exists(path_, error);
    if (read) saved_.emplace(std::move(*read));
    moved();
}

// Follows the game to the file it went on in, armed first there too; a
// chain of moves is followed (a loop would end at a file already left).
bool SaveFollower::moved() {
    bool switched = false;
    for (int hops = 0; hops < 8 && saved_ && saved_->live; ++hops) {
        const std::string to = saved_->live->moved_to;
        if (to.empty() || to == path_) break;
        switched = true;
        path_ = to;
        watch_ = watcher_(path_);
        watch_->arm();
        auto read = read_(path_);
        std::error_code error;
        missing_ = !read && !fs::exists(path_, error);
        if (!read) break;  // the new file is looked for as any missing save
        saved_.emplace(std::move(*read));
    }
    return switched;
}

}  // namespace coyel::cli
