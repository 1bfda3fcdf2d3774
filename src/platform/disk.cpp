// The machine's file system behind platform::Disk.
#include "disk.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

namespace coyel::platform {

std::string folder_of(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string name_of(const std::string& path) { return path.substr(path.rfind('/') + 1); }

namespace {

FileInfo info_of(const struct stat& status) {
    FileInfo info;
    info.kind = S_ISREG(status.st_mode)   ? FileInfo::Kind::file
                : S_ISDIR(status.st_mode) ? FileInfo::Kind::folder
                                          : FileInfo::Kind::other;
    info.size = static_cast<std::uint64_t>(status.st_size);
    info.modified_ns =
        static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec;
    info.identity = static_cast<std::uint64_t>(status.st_ino) ^
                    (static_cast<std::uint64_t>(status.st_dev) << 40);
    return info;
}

// The process id the holder wrote in the lock file, or "" if none can be read.
std::string holder_of(int fd) {
    char text[32] = {};
    const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
    if (n <= 0) return "";
    std::string pid(text, static_cast<std::size_t>(n));
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    const bool digits = !pid.empty() && std::all_of(pid.begin(), pid.end(),
                                                    [](char c) { return c >= '0' && c <= '9'; });
    return digits ? pid : "";
}

// True when `fd` is still the file at `path`: a holder that left unlinked
// it, and a lock on an unlinked file guards nothing.
bool still_linked(int fd, const std::string& path) {
    struct stat open_file {
    }, named_file{};
    return ::fstat(fd, &open_file) == 0 && ::stat(path.c_str(), &named_file) == 0 &&
           open_file.st_ino == named_file.st_ino && open_file.st_dev == named_file.st_dev;
}

class Flock final : public FileLock {
  public:
    Flock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
    Flock(const Flock&) = delete;
    Flock& operator=(const Flock&) = delete;
    // Unlinked while still held, so that no other process can lock the old
    // file after we let go and think it holds the save; but not when the name
    // is another lock's now.
    ~Flock() override {
        if (still_linked(fd_, path_)) ::unlink(path_.c_str());
        ::close(fd_);
    }
    bool guards() const override { return still_linked(fd_, path_); }

  private:
    int fd_;
    std::string path_;
};

class InotifyWatch final : public FileWatch {
  public:
    InotifyWatch(std::string folder, std::vector<std::string> names)
        : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)),
          folder_(std::move(folder)),
          names_(std::move(names)) {}
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
                // The folder itself gone: the watch with it, and the files.
                if (event->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) {
                    if (event->wd == watch_) lost();
                    named = true;
                }
                named = named || std::find(names_.begin(), names_.end(), name) != names_.end() ||
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
    std::string folder_;
    std::vector<std::string> names_;
};

class AppendedFd final : public AppendFile {
  public:
    explicit AppendedFd(int fd) : fd_(fd) {}
    AppendedFd(const AppendedFd&) = delete;
    AppendedFd& operator=(const AppendedFd&) = delete;
    ~AppendedFd() override { ::close(fd_); }
    int append(std::string_view text) override {
        for (std::size_t written = 0; written < text.size();) {
            const ssize_t n = ::write(fd_, text.data() + written, text.size() - written);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return errno;
            written += static_cast<std::size_t>(n);
        }
        return 0;
    }

  private:
    int fd_;
};

class RealDisk final : public Disk {
  public:
    FileInfo info(const std::string& path) override {
        struct stat status {};
        if (::stat(path.c_str(), &status) != 0) return FileInfo{.error = errno};
        return info_of(status);
    }

    FileText read(const std::string& path) override {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return {std::nullopt, errno};
        std::string text;
        char buffer[65536];
        for (;;) {
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                const int error = errno;
                ::close(fd);
                return {std::nullopt, error};
            }
            if (n == 0) break;
            text.append(buffer, static_cast<std::size_t>(n));
        }
        ::close(fd);
        return {std::move(text), 0};
    }

    std::optional<WriteFailure> write_atomically(const std::string& path,
                                                 std::string_view text) override;

    int make_folders(const std::string& folder) override {
        std::error_code error;
        std::filesystem::create_directories(folder, error);
        return error.value();
    }

    Listing list(const std::string& folder) override {
        Listing listing;
        DIR* dir = ::opendir(folder.c_str());
        if (!dir) return Listing{{}, errno};
        while (const dirent* entry = ::readdir(dir)) {
            const std::string name = entry->d_name;
            if (name == "." || name == "..") continue;
            struct stat status {};
            const bool folder_entry =
                ::stat((folder + "/" + name).c_str(), &status) == 0 && S_ISDIR(status.st_mode);
            listing.entries.push_back({name, folder_entry});
        }
        ::closedir(dir);
        return listing;
    }

    LockAttempt lock(const std::string& lock_path) override;

    std::optional<std::string> lock_holder(const std::string& lock_path) override {
        const int fd = ::open(lock_path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return std::nullopt;  // no lock file: released, or never taken
        // The lock itself, not the pid written in it: a killed coyel's lock is
        // free again, whatever process now has its pid.
        const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
        std::optional<std::string> holder;
        if (held) holder = holder_of(fd);
        ::close(fd);
        return holder;
    }

    std::unique_ptr<FileWatch> watch(const std::string& folder,
                                     std::vector<std::string> names) override {
        return std::make_unique<InotifyWatch>(folder, std::move(names));
    }

    std::string full_path(const std::string& path) override {
        std::error_code error;
        auto full = std::filesystem::weakly_canonical(path, error);
        if (error) full = std::filesystem::absolute(path, error);
        return error ? path : full.string();
    }

    AppendStart start_appending(const std::string& path) override {
        return open_appended(path, O_TRUNC);
    }
    AppendStart keep_appending(const std::string& path) override { return open_appended(path, 0); }

  private:
    static AppendStart open_appended(const std::string& path, int truncate) {
        const int fd =
            ::open(path.c_str(), O_WRONLY | O_CREAT | truncate | O_APPEND | O_CLOEXEC, 0644);
        if (fd < 0) return {nullptr, errno};
        return {std::make_unique<AppendedFd>(fd), 0};
    }
};

std::optional<WriteFailure> RealDisk::write_atomically(const std::string& path,
                                                       std::string_view text) {
    // One fixed name: a temporary file left by a kill is replaced next time.
    const std::string temporary = path + ".tmp";
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return WriteFailure{"write", temporary, errno};
    auto fail = [&](std::string step, bool open) {
        WriteFailure why{std::move(step), temporary, errno};
        if (open) ::close(fd);
        ::unlink(temporary.c_str());
        return why;
    };
    for (std::size_t written = 0; written < text.size();) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("write", true);
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) return fail("sync", true);
    if (::close(fd) != 0) return fail("close", false);
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        WriteFailure why{"replace", path, errno};
        ::unlink(temporary.c_str());
        return why;
    }
    // The rename is durable only once the folder itself is on disk.
    const int folder = ::open(folder_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder >= 0) {
        ::fsync(folder);
        ::close(folder);
    }
    return std::nullopt;
}

LockAttempt RealDisk::lock(const std::string& lock_path) {
    for (;;) {
        const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) return {};  // nowhere to lock
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            LockAttempt held{nullptr, holder_of(fd)};
            ::close(fd);
            return held;
        }
        if (!still_linked(fd, lock_path)) {  // its holder let go between our open and lock
            ::close(fd);
            continue;
        }
        const std::string pid = std::to_string(::getpid()) + "\n";
        if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, pid.data(), pid.size(), 0);
        return {std::make_unique<Flock>(fd, lock_path), std::nullopt};
    }
}

}  // namespace

Disk& real_disk() {
    static RealDisk disk;
    return disk;
}

}  // namespace coyel::platform
