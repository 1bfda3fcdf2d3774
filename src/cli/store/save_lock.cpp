#include "save_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <csignal>
#include <utility>

#include "coyel/text.hpp"

namespace coyel::cli {
namespace {

// The process id the holder wrote in the lock file, or "" if none can be read.
std::string holder_of(int fd) {
    char text[32] = {};
    const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
    if (n <= 0) return "";
    std::string pid{trim(std::string_view(text, static_cast<std::size_t>(n)))};
    return is_all_digits(pid) ? pid : "";
}

// True when `fd` is still the file at `path`: a holder that left unlinked
// it, and a lock on an unlinked file guards nothing.
bool still_linked(int fd, const std::string& path) {
    struct stat open_file {
    }, named_file{};
    return ::fstat(fd, &open_file) == 0 && ::stat(path.c_str(), &named_file) == 0 &&
           open_file.st_ino == named_file.st_ino && open_file.st_dev == named_file.st_dev;
}

}  // namespace

std::string lock_path_of(const std::string& save_path) {
    const auto slash = save_path.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : save_path.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? save_path : save_path.substr(slash + 1);
    return folder + "." + name + ".lock";
}

bool in_play(const std::string& save_path) { return played_by(save_path).has_value(); }

std::optional<std::string> played_by(const std::string& save_path) {
    const int fd = ::open(lock_path_of(save_path).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;  // no lock file: released, or never taken
    // The lock itself, not the pid written in it: a killed coyel's lock is
    // free again, whatever process now has its pid.
    const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    std::optional<std::string> holder;
    if (held) holder = holder_of(fd);
    ::close(fd);
    return holder;
}

Result<SaveLock> SaveLock::take(const std::string& save_path) {
    const std::string path = lock_path_of(save_path);
    for (;;) {
        const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0)
            return SaveLock(-1, path, save_path);  // nowhere to lock: the saves will say why
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            const std::string holder = holder_of(fd);
            ::close(fd);
            return reasoned(
                fmt::format("{} is in play in another coyel ({}): leave that one first", save_path,
                            holder.empty() ? "a process" : "process " + holder),
                ErrorCode::invalid, "in_play_elsewhere",
                {{"path", save_path}, {"pid", holder.empty() ? "none" : holder}});
        }
        if (!still_linked(fd, path)) {  // its holder let go between our open and lock
            ::close(fd);
            continue;
        }
        const std::string pid = fmt::format("{}\n", ::getpid());
        if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, pid.data(), pid.size(), 0);
        return SaveLock(fd, path, save_path);
    }
}

Refusal SaveLock::keep() {
    if (fd_ >= 0 && still_linked(fd_, path_)) return std::nullopt;
    auto again = take(save_path_);
    if (!again) return again.failure();
    if (fd_ >= 0) ::close(fd_);  // not unlinked: the name is the new lock's now
    fd_ = std::exchange(again->fd_, -1);
    return std::nullopt;
}

SaveLock::SaveLock(SaveLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      save_path_(std::move(other.save_path_)) {}

SaveLock& SaveLock::operator=(SaveLock&& other) noexcept {
    if (this != &other) {
        release();
        fd_ = std::exchange(other.fd_, -1);
        path_ = std::move(other.path_);
        save_path_ = std::move(other.save_path_);
    }
    return *this;
}

SaveLock::~SaveLock() { release(); }

// Unlinked while still held, so that no other process can lock the old file
// after we let go and think it holds the save.
void SaveLock::release() {
    if (fd_ < 0) return;
    ::unlink(path_.c_str());
    ::close(fd_);
    fd_ = -1;
}

}  // namespace coyel::cli
